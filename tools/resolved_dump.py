"""A canonical JSON dump of each release's resolved model, to show that a rewrite of the
schema (a restated value turned into a `changed:` edit, a file reordered) changes no
release.

    python tools/resolved_dump.py                     # one line per release: its digest
    python tools/resolved_dump.py --out DIR           # ... and DIR/<release>.json
    python tools/resolved_dump.py --root OTHER_CHECKOUT --out DIR2
    python tools/resolved_dump.py --compare DIR DIR2  # which releases differ, and where
    python tools/resolved_dump.py --stats             # lines under changed:, restatements

The dump holds everything the front end hands the backends (front/load.py): the schema
records, the compiled behaviour, the flag table, the history notes and release changes
(`Resolved`, all of its fields but its expansion cache), with every location left out:
where the schema said a thing is not what it says. Lists and tuples keep their order
(the order of a Literal's values or of the classes is part of the model); mappings
(lookup tables, filled in the order files were listed) and sets are sorted.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import enum
import hashlib
import json
import signal
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "codegen"))

from cfgc.errors import Loc, SchemaError  # noqa: E402 - codegen/ is on the path just above

#: Fields left out of the dump: caches, not model.
SKIPPED = {"_expanded"}


def canonical(value: object) -> object:
    """`value` as JSON data: dataclasses as mappings named by their type, locations
    dropped, sets sorted."""
    if isinstance(value, Loc):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, object] = {"__type__": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.name in SKIPPED:
                continue
            item = getattr(value, f.name)
            if isinstance(item, Loc):
                continue
            out[f.name] = canonical(item)
        return out
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Mapping):  # a lookup table: its order is how it was filled
        pairs = [[canonical(k), canonical(v)] for k, v in value.items()]
        return {"__map__": sorted(pairs, key=lambda p: json.dumps(p[0], sort_keys=True))}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        items = [canonical(v) for v in value]
        return {"__set__": sorted(items, key=lambda x: json.dumps(x, sort_keys=True))}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, ast.AST):  # a parsed expression: its tree, not where it was
        return {"__ast__": ast.dump(value)}
    if isinstance(value, Path):
        return str(value)
    text = repr(value)
    if " at 0x" in text:
        raise TypeError(f"no canonical form for {type(value).__name__}: {text[:80]}")
    return {"__repr__": text}


def dump(res: object) -> str:
    """One release's resolved model as canonical JSON text."""
    return json.dumps(canonical(res), sort_keys=False, ensure_ascii=False, indent=0) + "\n"


def dumps(root: Path) -> dict[str, str]:
    """Every release of the project at `root`, resolved and dumped, by release (the
    project's own folder written as `<root>`, so that two checkouts compare)."""
    from cfgc import pipeline

    return {r.schema.release: dump(r).replace(json.dumps(str(root))[1:-1], "<root>")
            for r in pipeline.load_releases(root)}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def compare(a: Path, b: Path) -> list[str]:
    """For each release dumped in either folder, a line saying whether they are equal
    (and the first line where they differ)."""
    lines = []
    names = sorted({p.stem for p in (*a.glob("*.json"), *b.glob("*.json"))})
    for name in names:
        left, right = a / f"{name}.json", b / f"{name}.json"
        if not left.is_file() or not right.is_file():
            lines.append(f"{name}: only in {a if left.is_file() else b}")
            continue
        x, y = left.read_text().splitlines(), right.read_text().splitlines()
        if x == y:
            lines.append(f"{name}: equal")
            continue
        at = next((i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q),
                  min(len(x), len(y)))
        lines.append(f"{name}: differs at line {at + 1}: {x[at][:120] if at < len(x) else ''}"
                     f" | {y[at][:120] if at < len(y) else ''}")
    return lines


