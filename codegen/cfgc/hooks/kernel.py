"""Hooks for schema/kernel.yaml (IrOpPriorityConfig, KernelConfig)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def priority_list(value: Any) -> Any:
    """Accept "a, b,c" for a provider list: spaces dropped, split on every comma.

    Matches the engine exactly: empty items are kept ("a,,b" -> ["a", "", "b"]).
    Lists pass through; their items must be strings.
    """
    if isinstance(value, str):
        value = value.replace(" ", "").split(",")
    if isinstance(value, list | tuple) and not all(isinstance(v, str) for v in value):
        raise ValueError(f"provider names must be strings, got {value!r}")
    return value


def ir_op_priority_with_default(cls: type, default: list[str], /, **given: list[str]) -> Any:
    """An IrOpPriorityConfig (`cls`) whose ops not named in `given` all get `default`."""
    for f in fields(cls):
        given.setdefault(f.name, list(default))
    return cls(**given)


def merge_platform_priorities(self, platform: Any) -> None:
    """Append the platform's providers to each op list of KernelConfig `self`.

    `platform` is an IrOpPriorityConfig with the platform's default order. Providers
    already listed are skipped, so calling this again changes nothing.
    """
    current = self.ir_op_priority
    for f in fields(platform):
        extra = getattr(platform, f.name)
        mine = getattr(current, f.name)
        if mine is None:
            setattr(current, f.name, list(extra))
            continue
        mine.extend([p for p in extra if p not in mine])


def impl_uuids(self) -> dict[str, dict[str, str]]:
    """Cache-key factor of IrOpPriorityConfig: the source uuid of each provider that can
    run each op. An empty list means the registry default order, so its providers count.
    The uuids are generated from the kernel sources (vllm_config.warmup), no torch needed.
    """
    from vllm_config.warmup import DEFAULT_PRIORITY, PROVIDER_UUIDS

    out: dict[str, dict[str, str]] = {}
    for op, uuids in PROVIDER_UUIDS.items():
        chosen = getattr(self, op, None) or DEFAULT_PRIORITY[op]
        out[op] = {p: uuids[p] for p in chosen if p in uuids}
    return out
