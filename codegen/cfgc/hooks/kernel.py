"""Hooks of schema/kernel.yaml (IrOpPriorityConfig, KernelConfig).

All stay hooks: the cache-key factor computed from the kernel sources' uuids, and the
helpers behind IrOpPriorityConfig.with_default and KernelConfig.set_platform_defaults
(the platform's default provider order).
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any


def ir_op_priority_with_default(cls: type, default: list[str], /, **given: list[str]) -> Any:
    """An IrOpPriorityConfig (`cls`) whose ops not named in `given` all get `default`.

    A seam: the engine builds its platform's default order with it (vLLM's
    IrOpPriorityConfig.with_default); a constructor over every op, not an expression.
    """
    for f in fields(cls):
        given.setdefault(f.name, list(default))
    return cls(**given)


def merge_platform_priorities(self, platform: Any) -> None:
    """Append the platform's providers to each op list of KernelConfig `self`.

    `platform` is an IrOpPriorityConfig with the platform's default order. Providers
    already listed are skipped, so calling this again changes nothing. A seam (hook
    point set_platform_defaults): it mutates lists with the platform's order.
    """
    current = self.ir_op_priority
    for f in fields(platform):
        extra = getattr(platform, f.name)
        mine = getattr(current, f.name)
        if mine is None:
            setattr(current, f.name, list(extra))
            continue
        mine.extend([p for p in extra if p not in mine])


def impl_uuids(self) -> str:
    """Cache-key factor of IrOpPriorityConfig: the source uuid of each provider that can
    run each op, as "op: provider=uuid, ...; op: ...". An empty list means the registry
    default order, so its providers count. The uuids are generated from the kernel
    sources (vllm_config.warmup), so no torch import is needed; the text is computed
    once per distinct set of lists. Hashing over kernel sources: stays a hook.
    """
    return _impl_text(tuple(tuple(getattr(self, op, None) or ()) for op in _ops()))


@cache
def _ops() -> tuple[str, ...]:
    from vllm_config.warmup import PROVIDER_UUIDS

    return tuple(PROVIDER_UUIDS)


@cache
def _impl_text(chosen_per_op: tuple[tuple[str, ...], ...]) -> str:
    from vllm_config.warmup import DEFAULT_PRIORITY, PROVIDER_UUIDS

    parts = []
    for op, chosen in zip(_ops(), chosen_per_op, strict=True):
        uuids = PROVIDER_UUIDS[op]
        pairs = [f"{p}={uuids[p]}" for p in (chosen or DEFAULT_PRIORITY[op]) if p in uuids]
        parts.append(f"{op}: {', '.join(pairs)}")
    return "; ".join(parts)


def set_platform_defaults(self, vllm_config: Any) -> None:
    """Append the platform's default provider order to each IR op list (KernelConfig).

    The platform follows vllm_config.device_config: on CUDA, Inductor compilation keeps
    "native" only, otherwise "vllm_c" comes first (and "oink" leads the RMSNorm ops with
    VLLM_USE_OINK_OPS=1; gelu_and_mul_sparse, in releases that have it, prefers "triton"
    on CUDA either way); other platforms use "native". Providers this package's kernels
    section does not declare are left out. A hook: it builds a whole
    IrOpPriorityConfig and merges it list by list.
    """
    import os
    import typing

    from vllm_config.types import CompilationMode, IrOpProvider

    default = ["native"]
    if getattr(vllm_config.device_config, "device_type", "") == "cuda":
        cc = vllm_config.compilation_config
        inductor = cc.backend == "inductor" and cc.mode != CompilationMode.NONE
        default = ["native"] if inductor else ["vllm_c", "native"]
    norm = (["oink"] + default) if os.environ.get("VLLM_USE_OINK_OPS", "0") == "1" else default
    # Only providers the kernels section declares can be listed (IrOpProvider).
    known = set(typing.get_args(IrOpProvider))
    default, norm = [p for p in default if p in known], [p for p in norm if p in known]
    cls = type(self.ir_op_priority)
    per_op = {"rms_norm": norm, "fused_add_rms_norm": norm}
    op_names = {f.name for f in fields(cls)}
    if "gelu_and_mul_sparse" in op_names and \
            getattr(vllm_config.device_config, "device_type", "") == "cuda":
        # 0.33.0's CUDA platform prefers the Triton kernel for this op, compiled or not
        per_op["gelu_and_mul_sparse"] = [p for p in ("triton", "native") if p in known]
    platform = ir_op_priority_with_default(cls, default, **per_op)
    merge_platform_priorities(self, platform)
