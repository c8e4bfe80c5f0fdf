"""Seats and second thoughts: leaving, replacing and kicking players, adding computers, undo and
rollback, and the confirmations of what can't be undone (issue 11 items 3-5, issue 10 item 2).

Confirmations are buttons whose custom id carries what was asked and until when (``ok:<what>:
<expires>``): nothing is stored until it is pressed, and a press after the deadline, by someone
else, or after the game changed is refused in words. Everything that changes a seat is announced
in the game's channel.
"""

from __future__ import annotations

import re
from dataclasses import replace

import discord

from bot.app.actions import lobby_card, refresh_lobby
from bot.app.components import ACTION_ID, ActionButton
from bot.app.context import (
    NO_MENTIONS,
    Interaction,
    player_of,
    reader,
    server_language,
    shown_name,
    tables_of,
)
from bot.app.guard import say
from bot.app.posting import kick as kick_due
from bot.app.posting import post_turn, send_to_game
from bot.service import present, seats, undo
from bot.service.levels import DEFAULT_LEVEL
from bot.service.store import GameRecord
from bot.service.table import Player, TableError
from i18n import translate, translate_n
from rules.core import ascii_number

CONFIRM_SECONDS = 60  # abandon, leave, rollback: press within a minute (issue 11 item 5)
REPLACE_SECONDS = 24 * 3600  # the new player may not be online at once: a day to accept
CONFIRM_ARGS = re.compile(r"(?P<what>abandon|leave|replace|rollback):(?P<exp>\d+)(?::(?P<arg>[0-9.\-]+))?")


def _confirm(custom_id: str, label: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ActionButton(custom_id, label, discord.ButtonStyle.danger))
    return view


async def _ask(
    interaction: Interaction, record: GameRecord, what: str, question: str, label: str, *, arg: str = ""
) -> None:
    """A private question with one button that does ``what`` if pressed within the minute."""
    until = _deadline(interaction, CONFIRM_SECONDS)
    tail = f":{arg}" if arg else ""
    press = translate(
        "Press the button within {seconds} seconds to confirm (or dismiss this message).",
        reader(interaction),
        seconds=CONFIRM_SECONDS,
    )
    await interaction.response.send_message(
        f"{question} {press}",
        view=_confirm(f"g:{record.id}:ok:{what}:{until}{tail}", label),
        ephemeral=True,
    )


def _deadline(interaction: Interaction, seconds: float) -> int:
    return int(tables_of(interaction).clock() + seconds)


