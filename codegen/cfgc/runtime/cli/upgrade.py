"""`vllm-config upgrade`: carry a command line or a `--config` file from one vLLM release
to another, and say what changes.

    vllm-config upgrade [--from R] --to R [--format text|json] [--keep-behaviour] -- ARGV...
    vllm-config upgrade [--from R] --to R [--format text|json] [--keep-behaviour]
                        serve.yaml [-o out.yaml]

Everything comes from the package's release history (`releases.json`: each removal's
fate, written next to the entry in the schema) and each release's flag table
(`cli_manifest.json`); nothing is a table in this module. For each flag given:

- the target release has it: kept (a value it no longer accepts is a problem);
- its field was renamed: the new field's flag;
- the flag was renamed, the field kept: the field's new flag;
- the field was dropped or replaced: dropped when the value given is the old default
  (the target does the same without it), else a problem naming the reason.

Both releases then resolve the command line (each in its own process, as `show` does)
to report defaults that changed under it and the cache-key factors that differ;
`--keep-behaviour` pins the old value of each such default where the target has a flag.
Exit status: 0 clean, 1 something could not be carried over, 2 bad input.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .values import CliError

USAGE = ("usage: {prog} upgrade [--from RELEASE] --to RELEASE [--format text|json] "
         "[--keep-behaviour] (-- ARGV... | FILE.yaml [-o OUT.yaml])")
EXIT_PROBLEM = 1
#: Flags of the command itself, carried over as they are.
_OWN = {"--config", "--format", "--platform", "--allow-remote-code"}


@dataclass
class Change:
    kind: str  # kept_value_refused, renamed, flag_renamed, dropped, removed, default_changed
    flag: str
    old: object = None
    new: object = None
    why: str = ""
    problem: bool = False

    def as_dict(self) -> dict:
        return {"kind": self.kind, "flag": self.flag, "old": self.old, "new": self.new,
                "why": self.why, "problem": self.problem}


@dataclass
class Release:
    """One release's flag table, from its cli_manifest.json."""

    name: str
    flags: dict[str, dict]  # every spelling (name, alias, negation) -> its flag
    by_target: dict[str, dict] = field(default_factory=dict)  # Class.field -> flag
    #: Class.field -> {value as written: why it means something else in this release}
    meaning_changed: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, name: str, folder: Path) -> Release:
        manifest = json.loads((folder / "cli_manifest.json").read_text())
        history = json.loads((folder / "releases.json").read_text())
        flags: dict[str, dict] = {}
        by_target: dict[str, dict] = {}
        for flag in manifest["flags"]:
            for spelling in (flag["name"], *flag["aliases"], *flag["negations"]):
                flags[spelling] = flag
            by_target.setdefault(flag["target"], flag)
        return cls(name, flags, by_target, history.get("meaning_changed", {}))


def package_root(table: object) -> Path:
    """The default release's package folder (the table may be another release's)."""
    here = Path(table.__file__).resolve().parent
    return here.parents[1] if here.parent.name == "_releases" else here


def read_history(table: object) -> tuple[dict, Path]:
    root = package_root(table)
    try:
        return json.loads((root / "releases.json").read_text()), root
    except OSError:
        raise CliError("upgrade: this package describes one release; there is nothing "
                       "to upgrade to") from None


# --- arguments ------------------------------------------------------------------------


@dataclass
class Args:
    source: str
    target: str
    fmt: str = "text"
    keep: bool = False
    argv: list[str] | None = None
    file: str | None = None
    out: str | None = None
    prog: str = "vllm-config"  # for the error lines


