"""`cfgc diff`: each kind of schema change is classified (breaking, cache key, other) with
its location; declared breaks pass; the command reads the old schema from git."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given

from cfgc import diff
from cfgc.errors import Collector
from cfgc.front.load import compile_schema
from cfgc.front.parse import parse_documents
from cfgc.front.yaml_loader import load_yaml
from cfgc.model.resolved import Resolved

from .test_fuzz_schema import FUZZ, dump, schemas

PROJECT = """\
project:
  package: difftest
  schema_version: 1
  doc: A schema for diff tests.
"""

BASE = """\
enums:
  Mode:
    doc: How it runs.
    members: {NONE: 0, FULL: 1}
aliases:
  DType:
    doc: Storage type.
    type: Literal["auto", "fp8"]
classes:
  Inner:
    doc: A nested config.
    hash: {default: include}
    fields:
      ratio: {type: float, default: 0.5, doc: A ratio.}
  CacheConfig:
    doc: The cache.
    hash: {default: include}
    cli: {group: CacheConfig, json_flag: --cache-config}
    fields:
      block_size: {type: int, default: 16, ge: 1, doc: Tokens per block.}
      dtype: {type: DType, default: auto, doc: Element type.}
      mode: {type: Mode, default: NONE, doc: The mode.}
      level: {type: 'Literal[0, 1, 2]', default: 0, doc: A level.}
      swap_gb: {type: float, default: 4, hash: {exclude: memory only}, doc: Swap space.}
      name: {type: str, default: x, validate: [lower], cli: {flag: --cache-name, aliases: [-cn]},
             doc: A name.}
      sizes: {type: 'list[int]', default: [], doc: Sizes.}
      enable_x: {type: bool, default: false, doc: Turns x on.}
      inner: {type: Inner, default_factory: Inner, doc: Nested.}
  Top:
    doc: Holds the cache config.
    hash: {default: include}
    fields:
      cache: {type: CacheConfig, default_factory: CacheConfig, doc: The cache.}
