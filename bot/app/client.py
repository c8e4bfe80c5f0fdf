"""The Discord client: command tree, persistent components, command sync, the reminder task."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.app import commands
from bot.app.components import BUTTON_ID, SELECT_ID, GameButton, GameSelect
from bot.app.guard import answer_error, say
from bot.app.posting import post_reminder
from bot.service.table import Tables

log = logging.getLogger("tavola")
REMINDER_CHECK_SECONDS = 300.0  # how often the real bot looks for games due a reminder


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
        reminder_hours: float = 0.0,
        reminder_check_seconds: float = REMINDER_CHECK_SECONDS,
    ) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True), allowed_mentions=discord.AllowedMentions.none()
        )
        self.tables = tables
        self.tree = TavolaTree(self)
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.force_sync = force_sync  # sync even if the tree matches the last recorded sync
        self.reminder_hours = reminder_hours
        # 0 = no background task: the owner (the sandbox, a test) calls send_reminders itself.
        self.reminder_check_seconds = reminder_check_seconds
        self._reminder_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        commands.build(self.tree, self.tables)
        # Persistent components: any old message's buttons keep working after a restart.
        self.add_dynamic_items(GameButton, GameSelect)
        if self.reminder_hours > 0 and self.reminder_check_seconds > 0:
            self._reminder_task = asyncio.create_task(self.reminder_loop(), name="tavola-reminders")
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
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
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

    async def send_reminders(self) -> int:
        """Ping the players of every game that has waited ``reminder_hours``; how many were sent."""
        sent = 0
        for reminder in await self.tables.due_reminders(self.reminder_hours):
            sent += await post_reminder(self, reminder)
        return sent

    async def reminder_loop(self) -> None:
        """The real bot's background task: look for due reminders every few minutes."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.send_reminders()
            except Exception:  # a bad game or a Discord hiccup must not end the loop
                log.exception("sending reminders failed")
            await asyncio.sleep(self.reminder_check_seconds)

    async def close(self) -> None:
        if self._reminder_task is not None:
            self._reminder_task.cancel()
        await super().close()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        # A component none of our handlers claims (an old id format, a forged id) would otherwise
        # leave the user with "This interaction failed": answer it in words.
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if BUTTON_ID.fullmatch(custom_id) or SELECT_ID.fullmatch(custom_id):
            return
        await say(interaction, "That button is not one of mine, or it is too old to use. Try `/game status`.")

    async def on_ready(self) -> None:
        log.info("ready as %s", self.user)
