"""How a package of several releases loads a release other than its default one.

The default release's modules are the package's own files. Every other release's
modules are stored by difference (`back/parts.py`): each is a list of *segments*, a
range of lines of the default release's module of the same name, or a *part*, a file of
`<package>/_modules/<module>/` holding a run of code that the default release does not
have (stored once, however many releases use it). Each other release's
`<package>/_releases/<slug>/_parts.py` lists its modules and their segments, so loading
a release reads its own list only.

When `CFGC_RELEASE` names another release, the default `__init__` calls
`load_release`: the package becomes that release's `__init__` (its segments joined),
with `_PARTS` (its list) and this finder on `sys.meta_path`. Importing
`<package>.cache` then joins the release's segments of `cache` into the module's source
and imports it as one module named `<package>.cache`, through importlib's own source
loader: its bytecode is cached in `__pycache__` as any module's is (checked against the
sizes and times of the files it is made of), so the import costs what a file of the same
code costs, and only the selected release's modules load.

Such a module's `__file__` is where it would lie as one file, beside that release's data
files (`_releases/<slug>/<module>.py`); it does not exist, and `get_source` gives the
joined text, so tracebacks, `inspect` and `get_attr_docs` read the code.
`python -m cfgc.runtime.parts <package>.<module> RELEASE` prints a module as a release
has it.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from types import ModuleType

ENV = "CFGC_RELEASE"
MODULES = "_modules"
INDEX = "_parts.py"

Segment = str | tuple[int, int]


def slug(release: str) -> str:
    """`0.26.0` -> `v0_26_0`: the release as a file or folder name."""
    return "v" + release.replace(".", "_").replace("-", "_")


def release_folder(root: str, release: str) -> str:
    """The folder of a (non-default) release's data files, where its modules would be."""
    return os.path.join(root, "_releases", slug(release))


def _read_list(path: str) -> dict:
    """The names one `_parts.py` binds (RELEASE, PARTS), read without importing it:
    through importlib's loader, so its bytecode is cached as an imported module's is."""
    namespace: dict = {}
    code = importlib.machinery.SourceFileLoader("_parts", path).get_code("_parts")
    exec(code, namespace)  # noqa: S102 - the package's own list
    return namespace


def read_index(root: str, release: str) -> dict[str, tuple[Segment, ...]] | None:
    """`release`'s list of parts (`_releases/<slug>/_parts.py`); None for the default
    release, whose modules are whole files."""
    path = os.path.join(release_folder(root, release), INDEX)
    return _read_list(path)["PARTS"] if os.path.isfile(path) else None


def read_all(root: str) -> dict[str, dict[str, tuple[Segment, ...]]]:
    """Every other release's list of parts, by release."""
    folder = os.path.join(root, "_releases")
    paths = [os.path.join(folder, name, INDEX)
             for name in (sorted(os.listdir(folder)) if os.path.isdir(folder) else ())]
    lists = [_read_list(path) for path in paths if os.path.isfile(path)]
    return {listed["RELEASE"]: listed["PARTS"] for listed in lists}


class _Loader(importlib.machinery.SourceFileLoader):
    """A module whose source is its segments joined; `self.path` is its `__file__`."""

    def __init__(self, fullname: str, path: str, root: str, module: str,
                 segments: Sequence[Segment]) -> None:
        super().__init__(fullname, path)
        own = os.path.join(root, f"{module}.py")  # the default release's module
        self.segments = [(own, seg) if isinstance(seg, tuple)
                         else (os.path.join(root, MODULES, module, f"{seg}.part"), None)
                         for seg in segments]
        self.joined: bytes | None = None

    def path_stats(self, path: str) -> dict[str, float]:
        if path != self.path:
            return super().path_stats(path)
        stats = [os.stat(f) for f in dict.fromkeys(f for f, _ in self.segments)]
        # the size is the joined source's, which the cached bytecode records
        return {"mtime": max(s.st_mtime for s in stats), "size": len(self.get_data(path))}

    def get_data(self, path: str) -> bytes:
        if path != self.path:
            return super().get_data(path)
        if self.joined is not None:
            return self.joined
        files: dict[str, bytes] = {}
        out = []
        for name, lines in self.segments:
            if name not in files:
                with open(name, "rb") as fh:
                    files[name] = fh.read()
            if lines is None:
                out.append(files[name])
            else:
                out += [line + b"\n" for line in files[name].split(b"\n")[lines[0]:lines[1]]]
        self.joined = b"".join(out)
        return self.joined


class _Finder:  # importlib's protocol; importlib.abc would cost its import
    """Finds `<package>.<module>` among the segments of the release the package loaded
    (read from the package module each time: `release_loader` swaps it). The default
    release's package has no `_PARTS`, and its modules are found as files."""

    def __init__(self, package: str, root: str) -> None:
        self.package = package
        self.root = root

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        head, _, short = fullname.rpartition(".")
        if head != self.package:
            return None
        package = sys.modules.get(head)
        index = getattr(package, "_PARTS", None)
        if index is None or short not in index or short == "__init__":
            return None
        path = os.path.join(release_folder(self.root, package.RELEASE), f"{short}.py")
        spec = importlib.machinery.ModuleSpec(
            fullname, _Loader(fullname, path, self.root, short, index[short]), origin=path)
        spec.has_location = True  # so __file__ is `path`
        return spec


def load_release(name: str, root: str, release: str) -> ModuleType:
    """Make `sys.modules[name]` the package as `release` has it (its `__init__` run)."""
    index = read_index(root, release)
    if index is None:
        raise ImportError(f"{name} has no list of parts for release {release}")
    for finder in sys.meta_path:
        if isinstance(finder, _Finder) and finder.package == name:
            break
    else:
        sys.meta_path.insert(0, _Finder(name, root))
    folder = release_folder(root, release)
    path = os.path.join(folder, "__init__.py")
    loader = _Loader(name, path, root, "__init__", index["__init__"])
    spec = importlib.machinery.ModuleSpec(name, loader, origin=path, is_package=True)
    spec.has_location = True
    spec.submodule_search_locations = [folder]  # data files only: no default module
    module = ModuleType(name)  # what importlib.util.module_from_spec sets, without its import
    module.__spec__, module.__loader__, module.__file__ = spec, loader, path
    module.__path__, module.__package__ = [folder], name
    module._PARTS = index
    sys.modules[name] = module
    try:
        loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def module_source(root: str, release: str, module: str) -> str | None:
    """A release's module as one text, read from the package folder `root` without
    importing the package (None where the release has no such module)."""
    index = read_index(root, release)
    if index is None:  # the default release: its modules are whole files
        path = os.path.join(root, f"{module}.py")
        if not os.path.isfile(path):
            return None
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    segments = index.get(module)
    if segments is None:
        return None
    path = os.path.join(release_folder(root, release), f"{module}.py")
    return _Loader(module, path, root, module, segments).get_data(path).decode()


def main(argv: list[str]) -> int:
    """`python -m cfgc.runtime.parts PACKAGE.MODULE RELEASE`: the module's source."""
    if len(argv) != 2 or "." not in argv[0]:
        sys.stderr.write("usage: python -m cfgc.runtime.parts PACKAGE.MODULE RELEASE\n")
        return 2
    import importlib.util

    package_name, module = argv[0].split(".", 1)
    spec = importlib.util.find_spec(package_name)
    if spec is None or not spec.submodule_search_locations:
        sys.stderr.write(f"no package {package_name}\n")
        return 2
    text = module_source(spec.submodule_search_locations[0], argv[1], module)
    if text is None:
        sys.stderr.write(f"{package_name} {argv[1]} has no module {module!r}\n")
        return 1
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
