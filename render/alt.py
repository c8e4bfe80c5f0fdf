"""Helpers for alt text: every image says in words what it shows (round, turn, scores)."""

from __future__ import annotations

from render.palette import seat_style

ALT_LIMIT = 1000  # Discord accepts 1024 characters of attachment description


def seat_name(seat: int) -> str:
    """How alt text names a seat: the same colour and letter the image shows."""
    style = seat_style(seat)
    return f"{style.name.capitalize()} ({style.letter})"


def clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1].rstrip() + "…"
