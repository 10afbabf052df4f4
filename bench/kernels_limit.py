"""Every Triton kernel of the set against the limit of the GPU it runs on, in one run.

    python bench/kernels_limit.py [--out DIR] [--skip-warmup] [--dry-run]

Per shape (op, dtype, row size, tokens M) it prints and records:

  ours       the op through the registry, priority set once (as the engine calls it)
  compile    torch.compile(native op, dynamic=False): one compile per shape
  copy       dst.copy_(src) moving the same number of bytes as ours
  % copy     ours' bandwidth over the copy's: the limit for a transfer of that size
             is a copy of that size, measured in the same run, not a large copy
  x compile  torch.compile's time over ours (> 1: ours is faster)

each timed with the L2 flushed before every run (``kernels_timing.time_ms``), and,
for M <= 1024, also inside a CUDA graph (64 calls a graph, as a decode step runs;
the L2 is then warm for all three alike). Ops: rms_norm and fused_add_rms_norm
(hidden 4096 and 8192; the fused op in place), gelu_and_mul_sparse with
approximate "none" and "tanh" (d 2048, 8192, 16384); bf16 and fp16 at
M in {1, 16, 256, 1024, 4096, 16384}, fp32 at {16, 1024, 16384}; rms_norm at hidden
2048 and M = 4096 (``--extra-rms-norm``); and, first, the per-head norms (PER_HEAD:
Qwen3-8B's q and k, Gemma 3n's q and k, viewed out of the fused QKV output, whose
tokens are the whole QKV width apart) in bf16 at M in {1, 16, 256, 2048, 8192}, in
CUDA graphs at every M.

First the warmup check: in a fresh process with an empty Triton cache, the static
warmup plans given with ``--plan`` (by default the generated ones of 0.25.1 and
0.33.0) are warmed with the JIT monitor in "raise" mode, and every plan item is
called through the registry at token counts no plan names (around each
threshold too): any compilation after warmup is counted as a failure.

Outputs under ``--out``: ``limit.md`` (tables), ``limit.json`` (every number) and
``kernels-<gpu>.json`` (bench/results format, drawn by the docs' plot hook).
``--dry-run`` runs every code path on the CPU (Triton interpreter, tiny shapes);
its numbers mean nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
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

from kernels_gpu import (  # noqa: E402
    _ensure_importable,
    _gbps,
    open_device,
    raise_compile_limits,
)
from kernels_timing import graph_time_ms, time_ms  # noqa: E402

STD_MULTIPLIER = 1.6448536  # Gemma 3n's, for a 0.95 target sparsity
EPS = 1e-6
GELU = "gelu_and_mul_sparse"
DEFAULT_PLANS = [
    ROOT / "generated" / "vllm_config" / "warmup.py",
    ROOT / "generated" / "vllm_config" / "_releases" / "v0_33_0" / "warmup.py",
]
# Token counts no plan lists, on both sides of every threshold the kernels have.
SWEEP_TOKENS = [3, 7, 63, 65, 100, 257, 1000, 1023, 1025, 2047, 2049, 3001, 4095, 4097, 12345]


# Per-head norms (issue 38): (model, head_dim, heads, QKV width of one rank at TP 1).
# The view is q, k or v of the fused QKV output, so a token's heads are the whole
# QKV width after the previous token's.
HEADS = "rms_norm per-head"
PER_HEAD = [
    ("Qwen3-8B q", 128, 32, (32 + 8 + 8) * 128),
    ("Qwen3-8B k", 128, 8, (32 + 8 + 8) * 128),
    ("Gemma 3n q", 256, 8, (8 + 2 + 2) * 256),
    ("Gemma 3n k", 256, 2, (8 + 2 + 2) * 256),
]


def shapes(args: argparse.Namespace) -> list[tuple[str, str, str, int, int]]:
    """(op, approximate, dtype, row size, M) in the order they run; per-head shapes
    carry their PER_HEAD index in the approximate slot."""
    out = []
    for dtype in args.head_dtypes:  # first: issue 38's shapes survive a run cut short
        for i, (_, head_dim, _, _) in enumerate(PER_HEAD):
            out += [(HEADS, str(i), dtype, head_dim, m) for m in args.head_tokens]
    for dtype in args.dtypes:
        tokens = args.tokens if dtype != "float32" else args.fp32_tokens
        for op in ("rms_norm", "fused_add_rms_norm"):
            out += [(op, "", dtype, n, m) for n in args.hidden for m in tokens]
            if op == "rms_norm" and dtype != "float32":
                out += [(op, "", dtype, n, m) for n, m in args.extra_rms_norm]
        for approx in ("none", "tanh"):
            out += [(GELU, approx, dtype, d, m) for d in args.d for m in tokens]
    return out


class Case:
    """Inputs and the three timed variants of one shape."""

    def __init__(self, op: str, approx: str, dtype_name: str, n: int, m: int, device: str,
                 compiled: dict[str, Callable[..., Any]]):
        import torch

        import vllm_kernels as vk

        dtype = getattr(torch, dtype_name)
        es = dtype.itemsize
        gen = torch.Generator(device=device).manual_seed(n * 7 + m)

        def rand(*shape: int) -> torch.Tensor:
            return torch.randn(*shape, device=device, generator=gen).to(dtype)

        self.compile_note = ""
        if op == HEADS:
            _, head_dim, heads, width = PER_HEAD[int(approx)]
            qkv = rand(m, width)
            x = qkv[:, : heads * head_dim].view(m, heads, head_dim)
            w = (1 + 0.1 * torch.randn(n, device=device, generator=gen)).to(dtype)
            elems = m * heads * head_dim
            self.bytes, copy_elems = 2 * elems * es + n * es, elems
            self.ours = lambda: vk.rms_norm(x, w, EPS)
            fn = compiled.get("rms_norm")
            self.compiled = None if fn is None else (lambda: fn(x, w, EPS))
        elif op == GELU:
            # Real-looking data: about 5% of each gate row passes the cutoff.
            x = (torch.randn(m, 2 * n, device=device, generator=gen) * 2 + 0.3).to(dtype)
            self.bytes, copy_elems = 3 * m * n * es, 3 * m * n // 2
            self.ours = lambda: vk.gelu_and_mul_sparse(x, STD_MULTIPLIER, approx)
            fn = compiled.get(GELU)
            self.compiled = None if fn is None else (lambda: fn(x, STD_MULTIPLIER, approx))
        elif op == "rms_norm":
            x, w = rand(m, n), (1 + 0.1 * torch.randn(n, device=device, generator=gen)).to(dtype)
            self.bytes, copy_elems = 2 * m * n * es + n * es, m * n
            self.ours = lambda: vk.rms_norm(x, w, EPS)
            fn = compiled.get(op)
            self.compiled = None if fn is None else (lambda: fn(x, w, EPS))
        else:
            x, r = rand(m, n), rand(m, n)
            w = (1 + 0.1 * torch.randn(n, device=device, generator=gen)).to(dtype)
            self.bytes, copy_elems = 4 * m * n * es + n * es, 2 * m * n
            # In place, as a decoder layer calls it; torch.compile gets the same contract.
            self.ours = lambda: vk.fused_add_rms_norm(x, r, w, EPS, in_place=True)
            fn = compiled.get(op)
            self.compiled = None if fn is None else (
                lambda: fn(x, r, w, EPS, in_place=True))
        src = torch.randn(copy_elems, device=device, generator=gen).to(dtype)
        dst = torch.empty_like(src)
        self.copy_bytes = 2 * copy_elems * es
        self.copy = lambda: dst.copy_(src)

    def variants(self) -> dict[str, Callable[[], Any]]:
        v = {"ours": self.ours, "copy": self.copy}
        if self.compiled is not None:
            try:
                self.compiled()  # compiles this shape
                v["compile"] = self.compiled
            except Exception as exc:  # noqa: BLE001 - recorded in the report
                self.compile_note = f"{type(exc).__name__}: {str(exc)[:100]}"
        return v


def _compiled_fns(enabled: bool) -> dict[str, Callable[..., Any]]:
    if not enabled:
        return {}
    import torch

    from vllm_kernels import native, native_activation

    raise_compile_limits()
    return {
        "rms_norm": torch.compile(native.rms_norm, dynamic=False),
        "fused_add_rms_norm": torch.compile(native.fused_add_rms_norm, dynamic=False),
        GELU: torch.compile(native_activation.gelu_and_mul_sparse, dynamic=False),
    }


def kernel_label(op: str, n: int, es: int, m: int) -> str:
    """The launch choice the registry's call makes on this GPU."""
    from vllm_kernels._support import device_profile

    profile = device_profile()
    if op == GELU:
        from vllm_kernels.triton_activation import launch_config

        c = launch_config(op, n, es, m, profile)
        kind = f"chunked {c.block_d}" if c.chunked else f"rows x{c.rows}"
        kind += f" split {c.split}" if c.split > 1 else ""
        return kind + f" w{c.num_warps}" + (f" r{c.max_registers}" if c.max_registers else "")
    from vllm_kernels.triton_rms_norm import launch_config

    if op == HEADS:
        c = launch_config("rms_norm_heads", n, es, m, profile)
        if m == 1:
            return "rows (1 token)"
        return f"heads x{c.rows} w{c.num_warps}" + (f" split {c.split}" if c.split > 1 else "")
    c = launch_config(op, n, es, m, profile)
    return (f"chunked {c.block_n}" if c.chunked else f"rows x{c.rows}") + f" w{c.num_warps}"


