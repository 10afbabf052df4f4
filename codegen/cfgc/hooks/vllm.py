"""Hooks for schema/vllm.yaml (VllmConfig): reconciling the sub-configs.

The post-init steps run in the order the schema lists them, which is the order the
engine applies them in. Each step reads config values only (plus, where the engine
reads a documented environment variable, `os.environ`); anything that needs the
model checkpoint, the platform, the executor or the KV connector classes is a hook
point of the class and is left for the engine. Model facts that only a loaded
checkpoint knows (runner type, MoE, MLA, encoder-decoder, ...) are read with
`getattr` and treated as unknown when absent, so a config without a model builds.

The CUDA-graph and compile-range arithmetic lives in the compilation hooks; the
speculative-decoding predicates in the speculative hooks.
"""

from __future__ import annotations

import logging
import os
import time
from functools import cache
from pathlib import Path
from typing import Any

from . import compilation as _cc
from . import speculative as _spec

logger = logging.getLogger("vllm_config.vllm")

# CompilationMode values (an IntEnum, compared by value).
_MODE_NONE = 0
_MODE_VLLM_COMPILE = 3
#: The compile backend every in-tree platform substitutes for an empty backend.
_DEFAULT_COMPILE_BACKEND = "inductor"
#: Executor backends by name, and whether they run asynchronous scheduling.
_EXECUTOR_ASYNC_SUPPORT = {"mp": True, "uni": True, "external_launcher": True, "ray": False}
_UBATCH_ALL2ALL_BACKENDS = ("deepep_low_latency", "deepep_high_throughput", "nixl_ep")
#: Speculative methods allowed with explicitly requested async scheduling.
_ASYNC_EXTRA_SPEC_METHODS = ("draft_model",)

# Optimization-level defaults that follow from the level alone. Each fills a field
# only while it is None; entries that depend on platform or model are the hook point
# `optimization_level_dynamic_defaults` (None below means "left for the engine").
# "kv_mla_concat" marks fuse_rope_kvcache_cat_mla, computed from config values.
_PASS_OFF = {
    "fuse_norm_quant": False, "fuse_act_quant": False, "fuse_allreduce_rms": False,
    "fuse_attn_quant": False, "enable_sp": False, "fuse_gemm_comms": False,
    "fuse_act_padding": False, "fuse_mla_dual_rms_norm": False, "fuse_rope_kvcache": False,
    "fuse_rope_kvcache_cat_mla": False,
}
_PASS_O1 = {**_PASS_OFF, "fuse_norm_quant": None, "fuse_act_quant": None,
            "fuse_act_padding": None, "fuse_mla_dual_rms_norm": None}
_PASS_O2 = {**_PASS_O1, "fuse_allreduce_rms": None, "fuse_rope_kvcache": None,
            "fuse_rope_kvcache_cat_mla": "kv_mla_concat"}
# fuse_attn_quant, enable_sp and fuse_gemm_comms stay off at O2/O3: the engine keeps
# their quantized-/dense-model conditions disabled for now.
OPTIMIZATION_LEVEL_DEFAULTS: dict[int, dict[str, Any]] = {
    0: {"pass_config": _PASS_OFF, "cudagraph_mode": "NONE", "autotune": False},
    1: {"pass_config": _PASS_O1, "cudagraph_mode": "PIECEWISE", "autotune": True},
    2: {"pass_config": _PASS_O2, "cudagraph_mode": "FULL_AND_PIECEWISE", "autotune": True},
    3: {"pass_config": _PASS_O2, "cudagraph_mode": "FULL_AND_PIECEWISE", "autotune": True},
}


# --- small readers ----------------------------------------------------------------


def _env_flag(name: str, default: str = "0") -> bool:
    """An integer environment flag ("0"/"1"), parsed as the engine parses it."""
    return bool(int(os.environ.get(name, default)))


def _mode_value(mode: Any) -> int | None:
    return None if mode is None else int(mode)


def _compile_backend(cc: Any) -> str:
    return cc.backend or _DEFAULT_COMPILE_BACKEND


def _modes(cc: Any = None) -> Any:
    from vllm_config.types import CUDAGraphMode

    return CUDAGraphMode


