"""Issue 15 items 2 and 5 (tests): the bot's own words have a catalogue, ``bot.po``, that holds
exactly what the bot marks: every message the bot writes (``translate``/``translate_n`` in
``bot/app``, ``say``/``say_n`` refusals of ``bot/service``) and its data words (seat colours,
computer levels, game states, language names) exists in Italian, and ``bot.po`` holds nothing the
bot does not use (a message shared with another domain lives there once). The same for the words
boards draw (``render.po``: ``N_`` marks in ``render/`` and the boards' data labels)."""

from __future__ import annotations

import pytest

from bot.service.words import CATALOGUE_NAMES
from i18n import catalogue, translate, translate_n, translate_phrase
from i18n.keys import code_keys
from render import catalogue_names as board_names

LANG = "it"


def bot_entries(domain: str = "bot") -> dict[tuple[str | None, str], catalogue.Entry]:
    return {
        (e.context, e.id if isinstance(e.id, str) else e.id[0]): e
        for e in catalogue.entries(LANG)
        if e.domain == domain
    }


def other_keys(domain: str = "bot") -> set[tuple[str | None, str]]:
    return {
        (e.context, e.id if isinstance(e.id, str) else e.id[0])
        for e in catalogue.entries(LANG)
        if e.domain != domain
    }


def used_keys(domain: str = "bot") -> set[tuple[str | None, str]]:
    if domain == "render":
        return set(code_keys(["render"])) | {(None, w) for w in board_names()}
    names = {(context, w) for context, words in CATALOGUE_NAMES.items() for w in words}
    return set(code_keys(["bot"])) | names


@pytest.mark.parametrize("domain", ["bot", "render"])
def test_every_bot_message_exists_in_italian(domain: str) -> None:
    have = set(bot_entries(domain)) | other_keys(domain)
    missing = sorted(used_keys(domain) - have, key=str)
    assert missing == [], f"{len(missing)} {domain} messages have no Italian, e.g. {missing[:5]}"
    empty = [
        k
        for k, e in bot_entries().items()
        if not all(e.string if isinstance(e.string, tuple) else [e.string])
    ]
    assert empty == []


def test_bot_catalogue_holds_only_what_the_bot_uses() -> None:
    unused = sorted(set(bot_entries()) - used_keys(), key=str)
    assert unused == [], f"bot.po messages the bot never uses: {unused[:5]}"
    twice = sorted(set(bot_entries()) & other_keys(), key=str)
    assert twice == [], f"bot.po messages another catalogue holds too: {twice[:5]}"


def test_bot_words_in_both_languages() -> None:
    """English readers (and locales without a catalogue) read the source; Italian the catalogue,
    plural forms included; a service refusal (a finished English sentence) finds its template."""
    assert translate("My board", "en-US") == "My board"
    assert translate("My board", "fr") == "My board"
    assert translate("My board", "it") == "La mia plancia"
    assert translate("blue", "it", context="seat colour") == "blu"
    took = ("↩️ {who} took back their last step: {taken}.", "↩️ {who} took back their last {n} steps: {taken}.")
    assert translate_n(*took, 1, "it", who="Anna", taken="x") == "↩️ Anna ha annullato il suo ultimo passo: x."
    assert (
        translate_n(*took, 3, "it", who="Anna", taken="x") == "↩️ Anna ha annullato i suoi ultimi 3 passi: x."
    )
    refusal = "Lorenzo il Magnifico takes at most 4 players; this table is full."
    assert (
        translate_phrase(refusal, "it")
        == "Lorenzo il Magnifico ammette al massimo 4 giocatori; questo tavolo è pieno."
    )
