"""A served model's warmup plan, from the op calls the generated warmup module derives.

The generated `<package>.warmup` evaluates the schema's `kernels.deployment` for one
VllmConfig: the op calls of the served architecture's layers (op, width, flags, rows
per token, token counts, what each value came from). Here those calls become plan
items: each call takes the provider its op's priority list puts first, calls of one
kernel specialisation merge into one item, and the item's token counts are the rows
its calls launch with. Nothing here imports torch.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: The keys that make a specialisation (besides op and provider), in item order.
SPEC_KEYS = ("dtype", "hidden_size", "has_weight", "weight_dtype", "in_place", "row_stride",
             "heads", "token_stride", "approximate")
#: The ops whose calls have a weight (has_weight, weight_dtype, row_stride, token_stride).
NORM_OPS = ("rms_norm", "fused_add_rms_norm")


class PlanError(ValueError):
    """A deployment whose op calls cannot be turned into items (one line for the CLI)."""


def provider_for(op: str, priority: Sequence[str], default: Sequence[str],
                 known: Iterable[str]) -> tuple[str | None, str]:
    """The provider serving `op` and where that came from: the first entry of its
    priority list (the registry's default order when the list is empty). None when
    that entry is not one of ours (an engine provider: its kernels are not warmed)."""
    order, origin = (list(priority), f"kernel_config.ir_op_priority.{op}") if priority else (
        list(default), "the registry's default order")
    first = order[0] if order else None
    return (first if first in set(known) else None), origin


def build_plan(deployment: Mapping[str, Any], priorities: Mapping[str, Sequence[str]],
               default_priority: Mapping[str, Sequence[str]],
               providers: Mapping[str, Iterable[str]], jit: Iterable[str]) -> list[dict]:
    """Plan items for `deployment` (the generated `_deployment(vllm_config)`): every
    specialisation its calls hit with a JIT provider, in the order first called."""
    jit = set(jit)
    items: dict[tuple, dict[str, Any]] = {}
    for call in deployment["calls"]:
        op = call["op"]
        provider, origin = provider_for(op, priorities.get(op, ()), default_priority[op],
                                        providers[op])
        if provider is None or provider not in jit:
            continue
        for width in _widths(call):
            spec = _spec(call, width, deployment["dtype"])
            key = (op, provider, *(spec.get(k) for k in SPEC_KEYS))
            item = items.get(key)
            if item is None:
                item = items[key] = {"op": op, "provider": provider, **spec,
                                     "num_tokens": [], "max_num_tokens": 0,
                                     "layers": [], "from": {
                                         "provider": origin,
                                         **{k: list(v) for k, v in deployment["from"].items()}}}
            _add_call(item, call, deployment)
    for item in items.values():
        item["num_tokens"] = sorted(set(item["num_tokens"]))
    return list(items.values())


def _widths(call: Mapping[str, Any]) -> list[int]:
    """The call's widths (an expression may give one or a list); 0 or None means the
    checkpoint does not have that part, and gives no item."""
    width = call["width"]
    widths = list(width) if isinstance(width, list | tuple) else [width]
    for w in widths:
        if w is not None and (not isinstance(w, int) or isinstance(w, bool) or w < 0):
            raise PlanError(f"{call['op']} call ({call['layers']}): width {w!r} is not a "
                            "size")
    return [w for w in widths if w]


def _spec(call: Mapping[str, Any], width: int, dtype: str) -> dict[str, Any]:
    op = call["op"]
    spec: dict[str, Any] = {"dtype": dtype, "hidden_size": width}
    if op in NORM_OPS:
        spec["has_weight"] = call["has_weight"]
        if call.get("weight_dtype") not in (None, dtype):
            spec["weight_dtype"] = call["weight_dtype"]
        if op == "fused_add_rms_norm":
            spec["in_place"] = call["in_place"]
        stride = call.get("row_stride")
        if stride is not None and stride != width:
            spec["row_stride"] = stride
        if call.get("token_stride") is not None:
            # A per-head view (tokens, heads, width) of rows token_stride wide: the
            # item says so, and counts tokens (each a row of every head).
            spec["heads"] = call.get("rows_per_token") or 1
            spec["token_stride"] = call["token_stride"]
    else:
        spec["approximate"] = call.get("approximate") or "none"
    return spec


def _add_call(item: dict[str, Any], call: Mapping[str, Any],
              deployment: Mapping[str, Any]) -> None:
    # Rows items count rows (tokens x rows per token); per-head items count tokens.
    rows = 1 if "heads" in item else call.get("rows_per_token") or 1
    counts = call.get("num_tokens") or deployment["num_tokens"]
    cap = call.get("max_num_tokens") or deployment["max_num_tokens"]
    if not isinstance(rows, int) or rows < 1 or not isinstance(cap, int) or cap < 1:
        raise PlanError(f"{call['op']} call ({call['layers']}): rows per token {rows!r} and "
                        f"most tokens {cap!r} must be positive ints")
    item["num_tokens"].extend(rows * t for t in counts if 0 < t <= cap)
    item["max_num_tokens"] = max(item["max_num_tokens"], rows * cap)
    if call["layers"] not in item["layers"]:
        item["layers"].append(call["layers"])
    for key, paths in call["from"].items():
        known = item["from"].setdefault(key, [])
        known.extend(p for p in paths if p not in known)


def describe(item: Mapping[str, Any]) -> list[str]:
    """Lines of `--list` for one item of a served model's plan."""
    head = " ".join(f"{k}={item[k]}" for k in ("op", "provider", *SPEC_KEYS) if k in item)
    counts = item["num_tokens"]
    shown = ",".join(map(str, counts)) if len(counts) <= 8 else (
        f"{','.join(map(str, counts[:4]))},...,{counts[-1]} ({len(counts)} counts)")
    lines = [f"{head} num_tokens={shown} max_num_tokens={item['max_num_tokens']}"]
    lines.append("    layers: " + "; ".join(item["layers"]))
    origins = "; ".join(f"{k} <- {', '.join(v) if isinstance(v, list) else v}"
                        for k, v in item["from"].items())
    lines.append("    from: " + origins)
    return lines
