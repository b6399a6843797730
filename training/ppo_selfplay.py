"""Masked PPO self-play for 7 Wonders and 7 Wonders Duel, in one file (CleanRL style).

```bash
python -m training.ppo_selfplay --game seven_wonders_duel --run-dir runs/duel     # the default job
python -m training.ppo_selfplay --game seven_wonders --num-players 4 --run-dir runs/7w4
python -m training.ppo_selfplay --run-dir runs/duel --resume                      # after an interruption
python -m training.ppo_selfplay --help                                            # every argument
```

What it does, update after update:

1. **Rollout.** ``num_envs`` raw AEC envs are stepped in lockstep. At each tick every env's
   ``agent_selection`` is asked for a move by whoever holds that seat in this game: the learner
   (one shared policy for all its seats, all learner moves of a tick in one batch), a past
   snapshot of the learner from the opponent pool (sampling from its policy), or a baseline of
   :func:`agents.make_agent`. Who holds the seats is drawn when a game starts: with probability
   ``self_play_prob`` the learner holds every seat; otherwise it holds one random seat and each
   other seat is drawn from ``opponent_snapshot`` / ``opponent_heuristic`` / ``opponent_random``
   (weights, normalised; snapshots only once the pool has one). Each env plays at least
   ``num_steps`` moves and then finishes the game in progress, so a rollout holds complete
   games only: no bootstrap value, and nothing but seeds to carry from one rollout to the next.
   In 7 Wonders the AEC env asks the acting players one after another; a learner seat is only
   ever given ``env.observe(its own agent)``, which holds no pending choice of the others.
2. **Advantages.** Each learner seat of each game is one trajectory, rewarded at its end by the
   env (``win_loss``: +1 win, -1 loss, 0 for a Duel draw; or ``score``). GAE(``gamma``,
   ``gae_lambda``) along each trajectory.
3. **PPO update.** Clipped surrogate, clipped value loss, entropy bonus, ``update_epochs`` epochs
   of ``num_minibatches`` minibatches, gradient clipping, learning rate annealed linearly with
   the steps done. The masked categorical sets illegal logits to a large negative number.
4. Every ``snapshot_every`` updates a copy of the weights joins the opponent pool (the oldest
   leaves beyond ``pool_size``). Every ``eval_every`` updates the greedy policy plays
   ``eval_games`` games against ``random`` and against ``heuristic`` (seat rotating, the same
   deals each time). Every ``checkpoint_every`` updates a checkpoint is written.

At the end: a final evaluation (``final_eval_games`` per baseline) printed as a table and saved
to ``final_eval.md``, the learning curve ``learning_curve.png``, and ``policy.pt``: the small file
to ship, with the command line, seed, training time and results in its metadata (load it with
:func:`training.policy.load_policy` or ``agents/ppo_agent.py``).

**Steps.** ``global_step`` and ``--total-steps`` count learner decisions (the PPO samples);
``moves`` counts every move of every seat.

**Run directory** (``--run-dir``): ``progress.csv`` (one row per update: losses, entropy, KL,
clip fraction, explained variance, training win rate, speed), ``eval.csv`` (see
:mod:`training.evaluation`), ``tb/`` (TensorBoard: ``tensorboard --logdir runs``),
``checkpoint.pt``, ``policy.pt``, ``learning_curve.png``, ``final_eval.md``.

**Seeding and resume.** ``--seed`` seeds torch and one ``numpy`` generator from which every env
seed, baseline seed and seat assignment is drawn. A checkpoint (written atomically) holds the
model, the optimizer, the update and step counters, both RNG states, the opponent pool and the
arguments; ``--resume`` restarts from it (or starts the run when there is none yet), truncates
the CSV rows written after it and purges the later TensorBoard events, so an interrupted run
continues as if it had not stopped (same results, given the same torch thread count; a test
checks it). Updates after the last checkpoint are done again. A resumed run may raise ``--total-steps``; game,
player count and network size must match the checkpoint, or it raises
:class:`training.policy.CheckpointError` naming the file and the difference. Without
``--resume`` an existing checkpoint in the run directory is an error, never overwritten.

**Configurations.** The defaults train a Duel agent in about 6 minutes on 2 CPU cores
(measured: 300k steps, evaluations included, 5 min 18 s; greedy policy 98.5% against random and
85% against heuristic over 200 games each, seed 1). A longer run::

    python -m training.ppo_selfplay --game seven_wonders_duel --total-steps 5000000 \\
        --num-envs 32 --hidden 512 --eval-every 25 --eval-games 100 --run-dir runs/duel_long

For 7 Wonders use ``--num-players N`` (2-7) and ``--edition 2nd`` for the 2020 edition (3-7
players); the observation has the same size for every player count, so a policy trained at one
count plays at the others (the metadata records the count and edition trained), but not at the
other edition (its card table, so its observation, differs). ``--payment choose`` trains it to
choose whom to pay (the metadata records the mode; the policy refuses the other one).
"""

