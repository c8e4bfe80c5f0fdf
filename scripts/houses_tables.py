"""Hand-encoded Houses of Renaissance content for scripts/convert_houses_data.py.

Each entry keeps the exact reference sentence it encodes (`prose`): the converter refuses to run
when the reference sentence changed, so an entry is re-read instead of drifting. The effect kinds
are listed in EFFECT_KINDS (the new ones) and explained exactly in rules/lorenzo/HOUSES.md.
Corrections from shared/rules/corrections-2026-12.md are applied here and named "corrections".
"""

from __future__ import annotations

from typing import Any

CARD_TYPES = ("territory", "character", "building", "venture")

SOURCES = {
    "SEED": "shared/seeds/000: How to Play Lorenzo il Magnifico: Big Box (HoR setup, auction, tokens)",
    "ATO": "github johnnycopes/atocha lorenzo data (48 Special cards, 12 Family tiles, 44 Leaders) [S]",
    "REF": "shared/rules/lorenzo.md sections 18 and 20, lorenzo-data.yaml",
    "PROV": "shared/rules/lorenzo-hor-provisional.yaml (proposed values)",
    "CORR": "shared/rules/corrections-2026-12.md (overrides the others)",
}


def gain(**res: int) -> dict[str, Any]:
    return {"op": "gain", "res": res}


def exchange(pay: dict[str, int], *effects: dict[str, Any]) -> dict[str, Any]:
    return {"pay": pay, "effects": list(effects)}


# ----------------------------------------------------------------------------------------------
# Special Development cards: the sentences the parser does not read. (card id, field) ->
# (reference prose, encoding). A "permanent" encoding is merged into the card record; its
# "immediate_after" part is appended to the card's immediate effects.
# ----------------------------------------------------------------------------------------------

CARD_HAND: dict[tuple[int, str], tuple[str, dict[str, Any]]] = {
    (98, "permanent"): (
        "keep 1 of your special tokens face up on this card; each Harvest of value >=2 also gives "
        "that token's bonus again",
        {
            "immediate_after": [{"op": "place_face_up_token"}],
            "harvest": {"value": 2, "effects": [{"op": "face_up_token_bonus"}]},
        },
    ),
    (99, "permanent"): (
        "Harvest (value N): +1 wood x your Ventures (max N times)",
        {
            "harvest": {
                "value": 1,
                "effects": [{"op": "gain_per_card_up_to_value", "res": {"wood": 1}, "card_type": "venture"}],
            }
        },
    ),
    (100, "permanent"): (
        "Harvest (value N): +1 stone x your Characters (max N times)",
        {
            "harvest": {
                "value": 1,
                "effects": [
                    {"op": "gain_per_card_up_to_value", "res": {"stone": 1}, "card_type": "character"}
                ],
            }
        },
    ),
    (107, "permanent"): (
        "Harvest (value N): +1 VP x your Buildings (max N times)",
        {
            "harvest": {
                "value": 1,
                "effects": [{"op": "gain_per_card_up_to_value", "res": {"vp": 1}, "card_type": "building"}],
            }
        },
    ),
    (110, "permanent"): (
        "Production>=5: +1 special token OR pay 3 special tokens to play a Leader for free",
        {
            "production": {
                "value": 5,
                "effects": [
                    {
                        "op": "exchange",
                        "options": [
                            exchange({}, gain(special_token=1)),
                            exchange({"special_token": 3}, {"op": "play_leader_free"}),
                        ],
                    }
                ],
            }
        },
    ),
    (111, "permanent"): (
        "Production (value N): exchange 1 stone for 1 coin and 1 VP up to N times",
        {
            "production": {
                "value": 1,
                "effects": [
                    {"op": "exchange_up_to_value", "pay": {"stone": 1}, "effects": [gain(coin=1, vp=1)]}
                ],
            }
        },
    ),
    (112, "permanent"): (
        "Production (value N): exchange 1 wood for 1 coin and 1 VP up to N times",
        {
            "production": {
                "value": 1,
                "effects": [
                    {"op": "exchange_up_to_value", "pay": {"wood": 1}, "effects": [gain(coin=1, vp=1)]}
                ],
            }
        },
    ),
    (113, "permanent"): (
        "Production>=3: activate 1 of your Buildings regardless of its value",
        {
            "production": {
                "value": 3,
                "effects": [{"op": "activate_cards", "card_types": ["building"], "count": 1}],
            }
        },
    ),
    (114, "permanent"): (
        "Production>=5: activate 1 of your Buildings or Territories regardless of its value",
        {
            "production": {
                "value": 5,
                "effects": [{"op": "activate_cards", "card_types": ["building", "territory"], "count": 1}],
            }
        },
    ),
    (117, "permanent"): (
        "Production>=6: +2 VP x your played Leaders",
        {"production": {"value": 6, "effects": [{"op": "gain_per_played_leader", "res": {"vp": 2}}]}},
    ),
    (121, "immediate"): (
        "+1 Leader and 1 FP",
        {"immediate": [gain(fp=1), {"op": "draw_leaders", "count": 1}]},
    ),
    (122, "immediate"): ("+2 Leaders", {"immediate": [{"op": "draw_leaders", "count": 2}]}),
    (123, "permanent"): (
        "+1 to the value of every Harvest and every Production action",
        {
            "permanent": [
                {"op": "action_bonus", "action": "harvest", "value": 1},
                {"op": "action_bonus", "action": "production", "value": 1},
            ]
        },
    ),
    (124, "permanent"): (
        "+1 special token whenever you play a Leader",
        {"permanent": [{"op": "on_play_leader", "effects": [gain(special_token=1)]}]},
    ),
    (125, "immediate"): ("play a Leader for free", {"immediate": [{"op": "play_leader_free"}]}),
    (126, "permanent"): (
        "no 3-coin occupied-tower fee when entering the Special Tower",
        {"permanent": [{"op": "waive_special_tower_fee"}]},
    ),
    (127, "permanent"): (
        "when playing a Leader, you may ignore 1 of its requirements",
        {"permanent": [{"op": "leader_requirement_waiver", "count": 1}]},
    ),
    (128, "permanent"): (
        "keep 1 of your special tokens face up on this card; each time you occupy a Market space "
        "you also get that token's bonus",
        {
            "immediate_after": [{"op": "place_face_up_token"}],
            "permanent": [{"op": "market_face_up_token_bonus"}],
        },
    ),
    (129, "immediate"): (
        "+3 VP x your played Leaders",
        {"immediate": [{"op": "gain_per_played_leader", "res": {"vp": 3}}]},
    ),
    (130, "immediate"): (
        "take any one discarded card (not a Special Development card) for free",
        {"immediate": [{"op": "take_discarded", "card_types": list(CARD_TYPES)}]},
    ),
    (131, "immediate"): (
        "+1 VP x your FP",
        {"immediate": [{"op": "gain_per_points", "res": {"vp": 1}, "per": {"fp": 1}}]},
    ),
    (132, "immediate"): (
        "take one discarded Venture (not from the Special deck) for free",
        {"immediate": [{"op": "take_discarded", "card_types": ["venture"]}]},
    ),
    (133, "end_of_game"): (
        "+2 VP x your special tokens (max 12 VP)",
        {
            "end_vp": 0,
            "end_effects": [{"op": "end_vp_per_set", "set": {"special_token": 1}, "vp": 2, "max": 12}],
        },
    ),
    (134, "end_of_game"): (
        "+2 VP per pair of 1 wood + 1 stone you own (max 12 VP)",
        {
            "end_vp": 0,
            "end_effects": [{"op": "end_vp_per_set", "set": {"wood": 1, "stone": 1}, "vp": 2, "max": 12}],
        },
    ),
    (135, "end_of_game"): (
        "+1 VP x your servants (max 12 VP)",
        {"end_vp": 0, "end_effects": [{"op": "end_vp_per_set", "set": {"servant": 1}, "vp": 1, "max": 12}]},
    ),
    (136, "immediate"): (
        "if you are not first on the Military track, move your marker level with the leader",
        {"immediate": [{"op": "match_top_military"}]},
    ),
    (137, "end_of_game"): (
        "+1 VP per 2 MP you have",
        {"end_vp": 0, "end_effects": [{"op": "end_vp_per_set", "set": {"mp": 2}, "vp": 1, "max": None}]},
    ),
    (140, "immediate"): (
        "activate 2 of your Territories regardless of their values",
        {"immediate": [{"op": "activate_cards", "card_types": ["territory"], "count": 2}]},
    ),
    (144, "immediate"): (
        "activate 2 of your Buildings regardless of their values",
        {"immediate": [{"op": "activate_cards", "card_types": ["building"], "count": 2}]},
    ),
}

