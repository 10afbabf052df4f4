"""Device timers for the kernel benchmarks.

``triton.testing.do_bench`` records its start event right after flushing L2 and
then launches the function. When the host needs longer to launch the function
than the GPU needs to flush (a Python launch path on a slow host), the GPU sits
idle between the two events and the idle time is counted as kernel time: small
kernels then read 20-50 us instead of 2-5 us, at random. ``time_ms`` enqueues a
GPU-side spin (``torch.cuda._sleep``) after the flush, sized from the measured
host launch time, so the launch is always queued before the start event fires.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

_FLUSH_BYTES = 256 * 1024 * 1024  # > L2 of any current GPU (H200: 60 MB)
_flush_buf = None


def _flush() -> None:
    import torch

    global _flush_buf
    if _flush_buf is None:
        _flush_buf = torch.empty(_FLUSH_BYTES // 4, dtype=torch.int32, device="cuda")
    _flush_buf.zero_()


def _host_us(fn: Callable[[], Any]) -> float:
    """Median host time of one call (launch cost only: no synchronisation)."""
    import torch

    samples = []
    for _ in range(7):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e6)
    torch.cuda.synchronize()
    return statistics.median(samples)


def time_ms(
    fn: Callable[[], Any], cuda: bool = True, budget_ms: float = 150.0, max_reps: int = 400
) -> float:
    """Median device milliseconds of ``fn`` with a cold L2 (wall time on the CPU)."""
    if not cuda:
        fn()
        samples = []
        for _ in range(3):
            t0 = time.perf_counter()
            fn()
            samples.append((time.perf_counter() - t0) * 1e3)
        return statistics.median(samples)

    import torch

    fn()
    host_us = _host_us(fn)
    # Spin long enough to cover the launch twice over (GPU clock ~1.5-2 GHz;
    # over-spinning costs only wall time, never accuracy).
    spin_cycles = int((2 * host_us + 20) * 2000)
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(3):
        fn()
    end.record()
    end.synchronize()
    est_ms = max(start.elapsed_time(end) / 3, 1e-3)
    reps = int(min(max_reps, max(20, budget_ms / (est_ms + 0.1))))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for i in range(reps):
        _flush()
        torch.cuda._sleep(spin_cycles)
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in zip(starts, ends, strict=True))


def graph_time_ms(fn: Callable[[], Any], calls: int = 64, replays: int = 30) -> float:
    """Median per-call milliseconds of ``calls`` back-to-back calls in one CUDA graph.

    No L2 flush: this is the decode-step regime (small, cache-resident tensors,
    launch overhead removed), and every variant gets the same treatment.
    """
    import torch

    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(calls):
            fn()
    graph.replay()
    torch.cuda.synchronize()
    samples = []
    for _ in range(replays):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / calls)
    del graph
    return statistics.median(samples)
