"""VllmConfig's reconciliation of its sub-configs, through the generated class: the
resolve steps and the level_defaults table declared in schema/vllm.yaml, and the few
hooks that remain. Facts that only a loaded checkpoint knows (runner type, MoE, MLA,
encoder-decoder, chunked local attention) are set as attributes on a ModelConfig, as
the engine does once it has loaded the checkpoint."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cfgc.hooks import vllm as h
from cfgc.runtime import rules as _r
from vllm_config.cache import CacheConfig
from vllm_config.compilation import CompilationConfig, PassConfig
from vllm_config.diffusion import DiffusionConfig
from vllm_config.kernel import KernelConfig
from vllm_config.kv_events import KVEventsConfig
from vllm_config.kv_transfer import KVTransferConfig
from vllm_config.mamba import MambaConfig
from vllm_config.model import ModelConfig
from vllm_config.parallel import ParallelConfig
from vllm_config.pooler import PoolerConfig
from vllm_config.scheduler import SchedulerConfig
from vllm_config.speculative import SpeculativeConfig
from vllm_config.types import CompilationMode, CUDAGraphMode, OptimizationLevel
from vllm_config.vllm import LEVEL_DEFAULTS, VllmConfig

ENV = ("TORCH_COMPILE_DISABLE", "VLLM_USE_BREAKABLE_CUDAGRAPH", "VLLM_BATCH_INVARIANT",
       "VLLM_DEBUG_DUMP_PATH", "PYTORCH_CUDA_ALLOC_CONF", "VLLM_USE_SIMPLE_KV_OFFLOAD",
       "VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE")
MODEL_FIELDS = {f.name for f in dataclasses.fields(ModelConfig) if f.init}
#: Checkpoint facts a test sets, and the stored fact each is derived from.
_FACT_PATHS = {
    "is_moe": ("model_arch_config", "num_experts", lambda on: 8 if on else 0),
    "use_mla": ("model_arch_config", "is_deepseek_mla", bool),
    "is_encoder_decoder": ("checkpoint_facts", "is_encoder_decoder", bool),
    "attention_chunk_size": ("checkpoint_facts", "attention_chunk_size", lambda n: n),
}


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def v() -> VllmConfig:
    return VllmConfig()


def model(**facts) -> ModelConfig:
    """A ModelConfig of the test hub's default checkpoint with some checkpoint facts
    changed (is_moe, use_mla, ... through the stored facts they derive from; other
    names set as attributes). Cascade attention starts on (unlike ModelConfig's
    default), so that switching it off shows."""
    facts.setdefault("disable_cascade_attn", False)
    m = ModelConfig(**{k: facts.pop(k) for k in list(facts) if k in MODEL_FIELDS})
    for name, value in facts.items():
        if name in _FACT_PATHS:
            holder, field, convert = _FACT_PATHS[name]
            setattr(getattr(m, holder), field, convert(value))
        else:
            setattr(m, name, value)
    return m


def sched(**kwargs) -> SchedulerConfig:
    return SchedulerConfig(max_model_len=8192, is_encoder_decoder=False, **kwargs)


def spec(method, **kwargs) -> SpeculativeConfig:
    kwargs.setdefault("num_speculative_tokens", 2)
    if method == "mtp":
        kwargs.setdefault("target_model_config", ModelConfig())
    elif method not in ("ngram", "ngram_gpu", "suffix"):
        kwargs.setdefault("model", "some/drafter")
    return SpeculativeConfig(method=method, **kwargs)


class _NoAsyncExecutor:
    @staticmethod
    def supports_async_scheduling() -> bool:
        return False


# --- async scheduling -----------------------------------------------------------------


@pytest.mark.parametrize("method, expected", [
    ("eagle", True), ("eagle3", True), ("mtp", True), ("dflash", True),
    ("ngram_gpu", True), ("ngram", False), ("draft_model", False), ("suffix", False),
    ("medusa", False),
])
def test_async_scheduling_default_by_method(method, expected):
    v = VllmConfig(speculative_config=spec(method))
    assert v.scheduler_config.async_scheduling is expected


@pytest.mark.parametrize("setup, expected", [
    ({}, True),
    ({"model_config": model(runner="pooling")}, False),
    ({"model_config": model(runner="auto", convert="embed")}, False),
    ({"model_config": model(runner_type="pooling")}, False),
    ({"speculative_config": spec("eagle", disable_padded_drafter_batch=True)}, False),
    ({"backend": "ray"}, False),
    ({"backend": "mp"}, True),
    ({"backend": _NoAsyncExecutor}, False),
])
def test_async_scheduling_default(setup, expected):
    setup = dict(setup)
    if "backend" in setup:
        setup["parallel_config"] = ParallelConfig(
            distributed_executor_backend=setup.pop("backend"))
    v = VllmConfig(**setup)
    assert v.scheduler_config.async_scheduling is expected


@pytest.mark.parametrize("method, ok", [("eagle", True), ("draft_model", True),
                                        ("ngram_gpu", True), ("ngram", False),
                                        ("suffix", False)])
def test_async_scheduling_explicit(method, ok):
    args = dict(scheduler_config=sched(async_scheduling=True), speculative_config=spec(method))
    if ok:
        VllmConfig(**args)
    else:
        with pytest.raises(ValueError, match="asynchronous"):
            VllmConfig(**args)


def test_async_scheduling_explicit_rejections():
    with pytest.raises(ValueError, match="disable_padded_drafter_batch"):
        VllmConfig(scheduler_config=sched(async_scheduling=True),
                   speculative_config=spec("eagle", disable_padded_drafter_batch=True))
    ray = ParallelConfig(distributed_executor_backend="ray")
    with pytest.raises(ValueError, match="ray"):
        VllmConfig(scheduler_config=sched(async_scheduling=True), parallel_config=ray)
    # an explicit "no" is never questioned
    v = VllmConfig(scheduler_config=sched(async_scheduling=False), parallel_config=ray)
    assert v.scheduler_config.async_scheduling is False


@pytest.mark.parametrize("given, async_on, expected", [
    (None, True, True), (None, False, False), (False, True, False), (True, False, True)])
def test_nccl_for_dp_sync(given, async_on, expected):
    v = VllmConfig(parallel_config=ParallelConfig(disable_nccl_for_dp_synchronization=given),
                   scheduler_config=sched(async_scheduling=async_on))
    assert v.parallel_config.disable_nccl_for_dp_synchronization is expected


def test_cascade_attention_off_for_async_spec():
    v = VllmConfig(model_config=model(), speculative_config=spec("eagle"),
                   scheduler_config=sched(async_scheduling=False))
    assert v.model_config.disable_cascade_attn is False
    v = VllmConfig(model_config=model(), speculative_config=spec("eagle"),
                   scheduler_config=sched(async_scheduling=True))
    assert v.model_config.disable_cascade_attn is True


def test_executor_probe_hook(v):
    assert h.executor_supports_async_scheduling(v) is True  # "uni"
    for backend, ok in (("ray", False), ("mp", True), ("my.module.Executor", True),
                        (_NoAsyncExecutor, False)):
        v.parallel_config.distributed_executor_backend = backend
        assert h.executor_supports_async_scheduling(v) is ok, backend


# --- checks ---------------------------------------------------------------------------


def test_routed_experts():
    m = model(enable_return_routed_experts=True)
    VllmConfig(model_config=m)
    with pytest.raises(ValueError, match="KV connector"):
        VllmConfig(model_config=m, kv_transfer_config=KVTransferConfig(
            kv_connector="NixlConnector", kv_role="kv_both"))
    VllmConfig(model_config=m, kv_transfer_config=KVTransferConfig())  # no connector
    with pytest.raises(ValueError, match="pipeline"):
        VllmConfig(model_config=m, kv_transfer_config=KVTransferConfig(),
                   parallel_config=ParallelConfig(pipeline_parallel_size=2))


def test_mamba_stochastic_rounding():
    rounding = MambaConfig(enable_stochastic_rounding=True)
    with pytest.raises(ValueError, match="float16"):
        VllmConfig(mamba_config=rounding)
    VllmConfig(mamba_config=rounding, cache_config=CacheConfig(mamba_ssm_cache_dtype="float16"))


def test_kv_sharing_fast_prefill():
    cache = CacheConfig(kv_sharing_fast_prefill=True)
    VllmConfig(cache_config=cache, speculative_config=spec("ngram"))
    with pytest.raises(ValueError, match="EAGLE"):
        VllmConfig(cache_config=CacheConfig(kv_sharing_fast_prefill=True),
                   speculative_config=spec("mtp"))


def test_ubatching():
    with pytest.raises(ValueError, match="all2all_backend"):
        VllmConfig(parallel_config=ParallelConfig(
            ubatch_size=2, all2all_backend="allgather_reducescatter"))
    v = VllmConfig(model_config=model(), parallel_config=ParallelConfig(
        ubatch_size=2, all2all_backend="deepep_low_latency"))
    assert v.model_config.disable_cascade_attn is True


def test_nvfp4_kv_cache_with_mla():
    def build(m):
        return VllmConfig(cache_config=CacheConfig(cache_dtype="nvfp4"), model_config=m)

    build(model(use_mla=False))
    build(model())  # MLA unknown: not rejected
    with pytest.raises(ValueError, match="nvfp4"):
        build(model(use_mla=True))


def test_mamba_block_size():
    def build(block_size, prefix_caching):
        return VllmConfig(model_config=model(max_model_len=4096), cache_config=CacheConfig(
            enable_prefix_caching=prefix_caching, mamba_block_size=block_size))

    build(4096, False)  # equal to max_model_len: not an explicit choice
    with pytest.raises(ValueError, match="prefix caching"):
        build(256, False)
    build(256, True)


def test_kv_transfer_memory(monkeypatch):
    def kv():
        return KVTransferConfig(kv_connector="NixlConnector", kv_role="kv_both")

    VllmConfig(kv_transfer_config=kv())
    monkeypatch.setenv("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")
    with pytest.raises(ValueError, match="expandable_segments"):
        VllmConfig(kv_transfer_config=kv())
    VllmConfig(kv_transfer_config=kv(), model_config=model(enable_cumem_allocator=True))


def test_final_cudagraph_mode():
    # Without vLLM compilation, piecewise graphs are dropped early; a pooling model's
    # downgrade of full graphs to PIECEWISE afterwards is caught by the final check.
    with pytest.raises(ValueError, match="VLLM_COMPILE"):
        VllmConfig(model_config=model(pooler_config=PoolerConfig()),
                   compilation_config=CompilationConfig(mode=0, cudagraph_mode="FULL"))
    v = VllmConfig(compilation_config=CompilationConfig(mode=0,
                                                        cudagraph_mode="FULL_DECODE_ONLY"))
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.FULL_DECODE_ONLY


# --- compilation settings ---------------------------------------------------------------


def test_compile_env(monkeypatch):
    def mode():
        return VllmConfig(compilation_config=CompilationConfig(mode=3)).compilation_config.mode

    assert mode() == CompilationMode.VLLM_COMPILE
    monkeypatch.setenv("TORCH_COMPILE_DISABLE", "1")
    assert mode() == CompilationMode.NONE
    monkeypatch.delenv("TORCH_COMPILE_DISABLE")
    monkeypatch.setenv("VLLM_USE_BREAKABLE_CUDAGRAPH", "1")
    assert mode() == CompilationMode.NONE


def test_env_through_a_full_build(monkeypatch):
    monkeypatch.setenv("TORCH_COMPILE_DISABLE", "1")
    v = VllmConfig()
    assert v.compilation_config.mode == CompilationMode.NONE
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.NONE


@pytest.mark.parametrize("level, expected", [(0, CompilationMode.NONE),
                                             (1, CompilationMode.VLLM_COMPILE),
                                             (2, CompilationMode.VLLM_COMPILE)])
def test_default_compilation_mode(level, expected):
    assert VllmConfig(optimization_level=level).compilation_config.mode == expected


@pytest.mark.parametrize("backend, mode, torch_wrap, custom", [
    ("", 3, True, "none"), ("inductor", 3, True, "none"), ("eager", 3, False, "all"),
    ("inductor", 0, False, "all"), ("inductor", 1, False, "none")])
def test_torch_wrap_and_custom_ops(backend, mode, torch_wrap, custom):
    cc = VllmConfig(compilation_config=CompilationConfig(backend=backend,
                                                         mode=mode)).compilation_config
    assert cc.ir_enable_torch_wrap is torch_wrap and cc.custom_ops == [custom]
    again = VllmConfig(compilation_config=CompilationConfig(
        backend=backend, mode=mode, custom_ops=[custom])).compilation_config
    assert again.custom_ops == [custom]  # already decided: nothing appended


def test_custom_ops_user_choice_kept():
    cc = CompilationConfig(custom_ops=["all", "-rms_norm"], mode=3)
    assert VllmConfig(compilation_config=cc).compilation_config.custom_ops == ["all", "-rms_norm"]


def _flat(row: dict, prefix: str = "") -> dict:
    """A nested table row as dotted path -> value."""
    out = {}
    for key, val in row.items():
        if isinstance(val, dict):
            out.update(_flat(val, f"{prefix}{key}."))
        else:
            out[prefix + key] = val
    return out


def _row(level) -> dict:
    """A table row with its computed entries marked, for comparing rows."""
    return {k: "<expr>" if callable(val) else val
            for k, val in _flat(LEVEL_DEFAULTS[level]).items()}


def test_optimization_level_table():
    assert set(LEVEL_DEFAULTS) == set(OptimizationLevel)
    assert _row(OptimizationLevel.O2) == _row(OptimizationLevel.O3)
    v = VllmConfig(optimization_level=1)
    pc = v.compilation_config.pass_config
    assert pc.fuse_allreduce_rms is False and pc.fuse_rope_kvcache is False
    # Inductor generates the ops ("none"): norm/activation quant fusion off
    assert pc.fuse_norm_quant is False and pc.fuse_act_quant is False
    assert pc.fuse_mla_dual_rms_norm is None  # ROCm AITER only: left for the platform
    o2 = VllmConfig().compilation_config.pass_config
    assert o2.fuse_allreduce_rms is False  # one TP rank: nothing to fuse with
    assert VllmConfig(parallel_config=ParallelConfig(tensor_parallel_size=2)
                      ).compilation_config.pass_config.fuse_allreduce_rms is None
    # Splitting ops will hold the KV-cache update ops, so the MLA concat fusion stays off.
    assert o2.fuse_rope_kvcache_cat_mla is False
    v = VllmConfig(compilation_config=CompilationConfig(use_inductor_graph_partition=True))
    assert v.compilation_config.pass_config.fuse_rope_kvcache_cat_mla is True



_TARGETS = sorted({path for row in LEVEL_DEFAULTS.values() for path in _flat(row)})


def _get(obj, path):
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def _set(obj, path, value):
    *parents, last = path.split(".")
    for part in parents:
        obj = getattr(obj, part)
    setattr(obj, last, value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(list(OptimizationLevel)),
       preset=st.dictionaries(st.sampled_from(_TARGETS), st.booleans()))
def test_level_table_fills_exactly_the_unset_targets(level, preset):
    """Property of the `apply: level_defaults` step: with any targets pre-set and the
    rest unset, the step keeps every pre-set value, fills every unset target the level's
    row names (a computed entry with a bool), and leaves every other target unset."""
    v = VllmConfig()
    for path in _TARGETS:
        value = preset.get(path)
        if path == "compilation_config.cudagraph_mode" and value is not None:
            value = CUDAGraphMode.FULL if value else CUDAGraphMode.NONE
        _set(v, path, value)
    before = {path: _get(v, path) for path in _TARGETS}
    row = _flat(LEVEL_DEFAULTS[level])
    _r.apply_defaults(v, LEVEL_DEFAULTS[level])
    for path in _TARGETS:
        got = _get(v, path)
        if before[path] is not None:
            assert got is before[path], path
        elif path not in row:
            assert got is None, path
        elif callable(row[path]):
            assert got is None or isinstance(got, bool), path  # None: the engine decides
        else:
            assert got == row[path], path


def test_level_table_through_a_build():
    """A pass flag the user set survives the build; an unset one gets the table's value."""
    cc = CompilationConfig(pass_config=PassConfig(fuse_attn_quant=None, enable_sp=None,
                                                  fuse_allreduce_rms=True))
    pc = VllmConfig(optimization_level=0, compilation_config=cc).compilation_config.pass_config
    assert (pc.fuse_allreduce_rms, pc.fuse_attn_quant, pc.enable_sp) == (True, False, False)
    auto = VllmConfig(kernel_config=KernelConfig(enable_flashinfer_autotune=False))
    assert auto.kernel_config.enable_flashinfer_autotune is False
    assert VllmConfig().kernel_config.enable_flashinfer_autotune is True


