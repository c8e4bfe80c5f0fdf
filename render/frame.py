"""The frame of every board, drawn once from the view header (``rules.core.ViewHeader``).

A game's renderer supplies a :class:`Board`: its height, how to draw the board under the frame and
a few sentences of alt text about it. Everything every game says the same way is drawn here: the
title bar (game, round of rounds, period, phase), the status band (what the game waits for or the
result, the last move in words, the turn order on public boards) and the alt text around the
board's own sentences. ``touched`` gives the places the last move touched, which the boards frame
with ``Canvas.highlight``.

Views without a header (a game written from design.md alone) get one made of the keys they have
(:func:`header_of`), so any game's board has a title and status.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from i18n.moves import localize
from render import palette, parts
from render.alt import clip, final_summary, seat_name_with
from render.canvas import Canvas, Drawing, Rect, line_height, text_width
from render.layout import BODY, MARGIN, SMALL, TITLE_SIZE, WIDTH, Frame
from render.words import N_, Said, current, said, told
from rules.core import OutcomeJSON, ViewHeader, seat_headers

V = TypeVar("V")


@dataclass(frozen=True)
class Side(Generic[V]):
    """One of a game's two boards: ``height(view)`` of the canvas, ``draw(canvas, view)`` the
    board under the frame, ``facts(view)`` its alt-text sentences (scores, dice, holdings) that
    the frame puts between the status and the last move."""

    height: Callable[[V], int]
    draw: Callable[[Canvas, V], None]
    facts: Callable[[V], list[str]]


@dataclass(frozen=True)
class Board(Generic[V]):
    """What a game's renderer supplies for the frame to draw around: its public board and its
    personal board (titled "<seat> — ``private_title``"). ``kind`` names the encoding policy
    ("lorenzo" -> "lorenzo-public")."""

    kind: str
    private_title: str
    public: Side[V]
    private: Side[V]


def header_of(game_name: str, view: Mapping[str, Any]) -> ViewHeader:
    """The view's header; for a view without one, a header made of the keys the view has."""
    header = view.get("header")
    if isinstance(header, dict):
        return cast(ViewHeader, header)
    return _fallback_header(game_name, view)


def _fallback_header(game_name: str, view: Mapping[str, Any]) -> ViewHeader:
    active = view.get("active")
    players = view.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        # Enough seats to name every seat the view mentions.
        known = [len(view["seats"])] if isinstance(view.get("seats"), list) else []
        known += [int(s) + 1 for s in active] if isinstance(active, list) else []
        players = max(known, default=0)
    prompt = view.get("prompt")
    outcome = view.get("outcome")
    phase = str(view.get("phase") or "")
    return {
        "game": game_name,
        "title": game_name,
        "seats": seat_headers(players),
        "viewer": view.get("viewer") if isinstance(view.get("viewer"), int) else None,
        "round": _int(view.get("round")),
        "rounds": _int(view.get("rounds")),
        "period": None,
        "phase": phase,
        "phase_title": phase,
        "order": list(range(players)),
        "active": [int(s) for s in active] if isinstance(active, list) else [],
        "prompt": prompt if isinstance(prompt, str) else None,
        "your_prompt": None,
        "last": None,
        "outcome": cast(OutcomeJSON, outcome) if isinstance(outcome, dict) else None,
        "score_unit": "points",
    }


def seats(view: Any) -> int:
    """How many seats a view with a header has (at least 1: a layout's row count)."""
    return len(view["header"]["seats"]) or 1


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def words(header: ViewHeader, text: str) -> str:
    """Event or prompt text with ``{pN}`` replaced by the seat's name and colour ("alice (Blue
    B)"), or its colour and letter when the image was drawn without names."""
    return parts.named_words(header, text)


def who(header: ViewHeader, seat: int) -> str:
    """A seat as the frame names it: its player's name beside its colour when known."""
    return seat_name_with(seat, parts.name_of(header, seat))


