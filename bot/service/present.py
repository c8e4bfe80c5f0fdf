"""Words for the channel: lobby cards, turn summaries and results (no Discord types).

Discord limits: message content 2000 characters, embed description 4096, 25 select options,
5 buttons per row. Everything here stays inside them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.clocks import deadline, hours_text
from bot.service.pings import Delivery, Ping
from bot.service.store import GameRecord, Seating, SeatRecord
from bot.service.table import TableError, Turn
from bot.service.undo import Undone
from render import seat_colour
from rules.core import Game, Outcome, counted, option_words

CONTENT_LIMIT = 2000


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def seat_label(seat: SeatRecord) -> str:
    colour, letter = seat_colour(seat.seat)
    return f"{seat.name} ({colour} {letter})"


def plain_name(name: str) -> str:
    """A stored display name as plain text for images: the markdown escapes and the zero-width
    spaces that break mentions (``context.shown_name``) taken out again."""
    return re.sub(r"\\([^0-9A-Za-z\s])", r"\1", name).replace("\u200b", "")


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Shorten to ``limit`` characters, keeping the end (the newest lines) readable."""
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1) :]


def options_line(options: Mapping[str, Any], game: Game | None = None) -> str:
    """The chosen options in words, one per line, in the game's order ("Military ties: next
    player gets second"); without the game, as name: value."""
    if game is None:
        return ", ".join(f"{k}: {str(v).lower()}" for k, v in sorted(options.items())) or "defaults"
    said = [option_words(o, options[o.name]) for o in game.options() if o.name in options]
    return "\n".join(f"• {line}" for line in said) or "defaults"


def lobby_text(record: GameRecord, game: Game) -> tuple[str, str]:
    """(title, description) of a lobby card."""
    players = "\n".join(f"{i + 1}. {s.name}" for i, s in enumerate(record.seats))
    title = f"{game.title} — lobby (game #{record.id})"
    if record.status != "lobby":
        said = {
            "running": "This game has started.",
            "finished": "This game has finished.",
            "abandoned": "This game was abandoned.",
        }
        return title, said[record.status]
    clock = "" if record.clock_hours is None else f"{clock_line(record.clock_hours)}\n"
    creator = record.seat_of(record.creator_id)
    starter = record.seats[creator].name if creator is not None else "the creator"
    description = (
        f"Players ({len(record.seats)}/{game.max_players}, at least {game.min_players}):\n{players}\n\n"
        f"Options:\n{options_line(record.options, game)}\n{clock}"
        f"Join with the button or `/game join`; {starter} starts with `/game start` "
        "(and may add computer players with the button)."
    )
    return title, description


def headline(view: Mapping[str, Any]) -> str:
    """Round / period / phase facts a view offers, in a short line (keys vary by game)."""
    parts = []
    for key in ("period", "round", "turn", "phase"):
        value = view.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool):
            parts.append(f"{key.capitalize()} {value}")
    return " · ".join(parts)


def pinged(turn: Turn) -> list[int]:
    """The user ids a turn message pings: the acting seats outside their quiet hours, except who
    was asked already (``quiet``) and who just moved (there; issue 12). The message allows
    mentions of exactly these (``waiting_lines`` writes them), nobody else."""
    silent = (*turn.quiet, *turn.asleep, turn.mover)
    return [
        s.user_id
        for s in turn.acting
        if s.seat not in silent
        and not turn.record.seating.playing(s.seat)  # the computer decides: nobody to ping
        and s.user_id > 0
    ]


def waiting_lines(turn: Turn, *, mentions: bool = True) -> list[str]:
    """Who must act now, with what they are asked."""
    asked: dict[str, list[str]] = {}  # what is asked -> who, in seat order
    pings = set(pinged(turn)) if mentions else set()
    for seat in turn.acting:
        who = mention(seat.user_id) if seat.user_id in pings else seat.name
        if turn.record.seating.playing(seat.seat) and seat.user_id > 0:
            who += " (the computer plays for them)"
        if mentions and seat.seat in turn.asleep:
            who += " (quiet hours: pinged when they end)"
        prompt = turn.prompts.get(seat.seat)
        # Addressed to the player (rules.core.Prompt), so it reads well after their name.
        text = prompt.text if prompt else "your move"
        # Several players asked the same thing at once (a draft, a vote): one line for them all.
        asked.setdefault(text, []).append(who)
    return [f"➡️ {', '.join(who)}: {text}" for text, who in asked.items()]


