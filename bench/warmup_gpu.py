"""Warmup for the model being served, checked on a GPU (issue 29).

    python bench/warmup_gpu.py prepare CASES.json          # here, with the .venv
    python bench/warmup_gpu.py run CASES.json OUT.json     # on the GPU machine
    python bench/warmup_gpu.py table OUT.json              # the markdown table

`prepare` needs the generated package (and transformers): for each model config of
tests/fixtures/models at tensor parallelism 1, 2 and 4 in bf16 and fp16 (and at tp 1
in bf16 with --max-num-batched-tokens 8192, so that kernel thresholds up to 8192 rows
are in reach), it writes release 0.33.0's plan for that serve line
(`vllm_config.warmup.plan_for`) and, independently, every op call the model's layers
make with the layout they make it with (tests/warmup_reference.py); and the static
plans of 0.25.1 and 0.33.0.

`run` needs only torch, Triton and vllm_kernels (kernels/ on PYTHONPATH). Each case
runs in a fresh process with an empty Triton cache: it warms the plan (wall seconds and
binaries compiled), then, with the JIT monitor in raise mode, replays every call at
every token count from 1 to the batch budget, and records each compilation the monitor
caught. The static plans are warmed the same way for the comparison. Cases whose time
is reported run one at a time; the others run `--jobs` at once.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TPS = (1, 2, 4)
DTYPES = ("bfloat16", "float16")
RELEASE = "0.33.0"
#: std_multiplier of Gemma 3n's 0.95 target sparsity: not a specialisation.
STD_MULTIPLIER = 1.6448536


# -- prepare (CPU, the project's venv) -------------------------------------------------


def _cases() -> list[dict[str, Any]]:
    sys.path.insert(0, str(ROOT))
    from tests import warmup_reference as ref

    cases = []
    for name in ref.FIXTURES:
        for tp in TPS:
            for dtype in DTYPES:
                cases.append({"model": name, "tp": tp, "dtype": dtype, "extra": [],
                              "timed": False})
        cases.append({"model": name, "tp": 1, "dtype": "bfloat16",
                      "extra": ["--max-num-batched-tokens", "8192"], "timed": True})
    return cases


def prepare(out: Path) -> None:
    os.environ["CFGC_RELEASE"] = RELEASE  # before the package is imported
    sys.path.insert(0, str(ROOT))
    import warnings

    from cfgc.runtime.cli.build import build_configs
    from tests import warmup_reference as ref
    from vllm_config import _cli_table, warmup

    warnings.simplefilter("ignore")
    cases = []
    for case in _cases():
        flags = ["--model", str(ref.MODELS / case["model"]), "-tp", str(case["tp"]),
                 "--dtype", case["dtype"], *case["extra"]]
        _, built = build_configs(_cli_table, flags, lambda message: None)
        cfg = built.roots["VllmConfig"]
        plan = warmup.plan_for(cfg)
        calls = ref.calls_of(ref.read_config(case["model"]), case["tp"])
        cases.append({**case, "flags": flags[2:],
                      "plan": [{k: v for k, v in i.items() if k not in ("layers", "from")}
                               for i in plan],
                      "calls": [c.as_dict() for c in calls],
                      "budget": {"batch": cfg.scheduler_config.max_num_batched_tokens,
                                 "encoder": cfg.scheduler_config.max_num_encoder_input_tokens}})
    static = {}
    for release in ("0.25.1", RELEASE):
        proc = subprocess.run([sys.executable, "-m", "vllm_config.warmup", "--list", "--format",
                               "json"], capture_output=True, text=True, check=True,
                              env={**os.environ, "CFGC_RELEASE": release})
        static[release] = json.loads(proc.stdout)["items"]
    # The control: today's static plan against the calls of two served models (Gemma 3n
    # E2B at tp 2, Qwen2.5 7B): the sweep must catch what it misses.
    control = [c for c in cases if (c["model"], c["tp"], c["dtype"], c["extra"]) in (
        ("gemma-3n-e2b-it", 2, "bfloat16", []), ("qwen2.5-7b-instruct", 1, "bfloat16", []))]
    cases.append({"model": "control: static 0.33.0 plan, gemma-3n-e2b-it tp 2 and "
                           "qwen2.5-7b-instruct tp 1", "tp": 0, "dtype": "bfloat16",
                  "extra": [], "timed": False, "control": True, "flags": [],
                  "plan": static[RELEASE], "calls": [c for k in control for c in k["calls"]],
                  "budget": control[0]["budget"]})
    out.write_text(json.dumps({"release": RELEASE, "static": static, "cases": cases}))
    print(f"{len(cases)} cases and 2 static plans written to {out}")


# -- one case (GPU, a fresh process) ---------------------------------------------------


def _launcher(call: dict[str, Any], dtype: Any, cap: int, device: Any):
    """f(tokens): the call at that many tokens, its input laid out as the layer's is."""
    import torch

    import vllm_kernels as vk

    gen = torch.Generator(device=device).manual_seed(0)
    width, rows = call["width"], call["rows_per_token"]

    def randn(*shape: int) -> Any:
        return torch.randn(*shape, dtype=dtype, device=device, generator=gen)

    if call["op"] == "gelu_and_mul_sparse":
        x = randn(cap, 2 * width)
        return lambda t: vk.gelu_and_mul_sparse(x[:t], STD_MULTIPLIER, call["approximate"])
    weight = randn(width) if call["has_weight"] else None
    if call["layout"] == "rows":
        x = randn(cap * rows, width)
        if call["op"] == "fused_add_rms_norm":
            residual = randn(cap * rows, width)
            return lambda t: vk.fused_add_rms_norm(x[: t * rows], residual[: t * rows], weight,
                                                   1e-6, in_place=call["in_place"])
        return lambda t: vk.rms_norm(x[: t * rows], weight, 1e-6)
    buf = randn(cap, call["stride"])
    lo = call["offset"]
    if call["layout"] == "columns":
        return lambda t: vk.rms_norm(buf[:t, lo:lo + width], weight, 1e-6)
    # "heads": [tokens, heads, width] over columns of the fused projection's rows
    return lambda t: vk.rms_norm(buf[:t, lo:lo + rows * width].view(t, rows, width), weight,
                                 1e-6)


