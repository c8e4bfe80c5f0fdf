"""Memory over many games in one process (issue 16 item 4): does it stay flat?

Plays ``GAMES`` random 2-player games (Lorenzo and Lancaster in turn) through the table service
on an SQLite file, as the bot does: every move through ``Tables.move``, the mover's autocomplete
list (``Tables.suggestions``), and the public board drawn in this process (every
``DRAW_EVERY``-th move; drawing is the slow part and what fills the text caches). After every
tenth game it records the resident memory (``/proc/self/statm``; ``ru_maxrss`` elsewhere) and
the size of each bounded cache, and prints one JSON line: ``rss_mb`` per ten games, the growth
over the second half against the first, and each cache's entries held against its bound and
against the keys it was asked for (what an unbounded cache would have held).

Run: ``.venv/bin/python -m bench.memory [games] [draw_every]`` (defaults 100 and 8).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import resource
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.service.store import SqliteStore
from bot.service.table import Player, Tables
from render import canvas, draw_view
from rules import find_game

PLAYERS = [Player(500 + i, f"M{i}") for i in range(2)]
GAME_NAMES = ("lorenzo", "lancaster")


def rss_mb() -> float:
    """Resident memory now (Linux), else the peak (ru_maxrss, KB on Linux, bytes on macOS)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return round(peak / (2**20 if sys.platform == "darwin" else 2**10), 1)


def cache_sizes(tables: Tables) -> dict[str, Any]:
    """Entries held and the bound of every cache the bot keeps in one process."""
    sizes: dict[str, Any] = {}
    for name, fn in (("label", canvas._label), ("text_width", canvas.text_width)):
        info = fn.cache_info()
        sizes[name] = {"entries": info.currsize, "bound": info.maxsize, "misses": info.misses}
    sizes["states"] = {"entries": len(tables._states), "bound": tables._states.maxsize}
    return sizes


async def play_one(tables: Tables, index: int, rng: random.Random, draw_every: int) -> int:
    name = GAME_NAMES[index % len(GAME_NAMES)]
    game = find_game(name)
    record = await tables.new(1, 30_000 + index, PLAYERS[0], name, {})
    await tables.join(record.id, PLAYERS[1])
    await tables.start(record.id, PLAYERS[0])
    moves = 0
    while not (turn := await tables.turn(record.id)).finished:
        seat = turn.acting[0]
        await tables.suggestions(record.id, seat.user_id, "")
        text = rng.choice(game.legal_moves(turn.state, seat.seat)).to_text()
        turn = await tables.move(record.id, seat.user_id, text)
        moves += 1
        if moves % draw_every == 0:
            draw_view(name, turn.public_view, private=False)
    return moves


async def run(games: int, draw_every: int) -> dict[str, Any]:
    rng = random.Random(16)
    samples: list[float] = []
    moves = 0
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "memory.db")
        tables = Tables(store, new_seed=lambda: rng.randrange(2**31))
        try:
            for index in range(games):
                moves += await play_one(tables, index, rng, draw_every)
                if (index + 1) % 10 == 0:
                    gc.collect()
                    samples.append(rss_mb())
            caches = cache_sizes(tables)
        finally:
            await store.close()
    half = len(samples) // 2
    first = samples[half - 1] - samples[0] if half >= 1 else 0.0
    second = samples[-1] - samples[half - 1] if half >= 1 else 0.0
    return {
        "games": games,
        "moves": moves,
        "draw_every": draw_every,
        "rss_mb_per_10_games": samples,
        "rss_growth_first_half_mb": round(first, 1),
        "rss_growth_second_half_mb": round(second, 1),
        "caches": caches,
    }


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    draw_every = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    print(json.dumps(asyncio.run(run(games, draw_every))))


if __name__ == "__main__":
    main()
