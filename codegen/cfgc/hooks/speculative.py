"""Hooks for schema/speculative.yaml (SpeculativeConfig).

Method inference, per-method defaults, the checks and the synthetic acceptance-rate
schedule are declared in the schema (`resolve` steps of SpeculativeConfig). What stays
here: compose_draft_hf_overrides, which builds a callable. The draft configs' TP
degree and context limit, and create_draft_parallel_config, are declared.
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

