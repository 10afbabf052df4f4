"""Hooks for schema/model.yaml (ModelConfig).

The value-only defaults and checks, and everything derived from the checkpoint facts,
are declared in the schema. What is left: reading the checkpoint (through the
checkpoint-facts cache, cfgc.runtime.checkpoint), the first-match searches over
architectures (runner/convert defaults, the suffix table vLLM exports as
`iter_architecture_defaults`), the context-length and pipeline-split algorithms,
files the engine would read (generation config), the platform seam, and checks of
runtime types (torch dtypes, callables, engine classes) without importing them.
"""

from __future__ import annotations

import inspect
import json
import logging
import os
from functools import cache
from pathlib import Path
from typing import Any, get_args

from cfgc.runtime.checkpoint import try_match_architecture_defaults

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


# --- reading the checkpoint -----------------------------------------------------------


def load_checkpoint(self: Any) -> None:
    """Find the model's config and fill hf_config, hf_text_config, model_arch_config and
    checkpoint_facts. Facts come from the checkpoint-facts cache when the config (and
    everything else in the key) is unchanged; then transformers is not imported and
    hf_config loads on first use. A callable hf_overrides bypasses the cache.

    Stays a hook: it reads files, a cache and (on a miss) transformers."""
    from cfgc.runtime import checkpoint as ckpt
    from cfgc.runtime.remote_code import trusts_remote_code
    from vllm_config import SCHEMA_VERSION
    from vllm_config.model_arch import HfConfigFacts, ModelArchitectureConfig

    source = self.hf_config_path or self.model
    folder = ckpt.locate(source, self.revision)
    overrides = self.hf_overrides
    key = None
    trust = trusts_remote_code(self.trust_remote_code)
    if not callable(overrides):
        key = ckpt.cache_key(folder, revision=self.revision, hf_overrides=overrides,
                             trust_remote_code=trust, schema_version=SCHEMA_VERSION)

    def load() -> Any:
        return ckpt.load_hf_config(folder, trust_remote_code=trust,
                                   revision=self.revision, hf_overrides=overrides)

    facts = ckpt.cache_read(key) if key is not None else None
    if facts is not None:
        try:
            arch = ModelArchitectureConfig(**facts["arch"])
            # The same config may sit in several folders: report this one.
            config_facts = HfConfigFacts(**{**facts["config"], "config_dir": str(folder)})
        except (KeyError, TypeError, ValueError):
            pass  # an entry of another layout: recompute and replace it
        else:
            _set_checkpoint(self, folder, load, None, arch, config_facts, key)
            return
    _load_uncached(self, folder, load, key)


def _load_uncached(self: Any, folder: Path, load: Any, key: str | None) -> None:
    from cfgc.runtime import checkpoint as ckpt
    from vllm_config.model_arch import HfConfigFacts, ModelArchitectureConfig

    from . import model_arch

    loaded = load()
    text = ckpt.text_config(loaded)
    data = {"arch": model_arch.architecture_facts(loaded, text),
            "config": model_arch.config_facts(loaded, text, folder)}
    if key is not None:
        ckpt.cache_write(key, data)
    arch = ModelArchitectureConfig(**data["arch"])
    facts = HfConfigFacts(**data["config"])
    _set_checkpoint(self, folder, load, loaded, arch, facts, key)


def _set_checkpoint(self: Any, folder: Path, load: Any, loaded: Any, arch: Any,
                    facts: Any, key: str | None) -> None:
    from cfgc.runtime.checkpoint import LazyHfConfig, text_config

    config = LazyHfConfig(load, f"Hugging Face config from {folder}", loaded, key)
    text = LazyHfConfig(lambda: text_config(config.loaded),
                        f"Hugging Face text config from {folder}",
                        digest=None if key is None else f"{key}:text")
    self.hf_config = config
    self.hf_text_config = text
    self.model_arch_config = arch
    self.checkpoint_facts = facts


def usable_dtypes(self: Any) -> list[str]:
    """platform_dtypes without float16 for model types unstable in it
    (Float16UnsupportedModelTypes).

    Stays a hook: filtering a list is beyond an expression."""
    from vllm_config.types import Float16UnsupportedModelTypes

    names = self.platform_dtypes
    if self.model_type in get_args(Float16UnsupportedModelTypes):
        names = [n for n in names if n != "float16"]
    return names


# --- runner and convert ---------------------------------------------------------------

def _registered_kind(arch: str) -> str | None:
    """"pooling" or "generate" for architectures the registry tables name, else None."""
    from vllm_config.types import GenerativeArchitectures, PoolingArchitectures

    if arch in get_args(PoolingArchitectures):
        return "pooling"
    if arch in get_args(GenerativeArchitectures):
        return "generate"
    return None


def registry_runner_type(self: Any) -> str:
    """What the architectures say when nothing else decides: the registry table of the
    first named architecture, else the first suffix match, else "generate".

    Stays a hook: a first-match search over the architectures and the suffix table."""
    for arch in self.architectures:
        kind = _registered_kind(arch)
        if kind is not None:
            return kind
        match = try_match_architecture_defaults(arch)
        if match is not None:
            return match[1][0]
    return "generate"


