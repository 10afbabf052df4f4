"""Hooks for schema/vllm.yaml (VllmConfig): what its declared behaviour cannot say.

VllmConfig's reconciliation of its sub-configs is declared in the schema (`resolve`
steps, the `level_defaults` table, expression properties, method steps such as
`validate_block_size`). What stays, each for the reason in its docstring: seams to the
engine (executor classes), a filesystem path, and `with_hf_config`, which copies
runtime objects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: Executor backends by name, and whether they run asynchronous scheduling.
_EXECUTOR_ASYNC_SUPPORT = {"mp": True, "uni": True, "external_launcher": True, "ray": False}


# --- seams to the engine ------------------------------------------------------------


def executor_supports_async_scheduling(self: Any) -> bool:
    """Whether the executor runs asynchronous scheduling; unknown names count as yes
    (the engine checks them: hook point async_scheduling_support).

    Stays a hook: distributed_executor_backend may be an executor class, which is asked
    (its supports_async_scheduling()); expressions do not call arbitrary objects."""
    backend = self.parallel_config.distributed_executor_backend
    if isinstance(backend, str) and backend in _EXECUTOR_ASYNC_SUPPORT:
        return _EXECUTOR_ASYNC_SUPPORT[backend]
    probe = getattr(backend, "supports_async_scheduling", None)
    return bool(probe()) if callable(probe) else True


# --- paths --------------------------------------------------------------------------


def compile_debug_dump_path(self: Any) -> Path | None:
    """Rank-specific folder for torch.compile debug dumps, or None.

    Stays a hook: it joins filesystem paths, which expressions do not build."""
    path = self.compilation_config.debug_dump_path
    if path is None:
        return None
    parallel = self.parallel_config
    return Path(path) / f"rank_{parallel.rank}_dp_{parallel.data_parallel_index}"


# --- public methods of VllmConfig (declared under `methods:` / `properties:`) --------


def with_hf_config(self: Any, hf_config: Any, architectures: list[str] | None = None) -> Any:
    """A copy of this config whose model config uses `hf_config`: a copy of it with
    `architectures` when given; without them, one whose missing architectures are the
    causal-LM class Transformers names for its model type (an unknown type keeps none).
    A multimodal model's tie_word_embeddings is carried to the text config. A hook: it
    copies runtime objects and reads Transformers' model-type table."""
    import copy
    import importlib

    if architectures is not None:
        hf_config = copy.deepcopy(hf_config)
        hf_config.architectures = architectures
    elif getattr(hf_config, "architectures", None) is None:
        from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING_NAMES

        causal_lm = MODEL_FOR_CAUSAL_LM_MAPPING_NAMES.get(getattr(hf_config, "model_type", None))
        if causal_lm is not None:
            hf_config = copy.deepcopy(hf_config)
            hf_config.architectures = [causal_lm]
    model_config = copy.deepcopy(self.model_config)
    if model_config is not None:
        if model_config.is_multimodal_model and hasattr(model_config.hf_config,
                                                        "tie_word_embeddings"):
            hf_config.get_text_config().tie_word_embeddings = (
                model_config.hf_config.tie_word_embeddings)
        model_config.hf_config = hf_config
    # The copy is made by the `replace` of vllm_config.vllm, looked up now: vLLM's module
    # calls its global `replace`, and code that patches it there changes how the new
    # config is built.
    return importlib.import_module("vllm_config.vllm").replace(self, model_config=model_config)


# --- breakable CUDA graphs (0.29.0+) -------------------------------------------------


def uses_breakable_cudagraph_by_default(self: Any) -> bool:
    """Whether one of the model's architectures gets breakable CUDA graphs by default on
    this platform (default_breakable_cudagraph_architectures). A hook: it calls the
    module's cached platform lookup, which expressions do not call."""
    from vllm_config.vllm import default_breakable_cudagraph_architectures

    if self.model_config is None:
        return False
    return bool(set(self.model_config.architectures)
                & default_breakable_cudagraph_architectures())


