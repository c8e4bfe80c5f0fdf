"""What a seat may not see of the HoR parts, and samples consistent with it (../hidden.py).

Secret: the Special deck's order and which 8 cards of each period it holds, the token supply's
order, the faces of other seats' tokens (their count is public, HOUSES.md §10.1) and the Leader
pile. Secret too: the kinds of the tokens discarded face down (paid, or not kept by Ficino). Public:
the discard pile, the cashed tokens (face up), the tokens face up on cards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rules.core import HIDDEN
from rules.lorenzo.data import HOUSES, special_cards_of

State = dict[str, Any]


def mask(known: State, seat: int) -> None:
    """Hide the HoR secrets in ``known`` (a private copy)."""
    houses = known["houses"]
    houses["special_deck"] = [HIDDEN] * len(houses["special_deck"])
    houses["token_supply"] = [HIDDEN] * len(houses["token_supply"])
    houses["leader_pile"] = [HIDDEN] * len(houses["leader_pile"])
    if "token_down" in houses:  # the tokens discarded face down (paid, not kept): secret kinds
        houses["token_down"] = [HIDDEN] * len(houses["token_down"])
    for p, player in enumerate(known["players"]):
        if p != seat:
            player["tokens"] = [HIDDEN] * len(player["tokens"])
    for frame in known["stack"]:  # Ficino's two tokens drawn, seen by their owner only
        if frame["kind"] == "keep_token" and frame["seat"] != seat:
            frame["drawn"] = [HIDDEN] * len(frame["drawn"])


def sample(state: State, seat: int, rng: random.Random) -> None:
    """Fill the masks of ``mask`` in ``state`` (a private copy) with values drawn by ``rng``."""
    houses = state["houses"]
    houses["special_deck"] = _deal_special_deck(state, rng)
    _deal_tokens(state, rng)


def _deal_special_deck(state: State, rng: random.Random) -> list[int]:
    """The deck's end holds period III's 8 cards, before them period II's, then I's (§4.1)."""
    size = len(state["houses"]["special_deck"])
    per_period = HOUSES["setup"]["special_deck_cards_per_period"]
    seen = {c for c in state["tower_cards"]["special"] if c is not None}
    for player in state["players"]:
        for cards in player["cards"].values():
            seen.update(cards)
    deck: list[int] = []
    for period in (3, 2, 1):
        if len(deck) >= size:
            break
        unseen = [c for c in special_cards_of(period) if c not in seen]
        rng.shuffle(unseen)
        deck = unseen[: min(per_period, size - len(deck))] + deck
    return deck


def _deal_tokens(state: State, rng: random.Random) -> None:
    houses = state["houses"]
    left = Counter(
        kind["kind"] for kind in HOUSES["special_tokens"]["kinds"].values() for _ in range(kind["copies"])
    )
    left.subtract(houses["token_discard"])
    left.subtract(k for k in houses.get("token_down", []) if k != HIDDEN)
    drawing = [frame for frame in state["stack"] if frame["kind"] == "keep_token"]
    for frame in drawing:
        left.subtract(k for k in frame["drawn"] if k != HIDDEN)
    for player in state["players"]:
        left.subtract(k for k in player["tokens"] if k != HIDDEN)
        left.subtract(player["face_up"].values())
    pool = sorted(left.elements())
    rng.shuffle(pool)
    for player in state["players"]:
        player["tokens"] = [pool.pop() if k == HIDDEN else k for k in player["tokens"]]
    if "token_down" in houses:
        houses["token_down"] = [pool.pop() if k == HIDDEN else k for k in houses["token_down"]]
    for frame in drawing:
        frame["drawn"] = [pool.pop() if k == HIDDEN else k for k in frame["drawn"]]
    houses["token_supply"] = [pool.pop() for _ in houses["token_supply"]]


def leader_pile(state: State, pool: list[str]) -> None:
    """Deal the hidden Leader pile from what is left of the (shuffled) ``pool``."""
    houses = state["houses"]
    houses["leader_pile"] = [pool.pop() for _ in houses["leader_pile"]]
