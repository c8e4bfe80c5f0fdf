"""Issue 13 item 7 at the table: one person and four easy computers play a five-player Houses of
Renaissance game through the sandbox to the final result; the computers bid in the auction (each
wins a different Family) and their moves are logged and replay exactly."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from rules import find_game
from tests.bot.harness import Harness


def test_four_easy_computers_finish_a_five_player_houses_game(tmp_path: Path) -> None:
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo]) as h:
            await h("alice /game new game:lorenzo houses:true leader_draft:deal bots:4 bot_level:easy")
            await h("alice /game start")
            rng = random.Random(4)
            for _ in range(400):
                turn = await h.tables.turn(1)
                if turn.finished:
                    break
                assert [a.name for a in turn.acting] == ["alice"], turn.acting  # computers never wait
                choices = (await h.one("alice ? /move text:"))["choices"]
                await h(f'alice /move "text:{rng.choice(choices)["value"]}"')
            record = await h.tables.get(1)
            assert record.status == "finished"
            state = await h.tables.replay(1)
            assert lorenzo.to_json(state) == record.state
            families = [p["family"] for p in state["players"]]
            assert None not in families and len(set(families)) == 5
            bids = [e for e in await h.tables.log(1) if e.text.startswith("bid ")]
            assert len({e.seat for e in bids}) == 5  # every seat bid, the computers included

    asyncio.run(go())
