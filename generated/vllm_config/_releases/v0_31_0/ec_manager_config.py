# Generated from schema/ec_manager_config.yaml by cfgc; do not edit.
"""Config classes: EncoderCacheManagerConfig."""

from typing import Any

from pydantic import Field

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

    manager_config: dict[str, Any] = Field(default_factory=dict)
    """Settings handed unchanged to the custom manager; only allowed with encoder_cache_manager_cls."""

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (self.encoder_cache_manager_cls is None) and not (len(self.manager_config) == 0):
            raise _r.RuleError('manager_config needs encoder_cache_manager_cls to be set', ["encoder_cache_manager_cls", "manager_config"], self)

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
