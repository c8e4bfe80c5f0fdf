"""Benchmark: the move pipeline and board rendering, with floors measured in the same run.

Prints one JSON line. Run from the repository root: ``.venv/bin/python -m bench.pipeline [games]``
(as a module: run as a script, ``bench/render.py`` would shadow the ``render`` package).

- ``move_*``: ``Tables.move`` on an SQLite file (WAL): load the game row, ``from_json`` (state
  cache off, so every move pays the full load), parse, apply, ``to_json``, version-checked write.
  Random legal moves of 4-player Lorenzo games. ``move_cached_*``: the same with the bot's
  in-memory state cache on (what the running bot does).
- ``sqlite_floor_*``: an empty ``BEGIN IMMEDIATE; COMMIT`` on the same kind of connection.
- ``render_*``: ``render.render_view`` of the public view after each move (draw + encode).
  ``encode_floor_*``: encoding a blank image of the same size with the same encoder.
  ``render_first_ms``: the process's first render (fonts and caches loading), not in the p99.
- ``ack_*``: in the sandbox, time from an interaction arriving to its first response (Discord
  wants it within 3 s), over a full 2-player game of ``/move`` commands.
- ``bursts``: 6, 20 and 50 games in their own threads each receiving a move at the same instant,
  three times: acknowledgement and board-posted (follow-up with the image) p50/p99, with boards
  drawn in threads of the bot's process (``threads_N``, as before issue 16) and in the worker
  pool (``processes_N``), same games and moves, in this run.
- ``ping_scan_*``: ``Pings.claim_due`` + ``Pings.deliveries`` over ``PING_GAMES`` running 2-player
  Lorenzo games after the clock moved 25 h on (past half of the 48 h clock): the first scan claims
  and prepares every game's ping (the real bot's task does this at most once per ping), the
  second, after they were marked sent, finds nothing due (the usual case).
- ``store_round_trips``: statements sent to the store per typed ``/move`` and per button move
  (``bench/roundtrips.py``), SQLite, and PostgreSQL when ``TEST_DATABASE_URL`` is set.
Targets (issue 2): move p99 < 20 ms without rendering; render+encode p99 < 300 ms (1600 px).
Targets (issue 16): a move reads the game once and writes once, 3 round trips; under bursts of
6, 20, 50 moves every acknowledgement within 100 ms at p99, the board within 1.5 s at p99 for 20.
``python -m bench.pipeline bursts`` prints only the burst figures.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from PIL import Image

from bench import roundtrips
from bot.sandbox import Sandbox
from bot.service import config, workers
from bot.service.clock import Clock
from bot.service.pings import Pings
from bot.service.store import SeatRecord, SqliteStore
from bot.service.table import Player, Tables, Turn
from render import draw_view, render_view
from render.encode import encode
from rules import find_game

GAME = find_game("lorenzo")
PING_GAMES = 200
PLAYERS = [Player(100 + i, f"P{i}") for i in range(4)]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)


def random_move(rng: random.Random, turn: Turn) -> tuple[SeatRecord, str]:
    """The first acting seat and the text of a uniformly chosen legal move of its."""
    seat = turn.acting[0]
    return seat, rng.choice(GAME.legal_moves(turn.state, seat.seat)).to_text()


async def play_games(
    tables: Tables, games: int, rng: random.Random, views: list[dict[str, Any]] | None
) -> list[float]:
    times: list[float] = []
    for g in range(games):
        record = await tables.new(1, 10_000 + g, PLAYERS[0], GAME.name, {})
        for p in PLAYERS[1:]:
            await tables.join(record.id, p)
        await tables.start(record.id, PLAYERS[0])
        while True:
            turn = await tables.turn(record.id)
            if turn.finished:
                break
            seat, text = random_move(rng, turn)
            t0 = time.perf_counter()
            turn = await tables.move(record.id, seat.user_id, text)
            times.append(time.perf_counter() - t0)
            if views is not None:
                views.append(turn.public_view)
    return times


async def sqlite_floor(path: Path, n: int) -> list[float]:
    store = await SqliteStore.open(path)
    conn = store._conn
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        await conn.execute("BEGIN IMMEDIATE")
        await conn.execute("COMMIT")
        times.append(time.perf_counter() - t0)
    await store.close()
    return times


class TimedSandbox(Sandbox):
    """Records when each interaction arrived, when it was first answered, and when its follow-up
    carrying a board image was posted."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arrived: dict[str, float] = {}
        self.answered: dict[str, float] = {}
        self.boards: dict[str, float] = {}
        answer = self.server.callback
        follow = self.server.followup

        def timed(interaction_id: int, token: str, body: dict[str, Any], files: Any) -> Any:
            self.answered.setdefault(token, time.perf_counter())
            return answer(interaction_id, token, body, files)

        def timed_followup(token: str, data: dict[str, Any], files: Any, channel_id: int) -> Any:
            if files:
                self.boards.setdefault(token, time.perf_counter())
            return follow(token, data, files, channel_id)

        self.server.callback = timed  # type: ignore[method-assign]
        self.server.followup = timed_followup  # type: ignore[method-assign]

    def interaction_for(self, user: Any, line: Any) -> dict[str, Any]:
        payload = super().interaction_for(user, line)
        self.arrived[payload["token"]] = time.perf_counter()
        return payload


