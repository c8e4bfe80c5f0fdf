"""Measurement: how much a game posts in its channel (issue 12 item 1).

Plays the three games of issue 12 through the sandbox - Lorenzo 3 players with leaders,
Lancaster 4 players, Lancaster 2 players (allies) - and prints one JSON line per game with what
the channel received: public posts, board images (count and bytes), characters (content and
embeds), pings and pings to the player who had just moved; private replies; message edits; the
most public boards one seat's consecutive moves produced (Lorenzo: a turn with its follow-ups);
and public images posted after a secret decision that did not reveal (the vote goes on).

Run from the repository root: ``.venv/bin/python -m bench.channel [game ...]`` (names from
``CASES``; ``--before TREE`` plays each also with another checkout's bot first, e.g. a
``git worktree`` of main, so before and after come from one run). Choices are seeded and taken
from the legal moves, so the same games are played before and after a change of the bot's
presentation; each move is submitted the way a player would: a button or select they were
shown, else the private "Choose" reply, else ``/move``. Computers' moves are the bot's own (the
``*-computers`` cases): only the people's moves are submitted and counted in ``moves``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.sandbox import Sandbox
from bot.service.clock import Clock
from bot.service.store import open_store
from bot.service.table import Tables
from rules import core, find_game
from rules.core import Game, game_prompt

# Run against older code too (before/after in one run): without it every move is its own turn.
game_continues_turn = getattr(core, "game_continues_turn", lambda game, before, after, player: False)

CASES: dict[str, tuple[str, str, int, int]] = {
    # name: (game, /game new options, players, seed of the choices)
    "lorenzo-3p-leaders": ("lorenzo", "leaders:true", 3, 4),
    "lancaster-4p": ("lancaster", "", 4, 8),
    "lancaster-2p-allies": ("lancaster", "", 2, 5),
    # alice against two computers: their moves come in the replies to hers (the sandbox waits for
    # the pass her move kicked), so these count what a person playing computers sees
    "lorenzo-3p-computers": ("lorenzo", "bots:2 bot_level:easy", 1, 4),
    "lancaster-3p-computers": ("lancaster", "bots:2 bot_level:easy", 1, 8),
}
PLAYERS = ("alice", "bob", "carol", "dave", "erin")
CHOICE = re.compile(r"g:1:v(?P<ver>\d+):(?:m(?P<seat>\d+)\.(?P<idx>\d+)|s(?P<sel>\d+))(?::k[0-9a-f]{8})?")
STEP_LIMIT = 4000


@dataclass
class Tally:
    """What the channel received over one game."""

    moves: int = 0
    public_posts: int = 0
    public_images: int = 0  # boards and the end-of-game chart
    charts: int = 0
    public_image_bytes: int = 0
    public_chars: int = 0
    pings: int = 0
    pings_to_mover: int = 0
    private_replies: int = 0
    edits: int = 0
    secret_images_before_reveal: int = 0
    most_boards_in_one_turn: int = 0
    turns_with_several_boards: int = 0
    longest_post_chars: int = 0
    stale_clicks: int = 0  # remembered private buttons refused as outdated (then typed)
    _run: tuple[int, int] = field(default=(-1, 0))  # (seat, boards) of the current run of moves

    def add(self, mover: str, replies: Iterable[dict[str, Any]]) -> int:
        """Count one line's responses; returns the public boards among them."""
        images = 0
        for r in replies:
            if r["kind"] == "edit":
                self.edits += 1
                continue
            if r["kind"] not in ("reply", "followup", "message"):
                continue
            if r["ephemeral"]:
                self.private_replies += 1
                continue
            chars = len(r["content"]) + sum(
                len(e.get("title") or "") + len(e.get("description") or "") for e in r["embeds"]
            )
            self.public_posts += 1
            self.public_chars += chars
            self.longest_post_chars = max(self.longest_post_chars, chars)
            charts = sum(f["name"].startswith("scores.") for f in r["files"])  # the end-of-game chart
            self.charts += charts
            self.public_images += len(r["files"])
            images += len(r["files"]) - charts  # boards
            self.public_image_bytes += sum(f["size"] for f in r["files"])
            self.pings += len(r["mentions"])
            self.pings_to_mover += mover in r["mentions"]
        return images

    def turn(self, seat: int, images: int, *, continued: bool) -> None:
        """Boards per turn: a move and the follow-ups the game says continue it
        (``rules.core.game_continues_turn``), counted over the run of such moves."""
        run_seat, boards = self._run
        before = boards if seat == run_seat and continued else 0
        self._run = (seat, before + images)
        self.most_boards_in_one_turn = max(self.most_boards_in_one_turn, before + images)
        if before <= 1 < before + images:
            self.turns_with_several_boards += 1

    def figures(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}


