"""Words for the channel: lobby cards, turn summaries and results (no Discord types).

Discord limits: message content 2000 characters, embed description 4096, 25 select options,
5 buttons per row. Everything here stays inside them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.clocks import deadline
from bot.service.pings import Delivery, Ping
from bot.service.store import GameRecord, Seating, SeatRecord
from bot.service.table import TableError, Turn
from bot.service.undo import Undone
from bot.service.words import colour_name, engine_text, hours_text, level_word, option_word, status_word
from i18n import translate, translate_n, translate_phrase
from rules.core import Game, Option, Outcome, option_words

CONTENT_LIMIT = 2000
EMBED_TEXT = 4096  # an embed description's characters
# ``lang`` below: the reader's Discord locale (a private reply) or the server's language (a public
# post); None reads English. The engines' texts (events, prompts) are English sentences made from
# catalogued templates and are translated here, where they meet their reader
# (``i18n.translate_phrase``).


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def seat_label(seat: SeatRecord, lang: str | None = None, seating: Seating | None = None) -> str:
    """ "alice (Blue B)"; with ``seating``, a computer seat's level after it ("Computer 1 (Red R)
    🤖 hard")."""
    colour, letter = colour_name(seat.seat, lang)
    level = computer_level(seating, seat.seat, lang) if seating is not None else ""
    return f"{seat.name} ({colour} {letter}){level}"


def computer_level(seating: Seating, seat: int, lang: str | None = None) -> str:
    """ " 🤖 hard" after a computer seat's name (its level, in the reader's language); "" for a
    person's seat, even one the computer plays for now (its name is the person's)."""
    found = seating.computers.get(seat)
    if found is None or found.mode != "seat":
        return ""
    return f" 🤖 {level_word(found.level, lang)}"


def board_marks(record: GameRecord) -> list[str | None]:
    """Each seat's computer mark for its board (``rules.core.SeatHeader.computer``): the level of
    a computer's seat, or of a seat its person left to the computer; "away" while the computer
    plays for a person whose clock ran out; None for a person playing."""
    marks: list[str | None] = []
    for seat in record.seats:
        found = record.seating.computers.get(seat.seat)
        if found is None or not found.playing:
            marks.append(None)
        else:
            marks.append("away" if found.mode == "away" else found.level)
    return marks


def plain_name(name: str) -> str:
    """A stored display name as plain text for images: the markdown escapes and the zero-width
    spaces that break mentions (``context.shown_name``) taken out again."""
    return re.sub(r"\\([^0-9A-Za-z\s])", r"\1", name).replace("\u200b", "")


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Shorten to ``limit`` characters, keeping the end (the newest lines) readable."""
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1) :]


def options_line(options: Mapping[str, Any], game: Game | None = None, lang: str | None = None) -> str:
    """The chosen options in words, one per line, in the game's order ("Military ties: next
    player gets second"); without the game, as name: value."""
    defaults = translate("defaults", lang, context="options")
    if game is None:
        return ", ".join(f"{k}: {str(v).lower()}" for k, v in sorted(options.items())) or defaults
    said = [option_text(o, options[o.name], lang) for o in game.options() if o.name in options]
    return "\n".join(f"• {line}" for line in said) or defaults


def option_text(option: Option, value: Any, lang: str | None = None) -> str:
    """``option_words`` in the reader's language: the title and the value's word translated."""
    title, _, said = option_words(option, value).partition(": ")
    return f"{option_word(title, lang)}: {option_word(said, lang)}"


