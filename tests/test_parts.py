"""The package of several releases, stored by difference (back/parts.py) and loaded by
cfgc.runtime.parts: what is shared is written once, and each release's module is its
source exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cfgc.back import parts

HEAD = '''"""A module."""

import math

'''
BODY = '''class Size:
    """A size."""

    small: int = 1
    """Small."""

    big: int = {big}
    """Big."""

    def double(self) -> int:
        return self.big * 2
{extra}

TABLE = (
    {{"flag": "--a", "help": "A."}},
    {{"flag": "--b", "help": "{b_help}"}},
    {{"flag": "--c", "help": "C."}},
)
'''
EXTRA = '''
    @property
    def half(self) -> float:
        return self.big / 2
'''


def _module(big: int, b_help: str, extra: str = "") -> str:
    return HEAD + BODY.format(big=big, b_help=b_help, extra=extra)


RELEASES = ("1.0", "2.0", "3.0")
SOURCES = {
    "1.0": {"m": _module(10, "B."), "same": HEAD + "X = 1\n"},
    "2.0": {"m": _module(20, "B."), "same": HEAD + "X = 1\n"},
    "3.0": {"m": _module(20, "B, renamed.", EXTRA), "same": HEAD + "X = 1\n",
            "new": "Y = 2\n"},
}


def _joined(files: dict[str, str], index: dict, release: str, module: str) -> str:
    outputs = {f"pkg/{parts.FOLDER}/{p}": t for p, t in files.items()}
    outputs.update(parts.index_sources("#", "pkg", "pkg", index))
    outputs.update({f"pkg/{m}.py": t for m, t in SOURCES["1.0"].items()})
    text = parts.joined(outputs, "pkg", release, module)
    assert text is not None
    # a part's first line says which releases use it; the code is the release's own
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("# pkg."))


def test_each_release_is_its_own_source_and_shared_code_is_written_once() -> None:
    files, index = parts.split("pkg", RELEASES, "1.0", SOURCES)
    for release in RELEASES:
        for module, source in SOURCES[release].items():
            assert _joined(files, index, release, module) == source
    assert "1.0" not in index  # the default release is its own files
    assert "same" not in {p.split("/")[0] for p in files}  # the same in every release
    assert index["2.0"]["same"] == ((0, SOURCES["1.0"]["same"].count("\n")),)
    # 2.0 changes one field: that field is a part, the rest the default's lines
    two = index["2.0"]["m"]
    assert [s for s in two if isinstance(s, str)] == ["big.v2_0"]
    assert files["m/big.v2_0.part"].splitlines()[0].startswith("# pkg.m in 2.0, 3.0 ")
    # 3.0 adds a property and changes a flag's help: one part each, named by them
    three = [s for s in index["3.0"]["m"] if isinstance(s, str)]
    assert three == ["big.v2_0", "half.v3_0", "b.v3_0"]
    assert sum(t.count("\n") for t in files.values()) < 20


def _write_lists(tmp_path: Path, index: dict) -> None:
    """Each release's `_releases/<slug>/_parts.py` under `tmp_path/pkg`."""
    for path, text in parts.index_sources("#", "pkg", "pkg", index).items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)


def test_a_release_imports_from_its_parts(tmp_path: Path) -> None:
    """Importing the package under another release loads that release's code, with
    `__file__` beside its data and `inspect` reading the joined source."""
    files, index = parts.split("pkg", RELEASES, "1.0", SOURCES)
    root = tmp_path / "pkg"
    root.mkdir()
    for path, text in files.items():
        (root / parts.FOLDER / path).parent.mkdir(parents=True, exist_ok=True)
        (root / parts.FOLDER / path).write_text(text)
    _write_lists(tmp_path, index)
    for module, text in SOURCES["1.0"].items():
        (root / f"{module}.py").write_text(text)
    init = ('import os\nRELEASE = "1.0"\n_wanted = os.environ.get("CFGC_RELEASE") or RELEASE\n'
            'if _wanted != RELEASE:\n    from cfgc.runtime import parts as _parts\n'
            '    _parts.load_release(__name__, os.path.dirname(__file__), _wanted)\n')
    (root / "__init__.py").write_text(init)
    for release in ("2.0", "3.0"):
        (root / "_releases" / ("v" + release.replace(".", "_"))).mkdir(parents=True, exist_ok=True)
    index["2.0"]["__init__"] = index["3.0"]["__init__"] = ("init",)
    _write_lists(tmp_path, index)
    (root / parts.FOLDER / "__init__").mkdir()
    (root / parts.FOLDER / "__init__" / "init.part").write_text(
        "import os\nRELEASE = os.environ['CFGC_RELEASE']\n")
    probe = ("import inspect, pkg.m as m; print(m.Size.big, hasattr(m.Size, 'half'), "
             "m.TABLE[1]['help'], m.__file__.split('pkg')[1], "
             "'half' in inspect.getsource(m.Size), sep='|')")
    seen = {}
    for release in ("", "2.0", "3.0"):
        env = {**os.environ, "CFGC_RELEASE": release, "PYTHONPATH": str(tmp_path)}
        proc = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                              text=True, check=False)
        assert proc.returncode == 0, proc.stderr
        seen[release] = proc.stdout.strip().split("|")
    sep = os.sep
    assert seen[""] == ["10", "False", "B.", f"{sep}m.py", "False"]
    assert seen["2.0"] == ["20", "False", "B.", f"{sep}_releases{sep}v2_0{sep}m.py", "False"]
    assert seen["3.0"] == ["20", "True", "B, renamed.", f"{sep}_releases{sep}v3_0{sep}m.py",
                           "True"]
