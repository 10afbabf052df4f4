"""Hooks for schema/load.yaml (LoadConfig)."""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger("vllm_config.load")

DEFAULT_IGNORE_PATTERNS = ["original/**/*"]


def log_ignore_patterns(value: Any) -> Any:
    """Mention non-default ignore patterns in the log (accepts every value)."""
    if value != DEFAULT_IGNORE_PATTERNS and len(value) > 0:
        logger.info("Skipping checkpoint files matching: %s", value)
    return value
