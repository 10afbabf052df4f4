"""Prepare a vLLM release for the schema: everything that can be derived, then a
checklist of what is left to write (`tools/release.sh add RELEASE --venv DIR`).

    tools/release.sh add 0.34.0 --venv "$VLLM_VENVS/0.34.0" [--into ROOT] [--seed N]

In order, with a progress line each (it takes minutes):
1. the scratch venv holding the release (`tools/release_venv.sh`; reused when it
   already holds it);
2. its facts (`tools/extract_release_facts.py`, run by the venv's Python);
3. the diff against both neighbours in `project.yaml`'s list, the one before and the
   one after (`tools/compare_releases.py`; a `fates_A_B.json` already written is merged
   in);
4. the history of every fact across all releases (`tools/release_history.py`);
5. parity cases drawn from the release's own flags (`tools/parity_cases/
   generate_cases.py`, seeded: `--seed`, default the release's middle number, as for
   0.26.0 to 0.31.0) and recorded by vLLM itself until 100 are accepted and 20
   rejected (`tools/record_parity.py`);
6. what the tests written once for every release compare with, each recorded by vLLM
   itself: the shapes of `vllm.config`'s public names (`tools/record_public_shapes.py`),
   MTP drafts (`tools/record_mtp_drafts.py`), quantization configs
   (`tools/record_quant_configs.py`), the behaviour probes (`tools/release_probes.py`),
   the constructor parameters of every dataclass (`tests/test_release_gaps.py
   --record`) and the flag lines (`tools/record_parity.py` on
   `tools/parity_cases/release_flags.txt`);
7. the checklist: `project.yaml`'s list, fates still to write, markers that name the
   wrong release (`tools/history_check.py` on the new history), and what is new, gone,
   or has another default or other allowed values in the release.

Everything is written into a staging folder first and moved into place only at the
end (each file by a rename), so a failure or Ctrl-C halfway leaves the tree as it was;
running it again is safe (it redoes the steps and replaces the same files). `--into
ROOT` writes the files under another root (tests/facts/releases/, tools/parity_cases/,
tests/fixtures/... there), for a trial run that leaves the checkout alone. The
schema is never edited: that is the checklist's work.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
FACTS = Path("tests/facts/releases")
CASES = Path("tools/parity_cases")
PARITY = Path("tests/fixtures/parity")
MTP = Path("tests/fixtures/mtp")
QUANT = Path("tests/fixtures/quant")
PROBES = Path("tests/fixtures/release_probes")
FIELDS = Path("tests/fixtures/constructor_fields")
ACCEPTED, REJECTED = 100, 20
VERSION = re.compile(r"\d+(\.\d+)+")


class Failed(Exception):
    """A step failed: one line for the user."""


def version(release: str) -> tuple[int, ...]:
    return tuple(int(p) for p in release.split("."))


def listed(root: Path = ROOT) -> list[str]:
    """The releases `project.yaml` lists."""
    doc = yaml.safe_load((root / "schema" / "project.yaml").read_text(encoding="utf-8"))
    return [str(r) for r in doc["project"]["releases"]["list"]]


def neighbours(release: str, releases: list[str]) -> tuple[str | None, str | None]:
    """The listed releases just before and just after `release`."""
    before = [r for r in releases if version(r) < version(release)]
    after = [r for r in releases if version(r) > version(release)]
    return (max(before, key=version) if before else None,
            min(after, key=version) if after else None)


def _run(what: str, argv: list[str], env: dict[str, str] | None = None) -> str:
    """Run one tool; its stdout, or Failed with the last line of what it said."""
    proc = subprocess.run(argv, capture_output=True, text=True, check=False, env=env,
                          cwd=ROOT)
    said = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    if proc.returncode != 0:
        said += [ln for ln in proc.stdout.splitlines() if ln.strip()]
        raise Failed(f"{what} failed (exit {proc.returncode}): "
                     f"{said[-1] if said else 'no output'}")
    if said:  # what the tool made ("wrote ...: 100 accepted, 20 rejected")
        print(f"      {what}: {said[-1]}", file=sys.stderr, flush=True)
    return proc.stdout


class Steps:
    """The steps that need a real vLLM install (a test replaces them)."""

    def venv(self, release: str, venv: Path) -> None:
        _run("tools/release_venv.sh", ["bash", str(TOOLS / "release_venv.sh"), release,
                                       str(venv)])

    def extract(self, release: str, venv: Path, out: Path) -> None:
        _run("tools/extract_release_facts.py",
             [str(venv / "bin" / "python"), str(TOOLS / "extract_release_facts.py"),
              "--out", str(out)])

    def record(self, release: str, venv: Path, cases: Path, out: Path) -> None:
        _run("tools/record_parity.py",
             [sys.executable, str(TOOLS / "record_parity.py"), "--release", release,
              "--accepted", str(ACCEPTED), "--rejected", str(REJECTED), "--venv", str(venv),
              str(cases), str(out)])

    def fixtures(self, release: str, venv: Path, facts: Path, stage: Path
                 ) -> dict[str, Path]:
        """Record what the tests written once for every release compare with, each by
        vLLM itself: {path in the checkout: the staged file}. `facts` is the release's
        facts folder (the public shapes are written beside them)."""
        python = str(venv / "bin" / "python")
        tag = release.replace(".", "_")
        shapes = facts / "public_shapes.json"
        out = {f"{FACTS}/{release}/public_shapes.json": shapes,
               f"{MTP}/{release}.json": stage / "mtp.json",
               f"{QUANT}/vllm_{tag}.json": stage / "quant.json",
               f"{PROBES}/{release}.json": stage / "probes.json",
               f"{FIELDS}/vllm_{tag}.json": stage / "fields.json",
               f"{PARITY}/flags_{tag}_cli_cases.json": stage / "flags.json"}
        cpu = {**os.environ, "VLLM_TARGET_DEVICE": "cpu", "HF_HUB_OFFLINE": "1"}
        cpu.pop("PYTHONPATH", None)
        _run("tools/record_public_shapes.py",
             [python, str(TOOLS / "record_public_shapes.py"), "--out", str(shapes)], env=cpu)
        _run("tools/record_mtp_drafts.py", [python, str(TOOLS / "record_mtp_drafts.py"),
                                            "--out", str(stage / "mtp.json")], env=cpu)
        _run("tools/record_quant_configs.py",
             [sys.executable, str(TOOLS / "record_quant_configs.py"), "--release", release,
              "--venv", str(venv), "--out", str(stage / "quant.json")])
        _run("tools/release_probes.py",
             [sys.executable, str(TOOLS / "release_probes.py"), "--record", release,
              "--venv", str(venv), "--out", str(stage / "probes.json")])
        _run("tests/test_release_gaps.py --record",
             [sys.executable, "-m", "tests.test_release_gaps", "--record", python,
              str(stage / "fields.json")])
        _run("tools/record_parity.py (flag lines)",
             [sys.executable, str(TOOLS / "record_parity.py"), "--release", release,
              "--venv", str(venv), str(CASES / "release_flags.txt"),
              str(stage / "flags.json")])
        return out


@dataclass
class Progress:
    total: int
    step: int = 0
    started: float = field(default_factory=time.monotonic)

    def __call__(self, message: str) -> None:
        self.step += 1
        print(f"[{self.step}/{self.total}] {message} ({time.monotonic() - self.started:.0f} s)",
              file=sys.stderr, flush=True)


def add(release: str, venv: Path, into: Path, seed: int, steps: Steps,
        root: Path = ROOT) -> list[str]:
    """Prepare `release`; the checklist's lines."""
    releases = listed(root)
    before, after = neighbours(release, releases)
    if before is None:
        raise Failed(f"{release} is older than every listed release: the first one is the "
                     "default, which this command does not replace")
    progress = Progress(7)
    for folder in (FACTS, CASES, PARITY, MTP, QUANT, PROBES, FIELDS):
        (into / folder).mkdir(parents=True, exist_ok=True)
    for old in (into / FACTS).glob(".release-add-*"):  # left by a killed run
        shutil.rmtree(old, ignore_errors=True)
    stage = Path(tempfile.mkdtemp(prefix=".release-add-", dir=into / FACTS))
    try:
        facts = stage / "facts"
        # The neighbours' facts and any fates written by hand, as the tree has them.
        shutil.copytree(root / FACTS, facts,
                        ignore=lambda d, names: [n for n in names if n == release
                                                 or n.startswith(".release-add-")]
                        if Path(d) == root / FACTS else [])
        progress(f"venv {venv} with vLLM {release}")
        steps.venv(release, venv)
        progress(f"facts of {release} (about a minute)")
        steps.extract(release, venv, facts / release)
        progress(f"diffs against {before}" + (f" and {after}" if after else ""))
        pairs = [(before, release)] + ([(release, after)] if after else [])
        for old, new in pairs:
            _run("tools/compare_releases.py",
                 [sys.executable, str(TOOLS / "compare_releases.py"), str(facts / old),
                  str(facts / new)])
        progress("history of every fact")
        _run("tools/release_history.py",
             [sys.executable, str(TOOLS / "release_history.py"), "--facts", str(facts)])
        progress(f"parity cases: seed {seed}, recorded by vLLM {release} until "
                 f"{ACCEPTED} accepted and {REJECTED} rejected (a few minutes)")
        cases = stage / f"release_{release}.txt"
        _run("tools/parity_cases/generate_cases.py",
             [sys.executable, str(TOOLS / "parity_cases" / "generate_cases.py"),
              "--release", release, "--seed", str(seed), "--out", str(cases),
              "--facts", str(facts)])
        parity = stage / f"cfgc_{release.replace('.', '_')}_cli_cases.json"
        steps.record(release, venv, cases, parity)
        progress("what the per-release tests compare with: public shapes, MTP drafts, "
                 "quantization configs, probes, constructor parameters, flag lines")
        fixtures = steps.fixtures(release, venv, facts / release, stage)
        progress("checklist")
        diffs = {pair: json.loads((facts / f"diff_{pair[0]}_{pair[1]}.json").read_text())
                 for pair in pairs}
        wrong = _wrong_markers(facts / "history.json", root)
        # Everything is made: move it into place.
        moves = [(facts / release, into / FACTS / release),
                 (facts / "history.json", into / FACTS / "history.json"),
                 *[(facts / f"diff_{a}_{b}.json", into / FACTS / f"diff_{a}_{b}.json")
                   for a, b in pairs],
                 (cases, into / CASES / cases.name), (parity, into / PARITY / parity.name),
                 *[(staged, into / path) for path, staged in fixtures.items()
                   if not path.startswith(f"{FACTS}/{release}/")]]  # moved with the facts
        _install(moves, stage)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return checklist(release, releases, pairs, diffs, wrong, into)


