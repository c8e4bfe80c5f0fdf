"""The game's rules help (markdown), shown by the bot: notation, options and rules choices."""

RULES_HELP = """\
# Lorenzo il Magnifico - how to play here

Each round every player places one family member per turn (black, white, orange = the dice of
that colour; neutral = 0) until all are placed. Servants add +1 each to one placement.

## Moves
- `place <member> <space> [servants=N]` - e.g. `place black territory_3`, `place neutral council servants=1`,
  `place white harvest_big servants=2`. Spaces: `territory_1`..`territory_4`, `character_1`..`4`,
  `building_1`..`4`, `venture_1`..`4` (floor 1 = bottom, values 1/3/5/7), `harvest`, `harvest_big`,
  `production`, `production_big`, `market_1`..`market_4`, `council`.
- `pay <goods>` - which cost to pay when a card offers several, e.g. `pay mp=4` or
  `pay coin=3 wood=2 stone=2`.
- `privilege <choice>` - `wood_stone` (1 wood + 1 stone), `servants` (2), `coins` (2), `military` (2 MP),
  `faith` (1 FP). Several privileges from one effect must all differ.
- `take <tower space> [servants=N]` or `take none` - the card a free card action takes,
  e.g. `take building_2`.
- `harvest [servants=N]`, `production [servants=N]` - servants added to a free Harvest/Production from a card.
- `exchange <goods>` or `exchange none` - the option of a Production building to use, named by its cost,
  e.g. `exchange wood=2`.
- `support` / `refuse` - the Vatican Report.
- `tile advanced_b` - pick an advanced personal bonus tile (advanced_tiles option).
- `pass` - only with the `voluntary_pass` option (or when no member can be placed but a Leader
  action could be).
- Leaders (`leaders` option): `leader play sisto_iv`, `leader activate botticelli`,
  `leader discard Santa Rita` (gives 1 Council Privilege); `end` closes your turn when, after your
  placement, you could still play or activate a leader; `draft <id>` keeps a leader in the draft
  (secret); `copy <id>` is Lorenzo de' Medici's choice; `montefeltro black` is Federico da
  Montefeltro's member at value 6.

The suggested moves list, for each member and space, the fewest servants needed (and on Harvest and
Production spaces each servant count that activates more cards); any other servant count is accepted.

## Options
- `leaders` (off): 4 Leader cards each (requirements, once-per-round and permanent abilities, discard
  for a privilege; all 20 leaders).
- `leader_draft` (`draft`): with leaders, `draft` = keep 1 of 4 and pass the rest to the right (seat
  number - 1) until everyone holds 4; `deal` = 4 random leaders each.
- `advanced_tiles` (off): advanced personal bonus tiles, chosen in reverse turn order before round 1
  (before the leader draft when both are on).
- `voluntary_pass` (off): allow passing a placement.
- `harvest_min_check` (`member`): what the value-1 minimum of Harvest/Production spaces is tested on.
- `military_tie` (`next_gets_second`): military ranking when first place is tied.

## Rules choices (where the rules reference is unsure)
- A player who cannot place any member (neutral at 0 and no servants) passes that turn automatically;
  voluntary passing is off unless the option is on.
- Harvest/Production minimum: tested on the member's value after servants; the -3 of the big spaces,
  Character bonuses and excommunications are applied afterwards; cards activate when their die value is at
  most the final action value, the bonus tile when it is at least 1.
- Immediate effects: gains and privileges first, then the free action.
- Military ranking: all tied for most MP get 5 VP; the next lower MP value gets 2 VP (all tied
  there get 2). Players with 0 MP rank like anyone else (if nobody has MP, everyone gets 5).
- Winner tie: earlier in the final turn order wins (the order after round 6's Council Palace).
- Faith above 15 scores as 15 (30 VP); MP keep counting above 25.
- Vatican Reports are taken in turn order. At the last report an excommunicated player (by lack of faith or
  by refusing) still scores their faith VP, then resets to 0.
- Excommunication reductions apply per source: each card, action space, floor bonus, bonus tile and each
  Council Privilege is one source. E1-4 (1 wood or stone fewer): when a source gives both, you choose
  (`lose wood` / `lose stone`). Santa Rita doubles what is left after a reduction.
- Discounts reduce only goods that appear in the cost paid, never below 0; the Stonemason's wood-or-stone
  discount and cost alternatives become a `pay` choice only when the results differ (dominated ones are
  dropped).
- Exchanges in one Production may only spend goods held before it began.
- The Market has no colour rule: your members may stand on several Market spaces (one member each).
- The player count changes only the covered spaces: 2 players cover both big Harvest/Production
  spaces and Markets 3-4, 3 players Markets 3-4.
- A card's free card action is optional (`take none`); a card's free Harvest/Production always
  happens (it can only gain; its exchanges stay optional).
- "Per card" VP counts the card just taken; the General gives 1 VP per 2 MP, rounded down.
- E3-6 counts the wood and stone printed in the costs of your Buildings.
- Excommunication penalties never take a final score below 0.

## Leader rules choices
- Leaders can be named by id (`sandro_botticelli`), full name (`leader play Sandro Botticelli`) or a
  word of the name no other leader has (`leader play botticelli`, `draft moro`, `copy bande nere`);
  `medici`, `borgia` and `ludovico` are shared: they are taken when only one of their leaders is a
  legal move now (e.g. `draft medici` with one Medici in the pack), else the refusal lists them.
- Leader actions are taken in your turn before and/or after you place (any number, in any order).
  After your placement (and its decisions) the turn stays open while you can still play or activate
  a leader: do so, or type `end`. A discard alone does not hold the turn (discarding before placing
  gives the same privilege, earlier); once the turn is open you may discard too. With no family
  member left you have no turn, so no Leader actions (reference section 19).
- Requirements are checked when played and never spent. A played leader cannot be discarded. A
  discarded leader is shown in the log. No Leader action while a decision (a cost, a privilege, a
  free action) is still open.
- The draft is secret: each pick is seen only by its player; the last card of each pack is kept
  automatically.
- Lorenzo de' Medici can be played only when another player has a played leader to copy; the
  copy is fixed; a copied once-per-round ability is used once per round through Lorenzo.
- Francesco Sforza and Leonardo da Vinci: only servants raise their actions; excommunication
  maluses (E1-5/E1-6) still apply.
- Federico da Montefeltro: the chosen coloured member is 6 before other modifiers (Lucrezia +2,
  E1-7 -1) for the rest of the round. Ludovico il Moro: coloured members 5, then modifiers.
- Santa Rita doubles wood, stone, coins and servants from Development-card immediate effects only
  (not floor bonuses, privileges, points, action spaces or Harvest/Production). With an excommunication
  that reduces a gain, the gain is reduced first and then doubled (City 3 coins, E1-2: 2, doubled 4).
- Lorenzo de' Medici copies only a leader played by another player, never one of your own.
- Both drafts (bonus tiles, then leaders) are part of game setup: round 1's cards are dealt and its
  dice rolled only when they are over.
- Brunelleschi also waives the fee for card-effect tower actions; Pico della Mirandola takes 3 coins
  off any card cost with coins (never below 0); Ariosto lets you use occupied single spaces
  (a taken tower floor still has no card to take; your Harvest/Production colour rule still holds).
"""
