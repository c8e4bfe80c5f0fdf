"""The fake Discord API: REST calls (``HTTPClient.request``) and the webhook requests that carry
interaction responses and follow-ups (``AsyncWebhookAdapter``), answered in Discord's shapes.

It keeps what Discord would keep: the registered commands, every message the bot made, the
threads it opened, and per interaction token what the response was (design.md, "The sandbox").
"""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable
from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.sandbox.faults import ATTEMPTS, RETRY_AFTER, Faults, error_body, exception_for, retried
from bot.sandbox.gateway import (
    APP_ID,
    APPLICATION,
    BOT_USER,
    CHANNEL_ID,
    EPHEMERAL,
    FakeUser,
    channel_payload,
    dm_payload,
    message_payload,
    thread_payload,
)
from bot.sandbox.report import Reporter

Wire = Callable[[dict[str, Any]], None]
ARCHIVED = 50083  # Discord's code for a post in an archived thread


class FakeDiscord:
    """The server side of the sandbox. ``on_thread`` tells the client a thread was created."""

    def __init__(
        self, reporter: Reporter, on_thread: Callable[[dict[str, Any]], None], wire: Wire | None = None
    ) -> None:
        self.reporter = reporter
        self.on_thread = on_thread
        self.on_thread_update: Callable[[dict[str, Any]], None] = lambda thread: None
        self.wire = wire  # every request the bot sends, as ``--wire`` writes it
        self.faults = Faults()
        self.commands: dict[str, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}  # every message the bot made, by id
        self.deferred: dict[str, bool] = {}  # interaction token -> deferred ephemerally (type 5)
        self.original: dict[str, int] = {}  # interaction token -> its response message id
        self.clicked: dict[str, int] = {}  # interaction token -> id of the message clicked
        # Components an edit took off their message: custom id -> (message, component).
        self.retired: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
        # Threads the bot opened: name -> channel payload. The main channel is "tavola".
        self.threads: dict[str, dict[str, Any]] = {}
        self.token_channel: dict[str, int] = {}  # interaction token -> channel it came from
        self.dms: dict[int, int] = {}  # DM channel id -> the member it talks to
        self.nonces: dict[str, int] = {}  # nonce of a posted message -> its id (Discord dedupes)
        self.rest_calls: list[tuple[str, str]] = []  # (method, route path) of every REST call
        self._ids = itertools.count(1)

    def next_id(self) -> int:
        return 910_000_000_000_000_000 + next(self._ids)

    # ----------------------------------------------------------------------------------------
    # channels and messages
    # ----------------------------------------------------------------------------------------

    def channel_by_id(self, channel_id: int) -> dict[str, Any]:
        for thread in self.threads.values():
            if int(thread["id"]) == channel_id:
                return thread
        if channel_id in self.dms:
            return dm_payload(channel_id, self._member(self.dms[channel_id]))
        return channel_payload()

    def channel_name(self, channel_id: int) -> str:
        return str(self.channel_by_id(channel_id)["name"])

    def message(
        self,
        body: dict[str, Any],
        files: list[tuple[str, int]],
        message_id: int | None = None,
        ephemeral: bool = False,
        channel_id: int = CHANNEL_ID,
    ) -> dict[str, Any]:
        """Store (or replace) a message the bot made and return it as Discord would."""
        mid = message_id or self.next_id()
        for row in self.messages.get(mid, {}).get("components", []):
            for component in row.get("components", []):  # an edit took it off: a stale client
                self.retired[component.get("custom_id")] = (self.messages[mid], component)
        flags = int(body.get("flags") or 0) | (EPHEMERAL if ephemeral else 0)
        attachments = [(self.next_id(), n, s) for n, s in files]
        message = message_payload(mid, body, attachments, flags=flags, channel_id=channel_id)
        self.messages[mid] = message
        return message

    def find_component(self, custom_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The newest message carrying ``custom_id``; an invented one for ids never shown."""
        for message in sorted(self.messages.values(), key=lambda m: int(m["id"]), reverse=True):
            for row in message.get("components", []):
                for component in row.get("components", []):
                    if component.get("custom_id") == custom_id:
                        return message, component
        if custom_id in self.retired:  # taken off its message since: a client not yet refreshed
            return self.retired[custom_id]
        component = {"type": 2, "custom_id": custom_id, "label": "?", "style": 2}
        message = self.message({"content": "", "components": [{"type": 1, "components": [component]}]}, [])
        return message, component

    def register_command(self, command: dict[str, Any]) -> dict[str, Any]:
        entry = {**command, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1"}
        self.commands[command["name"]] = entry
        return entry

    def open_dm(self, user_id: int) -> dict[str, Any]:
        """The DM channel with a member (the same one each time, as Discord keeps it)."""
        for channel_id, member in self.dms.items():
            if member == user_id:
                return dm_payload(channel_id, self._member(user_id))
        channel_id = self.next_id()
        self.dms[channel_id] = user_id
        return dm_payload(channel_id, self._member(user_id))

    def _member(self, user_id: int) -> FakeUser:
        found = self.reporter.roster.by_id(user_id)
        return found if found is not None else FakeUser(f"user{user_id}", user_id)

    def open_thread(self, parent: int, body: dict[str, Any]) -> dict[str, Any]:
        """A public thread of the channel; later lines reach it with ``#<name>``."""
        thread = thread_payload(self.next_id(), parent, body)
        self.threads[str(thread["name"])] = thread
        self.on_thread(thread)
        return thread

    def archived(self, channel_id: int) -> bool:
        thread = self._thread(channel_id)
        return thread is not None and bool(thread["thread_metadata"]["archived"])

    def _thread(self, channel_id: int) -> dict[str, Any] | None:
        return next((t for t in self.threads.values() if int(t["id"]) == channel_id), None)

    def archive(self, name: str) -> dict[str, Any]:
        """``@archive #name``: Discord archives a silent thread (it refuses posts until then)."""
        thread = self.threads.get(name)
        if thread is None:
            raise ValueError(
                f"no thread #{name}; threads: {', '.join('#' + t for t in self.threads) or 'none'}"
            )
        thread["thread_metadata"] = {**thread["thread_metadata"], "archived": True}
        return thread

    def edit_thread(self, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
        thread = self._thread(channel_id)
        if thread is None:
            self.reporter.error(self.reporter.current_user, f"sandbox: no thread {channel_id} to edit")
            return {}
        if "archived" in body:
            thread["thread_metadata"] = {**thread["thread_metadata"], "archived": bool(body["archived"])}
        self.on_thread_update(thread)
        return thread

    # ----------------------------------------------------------------------------------------
    # every request: on the wire, then refused if an @fail line says so
    # ----------------------------------------------------------------------------------------

    def gate(
        self,
        route: Route,
        body: Any,
        files: list[discord.File] | None,
        *,
        interaction: str | None = None,
        webhook: bool = False,
    ) -> None:
        """Write the request to the wire and raise what discord.py would if Discord refused it,
        after the retries discord.py makes (``faults``)."""
        path = route.url.removeprefix(Route.BASE)
        sizes = [{"name": f.filename, "size": _size(f)} for f in files or []]
        for attempt in range(ATTEMPTS):
            status = self.faults.take(route.method, route.path, path)
            if self.wire is not None:
                sent: dict[str, Any] = {
                    "method": route.method,
                    "route": route.path,
                    "path": path,
                    "json": body,
                }
                sent.update(files=sizes, interaction=interaction, status=status or 200)
                if status == 429:
                    sent["retry_after"] = RETRY_AFTER
                self.wire(sent)
            if status is None:
                return
            if retried(status, webhook=webhook) and attempt < ATTEMPTS - 1:
                continue
            error = error_body(status, route.path)
            self.reporter.refused(route.method, route.path, status, error)
            raise exception_for(status, error)

    # ----------------------------------------------------------------------------------------
    # REST
    # ----------------------------------------------------------------------------------------

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
        self.gate(route, body, files)
        if path == "/users/@me":
            return BOT_USER
        if path == "/oauth2/applications/@me":
            return APPLICATION
        if method == "PUT" and path.endswith("/commands"):
            self.commands.clear()  # a sync replaces the whole set
            return [self.register_command(command) for command in body]
        if method == "POST" and path == "/users/@me/channels":
            return self.open_dm(int(body["recipient_id"]))
        channel = int(route.channel_id or CHANNEL_ID)
        if method == "POST" and path == "/channels/{channel_id}/messages" and self.archived(channel):
            # Discord refuses a post in an archived thread: it must be unarchived first.
            error = {"message": "Thread is archived", "code": ARCHIVED}
            self.reporter.refused(method, path, 400, error)
            raise exception_for(400, error)
        if method == "PATCH" and path == "/channels/{channel_id}":
            return self.edit_thread(channel, body)
        if method == "POST" and path == "/channels/{channel_id}/messages":
            nonce = body.get("nonce")
            if nonce is not None and body.get("enforce_nonce") and str(nonce) in self.nonces:
                # Discord: a repeat of a nonce it has just seen returns the first message, unposted.
                return self.messages[self.nonces[str(nonce)]]
            saved = self.reporter.save_files(files)
            message = self.message(body, saved, channel_id=channel)
            if nonce is not None:
                self.nonces[str(nonce)] = int(message["id"])
            self.reporter.report(
                "message", body, saved, ephemeral=False, message_id=int(message["id"]), channel_id=channel
            )
            return message
        if method == "PATCH" and path == "/channels/{channel_id}/messages/{message_id}":
            saved = self.reporter.save_files(files)
            mid = int(route.url.rsplit("/", 1)[-1])
            message = self.message(body, saved, mid, channel_id=channel)
            self.reporter.report("edit", body, saved, ephemeral=False, message_id=mid, channel_id=channel)
            return message
        if method == "POST" and path == "/channels/{channel_id}/threads":
            return self.open_thread(channel, body)
        self.reporter.error(self.reporter.current_user, f"sandbox: unhandled REST call {method} {path}")
        return {}

    # ----------------------------------------------------------------------------------------
    # webhooks: interaction responses and follow-ups
    # ----------------------------------------------------------------------------------------

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
        # Interaction tokens are "token-<interaction id>" (gateway.interaction_payload).
        self.gate(route, body, files, interaction=token.removeprefix("token-"), webhook=True)
        if path.endswith("/callback"):
            return self.callback(int(route.webhook_id or 0), token, body, files)
        if route.method == "POST":  # follow-up
            return self.followup(token, body, files, ch)
        if route.method == "PATCH":
            saved = self.reporter.save_files(files)
            mid = self.original.get(token) if path.endswith("@original") else None
            # An edit keeps the message's visibility (an ephemeral reply stays private).
            kept = int(self.messages.get(mid or 0, {}).get("flags") or 0) & EPHEMERAL
            message = self.message(body, saved, mid, ephemeral=bool(kept), channel_id=ch)
            ephemeral = bool(message["flags"] & EPHEMERAL)
            self.reporter.report(
                "edit", body, saved, ephemeral=ephemeral, message_id=int(message["id"]), channel_id=ch
            )
            return message
        if route.method == "DELETE" and path.endswith("@original"):
            # The placeholder (or answer) taken away: a later follow-up is a message of its own.
            self.deferred.pop(token, None)
            self.messages.pop(self.original.pop(token, 0), None)
            return None
        if route.method == "GET":  # the original response, e.g. for original_response()
            found = self.messages.get(self.original.get(token, 0))
            if found is None:
                self.reporter.error(self.reporter.current_user, "sandbox: no original response to fetch")
                return {}
            return found
        return None

    def followup(
        self, token: str, data: dict[str, Any], files: list[discord.File] | None, channel_id: int
    ) -> dict[str, Any]:
        saved = self.reporter.save_files(files)
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        mid = None
        if token in self.deferred:
            # The first follow-up after a "thinking" defer replaces that placeholder (the same
            # message, its id) and keeps its visibility, as Discord does.
            ephemeral = self.deferred.pop(token)
            mid = self.original.get(token)
        message = self.message(data, saved, mid, ephemeral=ephemeral, channel_id=channel_id)
        self.reporter.report(
            "followup", data, saved, ephemeral=ephemeral, message_id=int(message["id"]), channel_id=channel_id
        )
        return message

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
            choices = [{"name": c["name"], "value": c["value"]} for c in data.get("choices", [])]
            self.reporter.record("autocomplete", choices=choices)
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
        if kind == 6:  # deferred update: nothing visible; "@original" is then the clicked message
            if token in self.clicked:
                self.original[token] = self.clicked[token]
            return result
        saved = self.reporter.save_files(files)
        if kind == 7:  # update the message the component was on
            clicked = self.messages.get(self.clicked.get(token, 0), {})
            ephemeral = bool(int(clicked.get("flags") or 0) & EPHEMERAL)
            message = self.message(data, saved, self.clicked.get(token), ephemeral, ch)
            self.reporter.report(
                "edit", data, saved, ephemeral=ephemeral, message_id=int(message["id"]), channel_id=ch
            )
        else:
            message = self.message(data, saved, ephemeral=ephemeral, channel_id=ch)
            self.original[token] = int(message["id"])
            self.reporter.report(
                "reply", data, saved, ephemeral=ephemeral, message_id=int(message["id"]), channel_id=ch
            )
        response.update(response_message_id=message["id"], response_message_ephemeral=ephemeral)
        result["resource"] = {"type": kind, "message": message}
        return result


class RecordingAdapter(AsyncWebhookAdapter):
    """Webhook requests (interaction responses, follow-ups) answered by the fake Discord."""

    def __init__(self, server: FakeDiscord) -> None:
        super().__init__()
        self.server = server

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
        return await self.server.webhook(route, payload=payload, multipart=multipart, files=list(files or []))


def _size(file: discord.File) -> int:
    file.fp.seek(0, io.SEEK_END)
    size = file.fp.tell()
    file.fp.seek(0)
    return size


def _form_json(form: list[dict[str, Any]] | None) -> Any:
    for part in form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None
