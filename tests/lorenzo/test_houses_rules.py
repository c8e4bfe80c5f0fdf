"""Houses of Renaissance rules (the ``houses`` option), each test naming its HOUSES.md section
(rules/lorenzo/HOUSES.md) and, for a card, the card and its effect."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from rules.lorenzo.data import CARDS, HOUSES, MEMBERS, RESOURCES
from rules.lorenzo.engine import Log, gain
from rules.lorenzo.houses import setup as houses_setup
from rules.lorenzo.houses import tokens
from tests.lorenzo.helpers import bare_scenario, move_texts, play, resolve, top

State = dict[str, Any]
HOR = {"houses": True}


def hor(players: int = 2, special: dict[int, int | None] | None = None, **kw: Any) -> State:
    """``bare_scenario`` with houses: every floor empty but those named, ``special`` floor ->
    card on the Special Tower (floor 1 first), no tokens held."""
    res = kw.pop("res", None)
    st = bare_scenario(players, options=HOR, **kw)
    st["tower_cards"]["special"] = [None] * 4
    st["tower_occupants"]["special"] = [None] * 4
    st["houses"]["auction"] = None  # as after the auction (test_houses_auction.py)
    for floor, card in (special or {}).items():
        st["tower_cards"]["special"][floor - 1] = card
    for p in range(players):
        if res is not None:
            st["players"][p]["resources"] = {k: res.get(k, 0) for k in RESOURCES}
        st["players"][p]["resources"]["special_token"] = 0
        st["players"][p]["tokens"] = []
    return st


def give_tokens(st: State, p: int, kinds: list[str]) -> None:
    """Move tokens of these kinds from the supply into seat p's hand."""
    supply = list(st["houses"]["token_supply"])
    for kind in kinds:
        supply.remove(kind)
    st["houses"]["token_supply"] = supply
    st["players"][p]["tokens"] = [*st["players"][p]["tokens"], *kinds]
    st["players"][p]["resources"]["special_token"] += len(kinds)


def rich(**extra: int) -> dict[str, int]:
    base = {"coin": 20, "wood": 20, "stone": 20, "servant": 20, "vp": 0, "mp": 0, "fp": 0}
    base.update(extra)
    return base


# -- §2 / §4 setup -------------------------------------------------------------------------------


def test_s2_five_players_need_the_houses_option() -> None:
    with pytest.raises(IllegalMove, match="5 players need the houses option"):
        GAME.setup(5, 1, {})
    assert GAME.setup(5, 1, HOR)["player_count"] == 5


def test_s2_houses_turns_the_leaders_on() -> None:
    assert GAME.setup(3, 1, HOR)["options"]["leaders"] is True


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s4_1_no_wood_or_stone_coins_by_turn_position_3_servants(players: int) -> None:
    st = GAME.setup(players, 11, HOR)
    for p, player in enumerate(st["players"]):
        res = player["resources"]
        assert res["wood"] == res["stone"] == 0 and res["servant"] == 3
        assert res["coin"] == st["turn_order"].index(p)  # 0, 1, 2, 3, 4
        assert res["special_token"] == 0 and player["tokens"] == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_s4_1_special_deck_8_per_period_stacked_and_adaptation_tile_by_count(players: int) -> None:
    st = GAME.setup(players, 5, {**HOR, "leader_draft": "deal"})
    deck = [*st["tower_cards"]["special"], *st["houses"]["special_deck"]]
    assert len(deck) == 24 and len(set(deck)) == 24
    assert [CARDS[c]["period"] for c in deck] == [1] * 8 + [2] * 8 + [3] * 8
    tile = st["houses"]["adaptation"]
    assert tile["tile"] == ("adaptation_5" if players == 5 else "adaptation_2_4")
    assert tile["floor_values"] == ([1, 2, 4, 6] if players == 5 else [5, 6, 7, 8])
    assert tile["tower"] in ("territory", "character", "building", "venture")
    assert len(st["houses"]["token_supply"]) == 36


