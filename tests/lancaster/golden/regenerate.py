"""Regenerate the golden playthroughs: ``.venv/bin/python -m tests.lancaster.golden.regenerate``.

A simple deterministic "sensible player" policy picks every move (counties first, then
conflicts, then the castle; take both when affordable; vote yes with a marker now and then), so
the games look like real ones. Run it only when a rule or a data value changes on purpose, then
re-check the expected scores by hand (see test_golden.py) before committing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from rules.lancaster import GAME
from rules.lancaster.moves import Buy, Extension, Place, Ransom, Start, Take, Upgrade, Vote

HERE = Path(__file__).resolve().parent
GAMES = [(2, 21), (3, 31), (4, 41), (5, 51)]
# A second policy that sends every knight to France: conflicts won and lost, rank ties, all
# favor kinds and the laws that pay for conflicts (file game_4p_conflicts.json).
CONFLICT_GAMES = [(4, 43)]


def choose(state: dict[str, Any], seat: int, rnd: random.Random) -> Any:
    moves = list(GAME.legal_moves(state, seat))
    first = moves[0]
    if isinstance(first, Place):

        def rank(mv: Place) -> tuple[int, int]:
            kind = mv.target.split(":")[0]
            order = {"county": 0, "conflict": 1, "castle": 2}[kind]
            return (order, mv.squires)

        best = min(rank(mv) for mv in moves if isinstance(mv, Place))
        return rnd.choice([mv for mv in moves if isinstance(mv, Place) and rank(mv) == best])
    if isinstance(first, Vote):
        markers = state["seats"][seat]["vote_markers"]
        return Vote(rnd.random() < 0.7, min(markers, rnd.choice([0, 0, 1])))
    if isinstance(first, Take):
        for choice in ("both", "noble", "reward"):
            if Take(choice) in moves:
                return Take(choice)
    if isinstance(first, Buy):
        return Buy(max(mv.times for mv in moves if isinstance(mv, Buy)) // 2 + 1 if len(moves) > 1 else 0)
    if isinstance(first, Start):
        return Start(seat)
    if isinstance(first, (Upgrade, Extension, Ransom)):
        return first
    return rnd.choice(moves)


def choose_conflicts(state: dict[str, Any], seat: int, rnd: random.Random) -> Any:
    """Conflicts first (the card nearest to being won, strongest knight), then counties; yes votes
    with one marker; buy as much as possible; take both when affordable."""
    moves = list(GAME.legal_moves(state, seat))
    first = moves[0]
    if isinstance(first, Place):

        def score(mv: Place) -> tuple[int, int, int]:
            kind, _, where = mv.target.partition(":")
            if kind == "conflict":
                card = next(c for c in state["conflicts"] if c["id"] == where)
                need = GAME.data["conflicts"][where]["france"] - sum(
                    sum(sp["knights"]) for sp in card["spaces"]
                )
                return (0, -mv.strength if need > 0 else 9, need)
            if kind == "county":
                return (1, mv.squires, -mv.strength)
            return (2, 0, 0)

        places = [mv for mv in moves if isinstance(mv, Place)]
        best = min(score(mv) for mv in places)
        return rnd.choice([mv for mv in places if score(mv) == best])
    if isinstance(first, Vote):
        return Vote(True, min(state["seats"][seat]["vote_markers"], 1))
    if isinstance(first, Take):
        for choice in ("both", "noble", "reward"):
            if Take(choice) in moves:
                return Take(choice)
    if isinstance(first, Buy):
        return max(moves, key=lambda mv: mv.times if isinstance(mv, Buy) else -1)
    if isinstance(first, Start):
        return Start(seat)
    return first


def record(players: int, seed: int, policy: Any = choose) -> dict[str, Any]:
    rnd = random.Random(seed)
    state = GAME.setup(players, seed)
    log: list[list[Any]] = []
    while GAME.active_players(state):
        seat = min(GAME.active_players(state))
        move = policy(state, seat, rnd)
        state, _ = GAME.apply(state, seat, move)
        log.append([seat, move.to_text()])
    outcome = GAME.outcome(state)
    assert outcome is not None
    return {
        "players": players,
        "seed": seed,
        "options": {},
        "moves": log,
        "expected": {
            "scores": list(outcome.scores),
            "ranking": list(outcome.ranking),
            "breakdown": [dict(b) for b in outcome.breakdown],
        },
    }


def main() -> None:
    for players, seed in GAMES:
        game = record(players, seed)
        path = HERE / f"game_{players}p.json"
        path.write_text(json.dumps(game, indent=1) + "\n", encoding="utf-8")
        print(path.name, game["expected"]["scores"], len(game["moves"]), "moves")
    for players, seed in CONFLICT_GAMES:
        game = record(players, seed, choose_conflicts)
        path = HERE / f"game_{players}p_conflicts.json"
        path.write_text(json.dumps(game, indent=1) + "\n", encoding="utf-8")
        print(path.name, game["expected"]["scores"], len(game["moves"]), "moves")


if __name__ == "__main__":
    main()
