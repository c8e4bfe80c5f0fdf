"""The arena: computer players of several levels play seeded games against each other.

    .venv/bin/python -m bench.arena --game G --players P --games N --levels L1,L2[,...]
                                    [--think SECONDS] [--seed K] [--option name=value ...]

``--levels`` names one level per seat (a shorter list repeats: ``hard,easy`` at four seats is
hard, easy, hard, easy). Game ``g`` (0..N-1) is set up with seed ``K * 1000 + g`` and the
levels rotate one seat per game (seat ``s`` plays level number ``(s + g) % P``), so over ``P``
games each level sits in every position equally. Each seat thinks with its own
``random.Random`` (named by the seed, the game and the seat); ``--think`` caps every decision.

Prints one JSON line: ``win_rate`` (per level: games won per seat it held; a first place shared
by k seats counts 1/k to each), ``mean_score`` (final score per seat of that level),
``seconds_per_decision`` (mean wall time of a decision with more than one legal move; the
median and the slowest are under ``decision_seconds``), plus the games, seats and settings.
Keep runs modest on a shared machine: ``hard`` thinks up to about 2 s a decision.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from bench.simulate import game_options
from players import LEVELS, choose_move
from rules import find_game
from rules.core import Game, RulesError

MAX_MOVES = 5000


def lineup(levels: Sequence[str], players: int, game_number: int) -> list[str]:
    """The level of each seat in game ``game_number``: the list rotated one seat per game."""
    full = [levels[i % len(levels)] for i in range(players)]
    return [full[(seat + game_number) % players] for seat in range(players)]


def play_one(
    game: Game, seats: list[str], seed: int, think: float | None, options: dict[str, Any] | None = None
) -> tuple[Any, dict[str, list[float]]]:
    """One game (with the game ``options``): its outcome and the seconds of each decision, by level."""
    state = game.setup(len(seats), seed=seed, options=dict(options or {}))
    rngs = [random.Random(f"arena:{seed}:{seat}") for seat in range(len(seats))]
    times: dict[str, list[float]] = {level: [] for level in seats}
    for _ in range(MAX_MOVES):
        active = sorted(game.active_players(state))
        if not active:
            break
        seat = active[0]  # simultaneous answers are secret: any order gives the same game
        legal = game.legal_moves(state, seat)
        started = time.perf_counter()
        move = choose_move(game, seat, game.player_view(state, seat), legal, seats[seat], rngs[seat], think)
        if len(legal) > 1:
            times[seats[seat]].append(time.perf_counter() - started)
        state, _ = game.apply(state, seat, move)
    outcome = game.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game.name} game {seed} did not end within {MAX_MOVES} moves")
    return outcome, times


def arena(
    game: Game,
    players: int,
    games: int,
    levels: Sequence[str],
    think: float | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The figures ``main`` prints (see the module docstring)."""
    wins: dict[str, float] = {level: 0.0 for level in levels}
    scores: dict[str, list[int]] = {level: [] for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    for number in range(games):
        seats = lineup(levels, players, number)
        outcome, spent = play_one(game, seats, seed * 1000 + number, think, options)
        for seat, level in enumerate(seats):
            scores[level].append(outcome.scores[seat])
            if seat in outcome.winners:
                wins[level] += 1 / len(outcome.winners)
        for level, found in spent.items():
            times[level] += found
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "levels": list(levels),
        "think": think,
        "seed": seed,
        "options": dict(options or {}),
        "win_rate": {level: round(wins[level] / len(scores[level]), 3) for level in wins},
        "mean_score": {level: round(statistics.fmean(scores[level]), 2) for level in scores},
        "seconds_per_decision": {
            level: round(statistics.fmean(t), 4) if t else 0.0 for level, t in times.items()
        },
        "decision_seconds": {
            level: {"decisions": len(t), "median": round(statistics.median(t), 4), "max": round(max(t), 4)}
            for level, t in times.items()
            if t
        },
        "seat_games": {level: len(scores[level]) for level in scores},
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Computer players against each other (issue 10 item 4).")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument(
        "--levels", required=True, help=f"comma-separated, one per seat; of {', '.join(LEVELS)}"
    )
    parser.add_argument("--think", type=float, default=None, help="seconds each decision may take at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or not levels or len(levels) > args.players:
        parser.error(f"--levels takes 1 to {args.players} of {', '.join(LEVELS)} (got {args.levels!r})")
    game = find_game(args.game)
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{game.title} is for {game.min_players}-{game.max_players} players")
    options = game_options(game, args.option)
    try:  # a player count the options refuse (Lorenzo: 5 players only with houses=true)
        game.setup(args.players, seed=0, options=dict(options))
    except RulesError as exc:
        parser.error(str(exc))
    print(json.dumps(arena(game, args.players, args.games, levels, args.think, args.seed, options)))


if __name__ == "__main__":
    main()