def run_case(case: dict[str, Any], sweep: bool) -> dict[str, Any]:
    import torch

    from vllm_kernels.jit_monitor import UnexpectedCompilation
    from vllm_kernels.warmup import parse_dtype, run_warmup

    dry = os.environ.get("WARMUP_GPU_DRY") == "1"  # the CPU interpreter, tiny budgets
    device = torch.device("cpu" if dry else "cuda")
    if not dry:
        torch.cuda.init()
    t0 = time.perf_counter()
    report = run_warmup(case["plan"], device=device, monitor="raise", progress=False)
    wall = time.perf_counter() - t0
    out = {"items": len(case["plan"]), "binaries": report.compilations,
           "warmup_s": round(report.seconds, 3), "warmup_wall_s": round(wall, 3),
           "warmup_launches": report.launches}
    if not sweep:
        if report.monitor is not None:
            report.monitor.uninstall()
        return out
    caught: list[dict[str, Any]] = []
    launches = 0
    t1 = time.perf_counter()
    dtype = parse_dtype(case["dtype"])
    for call in case["calls"]:
        cap = min(8, case["budget"][call["budget"]]) if dry else case["budget"][call["budget"]]
        launch = _launcher(call, dtype, cap, device)
        for t in range(1, cap + 1):
            try:
                launch(t)
            except UnexpectedCompilation as exc:
                caught.append({"call": call["what"], "op": call["op"], "width": call["width"],
                               "tokens": t, "error": str(exc)[:300]})
            launches += 1
    if not dry:
        torch.cuda.synchronize()
    if report.monitor is not None:  # none under the interpreter (nothing compiles)
        report.monitor.uninstall()
    out.update({"sweep_launches": launches, "sweep_s": round(time.perf_counter() - t1, 2),
                "after_warmup": len(caught), "caught": caught[:10]})
    return out


def _worker(path: str, key: str) -> None:
    data = json.loads(Path(path).read_text())
    if key.startswith("static:"):
        case = {"plan": data["static"][key.removeprefix("static:")]}
        result = run_case(case, sweep=False)
    else:
        result = run_case(data["cases"][int(key)], sweep=True)
    print("RESULT " + json.dumps(result), flush=True)


# -- run (GPU: the parent) -------------------------------------------------------------


def _spawn(path: Path, key: str) -> subprocess.Popen:
    cache = tempfile.mkdtemp(prefix="triton-cold-")  # cold: every binary compiles
    dry = os.environ.get("WARMUP_GPU_DRY") == "1"
    env = {**os.environ, "TRITON_CACHE_DIR": cache, "TRITON_INTERPRET": "1" if dry else "0",
           "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, __file__, "_case", str(path), key], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _collect(proc: subprocess.Popen, label: str) -> dict[str, Any]:
    text, _ = proc.communicate()
    for line in text.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line.removeprefix("RESULT "))
    return {"error": f"{label}: exit {proc.returncode}: {text[-1500:]}"}