# ----------------------------------------------------------------------------------------------
# The 24 non-base Leaders (ATO). Requirement map: every entry (and every scalar key) is ONE
# requirement, which is what card 127 lets a player ignore. Kinds: REQUIREMENT_KINDS.
# ----------------------------------------------------------------------------------------------


def _leader(
    req_prose: str,
    ability_prose: str,
    requirement: dict[str, Any],
    ability: str,
    effects: list[Any],
    text: str,
    **extra: Any,
) -> dict[str, Any]:
    out = {
        "prose": {"requirement": req_prose, "ability": ability_prose},
        "requirement": requirement,
        "ability": ability,
        "effects": effects,
        "text": text,
    }
    out.update(extra)
    return out


def _when_take(card_type: str, **res: int) -> list[dict[str, Any]]:
    return [{"op": "when_take_card", "card_types": [card_type], "effects": [gain(**res)]}]


PERSONAL_SPACE = {"min_value": 1, "capacity": 1, "owner_only": True}

LEADER_HAND: dict[str, dict[str, Any]] = {
    "alfonso_v_daragona": _leader(
        "6 MP and 0 FP (as listed)",
        "+1 FP whenever you take a Territory",
        {"res": {"mp": 6}, "res_max": {"fp": 0}},
        "permanent",
        _when_take("territory", fp=1),
        "Whenever you take a Territory card, gain 1 Faith Point.",
    ),
    "alfonso_i_deste": _leader(
        "10 coins and at most 1 servant",
        "+2 servants whenever you take a Character",
        {"res": {"coin": 10}, "res_max": {"servant": 1}},
        "permanent",
        _when_take("character", servant=2),
        "Whenever you take a Character card, gain 2 servants.",
    ),
    "beatrice_deste": _leader(
        "5 development cards incl. at most 1 Character, and at most 1 coin",
        "trade 1 special token for 5 VP or 5 coins",
        {"cards_total": 5, "cards_max": {"character": 1}, "res_max": {"coin": 1}},
        "once_per_round",
        [
            {
                "op": "exchange",
                "options": [
                    exchange({"special_token": 1}, gain(vp=5)),
                    exchange({"special_token": 1}, gain(coin=5)),
                ],
            }
        ],
        "Once per round: pay 1 Special Token for 5 Victory Points or for 5 coins.",
    ),
    "bramante": _leader(
        "4 Ventures, 4 servants, 4 wood, 4 coins",
        "family member placed here does a Harvest or a Production at its own value (servants may raise it)",
        {"cards": {"venture": 4}, "res": {"servant": 4, "wood": 4, "coin": 4}},
        "action",
        [{"op": "member_action", "actions": ["harvest", "production"]}],
        "Personal action space: a family member placed here does a Harvest or a Production at its own value.",
        space=dict(PERSONAL_SPACE),
    ),
    "carlo_viii": _leader(
        "6 servants, 5 MP, 5 FP",
        "a servant spent raises an action value by 2 instead of 1",
        {"res": {"servant": 6, "mp": 5, "fp": 5}},
        "permanent",
        [{"op": "servant_value", "points_per_servant": 2}],
        "Each servant you spend raises an action value by 2 instead of 1.",
    ),
    "erasmo_da_rotterdam": _leader(
        "4 Ventures and 3 Characters",
        "family member placed here: +3 wood, +3 stone, +3 VP",
        {"cards": {"venture": 4, "character": 3}},
        "action",
        [gain(wood=3, stone=3, vp=3)],
        "Personal action space: a family member placed here gains 3 wood, 3 stone and 3 Victory Points.",
        space=dict(PERSONAL_SPACE),
    ),
    "ercole_i_deste": _leader(
        "4 FP, at most 1 MP, at most 1 coin",
        "+2 MP whenever you take a Building",
        {"res": {"fp": 4}, "res_max": {"mp": 1, "coin": 1}},
        "permanent",
        _when_take("building", mp=2),
        "Whenever you take a Building card, gain 2 Military Points.",
    ),
    "ferdinando_daragona": _leader(
        "8 coins, 8 servants, at most 1 wood+stone combined",
        "+1 wood and +1 stone whenever you take a Venture",
        {"res": {"coin": 8, "servant": 8}, "res_sum_max": {"wood+stone": 1}},
        "permanent",
        _when_take("venture", wood=1, stone=1),
        "Whenever you take a Venture card, gain 1 wood and 1 stone.",
    ),
    "giulio_ii": _leader(
        "9 development cards of at most 3 different types",
        "pay 1 wood + 1 stone + 1 coin for 3 FP",
        {"cards_total": 9, "card_types_max": 3},
        "once_per_round",
        [{"op": "exchange", "options": [exchange({"wood": 1, "stone": 1, "coin": 1}, gain(fp=3))]}],
        "Once per round: pay 1 wood, 1 stone and 1 coin for 3 Faith Points.",
    ),
    "guglielmo_de_pazzi": _leader(
        "4 Characters and 8 coins",
        "family member placed here: +2 MP, +3 FP",
        {"cards": {"character": 4}, "res": {"coin": 8}},
        "action",
        [gain(mp=2, fp=3)],
        "Personal action space: a family member placed here gains 2 Military Points and 3 Faith Points.",
        space=dict(PERSONAL_SPACE),
    ),
    "jacopo_salviati": _leader(
        "3 Buildings and 8 MP",
        "whenever you receive Council Privileges, receive 1 more (any option)",
        {"cards": {"building": 3}, "res": {"mp": 8}},
        "permanent",
        [{"op": "extra_privilege", "count": 1, "distinct": False}],
        "Whenever an effect gives you Council Privileges, take 1 more, of any option (it may repeat one "
        "already chosen).",
    ),
    "ladislao_vii_jagellone": _leader(
        "10 VP and at most 1 Building",
        "play another Leader for free",
        {"res": {"vp": 10}, "cards_max": {"building": 1}},
        "immediate",
        [{"op": "play_leader_free"}],
        "When played: play another Leader from your hand for free (ignoring its requirements).",
    ),
    "leon_battista_alberti": _leader(
        "3 Ventures and 10 servants",
        "Production of value 3 activating one chosen Building",
        {"cards": {"venture": 3}, "res": {"servant": 10}},
        "once_per_round",
        [{"op": "activate_one", "action": "production", "value": 3}],
        "Once per round: a Production of value 3 that activates one Building of your choice.",
    ),
    "lucia_da_narni": _leader(
        "6 development cards incl. at most 1 Territory, and at most 2 special tokens",
        "+1 FP and +2 VP",
        {"cards_total": 6, "cards_max": {"territory": 1}, "res_max": {"special_token": 2}},
        "once_per_round",
        [gain(fp=1, vp=2)],
        "Once per round: gain 1 Faith Point and 2 Victory Points.",
    ),
    "marsilio_ficino": _leader(
        "4 FP, 5 stone, at most 1 Venture",
        "draw 2 special tokens, keep 1, discard 1",
        {"res": {"fp": 4, "stone": 5}, "cards_max": {"venture": 1}},
        "once_per_round",
        [{"op": "draw_tokens_keep", "draw": 2, "keep": 1}],
        "Once per round: draw 2 Special Tokens, keep 1 and discard the other.",
    ),
    "martin_lutero": _leader(
        "7 MP and 1 card of each type",
        "never excommunicated",
        {"res": {"mp": 7}, "cards": {t: 1 for t in CARD_TYPES}},
        "permanent",
        [{"op": "never_excommunicated"}],
        "You are never excommunicated.",
    ),
    "massimiliano_i_dasburgo": _leader(
        "4 Territories and 4 Buildings",
        "family member placed here: +3 special tokens, +5 VP",
        {"cards": {"territory": 4, "building": 4}},
        "action",
        [gain(special_token=3, vp=5)],
        "Personal action space: a family member placed here gains 3 Special Tokens and 5 Victory Points.",
        space=dict(PERSONAL_SPACE),
    ),
    "niccolo_machiavelli": _leader(
        "3 Territories, 20 VP, 1 Leader",
        "every VP gain is increased by 1",
        {"cards": {"territory": 3}, "res": {"vp": 20}, "leaders_played": 1},
        "permanent",
        [{"op": "vp_gain_bonus", "amount": 1}],
        "Whenever you gain Victory Points, gain 1 more.",
    ),
    "palla_strozzi": _leader(
        "4 Territories and 5 FP",
        "Harvest of value 3 activating one chosen Territory",
        {"cards": {"territory": 4}, "res": {"fp": 5}},
        "once_per_round",
        [{"op": "activate_one", "action": "harvest", "value": 3}],
        "Once per round: a Harvest of value 3 that activates one Territory of your choice.",
    ),
    "paracelso": _leader(
        "3 Territories and 3 stone",
        "servants may be paid in place of wood, stone or coins",
        {"cards": {"territory": 3}, "res": {"stone": 3}},
        "permanent",
        [{"op": "servant_substitute", "res_types": ["wood", "stone", "coin"]}],
        "You may pay servants in place of wood, stone or coins, one for one.",
    ),
    "piero_della_francesca": _leader(
        "4 special tokens and 10 VP",
        "family member placed here: +3 special tokens",
        {"res": {"special_token": 4, "vp": 10}},
        "action",
        [gain(special_token=3)],
        "Personal action space: a family member placed here gains 3 Special Tokens.",
        space=dict(PERSONAL_SPACE),
    ),
    "pietro_bembo": _leader(
        "3 Characters and 3 FP",
        "family member placed here: +3 coins, +3 servants",
        {"cards": {"character": 3}, "res": {"fp": 3}},
        "action",
        [gain(coin=3, servant=3)],
        "Personal action space: a family member placed here gains 3 coins and 3 servants.",
        space=dict(PERSONAL_SPACE),
    ),
    "raffaello_sanzio": _leader(
        "3 Characters, 6 wood, 4 servants",
        "convert 1 VP into 3 coins, or 1 coin into 3 VP",
        {"cards": {"character": 3}, "res": {"wood": 6, "servant": 4}},
        "once_per_round",
        [
            {
                "op": "exchange",
                "options": [exchange({"vp": 1}, gain(coin=3)), exchange({"coin": 1}, gain(vp=3))],
            }
        ],
        "Once per round: pay 1 Victory Point for 3 coins, or 1 coin for 3 Victory Points.",
    ),
    "tomas_de_torquemada": _leader(
        "3 Buildings and 5 wood",
        "discard one of your Characters to gain 3 FP",
        {"cards": {"building": 3}, "res": {"wood": 5}},
        "once_per_round",
        [{"op": "discard_own_card", "card_types": ["character"], "effects": [gain(fp=3)]}],
        "Once per round: discard one of your Character cards to gain 3 Faith Points.",
    ),
}

