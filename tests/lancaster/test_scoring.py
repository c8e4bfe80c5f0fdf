"""Rules section 10: final scoring (nobles, castle and knight majorities) and the tie-break."""

from __future__ import annotations

from rules.lancaster import GAME
from rules.lancaster.scoring import majority

from .helpers import rules_variant, run_steps, setup_game


def _finish(state):
    state["round"] = 5
    state, _ = run_steps(state, ["end_round"])
    assert state["phase"] == "over"
    return GAME.outcome(state)


def test_10_majority_first_and_second_and_shared_first_has_no_second() -> None:
    assert majority([3, 2, 1], 6, 3, True) == [6, 3, 0]
    assert majority([3, 3, 1], 6, 3, True) == [6, 6, 0]  # shared first: no second place
    assert majority([3, 2, 2], 6, 3, True) == [6, 3, 3]  # all tied for second take it
    assert majority([3, 2], 6, 3, False) == [6, 0]  # two players: no second place


def test_10_final_scoring_breakdown() -> None:
    state = setup_game(3)
    seats = state["seats"]
    seats[0]["power_points"], seats[0]["power_points_by_source"] = 20, {"conflicts": 12, "laws": 8}
    seats[1]["power_points"], seats[1]["power_points_by_source"] = 15, {"laws": 15}
    seats[2]["power_points"], seats[2]["power_points_by_source"] = 10, {"conflicts": 10}
    seats[0]["nobles"] = list("ABCDE")  # 5 nobles -> 10
    seats[1]["nobles"] = list("ABCDEFGHI")  # 9 nobles -> 36
    seats[2]["nobles"] = ["A"]  # 1 noble -> 0
    seats[0]["extensions"] = ["X1", "X2", "X3"]  # most extensions -> 6
    seats[1]["extensions"] = ["X1", "X2"]  # second -> 3
    # Knights outside the reserve: seat 2 has recruited and upgraded the most.
    state["forces"][2]["reserve"] = [0, 0, 0, 0]
    state["forces"][2]["court"] = [1, 1, 1, 2, 2, 3, 4]
    out = _finish(state)
    assert out.breakdown[0] == {
        "conflicts": 12,
        "laws": 8,
        "nobles": 10,
        "castle majority": 6,
        "knight majority": 3,
    }
    assert out.breakdown[1] == {
        "conflicts": 0,
        "laws": 15,
        "nobles": 36,
        "castle majority": 3,
        "knight majority": 3,
    }
    assert out.breakdown[2] == {
        "conflicts": 10,
        "laws": 0,
        "nobles": 0,
        "castle majority": 0,
        "knight majority": 6,
    }
    assert out.scores == (39, 57, 16)
    assert out.ranking == (1, 0, 2) and out.winners == frozenset({1})


def test_10_knight_majority_counts_strength_outside_the_reserve_then_number() -> None:
    state = setup_game(3)
    # Seat 0: 1+2+4 = 7 with 3 knights; seat 1: 1+1+1+2+2 = 7 with 5 knights; seat 2: 1+2 = 3.
    state["forces"][0]["reserve"] = [2, 1, 1, 0]
    state["forces"][0]["court"] = [1, 2, 4]
    state["forces"][1]["reserve"] = [0, 0, 1, 1]
    state["forces"][1]["court"] = [1, 1, 1, 2, 2]
    out = _finish(state)
    assert [b["knight majority"] for b in out.breakdown] == [3, 6, 0]


def test_10_tie_break_most_nobles_then_knight_strength_else_shared() -> None:
    state = setup_game(3)
    for p in state["seats"]:
        p["power_points"], p["power_points_by_source"] = 10, {"laws": 10}
    out = _finish(state)
    # Equal in everything: all three share the win.
    assert len(set(out.scores)) == 1 and out.winners == frozenset({0, 1, 2})
    state = setup_game(3)
    state["seats"][2]["nobles"] = ["A"]  # 1 noble scores 0 but wins the tie-break
    out = _finish(state)
    assert out.scores[0] == out.scores[2]
    assert out.ranking[0] == 2 and out.winners == frozenset({2})


def test_10_outcome_is_none_while_the_game_runs() -> None:
    state = setup_game(4)
    assert GAME.outcome(state) is None
    assert GAME.player_view(state, None)["outcome"] is None


def _knights(state):
    # Seat 0: strength 1+2+4 = 7 with 3 knights; seat 1: 1+1+1+2+2 = 7 with 5; seat 2: 1+2 = 3.
    state["forces"][0]["reserve"] = [2, 1, 1, 0]
    state["forces"][0]["court"] = [1, 2, 4]
    state["forces"][1]["reserve"] = [0, 0, 1, 1]
    state["forces"][1]["court"] = [1, 1, 1, 2, 2]
    return state


def test_10_knight_majority_by_strength_by_default_or_by_count() -> None:
    out = _finish(_knights(setup_game(3)))
    assert [b["knight majority"] for b in out.breakdown] == [3, 6, 0]  # 7/5 beats 7/3
    with rules_variant({"final_scoring": {"knights": {"measure": "count"}}}):
        state = _knights(setup_game(3))
        state["forces"][2]["reserve"] = [0, 1, 1, 1]  # seat 2: 1+1+1+2 = 5 with 4 knights
        state["forces"][2]["court"] = [1, 1, 1, 2]
        out = _finish(state)
    # By count: seat 1 (5 knights) first, seat 2 (4) second, seat 0 (3, strength 7) nothing.
    assert [b["knight majority"] for b in out.breakdown] == [0, 6, 3]


def test_10_tie_break_most_nobles_by_default_or_the_listed_criteria() -> None:
    state = setup_game(3)
    state["seats"][1]["nobles"] = ["A"]  # 1 noble scores 0 PP but breaks the tie
    state["seats"][2]["extensions"] = ["X1", "X2"]  # castle majority: seat 2 first (+6), others 3
    state["seats"][0]["power_points"] = state["seats"][1]["power_points"] = (
        3  # + castle second 3 + knights 6 each
    )
    out = _finish(state)
    assert out.scores == (12, 12, 12)
    assert out.ranking == (1, 0, 2)  # seat 1: more nobles; seats 0 and 2 equal, seat order
    assert out.winners == frozenset({1})
    assert out.notes[0].startswith("Ties on PP are broken by most nobles, then by knight strength")
    with rules_variant({"final_scoring": {"tie_break": ["extensions"]}}):
        state = setup_game(3)
        state["seats"][1]["nobles"] = ["A"]
        state["seats"][2]["extensions"] = ["X1", "X2"]
        state["seats"][0]["power_points"] = state["seats"][1]["power_points"] = 3
        out = _finish(state)
    assert out.ranking[0] == 2 and out.winners == frozenset({2})
    assert out.notes[0].startswith("Ties on PP are broken by most extension tiles;")
