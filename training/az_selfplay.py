"""Self-play with search (expert iteration, AlphaZero style) for the ``az`` agent, both games.

A policy-value network (:class:`wonders_agents.policy.ActorCritic`) guides the C++ search
(``core/common/ismcts.hpp``: its priors at every node and the value of every new leaf); the
search's visit counts and the games' outcomes teach the network; the better network guides the
next games. The whole loop reads top to bottom in this file.

```bash
python -m wonders_training.az_selfplay --game seven_wonders_duel --run-dir runs/az_duel   # from the shipped ppo policy
python -m wonders_training.az_selfplay --game seven_wonders --run-dir runs/az_7w           # one network for 3-7 players
python -m wonders_training.az_selfplay --run-dir runs/az_duel --resume                     # after an interruption
python -m wonders_training.az_selfplay --help                                              # every argument
```

**Initialisation** (``--init``): ``ppo`` (the default) starts from the shipped PPO policy
(``agents/policies/ppo_<game>.pt``, the same network shape). Its critic predicts a win/loss
return in [-1, 1]; the search reads the value as a return in [0, 1], so the critic's weight and
bias are halved and 0.5 is added to the bias (``v' = (v + 1) / 2`` exactly). ``az`` goes on from
the shipped az policy (``agents/policies/az_<game>.pt``, whose value is already a return in
[0, 1]): a longer run picks up where the shipped one stopped (its replay buffer and optimizer
start afresh). ``none``: a fresh network of ``--hidden`` units.

Iteration after iteration:

1. **Generation.** ``--games`` games of the compiled core (:mod:`wonders_env.vector`, batches of
   ``--num-envs`` games, each row playing one game; 7 Wonders: 1st edition, the batches cycle
   through the ``--player-counts``, the observation and action sizes are the same at every
   count). Every acting seat's move is chosen by a C++ search (one ``Searcher`` per game and seat,
   so Duel's tree is reused from one move to the next) from a copy of the game's core state
   (:meth:`~wonders_env.vector.VectorEnv.core_state`, only ever determinized for that seat: the
   search never reads what the player cannot see) with the generator network,
   ``--simulations`` per move, Dirichlet noise at the root (``--root-noise`` of
   ``Dir(--noise-alpha)``). Each player's first ``--temperature-moves`` moves are drawn from the
   visit counts raised to ``1 / --temperature``, the later ones are the most visited move.
   The searches of a tick run in one call on ``--search-threads`` threads of the core
   (:meth:`~wonders_env.vector.VectorEnv.search_many` on a ``SearchPool``: each thread takes the
   next search not started, the GIL let go; every search has its own seed drawn in a fixed order,
   so the games do not depend on the threads). **Who values the leaves** (``--evaluator``):
   ``core``, the network's forward pass in C++ inside each search, a leaf at a time; or
   ``batched``, the searches of a tick stepped together (the core's ``BatchedSearch``): a wave
   descends every game's search to up to ``--leaves-per-game`` distinct leaves (a leaf waiting
   for the network is not chosen again, and ``--virtual-loss`` steers the next descents away from
   its path), the core writes their observations and masks into one array, **one torch pass** of
   the network on ``--device`` values them all, and the core backs the values and priors up;
   that makes a GPU and a wider network (``--init none --hidden``) usable. ``auto`` (the
   default): ``batched`` on CUDA, else ``core`` (the faster on a CPU for the default network:
   ``benchmarks/README.md``, ``benchmarks/bench_selfplay.py``). With 1 leaf per game and no
   virtual loss the batched searches are the core's (within float rounding; tested). A resumed
   run keeps its evaluator. A decision with one legal move is played without search and not recorded. Each
   recorded decision keeps the seat's observation row, its action mask and the **visit
   distribution** of the root (visits / their sum, over legal actions only: the policy target).
   When the game ends, every decision of a player gets the **value target** = that player's
   return as the search itself scores a finished play-out (``core/*/search.hpp`` ``returns``;
   :func:`wonders_agents.search_values.margin_returns`): ``(1 - w)`` x its share of the win (1 / the
   number of winners, 0 for a loser) + ``w`` x ``sigmoid((its points - the best other player's) /
   s)``, with ``w = 0.2`` and ``s = 5`` points (:data:`MARGIN_WEIGHT`, :data:`MARGIN_SCALE`: the
   search's defaults, which the ``az`` agent plays with, in both games); a Duel won by military
   or scientific supremacy is worth the win share alone. With ``--target-q-weight q`` > 0 the
   target is ``(1 - q)`` x that return + ``q`` x the search's **root value** at that decision
   (its visit-weighted mean return over the root's edges, for the deciding player): one game's
   return is shared by all of its decisions and is noisy, and a network fitted to it alone
   learns the games by heart (a longer Duel run trained so predicts fresh games hardly better
   than a constant; with ``q = 1`` its error there fell by a quarter: ``docs/history.md``,
   ``benchmarks/az_value_fit.py``). In [0, 1], the scale of the network's value in the search.
2. **Training.** The positions join a replay buffer of the last ``--replay-size``; the network
   being trained (the *learner*) does ``--epochs`` passes over the buffer in shuffled minibatches
   of ``--batch-size``: loss = cross-entropy(visit distribution, softmax of the masked logits) +
   ``--value-coef`` x MSE(value, target), Adam (``--learning-rate``), gradient clipping. Before
   that, the learner's two losses on the iteration's new positions, which it has not seen, are
   its **held-out losses** (``fresh_policy_loss``, ``fresh_value_loss`` in ``progress.csv`` and the
   iteration's line): the losses on the buffer fall as the network learns it by heart; these
   fall only when it learns what carries to new games.
3. **Gate** (a soft one). The learner after training, the *candidate*, plays ``--gate-games``
   games against the current *best* network (searches with each network, the same simulations,
   no noise, the most visited move; one candidate seat, rotated game by game, the best in every
   other seat; 7 Wonders at the next player count of the cycle). Its score is its win share (a
   shared win counts 1 / the number of winners); chance is 1 / players. The one-sided test at
   ``--gate-confidence``, on the Wilson interval of the score (``z`` = the normal quantile of
   the confidence): *promote* when the interval's lower bound is above chance (the candidate
   becomes the best and the generator); *keep* when it is not clearly worse (the upper bound is
   not below chance: the candidate generates the next games, the best stays, so learning does not
   stall at the first network); *revert* when it is clearly worse (the upper bound is below
   chance: the best generates the next games). The learner always goes on training from its own
   weights. Every decision is a row of ``gate.csv`` and a line of the log.
4. **Learning curve.** Before the first iteration, every ``--eval-every`` iterations and at the
   end, the best network's search (the ``az`` agent of :func:`wonders_agents.make_agent` with the
   generation's search options: ``--simulations``, ``--exploration``, ``--widening``,
   ``--rollout-weight``; no noise) plays ``--eval-games`` games against each fixed reference: ``random``,
   ``heuristic`` and the rollout ``mcts`` at ``--eval-mcts-simulations`` (2,000 by default, a
   reference that a network guiding 100-200 simulations does not beat from the start; its row is
   named ``mcts:simulations=N``) (seat rotated, the same deals every time:
   :func:`wonders_training.evaluation.evaluate`; 7 Wonders at ``--eval-players``) ->
   ``curve.csv`` (the columns of :mod:`wonders_training.evaluation`, ``update`` = the iteration,
   ``global_step`` = the positions generated so far) and ``curve.png`` with 95% Wilson intervals.

**Progress**: a tqdm bar over the games generated in a terminal (one line per tenth of the run in
a log: :mod:`wonders_training.progress`) and one line per iteration (losses, gate decision, curve).

**Checkpoints and resume.** At the end of each iteration ``checkpoint.pt`` is written atomically
(with a checksum checked on load: :mod:`wonders_agents.policy`):
the learner, best and generator networks, the optimizer, the replay buffer, the numpy and torch
RNG states, the counters, the gate history and the curve (``gate.csv`` and ``curve.csv`` are
rewritten from it). ``--resume`` continues from it and may raise ``--iterations``; every other
argument that changes the results must be the checkpoint's (``--run-dir``, for a moved run,
``--search-threads``, ``--torch-threads``, ``--progress-bar``, ``--device`` and ``--hours`` may
change; ``--evaluator`` must resolve to the checkpoint's evaluator), or it is an error naming the
difference. A resumed run gives the same networks bit for bit as one that was never stopped (same torch thread
count; a test checks it). Without ``--resume`` a run directory that holds a checkpoint is an error,
never overwritten. **Ctrl-C or SIGTERM** stops at the next move (the iteration in progress is
dropped: the checkpoint of the last finished iteration is the run's state), prints the command that
resumes it and exits with status 130 (SIGINT) or 143 (SIGTERM); during the evaluation at the end
of the run, Ctrl-C stops at once (``--resume`` does that evaluation again).

**Device and budget.** ``--device auto`` (the default) trains the learner on CUDA where there is a
CUDA device, else on the CPU (``cuda`` without one is refused before anything starts); the searches
read a copy of the networks' weights on the CPU (``--evaluator core``) or have their leaves
evaluated by the networks where they are (``batched``: on that device), and every file is read onto
the CPU first, so a run resumes on either device. ``--hours H`` ends the run after the iteration
that reaches H hours of its training time (evaluations included), with its last curve point,
checkpoint and policy, as at ``--iterations``; the budget counts across ``--resume``.

**Output**: ``policy.pt`` (the best network: the file to ship as ``agents/policies/az_<game>.pt``,
metadata: ``agent = "az"``, the game, edition, payment, player counts, the training command, seed,
counters, time and the last evaluation), ``best.pt`` (the same file during the run, read by the
evaluations), ``curve.csv``, ``curve.png``, ``gate.csv``, ``progress.csv`` (one row per
iteration: positions, losses, speed), ``checkpoint.pt``.

**Storage**: a position holds the observation as float16 (observations are small integer counts,
held exactly; a value that is not is an error), the mask as packed bits and the visit
distribution as float16.
"""

