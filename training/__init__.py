"""Training scripts for the wonders_env games (needs the ``train`` extra: torch, stable-baselines3,
sb3-contrib, tensorboard, matplotlib).

==============================  ================================================================
module                          what it is
==============================  ================================================================
``wonders_training.ppo_selfplay``       masked PPO self-play (CleanRL style: the training loop in one file), both games:
                                ``python -m wonders_training.ppo_selfplay --help``
``wonders_training.az_selfplay``        self-play with search (expert iteration) for the ``az`` agent's
                                network, both games: ``python -m wonders_training.az_selfplay --help``
``wonders_training.evaluation``         win rates against the baselines (Wilson intervals), the final
                                table, the learning-curve plot
``wonders_training.sb3_wrapper``        a Gymnasium env for one learning seat, for sb3-contrib's
                                ``MaskablePPO`` (``action_masks()``); the other seats are agents
``wonders_training.train_sb3``          the MaskablePPO example: ``python -m wonders_training.train_sb3 --help``
``wonders_training.cli_args``           command-line parsing generated from a dataclass of arguments
``wonders_training.device``             ``--device auto|cpu|cuda``: which device, refused where absent
``wonders_training.csv_files``          the CSV logs: appended, rewritten atomically, read back with checks
``wonders_training.seats``              who holds each seat of a self-play batch (learner, snapshots, baselines)
``wonders_training.checkpoints``        what the scripts' checkpoints share: weight copies, RNG states
``wonders_training.game_options``       a run's game arguments as the env's table and options
==============================  ================================================================

The actor-critic network, its checkpoint and policy files and the agent that plays with it are
:mod:`wonders_agents.policy` (the ``ppo`` agent needs them without the training scripts).
"""
