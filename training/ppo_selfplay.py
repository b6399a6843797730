"""Masked PPO self-play for 7 Wonders and 7 Wonders Duel (CleanRL style).

The whole training loop (rollout, advantages, update, checkpoints) reads top to bottom in this
file; the network and the agent that plays with it are :mod:`wonders_agents.policy`, who holds each seat
:mod:`wonders_training.seats`, the evaluation :mod:`wonders_training.evaluation`, the command line
:mod:`wonders_training.cli_args`.

```bash
python -m wonders_training.ppo_selfplay --game seven_wonders_duel --run-dir runs/duel     # the default job
python -m wonders_training.ppo_selfplay --game seven_wonders --num-players 4 --run-dir runs/7w4
python -m wonders_training.ppo_selfplay --run-dir runs/duel --resume                      # after an interruption
python -m wonders_training.ppo_selfplay --help                                            # every argument
```

What it does, update after update:

1. **Rollout.** A new batch of ``num_envs`` games of the compiled core (:mod:`wonders_env.vector`,
   seeded from the run's generator) is stepped: at each tick every acting seat of every game
   (in 7 Wonders all the players who decide now, at once) gets a move from whoever holds that
   seat in this game: the learner (one shared policy for all its seats), a past snapshot of the
   learner from the opponent pool (sampling from its policy), or a baseline of
   :func:`wonders_agents.make_agent`. The moves of the learner and of the snapshots of a tick come from one
   pass of their stacked networks (:class:`wonders_agents.policy.StackedPolicies`); ``random``'s are drawn
   by the core from the masks, ``heuristic``'s in Duel by its valuation, the core's,
   reading the batch's games where they stand (:func:`wonders_agents.duel_heuristic.compiled_valuation`),
   in 7 Wonders, which has no compiled valuation, by the agent reading a copy of each game on the
   core (:meth:`wonders_env.vector.VectorEnv.state`). A tick costs the same number of Python calls
   whatever ``num_envs`` is (the 7 Wonders heuristic aside, a loop over its games): the
   observations go to the device once, the learner's transitions are recorded, the ended games'
   rewards read and new seats drawn as array operations, and the advantages are computed for all
   trajectories at once at the end (:func:`collect`). Who holds the seats is drawn when a game
   starts: with probability ``self_play_prob`` the learner holds every seat; otherwise it holds one
   random seat and each other seat is drawn from ``opponent_snapshot`` / ``opponent_heuristic`` /
   ``opponent_random`` (weights, normalised; snapshots only once the pool has one). Each game slot
   plays at least ``num_steps`` ticks and then finishes the game in progress, so a rollout holds
   complete games only: no bootstrap value, and nothing but the generator to carry from one rollout to
   the next. A seat is only ever given its own observation, which holds no hidden information.
   The batch gives the env's rewards (``--reward``) and both 7 Wonders payment modes.
2. **Advantages.** Each learner seat of each game is one trajectory, rewarded at its end by the
   core (``win_loss``: +1 win, -1 loss, 0 for a Duel draw; or ``score``, the env's points
   margin). GAE(``gamma``, ``gae_lambda``) along each trajectory.
3. **PPO update.** Clipped surrogate, clipped value loss, entropy bonus, ``update_epochs`` epochs
   of ``num_minibatches`` minibatches, gradient clipping, learning rate annealed linearly with
   the steps done; Adam (``fused=True``). Illegal actions have probability 0 (the masked
   categorical of :mod:`wonders_agents.policy`).
4. Every ``snapshot_every`` updates a copy of the weights joins the opponent pool (the oldest
   leaves beyond ``pool_size``). Every ``eval_every`` updates the greedy policy plays
   ``eval_games`` games against ``random`` and against ``heuristic`` (seat rotating, the same
   deals each time). Every ``checkpoint_every`` updates a checkpoint is written.

The network's passes go through a :class:`wonders_agents.policy.CompactBatch`: while collecting
:meth:`wonders_agents.policy.StackedPolicies.log_probs_and_values` (the learner's current weights and the
pool's stacked, a row reading the first layer's weights of its non-zero inputs only), in the
update :meth:`wonders_agents.policy.ActorCritic.legal_action_and_value`: the same numbers as the dense
masked softmax, computed over the inputs that are not 0 and each row's legal actions only
(several times less work; ``docs/history.md`` has the figures).

**Progress** is a tqdm bar in a terminal and one line per tenth of the run in a log
(:mod:`wonders_training.progress`). **Ctrl-C** stops the run after the update in progress, writes a
checkpoint and prints the command that resumes it (a second Ctrl-C stops at once); the exit
status is then 130.

At the end: a final evaluation (``final_eval_games`` per baseline) printed as a table and saved
to ``final_eval.md``, the learning curve ``learning_curve.png``, and ``policy.pt``: the small file
to ship, with the command line, seed, training time and results in its metadata (load it with
:func:`wonders_agents.policy.load_policy` or ``agents/ppo_agent.py``).

**Steps.** ``global_step`` and ``--total-steps`` count learner decisions (the PPO samples);
``moves`` counts every move of every seat.

**Run directory** (``--run-dir``): ``progress.csv`` (one row per update: losses, entropy, KL,
clip fraction, explained variance, training win rate, speed: learner decisions per second of the
whole update and of its collection), ``eval.csv`` (see :mod:`wonders_training.evaluation`), ``tb/``
(TensorBoard: ``tensorboard --logdir runs``), ``checkpoint.pt``, ``pool/`` (the opponent pool's
snapshots, one small file each), ``policy.pt``, ``learning_curve.png``, ``final_eval.md``. The
default run directory is ``runs/<game>_selfplay``.

**Device and budget.** ``--device auto`` (the default) trains on CUDA where there is a CUDA device,
else on the CPU (``--device cpu|cuda`` to choose; ``cuda`` without one is refused before anything
starts): the networks of the learner and the pool, the collection's passes and the update run there,
the games on the CPU's core; a tick's observations go to the device in one copy, a rollout's in one
more for its update. Every file is read onto the CPU first, so a checkpoint, pool or policy written
on one device loads on the other (``--resume`` included). ``--hours H`` stops the run after the
update that reaches H hours (evaluations and checkpoints counted; the learning rate anneals over
whichever of ``--total-steps`` and ``--hours`` is further along), then it ends as at
``--total-steps``: the final evaluation, a checkpoint and the policy.

**Seeding and resume.** ``--seed`` seeds torch and one ``numpy`` generator from which every env
seed, baseline seed and seat assignment is drawn; the same seed, device and torch thread count give
the same run (a test checks it on the CPU; CUDA's kernels of the update are not bit-exact from run
to run). A checkpoint (written atomically, with a checksum checked on load:
:mod:`wonders_agents.policy`) holds the
model, the optimizer, the update and step counters, both RNG states, the names of the opponent
pool's snapshot files (written once each, when the snapshot joins the pool, and deleted once no
checkpoint names them) and the arguments; ``--resume`` restarts from it (and refuses to start
when there is none: a mistyped ``--run-dir`` is an error, not a new run), truncates
the CSV rows written after it (rewriting the file atomically; a damaged row is dropped with a
warning, the log as it was kept in ``progress.damaged.csv``; a log with another header stops the
resume before any file changes:
:mod:`wonders_training.csv_files`) and purges the later TensorBoard events, so an interrupted run
continues as if it had not stopped (same results, given the same torch thread count; a test
checks it). Updates after the last checkpoint are done again. A resumed run may raise ``--total-steps``; game,
player count and network size must match the checkpoint, or it raises
:class:`wonders_agents.policy.CheckpointError` naming the file and the difference. Without
``--resume`` an existing checkpoint in the run directory is an error, never overwritten. Values
out of range (``--num-envs 0``, ``--self-play-prob 1.5``, a player count or edition the game does
not have, opponent weights all 0 without pure self-play) are refused before anything starts.

**Configurations.** The defaults train a Duel agent in about 6 minutes on a busy 2-core machine,
evaluations included (500k steps, 64 envs, 128 units, 2 epochs, seed 1: greedy policy 100% against
random and 84.5% against heuristic over 200 games each, 2.6 to 4.2 times the decisions per second
of the defaults before, 16 envs, 256 units, 4 epochs; figures and curve in ``benchmarks/README.md``,
recipes for a time budget in ``docs/training.md``). A longer run::

    python -m wonders_training.ppo_selfplay --game seven_wonders_duel --total-steps 5000000 \\
        --hidden 512 --eval-every 25 --eval-games 100 --run-dir runs/duel_long

For 7 Wonders use ``--num-players N`` (2-7) and ``--edition 2nd`` for the 2020 edition (3-7
players); the observation has the same size for every player count, so a policy trained at one
count plays at the others (the metadata records the count and edition trained), but not at the
other edition (its card table, so its observation, differs). The metadata records the payment mode.

**Expansions.** ``--expansions pantheon`` (Duel) or ``--expansions leaders`` (7 Wonders) trains on that
table, as the batched core plays it (a table the core does not play yet is refused before anything
starts, naming it). The checkpoint and the policy's metadata record the table; a policy plays only
the table it was trained on (:class:`wonders_agents.policy.PolicyAgent` refuses another, naming both), and
``--resume`` refuses a checkpoint of another table. The ``heuristic`` seats of a table play the agent
that weighs the expansion (:mod:`wonders_training.seats`), so the evaluation against ``heuristic`` is
against the expansion's heuristic.
"""

