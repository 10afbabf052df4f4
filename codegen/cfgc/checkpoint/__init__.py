"""The checkpoint library: reading a model's checkpoint and what it says.

The schema calls it as one step (`call: checkpoint.read` in ModelConfig's resolve
steps), and reads the rest through a small API whose functions take the ModelConfig:

- `read(model_config)`: find the config (a local folder or the hub cache), fill
  hf_config, hf_text_config, model_arch_config and checkpoint_facts (from the facts
  cache when it has them, so transformers is not imported), then resolve runner and
  convert from the architectures;
- `architecture_config(model_config)`: a fresh ModelArchitectureConfig from hf_config;
- `runner_type(model_config)`, `registry(model_config)`: what the architectures imply;
- `max_model_len(model_config, requested)`: the context length the checkpoint allows;
- `generation_config(model_config)`, `has_tokenizer_files(model_config)`: files of the
  checkpoint;
- `quant_config(vllm_config)`, `has_blocked_weights(vllm_config)`: the quantization
  method's config (`quant`) and whether its weights are block-quantized.

Inside: `files` (locating, caching and loading the config), `facts` (the architecture
convertor: config object -> plain facts), `architectures` (runner/convert, the suffix
table, the registry stand-in). Nothing here imports transformers or torch until a
config must be loaded; the generated package imports this module.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from pathlib import Path
from typing import Any

from . import architectures, files
from .architectures import (
    ArchitectureRegistry,
    iter_architecture_defaults,
    try_match_architecture_defaults,
)
from .facts import architecture_facts, config_facts
from .files import str_dtype_to_torch_dtype

__all__ = [
    "ArchitectureRegistry", "architecture_config", "generation_config",
    "has_blocked_weights", "has_tokenizer_files", "iter_architecture_defaults",
    "max_model_len", "read",
    "quant_config", "registry", "runner_type", "str_dtype_to_torch_dtype",
    "try_match_architecture_defaults",
]

logger = logging.getLogger("vllm_config.model")


def quant_config(vllm_config: Any) -> None:
    """Fill VllmConfig.quant_config for the methods decided without the engine (FP8,
    GPTQ, AWQ, bitsandbytes, compressed-tensors, ModelOpt FP8/NVFP4, as far as the
    release's `_QUANT_CONFIG_TRAITS` lists them: `quant.method_class`); others stay
    None for the engine to build. An activation dtype the method does not support is a
    ValueError."""
    from .quant import quant_config as build

    if vllm_config.quant_config is None and vllm_config.model_config is not None:
        vllm_config.quant_config = build(vllm_config.model_config)


def has_blocked_weights(vllm_config: Any) -> bool:
    """Whether VllmConfig.quant_config holds block-quantized weights: its weight block
    size when it has one (FP8), else what the method says (has_blocked_weights())."""
    quant = vllm_config.quant_config
    if quant is None:
        return False
    if hasattr(quant, "weight_block_size"):
        return quant.weight_block_size is not None
    return bool(getattr(quant, "has_blocked_weights", lambda: False)())


def _declared(cls: type, facts: dict[str, Any]) -> Any:
    """`cls` built from the convertor's facts, taking the fields the class declares:
    the convertor computes every field any release has, and each release's class
    (from the schema) says which it holds. A field the class needs that the facts lack
    (a cache entry of an older layout) is a TypeError."""
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    return cls(**{key: value for key, value in facts.items() if key in names})


def read(model_config: Any) -> None:
    """Find the model's config and fill hf_config, hf_text_config, model_arch_config and
    checkpoint_facts; then runner_type and convert_type. Facts come from the
    checkpoint-facts cache when the config (and everything else in the key) is
    unchanged; then transformers is not imported and hf_config loads on first use. A
    callable hf_overrides bypasses the cache."""
    from vllm_config import SCHEMA_VERSION
    from vllm_config.model_arch import HfConfigFacts, ModelArchitectureConfig

    from ..runtime.remote_code import trusts_remote_code

    self = model_config
    source = self.hf_config_path or self.model
    folder = files.locate(source, self.revision)
    files.require_format_file(folder, str(getattr(self.config_format, "value", self.config_format)))
    overrides = self.hf_overrides
    key = None
    # The operator tools refuse checkpoint code unless their command line allows it.
    trust = trusts_remote_code(self.trust_remote_code)
    if not callable(overrides):
        key = files.cache_key(folder, revision=self.revision, hf_overrides=overrides,
                              trust_remote_code=trust, schema_version=SCHEMA_VERSION)

    def load() -> Any:
        return files.load_hf_config(folder, trust_remote_code=trust,
                                    revision=self.revision, hf_overrides=overrides)

    cached = files.cache_read(key) if key is not None else None
    found = None
    if cached is not None:
        try:
            arch = _declared(ModelArchitectureConfig, cached["arch"])
            # The same config may sit in several folders: report this one.
            hf_facts = HfConfigFacts(**{**cached["config"], "config_dir": str(folder)})
        except (KeyError, TypeError, ValueError):
            pass  # an entry of another layout: recompute and replace it
        else:
            found = (None, arch, hf_facts)
    if found is None:
        loaded = load()
        text = files.text_config(loaded)
        data = {"arch": architecture_facts(loaded, text),
                "config": config_facts(loaded, text, folder)}
        if key is not None:
            files.cache_write(key, data)
        found = (loaded, _declared(ModelArchitectureConfig, data["arch"]),
                 HfConfigFacts(**data["config"]))
    loaded, arch, hf_facts = found
    config = files.LazyHfConfig(load, f"Hugging Face config from {folder}", loaded, key)
    self.hf_config = config
    self.hf_text_config = files.LazyHfConfig(
        lambda: files.text_config(config.loaded), f"Hugging Face text config from {folder}",
        digest=None if key is None else f"{key}:text")
    self.model_arch_config = arch
    self.checkpoint_facts = hf_facts
    architectures.resolve_runner_and_convert(self)


def architecture_config(model_config: Any) -> Any:
    """A fresh ModelArchitectureConfig computed from hf_config (loading it if needed)."""
    from vllm_config.model_arch import ModelArchitectureConfig

    config = model_config.hf_config
    config = getattr(config, "loaded", config)
    text = model_config.hf_text_config
    text = getattr(text, "loaded", text)
    return _declared(ModelArchitectureConfig, architecture_facts(config, text))


def runner_type(model_config: Any) -> str:
    """The runner the architectures imply (architectures.runner_type)."""
    return architectures.runner_type(model_config.architectures)


def registry(model_config: Any) -> ArchitectureRegistry:
    """The architecture tables as a registry-like object (no model classes)."""
    return ArchitectureRegistry()


def max_model_len(model_config: Any, max_model_len: int | None) -> int:
    """The context length to use: the checkpoint's (its length keys, a disabled sliding
    window, the tokenizer limit of absolute-position pooling models, RoPE scaling, a
    sentence-transformers encoder limit) when `max_model_len` is None or -1, else
    `max_model_len` checked against it (VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 allows more).

    The algorithm vLLM runs over the RoPE settings of every layer type."""
    self = model_config
    facts = self.checkpoint_facts
    derived, key = self.model_arch_config.derived_max_model_len_and_key
    window = facts.sliding_window
    if self.disable_sliding_window and window is not None and window < derived:
        derived, key = window, "sliding_window"
    if (self.runner_type == "pooling" and facts.position_embedding_type == "absolute"
            and facts.tokenizer_model_max_length is not None):
        derived = min(derived, facts.tokenizer_model_max_length)
    if derived == float("inf"):
        if max_model_len is not None and max_model_len != -1:
            return max_model_len
        if self.spec_target_max_model_len is not None:
            return self.spec_target_max_model_len
        logger.warning("the model config states no context length; assuming 2048 tokens")
        derived = 2048
    rope = facts.rope_parameters
    if rope is not None and "gemma3" not in self.model_arch_config.model_type:
        factor = 1.0
        for params in rope.values():
            kind = params.get("rope_type", "default")
            if kind not in ("su", "longrope", "llama3"):
                factor = params.get("factor", factor)
                if kind == "yarn":
                    derived = params["original_max_position_embeddings"]
        if factor is None:
            logger.warning("the RoPE scaling factor is null in the model config; using 1.0")
            factor = 1.0
        derived *= factor
    if facts.encoder_max_seq_length is not None:
        derived = facts.encoder_max_seq_length
    if max_model_len is None or max_model_len == -1:
        if rope is not None and any(p.get("rope_type") == "longrope" for p in rope.values()):
            return int(facts.original_max_position_embeddings or derived)
        return int(derived)
    if max_model_len > derived:
        limit = facts.model_max_length
        if limit is None or max_model_len > limit:
            msg = (f"max_model_len ({max_model_len}) is larger than the model's context "
                   f"length ({key}={derived:g} in its config"
                   + (f", model_max_length={limit}" if limit is not None else "") + ")")
            if os.environ.get("VLLM_ALLOW_LONG_MAX_MODEL_LEN", "0").strip().lower() in (
                    "1", "true"):
                logger.warning("%s; allowed by VLLM_ALLOW_LONG_MAX_MODEL_LEN: positions "
                               "beyond it can give NaNs or out-of-bounds errors", msg)
            else:
                raise ValueError(f"{msg}; set VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 to allow it "
                                 "(positions beyond it can give NaNs or out-of-bounds errors)")
    return int(max_model_len)


#: Keys of generation_config.json that are bookkeeping, not settings.
_GENERATION_META = ("transformers_version", "_from_model_config")


def generation_config(model_config: Any) -> dict[str, Any]:
    """The generation config's settings (generation_config.json of the checkpoint, or of
    the folder generation_config names), bookkeeping keys dropped; {} when absent.
    Approximation: transformers' to_diff_dict() also drops values equal to its
    defaults; this keeps every stated value."""
    import json

    self = model_config
    if self.generation_config in ("auto", "vllm"):
        folder = Path(self.checkpoint_facts.config_dir) if self.checkpoint_facts else None
    else:
        try:
            folder = files.locate(self.generation_config, None)
        except ValueError:
            folder = Path(self.generation_config)
    if folder is None:
        return {}
    try:
        data = json.loads((folder / "generation_config.json").read_text())
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if k not in _GENERATION_META}


#: Files any Hugging Face tokenizer of a checkpoint folder is loaded from.
_TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model",
                    "vocab.json", "vocab.txt", "spiece.model", "tekken.json")


def has_tokenizer_files(model_config: Any) -> bool:
    """Whether the checkpoint folder holds tokenizer files (True when none was read),
    looked up at each call, so files added after the facts were cached count."""
    found = model_config.checkpoint_facts
    if found is None or not found.config_dir:
        return True
    folder = Path(found.config_dir)
    return any((folder / name).is_file() for name in _TOKENIZER_FILES)
