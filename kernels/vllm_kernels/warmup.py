"""Compile every kernel specialisation serving can hit, before serving starts.

A plan is a list of items; each item is a dict (or ``WarmupItem``) with keys:

    op             str   required  "rms_norm" | "fused_add_rms_norm" | "gelu_and_mul_sparse"
    hidden_size    int   required  size of the normalised (last) dim; for
                                   gelu_and_mul_sparse the intermediate size d
                                   (x is [tokens, 2d], the output [tokens, d])
    provider       str   "triton"  registry provider; providers with nothing to
                                   compile (e.g. "native") are skipped
    dtype          str   "bfloat16"  "float32"|"float16"|"bfloat16" (or fp32/fp16/bf16)
    has_weight     bool  True      the norms only (gelu_and_mul_sparse has no weight)
    weight_dtype   str   None      None means the same as dtype
    in_place       bool  False     fused_add_rms_norm only: out overwrites x
    variance_size  int   None      None means hidden_size
    row_stride     int   None      row stride of x when it is a strided view
                                   (>= x's last dim); None means contiguous
    heads          int   None      rms_norm only: x is a per-head view
                                   (tokens, heads, hidden_size), heads contiguous
                                   within a token (q, k or v of a fused QKV
                                   output); None means rows. num_tokens then
                                   counts tokens, not rows (and, without
                                   max_num_tokens, bounds the threshold counts)
    token_stride   int   None      with heads: the distance between tokens (the
                                   QKV width); None means heads * hidden_size
    approximate    str   None      gelu_and_mul_sparse only: "none" | "tanh";
                                   None means "none", the op's default
    num_tokens     list  DEFAULT_NUM_TOKENS  token counts to launch with
    max_num_tokens int   None      the most rows one launch of this item will ever
                                   have (a served model's batch budget): the
                                   provider's threshold counts above it are not
                                   launched, since serving never reaches them;
                                   None means no bound
    epsilon        float 1e-6      not a specialisation; here for completeness

Example::

    {"op": "rms_norm", "provider": "triton", "dtype": "bfloat16",
     "hidden_size": 4096, "has_weight": True, "in_place": False,
     "num_tokens": [1, 16, 256, 4096]}

Every item is launched once per listed token count, plus the counts the
provider names as covering its token-count thresholds, those up to the item's
``max_num_tokens`` (for Triton, ``triton_rms_norm.warmup_token_counts`` and
``triton_activation``'s: 1, and each token-count threshold where the kernel
choice changes on the device being warmed, such as ``CHUNKED_MIN_ROWS`` or
``SPLIT_MAX_ROWS``; a GPU's thresholds follow its ``DeviceProfile``), so a plan
cannot miss a binary by listing only small batches.
An item compiles at most one binary per launch config (one or two); the listed
counts then prove that nothing else specialises on the token count.

``run_warmup`` returns a ``WarmupReport`` and, unless ``monitor=None``, leaves a
``JitMonitor`` installed and armed, so any later compilation warns or raises.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TextIO

import torch

from ._support import device_profile
from .jit_monitor import JitMonitor, Mode
from .registry import OpRegistry

# Powers of two up to a long prefill chunk: cheap to run, and any token-count
# dependent choice would show up as a compilation count above one per item.
DEFAULT_NUM_TOKENS: tuple[int, ...] = tuple(2**i for i in range(14))  # 1 .. 8192

_DTYPES: dict[str, torch.dtype] = {
    "float32": torch.float32,
    "fp32": torch.float32,
    "float16": torch.float16,
    "fp16": torch.float16,
    "half": torch.float16,
    "bfloat16": torch.bfloat16,
    "bf16": torch.bfloat16,
}
_NORM_OPS = ("rms_norm", "fused_add_rms_norm")
_GATED_OPS = ("gelu_and_mul_sparse",)  # x is [tokens, 2 * hidden_size]
_OPS = (*_NORM_OPS, *_GATED_OPS)
_GELU_APPROXIMATIONS = ("none", "tanh")
# What the gelu_and_mul_sparse items pass (Gemma 3n's, for a 0.95 target
# sparsity); not a specialisation.
_WARMUP_STD_MULTIPLIER = 1.6448536
# Providers whose implementations are JIT-compiled; others have nothing to warm.
# Each maps every op to the function naming the token counts that reach all the
# op's binaries on a device: f(op, hidden_size, element_size, profile) -> counts.
_JIT_PROVIDERS: dict[str, dict[str, str]] = {
    "triton": {
        "rms_norm": "vllm_kernels.triton_rms_norm:warmup_token_counts",
        "fused_add_rms_norm": "vllm_kernels.triton_rms_norm:warmup_token_counts",
        "gelu_and_mul_sparse": "vllm_kernels.triton_activation:warmup_token_counts",
    }
}


def parse_dtype(name: str | torch.dtype) -> torch.dtype:
    if isinstance(name, torch.dtype):
        return name
    try:
        return _DTYPES[name.removeprefix("torch.")]
    except KeyError:
        raise ValueError(f"unknown dtype {name!r}; expected one of {sorted(_DTYPES)}") from None


@dataclass(frozen=True)
class WarmupItem:
    op: str
    hidden_size: int
    provider: str = "triton"
    dtype: str = "bfloat16"
    has_weight: bool = True
    weight_dtype: str | None = None
    in_place: bool = False
    variance_size: int | None = None
    row_stride: int | None = None
    heads: int | None = None
    token_stride: int | None = None
    approximate: str | None = None
    num_tokens: tuple[int, ...] = DEFAULT_NUM_TOKENS
    max_num_tokens: int | None = None
    epsilon: float = 1e-6

    def __post_init__(self) -> None:
        if self.op not in _OPS:
            raise ValueError(f"unknown op {self.op!r}; expected one of {_OPS}")
        if self.hidden_size <= 0:
            raise ValueError(f"hidden_size must be positive, got {self.hidden_size}")
        parse_dtype(self.dtype)
        if self.weight_dtype is not None:
            parse_dtype(self.weight_dtype)
        if self.in_place and self.op != "fused_add_rms_norm":
            raise ValueError(f"{self.op} has no in-place form")
        if self.op in _GATED_OPS:
            if self.weight_dtype is not None or self.variance_size is not None:
                raise ValueError(f"{self.op} has no weight and no variance_size")
            if (self.approximate or "none") not in _GELU_APPROXIMATIONS:
                raise ValueError(
                    f"approximate {self.approximate!r}; expected one of {_GELU_APPROXIMATIONS}"
                )
        elif self.approximate is not None:
            raise ValueError(f"{self.op} has no approximate")
        if self.variance_size is not None and not 0 < self.variance_size <= self.hidden_size:
            raise ValueError(f"variance_size {self.variance_size} outside 1..{self.hidden_size}")
        if self.row_stride is not None and self.row_stride < self.width:
            raise ValueError(f"row_stride {self.row_stride} < x's last dim {self.width}")
        if self.heads is not None:
            if self.op != "rms_norm" or self.row_stride is not None:
                raise ValueError("heads (a per-head view) is for rms_norm, without row_stride")
            if self.heads < 1:
                raise ValueError(f"heads must be positive, got {self.heads}")
            if self.token_stride is not None and self.token_stride < self.heads * self.width:
                raise ValueError(f"token_stride {self.token_stride} < heads * hidden_size "
                                 f"{self.heads * self.width}")
        elif self.token_stride is not None:
            raise ValueError("token_stride needs heads (a per-head view)")
        if not self.num_tokens or min(self.num_tokens) < 1:
            raise ValueError("num_tokens must be a non-empty list of positive ints")
        if self.max_num_tokens is not None and self.max_num_tokens < max(self.num_tokens):
            raise ValueError(f"max_num_tokens {self.max_num_tokens} is below the largest "
                             f"listed token count {max(self.num_tokens)}")
        object.__setattr__(self, "num_tokens", tuple(sorted(set(self.num_tokens))))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WarmupItem:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(
                f"unknown warmup item key(s) {sorted(unknown)}; known: {sorted(known)}"
            )
        return cls(**data)

    @property
    def per_head(self) -> bool:
        """Whether x is a per-head view (tokens, heads, hidden_size) or rows."""
        return self.heads is not None

    @property
    def width(self) -> int:
        """x's last dim: hidden_size, or twice it for the gated ops ([gate | up])."""
        return 2 * self.hidden_size if self.op in _GATED_OPS else self.hidden_size

    def describe(self) -> str:
        parts = [self.provider, self.op, self.dtype, f"hidden={self.hidden_size}"]
        if self.op in _GATED_OPS:
            parts.append(f"approximate={self.approximate or 'none'}")
        else:
            parts.append("weight" if self.has_weight else "no-weight")
        if self.weight_dtype:
            parts.append(f"weight_dtype={self.weight_dtype}")
        if self.in_place:
            parts.append("in-place")
        if self.variance_size is not None:
            parts.append(f"variance_size={self.variance_size}")
        if self.row_stride is not None:
            parts.append(f"row_stride={self.row_stride}")
        if self.heads is not None:
            parts.append(f"per-head heads={self.heads} "
                         f"token_stride={self.token_stride or self.heads * self.hidden_size}")
        return " ".join(parts)


