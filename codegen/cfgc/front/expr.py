"""The schema's expression language: a small, safe subset of Python expressions.

Rules, derived defaults, properties and resolution steps are written as expressions
over a class's fields, e.g. `tensor_parallel_size % decode_context_parallel_size == 0`.
They are parsed with `ast` (never evaluated by the compiler), checked against the
field types at generate time (unknown names get "did you mean", type mismatches a
located error), compiled to plain Python for the generated classes, rendered as text
for the docs, and compared structurally (`Expr.shape`) by `cfgc diff`.

Accepted: names of fields, properties and method parameters; dotted paths into
nested configs (a path through an optional config that is None is None, like `?.`);
enum members `Enum.MEMBER`; literals, tuples, lists and dicts; `+ - * / // %` (`+`
also joins strings and lists, `|` merges dicts); comparisons (chained too), `in`,
`is None`; `and or not`; `x if c else y`; `len min max abs int float str bool`;
`all(... for x in items)` / `any(...)`; list, set and dict comprehensions
(`[x * 2 for x in items if x > 0]`, `{k: v for k, v in d.items()}`, several `for`s, tuple
targets), `sorted set frozenset list tuple zip range sum`; `startswith` / `endswith` /
`lower` / `upper` / `strip` / `isdigit` / `join` on strings, `count` on strings and lists,
`items` / `keys` / `values` on dicts; calls of a config's declared methods (the class's own by
bare name: `update_sizes_for_sequence_parallelism([8, 16])`) and `compute_hash()` of any config;
`env("NAME", default)`; `uuid4()` (a fresh random id), `time_ns()`, `schema_version()`,
`from_flags()` (whether the engine is building the config from command-line flags),
`given("field")` (whether those flags set this class's field), `unused("config.field")`
(whether they gave a flag for that path which had no effect: its optional config was off),
`abspath(p)` (a local path made absolute against the working directory, "~" expanded);
`getattr(obj, "name", default)` (an attribute an object from Python may lack, e.g. of
an engine object or a runtime type);
`isinstance(x, str)` (builtin type names, declared runtime types matched by their type's
module and name without importing them, or a tuple of them); `callable(x)`, `type(x)`;
`split` / `replace` / `isdecimal` on strings; `Config(a=1)`, a nested config built from
keyword arguments. Field validators (front/validators.py) see only `value`. In the
after-construction phase (derive, resolve steps, rules) the class's init vars are names
too (the `__post_init__` parameters).

Narrowing: `x is not None`, `isinstance(x, T)` and `x in ("a", "b")` / `x in Alias`
narrow x's type where they are known to hold (a rule's `when`, `and`, `if`).

None safety: ordering and arithmetic on a value that may be None is an error unless
the expression has ruled None out first (`x is not None and x > 0`, a rule's `when`).
"""

from __future__ import annotations

import ast
import io
import string
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..errors import Collector, Loc, did_you_mean
from ..model import schema as m
from ..model.expr import _ARITH, _ORDER, Expr, _node_loc, parse
from ..model.resolved import Resolved
from ..model.types import TypeExpr, TypeSyntaxError, parse_type
from ..runtime.platforms import PREDICATES

ANY = TypeExpr("scalar", name="Any")
BOOL = TypeExpr("scalar", name="bool")
INT = TypeExpr("scalar", name="int")
FLOAT = TypeExpr("scalar", name="float")
STR = TypeExpr("scalar", name="str")
NONE = TypeExpr("none")
#: Functions an expression may call, with their result type (None: as the argument).
FUNCTIONS = {"len": INT, "min": None, "max": None, "abs": None, "int": INT, "float": FLOAT,
             "str": STR, "bool": BOOL, "all": BOOL, "any": BOOL, "env": None,
             "isinstance": BOOL, "given": BOOL, "unused": BOOL, "callable": BOOL,
             "type": ANY}
#: Type names `isinstance` accepts: the scalar or container kind each matches.
ISINSTANCE_TYPES = {"str": ("scalar", "str"), "int": ("scalar", "int"),
                    "float": ("scalar", "float"), "bool": ("scalar", "bool"),
                    "list": ("container", "list"), "dict": ("container", "dict"),
                    "tuple": ("container", "tuple"), "set": ("container", "set"),
                    "type": ("type", "type")}
#: vLLM's platform predicates, `platform.is_cuda_alike()`: true for the selected
#: profile's device type.
PLATFORM_PREDICATES = tuple(PREDICATES)
#: Functions of no argument: a fresh random id, the clock, the schema's version.
NULLARY = {"uuid4": STR, "time_ns": INT, "schema_version": INT, "from_flags": BOOL}
FUNCTIONS.update(dict.fromkeys(NULLARY))
FUNCTIONS["abspath"] = None  # a local path made absolute ("~" expanded); same type back
#: getattr(obj, "name", default): an attribute an object given from Python may lack
#: (engine objects, runtime types); Any.
FUNCTIONS["getattr"] = None
#: Functions over collections (typed by their arguments): sorted(xs), set(xs),
#: list(xs), tuple(xs), zip(xs, ys, ...), range(n) / range(a, b) / range(a, b, step), sum(xs).
COLLECTION_FUNCTIONS = ("sorted", "set", "frozenset", "list", "tuple", "zip", "range", "sum")
FUNCTIONS.update(dict.fromkeys(COLLECTION_FUNCTIONS))
STR_METHODS = {"startswith": BOOL, "endswith": BOOL, "lower": STR, "upper": STR,
               "count": INT, "strip": STR, "isdigit": BOOL, "isdecimal": BOOL,
               "isidentifier": BOOL, "join": STR, "replace": STR,
               "split": TypeExpr("container", name="list", args=(STR,))}
SEQ_METHODS = {"count": INT}  # on lists and tuples


class ExprError(Exception):
    def __init__(self, node: ast.AST | None, message: str):
        super().__init__(message)
        self.node = node


@dataclass
class Scope:
    """What bare names mean: the fields of `cls`, or `self` as a member of `enum`, plus
    method parameters and the names bound by `all/any(... for x in ...)`."""

    res: Resolved
    cls: m.ClassDef | None = None
    enum: m.EnumDef | None = None
    params: dict[str, TypeExpr] = field(default_factory=dict)
    initvars: bool = False  # in the after-construction phase: init vars are names too
    #: A field validator of this class: `value` is its only name; the class's fields
    #: are not (an error that says so), the instance does not exist yet.
    validated: m.ClassDef | None = None


@dataclass
class Checked:
    """A checked expression: its type, the Python source, and the field paths it reads."""

    type: TypeExpr
    source: str
    reads: tuple[str, ...]
    enums: frozenset[str]
    env: tuple[tuple[str, str], ...]  # (variable, default as text)


def check(e: Expr, scope: Scope, errors: Collector, what: str,
          want: TypeExpr | None = None, facts: frozenset[str] = frozenset()) -> Checked | None:
    """Type-check `e` in `scope` and compile it; errors are located at the offending node."""
    c = _Checker(scope)
    try:
        t, src = c.visit(e.tree.body, facts)
    except ExprError as exc:
        where = _node_loc(e.loc, exc.node, e.text) if exc.node is not None else e.loc
        errors.error(where, f"{what}: {exc}")
        return None
    if want is not None and not _assignable(t, want, scope.res):
        errors.error(e.loc, f"{what}: {e.display!r} is {_show(t)}, expected {_show(want)}")
        return None
    return Checked(t, src, tuple(dict.fromkeys(c.reads)), frozenset(c.enums), tuple(c.env))


