"""Safe input: the schema is plain data. Object-constructing YAML tags are rejected with a
located error wherever they sit; no schema text is ever evaluated (as Python, as a
template, or as shell) by cfgc, by the generated package or by its CLI; the generated
CLI's --config files are safe-loaded. Every attack writes a marker file that must not
appear."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent


def cfgc(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(root), *args],
                          capture_output=True, text=True, check=False)


def py_attack(marker: Path) -> str:
    return f"__import__('pathlib').Path({str(marker)!r}).touch()"


# --- YAML tags --------------------------------------------------------------------------

TAGGED = [  # (text with {attack}, line, col of the tag)
    ("classes: !!python/object/apply:os.system [{attack}]\n", 1, 10),
    ("classes:\n  A:\n    doc: !!python/object/apply:os.system [{attack}]\n", 3, 10),
    ("classes:\n  A:\n    doc: d\n    fields:\n      f:\n        type: int\n"
     "        default: !!python/object/apply:os.system [{attack}]\n", 7, 18),
    ("classes:\n  A:\n    doc: d\n    post_init: [ok, !!python/object/apply:os.system "
     "[{attack}]]\n", 4, 21),
    ("? !!python/object/apply:os.system [{attack}]\n: 1\n", 1, 3),
    ("classes:\n  {{!!python/object/apply:os.system [{attack}]: 1}}\n", 2, 4),
    ("enums: !!python/object/new:os.system [{attack}]\n", 1, 8),
    ("aliases: !!python/name:os.system\n", 1, 10),
    ("aliases: !!python/module:os\n", 1, 10),
    ("classes: !!binary aGVsbG8=\n", 1, 10),
    ("classes: !custom {{a: 1}}\n", 1, 10),
    ("classes: !<tag:yaml.org,2002:python/object/apply:os.system> [{attack}]\n", 1, 10),
]


@pytest.mark.parametrize("text, line, col", TAGGED, ids=[str(i) for i in range(len(TAGGED))])
def test_object_tags_are_rejected_where_they_are(text: str, line: int, col: int,
                                                  project: Path) -> None:
    marker = project / "marker"
    attack = json.dumps(f"touch {marker}")
    (project / "schema" / "evil.yaml").write_text(text.format(attack=attack))
    result = cfgc(project, "generate")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"schema/evil.yaml:{line}:{col}: tag "), result.stderr
    assert "is not allowed" in first
    assert not marker.exists()
    assert not (project / "generated").exists()


def test_the_loader_never_constructs_python_objects(tmp_path: Path) -> None:
    """Straight at the loader: even the tag's arguments are not constructed."""
    from cfgc.errors import SchemaError
    from cfgc.front.yaml_loader import load_yaml

    marker = tmp_path / "marker"
    path = tmp_path / "x.yaml"
    attack = json.dumps(f"touch {marker}")
    path.write_text(f"a:\n  - b: !!python/object/apply:os.system [{attack}]\n")
    with pytest.raises(SchemaError) as err:
        load_yaml(path, "x.yaml")
    assert str(err.value).startswith("x.yaml:2:8: tag ")
    assert not marker.exists()


@pytest.mark.parametrize("text, message", [
    ("a: &x [*x]\n", "recursive alias"),
    ("a: &x {b: *x}\n", "recursive alias"),
    ("a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n" + "".join(
        f"{n}: &{n} [{', '.join(['*' + p] * 10)}]\n"
        for p, n in zip("abcdefg", "bcdefgh", strict=True)), "expands to more than"),
])
def test_alias_bombs_are_rejected(text: str, message: str, project: Path) -> None:
    (project / "schema" / "bomb.yaml").write_text(text)
    result = cfgc(project, "generate")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("schema/bomb.yaml:") and message in result.stderr


# --- schema text is data, never code ------------------------------------------------------

