"""A release's change by difference: the edits a `changed: {RELEASE: {...}}` entry may
hold besides the keys it restates (front/releases.py applies them in release order).

    values: {add: [a], remove: [b], after: {c: [d]}, before: {e: [f]}}
                                  # the Literal[...] of the entry's `type:`, edited
    default_items: {add: [...], remove: [...], after: ..., before: ...}
                                  # the entry's list `default:`, edited
    without: [ge, params.tensor_parallel_size]
                                  # keys (a dotted path reaches into a mapping) the
                                  # entry no longer has

Each edit applies to the entry as it is in the release before (and, the same way, to a
mapping the change merges into: `cli: {without: [aliases]}`), so a change names only
what changed. `remove` goes first, then the values placed `after:` / `before:` a value
that is there, then `add` appends; everything kept stays where it was and as it was
written. Adding a value that is there, removing or anchoring on one that is not, and
removing a key the entry lacks are located errors.
"""

from __future__ import annotations

import ast
import json

from ..errors import Collector, did_you_mean
from ..model import schema_language as lang
from .reader import Reader
from .yaml_loader import Node

VALUES, DEFAULT_ITEMS, WITHOUT = "values", "default_items", "without"
#: The entry key each list edit edits.
TARGETS = {VALUES: "type", DEFAULT_ITEMS: "default"}
ADD, REMOVE, AFTER, BEFORE = "add", "remove", "after", "before"


def edit_keys(entry: Node, change: Node) -> tuple[str, ...]:
    """The keys of `change` that are edits of `entry` rather than its own keys:
    `values` only where the entry has a `type:` (a refused-values validator has a
    `values:` key of its own), `default_items` and `without` always."""
    out = []
    for key in change.value:
        if key == VALUES and "type" in entry.value or key in (DEFAULT_ITEMS, WITHOUT):
            out.append(key)
    return tuple(out)


def touched(entry: Node, change: Node) -> tuple[str, ...]:
    """The entry keys a change sets, edits or removes (`values` -> type, ...), in its
    order: what a change says differs, for tools that date it."""
    edits = edit_keys(entry, change)
    out: list[str] = []
    for key, value in change.value.items():
        if key == WITHOUT and key in edits:
            paths = value.value if value.is_seq else []
            out += [str(p.value).split(".")[0] for p in paths]
        else:
            out.append(TARGETS.get(key, key) if key in edits else key)
    return tuple(dict.fromkeys(out))


def apply(state: Node, change: Node, release: str, subject: str,
          errors: Collector) -> Node:
    """The entry in `release`: `state` (as it is in the release before) without the
    keys `without` names, the change's own keys merged in (a mapping into a mapping key
    by key, the same way down, anything else replaced), then its list edits applied.
    Mistakes go to `errors`, located at the edit that makes them."""
    edits = edit_keys(state, change)
    what = f"{subject} in {release}" if subject else release
    plain = {k: v for k, v in change.value.items() if k not in edits}
    if WITHOUT in edits:
        state = _without(state, change.value[WITHOUT], plain, what, errors)
    for key, target in TARGETS.items():
        if key in edits and target in plain:
            errors.error(change.key_locs.get(key, change.loc),
                         f"{what}: both {target} and {key}: write the new {target}, or "
                         f"edit the one before with {key}, not both")
            edits = tuple(e for e in edits if e != key)
    value = dict(state.value)
    key_locs = dict(state.key_locs)
    for key, new in plain.items():
        old = value.get(key)
        value[key] = apply(old, new, release, f"{subject}.{key}" if subject else key,
                           errors) if old is not None and old.is_map and new.is_map else new
        key_locs[key] = change.key_locs.get(key, new.loc)
    out = Node(value, state.loc, key_locs)
    for key, target in TARGETS.items():
        if key not in edits:
            continue
        node = change.value[key]
        current = out.value.get(target)
        if current is None:
            errors.error(change.key_locs.get(key, node.loc),
                         f"{what}: {key} edits the {target}, and there is none to edit")
            continue
        if key == VALUES:
            new = _edit_type(current, node, what, errors)
        else:
            new = _edit_default(current, node, what, errors)
        if new is not None:
            out.value[target] = new
            out.key_locs[target] = change.key_locs.get(key, node.loc)
    return out


# -- without ----------------------------------------------------------------------------


