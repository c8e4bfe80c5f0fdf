"""Undo and rollback (issue 11, item 4): taking moves back as new entries of the move log.

The log is the record and is never rewritten: an undo or a rollback is an entry of its own
(``bot.service.movelog``), so a replay of the whole log gives exactly the stored state.

The fairness policy of ``/game undo`` (README, "Undo"): a player takes back their own last steps
(``UNDO_MAX_STEPS`` at most at once), made by them and not by the computer, while nobody else has
moved since, and only steps that revealed nothing and drew nothing at random
(``rules.core.game_undo_barrier``: no card dealt, no dice rolled, no secret decision revealed, same
round and phase, game not over). A rollback has no such limits (but confirms first) and stays
within the running game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.service import guide
from bot.service.movelog import live, replay_states
from bot.service.store import COMPUTER, Change, GameRecord, MoveRecord
from bot.service.table import TableError, Tables, Turn
from bot.service.words import N_
from i18n import translate_n
from rules.core import Game, game_continues_turn, game_prompt, game_undo_barrier

UNDO_MAX_STEPS = 5  # own steps taken back by one /game undo (a turn rarely has more)
ROLLBACK_MAX_STEPS = 50  # moves one rollback may take back (further: abandon and start again)


@dataclass(frozen=True)
class Undone:
    """What an undo or rollback took back: the game after it and the entries taken back."""

    turn: Turn
    who: str  # the name of who took them back
    entries: tuple[MoveRecord, ...]
    secret: tuple[bool, ...]  # per entry: it answered a secret prompt (never echoed)
    rollback: bool = False
    words: tuple[str, ...] = ()  # per entry: the move as its button read (issue 12 item 8)
    # Every entry was a step of a turn the channel had not heard yet (a move whose follow-up was
    # still being answered privately: ``rules.core.game_continues_turn``): nothing to name.
    unseen: bool = False


def own_steps(
    game: Game, states: Sequence[Any], moves: Sequence[MoveRecord], seat: int, steps: int
) -> str | None:
    """Why ``seat`` may not take back its last ``steps`` moves in force, or None."""
    if not moves:
        return N_("There is nothing to take back yet.")
    for back in range(1, steps + 1):
        if back > len(moves):
            return translate_n(
                "Only {n} move has been made.", "Only {n} moves have been made.", len(moves), None
            )
        entry = moves[-back]
        if entry.seat != seat:
            if entry.seat < 0:
                return N_(
                    "You can only take back your own last steps while nobody else has moved since; "
                    "step {steps} back is the game's start.",
                    steps=back,
                )
            return N_(
                "You can only take back your own last steps while nobody else has moved since; "
                "step {steps} back is another player's move.",
                steps=back,
            )
        if entry.actor == COMPUTER:
            return N_("That step was made by the computer while it played your seat; it can't be taken back.")
        reason = game_undo_barrier(game, states[-back - 1], states[-back], seat)
        if reason:
            return N_("That can't be taken back: {reason}.", reason=reason)
    return None


async def _replayed(tables: Tables, record: GameRecord) -> tuple[Game, list[MoveRecord], list[Any]]:
    game = tables.game(record.game)
    moves = live(await tables.store.moves(record.id))
    start = game.setup(len(record.seats), record.seed, record.options)
    # Replaying a long game is CPU work: off the event loop.
    states = await asyncio.to_thread(replay_states, game, start, moves)
    return game, moves, states


async def undo(
    tables: Tables, record: GameRecord, user_id: int, steps: int = 1, *, version: int | None = None
) -> Undone:
    """The player takes back their own last ``steps`` steps, under the fairness policy."""
    if version is not None and record.version != version:
        raise TableError(N_("The board has moved on since that button was made; nothing was taken back."))
    if record.status != "running":
        raise TableError(N_("Only a running game's moves can be taken back."))
    seat = record.seat_of(user_id)
    if seat is None:
        raise TableError(N_("You are not playing in this game."))
    if not 1 <= steps <= UNDO_MAX_STEPS:
        raise TableError(N_("Take back 1 to {most} steps at once.", most=UNDO_MAX_STEPS))
    game, moves, states = await _replayed(tables, record)
    reason = own_steps(game, states, moves, seat, steps)
    if reason:
        raise TableError(reason)
    return await _take_back(tables, record, game, moves, states, steps, seat, rollback=False)


def check_rollback(record: GameRecord, user_id: int, steps: int, *, may_manage_server: bool) -> None:
    if record.status != "running":
        raise TableError(N_("Only a running game can be rolled back."))
    if user_id != record.creator_id and not may_manage_server:
        raise TableError(N_("Only the game's creator or someone with Manage Server can roll the game back."))
    if not 1 <= steps <= ROLLBACK_MAX_STEPS:
        raise TableError(N_("Roll back 1 to {most} moves at once.", most=ROLLBACK_MAX_STEPS))


async def rollback(
    tables: Tables, record: GameRecord, user_id: int, steps: int, *, may_manage_server: bool, version: int
) -> Undone:
    """The creator (or Manage Server) takes back the last ``steps`` moves, whoever made them
    (after confirming; ``version``: the game they confirmed)."""
    check_rollback(record, user_id, steps, may_manage_server=may_manage_server)
    if record.version != version:
        raise TableError(N_("The game has moved on since the rollback was asked; nothing was rolled back."))
    game, moves, states = await _replayed(tables, record)
    if steps > len(moves):
        raise TableError(
            translate_n(
                "Only {n} move is in force; roll back at most that many.",
                "Only {n} moves are in force; roll back at most that many.",
                len(moves),
                None,
            )
        )
    seat = record.seat_of(user_id)
    return await _take_back(
        tables, record, game, moves, states, steps, -1 if seat is None else seat, rollback=True
    )


async def _take_back(
    tables: Tables,
    record: GameRecord,
    game: Game,
    moves: Sequence[MoveRecord],
    states: Sequence[Any],
    steps: int,
    seat: int,
    *,
    rollback: bool,
) -> Undone:
    restored, current = states[-steps - 1], states[-1]
    mover = seat if seat >= 0 and seat in game.active_players(restored) else None
    waits, asleep = tables._waits(record, record.seats, game, current, restored, mover)
    kind = "rollback" if rollback else "undo"
    saved = await tables.store.commit(
        record.id,
        record.version,
        Change(state=game.to_json(restored), move=(seat, f"@{kind} {steps}"), waits=waits),
    )
    tables._remember(saved, restored)
    taken = tuple(moves[-steps:])
    before = [states[len(states) - 1 - steps + i] for i in range(steps)]  # the state each was made in
    secret = tuple(game_prompt(game, s, e.seat).secret for s, e in zip(before, taken, strict=True))
    words = tuple(
        guide.words_of(game, s, e.seat, e.text, record.names) for s, e in zip(before, taken, strict=True)
    )
    after = states[len(states) - steps :]
    unseen = not rollback and all(
        game_continues_turn(game, b, a, e.seat) for b, a, e in zip(before, after, taken, strict=True)
    )
    turn = replace(tables._turn(saved, game, restored, ()), asleep=asleep)
    who = record.seats[seat].name if seat >= 0 else ""
    return Undone(turn, who, taken, secret, rollback, words, unseen=unseen)


def undo_possible(record: GameRecord, seat: int, last: MoveRecord | None) -> bool:
    """A cheap first look for the Undo button: the last move in force is this seat's own."""
    return record.status == "running" and last is not None and last.seat == seat and last.actor != COMPUTER
