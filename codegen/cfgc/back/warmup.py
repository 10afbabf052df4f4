"""The warmup backend: `<package>/warmup.py`, the kernel warmup plan, the providers'
source uuids and the entry point.

Source uuids are computed here from the provider modules' files, with the same
length-prefixed SHA-256 as the runtime registry, so editing a kernel makes `cfgc check`
fail until the new uuid (and so a new cache key) is generated.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..model.kernels import KERNELS_DIR, KernelSet
from ..model.resolved import Resolved
from ..runtime.hashing import sha256_of_parts
from . import GENERATED_DIR
from .render import environment, header


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
