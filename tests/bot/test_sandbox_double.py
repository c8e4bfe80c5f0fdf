"""Issue 9 item 5: the sandbox as a full test double of Discord: ``--wire FILE``,
``@fail METHOD ROUTE-PATTERN STATUS [N]``, ``@member NAME "display name"``, ``@locale NAME it``
(README, "Sandbox")."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app.client import TavolaBot
from tests.bot.harness import Harness, public

ROOT = Path(__file__).resolve().parents[2]
CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
MESSAGES = "/channels/{channel_id}/messages"


def play(tmp_path: Path, body: Any) -> None:
    async def go() -> None:
        async with Harness(tmp_path / "t.db") as h:
            await body(h)

    asyncio.run(go())


async def started(h: Harness) -> str:
    """A two-player Tally game; the name of whoever moves first."""
    await h("alice /game new game:tally")
    await h("bob /game join")
    board = await h.started()
    return str(board["mentions"][0])


def test_wire_file_has_every_request_the_bot_sent(tmp_path: Path) -> None:
    """--wire FILE: one JSON line per request: method, route, path, body, files with sizes, the
    interaction answered (None for plain REST calls) and Discord's status."""
    script = "alice /game new game:lorenzo\nbob /game join\nalice /game start\n"
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "sandbox", "--script", "-", "--out", "f", "--wire", "w.jsonl"],
        input=script,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    sent = [json.loads(line) for line in (tmp_path / "w.jsonl").read_text(encoding="utf-8").splitlines()]
    assert all(set(r) == {"method", "route", "path", "json", "files", "interaction", "status"} for r in sent)
    assert [(r["method"], r["route"]) for r in sent[:3]] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", "/applications/{application_id}/commands"),
    ]
    callbacks = [r for r in sent if r["route"] == CALLBACK]
    assert len(callbacks) == 3 and all(r["interaction"] in r["path"] for r in callbacks)
    # Every command is deferred on arrival ("thinking…", public), before any work (issue 8 item 4),
    # and answered by follow-ups: the lobby card, the join, the board.
    assert all(r["json"] == {"type": 5} for r in callbacks)
    assert sent.index(callbacks[0]) < sent.index(next(r for r in sent if r["route"] == FOLLOWUP))
    (board,) = [r for r in sent if r["route"] == FOLLOWUP and r["files"]]
    assert board["interaction"] == callbacks[-1]["interaction"] and board["method"] == "POST"
    assert board["files"][0]["name"] == "lorenzo-board.png" and board["files"][0]["size"] > 10_000
    assert "has started" in board["json"]["content"] and board["status"] == 200
    edits = [r for r in sent if r["route"] == MESSAGES + "/{message_id}"]
    assert len(edits) == 2 and all(r["interaction"] is None for r in edits)  # the lobby card
    printed = [json.loads(line) for line in done.stdout.splitlines()]
    assert sum(1 for r in printed if r.get("files")) == 1  # idle marks have none


def test_failed_channel_post_is_refused_as_discord_refuses_it(tmp_path: Path) -> None:
    """@fail POST /channels/*/messages 403: Discord's error body and code; a "refused" line;
    the request is on the wire with its status; the next post goes through."""

    async def body(h: Harness) -> None:
        first = await started(h)
        assert await h("@fail POST /channels/*/messages 403") == []
        await h("@clock +25h")  # a clock ping (half time) is a plain channel post
        refused = [r for r in h.seen if r["kind"] == "refused"]
        assert [r["content"] for r in refused] == [f"POST {MESSAGES}: 403 Missing Permissions (code 50013)"]
        assert [r["status"] for r in h.wire if r["route"] == MESSAGES] == [403]
        await h(f'{first} /move "text:add 1"')
        (ping, _) = await h("@clock +25h")
        assert ping["kind"] == "message" and [r["status"] for r in h.wire if r["route"] == MESSAGES] == [
            403,
            200,
        ]

    play(tmp_path, body)


