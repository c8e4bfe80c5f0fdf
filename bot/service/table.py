"""The table service: lobby, life cycle and moves, with no Discord types (design.md, "The parts").

Every operation loads the game, checks who may do it, asks the rules engine, and writes through
the store with the version it started from. The Discord layer, the sandbox, tests and benchmarks
all drive this same code. Refusals raise ``TableError`` (ours), ``RulesError`` (the engine's) or
``StoreError`` (a stale board); all carry a message for players and change nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cachetools import LRUCache

from bot.service import guide
from bot.service import words as vocab
from bot.service.clock import Clock
from bot.service.clocks import CLOCK_MAX_HOURS, DEFAULT_CLOCK_HOURS, quiet_of
from bot.service.languages import ServerLanguages
from bot.service.levels import COMPUTER_LEVELS, DEFAULT_LEVEL
from bot.service.movelog import live, replay_log
from bot.service.store import (
    COMPUTER,
    Change,
    Computer,
    GameRecord,
    MoveRecord,
    Seating,
    SeatRecord,
    StaleVersion,
    Status,
    Store,
    WaitRecord,
)
from i18n import moves as i18n_moves
from rules import all_games
from rules.core import (
    ContentChanged,
    Game,
    Move,
    NotYourTurn,
    Outcome,
    Prompt,
    RulesError,
    game_continues_turn,
    game_prompt,
    name_seats,
    normalise_options,
)

log = logging.getLogger("tavola")
RACE_RETRIES = 8
"""How often a choice is re-applied after other players' choices were stored first (a vote of
five players arriving at once needs at most four)."""


class TableError(Exception):
    """A refusal by the table service (not a rules question), with a message for players."""


class DamagedState(TableError):
    """A game's stored state cannot be read (``replayable``: its move log can rebuild it)."""

    def __init__(self, game_id: int, *, replayable: bool = True) -> None:
        self.game_id = game_id
        self.replayable = replayable
        super().__init__(
            vocab.N_(
                "Game #{id}'s saved board is damaged; it is rebuilt from its move log, try again.", id=game_id
            )
            if replayable
            else vocab.N_(
                "Game #{id}'s saved board is damaged and its move log cannot rebuild it. Nothing was "
                "changed; an admin can restore the database from a backup or end the game with "
                "`/game abandon`.",
                id=game_id,
            )
        )


class GameDataChanged(TableError):
    """A saved game cannot be loaded with the content data the bot runs with now."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(
            vocab.N_(
                "Game #{id} can't continue: the game's content data changed since it began, so its "
                "saved state no longer fits. An admin can restart the bot with the data the game "
                "began with, or end it with `/game abandon`. (Details: {detail})",
                id=game_id,
                detail=detail,
            )
        )


@dataclass(frozen=True)
class Player:
    """Someone using the bot: a Discord user id and the name shown to others."""

    user_id: int
    name: str


@dataclass(frozen=True)
class Turn:
    """A running game at one version, as the front end shows it after any action."""

    record: GameRecord
    game: Game
    state: Any
    events: tuple[str, ...]  # what just happened, seat placeholders already replaced by names
    acting: tuple[SeatRecord, ...]  # who must act now (several for simultaneous decisions)
    prompts: Mapping[int, Prompt]  # seat -> what that seat is asked now (texts with names)
    outcome: Outcome | None
    move_text: str = ""  # the move just applied, canonical text ("" after start)
    move_words: str = ""  # the same move as its button reads (issue 12 item 8: no notation)
    secret_move: bool = False  # that move answered a secret prompt: never echo it in public
    # Seats still waiting that were already waiting before this move (someone else answered a
    # decision they all face at once): listed, but not pinged again for it.
    quiet: frozenset[int] = frozenset()
    # Seats whose turn came during their quiet hours: named, not pinged (the clock pings them
    # when their quiet hours end).
    asleep: frozenset[int] = frozenset()
    mover: int | None = None  # the seat that just moved (None after a start, an undo, ...)
    by_computer: bool = False  # the computer made that move for its seat
    reclaimed: bool = False  # the mover took their seat back from the computer with it
    # The mover must answer a decision of the same turn (rules.core.game_continues_turn): it is
    # asked in their private reply, and ``events`` are this move's only. Otherwise ``events``
    # are the whole turn's, follow-ups included, for the one public post of the turn.
    follow_up: bool = False
    # A person's move left the game waiting for a computer: its post is words only, and the
    # board goes with the computers' report, owed by an outbox notice written with the move
    # (``board_notices``), so a board seconds out of date is not posted first.
    board_later: bool = False

    @property
    def shows_board(self) -> bool:
        """Whether the public post of this turn carries the board. Not while secret decisions
        follow one another (the others still deciding, or the next vote or draft pick of the
        same series): nothing is on the board that the words do not say, and the board comes
        once the series ends (issue 12: no public image after a secret decision before its
        reveal). Not when the computers' report brings it (``board_later``)."""
        return not self.board_later and not self.secret_series

    @property
    def secret_series(self) -> bool:
        """A secret decision led to another secret decision (no board until the series ends)."""
        return (
            self.secret_move
            and self.outcome is None
            and bool(self.acting)
            and all(self.prompts[s.seat].secret for s in self.acting)
        )

    @property
    def still_secret(self) -> bool:
        """A secret decision was made and the others are still deciding the same thing: the
        channel hears that it was made, with no board (nothing public changed until the reveal)."""
        return (
            self.secret_move
            and self.outcome is None
            and bool(self.acting)
            and all(s.seat in self.quiet for s in self.acting)
        )

    @property
    def computer_turn(self) -> bool:
        """The computer must decide for one of the seats the game waits for now."""
        return any(self.record.seating.playing(s.seat) for s in self.acting)

    @property
    def only_computers(self) -> bool:
        """The computer decides for every seat the game waits for now."""
        return bool(self.acting) and all(self.record.seating.playing(s.seat) for s in self.acting)

    @property
    def public_view(self) -> dict[str, Any]:
        return self.game.player_view(self.state, None)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def owes_dm(self) -> bool:
        """A turn came (awake) to a player who wants a DM for it: worth running what is due now."""
        record = self.record
        for wait in record.waits:
            if (
                wait.version == record.version
                and wait.handed
                and wait.mentioned
                and wait.seat < len(record.seats)
            ):
                mine = record.settings.get(record.seats[wait.seat].user_id)
                if mine is not None and mine.dm:
                    return True
        return False