# ----------------------------------------------------------------------------------------------
# The 12 Family tiles (ATO; 12 per corrections). Parameters an owner may correct sit in their
# own keys (faith_tiles, visconti_tokens) so an override can address them by path.
# ----------------------------------------------------------------------------------------------


def _family(prose: str, effects: list[Any], text: str, **extra: Any) -> dict[str, Any]:
    out = {"prose": {"effect": prose}, "effects": effects, "text": text}
    out.update(extra)
    return out


FAMILY_HAND: dict[str, dict[str, Any]] = {
    "aragonesi": _family(
        "taking a Territory triggers an immediate Harvest at a value 1 lower than the value used for that "
        "card; "
        "the value cannot be raised",
        [
            {
                "op": "when_take_card",
                "card_types": ["territory"],
                "effects": [{"op": "harvest_at_take_value", "offset": -1}],
            }
        ],
        "When you take a Territory card, immediately do a Harvest at the value you took it with, minus 1; "
        "nothing can raise that value.",
    ),
    "colonna": _family(
        "extra brown family member with fixed value 3 all game; for placement it is neither coloured nor "
        "uncoloured",
        [{"op": "extra_family_member", "member": "brown", "value": 3}],
        "You also own the brown family member, value 3 all game; for placement rules it is neither coloured "
        "nor uncoloured.",
    ),
    "da_montefeltro": _family(
        "wood/stone spent on Buildings is stored on the tile; on any Council Privilege you may take all "
        "stored goods "
        "instead of a normal option",
        [{"op": "store_building_materials", "res_types": ["wood", "stone"]}],
        "Wood and stone you spend on Building cards are stored on this tile; any Council Privilege may "
        "instead "
        "take everything stored here.",
    ),
    "della_rovere": _family(
        "Faith tiles lie on faith-track steps; reaching one gives its bonus; excommunication costs this "
        "player 5 VP",
        [{"op": "faith_track_tiles"}, {"op": "excommunication_vp_loss", "vp": 5}],
        "Faith tiles lie on steps of the faith track: when your marker reaches one, take it and its bonus. "
        "Each time you are excommunicated, lose 5 Victory Points.",
    ),
    "della_scala": _family(
        "each Council Privilege: pick any option except FP and also gain 1 FP; may also convert 1 FP into 1 "
        "coin + "
        "1 servant + 1 MP any number of times",
        [
            {"op": "privilege_rule", "exclude": ["faith"], "also": {"fp": 1}},
            {"op": "convert", "pay": {"fp": 1}, "gain": {"coin": 1, "servant": 1, "mp": 1}},
        ],
        "Every Council Privilege: choose any option except the Faith Point and gain 1 Faith Point as well. "
        "On "
        "your turn, pay 1 Faith Point for 1 coin, 1 servant and 1 Military Point, as often as you like.",
    ),
    "este": _family(
        "on own turn, convert 1 MP into 2 coins any number of times",
        [{"op": "convert", "pay": {"mp": 1}, "gain": {"coin": 2}}],
        "On your turn, pay 1 Military Point for 2 coins, as often as you like.",
    ),
    "gonzaga": _family(
        "end of each Actions phase: may pay 7 servants to take one card left on the board (not the special "
        "tower) at "
        "no cost; Territory MP requirement ignored",
        [
            {
                "op": "end_of_actions_take",
                "pay": {"servant": 7},
                "towers": "base",
                "ignore_cost": True,
                "ignore_territory_mp": True,
            }
        ],
        "At the end of each round's Actions phase you may pay 7 servants to take one card still in the four "
        "base towers without paying its cost; a Territory ignores its Military Point requirement.",
    ),
    "malatesta": _family(
        "Ventures with an MP cost: must meet the requirement but pay no MP",
        [{"op": "military_cost_not_paid", "card_types": ["venture"]}],
        "Venture cards with a Military Point cost: you must have the required Military Points but do not "
        "spend any.",
    ),
    "medici": _family(
        "+1 special token per Character taken; up to 8 Characters; 7 Characters = 28 VP, 8 = 36 VP at game "
        "end",
        [
            {"op": "when_take_card", "card_types": ["character"], "effects": [gain(special_token=1)]},
            {"op": "card_limit", "card_type": "character", "max": 8},
            {"op": "scoring_table_extension", "table": "character_vp", "values": {"7": 28, "8": 36}},
        ],
        "Each Character card you take also gives 1 Special Token. You may own up to 8 Characters; 7 score 28 "
        "and 8 score 36 Victory Points at the end.",
    ),
    "orsini": _family(
        "each completed set of 1 card of every type: 1st draw 2 Leaders, 2nd play a Leader for free, 3rd +10"
        " VP, "
        "4th +15 VP",
        [
            {
                "op": "set_rewards",
                "rewards": {
                    "1": [{"op": "draw_leaders", "count": 2}],
                    "2": [{"op": "play_leader_free"}],
                    "3": [gain(vp=10)],
                    "4": [gain(vp=15)],
                },
            }
        ],
        "Each time you complete a set of one card of each type: 1st set draw 2 Leaders, 2nd play a Leader "
        "for "
        "free, 3rd gain 10 VP, 4th gain 15 VP.",
    ),
    "sforza": _family(
        "before the auction 2 Leaders are dealt face up beside the tile; the winner takes both and "
        "immediately plays one",
        [{"op": "setup_leaders", "count": 2, "play_free": 1}],
        "Before the auction 2 Leaders lie face up beside this tile. Its winner takes both and at once plays "
        "one "
        "of them ignoring its requirements; the other goes to their hand.",
    ),
    "visconti": _family(
        "before the auction 2 Leaders are dealt face up beside the tile; the winner takes them and 5 "
        "Visconti tokens; "
        "each Leader played activates one token and pays the bonus of every active token (after 5, each "
        "further "
        "Leader re-pays all 5)",
        [{"op": "setup_leaders", "count": 2, "play_free": 0}, {"op": "visconti_tokens"}],
        "Before the auction 2 Leaders lie face up beside this tile; its winner takes them into their hand, "
        "with "
        "the 5 Visconti tokens. Each Leader you play activates one token of your choice, then every active "
        "token pays its bonus.",
    ),
}

