"""Decision kinds: every question the engine asks a player between turns, each defined once.

An open decision is a plain dict in ``state["pending"]`` (``{"kind", "seat", ...}``: data only,
saved with the game). Everything else about a kind is its record in ``KINDS``: the move type that
answers it, its legal answers, how an answer applies, its prompt, whether its answers show hidden
wealth, the board places an answer touches, how a refused answer is worded and which answer is
applied by itself when there is no real choice. Adding a kind means adding one record here and
the effect or step that raises it (``Engine.ask``).

Decision fields by kind (besides ``kind`` and ``seat``, the seat that answers):

- ``first_extension``: -- (4.1 step 9)
- ``favor``: ``force`` that placed the knight (6.4)
- ``upgrade``: ``force`` whose knight is upgraded, ``deployed`` (board knights only),
  ``optional`` (``upgrade none`` allowed), ``from_strength`` (only knights of that strength, or
  null), ``source``, ``at``
- ``extension``: ``optional``, ``source``, ``at``
- ``noble``: ``remove`` (an ally removes the noble from the game), ``source``, ``at``
- ``county``: ``force`` on the county, ``county`` letter, ``ally`` (8.1)
- ``exchange``: ``force``, ``exchange`` (the effect from the data), ``source``, ``at``
- ``start``: ``source``, ``at`` (Surrey, 8.1 and 9)
- ``ransom``: ``force``, ``captured`` strengths still waiting (8.3)

``source`` is where the effect comes from (``county``, ``castle``, ``favor``, ``laws``) and ``at``
the board place that offered it (``law:L04``, ``castle:X4``, ...), for the last-move highlight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from rules.core import Events, Wordless, say, say_into, say_n
from rules.core import seat as seat_token
from rules.lancaster import model as m
from rules.lancaster import queenie
from rules.lancaster.moves import (
    Buy,
    Extension,
    Favor,
    LancasterMove,
    Noble,
    Ransom,
    Start,
    Take,
    Upgrade,
)
from rules.lancaster.words import amount, effect_words, effects_words, place_words

if TYPE_CHECKING:
    from rules.lancaster.engine import Engine

State = m.State
Decision = dict[str, Any]
_M = TypeVar("_M")

# Effect types an ally may gain from a King's Favor (the rest is forfeited, rules section 6.4).
_ALLY_FAVOR = ("upgrade_knight", "take_noble")
# How an upgrade question names where it comes from.
_SOURCES = {
    "county": say("for the county reward"),
    "castle": say("for your castle"),
    "favor": say("for the King's Favor"),
    "laws": say("for the law"),
    queenie.SOURCE: say("for the reward tile"),
    "offices": say("for your office"),
}


@dataclass(frozen=True)
class Kind:
    """One kind of decision. Every callable gets the engine (data and flow), the state and the
    open decision dict; ``apply`` changes the state (already a copy) and appends events."""

    name: str
    answer: type
    """The move class that answers it (a move of another class is refused as "not now")."""
    answers: Callable[[Engine, State, Decision], list[LancasterMove]]
    """Every legal answer now, in the order players see them."""
    apply: Callable[[Engine, State, Decision, Any, Events], None]
    prompt: Callable[[Engine, State, Decision], str]
    places: Callable[[Decision, Any], list[str]]
    """Board places an answer touched (the view's ``last.places``; see view.py)."""
    why: Callable[[Engine, State, Decision, Any, list[LancasterMove]], str] | None = None
    """Why a well-formed answer is refused; None: "That is not one of the choices."."""
    settle: Callable[[list[LancasterMove]], LancasterMove | None] | None = None
    """The answer applied without asking when there is no real choice; None: always ask.
    (A decision without any answer is dropped.)"""
    private_behind_screens: bool = False
    """With screens (3+ players) the answers on offer tell how much gold or how many squires the
    player has ("take both" only with 3 gold, "buy 2" only with 2): the bot offers them privately,
    not as buttons under the board."""
    asked_behind_screens: bool = False
    """With screens the question is asked even when ``settle`` could answer it ("buy 0" or
    "ransom none" only): skipping it would tell everyone the player is broke."""


_MADE: dict[tuple[Callable[[Any], Any], Any], Any] = {}


def _one(cls: Callable[[Any], _M], value: Any) -> _M:
    """The answer ``cls(value)``, made once: answers are frozen values, listed again on every
    decision of a simulation (issue 10 item 3)."""
    found = _MADE.get((cls, value))
    if found is None:
        found = _MADE[(cls, value)] = cls(value)
    return found


def _at(decision: Decision) -> list[str]:
    return [str(decision["at"])] if decision.get("at") else []


def _only_no(no: LancasterMove) -> Callable[[list[LancasterMove]], LancasterMove | None]:
    def settle(answers: list[LancasterMove]) -> LancasterMove | None:
        return no if answers == [no] else None

    return settle


def _single(answers: list[LancasterMove]) -> LancasterMove | None:
    return answers[0] if len(answers) == 1 else None


# -- extensions (4.1 step 9, county and law rewards) -------------------------------------------


def _first_extension_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    return [_one(Extension, x) for x in engine.castle_ids]


def _extension_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    built = state["seats"][decision["seat"]]["extensions"]
    moves: list[LancasterMove] = [_one(Extension, x) for x in engine.castle_ids if x not in built]
    if decision["optional"] and moves:
        moves.append(_one(Extension, "none"))
    return moves


def _build(engine: Engine, state: State, decision: Decision, move: Extension, events: Events) -> None:
    if move.space == "none":
        return
    seat = decision["seat"]
    m.seat_set(state, seat, extensions=[*state["seats"][seat]["extensions"], move.space])
    name = engine.data["castle"][move.space]["name"]
    say_into(
        events, "{p} built the extension {space} ({name}).", p=f"{{p{seat}}}", space=move.space, name=name
    )


def _first_extension_prompt(engine: Engine, state: State, decision: Decision) -> str:
    # What each space gives is drawn on the board's castle; the channel's line stays short.
    first, *_, last = engine.data["castle"]
    return say(
        "Choose the castle extension you start with (castle spaces {first} to {last} on the board).",
        first=first,
        last=last,
    )


def _extension_places(decision: Decision, move: Extension) -> list[str]:
    return [f"castle:{move.space}"] if move.space != "none" else _at(decision)


# -- King's Favor (6.4) ------------------------------------------------------------------------


def _favor_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    return [_one(Favor, i + 1) for i, up in enumerate(state["favor_tiles"]) if up]


def _favor(engine: Engine, state: State, decision: Decision, move: Favor, events: Events) -> None:
    tile = move.tile - 1
    state["favor_tiles"] = m.replaced(state["favor_tiles"], tile, False)
    force = decision["force"]
    effects = engine.data["kings_favor"][tile]
    if type(events) is not Wordless:  # a word-free simulation formats nothing
        events.append(
            say(
                "{p} took King's Favor {tile_n} ({effects}).",
                p=m.force_name(state, force),
                tile_n=move.tile,
                effects=effects_words(effects),
            )
        )
    tasks: list[m.Task] = []
    for effect in effects:
        if m.is_ally(state, force) and effect["type"] not in _ALLY_FAVOR:
            if type(events) is not Wordless:  # a word-free simulation formats nothing
                events.append(
                    say("The ally forfeits {effects}.", effects=effects_words([effect]))
                )  # 6.4: no goods
            continue
        tasks.append(m.effect_task(force, effect, "favor", f"favor:{move.tile}"))
    engine.run_next(state, tasks, events)


def _favor_prompt(engine: Engine, state: State, decision: Decision) -> str:
    tiles = engine.data["kings_favor"]
    shown = ", ".join(
        say("{tile_n}: {effects}", tile_n=i + 1, effects=effects_words(tiles[i]))
        for i, up in enumerate(state["favor_tiles"])
        if up
    )
    return say("Choose a face-up King's Favor tile: {tiles}.", tiles=shown)


def _favor_why(
    engine: Engine, state: State, decision: Decision, move: Favor, legal: list[LancasterMove]
) -> str:
    return say("King's Favor tile {tile_n} is not face up.", tile_n=move.tile)


# -- upgrades (3: swap with the reserve knight one stronger) ---------------------------------


def _upgrade_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    force = decision["force"]
    places = m.knight_locations(state, force, decision["deployed"], engine.include_castle)
    only = decision.get("from_strength")
    moves: list[LancasterMove] = [
        _one(Upgrade, where)
        for where, strength in places
        if m.can_upgrade(state, force, strength) and (only is None or strength == only)
    ]
    if decision["optional"] and moves:
        moves.append(_one(Upgrade, "none"))
    return moves


def _upgrade(engine: Engine, state: State, decision: Decision, move: Upgrade, events: Events) -> None:
    who = m.force_name(state, decision["force"])
    if move.where == "none":
        say_into(events, "{p} did not upgrade.", p=who)
    else:
        old, new = m.upgrade_at(state, decision["force"], move.where)
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            events.append(
                say(
                    "{p} upgraded a knight {old_n} to {new_n} {where}.",
                    p=who,
                    old_n=old,
                    new_n=new,
                    where=place_words(engine.data, move.where),
                )
            )


def _upgrade_prompt(engine: Engine, state: State, decision: Decision) -> str:
    purpose = _SOURCES.get(decision.get("source", ""))
    if purpose is None:
        if decision.get("optional"):
            return say("Choose a knight to upgrade, or none.")
        return say("Choose a knight to upgrade.")
    if decision.get("optional"):
        return say("Choose a knight to upgrade {purpose}, or none.", purpose=purpose)
    return say("Choose a knight to upgrade {purpose}.", purpose=purpose)


def _upgrade_places(decision: Decision, move: Upgrade) -> list[str]:
    kind, _, rest = move.where.partition(":")
    if kind in ("court", "lord"):  # a court knight, or the one escorting the lord (Henry V)
        return [f"knights:{decision['seat']}"]
    if kind == "conflict":
        return [f"conflict:{rest.split(':')[0]}"]
    return [move.where] if kind in ("county", "castle") else _at(decision)


def _upgrade_why(
    engine: Engine, state: State, decision: Decision, move: Upgrade, legal: list[LancasterMove]
) -> str:
    return say("That knight cannot be upgraded now (not there, or no stronger knight in the reserve).")


# -- nobles (King's Favor tile, 6.4; allies remove one from the game, 11) --------------------


def _noble_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    stacks = state["noble_stacks"]
    held = state["seats"][decision["seat"]]["nobles"]
    return [
        _one(Noble, letter)
        for letter in engine.order
        if stacks[letter]["left"] > 0 and (decision["remove"] or stacks[letter]["noble"] not in held)
    ]


def _noble(engine: Engine, state: State, decision: Decision, move: Noble, events: Events) -> None:
    seat = decision["seat"]
    noble = m.take_noble(state, move.county)
    name = engine.data["nobles"][noble]["name"]
    if decision["remove"]:
        say_into(
            events,
            "{p} removed a noble ({name}) from county {county} from the game.",
            p=f"{{p{seat}}}",
            name=name,
            county=move.county,
        )
    else:
        m.seat_set(state, seat, nobles=[*state["seats"][seat]["nobles"], noble])
        say_into(
            events,
            "{p} took a noble ({name}) from county {county}.",
            p=f"{{p{seat}}}",
            name=name,
            county=move.county,
        )


def _noble_prompt(engine: Engine, state: State, decision: Decision) -> str:
    if decision.get("remove"):
        return say("Choose a county to remove a noble from.")
    return say("Choose a county to take a noble from.")


def _noble_places(decision: Decision, move: Noble) -> list[str]:
    return [f"county:{move.county}"] + ([] if decision.get("remove") else [f"nobles:{decision['seat']}"])


# -- county rewards (8.1) ----------------------------------------------------------------------


def county_options(engine: Engine, state: State, decision: Decision) -> list[str]:
    stack = state["noble_stacks"][decision["county"]]
    if decision["ally"]:
        # 8.1 "noble or reward" holds for allies too: the reward keeps only what an ally may
        # gain (possibly nothing), so removing a noble from the game is never forced.
        return ["noble", "reward"] if stack["left"] > 0 else ["reward"]
    me = state["seats"][decision["seat"]]
    noble_ok = stack["left"] > 0 and stack["noble"] not in me["nobles"]  # 8.1: each noble type once
    options = ["noble"] if noble_ok else []
    options.append("reward")
    if noble_ok and me["gold"] >= engine.data["both_cost_gold"]:
        options.append("both")
    return options


def _county_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    return [_one(Take, choice) for choice in county_options(engine, state, decision)]


def _take_county(engine: Engine, state: State, decision: Decision, move: Take, events: Events) -> None:
    """8.1: noble or reward; both for 3 gold. Allies: noble leaves the game, limited rewards."""
    letter: str = decision["county"]
    seat: int = decision["seat"]
    force: int = decision["force"]
    choice = move.choice
    ally: bool = decision["ally"]
    cost = engine.data["both_cost_gold"]
    if ally and choice == "noble":
        noble = m.take_noble(state, letter)
        say_into(
            events,
            "{p}'s ally removed a noble ({name}) of county {county} from the game.",
            p=f"{{p{seat}}}",
            name=engine.data["nobles"][noble]["name"],
            county=letter,
        )
        m.queue_first(state, queenie.claim(engine, state, decision, choice, events))
        return
    if choice == "both":
        m.seat_add(state, seat, "gold", -cost)
    noble = state["noble_stacks"][letter]["noble"]  # (the stack's type, taken or not)
    if choice != "reward":  # noble or both
        m.seat_set(state, seat, nobles=[*state["seats"][seat]["nobles"], m.take_noble(state, letter)])
    reward = engine.county_reward(force, letter, ally)
    if type(events) is not Wordless:  # a word-free simulation formats nothing
        name = engine.data["nobles"][noble]["name"]
        effects = effects_words([task["effect"] for task in reward])
        events.append(_took_in_county(m.force_name(state, force), choice, name, effects, cost, letter))
    tasks = reward if choice != "noble" else []
    # Queenie Q3: the reward tile beside the county, right after the printed reward.
    tile = queenie.claim(engine, state, decision, choice, events)
    engine.run_next(state, tasks + tile if tile else tasks, events)


def _took_in_county(who: str, choice: str, noble: str, reward: str, cost: int, county: str) -> str:
    """8.1: what a seat took in a county."""
    if choice == "noble":
        return say("{p} took the noble ({name}) in county {county}.", p=who, name=noble, county=county)
    if choice == "reward":
        return say(
            "{p} took the reward ({effects}) in county {county}.", p=who, effects=reward, county=county
        )
    return say(
        "{p} took the noble ({name}) and the reward ({effects}) for {gold_n} gold in county {county}.",
        p=who, name=noble, effects=reward, gold_n=cost, county=county,
    )  # fmt: skip


def _county_prompt(engine: Engine, state: State, decision: Decision) -> str:
    letter = decision["county"]
    values = {"county": letter, "gold_n": engine.data["both_cost_gold"]}
    if not (queenie.in_play(state) and letter in state["reward_tiles"]):
        if decision["ally"]:
            return say("County {county}: take noble, take reward.", **values)
        return say("County {county}: take noble, take reward or take both (pays {gold_n} gold).", **values)
    values["effects"] = effects_words(queenie.tiles(engine.data, state)[letter])
    if engine.data["queenie"]["engine"]["tile_goes_with"] == "reward":
        if decision["ally"]:
            return say(
                "County {county}: take noble, take reward (reward tile {county}: {effects}, "
                "with the reward).",
                **values,
            )
        return say(
            "County {county}: take noble, take reward (reward tile {county}: {effects}, with the reward) "
            "or take both (pays {gold_n} gold).",
            **values,
        )
    if decision["ally"]:
        return say(
            "County {county}: take noble, take reward (reward tile {county}: {effects}, whatever you take).",
            **values,
        )
    return say(
        "County {county}: take noble, take reward (reward tile {county}: {effects}, whatever you take) "
        "or take both (pays {gold_n} gold).",
        **values,
    )


def _county_places(decision: Decision, move: Take) -> list[str]:
    keeps = move.choice in ("noble", "both") and not decision.get("ally")
    return [f"county:{decision['county']}"] + ([f"nobles:{decision['seat']}"] if keeps else [])


def _county_why(
    engine: Engine, state: State, decision: Decision, move: Take, legal: list[LancasterMove]
) -> str:
    if move.choice == "both" and decision.get("ally"):
        return say("An ally takes the noble or the reward, never both (rules 11).")
    if move.choice == "both":
        return say(
            "Taking both needs {gold_n} gold and a noble you do not have yet.",
            gold_n=engine.data["both_cost_gold"],
        )
    return say("That is not one of the choices.")


# -- exchanges (laws, castle spaces: "pay X for Y, any number of times") -----------------------


def exchange_max(engine: Engine, state: State, force: int, exchange: dict[str, Any]) -> int:
    """How many times ``force``'s seat can pay for ``exchange`` and receive what it buys."""
    me: dict[str, Any] = state["seats"][m.controller(state, force)]
    top = -1
    for cost in exchange["pay"]:  # (a loop: a list or generator for min() costs more here)
        times: int = me[m.HOLDING[cost["resource"]]] // cost["amount"]
        if top < 0 or times < top:
            top = times
    if top < 0:  # as min() of no costs did
        raise ValueError("an exchange with nothing to pay")
    if exchange["repeat"] != "unlimited":
        top = min(top, int(exchange["repeat"]))
    for gain in exchange["gain"]:  # a purchase that cannot be delivered is not offered
        if gain["type"] == "upgrade_knight":
            if not m.upgradable(state, force, gain["target"] == "deployed", engine.include_castle):
                top = 0
        elif gain["type"] == "recruit_knight":
            top = min(top, state["forces"][force]["reserve"][gain["strength"] - 1])
        elif gain["type"] == "lose":  # extra law HL6: no more than the markers held
            key = "dishonor" if gain["resource"] == "dishonor" else m.HOLDING[gain["resource"]]
            top = min(top, int(me.get(key, 0)) // gain["amount"])
    return max(top, 0)


_BUYS: list[LancasterMove] = [Buy(0)]


def _exchange_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    top = exchange_max(engine, state, decision["force"], decision["exchange"])
    while len(_BUYS) <= top:  # frozen values, made once
        _BUYS.append(Buy(len(_BUYS)))
    return _BUYS[: top + 1]


def _buy(engine: Engine, state: State, decision: Decision, move: Buy, events: Events) -> None:
    exchange, seat, times = decision["exchange"], decision["seat"], move.times
    if times:  # (buying 0 times changes nothing)
        for cost in exchange["pay"]:
            m.seat_add(state, seat, m.HOLDING[cost["resource"]], -cost["amount"] * times)
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            pay = " + ".join(amount(c["resource"], c["amount"] * times) for c in exchange["pay"])
            events.append(
                say("{p} paid {pay} ({source}).", p=f"{{p{seat}}}", pay=pay, source=decision["source"])
            )
    force, source, at = decision["force"], decision["source"], decision.get("at")
    if all(gain["type"] == "gain" for gain in exchange["gain"]):
        # Plain gains ask nothing: applied now, exactly as their queued tasks would run next,
        # each once for all the times (one line with the total, issue 12 item 8).
        if times:
            for gain in exchange["gain"]:
                engine.effect(
                    state, force, {**gain, "amount": gain.get("amount", 1) * times}, source, events, at
                )
        return
    # A paid-for upgrade is not optional any more ("paid" marks it for the upgrade effect).
    m.queue_first(
        state,
        [
            m.effect_task(force, {**gain, "paid": True}, source, at)
            for _ in range(times)
            for gain in exchange["gain"]
        ],
    )


def _exchange_prompt(engine: Engine, state: State, decision: Decision) -> str:
    return say("How many times? {exchange}", exchange=effect_words(decision["exchange"]))


def _exchange_why(
    engine: Engine, state: State, decision: Decision, move: Buy, legal: list[LancasterMove]
) -> str:
    most = max(x.times for x in legal if isinstance(x, Buy))
    return say_n("You can do this at most {n} time.", "You can do this at most {n} times.", most)


# -- the next start player (Surrey, 8.1 and 9) ---------------------------------------------------


def _start_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    return [_one(Start, i) for i in range(state["players"])]


def _start(engine: Engine, state: State, decision: Decision, move: Start, events: Events) -> None:
    seat = decision["seat"]
    state["next_start_player"] = move.seat
    if move.seat == seat:  # "alice chose alice" reads oddly
        say_into(events, "{p} chose to start the next round themselves.", p=f"{{p{seat}}}")
    else:
        say_into(
            events, "{p} chose {other} to start the next round.", p=f"{{p{seat}}}", other=f"{{p{move.seat}}}"
        )


def _start_prompt(engine: Engine, state: State, decision: Decision) -> str:
    # The answers read "start p1": say who each pN is ({pN} becomes the player's name).
    seats = ", ".join(f"p{i} {seat_token(i)}" for i in range(state["players"]))
    return say("Choose who starts the next round (start pN): {seats}.", seats=seats)


# -- ransom of captured knights (8.3) ------------------------------------------------------------


def _ransom_answers(engine: Engine, state: State, decision: Decision) -> list[LancasterMove]:
    rate = engine.data["ransom_gold_per_strength"]
    gold = state["seats"][decision["seat"]]["gold"]
    moves: list[LancasterMove] = [
        _one(Ransom, s) for s in sorted(set(decision["captured"])) if gold >= s * rate
    ]
    return [*moves, _one(Ransom, 0)]


def _ransom(engine: Engine, state: State, decision: Decision, move: Ransom, events: Events) -> None:
    force = decision["force"]
    if move.strength == 0:  # the knights not ransomed go to the reserve
        for strength in decision["captured"]:
            m.to_reserve(state, force, strength)
        if decision["captured"]:
            strengths = ", ".join(str(k) for k in decision["captured"])
            if type(events) is not Wordless:  # a word-free simulation formats nothing
                events.append(
                    say(
                        "{p}'s captured knights ({strengths}) go to the reserve.",
                        p=m.force_name(state, force),
                        strengths=strengths,
                    )
                )
        return
    seat = decision["seat"]
    m.seat_add(state, seat, "gold", -move.strength * engine.data["ransom_gold_per_strength"])
    captured = decision["captured"][:]  # decisions are shared between states: never changed
    captured.remove(move.strength)
    m.court_add(state, force, move.strength)
    say_into(
        events,
        "{p} ransomed a captured knight (strength {strength}).",
        p=f"{{p{seat}}}",
        strength=move.strength,
    )
    if captured:
        engine.ask(state, {**decision, "captured": captured}, events)


def _ransom_prompt(engine: Engine, state: State, decision: Decision) -> str:
    rate = engine.data["ransom_gold_per_strength"]
    return say(  # what becomes of each choice (the prompt said only the price)
        "Ransom your captured knights at {rate_n} gold per strength (they return to your court), "
        "or none (they go to your reserve)?",
        rate_n=rate,
    )


def _ransom_why(
    engine: Engine, state: State, decision: Decision, move: Ransom, legal: list[LancasterMove]
) -> str:
    return say("You cannot pay that ransom (or no such knight was captured).")


def _knights_of_seat(decision: Decision, move: LancasterMove) -> list[str]:
    return [f"knights:{decision['seat']}"]


# -- the registry ------------------------------------------------------------------------------------

KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "first_extension",
            Extension,
            _first_extension_answers,
            _build,
            _first_extension_prompt,
            _extension_places,
        ),
        Kind(
            "favor",
            Favor,
            _favor_answers,
            _favor,
            _favor_prompt,
            lambda d, mv: [f"favor:{mv.tile}"],
            _favor_why,
        ),
        Kind("upgrade", Upgrade, _upgrade_answers, _upgrade, _upgrade_prompt, _upgrade_places, _upgrade_why),
        Kind(
            "extension",
            Extension,
            _extension_answers,
            _build,
            lambda engine, state, decision: say("Choose an extension to build, or none."),
            _extension_places,
        ),
        Kind("noble", Noble, _noble_answers, _noble, _noble_prompt, _noble_places),
        Kind(
            "county",
            Take,
            _county_answers,
            _take_county,
            _county_prompt,
            _county_places,
            _county_why,
            settle=_single,
            private_behind_screens=True,
        ),
        Kind(
            "exchange",
            Buy,
            _exchange_answers,
            _buy,
            _exchange_prompt,
            lambda decision, move: _at(decision),  # the law or castle space whose exchange it is
            _exchange_why,
            settle=_only_no(Buy(0)),
            private_behind_screens=True,
            asked_behind_screens=True,
        ),
        Kind("start", Start, _start_answers, _start, _start_prompt, lambda d, mv: [f"seat:{mv.seat}"]),
        Kind(
            "ransom",
            Ransom,
            _ransom_answers,
            _ransom,
            _ransom_prompt,
            _knights_of_seat,
            _ransom_why,
            settle=_only_no(Ransom(0)),
            private_behind_screens=True,
            asked_behind_screens=True,
        ),
    )
}