def lobby_text(record: GameRecord, game: Game, lang: str | None = None) -> tuple[str, str]:
    """(title, description) of a lobby card."""
    players = "\n".join(
        f"{i + 1}. {s.name}{computer_level(record.seating, s.seat, lang)}" for i, s in enumerate(record.seats)
    )
    title = translate("{title} — lobby (game #{id})", lang, title=game.title, id=record.id)
    if record.status != "lobby":
        said = {
            "running": translate("This game has started.", lang),
            "finished": translate("This game has finished.", lang),
            "abandoned": translate("This game was abandoned.", lang),
        }
        return title, said[record.status]
    clock = "" if record.clock_hours is None else f"{clock_line(record.clock_hours, lang)}\n"
    creator = record.seat_of(record.creator_id)
    starter = record.seats[creator].name if creator is not None else translate("the creator", lang)
    head = translate(
        "Players ({count}/{most}, at least {least}):",
        lang,
        count=len(record.seats),
        most=game.max_players,
        least=game.min_players,
    )
    how = translate(
        "Join with the button or `/game join`; {starter} starts with `/game start` "
        "(and may add computer players with the button).",
        lang,
        starter=starter,
    )
    options = translate("Options:", lang)
    description = f"{head}\n{players}\n\n{options}\n{options_line(record.options, game, lang)}\n{clock}{how}"
    return title, description


def headline(view: Mapping[str, Any], lang: str | None = None) -> str:
    """Round / period / phase facts a view offers, in a short line (keys vary by game)."""
    parts = []
    # The phase's name for players ("Place knights"), not its id ("Phase place"), when the view's
    # header has one.
    header = view.get("header")
    titled = header.get("phase_title") if isinstance(header, Mapping) else None
    for key in ("period", "round", "turn", "phase"):
        value = view.get(key)
        if key == "phase" and isinstance(titled, str) and titled:
            parts.append(translate_phrase(titled, lang))
        elif isinstance(value, str | int) and not isinstance(value, bool):
            parts.append(_fact(key, translate_phrase(str(value), lang), lang))
    return " · ".join(parts)


def _fact(key: str, value: str, lang: str | None) -> str:
    if key == "period":
        return translate("Period {value}", lang, value=value)
    if key == "round":
        return translate("Round {value}", lang, value=value)
    if key == "turn":
        return translate("Turn {value}", lang, value=value)
    return translate("Phase {value}", lang, value=value)


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


def move_words(words: str, lang: str | None, names: Sequence[str] = ()) -> str:
    """A move as its buttons read, step labels joined by " · " (``Turn.move_words``), each step
    in the reader's language."""
    return " · ".join(engine_text(part, lang, names) for part in words.split(" · "))


def asked_text(turn: Turn, seat: int, lang: str | None = None) -> str:
    """What ``seat`` is asked now (its prompt, addressed to them), in the reader's language."""
    prompt = turn.prompts.get(seat)
    return engine_text(prompt.text, lang, turn.record.names) if prompt else translate("your move", lang)


def waiting_lines(turn: Turn, *, mentions: bool = True, lang: str | None = None) -> list[str]:
    """Who must act now, with what they are asked."""
    asked: dict[str, list[str]] = {}  # what is asked -> who, in seat order
    pings = set(pinged(turn)) if mentions else set()
    for seat in turn.acting:
        who = mention(seat.user_id) if seat.user_id in pings else seat.name
        if turn.record.seating.playing(seat.seat) and seat.user_id > 0:
            who += translate(" (the computer plays for them)", lang)
        if mentions and seat.seat in turn.asleep:
            who += translate(" (quiet hours: pinged when they end)", lang)
        # Addressed to the player (rules.core.Prompt), so it reads well after their name.
        text = asked_text(turn, seat.seat, lang)
        # Several players asked the same thing at once (a draft, a vote): one line for them all.
        asked.setdefault(text, []).append(who)
    return [f"➡️ {', '.join(who)}: {text}" for text, who in asked.items()]


