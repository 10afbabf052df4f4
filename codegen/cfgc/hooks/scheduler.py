"""Hooks of schema/scheduler.yaml: SchedulerConfig.

The defaults, the encoder-decoder overrides and the token-budget rules are declared in
the schema; what is left checks a runtime type and re-runs the rules for the engine.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def verify_max_model_len(self: Any, max_model_len: int) -> Any:
    """vLLM's public SchedulerConfig.verify_max_model_len: the engine calls it once the
    model's real length is known. The checks are the class's declared rules, which read
    the init var max_model_len; a copy built with the given length runs them (the copy
    is discarded, so nothing on this config changes). Returns this config.

    Stays a hook: a seam to the engine, and a declared method is a single expression."""
    dataclasses.replace(self, max_model_len=max_model_len, is_encoder_decoder=False)
    return self
