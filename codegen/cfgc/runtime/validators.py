"""The declarative validator library named in the schema (`validate: [lower, ...]`).

Each function is a before-mode normaliser: it returns the value changed, or as it
came when it does not apply (e.g. non-strings pass through `lower`), so pydantic's
own type checks still run afterwards.
"""

from __future__ import annotations

import enum
import re
from typing import Annotated, Any

from pydantic import BeforeValidator


def lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def upper(value: Any) -> Any:
    return value.upper() if isinstance(value, str) else value


def strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


def dash_to_underscore(value: Any) -> Any:
    return value.replace("-", "_") if isinstance(value, str) else value


def auto_to_none(value: Any) -> Any:
    return None if isinstance(value, str) and value.lower() == "auto" else value


def enum_by_name(value: Any, enum_cls: type[enum.Enum]) -> Any:
    """'flash_attn' -> Enum.FLASH_ATTN; the error lists the valid names. A mapping's
    values are read the same way (a field of type dict[str, Enum])."""
    if isinstance(value, dict):
        return {key: enum_by_name(item, enum_cls) for key, item in value.items()}
    if isinstance(value, bool):  # True == 1 would pick an IntEnum member
        raise ValueError(f"expected a {enum_cls.__name__} name, not {value}")
    if isinstance(value, enum.Enum) and type(value) is not enum_cls \
            and type(value).__name__ == enum_cls.__name__:
        value = value.name  # a member of the engine's own enum of that name
    if not isinstance(value, str):
        return value
    try:
        return enum_cls[value.upper()]
    except KeyError:
        by_value = {member.value: member for member in enum_cls if member.value}
        if value in by_value:  # a dumped member (e.g. from model_dump) reads back too
            return by_value[value]
        names = ", ".join(enum_cls.__members__)
        raise ValueError(f"invalid {enum_cls.__name__} name {value!r}; valid: {names}") from None


def comma_list(value: Any) -> Any:
    """'a, b,c' -> ['a', 'b', 'c']; lists pass through."""
    if isinstance(value, str):
        return [item.strip() for item in value.split(",") if item.strip()]
    return value


def dict_to_class(value: Any, cls: type) -> Any:
    return cls(**value) if isinstance(value, dict) else value


def shorthand(value: Any, mapping: dict[Any, Any]) -> Any:
    """Replace a short spelling by its full value (e.g. 'O3' -> 3)."""
    try:
        return mapping.get(value, value)
    except TypeError:  # unhashable input: not a shorthand
        return value


def reject(value: Any, values: tuple[Any, ...], message: str) -> Any:
    """Fail with `message` for a value that was removed from the engine."""
    try:
        removed = value in values
    except TypeError:
        return value
    if removed:
        raise ValueError(message.format(value=value))
    return value


def deprecated_value(value: Any, mapping: dict[Any, Any], qualname: str,
                     notes: dict[Any, str]) -> Any:
    """A value kept for compatibility: warn once, then read it as its replacement."""
    try:
        if value not in mapping:
            return value
    except TypeError:  # unhashable input: not one of the deprecated values
        return value
    from .deprecation import warn_deprecated

    new = mapping[value]
    warn_deprecated(f"{qualname}={value!r}", notes.get(value) or f"{value!r} is deprecated",
                    f"{new!r}")
    return new


def strict_int(value: Any) -> Any:
    """What vLLM's int fields mean: no bools, no "1_0" or non-ASCII digits, int64 range."""
    if isinstance(value, bool) or (isinstance(value, str) and not re.fullmatch(
            r"\s*[+-]?[0-9]+\s*", value)):
        raise ValueError(f"expected an integer, not {value!r}")
    if isinstance(value, int) and not -(2**63) <= value < 2**63:
        raise ValueError("integer does not fit in 64 bits (signed)")
    return value


Int = Annotated[int, BeforeValidator(strict_int)]