# Corrections: Della Rovere has probably 3 faith tiles [P]; bonuses unknown. The provisional
# file's 5 tiles (about 15-17 units in all) become 3 at steps 4 / 7 / 10 worth about 5 each.
DELLA_ROVERE_TILES = {
    "FT1": {"id": "FT1", "step": 4, "bonus": [gain(coin=2, wood=1, stone=1, servant=1)]},
    "FT2": {"id": "FT2", "step": 7, "bonus": [gain(mp=3, special_token=1)]},
    "FT3": {"id": "FT3", "step": 10, "bonus": [gain(vp=5)]},
}
DELLA_ROVERE_REASON = (
    "Corrections: 3 faith tiles [P], bonuses unknown; the provisional file's 5 tiles (about 15 units) "
    "become 3 tiles of about 5 units at steps 4/7/10, rising with the climb."
)


def apply_family_provisional(families: dict[str, Any], gp: dict[str, Any], prov: Any) -> None:
    """Provisional parameters of the Family tiles, corrected where the corrections file says so."""
    families["della_rovere"]["faith_tiles"] = DELLA_ROVERE_TILES
    prov.mark("families.della_rovere.faith_tiles", DELLA_ROVERE_REASON)
    record = gp["Visconti"]["visconti_token_bonuses"]
    tokens = {f"VT{i + 1}": {"id": f"VT{i + 1}", "bonus": [b]} for i, b in enumerate(record["value"])}
    families["visconti"]["visconti_tokens"] = tokens
    prov.mark("families.visconti.visconti_tokens", record["rationale"])
    # Corrections [S, a play report]: Sforza's played Leader ignores its requirements.
    families["sforza"]["src"] = "ATO, CORR"