from __future__ import annotations

import copy
import csv
import shlex
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Union

import numpy as np
import torch
from torch import nn, optim
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

from agents import make_agent
from agents.match import Agent, default_players, make_env, resolve_game, seat_of
from training.cli_args import arg, parse_args
from wonders_env.seven_wonders.actions import PAYMENT_MODES
from training.evaluation import (EVAL_FIELDS, EvalResult, eval_row, evaluate, format_table,
                                 plot_learning_curve)
from training.policy import (FORMAT_VERSION, ActorCritic, CheckpointError, PolicyAgent, PolicySpec,
                             atomic_save, check_spec, load_weights, read_file, save_policy, spec_of)

BASELINES = ("random", "heuristic")
PROGRESS_FIELDS = ("update", "global_step", "moves", "games", "train_win_rate", "learning_rate",
                   "policy_loss", "value_loss", "entropy", "approx_kl", "clipfrac", "explained_variance",
                   "steps_per_second", "elapsed_s")


@dataclass
class Args:
    game: str = arg("seven_wonders_duel", "the game", choices=("seven_wonders", "seven_wonders_duel"))
    num_players: int | None = arg(None, "7 Wonders: 2-7 players (default 4); Duel: 2")
    edition: str = arg("1st", "7 Wonders edition (the 2nd has 3-7 players; Duel has only one)", choices=("1st", "2nd"))
    payment: str = arg("cheapest", "7 Wonders payment mode: the engine pays the cheapest way, or the players "
                       "choose whom to pay (Duel has no choice)", choices=PAYMENT_MODES)
    seed: int = arg(1, "seed of torch and of every env, seat and baseline draw")
    run_dir: str = arg("runs/duel_selfplay", "where logs, checkpoints and the policy go")
    resume: bool = arg(False, "continue from run_dir/checkpoint.pt")
    total_steps: int = arg(300_000, "learner decisions to train on")
    num_envs: int = arg(16, "envs stepped in lockstep")
    num_steps: int = arg(64, "moves per env per rollout, before the games in progress are finished")
    hidden: int = arg(256, "units of each of the two hidden layers")
    learning_rate: float = arg(3e-4, "Adam learning rate")
    anneal_lr: bool = arg(True, "anneal the learning rate linearly to 0 over total_steps")
    gamma: float = arg(1.0, "discount")
    gae_lambda: float = arg(0.95, "GAE lambda")
    num_minibatches: int = arg(4, "minibatches per epoch")
    update_epochs: int = arg(4, "epochs per update")
    norm_adv: bool = arg(True, "normalise advantages per minibatch")
    clip_coef: float = arg(0.2, "PPO clip coefficient")
    clip_vloss: bool = arg(True, "clip the value loss")
    ent_coef: float = arg(0.01, "entropy coefficient")
    vf_coef: float = arg(0.5, "value loss coefficient")
    max_grad_norm: float = arg(0.5, "gradient clipping norm")
    target_kl: float | None = arg(None, "stop an update's epochs early beyond this KL (none: never)")
    reward: str = arg("win_loss", "env reward mode", choices=("win_loss", "score"))
    self_play_prob: float = arg(0.4, "probability that the learner holds every seat of a game")
    opponent_snapshot: float = arg(0.5, "weight of past snapshots for the other seats")
    opponent_heuristic: float = arg(0.3, "weight of the heuristic baseline for the other seats")
    opponent_random: float = arg(0.2, "weight of the random baseline for the other seats")
    snapshot_every: int = arg(5, "updates between snapshots added to the opponent pool")
    pool_size: int = arg(20, "snapshots kept in the pool (the oldest leave)")
    eval_every: int = arg(10, "updates between evaluations against the baselines (0: only at the end)")
    eval_games: int = arg(40, "games per baseline in a periodic evaluation")
    final_eval_games: int = arg(200, "games per baseline in the final evaluation")
    checkpoint_every: int = arg(5, "updates between checkpoints (and one at the end)")
    torch_threads: int = arg(1, "torch CPU threads (0: torch's default; 1 is fastest on a busy 2-core machine)")
    progress_bar: bool = arg(True, "show a tqdm progress bar")


