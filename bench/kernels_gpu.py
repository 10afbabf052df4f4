"""GPU benchmark of the vllm_kernels RMS-norm kernels; writes a markdown report.

    python bench/kernels_gpu.py [--out PATH] [--skip-warmup] [--dry-run]

Measures, for tokens M in {1, 16, 256, 4096, 32768} x hidden {4096, 8192} x
{bf16, fp16} and both ops:
  * GB/s (unique bytes read + written over the median kernel time, L2 flushed
    before each run, see ``kernels_timing``) for our Triton kernels, torch
    eager of the native reference, torch.compile of it (static shapes, one
    compile per shape: the strongest setting for it), and a device-to-device
    copy moving the same bytes (``dst.copy_(src)``), the practical limit;
  * for M in {1, 16, 256}, the per-call time under CUDA-graph replay (launch
    overhead removed; what decode steps see);
  * warmup time with an empty Triton cache (cold) and a populated one (warm),
    each in a fresh process, then a sweep of token counts the plan never named,
    with the JIT monitor in "raise" mode (it must record zero compilations).
Launch-config sweeps live in ``bench/kernels_variants.py``. ``--dry-run``
exercises every code path on the CPU (Triton interpreter, tiny shapes) so the
script can be checked without a GPU; its numbers mean nothing.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernels_timing import graph_time_ms, time_ms  # noqa: E402


def _ensure_importable() -> None:
    try:
        import vllm_kernels  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(ROOT / "kernels"))


# ----------------------------------------------------------------------------
# the cases
# ----------------------------------------------------------------------------


class Case:
    """One (op, dtype, hidden, M) shape with its inputs and the four variants."""

    def __init__(self, op: str, dtype: Any, hidden: int, m: int, device: str, compiled: dict):
        import torch

        import vllm_kernels.native as native
        from vllm_kernels import triton_rms_norm as tk

        self.op, self.dtype, self.hidden, self.m = op, dtype, hidden, m
        gen = torch.Generator(device=device).manual_seed(hidden * 7 + m)
        es = torch.tensor([], dtype=dtype).element_size()

        def rand(*shape: int) -> torch.Tensor:
            return torch.randn(*shape, device=device, generator=gen).to(dtype)

        self.x = rand(m, hidden)
        self.w = (1.0 + 0.1 * torch.randn(hidden, device=device, generator=gen)).to(dtype)
        eps = 1e-6
        if op == "rms_norm":
            self.bytes = 2 * m * hidden * es + hidden * es
            self.copy_src = rand(m, hidden)
            self.triton = lambda cfg=None: tk.rms_norm(self.x, self.w, eps, config=cfg)
            self.eager = lambda: native.rms_norm(self.x, self.w, eps)
        else:
            self.r = rand(m, hidden)
            self.bytes = 4 * m * hidden * es + hidden * es
            self.copy_src = rand(2 * m, hidden)
            # In place, as a decoder layer calls it; the native versions get the
            # same contract (inductor turns the write-back into stores).
            self.triton = lambda cfg=None: tk.fused_add_rms_norm(
                self.x, self.r, self.w, eps, in_place=True, config=cfg
            )
            self.eager = lambda: native.fused_add_rms_norm(self.x, self.r, self.w, eps)
        self.copy_dst = torch.empty_like(self.copy_src)
        self.copy_bytes = 2 * self.copy_src.numel() * es
        self.copy = lambda: self.copy_dst.copy_(self.copy_src)
        fn = compiled.get(op)
        if fn is None:
            self.compiled = None
        elif op == "rms_norm":
            self.compiled = lambda: fn(self.x, self.w, eps)
        else:
            self.compiled_in_place = True
            self.compiled = lambda: fn(self.x, self.r, self.w, eps, in_place=self.compiled_in_place)

    def check(self) -> float:
        """Max relative error of the Triton output vs native (fresh inputs kept intact)."""
        import torch

        import vllm_kernels.native as native
        from vllm_kernels import triton_rms_norm as tk

        if self.op == "rms_norm":
            got = tk.rms_norm(self.x, self.w, 1e-6)
            ref = native.rms_norm(self.x, self.w, 1e-6)
        else:
            x, r = self.x.clone(), self.r.clone()
            got, _ = tk.fused_add_rms_norm(x, r, self.w, 1e-6, in_place=False)
            ref, _ = native.fused_add_rms_norm(self.x.clone(), self.r.clone(), self.w, 1e-6)
        err = (got.float() - ref.float()).norm() / ref.float().norm().clamp_min(1e-30)
        if torch.isnan(got).any():
            return float("nan")
        return float(err)


def raise_compile_limits() -> None:
    """One compile per shape (static): raise torch.compile's limits so no shape falls
    back to eager."""
    import torch

    for knob in (
        "recompile_limit",
        "cache_size_limit",
        "accumulated_recompile_limit",
        "accumulated_cache_size_limit",
    ):
        if hasattr(torch._dynamo.config, knob):
            setattr(torch._dynamo.config, knob, 4096)


def _compiled_fns(enabled: bool) -> dict[str, Callable[..., Any]]:
    if not enabled:
        return {}
    import torch

    import vllm_kernels.native as native

    raise_compile_limits()
    return {
        "rms_norm": torch.compile(native.rms_norm, dynamic=False),
        "fused_add_rms_norm": torch.compile(native.fused_add_rms_norm, dynamic=False),
    }


def _compile_ok(case: Case, row: dict[str, Any]) -> bool:
    """Compile (first call); for the fused op fall back to writing a new output.

    Inductor has had bugs compiling the write-back into x (seen on its CPU
    backend); out-of-place moves the same bytes, so the comparison stays fair.
    """
    try:
        case.compiled()
        return True
    except Exception as exc:  # noqa: BLE001 - recorded in the report
        row["compile_note"] = f"{type(exc).__name__}"
    if case.op != "fused_add_rms_norm":
        return False
    case.compiled_in_place = False
    try:
        case.compiled()
        row["compile_note"] += "; compiled out-of-place instead"
        return True
    except Exception as exc:  # noqa: BLE001
        row["compile_note"] += f"; out-of-place too: {type(exc).__name__}"
        return False


def _kernel_label(op: str, hidden: int, dtype: Any, m: int) -> str:
    from vllm_kernels._support import device_profile
    from vllm_kernels.triton_rms_norm import launch_config

    cfg = launch_config(op, hidden, dtype.itemsize, m, device_profile())
    kind = f"chunked {cfg.block_n}" if cfg.chunked else f"rows x{cfg.rows}"
    return f"{kind} w{cfg.num_warps}"


def _gbps(nbytes: int, ms: float) -> float:
    return nbytes / (ms * 1e-3) / 1e9


def run_bandwidth(args: argparse.Namespace, cuda: bool) -> list[dict[str, Any]]:
    import torch

    device = "cuda" if cuda else "cpu"
    compiled = _compiled_fns(not args.no_compile)
    rows: list[dict[str, Any]] = []
    dtypes = [torch.bfloat16, torch.float16]
    for op in ("rms_norm", "fused_add_rms_norm"):
        for dtype in dtypes:
            for hidden in args.hidden:
                for m in args.tokens:
                    case = Case(op, dtype, hidden, m, device, compiled)
                    row: dict[str, Any] = {
                        "op": op,
                        "dtype": str(dtype).removeprefix("torch."),
                        "hidden": hidden,
                        "m": m,
                        "kernel": _kernel_label(op, hidden, dtype, m),
                        "rel_err": case.check(),
                    }
                    variants = {"triton": case.triton, "eager": case.eager, "copy": case.copy}
                    if case.compiled is not None and _compile_ok(case, row):
                        variants["compile"] = case.compiled
                    # Interleave the variants over several rounds and keep each
                    # one's best median, so slow drift (clocks, a neighbour on
                    # the host) cannot favour whichever variant ran first.
                    best: dict[str, float] = {}
                    for _ in range(args.rounds):
                        for name, fn in variants.items():
                            best[name] = min(best.get(name, float("inf")), time_ms(fn, cuda))
                    for name, ms in best.items():
                        nbytes = case.copy_bytes if name == "copy" else case.bytes
                        row[f"{name}_us"] = ms * 1e3
                        row[f"{name}_gbps"] = _gbps(nbytes, ms)
                    if cuda and m <= args.graph_max_m:
                        gbest: dict[str, float] = {}
                        for _ in range(args.rounds + 1):
                            for name, fn in variants.items():
                                t = graph_time_ms(fn)
                                gbest[name] = min(gbest.get(name, float("inf")), t)
                        for name, ms in gbest.items():
                            row[f"graph_{name}_us"] = ms * 1e3
                    row["pct_copy"] = 100 * row["triton_gbps"] / row["copy_gbps"]
                    if "compile_us" in row:
                        row["vs_compile"] = row["compile_us"] / row["triton_us"]
                    if "graph_triton_us" in row and "graph_compile_us" in row:
                        row["graph_vs_compile"] = row["graph_compile_us"] / row["graph_triton_us"]
                    rows.append(row)
                    print(_row_line(row), flush=True)
                    del case
                    if cuda:
                        torch.cuda.empty_cache()
    return rows


def _row_line(r: dict[str, Any]) -> str:
    s = (
        f"{r['op']:>18} {r['dtype']:>8} H={r['hidden']:<5} M={r['m']:<6} "
        f"triton {r['triton_gbps']:7.0f} GB/s ({r['pct_copy']:5.1f}% copy) "
        f"eager {r['eager_gbps']:7.0f} copy {r['copy_gbps']:7.0f}"
    )
    if "compile_gbps" in r:
        s += f" compile {r['compile_gbps']:7.0f} (x{r['vs_compile']:.2f})"
    if "graph_triton_us" in r:
        s += f" | graph us: triton {r['graph_triton_us']:.2f}"
        if "graph_compile_us" in r:
            s += f" compile {r['graph_compile_us']:.2f}"
        s += f" copy {r['graph_copy_us']:.2f}"
    return s + f" err {r['rel_err']:.1e}"


# ----------------------------------------------------------------------------
# warmup, cold and warm, each in a fresh process
# ----------------------------------------------------------------------------

WARMUP_HIDDEN = [2048, 4096, 5120, 7168, 8192]
SWEEP_TOKENS = [1, 3, 7, 13, 31, 100, 257, 1000, 3001, 8191, 12345, 16384]


def warmup_child(args: argparse.Namespace) -> None:
    """Run in a subprocess: warm up a serving-sized plan, then sweep real shapes."""
    t_start = time.perf_counter()
    import torch

    import vllm_kernels as vk
    from vllm_kernels.warmup import expand_plan, run_warmup

    cuda = torch.cuda.is_available()
    device = "cuda" if cuda else "cpu"
    torch.zeros(1, device=device)  # CUDA context up before the clock starts
    dtypes = ["bfloat16", "float16", "float32"] if not args.dry_run else ["bfloat16"]
    hidden = WARMUP_HIDDEN if not args.dry_run else [64, 96]
    tokens = None if not args.dry_run else [1, 4]
    kwargs = {"num_tokens": tokens} if tokens else {}
    plan = expand_plan(
        ["rms_norm", "fused_add_rms_norm"],
        dtypes,
        hidden,
        has_weight=[True, False],
        in_place=[True, False],
        **kwargs,
    )
    t_import = time.perf_counter() - t_start
    report = run_warmup(plan, device=device, monitor="raise", progress=args.progress)
    mon = report.monitor
    # The sweep: token counts the plan never listed, through the registry as a
    # model would call it. Any compilation raises (monitor mode "raise").
    sweep_tokens = SWEEP_TOKENS if not args.dry_run else [2, 3]
    launches, error = 0, None
    t0 = time.perf_counter()
    try:
        for item in plan:
            dtype = getattr(torch, item["dtype"])
            h = item["hidden_size"]
            w = torch.randn(h, device=device).to(dtype) if item["has_weight"] else None
            for m in sweep_tokens:
                x = torch.randn(m, h, device=device).to(dtype)
                if item["op"] == "rms_norm":
                    vk.rms_norm(x, w, 1e-6)
                else:
                    r = torch.randn(m, h, device=device).to(dtype)
                    vk.fused_add_rms_norm(x, r, w, 1e-6, in_place=item["in_place"])
                launches += 1
        if cuda:
            torch.cuda.synchronize()
    except Exception as exc:  # noqa: BLE001 - reported, not swallowed
        error = repr(exc)
    result = {
        "items": report.count,
        "launches": report.launches,
        "compilations": report.compilations,
        "warmup_s": report.seconds,
        "import_s": t_import,
        "sweep_launches": launches,
        "sweep_s": time.perf_counter() - t0,
        "after_warmup_compilations": len(mon.after_warmup) if mon else None,
        "monitor_hook": mon._installed if mon else None,
        "error": error,
    }
    print("WARMUP_RESULT " + json.dumps(result), flush=True)


def run_warmup_bench(args: argparse.Namespace) -> dict[str, Any]:
    cache = tempfile.mkdtemp(prefix="triton-cache-")
    env = dict(os.environ, TRITON_CACHE_DIR=cache)
    out: dict[str, Any] = {"cache_dir": cache}
    for label in ("cold", "warm"):
        cmd = [sys.executable, __file__, "--warmup-child"]
        if args.dry_run:
            cmd.append("--dry-run")
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - t0
        line = next(
            (ln for ln in proc.stdout.splitlines() if ln.startswith("WARMUP_RESULT ")), None
        )
        if line is None:
            out[label] = {"error": f"rc={proc.returncode}: {proc.stderr[-2000:]}"}
        else:
            out[label] = json.loads(line.removeprefix("WARMUP_RESULT "))
            out[label]["process_s"] = wall
        print(f"warmup {label}: {out[label]}", flush=True)
    return out


# ----------------------------------------------------------------------------
# report
# ----------------------------------------------------------------------------


def _env_info(cuda: bool) -> dict[str, str]:
    import torch
    import triton

    info = {
        "date": _dt.date.today().isoformat(),
        "torch": torch.__version__,
        "triton": triton.__version__,
        "python": sys.version.split()[0],
    }
    if cuda:
        props = torch.cuda.get_device_properties(0)
        info["device"] = (
            f"{props.name} ({props.multi_processor_count} SMs, "
            f"{props.total_memory / 2**30:.0f} GiB)"
        )
        info["cuda"] = str(torch.version.cuda)
        try:
            smi = subprocess.run(
                ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                capture_output=True,
                text=True,
                check=False,
            )
            info["driver"] = smi.stdout.strip()
        except OSError:
            pass
    else:
        info["device"] = "CPU (dry run: numbers are meaningless)"
    return info


def open_device(dry_run: bool) -> tuple[bool, str, dict[str, Any]] | None:
    """(cuda, "cuda" or "cpu", the environment with the device's launch profile), the
    environment printed as one JSON line; None, after saying so, without a GPU unless
    `dry_run` (then the CPU)."""
    import torch

    from vllm_kernels._support import device_profile

    cuda = torch.cuda.is_available() and not dry_run
    if not cuda and not dry_run:
        print("no GPU: use --dry-run to exercise the script on the CPU", file=sys.stderr)
        return None
    device = "cuda" if cuda else "cpu"
    info: dict[str, Any] = dict(_env_info(cuda))
    info["profile"] = repr(device_profile(torch.device(device)))
    print(json.dumps(info), flush=True)
    return cuda, device, info


def render_markdown(info: dict[str, str], rows: list[dict], warm: dict[str, Any] | None) -> str:
    lines = ["# Kernel benchmarks: rms_norm and fused_add_rms_norm", ""]
    lines += [f"- {k}: {v}" for k, v in info.items()]
    lines += [
        "",
        "GB/s = unique bytes read + written / median device time (L2 flushed before "
        "each run; see bench/kernels_timing.py). `% copy` = our GB/s over a device-to-device "
        "copy of the same bytes. `vs compile` = torch.compile time / our time "
        "(> 1: we are faster). "
        "Fused runs in place (residual and output overwrite the inputs).",
        "",
        "| op | dtype | hidden | M | kernel | triton GB/s | % copy | eager GB/s | compile GB/s "
        "| copy GB/s | vs compile | triton us | rel err |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['op']} | {r['dtype']} | {r['hidden']} | {r['m']} | {r['kernel']} "
            f"| {r['triton_gbps']:.0f} "
            f"| {r['pct_copy']:.1f}% | {r['eager_gbps']:.0f} | {r.get('compile_gbps', 0):.0f} "
            f"| {r['copy_gbps']:.0f} | {r.get('vs_compile', float('nan')):.2f} "
            f"| {r['triton_us']:.2f} | {r['rel_err']:.1e} |"
        )
    graph_rows = [r for r in rows if "graph_triton_us" in r]
    if graph_rows:
        lines += [
            "",
            "## Small M under CUDA-graph replay (per call, 64 calls per graph, best of "
            "interleaved rounds of 30 replays)",
            "",
            "| op | dtype | hidden | M | triton us | eager us | compile us | copy us "
            "| vs compile |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for r in graph_rows:
            lines.append(
                f"| {r['op']} | {r['dtype']} | {r['hidden']} | {r['m']} "
                f"| {r['graph_triton_us']:.2f} | {r['graph_eager_us']:.2f} "
                f"| {r.get('graph_compile_us', float('nan')):.2f} | {r['graph_copy_us']:.2f} "
                f"| {r.get('graph_vs_compile', float('nan')):.2f} |"
            )
    if warm:
        lines += [
            "",
            "## Warmup and the post-warmup sweep",
            "",
            "Plan: both ops x {bf16, fp16, fp32} x hidden "
            + str(WARMUP_HIDDEN)
            + " x weight {yes, no} x in-place {yes, no} (fused only), token counts "
            "1..8192 (powers of two). Sweep: every plan item at token counts "
            + str(SWEEP_TOKENS)
            + " through the registry, JIT monitor in raise mode.",
            "",
            "| run | items | launches | compilations | warmup s | sweep launches "
            "| compilations after warmup | error |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for label in ("cold", "warm"):
            w = warm.get(label, {})
            lines.append(
                f"| {label} | {w.get('items')} | {w.get('launches')} | {w.get('compilations')} "
                f"| {w.get('warmup_s', float('nan')):.2f} | {w.get('sweep_launches')} "
                f"| {w.get('after_warmup_compilations')} | {w.get('error') or ''} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default_out = (
        Path(os.environ["OUT"]) / "benchmarks.md"
        if os.environ.get("OUT")
        else Path("benchmarks.md")
    )
    p.add_argument("--out", type=Path, default=default_out)
    p.add_argument("--tokens", type=int, nargs="+", default=[1, 16, 256, 4096, 32768])
    p.add_argument("--hidden", type=int, nargs="+", default=[4096, 8192])
    p.add_argument("--graph-max-m", type=int, default=256)
    p.add_argument("--rounds", type=int, default=2, help="interleaved timing rounds")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile")
    p.add_argument("--skip-bandwidth", action="store_true")
    p.add_argument("--skip-warmup", action="store_true")
    p.add_argument("--dry-run", action="store_true", help="CPU + interpreter, tiny shapes")
    p.add_argument("--progress", action="store_true", help="warmup progress lines (child)")
    p.add_argument("--warmup-child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    if args.dry_run:
        os.environ["TRITON_INTERPRET"] = "1"
        args.tokens, args.hidden = [1, 3], [64, 96]
    _ensure_importable()
    if args.warmup_child:
        warmup_child(args)
        return 0

    import torch

    cuda = torch.cuda.is_available() and not args.dry_run
    if not cuda and not args.dry_run:
        print("no GPU: use --dry-run to exercise the script on the CPU", file=sys.stderr)
        return 2
    info = _env_info(cuda)
    print(json.dumps(info), flush=True)
    rows: list[dict[str, Any]] = []
    warm: dict[str, Any] | None = None

    def save() -> str:
        # Written after every section so a run cut short still leaves a report.
        md = render_markdown(info, rows, warm)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(md)
        args.out.with_suffix(".json").write_text(
            json.dumps({"env": info, "rows": rows, "warmup": warm}, indent=1)
        )
        return md

    if not args.skip_bandwidth:
        rows = run_bandwidth(args, cuda)
        save()
    if not args.skip_warmup:
        warm = run_warmup_bench(args)
    print(save())
    return 0


if __name__ == "__main__":
    sys.exit(main())
