"""Move clocks: when a waiting player is pinged and when the computer takes over (issue 11).

Policy (README, "Clocks and pings"), for a game whose clock gives each decision ``hours``:

- **start**: the turn message itself pings the player when the decision becomes theirs, unless
  it came to them from someone else's move during their quiet hours; then a ping is sent when
  their quiet hours end.
- **half**: a ping when half the clock has gone.
- **last**: a last call ``min(4 h, clock / 8)`` before the clock runs out.
- **takeover**: when the clock runs out the computer plays the seat until its owner acts again.

No ping is sent during the player's quiet hours: one that falls inside them waits until they end,
except the last call, which is sent earlier instead (just before the quiet hours begin) when
waiting would bring it after the clock runs out. When two pings would come at the same moment
(or out of order after those shifts) only the later kind is sent. The takeover itself is not
shifted: a clock runs out on time. ``hours`` 0 means no clock: only the turn message pings.

Everything here is a pure function of times, so the policy is tested without a bot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.store import PlayerSettings
from bot.service.words import N_

HOUR = 3600.0
DEFAULT_CLOCK_HOURS = 48.0  # hours per decision when /game new names no clock (CLOCK_HOURS)
LAST_CALL_LEAD = 4 * HOUR  # the last call comes this long before the clock runs out ...
LAST_CALL_SHARE = 1 / 8  # ... or this share of the clock, when that is shorter
PING_KINDS = ("start", "half", "last")
CLOCK_MAX_HOURS = 24 * 30  # a month per decision; longer is a typo


@dataclass(frozen=True)
class Quiet:
    """A player's quiet hours: ``start`` to ``end`` (minutes after local midnight) in ``tz``.

    ``start > end`` wraps midnight (22:00-08:00); ``start == end`` is never quiet."""

    start: int
    end: int
    tz: str

    def _zone(self) -> ZoneInfo:
        return ZoneInfo(self.tz)

    def _minute(self, when: datetime) -> int:
        return when.hour * 60 + when.minute

    def contains(self, at: float) -> bool:
        minute = self._minute(datetime.fromtimestamp(at, self._zone()))
        if self.start <= self.end:
            return self.start <= minute < self.end
        return minute >= self.start or minute < self.end

    def _local(self, day: datetime, minute: int) -> float:
        moment = datetime.combine(day.date(), time(minute // 60, minute % 60), tzinfo=self._zone())
        return moment.timestamp()

    def ends_after(self, at: float) -> float:
        """When the quiet period holding ``at`` ends (``at`` itself when it is not quiet)."""
        if not self.contains(at):
            return at
        local = datetime.fromtimestamp(at, self._zone())
        for days in (0, 1):
            end = self._local(local + timedelta(days=days), self.end)
            if end > at:
                return end
        return at  # unreachable for a valid zone; a safe answer anyway

    def began_before(self, at: float) -> float:
        """When the quiet period holding ``at`` began (``at`` itself when it is not quiet)."""
        if not self.contains(at):
            return at
        local = datetime.fromtimestamp(at, self._zone())
        for days in (0, -1):
            start = self._local(local + timedelta(days=days), self.start)
            if start <= at:
                return start
        return at

    def text(self) -> str:
        return f"{_clock_text(self.start)}-{_clock_text(self.end)} ({self.tz})"


def _clock_text(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


QUIET_FORMAT = re.compile(r"([0-9]{1,2})(?::([0-9]{2}))?-([0-9]{1,2})(?::([0-9]{2}))?")  # ASCII digits only


class SettingError(ValueError):
    """A player's setting that cannot be used; the message says why, in their words."""


