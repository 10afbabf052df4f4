"""MultiModalConfig (and the per-modality options) against the seed."""

from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from vllm_config.multimodal import (
    AudioDummyOptions,
    BaseDummyOptions,
    ImageDummyOptions,
    MultiModalConfig,
    VideoDummyOptions,
)
from vllm_config.types import AttentionBackendEnum

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]
SEED = FACTS["MultiModalConfig"]
HASHED = {"mm_encoder_attn_backend", "mm_encoder_tp_mode", "mm_encoder_attn_dtype",
          "mm_encoder_fp8_scale_path"}


def test_constructor_and_defaults_match_seed():
    params = inspect.signature(MultiModalConfig).parameters
    assert list(params) == SEED["constructor_fields"]
    for f in SEED["fields"]:
        kind, rep = f["default"]["kind"], f["default"]["repr"]
        if kind == "value":
            assert params[f["name"]].default == ast.literal_eval(rep), f["name"]
        else:
            assert MultiModalConfig.__pydantic_fields__[f["name"]].default_factory is dict


def test_hash_reads_exactly_the_seed_factors():
    assert set(SEED["hash"]["reads"]) == HASHED
    assert set(MultiModalConfig().hash_factors()) == HASHED


CHANGES = {
    "mm_encoder_attn_backend": "TORCH_SDPA", "mm_encoder_tp_mode": "data",
    "mm_encoder_attn_dtype": "fp8", "language_model_only": True,
    "limit_per_prompt": {"image": 2}, "enable_mm_embeds": True,
    "media_io_kwargs": {"video": {"num_frames": 4}}, "mm_processor_kwargs": {"a": 1},
    "mm_processor_cache_gb": 0, "mm_processor_cache_type": "shm", "mm_encoder_only": True,
    "mm_encoder_fp8_scale_save_margin": 2.0, "interleave_mm_strings": True,
    "skip_mm_profiling": True, "video_pruning_rate": 0.5, "mm_tensor_ipc": "torch_shm",
    "mm_ipc_gpu_memory_gb": 1.0,
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_hash_inclusion(name):
    base = MultiModalConfig().compute_hash()
    changed = MultiModalConfig(**{name: CHANGES[name]}).compute_hash()
    assert (changed != base) == (name in HASHED), name


def test_scale_path_feeds_the_hash(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text("{}")
    b.write_text("{}")
    ha = MultiModalConfig(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(a))
    hb = MultiModalConfig(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(b))
    assert ha.compute_hash() != hb.compute_hash()


def test_limit_per_prompt_formats():
    c = MultiModalConfig(limit_per_prompt={
        "image": 4, "video": {"count": 1, "num_frames": 32}, "audio": {"length": 100},
        "point_cloud": 2,
    })
    lim = c.limit_per_prompt
    assert lim["image"] == ImageDummyOptions(count=4)
    assert lim["video"] == VideoDummyOptions(count=1, num_frames=32)
    assert lim["audio"] == AudioDummyOptions(length=100)
    assert type(lim["point_cloud"]) is BaseDummyOptions and lim["point_cloud"].count == 2
    assert VideoDummyOptions().count == 999


@pytest.mark.parametrize("limit", [
    {"image": {"num_frames": 3}},   # video-only option on an image
    {"image": -1},
    {"video": {"count": 1, "width": 0}},
    {"image": "many"},
    "image=2",
])
def test_limit_per_prompt_rejects(limit):
    with pytest.raises(ValidationError):
        MultiModalConfig(limit_per_prompt=limit)


def test_attention_backend_by_name():
    assert MultiModalConfig(mm_encoder_attn_backend="flash_attn").mm_encoder_attn_backend \
        is AttentionBackendEnum.FLASH_ATTN
    member = AttentionBackendEnum.TORCH_SDPA
    assert MultiModalConfig(mm_encoder_attn_backend=member).mm_encoder_attn_backend is member
    with pytest.raises(ValidationError, match="XFORMERS was removed"):
        MultiModalConfig(mm_encoder_attn_backend="xFormers")
    with pytest.raises(ValidationError, match="FLASH_ATTN"):  # lists the valid names
        MultiModalConfig(mm_encoder_attn_backend="nope")


@pytest.mark.parametrize("kw", [
    {"mm_processor_cache_gb": -1},
    {"mm_shm_cache_max_object_size_mb": -1},
    {"mm_encoder_fp8_scale_save_margin": 0.0},
    {"video_pruning_rate": 1.0},
    {"video_pruning_rate": -0.1},
    {"mm_ipc_gpu_memory_gb": -0.5},
    {"mm_encoder_attn_dtype": "fp16"},
    {"mm_tensor_ipc": "pipe"},
    {"mm_shm_cache_max_object_size_mb": 64},  # only with the shm cache
    {"mm_encoder_fp8_scale_save_path": "/tmp/x.json"},  # needs fp8
])
def test_rejected(kw):
    with pytest.raises(ValidationError):
        MultiModalConfig(**kw)


def test_shm_object_size_with_shm_cache():
    c = MultiModalConfig(mm_processor_cache_type="shm", mm_shm_cache_max_object_size_mb=64)
    assert c.mm_shm_cache_max_object_size_mb == 64


def test_fp8_scale_files(tmp_path):
    scale = tmp_path / "s.json"
    with pytest.raises(FileNotFoundError):
        MultiModalConfig(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(scale))
    scale.write_text("{}")
    MultiModalConfig(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(scale))
    MultiModalConfig(mm_encoder_attn_dtype="fp8",
                     mm_encoder_fp8_scale_save_path=str(tmp_path / "out.json"))
    with pytest.raises(FileNotFoundError):
        MultiModalConfig(mm_encoder_attn_dtype="fp8",
                         mm_encoder_fp8_scale_save_path=str(tmp_path / "no" / "out.json"))
    with pytest.raises(ValidationError, match="cannot be combined"):
        MultiModalConfig(mm_encoder_attn_dtype="fp8", mm_encoder_fp8_scale_path=str(scale),
                         mm_encoder_fp8_scale_save_path=str(tmp_path / "out.json"))
