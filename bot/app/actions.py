"""Answering interactions: moves, lobby buttons, private boards, and the components they carry.

Order of work for every action (design.md, "Discord conventions"): validate and persist through
the table service first (milliseconds), answer refusals ephemerally, otherwise ``defer`` and only
then render the board in a worker thread and follow up with it.

Components carry no game state. Their custom ids (all persistent ``DynamicItem``s, so they keep
working after a restart):

- ``g:<game>:join`` / ``leave`` / ``start`` — lobby buttons;
- ``g:<game>:board`` / ``g:<game>:hand`` — "My board" / "Decide privately" or "Choose": a fresh
  private reply (the hand one with the seat's choices as buttons or a select);
- ``g:<game>:v<version>:m<seat>.<i>`` — seat's legal move number i at that version;
- ``g:<game>:v<version>:s<seat>`` — a select of the seat's legal moves at that version.
A versioned component pressed after the board changed answers "the board has moved on". Choices
in a private reply add ``:k<key>`` (``table.choice_key``): they stay valid while that seat's
choices are unchanged, so players deciding at once do not void each other's buttons.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from typing import Any, Protocol, cast

import discord

from bot import present
from bot.store import GameRecord, StoreError
from bot.table import Player, Private, Reminder, TableError, Tables, Turn
from render import render_view, seat_colour
from rules.core import Move, RulesError, move_label

log = logging.getLogger("tavola")

Interaction = discord.Interaction[Any]
PLAYER_ERRORS = (TableError, RulesError, StoreError)
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
NO_MENTIONS = discord.AllowedMentions.none()
BUTTON_LIMIT = 5
SELECT_LIMIT = 25


class HasTables(Protocol):
    tables: Tables


def tables_of(interaction: Interaction) -> Tables:
    return cast(HasTables, interaction.client).tables


def shown_name(user: discord.abc.User) -> str:
    """A member's display name as the bot writes it into messages: Discord markdown escaped, so
    a name like ``*star_*`` shows as typed rather than in italics. Escaped once, here, where a
    player enters the bot; every list, event and prompt (via ``name_seats``) uses the stored name.
    Names never reach images or component labels, where the backslashes would show."""
    return discord.utils.escape_markdown(user.display_name)


def player_of(interaction: Interaction) -> Player:
    return Player(interaction.user.id, shown_name(interaction.user))


async def say(interaction: Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Answer in words, whether or not the interaction was already acknowledged."""
    text = present.clip(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral, allowed_mentions=NO_MENTIONS)


async def apologise(interaction: Interaction, error: BaseException) -> None:
    log.error("unexpected error in an interaction", exc_info=error)
    try:
        await say(interaction, "Sorry, something went wrong on my side. Nothing was changed by this request.")
    except discord.HTTPException:
        log.exception("could not apologise")


async def image_file(game_name: str, view: dict[str, Any], *, private: bool) -> discord.File:
    """Render off the event loop (encoding dominates and releases the GIL; design.md, "Rendering")."""
    image = await asyncio.to_thread(render_view, game_name, view, private=private)
    return discord.File(io.BytesIO(image.data), filename=image.filename, description=image.alt_text[:1000])


# --------------------------------------------------------------------------------------------
# components
# --------------------------------------------------------------------------------------------