@dataclass
class ItemResult:
    item: WarmupItem
    launches: int
    compilations: int
    seconds: float
    skipped: str | None = None


@dataclass
class WarmupReport:
    count: int  # items warmed (not skipped)
    launches: int
    compilations: int
    seconds: float
    results: list[ItemResult] = field(default_factory=list)
    monitor: JitMonitor | None = None

    @property
    def skipped(self) -> list[ItemResult]:
        return [r for r in self.results if r.skipped]

    def __str__(self) -> str:
        # One line, for logs and CLIs; the dataclass repr lists every item.
        return (
            f"warmup: {self.count} item(s), {len(self.skipped)} skipped, {self.launches} "
            f"launch(es), {self.compilations} compilation(s) in {self.seconds:.2f}s"
        )


def expand_plan(
    ops: Sequence[str],
    dtypes: Sequence[str],
    hidden_sizes: Sequence[int],
    *,
    has_weight: Sequence[bool] = (True,),
    in_place: Sequence[bool] = (True,),
    approximate: Sequence[str] = ("none",),
    provider: str = "triton",
    num_tokens: Sequence[int] = DEFAULT_NUM_TOKENS,
) -> list[dict[str, Any]]:
    """Cartesian product helper; ``in_place`` variants apply to the fused op only,
    ``approximate`` ones to gelu_and_mul_sparse only (which ignores ``has_weight``)."""
    plan: list[dict[str, Any]] = []
    for op in ops:
        for dtype in dtypes:
            for hidden in hidden_sizes:
                if op in _GATED_OPS:
                    plan.extend(
                        {
                            "op": op,
                            "provider": provider,
                            "dtype": dtype,
                            "hidden_size": hidden,
                            "approximate": approx,
                            "num_tokens": list(num_tokens),
                        }
                        for approx in approximate
                    )
                    continue
                for weight in has_weight:
                    for inplace in in_place if op == "fused_add_rms_norm" else (False,):
                        plan.append(
                            {
                                "op": op,
                                "provider": provider,
                                "dtype": dtype,
                                "hidden_size": hidden,
                                "has_weight": weight,
                                "in_place": inplace,
                                "num_tokens": list(num_tokens),
                            }
                        )
    return plan