def test_s4_1_step_2_the_new_excommunication_tiles_join_the_piles() -> None:
    assert houses_setup.excommunication_pile(1, True)[-1] == "E1-8"
    assert "E2-8" not in houses_setup.excommunication_pile(2, False)
    drawn = {t for seed in range(60) for t in GAME.setup(2, seed, HOR)["excommunication_tiles"]}
    assert {"E1-8", "E2-8", "E3-8"} <= drawn


def test_s8_adaptation_tile_floor_values_apply_to_its_tower() -> None:
    st = hor(2, dice=(5, 5, 5), res=rich(), towers={"venture_1": 73})
    st["houses"]["adaptation"] = {"tile": "adaptation_2_4", "tower": "venture", "floor_values": [5, 6, 7, 8]}
    assert GAME.player_view(st, None)["towers"]["venture"][0]["min_value"] == 5
    assert "place black venture_1" in move_texts(st, 0)
    st["dice"] = {"black": 4, "white": 4, "orange": 4}
    assert "place black venture_1" not in move_texts(st, 0)  # value 4 < 5 now
    assert "place black venture_1 servants=1" in move_texts(st, 0)


def test_s8_adaptation_tile_moves_one_tower_right_each_round() -> None:
    order = HOUSES["adaptation"]["tower_order"]
    st = GAME.setup(3, 2, {**HOR, "leader_draft": "deal"})
    seen = [st["houses"]["adaptation"]["tower"]]
    for round_no in range(2, 7):
        st["round"] = round_no
        houses_setup.deal_round(st)
        seen.append(st["houses"]["adaptation"]["tower"])
    start = order.index(seen[0])
    assert seen == [order[(start + i) % 4] for i in range(6)]


# -- §7 the Special Tower ----------------------------------------------------------------------


def test_s7_special_tower_card_goes_to_its_own_type_row() -> None:
    st = hor(2, special={1: 97}, dice=(1, 1, 1), res=rich())
    after, _ = play(st, 0, "place black special_1")
    after = resolve(after)
    assert after["players"][0]["cards"]["territory"] == [97]
    assert after["tower_occupants"]["special"][0] == [0, "black"]


def test_s7_special_tower_floor_bonus_tokens_and_occupied_fee() -> None:
    st = hor(2, special={3: 121, 4: 122}, dice=(6, 6, 6), res=rich())
    st, _ = play(st, 0, "place black special_3")  # floor 3 (value 5): 1 Special Token
    st = resolve(st)
    assert st["players"][0]["resources"]["special_token"] == 1 and len(st["players"][0]["tokens"]) == 1
    coins = st["players"][1]["resources"]["coin"]
    st, _ = play(st, 1, "place black special_4 servants=1")  # occupied: 3 coins fee, 2 tokens
    st = resolve(st)
    assert st["players"][1]["resources"]["coin"] == coins - 3 - 2  # fee + card 122's 2 coins
    assert st["players"][1]["resources"]["special_token"] == 2


def test_s7_card_126_no_occupied_fee_in_the_special_tower_only() -> None:
    """Card 126: 'no 3-coin occupied-tower fee when entering the Special Tower'."""
    st = hor(2, special={1: 121, 2: 122}, dice=(6, 6, 6), res=rich(), cards={1: [126]})
    st["tower_occupants"]["special"][0] = [0, "black"]
    st["tower_cards"]["special"][0] = None
    coins = st["players"][1]["resources"]["coin"]
    st["turn_index"] = 1
    after, _ = play(st, 1, "place black special_2")
    assert after["players"][1]["resources"]["coin"] == coins - 2  # card 122 costs 2 coins; no fee


def test_s7_same_colour_rule_in_the_special_tower() -> None:
    st = hor(2, special={1: 97, 2: 98}, dice=(6, 6, 6), res=rich())
    st["tower_occupants"]["special"][0] = [0, "white"]
    assert "place black special_2" not in move_texts(st, 0)
    assert "place neutral special_2 servants=3" in move_texts(st, 0)


