"""Several bot processes on one database (issue 16 item 2): discord.py's sharding settings, and
background work taken by exactly one process (outbox leases, ``FOR UPDATE SKIP LOCKED``).

Tests taking ``db`` run on both stores; the racing ones on PostgreSQL only (one process per
SQLite file is that store's rule)."""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app.client import ShardedTavolaBot, TavolaBot, new_bot
from bot.service import config
from bot.service.clock import Clock
from bot.service.computers import Computers, any_legal
from bot.service.pings import Pings
from bot.service.store import GameRecord, SeatRecord, Store, open_store
from bot.service.table import Player, Tables
from rules.core import Move
from tests.bot import toy

MISSING = Path("/nonexistent")


def run(coro):
    return asyncio.run(coro)


async def _game(store: Store, channel: int = 1) -> int:
    record = await store.create_game(
        guild_id=1, channel_id=channel, game="tally", options={}, seed=1, creator=SeatRecord(0, 11, "Ann")
    )
    return record.id


def test_shard_settings_are_discord_sharding_or_none() -> None:
    """SHARD_COUNT alone: every shard in this process; with SHARD_IDS: those; nonsense refused."""
    assert config.load({}, MISSING).shard_count is None
    every = config.load({"SHARD_COUNT": "4"}, MISSING)
    assert (every.shard_count, every.shard_ids) == (4, None)
    some = config.load({"SHARD_COUNT": "4", "SHARD_IDS": "3, 1"}, MISSING)
    assert (some.shard_count, some.shard_ids) == (4, (1, 3))
    for bad in (
        {"SHARD_IDS": "0"},
        {"SHARD_COUNT": "0"},
        {"SHARD_COUNT": "x"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "1,1"},
        {"SHARD_COUNT": "2", "SHARD_IDS": "a"},
    ):
        with pytest.raises(config.SettingsError, match="SHARD_"):
            config.load(bad, MISSING)


def test_sharded_bot_runs_its_shards_and_only_shard_zero_syncs(tmp_path: Path) -> None:
    async def go() -> None:
        store = await open_store(tmp_path / "t.db")
        tables = Tables(store)
        plain = new_bot(tables)
        assert type(plain) is TavolaBot and plain.sync_commands and plain.shards_text() == "-"
        first = new_bot(tables, shard_count=4, shard_ids=[0, 1])
        other = new_bot(tables, shard_count=4, shard_ids=[2, 3])
        every = new_bot(tables, shard_count=2)
        assert isinstance(first, ShardedTavolaBot) and isinstance(other, ShardedTavolaBot)
        assert isinstance(every, ShardedTavolaBot) and isinstance(every, discord.AutoShardedClient)
        assert (first.shard_ids, first.shard_count, first.sync_commands) == ([0, 1], 4, True)
        assert (other.shard_ids, other.sync_commands) == ([2, 3], False)
        assert every.shard_ids is None and every.sync_commands
        assert first.shards_text() == "0,1/4" and other.shards_text() == "2,3/4"
        await store.close()

    run(go())


def test_leased_notices_are_taken_once_and_retaken_only_after_release_or_expiry(db: Path | str) -> None:
    """One holder's lease hides the notices from others until released, expired or sent."""

    async def go() -> None:
        clock = Clock()
        store = await open_store(db, clock=clock)
        gid = await _game(store)
        for key in ("a", "b", "c"):
            assert await store.claim_notice(gid, key, {"n": key})
        mine = await store.take_notices("one", 60)
        assert [n.key for n in mine] == ["a", "b", "c"]
        assert await store.take_notices("two", 60) == []  # held by "one"
        assert [n.key for n in await store.take_notices("one", 60)] == ["a", "b", "c"]  # its own
        await store.release_notices("one", gid, ["b"])
        await store.release_notices("two", gid, ["c"])  # not two's: nothing happens
        assert [n.key for n in await store.take_notices("two", 60)] == ["b"]
        await store.notice_sent(gid, "a")
        clock.advance(61)  # every lease ran out: the unsent ones are free, the sent one is not
        assert sorted(n.key for n in await store.take_notices("three", 60)) == ["b", "c"]
        await store.close()

    run(go())


