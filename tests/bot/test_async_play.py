"""Asynchronous play over days (issue 11 items 3-8) through the sandbox: confirmations, the
lobby's creator leaving, undo under the fairness policy and rollback, leaving and replacing,
/game mine and /game list, /game status after the end and /game rematch, sleeping threads.

Every test runs on both stores (the ``db`` fixture)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.service.movelog import live, replay_log
from tests.bot.harness import Harness, ids, public
from tests.bot.toy import TALLY


def play(db: Path | str, tmp_path: Path, body: Callable[[Harness], Awaitable[None]]) -> None:
    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await body(h)

    asyncio.run(go())


async def started(h: Harness, *players: str, options: str = "target:10") -> list[str]:
    """A running game of alice and ``players``; returns the user names in seat order."""
    await h(f"alice /game new game:tally {options}")
    for p in players:
        await h(f"{p} /game join")
    await h.started()
    return [s.name for s in (await h.tables.get(1)).seats]


def button(replies: list[dict[str, Any]], part: str) -> str:
    found = [c["custom_id"] for r in replies for c in r["components"] if part in c["custom_id"]]
    assert found, replies
    return found[-1]


async def state_matches_log(h: Harness, game_id: int = 1) -> None:
    """The replay of the whole log (undo entries included) is exactly the stored state."""
    record = await h.tables.get(game_id)
    start = TALLY.setup(len(record.seats), record.seed, record.options)
    replayed = replay_log(TALLY, start, await h.tables.log(game_id))
    assert TALLY.to_json(replayed) == record.state


# --------------------------------------------------------------------------------------------
# item 5: confirmations
# --------------------------------------------------------------------------------------------


def test_abandon_asks_and_the_button_lasts_a_minute(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 5: /game abandon asks first (a button, 60 s); nothing changes until it is
    pressed; a press after the minute or by someone who may not abandon is refused."""

    async def body(h: Harness) -> None:
        await started(h, "bob")
        asked = await h.one("alice /game abandon")
        assert asked["ephemeral"] and "60 seconds" in asked["content"]
        custom_id = button([asked], ":ok:abandon:")
        assert (await h.tables.get(1)).status == "running"
        r = await h.one(f"bob click {custom_id}")  # bob is neither the creator nor an admin
        assert r["ephemeral"] and "Manage Server" in r["content"]
        await h("@clock +61s")
        r = await h.one(f"alice click {custom_id}")
        assert r["ephemeral"] and "expired" in r["content"]
        assert (await h.tables.get(1)).status == "running"
        done, said, _card = await h.confirmed("alice /game abandon")
        assert done["components"] == [] and "abandoned by alice" in said["content"]
        assert (await h.tables.get(1)).status == "abandoned"

    play(db, tmp_path, body)


