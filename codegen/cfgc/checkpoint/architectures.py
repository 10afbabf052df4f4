"""What a checkpoint's architecture names mean: the runner and the conversion they imply,
and a registry-like object answering from the schema's architecture tables.

The tables (`vllm_config.types.*Architectures`, schema/model_arch.yaml) name the
architectures vLLM registers; any other name is matched by its suffix
(`iter_architecture_defaults`, vLLM's own list).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any, get_args

logger = logging.getLogger("vllm_config.model")

#: Architecture-name suffixes and the (runner, convert) they imply, most specific first.
_SUFFIX_TO_DEFAULTS: tuple[tuple[str, tuple[str, str]], ...] = (
    ("ForCausalLM", ("generate", "none")),
    ("ForConditionalGeneration", ("generate", "none")),
    ("ChatModel", ("generate", "none")),
    ("LMHeadModel", ("generate", "none")),
    ("ForTextEncoding", ("pooling", "embed")),
    ("EmbeddingModel", ("pooling", "embed")),
    ("ForSequenceClassification", ("pooling", "classify")),
    ("ForTokenClassification", ("pooling", "classify")),
    ("ForAudioClassification", ("pooling", "classify")),
    ("ForImageClassification", ("pooling", "classify")),
    ("ForVideoClassification", ("pooling", "classify")),
    ("ClassificationModel", ("pooling", "classify")),
    ("ForRewardModeling", ("pooling", "embed")),
    ("RewardModel", ("pooling", "embed")),
    ("Model", ("pooling", "embed")),  # any other *Model: after the specific ones
)


def iter_architecture_defaults() -> Iterator[tuple[str, tuple[str, str]]]:
    """(suffix, (runner, convert)) pairs, in matching priority."""
    yield from _SUFFIX_TO_DEFAULTS


def try_match_architecture_defaults(
    architecture: str, *, runner_type: str | None = None, convert_type: str | None = None,
) -> tuple[str, tuple[str, str]] | None:
    """The first suffix entry that `architecture` ends with (and that agrees with the
    given runner / convert type), or None."""
    for suffix, (runner, convert) in iter_architecture_defaults():
        if ((runner_type is None or runner_type == runner)
                and (convert_type is None or convert_type == convert)
                and architecture.endswith(suffix)):
            return suffix, (runner, convert)
    return None


def _registered_kind(arch: str) -> str | None:
    """"pooling" or "generate" for architectures the registry tables name, else None."""
    from vllm_config.types import GenerativeArchitectures, PoolingArchitectures

    if arch in get_args(PoolingArchitectures):
        return "pooling"
    if arch in get_args(GenerativeArchitectures):
        return "generate"
    return None


def runner_type(architectures: list[str]) -> str:
    """What the architectures say when nothing else decides: the registry table of the
    first architecture either names or matches by suffix, else "generate"."""
    for arch in architectures:
        kind = _registered_kind(arch)
        if kind is not None:
            return kind
        match = try_match_architecture_defaults(arch)
        if match is not None:
            return match[1][0]
    return "generate"


def resolve_runner_and_convert(model_config: Any) -> None:
    """runner "auto" -> runner_type and convert "auto" -> convert_type, as the engine
    resolves them from the architectures (a sentence-transformers pooling config makes
    a model pooling; a conversion implies the pooling runner)."""
    self = model_config
    if self.runner != "auto":
        runner = self.runner
    elif self.convert not in ("auto", "none"):
        runner = "pooling"
    elif self.checkpoint_facts is not None and self.checkpoint_facts.pooling_config:
        runner = "pooling"
    else:
        runner = runner_type(self.architectures)
    if runner != "generate" and self.runner == "auto":
        logger.info("runner auto resolved to %r; pass --runner %s to skip the lookup",
                    runner, runner)
    self.runner_type = runner
    if self.convert != "auto":
        self.convert_type = self.convert
        return
    convert = None
    for arch in self.architectures:
        if _registered_kind(arch) == runner:
            convert = "none"
            break
        match = try_match_architecture_defaults(arch, runner_type=runner)
        if match is not None:
            convert = match[1][1]
            break
    if convert is None:
        convert = "embed" if runner == "pooling" else "none"
    if convert != "none":
        logger.info("convert auto resolved to %r", convert)
    self.convert_type = convert


class ArchitectureRegistry:
    """A small stand-in for the engine's model registry, answering from the schema's
    architecture tables (vllm_config.types.*Architectures) and the suffix table."""

    def get_supported_archs(self) -> set[str]:
        from vllm_config.types import GenerativeArchitectures, PoolingArchitectures

        return set(get_args(PoolingArchitectures)) | set(get_args(GenerativeArchitectures))

    def is_pooling_model(self, architectures: list[str], model_config: Any = None) -> bool:
        return runner_type(architectures) == "pooling"

    def is_text_generation_model(self, architectures: list[str],
                                 model_config: Any = None) -> bool:
        return runner_type(architectures) != "pooling"

    def is_multimodal_model(self, architectures: list[str], model_config: Any = None) -> bool:
        from vllm_config.types import MultimodalArchitectures

        return any(a in get_args(MultimodalArchitectures) for a in architectures)

    def is_pp_supported_model(self, architectures: list[str],
                              model_config: Any = None) -> bool:
        from vllm_config.types import NoPipelineParallelArchitectures

        return not any(a in get_args(NoPipelineParallelArchitectures) for a in architectures)

    def inspect_model_cls(self, *args: Any, **kwargs: Any) -> Any:
        from cfgc.runtime.rules import NotSupportedError

        raise NotSupportedError("model classes are known only to the engine")

    resolve_model_cls = inspect_model_cls
