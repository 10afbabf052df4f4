"""What the upgraded line resolves to, release by release, and where each value changed.

The line is resolved (as `show` and `hash` do) under the first and the last release of
the chain, in this process (release_loader swaps the package). A value that differs
between them is traced to the release where it changed by bisection: the line as
carried to a release between them is resolved there, and each half where the value
still differs is split again, so a value that changed once costs about log2(steps)
resolutions, and a chain with no differences costs none. A release that rejects the
line in between cannot be compared; the change is then named by the range of releases
it lies in. When the last release rejects the line, the first one that does is found
the same way.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import warnings
from collections.abc import Iterator
from dataclasses import dataclass

from ..remote_code import ALLOW_REMOTE_CODE, remote_code
from .release_loader import ReleaseLoader
from .upgrade import Change, Given, Release
from .values import CliError

#: A value key: (section, field), e.g. ("scheduler_config", "max_num_batched_tokens").
Key = tuple[str, str]
_MISSING = "<not in this release>"


class Rejected(Exception):
    """A release's own parser or rules refuse the command line (its one-line reason)."""


@dataclass
class Resolution:
    """One release's view of the line: `show` and `hash` data."""

    show: dict
    hashed: dict

    def values(self) -> dict[Key, object]:
        out: dict[Key, object] = {}
        for section, data in self.show.items():
            if section == "EngineArgs":
                continue
            for key, value in data["values"].items():
                if isinstance(value, str) and value.startswith("<") and value.endswith(">"):
                    continue  # a nested config: its own fields are compared
                out[section, key] = value
        return out


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Resolving for the report: the configs' own warnings and log lines are not ours."""
    previous = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            yield
    finally:
        logging.disable(previous)