def turn_content(turn: Turn, intro: Sequence[str] = ()) -> str:
    """The public message after an action: what happened, then who acts next."""
    back = (
        [back_line(turn.record.seats[turn.mover].name)] if turn.reclaimed and turn.mover is not None else []
    )
    lines = [*back, *intro, *turn.events]
    if turn.outcome is not None:
        lines = final_lines(lines)
    elif not turn.still_secret:  # a secret choice while others decide: its short line only
        lines.extend(waiting_lines(turn))
    # Keep the mentions (the end) when events overflow: pinging the next player matters most.
    return clip("\n".join(lines))


def final_lines(lines: Sequence[str]) -> list[str]:
    """The last message's lines with one flagged end line: the engine's own "The game is over…"
    event when it has one (else the message said it twice), otherwise a plain one."""
    done = [*lines]
    if done and done[-1].startswith("The game is over"):
        done[-1] = f"🏁 {done[-1]}"
    else:
        done.append("🏁 The game is over.")
    return done


def start_intro(turn: Turn) -> list[str]:
    order = ", ".join(seat_label(s) for s in turn.record.seats)
    return [f"**{turn.game.title}** has started (game #{turn.record.id}). Seat order: {order}."]


def outcome_text(
    outcome: Outcome, seats: Sequence[SeatRecord], seating: Seating | None = None
) -> tuple[str, str]:
    """(title, description) of the final scores with the breakdown and the winner; seats the
    computer played (a computer seat, a seat left to it, a takeover) are marked with its moves."""
    winners = " and ".join(seats[i].name for i in sorted(outcome.winners))
    rows = []
    for place, i in enumerate(outcome.ranking, start=1):
        parts = ", ".join(f"{k} {v}" for k, v in outcome.breakdown[i].items() if v)
        marked = computer_mark(seating, i) if seating is not None else ""
        rows.append(
            f"**{place}. {seat_label(seats[i])} — {outcome.scores[i]}**{marked}\n{parts or 'no points'}"
        )
    notes = "\n".join(f"*{n}*" for n in outcome.notes)
    description = "\n".join(rows) + (f"\n\n{notes}" if notes else "")
    return f"🏆 Winner: {winners}", description[:4000]


def computer_mark(seating: Seating, seat: int) -> str:
    """ " 🤖 computer (normal)" or " 🤖 computer played 5 moves" for a result row; "" if never."""
    found = seating.computers.get(seat)
    if found is None:
        return ""
    if found.mode == "seat":
        return f" — 🤖 computer ({found.level})"
    return f" — 🤖 the computer played {counted(found.moves, 'move')} of this seat"


def back_line(name: str) -> str:
    return f"👋 {name} is back: the computer no longer plays for them."


def takeover_line(name: str, hours: float) -> str:
    return (
        f"⌛ {name}'s clock ({hours_text(hours)}) ran out: the computer plays their seat until they "
        "act again (any command or button of theirs in this game). The others may `/game kick` them."
    )


def undone_list(done: Undone) -> str:
    """The entries an undo took back, secret ones not echoed."""
    words = done.words or tuple(e.text for e in done.entries)
    return "; ".join(
        "a secret choice" if hidden else said for said, hidden in zip(words, done.secret, strict=True)
    )


def undo_line(done: Undone) -> str:
    """What everyone is told about an undo or a rollback."""
    if done.rollback:
        moves = counted(len(done.entries), "move")
        return f"⏪ {done.who} rolled the game back by {moves}: {undone_list(done)}."
    steps = "step" if len(done.entries) == 1 else f"{len(done.entries)} steps"
    return f"↩️ {done.who} took back their last {steps}: {undone_list(done)}."


def status_text(turn: Turn, hours: float = 0) -> tuple[str, str]:
    """(title, description) for ``/game status``; ``hours``: the game's clock."""
    record = turn.record
    title = f"{turn.game.title} — game #{record.id} ({record.status})"
    lines = []
    head = headline(turn.public_view)
    if head:
        lines.append(head)
    lines.append("Players: " + ", ".join(seat_label(s) for s in record.seats))
    if turn.outcome is not None:
        lines.append(
            "The game is over. `/game rematch` opens a lobby with the same players, options and "
            "clock; `/game new` starts another."
        )
        return title, "\n".join(lines)
    lines.extend(waiting_lines(turn, mentions=False))
    lines.append(clock_line(hours))
    for wait in record.waits:
        if wait.seat < len(record.seats):
            end = deadline(wait.since, hours)
            runs_out = f"; clock runs out {when(end)}" if end is not None else ""
            lines.append(f"{record.seats[wait.seat].name}: waiting since {when(wait.since)}{runs_out}")
    return title, "\n".join(lines)


