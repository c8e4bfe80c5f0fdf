"""Moves: frozen values with one canonical text form, and the text parser (syntax only).

Notation (case-insensitive when typed; ``to_text`` gives the canonical form):

- ``place <member> <space> [servants=N]`` - put a family member on a space. Members: black, white,
  orange, neutral. Spaces: territory_1..4, character_1..4, building_1..4, venture_1..4 (floor 1 is
  the bottom), harvest, harvest_big, production, production_big, market_1..4, council.
- ``take <tower space> [servants=N]`` / ``take none`` - the card a free card action takes.
- ``pay <goods>`` - which cost (after discounts) to pay, e.g. ``pay coin=3 wood=2``, ``pay mp=4``.
- ``privilege <choice>`` - wood_stone, servants, coins, military, faith (and, with ``houses``,
  special_token).
- ``exchange <goods>`` / ``exchange none`` - the option of a Production building to use, named by
  what it costs (``exchange wood=2``).
- ``harvest [servants=N]`` / ``production [servants=N]`` - servants added to a free Harvest or
  Production action from a card.
- ``support`` / ``refuse`` - the Vatican Report.
- ``tile <id>`` - the advanced personal bonus tile chosen (advanced_a .. advanced_d).
- ``pass`` - give up this placement (only with the ``voluntary_pass`` option, or when no member
  can be placed but a Leader action is possible).
- ``leader play <id>`` / ``leader activate <id>`` / ``leader discard <id>`` - Leader actions
  (``leaders`` option), before placing in your turn, any number of times.
- ``draft <id>`` - the leader kept from the pack in the leader draft (secret).
- ``copy <id>`` - the played leader Lorenzo de' Medici copies.
- ``montefeltro <member>`` - the coloured member Federico da Montefeltro sets to 6 this round.
- ``lose wood`` / ``lose stone`` - with excommunication E1-4, which good a source giving both loses.
- ``end`` (or ``done``) - end your turn after placing while Leader actions are still open.
  Leaders may be named by id (``sandro_botticelli``), full name (``Sandro Botticelli``) or a word
  of the name no other leader has (``botticelli``, ``moro``, ``bande nere``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rules.core import AmbiguousMove, BadSyntax, ascii_number, say, say_n
from rules.lorenzo.data import (
    ALL_TOWER_SPACES,
    CARDS,
    HOUSES,
    LEADERS,
    MEMBERS,
    PRIVILEGE_ORDER,
    PRIVILEGES,
    RESOURCES,
    SPACES,
)
from rules.lorenzo.describe import res_token
from rules.lorenzo.leaders import find_leader
from rules.moves_base import Move

Goods = tuple[tuple[str, int], ...]
"""A goods map as a hashable value, in canonical resource order, zero entries dropped."""


GOODS_KEYS: tuple[str, ...] = (*RESOURCES, "special_token")
"""Every key a goods map may have: the Special Token is a resource with ``houses``."""


def goods(res: dict[str, int]) -> Goods:
    return tuple((k, res[k]) for k in GOODS_KEYS if res.get(k, 0))


def _servants(n: int) -> str:
    return f" servants={n}" if n else ""


@dataclass(frozen=True)
class Place(Move):
    member: str
    space: str
    servants: int = 0

    def to_text(self) -> str:
        return f"place {self.member} {self.space}{_servants(self.servants)}"


@dataclass(frozen=True)
class Take(Move):
    space: str | None
    servants: int = 0

    def to_text(self) -> str:
        return "take none" if self.space is None else f"take {self.space}{_servants(self.servants)}"


@dataclass(frozen=True)
class Pay(Move):
    cost: Goods

    def to_text(self) -> str:
        return "pay " + res_token(dict(self.cost))

    def label(self) -> str:
        """In words, never "pay coin=4 wood=3" (issue 12 item 8)."""
        return say("Pay {goods}", goods=_res_words(dict(self.cost)))


@dataclass(frozen=True)
class Privilege(Move):
    choice: str

    def to_text(self) -> str:
        return f"privilege {self.choice}"

    def label(self) -> str:
        """In words, never the id "wood_stone" (issue 12 item 8)."""
        return say("Council Privilege: {goods}", goods=privilege_words(self.choice))


@dataclass(frozen=True)
class Exchange(Move):
    pay: Goods | None

    def to_text(self) -> str:
        return "exchange none" if self.pay is None else "exchange " + res_token(dict(self.pay))

    def label(self) -> str:
        from rules.lorenzo.describe import res_text  # describe reads the moves' data: late

        return (
            say("No exchange")
            if self.pay is None
            else say("Exchange: pay {goods}", goods=res_text(dict(self.pay)))
        )


@dataclass(frozen=True)
class BonusAction(Move):
    action: str  # "harvest" | "production"
    servants: int = 0

    def to_text(self) -> str:
        return f"{self.action}{_servants(self.servants)}"

    def label(self) -> str:
        if self.action == "harvest":
            if not self.servants:
                return say("Harvest")
            return say_n("Harvest, adding {n} servant", "Harvest, adding {n} servants", self.servants)
        if not self.servants:
            return say("Production")
        return say_n("Production, adding {n} servant", "Production, adding {n} servants", self.servants)


@dataclass(frozen=True)
class Vatican(Move):
    support: bool

    def to_text(self) -> str:
        return "support" if self.support else "refuse"

    def label(self) -> str:
        return say("Support the Church") if self.support else say("Refuse: take the excommunication")


@dataclass(frozen=True)
class ChooseTile(Move):
    tile: str

    def to_text(self) -> str:
        return f"tile {self.tile}"

    def label(self) -> str:
        return say("Personal bonus tile {tile}", tile=self.tile.rpartition("_")[2].upper())


@dataclass(frozen=True)
class Pass(Move):
    def to_text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class End(Move):
    """Close the Leader window after a placement (leaders option, §13 "after placing")."""

    def to_text(self) -> str:
        return "end"

    def label(self) -> str:
        return say("End my turn")


def privilege_words(choice: str) -> str:
    """A Council Privilege's goods in words ("1 wood + 1 stone"), from the data; the id if unknown."""
    goods = PRIVILEGES.get(choice)
    if choice == "stored":  # Da Montefeltro (houses): what the family tile holds
        return say("the goods stored on your family tile")
    if not goods:
        return choice.replace("_", " ")
    from rules.lorenzo.describe import res_text  # describe reads the moves' data: late

    return res_text(goods).replace(", ", " + ")


