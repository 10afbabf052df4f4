"""A private copy of the project that lists more releases than the schema does today.

The benches of many releases (releases_bench, upgrade_bench) measure what N releases
cost before they are transcribed: the schema is copied, `project.releases.list` is set
to the releases asked for (a release the schema says nothing about is the same as the
one before it: empty differences), and the copy is generated. The hooks, libraries and
kernel sources are linked, not copied; the docs that are not generated are copied, so
that `mkdocs build` works there too.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The releases of issue 28: the seeds' 0.25.1, six in between, 0.33.0.
EIGHT = ("0.25.1", "0.26.0", "0.27.1", "0.28.0", "0.29.0", "0.30.0", "0.31.0", "0.33.0")
_LIST = re.compile(r"^(\s*list:\s*)\[[^\]]*\]", re.M)


def listed(root: Path = ROOT) -> tuple[str, ...]:
    """The releases project.yaml lists."""
    match = _LIST.search((root / "schema" / "project.yaml").read_text())
    if match is None:
        raise SystemExit("bench: schema/project.yaml lists no releases")
    text = match.group(0).split("[", 1)[1].rstrip("]")
    return tuple(x.strip().strip("'\"") for x in text.split(",") if x.strip())


def make(box: Path, releases: tuple[str, ...], docs: bool = False,
         edit: Callable[[Path], None] | None = None) -> Path:
    """The project copied into `box` (emptied first), listing `releases`, generated;
    `edit(box)` changes the copied schema first (release_cost.py's synthetic stream)."""
    missing = [r for r in listed() if r not in releases]
    if missing:
        raise SystemExit(f"bench: the schema's releases {', '.join(missing)} must stay listed")
    if box.exists():
        shutil.rmtree(box)
    box.mkdir(parents=True)
    shutil.copytree(ROOT / "schema", box / "schema")
    shutil.copy(ROOT / "pyproject.toml", box)
    for name in ("codegen", "kernels"):
        (box / name).symlink_to(ROOT / name)
    if docs:
        shutil.copy(ROOT / "mkdocs.yml", box)
        shutil.copytree(ROOT / "docs", box / "docs",
                        ignore=lambda d, names: ["reference"] if Path(d) == ROOT / "docs"
                        else [])
    project = box / "schema" / "project.yaml"
    text = project.read_text()
    quoted = ", ".join(f'"{r}"' for r in releases)
    project.write_text(_LIST.sub(lambda m: f"{m.group(1)}[{quoted}]", text, count=1))
    if edit is not None:
        edit(box)
    subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(box), "generate", "-q"],
                   check=True, env=env(ROOT))
    return box


def env(tree: Path, **extra: str) -> dict[str, str]:
    """Run `tree`'s cfgc and the package generated there, whatever is installed."""
    out = dict(os.environ)
    out.pop("CFGC_RELEASE", None)
    paths = [tree / "generated", tree / "codegen", tree / "kernels"]
    out["PYTHONPATH"] = os.pathsep.join(str(p) for p in paths)
    return {**out, **extra}


def timed_run(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (exit 0 required)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                          check=False)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv)} in {cwd} failed:\n"
                         f"{(proc.stderr or proc.stdout)[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
