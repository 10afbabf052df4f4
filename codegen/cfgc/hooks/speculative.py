"""Hooks for schema/speculative.yaml (SpeculativeConfig).

Method inference, per-method defaults and the checks are declared in the schema
(`resolve` steps of SpeculativeConfig). What stays here: seams to objects the engine
supplies (the target's HF config, the draft's config for the hash), the synthetic
acceptance-rate schedule (an algorithm), and the public methods that read the draft's
HF config or build other objects (compose_draft_hf_overrides,
create_draft_parallel_config, ...). The draft configs' TP degree and context limit are
declared.
"""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger("vllm_config.speculative")

#: Methods whose drafter consumes intermediate hidden states of the target model (the
#: schema's uses_aux_hidden_states hash factor names the same three).
AUX_HIDDEN_STATE_METHODS = ("eagle3", "extract_hidden_states", "dflash", "dspark")


# --- resolve steps ----------------------------------------------------------------


def resolve_synthetic_acceptance(self: Any) -> None:
    """Synthetic rejection sampling: validate the per-position rates, or convert the
    mean acceptance length into rates (then reset the length).

    Stays a hook: checking that the rates never increase and building the rate
    schedule are algorithms over lists (pairwise comparison, list construction).
    """
    if self.rejection_sample_method == "synthetic":
        self.synthetic_acceptance_rates = resolve_synthetic_acceptance_rates(
            self.num_speculative_tokens, self.synthetic_acceptance_rates,
            self.synthetic_acceptance_length)
        self.synthetic_acceptance_length = None


# --- value-only helpers for the engine and for VllmConfig's hooks -----------------


def acceptance_length_to_rates(length: float, n: int) -> list[float]:
    """Mean accepted length -> per-position cumulative acceptance rates.

    The lowest-variance schedule: the first floor(length - 1) positions always
    accept, the next one accepts with the fractional remainder, the rest never.
    """
    expected = length - 1
    whole = int(expected)
    rates = [1.0] * whole + [expected - whole] + [0.0] * (n - whole - 1)
    return rates[:n]


def resolve_synthetic_acceptance_rates(n: int, rates: list[float] | None,
                                       length: float | None) -> list[float]:
    """Per-position rates from exactly one of `rates` or `length`, validated."""
    if n > 1 << 16:  # one rate per position: a huge n would exhaust memory, not fail
        raise ValueError(f"num_speculative_tokens={n} is too large for synthetic rates")
    if (rates is None) == (length is None):
        raise ValueError("rejection_sample_method='synthetic' needs exactly one of "
                         "synthetic_acceptance_rates or synthetic_acceptance_length")
    if rates is not None:
        if len(rates) != n:
            raise ValueError(f"synthetic_acceptance_rates needs {n} entries "
                             f"(num_speculative_tokens), got {rates}")
        if not all(0.0 <= r <= 1.0 for r in rates):
            raise ValueError(f"synthetic_acceptance_rates entries must be in [0, 1], "
                             f"got {rates}")
        if any(later > earlier for earlier, later in zip(rates, rates[1:], strict=False)):
            raise ValueError(f"synthetic_acceptance_rates must not increase, got {rates}")
        return list(rates)
    if not 1.0 <= length <= n + 1:
        raise ValueError(f"synthetic_acceptance_length must be in [1, {n + 1}], "
                         f"got {length}")
    return acceptance_length_to_rates(length, n)


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
