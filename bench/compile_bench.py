"""`cfgc check` and a `cfgc generate` with nothing to write, in fresh processes.

Each command runs `--repeat` times, interleaved with the baselines of the same run (a
bare `python -c pass`, and with `--against DIR` the same command in another checkout of
the project, e.g. the commit before a change), and the medians are printed with their
ratios: on a shared machine only numbers from the same run compare. Targets (issue 21):
under 500 ms each on the 2-core CI machine. CPU seconds (user + system of the child)
are printed too; they move less than wall time when other work shares the machine.
With CFGC_CACHE=0 nothing remembered is used (cfgc/memo.py: the last compile; the stamp
of a passed import check): the cost of a run after an edit, and for check of the import
check in a fresh interpreter too.

Usage: python bench/compile_bench.py [--repeat N] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _once(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _env(tree: Path) -> dict[str, str]:
    """Run `tree`'s cfgc and vllm_config, whatever the environment has installed."""
    env = dict(os.environ)
    paths = [tree / "codegen", tree / "generated", tree / "kernels"]
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in paths)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout of the project to time the same way")
    args = parser.parse_args()
    py = sys.executable
    jobs = {"python -c pass": ([py, "-c", "pass"], ROOT, dict(os.environ))}
    trees = [("", ROOT)] + ([(" (against)", args.against.resolve())] if args.against else [])
    for label, tree in trees:
        for cmd in ("check", "generate"):
            argv = [py, "-m", "cfgc.cli", cmd] + (["-q"] if cmd == "generate" else [])
            jobs[f"cfgc {cmd}{label}"] = (argv, tree, _env(tree))
            # the whole compile, as on a first run or after an edit (both trees, so each
            # row is compared with the same command on the other tree)
            jobs[f"cfgc {cmd}, CFGC_CACHE=0{label}"] = (argv, tree, {**_env(tree),
                                                                     "CFGC_CACHE": "0"})
    for argv, cwd, env in jobs.values():  # warm caches (compiled templates, stamps, .pyc)
        subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True)
    walls: dict[str, list[float]] = {k: [] for k in jobs}
    cpus: dict[str, list[float]] = {k: [] for k in jobs}
    for _ in range(args.repeat):
        for name, (argv, cwd, env) in jobs.items():
            wall, cpu = _once(argv, cwd, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    base = statistics.median(walls["python -c pass"])
    print(f"{'command':<32} {'wall ms':>9} {'cpu ms':>9} {'x pass':>8} {'x against':>10}")
    for name in jobs:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        other = name + " (against)"
        ref = walls.get(other) if args.against and "against" not in name \
            and name.startswith("cfgc") else None
        vs = f"{wall / statistics.median(ref):9.2f}x" if ref else ""
        print(f"{name:<32} {wall * 1000:9.0f} {cpu * 1000:9.0f} {wall / base:8.1f} {vs:>10}")
    print("targets: cfgc check < 500 ms, cfgc generate (nothing to write) < 500 ms")


if __name__ == "__main__":
    main()
