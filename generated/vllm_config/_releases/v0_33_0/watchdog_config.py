# Generated from schema/watchdog_config.yaml by cfgc; do not edit.
"""Config classes: WatchdogConfig."""


from pydantic import Field

from cfgc.runtime import hashing as _h
from cfgc.runtime import validators as _v
from cfgc.runtime.dataclass import config


@config
class WatchdogConfig:
    """A background thread that checks the engine's main thread keeps making progress and,
    when it stops for too long, writes the stack of every thread to a file for
    debugging. Off unless dump_dir is set.
    """

    timeout: _v.Int = Field(default=300, gt=0)
    """Seconds without progress after which the process counts as stuck and its stacks are dumped."""

    check_interval: _v.Int = Field(default=10, gt=0)
    """Seconds between two checks of the main thread's progress."""

    dump_dir: str = ""
    """Folder for the stack dump files. Empty (the default) turns the watchdog off."""

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_WatchdogConfig


_CONSTANT_HASH_WatchdogConfig = _h.digest("WatchdogConfig", {})
"""No field of WatchdogConfig feeds the cache key, so its hash is a constant."""
