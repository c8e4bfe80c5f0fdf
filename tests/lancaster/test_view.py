"""The player view (rules/lancaster/view.py documents its keys) and prompts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from rules.lancaster import GAME, apply_overrides, load_base, make_game
from rules.playout import random_playout

from .helpers import play, setup_game, to_parliament

TOP_KEYS = {
    "header",  # the common rules.core.ViewHeader
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
    "known_state",  # a seat's view only (hidden.py)
    "expansions",
}


def test_view_has_the_documented_keys_and_board_contents() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
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
    assert view["last"] == {
        "seat": 1,
        "move": f"knight 1 conflict:{card}",
        "where": f"conflict:{card}",
        "events": [f"{{p1}} placed a strength-1 knight on conflict {card} (space 1)."],
        "places": [f"conflict:{card}"],
    }
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
    assert GAME.prompt(state, 0).text == "Place a knight."  # the court is on the board
    assert GAME.prompt(state, 1).text == "Waiting for {p0}."
    assert GAME.player_view(state, 1)["prompt"] is None


def test_favor_tiles_in_use_can_be_corrected_per_player_count() -> None:
    data = apply_overrides(load_base(), {"setup": {"favor_tiles": {"3": 2}}})
    game = make_game(data)
    assert game.setup(3, 1)["favor_tiles"] == [True] * 6  # default: all tiles (English text)
    state = game.setup(3, 1, {"favor_tiles_by_count": True})
    assert state["favor_tiles"] == [True, True]
    assert [t["index"] for t in game.player_view(state, None)["kings_favor"]] == [1, 2]


# -- "last": the move in words and the places it touched (the board image's highlight) --------


def _walk(players: int, seed: int) -> Iterator[tuple[dict[str, Any], int, str, dict[str, Any], list[str]]]:
    """(state before, seat, move text, state after, events) for a seeded random game."""
    for step in random_playout(GAME, players, seed):
        yield step.before, step.player, step.move.to_text(), step.after, step.events


def test_last_move_carries_the_events_of_the_move() -> None:
    """The view's last move says what happened in the channel's words (events of ``apply``)."""
    for _, seat, text, after, events in _walk(3, 5):
        last = GAME.player_view(after, None)["last"]
        assert last["seat"] == seat
        assert last["events"] == events
        assert last["move"] == ("vote" if text.startswith("vote ") else text)
        assert last["where"] == (last["places"][0] if last["places"] else None)


def test_6_4_kings_favor_choice_names_the_tile_taken() -> None:
    """6.4: the King's Favor tile chosen is the place the move touched."""
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"knight 1 conflict:{card}")
    state, events = play(state, 0, "favor 2")
    last = GAME.player_view(state, None)["last"]
    assert last["places"] == ["favor:2"]
    assert last["events"] == events and events[0].startswith("{p0} took King's Favor 2")


def test_7_2_a_vote_names_the_proposal_never_the_ballot_until_the_reveal() -> None:
    """7.2: votes are secret until everyone has voted: the public last move says only who voted
    on which proposal; the last ballot's move reveals every ballot in its events."""
    state = to_parliament(setup_game(3))
    law = state["proposals"][0]
    state, _ = play(state, 0, "vote yes markers=1")
    public = GAME.player_view(state, None)
    assert public["last"] == {
        "seat": 0,
        "move": "vote",
        "where": f"law:{law}",
        "events": ["{p0} has voted."],
        "places": [f"law:{law}"],
    }
    assert "yes" not in json.dumps(public["last"]) and "markers" not in json.dumps(public["last"])
    state, _ = play(state, 1, "vote no")
    state, events = play(state, 2, "vote no")
    last = GAME.player_view(state, None)["last"]
    assert last["places"] == [f"law:{law}"] and last["events"] == events
    assert any(e.startswith(f"{law} ") and "{p0} yes +1" in e for e in last["events"])