def waited_text(seconds: float) -> str:
    hours = seconds / 3600
    if hours < 1:
        return f"{max(1, round(hours * 60))} minutes"
    if hours < 48:
        return f"{hours:.0f} hours" if round(hours) != 1 else "an hour"
    return f"{hours / 24:.0f} days"


def when(at: float, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone (``R``: "in 3 hours")."""
    return f"<t:{int(at)}:{style}>"


def ping_line(ping: Ping, turn: Turn, now: float) -> str:
    """One waiting player's ping: what is asked, how long it waited, when the clock runs out."""
    prompt = turn.prompts.get(ping.seat.seat)
    asked = prompt.text if prompt else "your move"
    who = mention(ping.seat.user_id)
    waited = waited_text(now - ping.since)
    if ping.kind == "start":
        head = f"⏰ {who}, it is your turn: {asked}"
    elif ping.kind == "half":
        head = f"⏰ {who}, this game has waited {waited} for you (half your clock): {asked}"
    else:
        head = f"⏰ Last call, {who}: this game has waited {waited} for you: {asked}"
    if ping.deadline is None:
        return head
    return f"{head}\n   Your clock runs out {when(ping.deadline)} ({when(ping.deadline, 'f')})."


def ping_content(delivery: Delivery, now: float) -> str:
    """The channel message of a game's due pings."""
    turn = delivery.turn
    assert turn is not None
    head = f"{turn.game.title} #{turn.record.id}:"
    return clip("\n".join([head, *(ping_line(p, turn, now) for p in delivery.pings)]))


def dm_content(delivery: Delivery) -> str:
    """The opt-in direct message when a turn comes to a player (``/game settings dm:on``)."""
    turn = delivery.turn
    assert turn is not None and delivery.dm is not None
    prompt = turn.prompts.get(delivery.dm.seat)
    asked = prompt.text if prompt else "your move"
    return clip(
        f"Your turn in {turn.game.title} #{turn.record.id} in <#{turn.record.channel_id}>: {asked}\n"
        "(You get this message because of `/game settings dm:on`; `dm:off` stops it.)"
    )


def clock_line(hours: float) -> str:
    return f"Clock: {hours_text(hours)} per decision" if hours > 0 else "Clock: none"


def help_text(games: Sequence[Game]) -> tuple[str, str]:
    """(title, description) of ``/help``: how to play here, on one screen."""
    titles = ", ".join(f"{g.title} (`{g.name}`, {g.min_players}-{g.max_players} players)" for g in games)
    lines = [
        f"Games: {titles}.",
        "",
        "**Start** — `/game new game:<name>` opens a lobby here (its options are suggested for the "
        "game chosen); others press **Join**; the creator presses **Start**. Seats and colours are drawn.",
        "**Your turn** — you are pinged under the board. Press **Choose**: your options come privately, "
        "step by step, with what each costs and gives and a preview before **Confirm**. Short decisions "
        "are buttons under the board; secret ones come after **Decide privately**. Typing works too: "
        "`/move` suggests your legal moves in words.",
        "**Your things** — **My board** or `/game hand`: your own board, only for you.",
        "**Look up** — `/game status` (the board now), `/game rules topic:` (a part of the rules), "
        "`/card name:` (a card, leader, tile or law of the game here).",
        "**Pings** — `/game settings`: quiet hours, time zone, a DM when it is your turn.",
        "**Other** — `/game list` (games in this server), `/game leave` (before the start), "
        "`/game abandon` (creator or Manage Server).",
    ]
    return "How to play here", "\n".join(lines)


def rules_topic(title: str, sections: Sequence[tuple[str, str]], topic: str | None) -> tuple[str, str]:
    """(title, description) of ``/game rules``: the section named ``topic`` (any part of its
    title, case-insensitive; default the first), then the other topics."""
    if not sections:
        raise TableError(f"{title} has no rules text.")
    wanted = (topic or "").strip().lower()
    found = next((s for s in sections if s[0].lower() == wanted), None) or next(
        (s for s in sections if wanted in s[0].lower()), None
    )
    if found is None:
        names = ", ".join(t for t, _ in sections)
        raise TableError(f"{title} rules have no topic '{topic}'. Topics: {names}.")
    others = " · ".join(t for t, _ in sections if t != found[0])
    footer = (
        f"\n\n**Other topics** (`/game rules topic:`): {others}\n"
        "The whole text as a file: `/game rules full:true`."
    )
    return f"{title} — {found[0]}", found[1][: 4096 - len(footer)] + footer
