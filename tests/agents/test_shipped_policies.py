"""The policies shipped in ``agents/policies/``: present, small, documented, legal and trained."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the shipped policies are read with torch (the train extra)")

from wonders_agents import make_agent  # noqa: E402
import wonders_env  # noqa: E402
from wonders_agents.match import play_game  # noqa: E402
from wonders_agents.ppo_agent import default_policy_path  # noqa: E402
from wonders_agents.policy import CheckpointError  # noqa: E402

GAMES = ("seven_wonders", "seven_wonders_duel")


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_policy_is_small_and_says_how_it_was_made(game):
    path = default_policy_path(game)
    assert path.is_file(), f"{path} is missing"
    assert path.stat().st_size < 4_000_000
    meta = make_agent("ppo", game=game).metadata
    # networks trained before training/ was installed as wonders_training name its old module name
    assert meta["command"].startswith(("python -m wonders_training.ppo_selfplay ", "python -m training.ppo_selfplay "))
    assert f"--game {game}" in meta["command"] and f"--seed {meta['seed']}" in meta["command"]
    assert meta["num_players_trained"] == (4 if game == "seven_wonders" else 2)
    assert {r["opponent"] for r in meta["final_eval"]} == {"random", "heuristic"}


def test_the_shipped_duel_policy_beats_random():
    """A regression check that the file holds the trained network (greedy: deterministic)."""
    env = wonders_env.make("seven_wonders_duel", raw=True)
    wins = 0
    for seed in range(20):
        ppo = make_agent("ppo", game="duel")
        players = [ppo, make_agent("random", game="duel", seed=seed)]
        seat = seed % 2
        result = play_game(env, players if seat == 0 else players[::-1], seed)
        wins += seat in result.winners
    assert wins >= 18


@pytest.mark.parametrize("players", [3, 4, 7])
def test_the_shipped_seven_wonders_policy_beats_random_at_several_counts(players):
    env = wonders_env.make("seven_wonders", players, raw=True)
    wins = 0
    for seed in range(12):
        seat = seed % players
        bots = [make_agent("random", game="seven_wonders", seed=seed * 10 + s) for s in range(players)]
        bots[seat] = make_agent("ppo", game="seven_wonders")
        wins += seat in play_game(env, bots, seed).winners
    assert wins >= 9


def test_sampling_is_seeded():
    env = wonders_env.make("seven_wonders_duel", raw=True)

    def actions(seed):
        bots = [make_agent("ppo", game="duel", seed=seed, deterministic=False),
                make_agent("random", game="duel", seed=0)]
        return play_game(env, bots, 5).record["actions"]

    assert actions(1) == actions(1)
    assert actions(1) != actions(2)


def test_bad_policy_files_give_clear_errors(tmp_path: Path):
    with pytest.raises(CheckpointError, match="no such checkpoint or policy file"):
        make_agent("ppo", game="duel", path=tmp_path / "missing.pt")
    (tmp_path / "junk.pt").write_bytes(b"not a policy")
    with pytest.raises(CheckpointError, match="truncated or corrupt"):
        make_agent("ppo", game="duel", path=tmp_path / "junk.pt")
    with pytest.raises(CheckpointError, match="a policy for 'seven_wonders_duel', not for 'seven_wonders'"):
        make_agent("ppo", game="seven_wonders", path=default_policy_path("seven_wonders_duel"))
    with pytest.raises(ValueError, match="unknown option 'temperature' for agent 'ppo'; its options are: path, "
                                         "deterministic"):
        make_agent("ppo", game="duel", temperature=2)


def test_ppo_plays_in_tournament_worker_processes():
    """This process runs the network first, then forks the workers: they must not hang in the
    torch thread pool they inherit (they run one thread each)."""
    from wonders_agents.tournament import run_tournament

    env = wonders_env.make("seven_wonders_duel", raw=True)
    play_game(env, [make_agent("ppo", game="duel"), make_agent("random", game="duel", seed=0)], 0)
    result = run_tournament("duel", ["random", "ppo"], games=4, workers=2, progress=False, ratings=False)
    assert len(result.games) == 4
    assert result.win_rates()["ppo"]["random"]["rate"] == 1.0


def test_the_shipped_leaders_policy_says_how_it_was_made_and_beats_three_random_seats():
    """``ppo`` plays the policy of the env's table: on a Leaders table the shipped Leaders policy."""
    path = default_policy_path("seven_wonders", ("leaders",))
    assert path.is_file() and path.stat().st_size < 4_000_000
    env = wonders_env.make("seven_wonders", 4, raw=True, expansions=("leaders",))
    wins = 0
    for seed in range(8):
        seat = seed % 4
        bots = [make_agent("random", game="seven_wonders", seed=seed * 10 + s) for s in range(4)]
        bots[seat] = ppo = make_agent("ppo", game="seven_wonders")
        wins += seat in play_game(env, bots, seed).winners
    meta = ppo.metadata
    assert meta["expansions"] == ("leaders",) and "--expansions leaders" in meta["command"]
    assert meta["num_players_trained"] == 4 and {r["opponent"] for r in meta["final_eval"]} == {"random", "heuristic"}
    assert wins >= 6


def test_a_table_without_a_shipped_policy_is_refused_naming_the_shipped_ones():
    ppo = make_agent("ppo", game="duel")
    table = wonders_env.make("seven_wonders_duel", raw=True, expansions=("agora",), engine="python")
    with pytest.raises(ValueError, match=r"no policy is shipped for seven_wonders_duel with agora \(shipped: "
                                         r"seven_wonders_duel, seven_wonders_duel_pantheon\); train one"):
        ppo.check_env(table)
    own = make_agent("ppo", game="duel", path=default_policy_path("seven_wonders_duel"))
    with pytest.raises(ValueError, match="trained on the base game and plays only that table"):
        own.check_env(table)  # a file given by path is never swapped


def test_the_shipped_pantheon_policy_says_how_it_was_made_and_beats_random_on_the_core():
    path = default_policy_path("seven_wonders_duel", ("pantheon",))
    assert path.is_file() and path.stat().st_size < 5_000_000
    env = wonders_env.make("seven_wonders_duel", raw=True, expansions=("pantheon",))
    wins = 0
    for seed in range(10):
        seat = seed % 2
        bots = [make_agent("random", game="duel", seed=seed), make_agent("random", game="duel", seed=seed + 50)]
        bots[seat] = ppo = make_agent("ppo", game="duel")
        wins += seat in play_game(env, bots, seed).winners
    meta = ppo.metadata
    assert meta["expansions"] == ("pantheon",) and "--expansions pantheon" in meta["command"]
    assert {r["opponent"] for r in meta["final_eval"]} == {"random", "heuristic"}
    assert wins >= 9
