"""The Lorenzo rules engine: state, legality, resolution and the flow of turns, rounds and reports.

The state is a plain JSON-able dict (lists, str keys, ints) so ``to_json``/``from_json`` round-trip
exactly; ``apply`` copies it with ``marshal`` (fast, standard library) and mutates the copy only.

Flow. Each round has a queue of placement turns (one entry per family member, in turn order;
E2-7 moves a player's first entry to the end). Anything that asks a player something is a *frame*
on ``state["stack"]``; the top frame is answered before play goes on. Automatic frames ("fx":
effects still to resolve, "act": cards still to activate in a Harvest/Production) are worked off
by ``advance`` until a decision is on top or the stack is empty, then the next placement turn,
Vatican Report or round begins. Decision frames: "priv", "pay", "take", "bonus", "exch",
"vatican", "tile".
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass, field
from typing import Any

from rules.core import rng_for, seat
from rules.lorenzo import leaders
from rules.lorenzo.data import (
    ADVANCED_TILES,
    BONUS_TILES,
    CARD_TYPES,
    CARDS,
    COLOURED,
    FAITH_VP,
    LEADERS,
    MAX_CARDS_PER_TYPE,
    MEMBERS,
    OCCUPIED_TOWER_FEE,
    PRIVILEGE_ORDER,
    PRIVILEGES,
    REPORT_ROUNDS,
    RESOURCES,
    ROUNDS,
    SPACE_ORDER,
    SPACES,
    STARTING_COINS,
    STARTING_GOODS,
    TERRITORY_SLOT_MP,
    TOWER_SPACES,
    TOWERS,
    VATICAN_REQUIREMENT,
    cards_of,
    period_of,
)
from rules.lorenzo.describe import MEMBER_NAMES, SPACE_TITLES, TYPE_NAMES, res_text
from rules.lorenzo.effects import Mods, modifiers, reduced_gain, wood_or_stone_choice
from rules.lorenzo.moves import (
    BonusAction,
    ChooseTile,
    Copy,
    Draft,
    End,
    Exchange,
    LeaderAction,
    LorenzoMove,
    Lose,
    Pass,
    Pay,
    Place,
    Privilege,
    SetSix,
    Take,
    Vatican,
    goods,
)

State = dict[str, Any]
FEE_COINS = OCCUPIED_TOWER_FEE["coin"]  # §8.2: coins to enter a tower that holds a member
AREA_SPACES = {"harvest": ("harvest", "harvest_big"), "production": ("production", "production_big")}


@dataclass
class Log:
    """What one ``apply`` did, for the channel (events) and the renderer (changed)."""

    events: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)


def copy_state(st: State) -> State:
    # marshal keeps dict/list/str/int exactly and is much faster than copy.deepcopy.
    result: State = marshal.loads(marshal.dumps(st))
    return result


def _draw(st: State) -> Any:
    rng = rng_for(st["seed"], st["draws"])
    st["draws"] += 1
    return rng


# ----------------------------------------------------------------------------------------------
# Setup and rounds (§4, §5, §6, §15)
# ----------------------------------------------------------------------------------------------


def new_game(players: int, seed: int, opts: dict[str, Any]) -> State:
    st: State = {
        "v": 1,
        "n": players,
        "seed": seed,
        "draws": 0,
        "opts": dict(opts),
        "round": 1,
        "phase": "actions",
        "order": [],
        "queue": [],
        "qpos": 0,
        "dice": {c: 0 for c in COLOURED},
        "decks": {},
        "towers": {},
        "tocc": {},
        "spaces": {},
        "excomm": [],
        "ps": [],
        "stack": [],
        "tiles_left": [],
        "last": None,
        "step": 0,
        "draft": None,
    }
    order = list(range(players))
    _draw(st).shuffle(order)
    st["order"] = order
    for t in CARD_TYPES:
        deck: list[int] = []
        for period in (1, 2, 3):
            pile = cards_of(t, period)
            _draw(st).shuffle(pile)
            deck.extend(pile)  # period I on top (front of the list)
        st["decks"][t] = deck
    for period in (1, 2, 3):
        tiles = [f"E{period}-{i}" for i in range(1, 8)]
        st["excomm"].append(_draw(st).choice(tiles))
    for p in range(players):
        res = {k: 0 for k in RESOURCES}
        res.update(STARTING_GOODS)
        res["coin"] = STARTING_COINS[order.index(p)]
        st["ps"].append(
            {
                "res": res,
                "faith_vp": 0,
                "cards": {t: [] for t in CARD_TYPES},
                "free": list(MEMBERS),
                "excomm": [],
                "tile": "standard",
                "leaders": [],
                "hand": [],
                "used": [],
                "copied": None,
                "six": None,
            }
        )
    drafting = opts.get("advanced_tiles") or (
        opts.get("leaders") and opts.get("leader_draft", "draft") == "draft"
    )
    if drafting:
        # §4 then §6: tiles and leaders are chosen during game setup, before round 1's cards are
        # dealt and its dice rolled (advance sets round 1 up when the drafts are over).
        st["towers"] = {t: [None] * 4 for t in CARD_TYPES}
        st["tocc"] = {t: [None] * 4 for t in CARD_TYPES}
        st["spaces"] = {s: [] for s in SPACE_ORDER}
    else:
        _setup_round(st)
    if opts.get("leaders"):
        leaders.deal(st, _draw(st), opts.get("leader_draft", "draft") == "draft")
        if st["draft"] is not None:
            st["phase"] = "leader_draft"
    if opts.get("advanced_tiles"):
        # §4 advanced game: tiles chosen in reverse turn order -> last player's frame on top.
        st["phase"] = "tile_draft"
        st["tiles_left"] = list(ADVANCED_TILES)
        for p in order:
            st["stack"].append({"k": "tile", "seat": p})
    advance(st, Log())
    return st


def _setup_round(st: State) -> None:
    rng = _draw(st)
    st["dice"] = {c: rng.randint(1, 6) for c in COLOURED}
    for t in CARD_TYPES:
        deck = st["decks"][t]
        st["towers"][t] = deck[:4]  # floor 1 gets the first card (order is irrelevant to play)
        st["decks"][t] = deck[4:]
        st["tocc"][t] = [None, None, None, None]
    st["spaces"] = {s: [] for s in SPACE_ORDER}
    queue: list[int] = [p for _ in MEMBERS for p in st["order"]]
    for p in st["order"]:
        if modifiers(st, p).skip_first:
            # E2-7: skip the first placement, place the last member after everyone else.
            queue.remove(p)
            queue.append(p)
    st["queue"] = queue
    st["qpos"] = 0
    for ps in st["ps"]:
        ps["free"] = list(MEMBERS)
        ps["used"] = []  # once-per-round leader abilities refresh (§15.4)
        ps["six"] = None


def _end_round(st: State, log: Log) -> None:
    # §15: discard leftover cards, new turn order from the Council Palace, members come home.
    council_first: list[int] = []
    for p, _member in st["spaces"]["council"]:
        if p not in council_first:
            council_first.append(p)
    st["order"] = council_first + [p for p in st["order"] if p not in council_first]
    if council_first:
        log.events.append("Turn order is now " + ", ".join(seat(p) for p in st["order"]) + ".")
    if st["round"] >= ROUNDS:
        st["phase"] = "over"
        log.events.append("The game is over.")
        return
    st["round"] += 1
    st["phase"] = "actions"
    _setup_round(st)
    d = st["dice"]
    log.events.append(
        f"Round {st['round']} (period {period_of(st['round'])}) begins: dice black {d['black']}, "
        f"white {d['white']}, orange {d['orange']}."
    )


def _end_actions(st: State, log: Log) -> None:
    if st["round"] in REPORT_ROUNDS:
        st["phase"] = "vatican"
        log.events.append(f"Vatican Report: {VATICAN_REQUIREMENT[period_of(st['round']) - 1]} faith needed.")
        for p in reversed(st["order"]):  # first player's frame on top: processed in turn order
            st["stack"].append({"k": "vatican", "seat": p})
    else:
        _end_round(st, log)


# ----------------------------------------------------------------------------------------------
# Values (§7)
# ----------------------------------------------------------------------------------------------


def member_value(st: State, mods: Mods, member: str) -> int:
    """A family member's value before servants: die (coloured) or 0 (neutral), then modifiers."""
    if member == "neutral":
        return mods.neutral_bonus
    if mods.six == member:
        base = 6  # Federico da Montefeltro (before other modifiers, §7)
    elif mods.coloured_set is not None:
        base = mods.coloured_set  # Ludovico il Moro
    else:
        base = st["dice"][member]
    return int(base) + mods.coloured_bonus