def arguments(argv: list[str], history: dict) -> Args | None:
    releases = history["releases"]
    opts: dict[str, str] = {}
    keep, rest = False, None
    file = out = None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest = argv[i + 1:]
            break
        if arg in ("-h", "--help"):
            return None
        if arg == "--keep-behaviour":
            keep, i = True, i + 1
            continue
        name, eq, value = arg.partition("=")
        if name in ("--from", "--to", "--format", "-o", "--output"):
            if not eq:
                if i + 1 >= len(argv):
                    raise CliError(f"upgrade: {name} needs a value")
                value, i = argv[i + 1], i + 1
            opts[name] = value
            i += 1
            continue
        if arg.startswith("-"):
            raise CliError(f"upgrade: unknown option {arg!r} (the command line to upgrade "
                           f"goes after --)")
        if file is not None:
            raise CliError("upgrade: one config file at a time")
        file, i = arg, i + 1
    out = opts.get("-o") or opts.get("--output")
    for name in ("--from", "--to"):
        if name in opts and opts[name] not in releases:
            raise CliError(f"upgrade: {name}: invalid choice: {opts[name]!r} (choose from "
                           f"{', '.join(releases)})")
    if "--to" not in opts:
        raise CliError(f"upgrade: --to is required (one of {', '.join(releases)})")
    fmt = opts.get("--format", "text")
    if fmt not in ("text", "json"):
        raise CliError(f"upgrade: --format: invalid choice: {fmt!r} (choose from text, json)")
    if (rest is None) == (file is None):
        raise CliError("upgrade: give either a config file or `-- ARGV...`")
    if out is not None and file is None:
        raise CliError("upgrade: -o goes with a config file")
    return Args(opts.get("--from", history["default"]), opts["--to"], fmt, keep, rest,
                file, out)


# --- carrying flags over ---------------------------------------------------------------


#: One flag as given: its option (as typed, without a value), its values, and the
#: command-line tokens it was written as (kept as they are when nothing changes).
Given = tuple[str, list[str], list[str]]


def split_flags(argv: list[str], release: Release) -> list[Given]:
    """The command line as flags with their values, by the source release's flags."""
    groups: list[Given] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if not token.startswith("-") or token == "-":
            raise CliError(f"upgrade: unexpected value {token!r} (not after a flag)")
        name, eq, inline = token.partition("=")
        if (name not in release.flags and not name.startswith("--") and len(name) > 2
                and name[:2] in release.flags):
            name, eq, inline = name[:2], "=", token[2:]  # a glued short option: -O1
        base = name.split(".", 1)[0] if name not in release.flags else name
        flag = release.flags.get(base)
        if flag is None and base not in _OWN:
            raise CliError(f"upgrade: {name}: not a flag of vLLM {release.name}")
        values: list[str] = [inline] if eq else []
        start = i
        i += 1
        takes = 0 if flag is not None and flag["kind"] in ("bool", "enable") else (
            -1 if flag is not None and flag["nargs"] in ("+", "*") else 1)
        if flag is not None and name != flag["name"] and name in flag["negations"]:
            takes = 0
        if base == "--allow-remote-code":
            takes = 0
        while not eq and takes and i < len(argv) and not _is_option(argv[i]):
            values.append(argv[i])
            i += 1
            takes -= 1
        groups.append((name, values, argv[start:i]))
    return groups


def _is_option(token: str) -> bool:
    if not token.startswith("-") or token == "-":
        return False
    try:
        float(token)  # a negative number is a value
        return False
    except ValueError:
        return True


