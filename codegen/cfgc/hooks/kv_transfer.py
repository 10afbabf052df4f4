"""Hooks for schema/kv_transfer.yaml (KVTransferConfig)."""

from __future__ import annotations

import uuid
from typing import Any

KV_PRODUCER_ROLES = ("kv_producer", "kv_both")
KV_CONSUMER_ROLES = ("kv_consumer", "kv_both")
KV_ROLES = ("kv_producer", "kv_both", "kv_consumer")


def check_kv_transfer(self) -> None:
    """Give the engine an id if none was set, and require a role with a connector."""
    if self.engine_id is None:
        self.engine_id = str(uuid.uuid4())
    if self.kv_role is not None and self.kv_role not in KV_ROLES:
        raise ValueError(f"kv_role {self.kv_role!r} is not one of {KV_ROLES}")
    if self.kv_connector is not None and self.kv_role is None:
        raise ValueError(
            f"kv_connector {self.kv_connector!r} needs a kv_role, one of {KV_ROLES}"
        )


def is_kv_transfer_instance(self) -> bool:
    """Whether this instance takes part in KV cache transfer at all."""
    return self.kv_connector is not None and self.kv_role in KV_ROLES


def is_kv_producer(self) -> bool:
    """Whether this instance sends KV caches."""
    return self.kv_connector is not None and self.kv_role in KV_PRODUCER_ROLES


def is_kv_consumer(self) -> bool:
    """Whether this instance receives KV caches."""
    return self.kv_connector is not None and self.kv_role in KV_CONSUMER_ROLES


def get_from_extra_config(self, key: str, default: Any) -> Any:
    """One connector-specific setting, or `default`."""
    return self.kv_connector_extra_config.get(key, default)