@dataclass(frozen=True)
class Private:
    """One seated player's own view and what they are asked."""

    record: GameRecord
    game: Game
    seat: int
    view: dict[str, Any]
    prompt: Prompt | None  # None when this seat need not act now
    moves: tuple[Move, ...]  # this seat's legal moves now (empty when not acting)
    choice_key: str = ""  # names this exact list of choices (see ``choice_key``)


GameSource = Callable[[], Sequence[Game]]


# Games whose loaded state is kept (bench/memory.py measures it): a large state is ~0.1 MB in
# memory, so 256 games ~25 MB; a game not played for a while is loaded from JSON again (~2 ms).
STATE_CACHE = 256


class Tables:
    """The table service. ``games`` lists the playable games (the rules registry by default)."""

    def __init__(
        self,
        store: Store,
        games: GameSource = all_games,
        *,
        new_seed: Callable[[], int] = lambda: secrets.randbelow(2**31),
        cache_states: bool = True,
        clock: Clock | None = None,
        clock_hours: float = DEFAULT_CLOCK_HOURS,
    ) -> None:
        self.store = store
        self.languages = ServerLanguages(store)  # each server's language for public posts
        self.clock = clock or Clock()  # the move clocks read it (waits, pings, takeovers)
        self.default_clock_hours = clock_hours  # for /game new without clock, and older games
        self._games = games
        self._new_seed = new_seed
        self._cache_states = cache_states
        # game id -> (version, state). States are immutable by the rules contract, so a state
        # cached at a version is exactly what from_json of that version's cache would give.
        # Bounded (LRU): the games played lately; an evicted game pays one from_json again.
        self._states: LRUCache[int, tuple[int, Any]] = LRUCache(maxsize=STATE_CACHE)
        self.moves_made = 0  # moves this process applied (the liveness line's rate)
        # game id -> (version, events): the events (with {pN}) of the moves of the turn under
        # way, not announced yet because the mover still had follow-ups to answer. A cache of
        # the move log: rebuilt by replaying it when missing (a restart, another process), so
        # bounded like the states.
        self._told: LRUCache[int, tuple[int, tuple[str, ...]]] = LRUCache(maxsize=STATE_CACHE)
        # game id -> its post with live buttons (bounded: a game evicted keeps its old post's
        # buttons, which answer "the board has moved on" as every outdated button does)
        self._live: LRUCache[int, tuple[int, int]] = LRUCache(maxsize=STATE_CACHE)
        # game id -> the version at which its state and log were found unusable (reported once;
        # not replayed again until the game changes)
        self._unplayable: dict[int, int] = {}

    # ----------------------------------------------------------------------------------------
    # games and records
    # ----------------------------------------------------------------------------------------

    def games(self) -> list[Game]:
        return list(self._games())

    def game(self, name: str) -> Game:
        key = name.strip().lower()
        for game in self._games():
            if game.name == key:
                return game
        known = ", ".join(g.name for g in self._games()) or "none"
        raise TableError(
            vocab.N_("There is no game called '{name}'. Games: {known}.", name=name, known=known)
        )

    async def get(self, game_id: int) -> GameRecord:
        record = await self.store.get(game_id)
        if record is None:
            raise TableError(vocab.N_("That game no longer exists."))
        return record

    async def _record(self, game_ref: int | GameRecord) -> GameRecord:
        return game_ref if isinstance(game_ref, GameRecord) else await self.get(game_ref)

    async def in_channel(self, channel_id: int) -> GameRecord:
        record = await self.store.open_in_channel(channel_id)
        if record is None:
            raise TableError(vocab.N_("There is no game in this channel. Start one with `/game new`."))
        return record

    async def last_in_channel(self, channel_id: int) -> GameRecord:
        """The channel's newest game, open or over (``/game status`` after the end, rematch)."""
        record = await self.store.last_in_channel(channel_id)
        if record is None:
            raise TableError(vocab.N_("There is no game in this channel. Start one with `/game new`."))
        return record

    async def rematch(self, channel_id: int, player: Player) -> GameRecord:
        """A lobby with the same players (computers too), options and clock as the channel's last
        game, once it is over; the seats are drawn again at the start. Those who left or were
        replaced are not brought back. The caller must have played in it and becomes creator."""
        last = await self.last_in_channel(channel_id)
        if last.status in ("lobby", "running"):
            raise TableError(
                vocab.N_("This channel's game is not over yet; a rematch opens once it has ended.")
            )
        if last.seat_of(player.user_id) is None:
            raise TableError(vocab.N_("Only the players of game #{id} can ask for its rematch.", id=last.id))
        computers = {s.seat for s, c in _seat_computers(last) if c.mode == "seat"}
        people = [s for s in last.seats if s.user_id > 0 and s.user_id != player.user_id]
        bots = [s for s in last.seats if s.seat in computers]
        record = await self.new(
            last.guild_id, channel_id, player, last.game, last.options, clock_hours=self.clock_of(last)
        )
        seats = [
            *record.seats,
            *(SeatRecord(len(record.seats) + i, s.user_id, s.name) for i, s in enumerate(people)),
        ]
        seating = Seating(
            {
                len(seats) + i: Computer(last.seating.computers[s.seat].level, "seat")
                for i, s in enumerate(bots)
            },
            {},
        )
        seats += [SeatRecord(len(seats) + i, s.user_id, s.name) for i, s in enumerate(bots)]
        return await self.store.commit(record.id, record.version, Change(seats=seats, seating=seating))

    async def list_guild(self, guild_id: int) -> list[GameRecord]:
        return await self.store.list_guild(guild_id)

    def state_of(self, record: GameRecord) -> Any:
        """The state of a started game from the cache or its stored state; ``DamagedState`` if
        the stored state cannot be read (``load_state`` then rebuilds it from the move log)."""
        if record.state is None:
            raise TableError(vocab.N_("This game has not started yet."))
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        try:
            state = self.game(record.game).from_json(record.state)
        except ContentChanged as exc:
            # A game may refuse a state saved under other content data (e.g. an override file):
            # replaying it against changed values would silently change the game.
            raise GameDataChanged(record.id, str(exc)) from exc
        except Exception as exc:  # damaged text, or a value the engine cannot take
            raise DamagedState(record.id) from exc
        self._remember(record, state)
        return state

    async def load_state(self, record: GameRecord) -> Any:
        """``state_of``, but a stored state that cannot be read is rebuilt from the move log (the
        record; the state column is a cache) and written back at the same version, so buttons
        stay valid. A log that cannot be replayed either raises ``DamagedState``."""
        try:
            return self.state_of(record)
        except DamagedState as damaged:
            cause = damaged.__cause__
        if self._unplayable.get(record.id) == record.version:
            raise DamagedState(record.id, replayable=False)
        try:
            state = await self.replay(record.id)
            game = self.game(record.game)
            text = game.to_json(state)
        except Exception as exc:
            if record.id not in self._unplayable:  # reported once, not on every pass of the clock
                log.error(
                    "game %s: stored state unreadable (%r) and its move log does not replay (%r)",
                    record.id,
                    cause,
                    exc,
                )
            self._unplayable[record.id] = record.version
            raise DamagedState(record.id, replayable=False) from exc
        log.warning("game %s: stored state unreadable (%r); rebuilt from its move log", record.id, cause)
        if await self.store.repair_state(record.id, record.version, text):
            self._remember(record, state)
        return state

    def _remember(self, record: GameRecord, state: Any) -> None:
        # A finished game is not played on: reading it (status, log, history) does not keep it.
        if self._cache_states and record.status != "finished":
            self._states[record.id] = (record.version, state)

    # ----------------------------------------------------------------------------------------
    # lobby
    # ----------------------------------------------------------------------------------------

    async def new(
        self,
        guild_id: int,
        channel_id: int,
        creator: Player,
        game_name: str,
        options: Mapping[str, Any],
        *,
        clock_hours: float | None = None,
        bots: int = 0,
        bot_level: str = DEFAULT_LEVEL,
    ) -> GameRecord:
        """Open a lobby; ``bots`` computer seats of ``bot_level`` are seated at once."""
        game = self.game(game_name)
        chosen = normalise_options(game, options)
        hours = self.default_clock_hours if clock_hours is None else clock_hours
        if not 0 <= hours <= CLOCK_MAX_HOURS:
            raise TableError(
                vocab.N_(
                    "The clock is the hours each player has per decision: 0 (no clock) to {most}.",
                    most=CLOCK_MAX_HOURS,
                )
            )
        if not 0 <= bots < game.max_players:
            raise TableError(
                vocab.N_(
                    "{title} seats at most {most} players, you included: `bots` is 0 to {bots_n}.",
                    title=game.title,
                    most=game.max_players,
                    bots_n=game.max_players - 1,
                )
            )
        level = check_level(bot_level)
        record = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.name,
            options=chosen,
            seed=self._new_seed(),
            creator=SeatRecord(0, creator.user_id, creator.name),
            clock_hours=hours,
        )
        if not bots:
            return record
        seats, seating = with_computers(record.seats, record.seating, bots, level)
        return await self.store.commit(record.id, record.version, Change(seats=seats, seating=seating))

    def clock_of(self, record: GameRecord) -> float:
        """The game's hours per decision (0: no clock); older games keep the server default."""
        return self.default_clock_hours if record.clock_hours is None else record.clock_hours

    async def lobby_posted(self, game_id: int, message_id: int) -> GameRecord:
        """Remember the lobby card's message (to update it when the lobby changes)."""
        record = await self.get(game_id)
        return await self.store.commit(record.id, record.version, Change(lobby_message_id=message_id))

    async def join(self, game_id: int, player: Player) -> GameRecord:
        """Take a seat; players joining at the same moment are all seated (re-read on a race)."""
        return await self._retrying(lambda: self._join_once(game_id, player))

    async def _join_once(self, game_id: int, player: Player) -> GameRecord:
        record = await self.get(game_id)
        self._require_lobby(record)
        if record.seat_of(player.user_id) is not None:
            raise TableError(vocab.N_("You have already joined this game."))
        game = self.game(record.game)
        if len(record.seats) >= game.max_players:
            raise TableError(
                vocab.N_(
                    "{title} takes at most {most} players; this table is full.",
                    title=game.title,
                    most=game.max_players,
                )
            )
        seats = (*record.seats, SeatRecord(len(record.seats), player.user_id, player.name))
        return await self.store.commit(record.id, record.version, Change(seats=seats))

    async def add_computer(self, game_id: int, player: Player, level: str) -> GameRecord:
        """The lobby's creator seats a computer player of ``level`` (one of ``COMPUTER_LEVELS``)."""
        record = await self.get(game_id)
        self._require_lobby(record)
        if player.user_id != record.creator_id:
            raise TableError(vocab.N_("Only the player who created the game can add computer players."))
        game = self.game(record.game)
        if len(record.seats) >= game.max_players:
            raise TableError(
                vocab.N_(
                    "{title} takes at most {most} players; this table is full.",
                    title=game.title,
                    most=game.max_players,
                )
            )
        seats, seating = with_computers(record.seats, record.seating, 1, level)
        return await self.store.commit(record.id, record.version, Change(seats=seats, seating=seating))

    async def leave(self, game_id: int, player: Player) -> GameRecord:
        """Leave a lobby. The creator may leave too: the next player who joined becomes the
        creator, or, with nobody else seated but computers, the lobby is closed (abandoned).
        Players leaving (or joining) at the same moment are all kept (re-read on a race)."""
        return await self._retrying(lambda: self._leave_once(game_id, player))

    @staticmethod
    async def _retrying(attempt: Callable[[], Awaitable[GameRecord]]) -> GameRecord:
        """``attempt`` (which reads the game afresh and checks everything again) until its write
        finds the version it read: lobby changes by several players at once are all kept."""
        for _ in range(RACE_RETRIES - 1):
            try:
                return await attempt()
            except StaleVersion:
                continue
        return await attempt()

    async def _leave_once(self, game_id: int, player: Player) -> GameRecord:
        record = await self.get(game_id)
        seated = record.seat_of(player.user_id) is not None
        if record.status == "running":
            raise TableError(
                vocab.N_("To leave a running game use `/game leave` (the computer then plays your seat).")
                if seated
                else vocab.N_("You are not playing in this game.")
            )
        self._require_lobby(record)
        if not seated:
            raise TableError(vocab.N_("You are not in this game."))
        rest = [s for s in record.seats if s.user_id != player.user_id]
        seats, seating = renumbered(rest, record.seating)
        creator = record.creator_id
        if player.user_id == creator:
            people = [s for s in rest if s.user_id > 0]
            if not people:
                return await self.store.commit(
                    record.id, record.version, Change(status="abandoned", seats=seats, seating=seating)
                )
            creator = people[0].user_id
        return await self.store.commit(
            record.id,
            record.version,
            Change(
                seats=seats, seating=seating, creator_id=creator if creator != record.creator_id else None
            ),
        )

    async def start(self, game_id: int, player: Player) -> Turn:
        record = await self.get(game_id)
        self._require_lobby(record)
        if player.user_id != record.creator_id:
            raise TableError(vocab.N_("Only the player who created the game can start it."))
        game = self.game(record.game)
        count = len(record.seats)
        if count < game.min_players:
            raise TableError(
                vocab.N_(
                    "{title} needs at least {least} players; {count} joined so far.",
                    title=game.title,
                    least=game.min_players,
                    count=count,
                )
            )
        if count > game.max_players:
            raise TableError(
                vocab.N_(
                    "{title} takes at most {most} players; {count} joined.",
                    title=game.title,
                    most=game.max_players,
                    count=count,
                )
            )
        # Seat order (and with it colours, which follow seats) is drawn from the game's seed, so
        # it is random for players yet reproducible from the record.
        order = list(record.seats)
        random.Random(f"tavola-seats:{record.seed}").shuffle(order)
        seats, seating = renumbered(order, record.seating)
        state = game.setup(count, record.seed, record.options)
        waits, asleep = self._waits(record, seats, game, None, state, None)
        owed = board_notices(record, game, state, seating, None)  # computers open: their report
        saved = await self.store.commit(
            record.id,
            record.version,
            Change(
                status="running",
                state=game.to_json(state),
                seats=seats,
                waits=waits,
                seating=seating,
                notices=owed,
            ),
        )
        self._remember(saved, state)
        return replace(self._turn(saved, game, state, ()), asleep=asleep, board_later=bool(owed))

    async def move_to_channel(self, game_id: int, channel_id: int) -> Turn:
        """Carry an open game to another channel, e.g. the thread opened for it at the start."""
        record = await self.get(game_id)
        if record.status != "running":
            raise TableError(vocab.N_("Only a running game can move to another channel."))
        saved = await self.store.commit(record.id, record.version, Change(channel_id=channel_id))
        game = self.game(saved.game)
        state = await self.load_state(record)
        self._remember(saved, state)
        return self._turn(saved, game, state, ())

    async def abandon(self, game_id: int, player: Player, *, may_manage_server: bool) -> GameRecord:
        record = await self.get(game_id)
        if record.status not in ("lobby", "running"):
            raise TableError(vocab.N_("This game is already over."))
        if player.user_id != record.creator_id and not may_manage_server:
            raise TableError(
                vocab.N_("Only the game's creator or someone with Manage Server can abandon it.")
            )
        self._states.pop(record.id, None)
        return await self.store.commit(record.id, record.version, Change(status="abandoned", waits=()))

    @staticmethod
    def _require_lobby(record: GameRecord) -> None:
        if record.status != "lobby":
            raise TableError(
                vocab.N_("This game has already started.")
                if record.status == "running"
                else vocab.N_("This game is over.")
            )

    # ----------------------------------------------------------------------------------------
    # play
    # ----------------------------------------------------------------------------------------

    async def turn(self, game_id: int) -> Turn:
        """The game as it stands (for ``/game status``); a damaged stored state is rebuilt."""
        record = await self.get(game_id)
        if record.status != "lobby":
            await self.load_state(record)  # rebuilds a damaged state into the cache turn_of reads
        return self.turn_of(record)

    def turn_of(self, record: GameRecord) -> Turn:
        """The game of ``record`` as it stands (no read of its own)."""
        if record.status == "lobby":
            raise TableError(vocab.N_("This game has not started yet."))
        game = self.game(record.game)
        return self._turn(record, game, self.state_of(record), ())

    def _running_seat(self, record: GameRecord, user_id: int) -> int:
        if record.status != "running":
            raise TableError(
                vocab.N_("This game is not running.")
                if record.status != "lobby"
                else vocab.N_("This game has not started yet.")
            )
        seat = record.seat_of(user_id)
        if seat is None:
            raise TableError(vocab.N_("You are not playing in this game."))
        return seat

    async def move(
        self, game_ref: int | GameRecord, user_id: int, text: str, *, expected_version: int | None = None
    ) -> Turn:
        """Parse and apply ``text`` for ``user_id``; persist it if the board has not moved on.

        ``game_ref``: its id, or its record as the caller just read it (a move then reads nothing
        more: the write's version check refuses it if the game changed meanwhile).
        ``expected_version`` is the version the player saw (a button's); text commands pass None
        and are checked against the version they were parsed at. A person moving in a seat the
        computer took over after their clock ran out takes it back with this move.
        """
        record = await self._record(game_ref)
        if expected_version is not None and record.version != expected_version:
            raise TableError(
                vocab.N_("The board has moved on since that button was made. Look at the latest board.")
            )
        for _ in range(RACE_RETRIES):
            try:
                return await self._move_at(record, user_id, text)
            except StaleVersion:
                # Another move was stored meanwhile. When it left this seat's decision as it was
                # (another player's vote or draft pick made at the same moment), apply the choice
                # to the new state rather than refuse it (issue 8 item 6).
                fresh = await self.get(record.id)
                if not await self._untouched(record, fresh, user_id):
                    raise
                record = fresh
        raise StaleVersion()

    async def _move_at(self, record: GameRecord, user_id: int, text: str) -> Turn:
        """One attempt of ``move`` against ``record``: ``StaleVersion`` if the game changed."""
        seat = self._running_seat(record, user_id)
        return await self.apply_text(record, seat, text, actor=None)

    async def apply_text(self, record: GameRecord, seat: int, text: str, *, actor: str | None) -> Turn:
        """Apply ``text`` for ``seat`` of a running game, by its person (``actor`` None) or by the
        computer (``COMPUTER``): one version-checked write with the log entry and the new waits."""
        game = self.game(record.game)
        state = await self.load_state(record)
        if seat not in game.active_players(state):
            raise NotYourTurn(
                vocab.N_("It is not your turn. {waiting}", waiting=self._waiting_line(record, game, state))
            )
        secret = game_prompt(game, state, seat).secret
        move, new_state, raw_events = played(
            game, state, seat, i18n_moves.canonical(game.name, text), record.names
        )  # typed words of any catalogued language become the engine's (the log keeps its text)
        status: Status | None = "finished" if game.outcome(new_state) is not None else None
        follow_up = status is None and game_continues_turn(game, state, new_state, seat)
        earlier = await self._untold(record, game, seat)
        waits, asleep = self._waits(record, record.seats, game, state, new_state, seat)
        seating, reclaimed = moved_seating(record.seating, seat, actor)
        notices = computer_notices(record, seat, actor, raw_events)
        owed = board_notices(record, game, new_state, seating or record.seating, actor)
        saved = await self.store.commit(
            record.id,
            record.version,
            Change(
                state=game.to_json(new_state),
                move=(seat, move.to_text()),
                actor=actor,
                status=status,
                waits=waits,
                seating=seating,
                notices=(*notices, *owed),
            ),
        )
        self.moves_made += 1
        if status == "finished":
            self._states.pop(saved.id, None)  # finished games are not played on: free the cache
        else:
            self._remember(saved, new_state)
        # Cached even when empty: a hit at this version spares the next move a replay.
        self._told[saved.id] = (saved.version, (*earlier, *raw_events) if follow_up else ())
        if status == "finished":
            self._told.pop(saved.id, None)
        turn = self._turn(saved, game, new_state, raw_events if follow_up else (*earlier, *raw_events))
        quiet = (game.active_players(state) - {seat}) & game.active_players(new_state)
        return replace(
            turn,
            move_text=move.to_text(),
            move_words=guide.move_words(game, state, seat, move, record.names),
            secret_move=secret,
            quiet=frozenset(quiet),
            asleep=asleep,
            mover=seat,
            follow_up=follow_up,
            by_computer=actor == COMPUTER,
            reclaimed=reclaimed,
            board_later=bool(owed),
        )

    async def _untold(self, record: GameRecord, game: Game, seat: int) -> tuple[str, ...]:
        """The events of ``seat``'s turn so far that the channel has not heard (its earlier moves
        were follow-ups answered privately), from the cache or else by replaying the log."""
        cached = self._told.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        mine = next((w for w in record.waits if w.seat == seat), None)
        if mine is None or mine.handed or mine.version != record.version:
            return ()  # the decision came from someone else's move: a turn of its own
        state = game.setup(len(record.seats), record.seed, record.options)
        untold: tuple[str, ...] = ()
        for entry in live(await self.store.moves(record.id)):
            after, events = game.apply(state, entry.seat, game.parse(state, entry.seat, entry.text))
            continues = game_continues_turn(game, state, after, entry.seat)
            untold = (*untold, *events) if continues else ()
            state = after
        return untold

    async def unannounced(self, record: GameRecord) -> None:
        """The turn message of ``record`` (as just stored) was never posted (Discord refused it,
        or the interaction had expired): its new waits are marked unmentioned, so the clock's
        next pass pings whoever must act, with the board's buttons (issue 8 item 4)."""
        # The waits the unposted message began: the newest (a later commit, such as the game
        # moving to its thread, may have bumped the record's version since).
        newest = max((w.version for w in record.waits), default=None)
        waits = tuple(replace(w, mentioned=False) if w.version == newest else w for w in record.waits)
        if waits == record.waits:
            return
        # StaleVersion: the game moved on meanwhile, and that move's own post tells the channel.
        with contextlib.suppress(StaleVersion):
            await self.store.commit(record.id, record.version, Change(waits=waits))

    async def _untouched(self, before: GameRecord, after: GameRecord, user_id: int) -> bool:
        """The changes from ``before`` to ``after`` left ``user_id``'s decision alone: the game
        runs, the seat still acts with the same legal moves, and none of the moves stored since
        is the seat's own (a double click must not apply twice)."""
        seat = before.seat_of(user_id)
        if seat is None or after.status != "running" or after.seat_of(user_id) != seat:
            return False
        game = self.game(after.game)
        old, new = await self.load_state(before), await self.load_state(after)
        if seat not in game.active_players(new):
            return False
        if [m.to_text() for m in game.legal_moves(old, seat)] != [
            m.to_text() for m in game.legal_moves(new, seat)
        ]:
            return False
        since = (await self.store.moves(after.id))[-(after.version - before.version) :]
        return all(m.seat != seat for m in since)

    def _waits(
        self,
        record: GameRecord,
        seats: Sequence[SeatRecord],
        game: Game,
        before: Any | None,
        after: Any,
        mover: int | None,
    ) -> tuple[tuple[WaitRecord, ...], frozenset[int]]:
        """Who the game waits for after a change, since when, and who is asleep.

        A seat that was waiting before and did not move keeps its wait (its clock runs on); any
        other seat that must act starts a new one now. A turn that came to a player from someone
        else's move (``handed``) during their quiet hours does not ping them (``asleep``): the
        clock's start ping does, when their quiet hours end.
        """
        now = self.clock()
        active = game.active_players(after) if game.outcome(after) is None else frozenset()
        kept = {w.seat: w for w in record.waits}
        waiting_before = game.active_players(before) if before is not None else frozenset()
        fresh = [s for s in sorted(active) if s == mover or s not in waiting_before or s not in kept]
        users = {s: seats[s].user_id for s in fresh if s < len(seats)}
        settings = record.settings  # read with the seats: no query of its own
        waits: list[WaitRecord] = []
        asleep: set[int] = set()
        for s in sorted(active):
            if s not in fresh:
                waits.append(kept[s])
                continue
            handed = s != mover
            quiet = quiet_of(settings.get(users.get(s, 0)))
            sleeping = handed and quiet is not None and quiet.contains(now)
            if sleeping:
                asleep.add(s)
            waits.append(WaitRecord(s, record.version + 1, now, not sleeping, handed))
        return tuple(waits), frozenset(asleep)

    async def legal(self, game_ref: int | GameRecord, user_id: int, *, keyed: bool = True) -> Private:
        """A seated player's own view, prompt and legal moves (``game_ref``: its id or fresh record).

        ``keyed=False``: no ``choice_key`` (it costs a count of the seat's moves)."""
        record = await self._record(game_ref)
        seat = record.seat_of(user_id)
        if seat is None:
            raise TableError(vocab.N_("You are not playing in this game."))
        if record.status == "lobby":
            raise TableError(vocab.N_("This game has not started yet."))
        game = self.game(record.game)
        state = await self.load_state(record)
        acting = seat in game.active_players(state)
        prompt = self._named_prompt(game, state, seat, record.names) if acting else None
        moves = tuple(game.legal_moves(state, seat)) if acting else ()
        key = ""
        if acting and keyed:
            key = choice_key(await self.store.move_count(record.id, seat), [m.to_text() for m in moves])
        return Private(record, game, seat, game.player_view(state, seat), prompt, moves, key)

    async def suggestions(
        self, game_ref: int | GameRecord, user_id: int, typed: str, limit: int = 25
    ) -> list[str]:
        """Legal move texts for autocomplete: every typed word must appear; prefix matches first.

        Builds only what it shows (issue 16): the move texts, no view, prompt or choice key, and
        no second read when given the record just read."""
        try:
            record = await self._record(game_ref)
            seat = record.seat_of(user_id)
            if seat is None or record.status == "lobby":
                return []
            game = self.game(record.game)
            state = self.state_of(record)
        except TableError:
            return []
        if seat not in game.active_players(state):
            return []
        return filter_texts([m.to_text() for m in game.legal_moves(state, seat)], typed, limit)

    async def described(
        self, game_ref: int | GameRecord, user_id: int, typed: str, locale: str | None = None, limit: int = 25
    ) -> list[tuple[str, str]]:
        """Autocomplete entries (what the move does, its canonical text): typed words may be in
        either, or the move's text in the reader's words (``i18n.moves``; prefix matches first)."""
        try:
            mine = await self.legal(game_ref, user_id, keyed=False)
        except TableError:
            return []
        texts = [m.to_text() for m in mine.moves]
        words = guide.summaries(
            mine.game, self.state_of(mine.record), mine.seat, mine.moves, mine.record.names
        )
        keyed: dict[str, tuple[str, str]] = {}
        for text, said in zip(texts, words, strict=True):
            local = i18n_moves.localize(mine.game.name, text, locale)
            own = text if local == text else f"{local}\n{text}"
            keyed[f"{own}\n{said}"] = (said, text)
        return [keyed[k] for k in filter_texts(list(keyed), typed, limit)]

    def details(self, mine: Private) -> list[str]:
        """What each of the seat's choices costs, needs or gives, as the game words it (its
        last step's detail; "" when it says nothing more than its label)."""
        return guide.details(mine.game, self.state_of(mine.record), mine.seat, mine.moves, mine.record.names)

    def labels(self, mine: Private) -> list[str]:
        """The seat's choices as their buttons read them (the game's words, seats named)."""
        return guide.labels(mine.game, self.state_of(mine.record), mine.seat, mine.moves, mine.record.names)

    def guide(self, mine: Private, path: Sequence[int]) -> guide.Guided | None:
        """The level ``path`` leads to in the seat's guided turn (None: its moves are not guided)."""
        try:
            return guide.guide_of(
                mine.game, self.state_of(mine.record), mine.seat, mine.moves, mine.record.names, path
            )
        except guide.PathError as exc:
            raise TableError(str(exc)) from exc

    def live_post(self, game_id: int, channel_id: int, message_id: int) -> tuple[int, int] | None:
        """Remember the game's newest public post with buttons; return the one it replaces
        (channel id, message id), whose buttons the front end then removes (issue 12: only the
        current decision is clickable). Kept in memory, so a move still costs one read and one
        write (issue 16): after a restart the post before it keeps its buttons, which answer
        "the board has moved on" as every outdated button does."""
        before = self._live.get(game_id)
        self._live[game_id] = (channel_id, message_id)
        return before

    def latest_post(self, game_id: int) -> tuple[int, int] | None:
        """The game's newest public post with buttons (channel id, message id), as this process
        remembers it (``live_post``); None when it does not (a restart, another process)."""
        return self._live.get(game_id)

    async def log(self, game_id: int) -> list[MoveRecord]:
        return await self.store.moves(game_id)

    async def replay(self, game_id: int) -> Any:
        """Rebuild the state from (game, options, seed, move texts): the log is the record."""
        record = await self.get(game_id)
        game = self.game(record.game)
        start = game.setup(len(record.seats), record.seed, record.options)
        return replay_log(game, start, await self.store.moves(game_id))

    # ----------------------------------------------------------------------------------------
    # presentation helpers (still Discord-free)
    # ----------------------------------------------------------------------------------------

    def _turn(self, record: GameRecord, game: Game, state: Any, raw_events: Sequence[str]) -> Turn:
        names = record.names
        active = sorted(game.active_players(state))
        return Turn(
            record=record,
            game=game,
            state=state,
            events=tuple(name_seats(e, names) for e in raw_events),
            acting=tuple(record.seats[i] for i in active if i < len(record.seats)),
            prompts={i: self._named_prompt(game, state, i, names) for i in active},
            outcome=game.outcome(state),
        )

    @staticmethod
    def _named_prompt(game: Game, state: Any, seat: int, names: Sequence[str]) -> Prompt:
        p = game_prompt(game, state, seat)
        return Prompt(name_seats(p.text, names), p.decision, p.secret)

    @staticmethod
    def _waiting_line(record: GameRecord, game: Game, state: Any) -> str:
        waiting = [record.seats[i].name for i in sorted(game.active_players(state)) if i < len(record.seats)]
        return (
            vocab.N_("Waiting for {names}.", names=", ".join(waiting))
            if waiting
            else vocab.N_("This game is over.")
        )