# ---------------------------------------------------------------- who plays a seat
LEARNER = "learner"
Controller = Union[str, int, Agent]  # LEARNER, a snapshot index of the pool, or a baseline agent


@dataclass
class Game:
    """One env's game in progress: who holds each seat, and each learner seat's transitions."""

    env: Any
    controllers: list[Controller]
    trajectories: dict[int, list[int]]
    finished: bool = False


def draw_controllers(args: Args, num_players: int, pool_len: int, rng: np.random.Generator) -> list[Controller]:
    """Who holds each seat of a new game (see the module docstring)."""
    weights = np.array([args.opponent_snapshot if pool_len else 0.0, args.opponent_heuristic,
                        args.opponent_random], dtype=np.float64)
    if rng.random() < args.self_play_prob or weights.sum() <= 0:
        return [LEARNER] * num_players
    learner_seat = int(rng.integers(num_players))
    controllers: list[Controller] = []
    for seat in range(num_players):
        kind = int(rng.choice(3, p=weights / weights.sum()))
        if seat == learner_seat:
            controllers.append(LEARNER)
        elif kind == 0:
            controllers.append(int(rng.integers(pool_len)))
        else:
            controllers.append(make_agent(BASELINES[2 - kind], game=args.game, seed=int(rng.integers(2**31))))
    return controllers


def new_game(env: Any, args: Args, num_players: int, pool_len: int, rng: np.random.Generator) -> Game:
    env.reset(seed=int(rng.integers(2**31)))
    controllers = draw_controllers(args, num_players, pool_len, rng)
    return Game(env, controllers, {s: [] for s, c in enumerate(controllers) if c == LEARNER})


def game_over(env: Any) -> bool:
    return all(env.terminations[agent] or env.truncations[agent] for agent in env.agents)


# ---------------------------------------------------------------- rollout
@dataclass
class Rollout:
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


def observe_batch(games: list[Game]) -> tuple[torch.Tensor, torch.Tensor]:
    observations = [g.env.observe(g.env.agent_selection) for g in games]
    obs = torch.as_tensor(np.stack([o["observation"] for o in observations]), dtype=torch.float32)
    masks = torch.as_tensor(np.stack([o["action_mask"] for o in observations]).astype(bool))
    return obs, masks


@torch.no_grad()
def collect(envs: list[Any], model: ActorCritic, pool: list[ActorCritic], args: Args, num_players: int,
            rng: np.random.Generator) -> Rollout:
    """Play each env ``num_steps`` moves, then finish its game; GAE over every learner trajectory."""
    obs_list: list[torch.Tensor] = []
    mask_list: list[torch.Tensor] = []
    action_list: list[torch.Tensor] = []
    logprob_list: list[torch.Tensor] = []
    value_list: list[torch.Tensor] = []
    finished: list[tuple[list[int], float]] = []  # (transition indices, final reward) per trajectory
    size = moves = games_done = won = learner_games = 0
    games = [new_game(env, args, num_players, len(pool), rng) for env in envs]
    tick = 0
    while not all(g.finished for g in games):
        live = [g for g in games if not g.finished]
        by_controller: dict[Any, list[Game]] = {}
        for g in live:
            controller = g.controllers[seat_of(g.env.agent_selection)]
            key = controller if isinstance(controller, (str, int)) else "baseline"
            by_controller.setdefault(key, []).append(g)
        actions: dict[int, int] = {}
        for key, group in by_controller.items():
            if key == "baseline":
                for g in group:
                    actions[id(g)] = g.controllers[seat_of(g.env.agent_selection)].act(g.env)
                continue
            obs, masks = observe_batch(group)
            if key == LEARNER:
                action, logprob, _, value = model.get_action_and_value(obs, masks)
                for row, g in enumerate(group):
                    g.trajectories[seat_of(g.env.agent_selection)].append(size + row)
                size += len(group)
                obs_list.append(obs), mask_list.append(masks), action_list.append(action)
                logprob_list.append(logprob), value_list.append(value)
            else:
                action = pool[key].get_action_and_value(obs, masks)[0]
            actions.update({id(g): int(a) for g, a in zip(group, action)})
        for i, g in enumerate(games):
            if g.finished:
                continue
            g.env.step(actions[id(g)])
            moves += 1
            if not game_over(g.env):
                continue
            games_done += 1
            for seat, indices in g.trajectories.items():
                finished.append((indices, float(g.env.rewards[f"player_{seat}"])))
            if len(g.trajectories) == 1:  # the learner against other controllers
                learner_games += 1
                won += g.env.rewards[f"player_{next(iter(g.trajectories))}"] > 0
            if tick + 1 < args.num_steps:
                games[i] = new_game(g.env, args, num_players, len(pool), rng)
            else:
                g.finished = True
        tick += 1
    values = torch.cat(value_list)
    advantages = torch.zeros_like(values)
    for indices, reward in finished:
        last_gae = 0.0
        next_value = 0.0
        for step, index in enumerate(reversed(indices)):
            r = reward if step == 0 else 0.0
            delta = r + args.gamma * next_value - float(values[index])
            last_gae = delta + args.gamma * args.gae_lambda * last_gae
            advantages[index] = last_gae
            next_value = float(values[index])
    return Rollout(torch.cat(obs_list), torch.cat(mask_list), torch.cat(action_list), torch.cat(logprob_list),
                   values, advantages, advantages + values, moves, games_done, won, learner_games)


