"""Host time per call of each op, against one eager ``torch.add`` in the same run.

    python bench/kernels_host.py [--out DIR] [--calls N] [--rounds R] [--no-compile] [--dry-run]

A loop of ``--calls`` calls on small tensors (16 tokens: the GPU finishes each
launch before the host issues the next, so the loop measures the host), with no
synchronising inside it; time.perf_counter around the loop, divided by the
calls. Rounds interleave the variants; each variant's median round is reported.

Variants, per op:

  public   the op through the registry (``vllm_kernels.rms_norm`` ...), priority
           set once, as the engine calls it
  direct   the Triton module's function (``triton_rms_norm.rms_norm`` ...): Triton's
           own launch path, no registry
  compile  torch.compile(native op, dynamic=False), for the yardstick's sake
  add      one eager ``torch.add`` of two tensors of x's shape: an ATen launch

and the ratios public / add and direct / add. Target (issue 38): public <= 2x add.
Writes ``host.json`` and ``host.md`` under ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kernels_gpu import _ensure_importable, open_device, raise_compile_limits  # noqa: E402

EPS = 1e-6
STD_MULTIPLIER = 1.6448536
TOKENS = 16


def cases(device: str, compile_: bool) -> dict[str, dict[str, Callable[[], Any]]]:
    import torch

    import vllm_kernels as vk
    from vllm_kernels import native, native_activation
    from vllm_kernels import triton_activation as ta
    from vllm_kernels import triton_rms_norm as tk

    dtype = torch.bfloat16
    g = torch.Generator(device=device).manual_seed(0)

    def rand(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, device=device, generator=g).to(dtype)

    x, r, w = rand(TOKENS, 4096), rand(TOKENS, 4096), rand(4096)
    qkv = rand(TOKENS, 6144)  # Qwen3-8B at TP 1: q is 32 heads of 128
    q, wq = qkv[:, :4096].view(TOKENS, 32, 128), rand(128)
    xg = rand(TOKENS, 2 * 2048)
    if compile_:
        raise_compile_limits()
    c_norm = torch.compile(native.rms_norm, dynamic=False) if compile_ else None
    c_fused = torch.compile(native.fused_add_rms_norm, dynamic=False) if compile_ else None
    c_gelu = (torch.compile(native_activation.gelu_and_mul_sparse, dynamic=False)
              if compile_ else None)
    out: dict[str, dict[str, Callable[[], Any]]] = {
        "rms_norm": {
            "public": lambda: vk.rms_norm(x, w, EPS),
            "direct": lambda: tk.rms_norm(x, w, EPS),
            "add": lambda: torch.add(x, r),
        },
        "rms_norm per-head (Qwen3 q)": {
            "public": lambda: vk.rms_norm(q, wq, EPS),
            "direct": lambda: tk.rms_norm(q, wq, EPS),
            "add": lambda: torch.add(x, r),
        },
        "fused_add_rms_norm": {
            "public": lambda: vk.fused_add_rms_norm(x, r, w, EPS),
            "direct": lambda: tk.fused_add_rms_norm(x, r, w, EPS),
            "add": lambda: torch.add(x, r),
        },
        "gelu_and_mul_sparse": {
            "public": lambda: vk.gelu_and_mul_sparse(xg, STD_MULTIPLIER, "tanh"),
            "direct": lambda: ta.gelu_and_mul_sparse(xg, STD_MULTIPLIER, "tanh"),
            "add": lambda: torch.add(x, r),
        },
    }
    if compile_:
        out["rms_norm"]["compile"] = lambda: c_norm(x, w, EPS)
        out["rms_norm per-head (Qwen3 q)"]["compile"] = lambda: c_norm(q, wq, EPS)
        out["fused_add_rms_norm"]["compile"] = lambda: c_fused(x, r, w, EPS)
        out["gelu_and_mul_sparse"]["compile"] = lambda: c_gelu(xg, STD_MULTIPLIER, "tanh")
    return out


def per_call_us(fn: Callable[[], Any], calls: int, sync: Callable[[], None]) -> float:
    sync()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    t1 = time.perf_counter()
    sync()
    return (t1 - t0) / calls * 1e6


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", ".")))
    p.add_argument("--calls", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--no-compile", action="store_true")
    p.add_argument("--dry-run", action="store_true", help="CPU + interpreter: plumbing only")
    args = p.parse_args(argv)
    if args.dry_run:
        os.environ["TRITON_INTERPRET"] = "1"
        args.calls, args.rounds, args.no_compile = 3, 1, True
    _ensure_importable()
    import torch

    opened = open_device(args.dry_run)
    if opened is None:
        return 2
    cuda, device, info = opened
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    table = cases(device, not args.no_compile)
    for variants in table.values():  # compile, warm the caches
        for fn in variants.values():
            for _ in range(3):
                fn()
    sync()
    samples: dict[str, dict[str, list[float]]] = {op: {v: [] for v in vs}
                                                  for op, vs in table.items()}
    for _ in range(args.rounds):
        for op, variants in table.items():
            for name, fn in variants.items():
                samples[op][name].append(per_call_us(fn, args.calls, sync))
    rows = []
    for op, per in samples.items():
        med = {name: statistics.median(v) for name, v in per.items()}
        row: dict[str, Any] = {"op": op, **{f"{k}_us": round(v, 2) for k, v in med.items()}}
        row["public_x_add"] = round(med["public"] / med["add"], 2)
        row["direct_x_add"] = round(med["direct"] / med["add"], 2)
        if "compile" in med:
            row["compile_x_add"] = round(med["compile"] / med["add"], 2)
        rows.append(row)
    lines = ["| op | public us | direct Triton us | torch.compile us | torch.add us "
             "| public / add | direct / add |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['op']} | {r['public_us']:.2f} | {r['direct_us']:.2f} "
                     f"| {r.get('compile_us', float('nan')):.2f} | {r['add_us']:.2f} "
                     f"| {r['public_x_add']:.2f}x | {r['direct_x_add']:.2f}x |")
    text = "\n".join(lines)
    print(text, flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "host.json").write_text(json.dumps(
        {"env": info, "tokens": TOKENS, "calls": args.calls, "rounds": args.rounds,
         "rows": rows, "samples": samples}, indent=1) + "\n")
    (args.out / "host.md").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