def _model_fact(model_config: Any, name: str, default: Any = None) -> Any:
    """A checkpoint-derived model attribute, or `default` when nothing filled it in."""
    return default if model_config is None else getattr(model_config, name, default)


def _breakable_cudagraph() -> bool:
    return os.environ.get("VLLM_USE_BREAKABLE_CUDAGRAPH", "0") == "1"


def is_kv_transfer_instance(kv_transfer_config: Any) -> bool:
    """A KV connector with a role is configured (disaggregation or offloading)."""
    return (kv_transfer_config is not None and kv_transfer_config.kv_connector is not None
            and kv_transfer_config.kv_role is not None)


def num_speculative_tokens(self: Any) -> int:
    """Tokens verified per decode step beyond the first: drafts or a diffusion canvas."""
    spec = self.speculative_config
    if spec is not None and spec.num_speculative_tokens is not None:
        return spec.num_speculative_tokens
    diffusion = self.diffusion_config
    if diffusion is not None and getattr(diffusion, "canvas_length", None) is not None:
        return diffusion.canvas_length
    return 0


def needs_dp_coordinator(self: Any) -> bool:
    """The data-parallel coordinator process is needed: DP > 1 and either an MoE model
    (wave coordination) or internal/hybrid load balancing (queue statistics)."""
    model = self.model_config
    return self.parallel_config.data_parallel_size > 1 and (
        model is None or bool(_model_fact(model, "is_moe", True))
        or not self.parallel_config.data_parallel_external_lb
    )


def compile_debug_dump_path(self: Any) -> Path | None:
    """Rank-specific folder for torch.compile debug dumps, or None."""
    path = self.compilation_config.debug_dump_path
    if path is None:
        return None
    parallel = self.parallel_config
    return Path(path) / f"rank_{parallel.rank}_dp_{parallel.data_parallel_index}"


# --- hash extras ------------------------------------------------------------------


def schema_version(self: Any) -> int:
    return _schema_version()


@cache
def _schema_version() -> int:
    from vllm_config import SCHEMA_VERSION

    return SCHEMA_VERSION


def mm_encoder_hash(self: Any) -> str | None:
    """The multimodal config's hash when the multimodal encoder is compiled too."""
    model = self.model_config
    if model is None or not self.compilation_config.compile_mm_encoder:
        return None
    mm = getattr(model, "multimodal_config", None)
    return None if mm is None else mm.compute_hash()


# --- post-init steps, in schema order ---------------------------------------------


def default_scheduler_config(self: Any) -> None:
    """No scheduler config given: one for an 8192-token decoder-only model."""
    if self.scheduler_config is None:
        from . import scheduler

        self.scheduler_config = scheduler.default_scheduler_config()


def stamp_instance_id(self: Any) -> None:
    """A fresh id per built config (names profiler traces); any given id is replaced."""
    self.instance_id = f"{time.time_ns()}"


def check_routed_experts(self: Any) -> None:
    """Returning routed experts works neither with pipeline parallelism nor with a KV
    connector (the routing buffer is indexed by local KV slots)."""
    model = self.model_config
    if model is None or not model.enable_return_routed_experts:
        return
    if self.parallel_config.pipeline_parallel_size > 1:
        raise ValueError("enable_return_routed_experts does not work with pipeline "
                         "parallelism (pipeline_parallel_size > 1)")
    if is_kv_transfer_instance(self.kv_transfer_config):
        raise ValueError("enable_return_routed_experts does not work with a KV connector "
                         "(disaggregated prefill or KV offloading)")


def check_mamba_stochastic_rounding(self: Any) -> None:
    if (self.mamba_config.enable_stochastic_rounding
            and self.cache_config.mamba_ssm_cache_dtype != "float16"):
        raise ValueError("Mamba stochastic rounding needs mamba_ssm_cache_dtype='float16'; "
                         "set it, or turn stochastic rounding off")


def _executor_supports_async(backend: Any) -> bool:
    """Whether the executor runs asynchronous scheduling; unknown ones count as yes
    (the engine checks them: hook point async_scheduling_support)."""
    if isinstance(backend, str) and backend in _EXECUTOR_ASYNC_SUPPORT:
        return _EXECUTOR_ASYNC_SUPPORT[backend]
    probe = getattr(backend, "supports_async_scheduling", None)
    return bool(probe()) if callable(probe) else True