def _install(moves: list[tuple[Path, Path]], stage: Path) -> None:
    """Each staged file or folder renamed over its target (a folder's old copy is set
    aside in the stage first, then dropped with it)."""
    for i, (src, dst) in enumerate(moves):
        if dst.is_dir():
            os.replace(dst, stage / f"old-{i}")
        os.replace(src, dst)


def _wrong_markers(history: Path, root: Path) -> list[str]:
    """history_check's rows of markers naming the wrong release (each starts with its
    schema file and line)."""
    out = _run("tools/history_check.py",
               [sys.executable, str(TOOLS / "history_check.py"), "--history", str(history),
                "--schema", str(root / "schema")])
    rows, section = [], ""
    for line in out.splitlines():
        if line.startswith("#"):
            section = line.lstrip("#").strip()
        elif (section == "Markers naming the wrong release" and line.startswith("| ")
              and not line.startswith(("| where", "| ---"))):
            rows.append(" | ".join(c.strip() for c in line.strip("|").split("|")))
    return rows


def _name(item: dict) -> str:
    return f"{item['class']}.{item['field']}" if "field" in item else item["class"]


def checklist(release: str, releases: list[str], pairs: list[tuple[str, str]],
              diffs: dict, wrong: list[str], into: Path) -> list[str]:
    before = pairs[0][0]
    after = pairs[1][1] if len(pairs) > 1 else None
    where = f"between {before} and {after}" if after else f"after {before}"
    lines = []
    if release not in releases:
        lines.append(f'[ ] list "{release}" in schema/project.yaml '
                     f"(project.releases.list), {where}")
    for (a, b), diff in diffs.items():
        # compare_releases lists fates_missing only once a fates file exists.
        fates = diff.get("fates") or {}
        missing = [n for n in [*(_name(r) for r in diff["classes"]["removed_fields"]),
                               *(r["flag"] for r in diff["flags"]["removed_flags"])]
                   if n not in fates]
        if missing:
            lines.append(f"[ ] write {FACTS}/fates_{a}_{b}.json (renamed / replaced / "
                         f"dropped, with to and why) for: {', '.join(missing)}; then run "
                         "this again")
    lines.append(f"Markers naming the wrong release (tools/history_check.py): {len(wrong)}")
    lines += [f"[ ] {row}" for row in wrong]
    diff = diffs[pairs[0]]
    classes, flags = diff["classes"], diff["flags"]
    new = ([f"class {c['class']}" for c in classes["new_classes"]]
           + [f"field {_name(f)} ({f.get('type')}, default {f.get('default')!r})"
              for f in classes["new_fields"]]
           + [f"flag {f['flag']}" for f in flags["new_flags"]])
    gone = ([f"class {c['class']}" for c in classes["removed_classes"]]
            + [f"field {_name(f)}" for f in classes["removed_fields"]]
            + [f"flag {f['flag']}" for f in flags["removed_flags"]])
    defaults = [f"{_name(d)}: {_short(d.get('old_repr', d.get('old')))} -> "
                f"{_short(d.get('new_repr', d.get('new')))}"
                for d in classes["changed_defaults"] if d.get("cause") != "nested"]
    choices = [f"{_name(c)}: " + "; ".join(
        [f"+{_value(v)}" for v in c.get("added", [])]
        + [f"-{_value(v)}" for v in c.get("removed", [])])
        for c in classes["changed_choices"]]
    for title, items in ((f"New in {release} (against {before}; `added:`)", new),
                         (f"Gone in {release} (`removed:` with its fate)", gone),
                         (f"Defaults changed in {release} (`changed:`)", defaults),
                         (f"Allowed values changed in {release} (`changed:`)", choices)):
        lines.append(f"{title}: {len(items)}")
        lines += [f"[ ] {item}" for item in items]
    if after:
        n = sum(len(v) for v in diffs[pairs[1]]["classes"].values() if isinstance(v, list))
        lines.append(f"{release} -> {after}: {n} class changes "
                     f"({FACTS}/diff_{release}_{after}.json); the markers that now name "
                     f"{after} for them are listed above")
    lines.append(f"Then: cfgc generate, and run the tests (README, 'How to add a release', "
                 f"step 3). Written under {into}.")
    return lines


