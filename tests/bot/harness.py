"""Drive the real bot through the sandbox in tests: one call per script line, responses back."""

from __future__ import annotations

import itertools
import re
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.sandbox import Sandbox
from bot.service.clock import Clock
from bot.service.store import open_store
from bot.service.table import Tables
from rules import all_games
from rules.core import Game
from tests.bot.toy import TALLY


class Harness:
    """``async with Harness(db) as h: replies = await h("alice /game new game:tally")``.

    ``db``: an SQLite file or a postgresql:// URL (the ``db`` fixture gives either)."""

    def __init__(
        self,
        db: Path | str,
        games: Sequence[Game] | None = (TALLY,),
        out: Path | None = None,
        *,
        clock_hours: float = 48.0,
        start: float | None = None,
    ) -> None:
        self.db = db
        self.games = None if games is None else list(games)  # None: the rules registry
        self.out = out
        self.seen: list[dict[str, Any]] = []
        self.wire: list[dict[str, Any]] = []  # every request the bot sent (the sandbox's --wire)
        self.clock_hours = clock_hours  # the server default clock (/game new without clock:)
        # "@clock +13h" lines move it on; the store stamps with it too. ``start``: a fixed moment
        # (time then stands still between @clock lines), for tests of local times of day.
        self.clock = Clock() if start is None else Clock(lambda: start)

    async def __aenter__(self) -> Harness:
        self.store = await open_store(self.db, clock=self.clock)
        seeds = itertools.count(7)
        source = all_games if self.games is None else (lambda: self.games or [])
        self.tables = Tables(
            self.store, source, new_seed=lambda: next(seeds), clock=self.clock, clock_hours=self.clock_hours
        )
        self.sandbox = Sandbox(self.tables, self.seen.append, self.out, wire=self.wire.append)
        await self.sandbox.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.sandbox.close()
        await self.store.close()

    async def __call__(self, line: str) -> list[dict[str, Any]]:
        """The responses to ``line``, without ``button_removals`` (the edits taking the buttons
        off the game's previous post; they stay in ``seen``)."""
        start = len(self.seen)
        await self.sandbox.run_line(line)
        return [r for r in self.seen[start:] if not button_removals([r])]

    async def started(self, line: str = "alice /game start") -> dict[str, Any]:
        """A successful start: returns the board message, after checking the lobby card closed."""
        replies = await self(line)
        boards = [r for r in replies if r["files"]]
        cards = [r for r in replies if r["kind"] == "edit"]
        assert len(boards) == 1 and len(cards) == 1, replies
        assert cards[0]["components"] == [] and "has started" in cards[0]["embeds"][0]["description"]
        return boards[0]

    async def confirmed(self, line: str) -> list[dict[str, Any]]:
        """A command that asks for confirmation (``/game abandon``, ``leave``, ``rollback``),
        confirmed with its button at once: the replies to the button press."""
        asked = await self.one(line)
        buttons = [c["custom_id"] for c in asked["components"] if ":ok:" in c["custom_id"]]
        assert asked["ephemeral"] and len(buttons) == 1, asked
        who = line.split()[0]
        return await self(f"{who} click {buttons[0]}")

    async def one(self, line: str) -> dict[str, Any]:
        replies = await self(line)
        assert len(replies) == 1, replies
        return replies[0]


def button_removals(replies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The edits that only took the buttons off an older public post (``posting.supersede``)."""
    return [
        r
        for r in replies
        if r["kind"] == "edit"
        and not r["ephemeral"]
        and not (r["content"] or r["embeds"] or r["components"] or r["files"])
    ]


def ids(reply: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for c in reply["components"]]


def public(replies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What everyone sees posted: the responses not ephemeral, besides ``button_removals``."""
    removed = button_removals(replies)
    return [r for r in replies if not r["ephemeral"] and r not in removed]


def over_discord_limits(reply: dict[str, Any]) -> list[str]:
    """What in a sandbox response Discord would reject: 2000-character content, 256/4096-character
    embed title/description, 25 components (5 rows of 5), 80-character button labels, 100-character
    custom ids, select options and autocomplete choices (25 at most, 100-character names/values)."""
    found = []
    if len(reply.get("content") or "") > 2000:
        found.append(f"content of {len(reply['content'])} characters")
    for embed in reply.get("embeds") or []:
        if len(embed.get("title") or "") > 256 or len(embed.get("description") or "") > 4096:
            found.append("embed too long")
    components = reply.get("components") or []
    if len(components) > 25:
        found.append(f"{len(components)} components")
    for c in components:
        if len(c["custom_id"]) > 100:
            found.append(f"custom id {c['custom_id']!r}")
        if c.get("type") == "select":
            options = c.get("options") or []
            if len(options) > 25 or any(len(o["label"]) > 100 or len(o["value"]) > 100 for o in options):
                found.append(f"select {c['custom_id']}")
        elif len(str(c.get("label") or "")) > 80:
            found.append(f"button label {c['label']!r}")
    choices = reply.get("choices") or []
    if len(choices) > 25 or any(len(c["name"]) > 100 or len(str(c["value"])) > 100 for c in choices):
        found.append("autocomplete choices")
    return found


WALK = re.compile(r":[wx]\d+:p")


def walking(reply: dict[str, Any]) -> bool:
    """Whether ``reply`` holds a guided turn's step (issue 12 item 2)."""
    return any(WALK.search(str(c["custom_id"])) for c in reply["components"])


async def walk_to_confirm(
    send: Callable[[str], Awaitable[list[dict[str, Any]]]],
    user: str,
    reply: dict[str, Any],
    pick: Callable[[list[str]], int],
) -> str:
    """Follow a guided turn from ``reply`` (its private reply) to the end, each level's choice
    made by ``pick`` over the labels offered (never Back); returns the line that clicks Confirm.
    Every step must answer by editing the private reply, with the preview before Confirm."""
    for _ in range(12):
        confirm = [c for c in reply["components"] if c.get("label") == "Confirm"]
        if confirm:
            assert "If you confirm" in reply["content"], reply["content"]
            return f"{user} click {confirm[0]['custom_id']}"
        offered: list[tuple[str, str]] = []  # (label, click)
        for c in reply["components"]:
            if c.get("type") == "select":
                offered += [(o["label"], f"{c['custom_id']} {o['value']}") for o in c["options"]]
            elif WALK.search(str(c["custom_id"])) and c.get("label") != "Back":
                offered.append((str(c["label"]), str(c["custom_id"])))
        assert offered, reply
        _label, click = offered[pick([x for x, _ in offered])]
        (reply,) = await send(f"{user} click {click}")
        assert reply["kind"] == "edit" and reply["ephemeral"], reply
    raise AssertionError(f"no Confirm after 12 steps: {reply}")


def following(labels: list[str]) -> Callable[[list[str]], int]:
    """A ``walk_to_confirm`` pick that follows one move's step labels (levels asked are a subset)."""

    def pick(offered: list[str]) -> int:
        return offered.index(next(x for x in labels if x in offered))

    return pick