def _is_pooling(model: Any) -> bool:
    if model is None:
        return False
    runner_type = getattr(model, "runner_type", None)
    if runner_type is not None:
        return runner_type == "pooling"
    from . import model as _model

    return _model.runner_is_pooling(model.runner, model.convert)


def resolve_async_scheduling(self: Any) -> None:
    """Check an explicit request for asynchronous scheduling, or decide it when unset."""
    sched, spec = self.scheduler_config, self.speculative_config
    backend = self.parallel_config.distributed_executor_backend
    async_methods = _spec.eagle_model_types() + _spec.ngram_gpu_types()
    if sched.async_scheduling:
        if spec is not None:
            if spec.method not in async_methods + _ASYNC_EXTRA_SPEC_METHODS:
                raise ValueError("asynchronous scheduling works only with EAGLE, MTP, "
                                 "draft-model or GPU n-gram speculative decoding, not "
                                 f"{spec.method!r}")
            if spec.disable_padded_drafter_batch:
                raise ValueError("asynchronous scheduling does not work with "
                                 "disable_padded_drafter_batch=True")
        if not _executor_supports_async(backend):
            raise ValueError(f"executor backend {backend!r} does not support "
                             "asynchronous scheduling")
    elif sched.async_scheduling is None:
        reason = ""
        if _is_pooling(self.model_config):
            reason = "it slows pooling models down"
        elif spec is not None and spec.method not in async_methods:
            reason = f"speculative method {spec.method!r} does not support it"
        elif spec is not None and spec.disable_padded_drafter_batch:
            reason = "disable_padded_drafter_batch=True"
        elif not _executor_supports_async(backend):
            reason = f"executor backend {backend!r} does not support it"
        if reason:
            logger.info("asynchronous scheduling disabled: %s", reason)
        sched.async_scheduling = not reason


def default_nccl_for_dp_sync(self: Any) -> None:
    """Asynchronous scheduling synchronizes data-parallel ranks without NCCL."""
    parallel = self.parallel_config
    if parallel.disable_nccl_for_dp_synchronization is None:
        parallel.disable_nccl_for_dp_synchronization = bool(
            self.scheduler_config.async_scheduling)


def disable_cascade_attn_for_async_spec(self: Any) -> None:
    model = self.model_config
    if (self.speculative_config is not None and self.scheduler_config.async_scheduling
            and model is not None and not model.disable_cascade_attn):
        logger.warning("cascade attention disabled: not supported with asynchronous "
                       "speculative decoding")
        model.disable_cascade_attn = True


def apply_enforce_eager(self: Any) -> None:
    """enforce_eager means no torch.compile and no CUDA graphs."""
    model = self.model_config
    if model is not None and model.enforce_eager:
        cc = self.compilation_config
        cc.mode = _compilation_mode(_MODE_NONE)
        cc.cudagraph_mode = _modes(cc).NONE


def _compilation_mode(value: int) -> Any:
    from vllm_config.types import CompilationMode

    return CompilationMode(value)


def apply_compile_env(self: Any) -> None:
    """TORCH_COMPILE_DISABLE=1 and VLLM_USE_BREAKABLE_CUDAGRAPH=1 turn vLLM's compile
    pipeline off (mode NONE)."""
    cc = self.compilation_config
    if os.environ.get("TORCH_COMPILE_DISABLE") == "1":
        logger.warning("TORCH_COMPILE_DISABLE=1: torch.compile disabled")
        cc.mode = _compilation_mode(_MODE_NONE)
    if _breakable_cudagraph():
        logger.warning("VLLM_USE_BREAKABLE_CUDAGRAPH=1: vLLM's compile pipeline disabled")
        cc.mode = _compilation_mode(_MODE_NONE)


def default_compilation_mode(self: Any) -> None:
    """Unset mode: VLLM_COMPILE above O0, NONE at O0."""
    cc = self.compilation_config
    if cc.mode is None:
        cc.mode = _compilation_mode(
            _MODE_VLLM_COMPILE if int(self.optimization_level) > 0 else _MODE_NONE)


