"""Benchmark: random playouts per second from mid-game states, the engine before vs after, one run.

    .venv/bin/python -m bench.simulate [--game lancaster|lorenzo] [--players 4] [--rounds 5]
                                       [--seconds 1] [--option leaders=true] [--before REV | --no-before]

A playout starts from a mid-game state (the state halfway through a seeded random game) and
plays uniformly random legal moves to the end, as a tree-search player's rollout does: the lowest
active seat moves, its move drawn with one ``rng.random()`` (the policy of ``rules.rollout``,
which the computer players' simulations run). Rates are
in processor time (``time.process_time``: other work on a shared machine does not count), and the
paths take turns within each round so whatever slows the machine slows them alike:

- ``before``: the contract path (``legal_moves`` + ``apply``) of the engine at git revision
  ``--before`` (default: the game's engine before its fast path of issue 10 item 3, ``BEFORE``),
  run from a copy of that revision's ``rules/`` in a child process;
- ``contract``: the same calls on today's engine;
- ``fast``: the computer players' rollout, ``rules.rollout.random_rollout`` (compiled with the
  engines): ``legal_moves`` + the optional ``simulate`` (``rules.core.game_simulate``), which
  skips re-checking a move taken from ``legal_moves``;
- ``fast_source``: ``fast`` on today's engine run from its Python sources (``TAVOLA_PURE=1``, in
  a child process), when this process runs the compiled engine (rules/compiled.py): the share
  of the speed that compiling gives. ``engine`` in the output says which code ``fast`` ran.

With ``--instructions PLAYOUTS`` it counts instead of timing: valgrind's callgrind counts the
instructions per move of ``before``, ``fast`` and the floor over that many playouts, a figure
that does not move with the machine's load (a shared machine's timings swing by a fifth).

The floor, measured in the same run: playouts per second if every move cost only one
``marshal`` copy of the mid-game state (the copy a pure ``apply`` made before). Prints one JSON
line per game: medians over the rounds and the ratios to ``before`` (of the medians, and
``fast_over_before_paired``: the median of each round's own ratio, steadier on a loaded machine).
"""

from __future__ import annotations

import argparse
import json
import marshal
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BEFORE = {"lancaster": "561ab68", "lorenzo": "a4e1a03"}
"""main just before each game's fast path: the engine its fast path is measured against."""

ROOT = Path(__file__).resolve().parent.parent


