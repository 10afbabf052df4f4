"""Triton kernels for ``gelu_and_mul_sparse``.

x is ``[..., 2d]`` (gate, then up); each row's output is
``gelu(relu(gate - (mean + std * std_multiplier))) * up`` with the gate's mean
and population std. Like the norms this is pure bandwidth (read 2d, write d
elements per row), so the goal is a device-to-device copy of the same bytes.
Two code paths:

* row kernel: a program owns ``ROWS`` whole rows, gate and up both loaded up
  front and kept in registers, so a batch waits for one memory round trip. The
  statistics are two-pass over the registers (mean, then the centred sum of
  squares), shifted by the row's first gate value so that a constant gate gives
  exactly its value as the mean and exactly zero as the std.
* chunked kernel: the gate walked in ``BLOCK_D`` chunks twice. Pass 1 keeps, per
  lane, sums of the lane's values shifted by its own first value (a lane holds a
  few values, so however far that value lies from their mean, at most a few bits
  cancel) and leaves the gate in L2 (evict-last); the lanes are then merged
  (Chan et al.). Pass 2 re-reads the gate from L2, streams up (evict-first) and
  writes. No row-length limit, few registers. A small batch splits each row over
  several programs (``LaunchConfig.split``): each computes the row's statistics
  (the gate comes from DRAM once, then from L2) and writes its own chunks.

Which one runs, with what shape, depends on the row size, the token count and
the GPU's ``DeviceProfile`` (``launch_config``).

Both compute in fp32 and round once, like the native reference. The exact (erf)
GELU is ``s * (1 - exp2(Q(s)) / 2)`` with Q a fitted polynomial (relative error
under 1e-6, see ``_gelu``); with ``approximate="tanh"`` it is ``s * sigmoid(2u)``,
the same function as ``0.5 s (1 + tanh(u))`` with no overflow for any s >= 0.
Each is about ten instructions: the op moves 6 bytes per output (16-bit types),
and on an H200 the math library's erf made it compute-bound.

Specialisation (what makes Triton compile a new binary), which the warmup plan
must cover:
  * constexprs: ``D`` (the intermediate size: half of x's last dim),
    ``APPROX_TANH``, and the launch config (kernel, ``BLOCK_D``, ``ROWS``,
    ``CHUNKS_PER_PROGRAM``, ``num_warps``, the register cap), chosen from ``D``,
    the element size, the device's profile and the token-count thresholds
    ``SPLIT_MAX_ROWS`` and (on a high-bandwidth GPU) ``SHORT_CHUNKED_MIN_ROWS``
    (``warmup_token_counts`` names one count on each side where it matters);
  * the dtype of x (the output has x's dtype);
  * Triton's integer specialisation of the row strides (divisible by 16 or not)
    and 16-byte alignment of the data pointers, as for the norms.
The token count and ``std_multiplier`` are ``do_not_specialize``. A one-row
launch passes ``2d`` as x's row stride and ``d`` as out's, so it shares the
contiguous binary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
import triton
import triton.language as tl
from torch import Tensor

from ._support import DEFAULT_PROFILE, DeviceProfile, device_profile, rows_view


@dataclass(frozen=True)
class LaunchConfig:
    block_d: int  # gate columns per step: the whole (padded) gate, or one chunk
    rows: int  # rows per program (row kernel only)
    num_warps: int
    chunked: bool = False  # two-pass chunked kernel instead of the row kernel
    # Chunked only: programs per row. Each reads the whole gate for the statistics
    # (from L2 after the first) and writes 1/split of the row, so that a small
    # batch of long rows is spread over many SMs instead of a few.
    split: int = 1
    # Registers a thread may use (Triton's maxnreg; 0: the compiler's choice).
    max_registers: int = 0


# Batches of long rows smaller than this split each row over programs (see
# LaunchConfig.split); from here on one program per row fills the GPU.
SPLIT_MAX_ROWS = 64
# High-bandwidth GPUs only: batches of short gates (up to 4 KiB) this large take
# the chunked kernel (see _high_bandwidth_config).
SHORT_CHUNKED_MIN_ROWS = 2048


def launch_config(
    op: str, d: int, element_size: int = 2, n_rows: int = 1, profile: DeviceProfile | None = None
) -> LaunchConfig:
    """Pick the kernel and block shape for a launch (same protocol as the norms').

    Depends on the intermediate size ``d``, the element size and the device's
    profile (``profile``; None: the default one, the tables' reference; the
    launcher passes its tensor's device's), and on the token count
    only through thresholds (``SPLIT_MAX_ROWS``, and ``SHORT_CHUNKED_MIN_ROWS``
    on a high-bandwidth GPU; ``warmup_token_counts`` names one count on each side
    of those that matter). The default table comes from a sweep on an H100
    (``bench/activation_gpu.py --sweep``; numbers in docs/benchmarks.md):

    * gates up to 8 KiB (d <= 4096 in 16-bit types): the row kernel, 4 warps up
      to 4 KiB and 8 above (a program holds 2 * block_d fp32 values: <= 32 per
      thread), several rows per program when the gate is 1 KiB or less;
    * longer gates: the chunked kernel, 8 KiB chunks with 16 warps, which beat
      the row kernel (with 8 or 16 warps) from 256 tokens up, or, under
      ``SPLIT_MAX_ROWS`` tokens, 4 KiB chunks with 8 warps and one chunk per
      program: a row's work then spreads over d / 2048 SMs, not one (1.2-1.3x
      at 1-16 tokens, d = 16384).

    A GPU with more memory bandwidth per multiprocessor (an H200) has its own
    table (``_high_bandwidth_config``).
    """
    if op != "gelu_and_mul_sparse":
        raise ValueError(f"unknown op {op!r}")
    block_d = triton.next_power_of_2(d)
    gate_bytes = block_d * element_size
    if gate_bytes <= 1024:
        # Short rows: pack several per program so each still moves a few KiB.
        return LaunchConfig(block_d, max(1, 2048 // gate_bytes), 4)
    if (profile or DEFAULT_PROFILE).high_bandwidth:
        return _high_bandwidth_config(d, block_d, element_size, n_rows)
    if gate_bytes <= 8192:
        return LaunchConfig(block_d, 1, 4 if gate_bytes <= 4096 else 8)
    if n_rows < SPLIT_MAX_ROWS:
        return _split_config(d, element_size)
    return LaunchConfig(8192 // element_size, 1, 16, chunked=True)


def _split_config(d: int, element_size: int) -> LaunchConfig:
    # 4 KiB chunks with 8 warps, one chunk per program: a row's work spreads
    # over d / 2048 SMs (16-bit types) instead of one.
    chunk = 4096 // element_size
    return LaunchConfig(chunk, 1, 8, chunked=True, split=triton.cdiv(d, chunk))


def _high_bandwidth_config(d: int, block_d: int, element_size: int, n_rows: int) -> LaunchConfig:
    """Launch choices of a GPU with more bytes per second per SM than the H100's.

    From a sweep on an H200 (``bench/kernels_sweep.py``; numbers in
    docs/benchmarks.md), gates of more than 1 KiB:

    * up to 4 KiB: the row kernel with 8 warps below ``SHORT_CHUNKED_MIN_ROWS``
      tokens; from there on the chunked kernel with 2 KiB chunks and 4 warps
      (at d = 2048, 4096 tokens: 97.6-99.4% of copy, the row kernel 93.8-95.8%);
    * up to 8 KiB: the row kernel with 8 warps, as by default;
    * up to 16384 values (d = 16384 in 16-bit types, 8192 in fp32) from
      ``SPLIT_MAX_ROWS`` tokens up: the row kernel, at 64 fp32 values a thread
      (gate and up), where the default's chunked kernel with 8 KiB chunks
      reached only 88-97% of copy (the row kernel 95-102% from 256 tokens);
    * below ``SPLIT_MAX_ROWS`` tokens, and for longer rows, as by default.
    """
    gate_bytes = block_d * element_size
    if gate_bytes <= 4096:
        if n_rows < SHORT_CHUNKED_MIN_ROWS:
            return LaunchConfig(block_d, 1, 8)
        return LaunchConfig(2048 // element_size, 1, 4, chunked=True)
    if gate_bytes <= 8192:
        return LaunchConfig(block_d, 1, 8)
    if n_rows < SPLIT_MAX_ROWS:
        return _split_config(d, element_size)
    if block_d <= 16384:
        # 64 registers: two 16-warp programs (or four of 8) share an SM. The
        # erf form in fp16 took 66 without the cap, which left one program
        # per SM at d = 16384 and 78-83% of copy; with it, no spills.
        cap = 64 if element_size == 2 else 0
        return LaunchConfig(block_d, 1, block_d // 1024, max_registers=cap)
    return LaunchConfig(8192 // element_size, 1, 16, chunked=True)


# Every token count at which some launch choice changes, on any profile.
_THRESHOLDS = ("SPLIT_MAX_ROWS", "SHORT_CHUNKED_MIN_ROWS")


def warmup_token_counts(
    op: str, d: int, element_size: int, profile: DeviceProfile | None = None
) -> tuple[int, ...]:
    """Token counts that between them hit every launch config for this row shape
    on a device of ``profile`` (None: the default one): 1, and each threshold
    where the choice changes."""
    counts = [1]
    for name in _THRESHOLDS:
        t = globals()[name]  # read at call time: tests lower the thresholds
        if launch_config(op, d, element_size, t - 1, profile) != launch_config(
            op, d, element_size, t, profile
        ):
            counts.append(t)
    return tuple(sorted(set(counts)))


@triton.jit
def _gelu(s, APPROX_TANH: tl.constexpr):
    # s >= 0 (a relu output) or NaN. Both forms cost a handful of instructions:
    # the op moves 6 bytes per output (16-bit types), and on a GPU with fast
    # memory the exact erf of the math library (~30 instructions) made the kernel
    # compute-bound.
    if APPROX_TANH:
        # 0.5 s (1 + tanh(u)) == s * sigmoid(2u), u = sqrt(2/pi) (s + 0.044715 s^3),
        # with -2u log2(e) = s (K1 + K3 s^2) folded into one power of two:
        # exp2(...) <= 1 for s >= 0, and s^3 overflowing to inf still gives s.
        t = s * (-2.302208198144325 + -0.1029432395800235 * (s * s))
        return s / (1.0 + tl.math.exp2(t))
    else:
        # s * Phi(s), Phi(s) = 1 - erfc(s / sqrt 2) / 2, erfc as exp2(Q(s)): Q is a
        # degree-5 polynomial (no constant term: Phi(0) = 1/2 exactly) fitted to
        # log2 erfc(s / sqrt 2) on [0, 5.5], weighted for the relative error of
        # Phi (max 4.2e-7 in fp32, 6.3e-7 with the hardware exp2's error; fp32's
        # own rounding is 6e-8). Past 5.5, erfc < 4e-8: Phi is 1 in fp32, and the
        # clamp keeps the polynomial where it was fitted. NaN and inf pass
        # through s (min(NaN, 5.5) is 5.5; s * (1 - e/2) is NaN or inf).
        c = tl.minimum(s, 5.5)
        q = -0.0005242360639385879 * c + 0.007419101428240538
        q = q * c + -0.05260187387466431
        q = q * c + -0.45922592282295227
        q = q * c + -1.1510974168777466
        return s * (1.0 - 0.5 * tl.math.exp2(q * c))


@triton.jit
def _sparse_gelu_mul(gate, up, cutoff, APPROX_TANH: tl.constexpr):
    # relu that keeps NaN (a plain maximum would turn it into 0), as torch.relu does.
    sparse = tl.maximum(gate - cutoff, 0.0, propagate_nan=tl.PropagateNan.ALL)
    return _gelu(sparse, APPROX_TANH) * up


@triton.jit(do_not_specialize=["n_rows", "std_multiplier"])
def _gelu_and_mul_sparse_rows(
    x_ptr,
    out_ptr,
    n_rows,
    x_stride,
    out_stride,
    std_multiplier,
    D: tl.constexpr,
    APPROX_TANH: tl.constexpr,
    BLOCK_D: tl.constexpr,
    ROWS: tl.constexpr,
):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK_D)
    row_ok = rows < n_rows
    col_ok = (cols < D)[None, :]
    mask = row_ok[:, None] & col_ok
    # int64 row offsets: tokens * stride overflows int32 for long prefills.
    rows64 = rows.to(tl.int64)
    g_ptrs = x_ptr + rows64[:, None] * x_stride + cols[None, :]
    # Both halves are issued before the reduction; load, then widen (the CPU
    # interpreter has no bf16 arithmetic, and fp32 is the contract anyway).
    gate = tl.load(g_ptrs, mask=mask, other=0.0).to(tl.float32)
    up = tl.load(g_ptrs + D, mask=mask, other=0.0).to(tl.float32)
    # Two passes over the registers, shifted by the row's first gate value (an
    # L1 hit): a constant gate then has exactly that mean and a zero std, and
    # neither a large mean nor an outlier loses precision.
    ref = tl.load(x_ptr + rows64 * x_stride, mask=row_ok, other=0.0).to(tl.float32)
    shifted = gate - ref[:, None]
    if D != BLOCK_D:  # padded columns must not count
        shifted = tl.where(col_ok, shifted, 0.0)
    mean = ref + tl.sum(shifted, axis=1) / D
    centred = gate - mean[:, None]
    if D != BLOCK_D:
        centred = tl.where(col_ok, centred, 0.0)
    std = tl.sqrt(tl.sum(centred * centred, axis=1) / D)
    cutoff = mean + std * std_multiplier
    y = _sparse_gelu_mul(gate, up, cutoff[:, None], APPROX_TANH).to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + rows64[:, None] * out_stride + cols[None, :], y, mask=mask)


@triton.jit(do_not_specialize=["n_rows", "std_multiplier"])
def _gelu_and_mul_sparse_chunked(
    x_ptr,
    out_ptr,
    n_rows,
    x_stride,
    out_stride,
    std_multiplier,
    D: tl.constexpr,
    APPROX_TANH: tl.constexpr,
    BLOCK_D: tl.constexpr,
    CHUNKS_PER_PROGRAM: tl.constexpr,
):
    row = tl.program_id(0).to(tl.int64)
    first_chunk = tl.program_id(1) * CHUNKS_PER_PROGRAM
    g_row = x_ptr + row * x_stride
    u_row = g_row + D
    o_row = out_ptr + row * out_stride
    lanes = tl.arange(0, BLOCK_D)
    FULL: tl.constexpr = D // BLOCK_D  # chunks with every lane in the row
    TAIL: tl.constexpr = D - FULL * BLOCK_D  # lanes of the partial last chunk
    # Pass 1: lane j sees gate values j, j + BLOCK_D, ...; it keeps their sums
    # shifted by its own first value k (sum of e and of e^2, e = g - k). A lane
    # holds a few values, so however far k lies from their mean, the shifted
    # sums lose at most a few bits; three instructions a value, where Welford's
    # update took seven. The gate stays in L2 (evict-last) for pass 2.
    if FULL > 0:
        k = tl.load(g_row + lanes, eviction_policy="evict_last").to(tl.float32)
    else:  # a row shorter than one chunk
        k = tl.load(g_row + lanes, mask=lanes < D, other=0.0, eviction_policy="evict_last")
        k = k.to(tl.float32)
    s1 = tl.zeros([BLOCK_D], dtype=tl.float32)
    s2 = tl.zeros([BLOCK_D], dtype=tl.float32)
    for c in range(1, FULL):
        e = tl.load(g_row + c * BLOCK_D + lanes, eviction_policy="evict_last").to(tl.float32) - k
        s1 += e
        s2 += e * e
    if FULL > 0 and TAIL > 0:
        ok = lanes < TAIL
        tail = g_row + FULL * BLOCK_D + lanes
        g = tl.load(tail, mask=ok, other=0.0, eviction_policy="evict_last").to(tl.float32)
        e = tl.where(ok, g - k, 0.0)
        s1 += e
        s2 += e * e
    # Merge the lanes (Chan et al., written without dividing by a lane's count,
    # which is 0 for lanes past a short row): the row mean, shifted by the row's
    # first value so that a constant gate has exactly that mean, then the sum of
    # squared deviations from it, lane by lane (k - mean is the deviation of the
    # lane's first value).
    count = tl.where(lanes < TAIL, FULL + 1, FULL).to(tl.float32)
    ref = tl.load(g_row).to(tl.float32)
    row_mean = ref + tl.sum(count * (k - ref) + s1, axis=0) / D
    dev = tl.where(count > 0, k - row_mean, 0.0)
    m2 = tl.sum(s2 + dev * (2.0 * s1 + count * dev), axis=0)
    std = tl.sqrt(tl.maximum(m2, 0.0) / D)
    cutoff = row_mean + std * std_multiplier
    # Pass 2, over this program's chunks: the gate again (from L2), up once;
    # both are dead afterwards. Masks only where a chunk can reach past the row.
    N_CHUNKS: tl.constexpr = (D + BLOCK_D - 1) // BLOCK_D
    EXACT: tl.constexpr = TAIL == 0 and N_CHUNKS % CHUNKS_PER_PROGRAM == 0
    # (Names not used above: a variable assigned before the loop and in it would
    # be loop-carried, and must keep one type.)
    for c in range(0, CHUNKS_PER_PROGRAM):
        cols = (first_chunk + c) * BLOCK_D + lanes
        if EXACT:
            gate = tl.load(g_row + cols, eviction_policy="evict_first")
            up = tl.load(u_row + cols, eviction_policy="evict_first")
        else:
            in_row = cols < D
            gate = tl.load(g_row + cols, mask=in_row, other=0.0, eviction_policy="evict_first")
            up = tl.load(u_row + cols, mask=in_row, other=0.0, eviction_policy="evict_first")
        y = _sparse_gelu_mul(gate.to(tl.float32), up.to(tl.float32), cutoff, APPROX_TANH)
        y = y.to(out_ptr.dtype.element_ty)
        if EXACT:
            tl.store(o_row + cols, y)
        else:
            tl.store(o_row + cols, y, mask=cols < D)


# -- launcher ------------------------------------------------------------------


def _row_stride(t2: Tensor, contiguous_stride: int) -> int:
    # A single row's stride is never used for addressing, and torch reports
    # arbitrary strides for size-1 dims; Triton would specialise on the value
    # and compile a separate binary for one-token batches. Pass the contiguous
    # stride instead (see triton_rms_norm._row_stride).
    return t2.stride(0) if t2.shape[0] > 1 else contiguous_stride


def _rows(t: Tensor, what: str) -> Tensor:
    view = rows_view(t)
    if view is None:
        raise ValueError(f"{what}: last dim must be contiguous and rows collapsible to 2-D")
    return view


def gelu_and_mul_sparse(
    x: Tensor,
    std_multiplier: float,
    approximate: str = "none",
    *,
    out: Tensor | None = None,
    config: LaunchConfig | None = None,
) -> Tensor:
    """``gelu(relu(gate - (mean + std * std_multiplier))) * up`` into a new tensor.

    x is ``[..., 2d]`` = [gate | up]; the result is ``[..., d]`` in x's dtype
    (or written into ``out``). ``config`` overrides the launch choice; it exists
    for tuning sweeps only.
    """
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    if x.dim() == 0 or x.shape[-1] % 2:
        raise ValueError(f"the last dim of x must be even (gate then up), got {tuple(x.shape)}")
    d = x.shape[-1] // 2
    if out is None:
        out = torch.empty((*x.shape[:-1], d), dtype=x.dtype, device=x.device)
    elif out.shape != (*x.shape[:-1], d) or out.dtype != x.dtype:
        raise ValueError(f"out must be {(*x.shape[:-1], d)} in {x.dtype}")
    x2, o2 = _rows(x, "x"), _rows(out, "out")
    n_rows = x2.shape[0]
    if n_rows == 0 or d == 0:
        return out
    cfg = config or launch_config(
        "gelu_and_mul_sparse", d, x.element_size(), n_rows, device_profile(x.device)
    )
    args = (x2, o2, n_rows, _row_stride(x2, 2 * d), _row_stride(o2, d), float(std_multiplier))
    consts = {"D": d, "APPROX_TANH": approximate == "tanh", "BLOCK_D": cfg.block_d}
    if cfg.chunked:
        per_program = triton.cdiv(triton.cdiv(d, cfg.block_d), cfg.split)
        grid = (n_rows, triton.cdiv(triton.cdiv(d, cfg.block_d), per_program))
        _gelu_and_mul_sparse_chunked[grid](
            *args, **consts, CHUNKS_PER_PROGRAM=per_program, num_warps=cfg.num_warps
        )
    else:
        grid = (triton.cdiv(n_rows, cfg.rows),)
        options = {"num_warps": cfg.num_warps}
        if cfg.max_registers:
            options["maxnreg"] = cfg.max_registers
        _gelu_and_mul_sparse_rows[grid](*args, **consts, ROWS=cfg.rows, **options)
    return out


def bind_gelu_and_mul_sparse(
    x: Tensor, std_multiplier: float, approximate: str = "none", **kwargs: Any
) -> tuple[Tensor, Callable[..., Tensor] | None]:
    """Make this call, and return with its result a direct launcher for the later
    calls of its signature (see ``triton_rms_norm.bind_rms_norm``), or None."""
    out = gelu_and_mul_sparse(x, std_multiplier, approximate, **kwargs)
    if kwargs or x.dim() != 2 or x.device.type != "cuda" or x.shape[0] == 0:
        return out, None
    d = x.shape[-1] // 2
    es, profile = x.element_size(), device_profile(x.device)
    n = x.shape[0]
    lo, hi = 1 << (n.bit_length() - 1), (1 << n.bit_length()) - 1
    cfg = launch_config("gelu_and_mul_sparse", d, es, n, profile)
    if cfg != launch_config("gelu_and_mul_sparse", d, es, lo, profile) or cfg != launch_config(
        "gelu_and_mul_sparse", d, es, hi, profile
    ):
        return out, None
    # Launch once more through Triton's path for the compiled kernel it picks
    # (cached now: no compilation); the output is rewritten with the same values.
    xs, os_ = _row_stride(x, 2 * d), _row_stride(out, d)
    args = (x, out, n, xs, os_, float(std_multiplier))
    consts = {"D": d, "APPROX_TANH": approximate == "tanh", "BLOCK_D": cfg.block_d}
    if cfg.chunked:
        per_program = triton.cdiv(triton.cdiv(d, cfg.block_d), cfg.split)
        kernel = _gelu_and_mul_sparse_chunked
        consts["CHUNKS_PER_PROGRAM"] = per_program
        grid1 = triton.cdiv(triton.cdiv(d, cfg.block_d), per_program)
        options: dict[str, Any] = {"num_warps": cfg.num_warps}
    else:
        kernel = _gelu_and_mul_sparse_rows
        consts["ROWS"] = cfg.rows
        grid1 = 1
        options = {"num_warps": cfg.num_warps}
        if cfg.max_registers:
            options["maxnreg"] = cfg.max_registers
    rows = 1 if cfg.chunked else cfg.rows
    grid = (n, grid1) if cfg.chunked else (triton.cdiv(n, rows),)
    compiled = kernel[grid](*args, **consts, **options)
    from ._launch import bound

    names = ("x_ptr", "out_ptr", "n_rows", "x_stride", "out_stride", "std_multiplier", *consts)
    b = bound(kernel, compiled, names, x.device.index)
    if b is None:
        return out, None
    run, function, packed, enter, exit_, stream, dev = b
    tail = tuple(consts.values())
    chunked = cfg.chunked

    def call(x: Tensor, std_multiplier: float, approximate: str = "none") -> Tensor:
        n = x.shape[0]
        out = x.new_empty((n, d))
        g0 = n if chunked else (n + rows - 1) // rows
        run(g0, grid1, 1, stream(dev), function, packed, None, enter, exit_,
            x, out, n, xs, os_, std_multiplier, *tail)
        return out

    return out, call
