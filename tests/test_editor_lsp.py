"""A real yaml-language-server (the npm package pinned in tools/editor/, installed by
`npm ci` there: tools/test.sh does it, and so does this module when it is missing) over a
schema file, driven as an editor drives it: the file's modeline leads it to the
generated JSON Schema of the language, and it then completes a field's keys, shows a
key's meaning on hover and underlines a misspelled key."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from cfgc.model import schema_language as lang

from .editor_helpers import REPO
from .lsp_client import LspClient

EDITOR = REPO / "tools" / "editor"
SERVER = EDITOR / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"
SETTINGS = {"yaml": {"validate": True, "hover": True, "completion": True,
                     "schemaStore": {"enable": False}, "format": {"enable": False}}}
SCHEMA_FILE = REPO / "schema" / "cache.yaml"


def install() -> Path:
    """The pinned server, installed from package-lock.json when it is not yet there."""
    if not SERVER.is_file():
        npm = shutil.which("npm")
        assert npm, "npm is needed to install yaml-language-server (tools/test.sh does)"
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--prefix", str(EDITOR)],
                       check=True, capture_output=True, timeout=600)
    return SERVER


@pytest.fixture(scope="module")
def server() -> Iterator[LspClient]:
    node = shutil.which("node")
    assert node, "node is needed to run yaml-language-server (tools/test.sh installs it)"
    client = LspClient([node, str(install()), "--stdio"], SETTINGS)
    client.request("initialize", {
        "processId": None, "rootUri": REPO.as_uri(),
        "workspaceFolders": [{"uri": REPO.as_uri(), "name": "cfgc"}],
        "capabilities": {
            "workspace": {"configuration": True},
            "textDocument": {
                "completion": {"completionItem": {"snippetSupport": False}},
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "publishDiagnostics": {},
            },
        },
    }, timeout=120)
    client.notify("initialized", {})
    client.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
    yield client
    client.close()


class Document:
    """A schema file open in the server, under its own name in schema/ (so that its
    modeline's relative path finds generated/schema-language.json) with a given text."""

    count = 0

    def __init__(self, client: LspClient, text: str):
        Document.count += 1
        self.client = client
        self.uri = (REPO / "schema" / f"lsp_{Document.count}.yaml").as_uri()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "yaml", "version": 1, "text": text}})

    def diagnostics(self, match=lambda diags: True) -> list[dict]:
        return self.client.wait_for(
            "textDocument/publishDiagnostics",
            lambda p: p["uri"] == self.uri and match(p["diagnostics"]))["diagnostics"]

    def at(self, method: str, line: int, character: int):
        return self.client.request(method, {"textDocument": {"uri": self.uri},
                                            "position": {"line": line,
                                                         "character": character}})


def a_field_type_line(lines: list[str]) -> int:
    """The line of the first field's one-line `type:` (a key of a field mapping: under
    a class's `fields:`, not under a release's `changed:`)."""
    fields = lines.index("    fields:")
    for i in range(fields + 1, len(lines)):
        if re.fullmatch(r" {8}type: [^>|].*", lines[i]):
            return i
        if re.fullmatch(r" {0,4}\S.*", lines[i]):  # the fields ended without one
            break
    raise AssertionError("no field with a one-line type under the first fields:")


def test_the_schema_file_as_it_is_has_no_diagnostic(server: LspClient) -> None:
    doc = Document(server, SCHEMA_FILE.read_text())
    assert doc.diagnostics() == []


def test_a_misspelled_key_is_underlined_where_it_is(server: LspClient) -> None:
    lines = SCHEMA_FILE.read_text().splitlines()
    at = a_field_type_line(lines) + 1
    lines.insert(at, "        defualt: 3")
    doc = Document(server, "\n".join(lines) + "\n")
    diags = doc.diagnostics(lambda d: d != [])
    assert [(d["range"]["start"]["line"], d["range"]["start"]["character"]) for d in diags] \
        == [(at, 8)]
    assert "defualt" in diags[0]["message"] and "not allowed" in diags[0]["message"]


def test_keys_of_a_field_are_completed(server: LspClient) -> None:
    lines = SCHEMA_FILE.read_text().splitlines()
    at = a_field_type_line(lines) + 1
    lines.insert(at, "        ")
    doc = Document(server, "\n".join(lines) + "\n")
    result = doc.at("textDocument/completion", at, 8)
    items = result["items"] if isinstance(result, dict) else result
    labels = {item["label"] for item in items}
    # Every key of a field the line does not have yet is offered, and nothing else.
    assert {"derive", "validate", "hash", "cli", "deprecated_values"} <= labels
    assert labels <= set(lang.FIELD.names()) | {"added", "removed", "changed"}
    derive = next(item for item in items if item["label"] == "derive")
    documentation = derive.get("documentation", "")
    text = documentation.get("value", "") if isinstance(documentation, dict) else documentation
    assert lang.FIELD.key("derive").doc in text


def test_hover_on_a_key_shows_its_meaning_and_example(server: LspClient) -> None:
    lines = SCHEMA_FILE.read_text().splitlines()
    at = a_field_type_line(lines)
    doc = Document(server, SCHEMA_FILE.read_text())
    hover = doc.at("textDocument/hover", at, 9)
    contents = hover["contents"]
    text = contents["value"] if isinstance(contents, dict) else str(contents)
    assert lang.FIELD.key("type").doc in text
    assert lang.FIELD.key("type").example in text
