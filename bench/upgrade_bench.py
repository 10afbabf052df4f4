"""`vllm-config upgrade` of one command line through a chain of releases, against `show`
of the same line in the same run.

A sandbox copy of the project lists the releases asked for (default: the eight of issue
28; release_sandbox.py: a release the schema says nothing about yet is the same as the
one before it), and each command runs `--repeat` times in fresh processes, interleaved
with the baselines: a bare `python -c pass`, `show` of the same line on the sandbox, and
the upgrade on this tree with the releases it lists (and with `--against DIR` the same
upgrade on another checkout, e.g. main before the chain). Medians of wall and CPU
seconds (user + system of the child, steadier on a shared machine) with their ratios.
Target (issue 28): the upgrade through the whole chain under 2 s.

Usage: python bench/upgrade_bench.py [--repeat N] [--releases A,B,...] [--against DIR]
                                     [--line "ARGV"]
"""

from __future__ import annotations

import argparse
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import release_sandbox as sandbox

ROOT = sandbox.ROOT
LINE = "--model examples/tiny-llama -tp 2"


def _once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)
    wall = time.perf_counter() - start
    if proc.returncode not in (0, 1):  # 1: the upgrade flagged something; still timed
        raise SystemExit(f"bench: {shlex.join(argv)} failed:\n{proc.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--releases", default=",".join(sandbox.EIGHT))
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout (generated and installed there) to time "
                             "the same upgrade on")
    parser.add_argument("--line", default=LINE, help="the command line to upgrade")
    args = parser.parse_args()
    releases = tuple(args.releases.split(","))
    line = shlex.split(args.line)
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="cfgc-upgrade-bench-") as tmp:
        box = sandbox.make(Path(tmp) / "box", releases)
        here = sandbox.listed()
        upgrade = ["-m", "vllm_config", "upgrade", "--from", releases[0], "--to",
                   releases[-1], "--", *line]
        jobs = {
            "python -c pass": ([py, "-c", "pass"], sandbox.env(ROOT)),
            f"show ({len(releases)} releases)": (
                [py, "-m", "vllm_config", "show", *line], sandbox.env(box)),
            f"upgrade, {len(releases)} releases": ([py, *upgrade], sandbox.env(box)),
            f"upgrade, this tree ({len(here)})": (
                [py, "-m", "vllm_config", "upgrade", "--from", here[0], "--to", here[-1],
                 "--", *line], sandbox.env(ROOT)),
        }
        if args.against:
            other = args.against.resolve()
            theirs = sandbox.listed(other)
            jobs[f"upgrade, against ({len(theirs)})"] = (
                [py, "-m", "vllm_config", "upgrade", "--from", theirs[0], "--to",
                 theirs[-1], "--", *line], sandbox.env(other))
        for argv, env in jobs.values():  # warm the caches (.pyc, checkpoint facts)
            _once(argv, env)
        walls: dict[str, list[float]] = {k: [] for k in jobs}
        cpus: dict[str, list[float]] = {k: [] for k in jobs}
        for _ in range(args.repeat):
            for name, (argv, env) in jobs.items():
                wall, cpu = _once(argv, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
    show = next(k for k in jobs if k.startswith("show"))
    base_wall, base_cpu = (statistics.median(walls[show]), statistics.median(cpus[show]))
    print(f"line: {args.line}; releases: {', '.join(releases)}")
    print(f"{'command':<30} {'wall ms':>9} {'cpu ms':>9} {'wall x show':>12} "
          f"{'cpu x show':>11}")
    for name in jobs:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(f"{name:<30} {wall * 1000:9.0f} {cpu * 1000:9.0f} {wall / base_wall:12.2f} "
              f"{cpu / base_cpu:11.2f}")
    print("target: the upgrade through the whole chain under 2000 ms")


if __name__ == "__main__":
    main()
