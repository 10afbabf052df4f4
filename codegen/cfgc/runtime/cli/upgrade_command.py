"""`vllm-config upgrade`: reads the arguments, carries a command line through the chain
of releases (`upgrade`) or hands a config file to `upgrade_file`, and reports
(`upgrade_report`); see upgrade.py for what the command does."""

from __future__ import annotations

import sys

from .upgrade import (
    USAGE,
    arguments,
    argv_of,
    carry_chain,
    chain,
    fates_by_release,
    read_history,
    split_flags,
)
from .upgrade_file import upgrade_file
from .upgrade_report import Carried, finish


def main(table: object, command: str, argv: list[str], warn) -> int:
    history, root = read_history(table)
    # Without --from, start at the release this process runs: --release or CFGC_RELEASE
    # chose it (the table is that release's).
    args = arguments(argv, history, getattr(table, "RELEASE", None))
    if args is None:
        sys.stdout.write(USAGE.format(prog=table.PROG) + "\n")
        return 0
    args.prog = table.PROG
    package = table.__name__.rsplit(".", 1)[0]
    releases = chain(history, root, args.source, args.target)
    fates = fates_by_release(history)
    if args.file is not None:
        return upgrade_file(args, package, history, root, releases, fates)
    lines, changes = carry_chain(split_flags(args.argv, releases[0]), releases, fates)
    return finish(args, package, history, root, Carried(releases, lines, changes),
                  lambda extra: {"argv": argv_of(lines[-1]) + extra})
