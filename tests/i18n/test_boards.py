"""Issue 15 item 3 (images): the expansions' boards drawn for an Italian reader, public and
private, over a seeded game each: no English word the checker knows among the texts drawn or
in the alt text (seat initials, ids and proper names aside), and the same board drawn in English
still says it in English."""

from __future__ import annotations

import re

import pytest

from i18n.check import english_words
from render import draw_view
from tests.render.helpers import sampled_states

# A scoring column's heading cut to fit ("Person." for Personaggi): a piece of an Italian word.
ABBREVIATED = re.compile(r"^\w+\.$")
EXPANSIONS = [
    ("lorenzo", 3, {"houses": True}),
    ("lancaster", 4, {"henry_v": True, "kings_resentment": True, "queenie": True}),
]


@pytest.mark.parametrize(("name", "players", "options"), EXPANSIONS)
def test_the_expansions_boards_read_in_italian(name: str, players: int, options: dict[str, bool]) -> None:
    left: dict[str, list[str]] = {}
    drawn = 0
    for game, state, _why in sampled_states(name, players, seed=3, options=options, stride=40):
        acting = sorted(game.active_players(state))
        waiting = [seat for seat in range(players) if seat not in acting][:1]  # a screen that waits
        for viewer in (None, *acting[:1], *waiting):
            view = game.player_view(state, viewer)
            drawing = draw_view(name, view, private=viewer is not None, headline=viewer is None, lang="it")
            for text in [*drawing.canvas.texts, drawing.alt_text]:
                if not ABBREVIATED.match(text) and (words := english_words(text, "it")):
                    left.setdefault(text[:100], words)
            drawn += 1
    assert drawn >= 10
    assert left == {}, f"{len(left)} texts keep English, e.g. {list(left.items())[:3]}"


def test_the_same_band_in_english_and_in_italian() -> None:
    game_name, players, options = EXPANSIONS[0]
    game, state, _ = next(iter(sampled_states(game_name, players, seed=3, options=options)))
    view = game.player_view(state, None)
    english = " ".join(draw_view(game_name, view, private=False).canvas.texts)
    italian = " ".join(draw_view(game_name, view, private=False, lang="it").canvas.texts)
    assert "Special Tokens:" in english and "Segnalini Speciali:" in italian
    assert "Asta delle tessere Famiglia" in italian and "Family Tile auction" in english