# ---------------------------------------------------------------- PPO update (CleanRL)
def ppo_update(model: ActorCritic, optimizer: optim.Optimizer, batch: Rollout, args: Args,
               rng: np.random.Generator) -> dict[str, float]:
    n = len(batch.actions)
    minibatch_size = max(1, -(-n // args.num_minibatches))
    clipfracs: list[float] = []
    for _ in range(args.update_epochs):
        order = rng.permutation(n)
        for start in range(0, n, minibatch_size):
            mb = torch.as_tensor(order[start:start + minibatch_size])
            _, newlogprob, entropy, newvalue = model.get_action_and_value(batch.obs[mb], batch.masks[mb],
                                                                          batch.actions[mb])
            logratio = newlogprob - batch.logprobs[mb]
            ratio = logratio.exp()
            with torch.no_grad():
                old_approx_kl = (-logratio).mean()
                approx_kl = ((ratio - 1) - logratio).mean()
                clipfracs.append(((ratio - 1.0).abs() > args.clip_coef).float().mean().item())
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
            "approx_kl": approx_kl.item(), "old_approx_kl": old_approx_kl.item(),
            "clipfrac": float(np.mean(clipfracs)), "explained_variance": explained}


# ---------------------------------------------------------------- checkpoints
def snapshot(model: nn.Module) -> dict[str, torch.Tensor]:
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def opponent_model(model: ActorCritic, weights: dict[str, torch.Tensor], path: Path) -> ActorCritic:
    """A pool member: a copy of ``model`` with ``weights`` (copied, not built: building a network
    would draw from torch's RNG and make a resumed run differ from an uninterrupted one)."""
    member = copy.deepcopy(model)
    load_weights(member, weights, path)
    return member


def save_checkpoint(path: Path, args: Args, num_players: int, model: ActorCritic, optimizer: optim.Optimizer,
                    counters: dict[str, Any], rng: np.random.Generator, pool: list[dict[str, Any]]) -> None:
    atomic_save({"kind": "checkpoint", "format_version": FORMAT_VERSION, "spec": asdict(model.spec),
                 "num_players": num_players, "args": asdict(args), "model": model.state_dict(),
                 "optimizer": optimizer.state_dict(), "counters": counters,
                 "numpy_rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state(), "pool": pool}, path)


def load_checkpoint(path: Path, spec: PolicySpec, num_players: int, model: ActorCritic,
                    optimizer: optim.Optimizer, rng: np.random.Generator) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Restore model, optimizer and RNGs from ``path``; returns the counters and the pool."""
    payload = read_file(path, ("checkpoint",))
    check_spec(spec_of(payload, path), spec, path)
    missing = [k for k in ("num_players", "optimizer", "counters", "numpy_rng", "torch_rng", "pool") if k not in payload]
    if missing:
        raise CheckpointError(f"{path}: missing entries {missing}")
    if payload["num_players"] != num_players:
        raise CheckpointError(f"{path}: trained with {payload['num_players']} players, this run has {num_players}")
    load_weights(model, payload["model"], path)
    try:
        optimizer.load_state_dict(payload["optimizer"])
        rng.bit_generator.state = payload["numpy_rng"]
        torch.set_rng_state(payload["torch_rng"])
    except (ValueError, TypeError, KeyError, RuntimeError) as exc:
        raise CheckpointError(f"{path}: bad optimizer or RNG state: {exc}") from exc
    return payload["counters"], payload["pool"]


def truncate_csv(path: Path, fields: tuple[str, ...], last_update: int) -> None:
    """Keep the header and the rows of updates up to ``last_update`` (the ones a checkpoint covers)."""
    if not path.exists():
        return
    with open(path, newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if int(row["update"]) <= last_update]
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fields)
        writer.writeheader()
        writer.writerows(rows)


def append_csv(path: Path, fields: tuple[str, ...], row: dict[str, Any]) -> None:
    new = not path.exists()
    with open(path, "a", newline="") as handle:
        writer = csv.DictWriter(handle, fields)
        if new:
            writer.writeheader()
        writer.writerow(row)


# ---------------------------------------------------------------- main
def env_options(args: Args) -> dict[str, Any]:
    """Options of the env beyond the game, player count and edition."""
    return {"payment": args.payment} if args.game == "seven_wonders" else {}


def run_evaluation(model: ActorCritic, args: Args, num_players: int, games: int) -> list[EvalResult]:
    agent = PolicyAgent(model, deterministic=True, payment=env_options(args).get("payment"))
    return [evaluate(agent, args.game, num_players, name, games, seed=args.seed + 10_000, edition=args.edition,
                     **env_options(args)) for name in BASELINES]


def main(argv: list[str] | None = None) -> list[EvalResult]:
    """Train, evaluate, plot and save; returns the final evaluation."""
    args = parse_args(Args, argv, description=__doc__.split("\n")[0])
    args.game = resolve_game(args.game)
    num_players = args.num_players or default_players(args.game)
    if args.game != "seven_wonders" and args.payment != "cheapest":
        raise SystemExit(f"--payment {args.payment} is for 7 Wonders; {args.game} has no payment choice")
    if args.torch_threads:
        torch.set_num_threads(args.torch_threads)
    run_dir = Path(args.run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    checkpoint_path = run_dir / "checkpoint.pt"
    if checkpoint_path.exists() and not args.resume:
        raise SystemExit(f"{checkpoint_path} exists: pass --resume to continue that run, or choose another --run-dir")

    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    envs = [make_env(args.game, num_players, args.edition, raw=True, reward=args.reward, **env_options(args))
            for _ in range(args.num_envs)]
    envs[0].reset(seed=0)
    first = envs[0].observe(envs[0].agent_selection)
    spec = PolicySpec(args.game, int(first["observation"].shape[0]), int(first["action_mask"].shape[0]), args.hidden)
    model = ActorCritic(spec)
    optimizer = optim.Adam(model.parameters(), lr=args.learning_rate, eps=1e-5)
    counters: dict[str, Any] = {"update": 0, "global_step": 0, "moves": 0, "elapsed_s": 0.0}
    pool: list[dict[str, Any]] = []
    if args.resume and checkpoint_path.exists():
        counters, pool = load_checkpoint(checkpoint_path, spec, num_players, model, optimizer, rng)
        truncate_csv(run_dir / "progress.csv", PROGRESS_FIELDS, counters["update"])
        truncate_csv(run_dir / "eval.csv", EVAL_FIELDS, counters["update"])
        print(f"resumed from {checkpoint_path} at update {counters['update']}, step {counters['global_step']}")
    if not pool:
        pool.append({"update": 0, "model": snapshot(model)})
    pool_models = [opponent_model(model, entry["model"], checkpoint_path) for entry in pool]
    writer = SummaryWriter(str(run_dir / "tb"), purge_step=counters["global_step"] + 1)
    writer.add_text("args", "\n".join(f"{k}: {v}" for k, v in asdict(args).items()), counters["global_step"])

    def log_eval(results: list[EvalResult]) -> None:
        for result in results:
            append_csv(run_dir / "eval.csv", EVAL_FIELDS, eval_row(counters["update"], counters["global_step"], result))
            writer.add_scalar(f"eval/win_rate_vs_{result.opponent}", result.win_rate, counters["global_step"])

    def checkpoint() -> None:
        save_checkpoint(checkpoint_path, args, num_players, model, optimizer, counters, rng, pool)

    bar = tqdm(total=args.total_steps, initial=min(counters["global_step"], args.total_steps),
               disable=not args.progress_bar, unit="step", dynamic_ncols=True)
    if counters["update"] == 0 and args.eval_every:
        log_eval(run_evaluation(model, args, num_players, args.eval_games))
    while counters["global_step"] < args.total_steps:
        start = time.perf_counter()
        lr = args.learning_rate
        if args.anneal_lr:
            lr *= max(0.0, 1.0 - counters["global_step"] / args.total_steps)
        optimizer.param_groups[0]["lr"] = lr
        batch = collect(envs, model, pool_models, args, num_players, rng)
        stats = ppo_update(model, optimizer, batch, args, rng)
        counters["update"] += 1
        counters["global_step"] += len(batch.actions)
        counters["moves"] += batch.moves
        elapsed = time.perf_counter() - start
        counters["elapsed_s"] += elapsed
        row = {"update": counters["update"], "global_step": counters["global_step"], "moves": counters["moves"],
               "games": batch.games, "learning_rate": lr, "steps_per_second": round(len(batch.actions) / elapsed, 1),
               "elapsed_s": round(counters["elapsed_s"], 1),
               "train_win_rate": round(batch.learner_games_won / batch.learner_games, 4) if batch.learner_games else "",
               **{k: round(v, 6) for k, v in stats.items() if k in PROGRESS_FIELDS}}
        append_csv(run_dir / "progress.csv", PROGRESS_FIELDS, row)
        for key, value in row.items():
            if key not in ("update", "global_step") and value != "":
                writer.add_scalar(f"train/{key}", value, counters["global_step"])
        bar.update(min(counters["global_step"], args.total_steps) - bar.n)
        bar.set_postfix(update=counters["update"], sps=row["steps_per_second"], entropy=f"{stats['entropy']:.2f}")
        if counters["update"] % args.snapshot_every == 0:
            pool.append({"update": counters["update"], "model": snapshot(model)})
            pool_models.append(opponent_model(model, pool[-1]["model"], checkpoint_path))
            del pool[:-args.pool_size], pool_models[:-args.pool_size]
        if args.eval_every and counters["update"] % args.eval_every == 0:
            results = run_evaluation(model, args, num_players, args.eval_games)
            log_eval(results)
            bar.write(f"update {counters['update']}, step {counters['global_step']}: "
                      + ", ".join(f"{r.win_rate:.0%} vs {r.opponent}" for r in results))
        counters["elapsed_s"] += time.perf_counter() - start - elapsed  # evaluations count too
        if counters["update"] % args.checkpoint_every == 0:
            checkpoint()
    bar.close()
    checkpoint()

    final = run_evaluation(model, args, num_players, args.final_eval_games)
    log_eval(final)
    writer.close()
    title = (f"{args.game} ({num_players} players), PPO self-play, {counters['global_step']} steps, "
             f"seed {args.seed}: greedy policy vs the baselines in every other seat")
    table = format_table(final, title)
    print(table)
    (run_dir / "final_eval.md").write_text(table + "\n")
    plot_learning_curve(run_dir / "eval.csv", run_dir / "learning_curve.png",
                        f"{args.game} ({num_players}p) PPO self-play, seed {args.seed}", chance=1 / num_players)
    save_policy(model, run_dir / "policy.pt", {
        "command": "python -m training.ppo_selfplay " + shlex.join(sys.argv[1:] if argv is None else argv),
        "seed": args.seed, "num_players_trained": num_players, "edition": args.edition,
        **env_options(args),
        "global_step": counters["global_step"],
        "updates": counters["update"], "training_seconds": round(counters["elapsed_s"], 1),
        "final_eval": [{"opponent": r.opponent, "games": r.games, "wins": r.wins} for r in final]})
    print(f"wrote {run_dir / 'policy.pt'}, {run_dir / 'learning_curve.png'}, logs in {run_dir}")
    return final


if __name__ == "__main__":
    main()