def hostile_schema(marker: Path) -> tuple[str, dict]:
    """Legal schema text full of payloads, and the values they must come back as."""
    attack = py_attack(marker)
    shell = f"$(touch {marker})`touch {marker}`"
    template = "{{ cycler.__init__.__globals__.os.popen('touch " + str(marker) + "') }}"
    quote_break = f'"""; {attack}; """ \'\'\'; {attack}; \'\'\' " + {attack} + "'
    doc = f'{quote_break} {template} {shell} \\x00 \\"; {attack} #'
    data = {
        "enums": {"Evil": {"doc": doc, "base": "StrEnum", "members": {
            "A": {"value": quote_break, "doc": doc}, "B": shell}}},
        "aliases": {"Choice": {"doc": doc, "type": "Literal[" + ", ".join(
            repr(v) for v in (quote_break, shell, template)) + "]"}},
        "runtime_types": {"Obj": {"import": "os.path", "doc": doc}},
        "classes": {"Hostile": {
            "doc": doc,
            "hash": {"default": "include"},
            "cli": {"group": shell + quote_break, "json_flag": "--hostile-config"},
            "fields": {
                "text": {"type": "str", "default": attack, "doc": doc,
                         "validate": [{"shorthand": {shell: attack}},
                                      {"reject": {"values": [shell], "message": quote_break}}],
                         "cli": {"metavar": shell}},
                "expr": {"type": "str", "default": "{{ 7 * 7 }}", "doc": template,
                         "deprecated": {"message": quote_break, "replacement": shell}},
                "choice": {"type": "Choice", "default": shell, "doc": doc},
                "mode": {"type": "Evil", "default": "A", "doc": doc},
                "pick": {"type": f"Literal[{attack!r}, {shell!r}]", "default": attack,
                         "doc": doc, "hash": {"exclude": quote_break}},
                "mapping": {"type": "dict[str, str]", "default": {attack: shell},
                            "doc": doc, "hook_point": attack},
                "obj": {"type": "Obj | None", "default": None, "doc": doc},
            },
        }},
    }
    expected = {"text": attack, "expr": "{{ 7 * 7 }}", "choice": shell, "pick": attack,
                "mapping": {attack: shell}}
    return yaml.safe_dump(data, allow_unicode=True), expected