def _admin(interaction: Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


# ------------------------------------------------------------------------------------------------
# abandon, leave
# ------------------------------------------------------------------------------------------------


async def abandon_ask(interaction: Interaction, record: GameRecord) -> None:
    """``/game abandon``: checked now, done only when the button is pressed within a minute."""
    lang = reader(interaction)
    if record.status not in ("lobby", "running"):
        raise TableError(translate("This game is already over.", lang))
    if interaction.user.id != record.creator_id and not _admin(interaction):
        raise TableError(
            translate("Only the game's creator or someone with Manage Server can abandon it.", lang)
        )
    question = translate(
        "Abandon game #{id} for everyone? It ends without a result and can't be undone.", lang, id=record.id
    )
    await _ask(interaction, record, "abandon", question, translate("Abandon the game", lang))


async def _abandon_ok(interaction: Interaction, game_id: int) -> None:
    tables = tables_of(interaction)
    record = await tables.abandon(game_id, player_of(interaction), may_manage_server=_admin(interaction))
    await interaction.response.edit_message(content=translate("Abandoned.", reader(interaction)), view=None)
    lang = await server_language(interaction)
    await interaction.followup.send(
        translate(
            "Game #{id} was abandoned by {name}.", lang, id=record.id, name=shown_name(interaction.user)
        ),
        allowed_mentions=NO_MENTIONS,
    )
    await refresh_lobby(interaction, record, lang)


async def leave_ask(interaction: Interaction, record: GameRecord) -> None:
    """``/game leave`` in a running game: the seat goes to the computer for good, once confirmed."""
    seats.check_leave(record, interaction.user.id)
    lang = reader(interaction)
    question = translate(
        "Leave game #{id}? The computer plays your seat to the end and you can't come back.",
        lang,
        id=record.id,
    )
    await _ask(interaction, record, "leave", question, translate("Leave the game", lang))


async def _leave_ok(interaction: Interaction, game_id: int) -> None:
    tables = tables_of(interaction)
    player = player_of(interaction)
    record = await seats.leave(tables, await tables.get(game_id), player)
    await interaction.response.edit_message(
        content=translate("You have left the game.", reader(interaction)), view=None
    )
    lang = await server_language(interaction)
    await _announce(
        interaction,
        record,
        translate(
            "{name} left game #{id}; the computer plays their seat from now on.",
            lang,
            name=player.name,
            id=record.id,
        ),
    )


# ------------------------------------------------------------------------------------------------
# replace, kick, computers in the lobby
# ------------------------------------------------------------------------------------------------


async def replace_ask(
    interaction: Interaction, record: GameRecord, seat_text: str, member: discord.abc.User
) -> None:
    """``/game replace``: the creator (or Manage Server) offers a seat; the new player accepts."""
    if member.bot:
        text = "A bot can't take a seat; the computer plays a seat when someone leaves."
        raise TableError(translate(text, reader(interaction)))
    seat = seats.seat_named(record, seat_text)
    new = Player(member.id, discord.utils.escape_markdown(member.display_name))
    seats.check_replace(record, player_of(interaction), seat, new, may_manage_server=_admin(interaction))
    old = record.seats[seat]
    until = _deadline(interaction, REPLACE_SECONDS)
    custom_id = f"g:{record.id}:ok:replace:{until}:{seat}.{old.user_id}.{member.id}"
    lang = await server_language(interaction)  # a public post: the new player is mentioned
    await interaction.response.send_message(
        translate(
            "{member}, {name} asks you to take over {old}'s seat in game #{id} ({title}). You would see "
            "that seat's private information and play it from now on. Press the button to accept "
            "(within {until}).",
            lang,
            member=present.mention(member.id),
            name=shown_name(interaction.user),
            old=old.name,
            id=record.id,
            title=tables_of(interaction).game(record.game).title,
            until=present.when(until),
        ),
        view=_confirm(custom_id, translate("Take the seat", lang)),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=member.id)]),
    )


async def _replace_ok(interaction: Interaction, game_id: int, arg: str) -> None:
    seat_text, old_text, new_text = arg.split(".")
    if interaction.user.id != int(new_text):
        raise TableError(translate("This offer is for someone else.", reader(interaction)))
    tables = tables_of(interaction)
    player = player_of(interaction)
    record = await tables.get(game_id)
    seat = int(seat_text)
    if not 0 <= seat < len(record.seats):
        raise TableError(translate("That seat no longer exists.", reader(interaction)))
    before = record.seats[seat].name
    record = await seats.replace_player(tables, record, seat, int(old_text), player)
    await interaction.response.edit_message(view=None)
    said = translate(
        "{member} now plays {old}'s seat in game #{id}. "
        'Your own board and choices: the "My board" button or `/game hand`.',
        await server_language(interaction),
        member=present.mention(player.user_id),
        old=before,
        id=record.id,
    )
    await _announce(interaction, record, said, ping=player.user_id)


async def kick(interaction: Interaction, record: GameRecord, seat_text: str) -> None:
    """``/game kick``: one vote of the others; at a majority the computer keeps the seat."""
    seat = seats.seat_named(record, seat_text)
    name = record.seats[seat].name
    vote = await seats.kick_vote(tables_of(interaction), record, player_of(interaction), seat)
    lang = await server_language(interaction)
    if vote.kicked:
        text = translate(
            "{name} was kicked from game #{id} by a vote of the others ({votes} of {needed} needed); "
            "the computer plays their seat from now on.",
            lang,
            name=name,
            id=record.id,
            votes=vote.votes,
            needed=vote.needed,
        )
    else:
        text = translate(
            "{voter} votes to kick {name} (their clock ran out): {votes} of {needed} votes needed. The "
            "others can vote with `/game kick seat:{seat}`; {name} keeps the seat by playing again.",
            lang,
            voter=shown_name(interaction.user),
            name=name,
            votes=vote.votes,
            needed=vote.needed,
            seat=seat + 1,
        )
    await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)
    if vote.kicked:
        kick_due(interaction.client, None)


