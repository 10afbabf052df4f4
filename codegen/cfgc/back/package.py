"""The package backend: one module of config classes per schema file, plus types,
utils and __init__ of the generated package."""

from __future__ import annotations

import ast
import json
import pprint
import re
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field

import jinja2

from ..model import schema as m
from ..model.python import (
    _src,
    annotation,
    env_kind,
    field_default,
    hash_expr,
    hook_ref,
    literal,
    param_source,
    py_literal,
    type_source,
)
from ..model.resolved import Resolved
from ..model.types import TypeExpr, parse_type
from . import GENERATED_DIR
from .render import environment, header


@dataclass
class FieldView:
    decl: str
    doc: str


@dataclass
class ValidatorView:
    field: str
    mode: str
    name: str
    params: str
    body: list[str]
    doc: str = ""  # an exposed (public) validator's docstring


@dataclass
class ClassView:
    name: str
    doc: str
    fields: list[FieldView] = field(default_factory=list)
    validators: list[ValidatorView] = field(default_factory=list)
    phase: list[str] = field(default_factory=list)  # the after-construction phase
    post_init_params: str = ""
    factors: list[tuple[str, str]] = field(default_factory=list)
    hash_prefix: str = ""
    hashed: list[tuple[str, str]] = field(default_factory=list)  # compute_hash's factors
    hash_params: str = ""  # compute_hash's keywords after self
    properties: list[AccessorView] = field(default_factory=list)
    methods: list[AccessorView] = field(default_factory=list)


@dataclass
class AccessorView:
    name: str
    doc: str
    returns: str
    params: str  # ", x: int" after self
    body: str  # the returned expression
    kind: str = "method"  # method, staticmethod, classmethod, validator
    statement: str = ""  # the body as one statement (default: return <body>)
    mode: str = ""  # a validator's: after (on the instance) or before (a classmethod)

    @property
    def first(self) -> str:
        """The first parameter: self, cls, or none for a staticmethod."""
        if self.kind == "validator":
            return "cls" if self.mode == "before" else "self"
        return {"method": "self", "classmethod": "cls", "staticmethod": ""}[self.kind]

    @property
    def decorators(self) -> list[str]:
        """The lines above `def`: pydantic's model_validator for a validator (a classmethod
        in before mode, as pydantic wants it), else the binding."""
        if self.kind == "validator":
            return [f'model_validator(mode="{self.mode}")'] + (
                ["classmethod"] if self.mode == "before" else [])
        return [] if self.kind == "method" else [self.kind]


