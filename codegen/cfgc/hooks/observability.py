"""Hooks of schema/observability.yaml: ObservabilityConfig.

`collect_model_forward_time` and `collect_model_execute_time` are the value-only
derived properties of the class (the generated class has no properties).
"""

from __future__ import annotations

from typing import Any


def check_version(value: str | None) -> str | None:
    """Reject a string that is not a version number (PEP 440)."""
    if value is not None:
        from packaging.version import InvalidVersion, Version

        try:
            Version(value)
        except InvalidVersion:
            raise ValueError(f"{value!r} is not a valid version, e.g. '0.7'") from None
    return value


def split_trace_modules(value: list[str] | None) -> list[str] | None:
    """Legacy spelling: a single comma-separated entry becomes a list."""
    if value is not None and len(value) == 1 and "," in value[0]:
        return value[0].split(",")
    return value


def check_tracing(cfg: Any) -> None:
    if cfg.collect_detailed_traces and not cfg.otlp_traces_endpoint:
        raise ValueError("collect_detailed_traces needs otlp_traces_endpoint to be set")


def collect_model_forward_time(cfg: Any) -> bool:
    traces = cfg.collect_detailed_traces
    return traces is not None and ("model" in traces or "all" in traces)


def collect_model_execute_time(cfg: Any) -> bool:
    traces = cfg.collect_detailed_traces
    return traces is not None and ("worker" in traces or "all" in traces)
