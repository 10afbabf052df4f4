"""Where a JSON Schema error lies in a YAML file, to compare with where cfgc reports."""

from __future__ import annotations

from pathlib import Path

from jsonschema import ValidationError

from cfgc.front.yaml_loader import Node

REPO = Path(__file__).resolve().parent.parent


def json_error_places(error: ValidationError, root: Node) -> set[tuple[int, int]]:
    """The (line, column) places of a JSON Schema error: an unexpected key (or a key
    name refused) at the key; any other error at its value and, for an entry of a
    mapping, at the entry's key too (an entry `key: value` is one place: cfgc reports
    some problems at the key, some at the value, as an editor underlines either)."""
    node, parent, last = root, None, None
    for step in error.absolute_path:
        parent, last = node, step
        node = node.value[step]
    if error.validator == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        return {(node.key_locs[k].line, node.key_locs[k].col)
                for k in node.value if k not in allowed}
    if "propertyNames" in error.schema_path and isinstance(error.instance, str):
        loc = node.key_locs[error.instance]
        return {(loc.line, loc.col)}
    places = {(node.loc.line, node.loc.col)}
    if parent is not None and parent.is_map:
        key = parent.key_locs[last]
        places.add((key.line, key.col))
    return places
