"""Checks of speculative-decoding checkpoints that vLLM's config module exports as
functions (declared under `constants:` with `import:` in the schema)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Target architectures of Qwen3-Omni (the thinker is the text model drafted for).
QWEN3_OMNI_TARGETS = frozenset({"Qwen3OmniMoeForConditionalGeneration",
                                "Qwen3OmniMoeThinkerForConditionalGeneration"})
#: The architecture a converted Qwen3-Omni DSpark draft checkpoint declares.
QWEN3_OMNI_DSPARK = "Qwen3OmniDSparkModel"


def _positive_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _section_value(config: Any, section: str, name: str) -> Any:
    nested = getattr(config, section, None)
    if isinstance(nested, Mapping):
        return nested.get(name)
    return getattr(nested, name, None)


def _dspark_value(config: Any, name: str) -> Any:
    """A DSpark draft setting: dflash_config's, else eagle_config's, else top-level."""
    for section in ("dflash_config", "eagle_config"):
        value = _section_value(config, section, name)
        if value is not None:
            return value
    return getattr(config, name, None)


def _head_dim(config: Any) -> int | None:
    head_dim = getattr(config, "head_dim", None)
    if head_dim is not None:
        return head_dim
    hidden = getattr(config, "hidden_size", None)
    heads = getattr(config, "num_attention_heads", None)
    if isinstance(hidden, int) and isinstance(heads, int) and heads > 0 and hidden % heads == 0:
        return hidden // heads
    return None


def _architectures(model_config: Any) -> set[str]:
    names = set(getattr(model_config, "architectures", ()) or ())
    names.update(getattr(model_config.hf_config, "architectures", ()) or ())
    return names


def _validate_qwen3_omni_dspark(target_model_config: Any, draft_model_config: Any,
                                num_speculative_tokens: int) -> None:
    """For a Qwen3-Omni target (model type qwen3_omni_moe or one of its architectures),
    fails unless the DSpark draft checkpoint fits it: a converted Qwen3OmniDSparkModel
    checkpoint whose block size is num_speculative_tokens; hidden size, attention heads,
    KV heads and head size those of the thinker's text model; strictly increasing
    zero-based target layers inside it; auxiliary hidden states on; a vanilla Markov head
    of positive rank sampling from the anchor with no bonus anchor; a positive input
    vocabulary, an output vocabulary no larger than the target's, a noise token inside
    the input vocabulary; and plain (1-D) RoPE. Other targets are not checked."""
    target_hf = target_model_config.hf_config
    if not (getattr(target_hf, "model_type", None) == "qwen3_omni_moe"
            or _architectures(target_model_config) & QWEN3_OMNI_TARGETS):
        return
    draft = draft_model_config.hf_config
    if QWEN3_OMNI_DSPARK not in _architectures(draft_model_config):
        raise ValueError(f"a Qwen3-Omni DSpark draft is a checkpoint of architecture "
                         f"{QWEN3_OMNI_DSPARK}: a Qwen3DSparkModel checkpoint must be "
                         f"converted first")
    block = _dspark_value(draft, "block_size")
    if block is None:
        block = _dspark_value(draft, "dspark_block_size")
    if not _positive_int(block):
        raise ValueError("the Qwen3-Omni DSpark draft config needs a positive integer "
                         "block_size")
    if num_speculative_tokens != block:
        raise ValueError(f"Qwen3-Omni DSpark drafts the trained block_size ({block}) "
                         f"tokens: num_speculative_tokens is {num_speculative_tokens}")
    text = getattr(getattr(target_hf, "thinker_config", None), "text_config", None)
    if text is None:
        text = getattr(target_model_config, "hf_text_config", None)
    if text is None:
        raise ValueError("Qwen3-Omni DSpark: the target's thinker text config is missing")
    hidden = getattr(text, "hidden_size", None)
    if hidden is None:
        hidden = target_model_config.get_hidden_size()
    if getattr(draft, "target_hidden_size", None) != hidden:
        raise ValueError(f"Qwen3-Omni DSpark: the draft's target_hidden_size "
                         f"({getattr(draft, 'target_hidden_size', None)}) is not the "
                         f"thinker's hidden size ({hidden})")
    if getattr(draft, "hidden_size", None) != hidden:
        raise ValueError(f"Qwen3-Omni DSpark: the draft hidden_size "
                         f"({getattr(draft, 'hidden_size', None)}) is not the thinker's "
                         f"({hidden})")

    def attention(config: Any) -> dict[str, Any]:
        heads = getattr(config, "num_attention_heads", None)
        return {"num_attention_heads": heads,
                "num_key_value_heads": getattr(config, "num_key_value_heads", heads),
                "head_dim": _head_dim(config)}

    wanted, given = attention(text), attention(draft)
    for name, value in wanted.items():
        if not _positive_int(value):
            raise ValueError(f"Qwen3-Omni DSpark: the thinker's {name} must be a positive "
                             f"integer, not {value!r}")
        if given[name] != value:
            raise ValueError(f"Qwen3-Omni DSpark: the draft's {name} ({given[name]}) is not "
                             f"the thinker's ({value})")
    layers = _section_value(draft, "dflash_config", "target_layer_ids")
    for name in ("dspark_target_layer_ids", "target_layer_ids"):
        if layers is None:
            layers = getattr(draft, name, None)
    if not isinstance(layers, list | tuple) or not layers:
        raise ValueError("Qwen3-Omni DSpark: the draft config needs a non-empty "
                         "target_layer_ids list")
    if any(not isinstance(i, int) or isinstance(i, bool) for i in layers):
        raise ValueError("Qwen3-Omni DSpark: target_layer_ids must be integers")
    if list(layers) != sorted(set(layers)):
        raise ValueError(f"Qwen3-Omni DSpark: target_layer_ids {list(layers)} must be "
                         f"unique and strictly increasing")
    num_layers = getattr(text, "num_hidden_layers", None)
    if num_layers is None:
        num_layers = target_model_config.get_total_num_hidden_layers()
    if layers[0] < 0 or layers[-1] >= num_layers:
        raise ValueError(f"Qwen3-Omni DSpark: target_layer_ids {list(layers)} must be "
                         f"zero-based text-layer indices, 0 to {num_layers - 1}")
    if _dspark_value(draft, "use_aux_hidden_state") is not True:
        raise ValueError("Qwen3-Omni DSpark reads the thinker's hidden states: the draft "
                         "needs use_aux_hidden_state=true")
    if not _positive_int(getattr(draft, "markov_rank", None)):
        raise ValueError("Qwen3-Omni DSpark: the draft's markov_rank must be a positive "
                         "integer")
    head_type = getattr(draft, "markov_head_type", None)
    if head_type != "vanilla":
        raise ValueError(f"Qwen3-Omni DSpark supports only markov_head_type='vanilla', "
                         f"not {head_type!r}")
    if (getattr(draft, "sample_from_anchor", True) is not True
            or getattr(draft, "dspark_bonus_anchor", False) is not False):
        raise ValueError("Qwen3-Omni DSpark needs sample_from_anchor=true and "
                         "dspark_bonus_anchor=false")
    target_vocab = getattr(text, "vocab_size", None)
    if target_vocab is None:
        target_vocab = target_model_config.get_vocab_size()
    vocab = getattr(draft, "vocab_size", None)
    if not _positive_int(vocab):
        raise ValueError(f"Qwen3-Omni DSpark: the draft's input vocab_size must be a "
                         f"positive integer, not {vocab!r}")
    out_vocab = getattr(draft, "draft_vocab_size", None)
    if out_vocab is None:
        out_vocab = vocab
    if not (_positive_int(out_vocab) and out_vocab <= target_vocab):
        raise ValueError(f"Qwen3-Omni DSpark: draft_vocab_size ({out_vocab!r}) must be a "
                         f"positive integer of at most the target's vocab_size "
                         f"({target_vocab})")
    noise = _section_value(draft, "dflash_config", "mask_token_id")
    for name in ("mask_token_id", "dspark_noise_token_id", "pard_token", "ptd_token_id"):
        if noise is None:
            noise = getattr(draft, name, None)
    if not (isinstance(noise, int) and not isinstance(noise, bool) and 0 <= noise < vocab):
        raise ValueError(f"Qwen3-Omni DSpark: the mask (noise) token id must lie in the "
                         f"draft's input vocabulary, 0 to {vocab - 1}")
    ropes = (getattr(draft, "rope_parameters", None), getattr(draft, "rope_scaling", None))
    if getattr(draft, "mrope_section", None) is not None or any(
            isinstance(rope, Mapping) and "mrope_section" in rope for rope in ropes):
        raise ValueError("Qwen3-Omni DSpark drafts use logical 1-D RoPE positions: the "
                         "draft config must not have an mrope_section")