# ----------------------------------------------------------------------------------------------
# Special Tokens (corrections: 6 kinds, about 30-36 tokens)
# ----------------------------------------------------------------------------------------------

TOKEN_KINDS_DROPPED = frozenset({"ST_PRIVILEGE", "ST_MIXED"})
TOKEN_KINDS_REASON = (
    "Corrections: 6 stacks [P]; the provisional file's privilege and mixed kinds are dropped, leaving "
    "6 kinds worth 2-3 units (average 2.5, card 141's price), one per good or point the sources name."
)
TOKENS_AS_RESOURCES_REASON = (
    "Seed: Special Tokens are 'a new type of resource, like wood, stone, servants, and coins', so held "
    "tokens count toward 1 VP per 5 resources (E3-7 names its four goods and leaves them out)."
)
TOKEN_COPIES = 6
TOKEN_COPIES_REASON = (
    "Corrections: roughly 30-36 tokens in 6 stacks [P]; 6 per kind = 36, the top of the range, so a "
    "5-player game rarely empties the supply (spent tokens are reshuffled anyway)."
)

# Excommunication ops that the provisional file wrote as extra parameters of existing ops: a new
# kind name is clearer than a parameter an engine could silently ignore.
EXCOMM_OP_RENAMES: dict[str, dict[str, Any]] = {
    '{"action": "take_card", "op": "action_value_modifier", "tower": "special", "value": -4}': {
        "op": "special_tower_value_modifier",
        "value": -4,
    },
}


