"""The slash-command tree as Discord would receive it: real Discord rejects a whole sync for one
bad name or an over-long description; the sandbox accepts anything, so it is checked here."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from rules import all_games
from tests.bot.harness import Harness

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def problems_of(option: dict[str, Any], path: str = "/") -> list[str]:
    """Discord's limits: lowercase names of 1-32 characters, descriptions of 1-100 characters
    not cut mid-word, at most 25 options and 25 choices, required options before optional ones."""
    found = []
    where = f"{path}{option['name']}"
    if not NAME.match(option["name"]):
        found.append(f"{where}: name")
    text = option.get("description", "")
    if not 1 <= len(text) <= 100:
        found.append(f"{where}: description of {len(text)} characters")
    if len(text) >= 99 and not text.endswith("…"):
        found.append(f"{where}: description cut mid-word: {text!r}")
    children = option.get("options") or []
    if len(children) > 25:
        found.append(f"{where}: {len(children)} options")
    plain = [o for o in children if o.get("type") not in (1, 2)]
    flags = [bool(o.get("required")) for o in plain]
    if flags != sorted(flags, reverse=True):
        found.append(f"{where}: a required option after an optional one")
    for child in children:
        choices = child.get("choices") or []
        if len(choices) > 25 or any(len(c["name"]) > 100 for c in choices):
            found.append(f"{where}/{child['name']}: choices")
        found += problems_of(child, f"{where}/")
    return found


def test_command_tree_fits_discord_limits(tmp_path: Path) -> None:
    """Every registered game's commands and /game new options sync without Discord refusing them."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=list(all_games())) as h:
            commands = h.sandbox.commands
            assert {"game", "move", "lorenzo", "lancaster"} <= set(commands)
            found = [p for command in commands.values() for p in problems_of(command)]
            assert found == []

    asyncio.run(go())
