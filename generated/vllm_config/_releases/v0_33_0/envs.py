# Generated from schema/ by cfgc; do not edit.
"""The environment variables the configs read, under vLLM's names (`vllm.envs`).

`envs.VLLM_DP_SIZE` reads the variable when it is accessed, typed as the configs read it
(booleans from 1/0, true/false, yes/no, on/off), or gives its default when unset; a
value that does not parse is a ValueError naming the variable. Importing this module
reads nothing.
"""

import os
from typing import Any

from cfgc.runtime.rules import parse_env

#: name -> (type, default); the comment says which config reads it.
VARIABLES: dict[str, tuple[str, Any]] = {
    'PYTORCH_CUDA_ALLOC_CONF': ('str', ''),  # VllmConfig
    'TORCH_COMPILE_DISABLE': ('str', ''),  # VllmConfig
    'VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE': ('int', 1),  # VllmConfig
    'VLLM_BATCH_INVARIANT': ('int', 0),  # VllmConfig
    'VLLM_COMPILE_CACHE_SAVE_FORMAT': ('str', 'binary'),  # CompilationConfig
    'VLLM_CONFIGURE_LOGGING': ('bool', True),  # LoggingConfig.configure_logging
    'VLLM_CPU_CI_ENV': ('str', '0'),  # VllmConfig
    'VLLM_DEBUG_DUMP_PATH': ('str', None),  # VllmConfig
    'VLLM_DP_MASTER_IP': ('str', '127.0.0.1'),  # ParallelConfig
    'VLLM_DP_MASTER_PORT': ('int', 0),  # ParallelConfig
    'VLLM_DP_RANK': ('int', 0),  # ParallelConfig
    'VLLM_DP_RANK_LOCAL': ('str', None),  # ParallelConfig
    'VLLM_DP_SIZE': ('int', 1),  # ParallelConfig
    'VLLM_ENABLE_V1_MULTIPROCESSING': ('str', '1'),  # VllmConfig
    'VLLM_LOGGING_CONFIG_PATH': ('str', None),  # LoggingConfig.pylogging_config_file
    'VLLM_LOGGING_LEVEL': ('str', 'INFO'),  # LoggingConfig.log_level
    'VLLM_MLA_DISABLE': ('bool', False),  # ModelConfig
    'VLLM_RAY_DP_PACK_STRATEGY': ('str', 'strict'),  # ParallelConfig
    'VLLM_TRACE_FUNCTION': ('str', '0'),  # VllmConfig
    'VLLM_USE_BREAKABLE_CUDAGRAPH': ('str', '0'),  # VllmConfig
    'VLLM_USE_OINK_OPS': ('str', None),  # platform cuda
    'VLLM_USE_SIMPLE_KV_OFFLOAD': ('int', 0),  # VllmConfig
    'VLLM_USE_V2_MODEL_RUNNER': ('str', ''),  # VllmConfig
}


def __getattr__(name: str) -> Any:
    spec = VARIABLES.get(name)
    if spec is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    kind, default = spec
    text = os.environ.get(name)
    return default if text is None else parse_env(name, text, kind)


def __dir__() -> list[str]:
    return sorted([*VARIABLES, "VARIABLES", "is_set"])


def is_set(name: str) -> bool:
    """Whether the variable is set in the environment (vLLM's envs.is_set)."""
    if name not in VARIABLES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return name in os.environ
