"""`vllm-config explain FLAG|FIELD_PATH` and `vllm-config schema`.

Both read a file the compiler wrote next to the flag table (explain.json,
config_schema.json): no argparse, no pydantic, no config class, so they answer in the
time it takes to start Python.
"""

from __future__ import annotations

import json
import os

from .releases import history_folder
from .values import CliError

EXPLAIN_USAGE = ("usage: {prog} explain FLAG|FIELD_PATH [--format text|json] "
                 "[--platform NAME]\n  --platform: also show the value the field resolves "
                 "to with no flags on that platform")
SCHEMA_USAGE = "usage: {prog} schema  (the JSON Schema of --config files, on stdout)"


def data_file(table: object, name: str) -> str:
    return os.path.join(os.path.dirname(table.__file__), name)


# ------------------------------------------------------------ history across releases

HISTORY_FILE = "explain_history.json"


def load_history(table: object) -> dict | None:
    """The history of fields and flags across the package's releases (in the default
    release's folder, whichever release `table` is), or None for a package of one
    release."""
    try:
        with open(os.path.join(history_folder(table), HISTORY_FILE), encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise CliError(f"cannot read {HISTORY_FILE} of the generated package ({exc}); "
                       "run cfgc generate") from None


def _span(run: list[str]) -> str:
    return run[0] if run[0] == run[1] else f"{run[0]} to {run[1]}"


def releases_of(history: dict, subject: str) -> str:
    """'0.28.0 to 0.33.0' (the releases `subject` exists in), or 'every release'."""
    runs = history["subjects"].get(subject, {}).get("in")
    if runs is None:
        return "every release"
    return ", ".join(_span(r) for r in runs) or "no release"


def entry_history(history: dict, entry: dict, release: str) -> dict:
    """What `explain` shows of an entry's history: for its flags and its field, the
    releases each exists in and its notes (without Markdown's backticks)."""
    subjects = [n for n in entry["flags"] if "." not in n
                and n in history["subjects"]] or [f for f in entry["flags"][:1]
                                                  if "." not in f]
    subjects.append(f"{entry['class']}.{entry['field']}")
    field = subjects[-1]
    out = []
    for subject in dict.fromkeys(subjects):
        found = history["subjects"].get(subject, {})
        notes = [n.replace("`", "") for n in found.get("notes", ())
                 if not n.endswith(f" with {field}")]  # the field's note says it
        out.append({"subject": subject, "in": releases_of(history, subject),
                    "notes": notes})
    return {"release": release, "releases": history["releases"], "subjects": out}


def history_lines(hist: dict, width: int) -> list[str]:
    """The `releases:` block of `explain`'s text."""
    import textwrap

    names = hist["releases"]
    changed = [item for item in hist["subjects"] if item["notes"]]
    lines = [f"  releases:        this is {hist['release']}, one of {len(names)} "
             f"({names[0]} to {names[-1]})" + ("" if changed else "; the same in all")]
    for item in changed:  # the notes say when it came and went
        text = f"{item['subject']}: " + "; ".join(item["notes"])
        lines += textwrap.wrap(text, width, initial_indent="    - ",
                               subsequent_indent=" " * 6)
    return lines


def not_in_release(history: dict | None, query: str, release: str) -> str:
    """'' or why `query` (a flag or Class.field) is not there: the releases that have it
    and how it changed, in one line."""
    if history is None:
        return ""
    q = _normalise(query)
    if q not in history["subjects"] and not q.startswith("-"):
        q = _normalise("--" + q)
    found = history["subjects"].get(q)
    if found is None or not found.get("in"):
        return ""
    where = releases_of(history, q)
    notes = "; ".join(n.replace("`", "") for n in found.get("notes", ()))
    newest = found["in"][-1][1]
    return (f"explain: {q} is not in vLLM {release} (it is in {where}"
            f"{': ' + notes if notes else ''}); try --release {newest}")


def load(table: object) -> dict:
    return json.loads(read(table, "explain.json"))


def _keys(entry: dict, qualify: bool) -> list[str]:
    """Every name the entry answers to: its path, Class.field, flags, --config keys."""
    out = [entry["path"], f"{entry['class']}.{entry['field']}", *entry["flags"]]
    return out + [k for k in entry["config_keys"] if qualify or "." not in k]


def _normalise(query: str) -> str:
    q = query.strip()
    if q.startswith("--"):
        head, dot, rest = q.partition(".")
        q = head.replace("_", "-") + dot + rest
    return q


def find(data: dict, query: str) -> dict:
    """The field `query` names, or a CliError naming the closest names."""
    q = _normalise(query)
    index: dict[str, dict] = {}
    for entry in data["fields"]:
        for key in _keys(entry, True):
            index.setdefault(key, entry)
    for candidate in (q, _normalise("--" + q) if not q.startswith("-") else ""):
        if candidate in index:
            return index[candidate]
    import difflib

    seen: dict[int, str] = {}  # one name per field: the closest
    for name in difflib.get_close_matches(q, list(index), n=12, cutoff=0.6):
        seen.setdefault(id(index[name]), name)
    match = list(seen.values())[:3]
    hint = f" (did you mean {' or '.join(match)}?)" if match else ""
    raise CliError(f"explain: no flag or config field {query!r}{hint}")


def render(entry: dict, width: int = 100) -> str:
    import textwrap

    names = [n for n in entry["flags"] if "." not in n] or [entry["path"]]
    head = f"{' / '.join(names)}  ({entry['path']}; {entry['class']}.{entry['field']})"
    lines = [head, ""]
    for para in entry["doc"].split("\n"):
        lines += textwrap.wrap(para, width - 2, initial_indent="  ",
                               subsequent_indent="  ") or [""]
    lines.append("")
    key = entry["cache_key"]
    rules = entry["rules"]
    dep = entry["deprecated"]
    facts = [
        ("type", entry["type"]),
        ("default", entry["default"]),
        ("allowed", ", ".join(entry["choices"]) + (" (or any string)"
                                                   if entry["open_choices"] else "")),
        ("optional", "yes (None allowed)" if entry["optional"] else ""),
        ("constraints", ", ".join(f"{k}={v!r}" for k, v in entry["constraints"].items())),
        ("validation", ", ".join(entry["validators"])),
        ("flags", ", ".join(entry["flags"]) or ("none: computed after construction"
                                                if not entry["settable"] else "none")),
        ("config keys", ", ".join(entry["config_keys"]) or "none"),
        ("environment", entry["env"] or "none"),
        ("cache key", ("yes: " if key["included"] else "no: ") + key["reason"]),
        ("hash factors", "; ".join(entry["hash_factors"])),
        ("rules", "" if rules else "none"),
        ("needs", entry["requires"]),
        ("deprecated", (dep["message"] + (f" Use {dep['replacement']} instead."
                                          if dep["replacement"] else "")) if dep else ""),
        ("engine supplies", entry["engine_supplied"]),
        ("resolved", (f"{entry['resolved']['value']!r} with no flags on the "
                      f"{entry['resolved']['platform']} platform") if "resolved" in entry
         else ""),
        ("releases", entry.get("releases")),
    ]
    for label, text in facts:
        if label == "releases" and text:
            lines += history_lines(text, width)
        elif text:
            lines += textwrap.wrap(str(text), width, initial_indent=f"  {label + ':':<17}",
                                   subsequent_indent=" " * 19) or [f"  {label}:"]
        elif label == "rules":  # one rule per item: they are long
            lines.append("  rules:")
            for rule in rules:
                lines += textwrap.wrap(rule, width, initial_indent="    - ",
                                       subsequent_indent=" " * 6)
    return "\n".join(lines) + "\n"


def platform_option(table: object, argv: list[str]) -> tuple[str | None, list[str]]:
    """(--platform NAME or None, the other arguments); an unknown name is one line."""
    names = getattr(table, "PLATFORMS", ())
    name, rest, i = None, [], 0
    while i < len(argv):
        tok = argv[i]
        if tok == "--platform" or tok.startswith("--platform="):
            name = tok.split("=", 1)[1] if "=" in tok else "".join(argv[i + 1:i + 2])
            i += 1 if "=" in tok else 2
            if name not in names:
                allowed = ", ".join(repr(n) for n in names) or "none in this schema"
                raise CliError(f"--platform: invalid choice: {name!r} (choose from {allowed})")
            continue
        rest.append(tok)
        i += 1
    return name, rest


def arguments(argv: list[str], usage: str) -> tuple[str, list[str]] | None:
    """(--format, the other arguments) of explain and diff; None after printing --help."""
    import sys

    fmt, rest, i = "text", [], 0
    while i < len(argv):
        tok = argv[i]
        if tok in ("-h", "--help"):
            sys.stdout.write(usage + "\n")
            return None
        if tok == "--format" or tok.startswith("--format="):
            fmt = tok.split("=", 1)[1] if "=" in tok else "".join(argv[i + 1:i + 2])
            i += 1 if "=" in tok else 2
            if fmt not in ("text", "json"):
                raise CliError(f"--format: expected text or json, not {fmt!r}")
            continue
        rest.append(tok)
        i += 1
    return fmt, rest


def resolved_default(table: object, entry: dict, platform: str) -> object:
    """The value `entry`'s field has with no flags on `platform` (None when its config
    is not built by default, e.g. an optional sub-config)."""
    from .build import build_configs, plain

    _, built = build_configs(table, ["--platform", platform], lambda *a, **k: None)
    path = entry["path"].split(".")
    if path[0] in built.roots:  # a secondary root is written first (EngineArgs.x)
        obj = built.roots[path.pop(0)]
    else:
        obj = built.roots[table.ROOTS[0]]
    for key in path:
        obj = getattr(obj, key, None)
    return plain(obj)


def read(table: object, name: str) -> str:
    try:
        with open(data_file(table, name), encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise CliError(f"cannot read {name} of the generated package ({exc.strerror}); "
                       f"run cfgc generate") from None


def main(table: object, command: str, argv: list[str], warn) -> int:
    import sys

    if command == "schema":
        if argv and argv[0] in ("-h", "--help"):
            sys.stdout.write(SCHEMA_USAGE.format(prog=table.PROG) + "\n")
            return 0
        if argv:
            raise CliError(f"schema takes no arguments, not {argv[0]!r}")
        sys.stdout.write(read(table, "config_schema.json"))
        return 0
    args = arguments(argv, EXPLAIN_USAGE.format(prog=table.PROG))
    if args is None:
        return 0
    fmt, queries = args
    platform, queries = platform_option(table, queries)
    if len(queries) != 1:
        raise CliError("explain: expected one flag or config field (e.g. --kv-cache-dtype "
                       "or cache_config.cache_dtype)" + (f", not {len(queries)}"
                                                        if queries else ""))
    try:
        entry = find(load(table), queries[0])
    except CliError:
        elsewhere = not_in_release(load_history(table), queries[0],
                                   getattr(table, "RELEASE", ""))
        if elsewhere:
            raise CliError(elsewhere) from None
        raise
    history = load_history(table)
    if history is not None:
        entry = {**entry, "releases": entry_history(history, entry,
                                                    getattr(table, "RELEASE", ""))}
    if platform is not None:
        entry = {**entry, "resolved": {"platform": platform,
                                       "value": resolved_default(table, entry, platform)}}
    if fmt == "json":
        sys.stdout.write(json.dumps(entry, indent=2, ensure_ascii=False) + "\n")
    else:
        import shutil

        sys.stdout.write(render(entry, min(shutil.get_terminal_size().columns, 100)))
    return 0
