"""What one seat may see: ``player_view(state, player)`` for the renderer and the bot.

The view is a JSON-able dict. ``player=None`` is the public (spectator/channel) view. Secrets of
other seats never appear: gold and squires are ``null`` unless the game is a two-player game (open
information there) or the seat is the viewer; undisclosed votes are only ``"voted": true/false``;
the conflict deck and the law draw pile appear only as counts.

Keys (all always present; the TypedDicts below are the same schema for mypy):

``header``          the common ``rules.core.ViewHeader`` (title, seats, round of rounds, phase title,
                    turn order from the start player, who must act, the viewer's prompt as
                    ``your_prompt``, the last move with its places, the outcome); ``prompt`` is None
                    there (Lancaster has no public prompt line: boards say whom they wait for)
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
                    "reserve", "castle": [{"space", "name", "reward", "extended": false, "knight"}]}}``
                    (court, reserve and castle are public in the physical game too)
``me``              null for the public view; else ``{"seat", "gold", "squires", "vote_markers",
                    "court", "reserve", "pending_vote": null | {"vote": "yes"|"no", "markers"},
                    "decision": null | short text of the pending decision}``
``last``            null or ``{"seat", "move": canonical text (a secret vote shows as "vote"),
                    "where": the first of "places" or null, "events": [sentences], "places":
                    [locations]}``. ``events`` are the sentences the move produced, the same the
                    channel gets (``{pN}`` placeholders; a vote says only "{pN} has voted." until
                    the last ballot reveals them all), with every automatic step that followed.
                    ``places`` are the board places the move touched: "county:D", "conflict:K03",
                    "castle:X2" (the mover's castle; ally spaces are "castle:AC1"), "favor:3"
                    (a King's Favor tile), "law:L07" (the proposal voted on, or the law whose
                    exchange was used), "knights:N" / "nobles:N" (seat N's court and reserve /
                    nobles at table), "seat:N" (seat N chosen to start the next round). A choice
                    that changes no place (declining, buying 0 times) names the place offering it.
``outcome``         null while running; else ``Outcome.to_json()`` (scores, ranking, winners,
                    breakdown, notes)
``provisional``     true: the rules help lists values not yet verified against the printed game
``known_state``     only in a seat's view: the state with what that seat may not see masked, for
                    computer players (``hidden.known_state``; boards do not read it)
``expansions``      ``{"queenie": null | {"tiles": [{"letter", "reward": words, "reward_effects"}]
                    (revealed tiles beside their counties), "bag": tiles left (order secret),
                    "provisional": bool}, "kings_resentment": null | {"track": [markers per
                    space], "box", "held": [per seat], "tower_neutral", "tower_minimum": int|null,
                    "tower": [{"seat", "strength"}], "protected": [seats], "points_per_marker",
                    "provisional"}}`` (rules/lancaster/expansions.py)
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from rules.core import OutcomeJSON, ViewHeader, say, seat_headers
from rules.lancaster import expansions, extra_laws
from rules.lancaster import model as m
from rules.lancaster.expansions import ExpansionsView
from rules.lancaster.words import effects_words

PHASE_TITLES = {
    "setup": say("Setup"),
    "place": say("Place knights"),
    "vote": say("Parliament: vote"),
    "laws": say("Parliament: laws"),
    "rewards": say("Rewards"),
    "over": say("Game over"),
}


class CountyNobles(TypedDict):
    type: str
    name: str
    count: int


class CountyOccupant(TypedDict):
    seat: int
    ally: bool
    strength: int
    squires: int
    total: int


class County(TypedDict):
    letter: str
    name: str
    min_strength: int
    reward: str
    reward_effects: list[Any]
    nobles: CountyNobles
    occupant: CountyOccupant | None


class ConflictSpace(TypedDict):
    seat: int
    ally: bool
    knights: list[int]
    strength: int


class Conflict(TypedDict):
    id: str
    row: str
    france: int
    pp: list[int]
    total: int
    spaces: list[ConflictSpace]


class FavorTile(TypedDict):
    index: int
    reward: str
    face_up: bool


class Law(TypedDict):
    id: str
    text: str
    back: Any
    provisional: bool


class Ballot(TypedDict):
    seat: int
    vote: str
    markers: int


class VoteResult(TypedDict):
    law: str
    passed: bool
    yes: int
    no: int
    ballots: list[Ballot]


class Parliament(TypedDict):
    current: list[Law]
    proposals: list[Law]
    voting: int | None
    voted: list[bool]
    results: list[VoteResult]
    pile: int


class CastleSpace(TypedDict):
    space: str
    name: str
    reward: str
    extended: bool
    knight: int | None


class AllyForces(TypedDict):
    court: list[int]
    reserve: list[int]
    castle: list[CastleSpace]


class SeatInfo(TypedDict):
    seat: int
    power_points: int
    gold: int | None
    squires: int | None
    vote_markers: int
    nobles: list[str]
    extensions: list[str]
    extensions_unbuilt: list[str]
    castle: list[CastleSpace]
    court: list[int]
    reserve: list[int]
    knights_on_board: int
    ally: AllyForces | None


class PendingVote(TypedDict):
    vote: str
    markers: int


class Me(TypedDict):
    seat: int
    gold: int
    squires: int
    vote_markers: int
    court: list[int]
    reserve: list[int]
    pending_vote: PendingVote | None
    decision: str | None


class LastMove(TypedDict):
    seat: int
    move: str
    where: str | None
    events: list[str]
    places: list[str]


class LancasterView(TypedDict):
    """``player_view``'s result (the keys above); render/lancaster.py draws exactly this."""

    header: ViewHeader
    game: str
    viewer: int | None
    players: int
    round: int
    phase: str
    start_player: int
    active: list[int]
    prompt: str | None
    counties: list[County]
    conflicts: list[Conflict]
    conflict_deck: int
    kings_favor: list[FavorTile]
    favors_left: int
    parliament: Parliament
    seats: list[SeatInfo]
    me: Me | None
    last: LastMove | None
    outcome: OutcomeJSON | None
    provisional: bool
    known_state: NotRequired[dict[str, Any]]
    expansions: ExpansionsView


