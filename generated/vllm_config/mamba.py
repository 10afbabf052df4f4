# Generated from schema/mamba.yaml by cfgc; do not edit.
"""Config classes: MambaConfig."""

from typing import Any

from pydantic import field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import MambaBackendEnum


@config
class MambaConfig:
    """Kernel choice and state-rounding options of Mamba (state-space model) layers."""

    backend: MambaBackendEnum = MambaBackendEnum.TRITON
    """Kernel for the selective-state update, by name in any case ("triton" or "flashinfer")."""

    enable_stochastic_rounding: bool = False
    """Round stochastically when writing SSM state into an fp16 cache, removing the
    bias of round-to-nearest; can help numerical stability on long sequences.
    Needs NVIDIA CUDA, and Blackwell (SM 10.x) with the Triton backend.
    """

    stochastic_rounding_philox_rounds: _v.Int = 0
    """Philox rounds of the random generator behind stochastic rounding. 0 uses
    Triton's default; more rounds give better randomness at some compute cost.
    """

    @field_validator("backend", mode="before")
    @classmethod
    def _before_backend(cls, value: Any) -> Any:
        value = _v.enum_by_name(value, MambaBackendEnum)
        return value

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_MambaConfig


_CONSTANT_HASH_MambaConfig = _h.digest("MambaConfig", {})
"""No field of MambaConfig feeds the cache key, so its hash is a constant."""