def test_dynamic_spec_and_piecewise_rules():
    dynamic = spec("eagle", num_speculative_tokens_per_batch_size=[(1, 4, 2)])
    v = VllmConfig(compilation_config=CompilationConfig(cudagraph_mode="FULL"),
                   speculative_config=dynamic)
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.PIECEWISE
    v = VllmConfig(compilation_config=CompilationConfig(
        cudagraph_mode="FULL", mode=CompilationMode.STOCK_TORCH_COMPILE),
        speculative_config=dynamic)
    assert v.compilation_config.cudagraph_mode == CUDAGraphMode.NONE


def test_sequence_parallel_rules():
    def build(**parallel):
        cc = CompilationConfig(pass_config=PassConfig(fuse_gemm_comms=True, enable_sp=False))
        return VllmConfig(compilation_config=cc, parallel_config=ParallelConfig(**parallel))

    pc = build().compilation_config.pass_config  # TP 1: both off again
    assert (pc.enable_sp, pc.fuse_gemm_comms) == (False, False)
    assert build(tensor_parallel_size=2).compilation_config.pass_config.enable_sp is True
    v = build(tensor_parallel_size=2, pipeline_parallel_size=2)
    assert "+rms_norm" in v.compilation_config.custom_ops


def test_fast_moe_cold_start_is_off_on_torch_2_11():
    """vLLM 0.25.1 runs on torch 2.11, whose opaque objects replace it: always off."""
    v = VllmConfig(speculative_config=spec("eagle"))
    assert v.compilation_config.fast_moe_cold_start is False
    assert VllmConfig().compilation_config.fast_moe_cold_start is False
    given = VllmConfig(compilation_config=CompilationConfig(fast_moe_cold_start=True))
    assert given.compilation_config.fast_moe_cold_start is False


