"""Board images and the public turn messages (design.md, "Rendering" and "Discord conventions").

Images are rendered in worker processes (``bot.service.workers``), so a burst of moves still gets
every interaction acknowledged in time.
"""

from __future__ import annotations

import hashlib
import io
import logging
import pickle
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, cast, runtime_checkable

import discord
from cachetools import LRUCache

import i18n
from bot.app import permissions
from bot.app.components import turn_view
from bot.app.context import (
    NO_MENTIONS,
    HasTables,
    Interaction,
    game_language,
    mentioning,
    reader,
    server_language,
    tables_of,
)
from bot.app.guard import say
from bot.service import history, present, watchers, workers
from bot.service.computers import Report
from bot.service.pings import Delivery
from bot.service.store import GameRecord
from bot.service.table import Tables, Turn
from i18n import translate
from render import Image, named, render_view
from render.chart import STEM as CHART_STEM
from render.chart import Chart, render_chart

log = logging.getLogger("tavola")


def draw_image(game_name: str, view: dict[str, Any], private: bool, lang: str | None = None) -> Image:
    """What a worker runs: ``render_view`` looked up when called, so a test that replaces
    ``posting.render_view`` sees the call when the pool runs inline."""
    if lang is None:
        return render_view(game_name, view, private=private)
    return render_view(game_name, view, private=private, lang=lang)


# Boards drawn lately, by what they show: a board nothing visible changed (a secret choice, a
# status, "My board" pressed again) is not drawn again. Bounded by bytes: ~140 KB a public
# board, ~40 KB a private one, so ~120 public boards (the latest of each recently played game).
IMAGE_CACHE_BYTES = 16 * 2**20
_images: LRUCache[bytes, Image] = LRUCache(maxsize=IMAGE_CACHE_BYTES, getsizeof=lambda i: len(i.data))


def forget_images() -> None:
    """A new bot starts with no boards drawn (tests make one bot after another in a process)."""
    _images.clear()


def image_key(game_name: str, view: dict[str, Any], private: bool, lang: str | None = None) -> bytes:
    """The identity of a board: ``render_view`` is a pure function of these (pickling a view
    costs ~0.2 ms, a tenth of JSON; equal views built alike pickle alike)."""
    data = pickle.dumps((game_name, private, lang, view), protocol=pickle.HIGHEST_PROTOCOL)
    return hashlib.blake2b(data, digest_size=16).digest()


async def image_file(
    game_name: str,
    view: dict[str, Any],
    *,
    private: bool,
    record: GameRecord | None = None,
    lang: str | None = None,
) -> discord.File:
    """Render in a worker process (``bot.service.workers``): drawing holds the GIL, so in a thread
    a burst of boards delayed every acknowledgement and database call of the loop. ``record``:
    the game, whose seats' names (stored markdown-escaped, drawn as plain text) and computer
    marks (``present.board_marks``) the board shows; both are part of the cached board's
    identity, so a renamed seat or a takeover is drawn again. ``lang``: the language of the
    board's words (the server's for a public board, the reader's for a private one; None:
    English)."""
    lang = None if i18n.language(lang) == i18n.SOURCE else i18n.language(lang)
    if record is not None:
        names = [present.plain_name(n) for n in record.names]
        view = named(game_name, view, names, present.board_marks(record))
    key = image_key(game_name, view, private, lang)
    image = _images.get(key)
    if image is None:
        image = await workers.run(draw_image, game_name, view, private, lang)
        if len(image.data) <= IMAGE_CACHE_BYTES // 8:
            _images[key] = image
    return discord.File(io.BytesIO(image.data), filename=image.filename, description=image.alt_text[:1000])


def draw_chart(chart: Chart, lang: str | None = None) -> Image:
    """What a worker runs for the end-of-game chart (``render.chart``), in ``lang``."""
    return render_chart(chart) if lang is None else render_chart(chart, lang=lang)


async def chart_file(tables: Tables, record: GameRecord, lang: str | None = None) -> discord.File | None:
    """The end-of-game chart of a finished game (issue 12 item 5) as a file, drawn in a worker in
    ``lang``; None while it runs or for a game keeping no score."""
    chart = await history.score_chart(tables, record)
    if chart is None:
        return None
    image = await workers.run(draw_chart, chart, lang)
    return discord.File(io.BytesIO(image.data), filename=image.filename, description=image.alt_text[:1000])


