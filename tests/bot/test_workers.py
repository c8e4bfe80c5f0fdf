"""The worker pool (bot.service.workers): inline until started, real processes after, crashes
survived, and a board drawn in a worker the same as one drawn here."""

from __future__ import annotations

import asyncio
import os
import pickle
from pathlib import Path

import pytest

from bot.service import config
from bot.service.workers import WorkerCrashed, Workers
from render import render_view
from rules import find_game

MARK = "TAVOLA_TEST_WORKER_SETUP"


def pid() -> int:
    return os.getpid()


def append_one(items: list[int]) -> list[int]:
    items.append(1)
    return items


def setup_mark(value: str) -> None:
    os.environ[MARK] = value


def read_mark() -> str | None:
    return os.environ.get(MARK)


def die() -> None:
    os._exit(3)


def die_once(marker: str) -> str:
    """Kills its worker the first time (no marker file yet), answers the second."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died")
        os._exit(3)
    return "survived"


def run(coro):
    return asyncio.run(coro)


def test_inline_before_start_runs_in_this_process_on_copies():
    pool = Workers()

    async def scenario():
        items = [0]
        copied = await pool.run(append_one, items)
        return await pool.run(pid), items, copied

    where, items, copied = run(scenario())
    assert pool.size == 0
    assert where == os.getpid()
    assert items == [0] and copied == [0, 1]  # the worker's copy changed, the caller's did not


def test_inline_refuses_what_could_not_cross_to_a_worker():
    pool = Workers()
    with pytest.raises((pickle.PicklingError, AttributeError)):
        run(pool.run(lambda: 1))


def test_size_zero_stays_inline():
    pool = Workers()

    async def scenario():
        await pool.start(0)
        return await pool.run(pid)

    assert run(scenario()) == os.getpid()
    assert pool.size == 0


def test_started_pool_runs_in_warm_worker_processes_with_the_setup():
    pool = Workers()

    async def scenario():
        await pool.start(2, setup=setup_mark, setup_args=("set in the worker",))
        try:
            pids = set(await asyncio.gather(*(pool.run(pid) for _ in range(6))))
            marks = await pool.run(read_mark)
            size = pool.size
        finally:
            await pool.close()
        return pids, marks, size, pool.size, await pool.run(pid)

    pids, marks, size, closed_size, after = run(scenario())
    assert os.getpid() not in pids and 1 <= len(pids) <= 2
    assert marks == "set in the worker" and os.environ.get(MARK) is None
    assert size == 2 and closed_size == 0
    assert after == os.getpid()  # closed: inline again


def test_pool_cannot_start_twice():
    pool = Workers()

    async def scenario():
        await pool.start(1)
        try:
            with pytest.raises(RuntimeError):
                await pool.start(1)
        finally:
            await pool.close()

    run(scenario())


def test_a_dead_worker_is_replaced_and_the_call_retried_once(tmp_path):
    pool = Workers()

    async def scenario():
        await pool.start(1)
        try:
            answer = await pool.run(die_once, str(tmp_path / "marker"))
            return answer, pool.restarts, await pool.run(pid)
        finally:
            await pool.close()

    answer, restarts, worker = run(scenario())
    assert answer == "survived" and restarts == 1 and worker != os.getpid()


def test_a_call_that_kills_every_worker_raises_and_the_pool_keeps_working():
    pool = Workers()

    async def scenario():
        await pool.start(1)
        try:
            with pytest.raises(WorkerCrashed):
                await pool.run(die)
            return pool.restarts, await pool.run(pid), pool.pending
        finally:
            await pool.close()

    restarts, worker, pending = run(scenario())
    assert restarts == 2 and worker != os.getpid() and pending == 0


def test_a_board_drawn_in_a_worker_is_the_one_drawn_here():
    game = find_game("lorenzo")
    state = game.setup(4, 7)
    view = game.player_view(state, None)
    pool = Workers()

    async def scenario():
        await pool.start(1, setup=config.install_content, setup_args=({},))
        try:
            return await pool.run(render_view, game.name, view, private=False)
        finally:
            await pool.close()

    image = run(scenario())
    here = render_view(game.name, view, private=False)
    assert image.data == here.data and image.alt_text == here.alt_text