def test_scheduled_tokens_for_drafting():
    drafts = spec("draft_model", num_speculative_tokens=4, parallel_drafting=True)
    v = VllmConfig(scheduler_config=sched(max_num_batched_tokens=8192, max_num_seqs=64),
                   speculative_config=drafts)
    assert v.scheduler_config.max_num_scheduled_tokens == 8192 - 4 * 64
    with pytest.raises(ValueError, match="draft"):  # given, but leaves no draft slots
        VllmConfig(scheduler_config=sched(max_num_batched_tokens=8192, max_num_seqs=64,
                                          max_num_scheduled_tokens=8192),
                   speculative_config=drafts)
    with pytest.raises(ValueError, match="nothing could be scheduled"):
        VllmConfig(scheduler_config=sched(max_num_batched_tokens=100, max_num_seqs=64),
                   speculative_config=drafts)


@pytest.mark.parametrize("facts, start, expected", [
    ({"pooler_config": PoolerConfig()}, CUDAGraphMode.FULL_AND_PIECEWISE,
     CUDAGraphMode.PIECEWISE),
    ({"is_encoder_decoder": True}, CUDAGraphMode.FULL_AND_PIECEWISE,
     CUDAGraphMode.FULL_DECODE_ONLY),
    ({"is_encoder_decoder": True}, CUDAGraphMode.NONE, CUDAGraphMode.NONE),
    ({"enforce_eager": True}, CUDAGraphMode.FULL, CUDAGraphMode.NONE),
    ({}, CUDAGraphMode.FULL, CUDAGraphMode.FULL),
])
def test_cudagraph_mode_for_model(facts, start, expected):
    v = VllmConfig(model_config=model(**facts),
                   compilation_config=CompilationConfig(cudagraph_mode=start))
    assert v.compilation_config.cudagraph_mode == expected