def turn_content(turn: Turn, intro: Sequence[str] = (), lang: str | None = None) -> str:
    """The public message after an action: what happened, then who acts next."""
    back = (
        [back_line(turn.record.seats[turn.mover].name, lang)]
        if turn.reclaimed and turn.mover is not None
        else []
    )
    events = [engine_text(e, lang, turn.record.names) for e in turn.events]
    lines = [*back, *intro, *unsaid_move(turn, lang), *events]
    if turn.outcome is not None:
        ends = bool(turn.events) and turn.events[-1].startswith("The game is over")
        lines = final_lines(lines, lang, flagged=ends)
    elif turn.still_secret:  # a secret choice while others decide: its short line only
        pass
    elif turn.board_later and turn.only_computers:  # their report follows with the board
        lines.append(computers_line(turn, lang))
    elif turn.board_later and not turn.secret_series:  # people decide beside the computers
        lines.extend(waiting_lines(turn, lang=lang))
        lines.append(translate("🤖 The board comes with the computer moves.", lang))
    else:
        lines.extend(waiting_lines(turn, lang=lang))
    # Keep the mentions (the end) when events overflow: pinging the next player matters most.
    return clip("\n".join(lines))


def unsaid_move(turn: Turn, lang: str | None = None) -> list[str]:
    """The mover's move in words when the engine wrote no line for it (a declined castle
    exchange): otherwise the post opened with someone else's income (playtest). Not for a
    secret move, nor a computer's (its report names it)."""
    if turn.mover is None or turn.secret_move or turn.by_computer or not turn.move_words:
        return []
    who = turn.record.seats[turn.mover].name
    if not opens_with_another(turn.events, turn.record.names, turn.mover):
        return []
    said = move_words(turn.move_words, lang, turn.record.names)
    return [translate("{who}: {move}.", lang, who=who, move=said)]


def opens_with_another(events: Sequence[str], names: Sequence[str], mover: int) -> bool:
    """Whether a move's events (seats named) are none or open with another seat: then the
    engine wrote no line of its own for the move. A line about the game ("The hidden number
    was 3") is the move's own: it may follow a secret choice that must not be echoed."""
    if not events:
        return True
    return any(events[0].startswith(name) for i, name in enumerate(names) if i != mover and name)


def computers_line(turn: Turn, lang: str | None = None) -> str:
    """Who plays now when only computers do (``Turn.board_later``): the board follows with
    their moves, in the report posted seconds later."""
    names = [
        s.name + (translate(" (the computer plays for them)", lang) if s.user_id > 0 else "")
        for s in turn.acting
    ]
    joint = f" {translate('and', lang, context='list')} "
    return translate_n(
        "🤖 {names} is playing; the board comes with the computer moves.",
        "🤖 {names} are playing; the board comes with the computer moves.",
        len(names),
        lang,
        names=joint.join(names),
    )


def final_lines(lines: Sequence[str], lang: str | None = None, *, flagged: bool | None = None) -> list[str]:
    """The last message's lines with one flagged end line: the engine's own "The game is over…"
    event when it has one (else the message said it twice), otherwise a plain one. ``flagged``:
    whether the last line is that event (told by the caller once the lines are translated)."""
    done = [*lines]
    if flagged is None:
        flagged = bool(done) and done[-1].startswith("The game is over")
    if done and flagged:
        done[-1] = f"🏁 {done[-1]}"
    else:
        done.append(translate("🏁 The game is over.", lang))
    return done


def start_intro(turn: Turn, lang: str | None = None) -> list[str]:
    """The start post's first line: the game, the seats, and who plays first (playtest: the
    seat order alone did not say it, and a game may draw its start player at random)."""
    order = ", ".join(seat_label(s, lang, turn.record.seating) for s in turn.record.seats)
    started = translate(
        "**{title}** has started (game #{id}). Seat order: {order}.",
        lang,
        title=turn.game.title,
        id=turn.record.id,
        order=order,
    )
    first = first_player(turn)
    if first is None:
        return [started]
    return [started + " " + translate("First player: {who}.", lang, who=first)]


