"""KVTransferConfig against the seed."""

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

from vllm_config.kv_transfer import KVTransferConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


def test_constructor_fields_and_defaults_match_seed():
    facts = FACTS["KVTransferConfig"]
    assert [f.name for f in dataclasses.fields(KVTransferConfig) if f.init] == \
        facts["constructor_fields"]
    for f in facts["fields"]:
        d = f["default"]
        if f["name"] == "kv_buffer_device":  # platform default: an engine hook point
            assert declared_default(KVTransferConfig, f["name"]) is None
            continue
        expected = {} if d["kind"] == "factory" else ast.literal_eval(d["repr"])
        assert declared_default(KVTransferConfig, f["name"]) == expected, f["name"]


def test_engine_id_generated_when_missing():
    uuid.UUID(KVTransferConfig().engine_id)
    assert KVTransferConfig(engine_id="p0").engine_id == "p0"


@pytest.mark.parametrize("role", ["kv_producer", "kv_consumer", "kv_both"])
def test_connector_with_role(role):
    assert KVTransferConfig(kv_connector="NixlConnector", kv_role=role).kv_role == role


def test_connector_needs_role():
    with pytest.raises(ValidationError, match="kv_role"):
        KVTransferConfig(kv_connector="NixlConnector")


def test_buffer_device_given():
    assert KVTransferConfig(kv_buffer_device="cpu").kv_buffer_device == "cpu"


@pytest.mark.parametrize("kwargs", [
    {"kv_role": "ec_producer"}, {"kv_load_failure_policy": "retry"}, {"kv_port": "x"},
    {"kv_buffer_device": 3},
])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        KVTransferConfig(**kwargs)


def test_hash_is_constant():
    assert FACTS["KVTransferConfig"]["hash"]["style"] == "constant"
    assert KVTransferConfig().hash_factors() == {}
    other = KVTransferConfig(kv_connector="X", kv_role="kv_both",
                             kv_load_failure_policy="recompute")
    assert other.compute_hash() == KVTransferConfig().compute_hash()


def test_role_properties_and_extra_config_lookup():
    import vllm_config as v

    k = v.KVTransferConfig(kv_connector="X", kv_role="kv_both",
                           kv_connector_extra_config={"a": 1})
    assert k.is_kv_transfer_instance and k.is_kv_producer and k.is_kv_consumer
    assert k.get_from_extra_config("a", 0) == 1
    assert k.get_from_extra_config("missing", 7) == 7
    assert not v.KVTransferConfig().is_kv_transfer_instance


# Formerly tests/hooks/test_kv_transfer.py (hooks check_kv_transfer, the role predicates
# and get_from_extra_config), now declared in the schema: same cases through the class.
def cfg(connector=None, role=None, engine_id=None, extra=None):
    return KVTransferConfig(kv_connector=connector, kv_role=role, engine_id=engine_id,
                            kv_connector_extra_config=extra or {})


def test_engine_id_kept_or_generated():
    assert cfg(engine_id="given").engine_id == "given"
    assert len(cfg().engine_id) == 36


def test_connector_without_role_rejected():
    with pytest.raises(ValueError, match="needs a kv_role"):
        cfg(connector="C")
    with pytest.raises(ValueError, match=r"kv_connector 'C' needs a kv_role, one of "
                                         r"\('kv_producer', 'kv_both', 'kv_consumer'\)"):
        cfg(connector="C")


def test_unknown_role_rejected():
    # The hook's own "not one of" check could never be reached through the class: the
    # field's Literal type rejects an unknown role first, naming the allowed ones.
    with pytest.raises(ValueError, match="(?s)kv_role.*'kv_producer', 'kv_both' or 'kv_consumer'"):
        cfg(role="kv_observer")


@pytest.mark.parametrize("role, instance, producer, consumer", [
    ("kv_producer", True, True, False),
    ("kv_consumer", True, False, True),
    ("kv_both", True, True, True),
])
def test_role_predicates(role, instance, producer, consumer):
    c = cfg(connector="C", role=role)
    assert c.is_kv_transfer_instance is instance
    assert c.is_kv_producer is producer
    assert c.is_kv_consumer is consumer


def test_role_predicates_without_role():
    # (connector set, no role) is rejected at construction; the predicates still say
    # False for such an object (e.g. one whose role was cleared afterwards).
    c = cfg(connector="C", role="kv_both")
    c.kv_role = None
    assert not (c.is_kv_transfer_instance or c.is_kv_producer or c.is_kv_consumer)


def test_predicates_false_without_connector():
    c = cfg(role="kv_both")
    assert not (c.is_kv_transfer_instance or c.is_kv_producer or c.is_kv_consumer)


def test_get_from_extra_config():
    c = cfg(extra={"backends": ["UCX"]})
    assert c.get_from_extra_config("backends", None) == ["UCX"]
    assert c.get_from_extra_config("missing", "d") == "d"


ROLES = st.sampled_from([None, "kv_producer", "kv_both", "kv_consumer"])


@given(connector=st.sampled_from([None, "C"]), role=ROLES)
def test_role_rule_and_predicates_match_hand_written_meaning(connector, role):
    """The declared rule rejects exactly (connector set, no role); the declared
    predicates agree with vLLM's definitions on every accepted input."""
    try:
        c = KVTransferConfig(kv_connector=connector, kv_role=role)
    except ValidationError:
        assert connector is not None and role is None
        return
    assert not (connector is not None and role is None)
    on = connector is not None
    assert c.is_kv_transfer_instance is (on and role in ("kv_producer", "kv_both", "kv_consumer"))
    assert c.is_kv_producer is (on and role in ("kv_producer", "kv_both"))
    assert c.is_kv_consumer is (on and role in ("kv_consumer", "kv_both"))


@given(extra=st.dictionaries(st.sampled_from(["a", "b", "c"]), st.integers()),
       key=st.sampled_from(["a", "b", "c"]), default=st.integers())
def test_get_from_extra_config_is_dict_get(extra, key, default):
    assert KVTransferConfig(kv_connector_extra_config=extra).get_from_extra_config(
        key, default) == extra.get(key, default)
