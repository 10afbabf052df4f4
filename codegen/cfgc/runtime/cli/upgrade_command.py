"""`vllm-config upgrade`: reads the arguments and hands a command line to `upgrade`, a
config file to `upgrade_file` (see upgrade.py for what the command does)."""

from __future__ import annotations

import sys

from .upgrade import USAGE, Release, arguments, carry, finish, read_history, split_flags
from .upgrade_file import upgrade_file


def main(table: object, command: str, argv: list[str], warn) -> int:
    history, root = read_history(table)
    args = arguments(argv, history)
    if args is None:
        sys.stdout.write(USAGE.format(prog=table.PROG) + "\n")
        return 0
    args.prog = table.PROG
    package = table.__name__.rsplit(".", 1)[0]
    folders = {r: root / f for r, f in history["folders"].items()}
    source = Release.read(args.source, folders[args.source])
    target = Release.read(args.target, folders[args.target])
    fates = {f["subject"]: f for f in history["fates"]}
    if args.file is not None:
        return upgrade_file(args, package, source, target, fates, warn)
    groups = split_flags(args.argv, source)
    new_argv, changes = carry(groups, source, target, fates)
    return finish(args, package, source, target, args.argv, new_argv, groups, changes,
                  lambda extra: {"argv": new_argv + extra})
