"""The kernels section of the schema as records: IR ops, providers, dtypes,
specialisations and the deployment's op calls (parsed by front/kernels.py and
front/deployment.py; read by the warmup backend and the priority fields)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..errors import Loc
from . import schema_language as _lang
from .expr import Expr

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


#: What an op call of the deployment section may compute, each an expression:
#: the width (hidden_size of the item; an int or a list of them), rows per token (the
#: heads of a per-head norm), the GELU approximation, the row stride of a strided
#: view, the token stride of a per-head view, the weight's dtype, and the call's own
#: token counts and most tokens.
CALL_EXPRS = ("width", "rows_per_token", "approximate", "row_stride", "token_stride",
              "weight_dtype", "num_tokens", "max_num_tokens")


@dataclass(frozen=True)
class NamedExpr:
    """A named value of the deployment section: an expression over the resolved
    VllmConfig (and the values before it)."""

    name: str
    expr: Expr
    doc: str
    loc: Loc


@dataclass(frozen=True)
class OpCall:
    """One kind of call an architecture's layers make to an op: the layers that make
    it (prose), the expressions of its shape (CALL_EXPRS), whether the norm has a
    weight, whether the fused norm writes in place, and when the call happens."""

    op: str
    layers: str
    exprs: tuple[tuple[str, Expr], ...]
    has_weight: bool
    in_place: bool
    when: Expr | None
    loc: Loc

    def expr(self, key: str) -> Expr | None:
        return dict(self.exprs).get(key)


@dataclass(frozen=True)
class ArchitectureCalls:
    """The op calls of one architecture's layers: those of `like` (another
    architecture's entry) first, then its own."""

    name: str
    doc: str
    like: str | None
    calls: tuple[OpCall, ...]
    loc: Loc


@dataclass(frozen=True)
class Deployment:
    """The shapes a served model calls each op with (`kernels.deployment`): named
    values, the architecture, the dtype and token counts of every item, and the op
    calls of each architecture's layers."""

    doc: str
    values: tuple[NamedExpr, ...]
    architecture: Expr
    dtype: Expr
    num_tokens: Expr
    max_num_tokens: Expr
    architectures: tuple[ArchitectureCalls, ...]
    loc: Loc

    def entry(self, name: str) -> ArchitectureCalls | None:
        return next((a for a in self.architectures if a.name == name), None)

    def calls_of(self, name: str) -> tuple[OpCall, ...]:
        """The architecture's calls with those of its `like` chain first (a circle,
        which the front end reports, stops where it closes)."""
        chain: list[ArchitectureCalls] = []
        entry = self.entry(name)
        while entry is not None and entry not in chain:
            chain.append(entry)
            entry = self.entry(entry.like) if entry.like else None
        return tuple(call for a in reversed(chain) for call in a.calls)


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
    #: How a served model's plan is derived; None: only the static plan.
    deployment: Deployment | None = None

    def plan(self) -> list[dict[str, object]]:
        return [item for op in self.ops
                for item in op.plan_items(self.providers, self.warmup_num_tokens)]


@dataclass(frozen=True)
class CompiledCall:
    """An op call with its expressions checked and compiled to Python (in a scope
    where `self` is the VllmConfig and the deployment's values are local names), and
    the config paths each one reads (what a plan item says it came from)."""

    op: str
    layers: str
    has_weight: bool
    in_place: bool
    when: str | None
    exprs: tuple[tuple[str, str], ...]
    reads: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class DeploymentCode:
    """The deployment section compiled (front/deployment.py): each value's Python,
    the architecture, dtype and token-count expressions, and each architecture's calls
    with its `like` chain followed."""

    values: tuple[tuple[str, str], ...]
    architecture: str
    dtype: str
    num_tokens: str
    max_num_tokens: str
    reads: tuple[tuple[str, tuple[str, ...]], ...]  # dtype, num_tokens, max_num_tokens
    architectures: tuple[tuple[str, tuple[CompiledCall, ...]], ...]