def test_eager_model_captures_nothing():
    cc = VllmConfig(model_config=model(enforce_eager=True)).compilation_config
    assert (cc.max_cudagraph_capture_size, cc.cudagraph_capture_sizes) == (0, [])
    assert cc.cudagraph_num_of_warmups == 0
    assert VllmConfig(model_config=model()).compilation_config.cudagraph_num_of_warmups == 1


def test_splitting_ops_use_dp_only_for_moe():
    def build(is_moe):
        return VllmConfig(model_config=model(is_moe=is_moe), parallel_config=ParallelConfig(
            data_parallel_size=2, all2all_backend="deepep_high_throughput"))

    assert build(False).compilation_config.cudagraph_mode != CUDAGraphMode.NONE
    assert build(True).compilation_config.cudagraph_mode == CUDAGraphMode.NONE


# --- KV cache --------------------------------------------------------------------------


@pytest.mark.parametrize("backend, simple, connector", [
    ("native", "0", "OffloadingConnector"), ("native", "1", "SimpleCPUOffloadConnector"),
    ("lmcache", "0", "LMCacheMPConnector")])
def test_kv_offloading(monkeypatch, backend, simple, connector):
    monkeypatch.setenv("VLLM_USE_SIMPLE_KV_OFFLOAD", simple)
    v = VllmConfig(cache_config=CacheConfig(kv_offloading_size=1.5,
                                            kv_offloading_backend=backend))
    kv = v.kv_transfer_config
    assert (kv.kv_connector, kv.kv_role) == (connector, "kv_both")
    extra = {"cpu_bytes_to_use": 1.5 * (1 << 30)} if backend == "native" else {}
    assert kv.kv_connector_extra_config == extra


