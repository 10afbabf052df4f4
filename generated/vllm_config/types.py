# Generated from schema/ (enums, aliases, runtime_types) by cfgc; do not edit.
"""Enums, named types and runtime types shared by the config classes."""

import enum
from pathlib import Path  # noqa: F401
from typing import Annotated, Any, Literal  # noqa: F401


class AttentionBackendEnum(enum.Enum):
    """Attention kernel implementations the engine can select. Each member's value is the
    import path of the backend class the engine loads by default; it can be overridden
    at run time by registering a different class for that member.
    """

    FLASH_ATTN = "vllm.v1.attention.backends.flash_attn.FlashAttentionBackend"
    FLASH_ATTN_DIFFKV = "vllm.v1.attention.backends.flash_attn_diffkv.FlashAttentionDiffKVBackend"
    TRITON_ATTN = "vllm.v1.attention.backends.triton_attn.TritonAttentionBackend"
    TRITON_ATTN_DIFFKV = "vllm.v1.attention.backends.triton_attn_diffkv.TritonAttentionDiffKVBackend"
    ROCM_ATTN = "vllm.v1.attention.backends.rocm_attn.RocmAttentionBackend"
    ROCM_AITER_MLA = "vllm.v1.attention.backends.mla.rocm_aiter_mla.AiterMLABackend"
    ROCM_AITER_TRITON_MLA = "vllm.v1.attention.backends.mla.aiter_triton_mla.AiterTritonMLABackend"
    ROCM_AITER_FA = "vllm.v1.attention.backends.rocm_aiter_fa.AiterFlashAttentionBackend"
    ROCM_AITER_MLA_SPARSE = "vllm.v1.attention.backends.mla.rocm_aiter_mla_sparse.ROCMAiterMLASparseBackend"
    XPU_MLA_SPARSE = "vllm.v1.attention.backends.mla.xpu_mla_sparse.XPUMLASparseBackend"
    TORCH_SDPA = ""
    """PyTorch scaled-dot-product attention; only used for vision encoders, so it has no decoder backend class."""
    FLASHINFER = "vllm.v1.attention.backends.flashinfer.FlashInferBackend"
    FLASHINFER_MLA = "vllm.v1.attention.backends.mla.flashinfer_mla.FlashInferMLABackend"
    TOKENSPEED_MLA = "vllm.v1.attention.backends.mla.tokenspeed_mla.TokenspeedMLABackend"
    FLASHINFER_MLA_SPARSE = "vllm.v1.attention.backends.mla.flashinfer_mla_sparse.FlashInferMLASparseTRTLLMBackend"
    FLASHINFER_MLA_SPARSE_SM120 = "vllm.v1.attention.backends.mla.flashinfer_mla_sparse.FlashInferMLASparseSM120Backend"
    TRITON_MLA = "vllm.v1.attention.backends.mla.triton_mla.TritonMLABackend"
    CUTLASS_MLA = "vllm.v1.attention.backends.mla.cutlass_mla.CutlassMLABackend"
    FLASHMLA = "vllm.v1.attention.backends.mla.flashmla.FlashMLABackend"
    FLASHMLA_SPARSE = "vllm.v1.attention.backends.mla.flashmla_sparse.FlashMLASparseBackend"
    FLASHMLA_SPARSE_DSV4 = "vllm.models.deepseek_v4.sparse_mla.DeepseekV4FlashMLABackend"
    FLASHINFER_MLA_SPARSE_DSV4 = "vllm.models.deepseek_v4.nvidia.flashinfer_sparse.DeepseekV4FlashInferMLASparseBackend"
    ROCM_FLASHMLA_SPARSE_DSV4 = "vllm.models.deepseek_v4.amd.rocm.DeepseekV4ROCMAiterMLASparseBackend"
    FLASH_ATTN_MLA = "vllm.v1.attention.backends.mla.flashattn_mla.FlashAttnMLABackend"
    FLASH_ATTN_MLA_SPARSE = "vllm.v1.attention.backends.mla.flashattn_mla_sparse.FlashAttnMLASparseBackend"
    MINIMAX_M3_SPARSE = "vllm.models.minimax_m3.common.sparse_attention.MiniMaxM3SparseBackend"
    NO_ATTENTION = "vllm.v1.attention.backends.no_attention.NoAttentionBackend"
    FLEX_ATTENTION = "vllm.v1.attention.backends.flex_attention.FlexAttentionBackend"
    HPC_ATTN = "vllm.v1.attention.backends.hpc_attn.HpcAttentionBackend"
    ROCM_AITER_UNIFIED_ATTN = "vllm.v1.attention.backends.rocm_aiter_unified_attn.RocmAiterUnifiedAttentionBackend"
    CPU_ATTN = "vllm.v1.attention.backends.cpu_attn.CPUAttentionBackend"
    TURBOQUANT = "vllm.v1.attention.backends.turboquant_attn.TurboQuantAttentionBackend"
    CUSTOM = None
    """Placeholder for an out-of-tree backend; a class must be registered for it before use."""

    def __eq__(self, other: object) -> bool:
        # vLLM's engine has its own AttentionBackendEnum, whose members equal ours by name:
        # vllm.v1.attention.backends.registry.AttentionBackendEnum
        if type(other).__name__ == "AttentionBackendEnum" and isinstance(other, enum.Enum):
            return self.name == other.name
        return NotImplemented

    __hash__ = enum.Enum.__hash__  # hash(name), as the engine's members hash


class MLAPrefillBackendEnum(enum.Enum):
    """Kernels for the prefill phase of multi-head latent attention (MLA) models. Each
    member's value is the import path of the default prefill backend class.
    """

    FLASH_ATTN = "vllm.v1.attention.backends.mla.prefill.flash_attn.FlashAttnPrefillBackend"
    FLASHINFER = "vllm.v1.attention.backends.mla.prefill.flashinfer.FlashInferPrefillBackend"
    TRTLLM_RAGGED = "vllm.v1.attention.backends.mla.prefill.trtllm_ragged.TrtllmRaggedPrefillBackend"
    TOKENSPEED_MLA = "vllm.v1.attention.backends.mla.prefill.tokenspeed_mla.TokenspeedMLAPrefillBackend"
    ROCM_AITER_FA = "vllm.v1.attention.backends.mla.prefill.aiter_flash_attn.AiterFlashAttnPrefillBackend"
    CUSTOM = None
    """Placeholder for an out-of-tree prefill backend; register a class before use."""

    def __eq__(self, other: object) -> bool:
        # vLLM's engine has its own MLAPrefillBackendEnum, whose members equal ours by name:
        # vllm.v1.attention.backends.mla.prefill.registry.MLAPrefillBackendEnum
        if type(other).__name__ == "MLAPrefillBackendEnum" and isinstance(other, enum.Enum):
            return self.name == other.name
        return NotImplemented

    __hash__ = enum.Enum.__hash__  # hash(name), as the engine's members hash


