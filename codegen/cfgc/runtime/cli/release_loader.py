"""Several releases of the package in one process, one after the other.

`vllm-config upgrade` resolves one command line under several releases. A child process
per release would pay for the interpreter, pydantic and every config class each time;
here the package is swapped in place instead: its modules are taken out of
`sys.modules`, `CFGC_RELEASE` names the next release and the package is imported again
(the generated `__init__` picks the release, as at any first import).

The package stores the releases by difference (`cfgc.runtime.parts`: the default
release's modules are files, every other release's are ranges of their lines and parts
of its own, listed in each release's `_parts.py`), so whether two releases' modules
are the same code is read from those lists, not from the files: the same segments are
the same text.
A module is reused, not executed again, when its segments and those of every package
module it imports (transitively) are those of a module already loaded for another
release: the same code over the same objects builds the same classes. A module that
imports from the package itself (`RELEASE`) is never reused across releases. Caches
of the shared hand-written code (hooks and libraries, which may remember what the
previous release's package computed) are cleared at each swap. `close()` puts back the
modules and the environment found at the start, so the caller's package is the one it
had.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import sys
from pathlib import Path
from types import ModuleType

from .. import parts

ENV = "CFGC_RELEASE"


class ReleaseLoader:
    def __init__(self, package: str, folders: dict[str, Path],
                 shared: tuple[str, ...] = ()) -> None:
        """`folders`: each release's folder of data files; `shared`: the packages of the
        hand-written code the generated modules call (their caches are cleared)."""
        self.package = package
        self.folders = folders
        self.shared = shared
        self.saved = {k: v for k, v in sys.modules.items() if self._ours(k)}
        self.env = os.environ.get(ENV)
        self.current: str | None = None
        self.table: ModuleType | None = None
        #: (module, closure digest) -> a module object loaded for some release
        self.pool: dict[tuple[str, str], ModuleType] = {}
        self.digests: dict[str, dict[str, str]] = {}  # release -> module -> closure digest
        self.executed = 0  # modules executed, not reused: what the swaps cost
        self._reused: set[str] = set()
        self.parts: dict[str, dict[str, tuple[str, ...]]] | None = None
        self.root = Path()
        self._text_deps: dict[tuple[str, str], set[str]] = {}
        self._deps_re = re.compile(
            rf"^(?:from {re.escape(package)}\.(\w+) import"
            rf"|from {re.escape(package)} import \(?([\w ,]+)"
            rf"|import {re.escape(package)}\.(\w+))", re.M)

    def _ours(self, name: str) -> bool:
        return name == self.package or name.startswith(self.package + ".")

    def load(self, release: str) -> ModuleType:
        """The release's flag table (`<package>._cli_table`), its package in place."""
        if release == self.current and self.table is not None:
            return self.table
        if self.current is not None:
            self._remember(self.current, sys.modules)
        else:  # the caller's own release: its modules serve the others too
            mine = getattr(self.saved.get(self.package), "RELEASE", None)
            if mine in self.folders:
                self._remember(mine, self.saved)
        self._purge()
        os.environ[ENV] = release
        try:
            package = importlib.import_module(self.package)
            self._reuse(release, package)
            self.table = importlib.import_module(f"{self.package}._cli_table")
        finally:
            self._restore_env()
        self.current = release
        return self.table

    def close(self) -> None:
        """Back to the modules and environment of the start."""
        if self.current is not None:
            self._remember(self.current, sys.modules)
        self._purge()
        sys.modules.update(self.saved)
        self._restore_env()
        self.current = self.table = None

    # --- internals ------------------------------------------------------------------

    def _restore_env(self) -> None:
        if self.env is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = self.env

    def _purge(self) -> None:
        for name in [k for k in sys.modules if self._ours(k)]:
            del sys.modules[name]
        importlib.invalidate_caches()
        for name, module in list(sys.modules.items()):
            if module is not None and any(name == p or name.startswith(p + ".")
                                          for p in self.shared):
                for value in list(vars(module).values()):
                    clear = getattr(value, "cache_clear", None)
                    if callable(clear):
                        clear()

    def _modules(self, release: str) -> dict[str, str]:
        """Each module of the release -> what its code is made of, as a string: two
        modules with the same string have the same text (`cfgc.runtime.parts`)."""
        if self.parts is None:  # the package's folder: the default release's data folder
            self.root = next(f for f in self.folders.values() if f.parent.name != "_releases")
            self.parts = parts.read_all(str(self.root))
        if release in self.parts:
            return {m: repr(segs) for m, segs in self.parts[release].items()}
        out = {}  # the default release: whole files, as one range of their lines
        for path in self.root.glob("*.py"):
            lines = path.read_bytes().count(b"\n")
            out[path.stem] = repr(((0, lines),))
        return out

    def _deps(self, release: str, module: str, made_of: str) -> set[str]:
        """The package's names a module imports (modules, or names of the package)."""
        found = self._text_deps.get((module, made_of))
        if found is None:
            text = parts.module_source(str(self.root), release, module) or ""
            found = set()
            for m in self._deps_re.finditer(text):
                names = m.group(1) or m.group(3) or m.group(2)
                for name in names.split(","):  # `platforms as _platforms, types`
                    if name.split():
                        found.add(name.split()[0])
            self._text_deps[module, made_of] = found
        return found

    def _closure(self, release: str) -> dict[str, str]:
        """Each module of the release -> a digest of its code and of that of every
        package module it imports, transitively."""
        if release in self.digests:
            return self.digests[release]
        made = self._modules(release)
        deps = {module: {n if n in made else "__init__"
                         for n in self._deps(release, module, own)}
                for module, own in made.items()}
        out: dict[str, str] = {}

        def digest(name: str, seen: tuple[str, ...]) -> str:
            if name in out:
                return out[name]
            own = made.get(name, "-")
            if name == "__init__":  # its names include RELEASE: this release's only
                own += " " + release
            h = hashlib.sha256(f"{name} {own}".encode())
            for dep in sorted(deps.get(name, ())):
                if dep not in seen and dep != name:
                    h.update(dep.encode() + digest(dep, (*seen, name)).encode())
            out[name] = h.hexdigest()
            return out[name]

        for name in made:
            digest(name, ())
        self.digests[release] = out
        return out

    def _remember(self, release: str, modules) -> None:
        digests = self._closure(release)
        prefix = self.package + "."
        for name, module in list(modules.items()):
            if name.startswith(prefix) and name.count(".") == 1 and module is not None:
                short = name[len(prefix):]
                if short in digests and short != "__main__":
                    if modules is sys.modules and short not in self._reused:
                        self.executed += 1
                    self.pool[short, digests[short]] = module
        self._reused = set()

    def _reuse(self, release: str, package: ModuleType) -> None:
        """Put the modules already loaded with the same code in place for this release."""
        if not self.pool:
            return
        for name, digest in self._closure(release).items():
            module = self.pool.get((name, digest))
            if module is not None:
                sys.modules[f"{self.package}.{name}"] = module
                setattr(package, name, module)
                self._reused.add(name)
