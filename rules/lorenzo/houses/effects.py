"""The new one-shot effect kinds of the Special cards (HOUSES.md §13.1) and their decisions.

``run`` is called by ``engine.run_effect`` for an op the base game does not know; ``FRAMES``
(merged into ``decisions.KINDS``) are the decisions they open. An effects frame may carry
``card`` (the card whose effect it is: cards 98/128 need it) and ``activated`` (the cards an
``activate_cards`` chain has activated so far, so a chain never comes back to one of them).
"""

from __future__ import annotations

from typing import Any

from rules.core import say, say_n, seat
from rules.lorenzo import engine, leaders
from rules.lorenzo.data import CARDS, HOUSES, LEADERS
from rules.lorenzo.describe import TYPE_NAMES, res_text
from rules.lorenzo.effects import modifiers
from rules.lorenzo.engine import Log
from rules.lorenzo.houses import tokens

State = dict[str, Any]
Frame = dict[str, Any]


def action_value(state: State, player: int) -> int:
    """The value of the Harvest/Production in progress for ``player`` (0 outside one): what the
    value-scaled effects (cards 99, 100, 107, 111, 112) multiply by."""
    for frame in reversed(state["stack"]):
        if frame["kind"] == "activation" and frame["seat"] == player:
            return int(frame.get("value", 0))
    return 0


def _in_activation(state: State, player: int) -> dict[str, Any] | None:
    for frame in reversed(state["stack"]):
        if frame["kind"] == "activation" and frame["seat"] == player:
            return frame
    return None