def _seat_computers(record: GameRecord) -> list[tuple[SeatRecord, Computer]]:
    return [(s, record.seating.computers[s.seat]) for s in record.seats if s.seat in record.seating.computers]


def check_level(level: str) -> str:
    """A computer player's level as typed, or a refusal naming the levels."""
    key = level.strip().lower()
    if key not in COMPUTER_LEVELS:
        raise TableError(
            vocab.N_(
                "The computer's level is one of {names}, not '{level}'.",
                names=", ".join(COMPUTER_LEVELS),
                level=level,
            )
        )
    return key


def renumbered(order: Sequence[SeatRecord], seating: Seating) -> tuple[tuple[SeatRecord, ...], Seating]:
    """Seats numbered in ``order`` (a lobby after a leave, the table at the start), with the
    computer seats' entries following their seats."""
    seats = tuple(SeatRecord(i, s.user_id, s.name) for i, s in enumerate(order))
    computers = {
        i: seating.computers[old.seat] for i, old in enumerate(order) if old.seat in seating.computers
    }
    return seats, Seating(computers, {})


def with_computers(
    seats: Sequence[SeatRecord], seating: Seating, count: int, level: str
) -> tuple[tuple[SeatRecord, ...], Seating]:
    """``count`` computer seats of ``level`` added to a lobby. A computer has a negative user id
    (no Discord user has one), unique in the game, and is named as a computer everywhere:
    "Computer 1", short enough for a board's seat label and the same word in English and
    Italian; its level is shown apart, in the reader's language (``present.computer_level``)."""
    added = list(seats)
    computers = dict(seating.computers)
    for _ in range(count):
        user_id = min([0, *(s.user_id for s in added)]) - 1
        number = sum(1 for s in added if s.user_id < 0) + 1
        added.append(SeatRecord(len(added), user_id, f"Computer {number}"))
        computers[len(added) - 1] = Computer(level, "seat")
    return tuple(added), replace(seating, computers=computers)