def test_s11_e2_8_special_tower_actions_are_4_lower() -> None:
    st = hor(2, special={1: 97}, dice=(4, 4, 4), res=rich())
    assert "place black special_1" in move_texts(st, 0)
    st["players"][0]["excommunications"] = ["E2-8"]
    assert "place black special_1" not in move_texts(st, 0)  # 4 - 4 = 0 < 1
    assert "place black special_1 servants=1" in move_texts(st, 0)


def test_s6_round_end_base_cards_go_to_the_discard_pile_special_ones_leave() -> None:
    st = GAME.setup(2, 3, {**HOR, "leader_draft": "deal"})
    base_left = [c for t in ("territory", "character", "building", "venture") for c in st["tower_cards"][t]]
    houses_setup.end_of_round(st)
    assert st["houses"]["discard_pile"] == base_left
    assert not set(st["tower_cards"]["special"]) & set(st["houses"]["discard_pile"])


# -- §9 / §10 tokens ---------------------------------------------------------------------------


def test_s9_new_council_row_offers_a_special_token_privilege() -> None:
    st = hor(2, dice=(1, 1, 1), res=rich())
    st, _ = play(st, 0, "place black council")
    assert "privilege special_token" in move_texts(st, 0)
    st, _ = play(st, 0, "privilege special_token")
    assert st["players"][0]["resources"]["special_token"] == 1 and len(st["players"][0]["tokens"]) == 1


def test_s10_2_cash_a_token_on_your_turn_for_its_bonus() -> None:
    st = hor(2, dice=(1, 1, 1), res=rich())
    give_tokens(st, 0, ["victory", "coins"])
    assert {"token victory", "token coins"} <= set(move_texts(st, 0))
    assert "token victory" not in move_texts(st, 1)  # not their turn
    after, _ = play(st, 0, "token victory")
    player = after["players"][0]
    assert player["resources"]["vp"] == 3 and player["tokens"] == ["coins"]
    assert after["houses"]["token_discard"] == ["victory"] and tokens.total(after) == 36
    assert after["turn_index"] == 0  # cashing is no placement


def test_s10_1_faces_are_secret_counts_public() -> None:
    st = hor(2, dice=(1, 1, 1), res=rich())
    give_tokens(st, 1, ["faith", "military"])
    assert GAME.player_view(st, 1)["houses"]["players"][1]["faces"] == ["faith", "military"]
    for viewer in (None, 0):
        seat1 = GAME.player_view(st, viewer)["houses"]["players"][1]
        assert seat1["faces"] is None and seat1["tokens"] == 2
    known = GAME.player_view(st, 0)["known_state"]
    assert "faith" not in known["players"][1]["tokens"]


def test_s10_2_tokens_pay_a_cost_card_141() -> None:
    """Card 141: 'Cost: 10 coins OR 5 special tokens'."""
    st = hor(2, special={4: 141}, dice=(6, 6, 6), res=rich(coin=3, mp=0))
    give_tokens(st, 0, ["coins", "coins", "faith", "victory", "military", "servants"])
    st, _ = play(st, 0, "place black special_4 servants=1")
    st = resolve(st)
    player = st["players"][0]
    assert player["cards"]["venture"] == [141]
    # 6 held + 2 from floor 4, less 5 paid (each chosen by the payer, see the next test).
    assert player["resources"]["special_token"] == 3 == len(player["tokens"])
    assert tokens.total(st) == 36


