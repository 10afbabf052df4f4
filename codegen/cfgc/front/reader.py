"""Reading one YAML mapping of the schema: unknown keys reported with a suggestion, typed
getters that report a wrong shape at its node. Shared by every section's parser.

The keys a mapping may have are its record in the description of the language
(model/schema_language.py), the same one the editors' JSON Schema and the reference
are generated from, so the three cannot list different keys."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..errors import Collector, Loc, did_you_mean
from ..model.language import Record
from .yaml_loader import Node

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$")
FLAG = re.compile(r"^(--[a-z0-9][a-z0-9-]*(\.[a-z0-9_]+)*|-[A-Za-z][A-Za-z0-9]*)$")


class Reader:
    """Reads one YAML mapping, reporting keys that `record` does not have (nor `also`:
    keys the schema itself declares, a platform profile's attributes) with a
    suggestion."""

    def __init__(self, node: Node, what: str, record: Record, errors: Collector,
                 also: Iterable[str] = ()):
        self.node = node
        self.errors = errors
        self.record = record
        self.ok = node.is_map
        if not self.ok:
            errors.error(node.loc, f"{what} must be a mapping")
            return
        allowed = (*record.names(), *also)
        for key, key_loc in node.key_locs.items():
            if key not in allowed:
                errors.error(key_loc, f"unknown key {key!r} in {what}{did_you_mean(key, allowed)}")

    def has(self, key: str) -> bool:
        return self.ok and key in self.node.value

    def get(self, key: str) -> Node | None:
        return self.node.value.get(key) if self.ok else None

    def key_loc(self, key: str) -> Loc:
        return self.node.key_locs.get(key, self.node.loc) if self.ok else self.node.loc

    def str(self, key: str, what: str, required: bool = False, default: str = "") -> str:
        node = self.get(key)
        if node is None:
            if required and self.ok:
                self.errors.error(self.node.loc, f"{what} is missing required key {key!r}")
            return default
        if not isinstance(node.value, str) or (required and not node.value.strip()):
            self.errors.error(node.loc, f"{key!r} of {what} must be a non-empty string")
            return default
        return node.value

    def bool(self, key: str, what: str, default: bool) -> bool:
        node = self.get(key)
        if node is None:
            return default
        if not isinstance(node.value, bool):
            self.errors.error(node.loc, f"{key!r} of {what} must be true or false")
            return default
        return node.value

    def str_list(self, key: str, what: str) -> tuple[str, ...]:
        node = self.get(key)
        if node is None:
            return ()
        items = node.value if node.is_seq else [node]
        out = []
        for item in items:
            if not isinstance(item.value, str):
                self.errors.error(item.loc,
                                  f"{key!r} of {what} must be a string or list of strings")
            else:
                out.append(item.value)
        return tuple(out)
