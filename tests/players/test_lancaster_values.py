"""How a computer player values Henry V's court in Lancaster (players/lancaster.py): a lord on an
office is worth the office's reward to come (H4.1: seals, a privilege), the treasury's lord what
was paid into it, and a privilege held the strength it adds to a later placement."""

from __future__ import annotations

from typing import Any

import pytest

from players.lancaster import PRIVILEGE_PP, values
from rules.lancaster import GAME
from rules.lancaster import model as m


def _placing(players: int) -> dict[str, Any]:
    """A Henry V game at its first placement (phase 1), the setup choices made in order."""
    state = GAME.setup(players, seed=4, options={"henry_v": True})
    while state["phase"] != "place":
        seat = sorted(GAME.active_players(state))[0]
        state, _ = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    return state


def _lord(state: dict[str, Any], space: str, seat: int) -> dict[str, Any]:
    court = {**state["court_spaces"], space: {"seat": seat, "escort": 0, "tudor": False, "bishops": 0}}
    return {**state, "court_spaces": court}


def test_a_lord_on_an_office_is_worth_its_reward_to_come() -> None:
    """H4.1: the Lord Chancellor gives 2 seals (each seal_points at the end) and a shield."""
    state = _placing(3)
    seal = GAME.data["henry_v"]["seal_points"]
    before, after = values(state), values(_lord(state, "chancellor", 1))
    assert after[1] - before[1] == pytest.approx(2 * seal + PRIVILEGE_PP)
    assert after[0] == before[0] and after[2] == before[2]


def test_the_treasurys_lord_is_worth_what_was_paid_into_it() -> None:
    state = _placing(3)
    empty = values(_lord(state, "treasury", 2))[2] - values(state)[2]
    assert empty > 0  # the empty treasury's reward (1 gold)
    paid = _lord({**state, "treasury": {"gold": 0, "squires": 0, "vote_markers": 3}}, "treasury", 2)
    assert values(paid)[2] - values(state)[2] > empty  # 3 vote markers beat 1 gold


def test_a_privilege_held_is_worth_its_strength() -> None:
    state = _placing(2)
    held = dict(state)
    m.seat_set(held, 0, privileges={**state["seats"][0]["privileges"], "archer": 1})
    assert values(held)[0] - values(state)[0] == pytest.approx(PRIVILEGE_PP)