from __future__ import annotations

import copy
import itertools
import shlex
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn, optim
from torch.utils.tensorboard import SummaryWriter

from wonders_env import vector
from wonders_env.game import REWARD_MODES
from wonders_agents.match import table_name
from wonders_agents.policy import (FORMAT_VERSION, ActorCritic, CheckpointError, PolicySpec,
                           CompactBatch, StackedPolicies, atomic_save, check_spec, load_weights, read_file,
                           sample_legal, save_policy, spec_of)
from wonders_training.checkpoints import restore_optimizer_and_rngs, snapshot, torch_rng_states
from wonders_training.cli_args import (arg, check_run_dir, hours_problems, parse_args, run_script, seed_arg,
                               warn_threads)
from wonders_training.csv_files import append_csv, truncate_csvs
from wonders_training.device import DEVICES, device_problems, resolve_device
from wonders_training.evaluation import EVAL_FIELDS, EvalResult, eval_row, evaluate_policy, write_final_report
from wonders_training.game_options import env_options, table_expansions, table_options
from wonders_training.interrupt import StopRequest, exit_interrupted
from wonders_training.progress import Progress
from wonders_training.seats import LEARNER_CODE, Seats, draw_codes
from wonders_env.registry import EDITIONS, GAME_NAMES, GAMES, default_players, entry, resolve_game