def _field_validators(c: m.ClassDef, f: m.FieldDef, res: Resolved) -> list[ValidatorView]:
    views: list[ValidatorView] = []
    if f.default.kind == "unset":
        views.append(ValidatorView(f.name, "wrap", f"_skip_none_{f.name}", "value: Any, handler",
                                   ["return None if value is None else handler(value)"]))
    before: list[str] = []
    after: list[str] = []
    public: dict[str, m.Validator] = {}  # mode -> its expose step
    compiled = res.behaviour[c.name].validators
    for i, v in enumerate(f.validators):
        if v.name in ("expr", "require"):
            (before if v.mode == "before" else after).extend(compiled.get((f.name, i), []))
        elif v.name == "expose":
            public[v.mode] = v
        elif v.name == "hook":
            if v.mode == "before":
                before.append(f"value = _hooks.{v.hook}(value)")
            elif v.mode == "after":
                after.append(f"value = _hooks.{v.hook}(value)")
            else:
                views.append(ValidatorView(f.name, v.mode, f"_{v.mode}_{f.name}",
                                           "value: Any, handler" if v.mode == "wrap"
                                           else "value: Any",
                                           [f"return _hooks.{v.hook}(value"
                                            f"{', handler' if v.mode == 'wrap' else ''})"]))
        elif v.name == "as_is":
            views.append(ValidatorView(f.name, "plain", f"_plain_{f.name}", "value: Any",
                                       ["return value"]))
        elif v.name == "enum_by_name":
            enum = next(n.name for n in res.expand(f.type).walk()
                        if n.kind == "named" and n.name in res.enums)
            before.append(f"value = _v.enum_by_name(value, {enum})")
        elif v.name == "dict_to_class":
            cls = next(n.name for n in res.expand(f.type).walk()
                       if n.kind == "named" and n.name in res.classes)
            before.append(f"value = _v.dict_to_class(value, {cls})")
        elif v.name == "shorthand":
            before.append(f"value = _v.shorthand(value, {v.arg!r})")
        elif v.name == "reject":
            arg = v.arg
            before.append(f"value = _v.reject(value, {tuple(arg['values'])!r}, "
                          f"{arg['message']!r})")
        else:
            before.append(f"value = _v.{v.name}(value)")
    if f.deprecated_values:
        mapping = {dv.value: dv.replacement for dv in f.deprecated_values}
        notes = {dv.value: dv.message for dv in f.deprecated_values if dv.message}
        before.append(f"value = _v.deprecated_value(value, {mapping!r}, "
                      f"{c.name + '.' + f.name!r}, {notes!r})")
    if f.deprecation is not None:
        d = f.deprecation
        if f.default.kind == "value" and isinstance(f.default.value, bool | None):
            cond = f"value is not {f.default.value!r}"
        elif f.default.kind == "value":
            cond = f"value != {literal(f.default.value, f.type, res)}"
        else:
            cond = "value is not None"
        after.append(f"if {cond}:")
        after.append(f"    warn_deprecated({c.name + '.' + f.name!r}, {d.message!r}, "
                     f"{d.replacement!r})")
    for mode, body in (("before", before), ("after", after)):
        if not body:
            continue
        exposed = public.get(mode)
        view = ValidatorView(f.name, mode, exposed.hook if exposed else f"_{mode}_{f.name}",
                             "value: Any", body + ["return value"],
                             str(exposed.arg) if exposed else "")
        views.insert(0 if mode == "before" else len(views), view)
    return views


def _declaration(f: m.FieldDef, res: Resolved) -> str:
    rhs = field_default(f, res)
    text = annotation(f)
    if f.item_constraints:  # list[int] -> list[Annotated[int, Field(ge=0)]]
        base = res.expand(f.type).without_none()
        inner = base.args[-1] if base.name == "dict" else base.args[0]
        bounds = ", ".join(f"{k}={py_literal(v)}" for k, v in f.item_constraints)
        old = f"{base.name}[{_src(base)}]"
        new_inner = f"Annotated[{_src(inner)}, Field({bounds})]"
        args = ([_src(base.args[0]), new_inner] if base.name == "dict" else [new_inner])
        new = f"{base.name}[{', '.join(args)}{', ...' if base.variadic else ''}]"
        text = text.replace(old, new) if old in text else new + (" | None" if
                                                                 f.type.optional else "")
    if f.env:
        kind = env_kind(f.type, res)
        fallback = literal(f.default.value, f.type, res) if f.default.kind == "value" else "None"
        rhs = (f"Field(default_factory=lambda: _r.env_default({f.env!r}, {kind!r}, "
               f"{fallback}, envs), validate_default=True"
               + "".join(f", {k}={py_literal(v)}" for k, v in f.constraints) + ")")
    decl = f"{f.name}: {text}" + (f" = {rhs}" if rhs else "")
    if f.default.kind == "unset":
        decl += ("  # derived after construction" if f.derive is not None
                 else "  # unset: filled in after construction")
    return decl


def _guarded(guards: list[str], body: str) -> str:
    """An accessor's rules, then `return body`, as the statement the template indents."""
    return "\n        ".join([*guards, f"return {body}"]) if guards else ""