def first_player(turn: Turn) -> str | None:
    """The seat that plays first (the public view header's ``order``), mentioned when the post
    pings them anyway (``pinged``), else by name; None for a view without an order."""
    header = turn.public_view.get("header")
    order = header.get("order") if isinstance(header, Mapping) else None
    if not order or not isinstance(order[0], int) or not 0 <= order[0] < len(turn.record.seats):
        return None
    seat = turn.record.seats[order[0]]
    return mention(seat.user_id) if seat.user_id in pinged(turn) else seat.name


def outcome_text(
    outcome: Outcome, seats: Sequence[SeatRecord], seating: Seating | None = None, lang: str | None = None
) -> tuple[str, str]:
    """(title, description) of the final scores with the breakdown and the winner; seats the
    computer played (a computer seat, a seat left to it, a takeover) are marked with its moves."""
    joint = f" {translate('and', lang, context='list')} "
    winners = joint.join(seats[i].name for i in sorted(outcome.winners))
    rows = []
    for place, i in enumerate(outcome.ranking, start=1):
        parts = ", ".join(f"{translate_phrase(k, lang)} {v}" for k, v in outcome.breakdown[i].items() if v)
        marked = computer_mark(seating, i, lang) if seating is not None else ""
        head = f"**{place}. {seat_label(seats[i], lang)} — {outcome.scores[i]}**{marked}"
        rows.append(f"{head}\n{parts or translate('no points', lang)}")
    notes = "\n".join(f"*{engine_text(n, lang)}*" for n in outcome.notes)
    description = "\n".join(rows) + (f"\n\n{notes}" if notes else "")
    return translate("🏆 Winner: {winners}", lang, winners=winners), description[:4000]


def computer_mark(seating: Seating, seat: int, lang: str | None = None) -> str:
    """ " 🤖 computer (normal)" or " 🤖 computer played 5 moves" for a result row; "" if never."""
    found = seating.computers.get(seat)
    if found is None:
        return ""
    if found.mode == "seat":
        return translate(" — 🤖 computer ({level})", lang, level=level_word(found.level, lang))
    return translate_n(
        " — 🤖 the computer played {n} move of this seat",
        " — 🤖 the computer played {n} moves of this seat",
        found.moves,
        lang,
    )


def back_line(name: str, lang: str | None = None) -> str:
    return translate("👋 {name} is back: the computer no longer plays for them.", lang, name=name)


def takeover_line(name: str, hours: float, lang: str | None = None) -> str:
    return translate(
        "⌛ {name}'s clock ({clock}) ran out: the computer plays their seat until they "
        "act again (any command or button of theirs in this game). The others may `/game kick` them.",
        lang,
        name=name,
        clock=hours_text(hours, lang),
    )


def undone_list(done: Undone, lang: str | None = None) -> str:
    """The entries an undo took back, secret ones not echoed."""
    words = done.words or tuple(e.text for e in done.entries)
    names = done.turn.record.names if done.turn is not None else ()
    return "; ".join(
        translate("a secret choice", lang) if hidden else engine_text(said, lang, names)
        for said, hidden in zip(words, done.secret, strict=True)
    )


def undo_line(done: Undone, lang: str | None = None) -> str:
    """What everyone is told about an undo or a rollback."""
    n, taken = len(done.entries), undone_list(done, lang)
    if done.rollback:
        return translate_n(
            "⏪ {who} rolled the game back by {n} move: {taken}.",
            "⏪ {who} rolled the game back by {n} moves: {taken}.",
            n,
            lang,
            who=done.who,
            taken=taken,
        )
    if done.unseen:
        # The channel never heard these steps (the turn was still being finished privately):
        # naming them would tell of moves it never saw.
        return translate(
            "↩️ {who} took back a move they had not finished and is choosing again.", lang, who=done.who
        )
    return translate_n(
        "↩️ {who} took back their last step: {taken}.",
        "↩️ {who} took back their last {n} steps: {taken}.",
        n,
        lang,
        who=done.who,
        taken=taken,
    )


