"""What one class's checks and compiled behaviour read, so that releases can share them.

A schema of several releases is compiled once per release, but releases next to each
other differ in a few entries. The projector hands every release of an epoch the same
node for a class, and parse the same record (`front/releases.Projector`). A class's
resolve work (its checks and its compiled behaviour, `resolve._check_class`) reads the
class itself, the definitions its types and expressions name (classes, enums, aliases,
runtime types, constants), the classes reachable from those through field types (an
expression walks `self.a.b`), the module constants, the platform and kernel sections,
the schema version and the hooks. When all of these are the same objects, or equal
values, as in an earlier release of the same compile, that release's result is the
result. The names are collected generously (every identifier in the record but its
docs): a name too many costs sharing, never correctness.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass

from ..model import schema as m
from ..model.expr import Expr
from ..model.resolved import Resolved
from ..model.types import TypeExpr

_IDENT = re.compile(r"[A-Za-z_]\w*")
#: Record fields that never change what a class compiles to.
_SKIP = frozenset({"doc", "loc", "type_loc", "key_locs", "differs"})


class ClassSharing:
    """Per compile: the names each record mentions, and each class's last result."""

    def __init__(self) -> None:
        self._names: dict[int, tuple[object, frozenset[str]]] = {}
        #: class -> (its token, the shared parts, {name: token}, result)
        self._done: dict[str, tuple[int, tuple, dict[str, int | None], object]] = {}
        self._globals: dict[int, tuple[Resolved, tuple]] = {}
        #: name -> [(record, token)]: records equal to an earlier one get its token (the
        #: records stay referenced here, so no token outlives its record)
        self._tokens: dict[str, list[tuple[object, int]]] = {}
        self._count = 0
        self._tokens_of: dict[int, tuple[Resolved, dict[str, int]]] = {}

    def token(self, name: str, record: object) -> int:
        """One number per distinct record of a name: the same object, or an equal one
        built again for another release (a runtime type, the kernel section's alias)."""
        seen = self._tokens.setdefault(name, [])
        for known, token in seen:
            if known is record:
                return token
        for known, token in seen:
            if known == record:
                seen.append((record, token))
                return token
        self._count += 1
        seen.append((record, self._count))
        token = self._count
        return token

    def names(self, record: object) -> frozenset[str]:
        """Every identifier the record mentions outside its docs (by record identity)."""
        known = self._names.get(id(record))
        if known is not None and known[0] is record:
            return known[1]
        found: set[str] = set()
        _collect(record, found)
        out = frozenset(found)
        self._names[id(record)] = (record, out)
        return out

    def _shared_parts(self, res: Resolved) -> tuple:
        """What every class may read: module constants, platforms, kernels, the schema
        version and the hooks; one object for releases where they are equal."""
        known = self._globals.get(id(res))
        if known is not None and known[0] is res:
            return known[1]
        schema = res.schema
        parts = (schema.constants, schema.platform_set, schema.kernel_set, schema.version,
                 tuple(sorted((k, tuple(sorted(v.items()))) for k, v in res.hooks.items())))
        for _, earlier in self._globals.values():
            if earlier == parts:
                parts = earlier
                break
        self._globals[id(res)] = (res, parts)
        return parts

    def _release_tokens(self, res: Resolved) -> dict[str, int]:
        """Every definition of the release by name -> its record's token (once per
        release)."""
        known = self._tokens_of.get(id(res))
        if known is not None and known[0] is res:
            return known[1]
        out = {name: self.token(name, record)
               for table in (res.classes, res.enums, res.aliases, res.runtime_types)
               for name, record in table.items()}
        self._tokens_of[id(res)] = (res, out)
        return out

    def recall(self, c: m.ClassDef, res: Resolved) -> object | None:
        """The class's result from an earlier release of this compile, when the class
        and everything it may read are the same there."""
        done = self._done.get(c.name)
        if done is None:
            return None
        tokens = self._release_tokens(res)
        token, parts, mentioned, result = done
        if token != tokens[c.name] or parts is not self._shared_parts(res):
            return None
        if any(tokens.get(name) != was for name, was in mentioned.items()):
            return None
        return result

    def keep(self, c: m.ClassDef, res: Resolved, result: object) -> None:
        """Remember the class's result with what it may read: every name mentioned by
        the class and by the definitions reachable from it, and each one's token then
        (None: not defined)."""
        tables = (res.classes, res.enums, res.aliases, res.runtime_types)
        tokens = self._release_tokens(res)
        mentioned: set[str] = set()
        reached: set[str] = {c.name}
        todo: list[object] = [c]
        while todo:
            record = todo.pop()
            for name in self.names(record):
                mentioned.add(name)
                if name in reached:
                    continue
                for table in tables:
                    if name in table:
                        reached.add(name)
                        todo.append(table[name])
                        break
        self._done[c.name] = (tokens[c.name], self._shared_parts(res),
                              {name: tokens.get(name) for name in mentioned}, result)


def _collect(value: object, found: set[str]) -> None:
    if isinstance(value, str):
        found.update(_IDENT.findall(value))
    elif isinstance(value, Expr):
        found.update(_IDENT.findall(value.text))
    elif isinstance(value, TypeExpr):
        found.update(n.name for n in value.walk() if n.name)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            _collect(item, found)
    elif isinstance(value, dict):
        for k, item in value.items():
            _collect(k, found)
            _collect(item, found)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            if f.name not in _SKIP:
                _collect(getattr(value, f.name), found)
