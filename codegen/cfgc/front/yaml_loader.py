"""Load YAML into plain values that remember where they came from.

PyYAML's composer gives every node a start mark; we keep it on the node so each
later error can point at `file:line:col`. Only the safe core schema is accepted:
duplicate keys and any explicit tag (e.g. `!!python/object`) are errors, so nothing
in the schema can construct objects or run code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import Collector, Diagnostic, Loc, SchemaError
from ..runtime.yaml_events import parse_events

try:  # the C loader is much faster; fall back only where libyaml is missing
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

_STANDARD_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


@dataclass
class Node:
    """A YAML value with its location. `value` is a scalar, list[Node] or dict[str, Node]."""

    value: Any
    loc: Loc
    key_locs: dict[str, Loc] = field(default_factory=dict)

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_seq(self) -> bool:
        return isinstance(self.value, list)

    def plain(self) -> Any:
        """The value with all locations stripped (for defaults and literal data)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value


def _loc(file: str, node: yaml.Node) -> Loc:
    return Loc(file, node.start_mark.line + 1, node.start_mark.column + 1)


#: Most nodes one file may expand to: aliases (`*name`) repeat a node, so a few nested
#: ones ("billion laughs") would otherwise expand exponentially.
MAX_NODES = 200_000
MAX_DEPTH = 100


class _Budget:
    """The walk's state: nodes on the current path (a recursive alias would loop
    forever) and how many nodes are left to expand."""

    def __init__(self) -> None:
        self.path: set[int] = set()
        self.left = MAX_NODES


_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


def _convert(file: str, node: yaml.Node, errors: Collector, loader: Any,
             budget: _Budget | None = None, loc: Loc | None = None) -> Node:
    budget = budget or _Budget()
    mark = node.start_mark
    loc = loc or Loc(file, mark.line + 1, mark.column + 1)
    tag = node.tag
    if tag == _STR:  # most nodes: a plain string needs no constructor or bookkeeping
        budget.left -= 1
        if budget.left >= 0 and len(budget.path) < MAX_DEPTH:
            return Node(node.value, loc)
    if tag not in _STANDARD_TAGS:
        errors.error(loc, f"tag {tag!r} is not allowed: the schema is plain data"
                          + (" (quote a date or time to keep it as a string)"
                             if tag == "tag:yaml.org,2002:timestamp" else ""))
        return Node(None, loc)
    if id(node) in budget.path:
        errors.error(loc, "recursive alias: this node contains itself")
        return Node(None, loc)
    if len(budget.path) >= MAX_DEPTH:
        errors.error(loc, f"nested more than {MAX_DEPTH} levels deep")
        return Node(None, loc)
    if tag != _STR:  # a string was counted above
        budget.left -= 1
    if budget.left < 0:
        if budget.left == -1:  # report once
            errors.error(loc, f"the file expands to more than {MAX_NODES} nodes (aliases?)")
        return Node(None, loc)
    if tag == _MAP or tag == _SEQ:
        budget.path.add(id(node))
        try:
            return _convert_collection(file, node, errors, loader, budget, loc)
        finally:
            budget.path.discard(id(node))
    # Scalars: call the safe constructor for the resolved tag directly (construct_object
    # adds bookkeeping for recursive collections we never hand it).
    return Node(loader.yaml_constructors[tag](loader, node), loc)


def _convert_collection(file: str, node: yaml.Node, errors: Collector, loader: Any,
                        budget: _Budget, loc: Loc) -> Node:
    if isinstance(node, yaml.MappingNode):
        items: dict[str, Node] = {}
        key_locs: dict[str, Loc] = {}
        for key_node, value_node in node.value:
            if budget.left < 0:
                break
            reported = len(errors.diagnostics)
            key_loc = _loc(file, key_node)
            key = _convert(file, key_node, errors, loader, budget, key_loc).value
            if len(errors.diagnostics) > reported:  # a tag or alias problem, said already
                continue
            if not isinstance(key, str | int | float | bool) or key is None:
                errors.error(key_loc, "mapping keys must be scalars")
                continue
            key = str(key) if not isinstance(key, str) else key
            if key in items:
                first = key_locs[key]
                errors.error(key_loc, f"duplicate key {key!r} (first defined at {first})")
                continue
            items[key] = _convert(file, value_node, errors, loader, budget)
            key_locs[key] = key_loc
        return Node(items, loc, key_locs)
    return Node([_convert(file, item, errors, loader, budget) for item in node.value], loc)


_LINE_PREFIX = re.compile(r"(?m)^[ ?:-]*")


def _check_depth(text: str, name: str) -> None:
    """libyaml's composer recurses once per nesting level, so a file nested 50,000 deep
    crashes the process before `_convert` sees it. The parser is iterative: walk the
    events instead (our limit, not libyaml's, decides: see runtime.yaml_events), for
    files a cheap bound cannot clear (flow brackets, plus two levels per column of the
    deepest indentation or `- - -` prefix)."""
    bound = text.count("[") + text.count("{") + 2 * max(map(len, _LINE_PREFIX.findall(text))) + 2
    if bound <= MAX_DEPTH:
        return
    depth = 0
    for event in parse_events(text):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                raise SchemaError([Diagnostic(Loc(name, mark.line + 1, mark.column + 1),
                                              f"nested more than {MAX_DEPTH} levels deep")])
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def load_yaml(path: Path, display_name: str | None = None, text: str | None = None) -> Node:
    """Parse one YAML file into located nodes; raise SchemaError on any problem."""
    name = display_name or str(path)
    if text is None:
        data = path.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
            raise SchemaError([Diagnostic(Loc(name, line, col),
                                          f"not UTF-8: byte {data[exc.start]:#04x}")]) from None
    loader = _Loader(text)
    try:
        _check_depth(text, name)
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(name, mark.line + 1, mark.column + 1) if mark else Loc(name, 1, 1)
        raise SchemaError([Diagnostic(loc, f"invalid YAML: {exc.problem or exc}")]) from None
    except yaml.YAMLError as exc:
        raise SchemaError([Diagnostic(Loc(name, 1, 1), f"invalid YAML: {exc}")]) from None
    finally:
        loader.dispose()
    if root is None:
        return Node({}, Loc(name, 1, 1))
    errors = Collector()
    result = _convert(name, root, errors, _Loader(""))
    errors.raise_if_any()
    return result
