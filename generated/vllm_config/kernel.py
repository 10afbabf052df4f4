# Generated from schema/kernel.yaml by cfgc; do not edit.
"""Config classes: IrOpPriorityConfig, KernelConfig."""

from dataclasses import InitVar  # noqa: F401
from typing import Any, ClassVar, Literal  # noqa: F401

from pydantic import Field, field_validator, model_validator  # noqa: F401

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v  # noqa: F401
from cfgc.runtime.dataclass import config
from cfgc.runtime.deprecation import warn_deprecated  # noqa: F401
from vllm_config.types import MoEBackend


@config
class IrOpPriorityConfig:
    """Provider priority per IR op (e.g. "triton,native"): dispatch tries them in order
    and falls back to the native implementation.
    """

    rms_norm: list[str] = Field(default_factory=list)
    """Providers to try for rms_norm, first match wins."""

    fused_add_rms_norm: list[str] = Field(default_factory=list)
    """Providers to try for fused_add_rms_norm, first match wins."""

    @field_validator("rms_norm", mode="before")
    @classmethod
    def _before_rms_norm(cls, value: Any) -> Any:
        value = _v.comma_list(value)
        return value

    @field_validator("fused_add_rms_norm", mode="before")
    @classmethod
    def _before_fused_add_rms_norm(cls, value: Any) -> Any:
        value = _v.comma_list(value)
        return value

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "fused_add_rms_norm": tuple(self.fused_add_rms_norm),
            "rms_norm": tuple(self.rms_norm),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; see the cache-key docs page."""
        return _h.digest("IrOpPriorityConfig", self.hash_factors())


@config
class KernelConfig:
    """Which kernel families serve MoE and quantized linear layers, and warmup options.
    """

    ir_op_priority: IrOpPriorityConfig = Field(default_factory=IrOpPriorityConfig)
    """Provider order for each IR op; platform defaults are appended later."""

    enable_flashinfer_autotune: bool = None
    """Run FlashInfer's autotuner during warmup. Left unset, the platform decides."""

    moe_backend: MoEBackend = "auto"
    """Kernel family for MoE expert computation."""

    @field_validator("enable_flashinfer_autotune", mode="wrap")
    @classmethod
    def _skip_none_enable_flashinfer_autotune(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    @field_validator("moe_backend", mode="before")
    @classmethod
    def _before_moe_backend(cls, value: Any) -> Any:
        value = _v.lower(value)
        value = _v.dash_to_underscore(value)
        return value

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "ir_op_priority": _h.nested(self.ir_op_priority),
            "moe_backend": self.moe_backend,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; see the cache-key docs page."""
        return _h.digest("KernelConfig", self.hash_factors())
