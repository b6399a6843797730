"""Masked PPO self-play with a league on Ray RLlib (current API stack), for Duel and 7 Wonders.

```bash
pip install -e '.[rllib]'                                   # Ray RLlib, on top of the train extra
python -m wonders_training.train_rllib --game seven_wonders_duel --iterations 50 --env-runners 2 \
    --run-dir runs/rllib_duel
python -m wonders_training.train_rllib --game seven_wonders --num-players 4 --iterations 50 --env-runners 2 \
    --run-dir runs/rllib_7w4
python -m wonders_training.train_rllib --run-dir runs/rllib_duel --iterations 80 --resume  # continue (or go further)
python -m wonders_training.train_rllib ... --address 10.0.0.1:6379  # join a running Ray cluster
```

Use it when one process is not enough (:mod:`wonders_training.ppo_selfplay` is the simpler single-process
script): RLlib's env runners play the games in parallel, on this machine or on every machine of a
Ray cluster, and its learners train the network.

Pieces (RLlib's names):

* **Env** (:class:`LeagueEnv`, a ``MultiAgentEnv`` over a batch of the compiled core,
  :mod:`wonders_env.vector`): an episode plays ``--envs-per-env-runner`` games at once. When a
  game starts it draws who holds each seat, as :func:`wonders_training.seats.draw_codes`
  does: with probability ``self_play_prob`` the learner holds every seat; otherwise the learner
  holds one random seat and each other seat goes to a league snapshot, the ``heuristic`` or the
  ``random`` baseline (weights ``opponent_snapshot`` / ``opponent_heuristic`` /
  ``opponent_random``). The baselines play inside the env (``random`` drawn by the core,
  ``heuristic`` as :class:`wonders_training.seats.Seats` plays it: compiled in Duel, on a copy of
  the core's game in 7 Wonders); the
  seats of the networks are the env's agents, named by role, seat and game:
  ``learner_<seat>_g<game>`` and ``league_<seat>_g<game>``. Every network seat that decides now
  in any of the games gets its observation in the same env step (in 7 Wonders all the acting
  players at once), so the env runner computes them in one forward pass per module. Rewards
  come at the end of each game (``--reward``: ``win_loss`` +1 win, -1 loss, 0 for a Duel draw;
  or ``score``, the env's points margin). Both payment
  modes of 7 Wonders run on the batch.
* **RL module** (:class:`MaskedActorCriticModule`): the project's own network
  (:class:`wonders_agents.policy.ActorCritic`, so the export is a plain copy of its weights). Illegal
  actions get the logit :data:`wonders_agents.policy.MASKED_LOGIT`, so they are never sampled and
  have probability 0 in the PPO loss and the entropy.
* **League** (:class:`LeagueMapping`, :class:`LeagueCallback`): ``learner_*`` agents map to the
  module ``learner`` (the only one trained); each ``league_*`` agent maps to a frozen snapshot
  drawn per episode. The league starts with ``snapshot_0`` (the initial weights). After each
  iteration, when the learner won at least ``promote_above_chance`` more than chance
  (``1 / num_players``) of the ``promote_min_games`` or more games it played against snapshots,
  a copy of the learner joins the league (``Algorithm.add_module``); beyond ``pool_size`` the
  oldest leaves.
* **Env runners and learners**: ``--env-runners N`` remote env runners (0: the driver samples);
  ``--learners N`` remote learners (0: the driver trains), ``--learner-gpus`` per learner.

Each iteration prints one line (steps, decisions/s, win rates in training games, league size)
and logs the same to ``progress.csv`` and TensorBoard (``tensorboard --logdir DIR/tb``). Every
``eval_every`` iterations, and at the end, the learner's greedy policy is evaluated against
``random`` and ``heuristic`` exactly as :mod:`wonders_training.ppo_selfplay` does
(:func:`wonders_training.evaluation.evaluate`: seat rotating, the same deals, 95% Wilson intervals),
into ``eval.csv`` and, at the end, ``final_eval.md`` and ``learning_curve.png``.

**Run directory** (``--run-dir``): ``run.json`` (game, player count, edition, payment mode, network size: what
a checkpoint must match), ``checkpoints/iter_NNNNNN`` (RLlib checkpoints:
``Algorithm.save_to_path``; the two newest are kept), ``checkpoints/latest`` (the name of the
newest complete one, replaced atomically after the checkpoint is written, so an interruption
leaves the previous one valid), ``progress.csv``, ``eval.csv``, ``tb/``, and ``policy.pt``:
the learner exported to the project's policy file (:func:`wonders_agents.policy.save_policy`), which
``make_agent("ppo", game=..., path="DIR/policy.pt")``, the tournament and terminal play use.

**Resume.** ``--resume`` rebuilds the algorithm with ``Algorithm.from_checkpoint`` from the
newest checkpoint (league, optimizer and counters included), drops the CSV rows and TensorBoard
events written after it (a CSV log with another header stops it: :mod:`wonders_training.csv_files`),
and trains up to ``--iterations`` in all. A checkpoint of another game,
player count, edition, payment mode or network size is refused with :class:`wonders_agents.policy.CheckpointError`
naming the difference. Without ``--resume``, a run directory that holds checkpoints is an error.

**Cluster.** Without ``--address`` a local Ray instance is started with ``--num-cpus`` CPUs;
``--address HOST:PORT`` (or ``auto``) joins a running cluster, whose every node needs this
package installed (``pip install -e '.[rllib]'``). The README says how to start one and size it.

**Stopping.** Ctrl-C or SIGTERM stops the driver at once: the algorithm (env runners,
learners) and the local Ray instance are shut down, the newest checkpoint and the command that
resumes from it are printed, and the exit status is 128 + the signal (130, 143). Nothing is
lost but the iteration in progress (a checkpoint is written after each by default).
"""

