"""Issue 12 item 8: no ``{pN}`` placeholder and no internal notation ("conflict:K02:1",
"wood_stone", "county:B") in any text a player reads, over long seeded random games of both
games: every event, every prompt of every seat asked, every choice's label (as the bot's buttons
and selects read them, ``bot.service.guide.labels``), every step and detail of a guided turn,
the previews, and the refusals of typed moves; lines are added up (no line twice in a row) and
counts agree with their nouns ("1 squire", "2 squires")."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest

from bot.service import guide
from bot.service.table import named_refusal
from rules import find_game
from rules.core import RulesError, game_preview, game_prompt, name_seats, normalise_options

NAMES = ("alice", "bob", "carol", "dave", "erin")
PLACEHOLDER = re.compile(r"\{p\d*\}?")
NOTATION = re.compile(
    r"\b[a-z]+:[A-Za-z0-9_]+(?::\d+)?\b"  # conflict:K02:1, county:B
    r"|\b[a-z]+_[a-z0-9_]+\b"  # wood_stone
    r"|\b[a-z]+=\d+"  # bishops=1
    r"|<[a-z]+>"  # 'bid <family> <line>'
)
NOUNS = "squire|coin|servant|knight|vote marker|noble|royal seal|dishonor marker|card|point"
WRONG_PLURAL = re.compile(rf"(?<![-\w])(?:1 (?:{NOUNS})s\b|(?:[02-9]|\d\d+) (?:{NOUNS})\b(?![s…-]))")
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("lorenzo", 3, {"leaders": True}),
    ("lorenzo", 4, {}),
    ("lorenzo", 2, {"leaders": True}),
    ("lorenzo", 2, {"houses": True}),  # Houses of Renaissance (Leaders on), 2-5 players
    ("lorenzo", 3, {"houses": True, "leader_pool": "houses"}),
    ("lorenzo", 4, {"houses": True}),
    ("lorenzo", 5, {"houses": True}),
    ("lancaster", 2, {}),  # the two-player game plays with allies
    ("lancaster", 3, {}),
    ("lancaster", 4, {}),
    ("lancaster", 5, {}),
    ("lancaster", 3, {"queenie": True}),
    ("lancaster", 4, {"kings_resentment": True}),
    ("lancaster", 3, {"henry_v": True}),
    ("lancaster", 2, {"henry_v": True, "kings_resentment": True}),  # the 8 extra laws, allies
    ("lancaster", 5, {"henry_v": True, "kings_resentment": True, "queenie": True}),
]


def _case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    name, count, options = case
    return "-".join([name, f"{count}p", *sorted(k for k, v in options.items() if v is True)])


class Reader:
    """What a player would read, checked as it comes."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def read(self, kind: str, text: str, *, typed: bool = False) -> None:
        if PLACEHOLDER.search(text):
            self.problems.append(f"{kind} with a placeholder: {text[:160]}")
        # A refusal of a typed move may quote what was typed (the move's own notation).
        if not typed and NOTATION.search(text):
            self.problems.append(f"{kind} with notation: {text[:160]}")
        if WRONG_PLURAL.search(text):
            self.problems.append(f"{kind} with a wrong plural: {text[:160]}")


def _choices(
    reader: Reader, game: Any, state: Any, seat: int, moves: list[Any], names: tuple[str, ...]
) -> None:
    for label, move in zip(guide.labels(game, state, seat, moves, names), moves, strict=True):
        reader.read("label", label)
        text = move.to_text()
        # A move without words of its own (no label(), none from the game's steps) shows its notation.
        if label.casefold() == text.casefold() and re.search(r"\s|\d", text) and not hasattr(move, "label"):
            reader.problems.append(f"label is the move's notation: {label}")
    for steps in guide.steps_of(game, state, seat, moves, names):
        for step in steps:
            reader.read("step", f"{step.label} — {step.detail}")


def _refusals(reader: Reader, game: Any, state: Any, seat: int, names: tuple[str, ...], stale: str) -> None:
    for typed in ("nonsense", stale, f"{stale} x"):
        try:
            game.parse(state, seat, typed)
        except RulesError as exc:
            reader.read("refusal", str(named_refusal(exc, names)), typed=True)  # as the bot words it


