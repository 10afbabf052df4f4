"""The driver: schema/ -> the resolved model (front end) -> every backend -> {path: content}.

No I/O beyond reading the schema (and the kernel sources), no global state; `cli.py`
decides what to write (`files.py` writes it).
"""

from __future__ import annotations

from pathlib import Path

from .back import (
    OWNED_DIRS,
    cli,
    docs,
    explain,
    jsonschema,
    package,
    platforms,
    warmup,
)
from .files import manifests
from .front.load import load as _load
from .model.resolved import Resolved

__all__ = ["BACKENDS", "OWNED_DIRS", "build", "load"]

#: Every output, by name, in the order they run (platforms reads the package's code).
BACKENDS = (
    ("package", package),
    ("docs", docs),
    ("cli", cli),
    ("explain", explain),
    ("jsonschema", jsonschema),
    ("warmup", warmup),
    ("platforms", platforms),
)


def load(root: Path) -> Resolved:
    """The project's schema, resolved (the front end; SchemaError when it is broken)."""
    return _load(root)


def build(res: Resolved) -> dict[str, str]:
    """Every generated file, by path from the project root, with the owned folders'
    manifests."""
    outputs: dict[str, str] = {}
    for _, backend in BACKENDS:
        outputs.update(backend.emit(res, outputs))
    outputs.update(manifests(outputs, OWNED_DIRS))
    return outputs
