# Generated from schema/weight_transfer.yaml by cfgc; do not edit.
"""Config classes: WeightTransferConfig."""

from dataclasses import InitVar  # noqa: F401
from hashlib import sha256 as _sha256  # noqa: F401
from pathlib import Path  # noqa: F401
from typing import Any, ClassVar, Literal  # noqa: F401

from pydantic import Field, field_validator, model_validator  # noqa: F401

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v  # noqa: F401
from cfgc.runtime.dataclass import config
from cfgc.runtime.deprecation import warn_deprecated  # noqa: F401


@config
class WeightTransferConfig:
    """How a trainer pushes updated weights into a running engine (RL training loops).
    Used only when weights are updated in place; it never affects compilation.
    """

    backend: Literal["nccl", "ipc"] | str = "nccl"
    """Transport for weight updates: "nccl" (collective broadcast over GPUs, the
    usual choice across nodes), "ipc" (CUDA IPC handles, same node only), or the
    name of a registered custom backend.
    """

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_WeightTransferConfig


_CONSTANT_HASH_WeightTransferConfig = _h.digest("WeightTransferConfig", {})
"""No field of WeightTransferConfig feeds the cache key, so its hash is a constant."""
