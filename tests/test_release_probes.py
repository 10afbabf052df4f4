"""Behaviours that change between vLLM releases, for every release
schema/project.yaml lists: the probes of tools/release_probes.py (defaults, values
refused, what feeds the cache key, what a config resolves), answered by that release of
vllm_config and by that release of vLLM (recorded in
tests/fixtures/release_probes/<release>.json), must agree.

The answers run in the suite's platform profile (CUDA, see conftest.py): vLLM's bare
classes, built before any platform step, answer as ours do on a platform that adds no
defaults of its own at construction.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tools import release_probes

from .listed_releases import RELEASES


def recording(release: str) -> dict[str, Any]:
    path = release_probes.RECORDINGS / f"{release}.json"
    assert path.is_file(), (f"no recording of vLLM {release}'s answers: run "
                            f"tools/release_probes.py --record {release}")
    data = json.loads(path.read_text())
    assert data["release"] == release
    return data["answers"]


def without_words(answer: Any) -> Any:
    return {k: x for k, x in answer.items() if k != "message"} if isinstance(answer, dict) \
        else answer


@pytest.mark.parametrize("release", RELEASES)
def test_each_probe_is_answered_as_the_releases_vllm_does(release: str) -> None:
    want = recording(release)
    got = release_probes.ours(release)
    assert set(want) == set(got), "re-record: the probes changed"
    differ = {name: {"vllm": want[name], "ours": without_words(got[name])}
              for name in sorted(want) if want[name] != without_words(got[name])}
    assert differ == {}
    for probe in release_probes.PROBES:
        answer = got[probe.name]
        if probe.says and isinstance(answer, dict) and answer.get("refused"):
            assert probe.says in answer["message"], (probe.name, answer["message"])


def test_every_probe_is_answered_somewhere() -> None:
    """No probe is `absent` in every recorded release (a misspelt need would make it
    test nothing), and each recording answers every probe."""
    names = {p.name for p in release_probes.PROBES}
    answered: set[str] = set()
    for path in sorted(release_probes.RECORDINGS.glob("*.json")):
        answers = json.loads(path.read_text())["answers"]
        assert set(answers) == names, path.name
        answered |= {n for n, a in answers.items()
                     if not (isinstance(a, dict) and "absent" in a)}
    assert sorted(names - answered) == []