def carry(groups: list[Given], source: Release, target: Release,
          fates: dict[str, dict]) -> tuple[list[str], list[Change]]:
    """The command line for the target release, and what changed on the way. A flag the
    target has for the same field is kept as typed; whether the target accepts its value
    is for the target's own parser (see finish)."""
    out: list[str] = []
    changes: list[Change] = []
    for name, values, tokens in groups:
        base = name.split(".", 1)[0] if name not in source.flags else name
        flag = source.flags.get(base)
        if flag is None:  # an option of the command itself
            out += tokens
            continue
        negated = base in flag["negations"]
        shown = " ".join(tokens)
        if base in target.flags and target.flags[base]["target"] == flag["target"]:
            out += tokens
            why = target.meaning_changed.get(flag["target"], {}).get(" ".join(values))
            if why:  # accepted, but it now asks for something else
                changes.append(Change("meaning_changed", base, shown, shown,
                                      f"in vLLM {target.name}: {why}", problem=True))
            continue
        subject = flag["target"]
        fate = fates.get(subject)
        replacement = None
        if fate is not None and fate["kind"] == "renamed_to":
            replacement = target.by_target.get(fate["target"])
        elif fate is None:
            replacement = target.by_target.get(subject)  # the flag renamed, the field kept
        if replacement is not None:
            spelling = _spelling(replacement, negated)
            renamed = [tokens[0].replace(base, spelling, 1), *tokens[1:]]
            kind = "renamed" if fate is not None else "flag_renamed"
            why = (f"{subject} is {replacement['target']} in vLLM {target.name}"
                   if fate is not None else f"vLLM {target.name} spells it {spelling}")
            changes.append(Change(kind, base, shown, " ".join(renamed), why))
            out += renamed
            continue
        reason = _fate_reason(fate, target)
        if fate is None and base in target.flags:  # the spelling stays, its field does not
            moved = target.flags[base]
            reason = (f"vLLM {target.name} still takes {base}, but it sets "
                      f"{moved['target']} there, not {subject}"
                      + (f" ({moved['deprecated']})" if moved.get("deprecated") else ""))
        if _is_default(flag, negated, values):
            changes.append(Change("dropped", base, shown, None,
                                  f"{reason}; the value given was the default, so "
                                  f"vLLM {target.name} does the same without it"))
            continue
        changes.append(Change("removed", base, shown, None, reason, problem=True))
    return out, changes


def _spelling(flag: dict, negated: bool) -> str:
    if negated and flag["negations"]:
        return flag["negations"][0]
    return flag["name"]


def _fate_reason(fate: dict | None, target: Release) -> str:
    if fate is None:
        return f"vLLM {target.name} has no such flag, and the schema declares no fate for it"
    if fate["kind"] == "replaced_by":
        how = f" ({fate['convert']})" if fate.get("convert") else ""
        return f"removed in {fate['removed_in']}; replaced by {fate['target']}{how}"
    return f"removed in {fate['removed_in']}: {fate['target']}"


def _is_default(flag: dict, negated: bool, values: list[str]) -> bool:
    default = str(flag.get("default", ""))
    if flag["kind"] in ("bool", "enable"):
        given = "false" if negated else (values[0].lower() if values else "true")
        return given == default.lower()
    return " ".join(values) == default


# --- resolving under both releases -----------------------------------------------------


class Rejected(Exception):
    """A release's own parser or rules refuse the command line (its one-line reason)."""


