"""The message catalogues: gettext ``.po`` files under ``i18n/locale/<lang>/LC_MESSAGES/``, read with
Babel and compiled in memory when first needed.

Compiling at import (rather than shipping ``.mo`` files made by a build step) keeps one source of
truth: a fresh checkout with only Python and PyPI works, and an edited ``.po`` can never be shadowed
by a stale ``.mo``. Every ``.po`` of a language is one domain's part of the same catalogue (one file
for the bot, one per game, one for the commands); a message (context + id) may be defined once.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN_DIR = "LC_MESSAGES"


@dataclass(frozen=True)
class Entry:
    """One catalogue message as the tests and tools see it."""

    domain: str  # the .po file's stem
    context: str | None
    id: str | tuple[str, ...]
    string: str | tuple[str, ...]
    comments: tuple[str, ...]  # translator (#) and extracted (#.) comments


def languages() -> list[str]:
    """The languages with a catalogue, besides English (the source language)."""
    return sorted(p.name for p in LOCALE_DIR.iterdir() if (p / DOMAIN_DIR).is_dir())


def po_files(language: str) -> list[Path]:
    return sorted((LOCALE_DIR / language / DOMAIN_DIR).glob("*.po"))


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=path.stem)


def entries(language: str) -> Iterator[Entry]:
    for path in po_files(language):
        for message in read(path, language):
            if message.id:  # the header
                yield _entry(path.stem, message)


def _entry(domain: str, message: Message) -> Entry:
    ident = tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id
    string = tuple(message.string) if isinstance(message.string, (list, tuple)) else message.string
    comments = tuple(message.user_comments) + tuple(message.auto_comments)
    return Entry(domain, message.context, ident, string or "", comments)


@dataclass(frozen=True)
class Compiled:
    """One language's catalogue: gettext for plurals, and the singular messages by key
    (``context\x04id``), so a missing message is told apart from one translated as itself."""

    gnu: gettext.NullTranslations
    messages: dict[str, str]
    plurals: list[tuple[str, str]]  # (singular, plural) ids of the plural messages


@cache
def translations(language: str) -> Compiled:
    """Every ``.po`` of ``language`` compiled into one gettext catalogue (cached): each file is
    compiled with its own header (its Plural-Forms; tests hold them equal) and the files are
    chained as fallbacks, since a message lives in exactly one of them."""
    gnu: gettext.NullTranslations = gettext.NullTranslations()
    messages: dict[str, str] = {}
    plurals: list[tuple[str, str]] = []
    compiled: list[gettext.GNUTranslations] = []
    for path in po_files(language):
        catalog = read(path, language)
        for message in catalog:
            if message.id and isinstance(message.id, str) and message.string and not message.fuzzy:
                key = message.id if message.context is None else f"{message.context}\x04{message.id}"
                messages[key] = str(message.string)
            elif message.pluralizable and not message.fuzzy and all(message.string or ()):
                plurals.append((str(message.id[0]), str(message.id[1])))
        buffer = io.BytesIO()
        write_mo(buffer, catalog)  # fuzzy (unreviewed) messages are left out: they fall back to English
        buffer.seek(0)
        compiled.append(gettext.GNUTranslations(buffer))
    if compiled:
        gnu = compiled[0]
        for more in compiled[1:]:
            gnu.add_fallback(more)
    return Compiled(gnu, messages, plurals)
