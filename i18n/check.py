"""Finding English left in a text meant for a reader of another language (the Italian checker of
issue 15's acceptance: a full game through the sandbox shows no English-only sentence).

A word is English-only when the catalogue's English (its message ids) uses it, or it is one of
the commonest English words (``COMMON``, for sentences not catalogued at all), and the
language's own texts (its translations) never use it. Names (cards, leaders, counties: words of
the translations too), ids, numbers and mentions are not words of either.
"""

from __future__ import annotations

import re
from functools import cache

from i18n.catalogue import translations

WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)
# Mentions, timestamps, seat tokens, code, links, ids with "_", dotted data paths
# ("cards.100.name", the rules help's provisional values), and 'quoted' text (what the player typed,
# quoted back).
IGNORED = re.compile(
    r"<[@#][!&]?\d+>|<t:\d+(?::\w)?>|\{p\d+\}|`[^`]*`|https?://\S+|\b\w+(?:\.\w+)+\b|\b\w+_\w+\b"
    r"|(?<!\w)'[^']*'(?!\w)"
)
# The commonest English words: a sentence no catalogue knows still shows some of them.
COMMON = frozenset(
    [
        "the",
        "and",
        "you",
        "your",
        "is",
        "are",
        "was",
        "were",
        "to",
        "of",
        "in",
        "on",
        "for",
        "with",
        "this",
        "that",
        "it",
        "be",
        "has",
        "have",
        "not",
        "no",
        "yes",
        "game",
        "turn",
        "move",
        "moves",
        "board",
        "players",
        "player",
        "waiting",
        "wait",
        "choose",
        "take",
        "took",
        "play",
        "played",
        "round",
        "now",
        "here",
        "there",
        "who",
        "what",
        "which",
        "when",
        "why",
        "how",
        "can",
        "cannot",
        "will",
        "would",
        "should",
        "must",
        "been",
        "by",
        "from",
        "at",
        "as",
        "or",
        "an",
        "all",
        "any",
        "only",
        "more",
        "most",
        "each",
        "one",
        "two",
        "three",
        "next",
        "last",
        "first",
        "other",
        "others",
        "their",
        "they",
        "them",
        "his",
        "her",
        "its",
        "our",
        "we",
        "us",
        "me",
        "my",
        "mine",
    ]
)


@cache
def vocabularies(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """(English words of the catalogue and COMMON, words of ``language``'s translations)."""
    compiled = translations(language)
    english: set[str] = set(COMMON)
    own: set[str] = set()
    for key, text in compiled.messages.items():
        english |= _words(key.rpartition("\x04")[2])
        own |= _words(text)
    for singular, plural in compiled.plurals:
        english |= _words(singular) | _words(plural)
        own |= _words(compiled.gnu.ngettext(singular, plural, 1)) | _words(
            compiled.gnu.ngettext(singular, plural, 2)
        )
    return frozenset(english), frozenset(own)


def _words(text: str) -> set[str]:
    text = re.sub(r"\{\w+\}", " ", text)
    return {w.lower() for w in WORD.findall(text)}


def english_words(text: str, language: str) -> list[str]:
    """The English-only words of ``text`` (in order, once each); empty when none is left."""
    english, own = vocabularies(language)
    found: list[str] = []
    for word in WORD.findall(IGNORED.sub(" ", text)):
        low = word.lower()
        if low in english and low not in own and low not in found:
            found.append(low)
    return found
