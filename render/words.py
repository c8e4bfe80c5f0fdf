"""The language a board is drawn in (issue 15): public boards in the server's language, private
ones in their reader's (the bot passes ``lang`` to ``render_view``).

Every text a board draws goes through ``Canvas.text``/``paragraph``, which hand it to ``said``:
an English text made from a catalogued template (a label marked ``N_("Coins")``, a sentence
``N_("Round {round} of {rounds}").format(...)``, an engine's event or prompt, a card name) comes
back in the board's language (``i18n.translate_phrase``); anything else is drawn as it is. The
language is a context variable set for the duration of one drawing (``drawn_in``), so the drawing
code needs no language parameter and a worker process draws in the language it was asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from i18n import language, translate, translate_n, translate_phrase

_LANG: ContextVar[str | None] = ContextVar("render_language", default=None)


def N_(text: str) -> str:
    """Mark an English label or template for the catalogue; ``said`` translates it when drawn."""
    return text


@contextmanager
def drawn_in(lang: str | None) -> Iterator[None]:
    """Draw in ``lang`` (a Discord locale; None: English) inside the block."""
    token = _LANG.set(None if lang is None else language(lang))
    try:
        yield
    finally:
        _LANG.reset(token)


LAST = N_("LAST")  # the tag of a place the last move touched (``Canvas.highlight``)


def current() -> str | None:
    return _LANG.get()


class Said(str):
    """A text already in the board's language: ``said`` leaves it as it is. (Translating a
    translation again can go wrong: an Italian sentence may match an English template's
    pattern.) What ``said`` and ``told`` return is one, and so is each line of a wrapped block."""


def said(text: str) -> str:
    """``text`` in the board's language (unchanged in English, or when it already is)."""
    lang = _LANG.get()
    if lang is None or lang == "en" or not text or isinstance(text, Said):
        return text
    return Said(_said(text, lang))


@lru_cache(maxsize=8192)
def _said(text: str, lang: str) -> str:
    return translate_phrase(text, lang)


def colour(name: str) -> str:
    """A seat colour's name ("blue") in the board's language."""
    return translate(name, _LANG.get(), context="seat colour")


def told(template: str, /, **params: object) -> str:
    """A sentence from a template marked ``N_`` in the board's language, its values (numbers,
    or words already in that language: ``said``, ``move_word``) filled in after translation; for
    sentences whose values the catalogue cannot explain back from the finished English (a seat,
    a list of words), which ``said`` would leave English."""
    return Said(translate(template, _LANG.get()).format(**params))


def told_n(singular: str, plural: str, n: int, /) -> str:
    """A count ("{n} tokens") in the plural form of the board's language for ``n``."""
    return Said(translate_n(singular, plural, n, _LANG.get()))


def move_word(game: str, word: str) -> str:
    """A word players type in ``game`` ("coins", "black": a token kind, a family member) in the
    board's language, as they would type it there."""
    return translate(word, _LANG.get(), context=f"{game} move")
