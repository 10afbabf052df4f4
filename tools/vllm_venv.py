"""Where the scratch venv holding one vLLM release is, for every tool that runs vLLM.

A venv is made by `tools/release_venv.sh RELEASE DIR` (outside the repo; the project
itself never depends on vLLM). A tool finds the venv of the release it needs, first
found wins:

1. `--venv DIR` on the tool's command line (`explicit`);
2. the environment variable the tool names (`VLLM_VENV`, or e.g. `VLLM_TARGET_VENV` for
   a tool that needs two releases at once): one venv;
3. `$VLLM_VENVS/RELEASE`: a folder holding one venv per release, named by the release
   (`$VLLM_VENVS/0.28.0`).

The venv must hold that release (read from its installed metadata, without starting
it); otherwise, or when none is found, the tool stops with one line saying what to set.
Any release string is accepted: nothing here lists the releases.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

#: The folder of venvs, one per release.
FOLDER_VAR = "VLLM_VENVS"


def installed_release(venv: Path) -> str | None:
    """The vLLM version installed in `venv` (its dist-info folder's name), or None."""
    for info in sorted(venv.glob("lib/python*/site-packages/vllm-*.dist-info")):
        match = re.fullmatch(r"vllm-(.+)\.dist-info", info.name)
        if match:
            return match.group(1)
    return None


def find_venv(release: str, explicit: Path | str | None = None,
              env_var: str = "VLLM_VENV") -> tuple[Path | None, str]:
    """The venv of `release` and where it came from, or (None, why none was found)."""
    if explicit:
        candidates = [(Path(explicit), "--venv")]
    else:
        candidates = []
        if os.environ.get(env_var):
            candidates.append((Path(os.environ[env_var]), f"${env_var}"))
        if os.environ.get(FOLDER_VAR):
            candidates.append((Path(os.environ[FOLDER_VAR]) / release, f"${FOLDER_VAR}"))
    if not candidates:
        return None, (f"no venv with vLLM {release}: pass --venv DIR, set {env_var}=DIR, "
                      f"or set {FOLDER_VAR} to a folder holding {release}/ "
                      f"(make one with tools/release_venv.sh {release} DIR)")
    tried = []
    for venv, source in candidates:
        if not (venv / "bin" / "python").is_file():
            tried.append(f"{venv} ({source}) has no bin/python")
            continue
        found = installed_release(venv)
        if found != release:
            tried.append(f"{venv} ({source}) holds vLLM {found or 'no vLLM'}")
            continue
        return venv, source
    return None, (f"no venv with vLLM {release}: " + "; ".join(tried)
                  + f" (make one with tools/release_venv.sh {release} DIR)")


def vllm_python(tool: str, release: str, explicit: Path | str | None = None,
                env_var: str = "VLLM_VENV") -> Path:
    """The Python of the venv with vLLM `release`; one line and exit status 1 when there
    is none."""
    venv, why = find_venv(release, explicit, env_var)
    if venv is None:
        sys.exit(f"{tool}: {why}")
    return venv / "bin" / "python"


def add_venv_argument(parser, env_var: str = "VLLM_VENV") -> None:
    """The `--venv` flag every tool that runs vLLM takes."""
    parser.add_argument(
        "--venv", type=Path, metavar="DIR",
        help=f"the venv holding the vLLM release (default ${env_var}, else "
             f"${FOLDER_VAR}/RELEASE; tools/release_venv.sh makes one)")
