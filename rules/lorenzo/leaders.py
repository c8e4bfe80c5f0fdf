"""Leader cards (the ``leaders`` option, §13): requirements, the draft, which abilities apply.

The engine (engine.py) turns these into moves and frames; ongoing abilities reach the rules
through ``effects.permanent_effects``, which asks ``effective_ability`` here.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.lorenzo.data import BASE_LEADERS, CARD_TYPES, HOUSES, LEADERS
from rules.lorenzo.houses import tokens

State = dict[str, Any]
COPY = "lorenzo_de_medici"


def requirement_met(state: State, player: int, leader_id: str, waiver: int = 0) -> bool:
    """§13: thresholds on cards owned and goods/points held; nothing is spent. ``waiver``: how
    many atomic requirements may be ignored (card 127, HOUSES.md §12.1)."""
    return unmet_requirements(state, player, leader_id) <= waiver


def unmet_requirements(state: State, player: int, leader_id: str) -> int:
    """How many of the Leader's atomic requirements (HOUSES.md §12.1: each entry of a map, each
    scalar) ``player`` does not meet now (each requirement read once into ``_Requirement``: legal
    moves ask this for every leader in hand, issue 10 item 3)."""
    req = _requirement(leader_id)
    player_state = state["players"][player]
    cards = player_state["cards"]
    held = player_state["resources"]
    if "houses" in state and HOUSES["engine"]["face_up_tokens_held"]:  # the reading's tokens
        held = {**held, "special_token": tokens.counted(state, player)}
    unmet = 0
    for t, n in req.cards:
        if len(cards[t]) < n:
            unmet += 1
    for k, n in req.res:
        if held.get(k, 0) < n:
            unmet += 1
    if not req.rest:
        return unmet
    for k, n in req.res_max:
        unmet += held.get(k, 0) > n
    for t, n in req.cards_max:
        unmet += len(cards[t]) > n
    for keys, most in req.res_sum_max:
        unmet += sum(held.get(k, 0) for k in keys) > most
    counts = [len(cards[card_type]) for card_type in CARD_TYPES]
    if req.same_type_cards and not max(counts) >= req.same_type_cards:
        unmet += 1
    if req.cards_total and not sum(counts) >= req.cards_total:
        unmet += 1
    if req.card_types_max and not sum(1 for c in counts if c) <= req.card_types_max:
        unmet += 1
    if req.leaders_played:
        others = len([x for x in player_state["leaders_played"] if x != leader_id])
        unmet += not others >= req.leaders_played
    return unmet


class _Requirement(NamedTuple):
    """A Leader's requirement (``LEADERS[x]["requirement"]``) as ``unmet_requirements`` tests it:
    each map as (key, threshold) pairs, each scalar as a number (0: not asked), ``rest``: whether
    anything beyond ``cards`` and ``res`` is asked."""

    cards: tuple[tuple[str, int], ...]
    res: tuple[tuple[str, int], ...]
    res_max: tuple[tuple[str, int], ...]
    cards_max: tuple[tuple[str, int], ...]
    res_sum_max: tuple[tuple[tuple[str, ...], int], ...]
    same_type_cards: int
    cards_total: int
    card_types_max: int
    leaders_played: int
    rest: bool


_REQUIREMENTS: dict[str, _Requirement] = {}


def _requirement(leader_id: str) -> _Requirement:
    found = _REQUIREMENTS.get(leader_id)
    if found is None:
        req = LEADERS[leader_id]["requirement"]
        pairs = {key: tuple(req.get(key, {}).items()) for key in ("cards", "res", "res_max", "cards_max")}
        sums = tuple((tuple(keys.split("+")), most) for keys, most in req.get("res_sum_max", {}).items())
        same, total, types_max, played = (
            int(req.get(key) or 0)
            for key in ("same_type_cards", "cards_total", "card_types_max", "leaders_played")
        )
        rest = bool(pairs["res_max"] or pairs["cards_max"] or sums or same or total or types_max or played)
        found = _REQUIREMENTS[leader_id] = _Requirement(
            pairs["cards"],
            pairs["res"],
            pairs["res_max"],
            pairs["cards_max"],
            sums,
            same,
            total,
            types_max,
            played,
            rest,
        )
    return found


def copy_targets(state: State, player: int) -> list[str]:
    """Leaders another player has played, which Lorenzo de' Medici may copy."""
    found: list[str] = []
    for other, player_state in enumerate(state["players"]):
        if other != player:
            found.extend(x for x in player_state["leaders_played"] if x != COPY and x not in found)
    return found


def effective_ability(state: State, player: int, leader_id: str) -> tuple[str, list[dict[str, Any]]]:
    """(ability kind, effects) of a played leader, following Lorenzo de' Medici's copy."""
    target = leader_id
    if leader_id == COPY:
        target = state["players"][player].get("copied_leader") or ""
        if not target:
            return "permanent", []
    leader = LEADERS[target]
    return leader["ability"], leader["effects"]


