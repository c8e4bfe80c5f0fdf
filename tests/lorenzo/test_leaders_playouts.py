"""Seeded random playouts with the ``leaders`` option, steered towards Leader actions.

Uniform random play discards almost every leader (a discard is always legal, a play rarely is),
so these games prefer playing and activating leaders and seldom discard. Checked at every step:
goods and points never below zero, at most 6 cards of a type, each leader in one place only, at
most 25 options for a decision, every Leader move and a sample of the others round-trip through
their text, Leader texts that are not legal now are refused with the state unchanged, JSON
round-trips; every few steps (and at every draft step) no view but the owner's names an unplayed
leader or a draft pack. At the end: game over after round 6 with an outcome, and the move log
replays to the same state. Half the games start 'rich' (see RICH) so that leaders are played
early and their abilities meet every kind of action. Runnable alone for many games:

    .venv/bin/python -m tests.lorenzo.test_leaders_playouts 500      # games per count and set
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from typing import Any

import pytest

from rules.core import RulesError
from rules.lorenzo import GAME
from rules.lorenzo.data import CARD_TYPES, LEADERS, RESOURCES
from rules.lorenzo.moves import LorenzoMove
from rules.playout import replay

OPTION_SETS: list[dict[str, Any]] = [
    {"leaders": True},
    {"leaders": True, "leader_draft": "deal", "advanced_tiles": True},
    {"leaders": True, "voluntary_pass": True, "harvest_min_check": "action"},
]

State = dict[str, Any]


def _kind(move: LorenzoMove) -> str:
    words = move.to_text().split()
    return " ".join(words[:2]) if words[0] == "leader" else words[0]


def choose(rng: random.Random, moves: list[LorenzoMove]) -> LorenzoMove:
    """Prefer playing and activating leaders and taking cards (most requirements count cards);
    discard now and then; otherwise uniform."""
    by_kind: dict[str, list[LorenzoMove]] = {}
    for m in moves:
        by_kind.setdefault(_kind(m), []).append(m)
    for kind in ("leader play", "leader activate"):
        if kind in by_kind and rng.random() < 0.9:
            return rng.choice(by_kind[kind])
    if "leader discard" in by_kind and rng.random() < 0.05:
        return rng.choice(by_kind["leader discard"])
    towers = [m for m in by_kind.get("place", []) if m.to_text().split()[2][-2] == "_"]
    if towers and rng.random() < 0.6:
        return rng.choice(towers)
    rest = [m for m in moves if _kind(m) != "leader discard"]
    return rng.choice(rest or moves)


RICH = {"coin": 30, "wood": 15, "stone": 15, "servant": 20, "mp": 15, "fp": 8, "vp": 40}
"""Goods for a 'rich' start: the goods/points requirements of half the leaders are met at once,
so their abilities meet every kind of action early (a test position, not a real opening)."""


def start(players: int, seed: int, options: dict[str, Any], rich: bool) -> State:
    st = GAME.setup(players, seed, options)
    if rich:
        for ps in st["players"]:
            ps["resources"].update(RICH)
    return st


def _invariants(st: State) -> None:
    seen: list[str] = []
    for p, ps in enumerate(st["players"]):
        for k in RESOURCES:
            assert ps["resources"][k] >= 0, f"seat {p} has {ps['resources'][k]} {k}"
        for t in CARD_TYPES:
            assert len(ps["cards"][t]) <= 6
        assert len(ps["leader_hand"]) + len(ps["leaders_played"]) <= 4
        seen += ps["leader_hand"] + ps["leaders_played"]
        assert set(ps["leaders_used"]) <= set(ps["leaders_played"])
    if st["leader_draft"]:
        seen += [x for pack in st["leader_draft"]["packs"] for x in pack]
    assert len(seen) == len(set(seen)), "a leader is in two places"


def _secrets_hold(st: State) -> None:
    views = {q: json.dumps(GAME.player_view(st, q)) for q in [None, *range(st["player_count"])]}
    for p, ps in enumerate(st["players"]):
        hidden = list(ps["leader_hand"]) + (
            list(st["leader_draft"]["packs"][p]) if st["leader_draft"] else []
        )
        for leader_id in hidden:
            for word in (leader_id, LEADERS[leader_id]["name"]):
                for q, text in views.items():
                    assert (word in text) == (q == p), f"{word} in the view of {q}, owner {p}"


def _refusals(st: State, p: int, legal: set[str]) -> None:
    before = GAME.to_json(st)
    ps = st["players"][p]
    probes = [f"leader {verb} {x}" for x in LEADERS for verb in ("play", "activate", "discard")]
    probes += [f"draft {x}" for x in LEADERS] + [f"copy {x}" for x in LEADERS] + ["end"]
    for text in probes:
        if text in legal:
            continue
        with pytest.raises(RulesError):
            GAME.parse(st, p, text)
    assert ps is st["players"][p] and GAME.to_json(st) == before


def play_one(
    players: int, seed: int, options: dict[str, Any], stats: Counter[str] | None = None, rich: bool = False
) -> State:
    rng = random.Random(seed * 104729 + players)
    st = start(players, seed, options, rich)
    log: list[tuple[int, str]] = []
    step = 0
    while True:
        _invariants(st)
        active = GAME.active_players(st)
        if not active:
            break
        p = rng.choice(sorted(active))
        moves = list(GAME.legal_moves(st, p))
        assert moves, f"seat {p} active without a legal move"
        texts = [m.to_text() for m in moves]
        assert len(set(texts)) == len(texts)
        if st["stack"] or st["phase"] == "leader_draft":
            assert len(moves) <= 25, f"{len(moves)} options for a decision"
        before = GAME.to_json(st)
        leaderish = [m for m in moves if _kind(m) not in ("place", "privilege", "pay", "take", "exchange")]
        for m in leaderish + rng.sample(moves, min(4, len(moves))):
            assert GAME.parse(st, p, m.to_text()) == m
        if step % 11 == 0:
            _refusals(st, p, set(texts))
        if step % 5 == 0 or st["phase"] == "leader_draft":
            _secrets_hold(st)
        assert GAME.to_json(GAME.from_json(before)) == before
        move = choose(rng, moves)
        if stats is not None:
            stats[_kind(move)] += 1
        st, _events = GAME.apply(st, p, move)
        log.append((p, move.to_text()))
        step += 1
    assert st["phase"] == "over" and st["round"] == 6
    out = GAME.outcome(st)
    assert out is not None and len(out.scores) == players
    replayed = replay(GAME, start(players, seed, options, rich), log)
    assert GAME.to_json(replayed) == GAME.to_json(st)
    return st


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_leader_playouts_keep_the_invariants(players: int, options: dict[str, Any]) -> None:
    play_one(players, 7, options)
    play_one(players, 8, options, rich=True)


def test_leader_playouts_exercise_every_leader_action() -> None:
    """The steered games really play, activate, copy and end (else the checks above prove little)."""
    stats: Counter[str] = Counter()
    for seed in range(3):
        play_one(4, 50 + seed, {"leaders": True}, stats, rich=True)
    for kind in ("draft", "leader play", "leader activate", "leader discard", "end", "copy"):
        assert stats[kind] > 0, (kind, stats)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    stats: Counter[str] = Counter()
    played: Counter[str] = Counter()
    start = time.perf_counter()
    total = 0
    for options in OPTION_SETS:
        for players in (2, 3, 4):
            for seed in range(games):
                st = play_one(players, seed, options, stats, rich=seed % 2 == 1)
                played.update(x for ps in st["players"] for x in ps["leaders_played"])
                total += 1
    print(
        json.dumps(
            {
                "games": total,
                "seconds": round(time.perf_counter() - start, 1),
                "failures": 0,
                "moves": dict(stats.most_common()),
                "leaders_played_per_game": round(sum(played.values()) / max(total, 1), 2),
                "leaders_never_played": sorted(set(LEADERS) - set(played)),
            }
        )
    )


if __name__ == "__main__":
    main()