def status_text(turn: Turn, hours: float = 0, lang: str | None = None) -> tuple[str, str]:
    """(title, description) for ``/game status``; ``hours``: the game's clock."""
    record = turn.record
    status = status_word(record.status, lang)
    title = translate(
        "{title} — game #{id} ({status})", lang, title=turn.game.title, id=record.id, status=status
    )
    lines = []
    head = headline(turn.public_view, lang)
    if head:
        lines.append(head)
    players = ", ".join(seat_label(s, lang, record.seating) for s in record.seats)
    lines.append(translate("Players: {players}", lang, players=players))
    if turn.outcome is not None:
        lines.append(
            translate(
                "The game is over. `/game rematch` opens a lobby with the same players, options and "
                "clock; `/game new` starts another.",
                lang,
            )
        )
        return title, "\n".join(lines)
    lines.extend(waiting_lines(turn, mentions=False, lang=lang))
    lines.append(clock_line(hours, lang))
    for wait in record.waits:
        if wait.seat < len(record.seats):
            lines.append(wait_line(record.seats[wait.seat].name, wait.since, hours, lang))
    return title, "\n".join(lines)


def wait_line(name: str, since: float, hours: float, lang: str | None = None) -> str:
    end = deadline(since, hours)
    if end is None:
        return translate("{name}: waiting since {since}", lang, name=name, since=when(since))
    return translate(
        "{name}: waiting since {since}; clock runs out {end}",
        lang,
        name=name,
        since=when(since),
        end=when(end),
    )


def waited_text(seconds: float, lang: str | None = None) -> str:
    hours = seconds / 3600
    if hours < 1:
        return translate_n("{n} minute", "{n} minutes", max(1, round(hours * 60)), lang)
    if hours < 48:
        if round(hours) == 1:
            return translate("an hour", lang)
        return translate("{hours} hours", lang, hours=format(hours, ".0f"))
    return translate("{days} days", lang, days=format(hours / 24, ".0f"))


