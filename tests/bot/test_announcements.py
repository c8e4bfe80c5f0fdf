"""Issue 8 item 4: a stored move is always announced, whatever Discord refused. An expired
interaction (404 on its answer, as after slow storage) gets the board posted in the channel; when
neither the answer nor the channel post goes through, the clock pings whoever must act at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.harness import Harness


async def started(h: Harness) -> tuple[str, str]:
    await h("alice /game new game:tally target:15 vote:off")
    await h("bob /game join")
    first = (await h.started())["mentions"][0]
    return first, "bob" if first == "alice" else "alice"


def test_an_expired_interaction_still_gets_its_move_announced(db: Path | str) -> None:
    """The answer to a /move is refused with 404 (Unknown interaction): the move is stored once
    and its board, pinging the next player, is posted in the channel; no apology."""

    async def go() -> None:
        async with Harness(db) as h:
            first, second = await started(h)
            # Expired: the deferral and the direct answer tried after it are both refused.
            await h("@fail POST /interactions/*/callback 404 2")
            replies = await h(f'{first} /move "text:add 1"')
            assert [m.text for m in await h.tables.log(1)] == ["add 1"]
            boards = [r for r in replies if r["kind"] == "message" and r["files"]]
            assert len(boards) == 1 and boards[0]["mentions"] == [second], replies
            assert not any("Sorry" in r["content"] for r in replies), replies

    asyncio.run(go())


def test_a_move_nobody_could_be_told_of_is_pinged_by_the_clock(db: Path | str) -> None:
    """The answer (404), the channel post (403) and the follow-up (404) are all refused: the move
    is stored, and the clock's pass pings the next player at once with the board's buttons."""

    async def go() -> None:
        async with Harness(db) as h:
            first, second = await started(h)
            for fault in (
                "@fail POST /interactions/*/callback 404 2",
                "@fail POST /channels/*/messages 403",
                "@fail POST /webhooks/* 404",
            ):
                await h(fault)
            replies = await h(f'{first} /move "text:add 1"')
            assert [m.text for m in await h.tables.log(1)] == ["add 1"]
            assert len([r for r in replies if r["kind"] == "refused"]) == 4, replies
            (ping,) = [r for r in replies if r["kind"] == "message"]
            assert ping["mentions"] == [second] and "it is your turn" in ping["content"], ping
            assert any(c["custom_id"].endswith(":board") for c in ping["components"])
            assert not any("Sorry" in r["content"] for r in replies), replies
            later = await h("@clock +1m")  # sent once: not again on the next pass
            assert [r["kind"] for r in later] == ["clock"], later

    asyncio.run(go())
