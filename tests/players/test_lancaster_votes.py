"""Lancaster computers do not waste vote markers in Parliament (7.2).

A playtester saw a computer put 9 markers on a vote nobody opposed ("HL8 rejected 0 to 12"). The
engine takes a ballot's markers only when the last ballot reveals all, so one step ahead a seat
voting early saw its markers as free and spent them at random; and held markers are discarded
after the third vote, so the last ballot's spare markers looked free too. Checked on a two-player
Parliament reached by a seeded random game, with the markers arranged."""

from __future__ import annotations

import copy
import random
from typing import Any

from players import choose_move
from players.lancaster import useful_moves, values
from rules import find_game
from rules.lancaster.moves import Vote

GAME = find_game("lancaster")
RNG_SEEDS = range(20)


def _parliament(players: int = 2, seed: int = 4) -> dict[str, Any]:
    """The first state of a seeded random game where Parliament opens (first proposal, no ballot)."""
    rng = random.Random(seed)
    state = GAME.setup(players, seed=seed)
    while state["phase"] != "vote":
        seat = min(GAME.active_players(state))
        state, _ = GAME.apply(state, seat, rng.choice(list(GAME.legal_moves(state, seat))))
    assert state["voting_on"] == 0 and all(b is None for b in state["ballots"])
    return state


def _with_markers(state: dict[str, Any], held: list[int]) -> dict[str, Any]:
    arranged = copy.deepcopy(state)
    for seat, count in zip(arranged["seats"], held, strict=True):
        seat["vote_markers"] = count
    return arranged


def _easy_votes(state: dict[str, Any], seat: int) -> list[Vote]:
    legal = GAME.legal_moves(state, seat)
    view = GAME.player_view(state, seat)
    votes = [choose_move(GAME, seat, view, legal, "easy", random.Random(s)) for s in RNG_SEEDS]
    assert all(isinstance(v, Vote) for v in votes)
    return votes  # type: ignore[return-value]


def test_easy_keeps_its_markers_on_an_early_vote_it_sees_no_gain_in() -> None:
    """The first of three votes, the seat voting first with 9 markers (the rival holds 3): one
    step ahead the law's effect is not visible yet, so every marker spent is only a marker less
    for the later votes; easy puts none on its ballot, whatever its random state."""
    state = _with_markers(_parliament(), [9, 3])
    seat = min(GAME.active_players(state))
    assert len(GAME.legal_moves(state, seat)) == 20  # yes/no with 0..9 markers: spending is possible
    assert [v.markers for v in _easy_votes(state, seat)] == [0] * len(RNG_SEEDS)


def test_easy_spends_no_marker_a_vote_nobody_can_oppose_with_more() -> None:
    """The last ballot of the last vote (left-over markers are discarded after it): the rival,
    who holds no marker, has voted in secret. One vote against can be outweighed by one marker,
    so a "no" carries at most 1 and a "yes" (a tie passes) none: never the 9 the seat holds."""
    state = _with_markers(_parliament(), [9, 0])
    state["voting_on"] = len(state["proposals"]) - 1
    rival = 1 - min(GAME.active_players(state))
    state, _ = GAME.apply(state, rival, Vote(yes=True, markers=0))
    seat = 1 - rival
    assert GAME.active_players(state) == frozenset([seat])
    for vote in _easy_votes(state, seat):
        assert vote.markers <= (0 if vote.yes else 1), vote


def test_markers_beyond_every_possible_opposition_are_not_considered() -> None:
    """Three seats: the other two hold 1 and 2 markers, so at most 2 + 3 = 5 votes oppose; a
    "yes" needs 4 markers to be sure to pass (a tie passes), a "no" 5 to be sure to reject."""
    state = _with_markers(_parliament(players=3), [8, 1, 2])
    legal = GAME.legal_moves(state, 0)
    kept = useful_moves(GAME.player_view(state, 0), state, 0, legal)
    assert max(v.markers for v in kept if isinstance(v, Vote) and v.yes) == 4
    assert max(v.markers for v in kept if isinstance(v, Vote) and not v.yes) == 5
    placing = _with_markers(GAME.setup(3, seed=1), [8, 1, 2])
    assert useful_moves(GAME.player_view(placing, 0), placing, 0, GAME.legal_moves(placing, 0)) == list(
        GAME.legal_moves(placing, 0)
    )


def test_markers_on_a_secret_ballot_already_count_as_spent() -> None:
    """A ballot's markers leave the seat only at the reveal, but the evaluation counts them gone
    as soon as the ballot is cast, so an early voter's choice costs the same as the last one's."""
    state = _with_markers(_parliament(), [5, 5])
    seat = min(GAME.active_players(state))
    keep = values(GAME.apply(state, seat, Vote(yes=True, markers=0))[0])[seat]
    spend = values(GAME.apply(state, seat, Vote(yes=True, markers=3))[0])[seat]
    assert spend < keep