def touched(header: ViewHeader) -> set[str]:
    """The board places the last move touched, as the game names them (see ``LastMoveHeader``)."""
    last = header["last"]
    return {str(p) for p in last["places"]} if last else set()


def when(header: ViewHeader) -> list[str]:
    """ "Round 3 of 6", "Period II", "Actions": where the game stands, in words."""
    found = []
    if header["round"] and header["rounds"]:
        found.append(N_("Round {round} of {rounds}").format(round=header["round"], rounds=header["rounds"]))
    elif header["round"]:
        found.append(N_("Round {round}").format(round=header["round"]))
    return found + [t for t in (header["period"], header["phase_title"]) if t]


def status_line(header: ViewHeader, private: bool) -> str:
    """What the game waits for: the result once over, the prompt (a personal board: the viewer's
    own first), else whom it waits for, else the phase."""
    outcome = header["outcome"]
    if outcome:
        winners = ", ".join(who(header, s) for s in outcome.get("winners", []))
        scores = " · ".join(f"{who(header, s)} {outcome['scores'][s]}" for s in outcome.get("ranking", []))
        unit = header["score_unit"]
        return N_("Game over — winner: {winners}. Final {unit}: {scores}").format(
            winners=winners, unit=unit, scores=scores
        )
    prompt = (header["your_prompt"] if private else None) or header["prompt"]
    if prompt:
        return words(header, said(prompt))
    if header["active"]:
        return N_("Waiting for {names}").format(names=", ".join(who(header, s) for s in header["active"]))
    return header["phase_title"]


def last_move_line(header: ViewHeader) -> str | None:
    """The last move in words: its event sentences with seats named by colour and letter."""
    last = header["last"]
    if not last:
        return None
    if last["events"]:
        events = " ".join(said(str(e)) for e in last["events"])  # each in the board's language
        return told(N_("Last move: {events}"), events=words(header, events))
    move = localize(header["game"], str(last["text"]), current())  # the move as its reader types it
    return told(N_("Last move: {who} — {move}"), who=who(header, last["seat"]), move=move)


