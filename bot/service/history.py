"""Looking back at a game (issue 12 item 5): its moves in words and the board after any of them,
for any game of a channel, finished ones included. Discord-free.

Both are read from the move log, the game's record: the moves in force (``movelog.live``: an
undone move is not told) are replayed from the setup, so the words are the engine's events as
the channel heard them (seats named) and a board is exactly the position after that move.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.service import guide, present
from bot.service.movelog import live, replay_states
from bot.service.store import GameRecord
from bot.service.table import TableError, Tables
from bot.service.words import N_, engine_text
from i18n import translate
from render.chart import Chart, series
from rules.core import Game, game_prompt, name_seats, round_scores

PAGE_CHARS = 3800  # one embed's description holds 4096: a page of the log stays under it


@dataclass(frozen=True)
class Told:
    """One move of a game in force, in words: its number (1 = the first move), who made it,
    and the events it caused (seats named); ``move``: the move in words when the engine wrote no
    line of its own for it (a declined castle exchange), else "" (``unsaid``)."""

    number: int
    who: str
    lines: tuple[str, ...]
    move: str = ""

    def text(self, lang: str | None = None, names: Sequence[str] = ()) -> str:
        """The move's line in the reader's ``lang`` (the engine's events through the catalogue;
        ``names``: the seats' names the events carry)."""
        said = " ".join(engine_text(line, lang, names) for line in self.lines)
        if self.move:  # "carol: Pay nothing. bob gains 2 squires.", not carol gaining bob's squires
            did = " · ".join(engine_text(part, lang, names) for part in self.move.split(" · "))
            return (
                f"**{self.number}.** "
                + translate("{who}: {move}.", lang, who=self.who, move=did)
                + f" {said}".rstrip()
            )
        if not self.lines:
            return f"**{self.number}.** {self.who}: " + translate("(nothing to tell)", lang)
        if said.startswith(self.who):  # "anna added 2": the events name the mover already
            return f"**{self.number}.** {said}"
        return f"**{self.number}.** {self.who}: {said}"


async def channel_record(tables: Tables, channel_id: int, game_id: int | None) -> GameRecord:
    """Game ``game_id`` if it was played in this channel, else the channel's newest game."""
    if game_id is None:
        return await tables.last_in_channel(channel_id)
    record = await tables.get(game_id)
    if record.channel_id != channel_id:
        raise TableError(N_("Game #{id} was not played in this channel.", id=game_id))
    if record.status == "lobby":
        raise TableError(N_("Game #{id} has not started yet.", id=game_id))
    return record


async def told(tables: Tables, record: GameRecord) -> list[Told]:
    """Every move in force of ``record``'s game, in words."""
    game = tables.game(record.game)
    state = game.setup(len(record.seats), record.seed, record.options)
    names = record.names
    out: list[Told] = []
    for number, entry in enumerate(live(await tables.log(record.id)), start=1):
        before = state
        state, events = game.apply(state, entry.seat, game.parse(state, entry.seat, entry.text))
        who = names[entry.seat] if 0 <= entry.seat < len(names) else N_("the table")
        move = unsaid(game, before, entry.seat, entry.text, events, names)
        out.append(Told(number, who, tuple(name_seats(e, names) for e in events), move))
    return out


def unsaid(game: Game, state: Any, seat: int, text: str, events: Sequence[str], names: Sequence[str]) -> str:
    """The move in words (``guide.words_of``) when its events are none or open with another seat
    (``present.opens_with_another``: the engine wrote no line for it, playtest); "" otherwise,
    and for a secret move or an entry made by someone not seated."""
    if not 0 <= seat < len(names):
        return ""
    if not present.opens_with_another([name_seats(e, names) for e in events[:1]], names, seat):
        return ""
    if game_prompt(game, state, seat).secret:
        return ""
    return guide.words_of(game, state, seat, text, names)


def pages(
    entries: Sequence[Told], limit: int = PAGE_CHARS, lang: str | None = None, names: Sequence[str] = ()
) -> list[str]:
    """The log cut into pages of whole moves, each within ``limit`` characters (a move longer
    than a page is clipped)."""
    found: list[str] = []
    current: list[str] = []
    size = 0
    for entry in entries:
        line = entry.text(lang, names)
        if len(line) > limit:
            line = line[: limit - 1] + "…"
        if current and size + len(line) + 1 > limit:
            found.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current:
        found.append("\n".join(current))
    return found or [translate("No move has been made yet.", lang)]


async def board_at(
    tables: Tables, record: GameRecord, number: int, lang: str | None = None
) -> tuple[dict[str, Any], str]:
    """The public view after move ``number`` in force (0: the setup), and a line saying which."""
    game = tables.game(record.game)
    moves = live(await tables.log(record.id))
    if not 0 <= number <= len(moves):
        raise TableError(
            N_(
                "Game #{id} has moves 0 (the start) to {count}; pick one of those.",
                id=record.id,
                count=len(moves),
            )
        )
    state = game.setup(len(record.seats), record.seed, record.options)
    for entry in moves[:number]:
        state = game.apply(state, entry.seat, game.parse(state, entry.seat, entry.text))[0]
    names = record.names
    if number == 0:
        said = translate("{title} #{id} at the start.", lang, title=game.title, id=record.id)
        return game.player_view(state, None), said
    entry = moves[number - 1]
    who = names[entry.seat] if 0 <= entry.seat < len(names) else translate("the table", lang)
    said = translate(
        "{title} #{id} after move {number} of {count} ({who}).",
        lang,
        title=game.title,
        id=record.id,
        number=number,
        count=len(moves),
        who=who,
    )
    return game.player_view(state, None), said


HISTORY_ROWS = 15  # finished games per answer: the newest first, within one embed


async def finished_lines(
    tables: Tables, guild_id: int, limit: int = HISTORY_ROWS, lang: str | None = None
) -> list[str]:
    """The server's finished games, newest first: number, game, date, players with their scores
    (best first) and the winner. A game whose state cannot be read is listed without scores."""
    return [line for _id, line in await finished(tables, guild_id, limit, lang)]


async def finished(
    tables: Tables, guild_id: int, limit: int = HISTORY_ROWS, lang: str | None = None
) -> list[tuple[int, str]]:
    """``finished_lines`` with each game's number."""
    found = await tables.store.list_guild(guild_id, ("finished",))
    lines: list[tuple[int, str]] = []
    for record in sorted(found, key=lambda r: r.updated_at, reverse=True)[:limit]:
        game = tables.game(record.game)
        day = time.strftime("%Y-%m-%d", time.gmtime(record.updated_at))
        try:
            outcome = game.outcome(await tables.load_state(record))
        except Exception:  # a damaged old game: still listed, without its scores
            outcome = None
        names = record.names
        if outcome is None:
            lines.append((record.id, f"**#{record.id} {game.title}** · {day} · {', '.join(names)}"))
            continue
        scores = ", ".join(f"{names[i]} {outcome.scores[i]}" for i in outcome.ranking if i < len(names))
        joint = f" {translate('and', lang, context='list')} "
        won = joint.join(names[i] for i in sorted(outcome.winners) if i < len(names))
        lines.append((record.id, f"**#{record.id} {game.title}** · {day} · 🏆 {won} · {scores}"))
    return lines


def chart_of(game: Game, record: GameRecord, states: Sequence[Any]) -> Chart | None:
    """The end-of-game chart (issue 12 item 5) of a finished game from the states of its replay:
    every seat's points at the end of each round, the last point its final score
    (``rules.core.round_scores``); None while the game runs or for a game keeping no score."""
    outcome = game.outcome(states[-1]) if states else None
    found = round_scores(game, states)
    if outcome is None or not found:
        return None
    header = game.player_view(states[-1], None).get("header")
    unit = header.get("score_unit") if isinstance(header, dict) else None
    names = [present.plain_name(n) for n in record.names]
    return Chart(
        title=f"{game.title} #{record.id}",
        unit=str(unit or N_("points")),
        rounds=tuple(r.round for r in found),
        lines=series([r.scores for r in found], names),
        winners=frozenset(outcome.winners),
    )


async def score_chart(tables: Tables, record: GameRecord) -> Chart | None:
    """``chart_of`` a game of the store, its log replayed off the event loop (CPU work)."""
    if record.status != "finished":
        return None
    game = tables.game(record.game)
    start = game.setup(len(record.seats), record.seed, record.options)
    moves = live(await tables.log(record.id))
    states = await asyncio.to_thread(replay_states, game, start, moves)
    return chart_of(game, record, states)
