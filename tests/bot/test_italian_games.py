"""Issue 15 item 5 ("How it is checked"): a member whose Discord client is Italian (``@locale
alice it``) plays a complete game of each game through the sandbox, by the private "Choose" reply
(guided walks and buttons), ``/move`` with its suggestions and a few refused commands; a checker
finds no English sentence of the bot among her private replies, and the public posts follow the
server's setting (Italian here, set by a moderator), while an English member's private replies stay
English. Each game is played once plain and once with its expansions (Lorenzo with Houses of
Renaissance; Lancaster with Henry V, The King's Resentment and Queenie); ``/game rules`` for every
topic is checked in tests/bot/test_rules_help_i18n.py.

The checker (``bot_english``) looks for the bot's own English: any literal run of three words or
more of a ``bot.po`` message id left in what she reads. When ``i18n.check`` (the engines' English
checker) is present, the engines' sentences are checked too (``engine_english``).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import random
import re
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from i18n import catalogue
from i18n.phrases import PLACEHOLDER
from rules import find_game
from tests.bot.harness import Harness

# The engines' checker (issue 15, the engine side), once it is there.
engine_check: ModuleType | None = (
    importlib.import_module("i18n.check") if importlib.util.find_spec("i18n.check") else None
)

WALK = re.compile(r":[wx]\d+:p")


@cache
def bot_fragments() -> tuple[str, ...]:
    """Literal runs of 3+ words of every bot message (its English), lower-cased."""
    found: set[str] = set()
    for entry in catalogue.entries("it"):
        if entry.domain != "bot" or entry.context:
            continue
        ids = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        for ident in ids:
            for part in PLACEHOLDER.split(ident)[::2]:
                words = re.findall(r"[A-Za-z']+", part)
                if len(words) >= 3:
                    found.add(" ".join(words).lower())
    # The engines' own end event ("The game is over.") reads like the bot's end line; the engine
    # checker judges it.
    return tuple(sorted(found - {"the game is over"}))


def bot_english(text: str) -> list[str]:
    plain = " ".join(re.findall(r"[A-Za-z']+", text)).lower()
    return [f for f in bot_fragments() if f in plain]


def engine_english(text: str) -> list[str]:
    return [] if engine_check is None else list(engine_check.english_words(text, "it"))


def read(reply: dict[str, Any]) -> str:
    """Everything a reply shows: content, embeds, button and select labels."""
    parts = [reply.get("content") or ""]
    for embed in reply.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
    for c in reply.get("components") or []:
        parts.append(str(c.get("label") or ""))
        parts += [str(o.get("label") or "") for o in c.get("options") or []]
    return "\n".join(parts)


class Reader:
    """What alice (Italian) reads privately, what everyone reads publicly."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.private: list[str] = []
        self.public: list[str] = []

    async def __call__(self, line: str) -> list[dict[str, Any]]:
        replies = await self.h(line)
        for r in replies:
            if r["ephemeral"] and r.get("user") == "alice":
                self.private.append(read(r))
            elif not r["ephemeral"] and r["kind"] != "error":
                self.public.append(read(r))
        return replies


async def alice_turn(say: Reader, rng: random.Random) -> None:
    """Alice opens her private choices and answers there: a guided walk to Conferma, a button or
    a select; when the reply offers none, a suggestion of ``/move``."""
    (reply,) = [r for r in await say("alice click g:1:hand") if r["ephemeral"]]
    version = (await say.h.tables.get(1)).version
    for _ in range(14):
        buttons = [c for c in reply["components"] if c.get("type") != "select" and ":m" in c["custom_id"]]
        walks = [
            c for c in reply["components"] if WALK.search(c["custom_id"]) and c.get("label") != "Indietro"
        ]
        selects = [c for c in reply["components"] if c.get("type") == "select"]
        if buttons and not walks:
            await say(f"alice click {rng.choice(buttons)['custom_id']}")
            if (await say.h.tables.get(1)).version != version:
                return
            break
        if selects:
            select = rng.choice(selects)
            value = rng.choice(select["options"])["value"]
            replies = await say(f"alice click {select['custom_id']} {value}")
        elif walks:
            replies = await say(f"alice click {rng.choice(walks)['custom_id']}")
        else:
            break
        mine = [r for r in replies if r["ephemeral"]]
        if not mine or (await say.h.tables.get(1)).version != version:
            return  # the choice was a move: answered
        reply = mine[0]
    choices = (await say.h.one("alice ? /move text:"))["choices"]
    assert choices, reply
    await say(f'alice /move "text:{rng.choice(choices)["value"]}"')


async def play_out(say: Reader, name: str, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(1500):
        turn = await say.h.tables.turn(1)
        if turn.finished:
            return
        actor = turn.acting[0].name
        if actor == "alice":
            await alice_turn(say, rng)
        else:
            choices = (await say.h.one(f"{actor} ? /move text:"))["choices"]
            await say(f'{actor} /move "text:{rng.choice(choices)["value"]}"')
    raise AssertionError(f"{name}: the game did not finish")


GAMES = [
    ("lorenzo", "leaders:true"),
    ("lancaster", ""),
    # The expansions (their prompts, events, tokens, auction, court and tower), one game each.
    ("lorenzo", "houses:true leader_draft:deal"),
    ("lancaster", "henry_v:true kings_resentment:true queenie:true"),
]
# Words she reads only when the expansion is played (so the check did meet its texts): the Family
# auction and the Special Tokens; the lord, the tower's dishonor and a reward tile.
SEEN = {
    "houses:true leader_draft:deal": ("Asta", "Segnalin"),
    "henry_v:true kings_resentment:true queenie:true": ("lord", "disonore", "tessera ricompensa"),
}


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_an_italian_member_plays_a_whole_game_in_italian(tmp_path: Path, name: str, options: str) -> None:
    async def go() -> None:
        async with Harness(tmp_path / "t.db", games=[find_game(name)]) as h:
            say = Reader(h)
            await say("@locale alice it")
            await say("erin /game settings language:it")
            await say(f"alice /game new game:{name} {options}".strip())
            await say("bob /game join")
            await say("alice /game join")  # refused: already seated
            await say("alice /game start")
            await say("alice /game status")
            await say("alice /help")
            await say("alice /game settings quiet:22-08")
            await say("alice /move text:xyzzy")  # an unknown move (or not her turn)
            bob_board = [r for r in await h("bob click g:1:board") if r["ephemeral"]]
            assert bob_board[0]["content"].startswith("Your board in"), bob_board
            chosen = (await h.tables.get(1)).options
            wanted = dict(word.split(":") for word in options.split())
            assert {k: str(chosen[k]).lower() for k in wanted} == wanted, chosen  # the options are on
            await play_out(say, name, 5)
            assert (await h.tables.get(1)).status == "finished"
            await say("alice /game status")
        assert len(say.private) > 20 and say.public
        everything = "\n".join(say.private + say.public)
        assert [w for w in SEEN.get(options, ()) if w not in everything] == []
        left = [(text[:200], bot_english(text)) for text in say.private + say.public if bot_english(text)]
        assert left == [], f"{len(left)} replies keep the bot's English, e.g. {left[:3]}"
        engine = [(text[:200], w) for text in say.private if (w := engine_english(text))]
        if engine_check is not None:
            assert engine == [], f"{len(engine)} private replies keep English, e.g. {engine[:3]}"

    asyncio.run(go())
