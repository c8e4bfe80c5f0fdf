"""``python -m bot``: the real bot when DISCORD_TOKEN is set, otherwise the offline sandbox.

``python -m bot sandbox [--script FILE|-] [--out DIR] [--db PATH|URL] [--seed N] [--wire FILE]`` runs
the sandbox
explicitly (see the README, "Sandbox").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import sys
import tempfile
from pathlib import Path
from typing import TextIO, cast

import aiohttp
import discord

from bot import sandbox
from bot.app.client import new_bot
from bot.service import config, workers
from bot.service.clock import Clock
from bot.service.health import JsonFormatter
from bot.service.store import UnusableDatabase, open_store
from bot.service.table import Tables


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    sub = parser.add_subparsers(dest="mode")
    box = sub.add_parser("sandbox", help="the real bot on a simulated Discord, offline")
    box.add_argument(
        "--script", help="read actions from FILE ('-' for standard input) instead of interactively"
    )
    box.add_argument("--out", type=Path, help="folder for attached files (default out/sandbox)")
    box.add_argument(
        "--db",
        help="database file, or a postgresql:// URL (default: a fresh temporary SQLite file)",
    )
    box.add_argument("--seed", type=int, default=1, help="seed for new games' seeds (default 1)")
    box.add_argument(
        "--wire", type=Path, help="write every request the bot sends to Discord to FILE, as JSON lines"
    )
    run = sub.add_parser("run", help="the real bot (needs DISCORD_TOKEN)")
    run.add_argument(
        "--sync-commands",
        action="store_true",
        help="sync slash commands even if unchanged since the last recorded sync",
    )
    return parser.parse_args(argv)


async def run_bot(settings: config.Settings, force_sync: bool = False) -> None:
    assert settings.token is not None
    clock = Clock()
    setting, target = settings.store_target
    try:
        store = await open_store(target, clock=clock)
    except UnusableDatabase as exc:
        raise config.SettingsError(f"{setting}: {exc}") from exc
    try:
        # Warm workers before the first interaction: board images and computer moves run there.
        content = (dict(settings.content),)
        await workers.start(settings.workers, setup=config.install_content, setup_args=content)
        bot = new_bot(
            Tables(store, clock=clock, clock_hours=settings.clock_hours),
            shard_count=settings.shard_count,
            shard_ids=settings.shard_ids,
            dev_guild_id=settings.dev_guild_id,
            force_sync=force_sync,
        )
        async with bot:
            await bot.start(settings.token)
    finally:
        await workers.close()
        await store.close()


def line_reader(source: TextIO, prompt: str | None) -> sandbox.LineReader:
    async def read() -> str | None:
        def blocking() -> str | None:
            if prompt is not None:
                try:
                    return input(prompt)
                except EOFError:
                    return None
            line = source.readline()
            return line if line else None

        return await asyncio.to_thread(blocking)

    return read


async def run_sandbox(args: argparse.Namespace, settings: config.Settings) -> None:
    with tempfile.TemporaryDirectory(prefix="tavola-sandbox-") as tmp, contextlib.ExitStack() as files:
        wire = None
        if args.wire is not None:
            wire = sandbox.wire_writer(_open(files, args.wire, "w", "--wire"))
        script = sys.stdin if args.script in (None, "-") else _open(files, Path(args.script), "r", "--script")
        clock = Clock()  # "@clock +13h" lines move it on
        try:
            store = await open_store(args.db or Path(tmp) / "sandbox.db", clock=clock)
        except UnusableDatabase as exc:
            raise config.SettingsError(f"--db: {exc}") from exc
        seeds = random.Random(args.seed)
        tables = Tables(
            store, new_seed=lambda: seeds.randrange(2**31), clock=clock, clock_hours=settings.clock_hours
        )
        out = args.out or Path("out/sandbox")
        interactive = args.script is None
        if interactive:
            print(sandbox.welcome(out, tables.games()), flush=True)
        try:
            await sandbox.run(
                tables,
                line_reader(script, "> " if interactive else None),
                out_dir=out,
                idle_marks=not interactive,
                wire=wire,
            )
        finally:
            await store.close()


def _open(files: contextlib.ExitStack, path: Path, mode: str, option: str) -> TextIO:
    try:
        stream = cast(TextIO, open(path, mode, encoding="utf-8"))  # noqa: SIM115 (closed by files)
    except OSError as exc:
        raise config.SettingsError(f"{option}: cannot open {path}: {exc.strerror or exc}") from exc
    return files.enter_context(stream)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        settings = config.load()
        # Content first: no saved game may be loaded against data about to change.
        config.configure_content(settings)
    except config.SettingsError as exc:
        print(f"Tavola cannot start: {exc}", file=sys.stderr)
        return 2
    logging.getLogger("discord").setLevel(logging.ERROR)  # e.g. "PyNaCl is not installed": no voice here
    for name in settings.obsolete:
        print(f'Tavola: {name} is no longer read (see the README, "Clocks and pings").', file=sys.stderr)
    if args.mode == "run" or (args.mode is None and settings.token):
        if not settings.token:
            print("DISCORD_TOKEN is not set (environment or .env); see .env.example.", file=sys.stderr)
            return 2
        level = getattr(logging, settings.log_level, logging.INFO)
        if settings.log_format == "json":  # one JSON object per line (bot.service.health)
            discord.utils.setup_logging(level=level, formatter=JsonFormatter())
        else:
            discord.utils.setup_logging(level=level)
        try:
            asyncio.run(run_bot(settings, force_sync=getattr(args, "sync_commands", False)))
        except config.SettingsError as exc:
            print(f"Tavola cannot start: {exc}", file=sys.stderr)
            return 2
        except aiohttp.ClientError as exc:
            print(f"Tavola could not reach Discord ({exc}); check the network, then retry.", file=sys.stderr)
            return 1
        except discord.LoginFailure:
            print(
                "Discord refused DISCORD_TOKEN; copy the bot token again (see .env.example).", file=sys.stderr
            )
            return 1
        except KeyboardInterrupt:
            return 130
        return 0
    if args.mode is None:
        args = parse_args(["sandbox"])
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")  # JSON lines carry names and emoji as UTF-8
    try:
        asyncio.run(run_sandbox(args, settings))
    except config.SettingsError as exc:
        print(f"Tavola cannot start: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
