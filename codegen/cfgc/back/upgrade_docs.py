"""The upgrading pages: one per pair of consecutive releases ("Upgrading from 0.28.0 to
0.29.0") and an index of them, from the release history alone
(Resolved.release_changes), written once with the default release's reference pages.

A page has one table per config class with one row per field: the field (and its flags)
in the first column, everything that happened to it in the second, in words: removed
with its fate, new with its default, a default that moved (a list default by the items
it gained and lost) and whether that moves the cache key, a cache-key rule, allowed
values gained or lost, a flag added, removed or renamed. Two columns and short code
spans keep the table inside the page; a value too long for a cell is listed under the
table. `vllm-config upgrade` applies the same facts to one command line.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..model.resolved import ReleaseChange, Resolved
from . import DOCS_REFERENCE_DIR
from .behaviour_docs import _code
from .docs import HEADER, UPGRADING_DIR, _cell, _titled

#: A value longer than this is named in its row and written out under the table.
CELL_VALUE = 28
_KINDS = ("removed", "added", "default", "cache_key", "choices")


@dataclass
class _Row:
    """One field (or a whole class) on an upgrading page."""

    subject: str
    cls: str
    release: str  # the release whose class page the row links to
    flags_old: list[str] = field(default_factory=list)
    flags_new: list[str] = field(default_factory=list)
    changes: list[ReleaseChange] = field(default_factory=list)


def _folder(release: str, default: str) -> str:
    """A release's reference folder, relative to an upgrading page."""
    return "../" if release == default else f"../{release}/"


def _rows(records: list[ReleaseChange], before: str, after: str) -> dict[str, _Row]:
    """subject (Class.field or Class) -> its row; a flag joins the row of what it sets."""
    rows: dict[str, _Row] = {}
    for c in records:
        flag = c.subject.startswith("-")
        subject = c.note if flag else c.subject
        row = rows.get(subject)
        if row is None:
            gone = c.kind == "removed" and not flag
            row = rows[subject] = _Row(subject, c.cls, before if gone else after)
        if flag:
            (row.flags_new if c.kind == "added" else row.flags_old).append(c.subject)
        else:
            row.changes.append(c)
            if c.kind == "removed":
                row.release = before
    # A class that comes or goes is one row: its page lists the fields; its flags stay.
    whole = {s: r for s, r in rows.items() if "." not in s
             and any(c.kind in ("added", "removed") for c in r.changes)}
    for subject, row in list(rows.items()):
        owner = whole.get(subject.split(".", 1)[0])
        if "." in subject and owner is not None:
            owner.flags_new += row.flags_new
            owner.flags_old += row.flags_old
            del rows[subject]
    return rows


class _Long:
    """The values too long for a cell, numbered, for the list under a table."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def value(self, text: str, what: str) -> str:
        if len(text) <= CELL_VALUE:
            return _code(text)
        self.items.append(f"{what}: {_code(text)}")
        return f"value {len(self.items)} below"


def _change_text(c: ReleaseChange, long: _Long, name: str) -> str:
    if c.kind == "removed":
        return f"**removed**: {c.note}" if c.note else "**removed** (no fate declared)"
    if c.kind == "added":
        default = f", default {long.value(c.new, f'`{name}` default')}" if c.new else ""
        return f"**new**{default}" + (", in the cache key" if c.hashed else "")
    if c.kind == "default":
        key = "moves the cache key" if c.hashed else "not in the cache key"
        if c.note:  # a list: the items it gained and lost
            return f"**default** {c.note} ({key})"
        return (f"**default** {long.value(c.old, f'`{name}` default before')} to "
                f"{long.value(c.new, f'`{name}` default after')} ({key})")
    if c.kind == "cache_key":
        return f"**cache key**: now {c.new} (was {c.old})"
    if c.kind == "choices":
        parts = ([f"adds {_codes(c.new)}"] if c.new else []) + (
            [f"drops {_codes(c.old)}"] if c.old else [])
        return "**allowed values** " + "; ".join(parts)
    return c.kind


def _codes(joined: str) -> str:
    return ", ".join(_code(v) for v in joined.split(", "))


def _flag_text(row: _Row) -> str:
    """What happened to the row's flags (a removed and an added one together: renamed)."""
    if any(c.kind in ("added", "removed") for c in row.changes):
        flags = row.flags_new or row.flags_old
        return f"flags {_codes(', '.join(flags))}" if "." not in row.subject and flags \
            else ""
    if row.flags_old and row.flags_new:
        return (f"**flag renamed**: {_codes(', '.join(row.flags_old))} to "
                f"{_codes(', '.join(row.flags_new))}")
    if row.flags_new:
        return f"**new flag** {_codes(', '.join(row.flags_new))}"
    if row.flags_old:
        return f"**flag removed**: {_codes(', '.join(row.flags_old))}"
    return ""


def _name_cell(row: _Row, default: str) -> str:
    page = f"{_folder(row.release, default)}{row.cls}.md"
    if "." in row.subject:
        name = row.subject.split(".", 1)[1]
        text = f"[`{name}`]({page}#{name.lower()})"
    else:
        text = f"the class ([`{row.cls}`]({page}))"
    if "." not in row.subject:  # a class's flags are listed with what changes
        return text
    flags = row.flags_old if any(c.kind == "removed" for c in row.changes) else \
        row.flags_new or row.flags_old
    return text + "".join(f"<br>`{fl}`" for fl in flags)


