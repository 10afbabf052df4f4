"""Hooks for schema/model.yaml (ModelConfig).

Only logic that needs nothing but the config values lives here. Everything that reads
the checkpoint, the model registry or the platform is a hook point of the schema,
supplied by the engine after construction.
"""

from __future__ import annotations

from typing import Any, get_args

#: ModelConfig's InitVars, in declaration order (the order __post_init__ receives them).
MM_INITVARS = (
    "language_model_only",
    "limit_mm_per_prompt",
    "enable_mm_embeds",
    "media_io_kwargs",
    "mm_processor_kwargs",
    "mm_processor_cache_gb",
    "mm_processor_cache_type",
    "mm_shm_cache_max_object_size_mb",
    "mm_encoder_only",
    "mm_encoder_tp_mode",
    "mm_encoder_attn_backend",
    "mm_encoder_attn_dtype",
    "mm_encoder_fp8_scale_path",
    "mm_encoder_fp8_scale_save_path",
    "mm_encoder_fp8_scale_save_margin",
    "interleave_mm_strings",
    "skip_mm_profiling",
    "video_pruning_rate",
    "mm_tensor_ipc",
    "mm_ipc_gpu_memory_gb",
)
#: InitVar names that differ from the MultiModalConfig field they feed.
_MM_RENAMED = {"limit_mm_per_prompt": "limit_per_prompt"}


def _is_torch_dtype(value: Any) -> bool:
    # Checked by name so that validating a config never imports torch.
    cls = type(value)
    return cls.__module__ == "torch" and cls.__name__ == "dtype"


def primary_served_name(model: str, served_model_name: str | list[str] | None) -> str:
    """The name the API reports: the first of served_model_name, else the model."""
    if not served_model_name:
        return model
    if isinstance(served_model_name, list):
        return served_model_name[0]
    return served_model_name


def runner_is_pooling(runner: str, convert: str) -> bool:
    """Whether the runner resolves to pooling from the values alone (an explicit
    pooling runner, or "auto" with a pooling conversion). With runner and convert both
    "auto" the architecture decides, which the engine resolves."""
    return runner == "pooling" or (runner == "auto" and convert not in ("auto", "none"))


def multimodal_kwargs(initvars: tuple[Any, ...]) -> dict[str, Any]:
    """MultiModalConfig keyword arguments from the mm_* InitVars; unset ones left out
    so MultiModalConfig's own defaults apply."""
    if len(initvars) != len(MM_INITVARS):
        raise TypeError(f"expected {len(MM_INITVARS)} InitVars, got {len(initvars)}")
    return {
        _MM_RENAMED.get(name, name): value
        for name, value in zip(MM_INITVARS, initvars, strict=True)
        if value is not None
    }


def apply_value_defaults(self: Any, *initvars: Any) -> None:
    """Fill in the defaults that follow from other values: the served name, the
    tokenizer and its revision, the TerraTorch tokenizer mode, an empty pooler config
    for pooling runners. The mm_* InitVars are kept as `_mm_init_kwargs` for the
    engine's build_multimodal_config hook point."""
    self.served_model_name = primary_served_name(self.model, self.served_model_name)
    if self.tokenizer is None:
        self.tokenizer = self.model
    if self.tokenizer_revision is None:
        self.tokenizer_revision = self.revision
    if self.tokenizer_mode == "auto" and self.model_impl == "terratorch":
        self.tokenizer_mode = "terratorch"
    if self.pooler_config is None and runner_is_pooling(self.runner, self.convert):
        from vllm_config.pooler import PoolerConfig

        self.pooler_config = PoolerConfig()
    object.__setattr__(self, "_mm_init_kwargs", multimodal_kwargs(initvars))


def check_model_values(self: Any) -> None:
    """Final checks on the given values. max_model_len may still be unset (None) or -1
    here: the engine derives it from the checkpoint."""
    if not isinstance(self.tokenizer, str):
        raise ValueError(
            f"tokenizer must be a path or Hub id string, got {type(self.tokenizer).__name__}"
        )
    length = self.max_model_len
    if length is not None and length != -1 and length < 1:
        raise ValueError(
            f"max_model_len must be a positive number of tokens (or -1 to fit memory), "
            f"got {length}"
        )
    mm = self.multimodal_config
    if mm is not None and self.renderer_num_workers > 1 and mm.mm_processor_cache_gb > 0:
        raise ValueError(
            "renderer_num_workers > 1 needs the multimodal processor cache disabled "
            "(mm_processor_cache_gb=0): the cache is not thread-safe"
        )


def check_dtype(value: Any) -> Any:
    """A dtype name of ModelDType (case-sensitive) or a torch dtype object."""
    from vllm_config.types import ModelDType

    names = get_args(ModelDType)
    if isinstance(value, str):
        if value in names:
            return value
        raise ValueError(f"unknown dtype {value!r}; expected one of {', '.join(names)}")
    if _is_torch_dtype(value):
        return value
    raise ValueError(f"dtype must be a name ({', '.join(names)}) or a torch dtype, "
                     f"got {type(value).__name__}")


def check_hf_overrides(value: Any) -> Any:
    """A mapping with string keys, or a callable that edits the Hugging Face config."""
    if isinstance(value, dict):
        bad = [k for k in value if not isinstance(k, str)]
        if bad:
            raise ValueError(f"hf_overrides keys must be strings, got {bad[0]!r}")
        return value
    if callable(value):
        return value
    raise ValueError(f"hf_overrides must be a mapping or a function, got {type(value).__name__}")


def check_logits_processors(value: Any) -> Any:
    """Each entry is a fully qualified class name or a class."""
    if value is None:
        return value
    for item in value:
        if not isinstance(item, str | type):
            raise ValueError(
                f"logits_processors entries must be class names or classes, got {item!r}"
            )
    return value


def check_quantization_config(value: Any) -> Any:
    """None, a mapping with string keys, or a QuantizationConfigArgs object."""
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
