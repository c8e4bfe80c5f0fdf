"""Benchmark: complete random games of every registered engine, on one core. One JSON line per game.

    .venv/bin/python -m bench.engines [--games N] [--game lorenzo] [--players 4] [--option leaders=true]

A random game chooses uniformly among ``legal_moves`` at every step and applies the move (parse
is covered by the conformance tests). Figures per game and player count: games per second, game
time median/p99, ``legal_moves`` median/p99 and moves per game.

The floor, measured in the same run on the same states: copying every state of a game once with
``marshal`` (the least a pure ``apply`` must do per move is copy what it changes). ``floor_ratio``
is the median game time over the median floor, so a machine busy with other work moves both.
Targets (issues 3 and 4): a 4-player Lorenzo game under 250 ms median, a 5-player Lancaster game
under 150 ms median, ``legal_moves`` p99 under 5 ms.
"""

from __future__ import annotations

import argparse
import json
import marshal
import random
import statistics
import time
from typing import Any

from rules import all_games, find_game
from rules.core import Game, coerce_option


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_game(
    game: Game, players: int, seed: int, options: dict[str, Any]
) -> tuple[float, list[float], list[Any]]:
    """Play one game; returns its seconds, each legal_moves call's seconds and every state."""
    rng = random.Random(seed)
    legal_times: list[float] = []
    states: list[Any] = []
    start = time.perf_counter()
    state = game.setup(players=players, seed=seed, options=options)
    while active := sorted(game.active_players(state)):
        player = rng.choice(active)
        t0 = time.perf_counter()
        legal = game.legal_moves(state, player)
        legal_times.append(time.perf_counter() - t0)
        state, _ = game.apply(state, player, rng.choice(legal))
        states.append(state)
    elapsed = time.perf_counter() - start
    assert game.outcome(state) is not None
    return elapsed, legal_times, states


def copy_floor(states: list[Any]) -> float:
    start = time.perf_counter()
    for state in states:
        marshal.loads(marshal.dumps(state))
    return time.perf_counter() - start


def bench(game: Game, players: int, games: int, options: dict[str, Any]) -> dict[str, Any]:
    game_s: list[float] = []
    floor_s: list[float] = []
    legal_s: list[float] = []
    moves: list[int] = []
    wall = time.perf_counter()
    for seed in range(games):
        elapsed, legal_times, states = random_game(game, players, seed, options)
        game_s.append(elapsed)
        legal_s.extend(legal_times)
        moves.append(len(states))
        floor_s.append(copy_floor(states))
    wall = time.perf_counter() - wall
    ms = 1000.0
    return {
        "bench": "engines",
        "game": game.name,
        "players": players,
        "options": options,
        "games": games,
        "games_per_s": round(games / wall, 2),
        "game_ms_median": round(statistics.median(game_s) * ms, 2),
        "game_ms_p99": round(percentile(game_s, 0.99) * ms, 2),
        "floor_ms_median": round(statistics.median(floor_s) * ms, 3),
        "floor_ratio": round(statistics.median(game_s) / statistics.median(floor_s), 1),
        "legal_moves_ms_median": round(statistics.median(legal_s) * ms, 4),
        "legal_moves_ms_p99": round(percentile(legal_s, 0.99) * ms, 4),
        "moves_per_game_median": statistics.median(moves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", help="one game's name (default: every registered game)")
    parser.add_argument("--players", type=int, help="one player count (default: every count)")
    parser.add_argument("--option", action="append", default=[], help="name=value, repeatable")
    args = parser.parse_args()
    games = [find_game(args.game)] if args.game else all_games()
    for game in games:
        known = {o.name: o for o in game.options()}
        options: dict[str, Any] = {}
        for pair in args.option:
            name, _, value = pair.partition("=")
            if name in known:
                options[name] = coerce_option(known[name], value)
        counts = [args.players] if args.players else range(game.min_players, game.max_players + 1)
        for players in counts:
            print(json.dumps(bench(game, players, args.games, options)), flush=True)


if __name__ == "__main__":
    main()