def _method_view(c: m.ClassDef, acc: m.Accessor, compiled, guards: list[str]
                 ) -> AccessorView:
    """An expression method (compiled, after its rules), a hook-backed one (its declared
    parameters passed on; `*args, **kwargs` when none are declared) or an unsupported
    one (raises)."""
    if compiled is not None:
        body, sig = compiled
        statement = _guarded(guards, body)
        if acc.steps and acc.expr is None:  # the steps change the config; nothing to return
            statement = "\n        ".join(guards)
        if acc.kind == "validator":  # pydantic keeps what a validator returns
            body = acc.params[0][0] if acc.mode == "before" else "self"
            statement = _guarded(guards, body)
        return AccessorView(acc.name, acc.doc, acc.returns, sig, body, acc.kind,
                            statement=statement, mode=acc.mode)
    sig = param_source(acc)
    if acc.unsupported:
        msg = f"{c.name}.{acc.name}() is not available in vllm_config: {acc.unsupported}"
        return AccessorView(acc.name, acc.doc, acc.returns, sig, "", acc.kind,
                            f"raise _r.NotSupportedError({msg!r})")
    first = {"method": "self", "classmethod": "cls", "staticmethod": ""}[acc.kind]
    if acc.params or acc.has_params:
        args = ", ".join([first] * bool(first) + [p if p.startswith("*") else p
                                                     for p, _ in acc.params])
    else:
        sig = ", *args: Any, **kwargs: Any"
        args = ", ".join([first] * bool(first) + ["*args", "**kwargs"])
    return AccessorView(acc.name, acc.doc, acc.returns, sig, f"{hook_ref(acc.hook)}({args})",
                        acc.kind)


def class_view(c: m.ClassDef, res: Resolved) -> ClassView:
    view = ClassView(c.name, c.doc)
    for f in c.fields:
        view.fields.append(FieldView(_declaration(f, res), f.doc))
        if f.kind == "field":
            view.validators.extend(_field_validators(c, f, res))
    code = res.behaviour[c.name]
    view.phase = code.phase
    initvars = [f for f in c.fields if f.kind == "initvar"]
    view.post_init_params = "".join(f", {f.name}: {f.type.source()}" for f in initvars)
    compiled_props = {acc.name: src for acc, src in code.properties}
    for acc in c.properties:
        body = compiled_props.get(acc.name, f"{hook_ref(acc.hook)}(self)")
        view.properties.append(AccessorView(
            acc.name, acc.doc, acc.returns, "", body,
            statement=_guarded(code.guards.get(acc.name, []), body)))
    compiled_methods = {acc.name: (src, sig) for acc, src, sig in code.methods}
    for acc in c.methods:
        view.methods.append(_method_view(c, acc, compiled_methods.get(acc.name),
                                         code.guards.get(acc.name, [])))
    factors = []
    for f in c.hashed_fields:
        t = f.type
        if f.default.kind == "unset" and not t.optional:  # None until post-init fills it
            t = TypeExpr("union", args=(t, TypeExpr("none")))
        factors.append((f.name, hash_expr(t, f"self.{f.name}", res)))
    hashed = list(factors)  # what compute_hash reads: the factors, some under a keyword
    for extra in c.hash_extra:
        if extra.expr is not None:
            factor = f"_h.canon({code.hash_extras[extra.name]})"
        elif extra.hook:
            factor = f"_h.canon(_hooks.{extra.hook}(self))"
        else:
            factor = f"_h.canon(_h.path(self, {extra.path!r}))"
        if extra.param:  # compute_hash(param=False) leaves it out; hash_factors keeps it
            view.hash_params += f", {extra.param}: bool = True"
            hashed.append((extra.name, f"({factor} if {extra.param} else None)"))
        else:
            hashed.append((extra.name, factor))
        factors.append((extra.name, factor))
    view.factors = sorted(factors)
    view.hashed = sorted(hashed)
    names = ",".join(name for name, _ in view.factors)
    view.hash_prefix = "b" + json.dumps(f"{c.name}:{names}:")  # names are identifiers
    return view


def _names_used(c: m.ClassDef, res: Resolved) -> set[str]:
    used: set[str] = set()
    for f in c.fields:
        for node in f.type.walk():
            if node.kind == "named":
                used.add(node.name)
        if f.default.kind == "factory" and f.default.value in res.classes:
            used.add(str(f.default.value))
        if f.default.kind == "value":  # enum members, also inside containers and aliases
            lit = literal(f.default.value, f.type, res)
            used.update(n.name for n in res.expand(f.type).walk()
                        if n.kind == "named" and n.name in res.enums and f"{n.name}." in lit)
        for v in f.validators:
            if v.name in ("enum_by_name", "dict_to_class"):
                kinds = res.enums if v.name == "enum_by_name" else res.classes
                used.update(n.name for n in res.expand(f.type).walk()
                            if n.kind == "named" and n.name in kinds)
    used |= res.behaviour[c.name].enums  # enum members named in expressions and tables
    # Names in the annotations of properties and methods (returns and parameters).
    for acc in (*c.properties, *c.methods):
        for text in (acc.returns, *(t for _, t in acc.params)):
            try:
                tree = parse_type(text)
            except Exception:  # noqa: BLE001 - annotation text checked elsewhere
                continue
            used.update(n.name for n in tree.walk()
                        if n.kind == "named" and res.kind_of(n.name) != "")
    return used