def resolve(table: object, argv: list[str]) -> Resolution:
    """`show` and `hash` of the line under the release whose table this is."""
    from . import cmd_hash, cmd_show
    from .build import build_configs

    allow = ALLOW_REMOTE_CODE in argv
    argv = [a for a in argv if a != ALLOW_REMOTE_CODE]
    try:
        with _quiet(), remote_code(allow):
            _, built = build_configs(table, argv, lambda *a, **k: None)
            return Resolution(json.loads(cmd_show(table, built, "json")),
                              json.loads(cmd_hash(table, built, "json")))
    except CliError as exc:
        raise Rejected(str(exc)) from None
    except RecursionError:
        raise Rejected("the input is nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - a hook's own error: one line, as show does
        raise Rejected(f"{type(exc).__name__}: {exc}") from None


class Chain:
    """The line as carried to each release of the chain, resolved on demand (once)."""

    def __init__(self, loader: ReleaseLoader, releases: list[Release],
                 lines: list[list[str]]) -> None:
        self.loader = loader
        self.names = [r.name for r in releases]
        self.lines = lines
        self.memo: dict[tuple[int, tuple[str, ...]], Resolution | Rejected] = {}

    def at(self, i: int, extra: tuple[str, ...] = ()) -> Resolution | Rejected:
        key = (i, extra)
        if key not in self.memo:
            self.memo[key] = self._build(i, extra)
        return self.memo[key]

    def again(self, i: int) -> Resolution | Rejected:
        """A second build under the same release: what differs is not the release's."""
        return self._build(i)

    def _build(self, i: int, extra: tuple[str, ...] = ()) -> Resolution | Rejected:
        table = self.loader.load(self.names[i])
        try:
            return resolve(table, [*self.lines[i], *extra])
        except Rejected as exc:
            return exc

    def first_rejecting(self) -> int:
        """The first release that rejects the line (the last one does, the first not)."""
        lo, hi = 0, len(self.names) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if isinstance(self.at(mid), Rejected):
                hi = mid
            else:
                lo = mid
        return hi

    def change_points(self, keys: list[Key]) -> dict[Key, list[tuple[int, int]]]:
        """For each value that differs between the first and the last release, the steps
        (i, j) where it changed: j == i + 1 exactly, a range where releases in between
        rejected the line."""
        points: dict[Key, list[tuple[int, int]]] = {k: [] for k in keys}
        self._split(0, len(self.names) - 1, keys, points)
        return points

    def _values(self, i: int) -> dict[Key, object]:
        found = self.at(i)
        assert isinstance(found, Resolution)
        return found.values()

    def _split(self, lo: int, hi: int, keys: list[Key],
               points: dict[Key, list[tuple[int, int]]]) -> None:
        if not keys:
            return
        if hi - lo == 1:
            for k in keys:
                points[k].append((lo, hi))
            return
        middle = (lo + hi) // 2
        tried = sorted(range(lo + 1, hi), key=lambda i: (abs(i - middle), i))
        mid = next((i for i in tried if isinstance(self.at(i), Resolution)), None)
        if mid is None:  # every release in between rejects the line: a range
            for k in keys:
                points[k].append((lo, hi))
            return
        low, here, high = self._values(lo), self._values(mid), self._values(hi)
        self._split(lo, mid, [k for k in keys if here.get(k, _MISSING)
                              != low.get(k, _MISSING)], points)
        self._split(mid, hi, [k for k in keys if here.get(k, _MISSING)
                              != high.get(k, _MISSING)], points)

    def step_name(self, step: tuple[int, int]) -> str:
        """'0.29.0'; '0.28.0 to 0.30.0' when the releases in between rejected the line
        (it changed in one of them)."""
        i, j = step
        if j == i + 1:
            return self.names[j]
        return f"{self.names[i + 1]} to {self.names[j]}"


def value_changes(chain: Chain, given: dict[str, Given], target: Release) -> list[Change]:
    """Values of the line that resolve differently in the last release than in the
    first, each with the release(s) where it changed; leaving out values that differ
    between two builds of the same release (an instance id)."""
    first, last = chain.at(0), chain.at(len(chain.names) - 1)
    assert isinstance(first, Resolution) and isinstance(last, Resolution)
    again = chain.again(0)
    before, after = first.values(), last.values()
    steady = again.values() if isinstance(again, Resolution) else before
    classes = {section: data["class"] for section, data in first.show.items()}
    keys = [k for k, old in before.items()
            if k in after and after[k] != old and steady.get(k) == old]
    points = chain.change_points(keys) if len(chain.names) > 2 else {
        k: [(0, 1)] for k in keys}
    changes: list[Change] = []
    for key in keys:
        section, name = key
        subject = f"{classes[section]}.{name}"
        steps = []
        for i, j in points[key]:
            old = chain.at(i)
            new = chain.at(j)
            steps.append({"release": chain.step_name((i, j)),
                          "old": old.values().get(key) if isinstance(old, Resolution)
                          else None,
                          "new": new.values().get(key) if isinstance(new, Resolution)
                          else None})
        release = steps[0]["release"] if steps else chain.names[-1]
        flag = target.by_target.get(subject)
        label = flag["name"] if flag else subject
        if subject in given:  # the line set it, and the target makes it something else
            g = given[subject]
            changes.append(Change(
                "setting_changed", label, before[key], after[key],
                f"{section}.{name} is set by the line but resolves to {after[key]!r} in "
                f"vLLM {target.name}, not {before[key]!r}", problem=True, release=release,
                where=g.where, steps=steps if len(steps) > 1 else [], path=f"{section}.{name}"))
            continue
        changes.append(Change("default_changed", label, before[key], after[key],
                              f"{section}.{name} resolves differently in vLLM "
                              f"{target.name}", release=release,
                              steps=steps if len(steps) > 1 else [], path=f"{section}.{name}"))
    return changes


def pin(changes: list[Change], target: Release) -> list[str]:
    """Flags that keep the old values of changed defaults (where the target has one)."""
    out: list[str] = []
    for change in changes:
        if change.kind != "default_changed" or change.flag not in target.flags:
            continue
        flag = target.flags[change.flag]
        value = change.old
        if flag["kind"] in ("bool", "enable"):
            spelling = flag["name"] if value else (flag["negations"] or [None])[0]
            if spelling is None:
                continue
            out.append(spelling)
        elif value is None:
            out += [flag["name"], "None"]
        elif isinstance(value, dict | list):
            out += [flag["name"], json.dumps(value)]
        else:
            out += [flag["name"], str(value)]
        change.why += "; pinned to the old value (--keep-behaviour)"
    return out


def factor_changes(before: dict, after: dict) -> list[str]:
    """The cache-key factors whose values differ, by root (the first root's unprefixed):
    the parts of the key that move."""
    out: list[str] = []
    for i, (root, data) in enumerate(before.items()):
        old = data.get("factors") if isinstance(data, dict) else None
        new = after.get(root, {}).get("factors")
        if not isinstance(old, dict) or not isinstance(new, dict):
            continue
        prefix = "" if i == 0 else f"{root}."
        out += sorted(prefix + k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return out
