"""The rules contract every game package implements (see design.md, "The rules contract").

Only the standard library may be imported anywhere under ``rules/``: the engine is pure and
must run the same in the bot, the sandbox, tests and benchmarks.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict, runtime_checkable

JSONValue = Any
"""A value that ``json.dumps`` accepts (dicts with str keys, lists, str, int, float, bool, None)."""


# --------------------------------------------------------------------------------------------
# Errors: a small taxonomy. Every message is written for a player, not a programmer.
# --------------------------------------------------------------------------------------------


class RulesError(ValueError):
    """A move was refused. The state it was checked against is unchanged."""

    kind = "illegal"


class BadSyntax(RulesError):
    """The text is not a move of this game at all."""

    kind = "syntax"


class IllegalMove(RulesError):
    """A well-formed move that the rules do not allow now."""

    kind = "illegal"


class AmbiguousMove(RulesError):
    """The text matches more than one legal move; the message lists how to tell them apart."""

    kind = "ambiguous"


class NotYourTurn(RulesError):
    """The player is not among ``active_players`` right now."""

    kind = "turn"


class ContentChanged(ValueError):
    """``from_json`` refuses a state saved under other content data (e.g. a changed override
    file): replaying it against changed values would silently change the game."""


# --------------------------------------------------------------------------------------------
# Value types shared by all games
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A setup option a game offers (shown by ``/game new``)."""

    name: str
    default: str | bool | int
    choices: tuple[str | bool | int, ...]
    description: str


@dataclass(frozen=True)
class Prompt:
    """What a player is asked to do now, for the bot to present.

    ``text`` is one line ("Choose a Council Privilege (2, all different)").
    ``decision`` is True when the legal moves are a short list of answers best shown as buttons
    or a select (a privilege, a cost alternative, support the Church), False for a main action
    that is typed or autocompleted. ``secret`` is True when the answer must be given privately
    (a Lancaster vote): the bot collects it in an ephemeral reply and the engine reveals it.
    """

    text: str
    decision: bool = False
    secret: bool = False


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``scores[seat]`` is the final score; ``ranking`` lists seats best first after the game's
    tie-break; ``winners`` holds every seat that shares first place after the tie-break (usually
    one); ``breakdown[seat]`` maps a scoring category (in display order) to points.
    """

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: frozenset[int]
    breakdown: tuple[Mapping[str, int], ...]
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> OutcomeJSON:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": sorted(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
            "notes": list(self.notes),
        }


class OutcomeJSON(TypedDict):
    """``Outcome.to_json()``: what views carry once a game is over (lists, for JSON)."""

    scores: list[int]
    ranking: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    notes: list[str]


# --------------------------------------------------------------------------------------------
# The common view header: the part of every ``player_view`` that is the same for every game
# --------------------------------------------------------------------------------------------

SEAT_COLOURS: tuple[tuple[str, str], ...] = (
    ("blue", "B"),
    ("orange", "O"),
    ("green", "G"),
    ("pink", "P"),
    ("yellow", "Y"),
    ("vermilion", "V"),
)
"""Seat -> (colour name, letter), seat 0 first: the same in every image and message. The letter is
the colour's initial, so text ("Blue (B)") and the marker drawn in images agree; render/palette
gives each its fill and shape."""


def seat_colour(seat: int) -> tuple[str, str]:
    """(colour name, letter) of a seat; seats beyond the table reuse it (no game has that many)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class SeatHeader(TypedDict):
    """One seat as every view names it. ``name`` is the player's display name: engines leave it
    None (they do not know players); the bot fills it in for images (``render_view(names=)``)."""

    seat: int
    colour: str
    letter: str
    name: str | None


class LastMoveHeader(TypedDict):
    """The move that led to this state. ``text`` is its canonical text, or a masked form for a
    secret move ("vote", "draft (secret)"); ``events`` are its sentences with ``{pN}`` seat
    placeholders, the same the channel gets; ``places`` are the board places it touched, as the
    game names them (Lorenzo space and "card:<id>" ids, Lancaster "county:D", "castle:X2", ...)."""

    seat: int
    text: str
    events: list[str]
    places: list[str]