from __future__ import annotations

import json
import shlex
import shutil
import signal
import socket
import sys
import time
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

try:
    import ray
    from ray.rllib.algorithms.algorithm import Algorithm
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.callbacks.callbacks import RLlibCallback
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.core.rl_module.torch.torch_rl_module import TorchRLModule
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError("wonders_training.train_rllib needs Ray RLlib: pip install -e '.[rllib]'") from exc
import torch
from torch.utils.tensorboard import SummaryWriter

import wonders_env
from wonders_env import vector
from wonders_env.game import REWARD_MODES
from wonders_agents.policy import (MASKED_LOGIT, ActorCritic, CheckpointError, PolicySpec, atomic_write, save_policy,
                                   symlog)
from wonders_training.cli_args import arg, seed_arg, parse_args
from wonders_training.interrupt import StopAtOnce, exit_interrupted
from wonders_training.evaluation import EVAL_FIELDS, EvalResult, eval_row, evaluate_policy, write_final_report
from wonders_training.csv_files import append_csv, truncate_csvs
from wonders_training.device import DEVICES, device_problems, resolve_device
from wonders_training.game_options import env_options, table_expansions, table_options
from wonders_training.seats import HEURISTIC_CODE, LEARNER_CODE, RANDOM_CODE, Seats, draw_codes
from wonders_env.registry import EDITIONS, GAME_NAMES, GAMES, default_players, entry, resolve_game

LEARNER_MODULE = "learner"
SNAPSHOT_PREFIX = "snapshot_"
RUN_FIELDS = ("game", "num_players", "edition", "payment", "hidden")  # what a checkpoint must match
PROGRESS_FIELDS = ("update", "global_step", "moves", "episodes", "win_rate_vs_snapshot", "win_rate_vs_heuristic",
                   "win_rate_vs_random", "league_size", "decisions_per_second", "sampling_decisions_per_second",
                   "sampling_moves_per_second", "learner_samples_per_second", "policy_loss", "value_loss", "entropy",
                   "explained_variance", "sampling_seconds", "learner_seconds", "iteration_seconds", "elapsed_s")


@dataclass
class Args:
    game: str = arg("seven_wonders_duel", "the game", choices=GAME_NAMES)
    num_players: int | None = arg(None, "7 Wonders: 2-7 players (default 4); Duel: 2")
    edition: str = arg("1st", "7 Wonders edition (the 2nd has 3-7 players; Duel has only one)", choices=EDITIONS)
    payment: str = arg("cheapest", "7 Wonders payment mode: the engine pays the cheapest way, or the players "
                       "choose whom to pay (Duel has no choice)", choices=GAMES["seven_wonders"].options["payment"])
    expansions: str = arg("", "the table's expansions, comma-separated (Duel: pantheon; 7 Wonders: leaders); "
                              "empty: the base game")
    iterations: int = arg(20, "training iterations in all (a resumed run continues up to this number)")
    env_runners: int = arg(2, "remote env runners (0: the driver process samples)")
    envs_per_env_runner: int = arg(8, "games each env runner steps in one batch of the core (their forward passes "
                                      "are batched)")
    learners: int = arg(0, "remote learners (0: the driver process trains)")
    learner_gpus: float | None = arg(None, "GPUs per learner (with --learners 0, the driver's learner; none: "
                                           "1 where --device is CUDA, else 0)")
    device: str = arg("auto", "where the learner trains, as RLlib's GPUs per learner (auto: CUDA when there is a "
                              "CUDA device; the env runners' networks act on their CPUs)", choices=DEVICES)
    run_dir: str = arg("runs/rllib_duel", "where logs, checkpoints and the policy go")
    resume: bool = arg(False, "continue from the newest checkpoint in run_dir")
    address: str | None = arg(None, "Ray cluster to join (HOST:PORT or 'auto'); none: start a local instance")
    num_cpus: int = arg(2, "CPUs of the local Ray instance (ignored with --address)")
    seed: int = seed_arg("seed of RLlib, the envs and the evaluation")
    hidden: int = arg(256, "units of each of the two hidden layers")
    train_batch: int = arg(4000, "agent decisions per training iteration (all env runners together; about: "
                                 "RLlib counts env steps, each holding a decision of each game in progress)")
    minibatch: int = arg(500, "PPO minibatch size")
    epochs: int = arg(4, "PPO epochs per iteration")
    learning_rate: float = arg(3e-4, "Adam learning rate")
    gamma: float = arg(1.0, "discount")
    gae_lambda: float = arg(0.95, "GAE lambda")
    clip_coef: float = arg(0.2, "PPO clip coefficient")
    ent_coef: float = arg(0.01, "entropy coefficient")
    vf_coef: float = arg(0.5, "value loss coefficient")
    max_grad_norm: float = arg(0.5, "gradient clipping norm")
    reward: str = arg("win_loss", "env reward mode", choices=REWARD_MODES)
    self_play_prob: float = arg(0.4, "probability that the learner holds every seat of a game")
    opponent_snapshot: float = arg(0.5, "weight of league snapshots for the other seats")
    opponent_heuristic: float = arg(0.3, "weight of the heuristic baseline for the other seats")
    opponent_random: float = arg(0.2, "weight of the random baseline for the other seats")
    promote_above_chance: float = arg(0.1, "a snapshot joins when the win rate against snapshots beats 1/players "
                                           "by this")
    promote_min_games: int = arg(20, "games against snapshots in an iteration needed to decide a promotion")
    pool_size: int = arg(10, "snapshots kept in the league (the oldest leave)")
    eval_every: int = arg(5, "iterations between evaluations against the baselines (0: only at the end)")
    eval_games: int = arg(40, "games per baseline in a periodic evaluation")
    final_eval_games: int = arg(200, "games per baseline in the final evaluation")
    checkpoint_every: int = arg(1, "iterations between checkpoints (and one at the end)")


