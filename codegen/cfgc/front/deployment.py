"""The kernels section's `deployment`: the shapes a served model calls each op with.

Parsing (`parse_deployment`, from front/kernels.py) reads the named values, the
architecture, dtype and token-count expressions and, per architecture, the op calls
its layers make. Compiling (`compile_deployment`, from front/resolve.py, once the
classes are known) checks every expression in the scope of VllmConfig, where the
values declared before are names too, compiles it to Python and records the config
paths it reads, following values to what they read: that is what each warmup item
of a served model says it came from.
"""

from __future__ import annotations

import ast
import builtins
import keyword

from ..errors import Collector, Loc, did_you_mean
from ..model import schema_language as lang
from ..model.expr import Expr, parse
from ..model.kernels import (
    CALL_EXPRS,
    ArchitectureCalls,
    CompiledCall,
    Deployment,
    DeploymentCode,
    NamedExpr,
    Op,
    OpCall,
)
from ..model.resolved import Resolved
from ..runtime.warmup_plan import NORM_OPS
from . import expr as x
from .reader import IDENT, Reader
from .yaml_loader import Node

#: The class whose fields the expressions read (`self` in the generated code).
ROOT_CLASS = "VllmConfig"
CALL_KEYS = ("op", "layers", "has_weight", "in_place", "when", *CALL_EXPRS)
#: Keys of a call that only some ops take.
_NORM_ONLY = ("has_weight", "row_stride", "weight_dtype")
_FUSED_ONLY = ("in_place",)
#: A per-head view: rms_norm only (the fused op takes rows).
_RMS_ONLY = ("token_stride",)
_GATED_ONLY = ("approximate",)
#: Names the generated code binds or calls itself: a value may not take them.
_TAKEN = frozenset({"self", *x.FUNCTIONS, *dir(builtins)})


def parse_deployment(node: Node, ops: tuple[Op, ...], errors: Collector) -> Deployment | None:
    r = Reader(node, "kernels.deployment", lang.DEPLOYMENT, errors)
    if not r.ok:
        return None
    values = []
    vnode = r.get("values")
    if vnode is not None:
        if not vnode.is_map:
            errors.error(vnode.loc, "deployment values: name -> {expr, doc}")
        else:
            for name, v in vnode.value.items():
                values.append(_value(name, v, vnode.key_locs[name], errors))
    exprs = {}
    for key in ("architecture", "dtype", "num_tokens", "max_num_tokens"):
        n = r.get(key)
        if n is None:
            errors.error(node.loc, f"kernels.deployment is missing required key {key!r}")
            continue
        exprs[key] = parse(n.value, n.loc, errors, f"deployment {key}")
    archs = []
    anode = r.get("architectures")
    if anode is None or not anode.is_map:
        errors.error(node.loc, "kernels.deployment needs 'architectures': name -> {doc, like, "
                               "calls}")
    else:
        op_names = {op.name: op for op in ops}
        for name, a in anode.value.items():
            archs.append(_architecture(name, a, anode.key_locs[name], op_names, errors))
    if any(v is None for v in exprs.values()) or len(exprs) < 4:
        return None
    deployment = Deployment(r.str("doc", "kernels.deployment"), tuple(v for v in values if v),
                            exprs["architecture"], exprs["dtype"], exprs["num_tokens"],
                            exprs["max_num_tokens"], tuple(a for a in archs if a), node.loc)
    _check_likes(deployment, errors)
    return deployment


def _value(name: str, node: Node, loc: Loc, errors: Collector) -> NamedExpr | None:
    what = f"deployment value {name}"
    if not IDENT.match(name) or keyword.iskeyword(name) or name.startswith("_"):
        errors.error(loc, f"{what}: the name must be an identifier without a leading _")
        return None
    if name in _TAKEN:
        errors.error(loc, f"{what}: {name!r} is a name the expressions already use; "
                          "choose another")
        return None
    r = Reader(node, what, lang.DEPLOYMENT_VALUE, errors)
    e = r.get("expr")
    if e is None:
        errors.error(node.loc, f"{what} needs 'expr'")
        return None
    parsed = parse(e.value, e.loc, errors, what)
    return None if parsed is None else NamedExpr(name, parsed, r.str("doc", what, required=True),
                                                 loc)


