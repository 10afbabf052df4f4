"""Count Triton JIT compilations, and complain about the ones after warmup.

A Triton kernel compiles on the first launch of each new specialisation. In
serving that is a latency spike of hundreds of milliseconds in the middle of a
request, so after warmup every compilation is a bug in the warmup plan. The
monitor hooks Triton's post-compile callback, records each compilation, and once
``arm()``-ed warns or raises on any further one.

Hook location by Triton version:
  * >= 3.4: ``triton.knobs.runtime.jit_post_compile_hook`` (a single slot; the
    previous occupant is chained, not replaced);
  * older: the class attribute ``JITFunction.compiled_hook``.
A compilation here means an in-process cache miss: a binary loaded from Triton's
on-disk cache still counts, because the launch that triggered it still stalled
to load it. Under ``TRITON_INTERPRET=1`` nothing compiles, so nothing is counted.
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

Mode = Literal["count", "warn", "raise"]


class UnexpectedCompilation(RuntimeError):
    """A Triton kernel compiled after warmup (monitor in ``raise`` mode)."""


class UnexpectedCompilationWarning(RuntimeWarning):
    """A Triton kernel compiled after warmup (monitor in ``warn`` mode)."""


@dataclass(frozen=True)
class CompileEvent:
    kernel: str  # module:qualname of the kernel
    signature: str  # Triton's one-line repr: options and argument types
    after_warmup: bool
    at: float  # time.monotonic()


def _kernel_name(fn: Any) -> str:
    # Triton passes a JitFunctionInfo (module, name, jit_function); old versions
    # passed the JITFunction itself. Either way build "module:name".
    module = getattr(fn, "module", None) or getattr(getattr(fn, "fn", None), "__module__", "?")
    module = getattr(module, "__name__", module)
    name = getattr(fn, "name", None) or getattr(getattr(fn, "fn", None), "__qualname__", repr(fn))
    return f"{module}:{name}"


@dataclass
class JitMonitor:
    """Record Triton compilations; after ``arm()`` act on them per ``mode``.

    ``only_prefix`` limits the monitor to kernels whose module starts with it
    (e.g. "vllm_kernels."), so third-party kernels compiled on purpose later do
    not trip it. Use as a context manager or call ``install``/``uninstall``.
    """

    mode: Mode = "warn"
    only_prefix: str | None = None
    events: list[CompileEvent] = field(default_factory=list)
    armed: bool = False
    _previous: Any = field(default=None, repr=False)
    _installed: str | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    # -- results -----------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.events)

    @property
    def after_warmup(self) -> list[CompileEvent]:
        return [e for e in self.events if e.after_warmup]

    def arm(self) -> None:
        """From now on every compilation is unexpected."""
        self.armed = True

    # -- the hook ------------------------------------------------------------
    def _hook(self, *args: Any, **kwargs: Any) -> Any:
        fn = kwargs.get("fn")
        name = _kernel_name(fn) if fn is not None else "?"
        previous = self._previous
        result = previous(*args, **kwargs) if previous is not None else None
        if self.only_prefix is not None and not name.startswith(self.only_prefix):
            return result
        event = CompileEvent(name, str(kwargs.get("repr", "")), self.armed, time.monotonic())
        with self._lock:
            self.events.append(event)
        if self.armed:
            self.on_unexpected(event)
        return result

    def on_unexpected(self, event: CompileEvent) -> None:
        msg = f"Triton compiled {event.signature or event.kernel} after warmup"
        if self.mode == "raise":
            raise UnexpectedCompilation(msg)
        if self.mode == "warn":
            warnings.warn(msg, UnexpectedCompilationWarning, stacklevel=3)

    # -- installation --------------------------------------------------------
    def install(self) -> JitMonitor:
        if self._installed is not None:
            return self
        import triton  # noqa: F401  (the monitor is only useful once Triton is in use)

        knobs = _runtime_knobs()
        if knobs is not None:
            self._previous = knobs.jit_post_compile_hook
            knobs.jit_post_compile_hook = self._hook
            self._installed = "knobs"
        else:
            from triton.runtime.jit import JITFunction

            self._previous = getattr(JITFunction, "compiled_hook", None)
            JITFunction.compiled_hook = _as_static(self._hook)
            self._installed = "JITFunction.compiled_hook"
        return self

    def uninstall(self) -> None:
        if self._installed == "knobs":
            knobs = _runtime_knobs()
            if knobs is not None and _same_hook(knobs.jit_post_compile_hook, self._hook):
                knobs.jit_post_compile_hook = self._previous
        elif self._installed is not None:
            from triton.runtime.jit import JITFunction

            JITFunction.compiled_hook = self._previous
        self._installed = None
        self._previous = None

    @property
    def installed(self) -> bool:
        return self._installed is not None

    def __enter__(self) -> JitMonitor:
        return self.install()

    def __exit__(self, *exc: object) -> None:
        self.uninstall()


def _runtime_knobs() -> Any:
    try:
        from triton import knobs
    except ImportError:
        return None
    runtime = getattr(knobs, "runtime", None)
    return runtime if runtime is not None and hasattr(runtime, "jit_post_compile_hook") else None


def _same_hook(a: Any, b: Any) -> bool:
    # Bound methods compare equal (same function, same instance) though not identical.
    return a is b or a == b


def _as_static(fn: Callable[..., Any]) -> Any:
    # Old Triton calls the class attribute through the class, not an instance.
    return staticmethod(fn)
