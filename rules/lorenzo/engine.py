"""The Lorenzo rules mechanics: state, setup, rounds, values, the tower and space rules, the move
generators, the effect interpreter and gains (flow.py runs the game; decisions.py the frames).

The state is a plain JSON-able dict (lists, str keys, ints) so ``to_json``/``from_json`` round-trip
exactly; ``apply`` copies it (``state_copy.copy_for_move``) and mutates the copy only. The copy
shares the lists, so the engine replaces a list rather than change it (``without``, ``replaced``,
``[*items, item]``); code outside ``apply`` that changes a state takes ``rules.core.copy_state``
first. Its keys
(format 2, see state_format.py for older saves):

- ``format``, ``seed``, ``draws`` (random draws made so far), ``options``, ``player_count``;
- ``round`` (1-6), ``phase`` (tile_draft, leader_draft, actions, vatican, over), ``turn_order``;
- ``turn_queue`` (this round's placement turns: one seat per family member, in turn order) and
  ``turn_index`` (the next of them);
- ``dice``, ``decks`` (card ids per type, next first), ``tower_cards`` and ``tower_occupants``
  (per card type, floor 1 first: a card id / ``[seat, member]`` or None), ``space_occupants``
  (per non-tower space: ``[seat, member]`` in placement order), ``excommunication_tiles`` (one
  per period), ``bonus_tiles_left`` (advanced tile draft), ``leader_draft`` (``{"packs",
  "picks"}`` or None), ``stack`` (frames, below), ``last_move``, ``moves_applied``;
- ``players``: per seat ``resources``, ``faith_vp`` (VP scored from faith), ``cards`` (per type),
  ``free_members``, ``excommunications``, ``bonus_tile``, ``leaders_played``, ``leader_hand``
  (secret), ``leaders_used`` (this round), ``copied_leader`` (Lorenzo de' Medici),
  ``montefeltro_member`` (Federico da Montefeltro's member this round).

Flow. Each round has a queue of placement turns (one entry per family member, in turn order;
E2-7 moves a player's first entry to the end). Anything that asks a player something is a *frame*
on ``state["stack"]`` (``{"kind", "seat", ...}``); the top frame is answered before play goes on.
Automatic frames ("effects": effects still to resolve, "activation": cards still to activate in a
Harvest/Production) are worked off by ``flow.advance`` until a decision is on top or the stack is
empty, then the next placement turn, Vatican Report or round begins. Decision frames: "privilege",
"pay", "take_card", "bonus_action", "exchange", "vatican", "bonus_tile", "lose_wood_or_stone",
and with leaders "copy_leader", "montefeltro", "leader_window".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rules.core import Events, Wordless, current_format, rng_for, say, say_n, seat
from rules.lorenzo import leaders, spaces
from rules.lorenzo.data import (
    ADVANCED_TILES,
    ALL_TOWER_SPACES,
    BONUS_TILES,
    CARD_TYPES,
    CARDS,
    COLOURED,
    FAITH_VP,
    HOUSES,
    LEADERS,
    MAX_CARDS_PER_TYPE,
    MEMBERS,
    OCCUPIED_TOWER_FEE,
    REPORT_ROUNDS,
    RESOURCES,
    ROUNDS,
    SPACE_ORDER,
    SPACES,
    SPECIAL,
    STARTING_COINS,
    STARTING_GOODS,
    TERRITORY_SLOT_MP,
    TOWERS,
    VATICAN_REQUIREMENT,
    cards_of,
    period_of,
)
from rules.lorenzo.describe import MEMBER_NAMES, SPACE_TITLES, TOWER_NAMES, TYPE_NAMES, res_text
from rules.lorenzo.effects import Mods, modifiers, reduced_gain, wood_or_stone_choice
from rules.lorenzo.houses import auction as houses_auction
from rules.lorenzo.houses import families as houses_families
from rules.lorenzo.houses import hooks as houses_hooks
from rules.lorenzo.houses import leaders as houses_leaders
from rules.lorenzo.houses import setup as houses_setup
from rules.lorenzo.houses import tokens
from rules.lorenzo.moves import (
    BonusAction,
    LeaderAction,
    LorenzoMove,
    Place,
    Take,
)
from rules.lorenzo.state_copy import own_players
from rules.lorenzo.state_format import UPGRADES

State = dict[str, Any]
FEE_COINS = OCCUPIED_TOWER_FEE["coin"]  # §8.2: coins to enter a tower that holds a member
COLOURLESS = frozenset({"neutral", "brown"})
"""Members no same-colour rule binds: the neutral one and Colonna's brown one (HOUSES.md §15)."""
AREA_SPACES = {"harvest": ("harvest", "harvest_big"), "production": ("production", "production_big")}


@dataclass
class Log:
    """What one ``apply`` did, for the channel (events) and the renderer (changed)."""

    # A list (``Wordless`` for a word-free simulation), typed ``Events`` so that code compiled
    # with mypyc calls the object's own ``append`` (see ``rules.core.Events``).
    events: Events = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    # The players of the state the move was applied to, whose dicts the move's copy shares until
    # it changes one (state_copy.py: ``own_player``); None when nothing is shared.
    shared: list[dict[str, Any]] | None = None


def without(items: list[Any], item: Any) -> list[Any]:
    """``items`` less the first ``item``, as a new list: the lists in a state are replaced, never
    changed in place, so that a move's copy may share them (state_copy.py)."""
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def replaced(items: list[Any], index: int, item: Any) -> list[Any]:
    """``items`` with ``items[index]`` replaced by ``item``, as a new list (see ``without``)."""
    new = list(items)
    new[index] = item
    return new


def _draw(state: State) -> Any:
    rng = rng_for(state["seed"], state["draws"])
    state["draws"] += 1
    return rng


# ----------------------------------------------------------------------------------------------
# Setup and rounds (§4, §5, §6, §15)
# ----------------------------------------------------------------------------------------------


def setup(players: int, seed: int, opts: dict[str, Any]) -> State:
    """A new game before its first ``flow.advance`` (which starts it)."""
    state = _empty_state(players, seed, opts)
    order = list(range(players))
    _draw(state).shuffle(order)
    state["turn_order"] = order
    for card_type in CARD_TYPES:
        deck: list[int] = []
        for period in (1, 2, 3):
            pile = cards_of(card_type, period)
            _draw(state).shuffle(pile)
            deck.extend(pile)  # period I on top (front of the list)
        state["decks"][card_type] = deck
    houses = bool(opts.get("houses"))
    for period in (1, 2, 3):
        tiles = houses_setup.excommunication_pile(period, houses)
        state["excommunication_tiles"].append(_draw(state).choice(tiles))
    # A fifth seat exists only with houses, which sets the coins itself just below.
    coins = [STARTING_COINS[min(order.index(p), len(STARTING_COINS) - 1)] for p in range(players)]
    state["players"] = [_new_player(coins[player]) for player in range(players)]
    if houses:
        for player in range(players):
            houses_setup.starting_resources(state["players"][player]["resources"], order.index(player))
    drafting = opts.get("advanced_tiles") or (
        opts.get("leaders") and opts.get("leader_draft", "draft") == "draft"
    )
    if drafting:
        # §4 then §6: tiles and leaders are chosen during game setup, before round 1's cards are
        # dealt and its dice rolled (advance sets round 1 up when the drafts are over).
        state["tower_cards"] = {card_type: [None] * 4 for card_type in CARD_TYPES}
        state["tower_occupants"] = {card_type: [None] * 4 for card_type in CARD_TYPES}
        state["space_occupants"] = {s: [] for s in SPACE_ORDER}
        if houses:
            houses_setup.prepare(state, _draw)
    else:
        if houses:
            houses_setup.prepare(state, _draw)
        setup_round(state)
    if opts.get("leaders"):
        leaders.deal(state, _draw(state), opts.get("leader_draft", "draft") == "draft")
        if state["leader_draft"] is not None:
            state["phase"] = "leader_draft"
    if opts.get("advanced_tiles"):
        # §4 advanced game: tiles chosen in reverse turn order -> last player's frame on top.
        state["phase"] = "tile_draft"
        state["bonus_tiles_left"] = list(ADVANCED_TILES)
        # Four advanced tiles: with a fifth player (houses) the first in turn order, who would
        # choose last, keeps the standard tile (a reading; HOUSES.md has no rule for it).
        for player in order[-len(ADVANCED_TILES) :]:
            state["stack"].append({"kind": "bonus_tile", "seat": player})
    if houses:
        houses_auction.start(state, _draw, then=state["phase"])  # HOUSES.md §4.1 step 10
    return state


def _empty_state(players: int, seed: int, opts: dict[str, Any]) -> State:
    return {
        "format": current_format(UPGRADES),
        "player_count": players,
        "seed": seed,
        "draws": 0,
        "options": dict(opts),
        "round": 1,
        "phase": "actions",
        "turn_order": [],
        "turn_queue": [],
        "turn_index": 0,
        "dice": {c: 0 for c in COLOURED},
        "decks": {},
        "tower_cards": {},
        "tower_occupants": {},
        "space_occupants": {},
        "excommunication_tiles": [],
        "players": [],
        "stack": [],
        "bonus_tiles_left": [],
        "last_move": None,
        "moves_applied": 0,
        "leader_draft": None,
    }