def servants_for(points: int, mods: Mods) -> int:
    """Servants needed to add ``points`` to a value (E2-6: two per point)."""
    return max(0, points) * mods.servants_per_point


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


def card_payments(
    card: dict[str, Any], mods: Mods, avail: dict[str, int], extra_discount: dict[str, int]
) -> list[dict[str, int]]:
    """The distinct costs the player can pay for ``card`` now, dominated ones dropped (§8.5)."""
    t = card["type"]
    fixed = dict(mods.take_discount.get(t, {}))
    for k, v in extra_discount.items():
        fixed[k] = fixed.get(k, 0) + v
    one_of: list[dict[str, int]] = mods.take_discount_one_of.get(t) or [{}]
    found: list[dict[str, int]] = []
    for alt in card["costs"] or [{"pay": {}}]:
        if any(avail.get(k, 0) < v for k, v in alt.get("require", {}).items()):
            continue
        for extra in one_of:
            pay: dict[str, int] = {}
            for k, v in alt["pay"].items():
                cut = fixed.get(k, 0) + extra.get(k, 0) + (mods.coin_discount if k == "coin" else 0)
                if v - cut > 0:
                    pay[k] = v - cut  # discounts never take a cost below zero
            if all(avail.get(k, 0) >= v for k, v in pay.items()) and pay not in found:
                found.append(pay)
    return [a for a in found if not any(_dominates(b, a) for b in found)]


def _dominates(b: dict[str, int], a: dict[str, int]) -> bool:
    return b != a and all(b.get(k, 0) <= a.get(k, 0) for k in set(a) | set(b))


def tower_fee(mods: Mods) -> int:
    """Coins a player pays to enter a tower that already holds a family member (§8.2); Filippo
    Brunelleschi waives it. The one rule ``tower_offer`` and the player view both use."""
    return 0 if mods.waive_fee else FEE_COINS


def territory_slot_mp(mods: Mods) -> list[int]:
    """MP a player must have for each personal-board Territory slot, left to right (§8.6); Cesare
    Borgia removes the requirement. The one rule ``tower_offer`` and the player view both use."""
    return [0] * len(TERRITORY_SLOT_MP) if mods.ignore_territory_mp else list(TERRITORY_SLOT_MP)


