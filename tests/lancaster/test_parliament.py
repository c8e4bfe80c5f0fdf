"""Rules section 7: Parliament (secret votes, ties, markers, the law queue)."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove, NotYourTurn
from rules.lancaster import GAME

from .helpers import (
    QUIET_LAWS,
    deploy,
    empty_courts,
    pass_parliament,
    play,
    rules_variant,
    run_law,
    run_steps,
    set_cards,
    setup_game,
    to_parliament,
    vote_all,
)


def _parliament(players: int = 4, **options):
    state = setup_game(players, **options)
    state["current_laws"] = ["L01", "L02", "L03"]
    state["proposals"] = ["L04", "L05", "L06"]
    return to_parliament(state)


def test_7_2_all_players_vote_at_once_secretly() -> None:
    state = _parliament(3)
    assert GAME.active_players(state) == frozenset({0, 1, 2})
    prompt = GAME.prompt(state, 1)
    assert prompt.secret and prompt.decision
    assert "L04" in prompt.text
    state, events = play(state, 1, "vote yes markers=1")
    assert events == ["{p1} has voted."]
    assert GAME.active_players(state) == frozenset({0, 2})
    with pytest.raises(NotYourTurn, match="already voted"):
        play(state, 1, "vote no")
    # Nobody else can see the vote; the voter can.
    assert GAME.player_view(state, 0)["parliament"]["voted"] == [False, True, False]
    assert GAME.player_view(state, 1)["me"]["pending_vote"] == {"vote": "yes", "markers": 1}
    assert GAME.player_view(state, 0)["me"]["pending_vote"] is None


def test_7_2_reveal_counts_tiles_and_markers_and_spends_the_markers() -> None:
    state = _parliament(3, vote_markers=2)
    state, events = vote_all(state, ["vote yes markers=0", "vote no markers=2", "vote yes markers=1"])
    # yes = 1 + 1+1 = 3, no = 1+2 = 3: a tie passes.
    assert "L04 passes 3 to 3" in events[-1]
    assert [p["vote_markers"] for p in state["seats"]] == [2, 0, 1]
    assert state["vote_results"][0]["ballots"][1] == {"seat": 1, "vote": "no", "markers": 2}


def test_7_2_tie_passes_and_the_law_queue_shifts_left() -> None:
    state = _parliament(4)
    state, _ = vote_all(state, ["vote yes", "vote yes", "vote no", "vote no"])
    assert state["current_laws"] == ["L02", "L03", "L04"]  # L01 leaves, L04 enters on the right
    assert state["vote_results"][0]["passed"]


def test_7_2_majority_no_rejects_and_the_proposal_leaves_the_game() -> None:
    state = _parliament(4)
    state, events = vote_all(state, ["vote yes markers=1", "vote no", "vote no", "vote no"])
    assert "rejected 2 to 3" in events[-1]
    assert state["current_laws"] == ["L01", "L02", "L03"]
    state, _ = vote_all(state, ["vote yes", "vote yes", "vote yes", "vote no"])  # L05 passes
    assert state["current_laws"] == ["L02", "L03", "L05"]
    assert state["voting_on"] == 2


def test_7_2_markers_cannot_exceed_what_you_hold() -> None:
    state = _parliament(3)
    with pytest.raises(IllegalMove, match="only 1 vote marker"):
        play(state, 0, "vote yes markers=2")


def test_7_2_step_7_unused_markers_are_discarded_after_the_third_vote() -> None:
    state = _parliament(3, vote_markers=2)
    state = pass_parliament(state, QUIET_LAWS)  # laws that ask nothing, so the rewards follow at once
    # Nobody used a marker, nobody gains any in this round's rewards (castles built X1: squires),
    # so the 2 markers each seat kept are gone when round 2 begins.
    assert state["round"] == 2
    assert [p["vote_markers"] for p in state["seats"]] == [0, 0, 0]


def test_7_2_step_7_option_keeps_unused_markers() -> None:
    kept = _parliament(3, vote_markers=2, discard_unused_votes=False)
    gone = _parliament(3, vote_markers=2)
    for state in (kept, gone):
        state["proposals"] = ["L12", "L13", "L14"]
    kept = pass_parliament(kept, QUIET_LAWS)
    gone = pass_parliament(gone, QUIET_LAWS)
    # Same game except the option: the difference is exactly the 2 unused markers per seat.
    assert [
        a["vote_markers"] - b["vote_markers"] for a, b in zip(kept["seats"], gone["seats"], strict=True)
    ] == [2, 2, 2]


def test_7_2_two_player_allies_do_not_vote() -> None:
    state = _parliament(2)
    assert GAME.active_players(state) == frozenset({0, 1})
    assert len(state["ballots"]) == 2


def test_7_3_current_laws_apply_left_to_right_after_the_votes() -> None:
    """Each current law asks every seat in turn order (exchange laws, asked behind screens even
    when nothing is affordable), so the questions show the order the laws apply in."""
    state = _parliament(3)
    state["current_laws"] = ["L16", "L04", "L17"]
    for _ in range(3):
        state, events = vote_all(state, ["vote no"] * 3)
    assert "Laws applied: L16, L04, L17." in events  # one line for the laws, in their order
    applied = []
    while state["phase"] == "laws":
        decision = state["pending"]
        applied.append((decision["at"], decision["seat"]))
        state, _ = play(state, decision["seat"], "buy 0")
    order = [state["start_player"], (state["start_player"] + 1) % 3, (state["start_player"] + 2) % 3]
    assert applied == [(f"law:{law}", seat) for law in ("L16", "L04", "L17") for seat in order]


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
    assert "England wins K04 (4 against France 4)" in events[0]
    assert [p["power_points"] for p in state["seats"]] == [5, 3, 0]
    assert state["forces"][0]["court"] == [3] and state["forces"][1]["court"] == [1]


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
