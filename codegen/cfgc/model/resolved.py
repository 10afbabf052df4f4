"""The resolved model: the checked schema with its lookup tables, compiled behaviour and
shared views, and the value checks every stage asks of it (`value_problem`).

front/resolve.py builds a Resolved, front/load.py completes it with the views the
backends share (class order, alias order, the class tree, the flag table); from then on
nothing changes it: backends and tools only read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from . import schema as m
from .flags import FlagTable
from .kernels import DeploymentCode
from .types import TypeExpr


@dataclass(frozen=True)
class HookSig:
    """What a hook function accepts: positional parameters (with how many have
    defaults) and whether it takes *args; `line` for messages."""

    params: int
    defaults: int
    varargs: bool
    line: int

    def accepts(self, n: int) -> bool:
        return self.params - self.defaults <= n and (n <= self.params or self.varargs)


@dataclass
class ClassCode:
    """A class's (or enum's) declared behaviour as Python source (front/behaviour.py)."""

    phase: list[str] = field(default_factory=list)  # body of __post_init__
    properties: list[tuple[m.Accessor, str]] = field(default_factory=list)
    methods: list[tuple[m.Accessor, str, str]] = field(default_factory=list)  # + params src
    tables: list[tuple[m.DefaultsTable, str, str]] = field(default_factory=list)  # + src
    enums: set[str] = field(default_factory=set)
    env: list[tuple[str, str]] = field(default_factory=list)
    rule_reads: list[tuple[m.Rule, tuple[str, ...]]] = field(default_factory=list)
    hash_extras: dict[str, str] = field(default_factory=dict)  # factor name -> source
    guards: dict[str, list[str]] = field(default_factory=dict)  # accessor -> its rules
    #: (field, step index) -> the Python lines of that `expr` / `require` validator step
    validators: dict[tuple[str, int], list[str]] = field(default_factory=dict)

    @property
    def code(self) -> str:
        return "\n".join(self.phase + [s for _, s in self.properties]
                         + [s for _, s, _ in self.methods] + [s for *_, s in self.tables])


@dataclass(frozen=True)
class ReleaseChange:
    """One difference between two consecutive releases: a class, field or flag added or
    removed (with its fate), or a field's default or cache-key rule changed."""

    release: str  # the release it happens in
    kind: str  # added, removed, default, cache_key
    subject: str  # Class, Class.field or --flag
    cls: str  # the class it belongs to ("" for a flag of no field)
    old: str = ""
    new: str = ""
    note: str = ""  # a removal's fate, a flag's field
    hashed: bool = False  # the field feeds the cache key (in the newer release)


@dataclass(frozen=True)
class Resolved:
    """The checked schema, its lookup tables (name -> definition), the compiled
    behaviour, and the views several backends share. Built by the front end
    (front/resolve.py, then front/load.py adds the views); backends only read it."""

    schema: m.Schema
    enums: Mapping[str, m.EnumDef]
    aliases: Mapping[str, m.AliasDef]
    runtime_types: Mapping[str, m.RuntimeTypeDef]
    classes: Mapping[str, m.ClassDef]
    hooks: Mapping[str, Mapping[str, HookSig]] = field(default_factory=dict)
    # Compiled behaviour by class or enum name (and "module.CONSTANT" for expression
    # constants), filled while resolving.
    behaviour: Mapping[str, ClassCode] = field(default_factory=dict, compare=False)
    # -- views, computed once by the front end (front/load.py) -------------------------
    #: Classes with dependencies first (nested classes before their parents).
    order: tuple[m.ClassDef, ...] = field(default=(), compare=False)
    #: The aliases, each after the aliases its type names.
    alias_order: tuple[m.AliasDef, ...] = field(default=(), compare=False)
    #: class -> (root class, field path from the root, whether a step may be None).
    tree: Mapping[str, tuple[str, tuple[str, ...], bool]] = field(default_factory=dict,
                                                                  compare=False)
    #: The command line: help groups, every flag, the class layout (front/flags.py).
    flags: FlagTable | None = field(default=None, compare=False)
    #: How classes, fields and flags differ between the releases the schema describes:
    #: subject (Class, Class.field, --flag) -> notes (front/history.py).
    history: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    #: The same, one record per difference, for pages and tools that group them.
    release_changes: tuple[ReleaseChange, ...] = field(default=(), compare=False)
    #: The kernels section's deployment, compiled (front/deployment.py); None without one.
    deployment: DeploymentCode | None = field(default=None, compare=False)
    #: id(type) -> (type, the type with every alias followed), filled by `expand`.
    #: Keyed by identity: equal types can differ (Literal[1] == Literal[True]).
    _expanded: dict[int, tuple[TypeExpr, TypeExpr]] = field(default_factory=dict,
                                                            compare=False, repr=False)

    def kind_of(self, name: str) -> str:
        if name in self.enums:
            return "enum"
        if name in self.aliases:
            return "alias"
        if name in self.runtime_types:
            return "runtime"
        if name in self.classes:
            return "class"
        return ""

    def expand(self, t: TypeExpr) -> TypeExpr:
        """Follow aliases (recursively) so checks see the underlying type; each type
        object of the schema is expanded once."""
        if t.kind != "named" and not t.args:
            return t
        seen = self._expanded.get(id(t))
        if seen is not None and seen[0] is t:
            return seen[1]
        if t.kind == "named" and t.name in self.aliases:
            done = self.expand(self.aliases[t.name].type)
        elif t.args:
            done = replace(t, args=tuple(self.expand(a) for a in t.args))
        else:
            done = t
        self._expanded[id(t)] = (t, done)
        return done

    def allowed_values(self, t: TypeExpr) -> tuple[str, ...]:
        """Every value a Literal or enum in type `t` allows, as the user writes it
        (strings quoted, enum members by name: what flags and config files take); ()
        when the type is open (any int, any string)."""
        values: list[str] = []
        for node in self.expand(t).walk():
            if node.kind == "literal":
                values += [json.dumps(v) if isinstance(v, str) else str(v)
                           for v in node.values]
            elif node.kind == "named" and node.name in self.enums:
                values += [mem.name for mem in self.enums[node.name].members]
        return tuple(dict.fromkeys(values))

    def class_deps(self, c: m.ClassDef) -> set[str]:
        deps = set()
        for f in c.fields:
            for node in self.expand(f.type).walk():
                if node.kind == "named" and node.name in self.classes and node.name != c.name:
                    deps.add(node.name)
            if f.default.kind == "factory" and f.default.value in self.classes:
                deps.add(str(f.default.value))
        return deps


