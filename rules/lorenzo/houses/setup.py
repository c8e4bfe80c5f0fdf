"""The HoR setup and round steps (HOUSES.md §4, §6, §8): what a game with ``houses`` adds.

``state["houses"]`` holds: ``special_deck`` (Special card ids, next first: 8 per period,
period I on top), ``adaptation`` (``tile``, ``tower``, ``floor_values``), ``token_supply``
(token kinds face down, next first; its order is secret), ``token_discard`` (kinds cashed, face
up: public), ``token_down`` (kinds paid or not kept, face down: secret; tokens.face_down),
``discard_pile`` (base cards left in the towers at a round's end, public), ``leader_pile`` (the
Leader pool minus what was dealt, next first, secret) and ``leader_discard`` (Leaders discarded
for a privilege). The Special Tower is the ``special`` key of ``tower_cards`` /
``tower_occupants``. Each player has ``tokens`` (held kinds, oldest first, secret faces),
``face_up`` (card id -> kind of the token face up on card 98/128) and ``face_up_next`` (ids of
cards 98/128 waiting for the next token gained: their owner held none). Keys added after games
were saved (``token_down``, ``face_up_next``) are read with a default: absent = empty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.lorenzo.data import CARD_TYPES, HOUSES, SPECIAL, special_cards_of

State = dict[str, Any]
Draw = Callable[[State], Any]


def excommunication_pile(period: int, houses: bool) -> list[str]:
    """§4.1 step 2: the 7 base tiles of the period, plus its new HoR tile with ``houses``."""
    return [f"E{period}-{i}" for i in range(1, 9 if houses else 8)]


def starting_resources(resources: dict[str, int], position: int) -> None:
    """§4.1 step 7 [SEED 6-7]: no wood and stone, coins 0/1/2/3/4 by turn position."""
    setup = HOUSES["setup"]
    for key in setup["no_starting"]:
        resources[key] = 0
    resources.update(setup["starting_goods"])
    resources["coin"] = setup["starting_coins_by_turn_position"][position]
    resources["special_token"] = 0


def prepare(state: State, draw: Draw) -> None:
    """§4.1 steps 3-7: the Special deck, the Adaptation tile, the tokens; before round 1."""
    per_period = HOUSES["setup"]["special_deck_cards_per_period"]
    deck: list[int] = []
    unused: list[int] = []
    for period in (1, 2, 3):
        pile = special_cards_of(period)
        draw(state).shuffle(pile)
        deck.extend(pile[:per_period])  # period I first: the top of the deck
        unused.extend(pile[per_period:])
    count = state["player_count"]
    tile = next(t for t in HOUSES["adaptation"]["tiles"].values() if count in t["players"])
    if HOUSES["engine"]["adaptation_start"] == "leftover_special_card":
        # [SEED 2] "Draw a remaining Special Development Card. Place the Adaptation Tile on the
        # corresponding Tower": the tower of that card's type.
        from rules.lorenzo.data import CARDS

        tower = CARDS[draw(state).choice(sorted(unused))]["type"]
    else:
        tower = draw(state).choice(CARD_TYPES)
    supply = [
        kind["kind"] for kind in HOUSES["special_tokens"]["kinds"].values() for _ in range(kind["copies"])
    ]
    draw(state).shuffle(supply)
    from rules.lorenzo.houses.content import fingerprint

    state["houses"] = {
        "content": fingerprint(),  # from_json refuses the game under other content data
        "special_deck": deck,
        "adaptation": {"tile": tile["id"], "tower": tower, "floor_values": list(tile["floor_values"])},
        "token_supply": supply,
        "token_discard": [],
        "token_down": [],
        "discard_pile": [],
        "leader_pile": [],
        "leader_discard": [],
    }
    state["tower_cards"][SPECIAL] = [None] * 4
    state["tower_occupants"][SPECIAL] = [None] * 4
    for player in state["players"]:
        player["tokens"] = []
        player["face_up"] = {}
        player["face_up_next"] = []  # cards 98/128 waiting for the next token (tokens.wait_face_up)


def council_row(state: State) -> bool:
    """Whether the New Council tile's row (the token privilege, HOUSES.md §9) is in play: in
    every HoR game (``engine.council_tile_players`` = ``all``, the seed's setup step 1) or only
    with 5 players (``five_only``: the insert labels the tile "5p council tile")."""
    if "houses" not in state:
        return False
    return HOUSES["engine"]["council_tile_players"] == "all" or state["player_count"] == 5


def deal_round(state: State) -> None:
    """§6 round setup: 4 Special cards on the Special Tower; from round 2 the Adaptation tile
    first moves one tower to the right (territory -> character -> building -> venture -> ...)."""
    houses = state["houses"]
    deck = houses["special_deck"]
    state["tower_cards"][SPECIAL] = deck[:4]
    houses["special_deck"] = deck[4:]
    state["tower_occupants"][SPECIAL] = [None] * 4
    houses["leader_spaces"] = {}  # personal action spaces are free again (HOUSES.md §12.3)
    if state["round"] > 1 and HOUSES["adaptation"]["tiles"][houses["adaptation"]["tile"]]["moves_each_round"]:
        order = HOUSES["adaptation"]["tower_order"]
        adaptation = dict(houses["adaptation"])
        adaptation["tower"] = order[(order.index(adaptation["tower"]) + 1) % len(order)]
        houses["adaptation"] = adaptation


def end_of_round(state: State) -> None:
    """§6 end of round: base cards left in the base towers go face up to the discard pile (cards
    130/132 search it); Special cards left in the Special Tower leave the game."""
    left = [c for t in CARD_TYPES for c in state["tower_cards"][t] if c is not None]
    houses = state["houses"]
    houses["discard_pile"] = [*houses["discard_pile"], *left]
