"""Crashes from nesting and size: YAML or JSON nested deeply enough to crash the parser
(50,000 levels) or to exhaust Python's recursion (400, 1,000) must be one clean line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import PROG, cfgc, new_project, one_line, owned, process

DEPTHS = settings(deadline=None, max_examples=8, derandomize=True)


def flow(depth: int, kind: str) -> str:
    return {"list": "[" * depth + "]" * depth,
            "map": "{a: " * depth + "1" + "}" * depth}[kind]


def block(depth: int) -> str:
    return "".join("  " * i + f"k{i}:\n" for i in range(depth)) + "  " * depth + "x: 1\n"


@pytest.mark.parametrize("text", [
    "classes: " + flow(50_000, "list") + "\n",  # segfaulted libyaml's composer
    "classes: " + flow(50_000, "map") + "\n",
    "classes:\n" + "".join("  " * i + "- " for i in range(1, 3)) + flow(20_000, "list") + "\n",
    block(2_000),
], ids=["flow-list-50k", "flow-map-50k", "mixed-20k", "block-2k"])
def test_deep_schema_is_a_located_error(tmp_path: Path, text: str) -> None:
    root = new_project(tmp_path, **{"deep.yaml": text})
    proc = process("-m", "cfgc.cli", "--root", str(root), "generate")  # a crash kills it
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.splitlines()[0].startswith("schema/deep.yaml:")
    assert "nested more than 100 levels deep" in proc.stderr
    assert owned(root) == {}


@given(depth=st.integers(min_value=0, max_value=400), kind=st.sampled_from(["list", "map"]))
@DEPTHS
def test_schema_nesting_at_any_depth_never_crashes(tmp_path_factory, depth: int,
                                                   kind: str) -> None:
    root = new_project(tmp_path_factory.mktemp("d"),
                       **{"deep.yaml": "aliases: {X: {type: int, doc: " + flow(depth, kind)
                          + "}}\n"})
    code, _, err = cfgc(root, "generate", "-q")
    assert "Traceback" not in err
    assert code in (0, 1)
    if depth > 100:
        assert code == 1 and "nested more than 100 levels deep" in err


def config_file(tmp: Path, text: str) -> str:
    path = tmp / "c.yaml"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("text, expected", [
    ("compilation-config: " + flow(50_000, "list") + "\n",
     "nested more than 64 levels deep (line 1)"),
    ("compilation-config: " + flow(400, "map") + "\n",
     "nested more than 64 levels deep (line 1)"),
    ("".join(f"k{i}: 1\n" for i in range(200_000)),
     "more than 100000 values; too large"),
], ids=["50k", "400", "200k-keys"])
def test_deep_or_huge_config_file(tmp_path: Path, text: str, expected: str) -> None:
    path = config_file(tmp_path, text)
    proc = process("-m", "vllm_config", "show", "--config", path)
    assert proc.returncode == 2
    assert one_line(proc.stderr) == f"{PROG}: error: --config {path}: {expected}"


@given(depth=st.integers(min_value=1, max_value=3000))
@settings(deadline=None, max_examples=6, derandomize=True)
def test_deep_json_flag_value(depth: int) -> None:
    value = "[" * depth + "]" * depth
    proc = subprocess.run([sys.executable, "-m", "vllm_config", "show", "-cc",
                           '{"pass_config": ' + value + "}"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2
    one_line(proc.stderr)


def test_deep_json_object_in_a_flag() -> None:
    proc = process("-m", "vllm_config", "show", "-cc",
                   "{" + '"a": {' * 1000 + "}" * 1000 + "}")
    assert proc.returncode == 2
    assert one_line(proc.stderr).startswith(f"{PROG}: error: ")


def test_depth_walk_does_not_depend_on_libyamls_own_limit(monkeypatch) -> None:
    """libyaml (PyYAML >= 6.0.4) stops deep documents with its own message, before the
    events reach our limit; the walk then goes on with the pure-Python parser, so every
    PyYAML gives the same events, and our limit decides."""
    import yaml

    from cfgc.runtime import yaml_events

    text = "a: " + flow(3_000, "list") + "\n"
    reference = [type(e).__name__ for e in yaml.parse(text, Loader=yaml.SafeLoader)]

    def stopping_parse(text: str, Loader):  # noqa: N803 - yaml.parse's own name
        if Loader is yaml.SafeLoader:
            yield from real_parse(text, Loader=Loader)
            return
        for index, event in enumerate(real_parse(text, Loader=yaml.SafeLoader)):
            if index == 5:
                raise yaml.scanner.ScannerError(problem="exceeded maximum nesting depth")
            yield event

    real_parse = yaml.parse
    monkeypatch.setattr(yaml, "parse", stopping_parse)
    assert [type(e).__name__ for e in yaml_events.parse_events(text)] == reference
    with pytest.raises(yaml.YAMLError, match="mapping values"):  # other errors stay
        list(yaml_events.parse_events("a: b: c"))
