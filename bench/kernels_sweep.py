"""Launch-config sweep of every Triton kernel of the set, on the GPU it runs on.

    python bench/kernels_sweep.py [--out DIR] [--baseline FILE] [--dry-run]

For each op (rms_norm, fused_add_rms_norm, gelu_and_mul_sparse with
approximate "none" and "tanh"), bf16, and a grid of row sizes and token counts,
it times the shipped launch choice and the alternatives around it (row kernel
with 4-32 warps, chunked kernels with 1-8 KiB chunks, rows split over programs
for small batches), each against a device copy of the same bytes:

  * L2 flushed before each run (``kernels_timing.time_ms``), every shape;
  * inside a CUDA graph (``kernels_timing.graph_time_ms``), for M <= 1024.

``--baseline FILE`` adds an earlier ``triton_activation`` module (e.g. the one
of the last commit, saved with ``git show``) at its own launch choice, so that a
kernel change is measured against what it replaces in the same run.
``--compile`` adds torch.compile of the native op at the small shapes (M <= 1024,
CUDA graph), where a launch choice can lose to it. Everything lands in
``sweep.json`` and ``sweep.md`` under ``--out``; the last lines printed are a
table of the best variant per shape. ``--dry-run`` exercises the script on the
CPU (Triton interpreter, tiny shapes); its numbers mean nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernels_gpu import (  # noqa: E402
    _ensure_importable,
    _gbps,
    open_device,
    raise_compile_limits,
)
from kernels_timing import graph_time_ms, time_ms  # noqa: E402

STD_MULTIPLIER = 1.6448536  # Gemma 3n's, for a 0.95 target sparsity
Variants = dict[str, Callable[[], Any]]


def _load_baseline(path: Path | None) -> Any:
    if path is None:
        return None
    spec = importlib.util.spec_from_file_location("baseline_activation", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while decorating
    spec.loader.exec_module(module)
    return module


def gelu_configs(d: int, es: int, m: int) -> list[Any]:
    import triton

    from vllm_kernels._support import device_profile
    from vllm_kernels.triton_activation import LaunchConfig, launch_config

    block = triton.next_power_of_2(d)
    out = [launch_config("gelu_and_mul_sparse", d, es, m, device_profile())]
    # Row kernel: the whole gate and up in registers (<= 64 fp32 values a thread;
    # at 64, also capped at 64 registers so that two programs of 16 warps fit an SM).
    out += [LaunchConfig(block, 1, w) for w in (4, 8, 16, 32) if 2 * block // (32 * w) <= 64]
    out += [LaunchConfig(block, 1, w, max_registers=64) for w in (8, 16)
            if 2 * block // (32 * w) == 64]
    if block * es <= 2048:
        out.append(LaunchConfig(block, 2, 4))
    for chunk_bytes, warps in ((2048, 4), (4096, 4), (4096, 8), (8192, 8), (8192, 16)):
        chunk = chunk_bytes // es
        if chunk > block or chunk < 32 * warps:
            continue
        out.append(LaunchConfig(chunk, 1, warps, chunked=True))
        n_chunks = triton.cdiv(d, chunk)
        if m <= 256 and n_chunks >= 2:
            for split in sorted({n_chunks, max(2, n_chunks // 2)}):
                out.append(LaunchConfig(chunk, 1, warps, chunked=True, split=split))
    return list(dict.fromkeys(out))


def gelu_label(cfg: Any) -> str:
    kind = f"chunked {cfg.block_d}" if cfg.chunked else f"rows x{cfg.rows}"
    if cfg.split > 1:
        kind += f" split {cfg.split}"
    return f"{kind} w{cfg.num_warps}" + (f" r{cfg.max_registers}" if cfg.max_registers else "")


def norm_configs(op: str, n: int, es: int, m: int) -> list[Any]:
    import triton

    from vllm_kernels._support import device_profile
    from vllm_kernels.triton_rms_norm import LaunchConfig, launch_config

    block = triton.next_power_of_2(n)
    out = [launch_config(op, n, es, m, device_profile())]
    out += [LaunchConfig(block, 1, w) for w in (4, 8, 16) if block // (32 * w) <= 64]
    for chunk_bytes, warps in ((4096, 4), (4096, 8), (8192, 8), (8192, 16)):
        chunk = chunk_bytes // es
        if chunk < block:
            out.append(LaunchConfig(chunk, 1, warps, chunked=True))
    return list(dict.fromkeys(out))


def norm_label(cfg: Any) -> str:
    kind = f"chunked {cfg.block_n}" if cfg.chunked else f"rows x{cfg.rows}"
    return f"{kind} w{cfg.num_warps}"


def _compiled(name: str, enabled: bool) -> Callable[..., Any] | None:
    if not enabled:
        return None
    import torch

    from vllm_kernels import native, native_activation

    raise_compile_limits()
    fn = {"rms_norm": native.rms_norm, "fused_add_rms_norm": native.fused_add_rms_norm,
          "gelu": native_activation.gelu_and_mul_sparse}[name]
    return torch.compile(fn, dynamic=False)


def gelu_case(approx: str, d: int, m: int, device: str, baseline: Any,
              compiled: Callable[..., Any] | None) -> tuple[Variants, int, int, str]:
    import torch

    from vllm_kernels import triton_activation as ta
    from vllm_kernels._support import device_profile

    es = 2
    gen = torch.Generator(device=device).manual_seed(d * 7 + m)
    x = (torch.randn(m, 2 * d, device=device, generator=gen) * 2 + 0.3).to(torch.bfloat16)
    out = torch.empty(m, d, dtype=torch.bfloat16, device=device)
    src = torch.randn(3 * m * d // 2, device=device, generator=gen).to(torch.bfloat16)
    dst = torch.empty_like(src)
    v: Variants = {"copy": lambda: dst.copy_(src)}
    default = gelu_label(ta.launch_config("gelu_and_mul_sparse", d, es, m, device_profile()))
    for cfg in gelu_configs(d, es, m):
        v[gelu_label(cfg)] = lambda c=cfg: ta.gelu_and_mul_sparse(
            x, STD_MULTIPLIER, approx, out=out, config=c)
    if baseline is not None:
        v["baseline"] = lambda: baseline.gelu_and_mul_sparse(x, STD_MULTIPLIER, approx, out=out)
    if compiled is not None:
        v["compile"] = lambda: compiled(x, STD_MULTIPLIER, approx)
    return v, 3 * m * d * es, 2 * src.numel() * es, default


def norm_case(op: str, n: int, m: int, device: str,
              compiled: Callable[..., Any] | None) -> tuple[Variants, int, int, str]:
    import torch

    from vllm_kernels import triton_rms_norm as tk
    from vllm_kernels._support import device_profile

    es = 2
    gen = torch.Generator(device=device).manual_seed(n * 5 + m)
    x = torch.randn(m, n, device=device, generator=gen).to(torch.bfloat16)
    w = (1 + 0.1 * torch.randn(n, device=device, generator=gen)).to(torch.bfloat16)
    v: Variants = {}
    if op == "rms_norm":
        out = torch.empty_like(x)
        nbytes, copy_elems = 2 * m * n * es + n * es, m * n
        for cfg in norm_configs(op, n, es, m):
            v[norm_label(cfg)] = lambda c=cfg: tk.rms_norm(x, w, 1e-6, out=out, config=c)
        if compiled is not None:
            v["compile"] = lambda: compiled(x, w, 1e-6)
    else:
        r = torch.randn(m, n, device=device, generator=gen).to(torch.bfloat16)
        nbytes, copy_elems = 4 * m * n * es + n * es, 2 * m * n
        for cfg in norm_configs(op, n, es, m):
            v[norm_label(cfg)] = lambda c=cfg: tk.fused_add_rms_norm(
                x, r, w, 1e-6, in_place=True, config=c)
        if compiled is not None:
            v["compile"] = lambda: compiled(x, r, w, 1e-6, in_place=True)
    src = torch.randn(copy_elems, device=device, generator=gen).to(torch.bfloat16)
    dst = torch.empty_like(src)
    v = {"copy": lambda: dst.copy_(src), **v}
    default = norm_label(tk.launch_config(op, n, es, m, device_profile()))
    return v, nbytes, 2 * copy_elems * es, default


def measure(v: Variants, nbytes: int, copy_bytes: int, graphs: bool, cuda: bool,
            rounds: int) -> dict[str, Any]:
    """GB/s per variant with L2 flushed and, if ``graphs``, us per call in a graph."""
    for name, fn in list(v.items()):  # compile (and drop what fails) before timing
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - a variant that cannot run is reported
            print(f"  {name}: {type(exc).__name__}: {str(exc)[:120]}", flush=True)
            del v[name]
    flushed: dict[str, float] = {}
    graph: dict[str, float] = {}
    for _ in range(rounds):  # interleaved, best median of each
        for name, fn in v.items():
            ms = time_ms(fn, cuda, budget_ms=40.0, max_reps=120)
            flushed[name] = min(flushed.get(name, float("inf")), ms)
            if graphs and cuda:
                g = graph_time_ms(fn, calls=32, replays=12)
                graph[name] = min(graph.get(name, float("inf")), g)
    gbps = {k: _gbps(copy_bytes if k == "copy" else nbytes, ms) for k, ms in flushed.items()}
    return {"gbps": gbps, "us": {k: ms * 1e3 for k, ms in flushed.items()},
            "graph_us": {k: ms * 1e3 for k, ms in graph.items()}}


def _line(row: dict[str, Any]) -> str:
    g = row["gbps"]
    copy = g.pop("copy")
    base = g.get("baseline")
    top = sorted(((k, x) for k, x in g.items() if k not in ("baseline", "compile")),
                 key=lambda kv: -kv[1])
    g["copy"] = copy
    s = (f"{row['op']:<22} n={row['n']:<6} M={row['m']:<6} copy {copy:6.0f} | default "
         f"{row['default']} {100 * g[row['default']] / copy:5.1f}%")
    if base:
        s += f" | baseline {100 * base / copy:5.1f}%"
    if "compile" in g:
        s += f" | compile {100 * g['compile'] / copy:5.1f}%"
    s += " | best " + ", ".join(f"{k} {100 * x / copy:.1f}%" for k, x in top[:4])
    if row["graph_us"]:
        gu = row["graph_us"]
        best = sorted(((k, x) for k, x in gu.items() if k not in ("copy", "compile", "baseline")),
                      key=lambda kv: kv[1])
        s += f"\n{'':<22} graph us: copy {gu['copy']:.2f} default {gu[row['default']]:.2f}"
        for k in ("baseline", "compile"):
            if k in gu:
                s += f" {k} {gu[k]:.2f}"
        s += " | best " + ", ".join(f"{k} {x:.2f}" for k, x in best[:3])
    return s


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", ".")))
    p.add_argument("--baseline", type=Path, default=None)
    p.add_argument("--ops", nargs="+", default=["gelu-none", "gelu-tanh", "rms_norm",
                                                "fused_add_rms_norm"])
    p.add_argument("--d", type=int, nargs="+", default=[2048, 8192, 16384])
    p.add_argument("--hidden", type=int, nargs="+", default=[4096, 8192])
    p.add_argument("--tokens", type=int, nargs="+",
                   default=[1, 16, 64, 256, 1024, 4096, 16384])
    p.add_argument("--graph-max-m", type=int, default=1024)
    p.add_argument("--compile", action="store_true", help="torch.compile at M <= graph-max-m")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    if args.dry_run:
        os.environ["TRITON_INTERPRET"] = "1"
        args.d, args.hidden, args.tokens = [64, 96], [64], [1, 3]
    _ensure_importable()
    import torch

    opened = open_device(args.dry_run)
    if opened is None:
        return 2
    cuda, device, info = opened
    baseline = _load_baseline(args.baseline)
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for op in args.ops:
        gelu = op.startswith("gelu")
        sizes = args.d if gelu else args.hidden
        for n in sizes:
            for m in args.tokens:
                small = m <= args.graph_max_m
                compiled = _compiled("gelu" if gelu else op, args.compile and small and cuda)
                if gelu:
                    v, nbytes, cbytes, default = gelu_case(
                        op.removeprefix("gelu-"), n, m, device, baseline, compiled)
                else:
                    v, nbytes, cbytes, default = norm_case(op, n, m, device, compiled)
                row = {"op": op, "n": n, "m": m, "default": default,
                       **measure(v, nbytes, cbytes, small, cuda, args.rounds)}
                rows.append(row)
                print(_line(row), flush=True)
                del v
                if cuda:
                    torch.cuda.empty_cache()
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "sweep.json").write_text(json.dumps({"env": info, "rows": rows}, indent=1))
        print(f"[{op} done, {time.perf_counter() - t0:.0f}s]", flush=True)
    lines = [f"- {k}: {v}" for k, v in info.items()] + [""] + [_line(r) for r in rows]
    (args.out / "sweep.md").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
