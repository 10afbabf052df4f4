"""Cross-reference checks over the whole model, and the lookup tables of `Resolved`.

Everything a single YAML node cannot tell us is checked here: type names, defaults
against their types and constraints, hooks, hash paths, flags, import cycles; each
class's declared behaviour is compiled (front/behaviour.py) on the way.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

from ..errors import Collector, Loc, did_you_mean
from ..model import schema as m
from ..model.python import env_kind
from ..model.resolved import (
    HookSig,
    Resolved,
    constraint_problem,
    read_variables,
    value_problem,
)
from ..model.types import TypeExpr
from .behaviour import compile_class, compile_constant, compile_enum
from .deployment import compile_deployment
from .flags import RESERVED_FLAGS, flag_spellings
from .sharing import ClassSharing
from .validators import compile_validators

FACTORY_BUILTINS = ("list", "dict", "set", "Counter")  # Counter: a dict[str, int] tally


def hook_functions(path: Path) -> dict[str, HookSig]:
    """Top-level functions of a hooks module and their signatures, read with `ast`
    (never imported: hooks may import heavy things)."""
    if not path.exists():
        return {}
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            params = len(a.posonlyargs) + len(a.args)
            out[node.name] = HookSig(params, len(a.defaults), a.vararg is not None,
                                     node.lineno)
    return out


def resolve(schema: m.Schema, sharing: ClassSharing | None = None) -> Resolved:
    """The checked schema; `sharing` hands a class the result an earlier release of the
    same compile had for it when everything it reads is the same (front/sharing.py)."""
    errors = Collector()
    tables: dict[str, dict] = {"enums": {}, "aliases": {}, "runtime": {}, "classes": {}}
    seen: dict[str, Loc] = {}
    for group, items in (("enums", schema.enums), ("aliases", schema.aliases),
                         ("runtime", schema.runtime_types), ("classes", schema.classes)):
        for item in items:
            if item.name in seen:
                errors.error(item.loc, f"{item.name!r} is already defined at {seen[item.name]}")
                continue
            seen[item.name] = item.loc
            tables[group][item.name] = item
    hooks_dir = (schema.root or Path(".")) / schema.hooks_path
    hooks = {mod: hook_functions(hooks_dir / f"{mod}.py")
             for mod in {c.module for c in schema.classes}}
    for lib in schema.libraries:  # a library's API: the functions of its __init__.py
        if lib.name in hooks:
            errors.error(lib.loc, f"library {lib.name!r} is named like a schema module")
        hooks[lib.name] = {f"{lib.name}.{name}": sig for name, sig in hook_functions(
            (schema.root or Path(".")) / lib.path / "__init__.py").items()
            if not name.startswith("_")}
    res = Resolved(schema, tables["enums"], tables["aliases"], tables["runtime"],
                   tables["classes"], hooks)
    known = sorted(seen) + list(("bool", "int", "float", "str", "Path", "Any", "list", "dict"))

    for enum in schema.enums:
        names = [mem.name for mem in enum.members]
        for mem in enum.members:
            if names.count(mem.name) > 1:
                errors.error(mem.loc, f"duplicate member {mem.name} in enum {enum.name}")
    for alias in schema.aliases:
        _check_type_names(alias.type, alias.loc, f"alias {alias.name}", res, known, errors)
    for enum in schema.enums:
        res.behaviour[enum.name] = compile_enum(enum, res, errors)

    for c in schema.classes:
        if sharing is None:
            _check_class(c, res, known, errors)
            continue
        done = sharing.recall(c, res)
        if done is not None:
            res.behaviour[c.name] = done
            continue
        before = len(errors.diagnostics)
        _check_class(c, res, known, errors)
        if len(errors.diagnostics) == before:
            sharing.keep(c, res, res.behaviour[c.name])
    _check_flags(res, errors)
    _check_cycles(res, errors)
    _check_constants(res, errors)
    _check_environment(res, errors)
    errors.raise_if_any()
    ks = schema.kernel_set
    if ks is not None and ks.deployment is not None:
        res = replace(res, deployment=compile_deployment(ks.deployment, res, errors))
        errors.raise_if_any()
    return res


def _check_environment(res: Resolved, errors: Collector) -> None:
    """Each `environment:` entry declares a variable the configs read, and a default_env
    names another declared one."""
    read = read_variables(res)
    declared = {v.name for v in res.schema.environment}
    seen: dict[str, Loc] = {}
    for v in res.schema.environment:
        what = f"environment variable {v.name}"
        if v.name in seen:
            errors.error(v.loc, f"{what} is already declared at {seen[v.name]}")
        seen[v.name] = v.loc
        if v.name not in read:
            errors.error(v.loc, f"{what} is declared but no config reads it (a field's env: "
                                f"or env(\"{v.name}\", ...)){did_you_mean(v.name, read)}")
        if v.default_env and v.default_env not in declared:
            errors.error(v.loc, f"{what}: default_env {v.default_env!r} is not a declared "
                                f"variable{did_you_mean(v.default_env, declared)}")


def _check_constants(res: Resolved, errors: Collector) -> None:
    """Each `constants:` entry lives in a module with classes, names what exists, and
    clashes with nothing else of its module or the package's top level."""
    modules = {c.module for c in res.schema.classes}
    names: dict[tuple[str, str], Loc] = {(c.module, c.name): c.loc for c in res.schema.classes}
    top = set(res.enums) | set(res.aliases) | set(res.runtime_types) | set(res.classes)
    for k in res.schema.constants:
        what = f"constant {k.module}.{k.name}"
        if k.module not in modules:
            errors.error(k.loc, f"{what}: module {k.module!r} has no classes (declare it in a "
                                "schema file that has)")
        if (k.module, k.name) in names:
            errors.error(k.loc, f"{what} is already defined at {names[k.module, k.name]}")
        names[k.module, k.name] = k.loc
        if k.export and k.name in top:
            errors.error(k.loc, f"{what} is exported, but the package already has {k.name!r}")
        top.add(k.name) if k.export else None
        if k.values_of and (k.values_of not in res.aliases or res.expand(
                res.aliases[k.values_of].type).kind != "literal"):
            errors.error(k.loc, f"values_of of {what} must name a Literal alias")
        if k.alias and k.alias not in res.aliases and k.alias not in res.runtime_types:
            errors.error(k.loc, f"alias of {what}: unknown alias {k.alias!r}"
                                f"{did_you_mean(k.alias, res.aliases)}")
        if k.table:
            cls, table = k.table.split(".", 1)
            c = res.classes.get(cls)
            found = None if c is None else next((t for t in c.tables if t.name == table), None)
            if found is None:
                errors.error(k.loc, f"table of {what}: no table {k.table!r}")
            elif k.row and k.row not in [member for member, _ in found.rows]:
                errors.error(k.loc, f"row of {what}: table {k.table} has no row {k.row!r}"
                                    f"{did_you_mean(k.row, [r for r, _ in found.rows])}")
            elif c.module != k.module:
                errors.error(k.loc, f"{what} re-exports a table of {cls}: declare it in "
                                    f"{cls}'s module ({c.module})")
        if k.expr is not None:
            res.behaviour[f"{k.module}.{k.name}"] = compile_constant(k, res, errors)
        libraries = [lib.package + "." for lib in res.schema.libraries]
        if k.import_path and not (
                (k.import_path.count(".") == 3 and k.import_path.startswith("cfgc.runtime."))
                or any(k.import_path.startswith(p) and "." not in k.import_path[len(p):]
                       for p in libraries)):
            errors.error(k.loc, f"import of {what} must be cfgc.runtime.<module>.<name> "
                                "(hand-written runtime code) or <library package>.<name>")


