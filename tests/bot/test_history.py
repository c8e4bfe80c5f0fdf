"""Issue 12 items 5 and 7 through the sandbox: ``/game log`` (the moves in words, paged, any game
of the channel, after the end too), ``/game board at:`` (the board after any move, from the
replayed log), and ``/game status`` by someone not seated answered privately."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.service.history import Told, pages
from tests.bot.harness import Harness


async def finished_tally(h: Harness) -> list[str]:
    await h("alice /game new game:tally target:6 vote:off")
    await h("bob /game join")
    await h.started()
    seats = [s.name for s in (await h.tables.get(1)).seats]
    for who in [*seats, seats[0]]:  # 2 + 2 + 2 reaches the target: three moves
        await h(f'{who} /move "text:add 2"')
    assert (await h.tables.get(1)).status == "finished"
    return seats


def test_log_board_and_status_after_the_end(tmp_path: Path) -> None:
    async def go() -> None:
        async with Harness(tmp_path / "t.db", out=tmp_path / "out") as h:
            seats = await finished_tally(h)
            r = await h.one("carol /game log")  # carol never sat at this table
            assert r["ephemeral"] and r["embeds"], r
            text = r["embeds"][0]["description"]
            assert text.startswith(f"**1.** {seats[0]} added 2") and "**3.**" in text, text
            assert "page 1 of 1" in r["embeds"][0]["title"]
            assert "{p" not in text
            r = await h.one("carol /game board at:0")
            assert r["ephemeral"] and r["files"] and "at the start" in r["content"], r
            r = await h.one("bob /game board at:2")
            assert r["ephemeral"] and r["files"] and f"after move 2 of 3 ({seats[1]})" in r["content"], r
            r = await h.one("bob /game board at:9")
            assert r["ephemeral"] and "moves 0 (the start) to 3" in r["content"], r
            r = await h.one("carol /game status")  # a spectator: privately, no buttons
            assert r["ephemeral"] and r["files"] and r["components"] == [], r
            r = await h.one("alice /game status")  # a player: the table's, in public
            assert not r["ephemeral"], r
            r = await h.one("carol /game log game:1")
            assert r["ephemeral"] and r["embeds"][0]["title"].startswith("Tally #1"), r
            r = await h.one("carol /game history")
            assert r["ephemeral"] and "**#1 Tally**" in r["embeds"][0]["description"], r
            assert [c["custom_id"] for c in r["components"]] == ["g:1:chart"], r  # its score chart
            assert f"🏆 {seats[0]} · {seats[0]} 4, {seats[1]} 2" in r["embeds"][0]["description"], r
            r = await h.one("carol /game log game:77")
            assert r["ephemeral"] and not r["embeds"], r

    asyncio.run(go())


def test_log_pages_hold_whole_moves() -> None:
    entries = [Told(n, "anna", (f"anna adds {n}.",) * 30) for n in range(1, 60)]
    found = pages(entries, limit=1000)
    assert len(found) > 5 and all(len(p) <= 1000 for p in found)
    assert "\n".join(found).count("**") == 2 * 59  # every move once, none cut between pages
    assert pages([]) == ["No move has been made yet."]


def test_a_spectator_watches_by_dm_without_pings(tmp_path: Path) -> None:
    """Issue 12 item 7: Watch under a spectator's private status sends them each public turn by
    direct message, naming the players but mentioning nobody; a second press stops it."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", out=tmp_path / "out") as h:
            await h("alice /game new game:tally target:10 vote:off")
            await h("bob /game join")
            await h.started()
            seats = [s.name for s in (await h.tables.get(1)).seats]
            r = await h.one("carol /game status")
            assert r["ephemeral"] and [c["custom_id"] for c in r["components"]] == ["g:1:watch"], r
            r = await h.one("carol click g:1:watch")
            assert r["ephemeral"] and "You watch Tally #1" in r["content"], r
            replies = await h(f'{seats[0]} /move "text:add 2"')
            (dm,) = [x for x in replies if x.get("channel") == "dm-carol"]
            assert dm["mentions"] == [] and f"{seats[0]} added 2" in dm["content"], dm
            assert f"Now: {seats[1]}." in dm["content"] and "@" not in dm["content"]
            pinged = [x for x in replies if x.get("channel") is None and not x["ephemeral"]]
            assert all("carol" not in x["mentions"] for x in pinged)
            r = await h.one("carol click g:1:watch")
            assert "no longer watch" in r["content"]
            replies = await h(f'{seats[1]} /move "text:add 2"')
            assert not [x for x in replies if x.get("channel") == "dm-carol"]

    asyncio.run(go())


