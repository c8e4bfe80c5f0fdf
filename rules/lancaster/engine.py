"""The Lancaster flow: setup, the three phases of a round, decisions and effects.

Everything here works on the plain-dict state of ``model``. ``Engine.apply`` clones the state once
and then mutates the clone; the caller's state is never touched.

How the flow runs: automatic steps sit in ``state["queue"]`` (county A, ..., castle of a seat,
conflict K03, end of round, one effect of a law for one seat, ...). ``_run`` takes tasks from the
front until one needs a player's answer; that answer is ``state["pending"]`` and only the move
that answers it is legal. A decision with no real choice (nothing to upgrade, nothing affordable)
is skipped, so players are only asked real questions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rules.core import IllegalMove, rng_for
from rules.lancaster import model as m
from rules.lancaster.data import fingerprint
from rules.lancaster.moves import (
    Buy,
    Extension,
    Favor,
    LancasterMove,
    Noble,
    Place,
    Ransom,
    Start,
    Take,
    Upgrade,
    Vote,
)
from rules.lancaster.words import amount, effects_words

State = m.State
Task = dict[str, Any]

# Effect types an ally may gain from a King's Favor (the rest is forfeited, rules section 6.4).
_ALLY_FAVOR = ("upgrade_knight", "take_noble")


class Engine:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.fp = fingerprint(data)
        self.order: list[str] = list(data["county_order"])
        self.castle_ids: list[str] = list(data["castle"])
        self.ally_castle_ids: list[str] = list(data["ally"]["castle"])
        self.include_castle = bool(data["engine"]["deployed_includes_castle"])
        # Provisional rules choices (data "engine", listed in the rules help).
        self.rules: dict[str, Any] = dict(data["engine"])

    # ----------------------------------------------------------------------------------------
    # Setup (rules section 4)
    # ----------------------------------------------------------------------------------------

    def setup(self, n: int, seed: int, opts: dict[str, Any]) -> State:
        d = self.data
        state: State = {
            "v": 1,
            "fp": self.fp,
            "n": n,
            "seed": seed,
            "opts": dict(opts),
            "rng": 0,
            "round": 1,
            "phase": "setup",
            "start": 0,
            "turn": 0,
            "turn_done": False,
            "next_start": None,
            "favors": 0,
            # 6.4 and 17.5: all tiles, or the per-count number of the data (option).
            "favor": [True]
            * (d["setup"]["favor_tiles"][str(n)] if opts["favor_tiles_by_count"] else len(d["kings_favor"])),
            "voting": None,
            "ballots": [None] * n,
            "results": [],
            "queue": [],
            "pending": None,
            "last": None,
        }
        state["start"] = self._rng(state).randrange(n)  # 4.1 step 4: random start player
        seats = []
        for _ in range(n):
            seats.append(
                {
                    "gold": d["setup"]["gold"],
                    "squires": d["setup"]["squires"],
                    "votes": int(opts["vote_markers"]),
                    "pp": 0,
                    "pp_src": {},
                    "ext": [],
                    "nobles": [],
                }
            )
        state["seats"] = seats
        forces = []
        n_forces = 4 if n == 2 else n
        for f in range(n_forces):
            court = d["setup"]["ally_court"] if f >= n else d["setup"]["court"]
            reserve = [0, 0, 0, 0]
            for s in d["knight_set"]:
                reserve[s - 1] += 1
            for s in court:
                reserve[s - 1] -= 1
            forces.append({"reserve": reserve, "court": sorted(court), "castle": {}})
        state["forces"] = forces
        state["counties"] = {letter: None for letter in self.order}
        # 4.1 step 8: noble stacks, by letter or shuffled (option noble_stacks).
        types = list(self.order)
        if opts["noble_stacks"] == "random":
            self._rng(state).shuffle(types)
        per = d["setup"]["nobles_per_county"][str(n)]
        state["stacks"] = {letter: [types[i], per] for i, letter in enumerate(self.order)}
        # 4.1 step 6: remove 2 conflict cards by player count, shuffle, reveal.
        removed = set(d["setup"]["conflicts_removed"][str(n)])
        deck = sorted(c for c in d["conflicts"] if c not in removed)
        self._rng(state).shuffle(deck)
        state["deck"] = deck
        state["cards"] = []
        self._reveal_conflicts(state)
        # 4.1 step 7: the three "0" laws are current, the pile is 1s on top down to 4s.
        laws = d["laws"]
        zero = sorted(k for k in laws if laws[k]["back"] == 0)
        self._rng(state).shuffle(zero)
        pile: list[str] = []
        for back in (1, 2, 3, 4):
            group = sorted(k for k in laws if laws[k]["back"] == back)
            self._rng(state).shuffle(group)
            pile += group
        state["laws"] = zero
        state["pile"] = pile
        self._reveal_proposals(state)
        # 4.1 step 9: each seat chooses its first extension, from the start player on.
        state["queue"] = [{"t": "ext_setup", "seat": s} for s in m.seat_order(state)]
        self._run(state, [])
        return state

    def _rng(self, state: State) -> Any:
        state["rng"] += 1
        return rng_for(state["seed"], state["rng"])

    def _reveal_conflicts(self, state: State) -> None:
        for _ in range(self.data["setup"]["conflicts_per_round"]):
            if state["deck"]:
                state["cards"].append({"id": state["deck"].pop(0), "row": "top", "sp": []})

    def _reveal_proposals(self, state: State) -> None:
        k = self.data["setup"]["proposals_per_round"]
        state["proposals"], state["pile"] = state["pile"][:k], state["pile"][k:]

    # ----------------------------------------------------------------------------------------
    # Who acts, and what they may do
    # ----------------------------------------------------------------------------------------

    def active(self, state: State) -> frozenset[int]:
        if state["pending"] is not None:
            return frozenset([state["pending"]["seat"]])
        if state["phase"] == "place":
            return frozenset([state["turn"]])
        if state["phase"] == "vote":
            return frozenset(i for i, b in enumerate(state["ballots"]) if b is None)
        return frozenset()

    def legal(self, state: State, seat: int) -> list[LancasterMove]:
        if seat not in self.active(state):
            return []
        if state["pending"] is not None:
            return self._decision_moves(state, state["pending"])
        if state["phase"] == "place":
            return list(self._placements(state, seat))
        if state["phase"] == "vote":
            votes = state["seats"][seat]["votes"]
            return [Vote(yes, k) for yes in (True, False) for k in range(votes + 1)]
        return []

    def _placements(self, state: State, seat: int) -> Iterator[Place]:
        """Every legal knight placement of a seat (rules section 6)."""
        d = self.data
        squires = state["seats"][seat]["squires"]
        for f in m.forces_of(state, seat):
            ally = m.is_ally(state, f)
            court = sorted(set(state["forces"][f]["court"]))
            if not court:
                continue
            castle = state["forces"][f]["castle"]
            if ally:
                free = [x for x in self.ally_castle_ids if x not in castle]
            else:
                # 6.3: an empty space of the own castle; an extended one only if the data allows it.
                built = [] if self.rules["knight_on_extended_space"] else state["seats"][seat]["ext"]
                free = [x for x in self.castle_ids if x not in castle and x not in built]
            cards = [c["id"] for c in state["cards"] if any(sp[0] == f for sp in c["sp"]) or len(c["sp"]) < 3]
            for s in court:
                for letter in self.order:
                    if s < d["counties"][letter]["min_strength"]:
                        continue  # 6.2: the knight alone must reach the minimum
                    occ = state["counties"][letter]
                    need = 0
                    if occ is not None:
                        if m.controller(state, occ[0]) == seat:
                            continue  # 6.2: never expel your own (or your ally's) knight
                        need = max(0, occ[1] + occ[2] + 1 - s)  # must exceed the occupant's total
                    top = 0 if ally else squires  # 11: no squires with ally knights
                    for k in range(need, top + 1):
                        yield Place(s, f"county:{letter}", k, ally)
                for x in free:
                    yield Place(s, f"castle:{x}", 0, ally)
                for cid in cards:
                    yield Place(s, f"conflict:{cid}", 0, ally)

    def _can_place(self, state: State, seat: int) -> bool:
        return next(self._placements(state, seat), None) is not None

    def _decision_moves(self, state: State, p: dict[str, Any]) -> list[LancasterMove]:
        kind = p["kind"]
        seat = p["seat"]
        me = state["seats"][seat]
        if kind == "ext_setup":
            return [Extension(x) for x in self.castle_ids]
        if kind == "favor":
            return [Favor(i + 1) for i, up in enumerate(state["favor"]) if up]
        if kind == "upgrade":
            f = p["force"]
            locs = m.knight_locations(state, f, p["deployed"], self.include_castle)
            moves: list[LancasterMove] = [
                Upgrade(w)
                for w, s in locs
                if m.can_upgrade(state, f, s) and (p.get("from") is None or s == p["from"])
            ]
            if p["optional"] and moves:
                moves.append(Upgrade("none"))
            return moves
        if kind == "extension":
            moves = [Extension(x) for x in self.castle_ids if x not in me["ext"]]
            if p["optional"] and moves:
                moves.append(Extension("none"))
            return moves
        if kind == "noble":
            return [
                Noble(letter)
                for letter in self.order
                if state["stacks"][letter][1] > 0
                and (p["remove"] or state["stacks"][letter][0] not in me["nobles"])
            ]
        if kind == "county":
            return [Take(c) for c in self._county_options(state, p)]
        if kind == "exchange":
            top = self._exchange_max(state, p["force"], p["e"])
            return [Buy(k) for k in range(top + 1)]
        if kind == "start":
            return [Start(i) for i in range(state["n"])]
        if kind == "ransom":
            rate = self.data["ransom_gold_per_strength"]
            moves = [Ransom(s) for s in sorted(set(p["ks"])) if me["gold"] >= s * rate]
            return [*moves, Ransom(0)]
        raise ValueError(f"unknown decision {kind}")

    def _county_options(self, state: State, p: dict[str, Any]) -> list[str]:
        letter = p["county"]
        me = state["seats"][p["seat"]]
        noble_type, left = state["stacks"][letter]
        options: list[str] = []
        if p["ally"]:
            # 8.1 "noble or reward" holds for allies too: the reward keeps only what an ally may
            # gain (possibly nothing), so removing a noble from the game is never forced.
            if left > 0:
                options.append("noble")
            options.append("reward")
            return options
        noble_ok = left > 0 and noble_type not in me["nobles"]  # 8.1: each noble type once
        if noble_ok:
            options.append("noble")
        options.append("reward")
        if noble_ok and me["gold"] >= self.data["both_cost_gold"]:
            options.append("both")
        return options

    def _ally_effects(self, effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
        allowed = self.data["ally"]["county_effects"]
        return [e for e in effects if e["type"] in allowed]

    def _exchange_max(self, state: State, force: int, e: dict[str, Any]) -> int:
        me = state["seats"][m.controller(state, force)]
        have = {
            "gold": me["gold"],
            "squire": me["squires"],
            "vote_marker": me["votes"],
            "power_points": me["pp"],
        }
        top = min(have[c["resource"]] // c["amount"] for c in e["pay"])
        if e["repeat"] != "unlimited":
            top = min(top, int(e["repeat"]))
        for g in e["gain"]:  # a purchase that cannot be delivered is not offered
            if g["type"] == "upgrade_knight":
                locs = m.knight_locations(state, force, g["target"] == "deployed", self.include_castle)
                if not any(m.can_upgrade(state, force, s) for _, s in locs):
                    top = 0
            elif g["type"] == "recruit_knight":
                top = min(top, state["forces"][force]["reserve"][g["strength"] - 1])
        return max(top, 0)

    # ----------------------------------------------------------------------------------------
    # Applying a move
    # ----------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, move: LancasterMove) -> tuple[State, list[str]]:
        s = m.clone(state)
        events: list[str] = []
        p = s["pending"]
        if p is not None:
            s["pending"] = None
            self._answer(s, p, move, events)
        elif s["phase"] == "place" and isinstance(move, Place):
            self._place(s, seat, move, events)
        elif s["phase"] == "vote" and isinstance(move, Vote):
            self._vote(s, seat, move, events)
        else:  # pragma: no cover - legality is checked before apply
            raise IllegalMove("That move does not fit the game right now.")
        self._run(s, events)
        # The view's "last" carries the whole move in words (the same sentences the channel gets,
        # so nothing secret) and the board places it touched, for the image's highlight.
        if s["last"] is not None:
            s["last"]["events"] = list(events)
            s["last"]["places"] = [x for x in s["last"].get("places", []) if x]
        return s, events

    def _place(self, s: State, seat: int, mv: Place, events: list[str]) -> None:
        f = seat + 2 if mv.ally else seat
        s["forces"][f]["court"].remove(mv.strength)
        kind, _, where = mv.target.partition(":")
        who = m.force_name(s, f)
        text = f"{who} placed a knight (strength {mv.strength})"
        if kind == "county":
            occ = s["counties"][where]
            s["seats"][seat]["squires"] -= mv.squires
            if mv.squires:
                text += f" with {amount('squire', mv.squires)}"
            text += f" on county {where} ({self.data['counties'][where]['name']})"
            if occ is not None:
                # 6.2: the expelled knight goes back to its court; its squires are lost.
                m.court_add(s, occ[0], occ[1])
                text += f", expelling {m.force_name(s, occ[0])}'s knight (strength {occ[1]})"
                if occ[2]:
                    text += f" and its {amount('squire', occ[2])}"
            s["counties"][where] = [f, mv.strength, mv.squires]
            events.append(text + ".")
        elif kind == "castle":
            s["forces"][f]["castle"][where] = mv.strength
            name = (self.data["ally"]["castle"] if mv.ally else self.data["castle"])[where]["name"]
            events.append(f"{text} in the castle ({where} {name}).")
        else:
            card = next(c for c in s["cards"] if c["id"] == where)
            mine = next((sp for sp in card["sp"] if sp[0] == f), None)
            if mine is None:
                card["sp"].append([f, [mv.strength]])  # 6.4: spaces fill from the top down
                pos = len(card["sp"])
                events.append(f"{text} on conflict {where} (space {pos}).")
            else:
                mine[1].append(mv.strength)  # 6.4: further knights stack on the same space
                mine[1].sort()
                events.append(f"{text} on conflict {where}, stacking on their space.")
            # 6.4: King's Favor for the first knights into conflicts this round.
            if s["favors"] < len(s["favor"]) and any(s["favor"]):
                s["favors"] += 1
                self._ask(s, {"kind": "favor", "seat": seat, "force": f}, events)
        s["last"] = {"seat": seat, "move": mv.to_text(), "where": mv.target, "places": [mv.target]}
        s["turn_done"] = True

    def _vote(self, s: State, seat: int, mv: Vote, events: list[str]) -> None:
        s["ballots"][seat] = [mv.yes, mv.markers]
        # The proposal voted on is public; the ballot itself is not (7.2), so the move is "vote".
        law = s["proposals"][s["voting"]]
        s["last"] = {"seat": seat, "move": "vote", "where": None, "places": [f"law:{law}"]}
        events.append(f"{{p{seat}}} has voted.")
        if all(b is not None for b in s["ballots"]):
            self._reveal_vote(s, events)

    def _reveal_vote(self, s: State, events: list[str]) -> None:
        """7.2: all reveal; tiles and markers count; a tie passes; used markers are spent."""
        i = s["voting"]
        law = s["proposals"][i]
        yes = no = 0
        ballots = []
        for seat, (vote_yes, markers) in enumerate(s["ballots"]):
            s["seats"][seat]["votes"] -= markers
            if vote_yes:
                yes += 1 + markers
            else:
                no += 1 + markers
            ballots.append({"seat": seat, "vote": "yes" if vote_yes else "no", "markers": markers})
        passed = yes >= no
        s["results"].append({"law": law, "passed": passed, "yes": yes, "no": no, "ballots": ballots})
        detail = ", ".join(
            f"{{p{b['seat']}}} {b['vote']}" + (f" +{b['markers']}" if b["markers"] else "") for b in ballots
        )
        if passed:
            old = s["laws"].pop(0)  # 7.2.6: leftmost current law leaves, the new one enters right
            s["laws"].append(law)
            events.append(f"Proposal {law} passed {yes} to {no} ({detail}); it replaces {old}.")
        else:
            events.append(f"Proposal {law} was rejected {yes} to {no} ({detail}).")
        s["ballots"] = [None] * s["n"]
        if i + 1 < len(s["proposals"]):
            s["voting"] = i + 1
            return
        s["voting"] = None
        if s["opts"]["discard_unused_votes"]:
            for seat in s["seats"]:
                seat["votes"] = 0  # 7.2.7: unused vote markers go back to the supply
        s["phase"] = "laws"
        events.append(f"Parliament applies the current laws: {', '.join(s['laws'])}.")
        s["queue"] = [{"t": "law", "law": law_id} for law_id in s["laws"]]

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
        s = m.clone(state)
        events: list[str] = []
        tasks: list[Task] = []
        for step in steps:
            kind, _, arg = step.partition(":")
            if kind == "county":
                tasks.append({"t": "county", "c": arg})
            elif kind == "castle":
                tasks.append({"t": "castle", "f": int(arg)})
            elif kind == "conflict":
                tasks.append({"t": "conflict", "id": arg})
            elif kind == "law":
                tasks.append({"t": "law", "law": arg})
            elif kind == "end_round":
                tasks.append({"t": "end_round"})
            elif kind in ("rewards", "next_turn") and not tasks and len(steps) == 1:
                if kind == "rewards":
                    self._begin_rewards(s, events)
                else:
                    s["phase"] = "place"
                    self._next_turn(s, events, first=True)
                self._run(s, events)
                return s, events
            else:
                raise ValueError(f"unknown scenario step {step!r} (rewards and next_turn run alone)")
        s["phase"] = "scenario"
        s["queue"] = tasks
        self._run(s, events)
        return s, events

    # ----------------------------------------------------------------------------------------
    # Decisions
    # ----------------------------------------------------------------------------------------

    def _ask(self, s: State, p: dict[str, Any], events: list[str]) -> None:
        """Make ``p`` the pending decision, unless it offers no real choice (then settle it)."""
        moves = self._decision_moves(s, p)
        trivial = moves in ([], [Buy(0)], [Ransom(0)])
        # With screens (3+ players) a question that depends on hidden gold or squires is asked
        # even when the only answer is "no": skipping it would tell everyone the player is broke.
        hidden = s["n"] > 2 and p["kind"] in ("exchange", "ransom")
        if not trivial or hidden:
            s["pending"] = p
        elif p["kind"] == "ransom":
            self._release(s, p, events)

    def _answer(self, s: State, p: dict[str, Any], mv: LancasterMove, events: list[str]) -> None:
        seat = p["seat"]
        me = s["seats"][seat]
        kind = p["kind"]
        s["last"] = {"seat": seat, "move": mv.to_text(), "where": None}
        places = self._answer_places(p, mv)
        s["last"]["places"] = places
        s["last"]["where"] = places[0] if places else None
        if kind == "ext_setup" and isinstance(mv, Extension):
            me["ext"].append(mv.space)
            events.append(
                f"{{p{seat}}} built the extension {mv.space} ({self.data['castle'][mv.space]['name']})."
            )
        elif kind == "favor" and isinstance(mv, Favor):
            self._favor(s, p, mv.tile - 1, events)
        elif kind == "upgrade" and isinstance(mv, Upgrade):
            if mv.where == "none":
                events.append(f"{m.force_name(s, p['force'])} did not upgrade.")
            else:
                old, new = m.upgrade_at(s, p["force"], mv.where)
                events.append(f"{m.force_name(s, p['force'])} upgraded a knight {old} to {new} ({mv.where}).")
        elif kind == "extension" and isinstance(mv, Extension):
            if mv.space != "none":
                me["ext"].append(mv.space)
                events.append(
                    f"{{p{seat}}} built the extension {mv.space} ({self.data['castle'][mv.space]['name']})."
                )
        elif kind == "noble" and isinstance(mv, Noble):
            stack = s["stacks"][mv.county]
            stack[1] -= 1
            name = self.data["nobles"][stack[0]]["name"]
            if p["remove"]:
                events.append(f"{{p{seat}}} removed a noble ({name}) from county {mv.county} from the game.")
            else:
                me["nobles"].append(stack[0])
                events.append(f"{{p{seat}}} took a noble ({name}) from county {mv.county}.")
        elif kind == "county" and isinstance(mv, Take):
            self._take_county(s, p, mv.choice, events)
        elif kind == "exchange" and isinstance(mv, Buy):
            e = p["e"]
            for c in e["pay"]:
                self._pay(s, seat, c["resource"], c["amount"] * mv.times)
            if mv.times:
                pay = " + ".join(amount(c["resource"], c["amount"] * mv.times) for c in e["pay"])
                events.append(f"{{p{seat}}} paid {pay} ({p['src']}).")
            # A paid-for upgrade is not optional any more ("paid" marks it for _effect).
            tasks = [
                {"t": "fx", "f": p["force"], "e": {**g, "paid": True}, "src": p["src"], "at": p.get("at")}
                for _ in range(mv.times)
                for g in e["gain"]
            ]
            s["queue"][0:0] = tasks
        elif kind == "start" and isinstance(mv, Start):
            s["next_start"] = mv.seat
            if mv.seat == seat:  # "alice chose alice" reads oddly
                events.append(f"{{p{seat}}} chose to start the next round themselves.")
            else:
                events.append(f"{{p{seat}}} chose {{p{mv.seat}}} to start the next round.")
        elif kind == "ransom" and isinstance(mv, Ransom):
            if mv.strength == 0:
                self._release(s, p, events)
            else:
                me["gold"] -= mv.strength * self.data["ransom_gold_per_strength"]
                p["ks"].remove(mv.strength)
                m.court_add(s, p["force"], mv.strength)
                events.append(f"{{p{seat}}} ransomed a captured knight (strength {mv.strength}).")
                if p["ks"]:
                    self._ask(s, p, events)
        else:  # pragma: no cover - legality is checked before apply
            raise IllegalMove("That move does not answer the open question.")

    @staticmethod
    def _answer_places(p: dict[str, Any], mv: LancasterMove) -> list[str]:
        """The board places a decision touched, for the last-move highlight of the image.

        Places: "county:D", "castle:X2" (the mover's castle; ally spaces are "castle:AC1"),
        "conflict:K03", "favor:3", "law:L07", "knights:<seat>" (a seat's court and reserve),
        "nobles:<seat>" (a seat's nobles at table) and "seat:<seat>" (a seat as a whole). A choice
        that changes nothing on the board (declining, buying 0 times) points at the place that
        offered it ("at"), when known.
        """
        seat = p["seat"]
        at = [str(p["at"])] if p.get("at") else []
        if isinstance(mv, Favor):
            return [f"favor:{mv.tile}"]
        if isinstance(mv, Upgrade):
            kind, _, rest = mv.where.partition(":")
            if kind == "court":
                return [f"knights:{seat}"]
            if kind == "conflict":
                return [f"conflict:{rest.split(':')[0]}"]
            return [mv.where] if kind in ("county", "castle") else at
        if isinstance(mv, Extension):
            return [f"castle:{mv.space}"] if mv.space != "none" else at
        if isinstance(mv, Noble):
            return [f"county:{mv.county}"] + ([] if p.get("remove") else [f"nobles:{seat}"])
        if isinstance(mv, Take):
            keeps = mv.choice in ("noble", "both") and not p.get("ally")
            return [f"county:{p['county']}"] + ([f"nobles:{seat}"] if keeps else [])
        if isinstance(mv, Start):
            return [f"seat:{mv.seat}"]
        if isinstance(mv, Ransom):
            return [f"knights:{seat}"]
        return at  # Buy: the law or castle space whose exchange it is

    def _release(self, s: State, p: dict[str, Any], events: list[str]) -> None:
        for k in p["ks"]:
            m.to_reserve(s, p["force"], k)
        if p["ks"]:
            strengths = ", ".join(str(k) for k in p["ks"])
            events.append(
                f"{m.force_name(s, p['force'])}'s captured knights ({strengths}) go to the reserve."
            )

    def _pay(self, s: State, seat: int, resource: str, n: int) -> None:
        key = {"gold": "gold", "squire": "squires", "vote_marker": "votes", "power_points": "pp"}[resource]
        s["seats"][seat][key] -= n

    def _favor(self, s: State, p: dict[str, Any], tile: int, events: list[str]) -> None:
        s["favor"][tile] = False
        f = p["force"]
        effects = self.data["kings_favor"][tile]
        events.append(f"{m.force_name(s, f)} took King's Favor {tile + 1} ({effects_words(effects)}).")
        tasks: list[Task] = []
        for e in effects:
            if m.is_ally(s, f) and e["type"] not in _ALLY_FAVOR:
                events.append(f"The ally forfeits {effects_words([e])}.")  # 6.4: allies keep no goods
                continue
            tasks.append({"t": "fx", "f": f, "e": e, "src": "favor", "at": f"favor:{tile + 1}"})
        s["queue"][0:0] = tasks

    def _take_county(self, s: State, p: dict[str, Any], choice: str, events: list[str]) -> None:
        """8.1: noble or reward; both for 3 gold. Allies: noble leaves the game, limited rewards."""
        letter, seat, f = p["county"], p["seat"], p["force"]
        stack = s["stacks"][letter]
        name = self.data["nobles"][stack[0]]["name"]
        reward = self.data["counties"][letter]["reward"]
        if p["ally"]:
            if choice == "noble":
                stack[1] -= 1
                events.append(
                    f"{{p{seat}}}'s ally removed a noble ({name}) of county {letter} from the game."
                )
                return
            reward = self._ally_effects(reward)
        if choice == "both":
            s["seats"][seat]["gold"] -= self.data["both_cost_gold"]
        if choice in ("noble", "both"):
            stack[1] -= 1
            s["seats"][seat]["nobles"].append(stack[0])
        words = {"noble": f"the noble ({name})", "reward": f"the reward ({effects_words(reward)})"}
        words["both"] = f"{words['noble']} and {words['reward']} for {self.data['both_cost_gold']} gold"
        events.append(f"{m.force_name(s, f)} took {words[choice]} in county {letter}.")
        if choice in ("reward", "both"):
            at = f"county:{letter}"
            s["queue"][0:0] = [{"t": "fx", "f": f, "e": e, "src": "county", "at": at} for e in reward]

    # ----------------------------------------------------------------------------------------
    # The task loop
    # ----------------------------------------------------------------------------------------

    def _run(self, s: State, events: list[str]) -> None:
        while s["pending"] is None:
            if s["queue"]:
                self._task(s, s["queue"].pop(0), events)
                continue
            phase = s["phase"]
            if phase == "setup":
                self._begin_round(s, events)
            elif phase == "place" and s["turn_done"]:
                s["turn_done"] = False
                self._next_turn(s, events, first=False)
            elif phase == "laws":
                self._begin_rewards(s, events)
            else:
                return

    def _begin_round(self, s: State, events: list[str]) -> None:
        s["phase"] = "place"
        events.append(f"Round {s['round']} begins; {{p{s['start']}}} starts.")
        self._next_turn(s, events, first=True)

    def _next_turn(self, s: State, events: list[str], first: bool) -> None:
        """6.1: one knight per turn, clockwise; players who cannot place are skipped."""
        n = s["n"]
        base = s["start"] if first else s["turn"] + 1
        for i in range(n):
            seat = (base + i) % n
            if self._can_place(s, seat):
                s["turn"] = seat
                return
        for f, force in enumerate(s["forces"]):
            if force["court"]:
                events.append(f"{m.force_name(s, f)} cannot place the knights left in court.")
        s["phase"] = "vote"
        s["voting"] = 0
        s["ballots"] = [None] * n
        s["results"] = []
        events.append(f"Parliament: vote on {', '.join(s['proposals'])}, left to right.")

    def _begin_rewards(self, s: State, events: list[str]) -> None:
        """8: counties A..I, then castles (in seat order), then conflicts, then next round."""
        s["phase"] = "rewards"
        events.append("Rewards: counties, castles, then conflicts.")
        tasks: list[Task] = [{"t": "county", "c": letter} for letter in self.order]
        for seat in m.seat_order(s):
            tasks += [{"t": "castle", "f": f} for f in m.forces_of(s, seat)]
        # Bottom row first, so it is empty before this round's lost cards slide down.
        bottom = [c["id"] for c in s["cards"] if c["row"] == "bottom"]
        top = [c["id"] for c in s["cards"] if c["row"] == "top"]
        tasks += [{"t": "conflict", "id": cid} for cid in bottom + top]
        tasks.append({"t": "end_round"})
        s["queue"] = tasks

    def _task(self, s: State, t: Task, events: list[str]) -> None:
        kind = t["t"]
        if kind == "ext_setup":
            s["pending"] = {"kind": "ext_setup", "seat": t["seat"]}
        elif kind == "fx":
            self._effect(s, t["f"], t["e"], t["src"], events, t.get("at"))
        elif kind == "law":
            self._law(s, t["law"], events)
        elif kind == "county":
            occ = s["counties"][t["c"]]
            if occ is not None:
                f = occ[0]
                p = {"kind": "county", "seat": m.controller(s, f), "force": f, "county": t["c"]}
                p["ally"] = m.is_ally(s, f)
                options = self._county_options(s, p)
                if len(options) == 1:
                    self._take_county(s, p, options[0], events)
                elif options:
                    s["pending"] = p
        elif kind == "castle":
            self._castle(s, t["f"], events)
        elif kind == "conflict":
            self._conflict(s, t["id"], events)
        elif kind == "ransom":
            self._ask(s, t["p"], events)
        elif kind == "end_round":
            self._end_round(s, events)
        else:  # pragma: no cover
            raise ValueError(f"unknown task {kind}")

    def _law(self, s: State, law_id: str, events: list[str]) -> None:
        """7.3: a law applies to every seat in turn order from the start player (never to allies)."""
        law = self.data["laws"][law_id]
        events.append(f"Law {law_id}: {law['text']}")
        tasks: list[Task] = []
        for e in law["effects"]:
            if e["type"] == "majority":
                # "The player with the most X" is settled once, before anyone is rewarded, so a
                # reward that changes X cannot untie the players after the first one.
                values = [m.metric(s, i, e["metric"], self.include_castle) for i in range(s["n"])]
                best = max(values)
                tasks += [
                    {"t": "fx", "f": seat, "e": x, "src": "laws", "at": f"law:{law_id}"}
                    for seat in m.seat_order(s)
                    if values[seat] == best
                    for x in e["effects"]
                ]
            else:
                tasks += [
                    {"t": "fx", "f": seat, "e": e, "src": "laws", "at": f"law:{law_id}"}
                    for seat in m.seat_order(s)
                ]
        s["queue"][0:0] = tasks

    def _effect(
        self, s: State, f: int, e: dict[str, Any], src: str, events: list[str], at: str | None = None
    ) -> None:
        """One effect for force ``f``; ``at`` is the board place it comes from (for the view)."""
        seat = m.controller(s, f)
        ally = m.is_ally(s, f)
        t = e["type"]
        me = s["seats"][seat]
        who = m.force_name(s, f)
        if t in ("gain", "gain_per"):
            n = e["amount"]
            if t == "gain_per":
                n *= m.metric(s, seat, e["per"], self.include_castle) // e["every"]
            if ally or n <= 0:
                return  # 11: allies never gain goods or PP
            key = {"gold": "gold", "squire": "squires", "vote_marker": "votes", "power_points": "pp"}[
                e["resource"]
            ]
            me[key] += n
            if key == "pp":
                me["pp_src"][src] = me["pp_src"].get(src, 0) + n
            events.append(f"{who} gains {amount(e['resource'], n)}.")
        elif t in ("recruit_knight", "recruit_knight_per"):
            n = e["amount"]
            if t == "recruit_knight_per":
                n *= m.metric(s, seat, e["per"], self.include_castle) // e["every"]
            got = m.recruit(s, f, e["strength"], n) if n > 0 else 0
            if got:
                events.append(f"{who} recruits {got} strength-{e['strength']} knight(s) to the court.")
        elif t in ("upgrade_knight", "swap_knight"):
            target = f + 2 if e.get("target") == "ally" and not ally else f
            p: dict[str, Any] = {
                "kind": "upgrade",
                "seat": seat,
                "force": target,
                "deployed": e["target"] == "deployed",
                "optional": not e.get("paid", False),  # "may upgrade" unless it was paid for
                "src": src,
                "from": e.get("from_strength"),
                "at": at,
            }
            if t == "upgrade_knight" and e["amount"] > 1:
                more_up = {**e, "amount": e["amount"] - 1}
                s["queue"][0:0] = [{"t": "fx", "f": f, "e": more_up, "src": src, "at": at}]
            self._ask(s, p, events)
        elif t in ("build_extension", "build_extension_per"):
            n = e["amount"]
            if t == "build_extension_per":
                n *= m.metric(s, seat, e["per"], self.include_castle) // e["every"]
            if ally or n <= 0:
                return  # 11: the ally castle cannot be extended
            optional = t == "build_extension_per"  # L06 says "may"; a county extension is built
            p = {"kind": "extension", "seat": seat, "optional": optional, "src": src, "at": at}
            if n > 1:
                more = (
                    {"type": "build_extension_optional"}
                    if optional
                    else {"type": "build_extension", "amount": 1}
                )
                s["queue"][0:0] = [{"t": "fx", "f": f, "e": more, "src": src, "at": at} for _ in range(n - 1)]
            self._ask(s, p, events)
        elif t == "build_extension_optional":
            if not ally:
                p = {"kind": "extension", "seat": seat, "optional": True, "src": src, "at": at}
                self._ask(s, p, events)
        elif t == "take_noble":
            self._ask(s, {"kind": "noble", "seat": seat, "remove": ally, "src": src, "at": at}, events)
        elif t == "exchange":
            if not ally:
                p = {"kind": "exchange", "seat": seat, "force": f, "e": e, "src": src, "at": at}
                self._ask(s, p, events)
        elif t == "majority":
            if ally:
                return
            values = [m.metric(s, i, e["metric"], self.include_castle) for i in range(s["n"])]
            if values[seat] == max(values):  # 7.3: all tied players get the reward
                s["queue"][0:0] = [{"t": "fx", "f": f, "e": x, "src": src, "at": at} for x in e["effects"]]
        elif t == "conditional":
            if ally:
                return
            c = e["condition"]
            v = m.metric(s, seat, c["metric"], self.include_castle)
            ok = {
                "==": v == c["value"],
                "!=": v != c["value"],
                ">=": v >= c["value"],
                "<=": v <= c["value"],
                ">": v > c["value"],
                "<": v < c["value"],
            }[c["op"]]
            if ok:
                s["queue"][0:0] = [{"t": "fx", "f": f, "e": x, "src": src, "at": at} for x in e["effects"]]
        elif t == "choose_next_start_player":
            self._ask(s, {"kind": "start", "seat": seat, "src": src, "at": at}, events)
        else:  # pragma: no cover - the schema rejects unknown effects
            raise ValueError(f"unknown effect {t}")

    def _castle(self, s: State, f: int, events: list[str]) -> None:
        """8.2: every space with an own knight or a built extension pays once; nobles give votes."""
        seat = m.controller(s, f)
        ally = m.is_ally(s, f)
        spaces = self.data["ally"]["castle"] if ally else self.data["castle"]
        built = [] if ally else s["seats"][seat]["ext"]
        knights = s["forces"][f]["castle"]
        plain: list[Task] = []
        exchanges: list[Task] = []
        for sid in spaces:
            # A space pays for its extension tile and for a knight on it (both only when the data
            # lets a knight stand on an extended space).
            for _ in range((sid in built) + (sid in knights)):
                for e in spaces[sid]["reward"]:
                    task = {"t": "fx", "f": f, "e": e, "src": "castle", "at": f"castle:{sid}"}
                    (exchanges if e["type"] == "exchange" else plain).append(task)
        if not ally:
            votes = len(s["seats"][seat]["nobles"]) * self.data["noble_castle_votes"]
            if votes:
                plain.append(
                    {
                        "t": "fx",
                        "f": f,
                        "e": {"type": "gain", "resource": "vote_marker", "amount": votes},
                        "src": "castle",
                    }
                )
        # Income first, so squires earned this step can pay this step's exchanges.
        s["queue"][0:0] = plain + exchanges

    def _conflict(self, s: State, cid: str, events: list[str]) -> None:
        """8.3: England's total against France; ranks win PP; losses slide down, then capture."""
        card = next(c for c in s["cards"] if c["id"] == cid)
        info = self.data["conflicts"][cid]
        total = sum(sum(stack) for _, stack in card["sp"])
        if not card["sp"]:
            if card["row"] == "top" and self.rules["unjoined_conflicts"] == "slide":
                card["row"] = "bottom"
                events.append(f"Nobody answered conflict {cid}; it moves to the bottom row.")
            else:
                s["cards"].remove(card)
                again = " again" if card["row"] == "bottom" else ""
                events.append(f"Nobody answered conflict {cid}{again}; it is discarded.")
            return
        if total >= info["france"]:
            ranks = self._ranks(s, card)
            parts = []
            # Listed best rank first; allies without a rank last.
            for i in sorted(range(len(ranks)), key=lambda j: (ranks[j] is None, ranks[j] or 0, j)):
                f, stack = card["sp"][i]
                rank = ranks[i]
                pp = info["pp"][rank] if rank is not None and rank < len(info["pp"]) else 0
                if rank is None:
                    parts.append(f"{m.force_name(s, f)} takes no rank (an ally)")
                elif m.is_ally(s, f):
                    parts.append(f"{m.force_name(s, f)} rank {rank + 1} (no PP for allies)")
                else:
                    seat = s["seats"][f]
                    seat["pp"] += pp
                    seat["pp_src"]["conflicts"] = seat["pp_src"].get("conflicts", 0) + pp
                    parts.append(f"{m.force_name(s, f)} rank {rank + 1}: {pp} PP")
                for k in stack:
                    m.court_add(s, f, k)
            s["cards"].remove(card)
            events.append(
                f"England wins conflict {cid} ({total} against France {info['france']}): "
                + "; ".join(parts)
                + "."
            )
            return
        if card["row"] == "top":
            card["row"] = "bottom"
            events.append(
                f"England loses conflict {cid} ({total} against France {info['france']}); "
                "it moves to the bottom row and its knights stay."
            )
            return
        s["cards"].remove(card)
        events.append(
            f"England loses conflict {cid} a second time ({total} against France "
            f"{info['france']}); its knights are captured."
        )
        order = {seat: i for i, seat in enumerate(m.seat_order(s))}
        tasks: list[Task] = []
        for f, stack in sorted(card["sp"], key=lambda sp: (order[m.controller(s, sp[0])], sp[0])):
            if m.is_ally(s, f):
                for k in stack:
                    m.to_reserve(s, f, k)  # allies have no gold: captured ally knights go to the reserve
                events.append(f"{m.force_name(s, f)}'s captured knights go to the ally reserve.")
            else:
                tasks.append(
                    {"t": "ransom", "p": {"kind": "ransom", "seat": f, "force": f, "ks": list(stack)}}
                )
        s["queue"][0:0] = tasks

    def _ranks(self, s: State, card: dict[str, Any]) -> list[int | None]:
        """8.3: the rank (0 = first) of each space on a won card, by own strength on the card.

        Ties: the higher (earlier) space ranks first, or with ``conflict_rank_ties = shared`` tied
        players share the better rank (the ranks after them are skipped, 1-1-3). Allies take a rank
        (its PP is lost) or, with ``ally_conflict_rank = pass_down``, none (None).
        """
        sp = card["sp"]
        no_ally_rank = self.rules["ally_conflict_rank"] == "pass_down"
        shared = self.rules["conflict_rank_ties"] == "shared"
        ranked = [i for i in range(len(sp)) if not (no_ally_rank and m.is_ally(s, sp[i][0]))]
        ranked.sort(key=lambda i: (-sum(sp[i][1]), i))  # stable: the higher space first on a tie
        ranks: list[int | None] = [None] * len(sp)
        for pos, i in enumerate(ranked):
            prev = ranked[pos - 1] if pos else None
            if shared and prev is not None and sum(sp[prev][1]) == sum(sp[i][1]):
                ranks[i] = ranks[prev]
            else:
                ranks[i] = pos
        return ranks

    def _end_round(self, s: State, events: list[str]) -> None:
        """8.4 and 9: knights come home, squires are spent, then the next round is prepared."""
        for letter, occ in s["counties"].items():
            if occ is not None:
                m.court_add(s, occ[0], occ[1])
                s["counties"][letter] = None
        for f, force in enumerate(s["forces"]):
            for k in force["castle"].values():
                m.court_add(s, f, k)
            force["castle"] = {}
        if s["round"] >= self.data["rounds"]:
            s["phase"] = "over"
            events.append("The game is over after the last round.")
            return
        s["round"] += 1
        self._reveal_proposals(s)
        self._reveal_conflicts(s)
        s["favor"] = [True] * len(s["favor"])
        s["favors"] = 0
        if s["next_start"] is not None:
            s["start"] = s["next_start"]
            s["next_start"] = None
        elif not self.data["engine"]["surrey_unclaimed_keeps_start_player"]:
            s["start"] = (s["start"] + 1) % s["n"]  # alternative reading: the marker passes clockwise
        s["results"] = []
        self._begin_round(s, events)
