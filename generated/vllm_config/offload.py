# Generated from schema/offload.yaml by cfgc; do not edit.
"""Config classes: UVAOffloadConfig, PrefetchOffloadConfig, OffloadConfig."""

import warnings as _warnings
from hashlib import sha256 as _sha256

from pydantic import Field

from cfgc.runtime import hashing as _h
from cfgc.runtime import rules as _r
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config
from vllm_config.types import OffloadBackend


@config
class UVAOffloadConfig:
    """Weight offloading through unified virtual addressing: offloaded weights stay in
    pinned CPU memory and the GPU reads them directly each forward pass. Simple, but
    only fast with a fast CPU-GPU link.
    """

    cpu_offload_gb: float = Field(default=0, ge=0)
    """GiB of weights per GPU kept in CPU memory, as if the GPU had that much more memory (e.g. 10 on a 24 GB GPU fits a model needing 34 GB). Every forward pass reads them over the CPU-GPU link. 0 disables it."""

    cpu_offload_params: set[str] = Field(default_factory=set)
    """Parameter name segments to offload; a segment matches whole dot-separated parts ("experts" or "experts.w2_weight" match "mlp.experts.w2_weight", "w2" does not). Empty: any parameter, until cpu_offload_gb is reached."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "cpu_offload_gb": (float(self.cpu_offload_gb) + 0.0),
            "cpu_offload_params": _h.sorted_tuple(x0 for x0 in self.cpu_offload_params),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            (float(self.cpu_offload_gb) + 0.0),
            _h.sorted_tuple(x0 for x0 in self.cpu_offload_params),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_UVAOffloadConfig.get(text)
        if digest is None:
            digest = _sha256(b"UVAOffloadConfig:cpu_offload_gb,cpu_offload_params:" + text.encode()).hexdigest()
            _h.remember(_MEMO_UVAOffloadConfig, text, digest)
        return digest


_MEMO_UVAOffloadConfig: dict[str, str] = {}
"""Canonical factor text -> digest for UVAOffloadConfig.compute_hash (bounded by _h.remember)."""


@config
class PrefetchOffloadConfig:
    """Weight offloading with asynchronous prefetch: layers are grouped, the last layers of
    each group live in CPU memory and are copied to the GPU ahead of use to hide the
    transfer.
    """

    offload_group_size: _v.Int = Field(default=0, ge=0)
    """Layers per group; the last offload_num_in_group layers of every group are offloaded (size 8 with 2 offloads layers 6, 7, 14, 15, ...). 0 disables it."""

    offload_num_in_group: _v.Int = Field(default=1, ge=1)
    """Layers offloaded per group; at most offload_group_size."""

    offload_prefetch_step: _v.Int = Field(default=1, ge=0)
    """How many layers ahead to prefetch. More hides more latency but holds more GPU memory; at least 1 when prefetch offloading is on."""

    offload_params: set[str] = Field(default_factory=set)
    """Parameter name segments to offload from the chosen layers; a segment matches whole dot-separated parts ("w13_weight" matches "mlp.experts.w13_weight" but not "mlp.experts.w13_weight_scale"). Empty: every parameter of those layers."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "offload_group_size": self.offload_group_size,
            "offload_num_in_group": self.offload_num_in_group,
            "offload_params": _h.sorted_tuple(x0 for x0 in self.offload_params),
            "offload_prefetch_step": self.offload_prefetch_step,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.offload_group_size,
            self.offload_num_in_group,
            _h.sorted_tuple(x0 for x0 in self.offload_params),
            self.offload_prefetch_step,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_PrefetchOffloadConfig.get(text)
        if digest is None:
            digest = _sha256(b"PrefetchOffloadConfig:offload_group_size,offload_num_in_group,offload_params,offload_prefetch_step:" + text.encode()).hexdigest()
            _h.remember(_MEMO_PrefetchOffloadConfig, text, digest)
        return digest


_MEMO_PrefetchOffloadConfig: dict[str, str] = {}
"""Canonical factor text -> digest for PrefetchOffloadConfig.compute_hash (bounded by _h.remember)."""


@config
class OffloadConfig:
    """Offloading model weights to CPU memory to run models larger than GPU memory. Part
    of the cache key: prefetch offloading adds ops to the compiled graph.
    """

    offload_backend: OffloadBackend = "auto"
    """"uva" or "prefetch"; "auto" picks prefetch when offload_group_size > 0 and UVA when cpu_offload_gb > 0."""

    uva: UVAOffloadConfig = Field(default_factory=UVAOffloadConfig)
    """Settings of UVA offloading."""

    prefetch: PrefetchOffloadConfig = Field(default_factory=PrefetchOffloadConfig)
    """Settings of prefetch offloading."""

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if (self.offload_backend == 'prefetch' or self.prefetch.offload_group_size > 0) and not (self.prefetch.offload_num_in_group <= self.prefetch.offload_group_size):
            raise _r.RuleError(f'prefetch.offload_num_in_group ({self.prefetch.offload_num_in_group}) must not exceed prefetch.offload_group_size ({self.prefetch.offload_group_size})', ["offload_backend", "prefetch.offload_group_size", "prefetch.offload_num_in_group"], self)
        if (self.offload_backend == 'prefetch' or self.prefetch.offload_group_size > 0) and not (self.prefetch.offload_prefetch_step >= 1):
            raise _r.RuleError(f'prefetch.offload_prefetch_step ({self.prefetch.offload_prefetch_step}) must be at least 1 when prefetch offloading is on', ["offload_backend", "prefetch.offload_group_size", "prefetch.offload_prefetch_step"], self)
        if self.offload_backend == 'uva' and self.prefetch.offload_group_size > 0:
            _warnings.warn("offload_backend is 'uva': the prefetch offload settings are ignored", UserWarning, stacklevel=1)
        if self.offload_backend == 'prefetch' and self.uva.cpu_offload_gb > 0:
            _warnings.warn("offload_backend is 'prefetch': the UVA offload settings are ignored", UserWarning, stacklevel=1)
        if self.offload_backend == 'auto' and self.uva.cpu_offload_gb > 0 and self.prefetch.offload_group_size > 0:
            _warnings.warn("both UVA and prefetch offload settings are given with offload_backend='auto': prefetch is used; set offload_backend to silence this warning", UserWarning, stacklevel=1)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "offload_backend": self.offload_backend,
            "prefetch": self.prefetch.compute_hash(),
            "uva": self.uva.compute_hash(),
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.offload_backend,
            self.prefetch.compute_hash(),
            self.uva.compute_hash(),
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_OffloadConfig.get(text)
        if digest is None:
            digest = _sha256(b"OffloadConfig:offload_backend,prefetch,uva:" + text.encode()).hexdigest()
            _h.remember(_MEMO_OffloadConfig, text, digest)
        return digest


_MEMO_OffloadConfig: dict[str, str] = {}
"""Canonical factor text -> digest for OffloadConfig.compute_hash (bounded by _h.remember)."""
