"""Issue 2, "Tests": a complete two-player Lorenzo game played through the sandbox.

Every move is chosen from the autocomplete the acting player sees (seeded random among the
choices), submitted with ``/move`` or ``/lorenzo place``, and answered with one public message
carrying the board image. The game must reach its final scores.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from rules import find_game
from tests.bot.harness import Harness, ids, public


def test_complete_two_player_lorenzo_game_through_sandbox(tmp_path: Path) -> None:
    """Sandbox: full Lorenzo game from autocomplete, an image after every action, final result."""
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo], out=tmp_path / "out") as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            start = await h.started()
            assert start["files"] and "Seat order" in start["content"]
            rng = random.Random(2)
            last = start
            used_place = used_button = 0
            for step in range(1000):
                turn = await h.tables.turn(1)
                if turn.finished:
                    break
                actor = turn.acting[0]
                # Pinged: whoever must act, except the player who just moved (issue 12).
                assert last["mentions"] == [s.name for s in turn.acting if s.name != last["user"]]
                buttons = [c for c in last["components"] if ":m" in str(c["custom_id"])]
                choices = (await h.one(f"{actor.name} ? /move text:"))["choices"]
                assert choices, f"no legal move offered at step {step}"
                pick = rng.choice(choices)["value"]
                words = pick.split()
                if buttons and step % 2 == 0:
                    # Short decisions are also offered as buttons under the board: use them too.
                    line = f"{actor.name} click {buttons[0]['custom_id']}"
                    used_button += 1
                elif words[0] == "place" and step % 3 == 0:
                    servants = words[3].split("=")[1] if len(words) > 3 else "0"
                    spaces = await h.one(f"{actor.name} ? /lorenzo place member:{words[1]} space:")
                    assert words[2] in [c["value"] for c in spaces["choices"]]
                    member, space = words[1], words[2]
                    line = f"{actor.name} /lorenzo place member:{member} space:{space} servants:{servants}"
                    used_place += 1
                else:
                    line = f'{actor.name} /move "text:{pick}"'
                replies = await h(line)
                shown = public(replies)
                if not shown:  # issue 12: a follow-up of the same turn, asked in a private reply
                    (last,) = replies
                    assert last["ephemeral"] and "➡️" in last["content"] and last["files"], line
                    continue
                assert len(shown) == 1, (line, replies)
                last = shown[0]
                assert last["files"] and last["files"][0]["size"] > 1000, line
                assert "g:1:board" in ids(last)
            else:
                raise AssertionError("the game did not finish in 1000 actions")
            assert used_place > 0 and used_button > 0
            assert last["embeds"] and last["embeds"][0]["title"].startswith("🏆 Winner")
            # Issue 12 item 5: the result comes with the chart of the scores over the rounds.
            names = [f["name"].split(".")[0] for f in last["files"]]
            assert names == ["lorenzo-board", "scores"], last["files"]
            log_reply = await h.one("carol /game log")
            (chart_id,) = [
                c["custom_id"] for c in log_reply["components"] if c["custom_id"].endswith(":chart")
            ]
            chart = await h.one(f"carol click {chart_id}")
            assert chart["ephemeral"] and chart["files"][0]["name"].startswith("scores."), chart
            assert last["mentions"] == []
            record = await h.tables.get(1)
            assert record.status == "finished"
            replayed = await h.tables.replay(1)
            assert lorenzo.to_json(replayed) == record.state
            written = [p.name for p in (tmp_path / "out").iterdir()]
            charts = [n for n in written if "scores" in n]
            assert len(charts) == 2 and len(written) - 2 == len(await h.tables.log(1)) + 1

    asyncio.run(go())


def test_lorenzo_place_bad_input(tmp_path: Path) -> None:
    """Bad input for every /lorenzo place option and for /move: refused, nothing changes."""
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo]) as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            first = (await h.started())["mentions"][0]
            version = (await h.tables.get(1)).version
            other = "bob" if first == "alice" else "alice"
            for line in (
                f"{first} /lorenzo place member:purple space:market_1",
                f"{first} /lorenzo place member:black space:the_moon",
                f'{first} /move "text:place black"',
                f"{first} /move text:xyzzy",
                f"{other} /lorenzo place member:black space:market_1",
                "carol /lorenzo place member:black space:market_1",
            ):
                r = await h.one(line)
                assert r["ephemeral"] and r["kind"] == "followup", (line, r)
            for line, words in (
                (f"{first} /lorenzo place member:black space:market_1 servants:-1", "between 0 and 99"),
                (f"{first} /lorenzo place member:black space:market_1 servants:two", "an integer"),
                (f"{first} /lorenzo place member:black", "needs space"),
            ):
                r = await h.one(line)
                assert r["kind"] == "error" and words in r["content"], (line, r)
            assert await h.tables.log(1) == []
            assert (await h.tables.get(1)).version == version  # nothing was written

    asyncio.run(go())