def _law(data: dict[str, Any], law_id: str) -> Law:
    law = extra_laws.law(data, law_id)
    marks = data["provisional"]
    path = f"laws.{law_id}" if law_id in data["laws"] else f"extra_laws.laws.{law_id}"
    provisional = any(k == path or k.startswith(path + ".") for k in marks)
    return {"id": law_id, "text": law["text"], "back": law["back"], "provisional": provisional}


def _castle(
    data: dict[str, Any], spaces: dict[str, Any], built: list[str], knights: dict[str, int]
) -> list[CastleSpace]:
    return [
        {
            "space": sid,
            "name": space["name"],
            "reward": effects_words(space["reward"]),
            "extended": sid in built,
            "knight": knights.get(sid),
        }
        for sid, space in spaces.items()
    ]


def _reserve(counts: list[int]) -> list[int]:
    return [s + 1 for s, c in enumerate(counts) for _ in range(c)]


def build_view(
    state: m.State,
    data: dict[str, Any],
    player: int | None,
    active: frozenset[int],
    prompt: str | None,
    decision: str | None,
    outcome: OutcomeJSON | None,
    title: str = "Lancaster",
) -> LancasterView:
    last_view = _last(state)
    header = _header(state, data, player, active, prompt, outcome, last_view, title)
    return {
        "header": header,
        "game": "lancaster",
        "viewer": player,
        "players": state["players"],
        "round": state["round"],
        "phase": state["phase"],
        "start_player": state["start_player"],
        "active": sorted(active),
        "prompt": prompt,
        "counties": _counties(state, data),
        "conflicts": _conflicts(state, data),
        "conflict_deck": len(state["conflict_deck"]),
        "kings_favor": [
            {"index": i + 1, "reward": effects_words(tile), "face_up": state["favor_tiles"][i]}
            for i, tile in enumerate(data["kings_favor"][: len(state["favor_tiles"])])
        ],
        "favors_left": len(state["favor_tiles"]) - state["favors_taken"],
        "parliament": {
            "current": [_law(data, x) for x in state["current_laws"]],
            "proposals": [_law(data, x) for x in state["proposals"]],
            "voting": state["voting_on"],
            "voted": [b is not None for b in state["ballots"]],
            "results": [cast(VoteResult, dict(r)) for r in state["vote_results"]],
            "pile": len(state["law_pile"]),
        },
        "seats": [_seat(state, data, player, i) for i in range(len(state["seats"]))],
        "me": None if player is None else _me(state, player, decision),
        "last": last_view,
        "outcome": outcome,
        "provisional": bool(data["provisional"]),
        "expansions": expansions.build(data, state, player),
    }


def _occupant(state: m.State, occ: dict[str, int] | None) -> CountyOccupant | None:
    if occ is None:
        return None
    return {
        "seat": m.controller(state, occ["force"]),
        "ally": m.is_ally(state, occ["force"]),
        "strength": occ["strength"],
        "squires": occ["squires"],
        "total": occ["strength"] + occ["squires"] + occ.get("extra", 0),  # Henry V: a Tudor knight
    }


