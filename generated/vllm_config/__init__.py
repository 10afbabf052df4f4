# Generated from schema/ by cfgc; do not edit.
"""vllm_config: the engine's config classes, generated from the schema.

Importing the package is cheap: classes load on first use (PEP 562), so tools that
need one class (or only `--help`) never pay for pydantic or the whole surface.
"""

import importlib
import os as _os
import sys as _sys
from typing import Any

SCHEMA_VERSION = 1
#: The vLLM release these classes describe; CFGC_RELEASE, set before the
#: first import, selects another of RELEASES (`vllm-config --release` sets it).
RELEASE = "0.25.1"
RELEASES = ('0.25.1', '0.26.0', '0.27.1', '0.28.0', '0.29.0', '0.30.0', '0.31.0', '0.32.0', '0.33.0')
_RELEASE_DIRS = {'0.26.0': '_releases/v0_26_0', '0.27.1': '_releases/v0_27_1', '0.28.0': '_releases/v0_28_0', '0.29.0': '_releases/v0_29_0', '0.30.0': '_releases/v0_30_0', '0.31.0': '_releases/v0_31_0', '0.32.0': '_releases/v0_32_0', '0.33.0': '_releases/v0_33_0'}

_wanted = _os.environ.get("CFGC_RELEASE") or RELEASE
if _wanted != RELEASE:
    # Another release: this name becomes that release's package, and what follows
    # here only fills the module that is set aside.
    if _wanted not in _RELEASE_DIRS:
        _why = (f"CFGC_RELEASE={_wanted!r} is not a release of {__name__} (known "
                f"releases: {', '.join(RELEASES)})")
        _argv0 = (getattr(_sys, "argv", None) or [""])[0]
        if _argv0 == "-m" or _os.path.basename(_argv0).removesuffix(".exe") == "vllm-config":
            # imported to run one of the package's own commands (`vllm-config`,
            # `python -m vllm_config[.warmup]`): a bad input, answered in one line
            _prog = f"python -m {__name__}" if _argv0 == "-m" else "vllm-config"
            _sys.stderr.write(f"{_prog}: error: {_why}\n")
            raise SystemExit(2)
        raise ImportError(_why) from None
    # Its modules are the default release's lines it shares and its own parts
    # (_index.py, _modules/), put together on import by cfgc.runtime.parts.
    from cfgc.runtime import parts as _parts

    _parts.load_release(__name__, _os.path.dirname(__file__), _wanted)

