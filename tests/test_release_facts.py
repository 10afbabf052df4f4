"""Each release of vllm_config against the facts recorded from that vLLM release itself
(tests/facts/releases/<release>/config_classes.json, by tools/extract_release_facts.py):
every constructor argument is there, declared defaults are equal, and the fields agree
on whether they feed the cache key. Floors, raised as the schema improves."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cfgc import pipeline

from .conftest import REPO

FACTS = REPO / "tests" / "facts" / "releases"
HASH_AGREE_FLOOR = {"0.25.1": 433, "0.33.0": 532}  # of 438 / 538 (98.9%)

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


@pytest.mark.parametrize("release", ["0.25.1", "0.33.0"])
def test_constructor_arguments_and_defaults(release: str) -> None:
    proc = subprocess.run([sys.executable, "-c", PROBE,
                           str(FACTS / release / "config_classes.json")],
                          env={**os.environ, "CFGC_RELEASE": release},
                          capture_output=True, text=True, check=True, timeout=300)
    result = json.loads(proc.stdout)
    assert result["missing"] == []
    assert result["compared"] > 350
    assert result["unequal"] == []


@pytest.mark.parametrize("release", ["0.25.1", "0.33.0"])
def test_cache_key_verdicts(release: str) -> None:
    res = {r.schema.release: r for r in pipeline.load_releases(REPO)}[release]
    facts = json.loads((FACTS / release / "config_classes.json").read_text())["classes"]
    agree = compared = 0
    for name, c in facts.items():
        cls = res.classes.get(name)
        ours = {f.name: f for f in cls.fields} if cls is not None else {}
        for f in c["fields"]:
            o = ours.get(f["name"])
            if f.get("hash") not in ("include", "exclude") or o is None or o.hash is None:
                continue
            compared += 1
            agree += ("include" if o.hash.include else "exclude") == f["hash"]
    assert compared >= 438
    assert agree >= HASH_AGREE_FLOOR[release]
    assert agree / compared >= 0.95
