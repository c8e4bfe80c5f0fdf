"""The slash commands: ``/game …`` (lobby and life cycle), ``/move``, and per-game groups.

Commands are built when the bot starts, from the games the table service offers, so a new engine
(and its options from ``game.options()``) appears without changes here.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any, Literal

import discord
from discord import app_commands

from bot.app import actions, seat_actions
from bot.app.actions import (
    channel_game,
    channel_game_id,
    lobby_change,
    play,
    send_private,
    start,
)
from bot.app.components import lobby_view, turn_view, watch_view
from bot.app.context import (
    NO_MENTIONS,
    Interaction,
    player_of,
    reader,
    server_language,
    shown_name,
    tables_of,
)
from bot.app.game_commands import game_groups
from bot.app.guard import PLAYER_ERRORS, say
from bot.app.history import add_history_commands
from bot.app.posting import image_file
from bot.app.reading import add_rules_command, card_command, help_command
from bot.app.translator import described
from bot.service import overview, present, settings
from bot.service.clocks import CLOCK_MAX_HOURS
from bot.service.languages import DEFAULT_CHOICE, LANGUAGE_NAMES
from bot.service.levels import DEFAULT_LEVEL
from bot.service.store import GameRecord
from bot.service.table import TableError, Tables, Turn
from bot.service.undo import ROLLBACK_MAX_STEPS, UNDO_MAX_STEPS
from i18n import translate
from rules.core import Game

log = logging.getLogger("tavola")

# Option names a game may not use: they are /game new's own parameters.
RESERVED = {"game", "clock", "bots", "bot_level"}
LevelChoice = Literal["random", "easy", "normal", "hard"]  # bot.service.levels.COMPUTER_LEVELS


def build(tree: app_commands.CommandTree[Any], tables: Tables) -> None:
    """Add every command to ``tree``."""
    tree.add_command(game_group(tables))
    tree.add_command(move_command())
    tree.add_command(help_command(tables))
    tree.add_command(card_command())
    for group in game_groups(tables):
        tree.add_command(group)


def game_group(tables: Tables) -> app_commands.Group:
    group = app_commands.Group(name="game", description="Create, join and run board games in this channel")
    group.add_command(new_command(tables))
    _add_lobby_commands(group)
    _add_table_commands(group)
    _add_player_commands(group)
    _add_seat_commands(group)
    add_rules_command(group)
    add_history_commands(group)
    return group


def _add_lobby_commands(group: app_commands.Group) -> None:
    """``/game join``, ``leave`` and ``start``: the lobby before play."""

    @group.command(name="join", description="Join the game waiting in this channel")
    async def join(interaction: Interaction) -> None:
        await lobby_change(interaction, await channel_game_id(interaction), "join", edit=False)

    @group.command(
        name="leave", description="Leave this channel's game (running: the computer plays your seat)"
    )
    async def leave(interaction: Interaction) -> None:
        record = await channel_game(interaction)
        if record.status == "running":
            await seat_actions.leave_ask(interaction, record)
        else:
            await lobby_change(interaction, record.id, "leave", edit=False)

    @group.command(name="start", description="Start the game (creator only): random seats and colours")
    @app_commands.describe(thread="Play in a new thread of this channel (default: here)")
    async def start_cmd(interaction: Interaction, thread: bool = False) -> None:
        await start(interaction, await channel_game_id(interaction), thread=thread)


def _add_table_commands(group: app_commands.Group) -> None:
    """``/game status`` and ``abandon``: the game in this channel."""

    @group.command(name="status", description="Show the board, the round and whose turn it is")
    async def status(interaction: Interaction) -> None:
        await show_status(interaction)

    @group.command(name="abandon", description="End the game without a result (creator or Manage Server)")
    async def abandon(interaction: Interaction) -> None:
        await seat_actions.abandon_ask(interaction, await channel_game(interaction))

    @group.command(name="rematch", description="A new lobby with the last game's players, options and clock")
    async def rematch(interaction: Interaction) -> None:
        await open_rematch(interaction)


def _add_seat_commands(group: app_commands.Group) -> None:
    """``/game undo``, ``rollback``, ``replace`` and ``kick``: second thoughts and seats."""

    @group.command(name="undo", description="Take back your own last step(s), if nobody moved since")
    @app_commands.describe(steps="How many of your own last steps (default 1)")
    async def undo_cmd(
        interaction: Interaction, steps: app_commands.Range[int, 1, UNDO_MAX_STEPS] = 1
    ) -> None:
        await seat_actions.undo_steps(
            interaction, await actions.reclaimed(interaction, await channel_game(interaction)), steps
        )

    @group.command(
        name="rollback", description="Take back the last moves, whoever made them (creator or Manage Server)"
    )
    @app_commands.describe(steps="How many moves to take back")
    async def rollback(
        interaction: Interaction, steps: app_commands.Range[int, 1, ROLLBACK_MAX_STEPS]
    ) -> None:
        await seat_actions.rollback_ask(interaction, await channel_game(interaction), steps)

    @group.command(name="replace", description="Hand a seat to another member (creator or Manage Server)")
    @app_commands.describe(seat="Whose seat: a player's name or seat number", member="Who takes it")
    async def replace_cmd(
        interaction: Interaction, seat: app_commands.Range[str, 1, 100], member: discord.Member
    ) -> None:
        await seat_actions.replace_ask(interaction, await channel_game(interaction), seat, member)

    @group.command(name="kick", description="Vote to hand a timed-out player's seat to the computer for good")
    @app_commands.describe(seat="Whose seat: a player's name or seat number")
    async def kick(interaction: Interaction, seat: app_commands.Range[str, 1, 100]) -> None:
        await seat_actions.kick(interaction, await channel_game(interaction), seat)


def _add_player_commands(group: app_commands.Group) -> None:
    """``/game list``, ``mine``, ``settings`` and ``hand``: what a player asks for themselves."""

    @group.command(name="list", description="Every open game in this server: what it waits for, on whom")
    async def list_cmd(interaction: Interaction) -> None:
        await show_games(interaction, mine=False)

    @group.command(name="mine", description="Your open games in this server: which ones wait for you")
    async def mine(interaction: Interaction) -> None:
        await show_games(interaction, mine=True)

    @group.command(name="settings", description="Your quiet hours, time zone and turn DMs (all servers)")
    @app_commands.describe(
        quiet="Hours with no pings, e.g. 22-08 or 22:30-07:00 (off: none)",
        tz="Your time zone, e.g. Europe/Rome or America/New_York",
        dm="A direct message when it becomes your turn (at most one per turn)",
        language="This server's language for boards and posts (Manage Server)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings_cmd(
        interaction: Interaction,
        quiet: app_commands.Range[str, 1, 20] | None = None,
        tz: app_commands.Range[str, 1, 64] | None = None,
        dm: Literal["on", "off"] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        said = [await choose_language(interaction, language.value)] if language is not None else []
        if language is None or quiet is not None or tz is not None or dm is not None:
            wants_dm = None if dm is None else dm == "on"
            mine = await settings.update(
                tables_of(interaction).store, interaction.user.id, quiet=quiet, tz=tz, dm=wants_dm
            )
            said.append(settings.describe(mine, reader(interaction)))
        await say(interaction, "\n\n".join(said))

    @group.command(name="hand", description="Your own board and choices, privately")
    async def hand(interaction: Interaction) -> None:
        await send_private(interaction, await channel_game_id(interaction))


# ``/game settings language:``: a catalogue language, or back to the server's preferred locale.
LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Italiano", value="it"),
    app_commands.Choice(name="The server's own language (Discord setting)", value=DEFAULT_CHOICE),
]


async def choose_language(interaction: Interaction, value: str) -> str:
    """Keep the server's language for public posts (Manage Server only); the words saying so."""
    lang = reader(interaction)
    if interaction.guild_id is None:
        raise TableError(translate("Use this in a server.", lang))
    if not interaction.permissions.manage_guild:
        raise TableError(
            translate("Only someone with Manage Server can choose this server's language.", lang)
        )
    chosen = None if value == DEFAULT_CHOICE else value
    await tables_of(interaction).languages.choose(interaction.guild_id, chosen)
    now = await server_language(interaction)
    name = translate(LANGUAGE_NAMES.get(now, now), lang, context="language")
    if chosen is None:
        return translate(
            "This server's boards and posts now follow its own language: {name}.", lang, name=name
        )
    return translate("This server's boards and posts are now in {name}.", lang, name=name)


