# Generated from schema/fault_tolerance.yaml by cfgc; do not edit.
"""Config classes: FaultToleranceConfig."""

from hashlib import sha256 as _sha256

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class FaultToleranceConfig:
    """How an engine waits to be told what to do after it hits an error, when fault
    tolerance is on (ParallelConfig.enable_fault_tolerance).
    """

    engine_recovery_timeout_sec: _v.Int = 120
    """Seconds an engine that failed waits for recovery instructions (e.g. to scale the failed data-parallel engine away) before it gives up and raises the original error."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {
            "engine_recovery_timeout_sec": self.engine_recovery_timeout_sec,
        }

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        text = repr((
            self.engine_recovery_timeout_sec,
        ))
        # Memoised on the exact canonical text, so a changed field can never return a
        # stale hash (values that compare equal but print differently, 1 vs True or
        # 0.0 vs -0.0, stay apart); hashing an equal config again skips SHA-256.
        digest = _MEMO_FaultToleranceConfig.get(text)
        if digest is None:
            digest = _sha256(b"FaultToleranceConfig:engine_recovery_timeout_sec:" + text.encode()).hexdigest()
            _h.remember(_MEMO_FaultToleranceConfig, text, digest)
        return digest


_MEMO_FaultToleranceConfig: dict[str, str] = {}
"""Canonical factor text -> digest for FaultToleranceConfig.compute_hash (bounded by _h.remember)."""
