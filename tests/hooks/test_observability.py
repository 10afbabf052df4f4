"""Hooks of ObservabilityConfig, called directly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import observability as hooks


@pytest.mark.parametrize("version", [None, "0.7", "0.10.1", "1!2.0", "1.0.post1", "v1.0"])
def test_version_accepted(version):
    assert hooks.check_version(version) == version


@pytest.mark.parametrize("version", ["", "latest", "0.7-beta-x", "1..2"])
def test_version_rejected(version):
    with pytest.raises(ValueError, match="not a valid version"):
        hooks.check_version(version)


def test_split_trace_modules():
    assert hooks.split_trace_modules(None) is None
    assert hooks.split_trace_modules(["model,worker"]) == ["model", "worker"]
    assert hooks.split_trace_modules(["model"]) == ["model"]
    assert hooks.split_trace_modules(["model", "worker,all"]) == ["model", "worker,all"]


def test_check_tracing():
    with pytest.raises(ValueError, match="otlp_traces_endpoint"):
        hooks.check_tracing(SimpleNamespace(collect_detailed_traces=["all"],
                                            otlp_traces_endpoint=None))
    with pytest.raises(ValueError):
        hooks.check_tracing(SimpleNamespace(collect_detailed_traces=["all"],
                                            otlp_traces_endpoint=""))
    hooks.check_tracing(SimpleNamespace(collect_detailed_traces=["all"],
                                        otlp_traces_endpoint="http://x"))
    hooks.check_tracing(SimpleNamespace(collect_detailed_traces=None, otlp_traces_endpoint=None))


@pytest.mark.parametrize("traces, forward, execute", [
    (None, False, False),
    ([], False, False),
    (["model"], True, False),
    (["worker"], False, True),
    (["all"], True, True),
    (["model", "worker"], True, True),
])
def test_collect_times(traces, forward, execute):
    cfg = SimpleNamespace(collect_detailed_traces=traces)
    assert hooks.collect_model_forward_time(cfg) is forward
    assert hooks.collect_model_execute_time(cfg) is execute
