"""Hooks of schema/kv_transfer.yaml (KVTransferConfig): only what expressions cannot say.

The role predicates, get_from_extra_config and the kv_connector/kv_role rule are
declared in the schema.
"""

from __future__ import annotations

import uuid


def fill_engine_id(self) -> None:
    """Give an engine without an id a random UUID (vLLM's uuid4 default).

    Stays a hook: randomness is outside the expression language, which is deterministic
    by design (a derived default is a function of the other fields).
    """
    if self.engine_id is None:
        self.engine_id = str(uuid.uuid4())
