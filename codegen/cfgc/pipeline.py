"""The whole compile: schema dir -> model -> resolved -> {path: content}. No I/O beyond
reading the schema, no global state; `cli.py` decides what to do with the result."""

from __future__ import annotations

from pathlib import Path

from . import emit_cli, emit_docs, emit_python, emit_warmup, kernels
from .errors import Collector
from .files import manifests
from .parse import parse_schema_dir
from .resolve import Resolved, resolve

GENERATED_DIR = "generated"
DOCS_REFERENCE_DIR = "docs/reference"
OWNED_DIRS = (GENERATED_DIR, DOCS_REFERENCE_DIR)


KERNELS_DIR = "kernels"


def load(root: Path) -> Resolved:
    schema = parse_schema_dir(root / "schema", root)
    kernel_set = schema.extras.get("kernel_set")
    if kernel_set is not None:
        errors = Collector()
        kernels.check_sources(kernel_set, root / KERNELS_DIR, errors)
        errors.raise_if_any()
    schema.extras["kernels_root"] = root / KERNELS_DIR
    return resolve(schema)


def build(res: Resolved) -> dict[str, str]:
    outputs: dict[str, str] = {}
    for rel, content in emit_python.emit_package(res).items():
        outputs[f"{GENERATED_DIR}/{rel}"] = content
    for rel, content in emit_docs.emit_reference(res).items():
        outputs[f"{DOCS_REFERENCE_DIR}/{rel}"] = content
    outputs.update({f"{GENERATED_DIR}/{rel}": c for rel, c in emit_cli.emit_cli(res).items()})
    kernels_root = res.schema.extras.get("kernels_root", Path(KERNELS_DIR))
    for rel, content in emit_warmup.emit_warmup(res, kernels_root).items():
        outputs[f"{GENERATED_DIR}/{rel}"] = content
    outputs.update(manifests(outputs, OWNED_DIRS))
    return outputs
