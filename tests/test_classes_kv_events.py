"""KVEventsConfig against the seed."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.kv_events import KVEventsConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_constructor_fields_and_defaults_match_seed():
    facts = FACTS["KVEventsConfig"]
    assert [f.name for f in dataclasses.fields(KVEventsConfig) if f.init] == \
        facts["constructor_fields"]
    for f in facts["fields"]:
        assert KVEventsConfig.__pydantic_fields__[f["name"]].default == \
            ast.literal_eval(f["default"]["repr"]), f["name"]


@pytest.mark.parametrize("enabled, publisher", [(False, "null"), (True, "zmq")])
def test_publisher_follows_enable_flag(enabled, publisher):
    assert KVEventsConfig(enable_kv_cache_events=enabled).publisher == publisher


@pytest.mark.parametrize("publisher", ["null", "zmq"])
def test_explicit_publisher_kept(publisher):
    assert KVEventsConfig(enable_kv_cache_events=True, publisher=publisher).publisher == publisher


@pytest.mark.parametrize("kwargs", [{"publisher": "kafka"}, {"hwm": "many"},
                                    {"buffer_steps": 1.5}])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        KVEventsConfig(**kwargs)


def test_not_part_of_the_cache_key():
    assert FACTS["KVEventsConfig"]["hash"]["style"] == "none"
    assert KVEventsConfig().hash_factors() == {}
    assert KVEventsConfig(enable_kv_cache_events=True, topic="t").compute_hash() == \
        KVEventsConfig().compute_hash()


# Formerly tests/hooks/test_kv_events.py (the default_publisher hook), now the declared
# `derive` of publisher: same cases through the generated class.
@pytest.mark.parametrize("enabled, given, expected", [
    (False, None, "null"),
    (True, None, "zmq"),
    (True, "null", "null"),
    (False, "zmq", "zmq"),
])
def test_default_publisher(enabled, given, expected):
    obj = KVEventsConfig(enable_kv_cache_events=enabled, publisher=given)
    assert obj.publisher == expected
