"""§13 Leader cards, second pass: Leader actions after placing, leader names in the notation,
and the interactions each leader's numbers have with the rest of the rules (§7, §8, §10, §14,
§15.4, §17, §19). The basic requirement/ability test per leader is in test_leaders.py."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules.core import AmbiguousMove, BadSyntax, IllegalMove, NotYourTurn
from rules.lorenzo import GAME
from rules.lorenzo.data import LEADERS
from rules.lorenzo.moves import Copy, Draft, End, LeaderAction, parse_text
from tests.lorenzo.helpers import (
    council_all,
    delta,
    move_texts,
    play,
    play_active,
    resolve,
    rich,
    scenario,
    settle,
    top,
)

ON = {"leaders": True}
T = [1, 2, 3, 4, 5, 6]
B = [25, 26, 27, 28, 29, 30]
C = [49, 50, 51, 52, 53, 54]
V = [73, 74, 75, 76, 77, 78]


def _st(players: int = 2, **kw: Any) -> dict[str, Any]:
    return scenario(players, options=ON, **kw)


def _public(st: dict[str, Any]) -> str:
    return json.dumps(GAME.player_view(st, None))


# ---------------------------------------------------------------------------------------------
# §13 "before and/or after placing your family member"
# ---------------------------------------------------------------------------------------------


def test_s13_after_placing_play_a_leader_the_placement_qualified_for_and_use_it() -> None:
    """Taking the 5th Venture qualifies Francesco Sforza; the same turn he is played and his
    Harvest at value 1 is done (tile 1 wood 1 stone 1 servant + Commercial Hub 1 coin)."""
    st = _st(res=rich(), cards={0: [*V[:4], 1]}, towers={"venture_1": 78})
    st["players"][0]["leader_hand"] = ["francesco_sforza"]
    assert "leader play francesco_sforza" not in move_texts(st, 0)  # 4 Ventures: not yet
    st, _ = play_active(st, "place black venture_1")  # Hosting Panhandlers: 3 wood, +4 servants
    assert GAME.active_players(st) == {0}
    assert move_texts(st, 0) == ["leader play francesco_sforza", "leader discard francesco_sforza", "end"]
    prompt = GAME.prompt(st, 0)
    assert not prompt.decision and "after your placement" in prompt.text  # no public buttons
    assert GAME.player_view(st, None)["pending"] is None
    assert "francesco_sforza" not in _public(st)
    st, _ = play_active(st, "leader play francesco_sforza")
    assert move_texts(st, 0) == ["leader activate francesco_sforza", "end"]
    before = st
    st, _ = play_active(st, "leader activate francesco_sforza")  # no servant would add a card: done at once
    assert delta(before, st, 0) == {"wood": 1, "stone": 1, "servant": 1, "coin": 1}
    assert GAME.active_players(st) == {1}  # nothing left to play or activate: the turn ended


def test_s13_after_placing_end_closes_the_window_and_the_ability_waits() -> None:
    st = _st(res=rich())
    st["players"][0]["leaders_played"] = ["girolamo_savonarola"]
    st, _ = play_active(st, "place black council", "privilege coins")
    assert GAME.active_players(st) == {0} and top(st)["kind"] == "leader_window"
    st, events = play_active(st, "end")
    assert any("ends the turn" in e for e in events)
    assert GAME.active_players(st) == {1} and st["players"][0]["leaders_used"] == []
    st, _ = play_active(st, "place black council", "privilege coins")  # seat 1 (no leaders: no window)
    assert GAME.active_players(st) == {0}
    assert "leader activate girolamo_savonarola" in move_texts(st, 0)


def test_s13_after_placing_a_discard_alone_does_not_hold_the_turn() -> None:
    """Engine choice: the window opens only for a play or an activation (see rules help)."""
    st = _st(res=rich(servant=0))
    st["players"][0]["leader_hand"] = ["sisto_iv"]  # needs 6 servants: not playable
    assert "leader discard sisto_iv" in move_texts(st, 0)
    st, _ = play_active(st, "place black market_1")
    assert GAME.active_players(st) == {1}


def test_s13_leader_actions_both_before_and_after_the_same_placement() -> None:
    st = _st(res=rich())
    st["players"][0]["leader_hand"] = ["michelangelo_buonarroti", "santa_rita"]
    st, _ = play_active(st, "leader play michelangelo_buonarroti")  # before placing (10 stone held)
    st, _ = play_active(st, "leader discard santa_rita", "privilege faith")
    assert GAME.active_players(st) == {0} and not st["stack"]
    st, _ = play_active(st, "place black market_1")
    assert top(st)["kind"] == "leader_window"
    before = st
    st, _ = play_active(st, "leader activate michelangelo_buonarroti")
    assert delta(before, st, 0) == {"coin": 3}
    assert GAME.active_players(st) == {1}


def test_s13_sisto_iv_played_after_the_last_placement_counts_at_that_vatican_report() -> None:
    """The last placement of round 2 (Market 2: +5 servants) meets Sisto IV's 6 servants; played
    in the window, he adds 5 VP at the report that follows."""
    st = _st(res={"coin": 6, "wood": 6, "stone": 6, "servant": 1, "fp": 3}, round_no=2)
    st["players"][0]["leader_hand"] = ["sisto_iv"]
    st["players"][0]["free_members"] = ["black"]
    st["players"][1]["free_members"] = []
    st["turn_queue"] = [0]
    st, _ = play_active(st, "place black market_2")
    assert move_texts(st, 0) == ["leader play sisto_iv", "leader discard sisto_iv", "end"]
    st, _ = play_active(st, "leader play sisto_iv")
    assert st["phase"] == "vatican" and GAME.active_players(st) == {0}
    vp = st["players"][0]["resources"]["vp"]
    st, _ = play_active(st, "support")
    assert st["players"][0]["resources"]["vp"] == vp + 3 + 5


def test_s19_no_family_member_left_means_no_turn_and_no_leader_actions() -> None:
    st = _st(res=rich())
    st["players"][0]["leaders_played"] = ["sandro_botticelli"]
    st["players"][0]["free_members"] = []
    st = settle(st)  # seat 0's queue entries are skipped: nothing to place
    assert GAME.active_players(st) == {1}
    assert move_texts(st, 0) == []
    with pytest.raises(NotYourTurn):
        GAME.parse(st, 0, "leader activate sandro_botticelli")


def test_s13_leader_actions_wait_while_a_decision_is_open() -> None:
    st = _st(res=rich(), towers={"venture_2": 80})  # Support to the Bishop: MP or goods
    st["players"][0]["leaders_played"] = ["michelangelo_buonarroti"]
    st["players"][0]["resources"]["mp"] = 4
    st, _ = play_active(st, "place black venture_2")
    assert top(st)["kind"] == "pay"
    assert "leader activate michelangelo_buonarroti" not in move_texts(st, 0)
    with pytest.raises(IllegalMove, match="Now answer"):
        GAME.parse(st, 0, "leader activate michelangelo_buonarroti")


# ---------------------------------------------------------------------------------------------
# Notation: leaders by id, full name or a word of the name
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("leader play Sandro Botticelli", LeaderAction("play", "sandro_botticelli")),
        ("leader play botticelli", LeaderAction("play", "sandro_botticelli")),
        ("leader activate sandro_botticelli", LeaderAction("activate", "sandro_botticelli")),
        ("leader discard Lorenzo de' Medici", LeaderAction("discard", "lorenzo_de_medici")),
        ("leader discard cosimo", LeaderAction("discard", "cosimo_de_medici")),
        ("leader play il moro", LeaderAction("play", "ludovico_il_moro")),
        ("leader play Giovanni dalle Bande Nere", LeaderAction("play", "giovanni_dalle_bande_nere")),
        ("leader play bande nere", LeaderAction("play", "giovanni_dalle_bande_nere")),
        ("leader activate gonzaga", LeaderAction("activate", "ludovico_iii_gonzaga")),
        ("leader play sisto iv", LeaderAction("play", "sisto_iv")),
        ("draft montefeltro", Draft("federico_da_montefeltro")),
        ("draft Santa Rita", Draft("santa_rita")),
        ("copy michelangelo", Copy("michelangelo_buonarroti")),
        ("end", End()),
        ("done", End()),
    ],
)
def test_notation_leader_names(text: str, move: object) -> None:
    parsed = parse_text(text)
    assert parsed == move
    assert parse_text(parsed.to_text()) == parsed


def test_notation_every_leader_by_id_name_and_canonical_text() -> None:
    for leader_id, leader in LEADERS.items():
        for verb in ("play", "activate", "discard"):
            move = LeaderAction(verb, leader_id)
            assert move.to_text() == f"leader {verb} {leader_id}"
            assert parse_text(move.to_text()) == move
            assert parse_text(f"leader {verb} {leader['name']}") == move
        assert parse_text(f"draft {leader['name'].upper()}") == Draft(leader_id)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("leader play medici", ("cosimo_de_medici", "lorenzo_de_medici")),
        ("leader play borgia", ("cesare_borgia", "lucrezia_borgia")),
        ("draft ludovico", ("ludovico_ariosto", "ludovico_iii_gonzaga", "ludovico_il_moro")),
    ],
)
def test_notation_shared_name_words_are_ambiguous(text: str, names: tuple[str, ...]) -> None:
    with pytest.raises(AmbiguousMove) as err:
        parse_text(text)
    assert all(n in str(err.value) for n in names)


@pytest.mark.parametrize("text", ["leader play", "leader fly botticelli", "leader play dante", "copy nobody"])
def test_notation_bad_leader_text(text: str) -> None:
    with pytest.raises(BadSyntax):
        parse_text(text)


def test_notation_leader_names_through_the_game() -> None:
    st = _st(res=rich())
    st["players"][0]["leader_hand"] = ["sandro_botticelli"]
    before = GAME.to_json(st)
    assert GAME.parse(st, 0, "leader play Sandro Botticelli") == LeaderAction("play", "sandro_botticelli")
    with pytest.raises(IllegalMove, match="not in your hand"):
        GAME.parse(st, 0, "leader play michelangelo")
    assert GAME.to_json(st) == before


# ---------------------------------------------------------------------------------------------
# Requirements are thresholds (§13)
# ---------------------------------------------------------------------------------------------


def test_s13_lucrezia_borgia_needs_six_cards_of_one_type_not_six_in_all() -> None:
    st = _st(res=rich(), cards={0: T[:5] + B[:5] + C[:5] + V[:5]})
    st["players"][0]["leader_hand"] = ["lucrezia_borgia"]
    assert "leader play lucrezia_borgia" not in move_texts(st, 0)
    st = _st(res=rich(), cards={0: V[:6]})
    st["players"][0]["leader_hand"] = ["lucrezia_borgia"]
    assert "leader play lucrezia_borgia" in move_texts(st, 0)


def test_s13_losing_the_requirement_later_changes_nothing() -> None:
    """Savonarola needs 18 coins to be played; spent down to 2 he still works."""
    st = _st(res=rich(coin=18))
    st["players"][0]["leader_hand"] = ["girolamo_savonarola"]
    st, _ = play_active(st, "leader play girolamo_savonarola")
    assert st["players"][0]["resources"]["coin"] == 18
    st["players"][0]["resources"]["coin"] = 2
    before = st
    st, _ = play_active(st, "leader activate girolamo_savonarola")
    assert delta(before, st, 0) == {"fp": 1}


def test_s13_play_and_activate_in_the_same_turn_and_several_discards() -> None:
    st = _st(res=rich())
    st["players"][0]["leader_hand"] = ["sandro_botticelli", "sisto_iv", "santa_rita", "cesare_borgia"]
    before = st
    st, _ = play_active(st, "leader play botticelli", "leader activate botticelli")
    assert delta(before, st, 0) == {"vp": 1, "mp": 2}
    st, _ = play_active(
        st, "leader discard santa_rita", "privilege coins", "leader discard cesare", "privilege coins"
    )
    assert st["players"][0]["leader_hand"] == ["sisto_iv"] and st["players"][0]["resources"]["coin"] == 24
    assert GAME.active_players(st) == {0} and "place black council" in move_texts(st, 0)


# ---------------------------------------------------------------------------------------------
# Family member values (§7): Montefeltro, Lucrezia, il Moro, Malatesta, E1-7
# ---------------------------------------------------------------------------------------------


def _values(st: dict[str, Any], p: int = 0) -> dict[str, int]:
    fam = GAME.player_view(st, p)["players_info"][p]["family"]
    return {m: fam[m]["value"] for m in ("black", "white", "orange", "neutral")}


def test_s7_montefeltro_six_then_lucrezia_plus_two() -> None:
    st = _st(res=rich(servant=0), dice=(1, 1, 1), towers={"territory_4": 1})
    st["players"][0]["leaders_played"] = ["federico_da_montefeltro", "lucrezia_borgia"]
    st, _ = play_active(st, "leader activate montefeltro", "montefeltro orange")
    assert _values(st) == {"black": 3, "white": 3, "orange": 8, "neutral": 0}
    assert move_texts(st, 0).count("place orange territory_4") == 1  # 8 >= 7 without servants


def test_s7_montefeltro_six_with_il_moro_five_and_e1_7() -> None:
    st = _st(res=rich(), dice=(2, 3, 4))
    st["players"][0]["leaders_played"] = [
        "federico_da_montefeltro",
        "ludovico_il_moro",
        "sigismondo_malatesta",
    ]
    st["players"][0]["excommunications"] = ["E1-7"]
    st, _ = play_active(st, "leader activate federico_da_montefeltro", "montefeltro black")
    assert _values(st) == {"black": 5, "white": 4, "orange": 4, "neutral": 3}  # 6-1, 5-1, 5-1, 0+3


def test_s15_montefeltro_lasts_the_round_and_refreshes() -> None:
    st = _st(res=rich(), dice=(1, 1, 1))
    st["players"][0]["leaders_played"] = ["federico_da_montefeltro"]
    st, _ = play_active(st, "leader activate federico_da_montefeltro", "montefeltro white")
    assert "leader activate federico_da_montefeltro" not in move_texts(st, 0)
    st = council_all(st)
    assert (
        st["round"] == 2
        and st["players"][0]["montefeltro_member"] is None
        and st["players"][0]["leaders_used"] == []
    )
    assert "leader activate federico_da_montefeltro" in move_texts(st, 0)


def test_s13_montefeltro_needs_a_coloured_member_still_to_place() -> None:
    st = _st(res=rich())
    st["players"][0]["leaders_played"] = ["federico_da_montefeltro"]
    st["players"][0]["free_members"] = ["neutral"]
    assert "leader activate federico_da_montefeltro" not in move_texts(st, 0)
    with pytest.raises(IllegalMove, match="no ability to activate now"):
        GAME.parse(st, 0, "leader activate federico_da_montefeltro")


# ---------------------------------------------------------------------------------------------
# Harvest/Production leaders (§10, §17)
# ---------------------------------------------------------------------------------------------


def test_s10_sforza_with_servants_reaches_more_territories_and_e1_5_applies() -> None:
    st = _st(res=rich(), cards={0: [1, 2, 3]})  # Hub (1), Woods (2), Village (3)
    st["players"][0]["leaders_played"] = ["francesco_sforza"]
    st, _ = play_active(st, "leader activate francesco_sforza")
    assert move_texts(st, 0) == ["harvest", "harvest servants=1", "harvest servants=2"]
    before = st
    st, _ = play_active(st, "harvest servants=2")  # value 3: tile + Hub + Woods + Village
    assert delta(before, st, 0) == {"wood": 2, "stone": 1, "coin": 2}  # servants: -2 paid, +1 +1
    # E1-5 (-3 to every Harvest) applies to Sforza's Harvest too: value 1 - 3 activates nothing
    st = _st(res=rich(servant=0), cards={0: [1]})
    st["players"][0]["leaders_played"] = ["francesco_sforza"]
    st["players"][0]["excommunications"] = ["E1-5"]
    before = st
    st, events = play_active(st, "leader activate francesco_sforza")
    assert delta(before, st, 0) == {} and any("nothing activates" in e for e in events)


def test_s10_leonardo_without_servants_activates_nothing() -> None:
    st = _st(res=rich(servant=0), cards={0: [43]})
    st["players"][0]["leaders_played"] = ["leonardo_da_vinci"]
    before = st
    st, events = play_active(st, "leader activate leonardo_da_vinci")
    assert delta(before, st, 0) == {} and any("value 0: nothing activates" in e for e in events)
    assert GAME.active_players(st) == {0}


# ---------------------------------------------------------------------------------------------
# Permanent abilities against the right actions
# ---------------------------------------------------------------------------------------------


def test_s17_ariosto_occupied_single_spaces_but_the_colour_rule_still_applies() -> None:
    st = _st(3, res=rich())
    st["turn_queue"] = [1, 0, 0, 0]
    st, _ = play(st, 1, "place black harvest")
    assert "place black harvest" not in move_texts(st, 0)  # without Ariosto: occupied
    st["players"][0]["leaders_played"] = ["ludovico_ariosto"]
    assert "place black harvest" in move_texts(st, 0)
    st["space_occupants"]["harvest_big"].append([0, "white"])  # seat 0 already has a coloured member there
    with pytest.raises(IllegalMove, match="coloured family member"):
        GAME.parse(st, 0, "place black harvest")
    assert "place neutral harvest servants=1" in move_texts(st, 0)
    after, _ = play(st, 0, "place neutral production servants=1")
    after["turn_queue"] = [0, 0]
    after["turn_index"] = 0
    after, _ = play(after, 0, "place orange production")  # own member already there
    assert [o[0] for o in after["space_occupants"]["production"]] == [0, 0]


def test_s17_ariosto_a_taken_tower_floor_still_has_no_card() -> None:
    st = _st(res=rich(), towers={"territory_1": 1})
    st["players"][0]["leaders_played"] = ["ludovico_ariosto"]
    st["turn_queue"] = [1, 0]
    st, _ = play(st, 1, "place black territory_1")
    with pytest.raises(IllegalMove, match="no card left"):
        GAME.parse(st, 0, "place black territory_1")


@pytest.mark.parametrize(
    ("card", "space", "paid"),
    [
        (27, "building_1", {"stone": -2}),  # Triumphal Arch 2 coins 2 stone: coins 2 - 3 -> 0
        (31, "building_1", {"wood": -2}),  # Chapel 2 wood: no coins, nothing to take off
        (77, "venture_1", {"mp": -2}),  # Military Campaign: MP cost untouched
        (81, "venture_1", {"coin": -3}),  # Hiring Soldiers 6 coins -> 3
    ],
)
def test_s8_5_pico_della_mirandola_only_coin_costs_never_below_zero(
    card: int, space: str, paid: dict[str, int]
) -> None:
    st = _st(res=rich(mp=3), towers={space: card})
    st["players"][0]["leaders_played"] = ["pico_della_mirandola"]
    after, _ = play(st, 0, f"place black {space}")
    got = delta(st, after, 0)
    assert {k: v for k, v in got.items() if v < 0} == paid


def test_s8_5_pico_and_the_dame_together_make_a_character_free() -> None:
    st = _st(res=rich(), cards={0: [51]}, towers={"character_1": 50})  # Dame; Stonemason 4 coins
    st["players"][0]["leaders_played"] = ["pico_della_mirandola"]
    after, _ = play(st, 0, "place black character_1")
    assert "coin" not in delta(st, after, 0)


def test_s8_6_cesare_borgia_also_for_card_effect_territory_actions() -> None:
    """Captain: +2 MP and a Territory at value 6; the 5th slot needs 12 MP, Cesare ignores it."""
    st = _st(res=rich(), cards={0: T[:4]}, towers={"character_1": 57, "territory_1": 17})
    st["players"][0]["leaders_played"] = ["cesare_borgia"]
    st, _ = play_active(st, "place black character_1")
    assert "take territory_1" in move_texts(st, 0)
    st, _ = play_active(st, "take territory_1")
    assert len(st["players"][0]["cards"]["territory"]) == 5


def test_s17_brunelleschi_still_needs_the_card_cost() -> None:
    st = _st(res=rich(coin=3), towers={"character_1": 49, "character_2": 50})
    st["players"][0]["leaders_played"] = ["filippo_brunelleschi"]
    st["turn_queue"] = [1, 0]
    st, _ = play(st, 1, "place black character_1")
    assert "place black character_2" not in move_texts(st, 0)  # Stonemason costs 4, fee waived, has 3
    st["players"][0]["resources"]["coin"] = 4
    after, _ = play(st, 0, "place black character_2")
    assert delta(st, after, 0) == {"coin": -4}


@pytest.mark.parametrize(
    ("space", "card", "gained"),
    [
        ("territory_1", 11, {"stone": 2, "servant": 4}),  # Mining Town +1 stone 2 servants, doubled
        ("venture_1", 73, {"coin": -4, "mp": 5}),  # Hiring Recruits: points are not doubled
        ("territory_1", 8, {"coin": 6}),  # City +3 coins -> 6
    ],
)
def test_s17_santa_rita_doubles_goods_of_card_immediate_effects(
    space: str, card: int, gained: dict[str, int]
) -> None:
    st = _st(res=rich(), towers={space: card})
    st["players"][0]["leaders_played"] = ["santa_rita"]
    after, _ = play(st, 0, f"place black {space}")
    assert delta(st, after, 0) == gained


def test_s17_santa_rita_not_for_privileges_action_spaces_or_harvests() -> None:
    st = _st(res=rich(), towers={"character_1": 52}, cards={0: [2]})  # Knight: 1 privilege
    st["players"][0]["leaders_played"] = ["santa_rita"]
    before = st
    st, _ = play_active(st, "place black character_1", "privilege coins")
    assert delta(before, st, 0) == {}  # Knight 2 coins paid, the privilege's 2 coins not doubled
    st["turn_queue"] = [0, 0]
    st["turn_index"] = 0
    before = st
    st, _ = play_active(st, "place white market_1")
    assert delta(before, st, 0) == {"coin": 5}
    before = st
    st, _ = play_active(st, "place orange harvest")  # tile + Woods harvest: not immediate effects
    assert delta(before, st, 0) == {"wood": 2, "stone": 1, "servant": 1}


def test_s17_santa_rita_with_e1_2_engine_reduces_then_doubles() -> None:
    """Engine choice (rules help): the source is reduced first, then doubled: City 3 -> 2 -> 4."""
    st = _st(res=rich(), towers={"territory_1": 8})
    st["players"][0]["leaders_played"] = ["santa_rita"]
    st["players"][0]["excommunications"] = ["E1-2"]
    after, _ = play(st, 0, "place black territory_1")
    assert delta(st, after, 0) == {"coin": 4}


def test_s14_sisto_iv_no_bonus_when_refusing_or_lacking_faith() -> None:
    st = _st(res=rich(fp=5), round_no=2)
    st["players"][0]["leaders_played"] = ["sisto_iv"]
    st["players"][1]["leaders_played"] = []
    st = council_all(st)
    vp = st["players"][0]["resources"]["vp"]
    st, _ = play_active(st, "refuse")
    assert st["players"][0]["resources"]["vp"] == vp and st["players"][0]["excommunications"]
    st = _st(res=rich(fp=2), round_no=2)
    st["players"][0]["leaders_played"] = ["sisto_iv"]
    st = council_all(st)  # 2 FP < 3: excommunicated automatically, no support, no bonus
    assert st["players"][0]["excommunications"] and st["players"][0]["resources"]["vp"] == 0


def test_s14_sisto_iv_counts_at_every_report() -> None:
    st = _st(res=rich(fp=4), round_no=4)
    st["players"][0]["leaders_played"] = ["sisto_iv"]
    st = council_all(st)
    vp = st["players"][0]["resources"]["vp"]
    st, _ = play_active(st, "support")
    assert st["players"][0]["resources"]["vp"] == vp + 4 + 5


# ---------------------------------------------------------------------------------------------
# Lorenzo de' Medici (copy)
# ---------------------------------------------------------------------------------------------


def _lorenzo(others: dict[int, list[str]], players: int = 3, **kw: Any) -> dict[str, Any]:
    st = _st(players, res=rich(vp=35), **kw)
    st["players"][0]["leader_hand"] = ["lorenzo_de_medici"]
    for p, ids in others.items():
        st["players"][p]["leaders_played"] = ids
    return st


def test_s13_lorenzo_copies_only_other_players_leaders() -> None:
    st = _lorenzo({0: ["sisto_iv"], 1: ["lucrezia_borgia"], 2: ["santa_rita"]})
    st, _ = play_active(st, "leader play lorenzo")
    assert move_texts(st, 0) == ["copy lucrezia_borgia", "copy santa_rita"]  # not his own Sisto IV
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "copy sisto_iv")


def test_s13_lorenzo_copying_a_permanent_ability_lucrezia() -> None:
    st = _lorenzo({1: ["lucrezia_borgia"]}, dice=(1, 2, 3))
    st, _ = play_active(st, "leader play lorenzo_de_medici", "copy lucrezia_borgia")
    assert _values(st) == {"black": 3, "white": 4, "orange": 5, "neutral": 0}
    assert not any(t.startswith("copy") for t in move_texts(st, 0))  # the choice is final
    with pytest.raises(IllegalMove):
        GAME.parse(st, 0, "copy lucrezia_borgia")


def test_s13_lorenzo_copying_montefeltro_asks_for_the_member() -> None:
    st = _lorenzo({2: ["federico_da_montefeltro"]}, dice=(1, 1, 1))
    st, _ = play_active(st, "leader play lorenzo_de_medici", "copy federico_da_montefeltro")
    st, _ = play_active(st, "leader activate lorenzo_de_medici", "montefeltro black")
    assert _values(st)["black"] == 6
    assert "leader activate lorenzo_de_medici" not in move_texts(st, 0)


def test_s13_lorenzo_and_the_original_each_use_the_ability_once_per_round() -> None:
    st = _lorenzo({1: ["sandro_botticelli"]}, players=2)
    st["players"][1]["leaders_used"] = ["sandro_botticelli"]  # the owner already used it this round
    st, _ = play_active(st, "leader play lorenzo_de_medici", "copy botticelli")
    before = st
    st, _ = play_active(st, "leader activate lorenzo_de_medici")
    assert delta(before, st, 0) == {"vp": 1, "mp": 2}
    assert st["players"][0]["leaders_used"] == ["lorenzo_de_medici"]


def test_s13_lorenzo_copy_is_public() -> None:
    st = _lorenzo({1: ["sandro_botticelli"]}, players=2)
    st, _ = play_active(st, "leader play lorenzo_de_medici", "copy botticelli")
    played = GAME.player_view(st, None)["players_info"][0]["leaders"]
    assert played == [
        {
            "id": "lorenzo_de_medici",
            "name": "Lorenzo de' Medici",
            "text": LEADERS["lorenzo_de_medici"]["text"],
            "requirement": "35 VP",  # §13: shown with every leader (issue 12 item 3)
            "used": False,
            "copies": "sandro_botticelli",
        }
    ]


# ---------------------------------------------------------------------------------------------
# Secrecy: hands and draft packs only in their owner's view
# ---------------------------------------------------------------------------------------------


def _hidden_words(st: dict[str, Any], p: int) -> list[str]:
    ids = list(st["players"][p]["leader_hand"])
    if st["leader_draft"]:
        ids += st["leader_draft"]["packs"][p]
    return [w for x in ids for w in (x, LEADERS[x]["name"])]


@pytest.mark.parametrize("deal", ["draft", "deal"])
def test_secrets_hands_and_packs_only_in_the_owners_view(deal: str) -> None:
    st = GAME.setup(3, 11, {"leaders": True, "leader_draft": deal})
    for _ in range(3):
        for p in range(3):
            views = {q: json.dumps(GAME.player_view(st, q)) for q in (None, 0, 1, 2)}
            for q, text in views.items():
                for word in _hidden_words(st, p):
                    assert (word in text) == (q == p), (p, q, word)
            own = GAME.player_view(st, p)["players_info"][p]
            assert own["leaders_in_hand"] == len(st["players"][p]["leader_hand"])
            assert [x["id"] for x in own["hand"]] == st["players"][p]["leader_hand"]
        if st["phase"] != "leader_draft":
            break
        for p in sorted(GAME.active_players(st)):
            st, events = play(st, p, move_texts(st, p)[-1])
            assert all(w not in " ".join(events) for w in _hidden_words(st, p))


def test_secrets_public_view_shows_counts_and_played_leaders() -> None:
    st = _st(res=rich())
    st["players"][0]["leader_hand"] = ["sandro_botticelli", "santa_rita"]
    st, _ = play_active(st, "leader play botticelli", "leader activate botticelli")
    info = GAME.player_view(st, None)["players_info"][0]
    assert info["hand"] is None and info["leaders_in_hand"] == 1
    assert [(x["id"], x["used"]) for x in info["leaders"]] == [("sandro_botticelli", True)]
    assert "santa_rita" not in _public(st) and "Santa Rita" not in _public(st)


# ---------------------------------------------------------------------------------------------
# §4 setup before §6 round setup: nobody drafts knowing round 1's dice or cards
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options", [ON, {"advanced_tiles": True}, {"leaders": True, "advanced_tiles": True}], ids=str
)
def test_s4_drafts_come_before_round_1_is_set_up(options: dict[str, Any]) -> None:
    st = GAME.setup(3, 21, options)
    view = GAME.player_view(st, None)
    assert view["dice"] == {"black": 0, "white": 0, "orange": 0}
    assert all(f["card"] is None for floors in view["towers"].values() for f in floors)
    events: list[str] = []
    while st["phase"] in ("tile_draft", "leader_draft"):
        p = min(GAME.active_players(st))
        st, ev = play(st, p, move_texts(st, p)[0])
        events += ev
    assert st["phase"] == "actions" and st["round"] == 1
    assert all(1 <= d <= 6 for d in st["dice"].values())
    assert all(len([c for c in st["tower_cards"][t] if c is not None]) == 4 for t in st["tower_cards"])
    assert any(e.startswith("Round 1 begins: dice") for e in events)
    assert GAME.active_players(st) == {st["turn_order"][0]}


def test_s4_without_a_draft_round_1_is_ready_at_once() -> None:
    st = GAME.setup(2, 21, {"leaders": True, "leader_draft": "deal"})
    assert st["phase"] == "actions" and all(1 <= d <= 6 for d in st["dice"].values())


def test_notation_a_shared_word_is_clear_when_only_one_of_its_leaders_is_legal() -> None:
    st = _st(res=rich())
    st["players"][0]["leader_hand"] = ["lucrezia_borgia", "cosimo_de_medici"]
    assert GAME.parse(st, 0, "leader discard borgia") == LeaderAction("discard", "lucrezia_borgia")
    assert GAME.parse(st, 0, "leader discard medici") == LeaderAction("discard", "cosimo_de_medici")
    st["players"][0]["leader_hand"] = ["cosimo_de_medici", "lorenzo_de_medici"]
    with pytest.raises(AmbiguousMove, match="cosimo_de_medici or lorenzo_de_medici"):
        GAME.parse(st, 0, "leader discard medici")
    draft = GAME.setup(2, 3, ON)
    draft["leader_draft"]["packs"][0] = ["cosimo_de_medici", "santa_rita", "sisto_iv", "lucrezia_borgia"]
    assert GAME.parse(draft, 0, "draft medici") == Draft("cosimo_de_medici")
    assert GAME.parse(draft, 0, "draft borgia") == Draft("lucrezia_borgia")
    with pytest.raises(AmbiguousMove, match="ludovico_ariosto"):
        GAME.parse(draft, 0, "draft ludovico")  # none of the three is in the pack


def test_rules_help_leader_examples_are_moves() -> None:
    """Every leader example written in rules_help() parses to a move whose text parses back."""
    import re

    examples = [
        x
        for x in re.findall(r"`([^`]+)`", GAME.rules_help())
        # one-word `draft` is the option value; moves have a name after the verb (or are `end`)
        if (
            x.split()[0] in ("leader", "draft", "copy", "montefeltro")
            and "<" not in x
            and (len(x.split()) > 1)
        )
        or x == "end"
    ]
    assert len(examples) >= 8, examples
    for text in examples:
        if text.split()[-1] in ("medici", "borgia", "ludovico"):
            with pytest.raises(AmbiguousMove):  # the help's example of a shared word
                parse_text(text)
            continue
        move = parse_text(text)
        assert parse_text(move.to_text()) == move
    for option in ("leaders", "leader_draft", "advanced_tiles"):
        assert f"`{option}`" in GAME.rules_help()


@pytest.mark.parametrize("leader", ["ludovico_iii_gonzaga", "francesco_sforza", "leonardo_da_vinci"])
def test_s15_4_once_per_round_actions_refresh_at_the_end_of_the_round(leader: str) -> None:
    st = _st(res=rich())
    st["players"][0]["leaders_played"] = [leader]
    st, _ = play_active(st, f"leader activate {leader}")
    st = resolve(st)
    assert st["players"][0]["leaders_used"] == [leader]
    assert f"leader activate {leader}" not in move_texts(st, 0)
    st = council_all(st)
    assert st["round"] == 2 and st["players"][0]["leaders_used"] == []
    assert GAME.active_players(st) == {0} and f"leader activate {leader}" in move_texts(st, 0)


def test_s15_4_lorenzo_copy_refreshes_and_keeps_its_copy() -> None:
    st = _lorenzo({1: ["bartolomeo_colleoni"]}, players=2)
    st, _ = play_active(st, "leader play lorenzo", "copy colleoni", "leader activate lorenzo")
    st = council_all(st)
    assert st["round"] == 2 and st["players"][0]["copied_leader"] == "bartolomeo_colleoni"
    before = st
    st, _ = play_active(st, "leader activate lorenzo_de_medici")
    assert delta(before, st, 0) == {"vp": 4}


def test_secrets_a_pick_waiting_for_the_others_shows_only_to_its_player() -> None:
    st = GAME.setup(3, 12, ON)
    pick = st["leader_draft"]["packs"][1][2]
    st, _ = play(st, 1, f"draft {pick}")
    assert GAME.player_view(st, 1)["players_info"][1]["draft_pick"] == pick
    for viewer in (None, 0, 2):
        view = GAME.player_view(st, viewer)
        assert view["players_info"][1]["draft_pick"] is None
        assert pick not in json.dumps(view)
    assert GAME.active_players(st) == {0, 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s4_draft_pick_k_comes_from_the_pack_dealt_k_seats_to_the_left(players: int) -> None:
    """Keep 1, pass the rest right (to seat - 1): the k-th pick of seat p is from the pack first
    dealt to seat p + k; the 4th card is kept automatically; every seat ends with 4."""
    st = GAME.setup(players, 40 + players, ON)
    dealt = [list(pack) for pack in st["leader_draft"]["packs"]]
    rng = random.Random(players)
    for k in range(3):
        for p in range(players):
            options = [m.to_text().split()[1] for m in GAME.legal_moves(st, p)]
            assert sorted(options) == sorted(x for x in dealt[(p + k) % players] if x in options)
            assert len(options) == 4 - k
            st, _ = play(st, p, f"draft {rng.choice(options)}")
    assert st["phase"] == "actions" and st["leader_draft"] is None
    for p in range(players):
        hand = st["players"][p]["leader_hand"]
        assert len(hand) == 4
        assert [next(q for q in range(players) if x in dealt[q]) for x in hand] == [
            (p + k) % players for k in range(4)
        ]