async def add_computer(interaction: Interaction, game_id: int, level: str = DEFAULT_LEVEL) -> None:
    """The lobby's "Add computer" button: one more computer seat, the card updated."""
    tables = tables_of(interaction)
    record = await tables.add_computer(game_id, player_of(interaction), level)
    await interaction.response.edit_message(
        **lobby_card(record, tables.game(record.game), await server_language(interaction))
    )


# ------------------------------------------------------------------------------------------------
# undo and rollback
# ------------------------------------------------------------------------------------------------


async def undo_steps(
    interaction: Interaction, record: GameRecord, steps: int = 1, *, version: int | None = None
) -> None:
    """``/game undo`` or the Undo button: take back one's own last steps, announced to all."""
    done = await undo.undo(tables_of(interaction), record, interaction.user.id, steps, version=version)
    mine = reader(interaction)
    await interaction.response.send_message(
        translate("Taken back: {moves}. Make your move again.", mine, moves=present.undone_list(done, mine)),
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )
    lang = await server_language(interaction)
    await post_turn(
        interaction, done.turn, intro=[present.undo_line(done, lang)], via_channel=True, lang=lang
    )


async def rollback_ask(interaction: Interaction, record: GameRecord, steps: int) -> None:
    undo.check_rollback(record, interaction.user.id, steps, may_manage_server=_admin(interaction))
    lang = reader(interaction)
    question = translate_n(
        "Roll game #{id} back by {n} move, whoever made it? Everyone will be told.",
        "Roll game #{id} back by {n} moves, whoever made them? Everyone will be told.",
        steps,
        lang,
        id=record.id,
    )
    label = translate("Roll back", lang)
    await _ask(interaction, record, "rollback", question, label, arg=f"{steps}.{record.version}")


async def _rollback_ok(interaction: Interaction, game_id: int, arg: str) -> None:
    steps, version = (int(x) for x in arg.split("."))
    tables = tables_of(interaction)
    done = await undo.rollback(
        tables,
        await tables.get(game_id),
        interaction.user.id,
        steps,
        may_manage_server=_admin(interaction),
        version=version,
    )
    done = done if done.who else replace(done, who=shown_name(interaction.user))
    await interaction.response.edit_message(content=translate("Rolled back.", reader(interaction)), view=None)
    lang = await server_language(interaction)
    await post_turn(
        interaction, done.turn, intro=[present.undo_line(done, lang)], via_channel=True, lang=lang
    )


# ------------------------------------------------------------------------------------------------
# routing and announcements
# ------------------------------------------------------------------------------------------------


async def on_action(interaction: Interaction, custom_id: str) -> None:
    """An ``ActionButton``: Add computer, Undo, or a confirmation."""
    match = ACTION_ID.fullmatch(custom_id)
    lang = reader(interaction)
    if match is None:
        raise TableError(translate("That button is not one of mine.", lang))
    game_id, act, rest = int(match["gid"]), match["act"], match["rest"] or ""
    tables = tables_of(interaction)
    if act == "bot":
        await add_computer(interaction, game_id)
        return
    if act == "undo":
        # A version that is no number (a forged id) matches no board: "moved on", not a crash.
        version = ascii_number(rest, high=10**18) if rest else None
        await undo_steps(
            interaction, await tables.get(game_id), 1, version=-1 if version is None else version
        )
        return
    found = CONFIRM_ARGS.fullmatch(rest)
    if found is None:
        raise TableError(translate("That button is not one of mine.", lang))
    if tables.clock() > int(found["exp"]):
        text = "That confirmation has expired; nothing was changed. Ask again if you still want it."
        raise TableError(translate(text, lang))
    what, arg = found["what"], found["arg"] or ""
    if what == "abandon":
        await _abandon_ok(interaction, game_id)
    elif what == "leave":
        await _leave_ok(interaction, game_id)
    elif what == "replace":
        await _replace_ok(interaction, game_id, arg)
    else:
        await _rollback_ok(interaction, game_id, arg)


async def _announce(
    interaction: Interaction, record: GameRecord, text: str, *, ping: int | None = None
) -> None:
    """Tell the game's channel (a thread is woken first); the computer moves next if it must."""
    mentions = discord.AllowedMentions(users=[discord.Object(id=ping)]) if ping else NO_MENTIONS
    try:
        await send_to_game(interaction.client, record, present.clip(text), allowed_mentions=mentions)
    except discord.HTTPException:
        await say(interaction, text, ephemeral=False)
    kick_due(interaction.client, None)
