"""Issue 15 item 2 (rules help): ``/game rules`` topics and the full text in the reader's
language, from translated section files kept as data (``i18n/help/it/*.md``) and, for the parts
built from a game's data (laws, counties, provisional values), from the message catalogue line by
line; every part of both games reads in Italian; a part without a translation would stay English
and say so; a translated part whose English changed since says that too; topics are suggested in
the reader's language."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import present, rules_help
from i18n import help as translated
from i18n.check import english_words
from rules import find_game
from rules.core import game_rules_help
from tests.bot.harness import Harness


@pytest.mark.parametrize("name", ["lorenzo", "lancaster"])
def test_every_part_of_the_english_help_has_its_italian(name: str) -> None:
    """Each English part is translated by hand (a text under a translated title) or marked as built
    from data (``lines``: no text, the catalogue words it), and nothing else is in the file."""
    english = [title for title, _ in translated.english_sections(game_rules_help(find_game(name)))]
    found = translated.translation(name, "it")
    assert found.heading
    assert sorted(found.sections) == sorted(english)
    for section in found.sections.values():
        if section.by_lines:
            assert section.text == "" and section.title != section.source, section.source
        else:
            assert section.text and (section.title != section.source or section.source == "Overview")


@pytest.mark.parametrize("name", ["lorenzo", "lancaster"])
def test_every_topic_reads_in_italian(name: str) -> None:
    """What ``/game rules`` shows an Italian reader for every topic: no part left in English (no
    "solo in inglese" marker, no English word the checker knows), none flagged as stale."""
    game = find_game(name)
    topics = rules_help.sections(game, "it")
    assert len(topics) >= 7
    for title, text in topics:
        assert "solo in inglese" not in text and "è cambiato" not in text, title
        left = [(line[:120], words) for line in text.splitlines() if (words := english_words(line, "it"))]
        assert left == [], (title, left[:3])
        assert english_words(title, "it") == [], title
    assert all(len(text) <= 4000 for _, text in topics)


def test_sections_and_full_text_in_italian() -> None:
    lorenzo = find_game("lorenzo")
    topics = [t for t, _ in rules_help.sections(lorenzo, "it")]
    assert topics[:6] == [
        "Panoramica",
        "Mosse",
        "Opzioni",
        "Scelte di regole (dove il riferimento delle regole è incerto)",
        "Scelte di regole dei Leader",
        "Casate del Rinascimento (opzione `houses`)",
    ]
    provisional = dict(rules_help.sections(lorenzo, "it"))["Casate del Rinascimento: valori provvisori (1/7)"]
    assert provisional.startswith(
        "Valori provvisori (nessuna fonte li dà; si correggono con LORENZO_OVERRIDES):"
    )
    text = rules_help.full_text(lorenzo, "it")
    assert text.startswith("# Lorenzo il Magnifico - come si gioca qui\n\nA ogni turno")
    assert "\n## Mosse\n" in text and "\n## Scelte di regole dei Leader\n" in text
    assert "- engine.card_119_loss_mandatory = `true` (oppure `false`): Gli effetti permanenti" in text
    assert rules_help.sections(lorenzo, "en-US") == rules_help.sections(lorenzo, None)
    assert rules_help.full_text(lorenzo, "fr") == game_rules_help(lorenzo)


def test_parts_built_from_data_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """A law, county or provisional value worded from the catalogue follows what the data says
    (an owner's override changes it: still Italian, never stale); a reason the catalogue does not
    know (an owner's own mark) stays English, and the checker sees it."""
    lancaster = find_game("lancaster")
    changed = (
        game_rules_help(lancaster)
        .replace("- **A Northumberland**: minimum 4,", "- **A Northumberland**: minimum 5,")
        .replace(
            "- `noble_castle_votes` = 1 — Nobles",
            "- `setup.gold` = 4 — checked by nobody yet\n- `noble_castle_votes` = 2 — Nobles",
        )
    )
    monkeypatch.setattr(rules_help, "game_rules_help", lambda game: changed)
    topics = dict(rules_help.sections(lancaster, "it"))
    assert "- **A Northumberland**: minimo 5, costruisci 1 estensione + 2 oro" in topics["Contee"]
    values = rules_help.full_text(lancaster, "it")
    assert "- `noble_castle_votes` = 2 — I nobili danno segnalini voto nella fase del castello" in values
    assert "- `setup.gold` = 4 — checked by nobody yet" in values
    assert english_words("checked by nobody yet", "it") != []
    assert "è cambiato" not in values


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
                "Scelte di regole (dove il riferimento delle regole è incerto)",
                "Scelte di regole dei Leader",
            ]
            english = await h.one("bob /game rules game:lorenzo topic:moves")
            assert english["embeds"][0]["title"] == "Lorenzo il Magnifico — Moves"
            full = await h.one("alice /game rules game:lorenzo full:true")
            assert full["content"].startswith("Il riassunto completo delle regole di Lorenzo il Magnifico")

    asyncio.run(go())


@pytest.mark.parametrize("name", ["lorenzo", "lancaster"])
def test_every_topic_through_the_command_in_italian(tmp_path: Path, name: str) -> None:
    """``/game rules topic:`` for each topic an Italian reader is offered, as the bot shows it
    (embed title and text): no English word left, every part of the help reached."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[find_game(name)]) as h:
            await h("@locale alice it")
            titles = [t for t, _ in rules_help.sections(find_game(name), "it")]
            for title in titles:
                shown = await h.one(f'alice /game rules game:{name} "topic:{title}"')
                embed = shown["embeds"][0]
                assert embed["title"].endswith(f"— {title}"), (title, embed["title"])
                text = embed["title"] + "\n" + embed["description"]
                left = [w for line in text.splitlines() if (w := english_words(line, "it"))]
                assert left == [], (title, left[:3])

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


def test_a_long_topic_is_never_cut_for_the_list_of_the_others() -> None:
    """The other topics under a section fill only the room the section leaves in the embed (cut at
    a title), so the section's last lines always show."""
    many = [(f"Argomento numero {i}", "testo") for i in range(60)]
    title, text = present.rules_topic("Gioco", [("Lungo", "x" * 3900 + "\nfine."), *many], "lungo", "it")
    assert title == "Gioco — Lungo" and len(text) <= present.EMBED_TEXT
    assert text.startswith("x" * 3900 + "\nfine.\n\n**Altri argomenti**") and "…" in text
    full = "x" * 4000
    _, alone = present.rules_topic("Gioco", [("Pieno", full), *many], "pieno", "it")
    assert alone == full
    _, short = present.rules_topic("Gioco", [("Breve", "testo"), *many[:3]], "breve", "it")
    assert short.endswith("`/partita regole completo:true`.") and "Argomento numero 2" in short


def test_a_part_no_file_translates_stays_english_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    lorenzo = find_game("lorenzo")
    added = game_rules_help(lorenzo) + "\n## A new part\n\nSomething the team wrote today.\n"
    monkeypatch.setattr(rules_help, "game_rules_help", lambda game: added)
    topics = dict(rules_help.sections(lorenzo, "it"))
    assert topics["A new part"] == "(Questa parte è solo in inglese.)\nSomething the team wrote today."
    assert english_words(topics["A new part"], "it") != []
    assert topics["Mosse"].startswith("- `place <familiare> <spazio> [servants=N]`")
