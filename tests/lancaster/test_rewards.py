"""Rules sections 8 (rewards: counties, castles, conflicts), 8.4 and 9 (next round)."""

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
    run_steps,
    set_cards,
    setup_game,
)


@pytest.fixture
def state():
    s = setup_game(3)
    empty_courts(s)
    return s


# -- 8.1 counties ------------------------------------------------------------------------------


def test_8_1_county_noble_or_reward_and_both_only_with_three_gold(state) -> None:
    deploy(state, 0, 1, "county:G")  # G: 2 gold + 1 squire
    state, _ = run_steps(state, ["county:G"])
    assert move_texts(state, 0) == ["take noble", "take reward"]  # 2 gold: "both" is not offered
    with pytest.raises(IllegalMove, match="Taking both needs 3 gold"):
        play(state, 0, "take both")
    state["seats"][0]["gold"] = 3
    assert move_texts(state, 0) == ["take noble", "take reward", "take both"]
    noble = state["noble_stacks"]["G"]["noble"]
    state, events = play(state, 0, "take both")
    p = state["seats"][0]
    assert (p["gold"], p["squires"], p["nobles"]) == (2, 3, [noble])
    assert state["noble_stacks"]["G"]["left"] == 1
    assert "for 3 gold" in events[0]


def test_8_1_county_choices_say_which_noble_which_reward_and_why_not_both(state) -> None:
    """The buttons read "The noble", "The reward": their details name them (playtest), and a
    player short of 3 gold is told why "both" is missing."""
    deploy(state, 0, 1, "county:G")
    state, _ = run_steps(state, ["county:G"])
    noble = GAME.data["nobles"][state["noble_stacks"]["G"]["noble"]]["name"]
    details = [own[-1].detail for own in GAME.move_steps(state, 0, GAME.legal_moves(state, 0))]
    assert details == [noble, "2 gold + 1 squire (both would cost 3 gold)"]
    state["seats"][0]["gold"] = 3
    details = [own[-1].detail for own in GAME.move_steps(state, 0, GAME.legal_moves(state, 0))]
    assert details == [noble, "2 gold + 1 squire", f"{noble} and 2 gold + 1 squire"]


def test_8_1_county_reward_only_noble(state) -> None:
    deploy(state, 1, 1, "county:H")  # H: 2 squires + 1 vote marker
    state, _ = run_steps(state, ["county:H"])
    state, _ = play(state, 1, "take noble")
    p = state["seats"][1]
    assert (p["squires"], p["vote_markers"], len(p["nobles"])) == (2, 1, 1)


def test_8_1_each_noble_type_only_once_then_only_the_reward(state) -> None:
    deploy(state, 0, 1, "county:H")
    state["seats"][0]["nobles"] = [state["noble_stacks"]["H"]["noble"]]
    state, events = run_steps(state, ["county:H"])
    assert state["pending"] is None  # no choice left: the reward is taken
    assert state["seats"][0]["squires"] == 4
    assert "took the reward (2 squires + 1 vote marker) in county H" in events[0]


def test_8_1_empty_noble_stack_gives_only_the_reward(state) -> None:
    deploy(state, 0, 1, "county:G")
    state["noble_stacks"]["G"]["left"] = 0
    state, _ = run_steps(state, ["county:G"])
    assert state["pending"] is None
    assert state["seats"][0]["gold"] == 4


def test_8_1_county_rewards_upgrade_recruit_and_extension(state) -> None:
    deploy(state, 0, 2, "county:B")  # B: upgrade + 1 squire
    deploy(state, 1, 2, "county:C")  # C: a new 1-knight
    deploy(state, 2, 3, "county:E")  # E: build an extension
    state, _ = run_steps(state, ["county:B", "county:C", "county:E"])
    state, _ = play(state, 0, "take reward")
    # B's upgrade may take any own knight; here only the county knight is out of the reserve.
    assert move_texts(state, 0) == ["upgrade county:B", "upgrade none"]
    state, _ = play(state, 0, "upgrade county:B")
    assert state["counties"]["B"]["strength"] == 3 and state["seats"][0]["squires"] == 3
    state, _ = play(state, 1, "take reward")
    assert state["forces"][1]["court"] == [1]
    state, _ = play(state, 2, "take reward")
    assert "extension none" not in move_texts(state, 2)  # a county extension is built, not optional
    state, _ = play(state, 2, "extension X6")
    assert state["seats"][2]["extensions"] == ["X1", "X6"]


def test_8_1_gloucester_upgrade_and_two_vote_markers(state) -> None:
    deploy(state, 0, 3, "county:D")
    state["forces"][0]["court"] = [1]
    state["forces"][0]["reserve"][0] -= 1
    state, _ = run_steps(state, ["county:D"])
    state, _ = play(state, 0, "take reward")
    assert move_texts(state, 0) == ["upgrade court:1", "upgrade county:D", "upgrade none"]
    state, _ = play(state, 0, "upgrade court:1")
    assert state["forces"][0]["court"] == [2]
    assert state["seats"][0]["vote_markers"] == 3


