"""The Discord client: command tree, persistent components, command sync, the clock task (pings)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import socket
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.app import commands
from bot.app.ack import acknowledge
from bot.app.components import (
    ACTION_ID,
    BUTTON_ID,
    SELECT_ID,
    WALK_ID,
    WALK_SELECT_ID,
    ActionButton,
    GameButton,
    GameSelect,
    WalkButton,
    WalkSelect,
)
from bot.app.guard import answer_error, say
from bot.app.history import LOOK_ID, LookBackButton
from bot.app.posting import forget_images, post_delivery, post_report
from bot.app.translator import CatalogueTranslator
from bot.service import workers
from bot.service.computers import Computers, Report
from bot.service.health import Health, Liveness
from bot.service.pings import Delivery, Pings
from bot.service.store import Notice
from bot.service.table import Tables
from i18n import translate
from rules import compiled

log = logging.getLogger("tavola")
Posted = TypeVar("Posted", Delivery, Report)  # a message made from leased notices
CLOCK_CHECK_SECONDS = 60.0  # how often the real bot looks for what fell due (pings, takeovers)


class TavolaTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        # Every slash command is acknowledged on arrival, before its options are read or any
        # storage or engine work (issue 8 item 4; autocomplete is answered at once, never deferred).
        acknowledge(interaction)
        return True

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
        **client_options: Any,
    ) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True),
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,  # shard_count, shard_ids (ShardedTavolaBot)
        )
        self.tables = tables
        forget_images()
        self.tree = TavolaTree(self)
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.force_sync = force_sync  # sync even if the tree matches the last recorded sync
        # The leases' holder (outbox notices, games the computer plays): this host and its shards
        # (the processes of one bot differ; a restarted process takes its own leases back).
        holder = f"{socket.gethostname()}:{self.shards_text()}"
        self.pings = Pings(tables, holder=holder)
        self.computers = computers or Computers(tables, holder=holder)
        # 0 = no background task: the owner (the sandbox, a test) calls run_due itself.
        self.clock_check_seconds = clock_check_seconds
        self._clock_task: asyncio.Task[None] | None = None
        self._due_lock = asyncio.Lock()  # one pass at a time: a kick during a pass waits for it
        self._kicks: set[asyncio.Task[int]] = set()  # kicked passes (kept referenced until done)
        self.health = Health()
        self._unposted = 0  # notices the last pass could not post (retried at the next)

    async def setup_hook(self) -> None:
        commands.build(self.tree, self.tables)
        await self.tree.set_translator(CatalogueTranslator())
        # Persistent components: any old message's buttons keep working after a restart.
        self.add_dynamic_items(GameButton, GameSelect, ActionButton, WalkButton, WalkSelect, LookBackButton)
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
        moves (in the games this process leased), the clock's pings are claimed, then every
        unsent notice no other process holds is posted (new ones and any left over from before a
        crash). A pass of computer moves is bounded in time (``Computers.more``): when moves are
        left, another pass is kicked once this one posted. Returns how many messages were posted."""
        async with self._due_lock:
            await self.computers.run()
            await self.pings.claim_due()
            taken = await self.pings.take()  # leased to this process: no other posts them
            posted, unposted = await self._post_deliveries(taken)
            reported, unreported = await self._post_reports(taken)
            self._unposted = unposted + unreported
        if self.computers.more:  # a long computer game: its next moves after what was due
            self.kick()
        return posted + reported

    async def _post_deliveries(self, taken: Sequence[Notice]) -> tuple[int, int]:
        """Post the pings and turn DMs among the notices taken; (messages posted, notices not)."""
        deliveries = await self.pings.deliveries(taken)
        return await self._post_each(
            deliveries, lambda d: post_delivery(self, d, self.tables.clock()), "notice"
        )

    async def _post_reports(self, taken: Sequence[Notice]) -> tuple[int, int]:
        """Post what the computer did in each game (takeovers, moves) since its last report, from
        the notices taken; (messages posted, notices not)."""
        reports = await self.computers.reports(taken)
        return await self._post_each(reports, lambda r: post_report(self, r), "computer report")

    async def _post_each(
        self, messages: Sequence[Posted], post: Callable[[Posted], Awaitable[bool]], what: str
    ) -> tuple[int, int]:
        """Post each message; its notices are marked sent only once it is posted (or settled), and
        given back when it could not be posted now (any process retries them); (messages posted,
        notices not)."""
        posted = unposted = 0
        for message in messages:
            try:
                if not await post(message):
                    await self.pings.undelivered_keys(message.game_id, message.keys)
                    unposted += len(message.keys)
                    continue
            except Exception:  # one message's failure must not hold back the others'
                log.exception("%s of game %s failed; retried later", what, message.game_id)
                unposted += len(message.keys)
                continue
            await self.pings.delivered_keys(message.game_id, message.keys)
            posted += message.turn is not None
        return posted, unposted

    def kick(self) -> None:
        """Run what fell due soon, without waiting for the next check (after a move: a turn DM)."""
        task = asyncio.create_task(self._kicked(), name="tavola-due")
        self._kicks.add(task)
        task.add_done_callback(self._kicks.discard)

    async def _kicked(self) -> int:
        try:
            return await self.run_due()
        except Exception:
            log.exception("running what fell due failed")
            return 0

    async def clock_loop(self) -> None:
        """The real bot's background task: look for what fell due every minute, then say it is
        alive (one structured log line a minute)."""
        await self.wait_until_ready()
        while not self.is_closed():
            posted = await self._kicked()  # a bad game or a Discord hiccup must not end the loop
            self.report_alive(posted)
            await asyncio.sleep(self.clock_check_seconds)

    def report_alive(self, posted: int) -> Liveness:
        """The liveness line of the pass just run (``bot.service.health``)."""
        alive = self.health.record(
            games_open=self.pings.games_open,
            moves_per_min=self.health.moves_per_min(self.tables.moves_made),
            queue_depth=workers.POOL.pending,
            notices_pending=self._unposted,
            posted=posted,
            shards=self.shards_text(),
        )
        log.info(alive.line(), extra=alive.fields())
        return alive

    def shards_text(self) -> str:
        """This process's shards, "0,1/4"; "-" when the bot is not sharded."""
        ids = getattr(self, "shard_ids", None) or ([] if self.shard_id is None else [self.shard_id])
        if self.shard_count is None or not ids:
            return "-"
        return f"{','.join(map(str, ids))}/{self.shard_count}"

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
        if any(
            p.fullmatch(custom_id)
            for p in (BUTTON_ID, SELECT_ID, ACTION_ID, WALK_ID, WALK_SELECT_ID, LOOK_ID)
        ):
            return
        text = "That button is not one of mine, or it is too old to use. Try `/game status`."
        await say(interaction, translate(text, str(interaction.locale)))

    async def on_ready(self) -> None:
        log.info("ready as %s; engines: %s", self.user, compiled.STATUS)


class ShardedTavolaBot(TavolaBot, discord.AutoShardedClient):
    """The same bot over several gateway shards in one process (discord.py's own sharding)."""


def new_bot(
    tables: Tables,
    *,
    shard_count: int | None = None,
    shard_ids: Sequence[int] | None = None,
    sync_commands: bool = True,
    **options: Any,
) -> TavolaBot:
    """One unsharded client, or (``shard_count`` set) the shards ``shard_ids`` of it (None: all).

    Commands are global, so only the process running shard 0 syncs them; every process runs the
    clock's passes (the outbox leases make each message posted once)."""
    if shard_count is None:
        return TavolaBot(tables, sync_commands=sync_commands, **options)
    ids = None if shard_ids is None else list(shard_ids)
    return ShardedTavolaBot(
        tables,
        sync_commands=sync_commands and (ids is None or 0 in ids),
        shard_count=shard_count,
        shard_ids=ids,
        **options,
    )