_ORDER = {"removed": 0, "default": 1, "cache_key": 2, "choices": 3, "added": 4}


def upgrade_page(before: str, after: str, records: list[ReleaseChange], default: str,
                 neighbours: tuple[str, str] = ("", "")) -> str:
    """The page for one pair of consecutive releases. `neighbours`: the previous and
    next pages' file names ("" for none)."""
    counts = _counts(records)
    lines = [HEADER.format(src="schema/"), f"# Upgrading from {before} to {after}", "",
             f"What changes for a deployment moving from vLLM {before} to {after}, class by "
             "class, from the schema's release history. `vllm-config upgrade --from "
             f"{before} --to {after} -- ARGV...` carries one command line (or a `--config` "
             "file) over and says which of these changes touch it; across several "
             "releases it goes through every page in between, in order.", ""]
    nav = [f"[previous: {neighbours[0].removesuffix('.md').replace('-to-', ' to ')}]"
           f"({neighbours[0]})" if neighbours[0] else "",
           "[all releases](index.md)",
           f"[next: {neighbours[1].removesuffix('.md').replace('-to-', ' to ')}]"
           f"({neighbours[1]})" if neighbours[1] else ""]
    lines += [" · ".join(x for x in nav if x), "", _count_line(counts), ""]
    by_class: dict[str, list[_Row]] = defaultdict(list)
    for row in _rows(records, before, after).values():
        by_class[row.cls or "(engine)"].append(row)
    for cls in sorted(by_class):
        long = _Long()
        table = ["| Field and flags | What changes |", "| --- | --- |"]
        for row in sorted(by_class[cls], key=lambda r: (
                "." in r.subject, min((_ORDER[c.kind] for c in r.changes), default=5),
                r.subject)):
            name = row.subject.split(".", 1)[-1]
            what = [_change_text(c, long, name) for c in
                    sorted(row.changes, key=lambda c: _ORDER[c.kind])]
            what.append(_flag_text(row))
            if "." not in row.subject and any(c.kind == "added" for c in row.changes):
                what[0] = "**new class**"
            table.append(f"| {_name_cell(row, default)} | "
                         f"{_cell('; '.join(w for w in what if w))} |")
        lines += [f"## {cls}", "", *table, ""]
        if long.items:
            lines += [f"{i}. {text}" for i, text in enumerate(long.items, 1)] + [""]
    return "\n".join(lines).rstrip() + "\n"


def _counts(records: list[ReleaseChange]) -> dict[str, int]:
    out = dict.fromkeys((*_KINDS, "flags_added", "flags_removed"), 0)
    for c in records:
        if c.subject.startswith("-"):
            out["flags_added" if c.kind == "added" else "flags_removed"] += 1
        else:
            out[c.kind] += 1
    return out


def _count_line(n: dict[str, int]) -> str:
    return (f"{_many(n['removed'], 'class or field', 'classes and fields')} removed and "
            f"{n['added']} new; {_many(n['default'], 'default')} changed, "
            f"{_many(n['cache_key'], 'cache-key rule')} changed, "
            f"{_many(n['choices'], 'set')} of allowed values changed; "
            f"{_many(n['flags_removed'], 'flag')} removed and {n['flags_added']} new.")


def _many(count: int, one: str, more: str = "") -> str:
    return f"{count} {one if count == 1 else more or one + 's'}"


def index_page(pairs: list[tuple[str, str, dict[str, int]]]) -> str:
    lines = [HEADER.format(src="schema/"), "# Upgrading between releases", "",
             "One page per pair of consecutive releases the schema describes, each with "
             "what a deployment meets on the way: fields and flags removed (and what "
             "became of them), new ones, defaults and allowed values that changed, and "
             "which of those move the cache key. To cross several releases, read the "
             "pages in order; `vllm-config upgrade --from OLD --to NEW` does the same for "
             "one command line or config file.", "",
             "| Upgrade | Removed | New | Defaults | Cache key | Allowed values | Flags "
             "removed | Flags new |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | "
             "---: |"]
    for before, after, n in pairs:
        lines.append(f"| [{before} to {after}]({page_name(before, after)}) | {n['removed']} "
                     f"| {n['added']} | {n['default']} | {n['cache_key']} | "
                     f"{n['choices']} | {n['flags_removed']} | {n['flags_added']} |")
    return "\n".join(lines) + "\n"


def page_name(before: str, after: str) -> str:
    return f"{before}-to-{after}.md"


def emit(res: Resolved, outputs: Mapping[str, str]) -> dict[str, str]:
    """The pages and their index, with the default release's pages."""
    schema = res.schema
    if len(schema.releases) < 2 or schema.release != schema.default_release:
        return {}
    folder = f"{DOCS_REFERENCE_DIR}/{UPGRADING_DIR}"
    pairs = list(zip(schema.releases, schema.releases[1:], strict=False))
    names = [page_name(a, b) for a, b in pairs]
    out, summary = {}, []
    for i, (before, after) in enumerate(pairs):
        records = [c for c in res.release_changes if c.release == after]
        neighbours = (names[i - 1] if i else "", names[i + 1] if i + 1 < len(names) else "")
        out[f"{folder}/{names[i]}"] = _titled(
            f"{before} to {after}",
            upgrade_page(before, after, records, schema.default_release, neighbours))
        summary.append((before, after, _counts(records)))
    out[f"{folder}/index.md"] = _titled("Upgrading", index_page(summary))
    return out