def _new_player(coins: int) -> dict[str, Any]:
    resources = {k: 0 for k in RESOURCES}
    resources.update(STARTING_GOODS)
    resources["coin"] = coins  # §4: by turn position
    return {
        "resources": resources,
        "faith_vp": 0,
        "cards": {card_type: [] for card_type in CARD_TYPES},
        "free_members": list(MEMBERS),
        "excommunications": [],
        "bonus_tile": "standard",
        "leaders_played": [],
        "leader_hand": [],
        "leaders_used": [],
        "copied_leader": None,
        "montefeltro_member": None,
    }


def setup_round(state: State) -> None:
    rng = _draw(state)
    state["dice"] = {c: rng.randint(1, 6) for c in COLOURED}
    for card_type in CARD_TYPES:
        deck = state["decks"][card_type]
        state["tower_cards"][card_type] = deck[
            :4
        ]  # floor 1 gets the first card (order is irrelevant to play)
        state["decks"][card_type] = deck[4:]
        state["tower_occupants"][card_type] = [None, None, None, None]
    if "houses" in state:
        houses_setup.deal_round(state)
    state["space_occupants"] = {s: [] for s in SPACE_ORDER}
    queue: list[int] = [player for _ in MEMBERS for player in state["turn_order"]]
    if "houses" in state:
        queue += houses_families.colonna_extra(state)  # the brown member: after everyone's fourth
    for player in state["turn_order"]:
        if modifiers(state, player).skip_first:
            # E2-7: skip the first placement, place the last member after everyone else.
            queue.remove(player)
            queue.append(player)
    state["turn_queue"] = queue
    state["turn_index"] = 0
    for player, player_state in enumerate(state["players"]):
        player_state["free_members"] = list(MEMBERS)
        if "houses" in state:
            player_state["free_members"] = houses_families.round_members(state, player, list(MEMBERS))
        player_state["leaders_used"] = []  # once-per-round leader abilities refresh (§15.4)
        player_state["montefeltro_member"] = None


def end_round(state: State, log: Log) -> None:
    # §15: discard leftover cards, new turn order from the Council Palace, members come home.
    own_players(state, log.shared)  # every seat's members and leaders change (state_copy.py)
    council_first: list[int] = []
    for player, _member in state["space_occupants"]["council"]:
        if player not in council_first:
            council_first.append(player)
    state["turn_order"] = council_first + [
        player for player in state["turn_order"] if player not in council_first
    ]
    if council_first:
        log.events.append(
            say("Turn order is now {order}.", order=", ".join(seat(player) for player in state["turn_order"]))
        )
    if "houses" in state:
        houses_setup.end_of_round(state)
    if state["round"] >= ROUNDS:
        state["phase"] = "over"
        log.events.append(say("The game is over."))
        return
    state["round"] += 1
    state["phase"] = "actions"
    setup_round(state)
    dice = state["dice"]
    log.events.append(
        say(
            "Round {round} (period {period}) begins: dice black {black_n}, white {white_n}, "
            "orange {orange_n}.",
            round=state["round"],
            period=period_of(state["round"]),
            black_n=dice["black"],
            white_n=dice["white"],
            orange_n=dice["orange"],
        )
    )


def end_actions(state: State, log: Log) -> None:
    gonzaga = houses_families.gonzaga_frame(state) if "houses" in state else None
    if gonzaga is not None:
        state["stack"].append(gonzaga)  # before the Vatican Report; end_actions runs again after it
        return
    if state["round"] in REPORT_ROUNDS:
        state["phase"] = "vatican"
        log.events.append(
            say(
                "Vatican Report: {need} faith needed.",
                need=VATICAN_REQUIREMENT[period_of(state["round"]) - 1],
            )
        )
        for player in reversed(state["turn_order"]):  # first player's frame on top: processed in turn order
            state["stack"].append({"kind": "vatican", "seat": player})
    else:
        end_round(state, log)


# ----------------------------------------------------------------------------------------------
# Values (§7)
# ----------------------------------------------------------------------------------------------


def member_value(state: State, mods: Mods, member: str) -> int:
    """A family member's value before servants: die (coloured) or 0 (neutral), then modifiers."""
    if member == "neutral":
        return mods.neutral_bonus
    if member == "brown":
        return houses_families.brown_value()  # Colonna: 3, raised by servants only
    if mods.six == member:
        base = 6  # Federico da Montefeltro (before other modifiers, §7)
    elif mods.coloured_set is not None:
        base = mods.coloured_set  # Ludovico il Moro
    else:
        base = state["dice"][member]
    return int(base) + mods.coloured_bonus


