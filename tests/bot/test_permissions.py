"""Issue 8 item 5: the bot reads its own permissions in a channel (``app_permissions``) before
posting; when one is missing it tells the member who acted which to grant, in the words Discord's
settings use, and keeps the game consistent (no thread: played in the channel; a first board
refused in its thread: said so, the game stays there, the clock pings whoever acts)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.harness import Harness, public

THREADS = "/channels/{channel_id}/threads"


async def lobby(h: Harness) -> None:
    await h("alice /game new game:tally target:15 vote:on")
    await h("bob /game join")


def test_no_thread_permission_plays_in_the_channel_and_names_it(db: Path | str) -> None:
    """Without Create Public Threads, /game start thread:true asks Discord nothing it would
    refuse, plays in the channel, and the first board names the permission to grant."""

    async def go() -> None:
        async with Harness(db) as h:
            await lobby(h)
            assert await h("@bot -create_public_threads") == []
            replies = await h("alice /game start thread:true")
            (board,) = [r for r in public(replies) if r["files"]]
            assert "channel" not in board and "**Create Public Threads**" in board["content"], board
            assert "Server Settings" in board["content"]
            assert not [w for w in h.wire if w["route"] == THREADS]
            record = await h.tables.get(1)
            assert record.status == "running" and record.channel_id == 900_000_000_000_000_002

    asyncio.run(go())


def test_a_refused_first_board_in_the_thread_is_said_and_pinged(db: Path | str) -> None:
    """The thread opens but its first board is refused (403): the starter is told so (not
    "nothing was changed"), the game stays in its thread, and the clock pings the first player
    there at once with the board's buttons."""

    async def go() -> None:
        async with Harness(db) as h:
            await lobby(h)
            await h("@fail POST /channels/*/messages 403")
            replies = await h("alice /game start thread:true")
            assert not any("Nothing was changed" in r["content"] for r in replies), replies
            told = [r for r in replies if r["ephemeral"] and "could not post its board" in r["content"]]
            assert len(told) == 1 and "Send Messages in Threads" in told[0]["content"], replies
            pings = [r for r in replies if r["kind"] == "message" and r.get("channel") == "tally-1"]
            assert len(pings) == 1 and pings[0]["mentions"], replies
            assert (await h.tables.get(1)).channel_id != 900_000_000_000_000_002

    asyncio.run(go())


def test_a_secret_choice_without_send_messages_is_announced_by_follow_up(db: Path | str) -> None:
    """Without Send Messages the board after a secret vote is not tried as a channel post (it
    would be refused): it comes as a follow-up of the interaction, which needs no permission."""

    async def go() -> None:
        async with Harness(db) as h:
            await h("alice /game new game:tally target:6 vote:on")
            await h("bob /game join")
            await h.started()
            for _ in range(10):
                turn = await h.tables.turn(1)
                if len(turn.acting) > 1:
                    break
                who = h.sandbox.members.by_id(turn.acting[0].user_id)
                assert who is not None
                await h(f'{who.name} /move "text:add 2"')
            await h("@bot -send_messages")
            before = len(h.wire)
            replies = await h('alice /move "text:vote yes"')
            assert any(r["kind"] == "followup" and not r["ephemeral"] for r in replies), replies
            assert not [w for w in h.wire[before:] if w["status"] == 403]

    asyncio.run(go())


def test_bot_line_changes_the_permissions_it_is_given(db: Path | str) -> None:
    """``@bot -NAME +NAME`` with discord.py's permission names; anything else is an error line."""

    async def go() -> None:
        async with Harness(db) as h:
            for line, words in (
                ("@bot", "needs permissions"),
                ("@bot attach_files", "-NAME or +NAME"),
                ("@bot -fly", "-NAME"),
            ):
                (err,) = await h(line)
                assert err["kind"] == "error" and words in err["content"], err
            assert await h("@bot -attach_files +attach_files") == []

    asyncio.run(go())
