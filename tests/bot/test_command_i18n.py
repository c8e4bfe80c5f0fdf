"""Issue 15 item 1: the synced command payload carries Italian names and descriptions for every
command, subcommand and option, and Italian names for every choice (``bot.app.translator``);
every command string of the catalogue is used by the tree."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

import i18n
from i18n import catalogue
from i18n.keys import COMMAND_CONTEXTS
from rules import all_games
from tests.bot.harness import Harness

# Discord's rule for localized names: lowercase letters of any script, digits, - and _.
NAME = re.compile(r"^[-_\w]{1,32}$")
# "lord": Henry V's lord keeps its English title in Italian ("il lord"), as its move word and events do.
SAME_IN_ITALIAN = {"lorenzo", "lancaster", "leader", "leaders", "thread", "dm", "queenie", "lord"}


def synced(tmp_path: Path) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        async with Harness(tmp_path / "t.db", games=list(all_games())) as h:
            return dict(h.sandbox.commands)

    return asyncio.run(go())


def problems(option: dict[str, Any], path: str = "") -> list[str]:
    where = f"{path}/{option['name']}"
    found = []
    name = (option.get("name_localizations") or {}).get("it")
    text = (option.get("description_localizations") or {}).get("it")
    if name is None or not NAME.match(name) or name != name.lower():
        found.append(f"{where}: Italian name {name!r}")
    elif name == option["name"] and name not in SAME_IN_ITALIAN:
        found.append(f"{where}: Italian name is the English one")
    if text is None or not 1 <= len(text) <= 100 or text == option["description"]:
        found.append(f"{where}: Italian description {text!r}")
    for choice in option.get("choices") or []:
        if "it" not in (choice.get("name_localizations") or {}):
            found.append(f"{where}: choice {choice['name']}")
    for child in option.get("options") or []:
        found += problems(child, where)
    return found


def test_every_command_option_and_choice_has_italian(tmp_path: Path) -> None:
    commands = synced(tmp_path)
    assert {"game", "move", "lorenzo", "lancaster"} <= set(commands)
    found = [p for command in commands.values() for p in problems(command)]
    assert found == []
    place = next(o for o in commands["lorenzo"]["options"] if o["name"] == "place")
    member = next(o for o in place["options"] if o["name"] == "member")
    assert member["name_localizations"]["it"] == "familiare"  # a family member, not a server member
    new = next(o for o in commands["game"]["options"] if o["name"] == "new")
    leaders = next(o for o in new["options"] if o["name"] == "leaders")
    assert leaders["description_localizations"]["it"].startswith("Lorenzo il Magnifico: Gioco avanzato")


def test_every_command_string_of_the_catalogue_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: set[tuple[str | None, str]] = set()
    real = i18n.lookup

    def recording(text: str, locale: str | None, context: str | None = None) -> str | None:
        asked.add((context, text))
        return real(text, locale, context)

    monkeypatch.setattr(i18n, "lookup", recording)
    synced(tmp_path)
    catalogued = {
        (e.context, e.id)
        for e in catalogue.entries("it")
        if (e.context or "").startswith(COMMAND_CONTEXTS) and isinstance(e.id, str)
    }
    assert sorted(catalogued - asked, key=str) == []