def _without(state: Node, paths: Node, plain: dict[str, Node], what: str,
             errors: Collector) -> Node:
    """`state` less the keys `paths` names (each a key, or a dotted path into mappings)."""
    if not paths.is_seq or not paths.value:
        errors.error(paths.loc, f"{what}: without takes a list of the keys the entry "
                                f"no longer has (e.g. without: [ge])")
        return state
    for item in paths.value:
        if not isinstance(item.value, str) or not item.value:
            errors.error(item.loc, f"{what}: without lists keys, each a name or a "
                                   f"dotted path (params.x)")
            continue
        steps = item.value.split(".")
        if steps[0] in plain:
            errors.error(item.loc, f"{what}: {steps[0]!r} is both removed (without) and "
                                   f"given in the same change")
            continue
        state = _drop(state, steps, item, what, errors) or state
    return state


def _drop(node: Node, steps: list[str], item: Node, what: str,
          errors: Collector) -> Node | None:
    """`node` without the key at `steps`; None (after a located error) when it has
    none there."""
    key, rest = steps[0], steps[1:]
    if not node.is_map or key not in node.value:
        keys = list(node.value) if node.is_map else []
        where = f" in {'.'.join(item.value.split('.')[:-len(steps)])}" \
            if len(steps) < len(item.value.split(".")) else ""
        errors.error(item.loc, f"{what}: cannot remove {item.value!r}: there is no key "
                               f"{key!r}{where}{did_you_mean(key, keys)}")
        return None
    value = dict(node.value)
    key_locs = dict(node.key_locs)
    if rest:
        inner = _drop(node.value[key], rest, item, what, errors)
        if inner is None:
            return None
        value[key] = inner
    else:
        del value[key]
        key_locs.pop(key, None)
    return Node(value, node.loc, key_locs)


# -- list edits -------------------------------------------------------------------------


def _read(edit: Node, key: str, what: str, errors: Collector) -> dict[str, Node] | None:
    """The edit's parts, checked: add/remove lists, after/before mappings of lists."""
    reader = Reader(edit, f"{key} of {what}", lang.LIST_EDIT, errors)
    if not reader.ok:
        return None
    if not edit.value:
        errors.error(edit.loc, f"{what}: {key} says nothing: give add, remove, after or "
                               f"before")
        return None
    ok = True
    for part in (ADD, REMOVE):
        node = edit.value.get(part)
        if node is not None and not node.is_seq:
            errors.error(node.loc, f"{what}: {key}.{part} must be a list of values")
            ok = False
    for part in (AFTER, BEFORE):
        node = edit.value.get(part)
        if node is None:
            continue
        if not node.is_map or not all(v.is_seq for v in node.value.values()):
            errors.error(node.loc, f"{what}: {key}.{part} maps a value that is there to "
                                   f"the list of values placed {part} it")
            ok = False
    return dict(edit.value) if ok else None


def _same(a: object, b: object) -> bool:
    """Equal as values of one type (so 1 is not True, nor "1")."""
    return type(a) is type(b) and a == b


def _index(items: list, value: object) -> int:
    return next((i for i, x in enumerate(items) if _same(x, value)), -1)


def _edit_items(items: list[tuple[object, object]], edit: dict[str, Node],
                shown: str, what: str, errors: Collector) -> list[tuple[object, object]]:
    """`items` (value, how it is written) edited; new ones are (value, its node)."""
    out = list(items)
    values = [v for v, _ in out]
    for node in edit.get(REMOVE, Node([], None)).value:
        at = _index(values, node.value)
        if at < 0:
            errors.error(node.loc, f"{what}: cannot remove {node.value!r}: it is not one of "
                                   f"{shown}{_suggest(node.value, values)}")
            continue
        del out[at], values[at]
    news: list[Node] = [n for part in (AFTER, BEFORE)
                        for lst in edit.get(part, Node({}, None)).value.values()
                        for n in lst.value]
    news += edit.get(ADD, Node([], None)).value
    seen: list[object] = []
    for node in news:
        if _index(values, node.value) >= 0 or _index(seen, node.value) >= 0:
            errors.error(node.loc, f"{what}: cannot add {node.value!r}: it is already one "
                                   f"of {shown}")
        seen.append(node.value)
    for part in (AFTER, BEFORE):
        anchors = edit.get(part)
        if anchors is None:
            continue
        for anchor, lst in anchors.value.items():
            at = next((i for i, v in enumerate(values) if _same(v, anchor)
                       or not isinstance(v, str) and str(v) == anchor), -1)
            if at < 0:
                errors.error(anchors.key_locs.get(anchor, lst.loc),
                             f"{what}: cannot place values {part} {anchor!r}: it is not one "
                             f"of {shown}{_suggest(anchor, values)}")
                continue
            at += part == AFTER
            new = [(n.value, n) for n in lst.value]
            out[at:at] = new
            values[at:at] = [v for v, _ in new]
    out += [(n.value, n) for n in edit.get(ADD, Node([], None)).value]
    return out


