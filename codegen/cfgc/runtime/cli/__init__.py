"""The `vllm-config` command: vLLM's engine flags, driven by the generated flag table.

    vllm-config show [flags...] [--config FILE] [--format yaml|json]
    vllm-config hash [flags...] [--config FILE] [--format yaml|json]
    vllm-config --help[=all|<group>|<keyword>]
    vllm-config explain FLAG|FIELD_PATH | diff A B | schema | upgrade ...  (own modules)

The generated `__main__` passes its `_cli_table` module to `run`. Help and parsing need
only that table and argparse; the config classes (and pydantic) are imported when the
configs are built. Bad input is one line on stderr naming the flag, the value and what
is allowed, with exit status 2 and no traceback; output that cannot be written
(a full disk, a closed stdout) is one line and exit status 74.
"""

from __future__ import annotations

import sys
import warnings

from ..remote_code import ALLOW_REMOTE_CODE, remote_code
from . import releases
from .values import CliError, suggest

COMMANDS = ("show", "hash")
#: Operator tools: command -> the runtime module whose main() runs it (own arguments).
OPERATOR_COMMANDS = {"explain": "explain", "diff": "diff", "schema": "explain",
                     "upgrade": "upgrade_command"}
EXIT_USAGE = 2
EXIT_IOERR = 74  # sysexits.h EX_IOERR: the output could not be written (full disk, closed)


class _Warner:
    """Warnings on stderr, one line each, each shown once."""

    def __init__(self, prog: str):
        self.prog = prog
        self.seen: set[str] = set()

    def __call__(self, message: str, qualname: str = "") -> None:
        if qualname:  # the config class would warn again for the same field: once only
            from .. import deprecation

            deprecation._warned.add(qualname)
        if message not in self.seen:
            self.seen.add(message)
            print(f"{self.prog}: warning: {message}", file=sys.stderr)


def _help_topic(argv: list[str]) -> str | None:
    """None without --help/-h; '' for plain --help; the topic for --help=<topic>."""
    topic = None
    for i, tok in enumerate(argv):
        if tok in ("-h", "--help"):
            nxt = argv[i + 1] if i + 1 < len(argv) else ""
            # `--help all` / `--help cache` as well as --help=all (no flag named like that)
            topic = nxt if nxt and not nxt.startswith("-") and nxt not in COMMANDS else ""
        elif tok.startswith(("--help=", "-h=")):
            topic = tok.split("=", 1)[1]
    return topic


def _emit(data: object, fmt: str) -> str:
    if fmt == "json":
        import json

        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)


def _section_name(root: str, path: tuple[str, ...], primary: bool) -> str:
    """`cache_config.x` under the primary root (VllmConfig, the first of ROOTS, which
    holds the most classes); `Root.x` under any other (e.g. EngineArgs)."""
    if primary:
        return ".".join(path) if path else root
    return ".".join((root, *path))


def cmd_show(table: object, built, fmt: str) -> str:
    import dataclasses

    from .build import config_hash, plain

    data: dict[str, object] = {}
    for root, path, obj in built.nodes:
        values = {}
        for f in dataclasses.fields(obj):
            values[f.name] = plain(getattr(obj, f.name, None))
        name = _section_name(root, path, root == table.ROOTS[0])
        data[name] = {"class": type(obj).__name__, "hash": config_hash(obj), "values": values}
    return _emit(data, fmt)


def cmd_hash(table: object, built, fmt: str) -> str:
    from .build import config_hash, plain

    data: dict[str, object] = {}  # each top-level class: VllmConfig's is the cache key
    for root, obj in built.roots.items():
        try:
            factors = plain(obj.hash_factors())
        except Exception as exc:  # noqa: BLE001
            factors = f"<not available: {type(exc).__name__}: {exc}>"
        data[root] = {"hash": config_hash(obj), "factors": factors}
    return _emit(data, fmt)


def run(table: object, argv: list[str] | None = None) -> int:
    """The whole command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    prog = table.PROG
    warn = _Warner(prog)
    old_showwarning = warnings.showwarning

    def showwarning(message, category, filename, lineno, file=None, line=None):
        warn(str(message))

    warnings.showwarning = showwarning
    # Inspection never runs a checkpoint's code unless this command line allows it.
    # (After `--`, argv is another command line, e.g. the one `upgrade` carries over: its
    # own --allow-remote-code goes on with it.)
    own = argv.index("--") if "--" in argv else len(argv)
    allow = ALLOW_REMOTE_CODE in argv[:own]
    argv = [arg for arg in argv[:own] if arg != ALLOW_REMOTE_CODE] + argv[own:]
    try:
        release, argv = releases.take_release(table, argv)
        if release is not None:
            return releases.run_release(table, release, argv, allow)
        with remote_code(allow):
            return _run(table, argv, warn)
    except CliError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except RecursionError:
        print(f"{prog}: error: the input is nested too deeply", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    except (OSError, AttributeError) as exc:  # stdout full (/dev/full) or closed (None)
        if sys.stdout is not None and not isinstance(exc, OSError):
            raise
        why = exc.strerror if isinstance(exc, OSError) else "stdout is closed"
        print(f"{prog}: error: cannot write the output: {why}", file=sys.stderr)
        if sys.stdout is not None:  # the exit-time flush must not fail again
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_IOERR
    finally:
        warnings.showwarning = old_showwarning


def _run(table: object, argv: list[str], warn) -> int:
    if argv and argv[0] in OPERATOR_COMMANDS:
        import importlib

        module = importlib.import_module(f".{OPERATOR_COMMANDS[argv[0]]}", __package__)
        return module.main(table, argv[0], argv[1:], warn)
    from .parse import build_cli

    topic = _help_topic(argv)
    if topic is not None or not argv:
        from .help import render_help

        sys.stdout.write(render_help(build_cli(table), topic or ""))
        sys.stdout.flush()
        return 0 if argv else EXIT_USAGE
    command = argv[0]
    if command not in COMMANDS:
        hint = suggest(command, [*COMMANDS, *OPERATOR_COMMANDS])
        raise CliError(f"expected a command first: show, hash, explain, diff, schema or "
                       f"upgrade, not {command!r}{hint} (see --help)")
    from .build import build_configs

    parsed, built = build_configs(table, argv[1:], warn)
    if command == "show":
        sys.stdout.write(cmd_show(table, built, parsed.fmt))
    else:
        sys.stdout.write(cmd_hash(table, built, parsed.fmt))
    sys.stdout.flush()
    return 0