def _check_type_names(t: TypeExpr, loc: Loc, what: str, res: Resolved, known, errors) -> bool:
    ok = True
    for node in t.walk():
        if node.kind == "named" and not res.kind_of(node.name):
            hint = did_you_mean(node.name, known)
            errors.error(loc, f"unknown type {node.name!r} in {what}{hint}")
            ok = False
    return ok


def _check_class(c: m.ClassDef, res: Resolved, known, errors: Collector) -> None:
    names = [f.name for f in c.fields]
    hooks = res.hooks.get(c.module, {})
    hook_file = f"{res.schema.hooks_path}/{c.module}.py"
    n_initvars = sum(1 for f in c.fields if f.kind == "initvar")

    def check_hook(name: str, loc: Loc, *counts: int, role: str = "") -> None:
        """The hook (or library function, `lib.name`) exists and accepts one of `counts`
        positional arguments."""
        found, where = hooks, hook_file
        if m.is_library_call(name):
            lib = name.split(".", 1)[0]
            libraries = [x.name for x in res.schema.libraries]
            if lib not in libraries:
                errors.error(loc, f"unknown library {lib!r} in call {name!r}: declare it "
                                  f"under project.libraries{did_you_mean(lib, libraries)}")
                return
            found, where = res.hooks.get(lib, {}), f"the {lib} library's __init__.py"
        sig = found.get(name)
        if sig is None:
            errors.error(loc, f"unknown {'hook' if found is hooks else 'function'} {name!r}: "
                              f"no function of that name in {where}{did_you_mean(name, found)}")
        elif counts and not any(sig.accepts(n) for n in counts):
            want = " or ".join(str(n) for n in dict.fromkeys(counts))
            errors.error(loc, f"hook {name} ({where}:{sig.line}) takes {sig.params} "
                              f"positional argument(s), but as {role} it is called with {want}")

    for f in c.fields:
        what = f"field {c.name}.{f.name}"
        if names.count(f.name) > 1:
            errors.error(f.loc, f"duplicate field {f.name!r} in class {c.name}")
        if not _check_type_names(f.type, f.type_loc, what, res, known, errors):
            continue
        _check_default(c, f, res, errors)
        _check_field_extras(f, what, res, errors)
        for v in f.validators:
            if v.name == "hook":
                check_hook(v.hook, v.loc, 2 if v.mode == "wrap" else 1,
                           role=f"a {v.mode} validator")
            if v.name == "enum_by_name" and not _enum_in(f.type, res):
                errors.error(v.loc, f"enum_by_name needs an enum in the type of {what}")
            if v.name == "dict_to_class" and not _class_in(f.type, res):
                errors.error(v.loc, f"dict_to_class needs a config class in the type of {what}")
        if f.kind == "initvar" and f.default.is_mutable_literal and f.default.value:
            errors.error(f.default.loc, f"{what} is an InitVar: its default must be a "
                                        "scalar or empty (no shared mutable default)")
        if f.kind == "initvar" and f.hash is not None and f.hash.include:
            errors.error(f.hash.loc, f"{what} is an InitVar (not stored) and cannot be hashed")
    for step in c.resolve:
        if step.kind == "hook":
            check_hook(step.hook, step.loc, 1 + n_initvars, 1,
                       role="a resolve step (self[, *initvars])")
    res.behaviour[c.name] = compile_class(c, res, errors)
    compile_validators(c, res, errors, res.behaviour[c.name])
    taken = set(names) | {"compute_hash", "hash_factors"}
    for acc in (*c.properties, *c.methods):
        if acc.hook and acc in c.properties:
            check_hook(acc.hook, acc.loc, 1, role="a property (self)")
        elif acc.hook and acc.has_params:  # the declared parameters are passed on
            first = 0 if acc.kind == "staticmethod" else 1
            fixed = [p for p, _ in acc.params if not p.startswith("*")]
            check_hook(acc.hook, acc.loc, first + len(fixed),
                       role=f"a {acc.kind} ({'self, ' * first}{len(acc.params)} parameters)")
        elif acc.hook:  # a method passes its own arguments on: self is all we can check
            sig = (res.hooks.get(acc.hook.split(".", 1)[0], {}) if m.is_library_call(acc.hook)
                   else hooks).get(acc.hook)
            check_hook(acc.hook, acc.loc, *(range(1, sig.params + 1) if sig else ()),
                       role="a method (self, ...)")
        if acc.name in taken:
            errors.error(acc.loc, f"{acc.name!r} of class {c.name} clashes with a field or "
                                  "another property/method")
        taken.add(acc.name)
    for extra in c.hash_extra:
        if extra.hook:
            check_hook(extra.hook, extra.loc, 1, role="a hash factor (self)")
        elif extra.path:
            head = extra.path.split(".")[0]
            if head not in names:
                errors.error(extra.loc, f"hash path {extra.path!r} starts with unknown field "
                                        f"{head!r}{did_you_mean(head, names)}")
        for read in extra.reads:
            if read not in names:
                errors.error(extra.loc, f"hash factor {extra.name!r} reads unknown field "
                                        f"{read!r}{did_you_mean(read, names)}")
        stored = {f.name for f in c.fields if f.kind == "field"}
        if extra.name in stored:  # init-only vars are not stored, so they cannot clash
            errors.error(extra.loc, f"hash factor {extra.name!r} clashes with a field name")


