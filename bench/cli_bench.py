"""Fresh-process timings of the generated CLI, against a baseline measured in the same run.

    .venv/bin/python bench/cli_bench.py [--runs N] [--json]

Measures, each in new interpreters (median and min of N runs):
  baseline      `python -c pass` (interpreter + site startup; everything below includes it)
  help-all      `python -m vllm_config --help=all`
  help          `python -m vllm_config --help`
  show          `python -m vllm_config show <a typical vllm serve line>` (whole command)
and, inside fresh processes, the phases of argv -> validated configs: importing the CLI
(table + argparse), parsing argv, importing the config classes (pydantic), building and
validating the configs; plus whether torch / pydantic were imported by each step.
Targets (../shared/DESIGN.md): --help=all < 100 ms, argv -> validated configs < 5 ms, no torch.
vLLM 0.25-0.33 take ~9 s for `vllm serve --help` (their figure; not measured here).
Bytecode caches are warmed first (PYTHONDONTWRITEBYTECODE is cleared for the runs).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PACKAGE = "vllm_config"
ARGV = [
    "--model", "meta-llama/Llama-3.1-8B-Instruct", "-tp", "2", "--max-model-len", "32k",
    "--gpu-memory-utilization", "0.9", "--kv-cache-dtype", "fp8", "-O3",
    "--enable-prefix-caching", "--max-num-seqs", "256", "--max-num-batched-tokens", "8k",
    "-cc.cudagraph_mode", "FULL_AND_PIECEWISE", "--enable-lora", "--max-loras", "4",
]

PHASES = r"""
import json, sys, time
t0 = time.perf_counter()
from vllm_config import _cli_table as table
from cfgc.runtime.cli import parse as cli_parse
t1 = time.perf_counter()
mods1 = {m: m in sys.modules for m in ("pydantic", "torch")}
argv = json.loads(sys.argv[1])
warnings = []
parsed = cli_parse.parse(table, argv, lambda m, qualname="": warnings.append(m))
t2 = time.perf_counter()
mods2 = {m: m in sys.modules for m in ("pydantic", "torch")}
import importlib
for name in sorted({c["module"] for c in table.CLASSES.values()}):
    importlib.import_module(f"vllm_config.{name}")
t3 = time.perf_counter()
from cfgc.runtime.cli import build as cli_build
built = cli_build.build(table, parsed)
t4 = time.perf_counter()
roots = list(built.roots.values())
hashes = [r.compute_hash() for r in roots]
t5 = time.perf_counter()
# warm: the same argv again, parse + build (caches hot, classes imported)
n, w0 = 20, time.perf_counter()
for _ in range(n):
    p = cli_parse.parse(table, argv, lambda m, qualname="": None)
    cli_build.build(table, p)
w1 = time.perf_counter()
print(json.dumps({
    "import_cli_ms": (t1 - t0) * 1e3, "parse_ms": (t2 - t1) * 1e3,
    "import_configs_ms": (t3 - t2) * 1e3, "build_validate_ms": (t4 - t3) * 1e3,
    "hash_ms": (t5 - t4) * 1e3, "warm_parse_build_ms": (w1 - w0) * 1e3 / n,
    "after_parse": mods2, "after_import_cli": mods1,
    "after_build": {m: m in sys.modules for m in ("pydantic", "torch")},
    "flags": len(table.FLAGS), "warnings": warnings,
}))
"""


def _env() -> dict[str, str]:
    # The sample command lines name checkpoints of the test hub cache, read offline.
    hub = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "hf_hub"
    env = dict(os.environ, COLUMNS="100", LINES="50", HF_HUB_OFFLINE="1")
    env.setdefault("HF_HUB_CACHE", str(hub))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def wall(cmd: list[str], runs: int) -> list[float]:
    env = _env()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append((time.perf_counter() - start) * 1e3)
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode()[-500:]}")
    return times


def phases(runs: int) -> list[dict]:
    env = _env()
    out = []
    for _ in range(runs):
        proc = subprocess.run([sys.executable, "-c", PHASES, json.dumps(ARGV)], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"phases failed: {proc.stderr[-800:]}")
        out.append(json.loads(proc.stdout))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args()
    py = sys.executable
    walls = {
        "baseline (python -c pass)": wall([py, "-c", "pass"], args.runs),
        "--help=all": wall([py, "-m", PACKAGE, "--help=all"], args.runs),
        "--help": wall([py, "-m", PACKAGE, "--help"], args.runs),
        "show <typical serve line>": wall([py, "-m", PACKAGE, "show", *ARGV], args.runs),
    }
    ph = phases(max(3, args.runs // 2))
    base = statistics.median(walls["baseline (python -c pass)"])
    result = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
              "wall_ms": {}, "phases_ms": {}, "imports": ph[0]["after_parse"]}
    print(f"fresh processes, {args.runs} runs each (median / min, ms); "
          f"ratio = median / baseline median")
    for name, times in walls.items():
        med = statistics.median(times)
        result["wall_ms"][name] = {"median": med, "min": min(times), "ratio": med / base}
        extra = f"   (+{med - base:.1f} ms over baseline)" if "baseline" not in name else ""
        print(f"  {name:28s} {med:8.1f} / {min(times):7.1f}   x{med / base:5.2f}{extra}")
    keys = ("import_cli_ms", "parse_ms", "import_configs_ms", "build_validate_ms", "hash_ms",
            "warm_parse_build_ms")
    print(f"argv -> validated configs, phases inside fresh processes ({len(ph)} runs, median "
          f"ms; {ph[0]['flags']} flags, argv of {len(ARGV)} tokens):")
    for key in keys:
        med = statistics.median(r[key] for r in ph)
        result["phases_ms"][key] = med
        print(f"  {key:24s} {med:8.2f}")
    cold = result["phases_ms"]["parse_ms"] + result["phases_ms"]["build_validate_ms"]
    result["phases_ms"]["argv_to_validated_cold"] = cold
    print(f"  {'parse + build (cold)':24s} {cold:8.2f}   (first call in a fresh process, "
          f"config classes already imported)")
    r0 = ph[0]
    print(f"imports: after CLI import {r0['after_import_cli']}, after parse "
          f"{r0['after_parse']}, after build {r0['after_build']}")
    if args.json:
        print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
