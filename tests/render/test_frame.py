"""Issue 9 item 1: the common view header, and the frame every board draws from it once.

The title bar, status band, alt text and last-move places of every board come from
``view["header"]`` (``rules.core.ViewHeader``): changing the header changes them, whatever the
game's own keys say. A game without a renderer of its own gets a generic board from the header.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from render import draw_view, render_view
from render.alt import seat_name
from rules import find_game
from rules.core import OutcomeJSON, ViewHeader, seat_headers
from tests.render.helpers import sampled_states


def _mid_game_view(game_name: str, players: int, viewer: int | None = None) -> dict[str, Any]:
    states = list(sampled_states(game_name, players, seed=17, stride=1000))
    game, state, _ = states[len(states) // 2]
    return copy.deepcopy(game.player_view(state, viewer))


@pytest.mark.parametrize("game_name", ["lorenzo", "lancaster"])
def test_title_round_and_phase_come_from_the_header(game_name: str) -> None:
    """No "of 6"/"of 5" in the renderers: the rounds, period and phase title are the header's."""
    view = _mid_game_view(game_name, 3)
    header = view["header"]
    header.update(round=2, rounds=9, period="Era Z", phase_title="Sentinel phase")
    for private in (False, True):
        drawing = draw_view(game_name, view if not private else _as_private(view), private=private)
        assert "Round 2 of 9 · Era Z · Sentinel phase" in drawing.canvas.texts
        assert "round 2 of 9, Era Z, Sentinel phase" in drawing.alt_text


def _as_private(view: dict[str, Any]) -> dict[str, Any]:
    """The same view as seat 0's own (the header says who looks)."""
    private = copy.deepcopy(view)
    private["header"]["viewer"] = 0
    private["viewer"] = 0
    if "me" in private and private["me"] is None:
        seat = private["seats"][0]
        private["me"] = {
            "seat": 0,
            "gold": 1,
            "squires": 1,
            "vote_markers": seat["vote_markers"],
            "court": seat["court"],
            "reserve": seat["reserve"],
            "pending_vote": None,
            "decision": None,
        }
    return private


@pytest.mark.parametrize("game_name", ["lorenzo", "lancaster"])
def test_status_says_the_headers_prompt_and_last_move_in_words(game_name: str) -> None:
    view = _mid_game_view(game_name, 3)
    header = view["header"]
    header["prompt"] = "{p1}: sentinel prompt."
    header["last"] = {"seat": 2, "text": "x", "events": ["{p2} did a sentinel thing."], "places": []}
    drawing = draw_view(game_name, view, private=False)
    assert f"{seat_name(1)}: sentinel prompt." in drawing.canvas.texts
    assert f"Last move: {seat_name(2)} did a sentinel thing." in drawing.canvas.texts
    assert f"Last move: {seat_name(2)} did a sentinel thing." in drawing.alt_text
    assert not any("{p" in t for t in drawing.canvas.texts)


@pytest.mark.parametrize("game_name", ["lorenzo", "lancaster"])
def test_the_viewers_own_prompt_is_drawn_only_on_their_personal_board(game_name: str) -> None:
    """``your_prompt`` is the viewer's: a public board drawn from that view never shows it."""
    view = _as_private(_mid_game_view(game_name, 3))
    view["header"]["your_prompt"] = "SENTINEL-OWN-PROMPT"
    assert "SENTINEL-OWN-PROMPT" in draw_view(game_name, view, private=True).canvas.texts
    assert "SENTINEL-OWN-PROMPT" not in " ".join(draw_view(game_name, view, private=False).canvas.texts)


@pytest.mark.parametrize("game_name", ["lorenzo", "lancaster"])
def test_the_waiting_line_names_the_headers_active_seats(game_name: str) -> None:
    view = _mid_game_view(game_name, 3)
    view["header"].update(prompt=None, active=[0, 2], outcome=None)
    drawing = draw_view(game_name, view, private=False)
    assert f"Waiting for {seat_name(0)}, {seat_name(2)}" in drawing.canvas.texts
    assert f"To move: {seat_name(0)}, {seat_name(2)}." in drawing.alt_text