def changed_entries(root: Path):
    """Every release's change of every entry of the schema at `root`: (file, path,
    release, the change, the entry as it is in the release before)."""
    from cfgc.errors import Collector
    from cfgc.front import edits
    from cfgc.front import releases as rel
    from cfgc.front.sources import schema_files
    from cfgc.front.yaml_loader import Node, load_yaml

    def walk(node: Node, path: tuple[str, ...], file: str):
        if node.is_seq:
            for i, item in enumerate(node.value):
                yield from walk(item, (*path, str(i)), file)
            return
        if not node.is_map:
            return
        marks = rel._markers(node)
        if rel.CHANGED in marks:
            state = rel._unmarked(node, marks)
            changes = marks[rel.CHANGED].value
            for release in sorted(changes, key=lambda r: [int(p) for p in r.split(".")]):
                yield file, path, release, changes[release], state
                state = edits.apply(state, changes[release], release, "", Collector())
        for key, child in node.value.items():
            if marks.get(key) is not child:
                yield from walk(child, (*path, key), file)

    for path in schema_files(root / "schema"):
        yield from walk(load_yaml(path, path.name), (), path.name)


def restatements(root: Path) -> list[str]:
    """The changes that restate a Literal or a list default that an edit (`values:`,
    `default_items:`) could state by difference: a `type:` whose Literal values differ
    from those of the type before and nothing else, a list `default:` over a list."""
    from cfgc.front.edits import literals

    def outside(text: str) -> tuple[str, list[tuple[int, int]]]:
        spans = literals(text)
        rest = text
        for start, end, _ in reversed(spans):
            rest = rest[:start] + "Literal[]" + rest[end:]
        return " ".join(rest.split()), spans

    found = []
    for file, path, release, change, before in changed_entries(root):
        new_type, old_type = change.value.get("type"), before.value.get("type")
        if new_type is not None and old_type is not None and all(
                isinstance(t.value, str) and "Literal[" in t.value
                for t in (new_type, old_type)):
            try:
                (a, _), (b, _) = outside(old_type.value), outside(new_type.value)
            except (ValueError, SyntaxError):
                a, b = "", "-"
            if a == b:
                found.append(f"{file}:{new_type.loc.line}: {'.'.join(path)} {release} type")
        new_default, old_default = change.value.get("default"), before.value.get("default")
        if new_default is not None and new_default.is_seq and old_default is not None \
                and old_default.is_seq:
            found.append(f"{file}:{new_default.loc.line}: {'.'.join(path)} {release} default")
    return found


def changed_lines(root: Path) -> int:
    """Lines of the schema inside a `changed:` value (from its first line to its last,
    comment lines not counted; the `changed:` line itself counts where the value starts
    on it)."""
    import yaml

    def spans(text: str, node: yaml.Node):
        if isinstance(node, yaml.SequenceNode):
            for item in node.value:
                yield from spans(text, item)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == "changed" and isinstance(value, yaml.MappingNode):
                    end = value.end_mark.index
                    while end and text[end - 1] in " \n":
                        end -= 1
                    yield range(value.start_mark.line, text.count("\n", 0, end) + 1)
                yield from spans(text, value)

    total = 0
    for path in sorted((root / "schema").glob("*.yaml")):
        text = path.read_text()
        lines = text.split("\n")
        counted = {i for span in spans(text, yaml.compose(text, Loader=yaml.SafeLoader))
                   for i in span}
        total += sum(1 for i in counted if not lines[i].strip().startswith("#"))
    return total


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the project whose schema is resolved (default: this one)")
    parser.add_argument("--out", type=Path, help="write <release>.json here")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("DIR", "DIR2"),
                        help="compare two folders of dumps; exit 1 when any differs")
    parser.add_argument("--stats", action="store_true",
                        help="count the lines under changed: and the restatements")
    args = parser.parse_args(argv)
    if args.stats:
        found = restatements(args.root)
        print(f"lines under changed: {changed_lines(args.root)}")
        print(f"Literal or list-default restatements: {len(found)}")
        for line in found:
            print(f"  {line}")
        return 0
    if args.compare:
        lines = compare(*args.compare)
        print("\n".join(lines))
        return 0 if all(line.endswith(": equal") for line in lines) else 1
    try:
        texts = dumps(args.root.resolve())
    except SchemaError as exc:
        print("\n".join(str(d) for d in exc.diagnostics), file=sys.stderr)
        return 2
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for release, text in texts.items():
            (args.out / f"{release}.json").write_text(text)
    for release, text in texts.items():
        print(f"{release} {digest(text)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
