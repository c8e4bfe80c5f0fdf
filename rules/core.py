"""The rules contract every game package implements (see design.md, "The rules contract").

Only the standard library may be imported anywhere under ``rules/``: the engine is pure and
must run the same in the bot, the sandbox, tests and benchmarks.
"""

from __future__ import annotations

import json
import marshal
import random
import re
import string
from collections.abc import Callable, Iterable, Mapping, MutableSequence, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import (
    Any,
    Literal,
    NamedTuple,
    NotRequired,
    Protocol,
    SupportsIndex,
    TypedDict,
    runtime_checkable,
)

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
# Numbers players type (issue 8 item 2)
# --------------------------------------------------------------------------------------------

# ASCII digits only, and few of them: str.isdigit() accepts '²' (which int() then refuses), and
# \d and int() accept '٣', '1_000', ' 3' or '+3'. 18 digits stay below 2**63 (SQLite and BIGINT).
_ASCII_NUMBER = re.compile(r"[0-9]{1,18}")
NUMBER_MAX = 10**18 - 1


def ascii_number(text: str, low: int = 0, high: int = NUMBER_MAX) -> int | None:
    """The whole number ``text`` writes with the digits 0-9, if it lies in ``[low, high]``; else
    None (the caller refuses in its own words). The one decoder for numbers that come from a
    player: move texts, custom ids, select values."""
    if not _ASCII_NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


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
    title: str = ""  # the option's name for players ("Military ties"); see ``option_words``
    words: tuple[str, ...] = ()  # each choice in words, in ``choices`` order ("next player gets second")


@dataclass(frozen=True)
class Prompt:
    """What a player is asked to do now, for the bot to present.

    ``text`` is one line ("Choose a Council Privilege (2, all different)"), addressed to the
    player who must act and not starting with their name: the bot writes it after naming them
    ("➡️ @Anna: choose a Council Privilege …").
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
    None (they do not know players); the bot fills it in for images (``render_view(names=)``),
    and ``computer`` where a computer plays the seat: its level ("easy", "normal", "hard") for a
    computer's own seat, "away" for a person's seat the computer plays for them now."""

    seat: int
    colour: str
    letter: str
    name: str | None
    computer: NotRequired[str | None]


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
    """The contract (design.md, "The rules contract"). ``State`` is each game's own type; the bot
    treats it as opaque.

    These members are all a game must have. A game may also offer these optional members; the
    bot reads each through the function named, which supplies the default when it is missing:

    - ``prompt(state, player) -> Prompt``: what ``player`` is asked now (``game_prompt``);
    - ``rules_help() -> str``: the rules summary ``/game rules`` shows (``game_rules_help``);
    - ``commands() -> Sequence[GameCommand]``: the game's own slash command (``game_commands``);
    - ``content_settings() -> Sequence[ContentSetting]``: content chosen by environment settings
      at start-up (``game_content_settings``);
    - on a move, ``label() -> str`` (``move_label``);
    - ``simulate(state, player, move) -> state``: the fast path for computer players and
      benchmarks (``game_simulate``), which may leave out the move's words; see there;
    - ``simulation(state) -> Simulation``: the three calls of a simulation from ``state``, looked
      up once (``game_simulation``; ``rules.rollout`` plays with them); see there;
    - ``continues_turn(before, after, player) -> bool``: whether ``player``'s move from
      ``before`` to ``after`` leaves them a decision of the same turn (``game_continues_turn``);
    - ``sample_state(view, seat, rng) -> state``: a full state consistent with a seat's view, for
      computer players (``game_sample_state``); see there;
    - ``undo_barrier(before, after, player) -> str | None``: a game's own reasons why a step
      can't be taken back (``game_undo_barrier``, which adds the common ones);
    - ``move_steps(state, player, moves) -> Sequence[Sequence[Step]]``: each move as a short
      sequence of choices, for guided turns and autocomplete (``game_move_steps``);
    - ``preview(state, player, move) -> str``: what a move will do, shown before it is
      confirmed (``game_preview``);
    - ``round_of(state) -> int``: the round a state is in (``game_round``; default: the public
      view header's ``round``);
    - ``scores_now(state) -> Sequence[int]``: each seat's running score, before the final
      scoring (``game_scores_now``; ``round_scores`` makes the end-of-game chart of them).
    """

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

    def player_view(self, state: Any, player: int | None) -> dict[str, JSONValue]:
        """What ``player`` may see (None: the public view), JSON-able. It should carry the common
        ``ViewHeader`` under ``"header"`` (boards, alt text and messages read title, round, turn
        and last move from it); a view without one still renders, from the keys it has."""
        ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def to_json(self, state: Any) -> str: ...

    def from_json(self, text: str) -> Any: ...


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


