# Generated from schema/mamba.yaml by cfgc; do not edit.
"""Config classes: MambaConfig."""

from typing import Any, Literal

from pydantic import field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import types as _types
from vllm_config.types import MambaBackendEnum

#: State-update algorithms of the Mamba kernels (re-exported from vllm_config.types).
MambaSSUAlgorithm = _types.MambaSSUAlgorithm


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

    ssu_algorithm: Literal["auto", "simple", "vertical", "horizontal"] | None = None
    """Selective-state-update algorithm of the FlashInfer backend (only with it). None
    leaves FlashInfer on "auto"; a forced one must be supported by FlashInfer for the
    GPU, the state dtype and the decoding mode.
    """

    @field_validator("backend", mode="before")
    @classmethod
    def validate_backend_before(cls, value: Any) -> Any:
        """The value `backend` is given, as the field stores it - a member name (any case) becomes the MambaBackendEnum member."""
        value = _v.enum_by_name(value, MambaBackendEnum)
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (self.ssu_algorithm is not None) and not (self.backend == MambaBackendEnum.FLASHINFER):
            raise _r.RuleError('choosing the Mamba SSU algorithm needs the FlashInfer backend: set --mamba-backend flashinfer, or leave out --mamba-ssu-algorithm', ["ssu_algorithm", "backend"], self)

    def validate_ssu_algorithm(self) -> "None":
        """Checks that an SSU algorithm is chosen only with the FlashInfer backend."""
        if (self.ssu_algorithm is not None) and not (self.backend == MambaBackendEnum.FLASHINFER):
            raise _r.RuleError('choosing the Mamba SSU algorithm needs the FlashInfer backend: set --mamba-backend flashinfer, or leave out --mamba-ssu-algorithm', ["ssu_algorithm", "backend"])
        return None

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_MambaConfig


_CONSTANT_HASH_MambaConfig = _h.digest("MambaConfig", {})
"""No field of MambaConfig feeds the cache key, so its hash is a constant."""
