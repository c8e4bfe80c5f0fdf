"""Issue 14 item 8, Lancaster expansions on the board image: what each expansion adds is drawn
(EXPANSIONS.md S2), legible at 1600 px with 5 players (numbers at 14 px or more, as
test_legibility requires), and absent from tables that do not use it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from render import draw_view
from rules.lancaster import GAME

NUMBER_FLOOR = 14


def _playout(players: int, options: dict[str, Any], steps: int, seed: int = 3) -> dict[str, Any]:
    state = GAME.setup(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = sorted(GAME.active_players(state))[0]
        state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_moves(state, seat))))
    return state


@pytest.mark.parametrize("players", [2, 5])
def test_Q2_S2_the_reward_tile_is_drawn_beside_its_county_with_the_bag_count(players: int) -> None:
    state = _playout(players, {"queenie": True}, 10)
    letter = state["reward_tiles"][0]
    drawing = draw_view("lancaster", GAME.player_view(state, None), private=False)
    assert drawing.canvas.width == 1600
    strip = next(t for t in drawing.canvas.texts if t.startswith(f"+ tile {letter}:"))
    assert strip.endswith(f"*  (bag {len(state['reward_bag'])})")  # * marks a provisional value
    assert f"Reward tile {letter} beside county {letter}" in drawing.alt_text
    small = [(t, s) for t, s in drawing.canvas.sizes if any(c.isdigit() for c in t) and s < NUMBER_FLOOR]
    assert not small


def test_Q_no_tile_is_drawn_without_the_option() -> None:
    drawing = draw_view("lancaster", GAME.player_view(_playout(5, {}, 10), None), private=False)
    assert not any(t.startswith("+ tile") for t in drawing.canvas.texts)


@pytest.mark.parametrize("players", [2, 5])
def test_R_S2_the_dishonor_track_box_markers_and_tower_are_drawn(players: int) -> None:
    state = _playout(players, {"kings_resentment": True, "queenie": True}, 14)
    state["seats"][1]["dishonor"] = 3
    state["tower"]["knights"] = [{"force": 0, "strength": 4}]
    drawing = draw_view("lancaster", GAME.player_view(state, None), private=False)
    texts = drawing.canvas.texts
    plain = draw_view("lancaster", GAME.player_view(_playout(players, {}, 14), None), private=False)
    assert drawing.canvas.height > plain.canvas.height and "The King's Resentment" not in plain.canvas.texts
    assert "The King's Resentment" in texts and "× 3" in texts and "supply box" in texts
    assert [t for t in texts if t.startswith("Tower: takes strength")] == [
        f"Tower: takes strength {max(1, state['tower']['neutral'])}+ *"
    ]
    assert "Tower: non-player knight" in drawing.alt_text and "held: " in drawing.alt_text
    small = [(t, s) for t, s in drawing.canvas.sizes if any(c.isdigit() for c in t) and s < NUMBER_FLOOR]
    assert not small
