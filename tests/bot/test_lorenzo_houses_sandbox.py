"""Issue 13, "How it is checked": a five-player Houses of Renaissance game through the sandbox,
choosing only from what players are offered (buttons and selects under the board for public
decisions - the Family auction included -, "Decide privately"/"Choose" for private ones, the
autocomplete of /move otherwise), with an image after every action, to the final result."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from rules import find_game
from tests.bot.harness import Harness, public, walk_to_confirm, walking

PLAYERS = ("alice", "bob", "carol", "dave", "erin")


def test_five_player_houses_game_through_the_sandbox(tmp_path: Path) -> None:
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo]) as h:
            await h("alice /game new game:lorenzo houses:true leader_draft:deal")
            for name in PLAYERS[1:]:
                await h(f"{name} /game join")
            last = await h.started()
            rng = random.Random(13)
            seen: dict[str, int] = {}
            for step in range(2500):
                turn = await h.tables.turn(1)
                if turn.finished:
                    break
                state = turn.state
                actor = rng.choice(turn.acting)
                prompt = turn.prompts[actor.seat]
                buttons = [c for c in last["components"] if ":m" in str(c["custom_id"])]
                selects = [c for c in last["components"] if c.get("type") == "select"]
                labels = [c.get("label") for c in last["components"]]
                if state["phase"] == "auction":
                    # Every bid and forced move is answered from the board's own buttons/select.
                    assert buttons or selects, (step, last["content"])
                if prompt.decision and not prompt.secret and (buttons or selects):
                    if buttons:
                        line = f"{actor.name} click {rng.choice(buttons)['custom_id']}"
                    else:
                        value = rng.choice(selects[0]["options"])["value"]
                        line = f"{actor.name} click {selects[0]['custom_id']} {value}"
                    kind = "board"
                elif (prompt.secret or "Choose" in labels) and len(
                    lorenzo.legal_moves(state, actor.seat)
                ) <= 25:
                    mine = await h.one(f"{actor.name} click g:1:hand")  # private: buttons or a select
                    assert mine["ephemeral"] and mine["components"], mine
                    pick = mine["components"][0]
                    if walking(mine):  # issue 12 item 2: a placement walked to its preview and Confirm
                        line = await walk_to_confirm(
                            h, actor.name, mine, lambda offered: rng.randrange(len(offered))
                        )
                    elif pick.get("type") == "select":
                        line = (
                            f"{actor.name} click {pick['custom_id']} {rng.choice(pick['options'])['value']}"
                        )
                    else:
                        choices = [c for c in mine["components"] if ":m" in c["custom_id"]]
                        line = f"{actor.name} click {rng.choice(choices)['custom_id']}"
                    kind = "private"
                else:
                    choices = (await h.one(f"{actor.name} ? /move text:"))["choices"]
                    assert choices, f"no legal move offered at step {step}"
                    line = f'{actor.name} /move "text:{rng.choice(choices)["value"]}"'
                    kind = "typed"
                before = len(await h.tables.log(1))
                replies = await h(line)
                assert len(await h.tables.log(1)) == before + 1, (line, replies)
                move = (await h.tables.log(1))[-1].text
                seen[move.split()[0]] = seen.get(move.split()[0], 0) + 1
                seen[kind] = seen.get(kind, 0) + 1
                shown = public(replies)
                if not shown:  # issue 12: a follow-up of the same turn, asked in a private reply
                    (last,) = replies
                    assert last["ephemeral"] and last["files"], line
                    continue
                assert len(shown) == 1, (line, replies)
                last = shown[0]
                assert last["files"] and last["files"][0]["size"] > 1000, line
            else:
                raise AssertionError(f"the game did not finish: {seen}")
            assert last["embeds"] and last["embeds"][0]["title"].startswith("🏆 Winner")
            record = await h.tables.get(1)
            assert record.status == "finished"
            assert lorenzo.to_json(await h.tables.replay(1)) == record.state
            for verb in ("bid", "place", "board", "typed"):
                assert seen.get(verb, 0) > 0, (verb, seen)

    asyncio.run(go())


def test_five_players_without_houses_are_refused_at_start(tmp_path: Path) -> None:
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo]) as h:
            await h("alice /game new game:lorenzo")
            for name in PLAYERS[1:]:
                await h(f"{name} /game join")
            replies = await h("alice /game start")
            text = " ".join(str(r.get("content")) for r in replies)
            assert "5 players need the houses option" in text, replies
            assert (await h.tables.get(1)).status != "finished"

    asyncio.run(go())
