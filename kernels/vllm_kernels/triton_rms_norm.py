"""Triton kernels for ``rms_norm`` and ``fused_add_rms_norm``.

Both ops are pure bandwidth: each element is read once and written once, so the
goal is to match a device-to-device copy of the same bytes. Two code paths
(``launch_config``):

* row kernels: a program owns ``ROWS`` whole rows and keeps them in registers,
  so nothing is re-read between the reduction and the scaling; the weight load
  is issued with the row's, so a small batch waits for one memory round trip,
  not two. Used for short rows, for the fused op up to 16 KiB rows, and for
  rms_norm batches under ``CHUNKED_MIN_ROWS`` tokens (latency-bound;
  ``HIGH_BANDWIDTH_CHUNKED_MIN_ROWS`` for rows over 12 KiB on a GPU whose
  ``DeviceProfile`` is high-bandwidth).
* chunked kernels: one row per program, walked in ``BLOCK_N`` chunks twice:
  the first pass accumulates the sum of squares and leaves the row in L2
  (evict-last), the second re-reads it from L2 (evict-first) and writes the
  output. Measured faster than the row kernels for large rms_norm batches with
  rows over 4 KiB on an H200, and it has no row-length limit.

Specialisation (what makes Triton compile a new binary), which the warmup plan
must cover:
  * constexprs: ``N`` (hidden size), ``VAR_N`` (variance size), ``HAS_WEIGHT``,
    and the launch config (kernel, ``BLOCK_N``, ``ROWS``, ``num_warps``),
    chosen from the op, ``N``, the element size, the device's profile and one
    token-count threshold: whether the batch has at least ``CHUNKED_MIN_ROWS``
    rows (``HIGH_BANDWIDTH_CHUNKED_MIN_ROWS``, see above);
  * dtypes of x/out/residual and of the weight;
  * Triton's integer specialisation of the row strides (divisible by 16 or not)
    and 16-byte alignment of the data pointers (fresh allocations are aligned;
    a view starting mid-buffer may not be, and would compile its own binary).
The token count itself is ``do_not_specialize``: besides the threshold, any
number of tokens reuses a binary. ``warmup_token_counts`` names one count on
each side of the threshold, and the warmup always runs those. A one-row
launch passes the hidden size as its row stride (see ``_row_stride``), so it
shares the contiguous binary too; for a strided x whose stride differs from the
hidden size in divisibility by 16, one-token calls get a second binary, which a
plan item with that ``row_stride`` and token count 1 covers.
Aliasing (``out`` being ``x``) is not a specialisation either: the in-place and
out-of-place fused variants share one binary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
import triton
import triton.language as tl
from torch import Tensor

from ._support import DEFAULT_PROFILE, DeviceProfile, device_profile, heads_view, rows_view


@dataclass(frozen=True)
class LaunchConfig:
    block_n: int  # columns per step: the whole (padded) row, or one chunk
    rows: int  # rows per program (row kernels only)
    num_warps: int
    chunked: bool = False  # two-pass chunked kernel instead of the row kernel
    split: int = 1  # per-head kernel: chunks a thread holds of its head (power of two)


# rms_norm batches at least this large take the chunked kernel (when the row is
# over 4 KiB): at 4096 tokens the two kernels are within 2% of each other on an
# H200, and below it the row kernel's single memory round trip wins.
CHUNKED_MIN_ROWS = 4096
# The same on a high-bandwidth GPU (DeviceProfile.high_bandwidth) for rows over
# 12 KiB: on an H200 with the L2 flushed, at 1024 tokens and hidden 8192 (bf16)
# the chunked kernel moved 101-108% of a same-size copy and the row kernel 91%,
# equal under CUDA graphs. Shorter rows keep CHUNKED_MIN_ROWS: at hidden 4096
# the row kernel was the faster one in CUDA graphs, where small batches run.
HIGH_BANDWIDTH_CHUNKED_MIN_ROWS = 1024


def _row_kernel_config(hidden: int, element_size: int, warps: int) -> LaunchConfig:
    block_n = triton.next_power_of_2(hidden)
    block_bytes = block_n * element_size
    if block_bytes <= 1024:
        # Short rows: pack several per program so each still moves ~4 KiB.
        return LaunchConfig(block_n, max(1, 4096 // block_bytes), 4)
    return LaunchConfig(block_n, 1, warps)


def launch_config(
    op: str,
    hidden: int,
    element_size: int = 2,
    n_rows: int = 1,
    profile: DeviceProfile | None = None,
) -> LaunchConfig:
    """Pick the kernel and block shape for a launch.

    Depends on the row length and the device's profile (``profile``; None: the
    default one, the tables' reference; the launchers pass their tensor's
    device's), and on the token count only through one threshold,
    ``CHUNKED_MIN_ROWS`` (``HIGH_BANDWIDTH_CHUNKED_MIN_ROWS`` for long rows on a
    high-bandwidth GPU; see ``warmup_token_counts``). The thresholds come from
    sweeps on an H200 (bench/kernels_variants.py, bench/kernels_sweep.py;
    numbers in docs/benchmarks.md). Chunks are 4 or 8 KiB with 8 elements
    (16 bytes for 16-bit types) per thread.
    """
    row_bytes = hidden * element_size
    fits_registers = triton.next_power_of_2(hidden) * element_size <= 16384
    if op == "rms_norm":
        if (element_size == 2 and 2048 < row_bytes <= 4096
                and n_rows >= _chunked_min_rows(profile, 16384)):
            # 4 KiB rows of a 16-bit type, large batches: the two-pass kernel with
            # the whole row as its chunk (the second pass hits L1/L2). On an H200 at
            # hidden 2048 (bf16 and fp16) it moved 104-107% of a copy at 4096 tokens
            # against the row kernel's 97-100%, and was 1.02-1.05x torch.compile at
            # 1024 tokens with the L2 flushed where the row kernel was 0.90-0.93x.
            # (fp32 was not measured: it keeps the row kernel.)
            return LaunchConfig(triton.next_power_of_2(hidden), 1, 4, chunked=True)
        if row_bytes <= 4096:
            return _row_kernel_config(hidden, element_size, 4)
        if fits_registers and n_rows < _chunked_min_rows(profile, row_bytes):
            return _row_kernel_config(hidden, element_size, 8)
        if row_bytes <= 12288:
            return LaunchConfig(4096 // element_size, 1, 8, chunked=True)
        return LaunchConfig(8192 // element_size, 1, 16, chunked=True)
    if op == "rms_norm_heads":
        return _heads_config(hidden, element_size, profile)
    if op == "fused_add_rms_norm":
        if row_bytes <= 12288:
            return _row_kernel_config(hidden, element_size, 4)
        if fits_registers:
            return _row_kernel_config(hidden, element_size, 8)
        if (element_size == 4 and triton.next_power_of_2(hidden) * element_size <= 32768
                and n_rows < _chunked_min_rows(profile, row_bytes)):
            # fp32 rows up to 32 KiB, small batches: the whole row in 16 warps'
            # registers, one memory round trip. On an H200 at hidden 8192 it was
            # 1.13-1.27x torch.compile at 16 tokens where the chunked kernel was
            # 0.72-0.89x (measured for fp32 only).
            return LaunchConfig(triton.next_power_of_2(hidden), 1, 16)
        return LaunchConfig(4096 // element_size, 1, 16, chunked=True)
    raise ValueError(f"unknown op {op!r}")


# Bytes of x one program of the per-head kernel normalises: several heads, so that
# each program still moves a few KiB (a head is 128-512 bytes in 16-bit types).
HEADS_PROGRAM_BYTES = 4096
# On a high-bandwidth GPU: (num_warps, split) for heads of at most 256 bytes and for
# longer ones. A thread moves 16 bytes of each of its ``split`` chunks, so a program
# holds 512 * num_warps * split bytes of x. Picked on an H200 (bf16, CUDA graphs, M 16
# to 8192; bench/kernels_explore_heads.py --set split) from num_warps 2-16 and split
# 1, 2, 4: head_dim 128 as 8 heads x 4 warps, 256 as 8 heads x 8 warps. A split of 2
# or 4 (fewer shuffles, more bytes a thread) was slower at every shape.
HIGH_BANDWIDTH_HEADS = {"short": (4, 1), "long": (8, 1)}


def _heads_config(head_dim: int, element_size: int, profile: DeviceProfile | None) -> LaunchConfig:
    """The per-head kernel's shape: whole heads in registers, several a program.
    No token-count threshold: one binary serves every batch (up to the int64
    offsets of ``heads_wide_from``, far past any batch)."""
    block_n = triton.next_power_of_2(head_dim)
    head_bytes = block_n * element_size
    if not (profile or DEFAULT_PROFILE).high_bandwidth:
        rows = triton.next_power_of_2(max(1, HEADS_PROGRAM_BYTES // head_bytes))
        return LaunchConfig(block_n, rows, 4)
    # On a high-bandwidth GPU: 16 bytes a thread (see HIGH_BANDWIDTH_HEADS).
    warps, split = HIGH_BANDWIDTH_HEADS["short" if head_bytes <= 256 else "long"]
    split = max(1, min(split, head_bytes // 16))  # a chunk is 16 bytes or more
    return LaunchConfig(block_n, max(1, 512 * warps * split // head_bytes), warps, split=split)


def _chunked_min_rows(profile: DeviceProfile | None, row_bytes: int) -> int:
    if (profile or DEFAULT_PROFILE).high_bandwidth and row_bytes > 12288:
        return HIGH_BANDWIDTH_CHUNKED_MIN_ROWS
    return CHUNKED_MIN_ROWS


# Every token count at which some launch choice changes, on any profile.
_THRESHOLDS = ("CHUNKED_MIN_ROWS", "HIGH_BANDWIDTH_CHUNKED_MIN_ROWS")


def warmup_token_counts(
    op: str,
    hidden: int,
    element_size: int,
    profile: DeviceProfile | None = None,
    *,
    heads: int | None = None,
    token_stride: int | None = None,
) -> tuple[int, ...]:
    """Token counts that between them hit every launch config for this row shape
    on a device of ``profile`` (None: the default one): 1, and each threshold
    where the choice changes.

    For a per-head view (``heads`` of ``hidden`` each, contiguous within a token,
    tokens ``token_stride`` apart): 1 (one token's heads are rows), 2 (the
    per-head kernel; with one head, rows ``token_stride`` apart), and the token
    count from which its offsets need int64.
    """
    if heads is not None:
        stride = token_stride or heads * hidden
        counts = {1, 2, heads_wide_from(heads, hidden, stride, hidden)}
        if heads == 1:
            counts |= set(warmup_token_counts(op, hidden, element_size, profile))
        return tuple(sorted(counts))
    counts = [1]
    for name in _THRESHOLDS:
        t = globals()[name]  # read at call time: tests lower the thresholds
        if launch_config(op, hidden, element_size, t - 1, profile) != launch_config(
            op, hidden, element_size, t, profile
        ):
            counts.append(t)
    return tuple(sorted(set(counts)))


# -- rms_norm ------------------------------------------------------------------


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _rms_norm_rows(
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
    # Issue the weight load before the reduction: loads do not move across its
    # barrier, and a small batch would otherwise wait for memory twice.
    if HAS_WEIGHT:
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
    else:
        w = tl.full([BLOCK_N], 1.0, tl.float32)  # unused; keeps w defined
    sq = x * x
    if VAR_N != N:
        sq = tl.where((cols < VAR_N)[None, :], sq, 0.0)
    rstd = tl.rsqrt(tl.sum(sq, axis=1) / VAR_N + eps)
    y = (x * rstd[:, None]).to(out_ptr.dtype.element_ty)
    if HAS_WEIGHT:
        y = (y.to(tl.float32) * w[None, :]).to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + rows64 * out_stride + cols[None, :], y, mask=mask)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _rms_norm_chunked(
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
):
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * x_stride
    o_row = out_ptr + row * out_stride
    acc = tl.zeros([BLOCK_N], dtype=tl.float32)
    # Pass 1 reads only what the variance needs; keep it in L2 for pass 2.
    for off in range(0, VAR_N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        x = tl.load(x_row + cols, mask=cols < VAR_N, other=0.0, eviction_policy="evict_last")
        x = x.to(tl.float32)
        acc += x * x
    rstd = tl.rsqrt(tl.sum(acc, axis=0) / VAR_N + eps)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        mask = cols < N
        x = tl.load(x_row + cols, mask=mask, other=0.0, eviction_policy="evict_first")
        y = (x.to(tl.float32) * rstd).to(out_ptr.dtype.element_ty)
        if HAS_WEIGHT:
            w = tl.load(w_ptr + cols, mask=mask, other=0.0, eviction_policy="evict_last")
            y = (y.to(tl.float32) * w.to(tl.float32)).to(out_ptr.dtype.element_ty)
        tl.store(o_row + cols, y, mask=mask)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _rms_norm_heads(
    x_ptr,
    out_ptr,
    w_ptr,
    n_rows,
    x_token_stride,
    x_head_stride,
    out_token_stride,
    out_head_stride,
    eps,
    N: tl.constexpr,
    VAR_N: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    BLOCK_N: tl.constexpr,
    ROWS: tl.constexpr,
    HEADS: tl.constexpr,
    WIDE: tl.constexpr,
    SPLIT: tl.constexpr,
):
    """The row kernel over a (tokens, heads, N) view: row r is head r % heads of
    token r // heads, so one launch covers every head of every token whatever
    the two strides (a per-head q/k norm reads a slice of the fused QKV output,
    whose tokens are the whole QKV width apart).

    A program holds ROWS heads as a (SPLIT, ROWS, BLOCK_N // SPLIT) tile: the chunk
    index is the slowest dim, so a thread holds SPLIT chunks of its columns and one
    head spans BLOCK_N // SPLIT // 8 lanes (for 16-bit types): fewer shuffles in the
    reduction, which sits on the critical path of a latency-bound launch. (On an
    H200 a split of 2 or 4 lost to 1 at every measured shape; the tables use 1.)"""
    C: tl.constexpr = BLOCK_N // SPLIT
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = (tl.arange(0, SPLIT) * C)[:, None, None] + tl.arange(0, C)[None, None, :]
    # The head count is a constexpr (one binary per count a model has): a division
    # by a runtime value sat on the address's critical path, and in CUDA graphs at
    # 16-2048 tokens a constant count (with int32 offsets) was 3-10% faster on an H200.
    tok = rows // HEADS
    head = rows % HEADS
    if WIDE:  # int64 offsets, only where int32 would overflow (see _offsets_fit)
        tok = tok.to(tl.int64)
        head = head.to(tl.int64)
    x_rows = (tok * x_token_stride + head * x_head_stride)[None, :, None]
    o_rows = (tok * out_token_stride + head * out_head_stride)[None, :, None]
    mask = (rows < n_rows)[None, :, None] & (cols < N)
    x = tl.load(x_ptr + x_rows + cols, mask=mask, other=0.0)
    if HAS_WEIGHT:
        # Issued before the reduction, as in _rms_norm_rows, and loaded in x's own
        # layout (a full tile, every row the same weight, hits in L1): a 1-D load
        # took its own layout and reached x's through shared memory and a barrier,
        # on the critical path.
        wcols = tl.broadcast_to(cols, (SPLIT, ROWS, C))
        w = tl.load(w_ptr + wcols, mask=wcols < N, other=0.0).to(tl.float32)
    else:
        w = tl.full([SPLIT, ROWS, C], 1.0, tl.float32)
    x = x.to(tl.float32)
    sq = x * x
    if VAR_N != N:
        sq = tl.where(cols < VAR_N, sq, 0.0)
    rstd = tl.rsqrt(tl.sum(tl.sum(sq, axis=0), axis=1) / VAR_N + eps)
    y = (x * rstd[None, :, None]).to(out_ptr.dtype.element_ty)
    if HAS_WEIGHT:
        y = (y.to(tl.float32) * w).to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + o_rows + cols, y, mask=mask)


# -- fused_add_rms_norm --------------------------------------------------------


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _fused_add_rms_norm_rows(
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
    if HAS_WEIGHT:  # issued early, as in _rms_norm_rows
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
    else:
        w = tl.full([BLOCK_N], 1.0, tl.float32)
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
        y = (y.to(tl.float32) * w[None, :]).to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + rows64 * out_stride + cols[None, :], y, mask=mask)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _fused_add_rms_norm_chunked(
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
):
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * x_stride
    r_row = res_ptr + row * res_stride
    o_row = out_ptr + row * out_stride
    acc = tl.zeros([BLOCK_N], dtype=tl.float32)
    # Pass 1: residual += x, written back; its L2 lines are what pass 2 reads.
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        mask = cols < N
        x = tl.load(x_row + cols, mask=mask, other=0.0, eviction_policy="evict_first")
        r = tl.load(r_row + cols, mask=mask, other=0.0, eviction_policy="evict_first")
        z = (x.to(tl.float32) + r.to(tl.float32)).to(res_ptr.dtype.element_ty)
        tl.store(r_row + cols, z, mask=mask)
        zf = z.to(tl.float32)
        acc += tl.where(cols < VAR_N, zf * zf, 0.0)
    # The reduction's barrier also orders pass 1's stores before pass 2's loads
    # across the program's threads (and each thread re-reads its own columns).
    rstd = tl.rsqrt(tl.sum(acc, axis=0) / VAR_N + eps)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        mask = cols < N
        z = tl.load(r_row + cols, mask=mask, other=0.0, eviction_policy="evict_first")
        y = (z.to(tl.float32) * rstd).to(out_ptr.dtype.element_ty)
        if HAS_WEIGHT:
            w = tl.load(w_ptr + cols, mask=mask, other=0.0, eviction_policy="evict_last")
            y = (y.to(tl.float32) * w.to(tl.float32)).to(out_ptr.dtype.element_ty)
        tl.store(o_row + cols, y, mask=mask)


# -- launchers -----------------------------------------------------------------


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


@dataclass(frozen=True)
class _Launch:
    """One launch, planned: the kernel, its grid, and its arguments in order."""

    kernel: Any  # a triton.jit function
    grid: tuple[int, ...]
    args: tuple[Any, ...]  # runtime arguments, in the kernel's order
    consts: dict[str, Any]  # constexprs, in the kernel's order after the arguments
    num_warps: int

    def __call__(self) -> Any:
        """Launch through Triton's own path; returns its compiled kernel (None
        under the interpreter)."""
        return self.kernel[self.grid](*self.args, **self.consts, num_warps=self.num_warps)


def _plan_rms_norm(
    x: Tensor, weight: Tensor | None, epsilon: float, var_n: int, out: Tensor,
    config: LaunchConfig | None,
) -> _Launch | None:
    hidden = x.shape[-1]
    consts = {"N": hidden, "VAR_N": var_n, "HAS_WEIGHT": weight is not None}
    x2 = rows_view(x)
    if x2 is None:  # a per-head view: tokens and heads each with their own stride
        x3, o3 = _heads(x, "x"), _heads(out, "out")
        tokens, heads = x3.shape[0], x3.shape[1]
        n_rows = tokens * heads
        if n_rows == 0:
            return None
        cfg = config or launch_config(
            "rms_norm_heads", hidden, x.element_size(), n_rows, device_profile(x.device)
        )
        args = (x3, o3, weight, n_rows, x3.stride(0), x3.stride(1), o3.stride(0),
                o3.stride(1), epsilon)
        wide = not (_offsets_fit(x3, tokens) and _offsets_fit(o3, tokens))
        return _Launch(_rms_norm_heads, (triton.cdiv(n_rows, cfg.rows),), args,
                       {**consts, "BLOCK_N": cfg.block_n, "ROWS": cfg.rows, "HEADS": heads,
                        "WIDE": wide, "SPLIT": cfg.split}, cfg.num_warps)
    o2 = _rows(out, "out")
    n_rows = x2.shape[0]
    if n_rows == 0:
        return None
    cfg = config or launch_config(
        "rms_norm", hidden, x.element_size(), n_rows, device_profile(x.device)
    )
    args = (x2, o2, weight, n_rows, _row_stride(x2), _row_stride(o2), epsilon)
    # weight=None is a constexpr to Triton: no dummy pointer to specialise on.
    if cfg.chunked:
        return _Launch(_rms_norm_chunked, (n_rows,), args, {**consts, "BLOCK_N": cfg.block_n},
                       cfg.num_warps)
    return _Launch(_rms_norm_rows, (triton.cdiv(n_rows, cfg.rows),), args,
                   {**consts, "BLOCK_N": cfg.block_n, "ROWS": cfg.rows}, cfg.num_warps)


def _offsets_fit(t3: Tensor, tokens: int) -> bool:
    """Whether every element offset of ``tokens`` tokens of the (tokens, heads, N)
    view fits int32: so for any batch up to ``heads_wide_from`` tokens."""
    return tokens < heads_wide_from(t3.shape[1], t3.shape[2], t3.stride(0), t3.stride(1))


def heads_wide_from(heads: int, head_dim: int, token_stride: int, head_stride: int) -> int:
    """The first token count whose per-head view needs int64 offsets (a token-count
    threshold of the per-head kernel, far past any batch at real strides: 349,526
    tokens for Qwen3-8B's q at TP 1, 32 heads of 128 in rows of 6144)."""
    end = (heads - 1) * head_stride + head_dim  # one past a token's last element
    # T tokens fit while (T - 1) * token_stride + end <= 2**31.
    return (2**31 - end) // max(token_stride, 1) + 2


def _heads(t: Tensor, what: str) -> Tensor:
    view = heads_view(t)
    if view is None:
        raise ValueError(f"{what}: last dim must be contiguous and leading dims collapsible "
                         "to (tokens, heads)")
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

    x is rows (any leading dims that collapse into one row stride) or a per-head
    view ``(tokens, heads, head_dim)`` with any token and head strides, such as
    q or k sliced out of a fused QKV output. ``config`` overrides the launch
    choice; it exists for tuning sweeps only.
    """
    var_n = _check_variance_size(variance_size, x.shape[-1])
    if out is None:
        out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    launch = _plan_rms_norm(x, weight, epsilon, var_n, out, config)
    if launch is not None:
        launch()
    return out


def _plan_fused(
    x: Tensor, residual: Tensor, weight: Tensor | None, epsilon: float, var_n: int,
    out: Tensor, config: LaunchConfig | None,
) -> _Launch | None:
    hidden = x.shape[-1]
    x2, r2, o2 = _rows(x, "x"), _rows(residual, "residual"), _rows(out, "out")
    n_rows = x2.shape[0]
    if n_rows == 0:
        return None
    cfg = config or launch_config(
        "fused_add_rms_norm", hidden, x.element_size(), n_rows, device_profile(x.device)
    )
    strides = (_row_stride(x2), _row_stride(r2), _row_stride(o2))
    args = (x2, r2, o2, weight, n_rows, *strides, epsilon)
    consts = {"N": hidden, "VAR_N": var_n, "HAS_WEIGHT": weight is not None, "BLOCK_N": cfg.block_n}
    if cfg.chunked:
        return _Launch(_fused_add_rms_norm_chunked, (n_rows,), args, consts, cfg.num_warps)
    return _Launch(_fused_add_rms_norm_rows, (triton.cdiv(n_rows, cfg.rows),), args,
                   {**consts, "ROWS": cfg.rows}, cfg.num_warps)


def _fused_out(x: Tensor, residual: Tensor, variance_size: int | None, in_place: bool
               ) -> tuple[int, Tensor]:
    var_n = _check_variance_size(variance_size, x.shape[-1])
    if residual.shape != x.shape or residual.dtype != x.dtype:
        raise ValueError("residual must match x in shape and dtype")
    return var_n, x if in_place else torch.empty(x.shape, dtype=x.dtype, device=x.device)


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
    var_n, out = _fused_out(x, residual, variance_size, in_place)
    launch = _plan_fused(x, residual, weight, epsilon, var_n, out, config)
    if launch is not None:
        launch()
    return out, residual


# -- direct launchers (the registry's per-signature cache) -----------------------
#
# bind_* make the call they are given through the path above (compiling if need
# be, where the JIT monitor sees it) and return, beside its result, a function
# that makes every later call of the same signature (the registry's call key:
# dtypes, devices, the sizes and strides past the token dim, the alignment of
# each pointer, the token count's power-of-two class) straight through the
# compiled binary. None where the launch would differ inside that class (a
# token-count threshold inside it, or a shape the direct path does not take):
# the registry then calls the function above.


def _token_class(n: int) -> tuple[int, int]:
    """The token counts sharing n's call key: n's power-of-two class."""
    if n < 1:
        return n, n
    lo = 1 << (n.bit_length() - 1)
    return lo, 2 * lo - 1


def _same_in_class(op: str, hidden: int, es: int, tokens: int, per_token: int,
                   device: torch.device) -> bool:
    lo, hi = _token_class(tokens)
    profile = device_profile(device)
    return launch_config(op, hidden, es, lo * per_token, profile) == launch_config(
        op, hidden, es, hi * per_token, profile)


def _bound_for(launch: _Launch, compiled: Any, x: Tensor) -> Any:
    if x.device.type != "cuda":
        return None
    from ._launch import bound

    return bound(launch.kernel, compiled, (*_ARG_NAMES[launch.kernel.fn.__name__],
                                           *launch.consts), x.device.index)


_ARG_NAMES = {
    "_rms_norm_rows": ("x_ptr", "out_ptr", "w_ptr", "n_rows", "x_stride", "out_stride", "eps"),
    "_rms_norm_chunked": ("x_ptr", "out_ptr", "w_ptr", "n_rows", "x_stride", "out_stride",
                          "eps"),
    "_rms_norm_heads": ("x_ptr", "out_ptr", "w_ptr", "n_rows", "x_token_stride",
                        "x_head_stride", "out_token_stride", "out_head_stride", "eps"),
    "_fused_add_rms_norm_rows": ("x_ptr", "res_ptr", "out_ptr", "w_ptr", "n_rows", "x_stride",
                                 "res_stride", "out_stride", "eps"),
    "_fused_add_rms_norm_chunked": ("x_ptr", "res_ptr", "out_ptr", "w_ptr", "n_rows",
                                    "x_stride", "res_stride", "out_stride", "eps"),
}


def bind_rms_norm(
    x: Tensor, weight: Tensor | None, epsilon: float, variance_size: int | None = None,
    **kwargs: Any,
) -> tuple[Tensor, Callable[..., Tensor] | None]:
    if kwargs or x.dim() not in (2, 3):
        return rms_norm(x, weight, epsilon, variance_size, **kwargs), None
    var_n = _check_variance_size(variance_size, x.shape[-1])
    # empty_like costs a third of empty(shape, ...) on the host. Its strides follow
    # x's where x is dense and are contiguous otherwise: either way fixed by the call
    # key (x's strides, and a token class of one count or of several).
    out = torch.empty_like(x)
    launch = _plan_rms_norm(x, weight, epsilon, var_n, out, None)
    if launch is None or not out.is_contiguous():
        if launch is not None:
            launch()
        return out, None
    compiled = launch()
    heads = launch.kernel is _rms_norm_heads
    # Rows of a 3-D x: one token's heads (contiguous rows), or a (tokens, heads)
    # block that collapses to rows.
    per_token = x.shape[1] if x.dim() == 3 else 1
    op = "rms_norm_heads" if heads else "rms_norm"
    if not _same_in_class(op, x.shape[-1], x.element_size(), x.shape[0], per_token, x.device):
        return out, None
    b = _bound_for(launch, compiled, x)
    if b is None:
        return out, None
    run, function, packed, enter, exit_, stream, dev = b
    tail = tuple(launch.consts.values())
    rows = launch.consts.get("ROWS", 1)  # the chunked kernel: one row a program
    if heads:
        n_heads = x.shape[1]
        xts, xhs, ots, ohs = launch.args[4:8]
        _, hi = _token_class(x.shape[0])
        if launch.consts["WIDE"] != (hi >= heads_wide_from(n_heads, x.shape[2], xts, xhs)):
            return out, None  # int32 offsets for some of the class, not all

        def call_heads(x: Tensor, weight: Tensor | None, epsilon: float,
                       variance_size: int | None = None) -> Tensor:
            out = torch.empty_like(x)
            n = x.shape[0] * n_heads
            run((n + rows - 1) // rows, 1, 1, stream(dev), function, packed, None, enter,
                exit_, x, out, weight, n, xts, xhs, ots, ohs, epsilon, *tail)
            return out

        return out, call_heads
    xs, os_ = launch.args[4:6]
    hidden = x.shape[-1]

    def call_rows(x: Tensor, weight: Tensor | None, epsilon: float,
                  variance_size: int | None = None) -> Tensor:
        out = torch.empty_like(x)
        n = x.numel() // hidden
        run((n + rows - 1) // rows, 1, 1, stream(dev), function, packed, None, enter, exit_,
            x, out, weight, n, xs, os_, epsilon, *tail)
        return out

    return out, call_rows


def bind_fused_add_rms_norm(
    x: Tensor, residual: Tensor, weight: Tensor | None, epsilon: float,
    variance_size: int | None = None, *, in_place: bool = True, **kwargs: Any,
) -> tuple[tuple[Tensor, Tensor], Callable[..., tuple[Tensor, Tensor]] | None]:
    if kwargs or x.dim() != 2:
        result = fused_add_rms_norm(x, residual, weight, epsilon, variance_size,
                                    in_place=in_place, **kwargs)
        return result, None
    var_n, out = _fused_out(x, residual, variance_size, in_place)
    launch = _plan_fused(x, residual, weight, epsilon, var_n, out, None)
    if launch is None:
        return (out, residual), None
    compiled = launch()
    same = _same_in_class("fused_add_rms_norm", x.shape[-1], x.element_size(), x.shape[0], 1,
                          x.device)
    b = _bound_for(launch, compiled, x) if same else None
    if b is None:
        return (out, residual), None
    run, function, packed, enter, exit_, stream, dev = b
    tail = tuple(launch.consts.values())
    rows = launch.consts.get("ROWS", 1)
    xs, rs, os_ = launch.args[5:8]

    def call(x: Tensor, residual: Tensor, weight: Tensor | None, epsilon: float,
             variance_size: int | None = None, *, in_place: bool = True
             ) -> tuple[Tensor, Tensor]:
        # in_place is part of the call key: this function serves one value of it.
        out = x if in_place else torch.empty_like(x)
        n = x.shape[0]
        run((n + rows - 1) // rows, 1, 1, stream(dev), function, packed, None, enter, exit_,
            x, residual, out, weight, n, xs, rs, os_, epsilon, *tail)
        return out, residual

    return (out, residual), call
