"""§13 Leader cards (``leaders`` option): the draft, requirements and abilities of all 20 leaders,
Leader actions in a turn, discarding for a privilege, once per round."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core import IllegalMove, NotYourTurn
from rules.lorenzo import GAME
from rules.lorenzo.data import BASE_LEADERS as LEADERS
from tests.lorenzo.helpers import council_all, delta, move_texts, play, play_active, rich, scenario, top

ON = {"leaders": True}


def _with(leader: str, *, played: bool = True, **kw: Any) -> dict[str, Any]:
    st = scenario(kw.pop("players", 2), options=ON, **kw)
    st["players"][0]["leaders_played" if played else "leader_hand"] = [leader]
    return st


# ---------------------------------------------------------------------------------------------
# Setup: the draft (§4 advanced game)
# ---------------------------------------------------------------------------------------------


def test_s4_leader_draft_keep_one_pass_right_until_four() -> None:
    st = GAME.setup(3, 8, ON)
    assert st["phase"] == "leader_draft" and GAME.active_players(st) == {0, 1, 2}
    packs = [list(p) for p in st["leader_draft"]["packs"]]
    assert all(len(p) == 4 for p in packs) and len({x for p in packs for x in p}) == 12
    assert GAME.prompt(st, 0).secret
    keep = [packs[p][0] for p in range(3)]
    for p in (2, 0, 1):  # any order: the picks are simultaneous
        st, events = play(st, p, f"draft {keep[p]}")
        assert keep[p] not in " ".join(events)
        assert st["last_move"]["text"] == "draft (secret)"
    # each seat now holds its pick and has received the rest of its left neighbour's pack (p + 1)
    for p in range(3):
        assert st["players"][p]["leader_hand"] == [keep[p]]
        assert sorted(st["leader_draft"]["packs"][p]) == sorted(
            x for x in packs[(p + 1) % 3] if x != keep[(p + 1) % 3]
        )
    public = json.dumps(GAME.player_view(st, None))
    assert all(k not in public for k in keep)
    while st["phase"] == "leader_draft":
        p = min(GAME.active_players(st))
        st, _ = play(st, p, move_texts(st, p)[0])
    assert all(len(ps["leader_hand"]) == 4 for ps in st["players"])
    assert st["phase"] == "actions"


def test_s4_leader_random_deal_variant() -> None:
    st = GAME.setup(4, 8, {"leaders": True, "leader_draft": "deal"})
    assert st["phase"] == "actions" and all(len(ps["leader_hand"]) == 4 for ps in st["players"])
    assert len({x for ps in st["players"] for x in ps["leader_hand"]}) == 16


def test_draft_refuses_a_leader_not_in_the_pack() -> None:
    st = GAME.setup(2, 8, ON)
    other = st["leader_draft"]["packs"][1][0]
    with pytest.raises(IllegalMove, match="Keep one leader"):
        GAME.parse(st, 0, f"draft {other}")


# ---------------------------------------------------------------------------------------------
# Requirements (§13): each leader with exactly its requirement, and one short
# ---------------------------------------------------------------------------------------------

T = [1, 2, 3, 4, 5, 6]
B = [25, 26, 27, 28, 29, 30]
C = [49, 50, 51, 52, 53, 54]
V = [73, 74, 75, 76, 77, 78]
# leader -> (resources, cards) meeting the requirement exactly; short: one component less
REQUIREMENTS: dict[str, tuple[dict[str, int], list[int]]] = {
    "francesco_sforza": ({}, V[:5]),
    "ludovico_ariosto": ({}, C[:5]),
    "filippo_brunelleschi": ({}, B[:5]),
    "federico_da_montefeltro": ({}, T[:5]),
    "girolamo_savonarola": ({"coin": 18}, []),
    "giovanni_dalle_bande_nere": ({"mp": 12}, []),
    "sandro_botticelli": ({"wood": 10}, []),
    "michelangelo_buonarroti": ({"stone": 10}, []),
    "ludovico_iii_gonzaga": ({"servant": 15}, []),
    "leonardo_da_vinci": ({}, C[:4] + T[:2]),
    "pico_della_mirandola": ({}, V[:4] + B[:2]),
    "sisto_iv": ({"coin": 6, "wood": 6, "stone": 6, "servant": 6}, []),
    "lucrezia_borgia": ({}, B[:6]),
    "sigismondo_malatesta": ({"mp": 7, "fp": 3}, []),
    "lorenzo_de_medici": ({"vp": 35}, []),
    "ludovico_il_moro": ({}, T[:2] + C[:2] + B[:2] + V[:2]),
    "cesare_borgia": ({"coin": 12, "fp": 2}, B[:3]),
    "santa_rita": ({"fp": 8}, []),
    "cosimo_de_medici": ({}, C[:2] + B[:4]),
    "bartolomeo_colleoni": ({}, V[:2] + T[:4]),
}


def test_requirement_table_covers_all_20_leaders() -> None:
    assert sorted(REQUIREMENTS) == sorted(LEADERS)


@pytest.mark.parametrize("leader", sorted(REQUIREMENTS))
def test_s13_requirement_met_exactly(leader: str) -> None:
    res, cards = REQUIREMENTS[leader]
    st = scenario(2, res=res, cards={0: cards}, options=ON)
    st["players"][0]["leader_hand"] = [leader]
    st["players"][1]["leaders_played"] = ["santa_rita"]  # something for Lorenzo de' Medici to copy
    assert f"leader play {leader}" in move_texts(st, 0)
    after, _ = play(st, 0, f"leader play {leader}")
    assert leader in after["players"][0]["leaders_played"] and after["players"][0]["leader_hand"] == []
    assert {k: after["players"][0]["resources"][k] for k in res} == res  # requirements are not spent


@pytest.mark.parametrize("leader", sorted(REQUIREMENTS))
def test_s13_requirement_one_short(leader: str) -> None:
    res, cards = REQUIREMENTS[leader]
    if res:
        key = next(iter(res))
        res = {**res, key: res[key] - 1}
    else:
        cards = cards[:-1]
    st = scenario(2, res=res, cards={0: cards}, options=ON)
    st["players"][0]["leader_hand"] = [leader]
    st["players"][1]["leaders_played"] = ["santa_rita"]
    assert f"leader play {leader}" not in move_texts(st, 0)
    with pytest.raises(IllegalMove, match="requirement"):
        GAME.parse(st, 0, f"leader play {leader}")


# ---------------------------------------------------------------------------------------------
# Once-per-round abilities
# ---------------------------------------------------------------------------------------------

GAINS = {
    "girolamo_savonarola": {"fp": 1},
    "giovanni_dalle_bande_nere": {"coin": 1, "wood": 1, "stone": 1},
    "sandro_botticelli": {"vp": 1, "mp": 2},
    "michelangelo_buonarroti": {"coin": 3},
    "cosimo_de_medici": {"servant": 3, "vp": 1},
    "bartolomeo_colleoni": {"vp": 4},
}


@pytest.mark.parametrize("leader", sorted(GAINS))
def test_s13_once_per_round_gain(leader: str) -> None:
    st = _with(leader, res=rich())
    after, _ = play(st, 0, f"leader activate {leader}")
    assert delta(st, after, 0) == GAINS[leader]
    assert GAME.active_players(after) == {0}  # a Leader action does not use the turn
    assert f"leader activate {leader}" not in move_texts(after, 0)
    with pytest.raises(IllegalMove, match="already used this round"):
        GAME.parse(after, 0, f"leader activate {leader}")
    after = council_all(after)  # next round: available again (§15.4)
    assert after["round"] == 2
    assert GAME.active_players(after) == {0}
    assert f"leader activate {leader}" in move_texts(after, 0)
    assert after["players"][0]["leaders_used"] == []


def test_s13_ludovico_iii_gonzaga_privilege() -> None:
    st = _with("ludovico_iii_gonzaga", res=rich())
    st, _ = play_active(st, "leader activate ludovico_iii_gonzaga")
    assert top(st)["kind"] == "privilege"
    after, _ = play_active(st, "privilege faith")
    assert after["players"][0]["resources"]["fp"] == 1


def test_s13_francesco_sforza_harvest_1_servants_only() -> None:
    """Harvest at value 1; the Farmer's +2 does not apply; servants do."""
    st = _with("francesco_sforza", res=rich(), cards={0: [1, 2, 53]})  # Hub (1), Woods (2), Farmer
    st, _ = play_active(st, "leader activate francesco_sforza")
    assert move_texts(st, 0) == ["harvest", "harvest servants=1"]
    before = st
    after, _ = play_active(st, "harvest")
    assert delta(before, after, 0) == {"wood": 1, "stone": 1, "servant": 1, "coin": 1}  # tile + Hub only