def emit_module(module: str, classes: list[m.ClassDef], res: Resolved, source: str,
                module_doc: str, env: jinja2.Environment) -> str:
    local = {c.name for c in classes}
    used: set[str] = set()
    for c in classes:
        used |= _names_used(c, res)
    for k in res.schema.constants:
        if k.module == module and k.expr is not None:
            used |= res.behaviour[f"{module}.{k.name}"].enums
    from_types = sorted(n for n in used if res.kind_of(n) in ("enum", "alias", "runtime"))
    from_modules: dict[str, list[str]] = {}
    for name in sorted(used - local):
        if res.kind_of(name) == "class":
            from_modules.setdefault(res.classes[name].module, []).append(name)
    pkg = res.schema.package
    if from_types:
        from_modules["types"] = from_types
    # Sorted as ruff's isort would: by module, names case-insensitively.
    imports = [
        _import_line(f"{pkg}.{mod}", sorted(from_modules[mod], key=str.lower))
        for mod in sorted(from_modules)
    ]
    views = [class_view(c, res) for c in classes]
    tables = [src for c in classes for *_, src in res.behaviour[c.name].tables]
    constants, imported = _constants(module, res)
    late = _constants(module, res, late=True)[0]  # expressions may build the classes
    code = _code_text(views, tables + late)
    uses = _support_names_used(code)
    if any(k.alias for k in res.schema.constants if k.module == module):
        imports.insert(0, f"from {pkg} import types as _types")
    # The package's own seams (vLLM's modules look them up at call time), placed where
    # ruff's isort puts them: by module, a plain name before an alias of one module.
    seams = [line for name, line in (
        ("envs", f"from {pkg} import envs"),
        ("_platforms", f"from {pkg} import platforms as _platforms"),
        ("current_platform", f"from {pkg}.platforms import current_platform"))
        if name in uses]
    imports = sorted(seams + imports, key=lambda line: line.split()[1])
    modules = [(f"cfgc.runtime.{n}", a) for n, a in (
        ("hashing", "_h"), ("rules", "_r"), ("validators", "_v")) if a == "_h" or a in uses]
    modules += [(path, "_" + path.rsplit(".", 1)[1]) for path in imported]
    modules += [(lib.package, lib.alias) for lib in res.schema.libraries
                if re.search(rf"(?<![\w.]){lib.alias}\.", code)]
    if "_hooks" in uses:
        modules.append((f"{res.schema.hooks_package}.{module}", "_hooks"))
    return env.get_template("config_module.py.jinja").render(
        header=header(source),
        module_doc=module_doc,
        imports=imports,
        classes=views,
        tables=tables,
        uses=uses,
        constants=constants,
        late_constants=late,
        cfgc_imports=_cfgc_imports(modules, "warn_deprecated" in uses),
        package=pkg,
    )


def _alias_source(t: TypeExpr, res: Resolved) -> str:
    """An alias's Python type. A union of Literals (and Literal aliases) is one Literal,
    as vLLM writes `Literal["eagle", MTPModelTypes]`: Python flattens the named ones into
    a single Literal of all their values, so code reading its arguments sees them all."""
    def literal_like(a: TypeExpr) -> bool:
        a = res.expand(a)
        return a.kind == "literal" or (a.kind == "union" and all(map(literal_like, a.args)))

    arms = t.args if t.kind == "union" else ()
    if arms and all(map(literal_like, arms)):
        parts = [py_literal(v) for a in arms if a.kind == "literal" for v in a.values] \
            if all(a.kind == "literal" for a in arms) else [
                ", ".join(py_literal(v) for v in a.values) if a.kind == "literal" else a.name
                for a in arms]
        text = "Literal[" + ", ".join(parts) + "]"
        if len(text) <= 88:
            return text
        return "Literal[\n" + "".join(f"    {p},\n" for p in parts) + "]"
    return type_source(t)


