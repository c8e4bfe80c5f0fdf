"""The computer at the table (issues 10 and 11): it takes over a seat whose clock ran out, and
makes the moves of every seat it plays, through the same table service, log and images as a
person's moves. Discord-free.

A pass (``run``) first takes over every timed-out seat (one version-checked write each, with the
announcement claimed into the outbox in the same write: a restart or a racing pass can't take a
seat over twice, and the announcement is never lost), then plays one move at a time in every game
that waits for a computer, until none does. Each move is chosen from the seat's own view and
legal moves only (``players.choose_move``), off the event loop, and written with an outbox entry
carrying its events, so the channel hears of it exactly once even across a crash (``reports``).
With several processes on one database, a pass works only in the games it leased
(``Store.take_games``, ``FOR UPDATE SKIP LOCKED`` on PostgreSQL), so one process thinks for a
seat; the version check still refuses any second write.
"""

from __future__ import annotations

import hashlib
import logging
import random
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service import workers
from bot.service.clocks import timed_out
from bot.service.seats import take_over
from bot.service.store import COMPUTER, GameRecord, Notice, StoreError
from bot.service.table import TableError, Tables, Turn
from bot.service.words import N_
from i18n import translate_n
from rules.core import Move, RulesError

log = logging.getLogger("tavola")

MOVES_PER_PASS = 500  # a whole game of computers fits; beyond it the next pass goes on
# A pass starts no new round of moves after this many seconds of thinking: a game only computers
# play (every clock ran out) would otherwise hold the pings and reports of every other game until
# it ended. The bot posts what is due, then runs another pass at once (``Computers.more``).
PASS_SECONDS = 5.0
# How long a process holds the games whose computer work it took (renewed every round of a pass,
# released at its end): a process that died holding them leaves them a few minutes late.
LEASE_SECONDS = 180.0
# A board owed after a person's move (``table.board_notices``) waits this long for the computers'
# report to carry it; then (their pass failed, or is late) it is posted alone, at the next pass.
BOARD_WAIT_SECONDS = 30.0
Chooser = Callable[..., Move]  # players.choose_move(game, seat, view, legal, level, rng, think_seconds)


def any_legal(
    game: Any, seat: int, view: Any, legal: Sequence[Move], level: str, rng: random.Random, think: Any = None
) -> Move:
    """A uniformly random legal move: the ``random`` level, used for every level only while the
    ``players`` package (the real computer players) is not installed alongside the bot."""
    return rng.choice(list(legal))


def default_chooser() -> Chooser:
    """``players.choose_move``; ``any_legal`` (logged) on a machine without the players package."""
    try:
        from players import choose_move
    except ImportError:
        log.warning("the players package is missing: computers play random legal moves")
        return any_legal
    return choose_move


@dataclass(frozen=True)
class Report:
    """What one channel message tells of a game: takeovers and the computer's moves since the
    last message (``lines``), with the game as it is now (``turn`` None: nothing to post)."""

    game_id: int
    keys: tuple[str, ...]
    turn: Turn | None
    lines: tuple[str, ...]
    moved: bool  # the computer moved, or a board is owed: post the board
    held: bool = False  # only a board is owed, and the computers may still move: not yet

    @property
    def nonce(self) -> str:
        """The same message gets the same nonce on a retry (Discord drops a repeat)."""
        text = f"{self.game_id}|" + "|".join(sorted(self.keys))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:25]


