# Generated from schema/ by cfgc; do not edit.
"""The environment variables the configs read, under vLLM's names (`vllm.envs`).

`envs.VLLM_DP_SIZE` reads the variable when it is accessed, with vLLM's type (booleans
from 1/0, true/false, yes/no, on/off; a Literal's text must be one of its values), or
gives vLLM's default when unset (for some, another variable's value); a value that does
not parse is a ValueError naming the variable. Importing this module reads nothing.
"""

import os
from typing import Any

from cfgc.runtime.rules import read_variable

#: name -> (type, default, the values a Literal allows, the variable whose value is the
#: default when unset); the comment says which config reads it.
VARIABLES: dict[str, tuple[str, Any, tuple[str, ...], str]] = {
    'PYTORCH_CUDA_ALLOC_CONF': ('str', '', (), ''),  # VllmConfig
    'TORCH_COMPILE_DISABLE': ('str', None, (), ''),  # VllmConfig
    'VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE': ('bool', True, (), ''),  # VllmConfig
    'VLLM_BATCH_INVARIANT': ('bool', False, (), ''),  # VllmConfig
    'VLLM_COMPILE_CACHE_SAVE_FORMAT': ('str', 'binary', ('binary', 'unpacked'), ''),  # CompilationConfig
    'VLLM_CPU_CI_ENV': ('str', '0', (), ''),  # VllmConfig
    'VLLM_DEBUG_DUMP_PATH': ('str', None, (), ''),  # VllmConfig
    'VLLM_DP_MASTER_IP': ('str', '127.0.0.1', (), ''),  # ParallelConfig
    'VLLM_DP_MASTER_PORT': ('int', 0, (), ''),  # ParallelConfig
    'VLLM_DP_RANK': ('int', 0, (), ''),  # ParallelConfig
    'VLLM_DP_RANK_LOCAL': ('int', None, (), 'VLLM_DP_RANK'),  # ParallelConfig
    'VLLM_DP_SIZE': ('int', 1, (), ''),  # ParallelConfig
    'VLLM_ENABLE_V1_MULTIPROCESSING': ('bool', True, (), ''),  # VllmConfig
    'VLLM_LOGGING_LEVEL': ('str', 'INFO', (), ''),  # CompilationConfig
    'VLLM_MLA_DISABLE': ('bool', False, (), ''),  # ModelConfig
    'VLLM_RAY_DP_PACK_STRATEGY': ('str', 'strict', ('strict', 'fill', 'span'), ''),  # ParallelConfig
    'VLLM_TRACE_FUNCTION': ('int', 0, (), ''),  # VllmConfig
    'VLLM_USE_BREAKABLE_CUDAGRAPH': ('bool', False, (), ''),  # VllmConfig
    'VLLM_USE_OINK_OPS': ('bool', False, (), ''),  # platform cuda
    'VLLM_USE_SIMPLE_KV_OFFLOAD': ('bool', False, (), ''),  # VllmConfig
    'VLLM_USE_V2_MODEL_RUNNER': ('bool', None, (), ''),  # VllmConfig
}


def __getattr__(name: str) -> Any:
    return read_variable(VARIABLES, name, __name__)


def __dir__() -> list[str]:
    return sorted([*VARIABLES, "VARIABLES", "is_set"])


def is_set(name: str) -> bool:
    """Whether the variable is set in the environment (vLLM's envs.is_set)."""
    if name not in VARIABLES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return name in os.environ
