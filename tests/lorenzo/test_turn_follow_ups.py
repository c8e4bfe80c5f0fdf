"""§6 placement turns: which decisions continue the turn of the player who just moved
(``continues_turn``, read by the bot through ``rules.core.game_continues_turn``, issue 12).

A turn is a placement with every decision it opens (privileges, costs, cards, exchanges, the
Leader window), and Leader actions taken before the placement. The Vatican report (§14), the
draft (§4) and the next placement turn, even one of the same player, are not part of it.
"""

from __future__ import annotations

from collections import Counter

from rules.core import game_continues_turn
from rules.lorenzo import GAME, flow
from rules.playout import random_playout


def classify(before: dict, after: dict, seat: int) -> str:
    if after["phase"] != "actions" or before["phase"] != "actions":
        return "other phase"
    if flow.active(after) != {seat}:
        return "passes on"
    if after["stack"]:
        return "own frame"
    placed = len(after["players"][seat]["free_members"]) < len(before["players"][seat]["free_members"])
    # Answering the frames of a placement and then placing again is a new turn; a frame of a
    # Leader action taken before the placement leaves the placement still to do.
    closed = bool(before["stack"]) and before["stack"][0]["kind"] == "leader_window"
    return "new turn" if placed or closed or before["round"] != after["round"] else "same entry"


def test_section_6_follow_ups_of_a_placement_continue_its_turn() -> None:
    found: Counter[tuple[str, bool]] = Counter()
    for seed in range(6):
        for step in random_playout(GAME, 2 + seed % 3, seed, {"leaders": seed % 2 == 0}):
            continues = game_continues_turn(GAME, step.before, step.after, step.player)
            kind = classify(step.before, step.after, step.player)
            found[kind, continues] += 1
            if continues:
                assert flow.active(step.after) == {step.player}  # the same player acts on
            if kind in ("other phase", "passes on"):
                assert not continues, (kind, step.move.to_text())
            if kind == "own frame":  # a decision of the player's own placement or Leader action
                assert continues, step.move.to_text()
            if kind == "new turn":
                assert not continues, step.move.to_text()
    assert found["own frame", True] > 0 and found["passes on", False] > 0
    assert found["same entry", True] > 0  # the placement after a Leader action taken first
    assert found["same entry", False] == 0


def test_section_4_and_14_draft_and_vatican_are_never_follow_ups() -> None:
    for seed in range(3):
        for step in random_playout(GAME, 3, seed, {"leaders": True}):
            if step.before["phase"] in ("leader_draft", "vatican", "tile_draft"):
                assert not game_continues_turn(GAME, step.before, step.after, step.player)
