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
