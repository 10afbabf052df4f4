"""The edit loop: from saving a one-field edit of the schema to the package and its docs
being updated, with `cfgc generate --watch` running, and with a `cfgc generate` run by
hand after the save for comparison.

The project is copied into a scratch folder (`--work`, default a new temporary one), so
the checkout is never touched: schema/, generated/ and docs/ are copied, the code the
compile reads (codegen/, kernels/) linked. Each round appends a new word to the `doc:`
of one CacheConfig field in schema/cache.yaml, saved as editors save (a new file renamed
over the old one), and times until both generated/vllm_config/cache.py and
docs/reference/CacheConfig.md hold that word (polled every 2 ms). The watcher's own
figure (from noticing the save to the last file written) is printed next to it, and the
CPU seconds the round cost (the watcher's and its import check's, from /proc on Linux):
on a machine shared with other work the wall time grows with the load, the CPU time
hardly, and on an idle machine the two are about equal (the round is sequential). A
regeneration is a full compile of both releases plus the import check of the changed
package in a fresh interpreter; the memo cannot help (the schema did change).

Usage: python bench/watch_bench.py [--repeat N] [--work DIR]
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = Path("schema/cache.yaml")
OUTPUTS = (Path("generated/vllm_config/cache.py"), Path("docs/reference/CacheConfig.md"))


def copy_project(work: Path) -> Path:
    root = work / "project"
    root.mkdir(parents=True)
    shutil.copy(ROOT / "pyproject.toml", root)
    for folder in ("schema", "generated", "docs"):
        shutil.copytree(ROOT / folder, root / folder, symlinks=True)
    for folder in ("codegen", "kernels"):
        (root / folder).symlink_to(ROOT / folder)
    return root


def edit_line(text: str) -> int:
    """The line of the first one-line `doc:` of a CacheConfig field."""
    lines = text.splitlines()
    start = lines.index("  CacheConfig:")
    fields = lines.index("    fields:", start)
    return next(i for i in range(fields, len(lines))
                if re.fullmatch(r" {8}doc: [^|>].*", lines[i]))


def save(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.swp")
    tmp.write_text(text)
    tmp.replace(path)


def wait_for(paths: list[Path], word: str, timeout: float = 120) -> float:
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if all(word in p.read_text() for p in paths):
            return time.perf_counter()
        time.sleep(0.002)
    raise TimeoutError(f"{word} did not reach {', '.join(map(str, paths))}")


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU of a process and its waited-for children (None off Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(f) for f in fields[11:15]) / ticks  # utime stime cutime cstime


def lines_of(stream, q: queue.Queue) -> None:
    for line in stream:
        q.put(line.rstrip("\n"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--work", type=Path, default=None,
                        help="scratch folder (default: a new temporary one, removed after)")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="cfgc-watch-bench-"))
    try:
        run(copy_project(work), args.repeat)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)


def run(root: Path, repeat: int) -> None:
    cfgc = [sys.executable, "-m", "cfgc.cli", "--root", str(root)]
    schema = root / SCHEMA
    outputs = [root / p for p in OUTPUTS]
    original = schema.read_text()
    line = edit_line(original)

    def edited(word: str) -> str:
        lines = original.splitlines()
        lines[line] += f" {word}"
        return "\n".join(lines) + "\n"

    watch = subprocess.Popen([*cfgc, "generate", "--watch"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    out: queue.Queue[str] = queue.Queue()
    err: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lines_of, args=(watch.stdout, out), daemon=True).start()
    threading.Thread(target=lines_of, args=(watch.stderr, err), daemon=True).start()
    while not err.get(timeout=300).startswith("cfgc: watching"):
        pass
    watched, own, cpu = [], [], []
    try:
        for i in range(repeat):
            word = f"watchbench{i}x"
            while not out.empty():
                out.get()
            before = cpu_seconds(watch.pid)
            start = time.perf_counter()
            save(schema, edited(word))
            watched.append(wait_for(outputs, word) - start)
            summary = out.get(timeout=60)
            while not summary.startswith("cfgc: "):
                summary = out.get(timeout=60)
            own.append(float(re.search(r"\((\d+) ms\)", summary)[1]) / 1000)
            after = cpu_seconds(watch.pid)
            if before is not None and after is not None:
                cpu.append(after - before)
            time.sleep(0.5)  # let the watcher settle before the next save
    finally:
        watch.terminate()
        watch.wait()
    by_hand, by_hand_cpu = [], []
    for i in range(repeat):
        word = f"handbench{i}x"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        save(schema, edited(word))
        subprocess.run([*cfgc, "generate", "-q"], check=True)
        by_hand.append(wait_for(outputs, word) - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        by_hand_cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    schema.write_text(original)

    def row(name: str, values: list[float], cpu: list[float]) -> str:
        ms = [v * 1000 for v in values]
        cpu_ms = f"{statistics.median(cpu) * 1000:.0f}" if cpu else "-"
        return (f"| {name} | {statistics.median(ms):.0f} | {min(ms):.0f} | {max(ms):.0f} "
                f"| {cpu_ms} |")

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"save of a one-field doc edit -> {OUTPUTS[0]} and {OUTPUTS[1]} updated "
          f"({repeat} rounds, ms; {os.cpu_count()} CPUs, load average {load:.1f})")
    print("| loop | wall median | min | max | CPU median |")
    print("| --- | --- | --- | --- | --- |")
    print(row("`cfgc generate --watch` running", watched, cpu))
    print(row("... of which the watcher's regeneration", own, []))
    print(row("`cfgc generate` by hand after the save", by_hand, by_hand_cpu))


if __name__ == "__main__":
    main()
