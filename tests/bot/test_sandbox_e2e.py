"""Sandbox end to end: every command and button through the real discord.py dispatch (issue 2).

Every test runs on both stores (the ``db`` fixture, tests/conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tests.bot.harness import Harness, ids, public


def play(db: Path | str, tmp_path: Path, body: Callable[[Harness], Awaitable[None]]) -> None:
    async def go() -> None:
        async with Harness(db, out=tmp_path / "out") as h:
            await body(h)

    asyncio.run(go())


async def lobby(h: Harness, *players: str) -> None:
    await h("alice /game new game:tally target:6")
    for p in players:
        await h(f"{p} /game join")


async def started(h: Harness) -> tuple[str, str]:
    """A running two-player game; returns (first to act, second) user names."""
    await lobby(h, "bob")
    start = await h.started()
    first = start["mentions"][0]
    return first, ("bob" if first == "alice" else "alice")


def test_game_new_opens_lobby_with_buttons(db: Path | str, tmp_path: Path) -> None:
    """/game new: lobby message with persistent Join/Leave/Start buttons and the game's options."""

    async def body(h: Harness) -> None:
        r = await h.one("alice /game new game:tally target:6 vote:off")
        assert r["kind"] == "followup" and not r["ephemeral"]
        assert ids(r) == ["g:1:join", "g:1:leave", "g:1:start", "g:1:bot"]
        assert "Target: 6" in r["embeds"][0]["description"] and "Vote: off" in r["embeds"][0]["description"]
        again = await h.one("bob /game new game:tally")
        assert again["ephemeral"] and "already has a game" in again["content"]

    play(db, tmp_path, body)


def test_game_new_bad_input(db: Path | str, tmp_path: Path) -> None:
    """/game new: unknown game, unknown option value: ephemeral explanations."""

    async def body(h: Harness) -> None:
        r = await h.one("alice /game new game:chess")
        assert r["ephemeral"] and "no game called 'chess'" in r["content"]
        r = await h.one("alice /game new game:tally target:7")
        assert r["ephemeral"] and "must be one of" in r["content"]
        r = await h.one("alice /game new game:tally colour:red")
        assert r["kind"] == "error" and "no option 'colour'" in r["content"]
        r = await h.one("alice /game list")
        assert "No games" in r["content"]

    play(db, tmp_path, body)


def test_new_option_autocomplete_lists_choices(db: Path | str, tmp_path: Path) -> None:
    """/game new: option values are suggested from game.options()."""

    async def body(h: Harness) -> None:
        r = await h.one("alice ? /game new game:tally target:")
        assert r["kind"] == "autocomplete"
        assert [c["value"] for c in r["choices"]] == ["6", "10", "15"]

    play(db, tmp_path, body)


def test_lobby_buttons_join_leave_and_commands(db: Path | str, tmp_path: Path) -> None:
    """Lobby: Join/Leave buttons edit the lobby card; /game join and leave work too."""

    async def body(h: Harness) -> None:
        (lobby_card,) = await h("alice /game new game:tally")
        r = await h.one("bob click g:1:join")
        assert r["kind"] == "edit" and "2. bob" in r["embeds"][0]["description"]
        r = await h.one("bob click g:1:join")
        assert r["ephemeral"] and "already joined" in r["content"]
        r = await h.one("bob click g:1:leave")
        assert r["kind"] == "edit" and "bob" not in r["embeds"][0]["description"]
        said, card = await h("carol /game join")
        assert not said["ephemeral"] and said["content"] == "carol joined the game of Tally (2/4)."
        assert card["kind"] == "edit" and card["message_id"] == lobby_card["message_id"]
        assert "2. carol" in card["embeds"][0]["description"] and ids(card) == [
            "g:1:join",
            "g:1:leave",
            "g:1:start",
            "g:1:bot",
        ]
        said, card = await h("carol /game leave")
        assert "carol left" in said["content"] and "carol" not in card["embeds"][0]["description"]
        r = await h.one("dave /game leave")
        assert r["ephemeral"] and "not in this game" in r["content"]

    play(db, tmp_path, body)


