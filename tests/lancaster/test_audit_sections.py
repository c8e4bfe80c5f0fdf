"""Audit: rule statements of lancaster.md that had no test of their own, section by section."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lancaster import GAME

from .helpers import (
    deploy,
    empty_courts,
    give_court,
    move_texts,
    play,
    rules_variant,
    run_law,
    run_steps,
    set_cards,
    setup_game,
)

# -- 4 setup -------------------------------------------------------------------------------------


def test_4_1_step_5_all_six_kings_favor_tiles_face_up_at_setup() -> None:
    state = setup_game(4)
    assert state["favor_tiles"] == [True] * 6 and state["favors_taken"] == 0
    view = GAME.player_view(state, None)
    assert [t["face_up"] for t in view["kings_favor"]] == [True] * 6
    assert view["favors_left"] == 6


# -- 6.2 counties ----------------------------------------------------------------------------------


def test_6_2_the_minimum_also_applies_when_expelling_squires_never_count_for_it() -> None:
    state = setup_game(3)
    give_court(state, 0, [3])
    give_court(state, 1, [2])
    state["seats"][1]["squires"] = 5
    state, _ = play(state, 0, "knight 3 county:D")  # Gloucester, minimum 3
    # 2 + 5 squires = 7 would exceed 3, but the 2-knight alone misses the minimum.
    with pytest.raises(IllegalMove, match="strength 3 or more on its own"):
        play(state, 1, "knight 2 county:D squires=5")
    assert not [m for m in move_texts(state, 1) if m.startswith("knight 2 county:D")]


def test_6_2_and_11_own_knight_never_expels_its_ally_and_an_ally_expels_by_strength_alone() -> None:
    state = setup_game(2)
    give_court(state, 0, [1, 2])
    give_court(state, 2, [2])
    give_court(state, 1, [1])
    state, _ = play(state, 0, "ally 2 county:B")
    state, _ = play(state, 1, "knight 1 castle:X2")
    with pytest.raises(IllegalMove, match="never expel your own"):
        play(state, 0, "knight 2 county:B squires=2")  # seat 0's own knight vs its ally's
    state = setup_game(2)
    give_court(state, 1, [1])
    give_court(state, 2, [2])
    state, _ = play(state, 0, "knight 1 county:G")  # seat 0, total 1
    state, events = play(state, 1, "ally 2 county:G")  # seat 1's ally: 2 > 1, no squires needed
    assert state["counties"]["G"] == {"force": 3, "strength": 2, "squires": 0}
    assert "{p1}'s ally placed a knight (strength 2)" in events[0] and "expelling {p0}'s knight" in events[0]
    assert state["forces"][0]["court"] == [1, 2]


# -- 6.4 conflicts -------------------------------------------------------------------------------


def test_6_4_and_8_3_a_bottom_row_card_is_reinforced_next_round_one_space_per_player() -> None:
    """A card lost once stays with its knights (8.3.3); next round its owner stacks on the same
    space, another player takes the next free space, and both placements take a King's Favor."""
    state = setup_game(3)
    set_cards(state, [("K10", "bottom"), ("K02", "top")])  # K10: France 8
    deploy(state, 1, 2, "conflict:K10")  # carried over from last round (space 1)
    give_court(state, 0, [1, 2])
    give_court(state, 1, [1])
    give_court(state, 2, [])
    state, events = play(state, 0, "knight 2 conflict:K10")
    assert "space 2" in events[0]
    assert state["pending"]["kind"] == "favor"  # bottom-row placements count for the favor too
    state, _ = play(state, 0, "favor 1")
    state, events = play(state, 1, "knight 1 conflict:K10")
    assert "stacking on their space" in events[0]
    state, _ = play(state, 1, "favor 2")
    card = next(c for c in state["conflicts"] if c["id"] == "K10")
    assert card["spaces"] == [{"force": 1, "knights": [1, 2]}, {"force": 0, "knights": [2]}]
    assert state["favors_taken"] == 2


