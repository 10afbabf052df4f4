"""Hooks of schema/scheduler.yaml: SchedulerConfig.

The defaults, the encoder-decoder overrides and the token-budget rules are declared in
the schema (default_factory too); what is left re-runs the rules for the engine and
backs get_scheduler_cls (it imports classes at call time).
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


def get_scheduler_cls(self: Any) -> Any:
    """scheduler_cls itself, imported by qualified name when a string, or vLLM's own
    scheduler. A hook: it imports classes of the engine."""
    import importlib

    from cfgc.runtime.rules import NotSupportedError

    target = self.scheduler_cls
    if target is None:
        target = ("vllm.v1.core.sched.async_scheduler.AsyncScheduler" if self.async_scheduling
                  else "vllm.v1.core.sched.scheduler.Scheduler")
    elif not isinstance(target, str):
        return target
    module, _, name = target.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise NotSupportedError(f"scheduler class {target!r} cannot be imported: {exc}") \
            from None