def check_args(args: Args) -> int:
    """Validate ``args`` (``args.game`` is made canonical); returns the player count. Raises
    ``ValueError`` naming the bad value and what is allowed."""
    args.game = resolve_game(args.game)
    num_players = args.num_players or default_players(args.game)
    if "payment" not in entry(args.game).options and args.payment != "cheapest":
        raise ValueError(f"--payment {args.payment} is for 7 Wonders; {args.game} has no payment choice")
    try:
        table_expansions(args)
    except ValueError as exc:
        raise ValueError(f"--expansions: {exc}") from exc
    try:  # the batch's own checks (player count, edition, payment mode)
        vector.make(args.game, 1, **table_options(args, num_players), **env_options(args))
    except ValueError as exc:
        raise ValueError(f"the env runners step the batched core (wonders_env.vector): {exc}") from exc
    minimums = {"iterations": 1, "env_runners": 0, "envs_per_env_runner": 1, "learners": 0, "num_cpus": 1,
                "hidden": 1, "train_batch": 1, "minibatch": 1, "epochs": 1, "promote_min_games": 1, "pool_size": 1,
                "eval_every": 0, "eval_games": 1, "final_eval_games": 1, "checkpoint_every": 1}
    for name, low in minimums.items():
        if getattr(args, name) < low:
            raise ValueError(f"--{name.replace('_', '-')} must be at least {low}, got {getattr(args, name)}")
    if not args.address and args.env_runners > args.num_cpus:
        raise ValueError(f"--env-runners {args.env_runners} need {args.env_runners} CPUs (one each), the local Ray "
                         f"instance has --num-cpus {args.num_cpus}: raise --num-cpus or lower --env-runners")
    if args.minibatch > args.train_batch:
        raise ValueError(f"--minibatch ({args.minibatch}) must not exceed --train-batch ({args.train_batch})")
    for problem in device_problems(args.device):
        raise ValueError(problem)
    if args.learner_gpus is not None and args.learner_gpus < 0:
        raise ValueError(f"--learner-gpus must be at least 0, got {args.learner_gpus}")
    if args.device == "cpu" and args.learner_gpus:
        raise ValueError(f"--device cpu with --learner-gpus {args.learner_gpus:g}: leave out --learner-gpus, or "
                         "use --device cuda")
    if not 0 <= args.self_play_prob <= 1:
        raise ValueError(f"--self-play-prob must be in [0, 1], got {args.self_play_prob}")
    if not -1 <= args.promote_above_chance <= 1:
        raise ValueError(f"--promote-above-chance must be in [-1, 1], got {args.promote_above_chance}")
    weights = (args.opponent_snapshot, args.opponent_heuristic, args.opponent_random)
    if min(weights) < 0 or sum(weights) <= 0:
        raise ValueError(f"the --opponent-* weights must be >= 0 with a positive sum, got {weights}")
    return num_players


# ---------------------------------------------------------------- the env
NETWORK_ROLES = {LEARNER_CODE: "learner"}  # seats of the networks: the learner, or "league" (a snapshot)
OPPONENT_KINDS = {LEARNER_CODE: "learner", RANDOM_CODE: "random", HEURISTIC_CODE: "heuristic"}  # else snapshot


