"""# 7 Wonders (1st and 2nd edition), `seven_wonders_v0`

| | |
|---|---|
| Import | `from wonders_env import seven_wonders_v0` |
| Actions | Discrete, card-id |
| Parallel API | Yes |
| Manual Control | `wonders play --game seven_wonders` |
| Agents | `agents = ['player_0', ..., 'player_{N-1}']` |
| Agents count | 2-7 |
| Action shape | `(1,)` |
| Action values | `[0, 375]`; 2nd edition `[0, 385]`; `payment="choose"`: `[0, 390]`, 2nd edition `[0, 400]` |
| Observation shape | `(1169,)`; 2nd edition `(1193,)`; `payment="choose"`: `(1265,)`, 2nd edition `(1291,)` |
| Observation values | `[-128, 1024]` |

Every observation is a dict of `observation` (float32) and `action_mask` (int8, `[0, 1]`). The
parallel API is native (`parallel_env`; unwrapped: `raw_parallel_env`); `wonders play` takes
`--payment choose` to choose whom to pay. The sizes follow the edition's `T` card names (75 in the
1st, 77 in the 2nd): `5T + 1` actions, `5T + 16` with `payment="choose"` (see Action space); they
do not depend on the number of players.

The complete 1st-edition 7 Wonders for 3-7 players and the 2-player "Free City" variant, with
both wonder sides and every wonder power; and, with `edition="2nd"`, the 2020 edition for 3-7
players (Day/Night sides, the new Olympia and Babylon powers, Well, Ludus, Castrum, Decorators
Guild, the new chains; otherwise the 1st-edition rules). All players choose at once; the AEC env (`env()`,
`raw_env`) takes their choices one after another and resolves the turn when the last acting
player has chosen; `parallel_env` takes them together. Like PettingZoo's classic games, `env()` and
`parallel_env()` end the game with reward -1 for the author of an illegal action (0 for the
others); `raw_env` and `raw_parallel_env` raise `IllegalActionError` instead, changing nothing.
An action that is not an action number (a bool, float, string, array, or an integer outside
`[0, n)`: API misuse, not an illegal move) raises `IllegalActionError` (a `ValueError`) naming its
type and the range in all four, changing nothing; numpy integers are action numbers. (`env()`
checks it with `wonders_env.pettingzoo_common.ActionNumberWrapper` in place of PettingZoo's
`AssertOutOfBoundsWrapper`, whose `AssertionError` `python -O` removes.) A step of a finished
game raises an error saying the game is over and to call `reset()`, except the dead step
`step(None)` of each finished agent in the AEC env. `render()` shows the public table and, in the
AEC env, the hand of `agent_selection` (of nobody in the parallel env, where all choose at once).

## Arguments

```python
seven_wonders_v0.env(num_players=3, wonders=None, wonder_sides="random", reward="win_loss",
                     render_mode=None, edition="1st", payment="cheapest", engine="core", expansions=None)
```

* `num_players`: 2-7. With 2, the Free City variant: a third board (seat 2) played in turn by
  the player holding the Free City card (`player_1` in Ages I and III, `player_0` in Age II).
* `wonders`: `None` (random) or a list of city names per seat, from Rhodes, Alexandria,
  Ephesus, Babylon, Olympia, Halicarnassus, Giza (and Roma with Leaders), in any case (the Free
  City's board included with 2 players).
* `wonder_sides`: `"A"`/`"Day"`, `"B"`/`"Night"`, `"random"`, or a list of those per seat (both
  names work in both editions; the record uses the edition's names).
* `reward`: `"win_loss"` (default) or `"score"` (see Rewards).
* `render_mode`: `None`, `"ansi"` (render() returns the table as text) or `"human"` (prints it).
* `edition`: `"1st"` (default) or `"2nd"` (3-7 players; it has no 2-player variant).
* `payment`: `"cheapest"` (default) or `"choose"`. With `"cheapest"` the engine pays for every
  build and wonder stage the cheapest way (on equal totals less to the left neighbour; with 2
  players less to the opponent; the Free City buys from its controller whenever it can). With
  `"choose"` the players decide whom they pay, as the rulebook lets them: a `payment` decision
  follows every card decision (see Action space). The two modes have different action and
  observation sizes; `"cheapest"` is exactly the env without the argument.

* `engine`: `"core"` (default, the compiled core, `wonders_env.seven_wonders.compiled`) or
  `"python"` (the readable engine `wonders_env.seven_wonders`). Both deal a seed's game the same
  way and give the same observations, masks, rewards, infos and records, in both payment modes;
  the core is faster and plays alone (it deals, explains an illegal move, and answers every
  question the renders, texts, records, the web app and the agents ask; the Python rules are
  never imported). `env.unwrapped.game` is the engine (a `wonders_env.game.Game`). With the core,
  `env.unwrapped.state` is the core's state itself, read-only under the Python state's names
  (`SevenWondersStateView`: reading a field reads that field, nothing is copied; it follows the
  game, `clone()` keeps a position); `env.unwrapped.game.to_python(state)` gives a Python engine
  copy to change by hand. Assigning a state (`env.state = state` on `env()`, `parallel_env()` or
  the raw envs: the core's view or a Python engine state, of the env's player count, edition and
  payment mode) puts the engine in a copy of it, and the env then reports what that state alone
  defines, as if its game had been played to there: live agents, the agent to act, masks,
  terminations, truncations, rewards (the final ones once it is over) and infos; choices buffered
  for the old state are dropped. The core takes a Python state field by field and replays its
  moves from its seed's deal, and one that it does not give back exactly (every field compared:
  one changed by hand, such as `coins`) is refused with a `ValueError` naming the fields (a state
  without seed, such as a determinization, whose record then has `seed: null`, is taken as
  given); a state of another game or other options is refused with a `ValueError` saying so; a
  refusal changes nothing (the rule of both games). For many games at once, use the batched API
  `wonders_env.vector`.
* `expansions`: `None` or `()` (default: the base game) or `("leaders",)`: the Leaders expansion
  (1st edition, 3-7 players, `engine="python"` for now), with its own spaces; see "The Leaders
  expansion" below.

2nd-edition data: seven rows of the reference table, the costs of Town Hall, Arena, Circus and
Craftsmens Guild, come from a single source and may be wrong. They live in one file,
`wonders_env/seven_wonders/data/cards_2nd_uncertain_costs.csv`, one line per card: correct a
cost there and every copy of the card follows.

An unknown wonder or side, a wrong player count, a bad reward or payment mode raises `ValueError`
naming what is allowed.

**Seeding.** One seed is one game everywhere. `reset(seed=s)` (`s` an integer in 0-2**64-1,
numpy integers too, bools not; any other raises `wonders_env.game.SeedError`, a `TypeError` and a
`ValueError`, and changes nothing) deals the game of seed `s`, on either engine, as the compiled core deals it
(`wonders_env.deal_rng` mirrors its generator draw for draw): the game of a `wonders_env.vector`
row whose seed is `s`, of the text interface and of the web app with seed `s`. It also reseeds the
env's generator; `reset()` without a seed deals the game of a seed drawn from that generator (a
fresh, unseeded one at construction), as in every env of this package. The record keeps the seed,
so every record, a batch's included, replays its game.

## Observation space

`observation` is the ego-centric vector documented in `wonders_env.seven_wonders.observation`
(phase, Age, turn, my hand, the hand I passed, the discards I know of, and every city in seat
order from me: cards, coins, wonder, stages, shields, military tokens, production, science).
It holds no hidden information: other hands, the decks, the Free City's pile, the cards under
wonder stages and unseen discards are never encoded. `action_mask` marks the legal actions.
With `payment="choose"` the vector has a tail (the `payment` views of that module): whether I am
choosing a payment now, the card and kind of the move I pay for, the coins each legal payment
gives the right neighbour, and the payment I chose for my own move this turn. Nobody sees another
player's pending card or payment: they are revealed together when the turn resolves.

**An agent with nothing to decide** (another player's Free City, 7th-card or Halicarnassus
decision) has exactly one legal action, `wait` (`5T`): the parallel API needs an action from
every live agent. The AEC env never selects such an agent. (In Duel, a turn-based game with no
parallel API, such an agent's mask is all zero; the engine interface, `wonders_env.game`, gives
no legal action to a player who does not decide, in both games.)

## Action space

| range | kind | meaning |
|---|---|---|
| `[0, T)` | build | build card `a` from the hand, paying the cheapest way |
| `[T, 2T)` | wonder | next wonder stage, with card `a - T` under it |
| `[2T, 3T)` | sell | discard card `a - 2T` for 3 coins |
| `[3T, 4T)` | free_build | Olympia A: build card `a - 3T` for free (once per Age) |
| `[4T, 5T)` | discard_build | Halicarnassus: build card `a - 4T` from the discard pile |
| `5T` | wait | nothing to decide now (parallel API only) |
| `[5T+1, 5T+16)` | pay | `payment="choose"` only: pay `L = a - 5T - 1` coins to the left, the rest to the right |

`T` is the number of card names of the edition (75 in the 1st, 77 in the 2nd, so the
observation and action sizes differ by edition); card id `c` is `env.unwrapped.db.types[c]`.
The 2nd edition has no Olympia A, so `free_build` is never legal there; its Olympia powers make
ordinary `build` actions free. The decision
phases: `main` (everyone picks a card), `free_city` (the Free City card holder picks the Free
City's card; it must take a free chain build, and sells only when it can play nothing),
`seventh_card` (Babylon B plays its 7th card), `discard_build` (Halicarnassus), and with
`payment="choose"` `payment` (see below). With `payment="cheapest"`: the cheapest way; on equal
totals, less to the left neighbour (2 players: less to the opponent). The Free City buys from
its controller whenever it can. `wonders_env.seven_wonders.rules` documents the exact
resolution order.

Choosing whom to pay (`payment="choose"`). For a resource cost the engine knows the Pareto set
of `(to_left, to_right)` coin amounts: every way to pay that no other way beats on both sides.
No two of them give the same amount to the left, so `pay L` means the same in every state: "pay
the non-dominated way that gives exactly `L` coins to the left neighbour of the paying city, and
the rest to the right". `L` runs from 0 to 14 (a cost has at most 7 resource units, 2 coins
each). The legal `pay` actions are those of the ways the city can afford (the bank's coin cost
included); a move that buys nothing (a sell, a free, chained or self-produced build) has the
single legal action `pay 0`. Neighbours: `left_of(s) = s - 1`; with 2 players the left of
`player_0` is the Free City, the left of `player_1` is `player_0`, the left of the Free City is
`player_1`.

The `payment` phase follows every card decision that may buy something: after `main` (and, with
2 players, after `free_city`) every player pays for the card it chose, all at once; then, with 2
players, the Free City card holder pays for the Free City (from himself or from the opponent);
after `seventh_card` Babylon pays for its 7th card. Every player of the turn decides in it, even
one with a single legal payment, so that who is asked to pay (the AEC order, the parallel
masks) reveals nothing about anybody's card. All payments of a turn are computed on the state
at the turn's start (the rulebook's simultaneous rule): two players may buy the same unit from
the same neighbour. The turn resolves when the last payment is chosen. The price of this
design: a game has twice the decisions, and most payment decisions have a single legal action
(in games of the heuristic agent, 8% of them at 2 players, 14% at 4 and 11% at 7 offer a real
choice); an agent may answer those without thinking.

## The Leaders expansion (`expansions=("leaders",)`)

`expansions`: `None` or `()` (default: the base game) or `("leaders",)`: the 1st edition's
Leaders expansion, for 3-7 players, both wonder sides and both payment modes, on both engines
(the compiled core, the default, and `engine="python"`, which agree decision by decision), and in
`wonders_env.vector.make("seven_wonders", expansions=("leaders",))`. Refused with a `ValueError` naming
what is supported: the 2nd edition and the 2-player variant (the rulebook gives the Free City no
leaders). The rules, the project's decisions and the order of the extra decisions are in
`wonders_env.seven_wonders.leaders`. Each player starts with 6 coins; Roma joins the wonder pool
(8 cities); the 4 Guilds of Leaders join the Age III guilds (14, of which N+2 are kept).

The Leaders table has its own spaces (the base tables' are unchanged). Actions: the base ranges
with `T = 79` (its 4 Guilds), `wait` and (`"choose"`) the 15 `pay` actions, `B` in all (396, or
411), then five ranges of `L = 36` leaders (leader id `l` is `env.unwrapped.db.leaders[l]`):

| range | kind | meaning |
|---|---|---|
| `[B, B+L)` | draft | keep leader `l` in the draft (the rest passes to the right) |
| `[B+L, B+2L)` | recruit | recruit leader `l` (recruitment turn; Roma B's recruit at once) |
| `[B+2L, B+3L)` | leader_wonder | build the next wonder stage with leader `l` under it |
| `[B+3L, B+4L)` | leader_discard | discard leader `l` for 3 coins |
| `[B+4L, B+5L)` | copy_leader | the Courtesans Guild copies leader `l` of a neighbour |

576 actions (591 with `"choose"`) and an observation of 1933 values (2033 with `"choose"`), at
every player count: the base layout sized by `T = 79` and 8 cities, then the Leaders views of
`wonders_env.seven_wonders.observation` (its tables give their sizes and order;
`env.unwrapped.observer.views` and `.city` name their slices). The decisions before Age I: the
draft (3 picks; the 4th leader comes without a decision), then before each Age the recruitment
turn (`turn` 0), all players at once; the Courtesans' copy and Roma B's recruit are decisions of
one player. The observation adds the `leader_phase` one-hot, my Leader hand, my draft hand, the
draft hand I passed, the leaders under my stages and those I discarded, and per city the
recruited leaders, the copied leader and how many leaders are in hand, under stages and
discarded. Another player's Leader or draft hand, which leader lies under a stage and the unused
leaders are never encoded. The score has an eighth line, `leaders`; the record has
`expansions`, and per player `leaders` and `copied_leader` (`wonders_env.seven_wonders.record`).

## Rewards

At the end only. `"win_loss"`: +1 to each winner (most points, then most coins; a tie on both
is a shared victory and every co-winner gets +1), -1 to the others. `"score"`: own total
minus the mean total of the other players. The Free City never wins. At the end `infos[agent]`
holds `score` (the seven categories and `total`) and `winners`.

## Game record

`env.unwrapped.game_record()` returns the JSON-serialisable record of the game; its fields and
action kinds are listed in `wonders_env.seven_wonders.record`. Its `payment` says the payment
mode; every action's `paid` gives the coins to the `left` and `right` neighbours and to the
`bank`, and its `paid_to` who received them (`seat`, `agent` (`null` for the Free City),
`coins`, one entry per neighbour paid).

## Version history

* v0: first release (1st edition; 2nd edition as `edition="2nd"`; choosing whom to pay as
  `payment="choose"`; the `turn` view reads 7 during Babylon's 7th card, as documented, where
  it first read 6; the `engine` argument, default `"core"`, changes no observation, action or
  reward; the Leaders expansion as `expansions=("leaders",)`, with its own spaces).
"""

from .seven_wonders.env import env, parallel_env, raw_env, raw_parallel_env

__all__ = ["env", "parallel_env", "raw_env", "raw_parallel_env"]
