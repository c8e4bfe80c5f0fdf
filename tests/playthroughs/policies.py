"""The players that chose the moves of the playthroughs (tests/playthroughs/generate.py).

A policy is ``policy(state, seat, moves, rng) -> move``: given the state, the seat to move (the
lowest active seat), its legal moves in the engine's order and the generator seeded with the
playthrough's seed, it returns one of the moves. Each was written to make games that look like
real ones and reach the rules worth checking; the seed and the policy name in a file say how its
moves were chosen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.lancaster import GAME as LANCASTER
from rules.lancaster.moves import Buy, Extension, Place, Ransom, Start, Take, Upgrade, Vote
from tests.lorenzo.test_leaders_playouts import choose as _leader_choice

Policy = Callable[[Any, int, Sequence[Any], random.Random], Any]

# ------------------------------------------------------------------------------------ Lorenzo


def _tower_text(rng: random.Random, texts: list[str]) -> str:
    if "support" in texts:
        return "support"
    leaders = [t for t in texts if t.startswith(("leader play", "leader activate"))]
    if leaders:
        return leaders[0]
    towers = [
        t
        for t in texts
        if t.startswith("place")
        and t.split()[2].split("_")[0] in ("territory", "character", "building", "venture")
    ]
    if towers and rng.random() < 0.75:
        return rng.choice(towers)
    takes = [t for t in texts if t.startswith("take") and t != "take none"]
    if takes:
        return rng.choice(takes)
    return rng.choice(texts)


def lorenzo_towers(state: Any, seat: int, moves: Sequence[Any], rng: random.Random) -> Any:
    """A tower-loving random player that always supports the Church when it may (games collect
    cards of every kind) and plays or activates a leader when it can."""
    texts = [m.to_text() for m in moves]
    return moves[texts.index(_tower_text(rng, texts))]


def lorenzo_leaders(state: Any, seat: int, moves: Sequence[Any], rng: random.Random) -> Any:
    """The steered player of test_leaders_playouts.py: plays and activates leaders, takes cards,
    seldom discards."""
    return _leader_choice(rng, list(moves))


# ------------------------------------------------------------------------------------ Lancaster


def lancaster_sensible(state: dict[str, Any], seat: int, moves: Sequence[Any], rnd: random.Random) -> Any:
    """Counties first, then conflicts, then the castle (fewest squires); take both when
    affordable; vote yes with a marker now and then: games that look like real ones."""
    moves = list(moves)
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


def lancaster_conflicts(state: dict[str, Any], seat: int, moves: Sequence[Any], rnd: random.Random) -> Any:
    """Conflicts first (the card nearest to being won, strongest knight), then counties; yes votes
    with one marker; buy as much as possible; take both when affordable. Every knight goes to
    France: conflicts won and lost, rank ties, all favor kinds and the laws that pay for them."""
    moves = list(moves)
    first = moves[0]
    if isinstance(first, Place):

        def score(mv: Place) -> tuple[int, int, int]:
            kind, _, where = mv.target.partition(":")
            if kind == "conflict":
                card = next(c for c in state["conflicts"] if c["id"] == where)
                need = LANCASTER.data["conflicts"][where]["france"] - sum(
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


POLICIES: dict[str, dict[str, Policy]] = {
    "lorenzo": {"towers": lorenzo_towers, "leaders": lorenzo_leaders},
    "lancaster": {"sensible": lancaster_sensible, "conflicts": lancaster_conflicts},
}
