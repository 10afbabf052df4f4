"""Hooks of schema/reasoning.yaml (ReasoningConfig): the tokenizer seam."""

from __future__ import annotations

from typing import Any


def initialize_token_ids(self: Any, model_config: Any) -> None:
    """Tokenize the two delimiters with the model's Hugging Face tokenizer and turn
    reasoning handling on. A hook: it loads a tokenizer (transformers, imported here).

    Known ids are kept. A delimiter left empty would come from the reasoning parser,
    whose registry is vLLM's: that raises NotSupportedError.
    """
    from cfgc.runtime.rules import NotSupportedError

    if self._reasoning_start_token_ids is not None and self._reasoning_end_token_ids is not None:
        self._enabled = True
        return
    if not (self.reasoning_start_str and self.reasoning_end_str):
        raise NotSupportedError(
            "ReasoningConfig.initialize_token_ids: reasoning_start_str and "
            "reasoning_end_str must both be set (taking them from a reasoning parser "
            "needs vLLM)")
    from transformers import AutoTokenizer

    from cfgc.runtime.remote_code import trusts_remote_code

    tokenizer = AutoTokenizer.from_pretrained(
        model_config.tokenizer or model_config.model,
        revision=getattr(model_config, "tokenizer_revision", None),
        trust_remote_code=trusts_remote_code(getattr(model_config, "trust_remote_code",
                                                     False)))
    ids = []
    for text in (self.reasoning_start_str, self.reasoning_end_str):
        found = tokenizer.encode(text, add_special_tokens=False)
        if not found:
            raise ValueError(f"reasoning delimiter {text!r} tokenizes to nothing")
        ids.append(list(found))
    self._reasoning_start_token_ids, self._reasoning_end_token_ids = ids
    self._enabled = True
