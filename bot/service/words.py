"""Small words of the bot's messages in the reader's language (issue 15): seat colours, computer
levels, game states, clock lengths.

Every sentence the bot writes goes through the catalogue (``i18n.translate``/``translate_n``, the
message id being the English text); the words here are data (a colour, a level), so they are
catalogued with a context each and declared in ``CATALOGUE_NAMES`` for the completeness tests.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.service.languages import LANGUAGE_NAMES
from bot.service.levels import COMPUTER_LEVELS
from i18n import SOURCE, language, lookup, translate, translate_n, translate_phrase
from rules import all_games
from rules.core import SEAT_COLOURS, name_seats, option_words, seat_colour

STATUSES = ("lobby", "running", "finished", "abandoned")


def _option_words() -> tuple[str, ...]:
    """Every option title and value word the lobby shows (``rules.core.option_words``), for the
    registered games: catalogued with context "game option"."""
    found: dict[str, None] = {}
    for game in all_games():
        for option in game.options():
            for value in option.choices:
                title, _, word = option_words(option, value).partition(": ")
                found.update({title: None, word: None})
    return tuple(found)


# Context -> the words catalogued under it (tests/i18n hold the catalogue to exactly these).
CATALOGUE_NAMES: dict[str, tuple[str, ...]] = {
    "seat colour": tuple(c for c, _ in SEAT_COLOURS),
    "computer level": COMPUTER_LEVELS,
    "game status": STATUSES,
    "language": tuple(LANGUAGE_NAMES.values()),
    "game option": _option_words(),
}


def N_(template: str, /, **params: object) -> str:
    """A refusal or line of ``bot/service`` in English, made from a catalogued template (like the
    engines' ``rules.core.say``): where it meets its reader it is translated back through the
    template (``i18n.translate_phrase``: ``bot.app.guard``, ``posting``)."""
    return template.format(**params) if params else template


def engine_text(text: str, lang: str | None, names: Sequence[str] = ()) -> str:
    """An engine's sentence (event, prompt, label, preview line) in the reader's language. The
    engines' templates name seats as ``{pN}`` tokens; a sentence the bot has already named
    (``name_seats``, with ``names``) gets its tokens back for the lookup, then its names again."""
    if not text or language(lang) == SOURCE:
        return text
    if not names:
        return translate_phrase(text, lang)
    return name_seats(translate_phrase(unnamed(text, names), lang), names)


def unnamed(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat's name (as ``name_seats`` wrote it) back as its ``{pN}`` token;
    longer names first, whole names only."""
    order = sorted((n, i) for i, n in enumerate(names) if n)
    order.sort(key=lambda pair: -len(pair[0]))
    for name, seat in order:
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", f"{{p{seat}}}", text)
    return text


def colour_name(seat: int, lang: str | None = None) -> tuple[str, str]:
    """(colour name, letter) of a seat in the reader's words; the letter is the one drawn on the
    boards, so it stays the English colour's initial."""
    colour, letter = seat_colour(seat)
    return translate(colour, lang, context="seat colour"), letter


def option_word(text: str, lang: str | None = None) -> str:
    """An option's title or value word (the lobby, ``/game new`` suggestions) in the reader's
    language: its "game option" entry, else the engine catalogue's phrase."""
    found = lookup(text, lang, "game option")
    return found if found is not None else translate_phrase(text, lang)


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