PROGRESS_FIELDS = ("update", "global_step", "moves", "games", "train_win_rate", "learning_rate",
                   "policy_loss", "value_loss", "entropy", "approx_kl", "clipfrac", "explained_variance",
                   "steps_per_second", "collect_steps_per_second", "elapsed_s")


@dataclass
class Args:
    game: str = arg("seven_wonders_duel", "the game", choices=GAME_NAMES)
    num_players: int | None = arg(None, "7 Wonders: 2-7 players (default 4); Duel: 2", low=2, high=7)
    edition: str = arg("1st", "7 Wonders edition (the 2nd has 3-7 players; Duel has only one)", choices=EDITIONS)
    payment: str = arg("cheapest", "7 Wonders payment mode: the engine pays the cheapest way, or the players "
                       "choose whom to pay (Duel has no choice)", choices=GAMES["seven_wonders"].options["payment"])
    expansions: str = arg("", "the table's expansions, comma-separated (Duel: pantheon; 7 Wonders: leaders); "
                              "empty: the base game")
    seed: int = seed_arg("seed of torch and of every env, seat and baseline draw")
    run_dir: str | None = arg(None, "where logs, checkpoints and the policy go (none: runs/<game>_selfplay)")
    resume: bool = arg(False, "continue from run_dir/checkpoint.pt (an error if there is none)")
    total_steps: int = arg(500_000, "learner decisions to train on", low=1)
    hours: float | None = arg(None, "a time budget: the run stops after the update that reaches it (evaluations "
                                    "and checkpoints included, the final evaluation after it), whichever of it and "
                                    "--total-steps comes first (none: --total-steps alone)")
    device: str = arg("auto", "where the networks run (auto: CUDA when there is a CUDA device, else the CPU)",
                      choices=DEVICES)
    num_envs: int = arg(64, "envs stepped in lockstep", low=1)
    num_steps: int = arg(64, "moves per env per rollout, before the games in progress are finished", low=1)
    hidden: int = arg(128, "units of each of the two hidden layers", low=1)
    learning_rate: float = arg(3e-4, "Adam learning rate", low=0)
    anneal_lr: bool = arg(True, "anneal the learning rate linearly to 0 over total_steps")
    gamma: float = arg(1.0, "discount", low=0, high=1)
    gae_lambda: float = arg(0.95, "GAE lambda", low=0, high=1)
    num_minibatches: int = arg(4, "minibatches per epoch", low=1)
    update_epochs: int = arg(2, "epochs per update", low=1)
    norm_adv: bool = arg(True, "normalise advantages per minibatch")
    clip_coef: float = arg(0.2, "PPO clip coefficient", low=0)
    clip_vloss: bool = arg(True, "clip the value loss")
    ent_coef: float = arg(0.01, "entropy coefficient", low=0)
    vf_coef: float = arg(0.5, "value loss coefficient", low=0)
    max_grad_norm: float = arg(0.5, "gradient clipping norm", low=0)
    target_kl: float | None = arg(None, "stop an update's epochs early beyond this KL (none: never)", low=0)
    reward: str = arg("win_loss", "env reward mode", choices=REWARD_MODES)
    self_play_prob: float = arg(0.4, "probability that the learner holds every seat of a game", low=0, high=1)
    opponent_snapshot: float = arg(0.5, "weight of past snapshots for the other seats", low=0)
    opponent_heuristic: float = arg(0.3, "weight of the heuristic baseline for the other seats", low=0)
    opponent_random: float = arg(0.2, "weight of the random baseline for the other seats", low=0)
    snapshot_every: int = arg(5, "updates between snapshots added to the opponent pool", low=1)
    pool_size: int = arg(20, "snapshots kept in the pool (the oldest leave)", low=1)
    eval_every: int = arg(10, "updates between evaluations against the baselines (0: only at the end)", low=0)
    eval_games: int = arg(40, "games per baseline in a periodic evaluation", low=1)
    final_eval_games: int = arg(200, "games per baseline in the final evaluation", low=1)
    checkpoint_every: int = arg(10, "updates between checkpoints (and one at the end, and one on Ctrl-C)", low=1)
    torch_threads: int = arg(1, "torch CPU threads (0: torch's default; 1 is fastest on a busy 2-core machine)",
                             low=0)
    env_threads: int = arg(1, "the core's threads stepping the games (vector.make's threads: the same games, "
                              "faster where cores are free)", low=1, high=256)
    progress_bar: bool | None = arg(None, "a tqdm progress bar (default: in a terminal; in a log, a line "
                                          "per tenth of the run)")


