"""Benchmark: complete random Lancaster games and legal_moves latency. Prints one JSON line.

Run: .venv/bin/python bench/lancaster_engine.py [games]
Targets (issue 4): a random 5-player game under 150 ms median; legal_moves p99 under 5 ms.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from rules.lancaster import GAME


def random_game(players: int, seed: int, lm_times: list[float]) -> tuple[float, int]:
    """Play one game with uniformly random legal moves; returns (seconds, moves)."""
    rnd = random.Random(seed)
    start = time.perf_counter()
    state = GAME.setup(players, seed)
    moves = 0
    while True:
        active = sorted(GAME.active_players(state))
        if not active:
            break
        seat = rnd.choice(active)
        t0 = time.perf_counter()
        legal = GAME.legal_moves(state, seat)
        lm_times.append(time.perf_counter() - t0)
        state, _ = GAME.apply(state, seat, rnd.choice(legal))
        moves += 1
    return time.perf_counter() - start, moves


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    figures: dict[str, float | int] = {"games_per_count": games}
    lm: list[float] = []
    for players in (2, 3, 4, 5):
        times = []
        counts = []
        for seed in range(games):
            seconds, moves = random_game(players, seed, lm)
            times.append(seconds)
            counts.append(moves)
        figures[f"game_{players}p_median_ms"] = round(statistics.median(times) * 1000, 2)
        figures[f"game_{players}p_max_ms"] = round(max(times) * 1000, 2)
        figures[f"moves_{players}p_median"] = int(statistics.median(counts))
    lm.sort()
    figures["legal_moves_calls"] = len(lm)
    figures["legal_moves_p50_ms"] = round(lm[len(lm) // 2] * 1000, 4)
    figures["legal_moves_p99_ms"] = round(lm[int(len(lm) * 0.99)] * 1000, 4)
    figures["legal_moves_max_ms"] = round(lm[-1] * 1000, 4)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
