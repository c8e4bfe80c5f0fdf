"""What one seat may see: ``player_view(state, player)`` for the renderer and the bot.

The view is a JSON-able dict. ``player=None`` is the public (spectator/channel) view. Secrets of
other seats never appear: gold and squires are ``null`` unless the game is a two-player game (open
information there) or the seat is the viewer; undisclosed votes are only ``"voted": true/false``;
the conflict deck and the law draw pile appear only as counts.

Keys (all always present):

``game``            "lancaster"
``viewer``          seat number or null
``players``         number of seats
``round``           1..5 (5 stays after the end)
``phase``           "setup" | "place" | "vote" | "laws" | "rewards" | "over"
``start_player``    seat holding the start-player marker
``active``          sorted list of seats that must act now
``prompt``          one-line text of what the viewer is asked (null if the viewer need not act)
``counties``        list in board order A..I of
                    ``{"letter", "name", "min_strength", "reward": str (words), "reward_effects": [..],
                    "nobles": {"type", "name", "count"}, "occupant": null | {"seat", "ally": bool,
                    "strength", "squires", "total"}}``
``conflicts``       list of cards in play, bottom row first then top row, each
                    ``{"id", "row": "top"|"bottom", "france", "pp": [rank1, rank2, rank3],
                    "total": strength on the card, "spaces": [{"seat", "ally": bool,
                    "knights": [strengths], "strength"} ...] in top-down space order}``
``conflict_deck``   number of cards left in the deck (order is secret)
``kings_favor``     list of 6 ``{"index": 1..6, "reward": str, "face_up": bool}``;
``favors_left``     how many conflict placements this round still take a favor
``parliament``      ``{"current": [law...], "proposals": [law...], "voting": index 0..2 or null,
                    "voted": [bool per seat] (who has voted on the open proposal),
                    "results": [{"law", "passed", "yes", "no", "ballots": [{"seat", "vote":
                    "yes"|"no", "markers"}]}] for the proposals revealed this round,
                    "pile": count}`` where a law is ``{"id", "text", "back", "provisional": bool}``
``seats``           list per seat of ``{"seat", "power_points", "gold": int|null, "squires": int|null,
                    "vote_markers", "nobles": [type letters], "extensions": [space ids built],
                    "extensions_unbuilt": [space ids], "castle": [{"space", "name", "reward",
                    "extended": bool, "knight": strength|null}], "court": [strengths],
                    "reserve": [strengths], "knights_on_board": int, "ally": null | {"court",
                    "reserve", "castle": [{"space", "name", "reward", "knight"}]}}``
                    (court, reserve and castle are public in the physical game too)
``me``              null for the public view; else ``{"seat", "gold", "squires", "vote_markers",
                    "court", "reserve", "pending_vote": null | {"vote": "yes"|"no", "markers"},
                    "decision": null | short text of the pending decision}``
``last``            null or ``{"seat", "move": canonical text (a secret vote shows as "vote"),
                    "where": a location like "county:D", "conflict:K03", "castle:X2" or null}``
``outcome``         null while running; else ``Outcome.to_json()`` (scores, ranking, winners,
                    breakdown, notes)
``provisional``     true: the rules help lists values not yet verified against the printed game
"""

from __future__ import annotations
