"""The schema language is described once (cfgc/model/schema_language.py); the parser's key
checks, the JSON Schema editors read (generated/schema-language.json) and the key
reference in docs/guide/schema.md come from it. These tests fail when the three
disagree: every record is probed through the real parser and the committed JSON Schema
with an unknown key (both must refuse it, at the same place) and with all its keys (both
must take every one), and the reference must list exactly the record's keys."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator

from cfgc.back import language_docs, language_schema
from cfgc.errors import SchemaError
from cfgc.front.parse import parse_release, read_documents
from cfgc.front.yaml_loader import Node, load_yaml
from cfgc.model.language import (
    Choice,
    Either,
    ListOf,
    MapOf,
    Record,
    Ref,
    Shape,
    Tagged,
    Text,
    refs,
)
from cfgc.model.schema_language import LANGUAGE

from .editor_helpers import REPO, json_error_places
from .listed_releases import RELEASES

SCHEMA = json.loads((REPO / language_schema.PATH).read_text())
VALIDATOR = Draft7Validator(SCHEMA)
RECORDS = LANGUAGE.records
PROBE = "zz_probe"


def example_value(record: Record, key: str) -> object:
    """The value of a key's example (`key: value`, one line of YAML)."""
    return yaml.safe_load(record.key(key).example)[key]


def minimal(record: Record, tag: str = "") -> dict:
    """The record with the keys it cannot go without, their values its examples."""
    keys = [*record.required()]
    keys += [k for k in (record.exactly_one[:1] + record.at_least_one[:1] + (tag,)) if k]
    for key, needed in record.needs:
        if key in keys:
            keys += needed
    return {k: example_value(record, k) for k in dict.fromkeys(keys)}


def sample_key(shape: Shape) -> str:
    """A mapping key that the key shape takes."""
    if isinstance(shape, Choice):
        return str(shape.names()[0])
    assert isinstance(shape, Text)
    return {"an environment variable name": "PROBE_VAR"}.get(shape.what, "Probe")


def wrap(shape: Shape, target: str, inner: dict, path: list) -> object:
    """A value of `shape` holding `inner` (a mapping of record `target`) somewhere;
    `path` is extended with where."""
    if isinstance(shape, Ref):
        assert shape.record == target
        return inner
    if isinstance(shape, MapOf):
        name = sample_key(shape.key)
        path.append(name)
        return {name: wrap(shape.value, target, inner, path)}
    if isinstance(shape, ListOf):
        path.append(0)
        return [wrap(shape.item, target, inner, path)]
    if isinstance(shape, Either):
        option = next(o for o in shape.options if target in refs(o))
        return wrap(option, target, inner, path)
    if isinstance(shape, Tagged):
        kind = next(k for k, r in shape.kinds if r == target)
        record = LANGUAGE.record(target)
        return {**minimal(record, tag=kind), **inner}
    raise AssertionError(shape)


def parents() -> dict[str, tuple[str, str]]:
    """For each record, the first (record, key) that names it, from the top down."""
    found: dict[str, tuple[str, str]] = {}
    queue = [LANGUAGE.top.name]
    while queue:
        record = LANGUAGE.record(queue.pop(0))
        for key in record.keys:
            for ref in refs(key.shape):
                if ref not in found and ref != LANGUAGE.top.name:
                    found[ref] = (record.name, key.name)
                    queue.append(ref)
    found.setdefault("removed", ("field", "removed"))  # only the release keys name it
    # only a release's change names it: a field's `changed: {R: {values: ...}}`
    found.setdefault("list_edit", ("field", "changed"))
    # Through a class's methods: an enum's properties take no params, steps or hooks.
    found["accessor"] = ("class", "methods")
    return found


PARENTS = parents()


def probe_document(target: str, body: dict) -> tuple[dict, list]:
    """A schema file holding `body` as the mapping of record `target`, and its path."""
    path: list = []
    inner: dict = body
    name = target
    while name != LANGUAGE.top.name:
        parent_name, key = PARENTS[name]
        parent = LANGUAGE.record(parent_name)
        if name == "list_edit":  # the values of a Literal type, edited in a release
            local: list = [RELEASES[-1], "values"]
            value: object = {RELEASES[-1]: {"values": inner}}
            inner = {**minimal(parent), "type": 'Literal["a", "b"]', key: value}
            path = [key, *local, *path]
            name = parent_name
            continue
        shape = next(k.shape for k in (*parent.keys, *LANGUAGE.history_keys)
                     if k.name == key)
        local = []
        value = wrap(shape, name, inner, local)
        inner = {**minimal(parent), key: value}
        path = [key, *local, *path]
        name = parent_name
    return inner, path