def _toy_header(**changes: Any) -> ViewHeader:
    header: ViewHeader = {
        "game": "toy",
        "title": "Toy Game",
        "seats": seat_headers(3),
        "viewer": None,
        "round": 2,
        "rounds": 4,
        "period": None,
        "phase": "play",
        "phase_title": "Playing",
        "order": [1, 2, 0],
        "active": [1],
        "prompt": "{p1}: move a piece.",
        "your_prompt": None,
        "last": {"seat": 0, "text": "move a1", "events": ["{p0} moved to a1."], "places": ["a1"]},
        "outcome": None,
        "score_unit": "points",
    }
    header.update(changes)  # type: ignore[typeddict-item]
    return header


def test_a_game_without_a_renderer_gets_a_board_from_its_header() -> None:
    """Issue 9 item 1: a game with no board of its own still shows title, round of rounds, phase,
    whom it waits for, every seat by colour and letter (display name when given), and the last
    move in words."""
    header = _toy_header()
    header["seats"][2]["name"] = "Carla"
    drawing = draw_view("toy", {"header": header, "pieces": [1, 2, 3]}, private=False)
    texts = drawing.canvas.texts
    assert "Toy Game" in texts
    assert "Round 2 of 4 · Playing" in texts
    assert f"{seat_name(1)}: move a piece." in texts
    assert f"Last move: {seat_name(0)} moved to a1." in texts
    rows = [seat_name(0), seat_name(1), f"{seat_name(2)} — Carla"]
    assert [t for t in texts if t in rows] == rows
    assert texts.count("to act") == 1
    assert "Toy Game board, round 2 of 4, Playing." in drawing.alt_text
    assert "pieces: 3 items" not in drawing.alt_text  # lists are summarised on the board only
    assert "3 items" in texts


def test_a_finished_game_without_a_renderer_shows_its_final_scoring() -> None:
    outcome: OutcomeJSON = {
        "scores": [5, 9, 7],
        "ranking": [1, 2, 0],
        "winners": [1],
        "breakdown": [{"goals": 5}, {"goals": 9}, {"goals": 7}],
        "notes": ["Ties share the place."],
    }
    header = _toy_header(active=[], prompt=None, outcome=outcome)
    image = render_view("toy", {"header": header}, private=False)
    drawing = draw_view("toy", {"header": header}, private=False)
    assert f"Final scoring — winner: {seat_name(1)}" in drawing.canvas.texts
    assert "9 points" in drawing.canvas.texts
    assert f"Winner: {seat_name(1)}." in image.alt_text
    assert image.filename.startswith("toy-board.")


def test_a_view_without_a_header_still_gets_a_title_and_its_round() -> None:
    """A game written from design.md alone (no header): the frame is made of the view's keys."""
    drawing = draw_view("chess", {"round": 3, "active": [1], "prompt": "{p1} to move"}, private=False)
    assert "chess" in drawing.canvas.texts
    assert "Round 3" in drawing.canvas.texts
    assert f"{seat_name(1)} to move" in drawing.canvas.texts


@pytest.mark.parametrize("game_name", ["lorenzo", "lancaster"])
def test_every_seat_view_carries_a_header_naming_the_seats(game_name: str) -> None:
    game = find_game(game_name)
    state = game.setup(players=3, seed=2, options={})
    for viewer in (None, 0, 2):
        header = game.player_view(state, viewer)["header"]
        assert set(header) == set(ViewHeader.__required_keys__)
        assert header["viewer"] == viewer and header["title"] == game.title
        assert [(s["colour"], s["letter"]) for s in header["seats"]] == [
            ("blue", "B"),
            ("orange", "O"),
            ("green", "G"),
        ]
        assert all(s["name"] is None for s in header["seats"])
