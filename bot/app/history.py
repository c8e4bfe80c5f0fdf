"""``/game log`` and ``/game board at:`` (issue 12 item 5): any game of this channel looked back
at, finished ones included, answered privately (looking back adds nothing to the channel).
The words and boards come from ``bot.service.history`` (replays of the move log)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.app.context import Interaction, reader, tables_of
from bot.app.guard import guard
from bot.app.posting import chart_file, image_file
from bot.service import history
from bot.service.store import GameRecord
from bot.service.table import TableError, Tables
from i18n import translate, translate_n

# ``g:<game>:log:<page>:<moves>``: a page of ``/game log``, drawn when the game had ``moves``
# moves in force (to tell the reader the log changed since); ``g:<game>:chart``: the score chart.
LOOK_ID = re.compile(
    r"g:(?P<gid>[0-9]{1,18}):(?:log:(?P<page>[0-9]{1,5}):(?P<moves>[0-9]{1,6})|(?P<chart>chart))"
)


HISTORY_CHARTS = 10  # score chart buttons under /game history: the newest games (two rows)


class LookBackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOOK_ID):
    """Previous / Next under a private ``/game log`` page (edits that reply) and Score chart."""

    def __init__(self, custom_id: str, label: str = "…", *, disabled: bool = False) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=custom_id, label=label, style=discord.ButtonStyle.secondary, disabled=disabled
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LookBackButton:
        return cls(match.group(0))

    async def callback(self, interaction: Interaction) -> None:
        async with guard(interaction):
            await on_look_back(interaction, self.item.custom_id or "")


async def on_look_back(interaction: Interaction, custom_id: str) -> None:
    match = LOOK_ID.fullmatch(custom_id)
    if match is None:
        raise TableError(translate("That button is not one of mine.", reader(interaction)))
    tables = tables_of(interaction)
    record = await tables.get(int(match["gid"]))  # a game that is gone: refused in words
    # Made under /game log in the game's channel, or (a chart) /game history in its server; a
    # forged id must not read another server's games.
    if record.guild_id != interaction.guild_id or not (
        match["chart"] or record.channel_id == interaction.channel_id
    ):
        raise TableError(translate("That button is not one of this channel's.", reader(interaction)))
    if match["chart"]:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_chart(interaction, tables, record)
        return
    await interaction.response.defer()  # then edit the private page the button is on
    embed, view = await log_page(
        tables, record, int(match["page"]), drawn_at=int(match["moves"]), lang=reader(interaction)
    )
    await interaction.edit_original_response(embed=embed, view=view)


async def send_chart(interaction: Interaction, tables: Tables, record: GameRecord) -> None:
    lang = reader(interaction)
    file = await chart_file(tables, record, lang)
    if file is None:
        raise TableError(translate("Game #{id} has no score chart: it is not over yet.", lang, id=record.id))
    title = tables.game(record.game).title
    said = translate("{title} #{id}: the scores round by round.", lang, title=title, id=record.id)
    await interaction.followup.send(said, file=file, ephemeral=True)


async def log_page(
    tables: Tables,
    record: GameRecord,
    page: int | None,
    *,
    drawn_at: int | None = None,
    lang: str | None = None,
) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` of the game's log (None or past the end: the last page) with Previous and
    Next, and Score chart once the game is over. ``drawn_at``: the moves in force when the button
    pressed was made; a log that changed since says so (its pages from the start stay put)."""
    entries = await history.told(tables, record)
    pages = history.pages(
        entries, history.PAGE_CHARS, lang, record.names
    )  # read when called (tests make pages short)
    shown = max(1, min(page or len(pages), len(pages)))
    title = translate(
        "{title} #{id} — moves, page {page} of {pages}",
        lang,
        title=tables.game(record.game).title,
        id=record.id,
        page=shown,
        pages=len(pages),
    )
    embed = discord.Embed(title=title, description=pages[shown - 1])
    embed.set_footer(text=_log_footer(len(entries), drawn_at, lang))
    view = discord.ui.View(timeout=None)
    base = f"g:{record.id}:log"
    back, ahead = translate("◀ Previous", lang), translate("Next ▶", lang)
    view.add_item(LookBackButton(f"{base}:{shown - 1}:{len(entries)}", back, disabled=shown <= 1))
    view.add_item(LookBackButton(f"{base}:{shown + 1}:{len(entries)}", ahead, disabled=shown >= len(pages)))
    if record.status == "finished":
        view.add_item(LookBackButton(f"g:{record.id}:chart", translate("📈 Score chart", lang)))
    return embed, view