def test_s13_leonardo_da_vinci_production_0_needs_a_servant() -> None:
    st = _with("leonardo_da_vinci", res=rich(), cards={0: [43, 54]})  # Garden (prod 1, +3 VP), Artisan
    st, _ = play_active(st, "leader activate leonardo_da_vinci")
    assert move_texts(st, 0) == ["production", "production servants=1"]
    before = st
    after, _ = play_active(st, "production servants=1")
    assert delta(before, after, 0) == {"servant": -1, "coin": 2, "mp": 1, "vp": 3}


def test_s13_federico_da_montefeltro_one_coloured_member_is_six() -> None:
    st = _with(
        "federico_da_montefeltro",
        res=rich(servant=0),
        dice=(1, 1, 1),
        towers={"territory_3": 3, "territory_4": 1},
    )
    st, _ = play_active(st, "leader activate federico_da_montefeltro")
    assert move_texts(st, 0) == ["montefeltro black", "montefeltro white", "montefeltro orange"]
    st, _ = play_active(st, "montefeltro white")
    assert "place white territory_3" in move_texts(st, 0)
    assert "place black territory_3" not in move_texts(st, 0)
    with pytest.raises(IllegalMove, match="needs value 7; yours would be 6"):
        GAME.parse(st, 0, "place white territory_4")