def problems(args: Args) -> list[str]:
    """What is wrong with a combination of arguments (each value alone is checked by its bounds)."""
    found = device_problems(args.device) + hours_problems(args.hours)
    try:
        table_expansions(args)
    except ValueError as error:
        return [*found, f"argument --expansions: {error}"]
    try:
        game = resolve_game(args.game)
        vector.make(game, 1, **table_options(args, args.num_players or default_players(game)), **env_options(args))
    except ValueError as error:
        found.append(f"the rollouts are collected through the batched core (wonders_env.vector): {error}")
    if args.self_play_prob < 1 and not (args.opponent_snapshot or args.opponent_heuristic or args.opponent_random):
        found.append("--opponent-snapshot, --opponent-heuristic and --opponent-random are all 0: give one a "
                     "positive weight, or --self-play-prob 1 for pure self-play")
    return found


# ---------------------------------------------------------------- rollout
@dataclass
class Rollout:
    """The learner's transitions of a rollout, in the order they were played: observations and
    masks (on the CPU), actions, log-probabilities, values, advantages and returns (on the
    learner's device); ``trajectory[i]``: the trajectory of transition ``i``, an index in
    ``seeds`` (the game's, its record's), ``seats`` and ``rewards`` (its reward at the end)."""

    obs: torch.Tensor
    masks: torch.Tensor
    actions: torch.Tensor
    logprobs: torch.Tensor
    values: torch.Tensor
    advantages: torch.Tensor
    returns: torch.Tensor
    moves: int
    games: int
    learner_games_won: int  # games against other controllers that the learner won
    learner_games: int
    trajectory: np.ndarray
    seeds: np.ndarray
    seats: np.ndarray
    rewards: np.ndarray


@torch.inference_mode()
def collect(model: ActorCritic, networks: StackedPolicies, args: Args, num_players: int,
            rng: np.random.Generator) -> Rollout:
    """Play each of ``num_envs`` games of a new batch ``num_steps`` moves, then finish the game in
    progress; GAE over every learner trajectory.

    ``networks``: network 0 plays the learner's seats (``model``'s current weights are loaded
    into it first), network ``k + 1`` the pool's snapshot ``k``; they run on ``model``'s device.
    A tick costs the same number of Python calls whatever ``num_envs`` is: the observations and
    masks of the seats that the networks hold go to the device once, as one :class:`CompactBatch`,
    and all their moves, with the learner's values, come from one pass of ``networks``; the random
    baseline's are drawn by the core from the masks, the heuristics' as :class:`Seats` says; the
    learner's transitions are recorded, the ended games' rewards read and new seats drawn as array
    operations. Each transition is keyed by its trajectory (the rollout's number of the game
    times the player count, plus the seat), resolved once at the end.
    """
    device = model.actor.weight.device
    networks.load(0, model)
    pool_len = len(networks) - 1
    venv = vector.make(args.game, args.num_envs, seed=int(rng.integers(2**63)), reward=args.reward,
                       threads=args.env_threads, **table_options(args, num_players), **env_options(args))
    obs, mask, to_act = venv.reset()
    seats = Seats(venv, args)
    rows_of_batch = np.arange(args.num_envs)
    seats.deal(rows_of_batch, draw_codes(args, num_players, pool_len, rng, args.num_envs), rng)
    game_number = rows_of_batch.copy()  # the rollout's number of the game each row of the batch plays
    live = np.ones(args.num_envs, np.bool_)  # rows whose moves go into this rollout
    played: list[tuple[Any, ...]] = []  # per tick: the learner's observations, masks, keys, actions, ...
    ended: list[tuple[np.ndarray, ...]] = []  # per tick: the numbers, seeds, codes and rewards of ended games
    moves = 0
    for tick in itertools.count():
        if not live.any():
            break
        acting = to_act & live[:, None]
        actions = venv.sample_actions()  # the random baseline's moves (and any move of games done)
        rows, cols = np.nonzero(acting & (seats.codes >= LEARNER_CODE))  # the learner's seats and the snapshots'
        if len(rows):
            batch_obs, batch_mask = obs[rows, cols], mask[rows, cols] != 0
            codes = seats.codes[rows, cols]
            compact = CompactBatch.of(batch_obs, batch_mask).to(device)
            log_probs, value = networks.log_probs_and_values(compact, torch.from_numpy(codes - LEARNER_CODE).to(device))
            action, slot = sample_legal(log_probs, compact.legal)
            actions[rows, cols] = action.cpu().numpy()
            learner = codes == LEARNER_CODE
            if learner.any():
                picked = torch.from_numpy(np.flatnonzero(learner)).to(device)
                played.append((batch_obs[learner], batch_mask[learner],
                               game_number[rows[learner]] * num_players + cols[learner], action[picked],
                               log_probs.gather(1, slot).squeeze(1)[picked], value[picked]))
        seats.heuristic_moves(acting, actions)
        game_seeds = venv.seeds  # of the games played now (the ones that end restart in the step)
        obs, mask, to_act, rewards, terminated = venv.step(actions)
        moves += int(acting.sum())
        done = np.flatnonzero(terminated & live)
        if len(done):
            ended.append((game_number[done], game_seeds[done], seats.codes[done], rewards[done]))
            if tick + 1 < args.num_steps:  # the batch dealt the next game of these rows
                game_number[done] = game_number.max() + 1 + np.arange(len(done))
                seats.deal(done, draw_codes(args, num_players, pool_len, rng, len(done)), rng)
            else:
                live[done] = False
    return rollout_of(played, ended, num_players, moves, args)


