"""Leader cards (the ``leaders`` option, §13): requirements, the draft, which abilities apply.

The engine (engine.py) turns these into moves and frames; ongoing abilities reach the rules
through ``effects.permanent_effects``, which asks ``effective_ability`` here.
"""

from __future__ import annotations

from typing import Any

from rules.lorenzo.data import CARD_TYPES, LEADERS

State = dict[str, Any]
COPY = "lorenzo_de_medici"


def requirement_met(st: State, p: int, leader_id: str) -> bool:
    """§13: thresholds on cards owned and goods/points held; nothing is spent."""
    ps = st["ps"][p]
    req = LEADERS[leader_id]["requirement"]
    for t, n in req.get("cards", {}).items():
        if len(ps["cards"][t]) < n:
            return False
    for k, n in req.get("res", {}).items():
        if ps["res"][k] < n:
            return False
    need = req.get("same_type_cards")
    return not (need and max(len(ps["cards"][t]) for t in CARD_TYPES) < need)


def copy_targets(st: State, p: int) -> list[str]:
    """Leaders another player has played, which Lorenzo de' Medici may copy."""
    found: list[str] = []
    for q, ps in enumerate(st["ps"]):
        if q != p:
            found.extend(x for x in ps["leaders"] if x != COPY and x not in found)
    return found


def effective_ability(st: State, p: int, leader_id: str) -> tuple[str, list[dict[str, Any]]]:
    """(ability kind, effects) of a played leader, following Lorenzo de' Medici's copy."""
    target = leader_id
    if leader_id == COPY:
        target = st["ps"][p].get("copied") or ""
        if not target:
            return "permanent", []
    leader = LEADERS[target]
    return leader["ability"], leader["effects"]


def can_activate(st: State, p: int, leader_id: str) -> bool:
    ps = st["ps"][p]
    if leader_id not in ps["leaders"] or leader_id in ps["used"]:
        return False
    kind, effects = effective_ability(st, p, leader_id)
    if kind != "once_per_round":
        return False
    if any(e["op"] == "set_family_member_value" for e in effects):
        # Federico da Montefeltro: needs a coloured member still to place this round.
        return any(m != "neutral" for m in ps["free"]) and ps.get("six") is None
    return True


def deal(st: State, rng: Any, draft: bool) -> None:
    """Deal 4 leaders per player; with ``draft`` they become packs to draft from (§4)."""
    pool = sorted(LEADERS)
    rng.shuffle(pool)
    n = st["n"]
    packs = [pool[4 * p : 4 * p + 4] for p in range(n)]
    if draft:
        st["draft"] = {"packs": packs, "picks": [None] * n}
    else:
        for p in range(n):
            st["ps"][p]["hand"] = packs[p]


def pass_packs(st: State) -> None:
    """Everyone keeps their pick and passes the rest to the player on their right. Seats are
    numbered clockwise, so the right-hand neighbour of seat p is seat p - 1."""
    draft = st["draft"]
    n = st["n"]
    packs = draft["packs"]
    for p in range(n):
        pick = draft["picks"][p]
        st["ps"][p]["hand"].append(pick)
        packs[p].remove(pick)
    draft["packs"] = [packs[(p + 1) % n] for p in range(n)]  # seat p receives from its left (p + 1)
    draft["picks"] = [None] * n
    if not draft["packs"][0]:
        st["draft"] = None


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
    key = "_".join(t.replace("'", "") for t in tokens)
    if key in LEADER_ALIASES:
        return LEADER_ALIASES[key]
    if key in SHARED_WORDS:
        return SHARED_WORDS[key]
    return None
