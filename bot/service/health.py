"""Operations (issue 16 item 6): the bot's liveness, as one log line a minute and ``/healthz``.

Discord-free: the client feeds it after every clock pass (``TavolaBot.clock_loop``) and the
health endpoint (``bot.app.healthz``) reads it. Log lines are plain text, or one JSON object per
line with ``LOG_FORMAT=json`` (``JsonFormatter``), each field of the liveness line a key.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

# A process whose last clock pass is older than this is not alive (passes run every minute).
STALE_SECONDS = 180.0


@dataclass(frozen=True)
class Liveness:
    """What one pass saw: open games, moves made here lately, work waiting."""

    at: float  # wall-clock time of the pass
    games_open: int  # running games on the database (every process's)
    moves_per_min: float  # moves this process applied, per minute since the last line
    queue_depth: int  # worker-pool calls waiting or running (board images, computer moves)
    notices_pending: int  # outbox notices this pass took and did not post (retried later)
    posted: int  # messages this pass posted
    shards: str  # this process's gateway shards, e.g. "0,1/4"; "-" unsharded

    def fields(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k != "at"}

    def line(self) -> str:
        return "alive " + " ".join(f"{k}={v}" for k, v in self.fields().items())


class Health:
    """The latest liveness of this process, and the move rate between two passes."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self.latest: Liveness | None = None
        self._moves_at: tuple[float, int] | None = None

    def moves_per_min(self, moves_made: int) -> float:
        """Moves per minute since the last call, from the running count ``moves_made``."""
        now = self._clock()
        last = self._moves_at
        self._moves_at = (now, moves_made)
        if last is None or now <= last[0]:
            return 0.0
        return round((moves_made - last[1]) * 60.0 / (now - last[0]), 2)

    def record(self, **values: Any) -> Liveness:
        self.latest = Liveness(at=self._clock(), **values)
        return self.latest

    def alive(self) -> bool:
        """A pass ran lately (a stuck event loop or a dead clock task stops them)."""
        return self.latest is not None and self._clock() - self.latest.at <= STALE_SECONDS


_RECORD_KEYS = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per log line: time, level, logger, message, any ``extra`` fields, and the
    traceback as one string (log collectors split on lines)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update({k: v for k, v in vars(record).items() if k not in _RECORD_KEYS})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


__all__ = ["STALE_SECONDS", "Health", "JsonFormatter", "Liveness"]
