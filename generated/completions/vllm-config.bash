# Generated from schema/ by cfgc; do not edit.
# bash completion for vllm-config; install: source this file, or copy it to
# /etc/bash_completion.d/ (or ~/.local/share/bash-completion/completions/vllm-config).

_vllm_config() {
    local cur prev
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    if [[ ${COMP_CWORD} -eq 1 ]]; then
        COMPREPLY=($(compgen -W "show hash --help" -- "${cur}"))
        return 0
    fi
    if [[ "${prev}" == "--help" && "${cur}" == "=" ]] || [[ "${prev}" == "=" && "${COMP_WORDS[COMP_CWORD-2]}" == "--help" ]]; then
        [[ "${cur}" == "=" ]] && cur=""
        COMPREPLY=($(compgen -W "all kernelconfig" -- "${cur}"))
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
        --kernel-config)
            COMPREPLY=()
            return 0
            ;;
        --ir-op-priority)
            COMPREPLY=()
            return 0
            ;;
        --moe-backend)
            COMPREPLY=($(compgen -W "aiter auto cutlass deep_gemm deep_gemm_mega_moe emulation flashinfer_b12x flashinfer_cutedsl flashinfer_cutlass flashinfer_trtllm flydsl hpc humming marlin triton triton_unfused" -- "${cur}"))
            return 0
            ;;
        --linear-backend)
            COMPREPLY=($(compgen -W "aiter auto conch cutlass deep_gemm emulation exllama fbgemm flashinfer_b12x flashinfer_cudnn flashinfer_cutedsl flashinfer_cutlass flashinfer_trtllm humming machete marlin torch triton xpu xpu_woq" -- "${cur}"))
            return 0
            ;;
    esac
    if [[ "${cur}" == -* ]]; then
        COMPREPLY=($(compgen -W "--config --format --help --kernel-config --ir-op-priority --enable-flashinfer-autotune --no-enable-flashinfer-autotune --disable-flashinfer-autotune --moe-backend --linear-backend" -- "${cur}"))
    fi
    return 0
}
complete -F _vllm_config vllm-config