from __future__ import annotations

import copy
import dataclasses
import shlex
import signal
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn, optim

from wonders_agents import make_agent
from wonders_agents.az_agent import network_arrays
from wonders_agents.policy import (FORMAT_VERSION, ActorCritic, CheckpointError, CompactBatch, PolicySpec, atomic_save,
                           check_spec, load_policy, load_weights, read_file, save_policy, spec_of, trained_payment)
from wonders_agents.ppo_agent import POLICY_DIR  # the shipped policies, in the installed package
from wonders_agents.search_values import margin_returns
from wonders_agents.tournament import wilson_interval
from wonders_training.checkpoints import restore_optimizer_and_rngs, snapshot, torch_rng_states
from wonders_training.cli_args import (arg, check_run_dir, hours_problems, parse_args, run_script, seed_arg,
                               warn_threads)
from wonders_training.csv_files import write_csv
from wonders_training.device import DEVICES, device_problems, resolve_device
from wonders_training.evaluation import EVAL_FIELDS, eval_row, evaluate, plot_learning_curve
from wonders_training.interrupt import EXIT_INTERRUPTED, StopRequest, exit_interrupted
from wonders_training.progress import Progress
from wonders_env import core, vector
from wonders_env.registry import GAME_NAMES, entry, resolve_game

REFERENCES = ("random", "heuristic", "mcts")
EXIT_TERMINATED = 143  # the shell's code for a command ended by SIGTERM
GATE_FIELDS = ("iteration", "players", "games", "score", "share", "chance", "ci_low", "ci_high", "decision",
               "generator")
PROGRESS_FIELDS = ("iteration", "positions", "games", "buffer_positions", "policy_loss", "value_loss",
                   "fresh_policy_loss", "fresh_value_loss", "generate_s", "train_s", "gate_s", "eval_s",
                   "positions_per_second", "elapsed_s")
# arguments that may differ in a resumed run (they do not change its results, or extend it)
# (--evaluator: the evaluator it resolves to is compared, counters["evaluator"])
RESUME_FREE = ("resume", "iterations", "run_dir", "search_threads", "torch_threads", "progress_bar", "device", "hours",
               "evaluator")
# arguments added after runs had been written, with the value that gives those runs' behaviour
# (a checkpoint without one resumes with it)
ADDED_SINCE = {"target_q_weight": 0.0, "eval_mcts_simulations": 0, "leaves_per_game": 8, "virtual_loss": 1}
# how the search scores a finished game (its ``returns``): the search's defaults
# (core/common/ismcts.hpp Options), which the az agent plays with
MARGIN_SCALE, MARGIN_WEIGHT = 5.0, 0.2


