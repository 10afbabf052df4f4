"""Generated code that would not import: ordered, or a located error, or caught by the
import check; never written while `cfgc check` passes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfgc.back import package

from .helpers import cfgc, new_project, one_line, owned

FAST = settings(deadline=None, max_examples=6, derandomize=True)


def imports(root: Path, code: str) -> str:
    proc = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, "
                           f"{str(root / 'generated')!r}); {code}"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


@given(st.permutations(["AliA", "AliB", "AliC"]))
@FAST
def test_aliases_in_any_order_import(tmp_path_factory, order: list[str]) -> None:
    """AliA -> AliB -> AliC -> int, declared in any order."""
    types = {"AliA": "AliB | None", "AliB": "list[AliC]", "AliC": "int"}
    body = "".join(f"  {n}: {{type: \"{types[n]}\", doc: {n}.}}\n" for n in order)
    schema = ("aliases:\n" + body + "classes:\n  Alpha:\n    doc: A.\n"
              "    hash: {default: include}\n    fields:\n"
              "      a: {type: AliA, default: null, doc: A.}\n")
    root = new_project(tmp_path_factory.mktemp("p"), **{"a.yaml": schema})
    code, _, err = cfgc(root, "generate", "-q")
    assert code == 0, err
    assert imports(root, "import vllm_config as v; print(v.Alpha(a=[1, 2]).a)") == "[1, 2]"
    assert cfgc(root, "check")[0] == 0


@pytest.mark.parametrize("types, line", [
    ({"AliA": "AliB | None", "AliB": "AliA | str"}, 2),
    ({"AliA": "list[AliA]"}, 2),
    ({"AliA": "AliB", "AliB": "dict[str, AliC]", "AliC": "AliA | None"}, 2),
])
def test_alias_cycle_is_a_located_error(project: Path, types: dict, line: int) -> None:
    body = "".join(f"  {n}: {{type: \"{t}\", doc: {n}.}}\n" for n, t in types.items())
    (project / "schema" / "a.yaml").write_text("aliases:\n" + body)
    code, _, err = cfgc(project, "generate")
    assert code == 1
    first = err.splitlines()[0]
    assert first.startswith(f"schema/a.yaml:{line}:") and "type aliases refer to each other" \
        in first and "Traceback" not in err
    assert owned(project) == {}


def test_classes_needing_each_other_through_default_factory(project: Path) -> None:
    (project / "schema" / "a.yaml").write_text("""\
classes:
  Alpha:
    doc: A.
    hash: {default: include}
    fields:
      beta: {type: Beta, default_factory: Beta, doc: B.}
  Beta:
    doc: B.
    hash: {default: include}
    fields:
      alpha: {type: Alpha | None, default: null, doc: A.}
""")
    code, _, err = cfgc(project, "generate")
    assert code == 1 and owned(project) == {}
    assert err.splitlines()[0] == (
        "schema/a.yaml:3:5: classes refer to each other (field types or default_factory): "
        "Alpha -> Beta -> Alpha; one of them must not need the other")


def test_factory_of_a_later_class_imports(project: Path) -> None:
    (project / "schema" / "a.yaml").write_text("""\
classes:
  Alpha:
    doc: A.
    hash: {default: include}
    fields:
      beta: {type: Beta, default_factory: Beta, doc: B.}
  Beta:
    doc: B.
    hash: {default: include}
    fields:
      size: {type: int, default: 3, doc: S.}
""")
    assert cfgc(project, "generate", "-q")[0] == 0
    assert imports(project, "import vllm_config as v; print(v.Alpha().beta.size)") == "3"


def test_import_check_stops_code_that_does_not_import(project: Path, monkeypatch) -> None:
    """The net under the ordering rules: whatever makes a module fail to import."""
    monkeypatch.setenv("CFGC_CACHE", "0")  # the compiler is patched: no input shows it
    (project / "schema" / "a.yaml").write_text("classes:\n  Alpha:\n    doc: A.\n"
                                               "    hash: {default: include}\n    fields:\n"
                                               "      s: {type: int, default: 1, doc: S.}\n")
    real = package.emit

    def broken(res, outputs):
        out = real(res, outputs)
        out["generated/vllm_config/a.py"] += "\nBROKEN = NotDefinedAnywhere\n"
        return out

    monkeypatch.setattr(package, "emit", broken)
    code, _, err = cfgc(project, "generate")
    assert code == 1 and owned(project) == {}
    assert one_line(err) == ("cfgc: generated module vllm_config.a does not import: "
                             "NameError: name 'NotDefinedAnywhere' is not defined; "
                             "nothing written")
    monkeypatch.undo()
    monkeypatch.setenv("CFGC_CACHE", "0")
    assert cfgc(project, "generate", "-q")[0] == 0
    monkeypatch.setattr(package, "emit", broken)
    code, _, err = cfgc(project, "check")  # stale, and it would not import either way
    assert code == 1


def test_field_named_like_the_validator_module_is_reserved(project: Path) -> None:
    """`_v.Int` annotates int fields in the class body: a field `_v` would shadow it."""
    (project / "schema" / "a.yaml").write_text(
        "classes:\n  Alpha:\n    doc: A.\n    hash: {default: include}\n    fields:\n"
        "      _v: {type: str, default: x, doc: V.}\n"
        "      n: {type: int, default: 1, doc: N.}\n")
    code, _, err = cfgc(project, "generate")
    assert code == 1 and owned(project) == {}
    assert "'_v'" in err and "is reserved: the generated code uses that name itself" in err
