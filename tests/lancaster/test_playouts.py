"""Seeded random playouts with Lancaster's other rules readings, and the decision records.

The playouts for every player count and option set, with Lancaster's invariants (knights kept,
nothing below zero, JSON and replay exact), are the conformance tier: tests/test_conformance.py
with the hook in tests/lancaster/conformance.py. The games here use the same checked playout.
"""

from __future__ import annotations

import pytest

from rules.lancaster import GAME
from rules.lancaster.decisions import KINDS
from rules.playout import playout_states
from tests.conformance import play_checked

from .helpers import rules_variant

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
            play_checked(GAME, players, 500 + seed, {})


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