class LeagueEnv(MultiAgentEnv):
    """``games`` games of the batched core played together, their seats held by the learner,
    league snapshots or baselines (see the module docstring). ``config``: ``args`` (an
    :class:`Args` as a dict), ``num_players`` and ``games``.

    An episode is one game in each of the ``games`` slots of a new batch (seeded from the env's
    generator); it ends when all of them have. The agents are the seats of the networks, named by
    role, seat and slot (``learner_1_g3``, ``league_0_g5``): each env step gives an observation to
    every network seat that decides now in any game (one forward pass per module for all of them);
    the baselines move inside the env (``random`` drawn by the core, ``heuristic`` as
    :class:`wonders_training.seats.Seats` plays it). A finished game's agents get their reward and
    ``terminated``; its slot then waits for the others.
    """

    def __init__(self, config: dict[str, Any]) -> None:
        super().__init__()
        self.args = Args(**config["args"])
        self.num_players = int(config["num_players"])
        self.num_games = int(config.get("games", 1))
        spec = module_spec(config)
        self.possible_agents = [agent_id(role, seat, game) for role in ("learner", "league")
                                for game in range(self.num_games) for seat in range(self.num_players)]
        self.agents = []
        self.observation_spaces = {agent: spec.observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: spec.action_space for agent in self.possible_agents}
        self.rng = np.random.default_rng([self.args.seed, getattr(config, "worker_index", 0),
                                          getattr(config, "vector_index", 0)])
        self.venv: vector.VectorEnv | None = None
        self.seats: Seats | None = None
        self.live = np.zeros(self.num_games, np.bool_)
        self.moves = np.zeros(self.num_games, np.int64)  # moves of every seat of each game so far
        self.expected: set[str] = set()  # the agents given an observation by the last reset or step
        space = spec.observation_space
        self.final_observation = {key: np.zeros(space[key].shape, space[key].dtype) for key in space}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.venv = vector.make(self.args.game, self.num_games, seed=int(self.rng.integers(2**63)),
                                reward=self.args.reward, **table_options(self.args, self.num_players),
                                **env_options(self.args))
        self.venv.reset()
        self.seats = Seats(self.venv, self.args)
        self.seats.deal(np.arange(self.num_games), draw_codes(self.args, self.num_players, 1, self.rng, self.num_games),
                        self.rng)  # a pool of 1: "league"
        self.agents = [agent_id(NETWORK_ROLES.get(code, "league"), seat, game)
                       for (game, seat), code in np.ndenumerate(self.seats.codes) if is_network(code)]
        self.live[:] = True
        self.moves[:] = 0
        observations, _, _, _, infos = self.advance(None)
        return observations, infos

    def step(self, action_dict: dict[str, int]) -> tuple[dict, dict, dict, dict, dict]:
        if set(action_dict) != self.expected:
            raise ValueError(f"expected actions of {sorted(self.expected)}, got actions of {sorted(action_dict)}")
        actions = self.venv.sample_actions()  # the random baseline's moves (and any move of finished slots)
        for agent, action in action_dict.items():
            game, seat = slot_of(agent)
            actions[game, seat] = int(action)
        return self.advance(actions)

    def advance(self, actions: np.ndarray | None) -> tuple[dict, dict, dict, dict, dict]:
        """Play ``actions`` (with the heuristics' moves), then the baselines alone until a network
        seat decides or every game has ended; returns what RLlib's ``step`` returns."""
        observations: dict[str, Any] = {}
        rewards: dict[str, float] = {}
        terminated: dict[str, bool] = {}
        infos: dict[str, Any] = {}
        venv, codes = self.venv, self.seats.codes
        while True:
            if actions is not None:
                acting = venv.to_act & self.live[:, None]
                self.seats.heuristic_moves(acting, actions)
                _, _, _, outcome, ended = venv.step(actions)
                self.moves += acting.sum(axis=1)
                for game in np.flatnonzero(ended & self.live).tolist():
                    self.live[game] = False
                    for seat in np.flatnonzero(is_network(codes[game])).tolist():
                        agent = agent_id(NETWORK_ROLES.get(int(codes[game, seat]), "league"), seat, game)
                        observations[agent] = self.final_observation  # its game restarted: never acted on
                        rewards[agent] = float(outcome[game, seat])
                        terminated[agent] = True
                        infos[agent] = {"opponents": self.opponents(game, seat), "game": game,
                                        "moves": int(self.moves[game]), "reward": rewards[agent]}
            deciding = venv.to_act & self.live[:, None] & is_network(codes)
            if deciding.any() or not self.live.any():
                break
            actions = venv.sample_actions()  # only baselines decide now
        self.expected = set()
        for game, seat in zip(*np.nonzero(deciding)):
            agent = agent_id(NETWORK_ROLES.get(int(codes[game, seat]), "league"), seat, game)
            observations[agent] = {"observation": venv.observations[game, seat].copy(),
                                   "action_mask": venv.action_masks[game, seat].copy()}
            rewards[agent] = 0.0
            self.expected.add(agent)
        terminated["__all__"] = not self.live.any()
        return observations, rewards, terminated, {"__all__": False}, infos

    def opponents(self, game: int, seat: int) -> list[str]:
        """What holds the other seats of a game: ``learner``, ``snapshot``, ``random``, ``heuristic``."""
        return sorted({OPPONENT_KINDS.get(int(code), "snapshot")
                       for other, code in enumerate(self.seats.codes[game]) if other != seat})


def agent_id(role: str, seat: int, game: int) -> str:
    return f"{role}_{seat}_g{game}"


def slot_of(agent: str) -> tuple[int, int]:
    """(game, seat) of an agent id of :class:`LeagueEnv`."""
    _, seat, game = agent.rsplit("_", 2)
    return int(game[1:]), int(seat)


def is_network(code: Any) -> Any:
    """Whether a controller code is a network's seat (the learner or a snapshot)."""
    return (code == LEARNER_CODE) | (code >= 0)