def default_ir_torch_wrap(self: Any) -> None:
    """Unset: wrap IR ops for torch only with vLLM compilation through Inductor."""
    cc = self.compilation_config
    if cc.ir_enable_torch_wrap is None:
        cc.ir_enable_torch_wrap = (_mode_value(cc.mode) == _MODE_VLLM_COMPILE
                                   and _compile_backend(cc) == "inductor")


def default_custom_ops(self: Any) -> None:
    """Without "all"/"none": Inductor compilation generates ops itself ("none"),
    anything else uses the hand-written custom ops ("all")."""
    cc = self.compilation_config
    if "all" in cc.custom_ops or "none" in cc.custom_ops:
        return
    inductor = _compile_backend(cc) == "inductor" and _mode_value(cc.mode) != _MODE_NONE
    cc.custom_ops.append("none" if inductor else "all")


def apply_optimization_level(self: Any) -> None:
    """Fill unset pass flags, cudagraph_mode, use_inductor_graph_partition and
    FlashInfer autotuning from the optimization level's table."""
    cc, kernel = self.compilation_config, self.kernel_config
    table = OPTIMIZATION_LEVEL_DEFAULTS[int(self.optimization_level)]
    pc = cc.pass_config
    for name, value in table["pass_config"].items():
        if value is None or not hasattr(pc, name) or getattr(pc, name) is not None:
            continue
        if value == "kv_mla_concat":
            value = (cc.use_inductor_graph_partition
                     or not _cc.splitting_ops_contain_kv_cache_update(cc))
        setattr(pc, name, value)
    if cc.cudagraph_mode is None:
        cc.cudagraph_mode = _modes(cc)[table["cudagraph_mode"]]
    if cc.use_inductor_graph_partition is None:
        cc.use_inductor_graph_partition = False
    if kernel.enable_flashinfer_autotune is None:
        kernel.enable_flashinfer_autotune = table["autotune"]


def override_cudagraph_for_dynamic_spec(self: Any) -> None:
    """A batch-size-dependent draft length changes the verified length at run time:
    full CUDA graphs become piecewise."""
    spec, cc = self.speculative_config, self.compilation_config
    if (spec is not None and _spec.uses_dynamic_draft_length(spec)
            and cc.cudagraph_mode.has_full_cudagraphs()):
        logger.warning("dynamic speculative decoding: cudagraph_mode %s -> PIECEWISE",
                       cc.cudagraph_mode.name)
        cc.cudagraph_mode = _modes(cc).PIECEWISE


def drop_piecewise_without_compile(self: Any) -> None:
    """Piecewise CUDA graphs need vLLM compilation (or breakable CUDA graphs)."""
    cc = self.compilation_config
    if (cc.cudagraph_mode.requires_piecewise_compilation()
            and _mode_value(cc.mode) != _MODE_VLLM_COMPILE and not _breakable_cudagraph()):
        logger.info("cudagraph_mode %s needs compilation mode VLLM_COMPILE; using NONE",
                    cc.cudagraph_mode.name)
        cc.cudagraph_mode = _modes(cc).NONE


def apply_sequence_parallel_rules(self: Any) -> None:
    """GEMM/communication fusion implies sequence parallelism, which needs TP > 1."""
    pc = self.compilation_config.pass_config
    if pc.fuse_gemm_comms:
        pc.enable_sp = True
    if pc.enable_sp and self.parallel_config.tensor_parallel_size == 1:
        logger.warning("sequence parallelism needs tensor_parallel_size > 1; disabled")
        pc.enable_sp = False
        pc.fuse_gemm_comms = False


def default_fast_moe_cold_start(self: Any) -> None:
    """Unset: on unless speculative decoding is configured (a drafter may be MoE)."""
    cc = self.compilation_config
    if cc.fast_moe_cold_start is None:
        cc.fast_moe_cold_start = self.speculative_config is None