def test_start_refuses_wrong_player_count_and_non_creator(db: Path | str, tmp_path: Path) -> None:
    """/game start: creator only; refuses below the minimum; the Start button too."""

    async def body(h: Harness) -> None:
        await h("alice /game new game:tally")
        r = await h.one("alice /game start")
        assert r["ephemeral"] and "at least 2" in r["content"]
        await h("bob /game join")
        r = await h.one("bob click g:1:start")
        assert r["ephemeral"] and "Only the player who created" in r["content"]
        for p in ("carol", "dave"):
            await h(f"{p} /game join")
        r = await h.one("erin /game join")
        assert r["ephemeral"] and "at most 4" in r["content"]
        r = await h.started("alice click g:1:start")
        assert not r["ephemeral"] and r["files"] and len(r["mentions"]) == 1
        assert "Seat order" in r["content"]
        r = await h.one("erin click g:1:join")  # the Start button's lobby card no longer shows it
        assert r["ephemeral"] and "already started" in r["content"]

    play(db, tmp_path, body)


def test_move_autocomplete_and_public_turn_message(db: Path | str, tmp_path: Path) -> None:
    """/move: autocomplete offers the caller's legal moves; after a move: events, image, next player."""

    async def body(h: Harness) -> None:
        first, second = await started(h)
        r = await h.one(f"{first} ? /move text:add")
        assert [c["value"] for c in r["choices"]] == ["add 1", "add 2", "add 3"]
        r = await h.one(f"{first} ? /move text:2")
        assert [c["value"] for c in r["choices"]] == ["add 2"]
        r = await h.one(f"{second} ? /move text:")
        assert r["choices"] == []
        r = await h.one(f'{first} /move "text:add 2"')
        assert not r["ephemeral"] and r["files"][0]["size"] > 0
        assert f"{first} added 2 (total 2)." in r["content"]
        assert r["mentions"] == [second] and "g:1:board" in ids(r)

    play(db, tmp_path, body)


def test_move_bad_input_is_ephemeral_and_changes_nothing(db: Path | str, tmp_path: Path) -> None:
    """/move: garbage text, out of turn, not seated, no game: ephemeral, nothing changes."""

    async def body(h: Harness) -> None:
        r = await h.one('alice /move "text:add 1"')
        assert r["ephemeral"] and "no game in this channel" in r["content"]
        first, second = await started(h)
        for line, words in (
            (f'{first} /move "text:fly away"', "not a Tally move"),
            (f'{second} /move "text:add 1"', "not your turn"),
            ('carol /move "text:add 1"', "not playing"),
            (f'{first} /move "text:add 9"', "cannot"),
        ):
            r = await h.one(line)
            assert r["ephemeral"] and words in r["content"], (line, r)
        assert await h.tables.log(1) == []
        r = await h.one(f"{first} /move")
        assert r["kind"] == "error" and "needs text" in r["content"]

    play(db, tmp_path, body)


def test_decision_buttons_for_the_acting_player_only(db: Path | str, tmp_path: Path) -> None:
    """Buttons for short decisions: only the deciding player may press them; a stale one says so."""

    async def body(h: Harness) -> None:
        first, second = await started(h)
        r = await h.one(f'{first} /move "text:add 3"')
        buttons = [c for c in r["components"] if ":m" in c["custom_id"]]
        assert [b["label"] for b in buttons] == ["bonus coin", "bonus point"]
        other = await h.one(f"{second} click {buttons[1]['custom_id']}")
        assert other["ephemeral"] and f"{first}'s, not yours" in other["content"]
        outsider = await h.one(f"carol click {buttons[1]['custom_id']}")
        assert outsider["ephemeral"] and "not playing" in outsider["content"]
        done = await h.one(f"{first} click {buttons[1]['custom_id']}")
        assert not done["ephemeral"] and "took a bonus point" in done["content"] and done["files"]
        stale = await h.one(f"{first} click {buttons[0]['custom_id']}")
        assert stale["ephemeral"] and "moved on" in stale["content"]
        assert [m.text for m in await h.tables.log(1)] == ["add 3", "bonus point"]

    play(db, tmp_path, body)


