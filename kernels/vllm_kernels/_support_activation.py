"""Cheap checks that decide whether the Triton activation kernels may take a call.

Kept apart from the kernels for the reason ``_support`` is: the registry asks
them on every call and must not import Triton to do so.
"""

from __future__ import annotations

import math
import numbers

from torch import Tensor

from ._support import TRITON_DTYPES, _device_ok, _x_key, rows_view

# The chunked kernel has no row-length limit; this bound keeps untested
# territory (and int32 column offsets) on the native path, as for the norms.
MAX_TRITON_INTERMEDIATE = 1 << 18
TRITON_GELU_APPROXIMATIONS = ("none", "tanh")


def gelu_and_mul_sparse_args_ok(
    x: Tensor, std_multiplier: float, approximate: str = "none", **_: object
) -> bool:
    """True when the Triton kernel computes this call exactly as native would.

    Refused (native runs instead, and raises where the call is invalid): an odd
    or empty last dim, a dtype other than fp32/fp16/bf16, a last dim that is not
    contiguous or leading dims that do not collapse to one row stride, an
    unknown ``approximate``, a non-finite ``std_multiplier``, and a tensor one
    (reading it on the host would synchronise the device; the kernel takes a
    number).
    """
    if x.dim() == 0 or x.dtype not in TRITON_DTYPES or not _device_ok(x):
        return False
    width = x.shape[-1]
    if width % 2 or not 0 < width // 2 <= MAX_TRITON_INTERMEDIATE:
        return False
    if approximate not in TRITON_GELU_APPROXIMATIONS:
        return False
    if isinstance(std_multiplier, bool) or not isinstance(std_multiplier, numbers.Real):
        return False
    if not math.isfinite(std_multiplier):
        return False  # inf * a zero std is NaN: leave such rows to native's rules
    return rows_view(x) is not None


def gelu_and_mul_sparse_call_key(
    x: Tensor, std_multiplier: float, approximate: str = "none", **kwargs: object
) -> tuple[object, ...] | None:
    """The registry's cache key (see ``_support``): std_multiplier is no
    specialisation, but its type and finiteness decide the provider."""
    if kwargs or not isinstance(std_multiplier, float) or not math.isfinite(std_multiplier):
        return None
    return (_x_key(x), approximate)