SEAT_TOKEN = re.compile(r"\{p([0-9])\}")


def seat(player: int) -> str:
    """The placeholder that stands for a seat in event text; the bot puts the player's name there."""
    return f"{{p{player}}}"


def counted(n: int, word: str, many: str | None = None) -> str:
    """``n`` with its noun in the right number ("1 squire", "2 squires", "0 vote markers"):
    what a player reads never says "squire(s)" (issue 12 item 8)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


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


# --------------------------------------------------------------------------------------------
# Stored states: copy, JSON round trip and numbered format upgrades (shared by the engines)
# --------------------------------------------------------------------------------------------

StateDict = dict[str, Any]
StateUpgrade = Callable[[StateDict], StateDict]
"""One step of a game's state-format migration: takes a state of format N, returns it in
format N + 1 (it may change and return its argument). A game keeps its steps in a list,
``upgrades[0]`` being 1 -> 2; the ``format`` number itself is set by ``state_from_json``."""

FORMAT_KEY = "format"
"""The key of a state's format number. A state without it is format 1 (saved before formats)."""


def current_format(upgrades: Sequence[StateUpgrade]) -> int:
    """The format number new states carry: one more than the number of upgrade steps."""
    return len(upgrades) + 1


def renamed_keys(record: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``record`` with keys renamed by ``names`` (others kept), in the same order: the usual
    building block of an upgrade step."""
    return {names.get(key, key): value for key, value in record.items()}


def copy_state(state: StateDict) -> StateDict:
    """A deep copy of a plain JSON-like state (dicts, lists, str, int, bool, None).

    ``marshal`` keeps those types exactly and is several times faster than ``copy.deepcopy``;
    ``apply`` copies once and mutates the copy, so the input state is never changed."""
    copied: StateDict = marshal.loads(marshal.dumps(state))
    return copied


def state_to_json(state: StateDict) -> str:
    """The stored text of a state: compact, keys sorted so equal states give equal text."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def state_from_json(text: str, upgrades: Sequence[StateUpgrade]) -> StateDict:
    """Load a stored state and upgrade it step by step to the current format.

    Raises ContentChanged for a state from a newer format than this code knows (a newer
    bot saved it): loading it would misread it."""
    state: StateDict = json.loads(text)
    found = state.get(FORMAT_KEY, 1)
    latest = current_format(upgrades)
    if not isinstance(found, int) or not 1 <= found <= latest:
        raise ContentChanged(
            f"This game was saved in state format {found!r}; this version reads formats 1 to {latest}."
        )
    for number in range(found, latest):
        state = upgrades[number - 1](state)
        state[FORMAT_KEY] = number + 1
    return state


# --------------------------------------------------------------------------------------------
# Optional members (see ``Game``): what a game may declare beyond design.md's contract
# --------------------------------------------------------------------------------------------

ParamValue = str | int | bool
ParamKind = Literal["text", "integer", "flag"]


@dataclass(frozen=True)
class CommandParam:
    """One parameter of a subcommand of a game's own slash command.

    ``kind`` is "text", "integer" or "flag" (true/false). ``default`` None makes the parameter
    required (declare required parameters first). ``choices`` fixes the values of a text
    parameter; ``low``/``high`` bound an integer; ``max_length`` bounds a text (Discord allows at
    most 100 characters in an autocompleted value). ``suggest`` (text only): as the player types,
    offer the words this parameter takes in the player's legal-move texts (see ``GameCommand``).
    """

    name: str
    description: str
    kind: ParamKind = "text"
    default: ParamValue | None = None
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    max_length: int = 100
    suggest: bool = False


@dataclass(frozen=True)
class GameCommand:
    """A subcommand of the game's own slash command, ``/<game.name> <name> <params…>``: a shortcut
    for a common move that reads better than ``/move`` text.

    ``compose(values)`` turns the parameter values (every parameter present: text stripped,
    defaults filled) into a move text, which is submitted exactly as ``/move`` text is: the game
    parses and checks it, so ``compose`` needs no checks of its own.

    Suggestions for a ``suggest`` parameter come from ``legal_moves``: the front end calls
    ``compose`` with that parameter, and every required parameter not given yet, set to
    placeholder words (so ``compose`` should only format values into the text), and offers the
    words that the player's legal-move texts have where the parameter's placeholder stands, among
    the texts whose earlier words agree with the composed ones (see ``suggestions``).
    """

    name: str
    description: str
    compose: Callable[[Mapping[str, ParamValue]], str]
    params: tuple[CommandParam, ...] = ()


@dataclass(frozen=True)
class ContentSetting:
    """Game content chosen by an environment setting, read once at start-up before any saved
    game is loaded (e.g. a file of corrections to provisional data values).

    ``install(value)`` applies the setting's value (None when unset or blank: the shipped
    content) and raises ``ValueError`` whose message lists every problem, so the bot refuses to
    start rather than play with half-applied values. A state saved under other content should
    then be refused by ``from_json`` with ``ContentChanged``.
    """

    env: str
    description: str
    install: Callable[[str | None], None]


def game_prompt(game: Game, state: Any, player: int) -> Prompt:
    """``game.prompt(state, player)``; without one, "your move", secret when several players
    act at once (design.md: simultaneous moves are secret votes). The last of them to answer
    acts alone, so it is not secret then: a game whose answers must stay private until it
    reveals them says so with its own ``prompt``."""
    prompt = getattr(game, "prompt", None)
    if callable(prompt):
        found: Prompt = prompt(state, player)
        return found
    return Prompt("your move", secret=len(game.active_players(state)) > 1)


def game_catalogue_names(game: Game) -> dict[str, list[str]]:
    """The names a game shows players (cards, leaders, counties...), by message-catalogue context
    (e.g. ``"lorenzo card"``), from ``game.catalogue_names()``; none without it. The i18n tests
    hold the catalogues to them: every name translated (or marked as kept), none left over."""
    names = getattr(game, "catalogue_names", None)
    return {k: list(v) for k, v in names().items()} if callable(names) else {}


def say(template: str, /, **params: object) -> str:
    """An engine's English sentence made from a catalogued template (``i18n``): the template is a
    message id of the catalogue, and ``i18n.phrases`` finds it again in the finished sentence to
    translate it. The engines stay pure and their stored texts stay English.

    Exactly ``template.format(**params)``, made by the template's compiled filler (``_filler``):
    engines word every move, simulations too, and ``str.format`` parses the template each time."""
    if not params:
        return template
    fill = _FILLERS.get(template)
    if fill is None:
        fill = _filler(template)
    return fill(params)


def say_n(singular: str, plural: str, n: int, /, **params: object) -> str:
    """``say`` with an English plural chosen by ``n`` (filled in as ``{n}``)."""
    params["n"] = n
    template = singular if n == 1 else plural
    fill = _FILLERS.get(template)
    if fill is None:
        fill = _filler(template)
    return fill(params)


_FILLERS: dict[str, Callable[[dict[str, object]], str]] = {}


def _filler(template: str) -> Callable[[dict[str, object]], str]:
    """A function filling ``template``'s ``{name}`` fields from a dict, as ``str.format`` would:
    an f-string over the template's parts (its literal text passed in as values, never as code).
    A template with anything but plain names in its fields is filled by ``str.format`` itself."""
    pieces = list(string.Formatter().parse(template))
    if any(f is not None and (spec or conv or not f.isidentifier()) for _, f, spec, conv in pieces):

        def fill(params: dict[str, object]) -> str:
            return template.format(**params)

    else:
        literals = {f"_{i}": text for i, (text, _f, _s, _c) in enumerate(pieces)}
        body = "".join(
            "{" + f"_{i}" + "}" + ("" if name is None else "{d[" + repr(name) + "]}")
            for i, (_t, name, _s, _c) in enumerate(pieces)
        )
        args = ", ".join(f"{k}={k}" for k in literals)
        fill = eval(f"lambda d, {args}: f{body!r}", {}, literals)  # names only: no text is code
    _FILLERS[template] = fill
    return fill


def game_rules_help(game: Game) -> str:
    """``game.rules_help()``; without one, a summary built from the contract's own members."""
    help_text = getattr(game, "rules_help", None)
    if callable(help_text):
        return str(help_text())
    lines = [f"# {game.title}", "", f"{game.min_players} to {game.max_players} players."]
    options = list(game.options())
    if options:
        lines += ["", "Options:"]
        for o in options:
            choices = ", ".join(str(c).lower() for c in o.choices)
            lines.append(f"- `{o.name}` ({choices}; default {str(o.default).lower()}): {o.description}")
    lines += ["", "Moves: use `/move`; its suggestions list your legal moves."]
    return "\n".join(lines)


def game_commands(game: Game) -> tuple[GameCommand, ...]:
    """``game.commands()``, or none: the game is still played with ``/move`` and buttons."""
    commands = getattr(game, "commands", None)
    return tuple(commands()) if callable(commands) else ()


def game_simulate(game: Game, state: Any, player: int, move: Move) -> Any:
    """The state after ``move``, for simulation (computer players' rollouts, benchmarks).

    ``move`` must be one of ``legal_moves(state, player)``: a game's optional ``simulate(state,
    player, move)`` may skip checking it again, word no events (``Wordless``) and copy less, but
    returns a state equal to the one ``apply`` returns but for the words of the move
    (``without_words``), and never changes ``state``. Without one, this is ``apply(state,
    player, move)[0]``."""
    return _simulate_call(game)(state, player, move)


def _simulate_call(game: Game) -> Callable[[Any, int, Any], Any]:
    """The game's optional ``simulate``, or ``apply(...)[0]`` (``game_simulate``)."""
    simulate = getattr(game, "simulate", None)
    if callable(simulate):
        found: Callable[[Any, int, Any], Any] = simulate
        return found
    return lambda state, player, move: game.apply(state, player, move)[0]


class Simulation(NamedTuple):
    """``active_players``, ``legal_moves`` and ``game_simulate`` of a game, for ``state`` and every
    state simulated from it: a game may hand out its engine's own functions, past the checks and
    look-ups each contract call makes (which engine a state is for, say)."""

    active_players: Callable[[Any], AbstractSet[int]]
    legal_moves: Callable[[Any, int], Sequence[Move]]
    simulate: Callable[[Any, int, Any], Any]  # (each game's own move type)


def game_simulation(game: Game, state: Any) -> Simulation:
    """The calls a simulation from ``state`` makes: the game's optional ``simulation(state)``,
    or its contract members (``game_simulate`` looked up once)."""
    simulation = getattr(game, "simulation", None)
    if callable(simulation):
        found: Simulation = simulation(state)
        return found
    return Simulation(game.active_players, game.legal_moves, _simulate_call(game))


Events = MutableSequence[str]
"""What a step that words events takes them into: a list, or a ``Wordless`` one. Not
``list[str]``: code compiled with mypyc (rules/compiled.py) appends to a ``list[str]`` with the
list's own C function, past ``Wordless.append``, so a simulation would word every event (and
keep them). Through this type its calls go to the object's own methods."""


class Wordless(list[str]):
    """The events list of a word-free ``simulate``: it keeps nothing, so an engine that appends
    its sentences to it loses them (and one that formats through ``say_into`` never formats
    them). A state reached through it records no events for its last move (``without_words``)."""

    def append(self, event: str) -> None:
        pass

    def extend(self, events: Iterable[str]) -> None:
        pass

    def insert(self, index: SupportsIndex, event: str) -> None:
        pass

    def __iadd__(self, events: Iterable[str]) -> Wordless:  # type: ignore[override,misc]
        return self


def say_into(events: Events, template: str, /, **params: object) -> None:
    """``events.append(say(template, **params))``, with no formatting for a ``Wordless`` list."""
    if type(events) is not Wordless:
        events.append(say(template, **params))


def without_words(state: Any) -> Any:
    """``state`` less the words a move leaves in it for the view (``state["last_move"]
    ["events"]``, the convention of the games here): what ``simulate``'s state and ``apply``'s
    must agree on (``game_simulate``). The state itself is not changed."""
    last = state.get("last_move") if isinstance(state, dict) else None
    if not isinstance(last, dict) or "events" not in last:
        return state
    return {**state, "last_move": {k: v for k, v in last.items() if k != "events"}}


def game_continues_turn(game: Game, before: Any, after: Any, player: int) -> bool:
    """Whether ``player``, who just moved from ``before`` to ``after``, must now answer a decision
    that belongs to the same turn: a follow-up of their own move (a privilege, a cost, a favor,
    an upgrade, an exchange), not a new turn that happens to be theirs again.

    The bot asks follow-ups in the player's private reply and announces the turn in the channel
    once, when it passes to someone else (issue 12). A game's optional ``continues_turn(before,
    after, player)`` says so; without one every move is announced (False)."""
    continues = getattr(game, "continues_turn", None)
    if callable(continues):
        return bool(continues(before, after, player))
    return False


HIDDEN = "?"
"""What a game's ``known_state`` puts where the viewing seat may not see a value (see
``game_sample_state``)."""


def game_sample_state(game: Game, view: Mapping[str, Any], seat: int, rng: random.Random) -> Any | None:
    """A full state the seat could not tell from the true one, drawn with ``rng``, for computer
    players that search (information-set sampling); None for a game without the optional member.

    A game's ``sample_state(view, seat, rng)`` reads only ``view`` (the seat's own
    ``player_view``; both engines carry ``view["known_state"]``: the state with every secret of
    that seat's information set replaced by ``HIDDEN``) and fills every secret with a value
    consistent with the view, so ``player_view(sample, seat) == view``."""
    sample = getattr(game, "sample_state", None)
    if callable(sample):
        return sample(view, seat, rng)
    return None


def game_content_settings(game: Game) -> tuple[ContentSetting, ...]:
    """``game.content_settings()``, or none."""
    settings = getattr(game, "content_settings", None)
    return tuple(settings()) if callable(settings) else ()


@dataclass(frozen=True)
class Step:
    """One choice on the way to a move, for a guided turn (a button or select flow).

    A game may describe each legal move as a short sequence of steps (a Lorenzo placement: the
    family member, the area, the space, the servants); the bot offers the steps one level at a
    time, each level holding the distinct steps of the moves that agree with the choices so far.
    ``key`` tells a step apart from the others at its level (equal keys are the same choice);
    ``label`` is the button or option text (at most 80 characters: what it is, with the value
    it reaches); ``detail`` says what it costs and gives (a select option's description, at most
    100 characters). No move's steps may be the start of another move's steps.
    """

    key: str
    label: str
    detail: str = ""


def game_move_steps(game: Game, state: Any, player: int, moves: Sequence[Move]) -> list[tuple[Step, ...]]:
    """``game.move_steps(state, player, moves)`` (one sequence of steps per move, in order; given
    the whole list so a game works out shared facts once); without one, a single step per move,
    its label."""
    steps = getattr(game, "move_steps", None)
    if callable(steps):
        return [tuple(s) for s in steps(state, player, moves)]
    return [(Step(m.to_text(), move_label(m)),) for m in moves]


def game_preview(game: Game, state: Any, player: int, move: Move) -> str:
    """``game.preview(state, player, move)``: what ``move`` will do, in words (costs, gains, the
    card taken, the value reached, what is asked next), with ``{pN}`` placeholders, for the
    player who is about to confirm it. It must tell only what the move itself does: nothing the
    player may not see yet (no card drawn after it). Without one, the move's label."""
    preview = getattr(game, "preview", None)
    if callable(preview):
        return str(preview(state, player, move))
    return move_label(move)


# --------------------------------------------------------------------------------------------
# Scores over the rounds (issue 12 item 5: the end-of-game chart)
# --------------------------------------------------------------------------------------------


def game_round(game: Game, state: Any) -> int | None:
    """The round ``state`` is in (1 = the first): the optional member ``round_of(state) -> int``,
    else the public view header's ``round`` (None for a game whose view has no round). A round
    ends with the last state that still has its number: its end-of-round steps (a Vatican report,
    a last scoring) belong to it."""
    own = getattr(game, "round_of", None)
    if callable(own):
        return int(own(state))
    header = game.player_view(state, None).get("header")
    found = header.get("round") if isinstance(header, dict) else None
    return found if isinstance(found, int) else None


def game_scores_now(game: Game, state: Any) -> tuple[int, ...] | None:
    """Each seat's points in the middle of a game, by seat: the optional member
    ``scores_now(state) -> Sequence[int]``, the points as the game counts them during play (the
    score track: Lorenzo's Victory Points, Lancaster's power points), without the final scoring
    still to come (that is ``outcome``'s). None for a game without it: it keeps no running score."""
    own = getattr(game, "scores_now", None)
    if not callable(own):
        return None
    return tuple(int(x) for x in own(state))


@dataclass(frozen=True)
class RoundScores:
    """One point of the score chart: the points of every seat (by seat) at the end of ``round``;
    the last round's are the final scores (``Outcome.scores``) once the game is over."""

    round: int
    scores: tuple[int, ...]


def round_scores(game: Game, states: Sequence[Any]) -> list[RoundScores]:
    """Each seat's points at the end of every round reached, from the states of a replay (the
    setup, then the state after each move in force): one entry per round, in order; the last is
    the final scoring when the last state is over. Empty for a game without ``scores_now`` or
    without rounds."""
    if not states or game_scores_now(game, states[0]) is None:
        return []
    ends: dict[int, Any] = {}
    for state in states:
        number = game_round(game, state)
        if number is None:
            return []
        ends[number] = state  # the last state of each round
    found = [RoundScores(n, game_scores_now(game, ends[n]) or ()) for n in sorted(ends)]
    outcome = game.outcome(states[-1])
    if outcome is not None:
        found[-1] = RoundScores(found[-1].round, tuple(outcome.scores))
    return found


def move_summary(steps: Sequence[Step], text: str, limit: int = 100) -> str:
    """One line saying what a move does, from its steps' labels (an autocomplete entry), within
    ``limit`` characters (Discord's bound on a choice's name)."""
    words = " · ".join(s.label for s in steps) or text
    return words if len(words) <= limit else words[: limit - 1].rstrip() + "…"


_FOCUS = "\x00focus"  # placeholder words passed to ``compose`` (never in a move text)
_ANY = "\x00any"


def suggestions(
    command: GameCommand, given: Mapping[str, ParamValue], focus: str, legal_texts: Sequence[str], typed: str
) -> list[str]:
    """The values to offer for parameter ``focus`` of ``command`` (see ``GameCommand``), in the
    order of ``legal_texts``, once each, those containing ``typed`` (case-insensitive)."""
    values: dict[str, ParamValue] = {}
    for p in command.params:
        if p.name == focus:
            values[p.name] = _FOCUS
        elif p.name in given:
            values[p.name] = given[p.name]
        else:
            values[p.name] = _ANY if p.default is None else p.default
    words = command.compose(values).split()
    shape: list[str] = []
    for word in words:
        shape.append(re.escape(word).replace(re.escape(_FOCUS), r"(\S+)").replace(re.escape(_ANY), r"\S+"))
        if _FOCUS in word:
            break
    else:
        return []  # the parameter is not part of the move text
    pattern = re.compile(r"\s+".join(shape) + r"(?:\s|$)")
    found: list[str] = []
    for text in legal_texts:
        match = pattern.match(text)
        if match and match.group(1) not in found and typed.lower() in match.group(1).lower():
            found.append(match.group(1))
    return found


DRAWS_KEY = "draws"
"""The key of a dict state's counter of random draws (``rng_for(seed, draws)``)."""


def game_undo_barrier(game: Game, before: Any, after: Any, player: int) -> str | None:
    """Why ``player``'s step from ``before`` to ``after`` can't be taken back fairly, or None.

    A step may be taken back only while it told nobody anything new that it could not have
    known: nothing was drawn at random (a card dealt, dice rolled, a new round set up: the
    state's ``draws`` counter moved), no simultaneous secret decision was resolved by it (the
    answers are revealed then), the round and phase are the same, and the game is not over. A
    game may add its own reasons with an optional ``undo_barrier(before, after, player) -> str |
    None``; a game whose state keeps no ``draws`` counter must declare one (else nothing is
    undone: randomness could not be ruled out).
    """
    own = getattr(game, "undo_barrier", None)
    if callable(own):
        found = own(before, after, player)
        if found:
            return str(found)
    elif not (isinstance(before, dict) and DRAWS_KEY in before):
        return (
            "this game can't tell whether a move drew something at random, so its moves can't be taken back"
        )
    if isinstance(before, dict) and isinstance(after, dict) and before.get(DRAWS_KEY) != after.get(DRAWS_KEY):
        return "something was drawn at random since (cards dealt, dice rolled or a new round set up)"
    if game.outcome(after) is not None:
        return "that step ended the game"
    if game_prompt(game, before, player).secret:
        others = game.active_players(before) - {player}
        if not others or not others <= game.active_players(after):
            return "that choice completed a secret decision, so everyone's choices were revealed"
    was, now = _stage(game, before), _stage(game, after)
    if was != now:
        return "the game has moved on to another round or phase since"
    return None


def _stage(game: Game, state: Any) -> tuple[Any, Any]:
    """(round, phase) as the public view's header gives them (None for a view without one)."""
    header = game.player_view(state, None).get("header")
    if not isinstance(header, dict):
        return None, None
    return header.get("round"), header.get("phase")


# --------------------------------------------------------------------------------------------
# Words for players: options and rules sections (issue 12 item 6)
# --------------------------------------------------------------------------------------------


def option_words(option: Option, value: Any) -> str:
    """An option and its value in words for the lobby ("Military ties: next player gets second"):
    the option's ``title`` and the word of ``value`` from ``words``; without them, its name and
    value made readable ("voluntary pass: off")."""
    title = option.title or option.name.replace("_", " ").capitalize()
    index = next((i for i, c in enumerate(option.choices) if type(c) is type(value) and c == value), None)
    if option.words and index is not None and index < len(option.words):
        said = option.words[index]
    elif isinstance(value, bool):
        said = "on" if value else "off"
    else:
        said = str(value).replace("_", " ")
    return f"{title}: {said}"


SECTION_LIMIT = 4000
"""Longest section text: an embed's description holds 4096 characters, the rest is the footer."""


def game_rules_sections(game: Game) -> list[tuple[str, str]]:
    """The rules help as (title, text) sections: ``game.rules_sections()`` if the game has it,
    else ``game_rules_help`` cut at its ``## `` headings (the text before the first one is
    "Overview"); a section longer than ``SECTION_LIMIT`` is cut at lines into numbered parts."""
    own = getattr(game, "rules_sections", None)
    if callable(own):
        return [(str(t), str(b)) for t, b in own()]
    sections: list[tuple[str, list[str]]] = [("Overview", [])]
    for line in game_rules_help(game).splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif not (line.startswith("# ") and not sections[0][1] and len(sections) == 1):
            sections[-1][1].append(line)
    out: list[tuple[str, str]] = []
    for title, lines in sections:
        out += _parts(title, "\n".join(lines).strip())
    return [(t, b) for t, b in out if b]


def section_parts(title: str, text: str) -> list[tuple[str, str]]:
    """A rules section cut at lines into numbered parts of at most ``SECTION_LIMIT`` characters
    (as ``game_rules_sections`` cuts them; the bot cuts translated sections the same way)."""
    return _parts(title, text)


def _parts(title: str, text: str) -> list[tuple[str, str]]:
    if len(text) <= SECTION_LIMIT:
        return [(title, text)]
    chunks: list[str] = [""]
    for line in text.splitlines():
        if len(chunks[-1]) + len(line) + 1 > SECTION_LIMIT and chunks[-1]:
            chunks.append("")
        chunks[-1] += line[:SECTION_LIMIT] + "\n"
    return [(f"{title} ({i + 1}/{len(chunks)})", c.strip()) for i, c in enumerate(chunks)]


@dataclass(frozen=True)
class Card:
    """A card, leader, tile or law of a game, for players to look up (``/card name:``).

    ``key`` is unique within the game; ``name`` is what players call it; ``kind`` what it is
    ("Leader", "Territory card, period I", "Law"); ``text`` what it does, in words (lines
    allowed); ``provisional`` says why a value on it is a provisional data value ("" if none),
    shown with it (project rule: a guessed value is never shown bare)."""

    key: str
    name: str
    kind: str
    text: str
    provisional: str = ""


def game_cards(game: Game) -> tuple[Card, ...]:
    """``game.cards()``: every card, leader, tile and law a player may look up; or none."""
    cards = getattr(game, "cards", None)
    return tuple(cards()) if callable(cards) else ()


def find_cards(cards: Sequence[Card], typed: str) -> list[Card]:
    """The cards whose key or name holds every typed word, exact names and keys first."""
    words = typed.lower().split()
    hits = [c for c in cards if all(w in f"{c.key} {c.name} {c.kind}".lower() for w in words)]
    exact = typed.strip().lower()
    return sorted(hits, key=lambda c: exact not in (c.key.lower(), c.name.lower()))
