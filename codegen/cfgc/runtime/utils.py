"""Helpers for config dataclasses, under the names vLLM 0.25.1 keeps in
`vllm.config.utils` (re-exported as `vllm_config.utils`).

Three groups:

* building and copying configs: `config` (the decorator), `get_field`, `is_init_field`,
  `replace`, `update_config`, `getattr_iter`, `get_attr_docs`, `Range`;
* hashing arbitrary dataclasses the way vLLM's own helpers do: `normalize_value` turns
  a value into a JSON-friendly canonical form, `get_hash_factors` does that for every
  field of a dataclass, `hash_factors` is the SHA-256 of the sorted JSON text (so the
  same factors give the same hex digest as vLLM's function), `compute_hash_cached`
  remembers `compute_hash()` per object;
* deprecated settings: `handle_deprecated` and the `*_from_deprecated_env_if_set` pair,
  warning through runtime.deprecation (once per process).

The generated classes hash with their own type-directed encoding (runtime.hashing);
these functions are for code written against vLLM's helpers. Nothing here imports
torch: a torch.dtype is recognised by its type's name.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import hashlib
import inspect
import json
import logging
import os
import pathlib
import textwrap
from collections.abc import Callable, Mapping, Sequence, Set
from itertools import pairwise
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import ConfigDict
from pydantic.dataclasses import dataclass as _pydantic_dataclass
from pydantic.fields import FieldInfo

from .deprecation import warn_deprecated
from .engine_values import is_torch_dtype

__all__ = [
    "ConfigT", "ConfigType", "Range", "SupportsHash", "SupportsMetricsInfo",
    "compute_hash_cached", "config", "get_attr_docs", "get_field",
    "get_from_deprecated_env_if_set", "get_hash_factors", "getattr_iter",
    "handle_deprecated", "hash_factors", "is_init_field", "normalize_value", "replace",
    "set_from_deprecated_env_if_set", "update_config",
]

_log = logging.getLogger("vllm_config.utils")
_said: set[str] = set()


def _warn_once(message: str) -> None:
    if message not in _said:
        _said.add(message)
        _log.warning(message)


ConfigType = type[Any]
"""The type of a config class (any dataclass type)."""

ConfigT = TypeVar("ConfigT")


# -- building and copying configs -------------------------------------------------------


def config(cls: type[ConfigT] | None = None, *, config: ConfigDict | None = None,
           **kwargs: Any) -> Any:
    """Make `cls` a pydantic dataclass that refuses unknown keyword arguments.

    Use as `@config` or `@config(config=ConfigDict(...), frozen=True, ...)`: a given
    ConfigDict is laid over the default (`extra="forbid"`) and the other keywords go to
    `pydantic.dataclasses.dataclass`.
    """
    settings = ConfigDict(extra="forbid")
    if config is not None:
        settings.update(config)

    def wrap(target: type[ConfigT]) -> type[ConfigT]:
        return _pydantic_dataclass(target, config=settings, **kwargs)  # type: ignore[return-value]

    return wrap if cls is None else wrap(cls)


def get_field(cls: ConfigType, name: str) -> Any:
    """A fresh `dataclasses.field` carrying the default (or default factory) and the
    `init` flag of field `name` of dataclass `cls`; pydantic `Field(...)` defaults are
    unwrapped. Raises TypeError for a non-dataclass, ValueError for an unknown name."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{getattr(cls, '__name__', cls)!r} is not a dataclass")
    found = next((f for f in dataclasses.fields(cls) if f.name == name), None)
    if found is None:
        raise ValueError(f"{cls.__name__} has no field {name!r}")
    default, factory, init = found.default, found.default_factory, found.init
    if isinstance(default, FieldInfo):
        info = default
        if info.init is not None:
            init = info.init
        if info.default_factory is not None:
            default, factory = dataclasses.MISSING, info.default_factory
        else:
            default = info.default
    if default is dataclasses.MISSING and factory is dataclasses.MISSING:
        _warn_once(f"{cls.__name__}.{name} has neither a default nor a default factory")
    return dataclasses.field(default=default, default_factory=factory, init=init)


def is_init_field(cls: ConfigType, name: str) -> bool:
    """Whether field `name` of `cls` is a constructor argument."""
    return get_field(cls, name).init


def replace(dataclass_instance: ConfigT, /, **kwargs: Any) -> ConfigT:
    """A new instance of the same class built from this one's constructor fields with
    the keyword arguments applied: `dataclasses.replace` for pydantic dataclasses, whose
    fields may be declared with `pydantic.Field`. The new instance is validated again."""
    cls = type(dataclass_instance)
    kept = {k: v for k, v in vars(dataclass_instance).items()
            if k in _field_names(cls) and is_init_field(cls, k)}
    kept.update(kwargs)
    return cls(**kept)


