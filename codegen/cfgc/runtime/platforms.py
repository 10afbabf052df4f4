"""Selecting a platform profile (the data lives in the generated `platforms` module).

`Selector` holds the profiles of one generated package and which one is selected:
set in code (`set`, or `using` for a block), else named by an environment variable,
else detected as vLLM detects it (`platform_detect`), else the schema's default.
`current` is a stand-in object whose attributes are the selected profile's values, so
modules can import it once and still follow a change.
"""

from __future__ import annotations

import contextlib
import copy
import os
from collections.abc import Iterator

from .host import cpu_flags


class PlatformError(ValueError):
    """An unknown platform name (the message lists the known ones)."""


#: vLLM's platform predicates (`current_platform.is_cuda_alike()`, ...): each the device
#: types it answers True for. vLLM's config modules ask these, and code (vLLM's own tests)
#: patches them on the platform object a config module holds.
PREDICATES = {
    "is_cuda": ("cuda",),
    "is_rocm": ("rocm",),
    "is_cuda_alike": ("cuda", "rocm"),
    "is_cpu": ("cpu",),
    "is_xpu": ("xpu",),
    "is_tpu": ("tpu",),
}


#: vLLM's platform methods that ask a question a profile attribute answers: the method's
#: name and the attribute it returns. vLLM's config code and its tests call these on the
#: platform object (`current_platform.support_static_graph_mode()`), so ours answers them
#: under the same names.
ATTRIBUTE_METHODS = {
    "support_static_graph_mode": "supports_cudagraphs",
    "is_pin_memory_available": "pin_memory",
}


class Platform:
    """One profile: `name`, `doc` and one attribute per declared platform attribute, plus
    vLLM's predicates over its device type (PREDICATES) and vLLM's methods that return
    one of its attributes (ATTRIBUTE_METHODS). An attribute in `host` (name -> CPU flag)
    is read from the host on every access (cfgc.runtime.host), the flags stated by the
    variable `host_env` when it is set."""

    def __init__(self, name: str, values: dict[str, object],
                 host: dict[str, str] | None = None, host_env: str | None = None):
        self.name = name
        self._values = values
        self._host = dict(host or {})
        self._host_env = host_env

    def __getattr__(self, attr: str) -> object:
        host = self.__dict__.get("_host", {})
        if attr in host:
            return host[attr] in cpu_flags(self._host_env)
        values = self.__dict__.get("_values", {})
        if attr not in values:
            raise AttributeError(f"platform {self.name!r} has no attribute {attr!r}")
        value = values[attr]
        # lists and dicts are handed out as copies: a profile never changes
        return copy.deepcopy(value) if isinstance(value, list | dict) else value

    def __repr__(self) -> str:
        return f"<platform {self.name}>"


def _predicate(name: str, device_types: tuple[str, ...]):
    def predicate(self: Platform) -> bool:
        return self._values.get("device_type") in device_types

    predicate.__name__, predicate.__qualname__ = name, f"Platform.{name}"
    return predicate


for _name, _types in PREDICATES.items():
    setattr(Platform, _name, _predicate(_name, _types))


def _attribute_method(name: str, attribute: str):
    def method(self: Platform) -> object:
        return getattr(self, attribute)

    method.__name__, method.__qualname__ = name, f"Platform.{name}"
    return method


for _name, _attribute in ATTRIBUTE_METHODS.items():
    setattr(Platform, _name, _attribute_method(_name, _attribute))


class _Current:
    """The selected profile, looked up on every attribute access. Every generated config
    module holds this one object as its module global `current_platform`, as vLLM's
    config modules hold theirs: an attribute set on it (a patched predicate or value)
    wins over the profile's for every module, until it is deleted again."""

    def __init__(self, selector: Selector):
        self._selector = selector

    def __getattr__(self, attr: str) -> object:
        return getattr(self._selector.selected(), attr)

    def __repr__(self) -> str:
        return f"<current platform: {self._selector.selected().name}>"


class Selector:
    def __init__(self, profiles: dict[str, dict], default: str, env_var: str,
                 host: dict[str, str] | None = None, host_env: str | None = None):
        self._profiles = {name: Platform(name, dict(values), host, host_env)
                          for name, values in profiles.items()}
        self._default = default
        self._env_var = env_var
        self._chosen: str | None = None
        self.current = _Current(self)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._profiles)

    def get(self, name: str) -> Platform:
        """The profile called `name`; PlatformError (one line) for an unknown name."""
        if name not in self._profiles:
            raise PlatformError(f"unknown platform {name!r}: expected one of "
                                f"{', '.join(self._profiles)}")
        return self._profiles[name]

    def selected(self) -> Platform:
        """Set in code, else the environment variable, else the platform vLLM would
        run on here (`platform_detect`), else the schema's default."""
        named = self.named()
        if named is not None:
            return named
        from .platform_detect import detect

        return self._profiles[detect(self.names) or self._default]

    def named(self) -> Platform | None:
        """The profile set in code or named by the environment variable, or None."""
        if self._chosen is not None:
            return self._profiles[self._chosen]
        from_env = os.environ.get(self._env_var, "").strip()
        if from_env:
            try:
                return self.get(from_env.lower())
            except PlatformError as exc:
                raise PlatformError(f"{self._env_var}: {exc}") from None
        return None

    @property
    def default(self) -> Platform:
        """The schema's default profile (what the operator CLI uses when not told)."""
        return self._profiles[self._default]

    def set(self, name: str | None) -> None:
        """Select `name` for this process (None: back to the environment / default)."""
        if name is not None:
            self.get(name)
        self._chosen = name

    @contextlib.contextmanager
    def using(self, name: str) -> Iterator[Platform]:
        """Select `name` for the duration of a `with` block."""
        platform = self.get(name)
        saved = self._chosen
        self._chosen = name
        try:
            yield platform
        finally:
            self._chosen = saved


def add_ir_op_priority(orders: dict, priorities: object, device_type: str,
                       compiled: bool) -> None:
    """Append the order `orders` (a generated IR_OP_PRIORITY) gives `device_type` (its None
    entry when it has none) to each op list of `priorities`, providers an environment
    entry puts first leading; providers already listed are skipped."""
    entry = orders.get(device_type, orders[None])
    for op, providers in entry["compiled" if compiled else "eager"].items():
        first = [p for var, value, ops in entry["first"] if os.environ.get(var) == value
                 for p in ops.get(op, ())]
        mine = getattr(priorities, op)
        mine.extend([p for p in first + providers if p not in mine])
