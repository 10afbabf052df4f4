"""Hooks of schema/kernel.yaml (IrOpPriorityConfig, KernelConfig).

One stays a hook: the cache-key factor computed from the kernel sources' uuids.
(The provider-list parser is kernels.priority_validate; IrOpPriorityConfig.with_default
and KernelConfig.set_platform_defaults are generated from the kernels and platforms
sections: `each_op` and a `platform_priorities` step.)
"""

from __future__ import annotations

from functools import cache


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
