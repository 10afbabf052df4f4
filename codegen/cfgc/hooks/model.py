"""Hooks for schema/model.yaml (ModelConfig).

The value-only defaults and checks, and everything derived from the checkpoint facts,
are declared in the schema; reading the checkpoint and what it implies (runner,
convert, context length, its files) is the checkpoint library (cfgc.checkpoint). What
is left: the pipeline-split algorithm, building the multimodal config from the init
vars, the pooling task and sampling defaults, the parallel checks and seams to the
engine. (Checks of runtime types, torch dtypes and callables, are declared as field
validators: an expression's isinstance matches a runtime type without importing it.)
"""

from __future__ import annotations

import inspect
import logging
import os
from functools import cache
from typing import Any, get_args

logger = logging.getLogger("vllm_config.model")

#: InitVar names that differ from the MultiModalConfig field they feed.
_MM_RENAMED = {"limit_mm_per_prompt": "limit_per_prompt"}


@cache
def _initvar_names(cls: type) -> tuple[str, ...]:
    """The class's init vars, in the order its generated __post_init__ receives them."""
    return tuple(inspect.signature(cls.__post_init__).parameters)[1:]


def keep_mm_init_kwargs(self: Any, *initvars: Any) -> None:
    """Keep the mm_* init vars as `_mm_init_kwargs`: MultiModalConfig keyword arguments,
    unset ones left out so MultiModalConfig's own defaults apply.

    Stays a hook: a seam to the engine (its build_multimodal_config hook point builds
    multimodal_config from them once the architecture is known), and building a mapping
    is beyond an expression."""
    names = _initvar_names(type(self))
    if len(initvars) != len(names):
        raise TypeError(f"expected {len(names)} InitVars, got {len(initvars)}")
    object.__setattr__(self, "_mm_init_kwargs", {
        _MM_RENAMED.get(name, name): value
        for name, value in zip(names, initvars, strict=True)
        if value is not None
    })


# --- multimodal -----------------------------------------------------------------------


def build_multimodal_config(self: Any) -> None:
    """multimodal_config from the mm_* arguments, for multimodal models: no processor
    cache for encoder-decoder models, and data-parallel encoder sharding falls back to
    weights where the architecture lacks it.

    Stays a hook: it builds a config from a keyword mapping (`_mm_init_kwargs`)."""
    from vllm_config.multimodal import MultiModalConfig
    from vllm_config.types import EncoderDataParallelArchitectures

    if not self.is_multimodal_architecture:
        return
    kwargs = dict(getattr(self, "_mm_init_kwargs", {}))
    if self.is_encoder_decoder:
        kwargs["mm_processor_cache_gb"] = 0
    if (kwargs.get("mm_encoder_tp_mode") == "data"
            and self.architecture not in get_args(EncoderDataParallelArchitectures)):
        logger.warning("mm_encoder_tp_mode 'data' is not supported by %s; using 'weights'",
                       self.architecture)
        kwargs["mm_encoder_tp_mode"] = "weights"
    self.multimodal_config = MultiModalConfig(**kwargs)


# --- layers ---------------------------------------------------------------------------


