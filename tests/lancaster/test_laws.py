"""Rules section 7.3 and the data file's 'laws': every one of the 18 base laws with its numbers.

Each test arranges the board, applies the law alone (``run_law``) and checks the exact result.
Players: 3, seat 0 starts, so "player order" is 0, 1, 2.
"""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lancaster import GAME

from .helpers import deploy, empty_courts, move_texts, play, rules_variant, run_law, run_steps, setup_game


def _pp(state):
    return [p["power_points"] for p in state["seats"]]


@pytest.fixture
def state():
    s = setup_game(3)
    empty_courts(s)  # the knights used below come from the reserve
    return s


def _cards(s):
    return [c["id"] for c in s["conflicts"]]


def test_law_L01_most_gold_upgrades_a_deployed_knight_all_tied(state) -> None:
    state["seats"][0]["gold"] = 5
    state["seats"][1]["gold"] = 5
    deploy(state, 0, 1, "county:G")
    deploy(state, 1, 2, f"conflict:{_cards(state)[0]}")
    deploy(state, 2, 1, "county:H")
    state, _ = run_law(state, "L01")
    assert state["pending"]["seat"] == 0
    assert move_texts(state, 0) == ["upgrade county:G", "upgrade none"]
    state, _ = play(state, 0, "upgrade county:G")
    assert state["counties"]["G"]["strength"] == 2
    state, _ = play(state, 1, f"upgrade conflict:{_cards(state)[0]}:2")
    assert state["conflicts"][0]["spaces"] == [{"force": 1, "knights": [3]}]
    assert state["pending"] is None  # seat 2 (2 gold) gets nothing
    assert state["counties"]["H"]["strength"] == 1


def test_law_L02_most_squires_recruit_a_strength_1_knight(state) -> None:
    state["seats"][0]["squires"] = 3
    state["seats"][2]["squires"] = 3
    state, _ = run_law(state, "L02")
    assert [f["court"] for f in state["forces"]] == [[1], [], [1]]


def test_law_L03_three_pp_per_two_counties(state) -> None:
    for letter in "GHI":
        deploy(state, 0, 1, f"county:{letter}")
    deploy(state, 1, 2, "county:B")
    deploy(state, 1, 2, "county:C")
    deploy(state, 2, 3, "county:D")
    state, _ = run_law(state, "L03")
    assert _pp(state) == [3, 3, 0]


def test_law_L04_buy_vote_markers_one_gold_each_in_player_order(state) -> None:
    state["seats"][1]["gold"] = 0
    state, _ = run_law(state, "L04")
    assert state["pending"]["seat"] == 0
    assert move_texts(state, 0) == ["buy 0", "buy 1", "buy 2"]
    state, _ = play(state, 0, "buy 2")
    # Seat 1 has no gold but is still asked (only "buy 0"): gold is secret with 3+ players.
    assert state["pending"]["seat"] == 1
    assert move_texts(state, 1) == ["buy 0"]
    state, _ = play(state, 1, "buy 0")
    assert state["pending"]["seat"] == 2
    with pytest.raises(IllegalMove):
        play(state, 2, "buy 3")
    state, _ = play(state, 2, "buy 1")
    assert [(p["gold"], p["vote_markers"]) for p in state["seats"]] == [(0, 3), (0, 1), (1, 2)]


def test_law_L05_squire_and_gold_for_three_pp_any_number_of_times(state) -> None:
    state["seats"][0]["gold"] = 3
    state, _ = run_law(state, "L05")
    assert move_texts(state, 0)[-1] == "buy 2"  # 2 squires limit it
    state, _ = play(state, 0, "buy 2")
    state, _ = play(state, 1, "buy 0")
    state, _ = play(state, 2, "buy 1")
    assert _pp(state) == [6, 0, 3]
    assert [(p["gold"], p["squires"]) for p in state["seats"]] == [(1, 0), (2, 2), (1, 1)]


def test_law_L06_may_build_one_extension_per_two_conflicts(state) -> None:
    a, b = _cards(state)
    deploy(state, 0, 1, f"conflict:{a}")
    deploy(state, 0, 1, f"conflict:{b}")
    deploy(state, 1, 1, f"conflict:{a}")
    state, _ = run_law(state, "L06")
    assert state["pending"]["seat"] == 0
    moves = move_texts(state, 0)
    assert moves == [
        "extension X2",
        "extension X3",
        "extension X4",
        "extension X5",
        "extension X6",
        "extension none",
    ]
    state, _ = play(state, 0, "extension X5")
    assert state["pending"] is None
    assert [p["extensions"] for p in state["seats"]] == [["X1", "X5"], ["X1"], ["X1"]]