@dataclass
class Args:
    game: str = arg("seven_wonders_duel", "the game", choices=GAME_NAMES)
    player_counts: str | None = arg(None, "7 Wonders (1st edition): the player counts the batches cycle through, "
                                          "comma-separated (default 3,4,5,6,7); Duel: 2")
    seed: int = seed_arg("seed of torch and of every deal, search and sample")
    run_dir: str | None = arg(None, "where the checkpoint, logs and policy go (none: runs/az_<game>)")
    resume: bool = arg(False, "continue from run_dir/checkpoint.pt (an error if there is none)")
    iterations: int = arg(10, "generation-training-gate iterations", low=1)
    games: int = arg(32, "games generated per iteration", low=1)
    num_envs: int = arg(16, "games played at once in a generation batch", low=1)
    simulations: int = arg(100, "search simulations per move (generation, gate and curve)", low=1)
    exploration: float = arg(1.5, "the search's PUCT constant", low=0)
    widening: float = arg(0.0, "the search's progressive widening constant (0: off)", low=0)
    root_noise: float = arg(0.25, "fraction of Dirichlet noise in the root prior during generation", low=0, high=1)
    noise_alpha: float = arg(0.3, "Dirichlet concentration of the root noise", low=1e-6)
    rollout_weight: float = arg(0.0, "weight of a play-out in a new leaf's value (0: the network's value only)",
                                low=0, high=1)
    target_q_weight: float = arg(0.0, "share of the search's root value in a position's value target (the rest: "
                                      "the game's return)", low=0, high=1)
    temperature: float = arg(1.0, "temperature of the moves drawn from the visit counts", low=1e-3)
    temperature_moves: int = arg(8, "moves of each player drawn from the visit counts (later: the most visited)",
                                 low=0)
    init: str = arg("ppo", "start from the shipped ppo policy of the game, the shipped az policy, or a fresh network",
                    choices=("ppo", "az", "none"))
    hidden: int | None = arg(None, "units of each hidden layer (none: the ppo policy's, 256 with --init none)",
                             low=1)
    replay_size: int = arg(20_000, "positions kept in the replay buffer (the latest)", low=1)
    epochs: int = arg(2, "passes over the replay buffer per iteration", low=1)
    batch_size: int = arg(256, "positions per minibatch", low=1)
    learning_rate: float = arg(3e-4, "Adam learning rate", low=0)
    value_coef: float = arg(1.0, "weight of the value loss", low=0)
    max_grad_norm: float = arg(1.0, "gradient clipping norm", low=0)
    gate_games: int = arg(20, "games of the candidate against the best network per iteration", low=1)
    gate_confidence: float = arg(0.95, "one-sided confidence of the gate's test", low=0.5, high=0.9999)
    eval_every: int = arg(2, "iterations between learning-curve points (0: only before the first and at the end)",
                          low=0)
    eval_games: int = arg(10, "games per reference in a learning-curve point", low=1)
    eval_mcts_simulations: int = arg(2000, "simulations of the learning curve's mcts reference (0: --simulations)",
                                     low=0)
    eval_players: int = arg(4, "7 Wonders: players in the learning-curve games", low=3, high=7)
    search_threads: int = arg(1, "threads searching different games at once (the results do not depend on it)",
                              low=1)
    evaluator: str = arg("auto", "who evaluates the searches' leaves: core (the network in C++, a leaf at a time), "
                                 "batched (torch on --device, one pass for the leaves of all the games searched at "
                                 "once) or auto (batched on CUDA, else core: the faster on a CPU for the default "
                                 "network; benchmarks/README.md)", choices=("auto", "core", "batched"))
    leaves_per_game: int = arg(8, "batched: leaves of each game's search in one network pass", low=1)
    virtual_loss: int = arg(1, "batched: visits of return 0 that a leaf waiting for the network adds along its "
                               "path, so that a game's leaves in one pass differ (0: none)", low=0, high=1000)
    torch_threads: int = arg(1, "torch CPU threads (0: torch's default)", low=0)
    device: str = arg("auto", "where the network trains (auto: CUDA when there is a CUDA device, else the CPU; the "
                              "searches read a copy of its weights on the CPU)", choices=DEVICES)
    hours: float | None = arg(None, "a time budget: the run stops after the iteration that reaches it, then draws "
                                    "its last curve point and writes its policy (none: --iterations alone)")
    progress_bar: bool | None = arg(None, "a tqdm progress bar (default: in a terminal; in a log, a line per "
                                          "tenth of the run)")


def player_counts(args: Args) -> list[int]:
    """The player counts the batches cycle through (see ``--player-counts``)."""
    fixed = entry(args.game).fixed_players
    if fixed is not None:
        return [fixed]
    return [int(text) for text in (args.player_counts or "3,4,5,6,7").split(",")]


def problems(args: Args) -> list[str]:
    """What is wrong with a combination of arguments (each value alone is checked by its bounds)."""
    found = device_problems(args.device) + hours_problems(args.hours)
    game = resolve_game(args.game)
    fixed = entry(game).fixed_players
    if fixed is not None and args.player_counts not in (None, str(fixed)):
        found.append(f"--player-counts: {game} is played by {fixed} players only, got {args.player_counts!r}")
    elif fixed is None:
        try:
            counts = [int(text) for text in (args.player_counts or "3,4,5,6,7").split(",")]
            for count in counts:
                entry(game).check_table(count, "1st")
        except ValueError as error:
            found.append(f"--player-counts must be comma-separated player counts of the 1st edition of {game}, "
                         f"got {args.player_counts!r}: {error}")
    return found


# ---------------------------------------------------------------- networks
#: the counters of the shipped policy a run starts from, kept in the new policy's metadata
ORIGIN_KEYS = ("command", "iterations", "positions", "games", "training_seconds")


def initial_network(args: Args, spec_sizes: tuple[int, int]) -> tuple[ActorCritic, dict[str, Any]]:
    """The learner at iteration 0 (see ``--init`` in the module docstring), and what it starts
    from: the file and the training counters of the shipped policy (empty with ``--init none``)."""
    if args.init == "none":
        return ActorCritic(PolicySpec(args.game, *spec_sizes, args.hidden or 256)), {}
    path = POLICY_DIR / f"{args.init}_{args.game}.pt"
    shipped, metadata = load_policy(path, args.game)
    if metadata.get("agent", "ppo") != args.init:
        raise CheckpointError(f"{path}: --init {args.init} needs a policy of the agent {args.init!r}, got one of "
                              f"{metadata.get('agent', 'ppo')!r}")
    if (shipped.spec.obs_size, shipped.spec.num_actions) != spec_sizes or metadata.get("edition", "1st") != "1st" \
            or trained_payment(metadata, args.game) not in (None, "cheapest"):
        raise CheckpointError(f"{path}: --init {args.init} needs the 1st edition's policy with the cheapest payment, "
                              f"got {metadata.get('edition')!r}, {trained_payment(metadata, args.game)!r} and "
                              f"sizes {(shipped.spec.obs_size, shipped.spec.num_actions)} (here {spec_sizes})")
    if args.hidden is not None and args.hidden != shipped.spec.hidden:
        raise SystemExit(f"--hidden {args.hidden}: --init {args.init} starts from {path}, which has "
                         f"{shipped.spec.hidden} units; leave out --hidden or use --init none")
    model = ActorCritic(shipped.spec)
    model.load_state_dict(shipped.state_dict())
    if args.init == "ppo":
        with torch.no_grad():  # critic in [-1, 1] (win/loss) -> a return in [0, 1]: (v + 1) / 2
            model.critic.weight.mul_(0.5)
            model.critic.bias.mul_(0.5).add_(0.5)
    origin = {"file": path.name, **{key: metadata[key] for key in ORIGIN_KEYS if key in metadata}}
    return model, origin


