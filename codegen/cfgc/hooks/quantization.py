"""Hooks of schema/quantization.yaml: a spec given as a string."""

from __future__ import annotations

from typing import Any


def _spec_from_string(value: Any, layer_kind: str) -> Any:
    """A string is an online shorthand (its spec for `layer_kind`) or a scheme name (the
    weights' scheme); anything else passes on. A hook: it looks the string up in the
    shorthands table and picks the field of the same name."""
    if not isinstance(value, str):
        return value
    from vllm_config.quantization import _ONLINE_SHORTHANDS, QuantSpec

    if value in _ONLINE_SHORTHANDS:
        spec = getattr(_ONLINE_SHORTHANDS[value], layer_kind)
        if spec is None:
            raise ValueError(f"the online shorthand {value!r} has no {layer_kind} spec")
        return spec
    return QuantSpec(weight=value)


def linear_spec(value: Any) -> Any:
    """QuantizationConfigArgs.linear given as a string (see _spec_from_string)."""
    return _spec_from_string(value, "linear")


def moe_spec(value: Any) -> Any:
    """QuantizationConfigArgs.moe given as a string (see _spec_from_string)."""
    return _spec_from_string(value, "moe")
