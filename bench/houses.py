"""Benchmark: Lorenzo with Houses of Renaissance (issue 13), printed as one JSON line.

    .venv/bin/python -m bench.houses [--games 7] [--samples 40]

- ``game_ms``: median wall time of a whole seeded random game (setup, ``legal_moves`` and
  ``apply`` of every move, the way ``rules.playout.random_playout`` plays), for the base game at
  4 players and HoR at 4 and 5 players, in the same run (so the ratio is fair);
- ``render_ms``: p50/p99 of ``render_view`` (draw + encode, as the bot calls it) of the public
  5-player HoR board over states spread through one game, and the same for the private board.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from render import render_view
from rules import find_game
from rules.playout import playout_states, random_playout


def _game_ms(players: int, options: dict[str, Any], games: int) -> tuple[float, int]:
    game = find_game("lorenzo")
    times, moves = [], 0
    for seed in range(games):
        start = time.perf_counter()
        moves += sum(1 for _ in random_playout(game, players, seed, options))
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 1), moves // games


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 1)


def _render_ms(samples: int) -> dict[str, float]:
    game = find_game("lorenzo")
    states = list(playout_states(game, 5, 3, {"houses": True}))
    picked = states[:: max(1, len(states) // samples)]
    out: dict[str, float] = {}
    for private in (False, True):
        times = []
        for state in picked:
            view = game.player_view(state, 0 if private else None)
            start = time.perf_counter()
            render_view("lorenzo", view, private=private)
            times.append((time.perf_counter() - start) * 1000)
        side = "private" if private else "public"
        out[f"{side}_p50"], out[f"{side}_p99"] = _percentile(times, 0.5), _percentile(times, 0.99)
    out["samples"] = len(picked)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=7)
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    figures: dict[str, Any] = {"game_ms": {}, "moves_per_game": {}}
    for label, players, options in (
        ("base_4p", 4, {}),
        ("houses_4p", 4, {"houses": True}),
        ("houses_5p", 5, {"houses": True}),
    ):
        figures["game_ms"][label], figures["moves_per_game"][label] = _game_ms(players, options, args.games)
    figures["render_ms_5p_houses"] = _render_ms(args.samples)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
