"""Release history: one schema, several releases of the engine, each written once.

`project.yaml` lists the releases, oldest first, and names the default one:

    releases: {list: ["0.25.1", "0.33.0"], default: "0.25.1"}

Any mapping of the schema (a class, a field, its `cli:`, a rule, a resolve step, a
constant, a kernel op...) may say in which releases it holds and how it differs:

    added: "0.33.0"                          # exists from this release on
    removed: {in: "0.33.0", renamed_to: x}   # gone from this release on, and its fate:
                                             #   renamed_to: NAME, replaced_by: NAME
                                             #   (with convert: EXPR), or dropped: WHY;
                                             #   until: R, an entry of that name is
                                             #   back from release R on
    changed: {"0.33.0": {default: 8192}}     # keys that differ from this release on
    changed: {"0.33.0": {values: {add: [x]}, without: [ge]}}
                                             # ... or edits of the entry as it was
                                             #   (front/edits.py)

Before anything else reads the schema, its documents are projected onto one release:
what does not hold in it is dropped and the `changed` keys are merged in (mappings
key by key, anything else replaced; edits applied to the entry as it was in the release
before), so that the rest of the front end sees the schema of one release, with every
node still located in the file that said it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from ..errors import Collector
from ..model import schema as m
from ..model import schema_language as lang
from . import edits
from .yaml_loader import Node

#: The keys that carry history; recognised only with the shape each must have, so that
#: a field that happens to be named like one is not taken for it.
ADDED, REMOVED, CHANGED = "added", "removed", "changed"
FATES = lang.REMOVED.exactly_one  # the keys of `removed:`: the language's REMOVED record
REMOVED_KEYS = lang.REMOVED.names()


@dataclass(frozen=True)
class Releases:
    """The releases a schema describes, oldest first, and the default one."""

    names: tuple[str, ...]
    default: str

    def index(self, name: str) -> int:
        return self.names.index(name)


@dataclass
class History:
    """Every history marker of the schema, collected while checking it."""

    fates: list[m.Fate] = field(default_factory=list)


def subject_of(path: tuple[str, ...]) -> str:
    """A readable name for the entry at `path`: Class.field, Class, a flag of a field, or
    the dotted keys."""
    if len(path) >= 2 and path[0] in ("classes", "enums", "aliases", "constants"):
        name = path[1]
        rest = path[2:]
        if len(rest) >= 2 and rest[0] in ("fields", "properties", "methods"):
            name = f"{name}.{rest[1]}"
            rest = rest[2:]
        return name + (f" ({'.'.join(rest)})" if rest else "")
    return ".".join(path)


def _is_release_name(node: Node | None) -> bool:
    return node is not None and isinstance(node.value, str)


def _markers(node: Node) -> dict[str, Node]:
    """The history keys of a mapping, by shape: added is a string, removed a mapping
    with `in`, changed a mapping of mappings."""
    out: dict[str, Node] = {}
    value = node.value
    if _is_release_name(value.get(ADDED)):
        out[ADDED] = value[ADDED]
    removed = value.get(REMOVED)
    if removed is not None and removed.is_map and "in" in removed.value:
        out[REMOVED] = removed
    changed = value.get(CHANGED)
    if changed is not None and changed.is_map and changed.value and all(
            v.is_map for v in changed.value.values()):
        out[CHANGED] = changed
    return out


def check(docs: list[tuple[str, str, Node]], releases: Releases,
          errors: Collector) -> History:
    """Every marker names a listed release, and every removal says what became of the
    entry (a located error otherwise); the fates, collected."""
    history = History()
    for _display, _stem, root in docs:
        _check_node(root, (), releases, errors, history)
    return history


def _check_release(node: Node, releases: Releases, errors: Collector, what: str) -> bool:
    if not isinstance(node.value, str) or node.value not in releases.names:
        listed = ", ".join(releases.names)
        errors.error(node.loc, f"{what} names release {node.value!r}, which project.yaml "
                               f"does not list (releases: {listed})")
        return False
    return True


def _check_node(node: Node, path: tuple[str, ...], releases: Releases, errors: Collector,
                history: History) -> None:
    if node.is_seq:
        for i, item in enumerate(node.value):
            _check_node(item, (*path, str(i)), releases, errors, history)
        return
    if not node.is_map:
        return
    marks = _markers(node)
    if ADDED in marks:
        _check_release(marks[ADDED], releases, errors, "added")
    if REMOVED in marks:
        _check_removed(marks[REMOVED], path, releases, errors, history)
    if ADDED in marks and REMOVED in marks and _ok(marks, releases) and (
            releases.index(marks[ADDED].value)
            >= releases.index(marks[REMOVED].value["in"].value)):
        errors.error(marks[REMOVED].loc, "removed in a release before (or in) the one it "
                                         "was added in")
    if REMOVED in marks and CHANGED in marks and "until" in marks[REMOVED].value:
        _check_gap(marks, releases, errors)  # (without until: the check below)
    if CHANGED in marks:
        added = marks[ADDED].value if ADDED in marks else None
        # (a removal with `until` has its gap checked by _check_gap: changes after the
        # comeback are the comeback's)
        gone = (marks[REMOVED].value["in"].value
                if REMOVED in marks and "until" not in marks[REMOVED].value else None)
        for key, change in marks[CHANGED].value.items():
            if not _check_release(Node(key, marks[CHANGED].key_locs.get(key, change.loc)),
                                  releases, errors, "changed"):
                continue
            if key == releases.names[0]:
                errors.error(change.loc, f"changed in {key!r}, the first release: write "
                                         f"the value itself instead")
            elif added in releases.names and releases.index(key) < releases.index(added):
                errors.error(change.loc, f"changed in {key!r}, before it was added in "
                                         f"{added!r}: it does not exist there")
            elif gone in releases.names and releases.index(key) >= releases.index(gone):
                errors.error(change.loc, f"changed in {key!r}, after it was removed in "
                                         f"{gone!r}: it does not exist there")
        _check_edits(node, marks, path, releases, errors)
    for key, child in node.value.items():
        if marks.get(key) is child:
            continue
        _check_node(child, (*path, key), releases, errors, history)


def _check_edits(node: Node, marks: dict[str, Node], path: tuple[str, ...],
                 releases: Releases, errors: Collector) -> None:
    """The entry's changes applied in release order, as the projection applies them, so
    that an edit of what is not there (a value, a key) is a located error here."""
    state = _unmarked(node, marks)
    for name in releases.names:
        change = marks[CHANGED].value.get(name)
        if change is not None:
            state = edits.apply(state, change, name, subject_of(path), errors)


def _unmarked(node: Node, marks: dict[str, Node]) -> Node:
    """The mapping without its history keys."""
    value = {k: v for k, v in node.value.items() if marks.get(k) is not v}
    return Node(value, node.loc, {k: loc for k, loc in node.key_locs.items() if k in value})


def _gap(removed: Node, releases: Releases) -> tuple[int, int | None] | None:
    """The releases a removal covers, as indexes [in, until) (until None: for good);
    None when a release it names is not listed."""
    gone, until = removed.value["in"].value, removed.value.get("until")
    if gone not in releases.names or until is not None and until.value not in releases.names:
        return None
    return releases.index(gone), None if until is None else releases.index(until.value)


def _check_gap(marks: dict[str, Node], releases: Releases, errors: Collector) -> None:
    """A change dated while the entry is gone would never be seen."""
    gap = _gap(marks[REMOVED], releases)
    if gap is None:
        return
    start, end = gap
    for key, change in marks[CHANGED].value.items():
        if key in releases.names and start <= releases.index(key) < (
                len(releases.names) if end is None else end):
            errors.error(marks[CHANGED].key_locs.get(key, change.loc),
                         f"changed in {key!r}, while the entry is removed "
                         f"({marks[REMOVED].value['in'].value} on)")


def _ok(marks: dict[str, Node], releases: Releases) -> bool:
    return (marks[ADDED].value in releases.names
            and marks[REMOVED].value["in"].value in releases.names)


def _check_removed(node: Node, path: tuple[str, ...], releases: Releases,
                   errors: Collector, history: History) -> None:
    value = node.value
    for key, loc in node.key_locs.items():
        if key not in REMOVED_KEYS:
            errors.error(loc, f"unknown key {key!r} in removed (expected: in, and one of "
                              f"{', '.join(FATES)}; convert with replaced_by)")
    if not _check_release(value["in"], releases, errors, "removed"):
        return
    fates = [k for k in FATES if k in value]
    if len(fates) != 1:
        errors.error(node.loc, f"removed in {value['in'].value}: say what became of it, "
                               f"with exactly one of {', '.join(FATES)} (a new name, what "
                               f"replaces it, or why nothing does)")
        return
    until = value.get("until")
    if until is not None and _check_release(until, releases, errors, "until") and (
            releases.index(until.value) <= releases.index(value["in"].value)):
        errors.error(until.loc, f"until {until.value}: an entry removed in "
                                f"{value['in'].value} can only come back in a later release")
    kind = fates[0]
    target = value[kind]
    if not isinstance(target.value, str) or not target.value.strip():
        errors.error(target.loc, f"{kind} must be a non-empty string")
        return
    convert = value.get("convert")
    if convert is not None and kind != "replaced_by":
        errors.error(convert.loc, "convert goes with replaced_by")
    history.fates.append(m.Fate(subject_of(path), path, value["in"].value, kind,
                                target.value, None if convert is None else
                                str(convert.value), node.loc))


def project(node: Node, release: str, releases: Releases) -> Node | None:
    """The node as it is in `release` (None: it does not exist there), markers removed.
    Assumes `check` passed."""
    def again(child: Node, release: str) -> Node | None:
        return project(child, release, releases)

    return _project_one(node, release, releases, again)


def _project_one(node: Node, release: str, releases: Releases, again) -> Node | None:
    """One node's projection; `again(child, release)` projects its children."""
    if node.is_seq:
        items = [again(item, release) for item in node.value]
        return Node([i for i in items if i is not None], node.loc)
    if not node.is_map:
        return node
    marks = _markers(node)
    at = releases.index(release)
    if ADDED in marks and releases.index(marks[ADDED].value) > at:
        return None
    if REMOVED in marks:
        start, end = _gap(marks[REMOVED], releases) or (0, None)
        if start <= at and (end is None or at < end):
            return None
    merged = _unmarked(node, marks)
    if CHANGED in marks:
        for name in releases.names[: at + 1]:
            change = marks[CHANGED].value.get(name)
            if change is not None:  # (check() reported what an edit gets wrong)
                merged = edits.apply(merged, change, name, "", Collector())
    out: dict[str, Node] = {}
    for key, child in merged.value.items():
        projected = again(child, release)
        if projected is not None:
            out[key] = projected
    return Node(out, merged.loc, {k: merged.key_locs[k] for k in out if k in merged.key_locs})


