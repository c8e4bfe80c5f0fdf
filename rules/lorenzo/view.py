"""``player_view(state, seat)``: the JSON-able picture of a Lorenzo game for the renderer and bot.

Keys (all present in every view; ``None`` where not applicable; the TypedDicts below are the same
schema for mypy):

- ``header``: the common ``rules.core.ViewHeader`` (title, seats, round of 6, "Period II", phase
  title, turn order, who must act, the public ``prompt`` and the viewer's own ``your_prompt``, the
  last move with the places it touched, the outcome, scores in VP).
- ``game``: "lorenzo"; ``players``: seat count; ``viewer``: the seat asking, or None (public view).
- ``round`` (1-6), ``period`` (1-3), ``phase``: "tile_draft" | "leader_draft" | "actions" |
  "vatican" | "over".
- ``turn_order``: seats, first player first (this round's order).
- ``active``: seats that must move now (sorted list; empty when the game is over).
- ``prompt``: one line saying what the game waits for, with ``{pN}`` seat placeholders.
- ``pending``: the open decision or None: ``{"seat", "kind", "text", "options"}``; ``kind`` is one
  of "privilege", "pay", "exchange", "take", "harvest", "production", "vatican", "tile", "copy"
  (Lorenzo de' Medici), "six" (Federico da Montefeltro), "lose" (E1-4: wood or stone);
  ``options`` are the legal move texts (<= 25). None also while a player may still take Leader
  actions after placing (those moves name the private hand; ``prompt`` says what is awaited).
- ``dice``: ``{"black": n, "white": n, "orange": n}`` (this round's roll; 0 before the first roll).
- ``towers``: ``{card_type: [floor, ...]}`` for card_type in territory, character, building,
  venture, floors bottom (1) to top (4). A floor is ``{"floor", "space", "min_value", "bonus"
  (goods dict), "card" (card dict or None if taken/empty), "occupant" ({"seat", "member"} or None)}``.
- A card dict is ``{"id", "name", "type", "period", "costs" (list of cost texts, one per
  alternative, [] when free), "immediate" (text), "permanent" (text: harvest/production line
  with its die value, Character ability, or "" ), "end_vp" (Ventures, else 0)}``.
- ``spaces``: list of the non-tower action spaces in board order: ``{"id" (harvest, harvest_big,
  production, production_big, market_1..4, council), "area", "min_value", "modifier" (-3 on the
  big spaces), "capacity" (1 or None), "covered" (closed for this player count),
  "reward" (text), "occupants" ([{"seat", "member"}], in placement order)}``.
- ``excommunications``: ``[{"period", "id", "text", "seats" (excommunicated seats)}]`` x3.
- ``vatican_requirement``: faith needed per period, e.g. [3, 4, 5].
- ``faith_vp``: VP per faith point 0..15 (the track).
- ``deck_counts``: ``{card_type: cards left}`` (never the order).
- ``tower_fee``: the standard coins to enter a tower that already holds a family member (§8.2);
  a player's own fee is ``players_info[...]["tower_fee"]``.
- ``players_info``: per seat, in seat order: ``{"seat", "turn_position" (0 = first),
  "goods" {coin, wood, stone, servant}, "points" {vp, mp, fp}, "cards" {card_type: [card dict]},
  "family" {member: {"placed": bool, "value": base value before servants}}, "excommunications"
  [tile ids], "tower_fee" (coins this player pays to enter an occupied tower: the standard fee, 0
  with Filippo Brunelleschi), "territory_slot_mp" (MP this player needs for each of the six
  Territory slots, left to right, §8.6: all 0 with Cesare Borgia), "bonus_tile" {"id", "harvest"
  text, "production" text}, "leaders_in_hand" (count of unplayed leaders; 0 without the leaders
  option), "leaders" (played leaders, public: [{"id",
  "name", "text", "used" (its once-per-round ability was used this round), "copies" (Lorenzo de'
  Medici only: the copied leader id)}]), "hand" (only in the owner's own view: [{"id", "name",
  "text", "used"}], else None), "draft_pack" (owner's view during the leader draft: the pack to
  keep one leader from, else None), "draft_pick" (owner's view: the leader kept from that pack
  while the others still choose, else None)}``.
- ``bonus_tiles_available``: during the advanced-tile draft, the tiles still to choose, else [].
- ``last_move``: ``{"seat", "text", "changed" (space ids and card ids touched), "events"}`` or None.
- ``outcome``: ``Outcome.to_json()`` once the game is over, else None.
- ``known_state`` (only in a seat's view, added by ``Lorenzo.player_view``): the state with what
  that seat may not see masked, for computer players (``hidden.known_state``; boards ignore it).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from rules.core import OutcomeJSON, ViewHeader, say, seat_headers
from rules.lorenzo.data import (
    CARD_TYPES,
    EXCOMMUNICATIONS,
    FAITH_VP,
    GOODS,
    LEADERS,
    MEMBERS,
    POINTS,
    ROUNDS,
    SPACE_ORDER,
    SPACES,
    TOWERS,
    VATICAN_REQUIREMENT,
    period_of,
)
from rules.lorenzo.describe import card_dict, effects_text, requirement_text, tile_dict
from rules.lorenzo.effects import modifiers
from rules.lorenzo.engine import FEE_COINS, floor_min, member_value, territory_slot_mp, tower_fee
from rules.lorenzo.flow import active, prompt_text, your_prompt
from rules.lorenzo.flow import pending as flow_pending
from rules.lorenzo.houses.view import HousesView, houses_view
from rules.lorenzo.scoring import outcome

State = dict[str, Any]

PHASE_TITLES = {
    "auction": say("Family auction"),
    "tile_draft": say("Bonus tile draft"),
    "leader_draft": say("Leader draft"),
    "actions": say("Actions"),
    "vatican": say("Vatican Report"),
    "over": say("Game over"),
}
ROMAN = {1: "I", 2: "II", 3: "III"}


class Pending(TypedDict):
    seat: int
    kind: str
    text: str
    options: list[str]


class Card(TypedDict):
    id: int
    name: str
    type: str
    period: int
    costs: list[str]
    immediate: str
    permanent: str
    end_vp: int


class Occupant(TypedDict):
    seat: int
    member: str


class Floor(TypedDict):
    floor: int
    space: str
    min_value: int
    bonus: dict[str, int]
    card: Card | None
    occupant: Occupant | None


class Space(TypedDict):
    id: str
    area: str
    min_value: int
    modifier: int
    capacity: int | None
    covered: bool
    reward: str
    occupants: list[Occupant]


class Excommunication(TypedDict):
    period: int
    id: str
    text: str
    seats: list[int]


class BonusTile(TypedDict):
    id: str
    harvest: str
    production: str


class Leader(TypedDict):
    id: str
    name: str
    text: str
    requirement: str  # what must be held to play it (§13), in words
    used: bool
    copies: NotRequired[str]


class FamilyMember(TypedDict):
    placed: bool
    value: int


class PlayerInfo(TypedDict):
    seat: int
    turn_position: int
    goods: dict[str, int]
    points: dict[str, int]
    cards: dict[str, list[Card]]
    family: dict[str, FamilyMember]
    excommunications: list[str]
    tower_fee: int
    territory_slot_mp: list[int]
    bonus_tile: BonusTile
    leaders_in_hand: int
    leaders: list[Leader]
    hand: list[Leader] | None
    draft_pack: list[Leader] | None
    draft_pick: str | None


class LastMove(TypedDict):
    seat: int
    text: str
    changed: list[str]
    events: list[str]


class LorenzoView(TypedDict):
    """``player_view``'s result (the keys above); render/lorenzo.py draws exactly this."""

    header: ViewHeader
    game: str
    players: int
    viewer: int | None
    round: int
    period: int
    phase: str
    turn_order: list[int]
    active: list[int]
    prompt: str
    pending: Pending | None
    dice: dict[str, int]
    towers: dict[str, list[Floor]]
    spaces: list[Space]
    excommunications: list[Excommunication]
    vatican_requirement: list[int]
    faith_vp: list[int]
    deck_counts: dict[str, int]
    tower_fee: int
    players_info: list[PlayerInfo]
    bonus_tiles_available: list[BonusTile]
    last_move: LastMove | None
    outcome: OutcomeJSON | None
    known_state: NotRequired[dict[str, Any]]
    houses: NotRequired[HousesView]  # only with the houses option (rules/lorenzo/houses/view.py)