class AttentionCGSupport(enum.Enum):
    """How far an attention backend supports CUDA graphs, as the engine's attention backends report it (their weakest member decides the CUDA-graph mode). A member of the engine's own enum equals ours of the same name."""

    ALWAYS = 3
    """Graphs of any batch, mixed prefill and decode included."""
    UNIFORM_BATCH = 2
    """Graphs of batches whose requests all have the same query length (speculative decoding's verification steps included)."""
    UNIFORM_SINGLE_TOKEN_DECODE = 1
    """Graphs of batches of one-token decodes only."""
    NEVER = 0
    """No CUDA graphs of attention at all."""

    def __eq__(self, other: object) -> bool:
        # vLLM's engine has its own AttentionCGSupport, whose members equal ours by name:
        # vllm.v1.attention.backend.AttentionCGSupport
        if type(other).__name__ == "AttentionCGSupport" and isinstance(other, enum.Enum):
            return self.name == other.name
        return NotImplemented

    __hash__ = enum.Enum.__hash__  # hash(name), as the engine's members hash


class CompilationMode(enum.IntEnum):
    """How much of the torch.compile pipeline is applied to the model, from plain eager
    execution (NONE) up to vLLM's own piecewise Inductor backend (VLLM_COMPILE).
    Accepted by value (0-3) or by name, case-insensitive.
    """

    NONE = 0
    """No torch.compile: the model runs eagerly, as written."""
    STOCK_TORCH_COMPILE = 1
    """Stock torch.compile over the whole model."""
    DYNAMO_TRACE_ONCE = 2
    """Trace once with Dynamo and drop its guards so the model never recompiles; the
    model must not branch on dynamic shapes.
    """
    VLLM_COMPILE = 3
    """vLLM's Inductor-based backend: compile cache, piecewise graphs, per-size
    specialisation and the custom fusion passes of PassConfig.
    """


class CUDAGraphMode(enum.Enum):
    """Which batches replay captured CUDA graphs. NONE, PIECEWISE and FULL use one kind
    of graph for every batch (they are also the modes the runtime dispatcher works
    in); FULL_DECODE_ONLY and FULL_AND_PIECEWISE pair a mode for uniform decode
    batches with one for mixed prefill/decode batches. Accepted by name,
    case-insensitive.
    """

    NONE = 0
    """No CUDA graphs."""
    PIECEWISE = 1
    """Capture the pieces between the splitting ops (attention and other
    graph-unsafe ops run outside the graphs). Needs piecewise compilation.
    """
    FULL = 2
    """Capture the whole forward pass for every batch size captured."""
    FULL_DECODE_ONLY = (2, 0)
    """Full graphs for uniform decode batches; mixed batches run without graphs."""
    FULL_AND_PIECEWISE = (2, 1)
    """Full graphs for uniform decode batches, piecewise graphs for mixed batches."""

    def __str__(self) -> str:
        return self.name

    def __bool__(self) -> bool:
        return self != CUDAGraphMode.NONE

    def separate_routine(self) -> "bool":
        """True when decode-only and mixed batches use different modes."""
        return self in (CUDAGraphMode.FULL_DECODE_ONLY, CUDAGraphMode.FULL_AND_PIECEWISE)

    def decode_mode(self) -> "CUDAGraphMode":
        """The single mode used for uniform decode batches."""
        return (CUDAGraphMode.FULL if self.separate_routine() else self)

    def mixed_mode(self) -> "CUDAGraphMode":
        """The single mode used for mixed prefill/decode batches."""
        return (CUDAGraphMode.NONE if self == CUDAGraphMode.FULL_DECODE_ONLY else (CUDAGraphMode.PIECEWISE if self == CUDAGraphMode.FULL_AND_PIECEWISE else self))

    def has_mode(self, mode: "CUDAGraphMode") -> "bool":
        """Whether the single mode `mode` is used for some kind of batch."""
        return self.decode_mode() == mode or self.mixed_mode() == mode

    def requires_piecewise_compilation(self) -> "bool":
        """Whether piecewise graphs are captured, which needs piecewise compilation."""
        return self.has_mode(CUDAGraphMode.PIECEWISE)

    def max_cudagraph_mode(self) -> "CUDAGraphMode":
        """The strongest single mode used (FULL over PIECEWISE over NONE)."""
        return (CUDAGraphMode.FULL if self.separate_routine() else self)

    def has_full_cudagraphs(self) -> "bool":
        """Whether some batches replay full graphs."""
        return self.max_cudagraph_mode() == CUDAGraphMode.FULL

    def has_piecewise_cudagraphs(self) -> "bool":
        """Whether some batches replay piecewise graphs."""
        return self.requires_piecewise_compilation()

    def is_valid_runtime_mode(self) -> "bool":
        """Whether the runtime dispatcher can be in this mode (a single mode)."""
        return self in (CUDAGraphMode.NONE, CUDAGraphMode.PIECEWISE, CUDAGraphMode.FULL)


class DynamicShapesType(enum.StrEnum):
    """How torch.compile treats the dynamic (token-count) dimension of the graph."""

    BACKED = "backed"
    """PyTorch's default symbolic sizes; Dynamo may specialise on 0, 1 or >=2 and add
    guards (which vLLM drops).
    """
    UNBACKED = "unbacked"
    """Sizes that are never guarded or specialised; sound, but code that branches on
    a size fails with a data-dependent error.
    """
    BACKED_SIZE_OBLIVIOUS = "backed_size_oblivious"
    """Experimental middle ground, backed sizes treated as unbacked where the code allows it."""


class MambaBackendEnum(enum.Enum):
    """Kernel used for the Mamba selective-state update."""

    TRITON = "triton"
    FLASHINFER = "flashinfer"