def resolve_runner_and_convert(self: Any) -> None:
    """runner "auto" -> runner_type and convert "auto" -> convert_type, as the engine
    resolves them from the architectures (a sentence-transformers pooling config makes
    a model pooling; a conversion implies the pooling runner).

    Stays a hook: first-match searches over the architectures and the suffix table."""
    if self.runner != "auto":
        runner = self.runner
    elif self.convert not in ("auto", "none"):
        runner = "pooling"
    elif self.checkpoint_facts is not None and self.checkpoint_facts.pooling_config:
        runner = "pooling"
    else:
        runner = registry_runner_type(self)
    if runner != "generate" and self.runner == "auto":
        logger.info("runner auto resolved to %r; pass --runner %s to skip the lookup",
                    runner, runner)
    self.runner_type = runner
    if self.convert != "auto":
        self.convert_type = self.convert
        return
    convert = None
    for arch in self.architectures:
        if _registered_kind(arch) == runner:
            convert = "none"
            break
        match = try_match_architecture_defaults(arch, runner_type=runner)
        if match is not None:
            convert = match[1][1]
            break
    if convert is None:
        convert = "embed" if runner == "pooling" else "none"
    if convert != "none":
        logger.info("convert auto resolved to %r", convert)
    self.convert_type = convert


# --- context length -------------------------------------------------------------------


def get_and_verify_max_len(self: Any, max_model_len: int | None) -> int:
    """The context length to use: the checkpoint's (its length keys, a disabled sliding
    window, the tokenizer limit of absolute-position pooling models, RoPE scaling, a
    sentence-transformers encoder limit) when `max_model_len` is None or -1, else
    `max_model_len` checked against it (VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 allows more).

    Stays a hook: a multi-step algorithm over the RoPE settings of every layer type."""
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


class ArchitectureRegistry:
    """A small stand-in for the engine's model registry, answering from the schema's
    architecture tables (vllm_config.types.*Architectures) and the suffix table."""

    def get_supported_archs(self) -> set[str]:
        from vllm_config.types import GenerativeArchitectures, PoolingArchitectures

        return set(get_args(PoolingArchitectures)) | set(get_args(GenerativeArchitectures))

    def is_pooling_model(self, architectures: list[str], model_config: Any = None) -> bool:
        return _first_kind(architectures) == "pooling"

    def is_text_generation_model(self, architectures: list[str],
                                 model_config: Any = None) -> bool:
        return _first_kind(architectures) != "pooling"

    def is_multimodal_model(self, architectures: list[str], model_config: Any = None) -> bool:
        from vllm_config.types import MultimodalArchitectures

        return any(a in get_args(MultimodalArchitectures) for a in architectures)

    def is_pp_supported_model(self, architectures: list[str],
                              model_config: Any = None) -> bool:
        from vllm_config.types import NoPipelineParallelArchitectures

        return not any(a in get_args(NoPipelineParallelArchitectures) for a in architectures)

    def inspect_model_cls(self, *args: Any, **kwargs: Any) -> Any:
        from cfgc.runtime.rules import NotSupportedError

        raise NotSupportedError("model classes are known only to the engine")

    resolve_model_cls = inspect_model_cls


def _first_kind(architectures: list[str]) -> str:
    for arch in architectures:
        kind = _registered_kind(arch)
        if kind is None:
            match = try_match_architecture_defaults(arch)
            kind = match[1][0] if match else None
        if kind is not None:
            return kind
    return "generate"


def registry(self: Any) -> ArchitectureRegistry:
    """The architecture tables as a registry-like object (no model classes).

    Stays a hook: returns an object with methods, which expressions cannot build."""
    return ArchitectureRegistry()


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
#: Keys of generation_config.json that are bookkeeping, not settings.
_GENERATION_META = ("transformers_version", "_from_model_config")


def try_get_generation_config(self: Any) -> dict[str, Any]:
    """The generation config's settings (generation_config.json of the checkpoint, or of
    the folder generation_config names), bookkeeping keys dropped; {} when absent.

    Stays a hook: it reads a file. Approximation: transformers' to_diff_dict() also
    drops values equal to its defaults; this keeps every stated value."""
    from cfgc.runtime import checkpoint as ckpt

    if self.generation_config in ("auto", "vllm"):
        folder = Path(self.checkpoint_facts.config_dir) if self.checkpoint_facts else None
    else:
        try:
            folder = ckpt.locate(self.generation_config, None)
        except ValueError:
            folder = Path(self.generation_config)
    if folder is None:
        return {}
    try:
        data = json.loads((folder / "generation_config.json").read_text())
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if k not in _GENERATION_META}


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


def get_model_arch_config(self: Any) -> Any:
    """A fresh ModelArchitectureConfig computed from hf_config (loading it if needed).

    Stays a hook: the conversion reads the config object (hooks/model_arch.py)."""
    from vllm_config.model_arch import ModelArchitectureConfig

    from . import model_arch

    config = self.hf_config
    config = getattr(config, "loaded", config)
    text = self.hf_text_config
    text = getattr(text, "loaded", text)
    return ModelArchitectureConfig(**model_arch.architecture_facts(config, text))


#: Files any Hugging Face tokenizer of a checkpoint folder is loaded from.
_TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model",
                    "vocab.json", "vocab.txt", "spiece.model", "tekken.json")


def has_tokenizer_files(self: Any) -> bool:
    """Whether the checkpoint folder holds tokenizer files (True when none was read).

    Stays a hook: it looks at the file system, and at each access, so files added after
    the facts were cached count."""
    from pathlib import Path

    facts = self.checkpoint_facts
    if facts is None or not facts.config_dir:
        return True
    folder = Path(facts.config_dir)
    return any((folder / name).is_file() for name in _TOKENIZER_FILES)


def dtype_for_engine(self: Any) -> None:
    """Inside vLLM's engine, the resolved dtype name becomes the torch.dtype the engine
    computes with (`cfgc.runtime.engine_values`); elsewhere it stays the name.

    Stays a hook: a seam to the engine (a torch object, made only where torch is
    already imported)."""
    from cfgc.runtime import engine_values

    if isinstance(self.dtype, str) and engine_values.in_engine():
        self.dtype = engine_values.torch_dtype(self.dtype)
