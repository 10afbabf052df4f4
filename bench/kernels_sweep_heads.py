"""Launch-config sweep for issue 38's shapes, on a GPU, in one run.

    python bench/kernels_sweep_heads.py [--out DIR] [--dry-run]

Three sweeps, each variant against torch.compile and a copy of the same bytes,
measured in the same run:

  heads    the per-head kernel (rows per program x warps) at bench/kernels_limit.py's
           per-head shapes (Qwen3-8B, Gemma 3n; bf16), in CUDA graphs at every M and
           with the L2 flushed at M >= 2048
  hidden   rms_norm at hidden 2048 (bf16, fp16): the row kernel's rows x warps and
           the chunked kernel, L2 flushed (and graphs at M = 1024)
  fused    fused_add_rms_norm at hidden 8192 in fp32 (32 KiB rows): the row kernel
           with the whole row in registers against the chunked kernel

Writes ``sweep_heads.json`` under ``--out`` and prints, per shape, the default
choice, the best variant and their ratios to torch.compile and the copy.
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


def _time(fn: Any, graph: bool, flushed: bool) -> dict[str, float]:
    out = {}
    if graph:
        out["graph_us"] = min(graph_time_ms(fn, 64, 20) for _ in range(2)) * 1e3
    if flushed:
        out["flushed_us"] = time_ms(fn, True, budget_ms=60.0, max_reps=200) * 1e3
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", ".")))
    p.add_argument("--only", nargs="*", default=["heads", "hidden", "fused"])
    p.add_argument("--head-tokens", type=int, nargs="+", default=[16, 256, 2048, 8192])
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    if args.dry_run:
        os.environ["TRITON_INTERPRET"] = "1"
    _ensure_importable()
    import torch

    from vllm_kernels import native
    from vllm_kernels import triton_rms_norm as tk
    from vllm_kernels._support import device_profile
    from vllm_kernels.triton_rms_norm import LaunchConfig

    opened = open_device(args.dry_run)
    if opened is None:
        return 2
    cuda, device, info = opened
    if not cuda:
        print("dry run: nothing to time")
        return 0
    raise_compile_limits()
    c_norm = torch.compile(native.rms_norm, dynamic=False)
    c_fused = torch.compile(native.fused_add_rms_norm, dynamic=False)
    profile = device_profile()
    g = torch.Generator(device=device).manual_seed(0)
    results: list[dict[str, Any]] = []

    def report(label: str, default: LaunchConfig, res: dict[str, dict[str, float]],
               base: dict[str, dict[str, float]]) -> None:
        for mode in ("graph_us", "flushed_us"):
            if mode not in base["compile"]:
                continue
            timed = {k: v[mode] for k, v in res.items() if mode in v}
            best = min(timed, key=timed.get)
            d = timed.get(str(default), float("nan"))
            comp, copy = base["compile"][mode], base["copy"][mode]
            print(f"{label:<40} {mode:<10} default {default.rows}x w{default.num_warps} "
                  f"{'chunked ' + str(default.block_n) if default.chunked else ''} "
                  f"{d:7.2f} us x{comp / d:.2f} compile {100 * copy / d:5.1f}% copy | best {best} "
                  f"{timed[best]:7.2f} us x{comp / timed[best]:.2f} compile "
                  f"{100 * copy / timed[best]:5.1f}% copy", flush=True)
        results.append({"label": label, "default": str(default), "variants": res, **base})

    if "heads" in args.only:
        dtype = torch.bfloat16
        for name, head_dim, heads, width in PER_HEAD:
            w = torch.randn(head_dim, device=device, generator=g).to(dtype)
            for m in args.head_tokens:
                qkv = torch.randn(m, width, device=device, generator=g).to(dtype)
                x = qkv[:, : heads * head_dim].view(m, heads, head_dim)
                src = torch.randn(m * heads * head_dim, device=device, generator=g).to(dtype)
                dst = torch.empty_like(src)
                flushed = m >= 2048
                base = {"compile": _time(lambda: c_norm(x, w, EPS), True, flushed),
                        "copy": _time(lambda: dst.copy_(src), True, flushed)}
                res = {}
                cfgs = [LaunchConfig(head_dim, r, wp) for r in (1, 2, 4, 8, 16, 32)
                        for wp in (1, 2, 4, 8)]
                for cfg in cfgs:
                    torch.testing.assert_close(tk.rms_norm(x, w, EPS, config=cfg),
                                               native.rms_norm(x, w, EPS))
                    res[str(cfg)] = _time(lambda cfg=cfg: tk.rms_norm(x, w, EPS, config=cfg),
                                          True, flushed)
                default = tk.launch_config("rms_norm_heads", head_dim, 2, m * heads, profile)
                report(f"heads {name} M={m}", default, res, base)
    if "hidden" in args.only:
        for dtype in (torch.bfloat16, torch.float16):
            n = 2048
            w = torch.randn(n, device=device, generator=g).to(dtype)
            for m in (1024, 4096, 16384):
                x = torch.randn(m, n, device=device, generator=g).to(dtype)
                src = torch.randn(m * n, device=device, generator=g).to(dtype)
                dst = torch.empty_like(src)
                graph = m <= 1024
                base = {"compile": _time(lambda: c_norm(x, w, EPS), graph, True),
                        "copy": _time(lambda: dst.copy_(src), graph, True)}
                res = {}
                cfgs = [LaunchConfig(n, r, wp) for r in (1, 2, 4) for wp in (2, 4, 8, 16)]
                cfgs += [LaunchConfig(bn, 1, wp, chunked=True) for bn in (1024, 2048)
                         for wp in (4, 8)]
                for cfg in cfgs:
                    res[str(cfg)] = _time(lambda cfg=cfg: tk.rms_norm(x, w, EPS, config=cfg),
                                          graph, True)
                default = tk.launch_config("rms_norm", n, 2, m, profile)
                report(f"rms_norm {dtype} n={n} M={m}", default, res, base)
    if "fused" in args.only:
        dtype = torch.float32
        n = 8192
        w = torch.randn(n, device=device, generator=g).to(dtype)
        for m in (16, 256, 1024, 16384):
            x = torch.randn(m, n, device=device, generator=g).to(dtype)
            r = torch.randn(m, n, device=device, generator=g).to(dtype)
            src = torch.randn(2 * m * n, device=device, generator=g).to(dtype)
            dst = torch.empty_like(src)
            graph = m <= 1024
            base = {"compile": _time(lambda: c_fused(x, r, w, EPS, in_place=True), graph, True),
                    "copy": _time(lambda: dst.copy_(src), graph, True)}
            res = {}
            cfgs = [LaunchConfig(n, 1, wp) for wp in (8, 16, 32)]
            cfgs += [LaunchConfig(bn, 1, wp, chunked=True) for bn in (1024, 2048)
                     for wp in (8, 16)]
            for cfg in cfgs:
                res[str(cfg)] = _time(
                    lambda cfg=cfg: tk.fused_add_rms_norm(x, r, w, EPS, config=cfg), graph, True)
            default = tk.launch_config("fused_add_rms_norm", n, 4, m, profile)
            report(f"fused fp32 n={n} M={m}", default, res, base)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "sweep_heads.json").write_text(
        json.dumps({"env": info, "results": results}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
