"""Issue 2 acceptance: complete games played as players would, through the sandbox.

The driver knows only what the players see: who is pinged, the buttons and selects under the
board, "Decide privately"/"Choose" replies and ``/move`` suggestions; it picks among them at
random (seeded) and opens "My board" now and then. Every response must fit Discord's limits;
every refusal would be a bug (the driver only plays what it was offered). Hidden information:
no public message may carry a leader in a hand or pack (Lorenzo), nor, with 3+ Lancaster players,
choices that depend on hidden gold or squires.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from rules import find_game
from rules.lorenzo.data import LEADERS
from tests.bot.harness import Harness, over_discord_limits, public, walk_to_confirm, walking

CASES = {
    "lorenzo-3p-leaders": ("lorenzo", "leaders:true", 3, 4),
    "lancaster-4p": ("lancaster", "", 4, 8),
    "lancaster-2p-allies": ("lancaster", "", 2, 5),
    # Issue 14: the expansions offered, together, at the largest table and at four.
    "lancaster-5p-expansions": ("lancaster", "henry_v:true queenie:true kings_resentment:true", 5, 9),
    "lancaster-4p-expansions": ("lancaster", "henry_v:true queenie:true kings_resentment:true", 4, 11),
}
PLAYERS = ("alice", "bob", "carol", "dave", "erin")


def shown_text(reply: dict[str, Any]) -> str:
    parts = [reply["content"], *(f"{e['title']} {e['description']}" for e in reply["embeds"])]
    return "\n".join([*parts, *(str(c.get("label")) for c in reply["components"])])


def hidden_leaders(state: dict[str, Any]) -> set[str]:
    ids = {x for ps in state["players"] for x in ps["leader_hand"]}
    if state["leader_draft"]:
        ids |= {x for pack in state["leader_draft"]["packs"] for x in pack}
    return {LEADERS[x]["name"] for x in ids}


def pick_line(rng: random.Random, user: str, reply: dict[str, Any]) -> str | None:
    """A click on one of the choices in ``reply`` (button or select), or None if it has none."""
    choices = [c for c in reply["components"] if ":v" in c["custom_id"]]
    if not choices:
        return None
    chosen = rng.choice(choices)
    if chosen.get("type") == "select":
        return f"{user} click {chosen['custom_id']} {rng.choice(chosen['options'])['value']}"
    return f"{user} click {chosen['custom_id']}"


@pytest.mark.parametrize("case", list(CASES))
def test_complete_game_as_players_see_it(tmp_path: Path, case: str) -> None:
    """Turn flow end to end (issue 2): every message within Discord's limits, nothing private
    in public, no refusal of an offered choice, a winner announced, the log replays."""
    name, options, count, seed = CASES[case]
    game = find_game(name)
    players = PLAYERS[:count]

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[game]) as h:
            seen: list[dict[str, Any]] = []

            async def send(line: str) -> list[dict[str, Any]]:
                replies = await h(line)
                for r in replies:
                    assert r["kind"] != "error", (line, r)
                    assert not over_discord_limits(r), (line, over_discord_limits(r), r)
                seen.extend(replies)
                return replies

            await send(f"alice /game new game:{name} {options}")
            for p in players[1:]:
                await send(f"{p} /game join")
            last = await h.started()
            rng = random.Random(seed)
            for step in range(3000):
                if last["embeds"] and last["embeds"][0]["title"].startswith("🏆"):
                    break
                ids = [c["custom_id"] for c in last["components"]]
                line = None
                if last["ephemeral"]:  # issue 12: the next decision of the same turn, privately
                    line = pick_line(rng, last["user"], last)
                    if line and walking(last):  # that decision may be a guided turn too
                        line = await walk_to_confirm(
                            send, last["user"], last, lambda labels: rng.randrange(len(labels))
                        )
                    if line is None:
                        (suggested,) = await send(f"{last['user']} ? /move text:")
                        line = f'{last["user"]} /move "text:{rng.choice(suggested["choices"])["value"]}"'
                elif "g:1:hand" in ids:  # "Decide privately" / "Choose": whoever has choices
                    for p in rng.sample(players, len(players)):
                        (mine,) = await send(f"{p} click g:1:hand")
                        assert mine["ephemeral"] and mine["files"], mine
                        line = pick_line(rng, p, mine)
                        if line and walking(mine):  # a guided turn: step by step to Confirm
                            line = await walk_to_confirm(
                                send, p, mine, lambda labels: rng.randrange(len(labels))
                            )
                        if line:
                            break
                        if "➡️" in mine["content"]:  # asked, but too many moves for a select
                            assert "Use `/move`" in mine["content"], mine["content"]
                if line is None:
                    acting = last["mentions"] or [
                        p for p in players if (await send(f"{p} ? /move text:"))[0]["choices"]
                    ]
                    actor = rng.choice(acting)
                    line = pick_line(rng, actor, last) if rng.random() < 0.6 else None
                    if line is None:
                        (suggested,) = await send(f"{actor} ? /move text:")
                        assert suggested["choices"], (step, actor, last["content"])
                        line = f'{actor} /move "text:{rng.choice(suggested["choices"])["value"]}"'
                before = len(await h.tables.log(1))
                replies = await send(line)
                assert len(await h.tables.log(1)) == before + 1, (line, replies)
                shown = public(replies)
                if not shown:  # issue 12: a follow-up of the same turn, asked in a private reply
                    (last,) = replies
                    assert last["ephemeral"] and "➡️" in last["content"] and last["files"], replies
                    continue
                assert len(shown) == 1, (line, replies)
                last = shown[0]
                final = bool(last["embeds"]) and last["embeds"][0]["title"].startswith("🏆")
                # Who must act, always; but between secret choices a short line without a board.
                secret_series = not last["files"]
                assert secret_series or final or "➡️" in last["content"], last["content"]
                said = last["content"].split("\n")[0]
                assert not secret_series or said.endswith(("has voted.", "kept a leader.")), last
                if step % 25 == 0:
                    (board,) = await send(f"{rng.choice(players)} click g:1:board")
                    assert board["ephemeral"] and board["files"]
                    shown.extend(await send("erin /game status" if count < 5 else "alice /game status"))
                state = (await h.tables.turn(1)).state
                if name == "lorenzo":
                    secret = hidden_leaders(state)
                    for r in shown:
                        assert not [n for n in secret if n in shown_text(r)], (step, line, r["content"])
                elif count > 2:
                    kind = (state["pending"] or {}).get("kind")
                    if kind in ("county", "exchange", "ransom"):
                        assert not [c for c in last["components"] if ":v" in c["custom_id"]], last
                    if state["pending"] is None and len(last["mentions"]) == 1:
                        # A knight placement: how many moves there are depends on hidden squires,
                        # so the private "Choose" entry is there however many (or few) they are.
                        assert "g:1:hand" in [c["custom_id"] for c in last["components"]], last
            else:
                raise AssertionError("the game did not finish")
            record = await h.tables.get(1)
            assert record.status == "finished"
            assert game.to_json(await h.tables.replay(1)) == record.state
            assert not [r for r in seen if "Sorry" in r["content"]]

    asyncio.run(go())
