"""Op registry: declared ops, per-provider implementations, priority dispatch.

An op is declared once (name + signature text). Providers ("native", "triton",
...) register implementations of it. A call walks the op's priority list and
runs the first implementation whose static ``supported()`` holds and whose
``supports_args(*args, **kwargs)`` accepts the call; the ``native`` provider is
always the last resort, so a priority list never has to spell it out.

Each implementation carries a ``uuid``: the SHA-256 of its source text. The
config's cache key includes these (``provider_uuids()``), so editing a kernel
invalidates artifacts compiled against the old one, with no manual version bump.

A call's choice is cached per call signature when the op declares a
``call_key`` (a function of the call's arguments: dtypes, devices, the shapes
and strides that matter; None for a call not to cache): the first call of a
signature walks the priority list; the next ones look the key up and go
straight to what was chosen. An implementation with a ``bind`` function can do
better than its plain function there: ``bind`` makes the first call and returns,
beside its result, a launcher for the later calls of the signature (the Triton
provider's launches the compiled kernel directly). The cache is emptied whenever
the default priority or a registration changes, and not used at all inside
``set_priority`` (a scoped override).

Implementations and predicates may be given as ``"package.module:attr"`` strings
and are imported on first use; sources given as module names are read from disk
without importing them. That is how the Triton provider stays registered while
``import vllm_kernels`` never imports Triton.
"""

from __future__ import annotations

import contextlib
import contextvars
import importlib
import importlib.util
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from cfgc.runtime.hashing import sha256_of_parts

NATIVE = "native"

Lazy = Callable[..., Any] | str
Priority = Sequence[str] | str
PriorityMap = Mapping[str, Priority]
Source = ModuleType | Callable[..., Any] | str


class RegistryError(LookupError):
    """Unknown op or provider, or no implementation can take a call."""


def _resolve(obj: Lazy) -> Callable[..., Any]:
    if not isinstance(obj, str):
        return obj
    module, _, attr = obj.partition(":")
    if not attr:
        raise ValueError(f"lazy reference {obj!r} must look like 'package.module:attr'")
    return getattr(importlib.import_module(module), attr)


def _source_text(src: Source) -> str:
    """Source text of a function, module object, or module name (read, not imported)."""
    if isinstance(src, str):
        spec = importlib.util.find_spec(src)
        if spec is None or spec.origin is None:
            raise RegistryError(f"cannot find source of module {src!r}")
        return Path(spec.origin).read_text(encoding="utf-8")
    return inspect.getsource(src)


def source_uuid(op: str, provider: str, sources: Sequence[Source]) -> str:
    """Full SHA-256 hex over the op, provider and every source text, in order (the
    compiler computes the same from the files, so the generated table matches)."""
    return sha256_of_parts((op, provider, *(_source_text(s) for s in sources)))


def _always(*_: Any, **__: Any) -> bool:
    return True


def _parse_priority(value: Priority) -> list[str]:
    # Comma-separated strings are what the config/CLI layer hands over.
    items = value.split(",") if isinstance(value, str) else list(value)
    return [p.strip() for p in items if p.strip()]


@dataclass
class Implementation:
    op: str
    provider: str
    _fn: Lazy
    _supported: Lazy
    _supports_args: Lazy
    sources: tuple[Source, ...]
    _bind: Lazy | None = field(default=None, repr=False)
    _uuid: str | None = field(default=None, repr=False)
    _supported_cache: bool | None = field(default=None, repr=False)

    @property
    def fn(self) -> Callable[..., Any]:
        if isinstance(self._fn, str):
            self._fn = _resolve(self._fn)
        return self._fn

    @property
    def uuid(self) -> str:
        if self._uuid is None:
            self._uuid = source_uuid(self.op, self.provider, self.sources)
        return self._uuid

    def supported(self) -> bool:
        """Static check (platform, installed packages); evaluated once."""
        if self._supported_cache is None:
            self._supported_cache = bool(_resolve(self._supported)())
        return self._supported_cache

    def supports_args(self, *args: Any, **kwargs: Any) -> bool:
        if isinstance(self._supports_args, str):
            self._supports_args = _resolve(self._supports_args)
        return bool(self._supports_args(*args, **kwargs))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn(*args, **kwargs)

    def bind(self, *args: Any, **kwargs: Any) -> tuple[Any, Callable[..., Any]]:
        """Make this call; return its result and the function for the later calls
        of its signature (a direct launcher where the provider has one)."""
        if self._bind is None:
            return self.fn(*args, **kwargs), self.fn
        if isinstance(self._bind, str):
            self._bind = _resolve(self._bind)
        result, fast = self._bind(*args, **kwargs)
        return result, fast or self.fn