async def timed_sandbox(path: Path, seed: int) -> tuple[SqliteStore, Tables, TimedSandbox]:
    """A started sandbox over a fresh store whose games all get ``seed``."""
    store = await SqliteStore.open(path)
    tables = Tables(store, lambda: [GAME], new_seed=lambda: seed)
    box = TimedSandbox(tables, lambda record: None, None)
    await box.start()
    return store, tables, box


async def ack_times(path: Path) -> list[float]:
    store, tables, box = await timed_sandbox(path, seed=3)
    await box.run_line("alice /game new game:lorenzo")
    await box.run_line("bob /game join")
    await box.run_line("alice /game start")
    rng = random.Random(4)
    while not (turn := await tables.turn(1)).finished:
        seat, text = random_move(rng, turn)
        await box.run_line(f'{seat.name} /move "text:{text}"')
    await box.close()
    await store.close()
    return [box.answered[t] - box.arrived[t] for t in box.answered]


async def burst_times(path: Path, games: int, rounds: int) -> tuple[list[float], list[float]]:
    """``games`` games, each in its own thread, each receiving a move at the same instant,
    ``rounds`` times: seconds from arrival to the first answer, and to the board posted."""
    store, tables, box = await timed_sandbox(path, seed=5)
    for _ in range(games):
        await box.run_line("alice /game new game:lorenzo")
        await box.run_line("bob /game join")
        await box.run_line("alice /game start thread:true")
    rng = random.Random(6)
    acks: list[float] = []
    boards: list[float] = []
    for _ in range(rounds):
        lines = []
        for gid in range(1, games + 1):
            turn = await tables.turn(gid)
            if turn.finished:
                continue
            seat, text = random_move(rng, turn)
            lines.append(f'{seat.name} #lorenzo-{gid} /move "text:{text}"')
        before = set(box.arrived)
        await box.run_together(lines)
        new = set(box.arrived) - before
        acks += [box.answered[t] - box.arrived[t] for t in new]
        boards += [box.boards[t] - box.arrived[t] for t in new if t in box.boards]
    await box.close()
    await store.close()
    return acks, boards


BURSTS = (6, 20, 50)  # simultaneous moves (issue 16: acks within 100 ms at p99; boards 1.5 s for 20)
BURST_ROUNDS = 3


async def bursts(tmp: Path, sizes: tuple[int, ...] = BURSTS, rounds: int = BURST_ROUNDS) -> dict[str, Any]:
    """The same bursts (same games, same moves) drawn in threads of the bot's process (before
    issue 16) and in the worker pool (``bot.service.workers``), side by side in this run."""
    figures: dict[str, Any] = {}
    for mode in ("threads", "processes"):
        if mode == "processes":
            await workers.start(setup=config.install_content, setup_args=({},))
            figures["workers"] = workers.POOL.size
        try:
            for size in sizes:
                acks, boards = await burst_times(tmp / f"burst-{mode}-{size}.db", size, rounds)
                figures[f"{mode}_{size}"] = {
                    "moves": len(acks),
                    "ack_p50_ms": pct(acks, 0.5),
                    "ack_p99_ms": pct(acks, 0.99),
                    "board_p50_ms": pct(boards, 0.5),
                    "board_p99_ms": pct(boards, 0.99),
                }
        finally:
            await workers.close()
    return figures


