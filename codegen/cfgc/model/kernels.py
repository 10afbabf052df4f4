"""The kernels section of the schema as records: IR ops, providers, dtypes and
specialisations (parsed by front/kernels.py; read by the warmup backend and the
priority fields)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..errors import Loc
from . import schema_language as _lang

#: Where the provider modules live, relative to the project root.
KERNELS_DIR = "kernels"
SPEC_AXES = _lang.SPEC_AXIS.names()  # the schema language describes both (schema_language.py)
DTYPES = _lang.DTYPE.names()
PROVIDER_ALIAS = "IrOpProvider"


@dataclass(frozen=True)
class Provider:
    name: str
    doc: str
    sources: tuple[str, ...]
    jit: bool
    loc: Loc


@dataclass(frozen=True)
class Op:
    name: str
    doc: str
    signature: str
    activations: tuple[str, ...]
    providers: tuple[str, ...]
    default_priority: tuple[str, ...]
    specialisations: tuple[tuple[str, tuple[object, ...]], ...]
    loc: Loc

    def plan_items(self, providers: dict[str, Provider], num_tokens: tuple[int, ...]):
        """Every (provider, specialisation) the warmup must compile, in a stable order."""
        axes = dict(self.specialisations)
        names = [a for a in SPEC_AXES if a in axes]
        for provider in self.providers:
            if not providers[provider].jit:
                continue
            for combo in itertools.product(*(axes[a] for a in names)):
                item: dict[str, object] = {"op": self.name, "provider": provider}
                item.update(zip(names, combo, strict=True))
                item["num_tokens"] = num_tokens
                yield item


@dataclass(frozen=True)
class KernelSet:
    providers: dict[str, Provider]
    # Provider names the engine's own kernel libraries register (no sources here):
    # accepted in priority lists, never warmed up, no uuid in the cache key.
    engine_providers: dict[str, str]
    dtypes: dict[str, dict[str, float]]
    ops: tuple[Op, ...]
    warmup_num_tokens: tuple[int, ...]
    loc: Loc

    def plan(self) -> list[dict[str, object]]:
        return [item for op in self.ops
                for item in op.plan_items(self.providers, self.warmup_num_tokens)]
