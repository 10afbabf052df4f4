"""Engine flags that joined or left between vLLM releases, for every release
schema/project.yaml lists.

The command lines of tools/parity_cases/release_flags.txt are recorded from each
release's vLLM (tests/fixtures/parity/flags_<release>_cli_cases.json, by
tools/record_parity.py) and compared with the same release of vllm_config through
tools/parity.py: where the release lacks a flag, vLLM's parser refuses the line and so
must ours, naming the flag; where it has them, ours resolves what vLLM resolves. The
recordings are also checked for what each line is about, so agreement cannot be
vacuous.
"""

from __future__ import annotations

import functools
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .listed_releases import RELEASES, REPO, at, facts, history, parity_report, run_in

CASES = REPO / "tools" / "parity_cases" / "release_flags.txt"
PARITY = REPO / "tests" / "fixtures" / "parity"
TINY = PARITY / "tiny-opt"

#: What a line resolves to wherever vLLM accepts it: config paths and their values,
#: checked where the recording records the path (a shared recording's baseline leaves
#: some out, e.g. 0.25.1's private ParallelConfig fields).
SETS: dict[str, dict[str, Any]] = {
    "--prefix-match-unit 32": {"cache_config.prefix_match_unit": 32},
    "--mamba-backend flashinfer --mamba-ssu-algorithm vertical": {
        "mamba_config.ssu_algorithm": "vertical"},
    "--sparse-indexer-topk-backend Per-Row": {"kernel_config.sparse_indexer_topk_backend":
                                              "per_row"},
    "--monokernel": {"kernel_config.monokernel": True},
    "--enable-nccl-comm-suspend": {"model_config.enable_nccl_comm_suspend": True},
    # the later flag wins: --enable-sliding-window is --disable-sliding-window's negation
    "--disable-sliding-window --enable-sliding-window": {
        "model_config.disable_sliding_window": False},
    "--enable-sliding-window": {"model_config.disable_sliding_window": False},
    "--logprobs-mode processed_logprobs": {"model_config.logprobs_mode": "processed_logprobs"},
    "--sleep-mode-backend cumem": {"model_config.sleep_mode_backend": "cumem"},
    "--log-level DEBUG": {"logging_config.log_level": "DEBUG"},
    "--kda-decode-backend native": {"additional_config": {"kda_decode_backend": "native"}},
    "--dp-sync-interval 4": {"parallel_config.dp_sync_interval": 4},
    "--max-num-queued-tokens 32k": {"scheduler_config.max_num_queued_tokens": 32000},  # k: 1000
    "--cp-kv-cache-interleave-size 1": {
        "parallel_config._allow_auto_resolve_cp_interleave_size": False},
    "--override-attention-dtype float16": {"model_config.override_attention_dtype": "float16"},
    "--max-num-partial-prefills 1": {"scheduler_config.max_num_partial_prefills": 1},
}
#: Lines vLLM refuses in a release that has their flags, and the words of our refusal.
REFUSES: dict[str, str] = {
    "--max-num-partial-prefills 2": "partial prefills are not supported",
    "--use-replayssm": "OPTForCausalLM",  # names the architecture it does not fit
    "--return-sampling-mask": "return_sampling_mask",
}


