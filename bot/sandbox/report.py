"""What the sandbox prints: one JSON object per bot response (README, "Sandbox"), attached files
written under ``--out``."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord

from bot.sandbox.gateway import CHANNEL_ID, Roster

MENTION = re.compile(r"<@!?(\d+)>")
CHANNEL_MENTION = re.compile(r"<#(\d+)>")

Emit = Callable[[dict[str, Any]], None]


def print_json(record: dict[str, Any]) -> None:
    print(json.dumps(record, ensure_ascii=False), flush=True)


def components_of(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for row in rows:
        for c in row.get("components", []):
            entry: dict[str, Any] = {
                "custom_id": c.get("custom_id"),
                "label": c.get("label") or c.get("placeholder"),
            }
            if c.get("disabled"):
                entry["disabled"] = True
            if c.get("type") == 3:
                entry["type"] = "select"
                entry["options"] = [
                    {
                        "label": o["label"],
                        "value": o["value"],
                        **({"description": o["description"]} if o.get("description") else {}),
                    }
                    for o in c.get("options", [])
                ]
            found.append(entry)
    return found


class Reporter:
    """Turns what the bot sent into the sandbox's JSON lines, on behalf of ``current_user``."""

    def __init__(
        self, emit: Emit, out_dir: Path | None, channel_name: Callable[[int], str], roster: Roster
    ) -> None:
        self.emit = emit
        self.roster = roster
        self.out_dir = out_dir
        self.channel_name = channel_name
        self.current_user = "system"
        self._files = itertools.count(1)

    def record(self, kind: str, content: str = "", *, user: str | None = None, **extra: Any) -> None:
        """Emit one line with every key the interface promises (README, "Sandbox")."""
        self.emit(
            {
                "user": self.current_user if user is None else user,
                "kind": kind,
                "ephemeral": extra.pop("ephemeral", True),
                "content": content,
                "embeds": [],
                "components": [],
                "mentions": [],
                "files": [],
                **extra,
            }
        )

    def error(self, user: str, text: str) -> None:
        self.record("error", text, user=user)

    def refused(self, method: str, route: str, status: int, body: dict[str, Any]) -> None:
        """A request the fake Discord refused (an ``@fail`` line), as the bot finally got it."""
        self.record("refused", f"{method} {route}: {status} {body['message']} (code {body['code']})")

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
        allowed_users = [str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])]
        pinged = []
        for raw in MENTION.findall(content):
            user = self.roster.by_id(int(raw))
            if user and ("users" in parse or raw in allowed_users) and user.name not in pinged:
                pinged.append(user.name)
        record: dict[str, Any] = {
            "user": self.current_user,
            "kind": kind,
            "ephemeral": ephemeral,
            "content": self.readable(content),
            "embeds": [
                {
                    "title": e.get("title"),
                    "description": e.get("description"),
                    **({"footer": e["footer"].get("text")} if e.get("footer") else {}),
                }
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

        def name(match: re.Match[str]) -> str:
            user = self.roster.by_id(int(match.group(1)))
            return "@" + (user.name if user else match.group(1))

        content = MENTION.sub(name, content)
        return CHANNEL_MENTION.sub(lambda m: "#" + self.channel_name(int(m.group(1))), content)