def network_copy(model: ActorCritic, weights: dict[str, torch.Tensor]) -> ActorCritic:
    """A copy of ``model`` with ``weights`` (copied, not built: building draws from torch's RNG)."""
    other = copy.deepcopy(model)
    load_weights(other, weights, Path("<checkpoint>"))
    other.eval()
    return other


# ---------------------------------------------------------------- playing games with search
@dataclass
class Positions:
    """Recorded decisions: observation (float16), packed mask, visit distribution (float16), value."""

    obs: np.ndarray
    masks: np.ndarray
    policies: np.ndarray
    values: np.ndarray

    @staticmethod
    def empty(obs_size: int, num_actions: int) -> Positions:
        return Positions(np.zeros((0, obs_size), np.float16), np.zeros((0, (num_actions + 7) // 8), np.uint8),
                         np.zeros((0, num_actions), np.float16), np.zeros(0, np.float32))

    def __len__(self) -> int:
        return len(self.values)

    def joined(self, other: Positions, keep: int) -> Positions:
        """These positions followed by ``other``, the last ``keep`` of them."""
        return Positions(*(np.concatenate([a, b])[-keep:] for a, b in
                           ((self.obs, other.obs), (self.masks, other.masks), (self.policies, other.policies),
                            (self.values, other.values))))

    def tensors(self) -> dict[str, torch.Tensor]:
        return {name: torch.from_numpy(np.ascontiguousarray(getattr(self, name)))
                for name in ("obs", "masks", "policies", "values")}

    @staticmethod
    def from_tensors(payload: dict[str, torch.Tensor]) -> Positions:
        return Positions(*(payload[name].numpy() for name in ("obs", "masks", "policies", "values")))


@dataclass
class SearchPlay:
    """How the searches of a batch of games play: budgets and noise (see the module docstring)."""

    options: dict[str, Any]
    temperature: float = 1.0
    temperature_moves: int = 0
    record: bool = False
    target_q_weight: float = 0.0  # share of the root value in a recorded position's value target
    batched: BatchedLeaves | None = None  # who values the leaves: None, the network in C++ (--evaluator core)


class BatchedLeaves:
    """The ``batched`` evaluator (``--evaluator batched``): the searches of a tick are stepped
    together (the core's ``BatchedSearch``), a wave at a time: each game's search descends to up to
    ``leaves_per_game`` leaves (distinct: ``virtual_loss``), and one torch pass of the network, on
    the device its weights are on, evaluates the leaves of every game that shares that network.
    The core writes the leaves' observations and masks into this object's arrays, which are
    reused from tick to tick."""

    def __init__(self, leaves_per_game: int, virtual_loss: int) -> None:
        self.leaves_per_game = leaves_per_game
        self.virtual_loss = virtual_loss
        self.arrays: list[tuple[np.ndarray, np.ndarray]] = []  # per network of a tick: observations, masks

    def buffers(self, index: int, rows: int, obs_size: int, num_actions: int) -> tuple[np.ndarray, np.ndarray]:
        """The observation and mask arrays of the tick's ``index``-th network, at least ``rows`` rows."""
        while len(self.arrays) <= index:
            self.arrays.append((np.zeros((0, obs_size), np.float32), np.zeros((0, num_actions), np.int8)))
        obs, masks = self.arrays[index]
        if len(obs) < rows or obs.shape[1] != obs_size or masks.shape[1] != num_actions:
            obs, masks = np.zeros((rows, obs_size), np.float32), np.zeros((rows, num_actions), np.int8)
            self.arrays[index] = obs, masks
        return obs, masks

    @staticmethod
    def evaluate(model: ActorCritic, obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The network's values and priors (the softmax over each row's legal actions, 0 elsewhere)
        of the rows, computed at the inputs not 0 and the legal actions only (a
        :class:`wonders_agents.policy.CompactBatch`: the same numbers as the dense pass, a fraction of the
        work). A row that asks the value only (no legal action in its mask) gets a prior of 1 on
        action 0, which the search does not read."""
        asked = masks != 0
        asked[~asked.any(1), 0] = True
        batch = CompactBatch.of(obs, asked)
        with torch.inference_mode():
            log_probs, value = model.legal_log_probs_and_value(batch.to(model.actor.weight.device))
            log_probs, value = log_probs.float().cpu().numpy(), value.float().cpu().numpy()
        valid = batch.valid.numpy()
        priors = np.zeros(masks.shape, np.float32)
        priors[np.nonzero(valid)[0], batch.legal.numpy()[valid]] = np.exp(log_probs[valid])
        return value, priors

    def search(self, venv: vector.VectorEnv, pool: Any, searchers: list[Any], models: list[ActorCritic],
               states: list[Any], players: list[int], seeds: list[int], options: dict[str, Any]
               ) -> dict[str, np.ndarray]:
        """``venv.search_many``'s result, the leaves valued by ``models[j]`` for search ``j``."""
        # the game's BatchedSearch, in the core's module of its Searcher class
        module = getattr(core.load(), type(searchers[0]).__module__.rsplit(".", 1)[1])
        count, leaves = len(searchers), self.leaves_per_game
        out = {"action": np.zeros(count, np.int64), "visits": np.zeros((count, venv.num_actions), np.float32),
               "means": np.zeros((count, venv.num_actions), np.float32), "simulations": np.zeros(count, np.int64)}
        groups: dict[int, list[int]] = {}
        for j, model in enumerate(models):
            groups.setdefault(id(model), []).append(j)
        running = []
        for index, members in enumerate(groups.values()):
            model = models[members[0]]
            obs, masks = self.buffers(index, len(members) * leaves, venv.observation_size, venv.num_actions)
            search = module.BatchedSearch(pool, [searchers[j] for j in members], [states[j] for j in members],
                                          [players[j] for j in members], [seeds[j] for j in members], obs, masks,
                                          virtual_loss=self.virtual_loss, **options)
            running.append((members, model, search, obs, masks))
        while running:
            for item in list(running):
                members, model, search, obs, masks = item
                rows = search.select(leaves)
                if rows:
                    search.backup(*self.evaluate(model, obs[:rows], masks[:rows]))
                    continue
                for key, value in search.results().items():
                    out[key][members] = value
                running.remove(item)
        return out


@dataclass
class Played:
    """What :func:`play_games` returns: the positions (when recorded) and each game's outcome."""

    positions: Positions
    returns: list[list[float]] = field(default_factory=list)  # per game, per seat: the search's return
    shares: list[list[float]] = field(default_factory=list)   # per game, per seat: the win share
    # per recorded position, the two parts of its value target: its player's return and the root value
    position_returns: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    root_values: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))