def _log_footer(moves: int, drawn_at: int | None, lang: str | None) -> str:
    """How to look further; a log that changed since the page was drawn says so."""
    footer = translate("/game board at:N shows the board after move N.", lang)
    if drawn_at is None or drawn_at == moves:
        return footer
    changed = moves - drawn_at
    if changed > 0:
        news = translate_n(
            "{n} new move since this page was shown.",
            "{n} new moves since this page was shown.",
            changed,
            lang,
        )
    else:
        news = translate("Moves were taken back since this page was shown.", lang)
    return f"{news} {footer}"


async def _record(interaction: Interaction, game: int | None) -> GameRecord:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError(
            translate("Tavola games live in server channels; use this command there.", reader(interaction))
        )
    return await history.channel_record(tables_of(interaction), interaction.channel_id, game)


def add_history_commands(group: app_commands.Group) -> None:
    """``/game log [page] [game]``, ``/game board at: [game]`` and ``/game history``."""

    @group.command(name="log", description="The moves of this channel's game in words, page by page")
    @app_commands.describe(
        page="Which page (default: the last, the newest moves)",
        game="Which game of this channel, by number (default: the newest)",
    )
    async def log_cmd(
        interaction: Interaction,
        page: app_commands.Range[int, 1, 10_000] | None = None,
        game: app_commands.Range[int, 1, 2**53] | None = None,
    ) -> None:
        tables = tables_of(interaction)
        record = await _record(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed, view = await log_page(tables, record, page, lang=reader(interaction))
        await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    @group.command(name="board", description="The board of this channel's game after any move")
    @app_commands.describe(
        at="After which move (0: the start; /game log numbers them)",
        game="Which game of this channel, by number (default: the newest)",
    )
    async def board_cmd(
        interaction: Interaction,
        at: app_commands.Range[int, 0, 100_000],
        game: app_commands.Range[int, 1, 2**53] | None = None,
    ) -> None:
        tables = tables_of(interaction)
        record = await _record(interaction, game)
        lang = reader(interaction)
        view, said = await history.board_at(tables, record, at, lang)
        await interaction.response.defer(ephemeral=True, thinking=True)
        file = await image_file(record.game, view, private=False, record=record, lang=lang)
        await interaction.followup.send(said, file=file, ephemeral=True)

    @group.command(name="history", description="The finished games of this server: players, scores, winner")
    async def history_cmd(interaction: Interaction) -> None:
        lang = reader(interaction)
        if interaction.guild_id is None:
            raise TableError(translate("Tavola games live in server channels; use this command there.", lang))
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await history.finished(tables_of(interaction), interaction.guild_id, lang=lang)
        text = "\n".join(line for _id, line in found) or translate(
            "No game has finished in this server yet.", lang
        )
        embed = discord.Embed(title=translate("Finished games (newest first)", lang), description=text[:4000])
        footer = translate(
            "📈 #N: that game's scores round by round. In its channel, /game log game:N and "
            "/game board at:M game:N look back.",
            lang,
        )
        embed.set_footer(text=footer)
        view = discord.ui.View(timeout=None)
        for game_id, _line in found[:HISTORY_CHARTS]:
            view.add_item(LookBackButton(f"g:{game_id}:chart", f"📈 #{game_id}"))
        await interaction.followup.send(embed=embed, view=view, ephemeral=True)
