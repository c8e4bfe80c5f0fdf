"""Issue 2: Lancaster plugs into the same commands. A complete three-player game in the sandbox.

Open decisions are taken from ``/move`` autocomplete; secret ones (the Parliament votes) through
the "Decide privately" button and the ephemeral choices it opens, as a player would.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from rules import find_game
from tests.bot.harness import Harness, public


def test_complete_three_player_lancaster_game_with_private_votes(tmp_path: Path) -> None:
    """Simultaneous secret decisions collected privately, revealed together; game to the end."""
    lancaster = find_game("lancaster")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lancaster]) as h:
            await h("alice /game new game:lancaster")
            await h("bob /game join")
            await h("carol /game join")
            last = await h.started()
            rng = random.Random(3)
            secret_choices = 0
            for _ in range(2000):
                turn = await h.tables.turn(1)
                if turn.finished:
                    break
                actor = turn.acting[0]
                if turn.prompts[actor.seat].secret:
                    assert "g:1:hand" in [c["custom_id"] for c in last["components"]]
                    mine = await h.one(f"{actor.name} click g:1:hand")
                    assert mine["ephemeral"] and mine["components"]
                    choice = mine["components"][0]
                    if choice.get("type") == "select":
                        value = rng.choice(choice["options"])["value"]
                        line = f"{actor.name} click {choice['custom_id']} {value}"
                    else:
                        picks = [c for c in mine["components"] if ":m" in str(c["custom_id"])]
                        line = f"{actor.name} click {rng.choice(picks)['custom_id']}"
                    replies = await h(line)
                    acks = [r for r in replies if r["ephemeral"]]
                    assert len(acks) == 1 and "secret choice is recorded" in acks[0]["content"]
                    secret_text = acks[0]["content"].split("`")[1]
                    shown = public(replies)
                    assert len(shown) == 1 and shown[0]["kind"] == "message"
                    assert secret_text not in shown[0]["content"]
                    secret_choices += 1
                else:
                    choices = (await h.one(f"{actor.name} ? /move text:"))["choices"]
                    replies = await h(f'{actor.name} /move "text:{rng.choice(choices)["value"]}"')
                    shown = public(replies)
                    assert len(shown) == 1
                last = shown[0]
                assert last["files"] and last["files"][0]["size"] > 1000
            else:
                raise AssertionError("the game did not finish")
            assert secret_choices > 0
            assert last["embeds"] and last["embeds"][0]["title"].startswith("🏆 Winner")
            record = await h.tables.get(1)
            assert lancaster.to_json(await h.tables.replay(1)) == record.state

    asyncio.run(go())
