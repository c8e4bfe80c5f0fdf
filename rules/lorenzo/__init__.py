"""Lorenzo il Magnifico behind the rules contract (rules.core.Game): the base game (2-4 players)
and Houses of Renaissance (option ``houses``, 2-5 players; ``houses/`` and HOUSES.md).

Modules: data (JSON components), moves (notation), effects (permanent modifiers, gain rule),
engine (state, legality, resolution, flow), scoring (final scoring), view (player views),
describe (texts), helptext (rules help). See README.md for how to extend it (Leaders).
"""

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
    NotYourTurn,
    Option,
    Outcome,
    Prompt,
    Simulation,
    Step,
    Wordless,
    coerce_option,
    normalise_options,
    say,
    state_from_json,
    state_to_json,
)
from rules.lorenzo import cards, flow, guide, hidden
from rules.lorenzo.commands import COMMANDS, CONTENT_SETTINGS
from rules.lorenzo.data import (
    BASE_CARDS,
    BASE_LEADERS,
    CARDS,
    EXCOMMUNICATIONS,
    HOUSES,
    LEADERS,
)
from rules.lorenzo.engine import Log
from rules.lorenzo.helptext import RULES_HELP
from rules.lorenzo.houses import content
from rules.lorenzo.houses.help import houses_help
from rules.lorenzo.moves import Draft, LeaderNameAmbiguous, LorenzoMove, Spend, parse_text
from rules.lorenzo.scoring import outcome
from rules.lorenzo.state_copy import copy_for_move
from rules.lorenzo.state_format import UPGRADES
from rules.lorenzo.view import player_view

State = dict[str, Any]

OPTIONS: tuple[Option, ...] = (
    Option(
        "leaders",
        False,
        (False, True),
        "Advanced game: 4 Leader cards per player (drafted), played, activated or discarded for a privilege.",
        title="Leaders",
        words=("none", "4 each"),
    ),
    Option(
        "leader_draft",
        "draft",
        ("draft", "deal"),
        "With leaders: 'draft' (keep 1 of 4, pass the rest right, repeat) or 'deal' (4 random leaders each).",
        title="Leader hands",
        words=("drafted (keep 1, pass the rest)", "dealt at random"),
    ),
    Option(
        "advanced_tiles",
        False,
        (False, True),
        "Advanced game: choose one of the four advanced personal bonus tiles, in reverse turn order.",
        title="Personal bonus tiles",
        words=("standard", "advanced, chosen in reverse turn order"),
    ),
    Option(
        "voluntary_pass",
        False,
        (False, True),
        "Allow a player to pass a placement turn even when a space is open (reference §19: off).",
        title="Passing a placement",
        words=("only when no space is open", "always allowed"),
    ),
    Option(
        "harvest_min_check",
        "member",
        ("member", "action"),
        "Harvest/Production minimum value 1 is tested on the family member after servants ('member', "
        "reference §19 default) or on the final action value after -3, Character and excommunication "
        "modifiers ('action').",
        title="Harvest/Production minimum 1",
        words=("tested on the family member", "tested on the action value"),
    ),
    Option(
        "military_tie",
        "next_gets_second",
        ("next_gets_second", "tied_first_only"),
        "Military ranking when several tie for most MP: all get 5 and the next lower MP gets 2 "
        "('next_gets_second', reference §19 default) or no second place is awarded ('tied_first_only').",
        title="Military ties",
        words=("next player gets second", "tied players only"),
    ),
)

HOUSES_OPTIONS: tuple[Option, ...] = (
    Option(
        "houses",
        False,
        (False, True),
        "Houses of Renaissance: the Special Tower and deck, Special Tokens, the Adaptation tile, the "
        "New Council tile, new excommunications, Family tiles by auction, up to 5 players (Leaders on).",
    ),
    Option(
        "leader_pool",
        "all",
        ("all", "houses", "base"),
        "With houses: the Leaders dealt from: 'all' 44, 'houses' the base 20 + 22 of HoR (without "
        "the likeliest promos), 'base' the 20 of the base game.",
    ),
)
OFFER_HOUSES = True
"""Whether ``options()`` lists the HoR options (issue 13). While False they were accepted by
``setup`` (tests, the sandbox) but not offered to players; ``max_players`` follows it."""