class OptimizationLevel(enum.IntEnum):
    """Start-up time versus speed trade-off; each level fills in compilation and CUDA-graph settings the user left unset."""

    O0 = 0
    """No compilation and no CUDA graphs; the fastest start."""
    O1 = 1
    """Compile with Dynamo and Inductor; piecewise CUDA graphs."""
    O2 = 2
    """As O1 plus full CUDA graphs and more fusions; the default."""
    O3 = 3
    """Currently the same as O2."""

TorchDevice = Annotated[Any, "torch.device"]
"""A torch device object such as torch.device("cuda"). Imported lazily, never at package import: torch.device."""

TensorizerConfig = Annotated[Any, "vllm.model_executor.model_loader.tensorizer.TensorizerConfig"]
"""Settings object of the tensorizer weight loader. Imported lazily, never at package import: vllm.model_executor.model_loader.tensorizer.TensorizerConfig."""

TorchDType = Annotated[Any, "torch.dtype"]
"""A torch dtype object such as torch.bfloat16. Imported lazily, never at package import: torch.dtype."""

PretrainedConfig = Annotated[Any, "transformers.PretrainedConfig"]
"""A Hugging Face model config object. Imported lazily, never at package import: transformers.PretrainedConfig."""

HfOverridesFn = Annotated[Any, "collections.abc.Callable"]
"""A function that takes a Hugging Face config and returns the edited config. Imported lazily, never at package import: collections.abc.Callable."""

LogitsProcessorClass = Annotated[Any, "vllm.v1.sample.logits_processor.LogitsProcessor"]
"""A logits processor class (the class itself, not an instance). Imported lazily, never at package import: vllm.v1.sample.logits_processor.LogitsProcessor."""

RuntimeEnv = Annotated[Any, "ray.runtime_env.RuntimeEnv"]
"""A Ray runtime environment (packages, env vars) for remote workers. Imported lazily, never at package import: ray.runtime_env.RuntimeEnv."""

PlacementGroup = Annotated[Any, "ray.util.placement_group.PlacementGroup"]
"""A Ray placement group reserving resources for the workers. Imported lazily, never at package import: ray.util.placement_group.PlacementGroup."""

ExecutorClass = Annotated[Any, "vllm.v1.executor.Executor"]
"""An executor class (the class object, not an instance) passed in from Python. Imported lazily, never at package import: vllm.v1.executor.Executor."""

SchedulerClass = Annotated[Any, "vllm.v1.core.sched.interface.SchedulerInterface"]
"""A scheduler class (the class object, not an instance) passed in from Python. Imported lazily, never at package import: vllm.v1.core.sched.interface.SchedulerInterface."""

NumpyArray = Annotated[Any, "numpy.ndarray"]
"""A NumPy array (audio samples). Imported lazily, never at package import: numpy.ndarray."""

QuantizationConfig = Annotated[Any, "vllm.model_executor.layers.quantization.base_config.QuantizationConfig"]
"""A quantization method object built from the checkpoint. Imported lazily, never at package import: vllm.model_executor.layers.quantization.base_config.QuantizationConfig."""

SupportsHash = Annotated[Any, "vllm.config.utils.SupportsHash"]
"""Any object with a compute_hash() -> str method. Imported lazily, never at package import: vllm.config.utils.SupportsHash."""

IndexerKVDType = Literal["bf16", "fp8", "mxfp4", "nvfp4"]
"""Storage format of the sparse-attention indexer's key cache."""

CacheDType = Literal[
    "auto",
    "float16",
    "bfloat16",
    "fp8",
    "fp8_e4m3",
    "fp8_e5m2",
    "fp8_inc",
    "fp8_ds_mla",
    "turboquant_k8v4",
    "turboquant_4bit_nc",
    "turboquant_k3v4_nc",
    "turboquant_3bit_nc",
    "int4_per_token_head",
    "int8_per_token_head",
    "fp8_per_token_head",
    "nvfp4",
]
"""Element type of the KV cache. "auto" follows the model's dtype; the fp8, int and
fp4 choices quantize the cache; "turboquant_*" are TurboQuant's packed formats.
"""

MambaDType = Literal["auto", "float32", "float16", "bfloat16"]
"""Element type of the Mamba state cache; "auto" takes it from the model."""

MambaCacheMode = Literal["all", "align", "none"]
"""Which Mamba states are kept for prefix caching ("none", "all" or "align")."""

PrefixCachingHashAlgo = Literal["sha256", "sha256_cbor", "xxhash", "xxhash_cbor"]
"""Serialization and hash function used to key prefix-cache blocks."""

KVOffloadingBackend = Literal["native", "lmcache"]
"""Implementation that offloads KV cache blocks to CPU memory."""

AttentionCGSupportLevel = Literal["NEVER", "UNIFORM_SINGLE_TOKEN_DECODE", "UNIFORM_BATCH", "ALWAYS"]
"""How far an attention backend supports CUDA graphs, weakest first (a level is its position): never, uniform single-token decode batches, uniform batches, always. Names the members of vLLM's AttentionCGSupport."""

KVCacheUpdateOp = Literal["vllm::unified_kv_cache_update", "vllm::unified_mla_kv_cache_update"]
"""The KV-cache update ops, split out of the graph with the attention ops by default (unless Inductor graph partitioning is on)."""

Device = Literal["auto", "cuda", "cpu", "tpu", "xpu"]
"""Device type names accepted for DeviceConfig.device; "auto" detects the platform."""

ECRole = Literal["ec_producer", "ec_both", "ec_consumer"]
"""Part an instance plays in encoder-cache transfer: "ec_producer" sends, "ec_consumer"
receives, "ec_both" does both.
"""

MoEBackend = Literal[
    "auto",
    "triton",
    "deep_gemm",
    "deep_gemm_mega_moe",
    "cutlass",
    "flashinfer_trtllm",
    "flashinfer_cutlass",
    "flashinfer_cutedsl",
    "flashinfer_b12x",
    "marlin",
    "humming",
    "triton_unfused",
    "aiter",
    "flydsl",
    "hpc",
    "emulation",
]
"""Kernel family for mixture-of-experts layers; "auto" lets the engine pick."""