# ---------------------------------------------------------------- the network
class MaskedActorCriticModule(TorchRLModule, ValueFunctionAPI):
    """The project's :class:`~wonders_agents.policy.ActorCritic` as an RLlib module, with action masking.

    ``model_config``: ``game`` and ``hidden``. Observations are the env's dicts; the logits of
    the actions outside ``action_mask`` are set to :data:`~wonders_agents.policy.MASKED_LOGIT`.
    """

    def setup(self) -> None:
        spec = PolicySpec(self.model_config["game"], int(self.observation_space["observation"].shape[0]),
                          int(self.action_space.n), int(self.model_config["hidden"]))
        self.net = ActorCritic(spec)

    def _embed(self, batch: dict[str, Any]) -> tuple[torch.Tensor, torch.Tensor]:
        obs = batch[Columns.OBS]
        return self.net.trunk(symlog(obs["observation"].float())), obs["action_mask"].bool()

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        hidden, mask = self._embed(batch)
        return {Columns.ACTION_DIST_INPUTS: self.net.actor(hidden).masked_fill(~mask, MASKED_LOGIT)}

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        hidden, mask = self._embed(batch)
        return {Columns.ACTION_DIST_INPUTS: self.net.actor(hidden).masked_fill(~mask, MASKED_LOGIT),
                Columns.EMBEDDINGS: hidden}

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> torch.Tensor:
        if embeddings is None:
            embeddings, _ = self._embed(batch)
        return self.net.critic(embeddings).squeeze(-1)


# ---------------------------------------------------------------- the league
def snapshot_ids(algorithm: Algorithm) -> list[str]:
    """The league's snapshot module ids, oldest first."""
    ids = [m for m in algorithm.config.policies if m.startswith(SNAPSHOT_PREFIX)]
    return sorted(ids, key=lambda m: int(m[len(SNAPSHOT_PREFIX):]))


@dataclass(frozen=True)
class LeagueMapping:
    """Agent-to-module mapping: ``learner_*`` -> the learner; ``league_*`` -> one of ``snapshots``,
    drawn per (episode, agent)."""

    snapshots: tuple[str, ...]

    def __call__(self, agent_id: str, episode: Any, **kwargs: Any) -> str:
        if agent_id.startswith("learner"):
            return LEARNER_MODULE
        draw = zlib.crc32(f"{episode.id_}/{agent_id}".encode())
        return self.snapshots[draw % len(self.snapshots)]


class LeagueCallback(RLlibCallback):
    """Counts the learner's wins by kind of opponent and promotes snapshots into the league."""

    def on_episode_end(self, *, episode: Any, metrics_logger: Any, **kwargs: Any) -> None:
        # each agent's own last infos: the outcome of its game (games end at different env steps)
        final_infos = {agent: info for agent, info in episode.get_infos(-1, env_steps=False).items()
                       if isinstance(info, dict) and "reward" in info}
        moves = {info["game"]: info["moves"] for info in final_infos.values()}
        metrics_logger.log_value(("league", "moves"), sum(moves.values()), reduce="sum")
        for agent, infos in final_infos.items():
            opponents = infos["opponents"]
            if not agent.startswith("learner") or "learner" in opponents:
                continue  # self-play games say nothing about the opponents
            won = float(infos["reward"] > 0)
            for name in opponents:
                metrics_logger.log_value(("league", f"games_vs_{name}"), 1, reduce="sum")
                metrics_logger.log_value(("league", f"wins_vs_{name}"), won, reduce="sum")

    def on_train_result(self, *, algorithm: Algorithm, result: dict, **kwargs: Any) -> None:
        league = result.get("env_runners", {}).get("league", {})
        games, wins = count(league.get("games_vs_snapshot")), count(league.get("wins_vs_snapshot"))
        num_players = algorithm.config.env_config["num_players"]
        args = Args(**algorithm.config.env_config["args"])
        if games >= args.promote_min_games and wins / games >= 1 / num_players + args.promote_above_chance:
            promote(algorithm, args.pool_size)
        result["league_size"] = len(snapshot_ids(algorithm))


def promote(algorithm: Algorithm, pool_size: int) -> str:
    """Add a frozen copy of the learner to the league (the oldest snapshots leave beyond ``pool_size``)."""
    snapshots = snapshot_ids(algorithm)
    new_id = f"{SNAPSHOT_PREFIX}{int(snapshots[-1][len(SNAPSHOT_PREFIX):]) + 1 if snapshots else 0}"
    keep = (snapshots + [new_id])[-pool_size:]
    weights = algorithm.learner_group.get_weights(module_ids=[LEARNER_MODULE])[LEARNER_MODULE]
    algorithm.add_module(new_id, module_spec(algorithm.config.env_config),
                         new_agent_to_module_mapping_fn=LeagueMapping(tuple(keep)))
    algorithm.learner_group.set_weights({new_id: weights})
    algorithm.env_runner_group.sync_weights(from_worker_or_learner_group=algorithm.learner_group,
                                            inference_only=True)
    for old in snapshots:
        if old not in keep:
            algorithm.remove_module(old, new_agent_to_module_mapping_fn=LeagueMapping(tuple(keep)))
    return new_id


def module_spec(env_config: dict[str, Any]) -> RLModuleSpec:
    """The spec of the learner's and the snapshots' module (spaces from the game's env)."""
    args = Args(**env_config["args"])
    game = wonders_env.make(args.game, env_config["num_players"], args.edition, raw=True, **env_options(args))
    return RLModuleSpec(module_class=MaskedActorCriticModule, observation_space=game.observation_space("player_0"),
                        action_space=game.action_space("player_0"),
                        model_config={"game": args.game, "hidden": args.hidden})


