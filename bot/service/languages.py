"""Which language a post is written in (issue 15).

Private replies (ephemeral answers, DMs to one player) read in their reader's Discord client
language (``interaction.locale``). Public posts (boards, pings, lobby cards, the computer's
reports) read in the server's language: the one chosen with ``/game settings language:`` (someone
with Manage Server; table ``server_settings``, migration 9), else the server's preferred locale as
Discord reports it. The choice is kept in memory after the first read (``CACHE_SECONDS``), so a
move costs no extra statement.
"""

from __future__ import annotations

import time

import i18n
from bot.service.store import Store

# Provisional: how long a server's choice is kept before it is read again. Only the clock pass of
# another bot process (shards) reads a server's posts from elsewhere; a minute is soon enough.
CACHE_SECONDS = 60.0
# What `/game settings language:` offers: "server" (back to the server's preferred locale) or a
# catalogue language (each has its own name in the catalogue, context "language").
DEFAULT_CHOICE = "server"
LANGUAGE_NAMES = {"en": "English", "it": "Italian"}  # catalogued with context "language"


class ServerLanguages:
    """Each server's chosen language (or None: its preferred locale), cached per process."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._known: dict[int, tuple[str | None, float]] = {}

    async def chosen(self, guild_id: int) -> str | None:
        hit = self._known.get(guild_id)
        now = time.monotonic()
        if hit is not None and now - hit[1] < CACHE_SECONDS:
            return hit[0]
        value = await self.store.server_language(guild_id)
        self._known[guild_id] = (value, now)
        return value

    async def choose(self, guild_id: int, language: str | None) -> None:
        """Keep ``language`` (a catalogue language; None: the server's preferred locale)."""
        if language is not None and language not in i18n.available():
            raise ValueError(f"unknown language {language!r}")
        await self.store.save_server_language(guild_id, language)
        self._known[guild_id] = (language, time.monotonic())

    async def of(self, guild_id: int | None, preferred: str | None) -> str:
        """The language of the server's public posts: its choice, else ``preferred`` (the
        server's preferred locale, from Discord), else English."""
        chosen = await self.chosen(guild_id) if guild_id else None
        return chosen or i18n.language(preferred)
