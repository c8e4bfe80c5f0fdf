"""The slash commands: ``/game …`` (lobby and life cycle), ``/move``, and per-game groups.

Commands are built when the bot starts, from the games the table service offers, so a new engine
(and its options from ``game.options()``) appears without changes here.
"""

from __future__ import annotations

import inspect
import io
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any, Literal

import discord
from discord import app_commands

from bot.app.actions import (
    channel_game,
    channel_game_id,
    lobby_change,
    play,
    refresh_lobby,
    send_private,
    start,
)
from bot.app.components import lobby_view, turn_view
from bot.app.context import NO_MENTIONS, Interaction, player_of, shown_name, tables_of
from bot.app.game_commands import game_groups
from bot.app.guard import PLAYER_ERRORS, say
from bot.app.posting import image_file
from bot.service import present, settings
from bot.service.clocks import CLOCK_MAX_HOURS
from bot.service.table import TableError, Tables
from rules.core import Game, game_rules_help

log = logging.getLogger("tavola")

# Option names a game may not use: they are /game new's own parameters.
RESERVED = {"game", "clock"}


def build(tree: app_commands.CommandTree[Any], tables: Tables) -> None:
    """Add every command to ``tree``."""
    tree.add_command(game_group(tables))
    tree.add_command(move_command())
    for group in game_groups(tables):
        tree.add_command(group)


def game_group(tables: Tables) -> app_commands.Group:
    group = app_commands.Group(name="game", description="Create, join and run board games in this channel")
    group.add_command(new_command(tables))
    _add_lobby_commands(group)
    _add_table_commands(group)
    _add_player_commands(group)
    _add_rules_command(group)
    return group


def _add_lobby_commands(group: app_commands.Group) -> None:
    """``/game join``, ``leave`` and ``start``: the lobby before play."""

    @group.command(name="join", description="Join the game waiting in this channel")
    async def join(interaction: Interaction) -> None:
        await lobby_change(interaction, await channel_game_id(interaction), "join", edit=False)

    @group.command(name="leave", description="Leave the game waiting in this channel")
    async def leave(interaction: Interaction) -> None:
        await lobby_change(interaction, await channel_game_id(interaction), "leave", edit=False)

    @group.command(name="start", description="Start the game (creator only): random seats and colours")
    @app_commands.describe(thread="Play in a new thread of this channel (default: here)")
    async def start_cmd(interaction: Interaction, thread: bool = False) -> None:
        await start(interaction, await channel_game_id(interaction), thread=thread)


def _add_table_commands(group: app_commands.Group) -> None:
    """``/game status`` and ``abandon``: the game in this channel."""

    @group.command(name="status", description="Show the board, the round and whose turn it is")
    async def status(interaction: Interaction) -> None:
        gid = await channel_game_id(interaction)
        t = tables_of(interaction)
        record = await t.get(gid)
        if record.status == "lobby":
            title, description = present.lobby_text(record, t.game(record.game))
            await interaction.response.send_message(
                embed=discord.Embed(title=title, description=description), view=lobby_view(gid)
            )
            return
        turn = await t.turn(gid)
        await interaction.response.defer(thinking=True)
        file = await image_file(turn.game.name, turn.public_view, private=False)
        title, description = present.status_text(turn, t.clock_of(turn.record))
        await interaction.followup.send(
            embed=discord.Embed(title=title, description=description),
            file=file,
            view=turn_view(turn),
            allowed_mentions=NO_MENTIONS,
        )

    @group.command(name="abandon", description="End the game without a result (creator or Manage Server)")
    async def abandon(interaction: Interaction) -> None:
        gid = await channel_game_id(interaction)
        admin = bool(interaction.permissions.manage_guild)
        record = await tables_of(interaction).abandon(gid, player_of(interaction), may_manage_server=admin)
        await say(
            interaction,
            f"Game #{record.id} was abandoned by {shown_name(interaction.user)}.",
            ephemeral=False,
        )
        await refresh_lobby(interaction, record)


def _add_player_commands(group: app_commands.Group) -> None:
    """``/game list``, ``settings`` and ``hand``: what a player asks for themselves."""

    @group.command(name="list", description="Games waiting or running in this server")
    async def list_cmd(interaction: Interaction) -> None:
        if interaction.guild_id is None:
            raise TableError("Use this in a server.")
        t = tables_of(interaction)
        records = await t.list_guild(interaction.guild_id)
        if not records:
            await say(
                interaction, "No games are waiting or running in this server. Start one with `/game new`."
            )
            return
        lines = [
            f"#{r.id} {t.game(r.game).title} — {r.status} in <#{r.channel_id}> — "
            + ", ".join(s.name for s in r.seats)
            for r in records
        ]
        await say(interaction, "\n".join(lines))

    @group.command(name="settings", description="Your quiet hours, time zone and turn DMs (all servers)")
    @app_commands.describe(
        quiet="Hours with no pings, e.g. 22-08 or 22:30-07:00 (off: none)",
        tz="Your time zone, e.g. Europe/Rome or America/New_York",
        dm="A direct message when it becomes your turn (at most one per turn)",
    )
    async def settings_cmd(
        interaction: Interaction,
        quiet: app_commands.Range[str, 1, 20] | None = None,
        tz: app_commands.Range[str, 1, 64] | None = None,
        dm: Literal["on", "off"] | None = None,
    ) -> None:
        wants_dm = None if dm is None else dm == "on"
        mine = await settings.update(
            tables_of(interaction).store, interaction.user.id, quiet=quiet, tz=tz, dm=wants_dm
        )
        await say(interaction, settings.describe(mine))

    @group.command(name="hand", description="Your own board and choices, privately")
    async def hand(interaction: Interaction) -> None:
        await send_private(interaction, await channel_game_id(interaction))


