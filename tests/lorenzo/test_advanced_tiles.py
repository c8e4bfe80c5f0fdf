"""§4 advanced game: the four advanced personal bonus tiles (``advanced_tiles`` option), their
numbers in Harvest and Production (§10), and the choice in reverse turn order."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from tests.lorenzo.helpers import delta, move_texts, play, rich, scenario

# Reference (lorenzo-data.yaml › personal_bonus_tiles, checked against the tile images):
# tile -> (Harvest at 1, Production at 1)
TILES = {
    "standard": ({"wood": 1, "stone": 1, "servant": 1}, {"coin": 2, "mp": 1}),
    "advanced_a": ({"wood": 1, "stone": 1, "mp": 1}, {"coin": 2, "servant": 1}),
    "advanced_b": ({"coin": 1, "wood": 1, "stone": 1}, {"servant": 1, "mp": 2}),
    "advanced_c": ({"wood": 1, "stone": 1, "servant": 1}, {"coin": 1, "mp": 2}),
    "advanced_d": ({"wood": 1, "stone": 1, "mp": 1}, {"coin": 1, "servant": 2}),
}


@pytest.mark.parametrize("tile", sorted(TILES))
def test_s10_bonus_tile_harvest_and_production_numbers(tile: str) -> None:
    harvest, production = TILES[tile]
    st = scenario(2, res=rich(), dice=(1, 1, 1), options={"advanced_tiles": True})
    st["players"][0]["bonus_tile"] = tile
    st["turn_queue"] = [0, 0]
    after, _ = play(st, 0, "place black harvest")  # value 1, no territories: only the tile
    assert delta(st, after, 0) == harvest
    again, _ = play(after, 0, "place white production")
    assert delta(after, again, 0) == production


def test_s10_bonus_tile_needs_value_1() -> None:
    """The big Production space at value 1 gives 1 - 3 = -2: the tile does not activate."""
    st = scenario(3, res=rich(servant=0), dice=(1, 1, 1), options={"advanced_tiles": True})
    st["players"][0]["bonus_tile"] = "advanced_d"
    after, events = play(st, 0, "place black production_big")
    assert delta(st, after, 0) == {} and any("nothing activates" in e for e in events)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s4_advanced_tiles_reverse_turn_order_each_tile_once(players: int) -> None:
    st = GAME.setup(players, 30 + players, {"advanced_tiles": True})
    order = st["turn_order"]
    chosen: list[str] = []
    for p in reversed(order):
        assert GAME.active_players(st) == {p}
        assert move_texts(st, p) == [f"tile {t}" for t in TILES if t != "standard" and t not in chosen]
        for taken in chosen:
            with pytest.raises(IllegalMove):
                GAME.parse(st, p, f"tile {taken}")
        st, _ = play(st, p, move_texts(st, p)[-1])
        chosen.append(st["players"][p]["bonus_tile"])
    assert len(set(chosen)) == players and "standard" not in chosen
    assert st["phase"] == "actions"
    public = GAME.player_view(st, None)
    assert [pi["bonus_tile"]["id"] for pi in public["players_info"]] == [
        st["players"][p]["bonus_tile"] for p in range(players)
    ]


def test_s4_without_the_option_everyone_has_the_standard_tile() -> None:
    st = GAME.setup(4, 3)
    assert st["phase"] == "actions" and {ps["bonus_tile"] for ps in st["players"]} == {"standard"}
    with pytest.raises(IllegalMove):
        GAME.parse(st, st["turn_order"][0], "tile advanced_a")


def test_s4_tile_choice_is_public_while_it_happens() -> None:
    st = GAME.setup(3, 9, {"advanced_tiles": True})
    view = GAME.player_view(st, None)
    assert view["phase"] == "tile_draft"
    assert [t["id"] for t in view["bonus_tiles_available"]] == [
        "advanced_a",
        "advanced_b",
        "advanced_c",
        "advanced_d",
    ]
    assert view["pending"]["kind"] == "tile" and GAME.prompt(st, st["turn_order"][-1]).decision
    assert not GAME.prompt(st, st["turn_order"][-1]).secret
