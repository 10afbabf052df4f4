"""Hooks for schema/compilation.yaml: CompilationConfig, PassConfig, DynamicShapesConfig.

What the classes enforce and derive is declared in the schema. What stays are the
algorithms the engine and VllmConfig call: CUDA-graph capture sizes, compile ranges,
splitting ops. Engine-dependent inputs are arguments, so they stay pure and testable;
nothing imports torch, and the generated package only inside functions.
"""

from __future__ import annotations

import logging
import typing
from typing import Any

logger = logging.getLogger("vllm_config.compilation")


# --------------------------------------------------------------------------------------
# CUDA-graph capture sizes.
# --------------------------------------------------------------------------------------


def default_cudagraph_capture_sizes(max_capture_size: int, max_num_tokens: int,
                                    interactivity: bool = False) -> list[int]:
    """The default capture list up to `max_capture_size`, ascending and unique.

    1, 2, 4 (or every size up to 32 in interactivity mode), then steps of 8 below 256,
    then steps of 16; `max_num_tokens` is added when it fits so the largest batch is
    captured even off-stride.
    """
    if interactivity:
        sizes = list(range(1, min(max_capture_size, 32) + 1))
    else:
        sizes = [i for i in (1, 2, 4) if i <= max_capture_size]
    if max_capture_size >= 8:
        sizes += range(8, min(max_capture_size + 1, 256), 8)
    if max_capture_size >= 256:
        sizes += range(256, max_capture_size + 1, 16)
    if max_num_tokens <= max_capture_size:
        sizes.append(max_num_tokens)
    return sorted(set(sizes))


def sizes_for_sequence_parallelism(sizes: list[int], tensor_parallel_size: int) -> list[int]:
    """Sequence parallelism splits tokens across TP ranks: keep multiples of TP only."""
    dropped = [s for s in sizes if s % tensor_parallel_size]
    if dropped:
        logger.warning("capture sizes %s dropped: not multiples of tensor_parallel_size %d",
                       dropped, tensor_parallel_size)
    return [s for s in sizes if s % tensor_parallel_size == 0]


def resolve_cudagraph_capture_sizes(cc: Any, *, cudagraphs_enabled: bool, max_num_seqs: int,
                                    max_num_batched_tokens: int,
                                    num_speculative_tokens: int = 0,
                                    interactivity: bool = False,
                                    tensor_parallel_size: int = 1) -> None:
    """Fill cudagraph_capture_sizes and max_cudagraph_capture_size, then compile_sizes.

    `cudagraphs_enabled` is false when the model runs eagerly or cudagraph_mode is
    NONE: both sizes become empty/0. Otherwise the user's lists are filtered to fit
    `max_num_batched_tokens`, or the default list is built from the maximum size
    (default min(2 * max_num_seqs * (1 + num_speculative_tokens), 512)). Giving both
    a list and an inconsistent maximum is an error; a maximum alone is truncated.
    """
    if not cudagraphs_enabled:
        cc.max_cudagraph_capture_size = 0
        cc.cudagraph_capture_sizes = []
        post_init_cudagraph_sizes(cc)
        return
    max_size = cc.max_cudagraph_capture_size
    if max_size is None:
        max_size = min(max_num_seqs * (1 + num_speculative_tokens) * 2, 512)
    max_size = min(max_num_batched_tokens, max_size)
    if max_size < 1:
        raise ValueError("the largest CUDA graph capture size must be >= 1 when capturing")
    user_sizes = cc.cudagraph_capture_sizes
    if user_sizes is not None:
        if not user_sizes:
            raise ValueError("cudagraph_capture_sizes must not be empty when capturing")
        sizes = sorted(s for s in set(user_sizes) if s <= max_num_batched_tokens)
    else:
        sizes = default_cudagraph_capture_sizes(max_size, max_num_batched_tokens,
                                                interactivity)
    if tensor_parallel_size > 1 and cc.pass_config.enable_sp:
        sizes = sizes_for_sequence_parallelism(sizes, tensor_parallel_size)
    valid_max = sizes[-1] if sizes else 0
    if cc.max_cudagraph_capture_size is not None and cc.max_cudagraph_capture_size != valid_max:
        if user_sizes is not None:
            raise ValueError(
                f"max_cudagraph_capture_size ({cc.max_cudagraph_capture_size}) must equal "
                f"the largest of cudagraph_capture_sizes ({valid_max})"
            )
        logger.warning("max_cudagraph_capture_size truncated to %d", valid_max)
    cc.max_cudagraph_capture_size = valid_max
    if user_sizes is not None and len(sizes) < len(user_sizes):
        logger.warning("cudagraph_capture_sizes %s reduced to %s", user_sizes, sizes)
    cc.cudagraph_capture_sizes = sizes
    post_init_cudagraph_sizes(cc)


