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

import i18n
from bot.app.context import Interaction, reader, tables_of
from bot.service import present, rules_help
from bot.service.table import TableError, Tables
from i18n import translate, translate_phrase
from render.card import render_card
from rules.core import Card, Game, find_cards, game_cards


def help_command(tables: Tables) -> app_commands.Command[Any, Any, None]:
    """``/help``: how to play here, on one screen (privately)."""

    @app_commands.command(name="help", description="How to play board games here, on one screen")
    async def help_cmd(interaction: Interaction) -> None:
        title, description = present.help_text(tables_of(interaction).games(), reader(interaction))
        await interaction.response.send_message(
            embed=discord.Embed(title=title, description=description), ephemeral=True
        )

    return help_cmd


async def game_for(interaction: Interaction, name: str | None) -> Game:
    """The game named, else the one played in this channel; a refusal listing the games."""
    t, lang = tables_of(interaction), reader(interaction)
    try:
        if name:
            return t.game(name)
        if interaction.channel_id is None:
            raise TableError(translate("Name a game.", lang))
        return t.game((await t.in_channel(interaction.channel_id)).game)
    except TableError as exc:
        said = translate_phrase(str(exc), lang)
        if "Games:" in str(exc):
            raise TableError(said) from exc
        listed = translate("Games: {names}.", lang, names=", ".join(g.name for g in t.games()))
        raise TableError(f"{said} {listed}") from exc


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
        lang = reader(interaction)
        if full:
            text = rules_help.full_text(chosen, lang)
            file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{chosen.name}-rules.md")
            said = translate(
                "The whole {title} rules summary ({n} characters).",
                lang,
                title=chosen.title,
                n=len(text),
            )
            await interaction.response.send_message(said, file=file, ephemeral=True)
            return
        title, description = present.rules_topic(chosen.title, rules_help.sections(chosen, lang), topic, lang)
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
        titles = [t for t, _ in rules_help.sections(chosen, reader(interaction))]  # in the reader's words
        return [
            app_commands.Choice(name=t[:100], value=t[:100]) for t in titles if current.lower() in t.lower()
        ][:25]


def cards_matching(game: Game, typed: str, lang: str | None) -> list[Card]:
    """The game's cards ``typed`` names: by key, English name or kind (``find_cards``), then by
    every typed word in the name as the reader's language gives it."""
    cards = game_cards(game)
    found = find_cards(cards, typed)
    words = typed.lower().split()
    if words and i18n.language(lang) != i18n.SOURCE:
        found += [
            c
            for c in cards
            if c not in found and all(w in translate_phrase(c.name, lang).lower() for w in words)
        ]
    return found


async def send_card(interaction: Interaction, shown: Card, lang: str | None) -> None:
    """A card's text and image, privately, in the reader's language."""
    data, ext = await asyncio.to_thread(render_card, shown, lang)
    title, kind = translate_phrase(shown.name, lang), translate_phrase(shown.kind, lang)
    body = translate_phrase(shown.text, lang)
    file = discord.File(
        io.BytesIO(data), filename=f"card.{ext}", description=f"{title} ({kind}): {body}"[:1000]
    )
    text = f"*{kind}*\n{body}"
    if shown.provisional:
        why = translate_phrase(shown.provisional, lang)
        text += "\n\n⚠️ " + translate("Provisional value: {why}", lang, why=why)
    embed = discord.Embed(title=title[:256], description=text[:4096])
    await interaction.followup.send(embed=embed, file=file, ephemeral=True)


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
        lang = reader(interaction)
        found = cards_matching(chosen, name, lang)
        if not found:
            raise TableError(
                translate(
                    "{title} has no card, leader, tile or law called '{name}'. "
                    "Type part of its name and pick a suggestion.",
                    lang,
                    title=chosen.title,
                    name=name,
                )
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_card(interaction, found[0], lang)

    @card.autocomplete("name")
    async def card_name(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            chosen = await game_for(interaction, getattr(interaction.namespace, "game", None))
        except TableError:
            return []
        lang = reader(interaction)  # names and kinds in the reader's words; the value is the key
        return [
            app_commands.Choice(
                name=f"{translate_phrase(c.name, lang)} — {translate_phrase(c.kind, lang)}"[:100],
                value=c.key[:100],
            )
            for c in cards_matching(chosen, current, lang)[:25]
        ]

    @card.autocomplete("game")
    async def card_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=g.title, value=g.name)
            for g in tables_of(interaction).games()
            if game_cards(g) and (current.lower() in g.name or current.lower() in g.title.lower())
        ][:25]

    return card
