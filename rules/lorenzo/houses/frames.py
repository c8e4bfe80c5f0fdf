"""The HoR decision frames, merged into ``decisions.KINDS`` (see decisions.py for the fields)."""

from __future__ import annotations

from typing import Any

from rules.core import say
from rules.lorenzo.decisions import FrameKind
from rules.lorenzo.houses import effects, families, tokens
from rules.lorenzo.houses import leaders as houses_leaders
from rules.lorenzo.moves import BonusAction, Repeat

Frame = dict[str, Any]


def _repeat_options(state: dict[str, Any], frame: Frame) -> list[Any]:
    return [Repeat(n) for n in range(frame["most"] + 1)]


FRAMES: dict[str, FrameKind] = {
    "activate_cards": FrameKind(
        effects.activate_options,
        effects.activate_answer,
        lambda state, frame: say(
            "{source}: activate one of your cards, its value ignored ({n} left), or none.",
            source=frame["source"],
            n=frame["remaining"],
        ),
        view_kind=lambda frame: "activate",
        settle=effects.activate_settle,
    ),
    "repeat": FrameKind(
        _repeat_options,
        effects.repeat_answer,
        lambda state, frame: say(
            "how many times to make the exchange of {source} (0-{max})?",
            source=frame["source"],
            max=frame["most"],
        ),
    ),
    "free_leader": FrameKind(
        effects.free_options,
        effects.free_answer,
        lambda state, frame: say(
            "{source}: play a Leader of your hand for free (or none).", source=frame["source"]
        ),
        view_kind=lambda frame: "free",
        public=False,  # the answers name the secret hand
        settle=effects.free_settle,
    ),
    "recover": FrameKind(
        effects.recover_options,
        effects.recover_answer,
        lambda state, frame: say(
            "{source}: take a card from the discard pile for free (or none).", source=frame["source"]
        ),
        settle=effects.recover_settle,
    ),
    "gonzaga": FrameKind(
        families.gonzaga_options,
        families.gonzaga_answer,
        lambda state, frame: say(
            "the Gonzaga family: pay 7 servants to take a card from a base tower (or none)."
        ),
    ),
    "visconti": FrameKind(
        families.visconti_options,
        families.visconti_answer,
        lambda state, frame: say("the Visconti family: activate one of your Visconti tokens."),
    ),
    "member_action": FrameKind(
        lambda state, frame: [BonusAction("harvest"), BonusAction("production")],
        houses_leaders.member_action_answer,
        lambda state, frame: say(
            "{source}: a Harvest or a Production at value {value}?",
            source=frame["source"],
            value=frame["value"],
        ),
        view_kind=lambda frame: "member_action",
    ),
    "activate_one": FrameKind(
        houses_leaders.activate_one_options,
        houses_leaders.activate_one_answer,
        lambda state, frame: say("{source}: choose the card to activate.", source=frame["source"]),
        view_kind=lambda frame: "activate",
    ),
    "keep_token": FrameKind(
        houses_leaders.keep_options,
        houses_leaders.keep_answer,
        lambda state, frame: say("{source}: keep one of the Special Tokens drawn.", source=frame["source"]),
        view_kind=lambda frame: "keep",
        public=False,  # the answers show the faces drawn
    ),
    "dismiss": FrameKind(
        houses_leaders.dismiss_options,
        houses_leaders.dismiss_answer,
        lambda state, frame: say("{source}: choose the card to discard.", source=frame["source"]),
    ),
    "pay_token": FrameKind(
        tokens.pay_options,
        tokens.pay_answer,
        lambda state, frame: say(
            "choose the Special Token you pay ({n} to pay); it goes face down to the discard.",
            n=tokens.owed(state, frame["seat"]),
        ),
        view_kind=lambda frame: "spend",
        public=False,  # the answers show the secret faces
        settle=tokens.pay_settle,
    ),
    "face_up": FrameKind(
        effects.face_up_options,
        effects.face_up_answer,
        lambda state, frame: say(
            "choose the Special Token to put face up on {source}.", source=frame["source"]
        ),
        view_kind=lambda frame: "faceup",
        public=False,  # the answers show the secret faces
    ),
}
