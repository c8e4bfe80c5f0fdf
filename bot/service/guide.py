"""Guided turns: a long list of legal moves offered one choice at a time (issue 12 item 2).

Each game describes its moves as steps (``rules.core.Step``, through ``game_move_steps``); this
module walks them. A *path* is the indices of the choices the player made, one per level that
offered more than one choice (a level with a single choice is taken without asking, so the
path stays short enough for a custom id and Back goes to the last real question). The walk is
a pure function of the moves' steps and the path: the same state gives the same levels, so a
button naming a path means the same choice after a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.service.words import N_
from rules.core import (
    Game,
    Move,
    RulesError,
    Step,
    game_move_steps,
    game_preview,
    move_summary,
    name_seats,
)

FLAT_LIMIT = 25
"""More legal moves than one select holds: guided, whatever the steps (one step each: pages)."""


class PathError(ValueError):
    """A path that names no choice of these moves (the choices changed): refused in words."""


@dataclass(frozen=True)
class Level:
    """Where a path leads: the steps taken so far, then either the choices offered here
    (``options``) or, at the end, the move chosen (``move``, its index in the moves)."""

    path: tuple[int, ...]
    taken: tuple[Step, ...]
    options: tuple[Step, ...]
    move: int | None

    @property
    def back(self) -> tuple[int, ...] | None:
        """The path Back returns to (None at the first question)."""
        return self.path[:-1] if self.path else None


def guided(steps: Sequence[Sequence[Step]]) -> bool:
    """Whether these moves are offered as a guided walk (ending on a preview and Confirm) rather
    than plain buttons or a select: when the game gives them several steps (a main action), or
    when there are more than one select holds."""
    return len(steps) > FLAT_LIMIT or any(len(s) > 1 for s in steps)


def walk(steps: Sequence[Sequence[Step]], path: Sequence[int]) -> Level:
    """Follow ``path`` through the moves' steps (see the module docstring)."""
    candidates = list(range(len(steps)))
    taken: list[Step] = []
    used = 0
    depth = 0
    while candidates:
        done = [c for c in candidates if len(steps[c]) <= depth]
        if done:
            return Level(tuple(path[:used]), tuple(taken), (), done[0])
        options: dict[str, Step] = {}
        for c in candidates:
            options.setdefault(steps[c][depth].key, steps[c][depth])
        if len(options) == 1:
            pick = 0
        elif used < len(path):
            pick = path[used]
            used += 1
            if not 0 <= pick < len(options):
                raise PathError(N_("That choice is not available any more."))
        else:
            return Level(tuple(path[:used]), tuple(taken), tuple(options.values()), None)
        chosen = list(options.values())[pick]
        taken.append(chosen)
        candidates = [c for c in candidates if steps[c][depth].key == chosen.key]
        depth += 1
    raise PathError(N_("There is nothing to choose right now."))


def paged(steps: Sequence[Sequence[Step]]) -> list[tuple[Step, ...]]:
    """Single-step moves too many for one select, grouped into pages of ``FLAT_LIMIT`` (a first
    step "1-25", "26-50", ...), so any long list can still be walked."""
    if len(steps) <= FLAT_LIMIT or any(len(s) > 1 for s in steps):
        return [tuple(s) for s in steps]
    out: list[tuple[Step, ...]] = []
    for i, own in enumerate(steps):
        first = i // FLAT_LIMIT * FLAT_LIMIT
        last = min(first + FLAT_LIMIT, len(steps))
        page = Step(
            f"page{first}",
            N_("Choices {low_n}-{high_n}", low_n=first + 1, high_n=last),
            f"{own[0].label} …" if i == first else "",
        )
        out.append((page, *own))
    return out


@dataclass(frozen=True)
class Guided:
    """One level of a seat's guided turn, with the preview of the move once one is chosen
    (seats named, as every text a player reads)."""

    level: Level
    preview: str | None


def steps_of(
    game: Game, state: Any, seat: int, moves: Sequence[Move], names: Sequence[str] = ()
) -> list[tuple[Step, ...]]:
    """The steps of these moves as the game gives them, paged when a flat list is too long, with
    the seats named (a step may say "held by {p1}": no placeholder reaches a player)."""
    return paged(named_steps(game_move_steps(game, state, seat, moves), names))


def named_steps(steps: Sequence[Sequence[Step]], names: Sequence[str]) -> list[tuple[Step, ...]]:
    """``steps`` with every ``{pN}`` of their labels and details replaced by a name."""
    return [
        tuple(replace(s, label=name_seats(s.label, names), detail=name_seats(s.detail, names)) for s in move)
        for move in steps
    ]


def labels(game: Game, state: Any, seat: int, moves: Sequence[Move], names: Sequence[str]) -> list[str]:
    """Each move's button or select label in the game's words (issue 12 item 8: not its notation),
    seats named, within Discord's 80 characters for a button."""
    steps = named_steps(game_move_steps(game, state, seat, moves), names)
    return [move_summary(s, m.to_text(), 80) for s, m in zip(steps, moves, strict=True)]


def details(game: Game, state: Any, seat: int, moves: Sequence[Move], names: Sequence[str] = ()) -> list[str]:
    """What each move costs, needs or gives, as the game words it (its last step's detail, seats
    named; "" when it says nothing more than its label)."""
    steps = named_steps(game_move_steps(game, state, seat, moves), names)
    return [s[-1].detail if s else "" for s in steps]


WORDS_LIMIT = 200
"""A move said in a sentence (a confirmation, an undo line): longer than a button's 80."""


def move_words(game: Game, state: Any, seat: int, move: Move, names: Sequence[str]) -> str:
    """A move in words for a sentence: its steps' labels as the buttons read them, without a
    step its next one repeats ("Council Palace · Council Palace: +1 coin" says it once)."""
    (steps,) = named_steps(game_move_steps(game, state, seat, [move]), names)
    kept = [
        a
        for a, b in zip(steps, (*steps[1:], None), strict=True)
        if b is None or not b.label.startswith(a.label)
    ]
    return move_summary(kept, move.to_text(), WORDS_LIMIT)


def words_of(game: Game, state: Any, seat: int, text: str, names: Sequence[str]) -> str:
    """A logged move's text in words (``move_words``) in the position it was made in; the text
    itself if it no longer parses there."""
    try:
        move = game.parse(state, seat, text)
    except RulesError:
        return text
    return move_words(game, state, seat, move, names)


def guide_of(
    game: Game, state: Any, seat: int, moves: Sequence[Move], names: Sequence[str], path: Sequence[int]
) -> Guided | None:
    """Where ``path`` leads in the seat's guided turn; None when its moves are not guided."""
    steps = steps_of(game, state, seat, moves, names)
    if not guided(steps):
        return None
    level = walk(steps, path)
    if level.move is None:
        return Guided(level, None)
    return Guided(level, name_seats(game_preview(game, state, seat, moves[level.move]), names))


def summaries(
    game: Game, state: Any, seat: int, moves: Sequence[Move], names: Sequence[str] = ()
) -> list[str]:
    """What each move does in one line (autocomplete entries), from its steps, seats named."""
    steps = named_steps(game_move_steps(game, state, seat, moves), names)
    return [move_summary(s, m.to_text()) for s, m in zip(steps, moves, strict=True)]