# ---------------------------------------------------------------------------------------------
# Permanent abilities
# ---------------------------------------------------------------------------------------------


def test_s13_ludovico_ariosto_occupied_spaces() -> None:
    st = _with("ludovico_ariosto", res=rich())
    st["turn_queue"] = [1, 0, 1, 0]
    st, _ = play(st, 1, "place black market_1")
    assert "place black market_1" in move_texts(st, 0)
    after, _ = play(st, 0, "place black market_1")
    assert len(after["space_occupants"]["market_1"]) == 2


def test_s13_filippo_brunelleschi_no_tower_fee() -> None:
    st = _with("filippo_brunelleschi", res=rich(), towers={"territory_1": 1, "territory_2": 3})
    st["turn_queue"] = [1, 0]
    st, _ = play(st, 1, "place black territory_1")
    after, _ = play(st, 0, "place black territory_2")
    assert "coin" not in delta(st, after, 0)


def test_s13_pico_della_mirandola_three_coins_less() -> None:
    st = _with("pico_della_mirandola", res=rich(), towers={"character_1": 63, "building_1": 27})
    after, _ = play(st, 0, "place black character_1")  # Papal Messenger 5 coins -> 2
    assert delta(st, after, 0) == {"coin": -2, "fp": 3}


def test_s13_sisto_iv_five_vp_when_supporting() -> None:
    st = _with("sisto_iv", res=rich(fp=5), round_no=2)
    st = council_all(st)
    vp = st["players"][0]["resources"]["vp"]
    after, _ = play_active(st, "support")
    assert after["players"][0]["resources"]["vp"] == vp + 5 + 5  # 5 FP -> 5 VP, +5 Sisto IV


def test_s13_lucrezia_borgia_coloured_plus_two() -> None:
    st = _with("lucrezia_borgia", res=rich(servant=0), dice=(3, 1, 1), towers={"territory_3": 1})
    assert "place black territory_3" in move_texts(st, 0)  # 3 + 2 = 5


def test_s13_sigismondo_malatesta_neutral_plus_three() -> None:
    st = _with("sigismondo_malatesta", res=rich(servant=0), towers={"territory_2": 1})
    assert "place neutral territory_2" in move_texts(st, 0)


def test_s13_ludovico_il_moro_coloured_are_five_and_lucrezia_adds() -> None:
    st = _with(
        "ludovico_il_moro", res=rich(servant=0), dice=(1, 6, 2), towers={"territory_3": 1, "territory_4": 3}
    )
    moves = move_texts(st, 0)
    assert "place black territory_3" in moves and "place white territory_4" not in moves
    st["players"][0]["leaders_played"].append("lucrezia_borgia")
    assert "place white territory_4" in move_texts(st, 0)  # 5 + 2 = 7 (§17)


