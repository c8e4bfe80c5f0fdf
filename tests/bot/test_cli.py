"""``python -m bot``: settings from .env, sandbox by default, the stdin script protocol."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

import bot.__main__ as entry
from bot.service import config
from bot.service.store import SeatRecord, SqliteStore, UnusableDatabase

ROOT = Path(__file__).resolve().parents[2]


def test_env_file_parsed_and_environment_wins(tmp_path: Path) -> None:
    """.env.example keys: token, database path, development guild id, log level."""
    env = tmp_path / ".env"
    env.write_text(
        "# comment\nDISCORD_TOKEN='abc'\nexport DATABASE_PATH=x/y.db\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n",
        encoding="utf-8",
    )
    s = config.load({}, env)
    assert (s.token, s.database, s.dev_guild_id, s.log_level) == ("abc", Path("x/y.db"), 123, "DEBUG")
    s = config.load({"DISCORD_TOKEN": "", "DEV_GUILD_ID": ""}, env)
    assert s.token is None and s.dev_guild_id is None
    s = config.load({}, tmp_path / "missing")
    assert s.token is None and s.database == Path("data/tavola.db") and s.log_level == "INFO"
    lines = (ROOT / ".env.example").read_text().splitlines()
    keys = {line.split("=")[0] for line in lines if "=" in line and not line.startswith("#")}
    assert keys == {
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "LOG_LEVEL",
        "LANCASTER_OVERRIDES",
        "LORENZO_OVERRIDES",
        "CLOCK_HOURS",
        "WORKERS",
        "SHARD_COUNT",
        "SHARD_IDS",
        "LOG_FORMAT",
    }


def test_workers_setting_counts_processes_or_defaults_to_the_cores() -> None:
    """WORKERS: empty = one per core (None), 0 = none (inline), a count; nonsense refused."""
    missing = Path("/nonexistent")
    assert config.load({}, missing).workers is None
    assert config.load({"WORKERS": "0"}, missing).workers == 0
    assert config.load({"WORKERS": " 3 "}, missing).workers == 3
    for bad in ("-1", "two", "1.5", "65"):
        with pytest.raises(config.SettingsError, match="WORKERS"):
            config.load({"WORKERS": bad}, missing)


def test_main_runs_real_bot_only_with_a_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The run command starts the real bot with DISCORD_TOKEN, the sandbox without."""
    monkeypatch.chdir(tmp_path)
    calls: list[str] = []

    async def fake_bot(settings: config.Settings, force_sync: bool = False) -> None:
        calls.append(f"bot:{settings.token}" + (":sync" if force_sync else ""))

    async def fake_sandbox(args: Any, settings: config.Settings) -> None:
        calls.append(f"sandbox:{args.script}")

    monkeypatch.setattr(entry, "run_bot", fake_bot)
    monkeypatch.setattr(entry, "run_sandbox", fake_sandbox)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert entry.main([]) == 0
    assert entry.main(["sandbox", "--script", "-"]) == 0
    assert entry.main(["run"]) == 2
    monkeypatch.setenv("DISCORD_TOKEN", "t0k")
    assert entry.main([]) == 0
    assert entry.main(["run", "--sync-commands"]) == 0
    assert calls == ["sandbox:None", "sandbox:-", "bot:t0k", "bot:t0k:sync"]


