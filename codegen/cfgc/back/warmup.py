"""The warmup backend: `<package>/warmup.py`, the kernel warmup plan, the providers'
source uuids and the entry point.

Source uuids are computed here from the provider modules' files, with the same
length-prefixed SHA-256 as the runtime registry, so editing a kernel makes `cfgc check`
fail until the new uuid (and so a new cache key) is generated. The static plan is the
product of each op's specialisations; a served model's plan comes from the compiled
`kernels.deployment` (Resolved.deployment), rendered here as `_deployment(self)`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from ..model.kernels import KERNELS_DIR, CompiledCall, DeploymentCode, KernelSet
from ..model.python import py_literal
from ..model.resolved import Resolved
from ..runtime.hashing import sha256_of_parts
from . import GENERATED_DIR
from .render import environment, header

#: Where a call's expression puts its value in a plan item ("width" is the item's size).
_ITEM_KEY = {"width": "hidden_size"}


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """warmup.py, by path from the project root (the kernel sources are read from the
    project's kernels/ folder)."""
    ks = res.schema.kernel_set
    if ks is None:
        return {}
    kernels_root = (res.schema.root or Path(".")) / KERNELS_DIR
    plan = [{k: v for k, v in item.items() if k != "num_tokens"} for item in ks.plan()]
    content = environment().get_template("warmup.py.jinja").render(
        header=header("schema/kernels.yaml"),
        package=res.schema.package,
        uuids=source_uuids(ks, kernels_root),
        ops=ks.ops,
        num_tokens=ks.warmup_num_tokens,
        plan=plan,
        release=res.schema.release,
        releases=list(res.schema.releases), releases_text=", ".join(res.schema.releases),
        jit=[p.name for p in ks.providers.values() if p.jit],
        deployment=deployment_source(res.deployment) if res.deployment else None,
    )
    return {f"{GENERATED_DIR}/{res.schema.package}/warmup.py": content}


def source_uuids(ks: KernelSet, kernels_root: Path) -> dict[str, dict[str, str]]:
    """{op: {provider: uuid}}, as vllm_kernels.registry.source_uuid computes it."""
    texts: dict[str, str] = {}
    for provider in ks.providers.values():
        for module in provider.sources:
            path = kernels_root.joinpath(*module.split(".")).with_suffix(".py")
            texts[module] = path.read_text(encoding="utf-8") if path.exists() else ""
    out: dict[str, dict[str, str]] = {}
    for op in ks.ops:
        out[op.name] = {}
        for p in op.providers:
            parts = (op.name, p, *(texts[s] for s in ks.providers[p].sources))
            out[op.name][p] = sha256_of_parts(parts)
    return out


def deployment_source(d: DeploymentCode) -> str:
    """`_deployment(self)`: the deployment's values as locals, then the op calls of the
    architecture `self` serves (None for one the schema has no entry for)."""
    lines = ["def _deployment(self: Any) -> dict[str, Any]:",
             '    """The op calls of the served architecture\'s layers, from '
             'schema/kernels.yaml\'s',
             "    deployment (calls None: the architecture has no entry there).\"\"\"",
             f"    _architecture = {d.architecture}",
             f"    _known = {py_literal(tuple(name for name, _ in d.architectures))}",
             "    if _architecture not in _known:",
             '        return {"architecture": _architecture, "calls": None}']
    lines += [f"    {name} = {src}" for name, src in _used_values(d)]
    lines.append("    _calls: list[dict[str, Any]] = []")
    for i, (arch, calls) in enumerate(d.architectures):
        lines.append(f"    {'if' if i == 0 else 'elif'} _architecture == {py_literal(arch)}:")
        for call in calls:
            lines += _call_lines(call)
        if not calls:
            lines.append("        pass")
    reads = {k: list(v) for k, v in d.reads}
    lines += ["    return {",
              '        "architecture": _architecture,',
              f'        "dtype": {d.dtype},',
              f'        "num_tokens": {d.num_tokens},',
              f'        "max_num_tokens": {d.max_num_tokens},',
              '        "calls": _calls,',
              f'        "from": {py_literal(reads)},',
              "    }"]
    return "\n".join(lines) + "\n"


def _used_values(d: DeploymentCode) -> list[tuple[str, str]]:
    """The values some call, token count or later value reads: a release whose ops
    need fewer of them (an op added later) gets no unused locals."""
    sources = [d.dtype, d.num_tokens, d.max_num_tokens]
    for _, calls in d.architectures:
        for call in calls:
            sources += [call.when or "", *(src for _, src in call.exprs)]
    read = set(re.findall(r"[A-Za-z_]\w*", " ".join(sources)))
    kept = []
    for name, src in reversed(d.values):
        if name in read:
            kept.append((name, src))
            read |= set(re.findall(r"[A-Za-z_]\w*", src))
    return kept[::-1]


def _call_lines(call: CompiledCall) -> list[str]:
    indent = "            " if call.when else "        "
    entries = [("op", py_literal(call.op)), ("layers", py_literal(call.layers)),
               ("has_weight", py_literal(call.has_weight)),
               ("in_place", py_literal(call.in_place)),
               *call.exprs,
               ("from", py_literal({_ITEM_KEY.get(k, k): tuple(v) for k, v in call.reads}))]
    body = [f"{indent}_calls.append({{"]
    body += [f"{indent}    {py_literal(key)}: {src}," for key, src in entries]
    body.append(f"{indent}}})")
    return ([f"        if {call.when}:"] if call.when else []) + body
