"""Fresh-process timings of the operator tools, against a baseline measured in the same run.

    .venv/bin/python bench/ops_bench.py [--runs N] [--json]

Each row is a new interpreter (median and min of N runs):
  baseline       `python -c pass`
  explain        `python -m vllm_config explain --kv-cache-dtype`
  explain-json   the same with --format json
  schema         `python -m vllm_config schema` (prints the packaged JSON Schema)
  diff           `python -m vllm_config diff "-tp 2 ..." "-tp 1 ..."` (builds both sides)
  diff-equal     two spellings of the same config
and, in-process and warm, what a lookup and a diff cost after startup, and whether
explain imported argparse, pydantic or torch. explain and schema read generated JSON
files and import no config class, so they should cost little over the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

PACKAGE = "vllm_config"
A = "-tp 2 --kv-cache-dtype fp8 --max-num-seqs 128 -cc.mode 3"
B = "-tp 1 --kv-cache-dtype fp8 --max-num-seqs 256 -cc.mode 3"
CASES = {
    "baseline": ["-c", "pass"],
    "explain": ["-m", PACKAGE, "explain", "--kv-cache-dtype"],
    "explain-json": ["-m", PACKAGE, "explain", "cache_config.cache_dtype", "--format", "json"],
    "schema": ["-m", PACKAGE, "schema"],
    "diff": ["-m", PACKAGE, "diff", A, B],
    "diff-equal": ["-m", PACKAGE, "diff", "-cc.mode 3", "--compilation-config '{\"mode\": 3}'"],
}
WARM = r"""
import io, json, sys, time
from contextlib import redirect_stdout
t0 = time.perf_counter()
from vllm_config.__main__ import main
with redirect_stdout(io.StringIO()):
    main(["explain", "-tp"])
t1 = time.perf_counter()
mods = {m: m in sys.modules for m in ("argparse", "pydantic", "torch")}
from cfgc.runtime.cli import explain as cli_explain
from vllm_config import _cli_table as table
data = cli_explain.load(table)
n, w0 = 200, time.perf_counter()
for _ in range(n):
    cli_explain.render(cli_explain.find(data, "--kv-cache-dtype"))
w1 = time.perf_counter()
with redirect_stdout(io.StringIO()):
    main(["diff", sys.argv[1], sys.argv[2]])
d0 = time.perf_counter()
m = 20
for _ in range(m):
    with redirect_stdout(io.StringIO()):
        main(["diff", sys.argv[1], sys.argv[2]])
d1 = time.perf_counter()
print(json.dumps({"explain_cold_in_process_ms": (t1 - t0) * 1e3, "imports_after_explain": mods,
                  "explain_warm_lookup_render_us": (w1 - w0) / n * 1e6,
                  "diff_warm_ms": (d1 - d0) / m * 1e3}))
"""


def timed(args: list[str], env: dict) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, *args], env=env, capture_output=True)
    elapsed = time.perf_counter() - t0
    if proc.returncode not in (0, 1):  # diff exits 1 when the cache keys differ
        raise SystemExit(f"{args}: exit {proc.returncode}: {proc.stderr.decode()[:300]}")
    return elapsed * 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for args in CASES.values():  # warm the bytecode caches
        timed(args, env)
    results = {}
    for name, args in CASES.items():
        runs = [timed(args, env) for _ in range(opts.runs)]
        results[name] = {"median_ms": statistics.median(runs), "min_ms": min(runs)}
    base = results["baseline"]["median_ms"]
    for r in results.values():
        r["over_baseline_ms"] = r["median_ms"] - base
    proc = subprocess.run([sys.executable, "-c", WARM, A, B], env=env, capture_output=True,
                          text=True, check=True)
    warm = json.loads(proc.stdout.strip().splitlines()[-1])
    if opts.json:
        print(json.dumps({"fresh_process": results, "in_process": warm}, indent=2))
        return
    print(f"{'case':<14}{'median ms':>11}{'min ms':>9}{'over baseline':>15}")
    for name, r in results.items():
        print(f"{name:<14}{r['median_ms']:>11.1f}{r['min_ms']:>9.1f}{r['over_baseline_ms']:>15.1f}")
    print(f"explain, in a fresh process after startup: {warm['explain_cold_in_process_ms']:.1f} ms;"
          f" imported: {warm['imports_after_explain']}")
    print(f"explain lookup + render, warm: {warm['explain_warm_lookup_render_us']:.0f} us; "
          f"diff (parse + build both sides twice, compare), warm: {warm['diff_warm_ms']:.1f} ms")


if __name__ == "__main__":
    main()
