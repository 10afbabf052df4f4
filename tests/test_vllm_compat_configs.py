"""Facts vLLM 0.25.1's own tests/config/ suite checks about the config classes, as our tests.

Each group names the vLLM test file whose behaviour it covers (tools/vllm_tests_compat.py
runs those files themselves when a copy is at hand; CI has none, so these stay). Where a
vLLM test needs a part of vLLM outside the config system, the fact is restated with our
own types (AttentionBackendEnum from vllm_config).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from vllm_config import (
    AttentionBackendEnum,
    CacheConfig,
    CompilationConfig,
    DynamicShapesConfig,
    EPLBConfig,
    IrOpPriorityConfig,
    LoadConfig,
    LoRAConfig,
    ModelConfig,
    MultiModalConfig,
    ObservabilityConfig,
    OffloadConfig,
    ParallelConfig,
    PassConfig,
    SchedulerConfig,
    SpeculativeConfig,
    StructuredOutputsConfig,
    warmup,
)
from vllm_config.platforms import using_platform

# -- test_cache_config.py -----------------------------------------------------------------


def test_num_gpu_blocks_override_is_unset_by_default_and_keeps_positive_values() -> None:
    assert CacheConfig().num_gpu_blocks_override is None
    for blocks in (1, 16, 1024):
        assert CacheConfig(num_gpu_blocks_override=blocks).num_gpu_blocks_override == blocks


# -- test_scheduler_config.py -------------------------------------------------------------


def test_unset_hybrid_kv_cache_switch_hashes_like_false() -> None:
    unset = SchedulerConfig(max_model_len=2048, is_encoder_decoder=False)
    off = SchedulerConfig(max_model_len=2048, is_encoder_decoder=False,
                          disable_hybrid_kv_cache_manager=False)
    assert unset.disable_hybrid_kv_cache_manager is None
    assert unset.compute_hash() == off.compute_hash()


# -- test_observability_config.py ---------------------------------------------------------


def test_detailed_traces_need_an_otlp_endpoint() -> None:
    with pytest.raises(ValueError, match="collect_detailed_traces"):
        ObservabilityConfig(collect_detailed_traces=["model"], otlp_traces_endpoint=None)
    ok = ObservabilityConfig(collect_detailed_traces=["model"],
                             otlp_traces_endpoint="http://localhost:4317")
    assert ok.collect_detailed_traces == ["model"]
    assert ok.otlp_traces_endpoint == "http://localhost:4317"


# -- test_lora_config.py (the capture cases live in vLLM's worker; these are the settings) -


def test_active_lora_specialisation_settings_exist_and_stay_out_of_the_lora_key() -> None:
    CompilationConfig(cudagraph_specialize_lora=True)
    base = LoRAConfig(max_loras=4)
    special = LoRAConfig(max_loras=4, specialize_active_lora=True)
    assert special.specialize_active_lora is True and base.specialize_active_lora is False
    assert base.compute_hash() == special.compute_hash()  # as in 0.25.1's LoRA factors


# -- test_compile_factors.py --------------------------------------------------------------


@pytest.mark.parametrize("cls", [OffloadConfig, PassConfig, DynamicShapesConfig,
                                 CompilationConfig, ParallelConfig])
def test_default_configs_hash_to_equal_nonempty_strings(cls: type) -> None:
    first = cls().compute_hash()
    assert isinstance(first, str) and first
    assert cls().compute_hash() == first


# -- test_speculative_hash.py, test_speculative_compute_hash.py ---------------------------


def _bare_speculative(method: str, k: int, parallel: bool) -> Any:
    """A SpeculativeConfig with only what compute_hash reads (no draft checkpoint)."""
    cfg = object.__new__(SpeculativeConfig)
    cfg.__dict__.update(method=method, num_speculative_tokens=k,
                        parallel_drafting=parallel, draft_model_config=None)
    return cfg


@pytest.mark.parametrize("method", ["mtp", "eagle", "eagle3"])
def test_sequential_drafting_depth_is_not_in_the_key(method: str) -> None:
    shallow = _bare_speculative(method, 3, parallel=False).compute_hash()
    assert _bare_speculative(method, 9, parallel=False).compute_hash() == shallow


def test_equal_bare_speculative_configs_hash_equal() -> None:
    a = _bare_speculative("dflash", 7, parallel=True).compute_hash()
    assert _bare_speculative("dflash", 7, parallel=True).compute_hash() == a


# -- test_structured_outputs_config.py ----------------------------------------------------


@pytest.mark.parametrize("backend", ["xgrammar", "guidance"])
def test_whitespace_control_is_allowed_where_the_backend_has_it(backend: str) -> None:
    cfg = StructuredOutputsConfig(backend=backend, disable_any_whitespace=True)
    assert cfg.disable_any_whitespace is True


@pytest.mark.parametrize("backend", ["outlines", "lm-format-enforcer"])
def test_whitespace_control_is_refused_where_the_backend_lacks_it(backend: str) -> None:
    with pytest.raises(ValueError, match="disable_any_whitespace"):
        StructuredOutputsConfig(backend=backend, disable_any_whitespace=True)


def test_whitespace_control_is_off_by_default() -> None:
    assert StructuredOutputsConfig().disable_any_whitespace is False


# -- test_config_negative_validation.py ---------------------------------------------------


@pytest.mark.parametrize("value", [5, 0, -1])
def test_max_logprobs_accepts_counts_and_the_vocab_sentinel(value: int) -> None:
    assert ModelConfig(model="facebook/opt-125m", max_logprobs=value).max_logprobs == value


def test_max_logprobs_defaults_to_20() -> None:
    assert ModelConfig(model="facebook/opt-125m").max_logprobs == 20


@pytest.mark.parametrize("value", [-2, -5, -100])
def test_max_logprobs_below_the_sentinel_is_refused(value: int) -> None:
    with pytest.raises(ValidationError, match="max_logprobs"):
        ModelConfig(model="facebook/opt-125m", max_logprobs=value)


@pytest.mark.parametrize("value", [0, 512])
def test_long_prefill_threshold_accepts_zero_and_positive(value: int) -> None:
    cfg = SchedulerConfig(max_model_len=4096, is_encoder_decoder=False,
                          long_prefill_token_threshold=value)
    assert cfg.long_prefill_token_threshold == value


def test_long_prefill_threshold_defaults_to_off() -> None:
    cfg = SchedulerConfig(max_model_len=4096, is_encoder_decoder=False)
    assert cfg.long_prefill_token_threshold == 0


@pytest.mark.parametrize("value", [-1, -5, -1000])
def test_negative_long_prefill_threshold_is_refused(value: int) -> None:
    with pytest.raises(ValidationError, match="long_prefill_token_threshold"):
        SchedulerConfig(max_model_len=4096, is_encoder_decoder=False,
                        long_prefill_token_threshold=value)


# -- test_eplb_config.py ------------------------------------------------------------------


def test_redundant_experts_default_to_zero_without_eplb() -> None:
    assert ParallelConfig(eplb_config=EPLBConfig()).eplb_config.num_redundant_experts == 0


def test_redundant_experts_without_eplb_are_refused() -> None:
    with pytest.raises(ValueError, match="num_redundant_experts"):
        ParallelConfig(eplb_config=EPLBConfig(num_redundant_experts=1))


@pytest.mark.parametrize("redundant", [0, 2])
def test_checking_the_model_against_eplb_keeps_explicit_redundant_experts(
        redundant: int) -> None:
    # vLLM's test patches its platform object to allow EPLB; here the cuda profile does.
    with using_platform("cuda"):
        parallel = ParallelConfig(tensor_parallel_size=2, enable_expert_parallel=True,
                                  enable_eplb=True,
                                  eplb_config=EPLBConfig(num_redundant_experts=redundant))
        ModelConfig(model="tiny-moe").verify_with_parallel_config(parallel)
    assert parallel.eplb_config.num_redundant_experts == redundant


# -- test_explicit_expert_parallel.py -----------------------------------------------------


@pytest.mark.parametrize("extra", [
    {"enable_expert_parallel": False}, {"pipeline_parallel_size": 2},
    {"prefill_context_parallel_size": 2}, {"expert_parallel_size": 4},
    {"all2all_backend": "deepep_low_latency"}, {"enable_eplb": True},
    {"enable_elastic_ep": True},
])
def test_explicit_expert_parallel_size_is_not_a_0_25_1_setting(extra: dict) -> None:
    # vLLM 0.25.1 has no expert_parallel_size: every such topology is refused.
    kwargs = {"tensor_parallel_size": 4, "data_parallel_size": 2,
              "enable_expert_parallel": True, "expert_parallel_size": 2, **extra}
    with pytest.raises(ValueError, match="expert_parallel_size"):
        ParallelConfig(**kwargs)


# -- test_config_utils.py (config classes) ------------------------------------------------


def test_load_settings_never_change_the_load_hash() -> None:
    base = LoadConfig().compute_hash()
    assert LoadConfig().compute_hash() == base
    for kwargs in ({"load_format": "pt"}, {"load_format": "safetensors"},
                   {"download_dir": "/tmp/weights"}):
        assert LoadConfig(**kwargs).compute_hash() == base


def test_traced_files_is_a_set_of_paths() -> None:
    cfg = CompilationConfig()
    assert len(cfg.traced_files) == 0
    for name in ("forward.py", "attention.py", "forward.py"):
        cfg.traced_files.add(Path("/model") / name)
    assert len(cfg.traced_files) == 2
    assert all(isinstance(p, Path) for p in cfg.traced_files)
    cfg.traced_files.clear()
    assert not cfg.traced_files


# -- test_multimodal_config.py ------------------------------------------------------------


def test_encoder_attention_backend_by_name_becomes_the_enum() -> None:
    cfg = MultiModalConfig(mm_encoder_attn_backend="FLASH_ATTN")
    assert cfg.mm_encoder_attn_backend == AttentionBackendEnum.FLASH_ATTN


def test_unknown_encoder_backend_and_hasher_are_refused() -> None:
    with pytest.raises(ValueError):
        MultiModalConfig(mm_encoder_attn_backend="not_a_backend")
    with pytest.raises(ValueError, match="mm_hasher_algorithm"):
        MultiModalConfig(mm_hasher_algorithm="md5")


def test_encoder_backend_is_in_the_multimodal_key() -> None:
    chosen = MultiModalConfig(mm_encoder_attn_backend=AttentionBackendEnum.FLASH_ATTN)
    assert MultiModalConfig().compute_hash() != chosen.compute_hash()


def test_language_model_only_is_not_in_the_multimodal_key() -> None:
    assert (MultiModalConfig().compute_hash()
            == MultiModalConfig(language_model_only=True).compute_hash())


def test_fp8_scale_file_needs_the_fp8_encoder_dtype(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mm_encoder_attn_dtype"):
        MultiModalConfig(mm_encoder_fp8_scale_path="/tmp/scales.json")
    scales = tmp_path / "scales.json"
    scales.write_text("{}")
    plain = MultiModalConfig().compute_hash()
    fp8 = MultiModalConfig(mm_encoder_attn_dtype="fp8").compute_hash()
    fp8_scaled = MultiModalConfig(mm_encoder_attn_dtype="fp8",
                                  mm_encoder_fp8_scale_path=str(scales)).compute_hash()
    assert len({plain, fp8, fp8_scaled}) == 3


# -- IrOpPriorityConfig: the providers vLLM 0.25.1 registers ------------------------------

ENGINE_PROVIDERS = ["vllm_c", "aiter", "oink", "xpu_kernels"]


@pytest.mark.parametrize("provider", ENGINE_PROVIDERS)
def test_engine_providers_are_accepted_for_every_op(provider: str) -> None:
    cfg = IrOpPriorityConfig(rms_norm=provider, fused_add_rms_norm=[provider, "native"])
    assert cfg.rms_norm == [provider]
    assert cfg.fused_add_rms_norm == [provider, "native"]


def test_engine_providers_change_the_key_but_carry_no_uuid() -> None:
    chosen = IrOpPriorityConfig(rms_norm="vllm_c,native")
    assert chosen.compute_hash() != IrOpPriorityConfig(rms_norm="native").compute_hash()
    assert "vllm_c" not in chosen.hash_factors()["_impls"]
    for per_op in warmup.PROVIDER_UUIDS.values():
        assert not set(per_op) & set(ENGINE_PROVIDERS)
    assert not {item["provider"] for item in warmup.PLAN} & set(ENGINE_PROVIDERS)


@pytest.mark.parametrize("bad", ["vllm_cc", "unfused", "cuda"])
def test_unknown_providers_are_still_refused(bad: str) -> None:
    with pytest.raises(ValidationError, match="vllm_c"):
        IrOpPriorityConfig(rms_norm=bad)


def test_the_kernel_registry_is_unchanged_by_engine_names() -> None:
    vk = pytest.importorskip("vllm_kernels")
    assert set(vk.provider_uuids()["rms_norm"]) == {"native", "triton"}
    with vk.set_priority({"rms_norm": ["native"]}):
        pass


def test_engine_enum_members_equal_ours_by_name() -> None:
    """AttentionBackendEnum is declared with `engine_enum`: vLLM's engine defines its own
    class of that name (vllm.v1.attention.backends.registry). Its members equal ours,
    both ways and as dict keys, and a config given one stores ours (same hash)."""
    import enum

    from vllm_config import AttentionBackendEnum as Ours
    from vllm_config import AttentionConfig, MultiModalConfig

    class AttentionBackendEnum(enum.Enum):  # the engine's class, as it names it
        FLASH_ATTN = "engine.FlashAttentionBackend"
        TRITON_ATTN = "engine.TritonAttentionBackend"

    class Unrelated(enum.Enum):
        FLASH_ATTN = 1

    engine = AttentionBackendEnum
    c = MultiModalConfig(mm_encoder_attn_backend="flash_attn")
    assert c.mm_encoder_attn_backend == engine.FLASH_ATTN
    assert engine.FLASH_ATTN == c.mm_encoder_attn_backend
    assert c.mm_encoder_attn_backend != engine.TRITON_ATTN
    assert c.mm_encoder_attn_backend != Unrelated.FLASH_ATTN
    assert {engine.FLASH_ATTN: "x"}[Ours.FLASH_ATTN] == "x"
    given = MultiModalConfig(mm_encoder_attn_backend=engine.FLASH_ATTN)
    assert given.mm_encoder_attn_backend is Ours.FLASH_ATTN
    assert given.compute_hash() == c.compute_hash() != MultiModalConfig().compute_hash()
    assert AttentionConfig.validate_backend_before(engine.TRITON_ATTN) is Ours.TRITON_ATTN
    assert Ours.FLASH_ATTN != Ours.TRITON_ATTN and Ours.FLASH_ATTN != "FLASH_ATTN"
