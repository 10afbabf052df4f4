# Generated from schema/profiler.yaml by cfgc; do not edit.
"""Config classes: ProfilerConfig."""

import logging

from pydantic import Field

from cfgc.runtime import hashing as _h
from cfgc.runtime import names as _names
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import ProfilerKind

_log = logging.getLogger(__name__)

#: Whether a profiler path is a URI (s3://, gs://, ...) rather than a local path.
_is_uri_path = _names._is_uri_path


@config
class ProfilerConfig:
    """On-demand profiling of the engine (started and stopped through the profiling
    endpoints): which profiler, where traces go, and which steps are recorded.
    """

    profiler: ProfilerKind | None = None
    """"torch" (PyTorch profiler, traces written to torch_profiler_dir) or "cuda" (CUDA profiler ranges for an external tool such as Nsight). Unset: profiling off."""

    torch_profiler_dir: str = ""
    """Where torch profiler traces (front-end CPU and worker CPU/GPU) are written; required with the torch profiler and only allowed with it. Local paths are made absolute ("~" expanded); URIs such as s3:// or gs:// are kept as given."""

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
        if (self.torch_profiler_dir != '') and not (self.profiler == 'torch'):
            raise _r.RuleError("torch_profiler_dir is only used with profiler='torch'", ["torch_profiler_dir", "profiler"], self)
        if (self.profiler == 'torch') and not (self.torch_profiler_dir != ''):
            raise _r.RuleError("profiler='torch' needs torch_profiler_dir", ["profiler", "torch_profiler_dir"], self)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_ProfilerConfig


_CONSTANT_HASH_ProfilerConfig = _h.digest("ProfilerConfig", {})
"""No field of ProfilerConfig feeds the cache key, so its hash is a constant."""