@dataclass(frozen=True)
class OpDecl:
    name: str
    signature: str
    doc: str = ""
    call_key: Lazy | None = None


class Op:
    """Callable handle for one declared op: ``registry.op("rms_norm")(x, w, eps)``."""

    def __init__(self, registry: OpRegistry, decl: OpDecl) -> None:
        self._registry = registry
        self.decl = decl
        self._calls = registry._calls[decl.name]  # emptied in place, never replaced
        self._override = registry._override
        self._key: Callable[..., Any] | None = None

    @property
    def name(self) -> str:
        return self.decl.name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # The hot path: one key, one dict lookup, the cached function. Every
        # line here is paid on every call of every layer.
        key_fn = self._key
        if key_fn is None:
            if self.decl.call_key is None:
                return self._registry.call(self.decl.name, *args, **kwargs)
            key_fn = self._key = _resolve(self.decl.call_key)
        if self._override.get() is not None:
            return self._registry.call(self.decl.name, *args, **kwargs)
        try:
            key = key_fn(*args, **kwargs)
        except Exception:  # noqa: BLE001 - odd arguments: the slow path says what is wrong
            key = None
        if key is None:
            return self._registry.call(self.decl.name, *args, **kwargs)
        fn = self._calls.get(key)
        if fn is not None:
            return fn(*args, **kwargs)
        return self._registry._first_call(self.decl.name, key, args, kwargs)

    def __repr__(self) -> str:
        return f"Op({self.decl.signature})"


