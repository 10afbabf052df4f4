# Generated from schema/weight_transfer.yaml by cfgc; do not edit.
"""Config classes: WeightTransferConfig."""

from typing import Literal

from cfgc.runtime import hashing as _h
from cfgc.runtime.dataclass import config


@config
class WeightTransferConfig:
    """How a trainer pushes updated weights into a running engine (RL training loops).
    Used only when weights are updated in place; it never affects compilation.
    """

    backend: Literal["nccl", "ipc", "sparse_nccl"] | str = "nccl"
    """Transport for weight updates: "nccl" (collective broadcast over GPUs, the
    usual choice across nodes), "ipc" (CUDA IPC handles, same node only),
    "sparse_nccl" (a further built-in transport), or the name of a registered
    custom backend.
    """

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_WeightTransferConfig


_CONSTANT_HASH_WeightTransferConfig = _h.digest("WeightTransferConfig", {})
"""No field of WeightTransferConfig feeds the cache key, so its hash is a constant."""
