"""Hooks of schema/profiler.yaml: ProfilerConfig."""

from __future__ import annotations

import logging
import os
from typing import Any

logger = logging.getLogger("vllm_config.profiler")


def is_uri(path: str) -> bool:
    """'s3://bucket/x' is a URI; 'C://x' (a drive letter) and plain paths are not."""
    scheme, sep, _ = path.partition("://")
    return bool(sep) and len(scheme) > 1


def check_profiler(cfg: Any) -> None:
    """torch_profiler_dir goes with the torch profiler only; local dirs become absolute."""
    delayed_or_limited = cfg.delay_iterations > 0 or cfg.max_iterations > 0
    if cfg.profiler == "torch" and delayed_or_limited and not cfg.ignore_frontend:
        logger.warning(
            "the torch profiler with delay_iterations or max_iterations also profiles the "
            "front end for the whole run; set ignore_frontend to avoid the overhead"
        )
    directory = cfg.torch_profiler_dir
    if directory and cfg.profiler != "torch":
        raise ValueError("torch_profiler_dir is only used with profiler='torch'")
    if cfg.profiler == "torch" and not directory:
        raise ValueError("profiler='torch' needs torch_profiler_dir")
    if directory and not is_uri(directory):
        cfg.torch_profiler_dir = os.path.abspath(os.path.expanduser(directory))