@pytest.mark.backends("postgres")
def test_two_processes_taking_at_once_share_the_outbox_without_overlap(db: Path | str) -> None:
    """FOR UPDATE SKIP LOCKED: two stores (two processes' pools) take notices while more are
    claimed; every notice goes to exactly one of them."""

    async def go() -> None:
        one, two = await open_store(db), await open_store(db)
        gids = [await _game(one, channel) for channel in range(1, 6)]
        taken: dict[str, set[tuple[int, str]]] = {"one": set(), "two": set()}

        async def claimer() -> None:
            for i in range(40):
                await one.claim_notice(gids[i % len(gids)], f"k{i}", {})
                await asyncio.sleep(0)

        async def taker(store: Store, holder: str) -> None:
            for _ in range(60):
                # A holder takes its own leases again (a retry): sets, not lists.
                taken[holder] |= {(n.game_id, n.key) for n in await store.take_notices(holder, 600)}
                await asyncio.sleep(0)

        await asyncio.gather(claimer(), taker(one, "one"), taker(two, "two"))
        taken["one"] |= {(n.game_id, n.key) for n in await one.take_notices("one", 600)}
        assert len(taken["one"] | taken["two"]) == 40
        assert not taken["one"] & taken["two"]
        await one.close()
        await two.close()

    run(go())


@pytest.mark.backends("postgres")
def test_two_bots_passes_at_once_deliver_each_ping_once(db: Path | str) -> None:
    """Two processes' clock passes (claim, then take) over the same games: each due ping is
    delivered by exactly one of them."""

    async def go() -> None:
        clock = Clock()
        stores = [await open_store(db, clock=clock), await open_store(db, clock=clock)]
        tables = [Tables(s, lambda: [toy.TALLY], clock=clock, new_seed=lambda: 3) for s in stores]
        for g in range(6):
            record = await tables[0].new(1, 100 + g, Player(11, "Ann"), "tally", {}, clock_hours=8)
            await tables[0].join(record.id, Player(12, "Bob"))
            await tables[0].start(record.id, Player(11, "Ann"))
        clock.advance(5 * 3600)  # past half of every 8-hour clock
        pings = [Pings(t, holder=f"shard {i}") for i, t in enumerate(tables)]

        async def one_pass(p: Pings) -> list[tuple[int, str]]:
            await p.claim_due()
            found = await p.deliveries()
            for delivery in found:
                await p.delivered(delivery)
            return [(d.game_id, k) for d in found for k in d.keys]

        first, second = await asyncio.gather(one_pass(pings[0]), one_pass(pings[1]))
        assert not set(first) & set(second)
        delivered = first + second
        assert len(delivered) == len(set(delivered)) and {g for g, _ in delivered} == set(range(1, 7))
        assert await one_pass(pings[0]) == [] and await one_pass(pings[1]) == []
        for s in stores:
            await s.close()

    run(go())


def test_leased_games_are_taken_once_and_retaken_only_after_release_or_expiry(db: Path | str) -> None:
    """The computer's work in a game: one holder at a time, running games only; the game's
    version (the optimistic check of moves) is untouched."""

    async def go() -> None:
        clock = Clock()
        store = await open_store(db, clock=clock)
        tables = Tables(store, lambda: [toy.TALLY], clock=clock, new_seed=lambda: 3)
        ids = []
        for g in range(3):
            record = await tables.new(1, 200 + g, Player(11, "Ann"), "tally", {})
            await tables.join(record.id, Player(12, "Bob"))
            await tables.start(record.id, Player(11, "Ann"))
            ids.append(record.id)
        lobby = (await tables.new(1, 300, Player(11, "Ann"), "tally", {})).id
        before = {i: (await tables.get(i)).version for i in ids}
        assert await store.take_games("one", [*ids[:2], lobby], 60) == set(ids[:2])  # no lobby
        assert await store.take_games("two", ids, 60) == {ids[2]}
        assert await store.take_games("one", ids, 60) == set(ids[:2])  # its own, renewed
        await store.release_games("two", [ids[0]])  # not two's: nothing happens
        await store.release_games("one", [ids[1]])
        assert await store.take_games("two", ids, 60) == {ids[1], ids[2]}
        clock.advance(61)  # every lease ran out
        assert await store.take_games("three", ids, 60) == set(ids)
        assert {i: (await tables.get(i)).version for i in ids} == before
        assert await store.take_games("three", [], 60) == set()
        await store.close()

    run(go())