def _architecture(name: str, node: Node, loc: Loc, ops: dict[str, Op],
                  errors: Collector) -> ArchitectureCalls | None:
    what = f"deployment architecture {name}"
    r = Reader(node, what, lang.DEPLOYMENT_ARCHITECTURE, errors)
    if not r.ok:
        return None
    calls = []
    cnode = r.get("calls")
    if cnode is not None and not cnode.is_seq:
        errors.error(cnode.loc, f"{what}: calls is a list of op calls")
    elif cnode is not None:
        for item in cnode.value:
            call = _call(item, what, ops, errors)
            if call is not None:
                calls.append(call)
    like = r.str("like", what) or None
    if like is None and not calls:
        errors.error(loc, f"{what} needs 'calls' (or 'like': another architecture)")
    return ArchitectureCalls(name, r.str("doc", what), like, tuple(calls), loc)


def _call(node: Node, owner: str, ops: dict[str, Op], errors: Collector) -> OpCall | None:
    r = Reader(node, f"an op call of {owner}", lang.OP_CALL, errors)
    if not r.ok:
        return None
    op = r.str("op", f"an op call of {owner}", required=True)
    what = f"{op} call of {owner}"
    if op and op not in ops:
        errors.error(r.key_loc("op"), f"{what}: unknown op {op!r} (in this release; a call "
                                      f"of an op added later takes `added:`)"
                                      f"{did_you_mean(op, ops)}")
        return None
    for key in CALL_KEYS:
        if not r.has(key):
            continue
        wrong = ((key in _NORM_ONLY and op not in NORM_OPS)
                 or (key in _RMS_ONLY and op != "rms_norm")
                 or (key in _FUSED_ONLY and op != "fused_add_rms_norm")
                 or (key in _GATED_ONLY and op in NORM_OPS))
        if wrong:
            errors.error(r.key_loc(key), f"{what}: {op} takes no {key!r}")
    if op == "fused_add_rms_norm" and not r.has("in_place"):
        errors.error(node.loc, f"{what} must say whether it writes in place (in_place)")
    if r.has("token_stride") and (r.has("row_stride") or not r.has("rows_per_token")):
        errors.error(r.key_loc("token_stride"), f"{what}: a per-head view (token_stride) "
                                                "needs rows_per_token (its heads) and no "
                                                "row_stride")
    if not r.has("width"):
        errors.error(node.loc, f"{what} needs 'width' (the item's hidden_size)")
        return None
    exprs = []
    for key in CALL_EXPRS:
        n = r.get(key)
        if n is not None:
            e = parse(n.value, n.loc, errors, f"{key} of {what}")
            if e is not None:
                exprs.append((key, e))
    when_node = r.get("when")
    when = parse(when_node.value, when_node.loc, errors, f"when of {what}") if when_node else None
    return OpCall(op, r.str("layers", what, required=True), tuple(exprs),
                  r.bool("has_weight", what, True), r.bool("in_place", what, False), when,
                  node.loc)


def _check_likes(d: Deployment, errors: Collector) -> None:
    names = [a.name for a in d.architectures]
    for a in d.architectures:
        seen = [a.name]
        cur = a
        while cur is not None and cur.like:
            if cur.like not in names:
                errors.error(cur.loc, f"deployment architecture {cur.name}: like names an "
                                      f"unknown architecture {cur.like!r}"
                                      f"{did_you_mean(cur.like, names)}")
                break
            if cur.like in seen:
                errors.error(a.loc, f"deployment architecture {a.name}: 'like' goes in a "
                                    f"circle ({' -> '.join([*seen, cur.like])})")
                break
            seen.append(cur.like)
            cur = d.entry(cur.like)


# -- compiling ------------------------------------------------------------------------


