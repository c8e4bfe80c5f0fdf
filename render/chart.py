"""The end-of-game chart (issue 12 item 5): each player's score over the rounds.

A pure function of a ``Chart`` (plain data the bot builds from ``rules.core.round_scores``): one
line per seat in the seat's colour, its marker (colour, shape and letter, as on the boards) at
every round, the last point being the final scoring; the legend names each seat beside its
colour with its final score, best first. Nothing here reads a game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render import Image, encode, palette
from render.canvas import Canvas, Rect
from render.words import N_, colour, drawn_in, said

CHART_W, CHART_H = 1200, 720
"""A third smaller than a board: at a phone's 400 px the title and legend read at 14-18 px."""


STEM = "scores."  # the chart's file name before its extension (a post carrying it is found by it)
NOTE = N_("Points at the end of each round; the last point includes the final scoring.")


@dataclass(frozen=True)
class Line:
    """One seat's line: its seat number (colour, shape, letter), display name and points."""

    seat: int
    name: str
    points: tuple[int, ...]  # one per round; the last is the final score


@dataclass(frozen=True)
class Chart:
    title: str  # "Lorenzo il Magnifico #12"
    unit: str  # "VP", "PP"
    rounds: tuple[int, ...]  # the round numbers, one per point
    lines: tuple[Line, ...]
    winners: frozenset[int] = frozenset()


def _step(top: int) -> int:
    """A tick step giving 4-8 grid lines up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if top / step <= 8:
            return step
    return 1000


def _legend(canvas: Canvas, chart: Chart, rect: Rect) -> None:
    ranked = sorted(chart.lines, key=lambda line: (-(line.points[-1] if line.points else 0), line.seat))
    row = min(64, rect.h // max(1, len(ranked)))
    for i, line in enumerate(ranked):
        y = rect.y + i * row + row // 2
        canvas.marker(rect.x + 22, y, line.seat, size=36)
        style = palette.seat_style(line.seat)
        final = line.points[-1] if line.points else 0
        crown = "★ " if line.seat in chart.winners else ""
        name = f"{line.name} ({colour(style.name)})" if line.name else colour(style.name).capitalize()
        canvas.text_in(
            Rect(rect.x + 50, y - row // 2, rect.w - 150, row), crown + name, 28, align="l", min_size=16
        )
        canvas.text_in(
            Rect(rect.right - 100, y - row // 2, 100, row),
            f"{final} {said(chart.unit)}",
            28,
            style="bold",
            align="r",
        )


@dataclass(frozen=True)
class _Scale:
    """Points to pixels: ``low`` (0, or the lowest point when one is below it) to ``top``."""

    plot: Rect
    low: int
    top: int

    def y(self, value: int) -> int:
        return self.plot.bottom - round((value - self.low) * self.plot.h / (self.top - self.low))


def _grid(canvas: Canvas, chart: Chart, scale: _Scale) -> None:
    plot, step = scale.plot, _step(scale.top - scale.low)
    for value in range(scale.low, scale.top + 1, step):
        y = scale.y(value)
        canvas.line(plot.x, y, plot.right, y, palette.FAINT, 1 if value else 2)
        canvas.text(plot.x - 10, y, str(value), 22, palette.MUTED, anchor="rm")
    for i, number in enumerate(chart.rounds):
        x = _x(plot, i, len(chart.rounds))
        told = N_("R{n} final").format(n=number) if i == len(chart.rounds) - 1 else f"R{number}"
        canvas.text(x, plot.bottom + 12, told, 22, palette.MUTED, anchor="mt")


def _scale(chart: Chart, plot: Rect) -> _Scale:
    values = [p for line in chart.lines for p in line.points]
    most, least = max([1, *values]), min([0, *values])
    step = _step(most - least)
    low = -(-least // step) * step if least >= 0 else (least // step) * step
    top = -(-(most + 1) // step) * step  # above the highest point: its marker shows whole
    return _Scale(plot, low, top)


def _x(plot: Rect, i: int, count: int) -> int:
    return plot.x + 30 + (round(i * (plot.w - 60) / (count - 1)) if count > 1 else (plot.w - 60) // 2)


def draw_chart(chart: Chart) -> Canvas:
    """The chart image (see the module docstring)."""
    canvas = Canvas(CHART_W, CHART_H)
    canvas.rect(Rect(0, 0, CHART_W, 76), palette.TITLE_BAR)
    canvas.text_in(
        Rect(24, 0, CHART_W - 48, 76),
        N_("{title} — {unit} by round").format(title=chart.title, unit=said(chart.unit)),
        38,
        palette.TITLE_INK,
        style="bold",
        align="l",
    )
    legend = Rect(CHART_W - 400, 110, 380, CHART_H - 150)
    plot = Rect(90, 110, CHART_W - 530, CHART_H - 180)
    canvas.box(plot.inset(-8), palette.PANEL, palette.LINE, width=2, radius=8)
    scale = _scale(chart, plot)
    _grid(canvas, chart, scale)
    count = len(chart.rounds)
    spread = 4  # equal scores: each seat's line a few pixels apart, so none hides another
    for line in sorted(chart.lines, key=lambda line: line.seat):
        dx = round((line.seat - (len(chart.lines) - 1) / 2) * spread)
        points = [(_x(plot, i, count) + dx, scale.y(p)) for i, p in enumerate(line.points)]
        style = palette.seat_style(line.seat)
        if len(points) > 1:
            canvas.draw.line(points, fill=palette.INK, width=9, joint="curve")
            canvas.draw.line(points, fill=style.fill, width=5, joint="curve")
        for x, y in points:
            canvas.marker(x, y, line.seat, size=26)
    _legend(canvas, chart, legend)
    note = Rect(legend.x, legend.bottom - 90, legend.w, 90)
    canvas.paragraph(note, NOTE, 20, palette.MUTED, min_size=14)
    return canvas


def render_chart(chart: Chart, *, lang: str | None = None) -> Image:
    """The encoded chart, with its alt text (every seat's points round by round), its words in
    ``lang`` (``render.words``)."""
    with drawn_in(lang):
        canvas = draw_chart(chart)
        data, ext = encode.encode(canvas.image, "chart")
        points = "; ".join(
            f"{line.name or colour(palette.seat_style(line.seat).name)}: "
            + ", ".join(str(p) for p in line.points)
            for line in chart.lines
        )
        alt = said(
            N_("{title}, {unit} at the end of each round (the last is the final score). {points}").format(
                title=chart.title, unit=said(chart.unit), points=points
            )
        )
    return Image(data, f"{STEM}{ext}", alt[:1000], canvas.width, canvas.height)


def series(scores: Sequence[Sequence[int]], names: Sequence[str]) -> tuple[Line, ...]:
    """``scores[r][seat]`` (one row per round) as one ``Line`` per seat."""
    seats = len(scores[0]) if scores else 0
    return tuple(
        Line(seat, names[seat] if seat < len(names) else "", tuple(int(row[seat]) for row in scores))
        for seat in range(seats)
    )