def facts_of(e: Expr, negate: bool = False) -> frozenset[str]:
    """Paths known not to be None once `e` is true (or false, with negate)."""
    return frozenset(_facts(e.tree.body, negate))


def _facts(node: ast.expr, negate: bool) -> Iterator[str]:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield from _facts(node.operand, not negate)
    elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) and not negate:
        for v in node.values:
            yield from _facts(v, False)
    elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or) and negate:
        for v in node.values:
            yield from _facts(v, True)
    elif (isinstance(node, ast.Compare) and len(node.ops) == 1
          and isinstance(node.comparators[0], ast.Constant)
          and node.comparators[0].value is None):
        op = node.ops[0]
        if (isinstance(op, ast.IsNot) and not negate) or (isinstance(op, ast.Is) and negate):
            yield ast.unparse(node.left)
    elif isinstance(node, ast.Compare) and not negate:
        # `x > 0`, `x in (...)`, `x == "a"` (a non-None constant) all mean x is not None
        for left, op, right in zip([node.left, *node.comparators[:-1]], node.ops,
                                   node.comparators, strict=True):
            if isinstance(op, _ORDER + (ast.In, ast.Eq)) and not (
                    isinstance(right, ast.Constant) and right.value is None):
                yield ast.unparse(left)
    elif isinstance(node, ast.Name | ast.Attribute) and not negate:
        yield ast.unparse(node)  # truthy, so not None
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
          and node.func.id == "isinstance" and len(node.args) == 2
          and isinstance(node.args[0], ast.Name | ast.Attribute)):
        path = ast.unparse(node.args[0])
        kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
        names = ",".join(ast.unparse(k) for k in kinds)
        if not negate:
            yield path  # none of the accepted types is None
        yield f"{path}\0{'nota' if negate else 'isa'}\0{names}"
    if (isinstance(node, ast.Compare) and len(node.ops) == 1
            and isinstance(node.left, ast.Name | ast.Attribute)
            and ((isinstance(node.ops[0], ast.In) and not negate)
                 or (isinstance(node.ops[0], ast.NotIn) and negate))):
        yield f"{ast.unparse(node.left)}\0in\0{ast.unparse(node.comparators[0])}"


def _show(t: TypeExpr) -> str:
    return "None" if t.kind == "none" else t.source().replace("'", '"')


def _assignable(t: TypeExpr, want: TypeExpr, res) -> bool:
    want, t = res.expand(want), res.expand(t)
    if _is_any(t) or _is_any(want):
        return True
    if t.kind == "union":
        return all(_assignable(a, want, res) for a in t.args)
    if want.kind == "union":
        return any(_assignable(t, a, res) for a in want.args)
    if t.kind == "none" or want.kind == "none":
        return t.kind == want.kind
    if want.kind == "literal":
        return (t.kind == "literal" and set(t.values) <= set(want.values)) or (
            t.kind == "scalar" and _base_of(want) == t.name)
    if t.kind == "literal":
        return _base_of(t) in (_base(want), "float" if _base(want) == "float" else None)
    if want.kind == "scalar" and t.kind == "scalar":
        return t.name == want.name or (want.name == "float" and t.name == "int") or (
            want.name == "Path" and t.name == "str")
    if want.kind == "container" and t.kind == "container":
        return want.name == t.name or {want.name, t.name} <= {"list", "tuple", "set"}
    return t.kind == want.kind and t.name == want.name


def _is_any(t: TypeExpr) -> bool:
    return t.kind == "scalar" and t.name == "Any"


def _base_of(t: TypeExpr) -> str:
    kinds = {type(v).__name__ for v in t.values}
    return kinds.pop() if len(kinds) == 1 else "Any"


def _base(t: TypeExpr) -> str:
    """The plain kind of a value: int, float, str, bool, Any, or the type's kind."""
    if t.kind == "union":
        bases = {_base(a) for a in t.args}
        if bases == {"int", "float"}:
            return "float"
        return bases.pop() if len(bases) == 1 else "union"
    return t.name if t.kind == "scalar" else (_base_of(t) if t.kind == "literal" else t.kind)


def _optional(t: TypeExpr) -> TypeExpr:
    if t.kind == "none" or t.optional or _is_any(t):
        return t
    return TypeExpr("union", args=(t, NONE))


def _union(a: TypeExpr, b: TypeExpr) -> TypeExpr:
    if a == b:
        return a
    if _is_any(a) or _is_any(b):
        return ANY
    if a.kind == b.kind == "container" and a.name == b.name and a.variadic == b.variadic \
            and len(a.args) == len(b.args):  # `xs if c else []`: one list of either's items
        return TypeExpr("container", name=a.name, variadic=a.variadic,
                        args=tuple(_union(x, y) for x, y in zip(a.args, b.args, strict=True)))
    args: list[TypeExpr] = []
    for t in (a, b):
        for arg in (t.args if t.kind == "union" else (t,)):
            if arg not in args:
                args.append(arg)
    return TypeExpr("union", args=tuple(args))