def parse(tmp_path: Path, document: dict) -> tuple[list, Node]:
    """cfgc's diagnostics for the document (next to the real project.yaml, after it so
    that a probe's own project section is the one read), and the document's located
    nodes."""
    schema = tmp_path / "schema"
    schema.mkdir(exist_ok=True)
    (schema / "project.yaml").write_text((REPO / "schema" / "project.yaml").read_text())
    probe = schema / "a_probe.yaml"
    probe.write_text(yaml.safe_dump(document, sort_keys=False))
    node = load_yaml(probe, "schema/a_probe.yaml")
    try:
        parse_release(read_documents(schema, tmp_path), None, tmp_path)
    except SchemaError as exc:
        return exc.diagnostics, node
    return [], node


def at(node: Node, path: list) -> Node:
    for step in path:
        node = node.value[step]
    return node


def unknown_keys(diagnostics: list) -> list:
    return [d for d in diagnostics if d.message.startswith("unknown key")
            or "unknown specialisation axis" in d.message or "unknown dtype" in d.message]


def test_every_record_is_named_and_every_name_is_a_record() -> None:
    names = [r.name for r in RECORDS]
    assert len(names) == len(set(names))
    for record in RECORDS:
        for key in record.keys:
            assert key.doc.strip() and "\n" not in key.doc, (record.name, key.name)
            for ref in refs(key.shape):
                assert ref in names, (record.name, key.name, ref)
    assert set(PARENTS) | {LANGUAGE.top.name} == set(names)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.name)
def test_every_example_is_one_line_the_json_schema_takes(record: Record) -> None:
    definition = SCHEMA if record is LANGUAGE.top else SCHEMA["definitions"][record.name]
    # The release keys' examples are a field's (`changed: {"0.33.0": {default: 8192}}`).
    history = LANGUAGE.history_keys if record.name == "field" else ()
    for key in (*record.keys, *history):
        assert "\n" not in key.example and "`" not in key.example, key.name
        parsed = yaml.safe_load(key.example)
        assert isinstance(parsed, dict) and list(parsed) == [key.name], key.example
        prop = {**definition["properties"][key.name], "definitions": SCHEMA["definitions"]}
        errors = [e.message for e in Draft7Validator(prop).iter_errors(parsed[key.name])]
        assert errors == [], (record.name, key.example, errors)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.name)
def test_parser_and_json_schema_refuse_an_unknown_key_at_the_same_place(
        record: Record, tmp_path: Path) -> None:
    document, path = probe_document(record.name, {**minimal(record), PROBE: 1})
    diagnostics, node = parse(tmp_path, document)
    place = at(node, path).key_locs[PROBE]
    refused = [d for d in unknown_keys(diagnostics) if PROBE in d.message]
    assert [(d.loc.line, d.loc.col) for d in refused] == [(place.line, place.col)], diagnostics
    if record.open:  # a profile's other keys are the attributes the schema declares
        return
    json_places = {p for e in VALIDATOR.iter_errors(document)
                   for p in json_error_places(e, node) if PROBE in e.message}
    assert (place.line, place.col) in json_places


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.name)
def test_parser_and_json_schema_take_every_key_of_a_record(record: Record,
                                                            tmp_path: Path) -> None:
    body = {k.name: example_value(record, k.name) for k in record.keys}
    document, path = probe_document(record.name, body)
    diagnostics, node = parse(tmp_path, document)
    keys = {(loc.line, loc.col) for loc in at(node, path).key_locs.values()}
    refused = [d.message for d in unknown_keys(diagnostics) if (d.loc.line, d.loc.col) in keys]
    assert refused == [], refused
    extra = [e.message for e in VALIDATOR.iter_errors(document)
             if e.validator == "additionalProperties" and list(e.absolute_path) == path]
    assert extra == []


@pytest.mark.parametrize("record", [r for r in RECORDS if r is not LANGUAGE.top],
                         ids=lambda r: r.name)
def test_json_schema_lists_the_keys_of_each_record(record: Record) -> None:
    props = SCHEMA["definitions"][record.name]["properties"]
    history = [k.name for k in LANGUAGE.history_keys] if record.history else []
    assert list(props) == [*record.names(), *history]
    assert SCHEMA["definitions"][record.name].get("additionalProperties", True) is \
        bool(record.open)


