"""The Family Tile auction before round 1 (HOUSES.md §5; seed 000 "Family Tiles Auction").

``state["houses"]["auction"]`` while it runs (None once over):

- ``tiles``: one record per Auction tile in play, ``{"tile": "AT3", "family": "medici", "bid":
  [seat, line] or None}`` (a tile holds one bid at a time);
- ``next``: index in ``turn_order`` of the next player to make their own bid;
- ``displaced``: seats outbid and still to move, the last one moves now (a chain);
- ``then``: the phase that follows the auction.

Line 1 is the lowest bid and gives the most, line 6 the highest and gives the least; a bid on a
held tile must be on a higher line and sends the holder to bid again at once, by the same rules,
on the same or another tile. A moving player is off the board, so some tile is always empty and a
legal bid always exists; every bid fills an empty tile or raises a tile's line, so chains end.
"""

from __future__ import annotations

from typing import Any

from rules.core import say, seat
from rules.lorenzo.data import HOUSES
from rules.lorenzo.describe import res_text
from rules.lorenzo.houses import families
from rules.lorenzo.moves import Bid, BidTile

State = dict[str, Any]
LINES = range(1, 7)


def start(state: State, draw: Any, then: str) -> None:
    """§5.1: as many Family and Auction tiles as players, drawn at random, paired at random."""
    count = state["player_count"]
    families = sorted(HOUSES["families"])
    tiles = sorted(HOUSES["auction"]["tiles"])
    draw(state).shuffle(families)
    draw(state).shuffle(tiles)
    state["houses"]["auction"] = {
        "tiles": [
            {"tile": t, "family": f, "bid": None}
            for t, f in zip(tiles[:count], families[:count], strict=True)
        ],
        "next": 0,
        "displaced": [],
        "then": state["phase"],
        "stack": list(state["stack"]),  # the advanced tile choice waits for the auction (§4.1 step 11)
    }
    state["stack"].clear()
    state["phase"] = "auction"
    for player in state["players"]:
        player["family"] = None
    # §4.1 step 9 [ATO]: Sforza and Visconti get 2 Leaders face up beside them, from the pile.
    offered: dict[str, list[str]] = {}
    for fam in families[:count]:
        if fam in ("sforza", "visconti"):
            pile = state["houses"]["leader_pile"]
            offered[fam], state["houses"]["leader_pile"] = pile[:2], pile[2:]
    state["houses"]["family_leaders"] = offered


def mover(state: State) -> int | None:
    auction = state["houses"]["auction"]
    if auction["displaced"]:
        return int(auction["displaced"][-1])
    if auction["next"] < state["player_count"]:
        return int(state["turn_order"][auction["next"]])
    return None


def bids(state: State, player: int) -> list[Bid | BidTile]:
    """Every legal bid of the moving ``player``: any line of an empty tile, a higher line than the
    holder's on a held one (never their own: a mover is off the board). When they do not fit one
    list of 25 answers (5 empty tiles x 6 lines) the bid takes two steps: the tile, then the line
    (or another tile) - design.md: each step's options short enough to show."""
    if mover(state) != player:
        return []
    auction = state["houses"]["auction"]
    every: list[Bid] = []
    for record in auction["tiles"]:
        low = 1 if record["bid"] is None else record["bid"][1] + 1
        every.extend(Bid(record["family"], line) for line in range(low, 7))
    if len(every) <= ANSWERS:
        return list(every)
    chosen = auction.get("chosen")
    tiles = [BidTile(f) for f in dict.fromkeys(b.family for b in every) if f != chosen]
    return [*(b for b in every if b.family == chosen), *tiles]


ANSWERS = 25  # the most answers one decision shows (Discord: 25 select options)


def choose(state: State, player: int, move: BidTile, log: Any) -> None:
    state["houses"]["auction"]["chosen"] = move.family
    name = HOUSES["families"][move.family]["name"]
    log.events.append(say("{p} considers the {family} tile: choose the line.", p=seat(player), family=name))


