"""Issue 12 item 1: one public post per turn, not per step.

With the toy game's ``follow_up`` option the bonus after "add 3" belongs to the adder's turn
(``rules.core.game_continues_turn``): it is asked in the adder's private reply, and the channel
hears of the whole turn once, when it passes on, with one board and one ping. Secret choices made
while others still decide get a short line without a board. A new public post takes the buttons
off the previous one.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

from bot.service.table import Tables
from tests.bot.harness import Harness, button_removals, ids, public


async def started(h: Harness, options: str = "target:10 follow_up:on") -> tuple[str, str]:
    await h(f"alice /game new game:tally {options}")
    await h("bob /game join")
    first = (await h.started())["mentions"][0]
    return first, ("bob" if first == "alice" else "alice")


def test_a_follow_up_is_asked_privately_and_the_turn_posted_once(db: Path | str) -> None:
    async def go() -> None:
        async with Harness(db) as h:
            first, second = await started(h)
            asked = await h.one(f'{first} /move "text:add 3"')
            assert asked["ephemeral"] and asked["files"] and asked["mentions"] == []
            assert "added 3 (total 3)" in asked["content"] and "➡️ choose a bonus" in asked["content"]
            bonus = [c for c in asked["components"] if ":m" in c["custom_id"]]
            assert [c["label"] for c in bonus] == ["bonus coin", "bonus point"]
            replies = await h(f"{first} click {bonus[1]['custom_id']}")
            (post,) = public(replies)
            # The whole turn, once: the add and its bonus, one board, one ping (not the mover).
            assert "added 3 (total 3)" in post["content"] and "took a bonus point" in post["content"]
            assert post["files"] and post["mentions"] == [second]
            # The private reply the bonus was chosen on is edited: no buttons left on it.
            (done,) = [r for r in replies if r["ephemeral"]]
            assert done["kind"] == "edit" and done["message_id"] == asked["message_id"]
            assert done["components"] == [] and "bonus point" in done["content"]
            assert [m.text for m in await h.tables.log(1)] == ["add 3", "bonus point"]

    asyncio.run(go())


def test_the_turns_untold_events_survive_a_restart(db: Path | str) -> None:
    """The events of a turn's earlier moves are rebuilt from the move log after a restart."""

    async def go() -> None:
        async with Harness(db) as h:
            first, second = await started(h)
            await h.one(f'{first} /move "text:add 3"')
        async with Harness(db) as h2:
            (post,) = public(await h2(f'{first} /move "text:bonus coin"'))
            assert "added 3 (total 3)" in post["content"] and "took a bonus coin" in post["content"]
            assert post["mentions"] == [second]

    asyncio.run(go())


def test_without_follow_ups_every_move_is_posted(db: Path | str) -> None:
    """A game that does not declare ``continues_turn`` is announced move by move (the default)."""

    async def go() -> None:
        async with Harness(db) as h:
            first, _ = await started(h, "target:10")
            post = await h.one(f'{first} /move "text:add 3"')
            assert not post["ephemeral"] and post["files"] and "choose a bonus" in post["content"]
            assert post["mentions"] == []  # the mover is asked again: named, not pinged

    asyncio.run(go())


def test_a_new_post_takes_the_buttons_off_the_previous_one(db: Path | str) -> None:
    async def go() -> None:
        async with Harness(db) as h:
            first, _ = await started(h, "target:10")
            before = await h.one(f'{first} /move "text:add 3"')
            bonus = [c["custom_id"] for c in before["components"] if ":m" in c["custom_id"]]
            seen = len(h.seen)
            (after,) = public(await h(f"{first} click {bonus[0]}"))
            (removed,) = button_removals(h.seen[seen:])
            assert removed["message_id"] == before["message_id"] and removed["components"] == []
            assert ids(after) == ["g:1:hand", "g:1:board"]
            # A client that still shows the old button gets the usual answer.
            late = await h.one(f"{first} click {bonus[1]}")
            assert late["ephemeral"] and "moved on" in late["content"]

    asyncio.run(go())


def test_secret_choices_while_others_decide_get_a_short_line_without_board(db: Path | str) -> None:
    async def go() -> None:
        async with Harness(db) as h:
            await h("alice /game new game:tally target:6")
            for name in ("bob", "carol"):
                await h(f"{name} /game join")
            await h.started()
            while len((turn := await h.tables.turn(1)).acting) == 1:
                actor = turn.acting[0].name
                text = "bonus coin" if turn.state.phase == "bonus" else "add 3"
                await h(f'{actor} /move "text:{text}"')
            voters = [s.name for s in turn.acting]
            for i, name in enumerate(voters):
                (post,) = public(await h(f'{name} /move "text:vote yes"'))
                if i < len(voters) - 1:
                    assert post["content"] == f"{name} has voted." and not post["files"]
                    assert post["mentions"] == []
                else:  # the reveal posts the board
                    assert "revealed" in post["content"] and post["files"]

    asyncio.run(go())


def test_live_post_remembers_one_post_per_game() -> None:
    tables = Tables(cast(Any, None))  # no store: the live post is kept in memory
    assert tables.live_post(1, 10, 100) is None
    assert tables.live_post(1, 10, 101) == (10, 100)
    assert tables.live_post(2, 20, 200) is None
    assert tables.live_post(1, 10, 102) == (10, 101)
