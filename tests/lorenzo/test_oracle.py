"""Seeded random games checked against an independent oracle of the rules (the issue-3 audit).

The oracle is written from shared/rules/lorenzo.md alone (tables typed in here, not read from the
game's data; card texts come from the card data) and checks:
- every placement: §7/§8.1 the floor minimum, §8.3 and §10 the colour rules, §5/§10/§11 covered
  spaces and single-space capacity, E2-5;
- every placement turn and card action: §8.2-§8.6 the set of tower floors offered (fee before
  the floor bonus, Preacher, E1 cuts of the bonus, Dame and Stonemason discounts, cost
  alternatives, Territory slots, 6-card limit, E2 maluses, E2-6);
- every card taken without a decision: §8.2-8.5 the exact goods and points (servants, fee,
  floor bonus, cost after discounts, immediate gains incl. per-card counts, E1 per source);
- every Market 1-3 placement: §11 the reward; every Harvest/Production (space or card): §10 the cards
  activated and the gains per source (bonus tile, -3, Character bonuses, E1-5/E1-6, E1 cuts);
- every round end: §15.2 the turn order from the Council Palace, §6/E2-7 the turn queue; every
  report: §14 (support scores the faith track and resets, lacking faith means excommunication,
  round 6);
- the end: §16 every player's score.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.core import copy_state
from rules.lorenzo import GAME, engine
from rules.lorenzo.data import CARDS
from rules.lorenzo.moves import BonusAction, Place, Take, Vatican
from tests.helpers import compiled_engine, run_on_the_sources

State = dict[str, Any]

FLOOR_MIN = [1, 3, 5, 7]  # §8.1
FAITH_VP = [0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 22, 25, 30]  # §14
REQUIREMENT = {2: 3, 4: 4, 6: 5}  # §14, by report round
TERRITORY_VP = [0, 0, 0, 1, 4, 10, 20]  # §16.2
CHARACTER_VP = [0, 1, 3, 6, 10, 15, 21]  # §16.3
TAKE_BONUS = {49: ("territory", 2), 50: ("building", 2), 51: ("character", 2), 52: ("venture", 2)}  # §9
E2_TAKE = {"E2-1": "territory", "E2-2": "building", "E2-3": "character", "E2-4": "venture"}
COVERED = {
    2: {"harvest_big", "production_big", "market_3", "market_4"},
    3: {"market_3", "market_4"},
    4: set(),
}
SINGLE = {"harvest", "production", "market_1", "market_2", "market_3", "market_4"}
AREA = {
    "harvest": "harvest",
    "harvest_big": "harvest",
    "production": "production",
    "production_big": "production",
}


def _member_value(st: State, p: int, member: str, servants: int) -> int:
    ex = st["players"][p]["excommunications"]
    base = 0 if member == "neutral" else st["dice"][member] - (1 if "E1-7" in ex else 0)
    return base + servants // (2 if "E2-6" in ex else 1)


def _check_place(before: State, after: State, p: int, move: Place) -> None:
    ps = before["players"][p]
    if (
        move.space.split("_")[0] in ("territory", "character", "building", "venture")
        and move.space[-1].isdigit()
    ):
        t, fi = move.space.split("_")[0], int(move.space[-1]) - 1
        value = _member_value(before, p, move.member, move.servants)
        value += sum(b for c, (tt, b) in TAKE_BONUS.items() if tt == t and c in ps["cards"]["character"])
        value -= sum(4 for e, tt in E2_TAKE.items() if tt == t and e in ps["excommunications"])
        assert value >= FLOOR_MIN[fi], (move, value)
        assert before["tower_cards"][t][fi] is not None and before["tower_occupants"][t][fi] is None
        if move.member != "neutral":  # §8.3
            assert not any(o and o[0] == p and o[1] != "neutral" for o in before["tower_occupants"][t])
        if after["round"] == before["round"] and after["phase"] != "over":  # board not yet cleared
            assert after["tower_occupants"][t][fi] == [p, move.member]
        return
    assert move.space not in COVERED[before["player_count"]]  # §5
    assert not (move.space.startswith("market") and "E2-5" in ps["excommunications"])
    if move.space in SINGLE:
        assert before["space_occupants"][move.space] == []
    if move.space in AREA and move.member != "neutral":  # §10 colour rule per area
        spaces = [s for s, a in AREA.items() if a == AREA[move.space]]
        assert not any(o[0] == p and o[1] != "neutral" for s in spaces for o in before["space_occupants"][s])
    tested = _member_value(before, p, move.member, move.servants)
    if move.space in AREA and before["options"].get("harvest_min_check") == "action":
        tested = _action_value(before, p, move)  # option: the minimum is tested on the action value
    assert tested >= 1, (move, tested)


FLOOR_BONUS = {"territory": "wood", "character": "stone", "building": "mp", "venture": "coin"}  # §8.1
E1_CUT = {"E1-1": "mp", "E1-2": "coin", "E1-3": "servant"}
TOWERS = ("territory", "character", "building", "venture")
SLOT_MP = [0, 0, 3, 7, 12, 18]  # §8.6


def _affordable(st: State, p: int, t: str, fi: int, servants: int, discount: dict[str, int]) -> bool:
    """§8.2-8.6 from the reference: fee first (not payable by the bonus), then the floor bonus
    (unless Preacher, reduced by E1 tiles), then the Territory slot or the cheapest cost."""
    ps = st["players"][p]
    ex = ps["excommunications"]
    avail = dict(ps["resources"])
    avail["servant"] -= servants
    if any(o is not None for o in st["tower_occupants"][t]):
        if avail["coin"] < 3:
            return False
        avail["coin"] -= 3
    if fi >= 2 and 55 not in ps["cards"]["character"]:
        kind = FLOOR_BONUS[t]
        amount = fi - 1
        if any(E1_CUT.get(e) == kind for e in ex) or ("E1-4" in ex and kind in ("wood", "stone")):
            amount -= 1
        avail[kind] += amount
    if len(ps["cards"][t]) >= 6:
        return False
    if t == "territory":
        return avail["mp"] >= SLOT_MP[len(ps["cards"]["territory"])]
    card = CARDS[st["tower_cards"][t][fi]]
    cuts: list[dict[str, int]] = [dict(discount)]
    if t == "character" and 51 in ps["cards"]["character"]:  # Dame: 1 coin off
        cuts = [{**c, "coin": c.get("coin", 0) + 1} for c in cuts]
    if t == "building" and 50 in ps["cards"]["character"]:  # Stonemason: 1 wood OR 1 stone off
        cuts = [{**c, k: c.get(k, 0) + 1} for c in cuts for k in ("wood", "stone")]
    for alt in card["costs"]:
        if any(avail[k] < v for k, v in alt.get("require", {}).items()):
            continue
        for cut in cuts:
            if all(avail[k] >= max(0, v - cut.get(k, 0)) for k, v in alt["pay"].items()):
                return True
    return False


def _tower_value_bonus(st: State, p: int, t: str) -> int:
    ps = st["players"][p]
    bonus = sum(b for c, (tt, b) in TAKE_BONUS.items() if tt == t and c in ps["cards"]["character"])
    return bonus - sum(4 for e, tt in E2_TAKE.items() if tt == t and e in ps["excommunications"])


def _check_tower_choices(st: State, p: int, moves: list[Any]) -> None:
    """The tower placements (or card-action takes) offered equal the oracle's, with the fewest
    servants."""
    ps = st["players"][p]
    rate = 2 if "E2-6" in ps["excommunications"] else 1
    expected: set[tuple[str | None, str, int]] = set()
    frame = st["stack"][-1] if st["stack"] else None
    if frame is None:
        members: list[str | None] = list(ps["free_members"])
    else:
        members = [None]
    for member in members:
        for t in TOWERS:
            if frame is not None and t not in frame["card_types"]:
                continue
            if member not in (None, "neutral") and any(
                o and o[0] == p and o[1] != "neutral" for o in st["tower_occupants"][t]
            ):
                continue
            for fi in range(4):
                if st["tower_cards"][t][fi] is None:
                    continue
                if member is None:
                    assert frame is not None
                    base = frame["value"]
                else:
                    base = _member_value(st, p, member, 0)
                need = max(0, FLOOR_MIN[fi] - base - _tower_value_bonus(st, p, t)) * rate
                discount = frame.get("discount", {}) if frame else {}
                if need <= ps["resources"]["servant"] and _affordable(st, p, t, fi, need, discount):
                    expected.add((member, f"{t}_{fi + 1}", need))
    offered = {
        (m.member if isinstance(m, Place) else None, m.space, m.servants)
        for m in moves
        if isinstance(m, (Place, Take)) and m.space is not None and m.space.split("_")[0] in TOWERS
    }
    assert offered == expected, (sorted(map(str, offered ^ expected)), st["round"])


TILE = {"harvest": {"wood": 1, "stone": 1, "servant": 1}, "production": {"coin": 2, "mp": 1}}  # §10
ACTION_BONUS = {"harvest": {53: 2, 61: 3}, "production": {54: 2, 62: 3}}  # Farmer, Peasant; Artisan, Scholar
ACTION_MALUS = {"harvest": "E1-5", "production": "E1-6"}


def _cut(ex: list[str], gain: dict[str, int]) -> dict[str, int]:
    """§14 'per source' reductions of one source's gain (E1-4 with a single wood/stone good)."""
    out = dict(gain)
    for e, k in E1_CUT.items():
        if e in ex and out.get(k, 0) > 0:
            out[k] -= 1
    if "E1-4" in ex:
        for k in ("wood", "stone"):
            if out.get(k, 0) > 0:
                out[k] -= 1
                break
    return out


