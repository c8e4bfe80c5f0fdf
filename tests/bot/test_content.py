"""Game content chosen at start-up: the Lancaster override file (rules/lancaster/OVERRIDES.md).

``LANCASTER_OVERRIDES`` is read like every setting (environment or ``.env``); the bot installs it
before any saved game is loaded and refuses to start, with the engine's list of problems, when the
file is missing, not JSON or invalid. A game saved under other data says so instead of apologising.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.service import config
from rules.lancaster import apply_overrides, load_base, make_game
from tests.bot.harness import Harness

ROOT = Path(__file__).resolve().parents[2]


def _sandbox(tmp_path: Path, script: str, **env: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "script.txt").write_text(script, encoding="utf-8")
    full = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LANCASTER_OVERRIDES")}
    full.update(env, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot", "sandbox", "--script", "script.txt", "--out", "files"],
        cwd=tmp_path,
        env=full,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_lancaster_overrides_setting_from_env_file_and_environment(tmp_path: Path) -> None:
    """LANCASTER_OVERRIDES: a path from .env or the environment (which wins); unset = shipped data."""
    env = tmp_path / ".env"
    env.write_text("LANCASTER_OVERRIDES=mine.json\n", encoding="utf-8")
    # Lancaster declares the setting (rules/lancaster/commands.py); the bot reads it generically.
    key = "LANCASTER_OVERRIDES"
    assert config.load({}, env).content.get(key) == "mine.json"
    assert config.load({key: "/x/o.json"}, env).content.get(key) == "/x/o.json"
    assert config.load({key: " "}, env).content.get(key) is None
    assert config.load({}, tmp_path / "none").content.get(key) is None


def test_valid_override_changes_the_game_the_sandbox_plays(tmp_path: Path) -> None:
    """OVERRIDES.md: the file's values are what the game uses (county A renamed, minimum 1)."""
    override = {"counties": {"A": {"name": "Testshire", "min_strength": 1}}}
    (tmp_path / "o.json").write_text(json.dumps(override), encoding="utf-8")
    done = _sandbox(tmp_path, "carol /game rules game:lancaster full:true\n", LANCASTER_OVERRIDES="o.json")
    assert done.returncode == 0, done.stderr
    (reply,) = [json.loads(line) for line in done.stdout.splitlines() if '"idle"' not in line]
    assert reply["ephemeral"] and reply["files"][0]["name"] == "lancaster-rules.md"
    (saved,) = (tmp_path / "files").iterdir()
    help_text = saved.read_text(encoding="utf-8")
    assert "**A Testshire**: minimum 1" in help_text and "**A Northumberland**" not in help_text
    # The same run without the setting uses the shipped data.
    plain = tmp_path / "plain"
    plain.mkdir()
    done = _sandbox(plain, "carol /game rules game:lancaster full:true\n")
    assert done.returncode == 0
    (saved,) = (plain / "files").iterdir()
    assert "**A Northumberland**: minimum 4" in saved.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, ["cannot read override file", "No such file"]),
        ("{not json", ["is not valid JSON"]),
        (
            '{"counties": {"A": {"min_strength": 9}}, "noble_points": [1, 2]}',
            ["2 problem(s)", "counties.A.min_strength", "noble_points"],
        ),
    ],
    ids=["missing", "not-json", "invalid"],
)
def test_bad_override_file_refuses_to_start(tmp_path: Path, content: str | None, words: list[str]) -> None:
    """A missing, non-JSON or invalid override file: exit status 2, every problem on stderr, no trace."""
    if content is not None:
        (tmp_path / "o.json").write_text(content, encoding="utf-8")
    done = _sandbox(tmp_path, "alice /game list\n", LANCASTER_OVERRIDES="o.json")
    assert done.returncode == 2 and done.stdout == ""
    said = "Tavola cannot start: LANCASTER_OVERRIDES=o.json: Lancaster data is invalid"
    assert done.stderr.startswith(said)
    assert all(w in done.stderr for w in words), done.stderr
    assert "Traceback" not in done.stderr


def test_real_bot_refuses_to_start_with_a_bad_override(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The run command checks the file before connecting or opening the database."""
    import bot.__main__ as entry

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k")
    monkeypatch.setenv("LANCASTER_OVERRIDES", "missing.json")
    started: list[Any] = []

    async def fake_bot(settings: config.Settings, force_sync: bool = False) -> None:
        started.append(settings)

    monkeypatch.setattr(entry, "run_bot", fake_bot)
    assert entry.main(["run"]) == 2
    assert started == [] and "missing.json" in capsys.readouterr().err


def test_game_saved_under_other_data_says_the_content_changed(tmp_path: Path) -> None:
    """Saved states record a data fingerprint: /game status explains instead of apologising."""
    before = make_game()
    after = make_game(apply_overrides(load_base(), {"setup": {"gold": 5}}))

    async def go() -> None:
        db = tmp_path / "t.db"
        async with Harness(db, games=[before]) as h:
            await h("alice /game new game:lancaster")
            await h("bob /game join")
            await h.started()
        async with Harness(db, games=[after]) as h2:
            r = await h2.one("bob /game status")
            assert r["ephemeral"] and "content data changed" in r["content"], r
            assert "/game abandon" in r["content"] and "Sorry" not in r["content"]
            r = await h2.one("bob click g:1:board")
            assert r["ephemeral"] and "content data changed" in r["content"]
            _done, said, _card = await h2.confirmed("alice /game abandon")
            assert "abandoned by alice" in said["content"]

    asyncio.run(go())