def _field_names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def update_config(config: ConfigT, overrides: dict[str, Any]) -> ConfigT:
    """A copy of `config` with `overrides` applied (through `replace`). An override of a
    nested config field may be a dict (it updates that sub-config the same way) or an
    instance of the field's declared type (not only of the current value's class).

    Raises ValueError naming the dotted path from the outer class (`Outer.inner.name`)
    for an unknown field, or for a nested override that is neither a mapping nor an
    instance of the declared type."""
    return _update_at(config, overrides, type(config).__name__)


def _update_at(config: Any, overrides: dict[str, Any], path: str) -> Any:
    import typing
    from collections.abc import Mapping

    try:
        declared = typing.get_type_hints(type(config))
    except Exception:  # an annotation that does not resolve: fall back to the value's class
        declared = {}
    applied: dict[str, Any] = {}
    for name, value in overrides.items():
        where = f"{path}.{name}"
        if not hasattr(config, name):
            raise ValueError(f"{where} is not a field to override")
        current = getattr(config, name)
        if dataclasses.is_dataclass(current):
            wanted = declared.get(name, type(current))
            if isinstance(value, Mapping):
                value = _update_at(current, dict(value), where)
            elif not (isinstance(wanted, type) and isinstance(value, wanted)):
                wanted_name = getattr(wanted, "__name__", str(wanted))
                raise ValueError(f"{where} takes a mapping or a {wanted_name}, not a "
                                 f"{type(value).__name__}")
        applied[name] = value
    return replace(config, **applied)


def getattr_iter(object: object, names: Sequence[str], default: Any | None = None,
                 default_factory: Callable[[], Any] | None = None,
                 warn: bool = False) -> Any:
    """The first attribute of `object` that exists among `names` (e.g. the several
    spellings checkpoint configs use for one setting); else `default_factory()` when
    given, else `default`. With `warn`, finding a later name logs once that the first
    name is the preferred one."""
    for position, name in enumerate(names):
        if hasattr(object, name):
            if warn and position > 0:
                _warn_once(f"{type(object).__name__} uses the attribute name {name!r}; "
                           f"the preferred name is {names[0]!r}")
            return getattr(object, name)
    return default_factory() if default_factory is not None else default


