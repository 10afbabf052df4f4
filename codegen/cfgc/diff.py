"""`cfgc diff --against REF`: what a schema change breaks, and which cache keys it moves.

The working tree's schema and the schema at a git ref are both compiled with this
cfgc (the ref's files are read with `git ls-tree`/`git cat-file` into a temporary
root, never checked out), then compared model to model. Like `buf breaking`, every
change gets a stable id, `KIND:SUBJECT` (e.g. `field-removed:CacheConfig.foo`), a
location (the new one, or the one at the ref for removals) and a verdict:

- breaking: code, flags or config files that worked against the ref may now fail;
- cache key: the compile-cache key of some configs changes (hash rule flipped, an
  included field added, removed or renamed, its default or its encoding changed);
- otherwise a plain change, reported so reviewers see it.

A breaking change is accepted when declared: a class or field `renamed_from:` its old
name, or an entry `<id>: <reason>` under `project.breaking_ok`. See
docs/guide/evolution.md.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from .errors import Loc, SchemaError
from .front.flags import derived_cli
from .front.load import compile_schema
from .front.parse import parse_schema_dir
from .model import schema as m
from .model.python import default_text, hash_expr
from .model.resolved import Resolved
from .model.types import TypeExpr, TypeKind


@dataclass(frozen=True)
class Change:
    kind: str  # e.g. field-removed
    subject: str  # e.g. CacheConfig.block_size
    message: str
    loc: Loc
    at_ref: bool = False  # loc is in the schema at the ref (the thing is gone now)
    breaking: bool = False
    cache_key: bool = False
    declared: str = ""  # why a breaking change is accepted

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.subject}"

    @property
    def fails(self) -> bool:
        return self.breaking and not self.declared


class RefError(Exception):
    """The ref cannot be read, or its schema does not compile (exit 2)."""


# --- reading the schema at a ref -------------------------------------------------------

def _git(root: Path, *args: str, data: bytes | None = None) -> bytes:
    try:
        proc = subprocess.run(["git", "-C", str(root), *args], input=data,
                              capture_output=True, check=False)
    except OSError as exc:
        raise RefError(f"cannot run git: {exc}") from None
    if proc.returncode != 0:
        raise RefError(proc.stderr.decode(errors="replace").strip() or f"git {args[0]} failed")
    return proc.stdout


def export_ref(root: Path, ref: str, dest: Path) -> None:
    """Write schema/ (and codegen/: the hooks and libraries the old schema names) as of
    `ref` under dest, laid out like the project root."""
    try:
        sha = _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options",
                   f"{ref}^{{commit}}").decode().strip()
    except RefError:
        raise RefError(f"{ref!r} is not a commit in the git repository at {root}") from None
    prefix = _git(root, "rev-parse", "--show-prefix").decode().strip()
    listing = _git(root, "ls-tree", "-r", "-z", "--full-name", "--name-only", sha, "--",
                   "schema", "codegen")
    paths = [p for p in listing.decode().split("\0") if p.endswith((".yaml", ".py"))]
    if not paths:
        return
    request = "".join(f"{sha}:{p}\n" for p in paths).encode()
    out = _git(root, "cat-file", "--batch", data=request)
    pos = 0
    for path in paths:
        header_end = out.index(b"\n", pos)
        size = int(out[pos:header_end].split()[2])
        body = out[header_end + 1:header_end + 1 + size]
        pos = header_end + 1 + size + 1
        rel = PurePosixPath(path).relative_to(prefix) if prefix else PurePosixPath(path)
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)


def load_ref(root: Path, ref: str) -> Resolved:
    with tempfile.TemporaryDirectory(prefix="cfgc-diff-") as tmp:
        tmp_root = Path(tmp)
        export_ref(root, ref, tmp_root)
        (tmp_root / "schema").mkdir(exist_ok=True)
        try:
            # the hooks as they were at the ref (a hook may have been renamed since)
            return compile_schema(parse_schema_dir(tmp_root / "schema", tmp_root))
        except SchemaError as exc:
            lines = "\n".join(f"  {ref}:{d}" for d in exc.diagnostics)
            raise RefError(f"the schema at {ref} does not compile with this cfgc:\n{lines}") \
                from None


# --- comparing two resolved schemas --------------------------------------------------

def _tkey(t: TypeExpr) -> tuple:
    """Structural identity of a type (Literal[1] and Literal[True] differ)."""
    return (t.kind, t.name, t.variadic, tuple((type(v).__name__, v) for v in t.values),
            tuple(_tkey(a) for a in t.args))


def _renamed(t: TypeExpr, class_map: dict[str, str]) -> TypeExpr:
    """An old type with renamed classes spelled by their new names."""
    if t.kind == TypeKind.NAMED and t.name in class_map:
        return replace(t, name=class_map[t.name])
    return replace(t, args=tuple(_renamed(a, class_map) for a in t.args)) if t.args else t


def _choices(t: TypeExpr) -> tuple[set, bool] | None:
    """(values, accepts None) when t is a Literal, optionally with None; else None."""
    arms = t.args if t.kind == TypeKind.UNION else (t,)
    lits = [a for a in arms if a.kind == TypeKind.LITERAL]
    if not lits or any(a.kind not in (TypeKind.LITERAL, TypeKind.NONE) for a in arms):
        return None
    return {(type(v).__name__, v) for a in lits for v in a.values}, any(a.is_none for a in arms)


def _accepts(new: TypeExpr, old: TypeExpr) -> bool:
    """Does every value valid for `old` stay valid for `new`? (expanded types; errs on
    the side of 'no', which reports the change as breaking)."""
    if _tkey(new) == _tkey(old) or (new.kind == TypeKind.SCALAR and new.name == "Any"):
        return True
    if old.kind == TypeKind.UNION:
        return all(_accepts(new, a) for a in old.args)
    if new.kind == TypeKind.UNION:
        return any(_accepts(a, old) for a in new.args)
    if old.kind == TypeKind.LITERAL:
        if new.kind == TypeKind.LITERAL:
            return {(type(v).__name__, v) for v in old.values} <= {
                (type(v).__name__, v) for v in new.values}
        scalar = {"str": (str,), "int": (int,), "float": (int, float), "bool": (bool,)}
        kinds = scalar.get(new.name, ()) if new.kind == TypeKind.SCALAR else ()
        return bool(kinds) and all(isinstance(v, kinds) and (new.name == "bool") ==
                                   isinstance(v, bool) for v in old.values)
    if old.kind == new.kind == TypeKind.SCALAR:  # pydantic converts these (lax mode)
        return (old.name, new.name) in (("int", "float"), ("str", "Path"))
    if old.kind == new.kind == TypeKind.CONTAINER and old.name == new.name:
        return (old.variadic == new.variadic and len(old.args) == len(new.args)
                and all(_accepts(n, o) for n, o in zip(new.args, old.args, strict=True)))
    return False


def _norm(value: object) -> object:
    """Comparable form of a default: 1 and 1.0 equal, True and 1 not, NaN equal to NaN."""
    if isinstance(value, bool) or value is None:
        return ("const", value)
    if isinstance(value, int | float):
        return ("nan",) if isinstance(value, float) and math.isnan(value) else ("num", value)
    if isinstance(value, list):
        return ("list", tuple(_norm(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((str(k), _norm(v)) for k, v in value.items())))
    return ("str", str(value))


def _default_key(d: m.Default) -> tuple:
    return (d.kind, _norm(d.value) if d.kind in ("value", "factory") else None)


def _included(f: m.FieldDef | None) -> bool:
    return f is not None and f.kind == "field" and f.hash is not None and f.hash.include


def _enums_in(t: TypeExpr, res: Resolved) -> set[str]:
    return {n.name for n in res.expand(t).walk()
            if n.kind == TypeKind.NAMED and n.name in res.enums}


def _validator_key(v: m.Validator) -> tuple:
    return (v.name, v.mode, v.hook, json.dumps(v.arg, sort_keys=True, default=str))


_TIGHTER = {"ge": 1, "gt": 1, "min_length": 1, "le": -1, "lt": -1, "max_length": -1}


class _Differ:
    def __init__(self, old: Resolved, new: Resolved):
        self.old, self.new = old, new
        self.changes: list[Change] = []
        self.class_map: dict[str, str] = {}  # old class name -> new
        self.field_map: dict[tuple[str, str], str] = {}  # (old class, old field) -> new
        self.added_classes: set[str] = set()
        self.old_flags, self.new_flags = flag_table(old), flag_table(new)

    def add(self, kind: str, subject: str, message: str, loc: Loc, *, at_ref: bool = False,
            breaking: bool = False, cache_key: bool = False, declared: str = "") -> None:
        self.changes.append(Change(kind, subject, message, loc, at_ref, breaking, cache_key,
                                   declared))

    def users(self, name: str, res: Resolved) -> str:
        """' (used by C.f, ...)' for the fields whose type mentions `name`."""
        used = [f"{c.name}.{f.name}" for c in res.schema.classes for f in c.fields
                if any(n.kind == TypeKind.NAMED and n.name == name
                       for n in res.expand(f.type).walk())]
        return f" (used by {', '.join(used)})" if used else ""

    # project, enums, aliases, runtime types

    def project(self) -> None:
        o, n = self.old.schema, self.new.schema
        project_file = "schema/project.yaml"
        loc = Loc(project_file if project_file in n.files or not n.files else n.files[0], 1, 1)
        if o.package != n.package and o.files:
            self.add("package-renamed", n.package, f"package {o.package} is now {n.package}: "
                     "every import path changes", loc, breaking=True)
        if o.version != n.version and o.files:
            self.add("schema-version-changed", str(n.version),
                     f"schema_version {o.version} -> {n.version}: every cache key changes",
                     loc, cache_key=True)

    def enums(self) -> None:
        old, new = self.old.enums, self.new.enums
        for name, e in old.items():
            if name not in new:
                self.add("enum-removed", name, f"enum {name} was removed"
                         f"{self.users(name, self.old)}", e.loc, at_ref=True, breaking=True)
        for name, e in new.items():
            if name not in old:
                self.add("enum-added", name, f"enum {name} was added", e.loc)
                continue
            oe = old[name]
            if oe.base != e.base:
                self.add("enum-base-changed", name, f"enum {name}: base {oe.base} -> {e.base}",
                         e.loc, breaking=True)
            omembers = {mem.name: mem for mem in oe.members}
            nmembers = {mem.name: mem for mem in e.members}
            for mname, mem in omembers.items():
                if mname not in nmembers:
                    self.add("enum-member-removed", f"{name}.{mname}",
                             f"member {name}.{mname} was removed: configs and flags naming it "
                             "now fail", mem.loc, at_ref=True, breaking=True)
                elif _norm(mem.value) != _norm(nmembers[mname].value):
                    self.add("enum-value-changed", f"{name}.{mname}",
                             f"member {name}.{mname}: value {mem.value!r} -> "
                             f"{nmembers[mname].value!r}", nmembers[mname].loc, breaking=True)
            for mname, mem in nmembers.items():
                if mname not in omembers:
                    self.add("enum-member-added", f"{name}.{mname}",
                             f"member {name}.{mname} was added", mem.loc)

    def aliases(self) -> None:
        old, new = self.old.aliases, self.new.aliases
        for name, a in old.items():
            if name not in new:
                self.add("alias-removed", name, f"type alias {name} was removed"
                         f"{self.users(name, self.old)}", a.loc, at_ref=True, breaking=True)
        for name, a in new.items():
            if name not in old:
                self.add("alias-added", name, f"type alias {name} was added", a.loc)
            else:
                self.type_change(name, f"type alias {name}", old[name].type, a.type, a.loc,
                                 self.users(name, self.new))
        for name, r in self.old.runtime_types.items():
            nr = self.new.runtime_types.get(name)
            if nr is None:
                self.add("runtime-type-removed", name, f"runtime type {name} was removed"
                         f"{self.users(name, self.old)}", r.loc, at_ref=True, breaking=True)
            elif nr.import_path != r.import_path:
                self.add("runtime-type-changed", name, f"runtime type {name}: "
                         f"{r.import_path} -> {nr.import_path}", nr.loc)
        for name, r in self.new.runtime_types.items():
            if name not in self.old.runtime_types:
                self.add("runtime-type-added", name, f"runtime type {name} was added", r.loc)

    def type_change(self, subject: str, what: str, ot: TypeExpr, nt: TypeExpr, loc: Loc,
                    note: str = "", cache_key: bool = False) -> bool:
        """Report a changed type (choices removed/added, widened or narrowed); True if any."""
        oe, ne = _renamed(self.old.expand(ot), self.class_map), self.new.expand(nt)
        if _tkey(oe) == _tkey(ne):
            return False
        oc, nc = _choices(oe), _choices(ne)
        if oc is not None and nc is not None:
            # by (type, value): a Literal may mix ints and strings, which do not compare
            removed = [v for _, v in sorted(oc[0] - nc[0])]
            added = [v for _, v in sorted(nc[0] - oc[0])]
            removed_text = ", ".join(repr(v) for v in removed)
            if removed:
                self.add("choices-removed", subject, f"{what} no longer accepts "
                         f"{removed_text}{note}", loc, breaking=True, cache_key=cache_key)
            if added:
                self.add("choices-added", subject, f"{what} now also accepts "
                         f"{', '.join(repr(v) for v in added)}{note}", loc, cache_key=cache_key)
            if oc[1] != nc[1]:
                self.add("type-changed", subject, f"{what} {'no longer' if oc[1] else 'now'} "
                         f"accepts None{note}", loc, breaking=oc[1], cache_key=cache_key)
            return True
        widened = _accepts(ne, oe)
        verdict = ("accepts all it accepted before" if widened
                   else "values valid before may now be rejected")
        self.add("type-changed", subject, f"{what}: type {ot.source()} -> {nt.source()} "
                 f"({verdict}){note}", loc, breaking=not widened, cache_key=cache_key)
        return True

    # classes and fields

    def classes(self) -> list[tuple[m.ClassDef, m.ClassDef]]:
        old, new = self.old.classes, self.new.classes
        pairs = []
        for name, c in new.items():
            if name in old:
                pairs.append((old[name], c))
            elif c.renamed_from in old and c.renamed_from not in new:
                oc = old[c.renamed_from]
                pairs.append((oc, c))
                self.add("class-renamed", c.renamed_from, f"class {c.renamed_from} is now "
                         f"{name}: imports of the old name fail", c.loc, breaking=True,
                         declared="renamed_from", cache_key=True)
            else:
                self.added_classes.add(name)
                self.add("class-added", name, f"class {name} was added"
                         + (" (its flags with it)" if any(v[0].split(".")[0] == name
                            for v in self.new_flags.values()) else ""), c.loc)
        paired = {oc.name for oc, _ in pairs}
        for name, c in old.items():
            if name not in paired:
                self.add("class-removed", name, f"class {name} was removed", c.loc,
                         at_ref=True, breaking=True)
        for oc, c in pairs:
            self.class_map[oc.name] = c.name
            if oc.module != c.module:
                pkg = self.new.schema.package
                self.add("class-moved", c.name, f"class {c.name} moved from {pkg}.{oc.module} "
                         f"to {pkg}.{c.module}", c.loc, breaking=True)
        return pairs

    def fields(self, oc: m.ClassDef, c: m.ClassDef) -> None:
        old_by_name = {f.name: f for f in oc.fields}
        new_by_name = {f.name: f for f in c.fields}
        pairs = []
        for f in c.fields:
            of = old_by_name.get(f.name)
            if of is None and f.renamed_from in old_by_name and f.renamed_from not in new_by_name:
                of = old_by_name[f.renamed_from]
                self.add("field-renamed", f"{c.name}.{of.name}",
                         f"field {c.name}.{of.name} is now {f.name}: keyword arguments and "
                         "config keys using the old name fail"
                         + (" (and its cache-key factor is renamed)" if _included(f) else ""),
                         f.loc, breaking=True, declared="renamed_from",
                         cache_key=_included(of) or _included(f))
            if of is None:
                required = f.default.kind == "required" and f.kind != "classvar" and f.init
                self.add("field-added", f"{c.name}.{f.name}",
                         f"field {c.name}.{f.name} was added"
                         + (" without a default: existing constructions fail" if required else "")
                         + (" (included in the cache key)" if _included(f) else ""),
                         f.loc, breaking=required, cache_key=_included(f))
                continue
            pairs.append((of, f))
            self.field_map[(oc.name, of.name)] = f.name
        paired = {of.name for of, _ in pairs}
        for of in oc.fields:
            if of.name not in paired:
                self.add("field-removed", f"{c.name}.{of.name}",
                         f"field {c.name}.{of.name} was removed"
                         + (" (it was in the cache key)" if _included(of) else ""),
                         of.loc, at_ref=True, breaking=True, cache_key=_included(of))
        for of, f in pairs:
            self.field(c, of, f)
        self.hash_extras(oc, c)

    def field(self, c: m.ClassDef, of: m.FieldDef, f: m.FieldDef) -> None:
        subject, what = f"{c.name}.{f.name}", f"field {c.name}.{f.name}"
        included = _included(f)
        if of.kind != f.kind:
            self.add("field-kind-changed", subject, f"{what}: kind {of.kind} -> {f.kind}",
                     f.loc, breaking=True, cache_key=_included(of) != included)
        if of.init != f.init:
            self.add("field-init-changed", subject, f"{what} is "
                     f"{'no longer' if of.init else 'now'} a constructor argument", f.loc,
                     breaking=of.init)
        # hash rule
        if _included(of) != included and of.kind == f.kind == "field":
            reason = f" ({f.hash.reason})" if f.hash and f.hash.reason else ""
            self.add("hash-rule-changed", subject, f"{what} is "
                     f"{'now' if included else 'no longer'} part of the cache key{reason}",
                     f.hash.loc if f.hash else f.loc, cache_key=True)
        # default
        if _default_key(of.default) != _default_key(f.default):
            now_required = (f.default.kind == "required" and of.default.kind != "required"
                            and f.kind != "classvar" and f.init)
            self.add("field-now-required" if now_required else "default-changed", subject,
                     f"{what}: default {default_text(of, self.old)} -> "
                     f"{default_text(f, self.new)}"
                     + (" (in the cache key: default configs hash differently)"
                        if included else ""),
                     f.default.loc, breaking=now_required, cache_key=included)
        # type, and the cache-key encoding that follows from it
        encoding_moved = included and _included(of) and (
            hash_expr(of.type, "v", self.old) != hash_expr(f.type, "v", self.new)
            or _enums_in(of.type, self.old) != _enums_in(f.type, self.new))
        reported = False
        if _tkey(of.type) != _tkey(f.type):
            reported = self.type_change(subject, what, of.type, f.type, f.type_loc,
                                        cache_key=encoding_moved)
        if encoding_moved and not reported:
            self.add("hash-encoding-changed", subject, f"{what}: its cache-key encoding "
                     "changed (a type it uses changed)", f.type_loc, cache_key=True)
        # constraints
        ocons = dict(of.constraints) | {f"items.{k}": v for k, v in of.item_constraints}
        ncons = dict(f.constraints) | {f"items.{k}": v for k, v in f.item_constraints}
        for name in sorted(set(ocons) | set(ncons)):
            ob, nb = ocons.get(name), ncons.get(name)
            if ob == nb and type(ob) is type(nb):
                continue
            if nb is None:
                tighter = False
            elif ob is None or name.removeprefix("items.") not in _TIGHTER:
                tighter = True
            else:
                tighter = (nb - ob) * _TIGHTER[name.removeprefix("items.")] > 0
            self.add("constraint-changed", f"{subject}.{name}",
                     f"{what}: {name} {ob!r} -> {nb!r}"
                     + (" (values valid before may now be rejected)" if tighter else ""),
                     f.loc, breaking=tighter)
        # validators
        ov = [_validator_key(v) for v in of.validators]
        nv = [_validator_key(v) for v in f.validators]
        if ov != nv:
            lost = [v[0] if v[0] != "hook" else v[2] for v in ov  # a dropped check
                    if v not in nv and v[0] != "require"]                # accepts more
            rejects = [v for v in nv if v not in ov and v[0] in ("reject", "require")]
            self.add("validators-changed", subject, f"{what}: validation steps changed"
                     + (f" (dropped: {', '.join(lost)})" if lost else "")
                     + (" (new values rejected)" if rejects else ""),
                     f.validators[0].loc if f.validators else f.loc,
                     breaking=bool(lost or rejects))
        if (of.deprecation is None) != (f.deprecation is None):
            self.add("field-deprecated" if f.deprecation else "field-undeprecated", subject,
                     f"{what} is {'now' if f.deprecation else 'no longer'} deprecated",
                     f.deprecation.loc if f.deprecation else f.loc)

    def hash_extras(self, oc: m.ClassDef, c: m.ClassDef) -> None:
        old = {e.name: e for e in oc.hash_extra}
        new = {e.name: e for e in c.hash_extra}
        for name, e in old.items():
            if name not in new:
                self.add("hash-factor-removed", f"{c.name}.{name}", f"cache-key factor "
                         f"{c.name}.{name} was removed", e.loc, at_ref=True, cache_key=True)
        for name, e in new.items():
            oe = old.get(name)
            if oe is None:
                self.add("hash-factor-added", f"{c.name}.{name}", f"cache-key factor "
                         f"{c.name}.{name} was added", e.loc, cache_key=True)
            elif (oe.path, oe.hook, _shape(oe.expr)) != (e.path, e.hook, _shape(e.expr)):
                self.add("hash-factor-changed", f"{c.name}.{name}", f"cache-key factor "
                         f"{c.name}.{name}: {oe.source} -> {e.source}",
                         e.loc, cache_key=True)

    # declared behaviour: rules, derived and environment defaults, resolution steps

    def behaviour(self, oc: m.ClassDef, c: m.ClassDef) -> None:
        old_rules, new_rules = _rules(oc), _rules(c)
        unmatched_old = [r for r in old_rules if _rule_key(r) not in
                         {_rule_key(n) for n in new_rules}]
        for r in new_rules:
            if _rule_key(r) in {_rule_key(o) for o in old_rules}:
                continue
            before = next((o for o in unmatched_old if o.message == r.message), None)
            text = _rule_text(r)
            if before is not None:
                unmatched_old.remove(before)
                self.add("rule-changed", f"{c.name}.{_rule_id(before)}",
                         f"rule of {c.name} changed: {_rule_text(before)} -> {text} (configs "
                         "valid before may now be rejected)", r.loc, breaking=True)
            else:
                self.add("rule-added", f"{c.name}.{_rule_id(r)}", f"rule added to {c.name}: "
                         f"{text} (configs valid before may now be rejected)", r.loc,
                         breaking=True)
        for r in unmatched_old:
            self.add("rule-removed", f"{c.name}.{_rule_id(r)}", f"rule removed from "
                     f"{c.name}: {_rule_text(r)}", r.loc, at_ref=True)
        for f in c.fields:
            of = oc.field(self.translate_field(oc.name, f.name))
            if of is None:
                continue
            old_how, new_how = _default_how(of), _default_how(f)
            if old_how[0] != new_how[0]:
                self.add("derived-default-changed", f"{c.name}.{f.name}",
                         f"field {c.name}.{f.name}: default {old_how[1] or 'plain'} -> "
                         f"{new_how[1] or 'plain'}"
                         + (" (in the cache key)" if _included(f) else ""),
                         f.loc, cache_key=_included(f))
        old_steps = [_step_key(s) for s in oc.resolve] + [_table_key(t) for t in oc.tables]
        new_steps = [_step_key(s) for s in c.resolve] + [_table_key(t) for t in c.tables]
        if [k for k in old_steps if k[0] != "check"] != [k for k in new_steps
                                                        if k[0] != "check"]:
            loc = c.resolve[0].loc if c.resolve else c.loc
            self.add("resolution-changed", c.name, f"the after-construction steps or tables "
                     f"of {c.name} changed: resolved values (and so cache keys) may differ",
                     loc, cache_key=True)

    def translate_field(self, old_class: str, new_field: str) -> str:
        """The old name of a field of the new schema (renames declared with renamed_from)."""
        for (cls, old), new in self.field_map.items():
            if cls == old_class and new == new_field:
                return old
        return new_field

    # flags

    def flags(self) -> None:
        old, new = self.old_flags, self.new_flags
        for flag, (owner, loc, role) in sorted(old.items()):
            if flag not in new:
                now = self.translate(owner)
                hint = ""
                if now and "." in now:
                    spec = derived_cli(self.new.classes[now.split(".")[0]],
                                       self.new.classes[now.split(".")[0]].field(
                                           now.split(".")[1]))
                    if spec is not None:
                        hint = (f"; {now} now takes {spec.flag} (keep the old spelling with "
                                f"`cli: {{aliases: [{flag}]}}`)")
                self.add("flag-removed", flag, f"{role} {flag} of {owner} was removed{hint}",
                         loc, at_ref=True, breaking=True)
                continue
            new_owner, now = new[flag][0], self.translate(owner)
            if new_owner != now:
                # Within one class, with the old field gone, this is most likely a rename.
                moved = not now and (self.class_map.get(owner.split(".")[0])
                                     == new_owner.split(".")[0])
                self.add("flag-retargeted", flag, f"{flag} now sets {new_owner} instead of "
                         f"{owner}" + (" (a rename? declare it with `renamed_from:`)"
                                       if moved else ""), new[flag][1], breaking=not moved)
        for flag, (owner, loc, role) in sorted(new.items()):
            if flag not in old and owner.split(".")[0] not in self.added_classes:
                self.add("flag-added", flag, f"{role} {flag} of {owner} was added", loc)

    def translate(self, owner: str) -> str:
        """An old flag owner's name in the new schema ('' if it is gone)."""
        cls, _, fname = owner.partition(".")
        new_cls = self.class_map.get(cls, "")
        if not fname or not new_cls:
            return new_cls
        new_field = self.field_map.get((cls, fname), "")
        return f"{new_cls}.{new_field}" if new_field else ""


