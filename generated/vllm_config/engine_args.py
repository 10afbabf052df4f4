# Generated from schema/engine_args.yaml by cfgc; do not edit.
"""Config classes: EngineArgs."""

from typing import Any, Literal

from pydantic import Field, field_validator

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class EngineArgs:
    """Engine process options of `vllm serve` that belong to no config class: statistics
    and request logging, environment validation, GPU selection, data-parallel rank
    layout and the GDN prefill kernel. None of them changes a config or the cache key.
    """

    disable_log_stats: bool = False
    """Do not log engine statistics (throughput, KV cache usage) periodically."""

    aggregate_engine_logging: bool = False
    """With data parallelism, log statistics summed over all engines instead of one line per engine."""

    enable_log_requests: bool = False
    """Log each request as it arrives: id, sampling parameters and LoRA adapter at INFO level, the prompt itself at DEBUG (VLLM_LOGGING_LEVEL sets the level)."""

    fail_on_environ_validation: bool = False
    """Stop at start-up when the VLLM_* environment variables fail validation (an unknown name or a bad value) instead of only warning."""

    gdn_prefill_backend: Literal["flashinfer", "triton", "cutedsl"] | None = None
    """Kernel family for the prefill of gated delta-net (linear attention) layers. Unset: the model chooses. Given, it is copied to VllmConfig.additional_config["gdn_prefill_backend"] (over a key of that name in --additional-config), where the model reads it."""

    device_ids: list[_v.Int | str] | None = None
    """Physical GPUs to run on, as indices or UUIDs, comma-separated ("2,3,5,7"), instead of hiding the others with CUDA_VISIBLE_DEVICES (so GPU/NIC topology stays visible). Ignored by the Ray executor (use placement groups)."""

    data_parallel_start_rank: _v.Int | None = Field(default=None, ge=0)
    """First data-parallel rank run by this node (secondary nodes of a multi-node data-parallel deployment)."""

    data_parallel_multi_port_external_lb: bool = False
    """Start a per-node supervisor that runs one externally load-balanced API server per local data-parallel rank and reports their combined health on its own port."""

    @field_validator("device_ids", mode="before")
    @classmethod
    def _before_device_ids(cls, value: Any) -> Any:
        value = _v.comma_list(value)
        if isinstance(value, list):
            value = [(int(v) if isinstance(v, str) and v.strip().isdigit() else v) for v in value]
        return value

    @field_validator("device_ids", mode="after")
    @classmethod
    def _after_device_ids(cls, value: Any) -> Any:
        if value is not None and not all(isinstance(v, str) or int(v) >= 0 for v in value):
            raise ValueError(f'device indices count from 0, got {value}')
        return value

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (self.device_ids is not None) and not (all(self.device_ids.count(i) == 1 for i in self.device_ids)):
            raise _r.RuleError(f'device_ids must not repeat a device, got {self.device_ids}', ["device_ids"], self)
        if (self.device_ids is not None) and not (all(isinstance(i, str) for i in self.device_ids) or all(isinstance(i, int) for i in self.device_ids)):
            raise _r.RuleError(f'device_ids must be all indices or all UUIDs, got {self.device_ids}', ["device_ids"], self)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_EngineArgs


_CONSTANT_HASH_EngineArgs = _h.digest("EngineArgs", {})
"""No field of EngineArgs feeds the cache key, so its hash is a constant."""