def run(path: Path, out: Path, jobs: int, only: str | None) -> None:
    data = json.loads(path.read_text())
    results: dict[str, Any] = {"static": {}, "cases": []}
    keys = [k for k in range(len(data["cases"]))
            if only is None or only in data["cases"][k]["model"]]
    if os.environ.get("WARMUP_GPU_DRY") == "1":  # a check of the code paths only
        data["static"] = {r: [dict(i, num_tokens=[1]) for i in items[:2]]
                          for r, items in data["static"].items()}
        for case in data["cases"]:
            case["plan"] = [dict(i, num_tokens=[1], max_num_tokens=8) for i in case["plan"]]
        path = path.with_suffix(".dry.json")
        path.write_text(json.dumps(data))
    # What is timed runs alone: the static plans, then each model's timed cases.
    for release in data["static"]:
        results["static"][release] = _collect(_spawn(path, f"static:{release}"), release)
        print(f"static {release}: {results['static'][release]}", flush=True)
    done: dict[int, dict[str, Any]] = {}
    for k in [k for k in keys if data["cases"][k]["timed"]]:
        done[k] = _collect(_spawn(path, str(k)), str(k))
        print(f"{_label(data['cases'][k])}: {done[k]}", flush=True)
    rest = [k for k in keys if k not in done]
    running: list[tuple[int, subprocess.Popen]] = []
    while rest or running:
        while rest and len(running) < jobs:
            k = rest.pop(0)
            running.append((k, _spawn(path, str(k))))
        k, proc = running.pop(0)
        done[k] = _collect(proc, str(k))
        print(f"{_label(data['cases'][k])}: {done[k]}", flush=True)
    for k in keys:
        case = data["cases"][k]
        results["cases"].append({**{f: case[f] for f in ("model", "tp", "dtype", "extra",
                                                          "timed", "budget")},
                                 "control": case.get("control", False), **done[k]})
    out.write_text(json.dumps(results, indent=1))
    bad = [c for c in results["cases"]
           if (c.get("after_warmup") and not c["control"]) or "error" in c]
    print(f"{len(results['cases'])} cases; {len(bad)} with a compilation after warmup or "
          f"an error")


def _label(case: dict[str, Any]) -> str:
    return f"{case['model']} tp={case['tp']} {case['dtype']} {' '.join(case['extra'])}".strip()


# -- table -----------------------------------------------------------------------------


def table(path: Path) -> str:
    res = json.loads(path.read_text())
    static = res["static"]
    lines = ["| plan | items | binaries | warmup (s) | compilations after warmup, tokens "
             "1..budget |", "| --- | ---: | ---: | ---: | --- |"]
    for release, r in static.items():
        lines.append(f"| static, release {release} | {r['items']} | {r['binaries']} | "
                     f"{r['warmup_wall_s']:.2f} | (not swept) |")
    for c in res["cases"]:
        if not c["timed"]:
            continue
        budget = c["budget"]["batch"]
        lines.append(f"| {c['model']}, tp 1, bf16, budget {budget} | {c['items']} | "
                     f"{c['binaries']} | {c['warmup_wall_s']:.2f} | {c['after_warmup']} "
                     f"({c['sweep_launches']} launches) |")
    for c in res["cases"]:
        if c["control"] and "after_warmup" in c:
            lines.append(f"| control: the static 0.33.0 plan, then Gemma 3n E2B (tp 2) and "
                         f"Qwen2.5 7B calls | {c['items']} | {c['binaries']} | "
                         f"{c['warmup_wall_s']:.2f} | {c['after_warmup']} "
                         f"({c['sweep_launches']} launches) |")
    every = [c for c in res["cases"] if "after_warmup" in c and not c["control"]]
    worst = max((c["warmup_wall_s"] for c in every), default=0.0)
    lines.append("")
    lines.append(f"All {len(every)} cases (7 models x tp 1, 2, 4 x bf16, fp16, and tp 1 bf16 "
                 f"at a budget of 8192): {sum(c['after_warmup'] for c in every)} compilations "
                 f"after warmup in {sum(c['sweep_launches'] for c in every)} launches; "
                 f"plans of {min(c['items'] for c in every)} to "
                 f"{max(c['items'] for c in every)} items, warmed in at most {worst:.2f} s.")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["_case"]:
        _worker(argv[1], argv[2])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("cases", type=Path)
    r = sub.add_parser("run")
    r.add_argument("cases", type=Path)
    r.add_argument("out", type=Path)
    r.add_argument("--jobs", type=int, default=6)
    r.add_argument("--only", default=None, help="only the models whose name contains this")
    t = sub.add_parser("table")
    t.add_argument("results", type=Path)
    args = parser.parse_args(argv)
    if args.command == "prepare":
        prepare(args.cases)
    elif args.command == "run":
        run(args.cases, args.out, args.jobs, args.only)
    else:
        sys.stdout.write(table(args.results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