LinearBackend = Literal[
    "auto",
    "cutlass",
    "flashinfer_cutlass",
    "flashinfer_cutedsl",
    "flashinfer_trtllm",
    "flashinfer_cudnn",
    "flashinfer_b12x",
    "marlin",
    "humming",
    "triton",
    "deep_gemm",
    "torch",
    "aiter",
    "machete",
    "fbgemm",
    "conch",
    "exllama",
    "emulation",
    "xpu",
    "xpu_woq",
]
"""Kernel family for quantized linear-layer GEMMs; "auto" lets the engine pick."""

KVRole = Literal["kv_producer", "kv_both", "kv_consumer"]
"""Part an instance plays in KV cache transfer: "kv_producer" sends (e.g. prefill),
"kv_consumer" receives (e.g. decode), "kv_both" does both.
"""

LoadFormats = Literal[
    "auto",
    "hf",
    "bitsandbytes",
    "dummy",
    "fastsafetensors",
    "instanttensor",
    "mistral",
    "modelexpress",
    "npcache",
    "pt",
    "runai_streamer",
    "runai_streamer_sharded",
    "safetensors",
    "sharded_state",
    "tensorizer",
]
"""Weight formats with a built-in loader. Plugins can register more, so load_format
accepts any string.
"""

SafetensorsLoadStrategy = Literal["lazy", "eager", "prefetch", "torchao"]
"""How safetensors checkpoint files are read into memory."""

LoRADType = Literal["auto", "float16", "bfloat16"]
"""Data type of LoRA adapter weights by name; "auto" follows the model's dtype."""

MaxLoRARanks = Literal[1, 8, 16, 32, 64, 128, 256, 320, 512]
"""LoRA ranks the engine's kernels and buffers are built for."""

RunnerOption = Literal["auto", "generate", "pooling", "draft"]
"""Which model runner serves the model; "auto" lets the engine pick from the architecture."""

ConvertOption = Literal["auto", "none", "embed", "classify"]
"""Adapter that turns a model into another kind; "none" keeps it as is, "auto" lets the engine decide."""

TokenizerMode = Literal["auto", "hf", "slow", "mistral", "deepseek_v32", "deepseek_v4"]
"""Built-in tokenizer implementations; plugins may register more names."""

ModelDType = Literal["auto", "half", "float16", "bfloat16", "float", "float32"]
"""Names accepted for the weight and activation dtype."""

LogprobsMode = Literal["raw_logits", "raw_logprobs", "processed_logits", "processed_logprobs"]
"""Which values logprobs report - raw model outputs or values after logits processing, as logits or log-probabilities."""

ConfigFormat = Literal["auto", "hf", "mistral"]
"""Known formats of a model's config file."""

ModelImpl = Literal["auto", "vllm", "transformers", "terratorch"]
"""Known model implementations."""

QuantizationMethods = Literal[
    "awq",
    "auto_awq",
    "fp8",
    "fbgemm_fp8",
    "fp_quant",
    "modelopt",
    "modelopt_fp4",
    "modelopt_mxfp8",
    "modelopt_mixed",
    "auto_gptq",
    "gptq",
    "gptq_marlin",
    "awq_marlin",
    "humming",
    "compressed-tensors",
    "bitsandbytes",
    "experts_int8",
    "quark",
    "moe_wna16",
    "torchao",
    "inc",
    "mxfp4",
    "gpt_oss_mxfp4",
    "deepseek_v4_fp8",
    "online",
    "fp8_per_tensor",
    "fp8_per_block",
    "fp8_per_channel",
    "int8_per_channel_weight_only",
    "mxfp8",
]
"""Built-in weight quantization methods; plugins may register more names."""

Float16UnsupportedModelTypes = Literal["gemma2", "gemma3", "gemma3_text", "plamo2", "glm4"]
"""Model types that are numerically unstable in float16 (bfloat16 or float32 only)."""

PoolingArchitectures = Literal[
    "BertForSequenceClassification",
    "BertForTokenClassification",
    "BertModel",
    "BertSpladeSparseEmbeddingModel",
    "BgeM3EmbeddingModel",
    "CLIPModel",
    "ColBERTJinaRobertaModel",
    "ColBERTLfm2Model",
    "ColBERTModernBertModel",
    "ColModernVBertForRetrieval",
    "ColPaliForRetrieval",
    "ColQwen3",
    "ColQwen3_5",
    "GPT2ForSequenceClassification",
    "Gemma2Model",
    "Gemma3TextModel",
    "GteModel",
    "GteNewForSequenceClassification",
    "GteNewModel",
    "HF_ColBERT",
    "InternLM2ForRewardModel",
    "JambaForSequenceClassification",
    "JinaEmbeddingsV5Model",
    "JinaForRanking",
    "JinaVLForRanking",
    "LlamaBidirectionalForSequenceClassification",
    "LlamaBidirectionalModel",
    "LlamaModel",
    "LlamaNemotronVLForSequenceClassification",
    "LlamaNemotronVLModel",
    "MistralModel",
    "ModernBertForSequenceClassification",
    "ModernBertForTokenClassification",
    "ModernBertModel",
    "NomicBertModel",
    "OpenAIPrivacyFilterForTokenClassification",
    "OpsColQwen3Model",
    "PrithviGeoSpatialMAE",
    "Qwen2ForProcessRewardModel",
    "Qwen2ForRewardModel",
    "Qwen2Model",
    "Qwen3ASRForcedAlignerForTokenClassification",
    "Qwen3VLNemotronEmbedModel",
    "RobertaForMaskedLM",
    "RobertaForSequenceClassification",
    "RobertaModel",
    "SiglipModel",
    "Terratorch",
    "VoyageQwen3BidirectionalEmbedModel",
    "XLMRobertaForSequenceClassification",
    "XLMRobertaModel",
]
"""Registered architectures whose implementation is a pooling model (embedding, classification, reward, late interaction), by name."""