async def ping_scan(path: Path, games: int = PING_GAMES) -> tuple[float, float, int]:
    """Seconds for a scan that pings every game, then for one that finds none; games pinged."""
    clock = Clock()
    store = await SqliteStore.open(path, clock=clock)
    tables = Tables(store, lambda: [GAME], new_seed=lambda: 9, clock=clock, cache_states=False)
    pings = Pings(tables)
    for g in range(games):
        record = await tables.new(1, 20_000 + g, PLAYERS[0], GAME.name, {}, clock_hours=48)
        await tables.join(record.id, PLAYERS[1])
        await tables.start(record.id, PLAYERS[0])
    clock.advance(25 * 3600)
    t0 = time.perf_counter()
    await pings.claim_due()
    due = await pings.deliveries()
    first = time.perf_counter() - t0
    for delivery in due:
        await pings.delivered(delivery)
    t0 = time.perf_counter()
    await pings.claim_due()
    again = await pings.deliveries()
    second = time.perf_counter() - t0
    await store.close()
    assert not again
    return first, second, len(due)


async def main() -> None:
    if sys.argv[1:2] == ["bursts"]:  # only the burst figures (python -m bench.pipeline bursts)
        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps({"bursts": await bursts(Path(tmp))}))
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    rng = random.Random(1)
    figures: dict[str, Any] = {"game": GAME.name, "players": len(PLAYERS), "games": games}
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "bench.db")
        views: list[dict[str, Any]] = []
        cold = await play_games(Tables(store, lambda: [GAME], cache_states=False), games, rng, views)
        warm = await play_games(Tables(store, lambda: [GAME]), games, rng, None)
        await store.close()
        floor = await sqlite_floor(Path(tmp) / "floor.db", len(cold))
        acks = await ack_times(Path(tmp) / "ack.db")
        burst = await bursts(Path(tmp))
        scan_all, scan_none, pinged = await ping_scan(Path(tmp) / "pings.db")
    figures.update(
        moves=len(cold),
        move_p50_ms=pct(cold, 0.5),
        move_p99_ms=pct(cold, 0.99),
        move_cached_p50_ms=pct(warm, 0.5),
        move_cached_p99_ms=pct(warm, 0.99),
        sqlite_floor_p50_ms=pct(floor, 0.5),
        sqlite_floor_p99_ms=pct(floor, 0.99),
    )
    sample = views[:: max(1, len(views) // 150)]
    render_t: list[float] = []
    floor_t: list[float] = []
    sizes: list[int] = []
    width = height = 0
    # The first render loads fonts and builds caches once per process; report it apart.
    t0 = time.perf_counter()
    render_view(GAME.name, sample[0], private=False)
    figures["render_first_ms"] = round((time.perf_counter() - t0) * 1000, 3)
    for view in sample:
        t0 = time.perf_counter()
        image = render_view(GAME.name, view, private=False)
        render_t.append(time.perf_counter() - t0)
        sizes.append(len(image.data))
        width, height = image.width, image.height
        kind = draw_view(GAME.name, view, private=False).kind
        blank = Image.new("RGB", (image.width, image.height), (255, 255, 255))
        t0 = time.perf_counter()
        encode(blank, kind)
        floor_t.append(time.perf_counter() - t0)
    figures.update(
        renders=len(render_t),
        image_px=f"{width}x{height}",
        image_kb_median=round(statistics.median(sizes) / 1024, 1),
        render_p50_ms=pct(render_t, 0.5),
        render_p99_ms=pct(render_t, 0.99),
        encode_floor_p50_ms=pct(floor_t, 0.5),
        encode_floor_p99_ms=pct(floor_t, 0.99),
        acks=len(acks),
        ack_p50_ms=pct(acks, 0.5),
        ack_p99_ms=pct(acks, 0.99),
        ack_max_ms=round(max(acks) * 1000, 3),
        bursts=burst,
        ping_games=pinged,
        ping_scan_all_due_ms=round(scan_all * 1000, 3),
        ping_scan_none_due_ms=round(scan_none * 1000, 3),
    )
    # Statements sent to the store per move through the real bot (bench/roundtrips.py; issue 16
    # targets 3): typed /move and button, SQLite here, PostgreSQL too with TEST_DATABASE_URL.
    figures["store_round_trips"] = await roundtrips.figures()
    print(json.dumps(figures))


if __name__ == "__main__":
    asyncio.run(main())
