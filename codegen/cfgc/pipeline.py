"""The whole compile: schema dir -> model -> resolved -> {path: content}. No I/O beyond
reading the schema, no global state; `cli.py` decides what to do with the result."""

from __future__ import annotations

from pathlib import Path

from . import (
    deps,
    emit_cli,
    emit_docs,
    emit_explain,
    emit_jsonschema,
    emit_python,
    emit_warmup,
    kernels,
    platforms,
)
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
    if schema.kernel_set is not None:
        errors = Collector()
        kernels.check_sources(schema.kernel_set, root / KERNELS_DIR, errors)
        errors.raise_if_any()
    deps.check_aliases(schema)
    res = resolve(schema)
    errors = Collector()
    platforms.check_values(schema.platform_set, res, errors)
    errors.raise_if_any()
    deps.check(res)  # cycles no definition order can fix
    return res


def build(res: Resolved) -> dict[str, str]:
    outputs: dict[str, str] = {}
    flags = emit_cli.build_table(res)  # one table for the parser's data and the CLI page
    for rel, content in emit_python.emit_package(res).items():
        outputs[f"{GENERATED_DIR}/{rel}"] = content
    for rel, content in emit_docs.emit_reference(res, flags).items():
        outputs[f"{DOCS_REFERENCE_DIR}/{rel}"] = content
    for rel, content in emit_cli.emit_cli(res, flags).items():
        outputs[f"{GENERATED_DIR}/{rel}"] = content
    for rel, content in emit_explain.emit_explain(res, flags).items():
        outputs[f"{GENERATED_DIR}/{rel}"] = content
    config_schema = emit_jsonschema.emit_jsonschema(res, flags)  # package data and docs site
    outputs[f"{GENERATED_DIR}/{res.schema.package}/config_schema.json"] = config_schema
    outputs[f"{DOCS_REFERENCE_DIR}/config_schema.json"] = config_schema
    kernels_root = (res.schema.root or Path(".")) / KERNELS_DIR
    for rel, content in emit_warmup.emit_warmup(res, kernels_root).items():
        outputs[f"{GENERATED_DIR}/{rel}"] = content
    ps = res.schema.platform_set
    if ps is not None:
        pkg = res.schema.package
        outputs[f"{GENERATED_DIR}/{pkg}/platforms.py"] = platforms.emit_module(
            ps, pkg, res.schema.platform_file)
        outputs[f"{DOCS_REFERENCE_DIR}/platforms.md"] = platforms.emit_docs(
            ps, platforms.readers(ps, outputs, f"{GENERATED_DIR}/{pkg}/"))
    outputs.update(manifests(outputs, OWNED_DIRS))
    return outputs
