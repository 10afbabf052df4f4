"""Hooks for schema/speculative.yaml (SpeculativeConfig).

Only what follows from config values lives here. Building the draft model's config
from its checkpoint, rewriting its HF config and detecting the method from it are
engine work (the class's hook points); the helpers at the end
(`draft_tensor_parallel_size`, `draft_max_model_len`, ...) are the value-only pieces
that work needs, kept here so they are tested once.
"""

from __future__ import annotations

import logging
import typing
from functools import cache
from typing import Any

logger = logging.getLogger("vllm_config.speculative")

#: Methods whose drafter consumes intermediate hidden states of the target model.
AUX_HIDDEN_STATE_METHODS = ("eagle3", "extract_hidden_states", "dflash")
#: Methods that run the target's hidden states through an EAGLE-style drafter.
EAGLE_STYLE_METHODS = ("eagle", "eagle3", "mtp", "dflash", "dspark")
#: Methods that reuse the target checkpoint when no draft model is named.
TARGET_WEIGHT_METHODS = ("mtp", "dspark")
#: Model names that stand for the proposer itself rather than a checkpoint.
SELF_NAMED_METHODS = ("ngram", "ngram_gpu", "suffix", "extract_hidden_states")
_URL_PREFIXES = ("http://", "https://", "file://")


def _literal_values(tp: Any) -> tuple[str, ...]:
    """Flatten a Literal alias (possibly a union of Literals) into its values."""
    out: list[str] = []
    for arg in typing.get_args(tp):
        if isinstance(arg, str):
            out.append(arg)
        else:
            out.extend(_literal_values(arg))
    return tuple(out)


@cache
def mtp_model_types() -> tuple[str, ...]:
    from vllm_config.types import MTPModelTypes

    return _literal_values(MTPModelTypes)


@cache
def eagle_model_types() -> tuple[str, ...]:
    from vllm_config.types import EagleModelTypes

    return _literal_values(EagleModelTypes)


@cache
def ngram_gpu_types() -> tuple[str, ...]:
    from vllm_config.types import NgramGPUTypes

    return _literal_values(NgramGPUTypes)


def _is_class_path(model: str | None) -> bool:
    """`pkg.module.Proposer`: dotted, not a URL and not an `org/name` hub id."""
    return (
        model is not None
        and "." in model
        and not model.startswith(_URL_PREFIXES)
        and "/" not in model
    )


# --- post-init hooks, in order ---------------------------------------------------


def infer_method(self: Any) -> None:
    """Fill in `method` from `model` and map legacy MTP names to "mtp"."""
    if _is_class_path(self.model):
        self.method = "custom_class"
    elif self.method is None:
        self.method = "ngram" if self.model in ("ngram", "[ngram]") else "draft_model"
    if self.method != "mtp" and self.method in mtp_model_types():
        logger.warning("speculative method %r is deprecated; using 'mtp'", self.method)
        self.method = "mtp"


def take_model_from_target(self: Any) -> None:
    """With a draft length but no `model`, name the proposer (or reuse the target)."""
    if self.model is not None or self.num_speculative_tokens is None:
        return
    method = self.method
    if method in TARGET_WEIGHT_METHODS:
        target = self.target_model_config
        if target is None:
            raise ValueError(f"speculative method {method!r} without a model needs "
                             "target_model_config (the target's own layers are used)")
        text_config = getattr(target, "hf_text_config", None)
        if method == "mtp" and getattr(text_config, "model_type", None) == "deepseek_v32":
            # CUDA graphs are not supported for this model's MTP drafter.
            self.enforce_eager = True
        self.model = target.model
        if not self.quantization:
            self.quantization = target.quantization
    elif method in SELF_NAMED_METHODS:
        self.model = method
    elif method == "custom_class":
        raise ValueError("method 'custom_class' needs `model` set to the proposer's "
                         "dotted class path, e.g. 'my_pkg.MyProposer'")
    else:
        raise ValueError(f"num_speculative_tokens is set but method {method!r} needs a "
                         "draft `model`")


def apply_method_defaults(self: Any) -> None:
    """Per-method defaults and checks that need no checkpoint."""
    method = self.method
    if method in ("ngram", "ngram_gpu"):
        lo, hi = self.prompt_lookup_min, self.prompt_lookup_max
        if lo is None and hi is None:
            lo = hi = 5
        elif lo is None:
            lo = hi
        elif hi is None:
            hi = lo
        if lo > hi:
            raise ValueError(f"prompt_lookup_min={lo} must be <= prompt_lookup_max={hi}")
        self.prompt_lookup_min, self.prompt_lookup_max = lo, hi
        # The n-gram proposer has no weights; it borrows the target's shapes.
        self.draft_model_config = self.target_model_config
        self.draft_parallel_config = self.target_parallel_config
    elif method == "suffix":
        check_suffix_decoding(self)
    elif method == "custom_class":
        logger.warning("custom proposer classes are experimental; their interface "
                       "may change between releases")
        self.prompt_lookup_max = self.prompt_lookup_min = 0
        self.draft_model_config = self.target_model_config
        self.draft_parallel_config = self.target_parallel_config
    elif method == "extract_hidden_states":
        self.model = "extract_hidden_states"
        self.prompt_lookup_max = self.prompt_lookup_min = 0
        self.draft_parallel_config = self.target_parallel_config
    else:
        self.prompt_lookup_max = self.prompt_lookup_min = 0
        if method == "dflash" and self.model is not None:
            self.parallel_drafting = True


