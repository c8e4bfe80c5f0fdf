"""The HoR spaces as the engine describes them (rules/lorenzo/spaces.py,
houses.leaders.personal_spaces): the guide, the views and the boards ask it, never a space name
(HOUSES.md §7 the Special Tower, §12.3 the personal action spaces of the six action Leaders)."""

from __future__ import annotations

from typing import Any

import pytest

from render import draw_view
from rules.lorenzo import GAME
from rules.lorenzo.data import HOUSES, LEADERS
from tests.lorenzo.helpers import play
from tests.lorenzo.test_houses_rules import hor, rich

State = dict[str, Any]
ACTION_LEADERS = sorted(x for x, leader in HOUSES["leaders"].items() if leader["ability"] == "action")
"""The six of test_houses_data.py (Bramante ... Pietro Bembo)."""


def _with_spaces(players: int = 2) -> State:
    st = hor(players, special={1: 102}, dice=(2, 2, 2), res=rich())
    st["players"][0]["leaders_played"] = ["bramante", "pietro_bembo"]
    st["players"][1]["leaders_played"] = ["erasmo_da_rotterdam"]
    return st


def _steps(st: State, p: int, text: str) -> tuple[Any, ...]:
    move = GAME.parse(st, p, text)
    (steps,) = GAME.move_steps(st, p, [move])
    return tuple(steps)


def test_s12_3_the_guide_describes_a_personal_space_from_the_engine() -> None:
    """§12.3: a personal space is in the 'Leaders' own spaces' area, named by its Leader, with
    what it gives; the value reached counts the servants added."""
    st = _with_spaces()
    _member, area, space, servants = _steps(st, 0, "place black leader_pietro_bembo servants=1")
    assert area.label == "Leaders' own spaces"
    assert space.label == "Pietro Bembo's space" and "+3 coins, 3 servants" in space.detail
    assert servants.label == "1 servant: value 3"  # die 2 + 1 servant
    _m, _a, bramante, _s = _steps(st, 0, "place black leader_bramante")
    assert "Harvest or a Production" in bramante.detail


def test_s7_the_guide_names_the_special_tower_as_a_tower() -> None:
    st = _with_spaces()
    _member, area, floor, _servants = _steps(st, 0, "place black special_1")
    assert area.label == "Special Tower" and floor.label.startswith("Floor 1: Special card 102")


def test_s12_3_views_list_every_personal_space_with_its_occupant() -> None:
    st = _with_spaces()
    st, _ = play(st, 0, "place black leader_pietro_bembo")
    for viewer in (None, 0, 1):
        spaces = GAME.player_view(st, viewer)["houses"]["leader_spaces"]
        assert [(s["seat"], s["leader"]) for s in spaces] == [
            (0, "bramante"),
            (0, "pietro_bembo"),
            (1, "erasmo_da_rotterdam"),
        ]
        bembo = spaces[1]
        assert bembo["occupant"] == {"seat": 0, "member": "black"} and bembo["min_value"] == 1
        assert spaces[0]["occupant"] is None


@pytest.mark.parametrize("leader", ACTION_LEADERS)
def test_s12_3_boards_draw_each_action_leaders_space(leader: str) -> None:
    """Item 8 of issue 13: the personal spaces are on the public board (under the owner's seat)
    and on the owner's personal board, their minimum marked provisional (*)."""
    st = hor(5, dice=(2, 2, 2), res=rich())
    st["players"][4]["leaders_played"] = [leader]
    name = LEADERS[leader]["name"]
    public = draw_view("lorenzo", GAME.player_view(st, None), private=False).canvas
    own = draw_view("lorenzo", GAME.player_view(st, 4), private=True).canvas
    other = draw_view("lorenzo", GAME.player_view(st, 3), private=True).canvas
    for canvas in (public, own):
        assert name in canvas.texts and any(t.startswith("needs 1* · ") for t in canvas.texts)
        assert not canvas.cut  # nothing cut short
    assert name not in other.texts


def test_s13_1_a_card_waiting_for_a_token_is_on_both_boards() -> None:
    """Card 98/128 waiting for the next token (its owner held none) is said on the public board
    (the seat's cell) and on the owner's personal board."""
    st = hor(2, dice=(2, 2, 2), res=rich(), cards={0: [98]})
    st["players"][0]["face_up_next"] = ["98"]
    public = draw_view("lorenzo", GAME.player_view(st, None), private=False).canvas
    own = draw_view("lorenzo", GAME.player_view(st, 0), private=True).canvas
    assert "card 98 waits for a token" in public.texts
    assert "The next token you gain goes face up on card 98" in own.texts
