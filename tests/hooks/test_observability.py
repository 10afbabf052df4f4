"""The check_version hook of ObservabilityConfig, called directly; the former tracing
hooks (check_tracing, split_trace_modules, collect_model_*_time) are now declared in
the schema and tested here through the generated class."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from cfgc.hooks import observability as hooks
from cfgc.runtime.cli import run
from vllm_config import _cli_table
from vllm_config.observability import ObservabilityConfig


@pytest.mark.parametrize("version", [None, "0.7", "0.10.1", "1!2.0", "1.0.post1", "v1.0"])
def test_version_accepted(version):
    assert hooks.check_version(version) == version


@pytest.mark.parametrize("version", ["", "latest", "0.7-beta-x", "1..2"])
def test_version_rejected(version):
    with pytest.raises(ValueError, match="not a valid version"):
        hooks.check_version(version)


def test_split_trace_modules(capsys):
    """The removed split_trace_modules hook ran after type validation, so it never split
    anything (as in the seed): lists pass unchanged, a comma-joined entry is rejected by
    the module names. The comma spelling is the command line's."""
    endpoint = {"otlp_traces_endpoint": "http://x"}
    assert ObservabilityConfig(collect_detailed_traces=None).collect_detailed_traces is None
    assert ObservabilityConfig(collect_detailed_traces=["model"], **endpoint) \
        .collect_detailed_traces == ["model"]
    assert ObservabilityConfig(collect_detailed_traces=["model", "worker"], **endpoint) \
        .collect_detailed_traces == ["model", "worker"]
    for joined in (["model,worker"], ["model", "worker,all"]):
        with pytest.raises(ValidationError):
            ObservabilityConfig(collect_detailed_traces=joined, **endpoint)
    assert run(_cli_table, ["show", "--format", "json", "--otlp-traces-endpoint", "http://x",
                            "--collect-detailed-traces", "model,worker"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["observability_config"]["values"]["collect_detailed_traces"] == ["model", "worker"]


def test_check_tracing():
    with pytest.raises(ValueError, match="otlp_traces_endpoint"):
        ObservabilityConfig(collect_detailed_traces=["all"], otlp_traces_endpoint=None)
    with pytest.raises(ValueError):
        ObservabilityConfig(collect_detailed_traces=["all"], otlp_traces_endpoint="")
    ObservabilityConfig(collect_detailed_traces=["all"], otlp_traces_endpoint="http://x")
    ObservabilityConfig(collect_detailed_traces=None, otlp_traces_endpoint=None)


@pytest.mark.parametrize("traces, forward, execute", [
    (None, False, False),
    ([], False, False),
    (["model"], True, False),
    (["worker"], False, True),
    (["all"], True, True),
    (["model", "worker"], True, True),
])
def test_collect_times(traces, forward, execute):
    cfg = ObservabilityConfig(collect_detailed_traces=traces, otlp_traces_endpoint="http://x")
    assert cfg.collect_model_forward_time is forward
    assert cfg.collect_model_execute_time is execute
