"""Run-time support for the schema's declared behaviour (rules, environment defaults,
defaults tables). The generated `__post_init__` holds the logic; this is what it calls."""

from __future__ import annotations

import contextlib
import contextvars
import os
import time
import types
import uuid
from collections.abc import Iterable, Iterator
from typing import Any

#: Set while the configs of one command line are built (the engine's flag path).
_FROM_FLAGS: contextvars.ContextVar[bool] = contextvars.ContextVar("from_flags", default=False)

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


def _read_fields(obj: object, fields: tuple[str, ...]) -> dict[str, tuple[Any, bool | None]]:
    """Each dotted path of `obj`: (its value, whether that is the field's declared
    default, None for a property); paths that cannot be read are left out."""
    import dataclasses

    out: dict[str, tuple[Any, bool]] = {}
    for path in fields:
        *parents, name = path.split(".")
        try:
            owner = obj
            for part in parents:
                owner = getattr(owner, part)
            value = getattr(owner, name)
            spec = {f.name: f for f in dataclasses.fields(owner)}.get(name)
        except (AttributeError, TypeError):
            continue
        if spec is None:  # a property
            out[path] = (value, None)
            continue
        default = (spec.default_factory() if spec.default_factory is not dataclasses.MISSING
                   else spec.default)
        try:
            is_default = bool(default is not dataclasses.MISSING and value == default)
        except Exception:  # noqa: BLE001 - a value without a usable ==
            is_default = False
        out[path] = (value, is_default)
    return out


class RuleError(ValueError):
    """A class rule failed; `fields` are the paths it reads (the CLI names their flags),
    `values` what each held when it failed and whether that was its declared default (a
    resolve step may have derived it)."""

    def __init__(self, message: str, fields: list[str], obj: object = None):
        super().__init__(message)
        self.fields = tuple(fields)
        self.values = {} if obj is None else _read_fields(obj, self.fields)


class NotSupportedError(NotImplementedError):
    """A rule declared `raises: NotImplementedError` (a combination not supported yet),
    or a method declared `unsupported:` (it needs the engine, a GPU or torch)."""

    def __init__(self, message: str, fields: list[str] = (), obj: object = None):
        super().__init__(message)
        self.fields = tuple(fields)
        self.values = {} if obj is None else _read_fields(obj, self.fields)


def parse_env(name: str, text: str, kind: str) -> Any:
    """An environment variable's text as a `kind` value (bool, int, float, str, literal)."""
    if kind == "bool":
        low = text.strip().lower()
        if low in _TRUE or low in _FALSE:
            return low in _TRUE
        raise ValueError(f"environment variable {name}={text!r} is not a boolean (1/0)")
    if kind in ("int", "float"):
        try:
            return int(text) if kind == "int" else float(text)
        except ValueError:
            raise ValueError(f"environment variable {name}={text!r} is not {kind}") from None
    return text


def read_variable(variables: dict[str, tuple], name: str, module: str) -> Any:
    """`vllm_config.envs.NAME`: the variable parsed by its (kind, default, choices,
    default_env) row of `variables`, or its default (another variable's, for some)."""
    if name not in variables:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    kind, default, choices, default_env = variables[name]
    text = os.environ.get(name)
    if text is None:
        return read_variable(variables, default_env, module) if default_env else default
    value = parse_env(name, text, kind)
    if choices and value not in choices:
        raise ValueError(f"environment variable {name}={text!r} is not one of "
                         f"{', '.join(choices)}")
    return value


_UNSET = object()


def patched(envs: object, name: str) -> Any:
    """The value code put on a config module's `envs` for this variable (its module
    global, as vLLM's config modules hold `vllm.envs`), else _UNSET. On a module (ours or
    vLLM's, both reading the environment through a module `__getattr__`) only an attribute
    set on it counts; a stand-in object put in its place answers for what it has."""
    if envs is None:
        return _UNSET
    if isinstance(envs, types.ModuleType):
        return vars(envs).get(name, _UNSET)
    return getattr(envs, name, _UNSET)


def env_default(name: str, kind: str, default: Any, envs: object = None) -> Any:
    """A field's default: the value patched on `envs`, else the environment variable when
    set, else the schema default."""
    value = patched(envs, name)
    if value is not _UNSET:
        return value
    text = os.environ.get(name)
    return default if text is None else parse_env(name, text, kind)


