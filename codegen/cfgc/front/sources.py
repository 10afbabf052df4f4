"""Which files are the schema: shared by the parser and the compile memo (cfgc.memo),
which must decide without loading the front end whether anything changed."""

from __future__ import annotations

from pathlib import Path


def schema_files(schema_dir: Path) -> list[Path]:
    """The schema files a compile reads: every `*.yaml` under `schema_dir`, except those
    under a path part starting with `_` (notes), sorted so output is deterministic."""
    return sorted(p for p in schema_dir.rglob("*.yaml")
                  if not any(part.startswith("_") for part in p.relative_to(schema_dir).parts))