def test_8_1_county_choice_and_noble_name_the_county_and_the_table() -> None:
    """8.1: taking a noble touches the county's stack and the player's table; a reward only the
    county."""
    seen: dict[str, list[str]] = {}
    # Seeds chosen so the games include a King's Favor noble (seed 11 did under the rules before
    # issue 14's corrections, 12 does now).
    steps = [step for seed in (11, 12) for step in _walk(4, seed)]
    for before, seat, text, after, _ in steps:
        verb = text.split()[0]
        places = GAME.player_view(after, None)["last"]["places"]
        if verb == "take":
            letter = before["pending"]["county"]
            keeps = text != "take reward" and not before["pending"]["ally"]
            assert places == [f"county:{letter}"] + ([f"nobles:{seat}"] if keeps else [])
            seen.setdefault(text, places)
        elif verb == "noble":
            assert places[0] == f"county:{text.split()[1]}"
            assert places[1:] == ([] if before["pending"]["remove"] else [f"nobles:{seat}"])
            seen.setdefault("noble", places)
    assert {"take reward", "noble"} <= set(seen)
    assert {"take noble", "take both"} & set(seen)


def _exchange_place(before: dict[str, Any]) -> str:
    """Where the open exchange comes from, found independently from the data and the board."""
    e = before["pending"]["exchange"]
    for law in before["current_laws"]:
        if e in _flat(GAME.data["laws"][law]["effects"]):
            return f"law:{law}"
    for sid, space in {**GAME.data["castle"], **GAME.data["ally"]["castle"]}.items():
        if e in space["reward"]:
            return f"castle:{sid}"
    raise AssertionError("exchange from nowhere")


def _flat(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for x in effects:
        out.append(x)
        out += _flat(x.get("effects") or [])
    return out


def test_purchases_ransoms_upgrades_and_start_choice_name_their_places() -> None:
    """8.2 and 7.3 exchanges name the law or castle space used; 8.3 ransoms the payer's knights;
    upgrades the knight's place; 8.1 Surrey's start choice the chosen seat."""
    kinds: set[str] = set()
    for seed in (11, 12, 13):
        for before, seat, text, after, _ in _walk(4, seed):
            verb, _, arg = text.partition(" ")
            places = GAME.player_view(after, None)["last"]["places"]
            if verb == "buy":
                assert places == [_exchange_place(before)], text
            elif verb == "ransom":
                assert places == [f"knights:{seat}"]
            elif verb == "start":
                assert places == [f"seat:{arg.removeprefix('p')}"]
            elif verb == "upgrade" and arg != "none":
                kind, _, rest = arg.partition(":")
                expected = {
                    "court": f"knights:{seat}",
                    "conflict": f"conflict:{rest.split(':')[0]}",
                }.get(kind, arg)
                assert places == [expected]
            elif verb == "extension" and arg != "none":
                assert places == [f"castle:{arg.upper()}"]
            elif verb in ("knight", "ally"):
                assert places == [text.split()[2]]
            else:
                continue
            kinds.add(verb)
    assert {"buy", "ransom", "upgrade", "extension", "knight"} <= kinds


def test_old_saved_last_move_without_events_still_shows() -> None:
    """A state saved before events were recorded keeps working: no events, the old place."""
    state = setup_game(3)
    state, _ = play(state, 0, "knight 2 county:B")
    state["last_move"] = {"seat": 0, "move": "knight 2 county:B", "where": "county:B"}
    last = GAME.player_view(state, None)["last"]
    assert last == {
        "seat": 0,
        "move": "knight 2 county:B",
        "where": "county:B",
        "events": [],
        "places": ["county:B"],
    }


def test_events_add_gains_up_instead_of_repeating_lines() -> None:
    """Issue 12 item 8: one line per player for what they gain at once, one line for players
    who gain the same, amounts of one resource added up, plurals right."""
    from rules.lancaster.words import tally_gains

    events = [
        "{p1} gains 1 squire.",
        "{p1} gains 1 vote marker.",
        "{p1} gains 2 gold.",
        "{p1} gains 1 gold.",
        "Law L07 applies.",
        "{p0} gains 1 squire.",
        "{p2} gains 1 squire.",
        "{p3} gains 2 squires.",
    ]
    assert tally_gains(events) == [
        "{p1} gains 1 squire, 1 vote marker and 3 gold.",
        "Law L07 applies.",
        "{p0} and {p2} each gain 1 squire.",
        "{p3} gains 2 squires.",
    ]