BUTTON_ID = re.compile(
    r"g:(?P<gid>\d+):(?:(?P<lobby>join|leave|start|board|hand)"
    r"|v(?P<ver>\d+):m(?P<seat>\d+)\.(?P<idx>\d+)(?::k(?P<key>[0-9a-f]{8}))?)"
)
SELECT_ID = re.compile(r"g:(?P<gid>\d+):v(?P<ver>\d+):s(?P<seat>\d+)(?::k(?P<key>[0-9a-f]{8}))?")


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    def __init__(
        self, custom_id: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ):
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label[:80], style=style))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        custom_id = self.item.custom_id or ""
        try:
            await on_button(interaction, custom_id)
        except Exception as exc:  # every click gets an answer, even on a bug
            await apologise(interaction, exc)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    def __init__(self, custom_id: str, options: Sequence[discord.SelectOption] = ()):
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id,
            placeholder="Choose…",
            options=list(options) or [discord.SelectOption(label="…", value="0")],
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameSelect:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        match = SELECT_ID.fullmatch(self.item.custom_id or "")
        values = self.item.values
        try:
            if match is None or not values or not str(values[0]).isdigit():
                await say(interaction, "That choice is not valid any more.")
                return
            await on_choice(
                interaction,
                int(match["gid"]),
                int(match["ver"]),
                int(match["seat"]),
                int(values[0]),
                key=match["key"],
            )
        except Exception as exc:
            await apologise(interaction, exc)


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton(f"g:{game_id}:join", "Join", discord.ButtonStyle.primary))
    view.add_item(GameButton(f"g:{game_id}:leave", "Leave"))
    view.add_item(GameButton(f"g:{game_id}:start", "Start", discord.ButtonStyle.success))
    return view


def choice_items(
    game_id: int, version: int, seat: int, moves: Sequence[Move], key: str = ""
) -> list[discord.ui.Item[Any]]:
    """Buttons for up to 5 legal moves, a select for up to 25, nothing beyond (use ``/move``).

    A choice is named by its index in ``legal_moves`` at that version, not by its text (which may
    not fit a custom_id): the version pins the state, and legal_moves of one state is a fixed list,
    so the index means the same move when pressed, even after a restart. ``key`` (private
    choices) lets the choice outlive the version while the seat's choices stay the same.
    """
    texts = [move_label(m) for m in moves]  # display only: a choice is sent back as its index
    if not texts or len(texts) > SELECT_LIMIT:
        return []
    suffix = f":k{key}" if key else ""
    if len(texts) <= BUTTON_LIMIT:
        return [
            GameButton(f"g:{game_id}:v{version}:m{seat}.{i}{suffix}", text, discord.ButtonStyle.primary)
            for i, text in enumerate(texts)
        ]
    options = [discord.SelectOption(label=text[:100], value=str(i)) for i, text in enumerate(texts)]
    return [GameSelect(f"g:{game_id}:v{version}:s{seat}{suffix}", options)]


def turn_view(turn: Turn) -> discord.ui.View:
    """Components under a public board: choices for an open decision, private entry points."""
    view = discord.ui.View(timeout=None)
    record = turn.record
    if turn.outcome is None:
        prompts = [turn.prompts[s.seat] for s in turn.acting]
        if len(turn.acting) == 1 and prompts[0].decision and not prompts[0].secret:
            seat = turn.acting[0].seat
            for item in choice_items(
                record.id, record.version, seat, turn.game.legal_moves(turn.state, seat)
            ):
                view.add_item(item)
        if any(p.secret for p in prompts):
            view.add_item(GameButton(f"g:{record.id}:hand", "Decide privately", discord.ButtonStyle.success))
        elif len(turn.acting) > 1 and any(p.decision for p in prompts):
            # Several players decide at once: each gets their own choices from this button.
            view.add_item(GameButton(f"g:{record.id}:hand", "Choose", discord.ButtonStyle.success))
        elif len(turn.acting) == 1 and not prompts[0].decision:
            # Choices that are not a public decision (they may name a private hand, like
            # Lorenzo's leader window after a placement): offered in a private reply, as buttons
            # or a select when they fit, else pointing to /move. Always offered: whether the list
            # is short can depend on hidden things (Lancaster squires, a leader hand), so the
            # button's presence must not.
            view.add_item(GameButton(f"g:{record.id}:hand", "Choose", discord.ButtonStyle.success))
    view.add_item(GameButton(f"g:{record.id}:board", "My board"))
    return view


# --------------------------------------------------------------------------------------------
# posting boards
# --------------------------------------------------------------------------------------------


