"""Small words of the bot's messages in the reader's language (issue 15): seat colours, computer
levels, game states, clock lengths.

Every sentence the bot writes goes through the catalogue (``i18n.translate``/``translate_n``, the
message id being the English text); the words here are data (a colour, a level), so they are
catalogued with a context each and declared in ``CATALOGUE_NAMES`` for the completeness tests.
"""

from __future__ import annotations

from bot.service.languages import LANGUAGE_NAMES
from bot.service.levels import COMPUTER_LEVELS
from i18n import translate, translate_n
from rules.core import SEAT_COLOURS, seat_colour

STATUSES = ("lobby", "running", "finished", "abandoned")
# Context -> the words catalogued under it (tests/i18n hold the catalogue to exactly these).
CATALOGUE_NAMES: dict[str, tuple[str, ...]] = {
    "seat colour": tuple(c for c, _ in SEAT_COLOURS),
    "computer level": COMPUTER_LEVELS,
    "game status": STATUSES,
    "language": tuple(LANGUAGE_NAMES.values()),
}


def colour_name(seat: int, lang: str | None = None) -> tuple[str, str]:
    """(colour name, letter) of a seat in the reader's words; the letter is the one drawn on the
    boards, so it stays the English colour's initial."""
    colour, letter = seat_colour(seat)
    return translate(colour, lang, context="seat colour"), letter


def level_word(level: str, lang: str | None = None) -> str:
    return translate(level, lang, context="computer level")


def status_word(status: str, lang: str | None = None) -> str:
    return translate(status, lang, context="game status")


def hours_text(hours: float, lang: str | None = None) -> str:
    """``48 hours``, ``an hour``, ``30 minutes``, ``3 days``: a clock length in words."""
    if hours <= 0:
        return translate("no clock", lang)
    if hours < 1:
        return translate_n("{n} minute", "{n} minutes", round(hours * 60), lang)
    if hours == 1:
        return translate("an hour", lang)
    if hours >= 72 and hours % 24 == 0:
        return translate("{days} days", lang, days=format(hours / 24, "g"))
    return translate("{hours} hours", lang, hours=format(hours, "g"))
