"""What a command or a component does: moves, lobby changes, starting, private boards.

Order of work for every action (design.md, "Discord conventions"): validate and persist through
the table service first (milliseconds), otherwise ``defer`` and only then render the board in a
worker thread and follow up with it. Refusals are raised (``TableError``, ``RulesError``,
``StoreError``) and answered privately by ``guard``, with the game unchanged.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.app import permissions
from bot.app.components import (
    BUTTON_ID,
    BUTTON_LIMIT,
    SELECT_LIMIT,
    choice_items,
    lobby_view,
    undo_button,
    walk_items,
)
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
from bot.app.posting import announce, image_file, kick, post_turn, post_turn_to, send_to_game
from bot.service import present, seats, watchers
from bot.service.guide import Guided
from bot.service.movelog import live
from bot.service.store import GameRecord
from bot.service.table import Private, TableError, Turn
from bot.service.undo import undo_possible
from i18n import translate, translate_phrase
from rules.core import Game, move_label

log = logging.getLogger("tavola")


async def play(
    interaction: Interaction, game: int | GameRecord, text: str, *, expected_version: int | None = None
) -> None:
    """Submit a move (``game``: its id, or the record just read, which saves reading it again).
    Refusals change nothing; success answers as ``answer_move`` says."""
    tables = tables_of(interaction)
    turn = await tables.move(game, interaction.user.id, text, expected_version=expected_version)
    await answer_move(interaction, turn)


def from_private(interaction: Interaction) -> bool:
    """The interaction is a click on a private (ephemeral) reply of ours."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def answer_move(interaction: Interaction, turn: Turn) -> None:
    """One public post per turn (issue 12). A follow-up decision of the mover's own turn is
    asked in their private reply (the one they clicked, edited, or a new one). A secret choice,
    or a choice made in a private reply, is confirmed privately and the turn is posted in the
    channel. Anything else is answered by the public post itself."""
    try:
        await _answer_move(interaction, turn)
    except discord.HTTPException:
        # The interaction expired (slow storage) or Discord refused its answer; the move is
        # stored all the same, so the channel is told directly (issue 8 item 4).
        log.warning("the answer to a move in game %s was refused; announced in the channel", turn.record.id)
        await announce(interaction, turn, via_channel=True)


async def _answer_move(interaction: Interaction, turn: Turn) -> None:
    private = from_private(interaction)
    if turn.follow_up:
        if private:
            await interaction.response.defer()  # then edit the reply the choice was on
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        await ask_follow_up(interaction, turn, edit=private)
        return
    if not (turn.secret_move or private):
        await interaction.response.defer(thinking=True)
        await announce(interaction, turn)
        return
    # The choice itself is only echoed to the player; the channel gets the engine's events,
    # which for a secret decision say only that it was made (until the engine reveals).
    lang = reader(interaction)
    said = present.move_words(turn.move_words, lang, turn.record.names) if turn.move_words else turn.move_text
    done = (
        translate("Your secret choice is recorded: {move}.", lang, move=said)
        if turn.secret_move
        else translate("Done: {move}. The channel has the new board.", lang, move=said)
    )
    # A secret choice can be taken back until the others have decided (bot.service.undo).
    undo = discord.ui.View(timeout=None)
    if turn.secret_move:
        undo.add_item(undo_button(turn.record.id, turn.record.version, lang))
    if private:
        await interaction.response.defer()
        await interaction.edit_original_response(content=done, attachments=[], view=undo)
    else:
        await interaction.response.send_message(done, view=undo, ephemeral=True, allowed_mentions=NO_MENTIONS)
    await announce(interaction, turn, via_channel=True)


async def ask_follow_up(interaction: Interaction, turn: Turn, *, edit: bool) -> None:
    """The mover's next decision of the same turn, privately, after what their move did. The
    move is stored already: a failure here says so (the channel hears of it with the turn)."""
    try:
        mine = await tables_of(interaction).legal(turn.record, interaction.user.id)
        await private_reply(interaction, mine, intro=turn.events, edit=edit)
    except Exception:
        log.exception("move stored in game %s but its follow-up was not asked", turn.record.id)
        await say(
            interaction,
            translate(
                "Your move `{move}` was recorded. Use `/game hand` for your next choice.",
                reader(interaction),
                move=turn.move_text,
            ),
        )


