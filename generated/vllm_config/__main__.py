# Generated from schema/ by cfgc; do not edit.
"""`vllm-config` and `python -m vllm_config`: the engine flags, generated from the schema.

`vllm-config show [flags...]` prints the resolved configs with their hashes,
`vllm-config hash [flags...]` the cache key and its factors, `--help` the flags.
"""

import sys

from cfgc.runtime.cli import run

from . import _cli_table


def main(argv: list[str] | None = None) -> int:
    return run(_cli_table, argv)


if __name__ == "__main__":
    sys.exit(main())
