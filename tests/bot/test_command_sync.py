"""Command sync only when the command tree changed (Discord rate-limits syncs; restarts are
frequent): the hash of the synced payload is kept in the database, per application and scope.
Checked through the sandbox's record of REST calls, on both stores (the ``db`` fixture)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest

from bot.sandbox import GUILD_ID, Sandbox
from bot.service.store import open_store
from bot.service.table import Tables
from tests.bot.harness import Harness
from tests.bot.toy import Tally

GLOBAL_SYNC = ("PUT", "/applications/{application_id}/commands")
GUILD_SYNC = ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")


class Brief(Tally):
    name = "brief"
    title = "Brief"


def syncs(h: Harness) -> list[tuple[str, str]]:
    return [c for c in h.sandbox.rest_calls if c[0] == "PUT"]


def test_restart_with_the_same_commands_does_not_sync_again(db: Path | str) -> None:
    """First start syncs; a restart on the same database with the same tree does not, and the
    commands Discord holds from that sync still work."""

    async def go() -> None:
        async with Harness(db) as h:
            assert syncs(h) == [GLOBAL_SYNC]
        async with Harness(db) as h:
            assert syncs(h) == [] and ("GET", "/users/@me") in h.sandbox.rest_calls
            r = await h.one("alice /game new game:tally")
            assert "g:1:join" in str(r["components"])

    asyncio.run(go())


def test_changed_command_tree_is_synced(db: Path | str) -> None:
    """A new game (new choices and options in /game new) changes the tree: synced again, and
    again when going back; each state is synced once."""

    async def go() -> None:
        async with Harness(db) as h:
            assert syncs(h) == [GLOBAL_SYNC]
        async with Harness(db, games=[Tally(), Brief()]) as h:
            assert syncs(h) == [GLOBAL_SYNC]
            r = await h.one("alice /game new game:brief")
            assert not r["ephemeral"]
        async with Harness(db, games=[Tally(), Brief()]) as h:
            assert syncs(h) == []
        async with Harness(db) as h:
            assert syncs(h) == [GLOBAL_SYNC]

    asyncio.run(go())


def test_forced_sync_syncs_an_unchanged_tree(db: Path | str) -> None:
    """`python -m bot run --sync-commands`: the escape hatch when Discord's commands were changed
    behind the bot's back (e.g. deleted in the developer portal)."""

    async def go() -> None:
        async with Harness(db) as h:
            assert syncs(h) == [GLOBAL_SYNC]
        store = await open_store(db)
        box = Sandbox(Tables(store, lambda: [Tally()]), lambda r: None)
        box.bot.force_sync = True
        await box.start()
        assert [c for c in box.rest_calls if c[0] == "PUT"] == [GLOBAL_SYNC]
        await box.close()
        await store.close()

    asyncio.run(go())


def test_development_guild_sync_is_tracked_separately(db: Path | str) -> None:
    """DEV_GUILD_ID: commands synced to that server, remembered apart from the global ones."""

    async def go() -> None:
        for expected in ([GUILD_SYNC], []):
            store = await open_store(db)
            box = Sandbox(Tables(store, lambda: [Tally()]), lambda r: None)
            box.bot.dev_guild_id = GUILD_ID
            await box.start()
            assert [c for c in box.rest_calls if c[0] == "PUT"] == expected
            await box.close()
            await store.close()
        async with Harness(db) as h:
            assert syncs(h) == [GLOBAL_SYNC]

    asyncio.run(go())


def test_failed_sync_is_retried_at_the_next_start(db: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hash is stored only after Discord accepted the sync."""

    async def go() -> None:
        async with Harness(db) as h:
            bot = h.sandbox.bot

            async def refused(*, guild: object = None) -> list[object]:
                raise discord.HTTPException(FakeResponse(), "rate limited")

            await h.store.set_value(f"command_sync:{bot.application_id}:global", "old")
            monkeypatch.setattr(bot.tree, "sync", refused)
            with pytest.raises(discord.HTTPException):
                await bot.sync_if_changed(None)
            assert await h.store.get_value(f"command_sync:{bot.application_id}:global") == "old"
        async with Harness(db) as h:
            assert syncs(h) == [GLOBAL_SYNC]

    asyncio.run(go())


class FakeResponse:
    status = 429
    reason = "Too Many Requests"
