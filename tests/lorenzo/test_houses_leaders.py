"""The 24 HoR Leaders (HOUSES.md §12, §16), one test per Leader naming it and its ability."""

from __future__ import annotations

from typing import Any

import pytest

from rules.lorenzo import GAME
from rules.lorenzo.data import HOUSES, LEADERS
from rules.lorenzo.engine import Log, gain
from rules.lorenzo.leaders import requirement_met, unmet_requirements
from tests.lorenzo.helpers import move_texts, play, resolve, settle
from tests.lorenzo.test_houses_rules import give_tokens, hor, rich

State = dict[str, Any]
PRODUCTION_3, HARVEST_3 = 30, 1  # base cards activated from value 3 or less


def with_leader(leader: str, **kw: Any) -> State:
    kw.setdefault("dice", (1, 1, 1))
    kw.setdefault("res", rich())
    st = hor(2, **kw)
    st["players"][0]["leaders_played"] = [leader]
    return st


def test_s16_the_24_leaders_are_all_in_the_pools_and_every_requirement_kind_is_checked() -> None:
    assert len(HOUSES["leaders"]) == 24 and set(HOUSES["leaders"]) <= set(HOUSES["leader_pools"]["all"])
    st = hor(2, res=rich(coin=1, fp=0, mp=0, vp=0, servant=0))
    for leader in HOUSES["leaders"]:
        assert unmet_requirements(st, 0, leader) >= 0  # every kind is known to the checker


def test_s12_1_requirement_kinds_at_most_and_sum() -> None:
    """Alfonso V: 6 MP and at most 0 FP; Ferdinando: wood + stone at most 1."""
    st = hor(2, res=rich(mp=6, fp=0))
    assert requirement_met(st, 0, "alfonso_v_daragona")
    st["players"][0]["resources"]["fp"] = 1
    assert not requirement_met(st, 0, "alfonso_v_daragona")
    st = hor(2, res={"coin": 8, "servant": 8, "wood": 1, "stone": 0})
    assert requirement_met(st, 0, "ferdinando_daragona")
    st["players"][0]["resources"]["stone"] = 1
    assert not requirement_met(st, 0, "ferdinando_daragona")


@pytest.mark.parametrize(
    ("leader", "space", "card", "gained"),
    [
        ("alfonso_v_daragona", "territory_1", 1, "fp"),  # +1 FP per Territory
        ("alfonso_i_deste", "character_1", 49, "servant"),  # +2 servants per Character
        ("ercole_i_deste", "building_1", 25, "mp"),  # +2 MP per Building
        ("ferdinando_daragona", "venture_1", 73, "stone"),  # +1 wood +1 stone per Venture
    ],
)
def test_s16_when_take_card_leaders(leader: str, space: str, card: int, gained: str) -> None:
    """Alfonso V, Alfonso I d'Este, Ercole I d'Este, Ferdinando d'Aragona: a gain per card taken."""
    results = []
    for played in ([leader], []):
        st = hor(2, towers={space: card}, dice=(6, 6, 6), res=rich(mp=10, fp=0))
        st["players"][0]["leaders_played"] = played
        st = resolve(play(st, 0, f"place black {space}")[0])
        results.append(st["players"][0]["resources"][gained])
    extra = {"fp": 1, "servant": 2, "mp": 2, "stone": 1}[gained]
    assert results[0] == results[1] + extra


def test_s16_alfonso_v_gains_exactly_1_fp_per_territory() -> None:
    st = with_leader("alfonso_v_daragona", towers={"territory_1": 1}, dice=(6, 6, 6), res=rich(fp=0))
    st = resolve(play(st, 0, "place black territory_1")[0])
    assert st["players"][0]["resources"]["fp"] == 1


