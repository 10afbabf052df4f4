"""Per-head rms_norm in CUDA graphs: where the time goes against the copy, in one run.

    python bench/kernels_explore_heads.py [--out DIR] [--dry-run]

For bench/kernels_limit.py's per-head shapes (bf16) at M in --tokens, each in CUDA
graphs (64 calls a graph) and, at M >= 2048, with the L2 flushed, it times:

  yardsticks
    memcpy        dst.copy_(src), both contiguous: one cudaMemcpyAsync, a memcpy node
                  in the graph (bench/kernels_limit.py's "same-bytes copy")
    kcopy         a Triton kernel copying the same contiguous bytes (best of a few
                  block shapes): what an SM kernel moving those bytes takes
    scopy         a Triton kernel copying the strided (tokens, heads, head_dim) view
                  into a contiguous one: the per-head access pattern, no arithmetic
    torch_scopy   out.copy_(x) of the strided view (ATen's strided copy kernel)
    compile       torch.compile of the native op
  ours
    rows R wW     the provider's per-head kernel at R heads a program, W warps
    persist ...   the same body in a grid-stride loop over SMs x k programs
    hint ...      loads/stores with cache modifiers

Writes ``explore_heads.json`` under ``--out`` and prints each shape's variants
sorted by graph time, as % of the memcpy yardstick and x torch.compile.
``--dry-run`` checks every variant's numerics on the CPU interpreter (tiny shapes).
"""

# ruff: noqa: B023 - every lambda is timed within the iteration that made it

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernels_gpu import _ensure_importable, open_device, raise_compile_limits  # noqa: E402
from kernels_limit import PER_HEAD  # noqa: E402
from kernels_timing import graph_time_ms, time_ms  # noqa: E402

EPS = 1e-6
# The per-head launch shapes the split set tries: (num_warps, split), each thread 16
# bytes of each of its split chunks (vllm_kernels.triton_rms_norm.HIGH_BANDWIDTH_HEADS).
CANDIDATES = [(w, s) for s in (1, 2, 4) for w in (2, 4, 8, 16)]


