"""What listing more releases costs: the project as it is against a sandbox copy that
lists eight (or `--releases`), measured in the same run.

Rows (issue 28, "Scale"):
- generated lines and installed size: the package's Python lines, its bytes (what pip
  installs: every release's folder), the reference docs' bytes and files;
- `import vllm_config` (must stay the same: only the selected release loads), and the
  import with every config class (`vllm_config.VllmConfig`);
- `cfgc check` through the memo (target under 500 ms);
- the whole compile, `CFGC_CACHE=0 cfgc generate` with nothing to write (target: at
  most 3 s for eight releases on the 2-core machine);
- with `--mkdocs`, `mkdocs build --strict` (slow: off by default).

A release the schema says nothing about yet is the same as the one before it
(release_sandbox.py), which is what a release that differs in a few entries costs at
the least. Each timed command runs `--repeat` times in fresh processes, the two trees
interleaved; medians of wall and CPU seconds (user + system of the child, steadier on a
shared machine) and the ratio sandbox / tree.

Usage: python bench/releases_bench.py [--repeat N] [--releases A,B,...] [--mkdocs]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

import release_sandbox as sandbox

ROOT = sandbox.ROOT


def sizes(tree: Path) -> dict[str, int]:
    """Lines and bytes of what the compiler writes for `tree`."""
    package = tree / "generated" / "vllm_config"
    reference = tree / "docs" / "reference"
    # the package's code: its modules, or the parts a package of releases is stored as
    py = [p for p in package.rglob("*") if p.suffix in (".py", ".part")
          and "__pycache__" not in p.parts]
    files = [p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    pages = [p for p in reference.rglob("*") if p.is_file()]
    return {
        "package .py lines": sum(p.read_bytes().count(b"\n") for p in py),
        "package bytes (installed)": sum(p.stat().st_size for p in files),
        "package files": len(files),
        "reference docs bytes": sum(p.stat().st_size for p in pages),
        "reference docs files": len(pages),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--releases", default=",".join(sandbox.EIGHT))
    parser.add_argument("--mkdocs", action="store_true", help="time mkdocs build --strict")
    args = parser.parse_args()
    releases = tuple(args.releases.split(","))
    py = sys.executable
    here = sandbox.listed()
    with tempfile.TemporaryDirectory(prefix="cfgc-releases-bench-") as tmp:
        box = sandbox.make(Path(tmp) / "box", releases, docs=args.mkdocs)
        trees = {f"tree ({len(here)})": ROOT, f"sandbox ({len(releases)})": box}
        print(f"sandbox releases: {', '.join(releases)}; tree releases: {', '.join(here)}")
        counted = {name: sizes(tree) for name, tree in trees.items()}
        (a, sa), (b, sb) = counted.items()
        print(f"\n{'size':<28} {a:>14} {b:>14} {'ratio':>7}")
        for key in sa:
            print(f"{key:<28} {sa[key]:>14,} {sb[key]:>14,} {sb[key] / sa[key]:7.2f}")
        jobs: dict[str, dict[str, tuple[list[str], Path, dict[str, str]]]] = {}
        for name, tree in trees.items():
            env = sandbox.env(tree)
            cfgc = [py, "-m", "cfgc.cli", "--root", str(tree)]
            rows = {
                "import vllm_config": ([py, "-c", "import vllm_config"], tree, env),
                "import + VllmConfig": (
                    [py, "-c", "import vllm_config; vllm_config.VllmConfig"], tree, env),
                "cfgc check (memo)": ([*cfgc, "check"], tree, env),
                "compile, CFGC_CACHE=0": ([*cfgc, "generate", "-q"], tree,
                                          {**env, "CFGC_CACHE": "0"}),
            }
            if args.mkdocs:
                out = Path(tmp) / f"site-{len(jobs)}"
                rows["mkdocs build --strict"] = (
                    [py, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)], tree,
                    env)
            for row, job in rows.items():
                jobs.setdefault(row, {})[name] = job
        for row in jobs.values():  # warm the caches (the memo, .pyc, templates)
            for argv, cwd, env in row.values():
                sandbox.timed_run(argv, cwd, env)
        walls = {(r, n): [] for r, row in jobs.items() for n in row}
        cpus = {(r, n): [] for r, row in jobs.items() for n in row}
        for _ in range(args.repeat):
            for r, row in jobs.items():
                for n, (argv, cwd, env) in row.items():
                    wall, cpu = sandbox.timed_run(argv, cwd, env)
                    walls[r, n].append(wall)
                    cpus[r, n].append(cpu)
    print(f"\n{'command':<24} {'':<14} {'wall ms':>9} {'cpu ms':>9} {'wall x tree':>12} "
          f"{'cpu x tree':>11}")
    for r, row in jobs.items():
        names = list(row)
        for n in names:
            wall, cpu = statistics.median(walls[r, n]), statistics.median(cpus[r, n])
            base_wall = statistics.median(walls[r, names[0]])
            base_cpu = statistics.median(cpus[r, names[0]])
            print(f"{r:<24} {n:<14} {wall * 1000:9.0f} {cpu * 1000:9.0f} "
                  f"{wall / base_wall:12.2f} {cpu / base_cpu:11.2f}")
    print("targets: import unchanged (x1.0); cfgc check < 500 ms; the whole compile of "
          "eight releases <= 3000 ms")


if __name__ == "__main__":
    main()
