"""The base class of every game's move values (``rules/<game>/moves.py``).

A move pickles through its constructor: the bot's workers pickle moves (a computer's move is
chosen in another process), and a frozen dataclass compiled with mypyc (rules/compiled.py)
refuses the default unpickling, which restores attributes one by one. This module is compiled
with the engines: a compiled class may only inherit from a class compiled with it, so the base
cannot live in the uncompiled ``rules.core``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, cast


class Move:
    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return type(self), tuple(getattr(self, f.name) for f in fields(cast(Any, self)))