class Computers:
    """Takeovers and computer moves of every running game, over one table service."""

    def __init__(
        self,
        tables: Tables,
        choose: Chooser | None = None,
        *,
        think_seconds: float | None = None,
        holder: str | None = None,
        pass_seconds: float = PASS_SECONDS,
    ) -> None:
        self.tables = tables
        self.pass_seconds = pass_seconds
        self.more = False  # the last pass stopped on its time or move limit with moves left
        # Who leases the games (TavolaBot: the host and its shards, as for the outbox's notices).
        self.holder = holder or socket.gethostname()
        self._choose = choose
        self.think_seconds = think_seconds

    @property
    def choose(self) -> Chooser:
        if self._choose is None:
            self._choose = default_chooser()
        return self._choose

    async def run(self, limit: int = MOVES_PER_PASS) -> int:
        """Take over every timed-out seat, then play the computers' moves, in the games this
        process leased (``Store.take_games``: with several processes on one database, each game's
        computer work is done by one of them); how many changes. A pass ends when no game wants
        a move, or after ``pass_seconds`` or ``limit`` moves (then ``more`` is set)."""
        self.more = False
        now = self.tables.clock()
        wanted = [r.id for r in await self.tables.store.running() if self.wants(r, now)]
        mine = await self.tables.store.take_games(self.holder, wanted, LEASE_SECONDS)
        if not mine:
            return 0
        ends = time.monotonic() + self.pass_seconds
        try:
            done = await self.takeovers(mine)
            for _ in range(limit):
                if done and time.monotonic() >= ends:  # at least one round, then let posts go
                    self.more = True
                    break
                records = [r for r in await self.tables.store.running() if r.id in mine]
                # Renewed every round: a long pass keeps its games, a dead process loses them.
                ids = [r.id for r in records]
                mine &= await self.tables.store.take_games(self.holder, ids, LEASE_SECONDS)
                moved = 0
                for record in records:
                    if record.id in mine:
                        moved += await self._play_one(record)
                if not moved:
                    break
                done += moved
            else:
                self.more = True
        finally:
            await self.tables.store.release_games(self.holder, sorted(mine))
        return done

    def wants(self, record: GameRecord, now: float) -> bool:
        """The game waits for a seat the computer plays, or for one whose clock ran out."""
        hours = self.tables.clock_of(record)
        for wait in record.waits:
            if record.seating.playing(wait.seat):
                return True
            human = wait.seat < len(record.seats) and record.seats[wait.seat].user_id > 0
            if human and timed_out(wait.since, hours, now):
                return True
        return False

    async def takeovers(self, games: set[int] | None = None) -> int:
        """Take over the timed-out seats (of ``games``, the ones leased; None: every game)."""
        taken = 0
        now = self.tables.clock()
        for record in await self.tables.store.running():
            if games is not None and record.id not in games:
                continue
            hours = self.tables.clock_of(record)
            for wait in record.waits:
                seat_ok = wait.seat < len(record.seats) and record.seats[wait.seat].user_id > 0
                if not seat_ok or record.seating.playing(wait.seat):
                    continue
                if not timed_out(wait.since, hours, now):
                    continue
                try:
                    record = await take_over(self.tables, record, wait)
                    taken += 1
                except StoreError:  # the game moved meanwhile (a move, another pass): next pass
                    break
        return taken

    async def _play_one(self, record: GameRecord) -> int:
        """One computer move in ``record``'s game if it waits for one; 1 if a move was made."""
        try:
            game = self.tables.game(record.game)
            state = self.tables.state_of(record)
        except TableError:
            log.warning("game %s can't be loaded for the computer", record.id)
            return 0
        seats = [s for s in sorted(game.active_players(state)) if record.seating.playing(s)]
        if not seats:
            return 0
        seat = seats[0]
        level = record.seating.computers[seat].level
        view = game.player_view(state, seat)
        legal = list(game.legal_moves(state, seat))
        rng = random.Random(f"tavola-computer:{record.seed}:{record.version}:{seat}")
        # CPU work in a worker process (the pool runs it inline in tests and the sandbox).
        try:
            move = await workers.run(self.choose, game, seat, view, legal, level, rng, self.think_seconds)
        except Exception:
            # A failing computer player must neither hold back the pass (posts, pings) nor stall
            # its game until someone reads the log: logged, and the seat plays a random legal move.
            log.exception("the computer player failed in game %s: a random legal move instead", record.id)
            move = any_legal(game, seat, view, legal, level, rng)
        try:
            await self.tables.apply_text(record, seat, move.to_text(), actor=COMPUTER)
        except (StoreError, RulesError) as exc:  # the game moved meanwhile: looked at again
            log.info("computer move in game %s not made: %s", record.id, exc)
            return 0
        return 1

    async def reports(self, notices: Sequence[Notice]) -> list[Report]:
        """Every claimed, unsent takeover and computer-move notice, one report per game."""
        by_game: dict[int, list[Notice]] = {}
        for n in notices:
            if "computer" in n.body or "takeover" in n.body or "board" in n.body:
                by_game.setdefault(n.game_id, []).append(n)
        found = []
        for game_id, mine in by_game.items():
            try:
                found.append(await self._report(game_id, mine))
            except Exception:  # e.g. a state that cannot be loaded: retried next pass
                log.exception("preparing the computer's report of game %s failed", game_id)
        return found

    async def _report(self, game_id: int, notices: list[Notice]) -> Report:
        keys = tuple(n.key for n in notices)
        try:
            record = await self.tables.get(game_id)
        except TableError:
            return Report(game_id, keys, None, (), False)
        if record.status not in ("running", "finished"):
            return Report(game_id, keys, None, (), False)
        told = sorted((n for n in notices if "board" not in n.body), key=_order)
        groups = report_groups(told, record, self.tables)
        moved = any("computer" in n.body for n in notices)
        owed = [n for n in notices if "board" in n.body]
        if owed and not (moved or groups) and record.status == "running":
            if await self._board_shown_later(record, owed):
                owed = []  # a later computer move's report carries the board
            elif self.tables.clock() - min(n.created_at for n in owed) < BOARD_WAIT_SECONDS:
                return Report(game_id, keys, None, (), False, held=True)
        moved = moved or (bool(owed) and record.status == "running")
        if not (groups or moved):
            return Report(game_id, keys, None, (), False)  # a board owed by a game now over
        return Report(game_id, keys, self.tables.turn_of(record), tuple(fit_report(groups)), moved)

    async def _board_shown_later(self, record: GameRecord, owed: Sequence[Notice]) -> bool:
        """A computer moved in the game after the owed boards' moves: that move's report (posted,
        or owed by its own notice) carries a board newer than theirs."""
        newest = max(int(n.body.get("version", 0)) for n in owed)
        keys = await self.tables.store.notice_keys(record.id)
        return any(k.startswith("computer:") and int(k.split(":")[1]) > newest for k in keys)


