"""Every documented alternative reading of HOUSES.md §18 (``engine.<key>`` in houses.json) is
accepted by LORENZO_OVERRIDES and played by the engine, except the two the validator refuses
with their reason (``content.NOT_PLAYABLE``). Each test names the reading it checks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.lorenzo import GAME
from rules.lorenzo.data import HOUSES
from rules.lorenzo.effects import modifiers
from rules.lorenzo.engine import Log, gain
from rules.lorenzo.houses import content, tokens
from rules.lorenzo.houses.scoring import goods, penalty, venture_extra
from rules.playout import random_playout
from tests.lorenzo.helpers import move_texts, play, resolve, settle
from tests.lorenzo.test_houses_families import owned
from tests.lorenzo.test_houses_rules import give_tokens, hor, rich

State = dict[str, Any]
ALTERNATIVES = [
    (key, value)
    for key, choices in content.SHIPPED["engine_choices"].items()
    for value in choices[1:]
    if key not in content.NOT_PLAYABLE
]


@pytest.fixture
def reading(tmp_path: Path) -> Iterator[Any]:
    """Install an override setting one ``engine`` reading; the shipped content after the test."""

    def install(key: str, value: Any) -> None:
        path = tmp_path / "lorenzo.json"
        path.write_text(json.dumps({"engine": {key: value}}), encoding="utf-8")
        content.configure(str(path))
        assert HOUSES["engine"][key] == value and f"engine.{key}" not in HOUSES["provisional"]

    yield install
    content.configure(None)


def test_s18_every_reading_has_a_default_first_and_an_alternative() -> None:
    engine, choices = content.SHIPPED["engine"], content.SHIPPED["engine_choices"]
    assert set(engine) == set(choices) and all(engine[k] == c[0] and len(c) >= 2 for k, c in choices.items())
    assert set(content.NOT_PLAYABLE) == {"houses_turns_on_leaders", "auction_before_leader_draft"}
    assert len(ALTERNATIVES) == 17


@pytest.mark.parametrize("key", sorted(content.NOT_PLAYABLE))
def test_s18_the_unplayable_alternatives_are_refused_with_their_reason(key: str) -> None:
    other = content.SHIPPED["engine_choices"][key][1]
    with pytest.raises(content.DataError) as err:
        content.apply_overrides(content.SHIPPED, {"engine": {key: other}})
    (problem,) = err.value.problems
    assert problem.startswith(f"engine.{key}: the reading") and content.NOT_PLAYABLE[key] in problem


@pytest.mark.parametrize(("key", "value"), ALTERNATIVES, ids=lambda x: str(x))
def test_s18_each_alternative_plays_a_whole_game(reading: Any, key: str, value: Any) -> None:
    """A seeded random 3-player game to the end under the alternative, tokens conserved."""
    reading(key, value)
    final = None
    for step in random_playout(GAME, 3, 7, {"houses": True}):
        assert tokens.total(step.after) == 36
        final = step.after
    assert final is not None and GAME.outcome(final) is not None


def test_s18_council_tile_players_five_only(reading: Any) -> None:
    """council_tile_players = five_only: the token privilege only in a 5-player game."""
    reading("council_tile_players", "five_only")
    for players, offered in ((2, False), (5, True)):
        st = hor(players, dice=(1, 1, 1), res=rich())
        st, _ = play(st, 0, "place black council")
        assert ("privilege special_token" in move_texts(st, 0)) is offered


def test_s18_take_card_effects_reach_special_tower_false(reading: Any) -> None:
    """take_card_effects_reach_special_tower = false: a card's 'take a card' skips the Special Tower."""
    st = hor(2, special={1: 121}, towers={"territory_1": 1}, dice=(1, 1, 1), res=rich())
    st["stack"].append(
        {
            "kind": "take_card",
            "seat": 0,
            "card_types": ["territory", "character"],
            "value": 7,
            "discount": {},
            "source": "a test",
        }
    )
    assert "take special_1" in move_texts(st, 0)
    reading("take_card_effects_reach_special_tower", False)
    assert "take special_1" not in move_texts(st, 0) and "take territory_1" in move_texts(st, 0)


