"""Plain PyTorch references for the gated-activation ops.

``gelu_and_mul_sparse`` (vLLM 0.33.0's IR op of that name) is the gated GELU of
models trained with activation sparsity (Gemma 3n): before the GELU, every gate
value below a per-row cutoff, ``mean + std * std_multiplier`` of the row's gate
values, is zeroed, so only the upper tail of each row's gate passes.

Like ``native.py`` this defines the semantics other providers reproduce, and it
favours clarity over speed: the statistics and the whole elementwise tail run in
fp32 (or float64 for a float64 x), and the result is rounded to x's dtype once,
at the end.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor

GELU_APPROXIMATIONS = ("none", "tanh")


def split_gate_up(x: Tensor) -> tuple[Tensor, Tensor]:
    """``(gate, up)``: the first and the second half of x's last dim."""
    if x.dim() == 0 or x.shape[-1] % 2:
        raise ValueError(f"the last dim of x must be even (gate then up), got {tuple(x.shape)}")
    d = x.shape[-1] // 2
    return x[..., :d], x[..., d:]


def gelu_and_mul_sparse(x: Tensor, std_multiplier: float, approximate: str = "none") -> Tensor:
    """``gelu(relu(gate - (mean + std * std_multiplier))) * up`` over x = [gate | up].

    ``mean`` and ``std`` are per row over the d gate values; ``std`` is the
    population standard deviation (divided by d, not d - 1). x is ``[..., 2d]``
    and the result ``[..., d]`` in x's dtype. ``approximate`` is F.gelu's:
    "none" (erf) or "tanh".
    """
    if approximate not in GELU_APPROXIMATIONS:
        raise ValueError(f"approximate must be one of {GELU_APPROXIMATIONS}, got {approximate!r}")
    gate, up = split_gate_up(x)
    if gate.numel() == 0:  # nothing to compute (and torch.std warns on an empty batch)
        return torch.empty(gate.shape, dtype=x.dtype, device=x.device)
    # fp32 at least (a float64 x keeps float64, so the function can check itself).
    compute = torch.promote_types(x.dtype, torch.float32)
    gate, up = gate.to(compute), up.to(compute)
    mean = gate.mean(dim=-1, keepdim=True)
    std = gate.std(dim=-1, keepdim=True, correction=0)
    cutoff = mean + std * std_multiplier
    sparse = torch.relu(gate - cutoff)
    return (F.gelu(sparse, approximate=approximate) * up).to(x.dtype)