class _Checker:
    def __init__(self, scope: Scope):
        self.scope = scope
        self.res = scope.res
        self.reads: list[str] = []
        self.enums: set[str] = set()
        self.env: list[tuple[str, str]] = []
        self.bound: dict[str, TypeExpr] = {}

    # -- names and paths -----------------------------------------------------------

    def _members(self, cls: m.ClassDef) -> dict[str, TypeExpr]:
        out = {f.name: f.type for f in cls.fields}
        for acc in cls.properties:
            out[acc.name] = _returns(acc)
        return out

    def visit(self, node: ast.expr, facts: frozenset[str]) -> tuple[TypeExpr, str]:
        method = getattr(self, "v_" + type(node).__name__, None)
        if method is None:
            raise ExprError(node, f"{ast.unparse(node)!r} is not supported here")
        t, src = method(node, facts)
        return self.res.expand(t), src

    def v_Constant(self, node: ast.Constant, facts) -> tuple[TypeExpr, str]:
        v = node.value
        if v is None:
            return NONE, "None"
        if isinstance(v, bool | int | float | str):
            return TypeExpr("literal", values=(v,)) if not isinstance(v, float) else FLOAT, \
                repr(v)
        raise ExprError(node, f"constant {v!r} is not supported")

    def v_Name(self, node: ast.Name, facts) -> tuple[TypeExpr, str]:
        name = node.id
        if name in self.bound:
            return self.bound[name], name
        if name in self.scope.params:
            t = self.scope.params[name]
            t = t.without_none() if name in facts else t
            return self._narrowed(t, name, facts), name
        if name == "self" and self.scope.enum is not None:
            return TypeExpr("named", name=self.scope.enum.name), "self"
        if name in ("True", "False", "None"):
            return self.v_Constant(ast.Constant({"True": True, "False": False}.get(name)), facts)
        cls = self.scope.cls
        members = self._members(cls) if cls is not None else {}
        if name in members:
            self.reads.append(name)
            t = members[name]
            field_ = cls.field(name)
            if field_ is not None and field_.kind == "classvar":
                return t, f"self.{name}"
            src = f"self.{name}"
            if field_ is not None and field_.kind == "initvar":
                if not self.scope.initvars:
                    raise ExprError(node, f"{name!r} is an init var of {cls.name}: it is "
                                    "known only while constructing (in derive, resolve "
                                    "steps and rules)")
                src = name  # the __post_init__ parameter
            t = t.without_none() if name in facts else t
            return self._narrowed(t, name, facts), src
        alias = self.res.aliases.get(name)
        values = _literal_values(self.res.expand(alias.type)) if alias is not None else None
        if values is not None:  # a Literal alias (or a union of them): its values
            t = TypeExpr("container", name="tuple", args=(TypeExpr("literal", values=values),),
                         variadic=True)
            return t, "(" + ", ".join(repr(v) for v in values) + ("," if len(values) == 1
                                                                   else "") + ")"
        constant = self._module_constant(name)
        if constant is not None:
            return constant, name
        if name in self.res.enums:
            raise ExprError(node, f"enum {name} is not a value: name a member, e.g. "
                            f"{name}.{self.res.enums[name].members[0].name}")
        owner = self.scope.validated
        if owner is not None and owner.field(name) is not None:
            raise ExprError(node, f"{name!r} is a field of {owner.name}: a field validator "
                            "sees only `value`, not the instance (compare fields in a rule)")
        owner = self.scope.cls or self.scope.validated
        constants = [k.name for k in self.res.schema.constants if k.expr is not None
                     and owner is not None and k.module == owner.module]
        known = [*members, *self.scope.params, *self.bound, *self.res.enums, *constants]
        raise ExprError(node, f"unknown name {name!r}{did_you_mean(name, known)}")

    def _module_constant(self, name: str) -> TypeExpr | None:
        """The type of an `expr` constant of the class's own module (built once at import,
        after the classes, so its name is bound whenever a method or validator runs)."""
        owner = self.scope.cls or self.scope.validated
        if owner is None:
            return None
        for k in self.res.schema.constants:
            if k.name == name and k.expr is not None and k.module == owner.module:
                try:
                    return _Checker(Scope(self.res)).visit(k.expr.tree.body, frozenset())[0]
                except ExprError:  # reported at the constant's own line, once
                    return ANY
        return None

    def v_Attribute(self, node: ast.Attribute, facts) -> tuple[TypeExpr, str]:
        base = node.value
        if isinstance(base, ast.Name) and base.id == "platform" and base.id not in (
                self.bound) and not (self.scope.cls and self.scope.cls.field(base.id)):
            return self._platform(node, facts)
        if isinstance(base, ast.Name) and base.id in self.res.enums and base.id not in (
                self.bound) and not (self.scope.cls and self.scope.cls.field(base.id)):
            enum = self.res.enums[base.id]
            names = [mem.name for mem in enum.members]
            if node.attr not in names:
                raise ExprError(node, f"{base.id} has no member {node.attr!r}"
                                f"{did_you_mean(node.attr, names)}")
            self.enums.add(base.id)
            return TypeExpr("named", name=base.id), f"{base.id}.{node.attr}"
        bt, bsrc = self.visit(base, facts)
        inner = bt.without_none()
        path = ast.unparse(node)
        if _is_any(inner) or (inner.kind == "named" and inner.name in self.res.runtime_types):
            return ANY, self._guard(bt, bsrc, f"{bsrc}.{node.attr}", base, facts)
        if inner.kind == "named" and inner.name in self.res.enums:
            if node.attr in ("name", "value"):
                t = STR if node.attr == "name" else ANY
                return t, self._guard(bt, bsrc, f"{bsrc}.{node.attr}", base, facts)
            raise ExprError(node, f"an enum member has .name and .value, not .{node.attr}")
        if inner.kind == "named" and inner.name in self.res.classes:
            cls = self.res.classes[inner.name]
            members = self._members(cls)
            if node.attr not in members:
                raise ExprError(node, f"{inner.name} has no field or property {node.attr!r}"
                                f"{did_you_mean(node.attr, members)}")
            attr_field = cls.field(node.attr)
            if attr_field is not None and attr_field.kind == "initvar":
                raise ExprError(node, f"{node.attr!r} is an init var of {inner.name}, not "
                                "stored on it")
            if isinstance(base, ast.Name | ast.Attribute) and not self.bound.get(
                    ast.unparse(base).split(".")[0]):
                self.reads.append(path)
            t = members[node.attr]
            src = self._guard(bt, bsrc, f"{bsrc}.{node.attr}", base, facts)
            if bt.optional and ast.unparse(base) not in facts:
                t = _optional(t)
            t = t.without_none() if path in facts else t
            return self._narrowed(t, path, facts), src
        arms = [self.res.classes.get(a.name) if a.kind == "named" else None
                for a in _flat_arms(inner)]
        if inner.kind == "union" and all(c is not None and node.attr in self._members(c)
                                         for c in arms):
            t = None  # a field every config class of the union has: any of their types
            for c in arms:
                member = self._members(c)[node.attr]
                t = member if t is None else _union(t, member)
            src = self._guard(bt, bsrc, f"{bsrc}.{node.attr}", base, facts)
            return (_optional(t) if bt.optional and ast.unparse(base) not in facts else t), src
        raise ExprError(node, f"{ast.unparse(base)!r} is {_show(bt)}, which has no "
                        f"attribute {node.attr!r}")

    def _platform(self, node: ast.Attribute, facts) -> tuple[TypeExpr, str]:
        """`platform.<attribute>`: the selected platform profile's value."""
        ps = self.res.schema.platform_set
        if ps is None:
            raise ExprError(node, "'platform' needs a platforms section in the schema")
        attr = ps.attribute(node.attr)
        if attr is None:
            raise ExprError(node, f"unknown platform attribute {node.attr!r}"
                            f"{did_you_mean(node.attr, [a.name for a in ps.attributes])}")
        t = attr.type.without_none() if ast.unparse(node) in facts else attr.type
        # the module global vLLM's config modules have: patching it there is honoured
        return t, f"current_platform.{node.attr}"

    def _narrowed(self, t: TypeExpr, path: str, facts) -> TypeExpr:
        """`t` narrowed by the isinstance / membership facts known about `path`."""
        prefix = path + "\0"
        for fact in sorted(f for f in facts if f.startswith(prefix)):
            _, kind, arg = fact.split("\0")
            arms = [self.res.expand(a) for a in _arms(self.res.expand(t))]
            if kind in ("isa", "nota"):
                names = arg.split(",")
                keep = []
                concrete = [a for a in arms if not self._opaque(a)]
                for a in arms:
                    if self._opaque(a):  # could be anything: what isinstance accepted,
                        # less what a declared arm already says (dict[str, Any] | Fn)
                        keep.extend([a] if kind == "nota" else [
                            t for n, t in zip(names, _isa_types(names), strict=True)
                            if not any(_isa(c, [n]) for c in concrete)])
                    elif _isa(a, names) == (kind == "isa"):
                        keep.append(a)
                keep = list(dict.fromkeys(keep))
            else:
                values = self._in_values(arg)
                if values is None:
                    continue
                keep = []
                for a in arms:
                    if a.kind == "literal" or (a.kind == "scalar" and a.name in (
                            "str", "int", "bool")):
                        vs = tuple(v for v in values if (v in a.values if a.kind == "literal"
                                                         else type(v).__name__ == a.name))
                        if vs:
                            keep.append(TypeExpr("literal", values=vs))
                    elif a.kind != "none" and a.kind != "container":
                        keep.append(a)
            if keep:
                t = keep[0] if len(keep) == 1 else TypeExpr("union", args=tuple(keep))
        return t

    def _opaque(self, t: TypeExpr) -> bool:
        """Any, or a runtime type: could be of any Python type."""
        return _is_any(t) or (t.kind == "named" and t.name in self.res.runtime_types)

    def _in_values(self, text: str) -> tuple | None:
        node = ast.parse(text, mode="eval").body
        if isinstance(node, ast.Tuple | ast.List) and all(
                isinstance(e, ast.Constant) for e in node.elts):
            return tuple(e.value for e in node.elts)
        if isinstance(node, ast.Name) and node.id in self.res.aliases:
            t = self.res.expand(self.res.aliases[node.id].type)
            return t.values if t.kind == "literal" else None
        return None

    def _guard(self, bt: TypeExpr, bsrc: str, src: str, base: ast.expr, facts) -> str:
        """Access through a value that may be None yields None instead of failing."""
        if bt.optional and ast.unparse(base) not in facts:
            return f"(None if {bsrc} is None else {src})"
        return src

    def v_Subscript(self, node: ast.Subscript, facts) -> tuple[TypeExpr, str]:
        bt, bsrc = self.visit(node.value, facts)
        bsrc = _paren(bsrc, node.value)  # (a + b)[0], not a + b[0]
        bt = self._not_none(bt, node.value, facts, "index")
        if isinstance(node.slice, ast.Slice):
            if node.slice.step is not None or (bt.kind != "container" and _base(bt) not in (
                    "str", "Any")) or (bt.kind == "container" and bt.name not in ("list",
                                                                                  "tuple")):
                raise ExprError(node, "slices take a list, tuple or str and no step")
            bounds = []
            for b in (node.slice.lower, node.slice.upper):
                if b is None:
                    bounds.append("")
                    continue
                t, src = self.visit(b, facts)
                self._numeric(t, b, facts, "slice")
                bounds.append(src)
            return bt, f"{bsrc}[{bounds[0]}:{bounds[1]}]"
        kt, ksrc = self.visit(node.slice, facts)
        if bt.kind == "container" and bt.name == "dict":
            return bt.args[1], f"{bsrc}[{ksrc}]"
        if bt.kind == "container" and _base(kt) == "int":
            return bt.args[0] if bt.name != "tuple" or bt.variadic else ANY, f"{bsrc}[{ksrc}]"
        if _is_any(bt):
            return ANY, f"{bsrc}[{ksrc}]"
        raise ExprError(node, f"cannot index {ast.unparse(node.value)!r} ({_show(bt)})")

    # -- literals and operators ----------------------------------------------------

    def v_Tuple(self, node: ast.Tuple, facts) -> tuple[TypeExpr, str]:
        items = [self.visit(e, facts) for e in node.elts]
        elem = ANY
        if items:
            elem = items[0][0]
            for t, _ in items[1:]:
                elem = _merge_literal(elem, t)
        srcs = [s for _, s in items]
        src = "(" + ", ".join(srcs) + ("," if len(srcs) == 1 else "") + ")"
        return TypeExpr("container", name="tuple", args=(elem,), variadic=True), src

    def v_List(self, node: ast.List, facts) -> tuple[TypeExpr, str]:
        t, src = self.v_Tuple(ast.Tuple(node.elts), facts)
        src = src[1:-2] if len(node.elts) == 1 else src[1:-1]  # drop the tuple's ( ,)
        return TypeExpr("container", name="list", args=t.args), f"[{src}]"

    def v_Dict(self, node: ast.Dict, facts) -> tuple[TypeExpr, str]:
        if any(k is None for k in node.keys):
            raise ExprError(node, "`**` in a dict literal is not supported: merge with |")
        keys = self.v_Tuple(ast.Tuple(node.keys), facts)
        values = self.v_Tuple(ast.Tuple(node.values), facts)
        src = ", ".join(f"{self.visit(k, facts)[1]}: {self.visit(v, facts)[1]}"
                        for k, v in zip(node.keys, node.values, strict=True))
        return TypeExpr("container", name="dict", args=(keys[0].args[0], values[0].args[0])), \
            "{" + src + "}"

    def _not_none(self, t: TypeExpr, node: ast.expr, facts, doing: str) -> TypeExpr:
        if t.kind == "none" or (t.optional and ast.unparse(node) not in facts):
            raise ExprError(node, f"{ast.unparse(node)!r} may be None, so it cannot be "
                            f"used to {doing}: rule None out first "
                            f"(`{ast.unparse(node)} is not None and ...`)")
        return t.without_none()

    def _numeric(self, t: TypeExpr, node: ast.expr, facts, doing: str) -> TypeExpr:
        t = self._not_none(t, node, facts, doing)
        if _base(t) in ("int", "float", "Any") or (
                t.kind == "named" and t.name in self.res.enums
                and self.res.enums[t.name].base == "IntEnum"):
            return INT if _base(t) == "int" or t.kind == "named" else (
                FLOAT if _base(t) == "float" else ANY)
        if t.kind == "union" and _base(t) in ("int", "float"):
            return INT if _base(t) == "int" else FLOAT
        raise ExprError(node, f"{ast.unparse(node)!r} is {_show(t)}, not a number, so it "
                        f"cannot be used to {doing}")

    def v_BinOp(self, node: ast.BinOp, facts) -> tuple[TypeExpr, str]:
        lt, ls = self.visit(node.left, facts)
        rt, rs = self.visit(node.right, facts)
        if isinstance(node.op, ast.BitOr):  # dict merge: the right side wins
            a = self._not_none(lt, node.left, facts, "merge with |")
            b = self._not_none(rt, node.right, facts, "merge with |")
            if not all((t.kind == "container" and t.name == "dict") or _is_any(t)
                       for t in (a, b)):
                raise ExprError(node, "| merges two dicts")
            return (a if not _is_any(a) else b), \
                f"{_paren(ls, node.left)} | {_paren(rs, node.right, right=True)}"
        op = _ARITH.get(type(node.op))
        if op is None:
            raise ExprError(node, "only + - * / // % and | (dicts) are supported")
        la = lt.without_none()
        if op == "+" and la.kind == "container" and la.name in ("list", "tuple"):
            a = self._not_none(lt, node.left, facts, "concatenate")
            b = self._not_none(rt, node.right, facts, "concatenate")
            if b.kind != "container" or b.name != a.name:
                raise ExprError(node.right, f"a {a.name} can only be joined with a {a.name}")
            return a, f"{_paren(ls, node.left)} + {_paren(rs, node.right, right=True)}"
        if op == "+" and _base(lt.without_none()) == "str":
            self._not_none(lt, node.left, facts, "concatenate")
            if _base(self._not_none(rt, node.right, facts, "concatenate")) not in ("str",
                                                                                   "Any"):
                raise ExprError(node.right, "a string can only be joined with a string")
            return STR, f"{_paren(ls, node.left)} + {_paren(rs, node.right)}"
        a = self._numeric(lt, node.left, facts, f"compute {op}")
        b = self._numeric(rt, node.right, facts, f"compute {op}")
        t = FLOAT if op == "/" or FLOAT in (a, b) else (ANY if ANY in (a, b) else INT)
        return t, f"{_paren(ls, node.left)} {op} {_paren(rs, node.right, right=True)}"

    def v_UnaryOp(self, node: ast.UnaryOp, facts) -> tuple[TypeExpr, str]:
        t, src = self.visit(node.operand, facts)
        if isinstance(node.op, ast.Not):
            return BOOL, f"not {_paren(src, node.operand)}"
        if isinstance(node.operand, ast.Constant) and isinstance(node.operand.value, int | float):
            value = -node.operand.value if isinstance(node.op, ast.USub) else node.operand.value
            return self.v_Constant(ast.Constant(value), facts)
        t = self._numeric(t, node.operand, facts, "negate")
        return t, ("-" if isinstance(node.op, ast.USub) else "+") + _paren(src, node.operand)

    def v_BoolOp(self, node: ast.BoolOp, facts) -> tuple[TypeExpr, str]:
        is_and = isinstance(node.op, ast.And)
        t: TypeExpr | None = None
        parts = []
        local = set(facts)
        for value in node.values:
            vt, vs = self.visit(value, frozenset(local))
            t = vt if t is None else _union(t, vt)
            parts.append(_paren(vs, value, boolop=True))
            local |= set(_facts(value, not is_and))
        joiner = " and " if is_and else " or "
        return (BOOL if all(_base(a) == "bool" for a in _arms(t)) else t), joiner.join(parts)

    def v_IfExp(self, node: ast.IfExp, facts) -> tuple[TypeExpr, str]:
        _, cs = self.visit(node.test, facts)
        bt, bs = self.visit(node.body, facts | frozenset(_facts(node.test, False)))
        ot, os_ = self.visit(node.orelse, facts | frozenset(_facts(node.test, True)))
        return _union(bt, ot), f"({bs} if {cs} else {os_})"

    def v_Compare(self, node: ast.Compare, facts) -> tuple[TypeExpr, str]:
        operands = [node.left, *node.comparators]
        typed = [self.visit(o, facts) for o in operands]
        parts = [_paren(typed[0][1], node.left)]
        for i, op in enumerate(node.ops):
            (lt, _), (rt, rs) = typed[i], typed[i + 1]
            left, right = operands[i], operands[i + 1]
            if isinstance(op, ast.Is | ast.IsNot):
                if not (isinstance(right, ast.Constant) and right.value is None):
                    raise ExprError(right, "`is` / `is not` compare only with None")
            elif isinstance(op, _ORDER):
                a = self._not_none(lt, left, facts, "compare by order")
                b = self._not_none(rt, right, facts, "compare by order")
                if not ({_base(a), _base(b)} <= {"int", "float", "Any"}
                        or {_base(a), _base(b)} <= {"str", "Any"}
                        or self._int_enum(a) or self._int_enum(b)):
                    raise ExprError(node, f"cannot order {_show(a)} against {_show(b)}")
            elif isinstance(op, ast.In | ast.NotIn):
                self._check_in(lt, rt, left, right, facts)
            else:
                self._check_eq(lt, rt, left, right)
            parts.append(f"{_CMP[type(op)]} {_paren(rs, right)}")
        return BOOL, " ".join(parts)

    def _int_enum(self, t: TypeExpr) -> bool:
        return t.kind == "named" and t.name in self.res.enums and \
            self.res.enums[t.name].base == "IntEnum"

    def _check_eq(self, lt: TypeExpr, rt: TypeExpr, left: ast.expr, right: ast.expr) -> None:
        for a, b, node in ((lt, rt, right), (rt, lt, left)):
            a = a.without_none()
            if a.kind == "literal" and b.kind == "literal" and len(b.values) == 1 and \
                    isinstance(node, ast.Constant):
                if b.values[0] not in a.values and len(a.values) > 1:
                    hint = did_you_mean(str(b.values[0]), map(str, a.values))
                    raise ExprError(node, f"{b.values[0]!r} is never equal to a value of "
                                    f"type {_show(a)}{hint}")
            if a.kind == "named" and a.name in self.res.enums and b.kind == "literal" and \
                    isinstance(node, ast.Constant) and not self._int_enum(a):
                raise ExprError(node, f"compare {a.name} values with its members "
                                f"({a.name}.{self.res.enums[a.name].members[0].name}), "
                                "not with a literal")

    def _check_in(self, lt: TypeExpr, rt: TypeExpr, left: ast.expr, right: ast.expr,
                  facts) -> None:
        rt = self._not_none(rt, right, facts, "test membership in")
        if _base(rt) == "str":
            return
        if rt.kind != "container" and not _is_any(rt):
            raise ExprError(right, f"{ast.unparse(right)!r} is {_show(rt)}, not a collection")
        if isinstance(right, ast.Tuple | ast.List):
            for elt in right.elts:
                et, _ = self.visit(elt, facts)
                self._check_eq(lt, et, left, elt)

    # -- calls ---------------------------------------------------------------------

    def v_Call(self, node: ast.Call, facts) -> tuple[TypeExpr, str]:
        func = node.func
        if isinstance(func, ast.Name) and func.id in self.res.classes:
            return self._construct(node, self.res.classes[func.id], facts)
        if node.keywords:
            raise ExprError(node, "keyword arguments are only for building a config")
        if isinstance(func, ast.Name):
            return self._builtin(node, func.id, facts)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and (
                func.value.id == "platform" and func.value.id not in self.bound
                and not (self.scope.cls and self.scope.cls.field("platform"))):
            if func.attr not in PLATFORM_PREDICATES or node.args:
                raise ExprError(node, f"platform.{func.attr}() is not a platform predicate; "
                                f"one of {', '.join(p + '()' for p in PLATFORM_PREDICATES)}")
            if self.res.schema.platform_set is None:
                raise ExprError(node, "'platform' needs a platforms section in the schema")
            return BOOL, f"current_platform.{func.attr}()"
        if isinstance(func, ast.Attribute):
            bt, bsrc = self.visit(func.value, facts)
            bt = bt.without_none() if ast.unparse(func.value) in facts else bt
            args = [self.visit(a, facts) for a in node.args]
            argsrc = ", ".join(s for _, s in args)
            inner = bt.without_none()
            if _base(inner) == "str" and func.attr in STR_METHODS:
                self._not_none(bt, func.value, facts, f"call .{func.attr}()")
                return STR_METHODS[func.attr], f"{_paren(bsrc, func.value)}.{func.attr}({argsrc})"
            if inner.kind == "container" and inner.name in ("list", "tuple") and \
                    func.attr in SEQ_METHODS:
                self._not_none(bt, func.value, facts, f"call .{func.attr}()")
                return SEQ_METHODS[func.attr], f"{_paren(bsrc, func.value)}.{func.attr}({argsrc})"
            if inner.kind == "container" and inner.name == "dict" and \
                    func.attr in ("items", "keys", "values") and not args:
                self._not_none(bt, func.value, facts, f"call .{func.attr}()")
                key, value = inner.args
                elem = {"keys": key, "values": value}.get(func.attr) or TypeExpr(
                    "container", name="tuple", args=(key, value))
                return (TypeExpr("container", name="list", args=(elem,)),
                        f"{_paren(bsrc, func.value)}.{func.attr}()")
            owner = None
            if inner.kind == "named":
                owner = self.res.classes.get(inner.name) or self.res.enums.get(inner.name)
            if func.attr == "compute_hash" and inner.kind == "named" and \
                    inner.name in self.res.classes and not node.args:
                self._not_none(bt, func.value, facts, "call .compute_hash()")
                return STR, f"{bsrc}.compute_hash()"
            methods = {a.name: a for a in getattr(owner, "methods", ())}
            if owner is not None and func.attr in methods:
                self._not_none(bt, func.value, facts, f"call .{func.attr}()")
                _check_arity(methods[func.attr], node, args, self.res)
                return _returns(methods[func.attr]), f"{bsrc}.{func.attr}({argsrc})"
            if _is_any(inner):
                return ANY, f"{bsrc}.{func.attr}({argsrc})"
            raise ExprError(func, f"{ast.unparse(func.value)!r} ({_show(bt)}) has no method "
                            f"{func.attr!r}{did_you_mean(func.attr, [*methods, *STR_METHODS])}")
        raise ExprError(node, "only named functions and methods can be called")

    def _construct(self, node: ast.Call, cls, facts) -> tuple[TypeExpr, str]:
        """`Config(a=1)`: a nested config built from keyword arguments (its init fields
        and init vars), each checked against the field's type."""
        if node.args:
            raise ExprError(node, f"{cls.name}() takes keyword arguments only")
        parts = []
        for kw in node.keywords:
            if kw.arg is None:  # `**mapping`: its keys are checked when the config is built
                t, src = self.visit(kw.value, facts)
                inner = t.without_none() if ast.unparse(kw.value) in facts else t
                if not _is_any(inner) and not (inner.kind == "container" and inner.name == "dict"
                                               and _base(inner.args[0]) in ("str", "Any")):
                    raise ExprError(kw.value, f"**{ast.unparse(kw.value)} is {_show(t)}, not a "
                                    f"dict of argument names to values")
                parts.append(f"**{src}")  # `**` takes a whole expression
                continue
            f = cls.field(kw.arg) if kw.arg else None
            if f is None or not f.init or f.kind == "classvar":
                names = [g.name for g in cls.fields if g.init and g.kind != "classvar"]
                raise ExprError(kw.value, f"{cls.name} has no argument {kw.arg!r}"
                                f"{did_you_mean(kw.arg or '', names)}")
            t, src = self.visit(kw.value, facts)
            if not _assignable(t, f.type, self.res):
                raise ExprError(kw.value, f"{kw.arg}= is {_show(t)}, expected "
                                f"{_show(f.type)}")
            parts.append(f"{kw.arg}={src}")
        self.enums.add(cls.name)  # imported by the generated module
        return TypeExpr("named", name=cls.name), f"{cls.name}({', '.join(parts)})"

    def _builtin(self, node: ast.Call, name: str, facts) -> tuple[TypeExpr, str]:
        own = {a.name: a for a in getattr(self.scope.cls, "methods", ())}
        if name in own and name not in self.bound and name not in self.scope.params:
            typed = [self.visit(a, facts) for a in node.args]
            _check_arity(own[name], node, typed, self.res)
            args = ", ".join(s for _, s in typed)
            return _returns(own[name]), f"self.{name}({args})"  # the class's own method
        if name not in FUNCTIONS:
            raise ExprError(node.func, f"unknown function {name!r}"
                            f"{did_you_mean(name, [*FUNCTIONS, *own])}")
        args = node.args
        if name in NULLARY:
            if args:
                raise ExprError(node, f"{name}() takes no arguments")
            if name == "schema_version":  # a constant of the compiled schema
                return INT, str(self.res.schema.version)
            return NULLARY[name], f"_r.{name}()"
        if name in ("all", "any"):
            return self._quantifier(node, name, facts)
        if name in COLLECTION_FUNCTIONS:
            return self._collection(node, name, facts)
        if name == "env":
            return self._env(node)
        if name == "given":
            return self._given(node)
        if name == "unused":
            return self._unused(node)
        if name == "isinstance":
            return self._isinstance(node, facts)
        if name == "getattr":
            if len(args) != 3 or not isinstance(args[1], ast.Constant) or not isinstance(
                    args[1].value, str) or not args[1].value.isidentifier():
                raise ExprError(node, 'getattr() takes an object, an attribute name and a '
                                'default: getattr(device, "type", None)')
            _, osrc = self.visit(args[0], facts)
            _, dsrc = self.visit(args[2], facts)
            return ANY, f"getattr({osrc}, {args[1].value!r}, {dsrc})"
        if name == "abspath":
            if len(args) != 1:
                raise ExprError(node, "abspath() takes one path")
            t, src = self.visit(args[0], facts)
            t = self._not_none(t, args[0], facts, "take abspath()")
            if _base(t) not in ("str", "Path", "Any"):
                raise ExprError(args[0], f"abspath() of {_show(t)}: a str or Path")
            return t, f"_r.abspath({src})"
        if not args or (name not in ("min", "max") and len(args) != 1):
            count = "arguments" if name in ("min", "max") else "one argument"
            raise ExprError(node, f"{name}() takes {count}")
        typed = [self.visit(a, facts) for a in args]
        srcs = ", ".join(s for _, s in typed)
        if name == "len":
            t = self._not_none(typed[0][0], args[0], facts, "take len()")
            if not all(a.kind == "container" or _base(a) in ("str", "Any") for a in _arms(t)):
                raise ExprError(args[0], f"len() of {_show(t)}")
            return INT, f"len({srcs})"
        if name in ("min", "max", "abs"):
            if len(args) == 1 and name != "abs":
                t = self._not_none(typed[0][0], args[0], facts, f"take {name}()")
                return (t.args[0] if t.kind == "container" else ANY), f"{name}({srcs})"
            ts = [self._numeric(t, a, facts, f"take {name}()") for (t, _), a in
                  zip(typed, args, strict=True)]
            return (FLOAT if FLOAT in ts else INT), f"{name}({srcs})"
        return FUNCTIONS[name], f"{name}({srcs})"

    def _quantifier(self, node: ast.Call, name: str, facts) -> tuple[TypeExpr, str]:
        gen = node.args[0] if len(node.args) == 1 else None
        if not isinstance(gen, ast.GeneratorExp) or len(gen.generators) != 1 or \
                not isinstance(gen.generators[0].target, ast.Name) or gen.generators[0].is_async:
            raise ExprError(node, f"{name}() takes one generator: {name}(x > 0 for x in items)")
        comp = gen.generators[0]
        it, isrc = self.visit(comp.iter, facts)
        elem = self._element(it, comp.iter, facts, f"iterate in {name}()")
        var = comp.target.id
        if var == "self" or (self.scope.cls and self.scope.cls.field(var)):
            raise ExprError(comp.target, f"bound name {var!r} hides a field: pick another")
        saved = self.bound.get(var)
        self.bound[var] = self.res.expand(elem)
        try:
            conds = [self.visit(c, facts)[1] for c in comp.ifs]
            _, body = self.visit(gen.elt, facts)
        finally:
            if saved is None:
                self.bound.pop(var)
            else:
                self.bound[var] = saved
        cond = "".join(f" if {c}" for c in conds)
        return BOOL, f"{name}({body} for {var} in {isrc}{cond})"

    # -- comprehensions and collection functions ------------------------------------

    def _element(self, t: TypeExpr, node: ast.expr, facts, doing: str) -> TypeExpr:
        """The type of one item of an iterable of type `t` (a dict iterates its keys)."""
        t = self._not_none(t, node, facts, doing)
        if _is_any(t):
            return ANY
        if t.kind == "union" and all(a.kind == "container" for a in _flat_arms(t)):
            elem = None  # list[str] | tuple[int, ...]: an item of any of them
            for a in _flat_arms(t):
                item = self._element(a, node, facts, doing)
                elem = item if elem is None else _union(elem, item)
            return elem
        if t.kind != "container":
            raise ExprError(node, f"{ast.unparse(node)!r} is {_show(t)}, not a list")
        if t.name == "tuple" and not t.variadic:
            elem = t.args[0] if t.args else ANY
            for a in t.args[1:]:
                elem = _merge_literal(elem, a)
            return self.res.expand(elem)
        return self.res.expand(t.args[0])

    def _bind(self, target: ast.expr, t: TypeExpr) -> list[str]:
        """Bind a comprehension's target (a name, or a tuple of names unpacking a
        fixed tuple) to the item type `t`; the names bound, for unbinding."""
        if isinstance(target, ast.Name):
            var = target.id
            if var == "self" or (self.scope.cls and self.scope.cls.field(var)):
                raise ExprError(target, f"bound name {var!r} hides a field: pick another")
            self.bound[var] = t
            return [var]
        if isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
            arms = (t.args if t.kind == "container" and t.name == "tuple" and not t.variadic
                    and len(t.args) == len(target.elts) else None)
            if arms is None and not _is_any(t) and not (t.kind == "container"
                                                        and t.name == "tuple"):
                raise ExprError(target, f"cannot unpack {_show(t)} into "
                                f"{len(target.elts)} names")
            names = []
            for i, e in enumerate(target.elts):
                item = self.res.expand(arms[i]) if arms else (
                    t.args[0] if t.kind == "container" and t.args else ANY)
                names += self._bind(e, item)
            return names
        raise ExprError(target, "a comprehension binds a name or a tuple of names")

    def _generators(self, gens: list[ast.comprehension], facts) -> tuple[str, frozenset[str],
                                                                            dict]:
        """Check `for ... in ... if ...` clauses in order, binding their names; the
        clauses as Python, the facts their conditions add, and what to restore."""
        saved: dict[str, TypeExpr | None] = {}
        parts: list[str] = []
        local = set(facts)
        for comp in gens:
            if comp.is_async:
                raise ExprError(comp.iter, "async comprehensions are not supported")
            it, isrc = self.visit(comp.iter, frozenset(local))
            elem = self._element(it, comp.iter, frozenset(local), "iterate over")
            for name in self._bind_saving(comp.target, elem, saved):
                local = {f for f in local if f != name and not f.startswith(name + ".")
                         and not f.startswith(name + "\0")}
            target = (", ".join(ast.unparse(e) for e in comp.target.elts)
                      if isinstance(comp.target, ast.Tuple) else ast.unparse(comp.target))
            clause = f"for {target} in {isrc}"
            for cond in comp.ifs:
                _, csrc = self.visit(cond, frozenset(local))
                clause += f" if {_paren(csrc, cond, boolop=True)}"
                local |= set(_facts(cond, False))
            parts.append(clause)
        return " ".join(parts), frozenset(local), saved

    def _bind_saving(self, target: ast.expr, t: TypeExpr, saved: dict) -> list[str]:
        names = [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
        for n in names:
            saved.setdefault(n, self.bound.get(n))
        return self._bind(target, t)

    def _unbind(self, saved: dict) -> None:
        for name, previous in saved.items():
            if previous is None:
                self.bound.pop(name, None)
            else:
                self.bound[name] = previous

    def v_ListComp(self, node: ast.ListComp | ast.SetComp, facts) -> tuple[TypeExpr, str]:
        clauses, local, saved = self._generators(node.generators, facts)
        try:
            et, esrc = self.visit(node.elt, local)
        finally:
            self._unbind(saved)
        kind, brackets = ("set", "{}") if isinstance(node, ast.SetComp) else ("list", "[]")
        return (TypeExpr("container", name=kind, args=(et,)),
                f"{brackets[0]}{esrc} {clauses}{brackets[1]}")

    v_SetComp = v_ListComp

    def v_DictComp(self, node: ast.DictComp, facts) -> tuple[TypeExpr, str]:
        clauses, local, saved = self._generators(node.generators, facts)
        try:
            kt, ksrc = self.visit(node.key, local)
            vt, vsrc = self.visit(node.value, local)
        finally:
            self._unbind(saved)
        return (TypeExpr("container", name="dict", args=(kt, vt)),
                "{" + f"{ksrc}: {vsrc} {clauses}" + "}")

    def _collection(self, node: ast.Call, name: str, facts) -> tuple[TypeExpr, str]:
        """sorted / set / zip / range / sum, typed by their arguments."""
        args = node.args
        counts = {"sorted": (1,), "set": (1,), "frozenset": (1,), "list": (1,), "tuple": (1,),
                  "sum": (1,),
                  "range": (1, 2, 3), "zip": (2, 3, 4)}
        if len(args) not in counts[name]:
            raise ExprError(node, f"{name}() takes {' or '.join(map(str, counts[name]))} "
                            "argument(s)")
        typed = [self.visit(a, facts) for a in args]
        src = f"{name}({', '.join(s for _, s in typed)})"
        if name == "range":
            for (t, _), a in zip(typed, args, strict=True):
                if self._numeric(t, a, facts, "take range()") != INT:
                    raise ExprError(a, f"range() of {_show(t)}: an int")
            return TypeExpr("container", name="list", args=(INT,)), src
        elems = [self._element(t, a, facts, f"take {name}()")
                 for (t, _), a in zip(typed, args, strict=True)]
        if name == "zip":  # Python's zip: as long as the shortest
            return TypeExpr("container", name="list", args=(
                TypeExpr("container", name="tuple", args=tuple(elems)),)), \
                src[:-1] + ", strict=False)"
        if name == "sum":
            return self._numeric(elems[0], args[0], facts, "sum"), src
        if name == "tuple":
            return TypeExpr("container", name="tuple", args=(elems[0],), variadic=True), src
        # a frozenset is typed as a set: read-only uses (`in`, iteration) are the same
        return TypeExpr("container", name="set" if name in ("set", "frozenset") else "list",
                        args=(elems[0],)), src

    def _isinstance(self, node: ast.Call, facts) -> tuple[TypeExpr, str]:
        """`isinstance(x, str)`, or a tuple of builtin types and declared runtime types;
        a runtime type is matched by its type's module and name (never imported)."""
        kinds = node.args[1] if len(node.args) == 2 else None
        names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
        runtime = self.res.runtime_types
        if kinds is None or not names or not all(
                isinstance(k, ast.Name) and (k.id in ISINSTANCE_TYPES or k.id in runtime)
                for k in names):
            raise ExprError(node, "isinstance() takes a value and a builtin type name, a "
                            "runtime type or a tuple of them: "
                            f"{', '.join([*ISINSTANCE_TYPES, *runtime])}")
        _, src = self.visit(node.args[0], facts)
        builtin = [k.id for k in names if k.id in ISINSTANCE_TYPES]
        parts = []
        if builtin:
            spec = builtin[0] if len(builtin) == 1 else "(" + ", ".join(builtin) + ")"
            parts.append(f"isinstance({src}, {spec})")
        for k in names:
            if k.id in runtime:
                module, _, cls = runtime[k.id].import_path.rpartition(".")
                parts.append(f"(type({src}).__module__, type({src}).__qualname__) == "
                             f"({module!r}, {cls!r})")
        if len(parts) == 1 and builtin:
            return BOOL, parts[0]
        return BOOL, "(" + " or ".join(parts) + ")"

    def _given(self, node: ast.Call) -> tuple[TypeExpr, str]:
        """`given("field")`: whether the command line set this class's field (the engine
        tells a flag left at its default from one given with the default's value)."""
        args = node.args
        if len(args) != 1 or not isinstance(args[0], ast.Constant) \
                or not isinstance(args[0].value, str):
            raise ExprError(node, 'given() takes one field name: given("data_parallel_rank")')
        field = args[0].value
        head = field.split(".", 1)[0]  # a dotted path names a field of a nested config
        names = [f.name for f in getattr(self.scope.cls, "fields", ())]
        if head not in names:
            raise ExprError(args[0], f"given(): {head!r} is not a field of this class"
                            f"{did_you_mean(head, names)}")
        return BOOL, f"_r.given(self, {field!r})"

    def _unused(self, node: ast.Call) -> tuple[TypeExpr, str]:
        """`unused("config.field")`: whether the command line gave a flag for that path of
        this (root) class that had no effect, its optional config not being enabled."""
        args = node.args
        if len(args) != 1 or not isinstance(args[0], ast.Constant) \
                or not isinstance(args[0].value, str) or "." not in args[0].value:
            raise ExprError(node, 'unused() takes one dotted config path: '
                            'unused("lora_config.default_mm_loras")')
        path = args[0].value
        head = path.split(".", 1)[0]
        names = [f.name for f in getattr(self.scope.cls, "fields", ())]
        if head not in names:
            raise ExprError(args[0], f"unused(): {head!r} is not a field of this class"
                            f"{did_you_mean(head, names)}")
        return BOOL, f"_r.unused(self, {path!r})"

    def _env(self, node: ast.Call) -> tuple[TypeExpr, str]:
        args = node.args
        if len(args) != 2 or not isinstance(args[0], ast.Constant) or \
                not isinstance(args[0].value, str) or not isinstance(args[1], ast.Constant):
            raise ExprError(node, 'env() takes a variable name and a default: '
                            'env("VLLM_X", False); the default\'s type parses the value')
        var, default = args[0].value, args[1].value
        if not var.replace("_", "").isalnum():
            raise ExprError(args[0], f"{var!r} is not an environment variable name")
        self.env.append((var, repr(default)))
        t = {bool: BOOL, int: INT, float: FLOAT, str: STR}.get(type(default), _optional(STR))
        return t, f"_r.env({var!r}, {default!r}, envs)"


_CMP = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
        ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}