def run(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """One HoR effect for ``frame["seat"]`` (the source is ``frame["source"]``)."""
    handler = _OPS.get(effect["op"])
    if handler is None:
        raise ValueError(f"unknown one-shot effect op {effect['op']!r}")  # the data test forbids this
    handler(state, frame, effect, log)


def _lose(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """§13.1 ``lose``: never below 0; not a gain (no reductions apply). Card 119's trap."""
    player = frame["seat"]
    res = state["players"][player]["resources"]
    lost = {k: min(v, res.get(k, 0)) for k, v in effect["res"].items()}
    if not HOUSES["engine"]["card_119_loss_mandatory"] and _in_activation(state, player) is not None:
        # [READ] alternative: a loss in a Production (card 119) is the owner's choice, offered
        # as an exchange that gives nothing ("exchange vp=3" or "exchange none").
        if any(lost.values()):
            option = {"pay": {k: v for k, v in lost.items() if v}, "effects": []}
            state["stack"].append(
                {"kind": "exchange", "seat": player, "source": frame["source"], "options": [option]}
            )
        return
    for k, v in lost.items():
        res[k] -= v
    log.events.append(
        say("{p} lost {goods} ({source}).", p=seat(player), goods=res_text(lost), source=frame["source"])
    )


def _gain_per_card_up_to_value(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    player = frame["seat"]
    owned = len(state["players"][player]["cards"][effect["card_type"]])
    times = min(owned, action_value(state, player))
    gains = {k: v * times for k, v in effect["res"].items()}
    if times:
        engine.gain(state, player, gains, frame["source"], log)
    else:
        log.events.append(say("{p} gained nothing from {source}.", p=seat(player), source=frame["source"]))


def _gain_per_played_leader(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    player = frame["seat"]
    times = len(state["players"][player]["leaders_played"])
    if times:
        gains = {k: v * times for k, v in effect["res"].items()}
        engine.gain(state, player, gains, frame["source"], log, frame.get("immediate", False))
    else:
        log.events.append(
            say("{p} has played no Leader: nothing from {source}.", p=seat(player), source=frame["source"])
        )


def _match_top_military(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """Card 136: level with the highest MP of the others; not a gain (``match_military_is_gain``
    false: no excommunication reduces it); tied for first is first."""
    player = frame["seat"]
    res = state["players"][player]["resources"]
    top = max(p["resources"]["mp"] for q, p in enumerate(state["players"]) if q != player)
    if top > res["mp"] and HOUSES["engine"]["match_military_is_gain"]:
        engine.gain(state, player, {"mp": top - res["mp"]}, frame["source"], log)  # reductions apply
    elif top > res["mp"]:
        log.events.append(
            say(
                "{p} moves up the Military track from {from_n} to {to_n} MP.",
                p=seat(player),
                from_n=res["mp"],
                to_n=top,
            )
        )
        res["mp"] = top
    else:
        log.events.append(say("{p} already leads the Military track.", p=seat(player)))


def _exchange_up_to_value(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """Cards 111/112: the exchange may be made 0..value times, from the Production's budget."""
    player = frame["seat"]
    budget = engine._budget(state, player)
    mods = modifiers(state, player)
    most = action_value(state, player)
    while most > 0 and engine.payable(_times(effect["pay"], most), budget, mods) is None:
        most -= 1  # Paracelso's servants may pay for the wood or stone short (§13.2)
    if most <= 0:
        log.events.append(
            say("{p} cannot make the exchange of {source}.", p=seat(player), source=frame["source"])
        )
        return
    state["stack"].append(
        {
            "kind": "repeat",
            "seat": player,
            "source": frame["source"],
            "most": most,
            "pay": effect["pay"],
            "effects": effect["effects"],
        }
    )


def _activate_cards(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """Cards 113/114/140/144: up to ``count`` of your cards of those types, values ignored."""
    player = frame["seat"]
    done = [*frame.get("activated", []), *([frame["card"]] if frame.get("card") is not None else [])]
    activation = _in_activation(state, player)
    if activation is not None and HOUSES["engine"]["activate_cards_excludes_activated"]:
        # [READ] a card this Harvest/Production already activated is not activated again.
        kind = "territory" if activation["action"] == "harvest" else "building"
        done += [
            c
            for c in state["players"][player]["cards"][kind]
            if CARDS[c][activation["action"]]["value"] <= activation["value"]
        ]
    state["stack"].append(
        {
            "kind": "activate_cards",
            "seat": player,
            "source": frame["source"],
            "card_types": effect["card_types"],
            "remaining": effect["count"],
            "activated": done,
        }
    )


def activate_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo.moves import Activate

    cards = state["players"][frame["seat"]]["cards"]
    found = [c for t in frame["card_types"] for c in cards[t] if c not in frame["activated"]]
    return [*(Activate(c) for c in sorted(found)), Activate(None)]


def activate_answer(state: State, player: int, frame: Frame, move: Any, log: Log) -> None:
    if move.card is None:
        log.events.append(
            say("{p} activates no more cards with {source}.", p=seat(player), source=frame["source"])
        )
        return
    card = CARDS[move.card]
    part = card["harvest"] if card["type"] == "territory" else card["production"]
    frame["remaining"] -= 1
    frame["activated"] = [*frame["activated"], move.card]
    if frame["remaining"] > 0:
        state["stack"].append(frame)
    log.events.append(
        say("{p} activates {card} with {source}.", p=seat(player), card=card["name"], source=frame["source"])
    )
    state["stack"].append(
        {
            "kind": "effects",
            "seat": player,
            "source": card["name"],
            "effects": list(part["effects"]),
            "card": move.card,
            "activated": frame["activated"],
        }
    )


def activate_settle(state: State, frame: Frame, log: Log) -> bool:
    if len(activate_options(state, frame)) > 1:
        return False
    state["stack"].pop()
    log.events.append(
        say("{p} has no card to activate with {source}.", p=seat(frame["seat"]), source=frame["source"])
    )
    return True


def _times(pay: dict[str, int], times: int) -> dict[str, int]:
    return {k: v * times for k, v in pay.items()}


def repeat_answer(state: State, player: int, frame: Frame, move: Any, log: Log) -> None:
    total = _times(frame["pay"], move.times)
    paid = engine.payable(total, engine._budget(state, player), modifiers(state, player))
    engine.pay_from_budget(state, player, paid or total)  # paid: with Paracelso's servants
    for _ in range(move.times):
        state["stack"].append(
            {"kind": "effects", "seat": player, "source": frame["source"], "effects": list(frame["effects"])}
        )
    log.events.append(
        say_n(
            "{p} makes the exchange of {source} {n} time.",
            "{p} makes the exchange of {source} {n} times.",
            move.times,
            p=seat(player),
            source=frame["source"],
        )
    )


def _draw_leaders(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """Cards 121/122: Leaders from the face-down pile into the hand (secret); the pile empty, the
    Leaders discarded for privileges are shuffled into a new one (``leader_draw_when_empty``)."""
    player = frame["seat"]
    houses = state["houses"]
    drawn = 0
    for _ in range(effect["count"]):
        if (
            not houses["leader_pile"]
            and houses["leader_discard"]
            and HOUSES["engine"]["leader_draw_when_empty"] == "reshuffle_discarded"
        ):
            pile = list(houses["leader_discard"])
            engine._draw(state).shuffle(pile)
            houses["leader_pile"], houses["leader_discard"] = pile, []
        if not houses["leader_pile"]:
            break
        leader, houses["leader_pile"] = houses["leader_pile"][0], houses["leader_pile"][1:]
        hand = state["players"][player]["leader_hand"]
        state["players"][player]["leader_hand"] = [*hand, leader]
        drawn += 1
    log.events.append(
        say_n(
            "{p} drew {n} Leader ({source}).",
            "{p} drew {n} Leaders ({source}).",
            drawn,
            p=seat(player),
            source=frame["source"],
        )
    )


def free_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo.moves import FreeLeader

    player = frame["seat"]
    hand = [x for x in state["players"][player]["leader_hand"] if x in frame.get("only", [x])]
    playable = [x for x in hand if x != leaders.COPY or leaders.copy_targets(state, player)]
    none = [] if frame.get("must") and playable else [FreeLeader(None)]
    return [*(FreeLeader(x) for x in playable), *none]


def _play_leader_free(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """Cards 110/125: play one Leader of the hand ignoring its requirements; none: nothing."""
    player = frame["seat"]
    state["stack"].append({"kind": "free_leader", "seat": player, "source": frame["source"]})


def free_answer(state: State, player: int, frame: Frame, move: Any, log: Log) -> None:
    from rules.lorenzo.moves import LeaderAction

    if move.leader is None:
        log.events.append(say("{p} plays no Leader with {source}.", p=seat(player), source=frame["source"]))
        return
    log.events.append(
        say(
            "{p} plays {leader} for free ({source}).",
            p=seat(player),
            leader=LEADERS[move.leader]["name"],
            source=frame["source"],
        )
    )
    engine.do_leader(state, player, LeaderAction("play", move.leader), log)


def free_settle(state: State, frame: Frame, log: Log) -> bool:
    options = free_options(state, frame)
    if len(options) > 1 or options[0].leader is not None:
        return False
    state["stack"].pop()
    log.events.append(
        say("{p} has no Leader to play for free ({source}).", p=seat(frame["seat"]), source=frame["source"])
    )
    return True


def _take_discarded(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    state["stack"].append(
        {
            "kind": "recover",
            "seat": frame["seat"],
            "source": frame["source"],
            "card_types": effect["card_types"],
        }
    )


def recover_options(state: State, frame: Frame) -> list[Any]:
    """Cards 130/132: a base card of the discard pile the player may own now (type limit; the
    Territory slot's MP, ``taken_free_keeps_territory_slot_mp``)."""
    from rules.lorenzo.moves import Recover

    player = frame["seat"]
    player_state = state["players"][player]
    mods = modifiers(state, player)
    found = []
    for card_id in state["houses"]["discard_pile"]:
        card_type = CARDS[card_id]["type"]
        owned = len(player_state["cards"][card_type])
        if card_type not in frame["card_types"] or owned >= engine.card_limit(state, player, card_type):
            continue
        if (
            card_type == "territory"
            and HOUSES["engine"]["taken_free_keeps_territory_slot_mp"]
            and player_state["resources"]["mp"] < engine.territory_slot_mp(mods)[owned]
        ):
            continue
        found.append(card_id)
    cards = sorted(set(found))
    if len(cards) + 1 <= 25:
        return [*(Recover(c) for c in cards), Recover(None)]
    # Too many for one list of answers (design.md: at most 25): the type first, then the card.
    from rules.lorenzo.moves import Search

    chosen = frame.get("searching")
    types = [Search(t) for t in dict.fromkeys(CARDS[c]["type"] for c in cards) if t != chosen]
    return [*(Recover(c) for c in cards if CARDS[c]["type"] == chosen), *types, Recover(None)]


def recover_answer(state: State, player: int, frame: Frame, move: Any, log: Log) -> None:
    if not hasattr(move, "card"):  # a Search: the type looked through, then the card
        frame["searching"] = move.card_type
        state["stack"].append(frame)
        log.events.append(
            say("{p} searches the discarded {type} cards.", p=seat(player), type=TYPE_NAMES[move.card_type])
        )
        return
    if move.card is None:
        log.events.append(
            say("{p} takes no discarded card ({source}).", p=seat(player), source=frame["source"])
        )
        return
    houses = state["houses"]
    houses["discard_pile"] = engine.without(houses["discard_pile"], move.card)
    card = CARDS[move.card]
    player_state = state["players"][player]
    player_state["cards"][card["type"]] = [*player_state["cards"][card["type"]], move.card]
    log.changed.append(f"card:{move.card}")
    log.events.append(
        say(
            "{p} took the discarded {type} {card} ({source}).",
            p=seat(player),
            type=TYPE_NAMES[card["type"]],
            card=card["name"],
            source=frame["source"],
        )
    )
    engine.took(state, player, move.card, {}, None)  # immediate effects and "when you take" (§13.1)


def recover_settle(state: State, frame: Frame, log: Log) -> bool:
    if len(recover_options(state, frame)) > 1:
        return False
    state["stack"].pop()
    log.events.append(
        say("{p} finds no discarded card to take ({source}).", p=seat(frame["seat"]), source=frame["source"])
    )
    return True


def _place_face_up_token(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """Cards 98/128: one held token goes face up on the card (the owner chooses which). Holding
    none (E1-8 took the card's own token, or the supply ran dry), the next token they gain goes
    there (``tokens.wait_face_up``)."""
    player = frame["seat"]
    if state["players"][player]["tokens"]:
        state["stack"].append(
            {"kind": "face_up", "seat": player, "source": frame["source"], "card": frame["card"]}
        )
    else:
        tokens.wait_face_up(state, player, frame["card"])
        log.events.append(
            say(
                "{p} holds no Special Token: the next one they gain goes face up on {source}.",
                p=seat(player),
                source=frame["source"],
            )
        )


def face_up_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo.moves import FaceUp

    return [FaceUp(kind) for kind in sorted(set(state["players"][frame["seat"]]["tokens"]))]


def face_up_answer(state: State, player: int, frame: Frame, move: Any, log: Log) -> None:
    tokens.put_face_up(state, player, frame["card"], move.kind)
    log.events.append(
        say(
            "{p} put a {kind} token face up on {source}.",
            p=seat(player),
            kind=move.kind,
            source=frame["source"],
        )
    )


def face_up_bonus(state: State, player: int, card: int, src: str) -> Frame | None:
    """The effects frame of the token face up on ``card`` (None without one)."""
    kind = state["players"][player]["face_up"].get(str(card))
    if kind is None:
        return None
    return {
        "kind": "effects",
        "seat": player,
        "source": say("the {kind} token on {card}", kind=kind, card=src),
        "effects": tokens.bonus(kind),
    }


def _face_up_token_bonus(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    found = face_up_bonus(state, frame["seat"], frame["card"], frame["source"])
    if found is None:
        log.events.append(
            say("{p} has no token face up on {source}.", p=seat(frame["seat"]), source=frame["source"])
        )
    else:
        state["stack"].append(found)


def _harvest_at_take_value(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
    """Aragonesi: a Harvest at the value used to take the Territory plus ``offset`` (-1), which
    nothing raises but E1-5; none when the card was taken without an action value (130/132)."""
    if effect.get("value") is None:
        return
    player = frame["seat"]
    value = int(effect["value"]) + int(effect["offset"]) + modifiers(state, player).harvest_malus
    engine.start_activation(state, player, "harvest", value, log)


def _leader_op(name: str) -> Any:
    def run_it(state: State, frame: Frame, effect: dict[str, Any], log: Log) -> None:
        from rules.lorenzo.houses import leaders as houses_leaders

        getattr(houses_leaders, name)(state, frame, effect, log)

    return run_it


_OPS: dict[str, Any] = {
    "activate_one": _leader_op("run_activate_one"),
    "draw_tokens_keep": _leader_op("run_draw_keep"),
    "discard_own_card": _leader_op("run_discard_own"),
    "harvest_at_take_value": _harvest_at_take_value,
    "lose": _lose,
    "gain_per_card_up_to_value": _gain_per_card_up_to_value,
    "gain_per_played_leader": _gain_per_played_leader,
    "match_top_military": _match_top_military,
    "exchange_up_to_value": _exchange_up_to_value,
    "activate_cards": _activate_cards,
    "draw_leaders": _draw_leaders,
    "play_leader_free": _play_leader_free,
    "take_discarded": _take_discarded,
    "place_face_up_token": _place_face_up_token,
    "face_up_token_bonus": _face_up_token_bonus,
}