THOUGHT: list[tuple[str, int, int]] = []  # (holder, game, version) of every computer decision


def _noting(holder: str, game_id: int, version: int, *args: Any) -> Move:
    """A chooser noting who thought about which game at which version (top-level: it is pickled
    on its way to the worker, which runs inline in tests, in this process)."""
    THOUGHT.append((holder, game_id, version))
    return any_legal(*args)


class _Counted(Computers):
    """A computer pass whose every decision is noted in ``THOUGHT``."""

    def __init__(self, tables: Tables, holder: str) -> None:
        super().__init__(tables, any_legal, holder=holder)

    async def _play_one(self, record: GameRecord) -> int:
        self._choose = functools.partial(_noting, self.holder, record.id, record.version)
        return await super()._play_one(record)


@pytest.mark.backends("postgres")
def test_two_processes_computer_passes_at_once_act_on_each_game_once(db: Path | str) -> None:
    """Issue 16 item 2: two processes' computer passes over the same games, at the same time,
    round after round of clocks running out: every takeover and every computer move is made by
    exactly one of them (no seat thought about twice, none written twice), and each takeover and
    move notice is taken for posting by one of them."""

    async def go() -> None:
        clock = Clock()
        stores = [await open_store(db, clock=clock), await open_store(db, clock=clock)]
        tables = [Tables(s, lambda: [toy.TALLY], clock=clock, new_seed=lambda: 3) for s in stores]
        for g in range(6):
            record = await tables[0].new(1, 100 + g, Player(11, "Ann"), "tally", {}, clock_hours=1)
            await tables[0].join(record.id, Player(12, "Bob"))
            await tables[0].start(record.id, Player(11, "Ann"))
        THOUGHT.clear()
        passes = [_Counted(t, f"shard {i}") for i, t in enumerate(tables)]
        pings = [Pings(t, holder=f"shard {i}") for i, t in enumerate(tables)]
        taken: list[set[tuple[int, str]]] = [set(), set()]
        # Shard 1 holds games 4-6 already (a pass of its own under way): shard 0 must leave them.
        assert await stores[1].take_games("shard 1", [4, 5, 6], 3 * 3600) == {4, 5, 6}
        for round_ in range(12):
            clock.advance(2 * 3600)  # the clock of whoever is waited for runs out
            # Both at once, each starting first in turn (the first to lease gets the free games);
            # shard 0 first in the first round, so that it surely takes games 1-3 (shard 1 first
            # took all six in about one run in ten on a loaded machine, and shard 0 none).
            await asyncio.gather(*(p.run() for p in passes[:: -1 if round_ % 2 else 1]))
            for i, found in enumerate(await asyncio.gather(*(p.take() for p in pings))):
                taken[i] |= {(n.game_id, n.key) for n in found}
                for n in found:
                    await stores[i].notice_sent(n.game_id, n.key)
        records = await stores[0].running()
        assert not records, "every game finished by the computers"
        assert len({(g, v) for _, g, v in THOUGHT}) == len(THOUGHT)  # none thought about twice
        logged = sum([len(await stores[0].moves(g)) for g in range(1, 7)])
        assert logged == len(THOUGHT)  # every move thought about was written, once
        assert {h for h, _, _ in THOUGHT} == {"shard 0", "shard 1"}  # both did take games
        assert not taken[0] & taken[1]
        takeovers = [k for _, k in taken[0] | taken[1] if "takeover" in k]
        assert len(takeovers) == 12  # two seats in each of six games, each taken over once
        for s in stores:
            await s.close()

    run(go())
