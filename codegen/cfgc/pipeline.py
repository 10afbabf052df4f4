"""The whole compile: schema dir -> model -> resolved -> {path: content}. No I/O beyond
reading the schema, no global state; `cli.py` decides what to do with the result."""

from __future__ import annotations

from pathlib import Path

from . import emit_cli, emit_docs, emit_python
from .files import manifests
from .parse import parse_schema_dir
from .resolve import Resolved, resolve

GENERATED_DIR = "generated"
DOCS_REFERENCE_DIR = "docs/reference"
OWNED_DIRS = (GENERATED_DIR, DOCS_REFERENCE_DIR)


def load(root: Path) -> Resolved:
    return resolve(parse_schema_dir(root / "schema", root))


def build(res: Resolved) -> dict[str, str]:
    outputs: dict[str, str] = {}
    for rel, content in emit_python.emit_package(res).items():
        outputs[f"{GENERATED_DIR}/{rel}"] = content
    for rel, content in emit_docs.emit_reference(res).items():
        outputs[f"{DOCS_REFERENCE_DIR}/{rel}"] = content
    outputs.update({f"{GENERATED_DIR}/{rel}": c for rel, c in emit_cli.emit_cli(res).items()})
    outputs.update(manifests(outputs, OWNED_DIRS))
    return outputs
