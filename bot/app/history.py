"""``/game log`` and ``/game board at:`` (issue 12 item 5): any game of this channel looked back
at, finished ones included, answered privately (looking back adds nothing to the channel).
The words and boards come from ``bot.service.history`` (replays of the move log)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.context import Interaction, reader, tables_of
from bot.app.posting import image_file
from bot.service import history
from bot.service.store import GameRecord
from bot.service.table import TableError
from i18n import translate


async def _record(interaction: Interaction, game: int | None) -> GameRecord:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError(
            translate("Tavola games live in server channels; use this command there.", reader(interaction))
        )
    return await history.channel_record(tables_of(interaction), interaction.channel_id, game)


async def show_log(interaction: Interaction, page: int | None, game: int | None) -> None:
    """``/game log``: a page of the game's moves in words, in the reader's language."""
    tables = tables_of(interaction)
    record = await _record(interaction, game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = reader(interaction)
    pages = history.pages(await history.told(tables, record), lang=lang)
    shown = min(page or len(pages), len(pages))
    title = translate(
        "{title} #{id} — moves, page {page} of {pages}",
        lang,
        title=tables.game(record.game).title,
        id=record.id,
        page=shown,
        pages=len(pages),
    )
    footer = translate(
        "`/game log page:N` for another page; `/game board at:N` shows the board after move N.", lang
    )
    embed = discord.Embed(title=title, description=pages[shown - 1])
    embed.set_footer(text=footer.replace("`", ""))
    await interaction.followup.send(embed=embed, ephemeral=True)


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
        await show_log(interaction, page, game)

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
        file = await image_file(record.game, view, private=False, names=record.names, lang=lang)
        await interaction.followup.send(said, file=file, ephemeral=True)

    @group.command(name="history", description="The finished games of this server: players, scores, winner")
    async def history_cmd(interaction: Interaction) -> None:
        lang = reader(interaction)
        if interaction.guild_id is None:
            raise TableError(translate("Tavola games live in server channels; use this command there.", lang))
        await interaction.response.defer(ephemeral=True, thinking=True)
        lines = await history.finished_lines(tables_of(interaction), interaction.guild_id, lang=lang)
        text = "\n".join(lines) if lines else translate("No game has finished in this server yet.", lang)
        title = translate("Finished games (newest first)", lang)
        embed = discord.Embed(title=title, description=text[:4000])
        footer = translate("In its channel, /game log game:N and /game board at:M game:N look back.", lang)
        embed.set_footer(text=footer)
        await interaction.followup.send(embed=embed, ephemeral=True)
