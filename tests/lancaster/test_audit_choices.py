"""Audit: the rules points the reference leaves unknown are data values with named readings.

lancaster.md marks these [U]: conflict rank ties and cards nobody joins (8.3, 16 item 4), whether a
knight may use an extended castle space (17.2), the ally's conflict rank (11), how "most knights"
is measured and the tie-breaker (10). Each is a provisional value under ``engine`` or
``final_scoring`` in data/base.json, listed in the rules help; an override picks another reading.
Every test checks the default and the other reading with numbers.
"""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lancaster import GAME, DataError, apply_overrides, load_base

from .helpers import deploy, empty_courts, play, rules_variant, run_steps, set_cards, setup_game
from .test_playouts import playout

CHOICES = [
    "engine.conflict_rank_ties",
    "engine.unjoined_conflicts",
    "engine.ally_conflict_rank",
    "engine.knight_on_extended_space",
    "engine.deployed_includes_castle",
    "engine.surrey_unclaimed_keeps_start_player",
    "final_scoring.tie_break",
    "final_scoring.knights",
    "laws.L09.effects",
    "laws.L16.effects",
    "counties.D.reward",
]


def test_16_every_rules_choice_is_provisional_and_in_the_rules_help() -> None:
    text = GAME.rules_help()
    for path in CHOICES:
        assert path in GAME.data["provisional"], path
        assert f"`{path}`" in text, path
    assert GAME.data["engine"]["conflict_rank_ties"] == "higher_space"
    assert GAME.data["final_scoring"]["tie_break"] == ["nobles", "knight_strength"]


def test_16_a_reading_outside_the_named_ones_is_refused() -> None:
    with pytest.raises(DataError) as err:
        apply_overrides(
            load_base(),
            {
                "engine": {"conflict_rank_ties": "split", "knight_on_extended_space": "yes"},
                "final_scoring": {"tie_break": ["gold"], "knights": {"measure": "height"}},
            },
        )
    text = str(err.value)
    assert "engine.conflict_rank_ties: expected one of higher_space, shared" in text
    assert "engine.knight_on_extended_space: expected true or false" in text
    assert "final_scoring.tie_break[0]" in text and "final_scoring.knights.measure" in text


def _tied_card(state):
    set_cards(state, [("K06", "top")])  # France 5; PP 6 / 4 / 2
    deploy(state, 1, 2, "conflict:K06")  # space 1: strength 2
    deploy(state, 0, 1, "conflict:K06")  # space 2: 1 + 1 = 2, tied with space 1
    deploy(state, 0, 1, "conflict:K06")
    deploy(state, 2, 1, "conflict:K06")  # space 3: 1; total 5 meets France 5
    return state


def test_8_3_rank_ties_higher_space_by_default_shared_as_the_other_reading() -> None:
    state = _tied_card(setup_game(3))
    won, events = run_steps(state, ["conflict:K06"])
    assert [p["power_points"] for p in won["seats"]] == [4, 6, 2]  # space 1 ranks first on the tie
    assert "{p1} rank 1: 6 PP; {p0} rank 2: 4 PP; {p2} rank 3: 2 PP" in events[0]
    with rules_variant({"engine": {"conflict_rank_ties": "shared"}}):
        state = _tied_card(setup_game(3))
        won, events = run_steps(state, ["conflict:K06"])
    # Both tied players take rank 1 (6 PP); the next player is third (2 PP), rank 2 is skipped.
    assert [p["power_points"] for p in won["seats"]] == [6, 6, 2]
    assert "{p2} rank 3: 2 PP" in events[0]


def test_8_3_a_card_nobody_joins_slides_by_default_or_is_discarded_at_once() -> None:
    state = setup_game(3)
    set_cards(state, [("K05", "top")])
    slid, _ = run_steps(state, ["conflict:K05"])
    assert slid["conflicts"] == [{"id": "K05", "row": "bottom", "spaces": []}]
    with rules_variant({"engine": {"unjoined_conflicts": "discard"}}):
        state = setup_game(3)
        set_cards(state, [("K05", "top")])
        gone, events = run_steps(state, ["conflict:K05"])
    assert gone["conflicts"] == []
    assert events == ["Nobody answered conflict K05; it is discarded."]


def _ally_first(state):
    set_cards(state, [("K06", "top")])  # France 5; PP 6 / 4 / 2
    deploy(state, 2, 3, "conflict:K06")  # seat 0's ally: strongest
    deploy(state, 0, 2, "conflict:K06")
    deploy(state, 1, 1, "conflict:K06")
    return state


def test_11_ally_rank_forfeited_by_default_or_passed_down() -> None:
    won, _ = run_steps(_ally_first(setup_game(2)), ["conflict:K06"])
    assert [p["power_points"] for p in won["seats"]] == [4, 2]  # the ally's 6 PP are lost
    with rules_variant({"engine": {"ally_conflict_rank": "pass_down"}}):
        won, events = run_steps(_ally_first(setup_game(2)), ["conflict:K06"])
    assert [p["power_points"] for p in won["seats"]] == [6, 4]  # the ally takes no rank
    assert "{p0}'s ally takes no rank (an ally)" in events[0]
    assert 3 in won["forces"][2]["court"]  # the ally knight still comes home


