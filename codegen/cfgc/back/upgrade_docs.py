"""The upgrade pages: "Upgrading from 0.25.1 to 0.33.0", one per pair of consecutive
releases, from the release history alone (Resolved.release_changes).

Per config class: every removed or renamed flag with its replacement (the fate the
schema declares), every changed default with whether it moves the cache key, every new
flag. Written once, with the default release's reference pages; `vllm-config upgrade`
applies the same facts to one command line.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from ..model.resolved import ReleaseChange, Resolved
from . import DOCS_REFERENCE_DIR
from .behaviour_docs import _code
from .docs import HEADER, _cell, _titled


def upgrade_page(before: str, after: str, records: list[ReleaseChange]) -> str:
    lines = [HEADER.format(src="schema/"), f"# Upgrading from {before} to {after}", "",
             f"What changes for a deployment moving from vLLM {before} to {after}, class by "
             f"class, from the schema's release history. `vllm-config upgrade --from "
             f"{before} --to {after} -- ARGV...` carries one command line (or `--config` "
             f"file) over and says which of these touch it.", ""]
    by_class: dict[str, list[ReleaseChange]] = defaultdict(list)
    for c in records:
        by_class[c.cls or "(engine)"].append(c)
    counts = {k: sum(1 for c in records if c.kind == k) for k in
              ("added", "removed", "default", "cache_key")}
    lines += [f"{counts['removed']} removed, {counts['added']} added, {counts['default']} "
              f"defaults changed, {counts['cache_key']} cache-key rules changed.", ""]
    for cls in sorted(by_class):
        rows = by_class[cls]
        lines += [f"## {cls}", "", "| Change | What | Before | After | Note |",
                  "| --- | --- | --- | --- | --- |"]
        for c in sorted(rows, key=lambda c: (_ORDER[c.kind], c.subject)):
            lines.append(f"| {_WORDS[c.kind]} | `{c.subject}` | {_value(c.old)} | "
                         f"{_value(c.new)} | {_cell(_note(c))} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


_ORDER = {"removed": 0, "default": 1, "cache_key": 2, "added": 3}
_WORDS = {"removed": "removed", "default": "default", "cache_key": "cache key",
          "added": "new"}


def _value(text: str) -> str:
    return _code(text) if text else ""


def _note(c: ReleaseChange) -> str:
    if c.kind == "removed":
        if c.subject.startswith("-"):
            return f"set {c.note}" if c.note else ""
        return c.note or "no fate declared"
    if c.kind == "default":
        return "moves the cache key" if c.hashed else "not in the cache key"
    if c.kind == "added" and c.subject.startswith("-"):
        return f"sets {c.note}"
    return ""


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """One page per pair of consecutive releases, with the default release's pages."""
    schema = res.schema
    if len(schema.releases) < 2 or schema.release != schema.default_release:
        return {}
    out = {}
    for before, after in zip(schema.releases, schema.releases[1:], strict=False):
        records = [c for c in res.release_changes if c.release == after]
        name = f"{DOCS_REFERENCE_DIR}/upgrading-{before}-to-{after}.md"
        out[name] = _titled(f"Upgrading from {before} to {after}",
                            upgrade_page(before, after, records))
    return out