# ----------------------------------------------------------------------------------------------
# Setup, leader pools, readings
# ----------------------------------------------------------------------------------------------


def setup(hp: dict[str, Any], board: dict[str, Any], prov: Any) -> dict[str, Any]:
    servants = prov.take("setup.starting_goods", hp["starting_goods"]["servants"])
    five = prov.take("setup.cover_tiles.5", board["cover_tiles"]["five_players"])
    prov.mark(
        "setup.extra_spaces",
        "Corrections: no evidence for extra Market spaces with 5 players; the provisional 5th Market space "
        "is dropped, the 5p overlay is the New Council tile.",
    )
    return {
        "players": [2, 3, 4, 5],
        "players_without_houses": [2, 3, 4],
        "fifth_player_colour": "pink",
        "starting_goods": {"servant": servants},
        "no_starting": ["wood", "stone"],
        "starting_coins_by_turn_position": hp["starting_coins_by_turn_position"]["value"],
        "cover_tiles": {
            "2": ["harvest_big", "production_big", "market_3", "market_4"],
            "3": ["market_3", "market_4"],
            "4": [],
            "5": five,
        },
        "extra_spaces": [],
        "two_three_player_tokens": "the base game's cover tiles (corrections), not an HoR component",
        "special_deck_cards_per_period": 8,
        "special_cards_per_type_and_period": 4,
        "leaders_per_player": 4,
    }


PROMO_CANDIDATES = ["guglielmo_de_pazzi", "jacopo_salviati"]


def leader_pools(
    base: list[dict[str, Any]], leaders: dict[str, Any], hp: dict[str, Any], prov: Any
) -> dict[str, Any]:
    base_ids = [t["id"] for t in base]
    hor = [lid for lid in sorted(leaders) if lid not in PROMO_CANDIDATES]
    prov.mark(
        "leader_pools.houses",
        "The 24 non-base Leaders are 20 HoR + 4 promos (TGIW); corrections name Guglielmo de' Pazzi and "
        "Jacopo Salviati the likeliest promos, the other two are unknown, so only those two are left out.",
    )
    prov.mark("leader_pools.default", hp["leader_cards_new"]["promo_split"]["rationale"])
    return {
        "base": base_ids,
        "houses": base_ids + hor,
        "all": base_ids + sorted(leaders),
        "promo_candidates": list(PROMO_CANDIDATES),
        "default": "all",
    }


