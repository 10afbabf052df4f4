"""What an editor shows for the schema files: every file in schema/ names the language's
JSON Schema the way yaml-language-server reads it and is valid under it, and every shape
error of the broken-schema corpus (a wrong key, type or value) fails the JSON Schema at
the place cfgc reports, while the corpus's other errors (types, expressions,
references: what only the compiler sees) raise nothing there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator

from cfgc.back import language_schema
from cfgc.errors import SchemaError
from cfgc.front.load import load_releases
from cfgc.front.sources import schema_files
from cfgc.front.yaml_loader import load_yaml

from .editor_helpers import REPO, json_error_places

VALIDATOR = Draft7Validator(json.loads((REPO / language_schema.PATH).read_text()))
SCHEMA_FILES = schema_files(REPO / "schema")
CORPUS = sorted((REPO / "tests" / "schema_errors").glob("*.yaml"))
#: Shape errors: the key, the kind of value or the value itself is wrong, which a JSON
#: Schema can say.
SHAPE = {
    "unknown_key", "missing_doc", "unknown_validator", "exclude_without_reason",
    "cli_none_not_bool", "call_not_dotted", "environment_bad_type",
    "environment_default_and_env", "rule_category_not_a_warning", "rule_missing_require",
    "method_step_hook", "step_return_in_resolve", "release_removed_without_fate",
    "release_edit_unknown_key",
}
#: Refused by cfgc's YAML loader before any shape is looked at (the editor's YAML parser
#: reports duplicate keys and unknown tags itself).
NOT_DATA = {"duplicate_key", "unsafe_tag", "deep_nesting"}


def test_every_schema_file_names_the_json_schema_on_its_first_line() -> None:
    assert len(SCHEMA_FILES) > 30
    target = (REPO / "schema" / language_schema.MODELINE.split("$schema=")[1]).resolve()
    assert target == (REPO / language_schema.PATH).resolve() and target.is_file()
    for path in SCHEMA_FILES:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == language_schema.MODELINE, path.name


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_schema_file_is_valid(path: Path) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in VALIDATOR.iter_errors(yaml.safe_load(path.read_text()))]
    assert errors == []


def test_the_corpus_is_sorted_into_kinds() -> None:
    names = {p.stem for p in CORPUS}
    assert SHAPE <= names and NOT_DATA <= names
    assert len(names - SHAPE - NOT_DATA) > 40  # the compiler's own checks


def cfgc_places(case: Path, project: Path) -> tuple[tuple[int, int], set[tuple[int, int]]]:
    """Where the case's first line expects the error, and every place cfgc reports."""
    expected = re.match(r"# expect: case\.yaml:(\d+):(\d+):", case.read_text())
    (project / "schema" / "case.yaml").write_text(case.read_text())
    with pytest.raises(SchemaError) as info:
        load_releases(project)
    places = {(d.loc.line, d.loc.col) for d in info.value.diagnostics
              if d.loc.file == "schema/case.yaml"}
    return (int(expected[1]), int(expected[2])), places


@pytest.mark.parametrize("case", CORPUS, ids=lambda p: p.stem)
def test_a_shape_error_fails_the_json_schema_where_cfgc_reports_it(case: Path,
                                                                   project: Path) -> None:
    if case.stem in NOT_DATA:
        with pytest.raises(SchemaError):
            load_yaml(case, "case.yaml")
        return
    expected, reported = cfgc_places(case, project)
    assert expected in reported
    node = load_yaml(case, "case.yaml")
    errors = list(VALIDATOR.iter_errors(node.plain()))
    if case.stem not in SHAPE:
        assert [e.message for e in errors] == []
        return
    places = set().union(*(json_error_places(e, node) for e in errors))
    assert expected in places, [e.message for e in errors]
    # No error anywhere cfgc does not report one: an editor underlines nothing extra.
    for e in errors:
        assert json_error_places(e, node) & reported, e.message
