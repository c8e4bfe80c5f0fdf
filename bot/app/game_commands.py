"""Each game's own slash command, built from what the game declares (``rules.core.GameCommand``).

``/<game> <subcommand> <params…>`` composes a move text with the game's own ``compose`` and
submits it through the same path as ``/move``, so the engine re-validates it; suggestions come
from ``legal_moves`` (``rules.core.suggestions``). Nothing here knows any particular game: a game
that declares no commands is played with ``/move`` and the buttons.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

import i18n
from bot.app.actions import channel_game, play
from bot.app.context import Interaction, tables_of
from bot.app.translator import described
from bot.service.store import GameRecord
from bot.service.table import TableError, Tables
from i18n.moves import canonical, localize
from rules.core import CommandParam, Game, GameCommand, ParamValue, game_commands, suggestions

Suggest = Callable[[Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def game_groups(tables: Tables) -> list[app_commands.Group]:
    """One command group per game that declares commands."""
    return [group_of(g) for g in tables.games() if game_commands(g)]


def group_of(game: Game) -> app_commands.Group:
    group = app_commands.Group(name=game.name, description=described("{title} actions", title=game.title))
    for declared in game_commands(game):
        group.add_command(subcommand(game.name, declared))
    return group


def annotation(param: CommandParam) -> Any:
    """The type discord.py turns into the option: its kind, with Discord-side limits."""
    if param.kind == "flag":
        return bool
    if param.kind == "integer":
        if param.low is None and param.high is None:
            return int
        return app_commands.Range[int, param.low, param.high]
    return app_commands.Range[str, 1, param.max_length]


def subcommand(game_name: str, declared: GameCommand) -> app_commands.Command[Any, Any, None]:
    async def run(interaction: Interaction, **given: ParamValue) -> None:
        record = await game_here(interaction, game_name)
        values = {
            p.name: _clean(given.get(p.name, p.default)) for p in declared.params
        }  # every parameter present, as GameCommand.compose expects
        await play(interaction, record, declared.compose(values))

    # discord.py reads parameters from the signature; give it one built from the declaration.
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ] + [
        inspect.Parameter(
            p.name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=annotation(p),
            default=inspect.Parameter.empty if p.default is None else p.default,
        )
        for p in declared.params
    ]
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        p.name: p.description for p in declared.params
    }
    run.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        p.name: [app_commands.Choice(name=c, value=c) for c in p.choices]
        for p in declared.params
        if p.choices
    }
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=declared.name, description=declared.description, callback=run
    )
    for p in declared.params:
        if p.suggest:
            command.autocomplete(p.name)(suggester(game_name, declared, p.name))
    return command


def _clean(value: ParamValue | None) -> ParamValue:
    assert value is not None, "discord.py passes every required parameter"
    return value.strip() if isinstance(value, str) else value


def suggester(game_name: str, declared: GameCommand, focus: str) -> Suggest:
    """Suggest values of parameter ``focus`` from the caller's legal moves (shown only to them), in
    the caller's words (``i18n.moves``); typed words of either language match."""

    async def suggest(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        given = {
            p.name: canonical(game_name, value) if isinstance(value, str) else value
            for p in declared.params
            if p.name != focus and (value := getattr(interaction.namespace, p.name, None)) is not None
        }
        values = suggestions(declared, given, focus, await legal_texts(interaction), "")
        locale, typed = str(interaction.locale), current.strip().lower()
        pairs = [(localize(game_name, v, locale), v) for v in values]
        return [
            app_commands.Choice(name=shown, value=value)
            for shown, value in pairs
            if typed in shown.lower() or typed in value.lower()
        ][:25]

    return suggest


async def game_here(interaction: Interaction, name: str) -> GameRecord:
    """The channel's open game if it is a game of ``name``; else a refusal explaining it (another
    game's command would otherwise fail as an unknown move)."""
    record = await channel_game(interaction)
    tables = tables_of(interaction)
    if record.game == name:
        return record
    own = f", `/{record.game}`" if game_commands(tables.game(record.game)) else ""
    raise TableError(
        i18n.translate(
            "This channel plays {title}; `/{name}` is for {other} games. Use `/move`{own} or the buttons "
            "under the board.",
            str(interaction.locale),
            title=tables.game(record.game).title,
            name=name,
            other=tables.game(name).title,
            own=own,
        )
    )


async def legal_texts(interaction: Interaction) -> list[str]:
    if interaction.channel_id is None:
        return []
    tables = tables_of(interaction)
    record = await tables.store.open_in_channel(interaction.channel_id)
    if record is None:
        return []
    return await tables.suggestions(record, interaction.user.id, "", limit=10_000)