def servants_for(points: int, mods: Mods) -> int:
    """Servants needed to add ``points`` to a value (E2-6: two per point; Carlo VIII: a servant
    adds 2, HOUSES.md §13.2)."""
    return -(-max(0, points) * mods.servants_per_point // mods.points_per_servant)


def servant_points(servants: int, mods: Mods) -> int:
    """What ``servants`` add to a value (rounded down: E2-6 with Carlo VIII is 1 per servant)."""
    return servants * mods.points_per_servant // mods.servants_per_point


# ----------------------------------------------------------------------------------------------
# Towers (§8)
# ----------------------------------------------------------------------------------------------


@dataclass
class Offer:
    error: str | None
    fee: int = 0
    bonus: dict[str, int] = field(default_factory=dict)
    payments: list[dict[str, int]] = field(default_factory=list)
    value: int = 0
    fee_servants: int = 0  # the part of ``fee`` Paracelso's servants pay (HOUSES.md §13.2)


def card_payments(
    card: dict[str, Any], mods: Mods, avail: dict[str, int], extra_discount: dict[str, int]
) -> list[dict[str, int]]:
    """The distinct costs the player can pay for ``card`` now, dominated ones dropped (§8.5)."""
    found: list[dict[str, int]] = []
    for pay in _affordable_costs(card, mods, avail, extra_discount):
        if pay not in found:
            found.append(dict(pay))
    if len(found) < 2:  # the usual single cost: nothing to dominate it
        return found
    return [a for a in found if not any(_dominates(b, a) for b in found)]


def servants_to_spare(
    card: dict[str, Any], mods: Mods, entry: dict[str, int], extra_discount: dict[str, int]
) -> int:
    """The most servants a player holding ``entry`` may spend on the value and still pay for
    ``card`` (§7, §8.5), negative when no cost is payable: ``card_payments(card, mods, entry less
    n servants, extra_discount)`` offers a cost exactly when n is at most this."""
    most = -1
    for require, pay in _discounted_costs(card, mods, extra_discount):
        needed = 0  # servants the cost itself takes or requires
        short = 0  # Paracelso (HOUSES.md §13.2): servants paying for missing wood, stone, coins
        for k, v in (*require, *pay.items()):
            if k == "servant":
                needed = max(needed, v)
            elif entry.get(k, 0) < v:
                if k not in mods.servant_substitute or (k, v) in require:
                    break
                short += v - entry.get(k, 0)
        else:
            most = max(most, entry.get("servant", 0) - needed - short)
    return most


def _affordable_costs(
    card: dict[str, Any], mods: Mods, avail: dict[str, int], extra_discount: dict[str, int]
) -> Iterator[dict[str, int]]:
    """Each cost of ``card`` after discounts that ``avail`` pays and whose requirement it meets
    (one per alternative and "one of" discount; the same cost may come twice)."""
    for require, pay in _discounted_costs(card, mods, extra_discount):
        if not _holds(avail, require):
            continue
        paid = payable(pay, avail, mods)  # Paracelso's servants for what is short
        if paid is not None:
            yield paid


def _holds(avail: dict[str, int], require: Iterable[tuple[str, int]]) -> bool:
    """Whether ``avail`` holds at least each (key, amount) (a loop: cheaper than all())."""
    for k, v in require:  # noqa: SIM110
        if avail.get(k, 0) < v:
            return False
    return True


def payable(pay: dict[str, int], avail: dict[str, int], mods: Mods) -> dict[str, int] | None:
    """What paying ``pay`` out of ``avail`` takes: ``pay`` itself, or with Paracelso the same
    with servants for the wood, stone or coins short (HOUSES.md §13.2: "servants may be paid in
    place of wood, stone or coins", in every payment: costs, the occupied fee, exchanges);
    None when it cannot be paid."""
    for k, v in pay.items():  # a loop: cheaper than all() over a generator
        if avail.get(k, 0) < v:
            return _with_servants(pay, avail, mods) if mods.servant_substitute else None
    return pay


def fee_split(mods: Mods, held: dict[str, int], fee: int) -> tuple[int, int] | None:
    """The occupied fee as (coins, servants) paid out of ``held`` (servants only with Paracelso,
    for the coins short); None when it cannot be paid."""
    paid = payable({"coin": fee}, held, mods) if fee else {}
    if paid is None:
        return None
    return paid.get("coin", 0), paid.get("servant", 0)


def _with_servants(pay: dict[str, int], avail: dict[str, int], mods: Mods) -> dict[str, int] | None:
    """Paracelso: ``pay`` with the missing wood, stone or coins paid by servants, one for one."""
    out = dict(pay)
    short = 0
    for k, v in pay.items():
        if avail.get(k, 0) < v and k != "servant":
            if k not in mods.servant_substitute:
                return None
            short += v - avail.get(k, 0)
            out[k] = avail.get(k, 0)
    out["servant"] = out.get("servant", 0) + short
    if avail.get("servant", 0) < out["servant"]:
        return None
    return {k: v for k, v in out.items() if v}


def _discounted_costs(
    card: dict[str, Any], mods: Mods, extra_discount: dict[str, int]
) -> list[tuple[tuple[tuple[str, int], ...], dict[str, int]]]:
    """(requirement, cost) of each alternative of ``card`` and each "one of" discount, after the
    player's discounts (§8.5); kept in ``mods.memo``, so never change a cost."""
    key = ("costs", card["id"], tuple(sorted(extra_discount.items())))
    found: list[tuple[tuple[tuple[str, int], ...], dict[str, int]]] | None = mods.memo.get(key)
    if found is not None:
        return found
    card_type = card["type"]
    fixed = dict(mods.take_discount.get(card_type, {}))
    for k, v in extra_discount.items():
        fixed[k] = fixed.get(k, 0) + v
    one_of: list[dict[str, int]] = mods.take_discount_one_of.get(card_type) or [{}]
    found = []
    for alt in card["costs"] or [{"pay": {}}]:
        require = tuple(alt.get("require", {}).items())
        if card_type in mods.military_not_paid and "mp" in alt["pay"]:
            # Malatesta (HOUSES.md §15): the MP are required, not spent.
            need = max(alt["pay"]["mp"], alt.get("require", {}).get("mp", 0))
            require = (*(kv for kv in require if kv[0] != "mp"), ("mp", need))
            alt = {"pay": {k: v for k, v in alt["pay"].items() if k != "mp"}}
        for extra in one_of:
            pay: dict[str, int] = {}
            for k, v in alt["pay"].items():
                cut = fixed.get(k, 0) + extra.get(k, 0) + (mods.coin_discount if k == "coin" else 0)
                if v - cut > 0:
                    pay[k] = v - cut  # discounts never take a cost below zero
            found.append((require, pay))
    mods.memo[key] = found
    return found


def _dominates(b: dict[str, int], a: dict[str, int]) -> bool:
    return b != a and all(b.get(k, 0) <= a.get(k, 0) for k in set(a) | set(b))


def tower_fee(mods: Mods, tower: str = "") -> int:
    """Coins a player pays to enter a tower that already holds a family member (§8.2); Filippo
    Brunelleschi waives it, card 126 in the Special Tower (HOUSES.md §7). The one rule
    ``tower_offer`` and the player view both use."""
    if mods.waive_fee or (tower == SPECIAL and mods.waive_special_fee):
        return 0
    return FEE_COINS


def tower_name(tower: str) -> str:
    return "Special" if tower == SPECIAL else TYPE_NAMES[tower]


def floor_min(state: State, tower: str, floor_index: int) -> int:
    """A floor's minimum value: printed, or the Adaptation tile's on the tower it lies on
    (HOUSES.md §8)."""
    houses = state.get("houses")
    if houses is not None and houses["adaptation"]["tower"] == tower:
        return int(houses["adaptation"]["floor_values"][floor_index])
    return int(TOWERS[tower][floor_index]["min_value"])


def take_bonus(mods: Mods, tower: str, card_type: str) -> int:
    """The player's bonus to take a card: by the card's type (Characters, excommunications), plus
    E2-8's malus in the Special Tower (HOUSES.md §7, §11)."""
    bonus = mods.take_bonus.get(card_type, 0)
    return bonus + mods.special_tower_modifier if tower == SPECIAL else bonus


def card_limit(state: State, player: int, card_type: str) -> int:
    """The most cards of a type a player may own (§9; Medici: 8 Characters, HOUSES.md §15)."""
    limits = state["players"][player].get("card_limits")
    return int(limits.get(card_type, MAX_CARDS_PER_TYPE)) if limits else MAX_CARDS_PER_TYPE


def territory_slot_mp(mods: Mods) -> list[int]:
    """MP a player must have for each personal-board Territory slot, left to right (§8.6); Cesare
    Borgia removes the requirement. The one rule ``tower_offer`` and the player view both use."""
    return [_slot_mp(mods, owned) for owned in range(len(TERRITORY_SLOT_MP))]


def _slot_mp(mods: Mods, owned: int) -> int:
    """``territory_slot_mp(mods)[owned]`` without the list (the move generators ask it)."""
    return 0 if mods.ignore_territory_mp else TERRITORY_SLOT_MP[owned]


def tower_offer(
    state: State,
    player: int,
    mods: Mods,
    space: str,
    value: int,
    servants: int,
    member: str | None,
    discount: dict[str, int],
) -> Offer:
    """Can ``p`` take the card on ``space`` with base ``value`` plus ``servants``? (§8.2-8.6)

    ``member`` is None for a card-effect action (§8.4): no same-colour rule, no space taken.
    """
    tower, floor_index = ALL_TOWER_SPACES[space]
    if tower not in state["tower_cards"]:
        return Offer(say("There is no Special Tower in this game (it comes with the houses option)."))
    card_id = state["tower_cards"][tower][floor_index]
    if card_id is None:
        return Offer(_tower_refusal("no card", tower, floor_index))
    card_type = CARDS[card_id]["type"]  # the tower's own type, except in the Special Tower
    player_state = state["players"][player]
    occupants = state["tower_occupants"][tower]
    if member is not None and member not in COLOURLESS:
        for occupant in occupants:
            if occupant is not None and occupant[0] == player and occupant[1] not in COLOURLESS:
                return Offer(_tower_refusal("colour", tower, floor_index, member=occupant[1]))
    if len(player_state["cards"][card_type]) >= card_limit(state, player, card_type):
        return Offer(_tower_refusal("limit", card_type, floor_index, n=card_limit(state, player, card_type)))
    if servants > player_state["resources"]["servant"]:
        have = player_state["resources"]["servant"]
        return Offer(say_n("You have only {n} servant.", "You have only {n} servants.", have))
    min_value = floor_min(state, tower, floor_index)
    total = value + servant_points(servants, mods) + take_bonus(mods, tower, card_type)
    if total < min_value:
        return Offer(_tower_refusal("value", tower, floor_index, n=min_value, total=total))
    fee, bonus, avail = _entry(state, player, mods, tower, floor_index)
    split = fee_split(mods, player_state["resources"], fee)
    if split is None:
        return Offer(_tower_refusal("fee", tower, floor_index, n=fee))
    avail["coin"] += split[1]  # _entry took the whole fee in coins; Paracelso's servants pay part
    avail["servant"] -= servants + split[1]
    if card_type == "territory":
        need = territory_slot_mp(mods)[len(player_state["cards"]["territory"])]
        if avail["mp"] < need:
            return Offer(_tower_refusal("territory", tower, floor_index, n=need, total=avail["mp"]))
    payments = card_payments(CARDS[card_id], mods, avail, discount)
    if not payments:
        return Offer(_tower_refusal("pay", tower, floor_index, n=card_id))
    return Offer(None, fee, dict(bonus), payments, total, split[1])


def _tower_refusal(
    why: str, tower: str, floor_index: int, n: int = 0, total: int = 0, member: str = ""
) -> str:
    """Why a tower floor is refused, in words (made only for a refusal: apply and legal_moves ask
    tower_offer every move). ``tower`` is the card type for "limit", ``n`` the card id for "pay"."""
    name, floor = TOWER_NAMES.get(tower, tower), floor_index + 1
    if why == "no card":
        return say("There is no card left on the {tower} floor {floor}.", tower=name, floor=floor)
    if why == "colour":
        return say(
            "You already have a coloured family member ({member}) in the {tower}.",
            member=MEMBER_NAMES[member],
            tower=name,
        )
    if why == "limit":
        return say("You already have {n} {type} cards, the most allowed.", n=n, type=TYPE_NAMES[tower])
    if why == "value":
        return say(
            "The {tower} floor {floor} needs value {need}; yours would be {total}.",
            tower=name,
            floor=floor,
            need=n,
            total=total,
        )
    if why == "fee":
        return say("The {tower} is occupied: you need {fee} coins for the fee.", tower=name, fee=n)
    if why == "territory":
        return say(
            "Your next Territory slot needs {need} Military Points; you have {have}.", need=n, have=total
        )
    return say("You cannot pay for {card} ({costs}).", card=CARDS[n]["name"], costs=_costs_text(n))


def _entry(
    state: State, player: int, mods: Mods, tower: str, floor_index: int
) -> tuple[int, dict[str, int], dict[str, int]]:
    """Entering a tower floor (§8.2, §8.3): the fee, the floor bonus, and what the player holds
    after paying the one and taking the other (no servants spent yet)."""
    occupants = state["tower_occupants"][tower]
    fee = tower_fee(mods, tower) if occupants.count(None) != len(occupants) else 0  # occupied
    bonus = floor_bonus(mods, tower, floor_index)
    avail = dict(state["players"][player]["resources"])
    avail["coin"] -= fee
    for k, v in bonus.items():
        avail[k] = avail.get(k, 0) + v
    return fee, bonus, avail


def floor_bonus(mods: Mods, card_type: str, floor_index: int) -> dict[str, int]:
    """The floor's bonus as the player takes it (§8.3: none on floors a Preacher bars, less an
    excommunication's reduction); kept in ``mods.memo``, so never change it."""
    key = ("floor", card_type, floor_index)
    bonus: dict[str, int] | None = mods.memo.get(key)
    if bonus is None:
        floor = TOWERS[card_type][floor_index]  # card_type: the tower (``special`` included)
        bonus = {} if (floor_index + 1) in mods.no_floor_bonus else reduced_gain(mods, floor["bonus"])
        mods.memo[key] = bonus
    return bonus


def _coloured_in_tower(state: State, player: int, tower: str) -> bool:
    """§8.3: whether ``player`` has a coloured family member in this tower already."""
    return any(
        occupant is not None and occupant[0] == player and occupant[1] not in COLOURLESS
        for occupant in state["tower_occupants"][tower]
    )


_Floor = tuple[str, int, bool, int]
"""A tower floor as ``tower_offer`` judges it for one player this turn, with the words left out:
(space, the floor's value less the player's bonus for the tower, §8.3 whether a coloured member
of theirs is in this tower, the most servants they may add and still pay for the card as
``servants_to_spare`` counts them). What is the same for each family member and servant count is
worked out once (legal moves ask it for every member; ``tests/lorenzo/test_fast_path.py`` holds
it to tower_offer). A plain tuple: legal moves make a dozen per call."""


def open_floors(
    state: State, player: int, mods: Mods, card_types: Iterable[str], discount: dict[str, int]
) -> list[_Floor]:
    """The floors of these towers (in ``TOWER_SPACES`` order) that no rule but the value and the
    same-colour rule bars ``player`` from: a card is there, they hold fewer than six of its type,
    they can pay the fee, and their next Territory slot's MP is met (§8.2-8.6)."""
    if "houses" in state:  # the Special Tower, the Adaptation tile, the families' rules
        return houses_open_floors(state, player, mods, card_types, discount)
    player_state = state["players"][player]
    held = player_state["resources"]
    cards_held = player_state["cards"]
    servants = held["servant"]
    memo_key = ("floors", *sorted(discount.items())) if discount else "floors"
    kept: _Kept | None = mods.memo.get(memo_key)
    if kept is None:
        kept = mods.memo[memo_key] = _shared_thresholds(mods, memo_key)
    occupied_fee = 0 if mods.waive_fee else FEE_COINS  # tower_fee, for an occupied tower
    floors: list[_Floor] = []
    for card_type in CARD_TYPES:
        owned = len(cards_held[card_type])
        if owned >= MAX_CARDS_PER_TYPE or card_type not in card_types:
            continue
        occupants = state["tower_occupants"][card_type]
        fee, coloured = 0, False  # tower_fee and _coloured_in_tower: an empty tower needs neither
        if occupants.count(None) != len(occupants):
            fee = occupied_fee
            for occupant in occupants:
                if occupant is not None and occupant[0] == player and occupant[1] != "neutral":
                    coloured = True
        if held["coin"] < fee:
            continue
        slot_mp = _slot_mp(mods, owned) if card_type == "territory" else 0
        cards = state["tower_cards"][card_type]
        rules = kept.towers.get((card_type, fee, *cards))
        if rules is None:
            rules = _tower_rules(mods, card_type, cards, fee, discount, kept)
        for space, min_value, bonus_mp, costs in rules:
            if slot_mp and held["mp"] + bonus_mp < slot_mp:
                continue
            spare = -1  # servants_to_spare, from the thresholds _floor_thresholds worked out
            for checks, offset in costs:
                for k, least in checks:  # goods and points: every player holds each key
                    if held[k] < least:
                        break
                else:
                    if servants + offset > spare:
                        spare = servants + offset
            if spare >= 0:
                floors.append((space, min_value, coloured, spare))
    return floors


_Thresholds = tuple[tuple[tuple[str, int], ...], int]
_FloorRule = tuple[str, int, int, tuple[_Thresholds, ...]]


@dataclass
class _Kept:
    """The floor rules kept for a fold's thresholds (``_shared_thresholds``): per card, floor and
    fee (``_floor_thresholds``), and per tower as it stands (its type, the fee and its cards, floor
    1 first): the rules of the floors that hold a card, in floor order (``_tower_rules``)."""

    floors: dict[tuple[int, int, int], _FloorRule] = field(default_factory=dict)
    towers: dict[tuple[Any, ...], list[_FloorRule]] = field(default_factory=dict)


def _shared_thresholds(mods: Mods, memo_key: Any) -> _Kept:
    """The kept floor thresholds of every fold that reads the same from its modifiers what
    ``_floor_thresholds`` reads (floor bonuses and their cuts, card discounts, take bonuses): a
    fold met for the first time in a game (a new Character) starts with what others worked out."""
    key = (memo_key, _threshold_mods(mods))
    kept = _THRESHOLDS.get(key)
    if kept is None:
        if len(_THRESHOLDS) >= _THRESHOLDS_KEPT:
            _THRESHOLDS.clear()  # a bound, not a policy
        kept = _THRESHOLDS[key] = _Kept()
    return kept


def _tower_rules(
    mods: Mods, card_type: str, cards: list[int | None], fee: int, discount: dict[str, int], kept: _Kept
) -> list[_FloorRule]:
    """The rules of a tower's floors that hold a card (``_floor_thresholds``), kept in
    ``kept.towers`` by what the tower holds: one look-up per tower instead of one per floor."""
    found = []
    for floor_index, card_id in enumerate(cards):
        if card_id is not None:
            rule = kept.floors.get((card_id, floor_index, fee))
            if rule is None:
                rule = _floor_thresholds(mods, card_type, floor_index, card_id, fee, discount, kept.floors)
            found.append(rule)
    if len(kept.towers) >= _TOWERS_KEPT:
        kept.towers.clear()  # a bound, not a policy
    kept.towers[(card_type, fee, *cards)] = found
    return found


def _threshold_mods(mods: Mods) -> tuple[Any, ...]:
    """What of ``mods`` a floor's thresholds depend on (``floor_bonus``, ``reduced_gain``,
    ``_discounted_costs``, ``take_bonus`` without the Special Tower): equal tuples, equal
    thresholds."""

    def items(d: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
        return tuple(sorted(d.items()))

    return (
        mods.no_floor_bonus,
        items(mods.gain_reduction),
        mods.wood_or_stone_reduction,
        tuple(sorted((t, items(d)) for t, d in mods.take_discount.items())),
        tuple(sorted((t, tuple(items(x) for x in alts)) for t, alts in mods.take_discount_one_of.items())),
        mods.coin_discount,
        mods.military_not_paid,
        items(mods.take_bonus),
    )


_THRESHOLDS: dict[tuple[Any, ...], _Kept] = {}
# Measured (bench.memory, 2026-12-01): a game meets ~3 new folds and ~230 floor rules (~100 KB);
# 5,000 folds grew the bot by ~1 MB per ten games for weeks. 256 folds (~80 games) are ~8 MB,
# and one game (or one computer's search) meets far fewer, so it loses nothing of its speed.
_THRESHOLDS_KEPT = 256
_TOWERS_KEPT = 2_000
"""Towers as they stand, per kept thresholds: a game's towers stand in at most 768 ways (4 towers,
6 rounds, any of the 16 sets of floors taken, 2 fees), a few references each."""


def _floor_thresholds(
    mods: Mods,
    card_type: str,
    floor_index: int,
    card_id: int,
    fee: int,
    discount: dict[str, int],
    kept: dict[tuple[int, int, int], _FloorRule],
) -> _FloorRule:
    """A floor holding ``card_id``, entered with ``fee``, as ``open_floors`` tests it: its space,
    value less the player's bonus, the MP its bonus gives, and per cost of the card
    (``_discounted_costs``) what ``servants_to_spare`` tests on the floor's entry (held less the
    fee, plus the bonus) as thresholds on what the player holds, with the servants the entry
    leaves over those the cost takes. Kept in ``kept`` (one dict per card-action discount and
    what ``_threshold_mods`` reads of a fold, ``_shared_thresholds``) by card, floor and fee: a
    few hundred at most."""
    bonus = floor_bonus(mods, card_type, floor_index)
    costs = []
    for require, pay in _discounted_costs(CARDS[card_id], mods, discount):
        needed = 0
        checks = []
        for k, v in (*require, *pay.items()):
            if k == "servant":
                needed = max(needed, v)
            else:
                checks.append((k, v + (fee if k == "coin" else 0) - bonus.get(k, 0)))
        costs.append((tuple(checks), bonus.get("servant", 0) - needed))
    min_value = TOWERS[card_type][floor_index]["min_value"] - mods.take_bonus.get(card_type, 0)
    bonus_mp = bonus.get("mp", 0) if card_type == "territory" else 0
    found = (f"{card_type}_{floor_index + 1}", min_value, bonus_mp, tuple(costs))
    kept[card_id, floor_index, fee] = found
    return found


def houses_open_floors(
    state: State, player: int, mods: Mods, card_types: Iterable[str], discount: dict[str, int]
) -> list[_Floor]:
    """``open_floors`` in a game with ``houses``: the Special Tower too (cards of every type), the
    Adaptation tile's values, E2-8, card 126, Medici's 8 Characters, Paracelso's servants (the
    general rules, not the base game's kept thresholds)."""
    player_state = state["players"][player]
    held = player_state["resources"]
    floors: list[_Floor] = []
    for tower in (*CARD_TYPES, SPECIAL):  # the four base towers, then the Special Tower
        special = tower == SPECIAL
        if not special and (
            tower not in card_types or len(player_state["cards"][tower]) >= card_limit(state, player, tower)
        ):
            continue
        occupants = state["tower_occupants"][tower]
        fee = tower_fee(mods, tower) if any(occupant is not None for occupant in occupants) else 0
        split = fee_split(mods, held, fee)
        if split is None:
            continue
        coloured = _coloured_in_tower(state, player, tower)
        for floor_index, card_id in enumerate(state["tower_cards"][tower]):
            if card_id is None:
                continue
            card_type = CARDS[card_id]["type"] if special else tower
            owned = len(player_state["cards"][card_type])
            if special and (card_type not in card_types or owned >= card_limit(state, player, card_type)):
                continue
            bonus = floor_bonus(mods, tower, floor_index)
            if card_type == "territory" and held["mp"] + bonus.get("mp", 0) < territory_slot_mp(mods)[owned]:
                continue
            entry = dict(held)
            entry["coin"] -= split[0]
            entry["servant"] -= split[1]
            for k, v in bonus.items():
                entry[k] = entry.get(k, 0) + v
            spare = servants_to_spare(CARDS[card_id], mods, entry, discount)
            if spare < 0:
                continue
            min_value = floor_min(state, tower, floor_index) - take_bonus(mods, tower, card_type)
            floors.append((f"{tower}_{floor_index + 1}", min_value, coloured, spare))
    return floors


def _costs_text(card_id: int) -> str:
    from rules.lorenzo.describe import cost_text

    return " or ".join(cost_text(a) for a in CARDS[card_id]["costs"]) or say("free")


def enter_tower(state: State, player: int, space: str, servants: int, offer: Offer, log: Log) -> None:
    """Pay servants and fee, take the floor bonus, then pay for the card (or ask which cost)."""
    card_type, floor_index = ALL_TOWER_SPACES[space]  # card_type: the tower here
    if "houses" in state:  # Aragonesi's Harvest value (HOUSES.md §13.1, aragonesi_harvest_value)
        floor_value = HOUSES["engine"]["aragonesi_harvest_value"] == "floor_value_minus_1"
        take_value = floor_min(state, card_type, floor_index) if floor_value else offer.value
        state["houses"]["take_value"] = take_value
    res = state["players"][player]["resources"]
    res["servant"] -= servants + offer.fee_servants
    res["coin"] -= offer.fee - offer.fee_servants
    words = type(log.events) is not Wordless  # a word-free simulation formats nothing
    if offer.fee and words:
        paid = res_text({"coin": offer.fee - offer.fee_servants, "servant": offer.fee_servants})
        log.events.append(
            say(
                "{p} paid {goods} to enter the occupied {tower}.",
                p=seat(player),
                goods=paid,
                tower=TOWER_NAMES[card_type],
            )
        )
    if offer.bonus:
        _add(res, offer.bonus)
        if offer.bonus.get("special_token"):  # drawn before the card's cost may pay tokens
            for card, kind in tokens.gained(state, player, offer.bonus["special_token"]):
                log.events.append(_face_up(kind, card))
        if words:
            log.events.append(
                say("{p} took the floor bonus: {goods}.", p=seat(player), goods=res_text(offer.bonus))
            )
    if len(offer.payments) == 1:
        finish_take(state, player, card_type, floor_index, offer.payments[0], log)
    else:
        state["stack"].append(
            {
                "kind": "pay",
                "seat": player,
                "card_type": card_type,
                "floor_index": floor_index,
                "costs": offer.payments,
            }
        )


def finish_take(
    state: State, player: int, card_type: str, floor_index: int, pay: dict[str, int], log: Log
) -> None:
    player_state = state["players"][player]
    card_id = state["tower_cards"][card_type][floor_index]  # card_type: the tower it stands in
    for k, v in pay.items():
        player_state["resources"][k] -= v
    state["tower_cards"][card_type] = replaced(state["tower_cards"][card_type], floor_index, None)
    card = CARDS[card_id]
    player_state["cards"][card["type"]] = [*player_state["cards"][card["type"]], card_id]
    log.changed.append(f"card:{card_id}")
    if type(log.events) is Wordless:  # a word-free simulation formats nothing
        pass
    elif pay:
        log.events.append(
            say("{p} took {card} paying {goods}.", p=seat(player), card=card["name"], goods=res_text(pay))
        )
    else:
        log.events.append(say("{p} took {card}.", p=seat(player), card=card["name"]))
    value = state["houses"].get("take_value") if "houses" in state else None
    took(state, player, card_id, pay, value)


def took(state: State, player: int, card_id: int, pay: dict[str, int], value: int | None) -> None:
    """What follows owning a card taken (a tower, a card action, Gonzaga, cards 130/132): its
    immediate effects and, with houses, the "when you take" triggers (HOUSES.md §13.2: after the
    immediate effects, ``when_take_triggers_after_immediate``; the alternative before them)."""
    if "houses" not in state:
        push_immediate(state, player, card_id)
        return
    triggers = houses_hooks.after_take(state, player, card_id, pay, value)
    if HOUSES["engine"]["when_take_triggers_after_immediate"]:
        state["stack"].extend(triggers)  # pushed first: they resolve after the immediate effects
        push_immediate(state, player, card_id)
    else:
        push_immediate(state, player, card_id)
        state["stack"].extend(triggers)


def push_immediate(state: State, player: int, card_id: int) -> None:
    """Queue a taken card's immediate effects (§17/§19: gains and privileges first, then a bonus
    action; a stable order otherwise). Also for cards taken from the discard pile (houses)."""
    card = CARDS[card_id]
    if card["immediate"]:
        fx = sorted(
            card["immediate"], key=lambda effect: effect["op"] in ("take_card", "harvest", "production")
        )
        state["stack"].append(
            {
                "kind": "effects",
                "seat": player,
                "source": card["name"],
                "effects": fx,
                "immediate": True,
                "card": card_id,
            }
        )


# ----------------------------------------------------------------------------------------------
# Other action spaces (§10, §11, §12)
# ----------------------------------------------------------------------------------------------


def space_check(
    state: State, player: int, mods: Mods, space: str, member: str, servants: int
) -> tuple[str | None, int]:
    """Legality of a non-tower space and the resulting action value."""
    space_data = SPACES[space]
    if space_data["min_players"] > state["player_count"]:
        return say("{space} is covered in a {n}-player game.", space=space, n=state["player_count"]), 0
    if space_data["area"] in mods.forbidden_areas:
        return say("Your excommunication forbids the Market."), 0
    occupants = state["space_occupants"][space]
    if (
        space_data["capacity"] is not None
        and len(occupants) >= space_data["capacity"]
        and not mods.occupied_spaces_ok
    ):
        return say("{space} is already occupied.", space=space), 0
    if space_data["area"] in AREA_SPACES and member not in COLOURLESS:
        for area_space in AREA_SPACES[space_data["area"]]:
            for occupant in state["space_occupants"][area_space]:
                if occupant[0] == player and occupant[1] not in COLOURLESS:
                    return (
                        say(
                            "You already have a coloured family member ({member}) in the {area} area.",
                            member=MEMBER_NAMES[occupant[1]],
                            area=space_data["area"],
                        ),
                        0,
                    )
    have = state["players"][player]["resources"]["servant"]
    if servants > have:
        return say_n("You have only {n} servant.", "You have only {n} servants.", have), 0
    member_total = member_value(state, mods, member) + servant_points(servants, mods)
    if space_data["area"] in AREA_SPACES:
        value = member_total + space_data["value_modifier"] + _action_mod(mods, space_data["area"], False)
        tested = member_total if state["options"].get("harvest_min_check", "member") == "member" else value
        if tested < space_data["min_value"]:
            return _too_low(space, space_data["min_value"], tested), 0
        return None, value
    if member_total < space_data["min_value"]:
        return _too_low(space, space_data["min_value"], member_total), 0
    return None, member_total


def _too_low(space: str, need: int, total: int) -> str:
    return say("{space} needs value {need}; yours would be {total}.", space=space, need=need, total=total)


def _action_mod(mods: Mods, action: str, servants_only: bool) -> int:
    """Character bonus (unless servants only) plus excommunication malus for Harvest/Production."""
    if action == "harvest":
        return (0 if servants_only else mods.harvest_bonus) + mods.harvest_malus
    return (0 if servants_only else mods.production_bonus) + mods.production_malus


def _activation_values(state: State, player: int, action: str) -> list[int]:
    return list(_activations(state["players"][player], action))


def _activations(player_state: dict[str, Any], action: str) -> tuple[int, ...]:
    """The values at which a Harvest/Production reaches more of the player's tile and cards, in
    order; kept per tile and cards (a handful of combinations per game)."""
    cards = player_state["cards"]["territory" if action == "harvest" else "building"]
    key = (action, player_state["bonus_tile"], tuple(cards))
    found = _ACTIVATIONS.get(key)
    if found is None:
        values = {BONUS_TILES[player_state["bonus_tile"]][action]["value"]}
        values.update(CARDS[c][action]["value"] for c in cards)
        if len(_ACTIVATIONS) >= _ACTIVATIONS_KEPT:
            _ACTIVATIONS.clear()  # a bound, not a policy
        found = _ACTIVATIONS[key] = tuple(sorted(values))
    return found


_ACTIVATIONS: dict[tuple[Any, ...], tuple[int, ...]] = {}
_ACTIVATIONS_KEPT = 20_000


def start_activation(state: State, player: int, action: str, value: int, log: Log) -> None:
    """A Harvest or Production of ``value`` (§10): the bonus tile, then each card it reaches."""
    player_state = state["players"][player]
    kind = "territory" if action == "harvest" else "building"
    items: list[list[Any]] = []
    tile = BONUS_TILES[player_state["bonus_tile"]][action]
    if value >= tile["value"]:
        items.append(["tile", player_state["bonus_tile"]])
    for c in player_state["cards"][kind]:  # a loop: cheaper than a generator, asked every activation
        if CARDS[c][action]["value"] <= value:
            items.append(["card", c])
    if type(log.events) is not Wordless:  # a word-free simulation formats nothing
        log.events.append(_activation_text(seat(player), action, value, len(items)))
    if items:
        # Exchanges may only spend what the player held before the Production began (§10).
        budget = dict(player_state["resources"]) if action == "production" else None
        state["stack"].append(
            {
                "kind": "activation",
                "seat": player,
                "action": action,
                "value": value,
                "items": items,
                "budget": budget,
            }
        )


# ----------------------------------------------------------------------------------------------
# Effects (the one-shot interpreter) and gains
# ----------------------------------------------------------------------------------------------


def _add(res: dict[str, int], gain: dict[str, int]) -> None:
    for k, v in gain.items():
        res[k] += v


def gain(
    state: State,
    player: int,
    res: dict[str, int],
    src: str,
    log: Log,
    immediate: bool = False,
    prefer: str | None = None,
) -> None:
    """Gain ``res`` from one source, after excommunication reductions (and Santa Rita's doubling).

    With E1-4 and a source giving both wood and stone, the player chooses which one is lost: a
    ``lose`` decision is pushed and this runs again with ``prefer`` set.
    """
    mods = modifiers(state, player)
    if prefer is None and wood_or_stone_choice(mods, res):
        state["stack"].append(
            {
                "kind": "lose_wood_or_stone",
                "seat": player,
                "gains": dict(res),
                "source": src,
                "immediate": immediate,
            }
        )
        return
    got = reduced_gain(mods, res, prefer or "wood")
    if immediate and mods.double_immediate:
        got = {k: v * (2 if k in mods.double_immediate else 1) for k, v in got.items()}
    if mods.vp_gain_bonus and got.get("vp", 0) > 0:
        got["vp"] += mods.vp_gain_bonus  # Niccolò Machiavelli (HOUSES.md §13.2)
    _add(state["players"][player]["resources"], got)
    placed = tokens.gained(state, player, got["special_token"]) if got.get("special_token", 0) > 0 else []
    if "fp" in got and "houses" in state:
        state["stack"].extend(houses_families.after_gain(state, player))  # Della Rovere
    if type(log.events) is Wordless:  # a word-free simulation formats nothing
        return
    lost = {k: res.get(k, 0) - got.get(k, 0) for k in res if res.get(k, 0) > got.get(k, 0)}
    if lost:
        log.events.append(
            say(
                "{p} gained {goods} ({source}); the excommunication took {lost}.",
                p=seat(player),
                goods=res_text(got),
                source=src,
                lost=res_text(lost),
            )
        )
    else:
        log.events.append(
            say("{p} gained {goods} ({source}).", p=seat(player), goods=res_text(got), source=src)
        )
    for card, kind in placed:  # faces drawn now (cards 98/128 choose among them), some face up
        log.events.append(_face_up(kind, card))


def _face_up(kind: str, card: str) -> str:
    """A Special Token drawn face up onto a card (houses, HOUSES.md §10)."""
    return say("The {kind} token drawn goes face up on {card}.", kind=kind, card=CARDS[int(card)]["name"])


def run_effect(state: State, frame: dict[str, Any], effect: dict[str, Any], log: Log) -> None:
    player = frame["seat"]
    src = frame["source"]
    player_state = state["players"][player]
    op = effect["op"]
    if op in ("gain", "gain_per_card", "gain_per_points"):
        times = 1
        if op == "gain_per_card":
            times = len(player_state["cards"][effect["card_type"]])
        elif op == "gain_per_points":
            ((key, per),) = effect["per"].items()
            times = player_state["resources"][key] // per
        # The card's own gains when counted once (gain never changes what it is given).
        gains = effect["res"] if times == 1 else {k: v * times for k, v in effect["res"].items()}
        gain(state, player, gains, src, log, frame.get("immediate", False))
    elif op == "privileges":
        state["stack"].append(
            {"kind": "privilege", "seat": player, "remaining": effect["count"], "chosen": [], "source": src}
        )
    elif op == "take_card":
        state["stack"].append(
            {
                "kind": "take_card",
                "seat": player,
                "card_types": effect["card_types"],
                "value": effect["value"],
                "discount": effect.get("discount", {}),
                "source": src,
            }
        )
    elif op in ("harvest", "production"):
        state["stack"].append(
            {
                "kind": "bonus_action",
                "seat": player,
                "action": op,
                "value": effect["value"],
                "servants_only": effect.get("modifiable_by") == "servants_only",
                "source": src,
            }
        )
    elif op == "set_family_member_value" and effect["members"] == "one_colored":
        state["stack"].append({"kind": "montefeltro", "seat": player})
    elif op == "exchange":
        budget = _budget(state, player)
        mods = modifiers(state, player)
        affordable = []
        for option in effect["options"]:
            pay = payable(option["pay"], budget, mods)  # Paracelso: servants for what is short
            if pay is not None:
                affordable.append({**option, "pay": pay})
        if affordable:
            state["stack"].append({"kind": "exchange", "seat": player, "source": src, "options": affordable})
        else:
            log.events.append(say("{p} cannot pay for the exchange of {source}.", p=seat(player), source=src))
    else:
        from rules.lorenzo.houses import effects as houses_effects

        houses_effects.run(state, frame, effect, log)  # HoR kinds (HOUSES.md §13.1), or refused


def pay_from_budget(state: State, player: int, pay: dict[str, int]) -> None:
    """Pay an exchange (§10): from the supply and from what the Production may still spend."""
    budget = _budget(state, player)
    res = state["players"][player]["resources"]
    for k, v in pay.items():
        res[k] -= v
        if budget is not res:
            budget[k] -= v


def _budget(state: State, player: int) -> dict[str, int]:
    for frame in reversed(state["stack"]):
        if frame["kind"] == "activation" and frame["seat"] == player and frame["budget"] is not None:
            budget: dict[str, int] = frame["budget"]
            return budget
    # An exchange outside a Production cannot happen with the base data; use the supply.
    supply: dict[str, int] = state["players"][player]["resources"]
    return supply


# ----------------------------------------------------------------------------------------------
# Vatican Report (§14)
# ----------------------------------------------------------------------------------------------


def faith_requirement(state: State) -> int:
    return VATICAN_REQUIREMENT[period_of(state["round"]) - 1]


def excommunicate(state: State, player: int, log: Log, voluntary: bool) -> None:
    player_state = state["players"][player]
    tile = state["excommunication_tiles"][period_of(state["round"]) - 1]
    player_state["excommunications"] = [*player_state["excommunications"], tile]
    if voluntary:
        log.events.append(
            say(
                "{p} refused to support the Church and is excommunicated ({tile}).", p=seat(player), tile=tile
            )
        )
    else:
        log.events.append(
            say(
                "{p} has only {n} faith and is excommunicated ({tile}).",
                p=seat(player),
                n=player_state["resources"]["fp"],
                tile=tile,
            )
        )
    if "houses" in state:
        houses_families.on_excommunicated(state, player, log)
    if state["round"] == ROUNDS:
        # §14: at the last report an excommunicated player still scores their faith, then resets.
        score_faith(state, player, log, bonus=False)


def score_faith(state: State, player: int, log: Log, bonus: bool) -> None:
    player_state = state["players"][player]
    fp = player_state["resources"]["fp"]
    vp = FAITH_VP[min(fp, len(FAITH_VP) - 1)]  # §19: the track ends at 15; more faith scores as 15
    player_state["resources"]["vp"] += vp
    player_state["faith_vp"] += vp
    player_state["resources"]["fp"] = 0
    log.events.append(say("{p} scored {vp} VP for {fp} faith.", p=seat(player), vp=vp, fp=fp))
    if bonus and modifiers(state, player).vp_gain_bonus and vp:  # Machiavelli: support VP too
        player_state["resources"]["vp"] += modifiers(state, player).vp_gain_bonus
    if bonus:
        extra = modifiers(state, player).support_bonus
        if extra:
            _add(player_state["resources"], extra)
            log.events.append(
                say("{p} gained {goods} for supporting the Church.", p=seat(player), goods=res_text(extra))
            )


def has_placement(state: State, player: int) -> bool:
    """Whether ``p`` can place any free member. The Council Palace (min 1, unlimited) is always
    open, so this is whether some member reaches value 1 with the servants held."""
    mods = modifiers(state, player)
    player_state = state["players"][player]
    reach = 1 - servant_points(player_state["resources"]["servant"], mods)
    for m in player_state["free_members"]:  # noqa: SIM110 (a loop: cheaper than any() here)
        if member_value(state, mods, m) >= reach:
            return True
    return False


# ----------------------------------------------------------------------------------------------
# Legal moves
# ----------------------------------------------------------------------------------------------


def placements(state: State, player: int) -> list[LorenzoMove]:
    """Every placement: each free member on each space it can use, with the fewest servants
    needed; on Harvest/Production spaces also each servant count that activates more cards.

    What a space asks is worked out once for all members (``open_floors``, ``_open_spaces``):
    the same verdicts as ``tower_offer`` and ``space_check``, without their words."""
    if "houses" in state:
        return houses_placements(state, player)
    mods = modifiers(state, player)
    player_state = state["players"][player]
    have = player_state["resources"]["servant"]
    rate = mods.servants_per_point
    floors = open_floors(state, player, mods, CARD_TYPES, {})
    spaces = _open_spaces(state, player, mods)
    by_member = _place_rows(have)  # rows of shared moves by servants: no Place made here
    out: list[LorenzoMove] = []
    for member in player_state["free_members"]:
        base = member_value(state, mods, member)
        coloured = member != "neutral"
        rows = by_member[member]
        for space, min_value, coloured_taken, spare in floors:
            if coloured and coloured_taken:
                continue
            short = min_value - base  # servants_for, written out
            need = short * rate if short > 0 else 0
            if need <= have and need <= spare:
                out.append(rows[space][need])
        for space, min_value, coloured_taken, bonus, activations in spaces:
            if coloured and coloured_taken:
                continue
            short = min_value - base
            need = short * rate if short > 0 else 0
            if need > have:
                continue
            row = rows[space]
            out.append(row[need])
            value = base + need // rate + bonus
            for threshold in activations:
                if threshold > value:
                    extra = need + (threshold - value) * rate
                    if extra <= have:
                        out.append(row[extra])
    return out


def houses_placements(state: State, player: int) -> list[LorenzoMove]:
    """``placements`` with ``houses``: Colonna's brown member, Carlo VIII's servants, the personal
    action spaces of played Leaders (HOUSES.md §12.3, §13.2, §15)."""
    mods = modifiers(state, player)
    player_state = state["players"][player]
    have = player_state["resources"]["servant"]
    rate, pps = mods.servants_per_point, mods.points_per_servant  # pps: Carlo VIII (houses)
    floors = open_floors(state, player, mods, CARD_TYPES, {})
    spaces = _open_spaces(state, player, mods)
    by_member = _place_rows(have)
    out: list[LorenzoMove] = []
    for member in player_state["free_members"]:
        base = member_value(state, mods, member)
        coloured = member not in COLOURLESS
        rows = by_member[member]
        for space_id, min_value, coloured_taken, spare in floors:
            if coloured and coloured_taken:
                continue
            short = min_value - base
            need = -(-short * rate // pps) if short > 0 else 0
            if need <= have and need <= spare:
                out.append(rows[space_id][need])
        for space_id, min_value, coloured_taken, bonus, activations in spaces:
            if coloured and coloured_taken:
                continue
            short = min_value - base
            need = -(-short * rate // pps) if short > 0 else 0
            if need > have:
                continue
            row = rows[space_id]
            out.append(row[need])
            value = base + need * pps // rate + bonus
            for threshold in activations:
                if threshold > value:
                    extra = need + -(-(threshold - value) * rate // pps)
                    if extra <= have:
                        out.append(row[extra])
    if "houses" in state:  # the personal action spaces of played Leaders (HOUSES.md §12.3)
        out += houses_leaders.placements(state, player, mods)
    return out


_PLACES: dict[tuple[str, str, int], Place] = {}


def _place(member: str, space: str, servants: int) -> Place:
    """``Place(member, space, servants)``, made once: moves are frozen, so equal ones are shared."""
    key = (member, space, servants)
    move = _PLACES.get(key)
    if move is None:
        move = _PLACES[key] = Place(member, space, servants)
    return move


_ROWS: dict[str, dict[str, list[Place]]] = {member: {} for member in (*MEMBERS, "brown")}
"""The shared ``Place`` moves by member and board space, each row by servants (0, 1, ...)."""


def _place_rows(servants: int) -> dict[str, dict[str, list[Place]]]:
    """``_ROWS`` with every row at least ``servants + 1`` long, so that the move generators pick
    a move by its servants (any count they list is at most the servants held)."""
    if len(_ROWS["neutral"].get("council", ())) <= servants:
        length = max(servants + 1, 16)
        for member, rows in _ROWS.items():
            for space in (*ALL_TOWER_SPACES, *SPACE_ORDER):
                rows[space] = [_place(member, space, n) for n in range(length)]
    return _ROWS


_Space = tuple[str, int, bool, int, tuple[int, ...]]
"""A non-tower space open to a player this turn, as ``space_check`` judges it (§10-12): (space,
what the member must reach before servants (less the bonus tested with it), §10 whether a
coloured member of theirs is already in this Harvest/Production, the bonus a Harvest/Production
adds (the space's modifier and the player's bonuses and malus), the values that activate more)."""


def _open_spaces(state: State, player: int, mods: Mods) -> list[_Space]:
    """The non-tower spaces (in board order) not covered, forbidden or full for ``player``."""
    member_check = state["options"].get("harvest_min_check", "member") == "member"
    occupants = state["space_occupants"]
    player_state = state["players"][player]
    found: list[_Space] = []
    seen = None  # the area whose two spaces come in a row (board order), worked out once
    taken = False
    activations: tuple[int, ...] = ()
    for space, capacity, area, min_value, bonus in _board_spaces(mods, state["player_count"], member_check):
        if capacity is not None and len(occupants[space]) >= capacity:
            continue
        if area is None:
            found.append((space, min_value, False, 0, ()))
            continue
        if area != seen:
            seen, taken, activations = area, False, _activations(player_state, area)
            for area_space in AREA_SPACES[area]:
                for occupant in occupants[area_space]:
                    if occupant[0] == player and occupant[1] not in COLOURLESS:
                        taken = True
        found.append((space, min_value, taken, bonus, activations))
    return found


def _board_spaces(
    mods: Mods, player_count: int, member_check: bool
) -> list[tuple[str, int | None, str | None, int, int]]:
    """The non-tower spaces a player with ``mods`` may use at all in this game (board order):
    space, capacity (None: unlimited or ``occupied_spaces_ok``), Harvest/Production area or None,
    the value tested before servants and the bonus added to the action. Kept in ``mods.memo``."""
    key = ("spaces", player_count, member_check)
    found: list[tuple[str, int | None, str | None, int, int]] | None = mods.memo.get(key)
    if found is not None:
        return found
    found = []
    for space in SPACE_ORDER:
        space_data = SPACES[space]
        area = space_data["area"]
        if space_data["min_players"] > player_count or area in mods.forbidden_areas:
            continue
        capacity = None if mods.occupied_spaces_ok else space_data["capacity"]
        if area not in AREA_SPACES:
            found.append((space, capacity, None, space_data["min_value"], 0))
            continue
        bonus = space_data["value_modifier"] + _action_mod(mods, area, False)
        found.append((space, capacity, area, space_data["min_value"] - (0 if member_check else bonus), bonus))
    mods.memo[key] = found
    return found


def take_options(state: State, frame: dict[str, Any]) -> list[LorenzoMove]:
    player = frame["seat"]
    mods = modifiers(state, player)
    have = state["players"][player]["resources"]["servant"]
    out: list[LorenzoMove] = []
    reach = "houses" not in state or HOUSES["engine"]["take_card_effects_reach_special_tower"]
    for space, min_value, _coloured, spare in open_floors(
        state, player, mods, frame["card_types"], frame["discount"]
    ):
        if not reach and ALL_TOWER_SPACES[space][0] == SPECIAL:
            continue  # [READ] alternative: card-effect actions take from the base towers only
        need = servants_for(min_value - frame["value"], mods)
        if need <= have and need <= spare:
            out.append(Take(space, need))
    out.append(Take(None))
    return out


def bonus_options(state: State, frame: dict[str, Any]) -> list[BonusAction]:
    player = frame["seat"]
    mods = modifiers(state, player)
    have = state["players"][player]["resources"]["servant"]
    value = frame["value"] + _action_mod(mods, frame["action"], frame["servants_only"])
    out = [BonusAction(frame["action"], 0)]
    for threshold in _activation_values(state, player, frame["action"]):
        if threshold > value and servants_for(threshold - value, mods) <= have:
            out.append(BonusAction(frame["action"], servants_for(threshold - value, mods)))
    return out


def do_bonus(state: State, frame: dict[str, Any], servants: int, log: Log) -> None:
    player = frame["seat"]
    mods = modifiers(state, player)
    state["players"][player]["resources"]["servant"] -= servants
    value = (
        frame["value"]
        + servant_points(servants, mods)
        + _action_mod(mods, frame["action"], frame["servants_only"])
    )
    start_activation(state, player, frame["action"], value, log)


def leader_moves(state: State, player: int) -> list[LorenzoMove]:
    """Leader actions open to ``p`` before placing in a turn (§13)."""
    if not state["options"].get("leaders"):
        return []
    player_state = state["players"][player]
    moves: list[LorenzoMove] = []
    waiver = modifiers(state, player).leader_waiver if "houses" in state else 0  # card 127
    for x in player_state["leader_hand"]:
        if leaders.requirement_met(state, player, x, waiver) and (
            x != leaders.COPY or leaders.copy_targets(state, player)
        ):
            moves.append(_leader_action("play", x))
    for x in player_state["leaders_played"]:  # loops: cheaper than generators (asked every turn)
        if leaders.can_activate(state, player, x):
            moves.append(_leader_action("activate", x))
    for x in player_state["leader_hand"]:
        moves.append(_leader_action("discard", x))
    return moves


_LEADER_ACTIONS: dict[tuple[str, str], LeaderAction] = {}


def _leader_action(verb: str, leader: str) -> LeaderAction:
    """``LeaderAction(verb, leader)``, made once (frozen, so shared; see ``_place``)."""
    move = _LEADER_ACTIONS.get((verb, leader))
    if move is None:
        move = _LEADER_ACTIONS[verb, leader] = LeaderAction(verb, leader)
    return move


def window_open(state: State, player: int) -> bool:
    """§13: Leader actions may also follow the placement. The turn stays open for them while a
    leader can be played or activated; a discard alone does not hold the turn (discarding
    before placing gives the same privilege, earlier)."""
    if not state["options"].get("leaders"):
        return False
    player_state = state["players"][player]
    waiver = modifiers(state, player).leader_waiver if "houses" in state else 0  # card 127
    # leader_moves less the discards, stopping at the first (it is asked after every placement).
    for x in player_state["leader_hand"]:
        if leaders.unmet_requirements(state, player, x) <= waiver and (
            x != leaders.COPY or leaders.copy_targets(state, player)
        ):
            return True
    for x in player_state["leaders_played"]:  # noqa: SIM110 (a loop: cheaper than any() here)
        if leaders.can_activate(state, player, x):
            return True
    return False


def has_leader_move(state: State, player: int) -> bool:
    """``bool(leader_moves(state, player))`` without listing them: every leader in hand may be
    discarded, so a hand is enough; else a played leader that can be activated."""
    if not state["options"].get("leaders"):
        return False
    player_state = state["players"][player]
    return bool(player_state["leader_hand"]) or any(
        leaders.can_activate(state, player, x) for x in player_state["leaders_played"]
    )


def leader_refusal(state: State, player: int, move: LeaderAction) -> str:
    player_state = state["players"][player]
    name = LEADERS[move.leader]["name"]
    if not state["options"].get("leaders"):
        return say("This game is played without Leaders.")
    if move.verb in ("play", "discard") and move.leader not in player_state["leader_hand"]:
        return say("{leader} is not in your hand.", leader=name)
    if move.verb == "play":
        if move.leader == leaders.COPY and not leaders.copy_targets(state, player):
            return say("Lorenzo de' Medici needs a leader played by another player to copy.")
        return say("You do not meet the requirement of {leader}.", leader=name)
    if move.leader not in player_state["leaders_played"]:
        return say("You have not played {leader}.", leader=name)
    if move.leader in player_state["leaders_used"]:
        return say("{leader} was already used this round.", leader=name)
    return say("{leader} has no ability to activate now.", leader=name)


# ----------------------------------------------------------------------------------------------
# A placement turn's moves (§6, §13)
# ----------------------------------------------------------------------------------------------


def do_leader(state: State, player: int, move: LeaderAction, log: Log) -> None:
    player_state = state["players"][player]
    name = LEADERS[move.leader]["name"]
    if move.verb == "play":
        player_state["leader_hand"] = without(player_state["leader_hand"], move.leader)
        player_state["leaders_played"] = [*player_state["leaders_played"], move.leader]
        log.events.append(say("{p} played the leader {leader}.", p=seat(player), leader=name))
        if move.leader == leaders.COPY:
            state["stack"].append({"kind": "copy_leader", "seat": player})
        if "houses" in state:
            state["stack"].extend(houses_hooks.on_play_leader(state, player, move.leader))
    elif move.verb == "discard":
        player_state["leader_hand"] = without(player_state["leader_hand"], move.leader)
        log.events.append(say("{p} discarded the leader {leader}.", p=seat(player), leader=name))
        if "houses" in state:  # HOUSES.md §12.2: cards 121/122 may draw it again
            state["houses"]["leader_discard"] = [*state["houses"]["leader_discard"], move.leader]
        state["stack"].append(
            {
                "kind": "privilege",
                "seat": player,
                "remaining": 1,
                "chosen": [],
                "source": say("a discarded leader"),
            }
        )
    else:
        player_state["leaders_used"] = [*player_state["leaders_used"], move.leader]
        _kind, effects = leaders.effective_ability(state, player, move.leader)
        log.events.append(say("{p} activated {leader}.", p=seat(player), leader=name))
        state["stack"].append({"kind": "effects", "seat": player, "source": name, "effects": list(effects)})


def do_place(state: State, player: int, move: Place, log: Log) -> None:
    player_state = state["players"][player]
    mods = modifiers(state, player)
    base = member_value(state, mods, move.member)
    player_state["free_members"] = without(player_state["free_members"], move.member)
    state["turn_index"] += 1
    if state["options"].get("leaders"):
        # Below the placement's own decisions: Leader actions after placing (§13).
        state["stack"].append({"kind": "leader_window", "seat": player})
    log.changed.append(move.space)
    if spaces.is_personal(move.space):
        houses_leaders.place(state, player, move, log)
        return
    if move.space in ALL_TOWER_SPACES:
        card_type, floor_index = ALL_TOWER_SPACES[move.space]  # card_type: the tower
        offer = tower_offer(state, player, mods, move.space, base, move.servants, move.member, {})
        if type(log.events) is not Wordless:  # a word-free simulation formats nothing
            log.events.append(_placed_in_tower(seat(player), move, offer.value, card_type, floor_index + 1))
        occupants = state["tower_occupants"][card_type]
        state["tower_occupants"][card_type] = replaced(occupants, floor_index, [player, move.member])
        enter_tower(state, player, move.space, move.servants, offer, log)
        return
    _err, value = space_check(state, player, mods, move.space, move.member, move.servants)
    player_state["resources"]["servant"] -= move.servants
    state["space_occupants"][move.space] = [*state["space_occupants"][move.space], [player, move.member]]
    space_data = SPACES[move.space]
    if type(log.events) is not Wordless:
        log.events.append(_placed(seat(player), move))
    if space_data["area"] in AREA_SPACES:
        start_activation(state, player, space_data["area"], value, log)
    else:
        if "houses" in state:  # card 128: after the Market space's reward (pushed below it)
            state["stack"].extend(houses_hooks.after_space(state, player, space_data))
        state["stack"].append(
            {
                "kind": "effects",
                "seat": player,
                "source": SPACE_TITLES[move.space],
                "effects": list(space_data["effects"]),
            }
        )


def _activation_text(who: str, action: str, value: int, items: int) -> str:
    """ "{p} harvests at value 4 (2 activations)." (§10)."""
    if not items:
        if action == "harvest":
            return say("{p} harvests at value {value}: nothing activates.", p=who, value=value)
        return say("{p} produces at value {value}: nothing activates.", p=who, value=value)
    if action == "harvest":
        return say_n(
            "{p} harvests at value {value} ({n} activation).",
            "{p} harvests at value {value} ({n} activations).",
            items,
            p=who,
            value=value,
        )
    return say_n(
        "{p} produces at value {value} ({n} activation).",
        "{p} produces at value {value} ({n} activations).",
        items,
        p=who,
        value=value,
    )


def _placed_in_tower(who: str, move: Place, value: int, card_type: str, floor: int) -> str:
    member, tower = MEMBER_NAMES[move.member], TOWER_NAMES[card_type]
    if not move.servants:
        return say(
            "{p} placed {member} (value {value}) on the {tower} floor {floor}.",
            p=who, member=member, value=value, tower=tower, floor=floor,
        )  # fmt: skip
    return say_n(
        "{p} placed {member} (value {value}) with {n} servant on the {tower} floor {floor}.",
        "{p} placed {member} (value {value}) with {n} servants on the {tower} floor {floor}.",
        move.servants,
        p=who, member=member, value=value, tower=tower, floor=floor,
    )  # fmt: skip


def _placed(who: str, move: Place) -> str:
    member, space = MEMBER_NAMES[move.member], SPACE_TITLES[move.space]
    if not move.servants:
        return say("{p} placed {member} on {space}.", p=who, member=member, space=space)
    return say_n(
        "{p} placed {member} with {n} servant on {space}.",
        "{p} placed {member} with {n} servants on {space}.",
        move.servants,
        p=who, member=member, space=space,
    )  # fmt: skip