class ViewHeader(TypedDict):
    """``view["header"]``: what every game's ``player_view`` says the same way, so boards, alt text
    and messages can show any game's title, status, turn and last move without knowing the game.

    ``round`` counts from 1 to ``rounds``; ``period`` is a larger division of the rounds in words
    ("Period II") or None. ``phase`` is the game's phase id, ``phase_title`` its name for players.
    ``order`` lists the seats in this round's playing order; ``active`` the seats that must act now
    (sorted; empty once over). ``prompt`` is the public line of what the game waits for (the same
    in every view, so a public board may show it) or None; ``your_prompt`` is what the viewer is
    asked, only in a seat's own view while that seat must act. Both use ``{pN}`` placeholders.
    ``score_unit`` is how scores are counted ("VP"). ``outcome`` is ``Outcome.to_json()`` once the
    game is over, else None.
    """

    game: str
    title: str
    seats: list[SeatHeader]
    viewer: int | None
    round: int
    rounds: int
    period: str | None
    phase: str
    phase_title: str
    order: list[int]
    active: list[int]
    prompt: str | None
    your_prompt: str | None
    last: LastMoveHeader | None
    outcome: OutcomeJSON | None
    score_unit: str


def seat_headers(players: int) -> list[SeatHeader]:
    """The ``seats`` of a header: every seat with its colour and letter, names left to the bot."""
    return [
        {"seat": s, "colour": seat_colour(s)[0], "letter": seat_colour(s)[1], "name": None}
        for s in range(players)
    ]


@runtime_checkable
class Move(Protocol):
    """A frozen value with one canonical text form; ``parse(to_text())`` gives it back.

    Optional: a move may also define ``label() -> str``, a friendlier wording for buttons and
    select options ("draft Cesare Borgia" for ``draft cesare_borgia``). It is display only: the
    bot still records and replays ``to_text()``. Read it through ``move_label``, which falls back
    to ``to_text()`` for moves without one. (Not a protocol member, so moves need not define it.)
    """

    def to_text(self) -> str: ...


def move_label(move: Move) -> str:
    """The optional ``label()`` of a move (see ``Move``), else its canonical text."""
    label = getattr(move, "label", None)
    return str(label()) if callable(label) else move.to_text()


@runtime_checkable
class Game(Protocol):
    """The contract. ``State`` is each game's own type; the bot treats it as opaque."""

    name: str
    title: str
    min_players: int
    max_players: int

    def options(self) -> Sequence[Option]: ...

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Any: ...

    def active_players(self, state: Any) -> frozenset[int]: ...

    def legal_moves(self, state: Any, player: int) -> Sequence[Move]: ...

    def parse(self, state: Any, player: int, text: str) -> Move:
        """The legal move ``text`` stands for, or a RulesError: BadSyntax for text that is no move
        of this game, NotYourTurn when ``player`` is not active, IllegalMove otherwise."""
        ...

    def apply(self, state: Any, player: int, move: Move) -> tuple[Any, list[str]]:
        """The next state and the events in words; refuses (RulesError) what parse would refuse."""
        ...

    def prompt(self, state: Any, player: int) -> Prompt: ...

    def player_view(self, state: Any, player: int | None) -> dict[str, JSONValue]:
        """What ``player`` may see (None: the public view), JSON-able. It should carry the common
        ``ViewHeader`` under ``"header"`` (boards, alt text and messages read title, round, turn
        and last move from it); a view without one still renders, from the keys it has."""
        ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def to_json(self, state: Any) -> str: ...

    def from_json(self, text: str) -> Any: ...

    def rules_help(self) -> str: ...


# --------------------------------------------------------------------------------------------
# Helpers every game uses
# --------------------------------------------------------------------------------------------


def rng_for(seed: int, step: int) -> random.Random:
    """A generator for one random draw of a game.

    The state keeps only ``seed`` and a counter of draws made so far, so it stays plain JSON and
    a game replays exactly from its seed and move log. String seeding is stable across Python
    runs and versions (it is hashed with SHA-512, not ``hash()``).
    """
    return random.Random(f"tavola:{seed}:{step}")


SEAT_TOKEN = re.compile(r"\{p(\d)\}")


def seat(player: int) -> str:
    """The placeholder that stands for a seat in event text; the bot puts the player's name there."""
    return f"{{p{player}}}"


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace the ``{pN}`` placeholders of event or prompt text with display names."""

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if i < len(names) else m.group(0)

    return SEAT_TOKEN.sub(sub, text)


def normalise_options(game: Game, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and reject unknown names or values, with messages for players."""
    known = {o.name: o for o in game.options()}
    result: dict[str, Any] = {o.name: o.default for o in known.values()}
    for key, value in (given or {}).items():
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            raise IllegalMove(f"{game.title} has no option '{key}' (options: {names}).")
        option = known[key]
        value = coerce_option(option, value)
        result[key] = value
    return result


def coerce_option(option: Option, value: Any) -> str | bool | int:
    """Accept the text forms players type ("on", "true", "3") for an option's value."""
    if isinstance(option.default, bool):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
    else:
        for choice in option.choices:
            if str(choice).lower() == str(value).strip().lower():
                return choice
    allowed = ", ".join(str(c).lower() for c in option.choices)
    raise IllegalMove(f"Option '{option.name}' must be one of: {allowed}.")
