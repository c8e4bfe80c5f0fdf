"""Issue 12 item 2: guided turns. The walk over a game's steps (``bot.service.guide``), each
game's steps and previews (``move_steps``/``preview`` through rules.core), and a Lorenzo game
whose placements are all made by clicking, never by typing."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.app.actions import walk_lines
from bot.service.guide import FLAT_LIMIT, Guided, Level, PathError, guided, paged, walk
from rules import find_game
from rules.core import Game, Step, game_move_steps, game_preview, move_summary
from rules.lorenzo.data import CARDS
from rules.playout import random_playout
from tests.bot.harness import Harness, public


def _steps(*paths: str) -> list[tuple[Step, ...]]:
    return [tuple(Step(k, k.upper()) for k in p.split("/")) for p in paths]


def test_walk_offers_distinct_choices_and_skips_single_ones() -> None:
    steps = _steps("a/x/1", "a/x/2", "a/y/1", "b/z/1")
    first = walk(steps, ())
    assert [o.key for o in first.options] == ["a", "b"] and first.back is None and first.move is None
    second = walk(steps, (0,))
    assert [o.key for o in second.options] == ["x", "y"] and second.back == ()
    # "b" has one way on: z and 1 are taken without asking, and Back returns to the first question.
    end = walk(steps, (1,))
    assert end.move == 3 and [s.key for s in end.taken] == ["b", "z", "1"] and end.back == ()
    assert walk(steps, (0, 1)).move == 2  # a/y has one servant count: taken at once
    assert walk(steps, (0, 0, 1)).move == 1


def test_walk_refuses_a_path_that_names_no_choice() -> None:
    with pytest.raises(PathError):
        walk(_steps("a/x", "b/y"), (2,))


def test_when_a_list_is_guided() -> None:
    assert not guided(_steps("a", "b", "c", "d", "e", "f"))  # one step each: a select still fits
    assert guided(_steps("a/x", "b/x"))  # a main action: walked to a preview, even when short
    flat = _steps(*(f"m{i}" for i in range(FLAT_LIMIT + 5)))
    assert guided(flat)
    pages = paged(flat)
    first = walk(pages, ())
    assert [o.label for o in first.options] == ["Choices 1-25", "Choices 26-30"]
    assert walk(pages, (1, 2)).move == 27


def _every_path(steps: list[tuple[Step, ...]]) -> dict[int, tuple[int, ...]]:
    """Each move the walk reaches, with the path that reaches it (a search over every level)."""
    reached: dict[int, tuple[int, ...]] = {}
    todo: list[tuple[int, ...]] = [()]
    while todo:
        path = todo.pop()
        level = walk(steps, path)
        if level.move is not None:
            assert level.move not in reached, "two paths lead to the same move"
            reached[level.move] = path
        else:
            todo += [(*path, i) for i in range(len(level.options))]
    return reached


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [("lorenzo", 3, {}), ("lancaster", 2, {}), ("lancaster", 4, {}), ("lancaster", 3, {"henry_v": True})],
)
def test_every_legal_move_is_reached_by_exactly_one_walk(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Over a random game: every long list of moves is guided, each move at the end of one path,
    with labels and details that fit Discord, and a preview that leaves the state alone. With
    Henry V a knight may go with a Tudor knight, a shield or an archer: its own last step."""
    game: Game = find_game(name)
    guided_lists = 0
    for number, step in enumerate(random_playout(game, players, 5, options)):
        if number > 160:
            break
        state, seat = step.before, step.player
        moves = list(game.legal_moves(state, seat))
        steps = game_move_steps(game, state, seat, moves)
        assert len(steps) == len(moves)
        for own, move in zip(steps, moves, strict=True):
            assert all(len(s.label) <= 80 and len(s.detail) <= 100 for s in own), own
            assert len(move_summary(own, move.to_text())) <= 100
        if len(moves) > FLAT_LIMIT:
            assert guided(paged(steps))
        if not guided(paged(steps)):
            continue
        guided_lists += 1
        assert sorted(_every_path(paged(steps))) == list(range(len(moves)))
        before = game.to_json(state)
        for move in moves[:: max(1, len(moves) // 6)]:
            assert game_preview(game, state, seat, move).strip()
        assert game.to_json(state) == before
    assert guided_lists > 5


def test_lorenzo_placement_steps_say_member_area_space_and_value() -> None:
    """§7: servants add 1 each to the member's value; the step shows the value reached."""
    game = find_game("lorenzo")
    state = game.setup(3, 1, {})
    seat = min(game.active_players(state))
    moves = list(game.legal_moves(state, seat))
    steps = game_move_steps(game, state, seat, moves)
    index = next(i for i, m in enumerate(moves) if m.to_text() == "place black territory_4 servants=2")
    member, area, space, servants = steps[index]
    assert member.label == "Black (5)" and area.label == "Territory tower"
    assert space.label == "Floor 4: Village" and "needs 7" in space.detail and "2 wood" in space.detail
    assert servants.label == "2 servants: value 7"


def test_lorenzo_preview_says_what_apply_does_and_no_more() -> None:
    """The preview's sentences are the first sentences of the move's events (§8 tower action:
    floor bonus, card, its immediate effect), with the goods in all; nothing of what follows."""
    game = find_game("lorenzo")
    state = game.setup(3, 1, {})
    seat = min(game.active_players(state))
    for move in game.legal_moves(state, seat):
        said = game_preview(game, state, seat, move).splitlines()
        events = game.apply(state, seat, move)[1]
        told = [line for line in said if not line.startswith(("In all:", "Then you choose:"))]
        assert told == events[: len(told)], move.to_text()
        assert any(line.startswith("In all:") for line in said)


def _pick(rng: random.Random, reply: dict[str, Any]) -> str | None:
    """A click a player could make on ``reply``: Confirm at the end of a walk, else a random
    choice (a select's value, a button), never Back."""
    parts = [c for c in reply["components"] if c.get("label") != "Back" and c["custom_id"] != "g:1:board"]
    for c in parts:
        if c.get("label") == "Confirm":
            return str(c["custom_id"])
    if not parts:
        return None
    chosen = rng.choice(parts)
    if chosen.get("type") == "select":
        return f"{chosen['custom_id']} {rng.choice(chosen['options'])['value']}"
    return str(chosen["custom_id"])


def test_lorenzo_turns_are_played_by_clicking_only(tmp_path: Path) -> None:
    """Issue 12, "How it is checked": every Lorenzo placement turn offers a button or select
    flow (no "use /move" reply). Two rounds of a 3-player game, every decision made by clicks
    from the board's buttons, through the private guided walk to Confirm."""
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo]) as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            await h("carol /game join")
            board = await h.started()
            rng = random.Random(3)
            placements = 0
            while (turn := await h.tables.turn(1)).state["round"] <= 2 and not turn.finished:
                actor = turn.acting[0].name
                placing = not turn.state["stack"]
                clicks = 0
                reply = board
                while True:
                    move_buttons = [c for c in reply["components"] if ":m" in c["custom_id"]]
                    click = _pick(rng, reply) if move_buttons or reply is not board else "g:1:hand"
                    assert click is not None, reply
                    replies = await h(f"{actor} click {click}")
                    clicks += 1
                    shown = public(replies)
                    if shown:
                        board = shown[-1]
                        break
                    (reply,) = replies
                    assert "Use `/move`" not in reply["content"] and reply["components"], reply
                    assert reply["ephemeral"], reply
                    assert clicks < 12, reply
                placements += placing
            assert placements >= 24  # 3 players x 4 members x 2 rounds

    asyncio.run(go())