def measure(case: Case, graphs: bool, cuda: bool, rounds: int) -> dict[str, Any]:
    v = case.variants()
    row: dict[str, Any] = {}
    best: dict[str, float] = {}
    for _ in range(rounds):  # interleaved rounds, each variant's best median
        for name, fn in v.items():
            best[name] = min(best.get(name, float("inf")), time_ms(fn, cuda, budget_ms=100.0,
                                                                   max_reps=300))
    for name, ms in best.items():
        row[f"{name}_us"] = ms * 1e3
        row[f"{name}_gbps"] = _gbps(case.copy_bytes if name == "copy" else case.bytes, ms)
    row["pct_copy"] = 100 * row["ours_gbps"] / row["copy_gbps"]
    if "compile_us" in row:
        row["x_compile"] = row["compile_us"] / row["ours_us"]
    if graphs and cuda:
        gbest: dict[str, float] = {}
        for _ in range(rounds):
            for name, fn in v.items():
                gbest[name] = min(gbest.get(name, float("inf")), graph_time_ms(fn, 64, 20))
        for name, ms in gbest.items():
            row[f"graph_{name}_us"] = ms * 1e3
        row["graph_pct_copy"] = 100 * row["graph_copy_us"] / row["graph_ours_us"]
        if "graph_compile_us" in row:
            row["graph_x_compile"] = row["graph_compile_us"] / row["graph_ours_us"]
    if case.compile_note:
        row["compile_note"] = case.compile_note
    return row


