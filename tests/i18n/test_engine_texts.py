"""Issue 15 item 5: every event, prompt and refusal an engine says in seeded random games reads
in Italian (``i18n.translate_phrase``), with no English-only word left (``i18n.check``).

Each game is played with each set of its options below, expansions included, at every player
count it takes, to the end: a new English sentence in any of them fails here."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import i18n
from i18n.check import english_words
from tests.i18n.corpus import texts

# (game, options, player counts, games): every option of each game is on in some set.
SETS: list[tuple[str, dict[str, object], Sequence[int], int]] = [
    ("lorenzo", {}, (2, 3, 4), 6),
    (
        "lorenzo",
        {
            "leaders": True,
            "advanced_tiles": True,
            "voluntary_pass": True,
            "harvest_min_check": "action",
            "military_tie": "tied_first_only",
        },
        (4, 3, 2),
        6,
    ),
    ("lorenzo", {"leaders": True, "leader_draft": "deal"}, (3,), 1),
    ("lorenzo", {"houses": True}, (5, 4, 3, 2), 6),  # Houses of Renaissance (Leaders on)
    (
        "lorenzo",
        {"houses": True, "leader_pool": "houses", "advanced_tiles": True, "voluntary_pass": True},
        (5, 3),
        2,
    ),
    ("lorenzo", {"houses": True, "leader_pool": "base", "leader_draft": "deal"}, (4, 2), 2),
    ("lancaster", {"kings_resentment": True, "queenie": True}, (3, 4, 2, 5), 8),
    ("lancaster", {"henry_v": True}, (4, 5, 2, 3), 8),
    (
        "lancaster",
        {
            "henry_v": True,
            "kings_resentment": True,
            "queenie": True,
            "vote_markers": 2,
            "noble_stacks": "random",
            "discard_unused_votes": False,
            "favor_tiles_by_count": True,
        },
        (5, 3, 4, 2),
        8,
    ),
]


def untranslated(
    name: str, options: dict[str, object], games: int, players: Sequence[int] = (2, 3, 4)
) -> list[tuple[str, str, list[str]]]:
    left = []
    seen: set[str] = set()
    for text in texts(name, options, games, players):
        if text in seen:
            continue
        seen.add(text)
        italian = i18n.translate_phrase(text, "it")
        words = english_words(italian, "it")
        if words:
            left.append((text, italian, words))
    return left


@pytest.mark.parametrize(("name", "options", "players", "games"), SETS)
def test_engine_texts_read_in_italian(
    name: str, options: dict[str, object], players: Sequence[int], games: int
) -> None:
    left = untranslated(name, options, games, players)
    assert left == [], f"{len(left)} texts keep English, e.g. {left[:5]}"