def test_kv_offloading_off(v):
    assert v.kv_transfer_config is None


def test_hybrid_kv_cache_manager(monkeypatch):
    def build(**kwargs):
        kwargs.setdefault("scheduler_config", sched())
        return VllmConfig(**kwargs).scheduler_config.disable_hybrid_kv_cache_manager

    assert build() is False
    # chunked local attention + EAGLE: the hybrid manager cannot be used
    chunked = model(attention_chunk_size=8192)
    assert build(model_config=chunked, speculative_config=spec("eagle")) is True
    with pytest.raises(ValueError, match="explicitly enabled"):
        build(model_config=chunked, speculative_config=spec("eagle"),
              scheduler_config=sched(disable_hybrid_kv_cache_manager=False))
    monkeypatch.setenv("VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE", "0")
    assert build(model_config=chunked) is True
    # a registered connector that supports the hybrid manager keeps it on, as vLLM's
    # factory answers (False, decided here rather than left to the engine)
    monkeypatch.delenv("VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE")
    assert build(kv_transfer_config=KVTransferConfig(kv_connector="NixlConnector",
                                                     kv_role="kv_both")) is False


def test_kv_events_warnings(caplog):
    with caplog.at_level("WARNING", logger="vllm_config.vllm"):
        VllmConfig(kv_events_config=KVEventsConfig(enable_kv_cache_events=True),
                   cache_config=CacheConfig(enable_prefix_caching=False))
    assert "prefix caching" in caplog.text