async def turn_parts(turn: Turn, intro: Sequence[str]) -> tuple[list[discord.File], list[discord.Embed], str]:
    """Board image (rendered off the loop), result embed and text of a public turn message."""
    files: list[discord.File] = []
    try:
        files.append(await image_file(turn.game.name, turn.public_view, private=False))
    except Exception:
        # The move is already stored: still tell the channel, just without the picture.
        log.exception("rendering the public board failed")
        intro = [*intro, "(The board image could not be drawn this time; `/game status` retries.)"]
    embeds = []
    if turn.outcome is not None:
        title, description = present.outcome_text(turn.outcome, turn.record.seats)
        embeds.append(discord.Embed(title=title, description=description, colour=discord.Colour.gold()))
    return files, embeds, present.turn_content(turn, intro)


async def post_turn(
    interaction: Interaction, turn: Turn, *, intro: Sequence[str] = (), via_channel: bool = False
) -> None:
    """The public message after an action: events, board image, who acts next (mentioned).

    Normally the answer to the (deferred) interaction; ``via_channel`` posts it as a plain
    channel message instead (after a secret choice, whose own answer was ephemeral).
    """
    if via_channel and isinstance(interaction.channel, discord.abc.Messageable):
        try:
            await post_turn_to(interaction.channel, turn, intro=intro)
            return
        except discord.Forbidden:
            # The server lets the bot answer interactions but not post (no Send Messages): the
            # move is recorded, so announce it as a public follow-up of the interaction instead.
            log.warning("cannot post in channel %s; announced by follow-up", interaction.channel_id)
    files, embeds, content = await turn_parts(turn, intro)
    await interaction.followup.send(
        content, files=files, embeds=embeds, view=turn_view(turn), allowed_mentions=MENTION_USERS
    )


async def post_turn_to(channel: discord.abc.Messageable, turn: Turn, *, intro: Sequence[str] = ()) -> None:
    """The public turn message posted straight into a channel or thread."""
    files, embeds, content = await turn_parts(turn, intro)
    await channel.send(
        content, files=files, embeds=embeds, view=turn_view(turn), allowed_mentions=MENTION_USERS
    )


async def post_reminder(client: discord.Client, reminder: Reminder) -> bool:
    """Ping whoever a game waits for, in the game's channel or thread, with the board's buttons.

    Returns False when the channel cannot be written to (deleted, no access): the reminder was
    claimed already, so it is not retried for this wait; the game itself is unaffected.
    """
    turn = reminder.turn
    channel = client.get_partial_messageable(turn.record.channel_id, guild_id=turn.record.guild_id)
    try:
        await channel.send(
            present.reminder_content(reminder), view=turn_view(turn), allowed_mentions=MENTION_USERS
        )
    except discord.HTTPException:
        log.warning("could not post the reminder of game %s", turn.record.id)
        return False
    return True


