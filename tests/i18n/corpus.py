"""Every text an engine says to players over seeded random games: events, public and personal
prompts, refusals of illegal moves, parse errors, the outcome's notes (for the i18n coverage
tests). Each game is played to its end (uniformly random legal moves)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

from rules import find_game
from rules.core import RulesError, game_prompt

# Texts a player may type that the engines refuse, and the placements a seat may try.
TYPOS = ("", "dance", "place", "place purple territory_1", "place black moon", "pay gold=2", "pay", "take")


def texts(
    name: str, options: Mapping[str, object], games: int, players: Sequence[int] = (2, 3, 4)
) -> Iterator[str]:
    """The texts of ``games`` seeded games, the player counts taken in turn from ``players``."""
    game = find_game(name)
    for seed in range(games):
        count = players[seed % len(players)]
        state = game.setup(players=count, seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(5000):
            if game.outcome(state) is not None:
                break
            acting = sorted(game.active_players(state))
            player = acting[0]
            idle = [p for p in range(count) if p not in acting]
            yield game_prompt(game, state, player).text
            if idle:
                yield game_prompt(game, state, idle[0]).text
            yield from _refusals(game, state, player, rng, idle)
            legal = game.legal_moves(state, player)
            state, events = game.apply(state, player, rng.choice(legal))
            yield from events
        yield from getattr(game.outcome(state), "notes", ())


def _refusals(game: object, state: object, player: int, rng: random.Random, idle: list[int]) -> Iterator[str]:
    tries = [rng.choice(TYPOS)]
    others = [m.to_text() for m in game.legal_moves(state, idle[0])] if idle else []  # type: ignore[attr-defined]
    if others:
        tries.append(rng.choice(others))
    for text in tries:
        for who in [player, *idle[:1]]:
            try:
                game.parse(state, who, text)  # type: ignore[attr-defined]
            except RulesError as err:
                yield str(err)