def _add_rules_command(group: app_commands.Group) -> None:
    """``/game rules [game]``: the rules summary, attached as a file when it is long."""

    @group.command(name="rules", description="The rules summary and the choices this bot makes")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    async def rules(interaction: Interaction, game: str | None = None) -> None:
        t = tables_of(interaction)
        try:
            if game is None:
                if interaction.channel_id is None:
                    raise TableError("Name a game.")
                name = (await t.in_channel(interaction.channel_id)).game
            else:
                name = game
            chosen = t.game(name)
        except TableError as exc:
            listed = "" if "Games:" in str(exc) else f" Games: {', '.join(g.name for g in t.games())}."
            raise TableError(f"{exc}{listed}") from exc
        text = game_rules_help(chosen)
        if len(text) <= present.CONTENT_LIMIT:
            await say(interaction, text)
            return
        file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{chosen.name}-rules.md")
        await interaction.response.send_message(
            f"The {chosen.title} rules summary is attached ({len(text)} characters).",
            file=file,
            ephemeral=True,
        )

    @rules.autocomplete("game")
    async def rules_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=g.title, value=g.name)
            for g in tables_of(interaction).games()
            if current.lower() in g.name
        ][:25]


def shorten(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut at a word and marked with an ellipsis if long."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:(") + "…"


def new_command(tables: Tables) -> app_commands.Command[Any, Any, None]:
    """``/game new game:<…>`` plus one optional parameter per option any game offers."""
    games = tables.games()
    option_names = _option_descriptions(games)

    async def new(
        interaction: Interaction, game: str, clock: float | None = None, **options: str | None
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise TableError("Tavola games live in server channels; use this command there.")
        t = tables_of(interaction)
        given = {k: v for k, v in options.items() if v is not None}
        chosen = t.game(game)
        own = {o.name for o in chosen.options()}
        foreign = sorted(set(given) - own)
        if foreign:
            raise TableError(f"{chosen.title} has no option {', '.join(foreign)}.")
        record = await t.new(
            interaction.guild_id,
            interaction.channel_id,
            player_of(interaction),
            game,
            given,
            clock_hours=clock,
        )
        title, description = present.lobby_text(record, chosen)
        sent = await interaction.response.send_message(
            f"{shown_name(interaction.user)} opened a game of {chosen.title}.",
            embed=discord.Embed(title=title, description=description),
            view=lobby_view(record.id),
            allowed_mentions=NO_MENTIONS,
        )
        if sent.message_id is not None:
            try:
                await t.lobby_posted(record.id, sent.message_id)
            except PLAYER_ERRORS:
                log.warning("lobby card of game %s not remembered (the lobby changed meanwhile)", record.id)

    # discord.py reads parameters from the signature; give it one built from the games' options.
    new.__signature__ = inspect.Signature(_new_parameters(option_names))  # type: ignore[attr-defined]
    new.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        "game": "Which game",
        "clock": shorten(
            f"Hours each player has per decision (0: no clock; default {tables.default_clock_hours:g})",
            100,
        ),
        **option_names,
    }
    new.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        "game": [app_commands.Choice(name=g.title, value=g.name) for g in games][:25]
    }
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="new", description="Open a new game in this channel", callback=new
    )
    for name in option_names:
        command.autocomplete(name)(option_autocomplete(name))
    return command


def _option_descriptions(games: Sequence[Game]) -> dict[str, str]:
    """Each option name any game offers (bar ``RESERVED``), described by the first game offering it."""
    option_names: dict[str, str] = {}
    for g in games:
        for o in g.options():
            if o.name not in RESERVED:
                option_names.setdefault(o.name, shorten(f"{g.title}: {o.description}", 100))
    return option_names


def _new_parameters(option_names: Mapping[str, str]) -> list[inspect.Parameter]:
    """``/game new``'s signature: interaction, game, clock, then one optional text per option."""
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
        values: list[str] = []
        for g in tables_of(interaction).games():
            if chosen and g.name != chosen:
                continue
            for o in g.options():
                if o.name == name:
                    values += [str(c).lower() for c in o.choices if str(c).lower() not in values]
        return [app_commands.Choice(name=v, value=v) for v in values if current.lower() in v][:25]

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
        # Each entry says what the move does (the game's steps); its value is the move's text.
        found = await t.described(record.id, interaction.user.id, current)
        return [app_commands.Choice(name=name[:100], value=text[:100]) for name, text in found]

    return move