def test_s13_cesare_borgia_ignores_territory_requirements() -> None:
    st = _with("cesare_borgia", res=rich(mp=0), towers={"territory_1": 1}, cards={0: [2, 3, 4, 5]})
    after, _ = play(st, 0, "place black territory_1")
    assert 1 in after["players"][0]["cards"]["territory"]


def test_s13_santa_rita_doubles_goods_of_card_immediate_effects_only() -> None:
    """Monastery: 1 servant + 2 MP -> 2 servants + 2 MP; floor bonus (territory_3: 1 wood) not doubled."""
    st = _with("santa_rita", res=rich(), towers={"territory_3": 6})
    after, _ = play(st, 0, "place black territory_3")
    assert delta(st, after, 0) == {"wood": 1, "servant": 2, "mp": 2}


def test_s13_lorenzo_de_medici_copies_a_played_leader() -> None:
    st = scenario(2, res=rich(vp=35), options=ON, towers={"territory_1": 1, "territory_2": 3})
    st["players"][0]["leader_hand"] = ["lorenzo_de_medici"]
    st["players"][1]["leaders_played"] = ["filippo_brunelleschi", "michelangelo_buonarroti"]
    st, _ = play_active(st, "leader play lorenzo_de_medici")
    assert move_texts(st, 0) == ["copy filippo_brunelleschi", "copy michelangelo_buonarroti"]
    st, _ = play_active(st, "copy michelangelo_buonarroti")
    assert "leader activate lorenzo_de_medici" in move_texts(st, 0)
    after, _ = play_active(st, "leader activate lorenzo_de_medici")
    assert delta(st, after, 0) == {"coin": 3}
    view = GAME.player_view(after, None)
    assert view["players_info"][0]["leaders"][0]["copies"] == "michelangelo_buonarroti"


def test_s13_lorenzo_de_medici_needs_something_to_copy() -> None:
    st = scenario(2, res=rich(vp=40), options=ON)
    st["players"][0]["leader_hand"] = ["lorenzo_de_medici"]
    with pytest.raises(IllegalMove, match="copy"):
        GAME.parse(st, 0, "leader play lorenzo_de_medici")


# ---------------------------------------------------------------------------------------------
# Leader actions in a turn
# ---------------------------------------------------------------------------------------------


def test_s13_discard_a_leader_for_a_privilege() -> None:
    st = _with("sisto_iv", played=False, res=rich())
    st, _ = play_active(st, "leader discard sisto_iv")
    assert st["players"][0]["leader_hand"] == [] and top(st)["kind"] == "privilege"
    after, _ = play_active(st, "privilege coins")
    assert after["players"][0]["resources"]["coin"] == 22 and GAME.active_players(after) == {0}


def test_s13_played_leader_cannot_be_discarded() -> None:
    st = _with("sisto_iv", res=rich())
    with pytest.raises(IllegalMove, match="not in your hand"):
        GAME.parse(st, 0, "leader discard sisto_iv")


def test_s13_leader_actions_only_in_your_turn() -> None:
    st = _with("michelangelo_buonarroti", res=rich())
    st["turn_queue"] = [1, 0]
    assert move_texts(st, 0) == []
    with pytest.raises(NotYourTurn):
        GAME.parse(st, 0, "leader activate michelangelo_buonarroti")


def test_s19_player_with_no_placement_may_use_leaders_then_pass() -> None:
    """§19: no placement possible but a Leader action exists -> the turn waits; 'pass' is allowed."""
    st = _with("cosimo_de_medici", res=rich(servant=0))
    st["players"][0]["free_members"] = ["neutral"]
    moves = move_texts(st, 0)
    assert moves == ["leader activate cosimo_de_medici", "pass"]
    st, _ = play_active(st, "leader activate cosimo_de_medici")  # +3 servants: now the neutral can go
    assert "place neutral council servants=1" in move_texts(st, 0)


def test_leaders_option_off_refuses_leader_moves() -> None:
    st = scenario(2, res=rich())
    st["players"][0]["leader_hand"] = ["sisto_iv"]
    with pytest.raises(IllegalMove, match="without Leaders"):
        GAME.parse(st, 0, "leader discard sisto_iv")