def _rules(c: m.ClassDef) -> list[m.Rule]:
    """Error rules of a class: its `rules` and the `require` steps of `resolve`."""
    rules = [*c.rules, *(s.rule for s in c.resolve if s.kind == "check")]
    return [r for r in rules if r.level == "error" and r.require is not None]


def _rule_key(r: m.Rule) -> tuple[str, str]:
    """A rule's identity: the structure of its condition and requirement (not spacing)."""
    return (r.when.shape if r.when else "", r.require.shape if r.require else "")


def _rule_id(r: m.Rule) -> str:
    import hashlib

    return "rule-" + hashlib.sha256(repr(_rule_key(r)).encode()).hexdigest()[:8]


def _rule_text(r: m.Rule) -> str:
    when = f"when {r.when.display}: " if r.when else ""
    return f"{when}require {r.require.display}"


def _default_how(f: m.FieldDef) -> tuple[str, str]:
    """(identity, text) of how a field's default is computed beyond its literal."""
    if f.derive is not None:
        return f.derive.shape, f"derived: {f.derive.display}"
    if f.env:
        return f"env {f.env}", f"${f.env}"
    return "", ""


def _shape(e: object) -> str:
    return e.shape if e is not None else ""


def _step_key(s: m.Step) -> tuple:
    return (s.kind, s.target, _shape(s.value), _shape(s.when), s.table, s.hook)


