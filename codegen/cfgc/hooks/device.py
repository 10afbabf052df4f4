"""Hooks for schema/device.yaml (DeviceConfig)."""

from __future__ import annotations


def device_type_of_torch_device(self) -> None:
    """A torch.device given as device contributes its `.type` to device_type; any other
    object leaves it unset.

    Stays a hook: the object is a runtime type (annotated as Any), read by attribute so
    torch is never imported; an expression cannot ask whether an attribute exists."""
    device = self.device
    if device is not None and not isinstance(device, str):
        kind = getattr(device, "type", None)
        if isinstance(kind, str):
            self.device_type = kind


def device_for_engine(self) -> None:
    """Inside vLLM's engine, `device` becomes torch.device(device_type), as the engine
    stores it (`cfgc.runtime.engine_values`); elsewhere the given value stays.

    Stays a hook: a seam to the engine (a torch object, made only where torch is
    already imported)."""
    from cfgc.runtime import engine_values

    if self.device_type and engine_values.in_engine():
        object.__setattr__(self, "device", engine_values.torch_device(self.device_type))
