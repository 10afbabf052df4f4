"""Emit `vllm_config.warmup`: the kernel warmup plan, provider uuids and entry point."""

from __future__ import annotations

from pathlib import Path

from .emit_python import environment, header
from .kernels import KernelSet, source_uuids
from .resolve import Resolved


def emit_warmup(res: Resolved, kernels_root: Path) -> dict[str, str]:
    ks: KernelSet | None = res.schema.kernel_set
    if ks is None:
        return {}
    plan = [{k: v for k, v in item.items() if k != "num_tokens"} for item in ks.plan()]
    content = environment().get_template("warmup.py.jinja").render(
        header=header("schema/kernels.yaml"),
        package=res.schema.package,
        uuids=source_uuids(ks, kernels_root),
        ops=ks.ops,
        num_tokens=ks.warmup_num_tokens,
        plan=plan,
    )
    return {f"{res.schema.package}/warmup.py": content}