def test_law_L07_one_squire_per_deployed_strength_2_knight_castle_counts(state) -> None:
    deploy(state, 0, 2, "county:B")
    deploy(state, 0, 2, "castle:X3")
    deploy(state, 1, 2, f"conflict:{_cards(state)[0]}")
    state["forces"][2]["court"] = [2]  # a 2-knight in court is not deployed
    state["forces"][2]["reserve"][1] -= 1
    state, _ = run_law(state, "L07")
    assert [p["squires"] for p in state["seats"]] == [4, 3, 2]


def test_law_L08_squire_vote_and_gold_per_two_conflicts(state) -> None:
    a, b = _cards(state)
    deploy(state, 0, 1, f"conflict:{a}")
    deploy(state, 0, 1, f"conflict:{b}")
    deploy(state, 1, 1, f"conflict:{a}")
    state, _ = run_law(state, "L08")
    assert [(p["squires"], p["vote_markers"], p["gold"]) for p in state["seats"]] == [
        (3, 2, 3),
        (2, 1, 2),
        (2, 1, 2),
    ]


def test_law_L09_without_a_deployed_2_knight_upgrade_one_deployed_knight(state) -> None:
    deploy(state, 0, 2, "county:B")
    deploy(state, 0, 1, "county:G")
    deploy(state, 1, 1, "county:H")
    state, _ = run_law(state, "L09")
    # Seat 0 has a deployed 2-knight: not asked. Seat 1 is; seat 2 has nothing deployed.
    assert state["pending"]["seat"] == 1
    state, _ = play(state, 1, "upgrade county:H")
    assert state["counties"]["H"]["strength"] == 2
    assert state["pending"] is None


def _l09_board(state):
    deploy(state, 0, 2, "county:B")  # seat 0: a deployed 2-knight, so L09 gives it nothing
    state["forces"][1]["court"] = [1]  # seat 1: a 1-knight in court, nothing deployed
    state["forces"][1]["reserve"][0] -= 1
    deploy(state, 2, 1, "county:H")  # seat 2: a deployed 1-knight and a 3-knight in court
    state["forces"][2]["court"] = [3]
    state["forces"][2]["reserve"][2] -= 1
    return state


def test_law_L09_corrections_any_own_knight_may_be_upgraded_not_only_deployed(state) -> None:
    """Corrections 2026-12 (Lancaster): L09 reads "may upgrade 1 of their knights" (a published
    law summary), so a knight in court may be upgraded too; the condition (no deployed 2-knight)
    is unchanged. Before the correction only deployed knights were offered."""
    assert GAME.data["laws"]["L09"]["text"].endswith("may upgrade 1 of their knights.")
    assert "laws.L09.effects" not in GAME.data["provisional"]
    state, _ = run_law(_l09_board(state), "L09")
    assert state["pending"]["seat"] == 1  # seat 0 has a deployed 2-knight: not asked
    assert move_texts(state, 1) == ["upgrade court:1", "upgrade none"]
    state, _ = play(state, 1, "upgrade court:1")
    assert state["forces"][1]["court"] == [2]
    assert move_texts(state, 2) == ["upgrade court:3", "upgrade county:H", "upgrade none"]
    deployed_only = [dict(GAME.data["laws"]["L09"]["effects"][0])]
    deployed_only[0]["effects"] = [{"type": "upgrade_knight", "steps": 1, "target": "deployed", "amount": 1}]
    with rules_variant({"laws": {"L09": {"effects": deployed_only}}}):
        before, _ = run_law(_l09_board(_fresh_state_without_courts()), "L09")
    assert before["pending"]["seat"] == 2 and move_texts(before, 2) == ["upgrade county:H", "upgrade none"]


def _fresh_state_without_courts():
    state = setup_game(3)
    empty_courts(state)
    return state


def test_law_L10_swap_a_deployed_3_knight_for_the_4_knight(state) -> None:
    deploy(state, 0, 3, "county:D")
    deploy(state, 1, 3, "county:E")
    state["forces"][1]["reserve"][3] = 0  # seat 1's 4-knight is not in the reserve
    state["forces"][1]["court"] = [4]
    state, _ = run_law(state, "L10")
    assert move_texts(state, 0) == ["upgrade county:D", "upgrade none"]
    state, _ = play(state, 0, "upgrade county:D")
    assert state["counties"]["D"]["strength"] == 4
    assert state["pending"] is None
    assert state["counties"]["E"]["strength"] == 3


