"""The flag surface: the table against the schema and vLLM's flag list, value semantics
(bool negations, human-readable ints, -O forms, underscores, dotted keys, precedence),
help topics, completion scripts and the manifest, and what `--help` imports."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cfgc.front.flags import derived_cli
from cfgc.runtime.cli.values import CliError

from .helpers import CLI, RES, TABLE, entries, parse, run, run_process

pytestmark = pytest.mark.filterwarnings("ignore")
REPO = Path(__file__).resolve().parents[2]
NOTES = REPO / "schema" / "_notes" / "engine_flags.md"


def first(predicate) -> dict:
    found = [e for e in TABLE.FLAGS if predicate(e)]
    assert found, "no flag of this kind in the schema: the test would check nothing"
    return found[0]


def value_at(parsed, entry: dict, keys=()):
    node = parsed.trees[entry["root"]]
    for step in (*entry["path"], *keys):
        node = node[step]
    return node


# ------------------------------------------------------------------ table vs schema


def test_every_schema_flag_is_in_the_table() -> None:
    want = {}
    for c in RES.schema.classes:
        for f in c.fields:
            spec = derived_cli(c, f)
            if spec is not None:
                want[spec.flag] = f"{c.name}.{f.name}"
        if c.cli_json_flag:
            want[c.cli_json_flag] = c.name
    got = {e["flag"]: e["target"] for e in TABLE.FLAGS if e["kind"] != "enable"}
    assert got == want


def test_option_strings_are_unique() -> None:
    seen: dict[str, str] = {}
    for e in TABLE.FLAGS:
        for opt in (e["flag"], *e["aliases"], *e["negatives"]):
            assert opt not in seen, f"{opt}: {seen.get(opt)} and {e['target']}"
            seen[opt] = e["target"]


def test_targets_resolve() -> None:
    for e in TABLE.FLAGS:
        info = TABLE.CLASSES[e["cls"]]
        assert e["root"] == info["root"]
        if e["field"]:
            assert e["field"] in info["fields"], e["target"]
            assert tuple(e["path"]) == (*info["path"], e["field"])
        else:
            assert tuple(e["path"]) == tuple(info["path"])


def test_vllm_flags_from_the_notes_are_accepted() -> None:
    """Every flag the engine-flags notes list for a field exists, with its aliases."""
    rows = re.findall(r"^\| `(\w+)` \| `(--[\w-]+)` \| ([^|]*) \|[^|]*\|([^|]*)\|",
                      NOTES.read_text(), re.M)
    assert rows
    for _field, flag, aliases, notes in rows:
        if "not in the schema" in notes:
            continue
        assert flag in CLI.by_option, flag
        for alias in re.findall(r"`(-[\w-]+)`", aliases):
            assert CLI.by_option.get(alias) is CLI.by_option[flag], alias
    for flag in re.findall(r"^\| `(--[\w-]+-config)` \|", NOTES.read_text(), re.M):
        assert flag in CLI.by_option, flag


# ------------------------------------------------------------------ value semantics


def test_bool_negations() -> None:
    e = first(lambda e: e["kind"] == "bool" and e["flag"].startswith("--enable-")
              and not e["requires"])
    assert "--disable-" + e["flag"][len("--enable-"):] in e["negatives"]
    assert "--no-" + e["flag"][2:] in e["negatives"]
    for neg in e["negatives"]:
        parsed, _ = parse([e["flag"], neg])
        assert value_at(parsed, e) is False
    parsed, _ = parse([e["negatives"][0], e["flag"]])
    assert value_at(parsed, e) is True


def test_underscores_in_flag_names() -> None:
    e = first(lambda e: e["kind"] == "int" and "-" in e["flag"][2:] and not e["requires"])
    under = "--" + e["flag"][2:].replace("-", "_")
    parsed, _ = parse([under, "7"])
    assert value_at(parsed, e) == 7
    parsed, _ = parse([f"{under}=8"])
    assert value_at(parsed, e) == 8


@pytest.mark.parametrize("text,value", [("4096", 4096), ("4k", 4000), ("25.6k", 25600),
                                        ("1K", 1024), ("2M", 2 * 2**20), ("1g", 10**9)])
def test_human_readable_ints(text: str, value: int) -> None:
    e = first(lambda e: e.get("human_int") and not e["requires"])
    parsed, _ = parse([e["flag"], text])
    assert value_at(parsed, e) == value


@pytest.mark.parametrize("text", ["auto", "-1", "AUTO"])
def test_auto_int(text: str) -> None:
    e = first(lambda e: e.get("auto_int"))
    parsed, _ = parse([e["flag"], text])
    assert value_at(parsed, e) == -1


def test_optimization_level_forms() -> None:
    e = CLI.by_option.get("-O")
    assert e is not None, "no -O in the schema"
    values = set()
    for argv in (["-O3"], ["-O", "3"], ["-O=3"], [e["flag"], "3"], [e["flag"], "O3"]):
        parsed, _ = parse(argv)
        values.add(repr(value_at(parsed, e)))
    assert len(values) == 1


def test_optional_none() -> None:
    e = first(lambda e: e["kind"] == "int" and e.get("optional") and not e["requires"])
    for word in ("None", ""):
        parsed, _ = parse([e["flag"], word])
        assert value_at(parsed, e) is None


def test_list_takes_one_or_more() -> None:
    e = first(lambda e: e.get("container") == "list" and e["kind"] == "int"
              and e["nargs"] == "+" and not e["requires"])
    parsed, _ = parse([e["flag"], "1", "2", "4"])
    assert value_at(parsed, e) == [1, 2, 4]


def test_open_literal_accepts_any_string() -> None:
    e = first(lambda e: e["kind"] == "choice" and e.get("open") and not e["requires"])
    parsed, _ = parse([e["flag"], "my-own-value"])
    assert value_at(parsed, e) is not None


def test_normalisers_apply_before_choices() -> None:
    e = first(lambda e: e["kind"] == "choice" and "dash_to_underscore" in e.get("normalise", ())
              and any("_" in c for c in e["choices"]))
    choice = next(c for c in e["choices"] if "_" in c)
    parsed, _ = parse([e["flag"], choice.replace("_", "-").upper()])
    assert value_at(parsed, e) == choice


def test_dotted_keys_replace_the_json_flag_as_in_vllm() -> None:
    """vLLM gathers each spelling's dotted keys into one JSON value given last: it
    replaces a whole JSON value of the flag, and of two spellings the later one wins."""
    e = first(lambda e: e["kind"] == "json" and not e["field"] and e["aliases"]
              and sum(1 for v in TABLE.CLASSES[e["json_class"]]["fields"].values() if not v) > 2)
    plain_fields = [k for k, v in TABLE.CLASSES[e["json_class"]]["fields"].items() if not v]
    a, b, c = plain_fields[:3]
    alias = e["aliases"][0]
    parsed, warned = parse([e["flag"], json.dumps({a: 1}), f"{alias}.{b}", "2"])
    assert value_at(parsed, e) == {b: 2}
    assert any("replaced by the dotted keys" in w for w in warned)
    parsed, _ = parse([f"{alias}.{a}", "1", f"{e['flag']}.{b}", "2", f"{alias}.{c}", "3"])
    assert value_at(parsed, e) == {b: 2}
    parsed, _ = parse([f"{alias}.{a}", "1", f"{alias}.{b}", "2", e["flag"], json.dumps({c: 3})])
    assert value_at(parsed, e) == {a: 1, b: 2}


def _list_field(cls_name: str) -> str:
    for f in RES.classes[cls_name].fields:
        t = RES.expand(f.type).without_none()
        if f.kind == "field" and f.init and t.kind == "container" and t.name == "list":
            return f.name
    return ""


def test_dotted_append() -> None:
    e = first(lambda e: e["kind"] == "json" and not e["field"] and e["aliases"]
              and _list_field(e["json_class"]))
    key, alias = _list_field(e["json_class"]), e["aliases"][0]
    parsed, _ = parse([f"{alias}.{key}+", "a,b", f"{alias}.{key}+", "c"])
    assert value_at(parsed, e, (key,)) == ["a", "b", "c"]


def test_field_flag_beats_whole_json() -> None:
    e = first(lambda e: e["kind"] == "choice" and e["field"] and not e["requires"]
              and any(j["json_class"] == e["cls"] for j in entries(kind="json")))
    j = next(j for j in entries(kind="json") if j["json_class"] == e["cls"])
    a, b = e["choices"][:2]
    parsed, _ = parse([e["flag"], b, j["flag"], json.dumps({e["field"]: a})])
    assert value_at(parsed, e) == b


def test_precedence_flags_over_file_over_defaults(tmp_path) -> None:
    e = first(lambda e: e["kind"] == "int" and not e["requires"] and not e.get("container"))
    other = first(lambda x: x["kind"] == "bool" and not x["requires"])
    path = tmp_path / "c.yaml"
    path.write_text(f"{e['flag'][2:]}: 5\n{other['flag'][2:]}: false\n")
    parsed, _ = parse(["--config", str(path), e["flag"], "6"])
    assert value_at(parsed, e) == 6
    assert value_at(parsed, other) is False
    parsed, _ = parse([e["flag"], "6", "--config", str(path)])
    assert value_at(parsed, e) == 6  # position does not matter: the line wins
    parsed, _ = parse(["--config", str(path)])
    assert value_at(parsed, e) == 5


def test_show_and_hash_json() -> None:
    rc, out, err = run("show", "--format", "json")
    assert rc == 0, err
    data = json.loads(out)
    for section in data.values():
        assert re.fullmatch(r"[0-9a-f]{64}", section["hash"]) or "not available" in section["hash"]
    rc, out, err = run("hash", "--format", "json")
    assert rc == 0, err
    data = json.loads(out)
    assert set(data) == set(TABLE.ROOTS)
    for root in data.values():
        assert isinstance(root["factors"], dict)


def test_show_changes_the_hash() -> None:
    e = first(lambda e: e["kind"] == "int" and e["aliases"] and not e["requires"])
    _, base, _ = run("hash", "--format", "json")
    rc, changed, err = run("hash", "--format", "json", e["aliases"][0], "2")
    assert rc == 0, err
    root = e["root"]
    assert json.loads(base)[root]["hash"] != json.loads(changed)[root]["hash"] or \
        e["field"] not in {f.name for f in RES.classes[e["cls"]].hashed_fields}


# ------------------------------------------------------------------ help


def test_help_lists_groups() -> None:
    rc, out, _ = run("--help")
    assert rc == 0
    for name, _, _ in TABLE.GROUPS:
        assert name in out


def test_help_all_lists_every_option() -> None:
    rc, out, _ = run("--help=all")
    assert rc == 0
    for e in TABLE.FLAGS:
        for opt in (e["flag"], *e["aliases"], *e["negatives"]):
            assert opt in out, opt


@pytest.mark.parametrize("spelling", ["{}", "{lower}", "--help {}"])
def test_help_group(spelling: str) -> None:
    name = TABLE.GROUPS[0][0]
    topic = spelling.format(name, lower=name.lower())
    argv = topic.split() if topic.startswith("--help ") else [f"--help={topic}"]
    rc, out, _ = run(*argv)
    assert rc == 0
    mine = [e for e in TABLE.FLAGS if e["group"] == name]
    assert all(e["flag"] in out for e in mine)
    others = [e for e in TABLE.FLAGS if e["group"] != name]
    assert not any(re.search(rf"^  {re.escape(e['flag'])}\b", out, re.M) for e in others)


def test_help_keyword() -> None:
    e = first(lambda e: len(e["flag"]) > 12)
    word = e["flag"][2:].split("-")[-1]
    rc, out, _ = run(f"--help={word}")
    assert rc == 0 and e["flag"] in out and "matching" in out


def test_help_nothing_matches() -> None:
    rc, out, _ = run("--help=zzzqqq")
    assert rc == 0 and "No group or flag matches 'zzzqqq'" in out


def test_help_imports_no_pydantic_or_torch() -> None:
    code = ("import sys; from vllm_config.__main__ import main; import io, contextlib\n"
            "with contextlib.redirect_stdout(io.StringIO()): main(['--help=all'])\n"
            "print(sorted(m for m in ('pydantic', 'torch', 'yaml', 'jinja2') if m in sys.modules))")
    proc = run_process(code=code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_parsing_imports_no_pydantic() -> None:
    e = first(lambda e: e["kind"] == "int" and e["aliases"] and not e["requires"])
    code = ("import sys; from vllm_config import _cli_table as t\n"
            "from cfgc.runtime.cli.parse import parse\n"
            f"parse(t, [{e['aliases'][0]!r}, '2'], print)\n"
            "print(sorted(m for m in ('pydantic', 'torch') if m in sys.modules))")
    proc = run_process(code=code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_show_imports_no_torch() -> None:
    code = ("import sys, io, contextlib; from vllm_config.__main__ import main\n"
            "with contextlib.redirect_stdout(io.StringIO()): rc = main(['show'])\n"
            "print(rc, 'torch' in sys.modules)")
    proc = run_process(code=code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[-2:] == ["0", "False"]


def test_python_dash_m() -> None:
    proc = run_process("--help")
    assert proc.returncode == 0 and "Config groups" in proc.stdout


# ------------------------------------------------------------------ completion, manifest


GENERATED = REPO / "generated"
PROG = TABLE.PROG


def test_manifest_matches_table() -> None:
    data = json.loads((GENERATED / RES.schema.package / "cli_manifest.json").read_text())
    assert data["prog"] == PROG
    by_name = {f["name"]: f for f in data["flags"]}
    assert set(by_name) == {e["flag"] for e in TABLE.FLAGS}
    for e in TABLE.FLAGS:
        m = by_name[e["flag"]]
        assert m["aliases"] == list(e["aliases"])
        assert m["target"] == e["target"]
        assert m["choices"] == list(e.get("choices", ()))
        assert m["default"] == e["default"]
        assert m["type"]


def test_bash_completion() -> None:
    text = (GENERATED / "completions" / f"{PROG}.bash").read_text()
    for e in TABLE.FLAGS:
        for opt in (e["flag"], *e["aliases"], *e["negatives"]):
            assert opt in text, opt
    bash = shutil.which("bash")
    if bash:
        proc = subprocess.run([bash, "-n", str(GENERATED / "completions" / f"{PROG}.bash")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_bash_completion_completes() -> None:
    bash = shutil.which("bash")
    if not bash:
        pytest.skip("no bash")
    e = first(lambda e: e["kind"] == "choice" and not e.get("open") and e["choices"])
    script = GENERATED / "completions" / f"{PROG}.bash"
    func = "_" + RES.schema.package
    prefix = e["choices"][0][:2]
    probe = (f"source {script}; COMP_WORDS=({PROG} show {e['flag']} {prefix}); COMP_CWORD=3; "
             f"{func}; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
    proc = subprocess.run([bash, "-c", probe], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert e["choices"][0] in proc.stdout.split()


def test_zsh_completion() -> None:
    text = (GENERATED / "completions" / f"_{PROG}").read_text()
    assert text.startswith(f"#compdef {PROG}\n")
    for e in TABLE.FLAGS:
        for opt in (e["flag"], *e["aliases"], *e["negatives"]):
            assert f"'{opt}" in text, opt
    body = text.split("args=(\n", 1)[1].split("\n    )\n", 1)[0]
    for line in body.splitlines():  # one single-quoted word each ('\'' inside)
        assert re.fullmatch(r"\s*'(?:[^']|'\\'')*'", line), line
    zsh = shutil.which("zsh")
    if zsh:
        proc = subprocess.run([zsh, "-n", str(GENERATED / "completions" / f"_{PROG}")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_list_of_choices_takes_comma_joined_items() -> None:
    """vLLM lists "model,worker" among --collect-detailed-traces' choices; here any list of
    choices takes comma-joined items, each checked."""
    e = first(lambda e: e.get("container") == "list" and e["kind"] == "choice"
              and len(e["choices"]) > 1 and not e["requires"])
    a, b = e["choices"][:2]
    parsed, _ = parse([e["flag"], f"{a},{b}"])
    want = [int(a), int(b)] if e.get("literal_type") == "int" else [a, b]
    assert value_at(parsed, e) == want
    rc, _, err = run("show", e["flag"], f"{a},nope")
    assert rc == 2 and "'nope'" not in err and f"'{a},nope'" in err


def test_exclusive_flag_with_its_json_key_is_one_line_error() -> None:
    """vLLM rejects --cudagraph-capture-sizes together with the same key of -cc (in the
    JSON or as a dotted key); without the key, both are fine."""
    for argv in (["--cudagraph-capture-sizes", "1", "2", "-cc.cudagraph_capture_sizes", "[4]"],
                 ["-cc", '{"cudagraph_capture_sizes": [4]}', "--cudagraph-capture-sizes", "1"]):
        with pytest.raises(CliError, match="mutually exclusive") as info:
            parse(argv)
        assert "\n" not in str(info.value)
    parsed, _ = parse(["-cc", '{"mode": 3}', "--cudagraph-capture-sizes", "1", "2"])
    assert parsed.trees["VllmConfig"]["compilation_config"]["cudagraph_capture_sizes"] == [1, 2]


def test_flags_whose_engine_argument_takes_no_none_refuse_it() -> None:
    """`cli: {none: false}`: vLLM's parser refuses `--media-io-kwargs None` (its engine
    argument is a plain dict) although ModelConfig's init var is optional; an optional
    flag without the key still takes None."""
    for flag, value in (("--media-io-kwargs", "None"), ("--mm-processor-cache-gb", "None"),
                        ("--collect-detailed-traces", "None")):
        rc, _, err = run("show", flag, value)
        assert rc == 2 and flag in err and len(err.strip().splitlines()) == 1, (flag, err)
    parsed, _ = parse(["--mm-processor-kwargs", "None"])  # vLLM takes it: optional_type
    assert value_at(parsed, first(lambda e: e["flag"] == "--mm-processor-kwargs")) is None


def test_a_later_release_can_take_none_again() -> None:
    """`cli: {none: false}` undone by `none: true` under a later release's changed: vLLM's
    parser refused --safetensors-load-strategy None while its choices listed the string
    "None", and takes it in 0.33.0."""
    rc, _, err = run("show", "--safetensors-load-strategy", "None")
    assert rc == 2 and "--safetensors-load-strategy" in err
    rc, _, err = run("--release", "0.33.0", "show", "--safetensors-load-strategy", "None")
    assert rc == 0, err
