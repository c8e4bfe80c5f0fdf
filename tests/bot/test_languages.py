"""Issue 15 item 2: private replies read in their reader's Discord language, public posts in the
server's (``/game settings language:`` by someone with Manage Server, kept in the store through
restarts; otherwise the server's preferred locale). Played through the sandbox on both stores."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.bot.harness import Harness, ids, public


def labels(reply: dict[str, Any]) -> list[str]:
    return [str(c.get("label")) for c in reply["components"]]


def test_private_replies_follow_the_reader_public_posts_the_server(db: Path | str) -> None:
    """An Italian client reads its refusals and its board reply in Italian while the server's
    posts stay English; once a moderator sets the server to Italian, lobby cards, boards and
    their buttons are Italian for everyone, and an English reader's private reply stays English."""

    async def go() -> None:
        async with Harness(db) as h:
            await h("@locale alice it")
            lobby = await h.one("alice /game new game:tally target:6")
            assert lobby["embeds"][0]["title"] == "Tally — lobby (game #1)"
            assert labels(lobby) == ["Join", "Leave", "Start", "Add computer"]
            refusal = await h.one("alice /game join")
            assert refusal["ephemeral"] and refusal["content"] == "Sei già in questa partita."
            await h("bob /game join")
            denied = await h.one("alice /game settings language:it")
            assert denied["ephemeral"] and "Gestisci server" in denied["content"]
            done = await h.one("erin /game settings language:it")  # erin's client is English
            assert done["content"] == "This server's boards and posts are now in Italian."
            replies = await h("alice /game start")
            (board,) = [r for r in replies if r["files"]]
            (card,) = [r for r in replies if r["kind"] == "edit"]
            assert card["embeds"][0]["description"] == "Questa partita è iniziata."
            assert board["content"].startswith("**Tally** è iniziata (partita #1). Ordine dei posti:")
            assert "La mia plancia" in labels(board)
            mine = await h.one("bob click g:1:board")
            assert mine["ephemeral"] and mine["content"].startswith("Your board in Tally #1 — you are")
            hers = await h.one("alice click g:1:board")
            assert hers["ephemeral"] and hers["content"].startswith("La tua plancia in Tally #1: sei")

        async with Harness(db) as h:  # a restart: the server's choice was stored
            status = await h.one("bob /game status")
            assert not status["ephemeral"] and "(in corso)" in status["embeds"][0]["title"]
            back = await h.one("erin /game settings language:server")
            assert back["content"] == "This server's boards and posts now follow its own language: English."
            assert "(running)" in (await h.one("bob /game status"))["embeds"][0]["title"]
            await h("@server-locale it")  # the server's own preferred locale is Italian
            assert "(in corso)" in (await h.one("bob /game status"))["embeds"][0]["title"]

    asyncio.run(go())


def test_a_server_in_italian_by_default(tmp_path: Path) -> None:
    """Without a choice, public posts follow the server's preferred locale (Discord's setting),
    the buttons too; the lobby's refusals to an English member stay English."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db") as h:
            await h("@server-locale it")
            lobby = await h.one("alice /game new game:tally target:6")
            assert lobby["content"] == "alice ha aperto una partita di Tally."
            assert labels(lobby) == ["Entra", "Esci", "Inizia", "Aggiungi computer"]
            assert ids(lobby)[0] == "g:1:join"  # the custom ids stay the same in every language
            refusal = await h.one("alice /game join")
            assert refusal["content"] == "You have already joined this game."
            joined = public(await h("bob /game join"))
            assert joined[0]["content"] == "bob entra nella partita di Tally (2/4)."

    asyncio.run(go())
