"""A tiny game on the rules contract, for testing the platform without a real engine.

"Tally": seats take turns adding 1, 2 or 3 to a shared total (a typed main action) and score what
they add. Adding 3 earns a bonus decision (coin or point: buttons); with ``follow_up`` it is a follow-up of
the adder's turn (``continues_turn``). When the total reaches the
target, everyone votes yes or no in secret at the same time (a simultaneous private decision);
votes are revealed together and each yes scores 1. Then the game ends.
It is injected into ``Tables`` by tests and is never in the rules registry.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.core import (
    BadSyntax,
    IllegalMove,
    NotYourTurn,
    Option,
    Outcome,
    Prompt,
    normalise_options,
    seat,
)


@dataclass(frozen=True)
class ToyMove:
    verb: str
    arg: str

    def to_text(self) -> str:
        return f"{self.verb} {self.arg}"


@dataclass(frozen=True)
class ToyState:
    players: int
    target: int
    vote: bool
    wide: bool = False  # the bonus offers seven choices (shown as a select)
    open_vote: bool = False  # the final vote is simultaneous but not secret
    follow_up: bool = False  # the bonus continues the turn of its adder (continues_turn)
    turn: int = 0
    total: int = 0
    phase: str = "play"  # play | bonus | vote | over
    adds: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()
    coins: tuple[int, ...] = ()
    votes: tuple[str, ...] = ()  # "" = not yet voted
    revealed: bool = False
    log: tuple[str, ...] = field(default=())


class Tally:
    name = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4

    def options(self) -> Sequence[Option]:
        return (
            Option("target", 10, (6, 10, 15), "Total that ends the game"),
            Option("vote", True, (True, False), "Finish with a secret vote"),
            Option("wide", False, (False, True), "Seven bonus choices instead of two"),
            Option("open_vote", False, (False, True), "Vote openly (still everyone at once)"),
            Option("follow_up", False, (False, True), "The bonus is a follow-up of the same turn"),
        )

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> ToyState:
        opts = normalise_options(self, options)
        zeros = (0,) * players
        return ToyState(
            players,
            int(opts["target"]),
            bool(opts["vote"]),
            bool(opts["wide"]),
            bool(opts["open_vote"]),
            bool(opts["follow_up"]),
            adds=zeros,
            bonus=zeros,
            coins=zeros,
            votes=("",) * players,
        )

    def active_players(self, state: ToyState) -> frozenset[int]:
        if state.phase in ("play", "bonus"):
            return frozenset({state.turn})
        if state.phase == "vote":
            return frozenset(i for i, v in enumerate(state.votes) if not v)
        return frozenset()

    def legal_moves(self, state: ToyState, player: int) -> Sequence[ToyMove]:
        if player not in self.active_players(state):
            return []
        if state.phase == "play":
            return [ToyMove("add", str(n)) for n in (1, 2, 3)]
        if state.phase == "bonus":
            gems = [ToyMove("bonus", f"gem{i}") for i in range(1, 6)] if state.wide else []
            return [ToyMove("bonus", "coin"), ToyMove("bonus", "point"), *gems]
        return [ToyMove("vote", "yes"), ToyMove("vote", "no")]

    def parse(self, state: ToyState, player: int, text: str) -> ToyMove:
        words = text.strip().lower().split()
        if len(words) != 2 or words[0] not in ("add", "bonus", "vote"):
            raise BadSyntax(f"'{text}' is not a Tally move. Try 'add 2'.")
        if player not in self.active_players(state):
            raise NotYourTurn("It is not your turn.")
        move = ToyMove(words[0], words[1])
        if move not in self.legal_moves(state, player):
            raise IllegalMove(f"You cannot '{move.to_text()}' now.")
        return move

    def apply(self, state: ToyState, player: int, move: Any) -> tuple[ToyState, list[str]]:
        move = self.parse(state, player, move.to_text())
        if move.verb == "add":
            n = int(move.arg)
            adds = _bump(state.adds, player, n)
            total = state.total + n
            events = [f"{seat(player)} added {n} (total {total})."]
            s = replace(state, adds=adds, total=total)
            if n == 3:
                return replace(s, phase="bonus"), events
            return self._after_turn(s), events
        if move.verb == "bonus":
            if move.arg != "point":  # a coin, or a gem (worth a coin)
                s = replace(state, coins=_bump(state.coins, player, 1))
            else:
                s = replace(state, bonus=_bump(state.bonus, player, 1))
            return self._after_turn(s), [f"{seat(player)} took a bonus {move.arg}."]
        votes = tuple(move.arg if i == player else v for i, v in enumerate(state.votes))
        s = replace(state, votes=votes)
        if all(votes):
            # Reveal together: only now do the events say how anyone voted.
            said = ", ".join(f"{seat(i)} {v}" for i, v in enumerate(votes))
            return replace(s, phase="over", revealed=True), [f"The votes are revealed: {said}."]
        return s, [f"{seat(player)} has voted."]

    def continues_turn(self, before: ToyState, after: ToyState, player: int) -> bool:
        """With ``follow_up``: the bonus after adding 3 belongs to the adder's turn."""
        return after.follow_up and before.phase == "play" and after.phase == "bonus"

    def _after_turn(self, s: ToyState) -> ToyState:
        if s.total >= s.target:
            return replace(s, phase="vote" if s.vote else "over")
        return replace(s, phase="play", turn=(s.turn + 1) % s.players)

    def undo_barrier(self, before: ToyState, after: ToyState, player: int) -> str | None:
        """Tally draws nothing at random; its one hidden thing, the votes, is covered by the
        common rule (a step that completes a secret decision reveals it)."""
        return None

    def prompt(self, state: ToyState, player: int) -> Prompt:
        if state.phase == "bonus":
            return Prompt("choose a bonus", decision=True)
        if state.phase == "vote":
            if state.open_vote:
                return Prompt("Vote yes or no", decision=True)
            return Prompt("Vote yes or no in secret", decision=True, secret=True)
        return Prompt("add 1, 2 or 3 to the total")

    def player_view(self, state: ToyState, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": "tally",
            "round": state.total,
            "total": state.total,
            "target": state.target,
            "phase": state.phase,
            "adds": list(state.adds),
            "votes_cast": sum(1 for v in state.votes if v),
        }
        if state.revealed:
            view["votes"] = list(state.votes)
        if player is not None:
            view["my_vote"] = state.votes[player]
        return view

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.phase != "over":
            return None
        breakdown = tuple(
            {"adds": state.adds[i], "bonus": state.bonus[i], "vote": 1 if state.votes[i] == "yes" else 0}
            for i in range(state.players)
        )
        scores = tuple(sum(b.values()) for b in breakdown)
        ranking = tuple(sorted(range(state.players), key=lambda i: (-scores[i], -state.coins[i], i)))
        best = (scores[ranking[0]], state.coins[ranking[0]])
        winners = frozenset(i for i in ranking if (scores[i], state.coins[i]) == best)
        return Outcome(scores, ranking, winners, breakdown, ("Ties broken by coins.",))

    def to_json(self, state: ToyState) -> str:
        return json.dumps(state.__dict__, sort_keys=True)

    def from_json(self, text: str) -> ToyState:
        data = json.loads(text)
        fixed: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return ToyState(**fixed)

    def rules_help(self) -> str:
        return "# Tally\n\nAdd 1, 2 or 3 on your turn. " + ("Filler text. " * 200)


def _bump(values: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return tuple(v + n if j == i else v for j, v in enumerate(values))


TALLY = Tally()
