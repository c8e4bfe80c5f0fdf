"""``/game rules`` in the reader's language (issue 15): the game's English rules help with each
section a translation file of ``i18n/help/`` holds put in its place (``i18n.help``; a section
built from data is worded line by line through the catalogue); a section no file translates stays
English, and says so. Discord-free."""

from __future__ import annotations

from i18n import help as translated
from i18n import language, translate
from rules.core import Game, game_rules_help, game_rules_sections, section_parts


def raw_sections(game: Game, lang: str | None) -> list[tuple[str, str, str]]:
    """The help's sections, uncut, as (English title, title, text): in ``lang`` where a
    translation file has them, else English (marked as such when the file has others)."""
    english = translated.english_sections(game_rules_help(game))
    found = translated.translation(game.name, language(lang))
    out: list[tuple[str, str, str]] = []
    for title, text in english:
        section = found.sections.get(title)
        if section is None:
            only = (
                translate("(This part is in English only.)", lang) + "\n" if found.sections and text else ""
            )
            out.append((title, title, only + text))
            continue
        body = translated.lines(text, language(lang)) if section.by_lines else section.text
        if translated.stale(section, text):
            body += "\n\n" + translate(
                "⚠️ The English text of this part changed after it was translated; an English "
                "client shows the newest.",
                lang,
            )
        out.append((title, section.title, body))
    return [(s, t, b) for s, t, b in out if b]


def translated_for(game: Game, lang: str | None) -> bool:
    """Whether ``game``'s help has translated sections in ``lang`` (and no sections of its own)."""
    own = callable(getattr(game, "rules_sections", None))
    return not own and bool(translated.translation(game.name, language(lang)).sections)


def sections(game: Game, lang: str | None) -> list[tuple[str, str]]:
    """The sections ``/game rules topic:`` offers, each at most ``SECTION_LIMIT`` characters."""
    if not translated_for(game, lang):
        return game_rules_sections(game)
    out: list[tuple[str, str]] = []
    for _source, title, text in raw_sections(game, lang):
        out += section_parts(title, text)
    return out


def full_text(game: Game, lang: str | None) -> str:
    """The whole rules help as one Markdown text (``/game rules full:true``)."""
    if not translated_for(game, lang):
        return game_rules_help(game)
    heading = translated.translation(game.name, language(lang)).heading or game.title
    chunks = [f"# {heading}"]
    for source, title, text in raw_sections(game, lang):
        chunks.append(text if source == translated.OVERVIEW else f"## {title}\n{text}")
    return "\n\n".join(chunks) + "\n"
