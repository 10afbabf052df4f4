"""The history of vLLM's config surface across every release whose facts are recorded.

    python tools/release_history.py            # writes tests/facts/releases/history.json
    python tools/release_history.py --check    # exit 1 if history.json is out of date

Reads each release folder under tests/facts/releases/ (written by
tools/extract_release_facts.py; releases in version order) and writes, for every

* config class: its presence, and per field its presence, whether it is a constructor
  argument, kind, type, default, choices, hash verdict and constraints; per public
  method or property (public_api.json) its presence; the annotation as written (which
  names a type alias where the source uses one);
* engine flag: presence, aliases, negations, choices, default, deprecation, and the
  config field it sets;
* enum: presence, and per member its presence and value;
* environment variable of vllm.envs: presence, declared type, default;
* IR op: presence, and each platform's default provider list per setup
  (`cuda/inductor_compile`, ...);

the value in each release, as run-lengths over consecutive releases: a mapping from a
range of releases (`"0.25.1..0.28.0"`, or one release) to the value that holds in it,
e.g. `{"0.25.1..0.28.0": 2048, "0.29.0..0.33.0": 8192}`. Releases where the entry is
absent are left out of its attribute runs (its `presence` says where it is). A
config-valued default is kept as its class name (the nested class has its own history),
an enum member among choices by its name (the enum's own history has its value), and
a random id in an environment default (drawn at import) as `<random>`.

Standard library only; tests/test_release_facts.py checks that the file is up to date.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import sys
from pathlib import Path
from typing import Any

RELEASES_DIR = Path(__file__).resolve().parent.parent / "tests" / "facts" / "releases"
VERSION = re.compile(r"\d+(\.\d+)*")
#: Random ids vLLM draws at import for a default (a uuid4's hex, or 16 random bytes in
#: URL-safe base64 after `vllm_mm_`): the same release gives another one every run.
_RANDOM_ID = re.compile(r"[0-9a-f]{32}|(?<=vllm_mm_)[A-Za-z0-9_-]{22}")
ABSENT = object()


def release_dirs(root: Path = RELEASES_DIR) -> list[Path]:
    """Every release folder under `root`, oldest first."""
    dirs = [d for d in root.iterdir()
            if d.is_dir() and VERSION.fullmatch(d.name) and (d / "config_classes.json").is_file()]
    return sorted(dirs, key=lambda d: tuple(int(p) for p in d.name.split(".")))


def runs(releases: list[str], values: dict[str, Any]) -> dict[str, Any]:
    """Run-lengths of `values` (release -> value; a release missing from it breaks a run)."""
    out: dict[str, Any] = {}
    start = end = None
    current: Any = ABSENT
    for release in [*releases, None]:
        value = values.get(release, ABSENT) if release is not None else ABSENT
        if start is not None and (value is ABSENT or value != current):
            out[start if start == end else f"{start}..{end}"] = current
            start = None
        if value is not ABSENT and start is None:
            start, current = release, value
        if value is not ABSENT:
            end = release
    return out


def expand(releases: list[str], spans: dict[str, Any] | None) -> dict[str, Any]:
    """The inverse of `runs`: release -> value for every release a span covers."""
    out: dict[str, Any] = {}
    for span, value in (spans or {}).items():
        first, _, last = span.partition("..")
        i, j = releases.index(first), releases.index(last or first)
        for release in releases[i:j + 1]:
            out[release] = value
    return out


def _default(field: dict) -> Any:
    default = field.get("default", {})
    if "value" in default:
        value = default["value"]
        if isinstance(value, dict) and "config" in value:
            return {"config": value["config"]}
        return value
    return {"kind": default.get("kind")}


def _choices(choices: list | None) -> list | None:
    """Sorted choices; an enum member by its name (the enum's history has its value)."""
    if choices is None:
        return None
    plain = [v["name"] if isinstance(v, dict) and "enum" in v else v for v in choices]
    return sorted(plain, key=lambda v: json.dumps(v, sort_keys=True))


def _flag_default(value: Any) -> Any:
    """A JSON flag's default config by its class (its fields have their own history)."""
    if isinstance(value, dict) and "config" in value:
        return {"config": value["config"]}
    return value


FIELD_ATTRS = {
    "kind": lambda f, cls: f["kind"],
    "annotation": lambda f, cls: f.get("annotation"),  # as written: names type aliases
    "constructor": lambda f, cls: f["name"] in cls.get("constructor_fields", []),
    "type": lambda f, cls: f.get("type"),
    "default": lambda f, cls: _default(f),
    "choices": lambda f, cls: _choices(f.get("choices")),
    "hash": lambda f, cls: f.get("hash"),
    "constraints": lambda f, cls: f.get("constraints"),
}
FLAG_ATTRS = {
    "aliases": lambda f: f.get("aliases", []),
    "negations": lambda f: sorted(f.get("negations") or []),
    "choices": lambda f: _choices(f.get("choices")),
    "default": lambda f: _flag_default(f.get("default")),
    "deprecated": lambda f: f.get("deprecated"),
    # The class alone where the flag sets no one field of its group (group only).
    "config": lambda f: (".".join(p for p in (f["config"]["class"], f["config"]["field"]) if p)
                         if f.get("config") else None),
}


def _attr_history(releases: list[str], per_release: dict[str, dict],
                  attrs: dict[str, Any], *extra) -> dict[str, Any]:
    """presence plus one run-length mapping per attribute of an entry."""
    out: dict[str, Any] = {"presence": runs(releases, {r: r in per_release for r in releases})}
    for name, read in attrs.items():
        out[name] = runs(releases, {r: read(entry, *(e[r] for e in extra))
                                    for r, entry in per_release.items()})
    return out


def _load(folder: Path, name: str) -> dict:
    path = folder / name
    return json.loads(path.read_text()) if path.is_file() else {}


def build(dirs: list[Path]) -> dict:
    releases = [d.name for d in dirs]
    classes = {d.name: _load(d, "config_classes.json") for d in dirs}
    flags = {d.name: {f["flag"]: f for f in _load(d, "engine_flags.json").get("flags", [])}
             for d in dirs}
    api = {d.name: _load(d, "public_api.json").get("classes", {}) for d in dirs}
    envs = {d.name: _load(d, "envs.json").get("variables", {}) for d in dirs}
    ir_ops = {d.name: _load(d, "ir_ops.json") for d in dirs}

    out_classes: dict[str, Any] = {}
    for cname in sorted({c for r in releases for c in classes[r]["classes"]}):
        present = {r: classes[r]["classes"][cname] for r in releases
                   if cname in classes[r]["classes"]}
        entry: dict[str, Any] = {
            "presence": runs(releases, {r: r in present for r in releases}),
            "scope": runs(releases, {r: c["scope"] for r, c in present.items()}),
            "fields": {}, "methods": {}}
        names = sorted({f["name"] for c in present.values() for f in c["fields"]})
        for fname in names:
            per = {r: next(f for f in c["fields"] if f["name"] == fname)
                   for r, c in present.items() if any(f["name"] == fname for f in c["fields"])}
            entry["fields"][fname] = _attr_history(releases, per, FIELD_ATTRS, present)
        methods = sorted({m["name"] for r in releases for m in api[r].get(cname, [])})
        for mname in methods:
            per = {r: next(m for m in api[r][cname] if m["name"] == mname) for r in releases
                   if any(m["name"] == mname for m in api[r].get(cname, []))}
            entry["methods"][mname] = _attr_history(
                releases, per, {"kind": lambda m: m.get("kind"),
                                "params": lambda m: m.get("params")})
        out_classes[cname] = entry

    out_flags = {}
    for flag in sorted({f for r in releases for f in flags[r]}):
        per = {r: flags[r][flag] for r in releases if flag in flags[r]}
        out_flags[flag] = _attr_history(releases, per, FLAG_ATTRS)

    out_enums: dict[str, Any] = {}
    for ename in sorted({e for r in releases for e in classes[r].get("enums", {})}):
        present = {r: classes[r]["enums"][ename] for r in releases
                   if ename in classes[r].get("enums", {})}
        members: dict[str, Any] = {}
        for mname in sorted({m["name"] for e in present.values() for m in e["members"]}):
            per = {r: next(m for m in e["members"] if m["name"] == mname)
                   for r, e in present.items() if any(m["name"] == mname for m in e["members"])}
            members[mname] = _attr_history(releases, per, {"value": lambda m: m.get("value")})
        out_enums[ename] = {"presence": runs(releases, {r: r in present for r in releases}),
                            "members": members}

    out_envs = {}
    for name in sorted({v for r in releases for v in envs[r]}):
        per = {r: envs[r][name] for r in releases if name in envs[r]}
        out_envs[name] = _attr_history(releases, per, {
            "declared": lambda v: v.get("declared"),
            "default": lambda v: (_RANDOM_ID.sub("<random>", v["default"])
                                  if isinstance(v.get("default"), str) else v.get("default"))})

    out_ir: dict[str, Any] = {}
    for op in sorted({o for r in releases for o in ir_ops[r].get("ops", [])}):
        entry = {"presence": runs(releases, {r: op in ir_ops[r].get("ops", [])
                                             for r in releases})}
        setups = sorted({(plat, setup) for r in releases
                         for plat, by_setup in ir_ops[r].get("platform_defaults", {}).items()
                         for setup, prio in by_setup.items() if isinstance(prio, dict)})
        for plat, setup in setups:
            values = {r: ir_ops[r]["platform_defaults"][plat][setup][op] for r in releases
                      if op in ir_ops[r].get("platform_defaults", {}).get(plat, {})
                      .get(setup, {})}
            entry[f"{plat}/{setup}"] = runs(releases, values)
        out_ir[op] = entry

    return {
        "about": "The value of every recorded fact in each vLLM release, as run-lengths over "
                 "consecutive releases (range of releases -> value), written by "
                 "tools/release_history.py from the release folders beside this file. "
                 "Do not edit by hand.",
        "releases": releases,
        "classes": out_classes,
        "flags": out_flags,
        "enums": out_enums,
        "envs": out_envs,
        "ir_ops": out_ir,
    }


def render(history: dict) -> str:
    # Not sort_keys: run-length keys stay in release order.
    return json.dumps(history, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--facts", type=Path, default=RELEASES_DIR,
                    help="the folder of release facts (default tests/facts/releases)")
    ap.add_argument("-o", "--output", type=Path,
                    help="where to write (default FACTS/history.json)")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when the file differs from what the facts give")
    args = ap.parse_args(argv)
    if not args.facts.is_dir():
        sys.exit(f"release_history: no folder {args.facts}")
    dirs = release_dirs(args.facts)
    if not dirs:
        sys.exit(f"release_history: no release facts under {args.facts} "
                 "(tools/extract_release_facts.py --out FACTS/RELEASE makes them)")
    out = args.output or args.facts / "history.json"
    text = render(build(dirs))
    if args.check:
        if not out.is_file() or out.read_text() != text:
            print(f"release_history: {out} is out of date; run tools/release_history.py",
                  file=sys.stderr)
            return 1
        print(f"{out}: up to date ({len(dirs)} releases)")
        return 0
    out.write_text(text)
    print(f"wrote {out} ({', '.join(d.name for d in dirs)})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