def family_words(family: str) -> str:
    """A Houses of Renaissance family by its name ("Della Rovere"), from the data."""
    known = HOUSES.get("families", {}).get(family)
    return str(known["name"]) if known else family.replace("_", " ").title()


def _res_words(goods: dict[str, int]) -> str:
    from rules.lorenzo.describe import res_text  # describe reads the moves' data: late

    return res_text(goods)


def token_words(kind: str) -> str:
    """A Special Token kind by its bonus ("3 coins"), from the data; the kind if unknown."""
    for token in HOUSES.get("special_tokens", {}).get("kinds", {}).values():
        if token["kind"] == kind:
            gains: dict[str, int] = {}
            for bonus in token["bonus"]:
                for res, n in bonus.get("res", {}).items():
                    gains[res] = gains.get(res, 0) + n
            return _res_words(gains) if gains else kind
    return kind


def card_words(card: int) -> str:
    """A development card by its name, from the data; its number if unknown."""
    return str(CARDS.get(card, {}).get("name") or f"card {card}")


def leader_name(leader_id: str) -> str:
    """A leader's full name for button labels (``Move.label``); the id if the data lacks it."""
    return str(LEADERS.get(leader_id, {}).get("name") or leader_id)


@dataclass(frozen=True)
class LeaderAction(Move):
    verb: str  # "play" | "activate" | "discard"
    leader: str

    def to_text(self) -> str:
        return f"leader {self.verb} {self.leader}"

    def label(self) -> str:
        return say("leader {verb} {leader}", verb=self.verb, leader=leader_name(self.leader))


@dataclass(frozen=True)
class Lose(Move):
    res: str  # "wood" | "stone": which good excommunication E1-4 takes from a source giving both

    def to_text(self) -> str:
        return f"lose {self.res}"

    def label(self) -> str:
        return say("Lose the {goods}", goods=self.res)


