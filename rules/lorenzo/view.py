"""``player_view(state, seat)``: the JSON-able picture of a Lorenzo game for the renderer and bot.

Keys (all present in every view; ``None`` where not applicable):

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
"""

from __future__ import annotations

from typing import Any

from rules.lorenzo.data import (
    CARD_TYPES,
    EXCOMMUNICATIONS,
    FAITH_VP,
    GOODS,
    LEADERS,
    MEMBERS,
    POINTS,
    SPACE_ORDER,
    SPACES,
    TOWERS,
    VATICAN_REQUIREMENT,
    period_of,
)
from rules.lorenzo.describe import card_dict, effects_text, tile_dict
from rules.lorenzo.effects import modifiers
from rules.lorenzo.engine import (
    FEE_COINS,
    active,
    decision_moves,
    member_value,
    prompt_text,
    territory_slot_mp,
    tower_fee,
)
from rules.lorenzo.scoring import outcome

State = dict[str, Any]

# Frame kinds in the state -> the ``pending.kind`` names of the view contract (unchanged).
_KINDS = {
    "privilege": "privilege",
    "pay": "pay",
    "exchange": "exchange",
    "take_card": "take",
    "vatican": "vatican",
    "bonus_tile": "tile",
    "copy_leader": "copy",
    "montefeltro": "six",
    "lose_wood_or_stone": "lose",
}


def _occ(occupant: list[int | str] | None) -> dict[str, Any] | None:
    return None if occupant is None else {"seat": occupant[0], "member": occupant[1]}


def _leader(leader_id: str, used: bool = False, copied: str | None = None) -> dict[str, Any]:
    leader = LEADERS[leader_id]
    out = {"id": leader_id, "name": leader["name"], "text": leader["text"], "used": used}
    if copied:
        out["copies"] = copied
    return out


def player_view(state: State, viewer: int | None) -> dict[str, Any]:
    pending = None
    if (
        state["stack"] and state["stack"][-1]["kind"] != "leader_window"
    ):  # the Leader window's moves are private
        frame = state["stack"][-1]
        kind = frame["action"] if frame["kind"] == "bonus_action" else _KINDS[frame["kind"]]
        pending = {
            "seat": frame["seat"],
            "kind": kind,
            "text": prompt_text(state),
            "options": [move.to_text() for move in decision_moves(state)],
        }
    towers = {
        card_type: [
            {
                "floor": i + 1,
                "space": f"{card_type}_{i + 1}",
                "min_value": TOWERS[card_type][i]["min_value"],
                "bonus": dict(TOWERS[card_type][i]["bonus"]),
                "card": None
                if state["tower_cards"][card_type][i] is None
                else card_dict(state["tower_cards"][card_type][i]),
                "occupant": _occ(state["tower_occupants"][card_type][i]),
            }
            for i in range(4)
        ]
        for card_type in CARD_TYPES
    }
    spaces = []
    for space in SPACE_ORDER:
        space_data = SPACES[space]
        reward = (
            effects_text(space_data["effects"])
            if space_data["effects"]
            else space_data.get("action", "").capitalize()
        )
        spaces.append(
            {
                "id": space,
                "area": space_data["area"],
                "min_value": space_data["min_value"],
                "modifier": space_data["value_modifier"],
                "capacity": space_data["capacity"],
                "covered": space_data["min_players"] > state["player_count"],
                "reward": reward,
                "occupants": [_occ(occupant) for occupant in state["space_occupants"][space]],
            }
        )
    players_info = []
    for player, player_state in enumerate(state["players"]):
        mods = modifiers(state, player)
        players_info.append(
            {
                "seat": player,
                "turn_position": state["turn_order"].index(player),
                "goods": {k: player_state["resources"][k] for k in GOODS},
                "points": {k: player_state["resources"][k] for k in POINTS},
                "cards": {
                    card_type: [card_dict(c) for c in player_state["cards"][card_type]]
                    for card_type in CARD_TYPES
                },
                "family": {
                    member: {
                        "placed": member not in player_state["free_members"],
                        "value": member_value(state, mods, member),
                    }
                    for member in MEMBERS
                },
                "excommunications": list(player_state["excommunications"]),
                # From the engine's own rules (one source of truth with tower_offer); public,
                # since they follow from played leaders only.
                "tower_fee": tower_fee(mods),
                "territory_slot_mp": territory_slot_mp(mods),
                "bonus_tile": tile_dict(player_state["bonus_tile"]),
                "leaders_in_hand": len(player_state["leader_hand"]),
                "leaders": [
                    _leader(
                        x,
                        x in player_state["leaders_used"],
                        player_state["copied_leader"] if x == "lorenzo_de_medici" else None,
                    )
                    for x in player_state["leaders_played"]
                ],
                "hand": [_leader(x) for x in player_state["leader_hand"]] if viewer == player else None,
                "draft_pack": [_leader(x) for x in state["leader_draft"]["packs"][player]]
                if viewer == player and state["leader_draft"]
                else None,
                "draft_pick": state["leader_draft"]["picks"][player]
                if viewer == player and state["leader_draft"]
                else None,
            }
        )
    result = outcome(state)
    last = state["last_move"]
    return {
        "game": "lorenzo",
        "players": state["player_count"],
        "viewer": viewer,
        "round": state["round"],
        "period": period_of(state["round"]),
        "phase": state["phase"],
        "turn_order": list(state["turn_order"]),
        "active": sorted(active(state)),
        "prompt": prompt_text(state),
        "pending": pending,
        "dice": dict(state["dice"]),
        "towers": towers,
        "spaces": spaces,
        "excommunications": [
            {
                "period": i + 1,
                "id": tid,
                "text": EXCOMMUNICATIONS[tid]["text"],
                "seats": [
                    player
                    for player in range(state["player_count"])
                    if tid in state["players"][player]["excommunications"]
                ],
            }
            for i, tid in enumerate(state["excommunication_tiles"])
        ],
        "vatican_requirement": list(VATICAN_REQUIREMENT),
        "faith_vp": list(FAITH_VP),
        "deck_counts": {card_type: len(state["decks"][card_type]) for card_type in CARD_TYPES},
        "tower_fee": FEE_COINS,
        "players_info": players_info,
        "bonus_tiles_available": [tile_dict(card_type) for card_type in state["bonus_tiles_left"]]
        if state["phase"] == "tile_draft"
        else [],
        "last_move": None if last is None else dict(last),
        "outcome": None if result is None else result.to_json(),
    }
