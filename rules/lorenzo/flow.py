"""The flow of a Lorenzo game: who acts, what they may do, what a move does, what they are asked.

``advance`` works off automatic frames and moves on to the next placement turn, Vatican Report
or round; ``legal_moves`` is the one source of legality (``is_legal`` adds only the servants a
player may add beyond the useful counts listed); ``refusal`` words why a move is not legal;
``apply_move`` applies a legal one. The frame kinds themselves are in decisions.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core import say, seat
from rules.lorenzo import engine, leaders, spaces
from rules.lorenzo.data import ALL_TOWER_SPACES
from rules.lorenzo.decisions import KINDS
from rules.lorenzo.describe import MEMBER_NAMES
from rules.lorenzo.effects import modifiers
from rules.lorenzo.engine import Log
from rules.lorenzo.houses import auction, families, tokens
from rules.lorenzo.houses import leaders as houses_leaders
from rules.lorenzo.moves import (
    Bid,
    BidTile,
    BonusAction,
    Convert,
    Draft,
    LeaderAction,
    LorenzoMove,
    Pass,
    Place,
    Take,
    Token,
)
from rules.lorenzo.state_copy import own_player, own_players

State = dict[str, Any]


def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    state = engine.setup(players, seed, options)
    advance(state, Log())
    tokens.sync_all(state)
    return state


# ----------------------------------------------------------------------------------------------
# Turns, rounds and reports (§6, §14, §15)
# ----------------------------------------------------------------------------------------------


def advance(state: State, log: Log) -> None:
    """Resolve automatic work until a player must decide or place (or the game is over)."""
    stack = state["stack"]
    shared = log.shared
    while True:
        if "houses" in state:
            tokens.ask_payment(state)  # tokens paid: the payer chooses which first (HOUSES.md §10.2)
        if stack:
            # A frame settled by itself may be another seat's (a Vatican Report): its dict is
            # copied before it changes (state_copy.py, copy on write).
            if shared is not None and state["players"][stack[-1]["seat"]] is shared[stack[-1]["seat"]]:
                own_player(state, stack[-1]["seat"], shared)
            if KINDS[stack[-1]["kind"]].settle(state, stack[-1], log):
                continue
            return
        if not _next_phase(state, log):
            return


def _next_phase(state: State, log: Log) -> bool:
    """One step of the game outside the stack; False when a seat must act (or it is over)."""
    phase = state["phase"]
    if phase == "auction":
        return auction.settle(state, log)
    if phase == "tile_draft":
        state["phase"] = "leader_draft" if state["leader_draft"] else "actions"
        return True
    if phase == "leader_draft":
        draft = state["leader_draft"]
        if draft is None:
            state["phase"] = "actions"
            return True
        if all(len(pack) == 1 for pack in draft["packs"]):
            draft["picks"] = [pack[0] for pack in draft["packs"]]  # the last card is forced
            own_players(state, log.shared)
            leaders.pass_packs(state)
            log.events.append(say("The leader draft is over: everyone holds 4 leaders."))
            return True
        return False
    if phase == "actions":
        return _next_placement(state, log)
    if phase == "vatican":
        engine.end_round(state, log)
        return True
    return False


def _next_placement(state: State, log: Log) -> bool:
    if not any(state["dice"].values()):  # the drafts are over: set round 1 up now
        own_players(state, log.shared)
        engine.setup_round(state)
        dice = state["dice"]
        log.events.append(
            say(
                "Round 1 begins: dice black {black_n}, white {white_n}, orange {orange_n}.",
                black_n=dice["black"],
                white_n=dice["white"],
                orange_n=dice["orange"],
            )
        )
        return True
    if state["turn_index"] >= len(state["turn_queue"]):
        engine.end_actions(state, log)
        return True
    player = state["turn_queue"][state["turn_index"]]
    free = state["players"][player]["free_members"]
    if free and (engine.has_placement(state, player) or engine.has_leader_move(state, player)):
        return False
    if free:
        log.events.append(say("{p} has no family member that can reach a space and passes.", p=seat(player)))
    state["turn_index"] += 1
    return True


def active(state: State) -> frozenset[int]:
    bidder = auction.mover(state) if state["phase"] == "auction" and state["houses"]["auction"] else None
    if bidder is not None:
        return frozenset({bidder})
    if state["phase"] == "leader_draft" and state["leader_draft"] is not None:
        return frozenset(p for p, pick in enumerate(state["leader_draft"]["picks"]) if pick is None)
    if state["stack"]:
        return _ALONE[state["stack"][-1]["seat"]]
    if state["phase"] == "actions" and state["turn_index"] < len(state["turn_queue"]):
        return _ALONE[state["turn_queue"][state["turn_index"]]]
    return frozenset()


_ALONE = tuple(frozenset({seat}) for seat in range(8))
"""Each seat alone, made once (asked twice a move in a simulation; frozensets never change)."""


# ----------------------------------------------------------------------------------------------
# Legality
# ----------------------------------------------------------------------------------------------


def decision_moves(state: State) -> list[LorenzoMove]:
    """The answers to the decision on top of the stack."""
    frame = state["stack"][-1]
    answers = KINDS[frame["kind"]].answers
    if answers is None:
        raise ValueError(f"{frame['kind']!r} frames are resolved by advance, not answered")
    return answers(state, frame)


def legal_moves(state: State, player: int) -> list[LorenzoMove]:
    """Every legal move of ``player`` now, each placement or card action with the fewest servants
    it needs (and, for a Harvest/Production, each count that reaches more cards)."""
    if player not in active(state):
        return []
    if state["phase"] == "auction" and auction.mover(state) is not None:
        return list(auction.bids(state, player))
    if state["phase"] == "leader_draft":
        return [Draft(x) for x in state["leader_draft"]["packs"][player]]
    if state["stack"]:
        return decision_moves(state)
    moves = engine.placements(state, player)
    placed = bool(moves)
    moves += engine.leader_moves(state, player)  # the list is this call's own: extended in place
    if "houses" in state:
        moves += tokens.cash_moves(state, player)
        moves += families.convert_moves(state, player)  # Della Scala, Este
    if state["options"].get("voluntary_pass") or not placed:
        moves.append(Pass())  # without a placement a player with leader actions may still pass
    return moves


def is_legal(state: State, player: int, move: LorenzoMove) -> bool:
    """``move`` is in ``legal_moves``, or is one of them with more servants than it needs."""
    legal = legal_moves(state, player)
    return move in legal or _with_extra_servants(state, player, move, legal)


def _with_extra_servants(state: State, player: int, move: LorenzoMove, legal: list[LorenzoMove]) -> bool:
    """§7: a player may add any number of servants. ``legal_moves`` lists only the counts that
    change something; more is legal when the same move with fewer servants is listed, the
    servants are held and, for a tower, the card can still be paid for after them."""
    if not isinstance(move, Place | Take | BonusAction) or move.servants == 0:
        return False
    if not any(
        type(m) is type(move) and m.servants < move.servants and replace(m, servants=move.servants) == move
        for m in legal
    ):
        return False
    if move.servants > state["players"][player]["resources"]["servant"]:
        return False
    return _tower_refusal(state, player, move) is None


def _tower_refusal(state: State, player: int, move: Place | Take | BonusAction) -> str | None:
    """The tower rules' objection to ``move`` with its servants, if it goes to a tower."""
    mods = modifiers(state, player)
    if isinstance(move, Place) and move.space in ALL_TOWER_SPACES:
        base = engine.member_value(state, mods, move.member)
        return engine.tower_offer(state, player, mods, move.space, base, move.servants, move.member, {}).error
    if isinstance(move, Take) and move.space is not None:
        frame = state["stack"][-1]
        return engine.tower_offer(
            state, player, mods, move.space, frame["value"], move.servants, None, frame["discount"]
        ).error
    return None


