"""Launch a compiled Triton kernel without Triton's per-call Python path.

``kernel[grid](...)`` binds every argument, computes the specialisation key
(the dtypes, the divisibility of each integer and pointer), looks the binary up
and only then launches: about 30 us of host time per call on an H200's host,
five times an eager ATen launch. Once a call signature's binary is known (the
registry keys its cache on everything Triton specialises on), the next calls of
that signature can go straight to the binary's C launcher with the grid and the
arguments: that is what ``bound`` hands out.

Nothing here compiles: a bound kernel is one Triton already compiled (and the
JIT monitor already saw) for the first call of the signature.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import triton


class Bound(NamedTuple):
    """What one direct launch needs: ``run(g0, g1, g2, stream(device), function,
    packed, None, enter, exit, *args)`` with every argument of the kernel's
    signature in order, constexprs included (Triton >= 3.3)."""

    run: Callable[..., Any]
    function: Any
    packed: Any
    enter: Any
    exit: Any
    stream: Callable[[int], int]
    device: int


def _idle(hook: Any) -> bool:
    # Triton < 3.7: None or a function; 3.7: a HookChain, idle with no calls.
    return hook is None or (hasattr(hook, "calls") and not hook.calls)


def bound(jit_fn: Any, kernel: Any, arg_names: Sequence[str], device_index: int) -> Bound | None:
    """The pieces to launch ``kernel`` (what ``jit_fn[grid](...)`` returned) directly,
    or None where the direct path would change behaviour or cannot be trusted:
    the interpreter (no binary), a Triton without the launcher signature this
    code passes, arguments in another order than ``arg_names``, launch hooks
    installed (a profiler expects their metadata), or another current device."""
    if kernel is None or not hasattr(kernel, "packed_metadata"):
        return None
    knobs = getattr(triton, "knobs", None)
    runtime = getattr(knobs, "runtime", None)
    if runtime is None or list(getattr(jit_fn, "arg_names", ())) != list(arg_names):
        return None
    enter, exit_ = runtime.launch_enter_hook, runtime.launch_exit_hook
    if not (_idle(enter) and _idle(exit_)):
        return None
    from triton.runtime import driver

    active = driver.active
    if active.get_current_device() != device_index:
        return None
    return Bound(kernel.run, kernel.function, kernel.packed_metadata, enter, exit_,
                 active.get_current_stream, device_index)