async def play(
    interaction: Interaction, game_id: int, text: str, *, expected_version: int | None = None
) -> None:
    """Submit a move. Refusals are ephemeral and change nothing; success posts the new board."""
    tables = tables_of(interaction)
    try:
        turn = await tables.move(game_id, interaction.user.id, text, expected_version=expected_version)
    except PLAYER_ERRORS as exc:
        await say(interaction, str(exc))
        return
    if turn.secret_move:
        # The choice itself is only echoed to the player; the channel gets the engine's events,
        # which for a secret decision say only that it was made (until the engine reveals).
        await interaction.response.send_message(
            f"Your secret choice is recorded: `{turn.move_text}`.",
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        await announce(interaction, turn, via_channel=True)
        return
    await interaction.response.defer(thinking=True)
    await announce(interaction, turn)


async def announce(interaction: Interaction, turn: Turn, *, via_channel: bool = False) -> None:
    """Post the board after a stored move. The move counts whatever happens here, so a failure
    is reported as such (the generic apology would wrongly say nothing was changed)."""
    try:
        await post_turn(interaction, turn, via_channel=via_channel)
    except Exception:
        log.exception("move stored in game %s but its board was not posted", turn.record.id)
        await say(
            interaction,
            f"Your move `{turn.move_text}` was recorded, but I could not post the new board. "
            "`/game status` shows it.",
        )


async def channel_game_id(interaction: Interaction) -> int | None:
    """The open game of the interaction's channel, or an ephemeral explanation and None."""
    if interaction.channel_id is None or interaction.guild_id is None:
        await say(interaction, "Tavola games live in server channels; use this command there.")
        return None
    tables = tables_of(interaction)
    try:
        record = await tables.in_channel(interaction.channel_id)
    except TableError as exc:
        # A player in a game elsewhere (most often its thread) is told where it is.
        theirs = [
            f"#{r.id} {tables.game(r.game).title} in <#{r.channel_id}>"
            for r in await tables.list_guild(interaction.guild_id)
            if r.seat_of(interaction.user.id) is not None
        ]
        where = f" Your games: {', '.join(theirs)}." if theirs else ""
        await say(interaction, f"{exc}{where}")
        return None
    return record.id


async def send_private(interaction: Interaction, game_id: int) -> None:
    """An ephemeral reply with the player's own view, image and (if asked) choices."""
    try:
        mine = await tables_of(interaction).legal(game_id, interaction.user.id)
    except PLAYER_ERRORS as exc:
        await say(interaction, str(exc))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    file = await image_file(mine.game.name, mine.view, private=True)
    view = discord.ui.View(timeout=None)
    for item in private_items(mine):
        view.add_item(item)
    await interaction.followup.send(
        private_content(mine), file=file, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
    )


def private_items(mine: Private) -> list[discord.ui.Item[Any]]:
    """The seat's choices, whenever they fit buttons or a select (only this player sees them)."""
    if mine.prompt is None:
        return []
    return choice_items(mine.record.id, mine.record.version, mine.seat, mine.moves, mine.choice_key)


def private_content(mine: Private) -> str:
    colour, letter = seat_colour(mine.seat)
    lines = [f"Your board in {mine.game.title} #{mine.record.id} — you are {colour} ({letter})."]
    if mine.record.status != "running":
        lines.append("The game is over.")
    elif mine.prompt is None:
        lines.append("Nothing to do right now.")
    else:
        lines.append(f"➡️ {mine.prompt.text}")
        if len(mine.moves) > SELECT_LIMIT:
            lines.append("Use `/move` (its suggestions list your legal moves).")
        elif not mine.prompt.decision:
            lines.append("Choose below, or use `/move` (its suggestions list your legal moves).")
    return present.clip("\n".join(lines))


# --------------------------------------------------------------------------------------------
# button and select handlers
# --------------------------------------------------------------------------------------------


async def on_button(interaction: Interaction, custom_id: str) -> None:
    match = BUTTON_ID.fullmatch(custom_id)
    if match is None:
        await say(interaction, "That button is not one of mine.")
        return
    game_id = int(match["gid"])
    action = match["lobby"]
    if action in ("board", "hand"):
        await send_private(interaction, game_id)
    elif action in ("join", "leave"):
        await lobby_change(interaction, game_id, action, edit=True)
    elif action == "start":
        await start(interaction, game_id)
    else:
        await on_choice(
            interaction, game_id, int(match["ver"]), int(match["seat"]), int(match["idx"]), key=match["key"]
        )


async def on_choice(
    interaction: Interaction, game_id: int, version: int, seat: int, index: int, *, key: str | None = None
) -> None:
    """A choice button or select: the clicker must own the seat; the board must not have moved,
    or (a keyed private choice) the seat's choices must be the ones the button was made from."""
    tables = tables_of(interaction)
    moved_on = "The board has moved on since that button was made. Look at the latest board."
    try:
        record = await tables.get(game_id)
        mine = record.seat_of(interaction.user.id)
        if mine is None:
            raise TableError("You are not playing in this game.")
        if mine != seat:
            raise TableError(f"These choices are {record.seats[seat].name}'s, not yours.")
        if record.version != version and not key:
            raise TableError(moved_on)
        private = await tables.legal(game_id, interaction.user.id)
        if private.record.version != version and private.choice_key != key:
            raise TableError(moved_on)
        if index >= len(private.moves):
            raise TableError("That choice is not available any more.")
        text = private.moves[index].to_text()
    except PLAYER_ERRORS as exc:
        await say(interaction, str(exc))
        return
    # Checked against the version just read: a move racing in meanwhile is still refused.
    await play(interaction, game_id, text, expected_version=private.record.version)


async def lobby_change(interaction: Interaction, game_id: int, action: str, *, edit: bool) -> None:
    tables = tables_of(interaction)
    player = player_of(interaction)
    try:
        if action == "join":
            record = await tables.join(game_id, player)
        else:
            record = await tables.leave(game_id, player)
    except PLAYER_ERRORS as exc:
        await say(interaction, str(exc))
        return
    verb = "joined" if action == "join" else "left"
    if edit and interaction.message is not None and interaction.message.id == record.lobby_message_id:
        title, description = present.lobby_text(record, tables.game(record.game))
        embed = discord.Embed(title=title, description=description)
        await interaction.response.edit_message(embed=embed, view=lobby_view(record.id))
        return
    game = tables.game(record.game)
    await interaction.response.send_message(
        f"{player.name} {verb} the game of {game.title} ({len(record.seats)}/{game.max_players}).",
        allowed_mentions=NO_MENTIONS,
    )
    await refresh_lobby(interaction, record)


async def refresh_lobby(interaction: Interaction, record: GameRecord) -> None:
    """Bring the lobby card up to date: players, or "started"/"abandoned" without buttons."""
    if record.lobby_message_id is None:
        return
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent is not None and record.status != "lobby":
        channel = channel.parent  # a game played in its thread: the card is in the parent channel
    if not isinstance(channel, discord.TextChannel | discord.Thread):
        return
    title, description = present.lobby_text(record, tables_of(interaction).game(record.game))
    view = lobby_view(record.id) if record.status == "lobby" else None
    try:
        await channel.get_partial_message(record.lobby_message_id).edit(
            embed=discord.Embed(title=title, description=description), view=view
        )
    except discord.HTTPException:
        # Deleted, or too old to edit: the card is a convenience, the game goes on without it.
        log.warning("could not update the lobby card of game %s", record.id)


async def start(interaction: Interaction, game_id: int, *, thread: bool = False) -> None:
    """Start the game; with ``thread``, open a public thread for it and play there."""
    tables = tables_of(interaction)
    channel = interaction.channel
    if thread and not isinstance(channel, discord.TextChannel):
        await say(interaction, "A thread can only be opened from a text channel; start without `thread`.")
        return
    try:
        turn = await tables.start(game_id, player_of(interaction))
    except PLAYER_ERRORS as exc:
        await say(interaction, str(exc))
        return
    await interaction.response.defer(thinking=True)
    if not thread or not isinstance(channel, discord.TextChannel):
        await post_turn(interaction, turn, intro=present.start_intro(turn))
        await refresh_lobby(interaction, turn.record)
        return
    name = f"{turn.game.name}-{turn.record.id}"
    try:
        room = await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
    except discord.HTTPException:
        # The game has started already: play on here rather than leave it without a board.
        log.exception("could not open a thread for game %s", game_id)
        note = (
            "(I could not open a thread here — missing permission? — so the game is played in this channel.)"
        )
        await post_turn(interaction, turn, intro=[*present.start_intro(turn), note])
        await refresh_lobby(interaction, turn.record)
        return
    turn = await tables.move_to_channel(game_id, room.id)
    await interaction.followup.send(
        f"{turn.game.title} #{turn.record.id} has started in its own thread: {room.mention}.",
        allowed_mentions=NO_MENTIONS,
    )
    await post_turn_to(room, turn, intro=present.start_intro(turn))
    await refresh_lobby(interaction, turn.record)