def test_rate_limit_and_server_errors_are_retried_as_discord_py_does(tmp_path: Path) -> None:
    """429 (with retry_after) and 500 are tried again, up to five attempts: fewer failures than
    that still answer the player; five make the request fail (HTTPException, DiscordServerError)."""

    async def body(h: Harness) -> None:
        await h("@fail POST /interactions/*/callback 429 2")
        r = await h.one("alice /game new game:tally")
        assert not r["ephemeral"] and "opened a game" in r["content"]
        statuses = [(w["status"], w.get("retry_after")) for w in h.wire if w["route"] == CALLBACK]
        assert statuses == [(429, 1.5), (429, 1.5), (200, None)]
        await h("@fail * /interactions/*/callback 500 5")
        replies = await h("bob /game join")
        assert replies[0]["kind"] == "refused" and "500 500: Internal Server Error" in replies[0]["content"]
        assert [w["status"] for w in h.wire if w["route"] == CALLBACK][-6:] == [500] * 5 + [200]
        assert (await h.tables.get(1)).seat_of(900_000_000_000_000_102) is not None  # stored anyway

    play(tmp_path, body)


def test_expired_interaction_gets_unknown_interaction(tmp_path: Path) -> None:
    """404 on an interaction callback is Discord's "Unknown interaction" (10062)."""

    async def body(h: Harness) -> None:
        await h("@fail POST /interactions/*/callback 404")
        replies = await h("alice /game list")
        assert replies[0]["kind"] == "refused" and "Unknown interaction (code 10062)" in replies[0]["content"]

    play(tmp_path, body)


def test_member_with_any_display_name(tmp_path: Path) -> None:
    """@member NAME "display name": a new member who can act on later lines; again: renamed."""

    async def body(h: Harness) -> None:
        assert await h('@member mallory "Mal *the* <3"') == []
        await h("alice /game new game:tally")
        r = (await h("mallory /game join"))[0]
        assert r["user"] == "mallory" and r["content"].startswith("Mal \\*the\\* <3 joined")
        await h('@member mallory "Mo"')
        r = (await h("mallory /game leave"))[0]
        assert r["content"].startswith("Mo left")
        for line, words in (
            ('@member "bad name" x', "letters and digits"),
            ("@member x", "needs a user name and a value"),
            ("@member zed " + "y" * 40, "1 to 32 characters"),
        ):
            (err,) = await h(line)
            assert err["kind"] == "error" and words in err["content"], err

    play(tmp_path, body)


def test_member_locale_reaches_the_interaction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """@locale NAME it: the member's client locale in every interaction payload."""
    seen: list[discord.Locale] = []
    real = TavolaBot.on_interaction

    async def spy(self: TavolaBot, interaction: discord.Interaction[Any]) -> None:
        seen.append(interaction.locale)
        await real(self, interaction)

    monkeypatch.setattr(TavolaBot, "on_interaction", spy)

    async def body(h: Harness) -> None:
        await h("alice /game list")
        assert await h("@locale alice it") == []
        await h("alice /game list")
        await h("bob /game list")
        assert seen == [
            discord.Locale.american_english,
            discord.Locale.italian,
            discord.Locale.american_english,
        ]
        (err,) = await h("@locale alice xx")
        assert (
            err["kind"] == "error" and "not a Discord locale" in err["content"] and "pt-BR" in err["content"]
        )
        (err,) = await h("@locale nobody it")
        assert err["kind"] == "error" and "unknown user" in err["content"]

    play(tmp_path, body)


def test_bad_fail_lines_are_explained(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        for line, words in (
            ("@fail POST", "expected @fail METHOD ROUTE-PATTERN STATUS [N]"),
            ("@fail FETCH /x 403", "not an HTTP method"),
            ("@fail POST /x ４０３", "status must be one of"),
            ("@fail POST /x 403 0", "N must be a count"),
            ("@nothing", "sandbox lines are @clock, @fail, @member, @locale"),
        ):
            (err,) = await h(line)
            assert err["kind"] == "error" and words in err["content"], (line, err)
        assert public(await h("alice /game new game:tally"))  # no fault was left pending

    play(tmp_path, body)
