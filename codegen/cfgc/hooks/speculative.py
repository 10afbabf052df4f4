"""Hooks for schema/speculative.yaml (SpeculativeConfig).

Method inference, per-method defaults, the checks and the synthetic acceptance-rate
schedule are declared in the schema (`resolve` steps of SpeculativeConfig). What stays
here: hf_config_override, which rewrites a Hugging Face config object by the schema's
per-architecture rules, and compose_draft_hf_overrides, which builds a callable. The
draft configs' TP degree and context limit, and create_draft_parallel_config, are
declared.
"""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger("vllm_config.speculative")

# --- public methods of SpeculativeConfig (declared under `methods:`) -----------------

#: (field of SpeculativeConfig, sub-config of VllmConfig, its field) that the draft's
#: VllmConfig takes from the speculative config when set.
_DRAFT_OVERRIDES = (("moe_backend", "kernel_config", "moe_backend"),
                    ("attention_backend", "attention_config", "backend"),
                    ("kv_cache_dtype", "cache_config", "cache_dtype"))


def apply_draft_overrides(self: Any, vllm_config: Any) -> Any:
    """A copy of `vllm_config` with each override that is set on `self` replaced in its
    sub-config. A hook: it copies configs with changes (`replace`), which an expression
    cannot say; the target config is left as it was."""
    from cfgc.runtime.utils import replace

    for source, sub, target in _DRAFT_OVERRIDES:
        value = getattr(self, source, None)
        if value is not None:
            changed = replace(getattr(vllm_config, sub), **{target: value})
            vllm_config = replace(vllm_config, **{sub: changed})
    return vllm_config


def hf_config_override(hf_config: Any, transformers_mtp_overrides: Any = None) -> Any:
    """The MTP drafter's Hugging Face config made from the target's, by the rewrite rules
    of the loaded release (`_MTP_DRAFT_REWRITES`, data in the schema). Given
    `transformers_mtp_overrides` (the Transformers modeling backend builds the drafter
    from the target's own config), those are set instead and no rule runs. A hook: it
    changes a Hugging Face config object in place, as vLLM does."""
    from cfgc.runtime.config_rewrite import rewrite
    from vllm_config.speculative import _MTP_DRAFT_REWRITES

    if transformers_mtp_overrides is not None:
        hf_config.update(transformers_mtp_overrides)
        return hf_config
    hf_config.architectures[0]  # noqa: B018 - vLLM reads it first: no architectures fails
    return rewrite(hf_config, _MTP_DRAFT_REWRITES)


def apply_composed_hf_override(target_hf_overrides: Any, hf_config: Any,
                               transformers_mtp_overrides: Any = None) -> Any:
    """The drafter override, then the target's hf_overrides function, on one config (what
    compose_draft_hf_overrides binds). A hook: it runs a caller's function."""
    from vllm_config.speculative import SpeculativeConfig

    return target_hf_overrides(
        SpeculativeConfig.hf_config_override(hf_config, transformers_mtp_overrides))


def _rope_sizes_cache_only(hf_config: Any, kinds: Any) -> bool:
    """Whether every RoPE parameter set of the config (one per layer type when nested)
    is of a kind whose only use of max_position_embeddings is the cache size."""
    params = getattr(hf_config, "rope_parameters", None)
    if not isinstance(params, dict) or not params:
        return True
    nested = all(isinstance(v, dict) or v is None for v in params.values())
    sets = [p for p in params.values() if isinstance(p, dict) and p] if nested else [params]
    return all(p.get("rope_type", "default") in kinds for p in sets)


def maybe_override_draft_max_position_embeddings(draft_hf_config: Any,
                                                 target_max_model_len: int) -> None:
    """Raises the draft's max_position_embeddings to the target's max_model_len when it is
    smaller (the draft is fed the target's positions; the value sizes its rotary cache),
    with an info line; from 0.33.0 only for RoPE kinds that use it for nothing else
    (`_DRAFT_CACHE_ONLY_ROPE_TYPES`, None before). A hook: it changes a Hugging Face config
    in place."""
    from vllm_config.speculative import _DRAFT_CACHE_ONLY_ROPE_TYPES

    current = getattr(draft_hf_config, "max_position_embeddings", None)
    if current is None or current >= target_max_model_len:
        return
    if _DRAFT_CACHE_ONLY_ROPE_TYPES is not None and not _rope_sizes_cache_only(
            draft_hf_config, _DRAFT_CACHE_ONLY_ROPE_TYPES):
        return
    logger.info("Overriding draft model max_position_embeddings: %d -> %d (the target's "
                "max_model_len; the draft reads the target's positions)", current,
                target_max_model_len)
    draft_hf_config.max_position_embeddings = target_max_model_len


def compose_draft_hf_overrides(target_hf_overrides: Any,
                               transformers_mtp_overrides: Any = None) -> Any:
    """The draft's hf_overrides: the drafter override, then the target's function (a
    dict of the target is for the target only). A partial of a module-level function,
    so the result pickles into engine processes. A hook: it builds a callable."""
    import functools

    from vllm_config.speculative import SpeculativeConfig

    if not callable(target_hf_overrides):
        if transformers_mtp_overrides is None:
            return SpeculativeConfig.hf_config_override
        return functools.partial(SpeculativeConfig.hf_config_override,
                                 transformers_mtp_overrides=transformers_mtp_overrides)
    # the class's staticmethod where the release has one (0.26.0+), else this module's
    apply = getattr(SpeculativeConfig, "_apply_composed_hf_override",
                    apply_composed_hf_override)
    return functools.partial(apply, target_hf_overrides,
                             transformers_mtp_overrides=transformers_mtp_overrides)
