"""Issue 5 legibility: "every number a player needs must be readable without zooming on a desktop
and with one zoom on a phone".

``Canvas.sizes`` records the pixel size every line was finally drawn at (after any shrinking to
fit). On boards from seeded playouts of both games, every text carrying a number is drawn at
14 px or more (most at 16-30), and the values players type or compare (conflict ids, England's
total, King's Favor tile numbers, the points on the scoring ruler) at 16 px or more.
"""

from __future__ import annotations

from typing import Any

import pytest

from render import draw_view, palette
from tests.render.helpers import sampled_states

NUMBER_FLOOR = 14
KEY_FLOOR = 16


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


@pytest.mark.parametrize(("game_name", "players"), [("lancaster", 2), ("lancaster", 4), ("lorenzo", 4)])
def test_every_number_is_drawn_at_a_legible_size(game_name: str, players: int) -> None:
    small: set[tuple[str, int]] = set()
    for game, state, _ in sampled_states(game_name, players, seed=21, stride=20):
        for viewer in (None, *sorted(game.active_players(state))[:1]):
            drawing = draw_view(game_name, game.player_view(state, viewer), private=viewer is not None)
            small |= {(t, s) for t, s in drawing.canvas.sizes if _has_digit(t) and s < NUMBER_FLOOR}
    assert not small, sorted(small)[:20]


def test_lancaster_values_players_type_or_compare_are_16px() -> None:
    """Conflict ids ("knight 2 conflict:K03"), England's total against France, the King's Favor
    tile numbers ("favor 3") and the conflict PP by rank."""
    checked = 0
    for game, state, _ in sampled_states("lancaster", 4, seed=13, stride=10):
        view: dict[str, Any] = game.player_view(state, None)
        sizes = dict(draw_view("lancaster", view, private=False).canvas.sizes)
        for card in view["conflicts"]:
            assert sizes[str(card["id"])] >= KEY_FLOOR
            assert sizes[f"England {card['total']}"] >= KEY_FLOOR
            checked += 1
        for tile in view["kings_favor"]:
            assert sizes[str(tile["index"])] >= KEY_FLOOR
    assert checked > 20


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else float(((c + 0.055) / 1.055) ** 2.4)

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_seat_letters_and_knight_strengths_contrast_with_the_seat_colour() -> None:
    """Issue 5 "colour-blind safe player colours with a letter": the letter or knight strength in
    every seat marker reads at WCAG AA for small text (4.5:1) on its seat colour."""
    for style in (*palette.SEATS, palette.NEUTRAL):
        assert contrast(style.fill, style.ink) >= 4.5, style.name


def test_board_text_colours_contrast_with_their_backgrounds() -> None:
    """Muted labels, win/lose colours and the Lancaster law-brown text on their usual grounds."""
    from render import lancaster

    pairs = [
        (palette.MUTED, palette.BACKGROUND),
        (palette.MUTED, palette.PANEL_ALT),
        (palette.INK, palette.HIGHLIGHT),
        (palette.GOOD, palette.BACKGROUND),
        (palette.BAD, lancaster.CONFLICT_FILL),
        (palette.TITLE_INK, lancaster.FRANCE),
        (lancaster.LAW_INK, lancaster.EXTENSION),
    ]
    for ink, ground in pairs:
        assert contrast(ink, ground) >= 4.5, (ink, ground)