def env_steps_per_learner(args: Args, num_players: int) -> int:
    """``--train-batch`` decisions as the env steps RLlib counts its batches in, per learner: an
    env step of :class:`LeagueEnv` holds a decision of each of its games (in 7 Wonders, of each
    of their players), and at least ``--minibatch`` (RLlib refuses a minibatch larger than this
    count). (RLlib 2.60's ``count_steps_by="agent_steps"`` fails on an agent with no step in a
    sample, which the agents of a batch of games often are.)"""
    per_step = args.envs_per_env_runner * (num_players if entry(args.game).parallel else 1)
    steps = -(-args.train_batch // (per_step * max(1, args.learners)))
    return max(steps, args.minibatch)  # RLlib refuses a minibatch larger than this count


def learner_gpus(args: Args) -> float:
    """RLlib's GPUs per learner: ``--learner-gpus``, or 1 where ``--device`` is CUDA and 0 elsewhere."""
    if args.learner_gpus is not None:
        return args.learner_gpus
    return 1.0 if resolve_device(args.device).type == "cuda" else 0.0


def build_config(args: Args, num_players: int) -> PPOConfig:
    """The PPO configuration: env, module, league, env runners and learners."""
    env_config = {"args": asdict(args), "num_players": num_players, "games": args.envs_per_env_runner}
    spec = module_spec(env_config)
    return (PPOConfig()
            # no env check: RLlib's plays random, illegal, moves
            .environment(LeagueEnv, env_config=env_config, disable_env_checking=True)
            # sampling waits for every env runner (RLlib drops the samples of late ones by default)
            .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1, sample_timeout_s=None,
                         num_cpus_per_env_runner=1)
            .learners(num_learners=args.learners, num_gpus_per_learner=learner_gpus(args))
            .multi_agent(policies={LEARNER_MODULE, f"{SNAPSHOT_PREFIX}0"},
                         policy_mapping_fn=LeagueMapping((f"{SNAPSHOT_PREFIX}0",)),
                         policies_to_train=[LEARNER_MODULE])
            .rl_module(rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={LEARNER_MODULE: spec, f"{SNAPSHOT_PREFIX}0": spec}))
            .training(train_batch_size_per_learner=env_steps_per_learner(args, num_players),
                      minibatch_size=args.minibatch, num_epochs=args.epochs, lr=args.learning_rate,
                      gamma=args.gamma, lambda_=args.gae_lambda, clip_param=args.clip_coef,
                      entropy_coeff=args.ent_coef, vf_loss_coeff=args.vf_coef, grad_clip=args.max_grad_norm,
                      vf_clip_param=float("inf"), use_kl_loss=False)
            .fault_tolerance(restart_failed_env_runners=False, ignore_env_runner_failures=False)  # fail loudly
            .callbacks(LeagueCallback)
            .debugging(seed=args.seed))


# ---------------------------------------------------------------- checkpoints and export
def run_description(args: Args, num_players: int) -> dict[str, Any]:
    return {"game": args.game, "num_players": num_players, "edition": args.edition, "payment": args.payment,
            "hidden": args.hidden}


def check_run(run_dir: Path, expected: dict[str, Any]) -> None:
    """Refuse to resume a run of another game, player count, edition, payment mode or network size."""
    path = run_dir / "run.json"
    try:
        found = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise CheckpointError(f"{path}: cannot read the run description of the checkpoints: {exc}") from exc
    diffs = [f"{name} is {found.get(name)!r} in the checkpoint but {expected[name]!r} here"
             for name in RUN_FIELDS if found.get(name) != expected[name]]
    if diffs:
        raise CheckpointError(f"{run_dir / 'checkpoints'}: does not fit this run: " + "; ".join(diffs))


def latest_checkpoint(run_dir: Path) -> Path | None:
    """The newest complete checkpoint of the run, or None."""
    pointer = run_dir / "checkpoints" / "latest"
    if not pointer.is_file():
        return None
    path = run_dir / "checkpoints" / pointer.read_text().strip()
    if not path.is_dir():
        raise CheckpointError(f"{pointer} names {path.name}, which is missing")
    return path


def save_checkpoint(algorithm: Algorithm, run_dir: Path, counters: dict[str, Any]) -> Path:
    """``Algorithm.save_to_path`` into a new folder, then point ``latest`` at it (atomically) and
    drop all but the two newest."""
    folder = run_dir / "checkpoints"
    path = folder / f"iter_{counters['update']:06d}"
    shutil.rmtree(path, ignore_errors=True)
    algorithm.save_to_path(str(path.resolve()))
    (path / "counters.json").write_text(json.dumps(counters))
    atomic_write(folder / "latest", lambda handle: handle.write(path.name.encode()))
    for old in sorted(folder.glob("iter_*"))[:-2]:
        shutil.rmtree(old)
    return path


def learner_network(algorithm: Algorithm, num_players: int) -> ActorCritic:
    """A copy of the learner's network, on the CPU, in eval mode."""
    args = Args(**algorithm.config.env_config["args"])
    module = module_spec({"args": asdict(args), "num_players": num_players})
    spec = PolicySpec(args.game, int(module.observation_space["observation"].shape[0]),
                      int(module.action_space.n), args.hidden)
    weights = algorithm.learner_group.get_weights(module_ids=[LEARNER_MODULE])[LEARNER_MODULE]
    model = ActorCritic(spec)
    model.load_state_dict({key[len("net."):]: torch.as_tensor(value) for key, value in weights.items()})
    return model.eval()