def _check_field_extras(f: m.FieldDef, what: str, res: Resolved, errors: Collector) -> None:
    """env, per-item constraints and deprecated values against the field's type."""
    if f.env and not env_kind(f.type, res):
        errors.error(f.loc, f"{what} reads {f.env} but its type {f.type_text!r} cannot be "
                            "parsed from text (bool, int, float, str, Path or a Literal)")
    base = res.expand(f.type).without_none()
    if f.item_constraints and (base.kind != "container" or (base.name == "tuple"
                                                             and not base.variadic)):
        errors.error(f.loc, f"{what} has 'items' constraints but is not a list, set, "
                            "variadic tuple or dict")
    for dv in f.deprecated_values:
        problem = value_problem(res.expand(f.type), dv.replacement, res)
        if problem:
            errors.error(dv.loc, f"deprecated value {dv.value!r} of {what} is read as "
                                 f"{dv.replacement!r}, which does not fit the type: {problem}")


def _enum_in(t: TypeExpr, res: Resolved) -> bool:
    return any(n.kind == "named" and n.name in res.enums for n in res.expand(t).walk())


def _class_in(t: TypeExpr, res: Resolved) -> bool:
    return any(n.kind == "named" and n.name in res.classes for n in res.expand(t).walk())


def _check_default(c: m.ClassDef, f: m.FieldDef, res: Resolved, errors: Collector) -> None:
    what = f"field {c.name}.{f.name}"
    d = f.default
    if d.kind == "factory":
        name = str(d.value)
        if name not in FACTORY_BUILTINS and name not in res.classes:
            errors.error(d.loc, f"default_factory {name!r} of {what} is not a config class or "
                                f"list/dict/set/Counter{did_you_mean(name, list(res.classes))}")
        return
    if d.kind == "required" and f.kind == "field" and not f.init:
        errors.error(f.loc, f"{what} has init: false and so needs a default")
    if d.kind != "value":
        return
    problem = value_problem(res.expand(f.type), d.value, res)
    if problem:
        errors.error(d.loc, f"default {d.value!r} of {what} does not match type "
                            f"{f.type_text!r}: {problem}")
        return
    for name, bound in f.constraints:
        problem = constraint_problem(name, bound, d.value)
        if problem:
            errors.error(d.loc, f"default {d.value!r} of {what} violates {name}={bound!r}")


