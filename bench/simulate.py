"""Benchmark: random playouts per second from mid-game states, the engine before vs after, one run.

    .venv/bin/python -m bench.simulate [--game lancaster] [--players 4] [--rounds 5] [--seconds 1]
                                       [--before REV | --no-before]

A playout starts from a mid-game state (the state halfway through a seeded random game) and
plays uniformly random legal moves to the end, as a tree-search player's rollout does. Rates are
in processor time (``time.process_time``: other work on a shared machine does not count), and the
paths take turns within each round so whatever slows the machine slows them alike:

- ``before``: the contract path (``legal_moves`` + ``apply``) of the engine at git revision
  ``--before`` (default: the engine before the fast path of issue 10 item 3), run from a copy of
  that revision's ``rules/`` in a child process;
- ``contract``: the same calls on today's engine;
- ``fast``: ``legal_moves`` + the optional ``simulate`` (``rules.core.game_simulate``), which
  skips re-checking a move taken from ``legal_moves``.

The floor, measured in the same run: playouts per second if every move cost only one
``marshal`` copy of the mid-game state (the copy a pure ``apply`` made before). Prints one JSON
line per game: medians over the rounds and the ratios to ``before``.
"""

from __future__ import annotations

import argparse
import json
import marshal
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BEFORE = "561ab68"
"""main just before the fast path: the engine whose rate the fast path is measured against."""

ROOT = Path(__file__).resolve().parent.parent


def midgame_states(game: Any, players: int, count: int) -> list[Any]:
    """The state halfway through each of ``count`` seeded random games (seeds 1..count)."""
    from rules.playout import playout_states  # imported here: a worker runs another revision's rules

    found = []
    for seed in range(1, count + 1):
        states = list(playout_states(game, players, seed))
        found.append(states[len(states) // 2])
    return found


def playout(game: Any, state: Any, rng: random.Random, step: Any) -> int:
    """Play random legal moves from ``state`` to the end; returns the number of moves."""
    moves = 0
    while active := sorted(game.active_players(state)):
        seat = rng.choice(active)
        legal = game.legal_moves(state, seat)
        state = step(state, seat, legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def rate(game: Any, states: list[Any], seconds: float, step: Any) -> tuple[float, float]:
    """(playouts per second, moves per playout) over ``seconds`` of playouts from ``states``."""
    rng = random.Random(7)
    done = moves = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or done == 0:
        moves += playout(game, states[done % len(states)], rng, step)
        done += 1
    return done / elapsed, moves / done


def contract_step(game: Any) -> Any:
    return lambda state, seat, move: game.apply(state, seat, move)[0]


def floor(states: list[Any], moves_per_playout: float, seconds: float) -> float:
    """Playouts per second if each move cost one marshal copy of a mid-game state."""
    copies = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or copies == 0:
        marshal.loads(marshal.dumps(states[copies % len(states)]))
        copies += 1
    return copies / elapsed / moves_per_playout


def worker(name: str, players: int, seconds: float) -> None:
    """Child process: the contract rate of whatever ``rules`` is on the path (an old revision)."""
    from rules import find_game

    game = find_game(name)
    states = midgame_states(game, players, 4)
    print(json.dumps(rate(game, states, seconds, contract_step(game))))


def before_tree(revision: str, into: Path) -> Path | None:
    """``rules/`` of ``revision`` unpacked under ``into``, or None without git or that revision."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision, "rules"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return into


def before_rate(tree: Path, name: str, players: int, seconds: float) -> float:
    found = subprocess.run(
        [sys.executable, __file__, "--worker", name, "--players", str(players), "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"},
    )
    rate_found: float = json.loads(found.stdout)[0]
    return rate_found


def bench(
    game: Any, players: int, rounds: int, seconds: float, tree: Path | None, revision: str = BEFORE
) -> dict[str, Any]:
    from rules.core import game_simulate

    states = midgame_states(game, players, 4)
    fast = lambda state, seat, move: game_simulate(game, state, seat, move)  # noqa: E731
    runs: dict[str, list[float]] = {"before": [], "contract": [], "fast": [], "floor": []}
    moves = 0.0
    for _ in range(rounds):
        if tree is not None:
            runs["before"].append(before_rate(tree, game.name, players, seconds))
        contract, moves = rate(game, states, seconds, contract_step(game))
        runs["contract"].append(contract)
        runs["fast"].append(rate(game, states, seconds, fast)[0])
        runs["floor"].append(floor(states, moves, seconds / 2))
    median = {key: round(statistics.median(values), 1) for key, values in runs.items() if values}
    result: dict[str, Any] = {
        "bench": "simulate",
        "game": game.name,
        "players": players,
        "rounds": rounds,
        "moves_per_playout": round(moves, 1),
        "playouts_per_s": median,
    }
    if "before" in median:
        result["before_revision"] = revision
        result["fast_over_before"] = round(median["fast"] / median["before"], 2)
        result["contract_over_before"] = round(median["contract"] / median["before"], 2)
    result["fast_over_floor"] = round(median["fast"] / median["floor"], 2)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="lancaster")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--before", default=BEFORE, help="git revision of the engine to compare with")
    parser.add_argument("--no-before", action="store_true", help="skip the old engine (no git needed)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.players, args.seconds)
        return
    sys.path.insert(0, str(ROOT))
    from rules import find_game

    with tempfile.TemporaryDirectory() as tmp:
        tree = None if args.no_before else before_tree(args.before, Path(tmp))
        if tree is None and not args.no_before:
            print(f"# no git revision {args.before}: 'before' skipped", file=sys.stderr)
        figures = bench(find_game(args.game), args.players, args.rounds, args.seconds, tree, args.before)
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
