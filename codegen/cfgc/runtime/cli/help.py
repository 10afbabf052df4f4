"""`--help`, `--help=all`, `--help=<group>` and `--help=<keyword>`, as vLLM shows them.

Help strings come pre-rendered from the generated table (paragraphs on their own lines,
defaults appended); this module only lays them out with argparse's formatter, sorted
by option string within each group.
"""

from __future__ import annotations

import argparse

from .values import suggest

DESCRIPTION = ("vLLM's engine flags, compiled from the schema: builds the configs they "
               "describe and prints them (show) or their cache key (hash), and tools to "
               "explain, compare and upgrade them.")
#: Every command, with its arguments and one line: what plain --help lists (the package
#: __init__'s COMMANDS and OPERATOR_COMMANDS; tests/cli checks that they agree).
COMMANDS = (
    ("show [flags...]", "the configs the flags build, with their hashes (--format yaml|json)"),
    ("hash [flags...]", "the cache key of the configs the flags build, and its factors"),
    ("explain FLAG|FIELD", "a flag or field: type, values, default, cache key, history"),
    ("diff A B", "what differs between two command lines or --config files"),
    ("schema", "the JSON Schema of --config files, on stdout"),
    ("upgrade --to RELEASE", "carry a command line or --config file to another release"),
)
#: The usage line of plain --help and --help=all.
USAGE = "{prog} {{" + ",".join(c.split()[0] for c, _ in COMMANDS) + "}} [ARGS...]"
JSON_TIP = (
    "JSON flags take a whole JSON object or its keys one by one; these are the same:\n"
    "  --compilation-config '{\"mode\": 3, \"pass_config\": {\"eliminate_noops\": true}}'\n"
    "  -cc.mode 3 -cc.pass_config.eliminate_noops true\n"
    "A trailing + appends comma-separated items to a list: -cc.custom_ops+ +rms_norm,-silu."
)
TOPICS_TIP = ("Use --help=all for every flag, --help=<group> for one group (e.g. "
              "--help=CacheConfig), --help=<keyword> for the flags whose name contains it. "
              "explain, diff, schema and upgrade each take --help for their own options.")


class HelpFormatter(argparse.HelpFormatter):
    """Keeps the table's paragraphs and list items; sorts flags; no %-expansion."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        lines: list[str] = []
        for line in text.splitlines():
            lines.extend(wrap(line, width))
        return lines

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))

    def _expand_help(self, action: argparse.Action) -> str:
        return action.help or ""

    def add_arguments(self, actions) -> None:
        super().add_arguments(sorted(actions, key=lambda a: a.option_strings))


def wrap(line: str, width: int) -> list[str]:
    """Greedy wrap at spaces only (textwrap is several times slower, and splits flag
    names at their dashes); a list item's continuation lines are indented under it."""
    words = line.split()
    if not words:
        return [""]
    indent = "  " if words[0] in ("-", "*", "+") else ""
    out: list[str] = []
    cur = words[0]
    for word in words[1:]:
        if len(cur) + 1 + len(word) <= width:
            cur += " " + word
        else:
            out.append(cur)
            cur = indent + word
    out.append(cur)
    return out


def metavar_of(entry: dict) -> str:
    if entry.get("metavar"):
        return entry["metavar"]
    choices = list(entry.get("choices", ()))
    if choices:
        if entry.get("optional"):
            choices.append("None")
        return "{" + ",".join(choices) + "}"
    name = entry["flag"].lstrip("-").replace("-", "_").upper()
    return name


def _formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    return parser._get_formatter()


def _norm(text: str) -> str:
    return text.lower().replace("_", "-")


def render_help(cli: object, topic: str | None) -> str:
    """The help text for `--help` (topic None or ""), `--help=all`, a group, a keyword."""
    parser = cli.parser
    table = cli.table
    groups = [g for g in parser._action_groups if g._group_actions]
    description = DESCRIPTION
    if not topic:
        fmt = _formatter(parser)
        fmt.add_usage(parser.usage, [], [])
        fmt.add_text(description)
        cols = fmt._width
        width = max((len(g) for g, _, _ in table.GROUPS), default=0) + 4
        lines = ["Commands:"]
        at = max(width, max(len(c) for c, _ in COMMANDS) + 4)  # the groups' column if room
        for command, summary in COMMANDS:
            body = wrap(summary, max(cols - at, 20)) or [""]
            lines.append(f"  {command:<{at - 2}}{body[0]}")
            lines.extend(" " * at + more for more in body[1:])
        lines += ["", "Config groups:"]
        for g, summary, _ in table.GROUPS:
            body = wrap(summary, max(cols - width, 20)) or [""]
            lines.append(f"  {g:<{width - 2}}{body[0]}")
            lines.extend(" " * width + more for more in body[1:])
        return _tidy(fmt.format_help().rstrip("\n") + "\n\n" + "\n".join(lines) + "\n\n"
                     + "\n".join(wrap(TOPICS_TIP, cols)) + "\n")
    key = _norm(topic)
    if key == "all":
        fmt = _formatter(parser)
        fmt.add_usage(parser.usage, [], [])
        fmt.add_text(description)
        for group in groups:
            _add_group(fmt, group)
        fmt.add_text(JSON_TIP)
        return _tidy(fmt.format_help())
    for group in groups:
        if group.title and _norm(group.title) in (key, key.replace("-", "")):
            fmt = _formatter(parser)
            _add_group(fmt, group)
            fmt.add_text(JSON_TIP)
            return _tidy(fmt.format_help())
    matched = [a for g in groups for a in g._group_actions
               if any(key in _norm(opt) for opt in a.option_strings)]
    fmt = _formatter(parser)
    if matched:
        fmt.start_section(f"Flags matching '{topic}'")
        fmt.add_arguments(matched)
        fmt.end_section()
        return _tidy(fmt.format_help())
    names = [g.title for g in groups if g.title]
    hint = suggest(topic, names) or suggest(key, [_norm(n) for n in names])
    todo = [(e["flag"], e["json_class"]) for e in table.FLAGS if e.get("json_class")]
    for prefix, cls in todo:  # a class set only through a JSON flag's dotted keys
        if _norm(cls) == key:
            hint = (f" as a group; {cls} is set with {prefix}.<field> "
                    f"(see --help={prefix.split('.')[0].lstrip('-')})")
            break
        todo += [(f"{prefix}.{k}", c) for k, c in table.CLASSES[cls]["fields"].items() if c]
    fmt.add_text(f"No group or flag matches '{topic}'{hint}. Use --help to list the groups "
                 f"or --help=all for every flag.")
    return _tidy(fmt.format_help())


def _tidy(text: str) -> str:
    """No trailing blanks (argparse indents the empty lines between paragraphs)."""
    return "\n".join(line.rstrip() for line in text.split("\n"))


def _add_group(fmt: argparse.HelpFormatter, group: argparse._ArgumentGroup) -> None:
    """One help section: the group's title, description and flags."""
    fmt.start_section(group.title)
    fmt.add_text(group.description)
    fmt.add_arguments(group._group_actions)
    fmt.end_section()