def refusal(state: State, player: int, move: LorenzoMove) -> str:
    """Why ``move``, not legal for the active ``player``, is refused, in a player's words."""
    if state["phase"] == "auction" and auction.mover(state) is not None:
        if isinstance(move, Bid | BidTile):
            return auction.refusal(state, player, move)
        return auction.prompt(state)
    if state["phase"] == "leader_draft":
        pack = ", ".join(state["leader_draft"]["packs"][player])
        return say("Keep one leader of your pack: {leaders}.", leaders=pack)
    if state["stack"]:
        frame = state["stack"][-1]
        why = KINDS[frame["kind"]].refusal(state, player, frame, move)
        return why or say("Now answer: {prompt}", prompt=prompt_text(state))
    if isinstance(move, Pass):
        return say("Passing is not allowed while you can place.")
    if isinstance(move, LeaderAction):
        return engine.leader_refusal(state, player, move)
    if isinstance(move, Token):
        return (
            say("You hold no {kind} Special Token to cash.", kind=move.kind)
            if "houses" in state
            else say("No Special Tokens here.")
        )
    if not isinstance(move, Place):
        return say("There is no decision to answer: place a family member.")
    if move.member not in state["players"][player]["free_members"]:
        return say(
            "Your {member} family member is already placed this round.", member=MEMBER_NAMES[move.member]
        )
    mods = modifiers(state, player)
    if spaces.is_personal(move.space):
        why = houses_leaders.refusal(state, player, move.space)
    elif move.space in ALL_TOWER_SPACES:
        why = _tower_refusal(state, player, move)
    else:
        why = engine.space_check(state, player, mods, move.space, move.member, move.servants)[0]
    return why or say("That placement is not possible now: {prompt}", prompt=prompt_text(state))


# ----------------------------------------------------------------------------------------------
# Applying a move
# ----------------------------------------------------------------------------------------------


