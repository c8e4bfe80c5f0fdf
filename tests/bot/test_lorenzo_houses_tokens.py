"""Issue 13 item 1 in Discord: paying Special Tokens is the payer's choice, asked privately with
buttons (HOUSES.md §10.2 "Pay": the payer chooses which tokens; they go face down, so the
channel never learns which)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from rules import find_game
from tests.bot.harness import Harness, public

OPTIONS = {"houses": True, "leader_draft": "deal"}
SEED = 7  # the harness gives the first game seed 7


def _path_to_a_token_payment() -> list[tuple[int, str]]:
    """Random legal moves from the game the sandbox will set up, up to a payment with a choice
    (two kinds of token held): found by trying random sequences in turn."""
    game = find_game("lorenzo")
    for attempt in range(5000):
        rng = random.Random(attempt)
        state = game.setup(2, SEED, OPTIONS)
        path: list[tuple[int, str]] = []
        while game.active_players(state):
            seat = min(game.active_players(state))
            move = rng.choice(list(game.legal_moves(state, seat)))
            path.append((seat, move.to_text()))
            state, _ = game.apply(state, seat, move)
            top = state["stack"][-1] if state["stack"] else None
            if top and top["kind"] == "pay_token" and len(set(state["players"][top["seat"]]["tokens"])) > 1:
                return path
    raise AssertionError("no token payment with a choice found")


def test_s10_2_the_payer_chooses_the_token_with_private_buttons(tmp_path: Path) -> None:
    lorenzo = find_game("lorenzo")
    path = _path_to_a_token_payment()

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo]) as h:
            await h("alice /game new game:lorenzo houses:true leader_draft:deal")
            await h("bob /game join")
            await h.started()
            for seat, text in path:
                turn = await h.tables.turn(1)
                (actor,) = [a for a in turn.acting if a.seat == seat]
                await h(f'{actor.name} /move "text:{text}"')
            turn = await h.tables.turn(1)
            assert turn.state["stack"][-1]["kind"] == "pay_token"
            (payer,) = turn.acting
            assert not turn.prompts[payer.seat].decision  # not on the public board
            mine = await h.one(f"{payer.name} click g:1:hand")
            assert mine["ephemeral"]
            buttons = [c for c in mine["components"] if ":m" in str(c.get("custom_id"))]
            labels = [str(c.get("label")) for c in buttons]
            assert labels and all(label.startswith("Pay with the token of ") for label in labels), labels
            replies = await h(f"{payer.name} click {buttons[0]['custom_id']}")
            log = await h.tables.log(1)
            assert log[-1].text.startswith("spend ")
            shown = public(replies)
            assert shown and any(r["ephemeral"] for r in replies)  # "Done: ..." to the payer only
            for reply in shown:  # the channel is told a token was paid, never which
                said = str(reply.get("content")) + " ".join(str(e) for e in reply.get("embeds") or [])
                assert log[-1].text not in said and "chose the Special Token they pay" in said

    asyncio.run(go())
