# Generated from schema/ by cfgc; do not edit.
"""The flag table `vllm-config` builds its argparse parser from (plain data only).

Each flag: its option strings, the config field (or whole config) it sets, how its
value is read (kind, choices, nargs, optional, human-readable ints) and its help text,
already rendered. Importing this module costs no pydantic and no config class.
"""

PROG = "vllm-config"
SCHEMA_VERSION = 1

#: The vLLM release this table describes, and every release of the package (--release).
RELEASE = '0.31.0'
RELEASES = ("0.25.1", "0.26.0", "0.27.1", "0.28.0", "0.29.0", "0.30.0", "0.31.0", "0.33.0")

#: Classes built from flags (each config class lives under exactly one root).
ROOTS = ("VllmConfig", "AuxOutputConfig", "EngineArgs", "EngramConfig", "WatermarkConfig")

#: Platform profiles --platform accepts (the default first), and its environment variable.
PLATFORMS = ("cuda", "cpu")
PLATFORM_ENV = 'CFGC_PLATFORM'

#: Help groups in order: (name, one-line summary, description).
GROUPS = (
    (
        "ModelConfig",
        (
            "The model to serve: checkpoint location and revision, tokenizer, dtype, context "
            "length, quantization and output options."
        ),
        (
            "The model to serve: checkpoint location and revision, tokenizer, dtype, context "
            "length, quantization and output options. Most derived values (the Hugging Face "
            "config, the resolved dtype and context length, the runner) come from the checkpoint "
            "and are filled in by the engine; see the hook points."
        ),
    ),
    (
        "MultiModalConfig",
        (
            "Inputs, preprocessing caches and encoder execution of multimodal models (images, "
            "video, audio)."
        ),
        (
            "Inputs, preprocessing caches and encoder execution of multimodal models (images, "
            "video, audio). Built by the engine from ModelConfig's mm_* arguments when the "
            "architecture accepts non-text inputs."
        ),
    ),
    (
        "CacheConfig",
        (
            "KV cache sizing, element types and prefix caching: how much GPU memory the cache "
            "takes, how it is split into blocks, and how blocks are reused across requests."
        ),
        (
            "KV cache sizing, element types and prefix caching: how much GPU memory the cache "
            "takes, how it is split into blocks, and how blocks are reused across requests."
        ),
    ),
    (
        "ParallelConfig",
        (
            "How the model is split over devices and processes: tensor, pipeline, data, context "
            "and expert parallelism, the executor that runs the workers, and multi-node and NUMA "
            "placement."
        ),
        (
            "How the model is split over devices and processes: tensor, pipeline, data, context "
            "and expert parallelism, the executor that runs the workers, and multi-node and NUMA "
            "placement."
        ),
    ),
    (
        "SchedulerConfig",
        (
            "Per-step batching limits and admission policy of the engine's scheduler: how many "
            "tokens and sequences one step may hold, chunked prefill, and scheduling order."
        ),
        (
            "Per-step batching limits and admission policy of the engine's scheduler: how many "
            "tokens and sequences one step may hold, chunked prefill, and scheduling order. "
            "Construct it with the model's max_model_len and is_encoder_decoder (init-only "
            "arguments, not stored here)."
        ),
    ),
    (
        "LoadConfig",
        "How and from where model weights are read at startup.",
        "How and from where model weights are read at startup.",
    ),
    (
        "OffloadConfig",
        "Offloading model weights to CPU memory to run models larger than GPU memory.",
        (
            "Offloading model weights to CPU memory to run models larger than GPU memory. Part of "
            "the cache key: prefetch offloading adds ops to the compiled graph."
        ),
    ),
    (
        "AttentionConfig",
        "Which attention kernels run, and the tuning knobs of those kernels.",
        "Which attention kernels run, and the tuning knobs of those kernels.",
    ),
    (
        "MambaConfig",
        "Kernel choice and state-rounding options of Mamba (state-space model) layers.",
        "Kernel choice and state-rounding options of Mamba (state-space model) layers.",
    ),
    (
        "KernelConfig",
        "Which kernel families serve MoE and quantized linear layers, and warmup options.",
        "Which kernel families serve MoE and quantized linear layers, and warmup options.",
    ),
    (
        "LoRAConfig",
        (
            "Serving LoRA adapters: adapter slots per batch and in CPU memory, the largest rank, "
            "weight dtype and the modules adapters may touch."
        ),
        (
            "Serving LoRA adapters: adapter slots per batch and in CPU memory, the largest rank, "
            "weight dtype and the modules adapters may touch. Sizes static buffers, so most "
            "fields are part of the cache key."
        ),
    ),
    (
        "StructuredOutputsConfig",
        (
            "Engine-wide defaults for structured (constrained) decoding: which grammar backend "
            "enforces JSON schemas, regexes and grammars, and how reasoning output interacts with "
            "it."
        ),
        (
            "Engine-wide defaults for structured (constrained) decoding: which grammar backend "
            "enforces JSON schemas, regexes and grammars, and how reasoning output interacts with "
            "it. Constraining happens on the logits, so none of this reaches the compiled model "
            "graph."
        ),
    ),
    (
        "ObservabilityConfig",
        "Metrics, tracing and diagnostic logging.",
        "Metrics, tracing and diagnostic logging. None of it changes the compiled model.",
    ),
    (
        "CompilationConfig",
        "torch.compile, CUDA graph capture and Inductor settings.",
        (
            "torch.compile, CUDA graph capture and Inductor settings. Three groups: top-level "
            "compile control (mode, backend, cache and dump paths, custom ops, splitting ops, "
            "encoder compilation); CUDA graph capture (cudagraph_mode, capture sizes, warmups, "
            "input copies); and Inductor (compile sizes and ranges, extra Inductor config and "
            "passes, plus pass_config for the fusion passes). Several fields start unset and are "
            "resolved when VllmConfig is built; a CompilationConfig used on its own is not fully "
            "initialised.\n\nCUDA graphs and Inductor take separate size lists because a captured "
            "graph replays only at its exact batch size, while an Inductor graph compiled for a "
            "symbolic size serves any size; compiling for a few fixed sizes is optional."
        ),
    ),
    (
        "LoggingConfig",
        (
            "How vLLM sets up Python logging when the engine starts: the level of its own "
            "handler, or a logging configuration file of yours."
        ),
        (
            "How vLLM sets up Python logging when the engine starts: the level of its own "
            "handler, or a logging configuration file of yours. --log-level and --log-config-file "
            "set single fields over --logging-config."
        ),
    ),
    (
        "VllmConfig",
        "The whole engine configuration: one sub-config per concern, plus the optimization level.",
        (
            "The whole engine configuration: one sub-config per concern, plus the optimization "
            "level. Building it reconciles the parts (CUDA-graph sizes, compile ranges, "
            "asynchronous scheduling, KV offloading, ...). Its compute_hash() is the "
            "torch.compile cache key: every sub-config that can change the compiled graph, each "
            "by its own hash, plus the schema version."
        ),
    ),
    (
        "AuxOutputConfig",
        (
            "Extra outputs the engine can hand back with each request besides the generated "
            "tokens (today: which MoE experts each token was routed to), and how much host memory "
            "their buffer starts with."
        ),
        (
            "Extra outputs the engine can hand back with each request besides the generated "
            "tokens (today: which MoE experts each token was routed to), and how much host memory "
            "their buffer starts with."
        ),
    ),
    (
        "EngineArgs",
        (
            "Engine process options of `vllm serve` that belong to no config class: statistics "
            "and request logging, environment validation, GPU selection, data-parallel rank "
            "layout and the GDN and KDA kernels."
        ),
        (
            "Engine process options of `vllm serve` that belong to no config class: statistics "
            "and request logging, environment validation, GPU selection, data-parallel rank "
            "layout and the GDN and KDA kernels. None of them changes a config or the cache key."
        ),
    ),
    (
        "EngramConfig",
        "Where the large n-gram embedding tables of models that have them (e.g.",
        (
            "Where the large n-gram embedding tables of models that have them (e.g. DeepSeek "
            "V4.1's Engram layers) are kept and how they are split over ranks. Only valid for "
            "such models; the engine creates it with its defaults when the model has these layers "
            "and none is given."
        ),
    ),
    (
        "WatermarkConfig",
        (
            "Embeds a secret-keyed statistical watermark in the text the engine samples, so that "
            "the text can later be recognised as generated."
        ),
        (
            "Embeds a secret-keyed statistical watermark in the text the engine samples, so that "
            "the text can later be recognised as generated. Off unless given."
        ),
    ),
)

#: Config classes: module, root, field path from the root, and constructor fields
#: (name -> nested config class, or "" for a plain value).
CLASSES = {
    "AttentionConfig": {
        "module": "attention",
        "root": "VllmConfig",
        "path": ("attention_config",),
        "fields": {
            "backend": "",
            "minimax_m3_msa_decode_backend": "",
            "backend_per_kind": "",
            "flash_attn_version": "",
            "flash_attn_max_num_splits_for_cuda_graph": "",
            "tq_max_kv_splits_for_cuda_graph": "",
            "use_trtllm_attention": "",
            "disable_flashinfer_q_quantization": "",
            "mla_prefill_backend": "",
            "use_prefill_query_quantization": "",
            "indexer_kv_dtype": "",
            "indexer_sparse_logits": "",
            "use_non_causal": "",
            "sparse_mla_force_mqa": "",
            "flex_attn_block_m": "",
            "flex_attn_block_n": "",
            "flex_attn_q_block_size": "",
            "flex_attn_kv_block_size": "",
        },
    },
    "AuxOutputConfig": {
        "module": "aux_output",
        "root": "AuxOutputConfig",
        "path": (),
        "fields": {"enable_return_routed_experts": "", "max_bytes": ""},
    },
    "CacheConfig": {
        "module": "cache",
        "root": "VllmConfig",
        "path": ("cache_config",),
        "fields": {
            "block_size": "",
            "prefix_match_unit": "",
            "gpu_memory_utilization": "",
            "cache_dtype": "",
            "is_attention_free": "",
            "num_gpu_blocks_override": "",
            "sliding_window": "",
            "enable_prefix_caching": "",
            "prefix_caching_hash_algo": "",
            "prefix_cache_retention_interval": "",
            "kv_cache_dtype_skip_layers": "",
            "mamba_page_size_padded": "",
            "skip_page_size_padded": "",
            "mamba_block_size": "",
            "mamba_cache_dtype": "",
            "mamba_ssm_cache_dtype": "",
            "mamba_cache_mode": "",
            "enable_mamba_shared_prefix_checkpoint": "",
            "replayssm_buffer_len": "",
            "use_replayssm": "",
            "kv_sharing_fast_prefill": "",
            "swa_bounded_replay": "",
            "kv_cache_memory_bytes": "",
            "kv_offloading_size": "",
            "kv_offloading_backend": "",
        },
    },
    "PassConfig": {
        "module": "compilation",
        "root": "VllmConfig",
        "path": ("compilation_config", "pass_config"),
        "fields": {
            "fuse_norm_quant": "",
            "fuse_act_quant": "",
            "fuse_attn_quant": "",
            "eliminate_noops": "",
            "enable_sp": "",
            "fuse_gemm_comms": "",
            "fuse_allreduce_rms": "",
            "enable_qk_norm_rope_fusion": "",
            "fuse_rope_kvcache_cat_mla": "",
            "fuse_act_padding": "",
            "fuse_mla_dual_rms_norm": "",
            "fuse_rope_kvcache": "",
            "fuse_qk_norm_rope_kvcache": "",
            "rope_kvcache_fusion_max_token_num": "",
            "fi_allreduce_fusion_max_size_mb": "",
            "sp_min_token_num": "",
        },
    },
    "DynamicShapesConfig": {
        "module": "compilation",
        "root": "VllmConfig",
        "path": ("compilation_config", "dynamic_shapes_config"),
        "fields": {"type": "", "evaluate_guards": "", "assume_32_bit_indexing": ""},
    },
    "CompilationConfig": {
        "module": "compilation",
        "root": "VllmConfig",
        "path": ("compilation_config",),
        "fields": {
            "mode": "",
            "debug_dump_path": "",
            "cache_dir": "",
            "compile_cache_save_format": "",
            "backend": "",
            "custom_ops": "",
            "ir_enable_torch_wrap": "",
            "splitting_ops": "",
            "compile_mm_encoder": "",
            "cudagraph_mm_encoder": "",
            "encoder_cudagraph_token_budgets": "",
            "encoder_cudagraph_max_vision_items_per_batch": "",
            "encoder_cudagraph_max_frames_per_batch": "",
            "compile_sizes": "",
            "compile_ranges_endpoints": "",
            "inductor_compile_config": "",
            "inductor_passes": "",
            "cudagraph_mode": "",
            "cudagraph_num_of_warmups": "",
            "cudagraph_capture_sizes": "",
            "cudagraph_copy_inputs": "",
            "cudagraph_specialize_lora": "",
            "use_inductor_graph_partition": "",
            "pass_config": "PassConfig",
            "max_cudagraph_capture_size": "",
            "dynamic_shapes_config": "DynamicShapesConfig",
            "fast_moe_cold_start": "",
        },
        "factories": ["pass_config", "dynamic_shapes_config"],
    },
    "DeviceConfig": {
        "module": "device",
        "root": "VllmConfig",
        "path": ("device_config",),
        "fields": {"device": ""},
    },
    "DiffusionConfig": {
        "module": "diffusion",
        "root": "VllmConfig",
        "path": ("diffusion_config",),
        "fields": {"canvas_length": "", "max_denoising_steps": ""},
    },
    "EncoderCacheManagerConfig": {
        "module": "ec_manager_config",
        "root": "VllmConfig",
        "path": ("ec_manager_config",),
        "fields": {"encoder_cache_manager_cls": "", "manager_config": ""},
    },
    "ECTransferConfig": {
        "module": "ec_transfer",
        "root": "VllmConfig",
        "path": ("ec_transfer_config",),
        "fields": {
            "ec_connector": "",
            "engine_id": "",
            "ec_buffer_device": "",
            "ec_buffer_size": "",
            "ec_role": "",
            "ec_rank": "",
            "ec_parallel_size": "",
            "ec_ip": "",
            "ec_port": "",
            "ec_connector_extra_config": "",
            "ec_connector_module_path": "",
        },
    },
    "EngineArgs": {
        "module": "engine_args",
        "root": "EngineArgs",
        "path": (),
        "fields": {
            "disable_log_stats": "",
            "aggregate_engine_logging": "",
            "enable_log_requests": "",
            "fail_on_environ_validation": "",
            "gdn_prefill_backend": "",
            "kda_prefill_backend": "",
            "kda_decode_backend": "",
            "device_ids": "",
            "data_parallel_start_rank": "",
            "data_parallel_multi_port_external_lb": "",
        },
    },
    "EngramConfig": {
        "module": "engram",
        "root": "EngramConfig",
        "path": (),
        "fields": {"cpu_offload": "", "embedding_across_dp": "", "dp_shared_memory": "", "use_thp": ""},
    },
    "FaultToleranceConfig": {
        "module": "fault_tolerance",
        "root": "VllmConfig",
        "path": ("parallel_config", "fault_tolerance_config"),
        "fields": {"engine_recovery_timeout_sec": ""},
    },
    "IrOpPriorityConfig": {
        "module": "kernel",
        "root": "VllmConfig",
        "path": ("kernel_config", "ir_op_priority"),
        "fields": {"rms_norm": "", "fused_add_rms_norm": "", "gelu_and_mul_sparse": ""},
    },
    "KernelConfig": {
        "module": "kernel",
        "root": "VllmConfig",
        "path": ("kernel_config",),
        "fields": {
            "ir_op_priority": "IrOpPriorityConfig",
            "enable_flashinfer_autotune": "",
            "enable_cutedsl_warmup": "",
            "enable_jit_warmup": "",
            "moe_backend": "",
            "sparse_indexer_topk_backend": "",
            "linear_backend": "",
            "linear_backend_per_quant": "",
        },
        "factories": ["ir_op_priority"],
    },
    "KVEventsConfig": {
        "module": "kv_events",
        "root": "VllmConfig",
        "path": ("kv_events_config",),
        "fields": {
            "enable_kv_cache_events": "",
            "publisher": "",
            "endpoint": "",
            "replay_endpoint": "",
            "buffer_steps": "",
            "hwm": "",
            "max_queue_size": "",
            "topic": "",
        },
    },
    "KVTransferConfig": {
        "module": "kv_transfer",
        "root": "VllmConfig",
        "path": ("kv_transfer_config",),
        "fields": {
            "kv_connector": "",
            "engine_id": "",
            "kv_buffer_device": "",
            "kv_buffer_size": "",
            "kv_role": "",
            "kv_rank": "",
            "kv_parallel_size": "",
            "kv_ip": "",
            "kv_port": "",
            "kv_connector_extra_config": "",
            "kv_connector_module_path": "",
            "enable_permute_local_kv": "",
            "kv_load_failure_policy": "",
        },
    },
    "LoadConfig": {
        "module": "load",
        "root": "VllmConfig",
        "path": ("load_config",),
        "fields": {
            "load_format": "",
            "download_dir": "",
            "safetensors_load_strategy": "",
            "safetensors_prefetch_num_threads": "",
            "safetensors_prefetch_block_size": "",
            "model_loader_extra_config": "",
            "device": "",
            "ignore_patterns": "",
            "use_tqdm_on_load": "",
            "pt_load_map_location": "",
        },
    },
    "LoggingConfig": {
        "module": "logging",
        "root": "VllmConfig",
        "path": ("logging_config",),
        "fields": {"log_level": "", "configure_logging": "", "pylogging_config_file": ""},
    },
    "LoRAConfig": {
        "module": "lora",
        "root": "VllmConfig",
        "path": ("lora_config",),
        "fields": {
            "max_lora_rank": "",
            "max_loras": "",
            "fully_sharded_loras": "",
            "max_cpu_loras": "",
            "lora_dtype": "",
            "target_modules": "",
            "default_mm_loras": "",
            "enable_tower_connector_lora": "",
            "specialize_active_lora": "",
            "enable_mixed_moe_lora_format": "",
            "enable_moe_shared_loras": "",
            "max_lora_cls_labels": "",
        },
    },
    "MambaConfig": {
        "module": "mamba",
        "root": "VllmConfig",
        "path": ("mamba_config",),
        "fields": {
            "backend": "",
            "enable_stochastic_rounding": "",
            "stochastic_rounding_philox_rounds": "",
            "ssu_algorithm": "",
        },
    },
    "ModelConfig": {
        "module": "model",
        "root": "VllmConfig",
        "path": ("model_config",),
        "fields": {
            "model": "",
            "model_weights": "",
            "runner": "",
            "convert": "",
            "tokenizer": "",
            "tokenizer_mode": "",
            "trust_remote_code": "",
            "dtype": "",
            "seed": "",
            "hf_config_path": "",
            "allowed_local_media_path": "",
            "allowed_media_domains": "",
            "revision": "",
            "code_revision": "",
            "tokenizer_revision": "",
            "max_model_len": "",
            "spec_target_max_model_len": "",
            "quantization": "",
            "quantization_config": "",
            "allow_deprecated_quantization": "",
            "enforce_eager": "",
            "return_sampling_mask": "",
            "max_logprobs": "",
            "logprobs_mode": "",
            "use_fp64_gumbel": "",
            "enable_trace_replay": "",
            "disable_sliding_window": "",
            "disable_cascade_attn": "",
            "skip_tokenizer_init": "",
            "enable_prompt_embeds": "",
            "served_model_name": "",
            "config_format": "",
            "hf_token": "",
            "hf_overrides": "",
            "model_class_overrides": "",
            "generation_config": "",
            "override_generation_config": "",
            "enable_sleep_mode": "",
            "sleep_mode_backend": "",
            "sleep_preserve_parameter_names": "",
            "enable_nccl_comm_suspend": "",
            "enable_cumem_allocator": "",
            "model_impl": "",
            "logits_processors": "",
            "io_processor_plugin": "",
            "renderer_num_workers": "",
            "pooler_config": "PoolerConfig",
            "multimodal_config": "MultiModalConfig",
            "language_model_only": "",
            "limit_mm_per_prompt": "",
            "enable_mm_embeds": "",
            "media_io_kwargs": "",
            "mm_processor_kwargs": "",
            "mm_processor_cache_gb": "",
            "mm_processor_cache_type": "",
            "mm_shm_cache_max_object_size_mb": "",
            "mm_encoder_only": "",
            "mm_encoder_tp_mode": "",
            "mm_encoder_attn_backend": "",
            "mm_encoder_attn_dtype": "",
            "mm_encoder_fp8_scale_path": "",
            "mm_encoder_fp8_scale_save_path": "",
            "mm_encoder_fp8_scale_save_margin": "",
            "interleave_mm_strings": "",
            "skip_mm_profiling": "",
            "video_pruning_rate": "",
            "mm_tensor_ipc": "",
            "mm_ipc_gpu_memory_gb": "",
            "mm_hasher_algorithm": "",
            "video_pruning_method": "",
            "mm_device_do_normalize": "",
            "mm_processor_device": "",
        },
    },
    "MultiModalConfig": {
        "module": "multimodal",
        "root": "VllmConfig",
        "path": ("model_config", "multimodal_config"),
        "fields": {
            "language_model_only": "",
            "limit_per_prompt": "",
            "enable_mm_embeds": "",
            "media_io_kwargs": "",
            "mm_processor_kwargs": "",
            "mm_device_do_normalize": "",
            "mm_processor_device": "",
            "mm_processor_cache_gb": "",
            "mm_processor_cache_type": "",
            "mm_hasher_algorithm": "",
            "mm_shm_cache_max_object_size_mb": "",
            "mm_encoder_only": "",
            "mm_encoder_tp_mode": "",
            "mm_encoder_attn_backend": "",
            "mm_encoder_attn_dtype": "",
            "mm_encoder_fp8_scale_path": "",
            "mm_encoder_fp8_scale_save_path": "",
            "mm_encoder_fp8_scale_save_margin": "",
            "interleave_mm_strings": "",
            "skip_mm_profiling": "",
            "video_pruning_rate": "",
            "video_pruning_method": "",
            "mm_tensor_ipc": "",
            "allow_missing_mm_embeddings": "",
            "mm_ipc_gpu_memory_gb": "",
        },
    },
    "ObservabilityConfig": {
        "module": "observability",
        "root": "VllmConfig",
        "path": ("observability_config",),
        "fields": {
            "show_hidden_metrics_for_version": "",
            "otlp_traces_endpoint": "",
            "collect_detailed_traces": "",
            "per_request_spec_decode_metrics": "",
            "kv_cache_metrics": "",
            "kv_cache_metrics_sample": "",
            "cudagraph_metrics": "",
            "enable_layerwise_nvtx_tracing": "",
            "enable_mfu_metrics": "",
            "enable_mm_processor_stats": "",
            "enable_logging_iteration_details": "",
            "jit_monitor_mode": "",
            "jit_monitor_verbose": "",
        },
    },
    "UVAOffloadConfig": {
        "module": "offload",
        "root": "VllmConfig",
        "path": ("offload_config", "uva"),
        "fields": {"cpu_offload_gb": "", "cpu_offload_params": ""},
    },
    "PrefetchOffloadConfig": {
        "module": "offload",
        "root": "VllmConfig",
        "path": ("offload_config", "prefetch"),
        "fields": {
            "offload_group_size": "",
            "offload_num_in_group": "",
            "offload_prefetch_step": "",
            "offload_params": "",
        },
    },
    "OffloadConfig": {
        "module": "offload",
        "root": "VllmConfig",
        "path": ("offload_config",),
        "fields": {"offload_backend": "", "uva": "UVAOffloadConfig", "prefetch": "PrefetchOffloadConfig"},
        "factories": ["uva", "prefetch"],
    },
    "EPLBConfig": {
        "module": "parallel",
        "root": "VllmConfig",
        "path": ("parallel_config", "eplb_config"),
        "fields": {
            "window_size": "",
            "step_interval": "",
            "num_redundant_experts": "",
            "log_balancedness": "",
            "log_balancedness_interval": "",
            "use_async": "",
            "policy": "",
            "communicator": "",
        },
    },
    "ParallelConfig": {
        "module": "parallel",
        "root": "VllmConfig",
        "path": ("parallel_config",),
        "fields": {
            "pipeline_parallel_size": "",
            "tensor_parallel_size": "",
            "prefill_context_parallel_size": "",
            "data_parallel_size": "",
            "data_parallel_size_local": "",
            "data_parallel_rank": "",
            "data_parallel_rank_local": "",
            "data_parallel_master_ip": "",
            "data_parallel_rpc_port": "",
            "dp_sync_interval": "",
            "data_parallel_master_port": "",
            "data_parallel_backend": "",
            "data_parallel_external_lb": "",
            "data_parallel_hybrid_lb": "",
            "is_moe_model": "",
            "enable_batch_sharded_sampling": "",
            "enable_expert_parallel": "",
            "enable_ep_weight_filter": "",
            "enable_eplb": "",
            "eplb_config": "EPLBConfig",
            "expert_placement_strategy": "",
            "all2all_backend": "",
            "max_parallel_loading_workers": "",
            "disable_custom_all_reduce": "",
            "enable_elastic_ep": "",
            "elastic_ep_max_dp_size": "",
            "enable_dbo": "",
            "ubatch_size": "",
            "dbo_decode_token_threshold": "",
            "dbo_prefill_token_threshold": "",
            "disable_nccl_for_dp_synchronization": "",
            "ray_workers_use_nsight": "",
            "ray_runtime_env": "",
            "placement_group": "",
            "distributed_executor_backend": "",
            "worker_cls": "",
            "sd_worker_cls": "",
            "worker_extension_cls": "",
            "master_addr": "",
            "master_port": "",
            "node_rank": "",
            "nnodes": "",
            "numa_bind": "",
            "numa_bind_nodes": "",
            "numa_bind_cpus": "",
            "assigned_physical_gpu_ids": "",
            "distributed_timeout_seconds": "",
            "cpu_distributed_timeout_seconds": "",
            "rank": "",
            "_data_parallel_master_port_list": "",
            "_coord_store_port": "",
            "decode_context_parallel_size": "",
            "dcp_kv_cache_interleave_size": "",
            "dcp_comm_backend": "",
            "dcp_q_replicate": "",
            "cp_kv_cache_interleave_size": "",
            "_allow_auto_resolve_cp_interleave_size": "",
            "_api_process_count": "",
            "_api_process_rank": "",
            "enable_fault_tolerance": "",
            "fault_tolerance_config": "FaultToleranceConfig",
        },
        "factories": ["eplb_config", "fault_tolerance_config"],
    },
    "PoolerConfig": {
        "module": "pooler",
        "root": "VllmConfig",
        "path": ("model_config", "pooler_config"),
        "fields": {
            "task": "",
            "pooling_type": "",
            "seq_pooling_type": "",
            "tok_pooling_type": "",
            "use_activation": "",
            "dimensions": "",
            "enable_chunked_processing": "",
            "max_embed_len": "",
            "logit_mean": "",
            "logit_sigma": "",
            "step_tag_id": "",
            "returned_token_ids": "",
        },
    },
    "ProfilerConfig": {
        "module": "profiler",
        "root": "VllmConfig",
        "path": ("profiler_config",),
        "fields": {
            "profiler": "",
            "torch_profiler_dir": "",
            "torch_profiler_activities": "",
            "proton_profiler_dir": "",
            "proton_context": "",
            "proton_data": "",
            "proton_backend": "",
            "proton_mode": "",
            "proton_hook": "",
            "proton_output_format": "",
            "proton_graph_attribution": "",
            "torch_profiler_with_stack": "",
            "torch_profiler_with_flops": "",
            "torch_profiler_use_gzip": "",
            "torch_profiler_dump_cuda_time_total": "",
            "torch_profiler_record_shapes": "",
            "torch_profiler_with_memory": "",
            "capture_torch_profiler": "",
            "detailed_trace_annotation": "",
            "ignore_frontend": "",
            "delay_iterations": "",
            "max_iterations": "",
            "warmup_iterations": "",
            "active_iterations": "",
            "wait_iterations": "",
        },
    },
    "QuantSpec": {
        "module": "quantization",
        "root": "VllmConfig",
        "path": ("model_config", "quantization_config", "linear"),
        "fields": {"weight": "", "activation": ""},
    },
    "QuantizationConfigArgs": {
        "module": "quantization",
        "root": "VllmConfig",
        "path": ("model_config", "quantization_config"),
        "fields": {"linear": "QuantSpec", "moe": "QuantSpec", "ignore": "", "targets": ""},
    },
    "ReasoningConfig": {
        "module": "reasoning",
        "root": "VllmConfig",
        "path": ("reasoning_config",),
        "fields": {"reasoning_parser": "", "reasoning_start_str": "", "reasoning_end_str": ""},
    },
    "SchedulerConfig": {
        "module": "scheduler",
        "root": "VllmConfig",
        "path": ("scheduler_config",),
        "fields": {
            "max_model_len": "",
            "is_encoder_decoder": "",
            "runner_type": "",
            "max_num_batched_tokens": "",
            "max_num_scheduled_tokens": "",
            "max_num_seqs": "",
            "max_num_active_seqs": "",
            "long_prefill_token_threshold": "",
            "long_prefill_token_threshold_adaptive": "",
            "max_num_queued_reqs": "",
            "max_num_queued_tokens": "",
            "enable_chunked_prefill": "",
            "is_multimodal_model": "",
            "policy": "",
            "disable_chunked_mm_input": "",
            "scheduler_cls": "",
            "disable_hybrid_kv_cache_manager": "",
            "scheduler_reserve_full_isl": "",
            "watermark": "",
            "prefill_schedule_interval": "",
            "async_scheduling": "",
            "stream_interval": "",
        },
        "fill": {"max_model_len": 8192, "is_encoder_decoder": False},
        "from_parent": {
            "max_model_len": "model_config.max_model_len",
            "is_encoder_decoder": "model_config.is_encoder_decoder",
        },
    },
    "SpeculativeConfig": {
        "module": "speculative",
        "root": "VllmConfig",
        "path": ("speculative_config",),
        "fields": {
            "enforce_eager": "",
            "num_speculative_tokens": "",
            "model": "",
            "method": "",
            "draft_tensor_parallel_size": "",
            "tensor_parallel_size": "",
            "quantization": "",
            "moe_backend": "",
            "attention_backend": "",
            "kv_cache_dtype": "",
            "index_share_for_mtp_iteration": "",
            "disable_eagle_block_drop": "",
            "max_model_len": "",
            "revision": "",
            "code_revision": "",
            "disable_padded_drafter_batch": "",
            "use_local_argmax_reduction": "",
            "use_heterogeneous_vocab": "",
            "prompt_lookup_max": "",
            "prompt_lookup_min": "",
            "parallel_drafting": "",
            "target_model_config": "ModelConfig",
            "target_parallel_config": "ParallelConfig",
            "num_speculative_tokens_per_batch_size": "",
            "draft_model_config": "ModelConfig",
            "draft_parallel_config": "ParallelConfig",
            "suffix_decoding_max_tree_depth": "",
            "suffix_decoding_max_cached_requests": "",
            "suffix_decoding_max_spec_factor": "",
            "suffix_decoding_min_token_prob": "",
            "draft_load_config": "LoadConfig",
            "rejection_sample_method": "",
            "synthetic_acceptance_rates": "",
            "synthetic_acceptance_length": "",
            "draft_sample_method": "",
            "enable_adaptive_verification": "",
            "dspark_draft_topk": "",
        },
        "from_parent": {"target_model_config": "model_config", "target_parallel_config": "parallel_config"},
    },
    "StructuredOutputsConfig": {
        "module": "structured_outputs",
        "root": "VllmConfig",
        "path": ("structured_outputs_config",),
        "fields": {
            "backend": "",
            "disable_any_whitespace": "",
            "disable_additional_properties": "",
            "reasoning_parser": "",
            "reasoning_parser_plugin": "",
            "enable_in_reasoning": "",
        },
    },
    "VllmConfig": {
        "module": "vllm",
        "root": "VllmConfig",
        "path": (),
        "fields": {
            "model_config": "ModelConfig",
            "cache_config": "CacheConfig",
            "parallel_config": "ParallelConfig",
            "scheduler_config": "SchedulerConfig",
            "device_config": "DeviceConfig",
            "load_config": "LoadConfig",
            "offload_config": "OffloadConfig",
            "attention_config": "AttentionConfig",
            "mamba_config": "MambaConfig",
            "kernel_config": "KernelConfig",
            "lora_config": "LoRAConfig",
            "speculative_config": "SpeculativeConfig",
            "diffusion_config": "DiffusionConfig",
            "structured_outputs_config": "StructuredOutputsConfig",
            "observability_config": "ObservabilityConfig",
            "quant_config": "",
            "compilation_config": "CompilationConfig",
            "profiler_config": "ProfilerConfig",
            "kv_transfer_config": "KVTransferConfig",
            "kv_events_config": "KVEventsConfig",
            "ec_transfer_config": "ECTransferConfig",
            "reasoning_config": "ReasoningConfig",
            "additional_config": "",
            "instance_id": "",
            "optimization_level": "",
            "performance_mode": "",
            "weight_transfer_config": "WeightTransferConfig",
            "shutdown_timeout": "",
            "logging_config": "LoggingConfig",
            "ec_manager_config": "EncoderCacheManagerConfig",
        },
        "factories": [
            "cache_config",
            "parallel_config",
            "device_config",
            "load_config",
            "offload_config",
            "attention_config",
            "mamba_config",
            "kernel_config",
            "structured_outputs_config",
            "observability_config",
            "compilation_config",
            "profiler_config",
            "logging_config",
            "ec_manager_config",
        ],
    },
    "WatermarkConfig": {
        "module": "watermarking",
        "root": "WatermarkConfig",
        "path": (),
        "fields": {
            "key": "",
            "algorithm": "",
            "alpha": "",
            "context_width": "",
            "deduplicate_contexts": "",
            "deduplicate_contexts_max_history": "",
            "prf": "",
            "allow_target_only_watermarking": "",
        },
    },
    "WeightTransferConfig": {
        "module": "weight_transfer",
        "root": "VllmConfig",
        "path": ("weight_transfer_config",),
        "fields": {"backend": ""},
    },
}

