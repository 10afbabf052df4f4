# Generated from schema/kv_transfer.yaml by cfgc; do not edit.
"""Config classes: KVTransferConfig."""

from typing import Any, Literal

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import types as _types
from vllm_config.platforms import current_platform
from vllm_config.types import KVRole

#: Sending KV transfer roles (re-exported from vllm_config.types).
KVProducer = _types.KVProducer

#: Receiving KV transfer roles (re-exported from vllm_config.types).
KVConsumer = _types.KVConsumer


@config
class KVTransferConfig:
    """Transfer of KV caches between engine instances, as in disaggregated prefill and
    decode.
    """

    kv_connector: str | None = None
    """Connector that moves KV caches between instances; None disables the transfer."""

    engine_id: str | None = None
    """Identity of this engine in KV transfers; a random UUID when not given."""

    kv_buffer_device: str = None  # unset: filled in after construction
    """Device holding the connector's KV buffer: "cuda", "cpu" or "xpu". Left unset,
    the platform's device type is used.
    """

    kv_buffer_size: float = 1000000000.0
    """Transfer buffer size of the torch.distributed connector, in bytes (1e9 is about 1 GB)."""

    kv_role: KVRole | None = None
    """Whether this instance produces, consumes or both produces and consumes KV caches.
    Required when kv_connector is set.
    """

    kv_rank: _v.Int | None = None
    """Rank of this instance in the transfer group, typically 0 for prefill and 1 for
    decode (one of each is supported).
    """

    kv_parallel_size: _v.Int = 1
    """Number of instances taking part in the transfer."""

    kv_ip: str = "127.0.0.1"
    """IP address the connector uses to set up its connection."""

    kv_port: _v.Int = 14579
    """Port the connector uses to set up its connection."""

    kv_connector_extra_config: dict[str, Any] = Field(default_factory=dict)
    """Connector-specific settings, passed through to the connector unchanged."""

    kv_connector_module_path: str | None = None
    """Python module to import the connector class from, for connectors outside vLLM."""

    enable_permute_local_kv: bool = False
    """Experimental. Convert KV layout from HND to NHD while transferring."""

    kv_load_failure_policy: Literal["recompute", "fail"] = "fail"
    """What happens when loading transferred KV blocks fails: "fail" ends the request
    with an error (default); "recompute" reschedules it so the missing blocks are
    computed locally.
    """

    @field_validator("kv_buffer_device", mode="wrap")
    @classmethod
    def _skip_none_kv_buffer_device(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.engine_id is None:
            self.engine_id = _r.uuid4()
        if self.kv_buffer_device is None:
            self.kv_buffer_device = current_platform.device_type
        if (self.kv_connector is not None) and self.kv_role is None:
            raise _r.RuleError(f"kv_connector {self.kv_connector!r} needs a kv_role, one of {('kv_producer', 'kv_both', 'kv_consumer')}", ["kv_connector", "kv_role"], self)

    @property
    def is_kv_transfer_instance(self) -> "bool":
        """True when a KV connector is set and this instance sends or receives KV."""
        return self.kv_connector is not None and self.kv_role in ('kv_producer', 'kv_both', 'kv_consumer')

    @property
    def is_kv_producer(self) -> "bool":
        """True when this instance sends KV (producer or both)."""
        return self.kv_connector is not None and self.kv_role in ('kv_producer', 'kv_both')

    @property
    def is_kv_consumer(self) -> "bool":
        """True when this instance receives KV (consumer or both)."""
        return self.kv_connector is not None and self.kv_role in ('kv_consumer', 'kv_both')

    def get_from_extra_config(self, key: "str", default: "Any") -> "Any":
        """Value of a key in kv_connector_extra_config, or the given default: get_from_extra_config(key, default)."""
        return (self.kv_connector_extra_config[key] if key in self.kv_connector_extra_config else default)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_KVTransferConfig


_CONSTANT_HASH_KVTransferConfig = _h.digest("KVTransferConfig", {})
"""No field of KVTransferConfig feeds the cache key, so its hash is a constant."""
