"""Hooks for schema/engine_args.yaml (EngineArgs)."""

from __future__ import annotations

from typing import Any


def device_ids_as_ints(value: Any) -> Any:
    """GPU ids that are all digits become ints ("2" -> 2); UUIDs stay strings, as vLLM
    reads --device-ids.

    Stays a hook: a per-item conversion, and expressions have no comprehensions."""
    if isinstance(value, list):
        return [int(v) if isinstance(v, str) and v.strip().isdigit() else v for v in value]
    return value
