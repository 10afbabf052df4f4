"""Reading the kernels section of the schema: IR ops, providers, dtypes and
specialisations (records in model/kernels.py).

It drives three outputs: one priority field per op on the class that asks for it
(`fields_from: kernel_ops`, added here), the providers' source uuids in the cache key,
and the warmup plan (both the warmup backend's).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Collector, Loc, did_you_mean
from ..model import schema as m
from ..model import schema_language as lang
from ..model.kernels import DTYPES, PROVIDER_ALIAS, SPEC_AXES, KernelSet, Op, Provider
from ..model.types import parse_type
from .deployment import parse_deployment
from .reader import IDENT, Reader
from .yaml_loader import Node


def parse_kernels(sections: list[tuple[str, Node]], errors: Collector) -> KernelSet | None:
    if not sections:
        return None
    if len(sections) > 1:
        errors.error(sections[1][1].loc, "the kernels section is declared twice "
                                         f"(first in {sections[0][0]})")
    node = sections[0][1]
    r = Reader(node, "kernels", lang.KERNELS, errors)
    providers: dict[str, Provider] = {}
    pnode = r.get("providers")
    if pnode is None or not pnode.is_map or not pnode.value:
        errors.error(node.loc, "kernels needs 'providers': name -> {doc, sources, jit}")
    else:
        for name, pv in pnode.value.items():
            pr = Reader(pv, f"provider {name}", lang.PROVIDER, errors)
            providers[name] = Provider(name, pr.str("doc", name, required=True),
                                       pr.str_list("sources", name), pr.bool("jit", name, False),
                                       pnode.key_locs[name])
            if not providers[name].sources:
                errors.error(pv.loc, f"provider {name} needs 'sources': the modules its "
                                     "uuid covers")
    engine = _engine_providers(r.get("engine_providers"), providers, errors)
    dtypes: dict[str, dict[str, float]] = {}
    dnode = r.get("dtypes")
    if dnode is not None and dnode.is_map:
        for name, tol in dnode.value.items():
            if name not in DTYPES:
                errors.error(dnode.key_locs[name], f"unknown dtype {name!r}"
                                                   f"{did_you_mean(name, DTYPES)}")
            tr = Reader(tol, f"dtype {name}", lang.TOLERANCE, errors)
            dtypes[name] = {k: float(tr.get(k).value) for k in ("atol", "rtol") if tr.has(k)}
    tokens = r.get("warmup_num_tokens")
    num_tokens = tuple(tokens.plain()) if tokens is not None and tokens.is_seq else (1,)
    if not all(isinstance(t, int) and t > 0 for t in num_tokens):
        errors.error(tokens.loc if tokens else node.loc, "warmup_num_tokens: positive ints")
    ops = []
    onode = r.get("ops")
    if onode is None or not onode.is_map:
        errors.error(node.loc, "kernels needs 'ops': name -> definition")
    else:
        for name, ov in onode.value.items():
            ops.append(_parse_op(name, ov, onode.key_locs[name], providers, dtypes, errors))
    dnode = r.get("deployment")
    deployment = parse_deployment(dnode, tuple(ops), errors) if dnode is not None else None
    return KernelSet(providers, engine, dtypes, tuple(ops), num_tokens, node.loc, deployment)


def _engine_providers(node: Node | None, providers: dict[str, Provider],
                      errors: Collector) -> dict[str, str]:
    """`engine_providers: {name: doc}`: names only, each distinct from the providers."""
    if node is None:
        return {}
    if not node.is_map:
        errors.error(node.loc, "engine_providers: name -> doc (the engine's own kernels)")
        return {}
    out: dict[str, str] = {}
    for name, doc in node.value.items():
        loc = node.key_locs[name]
        if not IDENT.match(name):
            errors.error(loc, f"engine provider name {name!r} must be an identifier")
        elif name in providers:
            errors.error(loc, f"{name!r} is both a provider and an engine provider")
        if not isinstance(doc.value, str) or not doc.value.strip():
            errors.error(doc.loc, f"engine provider {name} needs a doc string")
        out[name] = str(doc.value)
    return out


def _parse_op(name: str, node: Node, loc: Loc, providers: dict[str, Provider],
              dtypes: dict[str, dict[str, float]], errors: Collector) -> Op:
    what = f"op {name}"
    if not IDENT.match(name):
        errors.error(loc, f"op name {name!r} must be a Python identifier (it becomes a field)")
    r = Reader(node, what, lang.OP, errors)
    op_providers = r.str_list("providers", what)
    priority = r.str_list("default_priority", what)
    for key, names in (("providers", op_providers), ("default_priority", priority)):
        for p in names:
            if p not in providers:
                errors.error(r.key_loc(key), f"unknown provider {p!r} in {what}"
                                             f"{did_you_mean(p, providers)}")
    if "native" not in op_providers:
        errors.error(r.key_loc("providers"), f"{what} must list the 'native' provider "
                                             "(the fallback)")
    specs: list[tuple[str, tuple[object, ...]]] = []
    snode = r.get("specialisations")
    if snode is None or not snode.is_map:
        errors.error(loc, f"{what} needs 'specialisations': axis -> values")
    else:
        for axis, values in snode.value.items():
            if axis not in SPEC_AXES:
                errors.error(snode.key_locs[axis], f"unknown specialisation axis {axis!r}"
                                                   f"{did_you_mean(axis, SPEC_AXES)}")
                continue
            vals = tuple(values.plain()) if values.is_seq else (values.plain(),)
            if axis == "dtype":
                for v in vals:
                    if v not in dtypes:
                        errors.error(values.loc, f"dtype {v!r} of {what} has no tolerances "
                                                 "under kernels.dtypes")
            if axis == "hidden_size" and not all(isinstance(v, int) and v > 0 for v in vals):
                errors.error(values.loc, "hidden_size values must be positive ints")
            if axis in ("has_weight", "in_place") and not all(isinstance(v, bool) for v in vals):
                errors.error(values.loc, f"{axis} values must be true/false")
            specs.append((axis, vals))
    return Op(name, r.str("doc", what, required=True), r.str("signature", what, required=True),
              r.str_list("activations", what), op_providers, priority, tuple(specs), loc)


def provider_alias(ks: KernelSet) -> m.AliasDef:
    names = [*ks.providers, *ks.engine_providers]
    text = "Literal[" + ", ".join(f'"{n}"' for n in names) + "]"
    return m.AliasDef(PROVIDER_ALIAS, text, parse_type(text),
                      ("Name of a kernel provider: one in the op registry, or one of the "
                       "engine's own (schema/kernels.yaml)."),
                      ks.loc)


def priority_fields(ks: KernelSet, validators: tuple[m.Validator, ...] = ()
                    ) -> tuple[m.FieldDef, ...]:
    """One `list[IrOpProvider]` field per op, for the class with `fields_from: kernel_ops`,
    each validated by `validators` (the section's `priority_validate`)."""
    out = []
    for op in ks.ops:
        text = f"list[{PROVIDER_ALIAS}]"
        choices = ", ".join(op.providers)
        if ks.engine_providers:
            choices += "; or the engine's own: " + ", ".join(ks.engine_providers)
        what = " ".join(op.doc.split())
        doc = (f"Providers to try for {op.name}, in order (choices: {choices}); a "
               f"comma-separated string is accepted. Empty means the registry default "
               f"({', '.join(op.default_priority)}). {op.name}: {what}")
        out.append(m.FieldDef(
            name=op.name, type_text=text, type=parse_type(text),
            default=m.Default("value", op.loc, []), doc=doc,
            hash=m.HashRule(True, "", op.loc), loc=op.loc, type_loc=op.loc,
            validators=validators,
        ))
    return tuple(out)


def check_sources(ks: KernelSet, kernels_root: Path, errors: Collector) -> None:
    for provider in ks.providers.values():
        for module in provider.sources:
            path = kernels_root.joinpath(*module.split(".")).with_suffix(".py")
            if not path.exists():
                errors.error(provider.loc, f"source module {module} of provider "
                                           f"{provider.name} not found at {path}")
