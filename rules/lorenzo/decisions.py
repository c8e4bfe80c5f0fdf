"""Every kind of frame on the decision stack, each defined once (issue 9: decisions as records).

A frame is data only: ``{"kind", "seat", ...}`` plus what its kind needs (see engine.py's
docstring for the state). Its ``FrameKind`` here says everything else about it:

- ``answers``: the legal answers when it is on top (None for an automatic frame, which
  ``settle`` works off without asking anyone);
- ``answer``: how a legal answer applies (the frame is already popped; it may push it back);
- ``prompt``: what the seat is asked, after ``"{pN}: "``;
- ``view_kind``: the ``pending.kind`` name of the player view;
- ``public``: whether the answers may be shown to everyone as buttons and in the public view
  (False for the Leader window, whose answers name the secret hand);
- ``places``: the board places an answer touches, for the last-move highlight;
- ``settle``: called by ``flow.advance`` while the frame is on top; True when it resolved (part
  of) the frame by itself, False when the seat must answer;
- ``refusal``: the words for an answer that is not legal, when something better than "Now
  answer: <prompt>" can be said.

To add a kind: write its functions here, add it to ``KINDS``, push its frame from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core import say, say_n, seat
from rules.lorenzo import engine, leaders
from rules.lorenzo.data import (
    ALL_TOWER_SPACES,
    BONUS_TILES,
    CARDS,
    COLOURED,
    LEADERS,
    PRIVILEGE_ORDER,
    PRIVILEGES,
)
from rules.lorenzo.describe import MEMBER_NAMES, TOWER_NAMES, TYPE_NAMES, res_text
from rules.lorenzo.effects import modifiers
from rules.lorenzo.engine import Log
from rules.lorenzo.houses import families as houses_families
from rules.lorenzo.houses import setup as houses_setup
from rules.lorenzo.houses import tokens
from rules.lorenzo.moves import (
    BonusAction,
    ChooseTile,
    Convert,
    Copy,
    End,
    Exchange,
    LeaderAction,
    LorenzoMove,
    Lose,
    Pay,
    Privilege,
    SetSix,
    Take,
    Token,
    Vatican,
    goods,
    privilege_words,
)

State = dict[str, Any]
Frame = dict[str, Any]


def _nowhere(frame: Frame, move: Any) -> list[str]:
    return []


def _waits(state: State, frame: Frame, log: Log) -> bool:
    return False


def _no_words(state: State, player: int, frame: Frame, move: Any) -> str | None:
    return None


def _never_asked(state: State, player: int, frame: Frame, move: Any, log: Log) -> None:
    raise ValueError(f"the automatic frame {frame['kind']!r} takes no answer")


@dataclass(frozen=True)
class FrameKind:
    """How one kind of frame is played (see the module docstring)."""

    answers: Callable[[State, Frame], list[LorenzoMove]] | None
    answer: Callable[[State, int, Frame, Any, Log], None] = _never_asked
    prompt: Callable[[State, Frame], str] = lambda state, frame: "waiting."
    view_kind: Callable[[Frame], str] = lambda frame: str(frame["kind"])
    public: bool = True
    places: Callable[[Frame, Any], list[str]] = _nowhere
    settle: Callable[[State, Frame, Log], bool] = _waits
    refusal: Callable[[State, int, Frame, Any], str | None] = _no_words


# ----------------------------------------------------------------------------------------------
# Automatic frames
# ----------------------------------------------------------------------------------------------


def _settle_effects(state: State, frame: Frame, log: Log) -> bool:
    """Run the next effect of a card, space, leader or activation (§17 order is the list's)."""
    if frame["effects"]:
        engine.run_effect(state, frame, frame["effects"].pop(0), log)
    else:
        state["stack"].pop()
    return True


def _settle_activation(state: State, frame: Frame, log: Log) -> bool:
    """Open the next bonus tile or card a Harvest/Production reaches (§10)."""
    if not frame["items"]:
        state["stack"].pop()
        return True
    item_kind, ident = frame["items"].pop(0)
    if item_kind == "tile":
        part = BONUS_TILES[ident][frame["action"]]
        name = say("personal bonus tile")
    else:
        part = CARDS[ident][frame["action"]]
        name = CARDS[ident]["name"]
    state["stack"].append(
        {
            "kind": "effects",
            "seat": frame["seat"],
            "source": name,
            "effects": list(part["effects"]),
            "card": ident if item_kind == "card" else None,
        }
    )
    return True


# ----------------------------------------------------------------------------------------------
# Council Privileges (§12), paying for a card (§8.5), exchanges (§10)
# ----------------------------------------------------------------------------------------------


def _privilege_answers(state: State, frame: Frame) -> list[LorenzoMove]:
    # HOUSES.md §9: the New Council tile adds a sixth option, a Special Token.
    menu = (*PRIVILEGE_ORDER, "special_token") if houses_setup.council_row(state) else PRIVILEGE_ORDER
    if "houses" in state:  # Della Scala, Da Montefeltro (houses/families.py)
        menu = houses_families.privilege_menu(state, frame["seat"], menu)
    return [_privilege(choice) for choice in menu if choice not in frame["chosen"]]


_PRIVILEGES: dict[str, Privilege] = {}


def _privilege(choice: str) -> Privilege:
    """``Privilege(choice)``, made once: moves are frozen, so equal ones are shared (a simulation
    answers a privilege every few moves, issue 10 item 3)."""
    move = _PRIVILEGES.get(choice)
    if move is None:
        move = _PRIVILEGES[choice] = Privilege(choice)
    return move


def _privilege_answer(state: State, player: int, frame: Frame, move: Privilege, log: Log) -> None:
    frame["remaining"] -= 1
    frame["chosen"].append(move.choice)
    if frame["remaining"] > 0:
        state["stack"].append(frame)  # the next privilege must differ from those chosen
    elif "houses" in state and not frame.get("extra"):
        extra = modifiers(state, player).extra_privileges  # Jacopo Salviati: may repeat an option
        if extra:
            state["stack"].append(
                {
                    "kind": "privilege",
                    "seat": player,
                    "remaining": extra,
                    "chosen": [],
                    "source": frame["source"],
                    "extra": True,
                }
            )
    got = houses_families.privilege_gain(state, player, move.choice) if "houses" in state else None
    source = say("Council Privilege from {source}", source=frame["source"])
    engine.gain(state, player, got or PRIVILEGES[move.choice], source, log)


def _privilege_prompt(state: State, frame: Frame) -> str:
    if frame["chosen"]:
        chosen = [privilege_words(c) for c in frame["chosen"]]  # in words, not ids (issue 12 item 8)
        return say_n(
            "choose a Council Privilege from {source} ({n} left, different from {chosen}).",
            "choose a Council Privilege from {source} ({n} left, different from {chosen}).",
            frame["remaining"],
            source=frame["source"],
            chosen=" and ".join(chosen),
        )
    return say_n(  # the same English for one and more: the catalogue's plurals differ ("ne resta 1")
        "choose a Council Privilege from {source} ({n} left).",
        "choose a Council Privilege from {source} ({n} left).",
        frame["remaining"],
        source=frame["source"],
    )


def _pay_answers(state: State, frame: Frame) -> list[LorenzoMove]:
    return [Pay(goods(cost)) for cost in frame["costs"]]


def _pay_answer(state: State, player: int, frame: Frame, move: Pay, log: Log) -> None:
    engine.finish_take(state, player, frame["card_type"], frame["floor_index"], dict(move.cost), log)


def _pay_prompt(state: State, frame: Frame) -> str:
    card = CARDS[state["tower_cards"][frame["card_type"]][frame["floor_index"]]]
    return say("choose how to pay for {card}.", card=card["name"])


def _exchange_answers(state: State, frame: Frame) -> list[LorenzoMove]:
    return [*(Exchange(goods(option["pay"])) for option in frame["options"]), Exchange(None)]


def _exchange_answer(state: State, player: int, frame: Frame, move: Exchange, log: Log) -> None:
    if move.pay is None:
        log.events.append(
            say("{p} skipped the exchange of {source}.", p=seat(player), source=frame["source"])
        )
        return
    pay = dict(move.pay)
    option = next(option for option in frame["options"] if option["pay"] == pay)
    engine.pay_from_budget(state, player, pay)
    log.events.append(
        say("{p} paid {goods} to {source}.", p=seat(player), goods=res_text(pay), source=frame["source"])
    )
    state["stack"].append(
        {"kind": "effects", "seat": player, "source": frame["source"], "effects": list(option["effects"])}
    )


def _exchange_prompt(state: State, frame: Frame) -> str:
    return say("choose an exchange of {source} (or none).", source=frame["source"])


# ----------------------------------------------------------------------------------------------
# Card-effect actions: take a card (§8.4), a bonus Harvest/Production (§10)
# ----------------------------------------------------------------------------------------------


def _take_answer(state: State, player: int, frame: Frame, move: Take, log: Log) -> None:
    if move.space is None:
        log.events.append(say("{p} took no card with {source}.", p=seat(player), source=frame["source"]))
        return
    mods = modifiers(state, player)
    offer = engine.tower_offer(
        state, player, mods, move.space, frame["value"], move.servants, None, frame["discount"]
    )
    card_type, floor_index = ALL_TOWER_SPACES[move.space]
    log.events.append(
        say(
            "{p} uses {source} on the {tower} floor {floor} (value {value}).",
            p=seat(player),
            source=frame["source"],
            tower=TOWER_NAMES[card_type],
            floor=floor_index + 1,
            value=offer.value,
        )
    )
    engine.enter_tower(state, player, move.space, move.servants, offer, log)


def _take_prompt(state: State, frame: Frame) -> str:
    types = "/".join(TYPE_NAMES[card_type] for card_type in frame["card_types"])
    return say(
        "{source} takes a {types} card at value {value} (servants may be added) or none.",
        source=frame["source"],
        types=types,
        value=frame["value"],
    )


def _take_places(frame: Frame, move: Take) -> list[str]:
    return [] if move.space is None else [move.space]


def _take_settle(state: State, frame: Frame, log: Log) -> bool:
    if len(engine.take_options(state, frame)) > 1:
        return False
    state["stack"].pop()  # only "take none" is left
    log.events.append(
        say("{p} could take no card with {source}.", p=seat(frame["seat"]), source=frame["source"])
    )
    return True


def _take_refusal(state: State, player: int, frame: Frame, move: Any) -> str | None:
    if not isinstance(move, Take) or move.space is None:
        return None
    tower, floor_index = ALL_TOWER_SPACES[move.space]
    card_id = state["tower_cards"].get(tower, [None] * 4)[floor_index]
    card_type = CARDS[card_id]["type"] if card_id is not None else tower
    if card_type not in frame["card_types"] and card_type != "special":
        allowed = "/".join(TYPE_NAMES[x] for x in frame["card_types"])
        return say("{source} takes only {types} cards.", source=frame["source"], types=allowed)
    mods = modifiers(state, player)
    return engine.tower_offer(
        state, player, mods, move.space, frame["value"], move.servants, None, frame["discount"]
    ).error


def _bonus_answers(state: State, frame: Frame) -> list[LorenzoMove]:
    return list(engine.bonus_options(state, frame))


def _bonus_answer(state: State, player: int, frame: Frame, move: BonusAction, log: Log) -> None:
    engine.do_bonus(state, frame, move.servants, log)


def _bonus_prompt(state: State, frame: Frame) -> str:
    if frame["action"] == "harvest":
        return say(
            "{source} gives a Harvest at value {value}; add servants?",
            source=frame["source"],
            value=frame["value"],
        )
    return say(
        "{source} gives a Production at value {value}; add servants?",
        source=frame["source"],
        value=frame["value"],
    )


def _bonus_settle(state: State, frame: Frame, log: Log) -> bool:
    options = engine.bonus_options(state, frame)
    if len(options) > 1:
        return False
    state["stack"].pop()  # no servant count would reach another card: nothing to ask
    engine.do_bonus(state, frame, options[0].servants, log)
    return True


def _bonus_refusal(state: State, player: int, frame: Frame, move: Any) -> str | None:
    if isinstance(move, BonusAction) and move.action == frame["action"]:
        have = state["players"][player]["resources"]["servant"]
        return say_n("You have only {n} servant.", "You have only {n} servants.", have)
    return None


# ----------------------------------------------------------------------------------------------
# Vatican Report (§14), the advanced tile draft (§4), excommunication E1-4
# ----------------------------------------------------------------------------------------------


def _vatican_answer(state: State, player: int, frame: Frame, move: Vatican, log: Log) -> None:
    if not move.support and modifiers(state, player).never_excommunicated:
        log.events.append(
            say("{p} declines to support the Church; Martin Lutero keeps them in it.", p=seat(player))
        )
        return
    if move.support:
        log.events.append(say("{p} supports the Church.", p=seat(player)))
        engine.score_faith(state, player, log, bonus=True)
    else:
        engine.excommunicate(state, player, log, voluntary=True)


def _vatican_settle(state: State, frame: Frame, log: Log) -> bool:
    if state["players"][frame["seat"]]["resources"]["fp"] >= engine.faith_requirement(state):
        return False
    if modifiers(state, frame["seat"]).never_excommunicated:  # Martin Lutero (HOUSES.md §13.2)
        state["stack"].pop()
        if state["round"] == engine.ROUNDS:
            engine.score_faith(state, frame["seat"], log, bonus=False)
        else:
            log.events.append(
                say(
                    "{p} is never excommunicated (Martin Lutero) and keeps their faith.",
                    p=seat(frame["seat"]),
                )
            )
        return True
    state["stack"].pop()  # too little faith: no choice, excommunicated
    engine.excommunicate(state, frame["seat"], log, voluntary=False)
    return True


def _tile_answer(state: State, player: int, frame: Frame, move: ChooseTile, log: Log) -> None:
    state["players"][player]["bonus_tile"] = move.tile
    state["bonus_tiles_left"] = engine.without(state["bonus_tiles_left"], move.tile)
    log.events.append(say("{p} chose the personal bonus tile {tile}.", p=seat(player), tile=move.tile))


def _lose_answer(state: State, player: int, frame: Frame, move: Lose, log: Log) -> None:
    engine.gain(state, player, frame["gains"], frame["source"], log, frame["immediate"], prefer=move.res)


# ----------------------------------------------------------------------------------------------
# Leaders (§13): Lorenzo de' Medici's copy, Federico da Montefeltro, the window after placing
# ----------------------------------------------------------------------------------------------


def _copy_answer(state: State, player: int, frame: Frame, move: Copy, log: Log) -> None:
    state["players"][player]["copied_leader"] = move.leader
    log.events.append(
        say("{p}'s Lorenzo de' Medici copies {leader}.", p=seat(player), leader=LEADERS[move.leader]["name"])
    )


def _montefeltro_answer(state: State, player: int, frame: Frame, move: SetSix, log: Log) -> None:
    state["players"][player]["montefeltro_member"] = move.member
    log.events.append(
        say(
            "{p}'s {member} family member has value 6 this round.",
            p=seat(player),
            member=MEMBER_NAMES[move.member],
        )
    )


def _window_answer(
    state: State, player: int, frame: Frame, move: LeaderAction | End | Token | Convert, log: Log
) -> None:
    if isinstance(move, End):
        log.events.append(say("{p} ends the turn.", p=seat(player)))
        return
    state["stack"].append(frame)  # the window stays open below what the leader action starts
    if isinstance(move, Token):
        log.events.append(say("{p} cashes a {kind} Special Token.", p=seat(player), kind=move.kind))
        state["stack"].append(tokens.cash(state, player, move.kind))
        return
    if isinstance(move, Convert):
        state["stack"].append(houses_families.convert(state, player, log))
        return
    engine.do_leader(state, player, move, log)


def _window_settle(state: State, frame: Frame, log: Log) -> bool:
    if engine.window_open(state, frame["seat"]):
        return False
    state["stack"].pop()  # nothing left to play or activate: the turn ends by itself
    return True


def _window_refusal(state: State, player: int, frame: Frame, move: Any) -> str | None:
    return engine.leader_refusal(state, player, move) if isinstance(move, LeaderAction) else None


# The answers every such frame lists, made once (frozen moves are shared, see ``_privilege``).
_VATICAN = (Vatican(True), Vatican(False))
_LOSE = (Lose("wood"), Lose("stone"))
_END = End()

KINDS: dict[str, FrameKind] = {
    "effects": FrameKind(answers=None, settle=_settle_effects),
    "activation": FrameKind(answers=None, settle=_settle_activation),
    "privilege": FrameKind(_privilege_answers, _privilege_answer, _privilege_prompt),
    "pay": FrameKind(_pay_answers, _pay_answer, _pay_prompt),
    "exchange": FrameKind(_exchange_answers, _exchange_answer, _exchange_prompt),
    "take_card": FrameKind(
        engine.take_options,
        _take_answer,
        _take_prompt,
        view_kind=lambda frame: "take",
        places=_take_places,
        settle=_take_settle,
        refusal=_take_refusal,
    ),
    "bonus_action": FrameKind(
        _bonus_answers,
        _bonus_answer,
        _bonus_prompt,
        view_kind=lambda frame: str(frame["action"]),
        settle=_bonus_settle,
        refusal=_bonus_refusal,
    ),
    "vatican": FrameKind(
        lambda state, frame: [*_VATICAN],
        _vatican_answer,
        lambda state, frame: say(
            "Vatican Report - support the Church (score your faith) or refuse (be excommunicated)."
        ),
        settle=_vatican_settle,
    ),
    "bonus_tile": FrameKind(
        lambda state, frame: [ChooseTile(tile) for tile in state["bonus_tiles_left"]],
        _tile_answer,
        lambda state, frame: say(
            "choose a personal bonus tile ({tiles}).", tiles=", ".join(state["bonus_tiles_left"])
        ),
        view_kind=lambda frame: "tile",
    ),
    "lose_wood_or_stone": FrameKind(
        lambda state, frame: [*_LOSE],
        _lose_answer,
        lambda state, frame: say(
            "your excommunication takes 1 wood or 1 stone from {source} - which?", source=frame["source"]
        ),
        view_kind=lambda frame: "lose",
    ),
    "copy_leader": FrameKind(
        lambda state, frame: [Copy(x) for x in leaders.copy_targets(state, frame["seat"])],
        _copy_answer,
        lambda state, frame: say("choose the played leader that Lorenzo de' Medici copies."),
        view_kind=lambda frame: "copy",
    ),
    "montefeltro": FrameKind(
        lambda state, frame: [
            SetSix(m) for m in COLOURED if m in state["players"][frame["seat"]]["free_members"]
        ],
        _montefeltro_answer,
        lambda state, frame: say("choose the coloured family member that has value 6 this round."),
        view_kind=lambda frame: "six",
    ),
    "leader_window": FrameKind(
        lambda state, frame: [
            *engine.leader_moves(state, frame["seat"]),
            *tokens.cash_moves(state, frame["seat"]),
            *(houses_families.convert_moves(state, frame["seat"]) if "houses" in state else []),
            _END,
        ],
        _window_answer,
        lambda state, frame: say("play or activate a Leader after your placement, or end your turn."),
        public=False,
        settle=_window_settle,
        refusal=_window_refusal,
    ),
}
"""Every frame kind by its ``frame["kind"]`` name."""


def _merge_houses_frames() -> None:
    # The HoR frames live with the rest of HoR (rules/lorenzo/houses/frames.py).
    from rules.lorenzo.houses.frames import FRAMES

    KINDS.update(FRAMES)


_merge_houses_frames()
