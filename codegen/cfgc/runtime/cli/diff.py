"""`vllm-config diff A B`: which config values differ between two deployments, and which
of them change the cache key (why did my torch.compile cache miss?).

Each side is a `--config` YAML file or a quoted command line, resolved through the same
parse and build as `show`. A differing value changes the key when its factor differs
in its class's `hash_factors()` and so on up to the root (a nested config's factor is
its hash); the reason a value is left out comes from the schema (explain.json).
Values that differ between two builds of the same side (an instance id) are left out.
Exit status as diff(1): 0 when the cache keys are equal, 1 when they differ, 2 on bad
input.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import sys

from .values import CliError

USAGE = ("usage: {prog} diff A B [--format text|json] [--platform NAME]\n"
         "  A, B: a --config YAML file, or a quoted command line (\"-tp 2 --kv-cache-dtype "
         "fp8\"; \"\" is the defaults)")


def side_argv(spec: str) -> list[str]:
    """A side as flags: a YAML file becomes --config FILE; `vllm serve MODEL ...` is
    taken as pasted."""
    text = spec.strip()
    if text and not text.startswith("-") and (os.path.isfile(text) or text.endswith(
            (".yaml", ".yml"))) and " " not in text:
        return ["--config", text]
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise CliError(f"cannot split the command line: {exc}") from None
    if argv[:2] == ["vllm", "serve"] or argv[:1] == ["serve"]:
        argv = argv[2:] if argv[0] == "vllm" else argv[1:]
        if argv and not argv[0].startswith("-"):
            argv = ["--model", *argv]
    return argv


def resolve(table: object, spec: str, label: str, warn, platform: str | None = None):
    """One side built; `platform` (diff's --platform) unless the side names its own."""
    from .build import build_configs

    try:
        argv = side_argv(spec)
        if platform is not None and not any(a == "--platform" or a.startswith("--platform=")
                                            for a in argv):
            argv = ["--platform", platform, *argv]
        return build_configs(table, argv, lambda m, qualname="": warn(
            f"{label}: {m}", qualname))[1]
    except CliError as exc:
        raise CliError(f"{label}: {exc}") from None


def _factors(obj: object) -> dict | None:
    try:
        return obj.hash_factors()
    except Exception:  # noqa: BLE001 - a hash hook needing run-time state
        return None


def _is_config(value: object) -> bool:
    return dataclasses.is_dataclass(value) and hasattr(value, "compute_hash")


def _data(value: object) -> object:
    from .build import plain

    if _is_config(value):
        return {f.name: _data(getattr(value, f.name, None)) for f in dataclasses.fields(value)}
    return plain(value)


def compare(a: object, b: object, path: tuple[str, ...], reaches: bool, out: list) -> None:
    """Append each differing value under configs a and b (same class) to `out`."""
    from .build import plain

    fa, fb = _factors(a), _factors(b)
    names = [f.name for f in dataclasses.fields(a)]
    for name in names:
        va, vb = getattr(a, name, None), getattr(b, name, None)
        in_key = fa is not None and fb is not None and name in fa and fa[name] != fb.get(name)
        if _is_config(va) and _is_config(vb) and type(va) is type(vb):
            compare(va, vb, path + (name,), reaches and in_key, out)
            continue
        da, db = _data(va), _data(vb)
        if da != db:
            out.append({"path": ".".join(path + (name,)), "a": da, "b": db,
                        "cache_key": reaches and in_key, "feeds": type(a).__name__})
    for name in (fa or {}):  # factors that are not fields (hooks, extra paths)
        if name not in names and fb is not None and fa[name] != fb.get(name):
            out.append({"path": ".".join(path + (name,)), "a": plain(fa[name]),
                        "b": plain(fb.get(name)), "cache_key": reaches,
                        "feeds": type(a).__name__, "factor": True})


def _reasons(table: object, diffs: list[dict]) -> None:
    """The schema's reason for each differing value that leaves the key alone."""
    from .explain import load

    by_path = {e["path"]: e for e in load(table)["fields"]}
    for d in diffs:
        if d["cache_key"]:
            d["reason"] = f"feeds {d['feeds']}'s hash"
            continue
        entry = by_path.get(d["path"])
        if entry is not None and not entry["cache_key"]["included"]:
            d["reason"] = entry["cache_key"]["reason"]
        elif d.get("factor"):
            d["reason"] = f"an extra factor of {d['feeds']}, which the key leaves out"
        else:
            d["reason"] = "same canonical cache-key factor on both sides"


def _short(value: object, width: int = 36) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."


def render(diffs: list[dict], hashes: dict) -> str:
    rows = [("path", "a", "b", "cache key")]
    rows += [(d["path"], _short(d["a"]), _short(d["b"]),
              ("changes: " if d["cache_key"] else "no: ") + d["reason"]) for d in diffs]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r[:3], widths, strict=True)) + "  " + r[3]
             for r in rows] if diffs else ["no config value differs"]
    changing = sum(d["cache_key"] for d in diffs)
    if diffs:
        lines.append(f"{len(diffs)} value(s) differ; {changing} change the cache key")
    for root, (ha, hb) in hashes.items():
        lines += [f"{root} hash a: {ha}", f"{root} hash b: {hb}",
                  f"cache keys {'equal' if ha == hb else 'differ'}"]
    return "\n".join(lines) + "\n"


def main(table: object, command: str, argv: list[str], warn) -> int:
    from .build import config_hash
    from .explain import arguments, platform_option

    args = arguments(argv, USAGE.format(prog=table.PROG))
    if args is None:
        return 0
    fmt, sides = args
    platform, sides = platform_option(table, sides)
    if len(sides) != 2:
        raise CliError(f"diff: expected two configs A and B (files or quoted command lines), "
                       f"not {len(sides)}")
    built_a = resolve(table, sides[0], "a", warn, platform)
    built_b = resolve(table, sides[1], "b", warn, platform)
    again = resolve(table, sides[0], "a", lambda *_: None, platform)
    diffs: list[dict] = []
    noise: list[dict] = []
    hashes = {}
    for root, obj_a in built_a.roots.items():
        obj_b = built_b.roots[root]
        if root == table.ROOTS[0] or _factors(obj_a):  # EngineArgs has no cache key
            hashes[root] = (config_hash(obj_a), config_hash(obj_b))
        prefix = () if root == table.ROOTS[0] else (root,)  # EngineArgs.x
        compare(obj_a, obj_b, prefix, True, diffs)
        compare(obj_a, again.roots[root], prefix, True, noise)
    varies = {d["path"] for d in noise}  # differs between two builds of A: per-process
    diffs = [d for d in diffs if d["path"] not in varies]
    _reasons(table, diffs)
    if fmt == "json":
        rows = diffs + [{"path": root, "a": ha, "b": hb, "cache_key": ha != hb,
                         "feeds": root, "reason": "the cache key itself"}
                        for root, (ha, hb) in hashes.items()]
        sys.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(render(diffs, hashes))
    return 0 if all(ha == hb for ha, hb in hashes.values()) else 1
