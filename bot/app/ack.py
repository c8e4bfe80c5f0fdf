"""Acknowledge first (issue 8 item 4): every interaction is deferred on arrival, before any
storage or engine work, so Discord hears from the bot within its 3 seconds however long the
database makes the work wait (SQLite's busy timeout is 5 s; a burst of moves queues the engine).

``acknowledge`` sends the deferral as a task, so it leaves while the handler starts its work
(no round trip is added to the handler's path), and puts an ``EarlyResponse`` in place of
``interaction.response``. The handlers keep answering as they did (``send_message``,
``edit_message``, ``defer``): ``EarlyResponse`` waits for the deferral, then turns each answer into
what Discord accepts after one, in the same words and with the same visibility:

- a component (button, select) is deferred as an update that shows nothing (type 6): a message
  answer becomes a follow-up of its own visibility, an edit of the clicked message an edit of
  the original response (after a type 6, the message the component is on);
- a slash command is deferred with a "thinking…" placeholder (type 5), public or private as the
  command usually answers (``PRIVATE_COMMANDS``). Discord makes the first follow-up fill the
  placeholder with the placeholder's visibility, whatever the follow-up asks, so an answer of
  the other visibility (a private refusal of a public command) first deletes the placeholder and
  is then posted as a message of its own: a refusal never shows to everyone.

If the deferral itself is refused (a 5xx after discord.py's retries; 404 Unknown interaction
for one that expired on its way), the answers are tried directly, as without it; refused again,
a move's handler announces the stored move in the channel (``actions.answer_move``,
``posting.announce``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.app.context import Interaction

log = logging.getLogger("tavola")

# Slash commands whose answer is private (their "thinking…" placeholder is private too). Any
# other command's placeholder is public; a private answer to it deletes the placeholder first.
PRIVATE_COMMANDS = frozenset(
    {
        "game hand",
        "game settings",
        "game rules",
        "game list",
        "game mine",
        "game undo",
        "game rollback",
        "game abandon",
        "game replace",
    }
)
# The keyword arguments of ``edit_message`` that ``edit_original_response`` takes.
EDIT_KEYS = ("content", "embed", "embeds", "attachments", "view", "allowed_mentions")
SEND_KEYS = ("embed", "embeds", "file", "files", "view", "allowed_mentions", "suppress_embeds", "silent")


def private_command(interaction: Interaction) -> bool:
    command = interaction.command
    return command is not None and command.qualified_name in PRIVATE_COMMANDS


def acknowledge(interaction: Interaction) -> None:
    """Defer ``interaction`` now (unless answered already) and answer it through the deferral."""
    if isinstance(interaction.response, EarlyResponse) or interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        placeholder: bool | None = None
        sent = interaction.response.defer()
    elif interaction.type is discord.InteractionType.application_command:
        placeholder = private_command(interaction)
        sent = interaction.response.defer(ephemeral=placeholder, thinking=True)
    else:
        return  # autocomplete (answered at once, never deferred), pings, modals
    task = asyncio.ensure_future(sent)
    early = EarlyResponse(interaction, interaction.response, task, placeholder)
    interaction._cs_response = early  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Sent:
    """What ``send_message`` returns, as discord.py's callback response: the message's id."""

    message_id: int | None


class EarlyResponse:
    """``interaction.response`` of an interaction deferred on arrival (see the module doc)."""

    def __init__(
        self,
        interaction: Interaction,
        inner: discord.InteractionResponse[Any],
        sent: asyncio.Future[Any],
        placeholder: bool | None,
    ) -> None:
        self._interaction = interaction
        self._inner = inner  # discord.py's own: answers directly if the deferral was refused
        self._sent = sent
        self._failed = False
        # The visibility of the "thinking…" placeholder still showing (True: private); None when
        # there is none (a component's deferral, or it was filled or deleted).
        self._placeholder = placeholder
        self._answered = False

    def is_done(self) -> bool:
        """Whether the handler gave its first answer (then ``followup`` answers further)."""
        return self._inner.is_done() if self._failed else self._answered

    async def _ready(self) -> bool:
        """Whether the deferral went through. Refused (a 5xx after discord.py's retries, a 404
        for an interaction that expired on its way), the answers are tried directly instead, as
        without the deferral: a passing fault still gets the player answered."""
        if not self._failed:
            try:
                await self._sent
            except discord.HTTPException:
                log.warning("the deferral of an interaction was refused; answering it directly")
                self._failed = True
        return not self._failed

    async def _visibility(self, ephemeral: bool) -> None:
        """Make the next follow-up show as ``ephemeral`` says: keep a placeholder of that
        visibility (the follow-up fills it), delete one of the other."""
        if self._placeholder is not None and self._placeholder != ephemeral:
            # Gone already (NotFound): the follow-up is a message of its own either way.
            with contextlib.suppress(discord.NotFound):
                await self._interaction.delete_original_response()
        self._placeholder = None
        self._answered = True

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        """Deferred already: a placeholder of the other visibility is replaced (the follow-up
        then shows as asked); a component's deferral shows nothing either way."""
        if not await self._ready():
            await self._inner.defer(ephemeral=ephemeral, thinking=thinking)
            return
        await self._visibility(ephemeral)

    async def send_message(
        self, content: str | None = None, *, ephemeral: bool = False, **kwargs: Any
    ) -> Any:
        if not await self._ready():
            return await self._inner.send_message(content, ephemeral=ephemeral, **kwargs)
        await self._visibility(ephemeral)
        given = {k: v for k, v in kwargs.items() if k in SEND_KEYS and v is not None}
        message = await self._interaction.followup.send(
            content or discord.utils.MISSING, ephemeral=ephemeral, wait=True, **given
        )
        return Sent(message.id)

    async def edit_message(self, **kwargs: Any) -> None:
        """The clicked message, edited (after a component's deferral it is the original response)."""
        if not await self._ready():
            await self._inner.edit_message(**kwargs)
            return
        self._answered = True
        await self._interaction.edit_original_response(**{k: v for k, v in kwargs.items() if k in EDIT_KEYS})

    def __getattr__(self, name: str) -> Any:
        # Anything else (send_modal, autocomplete, pong) can't follow a deferral: say so plainly.
        raise AttributeError(f"interaction.response.{name} is not available after the early deferral")


__all__ = ["PRIVATE_COMMANDS", "EarlyResponse", "acknowledge"]
