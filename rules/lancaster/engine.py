"""The Lancaster flow: setup, the three phases of a round, decisions and effects.

Everything here works on the plain-dict state of ``model``. ``Engine.apply`` copies the state once
(``model.copy_for_move``) and then changes the copy; the caller's state is never touched.

How the flow runs: automatic steps sit in ``state["queue"]`` (county A, ..., castle of a force,
conflict K03, end of round, one effect of a law for one seat, ...). ``_run`` takes tasks from the
front until one needs a player's answer; that answer is ``state["pending"]`` and only the move
that answers it is legal. A decision with no real choice (nothing to upgrade, nothing affordable)
is skipped, so players are only asked real questions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core import Events, IllegalMove, Wordless, rng_for, say, say_into, say_n
from rules.lancaster import extra_laws, henry, placement, queenie, resentment
from rules.lancaster import model as m
from rules.lancaster.data import content_of, fingerprint, used_expansions
from rules.lancaster.decisions import KINDS
from rules.lancaster.migrate import EXPANSIONS_OFF, FORMAT
from rules.lancaster.moves import LancasterMove, Lord, Pass, Place, Vote
from rules.lancaster.words import amount, gain_line, tally_gains

State = m.State
Task = m.Task
Decision = dict[str, Any]
Effect = dict[str, Any]
At = str | None


_VOTES: dict[int, list[LancasterMove]] = {}
_QUIET = Wordless()  # the events of every simulated move inside the engine (it keeps nothing)
_ONE = tuple(frozenset([seat]) for seat in range(8))  # ``active`` of one seat (frozen: shared)
_PLAIN = frozenset(("gain", "gain_per", "recruit_knight", "recruit_knight_per"))
# One effect of a law (``Engine._law_plan``): a majority's metric (None: every seat), the tasks
# of every seat, and each seat's own tasks for a majority.
_LawStep = tuple[str | None, list[Task], list[tuple[int, list[Task]]]]


def _plain(effect: dict[str, Any]) -> bool:
    """An effect that only adds to holdings or the court: it asks nothing and queues nothing."""
    return effect["type"] in _PLAIN and effect.get("resource") != "dishonor"  # dishonor: extra law


def _votes(markers: int) -> list[LancasterMove]:
    """Every ballot with up to ``markers`` vote markers (frozen values, made once: cheap to list)."""
    found = _VOTES.get(markers)
    if found is None:
        found = _VOTES[markers] = [Vote(yes, k) for yes in (True, False) for k in range(markers + 1)]
    return found


class Engine:
    def __init__(self, data: dict[str, Any], fingerprints: dict[frozenset[str], str] | None = None) -> None:
        self.data = data
        self._fingerprints: dict[frozenset[str], str] = dict(fingerprints or {})
        self.fingerprint = self.fingerprint_for({})
        self.order: list[str] = list(data["county_order"])
        self.minimums = [(letter, int(data["counties"][letter]["min_strength"])) for letter in self.order]
        # Per knight strength, the counties (board index) whose minimum it reaches, and the
        # placements of a knight by (strength, ally), made once (placement.py).
        self.reach: dict[int, list[int]] = {}
        self.place_rows: dict[tuple[int, bool], placement.Rows] = {}
        self.castle_ids: list[str] = list(data["castle"])
        self.ally_castle_ids: list[str] = list(data["ally"]["castle"])
        self.include_castle = bool(data["engine"]["deployed_includes_castle"])
        # Provisional rules choices (data "engine", listed in the rules help).
        self.rules: dict[str, Any] = dict(data["engine"])
        # Dispatch tables, built once: a simulation runs tens of tasks and effects per move.
        self._turns = self._turn_table()
        self._tasks = self._task_table()
        self._effects = self._effect_table()
        self._plain = self._plain_effects(data)
        # The decision a simulated move opened, its state and answers (``ask``, ``legal``): a
        # rollout asks for them next. Only the very state it was made in matches (``is``), and
        # states are never changed in place (model.copy_for_move).
        self._asked: tuple[State, Decision, list[LancasterMove]] | None = None
        self._castle_cache: dict[tuple[int, bool], list[tuple[str, list[Task], list[Task]]]] = {}
        self._law_plans: dict[tuple[str, int, int], list[_LawStep]] = {}
        self._castle_votes: dict[tuple[int, int], Task] = {}
        self._county_asks: dict[tuple[str, int, int], Decision] = {}
        self._county_rewards: dict[tuple[int, str, bool], list[Task]] = {}
        self._round_tasks: dict[str, list[Task]] = {
            "county": [{"task": "county", "county": letter} for letter in self.order],
            "castle": [{"task": "castle", "force": force} for force in range(8)],
            "end_round": [{"task": "end_round"}],
        }
        self._castle_index = {
            ally: {sid: i for i, sid in enumerate(ids)}
            for ally, ids in ((False, self.castle_ids), (True, self.ally_castle_ids))
        }

    def __reduce__(self) -> tuple[type[Engine], tuple[dict[str, Any], dict[frozenset[str], str]]]:
        """A pickled engine (a computer's move is chosen in a worker process, bot.service.workers)
        is its data and known fingerprints: the dispatch tables hold closures, which don't pickle,
        and they and the caches are made again from the data on arrival."""
        return Engine, (self.data, self._fingerprints)

    def fingerprint_for(self, options: dict[str, Any]) -> str:
        """The fingerprint of the data a game with ``options`` uses: the base data and only the
        expansions it plays (EXPANSIONS.md 1.1), so a base game keeps its old fingerprint."""
        used = used_expansions(options)
        found = self._fingerprints.get(used)
        if found is None:
            found = self._fingerprints[used] = fingerprint(content_of(self.data, used))
        return found

    # ----------------------------------------------------------------------------------------
    # Setup (rules section 4)
    # ----------------------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State:
        setup = self.data["setup"]
        # 6.4 and 17.5: all tiles, or the per-count number of the data (option).
        tiles = setup["favor_tiles"][str(players)] if options["favor_tiles_by_count"] else None
        state: State = {
            "format": FORMAT,
            "content": self.fingerprint_for(options),
            "players": players,
            "seed": seed,
            "options": {**EXPANSIONS_OFF, **options},  # every expansion named (format 4)
            "draws": 0,
            "round": 1,
            "phase": "setup",
            "start_player": 0,
            "turn_seat": 0,
            "turn_done": False,
            "kept_in_court": [False] * players,
            "no_place": [None] * players,
            "next_start_player": None,
            "favors_taken": 0,
            "favor_tiles": [True] * (tiles if tiles is not None else len(self.data["kings_favor"])),
            "voting_on": None,
            "ballots": [None] * players,
            "vote_results": [],
            "queue": [],
            "pending": None,
            "last_move": None,
        }
        state["start_player"] = self._rng(state).randrange(players)  # 4.1 step 4: random start player
        state["seats"] = [
            {
                "gold": setup["gold"],
                "squires": setup["squires"],
                "vote_markers": int(options["vote_markers"]),
                "power_points": 0,
                "power_points_by_source": {},
                "extensions": [],
                "nobles": [],
            }
            for _ in range(players)
        ]
        state["forces"] = [
            self._new_force(force >= players) for force in range(4 if players == 2 else players)
        ]
        state["counties"] = {letter: None for letter in self.order}
        self._setup_boards(state)
        if queenie.in_play(state):
            queenie.setup(self, state)
        if resentment.in_play(state):
            resentment.setup(self, state)
        if henry.in_play(state):
            henry.setup(self, state)
        # 4.1 step 9: each seat chooses its first extension, from the start player on.
        state["queue"] = [{"task": "first_extension", "seat": seat} for seat in m.seat_order(state)]
        self._run(state, [])
        return state

    def _new_force(self, ally: bool) -> dict[str, Any]:
        court = self.data["setup"]["ally_court" if ally else "court"]
        reserve = [0, 0, 0, 0]
        for strength in self.data["knight_set"]:
            reserve[strength - 1] += 1
        for strength in court:
            reserve[strength - 1] -= 1
        return {"reserve": reserve, "court": sorted(court), "castle": {}}

    def _setup_boards(self, state: State) -> None:
        """4.1 steps 6-8: noble stacks, the conflict deck and the laws (the draws in this order)."""
        # Step 8: noble stacks, by letter or shuffled (option noble_stacks).
        types = list(self.order)
        if state["options"]["noble_stacks"] == "random":
            self._rng(state).shuffle(types)
        per = self.data["setup"]["nobles_per_county"][str(state["players"])]
        state["noble_stacks"] = {
            letter: {"noble": types[i], "left": per} for i, letter in enumerate(self.order)
        }
        # Step 6: remove 2 conflict cards by player count, shuffle, reveal.
        removed = set(self.data["setup"]["conflicts_removed"][str(state["players"])])
        deck = sorted(c for c in self.data["conflicts"] if c not in removed)
        self._rng(state).shuffle(deck)
        state["conflict_deck"] = deck
        state["conflicts"] = []
        self._reveal_conflicts(state)
        # Step 7: the three "0" laws are current, the pile is 1s on top down to 4s.
        laws = self.data["laws"]
        zero = sorted(k for k in laws if laws[k]["back"] == 0)
        self._rng(state).shuffle(zero)
        pile: list[str] = []
        for back in (1, 2, 3, 4):
            group = sorted(k for k in laws if laws[k]["back"] == back)
            pile += extra_laws.deal(self, state, group, back)  # C2.2: the extra laws join
        state["current_laws"] = zero
        state["law_pile"] = pile
        self._reveal_proposals(state)

    def _rng(self, state: State) -> Any:
        state["draws"] += 1
        return rng_for(state["seed"], state["draws"])

    def _reveal_conflicts(self, state: State) -> None:
        for _ in range(self.data["setup"]["conflicts_per_round"]):
            if state["conflict_deck"]:
                card, state["conflict_deck"] = state["conflict_deck"][0], state["conflict_deck"][1:]
                state["conflicts"] = [*state["conflicts"], {"id": card, "row": "top", "spaces": []}]

    def _reveal_proposals(self, state: State) -> None:
        k = self.data["setup"]["proposals_per_round"]
        state["proposals"], state["law_pile"] = state["law_pile"][:k], state["law_pile"][k:]

    # ----------------------------------------------------------------------------------------
    # Who acts, and what they may do
    # ----------------------------------------------------------------------------------------

    def active(self, state: State) -> frozenset[int]:
        pending: Decision | None = state["pending"]
        if pending is not None:
            return _ONE[pending["seat"]]
        phase = state["phase"]
        if phase == "place":
            return _ONE[state["turn_seat"]]
        if phase == "vote":
            ballots: list[dict[str, Any] | None] = state["ballots"]
            return frozenset([i for i, ballot in enumerate(ballots) if ballot is None])
        return frozenset()

    def legal(self, state: State, seat: int) -> list[LancasterMove]:
        """Every legal move of ``seat`` now ([] when it is not active; see ``active``)."""
        decision: Decision | None = state["pending"]
        if decision is not None:
            if decision["seat"] != seat:
                return []
            asked = self._asked
            if asked is not None and asked[0] is state and asked[1] is decision:
                return asked[2][:]  # the answers ``ask`` found when it opened the decision
            return KINDS[decision["kind"]].answers(self, state, decision)
        if state["phase"] == "place":
            return placement.turn_moves(self, state, seat) if state["turn_seat"] == seat else []
        if state["phase"] == "vote" and state["ballots"][seat] is None:
            markers = state["seats"][seat]["vote_markers"]
            return (_VOTES.get(markers) or _votes(markers))[:]
        return []

    # ----------------------------------------------------------------------------------------
    # Applying a move
    # ----------------------------------------------------------------------------------------

    def apply(
        self, state: State, seat: int, move: LancasterMove, words: bool = True
    ) -> tuple[State, list[str]]:
        """The state after ``move`` and its events; ``words=False`` (``simulate``) words none: the
        state's last move then records no events (``rules.core.without_words``)."""
        if not words:
            return self.simulate(state, seat, move), Wordless()
        events: list[str] = []
        new = self._play(state, seat, move, events)
        events = tally_gains(events)
        _record(new, state, list(events))
        return new, events

    def simulate(self, state: State, seat: int, move: LancasterMove) -> State:
        """``apply`` for simulation (``rules.core.game_simulate``): the same state, but its events
        are never formatted (``Wordless``) and its last move records none."""
        new = self._play(state, seat, move, _QUIET)
        _record(new, state, [])
        return new

    def _play(self, state: State, seat: int, move: LancasterMove, events: Events) -> State:
        """The state after ``move`` (copied once, ``model.copy_for_move``), its events into ``events``."""
        new = m.copy_for_move(state)
        decision: Decision | None = new["pending"]
        if decision is not None:
            new["pending"] = None
            self._answer(new, decision, move, events)
        elif type(move) is Vote and new["phase"] == "vote":
            self._vote(new, seat, move, events)  # the most frequent move, called directly
        else:
            # One look-up instead of a chain of type tests (every move of a simulation passes here).
            turn = self._turns.get((new["phase"], type(move)))
            if turn is None:  # pragma: no cover - legality is checked before apply
                raise IllegalMove(say("That move does not fit the game right now."))
            turn(new, seat, move, events)
        self._run(new, events)
        return new

    def _vote(self, state: State, seat: int, move: Vote, events: Events) -> None:
        before: list[dict[str, Any] | None] = state["ballots"]
        ballots = state["ballots"] = before[:]
        ballots[seat] = {"yes": move.yes, "markers": move.markers}
        # The proposal voted on is public; the ballot itself is not (7.2), so the move is "vote".
        law = state["proposals"][state["voting_on"]]
        state["last_move"] = {"seat": seat, "move": "vote", "where": None, "places": ["law:" + law]}
        if type(events) is not Wordless:  # (inline: the most frequent move of a simulation)
            events.append(say("{p} has voted.", p=f"{{p{seat}}}"))
        if None not in ballots:
            self._reveal_vote(state, events)

    def _reveal_vote(self, state: State, events: Events) -> None:
        """7.2: all reveal; tiles and markers count; a tie passes; used markers are spent."""
        index = state["voting_on"]
        law = state["proposals"][index]
        yes = no = 0
        ballots = []
        seats: list[dict[str, Any]] | None = None  # copied once, when a marker was used
        for seat, ballot in enumerate(state["ballots"]):
            markers = ballot["markers"]
            if markers:
                if seats is None:
                    seats = state["seats"] = state["seats"][:]
                me = seats[seat] = seats[seat].copy()
                me["vote_markers"] -= markers
            if ballot["yes"]:
                yes += 1 + markers
            else:
                no += 1 + markers
            ballots.append({"seat": seat, "vote": "yes" if ballot["yes"] else "no", "markers": markers})
        passed = yes >= no
        result = {"law": law, "passed": passed, "yes": yes, "no": no, "ballots": ballots}
        state["vote_results"] = [*state["vote_results"], result]
        old = None
        if passed:
            # 7.2.6: the leftmost current law leaves, the new one enters on the right.
            old, *kept = state["current_laws"]
            state["current_laws"] = [*kept, law]
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            events.append(_vote_line(result, old))
        state["ballots"] = [None] * state["players"]
        if index + 1 < len(state["proposals"]):
            state["voting_on"] = index + 1
            return
        state["voting_on"] = None
        if state["options"]["discard_unused_votes"]:
            # 7.2.7: unused vote markers go back to the supply.
            state["seats"] = [{**me, "vote_markers": 0} for me in state["seats"]]
        state["phase"] = "laws"
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            events.append(say("Laws applied: {laws}.", laws=", ".join(state["current_laws"])))
        state["queue"] = [{"task": "law", "law": law_id} for law_id in state["current_laws"]]

    # ----------------------------------------------------------------------------------------
    # Scenario support (tests and tools)
    # ----------------------------------------------------------------------------------------

    def run_steps(self, state: State, steps: Sequence[str]) -> tuple[State, list[str]]:
        """Run chosen automatic steps alone on a copy of an arranged state (test support).

        Scenario tests arrange a board (the state is plain JSON data, like a saved game) and then
        run only the step under test. Steps, run in order:

        - ``county:G``: the county reward of G (8.1); ``castle:0``: the castle step of force 0
          (8.2); ``conflict:K06``: the evaluation of conflict K06 (8.3); ``law:L04``: one law for
          every seat in turn order (7.3); ``end_round``: 8.4 and 9 (the next round starts, or the
          game ends after the last round).
        - ``rewards``: all of phase 3 in the engine's order (8), then the next round.
        - ``next_turn``: phase 1 gives the turn to the first seat from the start player that can
          place; when nobody can, Parliament opens (6.1).

        Single steps run in a phase the flow does not continue from, so the run stops when they
        and the decisions they raise are done; answer decisions with ``apply`` as usual. The input
        state is not changed.
        """
        new = m.clone(state)
        events: list[str] = []
        if len(steps) == 1 and steps[0] in ("rewards", "next_turn"):
            if steps[0] == "rewards":
                self._begin_rewards(new, events)
            else:
                self._open_placement(new)
                self._next_turn(new, events, first=True)
            self._run(new, events)
            return new, events
        tasks: list[Task] = []
        for step in steps:
            kind, _, arg = step.partition(":")
            if kind == "county":
                tasks.append({"task": "county", "county": arg})
            elif kind == "castle":
                tasks.append({"task": "castle", "force": int(arg)})
            elif kind == "conflict":
                tasks.append({"task": "conflict", "conflict": arg})
            elif kind == "law":
                tasks.append({"task": "law", "law": arg})
            elif kind == "end_round":
                tasks.append({"task": "end_round"})
            else:
                raise ValueError(f"unknown scenario step {step!r} (rewards and next_turn run alone)")
        new["phase"] = "scenario"
        new["queue"] = tasks
        self._run(new, events)
        return new, events

    # ----------------------------------------------------------------------------------------
    # Decisions (each kind is a record in decisions.KINDS)
    # ----------------------------------------------------------------------------------------

    def ask(self, state: State, decision: Decision, events: Events) -> None:
        """Open ``decision`` for its seat, unless it offers no real choice: without any answer it
        is dropped; with only the answer its kind settles by itself, that answer applies now
        (with screens a question whose triviality shows hidden wealth is asked all the same)."""
        kind = KINDS[decision["kind"]]
        answers = kind.answers(self, state, decision)
        if not answers:
            return
        players: int = state["players"]
        screened = players > 2 and kind.asked_behind_screens
        settled = None if screened or kind.settle is None else kind.settle(answers)
        if settled is None:
            state["pending"] = decision
            if type(events) is Wordless:
                # A simulation asks for these answers next (``legal``): kept for that one state.
                self._asked = (state, decision, answers)
        else:
            kind.apply(self, state, decision, settled, events)

    def run_next(self, state: State, tasks: list[Task], events: Events) -> None:
        """``tasks`` run next, before the queued ones (``model.queue_first``). Called only as the
        last thing a step does before ``_run`` goes on (nothing open): the leading plain gains
        and recruits of the data (``_plain_effects``) apply now, exactly as ``_run`` would apply
        them next (they ask nothing and leave the queue alone), so they skip the trip through
        the queue (issue 10 item 3); the rest is queued, as it would be anyway."""
        plain = self._plain
        for i, task in enumerate(tasks):
            effect: Effect | None = task.get("effect")
            step = plain.get(id(effect))  # (a plain effect of the data; others are queued)
            if step is None or step[0] is not effect:
                m.queue_first(state, tasks[i:] if i else tasks)
                return
            step[1](state, task["force"], effect, task["source"], events, task["at"])

    def _answer(self, state: State, decision: Decision, move: LancasterMove, events: Events) -> None:
        kind = KINDS[decision["kind"]]
        if not isinstance(move, kind.answer):  # pragma: no cover - legality is checked before apply
            raise IllegalMove(say("That move does not answer the open question."))
        places = kind.places(decision, move)
        state["last_move"] = {
            "seat": decision["seat"],
            "move": move.to_text(),
            "where": places[0] if places else None,
            "places": places,
        }
        kind.apply(self, state, decision, move, events)

    # ----------------------------------------------------------------------------------------
    # The task loop
    # ----------------------------------------------------------------------------------------

    def _run(self, state: State, events: Events) -> None:
        tasks, effects = self._tasks, self._effects
        while state["pending"] is None:
            queue: list[Task] = state["queue"]  # (typed locals: list and dict fast paths when compiled)
            if queue:
                task = queue[0]
                state["queue"] = queue[1:]
                effect: Effect | None = task.get("effect")
                if effect is not None:  # the most frequent task, called without a detour
                    effects[effect["type"]](state, task["force"], effect, task["source"], events, task["at"])
                else:
                    run = tasks.get(task["task"])
                    if run is None:  # pragma: no cover
                        raise ValueError(f"unknown task {task['task']}")
                    run(state, task, events)
                continue
            phase = state["phase"]
            if phase == "setup":
                self._begin_round(state, events)
            elif phase == "place" and state["turn_done"]:
                state["turn_done"] = False
                self._next_turn(state, events, first=False)
            elif phase == "laws":
                self._begin_rewards(state, events)
            else:
                return

    def _begin_round(self, state: State, events: Events) -> None:
        self._open_placement(state)
        say_into(
            events, "Round {round}: {p} starts.", round=state["round"], p=f"{{p{state['start_player']}}}"
        )
        if queenie.in_play(state):
            queenie.reveal(self, state, events)
        self._next_turn(state, events, first=True)

    @staticmethod
    def _open_placement(state: State) -> None:
        state["phase"] = "place"
        state["kept_in_court"] = [False] * state["players"]
        state["no_place"] = [None] * state["players"]

    def _next_turn(self, state: State, events: Events, first: bool) -> None:
        """6.1: one knight per turn, clockwise from the start player. A seat is passed over only
        when its court is empty, when it passed, or when no legal place exists at all for its
        knights (the event says why, once per reason); the test uses public information only."""
        players = state["players"]
        base = state["start_player"] if first else state["turn_seat"] + 1
        for i in range(players):
            seat = (base + i) % players
            if state["kept_in_court"][seat]:
                continue
            if placement.has_place(self, state, seat, None) or henry.lord_ready(self, state, seat):
                state["turn_seat"] = seat
                if state["no_place"][seat] is not None:
                    state["no_place"] = m.replaced(state["no_place"], seat, None)
                return
            if any(state["forces"][force]["court"] for force in m.forces_of(state, seat)):
                reason = placement.no_place_reason(self, state, seat)
                if reason != state["no_place"][seat]:
                    state["no_place"] = m.replaced(state["no_place"], seat, reason)
                    events.append(reason)
        state["phase"] = "vote"
        state["voting_on"] = 0
        state["ballots"] = [None] * players
        state["vote_results"] = []
        # No line of its own: the board shows the proposals and each vote is asked in turn.

    def _begin_rewards(self, state: State, events: Events) -> None:
        """8: counties A..I, then castles (in seat order), then conflicts, then next round."""
        state["phase"] = "rewards"
        tasks: list[Task] = henry.reward_tasks(state, self.data)  # H4.1: offices first
        tasks += [{"task": "tower"}] if resentment.in_play(state) else []  # R4.1
        tasks += self._round_tasks["county"]  # (tasks are data, never changed: made once)
        castles = self._round_tasks["castle"]
        for seat in m.seat_order(state):
            tasks += [castles[force] for force in m.forces_of(state, seat)]
        # Bottom row first, so it is empty before this round's lost cards slide down.
        cards: list[dict[str, Any]] = state["conflicts"]
        bottom = [c["id"] for c in cards if c["row"] == "bottom"]
        top = [c["id"] for c in cards if c["row"] == "top"]
        tasks += [{"task": "conflict", "conflict": cid} for cid in bottom + top]
        tasks += self._round_tasks["end_round"]
        state["queue"] = tasks

    def _county(self, state: State, task: Task, events: Events) -> None:
        letter: str = task["county"]
        occupant: dict[str, Any] | None = state["counties"][letter]
        if occupant is None:
            return
        force: int = occupant["force"]
        players: int = state["players"]
        # Decisions are data, never changed (states share them): made once per county and force.
        decision = self._county_asks.get((letter, force, players))
        if decision is None:
            decision = self._county_asks[(letter, force, players)] = {
                "kind": "county",
                "seat": force % players,
                "force": force,
                "county": letter,
                "ally": force >= players,
            }
        self.ask(state, decision, events)

    def county_reward(self, force: int, letter: str, ally: bool) -> list[Task]:
        """8.1: the tasks of county ``letter``'s printed reward for ``force`` (an ally's only
        with what allies may gain, rules 11), made once (tasks are data, never changed)."""
        tasks = self._county_rewards.get((force, letter, ally))
        if tasks is None:
            reward = self.data["counties"][letter]["reward"]
            if ally:
                allowed = self.data["ally"]["county_effects"]
                reward = [effect for effect in reward if effect["type"] in allowed]
            tasks = [m.effect_task(force, e, "county", f"county:{letter}") for e in reward]
            self._county_rewards[(force, letter, ally)] = tasks
        return tasks

    def _law(self, state: State, task: Task, events: Events) -> None:
        """7.3: a law applies to every seat in turn order from the start player (never to allies).
        Its text was shown when it was voted on and is on the board, and the laws applied were
        named in one line when Parliament closed: the channel gets only its effects."""
        law_id: str = task["law"]
        players: int = state["players"]
        key = (law_id, state["start_player"], players)
        plan = self._law_plans.get(key) or self._law_plan(key)
        if len(plan) == 1 and plan[0][0] is None:
            self.run_next(state, plan[0][1], events)  # one effect for every seat (most laws)
            return
        tasks: list[Task] = []
        for metric, every, per_seat in plan:
            if metric is None:
                tasks += every
                continue
            # "The player with the most X" is settled once, before anyone is rewarded, so a
            # reward that changes X cannot untie the players after the first one.
            values = [m.metric(state, i, metric, self.include_castle) for i in range(players)]
            best = max(values)
            tasks += [task for seat, own in per_seat if values[seat] == best for task in own]
        self.run_next(state, tasks, events)

    def _law_plan(self, key: tuple[str, int, int]) -> list[_LawStep]:
        """A law's tasks for a start player and player count, made once (tasks are data, never
        changed: states share them): per effect, a majority's metric and each seat's tasks in
        turn order, or (metric None) the tasks of every seat in turn order."""
        law_id, start, players = key
        at = f"law:{law_id}"
        order = [(start + i) % players for i in range(players)]
        plan: list[_LawStep] = []
        for effect in extra_laws.law(self.data, law_id)["effects"]:
            if effect["type"] == "majority":
                own = [(i, [m.effect_task(i, x, "laws", at) for x in effect["effects"]]) for i in order]
                plan.append((effect["metric"], [], own))
            else:
                plan.append((None, [m.effect_task(seat, effect, "laws", at) for seat in order], []))
        self._law_plans[key] = plan
        return plan

    def effect(
        self, state: State, force: int, effect: dict[str, Any], source: str, events: Events, at: str | None
    ) -> None:
        """One effect of the data for ``force``, now; ``at`` is the board place it comes from (for
        the view). Effects that ask a question open a decision (``ask``); the rest apply at once."""
        run = self._effects.get(effect["type"])
        if run is None:  # pragma: no cover - the schema rejects unknown effects
            raise ValueError(f"unknown effect {effect['type']}")
        run(state, force, effect, source, events, at)

    def _turn_table(self) -> dict[tuple[str, type], Callable[[State, int, Any, Events], None]]:
        """(phase, move type) -> the step that plays a turn's move (``_play``)."""
        return {
            ("place", Place): lambda s, seat, mv, ev: placement.place(self, s, seat, mv, ev),
            ("place", Lord): lambda s, seat, mv, ev: henry.place_lord(self, s, seat, mv, ev),  # H2.3
            ("place", Pass): lambda s, seat, mv, ev: placement.keep_in_court(s, seat, ev),
            ("vote", Vote): self._vote,
        }

    def _task_table(self) -> dict[str, Callable[[State, Task, Events], None]]:
        """Task kind -> its step (``_run``; effect tasks, the most frequent, it runs itself)."""
        return {
            "first_extension": lambda s, t, ev: self.ask(
                s, {"kind": "first_extension", "seat": t["seat"]}, ev
            ),
            # The frequent ones read their task themselves (no lambda between: one call less).
            "law": self._law,
            "county": self._county,
            "castle": self._castle,
            "conflict": self._conflict,
            "ransom": lambda s, t, ev: self.ask(s, t["decision"], ev),
            "end_round": self._end_round,
            "tower": lambda s, t, ev: resentment.clear_tower(s, ev),
            "office": lambda s, t, ev: henry.fill(self, s, t["space"], ev),
        }

    def _effect_table(self) -> dict[str, Callable[..., None]]:
        """Effect type -> its step, each called ``(state, force, effect, source, events, at)``."""
        table: dict[str, Callable[..., None]] = {"gain_privilege": self._extra, "lose": self._extra}
        table |= {"gain": self._gain_or_dishonor, "gain_per": self._gain}
        table |= dict.fromkeys(("recruit_knight", "recruit_knight_per"), self._recruit)
        table |= dict.fromkeys(("upgrade_knight", "swap_knight"), self._upgrade)
        table |= dict.fromkeys(
            ("build_extension", "build_extension_per", "build_extension_optional"), self._extension
        )
        table |= {"take_noble": self._noble, "exchange": self._exchange}
        table |= {"majority": self._if_holds, "conditional": self._if_holds}
        return table | {"choose_next_start_player": self._choose_start}

    def _plain_effects(self, data: Any) -> dict[int, tuple[Effect, Callable[..., None]]]:
        """The plain gains and recruits of the data (``_plain``: they ask nothing and queue
        nothing), by identity, with their step: ``run_next`` applies those at once. The data
        holds them as long as the engine, so an id stays theirs; an effect made during play (a
        bought gain, a loaded game's task) is not among them and simply takes the queue."""
        steps = {"gain": self._gain, "gain_per": self._gain}  # (not dishonor: not plain)
        steps |= {"recruit_knight": self._recruit, "recruit_knight_per": self._recruit}
        found: dict[int, tuple[Effect, Callable[..., None]]] = {}
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if isinstance(item.get("type"), str) and _plain(item):
                    found[id(item)] = (item, steps[item["type"]])
                stack += item.values()
            elif isinstance(item, list):
                stack += item
        return found

    def _extra(self, state: State, force: int, effect: Effect, source: str, events: Events, at: At) -> None:
        extra_laws.effect(self, state, force, effect, events)  # the expansions' vocabulary

    def _gain_or_dishonor(
        self, state: State, force: int, effect: Effect, source: str, events: Events, at: At
    ) -> None:
        if effect.get("resource") == "dishonor":  # extra law HL8 (extra_laws.handles)
            extra_laws.effect(self, state, force, effect, events)
        else:
            self._gain(state, force, effect, source, events, at)

    def _noble(self, state: State, force: int, effect: Effect, source: str, events: Events, at: At) -> None:
        ally = m.is_ally(state, force)
        decision = {
            "kind": "noble",
            "seat": m.controller(state, force),
            "remove": ally,
            "source": source,
            "at": at,
        }
        self.ask(state, decision, events)

    def _exchange(
        self, state: State, force: int, effect: Effect, source: str, events: Events, at: At
    ) -> None:
        if not m.is_ally(state, force):
            decision = {
                "kind": "exchange",
                "seat": force,
                "force": force,
                "exchange": effect,
                "source": source,
                "at": at,
            }
            self.ask(state, decision, events)

    def _if_holds(
        self, state: State, force: int, effect: Effect, source: str, events: Events, at: At
    ) -> None:
        if not m.is_ally(state, force) and self._holds(state, force, effect):
            self.run_next(state, [m.effect_task(force, x, source, at) for x in effect["effects"]], events)

    def _choose_start(
        self, state: State, force: int, effect: Effect, source: str, events: Events, at: At
    ) -> None:
        decision = {"kind": "start", "seat": m.controller(state, force), "source": source, "at": at}
        self.ask(state, decision, events)

    def _per(self, state: State, force: int, effect: dict[str, Any]) -> int:
        """The effect's amount, times its metric count for the ``*_per`` types."""
        count: int = effect.get("amount", 1)
        kind: str = effect["type"]
        if kind.endswith("_per"):
            metric = m.metric(state, m.controller(state, force), effect["per"], self.include_castle)
            count *= metric // effect["every"]
        return count

    def _gain(
        self, state: State, force: int, effect: Effect, source: str, events: Events, at: At = None
    ) -> None:
        players: int = state["players"]
        if force >= players:
            return  # 11: allies never gain goods or PP
        per = effect["type"] == "gain_per"
        count: int = self._per(state, force, effect) if per else effect.get("amount", 1)
        if count <= 0:
            return
        key = m.HOLDING[effect["resource"]]
        if key == "power_points":
            m.book_power_points(state, force, source, count)
        else:
            m.seat_add(state, force, key, count)
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            goods = amount(effect["resource"], count)
            events.append(gain_line(m.force_name(state, force), goods, source == "castle"))

    def _recruit(
        self, state: State, force: int, effect: Effect, source: str, events: Events, at: At = None
    ) -> None:
        count = self._per(state, force, effect)
        got = m.recruit(state, force, effect["strength"], count) if count > 0 else 0
        if got and type(events) is not Wordless:  # a word-free simulation formats nothing
            events.append(
                say_n(
                    "{p} recruits {n} strength-{strength} knight.",
                    "{p} recruits {n} strength-{strength} knights.",
                    got,
                    p=m.force_name(state, force),
                    strength=effect["strength"],
                )
            )

    def _upgrade(
        self, state: State, force: int, effect: dict[str, Any], source: str, events: Events, at: str | None
    ) -> None:
        target = force + 2 if effect.get("target") == "ally" and not m.is_ally(state, force) else force
        decision = {
            "kind": "upgrade",
            "seat": m.controller(state, force),
            "force": target,
            "deployed": effect["target"] == "deployed",
            "optional": not effect.get("paid", False),  # "may upgrade" unless it was paid for
            "source": source,
            "from_strength": effect.get("from_strength"),
            "at": at,
        }
        if effect["type"] == "upgrade_knight" and effect["amount"] > 1:
            more = {**effect, "amount": effect["amount"] - 1}
            m.queue_first(state, [m.effect_task(force, more, source, at)])
        self.ask(state, decision, events)

    def _extension(
        self, state: State, force: int, effect: dict[str, Any], source: str, events: Events, at: str | None
    ) -> None:
        kind = effect["type"]
        count = 1 if kind == "build_extension_optional" else self._per(state, force, effect)
        if m.is_ally(state, force) or count <= 0:
            return  # 11: the ally castle cannot be extended
        # L06 says "may" (per conflicts); a county extension is built.
        optional = kind in ("build_extension_per", "build_extension_optional")
        if count > 1:
            more = (
                {"type": "build_extension_optional"} if optional else {"type": "build_extension", "amount": 1}
            )
            m.queue_first(state, [m.effect_task(force, more, source, at) for _ in range(count - 1)])
        seat = m.controller(state, force)
        decision = {"kind": "extension", "seat": seat, "optional": optional, "source": source, "at": at}
        self.ask(state, decision, events)

    def _holds(self, state: State, force: int, effect: dict[str, Any]) -> bool:
        """A ``majority`` (7.3: all tied players get it) or ``conditional`` effect applies."""
        seat = m.controller(state, force)
        if effect["type"] == "majority":
            values = [
                m.metric(state, i, effect["metric"], self.include_castle) for i in range(state["players"])
            ]
            return values[seat] == max(values)
        condition = effect["condition"]
        value = m.metric(state, seat, condition["metric"], self.include_castle)
        return {
            "==": value == condition["value"],
            "!=": value != condition["value"],
            ">=": value >= condition["value"],
            "<=": value <= condition["value"],
            ">": value > condition["value"],
            "<": value < condition["value"],
        }[condition["op"]]

    def _castle(self, state: State, task: Task, events: Events) -> None:
        """8.2: every space with an own knight or a built extension pays once; nobles give votes."""
        force: int = task["force"]
        seat = m.controller(state, force)
        ally = m.is_ally(state, force)
        built: Sequence[str] = () if ally else state["seats"][seat]["extensions"]
        knights: dict[str, int] = state["forces"][force]["castle"]
        plain: list[Task] = []
        exchanges: list[Task] = []
        spaces = self._castle_tasks(force, ally)
        index = self._castle_index[ally]
        # A space pays for its extension tile and for a knight on it (both only when the data
        # lets a knight stand on an extended space), in the castle's space order.
        paying = [index[sid] for sid in built if sid in index] + [
            index[sid] for sid in knights if sid in index
        ]
        paying.sort()
        for i in paying:
            _, pays, buys = spaces[i]
            plain += pays
            exchanges += buys
        if not ally:
            votes = len(state["seats"][seat]["nobles"]) * self.data["noble_castle_votes"]
            if votes:
                plain.append(self._noble_votes(force, votes))
        # Income first, so squires earned this step can pay this step's exchanges.
        self.run_next(state, plain + exchanges, events)

    def _noble_votes(self, force: int, votes: int) -> Task:
        """8.2: the task of the vote markers a castle's nobles give, made once per force and
        number (its gain is a plain effect of the engine's: ``run_next`` applies it at once)."""
        task = self._castle_votes.get((force, votes))
        if task is None:
            gain = {"type": "gain", "resource": "vote_marker", "amount": votes}
            self._plain[id(gain)] = (gain, self._gain)
            task = self._castle_votes[(force, votes)] = m.effect_task(force, gain, "castle", None)
        return task

    def _castle_tasks(self, force: int, ally: bool) -> list[tuple[str, list[Task], list[Task]]]:
        """Per castle space of the force: the tasks of its reward, plain ones and exchanges. Made
        once per force (tasks are data, never changed: states share them)."""
        found = self._castle_cache.get((force, ally))
        if found is None:
            spaces = self.data["ally"]["castle"] if ally else self.data["castle"]
            found = self._castle_cache[(force, ally)] = [
                (
                    sid,
                    [
                        m.effect_task(force, e, "castle", f"castle:{sid}")
                        for e in space["reward"]
                        if e["type"] != "exchange"
                    ],
                    [
                        m.effect_task(force, e, "castle", f"castle:{sid}")
                        for e in space["reward"]
                        if e["type"] == "exchange"
                    ],
                )
                for sid, space in spaces.items()
            ]
        return found

    def _conflict(self, state: State, task: Task, events: Events) -> None:
        """8.3: England's total against France; ranks win PP; losses slide down, then capture."""
        cid: str = task["conflict"]
        card = next(c for c in state["conflicts"] if c["id"] == cid)
        france = self.data["conflicts"][cid]["france"]
        total = m.card_strength(card)
        # The King's Resentment's dishonor is dealt first (a capture must not change who is
        # spared) but said after the loss it follows from.
        shame: Events = type(events)()
        if not card["spaces"]:
            resentment.lost(self, state, card, shame)  # R4.3: counts as lost
            if card["row"] == "top" and self.rules["unjoined_conflicts"] == "slide":
                m.card_set(state, {**card, "row": "bottom"})
                say_into(events, "Conflict {conflict} unanswered: to the bottom row.", conflict=cid)
            else:
                state["conflicts"] = [c for c in state["conflicts"] if c["id"] != cid]
                if card["row"] == "bottom":
                    say_into(events, "Conflict {conflict} unanswered again: discarded.", conflict=cid)
                else:
                    say_into(events, "Conflict {conflict} unanswered: discarded.", conflict=cid)
            events.extend(shame)
        elif total >= france:
            self._conflict_won(state, card, events)
        elif card["row"] == "top":
            resentment.lost(self, state, card, shame)  # R4.2: a first loss dishonors too
            m.card_set(state, {**card, "row": "bottom"})
            say_into(
                events,
                "England loses {conflict} ({total} against France {france_n}): "
                "to the bottom row, knights stay.",
                conflict=cid,
                total=total,
                france_n=france,
            )
            events.extend(shame)
        else:
            resentment.lost(self, state, card, shame)  # R4.2: dishonor, then the capture
            state["conflicts"] = [c for c in state["conflicts"] if c["id"] != cid]
            events.append(
                say(
                    "England loses {conflict} again ({total} against France {france_n}): knights captured.",
                    conflict=cid,
                    total=total,
                    france_n=france,
                )
            )
            events.extend(shame)
            self._capture(state, card, events)

    def _conflict_won(self, state: State, card: dict[str, Any], events: Events) -> None:
        info = self.data["conflicts"][card["id"]]
        ranks = self._ranks(state, card)
        parts = []
        # Listed best rank first; allies without a rank last.
        for i in sorted(range(len(ranks)), key=lambda j: (ranks[j] is None, ranks[j] or 0, j)):
            space = card["spaces"][i]
            force = space["force"]
            rank = ranks[i]
            who = m.force_name(state, force)
            if space.get("archer"):  # Henry V, H2.7
                who = say("{p}'s archer", p=who)
            pp = info["pp"][rank] if rank is not None and rank < len(info["pp"]) else 0
            if rank is None:
                parts.append(say("{p} takes no rank (an ally)", p=who))
            elif m.is_ally(state, force):
                parts.append(say("{p} rank {rank_n} (no PP for allies)", p=who, rank_n=rank + 1))
            else:
                m.book_power_points(state, force, "conflicts", pp)
                parts.append(say("{p} rank {rank_n}: {pp_n} PP", p=who, rank_n=rank + 1, pp_n=pp))
            for strength in space["knights"]:
                m.court_add(state, force, strength)
        state["conflicts"] = [c for c in state["conflicts"] if c["id"] != card["id"]]
        if type(events) is not Wordless:  # a word-free simulation formats nothing
            events.append(
                say(
                    "England wins {conflict} ({total} against France {france_n}): {ranks}.",
                    conflict=card["id"],
                    total=m.card_strength(card),
                    france_n=info["france"],
                    ranks="; ".join(parts),
                )
            )

    def _capture(self, state: State, card: dict[str, Any], events: Events) -> None:
        """8.3: each owner, in turn order, may ransom its captured knights; allies' go to the reserve."""
        order = {seat: i for i, seat in enumerate(m.seat_order(state))}
        tasks: list[Task] = []
        spaces = sorted(card["spaces"], key=lambda sp: (order[m.controller(state, sp["force"])], sp["force"]))
        for space in spaces:
            force = space["force"]
            if not space["knights"]:
                continue  # Henry V: an archer is no knight; it returns to the supply (H5.2)
            if m.is_ally(state, force):
                for strength in space["knights"]:  # allies have no gold: their knights go to the reserve
                    m.to_reserve(state, force, strength)
                if type(events) is not Wordless:  # a word-free simulation formats nothing
                    events.append(
                        say("{p}'s captured knights go to the ally reserve.", p=m.force_name(state, force))
                    )
            else:
                decision = {
                    "kind": "ransom",
                    "seat": force,
                    "force": force,
                    "captured": list(space["knights"]),
                }
                tasks.append({"task": "ransom", "decision": decision})
        m.queue_first(state, tasks)

    def _ranks(self, state: State, card: dict[str, Any]) -> list[int | None]:
        """8.3: the rank (0 = first) of each space on a won card, by own strength on the card.

        Ties: the higher (earlier) space ranks first, or with ``conflict_rank_ties = shared`` tied
        players share the better rank (the ranks after them are skipped, 1-1-3). Allies take a rank
        (its PP is lost) or, with ``ally_conflict_rank = pass_down``, none (None).
        """
        strengths = [sum(space["knights"]) + space.get("extra", 0) for space in card["spaces"]]
        no_ally_rank = self.rules["ally_conflict_rank"] == "pass_down"
        shared = self.rules["conflict_rank_ties"] == "shared"
        ranked = [
            i
            for i, space in enumerate(card["spaces"])
            if not (no_ally_rank and m.is_ally(state, space["force"]))
        ]
        ranked.sort(key=lambda i: (-strengths[i], i))  # stable: the higher space first on a tie
        ranks: list[int | None] = [None] * len(strengths)
        for pos, i in enumerate(ranked):
            prev = ranked[pos - 1] if pos else None
            if shared and prev is not None and strengths[prev] == strengths[i]:
                ranks[i] = ranks[prev]
            else:
                ranks[i] = pos
        return ranks

    def _end_round(self, state: State, task: Task, events: Events) -> None:
        """8.4 and 9: knights come home, squires are spent, then the next round is prepared."""
        forces: list[dict[str, Any]] = state["forces"]
        home: list[list[int]] = [[] for _ in forces]  # each force's knights coming back to court
        counties: dict[str, dict[str, Any] | None] = state["counties"]
        for occupant in counties.values():
            if occupant is not None:
                home[occupant["force"]].append(occupant["strength"])
        state["counties"] = dict.fromkeys(counties)
        for force, knights in enumerate(forces):
            castle: dict[str, int] = knights["castle"]
            if castle:
                m.force_set(
                    state, force, court=sorted([*knights["court"], *home[force], *castle.values()]), castle={}
                )
            elif home[force]:
                m.force_set(state, force, court=sorted([*knights["court"], *home[force]]))
        queenie.end_round(self, state, events)
        resentment.end_round(state)
        henry.end_round(state)
        if state["round"] >= self.data["rounds"]:
            state["phase"] = "over"
            events.append(say("The game is over after the last round."))
            return
        state["round"] += 1
        self._reveal_proposals(state)
        self._reveal_conflicts(state)
        state["favor_tiles"] = [True] * len(state["favor_tiles"])
        state["favors_taken"] = 0
        if state["next_start_player"] is not None:
            state["start_player"] = state["next_start_player"]
            state["next_start_player"] = None
        elif not self.rules["surrey_unclaimed_keeps_start_player"]:
            state["start_player"] = (state["start_player"] + 1) % state[
                "players"
            ]  # alternative reading: clockwise
        state["vote_results"] = []
        self._begin_round(state, events)


def _record(new: State, before: State, events: Events) -> None:
    """The view's last move carries the whole move in words (the same sentences the channel gets,
    so nothing secret) and the board places it touched, for the image's highlight."""
    found: dict[str, Any] | None = new["last_move"]
    if found is None:
        return
    last: dict[str, Any] = found  # (narrowed in its own name: dict fast paths when compiled)
    if last is before["last_move"]:  # not this move's: shared with the state before, so copied
        last = new["last_move"] = last.copy()
    last["events"] = events
    places: list[str | None] | None = last.get("places")
    if places is None or None in places or "" in places:  # (the places a move names are all words)
        last["places"] = [x for x in places or () if x]


def _vote_line(result: dict[str, Any], old: str | None) -> str:
    """7.2: a proposal's revealed vote, and the law it replaces when it passes (``old``)."""
    detail = ", ".join(_ballot_text(b) for b in result["ballots"])
    values = {"law": result["law"], "yes_n": result["yes"], "no_n": result["no"], "ballots": detail}
    if old is not None:
        return say("{law} passes {yes_n} to {no_n} ({ballots}), replacing {old}.", old=old, **values)
    return say("{law} rejected {yes_n} to {no_n} ({ballots}).", **values)


def _ballot_text(ballot: dict[str, Any]) -> str:
    """One revealed ballot: "{p1} yes +2" (7.2)."""
    who = f"{{p{ballot['seat']}}}"
    vote = say("yes") if ballot["vote"] == "yes" else say("no")
    if ballot["markers"]:
        return say("{p} {vote} +{markers_n}", p=who, vote=vote, markers_n=ballot["markers"])
    return say("{p} {vote}", p=who, vote=vote)
