"""ObservabilityConfig against the seed: defaults, validators, constant cache key."""

from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.observability import ObservabilityConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]


def test_fields_and_defaults_match_seed():
    facts = FACTS["ObservabilityConfig"]
    assert list(inspect.signature(ObservabilityConfig).parameters) == facts["constructor_fields"]
    for f in facts["fields"]:
        got = ObservabilityConfig.__pydantic_fields__[f["name"]].default
        want = ast.literal_eval(f["default"]["repr"])
        assert (got, type(got)) == (want, type(want)), f["name"]


def test_version_validated():
    cfg = ObservabilityConfig(show_hidden_metrics_for_version="0.7")
    assert cfg.show_hidden_metrics_for_version == "0.7"
    assert ObservabilityConfig(show_hidden_metrics_for_version="1.2.3rc1")
    with pytest.raises(ValidationError, match="not a valid version"):
        ObservabilityConfig(show_hidden_metrics_for_version="next")


def test_detailed_traces_need_endpoint():
    with pytest.raises(ValidationError, match="otlp_traces_endpoint"):
        ObservabilityConfig(collect_detailed_traces=["model"])
    cfg = ObservabilityConfig(collect_detailed_traces=["model", "worker"],
                              otlp_traces_endpoint="http://collector:4317")
    assert cfg.collect_detailed_traces == ["model", "worker"]
    # an empty list is falsy: no endpoint needed
    assert ObservabilityConfig(collect_detailed_traces=[]).collect_detailed_traces == []


@pytest.mark.parametrize("kw", [
    {"collect_detailed_traces": ["engine"], "otlp_traces_endpoint": "x"},
    # the single comma-joined entry fails the module names before the legacy split runs,
    # as in the seed (its splitting validator runs after type validation)
    {"collect_detailed_traces": ["model,worker"], "otlp_traces_endpoint": "x"},
    {"collect_detailed_traces": "model", "otlp_traces_endpoint": "x"},
    {"kv_cache_metrics_sample": 0},
    {"kv_cache_metrics_sample": 1.5},
    {"jit_monitor_mode": "ignore"},
])
def test_rejections(kw):
    with pytest.raises(ValidationError):
        ObservabilityConfig(**kw)


def test_hash_is_constant():
    assert ObservabilityConfig().hash_factors() == {}
    base = ObservabilityConfig().compute_hash()
    changed = ObservabilityConfig(kv_cache_metrics=True, kv_cache_metrics_sample=1,
                                  enable_mfu_metrics=True, jit_monitor_mode="error",
                                  show_hidden_metrics_for_version="0.7")
    assert changed.compute_hash() == base
