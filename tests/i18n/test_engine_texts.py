"""Issue 15 item 5: every event, prompt and refusal an engine says in seeded random games reads
in Italian (``i18n.translate_phrase``), with no English-only word left (``i18n.check``)."""

from __future__ import annotations

import i18n
from i18n.check import english_words
from tests.i18n.corpus import texts


def untranslated(name: str, options: dict[str, object], games: int) -> list[tuple[str, str, list[str]]]:
    left = []
    seen: set[str] = set()
    for text in texts(name, options, games):
        if text in seen:
            continue
        seen.add(text)
        italian = i18n.translate_phrase(text, "it")
        words = english_words(italian, "it")
        if words:
            left.append((text, italian, words))
    return left


def test_lorenzo_texts_read_in_italian() -> None:
    left = untranslated("lorenzo", {"leaders": True, "advanced_tiles": True}, 4)
    assert left == [], f"{len(left)} texts keep English, e.g. {left[:5]}"


def test_lancaster_texts_read_in_italian() -> None:
    left = untranslated("lancaster", {"kings_resentment": True, "queenie": True}, 3)
    assert left == [], f"{len(left)} texts keep English, e.g. {left[:5]}"
