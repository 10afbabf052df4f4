"""The import graph of codegen/ (the `cfgc` package): modules, edges, import circles.

Every import counts, wherever it is written: at module level, inside a function (a lazy
import still needs the other module, it only hides the circle), and under
`if TYPE_CHECKING:`. `from . import x` is an edge to the module x when x is one, else to
the package. A strongly connected component of more than one module (or a module that
imports itself) is an import circle.

Usage: python tools/import_graph.py [--root codegen] [--json] [--edges]
Exit status 1 when there is a circle (tests/test_import_graph.py runs the same check).
"""

from __future__ import annotations

import argparse
import ast
import json
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(src: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file under `src` (a folder of packages)."""
    out = {}
    for path in sorted(src.rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _is_package(name: str, mods: dict[str, Path]) -> bool:
    return mods[name].name == "__init__.py"


def _absolute(module: str, level: int, target: str | None, mods: dict[str, Path]) -> str:
    """The absolute name of a (possibly relative) import written in `module`."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not _is_package(module, mods):
        base = base[:-1]  # a plain module's package
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The modules of `mods` that module `name` imports (anywhere in its file)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: set[str] = set()

    def add(target: str) -> None:
        # the deepest module of `mods` that `target` names (a.b.c -> a.b if c is a name)
        parts = target.split(".")
        while parts and ".".join(parts) not in mods:
            parts.pop()
        if parts:
            found.add(".".join(parts))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(name, node.level, node.module, mods)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in mods else base)
    found.discard(name)
    return found


def graph(src: Path) -> dict[str, set[str]]:
    mods = modules(src)
    return {name: imports(name, path, mods) for name, path in mods.items()}


def components(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components (Tarjan, iterative), each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(g):
        if start in index:
            continue
        work = [(start, iter(sorted(g[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(g.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp.append(member)
                    if member == node:
                        break
                out.append(sorted(comp))
    return sorted(out)


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The components that are import circles."""
    return [c for c in components(g) if len(c) > 1 or c[0] in g[c[0]]]


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT / "codegen",
                        help="folder holding the packages (default: codegen/)")
    parser.add_argument("--json", action="store_true", help="print the graph as JSON")
    parser.add_argument("--edges", action="store_true", help="list every edge")
    args = parser.parse_args(argv)
    g = graph(args.root)
    found = circles(g)
    if args.json:
        print(json.dumps({"modules": sorted(g), "edges": {k: sorted(v) for k, v in
                                                          sorted(g.items())},
                          "circles": found}, indent=1))
        return 1 if found else 0
    n_edges = sum(len(v) for v in g.values())
    print(f"{len(g)} modules, {n_edges} edges, {len(components(g))} strongly connected "
          f"components, {len(found)} import circle(s)")
    if args.edges:
        for name in sorted(g):
            for target in sorted(g[name]):
                print(f"  {name} -> {target}")
    for comp in found:
        print("circle: " + " <-> ".join(comp))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
