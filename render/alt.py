"""Helpers for alt text: every image says in words what it shows (round, turn, scores)."""

from __future__ import annotations

from render.palette import seat_style
from render.words import N_, colour, said
from rules.core import OutcomeJSON

ALT_LIMIT = 1000  # Discord accepts 1024 characters of attachment description


def seat_name(seat: int) -> str:
    """How alt text names a seat: the same colour and letter the image shows (the colour in the
    board's language, ``render.words``)."""
    style = seat_style(seat)
    return f"{colour(style.name).capitalize()} ({style.letter})"


NAME_LIMIT = 16
"""Longest display name drawn on a board (longer ones are cut with an ellipsis)."""


def seat_name_with(seat: int, name: str | None) -> str:
    """A seat as boards name it once names are known: "alice (Blue B)"; else "Blue (B)"."""
    if not name:
        return seat_name(seat)
    style = seat_style(seat)
    return f"{short_name(name)} ({colour(style.name).capitalize()} {style.letter})"


def short_name(name: str) -> str:
    """A display name clipped to ``NAME_LIMIT`` characters for an image."""
    name = " ".join(name.split())
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1].rstrip() + "…"


def clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1].rstrip() + "…"


def final_summary(outcome: OutcomeJSON, unit: str) -> str:
    """ "Winner: Blue (B). Final scores: Blue (B) 38 VP, Green (G) 27 VP." from Outcome.to_json()."""
    scores = list(outcome.get("scores") or [])
    ranking = [int(s) for s in outcome.get("ranking") or range(len(scores))]
    winners = ", ".join(seat_name(int(s)) for s in outcome.get("winners") or [])
    ranked = ", ".join(f"{seat_name(s)} {scores[s]} {said(unit)}" for s in ranking if s < len(scores))
    return said(N_("Winner: {winners}. Final scores: {ranked}.").format(winners=winners, ranked=ranked))
