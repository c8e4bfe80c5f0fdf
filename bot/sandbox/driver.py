"""Discord without Discord: the real bot (command tree, views, storage, rendering) on a fake server.

The recipe of design.md, "The sandbox": REST calls go through ``bot.http.request``, replaced by
``FakeDiscord.rest``; interaction responses and follow-ups go through the webhook adapter, set by
``async_context`` to ``RecordingAdapter``; ``bot.login`` runs the real ``setup_hook``; raw gateway
payloads (READY, GUILD_CREATE, INTERACTION_CREATE) are fed to ``bot._connection.parsers``. Nothing
opens a socket. discord.py is pinned because these are private entry points.

Every response is reported as one JSON object (see ``Sandbox.report`` and the README, "Sandbox").
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import shlex
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.app import TavolaBot
from bot.config import DEFAULT_REMINDER_HOURS
from bot.table import Tables

GUILD_ID = 900_000_000_000_000_001
CHANNEL_ID = 900_000_000_000_000_002
APP_ID = 900_000_000_000_000_003
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 31)  # view, send, attach, use commands
EPHEMERAL = 64
SETTLE_LIMIT = 60.0  # seconds one input may keep the bot busy before the sandbox reports it
OPTION_TYPES = {3: "a string", 4: "an integer", 5: "true or false", 10: "a number"}


@dataclass(frozen=True)
class FakeUser:
    name: str
    id: int
    manage_server: bool = False
    display: str = ""  # server display name when it differs from the username


# Stable fake members of the one fake server. Erin is a moderator (Manage Server).
USERS: tuple[FakeUser, ...] = (
    FakeUser("alice", 900_000_000_000_000_101),
    FakeUser("bob", 900_000_000_000_000_102),
    FakeUser("carol", 900_000_000_000_000_103),
    FakeUser("dave", 900_000_000_000_000_104),
    FakeUser("erin", 900_000_000_000_000_105, manage_server=True),
    # Frank's display name is full of markdown characters, to check names are escaped.
    FakeUser("frank", 900_000_000_000_000_106, display="*fr_ank*"),
)
BY_NAME = {u.name: u for u in USERS}
BY_ID = {u.id: u for u in USERS}
MENTION = re.compile(r"<@!?(\d+)>")
CHANNEL_MENTION = re.compile(r"<#(\d+)>")


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def user_payload(user: FakeUser) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.display or user.name,
        "discriminator": "0",
        "avatar": None,
    }


BOT_USER: dict[str, Any] = {
    "id": str(APP_ID),
    "username": "Tavola",
    "global_name": "Tavola",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}


def channel_payload() -> dict[str, Any]:
    return {
        "id": str(CHANNEL_ID),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": "tavola",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


class SandboxInputError(ValueError):
    """A script line the simulated Discord client would not send."""


class Sandbox:
    """One fake server with one channel, driving a real ``TavolaBot``."""

    def __init__(
        self,
        tables: Tables,
        emit: Callable[[dict[str, Any]], None],
        out_dir: Path | None = None,
        *,
        reminder_hours: float = DEFAULT_REMINDER_HOURS,
    ) -> None:
        self.tables = tables
        self.emit = emit
        self.out_dir = out_dir
        # No background reminder task: time moves only on "@clock" lines, which then look for
        # due reminders exactly as the real bot's task does every few minutes.
        self.bot = TavolaBot(tables, reminder_hours=reminder_hours, reminder_check_seconds=0)
        self.current_user = "system"
        self.commands: dict[str, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}  # every message the bot made, by id
        self.deferred: dict[str, bool] = {}  # interaction token -> deferred ephemerally (type 5)
        self.original: dict[str, int] = {}  # interaction token -> its response message id
        self.clicked: dict[str, int] = {}  # interaction token -> id of the message clicked
        self._ids = itertools.count(1)
        self._files = itertools.count(1)
        self._baseline: set[asyncio.Task[Any]] = set()
        # Threads the bot opened: name -> channel payload. The main channel is "tavola".
        self.threads: dict[str, dict[str, Any]] = {}
        self.token_channel: dict[str, int] = {}  # interaction token -> channel it came from
        self.rest_calls: list[tuple[str, str]] = []  # (method, route path) of every REST call

    def next_id(self) -> int:
        return 910_000_000_000_000_000 + next(self._ids)

    # ----------------------------------------------------------------------------------------
    # life cycle
    # ----------------------------------------------------------------------------------------

    async def start(self) -> None:
        self.bot.http.request = self.rest  # type: ignore[method-assign,assignment]
        async_context.set(RecordingAdapter(self))
        await self.bot.login("sandbox-token")  # runs setup_hook: commands built and "synced"
        if not self.commands:
            # The bot skipped syncing: its tree is the one synced by an earlier run on this
            # database, which real Discord would still hold. This fake Discord forgets between
            # runs, so it takes the commands from the tree, as that sync registered them.
            for command in self.bot.tree.get_commands():
                self.register_command(command.to_dict(self.bot.tree))
        state = self.bot._connection
        state.guild_ready_timeout = 0.01  # one guild, sent at once: no need to wait for more
        ready = {
            "v": 10,
            "user": BOT_USER,
            "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": "sandbox",
            "resume_gateway_url": "wss://sandbox.invalid",
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [],
        }
        state.parsers["READY"](ready)
        state.parsers["GUILD_CREATE"](self.guild_payload())
        await asyncio.wait_for(self.bot.wait_until_ready(), timeout=5)
        await self.settle()
        self._baseline = set(asyncio.all_tasks())

    async def close(self) -> None:
        await self.settle()
        await self.bot.close()

    def guild_payload(self) -> dict[str, Any]:
        return {
            "id": str(GUILD_ID),
            "name": "Sandbox",
            "icon": None,
            "owner_id": str(BY_NAME["erin"].id),
            "unavailable": False,
            "member_count": len(USERS) + 1,
            "large": False,
            "features": [],
            "roles": [
                {
                    "id": str(GUILD_ID),
                    "name": "@everyone",
                    "permissions": str(MEMBER_PERMISSIONS),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "emojis": [],
            "stickers": [],
            "channels": [channel_payload()],
            "threads": [],
            "members": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "joined_at": now_iso(),
        }

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
                self.error(self.current_user, f"sandbox: the bot was still busy after {SETTLE_LIMIT:.0f} s")
                return
            await asyncio.wait(pending, timeout=left)

    async def run_together(self, lines: list[str]) -> None:
        """Deliver several actions at once, before the bot answers any (for race tests)."""
        payloads = []
        for line in lines:
            words = shlex.split(line)
            user = BY_NAME[words[0]]
            payloads.append(self.interaction_for(user, words[1:]))
        for payload in payloads:
            self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle()

    # ----------------------------------------------------------------------------------------
    # script lines
    # ----------------------------------------------------------------------------------------

    async def run_line(self, line: str) -> None:
        """Answer one script line; every response is emitted before this returns."""
        text = line.strip()
        if not text or text.startswith("#"):
            return
        try:
            words = shlex.split(text)
        except ValueError as exc:
            self.error("system", f"cannot read the line: {exc}")
            return
        if words[0] == "@clock":
            await self.advance_clock(words[1:])
            return
        name = words[0].lower()
        user = BY_NAME.get(name)
        if user is None:
            self.error(name, f"unknown user '{words[0]}'; users are {', '.join(BY_NAME)}")
            return
        self.current_user = user.name
        try:
            payload = self.interaction_for(user, words[1:])
        except SandboxInputError as exc:
            self.error(user.name, str(exc))
            return
        self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle()

    async def advance_clock(self, words: list[str]) -> None:
        """``@clock +13h``: move the bot's clock on, then send the reminders that fell due."""
        self.current_user = "system"
        seconds = duration(" ".join(words))
        if seconds is None:
            self.error("system", "@clock needs a duration to move on by, e.g. @clock +13h, +30m, +2d, +1d12h")
            return
        self.tables.clock.advance(seconds)
        sent = await self.bot.send_reminders()
        await self.settle()
        hours = self.tables.clock.offset / 3600
        self.emit(
            {
                "user": "system",
                "kind": "clock",
                "ephemeral": False,
                "content": f"The clock is now {hours:g} h ahead; {sent} reminder(s) sent.",
                "embeds": [],
                "components": [],
                "mentions": [],
                "files": [],
            }
        )

    def channel_for(self, words: list[str]) -> tuple[dict[str, Any], list[str]]:
        """An optional ``#thread-name`` before the action picks the thread it happens in."""
        if words and words[0].startswith("#"):
            name = words[0][1:]
            if name in ("", "tavola"):
                return channel_payload(), words[1:]
            if name not in self.threads:
                known = ", ".join(["#tavola", *("#" + t for t in self.threads)])
                raise SandboxInputError(f"no channel {words[0]}; channels: {known}")
            return self.threads[name], words[1:]
        return channel_payload(), words

    def interaction_for(self, user: FakeUser, words: list[str]) -> dict[str, Any]:
        channel, words = self.channel_for(words)
        payload = self._interaction_for(user, words)
        if words and words[0] != "click":  # a click happens where its message is
            payload["channel_id"] = channel["id"]
            payload["channel"] = channel
        self.token_channel[payload["token"]] = int(payload["channel_id"])
        return payload

    def _interaction_for(self, user: FakeUser, words: list[str]) -> dict[str, Any]:
        if not words:
            raise SandboxInputError("expected a /command, '? /command option:partial' or 'click <custom_id>'")
        if words[0] == "click":
            if len(words) < 2:
                raise SandboxInputError("click needs a custom_id")
            return self.click_payload(user, words[1], words[2:])
        if words[0] == "?":
            return self.command_payload(user, words[1:], autocomplete=True)
        return self.command_payload(user, words, autocomplete=False)

    def base_interaction(self, user: FakeUser, kind: int) -> dict[str, Any]:
        iid = self.next_id()
        permissions = MEMBER_PERMISSIONS | (MANAGE_GUILD if user.manage_server else 0)
        return {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{iid}",
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(CHANNEL_ID),
            "channel": channel_payload(),
            "member": {
                "user": user_payload(user),
                "roles": [],
                "joined_at": now_iso(),
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(permissions),
            },
            "app_permissions": str(MEMBER_PERMISSIONS | MANAGE_GUILD),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    def command_payload(self, user: FakeUser, words: list[str], *, autocomplete: bool) -> dict[str, Any]:
        if not words or not words[0].startswith("/"):
            raise SandboxInputError("expected a slash command such as /game new")
        name = words[0][1:]
        spec = self.commands.get(name)
        if spec is None:
            raise SandboxInputError(
                f"no command /{name}; commands: {', '.join('/' + c for c in sorted(self.commands))}"
            )
        rest = words[1:]
        path = [name]
        top: dict[str, Any] = {"id": spec["id"], "name": name, "type": 1, "options": []}
        holder = top
        # Walk subcommand groups and subcommands (option types 2 and 1) named by the next words.
        while rest and ":" not in rest[0]:
            sub = next(
                (o for o in spec.get("options", []) if o["name"] == rest[0] and o["type"] in (1, 2)), None
            )
            if sub is None:
                raise SandboxInputError(f"/{' '.join(path)} has no subcommand '{rest[0]}'")
            node: dict[str, Any] = {"name": sub["name"], "type": sub["type"], "options": []}
            holder["options"].append(node)
            holder, spec, rest = node, sub, rest[1:]
            path.append(sub["name"])
        if any(o["type"] in (1, 2) for o in spec.get("options", [])):
            subs = ", ".join(o["name"] for o in spec["options"])
            raise SandboxInputError(f"/{' '.join(path)} needs a subcommand: {subs}")
        known = {o["name"]: o for o in spec.get("options", [])}
        focused = 0
        for word in rest:
            key, sep, value = word.partition(":")
            if not sep:
                raise SandboxInputError(f"options are written name:value, not '{word}'")
            option = known.get(key)
            if option is None:
                raise SandboxInputError(
                    f"/{' '.join(path)} has no option '{key}' (options: {', '.join(known)})"
                )
            entry: dict[str, Any] = {"name": key, "type": option["type"]}
            if autocomplete and focused == 0 and word is rest[-1]:
                if not option.get("autocomplete"):
                    raise SandboxInputError(
                        f"option '{key}' has no suggestions (only fixed choices or free text)"
                    )
                entry.update(value=value, focused=True)  # the partial text, as typed
                focused += 1
            else:
                entry["value"] = typed_value(option, value)
            holder["options"].append(entry)
        missing = [
            o["name"]
            for o in spec.get("options", [])
            if o.get("required") and o["name"] not in {e["name"] for e in holder["options"]}
        ]
        if missing and not autocomplete:
            raise SandboxInputError(f"/{' '.join(path)} needs {', '.join(missing)}")
        if autocomplete and not focused:
            raise SandboxInputError("'?' needs the option being typed last, e.g. ? /move text:pla")
        payload = self.base_interaction(user, 4 if autocomplete else 2)
        payload["data"] = top
        return payload

    def click_payload(self, user: FakeUser, custom_id: str, values: list[str]) -> dict[str, Any]:
        message, component = self.find_component(custom_id)
        payload = self.base_interaction(user, 3)
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
        payload["channel"] = self.channel_by_id(int(message["channel_id"]))
        self.clicked[payload["token"]] = int(message["id"])
        return payload

    def channel_by_id(self, channel_id: int) -> dict[str, Any]:
        for thread in self.threads.values():
            if int(thread["id"]) == channel_id:
                return thread
        return channel_payload()

    def channel_name(self, channel_id: int) -> str:
        return str(self.channel_by_id(channel_id)["name"])

    def find_component(self, custom_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The newest message carrying ``custom_id``; an invented one for ids never shown."""
        for message in sorted(self.messages.values(), key=lambda m: int(m["id"]), reverse=True):
            for row in message.get("components", []):
                for component in row.get("components", []):
                    if component.get("custom_id") == custom_id:
                        return message, component
        component = {"type": 2, "custom_id": custom_id, "label": "?", "style": 2}
        message = self.message_payload(
            {"content": "", "components": [{"type": 1, "components": [component]}]}, []
        )
        return message, component

    # ----------------------------------------------------------------------------------------
    # recording what the bot sends
    # ----------------------------------------------------------------------------------------

    def message_payload(
        self,
        body: dict[str, Any],
        files: list[tuple[str, int]],
        message_id: int | None = None,
        ephemeral: bool = False,
        channel_id: int = CHANNEL_ID,
    ) -> dict[str, Any]:
        mid = message_id or self.next_id()
        flags = int(body.get("flags") or 0) | (EPHEMERAL if ephemeral else 0)
        message = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "author": BOT_USER,
            "content": body.get("content") or "",
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(self.next_id()),
                    "filename": n,
                    "size": s,
                    "url": f"https://sandbox.invalid/{n}",
                    "proxy_url": f"https://sandbox.invalid/{n}",
                }
                for n, s in files
            ],
            "embeds": body.get("embeds") or [],
            "pinned": False,
            "type": 0,
            "flags": flags,
            "components": body.get("components") or [],
            "application_id": str(APP_ID),
            "webhook_id": str(APP_ID),
        }
        self.messages[mid] = message
        return message

    def save_files(self, files: list[discord.File] | None) -> list[tuple[str, int]]:
        saved = []
        for f in files or []:
            f.fp.seek(0)
            data = f.fp.read()
            saved.append((f.filename or "file", len(data)))
            if self.out_dir is not None:
                self.out_dir.mkdir(parents=True, exist_ok=True)
                (self.out_dir / f"{next(self._files):04d}-{f.filename}").write_bytes(data)
        return saved

    def report(
        self,
        kind: str,
        body: dict[str, Any],
        files: list[tuple[str, int]],
        *,
        ephemeral: bool,
        message_id: int | None = None,
        channel_id: int = CHANNEL_ID,
    ) -> None:
        content = body.get("content") or ""
        parse = (body.get("allowed_mentions") or {}).get("parse", [])
        allowed_users = (body.get("allowed_mentions") or {}).get("users", [])
        pinged = []
        for raw in MENTION.findall(content):
            user = BY_ID.get(int(raw))
            if user and ("users" in parse or raw in allowed_users) and user.name not in pinged:
                pinged.append(user.name)
        record: dict[str, Any] = {
            "user": self.current_user,
            "kind": kind,
            "ephemeral": ephemeral,
            "content": self.readable(content),
            "embeds": [
                {"title": e.get("title"), "description": e.get("description")}
                for e in body.get("embeds") or []
            ],
            "components": components_of(body.get("components") or []),
            "mentions": pinged,
            "files": [{"name": n, "size": s} for n, s in files],
        }
        if message_id is not None:
            record["message_id"] = str(message_id)
        if channel_id != CHANNEL_ID:
            record["channel"] = self.channel_name(channel_id)  # only for threads the bot opened
        self.emit(record)

    def readable(self, content: str) -> str:
        """Mentions as a user reads them: ``<@id>`` -> ``@name``, ``<#id>`` -> ``#channel``."""
        content = MENTION.sub(
            lambda m: "@" + (BY_ID[int(m.group(1))].name if int(m.group(1)) in BY_ID else m.group(1)), content
        )
        return CHANNEL_MENTION.sub(lambda m: "#" + self.channel_name(int(m.group(1))), content)

    def error(self, user: str, text: str) -> None:
        self.emit(
            {
                "user": user,
                "kind": "error",
                "ephemeral": True,
                "content": text,
                "embeds": [],
                "components": [],
                "mentions": [],
                "files": [],
            }
        )

    async def rest(
        self,
        route: Route,
        *,
        files: list[discord.File] | None = None,
        form: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Stands in for ``HTTPClient.request``: the REST API of the fake server."""
        method, path = route.method, route.path
        self.rest_calls.append((method, path))
        body = kwargs.get("json") or _form_json(form) or {}
        if path == "/users/@me":
            return BOT_USER
        if path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "Tavola",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": BOT_USER,
                "verify_key": "0",
                "flags": 0,
                "summary": "",
                "bot": BOT_USER,
            }
        if method == "PUT" and path.endswith("/commands"):
            self.commands.clear()  # a sync replaces the whole set
            return [self.register_command(command) for command in body]
        channel = int(route.channel_id or CHANNEL_ID)
        if method == "POST" and path == "/channels/{channel_id}/messages":
            saved = self.save_files(files)
            message = self.message_payload(body, saved, channel_id=channel)
            self.report(
                "message", body, saved, ephemeral=False, message_id=int(message["id"]), channel_id=channel
            )
            return message
        if method == "PATCH" and path == "/channels/{channel_id}/messages/{message_id}":
            saved = self.save_files(files)
            mid = int(route.url.rsplit("/", 1)[-1])
            message = self.message_payload(body, saved, mid, channel_id=channel)
            self.report("edit", body, saved, ephemeral=False, message_id=mid, channel_id=channel)
            return message
        if method == "POST" and path == "/channels/{channel_id}/threads":
            return self.open_thread(channel, body)
        self.error(self.current_user, f"sandbox: unhandled REST call {method} {path}")
        return {}

    def register_command(self, command: dict[str, Any]) -> dict[str, Any]:
        entry = {**command, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1"}
        self.commands[command["name"]] = entry
        return entry

    def open_thread(self, parent: int, body: dict[str, Any]) -> dict[str, Any]:
        """A public thread of the channel; later lines reach it with ``#<name>``."""
        thread = {
            "id": str(self.next_id()),
            "type": 11,
            "guild_id": str(GUILD_ID),
            "parent_id": str(parent),
            "owner_id": str(APP_ID),
            "name": body.get("name", "thread"),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration", 10080),
                "archive_timestamp": now_iso(),
                "locked": False,
            },
        }
        self.threads[str(thread["name"])] = thread
        self.bot._connection.parsers["THREAD_CREATE"]({**thread, "newly_created": True})
        return thread

    async def webhook(
        self,
        route: Route,
        *,
        payload: dict[str, Any] | None,
        multipart: list[dict[str, Any]] | None,
        files: list[discord.File] | None,
    ) -> Any:
        """Stands in for the webhook adapter: interaction callbacks and follow-ups."""
        body = payload if payload is not None else (_form_json(multipart) or {})
        token = str(route.webhook_token)
        path = route.path
        ch = self.token_channel.get(token, CHANNEL_ID)
        if path.endswith("/callback"):
            return self.callback(int(route.webhook_id or 0), token, body, files)
        if route.method == "POST":  # follow-up
            data = body
            saved = self.save_files(files)
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            if token in self.deferred:
                # The first follow-up after a "thinking" defer replaces that placeholder and
                # keeps its visibility, as Discord does.
                ephemeral = self.deferred.pop(token)
            message = self.message_payload(data, saved, ephemeral=ephemeral, channel_id=ch)
            self.report(
                "followup", data, saved, ephemeral=ephemeral, message_id=int(message["id"]), channel_id=ch
            )
            return message
        if route.method == "PATCH":
            saved = self.save_files(files)
            mid = self.original.get(token) if path.endswith("@original") else None
            message = self.message_payload(body, saved, mid, channel_id=ch)
            self.report(
                "edit",
                body,
                saved,
                ephemeral=bool(message["flags"] & EPHEMERAL),
                message_id=int(message["id"]),
                channel_id=ch,
            )
            return message
        if route.method == "GET":  # the original response, e.g. for original_response()
            found = self.messages.get(self.original.get(token, 0))
            if found is None:
                self.error(self.current_user, "sandbox: no original response to fetch")
                return {}
            return found
        return None

    def callback(
        self, interaction_id: int, token: str, body: dict[str, Any], files: list[discord.File] | None
    ) -> Any:
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        ch = self.token_channel.get(token, CHANNEL_ID)
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        response: dict[str, Any] = {"id": str(interaction_id), "type": kind}
        result: dict[str, Any] = {"interaction": response}
        if kind == 8:  # autocomplete
            record = {
                "user": self.current_user,
                "kind": "autocomplete",
                "ephemeral": True,
                "content": "",
                "embeds": [],
                "components": [],
                "mentions": [],
                "files": [],
                "choices": [{"name": c["name"], "value": c["value"]} for c in data.get("choices", [])],
            }
            self.emit(record)
            return result
        if kind == 5:  # deferred, "thinking": the first follow-up fills it in
            self.deferred[token] = ephemeral
            mid = self.next_id()
            self.original[token] = mid
            response.update(
                response_message_id=str(mid),
                response_message_loading=True,
                response_message_ephemeral=ephemeral,
            )
            return result
        if kind == 6:  # deferred update: nothing visible
            return result
        saved = self.save_files(files)
        if kind == 7:  # update the message the component was on
            clicked = self.messages.get(self.clicked.get(token, 0), {})
            ephemeral = bool(int(clicked.get("flags") or 0) & EPHEMERAL)
            message = self.message_payload(data, saved, self.clicked.get(token), ephemeral, ch)
            self.report(
                "edit", data, saved, ephemeral=ephemeral, message_id=int(message["id"]), channel_id=ch
            )
        else:
            message = self.message_payload(data, saved, ephemeral=ephemeral, channel_id=ch)
            self.original[token] = int(message["id"])
            self.report(
                "reply", data, saved, ephemeral=ephemeral, message_id=int(message["id"]), channel_id=ch
            )
        response.update(response_message_id=message["id"], response_message_ephemeral=ephemeral)
        result["resource"] = {"type": kind, "message": message}
        return result


class RecordingAdapter(AsyncWebhookAdapter):
    """Webhook requests (interaction responses, follow-ups) answered by the sandbox."""

    def __init__(self, sandbox: Sandbox) -> None:
        super().__init__()
        self.sandbox = sandbox

    async def request(
        self,
        route: Route,
        session: Any,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        files: Any = None,
        **kwargs: Any,
    ) -> Any:
        return await self.sandbox.webhook(
            route, payload=payload, multipart=multipart, files=list(files or [])
        )


def _form_json(form: list[dict[str, Any]] | None) -> Any:
    for part in form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


def _is_timer(task: asyncio.Task[Any]) -> bool:
    """View timeout timers sleep for minutes; they are not work the last input started."""
    coro = task.get_coro()
    name = getattr(coro, "__qualname__", "")
    return "timeout_task_impl" in name


DURATION = re.compile(r"(\d+(?:\.\d+)?)([dhms])")
UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def duration(text: str) -> float | None:
    """Seconds in ``+13h``, ``30m``, ``+1d12h``; None if it is not such a duration."""
    body = text.strip().removeprefix("+").replace(" ", "")
    parts = DURATION.findall(body)
    if not body or "".join(n + u for n, u in parts) != body:
        return None
    return sum(float(n) * UNIT_SECONDS[u] for n, u in parts)


def typed_value(option: dict[str, Any], value: str) -> Any:
    """Convert a typed value as the Discord client would, refusing what it would refuse."""
    kind = option["type"]
    name = option["name"]
    if kind in (4, 10):
        try:
            number: float = int(value) if kind == 4 else float(value)
        except ValueError as exc:
            raise SandboxInputError(f"option '{name}' must be {OPTION_TYPES[kind]}, not '{value}'") from exc
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and number < low) or (high is not None and number > high):
            raise SandboxInputError(f"option '{name}' must be between {low} and {high}")
        return number
    if kind == 5:
        if value.lower() in ("true", "yes", "1"):
            return True
        if value.lower() in ("false", "no", "0"):
            return False
        raise SandboxInputError(f"option '{name}' must be true or false, not '{value}'")
    if kind == 3:
        shortest, longest = option.get("min_length"), option.get("max_length")
        if (shortest is not None and len(value) < shortest) or (longest is not None and len(value) > longest):
            raise SandboxInputError(f"option '{name}' takes {shortest or 0} to at most {longest} characters")
    return value


def components_of(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for row in rows:
        for c in row.get("components", []):
            entry: dict[str, Any] = {
                "custom_id": c.get("custom_id"),
                "label": c.get("label") or c.get("placeholder"),
            }
            if c.get("type") == 3:
                entry["type"] = "select"
                entry["options"] = [{"label": o["label"], "value": o["value"]} for o in c.get("options", [])]
            found.append(entry)
    return found


# --------------------------------------------------------------------------------------------
# running it
# --------------------------------------------------------------------------------------------

WELCOME = """Tavola sandbox: the real bot on a fake Discord server, offline.
Users: alice, bob, carol, dave, erin (Manage Server), frank (shown as *fr_ank*). One action per line:
  alice /game new game:lorenzo          run a slash command (options as name:value, "quotes" ok)
  bob /game join                        ...every /game subcommand, /move, /lorenzo, /lancaster
  bob #lorenzo-1 /game status           act in a thread the bot opened (/game start thread:true)
  alice ? /move text:pla                show the autocomplete choices alice would see
  alice click g:1:join                  press a button (custom_id from a response)
  alice click g:1:v3:s0 2               pick value 2 in a select
  @clock +13h                           move time on; games waiting long enough remind their players
Responses print as JSON lines; attached images are saved in {out}/. Ctrl-D quits."""


def print_json(record: dict[str, Any]) -> None:
    print(json.dumps(record, ensure_ascii=False), flush=True)


LineReader = Callable[[], Awaitable[str | None]]


async def run(
    tables: Tables,
    lines: LineReader,
    *,
    out_dir: Path | None,
    emit: Callable[[dict[str, Any]], None] = print_json,
    idle_marks: bool = True,
    reminder_hours: float = DEFAULT_REMINDER_HOURS,
) -> None:
    """Drive a sandbox from ``lines`` (an awaitable-returning reader giving None at the end)."""
    sandbox = Sandbox(tables, emit, out_dir, reminder_hours=reminder_hours)
    await sandbox.start()
    try:
        while True:
            line = await lines()
            if line is None:
                break
            await sandbox.run_line(line)
            if idle_marks:
                emit({"kind": "idle"})
    finally:
        await sandbox.close()
