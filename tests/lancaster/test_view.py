"""The player view (rules/lancaster/view.py documents its keys) and prompts."""

from __future__ import annotations

import json

from rules.lancaster import GAME, apply_overrides, load_base, make_game

from .helpers import play, setup_game

TOP_KEYS = {
    "game",
    "viewer",
    "players",
    "round",
    "phase",
    "start_player",
    "active",
    "prompt",
    "counties",
    "conflicts",
    "conflict_deck",
    "kings_favor",
    "favors_left",
    "parliament",
    "seats",
    "me",
    "last",
    "outcome",
    "provisional",
}


def test_view_has_the_documented_keys_and_board_contents() -> None:
    state = setup_game(3)
    card = state["cards"][0]["id"]
    state, _ = play(state, 0, "knight 2 county:B squires=1")
    state, _ = play(state, 1, f"knight 1 conflict:{card}")
    view = GAME.player_view(state, 1)
    json.dumps(view)
    assert set(view) == TOP_KEYS
    b = next(c for c in view["counties"] if c["letter"] == "B")
    assert b["min_strength"] == 2 and b["nobles"]["count"] == 2
    assert b["occupant"] == {"seat": 0, "ally": False, "strength": 2, "squires": 1, "total": 3}
    conflict = next(c for c in view["conflicts"] if c["id"] == card)
    assert conflict["spaces"] == [{"seat": 1, "ally": False, "knights": [1], "strength": 1}]
    assert conflict["france"] == GAME.data["conflicts"][card]["france"]
    assert view["me"]["decision"] is not None  # seat 1 must choose a King's Favor tile
    assert view["prompt"].startswith("Choose a face-up King's Favor tile")
    assert view["last"] == {"seat": 1, "move": f"knight 1 conflict:{card}", "where": f"conflict:{card}"}
    assert len(view["parliament"]["current"]) == 3 and len(view["parliament"]["proposals"]) == 3
    assert view["seats"][0]["castle"][0] == {
        "space": "X1",
        "name": "Squires' hall",
        "reward": "2 squires",
        "extended": True,
        "knight": None,
    }
    assert view["seats"][1]["court"] == [2]


def test_prompts_placement_decisions_and_waiting() -> None:
    state = setup_game(3)
    assert not GAME.prompt(state, 0).decision
    assert GAME.prompt(state, 0).text.startswith("Place a knight from your court (1, 2)")
    assert GAME.prompt(state, 1).text == "Waiting for {p0}."
    assert GAME.player_view(state, 1)["prompt"] is None


def test_favor_tiles_in_use_can_be_corrected_per_player_count() -> None:
    data = apply_overrides(load_base(), {"setup": {"favor_tiles": {"3": 2}}})
    game = make_game(data)
    assert game.setup(3, 1)["favor"] == [True] * 6  # default: all tiles (English text)
    state = game.setup(3, 1, {"favor_tiles_by_count": True})
    assert state["favor"] == [True, True]
    assert [t["index"] for t in game.player_view(state, None)["kings_favor"]] == [1, 2]