def parse_quiet(text: str) -> tuple[int, int]:
    """``22-08`` or ``22:30-07:15`` as (start, end) minutes; raises ``SettingError``."""
    found = QUIET_FORMAT.fullmatch(text.strip())
    if found is None:
        raise SettingError(
            N_("Quiet hours are written like 22-08 or 22:30-07:15, not '{text}'.", text=text.strip())
        )
    h1, m1, h2, m2 = (int(g or 0) for g in found.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        raise SettingError(
            N_("'{text}' is not a time range of a day (hours 0-23, minutes 0-59).", text=text.strip())
        )
    start, end = h1 * 60 + m1, h2 * 60 + m2
    if start == end:
        raise SettingError(N_("Quiet hours must start and end at different times."))
    return start, end


def check_zone(name: str) -> str:
    """An IANA time zone name that exists (``Europe/Rome``); raises ``SettingError``."""
    cleaned = name.strip()
    if not cleaned.isascii() or not cleaned or ".." in cleaned or cleaned.startswith("/"):
        raise SettingError(
            N_("'{name}' is not a time zone; use a name like Europe/Rome or America/New_York.", name=name)
        )
    try:
        ZoneInfo(cleaned)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise SettingError(
            N_(
                "'{cleaned}' is not a time zone I know; use a name like Europe/Rome or America/New_York.",
                cleaned=cleaned,
            )
        ) from exc
    return cleaned


def last_call_lead(hours: float) -> float:
    return min(LAST_CALL_LEAD, hours * HOUR * LAST_CALL_SHARE)


def deadline(since: float, hours: float) -> float | None:
    """When the clock of a decision begun at ``since`` runs out (None: no clock)."""
    return since + hours * HOUR if hours > 0 else None


def schedule(since: float, hours: float, quiet: Quiet | None, *, mentioned: bool) -> dict[str, float]:
    """When each ping of a decision begun at ``since`` is due: kind -> time (kinds not sent are
    absent). ``mentioned``: the turn message already pinged the player (no start ping)."""
    due: dict[str, float] = {}
    if not mentioned:
        due["start"] = quiet.ends_after(since) if quiet else since
    end = deadline(since, hours)
    if end is not None:
        half = since + hours * HOUR / 2
        due["half"] = quiet.ends_after(half) if quiet else half
        last = end - last_call_lead(hours)
        if quiet is not None and quiet.contains(last):
            later = quiet.ends_after(last)
            last = later if later < end else quiet.began_before(last)
        if last > since:
            due["last"] = last
        for kind in ("start", "half"):
            if kind in due and due[kind] >= end:
                del due[kind]  # would only come after the clock ran out
    # Keep the order start < half < last: an earlier kind due no sooner than a later one is
    # dropped (the later ping says everything the earlier would).
    kept: dict[str, float] = {}
    latest = float("inf")
    for kind in reversed(PING_KINDS):
        if kind in due and due[kind] < latest:
            kept[kind] = due[kind]
            latest = due[kind]
    return {k: kept[k] for k in PING_KINDS if k in kept}


def due_now(since: float, hours: float, quiet: Quiet | None, *, mentioned: bool, now: float) -> list[str]:
    """The ping kinds of a decision that are due at ``now``, in order."""
    return [k for k, at in schedule(since, hours, quiet, mentioned=mentioned).items() if at <= now]


def timed_out(since: float, hours: float, now: float) -> bool:
    end = deadline(since, hours)
    return end is not None and now >= end


def quiet_of(settings: PlayerSettings | None) -> Quiet | None:
    """A player's quiet hours from their settings (UTC when they never named a zone)."""
    if settings is None or settings.quiet is None:
        return None
    return Quiet(settings.quiet[0], settings.quiet[1], settings.tz or "UTC")


def dm_due(since: float, quiet: Quiet | None) -> float:
    """When the opt-in direct message of a turn is sent: at once, or when quiet hours end."""
    return quiet.ends_after(since) if quiet else since


def hours_text(hours: float) -> str:
    """``48 hours``, ``an hour``, ``30 minutes``, ``3 days``: a clock length in words."""
    if hours <= 0:
        return "no clock"
    if hours < 1:
        return f"{round(hours * 60)} minutes"
    if hours == 1:
        return "an hour"
    if hours >= 72 and hours % 24 == 0:
        return f"{hours / 24:g} days"
    return f"{hours:g} hours"