def _default_registry() -> OpRegistry:
    from . import REGISTRY

    return REGISTRY


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def _run_item(item: WarmupItem, registry: OpRegistry, device: torch.device) -> int:
    """Launch the item's implementation once per token count; return launches."""
    impl = registry.implementation(item.op, item.provider)
    dtype = parse_dtype(item.dtype)
    hidden = item.hidden_size
    module, _, attr = _JIT_PROVIDERS[item.provider][item.op].partition(":")
    counts_fn = getattr(importlib.import_module(module), attr)
    # The thresholds can depend on the GPU (its DeviceProfile): ask for this one's.
    layout = {"heads": item.heads, "token_stride": item.token_stride} if item.per_head else {}
    required = counts_fn(item.op, hidden, dtype.itemsize, device_profile(device), **layout)
    # A launch config past the most rows serving will launch is never used: skip it.
    # A per-head item with no bound stops at its largest listed count: its one
    # threshold past 2 tokens (int64 offsets) is hundreds of thousands of tokens
    # away, a buffer of gigabytes, which no listed batch reaches.
    bound = item.max_num_tokens
    if bound is None and item.per_head:
        bound = max(item.num_tokens)
    if bound is not None:
        required = [n for n in required if n <= bound]
    num_tokens = sorted(set(item.num_tokens) | set(required))
    rows = num_tokens[-1]
    width = item.row_stride or item.width
    # Real-looking data: zeros could take shortcuts real inputs never take.
    gen = torch.Generator(device=device).manual_seed(0)
    x_buf = torch.randn(rows, width, dtype=dtype, device=device, generator=gen)
    x_full = x_buf[:, : item.width]
    if item.op in _GATED_OPS:
        for m in num_tokens:
            impl.fn(x_full[:m], _WARMUP_STD_MULTIPLIER, item.approximate or "none")
        _sync(device)
        return len(num_tokens)
    weight = None
    if item.has_weight:
        w_dtype = parse_dtype(item.weight_dtype) if item.weight_dtype else dtype
        weight = torch.randn(hidden, dtype=w_dtype, device=device, generator=gen)
    if item.per_head:  # as the model views it: q, k or v columns of each QKV row
        heads = item.heads or 1
        stride = item.token_stride or heads * hidden
        qkv = torch.randn(rows, stride, dtype=dtype, device=device, generator=gen)
        for m in num_tokens:
            impl.fn(qkv[:m, : heads * hidden].view(m, heads, hidden), weight, item.epsilon,
                    item.variance_size)
        _sync(device)
        return len(num_tokens)
    residual = torch.randn(rows, hidden, dtype=dtype, device=device, generator=gen)
    for m in num_tokens:
        if item.op == "rms_norm":
            impl.fn(x_full[:m], weight, item.epsilon, item.variance_size)
        else:
            impl.fn(
                x_full[:m],
                residual[:m],
                weight,
                item.epsilon,
                item.variance_size,
                in_place=item.in_place,
            )
    _sync(device)
    return len(num_tokens)