@dataclass(frozen=True)
class Draft(Move):
    leader: str

    def to_text(self) -> str:
        return f"draft {self.leader}"

    def label(self) -> str:
        return say("draft {leader}", leader=leader_name(self.leader))


@dataclass(frozen=True)
class Copy(Move):
    leader: str

    def to_text(self) -> str:
        return f"copy {self.leader}"

    def label(self) -> str:
        return say("copy {leader}", leader=leader_name(self.leader))


@dataclass(frozen=True)
class SetSix(Move):
    member: str

    def to_text(self) -> str:
        return f"montefeltro {self.member}"

    def label(self) -> str:
        return say("Set the {member} member to 6", member=self.member)


# ---- Houses of Renaissance decisions (HOUSES.md §5, §10, §13) --------------------------------


@dataclass(frozen=True)
class Token(Move):
    """Cash one held Special Token of this kind on your turn (HOUSES.md §10.2)."""

    kind: str  # coins, servants, materials, military, faith, victory

    def to_text(self) -> str:
        return f"token {self.kind}"

    def label(self) -> str:
        return say("Cash a Special Token: {goods}", goods=token_words(self.kind))


@dataclass(frozen=True)
class FaceUp(Move):
    """Which held token goes face up on card 98 or 128 (HOUSES.md §13.1)."""

    kind: str

    def to_text(self) -> str:
        return f"faceup {self.kind}"

    def label(self) -> str:
        return say("Face up: the token of {goods}", goods=token_words(self.kind))


@dataclass(frozen=True)
class Spend(Move):
    """Which held token pays a token cost, one at a time (HOUSES.md §10.2 "Pay": the payer
    chooses; it goes face down, so the public record hides the kind)."""

    kind: str

    def to_text(self) -> str:
        return f"spend {self.kind}"

    def label(self) -> str:
        return say("Pay with the token of {goods}", goods=token_words(self.kind))


@dataclass(frozen=True)
class Activate(Move):
    """A card an ``activate_cards`` effect activates, ignoring its value (None: no more)."""

    card: int | None

    def to_text(self) -> str:
        return "activate none" if self.card is None else f"activate {self.card}"

    def label(self) -> str:
        return (
            say("No more cards") if self.card is None else say("Activate {card}", card=card_words(self.card))
        )


@dataclass(frozen=True)
class Repeat(Move):
    """How many times an ``exchange_up_to_value`` exchange is made (cards 111, 112)."""

    times: int

    def to_text(self) -> str:
        return f"repeat {self.times}"

    def label(self) -> str:
        return {0: say("No exchange"), 1: say("Exchange once"), 2: say("Exchange twice")}.get(
            self.times
        ) or say("Exchange {n} times", n=self.times)


@dataclass(frozen=True)
class FreeLeader(Move):
    """The Leader played for free, ignoring its requirements (None: none)."""

    leader: str | None

    def to_text(self) -> str:
        return "free none" if self.leader is None else f"free {self.leader}"

    def label(self) -> str:
        return (
            say("No free Leader")
            if self.leader is None
            else say("free {leader}", leader=leader_name(self.leader))
        )


@dataclass(frozen=True)
class Recover(Move):
    """The discarded card taken by card 130 or 132 (None: none)."""

    card: int | None

    def to_text(self) -> str:
        return "recover none" if self.card is None else f"recover {self.card}"

    def label(self) -> str:
        return say("No card") if self.card is None else say("Take back {card}", card=card_words(self.card))


@dataclass(frozen=True)
class Bid(Move):
    """A bid in the Family Tile auction: a member on a line of the auction tile of ``family``."""

    family: str
    line: int

    def to_text(self) -> str:
        return f"bid {self.family} {self.line}"

    def label(self) -> str:
        """In words, never "bid della_rovere 3" (issue 12 item 8)."""
        return say("{family} tile, line {line}", family=family_words(self.family), line=self.line)


@dataclass(frozen=True)
class BidTile(Move):
    """The first step of a bid when all bids would not fit one list of 25 (5 players): the tile."""

    family: str

    def to_text(self) -> str:
        return f"bid {self.family}"

    def label(self) -> str:
        return say("{family} tile: choose the line", family=family_words(self.family))


