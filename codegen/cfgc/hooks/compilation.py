"""Hooks for schema/compilation.yaml: CompilationConfig, PassConfig, DynamicShapesConfig.

What the classes enforce and derive, the CUDA-graph capture sizes, compile ranges and
splitting ops included, is declared in the schema (method steps). What stays are seams
to the engine: the custom ops a built model reports, the GPU's capability, the torch
version; torch is imported only inside functions.
"""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger("vllm_config.compilation")


def custom_op_log_check(cc: Any) -> None:
    """Log the custom ops the model turned on and off, and warn for each '+op'/'-op' of
    custom_ops that matched no op of the model. A hook: it logs per op, after the
    engine recorded which ops the model built (enabled_/disabled_custom_ops)."""
    seen = set(cc.enabled_custom_ops) | set(cc.disabled_custom_ops)
    if not seen:
        logger.debug("the model has no custom ops")
        return
    logger.debug("custom ops on: %s; off: %s", dict(cc.enabled_custom_ops),
                 dict(cc.disabled_custom_ops))
    for entry in cc.custom_ops:
        if entry in ("all", "none") or entry[1:] in seen:
            continue
        action = "enabling" if entry.startswith("+") else "disabling"
        logger.warning("custom op %r is not in this model: %s it with %r has no effect",
                       entry[1:], action, entry)


#: FlashInfer fused all-reduce size limits in MiB, per CUDA capability, per TP size.
FI_ALLREDUCE_FUSION_MAX_SIZE_MB: dict[int, dict[int, float]] = {
    90: {2: 64, 4: 2, 8: 0.5},
    100: {2: 64, 4: 32, 8: 1, 16: 64},
    103: {2: 64, 4: 64, 8: 2, 16: 64},
}


def default_fi_allreduce_fusion_max_size_mb() -> dict[int, float]:
    """The size limits for this machine's GPU, {} without CUDA. A hook: it asks torch
    (imported here, never at module import) for the device capability."""
    try:
        import torch
    except ImportError:
        return {}
    if not torch.cuda.is_available():
        return {}
    major, minor = torch.cuda.get_device_capability()
    return dict(FI_ALLREDUCE_FUSION_MAX_SIZE_MB.get(major * 10 + minor, {}))


def torch_asserts_every_call(self: Any) -> bool:
    """Whether the engine's torch is older than 2.12 (which checks Inductor's runtime
    asserts only once): the running torch inside vLLM's engine, else 2.11, the torch
    vLLM 0.25.1 is built against.

    Stays a hook: a seam to the engine (the version of the torch it imported)."""
    from cfgc.runtime import engine_values

    if not engine_values.in_engine():
        return True
    import sys

    from packaging.version import InvalidVersion, Version

    try:
        return Version(sys.modules["torch"].__version__).release[:2] < (2, 12)
    except InvalidVersion:
        return True