def _card(card_id: int) -> Card:
    return cast(Card, card_dict(card_id))


def _tile(tile_id: str) -> BonusTile:
    return cast(BonusTile, tile_dict(tile_id))


def _occ(o: list[Any] | None) -> Occupant | None:
    return None if o is None else {"seat": int(o[0]), "member": str(o[1])}


def _leader(leader_id: str, used: bool = False, copied: str | None = None) -> Leader:
    leader = LEADERS[leader_id]
    out: Leader = {
        "id": leader_id,
        "name": leader["name"],
        "text": leader["text"],
        "requirement": requirement_text(leader["requirement"]),
        "used": used,
    }
    if copied:
        out["copies"] = copied
    return out


def player_view(st: State, viewer: int | None, title: str = "Lorenzo il Magnifico") -> LorenzoView:
    pending = cast(Pending | None, flow_pending(st))  # the open public decision (decisions.py)
    result = outcome(st)
    last = st["last_move"]
    view: LorenzoView = {
        "header": _header(st, viewer, title, None if result is None else result.to_json()),
        "game": "lorenzo",
        "players": st["player_count"],
        "viewer": viewer,
        "round": st["round"],
        "period": period_of(st["round"]),
        "phase": st["phase"],
        "turn_order": list(st["turn_order"]),
        "active": sorted(active(st)),
        "prompt": prompt_text(st),
        "pending": pending,
        "dice": dict(st["dice"]),
        "towers": _towers(st),
        "spaces": _spaces(st),
        "excommunications": _excommunications(st),
        "vatican_requirement": list(VATICAN_REQUIREMENT),
        "faith_vp": list(FAITH_VP),
        "deck_counts": {t: len(st["decks"][t]) for t in CARD_TYPES},
        "tower_fee": FEE_COINS,
        "players_info": [_player_info(st, p, viewer) for p in range(len(st["players"]))],
        "bonus_tiles_available": [_tile(t) for t in st["bonus_tiles_left"]]
        if st["phase"] == "tile_draft"
        else [],
        "last_move": None if last is None else cast(LastMove, dict(last)),
        "outcome": None if result is None else result.to_json(),
    }
    if "houses" in st:
        view["houses"] = houses_view(st, viewer)
    return view


