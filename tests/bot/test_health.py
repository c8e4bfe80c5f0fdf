"""Operations (issue 16 item 6): the liveness line a minute and structured (JSON) logs."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

from bot.service import config
from bot.service.clock import Clock
from bot.service.health import STALE_SECONDS, Health, JsonFormatter
from tests.bot import toy
from tests.bot.harness import Harness


def test_move_rate_is_per_minute_between_two_passes() -> None:
    clock = Clock(lambda: 1000.0)
    health = Health(clock)
    assert health.moves_per_min(5) == 0.0  # the first pass has nothing to compare with
    clock.advance(120)
    assert health.moves_per_min(11) == 3.0  # 6 moves in 2 minutes
    assert not health.alive()
    health.record(games_open=1, moves_per_min=3.0, queue_depth=0, notices_pending=0, posted=0, shards="-")
    assert health.alive()
    clock.advance(STALE_SECONDS + 1)
    assert not health.alive()  # no pass for three minutes: stuck or gone


def test_liveness_line_counts_open_games_and_moves(tmp_path: Path, caplog) -> None:
    """After a pass the bot logs games open, moves per minute, queue depth, shards."""

    async def go() -> str:
        async with Harness(tmp_path / "t.db", games=[toy.TALLY]) as h:
            await h("alice /game new game:tally")
            await h("bob /game join")
            await h("alice /game start")
            bot = h.sandbox.bot
            posted = await bot.run_due()
            with caplog.at_level(logging.INFO, logger="tavola"):
                bot.report_alive(posted)
            alive = bot.health.latest
            assert alive is not None and alive.games_open == 1 and alive.shards == "-"
            return caplog.records[-1].getMessage()

    line = asyncio.run(go())
    assert line.startswith("alive games_open=1 moves_per_min=0.0 queue_depth=0")


def test_json_logs_carry_the_fields_and_the_traceback() -> None:
    record = logging.makeLogRecord(
        {"name": "tavola", "levelname": "INFO", "levelno": 20, "msg": "alive %s", "args": ("x",)}
    )
    record.games_open = 3
    entry = json.loads(JsonFormatter().format(record))
    assert entry["message"] == "alive x" and entry["games_open"] == 3 and entry["level"] == "INFO"
    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        failed = logging.makeLogRecord({"msg": "failed", "exc_info": sys.exc_info()})
    text = JsonFormatter().format(failed)
    assert "\n" not in text and "ValueError: boom" in json.loads(text)["exception"]


def test_log_format_setting() -> None:
    missing = Path("/nonexistent")
    assert config.load({}, missing).log_format == "text"
    assert config.load({"LOG_FORMAT": "JSON"}, missing).log_format == "json"