class OpRegistry:
    def __init__(self) -> None:
        self._ops: dict[str, OpDecl] = {}
        self._impls: dict[str, dict[str, Implementation]] = {}
        self._default: dict[str, list[str]] = {}
        # Overrides from set_priority live in a context variable so that two
        # threads (or tasks) scoping different priorities do not see each other's.
        self._override: contextvars.ContextVar[dict[str, list[str]] | None] = (
            contextvars.ContextVar(f"vllm_kernels_priority_{id(self)}", default=None)
        )
        # Per op: call key -> the function that serves calls with that key.
        self._calls: dict[str, dict[Any, Callable[..., Any]]] = {}

    # -- declaration -------------------------------------------------------
    def declare(
        self, name: str, signature: str, doc: str = "", *, call_key: Lazy | None = None
    ) -> Op:
        """Declare an op. ``call_key(*args, **kwargs)`` (optional) maps a call to a
        hashable key, equal for calls that every provider treats alike (same
        provider choice, same compiled specialisation), or None for a call not
        to cache; with it the choice is made once per key."""
        if name in self._ops:
            raise RegistryError(f"op {name!r} already declared")
        decl = OpDecl(name, signature, doc, call_key)
        self._ops[name] = decl
        self._impls[name] = {}
        self._default[name] = [NATIVE]
        self._calls[name] = {}
        return Op(self, decl)

    def register(
        self,
        op: str,
        provider: str,
        fn: Lazy,
        *,
        supported: Lazy = _always,
        supports_args: Lazy = _always,
        sources: Sequence[Source] | None = None,
        bind: Lazy | None = None,
    ) -> Implementation:
        """Register ``fn`` as ``provider``'s implementation of ``op``.

        ``sources`` are what the uuid hashes; by default the function's own
        source. Pass the module(s) when the function calls helpers or kernels
        whose edits must change the uuid too. ``bind(*args, **kwargs)`` makes a
        call like ``fn`` and returns ``(result, launcher or None)``: the launcher
        serves the later calls of the op's call key (see the module doc).
        """
        self._decl(op)
        if provider in self._impls[op]:
            raise RegistryError(f"{op}: provider {provider!r} already registered")
        if sources is None:
            if isinstance(fn, str):
                sources = (fn.partition(":")[0],)
            else:
                sources = (fn,)
        impl = Implementation(op, provider, fn, supported, supports_args, tuple(sources), bind)
        self._impls[op][provider] = impl
        self.clear_call_cache()
        return impl

    def clear_call_cache(self) -> None:
        """Forget every cached choice (and launcher): the next call of each
        signature walks the priority list again. Needed after installing Triton
        launch hooks (a profiler), which direct launchers do not call."""
        for calls in self._calls.values():
            calls.clear()

    # -- lookup ------------------------------------------------------------
    def _decl(self, op: str) -> OpDecl:
        try:
            return self._ops[op]
        except KeyError:
            raise RegistryError(f"unknown op {op!r}; declared: {sorted(self._ops)}") from None

    def ops(self) -> list[OpDecl]:
        return [self._ops[k] for k in sorted(self._ops)]

    def op(self, name: str) -> Op:
        return Op(self, self._decl(name))

    def providers(self, op: str) -> list[str]:
        self._decl(op)
        return sorted(self._impls[op])

    def implementation(self, op: str, provider: str) -> Implementation:
        self._decl(op)
        try:
            return self._impls[op][provider]
        except KeyError:
            raise RegistryError(
                f"{op}: no provider {provider!r}; registered: {self.providers(op)}"
            ) from None

    def provider_uuids(self) -> dict[str, dict[str, str]]:
        """``{op: {provider: uuid}}`` for every registered implementation (sorted)."""
        return {
            op: {p: self._impls[op][p].uuid for p in sorted(self._impls[op])}
            for op in sorted(self._impls)
        }

    # -- priority ----------------------------------------------------------
    def _normalise(self, spec: Priority | PriorityMap) -> dict[str, list[str]]:
        """Turn a list (applies to every op) or a per-op mapping into per-op lists."""
        if isinstance(spec, Mapping):
            unknown = set(spec) - set(self._ops)
            if unknown:
                raise RegistryError(f"unknown op(s) {sorted(unknown)}")
            per_op = {op: _parse_priority(v) for op, v in spec.items()}
        else:
            # A single list applies to every op; providers an op lacks are
            # skipped for that op, but a name no op knows is a typo.
            names = _parse_priority(spec)
            known = {p for impls in self._impls.values() for p in impls}
            bad = [n for n in names if n not in known]
            if bad:
                raise RegistryError(f"unknown provider(s) {bad}; known: {sorted(known)}")
            return {op: [n for n in names if n in self._impls[op]] for op in self._ops}
        for op, names in per_op.items():
            bad = [n for n in names if n not in self._impls[op]]
            if bad:
                raise RegistryError(f"{op}: unknown provider(s) {bad}; known: {self.providers(op)}")
        return per_op

    def set_default(self, spec: Priority | PriorityMap, priority: Priority | None = None) -> None:
        """Set the process-wide priority.

        ``set_default(["triton", "native"])`` for every op,
        ``set_default({"rms_norm": "triton,native"})`` per op, or
        ``set_default("rms_norm", ["triton"])`` for one op.
        """
        if priority is not None:
            if not isinstance(spec, str):
                raise TypeError("set_default(op, priority): op must be a name")
            self._decl(spec)
            spec = {spec: priority}
        self._default.update(self._normalise(spec))
        self.clear_call_cache()

    def priority(self, op: str) -> list[str]:
        """The effective priority list for ``op`` (scoped override, else default)."""
        self._decl(op)
        override = self._override.get() or {}
        return list(override[op] if op in override else self._default[op])

    @contextlib.contextmanager
    def set_priority(self, spec: Priority | PriorityMap) -> Iterator[None]:
        """Scope a priority change; the previous one is restored on exit."""
        merged = {**(self._override.get() or {}), **self._normalise(spec)}
        token = self._override.set(merged)
        try:
            yield
        finally:
            self._override.reset(token)

    # -- dispatch ----------------------------------------------------------
    def select(self, op: str, *args: Any, **kwargs: Any) -> Implementation:
        """The implementation a call with these arguments would run."""
        self._decl(op)
        impls = self._impls[op]
        for provider in self.priority(op):
            impl = impls.get(provider)
            if impl is not None and impl.supported() and impl.supports_args(*args, **kwargs):
                return impl
        native = impls.get(NATIVE)
        if native is None:
            raise RegistryError(f"{op}: no provider accepts this call and no native fallback")
        return native

    def call(self, op: str, *args: Any, **kwargs: Any) -> Any:
        return self.select(op, *args, **kwargs).fn(*args, **kwargs)

    def _first_call(self, op: str, key: Any, args: tuple[Any, ...],
                    kwargs: dict[str, Any]) -> Any:
        """A call whose key is not cached yet: choose, call, remember the choice."""
        result, fn = self.select(op, *args, **kwargs).bind(*args, **kwargs)
        self._calls[op][key] = fn
        return result
