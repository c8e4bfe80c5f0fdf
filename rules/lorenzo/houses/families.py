"""The 12 Family tiles' powers (HOUSES.md §15), for the player who won each in the auction.

``players[p]["family"]`` is the family id (None before the auction ends). Per-family state:
``stored`` (Da Montefeltro: wood/stone on the tile), ``faith_tiles`` (Della Rovere: tiles still
on the track), ``orsini_sets`` (sets already rewarded), ``visconti_active`` (active tokens),
``card_limits`` (Medici: 8 Characters). The ongoing rule changes reach the engine through
``effects.permanent_effects`` (Malatesta) or the hooks below, each called where the base engine
tests ``"houses" in state``.
"""

from __future__ import annotations

from typing import Any

from rules.core import say, seat
from rules.lorenzo.data import CARD_TYPES, CARDS, HOUSES
from rules.lorenzo.describe import res_text

State = dict[str, Any]
Frame = dict[str, Any]
BROWN = "brown"


def family(state: State, player: int) -> str | None:
    fam: str | None = state["players"][player].get("family")
    return fam


def effects_of(state: State, player: int, op: str) -> list[dict[str, Any]]:
    fam = family(state, player)
    if fam is None:
        return []
    return [e for e in HOUSES["families"][fam]["effects"] if e["op"] == op]


def _effects(player: int, source: str, effects: list[dict[str, Any]], **extra: Any) -> Frame:
    return {"kind": "effects", "seat": player, "source": source, "effects": list(effects), **extra}


def win(state: State, player: int, fam: str) -> list[Frame]:
    """The family's setup parts when ``player`` wins it (§5.2 end): returns frames to push."""
    player_state = state["players"][player]
    player_state["family"] = fam
    if fam == "colonna":
        player_state["free_members"] = [*player_state["free_members"], BROWN]
    if fam == "medici":
        player_state["card_limits"] = {"character": 8}
    if fam == "della_rovere":
        player_state["faith_tiles"] = sorted(HOUSES["families"]["della_rovere"]["faith_tiles"])
    if fam == "da_montefeltro":
        player_state["stored"] = {}
    if fam == "orsini":
        player_state["orsini_sets"] = 0
    if fam == "visconti":
        player_state["visconti_active"] = []
    frames: list[Frame] = []
    offered = state["houses"].get("family_leaders", {}).get(fam, [])
    if offered:
        player_state["leader_hand"] = [*player_state["leader_hand"], *offered]
        if fam == "sforza":  # [CORR] one is played at once ignoring its requirements
            frames.append(
                {
                    "kind": "free_leader",
                    "seat": player,
                    "source": "the Sforza family",
                    "only": offered,
                    "must": True,
                }
            )
    return frames


def colonna_extra(state: State) -> list[int]:
    """Seats placing a fifth (brown) member: a turn after everyone's fourth (§15 Colonna)."""
    return [p for p in state["turn_order"] if family(state, p) == "colonna"]


def round_members(state: State, player: int, members: list[str]) -> list[str]:
    return [*members, BROWN] if family(state, player) == "colonna" else members


def brown_value() -> int:
    return int(HOUSES["families"]["colonna"]["effects"][0]["value"])


def after_take(
    state: State, player: int, card_id: int, pay: dict[str, int], take_value: int | None
) -> list[Frame]:
    """Triggers of taking a card, run after its immediate effects (``when_take_triggers_after_
    immediate``): Medici, Aragonesi, Orsini's sets; Da Montefeltro stores what a Building cost."""
    card = CARDS[card_id]
    player_state = state["players"][player]
    frames: list[Frame] = []
    name = HOUSES["families"][family(state, player) or "medici"]["name"]
    for effect in effects_of(state, player, "when_take_card"):
        if card["type"] in effect["card_types"]:
            fx = [
                dict(e, value=take_value) if e["op"] == "harvest_at_take_value" else e
                for e in effect["effects"]
            ]
            frames.append(_effects(player, say("the {family} family", family=name), fx))
    if effects_of(state, player, "store_building_materials") and card["type"] == "building":
        kept = {k: v for k, v in pay.items() if k in ("wood", "stone") and v}
        if kept:
            stored = dict(player_state["stored"])
            for k, v in kept.items():
                stored[k] = stored.get(k, 0) + v
            player_state["stored"] = stored
    frames += _orsini(state, player)
    return frames


