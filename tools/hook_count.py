"""How much hand-written Python the schema leans on: the hook functions it names, and the
lines of codegen/cfgc/hooks/ and codegen/cfgc/runtime/.

A hook is named by a `hook:` validator, resolve step or hash factor, or by a property or
method without `expr` (its hook defaults to its own name); the kernels section names
one more for every op field. Counted from the parsed schema, so nothing is missed.
Calls of a library's functions (`call: checkpoint.read`) are counted apart.

Usage: python tools/hook_count.py [--list]
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hook_names(schema) -> dict[str, set[str]]:
    """module -> the hook functions the schema names there."""
    out: dict[str, set[str]] = {}
    for c in schema.classes:
        names = out.setdefault(c.module, set())
        for f in c.fields:
            names |= {v.hook for v in f.validators if v.name == "hook"}
        names |= {s.hook for s in c.resolve if s.kind == "hook"}
        names |= {a.hook for a in (*c.properties, *c.methods) if a.hook}
        names |= {e.hook for e in c.hash_extra if e.hook}
    return {k: v for k, v in out.items() if v}


def lines(folder: Path) -> int:
    return sum(len(p.read_text().splitlines()) for p in folder.rglob("*.py"))


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="name every hook")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "codegen"))
    from cfgc.front.parse import parse_schema_dir
    schema = parse_schema_dir(ROOT / "schema", ROOT)
    named = hook_names(schema)
    names = {k: {h for h in v if "." not in h} for k, v in named.items()}
    calls = sorted({h for v in named.values() for h in v if "." in h})
    total = sum(len(v) for v in names.values())
    print(f"hook functions named by the schema: {total}")
    print(f"library functions it calls (`call:`): {len(calls)}" + (
        f" ({', '.join(calls)})" if calls else ""))
    if args.list:
        for module in sorted(names):
            if names[module]:
                print(f"  {module}: {', '.join(sorted(names[module]))}")
    pkg = ROOT / "codegen" / "cfgc"
    hooks, runtime = lines(pkg / "hooks"), lines(pkg / "runtime")
    print(f"lines: hooks/ {hooks}, runtime/ {runtime}, both {hooks + runtime}")
    for lib in ("checkpoint",):
        if (pkg / lib).is_dir():
            print(f"lines: {lib}/ {lines(pkg / lib)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