def maybe_enable_breakable_cudagraph(self: Any) -> bool:
    """Sets VLLM_USE_BREAKABLE_CUDAGRAPH=1 in the process environment when it is unset and
    the model gets breakable CUDA graphs by default (logging that it did), then reports
    whether they are on; when on, vLLM's compile pipeline is off (mode NONE). A hook: it
    writes the process environment, as vLLM does for its engine processes."""
    import logging
    import os

    from vllm_config import envs
    from vllm_config.compilation import CompilationMode

    name = "VLLM_USE_BREAKABLE_CUDAGRAPH"
    if name not in os.environ and self._uses_breakable_cudagraph_by_default():
        os.environ[name] = "1"
        logging.getLogger("vllm_config.vllm").info(
            "%s=1 set: this model uses breakable CUDA graphs by default (set it to 0 to "
            "keep vLLM's compiled graphs)", name)
    enabled = bool(envs.VLLM_USE_BREAKABLE_CUDAGRAPH)
    if enabled:
        self.compilation_config.mode = CompilationMode.NONE
    return enabled


# --- the model runner (0.33.0) -------------------------------------------------------


def use_v2_model_runner(self: Any) -> bool:
    """Whether the V2 model runner runs this configuration (vLLM 0.33.0's order): always
    with HiSparse (VLLM_USE_V2_MODEL_RUNNER=0 is then an error) or watermarking (which
    overrides it, with an info line); else VLLM_USE_V2_MODEL_RUNNER when set; else not
    without Triton (the module's HAS_TRITON), nor with a feature V2 lacks
    (_get_v2_model_runner_unsupported_features); else yes.

    A hook: it reads the module global HAS_TRITON at call time (patching it there takes
    effect, as in vLLM) and the tri-state variable."""
    import importlib
    import logging

    from vllm_config import envs

    chosen = envs.VLLM_USE_V2_MODEL_RUNNER
    attention = getattr(self, "attention_config", None)
    if attention is not None and getattr(attention, "hisparse_config", None) is not None:
        if chosen is False:
            raise ValueError("HiSparse requires Model Runner V2: unset "
                             "VLLM_USE_V2_MODEL_RUNNER=0")
        return True
    if getattr(self, "watermark_config", None) is not None:
        if chosen is False:
            logging.getLogger("vllm_config.vllm").info(
                "watermarking runs on the V2 model runner: VLLM_USE_V2_MODEL_RUNNER=0 is "
                "not followed")
        return True
    if chosen is not None:
        return chosen
    if not importlib.import_module("vllm_config.vllm").HAS_TRITON:
        return False
    return not self._get_v2_model_runner_unsupported_features()


# --- Engram (0.33.0) -----------------------------------------------------------------

#: The Hugging Face text-config field that lists a model's n-gram embedding layers, per
#: architecture that has them (as engram.yaml's verify_model_config reads them).
_NGRAM_LAYER_FIELDS = {"DeepseekV41ForCausalLM": "engram_layer_ids",
                       "Qwen4ExpForCausalLM": "ple_layer_ids",
                       "Qwen4ExpForConditionalGeneration": "ple_layer_ids"}


def resolve_and_verify_engram_config(self: Any) -> None:
    """Settles the n-gram embedding settings against the model: a draft's config is
    checked against its target's model (the draft inherits the target's groups);
    DeepSeek V4.1 Engram refuses micro-batching; an unset engram_config becomes the
    default one for a model with n-gram layers (none otherwise); then the model, the
    shared host tables and the parallel layout are checked. A hook: it tells the draft's
    model config from the target's by identity, which expressions do not compare."""
    from vllm_config.engram import EngramConfig

    model = self.model_config
    spec = self.speculative_config
    if spec is not None and model is spec.draft_model_config:
        model = spec.target_model_config
    if (model is not None and model.architecture == "DeepseekV41ForCausalLM"
            and getattr(model.hf_text_config, "engram_layer_ids", None)
            and self.parallel_config.use_ubatching):
        raise ValueError("DeepSeek V4.1's Engram layers do not work with dual-batch "
                         "overlap or micro-batching: drop --enable-dbo and set "
                         "--ubatch-size 0")
    if self.engram_config is None:
        field = _NGRAM_LAYER_FIELDS.get(model.architecture) if model is not None else None
        if field is None or not getattr(model.hf_text_config, field, None):
            return
        self.engram_config = EngramConfig()
    self.engram_config.verify_model_config(model)
    self.engram_config.resolve_dp_shared_memory(self.parallel_config)
    self.engram_config.verify_parallel_config(self.parallel_config)
