"""Train sb3-contrib's ``MaskablePPO`` on one seat of a game against chosen opponents.

```bash
python -m wonders_training.train_sb3 --game seven_wonders_duel --opponent heuristic --total-steps 200000
python -m wonders_training.train_sb3 --game seven_wonders --num-players 4 --opponent heuristic
```

The env is :class:`wonders_training.sb3_wrapper.SingleSeatEnv` (the learner's seat drawn each episode,
every other seat played by ``--opponent``), vectorised with SB3's ``make_vec_env`` (``Monitor``
included, so ``rollout/ep_rew_mean`` and ``rollout/success_rate`` are logged). TensorBoard logs go
to ``run_dir/tb``; the model to ``run_dir/model.zip`` (``MaskablePPO.load``). At the end the greedy
model (:class:`wonders_training.sb3_wrapper.MaskablePPOAgent`) plays ``eval_games`` games against
``random`` and ``heuristic`` and the table is printed. For self-play with an opponent pool,
use :mod:`wonders_training.ppo_selfplay`.

Progress is shown as in :mod:`wonders_training.progress` (a bar in a terminal, a line per tenth of the
run in a log), with the mean episode reward and win rate of the last 100 games.

Every ``checkpoint_every`` learner decisions, at the end, and on Ctrl-C (which stops the run
after the current step and prints the command that resumes it; a second Ctrl-C stops at once),
the model (with its optimizer and step count) is written atomically to
``run_dir/checkpoint.zip``. ``--resume`` continues from it up to ``--total-steps``: the model
goes on learning where it stopped, but the games in progress and the opponents' random state are
not saved, so a resumed run is not move for move the one that was interrupted. ``--resume``
without a checkpoint is an error (a mistyped ``--run-dir`` does not start a new run); without
``--resume`` an existing checkpoint is an error, never overwritten; an unreadable one, or one for
another game, raises :class:`wonders_agents.policy.CheckpointError`. The default run directory is
``runs/sb3_<game>``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import wonders_env
from wonders_agents import AGENT_NAMES
from wonders_agents.policy import CheckpointError, atomic_write
from wonders_training.cli_args import arg, check_run_dir, parse_args, run_script, seed_arg, warn_threads
from wonders_training.device import DEVICES, device_problems, resolve_device
from wonders_training.evaluation import EvalResult, evaluate, format_table
from wonders_training.interrupt import StopRequest, exit_interrupted
from wonders_training.progress import Progress
from wonders_training.sb3_wrapper import MaskablePPOAgent, SingleSeatEnv
from wonders_env.registry import GAME_NAMES, default_players, resolve_game


@dataclass
class Args:
    game: str = arg("seven_wonders_duel", "the game", choices=GAME_NAMES)
    num_players: int | None = arg(None, "7 Wonders: 2-7 players (default 4); Duel: 2", low=2, high=7)
    opponent: str = arg("heuristic", "who plays the other seats (ppo: the shipped policy)", choices=AGENT_NAMES)
    seed: int = seed_arg("seed of SB3, the envs and the opponents")
    run_dir: str | None = arg(None, "where the model, the checkpoint and the TensorBoard logs go "
                                    "(none: runs/sb3_<game>)")
    resume: bool = arg(False, "continue from run_dir/checkpoint.zip (an error if there is none)")
    checkpoint_every: int = arg(20_000, "learner decisions between checkpoints", low=1)
    total_steps: int = arg(100_000, "learner decisions to train on", low=1)
    num_envs: int = arg(4, "vectorised envs (DummyVecEnv)", low=1)
    n_steps: int = arg(256, "steps per env per rollout", low=1)
    batch_size: int = arg(256, "minibatch size", low=1)
    learning_rate: float = arg(3e-4, "Adam learning rate", low=0)
    ent_coef: float = arg(0.01, "entropy coefficient", low=0)
    eval_games: int = arg(100, "games per baseline in the final evaluation", low=1)
    torch_threads: int = arg(1, "torch CPU threads (0: torch's default)", low=0)
    device: str = arg("auto", "where SB3's networks run (auto: CUDA when there is a CUDA device, else the CPU)",
                      choices=DEVICES)
    progress_bar: bool | None = arg(None, "a tqdm progress bar (default: in a terminal; in a log, a line "
                                          "per tenth of the run)")


def problems(args: Args) -> list[str]:
    """What is wrong with the game and player count together, and with the device."""
    try:
        wonders_env.make(args.game, args.num_players, raw=True)
    except ValueError as error:
        return [str(error), *device_problems(args.device)]
    return device_problems(args.device)


class Checkpointer(BaseCallback):
    """Saves the model to ``path`` every ``every`` learner decisions."""

    def __init__(self, path: Path, every: int) -> None:
        super().__init__()
        self.path, self.every = path, every
        self.last = 0

    def _on_training_start(self) -> None:
        self.last = self.num_timesteps

    def _on_step(self) -> bool:
        if self.num_timesteps - self.last >= self.every:
            atomic_write(self.path, self.model.save)
            self.last = self.num_timesteps
        return True


class ProgressAndStop(BaseCallback):
    """Shows the progress, with the recent games' mean reward and win rate, and ends the learning
    at the next step once Ctrl-C was pressed."""

    def __init__(self, progress: Progress, stop: StopRequest) -> None:
        super().__init__()
        self.progress, self.stop = progress, stop

    def _on_step(self) -> bool:
        self.progress.update(self.num_timesteps)
        return not self.stop.requested

    def _on_rollout_end(self) -> None:
        episodes = self.model.ep_info_buffer
        if episodes:
            rewards = [episode["r"] for episode in episodes]
            self.progress.update(self.num_timesteps, games=len(rewards), reward=f"{np.mean(rewards):+.2f}",
                                 win_rate=f"{np.mean([r > 0 for r in rewards]):.0%}")


def load_checkpoint(path: Path, vec_env, tensorboard_log: str, device: torch.device) -> MaskablePPO:
    """The model of ``path`` on ``vec_env`` and ``device`` (whatever device it was saved from);
    :class:`CheckpointError` if unreadable or for another env."""
    try:
        return MaskablePPO.load(path, env=vec_env, tensorboard_log=tensorboard_log, device=device)
    except Exception as exc:  # SB3, zipfile, pickle and torch raise several types
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        raise CheckpointError(f"{path}: cannot resume from this MaskablePPO checkpoint (corrupt, or saved "
                              f"for another game or player count?): {type(exc).__name__}: {first_line}") from exc


def main(argv: list[str] | None = None) -> tuple[MaskablePPO, list[EvalResult]]:
    """Train, save and evaluate; returns the model and the evaluation."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(Args, argv, description=__doc__.split("\n")[0], validate=problems)
    game = resolve_game(args.game)
    num_players = args.num_players or default_players(game)
    if args.torch_threads:
        warn_threads("--torch-threads", args.torch_threads)
        torch.set_num_threads(args.torch_threads)
    device = resolve_device(args.device)
    run_dir = Path(args.run_dir or f"runs/sb3_{game}")
    checkpoint = run_dir / "checkpoint.zip"
    check_run_dir(checkpoint, args.resume)
    run_dir.mkdir(parents=True, exist_ok=True)
    vec_env = make_vec_env(SingleSeatEnv, n_envs=args.num_envs, seed=args.seed,
                           env_kwargs={"game": game, "num_players": num_players, "opponents": args.opponent})
    if args.resume:
        model = load_checkpoint(checkpoint, vec_env, str(run_dir / "tb"), device)
        print(f"resumed from {checkpoint} at step {model.num_timesteps}")
    else:
        model = MaskablePPO("MlpPolicy", vec_env, n_steps=args.n_steps, batch_size=args.batch_size,
                            learning_rate=args.learning_rate, ent_coef=args.ent_coef, seed=args.seed,
                            tensorboard_log=str(run_dir / "tb"), verbose=0, device=device)
    remaining = args.total_steps - model.num_timesteps
    progress = Progress(args.total_steps, model.num_timesteps, args.progress_bar)
    with StopRequest() as stop:
        if remaining > 0:
            model.learn(total_timesteps=remaining, reset_num_timesteps=False,
                        callback=[Checkpointer(checkpoint, args.checkpoint_every), ProgressAndStop(progress, stop)])
        progress.close()
        atomic_write(checkpoint, model.save)
        if stop.requested:
            exit_interrupted(f"step {model.num_timesteps}, checkpoint written to {checkpoint}",
                             "wonders_training.train_sb3", argv)
    atomic_write(run_dir / "model.zip", model.save)
    agent = MaskablePPOAgent(model)
    results = [evaluate(agent, game, num_players, name, args.eval_games, seed=args.seed + 10_000)
               for name in ("random", "heuristic")]
    print(format_table(results, f"{game} ({num_players} players), MaskablePPO vs {args.opponent}, "
                                f"{model.num_timesteps} steps, seed {args.seed}"))
    print(f"wrote {run_dir / 'model.zip'}")
    return model, results


if __name__ == "__main__":
    run_script(main)