def test_s10_2_the_payer_chooses_which_tokens_pay_card_127() -> None:
    """§10.2 "Pay": where a cost asks for tokens the payer chooses which of theirs go, face down.
    Card 127: 'Cost: 6 coins + 1 special token' - paid with the faith token, the victory and
    coins tokens are kept, whatever order they were drawn in."""
    st = hor(2, special={1: 127}, dice=(6, 6, 6), res=rich())
    give_tokens(st, 0, ["victory", "faith", "coins"])
    st, _ = play(st, 0, "place black special_1")
    assert top(st)["kind"] == "pay_token" and GAME.active_players(st) == {0}
    assert move_texts(st, 0) == ["spend coins", "spend faith", "spend victory"]
    assert not GAME.prompt(st, 0).decision  # the answers show the secret faces: private
    assert GAME.player_view(st, 1)["pending"] is None  # nor in the others' view
    st, events = play(st, 0, "spend faith")
    player = st["players"][0]
    assert sorted(player["tokens"]) == ["coins", "victory"] and player["resources"]["special_token"] == 2
    assert st["houses"]["token_down"] == ["faith"] and st["houses"]["token_discard"] == []
    assert tokens.total(st) == 36
    known = GAME.player_view(st, 1)["known_state"]["houses"]
    assert known["token_down"] != ["faith"] and len(known["token_down"]) == 1  # face down: secret
    assert st["last_move"]["text"] == "spend (secret)" and "faith" not in " ".join(events)
    assert 127 in player["cards"]["character"]


def test_s10_2_several_tokens_paid_one_choice_each_card_141() -> None:
    """Card 141: 'Cost: 10 coins OR 5 special tokens': five choices, one token each; once only
    one kind is left to pay with, the rest goes without a question."""
    st = hor(2, special={1: 141}, dice=(6, 6, 6), res=rich(coin=0))
    give_tokens(st, 0, ["coins", "coins", "coins", "coins", "faith", "victory"])
    st, _ = play(st, 0, "place black special_1")
    st, _ = play(st, 0, "spend faith")
    assert tokens.owed(st, 0) == 4 and move_texts(st, 0) == ["spend coins", "spend victory"]
    st, _ = play(st, 0, "spend coins")
    st, _ = play(st, 0, "spend coins")
    st, _ = play(st, 0, "spend coins")
    # one to pay, coins and victory held: still a choice
    assert move_texts(st, 0) == ["spend coins", "spend victory"]
    st, _ = play(st, 0, "spend coins")
    assert st["players"][0]["tokens"] == ["victory"] and not any(
        f["kind"] == "pay_token" for f in st["stack"]
    )
    assert sorted(st["houses"]["token_down"]) == ["coins"] * 4 + ["faith"]


def test_s10_2_one_kind_held_pays_without_a_question() -> None:
    """§10.2: with only one kind of token held there is nothing to choose."""
    st = hor(2, special={1: 127}, dice=(6, 6, 6), res=rich())
    give_tokens(st, 0, ["coins", "coins"])
    st, _ = play(st, 0, "place black special_1")
    assert not any(f["kind"] == "pay_token" for f in st["stack"])
    assert st["players"][0]["tokens"] == ["coins"] and tokens.total(st) == 36


def test_s10_1_an_empty_supply_reshuffles_the_discard() -> None:
    """§10.1: the supply empty, every discarded token, face up (cashed) or face down (paid), is
    shuffled into a new supply."""
    st = hor(2, dice=(1, 1, 1), res=rich())
    supply = list(st["houses"]["token_supply"])
    st["houses"]["token_discard"], st["houses"]["token_down"] = supply[:20], supply[20:]
    st["houses"]["token_supply"] = []
    st["players"][0]["resources"]["special_token"] = 2
    tokens.sync(st, 0)
    assert len(st["players"][0]["tokens"]) == 2 and len(st["houses"]["token_supply"]) == 34


# -- §14 the Special cards ---------------------------------------------------------------------


def _produce(st: State, p: int, value: int) -> State:
    st["dice"] = {"black": value, "white": value, "orange": value}
    st, _ = play(st, p, "place black production")
    return st


def test_s14_card_119_trap_every_production_loses_3_vp() -> None:
    """Card 119: 'Immediate: +15 VP. Permanent: Production>=1: lose 3 VP' (mandatory)."""
    st = hor(2, res=rich(vp=5), cards={0: [119]})
    st = resolve(_produce(st, 0, 1))
    assert st["players"][0]["resources"]["vp"] == 2