def _flat_arms(t: TypeExpr) -> list[TypeExpr]:
    """The arms of a union, nested unions flattened (`A | B | C` parses as nested)."""
    return [x for a in t.args for x in _flat_arms(a)] if t.kind == "union" else [t]


def _arms(t: TypeExpr | None) -> tuple[TypeExpr, ...]:
    if t is None:
        return ()
    return t.args if t.kind == "union" else (t,)


def _literal_values(t: TypeExpr) -> tuple | None:
    """The values of a Literal type, or of a union of Literal types; else None."""
    if t.kind == "literal":
        return t.values
    if t.kind == "union" and t.args and all(a.kind == "literal" for a in t.args):
        return tuple(dict.fromkeys(v for a in t.args for v in a.values))
    return None


def _merge_literal(a: TypeExpr, b: TypeExpr) -> TypeExpr:
    if a.kind == "literal" and b.kind == "literal":
        return TypeExpr("literal", values=tuple(dict.fromkeys(a.values + b.values)))
    return _union(a, b)


def _paren(src: str, node: ast.expr, boolop: bool = False, right: bool = False) -> str:
    """Parenthesise compound operands so the compiled code keeps the written grouping."""
    simple = (ast.Name, ast.Attribute, ast.Constant, ast.Call, ast.Subscript, ast.Tuple,
              ast.List, ast.IfExp, ast.ListComp, ast.SetComp, ast.DictComp)
    if isinstance(node, simple) or (boolop and isinstance(node, ast.Compare | ast.UnaryOp)):
        return src
    if boolop and isinstance(node, ast.BinOp):
        return src
    return f"({src})"