GenerativeArchitectures = Literal[
    "BailingMoeV25MTPModel",
    "ChatGLMModel",
    "Cheers",
    "DFlashDraftModel",
    "DSparkDraftModel",
    "DeepSeekMTPModel",
    "DeepSeekV4MTPModel",
    "DiffusionGemmaForBlockDiffusion",
    "EagleDeepSeekMTPModel",
    "ErnieMTPModel",
    "Exaone4_5_MTP",
    "ExaoneMoeMTP",
    "ExtractHiddenStatesModel",
    "Gemma4MTPModel",
    "Glm4MoeLiteMTPModel",
    "Glm4MoeMTPModel",
    "GlmOcrMTPModel",
    "GritLM",
    "HYV3MTPModel",
    "HfMoondream",
    "LlamaForCausalLMEagle3",
    "Llama_Nemotron_Nano_VL",
    "LongCatFlashMTPModel",
    "MedusaModel",
    "MiDashengLMModel",
    "MiMoMTPModel",
    "MiMoV2MTPModel",
    "MiMoV2OmniMTPModel",
    "MiniCPMO",
    "MiniCPMV",
    "MiniMaxM3MTP",
    "MossAudioModel",
    "NVLM_D",
    "NemotronHMTPModel",
    "NemotronH_Nano_Omni_Reasoning_V3",
    "NemotronH_Nano_VL_V2",
    "NemotronH_Super_Omni_Reasoning_V3",
    "OpenPanguMTPModel",
    "OpenVLAForActionPrediction",
    "Ovis",
    "Ovis2_5",
    "PEagleDraftModel",
    "Phi4ForCausalLMV",
    "Qwen2_5OmniModel",
    "Qwen3ASRRealtimeGeneration",
    "Qwen3DSparkModel",
    "Qwen3NextMTP",
    "Qwen3_5MTP",
    "Qwen3_5MoeMTP",
    "Step3p5MTP",
    "UltravoxModel",
    "VoxtralRealtimeGeneration",
]
"""Registered generative architectures whose name does not end in a generative suffix (ForCausalLM, ForConditionalGeneration, ChatModel, LMHeadModel); the suffix decides for the rest."""

MultimodalArchitectures = Literal[
    "AriaForConditionalGeneration",
    "AudioFlamingo3ForConditionalGeneration",
    "BagelForConditionalGeneration",
    "BeeForConditionalGeneration",
    "Blip2ForConditionalGeneration",
    "CLIPModel",
    "ChameleonForConditionalGeneration",
    "Cheers",
    "CheersForConditionalGeneration",
    "Cohere2VisionForConditionalGeneration",
    "CohereAsrForConditionalGeneration",
    "ColModernVBertForRetrieval",
    "ColPaliForRetrieval",
    "ColQwen3",
    "ColQwen3_5",
    "Cosmos3ForConditionalGeneration",
    "DeepseekOCR2ForCausalLM",
    "DeepseekOCRForCausalLM",
    "DeepseekVLV2ForCausalLM",
    "DiffusionGemmaForBlockDiffusion",
    "DotsOCRForCausalLM",
    "Eagle2_5_VLForConditionalGeneration",
    "Ernie4_5_VLMoeForConditionalGeneration",
    "Exaone4_5_ForConditionalGeneration",
    "Exaone4_5_MTP",
    "FireRedASR2ForConditionalGeneration",
    "FireRedLIDForConditionalGeneration",
    "FunASRForConditionalGeneration",
    "FunAudioChatForConditionalGeneration",
    "FuyuForCausalLM",
    "GLM4VForCausalLM",
    "Gemma3ForConditionalGeneration",
    "Gemma3nForConditionalGeneration",
    "Gemma4ForConditionalGeneration",
    "Gemma4UnifiedForConditionalGeneration",
    "Glm4vForConditionalGeneration",
    "Glm4vMoeForConditionalGeneration",
    "GlmAsrForConditionalGeneration",
    "GlmOcrForConditionalGeneration",
    "Granite4VisionForConditionalGeneration",
    "GraniteSpeechForConditionalGeneration",
    "GraniteSpeechPlusForConditionalGeneration",
    "H2OVLChatModel",
    "HCXVisionForCausalLM",
    "HCXVisionV2ForCausalLM",
    "HfMoondream",
    "HunYuanVLForConditionalGeneration",
    "Idefics3ForConditionalGeneration",
    "InternS1ForConditionalGeneration",
    "InternS1ProForConditionalGeneration",
    "InternS2PreviewForConditionalGeneration",
    "InternVLChatModel",
    "InternVLForConditionalGeneration",
    "IsaacForConditionalGeneration",
    "JinaVLForRanking",
    "KananaVForConditionalGeneration",
    "KeyeForConditionalGeneration",
    "KeyeVL1_5ForConditionalGeneration",
    "KimiK25ForConditionalGeneration",
    "KimiVLForConditionalGeneration",
    "Lfm2VlForConditionalGeneration",
    "LightOnOCRForConditionalGeneration",
    "Llama4ForConditionalGeneration",
    "LlamaNemotronVLForSequenceClassification",
    "LlamaNemotronVLModel",
    "Llama_Nemotron_Nano_VL",
    "LlavaForConditionalGeneration",
    "LlavaNextForConditionalGeneration",
    "LlavaNextVideoForConditionalGeneration",
    "LlavaOnevision2ForConditionalGeneration",
    "LlavaOnevisionForConditionalGeneration",
    "MiDashengLMModel",
    "MiMoV2OmniForCausalLM",
    "MiMoV2OmniMTPModel",
    "MiniCPMO",
    "MiniCPMV",
    "MiniCPMV4_6ForConditionalGeneration",
    "MiniMaxM3SparseForConditionalGeneration",
    "Mistral3ForConditionalGeneration",
    "Molmo2ForConditionalGeneration",
    "MolmoForCausalLM",
    "Moondream3ForCausalLM",
    "MoonshotKimiaForCausalLM",
    "MossAudioModel",
    "MossTranscribeDiarizeForConditionalGeneration",
    "NVLM_D",
    "NemotronH_Nano_Omni_Reasoning_V3",
    "NemotronH_Nano_VL_V2",
    "NemotronH_Super_Omni_Reasoning_V3",
    "NemotronParseForConditionalGeneration",
    "OpenCUAForConditionalGeneration",
    "OpenPanguVLForConditionalGeneration",
    "OpenVLAForActionPrediction",
    "OpsColQwen3Model",
    "Ovis",
    "Ovis2_5",
    "Ovis2_6ForCausalLM",
    "Ovis2_6_MoeForCausalLM",
    "PaddleOCRVLForConditionalGeneration",
    "PaliGemmaForConditionalGeneration",
    "Phi3VForCausalLM",
    "Phi4ForCausalLMV",
    "Phi4MMForCausalLM",
    "PixtralForConditionalGeneration",
    "PrithviGeoSpatialMAE",
    "QianfanOCRForConditionalGeneration",
    "Qwen2AudioForConditionalGeneration",
    "Qwen2VLForConditionalGeneration",
    "Qwen2_5OmniForConditionalGeneration",
    "Qwen2_5OmniModel",
    "Qwen2_5_VLForConditionalGeneration",
    "Qwen3ASRForConditionalGeneration",
    "Qwen3ASRForcedAlignerForTokenClassification",
    "Qwen3ASRRealtimeGeneration",
    "Qwen3OmniMoeForConditionalGeneration",
    "Qwen3VLForConditionalGeneration",
    "Qwen3VLMoeForConditionalGeneration",
    "Qwen3VLNemotronEmbedModel",
    "Qwen3_5ForConditionalGeneration",
    "Qwen3_5MTP",
    "Qwen3_5MoeForConditionalGeneration",
    "Qwen3_5MoeMTP",
    "RForConditionalGeneration",
    "SiglipModel",
    "SkyworkR1VChatModel",
    "SmolVLMForConditionalGeneration",
    "Step3VLForConditionalGeneration",
    "Step3p7ForConditionalGeneration",
    "StepVLForConditionalGeneration",
    "Terratorch",
    "UltravoxModel",
    "UnlimitedOCRForCausalLM",
    "VoxtralForConditionalGeneration",
    "VoxtralRealtimeGeneration",
    "WhisperForConditionalGeneration",
]
"""Registered architectures that accept non-text inputs (images, audio, video)."""

