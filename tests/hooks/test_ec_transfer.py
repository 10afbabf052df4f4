"""Hooks of ECTransferConfig, called directly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import ec_transfer as hooks


def cfg(connector=None, role=None, engine_id=None, extra=None):
    return SimpleNamespace(ec_connector=connector, ec_role=role, engine_id=engine_id,
                           ec_connector_extra_config=extra or {})


def test_engine_id_filled_once():
    c = cfg()
    hooks.check_ec_transfer(c)
    first = c.engine_id
    hooks.check_ec_transfer(c)
    assert first and c.engine_id == first


def test_connector_without_role_rejected():
    with pytest.raises(ValueError, match="needs an ec_role"):
        hooks.check_ec_transfer(cfg(connector="C"))


def test_unknown_role_rejected():
    with pytest.raises(ValueError, match="not one of"):
        hooks.check_ec_transfer(cfg(role="ec_sideways"))


@pytest.mark.parametrize("role, instance, producer, consumer", [
    ("ec_producer", True, True, False),
    ("ec_consumer", True, False, True),
    ("ec_both", True, True, True),
    (None, False, False, False),
])
def test_role_predicates(role, instance, producer, consumer):
    c = cfg(connector="C", role=role)
    assert hooks.is_ec_transfer_instance(c) is instance
    assert hooks.is_ec_producer(c) is producer
    assert hooks.is_ec_consumer(c) is consumer


def test_predicates_false_without_connector():
    c = cfg(role="ec_both")
    assert not (hooks.is_ec_transfer_instance(c) or hooks.is_ec_producer(c)
                or hooks.is_ec_consumer(c))


def test_get_from_extra_config():
    c = cfg(extra={"shared_storage_path": "/tmp/ec"})
    assert hooks.get_from_extra_config(c, "shared_storage_path", None) == "/tmp/ec"
    assert hooks.get_from_extra_config(c, "missing", 3) == 3
