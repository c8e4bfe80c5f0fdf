"""The fairness policy of undo (issue 11 item 4) on the real engines: ``game_undo_barrier``
lets a step be taken back only when it drew nothing at random, revealed no secret decision and
left the round and phase alone. Checked over seeded random games of every registered game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import all_games
from rules.core import Game, game_prompt, game_undo_barrier

# Options under which each game has a secret simultaneous decision (Lorenzo: the leader draft).
SECRET_OPTIONS: dict[str, dict[str, Any]] = {"lorenzo": {"leaders": True}, "lancaster": {}}


def steps(
    game: Game, players: int, seed: int, limit: int = 400, options: dict[str, Any] | None = None
) -> list[tuple[Any, Any, int]]:
    """(before, after, seat) of each move of a seeded random game (first ``limit`` moves)."""
    rng = random.Random(seed)
    state = game.setup(players, seed, options or {})
    found: list[tuple[Any, Any, int]] = []
    while game.outcome(state) is None and len(found) < limit:
        seat = min(game.active_players(state))
        move = rng.choice(list(game.legal_moves(state, seat)))
        after, _ = game.apply(state, seat, move)
        found.append((state, after, seat))
        state = after
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_random_draws_and_new_rounds_are_barriers(game: Game) -> None:
    """Every step whose random-draw counter moved, or whose round or phase changed, is refused;
    ordinary steps (most of them) can be taken back."""
    found = steps(game, game.min_players + 1, seed=3)
    reasons = [game_undo_barrier(game, before, after, seat) for before, after, seat in found]
    for (before, after, _), reason in zip(found, reasons, strict=True):
        if before["draws"] != after["draws"]:
            assert reason is not None and "random" in reason
        header_before = game.player_view(before, None)["header"]
        header_after = game.player_view(after, None)["header"]
        if (header_before["round"], header_before["phase"]) != (header_after["round"], header_after["phase"]):
            assert reason is not None
    assert any(r is None for r in reasons) and any(r is not None for r in reasons)
    assert sum(r is None for r in reasons) > len(reasons) // 3


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_a_completed_secret_decision_is_a_barrier(game: Game) -> None:
    """A secret answer that completes the decision (everyone's answers are revealed) can't be
    taken back; one that leaves others still deciding reveals nothing."""
    completing = open_ones = 0
    for seed in range(1, 6):
        for before, after, seat in steps(game, game.min_players + 1, seed, 200, SECRET_OPTIONS[game.name]):
            if not game_prompt(game, before, seat).secret:
                continue
            others = game.active_players(before) - {seat}
            reason = game_undo_barrier(game, before, after, seat)
            if others and others <= game.active_players(after):
                open_ones += reason is None or "random" in reason or "round or phase" in reason
            else:
                completing += 1
                assert reason is not None
    assert completing > 0 and open_ones > 0


def test_a_game_without_draws_counter_or_own_rule_is_never_undone() -> None:
    """A game that can't say whether a step drew something at random undoes nothing."""
    from tests.bot.plain import GAME as PLAIN

    state = PLAIN.setup(2, 1, {})
    seat = min(PLAIN.active_players(state))
    move = PLAIN.legal_moves(state, seat)[0]
    after, _ = PLAIN.apply(state, seat, move)
    assert "can't tell" in (game_undo_barrier(PLAIN, state, after, seat) or "")
