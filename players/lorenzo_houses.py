"""What the Houses of Renaissance things are worth to a computer player, added to
``players/lorenzo.py``'s values in a game with ``houses`` (HOUSES.md). Judgement, not rules:
the weights are a player's estimates (in VP), set by hand, to be tuned by the arena.

Only what the state holds is read, and the state a computer thinks on is a sample of its own
view (``players.choose_move``): another seat's token faces there are drawn at random, so their
worth is an expectation, never a peek.

- a held Special Token is worth its bonus (what cashing it gives), a little less while it waits;
- a token face up on card 98/128 repeats its bonus, about ``FACE_UP_USES`` times a round left;
- a Family tile is worth ``FAMILY_VP`` for a whole game, pro rata for the rounds left;
- during the Family auction each seat is worth what its bid brings (the tile's Family and the
  line's starting goods), and a seat without a bid the best it could still bid for, so a bid
  that wins a good Family cheaply scores best and outbidding a rival costs that rival.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.lorenzo.data import GOODS, HOUSES, ROUNDS

GOOD_VP = 0.55
"""A coin, wood, stone or servant early on: what it buys (``lorenzo.GOOD_VP``) plus its share of
the final 1 VP per 5."""
MP_VP = 0.3
FP_VP = 1.0
"""A faith point: about one VP of the faith track's 1-2 VP steps, kept at a Vatican Report."""
TOKEN_WAIT = 0.9
"""A token held is worth a little less than its bonus had now: cashing it is never worse."""
FACE_UP_USES = 0.6
"""Harvests (card 98, value 2 or more) or Market placements (card 128) a round."""
FAMILY_VP: dict[str, float] = {
    "aragonesi": 6.0,  # a Harvest with every Territory taken
    "colonna": 10.0,  # a fifth family member of value 3 every round
    "da_montefeltro": 5.0,  # Building materials back through privileges
    "della_rovere": 4.0,  # three faith tiles, 5 VP per excommunication
    "della_scala": 5.0,  # +1 FP per privilege, FP -> coin, servant, MP
    "este": 4.0,  # MP -> 2 coins
    "gonzaga": 5.0,  # a card a round for 7 servants
    "malatesta": 4.0,  # Ventures' MP not spent
    "medici": 7.0,  # a token per Character, 8 Characters
    "orsini": 8.0,  # sets: 2 Leaders, a free Leader, 10 VP, 15 VP
    "sforza": 8.0,  # a Leader played free at once, one more in hand
    "visconti": 6.0,  # a token bonus with every Leader played
}
OTHER_FAMILY_VP = 5.0
"""A Family an override adds that the table above does not know."""


def res_value(res: Mapping[str, int]) -> float:
    """Goods and points gained now, in VP (a token drawn: the average bonus)."""
    value = GOOD_VP * sum(res.get(k, 0) for k in GOODS)
    value += res.get("vp", 0) + MP_VP * res.get("mp", 0) + FP_VP * res.get("fp", 0)
    special = res.get("special_token", 0)
    if special:
        worth = _token_values()
        value += special * sum(worth.values()) / max(1, len(worth))
    return value


_CACHE: dict[int, dict[str, float]] = {}


def _token_values() -> dict[str, float]:
    """Kind -> what cashing one gives (its bonus gains), for the content installed now."""
    kinds = HOUSES["special_tokens"]["kinds"]
    found = _CACHE.get(id(kinds))
    if found is None:
        found = {
            k["kind"]: sum(res_value(e.get("res", {})) for e in k["bonus"] if e["op"] == "gain")
            for k in kinds.values()
        }
        _CACHE.clear()
        _CACHE[id(kinds)] = found
    return found


def seat_value(state: dict[str, Any], seat: int) -> float:
    """The HoR part of ``seat``'s worth (see the module docstring)."""
    player = state["players"][seat]
    left = max(0, ROUNDS - max(1, state["round"]) + 1)  # this round and the rounds after it
    worth = _token_values()
    value = TOKEN_WAIT * sum(worth.get(kind, 0.0) for kind in player["tokens"])
    value += sum(FACE_UP_USES * left * worth.get(kind, 0.0) for kind in player["face_up"].values())
    auction = state["houses"].get("auction")
    if auction:
        return value + _auction_value(state, auction, seat)
    family = player.get("family")
    if family:
        value += FAMILY_VP.get(family, OTHER_FAMILY_VP) * left / ROUNDS
    return value


def _line_value(record: Mapping[str, Any], line: int) -> float:
    tile = HOUSES["auction"]["tiles"][record["tile"]]
    return FAMILY_VP.get(record["family"], OTHER_FAMILY_VP) + res_value(tile["lines"][str(line)])


def _auction_value(state: dict[str, Any], auction: Mapping[str, Any], seat: int) -> float:
    """What ``seat`` gets from the auction as it stands: its bid, or the best bid still open to
    it (on the tile it is considering, if it chose one for a two-step bid)."""
    from rules.lorenzo.houses.auction import mover

    for record in auction["tiles"]:
        if record["bid"] is not None and record["bid"][0] == seat:
            return _line_value(record, int(record["bid"][1]))
    chosen = auction.get("chosen") if mover(state) == seat else None
    best = 0.0
    for record in auction["tiles"]:
        if chosen and record["family"] != chosen:
            continue
        low = 1 if record["bid"] is None else int(record["bid"][1]) + 1
        if low <= 6:
            best = max(best, _line_value(record, low))
    return best
