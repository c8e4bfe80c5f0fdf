"""The 12 Family tiles (HOUSES.md §15), one test per family naming it and its power."""

from __future__ import annotations

from typing import Any

from rules.lorenzo import GAME
from rules.lorenzo.houses import families
from tests.lorenzo.helpers import move_texts, play, resolve, settle
from tests.lorenzo.test_houses_rules import hor, rich

State = dict[str, Any]


def owned(st: State, p: int, fam: str) -> State:
    st["stack"].extend(families.win(st, p, fam))
    return st


def test_s15_aragonesi_harvest_at_the_take_value_minus_1_after_a_territory() -> None:
    """Aragonesi: each Territory taken gives a Harvest at the action value - 1."""
    st = owned(hor(2, towers={"territory_1": 1}, dice=(4, 4, 4), res=rich(coin=0)), 0, "aragonesi")
    st, events = play(st, 0, "place black territory_1")
    st = resolve(st)
    assert any("harvests at value 3" in e for e in events)  # value 4 - 1
    assert 1 in st["players"][0]["cards"]["territory"]


def test_s15_colonna_a_brown_fifth_member_of_value_3_placed_after_everyones_fourth() -> None:
    """Colonna: a brown member of value 3, bound by no colour rule, placing last."""
    st = GAME.setup(2, 1, {"houses": True, "leader_draft": "deal"})
    st["houses"]["auction"] = None
    st["phase"] = "actions"
    for p in (0, 1):
        st["players"][p]["family"] = "colonna" if p == 0 else "este"
    st["round"] = 2
    from rules.lorenzo.engine import setup_round

    setup_round(st)
    assert st["players"][0]["free_members"][-1] == "brown" and "brown" not in st["players"][1]["free_members"]
    assert st["turn_queue"][-1] == 0 and len(st["turn_queue"]) == 9
    view = GAME.player_view(st, None)
    assert view["players_info"][0]["family"]["brown"]["value"] == 3


def test_s15_da_montefeltro_stores_building_wood_and_stone_for_a_privilege() -> None:
    """Da Montefeltro: wood and stone paid for a Building go on the tile; a privilege takes them."""
    st = owned(hor(2, towers={"building_1": 25}, dice=(6, 6, 6), res=rich()), 0, "da_montefeltro")
    st = resolve(play(st, 0, "place black building_1")[0])
    stored = st["players"][0]["stored"]
    assert stored and set(stored) <= {"wood", "stone"}
    st["turn_index"] = 2
    st, _ = play(st, 0, "place white council")
    assert "privilege stored" in move_texts(st, 0)
    wood = st["players"][0]["resources"]["wood"]
    st, _ = play(st, 0, "privilege stored")
    assert st["players"][0]["stored"] == {} and st["players"][0]["resources"]["wood"] == wood + stored.get(
        "wood", 0
    )


def test_s15_della_rovere_faith_tiles_and_5_vp_per_excommunication() -> None:
    """Della Rovere: reaching FP step 4 gives tile FT1's bonus once; an excommunication costs 5 VP."""
    st = owned(hor(2, dice=(1, 1, 1), res=rich(fp=3, vp=9)), 0, "della_rovere")
    from rules.lorenzo.engine import Log, excommunicate, gain

    gain(st, 0, {"fp": 1}, "test", Log())
    st = resolve(settle(st))
    assert "FT1" not in st["players"][0]["faith_tiles"] and st["players"][0]["resources"]["coin"] == 22
    excommunicate(st, 0, Log(), voluntary=True)
    assert st["players"][0]["resources"]["vp"] == 4


def test_s15_della_scala_no_faith_privilege_plus_1_fp_and_convert() -> None:
    """Della Scala: privileges never 'faith' and each gives +1 FP; convert 1 FP -> coin, servant, MP."""
    st = owned(hor(2, dice=(1, 1, 1), res=rich(fp=1)), 0, "della_scala")
    st, _ = play(st, 0, "place black council")
    assert "privilege faith" not in move_texts(st, 0)
    st, _ = play(st, 0, "privilege coins")
    assert st["players"][0]["resources"]["fp"] == 2
    st = resolve(st)
    st["turn_index"] = 2
    assert "convert" in move_texts(st, 0)
    res = dict(st["players"][0]["resources"])
    st, _ = play(st, 0, "convert")
    after = st["players"][0]["resources"]
    assert (after["fp"], after["servant"], after["mp"]) == (res["fp"] - 1, res["servant"] + 1, res["mp"] + 1)