def _spawn(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.Popen(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def test_sandbox_script_from_stdin_answers_each_line_before_the_next(tmp_path: Path) -> None:
    """Sandbox --script -: one JSON object per response, then {"kind": "idle"}, line by line."""
    proc = _spawn(tmp_path, "sandbox", "--script", "-", "--out", "files")
    assert proc.stdin is not None and proc.stdout is not None

    def send(line: str) -> list[dict[str, Any]]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        got: list[dict[str, Any]] = []
        while True:
            record = json.loads(proc.stdout.readline())
            if record == {"kind": "idle"}:
                return got
            got.append(record)

    try:
        (lobby,) = send("alice /game new game:lorenzo")
        assert lobby["kind"] == "followup" and lobby["user"] == "alice"
        assert set(lobby) >= {
            "user",
            "kind",
            "ephemeral",
            "content",
            "embeds",
            "components",
            "mentions",
            "files",
        }
        assert send("# a comment") == []
        assert send("bob click g:1:join")[0]["kind"] == "edit"
        start, card = send("alice /game start")
        assert card["kind"] == "edit" and card["message_id"] == lobby["message_id"]
        assert start["files"][0]["size"] > 0 and len(start["mentions"]) == 1
        saved = list((tmp_path / "files").iterdir())
        assert len(saved) == 1 and saved[0].stat().st_size == start["files"][0]["size"]
        (choices,) = send(f"{start['mentions'][0]} ? /move text:place")
        assert choices["kind"] == "autocomplete" and 0 < len(choices["choices"]) <= 25
        (bad,) = send("zed /game list")
        assert bad["kind"] == "error" and "unknown user" in bad["content"]
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


def test_no_token_starts_interactive_sandbox_with_welcome(tmp_path: Path) -> None:
    """The README run command without a token: the sandbox, with a welcome naming the users."""
    proc = _spawn(tmp_path)
    out, _ = proc.communicate("alice /game list\n", timeout=60)
    assert proc.returncode == 0
    assert "alice, bob, carol, dave, erin" in out and "click" in out
    assert "No games are waiting" in out


def test_sandbox_script_file_and_restart_on_the_same_database(tmp_path: Path, db: Path | str) -> None:
    """Storage: a game survives a restart of the whole process (sandbox --db, two runs), on an
    SQLite file and on PostgreSQL (--db postgresql://…)."""
    first = tmp_path / "one.txt"
    first.write_text("alice /game new game:lorenzo\nbob /game join\nalice /game start\n", encoding="utf-8")

    def run(script: Path) -> list[dict[str, Any]]:
        proc = _spawn(tmp_path, "sandbox", "--script", str(script), "--db", str(db), "--out", "files")
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    records = run(first)
    assert [r["kind"] for r in records].count("idle") == 3
    assert [r["kind"] for r in records if r["kind"] != "idle"] == [
        "followup",
        "followup",
        "edit",
        "followup",
        "edit",
    ]
    start = next(r for r in records if r.get("files"))
    actor = start["mentions"][0]
    second = tmp_path / "two.txt"
    second.write_text(f'{actor} /game status\n{actor} /move text:"place black market_1"\n', encoding="utf-8")
    status, idle, move, last = run(second)
    assert idle == last == {"kind": "idle"}
    assert "running" in status["embeds"][0]["title"] and actor in status["embeds"][0]["description"]
    assert not move["ephemeral"] and "market" in move["content"].lower() and move["files"]


def test_real_bot_opens_the_configured_database_and_reports_a_refused_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run command with a token: the database at DATABASE_PATH is created; a bad token is explained."""
    import discord

    from bot.app.client import TavolaBot

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "bad")
    monkeypatch.setenv("DATABASE_PATH", "db/here.db")
    started: list[int | None] = []

    async def refused(self: TavolaBot, token: str, *, reconnect: bool = True) -> None:
        started.append(self.dev_guild_id)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(TavolaBot, "start", refused)
    assert entry.main([]) == 1
    assert started == [None] and (tmp_path / "db" / "here.db").is_file()


def _broken_databases(tmp_path: Path) -> dict[str, Path]:
    """A file that is not SQLite, random bytes, a path whose folder cannot be created, a
    zero-length file, and a Tavola database with a damaged interior page (issue 8 item 7: SQLite
    opens it, and reads of other pages still work)."""
    text = tmp_path / "notes.db"
    text.write_text("hello, this is not a database\n" * 50, encoding="utf-8")
    noise = tmp_path / "noise.db"
    noise.write_bytes(bytes(range(256)) * 40)
    blocker = tmp_path / "plain-file"
    blocker.write_text("x", encoding="utf-8")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    return {
        "text": text,
        "noise": noise,
        "unmakeable": blocker / "sub" / "tavola.db",
        "empty": empty,
        "damaged page": _damaged_database(tmp_path / "damaged.db"),
    }


def _damaged_database(path: Path) -> Path:
    """A Tavola database of 150 lobbies whose third page (a table page) is overwritten."""

    async def build() -> None:
        store = await SqliteStore.open(path)
        for i in range(150):
            creator = SeatRecord(0, 5, "n" * 30)
            await store.create_game(
                guild_id=1, channel_id=1000 + i, game="tally", options={}, seed=i, creator=creator
            )
        await store.close()

    asyncio.run(build())
    data = bytearray(path.read_bytes())
    page = 2 * 4096  # page 3: page 1 holds the schema, which must stay readable to open the file
    data[page + 100 : page + 4000] = bytes((i * 37) % 256 for i in range(3900))
    path.write_bytes(bytes(data))
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (150,)  # it still reads
    return path


def test_start_up_names_what_is_wrong_with_the_database(tmp_path: Path) -> None:
    """Issue 8 item 7: an empty file, a damaged page and a full disk are each named for what they
    are (a zero-length file used to become a new empty database, a damaged page was not noticed,
    a full disk was called a corrupted file)."""
    broken = _broken_databases(tmp_path)
    for label, words in (
        ("empty", "is an empty file (0 bytes)"),
        ("damaged page", "is damaged (integrity_check"),
    ):
        with pytest.raises(UnusableDatabase, match=re.escape(words)):
            asyncio.run(SqliteStore.open(broken[label]))
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorcode = sqlite3.SQLITE_FULL

    async def no_space(*args: object, **kwargs: object) -> None:
        raise full

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(aiosqlite, "connect", no_space)
        with pytest.raises(UnusableDatabase, match="the disk is full") as refused:
            asyncio.run(SqliteStore.open(tmp_path / "new.db"))
    assert "corrupted" not in str(refused.value)


def _sandbox_on(tmp_path: Path, db: Path | str) -> subprocess.CompletedProcess[str]:
    """One sandbox run with ``--db db`` listing the games, its output captured."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", "sandbox", "--script", "-", "--db", str(db)],
        cwd=tmp_path,
        env=env,
        input="alice /game list\n",
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_sandbox_with_an_unusable_database_says_so_and_exits(tmp_path: Path) -> None:
    """Admin: --db on a corrupted file or an uncreatable folder: one clear line on stderr, exit 2,
    no traceback, and the process ends (it used to hang after the traceback)."""
    for label, db in _broken_databases(tmp_path).items():
        proc = _sandbox_on(tmp_path, db)
        assert proc.returncode == 2, (label, proc.stderr)
        assert "Traceback" not in proc.stderr, (label, proc.stderr)
        assert "Tavola cannot start" in proc.stderr and str(db) in proc.stderr, (label, proc.stderr)
        assert proc.stdout == "", label


UNREACHABLE = "postgresql://tavola:s3cret@127.0.0.1:1/tavola"  # nothing listens on port 1


def test_sandbox_with_an_unreachable_postgres_url_says_so_and_exits(tmp_path: Path) -> None:
    """Admin: --db postgresql://… that can't be reached: one line naming it (password hidden),
    exit 2, no traceback."""
    proc = _sandbox_on(tmp_path, UNREACHABLE)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr and "s3cret" not in proc.stderr
    assert proc.stderr.startswith("Tavola cannot start: --db: cannot connect to the database")
    assert "postgresql://tavola:***@127.0.0.1:1/tavola" in proc.stderr


def test_real_bot_with_an_unusable_database_url_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Admin: DATABASE_URL selects PostgreSQL over DATABASE_PATH; one that can't be reached, or
    that is not a postgresql:// URL, stops the bot before it logs in, naming the setting; exit 2."""
    from bot.app.client import TavolaBot

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k")
    monkeypatch.setenv("DATABASE_PATH", "never.db")
    logins: list[str] = []

    async def login(self: TavolaBot, token: str, *, reconnect: bool = True) -> None:
        logins.append(token)

    monkeypatch.setattr(TavolaBot, "start", login)
    for url, words in (
        (UNREACHABLE, "DATABASE_URL: cannot connect to the database postgresql://tavola:***@"),
        ("mysql://root:s3cret@db/tavola", "DATABASE_URL must be a postgresql://user@host/database URL"),
        ("data/tavola.db", "For an SQLite file, leave DATABASE_URL empty and set DATABASE_PATH"),
    ):
        monkeypatch.setenv("DATABASE_URL", url)
        assert entry.main([]) == 2, url
        err = capsys.readouterr().err
        assert words in err and "s3cret" not in err and "Traceback" not in err, (url, err)
    assert logins == [] and not (tmp_path / "never.db").exists()
    assert config.load({"DATABASE_URL": " postgres://h/db "}, tmp_path / "x").store_target == (
        "DATABASE_URL",
        "postgres://h/db",
    )
    assert config.load({}, tmp_path / "x").store_target == ("DATABASE_PATH", Path("data/tavola.db"))


def test_real_bot_with_an_unusable_database_path_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Admin: DATABASE_PATH pointing at a corrupted file or an uncreatable folder stops the bot
    before it logs in, naming the setting; exit status 2."""
    from bot.app.client import TavolaBot

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k")
    logins: list[str] = []

    async def login(self: TavolaBot, token: str, *, reconnect: bool = True) -> None:
        logins.append(token)

    monkeypatch.setattr(TavolaBot, "start", login)
    for label, db in _broken_databases(tmp_path).items():
        monkeypatch.setenv("DATABASE_PATH", str(db))
        assert entry.main([]) == 2, label
        err = capsys.readouterr().err
        assert "DATABASE_PATH" in err and str(db) in err and "Traceback" not in err, (label, err)
    assert logins == []


def test_mistyped_settings_are_refused_by_name(tmp_path: Path) -> None:
    """Admin: a DEV_GUILD_ID that is not a server id, or an unknown LOG_LEVEL, stops start-up with
    the setting named (a typo used to be ignored: commands then went global and took an hour)."""
    for env, words in (
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID"),
        ({"DEV_GUILD_ID": "12ab"}, "DEV_GUILD_ID"),
        ({"DEV_GUILD_ID": "12²"}, "DEV_GUILD_ID"),  # isdigit() takes it, int() does not (issue 8)
        ({"DEV_GUILD_ID": "١٢"}, "DEV_GUILD_ID"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
    ):
        with pytest.raises(config.SettingsError, match=words):
            config.load(env, tmp_path / "missing")
    assert config.load({"LOG_LEVEL": "warning", "DEV_GUILD_ID": " 42 "}, tmp_path / "x").dev_guild_id == 42


def test_real_bot_that_cannot_reach_discord_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Admin: no network (or Discord down) at start-up: one clear line and exit 1, no traceback."""
    import aiohttp

    from bot.app.client import TavolaBot

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k")
    monkeypatch.setenv("DATABASE_PATH", "here.db")
    monkeypatch.setenv("WORKERS", "0")  # no worker processes to start for a bot that can't connect

    async def unreachable(self: TavolaBot, token: str, *, reconnect: bool = True) -> None:
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    monkeypatch.setattr(TavolaBot, "start", unreachable)
    assert entry.main([]) == 1
    err = capsys.readouterr().err
    assert "could not reach Discord" in err and "discord.com" in err and "Traceback" not in err


def test_killed_sandbox_restarts_mid_game_and_old_buttons_answer(tmp_path: Path) -> None:
    """Restart (issue 2): the process is killed (SIGKILL, no clean shutdown) while a decision's
    buttons are showing; a new process on the same --db continues the game, the old button
    applies the choice, and pressing it again says the board moved on."""

    def send(proc: subprocess.Popen[str], line: str) -> list[dict[str, Any]]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        got: list[dict[str, Any]] = []
        while (record := json.loads(proc.stdout.readline())) != {"kind": "idle"}:
            got.append(record)
        return got

    args = ("sandbox", "--script", "-", "--db", "kept.db", "--out", "files")
    proc = _spawn(tmp_path, *args)
    try:
        send(proc, "alice /game new game:lorenzo")
        send(proc, "bob /game join")
        start = next(r for r in send(proc, "alice /game start") if r["files"])
        actor = start["mentions"][0]
        (board,) = send(proc, f'{actor} /move "text:place black council"')
        buttons = [c["custom_id"] for c in board["components"] if ":m" in c["custom_id"]]
        assert len(buttons) == 5 and "Council Privilege" in board["content"]
    finally:
        proc.kill()
        proc.wait(timeout=30)
    again = _spawn(tmp_path, *args)
    try:
        (applied,) = send(again, f"{actor} click {buttons[2]}")
        assert not applied["ephemeral"] and "Council Privilege" in applied["content"] and applied["files"]
        (stale,) = send(again, f"{actor} click {buttons[2]}")
        assert stale["ephemeral"] and "moved on" in stale["content"]
        (status,) = send(again, "carol /game status")
        assert "running" in status["embeds"][0]["title"]
    finally:
        assert again.stdin is not None
        again.stdin.close()
        assert again.wait(timeout=30) == 0