def play(reader: Reader, name: str, count: int, options: dict[str, Any], seed: int) -> int:
    game = find_game(name)
    names = NAMES[:count]
    state = game.setup(count, seed, normalise_options(game, options))
    rng = random.Random(seed)
    stale = ""
    for step in range(4000):
        if game.outcome(state) is not None:
            return step
        acting = sorted(game.active_players(state))
        for seat in acting:
            reader.read("prompt", name_seats(game_prompt(game, state, seat).text, names))
        seat = rng.choice(acting)
        moves = list(game.legal_moves(state, seat))
        _choices(reader, game, state, seat, moves, names)
        move = rng.choice(moves)
        if step % 4 == 0:
            reader.read("preview", name_seats(game_preview(game, state, seat, move), names))
            _refusals(reader, game, state, seat, names, stale)
        stale = move.to_text()
        state, raw = game.apply(state, seat, move)
        events = [name_seats(e, names) for e in raw]
        for line in events:
            reader.read("event", line)
        repeated = [a for a, b in itertools.pairwise(events) if a == b]
        if repeated:
            reader.problems.append(f"a line told twice in a row instead of a total: {repeated[0]}")
    raise AssertionError(f"{name} did not finish")


@pytest.mark.parametrize(("name", "count", "options"), CASES, ids=[_case_id(c) for c in CASES])
def test_no_placeholder_or_notation_in_what_players_read(
    name: str, count: int, options: dict[str, Any]
) -> None:
    reader = Reader()
    steps = sum(play(reader, name, count, options, seed) for seed in (3, 11))
    assert steps > 100  # long games, not a quick stop
    assert sorted(set(reader.problems)) == []


def test_a_refusal_names_the_seat_it_waits_for() -> None:
    """The refusal of issue 12 ("Now answer: {p0}: choose a Council Privilege") reaches the player
    with the name in place of the placeholder."""
    refusal = named_refusal(RulesError("Now answer: {p0}: choose a Council Privilege."), ["anna"])
    assert str(refusal) == "Now answer: anna: choose a Council Privilege."
    assert type(refusal) is RulesError


def _a_privilege_to_choose() -> tuple[Any, Any, int, str]:
    """A Lorenzo position where a seat chooses a Council Privilege, and that move's text."""
    game = find_game("lorenzo")
    state = game.setup(2, 5, normalise_options(game, {}))
    rng = random.Random(5)
    for _ in range(400):
        seat = min(game.active_players(state))
        moves = list(game.legal_moves(state, seat))
        texts = [m.to_text() for m in moves if m.to_text().startswith("privilege ")]
        if texts:
            return game, state, seat, texts[0]
        state, _ = game.apply(state, seat, rng.choice(moves))
    raise AssertionError("no privilege to choose")


def test_an_undo_says_the_steps_in_words() -> None:
    """Issue 12 item 8: the undo line reads the steps taken back as their buttons did ("Council
    Privilege: 1 wood + 1 stone"), never the notation "`privilege wood_stone`"; a secret one
    stays hidden."""
    from bot.service import present
    from bot.service.undo import Undone

    game, state, seat, text = _a_privilege_to_choose()
    words = guide.words_of(game, state, seat, text, NAMES)  # parsed where it was made
    assert words.startswith("Council Privilege: ") and text not in words
    entry: Any = type("Entry", (), {"text": text})()
    done = Undone(None, "alice", (entry, entry), (False, True), words=(words, "hidden"))  # type: ignore[arg-type]
    line = present.undo_line(done)
    assert line == f"↩️ alice took back their last 2 steps: {words}; a secret choice."
    assert "`" not in line and not NOTATION.search(line)


def test_a_placement_in_a_sentence_is_whole_and_said_once() -> None:
    """Issue 12 item 8: a confirmation or undo line names a Lorenzo placement by its steps, whole
    (not clipped to a button's 80 characters) and without the area its space repeats ("Council
    Palace · Council Palace: +1 coin" is said once)."""
    game = find_game("lorenzo")
    state = game.setup(2, 1, normalise_options(game, {}))
    seat = min(game.active_players(state))
    move = game.parse(state, seat, "place black council")
    words = guide.move_words(game, state, seat, move, NAMES)
    assert words.startswith("Black (") and words.count("Council Palace") == 1 and "…" not in words, words
    assert words.endswith(" · No servants: value " + words.split("(")[1].split(")")[0]), words
