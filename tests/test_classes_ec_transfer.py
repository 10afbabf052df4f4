"""ECTransferConfig against the seed."""

from __future__ import annotations

import ast
import dataclasses
import json
import uuid
from pathlib import Path

import pytest
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