def test_foreign_button_is_answered(db: Path | str, tmp_path: Path) -> None:
    """A custom_id the bot never made gets an ephemeral answer, not silence."""

    async def body(h: Harness) -> None:
        r = await h.one("alice click something-else")
        assert r["ephemeral"] and "not one of mine" in r["content"]
        r = await h.one("alice click g:99:join")
        assert r["ephemeral"] and "no longer exists" in r["content"]

    play(db, tmp_path, body)


def test_private_board_button_and_hand_are_ephemeral(db: Path | str, tmp_path: Path) -> None:
    """Private board: the "My board" button and /game hand reply only to the player, with an image."""

    async def body(h: Harness) -> None:
        first, _ = await started(h)
        r = await h.one(f"{first} click g:1:board")
        assert r["ephemeral"] and r["files"] and r["files"][0]["name"].startswith("tally-private")
        assert "add 1, 2 or 3" in r["content"] and "/move" in r["content"]
        r = await h.one(f"{first} /game hand")
        assert r["ephemeral"] and r["files"]
        r = await h.one("carol /game hand")
        assert r["ephemeral"] and "not playing" in r["content"]

    play(db, tmp_path, body)


def test_secret_votes_collected_privately_and_revealed_together(db: Path | str, tmp_path: Path) -> None:
    """Simultaneous secret decisions: chosen in ephemeral replies, revealed together in public."""

    async def body(h: Harness) -> None:
        first, second = await started(h)
        await h(f'{first} /move "text:add 3"')
        await h(f'{first} /move "text:bonus coin"')
        r = await h.one(f'{second} /move "text:add 3"')
        await h(f"{second} click {next(c for c in r['components'] if ':m' in c['custom_id'])['custom_id']}")
        log = [m.text for m in await h.tables.log(1)]
        assert log[-1] == "bonus coin"
        board = (await h(f"{first} /game status"))[0]
        assert "g:1:hand" in ids(board) and sorted(board["mentions"]) == []
        private = await h.one(f"{first} click g:1:hand")
        assert private["ephemeral"] and "in secret" in private["content"]
        yes = next(c for c in private["components"] if c["label"] == "vote yes")
        replies = await h(f"{first} click {yes['custom_id']}")
        mine = [r for r in replies if r["ephemeral"]]
        shown = public(replies)
        assert len(mine) == 1 and "vote yes" in mine[0]["content"]
        assert len(shown) == 1 and shown[0]["kind"] == "message" and "has voted." in shown[0]["content"]
        assert "vote yes" not in shown[0]["content"] and f"{first} yes" not in shown[0]["content"]
        # Issue 12: while the other voter decides, a short line (no board, no ping, no prompt).
        assert shown[0]["mentions"] == [] and not shown[0]["files"] and "➡️" not in shown[0]["content"]
        replies = await h(f'{second} /move "text:vote no"')
        final = public(replies)[0]
        assert f"{first} yes" in final["content"] and f"{second} no" in final["content"]
        assert final["embeds"][0]["title"].startswith("🏆 Winner")
        assert "adds 3" in final["embeds"][0]["description"] and final["files"]
        # After the end, /game status shows the result and how to go on (issue 11 item 7).
        r = await h.one(f"{first} /game status")
        assert not r["ephemeral"] and r["files"] and "(finished)" in r["embeds"][0]["title"]
        assert (
            r["embeds"][1]["title"].startswith("🏆 Winner")
            and "/game rematch" in r["embeds"][0]["description"]
        )

    play(db, tmp_path, body)


