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
