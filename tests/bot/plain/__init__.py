"""Pebbles: a game written only from design.md's contract ("The rules contract"), to prove that
such a game plugs into the bot with no change in bot/ or render/ (issue 9).

It has none of the optional members (no ``prompt``, ``rules_help``, ``commands``,
``content_settings``, no move ``label``). Seats take turns taking 1, 2 or 3 pebbles from a pile
and score what they take; the seat that empties the pile scores 2 more. Then every seat at once
(a simultaneous choice, which design.md calls a secret vote) guesses "odd" or "even" for the
number of pebbles the game drew in secret at the start; a right guess scores 1.

Registered for one test only (``tests/bot/test_plain_game.py`` adds ``tests.bot.plain`` to
``rules.GAME_PACKAGES``); it is not one of Tavola's games.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import BadSyntax, IllegalMove, NotYourTurn, Option, Outcome, normalise_options, rng_for, seat


@dataclass(frozen=True)
class PebbleMove:
    verb: str  # "take" | "guess"
    arg: str

    def to_text(self) -> str:
        return f"{self.verb} {self.arg}"


class Pebbles:
    name = "pebbles"
    title = "Pebbles"
    min_players = 2
    max_players = 3

    def options(self) -> Sequence[Option]:
        return (Option("pile", 9, (5, 9, 15), "Pebbles in the pile at the start"),)

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove(f"Pebbles is for {self.min_players} to {self.max_players} players.")
        pile = int(normalise_options(self, options)["pile"])
        secret = rng_for(seed, 0).randint(1, 6)  # randomness lives in the state
        return {
            "players": players,
            "pile": pile,
            "turn": 0,
            "taken": [0] * players,
            "last": None,
            "hidden": secret,
            "guesses": [""] * players,
            "phase": "take",
        }

    def active_players(self, state: dict[str, Any]) -> frozenset[int]:
        if state["phase"] == "take":
            return frozenset({state["turn"]})
        if state["phase"] == "guess":
            return frozenset(i for i, g in enumerate(state["guesses"]) if not g)
        return frozenset()

    def legal_moves(self, state: dict[str, Any], player: int) -> Sequence[PebbleMove]:
        if player not in self.active_players(state):
            return []
        if state["phase"] == "take":
            return [PebbleMove("take", str(n)) for n in (1, 2, 3) if n <= state["pile"]]
        return [PebbleMove("guess", "odd"), PebbleMove("guess", "even")]

    def parse(self, state: dict[str, Any], player: int, text: str) -> PebbleMove:
        words = text.strip().lower().split()
        if len(words) != 2 or words[0] not in ("take", "guess"):
            raise BadSyntax(f"'{text}' is not a Pebbles move; try 'take 2' or 'guess odd'.")
        if player not in self.active_players(state):
            raise NotYourTurn("It is not your turn.")
        move = PebbleMove(words[0], words[1])
        if move not in self.legal_moves(state, player):
            raise IllegalMove(f"You cannot '{move.to_text()}' now.")
        return move

    def apply(self, state: dict[str, Any], player: int, move: Any) -> tuple[dict[str, Any], list[str]]:
        move = self.parse(state, player, move.to_text())
        new = json.loads(json.dumps(state))  # the input state is never changed
        if move.verb == "take":
            n = int(move.arg)
            new["pile"] -= n
            new["taken"][player] += n + (2 if new["pile"] == 0 else 0)
            new["last"] = f"{seat(player)} took {n}"
            events = [f"{seat(player)} took {n} pebble(s); {new['pile']} left."]
            if new["pile"] == 0:
                new["phase"] = "guess"
                events.append(f"{seat(player)} emptied the pile (+2). Everyone now guesses odd or even.")
            else:
                new["turn"] = (player + 1) % new["players"]
            return new, events
        new["guesses"][player] = move.arg
        if all(new["guesses"]):
            new["phase"] = "over"
            parity = "odd" if new["hidden"] % 2 else "even"
            return new, [f"The hidden number was {new['hidden']} ({parity}). The game is over."]
        return new, [f"{seat(player)} has guessed."]

    def player_view(self, state: dict[str, Any], player: int | None) -> dict[str, Any]:
        view = {
            "game": "pebbles",
            "pile": state["pile"],
            "phase": state["phase"],
            "taken": list(state["taken"]),
            "last": state["last"],
            "guessed": [bool(g) for g in state["guesses"]],
        }
        if state["phase"] == "over":
            view["hidden"] = state["hidden"]
            view["guesses"] = list(state["guesses"])
        elif player is not None:
            view["my_guess"] = state["guesses"][player]
        return view

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["phase"] != "over":
            return None
        parity = "odd" if state["hidden"] % 2 else "even"
        breakdown = tuple(
            {"pebbles": state["taken"][i], "guess": 1 if state["guesses"][i] == parity else 0}
            for i in range(state["players"])
        )
        scores = tuple(sum(b.values()) for b in breakdown)
        ranking = tuple(sorted(range(state["players"]), key=lambda i: (-scores[i], i)))
        winners = frozenset(i for i in ranking if scores[i] == scores[ranking[0]])
        return Outcome(scores, ranking, winners, breakdown)

    def to_json(self, state: dict[str, Any]) -> str:
        return json.dumps(state, sort_keys=True)

    def from_json(self, text: str) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(text)
        return loaded


GAME = Pebbles()