def test_s13_1_card_104_lose_never_below_zero() -> None:
    """Card 104: 'imm -3 VP': from 1 VP the player ends at 0."""
    st = hor(2, special={1: 104}, dice=(6, 6, 6), res=rich(vp=1, mp=10))
    st = resolve(play(st, 0, "place black special_1")[0])
    assert st["players"][0]["resources"]["vp"] == 0


def test_s14_card_99_one_wood_per_venture_up_to_the_action_value() -> None:
    """Card 99: 'Harvest: 1 wood x Ventures, max = value'."""
    st = hor(2, res=rich(wood=0), cards={0: [99, 73, 74, 75]})
    st["dice"] = {"black": 2, "white": 2, "orange": 2}
    st = resolve(play(st, 0, "place black harvest")[0])
    assert st["players"][0]["resources"]["wood"] == 2 + 1  # 2 (value) from card 99, 1 from the tile


def test_s14_cards_111_exchange_up_to_value_times() -> None:
    """Card 111: 'exchange 1 stone for 1 coin and 1 VP up to N times'."""
    st = hor(2, res=rich(stone=2, coin=0, vp=0), cards={0: [111]})
    st = _produce(st, 0, 3)
    texts = move_texts(st, 0)
    assert texts[:3] == ["repeat 0", "repeat 1", "repeat 2"]  # only 2 stone held
    st, _ = play(st, 0, "repeat 2")
    st = resolve(st)
    assert st["players"][0]["resources"]["vp"] == 2 and st["players"][0]["resources"]["stone"] == 0


def test_s14_card_113_activates_a_building_regardless_of_value() -> None:
    """Card 113: 'Production>=3: activate 1 of your Buildings regardless of its value'."""
    st = hor(2, res=rich(vp=0), cards={0: [113, 118]})  # 118: Production 7: 7 VP
    st = _produce(st, 0, 3)
    assert "activate 118" in move_texts(st, 0) and "activate 113" not in move_texts(st, 0)
    st, _ = play(st, 0, "activate 118")
    st = resolve(st)
    assert st["players"][0]["resources"]["vp"] == 7


def test_s14_card_133_scores_2_vp_per_held_token_max_12() -> None:
    """Card 133: 'End: +2 VP x your special tokens (max 12 VP)'."""
    from rules.lorenzo.houses.scoring import venture_extra

    st = hor(2, res=rich(), cards={0: [133]})
    give_tokens(st, 0, ["coins"] * 4)
    assert venture_extra(st, 0) == 8
    give_tokens(st, 0, ["faith"] * 4)
    assert venture_extra(st, 0) == 12


def test_s14_card_136_matches_the_top_military_if_not_first() -> None:
    """Card 136: 'move your marker level with the leader' of the Military track."""
    st = hor(2, special={1: 136}, dice=(6, 6, 6), res=rich(mp=1))
    st["players"][1]["resources"]["mp"] = 9
    st = resolve(play(st, 0, "place black special_1")[0])
    assert st["players"][0]["resources"]["mp"] == 9


def test_s14_card_130_takes_a_discarded_card_for_free() -> None:
    """Card 130: 'take any one discarded card (not a Special card) for free'."""
    st = hor(2, special={1: 130}, dice=(6, 6, 6), res=rich())
    st["houses"]["discard_pile"] = [25, 49]
    st, _ = play(st, 0, "place black special_1")
    assert {"recover 25", "recover 49", "recover none"} <= set(move_texts(st, 0))
    st, _ = play(st, 0, "recover 25")
    assert CARDS[25]["type"] in ("character", "building", "territory", "venture")
    assert 25 in st["players"][0]["cards"][CARDS[25]["type"]] and st["houses"]["discard_pile"] == [49]


