# Generated from schema/lora.yaml by cfgc; do not edit.
"""Config classes: LoRAConfig."""

from hashlib import sha256 as _sha256
from typing import Any

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import types as _types
from vllm_config.types import LoRADType, MaxLoRARanks, TorchDType

#: Extra vocabulary sizes a LoRA adapter could add (re-exported from vllm_config.types).
LoRAExtraVocabSize = _types.LoRAExtraVocabSize


@config
class LoRAConfig:
    """Serving LoRA adapters: adapter slots per batch and in CPU memory, the largest rank,
    weight dtype and the modules adapters may touch. Sizes static buffers, so most
    fields are part of the cache key.
    """

    max_lora_rank: MaxLoRARanks = 16
    """Largest LoRA rank that can be loaded; sizes the adapter buffers."""

    max_loras: _v.Int = Field(default=1, ge=1)
    """Adapters that can be active in one batch (GPU adapter slots)."""

    fully_sharded_loras: bool = False
    """Shard the whole LoRA computation over tensor-parallel ranks instead of half of it. Usually faster with long sequences, high ranks or large TP."""

    max_cpu_loras: _v.Int | None = None
    """Adapters kept in CPU memory; at least max_loras. Unset - equal to max_loras."""

    lora_dtype: TorchDType | LoRADType = "auto"
    """Data type of adapter weights; "auto" uses the model's dtype."""

    target_modules: list[str] | None = None
    """Apply adapters only to modules with these name suffixes (e.g. ["o_proj", "qkv_proj"]), to trade adapter coverage for speed. Unset - every module that supports LoRA."""

    default_mm_loras: dict[str, str] | None = None
    """For multimodal models that always need an adapter for a modality - modality name to adapter path, applied when a request carries that modality. Skipped when a request has several such modalities (one adapter per prompt). Offline, adapters get ids 1..n in alphabetical order of modality."""

    enable_tower_connector_lora: bool = False
    """Also apply adapters to the vision tower and connector of multimodal models. Experimental; only some models (e.g. the Qwen-VL family)."""

    specialize_active_lora: bool = False
    """Capture separate CUDA graphs per count of active adapters (powers of two up to max_loras) for a tighter kernel grid. Faster with varying adapter use; slower start-up and more memory. Needs cudagraph_specialize_lora."""

    enable_mixed_moe_lora_format: bool = False
    """Use the generic 2D MoE LoRA layer for every MoE model so adapters in 2D and 3D expert formats can be served together. Ignored for dense models."""

    @field_validator("lora_dtype", mode="after")
    @classmethod
    def _after_lora_dtype(cls, value: Any) -> Any:
        if isinstance(value, str) and value not in ('auto', 'float16', 'bfloat16'):
            raise ValueError(f"unknown lora_dtype {value!r}; expected one of {', '.join(('auto', 'float16', 'bfloat16'))} (or a torch.dtype)")
        if not (isinstance(value, str) or (type(value).__module__, type(value).__qualname__) == ('torch', 'dtype')):
            raise ValueError(f"lora_dtype must be a name ({', '.join(('auto', 'float16', 'bfloat16'))}) or a torch.dtype, got {type(value).__name__}")
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.max_cpu_loras is None:
            self.max_cpu_loras = self.max_loras
        if (self.max_cpu_loras is not None) and not (self.max_cpu_loras >= self.max_loras):
            raise _r.RuleError(f'max_cpu_loras ({self.max_cpu_loras}) must be at least max_loras ({self.max_loras})', ["max_cpu_loras", "max_loras"], self)

    def verify_with_model_config(self, model_config: "Any") -> "None":
        """Resolves lora_dtype "auto" (or unset) to the model's dtype."""
        if self.lora_dtype is None or self.lora_dtype == 'auto':
            self.lora_dtype = model_config.dtype

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "enable_mixed_moe_lora_format": self.enable_mixed_moe_lora_format,
            "enable_tower_connector_lora": self.enable_tower_connector_lora,
            "fully_sharded_loras": self.fully_sharded_loras,
            "lora_dtype": _h.canon(self.lora_dtype),
            "max_lora_rank": self.max_lora_rank,
            "max_loras": self.max_loras,
            "target_modules": None if self.target_modules is None else tuple(self.target_modules),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = _h.text_of(self, lambda: (  # names the field of a value without stable identity
            self.enable_mixed_moe_lora_format,
            self.enable_tower_connector_lora,
            self.fully_sharded_loras,
            _h.canon(self.lora_dtype),
            self.max_lora_rank,
            self.max_loras,
            None if self.target_modules is None else tuple(self.target_modules),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_LoRAConfig.get(text)
        if digest is None:
            digest = _sha256(b"LoRAConfig:enable_mixed_moe_lora_format,enable_tower_connector_lora,fully_sharded_loras,lora_dtype,max_lora_rank,max_loras,target_modules:" + text.encode()).hexdigest()
            _h.remember(_MEMO_LoRAConfig, text, digest)
        return digest


_MEMO_LoRAConfig: dict[str, str] = {}
"""Canonical factor text -> digest for LoRAConfig.compute_hash (bounded by _h.remember)."""