# Rules readings no source settles: key -> (allowed values, default first, one-line reason).
READINGS: dict[str, tuple[tuple[Any, ...], str]] = {
    "houses_turns_on_leaders": (
        (True, False),
        "Special cards 110/117/121-129, Orsini, Sforza and Visconti all use Leaders, so HoR is played with "
        "the advanced game.",
    ),
    "auction_before_leader_draft": (
        (True, False),
        "The seed puts the auction before round 1 and names no Leader step; drafting after it lets players "
        "draft for their family.",
    ),
    "adaptation_start": (
        ("leftover_special_card", "random_tower"),
        "Seed: draw a remaining Special card and use its tower; the TTS mod picks a random tower instead.",
    ),
    "council_tile_players": (
        ("all", "five_only"),
        "Seed setup step 1 places the New Council tile in every game; the insert labels its slot '5p council"
        " tile'.",
    ),
    "take_card_effects_reach_special_tower": (
        (True, False),
        "Card effects take 'a card of a type'; the Special Tower holds cards of every type under the same "
        "placement rules (XYO).",
    ),
    "token_bonus_timing": (
        ("cash_on_own_turn", "on_draw"),
        "Tokens are a resource that can be paid and counted (cards 127/133/141), so their bonus must be "
        "taken by spending them, on your turn like Leader actions.",
    ),
    "face_up_tokens_held": (
        (False, True),
        "A token placed face up on card 98/128 lies on the card, no longer in the player's supply.",
    ),
    "card_119_loss_mandatory": (
        (True, False),
        "Non-exchange permanent effects are automatic in the base game; an optional loss would make the card"
        " a free 15 VP.",
    ),
    "aragonesi_harvest_value": (
        ("action_value_minus_1", "floor_value_minus_1"),
        "ATO 'at value -1 the card taken': read as the action value used for the card minus 1.",
    ),
    "activate_cards_excludes_activated": (
        (True, False),
        "Cards 113/114 'ignoring its value' reach a card the action did not already activate; a double "
        "activation is not printed.",
    ),
    "taken_free_keeps_territory_slot_mp": (
        (True, False),
        "Cards 130/132 say 'for free' (no cost); only Gonzaga's text also waives the Military Point "
        "requirement.",
    ),
    "personal_space_action_bonuses": (
        ("servants_only", "as_board_space"),
        "Bramante reads 'you may increase this value' like Francesco Sforza and Leonardo da Vinci, whose "
        "official text allows servants only.",
    ),
    "machiavelli_scope": (
        ("in_game_gains", "every_vp_gain"),
        "'When gaining Victory Points': every gain during play, Vatican Reports included; final scoring is a"
        " tally, not a gain.",
    ),
    "faith_tile_on_passing": (
        (True, False),
        "A marker that moves past a step has reached it; Della Rovere's tiles would otherwise be missed by "
        "big faith gains.",
    ),
    "orsini_sets_ever_completed": (
        (True, False),
        "A set counts once completed; losing a card later (Torquemada) does not take a reward back or give "
        "it twice.",
    ),
    "match_military_is_gain": (
        (False, True),
        "Card 136 moves the marker to a position, it does not gain a number of points, so E1-1 does not "
        "reduce it.",
    ),
    "leader_draw_when_empty": (
        ("reshuffle_discarded", "nothing"),
        "Card 121/122 and Orsini draw Leaders; when the pile is empty the discarded Leaders are shuffled "
        "into a new one, as the token supply is.",
    ),
    "when_take_triggers_after_immediate": (
        (True, False),
        "A card is taken when it is on the board and its immediate effect resolved; 'whenever you take' "
        "abilities then fire.",
    ),
    "tokens_in_e3_7": (
        (False, True),
        "E3-7 names wood, stone, coins and servants; Special Tokens are not among them.",
    ),
}


def engine_readings(out: dict[str, Any], prov: Any) -> None:
    for key, (choices, reason) in READINGS.items():
        out["engine"][key] = choices[0]
        out["engine_choices"][key] = list(choices)
        prov.mark(f"engine.{key}", reason)


def leader_provisional(out: dict[str, Any], prov: Any) -> None:
    for lid, leader in out["leaders"].items():
        if leader["ability"] == "action":
            prov.mark(
                f"leaders.{lid}.space",
                "The card shows no minimum value; every base action space needs 1 and a single space holds "
                "one member.",
            )
    prov.mark(
        "leaders.alfonso_v_daragona.requirement",
        "ATO lists '0 Faith Points': read as at most 0 FP, like the other 'max' requirements.",
    )
    prov.mark(
        "leaders.niccolo_machiavelli.requirement",
        "ATO '1 Leader' read as 1 other Leader already played (requirements count what lies on the table).",
    )


# ----------------------------------------------------------------------------------------------
# Vocabulary: every kind new with HoR (existing kinds: rules/lorenzo/effects.py). HOUSES.md §13
# gives each one's exact semantics; `where` says which lists may hold it.
# ----------------------------------------------------------------------------------------------


def _kind(where: str, params: str, meaning: str) -> dict[str, str]:
    return {"where": where, "params": params, "meaning": meaning}


