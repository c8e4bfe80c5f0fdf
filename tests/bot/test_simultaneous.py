"""Issue 8 item 6: simultaneous independent choices (secret votes, draft picks, lobby joins)
arriving together are all recorded; only a choice the other change really made stale (the same
player's second click, a decision that moved on) is refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.harness import Harness, public

PLAYERS = ("alice", "bob", "carol", "dave")


async def to_the_vote(h: Harness) -> None:
    """A four-player Tally (joined all at once) played to its secret vote, everyone asked."""
    await h("alice /game new game:tally target:6 vote:on")
    await h.sandbox.run_together([f"{p} /game join" for p in PLAYERS[1:]])
    assert len((await h.tables.get(1)).seats) == 4, "joins arriving together are all seated"
    await h.started()
    for _ in range(10):
        turn = await h.tables.turn(1)
        if len(turn.acting) > 1:
            break
        who = h.sandbox.members.by_id(turn.acting[0].user_id)
        assert who is not None
        await h(f'{who.name} /move "text:add 2"')
    assert len((await h.tables.turn(1)).acting) == 4


def votes(log: list[str]) -> list[str]:
    return [t for t in log if t.startswith("vote")]


def test_votes_typed_at_once_are_all_recorded(db: Path | str) -> None:
    """Four /move votes delivered together: four private confirmations, no "board changed", the
    votes revealed once all are in."""

    async def go() -> None:
        async with Harness(db) as h:
            await to_the_vote(h)
            start = len(h.seen)
            await h.sandbox.run_together([f'{p} /move "text:vote yes"' for p in PLAYERS])
            replies = h.seen[start:]
            private = [r for r in replies if r["ephemeral"]]
            assert len(private) == 4 and all("recorded" in r["content"] for r in private), private
            assert votes([m.text for m in await h.tables.log(1)]) == ["vote yes"] * 4
            assert (await h.tables.turn(1)).finished
            assert sum("votes are revealed" in r["content"] for r in public(replies)) == 1

    asyncio.run(go())


def test_vote_buttons_pressed_at_once_are_all_recorded(db: Path | str) -> None:
    """Each player opens their private choices, then all four press a vote button together."""

    async def go() -> None:
        async with Harness(db) as h:
            await to_the_vote(h)
            buttons = {}
            for p in PLAYERS:
                mine = await h.one(f"{p} click g:1:hand")
                buttons[p] = next(c["custom_id"] for c in mine["components"] if c["label"] == "vote no")
            start = len(h.seen)
            await h.sandbox.run_together([f"{p} click {buttons[p]}" for p in PLAYERS])
            refused = [r for r in h.seen[start:] if r["ephemeral"] and "recorded" not in r["content"]]
            assert refused == []
            assert votes([m.text for m in await h.tables.log(1)]) == ["vote no"] * 4

    asyncio.run(go())


def test_one_players_two_votes_at_once_only_one_counts(db: Path | str) -> None:
    """Bob's two votes arrive together with carol's: carol's and one of bob's are recorded, bob's
    other is refused (his decision was made by his own first vote)."""

    async def go() -> None:
        async with Harness(db) as h:
            await to_the_vote(h)
            start = len(h.seen)
            lines = ['bob /move "text:vote yes"', 'bob /move "text:vote no"', 'carol /move "text:vote no"']
            await h.sandbox.run_together(lines)
            log = [(m.seat, m.text) for m in await h.tables.log(1)]
            record = await h.tables.get(1)
            bob = next(s.seat for s in record.seats if s.name == "bob")
            assert len([t for s, t in log if s == bob and t.startswith("vote")]) == 1
            assert len(votes([t for _, t in log])) == 2
            refusals = [r for r in h.seen[start:] if r["ephemeral"] and "recorded" not in r["content"]]
            assert len(refusals) == 1 and refusals[0]["user"] == "bob", refusals

    asyncio.run(go())
