"""Issue 12 items 3, 4 and 6 as players meet them: /help, /game rules topics, options in words,
/card lookups, leader requirements, names and the headline on boards."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PIL import Image

from bot.service import present
from render import draw_view, frame
from rules import find_game
from rules.core import game_rules_sections
from tests.bot.harness import Harness


def test_help_is_one_screen_naming_every_game(tmp_path: Path) -> None:
    games = [find_game("lorenzo"), find_game("lancaster")]

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=games) as h:
            r = await h.one("alice /help")
            assert r["ephemeral"] and len(r["embeds"]) == 1 and not r["files"]
            text = r["embeds"][0]["description"]
            assert len(text) < 2500 and all(g.title in text for g in games)
            assert "Choose" in text and "/move" in text and "/game rules" in text and "/card" in text

    asyncio.run(go())


def test_rules_answer_with_a_topic_in_an_embed_and_the_file_on_request(tmp_path: Path) -> None:
    lancaster = find_game("lancaster")
    titles = [t for t, _ in game_rules_sections(lancaster)]
    assert "Options" in titles and all(len(b) <= 4000 for _, b in game_rules_sections(lancaster))

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lancaster]) as h:
            r = await h.one("alice /game rules game:lancaster")
            assert r["ephemeral"] and not r["files"] and r["embeds"][0]["title"] == "Lancaster — Overview"
            assert "Other topics" in r["embeds"][0]["description"]
            r = await h.one("alice ? /game rules game:lancaster topic:opt")
            assert r["choices"][0]["value"] == "Options"
            r = await h.one("alice /game rules game:lancaster topic:Options")
            assert (
                r["embeds"][0]["title"] == "Lancaster — Options" and "vote" in r["embeds"][0]["description"]
            )
            r = await h.one("alice /game rules game:lancaster topic:nonsense")
            assert "no topic 'nonsense'" in r["content"] and "Options" in r["content"]
            r = await h.one("alice /game rules game:lancaster full:true")
            assert r["files"][0]["name"] == "lancaster-rules.md"

    asyncio.run(go())


def test_lobby_and_new_show_options_in_words(tmp_path: Path) -> None:
    lorenzo, lancaster = find_game("lorenzo"), find_game("lancaster")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo, lancaster]) as h:
            r = await h.one("alice ? /game new game:lorenzo military_tie:")
            assert {c["name"]: c["value"] for c in r["choices"]} == {
                "Military ties: next player gets second": "next_gets_second",
                "Military ties: tied players only": "tied_first_only",
            }
            r = await h.one("alice ? /game new game:lorenzo vote_markers:")
            assert r["choices"] == []  # a Lancaster option: nothing to pick for Lorenzo
            r = await h.one("alice /game new game:lorenzo")
            description = r["embeds"][0]["description"]
            assert "Military ties: next player gets second" in description
            assert "Leaders: none" in description and "military_tie" not in description

    asyncio.run(go())


def test_card_lookup_answers_text_and_image(tmp_path: Path) -> None:
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(
            tmp_path / "t.db", games=[lorenzo, find_game("lancaster")], out=tmp_path / "o"
        ) as h:
            await h("alice /game new game:lorenzo")
            r = await h.one("alice ? /card name:borgia")
            assert {"name": "Cesare Borgia — Leader card", "value": "leader:cesare_borgia"} in r["choices"]
            r = await h.one("alice /card name:leader:cesare_borgia")
            assert r["ephemeral"] and r["files"] and r["embeds"][0]["title"] == "Cesare Borgia"
            assert "Needs: 3 Buildings, 12 coins, 2 FP" in r["embeds"][0]["description"]
            r = await h.one("alice /card name:nonsense")
            assert "no card, leader, tile or law called 'nonsense'" in r["content"]
            r = await h.one("alice /card name:favor game:lancaster")
            assert r["embeds"][0]["title"].startswith("King's Favor")

    asyncio.run(go())


def _lorenzo_view() -> tuple[dict[str, Any], dict[str, Any]]:
    game = find_game("lorenzo")
    state = game.setup(3, 1, {})
    seat = min(game.active_players(state))
    move = game.legal_moves(state, seat)[0]
    state = game.apply(state, seat, move)[0]
    return game.player_view(state, None), game.player_view(state, min(game.active_players(state)))


def test_boards_name_players_and_mark_who_moves(tmp_path: Path) -> None:
    """Item 4: names beside colours, the acting seat marked "TO MOVE", the last mover apart."""
    public, private = _lorenzo_view()
    names = ["ann", "*bob*", "a very long display name indeed"]
    drawn = draw_view("lorenzo", public, private=False, names=names, headline=True)
    texts = drawn.canvas.texts
    acting = public["header"]["active"][0]
    assert any(t.startswith("▶ ") and "to move" in t and names[acting][:5] in t for t in texts), texts[:5]
    assert "TO MOVE" in texts and "last move" in texts
    assert "a very long dis…" in texts  # clipped to 16 characters
    mine = draw_view("lorenzo", private, private=True, names=names)
    assert any(names[acting][:3] in t and "personal board" in t for t in mine.canvas.texts)
    assert present.plain_name("\\*fr\\_ank\\*") == "*fr_ank*"


def test_headline_stays_legible_at_phone_preview_width(tmp_path: Path) -> None:
    """Item 4: the headline's type scaled to a 400-px preview stays at 16 px and 11 px (the
    status band's 17 px would be 4 px); the band is on top of the public board only."""
    public, private = _lorenzo_view()
    drawn = draw_view("lorenzo", public, private=False, names=["ann", "bob", "cy"], headline=True)
    scale = 400 / drawn.canvas.width
    assert frame.HEADLINE * scale >= 16 and frame.HEADLINE_SUB * scale >= 11
    image = drawn.canvas.image.convert("RGB")
    assert image.getpixel((3, 3)) == (0xFF, 0xD2, 0x1F)
    small = image.resize((400, round(image.height * scale)), Image.Resampling.LANCZOS)
    small.save(tmp_path / "preview.png")
    assert draw_view("lorenzo", private, private=True).canvas.image.convert("RGB").getpixel((3, 3)) != (
        0xFF,
        0xD2,
        0x1F,
    )