class Projector:
    """Projects one schema's documents onto each of its releases, sharing work.

    The documents are checked once. A subtree is projected once per *epoch*: the
    releases between two of the history markers found in it, where its projection
    cannot differ. So every release in one epoch gets the same node object (and a
    subtree without markers is itself): a class the releases do not change is one
    object in all of them, which later stages can recognise by identity.
    """

    def __init__(self, docs: list[tuple[str, str, Node]], releases: Releases) -> None:
        errors = Collector()
        self.fates = tuple(check(docs, releases, errors).fates)
        errors.raise_if_any()
        self.releases = releases
        # id(node) -> (node, release indices where its projection may change); the
        # node is kept so that its id is not reused by another object
        self._points: dict[int, tuple[Node, tuple[int, ...]]] = {}
        self._memo: dict[tuple[int, int], tuple[Node, Node | None]] = {}
        #: what later stages worked out from a node, for the releases that share it
        self.shared: dict = {}

    def points(self, node: Node) -> tuple[int, ...]:
        """Where the subtree's projection may change: its markers' releases (a superset
        is safe: more epochs, less sharing)."""
        known = self._points.get(id(node))
        if known is not None and known[0] is node:
            return known[1]
        found: set[int] = set()
        children: list[Node] = []
        if node.is_seq:
            children = node.value
        elif node.is_map:
            marks = _markers(node)
            names = self.releases.names
            if ADDED in marks and marks[ADDED].value in names:
                found.add(names.index(marks[ADDED].value))
            if REMOVED in marks and marks[REMOVED].value["in"].value in names:
                found.add(names.index(marks[REMOVED].value["in"].value))
            until = marks[REMOVED].value.get("until") if REMOVED in marks else None
            if until is not None and until.value in names:  # the comeback starts an epoch
                found.add(names.index(until.value))
            if CHANGED in marks:
                found.update(names.index(k) for k in marks[CHANGED].value if k in names)
            children = list(node.value.values())
        for child in children:
            if isinstance(child, Node):
                found.update(self.points(child))
        out = tuple(sorted(found))
        self._points[id(node)] = (node, out)
        return out

    def project(self, node: Node, release: str) -> Node | None:
        """`project(node, release, ...)`, the same object for every release of an epoch."""
        at = self.releases.index(release)
        points = self.points(node)
        if not points:
            return node
        key = (id(node), bisect_right(points, at))
        known = self._memo.get(key)
        if known is not None and known[0] is node:
            return known[1]
        out = _project_one(node, release, self.releases, self.project)
        self._memo[key] = (node, out)
        return out
