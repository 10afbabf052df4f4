"""Canonical cache-key encoding.

Generated `hash_factors()` methods turn each included field into a canonical value
(type-directed: a float field is always a float, an enum is `Class.MEMBER`, a set is
sorted, a nested config is its own hash). `digest` then hashes `repr` of that dict:
for the canonical value space (None, bool, int, float, str, tuples of those) `repr`
is exact and identical across processes and PYTHONHASHSEED values.
"""

from __future__ import annotations

import enum
import hashlib
import re
from collections.abc import Iterable
from pathlib import PurePath
from typing import Any

from .engine_values import dtype_name, is_torch_dtype


def prefix(tag: str, names: list[str]) -> bytes:
    """What precedes the factor values: the class and the factor names, in order."""
    return f"{tag}:{','.join(names)}:".encode()


def digest(tag: str, factors: dict[str, object]) -> str:
    """Full SHA-256 hex over the class tag, the factor names and `repr` of the values
    (in name order). Generated compute_hash() methods inline exactly this."""
    names = sorted(factors)
    values = tuple(factors[n] for n in names)
    return hashlib.sha256(prefix(tag, names) + repr(values).encode()).hexdigest()


def sha256_of_parts(parts: Iterable[str]) -> str:
    """SHA-256 hex over text parts, each length-prefixed so concatenations cannot collide.

    The kernel source uuids: the runtime registry (vllm_kernels) and the compiler
    (cfgc.kernels, at generate time) both compute them with this one function.
    """
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def enum_name(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return str(value)


def nested(value: Any) -> str | None:
    return None if value is None else value.compute_hash()


_PLAIN = frozenset({type(None), bool, int, str})
_ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
_DEFAULT_TEXT = (object.__repr__, object.__str__)


def canon(value: Any) -> object:
    """Canonical form of an untyped value (Any, dict[str, Any], runtime types, hooks).
    Raises TypeError for a value without a stable identity (its text is an address)."""
    kind = type(value)
    if kind in _PLAIN:  # the common case first: exact types, no isinstance chain
        return value
    if kind is float:
        return value + 0.0  # -0.0 -> 0.0: equal numbers, equal keys
    if kind is tuple or kind is list:
        return tuple([canon(v) for v in value])
    if isinstance(value, enum.Enum):  # before int/str: IntEnum and StrEnum are both
        return enum_name(value)
    for base in (int, float, str):  # subclasses of the plain types, as the plain type
        if isinstance(value, base):
            return canon(base(value))
    if isinstance(value, PurePath):
        return str(value)
    if is_torch_dtype(value):
        return dtype_name(value)  # by name: the same key as "bfloat16"
    if isinstance(value, dict):
        return tuple(sorted(((canon(k), canon(v)) for k, v in value.items()), key=repr))
    if isinstance(value, set | frozenset):
        return tuple(sorted((canon(v) for v in value), key=repr))
    if isinstance(value, list | tuple):
        return tuple(canon(v) for v in value)
    for identity in ("compute_hash", "uuid"):  # declared identities (Inductor passes: uuid)
        if callable(getattr(value, identity, None)):
            return f"{identity}:{getattr(value, identity)()}"
    name = getattr(value, "__qualname__", "")
    if isinstance(value, type) or (callable(value) and name and "<" not in name):
        return f"{value.__module__}.{name}"  # classes and named functions by their name
    # Runtime objects (torch.dtype): their printed name, never one with an address.
    text = f"{kind.__module__}.{kind.__qualname__}:{value}"
    if _ADDRESS.search(text) or (kind.__repr__, kind.__str__) == _DEFAULT_TEXT:
        raise TypeError(f"a {kind.__module__}.{kind.__qualname__} value has no stable "
                        "identity for the cache key: give it uuid() or compute_hash()")
    return text


def text_of(obj: Any, factors: Any) -> str:
    """repr of the factors; canon()'s TypeError again, naming the field it comes from."""
    try:
        return repr(factors())
    except TypeError:
        for name in getattr(obj, "__dataclass_fields__", ()):
            try:
                canon(getattr(obj, name, None))
            except TypeError as inner:
                raise TypeError(f"{type(obj).__name__}.{name}: {inner}") from None
        raise


def sorted_items(pairs: Any) -> tuple:
    """Canonical dict: items sorted by the canonical key."""
    return tuple(sorted(pairs, key=lambda kv: repr(kv[0])))


def sorted_tuple(items: Any) -> tuple:
    return tuple(sorted(items, key=repr))


def path(obj: Any, dotted: str) -> Any:
    """Follow `a.b.c` from obj; None as soon as a step is None (absent sub-config)."""
    for part in dotted.split("."):
        if obj is None:
            return None
        obj = getattr(obj, part)
    return obj


MEMO_LIMIT = 4096


def remember(memo: dict[str, str], text: str, digest: str) -> None:
    """Store a digest under its canonical factor text; start over past MEMO_LIMIT entries
    so a long-running process that hashes many distinct configs stays bounded."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[text] = digest
