"""Moves in the reader's words, and back (issue 15 item 4).

A move's canonical text (``place black territory_1 servants=2``) is what the log keeps, in every
language. Each game's move words are catalogued in the context ``"<game> move"`` (its
``catalogue_names``), one English word to one word of the language: ``place`` → ``piazza``,
``territory`` → ``territorio``. A token is cut at ``_``, ``=`` and ``:`` and each word part is
translated alone, so ``territory_1`` → ``territorio_1``, ``servants=2`` → ``servitori=2``,
``county:D`` → ``contea:D``; anything else (numbers, ids such as ``X2``, leader names) stays.

``canonical`` accepts every catalogued language at once (and ignores case and accents, so
``si`` is ``sì``), so a typed move never depends on whose client typed it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache

from i18n import SOURCE, available, language
from i18n.catalogue import translations

SPLIT = re.compile(r"([_=:\s]+)")
TOKENS = re.compile(r"([=:\s]+)")  # a token may be catalogued whole ("special_token"), its parts by "_"


def context_of(game: str) -> str:
    return f"{game} move"


@cache
def words(game: str, lang: str) -> dict[str, str]:
    """English move word → the word in ``lang``."""
    if lang == SOURCE:
        return {}
    prefix = context_of(game) + "\x04"
    return {
        key[len(prefix) :]: text
        for key, text in translations(lang).messages.items()
        if key.startswith(prefix)
    }


def fold(word: str) -> str:
    """Lowercase without accents: the form typed words are compared in."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def reverse(game: str) -> dict[str, str]:
    """Every catalogued language's move word (folded) → the English word."""
    back: dict[str, str] = {}
    for lang in available():
        for english, word in words(game, lang).items():
            back.setdefault(fold(word), english)
    return back


def localize(game: str, text: str, locale: str | None) -> str:
    """A canonical move text in the reader's words: a token catalogued whole ("special_token"),
    else word part by word part."""
    table = words(game, language(locale))
    if not table:
        return text
    return "".join(table.get(token) or _parts(table, token) for token in TOKENS.split(text))


def canonical(game: str, text: str) -> str:
    """A typed move in any catalogued language → the engine's English words (others unchanged)."""
    back = reverse(game)
    if not back:
        return text
    return "".join(back.get(fold(token)) or _parts(back, token, fold) for token in TOKENS.split(text))


def _parts(table: dict[str, str], token: str, key: Callable[[str], str] = str) -> str:
    return "".join(table.get(key(part), part) for part in SPLIT.split(token))
