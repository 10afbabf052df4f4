"""Hooks for schema/model.yaml (ModelConfig).

The value-only defaults and checks, and everything derived from the checkpoint facts,
are declared in the schema; reading the checkpoint and what it implies (runner,
convert, context length, its files) is the checkpoint library (cfgc.checkpoint). What
is left: the pipeline-split algorithm, building the multimodal config from the init
vars, the pooling task and sampling defaults, the parallel checks, seams to the engine,
and checks of runtime types (torch dtypes, callables, engine classes) without importing
them.
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


def _is_torch_dtype(value: Any) -> bool:
    # Checked by name so that validating a config never imports torch.
    cls = type(value)
    return cls.__module__ == "torch" and cls.__name__ == "dtype"


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


def dtype_name_or_torch(value: Any, names: tuple[str, ...], what: str) -> Any:
    """`value` if it is one of `names` or a torch dtype object, else a ValueError."""
    if isinstance(value, str):
        if value in names:
            return value
        raise ValueError(f"unknown {what} {value!r}; expected one of {', '.join(names)} "
                         "(or a torch.dtype)")
    if _is_torch_dtype(value):
        return value
    raise ValueError(f"{what} must be a name ({', '.join(names)}) or a torch.dtype, "
                     f"got {type(value).__name__}")


def check_dtype(value: Any) -> Any:
    """A dtype name of ModelDType (case-sensitive) or a torch dtype object.

    Stays a hook: TorchDType is a runtime type (annotated as Any), recognised by its
    type name so that validation never imports torch."""
    from vllm_config.types import ModelDType

    return dtype_name_or_torch(value, get_args(ModelDType), "dtype")


def check_hf_overrides(value: Any) -> Any:
    """A mapping with string keys, or a callable that edits the Hugging Face config.

    Stays a hook: HfOverridesFn is a runtime type (annotated as Any, which accepts
    anything), so only a callable() test tells a function from a wrong value."""
    if isinstance(value, dict):
        bad = [k for k in value if not isinstance(k, str)]
        if bad:
            raise ValueError(f"hf_overrides keys must be strings, got {bad[0]!r}")
        return value
    if callable(value):
        return value
    raise ValueError(f"hf_overrides must be a mapping or a function, got {type(value).__name__}")


def check_logits_processors(value: Any) -> Any:
    """Each entry is a fully qualified class name or a class.

    Stays a hook: LogitsProcessorClass is a runtime type (annotated as Any); telling a
    class from an instance, and naming the offending entry, is beyond item constraints."""
    if value is None:
        return value
    for item in value:
        if not isinstance(item, str | type):
            raise ValueError(
                f"logits_processors entries must be class names or classes, got {item!r}"
            )
    return value


def check_quantization_config(value: Any) -> Any:
    """None, a mapping with string keys, or a QuantizationConfigArgs object.

    Stays a hook: QuantizationConfigArgs is a runtime type (annotated as Any, which
    accepts anything), recognised by its type name so that vLLM is never imported."""
    if value is None:
        return value
    if isinstance(value, dict):
        bad = [k for k in value if not isinstance(k, str)]
        if bad:
            raise ValueError(f"quantization_config keys must be strings, got {bad[0]!r}")
        return value
    if type(value).__name__ == "QuantizationConfigArgs":
        return value
    raise ValueError(
        "quantization_config must be a mapping or a QuantizationConfigArgs, "
        f"got {type(value).__name__}"
    )


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


def get_multimodal_config(self: Any) -> Any:
    """multimodal_config, or a ValueError for a text-only model.

    Stays a hook: an expression cannot raise."""
    if self.multimodal_config is None:
        raise ValueError("the model is not multimodal")
    return self.multimodal_config


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


# --- parallel checks ------------------------------------------------------------------


def verify_with_parallel_config(self: Any, parallel_config: Any) -> None:
    """Check the model against the parallel layout: query heads divisible by TP, expert
    parallelism only for MoE models, pipeline parallelism only where supported, decode
    context parallelism limits for GQA, torch_shm tensor IPC only on one rank.

    Stays a hook: vLLM's API takes the parallel config as an argument."""
    from cfgc.runtime.rules import NotSupportedError

    heads = self.model_arch_config.total_num_attention_heads
    tp = parallel_config.tensor_parallel_size
    if heads % tp:
        raise ValueError(f"the model's {heads} attention heads are not divisible by "
                         f"tensor_parallel_size ({tp})")
    if parallel_config.enable_expert_parallel and not self.is_moe:
        raise ValueError("enable_expert_parallel needs a mixture-of-experts model")
    if parallel_config.pipeline_parallel_size > 1 and not self.is_pp_supported:
        raise NotSupportedError(f"{self.architecture} does not support pipeline parallelism")
    dcp = parallel_config.decode_context_parallel_size
    if dcp > 1 and not self.use_mla:
        kv = self.get_total_num_kv_heads()
        if tp <= kv:
            raise ValueError(f"decode context parallelism with GQA needs "
                             f"tensor_parallel_size ({tp}) above the KV head count ({kv})")
        if dcp > tp // kv:
            raise ValueError(f"decode_context_parallel_size ({dcp}) must be at most "
                             f"tensor_parallel_size // KV heads = {tp // kv}")
        if (heads // kv) % dcp:
            raise ValueError(f"query heads per KV head ({heads // kv}) must be divisible "
                             f"by decode_context_parallel_size ({dcp})")
    mm = self.multimodal_config
    if (mm is not None and mm.mm_tensor_ipc == "torch_shm"
            and parallel_config.world_size_across_dp > 1):
        raise ValueError("mm_tensor_ipc 'torch_shm' works only with one rank (no data, "
                         "tensor or pipeline parallelism)")


# --- engine-only answers --------------------------------------------------------------


def maybe_pull_model_tokenizer_for_runai(self: Any, model: str, tokenizer: str) -> None:
    """Nothing to do for local or hub models; object-storage URIs need the engine.

    Stays a hook: a seam to the object-storage client (hook point object_storage_pull)."""
    from cfgc.runtime.rules import NotSupportedError

    if self.model_weights:
        return
    if any(str(x).startswith(("s3://", "gs://", "az://")) for x in (model, tokenizer)):
        raise NotSupportedError("pulling models from object storage needs the engine")


def verify_dual_chunk_attention_config(self: Any, load_config: Any) -> None:
    """Dual-chunk-attention models need their sparse attention config, which only the
    engine loads (with the weights).

    Stays a hook: it reads the loaded config object and calls into the engine."""
    from cfgc.runtime.rules import NotSupportedError

    if getattr(self.hf_config, "dual_chunk_attention_config", None) is not None:
        raise NotSupportedError("dual chunk attention needs the engine's sparse "
                                "attention config loader")


# --- generation config ----------------------------------------------------------------

#: Sampling parameters a generation config may default.
_SAMPLING_KEYS = ("repetition_penalty", "temperature", "top_k", "top_p", "min_p",
                  "max_new_tokens")


def get_diff_sampling_param(self: Any) -> dict[str, Any]:
    """Default sampling parameters: the generation config's (unless generation_config is
    "vllm") with override_generation_config on top; max_new_tokens becomes max_tokens.

    Stays a hook: it reads a file and builds a mapping."""
    config = {} if self.generation_config == "vllm" else self.try_get_generation_config()
    config.update(self.override_generation_config)
    params = {k: config[k] for k in _SAMPLING_KEYS if config.get(k) is not None}
    if "max_new_tokens" in params:
        params["max_tokens"] = params.pop("max_new_tokens")
    if params and self.generation_config != "vllm":
        logger.warning("default sampling parameters come from the model's generation "
                       "config: %s (use --generation-config vllm to ignore it)", params)
    return params


_POOLING_TASK_PRIORITY = ("embed&token_classify", "embed", "classify", "token_embed",
                          "token_classify", "plugin")


def get_pooling_task(self: Any, supported_tasks: tuple[str, ...]) -> str | None:
    """The pooling task to serve: the configured one (which must be supported), else
    token_classify for *ForTokenClassification models, else the first supported task in
    priority order; None without a pooler config.

    Stays a hook: it raises for an unsupported configured task."""
    if self.pooler_config is None:
        return None
    task = self.pooler_config.task
    if task is not None:
        if task not in supported_tasks:
            raise RuntimeError(f"pooling task {task!r} is not supported; supported: "
                               f"{', '.join(supported_tasks)}")
        return task
    if "token_classify" in supported_tasks and any(
            "ForTokenClassification" in a for a in self.architectures):
        return "token_classify"
    return next((t for t in _POOLING_TASK_PRIORITY if t in supported_tasks), None)
