"""Hooks for schema/device.yaml (DeviceConfig)."""

from __future__ import annotations


def device_for_engine(self) -> None:
    """Inside vLLM's engine, `device` becomes torch.device(device_type), as the engine
    stores it (`cfgc.runtime.engine_values`); elsewhere the given value stays.

    Stays a hook: a seam to the engine (a torch object, made only where torch is
    already imported)."""
    from cfgc.runtime import engine_values

    if self.device_type and engine_values.in_engine():
        object.__setattr__(self, "device", engine_values.torch_device(self.device_type))
