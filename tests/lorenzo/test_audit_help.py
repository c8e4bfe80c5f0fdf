"""Audit (issue 3): every open point of the reference (§19 defaults, [?] and [R] items) is a
named option or a stated choice in rules_help(), and the options' defaults are §19's."""

from __future__ import annotations

import pytest

from rules.lorenzo import GAME
from rules.lorenzo.data import OCCUPIED_TOWER_FEE


def test_s19_options_and_their_defaults() -> None:
    defaults = {o.name: o.default for o in GAME.options()}
    assert defaults["voluntary_pass"] is False  # §19: no voluntary passing
    assert defaults["harvest_min_check"] == "member"  # §19: minimum tested on the member
    assert defaults["military_tie"] == "next_gets_second"  # §19: next lower MP gets 2
    for name in defaults:
        assert f"`{name}`" in GAME.rules_help(), name


@pytest.mark.parametrize(
    "phrase",
    [
        "passes that turn automatically",  # §19 no legal placement
        "tested on the member's value after servants",  # §10/§19 [?]
        "gains and privileges first, then the free action",  # §17/§19 [?]
        "next lower MP value gets 2 VP",  # §16.5/§19 [?]
        "all tied\n  there get 2",  # §16.5 [R]
        "earlier in the final turn order wins",  # §16/§19 [R]
        "Faith above 15 scores as 15 (30 VP); MP keep counting above 25",  # §14/§19 [?]
        "Vatican Reports are taken in turn order",  # §14/§19 [R]
        "still scores their faith VP",  # §14 round 6 [S]/[?]
        "never below 0",  # §8.5/§17 [R]
        "counts the card just taken",  # §17 [R]
        "rounded down",  # §17 General [R]
        "The Market has no colour rule",  # §11 [R]
        "free card action is optional",  # §8.4 [R]
        "Excommunication penalties never take a final score below 0",  # engine choice
    ],
)
def test_rules_help_states_each_choice(phrase: str) -> None:
    assert phrase in GAME.rules_help()


def test_s8_2_fee_comes_from_the_data() -> None:
    assert OCCUPIED_TOWER_FEE == {"coin": 3}