def when(at: float, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone (``R``: "in 3 hours")."""
    return f"<t:{int(at)}:{style}>"


def ping_line(ping: Ping, turn: Turn, now: float, lang: str | None = None) -> str:
    """One waiting player's ping: what is asked, how long it waited, when the clock runs out."""
    asked = asked_text(turn, ping.seat.seat, lang)
    who = mention(ping.seat.user_id)
    waited = waited_text(now - ping.since, lang)
    if ping.kind == "start":
        head = translate("⏰ {who}, it is your turn: {asked}", lang, who=who, asked=asked)
    elif ping.kind == "half":
        head = translate(
            "⏰ {who}, this game has waited {waited} for you (half your clock): {asked}",
            lang,
            who=who,
            waited=waited,
            asked=asked,
        )
    else:
        head = translate(
            "⏰ Last call, {who}: this game has waited {waited} for you: {asked}",
            lang,
            who=who,
            waited=waited,
            asked=asked,
        )
    if ping.deadline is None:
        return head
    runs_out = translate(
        "Your clock runs out {when} ({date}).", lang, when=when(ping.deadline), date=when(ping.deadline, "f")
    )
    return f"{head}\n   {runs_out}"


def ping_content(delivery: Delivery, now: float, lang: str | None = None) -> str:
    """The channel message of a game's due pings."""
    turn = delivery.turn
    assert turn is not None
    head = f"{turn.game.title} #{turn.record.id}:"
    return clip("\n".join([head, *(ping_line(p, turn, now, lang) for p in delivery.pings)]))


def dm_content(delivery: Delivery, lang: str | None = None) -> str:
    """The opt-in direct message when a turn comes to a player (``/game settings dm:on``)."""
    turn = delivery.turn
    assert turn is not None and delivery.dm is not None
    return clip(
        translate(
            "Your turn in {title} #{id} in <#{channel}>: {asked}\n"
            "(You get this message because of `/game settings dm:on`; `dm:off` stops it.)",
            lang,
            title=turn.game.title,
            id=turn.record.id,
            channel=turn.record.channel_id,
            asked=asked_text(turn, delivery.dm.seat, lang),
        )
    )


def clock_line(hours: float, lang: str | None = None) -> str:
    if hours > 0:
        return translate("Clock: {clock} per decision", lang, clock=hours_text(hours, lang))
    return translate("Clock: none", lang)


def help_text(games: Sequence[Game], lang: str | None = None) -> tuple[str, str]:
    """(title, description) of ``/help``: how to play here, on one screen."""
    titles = ", ".join(
        translate(
            "{title} (`{name}`, {least}-{most} players)",
            lang,
            title=g.title,
            name=g.name,
            least=g.min_players,
            most=g.max_players,
        )
        for g in games
    )
    lines = [
        translate("Games: {titles}.", lang, titles=titles),
        "",
        translate(
            "**Start** — `/game new game:<name>` opens a lobby here (its options are suggested for the "
            "game chosen); others press **Join**; the creator presses **Start**. Seats and colours are "
            "drawn.",
            lang,
        ),
        translate(
            "**Your turn** — you are pinged under the board. Press **Choose**: your options come privately, "
            "step by step, with what each costs and gives and a preview before **Confirm**. Short decisions "
            "are buttons under the board; secret ones come after **Decide privately**. Typing works too: "
            "`/move` suggests your legal moves in words.",
            lang,
        ),
        translate("**Your things** — **My board** or `/game hand`: your own board, only for you.", lang),
        translate(
            "**Look up** — `/game status` (the board now), `/game rules topic:` (a part of the rules), "
            "`/card name:` (a card, leader, tile or law of the game here).",
            lang,
        ),
        translate("**Pings** — `/game settings`: quiet hours, time zone, a DM when it is your turn.", lang),
        translate(
            "**Other** — `/game list` (games in this server), `/game leave` (before the start), "
            "`/game abandon` (creator or Manage Server).",
            lang,
        ),
    ]
    return translate("How to play here", lang), "\n".join(lines)


def rules_topic(
    title: str, sections: Sequence[tuple[str, str]], topic: str | None, lang: str | None = None
) -> tuple[str, str]:
    """(title, description) of ``/game rules``: the section named ``topic`` (any part of its
    title, case-insensitive; default the first), then the other topics."""
    if not sections:
        raise TableError(translate("{title} has no rules text.", lang, title=title))
    wanted = (topic or "").strip().lower()
    found = next((s for s in sections if s[0].lower() == wanted), None) or next(
        (s for s in sections if wanted in s[0].lower()), None
    )
    if found is None:
        names = ", ".join(t for t, _ in sections)
        raise TableError(
            translate(
                "{title} rules have no topic '{topic}'. Topics: {names}.",
                lang,
                title=title,
                topic=topic,
                names=names,
            )
        )
    others = " · ".join(t for t, _ in sections if t != found[0])
    return f"{title} — {found[0]}", found[1] + _topics_footer(found[1], others, lang)


def _topics_footer(body: str, others: str, lang: str | None) -> str:
    """The other topics under a section, as many as fit beside ``body`` in an embed (the list
    cut at a title, "…"), or nothing: the section is never cut for them (autocomplete offers
    them too), so a long section with many topics keeps its last lines."""
    room = EMBED_TEXT - len(body)

    def footer(listed: str) -> str:
        return "\n\n" + translate(
            "**Other topics** (`/game rules topic:`): {others}\n"
            "The whole text as a file: `/game rules full:true`.",
            lang,
            others=listed,
        )

    if len(footer(others)) <= room:
        return footer(others)
    space = room - len(footer(""))
    cut = others[: max(space - 1, 0)].rsplit(" · ", 1)[0]
    return footer(cut + "…") if space > 20 and cut else ""