def resolve(package: str, release: str, argv: list[str], command: str = "show") -> dict:
    """`vllm-config --release R show|hash --format json ARGV` in a child process."""
    proc = subprocess.run([sys.executable, "-m", package, command, "--format", "json",
                           *argv], env={**os.environ, "CFGC_RELEASE": release},
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        errors = [line for line in proc.stderr.splitlines() if ": error: " in line]
        raise Rejected((errors or proc.stderr.strip().splitlines() or ["failed"])[-1]
                       .split(": error: ", 1)[-1])
    return json.loads(proc.stdout)


def default_changes(before: dict, again: dict, after: dict, given: set[str],
                    target: Release) -> list[Change]:
    """Values of fields the command line did not set that resolve differently (leaving
    out values that differ between two builds of the same release: an instance id)."""
    changes = []
    for section, data in before.items():
        if section not in after or section == "EngineArgs":
            continue
        cls = data["class"]
        new_values = after[section]["values"]
        same_again = again.get(section, {}).get("values", {})
        for key, old in data["values"].items():
            if key not in new_values or new_values[key] == old or same_again.get(key) != old:
                continue
            if isinstance(old, str) and old.startswith("<") and old.endswith(">"):
                continue  # a nested config: its own fields are compared
            subject = f"{cls}.{key}"
            flag = target.by_target.get(subject)
            if subject in given:  # the line set it, and the target makes it something else
                changes.append(Change("setting_changed", flag["name"] if flag else subject,
                                      old, new_values[key],
                                      f"{section}.{key} is set by the line but resolves to "
                                      f"{new_values[key]!r} in vLLM {target.name}, not "
                                      f"{old!r}", problem=True))
                continue
            changes.append(Change("default_changed", flag["name"] if flag else subject,
                                  old, new_values[key],
                                  f"{section}.{key} resolves differently in vLLM "
                                  f"{target.name}"))
    return changes


def pin(changes: list[Change], target: Release) -> list[str]:
    """Flags that keep the old values of changed defaults (where the target has one)."""
    out: list[str] = []
    for change in changes:
        if change.kind != "default_changed" or change.flag not in target.flags:
            continue
        flag = target.flags[change.flag]
        value = change.old
        if flag["kind"] in ("bool", "enable"):
            spelling = flag["name"] if value else (flag["negations"] or [None])[0]
            if spelling is None:
                continue
            out.append(spelling)
        elif value is None:
            out += [flag["name"], "None"]
        elif isinstance(value, dict | list):
            out += [flag["name"], json.dumps(value)]
        else:
            out += [flag["name"], str(value)]
        change.why += "; pinned to the old value (--keep-behaviour)"
    return out


def factor_changes(before: dict, after: dict) -> list[str]:
    """The cache-key factors whose values differ, by root (the first root's unprefixed):
    the parts of the key that move."""
    out: list[str] = []
    for i, (root, data) in enumerate(before.items()):
        old = data.get("factors") if isinstance(data, dict) else None
        new = after.get(root, {}).get("factors")
        if not isinstance(old, dict) or not isinstance(new, dict):
            continue
        prefix = "" if i == 0 else f"{root}."
        out += sorted(prefix + k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return out


# --- finishing: both releases resolve the result ------------------------------------


def given_subjects(groups: list[Given], source: Release) -> set[str]:
    subjects = set()
    for name, _, _ in groups:
        flag = source.flags.get(name.split(".", 1)[0]) or source.flags.get(name)
        if flag is not None:
            subjects.add(flag["target"])
    return subjects


def finish(args: Args, package: str, source: Release, target: Release, old_argv: list[str],
           new_argv: list[str], groups, changes: list[Change], result) -> int:
    """Resolve both sides, report changed defaults and the cache key, print, exit."""
    impact: list[str] = []
    extra: list[str] = []
    try:
        before = resolve(package, source.name, old_argv)
    except Rejected as exc:
        raise CliError(f"upgrade: vLLM {source.name} itself rejects the input: {exc}") \
            from None
    try:
        after = resolve(package, target.name, new_argv)
    except Rejected as exc:  # a value or combination the target no longer accepts
        changes.append(Change("rejected", "", None, None,
                              f"vLLM {target.name} rejects the upgraded input: {exc}",
                              problem=True))
    else:
        again = resolve(package, source.name, old_argv)
        changes += default_changes(before, again, after, given_subjects(groups, source),
                                   target)
        extra = pin(changes, target) if args.keep else []
        hashed_before = resolve(package, source.name, old_argv, "hash")
        hashed_after = resolve(package, target.name, new_argv + extra, "hash")
        impact = factor_changes(hashed_before, hashed_after)
    data = result(extra)
    problems = [c for c in changes if c.problem]
    if args.fmt == "json":
        sys.stdout.write(json.dumps({**data, "from": source.name, "to": target.name,
                                     "changes": [c.as_dict() for c in changes],
                                     "cache_key_factors_changed": impact},
                                    indent=2, default=str) + "\n")
    else:
        if "argv" in data:
            sys.stdout.write(shlex.join(data["argv"]) + "\n")
        for c in changes:
            if not c.problem:
                what = f"{c.old} -> {c.new}" if c.kind != "dropped" else f"{c.old} dropped"
                print(f"note: {c.kind}: {c.flag}: {what} ({c.why})", file=sys.stderr)
        if impact:
            print(f"note: cache key: factors that change: {', '.join(impact)}",
                  file=sys.stderr)
    for c in problems:
        print(f"{args.prog} upgrade: error: {c.flag + ': ' if c.flag else ''}{c.why}",
              file=sys.stderr)
    return EXIT_PROBLEM if problems else 0

