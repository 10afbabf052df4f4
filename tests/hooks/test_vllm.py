"""Unit tests of VllmConfig's hooks: each step called on a built config whose values
are then changed, with SimpleNamespace models standing in for facts that only a loaded
checkpoint knows (runner type, MoE, MLA, encoder-decoder, ...)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cfgc.hooks import vllm as h
from vllm_config.cache import CacheConfig
from vllm_config.compilation import CompilationConfig
from vllm_config.kv_events import KVEventsConfig
from vllm_config.kv_transfer import KVTransferConfig
from vllm_config.model import ModelConfig
from vllm_config.types import CompilationMode, CUDAGraphMode
from vllm_config.vllm import VllmConfig

ENV = ("TORCH_COMPILE_DISABLE", "VLLM_USE_BREAKABLE_CUDAGRAPH", "VLLM_BATCH_INVARIANT",
       "VLLM_DEBUG_DUMP_PATH", "PYTORCH_CUDA_ALLOC_CONF", "VLLM_USE_SIMPLE_KV_OFFLOAD",
       "VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def v() -> VllmConfig:
    return VllmConfig()


def model(**facts):
    base = dict(enforce_eager=False, disable_cascade_attn=False, pooler_config=None,
                enable_return_routed_experts=False, enable_cumem_allocator=False,
                runner="auto", convert="auto", max_model_len=4096, multimodal_config=None)
    base.update(facts)
    return SimpleNamespace(**base)


def spec(method, **kwargs):
    base = dict(method=method, num_speculative_tokens=2, disable_padded_drafter_batch=False,
                parallel_drafting=False, num_speculative_tokens_per_batch_size=None)
    base.update(kwargs)
    return SimpleNamespace(**base)


# --- async scheduling -----------------------------------------------------------------


@pytest.mark.parametrize("method, expected", [
    ("eagle", True), ("eagle3", True), ("mtp", True), ("dflash", True),
    ("ngram_gpu", True), ("ngram", False), ("draft_model", False), ("suffix", False),
    ("medusa", False),
])
def test_async_scheduling_default_by_method(v, method, expected):
    v.scheduler_config.async_scheduling = None
    v.speculative_config = spec(method)
    h.resolve_async_scheduling(v)
    assert v.scheduler_config.async_scheduling is expected


@pytest.mark.parametrize("setup, expected", [
    ({}, True),
    ({"model_config": model(runner="pooling")}, False),
    ({"model_config": model(runner="auto", convert="embed")}, False),
    ({"model_config": model(runner_type="pooling")}, False),
    ({"speculative_config": spec("eagle", disable_padded_drafter_batch=True)}, False),
    ({"backend": "ray"}, False),
    ({"backend": "mp"}, True),
    ({"backend": SimpleNamespace(supports_async_scheduling=lambda: False)}, False),
])
def test_async_scheduling_default(v, setup, expected):
    v.scheduler_config.async_scheduling = None
    if "backend" in setup:
        v.parallel_config.distributed_executor_backend = setup.pop("backend")
    for name, value in setup.items():
        setattr(v, name, value)
    h.resolve_async_scheduling(v)
    assert v.scheduler_config.async_scheduling is expected


@pytest.mark.parametrize("method, ok", [("eagle", True), ("draft_model", True),
                                        ("ngram_gpu", True), ("ngram", False),
                                        ("suffix", False)])
def test_async_scheduling_explicit(v, method, ok):
    v.scheduler_config.async_scheduling = True
    v.speculative_config = spec(method)
    if ok:
        h.resolve_async_scheduling(v)
    else:
        with pytest.raises(ValueError, match="asynchronous"):
            h.resolve_async_scheduling(v)


def test_async_scheduling_explicit_rejections(v):
    v.scheduler_config.async_scheduling = True
    v.speculative_config = spec("eagle", disable_padded_drafter_batch=True)
    with pytest.raises(ValueError, match="disable_padded_drafter_batch"):
        h.resolve_async_scheduling(v)
    v.speculative_config = None
    v.parallel_config.distributed_executor_backend = "ray"
    with pytest.raises(ValueError, match="ray"):
        h.resolve_async_scheduling(v)
    v.scheduler_config.async_scheduling = False  # an explicit "no" is never questioned
    h.resolve_async_scheduling(v)
    assert v.scheduler_config.async_scheduling is False


@pytest.mark.parametrize("given, async_on, expected", [
    (None, True, True), (None, False, False), (False, True, False), (True, False, True)])
def test_nccl_for_dp_sync(v, given, async_on, expected):
    v.parallel_config.disable_nccl_for_dp_synchronization = given
    v.scheduler_config.async_scheduling = async_on
    h.default_nccl_for_dp_sync(v)
    assert v.parallel_config.disable_nccl_for_dp_synchronization is expected


def test_cascade_attention_off_for_async_spec(v):
    v.model_config = model()
    v.speculative_config = spec("eagle")
    v.scheduler_config.async_scheduling = False
    h.disable_cascade_attn_for_async_spec(v)
    assert v.model_config.disable_cascade_attn is False
    v.scheduler_config.async_scheduling = True
    h.disable_cascade_attn_for_async_spec(v)
    assert v.model_config.disable_cascade_attn is True


# --- checks ---------------------------------------------------------------------------


def test_routed_experts(v):
    v.model_config = model(enable_return_routed_experts=True)
    h.check_routed_experts(v)
    v.kv_transfer_config = KVTransferConfig(kv_connector="NixlConnector", kv_role="kv_both")
    with pytest.raises(ValueError, match="KV connector"):
        h.check_routed_experts(v)
    v.kv_transfer_config = KVTransferConfig()  # no connector
    h.check_routed_experts(v)
    v.parallel_config.pipeline_parallel_size = 2
    with pytest.raises(ValueError, match="pipeline"):
        h.check_routed_experts(v)


def test_mamba_stochastic_rounding(v):
    v.mamba_config.enable_stochastic_rounding = True
    with pytest.raises(ValueError, match="float16"):
        h.check_mamba_stochastic_rounding(v)
    v.cache_config.mamba_ssm_cache_dtype = "float16"
    h.check_mamba_stochastic_rounding(v)


def test_kv_sharing_fast_prefill(v):
    v.cache_config.kv_sharing_fast_prefill = True
    v.speculative_config = spec("ngram")
    h.check_kv_sharing_fast_prefill(v)
    v.speculative_config = spec("mtp")
    with pytest.raises(ValueError, match="EAGLE"):
        h.check_kv_sharing_fast_prefill(v)


def test_ubatching(v):
    v.parallel_config.ubatch_size = 2
    v.parallel_config.all2all_backend = "allgather_reducescatter"
    with pytest.raises(ValueError, match="all2all_backend"):
        h.check_ubatching(v)
    v.parallel_config.all2all_backend = "deepep_low_latency"
    v.model_config = model()
    h.check_ubatching(v)
    assert v.model_config.disable_cascade_attn is True


def test_nvfp4_kv_cache_with_mla(v):
    v.cache_config.cache_dtype = "nvfp4"
    v.model_config = model(use_mla=False)
    h.check_nvfp4_kv_cache_with_mla(v)
    v.model_config = model()  # MLA unknown: not rejected
    h.check_nvfp4_kv_cache_with_mla(v)
    v.model_config = model(use_mla=True)
    with pytest.raises(ValueError, match="nvfp4"):
        h.check_nvfp4_kv_cache_with_mla(v)


def test_mamba_block_size(v):
    v.model_config = model(max_model_len=4096)
    v.cache_config.enable_prefix_caching = False
    v.cache_config.mamba_block_size = 4096  # equal to max_model_len: not an explicit choice
    h.check_mamba_block_size(v)
    v.cache_config.mamba_block_size = 256
    with pytest.raises(ValueError, match="prefix caching"):
        h.check_mamba_block_size(v)
    v.cache_config.enable_prefix_caching = True
    h.check_mamba_block_size(v)


def test_kv_transfer_memory(v, monkeypatch):
    v.kv_transfer_config = KVTransferConfig(kv_connector="NixlConnector", kv_role="kv_both")
    h.check_kv_transfer_memory(v)
    monkeypatch.setenv("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")
    with pytest.raises(ValueError, match="expandable_segments"):
        h.check_kv_transfer_memory(v)
    v.model_config = model(enable_cumem_allocator=True)
    h.check_kv_transfer_memory(v)


def test_final_cudagraph_mode(v):
    cc = v.compilation_config
    cc.cudagraph_mode = CUDAGraphMode.PIECEWISE
    cc.mode = CompilationMode.NONE
    with pytest.raises(ValueError, match="VLLM_COMPILE"):
        h.check_final_cudagraph_mode(v)
    cc.cudagraph_mode = CUDAGraphMode.FULL_DECODE_ONLY
    h.check_final_cudagraph_mode(v)


# --- compilation settings ---------------------------------------------------------------


def test_compile_env(v, monkeypatch):
    cc = v.compilation_config
    cc.mode = CompilationMode.VLLM_COMPILE
    h.apply_compile_env(v)
    assert cc.mode == CompilationMode.VLLM_COMPILE
    monkeypatch.setenv("TORCH_COMPILE_DISABLE", "1")
    h.apply_compile_env(v)
    assert cc.mode == CompilationMode.NONE
    monkeypatch.delenv("TORCH_COMPILE_DISABLE")
    cc.mode = CompilationMode.VLLM_COMPILE
    monkeypatch.setenv("VLLM_USE_BREAKABLE_CUDAGRAPH", "1")
    h.apply_compile_env(v)
    assert cc.mode == CompilationMode.NONE


def test_env_through_a_full_build(monkeypatch):
    monkeypatch.setenv("TORCH_COMPILE_DISABLE", "1")
    v = VllmConfig()
    assert v.compilation_config.mode == CompilationMode.NONE
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.NONE


@pytest.mark.parametrize("level, expected", [(0, CompilationMode.NONE),
                                             (1, CompilationMode.VLLM_COMPILE),
                                             (2, CompilationMode.VLLM_COMPILE)])
def test_default_compilation_mode(v, level, expected):
    v.compilation_config.mode = None
    v.optimization_level = level
    h.default_compilation_mode(v)
    assert v.compilation_config.mode == expected


@pytest.mark.parametrize("backend, mode, torch_wrap, custom", [
    ("", 3, True, "none"), ("inductor", 3, True, "none"), ("eager", 3, False, "all"),
    ("inductor", 0, False, "all"), ("inductor", 1, False, "none")])
def test_torch_wrap_and_custom_ops(backend, mode, torch_wrap, custom):
    cc = CompilationConfig(backend=backend, mode=mode)
    v = SimpleNamespace(compilation_config=cc)
    h.default_ir_torch_wrap(v)
    h.default_custom_ops(v)
    assert cc.ir_enable_torch_wrap is torch_wrap and cc.custom_ops == [custom]
    h.default_custom_ops(v)  # already decided: nothing appended
    assert cc.custom_ops == [custom]


def test_custom_ops_user_choice_kept():
    cc = CompilationConfig(custom_ops=["all", "-rms_norm"], mode=3)
    h.default_custom_ops(SimpleNamespace(compilation_config=cc))
    assert cc.custom_ops == ["all", "-rms_norm"]


def test_optimization_level_table():
    assert set(h.OPTIMIZATION_LEVEL_DEFAULTS) == {0, 1, 2, 3}
    assert h.OPTIMIZATION_LEVEL_DEFAULTS[2] == h.OPTIMIZATION_LEVEL_DEFAULTS[3]
    v = VllmConfig(optimization_level=1)
    pc = v.compilation_config.pass_config
    assert pc.fuse_allreduce_rms is False and pc.fuse_rope_kvcache is False
    assert pc.fuse_norm_quant is None  # platform dependent: left for the engine
    o2 = VllmConfig().compilation_config.pass_config
    assert o2.fuse_allreduce_rms is None
    # Splitting ops will hold the KV-cache update ops, so the MLA concat fusion stays off.
    assert o2.fuse_rope_kvcache_cat_mla is False
    v = VllmConfig(compilation_config=CompilationConfig(use_inductor_graph_partition=True))
    assert v.compilation_config.pass_config.fuse_rope_kvcache_cat_mla is True


def test_dynamic_spec_and_piecewise_rules(v):
    cc = v.compilation_config
    cc.cudagraph_mode = CUDAGraphMode.FULL
    v.speculative_config = spec("eagle", num_speculative_tokens_per_batch_size=[(1, 4, 2)])
    h.override_cudagraph_for_dynamic_spec(v)
    assert cc.cudagraph_mode == CUDAGraphMode.PIECEWISE
    cc.mode = CompilationMode.STOCK_TORCH_COMPILE
    h.drop_piecewise_without_compile(v)
    assert cc.cudagraph_mode == CUDAGraphMode.NONE


def test_sequence_parallel_rules(v):
    pc = v.compilation_config.pass_config
    pc.fuse_gemm_comms, pc.enable_sp = True, False
    h.apply_sequence_parallel_rules(v)  # TP 1: both off again
    assert (pc.enable_sp, pc.fuse_gemm_comms) == (False, False)
    v.parallel_config.tensor_parallel_size = 2
    pc.fuse_gemm_comms = True
    h.apply_sequence_parallel_rules(v)
    assert pc.enable_sp is True
    v.parallel_config.pipeline_parallel_size = 2
    h.sequence_parallel_custom_ops(v)
    assert "+rms_norm" in v.compilation_config.custom_ops


def test_fast_moe_cold_start(v):
    v.compilation_config.fast_moe_cold_start = None
    v.speculative_config = spec("eagle")
    h.default_fast_moe_cold_start(v)
    assert v.compilation_config.fast_moe_cold_start is False


def test_scheduled_tokens_for_drafting(v):
    sched = v.scheduler_config
    sched.max_num_batched_tokens, sched.max_num_seqs = 8192, 64
    sched.max_num_scheduled_tokens = None
    v.speculative_config = spec("draft_model", num_speculative_tokens=4, parallel_drafting=True)
    h.limit_scheduled_tokens_for_drafting(v)
    assert sched.max_num_scheduled_tokens == 8192 - 4 * 64
    sched.max_num_scheduled_tokens = 8192  # given, but leaves no draft slots
    with pytest.raises(ValueError, match="draft"):
        h.limit_scheduled_tokens_for_drafting(v)
    sched.max_num_scheduled_tokens, sched.max_num_batched_tokens = None, 100
    with pytest.raises(ValueError, match="nothing could be scheduled"):
        h.limit_scheduled_tokens_for_drafting(v)


@pytest.mark.parametrize("facts, start, expected", [
    ({"pooler_config": object()}, CUDAGraphMode.FULL_AND_PIECEWISE, CUDAGraphMode.PIECEWISE),
    ({"is_encoder_decoder": True}, CUDAGraphMode.FULL_AND_PIECEWISE,
     CUDAGraphMode.FULL_DECODE_ONLY),
    ({"is_encoder_decoder": True}, CUDAGraphMode.NONE, CUDAGraphMode.NONE),
    ({"enforce_eager": True}, CUDAGraphMode.FULL, CUDAGraphMode.NONE),
    ({}, CUDAGraphMode.FULL, CUDAGraphMode.FULL),
])
def test_cudagraph_mode_for_model(v, facts, start, expected):
    v.model_config = model(**facts)
    v.compilation_config.cudagraph_mode = start
    h.resolve_cudagraph_mode_for_model(v)
    assert v.compilation_config.cudagraph_mode == expected


def test_splitting_ops_use_dp_only_for_moe(v):
    v.parallel_config.data_parallel_size = 2
    v.parallel_config.all2all_backend = "deepep_high_throughput"
    v.model_config = model(is_moe=False)
    h.set_splitting_ops(v)
    assert v.compilation_config.cudagraph_mode != CUDAGraphMode.NONE
    v.model_config = model(is_moe=True)
    h.set_splitting_ops(v)
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.NONE


# --- KV cache --------------------------------------------------------------------------


@pytest.mark.parametrize("backend, simple, connector", [
    ("native", "0", "OffloadingConnector"), ("native", "1", "SimpleCPUOffloadConnector"),
    ("lmcache", "0", "LMCacheMPConnector")])
def test_kv_offloading(v, monkeypatch, backend, simple, connector):
    monkeypatch.setenv("VLLM_USE_SIMPLE_KV_OFFLOAD", simple)
    v.cache_config = CacheConfig(kv_offloading_size=1.5, kv_offloading_backend=backend)
    h.apply_kv_offloading(v)
    kv = v.kv_transfer_config
    assert (kv.kv_connector, kv.kv_role) == (connector, "kv_both")
    extra = {"cpu_bytes_to_use": 1.5 * (1 << 30)} if backend == "native" else {}
    assert kv.kv_connector_extra_config == extra


def test_kv_offloading_off(v):
    h.apply_kv_offloading(v)
    assert v.kv_transfer_config is None


def test_hybrid_kv_cache_manager(v, monkeypatch):
    sched = v.scheduler_config
    sched.disable_hybrid_kv_cache_manager = None
    h.resolve_hybrid_kv_cache_manager(v)
    assert sched.disable_hybrid_kv_cache_manager is False
    # chunked local attention + EAGLE: the hybrid manager cannot be used
    v.model_config = model(attention_chunk_size=8192)
    v.speculative_config = spec("eagle")
    sched.disable_hybrid_kv_cache_manager = None
    h.resolve_hybrid_kv_cache_manager(v)
    assert sched.disable_hybrid_kv_cache_manager is True
    sched.disable_hybrid_kv_cache_manager = False
    with pytest.raises(ValueError, match="explicitly enabled"):
        h.resolve_hybrid_kv_cache_manager(v)
    v.speculative_config = None
    monkeypatch.setenv("VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE", "0")
    sched.disable_hybrid_kv_cache_manager = None
    h.resolve_hybrid_kv_cache_manager(v)
    assert sched.disable_hybrid_kv_cache_manager is True
    # a connector without a forced answer: the engine decides
    monkeypatch.delenv("VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE")
    v.model_config = None
    v.kv_transfer_config = KVTransferConfig(kv_connector="NixlConnector", kv_role="kv_both")
    sched.disable_hybrid_kv_cache_manager = None
    h.resolve_hybrid_kv_cache_manager(v)
    assert sched.disable_hybrid_kv_cache_manager is None


def test_kv_events_warnings(v, caplog):
    v.kv_events_config = KVEventsConfig(enable_kv_cache_events=True)
    v.cache_config.enable_prefix_caching = False
    with caplog.at_level("WARNING", logger="vllm_config.vllm"):
        h.warn_kv_events(v)
    assert "prefix caching" in caplog.text


# --- paths, ids, helpers ---------------------------------------------------------------


def test_debug_dump_path(v, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    v.compilation_config.debug_dump_path = Path("dumps")
    h.resolve_debug_dump_path(v)
    assert v.compilation_config.debug_dump_path == tmp_path / "dumps"
    monkeypatch.setenv("VLLM_DEBUG_DUMP_PATH", "other")
    h.resolve_debug_dump_path(v)
    assert v.compilation_config.debug_dump_path == tmp_path / "other"
    assert h.compile_debug_dump_path(v) == tmp_path / "other" / "rank_0_dp_0"
    v.compilation_config.debug_dump_path = None
    assert h.compile_debug_dump_path(v) is None


def test_instance_id_replaced(v):
    v.instance_id = "mine"
    h.stamp_instance_id(v)
    assert v.instance_id.isdigit()


def test_default_scheduler_config(v):
    v.scheduler_config = None
    h.default_scheduler_config(v)
    assert v.scheduler_config.max_num_batched_tokens > 0


def test_num_speculative_tokens(v):
    assert h.num_speculative_tokens(v) == 0
    v.diffusion_config = SimpleNamespace(canvas_length=16)
    assert h.num_speculative_tokens(v) == 16
    v.speculative_config = spec("eagle", num_speculative_tokens=3)
    assert h.num_speculative_tokens(v) == 3


def test_needs_dp_coordinator(v):
    assert not h.needs_dp_coordinator(v)
    v.parallel_config.data_parallel_size = 2
    assert h.needs_dp_coordinator(v)
    v.model_config = model(is_moe=False)
    v.parallel_config.data_parallel_external_lb = True
    assert not h.needs_dp_coordinator(v)


def test_hash_extras(v):
    from vllm_config import SCHEMA_VERSION

    assert h.schema_version(v) == SCHEMA_VERSION
    assert h.mm_encoder_hash(v) is None
    mm = SimpleNamespace(compute_hash=lambda: "mm-hash")
    v.model_config = model(multimodal_config=mm)
    assert h.mm_encoder_hash(v) is None
    v.compilation_config.compile_mm_encoder = True
    assert h.mm_encoder_hash(v) == "mm-hash"


def test_validate_block_size(v):
    v.cache_config.block_size = 16
    v.parallel_config.decode_context_parallel_size = 2
    v.parallel_config.dcp_kv_cache_interleave_size = 8
    h.validate_block_size(v)
    assert v.parallel_config.cp_kv_cache_interleave_size == 8
    v.parallel_config.dcp_kv_cache_interleave_size = 32
    with pytest.raises(ValueError, match="cp_kv_cache_interleave_size"):
        h.validate_block_size(v)
    v.parallel_config.decode_context_parallel_size = 1
    v.cache_config.mamba_cache_mode = "align"
    v.scheduler_config.max_num_batched_tokens = 8
    with pytest.raises(ValueError, match="max_num_batched_tokens"):
        h.validate_block_size(v)


def test_model_config_facts_unknown_without_checkpoint():
    # A real ModelConfig built without a checkpoint carries no derived facts; the hooks
    # treat them as unknown rather than failing.
    v = VllmConfig(model_config=ModelConfig(), cache_config=CacheConfig(cache_dtype="nvfp4"))
    assert v.model_config is not None