# ---------------------------------------------------------------- main
def decisions_sampled(result: dict[str, Any]) -> int:
    """Decisions of the networks (learner and snapshots) collected in an iteration."""
    sampled = result.get("env_runners", {}).get("num_agent_steps_sampled", {})
    return sum(count(v) for v in sampled.values()) if isinstance(sampled, dict) else count(sampled)


def count(value: Any) -> int:
    """A count of RLlib's results as an int (RLlib reports NaN for an agent or module that
    collected nothing in this iteration but did in an earlier one)."""
    return int(value) if value is not None and np.isfinite(value) else 0


def iteration_row(result: dict[str, Any], counters: dict[str, Any], seconds: float,
                  updating: float) -> dict[str, Any]:
    """The progress row of one training iteration, from RLlib's result dict, its duration
    ``seconds`` and the time of its PPO update ``updating`` (see :class:`UpdateClock`).

    ``learner_seconds`` is the update (all epochs); ``sampling_seconds`` the rest of the iteration:
    sampling by the env runners, RLlib's episode processing, weight sync, callbacks. Speeds:
    ``decisions_per_second`` over the whole iteration; ``sampling_decisions_per_second`` and
    ``sampling_moves_per_second`` (every seat's moves, baselines included) over
    ``sampling_seconds``; ``learner_samples_per_second``: samples through the update per second
    of ``learner_seconds``. (RLlib's own timers in ``result["timers"]`` are moving averages over
    the iterations, not this iteration's times.)
    """
    runners, learner = result.get("env_runners", {}), result.get("learners", {}).get(LEARNER_MODULE, {})
    league = runners.get("league", {})
    decisions = decisions_sampled(result)
    sampling = max(seconds - updating, 0.0)
    row = {"update": counters["update"], "global_step": counters["global_step"], "moves": counters["moves"],
           "episodes": count(runners.get("num_episodes")), "league_size": result.get("league_size", ""),
           "decisions_per_second": decisions / seconds,
           "sampling_decisions_per_second": decisions / sampling if sampling else "",
           "sampling_moves_per_second": count(league.get("moves")) / sampling if sampling else "",
           "learner_samples_per_second": count(learner.get("num_module_steps_trained")) / updating if updating else "",
           "policy_loss": learner.get("policy_loss", ""), "value_loss": learner.get("vf_loss", ""),
           "entropy": learner.get("entropy", ""), "explained_variance": learner.get("vf_explained_var", ""),
           "sampling_seconds": sampling, "learner_seconds": updating,
           "iteration_seconds": seconds, "elapsed_s": counters["elapsed_s"]}
    for name in ("snapshot", "heuristic", "random"):
        games = count(league.get(f"games_vs_{name}"))
        row[f"win_rate_vs_{name}"] = league.get(f"wins_vs_{name}", 0) / games if games else ""
    return {k: round(float(v), 4) if isinstance(v, (float, np.floating)) else v for k, v in row.items()}


