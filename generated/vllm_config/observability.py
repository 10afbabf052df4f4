# Generated from schema/observability.yaml by cfgc; do not edit.
"""Config classes: ObservabilityConfig."""

from typing import Any, Literal

from pydantic import Field, field_validator

from cfgc.hooks import observability as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime.dataclass import config
from vllm_config.types import DetailedTraceModules


@config
class ObservabilityConfig:
    """Metrics, tracing and diagnostic logging. None of it changes the compiled model."""

    show_hidden_metrics_for_version: str | None = None
    """Bring back Prometheus metrics hidden since this release (e.g. "0.7") while you move dashboards to their replacements. A temporary escape hatch; the metrics will be removed. Must parse as a version."""

    otlp_traces_endpoint: str | None = None
    """URL of the OpenTelemetry collector that receives traces. Needs the OpenTelemetry packages."""

    collect_detailed_traces: list[DetailedTraceModules] | None = None
    """Modules that record detailed timing spans; needs otlp_traces_endpoint. Costly: adds possibly blocking work on every request."""

    kv_cache_metrics: bool = False
    """Report KV cache block residency (lifetime, idle time, reuse gaps) from a sample of blocks. Needs stats logging on."""

    kv_cache_metrics_sample: float = Field(default=0.01, gt=0, le=1)
    """Fraction of KV cache blocks sampled for kv_cache_metrics, in (0, 1]."""

    cudagraph_metrics: bool = False
    """Report CUDA graph statistics per logging interval (padded vs real tokens, the dispatch modes used and how often)."""

    enable_layerwise_nvtx_tracing: bool = False
    """Wrap every layer in an NVTX range annotated with input and output shapes, for Nsight timelines. Does not work with CUDA graphs."""

    enable_mfu_metrics: bool = False
    """Report model FLOPs utilisation."""

    enable_mm_processor_stats: bool = False
    """Time multimodal preprocessing steps. For benchmarks; no command-line flag."""

    enable_logging_iteration_details: bool = False
    """Log every engine step - context and generation request and token counts and the step's CPU time."""

    jit_monitor_mode: Literal["warn", "error"] = "warn"
    """Whether a JIT compilation after warmup only warns or is an error."""

    jit_monitor_verbose: bool = False
    """Log every monitored JIT compilation with details. Verbose and slower; for debugging."""

    @field_validator("show_hidden_metrics_for_version", mode="after")
    @classmethod
    def _after_show_hidden_metrics_for_version(cls, value: Any) -> Any:
        value = _hooks.check_version(value)
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (bool(self.collect_detailed_traces)) and not (bool(self.otlp_traces_endpoint)):
            raise _r.RuleError('collect_detailed_traces requires a trace collector; set --otlp-traces-endpoint (otlp_traces_endpoint)', ["collect_detailed_traces", "otlp_traces_endpoint"], self)

    @property
    def show_hidden_metrics(self) -> "bool":
        """Whether metrics hidden since the previous minor release are shown again."""
        return self.show_hidden_metrics_for_version == '0.24'

    @property
    def collect_model_forward_time(self) -> "bool":
        """True when detailed traces include the model forward time."""
        return self.collect_detailed_traces is not None and ('model' in self.collect_detailed_traces or 'all' in self.collect_detailed_traces)

    @property
    def collect_model_execute_time(self) -> "bool":
        """True when detailed traces include the model execute time."""
        return self.collect_detailed_traces is not None and ('worker' in self.collect_detailed_traces or 'all' in self.collect_detailed_traces)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_ObservabilityConfig


_CONSTANT_HASH_ObservabilityConfig = _h.digest("ObservabilityConfig", {})
"""No field of ObservabilityConfig feeds the cache key, so its hash is a constant."""
