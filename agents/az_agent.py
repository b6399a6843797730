"""The ``az`` agent: the core's ISMCTS guided by a learned policy-value network (expert iteration).

```python
from wonders_agents import make_agent
agent = make_agent("az", game="seven_wonders_duel", time_limit=1.0)      # the shipped network
agent = make_agent("az", game="seven_wonders", simulations=800, path="runs/az_7w/policy.pt")
```

The search is the ``mcts`` agent's C++ ISMCTS (``core/common/ismcts.hpp``): every simulation
plays on a fresh determinization of what the player cannot see. With a network
(``Searcher.set_network``, ``core/common/network.hpp``), each node's priors are the network's
policy over the legal moves, from the observation of the player who decides there (an env
observation: nothing hidden from that player), and a new leaf is valued by
``(1 - rollout_weight)`` x the network's value + ``rollout_weight`` x one play-out (default
0.8: at equal time the mix beat both the network's value alone and play-outs alone in Duel;
``docs/history.md``). The root is expanded from the player's own observation of the true
state.

The network is :class:`wonders_agents.policy.ActorCritic` (the ppo agent's shape), trained by
:mod:`wonders_training.az_selfplay`; its critic predicts the search's return of the deciding player in
[0, 1] (win share with a weight of the score margin). Files: ``agents/policies/az_<game>.pt``
(a policy file whose metadata has ``"agent": "az"``, the training command, seed, player counts,
edition, payment mode and evaluation; ``agent.metadata``). A ppo policy file is refused (its
critic means something else), as are files of another game; ``check_env`` refuses a table of
another observation size (the other 7 Wonders edition) or payment mode.

Budget: ``time_limit`` seconds per move (the default, 1 s, when neither is given) and/or
``simulations`` (reproducible for a seed). Options: ``exploration`` (PUCT constant),
``widening`` (progressive widening, 0: off), ``rollout_weight``, ``reuse`` (Duel's tree kept
between moves), ``network_depth`` (only nodes fewer than this many tree moves below the root are
expanded and valued by the network, deeper ones as ``mcts``'s: cheap-rule priors and play-outs;
0, the default: every node; 2.4x the simulations at depth 4, and level with the default in Duel
at one second a move: ``docs/history.md``), ``heuristic_root_weight`` (the share of ``mcts``'s
root prior, the softmax of the heuristic's move values, mixed into the network's at the root; 0,
the default: the network's alone; at 0.5 no measurable change in Duel at one second a move). Needs
torch (the ``train`` extra) to read the file; the search itself runs in C++.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np

from wonders_env.registry import resolve_game

from .heuristic import PRIOR_TEMPERATURE, env_position
from .match import check_trained_table
from .search_options import check_at_least_zero, check_budget, check_flag, check_share

POLICY_DIR = Path(__file__).resolve().parent / "policies"
AGENT_KEY = "az"  # the metadata "agent" of an az policy file


def default_policy_path(game: str) -> Path:
    """Where the shipped az network of ``game`` lives."""
    return POLICY_DIR / f"az_{game}.pt"


def network_arrays(model: Any) -> list[np.ndarray]:
    """The 8 float32 arrays the C++ search reads (``Searcher.set_network``), in torch's layout:
    trunk layers 0 and 2, actor and critic, weight then bias each."""
    state = model.state_dict()
    names = ("trunk.0.weight", "trunk.0.bias", "trunk.2.weight", "trunk.2.bias",
             "actor.weight", "actor.bias", "critic.weight", "critic.bias")
    return [np.ascontiguousarray(state[name].detach().cpu().numpy(), dtype=np.float32) for name in names]


@functools.lru_cache(maxsize=8)
def _load(path: Path, game: str, modified_ns: int) -> tuple[tuple[np.ndarray, ...], Any, dict[str, Any]]:
    """The arrays, spec and metadata of an az file (read once per file version)."""
    from .policy import CheckpointError, load_policy
    model, metadata = load_policy(path, game)
    if metadata.get("agent") != AGENT_KEY:
        kind = metadata.get("agent", "ppo")
        raise CheckpointError(f"{path}: a {kind} policy, not an az network (its value head means something else); "
                              f"train one with python -m wonders_training.az_selfplay")
    return tuple(network_arrays(model)), model.spec, metadata


class AZAgent:
    """Plays ``env.agent_selection`` with the network-guided search (see the module docstring)."""

    def __init__(self, game: str, seed: int | None = None, time_limit: float | None = None,
                 simulations: int | None = None, path: str | Path | None = None, exploration: float = 1.5,
                 widening: float = 0.0, rollout_weight: float = 0.8, reuse: bool = True,
                 network_depth: int = 0, heuristic_root_weight: float = 0.0) -> None:
        from .core_search import CoreSearch
        from .policy import trained_payment

        if time_limit is None and simulations is None:
            time_limit = 1.0
        check_budget(simulations, time_limit)
        check_at_least_zero("exploration", exploration, "the PUCT constant")
        check_at_least_zero("widening", widening, "the progressive widening constant; 0: off")
        check_share("rollout_weight", rollout_weight, "the play-out's share of a leaf's value")
        check_share("heuristic_root_weight", heuristic_root_weight, "the heuristic prior's share of the root's")
        reuse = check_flag("reuse", reuse, "keep Duel's search tree between moves")
        if isinstance(network_depth, bool) or not isinstance(network_depth, (int, np.integer)) or network_depth < 0:
            raise ValueError(f"network_depth must be an integer >= 0 (the tree depth below which the network "
                             f"guides; 0: every node), got {network_depth!r}")
        self.game_name = resolve_game(game)
        self.path = Path(path).resolve() if path else default_policy_path(self.game_name)
        arrays, self.spec, metadata = _load(self.path, self.game_name,
                                            self.path.stat().st_mtime_ns if self.path.is_file() else 0)
        self.metadata = dict(metadata)
        self.payment = trained_payment(metadata, self.game_name)
        self.rng = np.random.default_rng(seed)
        options = {"simulations": int(simulations or 0), "time_limit": float(time_limit or 0.0),
                   "exploration": float(exploration), "widening": float(widening),
                   "rollout_weight": float(rollout_weight), "reuse": reuse,
                   "network_depth": int(network_depth), "root_prior_weight": float(heuristic_root_weight)}
        self.core = CoreSearch(self.game_name, options, prior_temperature=PRIOR_TEMPERATURE
                               if heuristic_root_weight > 0 else None, network=list(arrays))
        self.last_simulations = 0

    def check_env(self, env: Any) -> None:
        """``ValueError`` saying why, if the network cannot play ``env`` (another game, 7 Wonders
        edition or payment mode)."""
        check_trained_table(env, "the az network", self.game_name, self.spec.obs_size, self.payment)

    def act(self, env: Any) -> int:
        self.check_env(env)
        return self.search(*env_position(env, self.game_name, "az"))

    def search(self, game: Any, state: Any, player: int) -> int:
        """The most visited action of ``player`` in ``state`` of the engine ``game`` (Python or
        compiled), as :meth:`wonders_agents.mcts.MCTSAgent.search`."""
        action = self.core.choose(game, state, player, int(self.rng.integers(2**63)))
        self.last_simulations = int(self.core.last["simulations"])
        return action
