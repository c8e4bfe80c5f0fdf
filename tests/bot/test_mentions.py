"""Issue 8 item 1: a message pings exactly the seats it means. ``allowed_mentions`` lists those
user ids (never ``parse``), and display names are escaped for mentions as well as markdown, so a
member called ``<@someone>`` or ``@everyone`` pings nobody."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.bot.harness import Harness, public

CAROL = 900_000_000_000_000_103  # in the server, not in the game


def sent_allowed_mentions(h: Harness) -> list[dict[str, Any]]:
    """The allowed_mentions of every request the bot sent that carried content."""
    bodies = [w["json"] for w in h.wire if isinstance(w.get("json"), dict) and w["json"].get("content")]
    return [b.get("allowed_mentions") or {} for b in bodies]


def test_a_name_with_mentions_pings_nobody(db: Path | str) -> None:
    """Mallory, named ``<@carol> @everyone``, plays a whole game with alice: no message pings carol
    or everyone, every request names its pinged users explicitly (no ``parse``), each turn message
    pings only who must act, and the name is shown broken (a zero-width space after the @)."""

    async def go() -> None:
        async with Harness(db) as h:
            assert await h(f'@member mallory "<@{CAROL}> @everyone"') == []
            await h("alice /game new game:tally target:6 vote:on")
            joined = (await h("mallory /game join"))[0]
            assert f"<@{CAROL}>" not in joined["content"] and "@\u200b" in joined["content"], joined
            seen = [await h.started()]
            for _ in range(30):
                turn = await h.tables.turn(1)
                if turn.finished:
                    break
                text = "vote yes" if turn.state.phase == "vote" else "add 1"
                for seat in turn.acting:
                    who = h.sandbox.members.by_id(seat.user_id)
                    assert who is not None
                    replies = await h(f'{who.name} /move "text:{text}"')
                    assert all(r["kind"] != "error" for r in replies), replies
                    seen += public(replies)
            assert (await h.tables.turn(1)).finished
            await h("@clock +30h")  # the clock's pings too
            for reply in h.seen:
                assert "carol" not in reply["mentions"], reply
                assert set(reply["mentions"]) <= {"alice", "mallory"}, reply
                assert f"<@{CAROL}>" not in reply["content"], reply
            players = {s.user_id for s in (await h.tables.get(1)).seats}
            pinged = [r for r in seen if r["mentions"]]
            assert pinged, "turn messages ping whoever acts next"
            for allowed in sent_allowed_mentions(h):
                assert allowed.get("parse", []) == [], allowed  # never parsed from the text
                assert {int(u) for u in allowed.get("users", [])} <= players, allowed

    asyncio.run(go())