class UpdateClock:
    """Times the PPO updates (``learner_group.update``) of the algorithm during a ``with`` block."""

    def __init__(self, algorithm: Algorithm) -> None:
        self.group = algorithm.learner_group
        self.seconds = 0.0

    def __enter__(self) -> UpdateClock:
        update = type(self.group).update

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return update(self.group, *args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start

        self.group.update = timed
        return self

    def __exit__(self, *exc_info: object) -> None:
        del self.group.update


def check_address(address: str, timeout: float = 5.0) -> None:
    """Fail fast when ``--address`` names no reachable Ray head (``ray.init`` would retry for
    minutes): ``HOST:PORT`` (or ``ray://HOST:PORT``) must accept a TCP connection; ``auto`` is
    left to Ray (it finds the cluster started on this machine by ``ray start``)."""
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise SystemExit(f"error: --address must be HOST:PORT, ray://HOST:PORT or auto, got {address!r}")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise SystemExit(f"error: no Ray cluster reachable at --address {address}: {exc} "
                         f"(start one with `ray start --head`, see the README)") from exc


def start_ray(args: Args) -> bool:
    """Join ``--address`` or start a local instance of ``--num-cpus`` CPUs; returns whether this
    call started Ray (False: Ray was already initialised in this process, by a test or a notebook,
    and is left running). An unreachable cluster is a clear error."""
    if ray.is_initialized():
        return False
    try:
        if args.address:
            ray.init(address=args.address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the Ray cluster at --address {args.address}" if args.address else "a local Ray instance"
        raise SystemExit(f"error: cannot start or join {where}: {type(exc).__name__}: {exc}") from exc
    return True


def main(argv: list[str] | None = None) -> list[EvalResult]:
    """Train, evaluate, export; returns the final evaluation."""
    args = parse_args(Args, argv, description=__doc__.split("\n")[0])
    try:
        num_players = check_args(args)
    except ValueError as exc:
        raise SystemExit(f"error: {exc}") from exc
    if args.address and not ray.is_initialized():
        check_address(args.address)
    run_dir = Path(args.run_dir)
    description = run_description(args, num_players)
    checkpoint = latest_checkpoint(run_dir) if args.resume else None
    if not args.resume and (run_dir / "checkpoints").exists():
        raise SystemExit(f"{run_dir / 'checkpoints'} exists: pass --resume to continue that run, "
                         f"or choose another --run-dir")
    if checkpoint is not None:
        check_run(run_dir, description)
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "run.json").write_text(json.dumps(description, indent=1) + "\n")

    started = start_ray(args)
    stop = StopAtOnce()  # installed after ray.init, whose SIGTERM handler would abort the driver
    try:
        with stop:
            return train(args, num_players, run_dir, checkpoint, argv)
    except KeyboardInterrupt:
        if stop.received is None:  # a Ctrl-C before StopAtOnce took over
            raise
        newest = latest_checkpoint(run_dir)
        exit_interrupted(f"{signal.Signals(stop.received).name} received; env runners and learners stopped, "
                         f"{'the newest checkpoint is ' + str(newest) if newest else 'no checkpoint yet'}",
                         "wonders_training.train_rllib", sys.argv[1:] if argv is None else argv, 128 + stop.received)
    finally:
        if started:
            ray.shutdown()  # the local Ray instance and all its processes


def train(args: Args, num_players: int, run_dir: Path, checkpoint: Path | None,
          argv: list[str] | None) -> list[EvalResult]:
    counters: dict[str, Any] = {"update": 0, "global_step": 0, "moves": 0, "elapsed_s": 0.0}
    if checkpoint is not None:
        algorithm = Algorithm.from_checkpoint(str(checkpoint.resolve()))
        counters = json.loads((checkpoint / "counters.json").read_text())
        truncate_csvs({run_dir / "progress.csv": PROGRESS_FIELDS, run_dir / "eval.csv": EVAL_FIELDS},
                      counters["update"])
        print(f"resumed from {checkpoint} at iteration {counters['update']}, step {counters['global_step']}")
    else:
        algorithm = build_config(args, num_players).build_algo()
    writer = SummaryWriter(str(run_dir / "tb"), purge_step=counters["global_step"] + 1)

    def log_eval(results: list[EvalResult]) -> None:
        for result in results:
            append_csv(run_dir / "eval.csv", EVAL_FIELDS, eval_row(counters["update"], counters["global_step"], result))
            writer.add_scalar(f"eval/win_rate_vs_{result.opponent}", result.win_rate, counters["global_step"])

    try:
        if counters["update"] == 0 and args.eval_every:
            log_eval(evaluate_policy(learner_network(algorithm, num_players), args, num_players, args.eval_games))
        while counters["update"] < args.iterations:
            start = time.perf_counter()
            with UpdateClock(algorithm) as clock:
                result = algorithm.train()
            seconds = time.perf_counter() - start
            counters["update"] += 1
            counters["global_step"] += count(result.get("env_runners", {}).get("num_module_steps_sampled", {})
                                             .get(LEARNER_MODULE))
            counters["moves"] += count(result.get("env_runners", {}).get("league", {}).get("moves"))
            counters["elapsed_s"] += seconds
            row = iteration_row(result, counters, seconds, clock.seconds)
            append_csv(run_dir / "progress.csv", PROGRESS_FIELDS, row)
            for key, value in row.items():
                if key not in ("update", "global_step") and value != "":
                    writer.add_scalar(f"train/{key}", value, counters["global_step"])
            rates = ", ".join(f"{row[f'win_rate_vs_{n}']:.0%} vs {n}" for n in ("snapshot", "heuristic", "random")
                              if row[f"win_rate_vs_{n}"] != "")
            print(f"iteration {counters['update']}/{args.iterations}: step {counters['global_step']}, "
                  f"{row['decisions_per_second']:.0f} decisions/s, league {row['league_size']}, "
                  f"training games {rates or '-'}", flush=True)
            if args.eval_every and counters["update"] % args.eval_every == 0:
                results = evaluate_policy(learner_network(algorithm, num_players), args, num_players, args.eval_games)
                log_eval(results)
                print("  evaluation: " + ", ".join(f"{r.win_rate:.0%} vs {r.opponent}" for r in results), flush=True)
            counters["elapsed_s"] += time.perf_counter() - start - seconds
            if counters["update"] % args.checkpoint_every == 0 or counters["update"] == args.iterations:
                saving = time.perf_counter()
                save_checkpoint(algorithm, run_dir, counters)
                print(f"  checkpoint written in {time.perf_counter() - saving:.1f} s", flush=True)
        model = learner_network(algorithm, num_players)
    finally:
        algorithm.stop()

    final = evaluate_policy(model, args, num_players, args.final_eval_games)
    log_eval(final)
    writer.close()
    write_final_report(run_dir, final, f"{args.game} ({num_players} players), RLlib PPO league self-play, "
                       f"{counters['global_step']} steps, seed {args.seed}: greedy policy vs the baselines in every "
                       f"other seat", f"{args.game} ({num_players}p) RLlib PPO league, seed {args.seed}",
                       1 / num_players)
    save_policy(model, run_dir / "policy.pt", {
        "command": "python -m wonders_training.train_rllib " + shlex.join(sys.argv[1:] if argv is None else argv),
        "trainer": "rllib", "seed": args.seed, "num_players_trained": num_players, "edition": args.edition,
        **env_options(args),
        "global_step": counters["global_step"], "updates": counters["update"],
        "training_seconds": round(counters["elapsed_s"], 1),
        "final_eval": [{"opponent": r.opponent, "games": r.games, "wins": r.wins} for r in final]})
    print(f"wrote {run_dir / 'policy.pt'}, {run_dir / 'learning_curve.png'}, logs in {run_dir}")
    return final


if __name__ == "__main__":
    main()