def test_the_lobby_creator_can_leave(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 3: the lobby's creator leaves; the next joiner runs the lobby; the last
    person leaving closes it."""

    async def body(h: Harness) -> None:
        await h("alice /game new game:tally")
        await h("bob /game join")
        await h("carol /game join")
        said, card = await h("alice /game leave")
        assert "bob runs the lobby now" in said["content"]
        assert "bob starts with `/game start`" in card["embeds"][0]["description"]
        record = await h.tables.get(1)
        assert record.creator_id == h.sandbox.members.get("bob").id  # type: ignore[union-attr]
        r = await h.one("carol /game start")
        assert "Only the player who created" in r["content"]
        await h("carol /game leave")
        said, card = await h("bob /game leave")
        assert "lobby of game #1 is closed" in said["content"]
        assert (await h.tables.get(1)).status == "abandoned"
        assert (await h.one("bob /game new game:tally"))["kind"] == "followup"

    play(db, tmp_path, body)


# --------------------------------------------------------------------------------------------
# item 4: undo and rollback
# --------------------------------------------------------------------------------------------


def test_undo_own_last_step_is_announced_and_replay_stays_exact(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 4: a player takes back their own last step while nobody else has moved
    since; everyone is told; the log keeps the move and the undo entry; replay is exact."""

    async def body(h: Harness) -> None:
        first, second = await started(h, "bob")
        await h(f'{first} /move "text:add 2"')
        replies = await h(f"{first} /game undo")
        mine = [r for r in replies if r["ephemeral"]]
        shown = public(replies)
        assert len(mine) == 1 and "Taken back: add 2." in mine[0]["content"]
        assert len(shown) == 1 and f"↩️ {first} took back their last step: add 2" in shown[0]["content"]
        assert shown[0]["files"] and shown[0]["mentions"] == [first]  # the board, their turn again
        log = await h.tables.log(1)
        assert [e.text for e in log] == ["add 2", "@undo 1"] and live(log) == []
        await state_matches_log(h)
        await h(f'{first} /move "text:add 1"')
        await state_matches_log(h)
        # The other player moved since: refused with the reason, nothing changes.
        await h(f'{second} /move "text:add 1"')
        before = await h.tables.get(1)
        r = await h.one(f"{first} /game undo")
        assert r["ephemeral"] and "nobody else has moved since" in r["content"]
        r = await h.one(f"{second} /game undo steps:2")
        assert r["ephemeral"] and "another player's move" in r["content"]
        assert (await h.tables.get(1)).version == before.version

    play(db, tmp_path, body)


def test_undo_button_in_the_private_reply(db: Path | str, tmp_path: Path) -> None:
    """The Undo button under one's own board after one's step; a stale button changes nothing."""

    async def body(h: Harness) -> None:
        first, second = await started(h, "bob")
        await h(f'{first} /move "text:add 3"')  # a bonus decision follows: still their turn
        mine = await h.one(f"{first} click g:1:board")
        undo = button([mine], ":undo:")
        other = await h.one(f"{second} click g:1:board")
        assert not [c for c in other["components"] if ":undo:" in c["custom_id"]]
        replies = await h(f"{first} click {undo}")
        assert any("↩️" in r["content"] for r in public(replies))
        r = await h.one(f"{first} click {undo}")  # made for the version before the undo
        assert r["ephemeral"] and "moved on" in r["content"]
        await state_matches_log(h)

    play(db, tmp_path, body)


def test_undo_of_a_turn_the_channel_never_saw_names_no_step(db: Path | str, tmp_path: Path) -> None:
    """A move whose follow-up is still being answered privately was never posted (issue 12): an
    undo then tells the channel only that the player is choosing again, never the step it did
    not see (a Lancaster knight on a conflict before its King's Favor, a Lorenzo placement before
    its privilege). Once a turn was posted, its steps are named as before."""

    async def body(h: Harness) -> None:
        first, _ = await started(h, "bob", options="target:10 follow_up:true")
        quiet = await h(f'{first} /move "text:add 3"')  # its bonus follows, privately
        assert not any("add 3" in r["content"] for r in public(quiet))
        shown = public(await h(f"{first} /game undo"))
        assert len(shown) == 1
        assert (
            f"↩️ {first} took back a move they had not finished and is choosing again." in shown[0]["content"]
        )
        assert "add 3" not in shown[0]["content"]
        await h(f'{first} /move "text:add 2"')  # announced: its turn passed to bob
        shown = public(await h(f"{first} /game undo"))
        assert f"↩️ {first} took back their last step: add 2" in shown[0]["content"]
        await state_matches_log(h)

    play(db, tmp_path, body)


def test_undo_after_a_secret_decision_is_revealed_is_refused(db: Path | str, tmp_path: Path) -> None:
    """Undo is refused once a secret decision was completed (the votes are revealed then); a
    vote that others are still deciding on can be taken back (nothing was revealed)."""

    async def body(h: Harness) -> None:
        seats = await started(h, "bob", "carol", options="target:6")
        for who in (seats * 3)[:3]:
            await h(f'{who} /move "text:add 2"')
        replies = await h(f'{seats[0]} /move "text:vote yes"')
        assert any("has voted" in r["content"] for r in public(replies))
        told = [x for x in await h(f"{seats[0]} /game undo") if x["ephemeral"]]
        assert "a secret choice" in told[0]["content"]  # not echoed: still secret
        await h(f'{seats[0]} /move "text:vote no"')
        await h(f'{seats[1]} /move "text:vote yes"')
        replies = await h(f'{seats[2]} /move "text:vote no"')
        assert any("votes are revealed" in r["content"] for r in public(replies))
        r = await h.one(f"{seats[2]} /game undo")  # the game is over: nothing to take back
        assert r["ephemeral"] and "no game in this channel" in r["content"]
        await state_matches_log(h)

    play(db, tmp_path, body)


def test_rollback_by_the_creator_confirms_first(db: Path | str, tmp_path: Path) -> None:
    """The creator (or Manage Server) rolls back further, whoever moved, after confirming;
    other players may not."""

    async def body(h: Harness) -> None:
        first, second = await started(h, "bob")
        await h(f'{first} /move "text:add 1"')
        await h(f'{second} /move "text:add 2"')
        r = await h.one("bob /game rollback steps:2")
        assert r["ephemeral"] and "creator" in r["content"]
        done, board = await h.confirmed("alice /game rollback steps:2")
        assert done["components"] == [] and "⏪ alice rolled the game back by 2 moves" in board["content"]
        assert live(await h.tables.log(1)) == []
        await state_matches_log(h)
        r = await h.one("erin /game rollback steps:9")  # Manage Server may, but not beyond the log
        confirm = button([r], ":ok:rollback:")
        r = await h.one(f"erin click {confirm}")
        assert "Only 0 moves are in force" in r["content"]

    play(db, tmp_path, body)


# --------------------------------------------------------------------------------------------
# items 6, 7, 8
# --------------------------------------------------------------------------------------------


def test_mine_and_list_across_channels(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 6: /game mine lists the caller's open games in every channel and thread of
    the server, those waiting for them first, with what they wait for and since when."""

    async def body(h: Harness) -> None:
        await h("alice /game new game:tally")
        await h("bob /game join")
        await h("alice /game start thread:true")
        await h("carol /game new game:tally")
        await h("alice /game join")
        r = await h.one("alice /game mine")
        lines = r["content"].splitlines()
        assert r["ephemeral"] and len(lines) == 2
        record = await h.tables.get(1)
        waits_for_alice = record.seats[0].name == "alice"
        assert ("waits for **you**" in lines[0]) == waits_for_alice
        assert "#tally-1" in r["content"] and "lobby, 2 seated: carol, alice" in r["content"]
        r = await h.one("dave /game mine")
        assert "no open games" in r["content"]
        r = await h.one("dave /game list")
        assert len(r["content"].splitlines()) == 2 and "since <t:" in r["content"]

    play(db, tmp_path, body)


def test_status_after_the_end_and_rematch(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 7: /game status right after the end shows the result; /game rematch seats
    the same players with the same options and clock, in a new lobby."""

    async def body(h: Harness) -> None:
        await h("alice /game new game:tally target:6 vote:off clock:12")
        await h("bob /game join")
        await h.started()
        seats = [s.name for s in (await h.tables.get(1)).seats]
        for who in seats * 2:
            await h(f'{who} /move "text:add 2"')
        assert (await h.tables.get(1)).status == "finished"
        r = await h.one("bob /game status")
        assert (
            r["embeds"][1]["title"].startswith("🏆 Winner")
            and "/game rematch" in r["embeds"][0]["description"]
        )
        r = await h.one("carol /game rematch")
        assert r["ephemeral"] and "Only the players of game #1" in r["content"]
        r = await h.one("bob /game rematch")
        assert not r["ephemeral"] and sorted(r["mentions"]) == ["alice", "bob"]
        again = await h.tables.get(2)
        assert again.status == "lobby" and again.creator_id == h.sandbox.members.get("bob").id  # type: ignore[union-attr]
        assert sorted(s.name for s in again.seats) == ["alice", "bob"]
        assert again.options == (await h.tables.get(1)).options and again.clock_hours == 12
        r = await h.one("alice /game rematch")
        assert "not over yet" in r["content"]

    play(db, tmp_path, body)


def test_an_archived_thread_is_woken_before_posting(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 8: the game's thread was archived after days of silence; the clock's ping
    still reaches it: the bot unarchives it, then posts."""

    async def body(h: Harness) -> None:
        await h("alice /game new game:tally")
        await h("bob /game join")
        await h("alice /game start thread:true")
        await h("@archive #tally-1")
        replies = await h("@clock +25h")
        pings = [r for r in replies if r["kind"] == "message"]
        assert (
            len(pings) == 1 and pings[0]["channel"] == "tally-1" and "half your clock" in pings[0]["content"]
        )
        assert ("PATCH", "/channels/{channel_id}") in h.sandbox.rest_calls
        # Discord refused the post (the client did not know the thread was archived): the same.
        await h("@archive #tally-1 quietly")
        replies = await h("@clock +20h")
        pings = [r for r in replies if r["kind"] == "message"]
        assert len(pings) == 1 and "Last call" in pings[0]["content"]
        refused = [r["content"] for r in replies if r["kind"] == "refused"]
        assert len(refused) == 1 and "Thread is archived (code 50083)" in refused[0]

    play(db, tmp_path, body)


def test_leave_hands_the_seat_to_the_computer(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 3: leaving a running game, once confirmed, hands the seat to the computer
    for good; the channel is told; the last person can't leave (abandon instead)."""

    async def body(h: Harness) -> None:
        await started(h, "bob", "carol")
        done, said = (await h.confirmed("carol /game leave"))[:2]
        assert done["components"] == [] and "carol left game #1" in said["content"]
        record = await h.tables.get(1)
        seat = next(s for s in record.seats if s.name == "carol (computer)")
        assert seat.user_id < 0 and record.seating.computers[seat.seat].mode == "left"
        r = await h.one("carol /game hand")
        assert "not playing" in r["content"]
        await h.confirmed("bob /game leave")
        r = await h.one("alice /game leave")
        assert "last person" in r["content"]

    play(db, tmp_path, body)


def test_replace_a_player_the_new_one_confirms(db: Path | str, tmp_path: Path) -> None:
    """Issue 11 item 3: the creator hands a seat to another member, who accepts with the button
    and then sees that seat's private board; others can't accept it or ask for it."""

    async def body(h: Harness) -> None:
        await started(h, "bob")
        r = await h.one("bob /game replace seat:alice member:dave")
        assert r["ephemeral"] and "creator" in r["content"]
        r = await h.one("alice /game replace seat:bob member:alice")
        assert "already plays" in r["content"]
        offer = await h.one("alice /game replace seat:bob member:dave")
        assert not offer["ephemeral"] and offer["mentions"] == ["dave"]
        take = button([offer], ":ok:replace:")
        r = await h.one(f"carol click {take}")
        assert r["ephemeral"] and "someone else" in r["content"]
        assert (await h.tables.get(1)).seat_of(h.sandbox.members.get("dave").id) is None  # type: ignore[union-attr]
        replies = await h(f"dave click {take}")
        assert any("now plays bob's seat" in r["content"] and r["mentions"] == ["dave"] for r in replies)
        mine = await h.one("dave /game hand")
        assert mine["ephemeral"] and mine["files"]
        r = await h.one("bob /game hand")
        assert "not playing" in r["content"]
        r = await h.one(f"dave click {take}")
        assert "changed hands" in r["content"]

    play(db, tmp_path, body)


def test_lobby_add_computer_and_bots_option(db: Path | str, tmp_path: Path) -> None:
    """Issue 10 item 2: /game new bots and bot_level, and the lobby's Add computer button; the
    computers are named as such on the card, their level beside the stored short name."""

    async def body(h: Harness) -> None:
        r = await h.one("alice /game new game:tally bots:2 bot_level:easy")
        description = r["embeds"][0]["description"]
        assert "Computer 1 🤖 easy" in description and "Computer 2 🤖 easy" in description
        card = await h.one(f"alice click {button([r], ':bot')}")
        assert "Computer 3 🤖 normal" in card["embeds"][0]["description"]
        assert (await h.tables.get(1)).names[1:] == ["Computer 1", "Computer 2", "Computer 3"]
        r = await h.one(f"bob click {button([r], ':bot')}")
        assert "Only the player who created" in r["content"]
        r = await h.one(f"alice click {button([card], ':bot')}")
        assert "at most 4" in r["content"]
        assert ids(card)[-1] == "g:1:bot"

    play(db, tmp_path, body)