def _counties(state: m.State, data: dict[str, Any]) -> list[County]:
    counties: list[County] = []
    for letter in data["county_order"]:
        c = data["counties"][letter]
        stack = state["noble_stacks"][letter]
        noble, left = stack["noble"], stack["left"]
        counties.append(
            {
                "letter": letter,
                "name": c["name"],
                "min_strength": c["min_strength"],
                "reward": effects_words(c["reward"]),
                "reward_effects": c["reward"],
                "nobles": {"type": noble, "name": data["nobles"][noble]["name"], "count": left},
                "occupant": _occupant(state, state["counties"][letter]),
            }
        )
    return counties


def _conflicts(state: m.State, data: dict[str, Any]) -> list[Conflict]:
    cards = sorted(state["conflicts"], key=lambda c: 0 if c["row"] == "bottom" else 1)
    conflicts: list[Conflict] = []
    for card in cards:
        info = data["conflicts"][card["id"]]
        conflicts.append(
            {
                "id": card["id"],
                "row": card["row"],
                "france": info["france"],
                "pp": list(info["pp"]),
                "total": m.card_strength(card),
                "spaces": [
                    {
                        "seat": m.controller(state, space["force"]),
                        "ally": m.is_ally(state, space["force"]),
                        "knights": list(space["knights"]),
                        "strength": sum(space["knights"]) + space.get("extra", 0),  # Henry V
                    }
                    for space in card["spaces"]
                ],
            }
        )
    return conflicts


def _seat(state: m.State, data: dict[str, Any], player: int | None, i: int) -> SeatInfo:
    n = state["players"]
    shown = n == 2 or player == i  # 4.3: no screens in the two-player game
    p = state["seats"][i]
    ally: AllyForces | None = None
    if n == 2:
        af = state["forces"][i + 2]
        ally = {
            "court": list(af["court"]),
            "reserve": _reserve(af["reserve"]),
            "castle": _castle(data, data["ally"]["castle"], [], af["castle"]),
        }
    own = state["forces"][i]
    on_board = len(data["knight_set"]) - len(own["court"]) - sum(own["reserve"])
    return {
        "seat": i,
        "power_points": p["power_points"],
        "gold": p["gold"] if shown else None,
        "squires": p["squires"] if shown else None,
        "vote_markers": p["vote_markers"],
        "nobles": list(p["nobles"]),
        "extensions": list(p["extensions"]),
        "extensions_unbuilt": [x for x in data["castle"] if x not in p["extensions"]],
        "castle": _castle(data, data["castle"], p["extensions"], own["castle"]),
        "court": list(own["court"]),
        "reserve": _reserve(own["reserve"]),
        "knights_on_board": on_board,
        "ally": ally,
    }


def _me(state: m.State, player: int, decision: str | None) -> Me:
    p = state["seats"][player]
    ballot = state["ballots"][player] if state["phase"] == "vote" else None
    return {
        "seat": player,
        "gold": p["gold"],
        "squires": p["squires"],
        "vote_markers": p["vote_markers"],
        "court": list(state["forces"][player]["court"]),
        "reserve": _reserve(state["forces"][player]["reserve"]),
        "pending_vote": None
        if ballot is None
        else {"vote": "yes" if ballot["yes"] else "no", "markers": ballot["markers"]},
        "decision": decision,
    }


def _last(state: m.State) -> LastMove | None:
    last = state["last_move"]
    if last is None:
        return None
    # States saved before "events"/"places" were recorded still load: they show the move text.
    places = list(last.get("places") or ([last["where"]] if last.get("where") else []))
    return {
        "seat": last["seat"],
        "move": last["move"],
        "where": places[0] if places else None,
        "events": list(last.get("events") or []),
        "places": places,
    }


def _header(
    state: m.State,
    data: dict[str, Any],
    player: int | None,
    active: frozenset[int],
    prompt: str | None,
    outcome: OutcomeJSON | None,
    last: LastMove | None,
    title: str,
) -> ViewHeader:
    n, start, phase = state["players"], state["start_player"], str(state["phase"])
    return {
        "game": "lancaster",
        "title": title,
        "seats": seat_headers(n),
        "viewer": player,
        "round": state["round"],
        "rounds": data["rounds"],
        "period": None,
        "phase": phase,
        "phase_title": PHASE_TITLES.get(phase, phase),
        "order": [(start + i) % n for i in range(n)],  # play goes clockwise from the start player
        "active": sorted(active),
        "prompt": None,
        "your_prompt": prompt,
        "last": None
        if last is None
        else {"seat": last["seat"], "text": last["move"], "events": last["events"], "places": last["places"]},
        "outcome": outcome,
        "score_unit": say("PP"),
    }
