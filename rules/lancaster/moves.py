"""Lancaster moves: frozen values with one canonical text form, and the text grammar.

Notation (case does not matter; ``{p1}`` style seats are written ``p1``):

=============================================  ===============================================
``knight 3 county:D squires=2``                 place your strength-3 knight on county D with 2
                                                squires (``squires=0`` may be left out)
``knight 1 castle:X2``                          place a 1-knight on your castle space X2
``knight 2 conflict:K03``                       send a 2-knight to conflict card K03
``ally 2 county:B`` / ``ally 2 castle:AC1``     two-player game: place one of your ally's knights
``vote yes markers=2`` / ``vote no``            secret vote on the open proposal with 2 markers
``favor 4``                                     take King's Favor tile 4
``upgrade county:B`` / ``upgrade court:1``      upgrade that knight (also ``castle:X1``,
``upgrade conflict:K03:2`` / ``upgrade none``   ``conflict:<card>:<strength>``); ``none`` declines
``extension X3`` / ``extension none``           build the extension tile for castle space X3
``noble D``                                     take (or, for an ally, remove) a noble from county D
``take noble`` / ``take reward`` / ``take both``  county reward choice (``both`` costs 3 gold)
``buy 3``                                       how many times to use a law's or castle exchange
``start p2``                                    Surrey: who starts the next round
``ransom 2`` / ``ransom none``                  free a captured strength-2 knight (or none)
``pass``                                        keep your knights in court this round (offered
                                                only when no place is open without squires)
``knight 2 county:D tudor shield``              Henry V: with a Tudor knight (+2) and/or a
``knight 3 conflict:K04 tudor archer``          shield (county) or an archer (the conflict
                                                space below; costs 1 squire)
``lord chancellor knight=3 tudor bishops=2``    Henry V: place your lord on a court space (with a
``lord home``                                   court knight, a Tudor knight, bishops) / keep it
                                                home this round
``upgrade lord:3``                              upgrade the knight escorting your lord
=============================================  ===============================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core import BadSyntax, ascii_number, say
from rules.moves_base import Move


@dataclass(frozen=True, order=True)
class Place(Move):
    strength: int
    target: str  # "county:D", "castle:X2", "conflict:K03"
    squires: int = 0
    ally: bool = False
    # Henry V privileges spent with the knight (EXPANSIONS.md H2.5-H2.7; henry.py).
    tudor: bool = False
    shield: bool = False
    archer: bool = False

    def to_text(self) -> str:
        who = "ally" if self.ally else "knight"
        extra = f" squires={self.squires}" if self.squires else ""
        extra += " tudor" * self.tudor + " shield" * self.shield + " archer" * self.archer
        return f"{who} {self.strength} {self.target}{extra}"


@dataclass(frozen=True, order=True)
class Lord(Move):
    """Henry V (EXPANSIONS.md H2.3): the seat's lord onto a court space (``space``: an office or
    the treasury) with an escort knight from court (strength, 0 = none), a Tudor knight and
    bishops; ``space = "home"`` keeps the lord at home this round (H2.2)."""

    space: str
    knight: int = 0
    tudor: bool = False
    bishops: int = 0

    def to_text(self) -> str:
        extra = f" knight={self.knight}" if self.knight else ""
        extra += " tudor" if self.tudor else ""
        extra += f" bishops={self.bishops}" if self.bishops else ""
        return f"lord {self.space}{extra}"


@dataclass(frozen=True, order=True)
class Pass(Move):
    """Keep the knights left in court this round: offered on a turn when no place is open
    without squires (rules 6.1 as the engine plays it; see placement.py)."""

    def to_text(self) -> str:
        return "pass"


@dataclass(frozen=True, order=True)
class Vote(Move):
    yes: bool
    markers: int = 0

    def to_text(self) -> str:
        return f"vote {'yes' if self.yes else 'no'} markers={self.markers}"


@dataclass(frozen=True, order=True)
class Favor(Move):
    tile: int  # 1-based

    def to_text(self) -> str:
        return f"favor {self.tile}"


@dataclass(frozen=True, order=True)
class Upgrade(Move):
    where: str  # "court:1", "county:B", "castle:X1", "conflict:K03:2" or "none"

    def to_text(self) -> str:
        return f"upgrade {self.where}"


@dataclass(frozen=True, order=True)
class Extension(Move):
    space: str  # castle space id or "none"

    def to_text(self) -> str:
        return f"extension {self.space}"


@dataclass(frozen=True, order=True)
class Noble(Move):
    county: str  # county letter

    def to_text(self) -> str:
        return f"noble {self.county}"


@dataclass(frozen=True, order=True)
class Take(Move):
    choice: str  # "noble" | "reward" | "both"

    def to_text(self) -> str:
        return f"take {self.choice}"


@dataclass(frozen=True, order=True)
class Buy(Move):
    times: int

    def to_text(self) -> str:
        return f"buy {self.times}"


@dataclass(frozen=True, order=True)
class Start(Move):
    seat: int

    def to_text(self) -> str:
        return f"start p{self.seat}"


@dataclass(frozen=True, order=True)
class Ransom(Move):
    strength: int  # 0 = ransom no (more) knights

    def to_text(self) -> str:
        return f"ransom {self.strength}" if self.strength else "ransom none"


LancasterMove = Place | Pass | Vote | Favor | Upgrade | Extension | Noble | Take | Buy | Start | Ransom | Lord

_ID = re.compile(r"^[a-z0-9_]+$")


MAX_NUMBER = 999
"""The largest number a move may name: far above any count in the game, and it keeps a typed
number from turning into a huge integer."""


def _int(token: str, what: str) -> int:
    value = ascii_number(token, 0, MAX_NUMBER)
    if value is None:
        shown = token if len(token) <= 12 else token[:12] + "..."
        raise BadSyntax(
            say(
                "Expected a number from 0 to {max} for {what} (the digits 0-9), got '{shown}'.",
                max=MAX_NUMBER,
                what=what,
                shown=shown,
            )
        )
    return value


def _letter(token: str) -> bool:
    """One ASCII letter (a county): str.isalpha() also takes 'é' or 'ß', whose upper case is no
    county ('ß'.upper() is 'SS')."""
    return len(token) == 1 and token.isascii() and token.isalpha()


def _count_option(extras: list[str], keys: tuple[str, ...], what: str, after: str) -> int:
    """The N of ``<key>=N`` (the last one given; 0 without one); any other word is refused."""
    count = 0
    for extra in extras:
        key, _, value = extra.partition("=")
        if key not in keys or not value:
            raise BadSyntax(
                say(
                    "Unknown option '{extra}': only {key}=N may follow {after}.",
                    extra=extra,
                    key=keys[0],
                    after=after,
                )
            )
        count = _int(value, what)
    return count


def _place_target(token: str) -> str:
    kind, _, rest = token.partition(":")
    if kind == "county" and _letter(rest):
        return f"county:{rest.upper()}"
    if kind in ("castle", "conflict") and rest and _ID.match(rest):
        return f"{kind}:{rest.upper()}"
    if token == "tower":  # The King's Resentment (R2.1)
        return "tower"
    if _letter(token):  # "knight 1 d" is county D
        return f"county:{token.upper()}"
    if _ID.match(token) and token[0] == "k":  # "knight 2 k03" is conflict K03
        return f"conflict:{token.upper()}"
    if _ID.match(token) and token[0] in "xa":  # "knight 1 x2" is castle space X2
        return f"castle:{token.upper()}"
    raise BadSyntax(
        say("Unknown place '{token}': write county:D, castle:X2, conflict:K03 or tower.", token=token)
    )


def _where(token: str) -> str:
    if token == "none":
        return "none"
    parts = token.split(":")
    if parts[0] == "court" and len(parts) == 2:
        return f"court:{_int(parts[1], say('the knight strength'))}"
    if parts[0] == "county" and len(parts) == 2 and _letter(parts[1]):
        return f"county:{parts[1].upper()}"
    if parts[0] == "castle" and len(parts) == 2 and _ID.match(parts[1]):
        return f"castle:{parts[1].upper()}"
    if parts[0] in ("tower", "lord") and len(parts) == 2:  # a tower knight, the lord's escort
        return f"{parts[0]}:{_int(parts[1], 'the knight strength')}"
    if parts[0] == "conflict" and len(parts) == 3 and _ID.match(parts[1]):
        return f"conflict:{parts[1].upper()}:{_int(parts[2], say('the knight strength'))}"
    raise BadSyntax(
        say(
            "Unknown knight '{token}': write court:1, county:B, castle:X1, conflict:K03:2, tower:4, "
            "lord:3 or none.",
            token=token,
        )
    )


_PRIVILEGE_WORDS = ("tudor", "shield", "archer")
"""Henry V privileges a placement may name, in Place's field order."""