# The words of move texts (and of the parser's aliases) a player may type in their own language
# (i18n.moves: each word part of a token, e.g. "territory" of territory_1, "servants" of servants=2).
MOVE_WORDS = (
    "place", "black", "white", "orange", "neutral", "territory", "character", "building", "venture",
    "harvest", "production", "big", "market", "council", "servants", "servant", "leader", "discard",
    "play", "activate", "draft", "copy", "tile", "advanced", "privilege", "coins", "coin", "faith",
    "military", "wood", "stone", "pay", "lose", "take", "exchange", "none", "nothing", "support",
    "refuse", "pass", "end", "vp", "mp", "fp",
    # Houses of Renaissance (token coins, faceup victory, spend materials, bid colonna 3, ...)
    "token", "faceup", "spend", "repeat", "free", "recover", "bid", "convert", "keep", "dismiss",
    "search", "special", "materials", "victory", "brown", "special_token",
)  # fmt: skip


class Lorenzo:
    name = "lorenzo"
    title = "Lorenzo il Magnifico"
    min_players = 2
    max_players = 5 if OFFER_HOUSES else 4  # 5 only with houses: setup refuses it otherwise

    def options(self) -> Sequence[Option]:
        return OPTIONS + HOUSES_OPTIONS if OFFER_HOUSES else OPTIONS

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        given = dict(options or {})
        unoffered = {} if OFFER_HOUSES else {o.name: o for o in HOUSES_OPTIONS}
        extra = {o.name: o.default for o in unoffered.values()}
        for name, option in unoffered.items():
            if name in given:
                extra[name] = coerce_option(option, given.pop(name))
        opts = {**normalise_options(self, given), **extra}
        top = 5 if opts["houses"] else 4
        if not self.min_players <= players <= top:
            if players == 5:
                raise IllegalMove(
                    say(
                        "{title} is for {min}-{max} players; 5 players need the houses option "
                        "(Houses of Renaissance).",
                        title=self.title,
                        min=self.min_players,
                        max=top,
                    )
                )
            raise IllegalMove(
                say("{title} is for {min}-{max} players.", title=self.title, min=self.min_players, max=top)
            )
        if opts["houses"] and players == 5 and opts["leader_pool"] == "base":
            raise IllegalMove(
                say(
                    "With 5 players the base pool of 20 Leaders cannot deal 4 each plus the Sforza and "
                    "Visconti families' 2: choose leader_pool houses (42) or all (44)."
                )
            )
        if opts["houses"]:
            opts["leaders"] = True  # HOUSES.md §2 (houses_turns_on_leaders): HoR cards use Leaders
        return flow.new_game(players, seed, opts)

    def active_players(self, state: State) -> frozenset[int]:
        return flow.active(state)

    def legal_moves(self, state: State, player: int) -> Sequence[LorenzoMove]:
        return flow.legal_moves(state, player)

    def parse(self, state: State, player: int, text: str) -> LorenzoMove:
        try:
            move = parse_text(text)
        except LeaderNameAmbiguous as err:
            # "leader play medici" is clear when only one Medici could be played now.
            legal = [m for m in err.candidates if m in flow.legal_moves(state, player)]
            if len(legal) != 1:
                raise
            move = legal[0]
        self._check(state, player, move)
        return move

    def _check(self, state: State, player: int, move: LorenzoMove) -> None:
        """Legality is ``legal_moves`` (plus servants beyond the useful counts, see
        ``flow.is_legal``); ``flow.refusal`` only words the refusal."""
        if player not in flow.active(state):
            if state["phase"] == "over":
                raise IllegalMove(say("The game is over."))
            raise NotYourTurn(say("It is not your turn: {prompt}", prompt=flow.prompt_text(state)))
        if not flow.is_legal(state, player, move):
            raise IllegalMove(flow.refusal(state, player, move))

    def apply(self, state: State, player: int, move: Any) -> tuple[State, list[str]]:
        self._check(state, player, move)
        return self._apply(state, player, move)

    def simulate(self, state: State, player: int, move: LorenzoMove) -> State:
        """The fast path (``rules.core.game_simulate``): the state ``apply`` returns but for the
        move's words (no events: ``rules.core.Wordless``), for a move taken from ``legal_moves``
        (not checked again)."""
        return self._apply(state, player, move, Log(events=Wordless()))[0]

    def simulation(self, state: State) -> Simulation:
        """``rules.core.game_simulation``: the engine's own functions, past these methods."""
        return Simulation(flow.active, flow.legal_moves, self.simulate)

    def _apply(
        self, state: State, player: int, move: LorenzoMove, log: Log | None = None
    ) -> tuple[State, list[str]]:
        new = copy_for_move(state, player)  # copies what a move changes in place (state_copy.py)
        log = Log() if log is None else log
        if "houses" not in state:
            log.shared = state["players"]  # the other seats' dicts until the move changes one
        flow.apply_move(new, player, move, log)
        new["moves_applied"] += 1
        # A draft pick is secret: the public record says only that a leader was kept; a token
        # paid goes face down (HOUSES.md §10.2), so which kind is not said either.
        text = (
            "draft (secret)"
            if isinstance(move, Draft)
            else "spend (secret)"
            if isinstance(move, Spend)
            else move.to_text()
        )
        new["last_move"] = {"seat": player, "text": text, "changed": log.changed, "events": log.events}
        return new, cast(list[str], log.events)  # always a list (see ``Log.events``)

    def prompt(self, state: State, player: int) -> Prompt:
        if player not in flow.active(state):
            return Prompt(flow.prompt_text(state))
        text = flow.your_prompt(state, player)  # addressed to them (rules.core.Prompt)
        if state["phase"] == "leader_draft":
            return Prompt(text, decision=True, secret=True)
        # A decision shown as buttons, unless its answers are private (the Leader window's hand).
        return Prompt(text, decision=flow.open_decision_is_public(state))

    def continues_turn(self, before: State, after: State, player: int) -> bool:
        """Optional member (``rules.core.game_continues_turn``): see ``flow.continues_turn``."""
        return flow.continues_turn(before, after, player)

    def player_view(self, state: State, player: int | None) -> dict[str, Any]:
        view = player_view(state, player, self.title)
        if player is not None:
            # What this seat knows of the whole state, for computer players (hidden.py).
            view["known_state"] = hidden.known_state(state, player)
        return cast(dict[str, Any], view)  # typed as LorenzoView

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> State:
        """A state consistent with ``view`` (``rules.core.game_sample_state``; hidden.py)."""
        return hidden.sample_state(view["known_state"], seat, rng)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def round_of(self, state: State) -> int:
        """Optional member (``rules.core.game_round``): the round, 1-6 (§6)."""
        return int(state["round"])

    def scores_now(self, state: State) -> list[int]:
        """Optional member (``rules.core.game_scores_now``): the Victory Point track, before the
        final scoring (§15)."""
        return [int(p["resources"]["vp"]) for p in state["players"]]

    def to_json(self, state: State) -> str:
        return state_to_json(state)

    def from_json(self, text: str) -> State:
        state = state_from_json(text, UPGRADES)
        if "houses" in state and state["houses"].get("content") != content.fingerprint():
            raise ContentChanged(
                "This Houses of Renaissance game began under other content data (LORENZO_OVERRIDES "
                "changed); restart with the old file to go on."
            )
        return state

    def catalogue_names(self) -> dict[str, list[str]]:
        """Card and leader names (i18n: the Italian printed names)."""
        from rules.lorenzo.houses.content import SHIPPED as SHIPPED_HOUSES  # not an override's

        return {
            # The base game's printed names (the HoR names are provisional: "Special card N").
            "lorenzo card": [BASE_CARDS[i]["name"] for i in sorted(BASE_CARDS)],
            "lorenzo leader": [LEADERS[x]["name"] for x in BASE_LEADERS],
            # Their abilities and the excommunication tiles' texts (guided turns, /card, boards).
            "lorenzo leader text": [leader["text"] for leader in LEADERS.values()],
            "lorenzo excommunication": [tile["text"] for tile in EXCOMMUNICATIONS.values()],
            # Houses of Renaissance: the families (proper names) and the Special cards' names.
            "lorenzo family": [f["name"] for f in HOUSES["families"].values()],
            "lorenzo family text": [f["text"] for f in HOUSES["families"].values()],
            "lorenzo special card": [CARDS[i]["name"] for i in sorted(CARDS) if i not in BASE_CARDS],
            "lorenzo move": list(MOVE_WORDS),
            # Why each shipped HoR provisional value was chosen (the rules help lists them).
            "lorenzo provisional": sorted(set(SHIPPED_HOUSES["provisional"].values())),
        }

    def rules_help(self) -> str:
        return RULES_HELP + houses_help() if OFFER_HOUSES else RULES_HELP

    def move_steps(self, state: State, player: int, moves: Sequence[LorenzoMove]) -> list[tuple[Step, ...]]:
        return guide.move_steps(state, player, moves)  # guided turns (rules/lorenzo/guide.py)

    def preview(self, state: State, player: int, move: LorenzoMove) -> str:
        return guide.preview(state, player, move)

    def cards(self) -> list[Card]:
        return cards.cards()  # /card lookups (rules/lorenzo/cards.py)

    def commands(self) -> Sequence[GameCommand]:
        return COMMANDS  # /lorenzo place|leader|end (rules/lorenzo/commands.py)

    def content_settings(self) -> Sequence[ContentSetting]:
        return CONTENT_SETTINGS  # LORENZO_OVERRIDES (rules/lorenzo/commands.py)


GAME = Lorenzo()
