"""Load test (issue 16 item 5): two bot processes on one PostgreSQL database.

Each bot process runs the real bot (``TavolaBot`` in the sandbox's fake Discord, its own worker
pool of one process for the boards, its clock pass every ``PASS_SECONDS``) on a shared
PostgreSQL database; both fake Discords know the same ``GAMES`` channels. The driver (this
process) plays ``PLAYERS`` simulated players over ``GAMES`` 2-player Lorenzo games with 8-hour
move clocks, on a game clock running ``SPEED`` times real time, so players who think long get the
clock's half-time and last-call pings. Each move goes to one bot process at random; every
``DOUBLE``-th is sent to both at once (a double click across processes). After ``SECONDS`` it
stops, lets both processes run a last pass, and checks:

- moves: every move a bot acknowledged with a board is in the log, once; none refused twice
  over: per game, log length == moves acknowledged (a double sent to both is applied once);
- reminders: every outbox notice was posted by exactly one process or dropped as obsolete (the
  player had moved), none twice, none left unsent.

Prints one JSON line: moves, moves/s, acknowledgement and board p50/p99 (ms), the checks.
Run: ``.venv/bin/python -m bench.load [seconds] [players] [games]`` (defaults 15, 12, 6). The
database: ``TEST_DATABASE_URL`` or ``postgresql://postgres@127.0.0.1:5432/postgres``; a fresh
database ``tavola_load_<pid>`` is made there and dropped afterwards.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import sys
import time
from multiprocessing.connection import Connection
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bench.pipeline import TimedSandbox, pct
from bot.sandbox.gateway import CHANNEL_ID, thread_payload
from bot.service import computers, config, pings, workers
from bot.service.clock import Clock
from bot.service.store import COMPUTER, open_store
from bot.service.table import Tables
from rules import find_game

GAME = find_game("lorenzo")
SPEED = 3600.0  # game seconds per real second: an 8-hour clock runs out in 8 s
CLOCK_HOURS = 8  # half-time ping after 4 s of thinking, last call after 7 s
PASS_SECONDS = 0.25  # each bot process's clock pass (the real bot: every minute)
DOUBLE = 10  # every 10th move is sent to both processes at once
CHANNEL_BASE = 920_000_000_000_000_000


def base_url() -> str:
    return os.environ.get("TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/postgres"


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def game_clock(origin: tuple[float, float]) -> Clock:
    """The shared accelerated clock: ``SPEED`` game seconds per real second from ``origin``."""
    epoch, start = origin
    return Clock(lambda: epoch + (time.time() - start) * SPEED)


# ------------------------------------------------------------------------------------------------
# one bot process
# ------------------------------------------------------------------------------------------------


class LoadSandbox(TimedSandbox):
    """Also records which interactions were answered with a board: an applied move (its public
    board, or the mover's private one when the turn goes on with a follow-up decision)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.applied: set[str] = set()
        follow = self.server.followup

        def outcome(token: str, data: dict[str, Any], files: Any, channel_id: int) -> Any:
            message = follow(token, data, files, channel_id)
            if files:
                self.applied.add(token)
            return message

        self.server.followup = outcome  # type: ignore[method-assign]


Origin = tuple[float, float]  # (game epoch, real start) of the shared accelerated clock


def bot_process(url: str, origin: Origin, members: list[str], games: int, conn: Connection) -> None:
    asyncio.run(_serve(url, origin, members, games, conn))


async def _serve(url: str, origin: Origin, members: list[str], games: int, conn: Connection) -> None:
    clock = game_clock(origin)
    # The leases are operational timeouts in real seconds, read from the store's clock: on this
    # clock, running SPEED times faster, 180 s would last 50 ms, shorter than posting a board, and
    # the other process would take the notices (and the games) over while they are being posted.
    pings.LEASE_SECONDS = computers.LEASE_SECONDS = 180.0 * SPEED
    store = await open_store(url, clock=clock)
    tables = Tables(store, lambda: [GAME], clock=clock, clock_hours=CLOCK_HOURS)
    box = LoadSandbox(tables, lambda record: None, None)
    await workers.start(1, setup=config.install_content, setup_args=({},))
    await box.start()
    for name in members:
        box.members.member(name, name.upper())
    for g in range(games):
        thread = thread_payload(CHANNEL_BASE + g, CHANNEL_ID, {"name": f"load-{g}"})
        box.server.threads[f"load-{g}"] = thread
        box._thread_created(thread)
    posted = _record_settled(box)
    # Two processes of one bot run different shards; this names them apart (the leases).
    box.bot.pings.holder = box.bot.computers.holder = f"load-{os.getpid()}"
    passes = asyncio.create_task(_passes(box))
    box._baseline.add(passes)  # the sandbox waits for the work a line started, not for this loop
    loop = asyncio.get_running_loop()
    conn.send("ready")
    while True:
        command, lines = await loop.run_in_executor(None, conn.recv)
        if command == "stop":
            break
        tokens_before = set(box.arrived)
        await box.run_together(lines)
        new = sorted(set(box.arrived) - tokens_before, key=lambda t: box.arrived[t])
        conn.send([_timings(box, t) for t in new])
    passes.cancel()
    await box.bot.run_due()
    await box.close()
    await workers.close()
    await store.close()
    conn.send(posted)


def _record_settled(box: LoadSandbox) -> list[tuple[int, list[str], bool]]:
    """Every notice this process settles (``Pings.delivered``: pings and DMs; ``delivered_keys``
    alone: the computer's takeover and move reports, when a clock ran out), as (game, keys,
    with a message)."""
    posted: list[tuple[int, list[str], bool]] = []
    pings = box.bot.pings
    real_delivered, real_keys = pings.delivered, pings.delivered_keys
    inside: list[bool] = []

    async def delivered(delivery: Any) -> None:
        posted.append((delivery.game_id, list(delivery.keys), delivery.turn is not None))
        inside.append(True)
        try:
            await real_delivered(delivery)
        finally:
            inside.pop()

    async def delivered_keys(game_id: int, keys: Any) -> None:
        if not inside:  # a computer report (``delivered`` recorded its own)
            posted.append((game_id, list(keys), True))
        await real_keys(game_id, keys)

    pings.delivered = delivered  # type: ignore[method-assign]
    pings.delivered_keys = delivered_keys  # type: ignore[method-assign]
    return posted


def _timings(box: LoadSandbox, token: str) -> tuple[float, float, bool]:
    """Seconds to the first answer, to the board, and whether the move was applied."""
    arrived = box.arrived[token]
    return box.answered.get(token, 0) - arrived, box.boards.get(token, 0) - arrived, token in box.applied


async def _passes(box: LoadSandbox) -> None:
    while True:
        await asyncio.sleep(PASS_SECONDS)
        try:
            await box.bot.run_due()
        except Exception as exc:  # counted by the checks: a pass that failed leaves notices unsent
            print(f"pass failed: {exc!r}", file=sys.stderr)


# ------------------------------------------------------------------------------------------------
# the driver
# ------------------------------------------------------------------------------------------------


class Driver:
    def __init__(self, tables: Tables, conns: list[Connection], players: list[str], games: int) -> None:
        self.tables = tables
        self.conns = conns
        self.players = players
        self.games = games
        self.rng = random.Random(16)
        self.acked: dict[int, int] = {}  # game id -> moves acknowledged with a board
        self.acks: list[float] = []
        self.boards: list[float] = []
        self.doubles = 0
        self.moves_sent = 0

    async def send(self, index: int, lines: list[str]) -> list[tuple[float, float, bool]]:
        if not lines:
            return []
        conn = self.conns[index]
        conn.send(("lines", lines))
        answer: list[tuple[float, float, bool]] = await asyncio.to_thread(conn.recv)
        return answer

    async def setup(self) -> dict[int, str]:
        """Open every game in its channel (each through one of the two processes)."""
        channels: dict[int, str] = {}
        for g in range(self.games):
            a, b = self.players[(2 * g) % len(self.players)], self.players[(2 * g + 1) % len(self.players)]
            where = f"#load-{g}"
            for line in (f"{a} {where} /game new game:lorenzo clock:{CLOCK_HOURS}", f"{b} {where} /game join",
                         f"{a} {where} /game start"):
                await self.send(g % 2, [line])
            record = await self.tables.in_channel(CHANNEL_BASE + g)
            channels[record.id] = where
            self.acked[record.id] = 0
        return channels

    def think(self) -> float:
        """Real seconds a player takes: mostly quick, one move in five long enough for pings."""
        if self.rng.random() < 0.2:
            return self.rng.uniform(4.5, 7.5)
        return self.rng.uniform(0.1, 1.5)

    async def wave(self, due: list[tuple[int, str]]) -> None:
        """One move in each due game, all sent at once; some to both processes."""
        lines: list[list[str]] = [[], []]
        sent: list[list[int]] = [[], []]
        for gid, where in due:
            turn = await self.tables.turn(gid)
            if turn.finished:
                continue
            seat = turn.acting[0]
            text = self.rng.choice(GAME.legal_moves(turn.state, seat.seat)).to_text()
            line = f'{seat.name} {where} /move "text:{text}"'
            self.moves_sent += 1
            targets = [0, 1] if self.moves_sent % DOUBLE == 0 else [self.rng.randrange(2)]
            self.doubles += len(targets) == 2
            for index in targets:
                lines[index].append(line)
                sent[index].append(gid)
        answers = await asyncio.gather(self.send(0, lines[0]), self.send(1, lines[1]))
        for index, answer in enumerate(answers):
            for gid, (ack, board, applied) in zip(sent[index], answer, strict=True):
                self.acks.append(ack)
                if applied:
                    self.boards.append(board)
                    self.acked[gid] += 1

    async def play(self, seconds: float, channels: dict[int, str]) -> float:
        started = time.perf_counter()
        due_at = {gid: started for gid in channels}
        while (now := time.perf_counter()) - started < seconds:
            due = [(gid, channels[gid]) for gid, at in due_at.items() if at <= now]
            if not due:
                await asyncio.sleep(0.02)
                continue
            await self.wave(due)
            for gid, _ in due:
                due_at[gid] = time.perf_counter() + self.think()
        return time.perf_counter() - started


async def check_moves(tables: Tables, acked: dict[int, int]) -> dict[str, int]:
    """People's moves acknowledged against the log's moves by people; the computer's (a clock
    that ran out under load: the takeover) are counted apart."""
    lost = doubled = computer = 0
    for gid, count in acked.items():
        log = await tables.log(gid)
        logged = sum(1 for m in log if m.actor != COMPUTER)
        computer += len(log) - logged
        lost += max(0, count - logged)
        doubled += max(0, logged - count)
    return {"moves_lost": lost, "moves_doubled": doubled, "computer_moves": computer}


async def check_notices(url: str, posted: list[tuple[int, list[str], bool]]) -> dict[str, int]:
    conn = await asyncpg.connect(url)
    rows = await conn.fetch("SELECT game_id, key, sent_at FROM outbox")
    await conn.close()
    seen: dict[tuple[int, str], int] = {}
    messages = 0
    for gid, keys, with_message in posted:
        messages += with_message
        for key in keys:
            seen[(gid, key)] = seen.get((gid, key), 0) + 1
    outbox = {(r["game_id"], r["key"]) for r in rows}
    return {
        "notices": len(outbox),
        "notice_messages_posted": messages,
        "notices_settled_twice": sum(1 for n in seen.values() if n > 1),
        "notices_unsent": sum(1 for r in rows if r["sent_at"] is None),
        "notices_settled_unknown": len(set(seen) - outbox),
        "notices_never_settled": len(outbox - set(seen)),
    }


async def main_async(seconds: float, players: int, games: int) -> dict[str, Any]:
    admin = await asyncpg.connect(base_url())
    name = f"tavola_load_{os.getpid()}"
    await admin.execute(f"CREATE DATABASE {name}")
    url = with_database(base_url(), name)
    context = multiprocessing.get_context("spawn")
    origin = (time.time(), time.time())
    members = [f"p{i}" for i in range(players)]
    try:
        store = await open_store(url, clock=game_clock(origin))  # migrates before the bots start
        pipes = [context.Pipe() for _ in range(2)]
        procs = [
            context.Process(target=bot_process, args=(url, origin, members, games, child))
            for _, child in pipes
        ]
        for proc in procs:
            proc.start()
        conns = [parent for parent, _ in pipes]
        for conn in conns:
            assert await asyncio.to_thread(conn.recv) == "ready"
        driver = Driver(Tables(store, lambda: [GAME], clock=game_clock(origin)), conns, members, games)
        channels = await driver.setup()
        elapsed = await driver.play(seconds, channels)
        posted: list[tuple[int, list[str], bool]] = []
        for conn in conns:
            conn.send(("stop", []))
        for conn in conns:
            posted += await asyncio.to_thread(conn.recv)
        for proc in procs:
            proc.join(30)
        moves = sum(driver.acked.values())
        figures: dict[str, Any] = {
            "bot_processes": 2,
            "players": players,
            "games": games,
            "seconds": round(elapsed, 1),
            "moves": moves,
            "moves_per_s": round(moves / elapsed, 2),
            "doubles_sent_to_both": driver.doubles,
            "ack_p50_ms": pct(driver.acks, 0.5),
            "ack_p99_ms": pct(driver.acks, 0.99),
            "board_p50_ms": pct(driver.boards, 0.5),
            "board_p99_ms": pct(driver.boards, 0.99),
        }
        figures.update(await check_moves(driver.tables, driver.acked))
        figures.update(await check_notices(url, posted))
        await store.close()
        return figures
    finally:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 15.0
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 6
    print(json.dumps(asyncio.run(main_async(seconds, players, games))))


if __name__ == "__main__":
    main()
