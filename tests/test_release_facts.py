"""Each release of vllm_config against the facts recorded from that vLLM release itself
(tests/facts/releases/<release>/config_classes.json, by tools/extract_release_facts.py),
for every release that schema/project.yaml lists and that has facts: every constructor
argument is there, at least 98% of declared defaults are equal, and at least 95% of the
fields agree on whether they feed the cache key. The floors of the first releases are
ratchets: raise them as the schema improves."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cfgc import pipeline

from .conftest import REPO
from .listed_releases import FACTS
from .listed_releases import RELEASES as LISTED

DEFAULTS_SHARE = 0.98
HASH_SHARE = 0.95
#: Ratchets of the first releases: defaults that may differ, hash verdicts that agree
#: (of 438 / 538, 98.9%), hash verdicts compared.
DEFAULTS_UNEQUAL_CEILING = {"0.25.1": 0, "0.33.0": 0}
HASH_AGREE_FLOOR = {"0.25.1": 433, "0.33.0": 532}
HASH_COMPARED_FLOOR = {"0.25.1": 438, "0.33.0": 438}


RELEASES = [r for r in LISTED if (FACTS / r / "config_classes.json").is_file()]

#: Run in a child process per release (CFGC_RELEASE picks the package at import).
PROBE = r"""
import dataclasses, inspect, json, sys
import vllm_config
facts = json.load(open(sys.argv[1]))["classes"]
missing, compared, unequal = [], 0, []
for name, c in facts.items():
    cls = getattr(vllm_config, name, None)
    params = set(inspect.signature(cls).parameters) if cls is not None else set()
    missing += [f"{name}.{f}" for f in c["constructor_fields"] if f not in params]
    if cls is None:
        continue
    ours = {f.name: f for f in dataclasses.fields(cls)}
    for f in c["fields"]:
        d, o = f.get("default", {}), ours.get(f["name"])
        if f.get("kind") != "field" or o is None or d.get("kind") != "value":
            continue
        value = o.default if o.default is not dataclasses.MISSING else (
            o.default_factory() if o.default_factory is not dataclasses.MISSING else None)
        if type(value).__name__ == "FieldInfo":
            value = value.default_factory() if value.default_factory else value.default
        want = d.get("value")
        if isinstance(want, dict) and set(want) == {"enum", "name", "value"}:
            want = want["name"]
        got = getattr(value, "name", value)
        compared += 1
        if json.dumps(got, default=str) != json.dumps(want, default=str):
            unequal.append(f"{name}.{f['name']}: vLLM {want!r}, ours {got!r}")