def played(game: Game, state: Any, seat: int, text: str, names: Sequence[str]) -> tuple[Move, Any, list[str]]:
    """``text`` parsed and applied for ``seat``: the move, the new state and its raw events. A
    refusal is raised with its seats named, as every text a player reads (issue 12 item 8: the
    engines word refusals with ``{pN}``, e.g. "Now answer: {p0}: choose a Council Privilege")."""
    try:
        move = game.parse(state, seat, text)
        new_state, raw_events = game.apply(state, seat, move)
    except RulesError as exc:
        raise named_refusal(exc, names) from exc
    return move, new_state, list(raw_events)


def named_refusal(exc: RulesError, names: Sequence[str]) -> RulesError:
    """The same refusal (its own class) with ``{pN}`` replaced by display names."""
    try:
        return type(exc)(name_seats(str(exc), names))
    except TypeError:  # a refusal class with another constructor: the plain kind, named
        return RulesError(name_seats(str(exc), names))


def computer_notices(
    record: GameRecord, seat: int, actor: str | None, raw_events: Sequence[str]
) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The outbox entry of a computer's move (none for a person's): written with the move, so the
    channel is told of it exactly once, even across a crash, with its events as the engine
    worded them."""
    if actor != COMPUTER:
        return ()
    named = [name_seats(e, record.names) for e in raw_events]
    body = {"computer": True, "seat": seat, "version": record.version + 1, "events": named}
    return ((f"computer:{record.version + 1}", body),)


def board_notices(
    record: GameRecord, game: Game, after: Any, seating: Seating, actor: str | None
) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The outbox entry owing the board after a person's move (or the start) that leaves the game
    waiting for a computer (none otherwise; people may decide beside it, as in a vote): the
    computers' report, posted seconds later, carries it, so the person's own post is words only.
    Written with the move, so a restart or a failed computer pass still gets the board posted
    (``bot.service.computers``: the report, or the board alone once ``BOARD_WAIT_SECONDS``
    passed)."""
    if actor == COMPUTER or game.outcome(after) is not None:
        return ()
    acting = game.active_players(after)
    if not any(seating.playing(s) for s in acting):
        return ()
    version = record.version + 1
    return ((f"board:{version}", {"board": True, "version": version}),)


