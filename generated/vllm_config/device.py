# Generated from schema/device.yaml by cfgc; do not edit.
"""Config classes: DeviceConfig."""

from typing import Any

from pydantic import Field, field_validator

from cfgc.hooks import device as _hooks
from cfgc.runtime import hashing as _h
from cfgc.runtime.dataclass import config
from cfgc.runtime.deprecation import warn_deprecated
from vllm_config.platforms import current_platform
from vllm_config.types import Device, TorchDevice


@config
class DeviceConfig:
    """The device type the engine runs on. Normally detected from the platform; setting it
    by hand is deprecated.
    """

    device: Device | TorchDevice | None = "auto"
    """Device to run on: a type name ("cuda", "cpu", "tpu", "xpu"), a torch.device,
    or "auto" to detect it. Accepted without validation. Deprecated: leave at
    "auto".
    """

    device_type: str = Field(default=None, init=False)  # unset: filled in after construction
    """Device type in use, derived from device: the given name, the type of a
    torch.device, or the platform's type for "auto".
    """

    @field_validator("device", mode="after")
    @classmethod
    def _after_device(cls, value: Any) -> Any:
        if value != "auto":
            warn_deprecated('DeviceConfig.device', 'the device is now detected from the platform', '')
        return value

    @field_validator("device_type", mode="wrap")
    @classmethod
    def _skip_none_device_type(cls, value: Any, handler) -> Any:
        return None if value is None else handler(value)

    def __post_init__(self) -> None:
        """After construction, in order: derived defaults, resolve steps, rules."""
        if isinstance(self.device, str) and self.device != 'auto':
            self.device_type = self.device
        if self.device is not None and not isinstance(self.device, str) and isinstance(getattr(self.device, 'type', None), str):
            self.device_type = getattr(self.device, 'type', None)
        if self.device_type is None:
            self.device_type = current_platform.device_type
        _hooks.device_for_engine(self)

    def hash_factors(self) -> dict[str, object]:
        """Canonical values feeding compute_hash(), by name (for debugging cache misses)."""
        return {}

    def compute_hash(self) -> str:
        """SHA-256 hex of the cache-key factors; equals _h.digest(name, hash_factors())."""
        return _CONSTANT_HASH_DeviceConfig


_CONSTANT_HASH_DeviceConfig = _h.digest("DeviceConfig", {})
"""No field of DeviceConfig feeds the cache key, so its hash is a constant."""