HybridArchitectures = Literal[
    "BailingMoeV2_5ForCausalLM",
    "ColBERTLfm2Model",
    "ColQwen3_5",
    "FalconH1ForCausalLM",
    "GraniteMoeHybridForCausalLM",
    "InternS2PreviewForConditionalGeneration",
    "JambaForCausalLM",
    "JambaForSequenceClassification",
    "KimiLinearForCausalLM",
    "Lfm2ForCausalLM",
    "Lfm2MoeForCausalLM",
    "Lfm2VlForConditionalGeneration",
    "MiniCPMV4_6ForConditionalGeneration",
    "NemotronHForCausalLM",
    "NemotronHPuzzleForCausalLM",
    "NemotronH_Nano_Omni_Reasoning_V3",
    "NemotronH_Nano_VL_V2",
    "NemotronH_Super_Omni_Reasoning_V3",
    "OlmoHybridForCausalLM",
    "Plamo2ForCausalLM",
    "Qwen3NextForCausalLM",
    "Qwen3_5ForConditionalGeneration",
    "Qwen3_5MoeForConditionalGeneration",
    "Zamba2ForCausalLM",
]
"""Registered architectures mixing attention with state-space (Mamba-style) or linear-attention layers."""

AttentionFreeArchitectures = Literal[
    "FalconMambaForCausalLM",
    "Mamba2ForCausalLM",
    "MambaForCausalLM",
    "PrithviGeoSpatialMAE",
    "Terratorch",
]
"""Registered architectures without attention layers (pure state-space models)."""

NoOpLayerArchitectures = Literal["DeciLMForCausalLM"]
"""Registered architectures with no-op (skipped) attention or MLP blocks."""

InnerStateArchitectures = Literal[
    "BailingMoeV2_5ForCausalLM",
    "ColBERTLfm2Model",
    "FalconH1ForCausalLM",
    "FalconMambaForCausalLM",
    "GraniteMoeHybridForCausalLM",
    "JambaForCausalLM",
    "JambaForSequenceClassification",
    "KimiLinearForCausalLM",
    "Lfm2ForCausalLM",
    "Lfm2MoeForCausalLM",
    "Mamba2ForCausalLM",
    "MambaForCausalLM",
    "MiniCPMV4_6ForConditionalGeneration",
    "NemotronHForCausalLM",
    "NemotronHPuzzleForCausalLM",
    "NemotronH_Nano_Omni_Reasoning_V3",
    "NemotronH_Nano_VL_V2",
    "NemotronH_Super_Omni_Reasoning_V3",
    "OlmoHybridForCausalLM",
    "Plamo2ForCausalLM",
    "Qwen3NextForCausalLM",
    "Zamba2ForCausalLM",
]
"""Registered architectures that carry a recurrent state between steps."""

MambaPrefixCachingArchitectures = Literal[
    "FalconH1ForCausalLM",
    "FalconMambaForCausalLM",
    "GraniteMoeHybridForCausalLM",
    "JambaForCausalLM",
    "JambaForSequenceClassification",
    "Mamba2ForCausalLM",
    "MambaForCausalLM",
    "NemotronHForCausalLM",
    "NemotronHPuzzleForCausalLM",
    "Zamba2ForCausalLM",
]
"""Registered state-space architectures that support prefix caching."""

NoPipelineParallelArchitectures = Literal[
    "AriaForConditionalGeneration",
    "BailingMoeV25MTPModel",
    "BertForSequenceClassification",
    "BertForTokenClassification",
    "BertModel",
    "BertSpladeSparseEmbeddingModel",
    "BgeM3EmbeddingModel",
    "CLIPModel",
    "CohereAsrForConditionalGeneration",
    "ColBERTJinaRobertaModel",
    "ColBERTLfm2Model",
    "ColBERTModernBertModel",
    "ColModernVBertForRetrieval",
    "DFlashLagunaForCausalLM",
    "DSparkDraftModel",
    "DeepSeekMTPModel",
    "DeepSeekV4MTPModel",
    "DeepseekV4ForCausalLM",
    "ErnieMTPModel",
    "Exaone4_5_MTP",
    "ExaoneMoeMTP",
    "ExtractHiddenStatesModel",
    "FireRedASR2ForConditionalGeneration",
    "FireRedLIDForConditionalGeneration",
    "FunASRForConditionalGeneration",
    "GPT2ForSequenceClassification",
    "Gemma3TextModel",
    "Gemma3nForCausalLM",
    "Gemma3nForConditionalGeneration",
    "Gemma4MTPModel",
    "Glm4MoeMTPModel",
    "GteModel",
    "GteNewForSequenceClassification",
    "GteNewModel",
    "HF_ColBERT",
    "HYV3MTPModel",
    "HrmTextForCausalLM",
    "IQuestLoopCoderForCausalLM",
    "Idefics3ForConditionalGeneration",
    "JinaForRanking",
    "LlamaBidirectionalForSequenceClassification",
    "LlamaBidirectionalModel",
    "LongCatFlashMTPModel",
    "Mamba2ForCausalLM",
    "MedusaModel",
    "MiMoMTPModel",
    "MiMoV2MTPModel",
    "MiMoV2OmniMTPModel",
    "MiniMaxM3MTP",
    "MiniMaxM3SparseForCausalLM",
    "MiniMaxM3SparseForConditionalGeneration",
    "ModernBertForSequenceClassification",
    "ModernBertForTokenClassification",
    "ModernBertModel",
    "NemotronH_Nano_Omni_Reasoning_V3",
    "NemotronH_Nano_VL_V2",
    "NemotronH_Super_Omni_Reasoning_V3",
    "NemotronParseForConditionalGeneration",
    "NomicBertModel",
    "OpenAIPrivacyFilterForTokenClassification",
    "OpenPanguMTPModel",
    "OuroForCausalLM",
    "PaddleOCRVLForConditionalGeneration",
    "Phi4MMForCausalLM",
    "PrithviGeoSpatialMAE",
    "Qwen3NextMTP",
    "Qwen3_5MTP",
    "Qwen3_5MoeMTP",
    "RobertaForMaskedLM",
    "RobertaForSequenceClassification",
    "RobertaModel",
    "SiglipModel",
    "SmolVLMForConditionalGeneration",
    "Step3p5MTP",
    "Terratorch",
    "VoyageQwen3BidirectionalEmbedModel",
    "WhisperForConditionalGeneration",
    "XLMRobertaForSequenceClassification",
    "XLMRobertaModel",
    "Zamba2ForCausalLM",
]
"""Registered architectures whose implementation does not support pipeline parallelism."""