def test_6_4_kings_favor_noble_respects_each_noble_type_once() -> None:
    state = setup_game(3)
    state["seats"][0]["nobles"] = [state["noble_stacks"]["A"]["noble"], state["noble_stacks"]["B"]["noble"]]
    card = state["conflicts"][0]["id"]
    state, _ = play(state, 0, f"knight 1 conflict:{card}")
    state, _ = play(state, 0, "favor 6")
    assert move_texts(state, 0) == [f"noble {x}" for x in "CDEFGHI"]
    with pytest.raises(IllegalMove):
        play(state, 0, "noble A")


# -- 7.2 and 7.3 parliament ----------------------------------------------------------------------


def test_7_2_two_player_votes_stay_secret_although_gold_and_squires_are_open() -> None:
    state = setup_game(2)
    empty_courts(state)
    state, _ = run_steps(state, ["next_turn"])
    state, _ = play(state, 0, "vote yes markers=1")
    other = GAME.player_view(state, 1)
    public = GAME.player_view(state, None)
    assert other["me"]["pending_vote"] is None and public["me"] is None
    assert other["parliament"]["voted"] == [True, False] and other["parliament"]["results"] == []
    assert other["seats"][0]["gold"] == 2  # open information with two players
    assert other["seats"][0]["vote_markers"] == 1  # markers are only spent at the reveal


def test_7_3_exchanges_are_offered_in_player_order_from_the_start_player() -> None:
    state = setup_game(3)
    state["start_player"] = 2
    state, _ = run_law(state, "L04")
    asked = []
    while state["pending"] is not None:
        seat = state["pending"]["seat"]
        asked.append(seat)
        state, _ = play(state, seat, "buy 1")
    assert asked == [2, 0, 1]
    assert [(p["gold"], p["vote_markers"]) for p in state["seats"]] == [(1, 2), (1, 2), (1, 2)]


def test_7_3_a_law_upgrade_counts_in_the_conflicts_scored_after_it() -> None:
    """Laws apply in phase 2 while knights are on the board (7.3): L01's upgrade of a conflict
    knight turns a lost conflict (3 against France 4) into a win (4 against 4)."""
    state = setup_game(3)
    empty_courts(state)
    set_cards(state, [("K04", "top")])  # France 4; PP 5 / 3 / 2
    deploy(state, 0, 2, "conflict:K04")
    deploy(state, 1, 1, "conflict:K04")
    state["seats"][0]["gold"] = 5  # most gold: L01 lets seat 0 upgrade a deployed knight
    state, _ = run_law(state, "L01")
    state, _ = play(state, 0, "upgrade conflict:K04:2")
    state, events = run_steps(state, ["conflict:K04"])
    assert "England wins conflict K04 (4 against France 4)" in events[0]
    assert [p["power_points"] for p in state["seats"]] == [5, 3, 0]
    assert state["forces"][0]["court"] == [3] and state["forces"][1]["court"] == [1]


# -- 8 rewards -----------------------------------------------------------------------------------


def test_8_3_a_won_bottom_row_card_pays_and_sends_its_knights_home() -> None:
    state = setup_game(3)
    empty_courts(state)
    set_cards(state, [("K02", "bottom")])  # France 3; PP 4 / 2 / 1
    deploy(state, 2, 1, "conflict:K02")  # placed last round
    deploy(state, 0, 2, "conflict:K02")  # joined this round
    state, _ = run_steps(state, ["conflict:K02"])
    assert [p["power_points"] for p in state["seats"]] == [4, 0, 2]
    assert state["conflicts"] == [] and state["forces"][2]["court"] == [1]


def test_11_an_ally_castle_is_never_extended_nor_does_an_ally_build() -> None:
    state = setup_game(2)
    empty_courts(state)
    deploy(state, 2, 3, "county:E")  # E Warwick: build an extension (nothing for an ally)
    state, _ = run_steps(state, ["county:E"])
    state, events = play(state, 0, "take reward")
    assert state["pending"] is None and state["seats"][0]["extensions"] == ["X1"]
    assert "took the reward (nothing) in county E" in events[0]


