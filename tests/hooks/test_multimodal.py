"""Hooks of MultiModalConfig, called directly."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cfgc.hooks import multimodal as hooks
from vllm_config.multimodal import (
    AudioDummyOptions,
    BaseDummyOptions,
    ImageDummyOptions,
    VideoDummyOptions,
)


def test_limit_counts_become_options_per_modality():
    out = hooks.limit_per_prompt_options({"image": 2, "video": 1, "audio": 0, "other": 5})
    assert out == {"image": ImageDummyOptions(count=2), "video": VideoDummyOptions(count=1),
                   "audio": AudioDummyOptions(count=0), "other": BaseDummyOptions(count=5)}
    assert [type(v) for v in out.values()] == [ImageDummyOptions, VideoDummyOptions,
                                               AudioDummyOptions, BaseDummyOptions]


def test_limit_mappings_and_instances():
    video = VideoDummyOptions(count=1, num_frames=8)
    out = hooks.limit_per_prompt_options({"video": video, "image": {"width": 64}})
    assert out["video"] is video
    assert out["image"] == ImageDummyOptions(width=64)
    assert out["image"].count == 999


def test_limit_input_is_not_mutated():
    given = {"image": 2}
    hooks.limit_per_prompt_options(given)
    assert given == {"image": 2}


def test_limit_non_mapping_passes_through_for_pydantic():
    assert hooks.limit_per_prompt_options("image=2") == "image=2"


def test_limit_rejects_bad_entries():
    with pytest.raises(ValueError, match="'image'"):
        hooks.limit_per_prompt_options({"image": "two"})
    with pytest.raises(Exception):  # noqa: B017 - pydantic rejects the unknown option
        hooks.limit_per_prompt_options({"audio": {"num_frames": 2}})


class Cfg(SimpleNamespace):
    mm_shm_cache_max_object_size_mb = 128  # the class default the hook compares with


def cfg(**kw):
    base = dict(mm_processor_cache_type="lru", mm_shm_cache_max_object_size_mb=128,
                mm_encoder_attn_dtype=None, mm_encoder_fp8_scale_path=None,
                mm_encoder_fp8_scale_save_path=None)
    base.update(kw)
    return Cfg(**base)


def test_check_accepts_defaults_and_shm():
    hooks.check_multimodal_values(cfg())
    hooks.check_multimodal_values(cfg(mm_processor_cache_type="shm",
                                      mm_shm_cache_max_object_size_mb=4))


def test_check_shm_size_needs_shm():
    with pytest.raises(ValueError, match="shm"):
        hooks.check_multimodal_values(cfg(mm_shm_cache_max_object_size_mb=4))


def test_check_fp8_paths(tmp_path):
    scale = tmp_path / "scales.json"
    with pytest.raises(ValueError, match="fp8"):
        hooks.check_multimodal_values(cfg(mm_encoder_fp8_scale_path=str(scale)))
    with pytest.raises(FileNotFoundError):
        hooks.check_multimodal_values(cfg(mm_encoder_attn_dtype="fp8",
                                          mm_encoder_fp8_scale_path=str(scale)))
    scale.write_text("{}")
    hooks.check_multimodal_values(cfg(mm_encoder_attn_dtype="fp8",
                                      mm_encoder_fp8_scale_path=str(scale)))
    with pytest.raises(ValueError, match="cannot be combined"):
        hooks.check_multimodal_values(cfg(mm_encoder_attn_dtype="fp8",
                                          mm_encoder_fp8_scale_path=str(scale),
                                          mm_encoder_fp8_scale_save_path=str(scale)))
    hooks.check_multimodal_values(cfg(mm_encoder_attn_dtype="fp8",
                                      mm_encoder_fp8_scale_save_path=str(tmp_path / "o.json")))
    with pytest.raises(FileNotFoundError):
        hooks.check_multimodal_values(cfg(mm_encoder_attn_dtype="fp8",
                                          mm_encoder_fp8_scale_save_path=str(tmp_path / "d/o")))
