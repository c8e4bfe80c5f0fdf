"""The sandbox's driver: a real ``TavolaBot`` on the fake server, fed one script line at a time.

The recipe of design.md, "The sandbox": REST calls go through ``bot.http.request``, replaced by
``FakeDiscord.rest``; interaction responses and follow-ups go through the webhook adapter, set by
``async_context`` to ``RecordingAdapter``; ``bot.login`` runs the real ``setup_hook``; raw gateway
payloads (READY, GUILD_CREATE, INTERACTION_CREATE) are fed to ``bot._connection.parsers``. Nothing
opens a socket. discord.py is pinned because these are private entry points.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from discord.webhook.async_ import async_context

from bot.app.client import TavolaBot
from bot.sandbox import gateway
from bot.sandbox.faults import read_fault
from bot.sandbox.gateway import FakeUser, Roster, channel_payload, interaction_payload
from bot.sandbox.report import Emit, Reporter
from bot.sandbox.rest import FakeDiscord, RecordingAdapter, Wire
from bot.sandbox.script import Line, SandboxInputError, command_data, duration, read_line
from bot.service.table import Tables

SETTLE_LIMIT = 60.0  # seconds one input may keep the bot busy before the sandbox reports it


class Sandbox:
    """One fake server with one channel, driving a real ``TavolaBot``."""

    def __init__(
        self,
        tables: Tables,
        emit: Emit,
        out_dir: Path | None = None,
        *,
        wire: Wire | None = None,
    ) -> None:
        self.tables = tables
        # No background clock task: time moves only on "@clock" lines, which then run what fell
        # due exactly as the real bot's task does every minute.
        self.bot = TavolaBot(tables, clock_check_seconds=0)
        self.members = Roster()
        self.app_permissions = gateway.APP_PERMISSIONS  # what the bot may do (``@bot`` lines)
        self.reporter = Reporter(
            emit, out_dir, lambda channel_id: self.server.channel_name(channel_id), self.members
        )
        self.server = FakeDiscord(self.reporter, self._thread_created, wire)
        self.server.on_thread_update = self._thread_updated
        self._baseline: set[asyncio.Task[Any]] = set()

    @property
    def commands(self) -> dict[str, dict[str, Any]]:
        """The commands the fake Discord holds (from the last sync)."""
        return self.server.commands

    @property
    def rest_calls(self) -> list[tuple[str, str]]:
        return self.server.rest_calls

    def _thread_created(self, thread: dict[str, Any]) -> None:
        self.bot._connection.parsers["THREAD_CREATE"]({**thread, "newly_created": True})

    def _thread_updated(self, thread: dict[str, Any]) -> None:
        self.bot._connection.parsers["THREAD_UPDATE"](dict(thread))

    # ----------------------------------------------------------------------------------------
    # life cycle
    # ----------------------------------------------------------------------------------------

    async def start(self) -> None:
        self.bot.http.request = self.server.rest  # type: ignore[method-assign,assignment]
        async_context.set(RecordingAdapter(self.server))
        await self.bot.login("sandbox-token")  # runs setup_hook: commands built and "synced"
        if not self.server.commands:
            # The bot skipped syncing: its tree is the one synced by an earlier run on this
            # database, which real Discord would still hold. This fake Discord forgets between
            # runs, so it takes the commands from the tree, as that sync registered them.
            for command in self.bot.tree.get_commands():
                self.server.register_command(command.to_dict(self.bot.tree))
        state = self.bot._connection
        state.guild_ready_timeout = 0.01  # one guild, sent at once: no need to wait for more
        state.parsers["READY"](gateway.ready_payload())
        state.parsers["GUILD_CREATE"](gateway.guild_payload())
        await asyncio.wait_for(self.bot.wait_until_ready(), timeout=5)
        await self.settle()
        self._baseline = set(asyncio.all_tasks())

    async def close(self) -> None:
        await self.settle()
        await self.bot.close()

    async def settle(self) -> None:
        """Wait until every task the last input started has finished (view timers excepted)."""
        me = asyncio.current_task()

        def busy() -> list[asyncio.Task[Any]]:
            return [
                t
                for t in asyncio.all_tasks()
                if t is not me and t not in self._baseline and not t.done() and not _is_timer(t)
            ]

        quiet = 0
        deadline = asyncio.get_running_loop().time() + SETTLE_LIMIT
        while quiet < 3:  # a finished task may schedule another on its way out: look twice more
            await asyncio.sleep(0)
            pending = busy()
            if not pending:
                quiet += 1
                continue
            quiet = 0
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                self.reporter.error(
                    self.reporter.current_user, f"sandbox: the bot was still busy after {SETTLE_LIMIT:.0f} s"
                )
                return
            await asyncio.wait(pending, timeout=left)

    async def run_together(self, lines: list[str]) -> None:
        """Deliver several actions at once, before the bot answers any (for race tests)."""
        payloads = []
        for text in lines:
            line = read_line(text)
            assert line is not None, f"not an action: {text!r}"
            user = self.members.get(line.who)
            assert user is not None, f"unknown user in {text!r}"
            payloads.append(self.interaction_for(user, line))
        for payload in payloads:
            self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle()

    # ----------------------------------------------------------------------------------------
    # script lines
    # ----------------------------------------------------------------------------------------

    async def run_line(self, text: str) -> None:
        """Answer one script line; every response is emitted before this returns."""
        try:
            line = read_line(text)
        except SandboxInputError as exc:
            self.reporter.error("system", str(exc))
            return
        if line is None:
            return
        if line.who.startswith("@"):
            await self.directive(line.who, line.words)
            return
        user = self.members.get(line.who)
        if user is None:
            self.reporter.error(
                line.who.lower(), f"unknown user '{line.who}'; users are {self.members.names()}"
            )
            return
        self.reporter.current_user = user.name
        try:
            payload = self.interaction_for(user, line)
        except SandboxInputError as exc:
            self.reporter.error(user.name, str(exc))
            return
        self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle()

    async def directive(self, name: str, words: list[str]) -> None:
        """``@clock``, ``@fail``, ``@member``, ``@locale``, ``@server-locale``: the sandbox's own
        script lines."""
        self.reporter.current_user = "system"
        try:
            if name == "@clock":
                await self.advance_clock(words)
            elif name == "@fail":
                self.server.faults.add(read_fault(words))
            elif name == "@archive":
                self.archive(words)
            elif name == "@bot":
                self.app_permissions = gateway.changed_permissions(self.app_permissions, words)
            elif name == "@server-locale":
                if len(words) != 1:
                    raise SandboxInputError("@server-locale needs a Discord locale, e.g. @server-locale it")
                locale = self.members.set_server_locale(words[0])
                self.bot._connection.parsers["GUILD_UPDATE"](gateway.guild_payload(locale))
            elif name in ("@member", "@locale"):
                if len(words) != 2:
                    example = '@member mallory "Mal <3"' if name == "@member" else "@locale alice it"
                    raise SandboxInputError(f"{name} needs a user name and a value, e.g. {example}")
                if name == "@member":
                    self.members.member(*words)
                else:
                    self.members.locale(*words)
            else:
                raise SandboxInputError(
                    f"unknown line '{name}'; sandbox lines are "
                    "@clock, @fail, @member, @locale, @server-locale, @archive, @bot"
                )
        except (SandboxInputError, ValueError) as exc:
            self.reporter.error("system", str(exc))

    def archive(self, words: list[str]) -> None:
        """``@archive #name [quietly]``: Discord archives the thread after days of silence and
        tells the bot (a THREAD_UPDATE), or, ``quietly``, the bot does not know (after a restart
        its cache holds only active threads)."""
        if not words or not words[0].startswith("#") or words[1:] not in ([], ["quietly"]):
            raise SandboxInputError("@archive needs a thread, e.g. @archive #<game>-1 (or ... quietly)")
        thread = self.server.archive(words[0][1:])
        if not words[1:]:
            self._thread_updated(thread)

    async def advance_clock(self, words: list[str]) -> None:
        """``@clock +13h``: move the bot's clock on, then run everything that fell due (pings)."""
        seconds = duration(" ".join(words))
        if seconds is None:
            self.reporter.error(
                "system", "@clock needs a duration to move on by, e.g. @clock +13h, +30m, +2d, +1d12h"
            )
            return
        self.tables.clock.advance(seconds)
        sent = await self.bot.run_due()
        await self.settle()
        hours = self.tables.clock.offset / 3600
        self.reporter.record(
            "clock",
            f"The clock is now {hours:g} h ahead; {sent} ping(s) sent.",
            user="system",
            ephemeral=False,
        )

    def channel_of(self, name: str | None) -> dict[str, Any]:
        """The channel a ``#name`` before the action picks (the main one without it)."""
        if name is None or name in ("", "tavola"):
            return channel_payload()
        if name not in self.server.threads:
            known = ", ".join(["#tavola", *("#" + t for t in self.server.threads)])
            raise SandboxInputError(f"no channel #{name}; channels: {known}")
        return self.server.threads[name]

    def interaction_for(self, user: FakeUser, line: Line) -> dict[str, Any]:
        channel = self.channel_of(line.channel)
        words = line.words
        if not words:
            raise SandboxInputError("expected a /command, '? /command option:partial' or 'click <custom_id>'")
        if words[0] == "click":  # a click happens where its message is
            if len(words) < 2:
                raise SandboxInputError("click needs a custom_id")
            payload = self.click_payload(user, words[1], words[2:])
        else:
            autocomplete = words[0] == "?"
            data = command_data(
                self.server.commands, words[1:] if autocomplete else words, autocomplete=autocomplete
            )
            payload = interaction_payload(
                user,
                4 if autocomplete else 2,
                self.server.next_id(),
                self.app_permissions,
                self.members.server_locale,
            )
            self.resolve_members(data)
            payload["data"] = data
            payload["channel_id"] = channel["id"]
            payload["channel"] = channel
        self.server.token_channel[payload["token"]] = int(payload["channel_id"])
        return payload

    def resolve_members(self, data: dict[str, Any]) -> None:
        """Member options (type 6) are typed as a name: sent as the id, with the member in
        ``resolved``, as the Discord client sends a picked member."""
        users: dict[str, Any] = {}
        members: dict[str, Any] = {}
        stack = [data]
        while stack:
            node = stack.pop()
            for option in node.get("options", []):
                stack.append(option)
                if option.get("type") != 6 or "value" not in option:
                    continue
                found = self.members.get(str(option["value"]))
                if found is None:
                    raise SandboxInputError(
                        f"unknown member '{option['value']}'; members are {self.members.names()}"
                    )
                option["value"] = str(found.id)
                users[str(found.id)] = gateway.user_payload(found)
                members[str(found.id)] = {
                    "roles": [],
                    "joined_at": gateway.now_iso(),
                    "flags": 0,
                    "nick": None,
                }
        if users:
            data["resolved"] = {"users": users, "members": members}

    def click_payload(self, user: FakeUser, custom_id: str, values: list[str]) -> dict[str, Any]:
        message, component = self.server.find_component(custom_id)
        payload = interaction_payload(
            user, 3, self.server.next_id(), self.app_permissions, self.members.server_locale
        )
        kind = component.get("type", 2)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == 3:
            if not values:
                options = ", ".join(o["value"] for o in component.get("options", []))
                raise SandboxInputError(f"{custom_id} is a select: name a value ({options})")
            data["values"] = values
        payload["data"] = data
        payload["message"] = message
        payload["channel_id"] = message["channel_id"]
        payload["channel"] = self.server.channel_by_id(int(message["channel_id"]))
        self.server.clicked[payload["token"]] = int(message["id"])
        return payload


def _is_timer(task: asyncio.Task[Any]) -> bool:
    """View timeout timers sleep for minutes; they are not work the last input started."""
    coro = task.get_coro()
    name = getattr(coro, "__qualname__", "")
    return "timeout_task_impl" in name


LineReader = Callable[[], Awaitable[str | None]]