def check_suffix_decoding(self: Any) -> None:
    """Suffix decoding: default the draft length to the tree depth; range checks."""
    if self.num_speculative_tokens is None:
        # Suffix decoding sizes drafts itself; the count is only an upper bound.
        self.num_speculative_tokens = self.suffix_decoding_max_tree_depth
    if self.suffix_decoding_max_tree_depth < 1:
        raise ValueError("suffix_decoding_max_tree_depth must be >= 1, got "
                         f"{self.suffix_decoding_max_tree_depth}")
    if self.suffix_decoding_max_cached_requests < 0:
        raise ValueError("suffix_decoding_max_cached_requests must be >= 0, got "
                         f"{self.suffix_decoding_max_cached_requests}")
    if self.suffix_decoding_max_spec_factor < 0:
        raise ValueError("suffix_decoding_max_spec_factor must be >= 0, got "
                         f"{self.suffix_decoding_max_spec_factor}")
    if not 0 <= self.suffix_decoding_min_token_prob <= 1:
        raise ValueError("suffix_decoding_min_token_prob must be in [0, 1], got "
                         f"{self.suffix_decoding_min_token_prob}")


# --- model validator --------------------------------------------------------------


def verify_args(self: Any) -> None:
    """Final checks once the draft length is known; resolve synthetic rates."""
    if self.tensor_parallel_size is not None:
        raise ValueError("speculative config takes draft_tensor_parallel_size, "
                         "not tensor_parallel_size")
    n = self.num_speculative_tokens
    if n is None:
        raise ValueError("num_speculative_tokens is required unless the draft "
                         "checkpoint defines n_predict")
    if n <= 0:
        raise ValueError(f"num_speculative_tokens must be > 0, got {n}")
    if self.rejection_sample_method == "synthetic":
        self.synthetic_acceptance_rates = resolve_synthetic_acceptance_rates(
            n, self.synthetic_acceptance_rates, self.synthetic_acceptance_length)
        self.synthetic_acceptance_length = None
    elif (self.synthetic_acceptance_rates is not None
          or self.synthetic_acceptance_length is not None):
        raise ValueError("synthetic_acceptance_rates and synthetic_acceptance_length "
                         "need rejection_sample_method='synthetic'")


# --- hash extras ------------------------------------------------------------------


def uses_aux_hidden_states(method: str | None) -> bool:
    return method in AUX_HIDDEN_STATE_METHODS


def uses_aux_hidden_states_factor(self: Any) -> bool:
    return uses_aux_hidden_states(self.method)


def aux_layer_ids_factor(self: Any) -> tuple[int, ...] | None:
    """Target layers whose hidden states the drafter reads (from the draft config)."""
    if not uses_aux_hidden_states(self.method) or self.draft_model_config is None:
        return None
    hf_config = getattr(self.draft_model_config, "hf_config", None)
    layer_ids = getattr(hf_config, "eagle_aux_hidden_state_layer_ids", None)
    return None if layer_ids is None else tuple(layer_ids)


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


def draft_tensor_parallel_size(target_tp: int, requested: int | None,
                               draft_model_type: str | None) -> int:
    """The drafter's TP degree: requested (1 or the target's), else a default."""
    if requested is None:
        if draft_model_type == "mlp_speculator":
            if target_tp > 1:
                logger.warning("mlp_speculator drafters run with tensor parallel size 1")
            return 1
        return target_tp
    if requested not in (1, target_tp):
        raise ValueError(f"draft_tensor_parallel_size={requested} must be 1 or the "
                         f"target's tensor_parallel_size ({target_tp})")
    return requested


def draft_max_model_len(requested: int | None, draft_len: int, target_len: int) -> int:
    """The drafter's context limit: requested (within both limits) or the smaller one."""
    if requested is not None:
        if requested > draft_len:
            raise ValueError(f"speculative max_model_len={requested} exceeds the draft "
                             f"model's limit {draft_len}")
        if requested > target_len:
            raise ValueError(f"speculative max_model_len={requested} exceeds the target "
                             f"model's limit {target_len}")
        return requested
    return min(draft_len, target_len)


def use_eagle(spec: Any) -> bool:
    """The drafter is EAGLE-style (reads target hidden states)."""
    return spec.method in EAGLE_STYLE_METHODS


def uses_dynamic_draft_length(spec: Any) -> bool:
    return spec.num_speculative_tokens_per_batch_size is not None


def max_num_new_slots_for_drafting(spec: Any) -> int:
    """Upper bound on extra batch slots per request that drafting can add."""
    slots = spec.num_speculative_tokens - 1 if spec.parallel_drafting else 0
    if spec.method == "draft_model":
        slots += 1
    return slots


def skip_validation(value: Any) -> Any:
    """Engine-supplied model/parallel configs are taken as given, not re-validated."""
    return value
