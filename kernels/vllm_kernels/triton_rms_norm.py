"""Triton kernels for ``rms_norm`` and ``fused_add_rms_norm``.

Both ops are pure bandwidth: each element is read once and written once, so the
design goal is to match a device-to-device copy of the same bytes. A program
owns ``ROWS`` whole rows and keeps them in registers, so nothing is re-read
between the reduction and the scaling pass.

Specialisation (what makes Triton compile a new binary), which the warmup plan
must cover:
  * constexprs: ``N`` (hidden size), ``VAR_N`` (variance size), ``HAS_WEIGHT``,
    and the launch config chosen from ``N`` alone (``BLOCK_N``, ``ROWS``,
    ``num_warps``);
  * dtypes of x/out/residual and of the weight;
  * Triton's integer specialisation of the row strides (divisible by 16 or not)
    and 16-byte alignment of the data pointers (fresh allocations are aligned;
    a view starting mid-buffer may not be, and would compile its own binary).
The token count is ``do_not_specialize`` and no launch choice depends on it, so
any number of tokens reuses the binary compiled for the first one. A one-row
launch passes the hidden size as its row stride (see ``_row_stride``), so it
shares the contiguous binary too; for a strided x whose stride differs from the
hidden size in divisibility by 16, one-token calls get a second binary, which a
plan item with that ``row_stride`` and token count 1 covers.
Aliasing (``out`` being ``x``) is not a specialisation either: the in-place and
out-of-place fused variants share one binary.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import triton
import triton.language as tl
from torch import Tensor

from ._support import rows_view


@dataclass(frozen=True)
class LaunchConfig:
    block_n: int
    rows: int
    num_warps: int


def launch_config(hidden: int, element_size: int = 2) -> LaunchConfig:
    """Pick the block shape from the hidden size only (never from the token count).

    Why these numbers: a program must have enough bytes in flight to hide DRAM
    latency (~16-32 KiB per SM on Hopper) yet keep each thread's share of a row
    in registers. Small rows are therefore packed several to a program.
    """
    block_n = triton.next_power_of_2(hidden)
    row_bytes = block_n * element_size
    if row_bytes <= 1024:
        rows = max(1, 4096 // row_bytes)
        return LaunchConfig(block_n, rows, 4)
    if row_bytes <= 4096:
        return LaunchConfig(block_n, 1, 4)
    if row_bytes <= 16384:
        return LaunchConfig(block_n, 1, 8)
    if row_bytes <= 65536:
        return LaunchConfig(block_n, 1, 16)
    return LaunchConfig(block_n, 1, 32)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _rms_norm_kernel(
    x_ptr,
    out_ptr,
    w_ptr,
    n_rows,
    x_stride,
    out_stride,
    eps,
    N: tl.constexpr,
    VAR_N: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    BLOCK_N: tl.constexpr,
    ROWS: tl.constexpr,
):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows < n_rows)[:, None] & (cols < N)[None, :]
    # int64 row offsets: tokens * stride overflows int32 for long prefills.
    rows64 = rows.to(tl.int64)[:, None]
    # Load, then widen: the CPU interpreter has no bf16 arithmetic, and fp32
    # accumulation is the contract anyway.
    x = tl.load(x_ptr + rows64 * x_stride + cols[None, :], mask=mask, other=0.0).to(tl.float32)
    sq = x * x
    if VAR_N != N:
        sq = tl.where((cols < VAR_N)[None, :], sq, 0.0)
    rstd = tl.rsqrt(tl.sum(sq, axis=1) / VAR_N + eps)
    y = (x * rstd[:, None]).to(out_ptr.dtype.element_ty)
    if HAS_WEIGHT:
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
        y = (y.to(tl.float32) * w[None, :]).to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + rows64 * out_stride + cols[None, :], y, mask=mask)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _fused_add_rms_norm_kernel(
    x_ptr,
    res_ptr,
    out_ptr,
    w_ptr,
    n_rows,
    x_stride,
    res_stride,
    out_stride,
    eps,
    N: tl.constexpr,
    VAR_N: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    BLOCK_N: tl.constexpr,
    ROWS: tl.constexpr,
):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows < n_rows)[:, None] & (cols < N)[None, :]
    rows64 = rows.to(tl.int64)[:, None]
    x = tl.load(x_ptr + rows64 * x_stride + cols[None, :], mask=mask, other=0.0).to(tl.float32)
    r_ptrs = res_ptr + rows64 * res_stride + cols[None, :]
    r = tl.load(r_ptrs, mask=mask, other=0.0).to(tl.float32)
    # Round the sum to the storage dtype first: the output must be the norm of
    # exactly the residual the next layer will read.
    z = (x + r).to(res_ptr.dtype.element_ty)
    tl.store(r_ptrs, z, mask=mask)
    zf = z.to(tl.float32)
    sq = zf * zf
    if VAR_N != N:
        sq = tl.where((cols < VAR_N)[None, :], sq, 0.0)
    rstd = tl.rsqrt(tl.sum(sq, axis=1) / VAR_N + eps)
    y = (zf * rstd[:, None]).to(out_ptr.dtype.element_ty)
    if HAS_WEIGHT:
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
        y = (y.to(tl.float32) * w[None, :]).to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + rows64 * out_stride + cols[None, :], y, mask=mask)


def _check_variance_size(variance_size: int | None, hidden: int) -> int:
    if variance_size is None:
        return hidden
    if not 0 < variance_size <= hidden:
        raise ValueError(f"variance_size={variance_size} outside 1..{hidden}")
    return variance_size


def _row_stride(t2: Tensor) -> int:
    # A single row's stride is never used for addressing, and torch reports
    # arbitrary strides (often 1) for size-1 dims; Triton would specialise on
    # that value and compile a separate binary for one-token batches. Pass the
    # hidden size instead, which matches the contiguous multi-row case.
    return t2.stride(0) if t2.shape[0] > 1 else t2.shape[1]


def _rows(t: Tensor, what: str) -> Tensor:
    view = rows_view(t)
    if view is None:
        raise ValueError(f"{what}: hidden dim must be contiguous and rows collapsible to 2-D")
    return view


def rms_norm(
    x: Tensor,
    weight: Tensor | None,
    epsilon: float,
    variance_size: int | None = None,
    *,
    out: Tensor | None = None,
    config: LaunchConfig | None = None,
) -> Tensor:
    """RMS-normalise the last dim of x into a new tensor (or ``out``, which may be x).

    ``config`` overrides the launch choice; it exists for tuning sweeps only.
    """
    hidden = x.shape[-1]
    var_n = _check_variance_size(variance_size, hidden)
    if out is None:
        out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    x2, o2 = _rows(x, "x"), _rows(out, "out")
    n_rows = x2.shape[0]
    if n_rows == 0:
        return out
    cfg = config or launch_config(hidden, x.element_size())
    grid = (triton.cdiv(n_rows, cfg.rows),)
    _rms_norm_kernel[grid](
        x2,
        o2,
        weight,  # None is a constexpr to Triton: no dummy pointer to specialise on
        n_rows,
        _row_stride(x2),
        _row_stride(o2),
        epsilon,
        N=hidden,
        VAR_N=var_n,
        HAS_WEIGHT=weight is not None,
        BLOCK_N=cfg.block_n,
        ROWS=cfg.rows,
        num_warps=cfg.num_warps,
    )
    return out


def fused_add_rms_norm(
    x: Tensor,
    residual: Tensor,
    weight: Tensor | None,
    epsilon: float,
    variance_size: int | None = None,
    *,
    in_place: bool = True,
    config: LaunchConfig | None = None,
) -> tuple[Tensor, Tensor]:
    """``residual += x`` in place, then normalise it; returns ``(out, residual)``.

    With ``in_place`` the output overwrites x (what a decoder layer wants: x is
    dead after this op), saving an allocation; otherwise it goes to a new tensor.
    """
    hidden = x.shape[-1]
    var_n = _check_variance_size(variance_size, hidden)
    if residual.shape != x.shape or residual.dtype != x.dtype:
        raise ValueError("residual must match x in shape and dtype")
    out = x if in_place else torch.empty(x.shape, dtype=x.dtype, device=x.device)
    x2, r2, o2 = _rows(x, "x"), _rows(residual, "residual"), _rows(out, "out")
    n_rows = x2.shape[0]
    if n_rows == 0:
        return out, residual
    cfg = config or launch_config(hidden, x.element_size())
    grid = (triton.cdiv(n_rows, cfg.rows),)
    _fused_add_rms_norm_kernel[grid](
        x2,
        r2,
        o2,
        weight,
        n_rows,
        _row_stride(x2),
        _row_stride(r2),
        _row_stride(o2),
        epsilon,
        N=hidden,
        VAR_N=var_n,
        HAS_WEIGHT=weight is not None,
        BLOCK_N=cfg.block_n,
        ROWS=cfg.rows,
        num_warps=cfg.num_warps,
    )
    return out, residual
