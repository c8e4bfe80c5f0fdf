"""Reading the move log (the record of a game): moves, and the entries that take moves back.

``@undo N`` (by the seat that undoes) and ``@rollback N`` (by the creator or Manage Server; seat
-1 when they are not seated) are log entries that take back the last N moves still in force. The
log is never rewritten: ``live`` reads it as the moves in force, and a replay of the whole log
(``replay_log``) gives exactly the state stored after its last entry.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.service.store import MoveRecord
from rules.core import Game

MARKER = re.compile(r"@(undo|rollback) ([0-9]+)")


def marker(entry: MoveRecord) -> tuple[str, int] | None:
    """("undo" | "rollback", N) for an undo or rollback entry, None for a move."""
    found = MARKER.fullmatch(entry.text)
    return (found.group(1), int(found.group(2))) if found else None


def live(log: Sequence[MoveRecord]) -> list[MoveRecord]:
    """The moves of a log still in force: each undo or rollback entry takes back the last N."""
    kept: list[MoveRecord] = []
    for entry in log:
        found = marker(entry)
        if found is None:
            kept.append(entry)
        else:
            del kept[max(0, len(kept) - found[1]) :]
    return kept


def replay_states(game: Game, start: Any, moves: Sequence[MoveRecord]) -> list[Any]:
    """Every state from ``start`` through ``moves`` (len(moves) + 1 states)."""
    states = [start]
    for entry in moves:
        state = states[-1]
        states.append(game.apply(state, entry.seat, game.parse(state, entry.seat, entry.text))[0])
    return states


def replay_log(game: Game, start: Any, log: Sequence[MoveRecord]) -> Any:
    """The state a whole log (undo and rollback entries included) leads to."""
    return replay_states(game, start, live(log))[-1]