def _table_key(t: m.DefaultsTable) -> tuple:
    rows = tuple((member, tuple((e.target, e.value.shape if hasattr(e.value, "shape")
                                 else repr(e.value)) for e in entries))
                 for member, entries in t.rows)
    return ("table", t.name, t.key.shape, rows)


def flag_table(res: Resolved) -> dict[str, tuple[str, Loc, str]]:
    """Every command-line spelling -> (owner, location, role): a flag's identity is its
    spelling, read from the same FlagSpecs the parser and the CLI page are built from."""
    table: dict[str, tuple[str, Loc, str]] = {}
    for fl in res.flags.flags:
        for flag, role in fl.spellings():
            table.setdefault(flag, (fl.target, fl.loc, role))
    return table


def compare(old: Resolved, new: Resolved) -> list[Change]:
    """Every change from `old` to `new`, sorted by location, waivers not yet applied."""
    d = _Differ(old, new)
    pairs = d.classes()  # first: later steps translate renamed class names
    d.project()
    d.enums()
    d.aliases()
    for oc, c in pairs:
        d.fields(oc, c)
        d.behaviour(oc, c)
    d.flags()
    return sorted(d.changes, key=lambda ch: (ch.loc, ch.id))


def apply_breaking_ok(changes: list[Change], waivers: tuple[m.BreakingOk, ...]
                      ) -> tuple[list[Change], list[m.BreakingOk]]:
    """Mark changes named in project.breaking_ok as declared; also return unused entries."""
    by_id = {w.change: w for w in waivers}
    used: set[str] = set()
    out = []
    for ch in changes:
        w = by_id.get(ch.id)
        if w is not None:
            used.add(w.change)
            if ch.breaking and not ch.declared:
                ch = replace(ch, declared=f"breaking_ok: {w.reason}")
        out.append(ch)
    return out, [w for w in waivers if w.change not in used]


