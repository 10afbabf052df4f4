"""LoadConfig against the seed: defaults, normalisation, constant cache key."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.load import LoadConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]
# Module constants the seed names instead of literals (their vLLM 0.25.1 values).
CONSTANTS = {"DEFAULT_SAFETENSORS_PREFETCH_NUM_THREADS": 8,
             "DEFAULT_SAFETENSORS_PREFETCH_BLOCK_SIZE": 16 * 1024 * 1024}


def declared_default(cls, name):
    info = cls.__pydantic_fields__[name]
    return info.default_factory() if info.default_factory is not None else info.default


def seed_default(fact):
    text = fact["default"]["repr"]
    if fact["default"]["kind"] == "factory":
        return {"dict": {}, "list": []}.get(text) if not text.startswith("lambda:") \
            else ast.literal_eval(text.removeprefix("lambda:").strip())
    return CONSTANTS[text] if text in CONSTANTS else ast.literal_eval(text)


def test_constructor_fields_and_defaults_match_seed():
    facts = FACTS["LoadConfig"]
    assert [f.name for f in dataclasses.fields(LoadConfig) if f.init] == \
        facts["constructor_fields"]
    for f in facts["fields"]:
        assert declared_default(LoadConfig, f["name"]) == seed_default(f), f["name"]


def test_ignore_patterns_default_is_not_shared():
    a = LoadConfig()
    a.ignore_patterns.append("x")
    assert LoadConfig().ignore_patterns == ["original/**/*"]


@pytest.mark.parametrize("text, value", [
    ("SafeTensors", "safetensors"), ("AUTO", "auto"), ("My_Plugin_Format", "my_plugin_format")])
def test_load_format_lowercased_and_open(text, value):
    assert LoadConfig(load_format=text).load_format == value


def test_union_fields_keep_their_shape():
    assert LoadConfig(ignore_patterns="*.bin").ignore_patterns == "*.bin"
    assert LoadConfig(pt_load_map_location={"cuda:1": "cuda:0"}).pt_load_map_location == \
        {"cuda:1": "cuda:0"}
    assert LoadConfig(model_loader_extra_config={"k": 1}).model_loader_extra_config == {"k": 1}


@pytest.mark.parametrize("kwargs", [
    {"safetensors_prefetch_num_threads": 0},
    {"safetensors_prefetch_block_size": 0},
    {"safetensors_load_strategy": "mmap"},
    {"load_format": 3},
    {"use_tqdm_on_load": "maybe"},
])
def test_rejected(kwargs):
    with pytest.raises(ValidationError):
        LoadConfig(**kwargs)


def test_hash_is_constant():
    base = LoadConfig()
    assert base.hash_factors() == {}
    other = LoadConfig(load_format="pt", download_dir="/models", device="cpu",
                       safetensors_load_strategy="eager", ignore_patterns=[],
                       model_loader_extra_config={"a": 1}, use_tqdm_on_load=False)
    assert other.compute_hash() == base.compute_hash()
