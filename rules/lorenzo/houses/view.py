"""The HoR part of a player view: ``view["houses"]`` (only in games with ``houses``).

Keys: ``special_tower`` (4 floors, bottom first, as the base towers' floors: ``floor``,
``space``, ``min_value``, ``bonus``, ``card``, ``occupant``), ``special_deck`` (cards left,
never the order), ``adaptation`` (``tile``, ``tower``, ``floor_values``), ``tokens_in_supply``,
``tokens_discarded``, ``discard_pile`` (card dicts, public), ``council_option`` (the New Council
row's privilege), ``token_kinds`` (kind -> bonus text) and ``players`` (per seat: ``tokens`` the
count, public; ``faces`` the kinds, only in the owner's view, else None; ``face_up`` card id ->
kind, public; ``face_up_next``: cards 98/128 waiting for the next token gained, public;
``family``: the Family tile won, public; ``family_text``: its power in words), ``auction``
(while it runs: ``tiles`` with ``family``, ``name``, ``text``, ``lines`` (6 texts, line 1
first), ``bid`` ({seat, line} or None); ``mover``; ``displaced``), ``provisional`` (path,
reason: the values no source gives), ``leader_spaces`` (the personal action spaces of played
Leaders, public: ``space``, ``seat``, ``leader``, ``name``, ``min_value``, ``text``,
``occupant`` {seat, member} or None; HOUSES.md §12.3).
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from rules.lorenzo.data import HOUSES, SPECIAL, TOWERS
from rules.lorenzo.describe import card_dict, effects_text, res_text
from rules.lorenzo.houses.auction import view as auction_view
from rules.lorenzo.houses.leaders import personal_spaces
from rules.lorenzo.houses.tokens import face_down

State = dict[str, Any]


class HousesSeat(TypedDict):
    family: str | None
    tokens: int
    faces: list[str] | None
    face_up: dict[str, str]
    face_up_next: list[str]
    family_text: str | None


class Provisional(TypedDict):
    path: str
    reason: str


class LeaderSpace(TypedDict):
    space: str
    seat: int
    leader: str
    name: str
    min_value: int
    text: str
    occupant: dict[str, Any] | None


class HousesView(TypedDict):
    special_tower: list[dict[str, Any]]
    special_deck: int
    adaptation: dict[str, Any]
    tokens_in_supply: int
    tokens_discarded: int
    discard_pile: list[dict[str, Any]]
    council_option: str
    token_kinds: dict[str, str]
    players: list[HousesSeat]
    provisional: list[Provisional]
    auction: dict[str, Any] | None
    leader_spaces: list[LeaderSpace]


def _occ(o: list[Any] | None) -> dict[str, Any] | None:
    return None if o is None else {"seat": int(o[0]), "member": str(o[1])}


def houses_view(st: State, viewer: int | None) -> HousesView:
    houses = st["houses"]
    cards = st["tower_cards"][SPECIAL]
    tower = [
        {
            "floor": i + 1,
            "space": f"{SPECIAL}_{i + 1}",
            "min_value": TOWERS[SPECIAL][i]["min_value"],
            "bonus": dict(TOWERS[SPECIAL][i]["bonus"]),
            "card": None if cards[i] is None else card_dict(cards[i]),
            "occupant": _occ(st["tower_occupants"][SPECIAL][i]),
        }
        for i in range(4)
    ]
    return {
        "special_tower": tower,
        "special_deck": len(houses["special_deck"]),
        "adaptation": dict(houses["adaptation"]),
        "tokens_in_supply": len(houses["token_supply"]),
        "tokens_discarded": len(houses["token_discard"]) + len(face_down(st)),
        "discard_pile": [card_dict(c) for c in houses["discard_pile"]],
        "council_option": "special_token: "
        + res_text(HOUSES["council"]["privileges_added"]["special_token"]),
        "token_kinds": {
            k["kind"]: effects_text(k["bonus"]) for k in HOUSES["special_tokens"]["kinds"].values()
        },
        "players": [
            {
                "tokens": len(p["tokens"]),
                "faces": sorted(p["tokens"]) if viewer == seat else None,
                "face_up": dict(p["face_up"]),
                "face_up_next": list(p.get("face_up_next", [])),
                "family": p.get("family"),
                "family_text": HOUSES["families"][p["family"]]["text"] if p.get("family") else None,
            }
            for seat, p in enumerate(st["players"])
        ],
        "auction": auction_view(st),
        "leader_spaces": [
            cast(LeaderSpace, {k: v for k, v in space.items() if k != "effects"})
            for space in personal_spaces(st)
        ],
        "provisional": [
            cast(Provisional, {"path": k, "reason": v}) for k, v in sorted(HOUSES["provisional"].items())
        ],
    }