def test_a_watcher_gets_the_result_and_the_score_chart(tmp_path: Path, monkeypatch: Any) -> None:
    """Issue 12 items 5 and 7: the last public turn reaches a watcher with what the channel got
    besides the board: the result (ranking embed) and the chart of the scores over the rounds
    (a link to the channel's post that carries it); turns before it carry neither."""
    from tests.bot.toy import TALLY

    # Tally keeps no running score: give it one here (a round per two moves, the adds so far).
    monkeypatch.setattr(TALLY, "round_of", lambda s: s.turn // 2 + 1, raising=False)
    monkeypatch.setattr(TALLY, "scores_now", lambda s: s.adds, raising=False)

    async def go() -> None:
        async with Harness(tmp_path / "t.db", out=tmp_path / "out") as h:
            await h("alice /game new game:tally target:6 vote:off")
            await h("bob /game join")
            await h.started()
            seats = [s.name for s in (await h.tables.get(1)).seats]
            await h.one("carol /game status")
            await h.one("carol click g:1:watch")
            dms = []
            for who in [*seats, seats[0]]:  # three moves reach the target
                replies = await h(f'{who} /move "text:add 2"')
                dms += [x for x in replies if x.get("channel") == "dm-carol"]
            assert len(dms) == 3, dms
            assert all(not dm["embeds"] and not dm["files"] for dm in dms[:2]), dms
            last = dms[2]
            assert "This game is over." in last["content"] and last["mentions"] == [], last
            assert seats[0] in last["embeds"][0]["title"] + last["embeds"][0]["description"], last
            # The chart is in the channel's result post, where the watcher pressed Watch: linked,
            # not sent a second time (playtest: the same image twice to one person).
            (post,) = [x for x in replies if x.get("channel") is None and x["files"]]
            assert "scores.png" in [f["name"] for f in post["files"]], post
            assert last["files"] == [], last
            assert (
                "The scores round by round are in the channel's post: https://discord.com/channels/"
                in (last["content"])
            ), last
            assert last["content"].rstrip().split("\n")[-3].endswith(post["message_id"]), last

    asyncio.run(go())


def _ids(reply: dict[str, Any]) -> dict[str, str]:
    return {str(c["label"]): str(c["custom_id"]) for c in reply["components"]}


def test_log_pages_turn_with_previous_and_next(tmp_path: Path) -> None:
    """Issue 12 item 3 (item 5's log): Previous and Next under a private log page edit that page,
    stay private, are disabled at either end, and a page pressed after more moves (a stale
    button) still answers, saying the log changed; page:N still opens a page directly."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", out=tmp_path / "out") as h:
            await h("alice /game new game:tally target:15 vote:off")
            await h("bob /game join")
            await h.started()
            seats = [s.name for s in (await h.tables.get(1)).seats]
            for i in range(6):
                await h(f'{seats[i % 2]} /move "text:add 2"')
            import bot.service.history as service

            service.PAGE_CHARS, saved = 120, service.PAGE_CHARS  # a few moves per page
            try:
                first = await h.one("carol /game log page:1")
                assert first["ephemeral"] and "page 1 of" in first["embeds"][0]["title"], first
                buttons = _ids(first)
                assert set(buttons) == {"◀ Previous", "Next ▶"}  # not over: no score chart yet
                assert [c.get("disabled") for c in first["components"]][:1] == [True]
                turned = await h.one(f"carol click {buttons['Next ▶']}")
                assert turned["kind"] == "edit" and turned["ephemeral"], turned
                assert "page 2 of" in turned["embeds"][0]["title"]
                assert turned["message_id"] == first["message_id"]  # the same private reply
                await h(f'{seats[0]} /move "text:add 2"')  # the log grows: the button is stale
                again = await h.one(f"carol click {_ids(turned)['◀ Previous']}")
                assert "page 1 of" in again["embeds"][0]["title"], again
                assert "1 new move since this page was shown" in str(again["embeds"][0]), again
                last = await h.one("carol /game log")
                total = int(last["embeds"][0]["title"].rsplit(" ", 1)[1])
                assert f"page {total} of {total}" in last["embeds"][0]["title"]
                assert [c.get("disabled") for c in last["components"]][1] is True  # no Next on the last
            finally:
                service.PAGE_CHARS = saved

    asyncio.run(go())


def test_a_finished_games_log_offers_its_score_chart(tmp_path: Path) -> None:
    """Issue 12 item 5: after the end, the log carries "Score chart", which answers privately
    with the chart; a running game's chart is refused in words. (Tally keeps no running score,
    so its chart is refused too: a game must declare ``scores_now``; the Lorenzo sandbox game
    shows a real one.)"""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", out=tmp_path / "out") as h:
            await finished_tally(h)
            r = await h.one("carol /game log")
            assert "📈 Score chart" in _ids(r), r
            chart = await h.one(f"carol click {_ids(r)['📈 Score chart']}")
            assert chart["ephemeral"] and "no score chart" in chart["content"], chart
            gone = await h.one("carol click g:99:chart")
            assert gone["ephemeral"] and not gone["files"], gone

    asyncio.run(go())


def test_look_back_buttons_read_only_their_own_channels_game(tmp_path: Path) -> None:
    """A log page button names its game by number: pressed (or forged) in another channel it reads
    nothing; the score chart (also under the server's /game history) answers anywhere in the server."""

    async def go() -> None:
        async with Harness(tmp_path / "t.db", out=tmp_path / "out") as h:
            await h("alice /game new game:tally target:6 vote:off")
            await h("bob /game join")
            await h("alice /game start thread:true")  # the game lives in its thread, #tally-1
            seats = [s.name for s in (await h.tables.get(1)).seats]
            for who in [*seats, seats[0]]:
                await h(f'{who} #tally-1 /move "text:add 2"')
            page = await h.one("carol #tally-1 /game log")
            assert page["ephemeral"] and "page 1 of 1" in page["embeds"][0]["title"], page
            # An id never shown (forged) is pressed in the main channel, not the game's thread.
            elsewhere = await h.one("carol click g:1:log:1:3")
            assert elsewhere["ephemeral"] and "not one of this channel's" in elsewhere["content"]
            assert not elsewhere["embeds"]
            there = await h.one(f"carol click {_ids(page)['◀ Previous']}")  # where its page is
            assert there["embeds"] and "page 1 of 1" in there["embeds"][0]["title"], there
            chart = await h.one("carol click g:1:chart")  # from /game history: the server's game
            assert "not one of this channel's" not in chart["content"], chart

    asyncio.run(go())
