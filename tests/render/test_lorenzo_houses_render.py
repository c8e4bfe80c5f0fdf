"""Houses of Renaissance boards (issue 13 item 8): the Special Tower, the Adaptation tile, the
Council row, tokens, family tiles and the auction; 5 players on one 1600 px public board; the
public image never shows another seat's token faces."""

from __future__ import annotations

import pytest

from render import draw_view, render_view
from tests.render.helpers import readable_cuts, sampled_states

GAME = "lorenzo"
HOR = {"houses": True}


@pytest.mark.parametrize("players", [2, 5])
def test_houses_boards_render_every_phase_with_the_hor_parts(players: int) -> None:
    phases: set[str] = set()
    for game, state, why in sampled_states(GAME, players, seed=31 + players, options=HOR, stride=25):
        public = game.player_view(state, None)
        phases.add(str(public["phase"]))
        drawing = draw_view(GAME, public, private=False)
        texts = " ".join(drawing.canvas.texts)
        assert drawing.canvas.width == 1600 and drawing.canvas.height <= 2000, why
        assert readable_cuts(drawing) == [], why
        assert "Special Tower" in texts and "Adaptation tile" in texts and "New Council row" in texts, why
        if public["phase"] == "auction":
            assert "Family Tile auction" in texts, why
        seat = sorted(game.active_players(state) or {0})[0]
        private = draw_view(GAME, game.player_view(state, seat), private=True)
        assert readable_cuts(private) == [], why
        assert "Your Special Tokens" in " ".join(private.canvas.texts), why
    assert {"auction", "actions", "vatican", "over"} <= phases


def test_houses_public_board_shows_no_token_faces() -> None:
    """HOUSES.md §10.1: counts public, faces secret; the public board drawn from a seat's own
    view asks for exactly the texts of the public view."""
    checked = 0
    for game, state, _why in sampled_states(GAME, 4, seed=9, options=HOR, stride=30):
        public = draw_view(GAME, game.player_view(state, None), private=False).canvas.texts
        for seat in range(4):
            if state["players"][seat]["tokens"]:
                assert draw_view(GAME, game.player_view(state, seat), private=False).canvas.texts == public
                checked += 1
    assert checked


def test_five_player_houses_board_is_one_png_under_1_mb() -> None:
    states = list(sampled_states(GAME, 5, seed=5, options=HOR, stride=1000))
    game, state, _ = states[len(states) // 2]
    image = render_view(GAME, game.player_view(state, None), private=False)
    assert image.width == 1600 and len(image.data) < 1_000_000
