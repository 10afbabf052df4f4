"""The front end's one entry: schema/*.yaml -> the resolved, immutable model.

Parse (with the kernels and platforms sections), check what needs the whole schema
(definition cycles, kernel sources, platform values), resolve, then compute once the
views several backends read (class order, alias order, class tree, flag table). A
broken schema raises SchemaError with every located problem.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from ..errors import Collector
from ..model import schema as m
from ..model.kernels import KERNELS_DIR
from ..model.resolved import Resolved
from . import deps, flags, history, kernels, platforms
from .parse import parse_release, projector_of, read_documents
from .resolve import resolve
from .sharing import ClassSharing


def load(root: Path, release: str | None = None) -> Resolved:
    """The project at `root`: its schema/ and, for the kernel sources, its kernels/; as
    `release` describes it (None: the default release)."""
    return _complete(parse_release(read_documents(root / "schema", root), release, root),
                     root)


def load_releases(root: Path) -> list[Resolved]:
    """Every release the project lists, resolved: the default one first, then the others
    oldest first (just the one for a schema without releases). The files are read once."""
    nodes = read_documents(root / "schema", root)
    projector = projector_of(nodes)
    sharing = ClassSharing() if projector is not None else None
    first = _complete(parse_release(nodes, None, root, projector), root, sharing)
    others = [r for r in first.schema.releases if r != first.schema.release]
    return history.annotate(
        [first, *(_complete(parse_release(nodes, r, root, projector), root, sharing)
                  for r in others)])


def _complete(schema: m.Schema, root: Path, sharing: ClassSharing | None = None
              ) -> Resolved:
    if schema.kernel_set is not None:
        errors = Collector()
        kernels.check_sources(schema.kernel_set, root / KERNELS_DIR, errors)
        errors.raise_if_any()
    return compile_schema(schema, sharing)


def compile_schema(schema: m.Schema, sharing: ClassSharing | None = None) -> Resolved:
    """Resolve a parsed schema and complete it with the shared views (`sharing`: what
    the releases of one compile share, see front/sharing.py)."""
    deps.check_aliases(schema)
    res = resolve(schema, sharing)
    errors = Collector()
    platforms.check_values(schema.platform_set, res, errors)
    errors.raise_if_any()
    deps.check(res)  # cycles no definition order can fix
    tree = flags.class_tree(res)
    return replace(
        res,
        behaviour=MappingProxyType(dict(res.behaviour)),
        order=tuple(deps.class_order(res)),
        alias_order=tuple(deps.alias_order(res)),
        tree=MappingProxyType(tree),
        flags=flags.build_table(res, tree),
    )