class Stopped(Exception):
    """A stop was requested (Ctrl-C, SIGTERM) while games were played."""


def search_options(args: Args, noise: float) -> dict[str, Any]:
    """The keyword arguments of ``Searcher.search`` (see the module docstring)."""
    return {"simulations": args.simulations, "exploration": args.exploration, "widening": args.widening,
            "margin_scale": MARGIN_SCALE, "margin_weight": MARGIN_WEIGHT, "root_noise": noise,
            "noise_alpha": args.noise_alpha, "rollout_weight": args.rollout_weight}


def record_returns(record: dict[str, Any], margin_scale: float,
                   margin_weight: float) -> tuple[list[float], list[float]]:
    """(the search's return, the win share) of each player of a finished game's record (see the
    module docstring: the value target)."""
    players = record["players"]
    names = [player["agent"] for player in players]
    winners = record["winners"]
    shares = [1.0 / len(winners) if name in winners else 0.0 for name in names]
    if record.get("victory", "civilian") != "civilian":  # won otherwise than on points (Duel: military, science)
        return shares, shares
    return margin_returns([player["score"]["total"] for player in players], shares, margin_scale,
                          margin_weight), shares


def play_games(venv: vector.VectorEnv, networks: list[list[ActorCritic]], play: SearchPlay,
               rng: np.random.Generator, pool: Any | None, stop: StopRequest | None = None,
               on_game: Any = None) -> Played:
    """One game in each row of ``venv`` (just made, not reset), every seat searching with its
    network (``networks[game][seat]``), valued in C++ or batched in torch (``play.batched``).
    Rows whose game ended play random moves (unrecorded) until every row's game has ended. The
    searches of a tick run at once on ``pool``'s threads (a ``core.load().SearchPool``; None: one)."""
    pool = core.load().SearchPool(1) if pool is None else pool
    obs, mask, to_act = venv.reset()
    games, seats = venv.num_envs, venv.num_players
    searchers = [[venv.searcher() for _ in range(seats)] for _ in range(games)]
    if play.batched is None:
        arrays: dict[int, list[np.ndarray]] = {}
        for g in range(games):
            for s in range(seats):
                model = networks[g][s]
                searchers[g][s].set_network(arrays.setdefault(id(model), network_arrays(model)))
    moves = np.zeros((games, seats), np.int64)
    done = np.zeros(games, bool)
    rows: list[list[tuple[int, np.ndarray, np.ndarray, np.ndarray, float]]] = [[] for _ in range(games)]
    played = Played(Positions.empty(venv.observation_size, venv.num_actions), [[] for _ in range(games)],
                    [[] for _ in range(games)])
    margin = (play.options["margin_scale"], play.options["margin_weight"])
    while not done.all():
        if stop is not None and stop.requested:
            raise Stopped
        actions = venv.sample_actions() if done.any() else np.full((games, seats), -1, np.int64)
        jobs, states = [], []
        for g in np.flatnonzero(~done):
            state = None
            for s in np.flatnonzero(to_act[g]):
                legal = np.flatnonzero(mask[g, s])
                if len(legal) == 1:
                    actions[g, s] = legal[0]
                    continue
                state = venv.core_state(int(g)) if state is None else state
                jobs.append((int(g), int(s), int(rng.integers(2**63))))
                states.append(state)
        # the tick's searches at once on the pool's threads (the core's, GIL let go)
        job_searchers, players, seeds = [searchers[g][s] for g, s, _ in jobs], [s for _, s, _ in jobs], \
            [seed for _, _, seed in jobs]
        if play.batched is None:
            results = venv.search_many(pool, job_searchers, states, players, seeds, **play.options)
        elif jobs:
            results = play.batched.search(venv, pool, job_searchers, [networks[g][s] for g, s, _ in jobs], states,
                                          players, seeds, play.options)
        for j, (g, s, _) in enumerate(jobs):
            visits = results["visits"][j].astype(np.float64) * (mask[g, s] != 0)
            means = results["means"][j].astype(np.float64)
            if moves[g, s] < play.temperature_moves and visits.sum() > 0:
                weights = (visits / visits.max()) ** (1.0 / play.temperature)  # no overflow at a low temperature
                actions[g, s] = rng.choice(venv.num_actions, p=weights / weights.sum())
            else:
                actions[g, s] = results["action"][j]
            moves[g, s] += 1
            if play.record:
                if visits.sum() <= 0:
                    raise RuntimeError(f"game {g}, seat {s}: the search visited no legal root action")
                root_value = float(visits @ means / visits.sum())
                rows[g].append((s, obs[g, s].copy(), mask[g, s] != 0, visits / visits.sum(), root_value))
        seeds = venv.seeds.copy()
        obs, mask, to_act, _, terminated = venv.step(actions)
        if terminated.any():
            for record in venv.finished_records():
                g = next(int(g) for g in np.flatnonzero(terminated) if seeds[g] == record["seed"])
                if done[g]:
                    continue
                done[g] = True
                played.returns[g], played.shares[g] = record_returns(record, *margin)
                if on_game is not None:
                    on_game()
    if play.record:
        played.positions, played.position_returns, played.root_values = positions_of(
            rows, played.returns, venv.num_actions, play.target_q_weight)
    return played


def positions_of(rows: list[list[tuple[int, np.ndarray, np.ndarray, np.ndarray, float]]],
                 returns: list[list[float]], num_actions: int, q_weight: float
                 ) -> tuple[Positions, np.ndarray, np.ndarray]:
    """The recorded decisions of finished games, each with its value target: ``1 - q_weight`` of
    its player's return and ``q_weight`` of the root value of the search that decided; and those
    two parts, per position."""
    flat = [(row, returns[g][row[0]]) for g, game_rows in enumerate(rows) for row in game_rows]
    position_returns = np.array([value for _, value in flat], np.float32)
    root_values = np.array([row[4] for row, _ in flat], np.float32)
    if not flat:
        empty = Positions.empty(len(rows[0][0][1]) if rows and rows[0] else 0, num_actions)
        return empty, position_returns, root_values
    obs = np.stack([row[1] for row, _ in flat])
    obs16 = obs.astype(np.float16)
    if not np.array_equal(obs16.astype(np.float32), obs):
        raise RuntimeError("an observation holds a value that float16 does not hold exactly; the replay "
                           "buffer stores observations as float16")
    targets = ((1 - q_weight) * position_returns + q_weight * root_values).astype(np.float32)
    return Positions(obs16, np.packbits(np.stack([row[2] for row, _ in flat]), axis=1),
                     np.stack([row[3] for row, _ in flat]).astype(np.float16), targets), position_returns, root_values