def test_schema_text_is_never_evaluated(project: Path) -> None:
    marker = project / "marker"
    text, expected = hostile_schema(marker)
    (project / "schema" / "project.yaml").write_text(
        "project: {package: hostile, schema_version: 1, doc: x}\n")
    (project / "schema" / "hostile.yaml").write_text(text)
    result = cfgc(project, "generate")
    assert result.returncode == 0, result.stderr
    assert not marker.exists()
    probe = (
        "import hostile, json, sys\n"
        "from hostile.types import Evil\n"
        "h = hostile.Hostile()\n"
        f"want = json.loads({json.dumps(json.dumps(expected))})\n"
        "for k, v in want.items(): assert getattr(h, k) == v, (k, getattr(h, k))\n"
        "assert h.mode is Evil.A and len(h.compute_hash()) == 64\n"
        "import hostile._cli_table\n"
        "assert hostile.Hostile.__doc__ == " + repr(yaml.safe_load(text)["classes"]["Hostile"]
                                                     ["doc"].strip()) + "\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=project / "generated", check=False)
    assert run.returncode == 0, run.stderr
    for argv in (["--help=all"], ["show", "--format", "json"], ["hash"]):
        cli = subprocess.run([sys.executable, "-m", "hostile", *argv], capture_output=True,
                             text=True, cwd=project / "generated", check=False)
        assert cli.returncode == 0, (argv, cli.stderr)
        assert "Traceback" not in cli.stderr
    assert not marker.exists()
    assert "{{ 7 * 7 }}" in (project / "docs" / "reference" / "Hostile.md").read_text()


def test_bash_completion_does_not_run_schema_text(project: Path) -> None:
    if shutil.which("bash") is None:
        pytest.skip("bash is not installed")
    marker = project / "marker"
    shell = f"$(touch {marker})"
    (project / "schema" / "project.yaml").write_text(
        "project: {package: hostile, schema_version: 1, doc: x}\n")
    (project / "schema" / "hostile.yaml").write_text(yaml.safe_dump({"classes": {"Hostile": {
        "doc": "d", "hash": {"default": "include"}, "cli": {"group": "g" + shell},
        "fields": {"pick": {"type": f"Literal['ok', {shell!r}]", "default": "ok",
                            "doc": shell}}}}}))
    assert cfgc(project, "generate").returncode == 0
    script = project / "generated" / "completions" / "hostile.bash"
    complete = f"source {script}\n" + "".join(
        f"COMP_WORDS=(hostile show {words}); COMP_CWORD=3; _hostile\n"
        for words in ("--pick ''", "--help ="))
    run = subprocess.run(["bash", "-c", complete], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert not marker.exists()


def test_bash_completion_parses_whatever_the_schema_says(project: Path) -> None:
    if shutil.which("bash") is None:
        pytest.skip("bash is not installed")
    text, _ = hostile_schema(project / "marker")
    (project / "schema" / "project.yaml").write_text(
        "project: {package: hostile, schema_version: 1, doc: x}\n")
    (project / "schema" / "hostile.yaml").write_text(text)
    assert cfgc(project, "generate").returncode == 0
    script = project / "generated" / "completions" / "hostile.bash"
    check = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True,
                           check=False)
    assert check.returncode == 0, check.stderr


@pytest.mark.parametrize("bad", [
    "classes:\n  A:\n    doc: d\n    fields:\n      f: {{type: {attack!r}, doc: d, "
    "hash: include}}\n",
    "runtime_types:\n  T: {{import: 'os.path\"); {attack}; (\"', doc: d}}\n",
    "classes:\n  A:\n    doc: d\n    module: 'x; {attack}'\n",
    "classes:\n  A:\n    doc: d\n    hash:\n      extra:\n        'a\": {attack}, \"b':"
    " {{path: x, doc: d}}\n",
    "classes:\n  A:\n    doc: d\n    fields:\n      f: {{type: int, default: 1, doc: d, "
    "hash: include, validate: [{{hook: '{attack}'}}]}}\n",
    "classes:\n  A:\n    doc: d\n    fields:\n      f: {{type: int, default: 1, doc: d, "
    "hash: include, cli: {{flag: '--x\"; {attack}; \"'}}}}\n",
    "classes:\n  A:\n    doc: d\n    fields:\n      f: {{type: int, default_factory: "
    "'{attack}', doc: d, hash: include}}\n",
])
def test_code_shaped_names_are_rejected(bad: str, project: Path) -> None:
    """Where schema text becomes Python syntax (types, imports, modules, factor names,
    hooks, flags, factories) it is checked against a strict shape, never quoted-in."""
    marker = project / "marker"
    (project / "schema" / "evil.yaml").write_text(bad.format(attack=py_attack(marker)))
    result = cfgc(project, "generate")
    assert result.returncode == 1, result.stdout
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("schema/evil.yaml:")
    assert not marker.exists()


def test_package_name_cannot_escape_the_generated_dir(project: Path) -> None:
    (project / "schema" / "project.yaml").write_text(
        "project: {package: ../../escaped, schema_version: 1, doc: x}\n")
    result = cfgc(project, "generate")
    assert result.returncode == 1
    assert result.stderr.startswith("schema/project.yaml:1:20: package '../../escaped'")
    assert not (project.parent / "escaped").exists()


# --- the generated CLI's --config ------------------------------------------------------------

@pytest.fixture(scope="module")
def small_cli(tmp_path_factory) -> Path:
    """A generated package with a CLI, to run `python -m smallcli --config ...` against."""
    root = tmp_path_factory.mktemp("cli")
    (root / "schema").mkdir()
    shutil.copy(REPO / "pyproject.toml", root)
    (root / "schema" / "project.yaml").write_text(
        "project: {package: smallcli, schema_version: 1, doc: x}\n")
    (root / "schema" / "small.yaml").write_text(
        "classes:\n  SmallConfig:\n    doc: A small config.\n    hash: {default: include}\n"
        "    cli: {group: SmallConfig}\n    fields:\n"
        "      size: {type: int, default: 1, doc: A size.}\n"
        "      extra: {type: 'dict[str, Any]', default: {}, doc: Anything.}\n")
    assert cfgc(root, "generate").returncode == 0
    return root


def run_config(root: Path, text: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    marker = root / "marker"
    marker.unlink(missing_ok=True)
    config = root / "config.yaml"
    config.write_text(text.format(attack=json.dumps(f"touch {marker}")))
    result = subprocess.run([sys.executable, "-m", "smallcli", "show", "--config", str(config)],
                            capture_output=True, text=True, cwd=root / "generated", check=False)
    return result, marker


@pytest.mark.parametrize("text", [
    "size: !!python/object/apply:os.system [{attack}]\n",
    "extra: {{a: !!python/object/apply:os.system [{attack}]}}\n",
    "? !!python/object/apply:os.system [{attack}]\n: 1\n",
    "extra: !!python/object/new:os.system [{attack}]\n",
    "size: !!python/name:os.system\n",
])
def test_config_files_are_safe_loaded(small_cli: Path, text: str) -> None:
    result, marker = run_config(small_cli, text)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "config.yaml: not valid YAML" in result.stderr
    assert not marker.exists()


def test_config_file_values_are_data(small_cli: Path) -> None:
    result, marker = run_config(small_cli, "size: 3\nextra: {{code: {attack}}}\n")
    assert result.returncode == 0, result.stderr
    assert not marker.exists()
    assert "touch" in result.stdout


def test_config_file_recursive_alias_is_a_clean_error(small_cli: Path) -> None:
    result, _ = run_config(small_cli, "extra: &x {{a: *x}}\n")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr


def test_config_file_alias_bomb_is_a_clean_error(small_cli: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for level in "bcdefgh":
        prev = chr(ord(level) - 1)
        bomb += f"{level}: &{level} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    result, _ = run_config(small_cli, bomb.replace("{", "{{").replace("}", "}}"))
    assert result.returncode == 2
    assert "expand to more than" in result.stderr
    assert "Traceback" not in result.stderr