print(json.dumps({"missing": missing, "compared": compared, "unequal": unequal}))
"""


def probe(release: str) -> dict:
    """Our package of `release` against its facts: missing constructor arguments, and the
    declared defaults compared and unequal."""
    proc = subprocess.run([sys.executable, "-c", PROBE,
                           str(FACTS / release / "config_classes.json")],
                          env={**os.environ, "CFGC_RELEASE": release},
                          capture_output=True, text=True, check=True, timeout=300)
    return json.loads(proc.stdout)


def hash_verdicts(release: str) -> tuple[int, int, int, list[str]]:
    """(agreeing, compared, facts' verdicts, disagreements the schema does not name):
    whether each field feeds the cache key."""
    res = {r.schema.release: r for r in pipeline.load_releases(REPO)}[release]
    facts = json.loads((FACTS / release / "config_classes.json").read_text())["classes"]
    agree = compared = verdicts = 0
    unnamed: list[str] = []
    for name, c in facts.items():
        cls = res.classes.get(name)
        ours = {f.name: f for f in cls.fields} if cls is not None else {}
        for f in c["fields"]:
            if f.get("hash") not in ("include", "exclude"):
                continue
            verdicts += 1
            o = ours.get(f["name"])
            if o is None or o.hash is None:
                continue
            compared += 1
            # a field an extra factor is computed from feeds the key through it
            # (SpeculativeConfig.method through uses_aux_hidden_states), as vLLM's
            # reading of its compute_hash source counts it
            feeds = o.hash.include or any(e.reads_field(o.name) for e in cls.hash_extra)
            if ("include" if feeds else "exclude") == f["hash"]:
                agree += 1
            elif not o.differs:
                unnamed.append(f"{name}.{o.name}: vLLM {f['hash']}, ours "
                               f"{'include' if feeds else 'exclude'}")
    return agree, compared, verdicts, unnamed


def test_every_listed_release_has_facts() -> None:
    assert RELEASES == list(LISTED)


@pytest.mark.parametrize("release", RELEASES)
def test_constructor_arguments_and_defaults(release: str) -> None:
    result = probe(release)
    assert result["missing"] == []
    assert result["compared"] > 350
    equal = result["compared"] - len(result["unequal"])
    assert equal >= DEFAULTS_SHARE * result["compared"], result["unequal"]
    if release in DEFAULTS_UNEQUAL_CEILING:
        assert len(result["unequal"]) <= DEFAULTS_UNEQUAL_CEILING[release], result["unequal"]


@pytest.mark.parametrize("release", RELEASES)
def test_cache_key_verdicts(release: str) -> None:
    """Every field agrees with vLLM on whether it feeds the cache key, or its difference
    is named in the schema (`differs_from_vllm`, on the differences page)."""
    agree, compared, verdicts, unnamed = hash_verdicts(release)
    assert compared >= HASH_COMPARED_FLOOR.get(release, HASH_SHARE * verdicts)
    assert agree / compared >= HASH_SHARE
    assert agree >= HASH_AGREE_FLOOR.get(release, 0)
    assert unnamed == []


# --- the facts' history and the tools around it -------------------------------------


def _tool(name: str):
    """A module of tools/, loaded from its file (tools/ is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"_tool_{name}", REPO / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while they build
    spec.loader.exec_module(module)
    return module


def test_history_is_up_to_date() -> None:
    history = _tool("release_history")
    dirs = history.release_dirs(FACTS)
    assert (FACTS / "history.json").read_text() == history.render(history.build(dirs)), \
        "tests/facts/releases/history.json is stale: run tools/release_history.py"


def test_history_agrees_with_each_release_folder() -> None:
    """Every field's presence and default in history.json is what that release's own
    config_classes.json says (the run-lengths lose nothing)."""
    checker = _tool("history_check")
    data = json.loads((FACTS / "history.json").read_text())
    facts = checker.Facts(data)
    for release in facts.releases:
        classes = json.loads((FACTS / release / "config_classes.json").read_text())["classes"]
        for cname, entry in data["classes"].items():
            fields = {f["name"]: f for f in classes.get(cname, {}).get("fields", [])}
            for fname, fentry in entry["fields"].items():
                assert facts.presence(fentry)[release] == (fname in fields), (release, fname)
                if fname in fields and "value" in fields[fname]["default"] \
                        and not isinstance(fields[fname]["default"]["value"], dict):
                    got = facts.expand(fentry["default"])[release]
                    assert got == fields[fname]["default"]["value"], (release, cname, fname)


@pytest.mark.parametrize("values", [
    {},
    {"a": 1, "b": 1, "c": 1},
    {"a": 1, "b": 2, "c": 1},
    {"a": 1, "c": 1},  # absent in b: two runs
    {"b": [1, 2], "c": [1, 2]},
])
def test_run_lengths_expand_back_to_the_values(values: dict) -> None:
    history, checker = _tool("release_history"), _tool("history_check")
    releases = ["a", "b", "c"]
    runs = history.runs(releases, values)
    assert checker.Facts({"releases": releases}).expand(runs) == values
    assert len(runs) == len(checker.Facts({"releases": releases}).changes(values)) + (
        1 if values else 0) + (1 if values == {"a": 1, "c": 1} else 0)


def test_each_pair_of_releases_has_a_diff_with_every_fate() -> None:
    history = _tool("release_history")
    names = [d.name for d in history.release_dirs(FACTS)]
    for old, new in zip(names, names[1:], strict=False):
        diff = json.loads((FACTS / f"diff_{old}_{new}.json").read_text())
        assert diff["fates_missing"] == [], (old, new)
        fates = json.loads((FACTS / f"fates_{old}_{new}.json").read_text())["fates"]
        removed = {f"{r['class']}.{r['field']}" for r in diff["classes"]["removed_fields"]} | {
            r["flag"] for r in diff["flags"]["removed_flags"]}
        assert set(fates) == removed, (old, new)
        assert {f["kind"] for f in fates.values()} <= {"renamed", "replaced", "dropped"}


def _fake_venv(root, release: str | None):
    venv = root / (release or "empty")
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text("")
    site = venv / "lib" / "python3.11" / "site-packages"
    site.mkdir(parents=True)
    if release:
        (site / f"vllm-{release}.dist-info").mkdir()
    return venv


def test_a_release_venv_is_found_from_the_folder_or_the_variable(tmp_path, monkeypatch) -> None:
    venvs = _tool("vllm_venv")
    folder = tmp_path / "venvs"
    _fake_venv(folder, "0.28.0")
    other = _fake_venv(tmp_path, "0.25.1")
    monkeypatch.delenv("VLLM_VENV", raising=False)
    monkeypatch.setenv("VLLM_VENVS", str(folder))
    assert venvs.find_venv("0.28.0") == (folder / "0.28.0", "$VLLM_VENVS")
    # VLLM_VENV holding another release does not hide the folder's venv.
    monkeypatch.setenv("VLLM_VENV", str(other))
    assert venvs.find_venv("0.28.0")[0] == folder / "0.28.0"
    assert venvs.find_venv("0.25.1")[0] == other
    assert venvs.find_venv("0.25.1", explicit=folder / "0.28.0")[0] is None


def test_no_venv_is_one_line_saying_what_to_set(tmp_path, monkeypatch, capsys) -> None:
    venvs = _tool("vllm_venv")
    monkeypatch.delenv("VLLM_VENV", raising=False)
    monkeypatch.delenv("VLLM_VENVS", raising=False)
    venv, why = venvs.find_venv("0.29.0")
    assert venv is None and "\n" not in why
    assert all(word in why for word in ("--venv", "VLLM_VENV", "VLLM_VENVS", "release_venv.sh"))
    empty = _fake_venv(tmp_path, None)
    venv, why = venvs.find_venv("0.29.0", explicit=empty)
    assert venv is None and "holds vLLM no vLLM" in why
    with pytest.raises(SystemExit) as exc:
        venvs.vllm_python("some_tool", "0.29.0")
    assert str(exc.value).startswith("some_tool: no venv with vLLM 0.29.0")


def test_history_check_dates_markers_against_the_facts(tmp_path) -> None:
    checker = _tool("history_check")
    (tmp_path / "demo.yaml").write_text(
        "classes:\n"
        "  DemoConfig:\n"
        "    fields:\n"
        "      early: {type: int, default: 1, added: '0.33.0'}\n"
        "      right: {type: int, default: 1, added: '0.26.0'}\n"
        "      size:\n"
        "        type: int\n"
        "        default: 1\n"
        "        changed: {'0.33.0': {default: 2}}\n"
        "      steps:\n"
        "        type: int\n"
        "        default: 1\n"
        "        changed: {'0.26.0': {default: 2}, '0.33.0': {default: 3}}\n"
        "      half:\n"
        "        type: int\n"
        "        default: 1\n"
        "        changed: {'0.33.0': {default: 3}}\n")
    releases = ["0.25.1", "0.26.0", "0.33.0"]

    def field(presence: dict, default: dict) -> dict:
        return {"presence": presence, "default": default, "kind": {"0.25.1..0.33.0": "field"}}
    history = {"releases": releases, "flags": {}, "enums": {}, "envs": {}, "ir_ops": {},
               "classes": {"DemoConfig": {
                   "presence": {"0.25.1..0.33.0": True}, "scope": {"0.25.1..0.33.0": "exported"},
                   "methods": {}, "fields": {
                       "early": field({"0.25.1": False, "0.26.0..0.33.0": True},
                                      {"0.26.0..0.33.0": 1}),
                       "right": field({"0.25.1": False, "0.26.0..0.33.0": True},
                                      {"0.26.0..0.33.0": 1}),
                       "size": field({"0.25.1..0.33.0": True},
                                     {"0.25.1": 1, "0.26.0..0.33.0": 2}),
                       "gone": field({"0.26.0": True, "0.25.1": False, "0.33.0": False},
                                     {"0.26.0": 3}),
                       "steps": field({"0.25.1..0.33.0": True},
                                      {"0.25.1": 1, "0.26.0": 2, "0.33.0": 3}),
                       "half": field({"0.25.1..0.33.0": True},
                                     {"0.25.1": 1, "0.26.0": 2, "0.33.0": 3})}}}}
    report = checker.Checker(checker.Facts(history), tmp_path, {}).run()
    assert report.confirmed == 3  # `right`, and both blocks of `steps` (one per release)
    wrong = "\n".join(report.wrong["schema/demo.yaml"])
    assert "DemoConfig.early | added | 0.33.0 | added 0.26.0" in wrong
    assert "DemoConfig.size | changed default | 0.33.0 | 0.26.0" in wrong
    assert "DemoConfig.half | changed default | 0.33.0 | 0.26.0, 0.33.0" in wrong  # 0.26.0's
    undone = "\n".join(report.undone["schema/demo.yaml"])
    assert 'DemoConfig.gone' in undone and 'added: "0.26.0"; removed: {in: "0.33.0"' in undone