def refusal(state: State, player: int, move: Bid | BidTile) -> str:
    two_steps = any(isinstance(m, BidTile) for m in bids(state, player))
    if isinstance(move, Bid) and two_steps and move.family != state["houses"]["auction"].get("chosen"):
        return say("First choose the tile ('bid {family}'), then the line.", family=move.family)
    for record in state["houses"]["auction"]["tiles"]:
        if record["family"] == move.family:
            if isinstance(move, BidTile):
                return say("Bid with a line now: 'bid {family} <line>'.", family=move.family)
            if move.line not in LINES:
                return say("Auction lines are 1 (lowest bid) to 6 (highest).")
            holder = record["bid"]
            if holder is None:
                return say("Choose a line from 1 to 6.")
            return say(
                "{p} holds that tile on line {line}: bid on a higher line.", p=seat(holder[0]), line=holder[1]
            )
    names = ", ".join(r["family"] for r in state["houses"]["auction"]["tiles"])
    return say("'{family}' is not up for auction (families: {families}).", family=move.family, families=names)


def bid(state: State, player: int, move: Bid, log: Any) -> None:
    auction = state["houses"]["auction"]
    auction["chosen"] = None
    if auction["displaced"]:
        auction["displaced"] = auction["displaced"][:-1]
    else:
        auction["next"] += 1
    record = next(r for r in auction["tiles"] if r["family"] == move.family)
    name = HOUSES["families"][move.family]["name"]
    held = record["bid"]
    record["bid"] = [player, move.line]
    log.changed.append(f"auction:{move.family}")
    if held is None:
        log.events.append(
            say("{p} bids on {family}, line {line}.", p=seat(player), family=name, line=move.line)
        )
        return
    auction["displaced"] = [*auction["displaced"], held[0]]
    log.events.append(
        say(
            "{p} outbids {other} on {family}: line {line} over line {old}; {other} must move.",
            p=seat(player),
            other=seat(held[0]),
            family=name,
            line=move.line,
            old=held[1],
        )
    )


def settle(state: State, log: Any) -> bool:
    """End the auction once everyone sits on a different tile: in turn order each takes the
    Family and the line's starting resources (one source)."""
    from rules.lorenzo import engine

    if mover(state) is not None:
        return False
    auction = state["houses"]["auction"]
    if auction.get("awarded"):  # the families' own setup (Sforza's free Leader) is done
        state["phase"] = auction["then"]
        state["stack"].extend(auction["stack"])  # in place: flow.advance holds this list
        state["houses"]["auction"] = None
        return True
    by_seat = {r["bid"][0]: r for r in auction["tiles"]}
    for player in state["turn_order"]:
        record = by_seat[player]
        line = str(record["bid"][1])
        gains = dict(HOUSES["auction"]["tiles"][record["tile"]]["lines"][line])
        name = HOUSES["families"][record["family"]]["name"]
        log.events.append(
            say(
                "{p} wins the {family} family on line {line}: {goods}.",
                p=seat(player),
                family=name,
                line=line,
                goods=res_text(gains),
            )
        )
        engine.gain(
            state, player, gains, say("the {family} auction line {line}", family=name, line=line), log
        )
        state["stack"].extend(families.win(state, player, record["family"]))
    auction["awarded"] = True
    return True


def prompt(state: State) -> str:
    player = mover(state) or 0  # called only while someone must bid
    if state["houses"]["auction"]["displaced"]:
        text = say("you were outbid - bid again now on a family tile (a held tile needs a higher line).")
    else:
        text = say("Family auction - bid on a family tile (line 1 gives the most, line 6 the least).")
    return say("{p}: {prompt}", p=seat(player), prompt=text)


def line_gains(state: State, move: Bid) -> str:
    """What line ``move.line`` of ``move.family``'s auction tile gives, in words ("3 coins")."""
    record = next(r for r in state["houses"]["auction"]["tiles"] if r["family"] == move.family)
    return res_text(HOUSES["auction"]["tiles"][record["tile"]]["lines"][str(move.line)])


def view(state: State) -> dict[str, Any] | None:
    auction = state["houses"].get("auction")
    if auction is None:
        return None
    return {
        "tiles": [
            {
                "tile": r["tile"],
                "family": r["family"],
                "name": HOUSES["families"][r["family"]]["name"],
                "text": HOUSES["families"][r["family"]]["text"],
                "lines": [res_text(HOUSES["auction"]["tiles"][r["tile"]]["lines"][str(k)]) for k in LINES],
                "bid": None if r["bid"] is None else {"seat": r["bid"][0], "line": r["bid"][1]},
            }
            for r in auction["tiles"]
        ],
        "mover": mover(state),
        "displaced": list(auction["displaced"]),
    }