"""


def compile_texts(files: dict[str, str]) -> Resolved:
    docs = [(name, Path(name).stem, load_yaml(Path(name), name, text))
            for name, text in sorted(files.items())]
    return compile_schema(parse_documents(docs, Collector()))


def changes_for(new_text: str, project: str = PROJECT) -> list[diff.Change]:
    old = compile_texts({"schema/project.yaml": PROJECT, "schema/cache.yaml": BASE})
    new = compile_texts({"schema/project.yaml": project, "schema/cache.yaml": new_text})
    changes, _ = diff.apply_breaking_ok(diff.compare(old, new), new.schema.breaking_ok)
    return changes


def edited(old: str, new: str, text: str = BASE) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# (case, old text, new text, {id: (breaking, cache_key)}): the ids must appear with these
# verdicts, and no other breaking change may appear.
CASES = [
    ("remove-excluded-field",
     "      swap_gb: {type: float, default: 4, hash: {exclude: memory only}, doc: Swap space.}\n",
     "", {"field-removed:CacheConfig.swap_gb": (True, False),
          "flag-removed:--swap-gb": (True, False)}),
    ("remove-included-field",
     "      block_size: {type: int, default: 16, ge: 1, doc: Tokens per block.}\n", "",
     {"field-removed:CacheConfig.block_size": (True, True),
      "flag-removed:--block-size": (True, False)}),
    ("add-field-with-default",
     "      sizes:", "      extra: {type: int, default: 1, doc: New.}\n      sizes:",
     {"field-added:CacheConfig.extra": (False, True), "flag-added:--extra": (False, False)}),
    ("add-required-field",
     "      sizes:", "      extra: {type: int, doc: New.}\n      sizes:",
     {"field-added:CacheConfig.extra": (True, True)}),
    ("add-excluded-field",
     "      sizes:", "      extra: {type: int, default: 1, hash: {exclude: x}, doc: New.}\n"
                      "      sizes:",
     {"field-added:CacheConfig.extra": (False, False)}),
    ("change-included-default", "default: 16", "default: 32",
     {"default-changed:CacheConfig.block_size": (False, True)}),
    ("change-excluded-default", "default: 4,", "default: 8,",
     {"default-changed:CacheConfig.swap_gb": (False, False)}),
    ("same-default-as-float", "default: 4,", "default: 4.0,", {}),
    ("default-to-required", "default: 16, ", "",
     {"field-now-required:CacheConfig.block_size": (True, True)}),
    ("flip-hash-rule-on", "hash: {exclude: memory only}", "hash: include",
     {"hash-rule-changed:CacheConfig.swap_gb": (False, True)}),
    ("flip-hash-rule-off", "block_size: {type: int,", "block_size: {hash: {exclude: no need},"
     " type: int,", {"hash-rule-changed:CacheConfig.block_size": (False, True)}),
    ("literal-choice-removed", "Literal[0, 1, 2]", "Literal[0, 1]",
     {"choices-removed:CacheConfig.level": (True, False)}),
    ("literal-choice-added", "Literal[0, 1, 2]", "Literal[0, 1, 2, 3]",
     {"choices-added:CacheConfig.level": (False, False)}),
    ("alias-choice-removed", 'Literal["auto", "fp8"]', 'Literal["auto"]',
     {"choices-removed:DType": (True, False)}),
    ("alias-choice-added", 'Literal["auto", "fp8"]', 'Literal["auto", "fp8", "int8"]',
     {"choices-added:DType": (False, False)}),
    ("enum-member-removed", "{NONE: 0, FULL: 1}", "{NONE: 0}",
     {"enum-member-removed:Mode.FULL": (True, False)}),
    ("enum-member-added", "{NONE: 0, FULL: 1}", "{NONE: 0, FULL: 1, HALF: 2}",
     {"enum-member-added:Mode.HALF": (False, False)}),
    ("enum-value-changed", "{NONE: 0, FULL: 1}", "{NONE: 0, FULL: 2}",
     {"enum-value-changed:Mode.FULL": (True, False)}),
    ("type-widened", "block_size: {type: int,", "block_size: {type: int | None,",
     {"type-changed:CacheConfig.block_size": (False, False)}),
    ("type-int-to-float", "block_size: {type: int,", "block_size: {type: float,",
     {"type-changed:CacheConfig.block_size": (False, True)}),
    ("type-narrowed", "swap_gb: {type: float,", "swap_gb: {type: int,",
     {"type-changed:CacheConfig.swap_gb": (True, False)}),
    ("flag-alias-removed", "aliases: [-cn]", "aliases: []", {"flag-removed:-cn": (True, False)}),
    ("flag-renamed", "flag: --cache-name", "flag: --cache-label",
     {"flag-removed:--cache-name": (True, False), "flag-added:--cache-label": (False, False)}),
    ("json-flag-removed", ", json_flag: --cache-config", "",
     {"flag-removed:--cache-config": (True, False)}),
    ("bool-field-removed",
     "      enable_x: {type: bool, default: false, doc: Turns x on.}\n", "",
     {"field-removed:CacheConfig.enable_x": (True, True),
      "flag-removed:--enable-x": (True, False), "flag-removed:--no-enable-x": (True, False),
      "flag-removed:--disable-x": (True, False)}),
    ("constraint-tightened", "ge: 1,", "ge: 2,",
     {"constraint-changed:CacheConfig.block_size.ge": (True, False)}),
    ("constraint-loosened", "ge: 1,", "ge: 0,",
     {"constraint-changed:CacheConfig.block_size.ge": (False, False)}),
    ("constraint-added", "ge: 1,", "ge: 1, le: 64,",
     {"constraint-changed:CacheConfig.block_size.le": (True, False)}),
    ("validator-dropped", "validate: [lower], ", "",
     {"validators-changed:CacheConfig.name": (True, False)}),
    ("validator-added", "validate: [lower]", "validate: [lower, strip]",
     {"validators-changed:CacheConfig.name": (False, False)}),
    ("nested-default-changed", "default: 0.5,", "default: 0.25,",
     {"default-changed:Inner.ratio": (False, True)}),
    ("class-moved", "    doc: A nested config.\n",
     "    doc: A nested config.\n    module: other\n", {"class-moved:Inner": (True, False)}),
    ("deprecated", "sizes: {type: 'list[int]',",
     "sizes: {deprecated: no longer used, type: 'list[int]',",
     {"field-deprecated:CacheConfig.sizes": (False, False)}),
    ("doc-only", "doc: Tokens per block.", "doc: Tokens in one block.", {}),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_change_is_classified(case) -> None:
    _, old, new, expected = case
    changes = changes_for(edited(old, new) if old else BASE)
    got = {ch.id: (ch.breaking, ch.cache_key) for ch in changes}
    for cid, verdict in expected.items():
        assert got.get(cid) == verdict, (cid, got)
    unexpected = [ch.id for ch in changes if ch.breaking and ch.id not in expected]
    assert not unexpected, unexpected
    if not expected:
        assert not changes, [ch.id for ch in changes]


def test_locations_point_at_new_or_old_lines() -> None:
    new_text = edited("default: 16", "default: 32")
    new_text = edited("      swap_gb: {type: float, default: 4, hash: {exclude: memory only}, "
                      "doc: Swap space.}\n", "", new_text)
    changes = {ch.id: ch for ch in changes_for(new_text)}
    changed = changes["default-changed:CacheConfig.block_size"]
    assert changed.loc.file == "schema/cache.yaml" and not changed.at_ref
    assert changed.loc.line == line_of(new_text, "default: 32")
    assert changed.loc.col == new_text.splitlines()[changed.loc.line - 1].index("32") + 1
    removed = changes["field-removed:CacheConfig.swap_gb"]
    assert removed.at_ref and removed.loc.line == line_of(BASE, "swap_gb:")
    assert removed.loc.col == 7


def test_class_hash_default_flip_reports_every_inherited_field() -> None:
    new_text = edited("    doc: A nested config.\n    hash: {default: include}",
                      "    doc: A nested config.\n    hash: {default: {exclude: not compiled}}")
    changes = changes_for(new_text)
    assert [ch.id for ch in changes if ch.cache_key] == ["hash-rule-changed:Inner.ratio"]
    assert diff.cache_key_classes(changes, compile_texts(
        {"schema/project.yaml": PROJECT, "schema/cache.yaml": new_text})) == [
        "CacheConfig", "Inner", "Top"]


def test_cache_key_changes_propagate_to_classes_that_hash_them() -> None:
    new_text = edited("default: 16", "default: 32")
    new = compile_texts({"schema/project.yaml": PROJECT, "schema/cache.yaml": new_text})
    assert diff.cache_key_classes(changes_for(new_text), new) == ["CacheConfig", "Top"]


def test_schema_version_bump_changes_every_cache_key() -> None:
    project = PROJECT.replace("schema_version: 1", "schema_version: 2")
    changes = changes_for(BASE, project)
    assert [(ch.id, ch.cache_key, ch.breaking) for ch in changes] == [
        ("schema-version-changed:2", True, False)]
    new = compile_texts({"schema/project.yaml": project, "schema/cache.yaml": BASE})
    assert diff.cache_key_classes(changes, new) == ["CacheConfig", "Inner", "Top"]


def test_class_removed_reports_the_class_and_its_flags() -> None:
    new_text = BASE[:BASE.index("  Top:")]
    ids = {ch.id for ch in changes_for(new_text) if ch.fails}
    assert ids == {"class-removed:Top"}
    new_text = BASE.replace("      inner: {type: Inner, default_factory: Inner, doc: Nested.}\n",
                            "")
    new_text = new_text[:new_text.index("  Inner:")] + new_text[new_text.index("  CacheConfig:"):]
    assert "class-removed:Inner" in {ch.id for ch in changes_for(new_text) if ch.fails}


# --- declared breaks -------------------------------------------------------------------

RENAMED = edited("      name: {type: str,", "      label: {renamed_from: name, type: str,")


def test_renamed_field_keeping_its_flags_is_declared() -> None:
    changes = changes_for(RENAMED)
    assert [(ch.id, ch.declared, ch.cache_key) for ch in changes if ch.breaking] == [
        ("field-renamed:CacheConfig.name", "renamed_from", True)]
    assert not any(ch.fails for ch in changes)


def test_renamed_field_losing_its_derived_flag_fails_with_a_hint() -> None:
    text = edited("      sizes: {type: 'list[int]',",
                  "      lengths: {renamed_from: sizes, type: 'list[int]',")
    changes = {ch.id: ch for ch in changes_for(text)}
    assert changes["field-renamed:CacheConfig.sizes"].declared == "renamed_from"
    lost = changes["flag-removed:--sizes"]
    assert lost.fails
    assert "CacheConfig.lengths now takes --lengths" in lost.message
    assert "aliases: [--sizes]" in lost.message
    kept = edited("      sizes: {type: 'list[int]',",
                  "      lengths: {renamed_from: sizes, cli: {aliases: [--sizes]}, "
                  "type: 'list[int]',")
    assert not any(ch.fails for ch in changes_for(kept))


def test_rename_without_declaration_is_a_removal_and_an_addition() -> None:
    text = RENAMED.replace("renamed_from: name, ", "")
    fails = {ch.id for ch in changes_for(text) if ch.fails}
    assert fails == {"field-removed:CacheConfig.name"}


def test_renamed_class_is_declared_and_its_fields_still_compared() -> None:
    text = (BASE.replace("  CacheConfig:\n", "  KVCacheConfig:\n    renamed_from: CacheConfig\n")
            .replace("{type: CacheConfig, default_factory: CacheConfig,",
                     "{type: KVCacheConfig, default_factory: KVCacheConfig,")
            .replace("default: 16", "default: 8"))
    changes = {ch.id: ch for ch in changes_for(text)}
    assert changes["class-renamed:CacheConfig"].declared == "renamed_from"
    assert changes["default-changed:KVCacheConfig.block_size"].cache_key
    assert "flag-removed:--cache-config" not in changes  # same flags, new owner name
    assert not any(ch.fails for ch in changes.values()), [
        c for c, ch in changes.items() if ch.fails]


def test_breaking_ok_declares_a_change_and_unused_entries_are_reported() -> None:
    project = PROJECT + ("  breaking_ok:\n"
                         "    field-removed:CacheConfig.swap_gb: swap moved to the offloader\n"
                         "    flag-removed:--swap-gb: same\n"
                         "    flag-removed:--nothing: stale entry\n")
    text = edited("      swap_gb: {type: float, default: 4, hash: {exclude: memory only}, "
                  "doc: Swap space.}\n", "")
    old = compile_texts({"schema/project.yaml": PROJECT, "schema/cache.yaml": BASE})
    new = compile_texts({"schema/project.yaml": project, "schema/cache.yaml": text})
    changes, unused = diff.apply_breaking_ok(diff.compare(old, new), new.schema.breaking_ok)
    assert not any(ch.fails for ch in changes)
    declared = {ch.id: ch.declared for ch in changes if ch.breaking}
    assert declared["field-removed:CacheConfig.swap_gb"] == \
        "breaking_ok: swap moved to the offloader"
    assert [w.change for w in unused] == ["flag-removed:--nothing"]
    assert unused[0].loc.file == "schema/project.yaml" and unused[0].loc.line == 8


@pytest.mark.parametrize("bad, message", [
    ("  breaking_ok: [field-removed:X.y]\n", "breaking_ok must map"),
    ("  breaking_ok:\n    no-colon: why\n", "is not a change id"),
    ("  breaking_ok:\n    field-removed:X.y: ''\n", "needs a reason"),
])
def test_breaking_ok_is_checked(bad: str, message: str) -> None:
    from cfgc.errors import SchemaError

    with pytest.raises(SchemaError) as err:
        compile_texts({"schema/project.yaml": PROJECT + bad, "schema/cache.yaml": BASE})
    assert message in str(err.value)
    assert str(err.value).startswith("schema/project.yaml:")


@pytest.mark.parametrize("value", ["'not an identifier'", "name"])
def test_renamed_from_is_checked(value: str) -> None:
    from cfgc.errors import SchemaError

    text = edited("name: {type: str,", f"name: {{renamed_from: {value}, type: str,")
    with pytest.raises(SchemaError, match="renamed_from of field CacheConfig.name"):
        compile_texts({"schema/project.yaml": PROJECT, "schema/cache.yaml": text})


# --- the command, against a real git history -------------------------------------------

GIT_ENV = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_SYSTEM": os.devnull}


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True, env=GIT_ENV).stdout


def cfgc(root: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cfgc.cli", "--root", str(root), *args],
                          capture_output=True, text=True, check=False, cwd=cwd)


@pytest.fixture
def history(tmp_path: Path) -> Path:
    """A git repository whose project root is a subdirectory, with BASE committed."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "repo"
    root = repo / "engine"
    (root / "schema").mkdir(parents=True)
    (root / "schema" / "project.yaml").write_text(PROJECT)
    (root / "schema" / "cache.yaml").write_text(BASE)
    (root / "schema" / "_notes").mkdir()
    (root / "schema" / "_notes" / "draft.yaml").write_text("not: [valid")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    return root