def can_activate(state: State, player: int, leader_id: str) -> bool:
    player_state = state["players"][player]
    if leader_id not in player_state["leaders_played"] or leader_id in player_state["leaders_used"]:
        return False
    kind, effects = effective_ability(state, player, leader_id)
    if kind != "once_per_round":
        return False
    if "houses" in state:
        from rules.lorenzo.houses.leaders import can_activate as houses_can_activate

        if not houses_can_activate(state, player, effects):
            return False
    if any(e["op"] == "set_family_member_value" for e in effects):
        # Federico da Montefeltro: needs a coloured member still to place this round.
        return (
            any(member != "neutral" for member in player_state["free_members"])
            and player_state["montefeltro_member"] is None
        )
    return True


def pool_of(state: State) -> list[str]:
    """The Leaders a game deals from: the base 20, or with ``houses`` its ``leader_pool``."""
    if "houses" in state:
        return sorted(HOUSES["leader_pools"][state["options"].get("leader_pool") or "base"])
    return list(BASE_LEADERS)


def deal(state: State, rng: Any, draft: bool) -> None:
    """Deal 4 leaders per player; with ``draft`` they become packs to draft from (§4). With
    ``houses`` the rest of the pool is the face-down Leader pile (HOUSES.md §12.2)."""
    pool = pool_of(state)
    rng.shuffle(pool)
    count = state["player_count"]
    packs = [pool[4 * player : 4 * player + 4] for player in range(count)]
    if "houses" in state:
        state["houses"]["leader_pile"] = pool[4 * count :]
    if draft:
        state["leader_draft"] = {"packs": packs, "picks": [None] * count}
    else:
        for player in range(count):
            state["players"][player]["leader_hand"] = packs[player]


def pass_packs(state: State) -> None:
    """Everyone keeps their pick and passes the rest to the player on their right. Seats are
    numbered clockwise, so the right-hand neighbour of seat p is seat p - 1."""
    draft = state["leader_draft"]
    count = state["player_count"]
    packs = draft["packs"]
    for player in range(count):
        pick = draft["picks"][player]
        hand = state["players"][player]["leader_hand"]
        state["players"][player]["leader_hand"] = [*hand, pick]  # replaced, not changed: state_copy.py
        packs[player].remove(pick)
    draft["packs"] = [
        packs[(player + 1) % count] for player in range(count)
    ]  # seat p receives from its left (p + 1)
    draft["picks"] = [None] * count
    if not draft["packs"][0]:
        state["leader_draft"] = None


# ----------------------------------------------------------------------------------------------
# Names players type: the id (``sandro_botticelli``), the full name (``Sandro Botticelli``,
# ``Lorenzo de' Medici``) or any one word of the name that no other leader shares (``botticelli``,
# ``sforza``, ``moro``). Words shared by several leaders (``medici``, ``borgia``, ``ludovico``)
# are ambiguous: the game takes the one that is legal now, if exactly one is (Lorenzo.parse),
# else the refusal lists the leaders they could mean.
# ----------------------------------------------------------------------------------------------

_PARTICLES = frozenset({"da", "de", "dalle", "della", "di", "il", "iii", "iv"})


def _words(name: str) -> list[str]:
    return name.lower().replace("'", "").split()


def _aliases() -> tuple[dict[str, str], dict[str, list[str]]]:
    exact: dict[str, str] = {}
    by_word: dict[str, list[str]] = {}
    for leader_id, leader in LEADERS.items():
        words = _words(leader["name"])
        exact[leader_id] = leader_id
        exact["_".join(words)] = leader_id
        for w in words:
            if w not in _PARTICLES:
                by_word.setdefault(w, []).append(leader_id)
        # Two-word tails people say: "bande nere", "il moro", "da vinci" (kept when unique).
        if len(words) > 2:
            by_word.setdefault("_".join(words[-2:]), []).append(leader_id)
    unique = {w: ids[0] for w, ids in by_word.items() if len(ids) == 1}
    shared = {w: sorted(ids) for w, ids in by_word.items() if len(ids) > 1}
    for w, leader_id in unique.items():
        exact.setdefault(w, leader_id)
    return exact, shared


LEADER_ALIASES, SHARED_WORDS = _aliases()


def find_leader(tokens: list[str]) -> str | list[str] | None:
    """The leader id that ``tokens`` name, the candidates (list) when a word is shared, or None."""
    key = "_".join(card_type.replace("'", "") for card_type in tokens)
    if key in LEADER_ALIASES:
        return LEADER_ALIASES[key]
    if key in SHARED_WORDS:
        return SHARED_WORDS[key]
    return None
