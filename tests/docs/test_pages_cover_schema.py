"""Every schema field appears on its class page (table row and section), with its
cache-key rule, and every class appears on the cache-key page."""

from __future__ import annotations

import re

from ..conftest import REPO
from ..strategies import resolved

REF = REPO / "docs" / "reference"


def test_every_field_is_on_its_class_page() -> None:
    for c in resolved().schema.classes:
        page = (REF / f"{c.name}.md").read_text()
        rows = [line for line in page.splitlines() if line.startswith("| [`")]
        names = [re.match(r"\| \[`([^`]+)`\]", row).group(1) for row in rows]
        assert names == [f.name for f in c.fields], c.name
        for f in c.fields:
            assert f"\n### {f.name}\n" in page, f"{c.name}.{f.name} has no section"
            if f.hash is not None and not f.hash.include and f.kind == "field":
                assert f.hash.reason.split("\n")[0] in page


def test_every_class_is_on_the_cache_key_page() -> None:
    page = (REF / "cache-key.md").read_text()
    for c in resolved().schema.classes:
        assert f"\n## {c.name}\n" in page


def test_every_flag_is_on_the_cli_page() -> None:
    from vllm_config import _cli_table

    page = (REF / "cli.md").read_text()
    for flag in _cli_table.FLAGS:
        for name in (flag["flag"], *flag["aliases"], *flag["negatives"]):
            assert f"`{name}`" in page, name


def test_allowed_values_are_in_each_field_section() -> None:
    """Every Literal value and enum member a field's type allows is listed in the field's
    section, and each named type links to its entry on the types page."""
    from cfgc.back.docs import allowed_values, named_types, type_anchor

    res = resolved()
    types_page = (REF / "types.md").read_text()
    for c in res.schema.classes:
        page = (REF / f"{c.name}.md").read_text()
        for f in c.fields:
            section = page.split(f"\n### {f.name}\n", 1)[1].split("\n### ", 1)[0]
            for value in allowed_values(f, res):
                assert f"`{value}`" in section, (c.name, f.name, value)
            for name in named_types(f, res):
                assert f"(types.md#{type_anchor(name)})" in section, (c.name, f.name, name)
                assert f"\n## {name}\n" in types_page, name


def test_every_flag_has_its_own_heading() -> None:
    from cfgc.back.docs import flag_anchor
    from vllm_config import _cli_table

    page = (REF / "cli.md").read_text()
    anchors = re.findall(r"^### `[^`]+` \{ #([\w.-]+) \}$", page, flags=re.M)
    assert len(anchors) == len(set(anchors)), "duplicate flag anchors"
    assert sorted(anchors) == sorted(flag_anchor(fl["flag"]) for fl in _cli_table.FLAGS)