def _isa(t: TypeExpr, names: list[str]) -> bool:
    """Whether a value of type `t` (not a union) is an instance of one of `names`."""
    for name in names:
        kind, py = ISINSTANCE_TYPES.get(name, ("", ""))
        base = t.name if t.kind == "scalar" else (_base_of(t) if t.kind == "literal" else "")
        if kind == "scalar" and (base == py or (py == "int" and base == "bool")
                                 or (py == "float" and base == "float")):
            return True
        if kind == "container" and t.kind == "container" and t.name == py:
            return True
    return False


def _isa_types(names: list[str]) -> list[TypeExpr]:
    """The types an `isinstance(x, names)` that held tells about an opaque x."""
    out = []
    for name in names:
        kind, py = ISINSTANCE_TYPES.get(name, ("", ""))
        if kind == "scalar":
            out.append(TypeExpr("scalar", name=py))
        elif kind == "container":
            args = (ANY, ANY) if py == "dict" else (ANY,)
            out.append(TypeExpr("container", name=py, args=args, variadic=py == "tuple"))
        else:
            out.append(ANY)
    return out


def _check_arity(acc, node: ast.Call, typed: list[tuple[TypeExpr, str]], res) -> None:
    """A call of a declared method with exactly declared parameters: as many arguments
    as it takes (those with defaults may be left out), each of the parameter's type."""
    if not acc.has_params or any(p.startswith("*") for p, _ in acc.params):
        return
    required = [p for p, _ in acc.params if p not in dict(acc.defaults)]
    if not len(required) <= len(typed) <= len(acc.params):
        names = ", ".join(p for p, _ in acc.params)
        raise ExprError(node, f"{acc.name}() takes {len(required)}"
                        + (f" to {len(acc.params)}" if len(acc.params) > len(required) else "")
                        + f" argument{'s' if len(acc.params) > 1 else ''} ({names}), "
                        f"not {len(typed)}")
    for (pname, ptext), (t, _), arg in zip(acc.params, typed, node.args, strict=False):
        want = parse_type(ptext)
        if not _assignable(t, want, res):
            raise ExprError(arg, f"argument {pname} of {acc.name}() is {_show(t)}, "
                            f"expected {_show(want)}")