def test_status_list_rules_and_abandon(db: Path | str, tmp_path: Path) -> None:
    """/game status, list, rules, abandon (creator, Manage Server, refused for others)."""

    async def body(h: Harness) -> None:
        await lobby(h, "bob")
        r = await h.one("carol /game status")
        assert "lobby" in r["embeds"][0]["title"]
        assert ids(r) == ["g:1:join", "g:1:leave", "g:1:start", "g:1:bot"]
        await h("alice /game start")
        r = await h.one("carol /game status")
        assert r["files"] and "Round" in r["embeds"][0]["description"] and not r["mentions"]
        r = await h.one("carol /game list")
        assert r["ephemeral"] and "**#1 Tally** in #tavola — waits for " in r["content"]
        r = await h.one("carol /game rules")  # a topic in an embed (issue 12 item 6)
        assert r["ephemeral"] and r["embeds"] and not r["files"]
        r = await h.one("carol /game rules full:true")
        assert r["ephemeral"] and r["files"][0]["name"] == "tally-rules.md"
        r = await h.one("carol /game rules game:chess")
        assert "no game called 'chess'" in r["content"]
        r = await h.one("carol ? /game rules game:ta")
        assert r["choices"] == [{"name": "Tally", "value": "tally"}]
        r = await h.one("bob /game abandon")
        assert r["ephemeral"] and "Manage Server" in r["content"]
        done, r, card = await h.confirmed("erin /game abandon")
        assert done["ephemeral"] and done["components"] == []
        assert not r["ephemeral"] and "abandoned by erin" in r["content"]
        assert card["kind"] == "edit" and card["embeds"][0]["description"] == "This game was abandoned."
        r = await h.one("alice /game abandon")
        assert "no game in this channel" in r["content"]
        await h("alice /game new game:tally")
        _done, r, card = await h.confirmed("alice /game abandon")
        assert "abandoned by alice" in r["content"] and card["components"] == []

    play(db, tmp_path, body)


def test_restart_mid_game_loses_nothing_and_old_buttons_answer(db: Path | str, tmp_path: Path) -> None:
    """Storage: a new bot on the same database continues the game; old buttons still answer."""

    async def go() -> None:
        async with Harness(db) as h:
            first, second = await started(h)
            r = await h.one(f'{first} /move "text:add 3"')
            bonus = [c["custom_id"] for c in r["components"] if ":m" in c["custom_id"]]
        async with Harness(db) as h2:
            r = await h2.one(f"{first} click {bonus[0]}")  # a button from before the restart
            assert not r["ephemeral"] and "took a bonus coin" in r["content"]
            r = await h2.one(f"{first} click {bonus[1]}")
            assert r["ephemeral"] and "moved on" in r["content"]
            r = await h2.one(f'{second} /move "text:add 1"')
            assert "total 4" in r["content"]
            assert [m.text for m in await h2.tables.log(1)] == ["add 3", "bonus coin", "add 1"]

    asyncio.run(go())


def test_decision_with_more_than_five_choices_is_a_select(db: Path | str, tmp_path: Path) -> None:
    """Selects for short decisions of 6 to 25 choices; the value picked is applied."""

    async def body(h: Harness) -> None:
        await h("alice /game new game:tally wide:on")
        await h("bob /game join")
        first = (await h.started())["mentions"][0]
        r = await h.one(f'{first} /move "text:add 3"')
        (select,) = [c for c in r["components"] if c.get("type") == "select"]
        assert [o["label"] for o in select["options"]][:3] == ["bonus coin", "bonus point", "bonus gem1"]
        assert len(select["options"]) == 7
        r = await h.one(f"{first} click {select['custom_id']}")
        assert r["kind"] == "error" and "name a value" in r["content"]
        r = await h.one(f"{first} click {select['custom_id']} 4")
        assert not r["ephemeral"] and "took a bonus gem3" in r["content"]
        r = await h.one(f"{first} click {select['custom_id']} 1")
        assert r["ephemeral"] and "moved on" in r["content"]

    play(db, tmp_path, body)


