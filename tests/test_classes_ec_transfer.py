"""ECTransferConfig against the seed."""

from __future__ import annotations

import ast
import dataclasses
import json
import uuid
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from vllm_config.ec_transfer import ECTransferConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


def test_constructor_fields_and_defaults_match_seed():
    facts = FACTS["ECTransferConfig"]
    assert [f.name for f in dataclasses.fields(ECTransferConfig) if f.init] == \
        facts["constructor_fields"]
    for f in facts["fields"]:
        d = f["default"]
        expected = {} if d["kind"] == "factory" else ast.literal_eval(d["repr"])
        assert declared_default(ECTransferConfig, f["name"]) == expected, f["name"]


def test_engine_id_generated_when_missing():
    a, b = ECTransferConfig(), ECTransferConfig()
    uuid.UUID(a.engine_id)
    assert a.engine_id != b.engine_id
    assert ECTransferConfig(engine_id="enc-0").engine_id == "enc-0"


@pytest.mark.parametrize("role", ["ec_producer", "ec_consumer", "ec_both"])
def test_connector_with_role(role):
    assert ECTransferConfig(ec_connector="ECExampleConnector", ec_role=role).ec_role == role


def test_connector_needs_role():
    with pytest.raises(ValidationError, match="ec_role"):
        ECTransferConfig(ec_connector="ECExampleConnector")


@pytest.mark.parametrize("kwargs", [{"ec_role": "kv_producer"}, {"ec_port": "http"},
                                    {"ec_buffer_size": "big"}])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        ECTransferConfig(**kwargs)


def test_buffer_size_is_float():
    assert ECTransferConfig(ec_buffer_size=1000).ec_buffer_size == 1000.0


def test_hash_is_constant():
    assert FACTS["ECTransferConfig"]["hash"]["style"] == "constant"
    assert ECTransferConfig().hash_factors() == {}
    other = ECTransferConfig(ec_connector="X", ec_role="ec_both", ec_port=1)
    assert other.compute_hash() == ECTransferConfig().compute_hash()


# Formerly tests/hooks/test_ec_transfer.py (hooks check_ec_transfer, the role predicates
# and get_from_extra_config), now declared in the schema: same cases through the class.
def cfg(connector=None, role=None, engine_id=None, extra=None):
    return ECTransferConfig(ec_connector=connector, ec_role=role, engine_id=engine_id,
                            ec_connector_extra_config=extra or {})


def test_engine_id_filled_once():
    c = cfg()
    first = c.engine_id
    again = dataclasses.replace(c)  # construction again, with the id now given
    assert first and again.engine_id == first


def test_connector_without_role_rejected():
    with pytest.raises(ValueError, match="needs an ec_role"):
        cfg(connector="C")
    with pytest.raises(ValueError, match=r"ec_connector 'C' needs an ec_role, one of "
                                         r"\('ec_producer', 'ec_both', 'ec_consumer'\)"):
        cfg(connector="C")


def test_unknown_role_rejected():
    # The hook's own "not one of" check could never be reached through the class: the
    # field's Literal type rejects an unknown role first, naming the allowed ones.
    with pytest.raises(ValueError, match="(?s)ec_role.*'ec_producer', 'ec_both' or 'ec_consumer'"):
        cfg(role="ec_sideways")


@pytest.mark.parametrize("role, instance, producer, consumer", [
    ("ec_producer", True, True, False),
    ("ec_consumer", True, False, True),
    ("ec_both", True, True, True),
])
def test_role_predicates(role, instance, producer, consumer):
    c = cfg(connector="C", role=role)
    assert c.is_ec_transfer_instance is instance
    assert c.is_ec_producer is producer
    assert c.is_ec_consumer is consumer


def test_role_predicates_without_role():
    # (connector set, no role) is rejected at construction; the predicates still say
    # False for such an object (e.g. one whose role was cleared afterwards).
    c = cfg(connector="C", role="ec_both")
    c.ec_role = None
    assert not (c.is_ec_transfer_instance or c.is_ec_producer or c.is_ec_consumer)


def test_predicates_false_without_connector():
    c = cfg(role="ec_both")
    assert not (c.is_ec_transfer_instance or c.is_ec_producer or c.is_ec_consumer)


def test_get_from_extra_config():
    c = cfg(extra={"shared_storage_path": "/tmp/ec"})
    assert c.get_from_extra_config("shared_storage_path", None) == "/tmp/ec"
    assert c.get_from_extra_config("missing", 3) == 3


@given(connector=st.sampled_from([None, "C"]),
       role=st.sampled_from([None, "ec_producer", "ec_both", "ec_consumer"]))
def test_role_rule_and_predicates_match_hand_written_meaning(connector, role):
    try:
        c = ECTransferConfig(ec_connector=connector, ec_role=role)
    except ValidationError:
        assert connector is not None and role is None
        return
    on = connector is not None
    assert c.is_ec_transfer_instance is (on and role is not None)
    assert c.is_ec_producer is (on and role in ("ec_producer", "ec_both"))
    assert c.is_ec_consumer is (on and role in ("ec_consumer", "ec_both"))