async def turn_parts(
    turn: Turn, intro: Sequence[str], client: discord.Client | None = None, lang: str | None = None
) -> tuple[list[discord.File], list[discord.Embed], str]:
    """Board image (rendered off the loop), result embed and text of a public turn message, in
    ``lang`` (the server's language); after the last move also the chart of the scores over the
    rounds (``client``: whose tables replay it).

    While secret decisions follow one another (``Turn.shows_board``) the message is words only:
    who has decided, a result revealed; the board comes when the series ends."""
    files: list[discord.File] = []
    if turn.shows_board:
        try:
            files.append(
                await image_file(
                    turn.game.name, turn.public_view, private=False, record=turn.record, lang=lang
                )
            )
        except Exception:
            # The move is already stored: still tell the channel, just without the picture.
            log.exception("rendering the public board failed")
            intro = [
                *intro,
                translate("(The board image could not be drawn this time; `/game status` retries.)", lang),
            ]
    embeds = []
    if turn.outcome is not None:
        title, description = present.outcome_text(turn.outcome, turn.record.seats, turn.record.seating, lang)
        embeds.append(discord.Embed(title=title, description=description, colour=discord.Colour.gold()))
        files.extend(await _final_chart(client, turn, lang))
    return files, embeds, present.turn_content(turn, intro, lang)


async def _final_chart(
    client: discord.Client | None, turn: Turn, lang: str | None = None
) -> list[discord.File]:
    """The chart for the result post; an empty list when it can't be drawn (the result still goes)."""
    if client is None:
        return []
    try:
        found = await chart_file(cast(HasTables, client).tables, turn.record, lang)
    except Exception:
        log.exception("the score chart of game %s was not drawn", turn.record.id)
        return []
    return [] if found is None else [found]


async def post_turn(
    interaction: Interaction,
    turn: Turn,
    *,
    intro: Sequence[str] = (),
    via_channel: bool = False,
    lang: str | None = None,
) -> None:
    """The public message after an action: events, board image, who acts next (mentioned), in
    the server's language (``lang`` when the caller knows it already: the intro's).

    Normally the answer to the (deferred) interaction; ``via_channel`` posts it as a plain
    channel message instead (after a choice answered in a private reply, whose own answer was
    ephemeral). The buttons of the game's previous public message are removed.
    """
    lang = lang or await server_language(interaction)
    if (
        via_channel
        and isinstance(interaction.channel, discord.abc.Messageable)
        # Read the bot's permissions first: without them the post would only be refused.
        and not permissions.missing(interaction, permissions.CHANNEL_POST[:1])
    ):
        try:
            await post_turn_to(interaction.channel, turn, intro=intro, client=interaction.client, lang=lang)
            kick(interaction.client, turn)
            return
        except discord.Forbidden:
            # The server lets the bot answer interactions but not post (no Send Messages): the
            # move is recorded, so announce it as a public follow-up of the interaction instead.
            log.warning("cannot post in channel %s; announced by follow-up", interaction.channel_id)
    files, embeds, content = await turn_parts(turn, intro, interaction.client, lang)
    sent = await interaction.followup.send(
        content,
        files=files,
        embeds=embeds,
        view=turn_view(turn, lang),
        allowed_mentions=mentioning(present.pinged(turn)),
        wait=True,
    )
    await supersede(interaction.client, turn.record.id, sent)
    await tell_watchers(interaction.client, turn, lang, sent)
    kick(interaction.client, turn)


async def post_turn_to(
    channel: discord.abc.Messageable,
    turn: Turn,
    *,
    intro: Sequence[str] = (),
    client: discord.Client,
    lang: str | None = None,
) -> None:
    """The public turn message posted straight into a channel or thread."""
    lang = lang or await game_language(client, turn.record.guild_id)
    files, embeds, content = await turn_parts(turn, intro, client, lang)
    sent = await channel.send(
        content,
        files=files,
        embeds=embeds,
        view=turn_view(turn, lang),
        allowed_mentions=mentioning(present.pinged(turn)),
    )
    await supersede(client, turn.record.id, sent)
    await tell_watchers(client, turn, lang, sent)


async def supersede(client: discord.Client, game_id: int, sent: discord.Message) -> None:
    """``sent`` is now the game's public message with live buttons: take them off the one it
    replaces, so only the current decision can be clicked (issue 12). Old buttons would still
    answer "the board has moved on"; this is tidiness, so a failure here is only logged."""
    tables = cast(HasTables, client).tables
    try:
        before = tables.live_post(game_id, sent.channel.id, sent.id)
        if before is None or before[1] == sent.id:
            return
        await client.get_partial_messageable(before[0]).get_partial_message(before[1]).edit(view=None)
    except discord.HTTPException:
        log.info("the buttons of game %s's previous message were not removed", game_id)