def _as_read(value: Any, default: Any) -> Any:
    """A patched value (typed as vLLM's envs types it) as an expression that reads the
    variable with this default expects it: a bool read as text is "1"/"0", a number read
    as text its digits, a number read as a bool its truth."""
    if default is None or value is None or type(value) is type(default):
        return value
    if isinstance(default, str):
        return ("1" if value else "0") if isinstance(value, bool) else str(value)
    if isinstance(default, bool | int | float) and isinstance(value, bool | int | float):
        return type(default)(value)
    return value


def env(name: str, default: Any, envs: object = None) -> Any:
    """`env("NAME", default)` in an expression: the value patched on `envs` (the calling
    module's global), else the variable read as the default's type."""
    value = patched(envs, name)
    if value is not _UNSET:
        return _as_read(value, default)
    text = os.environ.get(name)
    if text is None:
        return default
    kind = type(default).__name__ if default is not None else "str"
    return parse_env(name, text, kind)


def apply_defaults(root: object, row: dict[str, object]) -> None:
    """Fill each target of a defaults-table row that is still None, as vLLM applies its
    optimization levels: the row nests a dict per config; a key the object lacks is
    skipped; a callable value is called with the root config."""
    import dataclasses

    def walk(obj: object, mapping: dict[str, object]) -> None:
        for key, value in mapping.items():
            if not hasattr(obj, key):
                continue
            current = getattr(obj, key)
            if isinstance(value, dict) and dataclasses.is_dataclass(current):
                walk(current, value)
            elif current is None:
                setattr(obj, key, value(root) if callable(value) else value)

    walk(root, row)


def from_flags() -> bool:
    """`from_flags()` in an expression: True while the engine builds the configs from
    command-line flags (vLLM's EngineArgs path), False for configs built in Python.
    Checks vLLM makes only on the flags are declared with it, so that direct
    construction accepts what vLLM's classes accept."""
    return _FROM_FLAGS.get()


#: (root class, dotted path) of flags the command line gave that had no effect (a flag
#: of an optional config that was not enabled), while configs are built from flags.
_UNUSED: contextvars.ContextVar[frozenset[tuple[str, str]]] = contextvars.ContextVar(
    "unused", default=frozenset())


@contextlib.contextmanager
def building_from_flags(unused: Iterable[tuple[str, str]] = ()) -> Iterator[None]:
    """Marks the configs built inside the block as built from flags (see from_flags);
    `unused`: the flags given without effect (see unused)."""
    token = _FROM_FLAGS.set(True)
    token_unused = _UNUSED.set(frozenset(unused))
    try:
        yield
    finally:
        _UNUSED.reset(token_unused)
        _FROM_FLAGS.reset(token)


def unused(obj: object, path: str) -> bool:
    """`unused("a.b")` in an expression: whether the command line gave a flag for this
    config path that had no effect, because its optional config was not enabled (vLLM
    still checks some of those engine arguments, e.g. --default-mm-loras)."""
    return (type(obj).__name__, path) in _UNUSED.get()


#: The class being built from flags and the arguments the flags gave it.
_GIVEN: contextvars.ContextVar[tuple[str, frozenset[str]]] = contextvars.ContextVar(
    "given", default=("", frozenset()))


def given(obj: object, field: str) -> bool:
    """`given("field")` in an expression: whether the command line set `field` (or a
    dotted path into a nested config, `given("scheduler_config.max_num_seqs")`) of the
    config being built from it. False for configs built in Python, and for configs a
    resolve step builds while another one is being built from flags."""
    cls, fields = _GIVEN.get()
    return type(obj).__name__ == cls and field in fields


@contextlib.contextmanager
def building_class(name: str, fields: Iterable[str]) -> Iterator[None]:
    """While class `name` is built from flags that set `fields` (see given): field names,
    or a mapping of them whose nested mappings name the fields of nested configs (their
    dotted paths count as given too)."""
    token = _GIVEN.set((name, frozenset(_paths(fields))))
    try:
        yield
    finally:
        _GIVEN.reset(token)


def _paths(fields: Iterable[str], prefix: str = "") -> Iterator[str]:
    for key in fields:
        yield prefix + key
        value = fields.get(key) if isinstance(fields, dict) else None
        if isinstance(value, dict):
            yield from _paths(value, f"{prefix}{key}.")


def uuid4() -> str:
    """`uuid4()` in an expression: a fresh random id, as text."""
    return str(uuid.uuid4())


def time_ns() -> int:
    """`time_ns()` in an expression: the wall clock in nanoseconds."""
    return time.time_ns()


def abspath(path: Any) -> Any:
    """`abspath(p)` in an expression: p made absolute ("~" expanded), as str or Path."""
    absolute = os.path.abspath(os.path.expanduser(os.fspath(path)))
    return type(path)(absolute) if not isinstance(path, str) else absolute
