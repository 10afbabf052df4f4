# Generated from schema/ by cfgc; do not edit.
"""vllm_config: the engine's config classes, generated from the schema.

Importing the package is cheap: classes load on first use (PEP 562), so tools that
need one class (or only `--help`) never pay for pydantic or the whole surface.
"""

import importlib
from typing import Any

SCHEMA_VERSION = 1

_EXPORTS: dict[str, str] = {
    "All2AllBackend": "types",
    "AttentionBackendEnum": "types",
    "AttentionConfig": "attention",
    "AudioDummyOptions": "multimodal",
    "BaseDummyOptions": "multimodal",
    "CUDAGraphMode": "types",
    "CacheConfig": "cache",
    "CacheDType": "types",
    "CompilationConfig": "compilation",
    "CompilationMode": "types",
    "ConfigFormat": "types",
    "ConvertOption": "types",
    "DCPCommBackend": "types",
    "DataParallelBackend": "types",
    "DetailedTraceModules": "types",
    "Device": "types",
    "DeviceConfig": "device",
    "DiffusionConfig": "diffusion",
    "DistributedExecutorBackend": "types",
    "DraftSampleMethod": "types",
    "DynamicShapesConfig": "compilation",
    "DynamicShapesType": "types",
    "ECRole": "types",
    "ECTransferConfig": "ec_transfer",
    "EPLBCommunicatorBackend": "types",
    "EPLBConfig": "parallel",
    "EPLBPolicyOption": "types",
    "EagleModelTypes": "types",
    "EngineArgs": "engine_args",
    "ExecutorClass": "types",
    "ExpertPlacementStrategy": "types",
    "HfOverridesFn": "types",
    "ImageDummyOptions": "multimodal",
    "IndexerKVDType": "types",
    "IrOpPriorityConfig": "kernel",
    "IrOpProvider": "types",
    "KVCacheUpdateOp": "types",
    "KVEventsConfig": "kv_events",
    "KVOffloadingBackend": "types",
    "KVRole": "types",
    "KVTransferConfig": "kv_transfer",
    "KernelConfig": "kernel",
    "LinearBackend": "types",
    "LoRAConfig": "lora",
    "LoRADType": "types",
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
    "MaxLoRARanks": "types",
    "MoEBackend": "types",
    "ModelConfig": "model",
    "ModelDType": "types",
    "ModelImpl": "types",
    "MultiModalConfig": "multimodal",
    "NgramGPUTypes": "types",
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
    "PoolingTask": "types",
    "PrefetchOffloadConfig": "offload",
    "PrefixCachingHashAlgo": "types",
    "PretrainedConfig": "types",
    "ProfilerConfig": "profiler",
    "ProfilerKind": "types",
    "QuantizationConfig": "types",
    "QuantizationConfigArgs": "types",
    "QuantizationMethods": "types",
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
    "StructuredOutputsBackend": "types",
    "StructuredOutputsConfig": "structured_outputs",
    "SupportsHash": "types",
    "TensorizerConfig": "types",
    "TokenPoolingType": "types",
    "TokenizerMode": "types",
    "TorchDType": "types",
    "TorchDevice": "types",
    "UVAOffloadConfig": "offload",
    "VideoDummyOptions": "multimodal",
    "VllmConfig": "vllm",
    "WeightTransferConfig": "weight_transfer",
}

__all__ = sorted(_EXPORTS) + ["SCHEMA_VERSION"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
