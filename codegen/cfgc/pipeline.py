"""The driver: schema/ -> the resolved model (front end) -> every backend -> {path: content}.

No I/O beyond reading the schema (and the kernel sources), no global state; `cli.py`
decides what to write (`files.py` writes it).
"""

from __future__ import annotations

from pathlib import Path

from .back import (
    DOCS_REFERENCE_DIR,
    GENERATED_DIR,
    OWNED_DIRS,
    cli,
    docs,
    envs,
    explain,
    jsonschema,
    language_schema,
    package,
    parts,
    platforms,
    releases,
    upgrade_docs,
    warmup,
)
from .back.render import header
from .files import manifests
from .front.load import load as _load
from .front.load import load_releases as _load_releases
from .model.resolved import Resolved
from .model.schema import release_slug

__all__ = ["BACKENDS", "OWNED_DIRS", "build", "build_releases", "load", "load_releases",
           "release_slug"]

#: Every output, by name, in the order they run (platforms reads the package's code).
BACKENDS = (
    ("package", package),
    ("docs", docs),
    ("cli", cli),
    ("envs", envs),
    ("explain", explain),
    ("jsonschema", jsonschema),
    ("warmup", warmup),
    ("platforms", platforms),
    ("releases", releases),
    ("upgrade_docs", upgrade_docs),
)


def load(root: Path) -> Resolved:
    """The project's schema, resolved (the front end; SchemaError when it is broken)."""
    return _load(root)


def load_releases(root: Path) -> list[Resolved]:
    """Every release's schema, resolved: the default one first."""
    return _load_releases(root)


def build(res: Resolved) -> dict[str, str]:
    """Every generated file, by path from the project root, with the owned folders'
    manifests."""
    outputs = _emit(res)
    outputs.update(language_schema.emit())  # the language's, not a release's
    outputs.update(manifests(outputs, OWNED_DIRS))
    return outputs


def build_releases(releases: list[Resolved]) -> dict[str, str]:
    """Every release's files. With one release, the default release's where a
    one-release project has them. With several, the default release's modules stay
    whole files and each other release's Python is what it shares with them plus its
    own parts (`back/parts.py`: `<package>/_modules/`, `_releases/*/_parts.py`), each other
    release's data files under `<package>/_releases/<slug>/`, its reference pages
    under `docs/reference/<release>/` and its completions under
    `generated/completions/<release>/`."""
    outputs = _emit(releases[0])
    if len(releases) > 1:
        res = releases[0]
        package = f"{GENERATED_DIR}/{res.schema.package}/"
        modules: dict[str, dict[str, str]] = {}
        for other in releases:
            emitted = outputs if other is res else _relocate(_emit(other), other)
            if other is not res:
                outputs.update(emitted)
            folder = package if other is res else \
                f"{package}_releases/{release_slug(other.schema.release)}/"
            modules[other.schema.release] = mine = {}
            for path in [p for p in emitted if p.startswith(folder) and p.endswith(".py")
                         and "/" not in p[len(folder):]]:
                # the default release's modules stay where they are, whole
                mine[path[len(folder):-3]] = outputs[path] if other is res \
                    else outputs.pop(path)
        order = tuple(r for r in res.schema.releases if r in modules)
        files, index = parts.split(res.schema.package, order, res.schema.release, modules)
        outputs.update({f"{package}{parts.FOLDER}/{path}": text for path, text in files.items()})
        outputs.update(parts.index_sources(header("schema/"), package.rstrip("/"),
                                           res.schema.package, index))
    outputs.update(language_schema.emit())  # the language's, not a release's
    outputs.update(manifests(outputs, OWNED_DIRS))
    return outputs


def _emit(res: Resolved) -> dict[str, str]:
    outputs: dict[str, str] = {}
    for _, backend in BACKENDS:
        outputs.update(backend.emit(res, outputs))
    return outputs


#: Outputs that exist once, for the default release: the API page documents the
#: importable package (mkdocstrings reads the default's files).
_DEFAULT_ONLY = (f"{DOCS_REFERENCE_DIR}/api.md",)


def _relocate(outputs: dict[str, str], res: Resolved) -> dict[str, str]:
    package = f"{GENERATED_DIR}/{res.schema.package}/"
    completions = f"{GENERATED_DIR}/completions/"
    reference = f"{DOCS_REFERENCE_DIR}/"
    moved: dict[str, str] = {}
    for path, content in outputs.items():
        if path in _DEFAULT_ONLY:
            continue
        if path.startswith(package):
            path = f"{package}_releases/{release_slug(res.schema.release)}/" \
                   + path[len(package):]
        elif path.startswith(completions):
            path = f"{completions}{res.schema.release}/{path[len(completions):]}"
        elif path.startswith(reference):
            path = f"{reference}{res.schema.release}/{path[len(reference):]}"
        moved[path] = content
    return moved
