"""How a package of several releases loads one of them from the parts they share.

The compiler stores each distinct version of a run of a module's code once, in
`<package>/_modules/<module>/*.part` (`back/parts.py` says how a module is cut: between
top-level statements, a class's members and a long literal's items), and writes
`<package>/_index.py`: for each release, each module's parts in order. The package's
`__init__` picks the release (CFGC_RELEASE; `unknown` says why one is no release) and
installs the finder (`install`); importing
`<package>.cache` then joins that release's parts of `cache` into the module's source
and imports it as one module named `<package>.cache`. Its bytecode is cached in
`__pycache__` as any module's is (checked against the parts' sizes and times), so the
import costs what a module of the same code costs.

A module's `__file__` is the path the module would have as one file (the default
release's at the package's top, another's under `_releases/<slug>/`, beside its data
files). It does not exist; `get_source` gives the joined parts, so tracebacks,
`inspect` and `get_attr_docs` read the code. `python -m cfgc.runtime.parts
<package>.<module> [RELEASE]` prints a module as a release has it.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Mapping

ENV = "CFGC_RELEASE"
MODULES = "_modules"


def slug(release: str) -> str:
    """`0.26.0` -> `v0_26_0`: the release as a file or folder name."""
    return "v" + release.replace(".", "_").replace("-", "_")


def unknown(package: str, wanted: str, releases: tuple[str, ...], prog: str) -> str:
    """Why `wanted` (from CFGC_RELEASE) is no release of the package, in one line; when
    the package was imported to run its own command (`prog`, `python -m <package>`),
    that line as the command's error and exit status 2. The package raises the
    ImportError itself, so the traceback is the importer's line and the package's."""
    why = (f"{ENV}={wanted!r} is not a release of {package} (known releases: "
           f"{', '.join(releases)})")
    argv0 = (getattr(sys, "argv", None) or [""])[0]
    if argv0 == "-m" or os.path.basename(argv0).removesuffix(".exe") == prog:
        name = f"python -m {package}" if argv0 == "-m" else prog
        sys.stderr.write(f"{name}: error: {why}\n")
        raise SystemExit(2)
    return why


def module_file(root: str, release: str, default: str, module: str) -> str:
    """Where `module` of `release` would lie as one file (its `__file__`)."""
    if release == default:  # the package's own __init__.py is the bootstrap
        return os.path.join(root, "__init__.release.py" if module == "__init__"
                            else f"{module}.py")
    return os.path.join(root, "_releases", slug(release), f"{module}.py")


def part_path(root: str, module: str, part: str) -> str:
    return os.path.join(root, MODULES, module, part + ".part")


class _Loader(importlib.machinery.SourceFileLoader):
    """A module whose source is its parts joined; `self.path` is its `__file__`."""

    def __init__(self, fullname: str, path: str, root: str, module: str,
                 parts: tuple[str, ...]) -> None:
        super().__init__(fullname, path)
        self.files = [part_path(root, module, part) for part in parts]

    def path_stats(self, path: str) -> dict[str, float]:
        if path != self.path:
            return super().path_stats(path)
        stats = [os.stat(f) for f in self.files]
        return {"mtime": max(s.st_mtime for s in stats), "size": sum(s.st_size for s in stats)}

    def get_data(self, path: str) -> bytes:
        if path != self.path:
            return super().get_data(path)
        out = []
        for name in self.files:
            with open(name, "rb") as fh:
                out.append(fh.read())
        return b"".join(out)


def run(namespace: dict, root: str, release: str, default: str, parts: tuple[str, ...]) -> None:
    """Execute a release's body of the package's `__init__` in the package's namespace."""
    path = module_file(root, release, default, "__init__")
    loader = _Loader(namespace["__name__"], path, root, "__init__", parts)
    exec(loader.get_code(namespace["__name__"]), namespace)  # noqa: S102 - our own code


class _Finder:
    """Finds `<package>.<module>` in the parts index of the release the package loaded
    (read from the package module each time: `release_loader` swaps it)."""

    def __init__(self, package: str) -> None:
        self.package = package

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        head, _, short = fullname.rpartition(".")
        if head != self.package:
            return None
        package = sys.modules.get(head)
        index: Mapping[str, tuple[str, ...]] | None = getattr(package, "_PARTS", None)
        if index is None or short not in index or short == "__init__":
            return None
        root = os.path.dirname(package.__file__)
        path = module_file(root, package.RELEASE, package.DEFAULT_RELEASE, short)
        spec = importlib.machinery.ModuleSpec(
            fullname, _Loader(fullname, path, root, short, index[short]), origin=path)
        spec.has_location = True  # so __file__ is `path`
        return spec


def install(package: str) -> None:
    """Put the package's finder first on `sys.meta_path` (once per package name)."""
    for finder in sys.meta_path:
        if isinstance(finder, _Finder) and finder.package == package:
            return
    sys.meta_path.insert(0, _Finder(package))


def module_source(root: str, release: str, module: str) -> str | None:
    """A release's module as one text, read from the package folder `root` without
    importing the package (None where the release has no such module)."""
    index: dict = {}
    path = os.path.join(root, "_index.py")
    with open(path, encoding="utf-8") as fh:
        exec(compile(fh.read(), path, "exec"), index)  # noqa: S102 - the package's index
    parts = index["PARTS"].get(release, {}).get(module)
    if parts is None:
        return None
    out = []
    for part in parts:
        with open(part_path(root, module, part), encoding="utf-8") as fh:
            out.append(fh.read())
    return "".join(out)


def main(argv: list[str]) -> int:
    """`python -m cfgc.runtime.parts PACKAGE.MODULE [RELEASE]`: the module's source."""
    if len(argv) not in (1, 2) or "." not in argv[0]:
        sys.stderr.write("usage: python -m cfgc.runtime.parts PACKAGE.MODULE [RELEASE]\n")
        return 2
    if len(argv) == 2:
        os.environ[ENV] = argv[1]
    package_name, module = argv[0].split(".", 1)
    package = importlib.import_module(package_name)
    parts = package._PARTS.get(module)
    if parts is None:
        sys.stderr.write(f"{package_name} {package.RELEASE} has no module {module!r}\n")
        return 1
    root = os.path.dirname(package.__file__)
    path = module_file(root, package.RELEASE, package.DEFAULT_RELEASE, module)
    sys.stdout.write(_Loader(argv[0], path, root, module, parts).get_data(path).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
