"""# 7 Wonders Duel, `seven_wonders_duel_v0`

| | |
|---|---|
| Import | `from wonders_env import seven_wonders_duel_v0` |
| Actions | Discrete, card-id |
| Parallel API | No (turn-based) |
| Manual Control | `wonders play --game duel` |
| Agents | `agents = ['player_0', 'player_1']` |
| Agents count | 2 |
| Action shape | `(1,)` |
| Action values | `[0, 1201]` |
| Observation shape | `(1950,)` |
| Observation values | `[0, 1000]` |

Every observation is a dict of `observation` (float32) and `action_mask` (int8, `[0, 1]`).

The complete 7 Wonders Duel base game (no expansions): the wonder draft, the three Ages with
their card structures, trading, chains, the military track with its looting tokens, science
pairs and progress tokens, every wonder power, military and scientific supremacy and the
civilian count. Every decision is one step of the deciding agent, who is `agent_selection`: the
draft picks, each turn's card, and the decisions some effects ask for (a progress token, the
card to destroy, the Mausoleum's card, the Great Library's token, who starts the next Age).
The readable rules engine is `wonders_env.duel` (plain Python and numpy; `wonders_env.duel.rules`
documents the resolution order); the compiled core (`core/duel/`) plays by default.

**Who starts.** `player_0` is always the first player of the wonder draft (it picks 1, then
`player_1` 2, `player_0` the last; the second round starts with `player_1`) and starts Age I.
To randomise who starts, randomise which of your policies plays `player_0`, e.g.
`seats = rng.permutation(policies)`; the agent names keep their meaning.

## Arguments

```python
seven_wonders_duel_v0.env(reward="win_loss", render_mode=None, engine="core", edition="1st", expansions=None)
```

* `reward`: `"win_loss"` (default) or `"score"` (see Rewards).
* `render_mode`: `None`, `"ansi"` (`render()` returns the table as text) or `"human"` (prints
  it after every step).
* `engine`: `"core"` (default, the compiled core, `wonders_env.duel.compiled`) or `"python"`
  (the readable engine `wonders_env.duel`). Both deal a seed's game the same way and give the
  same observations, masks, rewards, infos and records; the core is faster.
  `env.unwrapped.state` is then a read-only view of the core's game with the Python state's
  names (`wonders_env.duel.compiled.DuelStateView`: each field read from the core when asked, no
  copy; `phase` and `victory` the same enums; `clone()`; `to_python()` for a Python copy), and
  `env.unwrapped.game` the compiled engine: a core game never imports the Python rules.
  Assigning a state (`env.state = state` on `env()` or `raw_env`: a view or a Python state of the
  env's tables) puts the engine in a copy of it, and the env then reports what that state alone
  defines, as if its game had been played to there: `agent_selection` (once the game is over, the
  author of the last move), masks, terminations, truncations, rewards (the final ones once it is
  over) and infos. The core checks every field of a Python state (a bad value raises `ValueError`
  naming the field, the value and what is allowed) and rebuilds it from its seed's deal (its own
  deal for a state without seed, such as a determinization, whose record then has `seed: null`)
  and its move log, and a state that does not come back exactly (every field compared: one
  changed by hand, such as `coins`) is refused with a `ValueError` naming the fields; anything that is no Duel
  state of the env's tables is refused with a `ValueError` saying so; a refusal changes nothing
  (the rule of both games). For many games at once, use the batched API `wonders_env.vector`.
* `edition`: the tables played, `"1st"` (default, the base game), another name of
  `wonders_env.duel.cards.EDITIONS` or a `DuelDatabase` of one's own; the observation and action
  spaces are sized by its counts. The compiled core plays the base game's tables (and Pantheon's):
  another edition needs `engine="python"`.
* `expansions`: `None` (default, the base game) or a tuple of expansion names, `("pantheon",)`,
  `("agora",)` or `("pantheon", "agora")` (see "The Pantheon table", "The Agora table" and "The
  table with both" below), spelled one way (`wonders_env.registry`: an unknown name, a
  duplicate, a non-string or a bare string raises `ValueError` naming what is allowed). Both
  engines play the Pantheon table (the default `engine="core"`, `wonders_env.vector` too): a seed
  is the same game on both (`tests/core/test_duel_core_pantheon_differential.py`). The Agora
  tables run on `engine="python"` only: the default `engine="core"` refuses them with a
  `ValueError` saying to pass `engine="python"`.

Anything else raises `ValueError` naming the allowed values. `env()` is `raw_env` wrapped like
PettingZoo's classic games (`TerminateIllegalWrapper` with reward -1 for the author of an
illegal move, `OrderEnforcingWrapper`; in place of PettingZoo's `AssertOutOfBoundsWrapper`,
whose `AssertionError` `python -O` removes, `wonders_env.pettingzoo_common.ActionNumberWrapper`);
`raw_env` raises `IllegalActionError` (a `ValueError`) naming the illegal action, why it is
illegal and the legal actions. An action that is not an action number (a bool, float, string,
array, or an integer outside `[0, 1202)`: API misuse, not an illegal move) raises
`IllegalActionError` naming its type and the range from both, changing nothing; numpy integers
are action numbers. A step of a finished game raises an error saying the game is over and to
call `reset()`, except the dead step `step(None)` of each finished agent.

**Seeding.** One seed is one game everywhere. `reset(seed=s)` (`s` an integer in 0-2**64-1,
numpy integers too, bools not; any other raises `wonders_env.game.SeedError`, a `TypeError` and a
`ValueError`, and changes nothing) deals the game of seed `s`, on either engine, as the compiled core deals it
(`wonders_env.deal_rng` mirrors its generator draw for draw): the game of a `wonders_env.vector`
row whose seed is `s`, of the text interface and of the web app with seed `s`. It also reseeds the
env's generator; `reset()` without a seed deals the game of a seed drawn from that generator (a
fresh, unseeded one at construction), as in every env of this package. The record keeps the seed,
so every record, a batch's included, replays its game.

## Observation space

`observation` is the ego-centric vector of `wonders_env.duel.observation` ("my" = the observing
agent): the phase, the Age, whether I decide, the structure slot by slot (the card of each
face-up slot, only the card back of a face-down one, accessible and empty flags), both cities,
the discard pile, both players' coins, wonders (unbuilt and built) and progress tokens, the
draft table, the tokens on the board, the Great Library's draw (to its owner only), the pawn,
the looting tokens still on the track and the science symbols of both players. Face-down cards, the cards left in
the box, later Ages, the wonders not yet shown and the set-aside progress tokens are never
encoded. `wonders_env.duel.observation.observation_views(obs)` returns the named views.

`action_mask` marks the legal actions of the observing agent (all zero when it is not its turn:
Duel has no parallel API, so no `wait` action as 7 Wonders has; the engine interface,
`wonders_env.game`, gives no legal action to a player who does not decide, in both games).

## Action space

| range | kind | meaning |
|---|---|---|
| 0-11 | draft | take wonder `a` from the draft table |
| 12-84 | build | take card `a - 12` from the structure and build it |
| 85-157 | sell | take card `a - 85` and discard it for 2 + own yellow cards coins |
| 158-1033 | wonder | take card `c` and build wonder `w` with it: `a = 158 + 12 c + w` |
| 1034-1043 | progress | take progress token `a - 1034` from the board (a science pair) |
| 1044-1116 | destroy | put the opponent's card `a - 1044` in the discard pile (Statue of Zeus, Circus Maximus) |
| 1117-1189 | mausoleum | build card `a - 1117` of the discard pile for free |
| 1190-1199 | library | keep token `a - 1190` of the Great Library's draw |
| 1200-1201 | starter | 1200: I start the next Age, 1201: my opponent starts it |

Card `c`, wonder `w` and token `t` are the rows of `wonders_env/duel/data/cards.csv`,
`wonders.csv` and `progress.csv` (`wonders_env.duel.cards.CARDS[c].name`, ...).
`wonders_env.duel.actions.encode_action` / `decode_action` convert. Payment is never a choice:
the engine pays the cheapest way (trading is with the bank; choice producers and the Masonry /
Architecture discounts are used where they save the most), and the record shows what was paid.

## The Pantheon table

`expansions=("pantheon",)` plays Duel with Pantheon (the rules and the project's decisions are in
`wonders_env.duel.pantheon`): the Grand Temples replace the Guilds, mythology and offering tokens lie
on the structure, divinities are placed in the Pantheon and activated from Age II. Its cards,
wonders and progress tokens are the base tables' with rows appended (Grand Temples 73-77, The
Sanctuary 12, The Divine Theater 13, Mysticism 10, Poliorcetics 11, Engineering 12), so every
base id keeps its meaning. It has its own spaces: 1669 actions and an observation of 2465 values.

| range | kind | meaning |
|---|---|---|
| 0-13 | draft | take wonder `a` |
| 14-91 | build | build card `a - 14` |
| 92-169 | sell | discard card `a - 92` |
| 170-1261 | wonder | `a = 170 + 14 c + w` |
| 1262-1274 | progress | token `a - 1262` |
| 1275-1352 | destroy | card `a - 1275` |
| 1353-1430 | mausoleum | card `a - 1353` |
| 1431-1443 | library | token `a - 1431` |
| 1444-1445 | starter | 1444: I start, 1445: my opponent starts |
| 1446-1493 | activate | the divinity of Pantheon space `s` with the offering tokens `o`: `a = 1446 + 8 s + o` |
| 1494-1668 | choose | item `a - 1494` of the set the decision names (below) |

Pantheon space `s` is 0-5, player 0's dearest first; `o` is a bit set of offering tokens (bit 0:
the -2 token, 1: -3, 2: -4). The `choose` items, one list whatever the set (`state.pantheon.choice`,
a `wonders_env.duel.state.Choice`): 1494-1571 card, 1572-1585 wonder, 1586-1598 progress token,
1599-1614 divinity (rows of `data/pantheon_divinities.csv`, 15 the Gate), 1615-1620 Pantheon space,
1621-1625 mythology (Mesopotamian, Phoenician, Greek, Egyptian, Roman), 1626-1644 track space
(`a - 1635` is the pawn coordinate, > 0 toward player_1's capital), 1645-1648 military token
(player_0's -2, -5, player_1's -2, -5), 1649-1668 structure slot (`a - 1649`, the index of
`state.slot_card` in the Age's layout, "slot 1" to "slot 20" in words: Zeus chooses the card to
discard by its slot, so that neither the mask nor the action tells which card lies face down there;
the record names the card once it is in the discard pile).

Every Pantheon decision is one `choose` step of the turn player in the phase `choose` (the last of
the `phase` view): the divinity a mythology token drew and its space, Enki's token, Nisaba's, Baal's,
Hades' and Isis' cards, Zeus' structure slot, Anubis', Isis' and Ra's wonders, Minerva's track
space, Neptune's two military tokens, the Gate's divinity, the Divine Theater's mythology, divinity
and order.

The observation is the base layout sized by the Pantheon table (78 cards, 14 wonders, 13 tokens, 5
card backs, 9 phases) followed by the Pantheon views of `wonders_env.duel.observation`: each
Pantheon space (a divinity face up or placed face down by me; only the mythology of one the
opponent placed face down), the divinities left per deck (never their order), the token on each
structure slot (its mythology, or a face-down offering token whose value is hidden), both players'
Pantheon tokens, activated divinities and Astarte coins, the Minerva pawn, Enki's tokens and the
set I choose from. `observation_views(obs, db)` names them. The record has `expansions` and the
Pantheon fields of `wonders_env.duel.record`.

## The Agora table

`expansions=("agora",)` plays Duel with Agora (the rules and the project's decisions are in
`wonders_env.duel.agora`): 13 Senators mixed into the Ages (structures of 25, 25 and 23 cards),
the Senate's six chambers with their decrees and the players' influence cubes, the conspiracies,
the Agora military tokens in place of the looting tokens, political supremacy (victory
`"political"`). Its cards, wonders and progress tokens are the base tables' with rows appended (the
Senators 73-85, Curia Julia 12, Knossos 13, Corruption 10, Organized Crime 11). It has its own
spaces: 1838 actions and an observation of 3012 values.

| range | kind | meaning |
|---|---|---|
| 0-13 | draft | take wonder `a` |
| 14-99 | build | build card `a - 14` (a Senator: recruit it) |
| 100-185 | sell | discard card `a - 100` |
| 186-1389 | wonder | `a = 186 + 14 c + w` |
| 1390-1401 | progress | token `a - 1390` |
| 1402-1487 | destroy | card `a - 1402` |
| 1488-1573 | mausoleum | card `a - 1488` |
| 1574-1585 | library | token `a - 1574` |
| 1586-1587 | starter | 1586: I start, 1587: my opponent starts |
| 1588-1735 | choose | item `a - 1588` of the set the decision names (below) |
| 1736-1821 | prepare | take card `a - 1736` and tuck it under one of my unprepared conspiracies (chosen next) |
| 1822-1837 | trigger | trigger my prepared conspiracy `a - 1822` (at the start of my turn, once) |

The `choose` items, one list whatever the set (`state.agora.choice`, a `wonders_env.duel.state.Choice`
from `SENATE_ACTION`): 1588-1673 card, 1674-1687 wonder, 1688-1699 progress token, 1700-1705 chamber
(1-6), 1706-1715 cube move (from chamber to an adjacent one, in the order 1>2, 2>1, 2>3, 3>2, ...,
6>5: `wonders_env.duel.actions.senate_moves`), 1716-1731 conspiracy (rows of
`data/agora_conspiracies.csv`), 1732-1735 option (stop, conspire, top, bottom).

Every Agora decision is one `choose` step of the deciding player in the phase `choose`: each of a
Politician's Senate actions (a sequence of steps of the same player, each optional: `stop` ends
them), a Conspirator's place-or-conspire, the conspiracy kept and where the other goes back, the
conspiracy a card prepares, Curia Julia's trigger, each conspiracy's choices and its optional
influence move, the cubes of the Agora military tokens and of Knossos (taken in the draft and
built). The observation is the base layout sized by the Agora table (86 cards, 14 wonders, 12
tokens, 25 slots, 6 card backs, 9 phases) followed by the Agora views of
`wonders_env.duel.observation`: the cubes per chamber, each chamber's face-up decrees (a face-down
one only counted), the conspiracy deck's size, my conspiracies (unprepared, prepared), only the
number of the opponent's, both players' triggered ones, the ones I drew while I choose, the locked
progress tokens I may know, Agora's set I choose from, whether I may trigger, my Senate actions
left. The record has `expansions`, the `prepare` and `trigger` kinds and each player's Senate
fields (`wonders_env.duel.record`); the score has a ninth category, `senate`.

## The table with both

`expansions=("pantheon", "agora")` plays both (the Pantheon's tokens on the slots of Agora's
structures given in `data/agora.json`; Neptune applies an Agora military token; a Senator built by
Hades is recruited): 91 cards (the Grand Temples 73-77, the Senators 78-90), 16 wonders, 15
progress tokens; 2256 actions and an observation of 3566 values. Its action ranges are the
Pantheon table's kinds and the Agora table's two more, in the order draft, build, sell, wonder,
progress, destroy, mausoleum, library, starter, activate, choose (whose items are the Pantheon's
nine kinds, its 25 structure slots the last, then Agora's four), prepare, trigger, sized by its tables
(`wonders_env.duel.actions.action_table(db)` gives the offsets); its observation has the base
views, the Pantheon's, then Agora's.

## Rewards

At the end only. `"win_loss"`: +1 to the winner, -1 to the loser, 0 to both on a shared
victory. `"score"`: the winner gets its margin of victory points over the loser (counted when
the game ends, also after a supremacy), at least 1, and the loser minus that; 0 to both on a
shared victory. At the end `infos[agent]` holds `victory` (`"civilian"`, `"military"`,
`"science"` or, with Agora, `"political"`), `winners` and `score` (the eight categories and `total`).

## Game record

`env.unwrapped.game_record()` returns the JSON-serialisable record of the game; its fields and
action kinds are listed in `wonders_env.duel.record`.

## Version history

* v0: first release. (The `engine` argument, and its default becoming `"core"`, change no
  observation, action or reward; nor does the `expansions` argument: the base table is unchanged.)
"""

from .duel.env import env, raw_env

__all__ = ["env", "raw_env"]
