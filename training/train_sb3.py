"""Train sb3-contrib's ``MaskablePPO`` on one seat of a game against chosen opponents.

```bash
python -m training.train_sb3 --game seven_wonders_duel --opponent heuristic --total-steps 200000
python -m training.train_sb3 --game seven_wonders --num-players 4 --opponent heuristic
```

The env is :class:`training.sb3_wrapper.SingleSeatEnv` (the learner's seat drawn each episode,
every other seat played by ``--opponent``), vectorised with SB3's ``make_vec_env`` (``Monitor``
included, so ``rollout/ep_rew_mean`` and ``rollout/success_rate`` are logged). TensorBoard logs go
to ``run_dir/tb``; the model to ``run_dir/model.zip`` (``MaskablePPO.load``). At the end the greedy
model (:class:`training.sb3_wrapper.MaskablePPOAgent`) plays ``eval_games`` games against
``random`` and ``heuristic`` and the table is printed. For self-play with an opponent pool,
use :mod:`training.ppo_selfplay`.

Every ``checkpoint_every`` learner decisions, and at the end, the model (with its optimizer and
step count) is written atomically to ``run_dir/checkpoint.zip``. ``--resume`` continues from it
up to ``--total-steps``: the model goes on learning where it stopped, but the games in progress
and the opponents' random state are not saved, so a resumed run is not move for move the one that
was interrupted. Without ``--resume`` an existing checkpoint is an error, never overwritten; an
unreadable one, or one for another game, raises :class:`agents.policy.CheckpointError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

from agents import AGENT_NAMES
from agents.policy import CheckpointError, atomic_write
from training.cli_args import arg, parse_args
from training.evaluation import EvalResult, evaluate, format_table
from training.sb3_wrapper import MaskablePPOAgent, SingleSeatEnv
from wonders_env.registry import GAME_NAMES, default_players, resolve_game


@dataclass
class Args:
    game: str = arg("seven_wonders_duel", "the game", choices=GAME_NAMES)
    num_players: int | None = arg(None, "7 Wonders: 2-7 players (default 4); Duel: 2")
    opponent: str = arg("heuristic", "who plays the other seats (ppo: the shipped policy)", choices=AGENT_NAMES)
    seed: int = arg(1, "seed of SB3, the envs and the opponents")
    run_dir: str = arg("runs/sb3_duel", "where the model, the checkpoint and the TensorBoard logs go")
    resume: bool = arg(False, "continue from run_dir/checkpoint.zip")
    checkpoint_every: int = arg(20_000, "learner decisions between checkpoints")
    total_steps: int = arg(100_000, "learner decisions to train on")
    num_envs: int = arg(4, "vectorised envs (DummyVecEnv)")
    n_steps: int = arg(256, "steps per env per rollout")
    batch_size: int = arg(256, "minibatch size")
    learning_rate: float = arg(3e-4, "Adam learning rate")
    ent_coef: float = arg(0.01, "entropy coefficient")
    eval_games: int = arg(100, "games per baseline in the final evaluation")
    torch_threads: int = arg(1, "torch CPU threads (0: torch's default)")
    progress_bar: bool = arg(False, "SB3's progress bar (needs the rich package: stable-baselines3[extra])")


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


def load_checkpoint(path: Path, vec_env, tensorboard_log: str) -> MaskablePPO:
    """The model of ``path`` on ``vec_env``; :class:`CheckpointError` if unreadable or for another env."""
    try:
        return MaskablePPO.load(path, env=vec_env, tensorboard_log=tensorboard_log)
    except Exception as exc:  # SB3, zipfile, pickle and torch raise several types
        raise CheckpointError(f"{path}: cannot resume from this MaskablePPO checkpoint (corrupt, or saved "
                              f"for another game or player count?): {type(exc).__name__}: {exc}") from exc


def main(argv: list[str] | None = None) -> tuple[MaskablePPO, list[EvalResult]]:
    """Train, save and evaluate; returns the model and the evaluation."""
    args = parse_args(Args, argv, description=__doc__.split("\n")[0])
    game = resolve_game(args.game)
    num_players = args.num_players or default_players(game)
    if args.torch_threads:
        torch.set_num_threads(args.torch_threads)
    run_dir = Path(args.run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    checkpoint = run_dir / "checkpoint.zip"
    if checkpoint.exists() and not args.resume:
        raise SystemExit(f"{checkpoint} exists: pass --resume to continue that run, or choose another --run-dir")
    vec_env = make_vec_env(SingleSeatEnv, n_envs=args.num_envs, seed=args.seed,
                           env_kwargs={"game": game, "num_players": num_players, "opponents": args.opponent})
    if args.resume and checkpoint.exists():
        model = load_checkpoint(checkpoint, vec_env, str(run_dir / "tb"))
        print(f"resumed from {checkpoint} at step {model.num_timesteps}")
    else:
        model = MaskablePPO("MlpPolicy", vec_env, n_steps=args.n_steps, batch_size=args.batch_size,
                            learning_rate=args.learning_rate, ent_coef=args.ent_coef, seed=args.seed,
                            tensorboard_log=str(run_dir / "tb"), verbose=0)
    remaining = args.total_steps - model.num_timesteps
    if remaining > 0:
        model.learn(total_timesteps=remaining, reset_num_timesteps=False, progress_bar=args.progress_bar,
                    callback=Checkpointer(checkpoint, args.checkpoint_every))
    atomic_write(checkpoint, model.save)
    atomic_write(run_dir / "model.zip", model.save)
    agent = MaskablePPOAgent(model)
    results = [evaluate(agent, game, num_players, name, args.eval_games, seed=args.seed + 10_000)
               for name in ("random", "heuristic")]
    print(format_table(results, f"{game} ({num_players} players), MaskablePPO vs {args.opponent}, "
                                f"{model.num_timesteps} steps, seed {args.seed}"))
    print(f"wrote {run_dir / 'model.zip'}")
    return model, results


if __name__ == "__main__":
    main()