@dataclass(frozen=True)
class Search(Move):
    """Cards 130/132 with more than 25 cards to choose from: first the type searched."""

    card_type: str

    def to_text(self) -> str:
        return f"search {self.card_type}"

    def label(self) -> str:
        return say("Look through the {type} cards", type=self.card_type)


@dataclass(frozen=True)
class Convert(Move):
    """Della Scala / Este: the family tile's conversion, on your own turn (HOUSES.md §15)."""

    def to_text(self) -> str:
        return "convert"

    def label(self) -> str:
        return say("Use your family tile's conversion")


@dataclass(frozen=True)
class Visconti(Move):
    """The Visconti token activated on playing a Leader (HOUSES.md §15)."""

    token: str

    def to_text(self) -> str:
        return f"visconti {self.token}"

    def label(self) -> str:
        tokens = HOUSES.get("families", {}).get("visconti", {}).get("visconti_tokens", {})
        gains = {
            k: n for b in tokens.get(self.token, {}).get("bonus", []) for k, n in b.get("res", {}).items()
        }
        return say("Visconti token: {goods}", goods=_res_words(gains) if gains else self.token)


@dataclass(frozen=True)
class Keep(Move):
    """Marsilio Ficino: the drawn Special Token kept (HOUSES.md §13.1)."""

    kind: str

    def to_text(self) -> str:
        return f"keep {self.kind}"

    def label(self) -> str:
        return say("Keep the token of {goods}", goods=token_words(self.kind))


@dataclass(frozen=True)
class Dismiss(Move):
    """Tomas de Torquemada: the own card discarded (HOUSES.md §13.1)."""

    card: int

    def to_text(self) -> str:
        return f"dismiss {self.card}"

    def label(self) -> str:
        return say("Discard {card}", card=card_words(self.card))


HousesMove = (
    Search
    | BidTile
    | Keep
    | Dismiss
    | Token
    | FaceUp
    | Spend
    | Activate
    | Repeat
    | FreeLeader
    | Recover
    | Bid
    | Convert
    | Visconti
)

LorenzoMove = (
    Place
    | Take
    | Pay
    | Privilege
    | Exchange
    | BonusAction
    | Vatican
    | ChooseTile
    | Pass
    | LeaderAction
    | Draft
    | Copy
    | SetSix
    | End
    | Lose
    | HousesMove
)

# Words players are likely to type for a privilege, mapped to the canonical choice.
PRIVILEGE_ALIASES = {
    "wood_stone": "wood_stone",
    "woodstone": "wood_stone",
    "wood": "wood_stone",
    "stone": "wood_stone",
    "servants": "servants",
    "servant": "servants",
    "coins": "coins",
    "coin": "coins",
    "military": "military",
    "mp": "military",
    "faith": "faith",
    "fp": "faith",
    "special_token": "special_token",  # the New Council tile (houses, HOUSES.md §9)
    "token": "special_token",
    "stored": "stored",  # Da Montefeltro: everything stored on the family tile (houses)
}
assert set(PRIVILEGE_ALIASES.values()) == {*PRIVILEGE_ORDER, "special_token", "stored"}

SPACE_NAMES = set(ALL_TOWER_SPACES) | set(SPACES)
_RES_ALIASES = {"coins": "coin", "servants": "servant"}
_KV = re.compile(r"^([a-z_]+)=(.+)$")
MAX_AMOUNT = 999
"""The largest count a move may name; far above anything a player holds, and it keeps a typed
number from turning into a huge integer."""


def _amount(value: str, text: str) -> int:
    """A count written in a move: ASCII digits 0-9, from 0 to MAX_AMOUNT."""
    amount = ascii_number(value, 0, MAX_AMOUNT)  # the digits 0-9 only (issue 8 item 2)
    if amount is None:
        shown = value if len(value) <= 12 else value[:12] + "..."
        raise BadSyntax(
            say(
                "'{text}': '{shown}' is not a number from 0 to {max} (write it with the digits 0-9).",
                text=text,
                shown=shown,
                max=MAX_AMOUNT,
            )
        )
    return amount