def _check_flags(res: Resolved, errors: Collector) -> None:
    claimed: dict[str, tuple[str, Loc]] = {}
    reserved = [(flag, "the generated command itself", Loc("<cfgc>", 0, 0))
                for flag in RESERVED_FLAGS]
    spellings = [(flag, owner, loc) for flag, owner, loc, _ in flag_spellings(res)]
    for flag, owner, loc in reserved + spellings:
        if flag in claimed and claimed[flag][0] != owner:
            other, other_loc = claimed[flag]
            errors.error(loc, f"flag {flag} of {owner} is already claimed by {other} "
                              f"at {other_loc}")
            if other_loc.line:  # either side may be the new one: point at both
                errors.error(other_loc, f"flag {flag} of {other} is also claimed by {owner} "
                                        f"at {loc}")
            continue
        claimed[flag] = (owner, loc)


def _check_cycles(res: Resolved, errors: Collector) -> None:
    module_deps: dict[str, set[str]] = {}
    for c in res.schema.classes:
        for dep in res.class_deps(c):
            dep_mod = res.classes[dep].module
            if dep_mod != c.module:
                module_deps.setdefault(c.module, set()).add(dep_mod)
    state: dict[str, int] = {}

    def visit(mod: str, stack: list[str]) -> None:
        state[mod] = 1
        for dep in sorted(module_deps.get(mod, ())):
            if state.get(dep) == 1:
                cycle = " -> ".join(stack[stack.index(dep):] + [dep]) if dep in stack else dep
                cls = next(c for c in res.schema.classes if c.module == mod)
                errors.error(cls.loc, f"module import cycle: {cycle}")
            elif dep not in state:
                visit(dep, stack + [dep])
        state[mod] = 2

    for mod in sorted(module_deps):
        if mod not in state:
            visit(mod, [mod])
