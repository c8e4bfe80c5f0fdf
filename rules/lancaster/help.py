"""The Lancaster rules help (markdown): notation, options, rules choices, provisional values."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rules.core import Option, say
from rules.lancaster.words import effects_words

NOTATION = """\
| Move | Meaning |
|---|---|
| `knight 3 county:D squires=2` | place your strength-3 knight on county D with 2 squires |
| `knight 1 castle:X2` | place a 1-knight on your castle space X2 |
| `knight 2 conflict:K03` | send a 2-knight to conflict K03 (you stack on your space if you have one) |
| `ally 2 county:B`, `ally 2 castle:AC1` | two players: place one of your ally's knights |
| `vote yes markers=2`, `vote no markers=0` | secret vote on the open proposal, adding vote markers |
| `favor 4` | take King's Favor tile 4 |
| `upgrade county:B`, `upgrade court:1`, `upgrade castle:X1` | which knight to upgrade |
| `upgrade conflict:K03:2`, `upgrade none` | a 2-knight on K03; or decline the upgrade |
| `extension X3`, `extension none` | which extension tile to build |
| `noble D` | take (an ally: remove) a noble from county D's stack |
| `take noble`, `take reward`, `take both` | county reward (both costs 3 gold) |
| `buy 3` | how many times to use an exchange (laws L04, L05, L16, L17; castle X4, X5) |
| `start p2` | Surrey: who starts the next round |
| `ransom 2`, `ransom none` | free a captured strength-2 knight for gold, or let the rest go |
| `knight 4 tower` | The King's Resentment: shelter a knight in the tower |
| `lord chancellor knight=3 tudor bishops=2` | Henry V: your lord to a court space (`chancellor`, \
`marshal`, `steward`, `treasury`) with a court knight, a Tudor knight and bishops |
| `lord home` | Henry V: keep your lord home this round |
| `knight 2 county:D tudor shield` | Henry V: a county knight with a Tudor knight and a shield you hold |
| `knight 3 conflict:K04 tudor archer` | Henry V: a conflict knight with a Tudor knight and an archer |
| `upgrade lord:3` | Henry V: upgrade the knight escorting your lord |
| `pass` | keep your knights in court this round (only when every place left needs squires) |
"""

RULES_CHOICES = (
    "Setup removes two conflict cards by their printed France value: 2 and 10 with 2 or 4 players, "
    "9 and 10 with 3, 2 and a 3 with 5 (the reference's reading of a garbled source; data "
    "`setup.conflicts_removed`), so 10 cards serve the 5 rounds.",
    "Phase 1 passes over a player only when their court is empty (the rules), or when no legal "
    "place exists at all for their knights (the event says exactly why). A player whose every "
    "place needs squires still has the turn, whatever squires they hold (squires are secret), and "
    "may `pass`: their knights stay in court this round. The phase ends when nobody can place.",
    "An expelled knight returns to its court at once and may be placed again this phase; its "
    "squires are lost. Squires count for the occupant when someone tries to expel it.",
    "King's Favor: the player chooses any face-up tile; by default all 6 tiles are used at every "
    "player count (option favor_tiles_by_count uses the per-count data value setup.favor_tiles).",
    "Upgrades are optional ('upgrade none'); a county, castle or favor upgrade and L09 may target "
    "any own knight (court or board; L09 by its published text, corrections 2026-12); laws that "
    "say 'deployed' only board knights. An upgrade needs the "
    "next stronger knight in the reserve. L10's swap is offered as an optional upgrade of a "
    "deployed 3-knight.",
    "A recruit with no knight of that strength in the reserve does nothing.",
    "'Player with the most X' laws reward every tied player, also when all have 0.",
    "Castle: in each castle step a space pays for its knight and for its extension tile, so an "
    "extended space with a knight pays twice (several sources, corrections 2026-12; data "
    "`engine.knight_on_extended_space`: false lets the tile cover the space, which then pays once, "
    "by the tile); income is paid before the squire exchanges, so it can pay for them.",
    "A county extension reward must be built if a tile is left; L06's extensions are optional.",
    "Counties are rewarded in the order A to I; the occupant of a county whose noble they already "
    "hold (or whose stack is empty) simply takes the reward.",
    "Conflicts are evaluated bottom row first, then top row, left to right (the order changes no "
    "result: a conflict pays only PP and its own captures). Rank ties follow data "
    "`engine.conflict_rank_ties`: `higher_space` (default: the higher space, placed earlier, ranks "
    "first) or `shared` (tied players all take the better rank's PP, the next rank is skipped). "
    "Ranks without a participant pay nothing.",
    "A conflict nobody joined moves to the bottom row; if nobody joins it there either, it is "
    "discarded without capture (data `engine.unjoined_conflicts`: `slide`, or `discard` at once).",
    "Capture: after a second loss each owner, in turn order, may ransom each captured knight for "
    "`ransom_gold_per_strength` gold per strength point; knights not ransomed go to the reserve. "
    "This can leave a player with every knight in the reserve: they are skipped in phase 1 and "
    "come back only through recruits (laws L02, L15, a built Stables extension) or upgrades.",
    "If nobody takes Surrey's reward, the start player stays the same.",
    "The general supply of gold, squires and vote markers is unlimited.",
    "Vote markers are public (they lie on the castle board); gold and squires are secret with 3 or "
    "more players and open with 2. Events announce what players gain, as the physical game shows it. "
    "With 3 or more players a purchase or ransom question is asked even when the only answer is "
    "'buy 0' or 'ransom none', so nobody learns that a player is out of gold or squires.",
    "Two players: allies never vote, never gain goods or PP, and never count for laws or final "
    "majorities. An ally in a county takes the noble (it leaves the game) or the reward, of which it "
    "keeps only what an ally can use (`ally.county_effects`, possibly nothing); never both. An "
    "ally's conflict rank earns nothing and is not passed down (data "
    "`engine.ally_conflict_rank`: `forfeit`, or `pass_down`: allies take no rank). "
    "Captured ally knights go to the ally reserve. Ally King's Favor: goods are lost, an upgrade "
    "upgrades an ally knight, a noble favor removes a noble of the player's choice from the game.",
    "Final scoring: PP from the game, plus the noble table, plus the castle majority (most extension "
    "tiles) and the knight majority (data `final_scoring.knights.measure`: `strength` outside the "
    "reserve, then number of knights; or `count` first). All tied players take a majority's full "
    "award; a shared first place leaves no second place. Tie-break: data `final_scoring.tie_break` "
    "(most nobles, then knight strength), else a shared win.",
)


EXPANSION_CHOICES: dict[str, tuple[str, ...]] = {
    "henry_v": (
        "Henry V (EXPANSIONS.md 4): a turn places a knight or your lord (`lord <space>`), on one of "
        "the three offices (Lord Chancellor, Earl Marshal, Lord Steward) or the treasury, with at "
        "most 1 knight from court, 1 Tudor knight and 2 bishops (1 vote marker each, into the "
        "treasury). Its strength is 1 + knight + 2 + 1 per bishop; a strictly stronger lord expels "
        "a weaker one, who goes home with its knight and may be placed again; costs paid stay in "
        "the treasury. `lord home` keeps your lord home this round (data "
        "`henry_v.engine.lord_may_stay_home`), so a lord always gives its player a turn and no turn "
        "hinges on hidden gold. `pass` keeps your knights in court and your lord home.",
        "Office costs (Chancellor 1 vote marker, Steward 1 gold) are paid when the lord is placed "
        "(`office_cost_paid`: `on_placement`, or `on_filling`). Offices are filled before counties, "
        "Chancellor, Marshal, Steward, then the treasury, whose lord takes everything in it (1 gold "
        "if it is empty; an unoccupied treasury keeps its contents). A privilege comes from the "
        "regal supply; when none is left the office gives only its seals.",
        "Privileges are public and used once: a shield makes a county knight unexpellable; a Tudor "
        "knight adds 2 to a county knight (toward the minimum too), to your space on a conflict or "
        "to your lord; an archer (1 squire into the treasury) fills the free space directly below "
        "your knight on a conflict, strength 2, ranked on its own. Each returns to the supply when "
        "the piece it goes with leaves the board (an expelled knight's is lost).",
        "The knight escorting your lord counts as deployed for laws (`escort_deployed`; upgrade "
        "it with `upgrade lord:3`). At the end of the round lords go home, escorts to court, "
        "bishops back to the regal board. Each royal seal scores `henry_v.seal_points` (2) PP at "
        "the end, a breakdown line of its own; seals are public (`seals_secret`). Two players: "
        "allies have no lord and use no privileges.",
    ),
    "extra_laws": (
        "Extra laws (Henry V with The King's Resentment, EXPANSIONS.md C2): for each back group "
        "1-4 the base laws and the 2 extra laws are shuffled together and the base group's size "
        "is dealt, so the pile stays 15 (data `extra_laws.mix`: `shuffle_into_groups`, or "
        "`replace_two_per_group`: every extra law in, 2 base laws of each group out). The laws "
        "not dealt stay unseen.",
    ),
    "kings_resentment": (
        "The King's Resentment (EXPANSIONS.md 5): `knight 4 tower` puts a knight in the tower, one "
        "per player, never an ally, no squires, no King's Favor; it must be at least as strong as "
        "the tower's non-player knight (4 / 3 / 2 with 2 / 3 / 4 players; with 5 there is none and "
        "any knight may enter; data `kings_resentment.engine.tower_requirement`: "
        "`at_least_neutral`, `above_neutral` or `none`). The tower only adds places: it never makes "
        "a player skip a turn.",
        "Before counties are rewarded the tower is cleared: its player knights return to court and "
        "their owners are protected from dishonor this round; the non-player knight stays.",
        "Each time a conflict is evaluated and England does not win (a first loss that slides it, a "
        "second that captures), every player with no own knight on that card and not protected "
        "takes `kings_resentment.dishonor_per_loss` dishonor marker (data "
        "`kings_resentment.engine.dishonor_takers`: `absentees`, or `participants`). A card nobody "
        "joined counts as lost each time (`unjoined_cards_dishonor`). Ally knights do not spare "
        "their player (`ally_knights_protect`); allies never take dishonor.",
        "Markers come from this round's track space, then the supply box; when both are empty "
        "the count goes on. Each held marker scores `kings_resentment.dishonor_points` (-2) at the "
        "end, a breakdown line of its own; totals may go below 0. Tower knights count as deployed "
        "for laws (`tower_knights_deployed`; upgrade them with `upgrade tower:4`).",
    ),
    "queenie": (
        "Queenie 1 (EXPANSIONS.md 6): the 9 reward tiles are shuffled at setup (the bag order is "
        "secret); at the start of each round one is laid beside the county of its letter (by the "
        "county's letter, also with random noble stacks).",
        "The tile goes with the county's printed reward: taking `reward` or `both` gains the tile "
        "right after the printed reward; taking only the noble does not (data "
        "`queenie.engine.tile_goes_with`: `reward`, or `occupant`: whatever the occupant takes).",
        "At the end of the round the tile leaves the game, taken or not, so 5 of the 9 tiles are "
        "seen (data `queenie.engine.unclaimed_tile`: `removed`, or `stays` until someone takes "
        "that county's reward). Tile PP are a line of their own in the final breakdown.",
        "Two players: an ally taking the reward forfeits the tile (data "
        "`queenie.engine.ally_takes_tile`: false, or true: it keeps what `ally.county_effects` "
        "allows, tile G's upgrade).",
    ),
}
"""Rules choices of each expansion (EXPANSIONS.md section 11), listed when it is offered."""


def _value_at(data: dict[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return None
    return node


def _words(value: Any) -> str | None:
    """A provisional value in words, where the catalogue words it (effects, rewards, a law): each
    form a template ``i18n`` translates again; None for any other value (shown as data)."""
    if isinstance(value, list) and value and all(isinstance(e, dict) and "type" in e for e in value):
        return effects_words(value)
    if isinstance(value, list) and value and all(isinstance(t, list) for t in value):
        return "; ".join(
            say("{tile_n}: {effects}", tile_n=i + 1, effects=effects_words(t)) for i, t in enumerate(value)
        )
    if (
        isinstance(value, dict)
        and value
        and all(isinstance(v, dict) and "reward" in v for v in value.values())
    ):
        return "; ".join(
            say(
                "{space} {name}: {reward}", space=k, name=v.get("name", ""), reward=effects_words(v["reward"])
            )
            for k, v in value.items()
        )
    if isinstance(value, dict) and "text" in value and "effects" in value:
        return say('"{law}" ({effects})', law=value["text"], effects=effects_words(value["effects"]))
    return None


def _mark(path: str, value: Any, reason: str) -> str:
    """One provisional value's line: its path, its value (a number, in words, else as JSON
    between backticks, the same in every language) and why."""
    plain = isinstance(value, (int, float)) and not isinstance(value, bool)  # a number reads alike
    words = str(value) if plain else _words(value)
    if words is not None:
        return say("`{data_path}` = {shown} — {reason}", data_path=path, shown=words, reason=reason)
    text = json.dumps(value, ensure_ascii=False)
    text = text if len(text) <= 160 else text[:157] + "..."
    return say("`{data_path}` = `{data_value}` — {reason}", data_path=path, data_value=text, reason=reason)


def _marks(data: dict[str, Any], prefix: str | None, expansions: Sequence[str]) -> list[str]:
    """The provisional lines of the base data (``prefix`` None: every path outside the
    expansion sections) or of one expansion section."""
    sections = ("henry_v", "kings_resentment", "queenie", "extra_laws")
    lines = []
    for path, reason in sorted(data["provisional"].items()):
        head = path.split(".", 1)[0]
        if (prefix is None and head not in sections) or head == prefix:
            lines.append("- " + _mark(path, _value_at(data, path), reason))
    return lines


def _expansion_lines(data: dict[str, Any], expansions: Sequence[str]) -> list[str]:
    """Each offered expansion: its rules choices, then its provisional values in a section of
    their own (built from data, so ``i18n`` words them line by line); then the values of those
    not offered yet (the content file holds them already; EXPANSIONS.md 1.1)."""
    lines: list[str] = []
    if {"henry_v", "kings_resentment"} <= set(expansions):  # C2: the extra laws come with both
        expansions = [*expansions, "extra_laws"]
    for key in expansions:
        title = data[key].get("name", "Extra laws (Henry V with The King's Resentment)")
        option = "options `henry_v` and `kings_resentment`" if key == "extra_laws" else f"option `{key}`"
        lines += ["", f"## {title} ({option})", ""]
        lines += [f"- {c}" for c in EXPANSION_CHOICES.get(key, ())]
        lines += ["", f"## {title}: provisional values", ""]
        lines += [say("Provisional values of this expansion (correctable in the same override file):"), ""]
        lines += _marks(data, key, expansions)
    later = [key for key in ("henry_v", "kings_resentment", "queenie", "extra_laws") if key not in expansions]
    for key in later:
        title = data[key].get("name", "Extra laws (Henry V with The King's Resentment)")
        lines += ["", f"## {title}: not offered yet (the engine does not play it)", ""]
        lines += _marks(data, key, expansions)
    return lines


def build_help(data: dict[str, Any], options: Sequence[Option], expansions: Sequence[str] = ()) -> str:
    lines = [
        "# Lancaster",
        "",
        "Five rounds. Each round: **1. place knights** one at a time from the start player "
        "(counties, your castle, conflicts against France), **2. Parliament** votes on three "
        "proposals (secret yes/no plus vote markers, ties pass) and applies the three current laws "
        "left to right, **3. rewards**: counties (noble or reward, both for "
        f"{data['both_cost_gold']} gold), castles, conflicts. Most power points (PP) wins.",
        "",
        "## Move notation",
        "",
        NOTATION,
        "## Options",
        "",
    ]
    for o in options:
        lines.append(
            f"- `{o.name}` (default `{o.default}`; {', '.join(str(c) for c in o.choices)}): {o.description}"
        )
    lines += ["", "## Rules choices (where the sources are silent)", ""]
    lines += [f"- {c}" for c in RULES_CHOICES]
    lines += [
        "",
        "## Provisional values (not yet verified against the printed game)",
        "",
        say(
            "No public source gave these printed values; the team chose them to keep the game "
            "balanced. An owner of the game can correct any of them in one override file "
            "(`LANCASTER_OVERRIDES`, see rules/lancaster/OVERRIDES.md)."
        ),
        "",
    ]
    lines += _marks(data, None, expansions)
    lines += _expansion_lines(data, expansions)
    lines += _law_and_county_lines(data)
    return "\n".join(lines) + "\n"


def _law_and_county_lines(data: dict[str, Any]) -> list[str]:
    """The laws (extra laws marked provisional) and the counties, each line a catalogued sentence
    (the Italian help translates them line by line)."""
    lines = ["", "## Laws", ""]
    for lid, law in sorted(data["laws"].items()):
        lines.append(
            "- " + say("**{law}** (back {back}): {text}", law=lid, back=law["back"], text=law["text"])
        )
    for lid, law in sorted(data.get("extra_laws", {}).get("laws", {}).items()):
        lines.append(
            "- "
            + say(
                "**{law}** (extra law, back {back}, provisional): {text}",
                law=lid,
                back=law["back"],
                text=law["text"],
            )
        )
    lines += ["", "## Counties", ""]
    for letter in data["county_order"]:
        c = data["counties"][letter]
        lines.append(
            "- "
            + say(
                "**{county} {name}**: minimum {min}, {reward}",
                county=letter,
                name=c["name"],
                min=c["min_strength"],
                reward=effects_words(c["reward"]),
            )
        )
    return lines
