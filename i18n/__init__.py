"""Italian and English for everything a player reads (issue 15).

English is the source language: every message is written in English in the code (or the game's
data) and that English text is the gettext message id; ``i18n/locale/it/LC_MESSAGES/*.po`` hold the
Italian. Placeholders are ``str.format`` names (``{card}``), filled after translation, so a
translation may move them.

    translate("Round {n} begins.", "it", n=3)                 # "Inizia il turno 3."
    translate_n("{n} servant", "{n} servants", 2, "it")       # plural forms of the language
    translate("Woods", "it", context="lorenzo card")          # names live in their own context

A locale is anything Discord reports (``"it"``, ``"en-US"``, ``discord.Locale.italian.value``) or
None; ``language`` maps it to a catalogue language, English when there is none. Nothing here knows
Discord, so the table service and the images use it as the app does.
"""

from __future__ import annotations

from i18n.catalogue import languages, translations
from i18n.phrases import translate_sentence

SOURCE = "en"


def language(locale: str | None) -> str:
    """The catalogue language for a Discord locale: ``"it"`` for Italian, else English."""
    if not locale:
        return SOURCE
    base = str(locale).replace("_", "-").split("-")[0].lower()
    return base if base in available() else SOURCE


def available() -> list[str]:
    return [SOURCE, *languages()]


def lookup(text: str, locale: str | None, context: str | None = None) -> str | None:
    """The translation of ``text`` (unformatted), or None when the catalogue has none."""
    lang = language(locale)
    if lang == SOURCE:
        return None
    key = text if context is None else f"{context}\x04{text}"
    return translations(lang).messages.get(key)


def translate(text: str, locale: str | None, /, *, context: str | None = None, **params: object) -> str:
    """``text`` in the reader's language (English when not catalogued), with ``params`` filled in."""
    found = lookup(text, locale, context)
    return fill(text if found is None else found, params)


def translate_n(
    singular: str,
    plural: str,
    n: int,
    locale: str | None,
    /,
    *,
    context: str | None = None,
    **params: object,
) -> str:
    """The plural form for ``n`` in the reader's language; ``{n}`` is filled with ``n``."""
    lang = language(locale)
    values = {"n": n, **params}
    if lang == SOURCE:
        return fill(singular if n == 1 else plural, values)
    catalogue = translations(lang).gnu
    if context is not None:
        return fill(catalogue.npgettext(context, singular, plural, n), values)
    return fill(catalogue.ngettext(singular, plural, n), values)


def translate_phrase(text: str, locale: str | None) -> str:
    """A finished English sentence or phrase (an engine's event, prompt or refusal, a name) in the
    reader's language, through its catalogued template (``i18n.phrases``); English when none
    explains it."""
    lang = language(locale)
    if lang == SOURCE or not text:
        return text
    if "\n" in text:  # several sentences a line each (a preview, a list of events)
        return "\n".join(translate_phrase(line, locale) for line in text.split("\n"))
    found = translate_sentence(text, lang)
    if found is None:
        return text
    # A text that starts a button or a line starts as the English does: "Territory tower" is
    # "torre dei Territori" inside a sentence and "Torre dei Territori" on its own.
    if text[0].isupper() and found[:1].islower():
        return found[0].upper() + found[1:]
    return found


def fill(text: str, params: dict[str, object]) -> str:
    return text.format(**params) if params else text
