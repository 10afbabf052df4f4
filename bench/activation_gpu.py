"""GPU benchmark of the gelu_and_mul_sparse Triton kernels; writes a markdown report.

    python bench/activation_gpu.py [--out DIR] [--sweep] [--dry-run]

The same terms as ``bench/kernels_gpu.py`` (the RMS-norm benchmark), for tokens M in
{1, 16, 256, 1024, 4096, 16384} x intermediate size d in {2048, 8192, 16384} x
{bf16, fp16}, approximate="tanh" (Gemma 3n's), and approximate="none" at the
largest M:
  * GB/s: unique bytes (read 2d, write d elements per row) over the median kernel
    time, L2 flushed before each run (``kernels_timing``), for our Triton kernel,
    torch eager of the native reference, torch.compile of it (static shapes, one
    compile per shape), and a device-to-device copy moving the same bytes, the
    practical limit;
  * for M <= 256, the per-call time under CUDA-graph replay.
``--sweep`` first times launch-config variants (row kernel vs chunked, block
sizes, warps, rows split over programs) at M in {1, 16, 64, 256, 4096, 16384}
in bf16 (``--sweep-approximate none`` for the erf form); it is how
``triton_activation.launch_config`` was chosen. Outputs, under ``--out``:
``activation.md`` (tables), ``activation.json`` (every row) and
``kernels-<gpu>-gelu.json`` (the shapes the docs plot, bench/results format).
``--dry-run`` exercises every code path on the CPU (Triton interpreter, tiny
shapes); its numbers mean nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernels_gpu import _ensure_importable, _env_info, _gbps  # noqa: E402
from kernels_timing import graph_time_ms, time_ms  # noqa: E402

OP = "gelu_and_mul_sparse"
STD_MULTIPLIER = 1.6448536  # Gemma 3n's, for a 0.95 target sparsity


class Case:
    """One (dtype, d, M, approximate) shape with its inputs and the variants."""

    def __init__(self, dtype: Any, d: int, m: int, approx: str, device: str, compiled: Any):
        import torch

        from vllm_kernels import native_activation as na
        from vllm_kernels import triton_activation as ta

        self.dtype, self.d, self.m, self.approx = dtype, d, m, approx
        gen = torch.Generator(device=device).manual_seed(d * 7 + m)
        es = torch.tensor([], dtype=dtype).element_size()
        # Real-looking data (never zeros); with a cutoff 1.645 std above the mean
        # about 5% of each gate row survives, as the op intends.
        self.x = (torch.randn(m, 2 * d, device=device, generator=gen) * 2 + 0.3).to(dtype)
        self.out = torch.empty(m, d, dtype=dtype, device=device)
        self.bytes = 3 * m * d * es
        self.copy_src = torch.randn(3 * m * d // 2, device=device, generator=gen).to(dtype)
        self.copy_dst = torch.empty_like(self.copy_src)
        self.copy_bytes = 2 * self.copy_src.numel() * es
        self.copy = lambda: self.copy_dst.copy_(self.copy_src)
        self.triton = lambda cfg=None: ta.gelu_and_mul_sparse(
            self.x, STD_MULTIPLIER, approx, out=self.out, config=cfg
        )
        self.eager = lambda: na.gelu_and_mul_sparse(self.x, STD_MULTIPLIER, approx)
        self.compiled = None
        if compiled is not None:
            self.compiled = lambda: compiled(self.x, STD_MULTIPLIER, approx)

    def check(self) -> float:
        """Relative error of the Triton output vs native (NaN if any NaN)."""
        import torch

        from vllm_kernels import native_activation as na
        from vllm_kernels import triton_activation as ta

        got = ta.gelu_and_mul_sparse(self.x, STD_MULTIPLIER, self.approx)
        ref = na.gelu_and_mul_sparse(self.x, STD_MULTIPLIER, self.approx)
        if torch.isnan(got).any():
            return float("nan")
        err = (got.float() - ref.float()).norm() / ref.float().norm().clamp_min(1e-30)
        return float(err)


def _compiled_fn(enabled: bool) -> Callable[..., Any] | None:
    if not enabled:
        return None
    import torch

    from vllm_kernels import native_activation as na

    # One compile per shape (static); raise the limits so no shape falls back to eager.
    for knob in (
        "recompile_limit",
        "cache_size_limit",
        "accumulated_recompile_limit",
        "accumulated_cache_size_limit",
    ):
        if hasattr(torch._dynamo.config, knob):
            setattr(torch._dynamo.config, knob, 4096)
    return torch.compile(na.gelu_and_mul_sparse, dynamic=False)


def _kernel_label(d: int, es: int, m: int, cfg: Any = None) -> str:
    from vllm_kernels._support import device_profile
    from vllm_kernels.triton_activation import launch_config

    cfg = cfg or launch_config(OP, d, es, m, device_profile())
    kind = f"chunked {cfg.block_d}" if cfg.chunked else f"rows x{cfg.rows}"
    if cfg.split > 1:
        kind += f" split {cfg.split}"
    return f"{kind} w{cfg.num_warps}"


def _best(variants: dict[str, Callable[[], Any]], rounds: int, cuda: bool) -> dict[str, float]:
    # Interleave the variants over several rounds and keep each one's best
    # median, so slow drift cannot favour whichever variant ran first.
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, fn in variants.items():
            best[name] = min(best.get(name, float("inf")), time_ms(fn, cuda))
    return best


# ----------------------------------------------------------------------------
# launch-config sweep
# ----------------------------------------------------------------------------


def sweep_configs(d: int, es: int, m: int) -> list[Any]:
    import triton

    from vllm_kernels._support import device_profile
    from vllm_kernels.triton_activation import LaunchConfig, launch_config

    block = triton.next_power_of_2(d)
    out = [launch_config(OP, d, es, m, device_profile())]  # the shipped choice, always timed
    out += [LaunchConfig(block, 1, w) for w in (4, 8, 16, 32) if 2 * block // (32 * w) <= 128]
    if block * es <= 4096:
        out.append(LaunchConfig(block, 2, 8))
    for chunk in (512, 1024, 2048, 4096):
        if chunk > block:
            continue
        out += [LaunchConfig(chunk, 1, w, chunked=True) for w in (4, 8, 16) if chunk >= 32 * w]
        if m <= 256 and chunk in (1024, 2048) and d // chunk >= 2:
            # Small batches: rows split over programs (one or two chunks each).
            for split in (d // chunk, d // chunk // 2):
                out += [LaunchConfig(chunk, 1, w, chunked=True, split=split) for w in (4, 8)]
    return list(dict.fromkeys(out))


def run_sweep(args: argparse.Namespace, cuda: bool) -> list[dict[str, Any]]:
    import torch

    device = "cuda" if cuda else "cpu"
    rows: list[dict[str, Any]] = []
    dtype = torch.bfloat16
    for d in args.d:
        for m in args.sweep_tokens:
            case = Case(dtype, d, m, args.sweep_approximate, device, None)
            variants: dict[str, Callable[[], Any]] = {"copy": case.copy}
            for cfg in sweep_configs(d, 2, m):
                variants[_kernel_label(d, 2, m, cfg)] = lambda cfg=cfg, c=case: c.triton(cfg)
            best = _best(variants, args.rounds, cuda)
            copy_gbps = _gbps(case.copy_bytes, best.pop("copy"))
            row = {"d": d, "m": m, "approximate": args.sweep_approximate,
                   "copy_gbps": copy_gbps, "default": _kernel_label(d, 2, m)}
            row["gbps"] = {k: _gbps(case.bytes, ms) for k, ms in best.items()}
            rows.append(row)
            top = sorted(row["gbps"].items(), key=lambda kv: -kv[1])
            print(
                f"sweep d={d:<5} M={m:<6} copy {copy_gbps:6.0f} | default {row['default']}: "
                f"{row['gbps'][row['default']]:6.0f} | "
                + ", ".join(f"{k} {v:.0f}" for k, v in top[:6]),
                flush=True,
            )
            del case
            if cuda:
                torch.cuda.empty_cache()
    return rows


# ----------------------------------------------------------------------------
# the table
# ----------------------------------------------------------------------------


def run_bandwidth(
    args: argparse.Namespace, cuda: bool, rows: list[dict[str, Any]], save: Callable[[], Any]
) -> None:
    """Append one row per shape to ``rows``, calling ``save`` after each."""
    import torch

    device = "cuda" if cuda else "cpu"
    compiled = _compiled_fn(not args.no_compile)
    shapes = [("tanh", m) for m in args.tokens] + [("none", m) for m in args.none_tokens]
    for dtype in (torch.bfloat16, torch.float16):
        for d in args.d:
            for approx, m in shapes:
                case = Case(dtype, d, m, approx, device, compiled)
                row: dict[str, Any] = {
                    "op": OP,
                    "approximate": approx,
                    "dtype": str(dtype).removeprefix("torch."),
                    "hidden": d,
                    "m": m,
                    "kernel": _kernel_label(d, dtype.itemsize, m),
                    "rel_err": case.check(),
                }
                variants = {"triton": case.triton, "eager": case.eager, "copy": case.copy}
                if case.compiled is not None:
                    try:
                        case.compiled()
                        variants["compile"] = case.compiled
                    except Exception as exc:  # noqa: BLE001 - recorded in the report
                        row["compile_note"] = type(exc).__name__
                for name, ms in _best(variants, args.rounds, cuda).items():
                    nbytes = case.copy_bytes if name == "copy" else case.bytes
                    row[f"{name}_us"] = ms * 1e3
                    row[f"{name}_gbps"] = _gbps(nbytes, ms)
                if cuda and m <= args.graph_max_m:
                    gbest: dict[str, float] = {}
                    for _ in range(args.rounds + 1):
                        for name, fn in variants.items():
                            gbest[name] = min(gbest.get(name, float("inf")), graph_time_ms(fn))
                    for name, ms in gbest.items():
                        row[f"graph_{name}_us"] = ms * 1e3
                row["pct_copy"] = 100 * row["triton_gbps"] / row["copy_gbps"]
                if "compile_us" in row:
                    row["vs_compile"] = row["compile_us"] / row["triton_us"]
                if "graph_triton_us" in row and "graph_compile_us" in row:
                    row["graph_vs_compile"] = row["graph_compile_us"] / row["graph_triton_us"]
                rows.append(row)
                print(_row_line(row), flush=True)
                save()
                del case
                if cuda:
                    torch.cuda.empty_cache()


def _row_line(r: dict[str, Any]) -> str:
    s = (
        f"{r['approximate']:>4} {r['dtype']:>8} d={r['hidden']:<5} M={r['m']:<6} "
        f"{r['kernel']:>16} triton {r['triton_gbps']:6.0f} GB/s ({r['pct_copy']:5.1f}% copy) "
        f"eager {r['eager_gbps']:6.0f} copy {r['copy_gbps']:6.0f}"
    )
    if "compile_gbps" in r:
        s += f" compile {r['compile_gbps']:6.0f} (x{r['vs_compile']:.2f})"
    if "graph_triton_us" in r:
        s += f" | graph us: triton {r['graph_triton_us']:.2f}"
        if "graph_compile_us" in r:
            s += f" compile {r['graph_compile_us']:.2f}"
        s += f" copy {r['graph_copy_us']:.2f}"
    return s + f" err {r['rel_err']:.1e}"


# ----------------------------------------------------------------------------
# report
# ----------------------------------------------------------------------------


def render_markdown(info: dict[str, str], rows: list[dict], sweep: list[dict]) -> str:
    nan = float("nan")
    lines = ["# Kernel benchmark: gelu_and_mul_sparse", ""]
    lines += [f"- {k}: {v}" for k, v in info.items()]
    lines += [
        "",
        "| approximate | dtype | d | M | kernel | triton GB/s | copy GB/s | % copy | eager GB/s "
        "| compile GB/s | vs compile | triton us | graph triton us | graph compile us "
        "| graph vs compile | rel err |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['approximate']} | {r['dtype']} | {r['hidden']} | {r['m']} | {r['kernel']} "
            f"| {r['triton_gbps']:.0f} | {r['copy_gbps']:.0f} | {r['pct_copy']:.1f}% "
            f"| {r['eager_gbps']:.0f} | {r.get('compile_gbps', 0):.0f} "
            f"| {r.get('vs_compile', nan):.2f} | {r['triton_us']:.2f} "
            f"| {r.get('graph_triton_us', nan):.2f} | {r.get('graph_compile_us', nan):.2f} "
            f"| {r.get('graph_vs_compile', nan):.2f} | {r['rel_err']:.1e} |"
        )
    if sweep:
        lines += ["", "## Launch-config sweep (bf16; GB/s)", ""]
        for s in sweep:
            top = sorted(s["gbps"].items(), key=lambda kv: -kv[1])
            lines.append(
                f"- {s.get('approximate', 'tanh')} d={s['d']} M={s['m']}: "
                f"copy {s['copy_gbps']:.0f}; default "
                f"{s['default']} {s['gbps'][s['default']]:.0f}; "
                + ", ".join(f"{k} {v:.0f}" for k, v in top)
            )
    return "\n".join(lines) + "\n"


def results_json(info: dict[str, str], rows: list[dict]) -> dict[str, Any]:
    """The plotted shapes, in bench/results/kernels-<gpu>*.json's format (tanh only:
    one line per dtype and d; the erf rows stay in the markdown table)."""
    shapes = []
    for r in rows:
        if r["approximate"] != "tanh":
            continue
        s = {
            "op": OP,
            "dtype": r["dtype"],
            "hidden": r["hidden"],
            "tokens": r["m"],
            "kernel": r["kernel"],
            "triton_gbps": round(r["triton_gbps"]),
            "pct_of_copy": round(r["pct_copy"], 1),
            "eager_gbps": round(r["eager_gbps"]),
            "compile_gbps": round(r.get("compile_gbps", 0)),
            "copy_gbps": round(r["copy_gbps"]),
            "speedup_vs_compile": round(r.get("vs_compile", 0), 2) or None,
            "triton_us": round(r["triton_us"], 2),
            "rel_err": float(f"{r['rel_err']:.1e}"),
        }
        if "graph_triton_us" in r:
            s["graph_triton_us"] = round(r["graph_triton_us"], 2)
            s["graph_compile_us"] = round(r.get("graph_compile_us", 0), 2)
            s["graph_speedup_vs_compile"] = round(r.get("graph_vs_compile", 0), 2) or None
        shapes.append(s)
    device = info.get("device", "?").split(" (")[0]
    return {
        "gpu": device,
        "date": info.get("date"),
        "software": f"torch {info.get('torch')}, Triton {info.get('triton')}, "
        f"CUDA {info.get('cuda')}, driver {info.get('driver')}",
        "source": "bench/activation_gpu.py (tables in docs/benchmarks.md)",
        "shapes": shapes,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", ".")))
    p.add_argument("--tokens", type=int, nargs="+", default=[1, 16, 256, 1024, 4096, 16384])
    p.add_argument("--none-tokens", type=int, nargs="*", default=[16384],
                   help="token counts also run with approximate='none'")
    p.add_argument("--d", type=int, nargs="+", default=[2048, 8192, 16384])
    p.add_argument("--graph-max-m", type=int, default=256)
    p.add_argument("--rounds", type=int, default=2, help="interleaved timing rounds")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile")
    p.add_argument("--sweep", action="store_true", help="launch-config sweep first")
    p.add_argument("--sweep-tokens", type=int, nargs="+", default=[1, 16, 64, 256, 4096, 16384])
    p.add_argument("--sweep-approximate", default="tanh", choices=["tanh", "none"])
    p.add_argument("--skip-bandwidth", action="store_true")
    p.add_argument("--dry-run", action="store_true", help="CPU + interpreter, tiny shapes")
    args = p.parse_args(argv)

    if args.dry_run:
        os.environ["TRITON_INTERPRET"] = "1"
        args.tokens, args.none_tokens, args.d, args.sweep_tokens = [1, 3], [3], [64, 96], [3]
    _ensure_importable()
    import torch

    cuda = torch.cuda.is_available() and not args.dry_run
    if not cuda and not args.dry_run:
        print("no GPU: use --dry-run to exercise the script on the CPU", file=sys.stderr)
        return 2
    info = _env_info(cuda)
    print(json.dumps(info), flush=True)
    sweep: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []

    def save() -> str:
        # Written after every section so a run cut short still leaves a report.
        md = render_markdown(info, rows, sweep)
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "activation.md").write_text(md)
        (args.out / "activation.json").write_text(
            json.dumps({"env": info, "rows": rows, "sweep": sweep}, indent=1)
        )
        slug = info["device"].removeprefix("NVIDIA ").split()[0].lower()  # h100, h200
        results = json.dumps(results_json(info, rows), indent=1)
        (args.out / f"kernels-{slug}-gelu.json").write_text(results + "\n")
        return md

    if args.sweep:
        sweep = run_sweep(args, cuda)
        save()
    if not args.skip_bandwidth:
        run_bandwidth(args, cuda, rows, save)
    print(save())
    return 0


if __name__ == "__main__":
    sys.exit(main())
