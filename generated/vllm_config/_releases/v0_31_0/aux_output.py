# Generated from schema/aux_output.yaml by cfgc; do not edit.
"""Config classes: AuxOutputConfig."""

from hashlib import sha256 as _sha256

from pydantic import Field

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class AuxOutputConfig:
    """Extra outputs the engine can hand back with each request besides the generated
    tokens (today: which MoE experts each token was routed to), and how much host
    memory their buffer starts with.
    """

    enable_return_routed_experts: bool = False
    """Record, for every generated token, the MoE experts the router picked and return them with the request. Part of the cache key: capturing the routing changes the forward graph. Needs the second-generation model runner. Was ModelConfig.enable_return_routed_experts before 0.31.0."""

    max_bytes: _v.Int | None = Field(default=None, gt=0)
    """Capacity of the least-recently-used buffer that holds the extra outputs, in bytes. Unset: sized from the KV cache capacity."""

    @property
    def enabled(self) -> "bool":
        """True when at least one extra output is switched on."""
        return self.enable_return_routed_experts

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "enable_return_routed_experts": self.enable_return_routed_experts,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.enable_return_routed_experts,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_AuxOutputConfig.get(text)
        if digest is None:
            digest = _sha256(b"AuxOutputConfig:enable_return_routed_experts:" + text.encode()).hexdigest()
            _h.remember(_MEMO_AuxOutputConfig, text, digest)
        return digest


_MEMO_AuxOutputConfig: dict[str, str] = {}
"""Canonical factor text -> digest for AuxOutputConfig.compute_hash (bounded by _h.remember)."""