def make_batch(args: Args, num_envs: int, num_players: int, rng: np.random.Generator) -> vector.VectorEnv:
    options = entry(args.game).check_table(num_players, "1st")
    return vector.make(args.game, num_envs, seed=int(rng.integers(2**63)), **options)


# ---------------------------------------------------------------- training
def position_losses(model: ActorCritic, obs: torch.Tensor, masks: torch.Tensor, policies: torch.Tensor,
                    values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """(cross-entropy of the visit distributions to the masked policy, MSE of the value) of positions."""
    logits, value = model(obs)
    log_probs = torch.log_softmax(logits.masked_fill(~masks, -1e9), -1)
    return -(policies * log_probs).sum(-1).mean(), ((value - values) ** 2).mean()


def unpacked(positions: Positions, num_actions: int, device: torch.device) -> tuple[torch.Tensor, ...]:
    """The observations, masks, visit distributions and value targets of ``positions`` as tensors on
    ``device`` (one copy each)."""
    data = positions.tensors()
    masks = torch.from_numpy(np.unpackbits(positions.masks, axis=1, count=num_actions).astype(bool))
    return tuple(tensor.to(device) for tensor in (data["obs"].float(), masks, data["policies"].float(), data["values"]))


def held_out_losses(model: ActorCritic, positions: Positions) -> dict[str, float]:
    """The model's losses on positions it has not been trained on (see the module docstring)."""
    if not len(positions):
        return {"fresh_policy_loss": float("nan"), "fresh_value_loss": float("nan")}
    model.eval()
    with torch.no_grad():
        policy_loss, value_loss = position_losses(model, *unpacked(positions, model.spec.num_actions,
                                                                   model.actor.weight.device))
    return {"fresh_policy_loss": policy_loss.item(), "fresh_value_loss": value_loss.item()}


def train(model: ActorCritic, optimizer: optim.Optimizer, buffer: Positions, args: Args,
          rng: np.random.Generator) -> dict[str, float]:
    """``--epochs`` passes over the buffer: cross-entropy to the visit distribution + value MSE."""
    device = model.actor.weight.device
    obs, masks, policies, values = unpacked(buffer, model.spec.num_actions, device)
    model.train()
    policy_losses, value_losses = [], []
    for _ in range(args.epochs):
        order = torch.from_numpy(rng.permutation(len(buffer))).to(device)
        for start in range(0, len(buffer), args.batch_size):
            mb = order[start:start + args.batch_size]
            policy_loss, value_loss = position_losses(model, obs[mb], masks[mb], policies[mb], values[mb])
            loss = policy_loss + args.value_coef * value_loss
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
            optimizer.step()
            policy_losses.append(policy_loss.item())
            value_losses.append(value_loss.item())
    model.eval()
    return {"policy_loss": float(np.mean(policy_losses)), "value_loss": float(np.mean(value_losses))}


# ---------------------------------------------------------------- the gate
PROMOTE, KEEP, REVERT = "promote", "keep", "revert"


def gate_decision(score: float, games: int, chance: float, confidence: float) -> tuple[str, float, float]:
    """(decision, interval low, interval high) for a candidate that scored ``score`` (its win
    share summed) over ``games`` against the best: see the module docstring."""
    z = statistics.NormalDist().inv_cdf(confidence)
    low, high = wilson_interval(score, games, z)
    if low > chance:
        return PROMOTE, low, high
    if high < chance:
        return REVERT, low, high
    return KEEP, low, high


def gate_games(args: Args, candidate: ActorCritic, best: ActorCritic, num_players: int, rng: np.random.Generator,
               pool: Any, stop: StopRequest, batched: BatchedLeaves | None) -> float:
    """The candidate's score (win shares summed) over ``--gate-games`` games against the best."""
    venv = make_batch(args, args.gate_games, num_players, rng)
    networks = [[candidate if s == g % num_players else best for s in range(num_players)]
                for g in range(args.gate_games)]
    played = play_games(venv, networks, SearchPlay(search_options(args, 0.0), batched=batched), rng, pool, stop)
    return sum(played.shares[g][g % num_players] for g in range(args.gate_games))


# ---------------------------------------------------------------- the learning curve
def policy_metadata(args: Args, argv: list[str], counters: dict[str, Any], curve: list[dict[str, Any]]
                    ) -> dict[str, Any]:
    """The metadata of ``best.pt`` and ``policy.pt`` (see the module docstring)."""
    last = [row for row in curve if row["update"] == curve[-1]["update"]] if curve else []
    return {"agent": "az", "game": args.game, "edition": "1st", "payment": "cheapest",
            "num_players_trained": player_counts(args),
            "command": "python -m wonders_training.az_selfplay " + shlex.join(argv),
            "seed": args.seed, "simulations": args.simulations, "iterations": counters["iteration"],
            "positions": counters["positions"], "games": counters["games"],
            "training_seconds": round(counters["elapsed_s"], 1), "init": counters.get("init", {}),
            "evaluation": [{"opponent": row["opponent"], "games": row["games"], "wins": row["wins"],
                            "simulations": args.simulations} for row in last]}


def curve_point(args: Args, best_path: Path, counters: dict[str, Any]) -> list[dict[str, Any]]:
    """The best network's search against each reference (``curve.csv`` rows)."""
    num_players = entry(args.game).fixed_players or args.eval_players
    agent = make_agent("az", game=args.game, seed=args.seed, simulations=args.simulations, path=str(best_path),
                       exploration=args.exploration, widening=args.widening, rollout_weight=args.rollout_weight)
    rows = []
    for opponent in REFERENCES:
        options = {"simulations": args.eval_mcts_simulations or args.simulations} if opponent == "mcts" else None
        result = evaluate(agent, args.game, num_players, opponent, args.eval_games, seed=args.seed + 10_000,
                          opponent_options=options)
        if options:
            result = dataclasses.replace(result, opponent=f"{opponent}:simulations={options['simulations']}")
        rows.append(eval_row(counters["iteration"], counters["positions"], result))
    return rows


# ---------------------------------------------------------------- checkpoints and logs
def save_checkpoint(path: Path, args: Args, networks: dict[str, ActorCritic], optimizer: optim.Optimizer,
                    buffer: Positions, rng: np.random.Generator, counters: dict[str, Any],
                    gates: list[dict[str, Any]], curve: list[dict[str, Any]], progress_rows: list[dict[str, Any]]
                    ) -> None:
    learner = networks["learner"]
    atomic_save({"kind": "checkpoint", "format_version": FORMAT_VERSION, "trainer": "az_selfplay",
                 "spec": asdict(learner.spec), "args": asdict(args), "model": learner.state_dict(),
                 "best": networks["best"].state_dict(), "generator": networks["generator"].state_dict(),
                 "optimizer": optimizer.state_dict(), "buffer": buffer.tensors(), "numpy_rng": rng.bit_generator.state,
                 **torch_rng_states(), "counters": counters, "gates": gates, "curve": curve,
                 "progress": progress_rows}, path)


def load_checkpoint(path: Path, args: Args) -> dict[str, Any]:
    """The checkpoint's payload, checked against this run's arguments."""
    payload = read_file(path, ("checkpoint",))
    if payload.get("trainer") != "az_selfplay":
        raise CheckpointError(f"{path}: not a checkpoint of wonders_training.az_selfplay "
                              "(another script's run directory)")
    saved = {**ADDED_SINCE, **payload["args"]}
    if saved.get("game") != args.game:
        raise CheckpointError(f"{path}: a run of {saved.get('game')!r}, not of {args.game!r}")
    here = asdict(args)

    def acting(values: dict[str, Any], name: str) -> Any:
        """An argument's value as the run uses it (the player counts left out or written out alike)."""
        return player_counts(dataclasses.replace(args, player_counts=values.get(name))) if name == "player_counts" \
            else values.get(name)

    diffs = [f"--{name.replace('_', '-')} is {saved.get(name)!r} in the checkpoint but {value!r} here"
             for name, value in here.items() if name not in RESUME_FREE and acting(saved, name) != acting(here, name)]
    if diffs:
        raise CheckpointError(f"{path}: a resumed run must keep the arguments that change its results: "
                              + "; ".join(diffs))
    return payload


# ---------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train; returns the final counters, gate history and curve."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(Args, argv, description=__doc__.split("\n")[0], validate=problems)
    args.game = resolve_game(args.game)
    if args.torch_threads:
        warn_threads("--torch-threads", args.torch_threads)
        torch.set_num_threads(args.torch_threads)
    warn_threads("--search-threads", args.search_threads)
    run_dir = Path(args.run_dir or f"runs/az_{args.game}")
    checkpoint_path = run_dir / "checkpoint.pt"
    check_run_dir(checkpoint_path, args.resume)
    if not args.resume and (run_dir / "policy.pt").exists():
        raise SystemExit(f"{run_dir / 'policy.pt'} exists (a finished run): choose another --run-dir")
    counts = player_counts(args)

    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    sizes = make_batch(args, 1, counts[0], np.random.default_rng(0))
    learner, origin = initial_network(args, (sizes.observation_size, sizes.num_actions))
    learner.to(resolve_device(args.device))
    optimizer = optim.Adam(learner.parameters(), lr=args.learning_rate)
    networks = {"learner": learner, "best": network_copy(learner, snapshot(learner)),
                "generator": network_copy(learner, snapshot(learner))}
    buffer = Positions.empty(sizes.observation_size, sizes.num_actions)
    counters: dict[str, Any] = {"iteration": 0, "batches": 0, "positions": 0, "games": 0, "elapsed_s": 0.0,
                                "init": origin, "evaluator": resolve_evaluator(args)}
    gates: list[dict[str, Any]] = []
    curve: list[dict[str, Any]] = []
    progress_rows: list[dict[str, Any]] = []
    if args.resume:
        payload = load_checkpoint(checkpoint_path, args)
        check_spec(spec_of(payload, checkpoint_path), learner.spec, checkpoint_path)
        load_weights(learner, payload["model"], checkpoint_path)
        networks["best"] = network_copy(learner, payload["best"])
        networks["generator"] = network_copy(learner, payload["generator"])
        restore_optimizer_and_rngs(checkpoint_path, payload, optimizer, rng)
        buffer = Positions.from_tensors(payload["buffer"])
        counters, gates, curve, progress_rows = (payload["counters"], payload["gates"], payload["curve"],
                                                 payload["progress"])
        print(f"resumed from {checkpoint_path} at iteration {counters['iteration']} "
              f"({counters['positions']:,} positions)", flush=True)
    evaluator = resolve_evaluator(args)
    if counters.setdefault("evaluator", "core") != evaluator:  # a checkpoint without one: the core's
        raise CheckpointError(f"{checkpoint_path}: a resumed run must keep its evaluator of the leaves: "
                              f"{counters['evaluator']!r} in the checkpoint, {evaluator!r} here (--evaluator "
                              f"{args.evaluator}); give --evaluator {counters['evaluator']}")
    run_dir.mkdir(parents=True, exist_ok=True)
    best_path = run_dir / "best.pt"

    def write_logs() -> None:
        write_csv(run_dir / "gate.csv", GATE_FIELDS, gates)
        write_csv(run_dir / "curve.csv", EVAL_FIELDS, curve)
        write_csv(run_dir / "progress.csv", PROGRESS_FIELDS, progress_rows)
        if curve:
            plot_learning_curve(run_dir / "curve.csv", run_dir / "curve.png",
                                f"{args.game}: az search ({args.simulations} simulations) vs references",
                                chance=1 / (entry(args.game).fixed_players or args.eval_players),
                                xlabel="positions generated (searched decisions)")

    def save_best() -> None:
        save_policy(networks["best"], best_path, policy_metadata(args, argv, counters, curve))

    progress = Progress(args.iterations * args.games, counters["iteration"] * args.games, args.progress_bar,
                        unit="game")
    pool = core.load().SearchPool(args.search_threads)
    batched = BatchedLeaves(args.leaves_per_game, args.virtual_loss) if counters["evaluator"] == "batched" else None
    with StopRequest((signal.SIGINT, signal.SIGTERM), "stopping at the next move; the run continues from the "
                     "last finished iteration's checkpoint") as stop:
        try:
            if counters["iteration"] == 0 and not curve:
                save_best()
                curve.extend(curve_point(args, best_path, counters))
                save_checkpoint(checkpoint_path, args, networks, optimizer, buffer, rng, counters, gates, curve,
                                progress_rows)
                write_logs()
                progress.write("before training: " + curve_text(curve))
            while counters["iteration"] < args.iterations and not over_budget(args, counters):
                iteration_row = run_iteration(args, networks, optimizer, buffer, rng, counters, gates, curve, pool,
                                              batched, stop, progress, save_best, best_path)
                buffer = iteration_row.pop("buffer")
                progress_rows.append(iteration_row)
                save_checkpoint(checkpoint_path, args, networks, optimizer, buffer, rng, counters, gates, curve,
                                progress_rows)
                write_logs()
        except Stopped:
            pass
        progress.close()
        if stop.requested:
            exit_interrupted(f"iteration {counters['iteration'] + 1} dropped; {checkpoint_path} holds iteration "
                             f"{counters['iteration']}", "wonders_training.az_selfplay", argv,
                             EXIT_INTERRUPTED if stop.received == signal.SIGINT else EXIT_TERMINATED)

    if not curve or curve[-1]["update"] != counters["iteration"]:
        save_best()
        curve.extend(curve_point(args, best_path, counters))
        write_logs()
        save_checkpoint(checkpoint_path, args, networks, optimizer, buffer, rng, counters, gates, curve,
                        progress_rows)
    save_best()
    save_policy(networks["best"], run_dir / "policy.pt", policy_metadata(args, argv, counters, curve))
    print(f"final: {curve_text(curve)}\nwrote {run_dir / 'policy.pt'} (ship it as agents/policies/az_{args.game}.pt), "
          f"{run_dir / 'curve.png'}, logs in {run_dir}", flush=True)
    return {"counters": counters, "gates": gates, "curve": curve}


def resolve_evaluator(args: Args) -> str:
    """The evaluator of the leaves that ``--evaluator`` names (``auto``: batched on CUDA, else core)."""
    if args.evaluator != "auto":
        return args.evaluator
    return "batched" if resolve_device(args.device).type == "cuda" else "core"


def over_budget(args: Args, counters: dict[str, Any]) -> bool:
    """Whether the run has spent its ``--hours`` (never without one)."""
    return args.hours is not None and counters["elapsed_s"] >= args.hours * 3600


def curve_text(curve: list[dict[str, Any]]) -> str:
    last = [row for row in curve if row["update"] == curve[-1]["update"]]
    return ", ".join(f"{row['win_rate']:.0%} vs {row['opponent']} [{row['ci_low']:.0%}, {row['ci_high']:.0%}]"
                     for row in last)


def run_iteration(args: Args, networks: dict[str, ActorCritic], optimizer: optim.Optimizer, buffer: Positions,
                  rng: np.random.Generator, counters: dict[str, Any], gates: list[dict[str, Any]],
                  curve: list[dict[str, Any]], pool: Any, batched: BatchedLeaves | None, stop: StopRequest,
                  progress: Progress, save_best: Any, best_path: Path) -> dict[str, Any]:
    """Generation, training, gate and (when due) a curve point, updating the networks, optimizer,
    counters, gate history and curve in place (a stop raises :class:`Stopped` midway: the run then
    ends, and resumes from the last checkpoint). Returns the iteration's progress row, with the
    new replay buffer under ``"buffer"``."""
    start = time.perf_counter()
    counts = player_counts(args)
    iteration = counters["iteration"] + 1
    generator = networks["generator"]
    new = Positions.empty(buffer.obs.shape[1], buffer.policies.shape[1])
    batches = counters["batches"]
    done_games = 0
    for first in range(0, args.games, args.num_envs):
        num_envs = min(args.num_envs, args.games - first)
        num_players = counts[batches % len(counts)]
        venv = make_batch(args, num_envs, num_players, rng)
        networks_of = [[generator] * num_players for _ in range(num_envs)]

        def one_game() -> None:
            nonlocal done_games
            done_games += 1
            progress.update(counters["iteration"] * args.games + done_games, iteration=iteration)

        played = play_games(venv, networks_of, SearchPlay(search_options(args, args.root_noise), args.temperature,
                                                          args.temperature_moves, record=True,
                                                          target_q_weight=args.target_q_weight, batched=batched),
                            rng, pool, stop, one_game)
        new = new.joined(played.positions, len(new) + len(played.positions))
        batches += 1
    generated = time.perf_counter()
    fresh = held_out_losses(networks["learner"], new)
    buffer = buffer.joined(new, args.replay_size)
    losses = train(networks["learner"], optimizer, buffer, args, rng)
    trained = time.perf_counter()
    if stop.requested:
        raise Stopped
    gate_players = counts[(iteration - 1) % len(counts)]
    score = gate_games(args, networks["learner"], networks["best"], gate_players, rng, pool, stop, batched)
    decision, low, high = gate_decision(score, args.gate_games, 1 / gate_players, args.gate_confidence)
    if decision == PROMOTE:
        networks["best"] = network_copy(networks["learner"], snapshot(networks["learner"]))
    source = networks["best"] if decision == REVERT else networks["learner"]
    networks["generator"] = network_copy(networks["learner"], snapshot(source))
    gated = time.perf_counter()
    counters.update(iteration=iteration, batches=batches, positions=counters["positions"] + len(new),
                    games=counters["games"] + args.games)
    gates.append({"iteration": iteration, "players": gate_players, "games": args.gate_games,
                  "score": round(score, 4), "share": round(score / args.gate_games, 4),
                  "chance": round(1 / gate_players, 4), "ci_low": round(low, 4), "ci_high": round(high, 4),
                  "decision": decision, "generator": "best" if decision == REVERT else "candidate"})
    lines = [f"iteration {iteration}: {len(new):,} positions ({len(buffer):,} in the buffer), policy loss "
             f"{losses['policy_loss']:.3f}, value loss {losses['value_loss']:.4f} (on the new positions before "
             f"training: {fresh['fresh_policy_loss']:.3f}, {fresh['fresh_value_loss']:.4f}); gate: candidate "
             f"{score:g} of {args.gate_games} vs best ({gate_players}p, chance {1 / gate_players:.0%}, interval "
             f"[{low:.0%}, {high:.0%}]): {decision}"]
    if args.eval_every and iteration % args.eval_every == 0 and iteration < args.iterations:
        save_best()
        curve.extend(curve_point(args, best_path, counters))
        lines.append(f"curve: {curve_text(curve)}")
    evaluated = time.perf_counter()
    counters["elapsed_s"] += evaluated - start
    for line in lines:
        progress.write(line)
    return {"iteration": iteration, "positions": counters["positions"], "games": counters["games"],
            "buffer_positions": len(buffer), "buffer": buffer, "policy_loss": round(losses["policy_loss"], 5),
            "value_loss": round(losses["value_loss"], 5),
            **{name: round(value, 5) for name, value in fresh.items()}, "generate_s": round(generated - start, 1),
            "train_s": round(trained - generated, 1), "gate_s": round(gated - trained, 1),
            "eval_s": round(evaluated - gated, 1),
            "positions_per_second": round(len(new) / max(generated - start, 1e-9), 1),
            "elapsed_s": round(counters["elapsed_s"], 1)}


if __name__ == "__main__":
    run_script(main)
