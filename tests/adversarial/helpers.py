"""Shared pieces of the adversarial suite: runs of cfgc and vllm-config (in this process
or a fresh one) that must end in exactly one line on stderr, never a traceback."""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
from pathlib import Path

from cfgc import cli

REPO = Path(__file__).resolve().parents[2]
PROG = "vllm-config"

SCHEMA_A = """\
classes:
  Alpha:
    doc: The first config.
    hash: {default: include}
    cli: {group: Alpha}
    fields:
      size: {type: int, default: 1, doc: A size.}
      name: {type: str, default: a, doc: A name.}
"""
SCHEMA_B = """\
classes:
  Beta:
    doc: The second config.
    hash: {default: include}
    fields:
      ratio: {type: float, default: 0.5, doc: A ratio.}
"""


def new_project(root: Path, **files: str) -> Path:
    """A project root (pyproject.toml, schema/project.yaml) with extra schema files."""
    (root / "schema").mkdir(parents=True)
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    shutil.copy(REPO / "schema" / "project.yaml", root / "schema" / "project.yaml")
    for name, text in files.items():
        (root / "schema" / name).write_text(text)
    return root


def cfgc(root: Path | None, *args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    """`cfgc [--root root] args...` in this process."""
    out, err = io.StringIO(), io.StringIO()
    argv = (["--root", str(root)] if root is not None else []) + list(args)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            contextlib.chdir(cwd or Path.cwd()):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def process(*cmd: str, stdin=None, stdout=subprocess.PIPE, timeout: int = 120):
    return subprocess.run([sys.executable, *cmd], stdout=stdout, stderr=subprocess.PIPE,
                          stdin=stdin, text=True, timeout=timeout, check=False)


def one_line(stderr: str) -> str:
    """The single error line: no traceback, nothing else."""
    assert "Traceback" not in stderr, stderr
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


def owned(root: Path) -> dict[str, bytes]:
    """Every file cfgc may write (and any leftovers of an interrupted run)."""
    out = {}
    for top in ("generated", "docs/reference", ".cfgc-staging"):
        for path in sorted((root / top).rglob("*")):
            if path.is_file():
                out[path.relative_to(root).as_posix()] = path.read_bytes()
    return out
