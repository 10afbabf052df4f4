"""Benchmarks of the compiler and the generated package on this machine.

Prints wall times with a baseline measured in the same run (a bare `python -c pass`
for fresh-process numbers), and the target each number is held to (../shared/DESIGN.md).
Usage: python bench/run.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fresh(code: str, repeat: int) -> tuple[float, str]:
    """Median wall seconds of a fresh interpreter running `code`, and its last output."""
    times, out = [], ""
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              cwd=ROOT, check=True)
        times.append(time.perf_counter() - start)
        out = proc.stdout.strip()
    return statistics.median(times), out


def row(name: str, seconds: float, baseline: float | None, target: str) -> None:
    ratio = f"{seconds / baseline:6.2f}x baseline" if baseline else ""
    print(f"{name:<48} {seconds * 1000:9.2f} ms  {ratio:>18}  target {target}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    n = args.repeat

    base, _ = fresh("pass", n)
    row("python -c pass (baseline)", base, None, "-")

    gen, _ = fresh("from cfgc.cli import main; main(['generate', '-q'])", n)
    row("cfgc generate, nothing to write (fresh, memo)", gen, base, "< 500 ms")
    build_code = (
        "import time; from pathlib import Path; from cfgc import pipeline;"
        "t=time.perf_counter(); pipeline.build_releases(pipeline.load_releases(Path('.')));"
        "print(time.perf_counter()-t)"
    )
    inproc = statistics.median(float(fresh(build_code, 3)[1]) for _ in range(3))
    row("whole compile of every release (in process)", inproc, None, "-")

    imp, torch_loaded = fresh("import sys, vllm_config; print('torch' in sys.modules)", n)
    row("import vllm_config (fresh process)", imp, base, "< 50 ms over baseline")
    print(f"{'  torch imported':<48} {torch_loaded}")
    full_code = (
        "import sys, vllm_config as v\n"
        "for name in v.__all__: getattr(v, name)\n"
        "print('torch' in sys.modules)"
    )
    full, torch_full = fresh(full_code, n)
    row("import vllm_config + load every class", full, base, "-")
    print(f"{'  torch imported':<48} {torch_full}")

    print()
    print("compute_hash() per class (defaults), microseconds:")
    import vllm_config

    results = {}
    for name in sorted(vllm_config.__all__):
        cls = getattr(vllm_config, name)
        if not hasattr(cls, "compute_hash"):
            continue
        try:
            obj = cls()
        except Exception:  # classes that need arguments are skipped, and said so
            print(f"  {name:<32} (needs arguments; skipped)")
            continue
        loops = 2000
        best = min(timeit.repeat(obj.compute_hash, number=loops, repeat=5)) / loops
        results[name] = best * 1e6
        print(f"  {name:<32} {best * 1e6:8.2f} us")
    if "VllmConfig" in results:
        cls = vllm_config.VllmConfig
        loops = 200
        ctor = min(timeit.repeat(cls, number=loops, repeat=5)) / loops
        print()
        row("VllmConfig() default construction", ctor, None, "-")
        print(f"{'VllmConfig().compute_hash()':<48} {results['VllmConfig']:9.2f} us"
              f"{'':>20}  target < 50 us")
    print()
    print(json.dumps({"baseline_s": base, "generate_s": gen, "import_s": imp,
                      "hash_us": results}, sort_keys=True))


if __name__ == "__main__":
    main()
