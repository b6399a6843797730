"""Baseline agents for 7 Wonders and 7 Wonders Duel, behind one interface.

```python
from wonders_agents import make_agent
from wonders_env import seven_wonders_duel_v0

env = seven_wonders_duel_v0.env()
env.reset(seed=0)
bots = {"player_0": make_agent("heuristic", game="seven_wonders_duel", seed=1),
        "player_1": make_agent("mcts", game="seven_wonders_duel", seed=2, simulations=200)}
for agent in env.agent_iter():
    _, _, termination, truncation, _ = env.last()
    env.step(None if termination or truncation else bots[agent].act(env))
```

Every agent has ``act(env) -> int``: a legal action for ``env.agent_selection`` of an AEC env of
its game (the PettingZoo-wrapped ``env()`` or ``raw_env``). In 7 Wonders each acting player is
asked in turn; the choices already made this turn stay hidden from the others.

==============  ===============================================================================
name            agent
==============  ===============================================================================
``random``      uniform over the legal actions (reads only the observation's ``action_mask``)
``heuristic``   a hand-written strategy valuing each move in victory points (points, science,
                military balance, missing resources, coins, denial); fast (about 0.1 ms a
                move: the time-per-move column of ``benchmarks/agents_results.md``), no search
                (:mod:`wonders_agents.heuristic`; one valuation module per game)
``mcts``        information-set Monte Carlo tree search: each simulation plays on a
                determinization (what the player cannot see redrawn by the engine's
                ``determinize``); by default in C++ on the compiled core (heuristic prior at
                the root, cheap-rule play-outs, Duel's tree reused between moves), with
                ``engine="python"`` the readable reference (heuristic priors and play-outs,
                "today's mcts"); options ``simulations`` (default 5,000 on the core, 200 in
                Python), ``time_limit`` (seconds per move, optional), ``engine`` and the
                search options of :class:`wonders_agents.mcts.MCTSAgent`
``ppo``         a network trained by PPO self-play (:mod:`wonders_training.ppo_selfplay`); by default
                the policy shipped in ``agents/policies/`` for the game, greedy; options
                ``path`` (another policy file or checkpoint) and ``deterministic`` (``False``
                samples from the policy with a generator seeded by ``seed``). Needs torch
                (the ``train`` extra)
``az``          the core's search guided by a policy-value network trained by self-play with
                search (:mod:`wonders_agents.az_agent`, :mod:`wonders_training.az_selfplay`): the network's
                priors at every node and its value at the leaves; by default the network
                shipped in ``agents/policies/`` and 1 s a move; options ``time_limit``,
                ``simulations``, ``path`` and the search options of :class:`wonders_agents.az_agent.AZAgent`.
                Needs torch to read the file
``llm``         a language model asked for each move over the chat-completions protocol of
                OpenAI-compatible servers (hosted APIs, vLLM, llama.cpp, Ollama), reading the
                text interface (:mod:`wonders_env.text`) and answering ``MOVE: <number or name>``
                (:mod:`wonders_agents.llm_agent`); options ``base_url`` and ``model`` (required),
                ``api_key_env`` (the environment variable holding the key, default
                ``OPENAI_API_KEY``), ``retries``, ``timeout`` (seconds a request may take in
                all), ``max_reply_bytes``, ``http_retries``, ``backoff``, ``temperature``,
                ``max_tokens``. An illegal answer is asked again with the reason,
                then replaced by a random legal move, counted. ``wonders arena`` ranks models
                against the other agents (:mod:`wonders_agents.arena`)
==============  ===============================================================================

All agents are deterministic for a given ``seed`` (``mcts`` and ``az`` only with a simulation
budget: a time limit, ``az``'s default, makes the number of simulations depend on the machine).
None of them reads hidden information: the heuristics read their own hand and the public table;
``mcts`` reads the true state only through the engine's ``determinize`` (on the core: a Python
engine state is first copied to a core state, which the C++ search only determinizes); ``ppo``
reads only its own observation; ``az`` searches as ``mcts`` does and feeds its network the
deciding player's own observation.
"""

from __future__ import annotations

import importlib.util
import inspect
from collections.abc import Callable
from typing import Any

