# Generated from schema/ec_transfer.yaml by cfgc; do not edit.
"""Config classes: ECTransferConfig."""

from typing import Any

from pydantic import Field

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import types as _types
from vllm_config.types import ECRole

#: Sending encoder-cache roles (re-exported from vllm_config.types).
ECProducer = _types.ECProducer

#: Receiving encoder-cache roles (re-exported from vllm_config.types).
ECConsumer = _types.ECConsumer


@config
class ECTransferConfig:
    """Transfer of encoder caches (e.g. vision-encoder outputs) between engine instances,
    for deployments that run the encoder separately.
    """

    ec_connector: str | None = None
    """Connector that moves encoder caches between instances; None disables the transfer."""

    engine_id: str | None = None
    """Identity of this engine in encoder-cache transfers; a random UUID when not given."""

    ec_buffer_device: str | None = "cuda"
    """Device holding the connector's transfer buffer; only "cuda" is supported."""

    ec_buffer_size: float = 1000000000.0
    """Transfer buffer size of the torch.distributed connector, in bytes (1e9 is about 1 GB)."""

    ec_role: ECRole | None = None
    """Whether this instance produces, consumes or both produces and consumes encoder
    caches. Required when ec_connector is set.
    """

    ec_rank: _v.Int | None = None
    """Rank of this instance in the transfer group, typically 0 for the encoder and 1
    for the prefill/decode instance (one of each is supported).
    """

    ec_parallel_size: _v.Int = 1
    """Number of instances taking part in the transfer (2 for the PyNccl connector)."""

    ec_ip: str = "127.0.0.1"
    """IP address the connector uses to set up its connection."""

    ec_port: _v.Int = 14579
    """Port the connector uses to set up its connection."""

    ec_connector_extra_config: dict[str, Any] = Field(default_factory=dict)
    """Connector-specific settings, passed through to the connector unchanged."""

    ec_connector_module_path: str | None = None
    """Python module to import the connector class from, for connectors outside vLLM."""

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.engine_id is None:
            self.engine_id = _r.uuid4()
        if (self.ec_connector is not None) and self.ec_role is None:
            raise _r.RuleError(f"ec_connector {self.ec_connector!r} needs an ec_role, one of {('ec_producer', 'ec_both', 'ec_consumer')}", ["ec_connector", "ec_role"], self)

    @property
    def is_ec_transfer_instance(self) -> "bool":
        """True when an encoder-cache connector is set and this instance sends or receives."""
        return self.ec_connector is not None and self.ec_role in ('ec_producer', 'ec_both', 'ec_consumer')

    @property
    def is_ec_producer(self) -> "bool":
        """True when this instance sends encoder outputs (producer or both)."""
        return self.ec_connector is not None and self.ec_role in ('ec_producer', 'ec_both')

    @property
    def is_ec_consumer(self) -> "bool":
        """True when this instance receives encoder outputs (consumer or both)."""
        return self.ec_connector is not None and self.ec_role in ('ec_consumer', 'ec_both')

    def get_from_extra_config(self, key: "str", default: "Any") -> "Any":
        """Value of a key in ec_connector_extra_config, or the given default: get_from_extra_config(key, default)."""
        return (self.ec_connector_extra_config[key] if key in self.ec_connector_extra_config else default)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_ECTransferConfig


_CONSTANT_HASH_ECTransferConfig = _h.digest("ECTransferConfig", {})
"""No field of ECTransferConfig feeds the cache key, so its hash is a constant."""
