"""Benchmark: database round trips per move, counted (not timed) through the real bot.

``.venv/bin/python -m bench.roundtrips [postgresql://…]`` prints one JSON line. A 2-player Lorenzo
game is played in the sandbox; for each ``/move`` (typed) and each move by button the statements
sent to the store are counted, from the interaction's arrival to its last reply (the board):

- SQLite: calls into the aiosqlite connection (each one a hop to its worker thread and back:
  ``execute``, ``execute_fetchall``, ``executemany``; ``BEGIN`` and ``COMMIT`` count too);
- PostgreSQL (when a URL is given, or ``TEST_DATABASE_URL`` is set): queries sent through the
  asyncpg pool or a connection taken from it, transaction ``BEGIN``/``COMMIT`` included. asyncpg
  caches prepared statements, so after a statement's first use this is one network round trip
  per query.
Figures: median and max per move, and the number of moves counted.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.sandbox import Sandbox
from bot.service.store import Store, open_store
from bot.service.table import Tables
from rules import find_game

GAME = find_game("lorenzo")
MOVES = 24  # per kind (typed, button)


class Hops:
    """A counter the store's connection wrappers add to."""

    def __init__(self) -> None:
        self.count = 0


def _counting(real: Any, hops: Hops) -> Any:
    def counted(*args: Any, **kwargs: Any) -> Any:
        hops.count += 1
        return real(*args, **kwargs)

    return counted


class _CountingTransaction:
    def __init__(self, real: Any, hops: Hops) -> None:
        self._real, self._hops = real, hops

    async def __aenter__(self) -> Any:
        self._hops.count += 1  # BEGIN
        return await self._real.__aenter__()

    async def __aexit__(self, *exc: Any) -> Any:
        self._hops.count += 1  # COMMIT or ROLLBACK
        return await self._real.__aexit__(*exc)


class _CountingConnection:
    def __init__(self, real: Any, hops: Hops) -> None:
        self._real, self._hops = real, hops

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._real, name)
        if name in ("fetch", "fetchrow", "fetchval", "execute", "executemany"):
            return _counting(attr, self._hops)
        if name == "transaction":
            return lambda *a, **k: _CountingTransaction(attr(*a, **k), self._hops)
        return attr


class _CountingAcquire:
    def __init__(self, real: Any, hops: Hops) -> None:
        self._real, self._hops = real, hops

    async def __aenter__(self) -> Any:
        return _CountingConnection(await self._real.__aenter__(), self._hops)

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._real.__aexit__(*exc)


def count(store: Store) -> Hops:
    """Wrap ``store``'s connection (SQLite) or pool (PostgreSQL) so that every statement counts."""
    hops = Hops()
    conn = getattr(store, "_conn", None)
    if conn is not None:  # SqliteStore
        for name in ("execute", "execute_fetchall", "executemany"):
            setattr(conn, name, _counting(getattr(conn, name), hops))
        return hops
    store._pool = _CountingPool(store._pool, hops)  # type: ignore[attr-defined]
    return hops


class _CountingPool(_CountingConnection):
    """asyncpg's Pool has slots: wrapped whole rather than patched."""

    def __getattr__(self, name: str) -> Any:
        if name == "acquire":
            return lambda *a, **k: _CountingAcquire(self._real.acquire(*a, **k), self._hops)
        return super().__getattr__(name)


async def per_move(target: str | Path, moves: int = MOVES) -> dict[str, Any]:
    """Statements per move over one game: typed ``/move`` commands, and button clicks where the
    board offers buttons for the acting player's decision."""
    store = await open_store(target)
    tables = Tables(store, lambda: [GAME], new_seed=lambda: 3)
    replies: list[dict[str, Any]] = []
    box = Sandbox(tables, replies.append, None)
    await box.start()
    for line in ("alice /game new game:lorenzo", "bob /game join", "alice /game start"):
        await box.run_line(line)
    hops, rng = count(store), random.Random(4)
    kinds: dict[str, list[int]] = {"typed": [], "button": []}
    while len(kinds["typed"]) < moves and not (turn := await tables.turn(1)).finished:
        seat = turn.acting[0]
        last: dict[str, Any] = next((r for r in reversed(replies) if r.get("components")), {})
        buttons = [c["custom_id"] for c in last.get("components", []) if ":m" in c["custom_id"]]
        if buttons and last.get("mentions") == [seat.name]:
            kind, line = "button", f"{seat.name} click {rng.choice(buttons)}"
        else:
            texts = [m.to_text() for m in GAME.legal_moves(turn.state, seat.seat)]
            kind, line = "typed", f'{seat.name} /move "text:{rng.choice(texts)}"'
        hops.count = 0
        await box.run_line(line)
        kinds[kind].append(hops.count)
    await box.close()
    await store.close()
    figures: dict[str, Any] = {}
    for kind, counts in kinds.items():
        if counts:
            figures.update({f"{kind}_median": statistics.median(counts), f"{kind}_max": max(counts)})
            figures[f"{kind}_moves"] = len(counts)
    return figures


async def figures(url: str | None = None) -> dict[str, Any]:
    """Per-move counts on SQLite, and on PostgreSQL at ``url`` (default ``TEST_DATABASE_URL``)."""
    url = url or os.environ.get("TEST_DATABASE_URL")
    figures: dict[str, Any] = {"game": GAME.name, "players": 2}
    with tempfile.TemporaryDirectory() as tmp:
        figures["sqlite"] = await per_move(Path(tmp) / "trips.db")
    if url:
        # A database of its own on that server, dropped afterwards (tests/postgres.py).
        from tests.postgres import TestDatabases

        databases = TestDatabases(url)
        try:
            schema = await asyncio.to_thread(databases.new_schema)
            figures["postgres"] = await per_move(schema)
        finally:
            await asyncio.to_thread(databases.close)
    return figures


if __name__ == "__main__":
    print(json.dumps(asyncio.run(figures(sys.argv[1] if len(sys.argv) > 1 else None))))