def _action_value(st: State, p: int, move: Place) -> int:
    """§10: member value + servants, -3 on a big space, Character bonuses, E1-5/E1-6."""
    ps = st["players"][p]
    action = AREA[move.space]
    value = _member_value(st, p, move.member, move.servants) - (3 if move.space.endswith("_big") else 0)
    value += sum(b for c, b in ACTION_BONUS[action].items() if c in ps["cards"]["character"])
    return value - (3 if ACTION_MALUS[action] in ps["excommunications"] else 0)


def _check_activation(before: State, after: State, p: int, action: str, value: int, servants: int) -> None:
    """§10: a Harvest/Production of ``value`` activates the bonus tile (value >= 1) and every card
    with printed value <= it; the gains per source, when no decision was needed."""
    if after["stack"] or after["round"] != before["round"] or after["phase"] != "actions":
        return  # a decision (exchange, privilege, E1-4 choice) or the round ended: not comparable
    ps = before["players"][p]
    sources: list[dict[str, int]] = [TILE[action]] if value >= 1 else []
    kind = "territory" if action == "harvest" else "building"
    for c in ps["cards"][kind]:
        part = CARDS[c][action]
        if part["value"] > value:
            continue
        for e in part["effects"]:
            if e["op"] == "gain":
                sources.append(e["res"])
            elif e["op"] == "gain_per_card":
                n = len(ps["cards"][e["card_type"]])
                sources.append({k: v * n for k, v in e["res"].items()})
    expected = {k: 0 for k in ps["resources"]}
    expected["servant"] -= servants
    for src in sources:
        for k, v in _cut(ps["excommunications"], src).items():
            expected[k] += v
    got = {k: after["players"][p]["resources"][k] - v for k, v in ps["resources"].items()}
    assert got == expected, (action, value)