_EXPORTS: dict[str, str] = {
    "All2AllBackend": "types",
    "AttentionBackendEnum": "types",
    "AttentionCGSupport": "types",
    "AttentionCGSupportLevel": "types",
    "AttentionConfig": "attention",
    "AttentionFreeArchitectures": "types",
    "AttnTypeStr": "types",
    "AudioDummyOptions": "multimodal",
    "BaseDummyOptions": "multimodal",
    "CUDAGraphMode": "types",
    "CacheConfig": "cache",
    "CacheDType": "types",
    "ClsPoolingArchitectures": "types",
    "CompilationConfig": "compilation",
    "CompilationMode": "types",
    "ConfigFormat": "types",
    "ConfigType": "utils",
    "ConvertOption": "types",
    "ConvertType": "types",
    "DCPCommBackend": "types",
    "DFlashModelTypes": "types",
    "DSparkModelTypes": "types",
    "DataParallelBackend": "types",
    "DetailedTraceModules": "types",
    "Device": "types",
    "DeviceConfig": "device",
    "DiffusionConfig": "diffusion",
    "DistributedExecutorBackend": "types",
    "DraftSampleMethod": "types",
    "DynamicShapesConfig": "compilation",
    "DynamicShapesType": "types",
    "ECConsumer": "types",
    "ECProducer": "types",
    "ECRole": "types",
    "ECTransferConfig": "ec_transfer",
    "EPLBCommunicatorBackend": "types",
    "EPLBConfig": "parallel",
    "EPLBPolicyOption": "types",
    "EagleModelTypes": "types",
    "EncoderDataParallelArchitectures": "types",
    "EngineArgs": "engine_args",
    "ExecutorClass": "types",
    "ExpertPlacementStrategy": "types",
    "Float16UnsupportedModelTypes": "types",
    "GenerativeArchitectures": "types",
    "HfConfigFacts": "model_arch",
    "HfOverrides": "types",
    "HfOverridesFn": "types",
    "HybridArchitectures": "types",
    "ImageDummyOptions": "multimodal",
    "IndexerKVDType": "types",
    "InnerStateArchitectures": "types",
    "IrOpPriorityConfig": "kernel",
    "IrOpProvider": "types",
    "KVCacheUpdateOp": "types",
    "KVConsumer": "types",
    "KVEventsConfig": "kv_events",
    "KVOffloadingBackend": "types",
    "KVProducer": "types",
    "KVRole": "types",
    "KVTransferConfig": "kv_transfer",
    "KernelConfig": "kernel",
    "LayerBlockType": "types",
    "LinearBackend": "types",
    "LoRAConfig": "lora",
    "LoRADType": "types",
    "LoRAExtraVocabSize": "types",
    "LoadConfig": "load",
    "LoadFormats": "types",
    "LogitsProcessorClass": "types",
    "LogprobsMode": "types",
    "MLAPrefillBackendEnum": "types",
    "MMCacheType": "types",
    "MMEncoderTPMode": "types",
    "MMTensorIPC": "types",
    "MTPModelTypes": "types",
    "MambaBackendEnum": "types",
    "MambaCacheMode": "types",
    "MambaConfig": "mamba",
    "MambaDType": "types",
    "MambaPrefixCachingArchitectures": "types",
    "MaxLoRARanks": "types",
    "MeanPoolingArchitectures": "types",
    "MoEBackend": "types",
    "ModelArchitectureConfig": "model_arch",
    "ModelConfig": "model",
    "ModelDType": "types",
    "ModelImpl": "types",
    "MultiModalConfig": "multimodal",
    "MultimodalArchitectures": "types",
    "NgramGPUTypes": "types",
    "NoOpLayerArchitectures": "types",
    "NoPipelineParallelArchitectures": "types",
    "NumpyArray": "types",
    "ObservabilityConfig": "observability",
    "OffloadBackend": "types",
    "OffloadConfig": "offload",
    "OptimizationLevel": "types",
    "ParallelConfig": "parallel",
    "PassConfig": "compilation",
    "PerformanceMode": "types",
    "PlacementGroup": "types",
    "PoolerConfig": "pooler",
    "PoolingArchitectures": "types",
    "PoolingTask": "types",
    "PrefetchOffloadConfig": "offload",
    "PrefixCachingHashAlgo": "types",
    "PretrainedConfig": "types",
    "ProfilerConfig": "profiler",
    "ProfilerKind": "types",
    "QuantKeyName": "types",
    "QuantSpec": "quantization",
    "QuantizationConfig": "types",
    "QuantizationConfigArgs": "quantization",
    "QuantizationMethods": "types",
    "Range": "compilation",
    "RawInputOnlyArchitectures": "types",
    "RawInputTokenArchitectures": "types",
    "ReasoningConfig": "reasoning",
    "RejectionSampleMethod": "types",
    "RunnerOption": "types",
    "RunnerType": "types",
    "RuntimeEnv": "types",
    "SafetensorsLoadStrategy": "types",
    "SchedulerClass": "types",
    "SchedulerConfig": "scheduler",
    "SchedulerPolicy": "types",
    "SequencePoolingType": "types",
    "SpeculativeConfig": "speculative",
    "SpeculativeMethod": "types",
    "SpeechToTextConfig": "speech_to_text",
    "SpeechToTextParams": "speech_to_text",
    "StepPoolingArchitectures": "types",
    "StructuredOutputsBackend": "types",
    "StructuredOutputsConfig": "structured_outputs",
    "SupportsHash": "types",
    "SupportsMetricsInfo": "utils",
    "TensorizerConfig": "types",
    "TokenPoolingType": "types",
    "TokenizerMode": "types",
    "TorchDType": "types",
    "TorchDevice": "types",
    "UVAOffloadConfig": "offload",
    "VideoDummyOptions": "multimodal",
    "VllmConfig": "vllm",
    "WeightTransferConfig": "weight_transfer",
    "WeightlessDrafters": "types",
    "config": "utils",
    "get_attr_docs": "utils",
    "get_cached_compilation_config": "vllm",
    "get_current_vllm_config": "vllm",
    "get_current_vllm_config_or_none": "vllm",
    "get_layers_from_vllm_config": "vllm",
    "is_init_field": "utils",
    "iter_architecture_defaults": "model",
    "replace": "utils",
    "set_current_vllm_config": "vllm",
    "str_dtype_to_torch_dtype": "model",
    "try_match_architecture_defaults": "model",
    "update_config": "utils",
}

__all__ = sorted(_EXPORTS) + ["SCHEMA_VERSION", "RELEASE", "RELEASES"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