def post_init_cudagraph_sizes(cc: Any) -> None:
    """Expand compile_sizes (the name "cudagraph_capture_sizes" stands for that list),
    dedupe it, and sort the capture sizes; the largest must equal the maximum."""
    computed: list[int] = []
    if cc.compile_sizes is not None:
        for entry in dict.fromkeys(cc.compile_sizes):
            if isinstance(entry, str):
                if entry != "cudagraph_capture_sizes":
                    raise ValueError(
                        f"compile_sizes entry {entry!r} is neither an int nor "
                        "'cudagraph_capture_sizes'"
                    )
                computed.extend(cc.cudagraph_capture_sizes)
            else:
                computed.append(entry)
    cc.compile_sizes = computed
    cc.cudagraph_capture_sizes.sort()
    sizes = cc.cudagraph_capture_sizes
    if sizes and sizes[-1] != cc.max_cudagraph_capture_size:
        raise ValueError(
            f"largest capture size {sizes[-1]} differs from max_cudagraph_capture_size "
            f"{cc.max_cudagraph_capture_size}"
        )


def _round_up(x: int, multiple: int) -> int:
    return -(-x // multiple) * multiple


def adjust_cudagraph_sizes_for_spec_decode(cc: Any, uniform_decode_query_len: int,
                                           tensor_parallel_size: int) -> None:
    """Round capture sizes up to multiples of the decode query length (and of TP when
    sequence parallelism is on), dropping any that then exceed the maximum."""
    multiple = uniform_decode_query_len
    if tensor_parallel_size > 1 and cc.pass_config.enable_sp:
        multiple = max(uniform_decode_query_len, tensor_parallel_size)
        if multiple % uniform_decode_query_len or multiple % tensor_parallel_size:
            raise ValueError(
                f"no capture size can be a multiple of both {uniform_decode_query_len} "
                f"(num_speculative_tokens + 1) and {tensor_parallel_size} "
                "(tensor_parallel_size, for sequence parallelism); change "
                "num_speculative_tokens or turn sequence parallelism off"
            )
    if not cc.cudagraph_capture_sizes or multiple <= 1:
        return
    max_size = cc.max_cudagraph_capture_size
    if max_size is None:
        raise ValueError("max_cudagraph_capture_size must be resolved before rounding")
    rounded = sorted({r for r in (_round_up(s, multiple) for s in cc.cudagraph_capture_sizes)
                      if r <= max_size})
    if not rounded and multiple <= max_size:
        rounded = [multiple]
    if not rounded:
        raise ValueError(
            f"no capture size is left after rounding to a multiple of {multiple}; change "
            f"num_speculative_tokens ({uniform_decode_query_len - 1}), "
            f"max_cudagraph_capture_size ({max_size}) or cudagraph_capture_sizes "
            f"({cc.cudagraph_capture_sizes})"
        )
    cc.max_cudagraph_capture_size = rounded[-1]
    cc.cudagraph_capture_sizes = rounded


# --------------------------------------------------------------------------------------
# Compile ranges.
# --------------------------------------------------------------------------------------


def resolve_compile_ranges_endpoints(cc: Any, max_num_batched_tokens: int | None, *,
                                     allreduce_max_token_num: int | None = None,
                                     sp_min_token_num: int | None = None) -> None:
    """Final, sorted compile_ranges_endpoints.

    The ranges end at max_num_batched_tokens; extra endpoints split them where a fusion
    switches on or off: `allreduce_max_token_num` (fused all-reduce + RMSNorm limit,
    from the device and the model's hidden size/dtype), the sequence-parallel
    threshold (pass_config.sp_min_token_num, else `sp_min_token_num` computed by the
    engine), the RoPE + KV-cache fusion limit, and the user's own endpoints (kept when
    inside (1, max_num_batched_tokens)).
    """
    pc = cc.pass_config
    end = max_num_batched_tokens
    points: list[int] = [] if end is None else [end]

    def below_end(x: int) -> bool:
        return end is not None and x < end

    if pc.fuse_allreduce_rms and allreduce_max_token_num is not None:
        if below_end(allreduce_max_token_num):
            points.append(allreduce_max_token_num)
    if pc.enable_sp:
        if pc.sp_min_token_num is None:
            pc.sp_min_token_num = sp_min_token_num
        threshold = pc.sp_min_token_num
        if threshold is not None and below_end(threshold) and threshold > 1:
            points.append(threshold - 1)
    if pc.fuse_rope_kvcache:
        limit = pc.rope_kvcache_fusion_max_token_num
        if limit is not None and below_end(limit):
            points.append(limit)
    for x in cc.compile_ranges_endpoints or ():
        if x <= 0:
            raise ValueError(f"compile range endpoints must be positive, got {x}")
        if below_end(x) and x > 1:
            points.append(x)
    cc.compile_ranges_endpoints = sorted(points)


# --------------------------------------------------------------------------------------
# Splitting ops and custom ops.
# --------------------------------------------------------------------------------------


def _is_vllm_compile(cc: Any) -> bool:
    from vllm_config.types import CompilationMode

    return cc.mode == CompilationMode.VLLM_COMPILE


def set_splitting_ops_for_attn_fusion(cc: Any) -> None:
    """Attention + quant fusion needs attention inside the graph: no splitting ops, and
    piecewise CUDA graphs become FULL."""
    if not cc.pass_config.fuse_attn_quant:
        raise ValueError("set_splitting_ops_for_attn_fusion needs pass_config.fuse_attn_quant")
    modes = type(cc.cudagraph_mode)
    if cc.splitting_ops is None:
        cc.splitting_ops = []
        if cc.cudagraph_mode.has_piecewise_cudagraphs():
            logger.warning("fuse_attn_quant needs attention in the graph: splitting_ops "
                           "set to [] and cudagraph_mode to FULL")
            cc.cudagraph_mode = modes.FULL
    if cc.splitting_ops_contain_attention():
        raise ValueError("splitting_ops must not hold the attention ops when "
                         "fuse_attn_quant is on")


def set_splitting_ops_for_v1(cc: Any, all2all_backend: str, data_parallel_size: int = 1) -> None:
    """Choose splitting_ops (and downgrade cudagraph_mode) once mode, cudagraph_mode and
    the pass flags are final. cudagraph_mode must be set.

    Stays a hook: an ordered algorithm over engine inputs (the all2all backend, DP
    size) that rewrites several fields and the pass config, with warnings per branch.
    """
    from vllm_config.types import KVCacheUpdateOp

    if not _is_vllm_compile(cc):
        if cc.splitting_ops is None:
            cc.splitting_ops = []
        return
    modes = type(cc.cudagraph_mode)
    pc = cc.pass_config
    if pc.fuse_attn_quant and not cc.use_inductor_graph_partition:
        set_splitting_ops_for_attn_fusion(cc)
    elif cc.splitting_ops is None:
        cc.splitting_ops = list(cc._attention_ops)
        if not cc.use_inductor_graph_partition:
            if pc.fuse_rope_kvcache:
                logger.warning("fuse_rope_kvcache turned off: it needs splitting_ops=[] or "
                               "use_inductor_graph_partition")
                pc.fuse_rope_kvcache = False
            cc.splitting_ops.extend(typing.get_args(KVCacheUpdateOp))
    elif not cc.splitting_ops:
        if cc.cudagraph_mode == modes.PIECEWISE:
            logger.warning("empty splitting_ops leaves nothing to capture piecewise: "
                           "cudagraph_mode set to NONE")
            cc.cudagraph_mode = modes.NONE
        elif cc.cudagraph_mode == modes.FULL_AND_PIECEWISE:
            logger.warning("empty splitting_ops leaves nothing to capture piecewise: "
                           "cudagraph_mode set to FULL")
            cc.cudagraph_mode = modes.FULL
        cc.splitting_ops = []
    if (not cc.use_inductor_graph_partition and (pc.enable_sp or pc.fuse_gemm_comms)
            and cc.splitting_ops):
        logger.warning("sequence parallelism / async TP need the whole graph: "
                       "splitting_ops set to []")
        cc.splitting_ops = []
        if cc.cudagraph_mode.has_piecewise_cudagraphs():
            cc.cudagraph_mode = modes.FULL
    if (all2all_backend == "deepep_high_throughput" and data_parallel_size > 1
            and cc.cudagraph_mode != modes.NONE):
        logger.info("DeepEP high-throughput kernels cannot run in CUDA graphs: "
                    "cudagraph_mode set to NONE")
        cc.cudagraph_mode = modes.NONE


# --------------------------------------------------------------------------------------
# Public methods the engine calls (declared under `methods:` of the schema).
# --------------------------------------------------------------------------------------


def custom_op_log_check(cc: Any) -> None:
    """Log the custom ops the model turned on and off, and warn for each '+op'/'-op' of
    custom_ops that matched no op of the model. A hook: it logs per op, after the
    engine recorded which ops the model built (enabled_/disabled_custom_ops)."""
    seen = set(cc.enabled_custom_ops) | set(cc.disabled_custom_ops)
    if not seen:
        logger.debug("the model has no custom ops")
        return
    logger.debug("custom ops on: %s; off: %s", dict(cc.enabled_custom_ops),
                 dict(cc.disabled_custom_ops))
    for entry in cc.custom_ops:
        if entry in ("all", "none") or entry[1:] in seen:
            continue
        action = "enabling" if entry.startswith("+") else "disabling"
        logger.warning("custom op %r is not in this model: %s it with %r has no effect",
                       entry[1:], action, entry)


def _support_level(value: Any) -> tuple[int, str]:
    """(level, name) of an attention backend's CUDA-graph support: vLLM's
    AttentionCGSupport member, its name or its number (0 never .. 3 always)."""
    names = ("NEVER", "UNIFORM_SINGLE_TOKEN_DECODE", "UNIFORM_BATCH", "ALWAYS")
    if isinstance(value, str):
        if value.upper() not in names:
            raise ValueError(f"unknown CUDA-graph support level {value!r}; one of {names}")
        return names.index(value.upper()), value.upper()
    level = int(getattr(value, "value", value))
    if not 0 <= level < len(names):
        raise ValueError(f"unknown CUDA-graph support level {value!r}")
    return level, names[level]


def resolve_cudagraph_mode_and_sizes(cc: Any, min_cg_support: Any,
                                     min_cg_attn_backend: str | None,
                                     uniform_decode_query_len: int = 1,
                                     use_v2_model_runner: bool = False,
                                     tensor_parallel_size: int = 1,
                                     kv_cache_config: Any = None,
                                     max_num_reqs: int | None = None,
                                     is_profiling: bool = False) -> Any:
    """Fit cudagraph_mode to the weakest CUDA-graph support among the attention
    backends, then fix the capture sizes; store and return the mode.

    A hook: an ordered series of downgrades, each with its own warning, that ends in
    errors when nothing fits, followed by the capture-size rounding algorithm.
    """
    NEVER, UNIFORM_BATCH, ALWAYS = 0, 2, 3
    modes = type(cc.cudagraph_mode) if cc.cudagraph_mode is not None else None
    if cc.cudagraph_mode is None or cc.cudagraph_mode == modes.NONE:
        from vllm_config.types import CUDAGraphMode

        cc.cudagraph_mode = CUDAGraphMode.NONE
        return CUDAGraphMode.NONE
    level, level_name = _support_level(min_cg_support)
    mode = cc.cudagraph_mode
    backend = f"the {min_cg_attn_backend} attention backend (CUDA-graph support {level_name})"
    if mode.mixed_mode() == modes.FULL and level != ALWAYS:
        if level == NEVER:
            raise ValueError(f"cudagraph_mode {mode.name} is not possible with {backend}; "
                             "use cudagraph_mode=PIECEWISE with mode VLLM_COMPILE")
        mode = (modes.FULL_AND_PIECEWISE if cc.splitting_ops_contain_attention()
                else modes.FULL_DECODE_ONLY)
        logger.warning("full graphs of mixed batches are not possible with %s: "
                       "cudagraph_mode set to %s", backend, mode.name)
    if mode.decode_mode() == modes.FULL and level == NEVER:
        from vllm_config.types import CompilationMode

        piecewise = cc.mode == CompilationMode.VLLM_COMPILE and (
            cc.splitting_ops_contain_attention() or cc.use_inductor_graph_partition)
        new = modes.PIECEWISE if piecewise else modes.NONE
        logger.warning("full decode graphs are not possible with %s: cudagraph_mode set "
                       "to %s (attention is %scompiled piecewise)", backend, new.name,
                       "" if piecewise else "not ")
        mode = new
    if mode.decode_mode() == modes.FULL and uniform_decode_query_len > 1 \
            and level < UNIFORM_BATCH:
        new = modes.PIECEWISE if cc.splitting_ops_contain_attention() else modes.NONE
        logger.warning("full decode graphs with speculative decoding are not possible with "
                       "%s: cudagraph_mode set to %s", backend, new.name)
        mode = new
    if mode.has_full_cudagraphs() and level == NEVER:
        raise ValueError(f"cudagraph_mode {mode.name} is not possible with {backend}; use "
                         "cudagraph_mode=PIECEWISE with mode VLLM_COMPILE")
    if not use_v2_model_runner and mode.decode_mode() == modes.FULL \
            and uniform_decode_query_len > 1:
        adjust_cudagraph_sizes_for_spec_decode(cc, uniform_decode_query_len,
                                               tensor_parallel_size)
    if (kv_cache_config is not None and max_num_reqs is not None
            and mode.has_full_cudagraphs() and not is_profiling
            and kv_cache_config.has_mamba_layers
            and max_num_reqs > kv_cache_config.num_blocks):
        raise ValueError(
            f"max_num_seqs ({max_num_reqs}) is larger than the {kv_cache_config.num_blocks} "
            "Mamba cache blocks: every decoding sequence needs one for full CUDA graphs; "
            "lower max_num_seqs or raise gpu_memory_utilization")
    cc.cudagraph_mode = mode
    return mode


#: FlashInfer fused all-reduce size limits in MiB, per CUDA capability, per TP size.
FI_ALLREDUCE_FUSION_MAX_SIZE_MB: dict[int, dict[int, float]] = {
    90: {2: 64, 4: 2, 8: 0.5},
    100: {2: 64, 4: 32, 8: 1, 16: 64},
    103: {2: 64, 4: 64, 8: 2, 16: 64},
}


def default_fi_allreduce_fusion_max_size_mb() -> dict[int, float]:
    """The size limits for this machine's GPU, {} without CUDA. A hook: it asks torch
    (imported here, never at module import) for the device capability."""
    try:
        import torch
    except ImportError:
        return {}
    if not torch.cuda.is_available():
        return {}
    major, minor = torch.cuda.get_device_capability()
    return dict(FI_ALLREDUCE_FUSION_MAX_SIZE_MB.get(major * 10 + minor, {}))


def torch_asserts_every_call(self: Any) -> bool:
    """Whether the engine's torch is older than 2.12 (which checks Inductor's runtime
    asserts only once): the running torch inside vLLM's engine, else 2.11, the torch
    vLLM 0.25.1 is built against.

    Stays a hook: a seam to the engine (the version of the torch it imported)."""
    from cfgc.runtime import engine_values

    if not engine_values.in_engine():
        return True
    import sys

    release = sys.modules["torch"].__version__.split("+")[0].split(".")
    try:
        major, minor = int(release[0]), int(release[1])
    except (IndexError, ValueError):
        return True
    return (major, minor) < (2, 12)