def _candidate(head_dim: int, es: int, warps: int, split: int) -> Any:
    from vllm_kernels.triton_rms_norm import LaunchConfig

    head_bytes = head_dim * es
    split = max(1, min(split, head_bytes // 16))
    return LaunchConfig(head_dim, max(1, 512 * warps * split // head_bytes), warps, split=split)


def pick(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The launch shape for each head class (short: <= 256 bytes, long: more), by one
    rule fixed before the run: among the candidates at least as fast as torch.compile
    at every measured M of every shape of the class (in CUDA graphs), the one whose
    lowest % of the memcpy yardstick at M >= 2048 is highest (ties: lower geometric
    mean time). None qualifies: the one with the highest lowest ratio to compile."""
    import math

    out: dict[str, Any] = {}
    for cls in ("short", "long"):
        rs = [r for r in results if ("short" if r["head_dim"] * 2 <= 256 else "long") == cls]
        if not rs:
            continue
        scored = []
        for wp, split in CANDIDATES:
            label = f"provider w{wp} s{split}"
            if any(label not in r["variants"] for r in rs):
                continue
            g = [r["variants"][label]["graph_us"] for r in rs]
            x_tc = min(r["variants"]["compile"]["graph_us"] / t for r, t in zip(rs, g, strict=True))
            big = [r["variants"]["memcpy"]["graph_us"] / t
                   for r, t in zip(rs, g, strict=True) if r["m"] >= 2048]
            geo = math.exp(sum(math.log(t) for t in g) / len(g))
            scored.append((x_tc >= 1.0, min(big) if big else 0.0, -geo, x_tc, wp, split))
        scored.sort(reverse=True)
        if not scored[0][0]:
            scored.sort(key=lambda s: s[3], reverse=True)
        ok, low, _, x_tc, wp, split = scored[0]
        out[cls] = {"num_warps": wp, "split": split, "min_pct_copy_m2048": round(100 * low, 1),
                    "min_x_compile": round(x_tc, 3), "beats_compile": ok}
    return out


def _kernels() -> dict[str, Any]:
    import triton
    import triton.language as tl

    @triton.jit
    def copy_flat(src, dst, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)

    @triton.jit(do_not_specialize=["n_rows"])
    def copy_heads(x_ptr, out_ptr, n_rows, xts, xhs, ots, ohs, N: tl.constexpr,
                   ROWS: tl.constexpr, HEADS: tl.constexpr):
        rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
        cols = tl.arange(0, N)
        mask = (rows < n_rows)[:, None]
        tok, head = rows // HEADS, rows % HEADS
        x = tl.load(x_ptr + (tok * xts + head * xhs)[:, None] + cols[None, :], mask=mask)
        tl.store(out_ptr + (tok * ots + head * ohs)[:, None] + cols[None, :], x, mask=mask)

    @triton.jit(do_not_specialize=["n_rows", "eps"])
    def heads_persist(x_ptr, out_ptr, w_ptr, n_rows, xts, xhs, ots, ohs, eps,
                      N: tl.constexpr, ROWS: tl.constexpr, HEADS: tl.constexpr):
        cols = tl.arange(0, N)
        w = tl.load(w_ptr + cols).to(tl.float32)
        n_blocks = tl.cdiv(n_rows, ROWS)
        for b in range(tl.program_id(0), n_blocks, tl.num_programs(0)):
            rows = b * ROWS + tl.arange(0, ROWS)
            mask = (rows < n_rows)[:, None]
            tok, head = rows // HEADS, rows % HEADS
            x = tl.load(x_ptr + (tok * xts + head * xhs)[:, None] + cols[None, :], mask=mask,
                        other=0.0).to(tl.float32)
            rstd = tl.rsqrt(tl.sum(x * x, axis=1) / N + eps)
            y = (x * rstd[:, None]).to(out_ptr.dtype.element_ty)
            y = (y.to(tl.float32) * w[None, :]).to(out_ptr.dtype.element_ty)
            tl.store(out_ptr + (tok * ots + head * ohs)[:, None] + cols[None, :], y, mask=mask)

    @triton.jit(do_not_specialize=["n_rows", "eps"])
    def heads_hint(x_ptr, out_ptr, w_ptr, n_rows, xts, xhs, ots, ohs, eps,
                   N: tl.constexpr, ROWS: tl.constexpr, HEADS: tl.constexpr,
                   LOAD_CM: tl.constexpr, STORE_CM: tl.constexpr, MASKED: tl.constexpr):
        rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
        cols = tl.arange(0, N)
        tok, head = rows // HEADS, rows % HEADS
        xo = (tok * xts + head * xhs)[:, None] + cols[None, :]
        oo = (tok * ots + head * ohs)[:, None] + cols[None, :]
        if MASKED:
            mask = (rows < n_rows)[:, None]
            x = tl.load(x_ptr + xo, mask=mask, other=0.0, cache_modifier=LOAD_CM)
        else:
            x = tl.load(x_ptr + xo, cache_modifier=LOAD_CM)
        w = tl.load(w_ptr + cols).to(tl.float32)
        x = x.to(tl.float32)
        rstd = tl.rsqrt(tl.sum(x * x, axis=1) / N + eps)
        y = (x * rstd[:, None]).to(out_ptr.dtype.element_ty)
        y = (y.to(tl.float32) * w[None, :]).to(out_ptr.dtype.element_ty)
        if MASKED:
            tl.store(out_ptr + oo, y, mask=mask, cache_modifier=STORE_CM)
        else:
            tl.store(out_ptr + oo, y, cache_modifier=STORE_CM)

    @triton.jit(do_not_specialize=["n_rows", "eps"])
    def heads_split(x_ptr, out_ptr, w_ptr, n_rows, xts, xhs, ots, ohs, eps,
                    N: tl.constexpr, ROWS: tl.constexpr, HEADS: tl.constexpr,
                    SPLIT: tl.constexpr, REDUCE: tl.constexpr, WEIGHT: tl.constexpr,
                    W_FULL: tl.constexpr):
        # A head as SPLIT chunks of N // SPLIT: the chunk index is the slowest dim, so
        # each thread holds all SPLIT chunks of its columns and the lanes of one row
        # are N // SPLIT // 8 (fewer shuffles in the reduction).
        C: tl.constexpr = N // SPLIT
        rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
        part = tl.arange(0, SPLIT)[:, None, None] * C
        cols = tl.arange(0, C)[None, None, :]
        tok, head = rows // HEADS, rows % HEADS
        mask = (rows < n_rows)[None, :, None]
        xo = (tok * xts + head * xhs)[None, :, None] + part + cols
        oo = (tok * ots + head * ohs)[None, :, None] + part + cols
        x = tl.load(x_ptr + xo, mask=mask, other=0.0)
        if WEIGHT:
            if W_FULL:  # in x's own layout: no layout conversion through shared memory
                w = tl.load(w_ptr + tl.broadcast_to(part + cols, (SPLIT, ROWS, C)))
            else:
                w = tl.load(w_ptr + part + cols)
            w = w.to(tl.float32)
        x = x.to(tl.float32)
        if REDUCE:
            ss = tl.sum(tl.sum(x * x, axis=0), axis=1)
            rstd = tl.rsqrt(ss / N + eps)
            y = (x * rstd[None, :, None]).to(out_ptr.dtype.element_ty)
        else:
            y = x.to(out_ptr.dtype.element_ty)
        if WEIGHT:
            y = (y.to(tl.float32) * w).to(out_ptr.dtype.element_ty)
        tl.store(out_ptr + oo, y, mask=mask)

    return {"heads_split": heads_split, "copy_flat": copy_flat, "copy_heads": copy_heads,
            "heads_persist": heads_persist, "heads_hint": heads_hint}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", ".")))
    p.add_argument("--tokens", type=int, nargs="+", default=[16, 256, 2048, 8192])
    p.add_argument("--shapes", type=int, nargs="*", default=None, help="PER_HEAD indices")
    p.add_argument("--set", choices=["wide", "split"], default="split",
                   help="wide: block shapes, persistent grids, cache hints (the first "
                   "sweep); split: heads as chunks (fewer lanes a row), the weight in x's "
                   "layout, and a ladder without the reduction or the weight")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--flushed", action="store_true",
                   help="split set: time with the L2 flushed too (the wide set always does)")
    p.add_argument("--pick", type=Path, default=None,
                   help="write the split set's pick (see pick()) to this JSON file")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    if args.dry_run:
        os.environ["TRITON_INTERPRET"] = "1"
    _ensure_importable()
    import torch
    import triton

    from vllm_kernels import native
    from vllm_kernels import triton_rms_norm as tk
    from vllm_kernels._support import device_profile
    from vllm_kernels.triton_rms_norm import LaunchConfig

    opened = open_device(args.dry_run)
    if opened is None:
        return 2
    cuda, device, info = opened
    k = _kernels()
    sms = torch.cuda.get_device_properties(0).multi_processor_count if cuda else 4
    if cuda:
        raise_compile_limits()
        c_norm = torch.compile(native.rms_norm, dynamic=False)
    profile = device_profile(torch.device(device))
    g = torch.Generator(device=device).manual_seed(0)
    results: list[dict[str, Any]] = []
    tokens = [3, 5] if args.dry_run else args.tokens
    shapes = [PER_HEAD[i] for i in (args.shapes if args.shapes is not None else range(4))]
    if args.dry_run:  # tiny heads for the interpreter
        shapes = [("tiny", 16, 4, 4 * 16 + 2 * 16), ("tiny2", 32, 2, 6 * 32)]
    for name, head_dim, heads, width in shapes:
        dtype = torch.bfloat16
        w = (1 + 0.1 * torch.randn(head_dim, device=device, generator=g)).to(dtype)
        for m in tokens:
            qkv = torch.randn(m, width, device=device, generator=g).to(dtype)
            x = qkv[:, : heads * head_dim].view(m, heads, head_dim)
            n_rows = m * heads
            elems = n_rows * head_dim
            src = torch.randn(elems, device=device, generator=g).to(dtype)
            dst = torch.empty_like(src)
            out = torch.empty(m, heads, head_dim, device=device, dtype=dtype)
            ref = native.rms_norm(x, w, EPS)
            strides = (x.stride(0), x.stride(1), out.stride(0), out.stride(1))
            fns: dict[str, Any] = {"memcpy": lambda: dst.copy_(src),
                                   "torch_scopy": lambda: out.copy_(x)}
            if cuda:
                fns["compile"] = lambda: c_norm(x, w, EPS)
            checks: dict[str, Any] = {}
            if args.set == "split":
                rows_scopy, wp_scopy = (16, 8) if head_dim <= 128 else (4, 4)
                fns["scopy"] = (
                    lambda: k["copy_heads"][(triton.cdiv(n_rows, rows_scopy),)](
                        x, out, n_rows, *strides, N=head_dim, ROWS=rows_scopy, HEADS=heads,
                        num_warps=wp_scopy))
                default = tk.launch_config("rms_norm_heads", head_dim, 2, n_rows, profile)
                fns["provider default"] = checks["provider default"] = (
                    lambda: tk.rms_norm(x, w, EPS, config=default))
                for wp, split in CANDIDATES:
                    cfg = _candidate(head_dim, 2, wp, split)
                    label = f"provider w{wp} s{split}"
                    fns[label] = checks[label] = lambda cfg=cfg: tk.rms_norm(x, w, EPS, config=cfg)
                # The ladder: the default shape without the weight's layout fix, without
                # the reduction, without the weight (where the time goes).
                lanes = min(32, head_dim // 8)
                rows0, wp0 = (32 // lanes) * default.num_warps, default.num_warps
                for red, wgt, full, tag in ((True, True, False, "wconv"),
                                            (False, True, True, "noreduce"),
                                            (True, False, True, "noweight"),
                                            (False, False, True, "noreduce noweight")):
                    def run_s(red=red, wgt=wgt, full=full):
                        o = torch.empty_like(out)
                        k["heads_split"][(triton.cdiv(n_rows, rows0),)](
                            x, o, w, n_rows, *strides, EPS, N=head_dim, ROWS=rows0, HEADS=heads,
                            SPLIT=1, REDUCE=red, WEIGHT=wgt, W_FULL=full, num_warps=wp0)
                        return o
                    fns[f"ladder {tag}"] = run_s
                    if red and wgt:
                        checks[f"ladder {tag}"] = run_s
            else:
                for block, wp in ((1024, 4), (2048, 4), (2048, 8), (4096, 8), (8192, 16)):
                    fns[f"kcopy {block} w{wp}"] = (
                        lambda block=block, wp=wp: k["copy_flat"][(triton.cdiv(elems, block),)](
                            src, dst, elems, BLOCK=block, num_warps=wp))
                bpt = 16  # bytes a thread
                pairs = []
                for rows in (1, 2, 4, 8, 16, 32, 64):
                    for wp in (1, 2, 4, 8, 16, 32):
                        per_thread = rows * head_dim * 2 // (wp * 32)
                        if per_thread in (8, 16, 32, 64):
                            pairs.append((rows, wp))
                for rows, wp in pairs:
                    if rows * head_dim * 2 // (wp * 32) == bpt:
                        fns[f"scopy x{rows} w{wp}"] = (
                            lambda rows=rows, wp=wp: k["copy_heads"][(triton.cdiv(n_rows, rows),)](
                                x, out, n_rows, *strides, N=head_dim, ROWS=rows, HEADS=heads,
                                num_warps=wp))
                for rows, wp in pairs:
                    cfg = LaunchConfig(head_dim, rows, wp)
                    fns[f"rows x{rows} w{wp}"] = lambda cfg=cfg: tk.rms_norm(x, w, EPS, config=cfg)
                    checks[f"rows x{rows} w{wp}"] = fns[f"rows x{rows} w{wp}"]
                for rows, wp in pairs:
                    if rows * head_dim * 2 // (wp * 32) != bpt or (m < 2048 and not args.dry_run):
                        continue
                    for mult in (1, 2, 4):
                        grid = min(sms * mult, triton.cdiv(n_rows, rows))
                        label = f"persist x{rows} w{wp} {mult}/SM"

                        def run_p(rows=rows, wp=wp, grid=grid):
                            o = torch.empty_like(out)
                            k["heads_persist"][(grid,)](x, o, w, n_rows, *strides, EPS, N=head_dim,
                                                        ROWS=rows, HEADS=heads, num_warps=wp)
                            return o
                        fns[label] = checks[label] = run_p
                    for lcm, scm in (("", ""), (".cg", ""), ("", ".cs")):
                        for masked in (True, False):
                            if not masked and (n_rows % rows or lcm or scm):
                                continue
                            label = f"hint x{rows} w{wp} ld{lcm or '-'} st{scm or '-'}" + (
                                "" if masked else " nomask")

                            def run_h(rows=rows, wp=wp, lcm=lcm, scm=scm, masked=masked):
                                o = torch.empty_like(out)
                                k["heads_hint"][(triton.cdiv(n_rows, rows),)](
                                    x, o, w, n_rows, *strides, EPS, N=head_dim, ROWS=rows,
                                    HEADS=heads, LOAD_CM=lcm, STORE_CM=scm, MASKED=masked,
                                    num_warps=wp)
                                return o
                            fns[label] = checks[label] = run_h
            for label, fn in checks.items():
                torch.testing.assert_close(fn(), ref, msg=lambda s, label=label: f"{label}: {s}")
            if args.set == "split" and not args.flushed:
                flushed_labels = ()
            else:
                flushed_labels = tuple(fns)
            if not cuda:
                print(f"{name} M={m}: {len(fns)} variants, numerics ok", flush=True)
                continue
            res: dict[str, dict[str, float]] = {label: {} for label in fns}
            flushed = m >= 2048
            for fn in fns.values():
                fn()
            for _ in range(args.rounds):  # interleaved rounds, each variant's best
                for label, fn in fns.items():
                    t = graph_time_ms(fn, 64, 20) * 1e3
                    res[label]["graph_us"] = min(res[label].get("graph_us", t), t)
            if flushed:
                for label, fn in fns.items():
                    if label not in flushed_labels:
                        continue
                    res[label]["flushed_us"] = time_ms(fn, True, budget_ms=40.0,
                                                       max_reps=150) * 1e3
            default = tk.launch_config("rms_norm_heads", head_dim, 2, n_rows, profile)
            mc, comp = res["memcpy"]["graph_us"], res["compile"]["graph_us"]
            print(f"== {name} M={m} ({heads}x{head_dim}, row {width}) default x{default.rows} "
                  f"w{default.num_warps}: memcpy {mc:.2f} us, compile {comp:.2f} us", flush=True)
            order = sorted(res, key=lambda lab: res[lab]["graph_us"])
            for label in order[:25] + [lab for lab in order[25:] if not lab.startswith(
                    ("hint", "persist", "rows", "scopy", "kcopy", "split", "provider"))]:
                r = res[label]
                s = (f"  {label:<36} graph {r['graph_us']:6.2f} us {100 * mc / r['graph_us']:5.1f}%"
                     f" x{comp / r['graph_us']:.2f}")
                if "flushed_us" in r:
                    s += (f" | flushed {r['flushed_us']:6.2f} "
                          f"{100 * res['memcpy']['flushed_us'] / r['flushed_us']:5.1f}%")
                print(s, flush=True)
            results.append({"shape": name, "head_dim": head_dim, "heads": heads, "width": width,
                            "m": m, "default": str(default), "variants": res})
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / "explore_heads.json").write_text(
                json.dumps({"env": info, "results": results}, indent=1) + "\n")
    if args.pick and results:
        chosen = pick(results)
        print("pick: " + json.dumps(chosen), flush=True)
        args.pick.write_text(json.dumps(chosen, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
