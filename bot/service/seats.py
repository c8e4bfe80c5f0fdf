"""Who plays a running game's seats: leaving, replacing, kicking, the computer's takeover when a
clock runs out, and a person taking their seat back (issues 10 and 11). Discord-free.

Every change is one version-checked write of the game's seats and seating (``Seating``), so two
racing requests (a takeover and a move, two kick votes) change it once, never twice. A seat
handed to the computer for good (a leave, a kick) gets a computer's negative user id and the
name "<person> (computer)": the person is no longer seated, and the result still shows whose
seat it was. A takeover keeps the person seated; any move, command or button of theirs in the
game takes the seat back (``reclaim``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.service.levels import TAKEOVER_LEVEL
from bot.service.store import Change, Computer, GameRecord, Seating, SeatRecord, WaitRecord
from bot.service.table import Player, TableError, Tables
from bot.service.words import N_


@dataclass(frozen=True)
class KickVote:
    """A vote to kick a seat: the game after it, how many voted, how many are needed."""

    record: GameRecord
    seat: int
    votes: int
    needed: int

    @property
    def kicked(self) -> bool:
        return self.votes >= self.needed


def running_seat(record: GameRecord, user_id: int) -> int:
    if record.status != "running":
        raise TableError(N_("This game is not running."))
    seat = record.seat_of(user_id)
    if seat is None:
        raise TableError(N_("You are not playing in this game."))
    return seat


def people(record: GameRecord) -> list[SeatRecord]:
    """The seats persons play (not computers)."""
    return [s for s in record.seats if s.user_id > 0]


def seat_named(record: GameRecord, who: int | str) -> int:
    """The seat of a player given as a user id, a seat number (1-based) or a name."""
    if isinstance(who, int):
        found = record.seat_of(who)
        if found is None:
            raise TableError(N_("That player has no seat in this game."))
        return found
    text = who.strip().lower()
    for s in record.seats:
        if text in (str(s.seat + 1), s.name.lower()):
            return s.seat
    raise TableError(
        N_(
            "No seat '{who}' in this game; seats: {names}.",
            who=who,
            names=", ".join(s.name for s in record.seats),
        )
    )


def fresh_wait(record: GameRecord, seat: int, now: float, *, handed: bool) -> tuple[WaitRecord, ...]:
    """The waits with ``seat``'s clock started again now, as a new wait (of the version this
    write makes), so its pings and a later takeover are owed afresh; the message that goes with
    the change names the player (mentioned)."""
    return tuple(
        WaitRecord(w.seat, record.version + 1, now, True, handed) if w.seat == seat else w
        for w in record.waits
    )


def _for_good(record: GameRecord, seat: int) -> tuple[tuple[SeatRecord, ...], Seating]:
    """The seats and seating once ``seat`` is the computer's for good (a leave or a kick)."""
    old = record.seats[seat]
    user_id = min([0, *(s.user_id for s in record.seats)]) - 1
    seats = tuple(
        SeatRecord(seat, user_id, f"{old.name} (computer)") if s.seat == seat else s for s in record.seats
    )
    before = record.seating.computers.get(seat)
    computer = Computer(before.level if before else TAKEOVER_LEVEL, "left", before.moves if before else 0)
    kicks = {s: v for s, v in record.seating.kicks.items() if s != seat}
    return seats, Seating({**record.seating.computers, seat: computer}, kicks)


def check_leave(record: GameRecord, user_id: int) -> int:
    """The seat a player may leave (asked before confirming, and again when confirmed)."""
    seat = running_seat(record, user_id)
    if len(people(record)) == 1:
        raise TableError(
            N_(
                "You are the last person in this game: leaving would leave it to the computers. "
                "End it with `/game abandon` instead."
            )
        )
    return seat


async def leave(tables: Tables, record: GameRecord, player: Player) -> GameRecord:
    """The player leaves a running game: the computer plays their seat to the end."""
    seat = check_leave(record, player.user_id)
    seats, seating = _for_good(record, seat)
    return await tables.store.commit(record.id, record.version, Change(seats=seats, seating=seating))