# Characters of a report's message its lines may fill: Discord's 2,000 less room for who must act
# next (the turn message's end, which the clip keeps whatever else is cut).
REPORT_BUDGET = 1600


def fit_report(groups: Sequence[tuple[bool, Sequence[str]]], budget: int = REPORT_BUDGET) -> list[str]:
    """The lines of a report, each group (a takeover: True, or one computer move) whole. When they
    do not fit, the oldest moves are left out and a first line says how many: every takeover is
    kept (a player must learn the computer plays for them), then the newest moves that fit."""
    kept = [(i, lines) for i, (takeover, lines) in enumerate(groups) if takeover]
    room = budget - sum(len(line) + 1 for _, lines in kept for line in lines) - 60  # the count line
    moves = [(i, lines) for i, (takeover, lines) in enumerate(groups) if not takeover]
    total = sum(len(line) + 1 for _, lines in groups for line in lines)
    shown: list[tuple[int, Sequence[str]]] = []
    if total > budget:
        for i, lines in reversed(moves):
            room -= sum(len(line) + 1 for line in lines)
            if room < 0:
                break
            shown.append((i, lines))
    else:
        shown = moves
    left_out = len(moves) - len(shown)
    head = (
        [
            translate_n(
                "… {n} earlier computer move not shown.",
                "… {n} earlier computer moves not shown.",
                left_out,
                None,
            )
        ]
        if left_out
        else []
    )
    return head + [line for _, lines in sorted(kept + shown, key=lambda g: g[0]) for line in lines]


def _order(notice: Notice) -> tuple[float, int]:
    return notice.created_at, int(notice.body.get("version", 0))


def report_groups(told: Sequence[Notice], record: GameRecord, tables: Tables) -> list[tuple[bool, list[str]]]:
    """The groups of ``fit_report`` for notices in the order they happened: a takeover (True) or
    one computer's moves in a row (a knight and its King's Favor, a placement and its privilege)
    under one "🤖 name:" line, kept or left out together."""
    groups: list[tuple[bool, list[str]]] = []
    previous: object = None  # the seat of the last group, if it was moves with events
    for notice in told:
        lines = report_lines(notice.body, record, tables)
        worded = "computer" in notice.body and bool(notice.body.get("events"))
        seat = notice.body.get("seat") if worded else None
        if seat is not None and seat == previous:
            groups[-1] = (False, [*groups[-1][1], *lines[1:]])  # its "🤖 name:" line said already
        else:
            groups.append(("takeover" in notice.body, lines))
        previous = seat
    return groups


def report_lines(body: Mapping[str, Any], record: GameRecord, tables: Tables) -> list[str]:
    """The words of one notice: a takeover, or a computer move with its events."""
    from bot.service import present  # present imports this module's neighbours: read late

    seat = int(body.get("seat", 0))
    found = record.seats[seat] if seat < len(record.seats) else None
    name = found.name if found else "?"
    who = (
        N_("{name} (computer)", name=name) if found and found.user_id > 0 else name
    )  # a computer seat says so
    if "takeover" in body:
        return [present.takeover_line(name, tables.clock_of(record))]
    events = [str(e) for e in body.get("events", [])]
    return [N_("🤖 {who}:", who=who), *events] if events else [N_("🤖 {who} moved.", who=who)]