def test_cli_no_changes(history: Path) -> None:
    result = cfgc(history, "diff", "--against", "HEAD")
    assert result.returncode == 0, result.stderr
    assert "no schema changes" in result.stdout


def test_cli_breaking_change_exits_1_with_located_lines(history: Path) -> None:
    (history / "schema" / "cache.yaml").write_text(edited(
        "      swap_gb: {type: float, default: 4, hash: {exclude: memory only}, "
        "doc: Swap space.}\n", "", edited("default: 16", "default: 32")))
    result = cfgc(history, "diff")  # --against defaults to HEAD
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stdout.splitlines()
    removed = next(line for line in lines if "[field-removed:CacheConfig.swap_gb]" in line)
    assert removed.startswith(f"schema/cache.yaml:{line_of(BASE, 'swap_gb:')}:7: error: ")
    assert "(at HEAD)" in removed
    changed = next(line for line in lines if "[default-changed:CacheConfig.block_size]" in line)
    assert changed.startswith("schema/cache.yaml:") and ": note: " in changed
    assert "[cache key]" in changed
    assert "CacheConfig, Top" in lines[-2] and "breaking_ok" in lines[-1]


def test_cli_json_format(history: Path) -> None:
    (history / "schema" / "cache.yaml").write_text(edited("default: 16", "default: 32"))
    result = cfgc(history, "diff", "--against", "main", "--format", "json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["against"] == "main" and doc["undeclared_breaking"] == 0
    assert doc["cache_key_classes"] == ["CacheConfig", "Top"]
    [change] = doc["changes"]
    assert change["id"] == "default-changed:CacheConfig.block_size"
    assert (change["file"], change["line"]) == ("schema/cache.yaml", line_of(BASE, "default: 16"))
    assert change["cache_key"] and not change["breaking"] and not change["at_ref"]


def test_cli_declared_breaks_exit_0(history: Path) -> None:
    (history / "schema" / "cache.yaml").write_text(RENAMED)
    result = cfgc(history, "diff")
    assert result.returncode == 0, result.stdout
    assert "declared: renamed_from" in result.stdout


def test_cli_compares_across_commits(history: Path) -> None:
    repo = history.parent
    (history / "schema" / "cache.yaml").write_text(edited("Literal[0, 1, 2]", "Literal[0, 1]"))
    git(repo, "commit", "-q", "-am", "narrow level")
    assert cfgc(history, "diff", "--against", "HEAD").returncode == 0
    result = cfgc(history, "diff", "--against", "HEAD~1")
    assert result.returncode == 1
    assert "[choices-removed:CacheConfig.level]" in result.stdout


@pytest.mark.parametrize("ref", ["no-such-ref", "HEAD~5", "--output=x", "HEAD:schema"])
def test_cli_bad_ref_exits_2(history: Path, ref: str) -> None:
    result = cfgc(history, "diff", f"--against={ref}")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("cfgc diff: ")


def test_cli_outside_git_exits_2(project: Path) -> None:
    (project / "schema" / "cache.yaml").write_text(BASE)
    result = cfgc(project, "diff", cwd=project)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_cli_old_schema_that_no_longer_compiles_exits_2(history: Path) -> None:
    repo = history.parent
    (history / "schema" / "cache.yaml").write_text(BASE.replace("doc: A ratio.", "doc: ''"))
    git(repo, "commit", "-q", "-am", "broken")
    (history / "schema" / "cache.yaml").write_text(BASE)
    result = cfgc(history, "diff")
    assert result.returncode == 2
    assert "the schema at HEAD does not compile" in result.stderr
    assert "HEAD:schema/cache.yaml:" in result.stderr


def test_cli_working_tree_errors_exit_1(history: Path) -> None:
    (history / "schema" / "cache.yaml").write_text(BASE.replace("doc: A ratio.", "doc: ''"))
    result = cfgc(history, "diff")
    assert result.returncode == 1
    assert result.stderr.startswith("schema/cache.yaml:")
    # each error on its own line, then the summary on its own line
    lines = result.stderr.splitlines()
    assert lines[-1] == "cfgc diff: the working tree's schema has errors"
    assert all(line.startswith("schema/cache.yaml:") for line in lines[:-1]), lines


# --- any two schemas ---------------------------------------------------------------------

@FUZZ
@given(schemas(), schemas())
def test_diff_of_random_schemas(a, b) -> None:
    """A schema never differs from itself; any two compare without error, every change
    located in the right tree."""
    old = compile_texts({f"schema/{n}": dump(d) for n, d in a.files.items()})
    new = compile_texts({f"schema/{n}": dump(d) for n, d in b.files.items()})
    assert diff.compare(old, old) == []
    changes = diff.compare(old, new)
    assert any(ch.id == f"package-renamed:{b.package}" and ch.breaking for ch in changes)
    for ch in changes:
        files = a.files if ch.at_ref else b.files
        assert ch.loc.file.removeprefix("schema/") in files, ch
        assert ch.loc.line >= 1 and ch.loc.col >= 1, ch
    diff.render_json("REF", changes, [], diff.cache_key_classes(changes, new))


def test_diff_reads_the_same_spellings_as_the_clash_check() -> None:
    """`cfgc diff` reads flags from the FlagSpecs the parser is built from; the clash
    check reads resolve.flag_spellings. Both must name the same spellings and owners."""
    from cfgc.front.flags import flag_spellings

    from .strategies import resolved

    res = resolved()
    table = diff.flag_table(res)
    assert {flag: owner for flag, (owner, _, _) in table.items()} == {
        flag: owner for flag, owner, _, _ in flag_spellings(res)}
    assert {flag: role for flag, (_, _, role) in table.items()} == {
        flag: role for flag, _, _, role in flag_spellings(res)}
