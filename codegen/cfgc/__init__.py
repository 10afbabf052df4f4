"""cfgc: compile the YAML schema of an engine's configuration into code, flags and docs.

Kept import-light on purpose: the generated package imports `cfgc.runtime` at run
time, and that must not drag in the compiler (jinja2, yaml).
"""

__version__ = "0.1.0"
