"""One copy of what did not change: every release's modules cut into shared parts.

Releases next to each other differ in a few classes, fields, flags and aliases, so most
of a module's code is the same text in several releases. Each module of each release is
cut into units: its top-level statements, a class's members (a member takes the
comments and decorators above it), and the items of a literal that spans lines (a
flag of the flag table, an export). Neighbouring units stay together in one *part*
while the same releases have both, one after the other; so a part is a run of code that
a fixed set of releases shares, and each distinct part is written once:

    <package>/_modules/<module>/<first name>.<slug of the first release>.part

(the module's first part is `<slug>.part`), its first line naming the releases that
use it. `<package>/_releases/<slug>/_parts.py` lists one release's parts of each
module, in order (a file per release, so importing one reads only its own list);
`cfgc.runtime.parts` joins them into the module's source and imports it as one module
(its bytecode cached as any module's). A module no release changes is one part; a
property one release changes is two versions of a few lines, and the rest of its class
stays shared.

Why units inside classes: the big classes (ModelConfig, VllmConfig, ...) change a few
lines in every release; kept whole, each release would copy thousands of lines. Why
not a diff against a base release: a part is plain code a reader can open, and a
release's module is its parts joined, nothing applied in between.
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Mapping

from ..model.schema import release_slug as slug

#: The folder of the parts, in the package (cfgc.runtime.parts.MODULES).
FOLDER = "_modules"
#: Each release's list of parts, in its folder of the package (cfgc.runtime.parts.INDEX).
INDEX = "_parts.py"


def index_path(package_dir: str, release: str) -> str:
    """Where `release`'s list of parts lies among the files of the package."""
    return f"{package_dir}/_releases/{slug(release)}/{INDEX}"

_LITERALS = (ast.Dict, ast.List, ast.Tuple, ast.Set)
_NAMES = (re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+(\w+)"),
          re.compile(r"^\s*(\w+)\s*(?::|=[^=])"),
          re.compile(r'^\s*"(\w+)"\s*:'))
_FLAG = re.compile(r'"flag": "-*([\w-]+)"')


def _starts(tree: ast.Module) -> list[int]:
    """0-based lines where a unit starts: after each statement, class member and item of
    a multi-line literal (assigned at the top level), the next one begins."""
    cuts: list[int] = []

    def after(nodes: list) -> None:
        for node, following in zip(nodes, nodes[1:], strict=False):
            # a docstring stays with what it documents; a module's imports are one unit
            # (a few lines copied where they differ, rather than a file per import)
            if not _is_doc(following) and not (_is_import(node) and _is_import(following)):
                cuts.append(node.end_lineno)

    after(tree.body)
    for stmt in tree.body:
        if isinstance(stmt, ast.ClassDef):
            after(stmt.body)
        value = getattr(stmt, "value", None) if isinstance(
            stmt, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, _LITERALS) and value.end_lineno != value.lineno:
            items = value.values if isinstance(value, ast.Dict) else value.elts
            after(items)
    return sorted(set(cuts))


def _is_import(node: ast.AST) -> bool:
    return isinstance(node, ast.Import | ast.ImportFrom)


