"""Plain PyTorch references for the RMS-norm ops.

These define the semantics every other provider must reproduce, so they favour
clarity over speed: accumulate in fp32, round the normalised value to the input
dtype *before* applying the weight (the order serving models use, so a provider
that multiplies in fp32 and rounds once would differ by an ulp), and return the
input dtype.
"""

from __future__ import annotations

import torch
from torch import Tensor


def _inv_rms(x32: Tensor, epsilon: float, variance_size: int | None) -> Tensor:
    # variance_size lets a model normalise by the statistics of a prefix of the
    # hidden dim while still scaling the whole row.
    if variance_size is not None:
        hidden = x32.shape[-1]
        if not 0 < variance_size <= hidden:
            raise ValueError(f"variance_size={variance_size} outside 1..{hidden}")
        x32 = x32[..., :variance_size]
    return torch.rsqrt(x32.pow(2).mean(dim=-1, keepdim=True) + epsilon)


def rms_norm(
    x: Tensor, weight: Tensor | None, epsilon: float, variance_size: int | None = None
) -> Tensor:
    """Return ``x / rms(x) * weight`` in x's dtype (weight optional)."""
    dtype = x.dtype
    x32 = x.float()
    out = (x32 * _inv_rms(x32, epsilon, variance_size)).to(dtype)
    if weight is not None:
        out = (out * weight).to(dtype)
    return out


def fused_add_rms_norm(
    x: Tensor,
    residual: Tensor,
    weight: Tensor | None,
    epsilon: float,
    variance_size: int | None = None,
    *,
    in_place: bool = True,
) -> tuple[Tensor, Tensor]:
    """Add x into residual, then RMS-normalise the sum.

    Returns ``(out, residual)``. The new residual is rounded to the input dtype
    before it is normalised, so ``out == rms_norm(new_residual)`` exactly; that
    keeps the two halves of a decoder layer consistent with what was stored.

    Side effects mirror the Triton provider so swapping providers never changes
    what a caller observes: the sum is always written back into ``residual``;
    with ``in_place`` the output also overwrites ``x`` (and ``x`` is returned).
    """
    summed = (x + residual).to(residual.dtype)
    out = rms_norm(summed, weight, epsilon, variance_size)
    residual.copy_(summed)
    if in_place:
        x.copy_(out)
        return x, residual
    return out, residual
