"""Every registered engine keeps the contract of :class:`wonders_env.game.Game`.

The cases are drawn from the registry: every engine of every game (the Python reference and the
compiled core where a game has one), at each player count and edition listed in :data:`TABLES`
that the game has. Seeded random games check, at every step, the masks against the legal lists
and the slow reference, that only the acting players have legal actions, the observation's shape,
that an illegal action raises and changes nothing, that ``why_illegal`` explains exactly the
illegal actions naming them, that clones are independent and that a
determinization keeps the player's observation and has no seed (its deal is not its seed's); and at
the end the winners, returns and scores.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from wonders_env.game import Game
from wonders_env.registry import GAMES, make, make_engine

TABLES = [{}, {"num_players": 2}, {"num_players": 4}, {"num_players": 3, "edition": "2nd"}, {"num_players": 7}]
REFERENCE_EVERY = 5  # the slow reference is compared at every 5th step


def _cases():
    for name, entry in GAMES.items():
        for engine in entry.engines:
            for table in TABLES:
                if table.get("num_players", entry.default_players) not in entry.player_counts:
                    continue
                if table.get("edition", entry.editions[0]) not in entry.editions:
                    continue
                if not table and len(entry.player_counts) > 1:
                    continue  # games with several counts are listed by count
                yield pytest.param(name, engine, table, id=f"{name}-{engine}-" + "-".join(map(str, table.values())))


CASES = list(_cases())


def _fingerprint(game: Game, state) -> str:
    """Everything a player can see, and the record: equal fingerprints, equal games."""
    observations = [game.encode_observation(state, p).tobytes().hex() for p in range(game.num_players)]
    return json.dumps([game.game_record(state), observations], sort_keys=True, default=str)


def _random_game(game: Game, seed: int, check):
    """Play a seeded random game, calling ``check(state, step)`` before every move."""
    state = game.new_game(seed)
    rng = np.random.default_rng(seed)
    step = 0
    while not game.is_over(state):
        check(state, step)
        actions = {p: int(rng.choice(game.legal_actions(state, p))) for p in game.acting_players(state)}
        game.apply_actions(state, actions)
        step += 1
    return state


@pytest.mark.parametrize("name, engine, table", CASES)
def test_engine_is_a_game(name, engine, table):
    game = make_engine(name, engine, **table)
    assert isinstance(game, Game)
    assert game.name == name
    assert game.num_players == table.get("num_players", GAMES[name].default_players)
    env = make(name, raw=True, **table)
    assert env.action_space(env.possible_agents[0]).n == game.num_actions
    assert env.observation_space(env.possible_agents[0])["observation"].shape == (game.observation_size,)


@pytest.mark.parametrize("name, engine, table", CASES)
def test_a_random_game_keeps_the_contract(name, engine, table):
    game = make_engine(name, engine, **table)
    rng = np.random.default_rng(0)

    def check(state, step):
        acting = game.acting_players(state)
        assert acting and acting == sorted(acting)
        for p in range(game.num_players):
            mask = game.legal_action_mask(state, p)
            assert mask.dtype == bool and mask.shape == (game.num_actions,)
            legal = game.legal_actions(state, p)
            assert sorted(legal) == np.flatnonzero(mask).tolist()
            assert bool(legal) == (p in acting), "only the acting players have legal actions"
            if step % REFERENCE_EVERY == 0:
                assert game.legal_actions_reference(state, p) == set(legal)
            obs = game.encode_observation(state, p)
            assert obs.dtype == np.float32 and obs.shape == (game.observation_size,)
        player = acting[0]
        before = _fingerprint(game, state)
        illegal = int(np.flatnonzero(~game.legal_action_mask(state, player))[0])
        with pytest.raises(ValueError):
            game.apply_actions(state, {**{p: game.legal_actions(state, p)[0] for p in acting}, player: illegal})
        with pytest.raises(ValueError):
            game.apply_actions(state, {})
        assert _fingerprint(game, state) == before, "a refused action changed the state"
        _check_why_illegal(game, state, acting)
        if step % REFERENCE_EVERY == 0:
            twin = game.clone(state)
            game.apply_actions(twin, {p: game.legal_actions(twin, p)[-1] for p in acting})
            assert _fingerprint(game, state) == before, "playing on a clone changed the original"
            seen = game.encode_observation(state, player)
            guess = game.determinize(state, player, rng)
            assert np.array_equal(game.encode_observation(guess, player), seen)
            assert game.game_record(guess)["seed"] is None, "a determinization is not its seed's deal"
            assert game.game_record(state)["seed"] == 1
            assert game.legal_actions(guess, player) == game.legal_actions(state, player)
        assert isinstance(game.describe_action(state, game.legal_actions(state, player)[0]), str)
        assert all(isinstance(game.describe_move(state, player, a), str) for a in game.legal_actions(state, player))
        assert isinstance(game.render(state, player), str)

    state = _random_game(game, 1, check)
    assert game.acting_players(state) == []
    assert not any(game.legal_action_mask(state, p).any() for p in range(game.num_players))
    winners = game.winners(state)
    assert winners and set(winners) <= set(range(game.num_players))
    returns = game.returns(state)
    assert len(returns) == game.num_players and sum(returns) == pytest.approx(1.0)
    assert [p for p in range(game.num_players) if returns[p] > 0] == sorted(winners)
    for p in range(game.num_players):
        score = game.score_breakdown(state, p)
        assert score["total"] == sum(v for k, v in score.items() if k != "total")
    record = game.game_record(state)
    assert record["finished"] and sorted(record["winners"]) == sorted(f"player_{p}" for p in winners)
    json.dumps(record)
    for viewer in (None, *range(game.num_players)):  # the sentences of terminal play and the web news
        assert all(isinstance(game.describe_entry(entry, viewer), str) for entry in record["actions"])


def _check_why_illegal(game: Game, state, acting: list[int]) -> None:
    """``why_illegal`` is None for every legal action of an acting player, a reason naming the
    action for some of its illegal ones, for a bad action number of any player, and for an acting
    player's legal action given by a player who does not act."""
    for p in range(game.num_players):
        for action in (game.num_actions, -1, "3"):
            reason = game.why_illegal(state, p, action)
            assert isinstance(reason, str) and repr(action) in reason and "integer" in reason, (p, action, reason)
        if p not in acting:
            for action in game.legal_actions(state, acting[0])[:3]:
                reason = game.why_illegal(state, p, action)
                assert isinstance(reason, str) and f"illegal action {action} (" in reason, (p, action, reason)
    for p in acting:
        mask = game.legal_action_mask(state, p)
        assert all(game.why_illegal(state, p, a) is None for a in np.flatnonzero(mask).tolist())
        illegal = np.flatnonzero(~mask)
        for action in illegal[:: max(1, len(illegal) // 4)].tolist():
            reason = game.why_illegal(state, p, action)
            assert isinstance(reason, str) and f"illegal action {action} (" in reason, (p, action, reason)


@pytest.mark.parametrize("name, engine, table", CASES)
def test_a_seed_fixes_the_game(name, engine, table):
    game = make_engine(name, engine, **table)
    first = _random_game(game, 3, lambda state, step: None)
    again = _random_game(game, 3, lambda state, step: None)
    other = _random_game(game, 4, lambda state, step: None)
    assert game.game_record(first) == game.game_record(again)
    assert game.game_record(first)["actions"] != game.game_record(other)["actions"]


@pytest.mark.parametrize("name, table", sorted({(name, tuple(table.items())) for name, _, table in
                                                 (case.values for case in CASES)}))
def test_the_env_plays_its_engines_game(name, table):
    """The env and the engine it names (``env.unwrapped.game``) agree: the same seed deals the same
    game, with the same observations and legal actions for the acting players, step by step.
    (A compiled engine deals from its own generator; its own tests compare it on one deal.)"""
    table = dict(table)
    env = make(name, raw=True, **table)
    game = env.unwrapped.game
    env.reset(seed=5)
    state = game.new_game(5)
    rng = np.random.default_rng(5)
    pending = {}
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        player = env.possible_agents.index(agent)
        seen = env.observe(agent)
        assert np.array_equal(seen["observation"], game.encode_observation(state, player))
        assert np.flatnonzero(seen["action_mask"]).tolist() == sorted(game.legal_actions(state, player))
        action = int(rng.choice(game.legal_actions(state, player)))
        pending[player] = action
        env.step(action)
        if sorted(pending) == game.acting_players(state):
            game.apply_actions(state, pending)
            pending = {}
    assert game.is_over(state) and env.unwrapped.game_record() == game.game_record(state)
