"""`--release X` on any command: the same command, on another release's package.

A package holds one release per folder and `CFGC_RELEASE` picks one when it is first
imported (see the generated `__init__`). This process has imported one already, so
another release runs in a child process with `CFGC_RELEASE` set; its output and exit
status are passed through unchanged.
"""

from __future__ import annotations

import os
import sys

from ..remote_code import ALLOW_REMOTE_CODE
from .values import CliError

OPTION = "--release"


def take_release(table: object, argv: list[str]) -> tuple[str | None, list[str]]:
    """(the release named by --release, unless it is this table's own; the rest)."""
    rest: list[str] = []
    release = None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        if arg == OPTION or arg.startswith(OPTION + "="):
            if arg == OPTION:
                if i + 1 >= len(argv):
                    raise CliError(f"{OPTION}: expected a release name")
                release, i = argv[i + 1], i + 2
            else:
                release, i = arg.split("=", 1)[1], i + 1
            continue
        rest.append(arg)
        i += 1
    known = tuple(getattr(table, "RELEASES", ()))
    if release is None:
        return None, rest
    if release not in known:
        allowed = ", ".join(known) or "none: this package describes one release"
        raise CliError(f"{OPTION}: invalid choice: {release!r} (choose from {allowed})")
    return (None if release == table.RELEASE else release), rest


def history_folder(table: object) -> str:
    """The default release's package folder, which holds the history across releases
    (releases.json, explain_history.json), whichever release `table` is."""
    here = os.path.dirname(table.__file__)
    parent = os.path.dirname(here)
    return os.path.dirname(parent) if os.path.basename(parent) == "_releases" else here


def run_release(table: object, release: str, argv: list[str], allow_code: bool) -> int:
    """The command on `release`'s package, in a child process."""
    import subprocess  # only here: --help and the other commands never pay for it
    package = table.__name__.rsplit(".", 1)[0]
    command = [sys.executable, "-m", package, *argv, *([ALLOW_REMOTE_CODE] if allow_code
                                                        else [])]
    proc = subprocess.run(command, env={**os.environ, "CFGC_RELEASE": release},
                          capture_output=True, text=True, check=False)
    sys.stdout.write(proc.stdout)
    sys.stdout.flush()
    sys.stderr.write(proc.stderr)
    return proc.returncode
