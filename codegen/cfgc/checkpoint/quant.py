"""The quantization method's config object (`VllmConfig.quant_config`) for the methods
that can be decided without the engine's model executor: FP8, from `--quantization
fp8` alone (weights quantized while loading) or from an FP8 checkpoint's
quantization_config. The object carries the attributes the config layer reads; the
engine's own quantization classes (kernels, layer methods) stay the engine's."""

from __future__ import annotations

from typing import Any

#: Activation scales vLLM's FP8 method accepts.
ACTIVATION_SCHEMES = ("static", "dynamic")


class QuantizationConfig:
    """Base of the quantization method configs this package builds (vLLM's base class
    of the same name is its model executor's)."""

    @classmethod
    def get_name(cls) -> str:
        raise NotImplementedError


class Fp8Config(QuantizationConfig):
    """What vLLM's FP8 quantization config holds, as plain data: whether the checkpoint
    is already FP8, the activation scheme, layers left unquantized, the weight block
    size of block-wise checkpoints and the stored dtype; use_deep_gemm is the engine's
    to decide (None until it does)."""

    def __init__(self, is_checkpoint_fp8_serialized: bool = False,
                 activation_scheme: str = "dynamic", ignored_layers: list[str] | None = None,
                 weight_block_size: list[int] | None = None,
                 store_dtype: str | None = None) -> None:
        if activation_scheme not in ACTIVATION_SCHEMES:
            raise ValueError(f"FP8 activation scheme {activation_scheme!r} is not one of "
                             f"{', '.join(ACTIVATION_SCHEMES)}")
        if weight_block_size is not None:
            if not is_checkpoint_fp8_serialized:
                raise ValueError("block-wise FP8 needs a checkpoint stored in FP8")
            if len(weight_block_size) != 2 or activation_scheme != "dynamic":
                raise ValueError("block-wise FP8 needs a 2-D weight block size and dynamic "
                                 "activation scales")
        self.is_checkpoint_fp8_serialized = is_checkpoint_fp8_serialized
        self.activation_scheme = activation_scheme
        self.ignored_layers = list(ignored_layers or [])
        self.weight_block_size = weight_block_size
        self.store_dtype = store_dtype
        self.packed_modules_mapping: dict[str, list[str]] = {}
        self.use_deep_gemm: bool | None = None

    @classmethod
    def get_name(cls) -> str:
        return "fp8"

    @classmethod
    def get_supported_act_dtypes(cls) -> list[str]:
        return ["bfloat16", "float16"]

    @classmethod
    def get_min_capability(cls) -> int:
        return 75

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Fp8Config:
        """From a checkpoint's quantization_config."""
        return cls(is_checkpoint_fp8_serialized="fp8" in str(config.get("quant_method", "")),
                   activation_scheme=config.get("activation_scheme", "dynamic"),
                   ignored_layers=config.get("ignored_layers")
                   or config.get("modules_to_not_convert"),
                   weight_block_size=config.get("weight_block_size"),
                   store_dtype=config.get("store_dtype"))

    def has_blocked_weights(self) -> bool:
        return self.weight_block_size is not None

    def __repr__(self) -> str:
        return (f"Fp8Config(is_checkpoint_fp8_serialized={self.is_checkpoint_fp8_serialized}, "
                f"activation_scheme={self.activation_scheme!r}, "
                f"ignored_layers={self.ignored_layers}, "
                f"weight_block_size={self.weight_block_size})")


def quant_config(model_config: Any) -> Any:
    """The quantization config for the model's method, or None where only the engine can
    build it (other methods) or none is asked for."""
    arch = getattr(model_config, "model_arch_config", None)
    checkpoint = getattr(arch, "quantization_config", None) if arch is not None else None
    if not isinstance(checkpoint, dict):
        checkpoint = None
    # the method asked for, else the one the checkpoint names
    method = getattr(model_config, "quantization", None) or (
        str(checkpoint.get("quant_method", "")) if checkpoint else None)
    if method != "fp8":
        return None
    if checkpoint is not None and str(checkpoint.get("quant_method", "")) == "fp8":
        return Fp8Config.from_config(checkpoint)
    return Fp8Config()
