"""§4 setup, §5 player counts, §6 round structure, §15 end of round."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from rules.lorenzo.data import CARD_TYPES, CARDS
from tests.lorenzo.helpers import (
    council_all,
    move_texts,
    play,
    play_active,
    resolve,
    rich,
    scenario,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s4_starting_goods_and_coins_by_turn_position(players: int) -> None:
    """§4.6-7: 2 wood, 2 stone, 3 servants; coins 5/6/7/8 by turn position."""
    st = GAME.setup(players, 11)
    for pos, p in enumerate(st["turn_order"]):
        res = st["players"][p]["resources"]
        assert (res["wood"], res["stone"], res["servant"]) == (2, 2, 3)
        assert res["coin"] == 5 + pos
        assert (res["vp"], res["mp"], res["fp"]) == (0, 0, 0)
    assert sorted(st["turn_order"]) == list(range(players))


def test_s4_random_turn_order_depends_on_seed() -> None:
    orders = {tuple(GAME.setup(4, s)["turn_order"]) for s in range(20)}
    assert len(orders) > 5


def test_s4_decks_by_period_and_excommunication_per_period() -> None:
    """§4.2-3: each deck is period I on top, then II, then III; one tile per period."""
    st = GAME.setup(3, 5)
    for t in CARD_TYPES:
        dealt = st["tower_cards"][t] + st["decks"][t]
        assert [CARDS[c]["period"] for c in dealt] == [1] * 8 + [2] * 8 + [3] * 8
        assert all(CARDS[c]["type"] == t for c in dealt)
    assert [x.split("-")[0] for x in st["excommunication_tiles"]] == ["E1", "E2", "E3"]
    tiles = {tuple(GAME.setup(3, s)["excommunication_tiles"]) for s in range(30)}
    assert len(tiles) > 10


def test_s6_dice_are_rolled_from_the_state_generator() -> None:
    a, b = GAME.setup(2, 99), GAME.setup(2, 99)
    assert a == b
    assert all(1 <= v <= 6 for v in a["dice"].values())


@pytest.mark.parametrize(
    ("players", "covered"),
    [
        (2, {"harvest_big", "production_big", "market_3", "market_4"}),
        (3, {"market_3", "market_4"}),
        (4, set()),
    ],
)
def test_s5_cover_tiles_by_player_count(players: int, covered: set[str]) -> None:
    """§5: 2 players cover both big spaces and markets 3-4; 3 players markets 3-4."""
    st = scenario(players, res=rich())
    moves = move_texts(st, 0)
    for space in ("harvest_big", "production_big", "market_3", "market_4"):
        listed = any(m.split()[2] == space for m in moves if m.startswith("place"))
        assert listed == (space not in covered)
        if space in covered:
            with pytest.raises(IllegalMove, match="covered"):
                GAME.parse(st, 0, f"place black {space}")
    view = GAME.player_view(st, None)
    assert {s["id"] for s in view["spaces"] if s["covered"]} == covered


def test_s6_one_member_per_turn_in_turn_order() -> None:
    """§6: players place one member per turn in turn order, four turns each."""
    st = scenario(3, res=rich())
    st, _ = play_active(st, "place black market_1", "place black market_2", "place black harvest")
    assert GAME.active_players(st) == {0}
    assert st["players"][0]["free_members"] == ["white", "orange", "neutral"]
    assert st["turn_queue"] == [0, 1, 2] * 4


def test_s15_new_turn_order_from_council_palace() -> None:
    """§15.2: first to the Council Palace plays first (earliest member counts); others keep
    their relative order behind."""
    st = scenario(4, res=rich())
    st, _ = play_active(
        st,
        "place black market_1",
        "place black market_2",
        "place black council",
        "privilege coins",
        "place black council",
        "privilege coins",
        "place white council",
        "privilege coins",
    )
    st = council_all(st)
    assert st["round"] == 2
    assert st["turn_order"] == [2, 3, 0, 1]
    # §15.1/§15.3: the board was cleared, members returned and new cards dealt
    assert all(c is not None for t in CARD_TYPES for c in st["tower_cards"][t])
    assert all(not occ for occ in st["space_occupants"].values())
    assert all(ps["free_members"] == ["black", "white", "orange", "neutral"] for ps in st["players"])


def test_s15_order_unchanged_when_nobody_visits_the_council() -> None:
    st = scenario(2, res=rich())
    moves = [
        "place black territory_1",
        "place black territory_2",
        "place white character_1",
        "place white character_2",
        "place orange building_1",
        "place orange building_2",
        "place neutral venture_1 servants=1",
        "place neutral venture_2 servants=3",
    ]
    for text in moves:
        st, _ = play_active(st, text)
        st = resolve(st)
    assert st["round"] == 2
    assert st["turn_order"] == [0, 1]


def test_s15_leftover_cards_are_discarded() -> None:
    """§15.1: cards left in the towers leave the game; the next round deals fresh ones."""
    st = scenario(2, res=rich())
    left = [c for t in CARD_TYPES for c in st["tower_cards"][t]]
    st = council_all(st)
    now = [c for t in CARD_TYPES for c in st["tower_cards"][t]]
    assert not set(left) & set(now)
    assert not set(left) & {c for t in CARD_TYPES for c in st["decks"][t]}


def test_s6_game_has_six_rounds_and_ends_with_an_outcome() -> None:
    st = GAME.setup(2, 3)
    import random

    rng = random.Random(3)
    rounds = set()
    while GAME.active_players(st):
        rounds.add(st["round"])
        (p,) = GAME.active_players(st)
        st, _ = GAME.apply(st, p, rng.choice(GAME.legal_moves(st, p)))
    assert rounds == {1, 2, 3, 4, 5, 6}
    assert st["phase"] == "over" and GAME.outcome(st) is not None
    assert GAME.legal_moves(st, 0) == []


# ==============================================================================================
# Merged from the issue-3 audit: setup and round structure
# Audit (issue 3): §4 setup, §6 rounds and decks, §14 Vatican Reports, every excommunication
# tile with its numbers, E2-7's turn queue - through the public contract.
#
# Cards: territories 1 Commercial Hub, 5 Forest (+1 wood); buildings 32 Residence (2 stone, +1 VP),
# 41 Bank (prod 2: +5 coins); characters 70 Bishop (5 coins, +1 FP, Production at 4).
# ==============================================================================================
# ----------------------------------------------------------------------------------------------
# §4 setup, §6 structure
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_s4_starting_supply_by_turn_position(players: int, seed: int) -> None:
    """§4.6-7: 2 wood, 2 stone, 3 servants each; coins 5/6/7/8 by turn position; points 0."""
    st = GAME.setup(players, seed)
    assert sorted(st["turn_order"]) == list(range(players))
    for p in range(players):
        res = st["players"][p]["resources"]
        pos = st["turn_order"].index(p)
        assert res == {"coin": 5 + pos, "wood": 2, "stone": 2, "servant": 3, "vp": 0, "mp": 0, "fp": 0}
    assert GAME.active_players(st) == {st["turn_order"][0]}


def test_s4_s6_decks_deal_four_cards_of_the_period_per_round_without_repeats() -> None:
    """§4.2/§6: each round deals 4 cards of the current period to each tower; the 2 rounds of a
    period use its 8 cards; excommunication tiles: one of each period."""
    st = GAME.setup(3, 11)
    assert [int(t[1]) for t in st["excommunication_tiles"]] == [1, 2, 3]
    seen: dict[str, set[int]] = {t: set() for t in CARD_TYPES}
    for round_no in range(1, 5):
        assert st["round"] == round_no
        for t in CARD_TYPES:
            floor_cards = st["tower_cards"][t]
            assert all(CARDS[c]["type"] == t for c in floor_cards)
            assert {CARDS[c]["period"] for c in floor_cards} == {(round_no + 1) // 2}
            assert not seen[t] & set(floor_cards)
            seen[t] |= set(floor_cards)
        assert all(1 <= v <= 6 for v in st["dice"].values())
        st = council_all(st)
        while st["phase"] == "vatican":
            (p,) = GAME.active_players(st)
            st, _ = play(st, p, "support" if "support" in move_texts(st, p) else "refuse")
    assert all(len(s) == 16 for s in seen.values())