def get_layers_start_end_indices(self: Any, parallel_config: Any) -> tuple[int, int]:
    """[start, end) of this pipeline stage's layers. Layers are split evenly; leftover
    layers go to the stages before the last, from the second-to-last backwards.
    VLLM_PP_LAYER_PARTITION ("4,4,3,...") sets the split explicitly.

    Stays a hook: the partition algorithm (and its env override)."""
    total = self.get_total_num_hidden_layers()
    size = parallel_config.pipeline_parallel_size
    rank = (parallel_config.rank // parallel_config.tensor_parallel_size) % size
    spec = os.environ.get("VLLM_PP_LAYER_PARTITION")
    if spec:
        try:
            parts = [int(p) for p in spec.split(",")]
        except ValueError as exc:
            raise ValueError(f"VLLM_PP_LAYER_PARTITION is not a list of integers: "
                             f"{spec!r}") from exc
        if len(parts) != size:
            raise ValueError(f"VLLM_PP_LAYER_PARTITION has {len(parts)} entries, but "
                             f"pipeline_parallel_size is {size}")
        if sum(parts) != total:
            raise ValueError(f"VLLM_PP_LAYER_PARTITION sums to {sum(parts)}, but the "
                             f"model has {total} layers")
    else:
        parts = [total // size] * size
        for i in range(2, total % size + 2):
            parts[-i] += 1
    start = sum(parts[:rank])
    return start, start + parts[rank]


def get_num_layers_by_block_type(self: Any, parallel_config: Any,
                                 block_type: str = "attention") -> int:
    """Layers of `block_type` ("attention", "mamba", "linear_attention", ...) on this
    pipeline stage.

    Stays a hook: per-family layouts of the layer kinds (Jamba, Zamba2, MiniMax,
    Qwen3-Next, block configs)."""
    start, end = self.get_layers_start_end_indices(parallel_config)
    attention = block_type == "attention"
    facts = self.checkpoint_facts
    if not self.is_hybrid and not self.has_noops and not self.is_attention_free:
        return end - start if attention else 0
    if self.is_attention_free:
        return 0 if attention else end - start
    if self.has_noops:
        noops = facts.noop_attention_layers or []
        return sum(not n for n in noops[start:end])
    if facts.layers_block_type is not None:
        kinds = facts.layers_block_type[start:end]
        if self.model_arch_config.text_model_type == "zamba2":
            return sum(k == "hybrid" for k in kinds) if attention else end - start
        return sum(k == block_type for k in kinds)
    if facts.attn_type_list:
        return sum(k == 1 for k in facts.attn_type_list[start:end])
    if facts.layer_types is not None:
        want = "full_attention" if attention else block_type
        return sum(k == want for k in facts.layer_types[start:end])
    raise ValueError(f"cannot count {block_type} layers: this hybrid model's config has "
                     "no layers_block_type, attn_type_list or layer_types")


# --- generation config ----------------------------------------------------------------

#: Sampling parameters a generation config may default.
def maybe_untie_word_embeddings(self: Any) -> None:
    """Untie the embeddings the config calls tied when the checkpoint has its own
    lm_head. A hook: it reads the checkpoint's tensor names (safetensors headers) and
    changes the Hugging Face config objects."""
    from pathlib import Path

    from cfgc.checkpoint import weights

    if not getattr(self.hf_config, "tie_word_embeddings", False):
        return
    facts = getattr(self, "checkpoint_facts", None)
    folder = Path(facts.config_dir) if facts is not None and facts.config_dir else None
    if folder is None and isinstance(getattr(self, "model", None), str):
        folder = Path(self.model)  # a local checkpoint folder named directly
    names = weights.tensor_dtypes(folder) if folder is not None and folder.is_dir() else {}
    if not any(name.endswith("lm_head.weight") for name in names):
        return
    logger.debug("%s: the config ties the word embeddings but the checkpoint has an "
               "lm_head; loading it untied", self.model)
    self.hf_config.tie_word_embeddings = False
    text = self.hf_config.get_text_config() if hasattr(self.hf_config, "get_text_config") \
        else self.hf_config
    text.tie_word_embeddings = False
    self.word_embeddings_untied_by_checkpoint = True


def get_diff_sampling_param(self: Any) -> dict[str, Any]:
    """Default sampling parameters: the generation config's (unless generation_config is
    "vllm") with override_generation_config on top; max_new_tokens becomes max_tokens.

    Stays a hook: it reads a file and builds a mapping."""
    from vllm_config.model import _DIFF_SAMPLING_PARAMS  # the release's keys (schema data)

    config = {} if self.generation_config == "vllm" else self.try_get_generation_config()
    config.update(self.override_generation_config)
    params = {k: config[k] for k in _DIFF_SAMPLING_PARAMS if config.get(k) is not None}
    if "max_new_tokens" in params:
        params["max_tokens"] = params.pop("max_new_tokens")
    if params and self.generation_config != "vllm":
        logger.warning("default sampling parameters come from the model's generation "
                       "config: %s (use --generation-config vllm to ignore it)", params)
    return params


def dtype_for_engine(self: Any) -> None:
    """Inside vLLM's engine, the resolved dtype name becomes the torch.dtype the engine
    computes with (`cfgc.runtime.engine_values`); elsewhere it stays the name.

    Stays a hook: a seam to the engine (a torch object, made only where torch is
    already imported)."""
    from cfgc.runtime import engine_values

    if isinstance(self.dtype, str) and engine_values.in_engine():
        self.dtype = engine_values.torch_dtype(self.dtype)
