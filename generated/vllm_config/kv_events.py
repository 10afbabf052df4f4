# Generated from schema/kv_events.yaml by cfgc; do not edit.
"""Config classes: KVEventsConfig."""

from typing import Any, Literal

from pydantic import field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class KVEventsConfig:
    """Publishing of KV cache events (blocks stored and evicted), so that external
    components such as KV-aware routers can track what each instance has cached.
    """

    enable_kv_cache_events: bool = False
    """Emit an event whenever a KV cache block is stored or removed."""

    publisher: Literal["null", "zmq"] = None  # derived after construction
    """Where events go: "zmq" publishes them over ZeroMQ, "null" drops them. Left
    unset it is "zmq" when enable_kv_cache_events is on, else "null".
    """

    endpoint: str = "tcp://*:5557"
    """ZeroMQ address events are published on."""

    replay_endpoint: str | None = None
    """ZeroMQ address where consumers can ask for recent events again; None disables replay."""

    buffer_steps: _v.Int = 10000
    """Engine steps of events kept for replay; older events are forgotten."""

    hwm: _v.Int = 100000
    """ZeroMQ high-water mark of the publisher: once this many events are queued for a
    slow consumer, further events are dropped.
    """

    max_queue_size: _v.Int = 100000
    """Events held in memory while waiting to be published."""

    topic: str = ""
    """Topic events are published under; consumers subscribe to it."""

    @field_validator("publisher", mode="wrap")
    @classmethod
    def _skip_none_publisher(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.publisher is None:
            self.publisher = ('zmq' if self.enable_kv_cache_events else 'null')

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_KVEventsConfig


_CONSTANT_HASH_KVEventsConfig = _h.digest("KVEventsConfig", {})
"""No field of KVEventsConfig feeds the cache key, so its hash is a constant."""