def test_8_3_capture_can_strand_a_player_who_is_then_skipped_and_recovers_by_recruiting() -> None:
    """Unransomed captured knights go to the reserve (provisional ransom rule). A player whose
    knights are all in the reserve takes no turn in phase 1 and the game goes on; a built
    Stables extension (X5) still recruits a knight in the castle step."""
    state = setup_game(3, exts=["X5", "X1", "X1"])
    empty_courts(state)
    set_cards(state, [("K12", "bottom")])  # France 10
    deploy(state, 0, 1, "conflict:K12")
    deploy(state, 0, 2, "conflict:K12")
    state["seats"][0]["gold"] = 0
    state, _ = run_steps(state, ["conflict:K12"])
    state, _ = play(state, 0, "ransom none")
    force = state["forces"][0]
    assert force["court"] == [] and force["reserve"] == [3, 2, 1, 1]  # every knight in reserve
    # Next round: seat 0 is skipped in phase 1.
    give_court(state, 1, [1])
    state, _ = run_steps(state, ["end_round"])
    assert state["round"] == 2 and state["phase"] == "place" and state["start_player"] == 0
    assert GAME.active_players(state) == frozenset({1})
    state, _ = play(state, 1, "knight 1 castle:X2")
    assert state["phase"] == "vote"
    # The built Stables pays without a knight: 3 squires buy a strength-1 knight back.
    state["seats"][0]["squires"] = 3
    state, _ = run_steps(state, ["castle:0"])
    state, _ = play(state, 0, "buy 1")
    assert state["forces"][0]["court"] == [1] and state["seats"][0]["squires"] == 0


# -- 3 concepts ----------------------------------------------------------------------------------


def test_3_an_upgrade_needs_the_next_stronger_knight_in_the_reserve() -> None:
    state = setup_game(3)
    card = state["conflicts"][0]["id"]
    give_court(state, 0, [1, 3, 4])  # the 4-knight is in court, not in the reserve
    state, _ = play(state, 0, f"knight 3 conflict:{card}")
    state, _ = play(state, 0, "favor 4")  # upgrade a knight
    # The 3-knights (court and conflict) cannot become a 4; the 1 can become a 2.
    assert move_texts(state, 0) == ["upgrade court:1", "upgrade none"]


def test_3_a_recruit_with_no_such_knight_in_the_reserve_does_nothing() -> None:
    state = setup_game(3)
    empty_courts(state)
    state["forces"][0]["reserve"] = [0, 2, 1, 1]  # all three 1-knights are out (court)
    state["forces"][0]["court"] = [1, 1, 1]
    state["seats"][0]["squires"] = 9  # most squires: L02 recruits a 1-knight
    state, events = run_law(state, "L02")
    assert state["forces"][0]["court"] == [1, 1, 1] and state["forces"][0]["reserve"] == [0, 2, 1, 1]
    assert not any("to the court" in e for e in events)


def test_7_3_most_x_rewards_every_tied_player_also_at_zero() -> None:
    state = setup_game(3)
    empty_courts(state)
    for p in state["seats"]:
        p["squires"] = 0
    state, _ = run_law(state, "L02")  # everybody has the most squires (0): all recruit
    assert [f["court"] for f in state["forces"]] == [[1], [1], [1]]


def test_7_3_the_most_x_is_settled_before_anyone_is_rewarded() -> None:
    """With a corrected law whose reward changes its own metric ("most gold: gain 2 gold"), both
    tied players are rewarded: the majority is decided once, not again after each reward."""
    law = {
        "effects": [
            {
                "type": "majority",
                "metric": "gold_owned",
                "ties": "all_tied",
                "effects": [{"type": "gain", "resource": "gold", "amount": 2}],
            }
        ]
    }
    with rules_variant({"laws": {"L01": law}}):
        state = setup_game(3)
        state["seats"][0]["gold"] = state["seats"][1]["gold"] = 5
        state, _ = run_law(state, "L01")
    assert [p["gold"] for p in state["seats"]] == [7, 7, 2]
