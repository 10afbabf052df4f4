"""The release selector (docs/_hooks/cfgc_versions.py) on a site of four releases
(tests/stream_project.py), built with `mkdocs build --strict`: every page has it, it
names the page's own release, each entry leads to the same page in that release (or to
that release's index when it lacks the page), and the navigation lists one release's
reference at a time. The browser test of the real site is in test_site.py."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import REPO
from ..stream_project import DEFAULT, RELEASES, generate, make_project

MKDOCS = """\
site_name: stream
docs_dir: docs
strict: true
validation:
  anchors: warn
exclude_docs: |
  reference/**/api.md
hooks:
  - {hook}
theme:
  name: material
  font: false
markdown_extensions:
  - attr_list
  - tables
  - toc:
      permalink: true
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_project(tmp_path_factory.mktemp("stream-site") / "project")
    generate(root)
    for page in (root / "docs" / "reference").rglob("index.md"):  # the API page is left out
        page.write_text(re.sub(r", \[API\]\([^)]*\)", "", page.read_text()))
    (root / "docs" / "index.md").write_text("# Stream\n\n[Reference](reference/index.md).\n")
    (root / "docs" / "guide.md").write_text("# A guide\n\nNo release of its own.\n")
    (root / "mkdocs.yml").write_text(MKDOCS.format(
        hook=REPO / "docs" / "_hooks" / "cfgc_versions.py"))
    out = root / "site"
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d",
                           str(out)], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, check=False)
    assert proc.returncode == 0, proc.stderr
    return out


def _selector(page: Path) -> tuple[str, dict[str, str]]:
    """(the release it shows, release -> the page its entry leads to)."""
    text = page.read_text()
    found = re.findall(r'<div class="md-version cfgc-release" data-release="([^"]+)">', text)
    assert len(found) == 1, page
    links = re.findall(r'<a href="([^"]*)" class="md-version__link" data-release="([^"]+)">',
                       text)
    return found[0], {release: (page.parent / html.unescape(href)).resolve()
                      for href, release in links}


def _folder(site: Path, release: str) -> Path:
    return site / "reference" if release == DEFAULT else site / "reference" / release


def test_every_page_has_the_selector_with_every_release(site: Path) -> None:
    pages = [p for p in site.rglob("index.html") if p.parent.name != "search"]
    assert len(pages) > 40
    for page in pages:
        shown, links = _selector(page)
        assert list(links) == list(reversed(RELEASES)), page  # newest first, as mike does
        assert shown in RELEASES
        for target in links.values():
            assert (target / "index.html").is_file() or target.is_file(), (page, target)


@pytest.mark.parametrize("release", RELEASES)
def test_each_entry_keeps_the_page(site: Path, release: str) -> None:
    page = _folder(site, release) / "CacheConfig" / "index.html"
    shown, links = _selector(page)
    assert shown == release
    for other in RELEASES:
        assert links[other] == (_folder(site, other) / "CacheConfig").resolve(), other


def test_a_release_without_the_page_leads_to_its_index(site: Path) -> None:
    _, links = _selector(site / "reference" / "3.0" / "Legacy" / "index.html")
    assert links["4.0"] == _folder(site, "4.0").resolve()  # 4.0 has no Legacy
    assert links["2.0"] == (_folder(site, "2.0") / "Legacy").resolve()
    shown, links = _selector(site / "guide" / "index.html")  # a page of no release
    assert shown == DEFAULT
    assert links == {r: _folder(site, r).resolve() for r in reversed(RELEASES)}


def test_navigation_lists_one_release_at_a_time(site: Path) -> None:
    def nav_links(page: Path) -> set[Path]:
        text = page.read_text().split('<nav class="md-nav md-nav--primary"', 1)[1]
        text = text.split("</nav>", 1)[0] if "md-sidebar--secondary" not in text else \
            text.split("md-sidebar--secondary", 1)[0]
        return {(page.parent / h).resolve() for h in re.findall(r'href="([^"#]+)"', text)}

    default = nav_links(site / "reference" / "CacheConfig" / "index.html")
    assert (site / "reference" / "CacheConfig").resolve() in default
    assert not any("/reference/4.0/" in str(p) + "/" for p in default)
    newest = nav_links(site / "reference" / "4.0" / "CacheConfig" / "index.html")
    assert (site / "reference" / "4.0" / "Extra").resolve() in newest
    assert (site / "reference" / "CacheConfig").resolve() not in newest
    assert (site / "guide").resolve() in newest  # the rest of the site stays
    assert (site / "versions.json").is_file()  # where mike keeps it