def test_s16_beatrice_deste_a_token_for_5_vp_once_a_round() -> None:
    """Beatrice d'Este: once per round, 1 token -> 5 VP or 5 coins."""
    st = with_leader("beatrice_deste", res=rich(vp=0))
    assert "leader activate beatrice_deste" not in move_texts(st, 0)  # no token: nothing to pay
    give_tokens(st, 0, ["faith"])
    st, _ = play(st, 0, "leader activate beatrice_deste")
    st, _ = play(st, 0, "exchange special_token=1")
    st = resolve(settle(st))
    assert st["players"][0]["resources"]["vp"] == 5 and st["players"][0]["resources"]["special_token"] == 0


@pytest.mark.parametrize(
    ("leader", "gains"),
    [
        ("erasmo_da_rotterdam", {"wood": 3, "stone": 3, "vp": 3}),
        ("guglielmo_de_pazzi", {"mp": 2, "fp": 3}),
        ("massimiliano_i_dasburgo", {"special_token": 3, "vp": 5}),
        ("piero_della_francesca", {"special_token": 3}),
        ("pietro_bembo", {"coin": 3, "servant": 3}),
    ],
)
def test_s12_3_personal_action_space_leaders(leader: str, gains: dict[str, int]) -> None:
    """Erasmo, Guglielmo de' Pazzi, Massimiliano I, Piero della Francesca, Pietro Bembo: a personal
    action space, one member a round, value 1 after servants; its gain at once."""
    st = with_leader(leader, res=rich(vp=0, mp=0, fp=0, coin=0))
    space = f"leader_{leader}"
    assert f"place black {space}" in move_texts(st, 0)
    assert f"place black {space}" not in move_texts(hor(2, dice=(1, 1, 1), res=rich()), 0)  # not played
    before = dict(st["players"][0]["resources"])
    st = resolve(play(st, 0, f"place black {space}")[0])
    for k, v in gains.items():
        assert st["players"][0]["resources"][k] == before[k] + v, k
    st["turn_index"] = 2
    assert f"place white {space}" not in move_texts(st, 0)  # one member a round
    assert not any(space in t for t in move_texts(st, 1))  # nobody else's


def test_s12_3_bramante_harvest_or_production_at_the_members_value() -> None:
    """Bramante: the member on its space does a Harvest or a Production at its own value."""
    st = with_leader("bramante", dice=(4, 4, 4), cards={0: [123]})  # 123: +1 Harvest/Production
    st, _ = play(st, 0, "place black leader_bramante")
    assert set(move_texts(st, 0)) >= {"harvest", "production"}
    st, events = play(st, 0, "harvest")
    assert any("harvests at value 4" in e for e in events)  # the Character bonus does not apply


def test_s13_2_carlo_viii_each_servant_adds_2() -> None:
    """Carlo VIII: each servant spent raises an action value by 2."""
    st = with_leader("carlo_viii", towers={"territory_4": 4}, dice=(3, 3, 3), res=rich(mp=20))
    assert "place black territory_4 servants=2" in move_texts(st, 0)  # 3 + 2 x 2 = 7


def test_s16_giulio_ii_wood_stone_coin_for_3_fp() -> None:
    """Giulio II: once per round, 1 wood + 1 stone + 1 coin -> 3 FP."""
    st = with_leader("giulio_ii", res=rich(fp=0))
    st, _ = play(st, 0, "leader activate giulio_ii")
    st, _ = play(st, 0, "exchange coin=1 wood=1 stone=1")
    st = resolve(settle(st))
    assert st["players"][0]["resources"]["fp"] == 3


def test_s13_2_jacopo_salviati_one_more_privilege_may_repeat() -> None:
    """Jacopo Salviati: every privilege effect gives 1 more, of any option."""
    st = with_leader("jacopo_salviati", res=rich(coin=0))
    st, _ = play(st, 0, "place black council")
    st, _ = play(st, 0, "privilege coins")
    assert "privilege coins" in move_texts(st, 0)  # the extra one may repeat
    st, _ = play(st, 0, "privilege coins")
    assert st["players"][0]["resources"]["coin"] == 1 + 2 + 2