def _check_card_action(before: State, after: State, p: int, move: BonusAction) -> None:
    """§10: a card's free Harvest/Production: its value + servants + Character bonuses +
    E1-5/E1-6, no -3 and no space."""
    ps = before["players"][p]
    frame = before["stack"][-1]
    value = frame["value"] + move.servants // (2 if "E2-6" in ps["excommunications"] else 1)
    value += sum(b for c, b in ACTION_BONUS[move.action].items() if c in ps["cards"]["character"])
    value -= 3 if ACTION_MALUS[move.action] in ps["excommunications"] else 0
    _check_activation(before, after, p, move.action, value, move.servants)
    if after["round"] == before["round"] and after["phase"] == "actions":
        assert after["space_occupants"] == before["space_occupants"]  # no member, no space taken


MARKET = {"market_1": {"coin": 5}, "market_2": {"servant": 5}, "market_3": {"mp": 3, "coin": 2}}  # §11


def _check_market(before: State, after: State, p: int, move: Place) -> None:
    """§11 rewards, cut per source by E1-1..E1-3."""
    if after["stack"] or after["round"] != before["round"] or after["phase"] != "actions":
        return
    ps = before["players"][p]
    delta = {k: 0 for k in ps["resources"]}
    delta["servant"] -= move.servants
    for k, v in _cut(ps["excommunications"], MARKET[move.space]).items():
        delta[k] += v
    assert {k: after["players"][p]["resources"][k] - v for k, v in ps["resources"].items()} == delta, move


