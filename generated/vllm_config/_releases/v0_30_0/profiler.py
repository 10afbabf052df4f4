# Generated from schema/profiler.yaml by cfgc; do not edit.
"""Config classes: ProfilerConfig."""

import logging
from typing import Literal

from pydantic import Field

from cfgc.runtime import hashing as _h
from cfgc.runtime import names as _names
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config import types as _types
from vllm_config.types import ProfilerKind

_log = logging.getLogger(__name__)

#: Whether a profiler path is a URI (s3://, gs://, ...) rather than a local path.
_is_uri_path = _names._is_uri_path

#: Proton counter sources (re-exported from vllm_config.types).
ProtonBackend = _types.ProtonBackend

#: Proton context kinds (re-exported from vllm_config.types).
ProtonContext = _types.ProtonContext

#: Proton data shapes (re-exported from vllm_config.types).
ProtonData = _types.ProtonData

#: Proton hooks (re-exported from vllm_config.types).
ProtonHook = _types.ProtonHook

#: Proton output formats (re-exported from vllm_config.types).
ProtonOutputFormat = _types.ProtonOutputFormat


@config
class ProfilerConfig:
    """On-demand profiling of the engine (started and stopped through the profiling
    endpoints): which profiler, where traces go, and which steps are recorded.
    """

    profiler: ProfilerKind | None = None
    """"torch" (PyTorch profiler, traces written to torch_profiler_dir), "cuda" (CUDA profiler ranges for an external tool such as Nsight) or "proton" (Triton's Proton profiler, profiles written to proton_profiler_dir). Unset: profiling off."""

    torch_profiler_dir: str = ""
    """Where torch profiler traces (front-end CPU and worker CPU/GPU) are written; required with the torch profiler and only allowed with it. Local paths are made absolute ("~" expanded); URIs such as s3:// or gs:// are kept as given."""

    proton_profiler_dir: str = ""
    """Local folder for Proton profiles, one file per rank; required with the proton profiler and only allowed with it. Made absolute ("~" expanded)."""

    proton_context: Literal["shadow", "python"] = "shadow"
    """Where Proton takes its scopes from - explicit scopes, cheap ("shadow"), or Python call stacks ("python")."""

    proton_data: Literal["tree", "trace"] = "tree"
    """Proton's output - a call tree in Hatchet form ("tree") or a Chrome trace ("trace")."""

    proton_backend: Literal["cupti"] | None = None
    """GPU back end of Proton; unset lets Proton pick (CUPTI)."""

    proton_mode: str | None = None
    """Back-end specific Proton mode string (e.g. "pcsampling"); unset for the default."""

    proton_hook: Literal["triton"] | None = None
    """Proton hook; "triton" adds Triton kernel launch metadata."""

    proton_output_format: Literal["hatchet", "hatchet_msgpack", "chrome_trace"] | None = None
    """File format Proton writes at the end; the Hatchet formats need proton_data "tree", chrome_trace needs "trace". Unset: the natural one for proton_data."""

    proton_graph_attribution: bool = False
    """Watch CUDA graph capture so that kernels replayed from graphs are attributed to their source. Needs Triton 3.7 or later and proton_data "tree"."""

    torch_profiler_with_stack: bool = True
    """Record Python stacks in torch profiler traces."""

    torch_profiler_with_flops: bool = False
    """Estimate FLOPs of operators in torch profiler traces."""

    torch_profiler_use_gzip: bool = True
    """Write torch profiler traces gzip-compressed."""

    torch_profiler_dump_cuda_time_total: bool = True
    """Also dump a table of total CUDA time per operator."""

    torch_profiler_record_shapes: bool = False
    """Record tensor shapes in torch profiler traces."""

    torch_profiler_with_memory: bool = False
    """Record memory allocations in torch profiler traces."""

    capture_torch_profiler: bool = False
    """Also run the torch profiler while CUDA graphs are captured (rank 0), writing to capture_traces under torch_profiler_dir. Only with the torch profiler."""

    detailed_trace_annotation: bool = False
    """Annotate profiler trace events with roofline figures of each step, instead of only the request and token counts."""

    ignore_frontend: bool = False
    """Skip profiling of the API front end with the torch profiler. Recommended with delay_iterations or max_iterations, since the front end cannot honour them and would record the whole run."""

    delay_iterations: _v.Int = Field(default=0, ge=0)
    """Engine steps to skip after profiling is started before recording begins."""

    max_iterations: _v.Int = Field(default=0, ge=0)
    """Engine steps to record once recording begins; 0 records until stopped."""

    warmup_iterations: _v.Int = Field(default=0, ge=0)
    """Steps of the torch profiler schedule that run the profiler but discard the data (hides one-time costs such as JIT compilation). A positive value turns on schedule-based profiling; 0 records every step."""

    active_iterations: _v.Int = Field(default=5, ge=1)
    """Steps of the torch profiler schedule whose data is kept."""

    wait_iterations: _v.Int = Field(default=0, ge=0)
    """Steps of the torch profiler schedule run with the profiler fully off, before warmup."""

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if self.profiler == 'torch' and (self.delay_iterations > 0 or self.max_iterations > 0) and not self.ignore_frontend:
            _log.warning('the torch profiler with delay_iterations or max_iterations also profiles the front end for the whole run; set ignore_frontend to avoid the overhead')
        if self.torch_profiler_dir != '' and not ('://' in self.torch_profiler_dir and not self.torch_profiler_dir.startswith('://') and not self.torch_profiler_dir[1:].startswith('://')):
            self.torch_profiler_dir = _r.abspath(self.torch_profiler_dir)
        if (self.profiler != 'proton') and not (self.proton_profiler_dir == '' and self.proton_context == 'shadow' and self.proton_data == 'tree' and self.proton_backend is None and self.proton_mode is None and self.proton_hook is None and self.proton_output_format is None and not self.proton_graph_attribution):
            raise _r.RuleError("the proton_* options are only used with profiler='proton'", ["profiler", "proton_profiler_dir", "proton_context", "proton_data", "proton_backend", "proton_mode", "proton_hook", "proton_output_format", "proton_graph_attribution"], self)
        if (self.profiler == 'proton') and not (self.proton_profiler_dir != ''):
            raise _r.RuleError("profiler='proton' needs proton_profiler_dir", ["profiler", "proton_profiler_dir"], self)
        if (self.proton_profiler_dir != '') and not (not ('://' in self.proton_profiler_dir and not self.proton_profiler_dir.startswith('://') and not self.proton_profiler_dir[1:].startswith('://'))):
            raise _r.RuleError('proton_profiler_dir must be a local directory', ["proton_profiler_dir"], self)
        if self.proton_profiler_dir != '':
            self.proton_profiler_dir = _r.abspath(self.proton_profiler_dir)
        if (self.torch_profiler_dir != '') and not (self.profiler == 'torch'):
            raise _r.RuleError("torch_profiler_dir is only used with profiler='torch'", ["torch_profiler_dir", "profiler"], self)
        if (self.profiler == 'torch') and not (self.torch_profiler_dir != ''):
            raise _r.RuleError("profiler='torch' needs torch_profiler_dir", ["profiler", "torch_profiler_dir"], self)
        if (self.profiler == 'proton' and self.proton_graph_attribution) and not (self.proton_data == 'tree'):
            raise _r.RuleError("proton_graph_attribution needs proton_data='tree'", ["profiler", "proton_graph_attribution", "proton_data"], self)
        if (self.profiler == 'proton' and self.proton_graph_attribution and self.proton_mode is not None and self.proton_mode != '') and not (self.proton_mode.lower() != 'periodic_flushing' and not self.proton_mode.lower().startswith('periodic_flushing:')):
            raise _r.RuleError("proton_graph_attribution does not work with periodic_flushing (both manage Proton's data phases)", ["profiler", "proton_graph_attribution", "proton_mode"], self)
        if (self.profiler == 'proton' and self.proton_output_format == 'chrome_trace') and not (self.proton_data == 'trace'):
            raise _r.RuleError("chrome_trace output needs proton_data='trace'", ["profiler", "proton_output_format", "proton_data"], self)
        if (self.profiler == 'proton' and self.proton_output_format in ('hatchet', 'hatchet_msgpack')) and not (self.proton_data == 'tree'):
            raise _r.RuleError(f"{self.proton_output_format} output needs proton_data='tree'", ["profiler", "proton_output_format", "proton_data"], self)
        if (self.capture_torch_profiler) and not (self.profiler == 'torch'):
            raise _r.RuleError("capture_torch_profiler is only used with profiler='torch'", ["capture_torch_profiler", "profiler"], self)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_ProfilerConfig


_CONSTANT_HASH_ProfilerConfig = _h.digest("ProfilerConfig", {})
"""No field of ProfilerConfig feeds the cache key, so its hash is a constant."""
