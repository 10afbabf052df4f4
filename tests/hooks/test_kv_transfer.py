"""Hooks of KVTransferConfig, called directly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import kv_transfer as hooks


def cfg(connector=None, role=None, engine_id=None, extra=None):
    return SimpleNamespace(kv_connector=connector, kv_role=role, engine_id=engine_id,
                           kv_connector_extra_config=extra or {})


def test_engine_id_kept_or_generated():
    c = cfg(engine_id="given")
    hooks.check_kv_transfer(c)
    assert c.engine_id == "given"
    c = cfg()
    hooks.check_kv_transfer(c)
    assert len(c.engine_id) == 36


def test_connector_without_role_rejected():
    with pytest.raises(ValueError, match="needs a kv_role"):
        hooks.check_kv_transfer(cfg(connector="C"))


def test_unknown_role_rejected():
    with pytest.raises(ValueError, match="not one of"):
        hooks.check_kv_transfer(cfg(role="kv_observer"))


@pytest.mark.parametrize("role, instance, producer, consumer", [
    ("kv_producer", True, True, False),
    ("kv_consumer", True, False, True),
    ("kv_both", True, True, True),
    (None, False, False, False),
])
def test_role_predicates(role, instance, producer, consumer):
    c = cfg(connector="C", role=role)
    assert hooks.is_kv_transfer_instance(c) is instance
    assert hooks.is_kv_producer(c) is producer
    assert hooks.is_kv_consumer(c) is consumer


def test_predicates_false_without_connector():
    c = cfg(role="kv_both")
    assert not (hooks.is_kv_transfer_instance(c) or hooks.is_kv_producer(c)
                or hooks.is_kv_consumer(c))


def test_get_from_extra_config():
    c = cfg(extra={"backends": ["UCX"]})
    assert hooks.get_from_extra_config(c, "backends", None) == ["UCX"]
    assert hooks.get_from_extra_config(c, "missing", "d") == "d"