def _short(value: object, width: int = 60) -> str:
    """A value's text, cut to `width` (a long list default: the diff file has it)."""
    text = str(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _value(v: object) -> str:
    if isinstance(v, dict) and "name" in v:
        return str(v["name"])
    return json.dumps(v)


def main(argv: list[str] | None = None, steps: Steps | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tools/release.sh add",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("release", help="the vLLM release, e.g. 0.34.0")
    ap.add_argument("--venv", type=Path, required=True,
                    help="the scratch venv of the release (made when missing)")
    ap.add_argument("--into", type=Path, default=ROOT,
                    help="root to write the files under (default: this checkout)")
    ap.add_argument("--seed", type=int, default=None,
                    help="seed of the parity cases (default: the release's middle number)")
    args = ap.parse_args(argv)
    if not VERSION.fullmatch(args.release):
        ap.error(f"{args.release!r} is not a release number such as 0.34.0")
    seed = args.seed if args.seed is not None else version(args.release)[1]
    try:
        lines = add(args.release, args.venv.absolute(), args.into.absolute(), seed,
                    steps or Steps())
    except Failed as exc:
        print(f"release add {args.release}: {exc}; nothing written", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"release add {args.release}: interrupted; nothing written", file=sys.stderr)
        return 130
    print(f"release add {args.release}: prepared. What is left to write in the schema:")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