def midgame_states(game: Any, players: int, count: int, options: dict[str, Any]) -> list[Any]:
    """The state halfway through each of ``count`` seeded random games (seeds 1..count)."""
    from rules.playout import playout_states  # imported here: a worker runs another revision's rules

    found = []
    for seed in range(1, count + 1):
        states = list(playout_states(game, players, seed, options))
        found.append(states[len(states) // 2])
    return found


def playout(game: Any, state: Any, rng: random.Random, step: Any) -> int:
    """Play random legal moves from ``state`` to the end through ``step``; returns the number of
    moves. The policy of ``rules.rollout.random_rollout``, written here for engines older than it
    (``before``) and for the contract path."""
    moves = 0
    while active := game.active_players(state):
        seat = min(active)
        legal = game.legal_moves(state, seat)
        state = step(state, seat, legal[int(rng.random() * len(legal))])
        moves += 1
    return moves


Playout = Callable[[Any, random.Random], int]
"""One playout from a state to the end; returns the number of moves."""


def rate(states: list[Any], seconds: float, run: Playout) -> tuple[float, float]:
    """(playouts per second, moves per playout) over ``seconds`` of playouts from ``states``."""
    rng = random.Random(7)
    done = moves = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or done == 0:
        moves += run(states[done % len(states)], rng)
        done += 1
    return done / elapsed, moves / done


def contract_playout(game: Any) -> Playout:
    return lambda state, rng: playout(game, state, rng, lambda s, seat, move: game.apply(s, seat, move)[0])


def fast_playout(game: Any) -> Playout:
    from rules.rollout import random_rollout  # imported here: a worker runs another revision's rules

    return lambda state, rng: random_rollout(game, state, rng, 1 << 30)[1]


def floor(states: list[Any], moves_per_playout: float, seconds: float) -> float:
    """Playouts per second if each move cost one marshal copy of a mid-game state."""
    copies = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or copies == 0:
        marshal.loads(marshal.dumps(states[copies % len(states)]))
        copies += 1
    return copies / elapsed / moves_per_playout


def worker(name: str, players: int, seconds: float, options: dict[str, Any], fast: bool) -> None:
    """Child process: the contract (or ``fast``) rate of whatever ``rules`` is on the path (an old
    revision, or today's from source)."""
    from rules import find_game

    game = find_game(name)
    states = midgame_states(game, players, 4, options)
    print(json.dumps(rate(states, seconds, fast_playout(game) if fast else contract_playout(game))))


def counting_worker(name: str, players: int, count: int, options: dict[str, Any], path: str) -> None:
    """Child process under callgrind: ``count`` playouts of ``path`` (``contract`` or ``fast``)
    from the mid-game states, or ``count`` marshal copies of them (``floor``); prints how many
    moves (copies) that made."""
    from rules import find_game

    game = find_game(name)
    states = midgame_states(game, players, 4, options)
    rng, made = random.Random(7), 0
    run = fast_playout(game) if path == "fast" else contract_playout(game)
    for i in range(count):
        if path == "floor":
            marshal.loads(marshal.dumps(states[i % len(states)]))
            made += 1
        else:
            made += run(states[i % len(states)], rng)
    print(json.dumps(made))


def callgrind_total(report: str) -> int:
    """The instruction total of a callgrind output file's text (its ``totals:`` line, or the
    ``summary:`` line older versions write instead)."""
    found = re.search(r"^totals: (\d+)", report, re.MULTILINE) or re.search(
        r"^summary: (\d+)", report, re.MULTILINE
    )
    if found is None:
        raise ValueError("no totals in the callgrind output")
    return int(found.group(1))


def instructions(
    tree: Path | None, name: str, players: int, count: int, options: dict[str, Any]
) -> dict[str, Any]:
    """Instructions per move of ``before`` (the engine under ``tree``, contract path), ``fast``
    (today's) and the floor (one marshal copy of a mid-game state), counted by callgrind: the
    same figure on a busy machine as on a quiet one. Each path's start (imports, mid-game
    states) is a run of 0 playouts, subtracted."""
    paths = [("fast", ROOT), ("floor", ROOT)] + ([("before", tree)] if tree is not None else [])
    per: dict[str, float] = {}
    for path, where in paths:
        made, total = _callgrind(where, name, players, count, options, path)
        per[path] = round((total - _callgrind(where, name, players, 0, options, path)[1]) / made)
    result: dict[str, Any] = {
        "bench": "simulate-instructions",
        "game": name,
        "players": players,
        "options": options,
        "playouts": count,
        "instructions_per_move": per,
        "fast_over_floor": round(per["floor"] / per["fast"], 3),
    }
    if "before" in per:
        result["fast_over_before"] = round(per["before"] / per["fast"], 2)
    return result


def _callgrind(
    where: Path, name: str, players: int, count: int, options: dict[str, Any], path: str
) -> tuple[int, int]:
    """(moves made, instructions) of one ``counting_worker`` under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        found = subprocess.run(
            [
                *("valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__),
                *("--worker", name, "--players", str(players), "--count", str(count)),
                *("--options-json", json.dumps(options), "--path", path),
            ],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": str(where), "PYTHONHASHSEED": "0"},
        )
        return int(json.loads(found.stdout)), callgrind_total(out.read_text())


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


def before_rate(
    tree: Path, name: str, players: int, seconds: float, options: dict[str, Any], source: bool = False
) -> float:
    """The rate of the engine under ``tree`` in a child process: its contract path, or with
    ``source`` today's fast path from its Python sources."""
    found = subprocess.run(
        [
            sys.executable,
            __file__,
            "--worker",
            name,
            "--players",
            str(players),
            "--seconds",
            str(seconds),
            "--options-json",
            json.dumps(options),
            *(["--fast"] if source else []),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", **({"TAVOLA_PURE": "1"} if source else {})},
    )
    rate_found: float = json.loads(found.stdout)[0]
    return rate_found


def bench(
    game: Any,
    players: int,
    rounds: int,
    seconds: float,
    tree: Path | None,
    revision: str | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    from rules import compiled

    options = dict(options or {})
    states = midgame_states(game, players, 4, options)
    runs: dict[str, list[float]] = {"before": [], "contract": [], "fast": [], "fast_source": [], "floor": []}
    moves = 0.0
    for _ in range(rounds):
        if tree is not None:
            runs["before"].append(before_rate(tree, game.name, players, seconds, options))
        contract, moves = rate(states, seconds, contract_playout(game))
        runs["contract"].append(contract)
        runs["fast"].append(rate(states, seconds, fast_playout(game))[0])
        if compiled.STATUS.startswith("compiled"):
            runs["fast_source"].append(before_rate(ROOT, game.name, players, seconds, options, source=True))
        runs["floor"].append(floor(states, moves, seconds / 2))
    median = {key: round(statistics.median(values), 1) for key, values in runs.items() if values}
    result: dict[str, Any] = {
        "bench": "simulate",
        "engine": compiled.STATUS,  # today's engine: compiled or from source (``before``: source)
        "game": game.name,
        "players": players,
        "options": options,
        "rounds": rounds,
        "moves_per_playout": round(moves, 1),
        "playouts_per_s": median,
    }
    if "before" in median:
        result["before_revision"] = revision or BEFORE.get(game.name)
        result["fast_over_before"] = round(median["fast"] / median["before"], 2)
        result["contract_over_before"] = round(median["contract"] / median["before"], 2)
        # The ratio within each round, then its median: the paths of one round ran within seconds
        # of each other, so a load that comes and goes on a shared machine cancels out better.
        paired = [fast / before for fast, before in zip(runs["fast"], runs["before"], strict=True)]
        result["fast_over_before_paired"] = round(statistics.median(paired), 2)
    if "fast_source" in median and "before" in median:
        result["fast_source_over_before"] = round(median["fast_source"] / median["before"], 2)
    if "fast_source" in median:
        result["compiled_over_source"] = round(median["fast"] / median["fast_source"], 2)
    result["fast_over_floor"] = round(median["fast"] / median["floor"], 2)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="lancaster")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--before", help="git revision of the engine to compare with (default: BEFORE)")
    parser.add_argument("--no-before", action="store_true", help="skip the old engine (no git needed)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--options-json", default="{}", help=argparse.SUPPRESS)
    parser.add_argument("--fast", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--path", default="contract", help=argparse.SUPPRESS)
    parser.add_argument(
        "--instructions",
        type=int,
        metavar="PLAYOUTS",
        help="count instructions per move with valgrind's callgrind over this many playouts",
    )
    args = parser.parse_args()
    if args.worker and args.count is not None:
        counting_worker(args.worker, args.players, args.count, json.loads(args.options_json), args.path)
        return
    if args.worker:
        worker(args.worker, args.players, args.seconds, json.loads(args.options_json), args.fast)
        return
    sys.path.insert(0, str(ROOT))
    from rules import find_game

    game = find_game(args.game)
    options = game_options(game, args.option)
    revision = args.before or BEFORE.get(args.game, "HEAD")
    with tempfile.TemporaryDirectory() as tmp:
        tree = None if args.no_before else before_tree(revision, Path(tmp))
        if tree is None and not args.no_before:
            print(f"# no git revision {revision}: 'before' skipped", file=sys.stderr)
        if args.instructions is not None:
            if shutil.which("valgrind") is None:
                raise SystemExit("--instructions needs valgrind (callgrind), which is not installed")
            figures = instructions(tree, game.name, args.players, args.instructions, options)
            figures["before_revision"] = revision
        else:
            figures = bench(game, args.players, args.rounds, args.seconds, tree, revision, options)
        print(json.dumps(figures), flush=True)


def game_options(game: Any, pairs: list[str]) -> dict[str, Any]:
    """``--option name=value`` pairs read as the game reads them (``rules.core.coerce_option``)."""
    from rules.core import coerce_option

    known = {o.name: o for o in game.options()}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in known:
            raise SystemExit(f"{game.name} has no option {name!r}")
        options[name] = coerce_option(known[name], value)
    return options


if __name__ == "__main__":
    main()
