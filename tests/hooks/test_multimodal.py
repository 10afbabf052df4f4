"""MultiModalConfig: the limit parser hook called directly, and the declared checks
(formerly a hook called on plain objects) through the generated class, same inputs."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cfgc.hooks import multimodal as hooks
from vllm_config.multimodal import (
    AudioDummyOptions,
    BaseDummyOptions,
    ImageDummyOptions,
    MultiModalConfig,
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


def cfg(**kw):
    return MultiModalConfig(**kw)


def test_shm_default_is_the_schema_default():
    # the rule compares with 128, the field's declared default
    assert MultiModalConfig().mm_shm_cache_max_object_size_mb == 128
    assert MultiModalConfig.mm_shm_cache_max_object_size_mb == 128


def test_check_accepts_defaults_and_shm():
    cfg()
    cfg(mm_processor_cache_type="shm", mm_shm_cache_max_object_size_mb=4)


def test_check_shm_size_needs_shm():
    with pytest.raises(ValidationError, match="shm"):
        cfg(mm_shm_cache_max_object_size_mb=4)


def test_check_fp8_paths(tmp_path):
    scale = tmp_path / "scales.json"
    with pytest.raises(ValidationError, match="fp8"):
        cfg(mm_encoder_fp8_scale_path=str(scale))
    with pytest.raises(FileNotFoundError):
        cfg(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(scale))
    scale.write_text("{}")
    cfg(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(scale))
    with pytest.raises(ValidationError, match="cannot be combined"):
        cfg(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(scale),
            mm_encoder_fp8_scale_save_path=str(scale))
    cfg(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_save_path=str(tmp_path / "o.json"))
    with pytest.raises(FileNotFoundError):
        cfg(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_save_path=str(tmp_path / "d/o"))


def test_value_checks_come_before_the_file_checks(tmp_path):
    missing = str(tmp_path / "missing.json")
    with pytest.raises(ValidationError, match="fp8"):
        cfg(mm_encoder_fp8_scale_path=missing)
    with pytest.raises(ValidationError, match="cannot be combined"):
        cfg(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=missing,
            mm_encoder_fp8_scale_save_path=missing)