def _is_doc(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
        and isinstance(node.value.value, str)


def units(source: str) -> list[tuple[str, str]]:
    """The module as (name, text) units, whose texts join to `source`."""
    lines = source.splitlines(keepends=True)
    starts = [0, *(c for c in _starts(ast.parse(source)) if 0 < c < len(lines)), len(lines)]
    out = []
    for a, b in zip(starts, starts[1:], strict=False):
        if b > a:
            text = "".join(lines[a:b])
            out.append((_name(text), text))
    return out or [("module", source)]


def _name(text: str) -> str:
    """What a unit defines, for its part's file name."""
    code = [line for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith(("#", "@"))]
    first = code[0] if code else ""
    if first.lstrip().startswith(("from ", "import ")):
        return "imports"
    if first.strip().startswith(("{", "(", "[")) and _FLAG.search(text):
        return _FLAG.search(text).group(1).replace("-", "_")  # a flag of the flag table
    for pattern in _NAMES:
        found = pattern.match(first)
        if found:
            return found.group(1)
    return "part"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


Segment = str | tuple[int, int]  # a part's name, or lines [a, b) of the default's module


def split(package: str, releases: tuple[str, ...], default: str,
          modules: Mapping[str, Mapping[str, str]]) -> tuple[dict[str, str],
                                                             dict[str, dict[str, tuple]]]:
    """`modules`: release -> module -> source. The default release's modules stay whole
    files; returns the part files of what the other releases do not share with it (by
    path under the package folder) and the index: each other release -> module -> its
    segments, in order (a part's name, or a range of lines of the default's module)."""
    files: dict[str, str] = {}
    index: dict[str, dict[str, tuple[Segment, ...]]] = {
        r: {} for r in releases if r != default}
    names = sorted({m for r in releases for m in modules.get(r, {})})
    for module in names:
        have = [r for r in releases if module in modules.get(r, {})]
        cut = {r: units(modules[r][module]) for r in have}
        chunks = _chunks(have, cut)
        lines: dict[tuple, tuple[int, int]] = {}  # a run the default has -> its lines
        if default in cut:
            at = 0
            by_digest = {_digest(t): t for _, t in cut[default]}
            for key, _, _ in chunks[default]:
                n = sum(by_digest[d].count("\n") for d in key)
                lines[key] = (at, at + n)
                at += n
        taken: dict[str, tuple] = {}  # file stem -> run
        stems: dict[tuple, str] = {}
        users: dict[tuple, list[str]] = {}
        texts: dict[tuple, str] = {}
        for r in have:
            by_digest = {_digest(t): t for _, t in cut[r]}
            for key, first_name, first_unit in chunks[r]:
                users.setdefault(key, []).append(r)
                if key in lines or key in stems:
                    continue
                texts[key] = "".join(by_digest[d] for d in key)
                base = slug(r) if first_unit else f"{first_name}.{slug(r)}"
                stem, n = base, 2
                while stem in taken:
                    stem, n = f"{base}_{n}", n + 1
                taken[stem] = key
                stems[key] = stem
        for key, stem in stems.items():
            used = ", ".join(dict.fromkeys(users[key]))
            files[f"{module}/{stem}.part"] = (
                f"# {package}.{module} in {used} (by cfgc, do not edit; each release's "
                f"_parts.py joins the parts)\n{texts[key]}")
        for r in have:
            if r == default:
                continue
            segments: list[Segment] = []
            for key, _, _ in chunks[r]:
                if key in stems:
                    segments.append(stems[key])
                elif segments and isinstance(segments[-1], tuple) \
                        and segments[-1][1] == lines[key][0]:
                    segments[-1] = (segments[-1][0], lines[key][1])  # one range
                else:
                    segments.append(lines[key])
            index[r][module] = tuple(segments)
    return files, index


def _chunks(have: list[str], cut: Mapping[str, list[tuple[str, str]]]
            ) -> dict[str, list[tuple[tuple[str, ...], str, bool]]]:
    """Each release's module as runs of statements: (the run's statement digests, its
    first statement's name, whether it starts the module). Two neighbours stay in one
    run when the same releases have both and, in each, the second follows the first."""
    seq = {r: [_digest(t) for _, t in cut[r]] for r in have}
    holders: dict[str, set[str]] = {}
    twice: set[str] = set()
    after: dict[str, set[str | None]] = {}
    for r in have:
        seen: set[str] = set()
        for i, d in enumerate(seq[r]):
            if d in seen:
                twice.add(d)
            seen.add(d)
            holders.setdefault(d, set()).add(r)
            after.setdefault(d, set()).add(seq[r][i + 1] if i + 1 < len(seq[r]) else None)
    out: dict[str, list[tuple[tuple[str, ...], str, bool]]] = {}
    for r in have:
        runs: list[tuple[tuple[str, ...], str, bool]] = []
        run: list[str] = []
        start = 0
        for i, d in enumerate(seq[r]):
            prev = seq[r][i - 1] if i else None
            joins = (prev is not None and prev not in twice and d not in twice
                     and holders[prev] == holders[d] and after[prev] == {d})
            if run and not joins:
                runs.append((tuple(run), cut[r][start][0], start == 0))
                run, start = [], i
            run.append(d)
        if run:
            runs.append((tuple(run), cut[r][start][0], start == 0))
        out[r] = runs
    return out


def index_sources(header: str, package_dir: str, package: str,
                  index: Mapping[str, Mapping[str, tuple]]) -> dict[str, str]:
    """Each release's `_releases/<slug>/_parts.py`: its modules and their parts."""
    out = {}
    for release, modules in index.items():
        lines = [header, f'"""Where the modules of {package} {release} are: module -> its parts '
                 f'in `_modules/<module>/`,\njoined in this order into one module '
                 f'(`cfgc.runtime.parts`). A part is one file\nper distinct version; its '
                 f'first line names the releases that use it.\n"""', "",
                 f"RELEASE = {release!r}", "PARTS = {"]
        lines += [f"    {module!r}: {parts!r}," for module, parts in modules.items()]
        out[index_path(package_dir, release)] = "\n".join([*lines, "}"]) + "\n"
    return out


def joined(outputs: Mapping[str, str], package_dir: str, release: str,
           module: str) -> str | None:
    """A release's module as the runtime puts it together from `outputs` (the compile's
    files; `package_dir` the package's path among them), or None where it has none."""
    listed = outputs.get(index_path(package_dir, release))
    if listed is None:  # the default release: its modules are whole files
        return outputs.get(f"{package_dir}/{module}.py")
    tree = ast.parse(listed)
    assign = next(s for s in tree.body if isinstance(s, ast.Assign)
                  and getattr(s.targets[0], "id", "") == "PARTS")
    segments = ast.literal_eval(assign.value).get(module)
    if segments is None:
        return None
    out = []
    for seg in segments:
        if isinstance(seg, tuple):
            whole = outputs[f"{package_dir}/{module}.py"].split("\n")
            out.append("".join(line + "\n" for line in whole[seg[0]:seg[1]]))
        else:
            out.append(outputs[f"{package_dir}/{FOLDER}/{module}/{seg}.part"])
    return "".join(out)
