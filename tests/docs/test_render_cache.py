"""docs/_hooks/cfgc_render_cache.py: a page whose text another folder already has is
converted once, and the site and strict's checks come out as without the hook."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HOOK = REPO / "docs" / "_hooks" / "cfgc_render_cache.py"
PAGE = "# Demo\n\nSee [the other](Other.md#size) and [the shared one](../shared.md).\n"


def _site(tmp_path: Path, b_other: str | None = "## Size", hook: bool = True
          ) -> subprocess.CompletedProcess[str]:
    """Folders a/ and b/ with the same Demo page linking to Other.md#size (b's Other
    page has the heading `b_other`, or is missing)."""
    docs = tmp_path / "docs"
    for folder in ("a", "b"):
        (docs / folder).mkdir(parents=True, exist_ok=True)
        (docs / folder / "Demo.md").write_text(PAGE)
        if folder == "a" or b_other is not None:
            heading = "## Size" if folder == "a" else b_other
            (docs / folder / "Other.md").write_text(f"# Other {folder}\n\n{heading}\n")
    (docs / "shared.md").write_text("# Shared\n")
    hooks = f"hooks:\n  - {HOOK}\n" if hook else ""
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: t\nstrict: true\nvalidation:\n  anchors: warn\n" + hooks)
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d",
                           str(tmp_path / "site")], cwd=tmp_path, capture_output=True,
                          text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


def test_the_same_text_is_converted_once_and_reads_the_same(tmp_path: Path) -> None:
    done = _site(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "pages converted: 4; reused from another release's folder: 1" in done.stderr
    with_hook = {p.relative_to(tmp_path / "site"): p.read_text()
                 for p in (tmp_path / "site").rglob("*.html")}
    plain = _site(tmp_path / "plain", hook=False)
    assert plain.returncode == 0, plain.stderr
    without = {p.relative_to(tmp_path / "plain" / "site"): p.read_text()
               for p in (tmp_path / "plain" / "site").rglob("*.html")}
    assert with_hook == without


def test_a_link_broken_in_one_folder_is_still_reported(tmp_path: Path) -> None:
    done = _site(tmp_path, b_other=None)
    assert done.returncode == 1
    assert "b/Demo.md" in done.stderr and "Other.md" in done.stderr


def test_anchors_are_checked_against_each_folders_own_page(tmp_path: Path) -> None:
    done = _site(tmp_path, b_other="## Length")
    assert done.returncode == 1
    assert "b/Demo.md" in done.stderr and "#size" in done.stderr