def test_move_autocomplete_says_what_a_move_does(tmp_path: Path) -> None:
    """Autocomplete shows what a move does (its steps), the value is still the move's text."""
    lorenzo = find_game("lorenzo")

    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[lorenzo]) as h:
            await h("alice /game new game:lorenzo")
            await h("bob /game join")
            await h.started()
            turn = await h.tables.turn(1)
            card = CARDS[turn.state["tower_cards"]["territory"][0]]["name"]
            word = card.split()[0]
            choices = (await h.one(f"{turn.acting[0].name} ? /move text:{word}"))["choices"]
            # The card's name is no word of any move text: the entries are found by what they do.
            assert choices and all(card in c["name"] and c["value"].startswith("place ") for c in choices)
            assert all("value" in c["name"] and " · " in c["name"] for c in choices)

    asyncio.run(go())


def test_a_guided_level_shown_as_buttons_says_what_each_choice_needs_and_gives() -> None:
    """Buttons carry no description (a select does): a Lancaster lord's court spaces, offered as
    five buttons, were bare names. The private reply lists each choice's detail (playtest)."""
    level = Level(
        (2,),
        (Step("lord", "Your lord"),),
        (Step("c", "Lord Chancellor", "costs 1 vote marker"), Step("h", "Keep your lord at home")),
        None,
    )
    lines = walk_lines(Guided(level, None))
    assert "• **Lord Chancellor** — costs 1 vote marker" in lines
    assert not [line for line in lines if "Keep your lord" in line]  # nothing more to say
    many = Level((), (), tuple(Step(str(i), f"County {i}", "needs 1") for i in range(9)), None)
    assert not [line for line in walk_lines(Guided(many, None)) if "needs 1" in line]  # a select says it
