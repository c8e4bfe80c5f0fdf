"""The 24 HoR Leaders' abilities (HOUSES.md §12, §16) beyond what the base Leaders code does.

- ``immediate`` (Ladislao VII): resolves once, when the Leader itself is played;
- ``action`` (Bramante, Erasmo, Guglielmo de' Pazzi, Massimiliano I, Piero della Francesca,
  Pietro Bembo): a personal action space ``leader_<id>`` of the owner (§12.3), one member a round,
  value at least 1 after servants; its effects resolve at once (Bramante: a Harvest or
  Production at the member's value, servants only, ``personal_space_action_bonuses``);
- once-per-round kinds ``activate_one`` (Leon Battista Alberti, Palla Strozzi),
  ``draw_tokens_keep`` (Marsilio Ficino), ``discard_own_card`` (Tomas de Torquemada);
- permanent kinds folded in effects.py (Carlo VIII, Paracelso, Machiavelli, Salviati, Lutero) or
  read here (``when_take_card``: the Alfonsos, Ercole, Ferdinando).

``state["houses"]["leader_spaces"]``: ``"<seat>:<leader>"`` -> ``[seat, member]`` this round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import say, seat
from rules.lorenzo.data import CARDS, HOUSES, LEADERS
from rules.lorenzo.describe import MEMBER_NAMES
from rules.lorenzo.leaders import effective_ability
from rules.lorenzo.spaces import LEADER_PREFIX

State = dict[str, Any]
Frame = dict[str, Any]
PREFIX = LEADER_PREFIX  # a personal action space is leader_<id> (rules/lorenzo/spaces.py)


def played_permanent(state: State, player: int, op: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for leader_id in state["players"][player]["leaders_played"]:
        kind, effects = effective_ability(state, player, leader_id)
        if kind == "permanent":
            found.extend(e for e in effects if e["op"] == op)
    return found


def on_play(state: State, player: int, leader_id: str) -> list[Frame]:
    """An ``immediate`` ability resolves once, when its own Leader is played."""
    leader = LEADERS[leader_id]
    if leader["ability"] != "immediate":
        return []
    return [{"kind": "effects", "seat": player, "source": leader["name"], "effects": list(leader["effects"])}]


def can_activate(state: State, player: int, effects: list[dict[str, Any]]) -> bool:
    """Whether a once-per-round HoR ability could do anything now (else it is not offered)."""
    player_state = state["players"][player]
    res = player_state["resources"]
    for effect in effects:
        op = effect["op"]
        if op == "exchange":  # Paracelso's servants may pay for wood, stone or coins (§13.2)
            from rules.lorenzo import engine
            from rules.lorenzo.effects import modifiers

            mods = modifiers(state, player)
            return any(engine.payable(o["pay"], res, mods) is not None for o in effect["options"])
        if op == "discard_own_card":
            return any(player_state["cards"][t] for t in effect["card_types"])
        if op == "activate_one":
            return bool(activate_one_cards(state, player, effect))
        if op == "draw_tokens_keep":
            from rules.lorenzo.houses.tokens import face_down

            houses = state["houses"]
            return bool(houses["token_supply"] or houses["token_discard"] or face_down(state))
    return True


# -- personal action spaces (§12.3) -------------------------------------------------------------


def personal_spaces(state: State, only: int | None = None) -> list[dict[str, Any]]:
    """Every personal action space in play (of seat ``only``, if given), in seat order: ``space``
    (the id ``place`` names), ``seat``, ``leader`` (id), ``name`` (the Leader's, or "Lorenzo de'
    Medici as X" when he copies one), ``min_value``, ``text`` (what placing there does),
    ``occupant`` ({seat, member} this round, or None). The engine, the views, the guide and the
    boards all read the spaces here (rules/lorenzo/spaces.py)."""
    taken = state["houses"].get("leader_spaces", {})
    out = []
    seats = range(state["player_count"]) if only is None else (only,)
    for player in seats:
        player_state = state["players"][player]
        for leader_id in player_state["leaders_played"]:
            kind, effects = effective_ability(state, player, leader_id)
            if kind != "action":
                continue
            copied = LEADERS.get(player_state.get("copied_leader") or "")
            target = LEADERS[leader_id] if copied is None or "space" in LEADERS[leader_id] else copied
            space = LEADERS[leader_id].get("space") or target.get("space") or {"min_value": 1}
            name = LEADERS[leader_id]["name"]
            if target is not LEADERS[leader_id]:
                name = say("{leader} as {copied}", leader=name, copied=target["name"])
            occupant = taken.get(f"{player}:{leader_id}")
            out.append(
                {
                    "space": PREFIX + leader_id,
                    "seat": player,
                    "leader": leader_id,
                    "name": name,
                    "min_value": int(space["min_value"]),
                    "text": _space_words(effects),
                    "effects": effects,
                    "occupant": None if occupant is None else {"seat": occupant[0], "member": occupant[1]},
                }
            )
    return out


def _space_words(effects: Sequence[Mapping[str, Any]]) -> str:
    from rules.lorenzo.describe import effects_text

    if any(e["op"] == "member_action" for e in effects):
        return say("a Harvest or a Production at the member's value")
    return effects_text(list(effects))


def _spaces(state: State, player: int) -> list[tuple[str, list[dict[str, Any]], int]]:
    """(space id, effects, minimum value) of the player's free personal action spaces."""
    return [
        (s["space"], s["effects"], s["min_value"])
        for s in personal_spaces(state, player)
        if s["occupant"] is None
    ]


def placements(state: State, player: int, mods: Any) -> list[Any]:
    from rules.lorenzo.engine import _place, member_value, servants_for

    have = state["players"][player]["resources"]["servant"]
    out = []
    for space, _effects, low in _spaces(state, player):
        for member in state["players"][player]["free_members"]:
            need = servants_for(low - member_value(state, mods, member), mods)
            if need <= have:
                out.append(_place(member, space, need))
    return out


def place(state: State, player: int, move: Any, log: Any) -> None:
    """A member on a personal action space: its effects at once (Bramante: choose the action)."""
    from rules.lorenzo.effects import modifiers
    from rules.lorenzo.engine import member_value, servant_points

    leader_id = move.space[len(PREFIX) :]
    mods = modifiers(state, player)
    value = member_value(state, mods, move.member) + servant_points(move.servants, mods)
    state["players"][player]["resources"]["servant"] -= move.servants
    houses = state["houses"]
    houses["leader_spaces"] = {
        **houses.get("leader_spaces", {}),
        f"{player}:{leader_id}": [player, move.member],
    }
    name = LEADERS[leader_id]["name"]
    log.events.append(
        say(
            "{p} placed {member} (value {value}) on {leader}'s personal action space.",
            p=seat(player),
            member=MEMBER_NAMES[move.member],
            value=value,
            leader=name,
        )
    )
    _kind, effects = effective_ability(state, player, leader_id)
    if any(e["op"] == "member_action" for e in effects):
        state["stack"].append({"kind": "member_action", "seat": player, "source": name, "value": value})
    else:
        state["stack"].append({"kind": "effects", "seat": player, "source": name, "effects": list(effects)})


def member_action_answer(state: State, player: int, frame: Frame, move: Any, log: Any) -> None:
    from rules.lorenzo.effects import modifiers
    from rules.lorenzo.engine import _action_mod, start_activation

    # servants_only: the Character bonuses do not apply; E1-5/E1-6 do (as_board_space: both).
    servants_only = HOUSES["engine"]["personal_space_action_bonuses"] == "servants_only"
    value = frame["value"] + _action_mod(modifiers(state, player), move.action, servants_only)
    start_activation(state, player, move.action, value, log)


def refusal(state: State, player: int, space: str) -> str | None:
    if not space.startswith(PREFIX):
        return None
    leader_id = space[len(PREFIX) :]
    if leader_id not in state["players"][player]["leaders_played"]:
        return say("That personal action space belongs to a Leader you have not played.")
    return say(
        "Your Leader's personal action space is used this round (one member a round, value 1 or more)."
    )


# -- once-per-round kinds -----------------------------------------------------------------------


def activate_one_cards(state: State, player: int, effect: dict[str, Any]) -> list[int]:
    from rules.lorenzo.effects import modifiers
    from rules.lorenzo.engine import _action_mod

    action = effect["action"]
    value = int(effect["value"]) + _action_mod(modifiers(state, player), action, True)
    kind = "territory" if action == "harvest" else "building"
    return [c for c in state["players"][player]["cards"][kind] if CARDS[c][action]["value"] <= value]


def run_activate_one(state: State, frame: Frame, effect: dict[str, Any], log: Any) -> None:
    state["stack"].append(
        {"kind": "activate_one", "seat": frame["seat"], "source": frame["source"], "effect": effect}
    )


def activate_one_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo.moves import Activate

    return [Activate(c) for c in sorted(set(activate_one_cards(state, frame["seat"], frame["effect"])))]


def activate_one_answer(state: State, player: int, frame: Frame, move: Any, log: Any) -> None:
    """One card activated as a Harvest/Production of that value: no Personal Bonus Tile."""
    action = frame["effect"]["action"]
    budget = dict(state["players"][player]["resources"]) if action == "production" else None
    card, source = CARDS[move.card]["name"], frame["source"]
    log.events.append(say("{p} activates {card} with {source}.", p=seat(player), card=card, source=source))
    state["stack"].append(
        {
            "kind": "activation",
            "seat": player,
            "action": action,
            "value": frame["effect"]["value"],
            "items": [["card", move.card]],
            "budget": budget,
        }
    )


def run_draw_keep(state: State, frame: Frame, effect: dict[str, Any], log: Any) -> None:
    """Marsilio Ficino: draw 2 tokens, keep 1, discard the rest face down (the frame holds them)."""
    from rules.lorenzo.houses.tokens import _draw_tokens

    drawn = _draw_tokens(state, int(effect["draw"]))
    if drawn:
        state["stack"].append(
            {"kind": "keep_token", "seat": frame["seat"], "source": frame["source"], "drawn": drawn}
        )


def keep_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo.moves import Keep

    return [Keep(k) for k in sorted(set(frame["drawn"]))]


def keep_answer(state: State, player: int, frame: Frame, move: Any, log: Any) -> None:
    rest = list(frame["drawn"])
    rest.remove(move.kind)
    from rules.lorenzo.houses import tokens

    state["players"][player]["resources"]["special_token"] += 1
    for card, _kind in tokens.receive(state, player, [move.kind]):  # a card 98/128 waiting for it
        log.events.append(say("The token kept goes face up on {card}.", card=CARDS[int(card)]["name"]))
    tokens.put_down(state, rest)  # the others face down, unrevealed
    log.events.append(
        say(
            "{p} keeps 1 of {n} Special Tokens ({source}).",
            p=seat(player),
            n=len(frame["drawn"]),
            source=frame["source"],
        )
    )


def run_discard_own(state: State, frame: Frame, effect: dict[str, Any], log: Any) -> None:
    state["stack"].append(
        {"kind": "dismiss", "seat": frame["seat"], "source": frame["source"], "effect": effect}
    )


def dismiss_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo.moves import Dismiss

    cards = state["players"][frame["seat"]]["cards"]
    return [Dismiss(c) for t in frame["effect"]["card_types"] for c in cards[t]]


def dismiss_answer(state: State, player: int, frame: Frame, move: Any, log: Any) -> None:
    """Torquemada: the card leaves the board (to the discard pile if a base card, else out of the
    game), its permanent effect ends; then the effects."""
    from rules.lorenzo.engine import without

    card = CARDS[move.card]
    player_state = state["players"][player]
    player_state["cards"][card["type"]] = without(player_state["cards"][card["type"]], move.card)
    if move.card <= 96:
        state["houses"]["discard_pile"] = [*state["houses"]["discard_pile"], move.card]
    log.events.append(
        say("{p} discards {card} ({source}).", p=seat(player), card=card["name"], source=frame["source"])
    )
    state["stack"].append(
        {
            "kind": "effects",
            "seat": player,
            "source": frame["source"],
            "effects": list(frame["effect"]["effects"]),
        }
    )
