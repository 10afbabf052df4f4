"""The model: the schema as frozen records, which every later stage only reads.

`types` (the type language's values), `expr` (an expression as written), `schema` (the
records parse.py builds: classes, fields, rules, ...), `kernels` and `platforms` (their
sections), `flags` (one command-line flag), `resolved` (the checked whole with its lookup
tables, compiled behaviour and the views several backends share) and `python` (how model
values are spelled in Python). Nothing here imports the front end or a backend.
"""