FLAGS = (
    {
        "flag": "--model",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.model",
        "cls": "ModelConfig",
        "field": "model",
        "root": "VllmConfig",
        "path": ("model_config", "model"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "Qwen/Qwen3-0.6B",
        "help": (
            "Hugging Face model id or local path of the checkpoint. Also the model name in "
            "metrics and the API when served_model_name is unset. (default: Qwen/Qwen3-0.6B)"
        ),
        "dest": "f0",
    },
    {
        "flag": "--runner",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.runner",
        "cls": "ModelConfig",
        "field": "runner",
        "root": "VllmConfig",
        "path": ("model_config", "runner"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "draft", "generate", "pooling"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "auto",
        "help": (
            "Runner for this engine: \"generate\" for text generation, \"pooling\" for "
            "embeddings/classification, \"draft\" for speculative-decoding drafts. One engine "
            "serves one runner. (default: auto)"
        ),
        "dest": "f1",
    },
    {
        "flag": "--convert",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.convert",
        "cls": "ModelConfig",
        "field": "convert",
        "root": "VllmConfig",
        "path": ("model_config", "convert"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "classify", "embed", "none"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "auto",
        "help": (
            "Adapt the model to another task, e.g. \"embed\" or \"classify\" to use a generative "
            "model for pooling. (default: auto)"
        ),
        "dest": "f2",
    },
    {
        "flag": "--tokenizer",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.tokenizer",
        "cls": "ModelConfig",
        "field": "tokenizer",
        "root": "VllmConfig",
        "path": ("model_config", "tokenizer"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": "Hugging Face tokenizer id or path; defaults to model. (default: None)",
        "dest": "f3",
    },
    {
        "flag": "--tokenizer-mode",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.tokenizer_mode",
        "cls": "ModelConfig",
        "field": "tokenizer_mode",
        "root": "VllmConfig",
        "path": ("model_config", "tokenizer_mode"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "cohere", "deepseek_v32", "deepseek_v4", "hf", "inkling", "kimi_k3", "mistral"),
        "literal_type": "str",
        "open": True,
        "normalise": ["lower"],
        "requires": "",
        "default": "auto",
        "help": (
            "Tokenizer implementation: \"hf\" (the fast tokenizer), \"mistral\" (mistral_common), "
            "a model-specific mode such as \"deepseek_v32\", \"deepseek_v4\" or \"kimi_k3\", or a "
            "plugin's name. \"auto\" picks per architecture, mistral_common for Mistral models "
            "and \"hf\" otherwise. (default: auto)"
        ),
        "dest": "f4",
    },
    {
        "flag": "--trust-remote-code",
        "aliases": (),
        "negatives": ("--no-trust-remote-code",),
        "group": "ModelConfig",
        "target": "ModelConfig.trust_remote_code",
        "cls": "ModelConfig",
        "field": "trust_remote_code",
        "root": "VllmConfig",
        "path": ("model_config", "trust_remote_code"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Allow running model and tokenizer code shipped with the checkpoint. Only for sources "
            "you trust. (default: False)"
        ),
        "dest": "f5",
    },
    {
        "flag": "--dtype",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.dtype",
        "cls": "ModelConfig",
        "field": "dtype",
        "root": "VllmConfig",
        "path": ("model_config", "dtype"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "bfloat16", "float", "float16", "float32", "half"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "auto",
        "help": (
            "Weight and activation dtype: \"auto\" (FP16 for FP32/FP16 checkpoints, BF16 for BF16 "
            "ones), \"half\"/\"float16\", \"bfloat16\", \"float\"/\"float32\", or a torch dtype. "
            "(default: auto)"
        ),
        "dest": "f6",
    },
    {
        "flag": "--seed",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.seed",
        "cls": "ModelConfig",
        "field": "seed",
        "root": "VllmConfig",
        "path": ("model_config", "seed"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": (
            "Random seed; the same on every worker so tensor-parallel ranks sample identical "
            "tokens. (default: 0)"
        ),
        "dest": "f7",
    },
    {
        "flag": "--hf-config-path",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.hf_config_path",
        "cls": "ModelConfig",
        "field": "hf_config_path",
        "root": "VllmConfig",
        "path": ("model_config", "hf_config_path"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "Hugging Face id or path to read the model config from, when it differs from model. "
            "(default: None)"
        ),
        "dest": "f8",
    },
    {
        "flag": "--allowed-local-media-path",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.allowed_local_media_path",
        "cls": "ModelConfig",
        "field": "allowed_local_media_path",
        "root": "VllmConfig",
        "path": ("model_config", "allowed_local_media_path"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "",
        "help": (
            "Server folder from which API requests may read local images and videos. A security "
            "risk: only for trusted deployments. Empty disables local files."
        ),
        "dest": "f9",
    },
    {
        "flag": "--allowed-media-domains",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.allowed_media_domains",
        "cls": "ModelConfig",
        "field": "allowed_media_domains",
        "root": "VllmConfig",
        "path": ("model_config", "allowed_media_domains"),
        "optional": True,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "None",
        "help": "If set, multimodal inputs may only be fetched from URLs of these domains. (default: None)",
        "dest": "f10",
    },
    {
        "flag": "--revision",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.revision",
        "cls": "ModelConfig",
        "field": "revision",
        "root": "VllmConfig",
        "path": ("model_config", "revision"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "Model revision to load (branch, tag or commit); unset uses the default branch. "
            "(default: None)"
        ),
        "dest": "f11",
    },
    {
        "flag": "--code-revision",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.code_revision",
        "cls": "ModelConfig",
        "field": "code_revision",
        "root": "VllmConfig",
        "path": ("model_config", "code_revision"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "Revision of the remote model code on the Hub (branch, tag or commit); unset uses the "
            "default. (default: None)"
        ),
        "dest": "f12",
    },
    {
        "flag": "--tokenizer-revision",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.tokenizer_revision",
        "cls": "ModelConfig",
        "field": "tokenizer_revision",
        "root": "VllmConfig",
        "path": ("model_config", "tokenizer_revision"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "Tokenizer revision on the Hub (branch, tag or commit); defaults to revision. "
            "(default: None)"
        ),
        "dest": "f13",
    },
    {
        "flag": "--max-model-len",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.max_model_len",
        "cls": "ModelConfig",
        "field": "max_model_len",
        "root": "VllmConfig",
        "path": ("model_config", "max_model_len"),
        "optional": False,
        "kind": "int",
        "human_int": True,
        "auto_int": True,
        "requires": "",
        "default": "None",
        "help": (
            "Context length in tokens (prompt plus output). Unset uses the model's own limit; -1 "
            "picks the longest length that fits in GPU memory.\n\nAccepts human-readable "
            "integers: k/m/g/t are decimal (25.6k = 25600), K/M/G/T binary (1K = 1024).\n\n'auto' "
            "or -1 picks the value automatically (passed on as -1). (default: None)"
        ),
        "dest": "f14",
    },
    {
        "flag": "--quantization",
        "aliases": ("-q",),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.quantization",
        "cls": "ModelConfig",
        "field": "quantization",
        "root": "VllmConfig",
        "path": ("model_config", "quantization"),
        "optional": True,
        "kind": "choice",
        "choices": (
            "auto_awq",
            "auto_gptq",
            "awq",
            "awq_marlin",
            "compressed-tensors",
            "deepseek_v4_fp8",
            "experts_int8",
            "fbgemm_fp8",
            "fp8",
            "fp8_per_block",
            "fp8_per_channel",
            "fp8_per_tensor",
            "fp_quant",
            "gpt_oss_mxfp4",
            "gptq",
            "gptq_marlin",
            "humming",
            "inc",
            "int8_per_channel_weight_only",
            "modelopt",
            "modelopt_fp4",
            "modelopt_mixed",
            "modelopt_mxfp8",
            "moe_wna16",
            "mxfp4",
            "mxfp8",
            "nvfp4_per_token",
            "online",
            "quark",
            "torchao",
        ),
        "literal_type": "str",
        "open": True,
        "normalise": ["lower"],
        "requires": "",
        "default": "None",
        "help": (
            "Weight quantization method. Unset uses the checkpoint's quantization config, or no "
            "quantization (weights in dtype) when it has none. (default: None)"
        ),
        "dest": "f15",
    },
    {
        "flag": "--quantization-config",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.quantization_config",
        "cls": "ModelConfig",
        "field": "quantization_config",
        "root": "VllmConfig",
        "path": ("model_config", "quantization_config"),
        "optional": True,
        "kind": "json",
        "json_class": "QuantizationConfigArgs",
        "requires": "",
        "default": "None",
        "help": (
            "Structured settings for online quantization (per layer kind specs, ignore patterns). "
            "Filled from the shorthand when quantization names an online method.\n\nTakes a JSON "
            "object, or its keys one by one: --quantization-config.key value (a trailing + "
            "appends comma-separated items to a list). (default: None)"
        ),
        "dest": "f16",
    },
    {
        "flag": "--allow-deprecated-quantization",
        "aliases": (),
        "negatives": ("--no-allow-deprecated-quantization",),
        "group": "ModelConfig",
        "target": "ModelConfig.allow_deprecated_quantization",
        "cls": "ModelConfig",
        "field": "allow_deprecated_quantization",
        "root": "VllmConfig",
        "path": ("model_config", "allow_deprecated_quantization"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Allow quantization methods scheduled for removal (with a warning) instead of "
            "failing. (default: False)"
        ),
        "dest": "f17",
    },
    {
        "flag": "--enforce-eager",
        "aliases": (),
        "negatives": ("--no-enforce-eager",),
        "group": "ModelConfig",
        "target": "ModelConfig.enforce_eager",
        "cls": "ModelConfig",
        "field": "enforce_eager",
        "root": "VllmConfig",
        "path": ("model_config", "enforce_eager"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Always run the model eagerly, without CUDA graphs. Slower, but starts faster and "
            "uses less memory. (default: False)"
        ),
        "dest": "f18",
    },
    {
        "flag": "--return-sampling-mask",
        "aliases": (),
        "negatives": ("--no-return-sampling-mask",),
        "group": "ModelConfig",
        "target": "ModelConfig.return_sampling_mask",
        "cls": "ModelConfig",
        "field": "return_sampling_mask",
        "root": "VllmConfig",
        "path": ("model_config", "return_sampling_mask"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Also return, per sample, which tokens remained eligible after the sampling filters "
            "(top-k, top-p, ...) were applied. (default: False)"
        ),
        "dest": "f19",
    },
    {
        "flag": "--max-logprobs",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.max_logprobs",
        "cls": "ModelConfig",
        "field": "max_logprobs",
        "root": "VllmConfig",
        "path": ("model_config", "max_logprobs"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "20",
        "help": (
            "Most log probabilities a request may ask for (logprobs or prompt_logprobs). -1 "
            "removes the cap, which can exhaust memory on large vocabularies. (default: 20)"
        ),
        "dest": "f20",
    },
    {
        "flag": "--logprobs-mode",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.logprobs_mode",
        "cls": "ModelConfig",
        "field": "logprobs_mode",
        "root": "VllmConfig",
        "path": ("model_config", "logprobs_mode"),
        "optional": False,
        "kind": "choice",
        "choices": ("processed_logits", "processed_logprobs", "raw_logits", "raw_logprobs"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "raw_logprobs",
        "help": (
            "What logprobs report: \"raw_*\" before any logits processing (penalties, "
            "temperature, top-k/top-p), \"processed_*\" after it; as logits or log-probabilities. "
            "(default: raw_logprobs)"
        ),
        "dest": "f21",
    },
    {
        "flag": "--use-fp64-gumbel",
        "aliases": (),
        "negatives": ("--no-use-fp64-gumbel",),
        "group": "ModelConfig",
        "target": "ModelConfig.use_fp64_gumbel",
        "cls": "ModelConfig",
        "field": "use_fp64_gumbel",
        "root": "VllmConfig",
        "path": ("model_config", "use_fp64_gumbel"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Draw sampling noise in FP64 instead of FP32, keeping very unlikely tokens reachable, "
            "at a large throughput cost on most GPUs. (default: False)"
        ),
        "dest": "f22",
    },
    {
        "flag": "--enable-trace-replay",
        "aliases": (),
        "negatives": ("--no-enable-trace-replay", "--disable-trace-replay"),
        "group": "ModelConfig",
        "target": "ModelConfig.enable_trace_replay",
        "cls": "ModelConfig",
        "field": "enable_trace_replay",
        "root": "VllmConfig",
        "path": ("model_config", "enable_trace_replay"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Let requests supply a token sequence that decoding must follow, while the logprobs "
            "are still computed for real. For debugging and RL; it reserves a buffer per request, "
            "hence off by default. (default: False)"
        ),
        "dest": "f23",
    },
    {
        "flag": "--disable-sliding-window",
        "aliases": (),
        "negatives": ("--no-disable-sliding-window",),
        "group": "ModelConfig",
        "target": "ModelConfig.disable_sliding_window",
        "cls": "ModelConfig",
        "field": "disable_sliding_window",
        "root": "VllmConfig",
        "path": ("model_config", "disable_sliding_window"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Use full attention instead of the model's sliding window, capping the context at the "
            "window size. Ignored for models without sliding window. (default: False)"
        ),
        "dest": "f24",
    },
    {
        "flag": "--disable-cascade-attn",
        "aliases": (),
        "negatives": ("--no-disable-cascade-attn",),
        "group": "ModelConfig",
        "target": "ModelConfig.disable_cascade_attn",
        "cls": "ModelConfig",
        "field": "disable_cascade_attn",
        "root": "VllmConfig",
        "path": ("model_config", "disable_cascade_attn"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "True",
        "help": (
            "Keep cascade attention off (the default). Set false to let the engine use it where "
            "its heuristic expects a gain. (default: True)"
        ),
        "dest": "f25",
    },
    {
        "flag": "--skip-tokenizer-init",
        "aliases": (),
        "negatives": ("--no-skip-tokenizer-init",),
        "group": "ModelConfig",
        "target": "ModelConfig.skip_tokenizer_init",
        "cls": "ModelConfig",
        "field": "skip_tokenizer_init",
        "root": "VllmConfig",
        "path": ("model_config", "skip_tokenizer_init"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Do not load a tokenizer; requests must give token ids and outputs are token ids. "
            "(default: False)"
        ),
        "dest": "f26",
    },
    {
        "flag": "--enable-prompt-embeds",
        "aliases": (),
        "negatives": ("--no-enable-prompt-embeds", "--disable-prompt-embeds"),
        "group": "ModelConfig",
        "target": "ModelConfig.enable_prompt_embeds",
        "cls": "ModelConfig",
        "field": "enable_prompt_embeds",
        "root": "VllmConfig",
        "path": ("model_config", "enable_prompt_embeds"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Accept prompt embeddings instead of token ids. Shapes are not fully checked: enable "
            "only for trusted clients. (default: False)"
        ),
        "dest": "f27",
    },
    {
        "flag": "--served-model-name",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.served_model_name",
        "cls": "ModelConfig",
        "field": "served_model_name",
        "root": "VllmConfig",
        "path": ("model_config", "served_model_name"),
        "optional": True,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "None",
        "help": (
            "Name(s) the API answers to; the first is reported in responses and metrics. Unset "
            "uses model. After construction this holds the primary name. (default: None)"
        ),
        "dest": "f28",
    },
    {
        "flag": "--config-format",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.config_format",
        "cls": "ModelConfig",
        "field": "config_format",
        "root": "VllmConfig",
        "path": ("model_config", "config_format"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "hf", "mistral"),
        "literal_type": "str",
        "open": True,
        "requires": "",
        "default": "auto",
        "help": (
            "Format of the model config files - \"hf\", \"mistral\", or \"auto\" (try Mistral "
            "first, then HF). (default: auto)"
        ),
        "dest": "f29",
    },
    {
        "flag": "--hf-token",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.hf_token",
        "cls": "ModelConfig",
        "field": "hf_token",
        "root": "VllmConfig",
        "path": ("model_config", "hf_token"),
        "optional": True,
        "kind": "flag_or_str",
        "requires": "",
        "default": "None",
        "help": "Hub access token, or true to use the token saved by `hf auth login`. (default: None)",
        "dest": "f30",
    },
    {
        "flag": "--hf-overrides",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.hf_overrides",
        "cls": "ModelConfig",
        "field": "hf_overrides",
        "root": "VllmConfig",
        "path": ("model_config", "hf_overrides"),
        "optional": False,
        "kind": "dict",
        "requires": "",
        "default": "{}",
        "help": (
            "Changes to the Hugging Face config - a mapping of keys (nested mappings update "
            "sub-configs) or a function that edits and returns the config.\n\nTakes a JSON "
            "object, or its keys one by one: --hf-overrides.key value (a trailing + appends "
            "comma-separated items to a list). (default: {})"
        ),
        "dest": "f31",
    },
    {
        "flag": "--model-class-overrides",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.model_class_overrides",
        "cls": "ModelConfig",
        "field": "model_class_overrides",
        "root": "VllmConfig",
        "path": ("model_config", "model_class_overrides"),
        "optional": False,
        "kind": "dict",
        "requires": "",
        "default": "{}",
        "help": (
            "Replace the model class of one or more architectures: architecture name -> "
            "\"module:Class\" (the form ModelRegistry.register_model takes), e.g. "
            "{\"LlamaForCausalLM\": \"my_pkg.llama:MyLlama\"}. For development and "
            "debugging.\n\nTakes a JSON object, or its keys one by one: "
            "--model-class-overrides.key value (a trailing + appends comma-separated items to a "
            "list). (default: {})"
        ),
        "dest": "f32",
    },
    {
        "flag": "--generation-config",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.generation_config",
        "cls": "ModelConfig",
        "field": "generation_config",
        "root": "VllmConfig",
        "path": ("model_config", "generation_config"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "auto",
        "help": (
            "Where default sampling parameters come from - \"auto\" (the model's generation "
            "config), \"vllm\" (engine defaults), or a folder holding a generation config. "
            "max_new_tokens there becomes a server-wide output limit. (default: auto)"
        ),
        "dest": "f33",
    },
    {
        "flag": "--override-generation-config",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.override_generation_config",
        "cls": "ModelConfig",
        "field": "override_generation_config",
        "root": "VllmConfig",
        "path": ("model_config", "override_generation_config"),
        "optional": False,
        "kind": "dict",
        "requires": "",
        "default": "{}",
        "help": (
            "Sampling defaults that override the generation config, e.g. {\"temperature\": 0.5}; "
            "with generation_config \"vllm\" only these apply.\n\nTakes a JSON object, or its "
            "keys one by one: --override-generation-config.key value (a trailing + appends "
            "comma-separated items to a list). (default: {})"
        ),
        "dest": "f34",
    },
    {
        "flag": "--enable-sleep-mode",
        "aliases": (),
        "negatives": ("--no-enable-sleep-mode", "--disable-sleep-mode"),
        "group": "ModelConfig",
        "target": "ModelConfig.enable_sleep_mode",
        "cls": "ModelConfig",
        "field": "enable_sleep_mode",
        "root": "VllmConfig",
        "path": ("model_config", "enable_sleep_mode"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Allow the engine to release and restore GPU memory on request (CUDA and ROCm only). "
            "(default: False)"
        ),
        "dest": "f35",
    },
    {
        "flag": "--sleep-preserve-parameter-names",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.sleep_preserve_parameter_names",
        "cls": "ModelConfig",
        "field": "sleep_preserve_parameter_names",
        "root": "VllmConfig",
        "path": ("model_config", "sleep_preserve_parameter_names"),
        "optional": False,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "[]",
        "help": (
            "Glob patterns of parameter names whose memory survives a level-2 sleep (the weight "
            "sender leaves them out and the loader keeps them), e.g. frozen Engram tables; prefix "
            "with \"draft.\" for the draft model's own parameters. (default: [])"
        ),
        "dest": "f36",
    },
    {
        "flag": "--enable-nccl-comm-suspend",
        "aliases": (),
        "negatives": ("--no-enable-nccl-comm-suspend", "--disable-nccl-comm-suspend"),
        "group": "ModelConfig",
        "target": "ModelConfig.enable_nccl_comm_suspend",
        "cls": "ModelConfig",
        "field": "enable_nccl_comm_suspend",
        "root": "VllmConfig",
        "path": ("model_config", "enable_nccl_comm_suspend"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Experimental: also free the NCCL communicators' memory during sleep and restore them "
            "on wake-up. Off, sleep frees weights and KV cache only. (default: False)"
        ),
        "dest": "f37",
    },
    {
        "flag": "--enable-cumem-allocator",
        "aliases": (),
        "negatives": ("--no-enable-cumem-allocator", "--disable-cumem-allocator"),
        "group": "ModelConfig",
        "target": "ModelConfig.enable_cumem_allocator",
        "cls": "ModelConfig",
        "field": "enable_cumem_allocator",
        "root": "VllmConfig",
        "path": ("model_config", "enable_cumem_allocator"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Use the cumem allocator for advanced GPU memory features such as multi-node NVLink "
            "(CUDA and ROCm only). Sleep mode turns it on. (default: False)"
        ),
        "dest": "f38",
    },
    {
        "flag": "--model-impl",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.model_impl",
        "cls": "ModelConfig",
        "field": "model_impl",
        "root": "VllmConfig",
        "path": ("model_config", "model_impl"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "terratorch", "transformers", "vllm"),
        "literal_type": "str",
        "open": True,
        "requires": "",
        "default": "auto",
        "help": (
            "Model implementation - \"vllm\", \"transformers\", \"terratorch\", or \"auto\" "
            "(vLLM's own when it exists, else Transformers). (default: auto)"
        ),
        "dest": "f39",
    },
    {
        "flag": "--logits-processors",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.logits_processors",
        "cls": "ModelConfig",
        "field": "logits_processors",
        "root": "VllmConfig",
        "path": ("model_config", "logits_processors"),
        "optional": True,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "None",
        "help": "Extra logits processors, as fully qualified class names or classes. (default: None)",
        "dest": "f40",
    },
    {
        "flag": "--io-processor-plugin",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.io_processor_plugin",
        "cls": "ModelConfig",
        "field": "io_processor_plugin",
        "root": "VllmConfig",
        "path": ("model_config", "io_processor_plugin"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": "Name of an input/output processor plugin to load at startup. (default: None)",
        "dest": "f41",
    },
    {
        "flag": "--renderer-num-workers",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.renderer_num_workers",
        "cls": "ModelConfig",
        "field": "renderer_num_workers",
        "root": "VllmConfig",
        "path": ("model_config", "renderer_num_workers"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Threads for tokenization, chat templating and multimodal preprocessing in the API "
            "server. Not used by offline inference. Above 1 needs the multimodal processor cache "
            "disabled. (default: 1)"
        ),
        "dest": "f42",
    },
    {
        "flag": "--pooler-config",
        "aliases": (),
        "negatives": (),
        "group": "ModelConfig",
        "target": "ModelConfig.pooler_config",
        "cls": "ModelConfig",
        "field": "pooler_config",
        "root": "VllmConfig",
        "path": ("model_config", "pooler_config"),
        "optional": True,
        "kind": "json",
        "json_class": "PoolerConfig",
        "requires": "",
        "default": "None",
        "help": (
            "Output pooling settings for pooling models; created for pooling runners when "
            "unset.\n\nTakes a JSON object, or its keys one by one: --pooler-config.key value (a "
            "trailing + appends comma-separated items to a list). (default: None)"
        ),
        "dest": "f43",
    },
    {
        "flag": "--language-model-only",
        "aliases": (),
        "negatives": ("--no-language-model-only",),
        "group": "MultiModalConfig",
        "target": "ModelConfig.language_model_only",
        "cls": "ModelConfig",
        "field": "language_model_only",
        "root": "VllmConfig",
        "path": ("model_config", "language_model_only"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": "Passed to MultiModalConfig.language_model_only. (default: False)",
        "dest": "f44",
    },
    {
        "flag": "--limit-mm-per-prompt",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.limit_mm_per_prompt",
        "cls": "ModelConfig",
        "field": "limit_mm_per_prompt",
        "root": "VllmConfig",
        "path": ("model_config", "limit_mm_per_prompt"),
        "optional": False,
        "kind": "dict",
        "requires": "",
        "default": "None",
        "help": (
            "Passed to MultiModalConfig.limit_per_prompt.\n\nTakes a JSON object, or its keys one "
            "by one: --limit-mm-per-prompt.key value (a trailing + appends comma-separated items "
            "to a list). (default: None)"
        ),
        "dest": "f45",
    },
    {
        "flag": "--enable-mm-embeds",
        "aliases": (),
        "negatives": ("--no-enable-mm-embeds", "--disable-mm-embeds"),
        "group": "MultiModalConfig",
        "target": "ModelConfig.enable_mm_embeds",
        "cls": "ModelConfig",
        "field": "enable_mm_embeds",
        "root": "VllmConfig",
        "path": ("model_config", "enable_mm_embeds"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.enable_mm_embeds. (default: None)",
        "dest": "f46",
    },
    {
        "flag": "--media-io-kwargs",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.media_io_kwargs",
        "cls": "ModelConfig",
        "field": "media_io_kwargs",
        "root": "VllmConfig",
        "path": ("model_config", "media_io_kwargs"),
        "optional": False,
        "kind": "dict",
        "requires": "",
        "default": "None",
        "help": (
            "Passed to MultiModalConfig.media_io_kwargs.\n\nTakes a JSON object, or its keys one "
            "by one: --media-io-kwargs.key value (a trailing + appends comma-separated items to a "
            "list). (default: None)"
        ),
        "dest": "f47",
    },
    {
        "flag": "--mm-processor-kwargs",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_processor_kwargs",
        "cls": "ModelConfig",
        "field": "mm_processor_kwargs",
        "root": "VllmConfig",
        "path": ("model_config", "mm_processor_kwargs"),
        "optional": True,
        "kind": "dict",
        "requires": "",
        "default": "None",
        "help": (
            "Passed to MultiModalConfig.mm_processor_kwargs.\n\nTakes a JSON object, or its keys "
            "one by one: --mm-processor-kwargs.key value (a trailing + appends comma-separated "
            "items to a list). (default: None)"
        ),
        "dest": "f48",
    },
    {
        "flag": "--mm-processor-cache-gb",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_processor_cache_gb",
        "cls": "ModelConfig",
        "field": "mm_processor_cache_gb",
        "root": "VllmConfig",
        "path": ("model_config", "mm_processor_cache_gb"),
        "optional": False,
        "kind": "float",
        "requires": "",
        "default": "None",
        "help": (
            "Passed to MultiModalConfig.mm_processor_cache_gb (0 for encoder-decoder models). "
            "(default: None)"
        ),
        "dest": "f49",
    },
    {
        "flag": "--mm-processor-cache-type",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_processor_cache_type",
        "cls": "ModelConfig",
        "field": "mm_processor_cache_type",
        "root": "VllmConfig",
        "path": ("model_config", "mm_processor_cache_type"),
        "optional": False,
        "kind": "choice",
        "choices": ("lru", "shm"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_processor_cache_type. (default: None)",
        "dest": "f50",
    },
    {
        "flag": "--mm-shm-cache-max-object-size-mb",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_shm_cache_max_object_size_mb",
        "cls": "ModelConfig",
        "field": "mm_shm_cache_max_object_size_mb",
        "root": "VllmConfig",
        "path": ("model_config", "mm_shm_cache_max_object_size_mb"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_shm_cache_max_object_size_mb. (default: None)",
        "dest": "f51",
    },
    {
        "flag": "--mm-encoder-only",
        "aliases": (),
        "negatives": ("--no-mm-encoder-only",),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_encoder_only",
        "cls": "ModelConfig",
        "field": "mm_encoder_only",
        "root": "VllmConfig",
        "path": ("model_config", "mm_encoder_only"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_encoder_only. (default: None)",
        "dest": "f52",
    },
    {
        "flag": "--mm-encoder-tp-mode",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_encoder_tp_mode",
        "cls": "ModelConfig",
        "field": "mm_encoder_tp_mode",
        "root": "VllmConfig",
        "path": ("model_config", "mm_encoder_tp_mode"),
        "optional": False,
        "kind": "choice",
        "choices": ("data", "weights"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "Passed to MultiModalConfig.mm_encoder_tp_mode (\"data\" falls back to \"weights\" "
            "where unsupported). (default: None)"
        ),
        "dest": "f53",
    },
    {
        "flag": "--mm-encoder-attn-backend",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_encoder_attn_backend",
        "cls": "ModelConfig",
        "field": "mm_encoder_attn_backend",
        "root": "VllmConfig",
        "path": ("model_config", "mm_encoder_attn_backend"),
        "optional": True,
        "kind": "enum",
        "enum": "AttentionBackendEnum",
        "choices": (
            "FLASH_ATTN",
            "FLASH_ATTN_DIFFKV",
            "TRITON_ATTN",
            "TRITON_ATTN_DIFFKV",
            "TRITON_FLASH_ATTN",
            "ROCM_ATTN",
            "ROCM_AITER_MLA",
            "ROCM_AITER_TRITON_MLA",
            "ROCM_AITER_FA",
            "ROCM_AITER_MLA_SPARSE",
            "XPU_MLA_SPARSE",
            "TORCH_SDPA",
            "FLASHINFER",
            "TRITON_FLASHINFER",
            "FLASHINFER_MLA",
            "TOKENSPEED_MLA",
            "FLASHINFER_MLA_SPARSE",
            "FLASHINFER_MLA_SPARSE_SM120",
            "FLASHINFER_MLA_SPARSE_SM90",
            "TRITON_MLA",
            "CUTLASS_MLA",
            "FLASHMLA",
            "FLASHMLA_SPARSE",
            "FLASHMLA_SPARSE_DSV4",
            "FLASHINFER_MLA_SPARSE_DSV4",
            "ROCM_FLASHMLA_SPARSE_DSV4",
            "FLASHMLA_SPARSE_DSV41",
            "FLASHINFER_MLA_SPARSE_DSV41",
            "FLASHMLA_MEGA_ATTN_DSV41",
            "B12X",
            "FLASH_ATTN_MLA",
            "FLASH_ATTN_MLA_SPARSE",
            "MINIMAX_M3_SPARSE",
            "CUTLASS_MSA",
            "TRITON_MSA",
            "NO_ATTENTION",
            "FLEX_ATTENTION",
            "HPC_ATTN",
            "ROCM_AITER_UNIFIED_ATTN",
            "CPU_ATTN",
            "CPU_MLA",
            "AMX_MLA",
            "TURBOQUANT",
            "CUSTOM",
        ),
        "open": True,
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_encoder_attn_backend. (default: None)",
        "dest": "f54",
        "enum_values": {
            "FLASH_ATTN": "vllm.v1.attention.backends.flash_attn.FlashAttentionBackend",
            "FLASH_ATTN_DIFFKV": "vllm.v1.attention.backends.flash_attn_diffkv.FlashAttentionDiffKVBackend",
            "TRITON_ATTN": "vllm.v1.attention.backends.triton_attn.TritonAttentionBackend",
            "TRITON_ATTN_DIFFKV": "vllm.v1.attention.backends.triton_attn_diffkv.TritonAttentionDiffKVBackend",
            "TRITON_FLASH_ATTN": "vllm.v1.attention.backends.triton_flash_attn.TritonFlashAttentionBackend",
            "ROCM_ATTN": "vllm.v1.attention.backends.rocm_attn.RocmAttentionBackend",
            "ROCM_AITER_MLA": "vllm.v1.attention.backends.mla.rocm_aiter_mla.AiterMLABackend",
            "ROCM_AITER_TRITON_MLA": "vllm.v1.attention.backends.mla.aiter_triton_mla.AiterTritonMLABackend",
            "ROCM_AITER_FA": "vllm.v1.attention.backends.rocm_aiter_fa.AiterFlashAttentionBackend",
            "ROCM_AITER_MLA_SPARSE": "vllm.v1.attention.backends.mla.rocm_aiter_mla_sparse.ROCMAiterMLASparseBackend",
            "XPU_MLA_SPARSE": "vllm.v1.attention.backends.mla.xpu_mla_sparse.XPUMLASparseBackend",
            "TORCH_SDPA": "",
            "FLASHINFER": "vllm.v1.attention.backends.flashinfer.FlashInferBackend",
            "TRITON_FLASHINFER": "vllm.v1.attention.backends.triton_flashinfer.TritonFlashInferBackend",
            "FLASHINFER_MLA": "vllm.v1.attention.backends.mla.flashinfer_mla.FlashInferMLABackend",
            "TOKENSPEED_MLA": "vllm.v1.attention.backends.mla.tokenspeed_mla.TokenspeedMLABackend",
            "FLASHINFER_MLA_SPARSE": "vllm.v1.attention.backends.mla.flashinfer_mla_sparse.FlashInferMLASparseTRTLLMBackend",
            "FLASHINFER_MLA_SPARSE_SM120": "vllm.v1.attention.backends.mla.flashinfer_mla_sparse.FlashInferMLASparseSM120Backend",
            "FLASHINFER_MLA_SPARSE_SM90": (
                "vllm.v1.attention.backends.mla.flashinfer_mla_sparse_sm90.FlashInferMLASparseSM90Backend"
            ),
            "TRITON_MLA": "vllm.v1.attention.backends.mla.triton_mla.TritonMLABackend",
            "CUTLASS_MLA": "vllm.v1.attention.backends.mla.cutlass_mla.CutlassMLABackend",
            "FLASHMLA": "vllm.v1.attention.backends.mla.flashmla.FlashMLABackend",
            "FLASHMLA_SPARSE": "vllm.v1.attention.backends.mla.flashmla_sparse.FlashMLASparseBackend",
            "FLASHMLA_SPARSE_DSV4": "vllm.models.deepseek_v4.sparse_mla.DeepseekV4FlashMLABackend",
            "FLASHINFER_MLA_SPARSE_DSV4": "vllm.models.deepseek_v4.nvidia.flashinfer_sparse.DeepseekV4FlashInferMLASparseBackend",
            "ROCM_FLASHMLA_SPARSE_DSV4": "vllm.models.deepseek_v4.amd.rocm.DeepseekV4ROCMAiterMLASparseBackend",
            "FLASHMLA_SPARSE_DSV41": "vllm.models.deepseek_v41.sparse_mla.DeepseekV4FlashMLABackend",
            "FLASHINFER_MLA_SPARSE_DSV41": (
                "vllm.models.deepseek_v41.nvidia.flashinfer_sparse.DeepseekV4FlashInferMLASparseBackend"
            ),
            "FLASHMLA_MEGA_ATTN_DSV41": "vllm.models.deepseek_v41.sparse_mla.FlashMLAMegaAttnBackend",
            "B12X": "vllm.v1.attention.backends.b12x.B12xPagedAttentionBackend",
            "FLASH_ATTN_MLA": "vllm.v1.attention.backends.mla.flashattn_mla.FlashAttnMLABackend",
            "FLASH_ATTN_MLA_SPARSE": "vllm.v1.attention.backends.mla.flashattn_mla_sparse.FlashAttnMLASparseBackend",
            "MINIMAX_M3_SPARSE": "vllm.models.minimax_m3.common.sparse_attention.MiniMaxM3SparseBackend",
            "CUTLASS_MSA": "vllm.models.minimax_m3.nvidia.sparse_attention_msa.MiniMaxM3SparseCutlassBackend",
            "TRITON_MSA": "vllm.models.minimax_m3.nvidia.sparse_attention_msa.MiniMaxM3SparseTritonBackend",
            "NO_ATTENTION": "vllm.v1.attention.backends.no_attention.NoAttentionBackend",
            "FLEX_ATTENTION": "vllm.v1.attention.backends.flex_attention.FlexAttentionBackend",
            "HPC_ATTN": "vllm.v1.attention.backends.hpc_attn.HpcAttentionBackend",
            "ROCM_AITER_UNIFIED_ATTN": "vllm.v1.attention.backends.rocm_aiter_unified_attn.RocmAiterUnifiedAttentionBackend",
            "CPU_ATTN": "vllm.v1.attention.backends.cpu_attn.CPUAttentionBackend",
            "CPU_MLA": "vllm.v1.attention.backends.mla.cpu_mla.CPUMLABackend",
            "AMX_MLA": "vllm.v1.attention.backends.mla.amx_mla.AMXMLABackend",
            "TURBOQUANT": "vllm.v1.attention.backends.turboquant_attn.TurboQuantAttentionBackend",
            "CUSTOM": None,
        },
    },
    {
        "flag": "--mm-encoder-attn-dtype",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_encoder_attn_dtype",
        "cls": "ModelConfig",
        "field": "mm_encoder_attn_dtype",
        "root": "VllmConfig",
        "path": ("model_config", "mm_encoder_attn_dtype"),
        "optional": True,
        "kind": "choice",
        "choices": ("fp8",),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_encoder_attn_dtype. (default: None)",
        "dest": "f55",
    },
    {
        "flag": "--mm-encoder-fp8-scale-path",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_encoder_fp8_scale_path",
        "cls": "ModelConfig",
        "field": "mm_encoder_fp8_scale_path",
        "root": "VllmConfig",
        "path": ("model_config", "mm_encoder_fp8_scale_path"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_encoder_fp8_scale_path. (default: None)",
        "dest": "f56",
    },
    {
        "flag": "--mm-encoder-fp8-scale-save-path",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_encoder_fp8_scale_save_path",
        "cls": "ModelConfig",
        "field": "mm_encoder_fp8_scale_save_path",
        "root": "VllmConfig",
        "path": ("model_config", "mm_encoder_fp8_scale_save_path"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_encoder_fp8_scale_save_path. (default: None)",
        "dest": "f57",
    },
    {
        "flag": "--mm-encoder-fp8-scale-save-margin",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_encoder_fp8_scale_save_margin",
        "cls": "ModelConfig",
        "field": "mm_encoder_fp8_scale_save_margin",
        "root": "VllmConfig",
        "path": ("model_config", "mm_encoder_fp8_scale_save_margin"),
        "optional": False,
        "kind": "float",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_encoder_fp8_scale_save_margin. (default: None)",
        "dest": "f58",
    },
    {
        "flag": "--interleave-mm-strings",
        "aliases": (),
        "negatives": ("--no-interleave-mm-strings",),
        "group": "MultiModalConfig",
        "target": "ModelConfig.interleave_mm_strings",
        "cls": "ModelConfig",
        "field": "interleave_mm_strings",
        "root": "VllmConfig",
        "path": ("model_config", "interleave_mm_strings"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.interleave_mm_strings. (default: None)",
        "dest": "f59",
    },
    {
        "flag": "--skip-mm-profiling",
        "aliases": (),
        "negatives": ("--no-skip-mm-profiling",),
        "group": "MultiModalConfig",
        "target": "ModelConfig.skip_mm_profiling",
        "cls": "ModelConfig",
        "field": "skip_mm_profiling",
        "root": "VllmConfig",
        "path": ("model_config", "skip_mm_profiling"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.skip_mm_profiling. (default: None)",
        "dest": "f60",
    },
    {
        "flag": "--video-pruning-rate",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.video_pruning_rate",
        "cls": "ModelConfig",
        "field": "video_pruning_rate",
        "root": "VllmConfig",
        "path": ("model_config", "video_pruning_rate"),
        "optional": True,
        "kind": "float",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.video_pruning_rate. (default: None)",
        "dest": "f61",
    },
    {
        "flag": "--mm-tensor-ipc",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_tensor_ipc",
        "cls": "ModelConfig",
        "field": "mm_tensor_ipc",
        "root": "VllmConfig",
        "path": ("model_config", "mm_tensor_ipc"),
        "optional": False,
        "kind": "choice",
        "choices": ("direct_rpc", "torch_shm"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_tensor_ipc; unset keeps its default. (default: None)",
        "dest": "f62",
    },
    {
        "flag": "--mm-ipc-gpu-memory-gb",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_ipc_gpu_memory_gb",
        "cls": "ModelConfig",
        "field": "mm_ipc_gpu_memory_gb",
        "root": "VllmConfig",
        "path": ("model_config", "mm_ipc_gpu_memory_gb"),
        "optional": False,
        "kind": "float",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_ipc_gpu_memory_gb. (default: None)",
        "dest": "f63",
    },
    {
        "flag": "--mm-hasher-algorithm",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_hasher_algorithm",
        "cls": "ModelConfig",
        "field": "mm_hasher_algorithm",
        "root": "VllmConfig",
        "path": ("model_config", "mm_hasher_algorithm"),
        "optional": False,
        "kind": "choice",
        "choices": ("blake3", "sha256", "sha512"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_hasher_algorithm. (default: None)",
        "dest": "f64",
    },
    {
        "flag": "--video-pruning-method",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.video_pruning_method",
        "cls": "ModelConfig",
        "field": "video_pruning_method",
        "root": "VllmConfig",
        "path": ("model_config", "video_pruning_method"),
        "optional": False,
        "kind": "choice",
        "choices": ("evs", "vidcom2"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.video_pruning_method. (default: None)",
        "dest": "f65",
    },
    {
        "flag": "--mm-device-do-normalize",
        "aliases": (),
        "negatives": ("--no-mm-device-do-normalize",),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_device_do_normalize",
        "cls": "ModelConfig",
        "field": "mm_device_do_normalize",
        "root": "VllmConfig",
        "path": ("model_config", "mm_device_do_normalize"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": "Passed to MultiModalConfig.mm_device_do_normalize. (default: None)",
        "dest": "f66",
    },
    {
        "flag": "--mm-processor-device",
        "aliases": (),
        "negatives": (),
        "group": "MultiModalConfig",
        "target": "ModelConfig.mm_processor_device",
        "cls": "ModelConfig",
        "field": "mm_processor_device",
        "root": "VllmConfig",
        "path": ("model_config", "mm_processor_device"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "cpu"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "Where the multimodal processor runs (\"cpu\", or \"auto\" for the engine's choice); "
            "MultiModalConfig keeps it as mm_processor_kwargs[\"device\"]. (default: None)"
        ),
        "dest": "f67",
    },
    {
        "flag": "--block-size",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.block_size",
        "cls": "CacheConfig",
        "field": "block_size",
        "root": "VllmConfig",
        "path": ("cache_config", "block_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Tokens per KV cache block. Leave unset for the default (DEFAULT_BLOCK_SIZE, 16); "
            "after construction it always holds an int. (default: None)"
        ),
        "dest": "f68",
    },
    {
        "flag": "--prefix-match-unit",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.prefix_match_unit",
        "cls": "CacheConfig",
        "field": "prefix_match_unit",
        "root": "VllmConfig",
        "path": ("cache_config", "prefix_match_unit"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Finest token boundary a prefix-cache hit can land on: keys are computed every this "
            "many tokens. May be finer than the physical block sizes (e.g. 32 against a "
            "1024-token block of a hybrid model) when every cache group's block size is a "
            "multiple of it. Sets matching granularity only, not how often states are stored. "
            "(default: None)"
        ),
        "dest": "f69",
    },
    {
        "flag": "--gpu-memory-utilization",
        "aliases": ("--device-memory-utilization",),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.gpu_memory_utilization",
        "cls": "CacheConfig",
        "field": "gpu_memory_utilization",
        "root": "VllmConfig",
        "path": ("cache_config", "gpu_memory_utilization"),
        "optional": False,
        "kind": "float",
        "requires": "",
        "default": "0.92",
        "help": (
            "Fraction of each GPU's memory (0 to 1] this engine instance may use for weights, "
            "activations and KV cache. It is per instance: two instances sharing a GPU can each "
            "be given 0.45. (default: 0.92)"
        ),
        "dest": "f70",
    },
    {
        "flag": "--kv-cache-dtype",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.cache_dtype",
        "cls": "CacheConfig",
        "field": "cache_dtype",
        "root": "VllmConfig",
        "path": ("cache_config", "cache_dtype"),
        "optional": False,
        "kind": "choice",
        "choices": (
            "auto",
            "bfloat16",
            "float16",
            "fp8",
            "fp8_ds_mla",
            "fp8_e4m3",
            "fp8_e5m2",
            "fp8_inc",
            "fp8_per_token_head",
            "int4_per_token_head",
            "int8_per_token_head",
            "nvfp4",
            "nvfp4_4over6",
            "nvfp4_ds_mla",
            "turboquant_3bit_nc",
            "turboquant_4bit_nc",
            "turboquant_k3v4_nc",
            "turboquant_k8v4",
        ),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "auto",
        "help": (
            "Element type of the KV cache. \"auto\" uses the model's dtype. fp8 (= fp8_e4m3) and "
            "fp8_e5m2 halve cache memory on CUDA, fp8 on ROCm, fp8_inc on Intel Gaudi; expect "
            "some accuracy loss without calibrated scales. For models whose default is fp8 (e.g. "
            "DeepSeek-V3.2), \"bfloat16\" opts out. (default: auto)"
        ),
        "dest": "f71",
    },
    {
        "flag": "--num-gpu-blocks-override",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.num_gpu_blocks_override",
        "cls": "CacheConfig",
        "field": "num_gpu_blocks_override",
        "root": "VllmConfig",
        "path": ("cache_config", "num_gpu_blocks_override"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Use exactly this many GPU cache blocks instead of the profiled number. Meant for "
            "testing (e.g. forcing preemption); None keeps the profiled value. (default: None)"
        ),
        "dest": "f72",
    },
    {
        "flag": "--enable-prefix-caching",
        "aliases": (),
        "negatives": ("--no-enable-prefix-caching", "--disable-prefix-caching"),
        "group": "CacheConfig",
        "target": "CacheConfig.enable_prefix_caching",
        "cls": "CacheConfig",
        "field": "enable_prefix_caching",
        "root": "VllmConfig",
        "path": ("cache_config", "enable_prefix_caching"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "True",
        "help": "Reuse cached KV blocks of identical prompt prefixes across requests. (default: True)",
        "dest": "f73",
    },
    {
        "flag": "--prefix-caching-hash-algo",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.prefix_caching_hash_algo",
        "cls": "CacheConfig",
        "field": "prefix_caching_hash_algo",
        "root": "VllmConfig",
        "path": ("cache_config", "prefix_caching_hash_algo"),
        "optional": False,
        "kind": "choice",
        "choices": ("sha256", "sha256_cbor", "xxhash", "xxhash_cbor"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "sha256",
        "help": (
            "How prefix-cache block keys are computed. \"sha256\" (default) pickles and hashes "
            "with SHA-256; \"sha256_cbor\" uses canonical CBOR, reproducible across languages and "
            "processes; \"xxhash\" and \"xxhash_cbor\" are faster but not cryptographic (a "
            "collision risk in multi-tenant setups) and need the xxhash package. (default: sha256)"
        ),
        "dest": "f74",
    },
    {
        "flag": "--prefix-cache-retention-interval",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.prefix_cache_retention_interval",
        "cls": "CacheConfig",
        "field": "prefix_cache_retention_interval",
        "root": "VllmConfig",
        "path": ("cache_config", "prefix_cache_retention_interval"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": (
            "Spacing in tokens of the extra sliding-window and Mamba prefix-cache checkpoints "
            "kept. 0 keeps only the necessary ones (the last replay boundary, shared-prefix "
            "junctions); a positive multiple of the scheduler block size also keeps one every "
            "that many tokens; None keeps them all. Other cache groups ignore it. (default: 0)"
        ),
        "dest": "f75",
    },
    {
        "flag": "--kv-cache-dtype-skip-layers",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.kv_cache_dtype_skip_layers",
        "cls": "CacheConfig",
        "field": "kv_cache_dtype_skip_layers",
        "root": "VllmConfig",
        "path": ("cache_config", "kv_cache_dtype_skip_layers"),
        "optional": False,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "[]",
        "help": (
            "Layers whose KV cache stays unquantized when cache_dtype is quantized: layer indices "
            "(e.g. \"0\", \"4\") or attention kinds (e.g. \"sliding_window\"). (default: [])"
        ),
        "dest": "f76",
    },
    {
        "flag": "--mamba-block-size",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.mamba_block_size",
        "cls": "CacheConfig",
        "field": "mamba_block_size",
        "root": "VllmConfig",
        "path": ("cache_config", "mamba_block_size"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Tokens per Mamba cache block. Only with prefix caching enabled; must be a multiple "
            "of 8 (causal_conv1d kernel alignment). (default: None)"
        ),
        "dest": "f77",
    },
    {
        "flag": "--mamba-cache-dtype",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.mamba_cache_dtype",
        "cls": "CacheConfig",
        "field": "mamba_cache_dtype",
        "root": "VllmConfig",
        "path": ("cache_config", "mamba_cache_dtype"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "bfloat16", "float16", "float32"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "auto",
        "help": (
            "Element type of the whole Mamba cache (conv and SSM state); \"auto\" follows the "
            "model. (default: auto)"
        ),
        "dest": "f78",
    },
    {
        "flag": "--mamba-ssm-cache-dtype",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.mamba_ssm_cache_dtype",
        "cls": "CacheConfig",
        "field": "mamba_ssm_cache_dtype",
        "root": "VllmConfig",
        "path": ("cache_config", "mamba_ssm_cache_dtype"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "bfloat16", "float16", "float32"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "auto",
        "help": (
            "Element type of the SSM state alone (the conv state keeps mamba_cache_dtype); "
            "\"auto\" uses mamba_cache_dtype. (default: auto)"
        ),
        "dest": "f79",
    },
    {
        "flag": "--mamba-cache-mode",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.mamba_cache_mode",
        "cls": "CacheConfig",
        "field": "mamba_cache_mode",
        "root": "VllmConfig",
        "path": ("cache_config", "mamba_cache_mode"),
        "optional": False,
        "kind": "choice",
        "choices": ("align", "all", "none"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "none",
        "help": (
            "Which Mamba states are cached for prefix reuse. \"none\": none (prefix caching off). "
            "\"all\": the state at every block boundary. \"align\" (the default for supporting "
            "models when prefix caching is on): only the last state of each scheduler step that "
            "falls on a block boundary. (default: none)"
        ),
        "dest": "f80",
    },
    {
        "flag": "--enable-mamba-shared-prefix-checkpoint",
        "aliases": (),
        "negatives": ("--no-enable-mamba-shared-prefix-checkpoint", "--disable-mamba-shared-prefix-checkpoint"),
        "group": "CacheConfig",
        "target": "CacheConfig.enable_mamba_shared_prefix_checkpoint",
        "cls": "CacheConfig",
        "field": "enable_mamba_shared_prefix_checkpoint",
        "root": "VllmConfig",
        "path": ("cache_config", "enable_mamba_shared_prefix_checkpoint"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Also keep a Mamba \"align\" checkpoint where an EAGLE/MTP draft was seen to resume "
            "(the shared-prefix junction), not only at the prompt's end. Effective only with "
            "prefix caching, EAGLE on the Mamba group and a prefix_match_unit below the Mamba "
            "block size. (default: False)"
        ),
        "dest": "f81",
    },
    {
        "flag": "--replayssm-buffer-len",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.replayssm_buffer_len",
        "cls": "CacheConfig",
        "field": "replayssm_buffer_len",
        "root": "VllmConfig",
        "path": ("cache_config", "replayssm_buffer_len"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "16",
        "help": (
            "History length kept by the ReplaySSM Mamba2 decode kernel (use_replayssm), in steps. "
            "Not used by Kimi-K3 speculative decoding. (default: 16)"
        ),
        "dest": "f82",
    },
    {
        "flag": "--use-replayssm",
        "aliases": (),
        "negatives": ("--no-use-replayssm",),
        "group": "CacheConfig",
        "target": "CacheConfig.use_replayssm",
        "cls": "CacheConfig",
        "field": "use_replayssm",
        "root": "VllmConfig",
        "path": ("cache_config", "use_replayssm"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Decode Mamba2 with ReplaySSM: keep the recent SSM inputs and write the full state "
            "back only when flushing, instead of storing it every step. Needs the Triton or "
            "FlashInfer Mamba backend, mamba_cache_mode \"none\" or \"align\", and plain (not "
            "speculative) decoding. With prefix caching, a mamba_block_size that is a multiple of "
            "replayssm_buffer_len flushes best. (default: False)"
        ),
        "dest": "f83",
    },
    {
        "flag": "--kv-sharing-fast-prefill",
        "aliases": (),
        "negatives": ("--no-kv-sharing-fast-prefill",),
        "group": "CacheConfig",
        "target": "CacheConfig.kv_sharing_fast_prefill",
        "cls": "CacheConfig",
        "field": "kv_sharing_fast_prefill",
        "root": "VllmConfig",
        "path": ("cache_config", "kv_sharing_fast_prefill"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Experimental; currently no effect. With cross-layer KV sharing (as in YOCO or "
            "Gemma3n) lets eligible layers skip prefill tokens via overridden attention metadata. "
            "(default: False)"
        ),
        "dest": "f84",
    },
    {
        "flag": "--swa-bounded-replay",
        "aliases": (),
        "negatives": ("--no-swa-bounded-replay",),
        "group": "CacheConfig",
        "target": "CacheConfig.swa_bounded_replay",
        "cls": "CacheConfig",
        "field": "swa_bounded_replay",
        "root": "VllmConfig",
        "path": ("cache_config", "swa_bounded_replay"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "True",
        "help": (
            "For models that support it (DeepSeek-V4.1): leave the sliding-window KV out of "
            "prefix caching and rebuild it after a hit by recomputing the last window; layers "
            "after the last KV-source layer then prefill only each request's trailing window. "
            "Needs Model Runner V2. (default: True)"
        ),
        "dest": "f85",
    },
    {
        "flag": "--kv-cache-memory-bytes",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.kv_cache_memory_bytes",
        "cls": "CacheConfig",
        "field": "kv_cache_memory_bytes",
        "root": "VllmConfig",
        "path": ("cache_config", "kv_cache_memory_bytes"),
        "optional": True,
        "kind": "int",
        "human_int": True,
        "requires": "",
        "default": "None",
        "help": (
            "KV cache size per GPU in bytes. When set it replaces the gpu_memory_utilization "
            "based sizing, giving exact control; None sizes the cache from "
            "gpu_memory_utilization.\n\nAccepts human-readable integers: k/m/g/t are decimal "
            "(25.6k = 25600), K/M/G/T binary (1K = 1024). (default: None)"
        ),
        "dest": "f86",
    },
    {
        "flag": "--kv-offloading-size",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.kv_offloading_size",
        "cls": "CacheConfig",
        "field": "kv_offloading_size",
        "root": "VllmConfig",
        "path": ("cache_config", "kv_offloading_size"),
        "optional": True,
        "kind": "float",
        "requires": "",
        "default": "None",
        "help": (
            "CPU buffer for offloaded KV cache, in GiB, summed over all tensor-parallel ranks. "
            "None disables offloading. (default: None)"
        ),
        "dest": "f87",
    },
    {
        "flag": "--kv-offloading-backend",
        "aliases": (),
        "negatives": (),
        "group": "CacheConfig",
        "target": "CacheConfig.kv_offloading_backend",
        "cls": "CacheConfig",
        "field": "kv_offloading_backend",
        "root": "VllmConfig",
        "path": ("cache_config", "kv_offloading_backend"),
        "optional": False,
        "kind": "choice",
        "choices": ("lmcache", "native"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "native",
        "help": (
            "Offloading implementation used when kv_offloading_size is set: \"native\" (built-in "
            "CPU offloading) or \"lmcache\". (default: native)"
        ),
        "dest": "f88",
    },
    {
        "flag": "--pipeline-parallel-size",
        "aliases": ("-pp",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.pipeline_parallel_size",
        "cls": "ParallelConfig",
        "field": "pipeline_parallel_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "pipeline_parallel_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Pipeline stages; the model's layers are split across this many device groups. "
            "(default: 1)"
        ),
        "dest": "f89",
    },
    {
        "flag": "--tensor-parallel-size",
        "aliases": ("-tp",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.tensor_parallel_size",
        "cls": "ParallelConfig",
        "field": "tensor_parallel_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "tensor_parallel_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": "Devices each layer's weights are sharded across. (default: 1)",
        "dest": "f90",
    },
    {
        "flag": "--prefill-context-parallel-size",
        "aliases": ("-pcp",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.prefill_context_parallel_size",
        "cls": "ParallelConfig",
        "field": "prefill_context_parallel_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "prefill_context_parallel_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": "Devices a long prompt's prefill is split across by sequence; adds workers. (default: 1)",
        "dest": "f91",
    },
    {
        "flag": "--data-parallel-size",
        "aliases": ("-dp",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_size",
        "cls": "ParallelConfig",
        "field": "data_parallel_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Model replicas serving requests side by side. MoE layers are sharded over "
            "tensor_parallel_size x data_parallel_size devices. (default: 1)"
        ),
        "dest": "f92",
    },
    {
        "flag": "--data-parallel-size-local",
        "aliases": ("-dpl",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_size_local",
        "cls": "ParallelConfig",
        "field": "data_parallel_size_local",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_size_local"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Data-parallel replicas on this node. 0 marks DP as configured by the launcher even "
            "when data_parallel_size is 1. (default: 1)"
        ),
        "dest": "f93",
    },
    {
        "flag": "--data-parallel-rank",
        "aliases": ("-dpn",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_rank",
        "cls": "ParallelConfig",
        "field": "data_parallel_rank",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_rank"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": "This replica's data-parallel rank; must be below data_parallel_size. (default: 0)",
        "dest": "f94",
    },
    {
        "flag": "--data-parallel-address",
        "aliases": ("-dpa",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_master_ip",
        "cls": "ParallelConfig",
        "field": "data_parallel_master_ip",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_master_ip"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "127.0.0.1",
        "help": "Address of the data-parallel coordinator. (default: 127.0.0.1)",
        "dest": "f95",
    },
    {
        "flag": "--data-parallel-rpc-port",
        "aliases": ("-dpp",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_rpc_port",
        "cls": "ParallelConfig",
        "field": "data_parallel_rpc_port",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_rpc_port"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "29550",
        "help": (
            "Port for data-parallel control messages, the same on every node (1 to 65535). "
            "(default: 29550)"
        ),
        "dest": "f96",
    },
    {
        "flag": "--dp-sync-interval",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.dp_sync_interval",
        "cls": "ParallelConfig",
        "field": "dp_sync_interval",
        "root": "VllmConfig",
        "path": ("parallel_config", "dp_sync_interval"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "16",
        "help": (
            "Engine steps between two all-reduces in which the data-parallel ranks agree whether "
            "any still has work; must be the same on every rank. Part of the cache key as vLLM "
            "hashes it. (default: 16)"
        ),
        "dest": "f97",
    },
    {
        "flag": "--data-parallel-backend",
        "aliases": ("-dpb",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_backend",
        "cls": "ParallelConfig",
        "field": "data_parallel_backend",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_backend"),
        "optional": False,
        "kind": "choice",
        "choices": ("mp", "ray"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "mp",
        "help": (
            "Launch data-parallel replicas as local processes (\"mp\") or Ray actors (\"ray\"). "
            "(default: mp)"
        ),
        "dest": "f98",
    },
    {
        "flag": "--data-parallel-external-lb",
        "aliases": ("-dpe",),
        "negatives": ("--no-data-parallel-external-lb",),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_external_lb",
        "cls": "ParallelConfig",
        "field": "data_parallel_external_lb",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_external_lb"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "One engine per DP rank, balanced by an external load balancer (e.g. one pod per rank "
            "for wide EP on Kubernetes). MoE only; needs data_parallel_size > 1. Implied when a "
            "DP rank is given to the server. (default: False)"
        ),
        "dest": "f99",
    },
    {
        "flag": "--data-parallel-hybrid-lb",
        "aliases": ("-dph",),
        "negatives": ("--no-data-parallel-hybrid-lb",),
        "group": "ParallelConfig",
        "target": "ParallelConfig.data_parallel_hybrid_lb",
        "cls": "ParallelConfig",
        "field": "data_parallel_hybrid_lb",
        "root": "VllmConfig",
        "path": ("parallel_config", "data_parallel_hybrid_lb"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Balance across the DP ranks of a node internally and across nodes externally (one "
            "API server per node). Set together with the DP start rank. (default: False)"
        ),
        "dest": "f100",
    },
    {
        "flag": "--enable-batch-sharded-sampling",
        "aliases": (),
        "negatives": ("--no-enable-batch-sharded-sampling", "--disable-batch-sharded-sampling"),
        "group": "ParallelConfig",
        "target": "ParallelConfig.enable_batch_sharded_sampling",
        "cls": "ParallelConfig",
        "field": "enable_batch_sharded_sampling",
        "root": "VllmConfig",
        "path": ("parallel_config", "enable_batch_sharded_sampling"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": (
            "Let each tensor-parallel rank sample its own slice of the batch instead of every "
            "rank sampling all of it. Unset means off. Turned on explicitly, it needs "
            "tensor_parallel_size > 1, max_num_seqs of at least tensor_parallel_size and "
            "non-negative max_logprobs, and a model that supports it. (default: None)"
        ),
        "dest": "f101",
    },
    {
        "flag": "--enable-expert-parallel",
        "aliases": ("-ep",),
        "negatives": ("--no-enable-expert-parallel", "--disable-expert-parallel"),
        "group": "ParallelConfig",
        "target": "ParallelConfig.enable_expert_parallel",
        "cls": "ParallelConfig",
        "field": "enable_expert_parallel",
        "root": "VllmConfig",
        "path": ("parallel_config", "enable_expert_parallel"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Shard MoE layers by whole experts (expert parallelism) instead of tensor slicing. "
            "(default: False)"
        ),
        "dest": "f102",
    },
    {
        "flag": "--enable-ep-weight-filter",
        "aliases": (),
        "negatives": ("--no-enable-ep-weight-filter", "--disable-ep-weight-filter"),
        "group": "ParallelConfig",
        "target": "ParallelConfig.enable_ep_weight_filter",
        "cls": "ParallelConfig",
        "field": "enable_ep_weight_filter",
        "root": "VllmConfig",
        "path": ("parallel_config", "enable_ep_weight_filter"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "With expert parallelism, have each rank read only its own experts' weights from the "
            "checkpoint, cutting load I/O for per-expert checkpoints. No effect on fused 3D "
            "expert tensors or dense models. (default: False)"
        ),
        "dest": "f103",
    },
    {
        "flag": "--enable-eplb",
        "aliases": (),
        "negatives": ("--no-enable-eplb", "--disable-eplb"),
        "group": "ParallelConfig",
        "target": "ParallelConfig.enable_eplb",
        "cls": "ParallelConfig",
        "field": "enable_eplb",
        "root": "VllmConfig",
        "path": ("parallel_config", "enable_eplb"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Rebalance experts across ranks at run time (EPLB); needs expert parallelism. "
            "(default: False)"
        ),
        "dest": "f104",
    },
    {
        "flag": "--eplb-config",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.eplb_config",
        "cls": "ParallelConfig",
        "field": "eplb_config",
        "root": "VllmConfig",
        "path": ("parallel_config", "eplb_config"),
        "optional": False,
        "kind": "json",
        "json_class": "EPLBConfig",
        "requires": "",
        "default": "",
        "help": (
            "Settings of expert-parallel load balancing.\n\nTakes a JSON object, or its keys one "
            "by one: --eplb-config.key value (a trailing + appends comma-separated items to a "
            "list)."
        ),
        "dest": "f105",
    },
    {
        "flag": "--expert-placement-strategy",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.expert_placement_strategy",
        "cls": "ParallelConfig",
        "field": "expert_placement_strategy",
        "root": "VllmConfig",
        "path": ("parallel_config", "expert_placement_strategy"),
        "optional": False,
        "kind": "choice",
        "choices": ("linear", "round_robin"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "linear",
        "help": (
            "Initial expert layout: \"linear\" gives each rank a contiguous block, "
            "\"round_robin\" deals experts out one by one, which can balance grouped-expert "
            "models without redundant experts. (default: linear)"
        ),
        "dest": "f106",
    },
    {
        "flag": "--all2all-backend",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.all2all_backend",
        "cls": "ParallelConfig",
        "field": "all2all_backend",
        "root": "VllmConfig",
        "path": ("parallel_config", "all2all_backend"),
        "optional": False,
        "kind": "choice",
        "choices": (
            "allgather_reducescatter",
            "deepep_high_throughput",
            "deepep_low_latency",
            "deepep_v2",
            "flashinfer_all2allv",
            "flashinfer_nvlink_one_sided",
            "flashinfer_nvlink_two_sided",
            "moonep",
            "mori_high_throughput",
            "mori_low_latency",
            "naive",
            "nixl_ep",
            "pplx",
        ),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "allgather_reducescatter",
        "help": (
            "Communication kernels for expert-parallel token exchange (DeepEP, MoRI, NIXL-EP, "
            "FlashInfer variants, or all-gather plus reduce-scatter). The removed \"naive\" and "
            "\"pplx\" map to \"allgather_reducescatter\" with a warning. (default: "
            "allgather_reducescatter)"
        ),
        "dest": "f107",
    },
    {
        "flag": "--max-parallel-loading-workers",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.max_parallel_loading_workers",
        "cls": "ParallelConfig",
        "field": "max_parallel_loading_workers",
        "root": "VllmConfig",
        "path": ("parallel_config", "max_parallel_loading_workers"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Cap on workers loading weights at once, to bound host RAM. Currently ignored. "
            "(default: None)"
        ),
        "dest": "f108",
    },
    {
        "flag": "--disable-custom-all-reduce",
        "aliases": (),
        "negatives": ("--no-disable-custom-all-reduce",),
        "group": "ParallelConfig",
        "target": "ParallelConfig.disable_custom_all_reduce",
        "cls": "ParallelConfig",
        "field": "disable_custom_all_reduce",
        "root": "VllmConfig",
        "path": ("parallel_config", "disable_custom_all_reduce"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Use NCCL all-reduce instead of vLLM's custom kernel. Forced on for multi-node runs. "
            "(default: False)"
        ),
        "dest": "f109",
    },
    {
        "flag": "--enable-elastic-ep",
        "aliases": (),
        "negatives": ("--no-enable-elastic-ep", "--disable-elastic-ep"),
        "group": "ParallelConfig",
        "target": "ParallelConfig.enable_elastic_ep",
        "cls": "ParallelConfig",
        "field": "enable_elastic_ep",
        "root": "VllmConfig",
        "path": ("parallel_config", "enable_elastic_ep"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Let the expert-parallel world grow and shrink at run time (stateless groups). Needs "
            "enable_eplb, no pipeline parallelism and internal load balancing. (default: False)"
        ),
        "dest": "f110",
    },
    {
        "flag": "--elastic-ep-max-dp-size",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.elastic_ep_max_dp_size",
        "cls": "ParallelConfig",
        "field": "elastic_ep_max_dp_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "elastic_ep_max_dp_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Largest data-parallel size elastic EP may scale up to. Without elastic EP, or unset: "
            "the initial data_parallel_size, which it may not be below. (default: None)"
        ),
        "dest": "f111",
    },
    {
        "flag": "--enable-dbo",
        "aliases": (),
        "negatives": ("--no-enable-dbo", "--disable-dbo"),
        "group": "ParallelConfig",
        "target": "ParallelConfig.enable_dbo",
        "cls": "ParallelConfig",
        "field": "enable_dbo",
        "root": "VllmConfig",
        "path": ("parallel_config", "enable_dbo"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Dual batch overlap - split a batch in two micro-batches to overlap compute and "
            "communication. (default: False)"
        ),
        "dest": "f112",
    },
    {
        "flag": "--ubatch-size",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.ubatch_size",
        "cls": "ParallelConfig",
        "field": "ubatch_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "ubatch_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": "Micro-batches per step; values above 1 turn micro-batching on. (default: 0)",
        "dest": "f113",
    },
    {
        "flag": "--dbo-decode-token-threshold",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.dbo_decode_token_threshold",
        "cls": "ParallelConfig",
        "field": "dbo_decode_token_threshold",
        "root": "VllmConfig",
        "path": ("parallel_config", "dbo_decode_token_threshold"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "32",
        "help": (
            "Decode-only batches with more tokens than this are split into micro-batches. "
            "(default: 32)"
        ),
        "dest": "f114",
    },
    {
        "flag": "--dbo-prefill-token-threshold",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.dbo_prefill_token_threshold",
        "cls": "ParallelConfig",
        "field": "dbo_prefill_token_threshold",
        "root": "VllmConfig",
        "path": ("parallel_config", "dbo_prefill_token_threshold"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "512",
        "help": (
            "Batches containing a prefill with more tokens than this are split into "
            "micro-batches. (default: 512)"
        ),
        "dest": "f115",
    },
    {
        "flag": "--disable-nccl-for-dp-synchronization",
        "aliases": (),
        "negatives": ("--no-disable-nccl-for-dp-synchronization",),
        "group": "ParallelConfig",
        "target": "ParallelConfig.disable_nccl_for_dp_synchronization",
        "cls": "ParallelConfig",
        "field": "disable_nccl_for_dp_synchronization",
        "root": "VllmConfig",
        "path": ("parallel_config", "disable_nccl_for_dp_synchronization"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": (
            "Use Gloo instead of NCCL for the per-step data-parallel synchronisation. Unset: on "
            "when async scheduling is on, off otherwise. (default: None)"
        ),
        "dest": "f116",
    },
    {
        "flag": "--ray-workers-use-nsight",
        "aliases": (),
        "negatives": ("--no-ray-workers-use-nsight",),
        "group": "ParallelConfig",
        "target": "ParallelConfig.ray_workers_use_nsight",
        "cls": "ParallelConfig",
        "field": "ray_workers_use_nsight",
        "root": "VllmConfig",
        "path": ("parallel_config", "ray_workers_use_nsight"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": "Profile Ray workers with Nsight Systems; needs a Ray executor. (default: False)",
        "dest": "f117",
    },
    {
        "flag": "--distributed-executor-backend",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.distributed_executor_backend",
        "cls": "ParallelConfig",
        "field": "distributed_executor_backend",
        "root": "VllmConfig",
        "path": ("parallel_config", "distributed_executor_backend"),
        "optional": True,
        "kind": "choice",
        "choices": ("external_launcher", "mp", "ray", "uni"),
        "literal_type": "str",
        "open": True,
        "requires": "",
        "default": "None",
        "help": (
            "What runs the workers: \"mp\" (local processes; set nnodes for several hosts), "
            "\"ray\", \"uni\" (in-process, single worker), \"external_launcher\" (e.g. torchrun), "
            "an Executor subclass or its import path. Unset: \"uni\" for one worker, otherwise "
            "chosen from the platform and Ray state. (default: None)"
        ),
        "dest": "f118",
    },
    {
        "flag": "--worker-cls",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.worker_cls",
        "cls": "ParallelConfig",
        "field": "worker_cls",
        "root": "VllmConfig",
        "path": ("parallel_config", "worker_cls"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "auto",
        "help": "Import path of the worker class; \"auto\" lets the platform choose. (default: auto)",
        "dest": "f119",
    },
    {
        "flag": "--worker-extension-cls",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.worker_extension_cls",
        "cls": "ParallelConfig",
        "field": "worker_extension_cls",
        "root": "VllmConfig",
        "path": ("parallel_config", "worker_extension_cls"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "",
        "help": (
            "Import path of a class mixed into the worker class, to add methods callable through "
            "collective_rpc. Empty for none."
        ),
        "dest": "f120",
    },
    {
        "flag": "--master-addr",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.master_addr",
        "cls": "ParallelConfig",
        "field": "master_addr",
        "root": "VllmConfig",
        "path": ("parallel_config", "master_addr"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "127.0.0.1",
        "help": (
            "Address of the rank-0 host for multi-node runs with the \"mp\" executor. (default: "
            "127.0.0.1)"
        ),
        "dest": "f121",
    },
    {
        "flag": "--master-port",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.master_port",
        "cls": "ParallelConfig",
        "field": "master_port",
        "root": "VllmConfig",
        "path": ("parallel_config", "master_port"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "29501",
        "help": "Port on the rank-0 host for multi-node runs with the \"mp\" executor. (default: 29501)",
        "dest": "f122",
    },
    {
        "flag": "--node-rank",
        "aliases": ("-r",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.node_rank",
        "cls": "ParallelConfig",
        "field": "node_rank",
        "root": "VllmConfig",
        "path": ("parallel_config", "node_rank"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": "This host's index for multi-node runs with the \"mp\" executor. (default: 0)",
        "dest": "f123",
    },
    {
        "flag": "--nnodes",
        "aliases": ("-n",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.nnodes",
        "cls": "ParallelConfig",
        "field": "nnodes",
        "root": "VllmConfig",
        "path": ("parallel_config", "nnodes"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Hosts in a multi-node run with the \"mp\" executor. Above 1 needs an \"mp\", \"uni\" "
            "or \"external_launcher\" executor and disables the custom all-reduce. (default: 1)"
        ),
        "dest": "f124",
    },
    {
        "flag": "--numa-bind",
        "aliases": (),
        "negatives": ("--no-numa-bind",),
        "group": "ParallelConfig",
        "target": "ParallelConfig.numa_bind",
        "cls": "ParallelConfig",
        "field": "numa_bind",
        "root": "VllmConfig",
        "path": ("parallel_config", "numa_bind"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Pin each GPU worker process to the CPUs and memory of its GPU's NUMA node "
            "(auto-detected unless numa_bind_nodes or numa_bind_cpus is given). (default: False)"
        ),
        "dest": "f125",
    },
    {
        "flag": "--numa-bind-nodes",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.numa_bind_nodes",
        "cls": "ParallelConfig",
        "field": "numa_bind_nodes",
        "root": "VllmConfig",
        "path": ("parallel_config", "numa_bind_nodes"),
        "optional": True,
        "kind": "int",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "None",
        "help": (
            "NUMA node for each visible GPU, e.g. [0, 0, 1, 1]; non-negative numactl node "
            "indices. Needs numa_bind. (default: None)"
        ),
        "dest": "f126",
    },
    {
        "flag": "--numa-bind-cpus",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.numa_bind_cpus",
        "cls": "ParallelConfig",
        "field": "numa_bind_cpus",
        "root": "VllmConfig",
        "path": ("parallel_config", "numa_bind_cpus"),
        "optional": True,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "None",
        "help": (
            "CPU list for each visible GPU in numactl syntax, e.g. [\"0-3\", \"4-7\"]; replaces "
            "the NUMA-node CPU binding. Needs numa_bind. (default: None)"
        ),
        "dest": "f127",
    },
    {
        "flag": "--distributed-timeout-seconds",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.distributed_timeout_seconds",
        "cls": "ParallelConfig",
        "field": "distributed_timeout_seconds",
        "root": "VllmConfig",
        "path": ("parallel_config", "distributed_timeout_seconds"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Timeout for device process-group operations, in seconds. Unset: PyTorch's default "
            "(600 s for NCCL). Raise it when slow downloads delay multi-node start. (default: "
            "None)"
        ),
        "dest": "f128",
    },
    {
        "flag": "--cpu-distributed-timeout-seconds",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.cpu_distributed_timeout_seconds",
        "cls": "ParallelConfig",
        "field": "cpu_distributed_timeout_seconds",
        "root": "VllmConfig",
        "path": ("parallel_config", "cpu_distributed_timeout_seconds"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Timeout for CPU (Gloo) process groups, in seconds. Unset - PyTorch's default (1800 "
            "s). (default: None)"
        ),
        "dest": "f129",
    },
    {
        "flag": "--decode-context-parallel-size",
        "aliases": ("-dcp",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.decode_context_parallel_size",
        "cls": "ParallelConfig",
        "field": "decode_context_parallel_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "decode_context_parallel_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Devices the KV cache of a sequence is split across during decode; adds no processes. "
            "Without prefill context parallelism it reuses the tensor-parallel devices "
            "(tensor_parallel_size must be a multiple of it); with it, it is 1, "
            "prefill_context_parallel_size or the whole tensor x prefill-context block. (default: "
            "1)"
        ),
        "dest": "f130",
    },
    {
        "flag": "--dcp-kv-cache-interleave-size",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.dcp_kv_cache_interleave_size",
        "cls": "ParallelConfig",
        "field": "dcp_kv_cache_interleave_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "dcp_kv_cache_interleave_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Older name of cp_kv_cache_interleave_size for decode context parallelism only. "
            "(default: 1)"
        ),
        "dest": "f131",
    },
    {
        "flag": "--dcp-comm-backend",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.dcp_comm_backend",
        "cls": "ParallelConfig",
        "field": "dcp_comm_backend",
        "root": "VllmConfig",
        "path": ("parallel_config", "dcp_comm_backend"),
        "optional": True,
        "kind": "choice",
        "choices": ("a2a", "ag_rs"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "Decode context parallel communication: \"ag_rs\" (all-gather + reduce-scatter) or "
            "\"a2a\" (all-to-all of partial outputs, fewer collectives for MLA models). Unset: "
            "the model's preference, else \"ag_rs\" (filled in by VllmConfig). (default: None)"
        ),
        "dest": "f132",
    },
    {
        "flag": "--dcp-q-replicate",
        "aliases": (),
        "negatives": ("--no-dcp-q-replicate",),
        "group": "ParallelConfig",
        "target": "ParallelConfig.dcp_q_replicate",
        "cls": "ParallelConfig",
        "field": "dcp_q_replicate",
        "root": "VllmConfig",
        "path": ("parallel_config", "dcp_q_replicate"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": (
            "Compute the MLA query projection on every rank of a decode-context-parallel group, "
            "so decode need not all-gather the query each step (more compute, one collective "
            "less). Unset: the model's preference, else off (filled in by VllmConfig). (default: "
            "None)"
        ),
        "dest": "f133",
    },
    {
        "flag": "--cp-kv-cache-interleave-size",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.cp_kv_cache_interleave_size",
        "cls": "ParallelConfig",
        "field": "cp_kv_cache_interleave_size",
        "root": "VllmConfig",
        "path": ("parallel_config", "cp_kv_cache_interleave_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Tokens stored on one decode-context-parallel rank before moving to the next. 1 "
            "spreads tokens round-robin; the block size fills a whole block per rank. The block "
            "size must be a multiple of it. Omitted on the command line, the NIXL connector may "
            "set it to the block size. (default: 1)"
        ),
        "dest": "f134",
    },
    {
        "flag": "--enable-fault-tolerance",
        "aliases": (),
        "negatives": ("--no-enable-fault-tolerance", "--disable-fault-tolerance"),
        "group": "ParallelConfig",
        "target": "ParallelConfig.enable_fault_tolerance",
        "cls": "ParallelConfig",
        "field": "enable_fault_tolerance",
        "root": "VllmConfig",
        "path": ("parallel_config", "enable_fault_tolerance"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Recover from engine failures in detail, e.g. by scaling a failed data-parallel "
            "engine away. Needs external load balancing and a single API server; turned on by "
            "--fault-tolerance-config. (default: False)"
        ),
        "dest": "f135",
    },
    {
        "flag": "--fault-tolerance-config",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "ParallelConfig.fault_tolerance_config",
        "cls": "ParallelConfig",
        "field": "fault_tolerance_config",
        "root": "VllmConfig",
        "path": ("parallel_config", "fault_tolerance_config"),
        "optional": False,
        "kind": "json",
        "json_class": "FaultToleranceConfig",
        "requires": "",
        "default": "",
        "help": (
            "Settings of fault tolerance (how long a failed engine waits for "
            "instructions).\n\nTakes a JSON object, or its keys one by one: "
            "--fault-tolerance-config.key value (a trailing + appends comma-separated items to a "
            "list)."
        ),
        "dest": "f136",
    },
    {
        "flag": "--max-num-batched-tokens",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.max_num_batched_tokens",
        "cls": "SchedulerConfig",
        "field": "max_num_batched_tokens",
        "root": "VllmConfig",
        "path": ("scheduler_config", "max_num_batched_tokens"),
        "optional": False,
        "kind": "int",
        "human_int": True,
        "requires": "",
        "default": "2048",
        "help": (
            "Token budget of one engine step (all sequences together). Part of the cache key: it "
            "sizes static buffers (e.g. LoRA) and decides Inductor's index width. The engine "
            "normally sets it from the model and hardware.\n\nAccepts human-readable integers: "
            "k/m/g/t are decimal (25.6k = 25600), K/M/G/T binary (1K = 1024). (default: 2048)"
        ),
        "dest": "f137",
    },
    {
        "flag": "--max-num-scheduled-tokens",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.max_num_scheduled_tokens",
        "cls": "SchedulerConfig",
        "field": "max_num_scheduled_tokens",
        "root": "VllmConfig",
        "path": ("scheduler_config", "max_num_scheduled_tokens"),
        "optional": True,
        "kind": "int",
        "human_int": True,
        "requires": "",
        "default": "None",
        "help": (
            "Tokens the scheduler itself may hand out per step; below max_num_batched_tokens when "
            "the model adds tokens of its own (e.g. speculative decoding). Unset: equal to "
            "max_num_batched_tokens.\n\nAccepts human-readable integers: k/m/g/t are decimal "
            "(25.6k = 25600), K/M/G/T binary (1K = 1024). (default: None)"
        ),
        "dest": "f138",
    },
    {
        "flag": "--max-num-seqs",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.max_num_seqs",
        "cls": "SchedulerConfig",
        "field": "max_num_seqs",
        "root": "VllmConfig",
        "path": ("scheduler_config", "max_num_seqs"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "128",
        "help": (
            "Most sequences in one engine step; it sizes the runner's per-request buffers and "
            "graph capture, hence part of the cache key (some models keep static per-request "
            "buffers in the compiled graph). The engine normally sets it from the hardware. "
            "(default: 128)"
        ),
        "dest": "f139",
    },
    {
        "flag": "--max-num-active-seqs",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.max_num_active_seqs",
        "cls": "SchedulerConfig",
        "field": "max_num_active_seqs",
        "root": "VllmConfig",
        "path": ("scheduler_config", "max_num_active_seqs"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Most requests admitted to the running set at once, below max_num_seqs, to keep "
            "decode batches small without shrinking the runner's buffers or captured graphs. "
            "Unset: max_num_seqs. (default: None)"
        ),
        "dest": "f140",
    },
    {
        "flag": "--long-prefill-token-threshold",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.long_prefill_token_threshold",
        "cls": "SchedulerConfig",
        "field": "long_prefill_token_threshold",
        "root": "VllmConfig",
        "path": ("scheduler_config", "long_prefill_token_threshold"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": (
            "With chunked prefill, the most prompt tokens one request may prefill in a step (a "
            "longer prompt is split); 0 means no cap. Not applied to a request alone in the "
            "batch. May not exceed max_model_len. (default: 0)"
        ),
        "dest": "f141",
    },
    {
        "flag": "--long-prefill-token-threshold-adaptive",
        "aliases": (),
        "negatives": ("--no-long-prefill-token-threshold-adaptive",),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.long_prefill_token_threshold_adaptive",
        "cls": "SchedulerConfig",
        "field": "long_prefill_token_threshold_adaptive",
        "root": "VllmConfig",
        "path": ("scheduler_config", "long_prefill_token_threshold_adaptive"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Raise the cap above to at least a fair share of the step's token budget "
            "(max_num_batched_tokens over the number of waiting and running requests). Only with "
            "a non-zero long_prefill_token_threshold. (default: False)"
        ),
        "dest": "f142",
    },
    {
        "flag": "--max-num-queued-reqs",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.max_num_queued_reqs",
        "cls": "SchedulerConfig",
        "field": "max_num_queued_reqs",
        "root": "VllmConfig",
        "path": ("scheduler_config", "max_num_queued_reqs"),
        "optional": True,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "Most requests in flight (waiting or running) over all the data-parallel ranks one "
            "API server feeds; further requests get HTTP 503 so that a client can try elsewhere. "
            "Unset: no limit. (default: None)"
        ),
        "dest": "f143",
    },
    {
        "flag": "--max-num-queued-tokens",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.max_num_queued_tokens",
        "cls": "SchedulerConfig",
        "field": "max_num_queued_tokens",
        "root": "VllmConfig",
        "path": ("scheduler_config", "max_num_queued_tokens"),
        "optional": True,
        "kind": "int",
        "human_int": True,
        "requires": "",
        "default": "None",
        "help": (
            "Most prompt tokens of requests still in prefill, over all the data-parallel ranks "
            "one API server feeds; further requests get HTTP 503. A time-to-first-token guard "
            "(target latency times prefill throughput); counted conservatively, whole prompts "
            "until their prefill ends. Unset: no limit.\n\nAccepts human-readable integers: "
            "k/m/g/t are decimal (25.6k = 25600), K/M/G/T binary (1K = 1024). (default: None)"
        ),
        "dest": "f144",
    },
    {
        "flag": "--enable-chunked-prefill",
        "aliases": (),
        "negatives": ("--no-enable-chunked-prefill", "--disable-chunked-prefill"),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.enable_chunked_prefill",
        "cls": "SchedulerConfig",
        "field": "enable_chunked_prefill",
        "root": "VllmConfig",
        "path": ("scheduler_config", "enable_chunked_prefill"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "True",
        "help": (
            "Split long prompts over several steps to fit the token budget. Turned off for "
            "encoder-decoder models. The engine normally decides. (default: True)"
        ),
        "dest": "f145",
    },
    {
        "flag": "--scheduling-policy",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.policy",
        "cls": "SchedulerConfig",
        "field": "policy",
        "root": "VllmConfig",
        "path": ("scheduler_config", "policy"),
        "optional": False,
        "kind": "choice",
        "choices": ("fcfs", "priority"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "fcfs",
        "help": (
            "\"fcfs\" serves requests in arrival order; \"priority\" serves lower priority values "
            "first, breaking ties by arrival time. (default: fcfs)"
        ),
        "dest": "f146",
    },
    {
        "flag": "--disable-chunked-mm-input",
        "aliases": (),
        "negatives": ("--no-disable-chunked-mm-input",),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.disable_chunked_mm_input",
        "cls": "SchedulerConfig",
        "field": "disable_chunked_mm_input",
        "root": "VllmConfig",
        "path": ("scheduler_config", "disable_chunked_mm_input"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "With chunked prefill, never split a multimodal item across steps: text before it is "
            "scheduled now and the whole item in a later step. (default: False)"
        ),
        "dest": "f147",
    },
    {
        "flag": "--scheduler-cls",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.scheduler_cls",
        "cls": "SchedulerConfig",
        "field": "scheduler_cls",
        "root": "VllmConfig",
        "path": ("scheduler_config", "scheduler_cls"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "Custom scheduler, as a class or its import path (\"module.Class\"). Unset: vLLM's "
            "own scheduler. The custom-scheduler interface is not stable. (default: None)"
        ),
        "dest": "f148",
    },
    {
        "flag": "--disable-hybrid-kv-cache-manager",
        "aliases": (),
        "negatives": ("--no-disable-hybrid-kv-cache-manager",),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.disable_hybrid_kv_cache_manager",
        "cls": "SchedulerConfig",
        "field": "disable_hybrid_kv_cache_manager",
        "root": "VllmConfig",
        "path": ("scheduler_config", "disable_hybrid_kv_cache_manager"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": (
            "Give every attention layer the same KV cache size even when layer types differ (e.g. "
            "full and sliding-window attention). Unset: decided from the environment and the rest "
            "of the config. (default: None)"
        ),
        "dest": "f149",
    },
    {
        "flag": "--scheduler-reserve-full-isl",
        "aliases": (),
        "negatives": ("--no-scheduler-reserve-full-isl",),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.scheduler_reserve_full_isl",
        "cls": "SchedulerConfig",
        "field": "scheduler_reserve_full_isl",
        "root": "VllmConfig",
        "path": ("scheduler_config", "scheduler_reserve_full_isl"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "True",
        "help": (
            "Admit a request only if its whole prompt fits in the KV cache, not just its first "
            "chunk; avoids over-admission and cache thrashing with chunked prefill. (default: "
            "True)"
        ),
        "dest": "f150",
    },
    {
        "flag": "--watermark",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.watermark",
        "cls": "SchedulerConfig",
        "field": "watermark",
        "root": "VllmConfig",
        "path": ("scheduler_config", "watermark"),
        "optional": False,
        "kind": "float",
        "requires": "",
        "default": "0.0",
        "help": (
            "Fraction of KV cache blocks kept free when admitting waiting or preempted requests, "
            "to avoid repeated preemption under memory pressure. 0 disables it. (default: 0.0)"
        ),
        "dest": "f151",
    },
    {
        "flag": "--prefill-schedule-interval",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.prefill_schedule_interval",
        "cls": "SchedulerConfig",
        "field": "prefill_schedule_interval",
        "root": "VllmConfig",
        "path": ("scheduler_config", "prefill_schedule_interval"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "With data parallelism, admit new prefills only every N steps, aligned across ranks, "
            "to even out step times. (default: 1)"
        ),
        "dest": "f152",
    },
    {
        "flag": "--async-scheduling",
        "aliases": (),
        "negatives": ("--no-async-scheduling",),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.async_scheduling",
        "cls": "SchedulerConfig",
        "field": "async_scheduling",
        "root": "VllmConfig",
        "path": ("scheduler_config", "async_scheduling"),
        "optional": True,
        "kind": "bool",
        "requires": "",
        "default": "None",
        "help": (
            "Schedule the next step while the current one runs, avoiding GPU idle gaps. False "
            "turns it off; unset lets the engine decide. (default: None)"
        ),
        "dest": "f153",
    },
    {
        "flag": "--stream-interval",
        "aliases": (),
        "negatives": (),
        "group": "SchedulerConfig",
        "target": "SchedulerConfig.stream_interval",
        "cls": "SchedulerConfig",
        "field": "stream_interval",
        "root": "VllmConfig",
        "path": ("scheduler_config", "stream_interval"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "Tokens buffered per streamed chunk. 1 streams every token; larger values cut host "
            "overhead at the cost of smoothness. (default: 1)"
        ),
        "dest": "f154",
    },
    {
        "flag": "--load-format",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.load_format",
        "cls": "LoadConfig",
        "field": "load_format",
        "root": "VllmConfig",
        "path": ("load_config", "load_format"),
        "optional": False,
        "kind": "choice",
        "choices": (
            "auto",
            "dummy",
            "fastsafetensors",
            "hf",
            "instanttensor",
            "ipc_cache",
            "mistral",
            "modelexpress",
            "npcache",
            "pt",
            "runai_streamer",
            "runai_streamer_sharded",
            "safetensors",
            "sharded_state",
            "tensorizer",
        ),
        "literal_type": "str",
        "open": True,
        "normalise": ["lower"],
        "requires": "",
        "default": "auto",
        "help": (
            "Weight format to load (case-insensitive). \"auto\" tries safetensors and falls back "
            "to PyTorch .bin files. \"pt\" / \"safetensors\" force one of those; "
            "\"instanttensor\" loads safetensors onto CUDA with pipelined prefetch and direct "
            "I/O; \"npcache\" loads .bin files and keeps a numpy cache for faster restarts; "
            "\"dummy\" fills random weights (profiling); \"tensorizer\" uses CoreWeave's "
            "tensorizer; \"runai_streamer\" / \"runai_streamer_sharded\" stream (pre-sharded) "
            "safetensors with Run:ai Model Streamer; \"sharded_state\" reads per-rank pre-sharded "
            "files for fast tensor-parallel loading; \"mistral\" reads Mistral's consolidated "
            "safetensors; \"modelexpress\" uses ModelExpress. Plugins may add other names. "
            "(default: auto)"
        ),
        "dest": "f155",
    },
    {
        "flag": "--download-dir",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.download_dir",
        "cls": "LoadConfig",
        "field": "download_dir",
        "root": "VllmConfig",
        "path": ("load_config", "download_dir"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "Where weights are downloaded and read from; None uses the Hugging Face cache "
            "directory. (default: None)"
        ),
        "dest": "f156",
    },
    {
        "flag": "--safetensors-load-strategy",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.safetensors_load_strategy",
        "cls": "LoadConfig",
        "field": "safetensors_load_strategy",
        "root": "VllmConfig",
        "path": ("load_config", "safetensors_load_strategy"),
        "optional": True,
        "kind": "choice",
        "choices": ("eager", "lazy", "prefetch", "torchao"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "How safetensors files are read. None (default): memory-mapped, switching to prefetch "
            "automatically on NFS when the checkpoint fits in 90% of free RAM. \"lazy\": always "
            "memory-mapped, no NFS auto-prefetch; best on local disks. \"eager\": read each whole "
            "file into CPU memory first; avoids slow random reads on network filesystems (Lustre, "
            "NFS) at the cost of CPU RAM. \"prefetch\": warm the OS page cache with the files "
            "before workers load them; helps on slow or remote storage. \"torchao\": load, then "
            "rebuild torchao tensor subclasses, for checkpoints quantized and saved with torchao "
            "(torchao >= 0.14.0). (default: None)"
        ),
        "dest": "f157",
    },
    {
        "flag": "--safetensors-prefetch-num-threads",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.safetensors_prefetch_num_threads",
        "cls": "LoadConfig",
        "field": "safetensors_prefetch_num_threads",
        "root": "VllmConfig",
        "path": ("load_config", "safetensors_prefetch_num_threads"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "8",
        "help": "Threads that read safetensors files into the page cache when prefetching. (default: 8)",
        "dest": "f158",
    },
    {
        "flag": "--safetensors-prefetch-block-size",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.safetensors_prefetch_block_size",
        "cls": "LoadConfig",
        "field": "safetensors_prefetch_block_size",
        "root": "VllmConfig",
        "path": ("load_config", "safetensors_prefetch_block_size"),
        "optional": False,
        "kind": "int",
        "human_int": True,
        "requires": "",
        "default": "16777216",
        "help": (
            "Bytes per read when prefetching safetensors files (default 16 MiB).\n\nAccepts "
            "human-readable integers: k/m/g/t are decimal (25.6k = 25600), K/M/G/T binary (1K = "
            "1024). (default: 16777216)"
        ),
        "dest": "f159",
    },
    {
        "flag": "--model-loader-extra-config",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.model_loader_extra_config",
        "cls": "LoadConfig",
        "field": "model_loader_extra_config",
        "root": "VllmConfig",
        "path": ("load_config", "model_loader_extra_config"),
        "optional": False,
        "kind": "dict",
        "requires": "",
        "default": "{}",
        "help": (
            "Extra settings handed to the loader of the chosen load_format (e.g. tensorizer "
            "options).\n\nTakes a JSON object, or its keys one by one: "
            "--model-loader-extra-config.key value (a trailing + appends comma-separated items to "
            "a list). (default: {})"
        ),
        "dest": "f160",
    },
    {
        "flag": "--ignore-patterns",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.ignore_patterns",
        "cls": "LoadConfig",
        "field": "ignore_patterns",
        "root": "VllmConfig",
        "path": ("load_config", "ignore_patterns"),
        "optional": False,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "[\"original/**/*\"]",
        "help": (
            "Glob patterns of checkpoint files to skip when downloading and loading. The default "
            "skips \"original/**/*\" so Llama checkpoints are not loaded twice. (default: "
            "[\"original/**/*\"])"
        ),
        "dest": "f161",
    },
    {
        "flag": "--use-tqdm-on-load",
        "aliases": (),
        "negatives": ("--no-use-tqdm-on-load",),
        "group": "LoadConfig",
        "target": "LoadConfig.use_tqdm_on_load",
        "cls": "LoadConfig",
        "field": "use_tqdm_on_load",
        "root": "VllmConfig",
        "path": ("load_config", "use_tqdm_on_load"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "True",
        "help": "Show a progress bar while weights load. (default: True)",
        "dest": "f162",
    },
    {
        "flag": "--pt-load-map-location",
        "aliases": (),
        "negatives": (),
        "group": "LoadConfig",
        "target": "LoadConfig.pt_load_map_location",
        "cls": "LoadConfig",
        "field": "pt_load_map_location",
        "root": "VllmConfig",
        "path": ("load_config", "pt_load_map_location"),
        "optional": False,
        "kind": "dict_or_str",
        "requires": "",
        "default": "cpu",
        "help": (
            "Where PyTorch .bin checkpoints are mapped while loading, as torch.load's "
            "map_location: a device (\"cuda\" equals {\"\": \"cuda\"}) or a device remapping such "
            "as {\"cuda:1\": \"cuda:0\"}. On the command line give the mapping as JSON. (default: "
            "cpu)"
        ),
        "dest": "f163",
    },
    {
        "flag": "--offload-backend",
        "aliases": (),
        "negatives": (),
        "group": "OffloadConfig",
        "target": "OffloadConfig.offload_backend",
        "cls": "OffloadConfig",
        "field": "offload_backend",
        "root": "VllmConfig",
        "path": ("offload_config", "offload_backend"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "prefetch", "uva"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "auto",
        "help": (
            "\"uva\" or \"prefetch\"; \"auto\" picks prefetch when offload_group_size > 0 and UVA "
            "when cpu_offload_gb > 0. (default: auto)"
        ),
        "dest": "f164",
    },
    {
        "flag": "--cpu-offload-gb",
        "aliases": (),
        "negatives": (),
        "group": "OffloadConfig",
        "target": "UVAOffloadConfig.cpu_offload_gb",
        "cls": "UVAOffloadConfig",
        "field": "cpu_offload_gb",
        "root": "VllmConfig",
        "path": ("offload_config", "uva", "cpu_offload_gb"),
        "optional": False,
        "kind": "float",
        "requires": "",
        "default": "0",
        "help": (
            "GiB of weights per GPU kept in CPU memory, as if the GPU had that much more memory "
            "(e.g. 10 on a 24 GB GPU fits a model needing 34 GB). Every forward pass reads them "
            "over the CPU-GPU link. 0 disables it. (default: 0)"
        ),
        "dest": "f165",
    },
    {
        "flag": "--cpu-offload-params",
        "aliases": (),
        "negatives": (),
        "group": "OffloadConfig",
        "target": "UVAOffloadConfig.cpu_offload_params",
        "cls": "UVAOffloadConfig",
        "field": "cpu_offload_params",
        "root": "VllmConfig",
        "path": ("offload_config", "uva", "cpu_offload_params"),
        "optional": False,
        "kind": "str",
        "container": "set",
        "nargs": "+",
        "requires": "",
        "default": "set()",
        "help": (
            "Parameter name segments to offload; a segment matches whole dot-separated parts "
            "(\"experts\" or \"experts.w2_weight\" match \"mlp.experts.w2_weight\", \"w2\" does "
            "not). Empty: any parameter, until cpu_offload_gb is reached. (default: set())"
        ),
        "dest": "f166",
    },
    {
        "flag": "--offload-group-size",
        "aliases": (),
        "negatives": (),
        "group": "OffloadConfig",
        "target": "PrefetchOffloadConfig.offload_group_size",
        "cls": "PrefetchOffloadConfig",
        "field": "offload_group_size",
        "root": "VllmConfig",
        "path": ("offload_config", "prefetch", "offload_group_size"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": (
            "Layers per group; the last offload_num_in_group layers of every group are offloaded "
            "(size 8 with 2 offloads layers 6, 7, 14, 15, ...). 0 disables it. (default: 0)"
        ),
        "dest": "f167",
    },
    {
        "flag": "--offload-num-in-group",
        "aliases": (),
        "negatives": (),
        "group": "OffloadConfig",
        "target": "PrefetchOffloadConfig.offload_num_in_group",
        "cls": "PrefetchOffloadConfig",
        "field": "offload_num_in_group",
        "root": "VllmConfig",
        "path": ("offload_config", "prefetch", "offload_num_in_group"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": "Layers offloaded per group; at most offload_group_size. (default: 1)",
        "dest": "f168",
    },
    {
        "flag": "--offload-prefetch-step",
        "aliases": (),
        "negatives": (),
        "group": "OffloadConfig",
        "target": "PrefetchOffloadConfig.offload_prefetch_step",
        "cls": "PrefetchOffloadConfig",
        "field": "offload_prefetch_step",
        "root": "VllmConfig",
        "path": ("offload_config", "prefetch", "offload_prefetch_step"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "1",
        "help": (
            "How many layers ahead to prefetch. More hides more latency but holds more GPU "
            "memory; at least 1 when prefetch offloading is on. (default: 1)"
        ),
        "dest": "f169",
    },
    {
        "flag": "--offload-params",
        "aliases": (),
        "negatives": (),
        "group": "OffloadConfig",
        "target": "PrefetchOffloadConfig.offload_params",
        "cls": "PrefetchOffloadConfig",
        "field": "offload_params",
        "root": "VllmConfig",
        "path": ("offload_config", "prefetch", "offload_params"),
        "optional": False,
        "kind": "str",
        "container": "set",
        "nargs": "+",
        "requires": "",
        "default": "set()",
        "help": (
            "Parameter name segments to offload from the chosen layers; a segment matches whole "
            "dot-separated parts (\"w13_weight\" matches \"mlp.experts.w13_weight\" but not "
            "\"mlp.experts.w13_weight_scale\"). Empty: every parameter of those layers. (default: "
            "set())"
        ),
        "dest": "f170",
    },
    {
        "flag": "--attention-config",
        "aliases": ("-ac",),
        "negatives": (),
        "group": "VllmConfig",
        "target": "AttentionConfig",
        "cls": "AttentionConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("attention_config",),
        "optional": False,
        "kind": "json",
        "json_class": "AttentionConfig",
        "requires": "",
        "default": "",
        "help": (
            "Which attention kernels run, and the tuning knobs of those kernels.\n\nTakes a JSON "
            "object, or its keys one by one: --attention-config.key value (a trailing + appends "
            "comma-separated items to a list)."
        ),
        "dest": "f171",
    },
    {
        "flag": "--attention-backend",
        "aliases": (),
        "negatives": (),
        "group": "AttentionConfig",
        "target": "AttentionConfig.backend",
        "cls": "AttentionConfig",
        "field": "backend",
        "root": "VllmConfig",
        "path": ("attention_config", "backend"),
        "optional": True,
        "kind": "enum",
        "enum": "AttentionBackendEnum",
        "choices": (
            "FLASH_ATTN",
            "FLASH_ATTN_DIFFKV",
            "TRITON_ATTN",
            "TRITON_ATTN_DIFFKV",
            "TRITON_FLASH_ATTN",
            "ROCM_ATTN",
            "ROCM_AITER_MLA",
            "ROCM_AITER_TRITON_MLA",
            "ROCM_AITER_FA",
            "ROCM_AITER_MLA_SPARSE",
            "XPU_MLA_SPARSE",
            "TORCH_SDPA",
            "FLASHINFER",
            "TRITON_FLASHINFER",
            "FLASHINFER_MLA",
            "TOKENSPEED_MLA",
            "FLASHINFER_MLA_SPARSE",
            "FLASHINFER_MLA_SPARSE_SM120",
            "FLASHINFER_MLA_SPARSE_SM90",
            "TRITON_MLA",
            "CUTLASS_MLA",
            "FLASHMLA",
            "FLASHMLA_SPARSE",
            "FLASHMLA_SPARSE_DSV4",
            "FLASHINFER_MLA_SPARSE_DSV4",
            "ROCM_FLASHMLA_SPARSE_DSV4",
            "FLASHMLA_SPARSE_DSV41",
            "FLASHINFER_MLA_SPARSE_DSV41",
            "FLASHMLA_MEGA_ATTN_DSV41",
            "B12X",
            "FLASH_ATTN_MLA",
            "FLASH_ATTN_MLA_SPARSE",
            "MINIMAX_M3_SPARSE",
            "CUTLASS_MSA",
            "TRITON_MSA",
            "NO_ATTENTION",
            "FLEX_ATTENTION",
            "HPC_ATTN",
            "ROCM_AITER_UNIFIED_ATTN",
            "CPU_ATTN",
            "CPU_MLA",
            "AMX_MLA",
            "TURBOQUANT",
            "CUSTOM",
        ),
        "open": False,
        "normalise": ["auto_to_none"],
        "exclusive": True,
        "requires": "",
        "default": "None",
        "help": (
            "Attention backend, given by member name in any case (e.g. \"flash_attn\"). None or "
            "\"auto\" lets the engine choose one for the model and hardware. (default: None)"
        ),
        "dest": "f172",
        "enum_values": {
            "FLASH_ATTN": "vllm.v1.attention.backends.flash_attn.FlashAttentionBackend",
            "FLASH_ATTN_DIFFKV": "vllm.v1.attention.backends.flash_attn_diffkv.FlashAttentionDiffKVBackend",
            "TRITON_ATTN": "vllm.v1.attention.backends.triton_attn.TritonAttentionBackend",
            "TRITON_ATTN_DIFFKV": "vllm.v1.attention.backends.triton_attn_diffkv.TritonAttentionDiffKVBackend",
            "TRITON_FLASH_ATTN": "vllm.v1.attention.backends.triton_flash_attn.TritonFlashAttentionBackend",
            "ROCM_ATTN": "vllm.v1.attention.backends.rocm_attn.RocmAttentionBackend",
            "ROCM_AITER_MLA": "vllm.v1.attention.backends.mla.rocm_aiter_mla.AiterMLABackend",
            "ROCM_AITER_TRITON_MLA": "vllm.v1.attention.backends.mla.aiter_triton_mla.AiterTritonMLABackend",
            "ROCM_AITER_FA": "vllm.v1.attention.backends.rocm_aiter_fa.AiterFlashAttentionBackend",
            "ROCM_AITER_MLA_SPARSE": "vllm.v1.attention.backends.mla.rocm_aiter_mla_sparse.ROCMAiterMLASparseBackend",
            "XPU_MLA_SPARSE": "vllm.v1.attention.backends.mla.xpu_mla_sparse.XPUMLASparseBackend",
            "TORCH_SDPA": "",
            "FLASHINFER": "vllm.v1.attention.backends.flashinfer.FlashInferBackend",
            "TRITON_FLASHINFER": "vllm.v1.attention.backends.triton_flashinfer.TritonFlashInferBackend",
            "FLASHINFER_MLA": "vllm.v1.attention.backends.mla.flashinfer_mla.FlashInferMLABackend",
            "TOKENSPEED_MLA": "vllm.v1.attention.backends.mla.tokenspeed_mla.TokenspeedMLABackend",
            "FLASHINFER_MLA_SPARSE": "vllm.v1.attention.backends.mla.flashinfer_mla_sparse.FlashInferMLASparseTRTLLMBackend",
            "FLASHINFER_MLA_SPARSE_SM120": "vllm.v1.attention.backends.mla.flashinfer_mla_sparse.FlashInferMLASparseSM120Backend",
            "FLASHINFER_MLA_SPARSE_SM90": (
                "vllm.v1.attention.backends.mla.flashinfer_mla_sparse_sm90.FlashInferMLASparseSM90Backend"
            ),
            "TRITON_MLA": "vllm.v1.attention.backends.mla.triton_mla.TritonMLABackend",
            "CUTLASS_MLA": "vllm.v1.attention.backends.mla.cutlass_mla.CutlassMLABackend",
            "FLASHMLA": "vllm.v1.attention.backends.mla.flashmla.FlashMLABackend",
            "FLASHMLA_SPARSE": "vllm.v1.attention.backends.mla.flashmla_sparse.FlashMLASparseBackend",
            "FLASHMLA_SPARSE_DSV4": "vllm.models.deepseek_v4.sparse_mla.DeepseekV4FlashMLABackend",
            "FLASHINFER_MLA_SPARSE_DSV4": "vllm.models.deepseek_v4.nvidia.flashinfer_sparse.DeepseekV4FlashInferMLASparseBackend",
            "ROCM_FLASHMLA_SPARSE_DSV4": "vllm.models.deepseek_v4.amd.rocm.DeepseekV4ROCMAiterMLASparseBackend",
            "FLASHMLA_SPARSE_DSV41": "vllm.models.deepseek_v41.sparse_mla.DeepseekV4FlashMLABackend",
            "FLASHINFER_MLA_SPARSE_DSV41": (
                "vllm.models.deepseek_v41.nvidia.flashinfer_sparse.DeepseekV4FlashInferMLASparseBackend"
            ),
            "FLASHMLA_MEGA_ATTN_DSV41": "vllm.models.deepseek_v41.sparse_mla.FlashMLAMegaAttnBackend",
            "B12X": "vllm.v1.attention.backends.b12x.B12xPagedAttentionBackend",
            "FLASH_ATTN_MLA": "vllm.v1.attention.backends.mla.flashattn_mla.FlashAttnMLABackend",
            "FLASH_ATTN_MLA_SPARSE": "vllm.v1.attention.backends.mla.flashattn_mla_sparse.FlashAttnMLASparseBackend",
            "MINIMAX_M3_SPARSE": "vllm.models.minimax_m3.common.sparse_attention.MiniMaxM3SparseBackend",
            "CUTLASS_MSA": "vllm.models.minimax_m3.nvidia.sparse_attention_msa.MiniMaxM3SparseCutlassBackend",
            "TRITON_MSA": "vllm.models.minimax_m3.nvidia.sparse_attention_msa.MiniMaxM3SparseTritonBackend",
            "NO_ATTENTION": "vllm.v1.attention.backends.no_attention.NoAttentionBackend",
            "FLEX_ATTENTION": "vllm.v1.attention.backends.flex_attention.FlexAttentionBackend",
            "HPC_ATTN": "vllm.v1.attention.backends.hpc_attn.HpcAttentionBackend",
            "ROCM_AITER_UNIFIED_ATTN": "vllm.v1.attention.backends.rocm_aiter_unified_attn.RocmAiterUnifiedAttentionBackend",
            "CPU_ATTN": "vllm.v1.attention.backends.cpu_attn.CPUAttentionBackend",
            "CPU_MLA": "vllm.v1.attention.backends.mla.cpu_mla.CPUMLABackend",
            "AMX_MLA": "vllm.v1.attention.backends.mla.amx_mla.AMXMLABackend",
            "TURBOQUANT": "vllm.v1.attention.backends.turboquant_attn.TurboQuantAttentionBackend",
            "CUSTOM": None,
        },
    },
    {
        "flag": "--mamba-backend",
        "aliases": (),
        "negatives": (),
        "group": "MambaConfig",
        "target": "MambaConfig.backend",
        "cls": "MambaConfig",
        "field": "backend",
        "root": "VllmConfig",
        "path": ("mamba_config", "backend"),
        "optional": False,
        "kind": "enum",
        "enum": "MambaBackendEnum",
        "choices": ("TRITON", "FLASHINFER", "CPU"),
        "open": False,
        "requires": "",
        "default": "TRITON",
        "help": (
            "Kernel for the selective-state update, by name in any case (\"triton\" or "
            "\"flashinfer\"). (default: TRITON)"
        ),
        "dest": "f173",
        "enum_values": {"TRITON": "triton", "FLASHINFER": "flashinfer", "CPU": "cpu"},
    },
    {
        "flag": "--enable-mamba-cache-stochastic-rounding",
        "aliases": (),
        "negatives": (
            "--no-enable-mamba-cache-stochastic-rounding",
            "--disable-mamba-cache-stochastic-rounding",
        ),
        "group": "MambaConfig",
        "target": "MambaConfig.enable_stochastic_rounding",
        "cls": "MambaConfig",
        "field": "enable_stochastic_rounding",
        "root": "VllmConfig",
        "path": ("mamba_config", "enable_stochastic_rounding"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Round stochastically when writing SSM state into an fp16 cache, removing the bias of "
            "round-to-nearest; can help numerical stability on long sequences. Needs NVIDIA CUDA, "
            "and Blackwell (SM 10.x) with the Triton backend. (default: False)"
        ),
        "dest": "f174",
    },
    {
        "flag": "--mamba-cache-philox-rounds",
        "aliases": (),
        "negatives": (),
        "group": "MambaConfig",
        "target": "MambaConfig.stochastic_rounding_philox_rounds",
        "cls": "MambaConfig",
        "field": "stochastic_rounding_philox_rounds",
        "root": "VllmConfig",
        "path": ("mamba_config", "stochastic_rounding_philox_rounds"),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": (
            "Philox rounds of the random generator behind stochastic rounding. 0 uses Triton's "
            "default; more rounds give better randomness at some compute cost. (default: 0)"
        ),
        "dest": "f175",
    },
    {
        "flag": "--mamba-ssu-algorithm",
        "aliases": (),
        "negatives": (),
        "group": "MambaConfig",
        "target": "MambaConfig.ssu_algorithm",
        "cls": "MambaConfig",
        "field": "ssu_algorithm",
        "root": "VllmConfig",
        "path": ("mamba_config", "ssu_algorithm"),
        "optional": True,
        "kind": "choice",
        "choices": ("auto", "horizontal", "simple", "vertical"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "Selective-state-update algorithm of the FlashInfer backend (only with it). None "
            "leaves FlashInfer on \"auto\"; a forced one must be supported by FlashInfer for the "
            "GPU, the state dtype and the decoding mode. (default: None)"
        ),
        "dest": "f176",
    },
    {
        "flag": "--kernel-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "KernelConfig",
        "cls": "KernelConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("kernel_config",),
        "optional": False,
        "kind": "json",
        "json_class": "KernelConfig",
        "requires": "",
        "default": "",
        "help": (
            "Which kernel families serve MoE and quantized linear layers, and warmup "
            "options.\n\nTakes a JSON object, or its keys one by one: --kernel-config.key value "
            "(a trailing + appends comma-separated items to a list)."
        ),
        "dest": "f177",
    },
    {
        "flag": "--ir-op-priority",
        "aliases": (),
        "negatives": (),
        "group": "KernelConfig",
        "target": "KernelConfig.ir_op_priority",
        "cls": "KernelConfig",
        "field": "ir_op_priority",
        "root": "VllmConfig",
        "path": ("kernel_config", "ir_op_priority"),
        "optional": False,
        "kind": "json",
        "json_class": "IrOpPriorityConfig",
        "requires": "",
        "default": "",
        "help": (
            "Provider order for each IR op; platform defaults are appended later.\n\nTakes a JSON "
            "object, or its keys one by one: --ir-op-priority.key value (a trailing + appends "
            "comma-separated items to a list)."
        ),
        "dest": "f178",
    },
    {
        "flag": "--enable-flashinfer-autotune",
        "aliases": (),
        "negatives": ("--no-enable-flashinfer-autotune", "--disable-flashinfer-autotune"),
        "group": "KernelConfig",
        "target": "KernelConfig.enable_flashinfer_autotune",
        "cls": "KernelConfig",
        "field": "enable_flashinfer_autotune",
        "root": "VllmConfig",
        "path": ("kernel_config", "enable_flashinfer_autotune"),
        "optional": False,
        "kind": "bool",
        "exclusive": True,
        "requires": "",
        "default": "None",
        "help": (
            "Run FlashInfer's autotuner during warmup. Left unset, the platform decides. "
            "(default: None)"
        ),
        "dest": "f179",
    },
    {
        "flag": "--moe-backend",
        "aliases": (),
        "negatives": (),
        "group": "KernelConfig",
        "target": "KernelConfig.moe_backend",
        "cls": "KernelConfig",
        "field": "moe_backend",
        "root": "VllmConfig",
        "path": ("kernel_config", "moe_backend"),
        "optional": False,
        "kind": "choice",
        "choices": (
            "aiter",
            "aiter_triton_mxfp4_bf16",
            "auto",
            "b12x",
            "batched_triton",
            "cutlass",
            "deep_gemm",
            "deep_gemm_mega_moe",
            "emulation",
            "flashinfer_b12x",
            "flashinfer_cutedsl",
            "flashinfer_cutlass",
            "flashinfer_moe_ep_mega_cutedsl",
            "flashinfer_moe_ep_mega_deep_gemm",
            "flashinfer_trtllm",
            "flydsl",
            "hpc",
            "humming",
            "marlin",
            "rdna3",
            "triton",
            "triton_unfused",
        ),
        "literal_type": "str",
        "open": False,
        "normalise": ["lower", "dash_to_underscore"],
        "requires": "",
        "default": "auto",
        "help": (
            "Kernel family for MoE expert computation; \"auto\" picks from model and hardware. "
            "Case and dashes are ignored (\"Deep-GEMM\" = \"deep_gemm\"). Some families only "
            "serve certain formats: deep_gemm needs fp8 block quantization, marlin is for "
            "weight-only quantization, flashinfer_cutedsl is fp4-only, aiter and flydsl are "
            "ROCm-only, hpc is fp8 on Hopper, emulation dequantizes to BF16/FP16 (slow, for "
            "testing). (default: auto)"
        ),
        "dest": "f180",
    },
    {
        "flag": "--sparse-indexer-topk-backend",
        "aliases": (),
        "negatives": (),
        "group": "KernelConfig",
        "target": "KernelConfig.sparse_indexer_topk_backend",
        "cls": "KernelConfig",
        "field": "sparse_indexer_topk_backend",
        "root": "VllmConfig",
        "path": ("kernel_config", "sparse_indexer_topk_backend"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "cooperative", "deep_select", "flashinfer", "per_row", "persistent", "torch"),
        "literal_type": "str",
        "open": False,
        "normalise": ["lower", "dash_to_underscore"],
        "requires": "",
        "default": "auto",
        "help": (
            "Top-k kernel of the DSA sparse indexer at decode. \"auto\" tries cooperative, then "
            "persistent, then per_row; the others are opt-in: deep_select (SM100a/SM103a), "
            "flashinfer and torch (a plain reference, for debugging). A choice whose requirements "
            "are not met fails at run time. (default: auto)"
        ),
        "dest": "f181",
    },
    {
        "flag": "--linear-backend",
        "aliases": (),
        "negatives": (),
        "group": "KernelConfig",
        "target": "KernelConfig.linear_backend",
        "cls": "KernelConfig",
        "field": "linear_backend",
        "root": "VllmConfig",
        "path": ("kernel_config", "linear_backend"),
        "optional": False,
        "kind": "choice",
        "choices": (
            "aiter",
            "auto",
            "b12x",
            "conch",
            "cutlass",
            "deep_gemm",
            "emulation",
            "exllama",
            "fbgemm",
            "flashinfer_b12x",
            "flashinfer_cudnn",
            "flashinfer_cutedsl",
            "flashinfer_cutlass",
            "flashinfer_trtllm",
            "humming",
            "machete",
            "marlin",
            "torch",
            "triton",
            "xpu",
            "xpu_woq",
        ),
        "literal_type": "str",
        "open": False,
        "normalise": ["lower", "dash_to_underscore"],
        "requires": "",
        "default": "auto",
        "help": (
            "Kernel family for quantized linear-layer GEMMs; \"auto\" picks from model and "
            "hardware. Case and dashes are ignored. machete, conch and exllama serve "
            "mixed-precision weights, aiter is ROCm-only, and emulation dequantizes to BF16 "
            "(slow, for testing only). (default: auto)"
        ),
        "dest": "f182",
    },
    {
        "flag": "--enable-lora",
        "aliases": (),
        "negatives": ("--no-enable-lora", "--disable-lora"),
        "group": "LoRAConfig",
        "target": "LoRAConfig",
        "cls": "LoRAConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("lora_config",),
        "optional": False,
        "kind": "enable",
        "requires": "",
        "default": "False",
        "help": (
            "Create the LoRAConfig (Serving LoRA adapters: adapter slots per batch and in CPU "
            "memory, the largest rank, weight dtype and the modules adapters may touch.); without "
            "this flag its other flags have no effect. (default: False)"
        ),
        "dest": "f183",
    },
    {
        "flag": "--max-lora-rank",
        "aliases": (),
        "negatives": (),
        "group": "LoRAConfig",
        "target": "LoRAConfig.max_lora_rank",
        "cls": "LoRAConfig",
        "field": "max_lora_rank",
        "root": "VllmConfig",
        "path": ("lora_config", "max_lora_rank"),
        "optional": False,
        "kind": "choice",
        "choices": ("1", "128", "16", "256", "32", "320", "512", "64", "8"),
        "literal_type": "int",
        "open": False,
        "requires": "--enable-lora",
        "default": "16",
        "help": (
            "Largest LoRA rank that can be loaded; sizes the adapter buffers.\n\nNeeds "
            "--enable-lora. (default: 16)"
        ),
        "dest": "f184",
    },
    {
        "flag": "--max-loras",
        "aliases": (),
        "negatives": (),
        "group": "LoRAConfig",
        "target": "LoRAConfig.max_loras",
        "cls": "LoRAConfig",
        "field": "max_loras",
        "root": "VllmConfig",
        "path": ("lora_config", "max_loras"),
        "optional": False,
        "kind": "int",
        "requires": "--enable-lora",
        "default": "1",
        "help": (
            "Adapters that can be active in one batch (GPU adapter slots).\n\nNeeds "
            "--enable-lora. (default: 1)"
        ),
        "dest": "f185",
    },
    {
        "flag": "--fully-sharded-loras",
        "aliases": (),
        "negatives": ("--no-fully-sharded-loras",),
        "group": "LoRAConfig",
        "target": "LoRAConfig.fully_sharded_loras",
        "cls": "LoRAConfig",
        "field": "fully_sharded_loras",
        "root": "VllmConfig",
        "path": ("lora_config", "fully_sharded_loras"),
        "optional": False,
        "kind": "bool",
        "requires": "--enable-lora",
        "default": "False",
        "help": (
            "Shard the whole LoRA computation over tensor-parallel ranks instead of half of it. "
            "Usually faster with long sequences, high ranks or large TP.\n\nNeeds --enable-lora. "
            "(default: False)"
        ),
        "dest": "f186",
    },
    {
        "flag": "--max-cpu-loras",
        "aliases": (),
        "negatives": (),
        "group": "LoRAConfig",
        "target": "LoRAConfig.max_cpu_loras",
        "cls": "LoRAConfig",
        "field": "max_cpu_loras",
        "root": "VllmConfig",
        "path": ("lora_config", "max_cpu_loras"),
        "optional": True,
        "kind": "int",
        "requires": "--enable-lora",
        "default": "None",
        "help": (
            "Adapters kept in CPU memory; at least max_loras. Unset - equal to "
            "max_loras.\n\nNeeds --enable-lora. (default: None)"
        ),
        "dest": "f187",
    },
    {
        "flag": "--lora-dtype",
        "aliases": (),
        "negatives": (),
        "group": "LoRAConfig",
        "target": "LoRAConfig.lora_dtype",
        "cls": "LoRAConfig",
        "field": "lora_dtype",
        "root": "VllmConfig",
        "path": ("lora_config", "lora_dtype"),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "bfloat16", "float16"),
        "literal_type": "str",
        "open": False,
        "requires": "--enable-lora",
        "default": "auto",
        "help": (
            "Data type of adapter weights; \"auto\" uses the model's dtype.\n\nNeeds "
            "--enable-lora. (default: auto)"
        ),
        "dest": "f188",
    },
    {
        "flag": "--lora-target-modules",
        "aliases": (),
        "negatives": (),
        "group": "LoRAConfig",
        "target": "LoRAConfig.target_modules",
        "cls": "LoRAConfig",
        "field": "target_modules",
        "root": "VllmConfig",
        "path": ("lora_config", "target_modules"),
        "optional": True,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "requires": "--enable-lora",
        "default": "None",
        "help": (
            "Apply adapters only to modules with these name suffixes (e.g. [\"o_proj\", "
            "\"qkv_proj\"]), to trade adapter coverage for speed. Unset - every module that "
            "supports LoRA.\n\nNeeds --enable-lora. (default: None)"
        ),
        "dest": "f189",
    },
    {
        "flag": "--default-mm-loras",
        "aliases": (),
        "negatives": (),
        "group": "LoRAConfig",
        "target": "LoRAConfig.default_mm_loras",
        "cls": "LoRAConfig",
        "field": "default_mm_loras",
        "root": "VllmConfig",
        "path": ("lora_config", "default_mm_loras"),
        "optional": True,
        "kind": "dict",
        "requires": "--enable-lora",
        "default": "None",
        "help": (
            "For multimodal models that always need an adapter for a modality - modality name to "
            "adapter path, applied when a request carries that modality. Skipped when a request "
            "has several such modalities (one adapter per prompt). Offline, adapters get ids 1..n "
            "in alphabetical order of modality.\n\nTakes a JSON object, or its keys one by one: "
            "--default-mm-loras.key value (a trailing + appends comma-separated items to a "
            "list).\n\nNeeds --enable-lora. (default: None)"
        ),
        "dest": "f190",
    },
    {
        "flag": "--enable-tower-connector-lora",
        "aliases": (),
        "negatives": ("--no-enable-tower-connector-lora", "--disable-tower-connector-lora"),
        "group": "LoRAConfig",
        "target": "LoRAConfig.enable_tower_connector_lora",
        "cls": "LoRAConfig",
        "field": "enable_tower_connector_lora",
        "root": "VllmConfig",
        "path": ("lora_config", "enable_tower_connector_lora"),
        "optional": False,
        "kind": "bool",
        "requires": "--enable-lora",
        "default": "False",
        "help": (
            "Also apply adapters to the vision tower and connector of multimodal models. "
            "Experimental; only some models (e.g. the Qwen-VL family).\n\nNeeds --enable-lora. "
            "(default: False)"
        ),
        "dest": "f191",
    },
    {
        "flag": "--specialize-active-lora",
        "aliases": (),
        "negatives": ("--no-specialize-active-lora",),
        "group": "LoRAConfig",
        "target": "LoRAConfig.specialize_active_lora",
        "cls": "LoRAConfig",
        "field": "specialize_active_lora",
        "root": "VllmConfig",
        "path": ("lora_config", "specialize_active_lora"),
        "optional": False,
        "kind": "bool",
        "requires": "--enable-lora",
        "default": "False",
        "help": (
            "Capture separate CUDA graphs per count of active adapters (powers of two up to "
            "max_loras) for a tighter kernel grid. Faster with varying adapter use; slower "
            "start-up and more memory. Needs cudagraph_specialize_lora.\n\nNeeds --enable-lora. "
            "(default: False)"
        ),
        "dest": "f192",
    },
    {
        "flag": "--enable-mixed-moe-lora-format",
        "aliases": (),
        "negatives": ("--no-enable-mixed-moe-lora-format", "--disable-mixed-moe-lora-format"),
        "group": "LoRAConfig",
        "target": "LoRAConfig.enable_mixed_moe_lora_format",
        "cls": "LoRAConfig",
        "field": "enable_mixed_moe_lora_format",
        "root": "VllmConfig",
        "path": ("lora_config", "enable_mixed_moe_lora_format"),
        "optional": False,
        "kind": "bool",
        "requires": "--enable-lora",
        "default": "False",
        "help": (
            "Use the generic 2D MoE LoRA layer for every MoE model so adapters in 2D and 3D "
            "expert formats can be served together. Ignored for dense models.\n\nNeeds "
            "--enable-lora. (default: False)"
        ),
        "dest": "f193",
    },
    {
        "flag": "--enable-moe-shared-loras",
        "aliases": (),
        "negatives": ("--no-enable-moe-shared-loras", "--disable-moe-shared-loras"),
        "group": "LoRAConfig",
        "target": "LoRAConfig.enable_moe_shared_loras",
        "cls": "LoRAConfig",
        "field": "enable_moe_shared_loras",
        "root": "VllmConfig",
        "path": ("lora_config", "enable_moe_shared_loras"),
        "optional": False,
        "kind": "bool",
        "requires": "--enable-lora",
        "default": "False",
        "help": (
            "Load MoE expert adapters whose gate/up A matrices and down B matrix are stored once "
            "for all experts (the \"shared-outer\" layout) and broadcast to every expert in the "
            "kernel. Only for MoE adapters saved that way; ignored otherwise.\n\nNeeds "
            "--enable-lora. (default: False)"
        ),
        "dest": "f194",
    },
    {
        "flag": "--max-lora-cls-labels",
        "aliases": (),
        "negatives": (),
        "group": "LoRAConfig",
        "target": "LoRAConfig.max_lora_cls_labels",
        "cls": "LoRAConfig",
        "field": "max_lora_cls_labels",
        "root": "VllmConfig",
        "path": ("lora_config", "max_lora_cls_labels"),
        "optional": True,
        "kind": "int",
        "requires": "--enable-lora",
        "default": "None",
        "help": (
            "Largest output size of a LoRA classification head; unset uses the size of the base "
            "model's classification head.\n\nNeeds --enable-lora. (default: None)"
        ),
        "dest": "f195",
    },
    {
        "flag": "--speculative-config",
        "aliases": ("-sc",),
        "negatives": (),
        "group": "VllmConfig",
        "target": "SpeculativeConfig",
        "cls": "SpeculativeConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("speculative_config",),
        "optional": True,
        "kind": "json",
        "json_class": "SpeculativeConfig",
        "requires": "",
        "default": "",
        "help": (
            "Speculative decoding: a cheap proposer drafts several tokens per step and the target "
            "model verifies them in one forward pass. Choose the proposer with `method` (and "
            "`model` for drafters with weights) and the draft length with "
            "`num_speculative_tokens`.\n\nTakes a JSON object, or its keys one by one: "
            "--speculative-config.key value (a trailing + appends comma-separated items to a "
            "list)."
        ),
        "dest": "f196",
    },
    {
        "flag": "--spec-tokens",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "SpeculativeConfig.num_speculative_tokens",
        "cls": "SpeculativeConfig",
        "field": "num_speculative_tokens",
        "root": "VllmConfig",
        "path": ("speculative_config", "num_speculative_tokens"),
        "optional": False,
        "kind": "int",
        "exclusive": True,
        "requires": "",
        "default": "None",
        "help": (
            "Tokens drafted per step. Required unless the draft checkpoint states how many it "
            "predicts (n_predict); suffix decoding defaults it to the tree depth. More tokens pay "
            "off only when most of them are accepted. (default: None)"
        ),
        "dest": "f197",
    },
    {
        "flag": "--spec-model",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "SpeculativeConfig.model",
        "cls": "SpeculativeConfig",
        "field": "model",
        "root": "VllmConfig",
        "path": ("speculative_config", "model"),
        "optional": True,
        "kind": "str",
        "exclusive": True,
        "requires": "",
        "default": "None",
        "help": (
            "Draft model, EAGLE head or extra weights (HF id or path). Also accepts \"ngram\", or "
            "a dotted `package.Class` path for a custom proposer. For MTP without a model, the "
            "target checkpoint's own MTP layers are used. (default: None)"
        ),
        "dest": "f198",
    },
    {
        "flag": "--spec-method",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "SpeculativeConfig.method",
        "cls": "SpeculativeConfig",
        "field": "method",
        "root": "VllmConfig",
        "path": ("speculative_config", "method"),
        "optional": False,
        "kind": "str",
        "exclusive": True,
        "requires": "",
        "default": "None",
        "help": (
            "Proposer. Left None, it is inferred: \"ngram\" for model \"ngram\", a custom "
            "proposer for a dotted class path, otherwise \"draft_model\" refined from the "
            "checkpoint (eagle, eagle3, dflash, medusa, mlp_speculator, mtp). Legacy \"*_mtp\" "
            "names become \"mtp\". (default: None)"
        ),
        "dest": "f199",
    },
    {
        "flag": "--diffusion-config",
        "aliases": ("-dc",),
        "negatives": (),
        "group": "VllmConfig",
        "target": "DiffusionConfig",
        "cls": "DiffusionConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("diffusion_config",),
        "optional": True,
        "kind": "json",
        "json_class": "DiffusionConfig",
        "requires": "",
        "default": "",
        "help": (
            "Settings of discrete diffusion language models, which produce a fixed-length block "
            "of tokens (the canvas) by repeated denoising instead of one token at a time. They "
            "reuse the speculative-decoding path to schedule the canvas tokens.\n\nTakes a JSON "
            "object, or its keys one by one: --diffusion-config.key value (a trailing + appends "
            "comma-separated items to a list)."
        ),
        "dest": "f200",
    },
    {
        "flag": "--structured-outputs-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "StructuredOutputsConfig",
        "cls": "StructuredOutputsConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("structured_outputs_config",),
        "optional": False,
        "kind": "json",
        "json_class": "StructuredOutputsConfig",
        "requires": "",
        "default": "",
        "help": (
            "Engine-wide defaults for structured (constrained) decoding: which grammar backend "
            "enforces JSON schemas, regexes and grammars, and how reasoning output interacts with "
            "it. Constraining happens on the logits, so none of this reaches the compiled model "
            "graph.\n\nTakes a JSON object, or its keys one by one: "
            "--structured-outputs-config.key value (a trailing + appends comma-separated items to "
            "a list)."
        ),
        "dest": "f201",
    },
    {
        "flag": "--reasoning-parser",
        "aliases": (),
        "negatives": (),
        "group": "StructuredOutputsConfig",
        "target": "StructuredOutputsConfig.reasoning_parser",
        "cls": "StructuredOutputsConfig",
        "field": "reasoning_parser",
        "root": "VllmConfig",
        "path": ("structured_outputs_config", "reasoning_parser"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "",
        "help": (
            "Name of the reasoning parser that splits the model's thinking from its answer (model "
            "family specific, e.g. \"deepseek_r1\"). Empty: no reasoning parsing."
        ),
        "dest": "f202",
    },
    {
        "flag": "--reasoning-parser-plugin",
        "aliases": (),
        "negatives": (),
        "group": "StructuredOutputsConfig",
        "target": "StructuredOutputsConfig.reasoning_parser_plugin",
        "cls": "StructuredOutputsConfig",
        "field": "reasoning_parser_plugin",
        "root": "VllmConfig",
        "path": ("structured_outputs_config", "reasoning_parser_plugin"),
        "optional": False,
        "kind": "str",
        "requires": "",
        "default": "",
        "help": (
            "Path to a Python file that registers an extra reasoning parser at start-up, for "
            "parsers not shipped with the engine. Empty: none."
        ),
        "dest": "f203",
    },
    {
        "flag": "--show-hidden-metrics-for-version",
        "aliases": (),
        "negatives": (),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.show_hidden_metrics_for_version",
        "cls": "ObservabilityConfig",
        "field": "show_hidden_metrics_for_version",
        "root": "VllmConfig",
        "path": ("observability_config", "show_hidden_metrics_for_version"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "Bring back Prometheus metrics hidden since this release (e.g. \"0.7\") while you "
            "move dashboards to their replacements. A temporary escape hatch; the metrics will be "
            "removed. Must parse as a version. (default: None)"
        ),
        "dest": "f204",
    },
    {
        "flag": "--otlp-traces-endpoint",
        "aliases": (),
        "negatives": (),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.otlp_traces_endpoint",
        "cls": "ObservabilityConfig",
        "field": "otlp_traces_endpoint",
        "root": "VllmConfig",
        "path": ("observability_config", "otlp_traces_endpoint"),
        "optional": True,
        "kind": "str",
        "requires": "",
        "default": "None",
        "help": (
            "URL of the OpenTelemetry collector that receives traces. Needs the OpenTelemetry "
            "packages. (default: None)"
        ),
        "dest": "f205",
    },
    {
        "flag": "--collect-detailed-traces",
        "aliases": (),
        "negatives": (),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.collect_detailed_traces",
        "cls": "ObservabilityConfig",
        "field": "collect_detailed_traces",
        "root": "VllmConfig",
        "path": ("observability_config", "collect_detailed_traces"),
        "optional": False,
        "kind": "choice",
        "choices": ("all", "model", "worker"),
        "literal_type": "str",
        "open": False,
        "container": "list",
        "nargs": "+",
        "requires": "",
        "default": "None",
        "help": (
            "Modules that record detailed timing spans; needs otlp_traces_endpoint. Costly: adds "
            "possibly blocking work on every request. (default: None)"
        ),
        "dest": "f206",
    },
    {
        "flag": "--per-request-spec-decode-metrics",
        "aliases": (),
        "negatives": (),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.per_request_spec_decode_metrics",
        "cls": "ObservabilityConfig",
        "field": "per_request_spec_decode_metrics",
        "root": "VllmConfig",
        "path": ("observability_config", "per_request_spec_decode_metrics"),
        "optional": False,
        "kind": "choice",
        "choices": ("detailed", "none", "summary"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "none",
        "help": (
            "Speculative-decoding acceptance figures in each response (requests with n == 1 only; "
            "experimental shape): \"none\"; \"summary\" (mean acceptance length, draft acceptance "
            "rate, a histogram by draft length); \"detailed\" also lists accepted and proposed "
            "tokens step by step. No effect without speculative decoding. (default: none)"
        ),
        "dest": "f207",
    },
    {
        "flag": "--kv-cache-metrics",
        "aliases": (),
        "negatives": ("--no-kv-cache-metrics",),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.kv_cache_metrics",
        "cls": "ObservabilityConfig",
        "field": "kv_cache_metrics",
        "root": "VllmConfig",
        "path": ("observability_config", "kv_cache_metrics"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Report KV cache block residency (lifetime, idle time, reuse gaps) from a sample of "
            "blocks. Needs stats logging on. (default: False)"
        ),
        "dest": "f208",
    },
    {
        "flag": "--kv-cache-metrics-sample",
        "aliases": (),
        "negatives": (),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.kv_cache_metrics_sample",
        "cls": "ObservabilityConfig",
        "field": "kv_cache_metrics_sample",
        "root": "VllmConfig",
        "path": ("observability_config", "kv_cache_metrics_sample"),
        "optional": False,
        "kind": "float",
        "requires": "",
        "default": "0.01",
        "help": "Fraction of KV cache blocks sampled for kv_cache_metrics, in (0, 1]. (default: 0.01)",
        "dest": "f209",
    },
    {
        "flag": "--cudagraph-metrics",
        "aliases": (),
        "negatives": ("--no-cudagraph-metrics",),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.cudagraph_metrics",
        "cls": "ObservabilityConfig",
        "field": "cudagraph_metrics",
        "root": "VllmConfig",
        "path": ("observability_config", "cudagraph_metrics"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Report CUDA graph statistics per logging interval (padded vs real tokens, the "
            "dispatch modes used and how often). (default: False)"
        ),
        "dest": "f210",
    },
    {
        "flag": "--enable-layerwise-nvtx-tracing",
        "aliases": (),
        "negatives": ("--no-enable-layerwise-nvtx-tracing", "--disable-layerwise-nvtx-tracing"),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.enable_layerwise_nvtx_tracing",
        "cls": "ObservabilityConfig",
        "field": "enable_layerwise_nvtx_tracing",
        "root": "VllmConfig",
        "path": ("observability_config", "enable_layerwise_nvtx_tracing"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Wrap every layer in an NVTX range annotated with input and output shapes, for Nsight "
            "timelines. Does not work with CUDA graphs. (default: False)"
        ),
        "dest": "f211",
    },
    {
        "flag": "--enable-mfu-metrics",
        "aliases": (),
        "negatives": ("--no-enable-mfu-metrics", "--disable-mfu-metrics"),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.enable_mfu_metrics",
        "cls": "ObservabilityConfig",
        "field": "enable_mfu_metrics",
        "root": "VllmConfig",
        "path": ("observability_config", "enable_mfu_metrics"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": "Report model FLOPs utilisation. (default: False)",
        "dest": "f212",
    },
    {
        "flag": "--enable-logging-iteration-details",
        "aliases": (),
        "negatives": ("--no-enable-logging-iteration-details", "--disable-logging-iteration-details"),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.enable_logging_iteration_details",
        "cls": "ObservabilityConfig",
        "field": "enable_logging_iteration_details",
        "root": "VllmConfig",
        "path": ("observability_config", "enable_logging_iteration_details"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Log every engine step - context and generation request and token counts and the "
            "step's CPU time. (default: False)"
        ),
        "dest": "f213",
    },
    {
        "flag": "--jit-monitor-mode",
        "aliases": (),
        "negatives": (),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.jit_monitor_mode",
        "cls": "ObservabilityConfig",
        "field": "jit_monitor_mode",
        "root": "VllmConfig",
        "path": ("observability_config", "jit_monitor_mode"),
        "optional": False,
        "kind": "choice",
        "choices": ("error", "warn"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "warn",
        "help": "Whether a JIT compilation after warmup only warns or is an error. (default: warn)",
        "dest": "f214",
    },
    {
        "flag": "--jit-monitor-verbose",
        "aliases": (),
        "negatives": ("--no-jit-monitor-verbose",),
        "group": "ObservabilityConfig",
        "target": "ObservabilityConfig.jit_monitor_verbose",
        "cls": "ObservabilityConfig",
        "field": "jit_monitor_verbose",
        "root": "VllmConfig",
        "path": ("observability_config", "jit_monitor_verbose"),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Log every monitored JIT compilation with details. Verbose and slower; for debugging. "
            "(default: False)"
        ),
        "dest": "f215",
    },
    {
        "flag": "--compilation-config",
        "aliases": ("-cc",),
        "negatives": (),
        "group": "VllmConfig",
        "target": "CompilationConfig",
        "cls": "CompilationConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("compilation_config",),
        "optional": False,
        "kind": "json",
        "json_class": "CompilationConfig",
        "requires": "",
        "default": "",
        "help": (
            "torch.compile, CUDA graph capture and Inductor settings. Three groups: top-level "
            "compile control (mode, backend, cache and dump paths, custom ops, splitting ops, "
            "encoder compilation); CUDA graph capture (cudagraph_mode, capture sizes, warmups, "
            "input copies); and Inductor (compile sizes and ranges, extra Inductor config and "
            "passes, plus pass_config for the fusion passes). Several fields start unset and are "
            "resolved when VllmConfig is built; a CompilationConfig used on its own is not fully "
            "initialised.\n\nCUDA graphs and Inductor take separate size lists because a captured "
            "graph replays only at its exact batch size, while an Inductor graph compiled for a "
            "symbolic size serves any size; compiling for a few fixed sizes is optional.\n\nTakes "
            "a JSON object, or its keys one by one: --compilation-config.key value (a trailing + "
            "appends comma-separated items to a list)."
        ),
        "dest": "f216",
    },
    {
        "flag": "--cudagraph-capture-sizes",
        "aliases": (),
        "negatives": (),
        "group": "CompilationConfig",
        "target": "CompilationConfig.cudagraph_capture_sizes",
        "cls": "CompilationConfig",
        "field": "cudagraph_capture_sizes",
        "root": "VllmConfig",
        "path": ("compilation_config", "cudagraph_capture_sizes"),
        "optional": False,
        "kind": "int",
        "container": "list",
        "nargs": "+",
        "exclusive": True,
        "requires": "",
        "default": "None",
        "help": (
            "Batch sizes (tokens) to capture CUDA graphs for; a batch is padded up to the next "
            "captured size and runs without graphs above the largest. Unset: a default list up to "
            "max_cudagraph_capture_size. (default: None)"
        ),
        "dest": "f217",
    },
    {
        "flag": "--max-cudagraph-capture-size",
        "aliases": (),
        "negatives": (),
        "group": "CompilationConfig",
        "target": "CompilationConfig.max_cudagraph_capture_size",
        "cls": "CompilationConfig",
        "field": "max_cudagraph_capture_size",
        "root": "VllmConfig",
        "path": ("compilation_config", "max_cudagraph_capture_size"),
        "optional": False,
        "kind": "int",
        "exclusive": True,
        "requires": "",
        "default": "None",
        "help": (
            "Largest CUDA graph capture size. With cudagraph_capture_sizes given it must equal "
            "their maximum; otherwise the default list is 1, 2, 4, multiples of 8 below 256, then "
            "multiples of 16 up to this size. Unset: min(2 * max_num_seqs * (1 + speculative "
            "tokens), 512), capped at max_num_batched_tokens. (default: None)"
        ),
        "dest": "f218",
    },
    {
        "flag": "--profiler-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "ProfilerConfig",
        "cls": "ProfilerConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("profiler_config",),
        "optional": False,
        "kind": "json",
        "json_class": "ProfilerConfig",
        "requires": "",
        "default": "",
        "help": (
            "On-demand profiling of the engine (started and stopped through the profiling "
            "endpoints): which profiler, where traces go, and which steps are recorded.\n\nTakes "
            "a JSON object, or its keys one by one: --profiler-config.key value (a trailing + "
            "appends comma-separated items to a list)."
        ),
        "dest": "f219",
    },
    {
        "flag": "--kv-transfer-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "KVTransferConfig",
        "cls": "KVTransferConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("kv_transfer_config",),
        "optional": True,
        "kind": "json",
        "json_class": "KVTransferConfig",
        "requires": "",
        "default": "",
        "help": (
            "Transfer of KV caches between engine instances, as in disaggregated prefill and "
            "decode.\n\nTakes a JSON object, or its keys one by one: --kv-transfer-config.key "
            "value (a trailing + appends comma-separated items to a list)."
        ),
        "dest": "f220",
    },
    {
        "flag": "--kv-events-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "KVEventsConfig",
        "cls": "KVEventsConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("kv_events_config",),
        "optional": True,
        "kind": "json",
        "json_class": "KVEventsConfig",
        "requires": "",
        "default": "",
        "help": (
            "Publishing of KV cache events (blocks stored and evicted), so that external "
            "components such as KV-aware routers can track what each instance has "
            "cached.\n\nTakes a JSON object, or its keys one by one: --kv-events-config.key value "
            "(a trailing + appends comma-separated items to a list)."
        ),
        "dest": "f221",
    },
    {
        "flag": "--ec-transfer-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "ECTransferConfig",
        "cls": "ECTransferConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("ec_transfer_config",),
        "optional": True,
        "kind": "json",
        "json_class": "ECTransferConfig",
        "requires": "",
        "default": "",
        "help": (
            "Transfer of encoder caches (e.g. vision-encoder outputs) between engine instances, "
            "for deployments that run the encoder separately.\n\nTakes a JSON object, or its keys "
            "one by one: --ec-transfer-config.key value (a trailing + appends comma-separated "
            "items to a list)."
        ),
        "dest": "f222",
    },
    {
        "flag": "--reasoning-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "ReasoningConfig",
        "cls": "ReasoningConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("reasoning_config",),
        "optional": True,
        "kind": "json",
        "json_class": "ReasoningConfig",
        "requires": "",
        "default": "",
        "help": (
            "Reasoning (\"thinking\") output of models that wrap their reasoning in delimiter "
            "strings such as \"<think>\" and \"</think>\". Give the delimiters, or a reasoning "
            "parser that knows them; their token ids are derived from the tokenizer by the engine "
            "and are not set by hand.\n\nTakes a JSON object, or its keys one by one: "
            "--reasoning-config.key value (a trailing + appends comma-separated items to a list)."
        ),
        "dest": "f223",
    },
    {
        "flag": "--weight-transfer-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "WeightTransferConfig",
        "cls": "WeightTransferConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("weight_transfer_config",),
        "optional": True,
        "kind": "json",
        "json_class": "WeightTransferConfig",
        "requires": "",
        "default": "",
        "help": (
            "How a trainer pushes updated weights into a running engine (RL training loops). Used "
            "only when weights are updated in place; it never affects compilation.\n\nTakes a "
            "JSON object, or its keys one by one: --weight-transfer-config.key value (a trailing "
            "+ appends comma-separated items to a list)."
        ),
        "dest": "f224",
    },
    {
        "flag": "--logging-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "LoggingConfig",
        "cls": "LoggingConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("logging_config",),
        "optional": False,
        "kind": "json",
        "json_class": "LoggingConfig",
        "requires": "",
        "default": "",
        "help": (
            "How vLLM sets up Python logging when the engine starts: the level of its own "
            "handler, or a logging configuration file of yours. --log-level and --log-config-file "
            "set single fields over --logging-config.\n\nTakes a JSON object, or its keys one by "
            "one: --logging-config.key value (a trailing + appends comma-separated items to a "
            "list)."
        ),
        "dest": "f225",
    },
    {
        "flag": "--log-level",
        "aliases": (),
        "negatives": (),
        "group": "LoggingConfig",
        "target": "LoggingConfig.log_level",
        "cls": "LoggingConfig",
        "field": "log_level",
        "root": "VllmConfig",
        "path": ("logging_config", "log_level"),
        "optional": False,
        "kind": "choice",
        "choices": ("CRITICAL", "DEBUG", "ERROR", "INFO", "NOTSET", "WARNING"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "INFO",
        "help": (
            "Level of the built-in handler when no logging file is given. Default: the "
            "VLLM_LOGGING_LEVEL variable, else INFO. (default: INFO)"
        ),
        "dest": "f226",
    },
    {
        "flag": "--log-config-file",
        "aliases": (),
        "negatives": (),
        "group": "LoggingConfig",
        "target": "LoggingConfig.pylogging_config_file",
        "cls": "LoggingConfig",
        "field": "pylogging_config_file",
        "root": "VllmConfig",
        "path": ("logging_config", "pylogging_config_file"),
        "optional": True,
        "kind": "str",
        "metavar": "PYLOGGING_CONFIG_FILE",
        "requires": "",
        "default": "None",
        "help": (
            "A JSON file in Python's logging dictConfig format; it then decides loggers, handlers "
            "and formats instead of log_level and formatter, and needs configure_logging. "
            "Default: the VLLM_LOGGING_CONFIG_PATH variable. The --log-config-file spelling is "
            "deprecated in favour of --logging-config.pylogging_config_file. (default: None)"
        ),
        "dest": "f227",
    },
    {
        "flag": "--ec-manager-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "EncoderCacheManagerConfig",
        "cls": "EncoderCacheManagerConfig",
        "field": "",
        "root": "VllmConfig",
        "path": ("ec_manager_config",),
        "optional": False,
        "kind": "json",
        "json_class": "EncoderCacheManagerConfig",
        "requires": "",
        "default": "",
        "help": (
            "Replaces the engine's manager of the multimodal encoder-output cache with a class of "
            "your own, and passes it its settings.\n\nTakes a JSON object, or its keys one by "
            "one: --ec-manager-config.key value (a trailing + appends comma-separated items to a "
            "list)."
        ),
        "dest": "f228",
    },
    {
        "flag": "--additional-config",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "VllmConfig.additional_config",
        "cls": "VllmConfig",
        "field": "additional_config",
        "root": "VllmConfig",
        "path": ("additional_config",),
        "optional": False,
        "kind": "dict",
        "requires": "",
        "default": "{}",
        "help": (
            "Extra platform-specific options (out-of-tree platforms and plugins read them). A "
            "dict, or an object with compute_hash(); it feeds the cache key, so its contents must "
            "be hashable.\n\nTakes a JSON object, or its keys one by one: --additional-config.key "
            "value (a trailing + appends comma-separated items to a list). (default: {})"
        ),
        "dest": "f229",
    },
    {
        "flag": "--optimization-level",
        "aliases": ("-O",),
        "negatives": (),
        "group": "VllmConfig",
        "target": "VllmConfig.optimization_level",
        "cls": "VllmConfig",
        "field": "optimization_level",
        "root": "VllmConfig",
        "path": ("optimization_level",),
        "optional": False,
        "kind": "enum",
        "enum": "OptimizationLevel",
        "choices": ("O0", "O1", "O2", "O3"),
        "open": False,
        "requires": "",
        "default": "O2",
        "help": (
            "Trade start-up time for speed: O0 starts fastest (no compilation, no CUDA graphs), "
            "O1 compiles with piecewise CUDA graphs, O2 (default) adds full CUDA graphs and more "
            "fusions, O3 is currently O2. Explicit settings always win over the level's defaults. "
            "(default: O2)"
        ),
        "dest": "f230",
        "enum_values": {"O0": 0, "O1": 1, "O2": 2, "O3": 3},
    },
    {
        "flag": "--performance-mode",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "VllmConfig.performance_mode",
        "cls": "VllmConfig",
        "field": "performance_mode",
        "root": "VllmConfig",
        "path": ("performance_mode",),
        "optional": False,
        "kind": "choice",
        "choices": ("balanced", "interactivity", "throughput"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "balanced",
        "help": (
            "\"balanced\" (default); \"interactivity\" for low per-request latency at small batch "
            "sizes (fine-grained CUDA graphs up to 32); \"throughput\" for aggregate tokens per "
            "second under high concurrency. (default: balanced)"
        ),
        "dest": "f231",
    },
    {
        "flag": "--shutdown-timeout",
        "aliases": (),
        "negatives": (),
        "group": "VllmConfig",
        "target": "VllmConfig.shutdown_timeout",
        "cls": "VllmConfig",
        "field": "shutdown_timeout",
        "root": "VllmConfig",
        "path": ("shutdown_timeout",),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "0",
        "help": (
            "Seconds to let running requests finish on shutdown before aborting them. 0 aborts at "
            "once. (default: 0)"
        ),
        "dest": "f232",
    },
    {
        "flag": "--aux-output-config",
        "aliases": (),
        "negatives": (),
        "group": "AuxOutputConfig",
        "target": "AuxOutputConfig",
        "cls": "AuxOutputConfig",
        "field": "",
        "root": "AuxOutputConfig",
        "path": (),
        "optional": False,
        "kind": "json",
        "json_class": "AuxOutputConfig",
        "requires": "",
        "default": "",
        "help": (
            "Extra outputs the engine can hand back with each request besides the generated "
            "tokens (today: which MoE experts each token was routed to), and how much host memory "
            "their buffer starts with.\n\nTakes a JSON object, or its keys one by one: "
            "--aux-output-config.key value (a trailing + appends comma-separated items to a list)."
        ),
        "dest": "f233",
    },
    {
        "flag": "--enable-return-routed-experts",
        "aliases": (),
        "negatives": ("--no-enable-return-routed-experts", "--disable-return-routed-experts"),
        "group": "ModelConfig",
        "target": "AuxOutputConfig.enable_return_routed_experts",
        "cls": "AuxOutputConfig",
        "field": "enable_return_routed_experts",
        "root": "AuxOutputConfig",
        "path": ("enable_return_routed_experts",),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Record, for every generated token, the MoE experts the router picked and return them "
            "with the request. Part of the cache key: capturing the routing changes the forward "
            "graph. Needs the second-generation model runner. Was "
            "ModelConfig.enable_return_routed_experts before 0.31.0. (default: False)"
        ),
        "dest": "f234",
    },
    {
        "flag": "--disable-log-stats",
        "aliases": (),
        "negatives": ("--no-disable-log-stats",),
        "group": "EngineArgs",
        "target": "EngineArgs.disable_log_stats",
        "cls": "EngineArgs",
        "field": "disable_log_stats",
        "root": "EngineArgs",
        "path": ("disable_log_stats",),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": "Do not log engine statistics (throughput, KV cache usage) periodically. (default: False)",
        "dest": "f235",
    },
    {
        "flag": "--aggregate-engine-logging",
        "aliases": (),
        "negatives": ("--no-aggregate-engine-logging",),
        "group": "EngineArgs",
        "target": "EngineArgs.aggregate_engine_logging",
        "cls": "EngineArgs",
        "field": "aggregate_engine_logging",
        "root": "EngineArgs",
        "path": ("aggregate_engine_logging",),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "With data parallelism, log statistics summed over all engines instead of one line "
            "per engine. (default: False)"
        ),
        "dest": "f236",
    },
    {
        "flag": "--enable-log-requests",
        "aliases": (),
        "negatives": ("--no-enable-log-requests", "--disable-log-requests"),
        "group": "EngineArgs",
        "target": "EngineArgs.enable_log_requests",
        "cls": "EngineArgs",
        "field": "enable_log_requests",
        "root": "EngineArgs",
        "path": ("enable_log_requests",),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Log each request as it arrives: id, sampling parameters and LoRA adapter at INFO "
            "level, the prompt itself at DEBUG (VLLM_LOGGING_LEVEL sets the level). (default: "
            "False)"
        ),
        "dest": "f237",
    },
    {
        "flag": "--fail-on-environ-validation",
        "aliases": (),
        "negatives": ("--no-fail-on-environ-validation",),
        "group": "EngineArgs",
        "target": "EngineArgs.fail_on_environ_validation",
        "cls": "EngineArgs",
        "field": "fail_on_environ_validation",
        "root": "EngineArgs",
        "path": ("fail_on_environ_validation",),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Stop at start-up when the VLLM_* environment variables fail validation (an unknown "
            "name or a bad value) instead of only warning. (default: False)"
        ),
        "dest": "f238",
    },
    {
        "flag": "--gdn-prefill-backend",
        "aliases": (),
        "negatives": (),
        "group": "EngineArgs",
        "target": "EngineArgs.gdn_prefill_backend",
        "cls": "EngineArgs",
        "field": "gdn_prefill_backend",
        "root": "EngineArgs",
        "path": ("gdn_prefill_backend",),
        "optional": False,
        "kind": "choice",
        "choices": ("cutedsl", "flashinfer", "triton"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "Kernel family for the prefill of gated delta-net (linear attention) layers. Unset: "
            "the model chooses. Given, it is copied to "
            "VllmConfig.additional_config[\"gdn_prefill_backend\"] (over a key of that name in "
            "--additional-config), where the model reads it.\n\nAlso sets "
            "VllmConfig.additional_config.gdn_prefill_backend. (default: None)"
        ),
        "dest": "f239",
        "also": ("VllmConfig", ("additional_config", "gdn_prefill_backend")),
    },
    {
        "flag": "--kda-prefill-backend",
        "aliases": (),
        "negatives": (),
        "group": "EngineArgs",
        "target": "EngineArgs.kda_prefill_backend",
        "cls": "EngineArgs",
        "field": "kda_prefill_backend",
        "root": "EngineArgs",
        "path": ("kda_prefill_backend",),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "flashinfer", "flashkda", "fused", "triton"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "Kernel family for the prefill of Kimi delta attention (KDA) layers: \"flashkda\" "
            "needs CUDA, \"fused\" needs ROCm, \"auto\" picks one the platform supports. Unset: "
            "the model chooses. Given, it is copied to "
            "VllmConfig.additional_config[\"kda_prefill_backend\"], where the model reads "
            "it.\n\nAlso sets VllmConfig.additional_config.kda_prefill_backend. (default: None)"
        ),
        "dest": "f240",
        "also": ("VllmConfig", ("additional_config", "kda_prefill_backend")),
    },
    {
        "flag": "--kda-decode-backend",
        "aliases": (),
        "negatives": (),
        "group": "EngineArgs",
        "target": "EngineArgs.kda_decode_backend",
        "cls": "EngineArgs",
        "field": "kda_decode_backend",
        "root": "EngineArgs",
        "path": ("kda_decode_backend",),
        "optional": False,
        "kind": "choice",
        "choices": ("auto", "flashinfer", "native", "triton"),
        "literal_type": "str",
        "open": False,
        "requires": "",
        "default": "None",
        "help": (
            "Kernel family for the decode of Kimi delta attention (KDA) layers. Unset: the model "
            "chooses. Given, it is copied to "
            "VllmConfig.additional_config[\"kda_decode_backend\"].\n\nAlso sets "
            "VllmConfig.additional_config.kda_decode_backend. (default: None)"
        ),
        "dest": "f241",
        "also": ("VllmConfig", ("additional_config", "kda_decode_backend")),
    },
    {
        "flag": "--device-ids",
        "aliases": (),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "EngineArgs.device_ids",
        "cls": "EngineArgs",
        "field": "device_ids",
        "root": "EngineArgs",
        "path": ("device_ids",),
        "optional": True,
        "kind": "str",
        "container": "list",
        "nargs": "+",
        "comma_list": True,
        "requires": "",
        "default": "None",
        "help": (
            "Physical GPUs to run on, as indices or UUIDs, comma-separated (\"2,3,5,7\"), instead "
            "of hiding the others with CUDA_VISIBLE_DEVICES (so GPU/NIC topology stays visible). "
            "Ignored by the Ray executor (use placement groups).\n\nAlso sets "
            "VllmConfig.parallel_config.assigned_physical_gpu_ids. (default: None)"
        ),
        "dest": "f242",
        "also": ("VllmConfig", ("parallel_config", "assigned_physical_gpu_ids")),
    },
    {
        "flag": "--data-parallel-start-rank",
        "aliases": ("-dpr",),
        "negatives": (),
        "group": "ParallelConfig",
        "target": "EngineArgs.data_parallel_start_rank",
        "cls": "EngineArgs",
        "field": "data_parallel_start_rank",
        "root": "EngineArgs",
        "path": ("data_parallel_start_rank",),
        "optional": False,
        "kind": "int",
        "requires": "",
        "default": "None",
        "help": (
            "First data-parallel rank run by this node (secondary nodes of a multi-node "
            "data-parallel deployment). (default: None)"
        ),
        "dest": "f243",
    },
    {
        "flag": "--data-parallel-multi-port-external-lb",
        "aliases": ("-dpm",),
        "negatives": ("--no-data-parallel-multi-port-external-lb",),
        "group": "ParallelConfig",
        "target": "EngineArgs.data_parallel_multi_port_external_lb",
        "cls": "EngineArgs",
        "field": "data_parallel_multi_port_external_lb",
        "root": "EngineArgs",
        "path": ("data_parallel_multi_port_external_lb",),
        "optional": False,
        "kind": "bool",
        "requires": "",
        "default": "False",
        "help": (
            "Start a per-node supervisor that runs one externally load-balanced API server per "
            "local data-parallel rank and reports their combined health on its own port. "
            "(default: False)"
        ),
        "dest": "f244",
    },
    {
        "flag": "--engram-config",
        "aliases": (),
        "negatives": (),
        "group": "EngramConfig",
        "target": "EngramConfig",
        "cls": "EngramConfig",
        "field": "",
        "root": "EngramConfig",
        "path": (),
        "optional": False,
        "kind": "json",
        "json_class": "EngramConfig",
        "requires": "",
        "default": "",
        "help": (
            "Where the large n-gram embedding tables of models that have them (e.g. DeepSeek "
            "V4.1's Engram layers) are kept and how they are split over ranks. Only valid for "
            "such models; the engine creates it with its defaults when the model has these layers "
            "and none is given.\n\nTakes a JSON object, or its keys one by one: "
            "--engram-config.key value (a trailing + appends comma-separated items to a list)."
        ),
        "dest": "f245",
    },
    {
        "flag": "--watermark-config",
        "aliases": (),
        "negatives": (),
        "group": "WatermarkConfig",
        "target": "WatermarkConfig",
        "cls": "WatermarkConfig",
        "field": "",
        "root": "WatermarkConfig",
        "path": (),
        "optional": False,
        "kind": "json",
        "json_class": "WatermarkConfig",
        "requires": "",
        "default": "",
        "help": (
            "Embeds a secret-keyed statistical watermark in the text the engine samples, so that "
            "the text can later be recognised as generated. Off unless given.\n\nTakes a JSON "
            "object, or its keys one by one: --watermark-config.key value (a trailing + appends "
            "comma-separated items to a list)."
        ),
        "dest": "f246",
    },
)
