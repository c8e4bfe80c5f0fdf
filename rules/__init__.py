"""Pure rules engines, one package per game, behind the contract in ``rules.core``.

A game package exposes ``GAME``, an object satisfying ``rules.core.Game``. The registry below is
the only list of games; the bot, renderer and tests all find games through it.
"""

from __future__ import annotations

import importlib
from functools import cache

from rules import compiled

compiled.install()  # before any engine module loads: the compiled build or the sources

from rules.core import Game  # noqa: E402

# Add a package here when its engine lands; nothing else in the project lists games.
GAME_PACKAGES: tuple[str, ...] = ("lorenzo", "lancaster")


@cache
def _load(package: str) -> Game:
    # A dotted entry names a module outside rules/ (a test registers a game of its own so).
    module = importlib.import_module(package if "." in package else f"rules.{package}")
    game: Game = module.GAME
    return game


def all_games() -> list[Game]:
    return [_load(p) for p in GAME_PACKAGES]


def find_game(name: str) -> Game:
    key = name.strip().lower()
    for game in all_games():
        if game.name == key:
            return game
    known = ", ".join(g.name for g in all_games())
    raise KeyError(f"No game called '{name}'. Known games: {known}.")