@runtime_checkable
class Kickable(Protocol):
    def kick(self) -> None: ...


def kick(client: object, turn: Turn | None) -> None:
    """Ask the bot to run what fell due now when the new turn owes someone a DM or waits for the
    computer (otherwise the clock's next check is soon enough, and a move costs no extra storage
    work); ``turn`` None: a seat changed hands, look at once."""
    wanted = turn is None or turn.owes_dm or turn.computer_turn
    if wanted and isinstance(client, Kickable):
        client.kick()


ARCHIVED_THREAD = 50083  # Discord's code for "Thread is archived"


Parts = Callable[[], Awaitable[tuple[str, dict[str, Any]]]]


async def send_to_game(
    client: discord.Client, record: GameRecord, content: str, **kwargs: Any
) -> discord.Message:
    """Post text (no files) in a game's channel or thread, waking an archived thread."""

    async def parts() -> tuple[str, dict[str, Any]]:
        return content, kwargs

    return await send_waking(client, record, parts)


async def send_waking(client: discord.Client, record: GameRecord, parts: Parts) -> discord.Message:
    """Post in a game's channel or thread. A thread Discord archived after days of silence is
    unarchived first (when the client knows it is) or after Discord refused the post for it;
    ``parts`` is called again for that second try (a file once sent is spent)."""
    channel = client.get_channel(record.channel_id)
    if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
        await _unarchive(client, record.channel_id)
    target = client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    content, kwargs = await parts()
    try:
        return await target.send(content, **kwargs)
    except discord.HTTPException as exc:
        if exc.code != ARCHIVED_THREAD:
            raise
    await _unarchive(client, record.channel_id)
    content, kwargs = await parts()
    return await target.send(content, **kwargs)


async def post_game_turn(
    client: discord.Client, turn: Turn, *, intro: Sequence[str] = (), nonce: str | None = None
) -> None:
    """A turn message (events, board, who acts next) posted by the bot itself, not in answer to
    an interaction: after the computer's moves. ``intro``: English lines of the service (the
    computer's report), translated here."""
    lang = await game_language(client, turn.record.guild_id)
    said = [present.engine_text(line, lang, turn.record.names) for line in intro]

    async def parts() -> tuple[str, dict[str, Any]]:
        files, embeds, content = await turn_parts(turn, said, client, lang)
        return content, {
            "files": files,
            "embeds": embeds,
            "view": turn_view(turn, lang),
            "allowed_mentions": mentioning(present.pinged(turn)),
            "nonce": nonce,
        }

    sent = await send_waking(client, turn.record, parts)
    await supersede(client, turn.record.id, sent)
    await tell_watchers(client, turn, lang, sent)