def test_8_1_and_9_surrey_chooses_the_next_start_player(state) -> None:
    deploy(state, 1, 1, "county:I")
    state, _ = run_steps(state, ["county:I", "end_round"])
    state, _ = play(state, 1, "take reward")
    assert move_texts(state, 1) == ["start p0", "start p1", "start p2"]
    state, events = play(state, 1, "start p2")
    assert state["start_player"] == 2 and state["round"] == 2
    assert "{p1} chose {p2} to start the next round." in events


def test_8_1_and_9_surrey_holder_choosing_themselves_is_worded_as_such(state) -> None:
    """Rules 8.1 Surrey / 9: choosing oneself as next start player reads "chose to start the next
    round themselves", not "{p1} chose {p1}", and keeps the seat placeholder."""
    deploy(state, 1, 1, "county:I")
    state, _ = run_steps(state, ["county:I", "end_round"])
    state, _ = play(state, 1, "take reward")
    state, events = play(state, 1, "start p1")
    assert state["start_player"] == 1 and state["round"] == 2
    assert "{p1} chose to start the next round themselves." in events
    assert not [e for e in events if "chose {p1}" in e]


def test_9_start_player_stays_when_nobody_takes_surrey(state) -> None:
    deploy(state, 1, 1, "county:I")
    state, _ = run_steps(state, ["county:I", "end_round"])
    state, _ = play(state, 1, "take noble")
    assert state["start_player"] == 0 and state["round"] == 2


# -- 8.2 castles -------------------------------------------------------------------------------


def test_8_2_castle_pays_knight_spaces_extensions_and_votes_per_noble(state) -> None:
    state["seats"][0]["extensions"] = ["X1", "X3"]  # squires' hall and chapel built
    deploy(state, 0, 1, "castle:X2")  # counting house with a knight
    state["seats"][0]["nobles"] = ["A", "B"]
    state, _ = run_steps(state, ["castle:0"])
    p = state["seats"][0]
    assert (p["gold"], p["squires"], p["vote_markers"]) == (2 + 2, 2 + 2, 1 + 2 + 2)


def test_8_2_castle_exchange_paid_with_income_from_the_same_step(state) -> None:
    state["seats"][0]["extensions"] = ["X1", "X4"]  # +2 squires, then 2 squires -> upgrade
    state["seats"][0]["squires"] = 0
    state["forces"][0]["court"] = [1]
    state["forces"][0]["reserve"][0] -= 1
    state, _ = run_steps(state, ["castle:0"])
    assert move_texts(state, 0) == ["buy 0", "buy 1"]
    state, _ = play(state, 0, "buy 1")
    assert move_texts(state, 0) == ["upgrade court:1"]  # paid for: no "upgrade none"
    state, _ = play(state, 0, "upgrade court:1")
    assert state["seats"][0]["squires"] == 0
    assert state["forces"][0]["court"] == [2]


def test_8_2_stables_three_squires_for_a_new_knight(state) -> None:
    deploy(state, 0, 1, "castle:X5")
    state["seats"][0]["squires"] = 3
    state, _ = run_steps(state, ["castle:0"])
    state, _ = play(state, 0, "buy 1")
    assert state["seats"][0]["squires"] == 3 + 2 - 3  # the built X1 paid 2 squires first
    assert state["forces"][0]["court"] == [1]


# -- 8.3 conflicts -----------------------------------------------------------------------------


def test_8_3_england_wins_at_equal_strength_ranks_pay_pp_ties_go_to_the_higher_space(state) -> None:
    set_cards(state, [("K06", "top")])  # France 5; PP 6 / 4 / 2
    deploy(state, 1, 2, "conflict:K06")  # space 1: strength 2
    deploy(state, 0, 1, "conflict:K06")  # space 2: strength 1 + 1 = 2 (tie with space 1)
    deploy(state, 0, 1, "conflict:K06")
    deploy(state, 2, 1, "conflict:K06")  # space 3: strength 1; total 5 = France: a win
    state, events = run_steps(state, ["conflict:K06"])
    assert [p["power_points"] for p in state["seats"]] == [4, 6, 2]
    assert state["conflicts"] == []
    assert [f["court"] for f in state["forces"]] == [[1, 1], [2], [1]]
    assert "England wins K06 (5 against France 5)" in events[0]


def test_8_3_a_lost_top_row_conflict_moves_down_with_its_knights(state) -> None:
    set_cards(state, [("K12", "top")])  # France 10
    deploy(state, 0, 4, "conflict:K12")
    state, events = run_steps(state, ["conflict:K12"])
    assert state["conflicts"] == [{"id": "K12", "row": "bottom", "spaces": [{"force": 0, "knights": [4]}]}]
    assert "to the bottom row, knights stay" in events[0]
    assert state["seats"][0]["power_points"] == 0


