"""The Discord client: command tree, persistent components, command sync, the clock task (pings)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.app import commands
from bot.app.components import ACTION_ID, BUTTON_ID, SELECT_ID, ActionButton, GameButton, GameSelect
from bot.app.guard import answer_error, say
from bot.app.posting import post_delivery, post_report
from bot.app.translator import CatalogueTranslator
from bot.service.computers import Computers
from bot.service.pings import Pings
from bot.service.table import Tables

log = logging.getLogger("tavola")
CLOCK_CHECK_SECONDS = 60.0  # how often the real bot looks for what fell due (pings, takeovers)


class TavolaTree(app_commands.CommandTree[Any]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        # Every slash command's refusal or failure, answered as components' are (bot.app.guard).
        await answer_error(interaction, getattr(error, "original", error))


class TavolaBot(discord.Client):
    """No privileged intents: everything arrives as interactions."""

    def __init__(
        self,
        tables: Tables,
        *,
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        force_sync: bool = False,
        clock_check_seconds: float = CLOCK_CHECK_SECONDS,
        computers: Computers | None = None,
    ) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True), allowed_mentions=discord.AllowedMentions.none()
        )
        self.tables = tables
        self.tree = TavolaTree(self)
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.force_sync = force_sync  # sync even if the tree matches the last recorded sync
        self.pings = Pings(tables)
        self.computers = computers or Computers(tables)
        # 0 = no background task: the owner (the sandbox, a test) calls run_due itself.
        self.clock_check_seconds = clock_check_seconds
        self._clock_task: asyncio.Task[None] | None = None
        self._due_lock = asyncio.Lock()  # one pass at a time: a kick during a pass waits for it
        self._kicks: set[asyncio.Task[None]] = set()  # kicked passes (kept referenced until done)

    async def setup_hook(self) -> None:
        commands.build(self.tree, self.tables)
        await self.tree.set_translator(CatalogueTranslator())
        # Persistent components: any old message's buttons keep working after a restart.
        self.add_dynamic_items(GameButton, GameSelect, ActionButton)
        if self.clock_check_seconds > 0:
            self._clock_task = asyncio.create_task(self.clock_loop(), name="tavola-clock")
        if not self.sync_commands:
            return
        guild = None if self.dev_guild_id is None else discord.Object(id=self.dev_guild_id)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        await self.sync_if_changed(guild)

    async def sync_if_changed(self, guild: discord.abc.Snowflake | None) -> bool:
        """Sync the command tree only when it differs from the last one synced for this
        application and scope (Discord rate-limits syncing; restarts are frequent). The hash is
        kept in the database and written only after Discord accepted the sync."""
        payload = await self.command_payload(guild)
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        scope = "global" if guild is None else f"guild:{guild.id}"
        key = f"command_sync:{self.application_id}:{scope}"
        store = self.tables.store
        if not self.force_sync and await store.get_value(key) == digest:
            log.info("commands unchanged since the last sync (%s): not syncing", scope)
            return False
        await self.tree.sync(guild=guild)
        await store.set_value(key, digest)
        log.info("commands synced (%s)", scope)
        return True

    async def command_payload(self, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
        """The commands as a sync sends them, with their translations (so a changed catalogue
        syncs again)."""
        translator = self.tree.translator
        found = self.tree.get_commands(guild=guild)
        if translator is None:
            return [command.to_dict(self.tree) for command in found]
        return [await command.get_translated_payload(self.tree, translator) for command in found]

    async def run_due(self) -> int:
        """Everything that fell due: the computer takes over timed-out seats and plays its
        moves, the clock's pings are claimed, then every unsent notice is posted (new ones and
        any left over from before a crash). Returns how many messages were posted."""
        async with self._due_lock:
            await self.computers.run()
            await self.pings.claim_due()
            posted = 0
            for delivery in await self.pings.deliveries():
                try:
                    if not await post_delivery(self, delivery, self.tables.clock()):
                        continue
                except Exception:  # one message's failure must not hold back the others'
                    log.exception("notice of game %s failed; retried later", delivery.game_id)
                    continue
                await self.pings.delivered(delivery)  # marked sent only once posted (or settled)
                posted += delivery.turn is not None
            posted += await self._post_reports()
            return posted

    async def _post_reports(self) -> int:
        """Post what the computer did in each game (takeovers, moves) since its last report."""
        posted = 0
        for report in await self.computers.reports(await self.tables.store.unsent_notices()):
            try:
                if not await post_report(self, report):
                    continue
            except Exception:  # one game's failure must not hold back the others'
                log.exception("computer report of game %s failed; retried later", report.game_id)
                continue
            await self.pings.delivered_keys(report.game_id, report.keys)
            posted += report.turn is not None
        return posted

    def kick(self) -> None:
        """Run what fell due soon, without waiting for the next check (after a move: a turn DM)."""
        task = asyncio.create_task(self._kicked(), name="tavola-due")
        self._kicks.add(task)
        task.add_done_callback(self._kicks.discard)

    async def _kicked(self) -> None:
        try:
            await self.run_due()
        except Exception:
            log.exception("running what fell due failed")

    async def clock_loop(self) -> None:
        """The real bot's background task: look for what fell due every minute."""
        await self.wait_until_ready()
        while not self.is_closed():
            await self._kicked()  # a bad game or a Discord hiccup must not end the loop
            await asyncio.sleep(self.clock_check_seconds)

    async def close(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
        await super().close()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        # A component none of our handlers claims (an old id format, a forged id) would otherwise
        # leave the user with "This interaction failed": answer it in words.
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if any(p.fullmatch(custom_id) for p in (BUTTON_ID, SELECT_ID, ACTION_ID)):
            return
        await say(interaction, "That button is not one of mine, or it is too old to use. Try `/game status`.")

    async def on_ready(self) -> None:
        log.info("ready as %s", self.user)