RawInputOnlyArchitectures = Literal["PrithviGeoSpatialMAE", "Terratorch"]
"""Registered multimodal architectures that take raw inputs only (no text prompt)."""

RawInputTokenArchitectures = Literal["Cheers", "CheersForConditionalGeneration", "VoxtralRealtimeGeneration"]
"""Registered architectures that need the raw input token ids."""

EncoderDataParallelArchitectures = Literal[
    "ColQwen3",
    "ColQwen3_5",
    "Cosmos3ForConditionalGeneration",
    "DotsOCRForCausalLM",
    "Eagle2_5_VLForConditionalGeneration",
    "Exaone4_5_ForConditionalGeneration",
    "Glm4vForConditionalGeneration",
    "Glm4vMoeForConditionalGeneration",
    "GlmOcrForConditionalGeneration",
    "H2OVLChatModel",
    "HunYuanVLForConditionalGeneration",
    "InternS1ProForConditionalGeneration",
    "InternS2PreviewForConditionalGeneration",
    "InternVLChatModel",
    "IsaacForConditionalGeneration",
    "JinaVLForRanking",
    "KimiK25ForConditionalGeneration",
    "KimiVLForConditionalGeneration",
    "Llama4ForConditionalGeneration",
    "MiniCPMO",
    "MiniCPMV",
    "MiniCPMV4_6ForConditionalGeneration",
    "NVLM_D",
    "OpenCUAForConditionalGeneration",
    "OpsColQwen3Model",
    "QianfanOCRForConditionalGeneration",
    "Qwen2VLForConditionalGeneration",
    "Qwen2_5_VLForConditionalGeneration",
    "Qwen3VLForConditionalGeneration",
    "Qwen3VLMoeForConditionalGeneration",
    "Qwen3VLNemotronEmbedModel",
    "Qwen3_5ForConditionalGeneration",
    "Qwen3_5MoeForConditionalGeneration",
    "Step3VLForConditionalGeneration",
    "Step3p7ForConditionalGeneration",
    "StepVLForConditionalGeneration",
]
"""Registered multimodal architectures whose encoder supports data-parallel sharding (mm_encoder_tp_mode data)."""

ClsPoolingArchitectures = Literal[
    "BertForSequenceClassification",
    "BertModel",
    "BertSpladeSparseEmbeddingModel",
    "BgeM3EmbeddingModel",
    "ColBERTJinaRobertaModel",
    "ColBERTLfm2Model",
    "ColBERTModernBertModel",
    "ColModernVBertForRetrieval",
    "ColPaliForRetrieval",
    "ColQwen3",
    "ColQwen3_5",
    "GteModel",
    "GteNewForSequenceClassification",
    "GteNewModel",
    "HF_ColBERT",
    "ModernBertForSequenceClassification",
    "ModernBertModel",
    "NomicBertModel",
    "OpsColQwen3Model",
    "Qwen3VLNemotronEmbedModel",
    "RobertaForMaskedLM",
    "RobertaForSequenceClassification",
    "RobertaModel",
    "SiglipModel",
    "XLMRobertaForSequenceClassification",
    "XLMRobertaModel",
]
"""Pooling architectures whose default sequence pooling is the first token (CLS); others default to LAST."""

MeanPoolingArchitectures = Literal["GritLM"]
"""Pooling architectures whose default sequence pooling is the mean over tokens."""

StepPoolingArchitectures = Literal["Qwen2ForProcessRewardModel"]
"""Pooling architectures whose default token pooling keeps step-tag tokens (STEP); others default to ALL."""

MMCacheType = Literal["shm", "lru"]
"""Multimodal processor cache kind; "lru" mirrors an LRU cache per process, "shm" shares a FIFO cache in shared memory."""

MMEncoderTPMode = Literal["weights", "data"]
"""How tensor parallelism is applied to a multimodal encoder; split the "weights" or the batch "data"."""

MMTensorIPC = Literal["direct_rpc", "torch_shm"]
"""How multimodal tensors travel from the API process to the engine."""

DetailedTraceModules = Literal["model", "worker", "all"]
"""Parts of the engine that can emit detailed per-request timing spans."""

OffloadBackend = Literal["auto", "uva", "prefetch"]
"""Mechanism used to keep part of the model weights in CPU memory."""

ExpertPlacementStrategy = Literal["linear", "round_robin"]
"""How MoE experts are laid out over the expert-parallel ranks."""

DistributedExecutorBackend = Literal["ray", "mp", "uni", "external_launcher"]
"""Built-in executors that run the model workers."""

DataParallelBackend = Literal["ray", "mp"]
"""How data-parallel engine replicas are launched."""

EPLBPolicyOption = Literal["default"]
"""Algorithm that decides where experts move during load balancing."""