def _lord(args: list[str]) -> Lord:
    """``lord <space> [knight=N] [tudor] [bishops=N]`` (Henry V)."""
    if not args or not _ID.match(args[0]):
        raise BadSyntax("Write 'lord <office or treasury> [knight=N] [tudor] [bishops=N]' or 'lord home'.")
    knight = bishops = 0
    tudor = False
    for extra in args[1:]:
        key, _, value = extra.partition("=")
        if extra == "tudor":
            tudor = True
        elif key in ("knight", "k") and value:
            knight = _int(value, "the escort knight's strength")
        elif key in ("bishops", "bishop", "b") and value:
            bishops = _int(value, "bishops")
        else:
            raise BadSyntax(f"Unknown option '{extra}': after the space write knight=N, tudor or bishops=N.")
    return Lord(args[0], knight, tudor, bishops)


def parse_text(text: str) -> LancasterMove:
    """The move a text names, by grammar alone (legality is checked by the engine)."""
    tokens = text.strip().lower().replace(",", " ").split()
    if not tokens:
        raise BadSyntax(say("Empty move. Try e.g. 'knight 2 county:B' or 'vote yes markers=1'."))
    verb, args = tokens[0], tokens[1:]
    if verb == "pass" and not args:
        return Pass()
    if verb in ("knight", "ally"):
        if len(args) < 2:
            raise BadSyntax(
                say("Write '{verb} <strength> <place> [squires=N]', e.g. '{verb} 2 county:B'.", verb=verb)
            )
        flags = [a for a in args[2:] if a in _PRIVILEGE_WORDS]
        rest = [a for a in args[2:] if a not in _PRIVILEGE_WORDS]
        squires = _count_option(rest, ("squires", "squire", "s"), say("squires"), say("the place"))
        strength, target = _int(args[0], say("the knight strength")), _place_target(args[1])
        return Place(strength, target, squires, verb == "ally", *(w in flags for w in _PRIVILEGE_WORDS))
    if verb == "lord":
        return _lord(args)
    if verb == "vote":
        if not args or args[0] not in ("yes", "no"):
            raise BadSyntax(say("Write 'vote yes markers=N' or 'vote no markers=N'."))
        markers = _count_option(args[1:], ("markers", "marker", "m"), say("vote markers"), "yes/no")
        return Vote(args[0] == "yes", markers)
    if len(args) != 1:
        raise BadSyntax(
            say("Unknown move '{text}'. See the Lancaster rules help for the notation.", text=text.strip())
        )
    arg = args[0]
    if verb == "favor":
        return Favor(_int(arg, say("the King's Favor tile")))
    if verb == "upgrade":
        return Upgrade(_where(arg))
    if verb == "extension":
        return Extension("none" if arg == "none" else arg.upper())
    if verb == "noble" and _letter(arg):
        return Noble(arg.upper())
    if verb == "take" and arg in ("noble", "reward", "both"):
        return Take(arg)
    if verb == "buy":
        return Buy(_int(arg, say("how many")))
    if verb == "start":
        return Start(_int(arg.removeprefix("p"), say("the seat")))
    if verb == "ransom":
        return Ransom(0 if arg == "none" else _int(arg, say("the knight strength")))
    raise BadSyntax(
        say("Unknown move '{text}'. See the Lancaster rules help for the notation.", text=text.strip())
    )
