"""A move the engine writes no line for (Lancaster: a castle exchange declined, playtest of
December 2026) is said in words in the move log and in the public post, so neither reads as if
the mover gained the next player's income."""

from __future__ import annotations

from typing import Any

from bot.service import present
from bot.service.history import Told, unsaid
from bot.service.store import GameRecord, SeatRecord
from bot.service.table import Turn
from rules.core import name_seats
from rules.lancaster import GAME
from tests.lancaster.helpers import empty_courts, play, run_steps, setup_game

NAMES = ["anna", "bob", "carol"]


def _exchange_open() -> dict[str, Any]:
    """anna (seat 0) is asked how often to pay 2 squires to upgrade a knight (Tiltyard, X4)."""
    state = setup_game(3)
    empty_courts(state)
    state["seats"][0]["extensions"] = ["X1", "X4"]
    state["seats"][0]["squires"] = 0
    state["forces"][0]["court"] = [1]
    state["forces"][0]["reserve"][0] -= 1
    state, _ = run_steps(state, ["castle:0"])
    assert state["pending"]["kind"] == "exchange" and state["pending"]["seat"] == 0
    return state


def test_a_declined_exchange_is_said_in_the_log_before_the_next_players_income() -> None:
    state = _exchange_open()
    _after, events = play(state, 0, "buy 0")
    assert not events or not events[0].startswith("{p0}")  # the engine says nothing for it
    move = unsaid(GAME, state, 0, "buy 0", events, NAMES)
    assert move == "Pay nothing"
    told = Told(27, "anna", ("bob gains 2 squires.",), move)
    assert told.text() == "**27.** anna: Pay nothing. bob gains 2 squires."
    assert told.text("it").startswith("**27.** anna: Non pagare nulla.")
    assert Told(28, "anna", (), move).text() == "**28.** anna: Pay nothing."


def test_a_move_with_its_own_line_is_not_said_twice_in_the_log() -> None:
    state = _exchange_open()
    _, events = play(state, 0, "buy 1")
    assert events[0].startswith("{p0} paid 2 squires")
    assert unsaid(GAME, state, 0, "buy 1", events, NAMES) == ""
    said = Told(5, "anna", tuple(name_seats(e, NAMES) for e in events)).text()
    assert said.startswith("**5.** anna paid 2 squires") and "Once" not in said


def _turn(events: tuple[str, ...], **kw: Any) -> Turn:
    seats = tuple(SeatRecord(i, i + 1, n) for i, n in enumerate(NAMES))
    record = GameRecord(1, 1, 1, "lancaster", {}, 1, 1, "running", 3, None, 0.0, 0.0, seats)
    return Turn(record, GAME, {}, events, (), {}, None, "buy 0", "Pay nothing", mover=0, **kw)


def test_the_public_post_opens_with_the_declined_exchange_not_someone_elses_income() -> None:
    assert present.unsaid_move(_turn(("bob gains 2 squires.",))) == ["anna: Pay nothing."]
    assert present.unsaid_move(_turn(("bob gains 2 squires.",)), "it") == ["anna: Non pagare nulla."]
    content = present.turn_content(_turn(("bob gains 2 squires.",)))
    assert content.startswith("anna: Pay nothing.\nbob gains 2 squires.")
    assert present.unsaid_move(_turn(("anna paid 2 squires (Tiltyard).",))) == []  # said already
    assert present.unsaid_move(_turn(("Parliament is over.",))) == []  # the move's own line
    assert present.unsaid_move(_turn(("bob gains 2 squires.",), secret_move=True)) == []
    assert present.unsaid_move(_turn(("bob gains 2 squires.",), by_computer=True)) == []
