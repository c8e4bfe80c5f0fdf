"""The 8 extra laws (Henry V with The King's Resentment). Test names cite rules/lancaster/
EXPANSIONS.md section 7 (C1, C2) and 8 (S3)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.lancaster import GAME

from .helpers import deploy, empty_courts, play, rules_variant, run_law, set_cards, setup_game

BOTH: dict[str, Any] = {"henry_v": True, "kings_resentment": True}
EXTRA = [f"HL{i}" for i in range(1, 9)]


def _game(players: int = 3) -> dict[str, Any]:
    state = setup_game(players, **BOTH)
    empty_courts(state)
    return state


def _dealt(state: dict[str, Any]) -> list[str]:
    return [*state["proposals"], *state["law_pile"]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_C2_2_the_pile_stays_fifteen_with_the_extra_laws_shuffled_in(players: int) -> None:
    seen: set[str] = set()
    for seed in range(12):
        state = GAME.setup(players, seed, BOTH)
        dealt = _dealt(state)
        assert len(dealt) == 15 and len(set(dealt)) == 15
        backs = [GAME.data["laws"].get(x, GAME.data["extra_laws"]["laws"].get(x))["back"] for x in dealt]
        assert backs == sorted(backs) and backs.count(4) == 3  # group 1 on top, group 4 at the bottom
        seen |= set(dealt) & set(EXTRA)
    assert seen == set(EXTRA)
    for options in ({"henry_v": True}, {"kings_resentment": True}, {}):
        assert not set(_dealt(GAME.setup(players, 3, options))) & set(EXTRA)


def test_C2_2_reading_replace_two_per_group_deals_every_extra_law() -> None:
    with rules_variant({"extra_laws": {"mix": "replace_two_per_group"}}):
        state = GAME.setup(4, 1, BOTH)
        assert set(EXTRA) <= set(_dealt(state)) and len(_dealt(state)) == 15


def test_S3_no_view_holds_the_laws_left_out_of_the_pile() -> None:
    state = GAME.setup(4, 2, BOTH)
    left_out = (set(GAME.data["laws"]) | set(EXTRA)) - set(_dealt(state)) - set(state["current_laws"])
    for viewer in (None, 0, 1):
        text = json.dumps(GAME.player_view(state, viewer))
        assert not any(f'"{law}"' in text for law in left_out)
        assert not any(f'"{law}"' in text for law in state["law_pile"])


def test_C2_1_HL1_a_lord_on_an_office_gains_a_vote_marker() -> None:
    state = _game()
    state["court_spaces"]["marshal"] = {"seat": 0, "escort": 0, "tudor": False, "bishops": 0}
    state["seats"][0]["lord"] = "marshal"
    state["court_spaces"]["treasury"] = {"seat": 1, "escort": 0, "tudor": False, "bishops": 0}
    state["seats"][1]["lord"] = "treasury"
    votes = [seat["vote_markers"] for seat in state["seats"]]
    state, _ = run_law(state, "HL1")
    assert [seat["vote_markers"] for seat in state["seats"]] == [votes[0] + 1, votes[1], votes[2]]


def test_C2_1_HL2_a_knight_in_the_tower_discards_a_dishonor_marker() -> None:
    state = _game()
    state["tower"]["knights"] = [{"force": 1, "strength": 4}]
    state["forces"][1]["reserve"][3] -= 1
    state["seats"][1]["dishonor"] = 2
    state["seats"][2]["dishonor"] = 2
    box = state["dishonor_box"]
    state, events = run_law(state, "HL2")
    assert [seat["dishonor"] for seat in state["seats"]] == [0, 1, 2]
    assert state["dishonor_box"] == box + 1 and "{p1} discards 1 dishonor marker." in events


def test_C2_1_HL3_buy_royal_seals_at_two_gold_each() -> None:
    state = _game()
    state["seats"][0]["gold"] = 5
    state, _ = run_law(state, "HL3")
    assert state["pending"]["kind"] == "exchange" and state["pending"]["seat"] == 0
    assert [m.to_text() for m in GAME.legal_moves(state, 0)] == ["buy 0", "buy 1", "buy 2"]
    state, _ = play(state, 0, "buy 2")
    assert state["seats"][0]["seals"] == 2 and state["seats"][0]["gold"] == 1


def test_C2_1_HL4_players_without_dishonor_gain_three_points() -> None:
    state = _game()
    state["seats"][2]["dishonor"] = 1
    state, _ = run_law(state, "HL4")
    assert [seat["power_points"] for seat in state["seats"]] == [3, 3, 0]


def test_C2_1_HL5_a_seal_per_two_conflicts_joined() -> None:
    state = _game()
    set_cards(state, [("K01", "top"), ("K02", "top")])
    deploy(state, 0, 1, "conflict:K01")
    deploy(state, 0, 2, "conflict:K02")
    deploy(state, 1, 1, "conflict:K01")
    state, _ = run_law(state, "HL5")
    assert [seat["seals"] for seat in state["seats"]] == [1, 0, 0]


def test_C2_1_HL6_pay_two_gold_per_dishonor_marker_discarded_at_most_those_held() -> None:
    state = _game()
    state["seats"][0]["gold"] = 9
    state["seats"][0]["dishonor"] = 2
    state, _ = run_law(state, "HL6")
    assert [m.to_text() for m in GAME.legal_moves(state, 0)] == ["buy 0", "buy 1", "buy 2"]
    state, _ = play(state, 0, "buy 2")
    assert state["seats"][0]["dishonor"] == 0 and state["seats"][0]["gold"] == 5


def test_C2_1_HL7_most_seals_gain_five_all_tied() -> None:
    state = _game()
    state["seats"][0]["seals"] = state["seats"][2]["seals"] = 3
    state, _ = run_law(state, "HL7")
    assert [seat["power_points"] for seat in state["seats"]] == [5, 0, 5]


def test_C2_1_HL8_players_without_a_conflict_take_a_dishonor_marker_from_the_track() -> None:
    state = _game()
    set_cards(state, [("K01", "top")])
    deploy(state, 1, 1, "conflict:K01")
    track = sum(state["dishonor_track"])
    state, events = run_law(state, "HL8")
    assert [seat["dishonor"] for seat in state["seats"]] == [1, 0, 1]
    assert sum(state["dishonor_track"]) == track - 2 and "{p0} takes 1 dishonor marker." in events


def test_C2_3_allies_get_nothing_from_the_extra_laws() -> None:
    state = _game(2)
    state, _ = run_law(state, "HL4")
    assert [seat["power_points"] for seat in state["seats"]] == [3, 3]
    assert len(state["seats"]) == 2


def test_C1_phase_3_order_offices_then_tower_then_counties() -> None:
    state = _game()
    state["court_spaces"]["marshal"] = {"seat": 0, "escort": 0, "tudor": False, "bishops": 0}
    state["seats"][0]["lord"] = "marshal"
    state["tower"]["knights"] = [{"force": 1, "strength": 4}]
    state["forces"][1]["reserve"][3] -= 1
    deploy(state, 2, 1, "county:G")
    state, events = GAME.engine.run_steps(state, ["rewards"])
    office = next(i for i, e in enumerate(events) if "Earl Marshal rewards" in e)
    tower = next(i for i, e in enumerate(events) if e.startswith("The tower is cleared"))
    assert office < tower and state["pending"]["county"] == "G"


def test_1_3_the_rules_help_lists_the_extra_laws() -> None:
    text = GAME.rules_help()
    assert (
        "## Extra laws (Henry V with The King's Resentment) (options `henry_v` and `kings_resentment`)"
        in text
    )
    assert (
        "- **HL8** (extra law, back 4, provisional): Players with no knight in any conflict take 1 "
        "dishonor marker." in text
    )
