"""Cold and warm `vllm-config show --model DIR`: the checkpoint-facts cache at work.

Cold: an empty checkpoint-facts cache, so transformers is imported to read the config.
Warm: the facts come from the cache and transformers is never imported. Each is the
median wall time of fresh processes, printed with its ratio to `python -c pass`.

    python bench/checkpoint_bench.py [--runs 5] [--model examples/tiny-llama]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--model", default="examples/tiny-llama")
    args = parser.parse_args()
    show = [sys.executable, "-m", "vllm_config", "show", "--model", args.model]
    env = dict(os.environ)
    cache = tempfile.mkdtemp(prefix="cfgc-bench-")
    env["CFGC_CACHE_DIR"] = cache
    try:
        base = statistics.median(timed([sys.executable, "-c", "pass"], env)
                                 for _ in range(args.runs))
        cold = []
        for _ in range(args.runs):
            shutil.rmtree(Path(cache) / "checkpoints", ignore_errors=True)
            cold.append(timed(show, env))
        warm = statistics.median(timed(show, env) for _ in range(args.runs))
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    cold_s = statistics.median(cold)
    print(f"python -c pass        {base * 1000:8.1f} ms   1.0x")
    print(f"show --model (cold)   {cold_s * 1000:8.1f} ms {cold_s / base:6.1f}x")
    print(f"show --model (warm)   {warm * 1000:8.1f} ms {warm / base:6.1f}x")
    print(f"cold / warm           {cold_s / warm:8.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