def offered(replies: Iterable[dict[str, Any]], user: str) -> list[dict[str, Any]]:
    """The choice components ``user`` can see in these responses."""
    return [
        c
        for r in replies
        if not r["ephemeral"] or r["user"] == user
        for c in r["components"]
        if CHOICE.fullmatch(c["custom_id"] or "")
    ]


def click_for(components: list[dict[str, Any]], version: int, seat: int, index: int) -> str | None:
    """The click (custom id and select value) that submits move ``index`` of ``seat``, if shown."""
    for c in components:
        m = CHOICE.fullmatch(c["custom_id"])
        if m is None or (int(m["ver"]) != version and ":k" not in c["custom_id"]):
            continue
        if m["seat"] is not None and int(m["seat"]) == seat and int(m["idx"]) == index:
            return c["custom_id"]
        shown = any(o["value"] == str(index) for o in c.get("options", []))
        if m["sel"] is not None and int(m["sel"]) == seat and shown:
            return f"{c['custom_id']} {index}"
    return None


class Table:
    """One sandbox game driven by seeded choices."""

    def __init__(self, sandbox: Sandbox, tables: Tables, seen: list[dict[str, Any]], game: Game) -> None:
        self.sandbox, self.tables, self.seen, self.game = sandbox, tables, seen, game
        self.last: dict[str, list[dict[str, Any]]] = {}  # user -> the newest responses they saw

    async def send(self, line: str) -> list[dict[str, Any]]:
        start = len(self.seen)
        await self.sandbox.run_line(line)
        replies = self.seen[start:]
        for r in replies:
            if r["kind"] == "error" or "Sorry" in r["content"]:
                raise RuntimeError(f"{line}: {r}")
        return replies

    async def submit(self, user: str, seat: int, index: int, version: int) -> str:
        """The line that plays move ``index``, as the player would find it."""
        click = click_for(self.last.get(user, []), version, seat, index)
        if click is None:
            hand = await self.send(f"{user} click g:1:hand")
            self.tally.private_replies += len(hand)
            click = click_for(offered(hand, user), version, seat, index)
        if click is not None:
            return f"{user} click {click}"
        text = self.game.legal_moves((await self.tables.turn(1)).state, seat)[index].to_text()
        return f'{user} /move "text:{text}"'

    async def play(self, options: str, players: tuple[str, ...], seed: int) -> Tally:
        self.tally = Tally()
        await self.send(f"alice /game new game:{self.game.name} {options}".strip())
        for p in players[1:]:
            await self.send(f"{p} /game join")
        replies = await self.send("alice /game start")
        self.tally.add("", replies)  # the start is no move: nobody "just moved"
        self.remember(players, replies)
        rng = random.Random(seed)
        continued = False  # the last move left its player a follow-up of the same turn
        for _ in range(STEP_LIMIT):
            turn = await self.tables.turn(1)
            if turn.outcome is not None:
                return self.tally
            acting = sorted(s.seat for s in turn.acting if not turn.record.seating.playing(s.seat))
            if not acting:  # only computers act (their pass was cut short): let the clock run
                self.tally.add("", await self.send("@clock +0h"))
                continue
            seat = rng.choice(acting)
            user = turn.record.seats[seat].name
            moves = self.game.legal_moves(turn.state, seat)
            index = rng.randrange(len(moves))
            secret = game_prompt(self.game, turn.state, seat).secret
            line = await self.submit(user, seat, index, turn.record.version)
            replies = await self.send(line)
            if (await self.tables.turn(1)).record.version == turn.record.version:
                # A remembered private button gone stale ("the board has moved on", as a player
                # would be told): the player types the move instead; the refusal is counted.
                self.tally.stale_clicks += 1
                self.tally.add(user, replies)
                text = moves[index].to_text()
                replies = await self.send(f'{user} /move "text:{text}"')
            self.tally.moves += 1
            images = self.tally.add(user, replies)
            after = await self.tables.turn(1)
            self.tally.turn(seat, images, continued=continued)
            continued = game_continues_turn(self.game, turn.state, after.state, seat)
            still = {s.seat for s in after.acting}
            if secret and after.outcome is None and still and still <= set(acting) - {seat}:
                self.tally.secret_images_before_reveal += images  # the vote goes on: nothing to show
            self.remember(players, replies)
        raise RuntimeError("the game did not finish")

    def remember(self, players: tuple[str, ...], replies: list[dict[str, Any]]) -> None:
        """What each player can click now. A private reply of theirs (new, or edited in place,
        e.g. into a guided walk, whose buttons ``CHOICE`` does not match) replaces what they saw
        before: the edit took the old buttons off, so a player can no longer press them (the
        bench did, and counted them as stale clicks)."""
        for p in players:
            mine = offered(replies, p)
            own = any(r["ephemeral"] and r["user"] == p for r in replies)
            if mine or own or any(not r["ephemeral"] for r in replies):
                self.last[p] = mine


