"""Hooks for schema/ec_transfer.yaml (ECTransferConfig)."""

from __future__ import annotations

import uuid
from typing import Any

EC_PRODUCER_ROLES = ("ec_producer", "ec_both")
EC_CONSUMER_ROLES = ("ec_consumer", "ec_both")
EC_ROLES = ("ec_producer", "ec_both", "ec_consumer")


def check_ec_transfer(self) -> None:
    """Give the engine an id if none was set, and require a role with a connector."""
    if self.engine_id is None:
        self.engine_id = str(uuid.uuid4())
    if self.ec_role is not None and self.ec_role not in EC_ROLES:
        raise ValueError(f"ec_role {self.ec_role!r} is not one of {EC_ROLES}")
    if self.ec_connector is not None and self.ec_role is None:
        raise ValueError(
            f"ec_connector {self.ec_connector!r} needs an ec_role, one of {EC_ROLES}"
        )


def is_ec_transfer_instance(self) -> bool:
    """Whether this instance takes part in encoder-cache transfer at all."""
    return self.ec_connector is not None and self.ec_role in EC_ROLES


def is_ec_producer(self) -> bool:
    """Whether this instance sends encoder caches."""
    return self.ec_connector is not None and self.ec_role in EC_PRODUCER_ROLES


def is_ec_consumer(self) -> bool:
    """Whether this instance receives encoder caches."""
    return self.ec_connector is not None and self.ec_role in EC_CONSUMER_ROLES


def get_from_extra_config(self, key: str, default: Any) -> Any:
    """One connector-specific setting, or `default`."""
    return self.ec_connector_extra_config.get(key, default)
