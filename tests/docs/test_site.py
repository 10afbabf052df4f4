"""The docs site, built with `mkdocs build --strict` and checked in headless Chromium:
a reference page renders its table, navigation reaches every config class, and the
search box finds a field by name. A screenshot is kept in test-artifacts/."""

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
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
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