def get_attr_docs(cls: type[Any]) -> dict[str, str]:
    """{attribute: docstring} for each string literal that directly follows an
    assignment to a plain name in the body of class `cls` (read from its source)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.ClassDef):
        raise TypeError(f"{cls!r} is not a class")
    docs: dict[str, str] = {}
    for stmt, after in pairwise(node.body):
        if not isinstance(stmt, ast.Assign | ast.AnnAssign):
            continue
        if not (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            continue
        text = inspect.cleandoc(after.value.value)
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for target in targets:
            if isinstance(target, ast.Name):
                docs[target.id] = text
    return docs


@_pydantic_dataclass
class Range:
    """Whole numbers from `start` to `end`, both ends included."""

    start: int
    end: int

    def is_single_size(self) -> bool:
        """Whether the range holds exactly one number."""
        return self.start == self.end

    def __contains__(self, size: int) -> bool:
        return self.start <= size <= self.end

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and (self.start, self.end) == (other.start, other.end)

    def __hash__(self) -> int:
        return hash((self.start, self.end))

    def __str__(self) -> str:
        return f"({self.start}, {self.end})"

    __repr__ = __str__


# -- deprecated settings ----------------------------------------------------------------


def handle_deprecated(config: Any, old_name: str, new_name_or_names: str | list[str],
                      removal_version: str) -> None:
    """If the deprecated field `old_name` of `config` is set (not None), warn (once per
    process, ConfigDeprecationWarning) and copy its value to the field(s) replacing it."""
    value = getattr(config, old_name)
    if value is None:
        return
    names = [new_name_or_names] if isinstance(new_name_or_names, str) else list(new_name_or_names)
    warn_deprecated(f"{type(config).__name__}.{old_name}",
                    f"it will be removed in {removal_version}.", ", ".join(names))
    for name in names:
        setattr(config, name, value)


def get_from_deprecated_env_if_set(env_name: str, removal_version: str,
                                   field_name: str | None = None) -> str | None:
    """The value of the deprecated environment variable `env_name` when it is set (with a
    once-per-process warning that names `field_name` as the replacement), else None."""
    if env_name not in os.environ:
        return None
    warn_deprecated(f"environment variable {env_name}",
                    f"it will be removed in {removal_version}.", field_name or "")
    return os.environ[env_name]


def set_from_deprecated_env_if_set(config: Any, env_name: str, removal_version: str,
                                   field_name: str, to_bool: bool = False,
                                   to_int: bool = False) -> None:
    """Set `config.<field_name>` from the deprecated environment variable when it is set:
    as text, or as a bool ("1"/"true", any case, is True) or an int."""
    if to_bool and to_int:
        raise ValueError("set_from_deprecated_env_if_set: choose to_bool or to_int, not both")
    text = get_from_deprecated_env_if_set(env_name, removal_version, field_name)
    if text is None:
        return
    value: str | bool | int = text
    if to_bool:
        value = text.lower() in ("1", "true")
    elif to_int:
        value = int(text)
    setattr(config, field_name, value)


# -- hashing ----------------------------------------------------------------------------


@runtime_checkable
class SupportsHash(Protocol):
    """Anything with a `compute_hash() -> str` (every config class)."""

    def compute_hash(self) -> str: ...


class SupportsMetricsInfo(Protocol):
    """Anything that reports `metrics_info() -> dict[str, str]` (labels for metrics)."""

    def metrics_info(self) -> dict[str, str]: ...


_hash_by_id: dict[int, str] = {}


def compute_hash_cached(config: SupportsHash) -> str:
    """`config.compute_hash()`, computed once per object (keyed by `id`).

    For configs that no longer change after start-up and are hashed on hot paths; a
    config mutated after its first call keeps its first hash.
    """
    key = id(config)
    found = _hash_by_id.get(key)
    if found is None:
        found = _hash_by_id[key] = config.compute_hash()
    return found


def _qualified(cls: type) -> str:
    module = getattr(cls, "__module__", "") or ""
    name = getattr(cls, "__qualname__", None) or getattr(cls, "__name__", "")
    return ".".join(p for p in (module, name) if p) or repr(cls)


def normalize_value(x: Any) -> Any:
    """A canonical, JSON-serialisable form of `x` for cache keys.

    None, bools, ints, floats and strings are kept. An enum member becomes
    ("module.Class", its normalized value), so it never equals a bare int or string; a
    class becomes "module.QualName"; an object with a `uuid()` method becomes what it
    returns. Any other callable is refused (TypeError): a function has no stable
    identity to hash. A torch.dtype becomes its text ("torch.float16"), bytes their hex,
    a Path the absolute, user-expanded path; an object with `to_json_string()` that
    text (or, if that fails, its normalized `to_dict()`); a dataclass ("module.Class",
    ((field, value), ...)) in field-name order; a mapping its (str(key), value) pairs
    sorted; a set the sorted reprs of its normalized items; another sequence a tuple.
    Anything else is refused (TypeError) rather than hashed by its address.
    """
    if x is None or isinstance(x, bool | int | float | str):
        return x
    if isinstance(x, enum.Enum):
        return (_qualified(type(x)), normalize_value(x.value))
    if isinstance(x, type):
        return _qualified(x)
    if callable(getattr(x, "uuid", None)):
        return x.uuid()
    if callable(x):
        raise TypeError(f"normalize_value: a callable ({type(x).__name__}) has no stable "
                        "identity to hash; pass a class or an object with uuid()")
    if is_torch_dtype(x):
        return str(x)
    if isinstance(x, bytes | bytearray):
        return x.hex()
    if isinstance(x, pathlib.Path):
        try:
            return str(x.expanduser().resolve())
        except (OSError, RuntimeError):
            return str(x)
    if callable(getattr(x, "to_json_string", None)):
        try:
            return x.to_json_string()
        except (TypeError, ValueError):
            if callable(getattr(x, "to_dict", None)):
                return normalize_value(x.to_dict())
            raise
    if dataclasses.is_dataclass(x):
        ordered = sorted(dataclasses.fields(x), key=lambda f: f.name)
        return (_qualified(type(x)),
                tuple((f.name, normalize_value(getattr(x, f.name))) for f in ordered))
    if isinstance(x, Mapping):
        return tuple(sorted((str(k), normalize_value(v)) for k, v in x.items()))
    if isinstance(x, Set):
        return tuple(sorted(repr(normalize_value(v)) for v in x))
    if isinstance(x, Sequence):
        return tuple(normalize_value(v) for v in x)
    raise TypeError(f"normalize_value: no stable form for a {type(x).__name__}; use "
                    "plain values and containers, or give the type uuid() or "
                    "to_json_string()")


def get_hash_factors(config: Any, ignored_factors: set[str]) -> dict[str, object]:
    """{field: normalize_value(value)} for every field of dataclass `config` not named
    in `ignored_factors`; TypeError naming the field whose value cannot be normalized."""
    factors: dict[str, object] = {}
    for f in dataclasses.fields(config):
        if f.name in ignored_factors:
            continue
        value = getattr(config, f.name, None)
        try:
            factors[f.name] = normalize_value(value)
        except TypeError as err:
            raise TypeError(f"get_hash_factors: field {f.name!r} holds a "
                            f"{type(value).__name__}: {err}") from None
    return factors


def hash_factors(items: dict[str, object]) -> str:
    """SHA-256 hex digest of `items` as JSON with sorted keys (key order never matters;
    the digest equals vLLM's for the same items)."""
    return hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()
