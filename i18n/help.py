"""Rules help in other languages, kept as data: ``i18n/help/<lang>/<game>.md`` (issue 15).

A game's rules help is English Markdown (``rules.core.game_rules_help``) cut into sections at its
``## `` headings (the text before the first one is the "Overview"). A translation file holds
translated sections, each headed ``## <translated title> <!-- <English title> <digest> -->``: the
English section it translates, and the first 8 hex digits of the SHA-256 of that English
section's text when it was translated. The bot shows a translated section in its place and the
English one where the file has none; when the English text changed since (another digest), the
translated section is shown with a note saying so (``stale``), so a change of the English help
never silently loses its news for readers of another language. The first line of the file
(``# <title>``) is the translated title of the whole text.

A section built from a game's data (its laws, counties, provisional values) is not translated by
hand a second time: its anchor says ``lines`` instead of a digest (``## Leggi <!-- Laws lines
-->``, no text under it), and its English text is put in the reader's language line by line
through the message catalogue (``lines``), where each line is a catalogued template filled with
catalogued names; it follows the data, overrides included, and is never stale.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from i18n import translate_phrase

HELP_DIR = Path(__file__).resolve().parent / "help"
OVERVIEW = "Overview"
ANCHOR = re.compile(r"^## (?P<title>.+?)\s*<!--\s*(?P<source>.+?)\s+(?P<digest>[0-9a-f]{8}|lines)\s*-->\s*$")
LINES = "lines"  # the anchor's word for a section the catalogue words line by line
ITEM = re.compile(r"^(\s*(?:[-*] )?)(.*?)(\s*)$")  # a line's list marker, its text, its end


@dataclass(frozen=True)
class Section:
    title: str  # in the file's language
    text: str
    source: str  # the English section's title
    digest: str  # of the English text it was translated from; ``LINES``: worded line by line

    @property
    def by_lines(self) -> bool:
        return self.digest == LINES


@dataclass(frozen=True)
class Translation:
    heading: str | None  # the whole text's title ("# …" line), if the file gives one
    sections: dict[str, Section]  # by English title, in the file's order


def digest(text: str) -> str:
    """The digest a translated section records of the English text it translates."""
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:8]


def english_sections(text: str) -> list[tuple[str, str]]:
    """A help text's ``## `` sections as (title, text), the text before the first heading (the
    ``# `` title line left out) as "Overview"."""
    sections: list[tuple[str, list[str]]] = [(OVERVIEW, [])]
    for line in text.splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif not (line.startswith("# ") and len(sections) == 1 and not sections[0][1]):
            sections[-1][1].append(line)
    return [(title, "\n".join(lines).strip()) for title, lines in sections]


@cache
def translation(game_name: str, language: str) -> Translation:
    """The translated sections of ``game_name``'s help in ``language`` (none: an empty one)."""
    path = HELP_DIR / language / f"{game_name}.md"
    if not path.is_file():
        return Translation(None, {})
    heading: str | None = None
    found: dict[str, tuple[str, str, str, list[str]]] = {}
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        anchor = ANCHOR.match(line)
        if anchor:
            current = []
            found[anchor["source"]] = (anchor["title"], anchor["source"], anchor["digest"], current)
        elif line.startswith("# ") and heading is None and not found:
            heading = line[2:].strip()
        elif current is not None:
            current.append(line)
    sections = {s: Section(t, "\n".join(body).strip(), s, d) for s, (t, _, d, body) in found.items()}
    return Translation(heading, sections)


def stale(section: Section, english_text: str) -> bool:
    """The English section changed since ``section`` was translated from it."""
    return not section.by_lines and section.digest != digest(english_text)


def lines(english_text: str, language: str) -> str:
    """A section built from data, in ``language`` line by line (``translate_phrase``): each line's
    list marker kept, its text through its catalogued template; a line no template explains
    stays English (the rules-help tests find those)."""
    out = []
    for line in english_text.splitlines():
        found = ITEM.match(line)
        marker, text, end = found.groups() if found else ("", line, "")
        out.append(marker + translate_phrase(text, language) + end if text else line)
    return "\n".join(out)