def _parse_servants(tokens: list[str], text: str) -> int:
    if not tokens:
        return 0
    if len(tokens) == 1:
        match = _KV.match(tokens[0])
        if match and match.group(1) in ("servants", "servant", "s"):
            return _amount(match.group(2), text)
        if not match and any(ch.isnumeric() for ch in tokens[0]):  # a bare count: "servants" implied
            return _amount(tokens[0], text)
    raise BadSyntax(say("'{text}': expected at most 'servants=N' after the space.", text=text))


def _parse_goods(tokens: list[str], text: str) -> Goods:
    if tokens == ["nothing"]:
        return ()
    res: dict[str, int] = {}
    for tok in tokens:
        match = _KV.match(tok)
        if not match:
            raise BadSyntax(say("'{text}': goods are written like 'coin=3 wood=1'.", text=text))
        key = _RES_ALIASES.get(match.group(1), match.group(1))
        if key not in GOODS_KEYS:
            raise BadSyntax(
                say(
                    "'{text}': unknown good '{good}' (use {goods}).",
                    text=text,
                    good=match.group(1),
                    goods=", ".join(GOODS_KEYS),
                )
            )
        res[key] = res.get(key, 0) + _amount(match.group(2), text)
    if not res:
        raise BadSyntax(say("'{text}': say what to pay, e.g. 'pay coin=3'.", text=text))
    return goods(res)


def _parse_place(rest: list[str], text: str) -> Place:
    if len(rest) < 2:
        raise BadSyntax(say("Write 'place <member> <space> [servants=N]', e.g. 'place black territory_3'."))
    member, space = rest[0], rest[1]
    if member not in MEMBERS and member != "brown":  # brown: Colonna's fifth member (houses)
        raise BadSyntax(
            say("'{member}' is not a family member (black, white, orange, neutral).", member=member)
        )
    if space not in SPACE_NAMES and not (space.startswith("leader_") and space[7:] in LEADERS):
        raise BadSyntax(
            say(
                "'{space}' is not an action space (e.g. territory_3, harvest_big, market_1, council).",
                space=space,
            )
        )
    return Place(member, space, _parse_servants(rest[2:], text))


def _parse_take(rest: list[str], text: str) -> Take:
    if rest == ["none"]:
        return Take(None)
    if not rest or rest[0] not in ALL_TOWER_SPACES:
        raise BadSyntax(
            say("Write 'take <tower space> [servants=N]' (e.g. 'take building_2') or 'take none'.")
        )
    return Take(rest[0], _parse_servants(rest[1:], text))


def _parse_leader_action(rest: list[str]) -> LorenzoMove:
    if len(rest) < 2 or rest[0] not in ("play", "activate", "discard"):
        raise BadSyntax(
            say(
                "Write 'leader play|activate|discard <leader>', e.g. 'leader play santa_rita' "
                "or 'leader activate botticelli'."
            )
        )
    verb = rest[0]
    return _leader(rest[1:], lambda x: LeaderAction(verb, x))


def parse_text(text: str) -> LorenzoMove:
    """Turn text into a move; checks syntax only (legality is the engine's job)."""
    clean = " ".join(text.strip().lower().replace(",", " ").split())
    tokens = clean.split(" ") if clean else []
    if not tokens:
        raise BadSyntax(say("Empty move. Try e.g. 'place black territory_3' or 'privilege coins'."))
    head, rest = tokens[0], tokens[1:]
    if head == "place":
        return _parse_place(rest, text)
    if head == "take":
        return _parse_take(rest, text)
    if head == "pay":
        return Pay(_parse_goods(rest, text))
    if head == "exchange":
        if rest in (["none"], ["skip"]):
            return Exchange(None)
        return Exchange(_parse_goods(rest, text))
    if head == "privilege":
        if len(rest) != 1 or rest[0] not in PRIVILEGE_ALIASES:
            raise BadSyntax(
                say(
                    "Write 'privilege <choice>': wood_stone, servants, coins, military, faith "
                    "(or special_token)."
                )
            )
        return Privilege(PRIVILEGE_ALIASES[rest[0]])
    if head in ("harvest", "production"):
        return BonusAction(head, _parse_servants(rest, text))
    if head == "support" and not rest:
        return Vatican(True)
    if head in ("refuse", "decline") and not rest:
        return Vatican(False)
    if head == "tile" and len(rest) == 1:
        return ChooseTile(rest[0])
    if head == "pass" and not rest:
        return Pass()
    if head == "leader":
        return _parse_leader_action(rest)
    if head in ("draft", "copy") and rest:
        return _leader(rest, Draft if head == "draft" else Copy)
    if head in ("end", "done") and not rest:
        return End()
    if head == "lose" and rest in (["wood"], ["stone"]):
        return Lose(rest[0])
    if head == "montefeltro" and len(rest) == 1 and rest[0] in ("black", "white", "orange"):
        return SetSix(rest[0])
    if head in _HOUSES_HEADS:
        return _parse_houses(head, rest, text)
    raise BadSyntax(
        say(
            "'{text}' is not a Lorenzo move. Moves: place, take, pay, privilege, exchange, harvest, "
            "production, support, refuse, tile, pass, leader, draft, copy, montefeltro, end "
            "(with houses also token, faceup, activate, repeat, free, recover, bid).",
            text=text.strip(),
        )
    )


