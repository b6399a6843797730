"""# 7 Wonders (1st edition), `seven_wonders_v0`

| | |
|---|---|
| Import | `from wonders_env import seven_wonders_v0` |
| Actions | Discrete, card-id (`5 * 75 + 1 = 376` in the 1st edition) |
| Parallel API | Yes (native `parallel_env`) |
| Manual control | `wonders play --game seven_wonders` |
| Agents | `player_0` ... `player_{N-1}`, N = 2..7 |
| Action shape | `(1,)` |
| Observation | dict: `observation` float32 vector, `action_mask` int8 vector |

The complete 1st-edition 7 Wonders for 3-7 players and the 2-player "Free City" variant, with
both wonder sides and every wonder power. All players choose at once; the AEC env (`env()`,
`raw_env`) takes their choices one after another and resolves the turn when the last acting
player has chosen; `parallel_env` takes them together.

## Arguments

```python
seven_wonders_v0.env(num_players=3, wonders=None, wonder_sides="random", reward="win_loss",
                     render_mode=None)
```

* `num_players`: 2-7. With 2, the Free City variant: a third board (seat 2) played in turn by
  the player holding the Free City card (`player_1` in Ages I and III, `player_0` in Age II).
* `wonders`: `None` (random) or a list of city names per seat, from Rhodes, Alexandria,
  Ephesus, Babylon, Olympia, Halicarnassus, Giza (the Free City's board included with 2 players).
* `wonder_sides`: `"A"`, `"B"`, `"random"`, or a list of those per seat.
* `reward`: `"win_loss"` (default) or `"score"` (see Rewards).
* `render_mode`: `None`, `"ansi"` (render() returns the table as text) or `"human"` (prints it).

An unknown wonder or side, a wrong player count or a bad reward mode raises `ValueError` naming
what is allowed.

## Observation space

`observation` is the ego-centric vector documented in `wonders_env.seven_wonders.observation`
(phase, Age, turn, my hand, the hand I passed, the discards I know of, and every city in seat
order from me: cards, coins, wonder, stages, shields, military tokens, production, science).
It holds no hidden information: other hands, the decks, the Free City's pile, the cards under
wonder stages and unseen discards are never encoded. `action_mask` marks the legal actions.

## Action space

| range | kind | meaning |
|---|---|---|
| `[0, T)` | build | build card `a` from the hand, paying the cheapest way |
| `[T, 2T)` | wonder | next wonder stage, with card `a - T` under it |
| `[2T, 3T)` | sell | discard card `a - 2T` for 3 coins |
| `[3T, 4T)` | free_build | Olympia A: build card `a - 3T` for free (once per Age) |
| `[4T, 5T)` | discard_build | Halicarnassus: build card `a - 4T` from the discard pile |
| `5T` | wait | nothing to decide now (parallel API only) |

`T` is the number of card names (75); card id `c` is `env.unwrapped.db.types[c]`. The decision
phases: `main` (everyone picks a card), `free_city` (the Free City card holder picks the Free
City's card; it must take a free chain build, and sells only when it can play nothing),
`seventh_card` (Babylon B plays its 7th card), `discard_build` (Halicarnassus). Payment: the
cheapest way; on equal totals, less to the left neighbour (2 players: less to the opponent).
The Free City buys from its controller whenever it can. `wonders_env.seven_wonders.rules`
documents the exact resolution order.

## Rewards

At the end only. `"win_loss"`: +1 to each winner (most points, then most coins; a tie on both
is a shared victory and every co-winner gets +1), -1 to the others. `"score"`: own total
minus the mean total of the other players. The Free City never wins. At the end `infos[agent]`
holds `score` (the seven categories and `total`) and `winners`.

## Game record

`env.unwrapped.game_record()` returns the JSON-serialisable record of `shared/DESIGN.md`, with
the action kinds listed in `wonders_env.seven_wonders.record`.

## Version history

* v0: first release.
"""

from .seven_wonders.env import env, parallel_env, raw_env

__all__ = ["env", "parallel_env", "raw_env"]