def _orsini(state: State, player: int) -> list[Frame]:
    """Orsini: the first time the player owns k sets of one card of each type (k = 1..4), the
    k-th reward (``orsini_sets_ever_completed``: never twice, never taken back)."""
    effects = effects_of(state, player, "set_rewards")
    if not effects:
        return []
    player_state = state["players"][player]
    sets = min(len(player_state["cards"][t]) for t in CARD_TYPES)
    frames = []
    for k in range(player_state["orsini_sets"] + 1, min(sets, 4) + 1):
        frames.append(_effects(player, say("Orsini set {n}", n=k), effects[0]["rewards"][str(k)]))
    if HOUSES["engine"]["orsini_sets_ever_completed"]:
        player_state["orsini_sets"] = max(player_state["orsini_sets"], min(sets, 4))
    else:  # [READ] alternative: the sets held now; one lost and completed again pays again
        player_state["orsini_sets"] = min(sets, 4)
    return frames[::-1]  # the first reward on top


def after_gain(state: State, player: int) -> list[Frame]:
    """Della Rovere: a faith tile whose step the player's FP reach or pass (once each)."""
    player_state = state["players"][player]
    left = player_state.get("faith_tiles")
    if not left:
        return []
    tiles = HOUSES["families"]["della_rovere"]["faith_tiles"]
    fp = player_state["resources"]["fp"]
    passing = HOUSES["engine"]["faith_tile_on_passing"]  # [READ] else only landing on the step
    reached = [t for t in left if (fp >= tiles[t]["step"] if passing else fp == tiles[t]["step"])]
    player_state["faith_tiles"] = [t for t in left if t not in reached]
    return [
        _effects(player, say("Della Rovere faith tile {tile}", tile=t), tiles[t]["bonus"])
        for t in reached[::-1]
    ]


def on_excommunicated(state: State, player: int, log: Any) -> None:
    for effect in effects_of(state, player, "excommunication_vp_loss"):
        res = state["players"][player]["resources"]
        lost = min(res["vp"], effect["vp"])
        res["vp"] -= lost
        log.events.append(
            say("{p} loses {vp} VP (the Della Rovere family's excommunication).", p=seat(player), vp=lost)
        )


def privilege_menu(state: State, player: int, menu: tuple[str, ...]) -> tuple[str, ...]:
    """Della Scala never chooses faith; Da Montefeltro may take everything stored on the tile."""
    for effect in effects_of(state, player, "privilege_rule"):
        menu = tuple(c for c in menu if c not in effect["exclude"])
    if state["players"][player].get("stored"):
        menu = (*menu, "stored")
    return menu


def privilege_gain(state: State, player: int, choice: str) -> dict[str, int]:
    """What a privilege gives this player: Della Scala's +1 FP on every one; "stored" empties the
    Da Montefeltro tile."""
    from rules.lorenzo.data import PRIVILEGES

    if choice == "stored":
        got = dict(state["players"][player]["stored"])
        state["players"][player]["stored"] = {}
    else:
        got = dict(PRIVILEGES[choice])
    for effect in effects_of(state, player, "privilege_rule"):
        for k, v in effect["also"].items():
            got[k] = got.get(k, 0) + v
    return got


def convert_moves(state: State, player: int) -> list[Any]:
    """Della Scala / Este: ``convert`` on the player's own turn, any number of times."""
    from rules.lorenzo.moves import Convert

    res = state["players"][player]["resources"]
    found = effects_of(state, player, "convert")
    if found and all(res.get(k, 0) >= v for k, v in found[0]["pay"].items()):
        return [Convert()]
    return []


