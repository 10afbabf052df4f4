# Generated from schema/ by cfgc; do not edit.
# bash completion for vllm-config; install: source this file, or copy it to
# /etc/bash_completion.d/ (or ~/.local/share/bash-completion/completions/vllm-config).

_vllm_config() {
    local cur prev
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    if [[ ${COMP_CWORD} -eq 1 ]]; then
        COMPREPLY=($(compgen -W "show hash explain diff schema --help" -- "${cur}"))
        return 0
    fi
    case "${COMP_WORDS[1]}" in
        explain|diff)
            if [[ "${prev}" == "--format" ]]; then
                COMPREPLY=($(compgen -W "text json" -- "${cur}"))
            elif [[ "${COMP_WORDS[1]}" == "diff" ]]; then
                COMPREPLY=($(compgen -f -- "${cur}"))
            else
                COMPREPLY=($(compgen -W "--format --platform --model --runner --convert --tokenizer --tokenizer-mode --trust-remote-code --dtype --seed --hf-config-path --allowed-local-media-path --allowed-media-domains --revision --code-revision --tokenizer-revision --max-model-len --quantization -q --quantization-config --allow-deprecated-quantization --enforce-eager --return-sampling-mask --max-logprobs --logprobs-mode --use-fp64-gumbel --enable-trace-replay --disable-sliding-window --skip-tokenizer-init --enable-prompt-embeds --served-model-name --config-format --hf-token --hf-overrides --model-class-overrides --generation-config --override-generation-config --enable-sleep-mode --sleep-mode-backend --sleep-mode-offload-cudagraph --sleep-preserve-parameter-names --enable-nccl-comm-suspend --enable-cumem-allocator --model-impl --logits-processors --io-processor-plugin --renderer-num-workers --pooler-config --language-model-only --limit-mm-per-prompt --enable-mm-embeds --media-io-kwargs --mm-processor-kwargs --mm-processor-cache-gb --mm-processor-cache-type --mm-shm-cache-max-object-size-mb --mm-encoder-only --mm-encoder-tp-mode --mm-encoder-attn-backend --mm-encoder-attn-dtype --mm-encoder-fp8-scale-path --mm-encoder-fp8-scale-save-path --mm-encoder-fp8-scale-save-margin --interleave-mm-strings --skip-mm-profiling --video-pruning-rate --mm-tensor-ipc --mm-ipc-gpu-memory-gb --mm-hasher-algorithm --video-pruning-method --mm-device-do-normalize --mm-processor-device --block-size --prefix-match-unit --gpu-memory-utilization --device-memory-utilization --kv-cache-dtype --num-gpu-blocks-override --enable-prefix-caching --prefix-caching-hash-algo --prefix-cache-retention-interval --kv-cache-dtype-skip-layers --mamba-block-size --mamba-cache-dtype --mamba-ssm-cache-dtype --enable-mamba-shared-prefix-checkpoint --replayssm-buffer-len --use-replayssm --kv-sharing-fast-prefill --swa-bounded-replay --kv-cache-memory-bytes --kv-offloading-size --kv-offloading-backend --pipeline-parallel-size -pp --tensor-parallel-size -tp --prefill-context-parallel-size -pcp --data-parallel-size -dp --data-parallel-size-local -dpl --data-parallel-rank -dpn --data-parallel-address -dpa --data-parallel-rpc-port -dpp --dp-sync-interval --data-parallel-backend -dpb --data-parallel-external-lb -dpe --data-parallel-hybrid-lb -dph --enable-hc-sp --enable-batch-sharded-sampling --enable-expert-parallel -ep --enable-ep-weight-filter --enable-eplb --eplb-config --expert-placement-strategy --all2all-backend --max-parallel-loading-workers --disable-custom-all-reduce --enable-shm-tensor-arena --enable-elastic-ep --elastic-ep-max-dp-size --enable-dbo --ubatch-size --dbo-decode-token-threshold --dbo-prefill-token-threshold --disable-nccl-for-dp-synchronization --ray-workers-use-nsight --distributed-executor-backend --worker-cls --worker-extension-cls --master-addr --master-port --node-rank -r --nnodes -n --numa-bind --numa-bind-nodes --numa-bind-cpus --distributed-timeout-seconds --cpu-distributed-timeout-seconds --decode-context-parallel-size -dcp --dcp-kv-cache-interleave-size --dcp-comm-backend --dcp-q-replicate --cp-kv-cache-interleave-size --enable-fault-tolerance --fault-tolerance-config --max-num-batched-tokens --max-num-scheduled-tokens --max-num-seqs --max-num-active-seqs --long-prefill-token-threshold --long-prefill-token-threshold-adaptive --max-num-queued-reqs --max-num-queued-tokens --enable-chunked-prefill --scheduling-policy --disable-chunked-mm-input --scheduler-cls --disable-hybrid-kv-cache-manager --scheduler-reserve-full-isl --watermark --prefill-schedule-interval --async-scheduling --stream-interval --load-format --download-dir --safetensors-load-strategy --safetensors-prefetch-num-threads --safetensors-prefetch-block-size --model-loader-extra-config --ignore-patterns --use-tqdm-on-load --pt-load-map-location --offload-backend --cpu-offload-gb --cpu-offload-params --offload-group-size --offload-num-in-group --offload-prefetch-step --offload-params --attention-config -ac --attention-backend --mamba-backend --enable-mamba-cache-stochastic-rounding --mamba-cache-philox-rounds --mamba-ssu-algorithm --kernel-config --ir-op-priority --enable-flashinfer-autotune --monokernel --moe-backend --sparse-indexer-topk-backend --linear-backend --enable-lora --max-lora-rank --max-loras --fully-sharded-loras --max-cpu-loras --lora-dtype --lora-target-modules --default-mm-loras --enable-tower-connector-lora --specialize-active-lora --enable-mixed-moe-lora-format --enable-moe-shared-loras --max-lora-cls-labels --speculative-config -sc --spec-tokens --spec-model --spec-method --diffusion-config -dc --structured-outputs-config --reasoning-parser --reasoning-parser-plugin --show-hidden-metrics-for-version --otlp-traces-endpoint --collect-detailed-traces --per-request-spec-decode-metrics --kv-cache-metrics --kv-cache-metrics-sample --custom-histogram-buckets --cudagraph-metrics --enable-layerwise-nvtx-tracing --enable-mfu-metrics --enable-logging-iteration-details --jit-monitor-mode --jit-monitor-verbose --compilation-config -cc --cudagraph-capture-sizes --max-cudagraph-capture-size --profiler-config --kv-transfer-config --kv-events-config --ec-transfer-config --reasoning-config --weight-transfer-config --aux-output-config --enable-return-routed-experts --engram-config --watermark-config --logging-config --log-level --log-config-file --ec-manager-config --watchdog-config --additional-config --optimization-level -O --performance-mode --shutdown-timeout --disable-log-stats --aggregate-engine-logging --enable-log-requests --fail-on-environ-validation --gdn-prefill-backend --mamba-cache-mode --disable-cascade-attn --kda-prefill-backend --kda-decode-backend --device-ids --data-parallel-start-rank -dpr --data-parallel-multi-port-external-lb -dpm" -- "${cur}"))
            fi
            return 0
            ;;
        schema)
            COMPREPLY=()
            return 0
            ;;
    esac
    if [[ "${prev}" == "--help" && "${cur}" == "=" ]] || [[ "${prev}" == "=" && "${COMP_WORDS[COMP_CWORD-2]}" == "--help" ]]; then
        [[ "${cur}" == "=" ]] && cur=""
        COMPREPLY=($(compgen -W "all attentionconfig cacheconfig compilationconfig engineargs kernelconfig loadconfig loggingconfig loraconfig mambaconfig modelconfig multimodalconfig observabilityconfig offloadconfig parallelconfig schedulerconfig structuredoutputsconfig vllmconfig" -- "${cur}"))
        return 0
    fi
    case "${prev}" in
        --config)
            COMPREPLY=($(compgen -f -- "${cur}"))
            return 0
            ;;
        --format)
            COMPREPLY=($(compgen -W "json yaml" -- "${cur}"))
            return 0
            ;;
        --platform)
            COMPREPLY=($(compgen -W "cuda cpu" -- "${cur}"))
            return 0
            ;;
        --model)
            COMPREPLY=()
            return 0
            ;;
        --runner)
            COMPREPLY=($(compgen -W "auto draft generate pooling" -- "${cur}"))
            return 0
            ;;
        --convert)
            COMPREPLY=($(compgen -W "auto classify embed none" -- "${cur}"))
            return 0
            ;;
        --tokenizer)
            COMPREPLY=()
            return 0
            ;;
        --tokenizer-mode)
            COMPREPLY=($(compgen -W "alpamayo2_super auto cohere deepseek_v32 deepseek_v4 hf inkling kimi_k3 mistral" -- "${cur}"))
            return 0
            ;;
        --dtype)
            COMPREPLY=($(compgen -W "auto bfloat16 float float16 float32 half" -- "${cur}"))
            return 0
            ;;
        --seed)
            COMPREPLY=()
            return 0
            ;;
        --hf-config-path)
            COMPREPLY=($(compgen -f -- "${cur}"))
            return 0
            ;;
        --allowed-local-media-path)
            COMPREPLY=($(compgen -f -- "${cur}"))
            return 0
            ;;
        --allowed-media-domains)
            COMPREPLY=()
            return 0
            ;;
        --revision)
            COMPREPLY=()
            return 0
            ;;
        --code-revision)
            COMPREPLY=()
            return 0
            ;;
        --tokenizer-revision)
            COMPREPLY=()
            return 0
            ;;
        --max-model-len)
            COMPREPLY=()
            return 0
            ;;
        --quantization|-q)
            COMPREPLY=($(compgen -W "auto_awq auto_gptq awq awq_marlin compressed-tensors deepseek_v4_fp8 experts_int8 fbgemm_fp8 fp8 fp8_per_block fp8_per_channel fp8_per_tensor fp_quant gpt_oss_mxfp4 gptq gptq_marlin humming inc int8_per_channel_weight_only modelopt modelopt_fp4 modelopt_mixed modelopt_mxfp8 moe_wna16 mxfp4 mxfp8 nvfp4_per_token online quark torchao None" -- "${cur}"))
            return 0
            ;;
        --quantization-config)
            COMPREPLY=()
            return 0
            ;;
        --max-logprobs)
            COMPREPLY=()
            return 0
            ;;
        --logprobs-mode)
            COMPREPLY=($(compgen -W "processed_logits processed_logprobs raw_logits raw_logprobs" -- "${cur}"))
            return 0
            ;;
        --served-model-name)
            COMPREPLY=()
            return 0
            ;;
        --config-format)
            COMPREPLY=($(compgen -W "auto hf mistral" -- "${cur}"))
            return 0
            ;;
        --hf-token)
            COMPREPLY=()
            return 0
            ;;
        --hf-overrides)
            COMPREPLY=()
            return 0
            ;;
        --model-class-overrides)
            COMPREPLY=()
            return 0
            ;;
        --generation-config)
            COMPREPLY=()
            return 0
            ;;
        --override-generation-config)
            COMPREPLY=()
            return 0
            ;;
        --sleep-mode-backend)
            COMPREPLY=()
            return 0
            ;;
        --sleep-preserve-parameter-names)
            COMPREPLY=()
            return 0
            ;;
        --model-impl)
            COMPREPLY=($(compgen -W "auto terratorch transformers vllm" -- "${cur}"))
            return 0
            ;;
        --logits-processors)
            COMPREPLY=()
            return 0
            ;;
        --io-processor-plugin)
            COMPREPLY=()
            return 0
            ;;
        --renderer-num-workers)
            COMPREPLY=()
            return 0
            ;;
        --pooler-config)
            COMPREPLY=()
            return 0
            ;;
        --limit-mm-per-prompt)
            COMPREPLY=()
            return 0
            ;;
        --media-io-kwargs)
            COMPREPLY=()
            return 0
            ;;
        --mm-processor-kwargs)
            COMPREPLY=()
            return 0
            ;;
        --mm-processor-cache-gb)
            COMPREPLY=()
            return 0
            ;;
        --mm-processor-cache-type)
            COMPREPLY=($(compgen -W "lru shm" -- "${cur}"))
            return 0
            ;;
        --mm-shm-cache-max-object-size-mb)
            COMPREPLY=()
            return 0
            ;;
        --mm-encoder-tp-mode)
            COMPREPLY=($(compgen -W "data weights" -- "${cur}"))
            return 0
            ;;
        --mm-encoder-attn-backend)
            COMPREPLY=($(compgen -W "FLASH_ATTN FLASH_ATTN_DIFFKV TRITON_ATTN TRITON_ATTN_DIFFKV TRITON_FLASH_ATTN ROCM_ATTN ROCM_SEGMENTED_ATTN ROCM_AITER_MLA ROCM_AITER_TRITON_MLA ROCM_AITER_FA ROCM_AITER_MLA_SPARSE XPU_MLA_SPARSE TORCH_SDPA FLASHINFER TRITON_FLASHINFER FLASHINFER_MLA TOKENSPEED_MLA FLASHINFER_MLA_SPARSE FLASHINFER_MLA_SPARSE_SM120 FLASHINFER_MLA_SPARSE_SM90 TRITON_MLA CUTLASS_MLA FLASHMLA FLASHMLA_SPARSE FLASHMLA_SPARSE_DSV4 FLASHINFER_MLA_SPARSE_DSV4 ROCM_FLASHMLA_SPARSE_DSV4 FLASHMLA_SPARSE_DSV41 FLASHINFER_MLA_SPARSE_DSV41 ROCM_FLASHMLA_SPARSE_DSV41 FLASHMLA_MEGA_ATTN_DSV41 B12X FLASH_ATTN_MLA FLASH_ATTN_MLA_SPARSE FLASH_ATTN_MLA_SPARSE_FA4 MINIMAX_M3_SPARSE CUTLASS_MSA TRITON_MSA STEP5_DSA NO_ATTENTION FLEX_ATTENTION HPC_ATTN ROCM_AITER_UNIFIED_ATTN CPU_ATTN CPU_MLA AMX_MLA TURBOQUANT ROCM_OCTAVE ULTRAQUANT CUSTOM None" -- "${cur}"))
            return 0
            ;;
        --mm-encoder-attn-dtype)
            COMPREPLY=($(compgen -W "fp8 None" -- "${cur}"))
            return 0
            ;;
        --mm-encoder-fp8-scale-path)
            COMPREPLY=($(compgen -f -- "${cur}"))
            return 0
            ;;
        --mm-encoder-fp8-scale-save-path)
            COMPREPLY=($(compgen -f -- "${cur}"))
            return 0
            ;;
        --mm-encoder-fp8-scale-save-margin)
            COMPREPLY=()
            return 0
            ;;
        --video-pruning-rate)
            COMPREPLY=()
            return 0
            ;;
        --mm-tensor-ipc)
            COMPREPLY=($(compgen -W "direct_rpc torch_shm" -- "${cur}"))
            return 0
            ;;
        --mm-ipc-gpu-memory-gb)
            COMPREPLY=()
            return 0
            ;;
        --mm-hasher-algorithm)
            COMPREPLY=($(compgen -W "blake3 sha256 sha512" -- "${cur}"))
            return 0
            ;;
        --video-pruning-method)
            COMPREPLY=($(compgen -W "evs vidcom2" -- "${cur}"))
            return 0
            ;;
        --mm-processor-device)
            COMPREPLY=($(compgen -W "auto cpu" -- "${cur}"))
            return 0
            ;;
        --block-size)
            COMPREPLY=()
            return 0
            ;;
        --prefix-match-unit)
            COMPREPLY=()
            return 0
            ;;
        --gpu-memory-utilization|--device-memory-utilization)
            COMPREPLY=()
            return 0
            ;;
        --kv-cache-dtype)
            COMPREPLY=($(compgen -W "auto bfloat16 float16 fp8 fp8_ds_mla fp8_e4m3 fp8_e5m2 fp8_inc fp8_per_token_head int4_per_token_head int8_per_token_head nvfp4 nvfp4_4over6 nvfp4_ds_mla octave_k3v3 octave_k3v3_compact octave_k3v4 turboquant_3bit_nc turboquant_4bit_nc turboquant_k3v4_nc turboquant_k8v4 ultraquant_4bit" -- "${cur}"))
            return 0
            ;;
        --num-gpu-blocks-override)
            COMPREPLY=()
            return 0
            ;;
        --prefix-caching-hash-algo)
            COMPREPLY=($(compgen -W "sha256 sha256_cbor xxhash xxhash_cbor" -- "${cur}"))
            return 0
            ;;
        --prefix-cache-retention-interval)
            COMPREPLY=()
            return 0
            ;;
        --kv-cache-dtype-skip-layers)
            COMPREPLY=()
            return 0
            ;;
        --mamba-block-size)
            COMPREPLY=()
            return 0
            ;;
        --mamba-cache-dtype)
            COMPREPLY=($(compgen -W "auto bfloat16 float16 float32" -- "${cur}"))
            return 0
            ;;
        --mamba-ssm-cache-dtype)
            COMPREPLY=($(compgen -W "auto bfloat16 float16 float32" -- "${cur}"))
            return 0
            ;;
        --replayssm-buffer-len)
            COMPREPLY=()
            return 0
            ;;
        --kv-cache-memory-bytes)
            COMPREPLY=()
            return 0
            ;;
        --kv-offloading-size)
            COMPREPLY=()
            return 0
            ;;
        --kv-offloading-backend)
            COMPREPLY=($(compgen -W "lmcache native" -- "${cur}"))
            return 0
            ;;
        --pipeline-parallel-size|-pp)
            COMPREPLY=()
            return 0
            ;;
        --tensor-parallel-size|-tp)
            COMPREPLY=()
            return 0
            ;;
        --prefill-context-parallel-size|-pcp)
            COMPREPLY=()
            return 0
            ;;
        --data-parallel-size|-dp)
            COMPREPLY=()
            return 0
            ;;
        --data-parallel-size-local|-dpl)
            COMPREPLY=()
            return 0
            ;;
        --data-parallel-rank|-dpn)
            COMPREPLY=()
            return 0
            ;;
        --data-parallel-address|-dpa)
            COMPREPLY=()
            return 0
            ;;
        --data-parallel-rpc-port|-dpp)
            COMPREPLY=()
            return 0
            ;;
        --dp-sync-interval)
            COMPREPLY=()
            return 0
            ;;
        --data-parallel-backend|-dpb)
            COMPREPLY=($(compgen -W "mp ray" -- "${cur}"))
            return 0
            ;;
        --eplb-config)
            COMPREPLY=()
            return 0
            ;;
        --expert-placement-strategy)
            COMPREPLY=($(compgen -W "linear round_robin" -- "${cur}"))
            return 0
            ;;
        --all2all-backend)
            COMPREPLY=($(compgen -W "allgather_reducescatter deepep_high_throughput deepep_low_latency deepep_v2 flashinfer_all2allv flashinfer_nvlink_one_sided flashinfer_nvlink_two_sided moonep mori_high_throughput mori_low_latency naive nixl_ep passthrough pplx" -- "${cur}"))
            return 0
            ;;
        --max-parallel-loading-workers)
            COMPREPLY=()
            return 0
            ;;
        --elastic-ep-max-dp-size)
            COMPREPLY=()
            return 0
            ;;
        --ubatch-size)
            COMPREPLY=()
            return 0
            ;;
        --dbo-decode-token-threshold)
            COMPREPLY=()
            return 0
            ;;
        --dbo-prefill-token-threshold)
            COMPREPLY=()
            return 0
            ;;
        --distributed-executor-backend)
            COMPREPLY=($(compgen -W "external_launcher mp ray uni None" -- "${cur}"))
            return 0
            ;;
        --worker-cls)
            COMPREPLY=()
            return 0
            ;;
        --worker-extension-cls)
            COMPREPLY=()
            return 0
            ;;
        --master-addr)
            COMPREPLY=()
            return 0
            ;;
        --master-port)
            COMPREPLY=()
            return 0
            ;;
        --node-rank|-r)
            COMPREPLY=()
            return 0
            ;;
        --nnodes|-n)
            COMPREPLY=()
            return 0
            ;;
        --numa-bind-nodes)
            COMPREPLY=()
            return 0
            ;;
        --numa-bind-cpus)
            COMPREPLY=()
            return 0
            ;;
        --distributed-timeout-seconds)
            COMPREPLY=()
            return 0
            ;;
        --cpu-distributed-timeout-seconds)
            COMPREPLY=()
            return 0
            ;;
        --decode-context-parallel-size|-dcp)
            COMPREPLY=()
            return 0
            ;;
        --dcp-kv-cache-interleave-size)
            COMPREPLY=()
            return 0
            ;;
        --dcp-comm-backend)
            COMPREPLY=($(compgen -W "a2a ag_rs None" -- "${cur}"))
            return 0
            ;;
        --cp-kv-cache-interleave-size)
            COMPREPLY=()
            return 0
            ;;
        --fault-tolerance-config)
            COMPREPLY=()
            return 0
            ;;
        --max-num-batched-tokens)
            COMPREPLY=()
            return 0
            ;;
        --max-num-scheduled-tokens)
            COMPREPLY=()
            return 0
            ;;
        --max-num-seqs)
            COMPREPLY=()
            return 0
            ;;
        --max-num-active-seqs)
            COMPREPLY=()
            return 0
            ;;
        --long-prefill-token-threshold)
            COMPREPLY=()
            return 0
            ;;
        --max-num-queued-reqs)
            COMPREPLY=()
            return 0
            ;;
        --max-num-queued-tokens)
            COMPREPLY=()
            return 0
            ;;
        --scheduling-policy)
            COMPREPLY=($(compgen -W "fcfs priority" -- "${cur}"))
            return 0
            ;;
        --scheduler-cls)
            COMPREPLY=()
            return 0
            ;;
        --watermark)
            COMPREPLY=()
            return 0
            ;;
        --prefill-schedule-interval)
            COMPREPLY=()
            return 0
            ;;
        --stream-interval)
            COMPREPLY=()
            return 0
            ;;
        --load-format)
            COMPREPLY=($(compgen -W "auto dummy fastsafetensors hf instanttensor ipc_cache mistral modelexpress npcache pt runai_streamer runai_streamer_sharded safetensors sharded_state tensorizer" -- "${cur}"))
            return 0
            ;;
        --download-dir)
            COMPREPLY=($(compgen -f -- "${cur}"))
            return 0
            ;;
        --safetensors-load-strategy)
            COMPREPLY=($(compgen -W "eager lazy prefetch torchao None" -- "${cur}"))
            return 0
            ;;
        --safetensors-prefetch-num-threads)
            COMPREPLY=()
            return 0
            ;;
        --safetensors-prefetch-block-size)
            COMPREPLY=()
            return 0
            ;;
        --model-loader-extra-config)
            COMPREPLY=()
            return 0
            ;;
        --ignore-patterns)
            COMPREPLY=()
            return 0
            ;;
        --pt-load-map-location)
            COMPREPLY=()
            return 0
            ;;
        --offload-backend)
            COMPREPLY=($(compgen -W "auto prefetch uva" -- "${cur}"))
            return 0
            ;;
        --cpu-offload-gb)
            COMPREPLY=()
            return 0
            ;;
        --cpu-offload-params)
            COMPREPLY=()
            return 0
            ;;
        --offload-group-size)
            COMPREPLY=()
            return 0
            ;;
        --offload-num-in-group)
            COMPREPLY=()
            return 0
            ;;
        --offload-prefetch-step)
            COMPREPLY=()
            return 0
            ;;
        --offload-params)
            COMPREPLY=()
            return 0
            ;;
        --attention-config|-ac)
            COMPREPLY=()
            return 0
            ;;
        --attention-backend)
            COMPREPLY=($(compgen -W "FLASH_ATTN FLASH_ATTN_DIFFKV TRITON_ATTN TRITON_ATTN_DIFFKV TRITON_FLASH_ATTN ROCM_ATTN ROCM_SEGMENTED_ATTN ROCM_AITER_MLA ROCM_AITER_TRITON_MLA ROCM_AITER_FA ROCM_AITER_MLA_SPARSE XPU_MLA_SPARSE TORCH_SDPA FLASHINFER TRITON_FLASHINFER FLASHINFER_MLA TOKENSPEED_MLA FLASHINFER_MLA_SPARSE FLASHINFER_MLA_SPARSE_SM120 FLASHINFER_MLA_SPARSE_SM90 TRITON_MLA CUTLASS_MLA FLASHMLA FLASHMLA_SPARSE FLASHMLA_SPARSE_DSV4 FLASHINFER_MLA_SPARSE_DSV4 ROCM_FLASHMLA_SPARSE_DSV4 FLASHMLA_SPARSE_DSV41 FLASHINFER_MLA_SPARSE_DSV41 ROCM_FLASHMLA_SPARSE_DSV41 FLASHMLA_MEGA_ATTN_DSV41 B12X FLASH_ATTN_MLA FLASH_ATTN_MLA_SPARSE FLASH_ATTN_MLA_SPARSE_FA4 MINIMAX_M3_SPARSE CUTLASS_MSA TRITON_MSA STEP5_DSA NO_ATTENTION FLEX_ATTENTION HPC_ATTN ROCM_AITER_UNIFIED_ATTN CPU_ATTN CPU_MLA AMX_MLA TURBOQUANT ROCM_OCTAVE ULTRAQUANT CUSTOM None" -- "${cur}"))
            return 0
            ;;
        --mamba-backend)
            COMPREPLY=($(compgen -W "TRITON FLASHINFER CPU" -- "${cur}"))
            return 0
            ;;
        --mamba-cache-philox-rounds)
            COMPREPLY=()
            return 0
            ;;
        --mamba-ssu-algorithm)
            COMPREPLY=($(compgen -W "auto horizontal simple vertical None" -- "${cur}"))
            return 0
            ;;
        --kernel-config)
            COMPREPLY=()
            return 0
            ;;
        --ir-op-priority)
            COMPREPLY=()
            return 0
            ;;
        --moe-backend)
            COMPREPLY=($(compgen -W "aiter aiter_mega_moe aiter_triton_mxfp4_bf16 aiter_triton_mxfp4_mxfp4 auto b12x batched_triton cutlass deep_gemm deep_gemm_mega_moe emulation flashinfer_b12x flashinfer_cutedsl flashinfer_cutlass flashinfer_moe_ep_cutedsl flashinfer_moe_ep_mega_deep_gemm flashinfer_trtllm flydsl hpc humming marlin rdna3 triton triton_unfused" -- "${cur}"))
            return 0
            ;;
        --sparse-indexer-topk-backend)
            COMPREPLY=($(compgen -W "aiter auto cooperative deep_select flashinfer per_row persistent torch" -- "${cur}"))
            return 0
            ;;
        --linear-backend)
            COMPREPLY=($(compgen -W "aiter auto b12x conch cutlass deep_gemm emulation exllama fbgemm flashinfer_b12x flashinfer_cudnn flashinfer_cutedsl flashinfer_cutlass flashinfer_trtllm humming machete marlin torch triton xpu xpu_woq" -- "${cur}"))
            return 0
            ;;
        --max-lora-rank)
            COMPREPLY=($(compgen -W "1 128 16 256 32 320 512 64 8" -- "${cur}"))
            return 0
            ;;
        --max-loras)
            COMPREPLY=()
            return 0
            ;;
        --max-cpu-loras)
            COMPREPLY=()
            return 0
            ;;
        --lora-dtype)
            COMPREPLY=($(compgen -W "auto bfloat16 float16" -- "${cur}"))
            return 0
            ;;
        --lora-target-modules)
            COMPREPLY=()
            return 0
            ;;
        --default-mm-loras)
            COMPREPLY=()
            return 0
            ;;
        --max-lora-cls-labels)
            COMPREPLY=()
            return 0
            ;;
        --speculative-config|-sc)
            COMPREPLY=()
            return 0
            ;;
        --spec-tokens)
            COMPREPLY=()
            return 0
            ;;
        --spec-model)
            COMPREPLY=()
            return 0
            ;;
        --spec-method)
            COMPREPLY=()
            return 0
            ;;
        --diffusion-config|-dc)
            COMPREPLY=()
            return 0
            ;;
        --structured-outputs-config)
            COMPREPLY=()
            return 0
            ;;
        --reasoning-parser)
            COMPREPLY=()
            return 0
            ;;
        --reasoning-parser-plugin)
            COMPREPLY=()
            return 0
            ;;
        --show-hidden-metrics-for-version)
            COMPREPLY=()
            return 0
            ;;
        --otlp-traces-endpoint)
            COMPREPLY=()
            return 0
            ;;
        --collect-detailed-traces)
            COMPREPLY=($(compgen -W "all model worker" -- "${cur}"))
            return 0
            ;;
        --per-request-spec-decode-metrics)
            COMPREPLY=($(compgen -W "detailed none summary" -- "${cur}"))
            return 0
            ;;
        --kv-cache-metrics-sample)
            COMPREPLY=()
            return 0
            ;;
        --custom-histogram-buckets)
            COMPREPLY=()
            return 0
            ;;
        --jit-monitor-mode)
            COMPREPLY=($(compgen -W "error warn" -- "${cur}"))
            return 0
            ;;
        --compilation-config|-cc)
            COMPREPLY=()
            return 0
            ;;
        --cudagraph-capture-sizes)
            COMPREPLY=()
            return 0
            ;;
        --max-cudagraph-capture-size)
            COMPREPLY=()
            return 0
            ;;
        --profiler-config)
            COMPREPLY=()
            return 0
            ;;
        --kv-transfer-config)
            COMPREPLY=()
            return 0
            ;;
        --kv-events-config)
            COMPREPLY=()
            return 0
            ;;
        --ec-transfer-config)
            COMPREPLY=()
            return 0
            ;;
        --reasoning-config)
            COMPREPLY=()
            return 0
            ;;
        --weight-transfer-config)
            COMPREPLY=()
            return 0
            ;;
        --aux-output-config)
            COMPREPLY=()
            return 0
            ;;
        --engram-config)
            COMPREPLY=()
            return 0
            ;;
        --watermark-config)
            COMPREPLY=()
            return 0
            ;;
        --logging-config)
            COMPREPLY=()
            return 0
            ;;
        --log-level)
            COMPREPLY=($(compgen -W "CRITICAL DEBUG ERROR INFO NOTSET WARNING" -- "${cur}"))
            return 0
            ;;
        --log-config-file)
            COMPREPLY=()
            return 0
            ;;
        --ec-manager-config)
            COMPREPLY=()
            return 0
            ;;
        --watchdog-config)
            COMPREPLY=()
            return 0
            ;;
        --additional-config)
            COMPREPLY=()
            return 0
            ;;
        --optimization-level|-O)
            COMPREPLY=($(compgen -W "O0 O1 O2 O3" -- "${cur}"))
            return 0
            ;;
        --performance-mode)
            COMPREPLY=($(compgen -W "balanced interactivity throughput" -- "${cur}"))
            return 0
            ;;
        --shutdown-timeout)
            COMPREPLY=()
            return 0
            ;;
        --gdn-prefill-backend)
            COMPREPLY=($(compgen -W "aiter_flydsl cutedsl flashinfer sycl triton" -- "${cur}"))
            return 0
            ;;
        --mamba-cache-mode)
            COMPREPLY=($(compgen -W "align none" -- "${cur}"))
            return 0
            ;;
        --kda-prefill-backend)
            COMPREPLY=($(compgen -W "auto flashinfer flashkda fused triton" -- "${cur}"))
            return 0
            ;;
        --kda-decode-backend)
            COMPREPLY=($(compgen -W "auto flashinfer native triton" -- "${cur}"))
            return 0
            ;;
        --device-ids)
            COMPREPLY=()
            return 0
            ;;
        --data-parallel-start-rank|-dpr)
            COMPREPLY=()
            return 0
            ;;
    esac
    if [[ "${cur}" == -* ]]; then
        COMPREPLY=($(compgen -W "--config --format --platform --help --model --runner --convert --tokenizer --tokenizer-mode --trust-remote-code --no-trust-remote-code --dtype --seed --hf-config-path --allowed-local-media-path --allowed-media-domains --revision --code-revision --tokenizer-revision --max-model-len --quantization -q --quantization-config --allow-deprecated-quantization --no-allow-deprecated-quantization --enforce-eager --no-enforce-eager --return-sampling-mask --no-return-sampling-mask --max-logprobs --logprobs-mode --use-fp64-gumbel --no-use-fp64-gumbel --enable-trace-replay --no-enable-trace-replay --disable-trace-replay --disable-sliding-window --no-disable-sliding-window --enable-sliding-window --skip-tokenizer-init --no-skip-tokenizer-init --enable-prompt-embeds --no-enable-prompt-embeds --disable-prompt-embeds --served-model-name --config-format --hf-token --hf-overrides --model-class-overrides --generation-config --override-generation-config --enable-sleep-mode --no-enable-sleep-mode --disable-sleep-mode --sleep-mode-backend --sleep-mode-offload-cudagraph --no-sleep-mode-offload-cudagraph --sleep-preserve-parameter-names --enable-nccl-comm-suspend --no-enable-nccl-comm-suspend --disable-nccl-comm-suspend --enable-cumem-allocator --no-enable-cumem-allocator --disable-cumem-allocator --model-impl --logits-processors --io-processor-plugin --renderer-num-workers --pooler-config --language-model-only --no-language-model-only --limit-mm-per-prompt --enable-mm-embeds --no-enable-mm-embeds --disable-mm-embeds --media-io-kwargs --mm-processor-kwargs --mm-processor-cache-gb --mm-processor-cache-type --mm-shm-cache-max-object-size-mb --mm-encoder-only --no-mm-encoder-only --mm-encoder-tp-mode --mm-encoder-attn-backend --mm-encoder-attn-dtype --mm-encoder-fp8-scale-path --mm-encoder-fp8-scale-save-path --mm-encoder-fp8-scale-save-margin --interleave-mm-strings --no-interleave-mm-strings --skip-mm-profiling --no-skip-mm-profiling --video-pruning-rate --mm-tensor-ipc --mm-ipc-gpu-memory-gb --mm-hasher-algorithm --video-pruning-method --mm-device-do-normalize --no-mm-device-do-normalize --mm-processor-device --block-size --prefix-match-unit --gpu-memory-utilization --device-memory-utilization --kv-cache-dtype --num-gpu-blocks-override --enable-prefix-caching --no-enable-prefix-caching --disable-prefix-caching --prefix-caching-hash-algo --prefix-cache-retention-interval --kv-cache-dtype-skip-layers --mamba-block-size --mamba-cache-dtype --mamba-ssm-cache-dtype --enable-mamba-shared-prefix-checkpoint --no-enable-mamba-shared-prefix-checkpoint --disable-mamba-shared-prefix-checkpoint --replayssm-buffer-len --use-replayssm --no-use-replayssm --kv-sharing-fast-prefill --no-kv-sharing-fast-prefill --swa-bounded-replay --no-swa-bounded-replay --kv-cache-memory-bytes --kv-offloading-size --kv-offloading-backend --pipeline-parallel-size -pp --tensor-parallel-size -tp --prefill-context-parallel-size -pcp --data-parallel-size -dp --data-parallel-size-local -dpl --data-parallel-rank -dpn --data-parallel-address -dpa --data-parallel-rpc-port -dpp --dp-sync-interval --data-parallel-backend -dpb --data-parallel-external-lb -dpe --no-data-parallel-external-lb --data-parallel-hybrid-lb -dph --no-data-parallel-hybrid-lb --enable-hc-sp --no-enable-hc-sp --disable-hc-sp --enable-batch-sharded-sampling --no-enable-batch-sharded-sampling --disable-batch-sharded-sampling --enable-expert-parallel -ep --no-enable-expert-parallel --disable-expert-parallel --enable-ep-weight-filter --no-enable-ep-weight-filter --disable-ep-weight-filter --enable-eplb --no-enable-eplb --disable-eplb --eplb-config --expert-placement-strategy --all2all-backend --max-parallel-loading-workers --disable-custom-all-reduce --no-disable-custom-all-reduce --enable-custom-all-reduce --enable-shm-tensor-arena --no-enable-shm-tensor-arena --disable-shm-tensor-arena --enable-elastic-ep --no-enable-elastic-ep --disable-elastic-ep --elastic-ep-max-dp-size --enable-dbo --no-enable-dbo --disable-dbo --ubatch-size --dbo-decode-token-threshold --dbo-prefill-token-threshold --disable-nccl-for-dp-synchronization --no-disable-nccl-for-dp-synchronization --enable-nccl-for-dp-synchronization --ray-workers-use-nsight --no-ray-workers-use-nsight --distributed-executor-backend --worker-cls --worker-extension-cls --master-addr --master-port --node-rank -r --nnodes -n --numa-bind --no-numa-bind --numa-bind-nodes --numa-bind-cpus --distributed-timeout-seconds --cpu-distributed-timeout-seconds --decode-context-parallel-size -dcp --dcp-kv-cache-interleave-size --dcp-comm-backend --dcp-q-replicate --no-dcp-q-replicate --cp-kv-cache-interleave-size --enable-fault-tolerance --no-enable-fault-tolerance --disable-fault-tolerance --fault-tolerance-config --max-num-batched-tokens --max-num-scheduled-tokens --max-num-seqs --max-num-active-seqs --long-prefill-token-threshold --long-prefill-token-threshold-adaptive --no-long-prefill-token-threshold-adaptive --max-num-queued-reqs --max-num-queued-tokens --enable-chunked-prefill --no-enable-chunked-prefill --disable-chunked-prefill --scheduling-policy --disable-chunked-mm-input --no-disable-chunked-mm-input --enable-chunked-mm-input --scheduler-cls --disable-hybrid-kv-cache-manager --no-disable-hybrid-kv-cache-manager --enable-hybrid-kv-cache-manager --scheduler-reserve-full-isl --no-scheduler-reserve-full-isl --watermark --prefill-schedule-interval --async-scheduling --no-async-scheduling --stream-interval --load-format --download-dir --safetensors-load-strategy --safetensors-prefetch-num-threads --safetensors-prefetch-block-size --model-loader-extra-config --ignore-patterns --use-tqdm-on-load --no-use-tqdm-on-load --pt-load-map-location --offload-backend --cpu-offload-gb --cpu-offload-params --offload-group-size --offload-num-in-group --offload-prefetch-step --offload-params --attention-config -ac --attention-backend --mamba-backend --enable-mamba-cache-stochastic-rounding --no-enable-mamba-cache-stochastic-rounding --disable-mamba-cache-stochastic-rounding --mamba-cache-philox-rounds --mamba-ssu-algorithm --kernel-config --ir-op-priority --enable-flashinfer-autotune --no-enable-flashinfer-autotune --disable-flashinfer-autotune --monokernel --no-monokernel --moe-backend --sparse-indexer-topk-backend --linear-backend --enable-lora --no-enable-lora --disable-lora --max-lora-rank --max-loras --fully-sharded-loras --no-fully-sharded-loras --max-cpu-loras --lora-dtype --lora-target-modules --default-mm-loras --enable-tower-connector-lora --no-enable-tower-connector-lora --disable-tower-connector-lora --specialize-active-lora --no-specialize-active-lora --enable-mixed-moe-lora-format --no-enable-mixed-moe-lora-format --disable-mixed-moe-lora-format --enable-moe-shared-loras --no-enable-moe-shared-loras --disable-moe-shared-loras --max-lora-cls-labels --speculative-config -sc --spec-tokens --spec-model --spec-method --diffusion-config -dc --structured-outputs-config --reasoning-parser --reasoning-parser-plugin --show-hidden-metrics-for-version --otlp-traces-endpoint --collect-detailed-traces --per-request-spec-decode-metrics --kv-cache-metrics --no-kv-cache-metrics --kv-cache-metrics-sample --custom-histogram-buckets --cudagraph-metrics --no-cudagraph-metrics --enable-layerwise-nvtx-tracing --no-enable-layerwise-nvtx-tracing --disable-layerwise-nvtx-tracing --enable-mfu-metrics --no-enable-mfu-metrics --disable-mfu-metrics --enable-logging-iteration-details --no-enable-logging-iteration-details --disable-logging-iteration-details --jit-monitor-mode --jit-monitor-verbose --no-jit-monitor-verbose --compilation-config -cc --cudagraph-capture-sizes --max-cudagraph-capture-size --profiler-config --kv-transfer-config --kv-events-config --ec-transfer-config --reasoning-config --weight-transfer-config --aux-output-config --enable-return-routed-experts --no-enable-return-routed-experts --disable-return-routed-experts --engram-config --watermark-config --logging-config --log-level --log-config-file --ec-manager-config --watchdog-config --additional-config --optimization-level -O --performance-mode --shutdown-timeout --disable-log-stats --no-disable-log-stats --aggregate-engine-logging --no-aggregate-engine-logging --enable-log-requests --no-enable-log-requests --disable-log-requests --fail-on-environ-validation --no-fail-on-environ-validation --gdn-prefill-backend --mamba-cache-mode --disable-cascade-attn --no-disable-cascade-attn --enable-cascade-attn --kda-prefill-backend --kda-decode-backend --device-ids --data-parallel-start-rank -dpr --data-parallel-multi-port-external-lb -dpm --no-data-parallel-multi-port-external-lb" -- "${cur}"))
    fi
    return 0
}
complete -F _vllm_config vllm-config
