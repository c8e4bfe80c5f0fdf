"""``LancasterGame``: the rules contract (rules.core.Game) on top of the engine."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules.core import (
    Card,
    ContentChanged,
    ContentSetting,
    GameCommand,
    IllegalMove,
    JSONValue,
    NotYourTurn,
    Option,
    Outcome,
    Prompt,
    Simulation,
    Step,
    normalise_options,
    say,
    say_n,
    state_from_json,
    state_to_json,
)
from rules.lancaster import cards, extra_laws, guide, henry, hidden, placement, resentment
from rules.lancaster import model as m
from rules.lancaster.commands import COMMANDS, CONTENT_SETTINGS
from rules.lancaster.data import apply_overrides, earlier_bases, load_base, load_expansions, with_expansions
from rules.lancaster.decisions import KINDS
from rules.lancaster.engine import Engine
from rules.lancaster.help import build_help
from rules.lancaster.migrate import UPGRADES
from rules.lancaster.moves import LancasterMove, Lord, Pass, Place, Vote, parse_text
from rules.lancaster.scoring import final_outcome
from rules.lancaster.view import build_view

OPTIONS = (
    Option(
        "noble_stacks",
        "by_letter",
        ("by_letter", "random"),
        "Rules 4.1 step 8: each noble stack goes to the county with the same letter (default: four "
        "setup sources, corrections 2026-12) or to a random county (the English setup sheet).",
        title="Noble stacks",
        words=("each to its own county letter", "to random counties"),
    ),
    Option(
        "vote_markers",
        1,
        (1, 2),
        "Starting vote markers per player: 1 (English rules, default) or 2 (an early German translation).",
        title="Starting vote markers",
        words=("1 each (2 with Henry V)", "2 each"),  # Henry V's C6: 2 whatever this says
    ),
    Option(
        "discard_unused_votes",
        True,
        (True, False),
        "Vote markers not used in Parliament go back to the supply after the third vote (rules 7.2 "
        "step 7, default on); off keeps them for the next round.",
        title="Unused vote markers",
        words=("returned after the third vote", "kept for the next round"),
    ),
    Option(
        "favor_tiles_by_count",
        False,
        (False, True),
        "Conflicting sources (rules 17.5): all 6 King's Favor tiles are used (English text, default) "
        "or the tiles in use depend on the player count (one summary; the counts are the provisional "
        "data value setup.favor_tiles, 6 at every count until someone checks the rulebook).",
        title="King's Favor tiles",
        words=("all 6", "by player count (provisional)"),
    ),
    Option(
        "henry_v",
        False,
        (False, True),
        "Henry V - The Power of the King (expansion; EXPANSIONS.md 4): a turn places a knight or "
        "your lord, on one of three offices or the treasury of the regal board (with a court knight, "
        "a Tudor knight, bishops; a stronger lord expels a weaker one); offices are filled before "
        "counties (royal seals, shields, archers, Tudor knights; the treasury's lord takes all paid "
        "into it); 2 vote markers to start; seals score at the end. With The King's Resentment too, "
        "8 extra laws join the pile. Values and readings are provisional (listed in the rules help).",
        title="Henry V",
    ),
    Option(
        "kings_resentment",
        False,
        (False, True),
        "The King's Resentment (expansion; EXPANSIONS.md 5): the tower is a fourth place for knights "
        "(one per player, at least as strong as its non-player knight: 4/3/2 with 2/3/4 players, any "
        "with 5); a knight there returns before counties and shelters its owner; each lost conflict "
        "gives a dishonor marker to every player without a knight on it, -2 PP each at the end. "
        "Values and readings are provisional (listed in the rules help).",
        title="The King's Resentment",
    ),
    Option(
        "queenie",
        False,
        (False, True),
        "Queenie 1: Reward Tiles (expansion; EXPANSIONS.md 6): each round one of 9 tiles A-I is laid "
        "beside the county of its letter; whoever takes that county's printed reward gains the tile "
        "too. Tile values and when a tile is taken are provisional (listed in the rules help).",
        title="Queenie reward tiles",
    ),
)
EXPANSION_OPTIONS = ("henry_v", "kings_resentment", "queenie")
"""The expansion options offered (each only once the engine plays it whole)."""


# The words of move texts a player may type in their own language (i18n.moves; e.g. "county" of
# county:D, "markers" of markers=2).
MOVE_WORDS = (
    "knight", "ally", "castle", "county", "conflict", "tower", "court", "extension", "favor",
    "upgrade", "vote", "yes", "no", "markers", "marker", "squires", "squire", "buy", "take", "both",
    "noble", "reward", "ransom", "start", "none", "pass",
    # Henry V (lord <space> [knight=N] [tudor] [bishops=N], knight 2 county:D shield, upgrade lord:3)
    "lord", "home", "chancellor", "marshal", "steward", "treasury", "shield", "archer", "bishops",
)  # fmt: skip


class LancasterGame:
    name = "lancaster"
    title = "Lancaster"
    min_players = 2
    max_players = 5

    def __init__(
        self, data: dict[str, Any], override: Mapping[str, Any] | None = None, engine: Engine | None = None
    ) -> None:
        self.use_data(data, override, engine)

    def __reduce__(
        self,
    ) -> tuple[type[LancasterGame], tuple[dict[str, Any], Mapping[str, Any] | None, Engine]]:
        """A pickled game (a computer's move is chosen in a worker process, bot.service.workers)
        is its data, the owner's override and its engine (which pickles itself lightly): the
        compiled class (rules/compiled.py) has no attribute dict to pickle by default."""
        return LancasterGame, (self.data, self._override, self.engine)

    def use_data(
        self, data: dict[str, Any], override: Mapping[str, Any] | None = None, engine: Engine | None = None
    ) -> None:
        """Switch to validated content (base, or base + the owner's ``override``; the expansion
        data is merged beside it when missing); saved games check the fingerprint. A game started
        under an earlier revision of the base data (with the same override) goes on under that
        data: ``_engine_of`` finds it by its fingerprint."""
        if engine is None:
            self.data = with_expansions(data)
            self.engine = Engine(self.data)
        else:  # from a pickle: the engine of that data
            self.data, self.engine = engine.data, engine
        self._override = override
        self._engines: list[Engine] | None = None  # earlier revisions, built when first asked
        # The last answer of ``_engine_of`` and the content and options it was for (see there).
        self._last: tuple[str, Mapping[str, Any] | None, Engine] = ("", None, self.engine)

    def _engine_of(self, state: m.State) -> Engine:
        """The engine of the data the game was started with (today's unless it is older): the
        fingerprint covers the base data and the expansions the game's options use.

        Every contract call asks this, so the last answer is kept for the options dict it was
        for: a move's state shares its options with the state before (states are never changed
        in place, model.copy_for_move), so a whole game or simulation asks it once."""
        last = self._last  # one tuple, read and replaced whole (replays run in other threads)
        if last[1] is state["options"] and last[0] == state["content"]:
            return last[2]
        content, options = state["content"], state["options"]
        engine = self._find_engine(content, options)
        self._last = (content, options, engine)
        return engine

    def _find_engine(self, content: str, options: dict[str, Any]) -> Engine:
        if content == self.engine.fingerprint_for(options):
            return self.engine
        if self._engines is None:
            self._engines = []
            for base in earlier_bases(load_base()):
                data = with_expansions(base)
                self._engines.append(
                    Engine(apply_overrides(data, self._override) if self._override else data)
                )
        return next((e for e in self._engines if e.fingerprint_for(options) == content), self.engine)

    @property
    def fingerprint(self) -> str:
        return self.engine.fingerprint

    # -- contract --------------------------------------------------------------------------------

    def options(self) -> Sequence[Option]:
        return OPTIONS

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> m.State:
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove(
                say("Lancaster is for {min} to {max} players.", min=self.min_players, max=self.max_players)
            )
        opts = normalise_options(self, options)
        return self.engine.setup(players, seed, opts)

    def active_players(self, state: m.State) -> frozenset[int]:
        return self._engine_of(state).active(state)

    def legal_moves(self, state: m.State, player: int) -> Sequence[LancasterMove]:
        return self._engine_of(state).legal(state, player)

    def parse(self, state: m.State, player: int, text: str) -> LancasterMove:
        move = parse_text(text)
        self._check(state, player, move)
        return move

    def apply(self, state: m.State, player: int, move: Any) -> tuple[m.State, list[str]]:
        self._check(state, player, move)
        return self._engine_of(state).apply(state, player, move)

    def simulate(self, state: m.State, player: int, move: LancasterMove) -> m.State:
        """The fast path (``rules.core.game_simulate``): the state ``apply`` returns but for the
        move's words, for a move taken from ``legal_moves`` (not checked again)."""
        return self._engine_of(state).simulate(state, player, move)

    def simulation(self, state: m.State) -> Simulation:
        """``rules.core.game_simulation``: the engine's own calls, for the engine of ``state``
        (the one every state simulated from it has: they share its content and options)."""
        engine = self._engine_of(state)
        return Simulation(engine.active, engine.legal, engine.simulate)

    def prompt(self, state: m.State, player: int) -> Prompt:
        return _prompt(self, state, player)

    def move_steps(
        self, state: m.State, player: int, moves: Sequence[LancasterMove]
    ) -> list[tuple[Step, ...]]:
        return guide.move_steps(self._engine_of(state), state, moves)  # rules/lancaster/guide.py

    def preview(self, state: m.State, player: int, move: LancasterMove) -> str:
        return guide.preview(self._engine_of(state), state, player, move)

    def continues_turn(self, before: m.State, after: m.State, player: int) -> bool:
        """Optional member (``rules.core.game_continues_turn``): ``player``'s move left them the
        next decision of the same phase - the King's Favor and its upgrade or noble after their
        own placement (rules 6.1), or their next reward, exchange or task while the board is
        resolved (rules 7) - rather than a new turn, a vote or the next phase."""
        pending = after["pending"]
        return (
            pending is not None
            and pending["seat"] == player
            and before["phase"] == after["phase"]
            and before["round"] == after["round"]
        )

    def player_view(self, state: m.State, player: int | None) -> dict[str, JSONValue]:
        outcome = self.outcome(state)
        text = decision = None
        if player is not None and player in self.active_players(state):
            text = self.prompt(state, player).text
            if state["pending"] is not None:
                decision = text
        view = build_view(
            state,
            self._engine_of(state).data,
            player,
            self.active_players(state),
            text,
            decision,
            None if outcome is None else outcome.to_json(),
            self.title,
        )
        if player is not None:
            # What this seat knows of the whole state, for computer players (hidden.py).
            view["known_state"] = hidden.known_state(state, player, self._engine_of(state).data)
        return cast(dict[str, JSONValue], view)  # typed for render/ as LancasterView

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> m.State:
        """A state consistent with ``view`` (``rules.core.game_sample_state``; hidden.py)."""
        known = view["known_state"]
        return hidden.sample_state(known, seat, rng, self._engine_of(known).data)

    def outcome(self, state: m.State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        return final_outcome(state, self._engine_of(state).data)

    def round_of(self, state: m.State) -> int:
        """Optional member (``rules.core.game_round``): the round (rules 5)."""
        return int(state["round"])

    def scores_now(self, state: m.State) -> list[int]:
        """Optional member (``rules.core.game_scores_now``): the power points on the track, before
        the final scoring (rules 10)."""
        return [int(seat["power_points"]) for seat in state["seats"]]

    def to_json(self, state: m.State) -> str:
        return state_to_json(state)

    def from_json(self, text: str) -> m.State:
        state = state_from_json(text, UPGRADES)
        now = self._engine_of(state).fingerprint_for(state["options"])
        if now != state.get("content"):
            raise ContentChanged(
                "This Lancaster game was saved with different game data (fingerprint "
                f"{state.get('content')}, now {now}). Start the bot with the same "
                "LANCASTER_OVERRIDES file it had when the game began."
            )
        return state

    def cards(self) -> list[Card]:
        # /card lookups (rules/lancaster/cards.py), with overrides; the expansions' content too
        return cards.cards(self.data) + cards.expansion_cards(load_expansions())

    def catalogue_names(self) -> dict[str, list[str]]:
        """County, noble and castle space names, law texts, sources and move words (i18n)."""
        base = load_base()  # the shipped names: the catalogue translates those
        expansions = load_expansions()
        henry_v, extra = expansions["henry_v"], expansions["extra_laws"]
        return {
            "lancaster county": [c["name"] for c in base["counties"].values()],
            "lancaster noble": [n["name"] for n in base["nobles"].values()],
            "lancaster castle": [
                x["name"] for x in [*base["castle"].values(), *base["ally"]["castle"].values()]
            ],
            "lancaster law": [law["text"] for law in [*base["laws"].values(), *extra["laws"].values()]],
            # Where goods and PP come from, shown in events ("paid 2 gold (laws)").
            "lancaster source": ["laws", "castle", "county", "conflicts", "favor", "reward tiles", "offices"],
            # Henry V: the court spaces and the privileges.
            "lancaster office": [o["name"] for o in henry_v["offices"].values()]
            + [henry_v["treasury"]["name"]],
            "lancaster privilege": [p["name"] for p in henry_v["privileges"].values()],
            "lancaster move": list(MOVE_WORDS),
            # Why each shipped provisional value was chosen (the rules help lists them).
            "lancaster provisional": sorted(set(with_expansions(base)["provisional"].values())),
        }

    def rules_help(self) -> str:
        return build_help(self.data, OPTIONS, EXPANSION_OPTIONS)

    def commands(self) -> Sequence[GameCommand]:
        return COMMANDS  # /lancaster knight (rules/lancaster/commands.py)

    def content_settings(self) -> Sequence[ContentSetting]:
        return CONTENT_SETTINGS  # LANCASTER_OVERRIDES (rules/lancaster/commands.py)

    # -- checks with messages for players --------------------------------------------------------

    def _check(self, state: m.State, player: int, move: Any) -> None:
        active = self.active_players(state)
        if player not in active:
            if not active:
                raise NotYourTurn(say("The game is over."))
            if state["phase"] == "vote" and state["pending"] is None:
                raise NotYourTurn(say("You have already voted; waiting for the others."))
            waiting = ", ".join(f"{{p{s}}}" for s in sorted(active))
            raise NotYourTurn(say("It is not your turn: waiting for {players}.", players=waiting))
        legal = self._engine_of(state).legal(state, player)
        if move in legal:
            return
        raise IllegalMove(self._why(state, player, move, legal))

    def _why(self, state: m.State, player: int, move: Any, legal: Sequence[LancasterMove]) -> str:
        ask = self.prompt(state, player).text
        if isinstance(move, Pass) and state["phase"] == "place" and state["pending"] is None:
            return say(
                "You may pass only when no place is open to your knights without squires. {ask}", ask=ask
            )
        if type(move) not in {type(x) for x in legal}:
            return say("Not now. {ask}", ask=ask)
        if state["pending"] is not None:
            return self._why_decision(state, player, move, legal, ask)
        if isinstance(move, Vote):
            markers = state["seats"][player]["vote_markers"]
            return say_n("You have only {n} vote marker.", "You have only {n} vote markers.", markers)
        if isinstance(move, Place):
            return self._why_place(state, player, move)
        if isinstance(move, Lord):
            return henry.why_not_lord(self._engine_of(state), state, player, move)
        return say("That is not possible now. {ask}", ask=ask)

    def _why_decision(
        self, state: m.State, player: int, move: Any, legal: Sequence[LancasterMove], ask: str
    ) -> str:
        decision = state["pending"]
        kind = KINDS[decision["kind"]]
        why = say("That is not one of the choices.")
        if kind.why is not None:
            why = kind.why(self._engine_of(state), state, decision, move, list(legal))
        choices = ", ".join(x.to_text() for x in legal[:12]) + (", ..." if len(legal) > 12 else "")
        return say("{why} Choices: {choices}.", why=why, choices=choices)

    def _why_place(self, state: m.State, player: int, mv: Place) -> str:
        if mv.ally and state["players"] != 2:
            return say("Allies are only used in the two-player game.")
        force = player + 2 if mv.ally else player
        court = state["forces"][force]["court"]
        if mv.strength not in court:
            shown = ", ".join(map(str, court)) if court else say("empty")
            if mv.ally:
                return say(
                    "There is no strength-{strength} knight in your ally's court (court: {court}).",
                    strength=mv.strength,
                    court=shown,
                )
            return say(
                "There is no strength-{strength} knight in your court (court: {court}).",
                strength=mv.strength,
                court=shown,
            )
        kind, _, where = mv.target.partition(":")
        if mv.tudor or mv.shield or mv.archer:  # Henry V privileges (H2.5-H2.7)
            why = henry.why_not_privilege(self._engine_of(state), state, player, mv)
            if why is not None:
                return why
        if kind == resentment.TOWER:
            return resentment.why_not(self._engine_of(state), state, force, mv)
        if mv.squires and mv.ally:
            return say("Ally knights may not take squires (rules 11).")
        if mv.squires and kind != "county":
            return say("Squires may only be added in a county (never in the castle or a conflict).")
        if mv.squires > state["seats"][player]["squires"]:
            held = state["seats"][player]["squires"]
            if not held:  # not "You have only 0 squires."
                return say("You have no squires.")
            return say_n("You have only {n} squire.", "You have only {n} squires.", held)
        if kind == "county":
            return self._why_county(state, player, mv, where)
        if kind == "castle":
            return self._why_castle(state, player, mv, where)
        if kind == "conflict":
            if not any(c["id"] == where for c in state["conflicts"]):
                shown = ", ".join(c["id"] for c in state["conflicts"]) or say("none")
                return say(
                    "Conflict {conflict} is not on the board (conflicts: {shown}).",
                    conflict=where,
                    shown=shown,
                )
            return say(
                "Conflict {conflict} already has three players; you can only join a card with a free space.",
                conflict=where,
            )
        return say("That placement is not possible.")

    def _why_county(self, state: m.State, player: int, mv: Place, where: str) -> str:
        d = self._engine_of(state).data
        if where not in d["counties"]:
            return say("There is no county {county}.", county=where)
        need = d["counties"][where]["min_strength"]
        # A Tudor knight raises the knight's own strength toward the minimum (H2.6).
        if mv.strength + henry.county_marks(self._engine_of(state), mv).get("extra", 0) < need:
            return say(
                "County {county} needs a knight of strength {need} or more on its own; "
                "squires do not count toward the minimum.",
                county=where,
                need=need,
            )
        occupant = state["counties"][where]
        if occupant is not None and m.controller(state, occupant["force"]) == player:
            return say("You may never expel your own (or your ally's) knight.")
        if occupant is not None and occupant.get("shield"):  # Henry V H2.5
            return say("The knight on {county} has a shield: it cannot be expelled this round.", county=where)
        if occupant is not None:  # the total to beat counts its Tudor knight too (H2.6)
            return say(
                "To expel the knight on {county} your total (knight + squires) must be more than {total}.",
                county=where,
                total=occupant["strength"] + occupant["squires"] + occupant.get("extra", 0),
            )
        return say("That placement is not possible.")

    def _why_castle(self, state: m.State, player: int, mv: Place, where: str) -> str:
        d = self._engine_of(state).data
        spaces = d["ally"]["castle"] if mv.ally else d["castle"]
        if where not in spaces:
            if mv.ally:
                return say(
                    "{space} is not a space of the ally castle (spaces: {spaces}).",
                    space=where,
                    spaces=", ".join(spaces),
                )
            return say(
                "{space} is not a space of your castle (spaces: {spaces}).",
                space=where,
                spaces=", ".join(spaces),
            )
        extended = where in state["seats"][player]["extensions"]
        if not mv.ally and extended and not d["engine"]["knight_on_extended_space"]:
            return say(
                "Castle space {space} is covered by your extension; it pays without a knight.", space=where
            )
        return say("Castle space {space} already holds a knight.", space=where)


def _prompt(game: LancasterGame, state: m.State, player: int) -> Prompt:
    engine = game._engine_of(state)
    d = engine.data
    active = game.active_players(state)
    if player not in active:
        if not active:
            return Prompt(say("The game is over."))
        return Prompt(say("Waiting for {players}.", players=", ".join(f"{{p{s}}}" for s in sorted(active))))
    p = state["pending"]
    if p is None and state["phase"] == "vote":
        law = state["proposals"][state["voting_on"]]
        return Prompt(
            # The same words for every voter, so the channel asks them all in one line; each
            # voter's own markers are on their choices and private board.
            say("Vote on proposal {law}: {text}", law=law, text=extra_laws.law(d, law)["text"])
            # 7.2 steps 3-5, which the choices' words alone did not tell (playtest).
            + "\n"
            + say("Each vote marker you add is one more vote for your side and is spent; a tie passes."),
            decision=True,
            secret=True,
        )
    if p is None:
        return _place_prompt(engine, state, player)
    kind = KINDS[p["kind"]]
    hidden = state["players"] > 2 and kind.private_behind_screens
    return Prompt(kind.prompt(engine, state, p), decision=not hidden)


def _place_prompt(engine: Engine, state: m.State, player: int) -> Prompt:
    """Phase 1: a knight, or (Henry V, H2.1) the lord. The court is on the player's board; the
    channel's line stays short (issue 12)."""
    if henry.lord_ready(engine, state, player):
        if not any(state["forces"][force]["court"] for force in m.forces_of(state, player)):
            return Prompt(say("Place your lord on an office or the treasury, or keep it at home."))
        lord = True
    else:
        lord = False
    if not placement.has_place(engine, state, player, 0):
        # 6.1 as the engine plays it: every place left needs squires (see placement.py).
        if lord:  # Henry V's lord
            return Prompt(
                say(
                    "Place a knight or your lord (or keep your lord at home): every place left for a knight "
                    "needs squires. Place one with enough squires or pass (your knights stay in court this "
                    "round)."
                )
            )
        return Prompt(
            say(
                "Place a knight: every place left for a knight needs squires. Place one with enough "
                "squires or pass (your knights stay in court this round)."
            )
        )
    if lord:
        return Prompt(say("Place a knight or your lord (or keep your lord at home)."))
    return Prompt(say("Place a knight."))