def constraint_problem(name: str, bound: object, value: object) -> str:
    if value is None:
        return ""
    try:
        if name == "ge" and not value >= bound:
            return "ge"
        if name == "gt" and not value > bound:
            return "gt"
        if name == "le" and not value <= bound:
            return "le"
        if name == "lt" and not value < bound:
            return "lt"
        if name == "min_length" and len(value) < bound:
            return "min_length"
        if name == "max_length" and len(value) > bound:
            return "max_length"
        if name == "multiple_of" and value % bound:
            return "multiple_of"
        if name == "pattern" and not re.search(str(bound), str(value)):
            return "pattern"
    except TypeError:
        return name
    return ""


def value_problem(t: TypeExpr, value: object, res: Resolved) -> str:
    """'' if `value` (plain YAML data) is a valid default for type `t`, else why not."""
    k = t.kind
    if k == "none":
        return "" if value is None else "expected None"
    if k == "union":
        problems = [value_problem(a, value, res) for a in t.args]
        return "" if any(p == "" for p in problems) else "; ".join(sorted(set(problems)))
    if k == "literal":
        ok = any(type(v) is type(value) and v == value for v in t.values)
        return "" if ok else f"expected one of {list(t.values)}"
    if k == "scalar":
        n = t.name
        if n == "Any":
            return ""
        if n == "bool":
            return "" if isinstance(value, bool) else "expected bool"
        if n == "int":
            return "" if isinstance(value, int) and not isinstance(value, bool) else "expected int"
        if n == "float":
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            return "" if ok else "expected float"
        if n in ("str", "Path"):
            return "" if isinstance(value, str) else f"expected {n}"
        if n == "bytes":
            return "" if isinstance(value, str) else "expected bytes (written as a string)"
    if k == "named":
        if t.name in res.enums:
            names = [mem.name for mem in res.enums[t.name].members]
            return "" if value in names else f"expected a member of {t.name}: {names}"
        if t.name in res.runtime_types:
            return "expected None (runtime types have no literal default)"
        if t.name in res.classes:
            return "nested configs take default_factory, not a literal default"
    if k == "container":
        if t.name == "dict":
            if not isinstance(value, dict):
                return "expected a mapping"
            for key, val in value.items():
                p = value_problem(t.args[0], key, res) or value_problem(t.args[1], val, res)
                if p:
                    return f"entry {key!r}: {p}"
            return ""
        if not isinstance(value, list):
            return f"expected a list for {t.name}"
        if t.name == "tuple" and not t.variadic:
            if len(value) != len(t.args):
                return f"expected {len(t.args)} items"
            pairs = zip(t.args, value, strict=True)
        else:
            pairs = ((t.args[0], v) for v in value)
        for arg, item in pairs:
            p = value_problem(arg, item, res)
            if p:
                return f"item {item!r}: {p}"
        return ""
    return f"unsupported type {t.source()}"


def read_variables(res: Resolved) -> dict[str, str]:
    """Every environment variable the generated configs read -> who reads it: fields'
    `env:`, the `env("NAME", default)` calls of each class's expressions, and the
    `VARIABLE=VALUE` keys of the platforms' ir_op_priority."""
    out: dict[str, str] = {}
    for c in sorted(res.schema.classes, key=lambda c: c.name):
        for f in c.fields:
            if f.env:
                out.setdefault(f.env, f"{c.name}.{f.name}")
        for var, _default in res.behaviour[c.name].env:
            out.setdefault(var, c.name)
    ps = res.schema.platform_set
    for var, _value, profile in ps.env_entries() if ps is not None else ():
        out.setdefault(var, f"platform {profile}")
    return out
