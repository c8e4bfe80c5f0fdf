"""Lorenzo's own invariants for the conformance playouts (tests/conformance.py, ``GameChecks``).

Every state: no goods or points below zero, at most 6 cards of a type per player. Every move: a
decision (or a leader-draft pick) offers at most 25 answers (Discord shows 25 at a time). Texts
that are never Lorenzo moves are refused. Public views show no hand and no deck order (counts
only). At the end: the game is over after round 6. Option sets: the leaders with a dealt draft,
and every option on but the deal, besides the generic sets.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Move, Outcome
from rules.lorenzo.data import CARD_TYPES, RESOURCES
from rules.playout import Step
from tests.conformance import GameChecks

ILLEGAL_TEXTS = ("place black nowhere", "privilege gold", "", "pay", "take tower_9", "dance")

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {"leaders": True},
    {"leaders": True, "leader_draft": "deal"},
    {
        "leaders": True,
        "advanced_tiles": True,
        "voluntary_pass": True,
        "harvest_min_check": "action",
        "military_tie": "tied_first_only",
    },
    {"houses": True, "leader_draft": "deal"},
    {"houses": True, "advanced_tiles": True, "voluntary_pass": True, "leader_pool": "houses"},
)


def supports(players: int, options: Mapping[str, Any]) -> bool:
    """HOUSES.md §2: 5 players only with houses, and not with the base pool of 20 Leaders."""
    return players < 5 or (bool(options.get("houses")) and options.get("leader_pool", "all") != "base")


def invariants(st: dict[str, Any]) -> None:
    for p, ps in enumerate(st["players"]):
        for k in RESOURCES:
            assert ps["resources"][k] >= 0, f"seat {p} has {ps['resources'][k]} {k}"
        for t in CARD_TYPES:
            assert len(ps["cards"][t]) <= 6, f"seat {p} has {len(ps['cards'][t])} {t} cards"


def _step(step: Step, moves: Sequence[Move]) -> None:
    st = step.before
    if st["stack"] or st["phase"] in ("leader_draft", "auction"):
        assert len(moves) <= 25, f"{len(moves)} options for a decision"


def _public_view(view: Mapping[str, Any]) -> None:
    text = json.dumps(view)
    assert "decks" not in view and all(pi["hand"] is None for pi in view["players_info"])
    assert all(isinstance(n, int) for n in view["deck_counts"].values())  # counts, never order
    assert "hand" not in text or '"hand": null' in text


def _end(st: dict[str, Any], outcome: Outcome, replayed: dict[str, Any]) -> None:
    assert st["phase"] == "over" and st["round"] == 6
    assert len(outcome.scores) == st["player_count"]


CHECKS = GameChecks(
    state=invariants,
    step=_step,
    public_view=_public_view,
    end=_end,
    option_sets=OPTION_SETS,
    illegal_texts=ILLEGAL_TEXTS,
    games_per_case=2,
    supports=supports,
)
