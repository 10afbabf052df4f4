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
# A per-head view's head, padded to a power of two, must fit one program's
# registers (head_dim 64-256 in practice: 128-1024 bytes).
MAX_HEAD_BYTES = 16384


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


def heads_view(t: Tensor) -> Tensor | None:
    """View ``t`` as (tokens, heads, head_dim) without copying, or None.

    The per-head layout: a q or k slice of a fused QKV output viewed per head,
    where tokens are the whole QKV width apart and heads head_dim apart. Both
    strides are free; the last dim must be contiguous, and any dims before the
    last two must collapse into one token stride.
    """
    if t.dim() < 3 or (t.shape[-1] > 1 and t.stride(-1) != 1):
        return None
    if t.dim() == 3:
        return t
    try:
        return t.view(-1, t.shape[-2], t.shape[-1])
    except RuntimeError:
        return None


def _heads_ok(x: Tensor) -> bool:
    # The per-head kernel keeps a head in registers: no chunked variant.
    if heads_view(x) is None:
        return False
    return (1 << (x.shape[-1] - 1).bit_length()) * x.element_size() <= MAX_HEAD_BYTES


def _common_ok(
    x: Tensor, weight: Tensor | None, variance_size: int | None, per_head: bool = False
) -> bool:
    hidden = x.shape[-1] if x.dim() else 0
    if x.dtype not in TRITON_DTYPES or not _device_ok(x) or not 0 < hidden <= MAX_TRITON_HIDDEN:
        return False
    if rows_view(x) is None and not (per_head and _heads_ok(x)):
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
    return _common_ok(x, weight, variance_size, per_head=True)


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


# -- call keys: what the registry caches its choice (and a direct launcher) on ----
#
# A key holds everything that decides which provider takes a call and which
# binary Triton runs for it: each tensor's dtype and device, its sizes past the
# token dim and all its strides (Triton specialises integers on divisibility by
# 16), its data pointer's 16-byte alignment, the flags of the call, and the
# token count's power-of-two class (a launch config changes only at powers of
# two; a launcher checks that for its class, and declines otherwise). None: the
# call is not cached (extra keywords, such as out= or config=).


def _x_key(x: Tensor) -> tuple[object, ...]:
    # Written out flat: a call pays for every attribute read here (slicing a
    # torch.Size costs more than indexing it twice).
    s = x.shape
    n = len(s)
    rest = s[1] if n == 2 else (s[1], s[2]) if n == 3 else tuple(s[1:])
    return (x.dtype, x.is_cuda, x.get_device(), s[0].bit_length(), rest, x.stride(),
            x.data_ptr() & 15)


def rms_norm_call_key(
    x: Tensor, weight: Tensor | None, epsilon: float, variance_size: int | None = None,
    **kwargs: object,
) -> tuple[object, ...] | None:
    if kwargs:
        return None
    if weight is None:
        return (_x_key(x), variance_size)
    # The weight's device index is enough beside x's: both are CUDA, or the
    # predicate refuses the pair whatever the key says.
    return (_x_key(x), variance_size, weight.dtype, weight.get_device(), weight.shape,
            weight.stride(), weight.data_ptr() & 15)


def fused_add_rms_norm_call_key(
    x: Tensor, residual: Tensor, weight: Tensor | None, epsilon: float,
    variance_size: int | None = None, *, in_place: bool = True, **kwargs: object,
) -> tuple[object, ...] | None:
    if kwargs:
        return None
    # residual: the same shape as x or the call fails; its strides and alignment matter.
    key = (_x_key(x), variance_size, bool(in_place), residual.dtype, residual.get_device(),
           residual.shape == x.shape, residual.stride(), residual.data_ptr() & 15)
    if weight is None:
        return key
    return (key, weight.dtype, weight.get_device(), weight.shape, weight.stride(),
            weight.data_ptr() & 15)
