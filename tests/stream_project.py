"""A small project of four releases, for the tests of what the docs and `explain` say
about a stream of releases (tests/test_release_history.py, tests/docs/): it does not
depend on how many releases the real schema lists.

Between its releases, 1.0 -> 2.0 -> 3.0 -> 4.0 (1.0 the default), it has every kind of
change: a field added (2.0), a default changed twice (3.0, 4.0), a field renamed (4.0),
a cache-key rule changed (2.0), allowed values gained (3.0) and lost (4.0), a long list
default that gains and loses items, a flag renamed while its field stays (4.0), a class
added (3.0) and a class removed (4.0).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from cfgc import pipeline

from .conftest import REPO, link_hooks

RELEASES = ("1.0", "2.0", "3.0", "4.0")
DEFAULT = "1.0"

OPS_1 = [f"vllm::operation_number_{i}" for i in range(4)]
OPS_3 = [*OPS_1[:3], "vllm::operation_number_9"]

SCHEMA = f"""
aliases:
  DType:
    doc: Storage type.
    type: Literal["auto", "fp8", "int8"]
    changed:
      "3.0": {{type: 'Literal["auto", "fp8", "int8", "fp4"]'}}
      "4.0": {{type: 'Literal["auto", "fp8", "fp4"]'}}
classes:
  CacheConfig:
    doc: The cache.
    hash: {{default: include}}
    cli: {{group: CacheConfig}}
    fields:
      size:
        type: int
        default: 2048
        changed: {{"3.0": {{default: 4096}}, "4.0": {{default: 8192}}}}
        doc: Tokens per block.
      fresh: {{type: bool, default: false, added: "2.0", doc: New in 2.0.}}
      stale:
        type: bool
        default: false
        removed: {{in: "4.0", renamed_to: CacheConfig.newer}}
        doc: Renamed in 4.0.
      newer: {{type: bool, default: false, added: "4.0", doc: The new name of stale.}}
      dtype: {{type: DType, default: auto, doc: Element type.}}
      swap:
        type: float
        default: 4
        hash: {{exclude: memory only}}
        changed: {{"2.0": {{hash: include}}}}
        doc: Swap space.
      ops:
        type: list[str]
        default: {OPS_1!r}
        changed: {{"3.0": {{default: {OPS_3!r}}}}}
        doc: Custom ops.
      mode:
        type: str
        default: eager
        cli: {{flag: --old-mode}}
        changed: {{"4.0": {{cli: {{flag: --run-mode}}}}}}
        doc: How it runs.
  Extra:
    doc: A config that exists from 3.0 on.
    added: "3.0"
    hash: {{default: include}}
    cli: {{group: Extra}}
    fields:
      level: {{type: int, default: 1, doc: A level.}}
  Legacy:
    doc: A config that 4.0 drops.
    removed: {{in: "4.0", dropped: nothing reads it any more}}
    hash: {{default: include}}
    cli: {{group: Legacy}}
    fields:
      knob: {{type: int, default: 0, doc: A knob.}}
  Top:
    doc: Holds the configs.
    hash: {{default: include}}
    fields:
      cache: {{type: CacheConfig, default_factory: CacheConfig, doc: The cache.}}
      extra: {{type: Extra, default_factory: Extra, doc: The extra config., added: "3.0"}}
      legacy:
        type: Legacy
        default_factory: Legacy
        doc: The legacy config.
        removed: {{in: "4.0", dropped: nothing reads it any more}}
"""


def make_project(root: Path) -> Path:
    """The project at `root` (schema/, pyproject.toml, the hooks linked): four releases."""
    (root / "schema").mkdir(parents=True)
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    project = (REPO / "schema" / "project.yaml").read_text()
    listed = ", ".join(f'"{r}"' for r in RELEASES)
    project, n = re.subn(r"list: \[[^\]]*\]", f"list: [{listed}]", project)
    project, m = re.subn(r'default: "[^"]*"', f'default: "{DEFAULT}"', project, count=1)
    assert n == 1 and m == 1, "schema/project.yaml no longer lists releases as expected"
    (root / "schema" / "project.yaml").write_text(project)
    (root / "schema" / "demo.yaml").write_text(SCHEMA)
    link_hooks(root)
    return root


def generate(root: Path) -> dict[str, str]:
    """Every file `cfgc generate` would write for the project, written under `root`
    (without the import check: the tests import what they need)."""
    outputs = pipeline.build_releases(pipeline.load_releases(root))
    for rel, content in outputs.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
    return outputs
