"""# 7 Wonders Duel, `seven_wonders_duel_v0`

| | |
|---|---|
| Import | `from wonders_env import seven_wonders_duel_v0` |
| Actions | Discrete(1202), card-id actions with named ranges |
| Parallel API | No (turn-based) |
| Manual control | `wonders play --game duel --opponent heuristic` |
| Agents | `player_0`, `player_1` |
| Observation | dict: `observation` float32 vector (`wonders_env.duel.observation`), `action_mask` int8 |

The complete 2-player 7 Wonders Duel (base game, no expansions): the wonder draft, the three
card structures with face-down cards, trading, chains, the military track with its looting
tokens, science pairs and progress tokens, every wonder power, and the three ways to win
(military supremacy, scientific supremacy, civilian victory). The rules, with the resolution
order of every decision, are documented in `wonders_env.duel.rules`.

## Arguments

```python
seven_wonders_duel_v0.env(reward="win_loss", render_mode=None)
```

* `reward`: `"win_loss"` (default) or `"score"` (see Rewards).
* `render_mode`: `None`, `"ansi"` (render() returns the structure and both cities as text) or
  `"human"` (prints it).

`player_0` is always the first player of the wonder draft (it picks 1, then `player_1` 2, ...,
and starts Age I). To randomise who goes first, randomise which of your agents plays
`player_0` (the tournament tool rotates seats this way). `reset(seed=...)` seeds everything
(wonders, progress tokens, the three deals); `reset()` without a seed continues the generator.

## Observation space

Ego-centric: the structure slot by slot (face-up card ids, face-down slots only by their card
back), my city and the opponent's, the discard pile, coins, wonders (drafted, built), progress
tokens (board, mine, the opponent's), the pawn, the looting tokens, science symbols, the phase.
Face-down cards, the cards removed from each Age, the guilds left out, the wonders not yet
shown and the set-aside progress tokens are never encoded (the Great Library's 3 drawn tokens
are shown to its owner only). The index layout is the table in `wonders_env.duel.observation`;
`observation_views(obs)` splits a vector into named views.

## Action space

| kind | range | meaning |
|---|---|---|
| draft | 0-11 | take wonder `w` from the draft table |
| build | 12-84 | take card `c` from the structure and build it |
| sell | 85-157 | take card `c` and discard it for 2 + own yellow cards coins |
| wonder | 158-1033 | take card `c` and build wonder `w` with it (`158 + 12c + w`) |
| progress | 1034-1043 | take progress token `t` from the board (a science pair) |
| destroy | 1044-1116 | discard the opponent's brown/grey card `c` (Statue of Zeus, Circus Maximus) |
| mausoleum | 1117-1189 | build card `c` of the discard pile for free |
| library | 1190-1199 | keep token `t` of the Great Library's draw |
| starter | 1200-1201 | 1200: I start the next Age, 1201: my opponent does |

Card ids are the rows of `wonders_env/duel/data/cards.csv`; `encode_action`/`decode_action` in
`wonders_env.duel.actions` convert. Builds pay the cheapest way; the record says what was paid.

## Rewards

At the end only. `"win_loss"`: +1 to the winner, -1 to the loser, 0 to both on a shared
victory. `"score"`: the same sign, scaled by the point margin (at least 1). At the end
`infos[agent]` holds `victory` (`"civilian"`, `"military"`, `"science"`), `winners` and the
agent's `score` (the eight categories and `total`).

## Game record

`env.unwrapped.game_record()` returns the JSON-serialisable record of `shared/DESIGN.md`; the
action kinds are listed in `wonders_env.duel.record`.

## Version history

* v0: first release.
"""

from .duel.env import env, raw_env

__all__ = ["env", "raw_env"]
