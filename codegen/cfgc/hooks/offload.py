"""Hooks of schema/offload.yaml: OffloadConfig."""

from __future__ import annotations

import warnings
from typing import Any


def check_offload(cfg: Any) -> None:
    """Prefetch group limits, and a warning when settings of the unused backend are set."""
    prefetch = cfg.prefetch
    if cfg.offload_backend == "prefetch" or prefetch.offload_group_size > 0:
        if prefetch.offload_num_in_group > prefetch.offload_group_size:
            raise ValueError(
                f"prefetch.offload_num_in_group ({prefetch.offload_num_in_group}) must not "
                f"exceed prefetch.offload_group_size ({prefetch.offload_group_size})"
            )
        if prefetch.offload_prefetch_step < 1:
            raise ValueError(
                f"prefetch.offload_prefetch_step ({prefetch.offload_prefetch_step}) must "
                "be at least 1 when prefetch offloading is on"
            )
    uva_set = cfg.uva.cpu_offload_gb > 0
    prefetch_set = prefetch.offload_group_size > 0
    if cfg.offload_backend == "uva" and prefetch_set:
        message = "offload_backend is 'uva': the prefetch offload settings are ignored"
    elif cfg.offload_backend == "prefetch" and uva_set:
        message = "offload_backend is 'prefetch': the UVA offload settings are ignored"
    elif cfg.offload_backend == "auto" and uva_set and prefetch_set:
        message = (
            "both UVA and prefetch offload settings are given with offload_backend='auto': "
            "prefetch is used; set offload_backend to silence this warning"
        )
    else:
        return
    warnings.warn(message, UserWarning, stacklevel=2)
