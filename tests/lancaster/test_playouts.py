"""Seeded random playouts for every player count and option set (design.md test tier 2).

Invariants on every step: resources never negative, every force owns exactly its knight set,
each legal move survives to_text -> parse, apply leaves its input unchanged, JSON round-trips
exactly; at the end the game is over after round 5 with an outcome, and replaying the move texts
from the seed reproduces the final state.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from rules import find_game
from rules.lancaster import GAME
from rules.lancaster.decisions import KINDS
from rules.playout import playout_states, replay

from .helpers import rules_variant

OPTION_SETS = [
    dict(
        zip(
            ["noble_stacks", "vote_markers", "discard_unused_votes", "favor_tiles_by_count"],
            combo,
            strict=True,
        )
    )
    for combo in itertools.product(["random", "by_letter"], [1, 2], [True, False], [False, True])
]


def _knights(state, force):
    found = Counter(state["forces"][force]["court"])
    for s, count in enumerate(state["forces"][force]["reserve"]):
        assert count >= 0
        found[s + 1] += count
    found.update(state["forces"][force]["castle"].values())
    for occ in state["counties"].values():
        if occ is not None and occ["force"] == force:
            found[occ["strength"]] += 1
    for card in state["conflicts"]:
        for space in card["spaces"]:
            if space["force"] == force:
                found.update(space["knights"])
    # Captured knights wait in the ransom decision (or its queued task) until freed or released.
    waiting = [state["pending"]] + [t.get("decision") for t in state["queue"] if t["task"] == "ransom"]
    for p in waiting:
        if p is not None and p["kind"] == "ransom" and p["force"] == force:
            found.update(p["captured"])
    return found


def _invariants(state):
    expected = Counter(GAME.data["knight_set"])
    for f in range(len(state["forces"])):
        assert _knights(state, f) == expected, f"force {f} lost or gained a knight"
    for p in state["seats"]:
        assert min(p["gold"], p["squires"], p["vote_markers"], p["power_points"]) >= 0
    for stack in state["noble_stacks"].values():
        assert stack["left"] >= 0
    for card in state["conflicts"]:
        assert len(card["spaces"]) <= 3
        assert len({space["force"] for space in card["spaces"]}) == len(card["spaces"])  # one space per force


def playout(players: int, seed: int, options: dict, deep: bool) -> None:
    rnd = random.Random(seed)
    state = GAME.setup(players, seed, options)
    log: list[tuple[int, str]] = []
    while GAME.active_players(state):
        _invariants(state)
        seat = rnd.choice(sorted(GAME.active_players(state)))
        moves = GAME.legal_moves(state, seat)
        assert moves, f"seat {seat} is active without a legal move"
        sample = moves if deep else rnd.sample(list(moves), min(3, len(moves)))
        for mv in sample:
            assert GAME.parse(state, seat, mv.to_text()) == mv
        move = rnd.choice(list(moves))
        before = GAME.to_json(state)
        new, events = GAME.apply(state, seat, move)
        assert GAME.to_json(state) == before, "apply changed its input state"
        assert all(isinstance(e, str) and e for e in events)
        assert GAME.from_json(GAME.to_json(new)) == new
        log.append((seat, move.to_text()))
        state = new
        assert len(log) < 3000
    _invariants(state)
    assert state["phase"] == "over" and state["round"] == 5
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sorted(outcome.ranking) == list(range(players))
    for score, parts in zip(outcome.scores, outcome.breakdown, strict=True):
        assert score == sum(parts.values())
    json.dumps(outcome.to_json())
    # Replay from (seed, options, move texts) reproduces the state exactly.
    assert replay(GAME, GAME.setup(players, seed, options), log) == state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_random_playout_every_player_count_and_option_set(players: int, options: dict) -> None:
    playout(players, 1000 + players, options, deep=False)


@pytest.mark.parametrize("players", [2, 5])
def test_random_playout_every_legal_move_parses(players: int) -> None:
    playout(players, 7, {}, deep=True)


def test_registry_finds_lancaster() -> None:
    assert find_game("Lancaster") is GAME


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


def test_every_decision_raised_is_one_record_whose_answers_fit_it() -> None:
    """Issue 9 item 2: each decision kind is defined once (decisions.KINDS). Over seeded random
    games every open decision's kind has a record, all its answers are of the record's move
    type, its prompt is words, and every answer names the board places it would touch."""
    seen: set[str] = set()
    for players in (2, 3, 4):
        for state in playout_states(GAME, players, 60 + players):
            decision = state["pending"]
            if decision is None:
                continue
            kind = KINDS[decision["kind"]]
            seen.add(kind.name)
            answers = GAME.legal_moves(state, decision["seat"])
            assert answers and all(isinstance(move, kind.answer) for move in answers)
            assert kind.prompt(GAME.engine, state, decision).strip()
            for move in answers:
                assert all(":" in place for place in kind.places(decision, move))
    assert seen >= {"first_extension", "favor", "upgrade", "county", "exchange", "ransom"}
