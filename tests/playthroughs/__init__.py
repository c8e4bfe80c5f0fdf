"""Golden playthroughs (design.md test tier 3), one format for every game.

A playthrough is a JSON file ``tests/playthroughs/<game>/<players>p_seed<seed>_<policy>.json``:

    {"game": "lancaster", "players": 4, "seed": 41, "options": {},
     "data_revision": 1,                    # optional: recorded under an earlier revision of
                                            # the game's content (tests/<game>/helpers.py
                                            # game_at_revision gives that game)
     "policy": "sensible",                  # the generate.py policy that chose the moves
     "moves": [[seat, "move text"], ...],   # in order, each by a seat that is active then
     "expected": {"scores": [...], "ranking": [...], "breakdown": [{category: points}, ...],
                  ...}}                     # a game's tests may keep more here ("activations")

``test_playthroughs.py`` replays every file and compares the outcome with ``expected``; each
game's own golden tests (tests/<game>/test_golden*.py) hold the hand-checked numbers and what
else a playthrough proves. ``generate.py`` writes them. The files are records: regenerate one
only when a rule or a data value changes on purpose, then re-check its scores by hand.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple, NotRequired, TypedDict

from rules import find_game
from rules.core import Game

HERE = Path(__file__).resolve().parent


class Expected(TypedDict, total=False):
    scores: list[int]
    ranking: list[int]
    breakdown: list[dict[str, int]]
    activations: dict[str, int]


class Playthrough(TypedDict):
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    data_revision: NotRequired[int]
    policy: str
    moves: list[list[Any]]
    expected: Expected


class Played(NamedTuple):
    """One move of a playthrough replayed: who made it, its text, the state after, its events."""

    seat: int
    text: str
    state: Any
    events: list[str]


def paths(game: str, policy: str | None = None) -> list[Path]:
    """The playthrough files of ``game`` (of one ``policy``), sorted by name."""
    found = sorted((HERE / game).glob("*.json"))
    return [p for p in found if policy is None or load(p)["policy"] == policy]


def load(path: Path) -> Playthrough:
    data: Playthrough = json.loads(path.read_text(encoding="utf-8"))
    return data


def game_for(data: Playthrough) -> Game:
    """The game a playthrough was recorded with: today's, or the one under its ``data_revision``
    (``game_at_revision`` in the game's test helpers)."""
    revision = data.get("data_revision")
    if revision is None:
        return find_game(data["game"])
    helpers = importlib.import_module(f"tests.{data['game']}.helpers")
    game: Game = helpers.game_at_revision(revision)
    return game


def replay(data: Playthrough) -> Iterator[Played]:
    """Replay a playthrough through ``parse`` and ``apply`` as the bot would, asserting that every
    move is made by a seat that is active then."""
    game = game_for(data)
    state = game.setup(data["players"], data["seed"], data["options"])
    for seat, text in data["moves"]:
        assert seat in game.active_players(state), (seat, text)
        state, events = game.apply(state, seat, game.parse(state, seat, text))
        yield Played(seat, text, state, events)