DCPCommBackend = Literal["ag_rs", "a2a"]
"""Collective pattern used by decode context parallelism."""

EPLBCommunicatorBackend = Literal["torch_nccl", "torch_gloo", "nixl", "pynccl"]
"""Transport that moves expert weights between ranks during load balancing."""

All2AllBackend = Literal[
    "naive",
    "pplx",
    "deepep_high_throughput",
    "deepep_low_latency",
    "deepep_v2",
    "mori_high_throughput",
    "mori_low_latency",
    "nixl_ep",
    "allgather_reducescatter",
    "flashinfer_all2allv",
    "flashinfer_nvlink_two_sided",
    "flashinfer_nvlink_one_sided",
]
"""Kernels for the token exchange of expert-parallel MoE layers. "naive" and "pplx" were removed and fall back to "allgather_reducescatter"."""

PoolingTask = Literal[
    "embed",
    "classify",
    "token_embed",
    "token_classify",
    "plugin",
    "embed&token_classify",
]
"""What a pooling model produces; "embed&token_classify" returns both."""

SequencePoolingType = Literal["CLS", "LAST", "MEAN"]
"""How token states are reduced to one vector per sequence (first token, last token or mean)."""

TokenPoolingType = Literal["ALL", "STEP"]
"""Per-token pooling; "ALL" keeps every token, "STEP" keeps the step-tag tokens of reward models."""

ProfilerKind = Literal["torch", "cuda"]
"""Profiler driven by the engine's start/stop profiling endpoints."""

ECProducer = Literal["ec_producer", "ec_both"]
"""Encoder-cache transfer roles that send (producer or both)."""

ECConsumer = Literal["ec_consumer", "ec_both"]
"""Encoder-cache transfer roles that receive (consumer or both)."""

KVProducer = Literal["kv_producer", "kv_both"]
"""KV transfer roles that send KV cache (producer or both)."""

KVConsumer = Literal["kv_consumer", "kv_both"]
"""KV transfer roles that receive KV cache (consumer or both)."""

LoRAExtraVocabSize = Literal[256, 512]
"""Extra vocabulary sizes a LoRA adapter could add (kept for code that names them)."""

ConvertType = Literal["none", "embed", "classify"]
"""What a model is converted into, once resolved (no "auto")."""

LayerBlockType = Literal["attention", "linear_attention", "mamba"]
"""The kinds of layer block a hybrid model interleaves."""

DFlashModelTypes = Literal["dflash"]
"""Speculative methods that run a DFlash block-diffusion drafter."""

DSparkModelTypes = Literal["dspark"]
"""Speculative methods that run a DSpark drafter."""

AttnTypeStr = Literal[
    "decoder",
    "encoder",
    "encoder_only",
    "encoder_decoder",
    "attention_free",
    "hybrid",
]
"""The attention structure of a model, as the engine names it."""

HfOverrides = dict[str, Any] | HfOverridesFn
"""Edits to a model's Hugging Face config, as keys to set or as a function."""

QuantKeyName = Literal[
    "fp8_per_tensor_static",
    "fp8_per_tensor_dynamic",
    "fp8_per_token",
    "fp8_per_channel_static",
    "fp8_per_block_static",
    "fp8_per_block_dynamic",
    "mxfp8",
    "mxfp4",
    "int8_per_channel_static",
]
"""A quantization scheme for weights or activations, by name."""

RunnerType = Literal["generate", "pooling", "draft"]
"""What the model runner executes - text generation, pooling, or a speculative draft model."""

SchedulerPolicy = Literal["fcfs", "priority"]
"""Order in which waiting requests are admitted."""

MTPModelTypes = Literal[
    "deepseek_mtp",
    "mimo_mtp",
    "mimo_v2_mtp",
    "glm4_moe_mtp",
    "glm4_moe_lite_mtp",
    "glm_ocr_mtp",
    "ernie_mtp",
    "nemotron_h_mtp",
    "exaone_moe_mtp",
    "exaone4_5_mtp",
    "qwen3_next_mtp",
    "qwen3_5_mtp",
    "longcat_flash_mtp",
    "minimax_m3_mtp",
    "bailing_hybrid_mtp",
    "mtp",
    "pangu_ultra_moe_mtp",
    "step3p5_mtp",
    "hy_v3_mtp",
    "gemma4_mtp",
]
"""Multi-token-prediction drafter types. Every name other than "mtp" is an older spelling that the engine maps to "mtp"."""

EagleModelTypes = Literal["eagle", "eagle3", "extract_hidden_states", MTPModelTypes, "dflash"]
"""Methods whose drafter reads the target model's hidden states (EAGLE family, MTP, DFlash); these work with asynchronous scheduling."""

NgramGPUTypes = Literal["ngram_gpu"]
"""N-gram lookup methods that run on the GPU."""

SpeculativeMethod = Literal[
    "ngram", "medusa", "mlp_speculator", "draft_model", "suffix", "custom_class",
    EagleModelTypes,
    NgramGPUTypes,
    "dspark",
]
"""Proposer used to draft tokens for speculative decoding."""

WeightlessDrafters = Literal["ngram", "ngram_gpu", "suffix", "custom_class", "extract_hidden_states"]
"""Proposers without draft weights of their own: no draft model config is built for them (n-gram and custom proposers reuse the target's configs)."""

RejectionSampleMethod = Literal["standard", "synthetic", "block"]
"""How draft tokens are verified: "standard" probabilistic rejection sampling, "synthetic" acceptance at fixed rates (benchmarking), or "block" verification of the whole draft at once."""

DraftSampleMethod = Literal["greedy", "probabilistic"]
"""How the drafter picks its tokens (argmax or sampling)."""

StructuredOutputsBackend = Literal["auto", "xgrammar", "guidance", "outlines", "lm-format-enforcer"]
"""Grammar engine that enforces structured outputs (JSON schema, regex, choice, grammar); "auto" picks one per request."""

PerformanceMode = Literal["balanced", "interactivity", "throughput"]
"""Runtime tuning goal: "balanced", "interactivity" (low latency at small batch sizes) or "throughput" (many tokens per second at high concurrency)."""

IrOpProvider = Literal["native", "triton", "vllm_c", "aiter", "oink", "xpu_kernels"]
"""Name of a kernel provider: one in the op registry, or one of the engine's own (schema/kernels.yaml)."""
