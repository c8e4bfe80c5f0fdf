"""The move clock's pings, Discord-free: which are due, claimed once each, and what to post.

Every ping of a wait (``clocks.schedule``: start, half, last) and every opt-in turn DM has a key
in the game's outbox (``ping:<seat>:<version>:<kind>``, ``dm:<seat>:<version>``). Claiming
writes the key once (a second claim, after a restart or by a racing pass, finds it there);
delivering posts it and only then marks it sent, so a crash in between leaves it to be retried
with the same nonce (Discord drops a message whose nonce it has just seen). What a notice says is
built when it is delivered, from the game as it is then: a ping for a wait that has ended (the
player moved meanwhile) is settled without a message.
"""

from __future__ import annotations

import hashlib
import logging
import socket
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.clocks import deadline, dm_due, due_now, quiet_of
from bot.service.store import GameRecord, Notice, SeatRecord, WaitRecord
from bot.service.table import DamagedState, TableError, Tables, Turn

log = logging.getLogger("tavola")


@dataclass(frozen=True)
class Ping:
    """One waiting seat's ping: which kind (start, half, last), since when, until when."""

    seat: SeatRecord
    kind: str
    since: float
    deadline: float | None


@dataclass(frozen=True)
class Delivery:
    """What one message settles: pings into a game's channel, or a direct message to a player.
    ``turn`` None: the notices are obsolete (the wait ended, the game is over); nothing to post."""

    game_id: int
    keys: tuple[str, ...]
    turn: Turn | None
    pings: tuple[Ping, ...] = ()
    dm: SeatRecord | None = None

    @property
    def nonce(self) -> str:
        """The same message gets the same nonce on a retry (Discord allows 25 characters)."""
        text = f"{self.game_id}|" + "|".join(sorted(self.keys))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:25]


def ping_key(wait: WaitRecord, kind: str) -> str:
    return f"ping:{wait.seat}:{wait.version}:{kind}"


def dm_key(wait: WaitRecord) -> str:
    return f"dm:{wait.seat}:{wait.version}"


# How long a process holds the notices it took (``Store.take_notices``) before another process may
# take them; long enough for one pass to post them, short enough that a process that died holding
# them leaves them only a few minutes late (the retry carries the same nonce).
LEASE_SECONDS = 180.0