def _what(r: dict[str, Any]) -> str:
    if r["op"] == HEADS:
        name, _, heads, width = PER_HEAD[int(r["approximate"])]
        return f"{HEADS} {name} ({heads}x{r['n']}, row {width})"
    return r["op"] + (f" ({r['approximate']})" if r["approximate"] else "")


def line(r: dict[str, Any]) -> str:
    what = _what(r)
    s = (f"{what:<45} {r['dtype']:<8} n={r['n']:<5} M={r['m']:<6} {r['kernel']:<24} "
         f"ours {r['ours_us']:8.2f} us {r['ours_gbps']:5.0f} GB/s | copy {r['copy_us']:8.2f} us "
         f"| {r['pct_copy']:5.1f}% copy")
    if "x_compile" in r:
        s += f" | compile {r['compile_us']:8.2f} us x{r['x_compile']:.2f}"
    if "graph_ours_us" in r:
        s += (f" || graph: ours {r['graph_ours_us']:.2f} copy {r['graph_copy_us']:.2f} "
              f"({r['graph_pct_copy']:.0f}%)")
        if "graph_x_compile" in r:
            s += f" compile {r['graph_compile_us']:.2f} x{r['graph_x_compile']:.2f}"
    return s


# ----------------------------------------------------------------------------
# warmup, in a fresh process
# ----------------------------------------------------------------------------


