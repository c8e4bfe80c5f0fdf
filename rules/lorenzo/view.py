"""``player_view(state, seat)``: the JSON-able picture of a Lorenzo game for the renderer and bot.

Keys (all present in every view; ``None`` where not applicable):

- ``game``: "lorenzo"; ``players``: seat count; ``viewer``: the seat asking, or None (public view).
- ``round`` (1-6), ``period`` (1-3), ``phase``: "tile_draft" | "actions" | "vatican" | "over".
- ``turn_order``: seats, first player first (this round's order).
- ``active``: seats that must move now (sorted list; empty when the game is over).
- ``prompt``: one line saying what the game waits for, with ``{pN}`` seat placeholders.
- ``pending``: the open decision or None: ``{"seat", "kind", "text", "options"}``; ``kind`` is one
  of "privilege", "pay", "exchange", "take", "harvest", "production", "vatican", "tile";
  ``options`` are the legal move texts (<= 25).
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
- ``players_info``: per seat, in seat order: ``{"seat", "turn_position" (0 = first),
  "goods" {coin, wood, stone, servant}, "points" {vp, mp, fp}, "cards" {card_type: [card dict]},
  "family" {member: {"placed": bool, "value": base value before servants}}, "excommunications"
  [tile ids], "bonus_tile" {"id", "harvest" text, "production" text}, "leaders_in_hand" (count of
  unplayed leaders; 0 without the leaders option), "leaders" (played leaders, public: [{"id",
  "name", "text"}]), "hand" (only in the owner's own view: [{"id", "name", "text"}], else None)}``.
- ``bonus_tiles_available``: during the advanced-tile draft, the tiles still to choose, else [].
- ``last_move``: ``{"seat", "text", "changed" (space ids and card ids touched), "events"}`` or None.
- ``outcome``: ``Outcome.to_json()`` once the game is over, else None.
"""