def _towers(st: State) -> dict[str, list[Floor]]:
    return {
        t: [
            {
                "floor": i + 1,
                "space": f"{t}_{i + 1}",
                "min_value": floor_min(st, t, i),  # the Adaptation tile's, where it lies (houses)
                "bonus": dict(TOWERS[t][i]["bonus"]),
                "card": None if st["tower_cards"][t][i] is None else _card(st["tower_cards"][t][i]),
                "occupant": _occ(st["tower_occupants"][t][i]),
            }
            for i in range(4)
        ]
        for t in CARD_TYPES
    }


def _spaces(st: State) -> list[Space]:
    spaces: list[Space] = []
    for s in SPACE_ORDER:
        sp = SPACES[s]
        reward = effects_text(sp["effects"]) if sp["effects"] else sp.get("action", "").capitalize()
        spaces.append(
            {
                "id": s,
                "area": sp["area"],
                "min_value": sp["min_value"],
                "modifier": sp["value_modifier"],
                "capacity": sp["capacity"],
                "covered": sp["min_players"] > st["player_count"],
                "reward": reward,
                "occupants": [cast(Occupant, _occ(o)) for o in st["space_occupants"][s]],
            }
        )
    return spaces


def _excommunications(st: State) -> list[Excommunication]:
    return [
        {
            "period": i + 1,
            "id": tid,
            "text": EXCOMMUNICATIONS[tid]["text"],
            "seats": [p for p in range(st["player_count"]) if tid in st["players"][p]["excommunications"]],
        }
        for i, tid in enumerate(st["excommunication_tiles"])
    ]


def _player_info(st: State, p: int, viewer: int | None) -> PlayerInfo:
    ps = st["players"][p]
    mods = modifiers(st, p)
    return {
        "seat": p,
        "turn_position": st["turn_order"].index(p),
        "goods": {k: ps["resources"][k] for k in GOODS},
        "points": {k: ps["resources"][k] for k in POINTS},
        "cards": {t: [_card(c) for c in ps["cards"][t]] for t in CARD_TYPES},
        "family": {
            m: {"placed": m not in ps["free_members"], "value": member_value(st, mods, m)}
            for m in (*MEMBERS, *(["brown"] if ps.get("family") == "colonna" else []))
        },
        "excommunications": list(ps["excommunications"]),
        # From the engine's own rules (one source of truth with tower_offer); public,
        # since they follow from played leaders only.
        "tower_fee": tower_fee(mods),
        "territory_slot_mp": territory_slot_mp(mods),
        "bonus_tile": _tile(ps["bonus_tile"]),
        "leaders_in_hand": len(ps["leader_hand"]),
        "leaders": [
            _leader(x, x in ps["leaders_used"], ps["copied_leader"] if x == "lorenzo_de_medici" else None)
            for x in ps["leaders_played"]
        ],
        "hand": [_leader(x) for x in ps["leader_hand"]] if viewer == p else None,
        "draft_pack": [_leader(x) for x in st["leader_draft"]["packs"][p]]
        if viewer == p and st["leader_draft"]
        else None,
        "draft_pick": st["leader_draft"]["picks"][p] if viewer == p and st["leader_draft"] else None,
    }


def _header(st: State, viewer: int | None, title: str, result: OutcomeJSON | None) -> ViewHeader:
    last = st["last_move"]
    acting = sorted(active(st))
    prompt = prompt_text(st)
    return {
        "game": "lorenzo",
        "title": title,
        "seats": seat_headers(st["player_count"]),
        "viewer": viewer,
        "round": st["round"],
        "rounds": ROUNDS,
        "period": say("Period {roman}", roman=ROMAN[period_of(st["round"])]),
        "phase": st["phase"],
        "phase_title": PHASE_TITLES.get(st["phase"], str(st["phase"])),
        "order": list(st["turn_order"]),
        "active": acting,
        "prompt": prompt,  # one line for the whole table, public (the Leader window hides the hand)
        "your_prompt": your_prompt(st, viewer) if viewer is not None and viewer in acting else None,
        "last": None
        if last is None
        else {
            "seat": last["seat"],
            "text": last["text"],
            "events": list(last["events"]),
            "places": [str(c) for c in last["changed"]],
        },
        "outcome": result,
        "score_unit": say("VP"),
    }
