"""Seeded random playouts with Lorenzo invariants; used by test_playouts.py and runnable alone:

    .venv/bin/python -m tests.lorenzo.playout 1000      # games per player count and option set

Checked at every step: no goods or points below zero, at most 6 cards of a type, decision lists
of at most 25 options, every sampled legal move round-trips through its text, a bad or illegal
text is refused with the state unchanged, JSON round-trips exactly, the public view shows no
hand and no deck order. At the end: the game is over after round 6 with an outcome, and replaying
the move log from the seed gives the same state.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from rules.core import RulesError
from rules.lorenzo import GAME
from rules.lorenzo.data import CARD_TYPES, RESOURCES
from rules.playout import replay

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"leaders": True},
    {"leaders": True, "leader_draft": "deal"},
    {"advanced_tiles": True},
    {"voluntary_pass": True},
    {"harvest_min_check": "action"},
    {"military_tie": "tied_first_only"},
    {
        "leaders": True,
        "advanced_tiles": True,
        "voluntary_pass": True,
        "harvest_min_check": "action",
        "military_tie": "tied_first_only",
    },
]

ILLEGAL_TEXTS = ("place black nowhere", "privilege gold", "", "pay", "take tower_9", "dance")


def _invariants(st: dict[str, Any]) -> None:
    for p, ps in enumerate(st["players"]):
        for k in RESOURCES:
            assert ps["resources"][k] >= 0, f"seat {p} has {ps['resources'][k]} {k}"
        for t in CARD_TYPES:
            assert len(ps["cards"][t]) <= 6, f"seat {p} has {len(ps['cards'][t])} {t} cards"


def play_one(players: int, seed: int, options: dict[str, Any], deep: bool = True) -> dict[str, Any]:
    rng = random.Random(seed * 7919 + players)
    st = GAME.setup(players, seed, options)
    log: list[tuple[int, str]] = []
    while True:
        _invariants(st)
        active = GAME.active_players(st)
        if not active:
            break
        p = rng.choice(sorted(active))  # several seats are active during the leader draft
        moves = list(GAME.legal_moves(st, p))
        assert moves, f"seat {p} active without a legal move"
        if st["stack"] or st["phase"] == "leader_draft":
            assert len(moves) <= 25, f"{len(moves)} options for a decision"
        if deep:
            before = GAME.to_json(st)
            for m in rng.sample(moves, min(4, len(moves))):
                assert GAME.parse(st, p, m.to_text()) == m
            for bad in ILLEGAL_TEXTS:
                try:
                    GAME.parse(st, p, bad)
                except RulesError:
                    pass
                else:
                    raise AssertionError(f"{bad!r} was accepted")
            assert GAME.to_json(st) == before
            assert GAME.to_json(GAME.from_json(before)) == before
            view = GAME.player_view(st, None)
            text = json.dumps(view)
            assert "decks" not in view and all(pi["hand"] is None for pi in view["players_info"])
            assert all(isinstance(n, int) for n in view["deck_counts"].values())  # counts, never order
            assert "hand" not in text or '"hand": null' in text
        move = rng.choice(moves)
        st, _events = GAME.apply(st, p, move)
        log.append((p, move.to_text()))
    assert st["phase"] == "over" and st["round"] == 6
    out = GAME.outcome(st)
    assert out is not None and len(out.scores) == players
    if deep:
        replayed = replay(GAME, GAME.setup(players, seed, options), log)
        assert GAME.to_json(replayed) == GAME.to_json(st)
    return st


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    deep = "--fast" not in sys.argv
    start = time.perf_counter()
    total = 0
    for options in OPTION_SETS:
        for players in (2, 3, 4):
            for seed in range(games):
                play_one(players, seed, options, deep=deep)
                total += 1
    print(
        json.dumps(
            {
                "games": total,
                "deep_checks": deep,
                "seconds": round(time.perf_counter() - start, 1),
                "failures": 0,
            }
        )
    )


if __name__ == "__main__":
    main()
