"""Write a playthrough (tests/playthroughs/__init__.py has the format) for any game and policy.

    .venv/bin/python -m tests.playthroughs.generate GAME PLAYERS SEED POLICY ['{"leaders": true}']
    .venv/bin/python -m tests.playthroughs.generate --again FILE

The lowest active seat moves each time; ``POLICY`` (tests/playthroughs/policies.py) picks its move
with ``random.Random(SEED)``. The expected outcome written is the engine's: check the breakdown
by hand against the final state before committing, and write the hand checks into the game's
golden tests. ``--again`` regenerates a file from its own game, seed, options and policy (after a
deliberate rules or data change), keeping any extra expectations it holds.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.playthroughs import HERE, Expected, Playthrough, game_for, load
from tests.playthroughs.policies import POLICIES


def record(
    game_name: str,
    players: int,
    seed: int,
    policy: str,
    options: Mapping[str, Any],
    revision: int | None = None,
) -> Playthrough:
    """The playthrough ``policy`` plays (under the game's content ``revision``, default today's)."""
    stub: Playthrough = {
        "game": game_name,
        "players": players,
        "seed": seed,
        "options": dict(options),
        "policy": policy,
        "moves": [],
        "expected": {},
    }
    if revision is not None:
        stub["data_revision"] = revision
    game = game_for(stub)
    choose = POLICIES[game.name][policy]
    rng = random.Random(seed)
    state = game.setup(players, seed, dict(options))
    moves: list[list[Any]] = []
    while game.active_players(state):
        seat = min(game.active_players(state))
        move = choose(state, seat, list(game.legal_moves(state, seat)), rng)
        state, _ = game.apply(state, seat, move)
        moves.append([seat, move.to_text()])
    outcome = game.outcome(state)
    assert outcome is not None
    expected: Expected = {
        "scores": list(outcome.scores),
        "ranking": list(outcome.ranking),
        "breakdown": [dict(b) for b in outcome.breakdown],
    }
    return {**stub, "moves": moves, "expected": expected}


def path_for(data: Playthrough) -> Path:
    return HERE / data["game"] / f"{data['players']}p_seed{data['seed']}_{data['policy']}.json"


def write(data: Playthrough, path: Path) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(path, data["expected"]["scores"], len(data["moves"]), "moves")


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--again"]:
        path = Path(args[1])
        old = load(path)
        data = record(
            old["game"], old["players"], old["seed"], old["policy"], old["options"], old.get("data_revision")
        )
        kept = {k: v for k, v in old["expected"].items() if k not in data["expected"]}
        data["expected"].update(kept)  # type: ignore[typeddict-item]
        write(data, path)
        return
    game, players, seed, policy = args[0], int(args[1]), int(args[2]), args[3]
    options = json.loads(args[4]) if len(args) > 4 else {}
    data = record(game, players, seed, policy, options)
    write(data, path_for(data))


if __name__ == "__main__":
    main()
