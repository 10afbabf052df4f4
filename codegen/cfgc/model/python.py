"""How model values are spelled in Python: types, literals, defaults and the hash
encodings of schema fields (the front end's compiled behaviour and the backends share
these spellings)."""

from __future__ import annotations

import json
import math

from . import schema as m
from .resolved import Resolved, value_problem
from .types import TypeExpr


def py_literal(value: object) -> str:
    """Python source for plain data, strings in double quotes (as ruff formats them)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(py_literal(v) for v in value) + "]"
    if isinstance(value, tuple):
        trailing = "," if len(value) == 1 else ""
        return "(" + ", ".join(py_literal(v) for v in value) + trailing + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{py_literal(k)}: {py_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float) and not math.isfinite(value):
        return f'float("{value}")'  # YAML .inf / -.inf / .nan; repr() is not source
    return repr(value)


def type_source(t: TypeExpr, indent: int = 0) -> str:
    """Type source with double-quoted literals, long Literal[...] split one value a line."""
    text = _src(t)
    if len(text) + indent <= 88 or t.kind not in ("literal", "union"):
        return text
    if t.kind == "literal":
        pad = " " * (indent + 4)
        body = "".join(f"{pad}{py_literal(v)},\n" for v in t.values)
        return "Literal[\n" + body + " " * indent + "]"
    return text


def _src(t: TypeExpr, int_name: str = "int") -> str:
    if t.kind == "literal":
        return "Literal[" + ", ".join(py_literal(v) for v in t.values) + "]"
    if t.kind == "union":
        return " | ".join(_src(a, int_name) for a in t.args)
    if t.kind == "container":
        inner = ", ".join(_src(a, int_name) for a in t.args) + (", ..." if t.variadic else "")
        return f"{t.name}[{inner}]"
    return int_name if t.kind == "scalar" and t.name == "int" else t.source()


def annotation(f: m.FieldDef) -> str:
    # Fields take strict integers (no bools, "1_0" or beyond int64): _v.Int
    text = _src(f.type, "_v.Int" if f.kind != "classvar" else "int")
    if f.kind == "classvar":
        return f"ClassVar[{text}]"
    if f.kind == "initvar":
        return f"InitVar[{text}]"
    return text


def literal(value: object, t: TypeExpr | None, res: Resolved) -> str:
    """A default value as Python source; enum members by name, and the YAML lists of
    tuple and set fields as tuples and sets (YAML itself only has lists)."""
    if t is not None and isinstance(value, str):
        base = res.expand(t)
        for node in base.walk():
            if node.kind == "named" and node.name in res.enums:
                if value in {mem.name for mem in res.enums[node.name].members}:
                    return f"{node.name}.{value}"
    if t is not None and isinstance(value, list | dict):
        base = res.expand(t)
        for arm in base.args if base.kind == "union" else (base,):
            if arm.kind == "container" and not value_problem(arm, value, res):
                return _container_literal(value, arm, res)
    return py_literal(value)


def _container_literal(value: list | dict, t: TypeExpr, res: Resolved) -> str:
    if isinstance(value, dict):
        k, v = t.args
        return "{" + ", ".join(f"{literal(key, k, res)}: {literal(val, v, res)}"
                               for key, val in value.items()) + "}"
    fixed = t.name == "tuple" and not t.variadic
    items = [literal(v, t.args[i] if fixed else t.args[0], res) for i, v in enumerate(value)]
    if t.name == "tuple":
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if t.name == "set":
        return "{" + ", ".join(items) + "}" if items else "set()"
    return "[" + ", ".join(items) + "]"


def default_text(f: m.FieldDef, res: Resolved) -> str:
    """A field's default for readers: the literal, `Class()`, `derived: <expr>`, `unset`
    (filled in after construction) or `required`."""
    d = f.default
    if d.kind == "value":
        return literal(d.value, f.type, res)
    if d.kind == "factory":
        return f"{d.value}()"
    if f.derive is not None:
        return f"derived: {f.derive.display}"
    return d.kind  # unset, required


def field_default(f: m.FieldDef, res: Resolved) -> str:
    """Right-hand side of the field declaration ('' when required and unconstrained)."""
    kwargs: list[str] = []
    d = f.default
    if d.kind == "value":
        src = literal(d.value, f.type, res)
        if src in ("[]", "{}", "set()"):
            kwargs.append(f"default_factory={ {'[]': 'list', '{}': 'dict'}.get(src, 'set')}")
        elif d.is_mutable_literal and not src.startswith("("):  # tuples need no factory
            kwargs.append(f"default_factory=lambda: {src}")
        else:
            kwargs.append(f"default={src}")
    elif d.kind == "factory":
        kwargs.append(f"default_factory={d.value}")
    elif d.kind == "unset":
        kwargs.append("default=None")
    if f.kind == "classvar":
        return literal(d.value, f.type, res) if d.kind == "value" else ""
    if f.kind == "initvar":
        return kwargs[0].split("=", 1)[1] if kwargs and kwargs[0].startswith("default=") else ""
    kwargs.extend(f"{name}={py_literal(value)}" for name, value in f.constraints)
    if not f.init:
        kwargs.append("init=False")
    if not kwargs:
        return ""
    if len(kwargs) == 1 and kwargs[0].startswith("default="):
        return kwargs[0][len("default=") :]
    return f"Field({', '.join(kwargs)})"


def hash_expr(t: TypeExpr, expr: str, res: Resolved, depth: int = 0) -> str:
    """Canonical, type-directed encoding of `expr` of type `t` for the cache key."""
    t = res.expand(t)
    if t.kind == "union":
        rest = t.without_none()
        if t.optional and rest.kind != "union":
            inner = hash_expr(rest, expr, res, depth)
            if rest.kind == "named" and rest.name in res.classes:
                return f"_h.nested({expr})"  # an absent sub-config encodes as None
            if inner == expr or inner.startswith(("_h.enum_name(", "_h.canon(")):
                return inner  # these helpers already map None to None
            return f"None if {expr} is None else {inner}"
        return f"_h.canon({expr})"
    if t.kind in ("literal", "none"):
        return expr
    if t.kind == "scalar":
        return {"float": f"(float({expr}) + 0.0)",  # + 0.0: -0.0 and 0.0 hash equal
                "Path": f"str({expr})", "Any": f"_h.canon({expr})",
                "bytes": f"_h.canon({expr})"}.get(t.name, expr)
    if t.kind == "named":
        if t.name in res.enums:
            return f"_h.enum_name({expr})"
        if t.name in res.classes:
            return f"{expr}.compute_hash()"
        return f"_h.canon({expr})"
    if t.kind == "container":
        var = f"x{depth}"
        if t.name == "dict":
            k, v = f"k{depth}", f"v{depth}"
            ke = hash_expr(t.args[0], k, res, depth + 1)
            ve = hash_expr(t.args[1], v, res, depth + 1)
            key_type = res.expand(t.args[0])
            if key_type.kind == "scalar" and key_type.name == "str":  # unique str keys sort as is
                if ve == v:
                    return f"tuple(sorted({expr}.items()))"
                return f"tuple(sorted([({k}, {ve}) for {k}, {v} in {expr}.items()]))"
            return f"_h.sorted_items(({ke}, {ve}) for {k}, {v} in {expr}.items())"
        if t.name == "tuple" and not t.variadic:
            parts = [hash_expr(a, f"{expr}[{i}]", res, depth + 1) for i, a in enumerate(t.args)]
            return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
        inner = hash_expr(t.args[0], var, res, depth + 1)
        if t.name == "set":
            return f"_h.sorted_tuple({inner} for {var} in {expr})"
        if inner == var:
            return f"tuple({expr})"
        return f"tuple({inner} for {var} in {expr})"
    return f"_h.canon({expr})"


def env_kind(t: TypeExpr, res: Resolved) -> str:
    """How an environment variable's text is read for a field of type `t` ('' if it
    cannot be: only scalars, Literals and their optionals come from the environment)."""
    base = res.expand(t).without_none()
    if base.kind == "scalar" and base.name in ("bool", "int", "float", "str", "Path"):
        return "str" if base.name == "Path" else base.name
    if base.kind == "literal":
        return "literal"
    return ""


def param_source(acc: m.Accessor) -> str:
    """A method's parameters after self/cls, as Python: `, key: "str", default: "Any" = None`."""
    defaults = dict(acc.defaults)
    return "".join(f", {p}: {json.dumps(t)}" + (f" = {defaults[p]}" if p in defaults else "")
                   for p, t in acc.params)


def hook_ref(hook: str) -> str:
    """How generated code names a hook (`_hooks.name`) or a library function
    (`checkpoint.read` -> `_checkpoint.read`, the library imported as `_checkpoint`)."""
    return "_" + hook if m.is_library_call(hook) else "_hooks." + hook
