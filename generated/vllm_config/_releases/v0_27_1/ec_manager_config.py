# Generated from schema/ec_manager_config.yaml by cfgc; do not edit.
"""Config classes: EncoderCacheManagerConfig."""

from typing import Any

from cfgc.runtime import hashing as _h
from cfgc.runtime import names as _names
from cfgc.runtime import rules as _r
from cfgc.runtime.dataclass import config

#: Base class of what the scheduler's encoder-cache manager hands the worker's each step (custom managers subclass it).
EncoderCacheManagerMetadata = _names.EncoderCacheManagerMetadata


@config
class EncoderCacheManagerConfig:
    """Replaces the engine's manager of the multimodal encoder-output cache with a class of
    your own, and passes it its settings.
    """

    encoder_cache_manager_cls: str | None = None
    """Import path ("package.module.Class") of the custom encoder cache manager; unset keeps the built-in one."""

    def get_encoder_cache_manager_obj(self) -> "Any":
        """The custom manager class named by encoder_cache_manager_cls, or None when none is set."""
        raise _r.NotSupportedError('EncoderCacheManagerConfig.get_encoder_cache_manager_obj() is not available in vllm_config: importing the manager class by its qualified name belongs to the engine, which instantiates it')

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_EncoderCacheManagerConfig


_CONSTANT_HASH_EncoderCacheManagerConfig = _h.digest("EncoderCacheManagerConfig", {})
"""No field of EncoderCacheManagerConfig feeds the cache key, so its hash is a constant."""