EFFECT_KINDS: dict[str, dict[str, str]] = {
    "lose": _kind("one_shot", "res", "lose res (never below 0)"),
    "gain_per_card_up_to_value": {
        "where": "one_shot",
        "params": "res, card_type",
        "meaning": "res x min(your cards of card_type, the action value)",
    },
    "exchange_up_to_value": {
        "where": "one_shot",
        "params": "pay, effects",
        "meaning": "pay -> effects, up to action-value times",
    },
    "activate_cards": {
        "where": "one_shot",
        "params": "card_types, count",
        "meaning": "activate up to count other own cards of those types, ignoring their values",
    },
    "gain_per_played_leader": _kind("one_shot", "res", "res x your played Leaders"),
    "draw_leaders": _kind("one_shot", "count", "draw count Leaders into your hand"),
    "play_leader_free": {
        "where": "one_shot",
        "params": "",
        "meaning": "play a Leader from your hand ignoring its requirements",
    },
    "take_discarded": {
        "where": "one_shot",
        "params": "card_types",
        "meaning": "take a base card of those types from the discard pile without paying its cost",
    },
    "match_top_military": {
        "where": "one_shot",
        "params": "",
        "meaning": "if not first on the military track, set MP to the highest other MP",
    },
    "place_face_up_token": {
        "where": "one_shot",
        "params": "",
        "meaning": "put one held Special Token face up on this card",
    },
    "face_up_token_bonus": {
        "where": "one_shot",
        "params": "",
        "meaning": "gain the bonus of the token face up on this card",
    },
    "draw_tokens_keep": {
        "where": "one_shot",
        "params": "draw, keep",
        "meaning": "draw tokens, keep some, discard the rest unseen by others",
    },
    "discard_own_card": {
        "where": "one_shot",
        "params": "card_types, effects",
        "meaning": "discard one own card of those types, then effects",
    },
    "activate_one": {
        "where": "one_shot",
        "params": "action, value",
        "meaning": "a Harvest/Production of that value activating one chosen card",
    },
    "member_action": {
        "where": "one_shot",
        "params": "actions",
        "meaning": "the placed member does one of the actions at its value",
    },
    "harvest_at_take_value": {
        "where": "one_shot",
        "params": "offset",
        "meaning": "a Harvest at the card-taking action value + offset, not raisable",
    },
    "when_take_card": {
        "where": "permanent",
        "params": "card_types, effects",
        "meaning": "effects each time you take a card of those types",
    },
    "on_play_leader": {
        "where": "permanent",
        "params": "effects",
        "meaning": "effects each time you play a Leader",
    },
    "waive_special_tower_fee": {
        "where": "permanent",
        "params": "",
        "meaning": "no occupied fee in the Special Tower",
    },
    "leader_requirement_waiver": {
        "where": "permanent",
        "params": "count",
        "meaning": "a Leader you play may skip count requirements",
    },
    "market_face_up_token_bonus": {
        "where": "permanent",
        "params": "",
        "meaning": "each Market placement also gives this card's face-up token bonus",
    },
    "servant_value": {
        "where": "permanent",
        "params": "points_per_servant",
        "meaning": "each servant spent adds that much to an action value",
    },
    "extra_privilege": {
        "where": "permanent",
        "params": "count, distinct",
        "meaning": "every privilege effect gives count more, any option",
    },
    "never_excommunicated": {
        "where": "permanent",
        "params": "",
        "meaning": "Vatican Reports never excommunicate you",
    },
    "vp_gain_bonus": _kind("permanent", "amount", "every VP gain is amount higher"),
    "servant_substitute": {
        "where": "permanent",
        "params": "res_types",
        "meaning": "servants may pay for those resources 1:1",
    },
    "special_tower_value_modifier": {
        "where": "permanent",
        "params": "value",
        "meaning": "actions taking a card from the Special Tower change by value",
    },
    "end_lose_vp_per_card": {
        "where": "permanent",
        "params": "card_set, vp",
        "meaning": "at the end lose vp per owned card of the set (special = 97-144)",
    },
    "end_vp_per_set": {
        "where": "end",
        "params": "set, vp, max",
        "meaning": "at the end vp per complete set of held resources, capped at max",
    },
    "extra_family_member": {
        "where": "family",
        "params": "member, value",
        "meaning": "a fifth family member with a fixed value",
    },
    "store_building_materials": {
        "where": "family",
        "params": "res_types",
        "meaning": "those goods paid for Buildings are stored; a privilege may take them all",
    },
    "faith_track_tiles": {
        "where": "family",
        "params": "",
        "meaning": "the family's faith_tiles pay their bonus when the marker reaches their step",
    },
    "excommunication_vp_loss": {
        "where": "family",
        "params": "vp",
        "meaning": "lose vp each time you are excommunicated",
    },
    "privilege_rule": {
        "where": "family",
        "params": "exclude, also",
        "meaning": "privileges exclude those options and also give also",
    },
    "convert": {
        "where": "family",
        "params": "pay, gain",
        "meaning": "on your turn, pay -> gain any number of times",
    },
    "end_of_actions_take": {
        "where": "family",
        "params": "pay, towers, ignore_cost, ignore_territory_mp",
        "meaning": "after the Actions phase, pay to take a card left in the base towers",
    },
    "military_cost_not_paid": {
        "where": "family",
        "params": "card_types",
        "meaning": "military costs: requirement checked, MP not spent",
    },
    "card_limit": {
        "where": "family",
        "params": "card_type, max",
        "meaning": "you may own max cards of that type",
    },
    "scoring_table_extension": {
        "where": "family",
        "params": "table, values",
        "meaning": "extra rows of a final scoring table",
    },
    "set_rewards": {
        "where": "family",
        "params": "rewards",
        "meaning": "k-th completed set of one card per type gives rewards[k]",
    },
    "setup_leaders": {
        "where": "family",
        "params": "count, play_free",
        "meaning": "Leaders laid beside the tile before the auction go to its winner",
    },
    "visconti_tokens": {
        "where": "family",
        "params": "",
        "meaning": "each Leader played activates a Visconti token, then every active one pays",
    },
}

REQUIREMENT_KINDS: dict[str, str] = {
    "cards": "{type: N}: own at least N cards of each named type (existing)",
    "res": "{key: N}: hold at least N (existing; special_token = held tokens)",
    "same_type_cards": "N: own N cards of one type (existing)",
    "res_max": "{key: N}: hold at most N",
    "res_sum_max": "{'a+b': N}: hold at most N of a and b together",
    "cards_total": "N: own at least N Development cards in all",
    "cards_max": "{type: N}: own at most N cards of that type",
    "card_types_max": "N: your cards are of at most N different types",
    "leaders_played": "N: at least N other Leaders already played",
}
