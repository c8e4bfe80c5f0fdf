"""Issue 15 item 2 (rules help): ``/game rules`` topics and the full text in the reader's
language, from translated section files kept as data (``i18n/help/it/*.md``); a part without a
translation stays English and says so; a translated part whose English changed since says that
too; topics are suggested in the reader's language."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import rules_help
from i18n import help as translated
from rules import find_game
from rules.core import game_rules_help
from tests.bot.harness import Harness


@pytest.mark.parametrize("name", ["lorenzo", "lancaster"])
def test_every_translated_part_names_a_part_of_the_english_help(name: str) -> None:
    english = dict(translated.english_sections(game_rules_help(find_game(name))))
    found = translated.translation(name, "it")
    assert found.heading and found.sections
    assert set(found.sections) <= set(english), set(found.sections) - set(english)
    assert all((s.text and s.title != s.source) or s.source == "Overview" for s in found.sections.values())


def test_sections_and_full_text_in_italian() -> None:
    lorenzo = find_game("lorenzo")
    topics = [t for t, _ in rules_help.sections(lorenzo, "it")]
    assert topics[:4] == [
        "Panoramica",
        "Mosse",
        "Opzioni",
        "Scelte di regole (dove il riferimento delle regole è incerto)",
    ]
    english_only = dict(rules_help.sections(lorenzo, "it"))["Leader rules choices (1/7)"]
    assert english_only.startswith("(Questa parte è solo in inglese.)")
    assert all(len(text) <= 4000 for _, text in rules_help.sections(lorenzo, "it"))
    text = rules_help.full_text(lorenzo, "it")
    assert text.startswith("# Lorenzo il Magnifico - come si gioca qui\n\nA ogni turno")
    assert "\n## Mosse\n" in text and "\n## Leader rules choices\n" in text
    assert rules_help.sections(lorenzo, "en-US") == rules_help.sections(lorenzo, None)
    assert rules_help.full_text(lorenzo, "fr") == game_rules_help(lorenzo)


def test_a_changed_english_part_is_flagged(monkeypatch: pytest.MonkeyPatch) -> None:
    lorenzo = find_game("lorenzo")
    changed = game_rules_help(lorenzo).replace("Servants add +1 each", "Servants add +2 each")
    monkeypatch.setattr(rules_help, "game_rules_help", lambda game: changed)
    overview = dict(rules_help.sections(lorenzo, "it"))["Panoramica"]
    assert "Il testo inglese di questa parte è cambiato" in overview
    assert "è cambiato" not in dict(rules_help.sections(lorenzo, "it"))["Mosse"]


def test_rules_command_in_the_readers_language(tmp_path: Path) -> None:
    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[find_game("lorenzo")]) as h:
            await h("@locale alice it")
            shown = await h.one("alice /game rules game:lorenzo topic:mosse")
            assert shown["embeds"][0]["title"] == "Lorenzo il Magnifico — Mosse"
            assert "Altri argomenti" in shown["embeds"][0]["description"]
            suggested = await h.one("alice ? /game rules game:lorenzo topic:scel")
            assert [c["name"] for c in suggested["choices"]] == [
                "Scelte di regole (dove il riferimento delle regole è incerto)"
            ]
            english = await h.one("bob /game rules game:lorenzo topic:moves")
            assert english["embeds"][0]["title"] == "Lorenzo il Magnifico — Moves"
            full = await h.one("alice /game rules game:lorenzo full:true")
            assert full["content"].startswith("Il riassunto completo delle regole di Lorenzo il Magnifico")

    asyncio.run(go())


def test_cards_looked_up_in_the_readers_language(tmp_path: Path) -> None:
    """``/card``: suggestions name cards in the reader's language and match what they type in it;
    the card's words and image follow."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[find_game("lorenzo")]) as h:
            await h("@locale alice it")
            suggested = await h.one("alice ? /card game:lorenzo name:bosc")
            names = [c["name"] for c in suggested["choices"]]
            assert any(n.startswith("Bosco") for n in names), names
            key = next(c["value"] for c in suggested["choices"] if c["name"].startswith("Bosco"))
            shown = await h.one(f"alice /card game:lorenzo name:{key}")
            assert shown["embeds"][0]["title"] == "Bosco" and shown["files"]
            english = await h.one(f"bob /card game:lorenzo name:{key}")
            assert english["embeds"][0]["title"] == "Woods"

    asyncio.run(go())
