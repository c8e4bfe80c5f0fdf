"""Issue 15 item 5 (tests): the message catalogues are complete and nothing in them is dead.

Every message the code marks (``say``/``say_n`` in the engines, ``translate``/``translate_n``
elsewhere), every game's names and option descriptions exist in Italian; every Italian message is
one of those or a command string (``tests/bot/test_command_i18n.py`` holds those to the tree).
"""

from __future__ import annotations

from collections import Counter

import i18n
from bot.service.words import CATALOGUE_NAMES as BOT_NAMES
from i18n import catalogue
from i18n.keys import COMMAND_CONTEXTS, code_keys
from i18n.phrases import PLACEHOLDER
from render import catalogue_names as board_names
from rules import all_games
from rules.core import game_catalogue_names

LANG = "it"
LIST_WORDS = {("list", w) for w in ("or", "and", "then by")}  # how i18n.phrases joins translated lists


def entries() -> list[catalogue.Entry]:
    return list(catalogue.entries(LANG))


def expected_keys() -> set[tuple[str | None, str]]:
    keys: set[tuple[str | None, str]] = set(code_keys()) | LIST_WORDS
    keys |= {(context, w) for context, words in BOT_NAMES.items() for w in words}  # the bot's data words
    keys |= {(None, w) for w in board_names()}  # words the boards draw from their own data
    for game in all_games():
        keys |= {(None, o.description) for o in game.options()}
        for context, names in game_catalogue_names(game).items():
            keys |= {(context, name) for name in names}
    return keys


def key_of(entry: catalogue.Entry) -> tuple[str | None, str]:
    return (entry.context, entry.id if isinstance(entry.id, str) else entry.id[0])


def test_every_marked_message_and_name_is_in_italian() -> None:
    have = {key_of(e) for e in entries() if all(e.string if isinstance(e.string, tuple) else [e.string])}
    missing = sorted(expected_keys() - have, key=str)
    assert missing == [], f"{len(missing)} messages have no Italian, e.g. {missing[:5]}"


def test_no_italian_message_is_unused() -> None:
    used = expected_keys()
    unused = [
        key_of(e)
        for e in entries()
        if key_of(e) not in used and not (e.context or "").startswith(COMMAND_CONTEXTS)
    ]
    assert unused == [], f"catalogued but used nowhere: {unused[:10]}"


def test_each_message_once_and_placeholders_kept() -> None:
    counts = Counter(key_of(e) for e in entries())
    assert [k for k, n in counts.items() if n > 1] == []
    for e in entries():
        ids = [e.id] if isinstance(e.id, str) else list(e.id)
        strings = [e.string] if isinstance(e.string, str) else list(e.string)
        want = set(PLACEHOLDER.findall(ids[-1]))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) <= want | set(PLACEHOLDER.findall(ids[0])), (e.id, text)
            assert set(PLACEHOLDER.findall(text)) >= set(PLACEHOLDER.findall(ids[0])) - {"n"}, (e.id, text)


def test_every_catalogue_has_the_same_plural_rule() -> None:
    rules = {catalogue.read(p, LANG).plural_forms for p in catalogue.po_files(LANG)}
    assert rules == {"nplurals=2; plural=(n != 1);"}


def test_translate_plurals_and_fallback() -> None:
    """ngettext forms per language; a locale without a catalogue reads English."""
    assert i18n.translate("Woods", "it", context="lorenzo card") == "Bosco"
    assert i18n.translate("Woods", "en-US", context="lorenzo card") == "Woods"
    assert i18n.translate("Woods", "fr", context="lorenzo card") == "Woods"
    assert i18n.lookup("no such message", "it") is None
    assert i18n.translate("no such {x}", "it", x="message") == "no such message"
    assert i18n.language("it") == "it" and i18n.language("en-GB") == "en" and i18n.language(None) == "en"


def test_names_keep_their_accents() -> None:
    assert i18n.translate("City", "it", context="lorenzo card") == "Città"
    assert i18n.translate("Trading Town", "it", context="lorenzo card") == "Città Mercantile"


def po_keys(text: str) -> list[tuple[str | None, str]]:
    """The (context, id) of every message of a ``.po`` text as written (messages are separated by
    blank lines; continuation lines joined): Babel's reader keeps the last of two equal messages,
    so a repeat is only seen in the text."""
    keys: list[tuple[str | None, str]] = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        field = ""
        for line in block.splitlines():
            if line.startswith('"') and field:
                fields[field] += line[1:-1]
                continue
            field = line.split(" ", 1)[0] if line.startswith(("msgctxt ", "msgid ")) else ""
            if field:
                fields[field] = line[len(field) + 2 : -1]
        if fields.get("msgid"):  # not the header's empty id
            keys.append((fields.get("msgctxt"), fields["msgid"]))
    return keys


def test_no_message_is_written_twice_in_one_file() -> None:
    """A message written twice in one ``.po`` (two branches each adding it) reads as one, so the
    duplicate checks above can't see it; gettext's own tools refuse such a file."""
    for path in catalogue.po_files(LANG):
        counts = Counter(po_keys(path.read_text(encoding="utf-8")))
        assert [k for k, n in counts.items() if n > 1] == [], path.name
    assert po_keys('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n') == [(None, "a"), (None, "a")]
    continued = 'msgctxt "x"\nmsgid ""\n"a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n'
    assert po_keys(continued) == [("x", "a"), (None, "a")]
