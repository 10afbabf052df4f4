"""Inspecting a config never runs code shipped with its checkpoint, unless the command
line itself says --allow-remote-code; the Python API keeps vLLM's meaning.

The checkpoint here has a config class of its own (config.json's auto_map) whose module
writes a file when it is imported: every command, and every way of setting
trust_remote_code, is run in a fresh process with a cold checkpoint-facts cache, and the
file must not appear.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("transformers")

CONFIG_CODE = '''
import os
from pathlib import Path

from transformers import PretrainedConfig

Path(os.environ["CFGC_TEST_MARKER"]).write_text("the checkpoint's code ran")


class SneakyConfig(PretrainedConfig):
    model_type = "sneaky"
'''


@pytest.fixture
def sneaky(tmp_path: Path) -> Path:
    """A checkpoint folder whose config class is its own code."""
    folder = tmp_path / "sneaky"
    folder.mkdir()
    (folder / "configuration_sneaky.py").write_text(CONFIG_CODE)
    (folder / "config.json").write_text(json.dumps({
        "model_type": "sneaky", "architectures": ["LlamaForCausalLM"],
        "auto_map": {"AutoConfig": "configuration_sneaky.SneakyConfig"},
        "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 4,
        "num_hidden_layers": 2, "intermediate_size": 128, "vocab_size": 1000,
        "max_position_embeddings": 512, "torch_dtype": "float16"}))
    return folder


def vllm_config(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CFGC_TEST_MARKER": str(tmp_path / "ran"),
           "CFGC_CACHE_DIR": str(tmp_path / "cache"),  # cold: facts are computed
           "HF_MODULES_CACHE": str(tmp_path / "modules")}
    return subprocess.run([sys.executable, "-m", "vllm_config", *argv], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def ways(tmp_path: Path, model: Path) -> dict[str, list[str]]:
    """Every command that reads a config, with trust_remote_code set by a flag or by a
    config file (someone else's file)."""
    serve = tmp_path / "serve.yaml"
    serve.write_text(f"model: {model}\ntrust-remote-code: true\n")
    flags = f"--model {model} --trust-remote-code"
    return {
        "show flag": ["show", "--model", str(model), "--trust-remote-code"],
        "show file": ["show", "--config", str(serve)],
        "hash flag": ["hash", "--model", str(model), "--trust-remote-code"],
        "hash file": ["hash", "--config", str(serve)],
        "diff file": ["diff", "", str(serve)],
        "diff flags": ["diff", flags, "--model " + str(model)],
        "draft inherits": ["show", "--model", str(model), "--trust-remote-code",
                           "--speculative-config",
                           json.dumps({"model": str(model), "num_speculative_tokens": 1})],
        "explain": ["explain", "--trust-remote-code"],
        "schema": ["schema"],
    }


def test_no_command_runs_checkpoint_code_without_the_flag(tmp_path: Path,
                                                          sneaky: Path) -> None:
    for name, argv in ways(tmp_path, sneaky).items():
        proc = vllm_config(tmp_path, *argv)
        assert not (tmp_path / "ran").exists(), (name, proc.stderr)
        assert "Traceback" not in proc.stderr, name
        # diff exits 1 when the sides differ, as diff(1) does
        ok = (0, 1) if argv[0] == "diff" else (0,)
        assert proc.returncode in ok, (name, proc.stderr)
        if "trust-remote-code" in " ".join(argv) or "file" in name:
            if argv[0] in ("show", "hash", "diff"):
                # One line says what was left out and why.
                assert "not honoured" in proc.stderr and "--allow-remote-code" in \
                    proc.stderr, (name, proc.stderr)


def test_values_are_read_without_the_code(tmp_path: Path, sneaky: Path) -> None:
    proc = vllm_config(tmp_path, "show", "--format", "json", "--model", str(sneaky),
                       "--trust-remote-code")
    assert proc.returncode == 0, proc.stderr
    model = json.loads(proc.stdout)["model_config"]["values"]
    assert model["max_model_len"] == 512
    assert "the checkpoint's own code (not run)" in proc.stderr


def test_the_flag_allows_it(tmp_path: Path, sneaky: Path) -> None:
    proc = vllm_config(tmp_path, "show", "--allow-remote-code", "--model", str(sneaky),
                       "--trust-remote-code")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "ran").exists()


def test_the_flag_alone_does_not_set_trust_remote_code(tmp_path: Path,
                                                       sneaky: Path) -> None:
    proc = vllm_config(tmp_path, "show", "--allow-remote-code", "--model", str(sneaky))
    assert not (tmp_path / "ran").exists()
    assert proc.returncode == 0, proc.stderr


def test_a_config_file_cannot_allow_it(tmp_path: Path, sneaky: Path) -> None:
    serve = tmp_path / "serve.yaml"
    serve.write_text(f"model: {sneaky}\ntrust-remote-code: true\nallow-remote-code: true\n")
    proc = vllm_config(tmp_path, "show", "--config", str(serve))
    assert proc.returncode == 2
    assert "is an option of the command" in proc.stderr
    assert not (tmp_path / "ran").exists()


def test_python_api_keeps_vllms_meaning(tmp_path: Path, sneaky: Path) -> None:
    code = ("from vllm_config import ModelConfig\n"
            f"m = ModelConfig(model={str(sneaky)!r}, trust_remote_code=True)\n"
            "print(type(m.hf_config.loaded).__name__)\n")
    env = {**os.environ, "CFGC_TEST_MARKER": str(tmp_path / "ran"),
           "CFGC_CACHE_DIR": str(tmp_path / "cache"),
           "HF_MODULES_CACHE": str(tmp_path / "modules")}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "SneakyConfig"
    assert (tmp_path / "ran").exists()


def test_upgrade_carries_the_flag_of_its_command_line(tmp_path: Path, sneaky: Path) -> None:
    """After `--`, --allow-remote-code belongs to the command line `upgrade` carries over:
    it stays in the upgraded line (the children that resolve it honour it)."""
    proc = vllm_config(tmp_path, "upgrade", "--to", "0.33.0", "--", "--allow-remote-code",
                       "--model", str(sneaky), "--trust-remote-code")
    assert proc.returncode == 0, proc.stderr
    assert "--allow-remote-code" in proc.stdout.splitlines()[0]
    assert (tmp_path / "ran").exists()
