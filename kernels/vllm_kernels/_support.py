"""Cheap checks that decide whether the Triton provider may run.

Kept apart from the kernels so that the registry can ask them without importing
Triton: importing it costs hundreds of milliseconds and, on a machine with no
GPU and no interpreter, buys nothing.
"""

from __future__ import annotations

import importlib.util
import os
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