def _cfgc_imports(modules: list[tuple[str, str]], deprecation: bool) -> list[str]:
    """The imports of hand-written code (runtime, hooks, libraries), one module each
    under its alias, sorted as ruff's isort would: by the module imported from."""
    lines = {(path.rsplit(".", 1)[0], path.rsplit(".", 1)[1], alias)
             for path, alias in modules}
    lines.add(("cfgc.runtime.dataclass", "config", ""))
    if deprecation:
        lines.add(("cfgc.runtime.deprecation", "warn_deprecated", ""))
    return [f"from {parent} import {name}" + (f" as {alias}" if alias else "")
            for parent, name, alias in sorted(lines)]


def _one_entry_per_line(source: str) -> str:
    """A dict or list literal with one entry per line (readable for long tables); any
    other expression as it is."""
    tree = ast.parse(source, mode="eval").body
    if isinstance(tree, ast.Dict) and None not in tree.keys:
        items = [f"{ast.unparse(k)}: {ast.unparse(v)}" for k, v in zip(tree.keys, tree.values,
                                                                      strict=True)]
        return "{\n" + "".join(f"    {i},\n" for i in items) + "}"
    if isinstance(tree, ast.List):
        return "[\n" + "".join(f"    {ast.unparse(e)},\n" for e in tree.elts) + "]"
    return source


def _constants(module: str, res: Resolved, late: bool = False) -> tuple[list[str], list[str]]:
    """The module's `constants:` as Python statements (each preceded by its doc as a `#:`
    comment), and the modules (cfgc.runtime.<module>, a library) they re-export functions
    from. `late`: the expression constants, which come after the classes."""
    out: list[str] = []
    runtime: set[str] = set()
    for k in res.schema.constants:
        if k.module != module or (k.expr is not None) != late or k.absent:
            continue
        if k.expr is not None:
            rhs = _one_entry_per_line(res.behaviour[f"{module}.{k.name}"].phase[0])
        elif k.values_of:
            values = res.expand(res.aliases[k.values_of].type).values
            rhs = "(" + ", ".join(repr(v) for v in values) + ("," if len(values) == 1 else "")
            rhs += ")"
        elif k.alias:
            rhs = f"_types.{k.alias}"
        elif k.table:
            cls, table = k.table.split(".")
            rhs = table.upper()
            if k.row:
                enum = next(e for t, e, _ in res.behaviour[cls].tables if t.name == table)
                rhs += f"[{enum}.{k.row}]"
        elif k.import_path:
            mod, attr = k.import_path.rsplit(".", 1)
            runtime.add(mod)
            rhs = f"_{mod.rsplit('.', 1)[1]}.{attr}"
        else:
            # a long literal (a table of rules) one entry a line, in the order written
            rhs = pprint.pformat(k.value, width=92, sort_dicts=False)
        doc = " ".join(k.doc.split())
        out.append(f"#: {doc}\n{k.name} = {rhs}")
    return out, sorted(runtime)


_SUPPORT_NAMES = ("Counter", "InitVar", "_sha256", "Path", "Any", "ClassVar", "Literal", "Field",
                  "Annotated", "field_validator", "model_validator", "_v", "_r", "_log",
                  "_warnings", "_hooks", "warn_deprecated", "_platforms", "current_platform",
                  "envs")


#: Any of them as a name of its own (not an attribute, not part of a longer name): one
#: pass over a module's code finds them all.
_SUPPORT_NAME = re.compile(r"(?<![\w.])(" + "|".join(
    re.escape(n) for n in sorted(_SUPPORT_NAMES, key=len, reverse=True)) + r")\b")


def _support_names_used(text: str) -> set[str]:
    """Which fixed imports the module's code uses, read from the generated code itself
    (`_code_text`), so the module imports exactly what it needs."""
    return set(_SUPPORT_NAME.findall(text))