def test_8_3_a_second_loss_captures_the_knights_and_they_are_ransomed(state) -> None:
    set_cards(state, [("K12", "bottom")])
    deploy(state, 0, 3, "conflict:K12")
    deploy(state, 0, 1, "conflict:K12")
    deploy(state, 1, 2, "conflict:K12")
    state["seats"][0]["gold"] = 3
    state["seats"][1]["gold"] = 1
    state, events = run_steps(state, ["conflict:K12"])
    assert "captured" in events[0]
    assert state["conflicts"] == []
    # Seat 0 (first in player order) may free each knight at 1 gold per strength point; the
    # question says where each answer sends them (playtest: it gave only the price).
    assert move_texts(state, 0) == ["ransom 1", "ransom 3", "ransom none"]
    asked = GAME.prompt(state, 0)
    assert asked is not None and "return to your court" in asked.text and "go to your reserve" in asked.text
    state, _ = play(state, 0, "ransom 3")
    # 0 gold left: only "ransom none" (still asked: gold is secret with 3+ players).
    assert move_texts(state, 0) == ["ransom none"]
    state, events = play(state, 0, "ransom none")
    assert "captured knights (1) go to the reserve" in events[0]
    assert state["forces"][0]["court"] == [3]
    assert state["forces"][0]["reserve"] == [3, 2, 0, 1]
    assert state["seats"][0]["gold"] == 0
    # Seat 1 cannot pay 2 gold: its knight goes to the reserve.
    assert move_texts(state, 1) == ["ransom none"]
    state, _ = play(state, 1, "ransom none")
    assert state["forces"][1]["court"] == [] and state["forces"][1]["reserve"][1] == 2


def test_8_3_cards_without_knights_move_down_then_leave(state) -> None:
    set_cards(state, [("K04", "bottom"), ("K05", "top")])
    state, events = run_steps(state, ["conflict:K04", "conflict:K05"])
    assert state["conflicts"] == [{"id": "K05", "row": "bottom", "spaces": []}]
    assert "discarded" in events[0] and "bottom row" in events[1]


def test_8_3_bottom_row_is_evaluated_before_the_top_row_and_8_order_of_rewards(state) -> None:
    """Phase 3 runs counties, castles, then conflicts; the bottom row goes first, so the card that
    was already carried over leaves before this round's unanswered card slides down."""
    set_cards(state, [("K05", "top"), ("K04", "bottom")])
    deploy(state, 1, 1, "county:H")  # no noble choice left: the reward is taken at once
    state["seats"][1]["nobles"] = [state["noble_stacks"]["H"]["noble"]]
    state["current_laws"] = []
    state, events = run_steps(state, ["rewards"])
    county = next(i for i, e in enumerate(events) if "in county H" in e)
    castle = next(i for i, e in enumerate(events) if "{p0} gains 2 squires" in e)  # X1 built
    k04 = next(i for i, e in enumerate(events) if "Conflict K04 unanswered again: discarded" in e)
    k05 = next(i for i, e in enumerate(events) if "Conflict K05 unanswered: to the bottom row" in e)
    assert county < castle < k04 < k05
    assert state["round"] == 2
    assert (state["conflicts"][0]["id"], state["conflicts"][0]["row"]) == ("K05", "bottom")


# -- 8.4 and 9 ---------------------------------------------------------------------------------


def test_8_4_and_9_knights_return_and_the_next_round_is_prepared(state) -> None:
    deploy(state, 0, 2, "county:B")
    state["counties"]["B"]["squires"] = 2  # squires placed with it are spent
    deploy(state, 1, 1, "castle:X2")
    cid = state["conflicts"][0]["id"]
    set_cards(state, [(cid, "bottom")])  # a carried-over conflict keeps its knights
    deploy(state, 2, 1, f"conflict:{cid}")
    state["favor_tiles"] = [False, False, True, True, True, True]
    state["favors_taken"] = 2
    pile = list(state["law_pile"])
    deck = list(state["conflict_deck"])
    state, _ = run_steps(state, ["end_round"])
    assert state["round"] == 2 and state["phase"] in ("place", "vote")
    assert state["forces"][0]["court"] == [2] and state["forces"][1]["court"] == [1]
    assert state["counties"]["B"] is None
    assert state["forces"][2]["court"] == []  # still on the bottom-row card
    assert state["proposals"] == pile[:3] and state["law_pile"] == pile[3:]
    assert [c["id"] for c in state["conflicts"]] == [cid, *deck[:2]]
    assert state["favor_tiles"] == [True] * 6 and state["favors_taken"] == 0


def test_5_the_game_ends_after_round_5(state) -> None:
    state["round"] = 5
    state, events = run_steps(state, ["end_round"])
    assert state["round"] == 5
    assert events[-1] == "The game is over after the last round."


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
    assert events == ["Conflict K05 unanswered: discarded."]


def test_8_3_a_won_bottom_row_card_pays_and_sends_its_knights_home() -> None:
    state = setup_game(3)
    empty_courts(state)
    set_cards(state, [("K02", "bottom")])  # France 3; PP 4 / 2 / 1
    deploy(state, 2, 1, "conflict:K02")  # placed last round
    deploy(state, 0, 2, "conflict:K02")  # joined this round
    state, _ = run_steps(state, ["conflict:K02"])
    assert [p["power_points"] for p in state["seats"]] == [4, 0, 2]
    assert state["conflicts"] == [] and state["forces"][2]["court"] == [1]


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
