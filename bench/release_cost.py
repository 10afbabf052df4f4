"""The cost of a release, measured (issue 36): the project as it is against a synthetic
stream of `--releases` (default 30), both made in sandbox copies in the same run.

The stream is the project's schema with releases appended after its last one
(0.34.0, 0.35.0, ...), each with a small change: it adds one field to one of a few
config classes (in turn), and changes the default of the field the release before it
added. So a release of the stream costs what a small real release costs at the least;
what it adds to the totals is measured, not guessed.

For each of the two (the tree's releases, and the stream), it prints:
- weight: files, lines and bytes of everything under generated/, of the docs git would
  commit (docs/, .gitignore applied), and of the site `mkdocs build --strict` makes;
  per release (the total over the number of releases) and in total;
- a one-field edit (one word added to the `doc:` of a CacheConfig field, as
  bench/watch_bench.py does): how many files and lines `cfgc generate` then changes,
  by top folder (git diff --numstat in the sandbox);
- adding one release (the next of the stream): the same;
- time: `CFGC_CACHE=0 cfgc check` (the whole compile), `cfgc check` through the memo,
  and `mkdocs build --strict`: medians over `--repeat` fresh processes, the two
  sandboxes interleaved, wall and CPU (user + system of the child: steadier on a
  shared machine); mkdocs runs `--mkdocs-repeat` times.
Every figure is counted over whatever files the compiler writes (no layout is assumed),
so it stays right when the generated layout changes. Ratios are stream / tree.

Usage: python bench/release_cost.py [--releases N] [--repeat N] [--quick] [--no-mkdocs]
  --quick: 12 releases, one run of each command (a few minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import release_sandbox as sandbox
from watch_bench import edit_line

ROOT = sandbox.ROOT
#: The classes that take the stream's fields, in turn (each holds a `fields:` mapping).
CLASSES = ("CacheConfig", "SchedulerConfig", "ParallelConfig", "ModelConfig")
BEGIN, END = "      # release-cost bench: begin", "      # release-cost bench: end"
GIT = ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost",
       "-c", "core.autocrlf=false", "-c", "gc.auto=0"]


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def next_releases(last: str, count: int) -> list[str]:
    """`count` release names after `last`: its middle number counted up (0.34.0, ...)."""
    major, minor = (int(x) for x in last.split(".")[:2])
    return [f"{major}.{minor + i}.0" for i in range(1, count + 1)]


def _class_files(box: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted((box / "schema").glob("*.yaml")):
        text = path.read_text()
        for name in CLASSES:
            if re.search(rf"^  {name}:$", text, re.M):
                found[name] = path
    missing = [c for c in CLASSES if c not in found]
    if missing:
        raise SystemExit(f"bench: no schema file defines {', '.join(missing)}")
    return found


def mark(box: Path) -> None:
    """An empty block of the stream's fields at the top of each class's `fields:`."""
    for name, path in _class_files(box).items():
        lines = path.read_text().split("\n")
        start = lines.index(f"  {name}:")
        fields = lines.index("    fields:", start)
        lines[fields + 1:fields + 1] = [BEGIN, END]
        path.write_text("\n".join(lines))


def write_stream(box: Path, stream: list[str]) -> None:
    """The fields of the stream's releases: release i adds field i (to the classes in
    turn) and changes the default of field i-1."""
    blocks: dict[str, list[str]] = {c: [] for c in CLASSES}
    for i, release in enumerate(stream):
        field = [f"      release_cost_bench_{i}:",
                 "        type: int",
                 "        default: 0",
                 "        hash: {exclude: a field of the release-cost bench's stream}",
                 f"        doc: Field {i} of the synthetic release stream (bench).",
                 f'        added: "{release}"']
        if i + 1 < len(stream):
            field.append(f'        changed: {{"{stream[i + 1]}": {{default: 1}}}}')
        blocks[CLASSES[i % len(CLASSES)]] += field
    for name, path in _class_files(box).items():
        text = path.read_text()
        block = f"{BEGIN}\n" + "".join(line + "\n" for line in blocks[name]) + END
        text = re.sub(rf"(?ms)^{re.escape(BEGIN)}\n.*?^{re.escape(END)}$",
                      lambda _, block=block: block, text, count=1)
        path.write_text(text)


def set_list(box: Path, releases: list[str]) -> None:
    project = box / "schema" / "project.yaml"
    quoted = ", ".join(f'"{r}"' for r in releases)
    project.write_text(sandbox._LIST.sub(lambda m: f"{m.group(1)}[{quoted}]",
                                         project.read_text(), count=1))


def make(box: Path, listed: tuple[str, ...], stream: list[str]) -> Path:
    """A sandbox of the project listing its releases and `stream`, generated and
    committed in a git repository of its own (to count what a change touches)."""
    def edit(root: Path) -> None:
        mark(root)
        write_stream(root, stream)

    sandbox.make(box, (*listed, *stream), docs=True, edit=edit)
    if (ROOT / ".gitignore").is_file():
        shutil.copy(ROOT / ".gitignore", box / ".gitignore")
    for argv in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "base"]):
        subprocess.run([*GIT, *argv], cwd=box, check=True, capture_output=True)
    return box


def cfgc(box: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "cfgc.cli", "--root", str(box), *args]


def weigh(files: list[Path]) -> tuple[int, int, int]:
    """Files, lines and bytes."""
    lines = size = 0
    for path in files:
        data = path.read_bytes()
        lines += data.count(b"\n")
        size += len(data)
    return len(files), lines, size


def committed(box: Path, top: str) -> list[Path]:
    """The files under `top` that git tracks in the sandbox (after `git add -A`)."""
    out = subprocess.run([*GIT, "ls-files", "-z", "--", top], cwd=box, check=True,
                         capture_output=True).stdout.decode()
    return [box / p for p in out.split("\0") if p]


def touched(box: Path) -> dict[str, tuple[int, int]]:
    """What changed since the sandbox's commit, by top folder: (files, lines added +
    removed); then the sandbox is reset to its commit."""
    subprocess.run([*GIT, "add", "-A"], cwd=box, check=True, capture_output=True)
    out = subprocess.run([*GIT, "diff", "--cached", "--numstat", "--no-renames"], cwd=box,
                         check=True, capture_output=True, text=True).stdout
    by: dict[str, list[int]] = {}
    for line in out.splitlines():
        added, removed, path = line.split("\t", 2)
        top = path.split("/", 1)[0] + "/" if "/" in path else path
        row = by.setdefault(top, [0, 0])
        row[0] += 1
        row[1] += (int(added) if added != "-" else 0) + (int(removed) if removed != "-"
                                                         else 0)
    subprocess.run([*GIT, "reset", "-q", "--hard", "HEAD"], cwd=box, check=True,
                   capture_output=True)
    return {top: (f, n) for top, (f, n) in sorted(by.items())}


def one_field_edit(box: Path) -> dict[str, tuple[int, int]]:
    path = box / "schema" / "cache.yaml"
    lines = path.read_text().split("\n")
    # A field of the schema's own, not one of the stream's (their block comes first).
    end = lines.index(END)
    i = end + 1 + edit_line("\n".join(["  CacheConfig:", "    fields:", *lines[end + 1:]])) - 2
    lines[i] += " Edited"
    path.write_text("\n".join(lines))
    sandbox.timed_run(cfgc(box, "generate", "-q"), box, sandbox.env(ROOT))
    return touched(box)


def add_release(box: Path, listed: tuple[str, ...], stream: list[str]) -> dict:
    more = [*stream, *next_releases(stream[-1] if stream else listed[-1], 1)]
    set_list(box, [*listed, *more])
    write_stream(box, more)
    sandbox.timed_run(cfgc(box, "generate", "-q"), box, sandbox.env(ROOT))
    return touched(box)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--releases", type=int, default=30,
                        help="releases of the synthetic stream, the tree's included")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each cfgc command")
    parser.add_argument("--mkdocs-repeat", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="--releases 12 --repeat 1")
    parser.add_argument("--no-mkdocs", action="store_true", help="skip mkdocs build")
    parser.add_argument("--work", type=Path, default=None,
                        help="folder for the sandboxes (default: a new temporary one)")
    args = parser.parse_args()
    if args.quick:
        args.releases, args.repeat = 12, 1
    listed = sandbox.listed()
    if args.releases <= len(listed):
        raise SystemExit(f"bench: --releases must exceed the tree's {len(listed)}")
    stream = next_releases(listed[-1], args.releases - len(listed))
    with tempfile.TemporaryDirectory(prefix="cfgc-release-cost-") as tmp:
        work = args.work or Path(tmp)
        started = time.perf_counter()
        log(f"sandbox of the tree's {len(listed)} releases")
        boxes = {f"tree ({len(listed)})": (make(work / "tree", listed, []), []),
                 f"stream ({args.releases})": None}
        log(f"sandbox of the stream: {len(listed)} + {len(stream)} synthetic releases "
            f"({stream[0]} .. {stream[-1]})")
        boxes[f"stream ({args.releases})"] = (make(work / "stream", listed, stream), stream)
        counts = {name: len(listed) + len(s) for name, (_, s) in boxes.items()}
        jobs: dict[str, dict[str, tuple[list[str], int]]] = {}
        for name, (box, _) in boxes.items():
            jobs.setdefault("CFGC_CACHE=0 cfgc check", {})[name] = (
                cfgc(box, "check"), args.repeat)
            jobs.setdefault("cfgc check (memo)", {})[name] = (cfgc(box, "check"),
                                                              args.repeat)
            if not args.no_mkdocs:
                jobs.setdefault("mkdocs build --strict", {})[name] = (
                    [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d",
                     str(work / f"site-{box.name}")], args.mkdocs_repeat)
        env = {"CFGC_CACHE=0 cfgc check": sandbox.env(ROOT, CFGC_CACHE="0")}
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for box, _ in boxes.values():  # warm: the memo, .pyc files, templates
            sandbox.timed_run(cfgc(box, "check"), box, sandbox.env(ROOT))
        for i in range(max(args.repeat, args.mkdocs_repeat)):
            for row, by in jobs.items():
                for name, (argv, repeat) in by.items():
                    if i < repeat:
                        log(f"{row}: {name} ({i + 1}/{repeat})")
                        box = boxes[name][0]
                        times.setdefault((row, name), []).append(
                            sandbox.timed_run(argv, box, env.get(row, sandbox.env(ROOT))))
        weights: dict[str, dict[str, tuple[int, int, int]]] = {}
        for name, (box, _) in boxes.items():
            gen = [p for p in (box / "generated").rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts]
            weights.setdefault("generated/ (all files)", {})[name] = weigh(gen)
            weights.setdefault("  of which .py", {})[name] = weigh(
                [p for p in gen if p.suffix == ".py"])
            weights.setdefault("docs/ (committed)", {})[name] = weigh(committed(box, "docs"))
            weights.setdefault("  of which docs/reference/", {})[name] = weigh(
                committed(box, "docs/reference"))
            site = work / f"site-{box.name}"
            if site.is_dir():
                weights.setdefault("built site", {})[name] = weigh(
                    [p for p in site.rglob("*") if p.is_file()])
        edits: dict[str, dict[str, dict[str, tuple[int, int]]]] = {}
        for name, (box, s) in boxes.items():
            log(f"one-field edit: {name}")
            edits.setdefault("one-field edit", {})[name] = one_field_edit(box)
            log(f"adding one release: {name}")
            edits.setdefault("adding one release", {})[name] = add_release(box, listed, s)
        log(f"done in {time.perf_counter() - started:.0f} s")
    report(list(boxes), counts, weights, edits, times, stream)


def _count(touched_by: dict[str, tuple[int, int]], top: str, k: int) -> int:
    """Files (k=0) or lines (k=1) changed under `top`, or in all ("total")."""
    if top == "total":
        return sum(v[k] for v in touched_by.values())
    return touched_by.get(top, (0, 0))[k]


def _ratio(a: float, b: float) -> str:
    return f"{b / a:7.2f}" if a else "      -"


def report(names: list[str], counts: dict[str, int], weights: dict, edits: dict,
           times: dict, stream: list[str]) -> None:
    a, b = names
    print(f"release cost: {a} against {b}: the tree's releases and {len(stream)} "
          f"synthetic ones ({stream[0]} .. {stream[-1]}), each adding a field and "
          f"changing the last one's default")
    print(f"\n{'weight':<28} {'':<8} {a:>14} {b:>14} {'ratio':>7}   "
          f"{'per release':>12} {'':>12} {'each added':>11}")
    for row, by in weights.items():
        for k, unit in enumerate(("files", "lines", "bytes")):
            va, vb = by[a][k], by[b][k]
            pa, pb = va / counts[a], vb / counts[b]
            added = (vb - va) / (counts[b] - counts[a])
            print(f"{row if k == 0 else '':<28} {unit:<8} {va:>14,} {vb:>14,} "
                  f"{_ratio(va, vb)}   {pa:>12,.0f} {pb:>12,.0f} {added:>11,.0f}")
    print("(per release: the total over the releases; each added: what one more "
          "release of the stream added, (stream - tree) / added releases)")
    for what, by in edits.items():
        print(f"\n{what:<28} {'':<8} {a:>14} {b:>14} {'ratio':>7}")
        tops = sorted({t for d in by.values() for t in d})
        for top in [*tops, "total"]:
            for k, unit in enumerate(("files", "lines")):
                va, vb = (_count(by[name], top, k) for name in (a, b))
                print(f"{top if k == 0 else '':<28} {unit:<8} {va:>14,} {vb:>14,} "
                      f"{_ratio(va, vb)}")
    print(f"\n{'time (median)':<28} {'':<14} {'wall ms':>9} {'cpu ms':>9} {'runs':>5} "
          f"{'wall x tree':>12} {'cpu x tree':>11}")
    rows = sorted({r for r, _ in times}, key=[r for r, _ in times].index)
    for row in rows:
        base = times[row, a]
        for name in names:
            got = times[row, name]
            wall = statistics.median(w for w, _ in got)
            cpu = statistics.median(c for _, c in got)
            print(f"{row:<28} {name:<14} {wall * 1000:9.0f} {cpu * 1000:9.0f} "
                  f"{len(got):5} {wall / statistics.median(w for w, _ in base):12.2f} "
                  f"{cpu / statistics.median(c for _, c in base):11.2f}")
    print("issue 36's targets: a one-field edit changes at most one module per distinct "
          "version of the class (+ its pages if committed); mkdocs --strict <= 10 s for "
          "the tree, < 30 s for 30 releases; CFGC_CACHE=0 cfgc check < 6 s for 30")


if __name__ == "__main__":
    main()