def _load_plan(path: Path) -> tuple[list[dict[str, Any]], tuple[int, ...]]:
    spec = importlib.util.spec_from_file_location(f"plan_{abs(hash(path))}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # a generated file: argparse, os, sys only
    return [dict(item) for item in module.PLAN], tuple(module.NUM_TOKENS)


def warmup_child(args: argparse.Namespace) -> None:
    import torch

    import vllm_kernels as vk
    from vllm_kernels.warmup import run_warmup

    device = "cuda" if torch.cuda.is_available() and not args.dry_run else "cpu"
    torch.zeros(1, device=device)
    items: list[dict[str, Any]] = []
    for path in args.plan:
        plan, num_tokens = _load_plan(path)
        tokens = list(num_tokens) if not args.dry_run else [1, 2]
        for item in plan:
            full = {**item, "num_tokens": tokens}
            if full not in items:
                items.append(full)
    if args.dry_run:  # the interpreter is slow: the smallest shapes of the plan
        small = min(i["hidden_size"] for i in items)
        items = [{**i, "hidden_size": small} for i in items[:3]]
    report = run_warmup(items, device=device, monitor="raise", progress=False)
    mon = report.monitor
    launches, error = 0, None
    t0 = time.perf_counter()
    try:
        for item in items:
            dtype = getattr(torch, item["dtype"])
            n = item["hidden_size"]
            for m in SWEEP_TOKENS if not args.dry_run else [3]:
                if item["op"] == GELU:
                    x = torch.randn(m, 2 * n, device=device).to(dtype)
                    vk.gelu_and_mul_sparse(x, STD_MULTIPLIER, item.get("approximate") or "none")
                    launches += 1
                    continue
                has_weight = item.get("has_weight", True)
                w = torch.randn(n, device=device).to(dtype) if has_weight else None
                x = torch.randn(m, n, device=device).to(dtype)
                if item["op"] == "rms_norm":
                    vk.rms_norm(x, w, EPS)
                else:
                    r = torch.randn(m, n, device=device).to(dtype)
                    vk.fused_add_rms_norm(x, r, w, EPS, in_place=item.get("in_place", False))
                launches += 1
        if device == "cuda":
            torch.cuda.synchronize()
    except Exception as exc:  # noqa: BLE001 - reported, not swallowed
        error = f"{type(exc).__name__}: {exc}"
    result = {
        "plans": [str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else p.name
                  for p in args.plan],
        "items": report.count, "launches": report.launches,
        "compilations": report.compilations, "warmup_s": round(report.seconds, 2),
        "sweep_tokens": SWEEP_TOKENS, "sweep_launches": launches,
        "sweep_s": round(time.perf_counter() - t0, 2),
        "after_warmup_compilations": len(mon.after_warmup) if mon else None,
        "error": error,
    }
    print("WARMUP_RESULT " + json.dumps(result), flush=True)


def run_warmup_check(args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ, TRITON_CACHE_DIR=tempfile.mkdtemp(prefix="triton-cache-"))
    cmd = [sys.executable, __file__, "--warmup-child", *(f"--plan={p}" for p in args.plan)]
    if args.dry_run:
        cmd.append("--dry-run")
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    found = [ln for ln in proc.stdout.splitlines() if ln.startswith("WARMUP_RESULT ")]
    if not found:
        return {"error": f"rc={proc.returncode}: {proc.stderr[-1500:]}"}
    out = json.loads(found[-1].removeprefix("WARMUP_RESULT "))
    out["process_s"] = round(time.perf_counter() - t0, 1)
    return out


# ----------------------------------------------------------------------------
# report
# ----------------------------------------------------------------------------


def render(info: dict[str, Any], rows: list[dict[str, Any]], warm: dict[str, Any] | None) -> str:
    nan = float("nan")
    lines = ["# Kernels against a device copy of the same bytes", ""]
    lines += [f"- {k}: {v}" for k, v in info.items()]
    lines += ["", "| op | dtype | n | M | kernel | ours us | copy us | % copy | compile us "
              "| x compile | graph ours us | graph copy us | graph compile us | graph x compile |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        what = _what(r)
        lines.append(
            f"| {what} | {r['dtype']} | {r['n']} | {r['m']} | {r['kernel']} "
            f"| {r['ours_us']:.2f} | {r['copy_us']:.2f} | {r['pct_copy']:.1f}% "
            f"| {r.get('compile_us', nan):.2f} | {r.get('x_compile', nan):.2f} "
            f"| {r.get('graph_ours_us', nan):.2f} | {r.get('graph_copy_us', nan):.2f} "
            f"| {r.get('graph_compile_us', nan):.2f} | {r.get('graph_x_compile', nan):.2f} |")
    if warm is not None:
        lines += ["", "## Warmup", "", "```", json.dumps(warm, indent=1), "```"]
    return "\n".join(lines) + "\n"


def results_json(info: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The shapes in bench/results/kernels-<gpu>.json's format (the docs' plots):
    one op name per approximation, so each gets its own panel."""
    out = []
    for r in rows:
        op = _what(r)
        s = {"op": op, "dtype": r["dtype"], "hidden": r["n"], "tokens": r["m"],
             "kernel": r["kernel"], "triton_gbps": round(r["ours_gbps"]),
             "pct_of_copy": round(r["pct_copy"], 1), "copy_gbps": round(r["copy_gbps"]),
             "compile_gbps": round(r.get("compile_gbps", 0)),
             "speedup_vs_compile": round(r["x_compile"], 2) if "x_compile" in r else None,
             "triton_us": round(r["ours_us"], 2)}
        if "graph_ours_us" in r:
            s["graph_triton_us"] = round(r["graph_ours_us"], 2)
            s["graph_copy_us"] = round(r["graph_copy_us"], 2)
            if "graph_x_compile" in r:
                s["graph_compile_us"] = round(r["graph_compile_us"], 2)
                s["graph_speedup_vs_compile"] = round(r["graph_x_compile"], 2)
        out.append(s)
    return {"gpu": str(info.get("device", "?")).split(" (")[0], "date": info.get("date"),
            "software": f"torch {info.get('torch')}, Triton {info.get('triton')}, "
            f"CUDA {info.get('cuda')}, driver {info.get('driver')}",
            "source": "bench/kernels_limit.py (tables in docs/benchmarks.md)", "shapes": out}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", ".")))
    p.add_argument("--dtypes", nargs="+", default=["bfloat16", "float16", "float32"])
    p.add_argument("--tokens", type=int, nargs="+", default=[1, 16, 256, 1024, 4096, 16384])
    p.add_argument("--fp32-tokens", type=int, nargs="+", default=[16, 1024, 16384])
    p.add_argument("--hidden", type=int, nargs="+", default=[4096, 8192])
    p.add_argument("--d", type=int, nargs="+", default=[2048, 8192, 16384])
    p.add_argument("--extra-rms-norm", type=lambda v: tuple(map(int, v.split("x"))),
                   nargs="*", default=[(2048, 4096)], help="extra rms_norm shapes, HIDDENxM")
    p.add_argument("--head-dtypes", nargs="*", default=["bfloat16"])
    p.add_argument("--head-tokens", type=int, nargs="+", default=[1, 16, 256, 2048, 8192])
    p.add_argument("--graph-max-m", type=int, default=1024)
    p.add_argument("--head-graph-max-m", type=int, default=8192,
                   help="per-head shapes are timed in CUDA graphs up to this M")
    p.add_argument("--only", default=None, help="only shapes whose op label contains this")
    p.add_argument("--rounds", type=int, default=2, help="interleaved timing rounds")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile")
    p.add_argument("--skip-bandwidth", action="store_true")
    p.add_argument("--skip-warmup", action="store_true")
    p.add_argument("--plan", type=Path, action="append", default=None,
                   help="a generated warmup.py whose PLAN to check (repeatable)")
    p.add_argument("--heads-table", type=Path, default=None,
                   help="a pick of bench/kernels_explore_heads.py --pick: sets "
                   "triton_rms_norm.HIGH_BANDWIDTH_HEADS for the tables (to measure a "
                   "sweep's choice before it is written into the table)")
    p.add_argument("--dry-run", action="store_true", help="CPU + interpreter, tiny shapes")
    p.add_argument("--warmup-child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.plan = args.plan or DEFAULT_PLANS
    if args.dry_run:
        os.environ["TRITON_INTERPRET"] = "1"
        args.tokens, args.fp32_tokens, args.hidden, args.d = [1, 3], [3], [64], [96]
        args.extra_rms_norm, args.head_tokens = [(32, 3)], [1, 3]
    _ensure_importable()
    if args.warmup_child:
        warmup_child(args)
        return 0
    import torch

    if args.heads_table is not None:
        from vllm_kernels import triton_rms_norm as tk

        for cls, c in json.loads(args.heads_table.read_text()).items():
            tk.HIGH_BANDWIDTH_HEADS[cls] = (c["num_warps"], c["split"])
        print(f"heads table: {tk.HIGH_BANDWIDTH_HEADS}", flush=True)
    opened = open_device(args.dry_run)
    if opened is None:
        return 2
    cuda, device, info = opened
    if args.heads_table is not None:
        info["heads_table"] = json.dumps(tk.HIGH_BANDWIDTH_HEADS)
    rows: list[dict[str, Any]] = []
    warm: dict[str, Any] | None = None

    def save() -> None:  # after every shape: a run cut short still leaves its numbers
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "limit.md").write_text(render(info, rows, warm))
        (args.out / "limit.json").write_text(
            json.dumps({"env": info, "rows": rows, "warmup": warm}, indent=1))
        slug = str(info["device"]).removeprefix("NVIDIA ").split()[0].lower()
        (args.out / f"kernels-{slug}.json").write_text(
            json.dumps(results_json(info, rows), indent=1) + "\n")

    if not args.skip_warmup:  # first: a run cut short by a time limit still has it
        warm = run_warmup_check(args)
        print("warmup: " + json.dumps(warm), flush=True)
    compiled = _compiled_fns(not args.no_compile)
    t0 = time.perf_counter()
    for op, approx, dtype, n, m in [] if args.skip_bandwidth else shapes(args):
        if args.only and args.only not in op:
            continue
        case = Case(op, approx, dtype, n, m, device, compiled)
        es = getattr(torch, dtype).itemsize
        graph_max = args.head_graph_max_m if op == HEADS else args.graph_max_m
        row = {"op": op, "approximate": approx, "dtype": dtype, "n": n, "m": m,
               "kernel": kernel_label(op, n, es, m),
               **measure(case, m <= graph_max, cuda, args.rounds)}
        rows.append(row)
        print(line(row), flush=True)
        save()
        del case
        if cuda:
            torch.cuda.empty_cache()
    print(f"[tables: {time.perf_counter() - t0:.0f}s]", flush=True)
    save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
