"""Issue 14 item 8, Lancaster expansions on the board image: what each expansion adds is drawn
(EXPANSIONS.md S2), legible at 1600 px with 5 players (numbers at 14 px or more, as
test_legibility requires), and absent from tables that do not use it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from render import draw_view
from rules.lancaster import GAME, henry

from .helpers import readable_cuts

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


def _court_state(players: int) -> dict[str, Any]:
    """All three expansions, a knight with a Tudor knight and an archer on a conflict, a Tudor
    knight and a shield on county G, and lords on the court (EXPANSIONS.md S2)."""
    state = _playout(players, {"henry_v": True, "kings_resentment": True, "queenie": True}, 0)
    while state["phase"] == "setup":
        seat = state["pending"]["seat"]
        state, _ = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    for seat in range(players):
        state["seats"][seat]["privileges"] = {"shield": 0, "archer": 0, "tudor_knight": 0}
    state["seats"][0]["privileges"] = {"shield": 1, "archer": 1, "tudor_knight": 2}
    state["seats"][0]["squires"] = 3
    state["seats"][1]["seals"] = 7
    state["turn_seat"] = 0
    cid = state["conflicts"][0]["id"]
    texts = ["knight 2 conflict:" + cid + " tudor archer", "lord chancellor knight=1 tudor bishops=1"]
    for text in texts:
        state, _ = GAME.apply(state, 0, GAME.parse(state, 0, text))
        while state["pending"] is not None:
            seat = state["pending"]["seat"]
            state, _ = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
        state["turn_seat"] = 0
    state["counties"]["G"] = {
        "force": 1,
        "strength": 1,
        "squires": 0,
        "tudor": True,
        "extra": 2,
        "shield": True,
    }
    state["forces"][1]["reserve"][0] -= 1
    return state


@pytest.mark.parametrize("players", [2, 5])
def test_H_S2_the_court_lords_seals_privileges_and_bishops_are_drawn(players: int) -> None:
    state = _court_state(players)
    drawing = draw_view("lancaster", GAME.player_view(state, None), private=False)
    texts = drawing.canvas.texts
    assert drawing.canvas.width == 1600
    assert "Henry V: the royal court (regal board)" in texts and "Lord Chancellor" in texts
    assert "Blue's lord: 5" in texts and "knight 1, Tudor, 1 bishop" in texts
    assert "holds: 1 squire, 2 votes" in texts and "archer 2 *" in texts and "knights 2 + Tudor 2" in texts
    assert any(t.startswith("Orange, Tudor, shield") for t in texts) and "7" in texts
    assert f"Bishops on the board: {henry.bishops_free(GAME.data, state)}" in texts
    assert "Lord Chancellor: Blue (B)'s lord, strength 5." in drawing.alt_text
    small = [(t, s) for t, s in drawing.canvas.sizes if any(c.isdigit() for c in t) and s < NUMBER_FLOOR]
    assert not small and not readable_cuts(drawing)
    plain = draw_view("lancaster", GAME.player_view(_playout(players, {}, 14), None), private=False)
    assert "Henry V: the royal court (regal board)" not in plain.canvas.texts


def test_H_S4_hidden_seals_are_drawn_as_hidden() -> None:
    state = _court_state(5)
    view = GAME.player_view(state, None)
    assert view["expansions"]["henry_v"] is not None
    for seat in view["expansions"]["henry_v"]["seats"]:
        seat["seals"] = None  # what the reading seals_secret gives a public view
    drawing = draw_view("lancaster", view, private=False)
    assert "hidden" in drawing.canvas.texts and "Royal seals: Blue (B) hidden" in drawing.alt_text
