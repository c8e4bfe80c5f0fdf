"""The King's Resentment (option ``kings_resentment``). Test names cite rules/lancaster/
EXPANSIONS.md section 5 (R1-R7), 3.2 and 3.5 (setup per count), 8 (S2, S6), 9 (scoring) and 1."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lancaster import GAME
from rules.lancaster.data import DataError, apply_overrides, load_content

from .helpers import (
    deploy,
    empty_courts,
    give_court,
    move_texts,
    play,
    rules_variant,
    run_steps,
    set_cards,
    setup_game,
)

KR: dict[str, Any] = {"kings_resentment": True}


def _game(players: int = 3, **options: Any) -> dict[str, Any]:
    return setup_game(players, kings_resentment=True, **options)


def _evaluate(
    players: int, row: str, knights: list[tuple[int, int]], protected: tuple[int, ...] = ()
) -> tuple[dict[str, Any], list[str]]:
    """Conflict K05 (France 5) alone on ``row`` with ``knights`` (force, strength), evaluated."""
    state = _game(players)
    empty_courts(state)
    set_cards(state, [("K05", row)])
    for force, strength in knights:
        deploy(state, force, strength, "conflict:K05")
    state["protected"] = list(protected)
    return run_steps(state, ["conflict:K05"])


def _held(state: dict[str, Any]) -> list[int]:
    return [seat["dishonor"] for seat in state["seats"]]


@pytest.mark.parametrize(
    ("players", "per", "box", "neutral"), [(2, 2, 28, 4), (3, 3, 23, 3), (4, 4, 18, 2), (5, 4, 18, 0)]
)
def test_3_2_track_box_and_tower_knight_by_player_count(
    players: int, per: int, box: int, neutral: int
) -> None:
    state = GAME.setup(players, 1, KR)
    assert state["dishonor_track"] == [per] * 5 and state["dishonor_box"] == box
    assert state["tower"]["neutral"] == neutral and state["tower"]["knights"] == []
    assert _held(state) == [0] * players
    assert (
        "tower" not in GAME.setup(players, 1, {}) and "dishonor" not in GAME.setup(players, 1, {})["seats"][0]
    )


@pytest.mark.parametrize(("players", "least"), [(2, 4), (3, 3), (4, 2), (5, 1)])
def test_R2_1_the_tower_takes_knights_at_least_as_strong_as_its_own(players: int, least: int) -> None:
    state = _game(players)
    give_court(state, 0, [1, 2, 3, 4])
    towers = [t for t in move_texts(state, 0) if t.endswith(" tower")]
    assert towers == [f"knight {s} tower" for s in range(least, 5)]


def test_R2_1_one_knight_per_player_no_squires_no_favor_and_never_an_ally() -> None:
    state = _game(2)
    give_court(state, 0, [3, 4])
    give_court(state, 2, [4])
    assert "ally 4 tower" not in move_texts(state, 0)
    with pytest.raises(IllegalMove, match="Ally knights never enter the tower"):
        play(state, 0, "ally 4 tower")
    with pytest.raises(IllegalMove, match="Squires never go into the tower"):
        play(state, 0, "knight 4 tower squires=1")
    state, events = play(state, 0, "knight 4 tower")
    assert state["tower"]["knights"] == [{"force": 0, "strength": 4}] and state["pending"] is None
    assert events[0] == "{p0} placed a strength-4 knight in the tower."
    state["turn_seat"] = 0
    state["tower"]["neutral"] = 3  # a 3-knight would be strong enough, but the seat has one there
    assert not [t for t in move_texts(state, 0) if t.endswith(" tower")]
    with pytest.raises(IllegalMove, match="already have a knight in the tower"):
        play(state, 0, "knight 3 tower")


def test_R2_1_weaker_knights_are_refused_with_the_minimum() -> None:
    state = _game(3)
    give_court(state, 0, [2])
    with pytest.raises(IllegalMove, match="strength 3 or more"):
        play(state, 0, "knight 2 tower")


@pytest.mark.parametrize(
    ("reading", "towers"), [("above_neutral", []), ("none", ["knight 1 tower", "knight 4 tower"])]
)
def test_R2_2_other_readings_of_the_tower_minimum(reading: str, towers: list[str]) -> None:
    with rules_variant({"kings_resentment": {"engine": {"tower_requirement": reading}}}):
        state = _game(2)  # neutral knight 4: above it nothing can enter
        give_court(state, 0, [1, 4])
        assert [t for t in move_texts(state, 0) if t.endswith(" tower")] == towers


def test_R2_2_S6_the_tower_only_adds_places_and_a_seat_keeps_its_turn() -> None:
    state = _game(3)
    empty_courts(state)
    give_court(state, 1, [3])
    for letter in state["counties"]:  # every county is held by seat 1's own knights (cannot expel)
        state["counties"][letter] = {"force": 1, "strength": 4, "squires": 0}
    state["forces"][1]["castle"] = dict.fromkeys(GAME.data["castle"], 1)
    for card in state["conflicts"]:
        card["spaces"] = [
            {"force": 0, "knights": [1]},
            {"force": 2, "knights": [1]},
            {"force": 0, "knights": [1]},
        ]
    state, _ = run_steps(state, ["next_turn"])
    assert state["turn_seat"] == 1 and move_texts(state, 1) == ["knight 3 tower"]


def test_R2_2_the_no_place_event_names_the_tower() -> None:
    state = _game(3)
    empty_courts(state)
    give_court(state, 1, [1])
    for letter in state["counties"]:
        state["counties"][letter] = {"force": 1, "strength": 4, "squires": 0}
    state["forces"][1]["castle"] = dict.fromkeys(GAME.data["castle"], 1)
    state["conflicts"] = []
    state, events = run_steps(state, ["next_turn"])
    assert state["phase"] == "vote"
    assert any("tower takes only knights of strength 3 or more" in e for e in events)


def test_R4_1_the_tower_is_cleared_before_counties_and_protects_its_owners() -> None:
    state = _game(3)
    empty_courts(state)
    state["tower"]["knights"] = [{"force": 2, "strength": 4}]
    state["forces"][2]["reserve"][3] -= 1
    deploy(state, 0, 1, "county:G")
    state, events = run_steps(state, ["rewards"])
    cleared = "The tower is cleared: {p2} takes their knight back to court and is protected from dishonor"
    assert cleared + " this round." in events
    assert state["pending"]["kind"] == "county" and state["pending"]["county"] == "G"  # after the tower
    assert state["tower"]["knights"] == [] and state["tower"]["neutral"] == 3
    assert state["protected"] == [2] and 4 in state["forces"][2]["court"]


def test_R4_2_absentees_of_a_lost_conflict_take_dishonor_participants_and_protected_do_not() -> None:
    state, events = _evaluate(4, "top", [(0, 1)], (2,))
    assert _held(state) == [0, 1, 0, 1]
    assert state["dishonor_track"][0] == 4 - 2
    assert any("{p1}, {p3} take 1 dishonor marker ({p2} sheltered in the tower)" in e for e in events)


def test_R4_2_a_second_loss_dishonors_again_before_the_capture() -> None:
    state, events = _evaluate(3, "bottom", [(1, 1)])
    assert _held(state) == [1, 0, 1]  # dealt before the capture: seat 1's knight spared it
    # Said after the loss it follows from (playtest: the shame line came before the loss line).
    loss = next(i for i, e in enumerate(events) if e.startswith("England loses"))
    shame = next(i for i, e in enumerate(events) if "shames" in e)
    assert loss < shame


def test_R4_2_R4_3_dishonor_is_said_after_the_loss_or_the_unanswered_card() -> None:
    state, events = _evaluate(3, "top", [(1, 1)])
    assert [e.split(" ")[:2] for e in events] == [["England", "loses"], ["England's", "loss"]]
    state = _game(3)
    empty_courts(state)
    set_cards(state, [("K01", "top")])
    state, events = run_steps(state, ["conflict:K01"])
    assert events[0].startswith("Conflict K01 unanswered") and "shames" in events[1]


def test_R4_2_a_won_conflict_gives_no_dishonor() -> None:
    state = _game(3)
    empty_courts(state)
    set_cards(state, [("K01", "top")])
    france = GAME.data["conflicts"]["K01"]["france"]
    for _ in range(max(1, (france + 3) // 4)):
        deploy(state, 0, 4, "conflict:K01") if state["forces"][0]["reserve"][3] else deploy(
            state, 1, 4, "conflict:K01"
        )
    state, _ = run_steps(state, ["conflict:K01"])
    assert all(seat["dishonor"] == 0 for seat in state["seats"])


def test_R4_2_R7_1_allies_take_none_and_do_not_spare_their_player() -> None:
    state, _ = _evaluate(2, "top", [(2, 1)])
    assert _held(state) == [1, 1]


def test_R4_2_reading_ally_knights_protect() -> None:
    with rules_variant({"kings_resentment": {"engine": {"ally_knights_protect": True}}}):
        state, _ = _evaluate(2, "top", [(2, 1)])
        assert _held(state) == [0, 1]


def test_R4_3_an_unjoined_card_dishonors_everyone_each_time_it_is_evaluated() -> None:
    state, _ = _evaluate(3, "top", [])
    assert _held(state) == [1, 1, 1]
    state, _ = run_steps(state, ["conflict:K05"])  # now on the bottom row: discarded, again
    assert _held(state) == [2, 2, 2] and state["conflicts"] == []
    with rules_variant({"kings_resentment": {"engine": {"unjoined_cards_dishonor": False}}}):
        quiet = _game(3)
        empty_courts(quiet)
        set_cards(quiet, [("K05", "top")])
        quiet, _ = run_steps(quiet, ["conflict:K05"])
        assert all(seat["dishonor"] == 0 for seat in quiet["seats"])


def test_R4_4_reading_participants_dishonors_those_on_the_card() -> None:
    with rules_variant({"kings_resentment": {"engine": {"dishonor_takers": "participants"}}}):
        state, _ = _evaluate(3, "top", [(0, 1)])
        assert _held(state) == [1, 0, 0]


def test_R4_5_markers_come_from_the_round_space_then_the_box_then_beyond() -> None:
    state = _game(3)
    empty_courts(state)
    state["round"] = 2
    state["dishonor_track"] = [3, 1, 3, 3, 3]
    state["dishonor_box"] = 1
    set_cards(state, [("K05", "top")])
    state, _ = run_steps(state, ["conflict:K05"])  # three seats, one marker each
    assert state["dishonor_track"] == [3, 0, 3, 3, 3] and state["dishonor_box"] == 0
    assert state["dishonor_extra"] == 1
    assert _held(state) == [1, 1, 1]


def test_R5_1_protection_ends_with_the_round() -> None:
    state = _game(3)
    empty_courts(state)
    state["protected"] = [1]
    state, _ = run_steps(state, ["end_round"])
    assert state["protected"] == []


def test_R3_1_tower_knights_count_as_deployed_and_can_be_upgraded() -> None:
    state = _game(3)
    empty_courts(state)
    state["forces"][0]["reserve"][2] -= 1
    state["tower"]["knights"] = [{"force": 0, "strength": 3}]
    state, _ = run_steps(state, ["law:L01"])  # most gold (all tied at 0+): may upgrade a deployed knight
    assert "upgrade tower:3" in move_texts(state, state["pending"]["seat"]) or state["pending"]["seat"] != 0
    while state["pending"] is not None and state["pending"]["seat"] != 0:
        state, _ = play(state, state["pending"]["seat"], "upgrade none")
    state, _ = play(state, 0, "upgrade tower:3")
    assert state["tower"]["knights"] == [{"force": 0, "strength": 4}]
    assert state["forces"][0]["reserve"][3] == GAME.data["knight_set"].count(4) - 1


def test_R6_1_each_marker_costs_two_points_on_a_breakdown_line() -> None:
    state = _game(3)
    state["seats"][1]["dishonor"] = 3
    outcome = GAME.outcome({**state, "phase": "over"})
    assert outcome is not None
    assert outcome.breakdown[1]["dishonor"] == -6 and outcome.breakdown[0]["dishonor"] == 0
    assert outcome.scores[1] == sum(outcome.breakdown[1].values())
    plain = GAME.outcome({**setup_game(3), "phase": "over"})
    assert plain is not None and all("dishonor" not in b for b in plain.breakdown)


def test_S2_the_track_box_markers_and_tower_are_public() -> None:
    state = _game(3)
    state["tower"]["knights"] = [{"force": 1, "strength": 3}]
    for seat in (None, 0, 2):
        part = GAME.player_view(state, seat)["expansions"]["kings_resentment"]
        assert (
            part["track"] == [3] * 5 and part["box"] == 23 and part["tower"] == [{"seat": 1, "strength": 3}]
        )
        assert part["tower_minimum"] == 3 and part["points_per_marker"] == -2 and part["provisional"]


def test_1_1_overrides_correct_the_values_and_a_bad_value_is_refused() -> None:
    data = apply_overrides(load_content(), {"kings_resentment": {"dishonor_points": -3}})
    assert "kings_resentment.dishonor_points" not in data["provisional"]
    with pytest.raises(DataError, match=r"kings_resentment\.engine\.dishonor_takers"):
        apply_overrides(load_content(), {"kings_resentment": {"engine": {"dishonor_takers": "all"}}})
    with pytest.raises(DataError, match=r"kings_resentment\.dishonor_points"):
        apply_overrides(load_content(), {"kings_resentment": {"dishonor_points": 2}})


def test_1_1_offered_with_its_choices_and_values_in_the_rules_help() -> None:
    option = next(o for o in GAME.options() if o.name == "kings_resentment")
    assert option.default is False and "provisional" in option.description
    text = GAME.rules_help()
    assert "## The King's Resentment (option `kings_resentment`)" in text
    assert "`kings_resentment.dishonor_points` = -2" in text and "`knight 4 tower`" in text
    options = GAME.setup(3, 1, KR)["options"]
    assert options["kings_resentment"] and not options["queenie"] and not options["henry_v"]
