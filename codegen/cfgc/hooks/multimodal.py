"""Hooks for schema/multimodal.yaml (MultiModalConfig and the per-modality options)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: Modality name -> options class name in vllm_config.multimodal; others get the base.
_OPTIONS_BY_MODALITY = {
    "video": "VideoDummyOptions",
    "image": "ImageDummyOptions",
    "audio": "AudioDummyOptions",
}


def limit_per_prompt_options(value: Any) -> Any:
    """Turn `{"image": 4, "video": {...}}` into per-modality options objects.

    A bare integer is the item count. The modality picks the options class, so a
    video entry may carry `num_frames` but an image entry may not.

    Stays a hook: a parsing algorithm (the options class depends on each key).
    """
    if not isinstance(value, dict):
        return value  # pydantic reports the type error
    from vllm_config import multimodal

    out: dict[str, Any] = {}
    for modality, spec in value.items():
        cls = getattr(multimodal, _OPTIONS_BY_MODALITY.get(modality, "BaseDummyOptions"))
        if isinstance(spec, cls):
            out[modality] = spec
            continue
        if isinstance(spec, int):
            spec = {"count": spec}
        if not isinstance(spec, dict):
            raise ValueError(
                f"limit for modality {modality!r} must be a count or a mapping of "
                f"options, got {type(spec).__name__}"
            )
        out[modality] = cls(**spec)
    return out


def check_fp8_scale_files(self: Any) -> None:
    """The static FP8 scale file exists, and the folder to save calibrated scales in.

    Stays a hook: it asks the file system (and raises FileNotFoundError, as vLLM does)."""
    scale_path = self.mm_encoder_fp8_scale_path
    save_path = self.mm_encoder_fp8_scale_save_path
    if scale_path is not None and not Path(scale_path).is_file():
        raise FileNotFoundError(f"FP8 scale file does not exist: {scale_path}")
    if save_path is not None and not Path(save_path).parent.is_dir():
        raise FileNotFoundError(
            f"folder for the FP8 scale file does not exist: {Path(save_path).parent}"
        )


#: Device types torch.device accepts by name (read when torch is not installed).
_DEVICE_TYPES = ("cpu", "cuda", "xpu", "mps", "meta", "hpu", "mtia", "xla", "ipu", "hip",
                 "ve", "fpga", "maia", "vulkan", "opengl", "opencl", "ideep", "mkldnn",
                 "lazy", "privateuseone")


def get_mm_processor_device_type(self: Any) -> str | None:
    """The type of the device mm_processor_kwargs["device"] names, as torch.device reads
    it ("cuda:1" -> "cuda", an index -> the accelerator); None when none is given.

    A hook: it is torch's parsing of a device (torch, when installed, does it; without
    torch a name, "name:index" or an index is read the same way)."""
    device = (self.mm_processor_kwargs or {}).get("device")
    if device is None:
        return None
    problem = ValueError(f'Invalid "device" in mm_processor_kwargs: {device!r}; expected a '
                         'torch device such as "cpu", "cuda" or "cuda:0"')
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:
        try:
            return torch.device(device).type
        except (RuntimeError, TypeError, ValueError):
            raise problem from None
    if isinstance(device, bool):
        raise problem
    if isinstance(device, int):
        return "cuda"  # a bare index names an accelerator device
    kind = getattr(device, "type", None)
    if isinstance(kind, str):  # a torch.device-like object
        return kind
    if not isinstance(device, str):
        raise problem
    name, _, index = device.partition(":")
    if name not in _DEVICE_TYPES or (index and not index.isdigit()):
        raise problem
    return name
