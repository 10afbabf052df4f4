"""Values that used to be silently accepted: booleans and malformed integers for integer
fields, NaN and infinities, empty model names, help requests spelled -h=..., repeated
keys in a --config file, a whole JSON value overridden by a later dotted key."""

from __future__ import annotations

import importlib
import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from vllm_config import CacheConfig, CompilationConfig, VllmConfig

from .helpers import PROG, one_line

MAIN = importlib.import_module("vllm_config.__main__")
VALUES = settings(deadline=None, max_examples=40, derandomize=True)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = MAIN.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def error(*argv: str) -> str:
    code, out, err = run(*argv)
    assert code == 2 and out == "", (code, out, err)
    line = one_line(err)
    assert line.startswith(f"{PROG}: error: ")
    return line


BAD_INTS = st.one_of(
    st.integers(min_value=1, max_value=10**6).map(lambda n: f"{n:_}" if n >= 1000 else
                                                   f"1_{n}"),                  # 1_000
    st.text("０１２３４５６７８９٠١٢٣", min_size=1, max_size=4),              # non-ASCII digits
    st.integers(min_value=2**63, max_value=2**80).map(str),                     # beyond int64
    st.integers(max_value=-(2**63) - 1, min_value=-(2**80)).map(str),
    st.sampled_from(["true", "True", "1.5", "0x10", "1e3", " ", "+-1", "1-"]),
)


@given(BAD_INTS)
@VALUES
def test_bad_integer_flag(raw: str) -> None:
    line = error("show", "-tp", raw)
    assert line.startswith(f"{PROG}: error: -tp: invalid value {raw!r}: expected an integer")


@given(st.one_of(st.booleans(), st.integers(min_value=2**63, max_value=2**70),
                 st.sampled_from(["1_6", "１６", "16.5"])))
@VALUES
def test_bad_integer_in_the_python_api(value: object) -> None:
    with pytest.raises(ValidationError, match="block_size"):
        CacheConfig(block_size=value)


def test_good_integers_still_read() -> None:
    assert CacheConfig(block_size=16).block_size == 16
    assert CacheConfig(block_size="16").block_size == 16  # pydantic's lax str -> int stays
    code, out, _ = run("show", "-tp", "2", "--format", "json")
    assert code == 0 and '"tensor_parallel_size": 2' in out


@pytest.mark.parametrize("argv", [
    ("-cc", '{"mode": true}'), ("-cc.mode", "true"), ("-cc.mode", "false"),
    ("-cc", '{"max_cudagraph_capture_size": true}'),
    ("-cc.max_cudagraph_capture_size", "99999999999999999999"),
], ids=" ".join)
def test_booleans_and_huge_numbers_in_json_values(argv: tuple[str, ...]) -> None:
    line = error("show", *argv)
    assert "CompilationConfig." in line
    assert "expected" in line or "integer" in line


def test_boolean_for_an_int_enum_in_python() -> None:
    with pytest.raises(ValidationError, match="expected a CompilationMode name, not True"):
        CompilationConfig(mode=True)
    assert CompilationConfig(mode=3).mode == 3


@pytest.mark.parametrize("raw", ["nan", "NaN", "inf", "+inf", "1e999", "１", "1_0"])
def test_floats_must_be_finite_ascii(raw: str) -> None:
    assert error("show", "--gpu-memory-utilization", raw) == (
        f"{PROG}: error: --gpu-memory-utilization: invalid value {raw!r}: expected a finite "
        "number")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_floats_must_be_finite_in_python(value: float) -> None:
    with pytest.raises(ValidationError, match="Input should be a finite number"):
        CacheConfig(gpu_memory_utilization=value)


@pytest.mark.parametrize("raw", ["", " ", "\t"])
def test_empty_model(raw: str) -> None:
    assert error("show", "--model", raw) == (
        f"{PROG}: error: --model: invalid value {raw!r}: expected a non-empty string")


@pytest.mark.parametrize("argv", [("show", "-h=all"), ("show", "-h=cache"), ("-h=all",)])
def test_short_help_with_a_topic_is_help(argv: tuple[str, ...]) -> None:
    code, out, err = run(*argv)
    assert code == 0 and err == ""
    assert "VllmConfig" not in out.split("\n")[0] and "hash:" not in out
    assert "--" in out


def test_repeated_key_in_a_config_file_warns(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("tensor-parallel-size: 2\nmax-model-len: 4096\ntensor-parallel-size: 4\n")
    code, out, err = run("show", "--config", str(path), "--format", "json")
    assert code == 0 and '"tensor_parallel_size": 4' in out
    assert one_line(err) == (f"{PROG}: warning: --config {path}: key 'tensor-parallel-size' "
                             "given twice (again at line 3); the last one wins")


def test_nested_repeated_key_in_a_config_file_warns(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("compilation-config:\n  mode: 3\n  mode: 0\n")
    code, _, err = run("show", "--config", str(path))
    assert code == 0 and "key 'mode' given twice (again at line 3)" in one_line(err)


@pytest.mark.parametrize("argv", [
    ("-cc", '{"mode": 3}', "-cc.mode", "0"),
    ("-cc.mode", "0", "-cc", '{"mode": 3}'),
    ("-cc", '{"pass_config": {"fuse_norm_quant": true}}',
     "-cc.pass_config.fuse_norm_quant", "false"),
    ("-cc", '{"mode": 3}', "-cc.backend", "inductor"),
], ids=["after", "before", "nested", "other-key"])
def test_whole_json_replaced_by_dotted_keys_warns(argv) -> None:
    """As in vLLM, the dotted keys form one JSON value given last: the whole JSON of the
    same flag is dropped, whatever keys it had, and the warning says so in one line."""
    code, _, err = run("show", *argv)
    assert code == 0
    assert one_line(err) == (f"{PROG}: warning: the JSON given to -cc is replaced by the "
                             "dotted keys of -cc (as in vLLM, -cc.KEY values form one JSON "
                             "value given last)")


def test_vllm_config_python_api_rejects_bool_in_nested_dict() -> None:
    with pytest.raises(ValidationError):
        VllmConfig(cache_config=CacheConfig(block_size=True))


def test_huge_speculative_token_count_is_refused_not_allocated() -> None:
    """Synthetic acceptance builds one rate per position: 2**40 positions must be an error,
    not an allocation that exhausts memory (found by the hash property test's shrinker)."""
    from vllm_config.speculative import SpeculativeConfig

    def synthetic(n: int) -> SpeculativeConfig:
        return SpeculativeConfig(method="ngram", num_speculative_tokens=n,
                                 rejection_sample_method="synthetic",
                                 synthetic_acceptance_length=2.5)

    with pytest.raises(ValueError, match="num_speculative_tokens=1099511627776 is too large"):
        synthetic(2**40)
    assert synthetic(3).synthetic_acceptance_rates == [1.0, 0.5, 0.0]
