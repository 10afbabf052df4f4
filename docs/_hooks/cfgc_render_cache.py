"""MkDocs hook of the cfgc site (mkdocs.yml `hooks:`): each distinct page converted once.

The reference has a folder per release, and a class that did not change between two
releases has the same Markdown in both folders (the release is named by the selector
and the front matter, not in the text). MkDocs converts every page on its own, so the
build spent most of its time converting the same text again. This hook wraps
`Page.render`: a page whose Markdown, folder depth and link targets equal those of a
page already converted in this build takes that page's HTML, table of contents, title
and anchors instead of converting again.

Nothing a reader or `--strict` sees changes:
- relative links come out the same because the folders have the same depth, and the
  key holds whether each `.md` link the text makes resolves in this page's folder, so a
  link broken in one release's folder is converted (and reported) there;
- the links to anchors that `validation.anchors` checks after the build are moved to
  the files at the same places beside this page, so each release's anchors are checked
  against that release's pages;
- the cache lives for one build (`mkdocs serve` starts it again on every rebuild).
"""

from __future__ import annotations

import logging
import posixpath
import re

from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.cfgc_render_cache")
_LINK = re.compile(r"\]\(\s*<?([^)#\s>]+\.md)(?:#[^)\s]*)?>?(?:\s+\"[^\"]*\")?\s*\)")
_render = Page.render
_done: dict[tuple, tuple[Page, tuple]] = {}
_stats = {"converted": 0, "reused": 0}


def _key(page: Page, files: Files) -> tuple:
    folder = posixpath.dirname(page.file.src_uri)
    targets = sorted(set(_LINK.findall(page.markdown or "")))
    found = tuple(files.get_file_from_path(posixpath.normpath(posixpath.join(folder, t)))
                  is not None for t in targets)
    return page.markdown, folder.count("/") + (1 if folder else 0), tuple(targets), found


def _moved(anchors: dict[File, dict[str, str]] | None, source: Page, page: Page,
           files: Files) -> dict[File, dict[str, str]] | None:
    """`source`'s links to anchors, each target file replaced by the one at the same
    place beside `page`; None when one has no counterpart (then convert again)."""
    if anchors is None:
        return None
    here, there = (posixpath.dirname(p.file.src_uri) for p in (page, source))
    out = {}
    for target, links in anchors.items():
        rel = posixpath.relpath(target.src_uri, there or ".")
        mine = files.get_file_from_path(posixpath.normpath(posixpath.join(here, rel)))
        if mine is None:
            return None
        out[mine] = dict(links)
    return out


def _cached_render(self: Page, config, files: Files) -> None:
    key = _key(self, files)
    hit = _done.get(key)
    if hit is not None:
        source, (content, toc, title, anchors) = hit
        links = getattr(source, "links_to_anchors", None)
        moved = _moved(links, source, self, files)
        if links is None or moved is not None:
            self.content, self.toc, self._title_from_render = content, toc, title
            self.present_anchor_ids = set(anchors)
            if links is not None:
                self.links_to_anchors = moved
            _stats["reused"] += 1
            return
    _render(self, config, files)
    _stats["converted"] += 1
    _done.setdefault(key, (self, (self.content, self.toc, self._title_from_render,
                                  frozenset(self.present_anchor_ids or ()))))


def on_config(config, **kwargs):
    _done.clear()
    _stats.update(converted=0, reused=0)
    Page.render = _cached_render
    return config


def on_post_build(config, **kwargs) -> None:
    log.info("pages converted: %d; reused from another release's folder: %d",
             _stats["converted"], _stats["reused"])
    _done.clear()
    Page.render = _render
