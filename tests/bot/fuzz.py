"""Fuzzed player input through the sandbox (issue 8 item 2): random unicode, superscript and
other-script digits, huge and negative numbers, in every command option, move text, button custom
id and select value, sent by seated players and by a member who is not in the game.

Every line must get an answer; the answer to anything that did not move the game is private (or
the Discord client's own refusal); no line may be answered with the apology, log an error or leave
a traceback; a line that did not move the game leaves it exactly as it was. ``python -m
tests.bot.fuzz N`` runs N inputs per game on a temporary SQLite file and prints the figures.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import find_game
from tests.bot.harness import Harness

APOLOGY = "Sorry, something went wrong"
# Digits that are not ASCII but that str.isdigit(), \d or int() accept, and other number-like
# tokens a parser must refuse politely.
ODD_NUMBERS = (
    "²", "³", "¹", "٣", "۴", "३", "０", "３", "𝟙", "①", "Ⅻ", "½", "-1", "-0", "+3", " 3", "1_000",
    "0x10", "1e3", "3.0", "9" * 19, str(2**63), str(2**64 + 1), "-" + "9" * 30, "0" * 40 + "1",
    "999", "1000", "4294967296", "NaN", "inf", "",
)  # fmt: skip
ODD_TEXT = (
    "\u0000", "\u200b", "\u202e", "\ufeff", "́", "🂡", "𝕏", "ß", "İ", "K", "ǅ", "\n", "\t", ":", "=",
    "<@900000000000000103>", "@everyone", "`", "*", "||", "\\", '"', "'",
)  # fmt: skip


def random_text(rng: random.Random, longest: int = 40) -> str:
    """A string mixing ASCII, odd digits and symbols, and code points from anywhere in Unicode."""
    parts: list[str] = []
    for _ in range(rng.randint(1, 6)):
        pick = rng.random()
        if pick < 0.3:
            parts.append(rng.choice(ODD_NUMBERS))
        elif pick < 0.5:
            parts.append(rng.choice(ODD_TEXT))
        elif pick < 0.75:
            parts.append("".join(chr(rng.randint(0x20, 0x7E)) for _ in range(rng.randint(1, 8))))
        else:
            parts.append(
                "".join(
                    chr(c)
                    for c in (rng.randint(0x80, 0x2FFFF) for _ in range(rng.randint(1, 5)))
                    if not 0xD800 <= c <= 0xDFFF  # lone surrogates cannot be sent as JSON text
                )
            )
    return "".join(parts)[:longest]


NUMBER = re.compile(r"[0-9]+")


def mutated(rng: random.Random, text: str) -> str:
    """A legal move text with one number (or, without one, one word) replaced by something odd."""
    found = list(NUMBER.finditer(text))
    if found:
        m = rng.choice(found)
        return text[: m.start()] + rng.choice(ODD_NUMBERS) + text[m.end() :]
    words = text.split()
    words[rng.randrange(len(words))] = rng.choice((*ODD_NUMBERS, *ODD_TEXT))
    return " ".join(words)


def option_value(rng: random.Random, option: dict[str, Any], legal: list[str]) -> str:
    """A typed value for one slash-command option: usually odd, sometimes out of its range."""
    kind = option["type"]
    if kind == 4:  # integer: inside, at and beyond the range the Discord client allows
        low, high = option.get("min_value", -(2**53)), option.get("max_value", 2**53)
        return str(rng.choice((low, high, low - 1, high + 1, rng.randint(low, high), 2**63, -(2**63))))
    if kind == 10:
        return rng.choice(("0", "1e308", "-1", "0.5", "nan", "inf", "48"))
    if kind == 5:
        return rng.choice(("true", "false"))
    if option.get("choices"):
        return str(rng.choice(option["choices"])["value"]) if rng.random() < 0.7 else random_text(rng)
    if legal and rng.random() < 0.5:
        return mutated(rng, rng.choice(legal))
    return random_text(rng, option.get("max_length", 100))


Leaf = tuple[tuple[str, ...], dict[str, Any]]


def leaves(spec: dict[str, Any], path: tuple[str, ...] = ()) -> Iterator[Leaf]:
    """Every (command path, leaf spec) of a registered command, subcommands included."""
    subs = [o for o in spec.get("options", []) if o["type"] in (1, 2)]
    if not subs:
        yield path, spec
    for sub in subs:
        yield from leaves(sub, (*path, sub["name"]))


@dataclass
class Figures:
    inputs: int = 0
    moved: int = 0  # inputs that happened to be legal moves
    refused: int = 0  # private refusals (game unchanged)
    client: int = 0  # refused by the simulated Discord client before reaching the bot
    kinds: dict[str, int] = field(default_factory=dict)


class ErrorLog(logging.Handler):
    """Collects every ERROR (or worse) any logger writes: an unexpected error is logged so."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Fuzzer:
    """Sends random lines to game 1 of ``h`` and checks every answer (see the module doc)."""

    def __init__(self, h: Harness, rng: random.Random, players: list[str]) -> None:
        self.h, self.rng, self.players = h, rng, players
        self.figures = Figures()
        self.components: list[dict[str, Any]] = []  # the latest buttons and selects seen

    async def snapshot(self) -> tuple[Any, ...]:
        record = await self.h.tables.get(1)
        moves = [m.text for m in await self.h.tables.log(1)]
        return record.version, record.seats, record.status, record.state, moves

    async def legal(self, who: str) -> list[str]:
        user = self.h.sandbox.members.get(who)
        assert user is not None
        try:
            mine = await self.h.tables.legal(1, user.id)
        except Exception:  # not seated, or the game is over: no legal texts to mutate
            return []
        return [m.to_text() for m in mine.moves]

    async def line(self, who: str) -> tuple[str, str]:
        """(kind, script line) of one random input by ``who``."""
        rng = self.rng
        legal = await self.legal(who)
        pick = rng.random()
        if pick < 0.35:
            text = mutated(rng, rng.choice(legal)) if legal and rng.random() < 0.6 else random_text(rng)
            return "move", f"{who} /move {shlex.quote('text:' + text)}"
        if pick < 0.65:
            return "command", self.command_line(who, legal)
        return "component", self.click_line(who)

    def command_line(self, who: str, legal: list[str]) -> str:
        rng = self.rng
        name = rng.choice(sorted(self.h.sandbox.commands))
        # Not /game abandon: ending the game would leave nothing to fuzz.
        path, leaf = rng.choice([x for x in leaves(self.h.sandbox.commands[name]) if x[0] != ("abandon",)])
        words = [f"/{name}", *path]
        for option in leaf.get("options", []):
            if option.get("required") or rng.random() < 0.5:
                words.append(shlex.quote(f"{option['name']}:{option_value(rng, option, legal)}"))
        return f"{who} {' '.join(words)}"

    def click_line(self, who: str) -> str:
        rng = self.rng
        ids = [c for c in self.components if c.get("custom_id")]
        if not ids or rng.random() < 0.15:
            tail = rng.choice(("board", "hand", "join", "start", "v1:m0.0"))
            custom = f"g:{rng.choice(ODD_NUMBERS)}:{tail}"
            return f"{who} click {shlex.quote(custom)}"
        chosen = rng.choice(ids)
        custom = str(chosen["custom_id"])
        if rng.random() < 0.5:  # one number of the id replaced by something odd
            custom = mutated(rng, custom).replace(" ", "")
        value = ""
        if chosen.get("type") == "select":
            options = [o["value"] for o in chosen["options"]]
            value = rng.choice(options) if rng.random() < 0.3 else rng.choice(ODD_NUMBERS) or "x"
        return f"{who} click {shlex.quote(custom)} {shlex.quote(value)}".rstrip(" '")

    async def step(self) -> None:
        who = self.rng.choice(self.players)
        kind, line = await self.line(who)
        before = await self.snapshot()
        replies = await self.h(line)
        after = await self.snapshot()
        self.figures.inputs += 1
        self.figures.kinds[kind] = self.figures.kinds.get(kind, 0) + 1
        assert replies, f"no answer to {line!r}"
        for r in replies:
            assert APOLOGY not in r["content"], (line, r)
            self.components = r["components"] or self.components
        if after[0] != before[0]:
            self.figures.moved += 1
            return
        assert after == before, line
        if all(r["kind"] == "error" for r in replies):
            self.figures.client += 1
            return
        # A refusal is private; only /game status shows the board to everyone without a move.
        assert all(r["ephemeral"] for r in replies) or "/game status" in line, (line, replies)
        self.figures.refused += 1

    async def advance(self) -> None:
        """Play one legal move for someone who must act, so later inputs meet other phases."""
        turn = await self.h.tables.turn(1)
        if turn.finished or not turn.acting:
            return
        # A seat handed to the computer (a confirmed /game leave) has no member to act for it.
        people = [s for s in turn.acting if self.h.sandbox.members.by_id(s.user_id) is not None]
        if not people:
            return
        user = self.h.sandbox.members.by_id(self.rng.choice(people).user_id)
        assert user is not None
        texts = await self.legal(user.name)
        if texts:
            replies = await self.h(f"{user.name} /move {shlex.quote('text:' + self.rng.choice(texts))}")
            for r in replies:
                self.components = r["components"] or self.components