def _returns(acc) -> TypeExpr:
    try:
        return parse_type(acc.returns)
    except TypeSyntaxError:
        return ANY


def compile_message(message: str, loc: Loc, scope: Scope, errors: Collector, what: str,
                    facts: frozenset[str]) -> str:
    """A message with `{expression}` placeholders -> Python source of an f-string."""
    try:
        parts = list(string.Formatter().parse(message))
    except ValueError as exc:
        errors.error(loc, f"{what}: bad placeholder in message ({exc}); write {{{{ for a brace")
        return repr(message)
    out = []
    for lit, name, spec, conv in parts:
        out.append(lit.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        e = parse(name, loc, errors, f"{what} placeholder {{{name}}}")
        if e is None:
            continue
        c = check(e, scope, errors, f"{what} placeholder {{{name}}}", facts=facts)
        if c is None:
            continue
        out.append("{" + c.source + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "")
                   + "}")
    body = "".join(out)
    return "f" + repr(body) if "{" in body.replace("{{", "") else repr(message)


def parenthesized(source: str) -> bool:
    """Whether one pair of parentheses encloses all of `source` (`(a if b else c)`, not
    `(a) and (b)`): negating it needs no second pair."""
    if not (source.startswith("(") and source.endswith(")")):
        return False
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return False
    depth = 0
    for tok in tokens:
        if tok.type == tokenize.OP and tok.string in "([{":
            depth += 1
        elif tok.type == tokenize.OP and tok.string in ")]}":
            depth -= 1
            if depth == 0:
                return tok.end[1] == len(source) and tok.end[0] == 1
    return False


def negated_source(e: Expr, scope: Scope, facts: frozenset[str]) -> str:
    """`a not in b` / `a is not None` for a required `a in b` / `a is None` (the
    condition under which a check fails), so generated code reads as written and lints
    clean; '' for any other expression."""
    node = e.tree.body
    flip = {ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1
            and type(node.ops[0]) in flip):
        return ""
    tree = ast.Expression(ast.Compare(node.left, [flip[type(node.ops[0])]()],
                                      node.comparators))
    checked = check(Expr(ast.unparse(tree), e.loc, tree), scope, Collector(),
                    "negated require", facts=facts)
    return checked.source if checked is not None else ""
