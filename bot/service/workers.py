"""One process pool for the bot's CPU work: board images, computer players (issue 16 item 3).

Drawing a board holds the GIL for tens of milliseconds; in threads, a burst of moves starved the
event loop (late acknowledgements) and the database driver. Work sent here runs in separate
processes instead, so the loop only waits on a future.

API (one pool per process, ``POOL``; the module functions use it):

- ``await workers.start(size, setup=fn, setup_args=(...))`` once at start-up: ``size`` worker
  processes (``default_size()`` = the cores this process may use; 0 = no processes); each runs
  ``setup(*setup_args)`` first (the content settings, so workers play the same data as the bot),
  imports the game and drawing modules, and is running before ``start`` returns (warmed).
- ``await workers.run(fn, *args, **kwargs)`` runs ``fn(*args, **kwargs)`` in a worker and
  returns its result. ``fn`` must be a top-level function and the arguments and result picklable:
  they cross a process boundary, and ``fn`` sees copies (it cannot change the caller's objects).
- ``await workers.close()`` at shutdown: waits for running work, cancels queued work.

Without ``start`` (tests, the sandbox) or with size 0 the work runs inline, in a thread of this
process, as it did before the pool; inline ``run`` still round-trips ``fn``, ``args`` and the
result through pickle, so a call that could not cross to a worker fails in tests too.

A worker that dies (killed, out of memory) breaks the pool: the pool is rebuilt and the call
retried once on the new one; a call that breaks the new pool too raises ``WorkerCrashed``.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import multiprocessing
import os
import pickle
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from render import DRAWING_MODULES
from rules import all_games

log = logging.getLogger("tavola")
T = TypeVar("T")

# Imported by each worker before its first task (with every game's engine and drawing module,
# and preloaded into the fork server), so a worker's first board does not pay for the imports.
WARM_MODULES = ("rules", "render")
READY_PAUSE = 0.05  # seconds each start-up probe holds its worker, so every worker gets one


class WorkerCrashed(RuntimeError):
    """A worker process died running the call, twice (on the old pool and on a fresh one)."""


def default_size() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _context() -> Any:
    # Not "fork": the bot has threads (aiosqlite's, the executor's) and forking a process with
    # threads can copy a held lock. The fork server starts clean once and forks warm children.
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_warm_modules())
        return context
    return multiprocessing.get_context("spawn")


def _prepare(setup: Callable[..., None] | None, setup_args: tuple[Any, ...]) -> None:
    """Each worker's initializer: the caller's setup, then the modules every task needs."""
    if setup is not None:
        setup(*setup_args)
    for name in _warm_modules():
        try:
            importlib.import_module(name)
        except ImportError:
            log.warning("worker could not import %s", name)
    all_games()


def _warm_modules() -> list[str]:
    return [*WARM_MODULES, *DRAWING_MODULES.values()]


def _ready() -> int:
    time.sleep(READY_PAUSE)
    return os.getpid()


class Workers:
    """A process pool started once; inline (a thread of this process) until started."""

    def __init__(self) -> None:
        self._executor: ProcessPoolExecutor | None = None
        self._size = 0
        self._setup: tuple[Callable[..., None] | None, tuple[Any, ...]] = (None, ())
        self._restart: asyncio.Lock | None = None  # made on start, in the loop that uses it
        self.pending = 0  # calls submitted and not finished (queue depth, for the liveness line)
        self.restarts = 0

    @property
    def size(self) -> int:
        """Worker processes running (0: inline)."""
        return self._size if self._executor is not None else 0

    async def start(
        self,
        size: int | None = None,
        *,
        setup: Callable[..., None] | None = None,
        setup_args: tuple[Any, ...] = (),
    ) -> None:
        """Start ``size`` warm workers (default: the cores); 0 keeps the work inline."""
        if self._executor is not None:
            raise RuntimeError("the worker pool is already running")
        self._size = default_size() if size is None else size
        self._setup = (setup, setup_args)
        self._restart = asyncio.Lock()
        if self._size > 0:
            started = time.perf_counter()
            pids = await self._open()
            log.info(
                "workers: %d processes ready in %.2f s (pids %s)",
                len(pids),
                time.perf_counter() - started,
                ", ".join(map(str, sorted(pids))),
            )

    async def _open(self) -> set[int]:
        executor = ProcessPoolExecutor(
            self._size, mp_context=_context(), initializer=_prepare, initargs=self._setup
        )
        self._executor = executor
        loop = asyncio.get_running_loop()
        # One probe per worker, submitted together, makes the pool start every process now.
        probes = [loop.run_in_executor(executor, _ready) for _ in range(self._size)]
        return set(await asyncio.gather(*probes))

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker (inline before ``start``); see the module docstring."""
        call = functools.partial(fn, *args, **kwargs)
        self.pending += 1
        try:
            executor = self._executor
            if executor is None:
                return await asyncio.to_thread(_inline, call)
            try:
                return await self._submit(executor, call)
            except BrokenProcessPool:
                log.warning("a worker process died; restarting the pool and retrying %s", _name(fn))
                await self._replace(executor)
            try:
                return await self._submit(self._executor, call)
            except BrokenProcessPool as exc:
                await self._replace(self._executor)
                raise WorkerCrashed(f"{_name(fn)} killed its worker process twice") from exc
        finally:
            self.pending -= 1

    async def _submit(self, executor: ProcessPoolExecutor | None, call: Callable[[], T]) -> T:
        if executor is None:
            raise RuntimeError("the worker pool was closed")
        return await asyncio.get_running_loop().run_in_executor(executor, call)

    async def _replace(self, broken: ProcessPoolExecutor | None) -> None:
        """A fresh pool in place of ``broken``, once however many calls saw it break."""
        if self._restart is None or broken is None:
            return
        async with self._restart:
            if self._executor is not broken:
                return  # another call already replaced it (or the pool was closed)
            self.restarts += 1
            broken.shutdown(wait=False, cancel_futures=True)
            await self._open()

    async def close(self) -> None:
        """Stop the workers (running calls finish, queued ones are cancelled); inline again."""
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)


def _inline(call: Callable[[], T]) -> T:
    """Run as a worker would: on pickled copies, so a call that can't cross processes fails here."""
    copy: Callable[[], T] = pickle.loads(pickle.dumps(call))
    result: T = pickle.loads(pickle.dumps(copy()))
    return result


def _name(fn: Callable[..., Any]) -> str:
    return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', fn)}"


POOL = Workers()


async def run(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` on the bot's pool (``POOL.run``)."""
    return await POOL.run(fn, *args, **kwargs)


async def start(
    size: int | None = None, *, setup: Callable[..., None] | None = None, setup_args: tuple[Any, ...] = ()
) -> None:
    """Start the bot's pool (``POOL.start``)."""
    await POOL.start(size, setup=setup, setup_args=setup_args)


async def close() -> None:
    """Stop the bot's pool (``POOL.close``)."""
    await POOL.close()


__all__ = ["POOL", "WorkerCrashed", "Workers", "close", "default_size", "run", "start"]
