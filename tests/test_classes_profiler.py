"""ProfilerConfig against the seed: defaults, directory rules, constant cache key."""

from __future__ import annotations

import ast
import inspect
import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.profiler import ProfilerConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_fields_and_defaults_match_seed():
    facts = FACTS["ProfilerConfig"]
    assert list(inspect.signature(ProfilerConfig).parameters) == facts["constructor_fields"]
    obj = ProfilerConfig()
    for f in facts["fields"]:
        want = ast.literal_eval(f["default"]["repr"])
        got = getattr(obj, f["name"])
        assert (got, type(got)) == (want, type(want)), f["name"]


def test_torch_profiler_needs_a_directory():
    with pytest.raises(ValidationError, match="needs torch_profiler_dir"):
        ProfilerConfig(profiler="torch")
    with pytest.raises(ValidationError, match="only used with profiler='torch'"):
        ProfilerConfig(torch_profiler_dir="/tmp/x")
    with pytest.raises(ValidationError, match="only used with profiler='torch'"):
        ProfilerConfig(profiler="cuda", torch_profiler_dir="/tmp/x")
    assert ProfilerConfig(profiler="cuda").profiler == "cuda"


def test_local_directory_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert ProfilerConfig(profiler="torch", torch_profiler_dir="traces").torch_profiler_dir \
        == str(tmp_path / "traces")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert ProfilerConfig(profiler="torch", torch_profiler_dir="~/t").torch_profiler_dir \
        == os.path.join(str(tmp_path), "t")


@pytest.mark.parametrize("uri", ["s3://bucket/run", "gs://b/x", "hdfs://nn/path"])
def test_uri_kept(uri):
    assert ProfilerConfig(profiler="torch", torch_profiler_dir=uri).torch_profiler_dir == uri


@pytest.mark.parametrize("kw", [
    {"profiler": "nsys"},
    {"active_iterations": 0},
    {"delay_iterations": -1},
    {"max_iterations": -1},
    {"warmup_iterations": -1},
    {"wait_iterations": -1},
])
def test_rejections(kw):
    with pytest.raises(ValidationError):
        ProfilerConfig(**kw)


def test_hash_is_constant(tmp_path):
    assert ProfilerConfig().hash_factors() == {}
    changed = ProfilerConfig(profiler="torch", torch_profiler_dir=str(tmp_path),
                             max_iterations=3, torch_profiler_with_stack=False)
    assert changed.compute_hash() == ProfilerConfig().compute_hash()
