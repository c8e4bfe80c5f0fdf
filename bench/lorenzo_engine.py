"""Benchmark: random 4-player Lorenzo games on one core. Prints one JSON line.

    .venv/bin/python bench/lorenzo_engine.py [games] [leaders]

Figures: games per second, game time median/p99 (ms), legal_moves median/p99 (ms), moves per game.
A "random game" chooses uniformly among legal_moves at every step and applies the move (parse is
not included; the conformance tests cover it).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from rules import find_game


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    options = {"leaders": True} if "leaders" in sys.argv[2:] else {}
    game = find_game("lorenzo")
    game_ms: list[float] = []
    legal_ms: list[float] = []
    moves_per_game: list[int] = []
    start_all = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        t0 = time.perf_counter()
        state = game.setup(4, seed, options)
        moves = 0
        while True:
            active = game.active_players(state)
            if not active:
                break
            player = min(active)  # several seats are active only in the leader draft
            t1 = time.perf_counter()
            legal = game.legal_moves(state, player)
            legal_ms.append((time.perf_counter() - t1) * 1000)
            state, _events = game.apply(state, player, rng.choice(legal))
            moves += 1
        assert game.outcome(state) is not None
        game_ms.append((time.perf_counter() - t0) * 1000)
        moves_per_game.append(moves)
    total = time.perf_counter() - start_all
    print(json.dumps({
        "bench": "lorenzo_engine",
        "players": 4,
        "options": options,
        "games": games,
        "games_per_s": round(games / total, 2),
        "game_ms_median": round(statistics.median(game_ms), 2),
        "game_ms_p99": round(_pct(game_ms, 0.99), 2),
        "legal_moves_ms_median": round(statistics.median(legal_ms), 3),
        "legal_moves_ms_p99": round(_pct(legal_ms, 0.99), 3),
        "moves_per_game_median": statistics.median(moves_per_game),
    }))


if __name__ == "__main__":
    main()
