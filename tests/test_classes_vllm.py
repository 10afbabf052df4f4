"""VllmConfig against the seed: fields and defaults, a default build without a model,
the cross-config reconciliation, rejections, and the composed cache key."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

import vllm_config
from vllm_config.cache import CacheConfig
from vllm_config.compilation import CompilationConfig, PassConfig
from vllm_config.kv_events import KVEventsConfig
from vllm_config.lora import LoRAConfig
from vllm_config.mamba import MambaConfig
from vllm_config.model import ModelConfig
from vllm_config.multimodal import MultiModalConfig
from vllm_config.parallel import ParallelConfig
from vllm_config.reasoning import ReasoningConfig
from vllm_config.scheduler import SchedulerConfig
from vllm_config.speculative import SpeculativeConfig
from vllm_config.types import CompilationMode, CUDAGraphMode, OptimizationLevel
from vllm_config.vllm import VllmConfig
from vllm_config.weight_transfer import WeightTransferConfig

FACTS = json.loads((Path(__file__).parent / "facts" / "seed_facts.json").read_text())["classes"]
SUB_CONFIGS = {
    "model_config", "cache_config", "parallel_config", "scheduler_config", "device_config",
    "load_config", "offload_config", "attention_config", "lora_config", "speculative_config",
    "structured_outputs_config", "profiler_config", "observability_config",
    "compilation_config", "kernel_config", "kv_transfer_config", "ec_transfer_config",
}


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("TORCH_COMPILE_DISABLE", "VLLM_USE_BREAKABLE_CUDAGRAPH", "VLLM_BATCH_INVARIANT",
                 "VLLM_DEBUG_DUMP_PATH", "PYTORCH_CUDA_ALLOC_CONF", "VLLM_USE_SIMPLE_KV_OFFLOAD"):
        monkeypatch.delenv(name, raising=False)


def ngram_spec(**kwargs) -> SpeculativeConfig:
    return SpeculativeConfig(method="ngram", num_speculative_tokens=3, **kwargs)


def test_constructor_fields_match_seed():
    assert [f.name for f in dataclasses.fields(VllmConfig)] == \
        FACTS["VllmConfig"]["constructor_fields"]


def test_declared_defaults():
    fields = VllmConfig.__pydantic_fields__
    for name in ("model_config", "lora_config", "speculative_config", "diffusion_config",
                 "quant_config", "kv_transfer_config", "kv_events_config",
                 "ec_transfer_config", "reasoning_config", "weight_transfer_config"):
        assert fields[name].default is None, name
    assert fields["instance_id"].default == ""
    assert fields["optimization_level"].default is OptimizationLevel.O2
    assert fields["performance_mode"].default == "balanced"
    assert fields["shutdown_timeout"].default == 0
    assert fields["additional_config"].default_factory() == {}
    for name, cls in (("cache_config", CacheConfig), ("parallel_config", ParallelConfig),
                      ("compilation_config", CompilationConfig), ("mamba_config", MambaConfig)):
        assert fields[name].default_factory is cls


def test_default_build_needs_no_model():
    v = VllmConfig()
    assert v.model_config is None
    # The default scheduler config is the one for an 8192-token decoder-only model.
    default = SchedulerConfig(max_model_len=8192, is_encoder_decoder=False)
    assert v.scheduler_config.max_num_batched_tokens == default.max_num_batched_tokens
    assert v.scheduler_config.max_num_seqs == default.max_num_seqs
    assert v.instance_id.isdigit()
    cc = v.compilation_config
    assert cc.mode == CompilationMode.VLLM_COMPILE
    assert cc.cudagraph_mode == CUDAGraphMode.FULL_AND_PIECEWISE
    assert cc.custom_ops == ["none"]
    assert (cc.cudagraph_capture_sizes, cc.max_cudagraph_capture_size) == ([], 0)
    assert cc.compile_ranges_endpoints == [v.scheduler_config.max_num_batched_tokens]
    # vLLM 0.25.1 on torch 2.11 always turns the fast MoE cold start off
    assert cc.ir_enable_torch_wrap is True and cc.fast_moe_cold_start is False
    assert cc.use_inductor_graph_partition is False
    assert v.scheduler_config.async_scheduling is True
    assert v.parallel_config.disable_nccl_for_dp_synchronization is True
    assert v.scheduler_config.disable_hybrid_kv_cache_manager is False
    assert v.kernel_config.enable_flashinfer_autotune is True


@pytest.mark.parametrize("level, mode, graphs, custom_ops, autotune", [
    (0, CompilationMode.NONE, CUDAGraphMode.NONE, ["all"], False),
    (1, CompilationMode.VLLM_COMPILE, CUDAGraphMode.PIECEWISE, ["none"], True),
    (2, CompilationMode.VLLM_COMPILE, CUDAGraphMode.FULL_AND_PIECEWISE, ["none"], True),
    (3, CompilationMode.VLLM_COMPILE, CUDAGraphMode.FULL_AND_PIECEWISE, ["none"], True),
])
def test_optimization_levels(level, mode, graphs, custom_ops, autotune):
    v = VllmConfig(optimization_level=level)
    cc = v.compilation_config
    assert (cc.mode, cc.cudagraph_mode, cc.custom_ops) == (mode, graphs, custom_ops)
    assert v.kernel_config.enable_flashinfer_autotune is autotune
    pc = cc.pass_config
    assert pc.enable_sp is False and pc.fuse_gemm_comms is False and pc.fuse_attn_quant is False
    if level == 0:
        assert pc.fuse_norm_quant is False and pc.fuse_allreduce_rms is False


def test_explicit_settings_beat_the_level():
    v = VllmConfig(compilation_config=CompilationConfig(
        cudagraph_mode="PIECEWISE", pass_config=PassConfig(fuse_norm_quant=True)))
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.PIECEWISE
    assert v.compilation_config.pass_config.fuse_norm_quant is True
    v = VllmConfig(optimization_level=0, compilation_config=CompilationConfig(mode=3))
    assert v.compilation_config.mode == CompilationMode.VLLM_COMPILE
    assert v.compilation_config.custom_ops == ["none"]


def test_capture_sizes_with_a_model():
    v = VllmConfig(model_config=ModelConfig())
    cc, sched = v.compilation_config, v.scheduler_config
    expected_max = min(sched.max_num_seqs * 2, 512, sched.max_num_batched_tokens)
    assert cc.max_cudagraph_capture_size == cc.cudagraph_capture_sizes[-1] == expected_max
    assert cc.cudagraph_capture_sizes[:4] == [1, 2, 4, 8]
    assert cc.cudagraph_num_of_warmups == 1
    interactive = VllmConfig(model_config=ModelConfig(), performance_mode="interactivity")
    assert interactive.compilation_config.cudagraph_capture_sizes[:32] == list(range(1, 33))


def test_capture_sizes_grow_with_draft_tokens():
    v = VllmConfig(model_config=ModelConfig(), speculative_config=ngram_spec(),
                   scheduler_config=SchedulerConfig(max_model_len=8192, is_encoder_decoder=False,
                                                    max_num_seqs=32))
    assert v.compilation_config.max_cudagraph_capture_size == 32 * 4 * 2


def test_enforce_eager_disables_compilation():
    v = VllmConfig(model_config=ModelConfig(enforce_eager=True))
    cc = v.compilation_config
    assert (cc.mode, cc.cudagraph_mode) == (CompilationMode.NONE, CUDAGraphMode.NONE)
    assert (cc.cudagraph_capture_sizes, cc.max_cudagraph_capture_size) == ([], 0)
    assert cc.custom_ops == ["all"]


def test_speculative_decoding_effects():
    v = VllmConfig(model_config=ModelConfig(), speculative_config=ngram_spec())
    # CPU n-gram drafting does not support asynchronous scheduling.
    assert v.scheduler_config.async_scheduling is False
    assert v.parallel_config.disable_nccl_for_dp_synchronization is False
    assert v.compilation_config.fast_moe_cold_start is False
    assert v.scheduler_config.max_num_scheduled_tokens == \
        v.scheduler_config.max_num_batched_tokens  # n-gram adds no draft slots
    gpu = VllmConfig(model_config=ModelConfig(),
                     speculative_config=SpeculativeConfig(method="ngram_gpu",
                                                          num_speculative_tokens=2))
    assert gpu.scheduler_config.async_scheduling is True
    assert gpu.model_config.disable_cascade_attn is True


def test_dynamic_draft_length_downgrades_full_graphs():
    spec = ngram_spec(num_speculative_tokens_per_batch_size=[(1, 8, 3), (9, 64, 1)])
    v = VllmConfig(speculative_config=spec)
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.PIECEWISE


def test_kv_offloading_creates_the_connector():
    v = VllmConfig(cache_config=CacheConfig(kv_offloading_size=2.0,
                                            kv_offloading_backend="native"))
    kv = v.kv_transfer_config
    assert (kv.kv_connector, kv.kv_role) == ("OffloadingConnector", "kv_both")
    assert kv.kv_connector_extra_config == {"cpu_bytes_to_use": 2.0 * (1 << 30)}
    # That connector supports the hybrid KV cache manager (SupportsHMA): vLLM keeps it on.
    assert v.scheduler_config.disable_hybrid_kv_cache_manager is False


@pytest.mark.parametrize("kwargs, match", [
    ({"shutdown_timeout": -1}, "greater than or equal"),
    ({"optimization_level": 4}, "optimization_level"),
    ({"performance_mode": "fast"}, "performance_mode"),
    ({"unknown": 1}, "unknown"),
    ({"mamba_config": MambaConfig(enable_stochastic_rounding=True)}, "float16"),
    ({"model_config": ModelConfig(enable_return_routed_experts=True),
      "parallel_config": ParallelConfig(pipeline_parallel_size=2)}, "pipeline"),
    ({"scheduler_config": SchedulerConfig(max_model_len=8192, is_encoder_decoder=False,
                                          async_scheduling=True),
      "speculative_config": ngram_spec()}, "asynchronous"),
    ({"cache_config": CacheConfig(kv_sharing_fast_prefill=True),
      "speculative_config": SpeculativeConfig(method="eagle", model="org/head",
                                              num_speculative_tokens=2)}, "kv_sharing"),
    ({"parallel_config": ParallelConfig(enable_dbo=True)}, "all2all_backend"),
])
def test_rejected(kwargs, match):
    with pytest.raises(ValidationError, match=match):
        VllmConfig(**kwargs)


def test_accepted_combinations():
    VllmConfig(mamba_config=MambaConfig(enable_stochastic_rounding=True),
               cache_config=CacheConfig(mamba_ssm_cache_dtype="float16"))
    VllmConfig(model_config=ModelConfig(enable_return_routed_experts=True))


# --- the cache key ---------------------------------------------------------------------


def test_hash_factors_are_the_seeds_sub_configs():
    factors = VllmConfig().hash_factors()
    assert set(factors) == SUB_CONFIGS | {"additional_config", "schema_version", "mm_encoder"}
    assert factors["schema_version"] == vllm_config.SCHEMA_VERSION
    # An absent sub-config is encoded the same way for every field.
    for name in ("model_config", "lora_config", "speculative_config", "kv_transfer_config",
                 "ec_transfer_config", "mm_encoder"):
        assert factors[name] is None
    v = VllmConfig()
    assert factors["cache_config"] == v.cache_config.compute_hash()
    assert factors["compilation_config"] == v.compilation_config.compute_hash()


def test_hash_is_stable_and_ignores_instance_id():
    a, b = VllmConfig(), VllmConfig()
    assert a.instance_id.isdigit() and b.instance_id.isdigit()
    assert a.compute_hash() == b.compute_hash()
    assert len(a.compute_hash()) == 64


@pytest.mark.parametrize("kwargs", [
    {"cache_config": CacheConfig(cache_dtype="fp8")},
    {"lora_config": LoRAConfig()},
    {"speculative_config": SpeculativeConfig(method="eagle3", model="org/head",
                                             num_speculative_tokens=2)},
    {"model_config": ModelConfig()},
    {"parallel_config": ParallelConfig(tensor_parallel_size=2)},
    {"optimization_level": 0},  # reaches the key through compilation_config
    {"additional_config": {"platform_option": 1}},
])
def test_included_changes_change_the_hash(kwargs):
    assert VllmConfig(**kwargs).compute_hash() != VllmConfig().compute_hash()


@pytest.mark.parametrize("kwargs", [
    {"shutdown_timeout": 30},
    {"instance_id": "abc"},
    {"weight_transfer_config": WeightTransferConfig(backend="ipc")},
    {"kv_events_config": KVEventsConfig()},
    {"reasoning_config": ReasoningConfig()},
    {"mamba_config": MambaConfig(stochastic_rounding_philox_rounds=3)},
    {"performance_mode": "throughput"},
])
def test_excluded_changes_keep_the_hash(kwargs):
    assert VllmConfig(**kwargs).compute_hash() == VllmConfig().compute_hash()


def test_additional_config_is_order_insensitive():
    a = VllmConfig(additional_config={"x": 1, "y": [1, 2]})
    b = VllmConfig(additional_config={"y": [1, 2], "x": 1})
    assert a.compute_hash() == b.compute_hash()


def test_additional_config_object_hashes_by_compute_hash():
    class Extra:
        def __init__(self, key: str):
            self.key = key

        def compute_hash(self) -> str:
            return self.key

    assert VllmConfig(additional_config=Extra("a")).compute_hash() != \
        VllmConfig(additional_config=Extra("b")).compute_hash()


def test_mm_encoder_factor_only_when_compiled():
    mm = MultiModalConfig()
    plain = ModelConfig()
    plain.multimodal_config = mm
    v = VllmConfig(model_config=plain)
    assert v.hash_factors()["mm_encoder"] is None
    compiled = VllmConfig(model_config=plain,
                          compilation_config=CompilationConfig(compile_mm_encoder=True))
    assert compiled.hash_factors()["mm_encoder"] == mm.compute_hash()


@pytest.mark.parametrize("kwargs", [
    {},
    {"model_config": ModelConfig()},
    {"model_config": ModelConfig(),
     "speculative_config": SpeculativeConfig(method="ngram_gpu", num_speculative_tokens=2)},
    {"cache_config": CacheConfig(kv_offloading_size=1.0, kv_offloading_backend="native")},
])
def test_rebuilding_from_a_built_config_is_stable(kwargs):
    v = VllmConfig(**kwargs)
    again = VllmConfig(**{f.name: getattr(v, f.name) for f in dataclasses.fields(v)})
    assert again.compute_hash() == v.compute_hash()
    assert again.compilation_config.custom_ops == v.compilation_config.custom_ops