async def tell_watchers(
    client: discord.Client, turn: Turn, lang: str | None = None, post: discord.Message | None = None
) -> None:
    """Each watcher of the game (``bot.service.watchers``) gets this public turn by direct
    message, mentioning nobody, in the server's language (the bot knows a watcher's own client
    language only while they interact). ``post``: the channel's post of this turn (its score
    chart is linked, not sent again). Tidiness beside the game: failures are only logged."""
    tables = cast(HasTables, client).tables
    try:
        found = await watchers.watchers(tables.store, turn.record.id)
    except Exception:
        log.exception("the watchers of game %s could not be read", turn.record.id)
        return
    seated = {s.user_id for s in turn.record.seats}
    to_tell = [user_id for user_id in found if user_id not in seated]  # players see the channel
    if not to_tell:
        return
    embeds, chart, link = await _watcher_result(client, turn, lang, post)
    lines = [present.engine_text(e, lang, turn.record.names) for e in turn.events]
    content = watchers.watch_content(turn, [*lines, *link], lang)
    for user_id in to_tell:
        try:
            dm = await client.create_dm(discord.Object(id=user_id))
            files = [] if chart is None else [_file_copy(chart)]
            await dm.send(content, embeds=embeds, files=files, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("a watcher of game %s could not be sent the turn", turn.record.id)


async def _watcher_result(
    client: discord.Client, turn: Turn, lang: str | None, post: discord.Message | None = None
) -> tuple[list[discord.Embed], discord.File | None, list[str]]:
    """After the last move a watcher gets what the channel got besides the board: the result
    (the ranking embed) and the chart of the scores over the rounds; before it, nothing more.
    The chart of the channel's ``post`` is linked rather than sent again: a watcher pressed
    Watch in that channel, and reading both got the same image twice (playtest). Without that
    post's chart (none posted, or drawn there in vain) the chart comes here."""
    if turn.outcome is None:
        return [], None, []
    title, description = present.outcome_text(turn.outcome, turn.record.seats, turn.record.seating, lang)
    embed = discord.Embed(title=title, description=description, colour=discord.Colour.gold())
    if post is not None and any(a.filename.startswith(CHART_STEM) for a in post.attachments):
        link = translate(
            "📈 The scores round by round are in the channel's post: {link}", lang, link=post.jump_url
        )
        return [embed], None, [link]
    charts = await _final_chart(client, turn, lang)
    return [embed], (charts[0] if charts else None), []


def _file_copy(file: discord.File) -> discord.File:
    """A fresh ``discord.File`` of the same bytes: a file object is read once by its send."""
    file.reset()
    return discord.File(io.BytesIO(file.fp.read()), filename=file.filename, description=file.description)


async def _unarchive(client: discord.Client, thread_id: int) -> None:
    await client.http.edit_channel(thread_id, archived=False)
    log.info("unarchived thread %s before posting", thread_id)


async def announce(interaction: Interaction, turn: Turn, *, via_channel: bool = False) -> None:
    """Post the board after a stored move. The move counts whatever happens here, so a failure
    is reported as such (the generic apology would wrongly say nothing was changed), and the
    clock pings whoever must act at once instead (``Tables.unannounced``)."""
    try:
        await post_turn(interaction, turn, via_channel=via_channel)
        return
    except Exception:
        log.exception("move stored in game %s but its board was not posted", turn.record.id)
    await tables_of(interaction).unannounced(turn.record)
    kick(interaction.client, None)  # the clock's start ping stands in for the board
    try:
        await say(
            interaction,
            translate(
                "Your move `{move}` was recorded, but I could not post the new board. "
                "`/game status` shows it.",
                reader(interaction),
                move=turn.move_text,
            ),
        )
    except discord.HTTPException:
        log.warning("the mover in game %s was not told either (the interaction is gone)", turn.record.id)


async def post_report(client: discord.Client, report: Report) -> bool:
    """Post what the computer did in a game since the last report: takeovers, its moves' events
    and (after a move) the board with whom the game waits for. True when settled (posted, or
    refused for good); False to retry later."""
    turn = report.turn
    if report.held:
        return False  # the computers' report brings the board soon; else a later pass posts it
    if turn is None:
        return True
    try:
        if report.moved:
            await post_game_turn(client, turn, intro=report.lines, nonce=report.nonce)
        else:
            lang = await game_language(client, turn.record.guild_id)
            said = [present.engine_text(line, lang, turn.record.names) for line in report.lines]
            text = present.clip("\n".join(said))
            await send_to_game(client, turn.record, text, allowed_mentions=NO_MENTIONS, nonce=report.nonce)
    except (discord.Forbidden, discord.NotFound):
        log.warning("computer report of game %s refused for good", turn.record.id)
        return True
    except discord.HTTPException:
        log.warning("computer report of game %s not posted; retried later", turn.record.id)
        return False
    return True


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
    # The server's language, for the DM too (a player's client language is known only while
    # they interact).
    lang = await game_language(client, turn.record.guild_id)
    try:
        if delivery.dm is not None:
            channel: discord.abc.Messageable = await client.create_dm(discord.Object(id=delivery.dm.user_id))
            await channel.send(
                present.dm_content(delivery, lang), nonce=delivery.nonce, allowed_mentions=NO_MENTIONS
            )
            return True
        sent = await send_to_game(
            client,
            turn.record,
            present.ping_content(delivery, now, lang),
            view=turn_view(turn, lang),
            nonce=delivery.nonce,
            allowed_mentions=mentioning(p.seat.user_id for p in delivery.pings),
        )
        await supersede(client, turn.record.id, sent)
    except (discord.Forbidden, discord.NotFound):
        log.warning("notice of game %s refused for good (%s)", turn.record.id, ", ".join(delivery.keys))
        return True
    except discord.HTTPException:
        log.warning("notice of game %s not posted; retried later", turn.record.id)
        return False
    return True