def limit_scheduled_tokens_for_drafting(self: Any) -> None:
    """Reserve batch slots that drafting adds, out of max_num_batched_tokens."""
    spec, sched = self.speculative_config, self.scheduler_config
    if spec is None:
        return
    delta = _spec.max_num_new_slots_for_drafting(spec) * sched.max_num_seqs
    budget = sched.max_num_batched_tokens
    if sched.max_num_scheduled_tokens is None:
        sched.max_num_scheduled_tokens = budget - delta
    scheduled = sched.max_num_scheduled_tokens
    if scheduled <= 0:
        raise ValueError(
            f"max_num_scheduled_tokens is {scheduled} after reserving {delta} draft slots "
            "(speculative decoding), so nothing could be scheduled; raise "
            "max_num_batched_tokens or lower num_speculative_tokens or max_num_seqs")
    if scheduled < 8192:
        logger.warning("max_num_scheduled_tokens is %d after reserving draft slots; "
                       "raising max_num_batched_tokens may help throughput", scheduled)
    if budget < scheduled + delta:
        raise ValueError(
            f"max_num_scheduled_tokens ({scheduled}) leaves no room for the {delta} draft "
            f"slots within max_num_batched_tokens ({budget})")


def resolve_cudagraph_mode_for_model(self: Any) -> None:
    """Model limits on CUDA graphs: pooling models get no full graphs, encoder-decoder
    models only full decode graphs; enforce_eager captures nothing."""
    cc, model = self.compilation_config, self.model_config
    modes = _modes(cc)
    if model is not None:
        if cc.cudagraph_mode.has_full_cudagraphs() and model.pooler_config is not None:
            logger.warning("pooling models do not support full CUDA graphs; using PIECEWISE")
            cc.cudagraph_mode = modes.PIECEWISE
        elif (_model_fact(model, "is_encoder_decoder", False)
              and cc.cudagraph_mode not in (modes.NONE, modes.FULL_DECODE_ONLY)):
            logger.info("encoder-decoder models support only FULL_DECODE_ONLY CUDA graphs")
            cc.cudagraph_mode = modes.FULL_DECODE_ONLY
    if model is not None and model.enforce_eager:
        cc.cudagraph_mode = modes.NONE
        cc.max_cudagraph_capture_size = 0
        cc.cudagraph_capture_sizes = []
    else:
        cc.cudagraph_num_of_warmups = 1


def set_cudagraph_sizes(self: Any) -> None:
    """Final capture sizes and maximum (empty without a model or with eager mode)."""
    cc, model, sched = self.compilation_config, self.model_config, self.scheduler_config
    enabled = (model is not None and not model.enforce_eager
               and cc.cudagraph_mode != _modes(cc).NONE)
    _cc.resolve_cudagraph_capture_sizes(
        cc, cudagraphs_enabled=enabled, max_num_seqs=sched.max_num_seqs,
        max_num_batched_tokens=sched.max_num_batched_tokens,
        num_speculative_tokens=num_speculative_tokens(self),
        interactivity=self.performance_mode == "interactivity",
        tensor_parallel_size=self.parallel_config.tensor_parallel_size)


def check_kv_sharing_fast_prefill(self: Any) -> None:
    if not self.cache_config.kv_sharing_fast_prefill:
        return
    spec = self.speculative_config
    if spec is not None and _spec.use_eagle(spec):
        raise ValueError("kv_sharing_fast_prefill does not work with EAGLE-style "
                         "speculative decoding, which needs correct logits for every "
                         "prompt token")
    logger.warning("kv_sharing_fast_prefill needs model-side support to be correct")


def warn_kv_events(self: Any) -> None:
    events = self.kv_events_config
    if events is None:
        return
    if events.enable_kv_cache_events and not self.cache_config.enable_prefix_caching:
        logger.warning("KV cache events are on but prefix caching is off; enable it")
    if events.publisher != "null" and not events.enable_kv_cache_events:
        logger.warning("a KV event publisher is configured but KV cache events are off")


def set_compile_ranges(self: Any) -> None:
    """Compile ranges end at max_num_batched_tokens; fusion thresholds add endpoints
    (the device/model-dependent ones come from the engine)."""
    _cc.resolve_compile_ranges_endpoints(
        self.compilation_config, self.scheduler_config.max_num_batched_tokens)


def set_splitting_ops(self: Any) -> None:
    """Splitting ops once mode, cudagraph_mode and pass flags are final; data
    parallelism counts only for MoE models (or when the model is unknown)."""
    parallel, model = self.parallel_config, self.model_config
    dp = parallel.data_parallel_size
    if model is not None and not _model_fact(model, "is_moe", True):
        dp = 1
    _cc.set_splitting_ops_for_v1(self.compilation_config,
                                 all2all_backend=parallel.all2all_backend,
                                 data_parallel_size=dp)