def tower_offer(
    st: State,
    p: int,
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
    t, fi = TOWER_SPACES[space]
    floor_name = f"the {TYPE_NAMES[t]} tower floor {fi + 1}"
    card_id = st["towers"][t][fi]
    if card_id is None:
        return Offer(f"There is no card left on {floor_name}.")
    ps = st["ps"][p]
    occ = st["tocc"][t]
    if member is not None and member != "neutral":
        for o in occ:
            if o is not None and o[0] == p and o[1] != "neutral":
                return Offer(
                    f"You already have a coloured family member ({o[1]}) in the {TYPE_NAMES[t]} tower."
                )
    if len(ps["cards"][t]) >= MAX_CARDS_PER_TYPE:
        return Offer(f"You already have {MAX_CARDS_PER_TYPE} {TYPE_NAMES[t]} cards, the most allowed.")
    if servants > ps["res"]["servant"]:
        return Offer(f"You have only {ps['res']['servant']} servants.")
    floor = TOWERS[t][fi]
    total = value + servants // mods.servants_per_point + mods.take_bonus.get(t, 0)
    if total < floor["min_value"]:
        return Offer(f"{floor_name.capitalize()} needs value {floor['min_value']}; yours would be {total}.")
    avail = dict(ps["res"])
    avail["servant"] -= servants
    fee = tower_fee(mods) if any(o is not None for o in occ) else 0
    if avail["coin"] < fee:
        return Offer(f"The {TYPE_NAMES[t]} tower is occupied: you need {fee} coins for the fee.")
    avail["coin"] -= fee
    bonus = {} if (fi + 1) in mods.no_floor_bonus else reduced_gain(mods, floor["bonus"])
    for k, v in bonus.items():
        avail[k] += v
    if t == "territory":
        need = territory_slot_mp(mods)[len(ps["cards"]["territory"])]
        if avail["mp"] < need:
            return Offer(f"Your next Territory slot needs {need} Military Points; you have {avail['mp']}.")
    payments = card_payments(CARDS[card_id], mods, avail, discount)
    if not payments:
        return Offer(f"You cannot pay for {CARDS[card_id]['name']} ({_costs_text(card_id)}).")
    return Offer(None, fee, bonus, payments, total)


def _costs_text(card_id: int) -> str:
    from rules.lorenzo.describe import cost_text

    return " or ".join(cost_text(a) for a in CARDS[card_id]["costs"]) or "free"


def _enter_tower(st: State, p: int, space: str, servants: int, offer: Offer, log: Log) -> None:
    """Pay servants and fee, take the floor bonus, then pay for the card (or ask which cost)."""
    t, fi = TOWER_SPACES[space]
    res = st["ps"][p]["res"]
    res["servant"] -= servants
    res["coin"] -= offer.fee
    if offer.fee:
        log.events.append(f"{seat(p)} paid {offer.fee} coins to enter the occupied {TYPE_NAMES[t]} tower.")
    if offer.bonus:
        _add(res, offer.bonus)
        log.events.append(f"{seat(p)} took the floor bonus: {res_text(offer.bonus)}.")
    if len(offer.payments) == 1:
        _finish_take(st, p, t, fi, offer.payments[0], log)
    else:
        st["stack"].append({"k": "pay", "seat": p, "t": t, "fi": fi, "options": offer.payments})


def _finish_take(st: State, p: int, t: str, fi: int, pay: dict[str, int], log: Log) -> None:
    ps = st["ps"][p]
    card_id = st["towers"][t][fi]
    for k, v in pay.items():
        ps["res"][k] -= v
    st["towers"][t][fi] = None
    ps["cards"][t].append(card_id)
    card = CARDS[card_id]
    log.changed.append(f"card:{card_id}")
    paid = f" paying {res_text(pay)}" if pay else ""
    log.events.append(f"{seat(p)} took {card['name']}{paid}.")
    if card["immediate"]:
        # §17/§19: gains and privileges first, then a bonus action (stable order otherwise).
        fx = sorted(card["immediate"], key=lambda e: e["op"] in ("take_card", "harvest", "production"))
        st["stack"].append({"k": "fx", "seat": p, "src": card["name"], "fx": fx, "imm": True})


# ----------------------------------------------------------------------------------------------
# Other action spaces (§10, §11, §12)
# ----------------------------------------------------------------------------------------------


def space_check(
    st: State, p: int, mods: Mods, space: str, member: str, servants: int
) -> tuple[str | None, int]:
    """Legality of a non-tower space and the resulting action value."""
    sp = SPACES[space]
    if sp["min_players"] > st["n"]:
        return f"{space} is covered in a {st['n']}-player game.", 0
    if sp["area"] in mods.forbidden_areas:
        return "Your excommunication forbids the Market.", 0
    occupants = st["spaces"][space]
    if sp["capacity"] is not None and len(occupants) >= sp["capacity"] and not mods.occupied_spaces_ok:
        return f"{space} is already occupied.", 0
    if sp["area"] in AREA_SPACES and member != "neutral":
        for s in AREA_SPACES[sp["area"]]:
            for o in st["spaces"][s]:
                if o[0] == p and o[1] != "neutral":
                    return f"You already have a coloured family member ({o[1]}) in the {sp['area']} area.", 0
    have = st["ps"][p]["res"]["servant"]
    if servants > have:
        return f"You have only {have} servants.", 0
    fm = member_value(st, mods, member) + servants // mods.servants_per_point
    if sp["area"] in AREA_SPACES:
        value = fm + sp["value_modifier"] + _action_mod(mods, sp["area"], False)
        tested = fm if st["opts"].get("harvest_min_check", "member") == "member" else value
        if tested < sp["min_value"]:
            return f"{space} needs value {sp['min_value']}; yours would be {tested}.", 0
        return None, value
    if fm < sp["min_value"]:
        return f"{space} needs value {sp['min_value']}; yours would be {fm}.", 0
    return None, fm


def _action_mod(mods: Mods, action: str, servants_only: bool) -> int:
    """Character bonus (unless servants only) plus excommunication malus for Harvest/Production."""
    if action == "harvest":
        return (0 if servants_only else mods.harvest_bonus) + mods.harvest_malus
    return (0 if servants_only else mods.production_bonus) + mods.production_malus


def _activation_values(st: State, p: int, action: str) -> list[int]:
    ps = st["ps"][p]
    kind = "territory" if action == "harvest" else "building"
    values = {BONUS_TILES[ps["tile"]][action]["value"]}
    values.update(CARDS[c][action]["value"] for c in ps["cards"][kind])
    return sorted(values)


def start_activation(st: State, p: int, action: str, value: int, log: Log) -> None:
    """A Harvest or Production of ``value`` (§10): the bonus tile, then each card it reaches."""
    ps = st["ps"][p]
    kind = "territory" if action == "harvest" else "building"
    items: list[list[Any]] = []
    tile = BONUS_TILES[ps["tile"]][action]
    if value >= tile["value"]:
        items.append(["tile", ps["tile"]])
    items.extend(["card", c] for c in ps["cards"][kind] if CARDS[c][action]["value"] <= value)
    log.events.append(
        f"{seat(p)} {'harvests' if action == 'harvest' else 'produces'} at value {value}"
        + (
            f" ({len(items)} activation{'s' if len(items) != 1 else ''})."
            if items
            else ": nothing activates."
        )
    )
    if items:
        # Exchanges may only spend what the player held before the Production began (§10).
        budget = dict(ps["res"]) if action == "production" else None
        st["stack"].append({"k": "act", "seat": p, "action": action, "items": items, "budget": budget})


# ----------------------------------------------------------------------------------------------
# Effects (the one-shot interpreter) and gains
# ----------------------------------------------------------------------------------------------


def _add(res: dict[str, int], gain: dict[str, int]) -> None:
    for k, v in gain.items():
        res[k] += v


def gain(
    st: State,
    p: int,
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
    mods = modifiers(st, p)
    if prefer is None and wood_or_stone_choice(mods, res):
        st["stack"].append({"k": "lose", "seat": p, "res": dict(res), "src": src, "imm": immediate})
        return
    got = reduced_gain(mods, res, prefer or "wood")
    if immediate and mods.double_immediate:
        got = {k: v * (2 if k in mods.double_immediate else 1) for k, v in got.items()}
    _add(st["ps"][p]["res"], got)
    lost = {k: res.get(k, 0) - got.get(k, 0) for k in res if res.get(k, 0) > got.get(k, 0)}
    text = f"{seat(p)} gained {res_text(got)} ({src})"
    if lost:
        text += f"; the excommunication took {res_text(lost)}"
    log.events.append(text + ".")


def _run_effect(st: State, frame: dict[str, Any], e: dict[str, Any], log: Log) -> None:
    p = frame["seat"]
    src = frame["src"]
    ps = st["ps"][p]
    op = e["op"]
    if op == "gain":
        gain(st, p, e["res"], src, log, frame.get("imm", False))
    elif op == "privileges":
        st["stack"].append({"k": "priv", "seat": p, "left": e["count"], "taken": [], "src": src})
    elif op == "gain_per_card":
        n = len(ps["cards"][e["card_type"]])
        gain(st, p, {k: v * n for k, v in e["res"].items()}, src, log, frame.get("imm", False))
    elif op == "gain_per_points":
        ((key, per),) = e["per"].items()
        n = ps["res"][key] // per
        gain(st, p, {k: v * n for k, v in e["res"].items()}, src, log, frame.get("imm", False))
    elif op == "take_card":
        st["stack"].append(
            {
                "k": "take",
                "seat": p,
                "types": e["card_types"],
                "value": e["value"],
                "discount": e.get("discount", {}),
                "src": src,
            }
        )
    elif op in ("harvest", "production"):
        st["stack"].append(
            {
                "k": "bonus",
                "seat": p,
                "action": op,
                "value": e["value"],
                "servants_only": e.get("modifiable_by") == "servants_only",
                "src": src,
            }
        )
    elif op == "set_family_member_value" and e["members"] == "one_colored":
        st["stack"].append({"k": "six", "seat": p})
    elif op == "exchange":
        budget = _budget(st, p)
        opts = [o for o in e["options"] if all(budget.get(k, 0) >= v for k, v in o["pay"].items())]
        if opts:
            st["stack"].append({"k": "exch", "seat": p, "src": src, "opts": opts})
        else:
            log.events.append(f"{seat(p)} cannot pay for the exchange of {src}.")
    else:
        raise ValueError(f"unknown one-shot effect op {op!r}")  # the data test forbids this


def _budget(st: State, p: int) -> dict[str, int]:
    for f in reversed(st["stack"]):
        if f["k"] == "act" and f["seat"] == p and f["budget"] is not None:
            budget: dict[str, int] = f["budget"]
            return budget
    # An exchange outside a Production cannot happen with the base data; use the supply.
    supply: dict[str, int] = st["ps"][p]["res"]
    return supply


# ----------------------------------------------------------------------------------------------
# Flow
# ----------------------------------------------------------------------------------------------


def advance(st: State, log: Log) -> None:
    """Resolve automatic work until a player must decide or place (or the game is over)."""
    stack = st["stack"]
    while True:
        if stack:
            f = stack[-1]
            k = f["k"]
            if k == "fx":
                if f["fx"]:
                    _run_effect(st, f, f["fx"].pop(0), log)
                else:
                    stack.pop()
                continue
            if k == "act":
                if not f["items"]:
                    stack.pop()
                    continue
                kind, ident = f["items"].pop(0)
                if kind == "tile":
                    part = BONUS_TILES[ident][f["action"]]
                    name = "personal bonus tile"
                else:
                    part = CARDS[ident][f["action"]]
                    name = CARDS[ident]["name"]
                stack.append({"k": "fx", "seat": f["seat"], "src": name, "fx": list(part["effects"])})
                continue
            if k == "vatican" and st["ps"][f["seat"]]["res"]["fp"] < _requirement(st):
                stack.pop()
                _excommunicate(st, f["seat"], log, voluntary=False)
                continue
            if k == "bonus":
                opts = bonus_options(st, f)
                if len(opts) == 1:
                    stack.pop()
                    _do_bonus(st, f, opts[0].servants, log)
                    continue
            if k == "after" and not _window_open(st, f["seat"]):
                stack.pop()  # nothing left to play or activate: the turn ends by itself
                continue
            if k == "take" and len(take_options(st, f)) == 1:
                stack.pop()
                log.events.append(f"{seat(f['seat'])} could take no card with {f['src']}.")
                continue
            return
        phase = st["phase"]
        if phase == "tile_draft":
            st["phase"] = "leader_draft" if st["draft"] else "actions"
            continue
        if phase == "leader_draft":
            draft = st["draft"]
            if draft is None:
                st["phase"] = "actions"
                continue
            if all(len(pack) == 1 for pack in draft["packs"]):
                draft["picks"] = [pack[0] for pack in draft["packs"]]  # the last card is forced
                leaders.pass_packs(st)
                log.events.append("The leader draft is over: everyone holds 4 leaders.")
                continue
            return
        if phase == "actions":
            if not any(st["dice"].values()):  # the drafts are over: set round 1 up now
                _setup_round(st)
                d = st["dice"]
                log.events.append(
                    f"Round 1 begins: dice black {d['black']}, white {d['white']}, orange {d['orange']}."
                )
                continue
            if st["qpos"] >= len(st["queue"]):
                _end_actions(st, log)
                continue
            p = st["queue"][st["qpos"]]
            if st["ps"][p]["free"] and (has_placement(st, p) or leader_moves(st, p)):
                return
            if st["ps"][p]["free"]:
                log.events.append(f"{seat(p)} has no family member that can reach a space and passes.")
            st["qpos"] += 1
            continue
        if phase == "vatican":
            _end_round(st, log)
            continue
        return


def _requirement(st: State) -> int:
    return VATICAN_REQUIREMENT[period_of(st["round"]) - 1]


def _excommunicate(st: State, p: int, log: Log, voluntary: bool) -> None:
    ps = st["ps"][p]
    tile = st["excomm"][period_of(st["round"]) - 1]
    ps["excomm"].append(tile)
    why = "refused to support the Church" if voluntary else f"has only {ps['res']['fp']} faith"
    log.events.append(f"{seat(p)} {why} and is excommunicated ({tile}).")
    if st["round"] == ROUNDS:
        # §14: at the last report an excommunicated player still scores their faith, then resets.
        _score_faith(st, p, log, bonus=False)


def _score_faith(st: State, p: int, log: Log, bonus: bool) -> None:
    ps = st["ps"][p]
    fp = ps["res"]["fp"]
    vp = FAITH_VP[min(fp, len(FAITH_VP) - 1)]  # §19: the track ends at 15; more faith scores as 15
    ps["res"]["vp"] += vp
    ps["faith_vp"] += vp
    ps["res"]["fp"] = 0
    log.events.append(f"{seat(p)} scored {vp} VP for {fp} faith.")
    if bonus:
        extra = modifiers(st, p).support_bonus
        if extra:
            _add(ps["res"], extra)
            log.events.append(f"{seat(p)} gained {res_text(extra)} for supporting the Church.")


def has_placement(st: State, p: int) -> bool:
    """Whether ``p`` can place any free member. The Council Palace (min 1, unlimited) is always
    open, so this is whether some member reaches value 1 with the servants held."""
    mods = modifiers(st, p)
    servants = st["ps"][p]["res"]["servant"]
    return any(
        member_value(st, mods, m) + servants // mods.servants_per_point >= 1 for m in st["ps"][p]["free"]
    )


def active(st: State) -> frozenset[int]:
    if st["phase"] == "leader_draft" and st["draft"] is not None:
        return frozenset(p for p, pick in enumerate(st["draft"]["picks"]) if pick is None)
    if st["stack"]:
        return frozenset({st["stack"][-1]["seat"]})
    if st["phase"] == "actions" and st["qpos"] < len(st["queue"]):
        return frozenset({st["queue"][st["qpos"]]})
    return frozenset()


# ----------------------------------------------------------------------------------------------
# Legal moves
# ----------------------------------------------------------------------------------------------


def placements(st: State, p: int) -> list[LorenzoMove]:
    """Every placement: each free member on each space it can use, with the fewest servants
    needed; on Harvest/Production spaces also each servant count that activates more cards."""
    mods = modifiers(st, p)
    ps = st["ps"][p]
    have = ps["res"]["servant"]
    rate = mods.servants_per_point
    out: list[LorenzoMove] = []
    for member in ps["free"]:
        base = member_value(st, mods, member)
        for space, (t, fi) in TOWER_SPACES.items():
            if st["towers"][t][fi] is None:
                continue
            need = servants_for(TOWERS[t][fi]["min_value"] - base - mods.take_bonus.get(t, 0), mods)
            if need <= have and tower_offer(st, p, mods, space, base, need, member, {}).error is None:
                out.append(Place(member, space, need))
        for space in SPACE_ORDER:
            sp = SPACES[space]
            if sp["area"] in AREA_SPACES:
                area = sp["area"]
                bonus = sp["value_modifier"] + _action_mod(mods, area, False)
                tested_extra = 0 if st["opts"].get("harvest_min_check", "member") == "member" else bonus
                need = servants_for(sp["min_value"] - base - tested_extra, mods)
                if need > have or space_check(st, p, mods, space, member, need)[0] is not None:
                    continue
                out.append(Place(member, space, need))
                value = base + need // rate + bonus
                for threshold in _activation_values(st, p, area):
                    if threshold > value:
                        extra = need + servants_for(threshold - value, mods)
                        if extra <= have:
                            out.append(Place(member, space, extra))
            else:
                need = servants_for(sp["min_value"] - base, mods)
                if need <= have and space_check(st, p, mods, space, member, need)[0] is None:
                    out.append(Place(member, space, need))
    return out


def take_options(st: State, f: dict[str, Any]) -> list[LorenzoMove]:
    p = f["seat"]
    mods = modifiers(st, p)
    have = st["ps"][p]["res"]["servant"]
    out: list[LorenzoMove] = []
    for space, (t, fi) in TOWER_SPACES.items():
        if t not in f["types"] or st["towers"][t][fi] is None:
            continue
        need = servants_for(TOWERS[t][fi]["min_value"] - f["value"] - mods.take_bonus.get(t, 0), mods)
        if (
            need <= have
            and tower_offer(st, p, mods, space, f["value"], need, None, f["discount"]).error is None
        ):
            out.append(Take(space, need))
    out.append(Take(None))
    return out


def bonus_options(st: State, f: dict[str, Any]) -> list[BonusAction]:
    p = f["seat"]
    mods = modifiers(st, p)
    have = st["ps"][p]["res"]["servant"]
    value = f["value"] + _action_mod(mods, f["action"], f["servants_only"])
    out = [BonusAction(f["action"], 0)]
    for threshold in _activation_values(st, p, f["action"]):
        if threshold > value and servants_for(threshold - value, mods) <= have:
            out.append(BonusAction(f["action"], servants_for(threshold - value, mods)))
    return out


def _do_bonus(st: State, f: dict[str, Any], servants: int, log: Log) -> None:
    p = f["seat"]
    mods = modifiers(st, p)
    st["ps"][p]["res"]["servant"] -= servants
    value = (
        f["value"] + servants // mods.servants_per_point + _action_mod(mods, f["action"], f["servants_only"])
    )
    start_activation(st, p, f["action"], value, log)


def decision_moves(st: State) -> list[LorenzoMove]:
    """The answers to the decision on top of the stack."""
    f = st["stack"][-1]
    k = f["k"]
    if k == "priv":
        return [Privilege(c) for c in PRIVILEGE_ORDER if c not in f["taken"]]
    if k == "pay":
        return [Pay(goods(o)) for o in f["options"]]
    if k == "exch":
        exchanges: list[LorenzoMove] = [Exchange(goods(o["pay"])) for o in f["opts"]]
        return [*exchanges, Exchange(None)]
    if k == "take":
        return take_options(st, f)
    if k == "bonus":
        return list(bonus_options(st, f))
    if k == "vatican":
        return [Vatican(True), Vatican(False)]
    if k == "tile":
        return [ChooseTile(t) for t in st["tiles_left"]]
    if k == "lose":
        return [Lose("wood"), Lose("stone")]
    if k == "copy":
        return [Copy(x) for x in leaders.copy_targets(st, f["seat"])]
    if k == "six":
        return [SetSix(m) for m in COLOURED if m in st["ps"][f["seat"]]["free"]]
    if k == "after":
        return [*leader_moves(st, f["seat"]), End()]
    raise ValueError(f"unknown decision frame {k!r}")


def leader_moves(st: State, p: int) -> list[LorenzoMove]:
    """Leader actions open to ``p`` before placing in a turn (§13)."""
    if not st["opts"].get("leaders"):
        return []
    ps = st["ps"][p]
    moves: list[LorenzoMove] = []
    for x in ps["hand"]:
        if leaders.requirement_met(st, p, x) and (x != leaders.COPY or leaders.copy_targets(st, p)):
            moves.append(LeaderAction("play", x))
    moves.extend(LeaderAction("activate", x) for x in ps["leaders"] if leaders.can_activate(st, p, x))
    moves.extend(LeaderAction("discard", x) for x in ps["hand"])
    return moves


def _window_open(st: State, p: int) -> bool:
    """§13: Leader actions may also follow the placement. The turn stays open for them while a
    leader can be played or activated; a discard alone does not hold the turn (discarding
    before placing gives the same privilege, earlier)."""
    return any(isinstance(m, LeaderAction) and m.verb != "discard" for m in leader_moves(st, p))


def legal_moves(st: State, p: int) -> list[LorenzoMove]:
    if p not in active(st):
        return []
    if st["phase"] == "leader_draft":
        return [Draft(x) for x in st["draft"]["packs"][p]]
    if st["stack"]:
        return decision_moves(st)
    moves = placements(st, p)
    extra = leader_moves(st, p)
    if st["opts"].get("voluntary_pass") or not moves:
        extra.append(Pass())  # without a placement a player with leader actions may still pass
    return moves + extra


# ----------------------------------------------------------------------------------------------
# Checking and applying one move
# ----------------------------------------------------------------------------------------------


def check(st: State, p: int, move: LorenzoMove) -> str | None:
    """Why ``move`` is illegal for ``p`` now, or None. Agrees with ``legal_moves`` and accepts
    any servant count the rules allow (legal_moves lists only the useful ones)."""
    if st["phase"] == "leader_draft":
        if isinstance(move, Draft) and move.leader in st["draft"]["packs"][p]:
            return None
        return "Keep one leader of your pack: " + ", ".join(st["draft"]["packs"][p]) + "."
    if st["stack"]:
        f = st["stack"][-1]
        if isinstance(move, Take) and f["k"] == "take" and move.space is not None:
            t, _fi = TOWER_SPACES[move.space]
            if t not in f["types"]:
                return f"{f['src']} takes only {'/'.join(TYPE_NAMES[x] for x in f['types'])} cards."
            return tower_offer(
                st, p, modifiers(st, p), move.space, f["value"], move.servants, None, f["discount"]
            ).error
        if isinstance(move, BonusAction) and f["k"] == "bonus" and move.action == f["action"]:
            have = st["ps"][p]["res"]["servant"]
            return None if move.servants <= have else f"You have only {have} servants."
        if isinstance(move, LeaderAction) and f["k"] == "after":
            return None if move in leader_moves(st, p) else _leader_refusal(st, p, move)
        if move in decision_moves(st):
            return None
        return f"Now answer: {prompt_text(st)}"
    if isinstance(move, Pass):
        if st["opts"].get("voluntary_pass") or not has_placement(st, p):
            return None
        return "Passing is not allowed while you can place."
    if isinstance(move, LeaderAction):
        if move in leader_moves(st, p):
            return None
        return _leader_refusal(st, p, move)
    if not isinstance(move, Place):
        return "There is no decision to answer: place a family member."
    ps = st["ps"][p]
    if move.member not in ps["free"]:
        return f"Your {move.member} family member is already placed this round."
    mods = modifiers(st, p)
    base = member_value(st, mods, move.member)
    if move.space in TOWER_SPACES:
        return tower_offer(st, p, mods, move.space, base, move.servants, move.member, {}).error
    return space_check(st, p, mods, move.space, move.member, move.servants)[0]


def _leader_refusal(st: State, p: int, move: LeaderAction) -> str:
    ps = st["ps"][p]
    name = LEADERS[move.leader]["name"]
    if not st["opts"].get("leaders"):
        return "This game is played without Leaders."
    if move.verb in ("play", "discard") and move.leader not in ps["hand"]:
        return f"{name} is not in your hand."
    if move.verb == "play":
        if move.leader == leaders.COPY and not leaders.copy_targets(st, p):
            return "Lorenzo de' Medici needs a leader played by another player to copy."
        return f"You do not meet the requirement of {name}."
    if move.leader not in ps["leaders"]:
        return f"You have not played {name}."
    if move.leader in ps["used"]:
        return f"{name} was already used this round."
    return f"{name} has no ability to activate now."


def apply_move(st: State, p: int, move: LorenzoMove, log: Log) -> None:
    """Mutate ``st`` (a private copy) by a move already checked legal."""
    if isinstance(move, Draft):
        draft = st["draft"]
        draft["picks"][p] = move.leader
        log.events.append(f"{seat(p)} kept a leader.")
        if all(x is not None for x in draft["picks"]):
            leaders.pass_packs(st)
            log.events.append("Leader packs are passed to the right.")
    elif isinstance(move, LeaderAction):
        _do_leader(st, p, move, log)
    elif isinstance(move, Place):
        _do_place(st, p, move, log)
    elif isinstance(move, Pass):
        log.events.append(f"{seat(p)} passes.")
        st["qpos"] += 1
    else:
        f = st["stack"].pop()
        _answer(st, p, f, move, log)
    advance(st, log)


def _do_leader(st: State, p: int, move: LeaderAction, log: Log) -> None:
    ps = st["ps"][p]
    name = LEADERS[move.leader]["name"]
    if move.verb == "play":
        ps["hand"].remove(move.leader)
        ps["leaders"].append(move.leader)
        log.events.append(f"{seat(p)} played the leader {name}.")
        if move.leader == leaders.COPY:
            st["stack"].append({"k": "copy", "seat": p})
    elif move.verb == "discard":
        ps["hand"].remove(move.leader)
        log.events.append(f"{seat(p)} discarded the leader {name}.")
        st["stack"].append({"k": "priv", "seat": p, "left": 1, "taken": [], "src": "a discarded leader"})
    else:
        ps["used"].append(move.leader)
        _kind, effects = leaders.effective_ability(st, p, move.leader)
        log.events.append(f"{seat(p)} activated {name}.")
        st["stack"].append({"k": "fx", "seat": p, "src": name, "fx": list(effects)})


def _do_place(st: State, p: int, move: Place, log: Log) -> None:
    ps = st["ps"][p]
    mods = modifiers(st, p)
    base = member_value(st, mods, move.member)
    ps["free"].remove(move.member)
    st["qpos"] += 1
    if st["opts"].get("leaders"):
        # Below the placement's own decisions: Leader actions after placing (§13).
        st["stack"].append({"k": "after", "seat": p})
    log.changed.append(move.space)
    servant_txt = f" with {move.servants} servant{'s' if move.servants != 1 else ''}" if move.servants else ""
    if move.space in TOWER_SPACES:
        t, fi = TOWER_SPACES[move.space]
        offer = tower_offer(st, p, mods, move.space, base, move.servants, move.member, {})
        log.events.append(
            f"{seat(p)} placed {MEMBER_NAMES[move.member]} (value {offer.value}){servant_txt} on the "
            f"{TYPE_NAMES[t]} tower floor {fi + 1}."
        )
        st["tocc"][t][fi] = [p, move.member]
        _enter_tower(st, p, move.space, move.servants, offer, log)
        return
    _err, value = space_check(st, p, mods, move.space, move.member, move.servants)
    ps["res"]["servant"] -= move.servants
    st["spaces"][move.space].append([p, move.member])
    sp = SPACES[move.space]
    log.events.append(
        f"{seat(p)} placed {MEMBER_NAMES[move.member]}{servant_txt} on {SPACE_TITLES[move.space]}."
    )
    if sp["area"] in AREA_SPACES:
        start_activation(st, p, sp["area"], value, log)
    else:
        st["stack"].append({"k": "fx", "seat": p, "src": SPACE_TITLES[move.space], "fx": list(sp["effects"])})


def _answer(st: State, p: int, f: dict[str, Any], move: LorenzoMove, log: Log) -> None:
    k = f["k"]
    if isinstance(move, Privilege):
        f["left"] -= 1
        f["taken"].append(move.choice)
        if f["left"] > 0:
            st["stack"].append(f)
        gain(st, p, PRIVILEGES[move.choice], f"Council Privilege from {f['src']}", log)
    elif isinstance(move, Pay):
        _finish_take(st, p, f["t"], f["fi"], dict(move.cost), log)
    elif isinstance(move, Exchange):
        if move.pay is None:
            log.events.append(f"{seat(p)} skipped the exchange of {f['src']}.")
            return
        pay = dict(move.pay)
        opt = next(o for o in f["opts"] if o["pay"] == pay)
        budget = _budget(st, p)
        res = st["ps"][p]["res"]
        for kk, v in pay.items():
            res[kk] -= v
            if budget is not res:
                budget[kk] -= v
        log.events.append(f"{seat(p)} paid {res_text(pay)} to {f['src']}.")
        st["stack"].append({"k": "fx", "seat": p, "src": f["src"], "fx": list(opt["effects"])})
    elif isinstance(move, Take):
        if move.space is None:
            log.events.append(f"{seat(p)} took no card with {f['src']}.")
            return
        mods = modifiers(st, p)
        offer = tower_offer(st, p, mods, move.space, f["value"], move.servants, None, f["discount"])
        t, fi = TOWER_SPACES[move.space]
        log.changed.append(move.space)
        log.events.append(
            f"{seat(p)} uses {f['src']} on the {TYPE_NAMES[t]} tower floor {fi + 1} (value {offer.value})."
        )
        _enter_tower(st, p, move.space, move.servants, offer, log)
    elif isinstance(move, BonusAction):
        _do_bonus(st, f, move.servants, log)
    elif isinstance(move, Vatican):
        if move.support:
            log.events.append(f"{seat(p)} supports the Church.")
            _score_faith(st, p, log, bonus=True)
        else:
            _excommunicate(st, p, log, voluntary=True)
    elif isinstance(move, Lose):
        gain(st, p, f["res"], f["src"], log, f["imm"], prefer=move.res)
    elif isinstance(move, Copy):
        st["ps"][p]["copied"] = move.leader
        log.events.append(f"{seat(p)}'s Lorenzo de' Medici copies {LEADERS[move.leader]['name']}.")
    elif isinstance(move, End):
        log.events.append(f"{seat(p)} ends the turn.")
    elif isinstance(move, SetSix):
        st["ps"][p]["six"] = move.member
        log.events.append(f"{seat(p)}'s {move.member} family member has value 6 this round.")
    elif isinstance(move, ChooseTile):
        st["ps"][p]["tile"] = move.tile
        st["tiles_left"].remove(move.tile)
        log.events.append(f"{seat(p)} chose the personal bonus tile {move.tile}.")
    else:  # pragma: no cover - check() refuses anything else
        raise ValueError(f"cannot answer {k} with {move!r}")


# ----------------------------------------------------------------------------------------------
# Prompts
# ----------------------------------------------------------------------------------------------


def your_prompt(st: State, player: int) -> str:
    """``prompt_text`` as asked of ``player``, who must act: without their own seat in front, as
    ``rules.core.Prompt`` and the header's ``your_prompt`` are addressed to them."""
    return prompt_text(st).removeprefix(f"{seat(player)}: ")


def prompt_text(st: State) -> str:
    if st["stack"]:
        f = st["stack"][-1]
        p = seat(f["seat"])
        k = f["k"]
        if k == "priv":
            n = f["left"]
            diff = ", different from " + ", ".join(f["taken"]) if f["taken"] else ""
            return f"{p}: choose a Council Privilege from {f['src']} ({n} left{diff})."
        if k == "pay":
            card = CARDS[st["towers"][f["t"]][f["fi"]]]
            return f"{p}: choose how to pay for {card['name']}."
        if k == "exch":
            return f"{p}: choose an exchange of {f['src']} (or none)."
        if k == "take":
            types = "/".join(TYPE_NAMES[t] for t in f["types"])
            return (
                f"{p}: {f['src']} takes a {types} card at value {f['value']} (servants may be added) or none."
            )
        if k == "bonus":
            return f"{p}: {f['src']} gives a {f['action'].capitalize()} at value {f['value']}; add servants?"
        if k == "vatican":
            return (
                f"{p}: Vatican Report - support the Church (score your faith) or refuse (be excommunicated)."
            )
        if k == "tile":
            return f"{p}: choose a personal bonus tile ({', '.join(st['tiles_left'])})."
        if k == "lose":
            return f"{p}: your excommunication takes 1 wood or 1 stone from {f['src']} - which?"
        if k == "copy":
            return f"{p}: choose the played leader that Lorenzo de' Medici copies."
        if k == "six":
            return f"{p}: choose the coloured family member that has value 6 this round."
        if k == "after":
            return f"{p}: play or activate a Leader after your placement, or 'end' your turn."
    if st["phase"] == "leader_draft" and st["draft"] is not None:
        waiting = ", ".join(seat(q) for q in sorted(active(st)))
        return f"Leader draft: {waiting} must keep one leader from their pack (secretly)."
    if st["phase"] == "over":
        return "The game is over."
    act = active(st)
    if act:
        (p_,) = act
        return f"{seat(p_)}: place a family member ({', '.join(st['ps'][p_]['free'])} left)."
    return "Waiting."
