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


def check_multimodal_values(self: Any) -> None:
    """Cross-field checks: shm-only options, FP8 scale file combinations, paths exist."""
    default_shm_size = type(self).mm_shm_cache_max_object_size_mb  # the class default
    if (
        self.mm_processor_cache_type != "shm"
        and self.mm_shm_cache_max_object_size_mb != default_shm_size
    ):
        raise ValueError(
            "mm_shm_cache_max_object_size_mb only applies to mm_processor_cache_type='shm'"
        )
    scale_path = self.mm_encoder_fp8_scale_path
    save_path = self.mm_encoder_fp8_scale_save_path
    if self.mm_encoder_attn_dtype != "fp8" and (scale_path is not None or save_path is not None):
        raise ValueError(
            "mm_encoder_fp8_scale_path and mm_encoder_fp8_scale_save_path need "
            "mm_encoder_attn_dtype='fp8'"
        )
    if scale_path is not None and save_path is not None:
        raise ValueError(
            "mm_encoder_fp8_scale_save_path saves dynamically calibrated scales and "
            "cannot be combined with the static mm_encoder_fp8_scale_path"
        )
    if scale_path is not None and not Path(scale_path).is_file():
        raise FileNotFoundError(f"FP8 scale file does not exist: {scale_path}")
    if save_path is not None and not Path(save_path).parent.is_dir():
        raise FileNotFoundError(
            f"folder for the FP8 scale file does not exist: {Path(save_path).parent}"
        )