def test_law_L11_five_pp_per_three_extensions(state) -> None:
    state["seats"][0]["extensions"] = ["X1", "X2", "X3"]
    state["seats"][1]["extensions"] = ["X1", "X2", "X3", "X4", "X5", "X6"]
    state, _ = run_law(state, "L11")
    assert _pp(state) == [5, 10, 0]


def test_law_L12_three_pp_per_conflict_involved(state) -> None:
    a, b = _cards(state)
    deploy(state, 0, 1, f"conflict:{a}")
    deploy(state, 0, 1, f"conflict:{a}")
    deploy(state, 0, 1, f"conflict:{b}")
    deploy(state, 2, 1, f"conflict:{b}")
    state, _ = run_law(state, "L12")
    assert _pp(state) == [6, 0, 3]
    assert state["seats"][0]["power_points_by_source"] == {"laws": 6}


def test_law_L13_eight_pp_per_three_counties(state) -> None:
    for letter in "GHI":
        deploy(state, 0, 1, f"county:{letter}")
    deploy(state, 1, 2, "county:B")
    deploy(state, 1, 2, "county:C")
    state, _ = run_law(state, "L13")
    assert _pp(state) == [8, 0, 0]


def test_law_L14_five_pp_for_all_three_1_knights_deployed(state) -> None:
    deploy(state, 0, 1, "county:G")
    deploy(state, 0, 1, "castle:X2")
    deploy(state, 0, 1, f"conflict:{_cards(state)[0]}")
    deploy(state, 1, 1, "county:H")
    deploy(state, 1, 1, "county:I")
    state, _ = run_law(state, "L14")
    assert _pp(state) == [5, 0, 0]


def test_law_L15_one_new_knight_per_three_nobles(state) -> None:
    state["seats"][0]["nobles"] = ["A", "B", "C"]
    state["seats"][1]["nobles"] = ["A", "B", "C", "D", "E", "F"]
    state["seats"][2]["nobles"] = ["A", "B"]
    state, _ = run_law(state, "L15")
    assert [f["court"] for f in state["forces"]] == [[1], [1, 1], []]


def test_law_L16_buy_pp_one_gold_each(state) -> None:
    state, _ = run_law(state, "L16")
    state, _ = play(state, 0, "buy 2")
    state, _ = play(state, 1, "buy 1")
    state, _ = play(state, 2, "buy 0")
    assert _pp(state) == [2, 1, 0]
    assert [p["gold"] for p in state["seats"]] == [0, 1, 2]


def test_law_L17_provisional_buy_pp_one_squire_each(state) -> None:
    assert "laws.L17" in GAME.data["provisional"]
    state, _ = run_law(state, "L17")
    state, _ = play(state, 0, "buy 1")
    state, _ = play(state, 1, "buy 2")
    state, _ = play(state, 2, "buy 0")
    assert _pp(state) == [1, 2, 0]
    assert [p["squires"] for p in state["seats"]] == [1, 0, 2]


def test_law_L18_provisional_two_pp_per_noble(state) -> None:
    assert "laws.L18" in GAME.data["provisional"]
    state["seats"][1]["nobles"] = ["A", "C", "I"]
    state, _ = run_law(state, "L18")
    assert _pp(state) == [0, 6, 0]


def test_law_7_3_allies_never_count_nor_gain_from_laws() -> None:
    state = setup_game(2)
    deploy(state, 2, 1, "county:G")  # seat 0's ally
    deploy(state, 2, 1, "county:H")
    deploy(state, 0, 1, "county:I")
    state, _ = run_law(state, "L03")
    assert _pp(state) == [0, 0]  # the ally's two counties are not seat 0's own


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


def test_3_a_recruit_with_no_such_knight_in_the_reserve_does_nothing() -> None:
    state = setup_game(3)
    empty_courts(state)
    state["forces"][0]["reserve"] = [0, 2, 1, 1]  # all three 1-knights are out (court)
    state["forces"][0]["court"] = [1, 1, 1]
    state["seats"][0]["squires"] = 9  # most squires: L02 recruits a 1-knight
    state, events = run_law(state, "L02")
    assert state["forces"][0]["court"] == [1, 1, 1] and state["forces"][0]["reserve"] == [0, 2, 1, 1]
    assert not any("to the court" in e for e in events)