def test_reference_lists_the_keys_of_each_record(repo: Path) -> None:
    guide = (repo / language_docs.GUIDE).read_text()
    block = guide.split(language_docs.BEGIN)[1].split(language_docs.END)[0]
    sections = re.split(r"^### ", block, flags=re.M)[1:]
    listed = {}
    for section in sections:
        anchor = re.search(r"\{#([\w-]+)\}", section.splitlines()[0])[1]
        listed[anchor] = re.findall(r"^- \*\*`([^`]+)`\*\*", section, flags=re.M)
    expected = {language_docs.anchor(r.name): list(r.names()) for r in RECORDS}
    expected[language_docs.anchor("history")] = [k.name for k in LANGUAGE.history_keys]
    expected[language_docs.anchor("changes")] = [c.key.name for c in LANGUAGE.change_keys]
    assert listed == expected


@pytest.mark.parametrize("record", [r for r in RECORDS if r.history], ids=lambda r: r.name)
def test_a_release_change_takes_the_record_keys_and_its_edits(record: Record) -> None:
    """A release's change of an entry (`changed: {R: {...}}`) holds any of the record's
    keys, and the edits that apply to it: `values` where the record has a type,
    `default_items` where it has a default value, `without` everywhere."""
    props = SCHEMA["definitions"][record.name + ".changes"]["properties"]
    edits = [c.key.name for c in LANGUAGE.change_keys if c.applies(record)]
    history = [k.name for k in LANGUAGE.history_keys]
    assert list(props) == [*record.names(), *edits, *history]
    assert "without" in edits
    assert ("values" in edits) is ("type" in record.names())
    assert not set(edits) & set(record.names()), "an edit may not shadow a key"
    for change in LANGUAGE.change_keys:
        if change.key.name in props:
            example = yaml.safe_load(change.key.example)[change.key.name]
            prop = {**props[change.key.name], "definitions": SCHEMA["definitions"]}
            assert list(Draft7Validator(prop).iter_errors(example)) == [], change.key.example


def test_committed_outputs_are_the_generated_ones(repo: Path) -> None:
    """The JSON Schema and the reference as `cfgc generate` writes them (`cfgc check`
    also says so; this names the file)."""
    assert (repo / language_schema.PATH).read_text() == language_schema.emit()[
        language_schema.PATH]
    guide = (repo / language_docs.GUIDE).read_text()
    assert language_docs.splice(guide) == guide


def test_adding_a_key_is_one_entry(tmp_path: Path) -> None:
    """A key added to a record's entry is taken by the parser and offered by the JSON
    Schema and the reference, with no other change."""
    from dataclasses import replace

    from cfgc.front import reader
    from cfgc.model import schema_language as lang
    from cfgc.model.language import Flag, Key, Language

    new = Key("experimental", Flag(), "Marks the field experimental.", "experimental: true")
    field = replace(lang.FIELD, keys=(*lang.FIELD.keys, new))
    language = Language(tuple(field if r is lang.FIELD else r for r in RECORDS),
                        LANGUAGE.history_keys)
    props = language_schema.schema(language)["definitions"]["field"]["properties"]
    assert props["experimental"]["description"] == "Marks the field experimental."
    assert "- **`experimental`** (true or false): Marks the field experimental." in \
        language_docs.render(language)
    from cfgc.errors import Collector

    errors = Collector()
    node = Node({"experimental": Node(True, None)}, None, {"experimental": None})
    reader.Reader(node, "field Demo.x", field, errors)
    assert errors.diagnostics == []
    reader.Reader(node, "field Demo.x", lang.FIELD, errors)
    assert "unknown key 'experimental'" in errors.diagnostics[0].message


def test_the_parser_checks_keys_only_against_the_language(monkeypatch) -> None:
    """Every mapping the parser reads in the real schema is checked against a record of
    the language, with nothing added (a platform profile adds its declared
    attributes): the parser can take no key the JSON Schema and the reference lack."""
    from cfgc.front import reader
    from cfgc.model import schema_language as lang

    seen: list[tuple[Record, tuple]] = []
    real = reader.Reader.__init__

    def recording(self, node, what, record, errors, also=()):
        seen.append((record, tuple(also)))
        real(self, node, what, record, errors, also)

    monkeypatch.setattr(reader.Reader, "__init__", recording)
    docs = read_documents(REPO / "schema", REPO)
    for release in RELEASES:
        parse_release(docs, release, REPO)
    assert seen
    for record, also in seen:
        assert any(record is r for r in RECORDS), record
        assert not also or record is lang.PROFILE