def test_s14_card_98_a_token_face_up_repeats_on_harvest() -> None:
    """Card 98: 'keep 1 of your special tokens face up on this card; each Harvest >=2 gives its
    bonus again'."""
    st = hor(2, special={1: 98}, dice=(6, 6, 6), res=rich(vp=0))
    st, _ = play(st, 0, "place black special_1")
    (kind,) = st["players"][0]["tokens"]
    st, _ = play(st, 0, f"faceup {kind}")
    assert st["players"][0]["face_up"] == {"98": kind} and st["players"][0]["tokens"] == []
    assert tokens.total(st) == 36


def test_s13_1_card_98_holding_no_token_the_next_one_gained_goes_face_up() -> None:
    """Card 98: 'keep 1 of your special tokens face up on this card'. With E1-8 (1 token fewer
    per source) its own '+1 special token' gives none: the next token gained goes there."""
    st = hor(2, special={1: 98}, dice=(6, 6, 6), res=rich(vp=0))
    st["players"][0]["excommunications"] = ["E1-8"]
    st, events = play(st, 0, "place black special_1")
    st = resolve(st)
    player = st["players"][0]
    assert player["face_up"] == {} and player["face_up_next"] == ["98"]
    assert any("next one they gain goes face up" in e for e in events)
    st["players"][0]["excommunications"] = []
    gain(st, 0, {"special_token": 2}, "a test", Log())
    player = st["players"][0]
    assert set(player["face_up"]) == {"98"} and player["face_up_next"] == []
    assert player["resources"]["special_token"] == 1 == len(player["tokens"]) and tokens.total(st) == 36


def test_s13_1_card_128_waiting_takes_the_token_ficino_keeps() -> None:
    """Card 128 ('keep 1 of your special tokens face up on this card') waiting for a token:
    the one Marsilio Ficino keeps goes face up on it, not into the hand."""
    st = hor(2, dice=(1, 1, 1), res=rich(), cards={0: [128]})
    st["players"][0]["face_up_next"] = ["128"]
    st["players"][0]["leaders_played"] = ["marsilio_ficino"]
    st, _ = play(st, 0, "leader activate marsilio_ficino")
    kind = move_texts(st, 0)[0].split()[1]
    st, _ = play(st, 0, f"keep {kind}")
    player = st["players"][0]
    assert player["face_up"] == {"128": kind} and player["tokens"] == [] and tokens.total(st) == 36
    assert player["resources"]["special_token"] == 0


def test_s14_card_121_draws_a_leader_and_125_plays_one_free() -> None:
    """Card 121: '+1 Leader and 1 FP'; card 125: 'play a Leader for free'."""
    st = hor(2, special={1: 121, 2: 125}, dice=(6, 6, 6), res=rich())
    st["houses"]["leader_pile"] = ["cesare_borgia"]
    st = resolve(play(st, 0, "place black special_1")[0])
    assert st["players"][0]["leader_hand"] == ["cesare_borgia"]
    st["turn_index"] = 2
    st["tower_occupants"]["special"] = [None] * 4  # a later round's tower, for the same-colour rule
    st, _ = play(st, 0, "place white special_2")
    assert "free cesare_borgia" in move_texts(st, 0)  # 12 coins and 2 FP not needed
    st, _ = play(st, 0, "free cesare_borgia")
    assert st["players"][0]["leaders_played"] == ["cesare_borgia"]


def test_s12_1_card_127_ignores_one_leader_requirement() -> None:
    """Card 127: 'when playing a Leader, you may ignore 1 of its requirements'."""
    st = hor(2, res=rich(coin=12, fp=0), dice=(1, 1, 1))
    st["players"][0]["leader_hand"] = ["cesare_borgia"]  # 12 coins, 2 FP, 3 Buildings
    assert "leader play cesare_borgia" not in move_texts(st, 0)
    st["players"][0]["cards"]["character"] = [127]
    st["players"][0]["cards"]["building"] = [25, 26, 27]
    assert "leader play cesare_borgia" in move_texts(st, 0)


