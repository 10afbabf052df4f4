"""MkDocs hooks of the cfgc site (mkdocs.yml `hooks:`).

- Version stamp: the footer names the schema version and the commit the site was built
  from, so a reader can tell which flags and defaults a page describes.
- Benchmark plots: every `bench/results/kernels-*.json` (one per GPU measured) is drawn
  with matplotlib at build time into `benchmarks/plots/<gpu>-*.svg`. The plots are never
  committed: the results data is, and a change to it redraws them (a drawing is kept in
  `build/docs-plots/`, keyed by the data, for the next build). No GPU is needed.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
from pathlib import Path

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "results"
PLOTS = "plots"  # next to benchmarks.md
PLOT_CACHE = ROOT / "build" / "docs-plots"
COPY_TARGET = 95.0  # % of copy bandwidth the design asks for at large token counts


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True, timeout=10, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "schema", "codegen"],
                               cwd=ROOT, capture_output=True, text=True, timeout=10).stdout
        return out.stdout.strip() + ("+dirty" if dirty.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _schema_version() -> str:
    manifest = ROOT / "generated" / "vllm_config" / "cli_manifest.json"
    try:
        return str(json.loads(manifest.read_text())["schema_version"])
    except (OSError, ValueError, KeyError):
        return "?"


def on_config(config, **kwargs):
    stamp = f"Schema version {_schema_version()} · commit {_commit()}"
    config.copyright = f"{config.copyright} · {stamp}" if config.copyright else stamp
    config.extra["cfgc_stamp"] = stamp
    return config


# ---------------------------------------------------------------------------- plots


def gpu_slug(path: Path) -> str:
    return path.stem.removeprefix("kernels-")


def _series(shapes: list[dict], op: str, key: str) -> dict[str, tuple[list, list]]:
    out: dict[str, tuple[list, list]] = {}
    for s in sorted(shapes, key=lambda s: s["tokens"]):
        if s["op"] != op or s.get(key) is None:
            continue
        label = f"{s['dtype']}, hidden {s['hidden']}"
        xs, ys = out.setdefault(label, ([], []))
        xs.append(s["tokens"])
        ys.append(s[key])
    return out


def _figure(data: dict, what: str) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "cfgc",
                         "font.size": 9, "axes.spines.top": False,
                         "axes.spines.right": False})
    ops = list(dict.fromkeys(s["op"] for s in data["shapes"]))
    fig, axes = plt.subplots(1, len(ops), figsize=(5.2 * len(ops), 4.0), sharey=True,
                             squeeze=False)
    for ax, op in zip(axes[0], ops, strict=True):
        if what == "bandwidth":
            for label, (xs, ys) in _series(data["shapes"], op, "pct_of_copy").items():
                ax.plot(xs, ys, marker="o", label=label)
            ax.axhline(COPY_TARGET, color="grey", linestyle=":", linewidth=1)
            ax.text(4096, COPY_TARGET - 1, f"target {COPY_TARGET:.0f}% from M = 4096",
                    color="grey", fontsize=7, ha="center", va="top")
            ax.set_ylim(bottom=min(COPY_TARGET - 8, ax.get_ylim()[0]))
            ax.set_ylabel("% of device-copy bandwidth")
        else:
            for label, (xs, ys) in _series(data["shapes"], op, "speedup_vs_compile").items():
                line, = ax.plot(xs, ys, marker="o", label=f"{label}, L2 flushed")
                g = _series(data["shapes"], op, "graph_speedup_vs_compile").get(label)
                if g:
                    ax.plot(*g, marker="s", linestyle="--", color=line.get_color(),
                            label=f"{label}, CUDA graph")
            ax.axhline(1.0, color="grey", linestyle=":", linewidth=1)
            ax.set_ylabel("speed-up over torch.compile (x)")
        ax.set_xscale("log", base=2)
        ticks = sorted({s["tokens"] for s in data["shapes"] if s["op"] == op})
        ax.set_xticks(ticks, [str(t) for t in ticks])
        ax.minorticks_off()
        ax.set_xlabel("tokens (M)")
        ax.set_title(op)
        ax.grid(True, which="major", alpha=0.3)
    handles, labels = axes[0][0].get_legend_handles_labels()
    # One op's figure is half as wide: two legend columns, and the figure grows
    # by the legend's height so that the axes keep theirs.
    ncol = 4 if len(ops) > 1 else 2
    bottom = 0.08 * (len(labels) // 4 + 1)
    if ncol == 2:
        legend_in = 0.2 * (-(-len(labels) // ncol)) + 0.2
        fig.set_size_inches(fig.get_figwidth(), 3.6 + legend_in)
        bottom = legend_in / fig.get_figheight()
    fig.legend(handles, labels, loc="lower center", ncol=ncol, fontsize=7, frameon=False)
    fig.suptitle(f"{data['gpu']} ({data['date']})", fontsize=10)
    fig.tight_layout(rect=(0, bottom, 1, 1))
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": "cfgc docs"})
    plt.close(fig)
    return buf.getvalue().encode()


def _drawn(path: Path, what: str) -> bytes:
    """The figure of one results file, drawn once per content: matplotlib takes about a
    second a figure, so a drawing is kept in build/docs-plots (ignored by git) under the
    digest of the data and of this hook, and a change to either draws it again."""
    text = path.read_bytes()
    digest = hashlib.sha256(text + Path(__file__).read_bytes() + what.encode()).hexdigest()
    cached = PLOT_CACHE / f"{gpu_slug(path)}-{what}-{digest[:16]}.svg"
    if cached.is_file():
        return cached.read_bytes()
    drawn = _figure(json.loads(text), what)
    try:
        PLOT_CACHE.mkdir(parents=True, exist_ok=True)
        for old in PLOT_CACHE.glob(f"{gpu_slug(path)}-{what}-*.svg"):
            old.unlink()
        tmp = cached.with_suffix(".tmp")
        tmp.write_bytes(drawn)
        tmp.replace(cached)  # a build stopped halfway leaves no half-written figure
    except OSError:  # a read-only checkout still builds, drawing every time
        pass
    return drawn


def on_files(files: Files, config, **kwargs) -> Files:
    for path in sorted(RESULTS.glob("kernels-*.json")):
        for what in ("bandwidth", "speedup"):
            uri = f"{PLOTS}/{gpu_slug(path)}-{what}.svg"
            files.append(File.generated(config, uri, content=_drawn(path, what)))
    return files