def sequence_parallel_custom_ops(self: Any) -> None:
    """With sequence parallelism and pipeline parallelism, use the custom RMSNorm."""
    cc = self.compilation_config
    if not cc.pass_config.enable_sp:
        return
    if _mode_value(cc.mode) != _MODE_VLLM_COMPILE:
        logger.warning("sequence parallelism is on but compilation mode is %s", cc.mode)
    if self.parallel_config.pipeline_parallel_size > 1:
        if "-rms_norm" not in cc.custom_ops:
            cc.custom_ops.append("+rms_norm")
        else:
            logger.warning("sequence parallelism with pipeline parallelism needs the "
                           "custom rms_norm op, which custom_ops disables")


def check_final_cudagraph_mode(self: Any) -> None:
    """Piecewise CUDA graphs need vLLM compilation (CUDA-like platforms)."""
    cc, model = self.compilation_config, self.model_config
    mode = cc.cudagraph_mode
    if (mode.has_full_cudagraphs() and model is not None and not model.disable_cascade_attn
            and not mode.has_piecewise_cudagraphs()):
        logger.warning("no piecewise CUDA graph for cascade attention: such batches run "
                       "eagerly")
    if (mode.requires_piecewise_compilation()
            and _mode_value(cc.mode) != _MODE_VLLM_COMPILE and not _breakable_cudagraph()):
        raise ValueError(f"cudagraph_mode {mode.name} needs compilation mode VLLM_COMPILE, "
                         f"got {cc.mode}")


def apply_batch_invariance(self: Any) -> None:
    """VLLM_BATCH_INVARIANT=1 turns cascade attention off (it is not batch invariant)."""
    model = self.model_config
    if model is not None and _env_flag("VLLM_BATCH_INVARIANT") and not model.disable_cascade_attn:
        logger.warning("cascade attention disabled: VLLM_BATCH_INVARIANT is set")
        model.disable_cascade_attn = True


def check_ubatching(self: Any) -> None:
    """Micro-batching (dual batch overlap) needs a DeepEP or NIXL all2all backend and
    turns cascade attention off."""
    parallel = self.parallel_config
    if not parallel.use_ubatching:
        return
    if parallel.all2all_backend not in _UBATCH_ALL2ALL_BACKENDS:
        raise ValueError(f"micro-batching needs all2all_backend in {_UBATCH_ALL2ALL_BACKENDS}, "
                         f"got {parallel.all2all_backend!r}")
    model = self.model_config
    if model is not None and not model.disable_cascade_attn:
        logger.warning("cascade attention disabled: dual batch overlap is on")
        model.disable_cascade_attn = True


def apply_kv_offloading(self: Any) -> None:
    """cache_config.kv_offloading_size turns on the offloading KV connector."""
    cache = self.cache_config
    size_gib = cache.kv_offloading_size
    if size_gib is None:
        return
    if self.kv_transfer_config is None:
        from vllm_config.kv_transfer import KVTransferConfig

        self.kv_transfer_config = KVTransferConfig()
    kv = self.kv_transfer_config
    if cache.kv_offloading_backend == "native":
        simple = _env_flag("VLLM_USE_SIMPLE_KV_OFFLOAD")
        kv.kv_connector = "SimpleCPUOffloadConnector" if simple else "OffloadingConnector"
        kv.kv_connector_extra_config.update({"cpu_bytes_to_use": size_gib * (1 << 30)})
    elif cache.kv_offloading_backend == "lmcache":
        # The LMCache server process owns the storage size.
        kv.kv_connector = "LMCacheMPConnector"
    kv.kv_role = "kv_both"


def resolve_hybrid_kv_cache_manager(self: Any) -> None:
    """Decide disable_hybrid_kv_cache_manager from config values. With a KV connector
    configured and no user choice it stays None: whether the connector supports the
    hybrid manager is the engine's call (hook point kv_connector_requirements)."""
    sched, model, spec = self.scheduler_config, self.model_config, self.speculative_config
    need_disable = False
    if _model_fact(model, "attention_chunk_size") is not None:
        if spec is not None and _spec.use_eagle(spec):
            need_disable = True
        elif not _env_flag("VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE", "1"):
            logger.warning("hybrid KV cache manager disabled for chunked local attention "
                           "(VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=0)")
            need_disable = True
    if sched.disable_hybrid_kv_cache_manager is None:
        if self.kv_transfer_config is not None and not need_disable:
            return
        sched.disable_hybrid_kv_cache_manager = need_disable
    elif sched.disable_hybrid_kv_cache_manager is False and need_disable:
        raise ValueError("the hybrid KV cache manager was explicitly enabled but this "
                         "configuration does not support it; leave the choice unset")