def test_s16_ladislao_vii_plays_another_leader_free_when_played() -> None:
    """Ladislao VII Jagellone: immediate, play another Leader for free."""
    st = hor(2, dice=(1, 1, 1), res=rich(vp=10))
    st["players"][0]["leader_hand"] = ["ladislao_vii_jagellone", "cesare_borgia"]
    st, _ = play(st, 0, "leader play ladislao_vii_jagellone")
    assert "free cesare_borgia" in move_texts(st, 0)
    st, _ = play(st, 0, "free cesare_borgia")
    assert st["players"][0]["leaders_played"] == ["ladislao_vii_jagellone", "cesare_borgia"]


@pytest.mark.parametrize(
    ("leader", "action", "card"),
    [("leon_battista_alberti", "production", PRODUCTION_3), ("palla_strozzi", "harvest", HARVEST_3)],
)
def test_s16_alberti_and_strozzi_activate_one_card_at_value_3(leader: str, action: str, card: int) -> None:
    """Leon Battista Alberti (Production 3) / Palla Strozzi (Harvest 3): one card of value <= 3."""
    from rules.lorenzo.data import CARDS

    assert CARDS[card][action]["value"] <= 3
    st = with_leader(leader, cards={0: [card]})
    st, _ = play(st, 0, f"leader activate {leader}")
    assert move_texts(st, 0) == [f"activate {card}"]
    st, events = play(st, 0, f"activate {card}")
    assert any(CARDS[card]["name"] in e for e in events)


def test_s16_lucia_da_narni_1_fp_2_vp_once_a_round() -> None:
    st = with_leader("lucia_da_narni", res=rich(vp=0, fp=0))
    st = resolve(settle(play(st, 0, "leader activate lucia_da_narni")[0]))
    assert (st["players"][0]["resources"]["fp"], st["players"][0]["resources"]["vp"]) == (1, 2)
    assert "leader activate lucia_da_narni" not in move_texts(st, 0)


def test_s16_marsilio_ficino_draws_2_tokens_keeps_1() -> None:
    """Marsilio Ficino: draw 2 Special Tokens, keep 1, discard the other unrevealed."""
    st = with_leader("marsilio_ficino")
    st, _ = play(st, 0, "leader activate marsilio_ficino")
    assert st["stack"][-1]["kind"] == "keep_token"
    kept = move_texts(st, 0)[0]
    st, _ = play(st, 0, kept)
    assert st["players"][0]["resources"]["special_token"] == 1 and len(st["houses"]["token_down"]) == 1


def test_s13_2_martin_lutero_is_never_excommunicated() -> None:
    """Martin Lutero: below the requirement the player keeps their faith, no excommunication."""
    st = with_leader("martin_lutero", res=rich(fp=1), round_no=2)
    st["stack"] = [{"kind": "vatican", "seat": 0}]
    st["phase"] = "vatican"
    st = settle(st)
    assert st["players"][0]["excommunications"] == [] and st["players"][0]["resources"]["fp"] == 1


def test_s13_2_niccolo_machiavelli_plus_1_vp_per_vp_gain() -> None:
    st = with_leader("niccolo_machiavelli", res=rich(vp=0))
    gain(st, 0, {"vp": 2}, "test", Log())
    gain(st, 0, {"coin": 2}, "test", Log())
    assert st["players"][0]["resources"]["vp"] == 3


def test_s13_2_paracelso_servants_pay_for_wood_stone_and_coins() -> None:
    """Paracelso: in a card's cost servants may replace wood, stone and coins one for one."""
    st = with_leader("paracelso", towers={"building_1": 25}, dice=(6, 6, 6), res={"servant": 10})
    assert "place black building_1" in move_texts(st, 0)
    st = resolve(play(st, 0, "place black building_1")[0])
    assert 25 in st["players"][0]["cards"]["building"] and st["players"][0]["resources"]["servant"] < 10


