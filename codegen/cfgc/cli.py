"""`cfgc`: the compiler's command line (generate, check)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from . import files, import_check, memo
from .back import GENERATED_DIR, OWNED_DIRS
from .errors import SchemaError
from .report import FORMATS, Problem, Report

EXIT_USAGE = 2


def find_root(start: Path) -> Path | None:
    for candidate in (start, *start.parents):
        if is_project(candidate):
            return candidate
    return None


def is_project(root: Path) -> bool:
    """A cfgc project has schema/ and pyproject.toml: anywhere else `generate` would
    create generated/ and overwrite docs/reference/ of an unrelated directory."""
    return (root / "schema").is_dir() and (root / "pyproject.toml").is_file()


def _warn_ignored(root: Path, report: Report) -> None:
    for path in sorted((root / "schema").glob("*.yml")):
        rel = path.relative_to(root).as_posix()
        report.problem(Problem(f"cfgc: warning: {rel} is ignored: schema files end in .yaml",
                               "ignored: schema files end in .yaml", rel,
                               severity="warning"))


def _compile(root: Path, report: Report) -> dict[str, str] | None:
    _warn_ignored(root, report)
    try:
        outputs = memo.compile_project(root, _compile_now)
    except SchemaError as exc:
        report.diagnostics(exc.diagnostics)
        n = len(exc.diagnostics)
        report.fail(f"cfgc: {n} schema error{'s' if n != 1 else ''}; nothing written")
        return None
    return outputs


def _guide(root: Path) -> dict[str, str]:
    """The schema guide with its key reference renewed from the description of the
    language (the guide is an input of the compile: memo.READ_FILES)."""
    from .back import language_docs

    path = root / language_docs.GUIDE
    if not path.is_file():
        return {}
    text = language_docs.splice(path.read_text(encoding="utf-8"))
    return {} if text is None else {language_docs.GUIDE: text}


def _compile_now(root: Path) -> tuple[dict[str, str], tuple[str, ...]]:
    """The whole compile, and the folders of Python it read besides cfgc's own (imported
    here: a remembered compile needs none of it)."""
    from . import pipeline

    releases = pipeline.load_releases(root)
    res = releases[0]
    folders = (res.schema.hooks_path, *(lib.path for lib in res.schema.libraries))
    return {**pipeline.build_releases(releases), **_guide(root)}, folders


GENERATED = GENERATED_DIR + "/"


def _import_problem(outputs: dict[str, str], report: Report) -> bool:
    """Report why the generated package would not import (checked in a subprocess)."""
    for rel in sorted(outputs):
        parts = rel.split("/")
        if rel.startswith(GENERATED) and len(parts) == 3 and parts[2] == "__init__.py":
            problem = import_check.problem(outputs, GENERATED, parts[1])
            if problem:
                report.problem(Problem(f"cfgc: {problem}; nothing written", problem))
                return True
    return False


def generate(root: Path, report: Report, quiet: bool = False,
             only_changes: bool = False) -> int:
    """One `cfgc generate`: 0 when the tree is up to date afterwards, else 1. With
    `only_changes` (--watch) a run that wrote nothing prints nothing."""
    start = time.perf_counter()
    done = files.recover(root, OWNED_DIRS)
    if done and not quiet:
        report.info(f"cfgc: {done}")
    outputs = _compile(root, report)
    if outputs is None:
        return 1
    p = files.plan(root, outputs, OWNED_DIRS)
    if import_check.needed(p.changed, GENERATED) and _import_problem(outputs, report):
        return 1
    files.write_atomically(root, outputs, p)
    if not quiet:
        for rel in p.changed:
            report.info(f"wrote {rel}")
        for rel in p.removed:
            report.info(f"removed {rel}")
        if p.changed or p.removed or not only_changes:
            ms = (time.perf_counter() - start) * 1000
            report.info(f"cfgc: {len(p.changed)} written, {len(p.removed)} removed, "
                        f"{p.unchanged} unchanged ({ms:.0f} ms)")
    return 0


def cmd_generate(root: Path, quiet: bool, fmt: str = "text") -> int:
    report = Report(fmt)
    status = generate(root, report, quiet)
    report.finish()
    return status


def cmd_check(root: Path, fmt: str = "text") -> int:
    report = Report(fmt)
    status = _check(root, report)
    report.finish()
    return status


def _check(root: Path, report: Report) -> int:
    outputs = _compile(root, report)
    if outputs is None:
        return 1
    p = files.plan(root, outputs, OWNED_DIRS)
    left = files.leftovers(root, OWNED_DIRS)
    if not p.changed and not p.removed and not left:
        if _import_problem(outputs, report):
            return 1
        report.info(f"cfgc: {len(outputs)} generated files up to date")
        return 0
    for rel in p.changed:
        report.problem(Problem(f"stale: {rel}", "stale: `cfgc generate` would change it",
                               rel))
    for rel in p.removed:
        report.problem(Problem(f"stale (no longer generated): {rel}",
                               "stale: no longer generated; `cfgc generate` removes it", rel))
    for rel in left:
        report.problem(Problem(f"left by an interrupted generate: {rel}",
                               "left by an interrupted generate; `cfgc generate` "
                               "completes or undoes it", rel))
    report.fail("cfgc: generated files are out of date; run `cfgc generate`")
    return 1


def cmd_diff(root: Path, ref: str, fmt: str) -> int:
    from . import diff  # only this command needs it

    try:
        from . import pipeline

        new = pipeline.load(root)
    except SchemaError as exc:
        for diag in exc.diagnostics:
            print(diag, file=sys.stderr)
        print("cfgc diff: the working tree's schema has errors", file=sys.stderr)
        return 1
    return diff.run(root, ref, fmt, new)


def cmd_release_diff(root: Path, before: str | None, after: str | None, fmt: str) -> int:
    """What the schema says changes between two of its releases (the facts of the
    generated upgrading page): 0, or 2 for a release it does not list."""
    import json

    from . import pipeline

    try:
        releases = pipeline.load_releases(root)
    except SchemaError as exc:
        for diag in exc.diagnostics:
            print(diag, file=sys.stderr)
        print("cfgc diff: the working tree's schema has errors", file=sys.stderr)
        return 1
    listed = releases[0].schema.releases
    for flag, name in (("--from-release", before), ("--to-release", after)):
        if name not in listed:
            print(f"cfgc diff: {flag}: {name!r} is not a release of the schema (one of: "
                  f"{', '.join(listed) or 'none'})", file=sys.stderr)
            return EXIT_USAGE
    lo, hi = listed.index(before), listed.index(after)
    if lo >= hi:
        print("cfgc diff: --to-release must be a later release than --from-release",
              file=sys.stderr)
        return EXIT_USAGE
    records = [c for c in releases[0].release_changes
               if lo < listed.index(c.release) <= hi]
    if fmt == "json":
        print(json.dumps([vars(c) for c in records], indent=2))
        return 0
    for c in records:
        what = {"added": "added", "removed": "removed", "default": "default",
                "cache_key": "cache key", "choices": "allowed values"}[c.kind]
        values = f": {c.old} -> {c.new}" if c.kind in ("default", "cache_key") else ""
        if c.kind == "choices":
            values = ": " + "; ".join(([f"+{c.new}"] if c.new else [])
                                      + ([f"-{c.old}"] if c.old else []))
        note = f" ({c.note})" if c.note else ""
        print(f"{c.release}: {what}: {c.subject}{values}{note}")
    print(f"cfgc diff {before}..{after}: {len(records)} changes")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="cfgc",
        description="Compile schema/*.yaml into the generated config package "
        "(generated/), its reference docs (docs/reference/) and CLI tables.",
    )
    parser.add_argument("--root", type=Path, default=None,
                        help="project root (default: nearest directory with schema/)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    gen = sub.add_parser("generate", help="write every generated file whose content changed")
    gen.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    gen.add_argument("--watch", action="store_true",
                     help="stay running: regenerate whenever a schema file, hook or kernel "
                          "source is saved, printing only what changed and any errors")
    chk = sub.add_parser("check", help="exit 1, listing each stale file, if `generate` would "
                                       "change anything")
    for p in (gen, chk):
        p.add_argument("--format", choices=FORMATS, default="text",
                       help="how problems are printed: text (file:line:col: message, the "
                            "default), json (an array of {file, line, column, message, "
                            "suggestion, severity} on stdout) or github (workflow "
                            "annotations)")
    dif = sub.add_parser("diff", help="what the schema changed since a git ref: breaking "
                                      "changes (exit 1 unless declared), cache-key changes")
    dif.add_argument("--against", default="HEAD", metavar="REF",
                     help="git ref to compare the working tree's schema with (default HEAD)")
    dif.add_argument("--format", choices=("human", "json"), default="human")
    dif.add_argument("--from-release", metavar="RELEASE",
                     help="instead of a git ref: what changes between two releases the "
                          "schema describes (with --to-release)")
    dif.add_argument("--to-release", metavar="RELEASE")
    args = parser.parse_args(argv)
    root = args.root.resolve() if args.root else find_root(Path.cwd().resolve())
    if root is None or not (root / "schema").is_dir():  # --root needs only schema/
        where = f"{root} (no schema/)" if root is not None else (
            "this directory or any parent (needs schema/ and pyproject.toml)")
        print(f"cfgc: error: no cfgc project in {where}; run in a project or pass --root",
              file=sys.stderr)
        return EXIT_USAGE
    try:
        return _dispatch(args, root)
    except OSError as exc:  # a full disk, a path that is a directory, a symlink loop
        name = f" {exc.filename}" if exc.filename else ""
        report = Report(args.format if args.command in ("generate", "check") else "text")
        report.problem(Problem(f"cfgc: error:{name}: {exc.strerror or exc}",
                               str(exc.strerror or exc),
                               str(exc.filename) if exc.filename else None))
        report.finish()
        return 1


def _dispatch(args: argparse.Namespace, root: Path) -> int:
    if args.command == "diff" and (args.from_release or args.to_release):
        return cmd_release_diff(root, args.from_release, args.to_release, args.format)
    if args.command == "diff":
        return cmd_diff(root, args.against, args.format)
    if args.command == "generate" and args.watch:
        from . import watch

        return watch.run(root, generate, args.format)
    if args.command == "generate":
        return cmd_generate(root, args.quiet, args.format)
    return cmd_check(root, args.format)


if __name__ == "__main__":
    sys.exit(main())