_HOUSES_HEADS = frozenset(
    {
        "token",
        "faceup",
        "spend",
        "activate",
        "repeat",
        "free",
        "recover",
        "bid",
        "convert",
        "visconti",
        "keep",
        "dismiss",
        "search",
    }
)


def _parse_houses(head: str, rest: list[str], text: str) -> LorenzoMove:
    """The Houses of Renaissance answers (syntax only)."""
    if head in ("token", "faceup", "spend") and len(rest) == 1 and rest[0].isalpha():
        return Token(rest[0]) if head == "token" else FaceUp(rest[0]) if head == "faceup" else Spend(rest[0])
    if head in ("activate", "recover") and rest == ["none"]:
        return Activate(None) if head == "activate" else Recover(None)
    if head in ("activate", "recover", "repeat") and len(rest) == 1:
        number = _amount(rest[0], text)
        return (
            Activate(number)
            if head == "activate"
            else Recover(number)
            if head == "recover"
            else Repeat(number)
        )
    if head == "free" and rest == ["none"]:
        return FreeLeader(None)
    if head == "free" and rest:
        return _leader(rest, FreeLeader)
    if head == "bid" and len(rest) == 2:
        return Bid(rest[0], _amount(rest[1], text))
    if head == "bid" and len(rest) == 1:
        return BidTile(rest[0])
    if head == "convert" and not rest:
        return Convert()
    if head == "search" and len(rest) == 1:
        return Search(rest[0])
    if head == "keep" and len(rest) == 1:
        return Keep(rest[0])
    if head == "dismiss" and len(rest) == 1:
        return Dismiss(_amount(rest[0], text))
    if head == "visconti" and len(rest) == 1:
        return Visconti(rest[0].upper())
    raise BadSyntax(
        say(
            "'{text}': write 'token <kind>', 'faceup <kind>', 'spend <kind>', 'activate <card>|none', "
            "'repeat N', 'free <leader>|none', 'recover <card>|none' or 'bid <family> <line>'.",
            text=text.strip(),
        )
    )


class LeaderNameAmbiguous(AmbiguousMove):
    """A word several leaders share ('medici'). ``candidates`` are the moves it could mean; the
    game takes the one that is legal when exactly one is (``draft medici`` with one Medici in the
    pack)."""

    def __init__(self, message: str, candidates: list[LorenzoMove]) -> None:
        super().__init__(message)
        self.candidates = candidates


def _leader(tokens: list[str], make: Callable[[str], LorenzoMove]) -> LorenzoMove:
    """The move for a leader named by id, full name or a word of its name (see leaders.py)."""
    found = find_leader(tokens)
    if isinstance(found, list):
        raise LeaderNameAmbiguous(
            say("'{text}' could be {leaders}.", text=" ".join(tokens), leaders=" or ".join(found)),
            [make(x) for x in found],
        )
    if found is None:
        raise BadSyntax(
            say("'{text}' is not a leader (e.g. santa_rita, botticelli, sisto_iv).", text=" ".join(tokens))
        )
    return make(found)
