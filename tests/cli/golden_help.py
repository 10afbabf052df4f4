"""The help texts the golden test pins, and the script that rewrites them.

    .venv/bin/python tests/cli/golden_help.py      # after an intended change to flags/help

The golden files are the one place the CLI tests do not follow the schema: any change
to a flag, a doc string or the layout shows up as a diff to review.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
PACKAGE = "vllm_config"
COLUMNS = "100"
#: golden file -> arguments of `python -m vllm_config`
CASES = {"help.txt": ["--help"], "help_all.txt": ["--help=all"]}


def render(args: list[str]) -> str:
    env = dict(os.environ, COLUMNS=COLUMNS, LINES="50")
    proc = subprocess.run([sys.executable, "-m", PACKAGE, *args], capture_output=True,
                          text=True, env=env, check=True, timeout=120)
    return proc.stdout


def main() -> int:
    GOLDEN.mkdir(exist_ok=True)
    for name, args in CASES.items():
        (GOLDEN / name).write_text(render(args))
        print(f"wrote {GOLDEN / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
