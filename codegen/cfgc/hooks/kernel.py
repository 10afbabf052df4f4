"""Hooks of schema/kernel.yaml (IrOpPriorityConfig, KernelConfig).

Both stay hooks: a parser of provider lists and the cache-key factor computed from the
kernel sources' uuids. (IrOpPriorityConfig.with_default and
KernelConfig.set_platform_defaults are generated from the kernels and platforms
sections: `each_op` and a `platform_priorities` step.)
"""

from __future__ import annotations

from functools import cache
from typing import Any


def priority_list(value: Any) -> Any:
    """Accept "a, b,c" for a provider list: spaces dropped, split on every comma.

    Matches the engine exactly: empty items are kept ("a,,b" -> ["a", "", "b"]).
    Lists pass through; their items must be strings. A parser (named by the kernels
    section for every op field), so it stays a hook.
    """
    if isinstance(value, str):
        value = value.replace(" ", "").split(",")
    if isinstance(value, list | tuple) and not all(isinstance(v, str) for v in value):
        raise ValueError(f"provider names must be strings, got {value!r}")
    return value


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