def check_replace(record: GameRecord, by: Player, seat: int, new: Player, *, may_manage_server: bool) -> None:
    """Refuse a replacement the caller may not ask for (before the new player is asked)."""
    if record.status != "running":
        raise TableError(N_("Seats are replaced in a running game; in a lobby, players join and leave."))
    if by.user_id != record.creator_id and not may_manage_server:
        raise TableError(N_("Only the game's creator or someone with Manage Server can replace a player."))
    if new.user_id <= 0:
        raise TableError(N_("Only a person can take a seat this way."))
    if record.seat_of(new.user_id) is not None:
        raise TableError(N_("{name} already plays in this game.", name=new.name))
    if not 0 <= seat < len(record.seats):
        raise TableError(N_("There is no such seat."))


async def replace_player(
    tables: Tables, record: GameRecord, seat: int, old_user: int, new: Player
) -> GameRecord:
    """``new`` takes ``seat`` (after confirming): they see its private information from now on.
    ``old_user`` is who held the seat when the replacement was asked (it must not have changed)."""
    if record.status != "running" or record.seats[seat].user_id != old_user:
        raise TableError(N_("That seat changed hands since the replacement was asked; ask again."))
    if record.seat_of(new.user_id) is not None:
        raise TableError(N_("You already play in this game."))
    seats = tuple(SeatRecord(seat, new.user_id, new.name) if s.seat == seat else s for s in record.seats)
    computers = dict(record.seating.computers)
    if seat in computers:
        computers[seat] = replace(computers[seat], mode="back")  # the result still counts its moves
    kicks = {s: v for s, v in record.seating.kicks.items() if s != seat}
    now = tables.clock()
    waits = fresh_wait(record, seat, now, handed=True)
    return await tables.store.commit(
        record.id, record.version, Change(seats=seats, seating=Seating(computers, kicks), waits=waits)
    )


async def kick_vote(tables: Tables, record: GameRecord, voter: Player, seat: int) -> KickVote:
    """A vote of the others to kick a timed-out player (the computer plays their seat now):
    more than half of the other persons must vote; then the seat is the computer's for good."""
    mine = running_seat(record, voter.user_id)
    if seat == mine:
        raise TableError(
            N_("You can't vote to kick yourself; `/game leave` hands your seat to the computer.")
        )
    found = record.seating.computers.get(seat)
    if found is None or found.mode != "away":
        raise TableError(
            N_(
                "{name} is not timed out: only a player whose clock ran out (the computer plays for "
                "them now) can be kicked.",
                name=record.seats[seat].name,
            )
        )
    voters = {s.user_id for s in people(record) if s.seat != seat}
    needed = len(voters) // 2 + 1
    votes = tuple(sorted({*record.seating.kicks.get(seat, ()), voter.user_id} & voters))
    if len(votes) >= needed:
        seats, seating = _for_good(record, seat)
        saved = await tables.store.commit(record.id, record.version, Change(seats=seats, seating=seating))
    else:
        seating = replace(record.seating, kicks={**record.seating.kicks, seat: votes})
        saved = await tables.store.commit(record.id, record.version, Change(seating=seating))
    return KickVote(saved, seat, len(votes), needed)


def takeover_notice(wait: WaitRecord) -> tuple[str, dict[str, Any]]:
    """The outbox entry announcing a takeover, claimed with it (once per wait)."""
    return f"takeover:{wait.seat}:{wait.version}", {
        "takeover": True,
        "seat": wait.seat,
        "version": wait.version,
    }


async def take_over(tables: Tables, record: GameRecord, wait: WaitRecord) -> GameRecord:
    """The computer plays ``wait``'s seat (its clock ran out) until its person acts again; the
    channel is told through the outbox, in the same write."""
    before = record.seating.computers.get(wait.seat)
    computer = Computer(TAKEOVER_LEVEL, "away", before.moves if before else 0)
    seating = replace(record.seating, computers={**record.seating.computers, wait.seat: computer})
    return await tables.store.commit(
        record.id, record.version, Change(seating=seating, notices=(takeover_notice(wait),))
    )


async def reclaim(tables: Tables, record: GameRecord, user_id: int) -> GameRecord | None:
    """A person whose seat the computer took over acted in the game (a command or a button):
    the seat is theirs again, with a fresh clock. None when there was nothing to take back."""
    seat = record.seat_of(user_id)
    if record.status != "running" or seat is None:
        return None
    found = record.seating.computers.get(seat)
    if found is None or found.mode != "away":
        return None
    seating = replace(
        record.seating, computers={**record.seating.computers, seat: replace(found, mode="back")}
    )
    now = tables.clock()
    waits = fresh_wait(record, seat, now, handed=False)
    return await tables.store.commit(record.id, record.version, Change(seating=seating, waits=waits))
