"""What players read rather than play: ``/help``, ``/game rules`` (issue 12 item 6).

The words come from the games through rules.core (``game_rules_sections``) and from
``bot.service.present`` (the help screen); nothing here names a game.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands

from bot.app.context import Interaction, tables_of
from bot.service import present
from bot.service.table import TableError, Tables
from render.card import render_card
from rules.core import Game, find_cards, game_cards, game_rules_help, game_rules_sections


def help_command(tables: Tables) -> app_commands.Command[Any, Any, None]:
    """``/help``: how to play here, on one screen (privately)."""

    @app_commands.command(name="help", description="How to play board games here, on one screen")
    async def help_cmd(interaction: Interaction) -> None:
        title, description = present.help_text(tables_of(interaction).games())
        await interaction.response.send_message(
            embed=discord.Embed(title=title, description=description), ephemeral=True
        )

    return help_cmd


async def game_for(interaction: Interaction, name: str | None) -> Game:
    """The game named, else the one played in this channel; a refusal listing the games."""
    t = tables_of(interaction)
    try:
        if name:
            return t.game(name)
        if interaction.channel_id is None:
            raise TableError("Name a game.")
        return t.game((await t.in_channel(interaction.channel_id)).game)
    except TableError as exc:
        listed = "" if "Games:" in str(exc) else f" Games: {', '.join(g.name for g in t.games())}."
        raise TableError(f"{exc}{listed}") from exc


def add_rules_command(group: app_commands.Group) -> None:
    """``/game rules [game] [topic] [full]``: one section of the rules help in an embed (the
    topics autocompleted); ``full:true`` attaches the whole text as a file."""

    @group.command(name="rules", description="A topic of the rules and the choices this bot makes")
    @app_commands.describe(
        game="Which game (default: the one in this channel)",
        topic="Which part of the rules (default: the overview)",
        full="Attach the whole rules text as a file instead",
    )
    async def rules(
        interaction: Interaction, game: str | None = None, topic: str | None = None, full: bool = False
    ) -> None:
        chosen = await game_for(interaction, game)
        if full:
            text = game_rules_help(chosen)
            file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{chosen.name}-rules.md")
            await interaction.response.send_message(
                f"The whole {chosen.title} rules summary ({len(text)} characters).", file=file, ephemeral=True
            )
            return
        title, description = present.rules_topic(chosen.title, game_rules_sections(chosen), topic)
        await interaction.response.send_message(
            embed=discord.Embed(title=title, description=description), ephemeral=True
        )

    @rules.autocomplete("game")
    async def rules_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=g.title, value=g.name)
            for g in tables_of(interaction).games()
            if current.lower() in g.name or current.lower() in g.title.lower()
        ][:25]

    @rules.autocomplete("topic")
    async def rules_topic(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            chosen = await game_for(interaction, getattr(interaction.namespace, "game", None))
        except TableError:
            return []
        titles = [t for t, _ in game_rules_sections(chosen)]
        return [
            app_commands.Choice(name=t[:100], value=t[:100]) for t in titles if current.lower() in t.lower()
        ][:25]


def card_command() -> app_commands.Command[Any, Any, None]:
    """``/card name: [game:]``: a card, leader, tile or law of the game here, its text and image."""

    @app_commands.command(name="card", description="Look up a card, leader, tile or law of the game here")
    @app_commands.describe(
        name="Its name (suggestions list every one of the game)",
        game="Which game (default: the one in this channel)",
    )
    async def card(
        interaction: Interaction, name: app_commands.Range[str, 1, 100], game: str | None = None
    ) -> None:
        chosen = await game_for(interaction, game)
        found = find_cards(game_cards(chosen), name)
        if not found:
            raise TableError(
                f"{chosen.title} has no card, leader, tile or law called '{name}'. "
                "Type part of its name and pick a suggestion."
            )
        shown = found[0]
        await interaction.response.defer(ephemeral=True, thinking=True)
        data, ext = await asyncio.to_thread(render_card, shown)
        said = f"{shown.name} ({shown.kind}): {shown.text}"
        file = discord.File(io.BytesIO(data), filename=f"card.{ext}", description=said[:1000])
        text = f"*{shown.kind}*\n{shown.text}"
        if shown.provisional:
            text += f"\n\n⚠️ Provisional value: {shown.provisional}"
        embed = discord.Embed(title=shown.name[:256], description=text[:4096])
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    @card.autocomplete("name")
    async def card_name(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            chosen = await game_for(interaction, getattr(interaction.namespace, "game", None))
        except TableError:
            return []
        return [
            app_commands.Choice(name=f"{c.name} — {c.kind}"[:100], value=c.key[:100])
            for c in find_cards(game_cards(chosen), current)[:25]
        ]

    @card.autocomplete("game")
    async def card_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=g.title, value=g.name)
            for g in tables_of(interaction).games()
            if game_cards(g) and (current.lower() in g.name or current.lower() in g.title.lower())
        ][:25]

    return card
