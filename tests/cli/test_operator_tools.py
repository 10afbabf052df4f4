"""`vllm-config explain`, `diff` and `schema`: every flag explains, diffs classify each
differing value by its cache-key impact, bad input is one line with exit status 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfgc.back import explain as emit_explain
from cfgc.runtime.cli import explain as cli_explain

from .helpers import RES, TABLE, run, run_process

CONFIGS = Path(__file__).parent / "configs"
DATA = cli_explain.load(TABLE)
OPTIONS = sorted({o for e in TABLE.FLAGS for o in (e["flag"], *e["aliases"], *e["negatives"])})


def _one_line_error(rc: int, out: str, err: str) -> str:
    assert rc == 2, (rc, out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vllm-config: error: "), err
    assert "Traceback" not in err
    return lines[0]


# --------------------------------------------------------------------------- explain


def test_explain_renders_every_flag() -> None:
    for option in OPTIONS:
        entry = cli_explain.find(DATA, option)
        assert option in entry["flags"], option
        text = cli_explain.render(entry)
        assert entry["path"] in text and "cache key:" in text


def test_explain_every_field_path_and_config_key() -> None:
    for entry in DATA["fields"]:
        assert cli_explain.find(DATA, entry["path"]) is entry
        assert cli_explain.find(DATA, f"{entry['class']}.{entry['field']}") is entry
        for key in entry["config_keys"]:
            assert cli_explain.find(DATA, key)["path"] == entry["path"], key
        cli_explain.render(entry, width=60)


def test_every_flag_in_explain_data() -> None:
    explained = {f for e in DATA["fields"] for f in e["flags"]}
    assert set(OPTIONS) <= explained


def test_explain_text_and_json() -> None:
    rc, out, err = run("explain", "--kv-cache-dtype")
    assert rc == 0 and err == ""
    assert out.startswith("--kv-cache-dtype  (cache_config.cache_dtype; CacheConfig.cache_dtype)")
    assert "fp8_e5m2" in out and "kv_cache_dtype" in out and re.search(r"cache key: +yes", out)
    for query in ("cache_config.cache_dtype", "--kv_cache_dtype", "kv-cache-dtype",
                  "CacheConfig.cache_dtype"):
        rc, out, _ = run("explain", query, "--format", "json")
        entry = json.loads(out)
        assert rc == 0 and entry["path"] == "cache_config.cache_dtype"
        assert entry["cache_key"]["included"] is True
        assert entry["env"] == ""
        assert any("per_token_head" in rule for rule in entry["rules"])  # its info steps
        assert "fp8" in entry["choices"] and "--kv-cache-dtype" in entry["flags"]


def test_explain_excluded_field_gives_the_schema_reason() -> None:
    rc, out, _ = run("explain", "--max-num-seqs", "--format=json")
    entry = json.loads(out)
    field = RES.classes["SchedulerConfig"].field("max_num_seqs")
    assert entry["cache_key"] == {"included": False, "feeds": "SchedulerConfig",
                                  "reason": field.hash.reason}


def test_explain_nested_dotted_flag() -> None:
    entry = cli_explain.find(DATA, "-cc.pass_config.fuse_norm_quant")
    assert entry["path"] == "compilation_config.pass_config.fuse_norm_quant"
    assert "compilation-config.pass_config.fuse_norm_quant" in entry["config_keys"]
    assert "through compilation_config.pass_config" in entry["cache_key"]["reason"]


def test_explain_deprecated_and_whole_config_flags() -> None:
    deprecated = [e for e in DATA["fields"] if e["deprecated"] and e["flags"]]
    assert deprecated
    assert "deprecated:" in cli_explain.render(deprecated[0])
    entry = cli_explain.find(DATA, "-cc")
    assert entry["path"] == "compilation_config" and entry["type"] == "CompilationConfig"


@pytest.mark.parametrize("argv,needle", [
    (("explain", "--kv-cache-dtyp"), "did you mean --kv-cache-dtype"),
    (("explain",), "expected one flag or config field"),
    (("explain", "a", "b"), "not 2"),
    (("explain", "--block-size", "--format", "xml"), "expected text or json"),
    (("schema", "extra"), "takes no arguments"),
    (("diff", "-tp 2"), "expected two configs"),
    (("diff", "--bogus", ""), "a: unknown flag --bogus"),
    (("diff", "", "--block-size x"), "b: --block-size: invalid value 'x'"),
    (("diff", "missing.yaml", ""), "a: --config missing.yaml: no such file"),
    (("diff", "'unterminated", ""), "a: cannot split the command line"),
    (("diff", "", "", "--platform", "tpu9"), "--platform: invalid choice: 'tpu9'"),
    (("explain", "--block-size", "--platform", "tpu9"), "(choose from 'cuda', 'cpu')"),
    (("diff", "", "--gpu-memory-utilization 1.5"), "b: --gpu-memory-utilization"),
    (("explian",), "did you mean explain"),
])
def test_bad_input_is_one_line(argv, needle) -> None:
    line = _one_line_error(*run(*argv))
    assert needle in line, line


def test_help_of_each_tool() -> None:
    for command in ("explain", "diff", "schema", "upgrade"):
        rc, out, _ = run(command, "--help")
        assert rc == 0 and out.startswith(f"usage: vllm-config {command}")


def test_help_lists_every_command_with_one_line() -> None:
    """Plain --help leads an operator to every command the CLI dispatches (issue 37):
    the usage line names each, and the Commands section gives each one line."""
    from cfgc.runtime.cli import COMMANDS, OPERATOR_COMMANDS

    rc, out, _ = run("--help")
    commands = [*COMMANDS, *OPERATOR_COMMANDS]
    assert rc == 0 and out.splitlines()[0] == (
        f"usage: vllm-config {{{','.join(commands)}}} [ARGS...]")
    section = out.split("Commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    starts = [line for line in section if not line.startswith("   ")]  # not wrapped
    assert [line.split()[0] for line in starts] == commands
    assert all(len(line.split("  ", 2)[-1].strip()) > 10 for line in starts)
    golden = (Path(__file__).parent / "golden" / "help.txt").read_text()  # 100 columns
    assert all(f"\n  {c} " in golden for c in commands)
    assert golden.split("Commands:\n", 1)[1].split("\n\n", 1)[0].count("\n") == len(
        commands) - 1  # one line each


def test_explain_lists_rules_across_configs() -> None:
    c = RES.classes["ParallelConfig"]
    rules = emit_explain.rules_mentioning(RES, c, c.field("decode_context_parallel_size"))
    assert any("tensor_parallel_size % decode_context_parallel_size == 0" in r for r in rules)
    assert all(r.startswith(("ParallelConfig: ", "VllmConfig: ")) for r in rules)
    rc, out, _ = run("explain", "-dcp")
    assert rc == 0 and "must be a multiple of" in out
    c = RES.classes["CompilationConfig"]  # env defaults show as the field's variable
    env_fields = [f for cls in RES.schema.classes for f in cls.fields if f.env]
    for f in env_fields:
        assert emit_explain.environment_variable(RES, c, f) == f.env


def test_explain_imports_no_pydantic() -> None:
    code = ("import sys; from vllm_config.__main__ import main; main(['explain', '-tp']); "
            "print('pydantic' in sys.modules, 'torch' in sys.modules, 'argparse' in sys.modules)")
    result = run_process(code=code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False False False"


# --------------------------------------------------------------------------- diff


def _diff(a: str, b: str) -> tuple[int, list[dict]]:
    rc, out, err = run("diff", a, b, "--format", "json")
    assert rc in (0, 1), err
    rows = json.loads(out)
    assert rows[-1]["path"] == "VllmConfig"  # the cache key itself, last
    assert all({"path", "a", "b", "cache_key"} <= set(r) for r in rows)
    assert rc == (1 if rows[-1]["a"] != rows[-1]["b"] else 0)
    return rc, rows[:-1]


def test_diff_included_field() -> None:
    rc, rows = _diff("--block-size 16", "--block-size 32")
    assert rc == 1
    assert rows == [{"path": "cache_config.block_size", "a": 16, "b": 32, "cache_key": True,
                     "feeds": "CacheConfig", "reason": "feeds CacheConfig's hash"}]


def test_diff_excluded_field() -> None:
    rc, rows = _diff("--max-num-seqs 128", "--max-num-seqs=256")
    reason = RES.classes["SchedulerConfig"].field("max_num_seqs").hash.reason
    assert rc == 0
    assert rows == [{"path": "scheduler_config.max_num_seqs", "a": 128, "b": 256,
                     "cache_key": False, "feeds": "SchedulerConfig", "reason": reason}]


def test_diff_nested_compilation_values() -> None:
    rc, rows = _diff("-cc.pass_config.fuse_norm_quant true",
                     "--compilation-config.pass_config.fuse_norm_quant=false")
    assert rc == 1
    assert [(r["path"], r["a"], r["b"], r["cache_key"]) for r in rows] == [
        ("compilation_config.pass_config.fuse_norm_quant", True, False, True)]
    rc, rows = _diff("-cc.mode 3", "-cc.mode 0")
    assert rc == 1 and ("compilation_config.mode", "VLLM_COMPILE", "NONE", True) in [
        (r["path"], r["a"], r["b"], r["cache_key"]) for r in rows]


@pytest.mark.parametrize("a,b", [
    ("-cc.mode 3", "--compilation-config '{\"mode\": 3}'"),
    ("-tp 2 --kv-cache-dtype fp8", "--kv_cache_dtype=fp8 --tensor-parallel-size 2"),
    ("--max-model-len 32k", "--max-model-len 32000"),
    ("", str(CONFIGS / "empty.yaml")),
    (str(CONFIGS / "serve_llama_tp2.yaml"),
     "vllm serve meta-llama/Llama-3.1-8B-Instruct -tp 2 --max-model-len 32000 "
     "--gpu-memory-utilization 0.9 --kv-cache-dtype fp8 --enable-prefix-caching "
     "--max-num-seqs 256 --max-num-batched-tokens 8000"),
])
def test_diff_equal_configs_written_two_ways(a: str, b: str) -> None:
    rc, rows = _diff(a, b)
    assert (rc, rows) == (0, [])


def test_diff_text_output() -> None:
    rc, out, _ = run("diff", "--block-size 16", "--block-size 32 --max-num-seqs 8")
    assert rc == 1
    lines = out.splitlines()
    assert lines[0].split() == ["path", "a", "b", "cache", "key"]
    assert any(line.startswith("cache_config.block_size") and "changes:" in line
               for line in lines)
    assert any(line.startswith("scheduler_config.max_num_seqs") and " no: " in line
               for line in lines)
    assert "2 value(s) differ; 1 change the cache key" in out
    assert lines[-1] == "cache keys differ" and lines[-3].startswith("VllmConfig hash a: ")


def test_diff_leaves_out_per_process_values() -> None:
    rc, out, _ = run("diff", "", "")
    assert rc == 0 and out.startswith("no config value differs")  # not instance_id


# --------------------------------------------------------------------------- schema


def test_schema_command_prints_the_packaged_file() -> None:
    rc, out, _ = run("schema")
    assert rc == 0
    assert out == Path(cli_explain.data_file(TABLE, "config_schema.json")).read_text()
    assert json.loads(out)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_bash_completion_of_the_tools() -> None:
    import shutil
    import subprocess

    from .helpers import PKG

    bash = shutil.which("bash")
    if not bash:
        pytest.skip("no bash")
    script = Path(__file__).parents[2] / "generated" / "completions" / "vllm-config.bash"
    func = "_" + PKG
    for words, cword, want in ((["ex"], 1, "explain"), (["explain", "--kv-cache-d"], 2,
                                                        "--kv-cache-dtype"),
                               (["diff", "--format", "j"], 3, "json")):
        probe = (f"source {script}; COMP_WORDS=(vllm-config {' '.join(words)}); "
                 f"COMP_CWORD={cword}; {func}; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
        proc = subprocess.run([bash, "-c", probe], capture_output=True, text=True)
        assert want in proc.stdout.split(), (words, proc.stdout, proc.stderr)


def test_guide_shows_current_explain_output_and_the_modeline() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "guide" / "operator-tools.md").read_text()
    assert "# yaml-language-server: $schema=./vllm-config.schema.json" in guide
    example = cli_explain.render(cli_explain.find(DATA, "--max-num-seqs"), width=80)
    assert example in guide.replace("$ vllm-config explain --max-num-seqs\n", "")


TOKENS = ["-tp", "2", "--kv-cache-dtype", "fp8", "-cc.mode", "3", "--format", "json", "text",
          "--bogus", "'", '"', "{", "--config", "missing.yaml", str(CONFIGS), "--enable-lora",
          "--max-loras", "0", "--platform", "vllm", "serve", "-cc", '{"mode": 9}',
          "--compilation-config.pass_config.nope", "true", "None", ""]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["explain", "diff", "schema"]),
       st.lists(st.lists(st.sampled_from(TOKENS), max_size=4).map(" ".join), max_size=3))
def test_tools_never_raise(command: str, args: list[str]) -> None:
    """Any arguments: an answer (0/1) or one error line (2), never a traceback."""
    rc, out, err = run(command, *args)
    assert rc in (0, 1, 2) and "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("vllm-config: error: ")]
    assert len(errors) == (1 if rc == 2 else 0), err  # warnings may come before it
