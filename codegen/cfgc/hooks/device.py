"""Hooks for schema/device.yaml (DeviceConfig)."""

from __future__ import annotations


def resolve_device_type(self) -> None:
    """Derive device_type from an explicitly given device.

    A name is taken as is; a torch.device contributes its `.type` (read by attribute, so
    torch is never imported here). "auto" and None leave device_type unset: detecting
    the platform's device is the engine's `detect_device` hook point.
    """
    device = self.device
    if device is None or device == "auto":
        return
    if isinstance(device, str):
        self.device_type = device
    elif isinstance(getattr(device, "type", None), str):
        self.device_type = device.type
