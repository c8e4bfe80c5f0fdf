"""The time the table service and storage read: real time plus an offset tests and the sandbox
move on (``@clock +13h``), so move clocks are tested without sleeping."""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    """Seconds since the epoch, from ``base`` (``time.time``) plus what ``advance`` added."""

    def __init__(self, base: Callable[[], float] = time.time) -> None:
        self._base = base
        self.offset = 0.0

    def __call__(self) -> float:
        return self._base() + self.offset

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self.offset += seconds
