"""The docs site, built with `mkdocs build --strict` and checked in headless Chromium at
1400 px: reference tables fit without breaking an identifier, allowed values are on the
class pages, every flag has an anchor, search finds fields and flags (dashes included),
navigation reaches every config class, and no request leaves the site. A screenshot is
kept in test-artifacts/."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from ..conftest import REPO
from ..strategies import resolved

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = REPO / "test-artifacts"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
                   cwd=REPO, check=True, env=env)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is required (tools/test.sh installs it)"
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"],
        )
        yield b
        b.close()


def test_reference_page_renders_its_table(site: str, browser: Browser) -> None:
    res = resolved()
    cls = max(res.schema.classes, key=lambda c: len(c.fields))
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{site}/reference/{cls.name}/")
    assert page.locator("h1").first.inner_text().strip().rstrip("¶") == cls.name
    rows = page.locator("article table").first.locator("tbody tr")
    assert rows.count() == len(cls.fields)
    first_cell = rows.first.locator("td").first.inner_text().strip()
    assert first_cell.startswith(cls.fields[0].name)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"reference-{cls.name}.png"), full_page=False)
    page.close()


def test_navigation_reaches_every_config_class(site: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(f"{site}/")
    hrefs = page.eval_on_selector_all("nav a[href]", "els => els.map(e => e.href)")
    reached = {h.rstrip("/").rsplit("/", 1)[-1] for h in hrefs if "/reference/" in h}
    missing = {c.name for c in resolved().schema.classes} - reached
    assert not missing, f"not in the navigation: {sorted(missing)}"
    page.close()


def test_search_finds_a_field_by_name(site: str, browser: Browser) -> None:
    res = resolved()
    cls = max(res.schema.classes, key=lambda c: len(c.fields))
    field = next(f for f in cls.fields if f.kind == "field" and len(f.name) > 6)
    page = browser.new_page()
    page.goto(f"{site}/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator("input.md-search__input")
    box.focus()
    box.press_sequentially(field.name, delay=20)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=15000)
    texts = " ".join(results.all_inner_texts())
    assert field.name in texts.replace("\u200b", "")
    page.close()


WIDTH = 1400

#: For each table: wider than the article, or scrolling sideways; and each code span in
#: a table cell that is broken across lines anywhere but at a space (a broken identifier).
_LAYOUT_JS = """() => {
  const article = document.querySelector('article').getBoundingClientRect();
  const wide = [], broken = [];
  for (const t of document.querySelectorAll('article table')) {
    const wrap = t.closest('.md-typeset__scrollwrap') || t;
    if (t.getBoundingClientRect().right > article.right + 1
        || wrap.scrollWidth > wrap.clientWidth + 1)
      wide.push(t.querySelector('th').innerText + ' ' + t.getBoundingClientRect().width);
  }
  const range = document.createRange();
  for (const c of document.querySelectorAll('article td code')) {
    const text = c.firstChild;
    if (c.getClientRects().length < 2 || !text || text.nodeType !== 3) continue;
    let top = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i); range.setEnd(text, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      if (top !== null && box.top > top + 2 && !/\\s/.test(text.data[i - 1] + text.data[i]))
        broken.push(c.textContent);
      top = box.top;
    }
  }
  return {wide, broken};
}"""


def test_pages_fit_1400px_without_breaking_identifiers(site: str, browser: Browser) -> None:
    pages = [f"reference/{c.name}/" for c in resolved().schema.classes]
    pages += ["", "reference/", "reference/cli/", "reference/types/", "reference/cache-key/",
              "reference/hook-points/", "benchmarks/", "guide/schema/", "guide/evolution/"]
    # the upgrading pages: one per pair of consecutive releases, and their index
    pages += [f"reference/upgrading/{p.stem}/".replace("/index/", "/")
              for p in sorted((REPO / "docs" / "reference" / "upgrading").glob("*.md"))]
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})
    problems = {}
    for path in pages:
        page.goto(f"{site}/{path}", wait_until="domcontentloaded")
        found = page.evaluate(_LAYOUT_JS)
        if found["wide"] or found["broken"]:
            problems[path] = found
    page.close()
    assert not problems, problems


def test_allowed_values_are_on_the_class_page(site: str, browser: Browser) -> None:
    res = resolved()
    cache_dtype = res.aliases["CacheDType"]
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})
    page.goto(f"{site}/reference/CacheConfig/#cache_dtype")
    section = page.locator("#cache_dtype + p + ul").inner_text()
    for value in cache_dtype.type.values:
        assert f'"{value}"' in section, value
    page.locator("#cache_dtype + p + ul a[href*='types/#cachedtype']").first.click()
    page.wait_for_url("**/types/#cachedtype")
    assert page.locator("#cachedtype").is_visible()
    page.close()


def test_every_flag_has_an_anchor_that_class_pages_link_to(site: str, browser: Browser
                                                           ) -> None:
    from cfgc.back.docs import flag_anchor
    from vllm_config import _cli_table

    page = browser.new_page()
    page.goto(f"{site}/reference/cli/")
    ids = set(page.eval_on_selector_all("article h3[id]", "els => els.map(e => e.id)"))
    missing = [fl["flag"] for fl in _cli_table.FLAGS if flag_anchor(fl["flag"]) not in ids]
    assert not missing, missing
    page.goto(f"{site}/reference/CacheConfig/")
    targets = page.eval_on_selector_all(
        "article a[href*='cli/#']", "els => els.map(e => e.getAttribute('href'))")
    assert targets and {t.split("#", 1)[1] for t in targets} <= ids
    page.close()


@pytest.mark.parametrize("query, anchor", [("--max-model-len", "max-model-len"),
                                           ("--enable-prefix-caching", "enable-prefix-caching")])
def test_flag_search_with_dashes_lands_on_its_entry(site: str, browser: Browser, query: str,
                                                    anchor: str) -> None:
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})
    page.goto(f"{site}/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator("input.md-search__input")
    box.focus()
    box.press_sequentially(query, delay=10)
    # the first section result (the first item is the page it belongs to)
    first = page.locator(".md-search-result__item a[href*='#']").first
    first.wait_for(timeout=15000)
    assert first.get_attribute("href").endswith(f"/reference/cli/?h={anchor.replace('-', '+')}"
                                                 f"#{anchor}") \
        or first.get_attribute("href").endswith(f"#{anchor}"), first.get_attribute("href")
    first.click()
    page.wait_for_url(f"**#{anchor}")
    assert page.locator(f"[id='{anchor}']").is_visible()
    page.close()


def test_no_request_leaves_the_site(site: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((site, "data:", "blob:"))
            else outside.append(r.url))
    for path in ("", "reference/CacheConfig/", "reference/cli/", "benchmarks/",
                 "reference/api/"):
        page.goto(f"{site}/{path}", wait_until="networkidle")
        if path == "benchmarks/":  # the plots drawn at build time are there and load
            sizes = page.eval_on_selector_all("article img[src$='.svg']",
                                              "els => els.map(e => e.naturalWidth)")
            assert len(sizes) >= 2 and all(sizes), sizes
    footer = page.locator("footer").inner_text()
    assert "Schema version" in footer and "commit" in footer, footer
    page.close()
    assert not outside, outside


def _releases() -> list[dict]:
    """The releases the site's selector lists (mike's versions.json shape)."""
    import json

    return json.loads((REPO / "docs" / "reference" / "versions.json").read_text())


def test_every_kind_of_page_has_the_release_selector(site: str, browser: Browser) -> None:
    releases = _releases()
    default = next(e["version"] for e in releases if "default" in e["aliases"])
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})
    for path, shown in [("", default), ("guide/schema/", default), ("reference/", default),
                        ("reference/cli/", default), ("reference/upgrading/", default),
                        *((f"{e['properties']['reference']}CacheConfig/", e["version"])
                          for e in releases)]:
        page.goto(f"{site}/{path}", wait_until="domcontentloaded")
        current = page.locator("header .md-version__current")
        assert current.is_visible(), path
        assert current.inner_text().split()[1] == shown, (path, current.inner_text())
        listed = page.eval_on_selector_all("header .md-version__link",
                                           "els => els.map(e => e.dataset.release)")
        assert listed == [e["version"] for e in releases], path
    page.close()


def test_release_selector_switches_to_the_same_page(site: str, browser: Browser) -> None:
    releases = _releases()
    default = next(e for e in releases if "default" in e["aliases"])
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})
    for target in releases:
        page.goto(f"{site}/{default['properties']['reference']}CacheConfig/")
        page.hover("header .md-version")
        link = page.locator(f"header .md-version__link[data-release='{target['version']}']")
        link.wait_for(state="visible", timeout=5000)  # the list opens on hover
        link.click()
        page.wait_for_url(f"**/{target['properties']['reference']}CacheConfig/")
        assert page.locator("article h1").first.inner_text().strip().rstrip("¶") \
            == "CacheConfig"
        assert target["version"] in page.locator("header .md-version__current").inner_text()
        # the sidebar lists this release's pages: its CacheConfig link is this page
        nav = page.eval_on_selector_all(".md-sidebar--primary a[href]",
                                        "els => els.map(e => e.href)")
        assert page.url in nav
    ARTIFACTS.mkdir(exist_ok=True)
    page.hover("header .md-version")
    page.screenshot(path=str(ARTIFACTS / "release-selector.png"), full_page=False)
    page.close()