def _suggest(value: object, values: list) -> str:
    return did_you_mean(value, [v for v in values if isinstance(v, str)]) \
        if isinstance(value, str) else ""


def _edit_default(current: Node, edit: Node, what: str, errors: Collector) -> Node | None:
    """The list default edited (kept items keep their nodes, new ones are the edit's)."""
    parts = _read(edit, DEFAULT_ITEMS, what, errors)
    if parts is None:
        return None
    if not current.is_seq:
        errors.error(edit.loc, f"{what}: default_items edits a list default, and the "
                               f"default is {current.plain()!r}")
        return None
    items = [(n.plain(), n) for n in current.value]
    edited = _edit_items(items, parts, "the default's items", what, errors)
    return Node([n for _, n in edited], current.loc, dict(current.key_locs))


# -- a type's Literal[...] --------------------------------------------------------------


def literals(text: str) -> list[tuple[int, int, list[tuple[object, str]]]]:
    """Every `Literal[...]` of a type expression: (start, end, [(value, as written)]),
    end past its `]`. Raises ValueError on one it cannot read."""
    out = []
    at = 0
    while True:
        start = text.find("Literal[", at)
        if start < 0:
            return out
        if start and (text[start - 1].isalnum() or text[start - 1] in "_."):
            at = start + 1
            continue
        items, end = _literal_items(text, start + len("Literal["))
        out.append((start, end, items))
        at = end


def _literal_items(text: str, i: int) -> tuple[list[tuple[object, str]], int]:
    items: list[tuple[object, str]] = []
    begin, quote = i, ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c in ",]":
            written = text[begin:i].strip()
            if written:
                items.append((ast.literal_eval(written), written))
            if c == "]":
                return items, i + 1
            begin = i + 1
        elif c == "[":
            raise ValueError("a bracket inside Literal[...]")
        i += 1
    raise ValueError("Literal[ without its ]")


def _written(value: object) -> str:
    """A new value as a Python literal, strings in double quotes as the schema writes
    them."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def _edit_type(current: Node, edit: Node, what: str, errors: Collector) -> Node | None:
    """The type with its Literal's values edited; the rest of the type as written."""
    parts = _read(edit, VALUES, what, errors)
    if parts is None:
        return None
    text = current.value if isinstance(current.value, str) else ""
    try:
        found = literals(text)
    except (ValueError, SyntaxError):
        found = []
    if not found:
        errors.error(edit.loc, f"{what}: values edits the Literal[...] of the type, and "
                               f"the type is {text!r}")
        return None
    named = [n.value for p in (REMOVE,) for n in parts.get(p, Node([], None)).value]
    named += [a for p in (AFTER, BEFORE) for a in parts.get(p, Node({}, None)).value]
    chosen = _choose(found, named, ADD in parts)
    if chosen is None:
        errors.error(edit.loc, f"{what}: the type has {len(found)} Literal[...]; values "
                               f"edits one: say which by the values it removes or places "
                               f"values after or before")
        return None
    start, end, items = found[chosen]
    edited = _edit_items(items, parts, "the values", what, errors)
    if not edited:
        errors.error(edit.loc, f"{what}: values leaves the Literal[...] empty")
        return None
    body = ", ".join(w if isinstance(w, str) else _written(v) for v, w in edited)
    return Node(f"{text[:start]}Literal[{body}]{text[end:]}", current.loc,
                dict(current.key_locs))


def _choose(found: list, named: list, appends: bool) -> int | None:
    """Which Literal an edit means: the only one, or the one holding every value it
    names (removes, anchors); None when that is not one Literal."""
    if len(found) == 1:
        return 0
    holders = {i for i, (_, _, items) in enumerate(found)
               for n in named if any(_same(v, n) or str(v) == n for v, _ in items)}
    if len(holders) == 1 and (named or not appends):
        return holders.pop()
    return None
