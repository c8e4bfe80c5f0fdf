"""``/game mine`` and ``/game list``: the open games of a server at a glance (issue 11 item 6).

For each game: where it is (a link to its channel or thread), and what it waits for, on whom,
since when; games that wait for the reader come first. Discord-free: the front end only posts
the lines.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.present import CONTENT_LIMIT, clip, when
from bot.service.store import GameRecord
from bot.service.table import TableError, Tables
from bot.service.words import engine_text
from i18n import translate

log = logging.getLogger("tavola")


@dataclass(frozen=True)
class Wait:
    user_id: int
    name: str
    asked: str
    since: float | None
    computer: bool  # the computer decides for this seat now


@dataclass(frozen=True)
class Listing:
    record: GameRecord
    title: str
    waits: tuple[Wait, ...]

    def waits_for(self, user_id: int) -> bool:
        return any(w.user_id == user_id and not w.computer for w in self.waits)


def listing(tables: Tables, record: GameRecord) -> Listing:
    """One game's entry: for a running game, whom it waits for and for what."""
    title = tables.game(record.game).title
    if record.status != "running":
        return Listing(record, title, ())
    try:
        turn = tables.turn_of(record)
    except TableError:  # a game whose state can't be loaded: listed, without its waits
        log.warning("game %s listed without its waits", record.id)
        return Listing(record, title, ())
    since = {w.seat: w.since for w in record.waits}
    waits = tuple(
        Wait(
            s.user_id,
            s.name,
            turn.prompts[s.seat].text if s.seat in turn.prompts else "",
            since.get(s.seat),
            record.seating.playing(s.seat),
        )
        for s in turn.acting
    )
    return Listing(record, title, waits)


async def listings(tables: Tables, guild_id: int, user_id: int | None = None) -> list[Listing]:
    """Open games of the server (only those ``user_id`` plays in, when given), the reader's
    waiting games first, then by how long they have waited."""
    found = [
        listing(tables, r)
        for r in await tables.list_guild(guild_id)
        if user_id is None or r.seat_of(user_id) is not None
    ]

    def order(entry: Listing) -> tuple[bool, float]:
        mine = user_id is not None and entry.waits_for(user_id)
        oldest = min((w.since for w in entry.waits if w.since is not None), default=entry.record.updated_at)
        return (not mine, oldest)

    return sorted(found, key=order)


def line(entry: Listing, viewer: int, lang: str | None = None) -> str:
    """``#12 <title> in <#…> — waits for you (since …): <what it asks>``, in the reader's ``lang``."""
    record = entry.record
    head = translate(
        "**#{id} {title}** in <#{channel}>", lang, id=record.id, title=entry.title, channel=record.channel_id
    )
    if record.status == "lobby":
        seated = ", ".join(s.name for s in record.seats)
        return head + translate(" — lobby, {n} seated: {names}", lang, n=len(record.seats), names=seated)
    parts = [wait_part(w, viewer, lang, record.names) for w in entry.waits]
    players = ", ".join(s.name for s in record.seats)
    if parts:
        return head + translate(
            " — waits for {waits} · players: {players}", lang, waits="; ".join(parts), players=players
        )
    return head + translate(" — running · players: {players}", lang, players=players)


def wait_part(w: Wait, viewer: int, lang: str | None, names: Sequence[str] = ()) -> str:
    """``**you** (since …): what it asks`` for one waiting seat."""
    who = translate("**you**", lang) if w.user_id == viewer and not w.computer else w.name
    if w.computer:
        who += translate(" (computer)", lang)
    asked = engine_text(w.asked, lang, names) if w.asked else translate("their move", lang)
    if w.since is None:
        return f"{who}: {asked}"
    return translate("{who} (since {since}): {asked}", lang, who=who, since=when(w.since), asked=asked)


def lines(entries: Sequence[Listing], viewer: int, empty: str, lang: str | None = None) -> str:
    """The entries in order, as many as fit one message (the rest counted at the end)."""
    if not entries:
        return empty
    shown: list[str] = []
    for i, entry in enumerate(entries):
        text = clip(line(entry, viewer, lang), 400)
        more = translate("… and {n} more.", lang, n=len(entries) - i)
        if sum(len(t) + 1 for t in shown) + len(text) + len(more) + 1 > CONTENT_LIMIT:
            shown.append(more)
            break
        shown.append(text)
    return "\n".join(shown)