def rollout_of(played: list[tuple[Any, ...]], ended: list[tuple[np.ndarray, ...]], num_players: int, moves: int,
               args: Args) -> Rollout:
    """The :class:`Rollout` of what :func:`collect` recorded tick by tick."""
    obs, masks, keys, actions, logprobs, values = (
        np.concatenate(column) if isinstance(column[0], np.ndarray) else torch.cat(column) for column in zip(*played))
    numbers, seeds, codes, rewards = (np.concatenate(column) for column in zip(*ended))
    reward_of = np.zeros((numbers.max() + 1, num_players), np.float64)
    reward_of[numbers] = rewards
    seed_of = np.zeros(len(reward_of), np.uint64)
    seed_of[numbers] = seeds
    trajectory_keys, trajectory = np.unique(keys, return_inverse=True)
    game, seat = np.divmod(trajectory_keys, num_players)
    learners = codes == LEARNER_CODE
    against_others = learners.sum(1) == 1  # the learner in one seat, other controllers in the rest
    advantages = torch.from_numpy(gae(values.cpu().numpy().astype(np.float64), trajectory, reward_of[game, seat],
                                      args.gamma, args.gae_lambda)).to(values)
    return Rollout(torch.from_numpy(obs), torch.from_numpy(masks), actions, logprobs, values, advantages,
                   advantages + values, moves, len(numbers),
                   int((rewards[against_others][learners[against_others]] > 0).sum()), int(against_others.sum()),
                   trajectory, seed_of[game], seat, reward_of[game, seat])