# --- paths, ids, helpers ---------------------------------------------------------------


def test_debug_dump_path(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    v = VllmConfig(compilation_config=CompilationConfig(debug_dump_path=Path("dumps")))
    assert v.compilation_config.debug_dump_path == tmp_path / "dumps"
    monkeypatch.setenv("VLLM_DEBUG_DUMP_PATH", "other")
    v = VllmConfig(compilation_config=CompilationConfig(debug_dump_path=Path("dumps")))
    assert v.compilation_config.debug_dump_path == tmp_path / "other"
    assert v.compile_debug_dump_path() == tmp_path / "other" / "rank_0_dp_0"
    v.compilation_config.debug_dump_path = None
    assert v.compile_debug_dump_path() is None


def test_instance_id_replaced():
    assert VllmConfig(instance_id="mine").instance_id.isdigit()


def test_default_scheduler_config(v):
    assert v.scheduler_config.max_num_batched_tokens > 0


def test_num_speculative_tokens(v):
    assert v.num_speculative_tokens == 0
    assert VllmConfig(diffusion_config=DiffusionConfig(canvas_length=16)) \
        .num_speculative_tokens == 16
    assert VllmConfig(diffusion_config=DiffusionConfig(canvas_length=16),
                      speculative_config=spec("eagle", num_speculative_tokens=3)) \
        .num_speculative_tokens == 3


def test_needs_dp_coordinator(v):
    assert not v.needs_dp_coordinator
    assert VllmConfig(parallel_config=ParallelConfig(data_parallel_size=2)).needs_dp_coordinator
    dense_external = VllmConfig(model_config=model(is_moe=False), parallel_config=ParallelConfig(
        data_parallel_size=2, data_parallel_external_lb=True))
    assert not dense_external.needs_dp_coordinator


def test_hash_extras(v):
    from vllm_config import SCHEMA_VERSION

    assert v.hash_factors()["schema_version"] == SCHEMA_VERSION
    assert v.hash_factors()["mm_encoder"] is None
    mm = SimpleNamespace(compute_hash=lambda: "mm-hash", language_model_only=False)
    v.model_config = model()
    v.model_config.multimodal_config = mm
    assert v.hash_factors()["mm_encoder"] is None
    v.compilation_config.compile_mm_encoder = True
    assert v.hash_factors()["mm_encoder"] == "mm-hash"


def test_validate_block_size(v):
    v.cache_config.block_size = 16
    v.parallel_config.decode_context_parallel_size = 2
    v.parallel_config.dcp_kv_cache_interleave_size = 8
    v.validate_block_size()
    assert v.parallel_config.cp_kv_cache_interleave_size == 8
    v.parallel_config.dcp_kv_cache_interleave_size = 32
    with pytest.raises(ValueError, match="cp_kv_cache_interleave_size"):
        v.validate_block_size()
    v.parallel_config.decode_context_parallel_size = 1
    v.cache_config.mamba_cache_mode = "align"
    v.scheduler_config.max_num_batched_tokens = 8
    with pytest.raises(ValueError, match="max_num_batched_tokens"):
        v.validate_block_size()
    v.scheduler_config.max_num_batched_tokens = 64
    v.scheduler_config.long_prefill_token_threshold = 8
    with pytest.raises(ValueError, match=r"threshold \(8\) >= block_size \(16\)"):
        v.validate_block_size()
    v.scheduler_config.long_prefill_token_threshold = 0  # no threshold: nothing to check
    v.scheduler_config.disable_chunked_mm_input = True
    with pytest.raises(ValueError, match="chunked multimodal input"):
        v.validate_block_size()
    v.scheduler_config.disable_chunked_mm_input = False
    v.validate_block_size()


def test_model_config_facts_unknown_without_checkpoint():
    # A real ModelConfig built without a checkpoint carries no derived facts; the
    # schema's steps treat them as unknown rather than failing.
    v = VllmConfig(model_config=ModelConfig(), cache_config=CacheConfig(cache_dtype="nvfp4"))
    assert v.model_config is not None
