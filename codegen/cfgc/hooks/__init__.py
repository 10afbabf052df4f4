"""Hand-written hooks the schema names: logic that is not declarative.

One module per schema file (`schema/cache.yaml` -> `cfgc/hooks/cache.py`). Each hook
is a plain function; the compiler checks that every hook named in the schema exists.
"""
