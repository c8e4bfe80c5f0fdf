"""The Family Tile auction (HOUSES.md §5; seed 000 "Family Tiles Auction")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import IllegalMove
from rules.lorenzo import GAME
from rules.lorenzo.data import HOUSES
from tests.lorenzo.helpers import move_texts, play

State = dict[str, Any]


def start(players: int, seed: int = 3) -> State:
    st = GAME.setup(players, seed, {"houses": True, "leader_draft": "deal"})
    assert st["phase"] == "auction"
    return st


def families(st: State) -> list[str]:
    return [r["family"] for r in st["houses"]["auction"]["tiles"]]


def mover(st: State) -> int:
    (p,) = GAME.active_players(st)
    return p


@pytest.mark.parametrize("players", [2, 5])
def test_s5_1_as_many_family_and_auction_tiles_as_players(players: int) -> None:
    st = start(players)
    tiles = st["houses"]["auction"]["tiles"]
    assert len(tiles) == players and len(set(families(st))) == players
    assert {r["tile"] for r in tiles} <= set(HOUSES["auction"]["tiles"])
    assert mover(st) == st["turn_order"][0]


def test_s5_2_first_bid_on_an_empty_tile_at_any_line() -> None:
    st = start(2)
    first = families(st)[0]
    assert {f"bid {first} {line}" for line in range(1, 7)} <= set(move_texts(st, mover(st)))


def test_s5_2_a_held_tile_needs_a_higher_line_and_the_bumped_player_moves_at_once() -> None:
    st = start(3)
    a, b, _c = st["turn_order"]
    medici = families(st)[0]
    st, _ = play(st, a, f"bid {medici} 2")
    with pytest.raises(IllegalMove, match="higher line"):
        play(st, b, f"bid {medici} 2")
    st, events = play(st, b, f"bid {medici} 4")
    assert "must move" in events[-1]
    assert mover(st) == a  # the bumped player, before c bids
    assert f"bid {medici} 5" in move_texts(st, a) and f"bid {medici} 4" not in move_texts(st, a)


def test_s5_2_a_chain_of_forced_moves_and_no_bid_over_line_6() -> None:
    st = start(3)
    a, b, c = st["turn_order"]
    x, y, _z = families(st)
    st, _ = play(st, a, f"bid {x} 1")
    st, _ = play(st, b, f"bid {y} 6")
    assert not any(t.startswith(f"bid {y} ") for t in move_texts(st, c))  # line 6 cannot be beaten
    st, _ = play(st, c, f"bid {x} 3")  # a is bumped
    st, _ = play(st, a, f"bid {x} 5")  # a returns above c: c is bumped, a chain
    assert mover(st) == c


def test_s5_2_end_every_player_on_a_different_tile_with_family_and_resources() -> None:
    st = start(2)
    a, b = st["turn_order"]
    tile_of = {r["family"]: r["tile"] for r in st["houses"]["auction"]["tiles"]}
    x, y = families(st)
    before = [dict(p["resources"]) for p in st["players"]]
    st, _ = play(st, a, f"bid {x} 1")
    st, _ = play(st, b, f"bid {y} 6")
    assert st["phase"] != "auction" and st["houses"]["auction"] is None
    assert st["players"][a]["family"] == x and st["players"][b]["family"] == y
    for p, family, line in ((a, x, "1"), (b, y, "6")):
        gains = HOUSES["auction"]["tiles"][tile_of[family]]["lines"][line]
        for k, v in gains.items():
            assert st["players"][p]["resources"][k] == before[p][k] + v


def test_s5_3_the_auction_board_is_public() -> None:
    st = start(4)
    view = GAME.player_view(st, None)
    auction = view["houses"]["auction"]
    assert auction is not None and len(auction["tiles"]) == 4 and len(auction["tiles"][0]["lines"]) == 6
    assert view["pending"] is not None and view["pending"]["kind"] == "bid"
    assert GAME.prompt(st, mover(st)).decision


def test_s5_3_five_players_bid_in_two_steps_each_at_most_25_answers() -> None:
    """design.md: a decision shows at most 25 answers; 5 empty tiles x 6 lines = 30, so with 5
    players the first bids name the tile, then the line."""
    st = start(5)
    p = mover(st)
    texts = move_texts(st, p)
    assert len(texts) == 5 and all(len(t.split()) == 2 for t in texts)
    x = families(st)[0]
    with pytest.raises(IllegalMove, match="First choose the tile"):
        play(st, p, f"bid {x} 2")
    st, _ = play(st, p, f"bid {x}")
    texts = move_texts(st, p)
    assert {f"bid {x} {line}" for line in range(1, 7)} <= set(texts) and len(texts) <= 25
    st, _ = play(st, p, f"bid {x} 2")
    assert mover(st) != p and len(move_texts(st, mover(st))) <= 25  # 4 empty tiles + 4 lines