def test_s14_card_124_a_token_per_leader_played() -> None:
    """Card 124: '+1 special token whenever you play a Leader'."""
    st = hor(2, res=rich(fp=8), dice=(1, 1, 1), cards={0: [124]})
    st["players"][0]["leader_hand"] = ["santa_rita"]
    st = resolve(play(st, 0, "leader play santa_rita")[0])
    assert st["players"][0]["resources"]["special_token"] == 1


def test_s14_card_128_market_gives_the_face_up_token_bonus() -> None:
    """Card 128: 'each time you occupy a Market space you also get that token's bonus'."""
    st = hor(2, res=rich(vp=0), dice=(1, 1, 1), cards={0: [128]})
    st["players"][0]["face_up"] = {"128": "victory"}
    st = resolve(play(st, 0, "place black market_1")[0])
    assert st["players"][0]["resources"]["vp"] == 3


def test_s14_card_117_and_129_scale_with_played_leaders() -> None:
    """Card 129: '+3 VP x your played Leaders'."""
    st = hor(2, special={1: 129}, dice=(6, 6, 6), res=rich(vp=0))
    st["players"][0]["leaders_played"] = ["santa_rita", "sisto_iv"]
    st = resolve(play(st, 0, "place black special_1")[0])
    assert st["players"][0]["resources"]["vp"] == 6


def test_s17_e3_8_loses_2_vp_per_special_card_and_tokens_count_as_resources() -> None:
    from rules.lorenzo.effects import modifiers
    from rules.lorenzo.houses import scoring

    st = hor(2, res=rich(coin=0, wood=0, stone=0, servant=3), cards={0: [97, 121, 1]})
    st["players"][0]["excommunications"] = ["E3-8"]
    assert scoring.penalty(st, 0, modifiers(st, 0)) == 4
    give_tokens(st, 0, ["coins", "faith"])
    assert scoring.goods(st, 0) == 1  # 3 servants + 2 tokens = 5 resources
    assert MEMBERS  # the members are the base game's until the families land


def test_s14_card_130_a_large_discard_pile_is_searched_by_type_first() -> None:
    """Card 130 with more than 25 discarded cards: the type first, then the card (at most 25
    answers a decision, design.md)."""
    st = hor(2, special={1: 130}, dice=(6, 6, 6), res=rich(mp=20))
    st["houses"]["discard_pile"] = [*range(1, 16), *range(25, 40)]  # 15 Territories, 15 Buildings
    st, _ = play(st, 0, "place black special_1")
    texts = move_texts(st, 0)
    assert set(texts) == {"search territory", "search building", "recover none"}
    st, _ = play(st, 0, "search building")
    texts = move_texts(st, 0)
    assert "recover 25" in texts and "search territory" in texts and len(texts) <= 25
    st, _ = play(st, 0, "recover 25")
    assert 25 in st["players"][0]["cards"]["building"]


def test_s10_1_ficinos_drawn_tokens_are_secret_from_the_others() -> None:
    """§10.1 and Marsilio Ficino (draw 2, keep 1): the two faces drawn are the owner's secret;
    a sample for another seat redraws them from what that seat cannot see."""
    import random

    st = hor(2, dice=(1, 1, 1), res=rich())
    st["players"][0]["leaders_played"] = ["marsilio_ficino"]
    st, _ = play(st, 0, "leader activate marsilio_ficino")
    drawn = top(st)["drawn"]
    assert GAME.player_view(st, 0)["known_state"]["stack"][-1]["drawn"] == drawn
    view = GAME.player_view(st, 1)
    assert all(
        k not in ("coins", "faith", "military", "materials", "servants", "victory")
        for k in view["known_state"]["stack"][-1]["drawn"]
    )
    sample = GAME.sample_state(view, 1, random.Random(3))
    assert len(sample["stack"][-1]["drawn"]) == len(drawn) and tokens.total(sample) == 36
    assert GAME.player_view(sample, 1) == view
