"""What every handler reads from an interaction: the table service, the acting player, mentions."""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.service.table import Player, Tables

Interaction = discord.Interaction[Any]
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
NO_MENTIONS = discord.AllowedMentions.none()


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
