"""Hooks for schema/speculative.yaml (SpeculativeConfig).

Method inference, per-method defaults, the checks and the synthetic acceptance-rate
schedule are declared in the schema (`resolve` steps of SpeculativeConfig). What stays
here: the public methods that build other objects (compose_draft_hf_overrides,
create_draft_parallel_config, ...). The draft configs' TP degree and context limit are
declared.
"""

from __future__ import annotations

from typing import Any

# --- public methods of SpeculativeConfig (declared under `methods:`) -----------------


def _override_then(target: Any, hf_config: Any) -> Any:
    from vllm_config.speculative import SpeculativeConfig

    return target(SpeculativeConfig.hf_config_override(hf_config))


def compose_draft_hf_overrides(target_hf_overrides: Any) -> Any:
    """The draft's hf_overrides: the drafter override, then the target's function (a
    dict of the target is for the target only). A partial of a module-level function,
    so the result pickles into engine processes. A hook: it builds a callable."""
    import functools

    from vllm_config.speculative import SpeculativeConfig

    if not callable(target_hf_overrides):
        return SpeculativeConfig.hf_config_override
    return functools.partial(_override_then, target_hf_overrides)


def create_draft_parallel_config(target_parallel_config: Any,
                                 speculative_draft_tensor_parallel_size: int) -> Any:
    """The draft worker's ParallelConfig: the target's, with the draft's TP size. A hook:
    it builds another config class from selected fields."""
    from vllm_config.parallel import ParallelConfig

    t = target_parallel_config
    return ParallelConfig(
        pipeline_parallel_size=t.pipeline_parallel_size,
        tensor_parallel_size=speculative_draft_tensor_parallel_size,
        distributed_executor_backend=t.distributed_executor_backend,
        max_parallel_loading_workers=t.max_parallel_loading_workers,
        disable_custom_all_reduce=t.disable_custom_all_reduce,
        ray_workers_use_nsight=t.ray_workers_use_nsight,
        placement_group=t.placement_group,
    )