def compile_deployment(d: Deployment, res: Resolved, errors: Collector) -> DeploymentCode | None:
    """Check and compile every expression of the deployment in VllmConfig's scope."""
    root = res.classes.get(ROOT_CLASS)
    if root is None:
        errors.error(d.loc, f"kernels.deployment reads {ROOT_CLASS}, which the schema lacks")
        return None
    fields = {f.name for f in root.fields}
    params: dict = {}
    value_reads: dict[str, tuple[str, ...]] = {}
    values = []
    ok = True

    def checked(e: Expr, what: str, want=None) -> x.Checked | None:
        c = x.check(e, x.Scope(res, root, params=dict(params)), errors, what, want)
        if c is not None and (c.enums or c.env or "_platforms." in c.source):
            errors.error(e.loc, f"{what}: enums, env() and platform.* are not available in "
                                "the warmup plan's expressions")
            return None
        return c

    def compiled(e: Expr, what: str, want=None) -> str | None:
        c = checked(e, what, want)
        return None if c is None else c.source

    for v in d.values:
        if v.name in fields:
            errors.error(v.loc, f"deployment value {v.name}: {ROOT_CLASS} has a field of "
                                "that name; choose another")
            ok = False
            continue
        c = checked(v.expr, f"deployment value {v.name}")
        if c is None:
            ok = False
            continue
        params[v.name] = c.type
        value_reads[v.name] = reads_of(v.expr, value_reads, fields)
        values.append((v.name, c.source))
    tops = {}
    for key, e, want in (("architecture", d.architecture, x.STR), ("dtype", d.dtype, x.STR),
                         ("num_tokens", d.num_tokens, None),
                         ("max_num_tokens", d.max_num_tokens, x.INT)):
        tops[key] = compiled(e, f"deployment {key}", want)
        ok = ok and tops[key] is not None
    archs = []
    for a in d.architectures:
        calls = []
        for call in d.calls_of(a.name):
            what = f"{call.op} call of deployment architecture {a.name}"
            when = compiled(call.when, f"when of {what}", x.BOOL) if call.when else None
            exprs = []
            for key, e in call.exprs:
                src = compiled(e, f"{key} of {what}")
                ok = ok and src is not None
                exprs.append((key, src or "None"))
            reads = tuple((key, reads_of(e, value_reads, fields)) for key, e in call.exprs)
            if call.when is not None:
                reads += (("when", reads_of(call.when, value_reads, fields)),)
            calls.append(CompiledCall(call.op, " ".join(call.layers.split()), call.has_weight,
                                      call.in_place, when, tuple(exprs), reads))
        archs.append((a.name, tuple(calls)))
    if not ok:
        return None
    top_reads = tuple((key, reads_of(e, value_reads, fields)) for key, e in
                      (("dtype", d.dtype), ("num_tokens", d.num_tokens),
                       ("max_num_tokens", d.max_num_tokens)))
    return DeploymentCode(tuple(values), tops["architecture"], tops["dtype"],
                          tops["num_tokens"], tops["max_num_tokens"], top_reads, tuple(archs))


def reads_of(e: Expr, values: dict[str, tuple[str, ...]], fields: set[str]) -> tuple[str, ...]:
    """The config paths an expression reads, a value standing for what it reads
    (`text.head_dim`, text being `model_config.hf_text_config`, reads
    `model_config.hf_text_config.head_dim`); `getattr(obj, "name", ...)` reads obj.name."""
    out: list[str] = []

    def chain(n: ast.AST) -> str | None:
        if isinstance(n, ast.Name):
            return n.id
        if isinstance(n, ast.Attribute):
            base = chain(n.value)
            return None if base is None else f"{base}.{n.attr}"
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "getattr"
                and len(n.args) >= 2 and isinstance(n.args[1], ast.Constant)):
            base = chain(n.args[0])
            return None if base is None else f"{base}.{n.args[1].value}"
        return None

    def visit(n: ast.AST) -> None:
        c = chain(n)
        if c is not None:
            head, _, rest = c.partition(".")
            if head in values:
                out.extend(f"{p}.{rest}" if rest else p for p in values[head])
                return
            if head in fields:
                out.append(c)
                return
        for child in ast.iter_child_nodes(n):
            visit(child)

    visit(e.tree.body)
    return tuple(dict.fromkeys(out))
