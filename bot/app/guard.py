"""The one answer to an error in any command or component.

A refusal a player can act on (``TableError``, ``RulesError``, ``StoreError``, or a value the
Discord client let through but a transformer or check refused) becomes a private reply in its own
words, with the game unchanged; anything else is logged and answered with a short apology. Slash
commands reach ``answer_error`` through the tree's ``on_error``; buttons and selects run their
callbacks inside ``guard``. Handlers therefore just raise.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
from discord import app_commands

import i18n
from bot.app.ack import acknowledge
from bot.app.context import NO_MENTIONS, Interaction, reader
from bot.service import present
from bot.service.store import StoreError
from bot.service.table import TableError
from i18n import translate_phrase
from rules.core import RulesError

log = logging.getLogger("tavola")

PLAYER_ERRORS = (TableError, RulesError, StoreError)
# Refusals discord.py raises before a command's callback runs (e.g. a value out of range).
INPUT_ERRORS = (app_commands.TransformerError, app_commands.CheckFailure)


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
        sorry = i18n.translate(
            "Sorry, something went wrong on my side. Nothing was changed by this request.",
            reader(interaction),
        )
        await say(interaction, sorry)
    except discord.HTTPException:
        log.exception("could not apologise")


async def answer_error(interaction: Interaction, error: BaseException) -> None:
    """A private reply for a player's refusal, the apology for anything else."""
    if isinstance(error, (*PLAYER_ERRORS, *INPUT_ERRORS)):
        # A private reply: in the reader's language (an engine's refusal through its template).
        await say(interaction, translate_phrase(str(error), str(interaction.locale)))
    else:
        await apologise(interaction, error)


@asynccontextmanager
async def guard(interaction: Interaction) -> AsyncIterator[None]:
    """Run a component's work so every click gets an answer, even on a bug; acknowledged on
    arrival, before any of the work (``bot.app.ack``)."""
    acknowledge(interaction)
    try:
        yield
    except Exception as exc:
        await answer_error(interaction, exc)