def test_s15_este_convert_1_mp_to_2_coins() -> None:
    """Este: on your own turn, 1 MP -> 2 coins, any number of times."""
    st = owned(hor(2, dice=(1, 1, 1), res=rich(mp=2, coin=0)), 0, "este")
    st, _ = play(st, 0, "convert")
    st, _ = play(st, 0, "convert")
    assert st["players"][0]["resources"]["coin"] == 4 and "convert" not in move_texts(st, 0)


def test_s15_gonzaga_pays_7_servants_for_a_base_card_before_the_vatican_report() -> None:
    """Gonzaga: after the last placement, 7 servants take a card still in a base tower."""
    st = owned(hor(2, towers={"venture_4": 96}, dice=(1, 1, 1), res=rich(servant=7)), 0, "gonzaga")
    st["turn_index"] = len(st["turn_queue"])
    st = settle(st)
    assert st["stack"][-1]["kind"] == "gonzaga" and "take venture_4" in move_texts(st, 0)
    st, _ = play(st, 0, "take venture_4")
    assert 96 in st["players"][0]["cards"]["venture"] and st["players"][0]["resources"]["servant"] == 0


def test_s15_malatesta_venture_military_cost_required_not_paid() -> None:
    """Malatesta: a Venture's MP cost is required but not spent (card 134: pay 2 MP, need 2)."""
    st = owned(hor(2, special={1: 134}, dice=(6, 6, 6), res=rich(mp=2)), 0, "malatesta")
    st = resolve(play(st, 0, "place black special_1")[0])
    assert 134 in st["players"][0]["cards"]["venture"] and st["players"][0]["resources"]["mp"] == 2


def test_s15_medici_a_token_per_character_8_characters_scoring_36() -> None:
    """Medici: +1 token per Character taken; up to 8 Characters, 7 = 28 VP, 8 = 36 VP."""
    from rules.lorenzo.houses.scoring import character_vp

    st = owned(hor(2, towers={"character_1": 49}, dice=(6, 6, 6), res=rich()), 0, "medici")
    st = resolve(play(st, 0, "place black character_1")[0])
    assert st["players"][0]["resources"]["special_token"] == 1
    assert character_vp(st, 0, 8) == 36 and character_vp(st, 0, 7) == 28 and character_vp(st, 1, 6) == 21


def test_s15_orsini_set_rewards_once_each() -> None:
    """Orsini: the 3rd set of one card of each type gives 10 VP, never twice."""
    st = owned(hor(2, towers={"venture_1": 73}, dice=(6, 6, 6), res=rich(vp=0)), 0, "orsini")
    st["players"][0]["orsini_sets"] = 2
    st["players"][0]["cards"] = {
        "territory": [1, 2, 3],
        "building": [25, 26, 27],
        "character": [49, 50, 51],
        "venture": [74, 75],
    }
    st = resolve(play(st, 0, "place black venture_1")[0])
    assert st["players"][0]["orsini_sets"] == 3 and st["players"][0]["resources"]["vp"] >= 10


def test_s15_sforza_plays_one_of_its_two_leaders_at_once_ignoring_requirements() -> None:
    """Sforza [CORR]: one of the 2 Leaders is played at once ignoring its requirements."""
    st = hor(2, dice=(1, 1, 1), res=rich(coin=0))
    st["houses"]["family_leaders"] = {"sforza": ["cesare_borgia", "santa_rita"]}
    st = owned(st, 0, "sforza")
    assert set(move_texts(st, 0)) == {"free cesare_borgia", "free santa_rita"}  # no 'free none'
    st, _ = play(st, 0, "free cesare_borgia")
    assert st["players"][0]["leaders_played"] == ["cesare_borgia"] and st["players"][0]["leader_hand"] == [
        "santa_rita"
    ]


def test_s15_visconti_activates_a_token_per_leader_played() -> None:
    """Visconti: playing a Leader activates a token of your choice, then every active token pays."""
    st = owned(hor(2, dice=(1, 1, 1), res=rich(fp=8, coin=0)), 0, "visconti")
    st["players"][0]["leader_hand"] = ["santa_rita"]
    st, _ = play(st, 0, "leader play santa_rita")
    assert "visconti VT1" in move_texts(st, 0)
    st, _ = play(st, 0, "visconti VT1")
    st = resolve(st)
    assert st["players"][0]["visconti_active"] == ["VT1"] and st["players"][0]["resources"]["coin"] == 2