async def fuzz_game(h: Harness, game: str, players: list[str], inputs: int, seed: int) -> Figures:
    """Start ``game`` for ``players`` in ``h`` and send ``inputs`` random lines (also by carol)."""
    await h(f"{players[0]} /game new game:{game}")
    for p in players[1:]:
        await h(f"{p} /game join")
    for r in await h(f"{players[0]} /game start"):
        fuzzer_components = r["components"]
    fuzzer = Fuzzer(h, random.Random(seed), [*players, "carol"])
    fuzzer.components = fuzzer_components
    for i in range(inputs):
        await fuzzer.step()
        if i % 8 == 7:
            await fuzzer.advance()
    return fuzzer.figures


GAMES = {"lorenzo": ["alice", "bob"], "lancaster": ["alice", "bob", "dave"]}


async def run(db: Path | str, game: str, inputs: int, seed: int) -> Figures:
    """Fuzz ``game`` with ``inputs`` lines; raises on the first bad answer or logged error."""
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    try:
        async with Harness(db, games=[find_game(game)]) as h:
            figures = await fuzz_game(h, game, GAMES[game], inputs, seed)
        assert not errors.records, [r.getMessage() for r in errors.records]
    finally:
        logging.getLogger().removeHandler(errors)
    return figures


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for name in GAMES:
        found = asyncio.run(run(Path(tempfile.mkdtemp()) / "fuzz.db", name, count, seed))
        print(json.dumps({"game": name, "seed": seed, **found.__dict__}))