def test_s18_aragonesi_harvest_value_floor_value_minus_1(reading: Any) -> None:
    """aragonesi_harvest_value = floor_value_minus_1: the Harvest is at the floor's value - 1
    (territory floor 4 needs 7: Harvest 6), not the action's (die 6 + 2 servants = 8: Harvest 7)."""

    def harvest() -> str:
        st = hor(2, towers={"territory_4": 4}, dice=(6, 6, 6), res=rich(coin=0, mp=20))
        st = owned(st, 0, "aragonesi")
        _st, events = play(st, 0, "place black territory_4 servants=2")
        return next(e for e in events if "harvests at value" in e)

    assert "harvests at value 7" in harvest()
    reading("aragonesi_harvest_value", "floor_value_minus_1")
    assert "harvests at value 6" in harvest()


def test_s18_taken_free_keeps_territory_slot_mp_false(reading: Any) -> None:
    """taken_free_keeps_territory_slot_mp = false: card 130 takes a Territory whatever the slot's MP."""

    def recovered() -> bool:
        st = hor(2, special={1: 130}, dice=(6, 6, 6), res=rich(mp=0), cards={0: [1, 2]})
        st["houses"]["discard_pile"] = [3]  # a Territory: the third slot needs 3 MP
        st, _ = play(st, 0, "place black special_1")
        return "recover 3" in move_texts(st, 0)

    assert not recovered()
    reading("taken_free_keeps_territory_slot_mp", False)
    assert recovered()


def test_s18_personal_space_action_bonuses_as_board_space(reading: Any) -> None:
    """personal_space_action_bonuses = as_board_space: Bramante's Harvest takes Character bonuses."""

    def value(st: State) -> int:
        st["players"][0]["leaders_played"] = ["bramante"]
        st, events = play(st, 0, "place black leader_bramante")
        st, events = play(st, 0, "harvest")
        return int(next(e for e in events if "value" in e).split("value ")[1].split()[0].rstrip(".):,"))

    cards = {0: [53]}  # the Farmer: Harvest actions +2
    base = value(hor(2, dice=(3, 3, 3), res=rich(), cards=cards))
    reading("personal_space_action_bonuses", "as_board_space")
    assert value(hor(2, dice=(3, 3, 3), res=rich(), cards=cards)) > base


def test_s18_faith_tile_on_passing_false(reading: Any) -> None:
    """faith_tile_on_passing = false: Della Rovere's tile at step 4 is not taken when FP jump 3 -> 5."""
    reading("faith_tile_on_passing", False)
    st = owned(hor(2, dice=(1, 1, 1), res=rich(fp=3)), 0, "della_rovere")
    gain(st, 0, {"fp": 2}, "test", Log())
    st = resolve(settle(st))
    assert "FT1" in st["players"][0]["faith_tiles"]


def test_s18_match_military_is_gain_true(reading: Any) -> None:
    """match_military_is_gain = true: card 136's rise is a gain, so E1-1 (1 MP fewer) reduces it."""
    reading("match_military_is_gain", True)
    st = hor(2, special={1: 136}, dice=(6, 6, 6), res=rich(mp=1))
    st["players"][1]["resources"]["mp"] = 9
    st["players"][0]["excommunications"] = ["E1-1"]
    st = resolve(play(st, 0, "place black special_1")[0])
    assert st["players"][0]["resources"]["mp"] == 8


def test_s18_when_take_triggers_after_immediate_false(reading: Any) -> None:
    """when_take_triggers_after_immediate = false: Medici's token comes before the card's effects."""

    def order() -> list[str]:
        st = owned(hor(2, towers={"character_1": 49}, dice=(6, 6, 6), res=rich()), 0, "medici")
        _st, events = play(st, 0, "place black character_1")
        return [e for e in events if "gained" in e]

    default = order()
    assert "Warlord" in default[0] and "Medici" in default[1]
    reading("when_take_triggers_after_immediate", False)
    assert order() == default[::-1]


