"""Discord without Discord: the real bot (command tree, views, storage, rendering) on a fake
server, offline (README, "Sandbox"; design.md, "The sandbox").

- ``gateway`` — the fake server's members, channel and the raw payloads Discord would send;
- ``rest``    — the fake Discord API: REST calls and the webhook requests of interaction responses;
- ``script``  — the script reader: typed lines into what the Discord client would send;
- ``report``  — the writer of the JSON lines (one per bot response) and attached files;
- ``driver``  — ``Sandbox``: the bot's life cycle on the fake server, one script line at a time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.sandbox.driver import LineReader, Sandbox
from bot.sandbox.gateway import GUILD_ID, USERS
from bot.sandbox.report import print_json
from bot.sandbox.rest import Wire
from bot.sandbox.script import SandboxInputError, duration
from bot.service.table import Tables
from rules.core import Game, game_commands


def welcome(out: Path, games: Sequence[Game]) -> str:
    """The interactive sandbox's greeting, with examples from the games it offers."""
    first = games[0].name if games else "<game>"
    own = "".join(f", /{g.name}" for g in games if game_commands(g))
    examples = [
        (f"alice /game new game:{first}", 'run a slash command (options as name:value, "quotes" ok)'),
        ("bob /game join", f"...every /game subcommand, /move{own}"),
        (f"bob #{first}-1 /game status", "act in a thread the bot opened (/game start thread:true)"),
        ("alice ? /move text:pla", "show the autocomplete choices alice would see"),
        ("alice click g:1:join", "press a button (custom_id from a response)"),
        ("alice click g:1:v3:s0 2", "pick value 2 in a select"),
        ("bob /game settings quiet:22-08 tz:Europe/Rome dm:on", "your quiet hours and turn DMs"),
        ("@clock +13h", "move time on: the move clocks' pings, and all else that fell due"),
    ]
    return "\n".join(
        [
            "Tavola sandbox: the real bot on a fake Discord server, offline.",
            "Users: alice, bob, carol, dave, erin (Manage Server), frank (shown as *fr_ank*). "
            "One action per line:",
            *(f"  {line:<36}  {what}" for line, what in examples),
            f"Responses print as JSON lines; attached images are saved in {out}/. Ctrl-D quits.",
        ]
    )


def wire_writer(out: TextIO) -> Wire:
    """``--wire FILE``: each request the bot sends, one JSON object per line, written at once."""

    def write(request: dict[str, Any]) -> None:
        out.write(json.dumps(request, ensure_ascii=False) + "\n")
        out.flush()

    return write


async def run(
    tables: Tables,
    lines: LineReader,
    *,
    out_dir: Path | None,
    emit: Callable[[dict[str, Any]], None] = print_json,
    idle_marks: bool = True,
    wire: Wire | None = None,
) -> None:
    """Drive a sandbox from ``lines`` (an awaitable-returning reader giving None at the end)."""
    sandbox = Sandbox(tables, emit, out_dir, wire=wire)
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


__all__ = [
    "GUILD_ID",
    "USERS",
    "LineReader",
    "Sandbox",
    "SandboxInputError",
    "duration",
    "run",
    "welcome",
    "wire_writer",
]
