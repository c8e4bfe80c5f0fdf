"""Issue 12 item 5: the end-of-game picture of each player's score over the rounds.

``rules.core.round_scores`` reads the replay of a game: one point per round (Lorenzo's 6 rounds,
rules §6; Lancaster's 5, rules 5), each the running score at the end of that round (the Victory
Point track, the power points), the last the final scoring (``outcome``); ``render.chart`` draws
it with each seat's colour, marker and display name."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service.history import chart_of
from bot.service.store import GameRecord, SeatRecord
from render.chart import draw_chart, render_chart
from rules import find_game
from rules.core import game_round, game_scores_now, normalise_options, round_scores

CASES = [
    ("lorenzo", 3, {"leaders": True}, 6),
    ("lorenzo", 2, {}, 6),
    ("lorenzo", 4, {"houses": True}, 6),
    ("lancaster", 4, {}, 5),
    ("lancaster", 2, {}, 5),  # allies
    ("lancaster", 3, {"henry_v": True}, 5),
]


def replay(name: str, count: int, options: dict[str, Any], seed: int) -> tuple[Any, list[Any]]:
    """The states of a seeded random game from its setup to its end."""
    game = find_game(name)
    state = game.setup(count, seed, normalise_options(game, options))
    rng = random.Random(seed)
    states = [state]
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.active_players(state)))
        state, _ = game.apply(state, seat, rng.choice(list(game.legal_moves(state, seat))))
        states.append(state)
        assert len(states) < 5000
    return game, states


@pytest.mark.parametrize(
    ("name", "count", "options", "rounds"), CASES, ids=[f"{c[0]}-{c[1]}p" for c in CASES]
)
def test_one_point_per_round_ending_on_the_final_scores(
    name: str, count: int, options: dict[str, Any], rounds: int
) -> None:
    game, states = replay(name, count, options, seed=7)
    found = round_scores(game, states)
    assert [r.round for r in found] == list(range(1, rounds + 1))  # one point per round, in order
    assert all(len(r.scores) == count for r in found)
    final = game.outcome(states[-1])
    assert final is not None and found[-1].scores == final.scores  # the end is the final scoring
    for point in found[:-1]:  # the others: the running score when that round ended
        last = max(i for i, s in enumerate(states) if game_round(game, s) == point.round)
        assert point.scores == game_scores_now(game, states[last])
        assert game_round(game, states[last + 1]) == point.round + 1


def test_a_game_without_a_running_score_has_no_chart() -> None:
    from tests.bot.toy import TALLY

    state = TALLY.setup(2, 1, {})
    assert game_scores_now(TALLY, state) is None
    assert round_scores(TALLY, [state]) == []


def _record(count: int) -> GameRecord:
    names = ["anna", "bo\\_b", "carla", "dan"][:count]  # stored names are markdown-escaped
    seats = tuple(SeatRecord(i, 100 + i, n) for i, n in enumerate(names))
    return GameRecord(
        id=12, guild_id=1, channel_id=2, game="lorenzo", status="finished", options={}, seed=7,
        creator_id=100, seats=seats, state="", version=1, created_at=0.0, updated_at=0.0,
    )  # fmt: skip


def test_the_chart_names_every_seat_with_its_final_score() -> None:
    game, states = replay("lorenzo", 3, {"leaders": True}, seed=7)
    chart = chart_of(game, _record(3), states)
    assert chart is not None and chart.unit == "VP" and chart.rounds == (1, 2, 3, 4, 5, 6)
    final = game.outcome(states[-1])
    assert final is not None
    assert [line.points[-1] for line in chart.lines] == list(final.scores)
    assert [line.name for line in chart.lines] == ["anna", "bo_b", "carla"]  # plain, for the image
    assert chart.winners == final.winners
    canvas = draw_chart(chart)
    drawn = " ".join(canvas.texts)
    for line in chart.lines:
        assert line.name in drawn and f"{line.points[-1]} VP" in drawn
    assert "R6 final" in drawn and "R1" in drawn
    image = render_chart(chart)
    assert image.filename.startswith("scores.") and image.data[:4] == b"\x89PNG"
    assert "anna: " in image.alt_text
    assert chart_of(game, _record(3), states[:-1]) is None  # not over: no chart yet
