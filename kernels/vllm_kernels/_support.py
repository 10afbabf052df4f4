"""Cheap checks that decide whether the Triton provider may run.

Kept apart from the kernels so that the registry can ask them without importing
Triton: importing it costs hundreds of milliseconds and, on a machine with no
GPU and no interpreter, buys nothing.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from functools import cache

import torch
from torch import Tensor

# Long rows take the chunked kernels, which have no register limit; this bound
# only keeps untested territory (and int32 column offsets) on the native path.
MAX_TRITON_HIDDEN = 1 << 18
TRITON_DTYPES = (torch.float32, torch.float16, torch.bfloat16)


def interpreter_enabled() -> bool:
    """True when Triton runs kernels through its CPU interpreter."""
    return os.environ.get("TRITON_INTERPRET", "0").lower() in ("1", "true", "on", "yes")


@cache
def triton_supported() -> bool:
    """Static check: Triton is installed and has somewhere to run."""
    if importlib.util.find_spec("triton") is None:
        return False
    return interpreter_enabled() or torch.cuda.is_available()


@dataclass(frozen=True)
class DeviceProfile:
    """What the launch choices read off a GPU: its multiprocessors and its memory.

    A kernel that is close to compute-bound on one GPU can be memory-bound on
    another with the same multiprocessors and slower memory, so the best launch
    shape follows the ratio of the two, not the GPU's name.
    """

    sms: int
    dram_gbps: float  # peak: 2 transfers per memory clock over the bus width

    @property
    def gbps_per_sm(self) -> float:
        return self.dram_gbps / self.sms

    @property
    def high_bandwidth(self) -> bool:
        """More bytes per second per multiprocessor than the tables' default was
        tuned for (an H100 SXM: 3.35 TB/s over 132 SMs, 25 GB/s each; an H200:
        4.8 TB/s, 37 GB/s each)."""
        return self.gbps_per_sm >= HIGH_BANDWIDTH_GBPS_PER_SM


HIGH_BANDWIDTH_GBPS_PER_SM = 32.0
# The launch tables' reference (an H100 SXM). The CPU interpreter and any device
# whose memory cannot be read use it, so their choices are the default ones.
DEFAULT_PROFILE = DeviceProfile(sms=132, dram_gbps=3352.0)


def _memory_attributes(index: int, props: object) -> tuple[int, int]:
    """(memory clock in kHz, bus width in bits) of a CUDA device, or zeros."""
    clock = int(getattr(props, "memory_clock_rate", 0) or 0)
    bus = int(getattr(props, "memory_bus_width", 0) or 0)
    if clock and bus:
        return clock, bus
    try:  # older torch: Triton's driver reads the same two attributes
        from triton.runtime import driver

        attrs = driver.active.utils.get_device_properties(index)
        return int(attrs["mem_clock_rate"]), int(attrs["mem_bus_width"])
    except Exception:  # noqa: BLE001 - any failure means "unknown": use the default
        return 0, 0


@cache
def _cuda_profile(index: int) -> DeviceProfile:
    props = torch.cuda.get_device_properties(index)
    clock_khz, bus_bits = _memory_attributes(index, props)
    if not (clock_khz and bus_bits):
        return DeviceProfile(props.multi_processor_count, DEFAULT_PROFILE.dram_gbps)
    gbps = 2 * clock_khz * 1e3 * bus_bits / 8 / 1e9
    return DeviceProfile(props.multi_processor_count, gbps)


def device_profile(device: torch.device | None = None) -> DeviceProfile:
    """The profile of a tensor's device (None: the current CUDA device, if any)."""
    if interpreter_enabled():
        return DEFAULT_PROFILE
    if device is None:
        if not torch.cuda.is_available():
            return DEFAULT_PROFILE
        device = torch.device("cuda", torch.cuda.current_device())
    if device.type != "cuda":
        return DEFAULT_PROFILE
    return _cuda_profile(device.index if device.index is not None else torch.cuda.current_device())


def _device_ok(t: Tensor) -> bool:
    if t.device.type == "cuda":
        return True
    return t.device.type == "cpu" and interpreter_enabled()


def rows_view(t: Tensor) -> Tensor | None:
    """View ``t`` as (rows, hidden) without copying, or None if impossible.

    Rows may be strided (stride(0) > hidden, e.g. a slice of a wider buffer) but
    the hidden dim must be contiguous, and leading dims must collapse into one
    row stride, because the kernels address row r at ``base + r * row_stride``.
    """
    if t.dim() == 0 or (t.shape[-1] > 1 and t.stride(-1) != 1):
        return None
    if t.dim() == 2:
        return t
    try:
        return t.view(-1, t.shape[-1])
    except RuntimeError:
        return None


def _common_ok(x: Tensor, weight: Tensor | None, variance_size: int | None) -> bool:
    hidden = x.shape[-1] if x.dim() else 0
    if x.dtype not in TRITON_DTYPES or not _device_ok(x) or not 0 < hidden <= MAX_TRITON_HIDDEN:
        return False
    if rows_view(x) is None:
        return False
    if weight is not None:
        if weight.dim() != 1 or weight.shape[0] != hidden or weight.device != x.device:
            return False
        if weight.dtype not in TRITON_DTYPES or weight.stride(0) != 1:
            return False
    return variance_size is None or 0 < variance_size <= hidden


def rms_norm_args_ok(
    x: Tensor, weight: Tensor | None, epsilon: float, variance_size: int | None = None, **_: object
) -> bool:
    return _common_ok(x, weight, variance_size)


def fused_add_rms_norm_args_ok(
    x: Tensor,
    residual: Tensor,
    weight: Tensor | None,
    epsilon: float,
    variance_size: int | None = None,
    **_: object,
) -> bool:
    if not _common_ok(x, weight, variance_size):
        return False
    # The residual is updated in place, so it must be addressable the same way.
    return (
        residual.shape == x.shape
        and residual.dtype == x.dtype
        and residual.device == x.device
        and rows_view(residual) is not None
    )