from wonders_env.registry import resolve_game

from .match import Agent

AGENT_NAMES = ("random", "heuristic", "mcts", "ppo", "az", "llm")

__all__ = ["AGENT_NAMES", "Agent", "agent_names", "make_agent"]


def agent_names(game: str) -> tuple[str, ...]:
    """The agents that can play ``game`` as it is shipped: ``random`` always, ``heuristic`` and
    ``mcts`` when the game has a valuation (:data:`wonders_agents.heuristic.VALUATIONS`), ``ppo`` when a
    policy is shipped for it (a policy file of one's own plays any game: ``ppo`` with ``path``), ``az``
    when an az network is shipped for it. ``llm`` is never listed: it needs a model server.
    A new game in the registry plays with ``random`` (and a policy trained for it) and nothing else."""
    from .heuristic import VALUATIONS
    from . import az_agent, ppo_agent
    game = resolve_game(game)
    usable = {"random": True, "heuristic": game in VALUATIONS, "mcts": game in VALUATIONS,
              "ppo": ppo_agent.default_policy_path(game).is_file(),
              "az": az_agent.default_policy_path(game).is_file(), "llm": False}
    return tuple(name for name in AGENT_NAMES if usable[name])


def _random(game: str, seed: int | None) -> Agent:
    from .random_agent import RandomAgent
    return RandomAgent(seed)


def _heuristic(game: str, seed: int | None) -> Agent:
    from .heuristic import HeuristicAgent
    return HeuristicAgent(game, seed)


def _with_options(name: str, agent_class: type, game: str, seed: int | None, options: dict[str, Any]) -> Agent:
    """``agent_class(game, seed=seed, **options)``, or a ``ValueError`` naming the options it takes."""
    known = [option for option in inspect.signature(agent_class).parameters if option not in ("game", "seed")]
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} "
                         f"for agent {name!r}; its options are: {', '.join(known)}")
    return agent_class(game, seed=seed, **options)


def _mcts(game: str, seed: int | None, **options: Any) -> Agent:
    from .mcts import MCTSAgent
    return _with_options("mcts", MCTSAgent, game, seed, options)


def _check_torch(name: str) -> None:
    """Raises ``ModuleNotFoundError`` saying how to install torch where it is missing (the base
    install has no torch: the networks of ``ppo`` and ``az`` need it)."""
    if importlib.util.find_spec("torch") is None:
        raise ModuleNotFoundError(f"agent {name!r} needs torch, which is not installed: install the train extra "
                                  "(`pip install 'wonders_env[train]'`)", name="torch")


def _ppo(game: str, seed: int | None, **options: Any) -> Agent:
    _check_torch("ppo")
    from .ppo_agent import PPOAgent
    return _with_options("ppo", PPOAgent, game, seed, options)


def _az(game: str, seed: int | None, **options: Any) -> Agent:
    _check_torch("az")
    from .az_agent import AZAgent
    return _with_options("az", AZAgent, game, seed, options)


def _llm(game: str, seed: int | None, **options: Any) -> Agent:
    from .llm_agent import LLMAgent
    return _with_options("llm", LLMAgent, game, seed, options)


_FACTORIES: dict[str, Callable[..., Agent]] = {"random": _random, "heuristic": _heuristic, "mcts": _mcts,
                                               "ppo": _ppo, "az": _az, "llm": _llm}


def make_agent(name: str, game: str = "seven_wonders", seed: int | None = None, **options: Any) -> Agent:
    """A new agent ``name`` for ``game`` (a name or alias of :mod:`wonders_env.registry`).

    ``options`` go to the agent (``mcts`` and ``az``: ``simulations``, ``time_limit``, ...; ``ppo``:
    ``path``, ``deterministic``; ``az`` also ``path``; ``llm``: ``base_url``, ``model``, ...); agents
    without options reject them. Unknown names, games or options raise ``ValueError`` listing the
    known ones.
    """
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; agents are: {', '.join(AGENT_NAMES)}")
    game = resolve_game(game)
    if options and name not in ("mcts", "ppo", "az", "llm"):
        raise ValueError(f"agent {name!r} takes no options, got {sorted(options)}")
    return _FACTORIES[name](game, seed, **options)