async def show_status(interaction: Interaction) -> None:
    """``/game status``: the lobby card, the board with whom it waits for, or, once the channel's
    game has ended, its result and how to start another."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError(translate(IN_SERVER_CHANNELS, reader(interaction)))
    t = tables_of(interaction)
    try:
        record = await channel_game(interaction)
    except TableError:
        record = await t.store.last_in_channel(interaction.channel_id) or await channel_game(interaction)
    if record.status == "lobby":
        card = actions.lobby_card(record, t.game(record.game), await server_language(interaction))
        await interaction.response.send_message(**card)
        return
    if record.status == "abandoned":
        text = (
            "Game #{id} in this channel was abandoned. Start another with `/game new`, or "
            "`/game rematch` for the same players."
        )
        await say(interaction, translate(text, reader(interaction), id=record.id))
        return
    record = await actions.reclaimed(interaction, record)
    await t.load_state(record)  # a damaged stored state is rebuilt from the log (issue 8 item 3)
    await status_reply(interaction, t.turn_of(record), t.clock_of(record))


async def status_reply(interaction: Interaction, turn: Turn, hours: float) -> None:
    """The board with whom it waits for, and the result once over. Someone not seated only looks:
    answered privately (in their language), so spectators add nothing to the channel (issue 12
    item 7); a player's status is the table's and stays public (in the server's language)."""
    record = turn.record
    watcher = all(s.user_id != interaction.user.id for s in record.seats)
    lang = reader(interaction) if watcher else await server_language(interaction)
    await interaction.response.defer(thinking=True, ephemeral=watcher)
    file = await image_file(
        turn.game.name, turn.public_view, private=False, record=turn.record, lang=lang
    )
    title, description = present.status_text(turn, hours, lang)
    embeds = [discord.Embed(title=title, description=description)]
    if turn.outcome is not None:
        won, scores = present.outcome_text(turn.outcome, record.seats, record.seating, lang)
        embeds.append(discord.Embed(title=won, description=scores, colour=discord.Colour.gold()))
    view = watch_view(record.id, lang) if watcher and turn.outcome is None else turn_view(turn, lang)
    if watcher and turn.outcome is not None:
        view = discord.ui.View(timeout=None)  # nothing left to follow
    await interaction.followup.send(
        embeds=embeds, file=file, view=view, ephemeral=watcher, allowed_mentions=NO_MENTIONS
    )


IN_SERVER_CHANNELS = "Tavola games live in server channels; use this command there."


async def open_rematch(interaction: Interaction) -> None:
    """``/game rematch``: the last game's players seated again in a new lobby, pinged."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError(translate(IN_SERVER_CHANNELS, reader(interaction)))
    t = tables_of(interaction)
    record = await t.rematch(interaction.channel_id, player_of(interaction))
    people = [s.user_id for s in record.seats if s.user_id > 0]
    lang = await server_language(interaction)
    sent = await interaction.response.send_message(
        translate(
            "Rematch! {players}: you are seated again (the seats are drawn anew at the start; leave "
            "with the button if you'd rather not play).",
            lang,
            players=", ".join(present.mention(u) for u in people),
        ),
        **actions.lobby_card(record, t.game(record.game), lang),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=u) for u in people]),
    )
    if sent.message_id is not None:
        await t.lobby_posted(record.id, sent.message_id)


async def show_games(interaction: Interaction, *, mine: bool) -> None:
    """``/game mine`` (the caller's open games) or ``/game list`` (everyone's), privately."""
    lang = reader(interaction)
    if interaction.guild_id is None:
        raise TableError(translate("Use this in a server.", lang))
    t = tables_of(interaction)
    me = interaction.user.id
    found = await overview.listings(t, interaction.guild_id, me if mine else None)
    empty = (
        translate("You have no open games in this server. Start one with `/game new`.", lang)
        if mine
        else translate("No games are waiting or running in this server. Start one with `/game new`.", lang)
    )
    await say(interaction, overview.lines(found, me, empty, lang))


def new_command(tables: Tables) -> app_commands.Command[Any, Any, None]:
    """``/game new game:<…>`` plus one optional parameter per option any game offers."""
    games = tables.games()
    option_names = _option_descriptions(games)

    async def new(
        interaction: Interaction,
        game: str,
        clock: float | None = None,
        bots: int = 0,
        bot_level: str = DEFAULT_LEVEL,
        **options: str | None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise TableError(translate(IN_SERVER_CHANNELS, reader(interaction)))
        t = tables_of(interaction)
        given = {k: v for k, v in options.items() if v is not None}
        chosen = t.game(game)
        own = {o.name for o in chosen.options()}
        foreign = sorted(set(given) - own)
        if foreign:
            raise TableError(
                translate(
                    "{title} has no option {names}.",
                    reader(interaction),
                    title=chosen.title,
                    names=", ".join(foreign),
                )
            )
        record = await t.new(
            interaction.guild_id,
            interaction.channel_id,
            player_of(interaction),
            game,
            given,
            clock_hours=clock,
            bots=bots,
            bot_level=bot_level,
        )
        await post_lobby(interaction, record, chosen)

    # discord.py reads parameters from the signature; give it one built from the games' options.
    new.__signature__ = inspect.Signature(_new_parameters(option_names, games))  # type: ignore[attr-defined]
    new.__discord_app_commands_param_description__ = _new_descriptions(tables, option_names)  # type: ignore[attr-defined]
    new.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        "game": [app_commands.Choice(name=g.title, value=g.name) for g in games][:25]
    }
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="new", description="Open a new game in this channel", callback=new
    )
    for name in option_names:
        command.autocomplete(name)(option_autocomplete(name))
    return command


async def post_lobby(interaction: Interaction, record: GameRecord, chosen: Game) -> None:
    """The new lobby's card, in the server's language, remembered for later updates."""
    t, lang = tables_of(interaction), await server_language(interaction)
    title, description = present.lobby_text(record, chosen, lang)
    sent = await interaction.response.send_message(
        translate(
            "{name} opened a game of {title}.", lang, name=shown_name(interaction.user), title=chosen.title
        ),
        embed=discord.Embed(title=title, description=description),
        view=lobby_view(record.id, lang),
        allowed_mentions=NO_MENTIONS,
    )
    if sent.message_id is not None:
        try:
            await t.lobby_posted(record.id, sent.message_id)
        except PLAYER_ERRORS:
            log.warning("lobby card of game %s not remembered (the lobby changed meanwhile)", record.id)


def _new_descriptions(
    tables: Tables, option_names: Mapping[str, app_commands.locale_str]
) -> dict[str, str | app_commands.locale_str]:
    """What Discord shows beside each parameter of ``/game new``."""
    return {
        "game": "Which game",
        "clock": described(
            "Hours each player has per decision (0: no clock; default {hours})",
            hours=f"{tables.default_clock_hours:g}",
        ),
        "bots": "How many seats computer players take (default 0)",
        "bot_level": described("How well the computers play (default {level})", level=DEFAULT_LEVEL),
        **option_names,
    }


def _option_descriptions(games: Sequence[Game]) -> dict[str, app_commands.locale_str]:
    """Each option name any game offers (bar ``RESERVED``), described by the first game offering it."""
    option_names: dict[str, app_commands.locale_str] = {}
    for g in games:
        for o in g.options():
            if o.name not in RESERVED:
                option_names.setdefault(o.name, described("{game}: {text}", game=g.title, text=o.description))
    return option_names


def _new_parameters(option_names: Mapping[str, object], games: Sequence[Game]) -> list[inspect.Parameter]:
    """``/game new``'s signature: interaction, game, clock, bots, bot_level, then one optional
    text per option."""
    return [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, annotation=str),
        inspect.Parameter(
            "clock",
            inspect.Parameter.KEYWORD_ONLY,
            annotation=app_commands.Range[float, 0, CLOCK_MAX_HOURS] | None,
            default=None,
        ),
        inspect.Parameter(
            "bots",
            inspect.Parameter.KEYWORD_ONLY,
            annotation=app_commands.Range[int, 0, max(g.max_players for g in games) - 1],
            default=0,
        ),
        inspect.Parameter(
            "bot_level", inspect.Parameter.KEYWORD_ONLY, annotation=LevelChoice, default=DEFAULT_LEVEL
        ),
    ] + [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=str | None, default=None)
        for name in option_names
    ]


def option_autocomplete(
    name: str,
) -> Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]:
    """Suggest the values of option ``name`` for the game chosen so far."""

    async def suggest(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        chosen = getattr(interaction.namespace, "game", None)
        said: dict[str, str] = {}  # value -> the value in words (the chosen game's, or the first's)
        for g in tables_of(interaction).games():
            if chosen and g.name != chosen:
                continue  # only the chosen game's options have values (item 6 of issue 12)
            for o in g.options():
                if o.name == name:
                    for c in o.choices:  # in the reader's words
                        said.setdefault(str(c).lower(), present.option_text(o, c, reader(interaction)))
        return [
            app_commands.Choice(name=words[:100], value=v)
            for v, words in said.items()
            if current.lower() in v or current.lower() in words.lower()
        ][:25]

    return suggest


# Longer than any move text of a registered game (the longest are about 60 characters); a pasted
# paragraph is stopped by the Discord client instead of being echoed back in an error.
MOVE_TEXT_MAX = 200


def move_command() -> app_commands.Command[Any, Any, None]:
    @app_commands.command(name="move", description="Make a move (suggestions list your legal moves)")
    @app_commands.describe(text="The move, e.g. from the suggestions")
    async def move(interaction: Interaction, text: app_commands.Range[str, 1, MOVE_TEXT_MAX]) -> None:
        await play(interaction, await channel_game(interaction), text)  # read once (issue 16)

    @move.autocomplete("text")
    async def suggest(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        t = tables_of(interaction)
        record = await t.store.open_in_channel(interaction.channel_id)
        if record is None:
            return []
        # Each entry says what the move does (the game's steps); its value is the move's text; the
        # record just read (no second read); typed words may be the reader's (issue 15 item 4).
        found = await t.described(record, interaction.user.id, current, str(interaction.locale))
        return [app_commands.Choice(name=name[:100], value=text[:100]) for name, text in found]

    return move
