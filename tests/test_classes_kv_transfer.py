"""KVTransferConfig against the seed."""

from __future__ import annotations

import ast
import dataclasses
import json
import uuid
from pathlib import Path

import pytest
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