def gae(values: np.ndarray, trajectory: np.ndarray, rewards: np.ndarray, gamma: float, gae_lambda: float) -> np.ndarray:
    """GAE(gamma, lambda) of transitions in the order played, ``trajectory[i]`` being the
    trajectory of transition ``i`` (an index in ``rewards``, each rewarded at its end): the
    trajectories side by side in a padded matrix, one backward sweep over its columns (as many as
    the longest trajectory has moves, whatever the number of trajectories)."""
    order = np.argsort(trajectory, kind="stable")  # trajectory by trajectory, each in the order played
    row = trajectory[order]
    lengths = np.bincount(trajectory, minlength=len(rewards))
    column = np.arange(len(order)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    value = np.zeros((len(rewards), lengths.max() + 1))
    value[row, column] = values[order]
    reward = np.zeros((len(rewards), lengths.max()))
    reward[np.arange(len(rewards)), lengths - 1] = rewards
    delta = reward + gamma * value[:, 1:] - value[:, :-1]  # 0 beyond a trajectory's end
    advantage = np.zeros_like(delta)
    last = np.zeros(len(rewards))
    for step in reversed(range(delta.shape[1])):
        last = delta[:, step] + gamma * gae_lambda * last
        advantage[:, step] = last
    result = np.empty(len(values))
    result[order] = advantage[row, column]
    return result


# ---------------------------------------------------------------- PPO update (CleanRL)
def ppo_update(model: ActorCritic, optimizer: optim.Optimizer, batch: Rollout, args: Args,
               rng: np.random.Generator) -> dict[str, float]:
    n = len(batch.actions)
    minibatch_size = max(1, -(-n // args.num_minibatches))
    clipfracs: list[torch.Tensor] = []  # read once at the end: no wait for the device per minibatch
    device = batch.actions.device
    compact = CompactBatch.of(batch.obs, batch.masks).to(device)  # the rollout's one copy to the device
    for _ in range(args.update_epochs):
        order = torch.from_numpy(rng.permutation(n)).to(device)
        for start in range(0, n, minibatch_size):
            mb = order[start:start + minibatch_size]
            _, newlogprob, entropy, newvalue = model.legal_action_and_value(compact[mb], batch.actions[mb])
            logratio = newlogprob - batch.logprobs[mb]
            ratio = logratio.exp()
            with torch.no_grad():
                approx_kl = ((ratio - 1) - logratio).mean()
                clipfracs.append(((ratio - 1.0).abs() > args.clip_coef).float().mean())
            mb_adv = batch.advantages[mb]
            if args.norm_adv and len(mb) > 1:
                mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
            pg_loss = torch.max(-mb_adv * ratio,
                                -mb_adv * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)).mean()
            if args.clip_vloss:
                v_unclipped = (newvalue - batch.returns[mb]) ** 2
                v_clipped = batch.values[mb] + torch.clamp(newvalue - batch.values[mb], -args.clip_coef, args.clip_coef)
                v_loss = 0.5 * torch.max(v_unclipped, (v_clipped - batch.returns[mb]) ** 2).mean()
            else:
                v_loss = 0.5 * ((newvalue - batch.returns[mb]) ** 2).mean()
            entropy_loss = entropy.mean()
            loss = pg_loss - args.ent_coef * entropy_loss + v_loss * args.vf_coef
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
            optimizer.step()
        if args.target_kl is not None and approx_kl > args.target_kl:
            break
    var_y = batch.returns.var()
    explained = float("nan") if var_y == 0 else float(1 - (batch.returns - batch.values).var() / var_y)
    return {"policy_loss": pg_loss.item(), "value_loss": v_loss.item(), "entropy": entropy_loss.item(),
            "approx_kl": approx_kl.item(),
            "clipfrac": torch.stack(clipfracs).mean().item(), "explained_variance": explained}


# ---------------------------------------------------------------- checkpoints
def opponent_model(model: ActorCritic, weights: dict[str, torch.Tensor], path: Path) -> ActorCritic:
    """A pool member: a copy of ``model`` with ``weights`` (copied, not built: building a network
    would draw from torch's RNG and make a resumed run differ from an uninterrupted one)."""
    member = copy.deepcopy(model)
    load_weights(member, weights, path)
    return member


def save_snapshot(run_dir: Path, update: int, model: ActorCritic) -> dict[str, Any]:
    """Write the weights of ``model`` as a pool snapshot file; returns its pool entry."""
    name = f"pool/update_{update:06d}.pt"
    atomic_save({"kind": "snapshot", "format_version": FORMAT_VERSION, "spec": asdict(model.spec),
                 "model": snapshot(model)}, run_dir / name)
    return {"update": update, "file": name}


def load_snapshot(run_dir: Path, entry: dict[str, Any], model: ActorCritic) -> ActorCritic:
    """The pool member of ``entry``: a copy of ``model`` with the weights of its snapshot file."""
    path = run_dir / entry["file"]
    payload = read_file(path, ("snapshot",))
    check_spec(spec_of(payload, path), model.spec, path)
    return opponent_model(model, payload["model"], path)


def delete_unused_snapshots(run_dir: Path, pool: list[dict[str, Any]]) -> None:
    """Delete the snapshot files that left the pool (call after a checkpoint, which names the rest)."""
    kept = {entry["file"] for entry in pool}
    for path in (run_dir / "pool").glob("update_*.pt"):
        if f"pool/{path.name}" not in kept:
            path.unlink()


def save_checkpoint(path: Path, args: Args, num_players: int, model: ActorCritic, optimizer: optim.Optimizer,
                    counters: dict[str, Any], rng: np.random.Generator, pool: list[dict[str, Any]]) -> None:
    """Write the checkpoint; ``pool`` holds the names of the snapshot files, not the weights."""
    atomic_save({"kind": "checkpoint", "format_version": FORMAT_VERSION, "spec": asdict(model.spec),
                 "num_players": num_players, "expansions": list(table_expansions(args)), "args": asdict(args),
                 "model": model.state_dict(),
                 "optimizer": optimizer.state_dict(), "counters": counters,
                 "numpy_rng": rng.bit_generator.state, **torch_rng_states(), "pool": pool}, path)
    delete_unused_snapshots(path.parent, pool)


def load_checkpoint(path: Path, spec: PolicySpec, num_players: int, expansions: tuple[str, ...], model: ActorCritic,
                    optimizer: optim.Optimizer, rng: np.random.Generator) -> tuple[dict[str, Any], list[dict]]:
    """Restore model, optimizer and RNGs from ``path`` (a checkpoint of the same network, player count and
    table ``expansions``); returns the counters and the pool entries."""
    payload = read_file(path, ("checkpoint",))
    check_spec(spec_of(payload, path), spec, path)
    missing = [key for key in ("num_players", "optimizer", "counters", "numpy_rng", "torch_rng", "pool")
               if key not in payload]
    if missing:
        raise CheckpointError(f"{path}: missing entries {missing}")
    if any(not isinstance(entry, dict) or "file" not in entry for entry in payload["pool"]):
        raise CheckpointError(f"{path}: its opponent pool is not a list of snapshot files (a checkpoint of an "
                              "older version of this script: start a new run)")
    if payload["num_players"] != num_players:
        raise CheckpointError(f"{path}: trained with {payload['num_players']} players, this run has {num_players}")
    trained = tuple(payload.get("expansions", ()))  # checkpoints written before expansions: the base game
    if trained != expansions:
        raise CheckpointError(f"{path}: trained on {table_name(trained)}, this run plays {table_name(expansions)}")
    load_weights(model, payload["model"], path)
    restore_optimizer_and_rngs(path, payload, optimizer, rng)
    return payload["counters"], payload["pool"]


# ---------------------------------------------------------------- main
def run_fraction(args: Args, counters: dict[str, Any]) -> float:
    """How much of the run is done: of ``--total-steps``, or of ``--hours`` if that is further along."""
    done = counters["global_step"] / args.total_steps
    return done if args.hours is None else max(done, counters["elapsed_s"] / (args.hours * 3600))


def run_done(args: Args, counters: dict[str, Any]) -> bool:
    return run_fraction(args, counters) >= 1


def main(argv: list[str] | None = None) -> list[EvalResult]:
    """Train, evaluate, plot and save; returns the final evaluation."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(Args, argv, description=__doc__.split("\n")[0], validate=problems)
    args.game = resolve_game(args.game)
    num_players = args.num_players or default_players(args.game)
    if "payment" not in entry(args.game).options and args.payment != "cheapest":
        raise SystemExit(f"--payment {args.payment} is for 7 Wonders; {args.game} has no payment choice")
    if args.torch_threads:
        warn_threads("--torch-threads", args.torch_threads)
        torch.set_num_threads(args.torch_threads)
    run_dir = Path(args.run_dir or f"runs/{args.game}_selfplay")
    checkpoint_path = run_dir / "checkpoint.pt"
    check_run_dir(checkpoint_path, args.resume)
    run_dir.mkdir(parents=True, exist_ok=True)

    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    sizes = vector.make(args.game, 1, **table_options(args, num_players), **env_options(args))
    spec = PolicySpec(args.game, sizes.observation_size, sizes.num_actions, args.hidden)
    model = ActorCritic(spec).to(resolve_device(args.device))  # built on the CPU: the same weights everywhere
    optimizer = optim.Adam(model.parameters(), lr=args.learning_rate, eps=1e-5, fused=True)
    counters: dict[str, Any] = {"update": 0, "global_step": 0, "moves": 0, "elapsed_s": 0.0}
    if args.resume:
        counters, pool = load_checkpoint(checkpoint_path, spec, num_players, table_expansions(args), model, optimizer,
                                       rng)
        truncate_csvs({run_dir / "progress.csv": PROGRESS_FIELDS, run_dir / "eval.csv": EVAL_FIELDS},
                      counters["update"])
        print(f"resumed from {checkpoint_path} at update {counters['update']}, step {counters['global_step']}")
    else:
        pool = [save_snapshot(run_dir, 0, model)]
    pool_models = [load_snapshot(run_dir, entry, model) for entry in pool]
    # who plays in the rollouts: the learner (network 0, loaded by each rollout) and the pool
    # (built again when the pool changes)
    networks = StackedPolicies([model, *pool_models])
    writer = SummaryWriter(str(run_dir / "tb"), purge_step=counters["global_step"] + 1)
    writer.add_text("args", "\n".join(f"{k}: {v}" for k, v in asdict(args).items()), counters["global_step"])

    def log_eval(results: list[EvalResult]) -> None:
        for result in results:
            append_csv(run_dir / "eval.csv", EVAL_FIELDS, eval_row(counters["update"], counters["global_step"], result))
            writer.add_scalar(f"eval/win_rate_vs_{result.opponent}", result.win_rate, counters["global_step"])

    def checkpoint() -> None:
        save_checkpoint(checkpoint_path, args, num_players, model, optimizer, counters, rng, pool)

    progress = Progress(args.total_steps, counters["global_step"], args.progress_bar)
    with StopRequest() as stop:
        if counters["update"] == 0 and args.eval_every:
            log_eval(evaluate_policy(model, args, num_players, args.eval_games))
        while not (run_done(args, counters) or stop.requested):
            start = time.perf_counter()
            lr = args.learning_rate
            if args.anneal_lr:
                lr *= max(0.0, 1.0 - run_fraction(args, counters))
            optimizer.param_groups[0]["lr"] = lr
            batch = collect(model, networks, args, num_players, rng)
            collected = time.perf_counter() - start
            stats = ppo_update(model, optimizer, batch, args, rng)
            counters["update"] += 1
            counters["global_step"] += len(batch.actions)
            counters["moves"] += batch.moves
            elapsed = time.perf_counter() - start
            counters["elapsed_s"] += elapsed
            row = {"update": counters["update"], "global_step": counters["global_step"], "moves": counters["moves"],
                   "games": batch.games, "learning_rate": lr,
                   "steps_per_second": round(len(batch.actions) / elapsed, 1),
                   "collect_steps_per_second": round(len(batch.actions) / collected, 1),
                   "elapsed_s": round(counters["elapsed_s"], 3),
                   "train_win_rate": (round(batch.learner_games_won / batch.learner_games, 4)
                                      if batch.learner_games else ""),
                   **{k: round(v, 6) for k, v in stats.items() if k in PROGRESS_FIELDS}}
            append_csv(run_dir / "progress.csv", PROGRESS_FIELDS, row)
            for key, value in row.items():
                if key not in ("update", "global_step") and value != "":
                    writer.add_scalar(f"train/{key}", value, counters["global_step"])
            progress.update(counters["global_step"], update=counters["update"], sps=row["steps_per_second"],
                            entropy=f"{stats['entropy']:.2f}")
            if counters["update"] % args.snapshot_every == 0:
                pool.append(save_snapshot(run_dir, counters["update"], model))
                pool_models.append(load_snapshot(run_dir, pool[-1], model))
                del pool[:-args.pool_size], pool_models[:-args.pool_size]
                networks = StackedPolicies([model, *pool_models])
            if args.eval_every and counters["update"] % args.eval_every == 0:
                results = evaluate_policy(model, args, num_players, args.eval_games)
                log_eval(results)
                progress.write(f"update {counters['update']}, step {counters['global_step']}: "
                               + ", ".join(f"{r.win_rate:.0%} vs {r.opponent}" for r in results))
            counters["elapsed_s"] += time.perf_counter() - start - elapsed  # evaluations count too
            if counters["update"] % args.checkpoint_every == 0:
                checkpoint()
        progress.close()
        checkpoint()
        if stop.requested:
            writer.close()
            exit_interrupted(f"update {counters['update']}, step {counters['global_step']}, checkpoint "
                             f"written to {checkpoint_path}", "wonders_training.ppo_selfplay", argv)

    final = evaluate_policy(model, args, num_players, args.final_eval_games)
    log_eval(final)
    writer.close()
    write_final_report(run_dir, final, f"{args.game} ({num_players} players), PPO self-play, {counters['global_step']} "
                       f"steps, seed {args.seed}: greedy policy vs the baselines in every other seat",
                       f"{args.game} ({num_players}p) PPO self-play, seed {args.seed}", 1 / num_players)
    save_policy(model, run_dir / "policy.pt", {
        "command": "python -m wonders_training.ppo_selfplay " + shlex.join(argv),
        "seed": args.seed, "num_players_trained": num_players, "edition": args.edition,
        **env_options(args),
        "global_step": counters["global_step"],
        "updates": counters["update"], "training_seconds": round(counters["elapsed_s"], 1),
        "final_eval": [{"opponent": r.opponent, "games": r.games, "wins": r.wins} for r in final]})
    print(f"wrote {run_dir / 'policy.pt'}, {run_dir / 'learning_curve.png'}, logs in {run_dir}")
    print(next_steps(args.game, run_dir, table_expansions(args)))
    return final


def next_steps(game: str, run_dir: Path, expansions: tuple[str, ...] = ()) -> str:
    """What to do with a trained policy: play it, put it in a tournament, see the curves."""
    policy = run_dir / "policy.pt"
    table = f"--game {game}" + (f" --expansions {','.join(expansions)}" if expansions else "")
    return (f"what next:\n"
            f"  play against it:   wonders play {table} --opponent ppo:path={policy}\n"
            f"  measure it:        wonders tournament {table} --agents ppo:path={policy} heuristic mcts "
            f"--games 200\n"
            f"  see the curves:    tensorboard --logdir {run_dir / 'tb'}   (or {run_dir / 'learning_curve.png'})\n"
            f"  (`wonders` is .venv/bin/wonders in a `make` checkout)")


if __name__ == "__main__":
    run_script(main)