def shown(record: dict[str, Any]) -> None:
    """One response as a reader sees it: who, where, text, embeds, files, buttons."""
    where = f"private to {record['user']}" if record["ephemeral"] else "channel"
    print(f"--- {record['kind']} ({where}) pings={record['mentions']}")
    for text in [record["content"], *(f"[{e['title']}] {e['description']}" for e in record["embeds"])]:
        if text:
            print(text)
    extras = [f"image {f['name']} {f['size']} B" for f in record["files"]]
    extras += [str(c.get("label")) for c in record["components"]]
    if extras:
        print("  | " + " | ".join(extras))


async def measure(case: str, out: Path | None = None, *, show: bool = False) -> dict[str, Any]:
    name, options, count, seed = CASES[case]
    game = find_game(name)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.db", clock=Clock())
        seeds = itertools.count(7)
        tables = Tables(store, lambda: [game], new_seed=lambda: next(seeds))
        seen: list[dict[str, Any]] = []

        def emit(record: dict[str, Any]) -> None:
            seen.append(record)
            if show and record["kind"] != "autocomplete":
                shown(record)

        sandbox = Sandbox(tables, emit, out)
        await sandbox.start()
        try:
            tally = await Table(sandbox, tables, seen, game).play(options, PLAYERS[:count], seed)
        finally:
            await sandbox.close()
            await store.close()
    return {"case": case, **tally.figures()}


def measured_in(tree: Path, case: str) -> dict[str, Any]:
    """The figures of ``case`` played by the bot of another checkout (``tree``: its packages
    first on the path), with this file's cases and counting."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    # Run as code, not as a script: a script's folder (bench/, with its render.py) would come
    # first on the path and hide the render package.
    run = (
        f"import runpy, sys; sys.argv = ['channel', {case!r}]; "
        f"runpy.run_path({__file__!r}, run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", run], cwd=tree, env=env, capture_output=True, text=True, check=True
    )
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main(argv: list[str]) -> None:
    """``--show``: also print every response of the games, as the players read them.
    ``--before TREE``: play each case first with the bot of checkout TREE, then with this one,
    printing both lines (``"code": "before"``/``"after"``): the same seeded games side by side."""
    show = "--show" in argv
    before = Path(argv[argv.index("--before") + 1]).resolve() if "--before" in argv else None
    skip = {"--show", "--before", str(before)} if before else {"--show"}
    cases = [a for a in argv if a not in skip and (before is None or Path(a).resolve() != before)]
    for case in cases or list(CASES):
        if before is not None:
            print(json.dumps({"code": "before", **measured_in(before, case)}), flush=True)
        figures = asyncio.run(measure(case, show=show))
        print(json.dumps({"code": "after", **figures} if before else figures), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