def test_public_images_come_from_the_public_view_only(
    db: Path | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Private board: nothing private in a public image; private images only in ephemeral replies."""
    import bot.app.posting as posting

    calls: list[tuple[bool, dict[str, object]]] = []
    real = posting.render_view

    def spy(game_name: str, view: dict[str, object], *, private: bool) -> object:
        calls.append((private, view))
        return real(game_name, view, private=private)

    monkeypatch.setattr(posting, "render_view", spy)

    async def body(h: Harness) -> None:
        first, _ = await started(h)
        await h(f'{first} /move "text:add 1"')
        shown = await h(f"{first} /game hand")
        assert all(r["ephemeral"] for r in shown)
        publics = [v for p, v in calls if not p]
        privates = [v for p, v in calls if p]
        assert len(publics) == 2 and len(privates) == 1
        assert all("my_vote" not in v for v in publics) and "my_vote" in privates[0]

    play(db, tmp_path, body)


def test_render_failure_still_reports_the_move(
    db: Path | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Turn flow: if drawing fails, the stored move is still announced, without an image."""
    import bot.app.posting as posting

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("no ink")

    async def body(h: Harness) -> None:
        first, second = await started(h)
        monkeypatch.setattr(posting, "render_view", broken)
        r = await h.one(f'{first} /move "text:add 1"')
        assert not r["ephemeral"] and r["files"] == [] and "could not be drawn" in r["content"]
        assert r["mentions"] == [second]

    play(db, tmp_path, body)


def test_two_clicks_racing_on_the_same_version_exactly_one_applied(db: Path | str, tmp_path: Path) -> None:
    """Storage through Discord: the same decision pressed twice at once is applied once."""

    async def body(h: Harness) -> None:
        first, _ = await started(h)
        r = await h.one(f'{first} /move "text:add 3"')
        coin, point = (c["custom_id"] for c in r["components"] if ":m" in c["custom_id"])
        start = len(h.seen)
        await h.sandbox.run_together([f"{first} click {coin}", f"{first} click {point}"])
        replies = h.seen[start:]
        assert len(public(replies)) == 1
        refused = [r for r in replies if r["ephemeral"]]
        assert len(refused) == 1 and (
            "moved on" in refused[0]["content"] or "changed" in refused[0]["content"]
        )
        log = [m.text for m in await h.tables.log(1)]
        assert log[0] == "add 3" and len(log) == 2 and log[1] in ("bonus coin", "bonus point")

    play(db, tmp_path, body)


def test_two_text_moves_racing_exactly_one_applied(db: Path | str, tmp_path: Path) -> None:
    """Two /move commands delivered together for the same turn: one applied, one refused."""

    async def body(h: Harness) -> None:
        first, _ = await started(h)
        start = len(h.seen)
        await h.sandbox.run_together([f'{first} /move "text:add 1"', f'{first} /move "text:add 2"'])
        replies = h.seen[start:]
        assert len(public(replies)) == 1 and len([r for r in replies if r["ephemeral"]]) == 1
        assert len(await h.tables.log(1)) == 1

    play(db, tmp_path, body)


def test_simultaneous_open_decision_offers_a_choose_button(db: Path | str, tmp_path: Path) -> None:
    """Turn flow: several players deciding at once (not secret) each get choices via "Choose"."""

    async def body(h: Harness) -> None:
        await h("alice /game new game:tally target:6 open_vote:on")
        await h("bob /game join")
        first = (await h.started())["mentions"][0]
        second = "bob" if first == "alice" else "alice"
        await h(f'{first} /move "text:add 3"')
        await h(f'{first} /move "text:bonus coin"')
        await h(f'{second} /move "text:add 3"')
        r = await h.one(f'{second} /move "text:bonus coin"')
        assert r["mentions"] == [first]  # issue 12: not the player who just moved (they are here)
        # Everyone asked the same thing at once: one line naming them all, in seat order.
        assert r["content"].count("➡️") == 1 and f"➡️ @{first}, {second}: Vote yes or no" in r["content"]
        assert [c["label"] for c in r["components"]] == ["Choose", "My board"]
        mine = await h.one(f"{second} click g:1:hand")
        # The second player's last add opened the vote: they may still take it back.
        labels = [c["label"] for c in mine["components"]]
        assert mine["ephemeral"] and labels == ["vote yes", "vote no", "Undo my last step"]
        (shown,) = public(await h(f"{second} click {mine['components'][1]['custom_id']}"))
        assert shown["kind"] == "message" and shown["mentions"] == []
        assert f"➡️ {first}: Vote yes or no" in shown["content"]  # already pinged: named only

    play(db, tmp_path, body)


def test_short_rules_help_is_sent_as_text(db: Path | str, tmp_path: Path) -> None:
    """/game rules: a short help text is shown inline in an embed, ephemerally (no file)."""
    from tests.bot.toy import Tally

    class Brief(Tally):
        name = "brief"
        title = "Brief"

        def rules_help(self) -> str:
            return "# Brief\n\nAdd 1, 2 or 3."

    async def go() -> None:
        async with Harness(db, games=[Brief()]) as h:
            r = await h.one("dave /game rules game:brief")
            assert r["ephemeral"] and r["files"] == [] and r["embeds"][0]["title"] == "Brief — Overview"
            assert r["embeds"][0]["description"].startswith("Add 1, 2 or 3.")

    asyncio.run(go())


def test_start_in_a_thread_frees_the_channel(db: Path | str, tmp_path: Path) -> None:
    """Lobby: starting may open a thread; play continues there; one open game per channel or thread."""

    async def body(h: Harness) -> None:
        await lobby(h, "bob")
        r = await h.one("bob /game start thread:true")
        assert r["ephemeral"] and "Only the player who created" in r["content"]
        replies = await h("alice /game start thread:true")
        note, board, card = replies
        assert card["kind"] == "edit" and "channel" not in card and card["components"] == []
        assert note["kind"] == "followup" and "#tally-1" in note["content"] and "channel" not in note
        assert board["kind"] == "message" and board["channel"] == "tally-1" and board["files"]
        first = board["mentions"][0]
        r = await h.one(f'{first} /move "text:add 1"')
        assert r["ephemeral"] and "no game in this channel" in r["content"]
        r = await h.one(f'{first} #tally-1 /move "text:add 1"')
        assert not r["ephemeral"] and r["channel"] == "tally-1" and "total 1" in r["content"]
        r = await h.one("carol /game new game:tally")
        assert not r["ephemeral"] and "g:2:join" in ids(r)
        r = await h.one("carol #tally-1 /game new game:tally")
        assert r["ephemeral"] and "already has a game" in r["content"]
        r = await h.one("carol #tally-1 /game start thread:true")
        assert r["ephemeral"] and "text channel" in r["content"]
        r = await h.one("alice #nowhere /game list")
        assert r["kind"] == "error" and "#tally-1" in r["content"]

    play(db, tmp_path, body)


def test_thread_refused_by_discord_plays_on_in_the_channel(db: Path | str, tmp_path: Path) -> None:
    """Lobby: if Discord refuses the thread, the started game is announced in the channel."""

    async def body(h: Harness) -> None:
        await lobby(h, "bob")
        assert await h("@fail POST /channels/*/threads 403") == []
        r = await h.started("alice /game start thread:true")
        assert not r["ephemeral"] and "could not open a thread" in r["content"] and r["files"]
        assert "channel" not in r
        first = r["mentions"][0]
        r = await h.one(f'{first} /move "text:add 2"')
        assert "total 2" in r["content"]

    play(db, tmp_path, body)


def test_simultaneous_private_choices_survive_each_others_moves(db: Path | str, tmp_path: Path) -> None:
    """Secret simultaneous decisions: a player's private buttons stay valid while another player
    answers first (the version moves on, their own choices do not); pressed twice, refused."""

    async def body(h: Harness) -> None:
        first, second = await started(h)
        await h(f'{first} /move "text:add 3"')
        await h(f'{first} /move "text:bonus coin"')
        await h(f'{second} /move "text:add 3"')
        await h(f'{second} /move "text:bonus coin"')
        mine = {p: await h.one(f"{p} click g:1:hand") for p in (first, second)}
        buttons = {p: {c["label"]: c["custom_id"] for c in r["components"]} for p, r in mine.items()}
        assert all(":k" in b["vote yes"] for b in buttons.values())
        replies = await h(f"{first} click {buttons[first]['vote yes']}")
        assert "recorded" in replies[0]["content"]
        again = await h.one(f"{first} click {buttons[first]['vote no']}")  # a second answer: refused
        assert again["ephemeral"] and "moved on" in again["content"]
        replies = await h(f"{second} click {buttons[second]['vote no']}")  # made before first voted
        final = public(replies)[0]
        assert f"{first} yes" in final["content"] and f"{second} no" in final["content"]
        assert [m.text for m in await h.tables.log(1)][-2:] == ["vote yes", "vote no"]

    play(db, tmp_path, body)


def test_short_typed_choices_offered_privately(db: Path | str, tmp_path: Path) -> None:
    """A main action with few legal moves (not a public decision): a "Choose" button opens them
    in a private reply, and a pick there is applied and announced publicly."""

    async def body(h: Harness) -> None:
        first, second = await started(h)
        r = await h.one(f"{first} /game status")
        assert [c["label"] for c in r["components"]] == ["Choose", "My board"]
        mine = await h.one(f"{first} click g:1:hand")
        assert mine["ephemeral"] and [c["label"] for c in mine["components"]] == ["add 1", "add 2", "add 3"]
        replies = await h(f"{first} click {mine['components'][1]['custom_id']}")
        (shown,) = public(replies)
        assert not shown["ephemeral"] and "added 2 (total 2)" in shown["content"]
        assert shown["mentions"] == [second]
        # The private reply clicked is edited: no buttons left on it (issue 12).
        (done,) = [r for r in replies if r["ephemeral"]]
        assert done["kind"] == "edit" and done["components"] == []
        assert done["message_id"] == mine["message_id"]

    play(db, tmp_path, body)


def test_rules_for_an_unknown_game_names_the_games_once(db: Path | str, tmp_path: Path) -> None:
    """/game rules game:<unknown>: one ephemeral line listing the games (it listed them twice)."""

    async def body(h: Harness) -> None:
        r = await h.one("alice /game rules game:chess")
        assert r["ephemeral"] and r["content"].count("Games:") == 1 and "tally" in r["content"]
        r = await h.one("alice /game rules")
        assert r["ephemeral"] and r["content"].count("Games:") == 1
        assert "no game in this channel" in r["content"]

    play(db, tmp_path, body)


def test_leave_a_running_game_asks_first(db: Path | str, tmp_path: Path) -> None:
    """/game leave after the start (issue 11 items 3, 5): the player is asked to confirm (the
    computer would play their seat); an onlooker is told they are not playing. Nothing changes."""

    async def body(h: Harness) -> None:
        await started(h)
        before = await h.tables.get(1)
        r = await h.one("bob /game leave")
        assert r["ephemeral"] and "computer plays your seat" in r["content"]
        assert [c["custom_id"].split(":")[2:4] for c in r["components"]] == [["ok", "leave"]]
        r = await h.one("dave /game leave")
        assert r["ephemeral"] and "not playing in this game" in r["content"]
        after = await h.tables.get(1)
        assert (after.version, after.seats) == (before.version, before.seats)

    play(db, tmp_path, body)


def test_secret_choice_announced_even_without_send_messages(db: Path | str, tmp_path: Path) -> None:
    """Secret decisions: a server may let the bot answer interactions but not post in the channel
    (no Send Messages). The public "has voted" line then comes as a follow-up of the vote; the
    voter is not told "nothing was changed" about a vote that was recorded."""

    async def body(h: Harness) -> None:
        first, second = await started(h)
        for line in (f'{first} /move "text:add 3"', f'{first} /move "text:bonus coin"'):
            await h(line)
        await h(f'{second} /move "text:add 3"')
        await h(f'{second} /move "text:bonus coin"')
        await h("@fail POST /channels/{channel_id}/messages 403 100")  # no Send Messages
        mine = await h.one(f"{first} click g:1:hand")
        yes = next(c for c in mine["components"] if c["label"] == "vote yes")
        replies = await h(f"{first} click {yes['custom_id']}")
        assert not [r for r in replies if "Sorry" in r["content"]], replies
        shown = public(replies)
        assert len(shown) == 1 and shown[0]["kind"] == "followup" and "has voted" in shown[0]["content"]
        # The other player still votes: a short line without the board (issue 12).
        assert not shown[0]["files"] and "vote yes" not in shown[0]["content"]

    play(db, tmp_path, body)


def test_failure_after_a_recorded_move_does_not_claim_nothing_changed(
    db: Path | str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug or Discord error while posting the board after a move was stored: the player is
    told the move counts and where to see the board, not "nothing was changed"."""
    import bot.app.posting as posting

    async def body(h: Harness) -> None:
        first, _ = await started(h)

        def broken(turn: object) -> object:
            raise RuntimeError("boom")

        monkeypatch.setattr(posting, "turn_view", broken)
        replies = await h(f'{first} /move "text:add 2"')
        assert [m.text for m in await h.tables.log(1)] == ["add 2"]
        said = " ".join(r["content"] for r in replies)
        assert "Nothing was changed" not in said and "recorded" in said and "/game status" in said
        # It fills in the public "thinking…" of the move (Discord keeps that visibility).
        assert len(replies) == 1 and replies[0]["kind"] == "followup"

    play(db, tmp_path, body)


def test_move_in_the_wrong_channel_points_to_the_players_game(db: Path | str, tmp_path: Path) -> None:
    """/move where no game is open, by a player whose game is elsewhere (its thread): the
    refusal says where their game is; someone with no game just learns how to start one."""

    async def body(h: Harness) -> None:
        await lobby(h, "bob")
        replies = await h("alice /game start thread:true")
        first = next(r for r in replies if r["files"])["mentions"][0]
        await h("carol /game new game:tally")
        await h.confirmed("carol /game abandon")
        r = await h.one(f'{first} /move "text:add 1"')
        assert r["ephemeral"] and "no game in this channel" in r["content"]
        assert "#tally-1" in r["content"] and "#1" in r["content"], r["content"]
        r = await h.one('dave /move "text:add 1"')
        assert r["ephemeral"] and "#tally-1" not in r["content"] and "/game new" in r["content"]
        assert [m.text for m in await h.tables.log(1)] == []

    play(db, tmp_path, body)


def test_private_vote_buttons_survive_a_restart(db: Path | str, tmp_path: Path) -> None:
    """Restart during a secret vote: the private buttons a player opened before the restart
    still record their vote (the key is the seat's choices, not process memory)."""

    async def go() -> None:
        async with Harness(db) as h:
            first, second = await started(h)
            for line in (f'{first} /move "text:add 3"', f'{first} /move "text:bonus coin"'):
                await h(line)
            await h(f'{second} /move "text:add 3"')
            await h(f'{second} /move "text:bonus coin"')
            mine = await h.one(f"{first} click g:1:hand")
            yes = next(c["custom_id"] for c in mine["components"] if c["label"] == "vote yes")
            await h(f'{second} /move "text:vote no"')  # the other voter answers first
        async with Harness(db) as h2:
            replies = await h2(f"{first} click {yes}")
            assert any("recorded" in r["content"] for r in replies if r["ephemeral"]), replies
            final = public(replies)[0]
            assert f"{first} yes" in final["content"] and final["embeds"][0]["title"].startswith("🏆")

    asyncio.run(go())


def test_display_names_are_markdown_escaped(db: Path | str, tmp_path: Path) -> None:
    """A display name with markdown characters (frank is "*fr_ank*") is escaped everywhere the bot
    writes names: the opening line, the lobby card, the seat order, events and prompts
    (``name_seats``), ``/game list`` and the final scores."""
    shown = r"\*fr\_ank\*"

    async def body(h: Harness) -> None:
        opened = await h.one("frank /game new game:tally target:6 vote:off")
        assert opened["content"].startswith(f"{shown} opened"), opened
        await h("bob /game join")
        lobby_card = opened["embeds"][0]["description"]
        assert f"1. {shown}" in lobby_card and f"{shown} starts with" in lobby_card, lobby_card
        start = await h.started("frank /game start")
        assert "Seat order: " in start["content"] and f"{shown} (" in start["content"], start["content"]
        listed = await h.one("alice /game list")
        assert shown in listed["content"] and "*fr_ank*" not in listed["content"], listed
        last = start
        for _ in range(20):
            turn = await h.tables.turn(1)
            if turn.finished:
                break
            actor = "bob" if turn.acting[0].name == "bob" else "frank"
            last = public(await h(f'{actor} /move "text:add 1"'))[0]
            if actor == "frank":
                assert f"{shown} added 1" in last["content"], last["content"]
        final = await h.tables.turn(1)
        assert final.finished
        text = last["content"] + "".join(e["title"] + e["description"] for e in last["embeds"])
        assert shown in text and "*fr_ank*" not in text.replace(shown, ""), text

    play(db, tmp_path, body)
