"""Computer players in a Houses of Renaissance game (issue 13 item 7; players/lorenzo_houses.py):
the easy heuristic values tokens, face-up tokens, Family tiles and auction bids from the seat's
own view, so it bids for a good Family cheaply, keeps and cashes the tokens worth most and plays
a whole game to the end."""

from __future__ import annotations

import random
from typing import Any

from players import choose_move
from players.lorenzo_houses import FAMILY_VP
from rules.lorenzo import GAME
from rules.lorenzo.data import HOUSES, ROUNDS
from tests.lorenzo.test_houses_rules import give_tokens, hor, rich

State = dict[str, Any]


def _easy(st: State, seat: int, seed: int = 1) -> str:
    legal = GAME.legal_moves(st, seat)
    return choose_move(GAME, seat, GAME.player_view(st, seat), legal, "easy", random.Random(seed)).to_text()


def _auction(players: int, families: list[str]) -> State:
    st = GAME.setup(players, 3, {"houses": True})
    auction = st["houses"]["auction"]
    auction["tiles"] = [
        {**record, "family": fam} for record, fam in zip(auction["tiles"], families, strict=True)
    ]
    return st


def test_s5_easy_bids_for_the_best_family_at_the_lowest_line() -> None:
    """§5: a free tile's line 1 gives the most; easy's first bid is line 1 of the Family worth
    most to it (Colonna's fifth member over Este's conversion)."""
    st = _auction(2, ["este", "colonna"])
    mover = st["turn_order"][0]
    assert _easy(st, mover) == "bid colonna 1"


def test_s5_easy_outbids_a_rival_when_the_family_is_worth_the_line() -> None:
    """A displaced or later bidder outbids the holder of a much better Family by one line rather
    than take the poor one for free, and never bids higher than it must."""
    st = _auction(2, ["este", "colonna"])
    first, second = st["turn_order"][0], st["turn_order"][1]
    st, _ = GAME.apply(st, first, GAME.parse(st, first, "bid colonna 1"))
    assert FAMILY_VP["colonna"] - FAMILY_VP["este"] >= 4
    assert _easy(st, second) == "bid colonna 2"


def test_s5_easy_bids_in_two_steps_with_five_players() -> None:
    """With 5 empty tiles the bid is a tile first, then a line: easy picks the best tile."""
    st = _auction(5, ["este", "malatesta", "colonna", "della_rovere", "gonzaga"])
    mover = st["turn_order"][0]
    assert _easy(st, mover) == "bid colonna"
    st, _ = GAME.apply(st, mover, GAME.parse(st, mover, "bid colonna"))
    assert _easy(st, mover) == "bid colonna 1"


def test_s13_1_easy_keeps_the_token_worth_most() -> None:
    """Marsilio Ficino (draw 2, keep 1): easy keeps the victory token (3 VP) over materials."""
    st = hor(2, dice=(1, 1, 1), res=rich())
    supply = list(st["houses"]["token_supply"])
    for kind in ("materials", "victory"):  # drawn from the supply (tokens are conserved)
        supply.remove(kind)
    st["houses"]["token_supply"] = supply
    st["stack"].append(
        {"kind": "keep_token", "seat": 0, "source": "Marsilio Ficino", "drawn": ["materials", "victory"]}
    )
    assert _easy(st, 0) == "keep victory"


def test_s10_2_easy_prefers_a_token_to_nothing_and_cashes_before_the_end() -> None:
    """A token is worth something: easy takes the token privilege over a poorer one, and at the
    end of its last turn cashes a held victory token (its 3 VP) rather than end with it."""
    st = hor(2, dice=(1, 1, 1), res=rich(fp=0))
    st["stack"].append({"kind": "privilege", "seat": 0, "remaining": 1, "chosen": [], "source": "a test"})
    legal = [
        m for m in GAME.legal_moves(st, 0) if m.to_text() in ("privilege special_token", "privilege servants")
    ]
    move = choose_move(GAME, 0, GAME.player_view(st, 0), legal, "easy", random.Random(2)).to_text()
    assert move == "privilege special_token"
    st = hor(2, dice=(1, 1, 1), res=rich())
    st["round"] = ROUNDS
    give_tokens(st, 0, ["victory"])
    st["stack"].append({"kind": "leader_window", "seat": 0})  # after the placement: end or cash
    assert {"end", "token victory"} <= {m.to_text() for m in GAME.legal_moves(st, 0)}
    assert _easy(st, 0) == "token victory"


def test_easy_plays_a_whole_hor_game_to_the_end() -> None:
    """Three easy seats, a seeded HoR game, every choice legal, to the final scoring."""
    rng = random.Random(5)
    st = GAME.setup(3, 5, {"houses": True})
    for _ in range(3000):
        active = sorted(GAME.active_players(st))
        if not active:
            break
        seat = active[0]
        legal = GAME.legal_moves(st, seat)
        move = choose_move(GAME, seat, GAME.player_view(st, seat), legal, "easy", rng)
        assert move in legal
        st, _ = GAME.apply(st, seat, move)
    assert GAME.outcome(st) is not None
    families = [p["family"] for p in st["players"]]
    assert len(set(families)) == 3 and set(families) <= set(HOUSES["families"])
