"""What every handler reads from an interaction: the table service, the acting player, mentions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, cast

import discord

from bot.service.table import Player, Tables

Interaction = discord.Interaction[Any]
NO_MENTIONS = discord.AllowedMentions.none()


def mentioning(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Pings for exactly these users. Mentions are never parsed from the text: a display name or
    an event that contains ``<@id>`` (or ``@everyone``) then pings nobody (issue 8 item 1)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=i) for i in user_ids]
    )


class HasTables(Protocol):
    tables: Tables


def tables_of(interaction: Interaction) -> Tables:
    return cast(HasTables, interaction.client).tables


def shown_name(user: discord.abc.User) -> str:
    """A member's display name as the bot writes it into messages: Discord markdown escaped, so
    a name like ``*star_*`` shows as typed rather than in italics, and mentions broken (a zero-width
    space after the ``@``), so a name like ``<@123…>`` or ``@everyone`` shows as text and pings
    no one even where a message may ping. Escaped once, here, where a player enters the bot; every
    list, event and prompt (via ``name_seats``) uses the stored name. Names never reach images or
    component labels, where the backslashes would show."""
    return discord.utils.escape_markdown(discord.utils.escape_mentions(user.display_name))


def player_of(interaction: Interaction) -> Player:
    return Player(interaction.user.id, shown_name(interaction.user))


def reader(interaction: Interaction) -> str:
    """The language of a private reply: the reader's Discord client locale (issue 15)."""
    return str(interaction.locale)


async def server_language(interaction: Interaction) -> str:
    """The language of a public post answering ``interaction``: the server's (``/game settings
    language:``, else its preferred locale)."""
    preferred = interaction.guild_locale
    return await tables_of(interaction).languages.of(
        interaction.guild_id, str(preferred) if preferred is not None else None
    )


async def game_language(client: discord.Client, guild_id: int) -> str:
    """The server's language for a post the bot makes by itself (pings, the computer's reports):
    its choice, else the preferred locale of the guild as the client knows it."""
    guild = client.get_guild(guild_id)
    preferred = str(guild.preferred_locale) if guild is not None else None
    return await cast(HasTables, client).tables.languages.of(guild_id, preferred)
