"""`resolve_quantization_config`, re-exported by vllm_config.quantization."""

from __future__ import annotations

from typing import Any


def resolve_quantization_config(quantization: str | None,
                                quantization_config: dict[str, Any] | Any | None) -> Any:
    """The structured online-quantization settings: the shorthand's (`quantization` one
    of the online shorthands, or "online" for none), with what `quantization_config`
    sets taking precedence. None when neither applies; a ValueError when settings are
    given for a method that is not online."""
    from vllm_config.quantization import _ONLINE_SHORTHANDS, QuantizationConfigArgs

    online = (*_ONLINE_SHORTHANDS, "online")
    if quantization is not None and quantization not in online:
        if quantization_config is not None:
            raise ValueError(f"quantization_config needs quantization to be one of "
                             f"{sorted(online)}, not {quantization!r}")
        return None
    base = _ONLINE_SHORTHANDS.get(quantization) if quantization else None
    if quantization_config is None:
        return base
    if isinstance(quantization_config, dict):
        quantization_config = QuantizationConfigArgs(**quantization_config)
    if base is None:
        return quantization_config
    return QuantizationConfigArgs(linear=quantization_config.linear or base.linear,
                                  moe=quantization_config.moe or base.moe,
                                  ignore=quantization_config.ignore or base.ignore)


def _modelopt_mixed_has_nvfp4(quant_config: dict[str, Any] | None) -> bool:
    """Whether a ModelOpt mixed-precision checkpoint's per-layer table
    (`quantized_layers`: layer name -> {"quant_algo": ...}) puts any layer in NVFP4
    (weights and activations; the weight-only W4A16_NVFP4 does not count). A missing or
    malformed table is no."""
    layers = (quant_config or {}).get("quantized_layers")
    if not isinstance(layers, dict):
        return False
    return any(isinstance(entry, dict) and entry.get("quant_algo") == "NVFP4"
               for entry in layers.values())
