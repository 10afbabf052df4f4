"""The end of `vllm-config upgrade`: resolve the carried line (upgrade_resolve), then say
what changed, for a person (text) or a program (json).

Text: the upgraded line (or file) on stdout; on stderr one note per change the line
itself is part of (a flag renamed or dropped, a value it sets, a default in a section it
sets: lists and mappings as the items added and removed), one line summing up the
values that change where the line sets nothing (a default list that gained custom ops),
the cache-key factors that move, and one error line per problem. Every line names the
release where the change happened. JSON holds everything in full: each change with its
release, old and new values and, for a value that changed more than once, each step.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass

from .release_loader import ReleaseLoader
from .upgrade import EXIT_PROBLEM, Args, Change, Given, Release, argv_of, given_subjects
from .upgrade_resolve import Chain, Rejected, Resolution, factor_changes, pin, value_changes
from .values import CliError

#: Items of a list or mapping named on one line before the rest are counted.
SHOWN_ITEMS = 6
#: Values named in the summary line before the rest are counted.
SHOWN_VALUES = 8
_MAX_TEXT = 60


@dataclass
class Carried:
    """The line carried through the chain: each release's flag table, the line as it is
    in each release, and the changes of the carrying."""

    releases: list[Release]
    lines: list[list[Given]]
    changes: list[Change]


def loader_for(package: str, history: dict, root) -> ReleaseLoader:
    folders = {r: root / f for r, f in history["folders"].items()}
    return ReleaseLoader(package, folders, tuple(history.get("shared", ())))


def finish(args: Args, package: str, history: dict, root, carried: Carried,
           result: Callable[[list[str]], dict], resolve_lines: list[list[str]] | None = None
           ) -> int:
    """Resolve the line under the releases it needs, report, and return the exit status.
    `resolve_lines`: what each release resolves, when not the carried flags (a file)."""
    loader = loader_for(package, history, root)
    try:
        return _finish(args, loader, history, carried, result,
                       resolve_lines or [argv_of(line) for line in carried.lines])
    finally:
        loader.close()


def _finish(args: Args, loader: ReleaseLoader, history: dict, carried: Carried,
            result: Callable[[list[str]], dict], lines: list[list[str]]) -> int:
    releases = carried.releases
    source, target = releases[0], releases[-1]
    chain = Chain(loader, releases, lines)
    changes = list(carried.changes)
    first = chain.at(0)
    if isinstance(first, Rejected):
        raise CliError(f"upgrade: vLLM {source.name} itself rejects the input: {first}")
    last = chain.at(len(releases) - 1)
    impact: list[str] = []
    extra: list[str] = []
    given = given_subjects(carried.lines[0], source)
    if isinstance(last, Rejected):  # a value or combination the target no longer accepts
        since = chain.first_rejecting() if len(releases) > 2 else len(releases) - 1
        changes.append(Change("rejected", "", None, None,
                              f"vLLM {target.name} rejects the upgraded input: {last}",
                              problem=True, release=releases[since].name))
    else:
        changes += value_changes(chain, given, target)
        extra = pin(changes, target) if args.keep else []
        pinned = chain.at(len(releases) - 1, tuple(extra)) if extra else last
        if isinstance(pinned, Rejected):
            changes.append(Change("rejected", "", None, None,
                                  f"vLLM {target.name} rejects the old values pinned by "
                                  f"--keep-behaviour: {pinned}", problem=True,
                                  release=target.name))
        else:
            impact = factor_changes(first.hashed, pinned.hashed)
    order = {r: i for i, r in enumerate(history["releases"])}
    changes.sort(key=lambda c: order.get(c.release.rsplit(" ", 1)[-1], len(order)))
    data = result(extra)
    if args.fmt == "json":
        sys.stdout.write(json.dumps(
            {**data, "from": source.name, "to": target.name,
             "through": [r.name for r in releases],
             "changes": [c.as_dict() for c in changes],
             "cache_key_factors_changed": impact},
            indent=2, default=str) + "\n")
    else:
        if "argv" in data:
            sys.stdout.write(shlex.join(data["argv"]) + "\n")
        touched = _touched(first, given_subjects(carried.lines[0], source, json_keys=True))
        for line in notes(changes, touched):
            print(f"note: {line}", file=sys.stderr)
        if impact:
            print(f"note: cache key: factors that change: {', '.join(impact)}",
                  file=sys.stderr)
    for c in changes:
        if c.problem:
            print(f"{args.prog} upgrade: error: {c.release}: {_subject(c)}{c.why}",
                  file=sys.stderr)
    return EXIT_PROBLEM if any(c.problem for c in changes) else 0


def _subject(c: Change) -> str:
    name = c.where or c.flag
    return f"{name}: " if name else ""


def _touched(first: Resolution, given: dict[str, Given]) -> set[str]:
    """The sections of the resolved configs the line sets something in (and everything
    below a nested config it sets)."""
    classes = {section: data["class"] for section, data in first.show.items()}
    touched: set[str] = set()
    for section, cls in classes.items():
        for subject in given:
            owner, _, name = subject.rpartition(".")
            if owner != cls:
                continue
            touched.add(section)
            nested = name if section == cls else f"{section}.{name}"  # a root's own
            touched.update(s for s in classes if s == nested or s.startswith(nested + "."))
    return touched


def notes(changes: list[Change], touched: set[str]) -> list[str]:
    """The note lines of the text report (problems are error lines of their own)."""
    out: list[str] = []
    elsewhere: list[Change] = []
    for c in changes:
        if c.problem:
            continue
        if c.kind == "default_changed":
            if c.path.rpartition(".")[0] not in touched:
                elsewhere.append(c)
                continue
            releases = ", ".join(s["release"] for s in c.steps) or c.release
            out.append(f"{releases}: default of {_value_name(c)}: {_steps(c)}")
            continue
        what = f"{c.old} dropped" if c.kind == "dropped" else f"{c.old} -> {c.new}"
        where = f"{c.where}: " if c.where else ""
        out.append(f"{c.release}: {c.kind}: {where}{what} ({c.why})")
    if elsewhere:
        named = [f"{c.path} ({c.release}{_counts(c)})"
                 for c in elsewhere[:SHOWN_VALUES]]
        more = len(elsewhere) - len(named)
        out.append(f"{len(elsewhere)} default{'s' if len(elsewhere) != 1 else ''} change "
                   f"where the line sets nothing: {', '.join(named)}"
                   + (f" and {more} more" if more else "")
                   + " (--format json has their values)")
    return out


def _value_name(c: Change) -> str:
    return f"{c.path} ({c.flag})" if c.flag.startswith("-") else c.path


def _steps(c: Change) -> str:
    if not c.steps:
        return difference(c.old, c.new)
    return "; ".join(f"{difference(s['old'], s['new'])} in {s['release']}" for s in c.steps)


def _counts(c: Change) -> str:
    """', 3 added, 1 removed' for a list or mapping."""
    added, removed, changed = _items(c.old, c.new)
    if added is None:
        return ""
    parts = [f"{len(added)} added" if added else "", f"{len(removed)} removed"
             if removed else "", f"{len(changed)} changed" if changed else ""]
    return "".join(f", {p}" for p in parts if p)


def _items(old: object, new: object):
    """(added, removed, changed) items of two lists or two mappings; (None, ...) else."""
    if isinstance(old, list) and isinstance(new, list):
        return ([x for x in new if x not in old], [x for x in old if x not in new], [])
    if isinstance(old, dict) and isinstance(new, dict):
        return ([f"{k}={_short(new[k])}" for k in new if k not in old], [k for k in old
                                                                        if k not in new],
                [f"{k}: {_short(old[k])} -> {_short(new[k])}" for k in old
                 if k in new and old[k] != new[k]])
    return None, None, None


def difference(old: object, new: object) -> str:
    """A changed value in one short phrase: a list or mapping as what was added and
    removed, anything else as old -> new."""
    added, removed, changed = _items(old, new)
    if added is None:
        return f"{_short(old)} -> {_short(new)}"
    parts = [*(f"+{_short(x)}" for x in added), *(f"-{_short(x)}" for x in removed),
             *changed]
    if not parts:
        return "same items, another order"
    shown = parts[:SHOWN_ITEMS]
    rest = len(parts) - len(shown)
    return " ".join(shown) + (f" (and {rest} more)" if rest else "")


def _short(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= _MAX_TEXT else text[:_MAX_TEXT - 3] + "..."
