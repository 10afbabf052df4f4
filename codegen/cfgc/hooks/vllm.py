"""Hooks for schema/vllm.yaml (VllmConfig): what its declared behaviour cannot say.

VllmConfig's reconciliation of its sub-configs is declared in the schema (`resolve`
steps, the `level_defaults` table, expression properties). What stays, each for the
reason in its docstring: seams to the engine (checkpoint facts, executor classes), a
filesystem path, and the calls into the compilation algorithms. Plus the public
methods the engine calls (`validate_block_size` once the block size is final,
`with_hf_config`, `use_v2_model_runner`, ...).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from . import compilation as _cc

logger = logging.getLogger("vllm_config.vllm")

#: Executor backends by name, and whether they run asynchronous scheduling.
_EXECUTOR_ASYNC_SUPPORT = {"mp": True, "uni": True, "external_launcher": True, "ray": False}


# --- seams to the engine ------------------------------------------------------------


def executor_supports_async_scheduling(self: Any) -> bool:
    """Whether the executor runs asynchronous scheduling; unknown names count as yes
    (the engine checks them: hook point async_scheduling_support).

    Stays a hook: distributed_executor_backend may be an executor class, which is asked
    (its supports_async_scheduling()); expressions do not call arbitrary objects."""
    backend = self.parallel_config.distributed_executor_backend
    if isinstance(backend, str) and backend in _EXECUTOR_ASYNC_SUPPORT:
        return _EXECUTOR_ASYNC_SUPPORT[backend]
    probe = getattr(backend, "supports_async_scheduling", None)
    return bool(probe()) if callable(probe) else True


# --- building objects ---------------------------------------------------------------


# --- the compilation algorithms -----------------------------------------------------


def set_cudagraph_sizes(self: Any) -> None:
    """Final capture sizes and maximum (empty without a model or with eager mode).

    Stays a hook: the capture-size computation is an algorithm (hooks/compilation.py)."""
    cc, model, sched = self.compilation_config, self.model_config, self.scheduler_config
    enabled = (model is not None and not model.enforce_eager
               and cc.cudagraph_mode != type(cc.cudagraph_mode).NONE)
    _cc.resolve_cudagraph_capture_sizes(
        cc, cudagraphs_enabled=enabled, max_num_seqs=sched.max_num_seqs,
        max_num_batched_tokens=sched.max_num_batched_tokens,
        num_speculative_tokens=self.num_speculative_tokens,
        interactivity=self.performance_mode == "interactivity",
        tensor_parallel_size=self.parallel_config.tensor_parallel_size)


def set_compile_ranges_and_splitting_ops(self: Any) -> None:
    """Compile ranges end at max_num_batched_tokens (fusion thresholds add endpoints;
    the device/model-dependent ones come from the engine); then the splitting ops, once
    mode, cudagraph_mode and the pass flags are final. Data parallelism counts for the
    splitting ops only with an MoE model (or when the model is unknown).

    Stays a hook: both are algorithms (hooks/compilation.py)."""
    cc, parallel = self.compilation_config, self.parallel_config
    _cc.resolve_compile_ranges_endpoints(cc, self.scheduler_config.max_num_batched_tokens)
    dp = parallel.data_parallel_size
    if self.model_config is not None and not self.model_config.is_moe:
        dp = 1
    _cc.set_splitting_ops_for_v1(cc, all2all_backend=parallel.all2all_backend,
                                 data_parallel_size=dp)


# --- paths --------------------------------------------------------------------------


def compile_debug_dump_path(self: Any) -> Path | None:
    """Rank-specific folder for torch.compile debug dumps, or None.

    Stays a hook: it joins filesystem paths, which expressions do not build."""
    path = self.compilation_config.debug_dump_path
    if path is None:
        return None
    parallel = self.parallel_config
    return Path(path) / f"rank_{parallel.rank}_dp_{parallel.data_parallel_index}"


# --- helper for the engine (hook point validate_block_size) -------------------------


def validate_block_size(self: Any) -> None:
    """Check the final block size against context-parallel interleaving and the Mamba
    align-mode rules (aligning the CP interleave size to the DCP one first). Not a
    resolve step: the engine calls it once the attention backend fixed the block size."""
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


# --- public methods of VllmConfig (declared under `methods:` / `properties:`) --------


def with_hf_config(self: Any, hf_config: Any, architectures: list[str] | None = None) -> Any:
    """A copy of this config whose model config uses `hf_config` (a copy of it with
    `architectures` when given). A hook: it copies runtime objects."""
    import copy
    import dataclasses

    if architectures is not None:
        hf_config = copy.deepcopy(hf_config)
        hf_config.architectures = architectures
    model_config = copy.deepcopy(self.model_config)
    if model_config is not None:
        model_config.hf_config = hf_config
    return dataclasses.replace(self, model_config=model_config)