def apply_move(state: State, player: int, move: LorenzoMove, log: Log) -> None:
    """Mutate ``state`` (a private copy) by a legal move, then advance to the next decision."""
    if type(move) is Place and not state["stack"]:  # the most frequent move, tested first
        engine.do_place(state, player, move, log)
    elif isinstance(move, Bid):
        auction.bid(state, player, move, log)
    elif isinstance(move, BidTile):
        auction.choose(state, player, move, log)
    elif isinstance(move, Draft):
        draft = state["leader_draft"]
        draft["picks"][player] = move.leader
        log.events.append(say("{p} kept a leader.", p=seat(player)))
        if all(x is not None for x in draft["picks"]):
            own_players(state, log.shared)
            leaders.pass_packs(state)
            log.events.append(say("Leader packs are passed to the right."))
    elif state["stack"]:
        frame = state["stack"].pop()
        kind = KINDS[frame["kind"]]
        log.changed.extend(kind.places(frame, move))
        kind.answer(state, player, frame, move, log)
    elif isinstance(move, LeaderAction):
        engine.do_leader(state, player, move, log)
    elif isinstance(move, Token):
        log.events.append(say("{p} cashes a {kind} Special Token.", p=seat(player), kind=move.kind))
        state["stack"].append(tokens.cash(state, player, move.kind))
    elif isinstance(move, Convert):
        state["stack"].append(families.convert(state, player, log))
    else:
        log.events.append(say("{p} passes.", p=seat(player)))
        state["turn_index"] += 1
    advance(state, log)
    tokens.sync_all(state)  # tokens paid during the move leave the hand (houses/tokens.py)


# ----------------------------------------------------------------------------------------------
# Prompts and the open decision
# ----------------------------------------------------------------------------------------------


def prompt_text(state: State) -> str:
    if state["phase"] == "auction" and auction.mover(state) is not None:
        return auction.prompt(state)
    if state["stack"]:
        frame = state["stack"][-1]
        # "{p}: <the frame's question>": your_prompt drops the seat for the player themself.
        return say("{p}: {prompt}", p=seat(frame["seat"]), prompt=KINDS[frame["kind"]].prompt(state, frame))
    if state["phase"] == "leader_draft" and state["leader_draft"] is not None:
        waiting = ", ".join(seat(q) for q in sorted(active(state)))
        return say(
            "Leader draft: {players} must keep one leader from their pack (secretly).", players=waiting
        )
    if state["phase"] == "over":
        return say("The game is over.")
    acting = active(state)
    if acting:
        (player,) = acting
        free = ", ".join(MEMBER_NAMES[m] for m in state["players"][player]["free_members"])
        return say(
            "{p}: {prompt}",
            p=seat(player),
            prompt=say("place a family member ({members} left).", members=free),
        )
    return say("Waiting.")


def your_prompt(state: State, player: int) -> str:
    """``prompt_text`` as asked of ``player``, who must act: without their own seat in front, as
    ``rules.core.Prompt`` and the header's ``your_prompt`` are addressed to them."""
    return prompt_text(state).removeprefix(f"{seat(player)}: ")


def continues_turn(before: State, after: State, player: int) -> bool:
    """Whether ``player``'s move from ``before`` to ``after`` leaves them a decision of the same
    placement turn (§6): a frame of their own during the action phase (a privilege, a cost, a
    card to take, an exchange, the Leader window after placing), or the placement itself after
    a Leader action taken before it (same round and queue entry, no member placed since). A
    Vatican report, a draft or the next round is not the same turn."""
    if before["phase"] != "actions" or after["phase"] != "actions" or active(after) != {player}:
        return False
    if after["stack"]:
        return bool(after["stack"][-1]["seat"] == player)
    same_entry = (before["round"], before["turn_index"]) == (after["round"], after["turn_index"])
    members = before["players"][player]["free_members"] == after["players"][player]["free_members"]
    return same_entry and members


def open_decision_is_public(state: State) -> bool:
    """Whether the frame on top is a decision whose answers everyone may see (buttons, view)."""
    if state["phase"] == "auction" and auction.mover(state) is not None:
        return True  # the auction board is public (HOUSES.md §5.3)
    return bool(state["stack"]) and KINDS[state["stack"][-1]["kind"]].public


def pending(state: State) -> dict[str, Any] | None:
    """The open public decision for the player view: ``{"seat", "kind", "text", "options"}``."""
    if not open_decision_is_public(state):
        return None
    if state["phase"] == "auction" and auction.mover(state) is not None:
        player = auction.mover(state) or 0
        texts = [move.to_text() for move in auction.bids(state, player)]
        return {"seat": player, "kind": "bid", "text": prompt_text(state), "options": texts}
    frame = state["stack"][-1]
    return {
        "seat": frame["seat"],
        "kind": KINDS[frame["kind"]].view_kind(frame),
        "text": prompt_text(state),
        "options": [move.to_text() for move in decision_moves(state)],
    }