def _code_text(views: list[ClassView], extra: list[str] = ()) -> str:
    """The module's code, docs left out: declarations, validator bodies, phases, hash
    expressions, accessors, and `extra` (tables, constants)."""
    code: list[str] = list(extra)
    for v in views:
        code += [f.decl for f in v.fields] + [e for _, e in v.factors] + v.phase
        code += [line for val in v.validators for line in (val.params, *val.body)]
        code += [f"{a.returns} {a.params} {a.body} {a.statement} {' '.join(a.decorators)}"
                 for a in (*v.properties, *v.methods)]
        if v.validators:
            code.append("Any")  # validator signatures
        if v.factors:
            code.append("_sha256(")
        if v.validators:
            code.append("field_validator(")
    return "\n".join(code)


def _import_line(module: str, names: list[str]) -> str:
    line = f"from {module} import {', '.join(names)}"
    if len(line) <= 100:
        return line
    body = "".join(f"    {n},\n" for n in names)
    return f"from {module} import (\n{body})"


# `<package>.utils` re-exports these helpers of cfgc.runtime.utils (vLLM's
# vllm.config.utils names); the package itself exports the ones vLLM imports from
# `vllm.config` directly.
UTILS_NAMES = (
    "ConfigType", "Range", "SupportsHash", "SupportsMetricsInfo", "compute_hash_cached",
    "config", "get_attr_docs", "get_field", "get_from_deprecated_env_if_set",
    "get_hash_factors", "getattr_iter", "handle_deprecated", "hash_factors", "is_init_field",
    "normalize_value", "replace", "set_from_deprecated_env_if_set", "update_config",
)
UTILS_TOP_LEVEL = (
    "ConfigType", "SupportsMetricsInfo", "config", "get_attr_docs", "is_init_field",
    "replace", "update_config",
)


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """All generated Python files of the package, by path from the project root."""
    env = environment()
    pkg = res.schema.package
    out: dict[str, str] = {}
    order = res.order
    by_module: dict[str, list[m.ClassDef]] = {}
    for c in order:
        by_module.setdefault(c.module, []).append(c)
    sources = {c.module: c.loc.file for c in res.schema.classes}
    for module, classes in sorted(by_module.items()):
        doc = textwrap.shorten(
            "Config classes: " + ", ".join(c.name for c in classes) + ".", 300
        )
        out[f"{pkg}/{module}.py"] = emit_module(module, classes, res, sources[module], doc, env)
    out[f"{pkg}/types.py"] = env.get_template("types.py.jinja").render(
        header=header("schema/ (enums, aliases, runtime_types)"),
        enums=res.schema.enums,
        aliases=res.alias_order,  # each after the aliases it names
        alias_sources={a.name: _alias_source(a.type, res) for a in res.alias_order},
        runtime_types=res.schema.runtime_types,
        enum_props={e.name: res.behaviour[e.name].properties for e in res.schema.enums},
        enum_methods={e.name: res.behaviour[e.name].methods for e in res.schema.enums},
        enum_truth={e.name: res.behaviour[e.name].phase for e in res.schema.enums},
    )
    out[f"{pkg}/utils.py"] = env.get_template("utils.py.jinja").render(
        header=header("schema/ (names from cfgc.runtime.utils)"), names=UTILS_NAMES
    )
    exports = sorted(
        [(c.name, c.module) for c in res.schema.classes]
        + [(n, "types") for n in (*res.enums, *res.aliases, *res.runtime_types)]
        + [(n, "utils") for n in UTILS_TOP_LEVEL]
        + [(k.name, k.module) for k in res.schema.constants if k.export]
    )
    schema = res.schema
    release_dirs = {r: f"_releases/{m.release_slug(r)}"
                    for r in schema.releases if r != schema.release}
    out[f"{pkg}/__init__.py"] = env.get_template("init.py.jinja").render(
        header=header("schema/"), package=pkg, version=schema.version, exports=exports,
        prog=schema.command,
        release=schema.release, releases=repr(schema.releases),
        # only the default release's package selects another
        release_dirs=repr(release_dirs) if schema.release == schema.default_release
        and release_dirs else "",
    )
    return {f"{GENERATED_DIR}/{rel}": content for rel, content in out.items()}

