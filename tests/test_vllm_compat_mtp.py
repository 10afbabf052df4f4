"""SpeculativeConfig.hf_config_override against vLLM's own, per MTP architecture.

tests/fixtures/mtp/<release>.json holds what vLLM's method made of each case (a small
target config per architecture, tools/parity_cases/mtp_configs.json), recorded by
tools/record_mtp_drafts.py in a venv with that release. The same tool runs ours (the
release's per-architecture rules, `_MTP_DRAFT_REWRITES` in schema/speculative.yaml) in a
child process with CFGC_RELEASE set; every case must come out the same: the config
returned, its attributes and the given config's afterwards, or the same exception type.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.listed_releases import RELEASES

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "mtp"
TOOL = REPO / "tools" / "record_mtp_drafts.py"
CASES = [(release, case["name"]) for release in RELEASES
         if (FIXTURES / f"{release}.json").is_file()
         for case in json.loads((FIXTURES / f"{release}.json").read_text())["cases"]]


@functools.cache
def _ours(release: str) -> dict[str, dict]:
    env = {**os.environ, "CFGC_RELEASE": release}
    out = subprocess.run([sys.executable, str(TOOL), "--ours", str(FIXTURES / f"{release}.json")],
                         capture_output=True, text=True, check=True, env=env)
    got = json.loads(out.stdout)
    assert got["release"] == release
    return {case["name"]: case["outcome"] for case in got["cases"]}


@functools.cache
def _theirs(release: str) -> dict[str, dict]:
    recorded = json.loads((FIXTURES / f"{release}.json").read_text())
    assert recorded["release"] == release
    return {case["name"]: case["outcome"] for case in recorded["cases"]}


def test_every_listed_release_is_recorded() -> None:
    missing = [r for r in RELEASES if not (FIXTURES / f"{r}.json").is_file()]
    assert not missing, (f"no MTP recording of {missing}: record each with "
                         f"<venv>/bin/python tools/record_mtp_drafts.py --out "
                         f"tests/fixtures/mtp/RELEASE.json")


@pytest.mark.parametrize(("release", "name"), CASES, ids=[f"{r}:{n}" for r, n in CASES])
def test_draft_config_as_vllm_makes_it(release: str, name: str) -> None:
    assert _ours(release)[name] == _theirs(release)[name]


def test_the_cases_cover_every_draft_architecture() -> None:
    """Each drafter architecture the rules of a release can give is given by some case."""
    for release in sorted({release for release, _ in CASES}):
        made = {a for outcome in _theirs(release).values() if "result" in outcome
                for a in outcome["result"].get("architectures") or []}
        named = _rule_architectures(release)
        assert named and named <= made, f"{release}: no case for {sorted(named - made)}"


def _rule_architectures(release: str) -> set[str]:
    """The architectures the rules set: lists, or the values of a `by` lookup."""
    env = {**os.environ, "CFGC_RELEASE": release}
    code = ("import json\nfrom vllm_config.speculative import _MTP_DRAFT_REWRITES as r\n"
            "print(json.dumps(r))")
    rules = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                      text=True, check=True, env=env).stdout)
    found: set[str] = set()
    for rule in rules:
        spec = (rule.get("update") or {}).get("architectures")
        if isinstance(spec, list):
            found.update(spec)
        elif isinstance(spec, dict):
            for choice in [*spec["map"].values(), spec.get("default") or []]:
                found.update(choice)
    return found


# -- the rule interpreter ----------------------------------------------------------------


class _Config:
    """An object with attributes, as the rules see a Hugging Face config."""

    def __init__(self, **kw: object) -> None:
        self.__dict__.update(kw)


def test_rules_apply_in_order_on_what_earlier_rules_left() -> None:
    from cfgc.runtime.config_rewrite import rewrite

    rules = [{"when": {"model_type": ["a"]}, "model_type": "b"},
             {"when": {"model_type": ["b"]}, "update": {"n": {"attr": "layers", "default": 1}}},
             {"when": {"initial_architecture": ["A"]}, "update": {"architectures": ["Z"]}},
             {"when": {"architecture": ["A"]}, "update": {"never": True}}]
    cfg = _Config(model_type="a", architectures=["A"], layers=3)
    assert rewrite(cfg, rules) is cfg
    assert (cfg.model_type, cfg.n, cfg.architectures) == ("b", 3, ["Z"])
    assert not hasattr(cfg, "never")  # the architecture was rewritten before that rule


def test_promote_keeps_the_quantization_config() -> None:
    from cfgc.runtime.config_rewrite import rewrite

    text = _Config(model_type="t", architectures=["T"])
    cfg = _Config(model_type="vl", architectures=["VL"], text_config=text,
                  quantization_config={"quant_method": "fp8"})
    rule = {"when": {"model_type": ["vl"]}, "promote": {"keep_quantization": True},
            "model_type": "mtp"}
    assert rewrite(cfg, [rule]) is text
    assert text.quantization_config == {"quant_method": "fp8"} and text.model_type == "mtp"
    copied = rewrite(_Config(model_type="vl", architectures=["VL"], text_config=text),
                     [{**rule, "promote": {"copy": True}}])
    assert copied is not text


@pytest.mark.parametrize("rule", [
    {"when": {"model_type": ["a"]}, "updates": {}},  # unknown rule key
    {"when": {"model_typ": ["a"]}},  # unknown test
    {"when": {"model_type": ["a"]}, "update": {"x": {"attr": "y", "first": []}}},  # two kinds
    {"when": {"model_type": ["a"]}, "update": {"x": {"atr": "y"}}},  # no kind
])
def test_a_malformed_rule_is_named(rule: dict) -> None:
    from cfgc.runtime.config_rewrite import RewriteError, rewrite

    with pytest.raises(RewriteError):
        rewrite(_Config(model_type="a", architectures=["A"]), [rule])