def resolve_debug_dump_path(self: Any) -> None:
    """Absolute dump path; VLLM_DEBUG_DUMP_PATH overrides the configured one."""
    cc = self.compilation_config
    if cc.debug_dump_path:
        cc.debug_dump_path = Path(cc.debug_dump_path).absolute().expanduser()
    env_path = os.environ.get("VLLM_DEBUG_DUMP_PATH")
    if env_path is not None:
        if cc.debug_dump_path:
            logger.warning("VLLM_DEBUG_DUMP_PATH overrides debug_dump_path")
        cc.debug_dump_path = Path(env_path).absolute().expanduser()


def check_kv_transfer_memory(self: Any) -> None:
    """Expandable segments can remap KV cache pages under a connector that pinned
    them; refuse unless the cumem allocator (which turns them off) is used."""
    kv = self.kv_transfer_config
    if kv is None or kv.kv_connector is None:
        return
    if "expandable_segments:True" not in os.environ.get("PYTORCH_CUDA_ALLOC_CONF", ""):
        return
    model = self.model_config
    if model is not None and model.enable_cumem_allocator:
        return
    raise ValueError(
        f"KV connector {kv.kv_connector} does not work with "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (pages registered for transfer "
        "can be remapped); unset it or enable the cumem allocator (sleep mode does)")


# --- model validators -------------------------------------------------------------


def check_nvfp4_kv_cache_with_mla(self: Any) -> None:
    model = self.model_config
    if model is None:
        return
    if self.cache_config.cache_dtype == "nvfp4" and _model_fact(model, "use_mla", False):
        raise ValueError("an nvfp4 KV cache does not work with MLA attention; choose "
                         "another kv cache dtype (e.g. 'fp8' or 'auto')")


def check_mamba_block_size(self: Any) -> None:
    model, cache = self.model_config, self.cache_config
    if model is None:
        return
    explicit = (cache.mamba_block_size is not None
                and cache.mamba_block_size != model.max_model_len)
    if explicit and not cache.enable_prefix_caching:
        raise ValueError("mamba_block_size can only be set with prefix caching enabled")


# --- helper for the engine (hook point validate_block_size) -----------------------


def validate_block_size(self: Any) -> None:
    """Check the final block size against context-parallel interleaving and the Mamba
    align-mode rules (aligning the CP interleave size to the DCP one first)."""
    block_size = self.cache_config.block_size
    parallel, sched = self.parallel_config, self.scheduler_config
    if parallel.decode_context_parallel_size > 1:
        dcp = parallel.dcp_kv_cache_interleave_size
        if dcp > 1 and parallel.cp_kv_cache_interleave_size != dcp:
            logger.warning("cp_kv_cache_interleave_size set to dcp_kv_cache_interleave_size")
            parallel.cp_kv_cache_interleave_size = dcp
        cp = parallel.cp_kv_cache_interleave_size
        if cp > block_size or block_size % cp:
            raise ValueError(f"block_size ({block_size}) must be a multiple of "
                             f"cp_kv_cache_interleave_size ({cp})")
    if self.cache_config.mamba_cache_mode == "align":
        if block_size > sched.max_num_batched_tokens:
            raise ValueError(f"Mamba align mode needs block_size ({block_size}) <= "
                             f"max_num_batched_tokens ({sched.max_num_batched_tokens})")
        threshold = sched.long_prefill_token_threshold
        if threshold > 0 and threshold < block_size:
            raise ValueError(f"Mamba align mode needs long_prefill_token_threshold "
                             f"({threshold}) >= block_size ({block_size})")
        if sched.disable_chunked_mm_input:
            raise ValueError("Mamba align mode needs chunked multimodal input "
                             "(disable_chunked_mm_input=False)")