def lines() -> list[str]:
    return [line for line in CASES.read_text().splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def recording_path(release: str) -> Path:
    return PARITY / f"flags_{release.replace('.', '_')}_cli_cases.json"


_UNRECORDED = object()


def resolved(recording: dict[str, Any], case: dict[str, Any], path: str) -> Any:
    """A path's value in an accepted case: its change, else the baseline's value."""
    change = case["engine"]["config_diff_vs_no_flags"].get(path)
    if change is not None:
        return change["value"]
    return recording["baseline"]["config"].get(path, _UNRECORDED)


@functools.cache
def baseline(release: str) -> dict[str, Any]:
    return json.loads(recording_path(release).read_text())


@functools.cache
def recorded(release: str) -> dict[str, dict[str, Any]]:
    """The release's recording by command line (the part after the checkpoint)."""
    path = recording_path(release)
    assert path.is_file(), (
        f"no recording of {CASES.name} from vLLM {release}: run tools/record_parity.py "
        f"--release {release} {CASES.relative_to(REPO)} {path.relative_to(REPO)}")
    data = json.loads(path.read_text())
    cases = sorted(data["valid"] + data["invalid"], key=lambda c: c["id"])  # file order
    return {shlex.join(c["argv"]): c for c in cases}


@functools.cache
def report(release: str) -> dict[str, Any]:
    """tools/parity.py's report of the release against its recording."""
    return parity_report(release, recording_path(release))


def options(line: str) -> list[str]:
    return [word.split("=", 1)[0] for word in shlex.split(line) if word.startswith("-")]


def spellings(release: str) -> set[str]:
    flags = facts(release, "engine_flags")["flags"]
    return {s for f in flags for s in (f["flag"], *f["aliases"], *f["negations"])}


def outcome(case: dict[str, Any]) -> str:
    if not case["parse"]["ok"]:
        return "parser"
    return "accepted" if case["engine"]["ok"] else "engine"


@pytest.mark.parametrize("release", RELEASES)
def test_every_line_resolves_or_is_refused_as_vllm_does(release: str) -> None:
    assert list(recorded(release)) == lines(), "re-record: the cases file changed"
    rep = report(release)
    assert rep["accepted_agree"] == rep["accepted_total"]
    assert rep["accepted_rejected_by_us"] == 0
    assert rep["rejected_agree"] == rep["rejected_total"]
    assert rep["path_checks_agree"] == rep["path_checks_total"]
    assert rep["accepted_total"] + rep["rejected_total"] == len(lines())


@pytest.mark.parametrize("release", RELEASES)
def test_the_parser_refuses_a_line_exactly_where_a_flag_is_missing(release: str) -> None:
    """vLLM's parser refused the line iff the release's facts lack one of its flags;
    ours names the first such flag."""
    known = spellings(release)
    ours = {c["cmdline"].split("> ", 1)[1]: c.get("ours", "") for c in report(release)["cases"]}
    for line, case in recorded(release).items():
        missing = [o for o in options(line) if o not in known]
        assert (outcome(case) == "parser") == bool(missing), line
        if missing:
            assert ours[line].startswith(f"unknown flag {missing[0]}"), (line, ours[line])


@pytest.mark.parametrize("release", RELEASES)
def test_what_each_line_does_where_the_release_has_its_flags(release: str) -> None:
    """The recording holds what the line is about (SETS, REFUSES), and ours refuses in
    its own words."""
    ours = {c["cmdline"].split("> ", 1)[1]: c.get("ours", "") for c in report(release)["cases"]}
    for line, case in recorded(release).items():
        if outcome(case) == "accepted":
            assert line in SETS, f"{line!r} is accepted: say what it sets"
            for path, value in SETS[line].items():
                got = resolved(baseline(release), case, path)
                assert got is _UNRECORDED or got == value, (line, path, got)
        elif outcome(case) == "engine":
            assert line in REFUSES, f"{line!r} is refused: say with which words"
            assert REFUSES[line] in ours[line], (line, ours[line])


def test_each_line_is_about_something_some_release_does() -> None:
    """Each line of SETS is accepted and each of REFUSES refused by the engine in at
    least one recorded release: none only tests the parser."""
    seen: dict[str, set[str]] = {}
    checked: set[tuple[str, str]] = set()
    for path in sorted(PARITY.glob("flags_*_cli_cases.json")):
        data = json.loads(path.read_text())
        for case in data["valid"] + data["invalid"]:
            line = shlex.join(case["argv"])
            seen.setdefault(line, set()).add(outcome(case))
            if outcome(case) == "accepted":
                checked |= {(line, p) for p in SETS.get(line, {})
                            if resolved(data, case, p) is not _UNRECORDED}
    assert set(seen) == set(lines())
    assert [line for line in SETS if "accepted" not in seen[line]] == []
    assert sorted({(line, p) for line, paths in SETS.items() for p in paths} - checked) == []
    assert [line for line in REFUSES if "engine" not in seen[line]] == []


def releases_with_flag(flag: str) -> list[str]:
    return [r for r in RELEASES if at(history()["flags"][flag]["presence"], r)]


@pytest.mark.parametrize("release", releases_with_flag("--return-sampling-mask"))
def test_the_sampling_mask_with_the_v2_model_runner(release: str) -> None:
    """Refused above on vLLM's CPU platform (no V2 runner there); with the V2 runner
    and processed logprobs (the mask must cover the logprobs' nucleus) it is taken."""
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "vllm-config"), "--release", release, "show",
         "--format", "json", "--platform", "cpu", "--model", str(TINY),
         "--return-sampling-mask", "--logprobs-mode", "processed_logprobs"],
        capture_output=True, text=True, cwd=REPO, timeout=300,
        env={**os.environ, "VLLM_USE_V2_MODEL_RUNNER": "1"}, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["model_config"]["values"]["return_sampling_mask"] is True


FOLD = r"""
import json
from vllm_config import MultiModalConfig as M
print(json.dumps([M(mm_processor_device="cpu").mm_processor_kwargs,
                  M(mm_processor_device="cpu", mm_processor_kwargs={"device": "cuda"})
                  .mm_processor_kwargs]))
"""


@pytest.mark.parametrize("release", releases_with_flag("--mm-processor-device"))
def test_mm_processor_device_folds_into_the_processor_kwargs(release: str) -> None:
    """The flag keeps no state of its own: it becomes mm_processor_kwargs["device"],
    and a device given there wins."""
    assert run_in(release, FOLD) == [{"device": "cpu"}, {"device": "cuda"}]
