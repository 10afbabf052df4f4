"""The architecture convertor: a Hugging Face config turned into plain facts.

`architecture_facts` builds the ModelArchitectureConfig fields and `config_facts`
the HfConfigFacts fields (schema/model_arch.yaml) from a loaded config. They probe
dozens of alternative attribute names and per-model-type layouts of arbitrary config
objects; their result is what the checkpoint-facts cache stores, so the schema's
expressions then work on plain data.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from . import weights
from .per_layer import merge_layers, per_layer_configs

_MISSING = object()

#: Model types that use DeepSeek-style multi-head latent attention (with kv_lora_rank).
_MLA_MODEL_TYPES = frozenset({
    "AXK1", "deepseek_v2", "deepseek_v3", "deepseek_v32", "deepseek_v4", "deepseek_mtp",
    "glm_moe_dsa", "glm4_moe_lite", "glm4_moe_lite_mtp", "kimi_k2", "kimi_linear",
    "longcat_flash", "pangu_ultra_moe", "pangu_ultra_moe_mtp", "bailing_hybrid",
    "bailing_hybrid_mtp",
})
_EAGLE_MLA_BASES = frozenset({"AXK1", "deepseek_v2", "deepseek_v3", "deepseek_v32",
                              "deepseek_mtp"})
#: Model types whose multimodal positions attend bidirectionally (without a flag).
_MM_PREFIX_LM_TYPES = frozenset({"bagel", "gemma3", "molmo2", "moondream3", "paligemma",
                                 "umm"})
#: Keys that may hold the context length, smallest wins (model_max_length overrides).
_MAX_LEN_KEYS = ("max_position_embeddings", "n_positions", "max_seq_len", "seq_length",
                 "model_max_length", "max_target_positions", "max_sequence_length",
                 "max_seq_length", "seq_len")
_KV_HEAD_KEYS = ("n_head_kv", "num_kv_heads", "num_key_value_heads",
                 "multi_query_group_num", "num_attention_groups")
_EXPERT_KEYS = ("num_experts", "moe_num_experts", "n_routed_experts", "num_local_experts")
_EXPERTS_PER_TOKEN_KEYS = ("num_experts_per_tok", "num_experts_per_token", "top_k_experts",
                          "moe_topk", "moe_top_k", "top_k")
#: Draft (multi-token prediction) model types whose layer count is the draft depth.
_NEXTN_LAYER_TYPES = {
    "deepseek_mtp": 0, "mimo_mtp": 0, "glm4_moe_mtp": 0, "glm_ocr_mtp": 0,
    "ernie_mtp": 0, "qwen3_next_mtp": 0, "bailing_hybrid_mtp": 0, "step3p5_mtp": 0,
    "pangu_ultra_moe_mtp": 0, "longcat_flash_mtp": 1,
}
#: Model types without attention heads in the usual sense (head size and KV heads 0).
_NO_HEADS_TYPES = frozenset({"mamba", "falcon_mamba", "medusa", "timm_wrapper"})
_GEMMA4_TYPES = frozenset({"gemma4", "gemma4_text", "gemma4_unified", "gemma4_unified_text",
                           "diffusion_gemma_text"})


def _first(obj: Any, names: tuple[str, ...], default: Any) -> Any:
    for name in names:
        value = getattr(obj, name, _MISSING)
        if value is not _MISSING and value is not None:
            return value
    return default


def _mla_env_disabled() -> bool:
    return os.environ.get("VLLM_MLA_DISABLE", "0").strip().lower() in ("1", "true")


def _is_mla(text: Any) -> bool:
    model_type = getattr(text, "model_type", None)
    if model_type in _MLA_MODEL_TYPES:
        if hasattr(text, "compress_ratios"):  # DeepSeek V4 layout
            return getattr(text, "head_dim", None) is not None
        return getattr(text, "kv_lora_rank", None) is not None
    if model_type == "eagle":
        base = getattr(getattr(text, "model", None), "model_type", None)
        return base in _EAGLE_MLA_BASES and getattr(text, "kv_lora_rank", None) is not None
    return False


def _rope_dim(config: Any, text: Any) -> int:
    """qk_rope_head_dim; transformers 5.4+ may alias it to qk_nope_head_dim, so equal
    values are checked against the raw config.json."""
    rope = getattr(text, "qk_rope_head_dim", 0) or 0
    nope = getattr(text, "qk_nope_head_dim", 0) or 0
    if rope == 0 or rope != nope:
        return rope
    path = getattr(config, "name_or_path", "")
    raw_file = Path(path) / "config.json" if path else None
    if raw_file is not None and raw_file.is_file():
        raw = json.loads(raw_file.read_text())
        if isinstance(raw.get("qk_rope_head_dim"), int):
            text.qk_rope_head_dim = raw["qk_rope_head_dim"]
            return raw["qk_rope_head_dim"]
    return rope


def _head_size(config: Any, text: Any, model_type: str, heads: int, hidden: int) -> int:
    if model_type in _NO_HEADS_TYPES:
        return 0
    if model_type == "zamba2":
        return getattr(text, "attention_head_dim", 0)
    if model_type in _GEMMA4_TYPES:
        wide = max(getattr(text, "head_dim", 0) or 0, getattr(text, "global_head_dim", 0) or 0)
        if wide:
            return wide
    if model_type == "cohere_asr":
        dec = text.transf_decoder["config_dict"]
        return dec["hidden_size"] // dec["num_attention_heads"]
    if _is_mla(text):
        if hasattr(text, "compress_ratios"):
            return text.head_dim
        rope = _rope_dim(config, text)
        if not _mla_env_disabled():
            return text.kv_lora_rank + rope
        nope = getattr(text, "qk_nope_head_dim", 0)
        if rope and nope:
            return rope + nope
    head_dim = getattr(text, "head_dim", None)
    if head_dim is not None and head_dim > 0:
        return head_dim
    if getattr(text, "hidden_size_per_head", None) is not None:
        return text.hidden_size_per_head
    return hidden // heads if heads else 0


def _kv_heads(text: Any, model_type: str, heads: int) -> int:
    if model_type in _NO_HEADS_TYPES:
        return 0
    if model_type in ("falcon", "RefinedWeb", "RefinedWebModel"):
        if not getattr(text, "new_decoder_architecture", False) and getattr(
                text, "multi_query", False):
            return 1
    if model_type == "mpt":
        return text.attn_config.get("kv_n_heads", text.num_attention_heads)
    if model_type == "dbrx":
        return getattr(text.attn_config, "kv_n_heads", text.num_attention_heads)
    if model_type == "cohere_asr":
        return text.encoder["n_heads"]
    if model_type == "nemotron-nas":
        for block in text.block_configs:
            if not block.attention.no_op:
                return text.num_attention_heads // block.attention.n_heads_in_group
        raise ValueError("cannot tell the number of KV heads: every attention block of "
                         "this nemotron-nas config is a no-op")
    return _first(text, _KV_HEAD_KEYS, heads)


def _num_experts(text: Any) -> int:
    experts = _first(text, _EXPERT_KEYS, 0)
    if isinstance(experts, list):  # some remote configs list one count per layer
        return experts[0]
    if experts:
        return experts
    most = 0
    for block in getattr(text, "block_configs", None) or ():
        get = block.get if isinstance(block, dict) else (lambda k, d, b=block: getattr(b, k, d))
        if get("block_type", "") == "moe":
            most = max(most, get("n_routed_experts", 0))
    return most


def _quantization(config: Any) -> dict[str, Any] | None:
    def normalised(cfg: Any) -> dict[str, Any] | None:
        quant = getattr(cfg, "quantization_config", None)
        if quant is None:
            quant = getattr(cfg, "compression_config", None)
        elif (quant.get("producer") or {}).get("name") == "modelopt":
            algo = str((quant.get("quantization") or {}).get("quant_algo", "")).upper()
            if algo in ("FP8", "FP8_PER_CHANNEL_PER_TOKEN", "FP8_PB_WO"):
                quant["quant_method"] = "modelopt"
            elif algo == "NVFP4":
                quant["quant_method"] = "modelopt_fp4"
            elif algo:
                raise ValueError(f"unknown ModelOpt quantization algorithm {algo!r}")
        if quant is None:
            return None
        quant = dict(quant) if not isinstance(quant, dict) else quant
        method = str(quant.get("quant_method", "")).lower()
        quant["quant_method"] = method.replace("compressed_tensors", "compressed-tensors")
        return quant

    quant = normalised(config)
    if quant is None and getattr(config, "text_config", None) is not None:
        quant = normalised(config.text_config)
    return quant


def _max_len_and_key(config: Any, text: Any) -> tuple[float, str | None]:
    if getattr(config, "model_type", None) == "moss_audio":
        value = getattr(config.language_config, "max_position_embeddings", None)
        if value is not None:
            return value, "language_config.max_position_embeddings"
    best, key = float("inf"), None
    for name in _MAX_LEN_KEYS:
        value = getattr(text, name, None)
        if value is not None:
            if value < best:
                key = name
            best = min(best, value)
    if getattr(text, "model_max_length", None):
        return text.model_max_length, "model_max_length"
    return best, key


def _num_experts_per_token(text: Any) -> int:
    """Routed experts per token: the first of the alias keys the config has (even when
    it is None, which means 0); a per-layer list gives its largest count."""
    value = next((getattr(text, name) for name in _EXPERTS_PER_TOKEN_KEYS
                  if hasattr(text, name)), 0)
    if isinstance(value, list):
        return max(value, default=0)
    return value or 0


def architecture_facts(config: Any, text: Any) -> dict[str, Any]:
    """The ModelArchitectureConfig fields for a loaded config and its text config, as
    the latest release has them (a release's class takes the fields it declares). A
    config whose layers differ is read layer by layer and merged (`per_layer`)."""
    layers = per_layer_configs(config, text)
    if layers is None:
        return {**_layer_facts(config, text), "per_layer_overrides": None}
    if _is_mla(text):
        raise NotImplementedError("checkpoints whose layers differ are not supported "
                                  "with multi-head latent attention (MLA)")
    return merge_layers([_layer_facts(*pair) for pair in layers])


def _layer_facts(config: Any, text: Any) -> dict[str, Any]:
    """architecture_facts of a config whose layers are all alike."""
    model_type = config.model_type
    lang = config.language_config if model_type == "moss_audio" else text
    heads = getattr(lang, "num_attention_heads", 0)
    if model_type == "cohere_asr":
        heads = text.transf_decoder["config_dict"]["num_attention_heads"]
    hidden = getattr(lang, "hidden_size", 0)
    if model_type == "gemma4_mtp":
        hidden = getattr(config, "backbone_hidden_size", hidden)
    layers = getattr(lang, "num_hidden_layers", 0)
    if model_type in _NEXTN_LAYER_TYPES:
        layers = getattr(text, "num_nextn_predict_layers", _NEXTN_LAYER_TYPES[model_type])
    elif model_type in ("mimo_v2_mtp", "mimo_v2_omni_mtp"):
        layers = _first(text, ("num_nextn_predict_layers", "n_predict"), 0)
    elif model_type == "qwen3_5_mtp":
        layers = getattr(text, "mtp_num_hidden_layers", 0)
    if model_type == "moss_audio":
        head = getattr(lang, "head_dim", None) or (hidden // heads if heads else 0)
        kv = getattr(lang, "num_key_value_heads", heads)
    else:
        head = _head_size(config, text, model_type, heads, hidden)
        kv = _kv_heads(text, model_type, heads)
    if model_type in _GEMMA4_TYPES:
        prefix_lm = getattr(text, "use_bidirectional_attention", None) == "vision"
    elif model_type == "cohere_asr":
        prefix_lm = False
    elif hasattr(config, "is_mm_prefix_lm"):
        prefix_lm = bool(config.is_mm_prefix_lm)
    else:
        prefix_lm = model_type in _MM_PREFIX_LM_TYPES
    rswa = getattr(config, "rswa_window", None)
    return {
        "architectures": list(getattr(config, "architectures", None) or []),
        "model_type": model_type,
        "text_model_type": getattr(text, "model_type", None),
        "hidden_size": hidden,
        "total_num_hidden_layers": layers,
        "total_num_attention_heads": heads,
        "head_size": head,
        "vocab_size": getattr(lang, "vocab_size", 0),
        "total_num_kv_heads": kv,
        "num_experts": _num_experts(text),
        "num_experts_per_token": _num_experts_per_token(text),
        "quantization_config": _quantization(config),
        "is_deepseek_mla": _is_mla(text),
        "is_mm_prefix_lm": prefix_lm,
        "rswa_window": None if rswa is None else int(rswa),
        "derived_max_model_len_and_key": _max_len_and_key(config, text),
    }


# --- the other facts ------------------------------------------------------------------


def _dtype_name(value: Any) -> str | None:
    if value is None:
        return None
    name = str(value).removeprefix("torch.")
    return {"half": "float16", "float": "float32", "bf16": "bfloat16"}.get(name, name)


def _rope(cfg: Any) -> dict[str, dict[str, Any]] | None:
    params = getattr(cfg, "rope_parameters", None)
    if params is None:
        params = getattr(cfg, "rope_scaling", None)
    if not params or not isinstance(params, dict):
        return None
    nested = all(isinstance(v, dict) for v in params.values())
    params = params if nested else {"": params}
    out = {}
    for layer, p in params.items():
        p = dict(p)
        if "rope_type" not in p and "type" in p:
            p["rope_type"] = p["type"]
        if p.get("rope_type") == "su":
            p["rope_type"] = "longrope"
        p.setdefault("rope_type", "default")
        out[layer] = json.loads(json.dumps(p, default=str))
    return out


def _uses_mrope(cfg: Any) -> bool:
    if cfg is None:
        return False
    for c in (cfg, cfg.get_text_config() if hasattr(cfg, "get_text_config") else None):
        params = getattr(c, "rope_parameters", None) or getattr(c, "rope_scaling", None)
        if isinstance(params, dict) and "mrope_section" in params:
            return True
    thinker = getattr(cfg, "thinker_config", None)
    return _uses_mrope(getattr(thinker, "text_config", None)) if thinker else False


def _xdrope_dim(cfg: Any) -> int:
    section = getattr(cfg, "xdrope_section", None)
    if isinstance(section, list):
        return len(section)
    scaling = getattr(cfg, "rope_scaling", None)
    if isinstance(scaling, dict) and isinstance(scaling.get("xdrope_section"), list):
        return len(scaling["xdrope_section"])
    return 0


def _alibi(text: Any, architectures: list[str]) -> bool:
    attn = getattr(text, "attn_config", None)
    attn_alibi = (attn.get("alibi", False) if isinstance(attn, dict)
                  else getattr(attn, "alibi", False)) if attn is not None else False
    return bool(getattr(text, "alibi", False) or "BloomForCausalLM" in architectures
                or getattr(text, "position_encoding_type", "") == "alibi" or attn_alibi)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _pooling_files(folder: Path) -> tuple[dict[str, Any] | None, int | None]:
    """Pooling settings and encoder max_seq_length from sentence-transformers files."""
    modules = _read_json(folder / "modules.json")
    pooling = None
    if isinstance(modules, list):
        kinds = {m.get("type"): m for m in modules if isinstance(m, dict)}
        module = kinds.get("sentence_transformers.models.Pooling")
        if module is not None:
            pooling = {"use_activation": "sentence_transformers.models.Normalize" in kinds}
            settings = _read_json(folder / module.get("path", "") / "config.json") or {}
            for key, value in settings.items():
                if value is not True:
                    continue
                name = key.removeprefix("pooling_mode_").split("_", 1)[0]
                name = "LAST" if "lasttoken" in name else name.upper()
                if name in ("CLS", "LAST", "MEAN"):
                    pooling["seq_pooling_type"] = name
                elif name in ("ALL", "STEP"):
                    pooling["tok_pooling_type"] = name
    max_seq = None
    for name in ("sentence_bert_config.json", "sentence_roberta_config.json",
                 "sentence_xlm-roberta_config.json"):
        encoder = _read_json(folder / name)
        if isinstance(encoder, dict) and "max_seq_length" in encoder and "do_lower_case" in encoder:
            max_seq = encoder["max_seq_length"]
            break
    return pooling, max_seq


def config_facts(config: Any, text: Any, folder: Path) -> dict[str, Any]:
    """The HfConfigFacts fields for a loaded config found in `folder`."""
    dtype = _dtype_name(getattr(config, "dtype", None))
    for sub in (text, getattr(config, "vision_config", None),
                getattr(config, "encoder_config", None)):
        if dtype is None and sub is not None:
            dtype = _dtype_name(getattr(sub, "dtype", None))
    blocks = getattr(config, "block_configs", None)
    noops = None
    if blocks and all(hasattr(b, "attention") for b in blocks):
        noops = [bool(getattr(b.attention, "no_op", False)) for b in blocks]
    use_sep = getattr(config, "use_pad_token", None)
    tokenizer = _read_json(folder / "tokenizer_config.json")
    tok_len = tokenizer.get("model_max_length") if isinstance(tokenizer, dict) else None
    pooling, max_seq = _pooling_files(folder)
    head_dtype = getattr(config, "head_dtype", None)
    subconfigs = ("vision_config", "audio_config", "vision_tower_config", "speech_config",
                  "visual", "audio_encoder_config")
    matryoshka = getattr(config, "matryoshka_dimensions", None)
    chunk = _first(text, ("mamba_chunk_size", "chunk_size"), 2048)
    return {
        "config_dir": str(folder),
        "config_dtype": dtype or weights.safetensors_dtype(folder) or "float32",
        "sliding_window": getattr(text, "sliding_window", None),
        "attention_chunk_size": getattr(text, "attention_chunk_size", None),
        "rope_parameters": _rope(text),
        "original_max_position_embeddings": getattr(text, "original_max_position_embeddings",
                                                    None),
        "model_max_length": getattr(text, "model_max_length", None),
        "position_embedding_type": str(getattr(config, "position_embedding_type", "") or ""),
        "is_causal": bool(getattr(config, "is_causal", True)),
        "is_encoder_decoder": bool(getattr(config, "is_encoder_decoder", False)
                                   or getattr(text, "is_encoder_decoder", False)),
        "uses_mrope": _uses_mrope(config),
        "uses_xdrope_dim": _xdrope_dim(config),
        "is_diffusion": getattr(config, "canvas_length", None) is not None,
        "uses_alibi": _alibi(text, list(getattr(config, "architectures", None) or [])),
        "matryoshka_dimensions": list(matryoshka) if matryoshka else None,
        "is_matryoshka": bool(matryoshka) or bool(getattr(config, "is_matryoshka", False)),
        "use_sep_token": bool(use_sep if use_sep is not None
                              else getattr(config, "use_sep_token", True)),
        "head_dtype": None if head_dtype is None else (
            "model" if head_dtype == "model" else _dtype_name(head_dtype)),
        "embedding_size": getattr(config, "embedding_size", None),
        "inputs_embeds_size": _first(text, ("projection_dim", "projection_size"), None),
        "mamba_chunk_size": chunk if isinstance(chunk, int) else 2048,
        "layers_block_type": _list(getattr(text, "layers_block_type", None)),
        "attn_type_list": _list(getattr(config, "attn_type_list", None)),
        "layer_types": _list(getattr(text, "layer_types", None)),
        "config_layer_types": _list(getattr(config, "layer_types", None)),
        "noop_attention_layers": noops,
        "is_quantized": getattr(config, "quantization_config", None) is not None,
        "has_multimodal_subconfig": any(getattr(config, n, None) is not None
                                        for n in subconfigs),
        "nested_text_config": text is not config,
        "pooling_config": pooling,
        "encoder_max_seq_length": max_seq,
        "tokenizer_model_max_length": tok_len if isinstance(tok_len, int) else None,
    }


def _list(value: Any) -> list | None:
    return list(value) if isinstance(value, list | tuple) else None
