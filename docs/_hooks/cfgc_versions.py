"""MkDocs hook of the cfgc site (mkdocs.yml `hooks:`): the release selector.

The schema describes several vLLM releases; the reference has one folder per release in
this one site (`reference/` for the default release, `reference/<release>/` for each
other), and `cfgc generate` lists them in `reference/versions.json`, in the shape mike
writes for mkdocs-material (newest first, `aliases`, and each release's folder as the
`reference` property).

mkdocs-material's own selector (`extra.version.provider: mike`) expects one whole site
per version beside each other (`<root>/<version>/`) and finds the current one in the
URL; a site that is one build with a folder per release has neither, so it would link
to pages that do not exist. Here the selector is written into each page at build time
instead, with material's markup (`md-version`, so it looks and opens as material's
does), and each entry links to the same page in that release's folder when the release
has it, else to that release's reference index. Pages outside the reference (guides)
belong to no release and show the default one. `versions.json` is also served at the
site's root, where mike puts it.

The navigation shows one release's reference at a time: the default release's, and on
a page of another release that release's pages in its place, so that the sidebar never
lists the same class once per release.

Search indexes the default release's reference and the newest one's: every release's
folder holds nearly the same pages, so a search over all of them answered each query
once per release. The others are one click away in the selector.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

VERSIONS = "reference/versions.json"  # from the docs folder; cfgc generate writes it


class _Releases:
    """The releases of versions.json: name -> reference folder, newest first."""

    def __init__(self, entries: list[dict]) -> None:
        self.entries = entries
        self.folders = {e["version"]: e["properties"]["reference"] for e in entries}
        self.default = next((e["version"] for e in entries if "default" in e["aliases"]),
                            entries[-1]["version"])

    def of(self, src_uri: str) -> tuple[str | None, str]:
        """(the release a page belongs to, its path inside that release's folder);
        (None, src_uri) for a page of no release."""
        best = None
        for release, folder in self.folders.items():
            if src_uri.startswith(folder) and (best is None
                                               or len(folder) > len(self.folders[best])):
                best = release
        if best is None:
            return None, src_uri
        return best, src_uri[len(self.folders[best]):]


_state: dict[str, object] = {}


def on_config(config, **kwargs):
    path = Path(config.docs_dir) / VERSIONS
    _state.clear()
    if path.is_file():
        entries = json.loads(path.read_text())
        if len(entries) > 1:
            _state["releases"] = _Releases(entries)
    return config


def _releases() -> _Releases | None:
    return _state.get("releases")  # type: ignore[return-value]


def on_files(files: Files, config, **kwargs) -> Files:
    releases = _releases()
    if releases is None:
        return files
    src = Path(config.docs_dir) / VERSIONS
    files.append(File.generated(config, "versions.json", content=src.read_bytes()))
    _state["files"] = files
    return files


def on_page_markdown(markdown: str, page: Page, config, files: Files, **kwargs) -> str:
    releases = _releases()
    if releases is not None:
        release, _ = releases.of(page.file.src_uri)
        if release not in (None, releases.default, releases.entries[0]["version"]):
            search = page.meta.get("search")
            page.meta["search"] = {**(search if isinstance(search, dict) else {}),
                                   "exclude": True}
    return markdown


# ---------------------------------------------------------------------------- navigation


def _pages(items: list) -> list[Page]:
    out: list[Page] = []
    for item in items:
        if isinstance(item, Page):
            out.append(item)
        elif isinstance(item, Section):
            out += _pages(item.children)
    return out


def _link(pages: list[Page]) -> None:
    """Previous and next page along one navigation (the footer's links)."""
    for before, after in zip([None, *pages], [*pages, None], strict=False):
        if after is not None:
            after.previous_page = before
        if before is not None:
            before.next_page = after


def _release_of_section(section: Section, releases: _Releases) -> str | None:
    """The release whose folder this section is (a folder of another release than the
    default, where the default's folder contains it)."""
    for child in section.children:
        if isinstance(child, Page):
            release, rest = releases.of(child.file.src_uri)
            if release is not None and release != releases.default and "/" not in rest:
                return release
    return None


def on_nav(nav: Navigation, config, files: Files, **kwargs) -> Navigation:
    releases = _releases()
    if releases is None:
        return nav
    found: dict[str, Section] = {}

    def prune(items: list) -> list:
        kept = []
        for item in items:
            if isinstance(item, Section):
                release = _release_of_section(item, releases)
                if release is not None:
                    found[release] = item
                    continue
                item.children = prune(item.children)
            kept.append(item)
        return kept

    nav.items = prune(nav.items)
    nav.pages = _pages(nav.items)
    _link(nav.pages)
    # Each other release: the same navigation with the reference section replaced by
    # that release's folder (the section that holds the default release's pages).
    reference = next((i for i in nav.items if isinstance(i, Section)
                      and any(isinstance(p, Page) and releases.of(p.file.src_uri)[0]
                              == releases.default for p in _pages(i.children))), None)
    navs: dict[str, Navigation] = {}
    for release, section in found.items():
        section.title = f"{reference.title if reference else 'Reference'} ({release})"
        section.parent = None
        items = [section if i is reference else i for i in nav.items]
        navs[release] = Navigation(items, _pages(items))
        _link(_pages([section]))
    _state["navs"] = navs
    return nav


def on_page_context(context, page: Page, config, nav: Navigation, **kwargs):
    releases = _releases()
    if releases is None:
        return context
    release, _ = releases.of(page.file.src_uri)
    own = _state["navs"].get(release)  # type: ignore[union-attr]
    if own is not None:
        context["nav"] = own
    return context


# ---------------------------------------------------------------------------- the selector


def selector(page: Page, releases: _Releases, files: Files) -> str:
    """The selector's HTML for one page: the current release and one link per release."""
    current, rest = releases.of(page.file.src_uri)
    shown = current or releases.default
    items = []
    for entry in releases.entries:
        release = entry["version"]
        folder = releases.folders[release]
        target = files.get_file_from_path(folder + rest) if current is not None else None
        if target is None:
            target = files.get_file_from_path(folder + "index.md")
        href = get_relative_url(target.url, page.url) if target is not None else "#"
        alias = "".join(f' <span class="md-version__alias">{html.escape(a)}</span>'
                        for a in entry["aliases"][:1])
        items.append(f'<li class="md-version__item"><a href="{html.escape(href)}" '
                     f'class="md-version__link" data-release="{html.escape(release)}">'
                     f'{html.escape(entry["title"])}{alias}</a></li>')
    title = next(e["title"] for e in releases.entries if e["version"] == shown)
    alias = " <span class=\"md-version__alias\">default</span>" \
        if shown == releases.default else ""
    return (f'<div class="md-version cfgc-release" data-release="{html.escape(shown)}">'
            f'<button class="md-version__current" aria-label="Select a vLLM release">'
            f'vLLM {html.escape(title)}{alias}</button>'
            f'<ul class="md-version__list">{"".join(items)}</ul></div>')


#: The header's first topic (the site name), where material puts its own selector.
_TOPIC = re.compile(r'(<div class="md-header__topic">\s*<span class="md-ellipsis">.*?</span>)',
                    re.S)


def on_post_page(output: str, page: Page, config, **kwargs) -> str:
    releases = _releases()
    if releases is None:
        return output
    files = _state["files"]
    new, count = _TOPIC.subn(lambda m: m.group(1) + selector(page, releases, files),
                             output, count=1)
    if not count:
        raise PluginError(f"release selector: no header topic on {page.file.src_uri} "
                          "(did the theme's header change?)")
    return new