def moved_seating(seating: Seating, seat: int, actor: str | None) -> tuple[Seating | None, bool]:
    """The seating after ``seat`` moved (None: unchanged) and whether its person took it back:
    a computer's move is counted; a person's own move ends a takeover of their seat."""
    found = seating.computers.get(seat)
    if found is None:
        return None, False
    if actor == COMPUTER:
        counted = replace(found, moves=found.moves + 1)
        return replace(seating, computers={**seating.computers, seat: counted}), False
    if found.mode != "away":
        return None, False
    back = replace(found, mode="back")
    return replace(seating, computers={**seating.computers, seat: back}), True


def choice_key(own_moves: int, texts: Sequence[str]) -> str:
    """A short name for "this seat's choices, after this many of its own moves".

    When several players decide at once (a secret draft or vote), each one's private choice
    buttons must survive the others' moves, which bump the game's version but leave this seat's
    choices alone. A button carrying this key stays valid while the key is unchanged: the same
    move list (so the index still names the same move) and no move of the seat's own in between
    (so a double click cannot answer the next question with the previous one's button).
    """
    text = f"{own_moves}\n" + "\n".join(texts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def filter_texts(texts: Sequence[str], typed: str, limit: int = 25) -> list[str]:
    words = typed.lower().split()
    first = typed.strip().lower()
    hits = [
        (not t.lower().startswith(first), i, t)
        for i, t in enumerate(texts)
        if all(w in t.lower() for w in words)
    ]
    hits.sort()
    return [t for _, _, t in hits[:limit]]


__all__ = [
    "DamagedState",
    "GameDataChanged",
    "GameSource",
    "Player",
    "Private",
    "RulesError",
    "TableError",
    "Tables",
    "Turn",
    "choice_key",
    "filter_texts",
]
