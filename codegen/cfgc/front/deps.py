"""Definition order of the generated code, and the cycles no order can fix.

Python evaluates a module top to bottom: a type alias naming a later alias, a class whose
field type or `default_factory` names a later class, or two modules importing each other
fail with NameError or ImportError at `import vllm_config`. Classes and aliases are
emitted in dependency order (`class_order`, `alias_order`: views of Resolved); cycles
among aliases (`check_aliases`) and among classes (`check`) are located schema errors
(resolve reports cycles among modules).
"""

from __future__ import annotations

from ..errors import Collector, Diagnostic, SchemaError
from ..model import schema as m
from ..model.resolved import Resolved


def _alias_deps(aliases) -> dict[str, list[str]]:
    names = {a.name for a in aliases}
    return {a.name: sorted({n.name for n in a.type.walk()
                            if n.kind == "named" and n.name in names})
            for a in aliases}


def _cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One cycle of the graph as [a, b, ..., a], or None; iterative, in sorted order."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(graph[start])]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state and nxt in graph:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(graph[nxt]))
    return None


def class_order(res: Resolved) -> list[m.ClassDef]:
    """Classes with dependencies first (nested classes before their parents)."""
    order: list[m.ClassDef] = []
    seen: set[str] = set()

    def visit(c: m.ClassDef) -> None:
        if c.name in seen:
            return
        seen.add(c.name)
        for dep in sorted(res.class_deps(c)):
            visit(res.classes[dep])
        order.append(c)

    for c in res.schema.classes:
        visit(c)
    return order


def alias_order(res: Resolved) -> list[m.AliasDef]:
    """The aliases, each after the aliases its type names (schema order otherwise)."""
    deps = _alias_deps(res.schema.aliases)
    done: dict[str, m.AliasDef] = {}

    def visit(name: str, active: tuple[str, ...] = ()) -> None:
        if name in done or name in active:  # a cycle is reported by check()
            return
        for dep in deps[name]:
            visit(dep, (*active, name))
        done[name] = res.aliases[name]

    for a in res.schema.aliases:
        visit(a.name)
    return list(done.values())


def check_aliases(schema: m.Schema) -> None:
    """Before resolving (which expands aliases, and would recurse forever on a cycle)."""
    cycle = _cycle(_alias_deps(schema.aliases))
    if cycle:
        loc = next(a.loc for a in schema.aliases if a.name == cycle[0])
        raise SchemaError([Diagnostic(loc, f"type aliases refer to each other: "
                                           f"{' -> '.join(cycle)}")])


def check(res: Resolved) -> None:
    errors = Collector()
    classes = {c.name: sorted(res.class_deps(c)) for c in res.schema.classes}
    cycle = _cycle(classes)
    if cycle:
        errors.error(res.classes[cycle[0]].loc,
                     f"classes refer to each other (field types or default_factory): "
                     f"{' -> '.join(cycle)}; one of them must not need the other")
    errors.raise_if_any()