class Pings:
    """The clock's pings of every running game, over one table service. Several processes
    (shards) may run passes on one database: claiming is once per key, and delivering takes a
    lease on the notices, so each message is posted by one process."""

    def __init__(self, tables: Tables, holder: str | None = None) -> None:
        self.tables = tables
        # Who takes the outbox's notices: the same name after a restart (it takes its own leases
        # back at once), another name for every process running beside it (TavolaBot: the host
        # and its shards).
        self.holder = holder or socket.gethostname()
        self.games_open = 0  # running games seen by the last pass (the liveness line)

    async def claim_due(self) -> int:
        """Claim every ping and turn DM that fell due and was not claimed yet; how many."""
        claimed = 0
        running = await self.tables.store.running()
        self.games_open = len(running)
        for record in running:
            try:
                claimed += await self._claim_game(record)
            except Exception:  # one bad game must not stop the others' pings
                log.exception("claiming the pings of game %s failed", record.id)
        return claimed

    async def _claim_game(self, record: GameRecord) -> int:
        if not record.waits:
            return 0
        now = self.tables.clock()
        hours = self.tables.clock_of(record)
        users = {w.seat: record.seats[w.seat].user_id for w in record.waits if w.seat < len(record.seats)}
        settings = record.settings
        taken = await self.tables.store.notice_keys(record.id)
        due: list[tuple[str, dict[str, object]]] = []
        for wait in record.waits:
            if record.seating.playing(wait.seat) or users.get(wait.seat, 0) <= 0:
                continue  # the computer decides for this seat: nobody to ping
            mine = settings.get(users.get(wait.seat, 0))
            quiet = quiet_of(mine)
            for kind in due_now(wait.since, hours, quiet, mentioned=wait.mentioned, now=now):
                due.append((ping_key(wait, kind), {"ping": kind, "seat": wait.seat, "version": wait.version}))
            if mine is not None and mine.dm and wait.handed and dm_due(wait.since, quiet) <= now:
                due.append((dm_key(wait), {"dm": True, "seat": wait.seat, "version": wait.version}))
        claimed = 0
        for key, body in due:
            if key not in taken and await self.tables.store.claim_notice(record.id, key, body):
                claimed += 1
        return claimed

    async def take(self) -> list[Notice]:
        """Lease every unsent notice no other process holds (pings, DMs, the computer's reports):
        one take per pass, so what this process posts no other process posts."""
        return await self.tables.store.take_notices(self.holder, LEASE_SECONDS)

    async def deliveries(self, taken: Sequence[Notice] | None = None) -> list[Delivery]:
        """The pings and DMs among the notices taken (``take``; None: take now), grouped into the
        messages that carry them."""
        by_game: dict[int, list[Notice]] = {}
        for notice in await self.take() if taken is None else taken:
            by_game.setdefault(notice.game_id, []).append(notice)
        found: list[Delivery] = []
        for game_id, notices in by_game.items():
            try:
                found.extend(await self._game_deliveries(game_id, notices))
            except DamagedState:
                # Its state and move log are unusable (reported once by the table service): its
                # notices stay unsent, and the other games' go out.
                continue
            except Exception:  # anything else: retried next pass
                log.exception("preparing the notices of game %s failed", game_id)
        return found

    async def _game_deliveries(self, game_id: int, notices: list[Notice]) -> list[Delivery]:
        mine = [n for n in notices if "ping" in n.body or "dm" in n.body]
        if not mine:
            return []
        try:
            record = await self.tables.get(game_id)
        except TableError:
            return [Delivery(game_id, tuple(n.key for n in mine), None)]
        current = {(w.seat, w.version): w for w in record.waits}
        live = [n for n in mine if (n.body.get("seat"), n.body.get("version")) in current]
        settled = tuple(n.key for n in mine if n not in live)
        found = [Delivery(game_id, settled, None)] if settled else []
        if record.status != "running" or not live:
            return [Delivery(game_id, tuple(n.key for n in mine), None)]
        turn = await self.tables.turn(game_id)
        hours = self.tables.clock_of(record)
        latest: dict[int, Notice] = {}  # seat -> its latest ping (an earlier one due with it is implied)
        order = {"start": 0, "half": 1, "last": 2}
        for n in live:
            kind = n.body.get("ping")
            seat = int(n.body["seat"])
            if isinstance(kind, str) and (
                seat not in latest or order[kind] > order[latest[seat].body["ping"]]
            ):
                latest[seat] = n
        pings = tuple(
            Ping(
                record.seats[seat],
                str(n.body["ping"]),
                current[(seat, n.body["version"])].since,
                deadline(current[(seat, n.body["version"])].since, hours),
            )
            for seat, n in sorted(latest.items())
        )
        ping_keys = tuple(n.key for n in live if "ping" in n.body)
        if ping_keys:
            found.append(Delivery(game_id, ping_keys, turn, pings=pings))
        for n in live:
            if "dm" in n.body:
                found.append(Delivery(game_id, (n.key,), turn, dm=record.seats[int(n.body["seat"])]))
        return found

    async def undelivered_keys(self, game_id: int, keys: Sequence[str]) -> None:
        """Give back the notices of a message that could not be posted now: the next pass (of any
        process) retries them."""
        await self.tables.store.release_notices(self.holder, game_id, keys)

    async def delivered(self, delivery: Delivery) -> None:
        """Mark the notices of a posted (or obsolete, or undeliverable) message as sent."""
        await self.delivered_keys(delivery.game_id, delivery.keys)

    async def delivered_keys(self, game_id: int, keys: Sequence[str]) -> None:
        for key in keys:
            await self.tables.store.notice_sent(game_id, key)
