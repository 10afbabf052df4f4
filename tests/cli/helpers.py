"""Shared helpers for the CLI tests: the generated table, in-process and subprocess runs."""

from __future__ import annotations

import importlib
import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from cfgc.runtime.cli import build as cli_build
from cfgc.runtime.cli import parse as cli_parse

from ..strategies import resolved

RES = resolved()
PKG = RES.schema.package
TABLE = importlib.import_module(f"{PKG}._cli_table")
MAIN = importlib.import_module(f"{PKG}.__main__")
CLI = cli_parse.build_cli(TABLE)
GOLDEN = Path(__file__).parent / "golden"
HELP_COLUMNS = "100"


def run(*argv: str) -> tuple[int, str, str]:
    """`vllm-config argv...` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = MAIN.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


def one_error(*argv: str) -> str:
    """Runs the CLI on argv and returns its one error line (exit 2, no traceback)."""
    rc, out, err = run(*argv)
    assert rc == 2, (argv, out, err)
    lines = [line for line in err.splitlines() if "warning:" not in line]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith(f"{TABLE.PROG}: error: ")
    return lines[0]


def run_process(*argv: str, columns: str = HELP_COLUMNS, code: str | None = None):
    """A fresh interpreter running `python -m <package> argv...` (or `code`)."""
    env = dict(os.environ, COLUMNS=columns, LINES="50")
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", PKG, *argv]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)


def parse(argv: list[str]):
    warnings: list[str] = []
    parsed = cli_parse.parse(TABLE, argv, lambda msg, qualname="": warnings.append(msg), CLI)
    return parsed, warnings


def subtree(parsed, cls_name: str) -> tuple[str, tuple[str, ...], dict]:
    info = TABLE.CLASSES[cls_name]
    node = parsed.trees.get(info["root"], {})
    for step in info["path"]:
        node = node.get(step, {}) if isinstance(node, dict) else {}
    return info["root"], tuple(info["path"]), node if isinstance(node, dict) else {}


def build_only(parsed, cls_name: str):
    """Build just `cls_name` from what the flags gave it (no parent post-init)."""
    root, path, values = subtree(parsed, cls_name)
    types = importlib.import_module(f"{PKG}.types")
    return cli_build.build_class(TABLE, parsed, cls_name, values, root, path, None,
                                 lambda: types)


def entries(**match) -> list[dict]:
    return [e for e in TABLE.FLAGS if all(e.get(k) == v for k, v in match.items())]
