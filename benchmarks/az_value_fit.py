"""How well an ``az`` network's value predicts games it has never seen.

    .venv/bin/python benchmarks/az_value_fit.py --game duel                                 # the shipped network
    .venv/bin/python benchmarks/az_value_fit.py --game duel --path runs/az_duel/policy.pt --games 64
    .venv/bin/python benchmarks/az_value_fit.py --game seven_wonders --players 4 --games 16 --simulations 120

Fresh self-play games are played as ``wonders_training.az_selfplay`` generates them (every seat searching
with the network, ``--simulations`` a move, Dirichlet noise at the root, the first moves drawn
from the visit counts, play-outs in ``--rollout-weight`` of each leaf value), with seeds no
training run uses. At every searched decision it compares, by mean squared error, three
predictions of the deciding player's return at the end of that game (the value target of
``wonders_training.az_selfplay`` with ``--target-q-weight 0``):

* the **network's value** of the decision's observation,
* the **root value** of the search that decided (its visit-weighted mean return),
* the **mean return** over all the positions (a constant: the error of knowing nothing).

A network whose training loss is far below its error here has learned its games by heart. Also
printed: the network's error to the root value (what ``--target-q-weight 1`` trains). A
position's return is shared by every decision of its game, so the errors are means over
correlated rows: compare networks on the same number of games, the more the better.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from wonders_agents.az_agent import AGENT_KEY, default_policy_path, network_arrays  # noqa: E402
from wonders_agents.policy import CheckpointError, load_policy  # noqa: E402
from wonders_training import az_selfplay as az  # noqa: E402
from wonders_env.registry import entry, resolve_game  # noqa: E402

SEED = 987_654  # no training run uses it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="duel", help="duel or seven_wonders (names as wonders_env.make)")
    parser.add_argument("--path", help="an az policy file (default: the shipped network)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 8), metavar="3-7",
                        help="7 Wonders: players at the table (default 4)")
    parser.add_argument("--games", type=int, default=32, help="fresh games (default 32)")
    parser.add_argument("--simulations", type=int, default=160, help="search simulations a move (default 160)")
    parser.add_argument("--rollout-weight", type=float, default=0.5, help="play-out share of a leaf value")
    args = parser.parse_args()
    try:
        game = resolve_game(args.game)
    except ValueError as error:
        parser.error(str(error))
    if args.games < 1 or args.simulations < 1 or not 0 <= args.rollout_weight <= 1:
        parser.error("--games and --simulations must be at least 1, --rollout-weight in [0, 1]")
    players = entry(game).fixed_players or args.players
    path = Path(args.path) if args.path else default_policy_path(game)
    torch.set_num_threads(1)
    try:
        model, metadata = load_policy(path, game)
    except (OSError, CheckpointError) as error:
        parser.error(str(error))
    if metadata.get("agent") != AGENT_KEY:
        parser.error(f"{path}: a {metadata.get('agent', 'ppo')} policy, not an az network (its value means "
                     f"something else)")
    model.eval()

    train_args = az.Args(game=game, simulations=args.simulations, rollout_weight=args.rollout_weight)
    rng = np.random.default_rng(SEED)
    venv = az.make_batch(train_args, args.games, players, rng)
    start = time.perf_counter()
    played = az.play_games(venv, [[network_arrays(model)] * players for _ in range(args.games)],
                           az.SearchPlay(az.search_options(train_args, train_args.root_noise),
                                         train_args.temperature, train_args.temperature_moves, record=True),
                           rng, None)
    seconds = time.perf_counter() - start
    with torch.no_grad():
        _, value = model(torch.from_numpy(played.positions.obs.astype(np.float32)))
    network, returns, root = value.numpy(), played.position_returns, played.root_values

    def error(prediction: np.ndarray | float) -> float:
        return float(np.mean((prediction - returns) ** 2))

    print(f"{path} ({metadata.get('positions', '?')} training positions), {game}, {players} players: "
          f"{args.games} fresh games, {len(returns):,} searched decisions, {args.simulations} simulations "
          f"a move, {seconds:.0f} s")
    print(f"mean squared error to the game's return: network value {error(network):.4f}, search root value "
          f"{error(root):.4f}, constant mean {error(float(returns.mean())):.4f}")
    print(f"network value to the search root value: {float(np.mean((network - root) ** 2)):.4f}")


if __name__ == "__main__":
    main()