def run_warmup(
    plan: Iterable[Mapping[str, Any] | WarmupItem],
    *,
    device: str | torch.device | None = None,
    progress: bool = True,
    monitor: Mode | None = "warn",
    registry: OpRegistry | None = None,
    stream: TextIO | None = None,
) -> WarmupReport:
    """Compile (by launching) every item of ``plan``; then arm the JIT monitor.

    ``monitor``: "warn" or "raise" leaves the monitor installed and armed so a
    compilation after warmup warns or raises; "count" leaves it counting
    quietly; None removes it once warmup is done.
    """
    items = [i if isinstance(i, WarmupItem) else WarmupItem.from_dict(i) for i in plan]
    registry = registry or _default_registry()
    dev = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
    out = stream or sys.stderr
    # Only touch Triton (the monitor imports it) when some item will really use it.
    needs_jit = any(
        i.provider in _JIT_PROVIDERS and registry.implementation(i.op, i.provider).supported()
        for i in items
    )
    mon = JitMonitor(mode=monitor or "count").install() if needs_jit else None

    results: list[ItemResult] = []
    start = time.perf_counter()
    for n, item in enumerate(items, 1):
        t0 = time.perf_counter()
        before = mon.count if mon else 0
        skipped: str | None = None
        launches = 0
        impl = registry.implementation(item.op, item.provider)
        if item.provider not in _JIT_PROVIDERS:
            skipped = "nothing to compile"
        elif not impl.supported():
            skipped = "provider not supported on this machine"
        else:
            launches = _run_item(item, registry, dev)
        res = ItemResult(item, launches, (mon.count if mon else 0) - before, 0.0, skipped)
        res.seconds = time.perf_counter() - t0
        results.append(res)
        if progress:
            what = f"skipped ({skipped})" if skipped else f"{res.compilations} compile(s)"
            print(
                f"[warmup {n}/{len(items)}] {item.describe()}: {what}, {res.seconds:.2f}s",
                file=out,
                flush=True,
            )
    seconds = time.perf_counter() - start

    if mon is not None:
        if monitor is None:
            mon.uninstall()
        else:
            mon.arm()
    report = WarmupReport(
        count=sum(1 for r in results if not r.skipped),
        launches=sum(r.launches for r in results),
        compilations=sum(r.compilations for r in results),
        seconds=seconds,
        results=results,
        monitor=mon if monitor is not None else None,
    )
    if progress:
        print(f"[{report}]", file=out, flush=True)
    return report
