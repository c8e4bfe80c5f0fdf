"""Rules 6.1-6.3: the King's Favor and its upgrade or noble after a knight's placement on a
conflict continue the placing player's turn; so do a player's next decisions while the board is
resolved (rules 7-8). A vote (7.2), a new placement turn or another player's decision does not
(``continues_turn``, read by the bot through ``rules.core.game_continues_turn``, issue 12)."""

from __future__ import annotations

from collections import Counter

from rules import find_game
from rules.core import game_continues_turn
from rules.playout import random_playout

GAME = find_game("lancaster")


def test_rules_6_favor_after_a_placement_continues_the_turn() -> None:
    found: Counter[tuple[str, bool]] = Counter()
    for seed in range(6):
        for step in random_playout(GAME, 2 + seed % 4, seed):
            continues = game_continues_turn(GAME, step.before, step.after, step.player)
            pending = step.after["pending"]
            if step.before["phase"] == "place" and pending is not None and pending["kind"] == "favor":
                assert continues and pending["seat"] == step.player  # 6.3: the placer's favor
                found["favor", True] += 1
            if step.before["phase"] == "vote":
                assert not continues  # 7.2: a secret vote is nobody's follow-up
            if GAME.active_players(step.after) != {step.player}:
                assert not continues
            if step.after["pending"] is None and step.before["phase"] == "place":
                assert not continues  # the next placement, even of the same player, is a new turn
                found["new turn", continues] += 1
    assert found["favor", True] > 0 and found["new turn", False] > 0