def title_bar(canvas: Canvas, header: ViewHeader, private: bool, private_title: str) -> None:
    rect = Frame.title
    canvas.rect(rect, palette.TITLE_BAR)
    viewer = header["viewer"]
    left = header["title"]
    if private and viewer is not None:
        left = f"{who(header, viewer)} — {said(private_title)}"
        canvas.marker(WIDTH // 2 - 40, rect.h // 2, viewer, 40)
    half = Rect(MARGIN, rect.y, rect.w // 2, rect.h)
    canvas.text_in(half, left, TITLE_SIZE, palette.TITLE_INK, style="bold", align="l")
    right = Rect(rect.w // 2, rect.y, rect.w // 2 - MARGIN, rect.h)
    stands = " · ".join(said(w) for w in when(header))
    canvas.text_in(right, stands, TITLE_SIZE - 7, palette.TITLE_INK, style="bold", align="r")


def status(canvas: Canvas, header: ViewHeader, private: bool) -> None:
    """The status band; public boards end it with the turn order, the acting seats on a disc."""
    rect = Frame.status(private)
    order = [int(s) for s in header["order"]]
    strip_w = 0 if private or not order else Frame.turn_strip_w(len(order))
    text_w = rect.w - 2 * MARGIN - (strip_w + 10 if strip_w else 0)
    last = last_move_line(header)
    status_lines(canvas, rect, said(status_line(header, private)), said(last) if last else None, text_w)
    if strip_w:
        strip = Rect(rect.right - MARGIN - strip_w, rect.y, strip_w, rect.h)
        turn_strip(canvas, strip, N_("Turn order"), order, set(header["active"]))


def status_lines(canvas: Canvas, rect: Rect, first: str, second: str | None, text_w: int) -> None:
    """The status band: what the game waits for (bold) and the last move (muted).

    In a band tall enough for three lines, a first line too long for one line wraps onto two
    (a prompt that lists its choices); else a last move too long for one line wraps onto two.
    Whatever is still too long is cut, never shrunk below 15 px.
    """
    canvas.rect(rect, palette.PANEL_ALT)
    inner = rect.inset(MARGIN, 4)
    lh = line_height(BODY + 2, "bold")
    if rect.h >= 3 * lh + 8 and text_width(first, 15, "bold") > text_w:
        canvas.paragraph(Rect(inner.x, inner.y, text_w, 2 * lh), first, BODY + 2, style="bold", min_size=15)
        if second:
            canvas.text_in(
                Rect(inner.x, inner.y + 2 * lh, text_w, inner.h - 2 * lh),
                second,
                BODY,
                palette.MUTED,
                align="l",
                min_size=15,
            )
        return
    if second and text_width(second, BODY) > text_w and text_width(first, BODY + 2, "bold") <= text_w:
        # A long last move (a chain of automatic steps) wraps onto a second line at 15-16 px
        # instead of being cut after one: players see what happened without opening the log.
        tight = rect.inset(MARGIN, 2)
        canvas.text_in(Rect(tight.x, tight.y, text_w, lh + 1), first, BODY + 2, style="bold", align="l")
        below = Rect(tight.x, tight.y + lh + 1, text_w, tight.h - lh - 1)
        canvas.paragraph(below, second, BODY, palette.MUTED, min_size=15)
        return
    lines = [first] + ([second] if second else [])
    rows = inner.rows(len(lines))
    for i, (row, line) in enumerate(zip(rows, lines, strict=True)):
        canvas.text_in(
            Rect(row.x, row.y, text_w, row.h),
            line,
            BODY + 2 if i == 0 else BODY,
            palette.INK if i == 0 else palette.MUTED,
            style="bold" if i == 0 else "regular",
            align="l",
            min_size=15,  # a long event list is cut short rather than shrunk out of legibility
        )


def turn_strip(canvas: Canvas, rect: Rect, label: str, order: Sequence[int], active: set[int]) -> None:
    """Seat markers in order with arrows; the seats that must move now sit on a yellow disc."""
    cy = rect.y + rect.h // 2
    canvas.text(rect.x, cy, label, SMALL, palette.MUTED, anchor="lm")
    x = rect.x + Frame.turn_label_w
    for i, s in enumerate(order):
        cx = x + 22 + i * Frame.turn_step
        if s in active:
            canvas.draw.ellipse(
                (cx - 25, cy - 25, cx + 25, cy + 25), fill=palette.HIGHLIGHT, outline=palette.INK, width=2
            )
        canvas.marker(cx, cy, s, 34)
        if i < len(order) - 1:
            canvas.text(cx + 36, cy, "→", BODY, palette.MUTED, anchor="mm")


def alt_text(header: ViewHeader, private: bool, private_title: str, facts: Sequence[str]) -> str:
    """The image in words: which board and where the game stands, whom it waits for or the
    result (public), the board's own facts, then the last move (public)."""
    place = ", ".join(_lower_round(w) for w in when(header))
    viewer = header["viewer"]
    if private and viewer is not None:
        # The board's kind goes in uncapitalized (a catalogued name, "personal board"), so it is
        # translated as a name; the sentence is capitalized in the board's language.
        opening = said(
            N_("{board} of {who}, {title}").format(
                board=private_title, who=who(header, viewer), title=header["title"]
            )
        )
        opening = opening[:1].upper() + opening[1:]
    else:
        opening = said(N_("{title} board").format(title=header["title"]))
    told = [f"{opening}{', ' + place if place else ''}."]
    if not private:
        if header["outcome"]:
            told.append(final_summary(header["outcome"], header["score_unit"]))
        elif header["active"]:
            waiting = ", ".join(who(header, s) for s in header["active"])
            told.append(said(N_("To move: {names}.").format(names=waiting)))
    told += [said(f) for f in facts]
    last = last_move_line(header)
    if last and not private:
        last = said(last)
        told.append(last if last.endswith(".") else last + ".")
    return clip(" ".join(told))


def _lower_round(fact: str) -> str:
    """A fact of ``when`` inside a sentence: "round 2 of 9" (in the board's language)."""
    shown = said(fact)
    return shown[0].lower() + shown[1:] if fact.startswith("Round") else shown


HEADLINE_H = 172
"""The headline band over every public board: whose turn and what happened, in type that stays
readable when Discord shows the 1600-px board about 400 px wide on a phone (a quarter: 64 px
becomes 16, 44 px becomes 11)."""
HEADLINE = 64
HEADLINE_SUB = 44


def headline_lines(header: ViewHeader) -> tuple[str, str]:
    """(whose turn or the result, what happened), short enough for the headline's type."""
    outcome = header["outcome"]
    if outcome:
        winners = [int(s) for s in outcome.get("winners", [])]
        names = ", ".join(who(header, s) for s in winners)
        first = (
            N_("Game over — {names} win") if len(winners) > 1 else N_("Game over — {names} wins")
        ).format(names=names)
    elif len(header["active"]) == 1:
        first = N_("▶ {who} to move").format(who=who(header, header["active"][0]))
    elif header["active"]:
        first = N_("▶ Waiting for {names}").format(names=", ".join(who(header, s) for s in header["active"]))
    else:
        first = header["phase_title"]
    last = header["last"]
    if not last:
        return said(first), " · ".join(said(w) for w in when(header))
    happened = (
        words(header, said(str(last["events"][0])))
        if last["events"]
        else f"{who(header, last['seat'])}: {localize(header['game'], str(last['text']), current())}"
    )
    more = len(last["events"]) - 1
    tail = " " + said(N_("(+{n} more)").format(n=more)) if more > 0 else ""
    return said(first), Said(happened + tail)  # each part already in the board's language


def headline(canvas: Canvas, header: ViewHeader) -> None:
    """The headline band (see ``HEADLINE_H``): the acting seat's marker, whose turn, what happened."""
    canvas.rect(Rect(0, 0, WIDTH, HEADLINE_H), palette.HIGHLIGHT)
    first, second = headline_lines(header)
    left = MARGIN
    if len(header["active"]) == 1 and not header["outcome"]:
        canvas.marker(MARGIN + 34, 52, int(header["active"][0]), 64)
        left += 84
    canvas.text_in(
        Rect(left, 10, WIDTH - left - MARGIN, 84), first, HEADLINE, style="bold", align="l", min_size=40
    )
    canvas.text_in(Rect(MARGIN, 100, WIDTH - 2 * MARGIN, 62), second, HEADLINE_SUB, align="l", min_size=32)


def draw(board: Board[Any], header: ViewHeader, view: Any, private: bool) -> Drawing:
    """A game's board inside the common frame, with its alt text."""
    side = board.private if private else board.public
    canvas = Canvas(WIDTH, side.height(view))
    title_bar(canvas, header, private, board.private_title)
    status(canvas, header, private)
    side.draw(canvas, view)
    alt = alt_text(header, private, board.private_title, side.facts(view))
    return Drawing(canvas, alt, f"{board.kind}-{'private' if private else 'public'}")


def with_headline(board: Canvas, header: ViewHeader) -> Canvas:
    """``board`` under the headline band, on one canvas (its drawn texts kept, after the band's)."""
    canvas = Canvas(WIDTH, HEADLINE_H + board.height)
    headline(canvas, header)
    canvas.image.paste(board.image, (0, HEADLINE_H))
    canvas.texts.extend(board.texts)
    canvas.cut.extend(board.cut)
    canvas.sizes.extend(board.sizes)
    return canvas