def test_s18_tokens_in_e3_7_true(reading: Any) -> None:
    """tokens_in_e3_7 = true: E3-7 also takes 1 VP per held token."""
    st = hor(2, res=rich(coin=0, wood=0, stone=0, servant=0))
    st["players"][0]["excommunications"] = ["E3-7"]
    give_tokens(st, 0, ["coins", "faith"])
    assert penalty(st, 0, modifiers(st, 0)) == 0
    reading("tokens_in_e3_7", True)
    assert penalty(st, 0, modifiers(st, 0)) == 2


def test_s18_machiavelli_scope_every_vp_gain(reading: Any) -> None:
    """machiavelli_scope = every_vp_gain: each final-scoring line that scores gets +1 VP."""
    from rules.lorenzo.scoring import breakdown

    st = hor(2, res=rich(), cards={0: [1, 2, 3]})
    st["players"][0]["leaders_played"] = ["niccolo_machiavelli"]
    before = breakdown(st)[0]
    reading("machiavelli_scope", "every_vp_gain")
    after = breakdown(st)[0]
    assert after["territories"] == before["territories"] + 1 and after["goods"] == before["goods"] + 1


def test_s18_face_up_tokens_held_true(reading: Any) -> None:
    """face_up_tokens_held = true: the token face up on card 98 counts for card 133 and goods."""
    st = hor(2, res=rich(coin=0, wood=0, stone=0, servant=4), cards={0: [98, 133]})
    st["players"][0]["face_up"] = {"98": "coins"}
    assert venture_extra(st, 0) == 0 and goods(st, 0) == 0
    reading("face_up_tokens_held", True)
    assert venture_extra(st, 0) == 2 and goods(st, 0) == 1


def test_s18_token_bonus_timing_on_draw(reading: Any) -> None:
    """token_bonus_timing = on_draw: a token's bonus is had when drawn, and nothing is cashed."""
    reading("token_bonus_timing", "on_draw")
    st = hor(2, dice=(1, 1, 1), res=rich(vp=0, mp=0, fp=0))
    before = dict(st["players"][0]["resources"])
    gain(st, 0, {"special_token": 1}, "a test", Log())
    st = resolve(settle(st))
    (kind,) = st["players"][0]["tokens"]
    after = st["players"][0]["resources"]
    assert any(after[k] > before[k] for k in after if k != "special_token"), kind
    assert not any(m.startswith("token ") for m in move_texts(st, 0))


def test_s18_card_119_loss_mandatory_false(reading: Any) -> None:
    """card_119_loss_mandatory = false: card 119's Production loss is offered, and may be refused."""
    reading("card_119_loss_mandatory", False)
    st = hor(2, res=rich(vp=5), cards={0: [119]}, dice=(1, 1, 1))
    st, _ = play(st, 0, "place black production")
    assert "exchange vp=3" in move_texts(st, 0) and "exchange none" in move_texts(st, 0)
    st = resolve(play(st, 0, "exchange none")[0])
    assert st["players"][0]["resources"]["vp"] == 5


def test_s18_orsini_sets_ever_completed_false(reading: Any) -> None:
    """orsini_sets_ever_completed = false: a set lost and completed again pays its reward again."""
    from rules.lorenzo.houses.families import _orsini

    reading("orsini_sets_ever_completed", False)
    st = owned(hor(2, res=rich(), cards={0: [1, 25, 49, 73]}), 0, "orsini")
    assert len(_orsini(st, 0)) == 1
    st["players"][0]["cards"] = {**st["players"][0]["cards"], "territory": []}
    assert _orsini(st, 0) == []
    st["players"][0]["cards"] = {**st["players"][0]["cards"], "territory": [1]}
    assert len(_orsini(st, 0)) == 1