def cache_key_classes(changes: list[Change], new: Resolved) -> list[str]:
    """Classes whose cache key moves: those changed directly, plus every class that
    hashes one of them (nested configs are hashed by their own key)."""
    if any(ch.kind == "schema-version-changed" and ch.cache_key for ch in changes):
        return sorted(new.classes)
    direct = set()
    for ch in changes:
        if ch.cache_key:
            cls = ch.subject.split(".")[0]
            direct.add(cls if cls in new.classes else "")
    direct.discard("")
    parents: dict[str, set[str]] = {}
    for c in new.schema.classes:
        for f in c.hashed_fields:
            for n in new.expand(f.type).walk():
                if n.kind == TypeKind.NAMED and n.name in new.classes:
                    parents.setdefault(n.name, set()).add(c.name)
    todo, seen = list(direct), set(direct)
    while todo:
        for p in parents.get(todo.pop(), ()):
            if p not in seen:
                seen.add(p)
                todo.append(p)
    return sorted(seen)


# --- output ------------------------------------------------------------------------------

def _verdict(ch: Change) -> str:
    if ch.fails:
        return "error"
    if ch.breaking:
        return "declared"
    return "note"


def render_human(ref: str, changes: list[Change], unused: list[m.BreakingOk],
                 keyed: list[str]) -> str:
    lines = []
    for ch in changes:
        where = f" (at {ref})" if ch.at_ref else ""
        tags = " [cache key]" if ch.cache_key else ""
        declared = f" (declared: {ch.declared})" if ch.breaking and ch.declared else ""
        lines.append(f"{ch.loc}: {_verdict(ch)}: {ch.message}{where}{declared}{tags} "
                     f"[{ch.id}]")
    for w in unused:
        lines.append(f"{w.loc}: note: breaking_ok entry {w.change!r} matches no change "
                     f"against {ref}; drop it once every branch has the change")
    failing = sum(ch.fails for ch in changes)
    declared = sum(ch.breaking and not ch.fails for ch in changes)
    if not changes:
        lines.append(f"cfgc diff against {ref}: no schema changes")
        return "\n".join(lines) + "\n"
    keyed_text = f" ({', '.join(keyed)})" if keyed else ""
    lines.append(
        f"cfgc diff against {ref}: {failing + declared} breaking ({declared} declared), "
        f"{sum(ch.cache_key for ch in changes)} changing cache keys{keyed_text}, "
        f"{sum(not ch.breaking and not ch.cache_key for ch in changes)} other")
    if failing:
        lines.append("cfgc: breaking changes; if intended, declare them: a rename with "
                     "`renamed_from:`, anything else under `project.breaking_ok` as "
                     "`<id>: <reason>` (docs/guide/evolution.md)")
    return "\n".join(lines) + "\n"


