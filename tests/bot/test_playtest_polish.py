"""Playtest findings of a real server (players reading every message cold), one test each."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.sandbox.gateway import CHANNEL_ID, GUILD_ID
from rules import find_game
from tests.bot.harness import Harness, public, walk_to_confirm


def test_the_start_post_names_the_first_player_in_both_games(tmp_path: Path) -> None:
    """The seat order alone did not say who moves first (Lancaster draws its start player at
    random): the start post names them, mentioned, as the game's public order has it."""

    async def go(game: str) -> None:
        async with Harness(tmp_path / f"{game}.db", games=[find_game(game)]) as h:
            await h(f"alice /game new game:{game}")
            await h("bob /game join")
            await h("carol /game join")
            board = await h.started()
            turn = await h.tables.turn(1)
            first = turn.record.seats[turn.public_view["header"]["order"][0]]
            assert f"First player: @{first.name}." in board["content"]
            assert first.name in board["mentions"]

    for game in ("lancaster", "lorenzo"):
        asyncio.run(go(game))


def test_a_move_preview_reads_as_what_confirm_will_do(tmp_path: Path) -> None:
    """The preview is the engine's sentences, written as done ("bob placed white on…"): it is
    headed as what Confirm will do and quoted, so nobody takes it for a move already made."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[find_game("lorenzo")]) as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            await h.started()
            first = (await h.tables.turn(1)).acting[0].name
            reply = await h.one(f"{first} click g:1:hand")
            await walk_to_confirm(h, first, reply, lambda offered: 0)
            content = h.seen[-1]["content"]
            head = "**If you confirm** (a preview: nothing is done yet):"
            assert head in content, content
            told = content.split(head)[1].split("\n")[1:]
            told = told[: told.index("Confirm to make it, or go Back to change it.")]
            assert told and all(line.startswith("> ") for line in told), told
            assert any(" placed " in line for line in told), told

    asyncio.run(go())


def test_the_public_select_under_the_board_describes_its_options(tmp_path: Path) -> None:
    """Lancaster's first decision (the castle extension, six choices: a select under the board)
    says what each extension pays, as the game's steps word it."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[find_game("lancaster")]) as h:
            await h("alice /game new game:lancaster")
            await h("bob /game join")
            board = await h.started()
            (select,) = [c for c in board["components"] if c.get("type") == "select"]
            said = {o["label"]: o.get("description") for o in select["options"]}
            assert len(said) == 6 and all(said.values()), said
            assert said["Extension on Counting house"] == "2 gold"
            assert all(len(d) <= 100 for d in said.values())

    asyncio.run(go())


def test_a_stale_button_links_the_latest_board_post(tmp_path: Path) -> None:
    """A button on an older post says which post to use: a link to the game's latest one."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db") as h:
            await h("alice /game new game:tally target:10")
            await h("bob /game join")
            first = (await h.started())["mentions"][0]
            before = await h.one(f'{first} /move "text:add 3"')
            bonus = [c["custom_id"] for c in before["components"] if ":m" in c["custom_id"]]
            (after,) = public(await h(f"{first} click {bonus[0]}"))
            late = await h.one(f"{first} click {bonus[1]}")
            assert late["ephemeral"] and "moved on" in late["content"], late
            assert late["content"].endswith(
                f"Use the latest board: https://discord.com/channels/{GUILD_ID}/"
                f"{CHANNEL_ID}/{after['message_id']}"
            ), late

    asyncio.run(go())