def test_s13_2_paracelso_servants_pay_the_occupied_tower_fee() -> None:
    """Paracelso: 'servants may be paid in place of wood, stone or coins' - in every payment,
    the 3-coin fee of an occupied tower too (HOUSES.md §13.2); coins first, servants for the rest."""
    st = with_leader("paracelso", towers={"territory_1": 1, "territory_2": 2}, dice=(6, 6, 6))
    st["players"][0]["resources"].update(coin=1, servant=5)
    st["tower_occupants"]["territory"][1] = [1, "black"]
    assert "place black territory_1" in move_texts(st, 0)
    st = resolve(play(st, 0, "place black territory_1")[0])
    res = st["players"][0]["resources"]
    assert 1 in st["players"][0]["cards"]["territory"] and (res["coin"], res["servant"]) == (0, 3)
    without = hor(2, towers={"territory_1": 1}, dice=(6, 6, 6), res=rich(coin=1, servant=5))
    without["tower_occupants"]["territory"][1] = [1, "black"]
    assert "place black territory_1" not in move_texts(without, 0)  # no Paracelso: no entry


def test_s13_2_paracelso_servants_pay_a_leader_exchange_giulio_ii() -> None:
    """Paracelso with Giulio II ('1 wood + 1 stone + 1 coin -> 3 FP'): holding no wood, the
    servant pays for it (the exchange is offered and says so)."""
    st = with_leader("paracelso", res=rich(wood=0, fp=0))
    st["players"][0]["leaders_played"] = ["paracelso", "giulio_ii"]
    st, _ = play(st, 0, "leader activate giulio_ii")
    assert move_texts(st, 0) == ["exchange coin=1 stone=1 servant=1", "exchange none"]
    before = dict(st["players"][0]["resources"])
    st = resolve(settle(play(st, 0, "exchange coin=1 stone=1 servant=1")[0]))
    res = st["players"][0]["resources"]
    assert res["fp"] == 3 and res["servant"] == before["servant"] - 1 and res["wood"] == 0


def test_s13_2_paracelso_servants_pay_a_production_exchange_card_111() -> None:
    """Paracelso with card 111 ('Production: 1 stone -> 1 coin + 1 VP, up to the value'): at
    value 3 with 1 stone, servants pay for the two stones short (from the Production's budget)."""
    st = with_leader("paracelso", res=rich(stone=1, servant=2, vp=0), cards={0: [111]})
    st["dice"] = {"black": 3, "white": 3, "orange": 3}
    st, _ = play(st, 0, "place black production")
    assert move_texts(st, 0)[-1] == "repeat 3"
    st = resolve(play(st, 0, "repeat 3")[0])
    res = st["players"][0]["resources"]
    assert (res["stone"], res["servant"], res["vp"]) == (0, 0, 3)


def test_s16_raffaello_sanzio_1_coin_for_3_vp() -> None:
    st = with_leader("raffaello_sanzio", res=rich(vp=0))
    st, _ = play(st, 0, "leader activate raffaello_sanzio")
    st, _ = play(st, 0, "exchange coin=1")
    st = resolve(settle(st))
    assert st["players"][0]["resources"]["vp"] == 3


def test_s16_tomas_de_torquemada_discard_a_character_for_3_fp() -> None:
    st = with_leader("tomas_de_torquemada", res=rich(fp=0), cards={0: [49]})
    st, _ = play(st, 0, "leader activate tomas_de_torquemada")
    st, _ = play(st, 0, "dismiss 49")
    st = resolve(settle(st))
    assert st["players"][0]["cards"]["character"] == [] and st["players"][0]["resources"]["fp"] == 3
    assert 49 in st["houses"]["discard_pile"]


def test_s12_4_five_players_refuse_the_base_pool_and_deal_from_all_44() -> None:
    with pytest.raises(Exception, match="base pool"):
        GAME.setup(5, 1, {"houses": True, "leader_pool": "base"})
    st = GAME.setup(5, 1, {"houses": True, "leader_draft": "deal"})
    dealt = [x for p in st["players"] for x in p["leader_hand"]]
    assert set(dealt) <= set(LEADERS) and len(dealt) == 20