async def reclaimed(interaction: Interaction, record: GameRecord) -> GameRecord:
    """The record after its player took their seat back from the computer (any command or
    button of theirs in the game does; the channel is told), or as it was."""
    back = await seats.reclaim(tables_of(interaction), record, interaction.user.id)
    if back is None:
        return record
    seat = back.seat_of(interaction.user.id)
    name = back.seats[seat].name if seat is not None else shown_name(interaction.user)
    try:
        said = present.back_line(name, await server_language(interaction))
        await send_to_game(interaction.client, back, said, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:
        log.warning("could not tell game %s that a player is back", back.id)
    return back


async def channel_game_id(interaction: Interaction) -> int:
    return (await channel_game(interaction)).id


async def channel_game(interaction: Interaction) -> GameRecord:
    """The open game of the interaction's channel; a refusal saying where the player's games are."""
    lang = reader(interaction)
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError(translate("Tavola games live in server channels; use this command there.", lang))
    tables = tables_of(interaction)
    try:
        record = await tables.in_channel(interaction.channel_id)
    except TableError as exc:
        # A player in a game elsewhere (most often its thread) is told where it is.
        theirs = [
            translate(
                "#{id} {title} in <#{channel}>",
                lang,
                id=r.id,
                title=tables.game(r.game).title,
                channel=r.channel_id,
            )
            for r in await tables.list_guild(interaction.guild_id)
            if r.seat_of(interaction.user.id) is not None
        ]
        where = " " + translate("Your games: {games}.", lang, games=", ".join(theirs)) if theirs else ""
        raise TableError(f"{translate_phrase(str(exc), lang)}{where}") from exc
    return record


async def send_private(interaction: Interaction, game_id: int) -> None:
    """An ephemeral reply with the player's own view, image, (if asked) choices, and an Undo
    button while the last move in force is their own. A player whose seat the computer took
    over takes it back by asking."""
    tables = tables_of(interaction)
    record = await reclaimed(interaction, await tables.get(game_id))
    mine = await tables.legal(record, interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await private_reply(interaction, mine)


async def private_reply(
    interaction: Interaction, mine: Private, *, intro: Sequence[str] = (), edit: bool = False
) -> None:
    """The player's own board, what they are asked and their choices, after ``intro`` lines;
    ``edit``: in place of the private reply the interaction came from (already deferred). A
    main action with many options is offered as a guided walk, else buttons with details."""
    tables = tables_of(interaction)
    lang = reader(interaction)
    guided = tables.guide(mine, ()) if mine.prompt is not None else None
    details = tables.details(mine) if mine.prompt is not None and guided is None else []
    labels = tables.labels(mine) if mine.prompt is not None and guided is None else []
    file = await image_file(mine.game.name, mine.view, private=True, record=mine.record, lang=lang)
    view = discord.ui.View(timeout=None)
    for item in private_items(mine, guided, details, labels, lang):
        view.add_item(item)
    record = mine.record
    log = live(await tables.log(record.id)) if record.status == "running" else []
    # Offered after one's own last step, unless one is asked a secret choice now (then that step
    # completed a secret decision, which can't be taken back).
    asked_secret = mine.prompt is not None and mine.prompt.secret
    if not asked_secret and undo_possible(record, mine.seat, log[-1] if log else None):
        view.add_item(undo_button(record.id, record.version, lang))
    content = private_content(mine, guided, details, intro, labels, lang)
    if edit:
        await interaction.edit_original_response(content=content, attachments=[file], view=view)
        return
    await interaction.followup.send(
        content, file=file, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
    )


def private_items(
    mine: Private,
    guided: Guided | None = None,
    details: Sequence[str] = (),
    labels: Sequence[str] = (),
    lang: str | None = None,
) -> list[discord.ui.Item[Any]]:
    """The seat's choices (only this player sees them, in their ``lang``): a guided turn's
    level, else buttons or a select whenever they fit."""
    if mine.prompt is None:
        return []
    record = mine.record
    if guided is not None:
        return walk_items(
            record.id, record.version, mine.seat, guided.level, mine.choice_key, lang, record.names
        )
    return choice_items(
        record.id, record.version, mine.seat, mine.moves, mine.choice_key, details, labels, lang, record.names
    )


def private_content(
    mine: Private,
    guided: Guided | None = None,
    details: Sequence[str] = (),
    intro: Sequence[str] = (),
    labels: Sequence[str] = (),
    lang: str | None = None,
) -> str:
    """The words of a private reply in the reader's ``lang``: ``intro`` (the engine's events of
    the move just made) or whose board it is, then what is asked and how to answer."""
    colour, letter = present.colour_name(mine.seat, lang)
    title = translate(
        "Your board in {title} #{id} — you are {colour} ({letter}).",
        lang,
        title=mine.game.title,
        id=mine.record.id,
        colour=colour,
        letter=letter,
    )
    names = mine.record.names
    lines = [present.engine_text(line, lang, names) for line in intro] if intro else [title]
    if mine.record.status != "running":
        lines.append(translate("This game is over.", lang))
    elif mine.prompt is None:
        lines.append(translate("Nothing to do right now.", lang))
    else:
        lines.append(f"➡️ {present.engine_text(mine.prompt.text, lang, names)}")
        lines += _asking_lines(mine, guided, details, labels, lang)
    return present.clip("\n".join(lines))


def _asking_lines(
    mine: Private, guided: Guided | None, details: Sequence[str], labels: Sequence[str], lang: str | None
) -> list[str]:
    if guided is not None:
        return walk_lines(guided, lang, mine.record.names)
    if any(details):  # what each choice needs and gives (a leader's requirement, ability)
        said = list(labels) or [move_label(m) for m in mine.moves]  # the buttons' words
        names = mine.record.names
        return [
            f"• **{present.engine_text(x, lang, names)}** — {present.engine_text(d, lang, names)}"
            for x, d in zip(said, details, strict=False)
            if d
        ]
    if len(mine.moves) > SELECT_LIMIT:
        return [translate("Use `/move` (its suggestions list your legal moves).", lang)]
    if mine.prompt is not None and not mine.prompt.decision:
        return [translate("Choose below, or use `/move` (its suggestions list your legal moves).", lang)]
    return []


def walk_lines(guided: Guided, lang: str | None = None, names: Sequence[str] = ()) -> list[str]:
    """The words of a guided turn's level: the choices so far, then what to do here."""
    level = guided.level
    taken = " › ".join(present.engine_text(s.label, lang, names) for s in level.taken)
    lines = [translate("Chosen: {steps}", lang, steps=taken)] if level.taken else []
    if level.move is None:
        lines.append(translate("Choose below, step by step (or type the move with `/move`).", lang))
        if len(level.options) <= BUTTON_LIMIT:  # a button shows no detail (a select does): here
            said = [(present.engine_text(o.label, lang, names), o.detail) for o in level.options]
            lines += [f"• **{x}** — {present.engine_text(d, lang, names)}" for x, d in said if d]
        return lines
    # The preview is the engine's own sentences, written as done ("bob placed white…") since
    # the channel reads them after the move: a heading and a quote mark them as what Confirm
    # will do, not what was done (playtest: players took them for a move already made).
    preview = [
        "> " + present.engine_text(line, lang, names) for line in (guided.preview or "").split("\n") if line
    ]
    lines += [
        translate("**If you confirm** (a preview: nothing is done yet):", lang),
        *preview,
        translate("Confirm to make it, or go Back to change it.", lang),
    ]
    return lines


async def on_walk(interaction: Interaction, match: re.Match[str], path: tuple[int, ...]) -> None:
    """A step of a guided turn: the private reply shows the level the path leads to."""
    tables = tables_of(interaction)
    if int(match["ver"]) > (await tables.get(int(match["gid"]))).version:
        # A version not reached yet: forged.
        raise TableError(translate("That button is not one of mine.", reader(interaction)))
    _record, mine = await fresh_choices(
        interaction, int(match["gid"]), int(match["ver"]), int(match["seat"]), match["key"], keyed=True
    )
    guided, lang = tables.guide(mine, path), reader(interaction)
    if guided is None:
        link = latest_post_link(interaction, _record)
        if link is None:
            raise TableError(translate("These choices changed. Press “Choose” under the latest board.", lang))
        raise TableError(
            translate("These choices changed. Press “Choose” under the latest board: {link}", lang, link=link)
        )
    view = discord.ui.View(timeout=None)
    for item in private_items(mine, guided, lang=lang):
        view.add_item(item)
    await interaction.response.edit_message(content=private_content(mine, guided, lang=lang), view=view)


async def on_button(interaction: Interaction, custom_id: str) -> None:
    match = BUTTON_ID.fullmatch(custom_id)
    if match is None:
        raise TableError(translate("That button is not one of mine.", reader(interaction)))
    game_id = int(match["gid"])
    action = match["lobby"]
    if action in ("board", "hand"):
        await send_private(interaction, game_id)
    elif action in ("join", "leave"):
        await lobby_change(interaction, game_id, action, edit=True)
    elif action == "start":
        await start(interaction, game_id)
    elif action == "watch":
        await toggle_watch(interaction, game_id)
    else:
        await on_choice(
            interaction, game_id, int(match["ver"]), int(match["seat"]), int(match["idx"]), key=match["key"]
        )


async def fresh_choices(
    interaction: Interaction, game_id: int, version: int, seat: int, key: str | None, *, keyed: bool = False
) -> tuple[GameRecord, Private]:
    """The clicker's choices now, if a component made at ``version`` (with ``key``, for a private
    choice) still stands for them: the clicker must own the seat, and the board must not have
    moved, or (keyed) the seat's choices must be the ones the component was made from."""
    tables, lang = tables_of(interaction), reader(interaction)
    record = await tables.get(game_id)
    moved_on = moved_on_text(interaction, record, lang)
    mine = record.seat_of(interaction.user.id)
    if mine is None:
        raise TableError(translate("You are not playing in this game.", lang))
    if seat >= len(record.seats):
        raise TableError(translate("That button is not one of this game's; look at the latest board.", lang))
    if mine != seat:
        raise TableError(
            translate("These choices are {name}'s, not yours.", lang, name=record.seats[seat].name)
        )
    if record.version != version and not key:
        raise TableError(moved_on)
    # The record just read serves the rest: one read per click. The choice key (a count of the
    # seat's moves) is only needed when the board moved on since the button was made.
    private = await tables.legal(record, interaction.user.id, keyed=keyed or record.version != version)
    if private.record.version != version and private.choice_key != key:
        raise TableError(moved_on)
    return record, private


def moved_on_text(interaction: Interaction, record: GameRecord, lang: str | None) -> str:
    """The refusal of a button made for an older board, linking the game's latest post when
    this process knows it and the button is not on it (playtest: a stale click said "the latest
    board" without saying which post that was, days of posts up the channel)."""
    link = latest_post_link(interaction, record)
    if link is None:
        return translate("The board has moved on since that button was made. Look at the latest board.", lang)
    return translate(
        "The board has moved on since that button was made. Use the latest board: {link}", lang, link=link
    )


def latest_post_link(interaction: Interaction, record: GameRecord) -> str | None:
    """The jump link of the game's latest post with buttons; None when unknown or clicked on it."""
    latest = tables_of(interaction).latest_post(record.id)
    if latest is None or (interaction.message is not None and interaction.message.id == latest[1]):
        return None
    return f"https://discord.com/channels/{record.guild_id}/{latest[0]}/{latest[1]}"


async def on_choice(
    interaction: Interaction, game_id: int, version: int, seat: int, index: int, *, key: str | None = None
) -> None:
    """A choice button or select (see ``fresh_choices``): the move it names is played."""
    record, private = await fresh_choices(interaction, game_id, version, seat, key)
    if index >= len(private.moves):
        raise TableError(translate("That choice is not available any more.", reader(interaction)))
    text = private.moves[index].to_text()
    # Checked against the version just read: a move racing in meanwhile is still refused.
    await play(interaction, record, text, expected_version=record.version)


async def lobby_change(interaction: Interaction, game_id: int, action: str, *, edit: bool) -> None:
    tables = tables_of(interaction)
    player = player_of(interaction)
    creator_before = 0
    if action == "join":
        record = await tables.join(game_id, player)
    else:
        creator_before = (await tables.get(game_id)).creator_id
        record = await tables.leave(game_id, player)
    game, lang = tables.game(record.game), await server_language(interaction)
    if edit and interaction.message is not None and interaction.message.id == record.lobby_message_id:
        await interaction.response.edit_message(**lobby_card(record, game, lang))
        return
    said = lobby_said(record, game, player.name, action, lang)
    if (
        action == "leave"
        and record.status != "abandoned"
        and record.creator_id != creator_before
        and (creator := record.seat_of(record.creator_id)) is not None
    ):
        name = record.seats[creator].name
        said += " " + translate("{name} runs the lobby now and starts the game.", lang, name=name)
    await interaction.response.send_message(said, allowed_mentions=NO_MENTIONS)
    await refresh_lobby(interaction, record, lang)


def lobby_said(record: GameRecord, game: Game, name: str, action: str, lang: str | None) -> str:
    """The public line after someone joined or left a lobby."""
    if record.status == "abandoned":
        return translate(
            "{name} left and nobody else had joined: the lobby of game #{id} is closed.",
            lang,
            name=name,
            id=record.id,
        )
    count, most = len(record.seats), game.max_players
    if action == "join":
        return translate(
            "{name} joined the game of {title} ({count}/{most}).",
            lang,
            name=name,
            title=game.title,
            count=count,
            most=most,
        )
    return translate(
        "{name} left the game of {title} ({count}/{most}).",
        lang,
        name=name,
        title=game.title,
        count=count,
        most=most,
    )


def lobby_card(record: GameRecord, game: Game, lang: str | None = None) -> dict[str, Any]:
    """The lobby card's embed and buttons (no buttons once the lobby has closed), in ``lang``
    (the server's language: a public post)."""
    title, description = present.lobby_text(record, game, lang)
    view = lobby_view(record.id, lang) if record.status == "lobby" else None
    return {"embed": discord.Embed(title=title, description=description), "view": view}


async def refresh_lobby(interaction: Interaction, record: GameRecord, lang: str | None = None) -> None:
    """Bring the lobby card up to date: players, or "started"/"abandoned" without buttons."""
    if record.lobby_message_id is None:
        return
    lang = lang or await server_language(interaction)
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent is not None and record.status != "lobby":
        channel = channel.parent  # a game played in its thread: the card is in the parent channel
    if not isinstance(channel, discord.TextChannel | discord.Thread):
        return
    title, description = present.lobby_text(record, tables_of(interaction).game(record.game), lang)
    view = lobby_view(record.id, lang) if record.status == "lobby" else None
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
        text = "A thread can only be opened from a text channel; start without `thread`."
        raise TableError(translate(text, reader(interaction)))
    turn = await tables.start(game_id, player_of(interaction))
    await interaction.response.defer(thinking=True)
    lang = await server_language(interaction)
    intro = present.start_intro(turn, lang)
    if not thread or not isinstance(channel, discord.TextChannel):
        await post_turn(interaction, turn, intro=intro, lang=lang)
        await refresh_lobby(interaction, turn.record, lang)
        return
    room = await open_thread(interaction, channel, f"{turn.game.name}-{turn.record.id}")
    if room is None:
        # The game has started already: play on here rather than leave it without a board.
        lacking = permissions.missing(interaction, permissions.THREAD)
        why = permissions.grant(lacking, lang) if lacking else translate("Discord refused to open it.", lang)
        note = translate(
            "(I could not open a thread for this game, so it is played in this channel. {why})", lang, why=why
        )
        await post_turn(interaction, turn, intro=[*intro, note], lang=lang)
        await refresh_lobby(interaction, turn.record, lang)
        return
    turn = await tables.move_to_channel(game_id, room.id)
    await interaction.followup.send(
        translate(
            "{title} #{id} has started in its own thread: {thread}.",
            lang,
            title=turn.game.title,
            id=turn.record.id,
            thread=room.mention,
        ),
        allowed_mentions=NO_MENTIONS,
    )
    try:
        await post_turn_to(room, turn, intro=intro, client=interaction.client, lang=lang)
    except discord.HTTPException:
        # The game stays in its thread (it has started); the clock pings whoever acts there.
        log.warning("the first board of game %s was refused in its thread", game_id)
        await tables.unannounced(turn.record)
        mine = reader(interaction)
        await say(
            interaction,
            translate(
                "The game started in {thread}, but I could not post its board there. "
                "{grant} `/game status` there shows the board.",
                mine,
                thread=room.mention,
                grant=permissions.grant(["Send Messages in Threads"], mine),
            ),
        )
        kick(interaction.client, None)  # the clock's start ping stands in for the board
    else:
        kick(interaction.client, turn)
    await refresh_lobby(interaction, turn.record, lang)


async def open_thread(
    interaction: Interaction, channel: discord.TextChannel, name: str
) -> discord.Thread | None:
    """A public thread for a game, or None when the bot may not open one (read from its
    permissions first, so no refused request is sent) or Discord refused."""
    if permissions.missing(interaction, permissions.THREAD[:2]):
        return None
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
    except discord.HTTPException:
        log.exception("could not open a thread in channel %s", channel.id)
        return None


async def toggle_watch(interaction: Interaction, game_id: int) -> None:
    """Watch (or stop watching) a game: its turns by direct message, privately (issue 12 item 7)."""
    tables = tables_of(interaction)
    record = await tables.get(game_id)
    try:
        now = await watchers.toggle(tables.store, record.id, interaction.user.id)
    except ValueError as exc:
        raise TableError(str(exc)) from exc
    title, lang = tables.game(record.game).title, reader(interaction)
    said = (
        translate(
            "You watch {title} #{id}: each turn comes to you by direct message, without pings.",
            lang,
            title=title,
            id=record.id,
        )
        if now
        else translate("You no longer watch {title} #{id}.", lang, title=title, id=record.id)
    )
    await say(interaction, said)
