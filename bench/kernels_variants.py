"""Experiment: alternative RMS-norm kernel shapes at large token counts.

Not part of the package. Compares, for bf16 and hidden {4096, 8192}:
  * onepass: the shipped design (whole rows in registers), with and without
    cache hints (inputs evict-first, weight evict-last);
  * twopass: chunked reduction, then a second pass that re-reads the row from
    L2 (what Inductor emits for wide rows);
  * persistent: a fixed grid of programs looping over rows, weight loaded once;
against a device copy of the same bytes and torch.compile of the native op.
Also saves Inductor's generated kernels for the same shapes, to see its choices.

    python bench/kernels_variants.py [--out DIR]
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "kernels"))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from kernels_timing import time_ms  # noqa: E402

from vllm_kernels import native  # noqa: E402


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _onepass(
    x_ptr,
    out_ptr,
    w_ptr,
    n_rows,
    stride,
    eps,
    N: tl.constexpr,
    BLOCK_N: tl.constexpr,
    ROWS: tl.constexpr,
    EVICT: tl.constexpr,
):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows < n_rows)[:, None] & (cols < N)[None, :]
    offs = rows.to(tl.int64)[:, None] * stride + cols[None, :]
    if EVICT:
        x = tl.load(x_ptr + offs, mask=mask, other=0.0, eviction_policy="evict_first")
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0, eviction_policy="evict_last")
    else:
        x = tl.load(x_ptr + offs, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0)
    x = x.to(tl.float32)
    rstd = tl.rsqrt(tl.sum(x * x, axis=1) / N + eps)
    y = (x * rstd[:, None]).to(out_ptr.dtype.element_ty)
    y = (y.to(tl.float32) * w.to(tl.float32)[None, :]).to(out_ptr.dtype.element_ty)
    if EVICT:
        tl.store(out_ptr + offs, y, mask=mask, eviction_policy="evict_first")
    else:
        tl.store(out_ptr + offs, y, mask=mask)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _twopass(x_ptr, out_ptr, w_ptr, n_rows, stride, eps, N: tl.constexpr, RBLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    base = row * stride
    acc = tl.zeros([RBLOCK], dtype=tl.float32)
    for off in range(0, N, RBLOCK):
        cols = off + tl.arange(0, RBLOCK)
        x = tl.load(x_ptr + base + cols, mask=cols < N, other=0.0, eviction_policy="evict_last")
        x = x.to(tl.float32)
        acc += x * x
    rstd = tl.rsqrt(tl.sum(acc, axis=0) / N + eps)
    for off in range(0, N, RBLOCK):
        cols = off + tl.arange(0, RBLOCK)
        x = tl.load(x_ptr + base + cols, mask=cols < N, other=0.0, eviction_policy="evict_first")
        w = tl.load(w_ptr + cols, mask=cols < N, other=0.0, eviction_policy="evict_last")
        y = (x.to(tl.float32) * rstd).to(out_ptr.dtype.element_ty)
        y = (y.to(tl.float32) * w.to(tl.float32)).to(out_ptr.dtype.element_ty)
        tl.store(out_ptr + base + cols, y, mask=cols < N)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _persistent(x_ptr, out_ptr, w_ptr, n_rows, stride, eps, N: tl.constexpr, BLOCK_N: tl.constexpr):
    cols = tl.arange(0, BLOCK_N)
    cmask = cols < N
    w = tl.load(w_ptr + cols, mask=cmask, other=0.0).to(tl.float32)
    for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        offs = row * stride + cols  # fits int32 at the benchmarked sizes
        x = tl.load(x_ptr + offs, mask=cmask, other=0.0).to(tl.float32)
        rstd = tl.rsqrt(tl.sum(x * x, axis=0) / N + eps)
        y = (x * rstd).to(out_ptr.dtype.element_ty)
        y = (y.to(tl.float32) * w).to(out_ptr.dtype.element_ty)
        tl.store(out_ptr + offs, y, mask=cmask)


@triton.jit(do_not_specialize=["n_rows", "eps"])
def _fused_twopass(
    x_ptr, r_ptr, out_ptr, w_ptr, n_rows, stride, eps, N: tl.constexpr, RBLOCK: tl.constexpr
):
    row = tl.program_id(0).to(tl.int64)
    base = row * stride
    acc = tl.zeros([RBLOCK], dtype=tl.float32)
    for off in range(0, N, RBLOCK):
        cols = off + tl.arange(0, RBLOCK)
        m = cols < N
        x = tl.load(x_ptr + base + cols, mask=m, other=0.0, eviction_policy="evict_first")
        r = tl.load(r_ptr + base + cols, mask=m, other=0.0, eviction_policy="evict_first")
        z = (x.to(tl.float32) + r.to(tl.float32)).to(r_ptr.dtype.element_ty)
        tl.store(r_ptr + base + cols, z, mask=m)
        zf = z.to(tl.float32)
        acc += zf * zf
    rstd = tl.rsqrt(tl.sum(acc, axis=0) / N + eps)
    for off in range(0, N, RBLOCK):
        cols = off + tl.arange(0, RBLOCK)
        m = cols < N
        z = tl.load(r_ptr + base + cols, mask=m, other=0.0, eviction_policy="evict_first")
        w = tl.load(w_ptr + cols, mask=m, other=0.0, eviction_policy="evict_last")
        y = (z.to(tl.float32) * rstd).to(out_ptr.dtype.element_ty)
        y = (y.to(tl.float32) * w.to(tl.float32)).to(out_ptr.dtype.element_ty)
        tl.store(out_ptr + base + cols, y, mask=m)


def _rms_variants(x: torch.Tensor, w: torch.Tensor, out: torch.Tensor) -> dict[str, object]:
    from vllm_kernels.triton_rms_norm import LaunchConfig, rms_norm

    m, n = x.shape
    block = triton.next_power_of_2(n)
    v: dict[str, object] = {}
    for warps in (4, 8, 16):
        cfg = LaunchConfig(block, 1, warps)
        v[f"shipped-onepass w{warps}"] = lambda c=cfg: rms_norm(x, w, 1e-6, out=out, config=c)
    for rblock, warps in ((1024, 4), (1024, 8), (2048, 8), (2048, 16), (4096, 8), (4096, 16)):
        if rblock > block:
            continue
        v[f"twopass rb{rblock} w{warps}"] = lambda rb=rblock, nw=warps: _twopass[(m,)](
            x, out, w, m, n, 1e-6, N=n, RBLOCK=rb, num_warps=nw
        )
    return v


def _fused_variants(
    x: torch.Tensor, r: torch.Tensor, w: torch.Tensor, out: torch.Tensor
) -> dict[str, object]:
    from vllm_kernels.triton_rms_norm import LaunchConfig, fused_add_rms_norm

    m, n = x.shape
    block = triton.next_power_of_2(n)
    v: dict[str, object] = {}
    for warps in (4, 8, 16):
        cfg = LaunchConfig(block, 1, warps)
        v[f"shipped-onepass w{warps}"] = lambda c=cfg: fused_add_rms_norm(
            x, r, w, 1e-6, in_place=True, config=c
        )
    for rblock, warps in ((1024, 4), (2048, 8), (2048, 16), (4096, 16)):
        if rblock > block:
            continue
        v[f"twopass rb{rblock} w{warps}"] = lambda rb=rblock, nw=warps: _fused_twopass[(m,)](
            x, r, x, w, m, n, 1e-6, N=n, RBLOCK=rb, num_warps=nw
        )
    return v


def _variants(x: torch.Tensor, w: torch.Tensor, out: torch.Tensor) -> dict[str, object]:
    m, n = x.shape
    block = triton.next_power_of_2(n)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    v: dict[str, object] = {}
    for evict in (0, 1):
        for rows, warps in ((1, 4), (1, 8), (1, 16), (2, 8), (2, 16), (4, 16)):
            grid = (triton.cdiv(m, rows),)
            v[f"onepass r{rows} w{warps} ev{evict}"] = lambda g=grid, r=rows, nw=warps, e=evict: (
                _onepass[g](
                    x, out, w, m, n, 1e-6, N=n, BLOCK_N=block, ROWS=r, EVICT=e, num_warps=nw
                )
            )
    for rblock in (1024, 2048, 4096):
        for warps in (4, 8, 16):
            if rblock > n:
                continue
            v[f"twopass rb{rblock} w{warps}"] = lambda rb=rblock, nw=warps: _twopass[(m,)](
                x, out, w, m, n, 1e-6, N=n, RBLOCK=rb, num_warps=nw
            )
    for waves in (2, 4, 8):
        for warps in (8, 16):
            grid = (min(m, sms * waves),)
            v[f"persistent g{waves}xSM w{warps}"] = lambda g=grid, nw=warps: _persistent[g](
                x, out, w, m, n, 1e-6, N=n, BLOCK_N=block, num_warps=nw
            )
    return v


def _report(
    lines: list[str], head: str, res: list[tuple[float, str, float]], copy: float, comp: float
) -> None:
    res.sort(reverse=True)
    print(head, flush=True)
    lines.append(head)
    for gbps, name, err in res:
        line = f"  {name:<28} {gbps:6.0f} GB/s {100 * gbps / copy:5.1f}% copy"
        line += f" x{gbps / comp:.3f} compile err {err:.2g}"
        print(line, flush=True)
        lines.append(line)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", ".")))
    p.add_argument("--hidden", type=int, nargs="+", default=[2048, 4096, 5120, 7168, 8192])
    p.add_argument("--tokens", type=int, nargs="+", default=[4096, 32768])
    p.add_argument("--all", action="store_true", help="also the first experiment's variants")
    args = p.parse_args()
    torch._dynamo.config.recompile_limit = 256
    compiled = torch.compile(native.rms_norm, dynamic=False)
    compiled_fused = torch.compile(native.fused_add_rms_norm, dynamic=False)
    lines: list[str] = []
    dt = torch.bfloat16
    for n in args.hidden:
        for m in args.tokens:
            x = torch.randn(m, n, device="cuda", dtype=dt)
            w = (1 + 0.1 * torch.randn(n, device="cuda")).to(dt)
            out = torch.empty_like(x)
            ref = native.rms_norm(x, w, 1e-6)
            nbytes = 2 * x.numel() * 2 + n * 2
            src, dst = torch.randn_like(x), torch.empty_like(x)
            copy = nbytes / time_ms(lambda s=src, d=dst: d.copy_(s)) / 1e6
            comp = nbytes / time_ms(lambda x=x, w=w: compiled(x, w, 1e-6)) / 1e6
            res = []
            variants = _rms_variants(x, w, out)
            if args.all:
                variants.update(_variants(x, w, out))
            for name, fn in variants.items():
                out.fill_(float("nan"))
                fn()
                err = ((out.float() - ref.float()).abs().max()).item()
                res.append((nbytes / time_ms(fn) / 1e6, name, err))
            _report(
                lines,
                f"rms_norm H={n} M={m}: copy {copy:.0f} compile {comp:.0f} GB/s",
                res,
                copy,
                comp,
            )
            # fused, in place; correctness on fresh copies, timing on live buffers
            r = torch.randn_like(x)
            fbytes = 4 * x.numel() * 2 + n * 2
            src2, dst2 = torch.randn(2 * m, n, device="cuda", dtype=dt), None
            dst2 = torch.empty_like(src2)
            fcopy = fbytes / time_ms(lambda s=src2, d=dst2: d.copy_(s)) / 1e6
            xc, rc = x.clone(), r.clone()
            fcomp = fbytes / time_ms(lambda a=xc, b=rc, w=w: compiled_fused(a, b, w, 1e-6)) / 1e6
            fref, _ = native.fused_add_rms_norm(x.clone(), r.clone(), w, 1e-6, in_place=False)
            res = []
            for name, _fn in _fused_variants(xc, rc, w, xc).items():
                xt, rt = x.clone(), r.clone()
                _fused_variants(xt, rt, w, xt)[name]()
                err = ((xt.float() - fref.float()).abs().max()).item()
                res.append((fbytes / time_ms(_fn) / 1e6, name, err))
            _report(
                lines,
                f"fused H={n} M={m}: copy {fcopy:.0f} compile {fcomp:.0f} GB/s",
                res,
                fcopy,
                fcomp,
            )
            del x, r, out, src, dst, src2, dst2, xc, rc
            torch.cuda.empty_cache()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "variants.txt").write_text("\n".join(lines) + "\n")
    # Inductor's kernels for the shapes above, for comparison.
    cache = os.environ.get("TORCHINDUCTOR_CACHE_DIR") or "/tmp/torchinductor_*"
    found = []
    for path in glob.glob(f"{cache}/**/*.py", recursive=True):
        text = Path(path).read_text(errors="replace")
        if "rsqrt" in text and "@triton.jit" in text:
            found.append(f"# ---- {path}\n{text}")
    (args.out / "inductor_kernels.txt").write_text("\n".join(found))
    print(f"saved {len(found)} inductor kernel files", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