def test_6_3_and_8_2_knight_on_an_extended_space_refused_by_default_or_pays_twice() -> None:
    state = setup_game(3)  # every seat built X1 (2 squires)
    with pytest.raises(IllegalMove, match="covered by your extension"):
        play(state, 0, "knight 1 castle:X1")
    with rules_variant({"engine": {"knight_on_extended_space": True}}):
        state = setup_game(3)
        state, _ = play(state, 0, "knight 1 castle:X1")
        empty_courts(state)
        state, _ = run_steps(state, ["castle:0"])
    assert state["seats"][0]["squires"] == 2 + 2 + 2  # the tile and the knight both pay


def _final(state):
    state["round"] = 5
    state, _ = run_steps(state, ["end_round"])
    return GAME.outcome(state)


def _knights(state):
    # Seat 0: strength 1+2+4 = 7 with 3 knights; seat 1: 1+1+1+2+2 = 7 with 5; seat 2: 1+2 = 3.
    state["forces"][0]["reserve"] = [2, 1, 1, 0]
    state["forces"][0]["court"] = [1, 2, 4]
    state["forces"][1]["reserve"] = [0, 0, 1, 1]
    state["forces"][1]["court"] = [1, 1, 1, 2, 2]
    return state


def test_10_knight_majority_by_strength_by_default_or_by_count() -> None:
    out = _final(_knights(setup_game(3)))
    assert [b["knight majority"] for b in out.breakdown] == [3, 6, 0]  # 7/5 beats 7/3
    with rules_variant({"final_scoring": {"knights": {"measure": "count"}}}):
        state = _knights(setup_game(3))
        state["forces"][2]["reserve"] = [0, 1, 1, 1]  # seat 2: 1+1+1+2 = 5 with 4 knights
        state["forces"][2]["court"] = [1, 1, 1, 2]
        out = _final(state)
    # By count: seat 1 (5 knights) first, seat 2 (4) second, seat 0 (3, strength 7) nothing.
    assert [b["knight majority"] for b in out.breakdown] == [0, 6, 3]


def test_10_tie_break_most_nobles_by_default_or_the_listed_criteria() -> None:
    state = setup_game(3)
    state["seats"][1]["nobles"] = ["A"]  # 1 noble scores 0 PP but breaks the tie
    state["seats"][2]["extensions"] = ["X1", "X2"]  # castle majority: seat 2 first (+6), others 3
    state["seats"][0]["power_points"] = state["seats"][1]["power_points"] = (
        3  # + castle second 3 + knights 6 each
    )
    out = _final(state)
    assert out.scores == (12, 12, 12)
    assert out.ranking == (1, 0, 2)  # seat 1: more nobles; seats 0 and 2 equal, seat order
    assert out.winners == frozenset({1})
    assert out.notes[0].startswith("Ties on PP are broken by most nobles, then by knight strength")
    with rules_variant({"final_scoring": {"tie_break": ["extensions"]}}):
        state = setup_game(3)
        state["seats"][1]["nobles"] = ["A"]
        state["seats"][2]["extensions"] = ["X1", "X2"]
        state["seats"][0]["power_points"] = state["seats"][1]["power_points"] = 3
        out = _final(state)
    assert out.ranking[0] == 2 and out.winners == frozenset({2})
    assert out.notes[0].startswith("Ties on PP are broken by most extension tiles;")


ALL_OTHER_READINGS = {
    "engine": {
        "deployed_includes_castle": False,
        "surrey_unclaimed_keeps_start_player": False,
        "knight_on_extended_space": True,
        "conflict_rank_ties": "shared",
        "unjoined_conflicts": "discard",
        "ally_conflict_rank": "pass_down",
    },
    "final_scoring": {"tie_break": ["extensions", "knight_count"], "knights": {"measure": "count"}},
}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_16_random_playouts_with_every_other_reading(players: int) -> None:
    """Seeded random games to the end with every rules choice switched to its other reading."""
    with rules_variant(ALL_OTHER_READINGS):
        for seed in (1, 2):
            playout(players, 500 + seed, {}, deep=False)


def test_3_castle_knights_count_as_deployed_by_default_or_not() -> None:
    """L14 (all three 1-knights deployed: 5 PP) with one 1-knight in the castle."""

    def arranged():
        state = setup_game(3)
        empty_courts(state)
        deploy(state, 0, 1, "county:G")
        deploy(state, 0, 1, "county:H")
        deploy(state, 0, 1, "castle:X2")
        return state

    state, _ = run_steps(arranged(), ["law:L14"])
    assert state["seats"][0]["power_points"] == 5
    with rules_variant({"engine": {"deployed_includes_castle": False}}):
        state, _ = run_steps(arranged(), ["law:L14"])
    assert state["seats"][0]["power_points"] == 0