def _check_tower_gains(
    before: State, after: State, p: int, space: str, servants: int, discount: dict[str, int]
) -> None:
    """§8.2-8.5 accounting of one card taken without any decision: servants, fee, floor bonus
    (per source E1 cuts, Preacher), the one sensible cost after discounts, immediate gains."""
    if after["stack"] or after["round"] != before["round"] or after["phase"] != "actions":
        return
    t, fi = space.split("_")[0], int(space[-1]) - 1
    card = CARDS[before["tower_cards"][t][fi]]
    if any(e["op"] in ("privileges", "take_card", "harvest", "production") for e in card["immediate"]):
        return  # these ask or act further: checked by the scenario tests
    ps = before["players"][p]
    ex = ps["excommunications"]
    delta = {k: 0 for k in ps["resources"]}
    delta["servant"] -= servants
    if any(o is not None for o in before["tower_occupants"][t]):
        delta["coin"] -= 3
    if fi >= 2 and 55 not in ps["cards"]["character"]:
        for k, v in _cut(ex, {FLOOR_BONUS[t]: fi - 1}).items():
            delta[k] += v
    avail = {k: v + delta[k] for k, v in ps["resources"].items()}
    cuts: list[dict[str, int]] = [dict(discount)]
    if t == "character" and 51 in ps["cards"]["character"]:
        cuts = [{**c, "coin": c.get("coin", 0) + 1} for c in cuts]
    if t == "building" and 50 in ps["cards"]["character"]:
        cuts = [{**c, k: c.get(k, 0) + 1} for c in cuts for k in ("wood", "stone")]
    options: list[dict[str, int]] = []
    for alt in card["costs"] or [{"pay": {}}]:
        if any(avail[k] < v for k, v in alt.get("require", {}).items()):
            continue
        for cut in cuts:
            pay = {k: max(0, v - cut.get(k, 0)) for k, v in alt["pay"].items()}
            pay = {k: v for k, v in pay.items() if v}
            if all(avail[k] >= v for k, v in pay.items()) and pay not in options:
                options.append(pay)
    best = [
        a
        for a in options
        if not any(b != a and all(b.get(k, 0) <= a.get(k, 0) for k in a | b) for b in options)
    ]
    assert len(best) == 1, (space, options)  # more than one would have been a decision
    for k, v in best[0].items():
        delta[k] -= v
    for e in card["immediate"]:
        if e["op"] == "gain":
            gain = e["res"]
        elif e["op"] == "gain_per_card":
            n = len(ps["cards"][e["card_type"]]) + (1 if e["card_type"] == t else 0)
            gain = {k: v * n for k, v in e["res"].items()}
        else:  # gain_per_points (General): points held now
            ((key, per),) = e["per"].items()
            gain = {k: v * ((ps["resources"][key] + delta[key]) // per) for k, v in e["res"].items()}
        for k, v in _cut(ex, gain).items():
            delta[k] += v
    got = {k: after["players"][p]["resources"][k] - v for k, v in ps["resources"].items()}
    assert got == delta, (space, card["name"])


def _expected_scores(st: State, rule: str) -> list[int]:
    mps = [ps["resources"]["mp"] for ps in st["players"]]
    ranks = sorted(set(mps), reverse=True)
    first = ranks[0]
    second = ranks[1] if len(ranks) > 1 and not (rule == "tied_first_only" and mps.count(first) > 1) else None
    scores = []
    for p, ps in enumerate(st["players"]):
        res, cards, ex = ps["resources"], ps["cards"], ps["excommunications"]
        total = res["vp"]
        total += 0 if "E3-3" in ex else TERRITORY_VP[len(cards["territory"])]
        total += 0 if "E3-1" in ex else CHARACTER_VP[len(cards["character"])]
        total += 0 if "E3-2" in ex else sum(CARDS[c]["end_vp"] for c in cards["venture"])
        total += 5 if mps[p] == first else 2 if mps[p] == second else 0
        goods = res["coin"] + res["wood"] + res["stone"] + res["servant"]
        total += goods // 5
        penalty = 0
        if "E3-4" in ex:
            penalty += res["vp"] // 5
        if "E3-5" in ex:
            penalty += res["mp"]
        if "E3-6" in ex:
            for c in cards["building"]:
                cost = CARDS[c]["costs"][0]["pay"]
                penalty += cost.get("wood", 0) + cost.get("stone", 0)
        if "E3-7" in ex:
            penalty += goods
        scores.append(total - min(penalty, total))
    return scores


def _play(players: int, seed: int, options: dict[str, Any], snapshots: list[State]) -> None:
    """``snapshots`` receives a copy of the state each time an Actions phase ends (a spy on the
    engine, so the oracle sees faith and VP just before a Vatican Report)."""
    rng = random.Random(seed)
    st = GAME.setup(players, seed, options)
    # every excommunication tile is in play in some game: tiles k of each period for seed % 7
    st["excommunication_tiles"] = [f"E{period}-{seed % 7 + 1}" for period in (1, 2, 3)]
    council: list[int] = []
    votes: dict[int, bool] = {}
    while GAME.active_players(st):
        (p,) = GAME.active_players(st)
        moves = list(GAME.legal_moves(st, p))
        if not st["stack"] or st["stack"][-1]["kind"] == "take_card":
            _check_tower_choices(st, p, moves)
        move = rng.choice(moves)
        after, _ = GAME.apply(st, p, move)
        if isinstance(move, Place):
            _check_place(st, after, p, move)
            if move.space in AREA:
                _check_activation(st, after, p, AREA[move.space], _action_value(st, p, move), move.servants)
            elif move.space in MARKET:
                _check_market(st, after, p, move)
            elif move.space.split("_")[0] in TOWERS:
                _check_tower_gains(st, after, p, move.space, move.servants, {})
            if move.space == "council":
                council.append(p)
        if isinstance(move, Take) and move.space is not None:
            _check_tower_gains(st, after, p, move.space, move.servants, st["stack"][-1]["discount"])
        if isinstance(move, BonusAction):
            _check_card_action(st, after, p, move)
        if isinstance(move, Vatican):
            votes[p] = move.support
        if after["round"] != st["round"] or after["phase"] == "over":
            # §15.2: first to the Council first; the rest keep their order behind.
            firsts = list(dict.fromkeys(council))
            assert after["turn_order"] == firsts + [q for q in st["turn_order"] if q not in firsts]
            council = []
            if st["round"] in REQUIREMENT:
                assert snapshots[-1]["round"] == st["round"]
                _check_report(snapshots[-1], after, st["round"], votes)
            votes = {}
            if after["phase"] == "actions":
                _check_queue(after)
        st = after
    assert st["phase"] == "over"
    out = GAME.outcome(st)
    assert out is not None
    assert list(out.scores) == _expected_scores(st, options.get("military_tie", "next_gets_second"))


def _check_queue(st: State) -> None:
    """§6: one placement per turn in turn order, 4 turns each; E2-7: the excommunicated player's
    first turn is skipped and its last member placed after everyone else."""
    order = st["turn_order"]
    skip = [p for p in order if "E2-7" in st["players"][p]["excommunications"]]
    expected = [p for p in order if p not in skip] + order * 3 + skip
    assert st["turn_queue"] == expected and st["turn_index"] == 0


def _check_report(before: State, after: State, round_no: int, votes: dict[int, bool]) -> None:
    need = REQUIREMENT[round_no]
    tile = before["excommunication_tiles"][round_no // 2 - 1]
    for p, ps in enumerate(before["players"]):
        fp, vp = ps["resources"]["fp"], ps["resources"]["vp"]
        now = after["players"][p]
        if fp < need:
            assert p not in votes  # §14: not asked
            assert tile in now["excommunications"]
        else:
            assert p in votes
            assert (tile in now["excommunications"]) == (not votes[p])
        scored = votes.get(p, False) or round_no == 6
        if scored:
            assert now["resources"]["fp"] == 0 and now["resources"]["vp"] == vp + FAITH_VP[min(fp, 15)]
        else:
            assert now["resources"]["fp"] == fp and now["resources"]["vp"] == vp


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "options",
    [{}, {"military_tie": "tied_first_only"}, {"harvest_min_check": "action"}],
    ids=["default", "tied_first_only", "harvest_min_action"],
)
def test_random_games_agree_with_the_rules_oracle(
    players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    if compiled_engine():  # the spy below needs the sources: the same test in a child on them
        run_on_the_sources(request.node.nodeid)
        return
    snapshots: list[State] = []
    end_actions = engine.end_actions

    def spy(st: State, log: engine.Log) -> None:
        snapshots.append(copy_state(st))
        end_actions(st, log)

    monkeypatch.setattr(engine, "end_actions", spy)
    for seed in range(8):
        _play(players, 500 + seed, options, snapshots)
