"""Issue 2: Lancaster plugs into the same commands. A complete three-player game in the sandbox.

Open decisions are taken from ``/move`` autocomplete; secret ones (the Parliament votes) through
the "Decide privately" button and the ephemeral choices it opens, as a player would.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path

from rules import find_game
from rules.core import game_prompt
from tests.bot.harness import Harness, public

# Decisions whose legal answers depend on gold or squires, hidden behind the screen with 3+ players:
# county "take both" (pays gold), purchases (buy N) and ransoms.
HIDDEN_WEALTH = {"county", "exchange", "ransom"}


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
            hidden_asked = Counter[str]()
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
                    # The choice is echoed in words (issue 12 item 8), never in the public post.
                    secret_text = acks[0]["content"].removeprefix("Your secret choice is recorded: ")[:-1]
                    shown = public(replies)
                    assert len(shown) == 1 and shown[0]["kind"] == "message"
                    assert secret_text not in shown[0]["content"]
                    secret_choices += 1
                elif (turn.state["pending"] or {}).get("kind") in HIDDEN_WEALTH:
                    # 4.2 screens: which answers exist tells how much gold or squires a player
                    # has, so they are offered privately ("Choose"), never as public buttons.
                    if last["ephemeral"]:  # a follow-up of the player's turn: asked privately
                        mine = last
                    else:
                        assert not [c for c in last["components"] if ":v" in c["custom_id"]], last
                        assert "g:1:hand" in [c["custom_id"] for c in last["components"]], last
                        mine = await h.one(f"{actor.name} click g:1:hand")
                    assert mine["ephemeral"] and mine["components"], mine
                    hidden_asked[turn.state["pending"]["kind"]] += 1
                    pick = mine["components"][0]
                    if pick.get("type") == "select":
                        value = rng.choice(pick["options"])["value"]
                        line = f"{actor.name} click {pick['custom_id']} {value}"
                    else:
                        picks = [c for c in mine["components"] if ":m" in c["custom_id"]]
                        line = f"{actor.name} click {rng.choice(picks)['custom_id']}"
                    replies = await h(line)
                else:
                    choices = (await h.one(f"{actor.name} ? /move text:"))["choices"]
                    replies = await h(f'{actor.name} /move "text:{rng.choice(choices)["value"]}"')
                shown = public(replies)
                if not shown:  # issue 12: the next decision of the same turn, in a private reply
                    (last,) = replies
                    assert last["ephemeral"] and "➡️" in last["content"] and last["files"]
                    continue
                assert len(shown) == 1, replies
                last = shown[0]
                # Issue 12: no board between the secret votes of a Parliament.
                assert last["files"] or "has voted." in last["content"], last
                assert not last["files"] or last["files"][0]["size"] > 1000
            else:
                raise AssertionError("the game did not finish")
            assert secret_choices > 0
            assert set(hidden_asked) == HIDDEN_WEALTH, hidden_asked
            assert last["embeds"] and last["embeds"][0]["title"].startswith("🏆 Winner")
            record = await h.tables.get(1)
            assert lancaster.to_json(await h.tables.replay(1)) == record.state

    asyncio.run(go())


def test_wealth_questions_are_public_decisions_only_without_screens() -> None:
    """4.2/4.3: with 2 players gold and squires are open, so county, purchase and ransom
    questions stay public decisions (buttons under the board); with 3+ they are not."""
    lancaster = find_game("lancaster")
    for players in (2, 3):
        state = lancaster.setup(players=players, seed=11, options={})
        rng = random.Random(players)
        seen: set[str] = set()
        while lancaster.active_players(state) and seen != HIDDEN_WEALTH:
            seat = min(lancaster.active_players(state))
            kind = (state["pending"] or {}).get("kind")
            if kind in HIDDEN_WEALTH:
                seen.add(kind)
                assert game_prompt(lancaster, state, seat).decision is (players == 2), (players, kind)
            state, _ = lancaster.apply(state, seat, rng.choice(lancaster.legal_moves(state, seat)))
        assert seen >= {"county", "exchange"}, (players, seen)


def test_start_player_question_names_the_seats() -> None:
    """Surrey's reward (choose the next start player): the buttons read "start p1"; the question
    above them says who p0, p1, ... are, so a player can tell whom they pick."""
    from rules.core import name_seats

    lancaster = find_game("lancaster")
    state = lancaster.setup(players=3, seed=5, options={})
    rng = random.Random(1)
    while lancaster.active_players(state):
        seat = min(lancaster.active_players(state))
        if (state["pending"] or {}).get("kind") == "start":
            text = name_seats(game_prompt(lancaster, state, seat).text, ["ann", "bo", "cy"])
            assert "p0 ann" in text and "p1 bo" in text and "p2 cy" in text, text
            return
        state, _ = lancaster.apply(state, seat, rng.choice(lancaster.legal_moves(state, seat)))
    raise AssertionError("no start-player question in the game")
