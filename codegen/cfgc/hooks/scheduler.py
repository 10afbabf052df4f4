"""Hooks of schema/scheduler.yaml: SchedulerConfig.

The defaults, the encoder-decoder overrides and the token-budget rules are declared in
the schema; what is left checks a runtime type and re-runs the rules for the engine.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def check_scheduler_cls(value: Any) -> Any:
    """An import path (str), a class, or None.

    Stays a hook: SchedulerClass is a runtime type (annotated as Any), and telling a
    class object from an instance is beyond the schema's item constraints."""
    if value is None or isinstance(value, str | type):
        return value
    raise ValueError(
        f"scheduler_cls must be a class or an import path, not {type(value).__name__}"
    )


def verify_max_model_len(self: Any, max_model_len: int) -> Any:
    """vLLM's public SchedulerConfig.verify_max_model_len: the engine calls it once the
    model's real length is known. The checks are the class's declared rules, which read
    the init var max_model_len; a copy built with the given length runs them (the copy
    is discarded, so nothing on this config changes). Returns this config.

    Stays a hook: a seam to the engine, and a declared method is a single expression."""
    dataclasses.replace(self, max_model_len=max_model_len, is_encoder_decoder=False)
    return self


def default_scheduler_config(**kwargs: Any) -> Any:
    """A SchedulerConfig with placeholder model facts (what VllmConfig uses as default;
    called by the vllm hooks, not named by the schema). The values are the schema's CLI
    `fill:` of the two init vars (not read from the 190 kB CLI table, whose import would
    cost ~50 ms on the first VllmConfig())."""
    from vllm_config.scheduler import SchedulerConfig

    kwargs.setdefault("max_model_len", 8192)
    kwargs.setdefault("is_encoder_decoder", False)
    return SchedulerConfig(**kwargs)