def convert(state: State, player: int, log: Any) -> Frame:
    effect = effects_of(state, player, "convert")[0]
    res = state["players"][player]["resources"]
    for k, v in effect["pay"].items():
        res[k] -= v
    log.events.append(
        say("{p} converts {goods} (family tile).", p=seat(player), goods=res_text(effect["pay"]))
    )
    return _effects(player, say("the family tile"), [{"op": "gain", "res": dict(effect["gain"])}])


def gonzaga_frame(state: State) -> Frame | None:
    """Gonzaga, once per round after the last placement and before the Vatican Report: pay 7
    servants to take one card still in a base tower (no cost, no fee, no floor bonus, no
    Territory MP; the type limit applies)."""
    houses = state["houses"]
    if houses.get("gonzaga_round") == state["round"]:
        return None
    houses["gonzaga_round"] = state["round"]
    for player in state["turn_order"]:
        effect = effects_of(state, player, "end_of_actions_take")
        if effect and all(
            state["players"][player]["resources"].get(k, 0) >= v for k, v in effect[0]["pay"].items()
        ):
            frame = {
                "kind": "gonzaga",
                "seat": player,
                "source": "the Gonzaga family",
                "pay": effect[0]["pay"],
            }
            if gonzaga_options(state, frame)[:-1]:
                return frame
    return None


def gonzaga_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo import engine
    from rules.lorenzo.moves import Take

    player = frame["seat"]
    cards = state["players"][player]["cards"]
    out = []
    for tower in CARD_TYPES:
        for i, card_id in enumerate(state["tower_cards"][tower]):
            if card_id is not None and len(cards[tower]) < engine.card_limit(state, player, tower):
                out.append(Take(f"{tower}_{i + 1}"))
    return [*out, Take(None)]


def gonzaga_answer(state: State, player: int, frame: Frame, move: Any, log: Any) -> None:
    from rules.lorenzo import engine

    if move.space is None:
        log.events.append(say("{p} takes no card with the Gonzaga family.", p=seat(player)))
        return
    res = state["players"][player]["resources"]
    for k, v in frame["pay"].items():
        res[k] -= v
    tower, floor_index = engine.ALL_TOWER_SPACES[move.space]
    log.events.append(
        say("{p} pays {goods} (the Gonzaga family).", p=seat(player), goods=res_text(frame["pay"]))
    )
    log.changed.append(move.space)
    state["houses"]["take_value"] = None
    engine.finish_take(state, player, tower, floor_index, {}, log)


def visconti_frames(state: State, player: int) -> list[Frame]:
    """Visconti, on playing a Leader: activate an inactive token (a choice), then gain the bonus
    of every active one (each its own source)."""
    if not effects_of(state, player, "visconti_tokens"):
        return []
    tokens = HOUSES["families"]["visconti"]["visconti_tokens"]
    active = state["players"][player]["visconti_active"]
    if len(active) >= len(tokens):
        return [_effects(player, say("Visconti token {token}", token=t), tokens[t]["bonus"]) for t in active]
    return [{"kind": "visconti", "seat": player}]


def visconti_options(state: State, frame: Frame) -> list[Any]:
    from rules.lorenzo.moves import Visconti

    active = state["players"][frame["seat"]]["visconti_active"]
    return [Visconti(t) for t in sorted(HOUSES["families"]["visconti"]["visconti_tokens"]) if t not in active]


def visconti_answer(state: State, player: int, frame: Frame, move: Any, log: Any) -> None:
    player_state = state["players"][player]
    player_state["visconti_active"] = [*player_state["visconti_active"], move.token]
    log.events.append(say("{p} activates the Visconti token {token}.", p=seat(player), token=move.token))
    tokens = HOUSES["families"]["visconti"]["visconti_tokens"]
    for t in reversed(player_state["visconti_active"]):
        state["stack"].append(_effects(player, say("Visconti token {token}", token=t), tokens[t]["bonus"]))


def character_vp(state: State, player: int, count: int, table: list[int]) -> int:
    """Medici: 7 and 8 Characters score the extension's values."""
    for effect in effects_of(state, player, "scoring_table_extension"):
        if str(count) in effect["values"]:
            return int(effect["values"][str(count)])
    return table[min(count, len(table) - 1)]