def render_json(ref: str, changes: list[Change], unused: list[m.BreakingOk],
                keyed: list[str]) -> str:
    doc = {
        "against": ref,
        "breaking": sum(ch.breaking for ch in changes),
        "undeclared_breaking": sum(ch.fails for ch in changes),
        "cache_key_classes": keyed,
        "changes": [
            {"id": ch.id, "kind": ch.kind, "subject": ch.subject, "message": ch.message,
             "file": ch.loc.file, "line": ch.loc.line, "col": ch.loc.col,
             "at_ref": ch.at_ref, "breaking": ch.breaking, "declared": ch.declared or None,
             "cache_key": ch.cache_key}
            for ch in changes
        ],
        "unused_breaking_ok": [
            {"id": w.change, "file": w.loc.file, "line": w.loc.line, "col": w.loc.col}
            for w in unused
        ],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def run(root: Path, ref: str, fmt: str, new: Resolved) -> int:
    """The `cfgc diff` command on an already-loaded working tree: 0 no undeclared
    breaking change, 1 some, 2 the ref cannot be read or compiled."""
    try:
        old = load_ref(root, ref)
    except RefError as exc:
        print(f"cfgc diff: {exc}", file=sys.stderr)
        return 2
    changes, unused = apply_breaking_ok(compare(old, new), new.schema.breaking_ok)
    keyed = cache_key_classes(changes, new)
    render = render_json if fmt == "json" else render_human
    sys.stdout.write(render(ref, changes, unused, keyed))
    return 1 if any(ch.fails for ch in changes) else 0
