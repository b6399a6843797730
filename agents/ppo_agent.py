"""The ``ppo`` agent: a policy trained by :mod:`wonders_training.ppo_selfplay`, loaded from its file.

```python
from wonders_agents.ppo_agent import PPOAgent
agent = PPOAgent("seven_wonders_duel")                       # the shipped policy
agent = PPOAgent("seven_wonders_duel", path="runs/duel_selfplay/policy.pt")
```

The shipped policies live in ``agents/policies/ppo_<game>.pt`` (``policy.pt`` of a run, with the
command line, seed, player count and final evaluation in its metadata: ``agent.metadata``), and
a table's with expansions in ``ppo_<game>_<expansions>.pt`` (7 Wonders with Leaders:
``ppo_seven_wonders_leaders.pt``, trained at 4 players; Duel with Pantheon:
``ppo_seven_wonders_duel_pantheon.pt``); the agent plays the one of the env's
table, which it takes when it is given an env of that table (``check_env`` or ``act``). The
7 Wonders one was trained at 4 players of the 1st edition and plays 2-7 players of that edition
(the observation has one size for every count; the 2nd edition's is larger, and ``check_env``
says so: the tournament and the web app call it when they set a game up),
with ``payment="cheapest"``: a policy plays only the payment mode recorded in its metadata
(``payment``; files without it were trained with ``"cheapest"``) and refuses the other; likewise
a policy plays only the table it was trained on (``expansions`` in its metadata, none in files
without it: ``--expansions`` of the training run).
How they were trained and how strong they are: ``benchmarks/README.md``.
Greedy by default; with ``deterministic=False`` it samples with a generator seeded by ``seed``.
Agents made from the same file share one network (loaded once).
Needs torch (the ``train`` extra). A missing, corrupt or wrong-game file raises
:class:`wonders_agents.policy.CheckpointError` naming the file and the problem.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

POLICY_DIR = Path(__file__).resolve().parent / "policies"


def default_policy_path(game: str, expansions: tuple[str, ...] = ()) -> Path:
    """Where the shipped policy of ``game``'s table with ``expansions`` lives
    (``ppo_seven_wonders_leaders.pt`` for 7 Wonders with Leaders)."""
    return POLICY_DIR / f"ppo_{'_'.join((game, *expansions))}.pt"


@functools.lru_cache(maxsize=8)
def _load(path: Path, game: str, modified_ns: int) -> tuple[Any, dict[str, Any]]:
    """One network per file (and version of it): a tournament builds an agent per game, and the
    networks are only read (eval mode, no gradients), so the agents can share it."""
    from .policy import load_policy
    return load_policy(path, game)


class PPOAgent:
    """Plays ``env.agent_selection`` with a trained actor-critic network: the file ``path``, or
    the policy shipped for the env's table (the base game's until an env of another table is
    checked or played: then that table's, or a ``ValueError`` naming the tables shipped)."""

    def __init__(self, game: str, seed: int | None = None, path: str | Path | None = None,
                 deterministic: bool = True) -> None:
        self.game, self.seed, self.deterministic = game, seed, deterministic
        self._shipped = path is None
        self._use(Path(path).resolve() if path else default_policy_path(game))

    def _use(self, path: Path) -> None:
        from .policy import PolicyAgent, trained_expansions, trained_payment

        model, metadata = _load(path, self.game, path.stat().st_mtime_ns if path.is_file() else 0)
        self.metadata = dict(metadata)
        self._agent = PolicyAgent(model, deterministic=self.deterministic, seed=self.seed,
                                  payment=trained_payment(metadata, self.game), expansions=trained_expansions(metadata))

    def _for_table(self, env: Any) -> None:
        """With the shipped policies, take the one of ``env``'s table if it is not the one in use."""
        expansions = tuple(getattr(env.unwrapped, "expansions", None) or ())
        if not self._shipped or expansions == self._agent.expansions:
            return
        path = default_policy_path(self.game, expansions)
        if not path.is_file():
            shipped = sorted(p.stem.removeprefix("ppo_") for p in POLICY_DIR.glob(f"ppo_{self.game}*.pt"))
            raise ValueError(f"no policy is shipped for {self.game} with {', '.join(expansions)} (shipped: "
                             f"{', '.join(shipped)}); train one (python -m wonders_training.ppo_selfplay --game "
                             f"{self.game} --expansions {','.join(expansions)}) and pass ppo:path=...")
        self._use(path)

    def check_env(self, env: Any) -> None:
        """``ValueError`` if this policy cannot play ``env`` (see :meth:`PolicyAgent.check_env`)."""
        self._for_table(env)
        self._agent.check_env(env)

    def act(self, env: Any) -> int:
        self._for_table(env)
        return self._agent.act(env)
