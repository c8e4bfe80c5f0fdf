"""Board images and the public turn messages (design.md, "Rendering" and "Discord conventions").

Images are rendered in a worker thread (encoding dominates and releases the GIL), so a burst of
moves still gets every interaction acknowledged in time.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import discord

from bot.app.components import turn_view
from bot.app.context import NO_MENTIONS, Interaction, mentioning
from bot.app.guard import say
from bot.service import present
from bot.service.pings import Delivery
from bot.service.table import Turn
from render import render_view

log = logging.getLogger("tavola")


async def image_file(game_name: str, view: dict[str, Any], *, private: bool) -> discord.File:
    """Render off the event loop (encoding dominates and releases the GIL; design.md, "Rendering")."""
    image = await asyncio.to_thread(render_view, game_name, view, private=private)
    return discord.File(io.BytesIO(image.data), filename=image.filename, description=image.alt_text[:1000])


async def turn_parts(turn: Turn, intro: Sequence[str]) -> tuple[list[discord.File], list[discord.Embed], str]:
    """Board image (rendered off the loop), result embed and text of a public turn message."""
    files: list[discord.File] = []
    try:
        files.append(await image_file(turn.game.name, turn.public_view, private=False))
    except Exception:
        # The move is already stored: still tell the channel, just without the picture.
        log.exception("rendering the public board failed")
        intro = [*intro, "(The board image could not be drawn this time; `/game status` retries.)"]
    embeds = []
    if turn.outcome is not None:
        title, description = present.outcome_text(turn.outcome, turn.record.seats)
        embeds.append(discord.Embed(title=title, description=description, colour=discord.Colour.gold()))
    return files, embeds, present.turn_content(turn, intro)


async def post_turn(
    interaction: Interaction, turn: Turn, *, intro: Sequence[str] = (), via_channel: bool = False
) -> None:
    """The public message after an action: events, board image, who acts next (mentioned).

    Normally the answer to the (deferred) interaction; ``via_channel`` posts it as a plain
    channel message instead (after a secret choice, whose own answer was ephemeral).
    """
    if via_channel and isinstance(interaction.channel, discord.abc.Messageable):
        try:
            await post_turn_to(interaction.channel, turn, intro=intro)
            kick(interaction.client, turn)
            return
        except discord.Forbidden:
            # The server lets the bot answer interactions but not post (no Send Messages): the
            # move is recorded, so announce it as a public follow-up of the interaction instead.
            log.warning("cannot post in channel %s; announced by follow-up", interaction.channel_id)
    files, embeds, content = await turn_parts(turn, intro)
    await interaction.followup.send(
        content,
        files=files,
        embeds=embeds,
        view=turn_view(turn),
        allowed_mentions=mentioning(present.pinged(turn)),
    )
    kick(interaction.client, turn)


async def post_turn_to(channel: discord.abc.Messageable, turn: Turn, *, intro: Sequence[str] = ()) -> None:
    """The public turn message posted straight into a channel or thread."""
    files, embeds, content = await turn_parts(turn, intro)
    await channel.send(
        content,
        files=files,
        embeds=embeds,
        view=turn_view(turn),
        allowed_mentions=mentioning(present.pinged(turn)),
    )


@runtime_checkable
class Kickable(Protocol):
    def kick(self) -> None: ...


def kick(client: object, turn: Turn) -> None:
    """Ask the bot to run what fell due now when the new turn owes someone a DM (otherwise the
    clock's next check is soon enough, and a move costs no extra storage work)."""
    if turn.owes_dm and isinstance(client, Kickable):
        client.kick()


async def announce(interaction: Interaction, turn: Turn, *, via_channel: bool = False) -> None:
    """Post the board after a stored move. The move counts whatever happens here, so a failure
    is reported as such (the generic apology would wrongly say nothing was changed)."""
    try:
        await post_turn(interaction, turn, via_channel=via_channel)
    except Exception:
        log.exception("move stored in game %s but its board was not posted", turn.record.id)
        await say(
            interaction,
            f"Your move `{turn.move_text}` was recorded, but I could not post the new board. "
            "`/game status` shows it.",
        )


async def post_delivery(client: discord.Client, delivery: Delivery, now: float) -> bool:
    """Post the message a delivery stands for: a game's pings (in its channel or thread, with the
    board's buttons) or a player's turn DM. The nonce makes Discord drop a repeat of a message
    it already took (a retry after a crash between posting and marking it sent).

    Returns True when the notices are settled: posted, or refused for good (a deleted channel, a
    player who does not take DMs), so they are not retried forever; False to retry later.
    """
    turn = delivery.turn
    if turn is None:
        return True
    try:
        if delivery.dm is not None:
            channel: discord.abc.Messageable = await client.create_dm(discord.Object(id=delivery.dm.user_id))
            await channel.send(
                present.dm_content(delivery), nonce=delivery.nonce, allowed_mentions=NO_MENTIONS
            )
            return True
        channel = client.get_partial_messageable(turn.record.channel_id, guild_id=turn.record.guild_id)
        await channel.send(
            present.ping_content(delivery, now),
            view=turn_view(turn),
            nonce=delivery.nonce,
            allowed_mentions=mentioning(p.seat.user_id for p in delivery.pings),
        )
    except (discord.Forbidden, discord.NotFound):
        log.warning("notice of game %s refused for good (%s)", turn.record.id, ", ".join(delivery.keys))
        return True
    except discord.HTTPException:
        log.warning("notice of game %s not posted; retried later", turn.record.id)
        return False
    return True
