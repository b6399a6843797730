"""Self-play with search (``wonders_training.az_selfplay``): the generated targets, the soft gate, the
``--init ppo`` value mapping and ``--init az``, exact resume after a stop, and bad input. Tiny budgets."""

from __future__ import annotations

import copy
import os
import shutil
import signal
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="az self-play trains with torch (the train extra)")

from wonders_agents import make_agent  # noqa: E402
from wonders_agents.policy import FORMAT_VERSION, MASKED_LOGIT, ActorCritic, CheckpointError, PolicySpec, load_policy  # noqa: E402
from wonders_training import az_selfplay as az  # noqa: E402
from wonders_training.cli_args import parse_args  # noqa: E402
from wonders_env import vector  # noqa: E402

TINY = ["--games", "2", "--num-envs", "2", "--simulations", "6", "--gate-games", "2", "--eval-games", "1",
        "--init", "none", "--hidden", "16", "--temperature-moves", "3", "--batch-size", "64",
        "--eval-mcts-simulations", "12", "--no-progress-bar"]


def tiny_network(venv: vector.VectorEnv) -> ActorCritic:
    torch.manual_seed(0)
    return ActorCritic(PolicySpec(venv.game, venv.observation_size, venv.num_actions, 16)).eval()


GAMES = [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3})]
EVALUATORS = [None, az.BatchedLeaves(leaves_per_game=4, virtual_loss=1)]


@pytest.mark.parametrize("batched", EVALUATORS, ids=["core", "batched"])
@pytest.mark.parametrize("game, options", GAMES)
def test_generated_targets_are_visit_distributions_over_legal_actions_and_returns_in_0_1(game: str, options: dict,
                                                                                        batched):
    venv = vector.make(game, num_envs=2, seed=3, **options)
    model = tiny_network(venv)
    args = parse_args(az.Args, ["--game", game, "--simulations", "8"])
    play = az.SearchPlay(az.search_options(args, 0.25), temperature=1.0, temperature_moves=4, record=True,
                         batched=batched)
    played = az.play_games(venv, [[model] * venv.num_players] * 2, play, np.random.default_rng(0), None)
    positions = played.positions
    assert len(positions) > 20 * venv.num_players  # every game played to its end, decisions of every seat
    masks = np.unpackbits(positions.masks, axis=1, count=venv.num_actions).astype(bool)
    policies = positions.policies.astype(np.float32)
    assert np.allclose(policies.sum(1), 1.0, atol=2e-3)
    assert not policies[~masks].any() and (policies >= 0).all()
    assert (masks.sum(1) >= 2).all()  # forced moves are not recorded
    # with 8 simulations, at most 8 actions are visited (a Duel tree reused from the last move may hold more)
    assert ((policies > 0).sum(1) <= 8).mean() > 0.5
    assert ((positions.values >= 0) & (positions.values <= 1)).all()
    # each value is the return of a player of one of the games, and each game's returns were found
    assert all(len(returns) == venv.num_players for returns in played.returns)
    found = np.array([v for returns in played.returns for v in returns], np.float32)
    assert all(np.isclose(value, found).any() for value in positions.values)
    for returns, shares in zip(played.returns, played.shares):
        assert sum(shares) == pytest.approx(1.0)
        assert np.argmax(returns) in np.flatnonzero(shares)
    assert np.array_equal(positions.obs.astype(np.float32).astype(np.float16), positions.obs)


@pytest.mark.parametrize("game, options", GAMES)
def test_the_batched_evaluator_with_one_leaf_a_wave_plays_the_games_of_the_core_one(game: str, options: dict):
    """The torch network on the leaves gives the C++ network's searches (within float rounding):
    the same moves and visit distributions, value targets within rounding."""
    args = parse_args(az.Args, ["--game", game, "--simulations", "12"])

    def played(batched: az.BatchedLeaves | None) -> az.Played:
        venv = vector.make(game, num_envs=2, seed=3, **options)
        play = az.SearchPlay(az.search_options(args, 0.25), 1.0, 4, record=True, target_q_weight=0.5,
                             batched=batched)
        return az.play_games(venv, [[tiny_network(venv)] * venv.num_players] * 2, play, np.random.default_rng(0),
                             None)

    in_core, batched = played(None), played(az.BatchedLeaves(leaves_per_game=1, virtual_loss=0))
    assert np.array_equal(in_core.positions.obs, batched.positions.obs)
    assert np.array_equal(in_core.positions.policies, batched.positions.policies)
    assert np.allclose(in_core.positions.values, batched.positions.values, atol=1e-5)


def leaf_rows(venv: vector.VectorEnv) -> tuple[np.ndarray, np.ndarray]:
    """The observations and masks of the acting seats of a batch, as a wave's rows."""
    obs, masks, _ = venv.reset()
    venv.step(venv.sample_actions())
    rows = np.flatnonzero(masks.any(2).ravel())
    return obs.reshape(-1, venv.observation_size)[rows], masks.reshape(-1, venv.num_actions)[rows]


def test_the_batched_evaluator_gives_the_dense_networks_values_and_priors_over_the_legal_actions():
    venv = vector.make("seven_wonders", num_envs=3, seed=3, num_players=4)
    obs, masks = leaf_rows(venv)
    masks[-1] = 0  # a row that asks the value only
    model = tiny_network(venv)
    values, priors = az.BatchedLeaves.evaluate(model, obs, masks)
    with torch.no_grad():
        logits, dense_values = model(torch.from_numpy(obs))
        dense = torch.softmax(logits.masked_fill(~torch.from_numpy(masks).bool(), MASKED_LOGIT), -1).numpy()
    assert values.dtype == priors.dtype == np.float32 and priors.shape == masks.shape
    assert np.allclose(values, dense_values.numpy(), atol=1e-6)
    assert np.allclose(priors[:-1], dense[:-1], atol=1e-6) and not priors[:-1][masks[:-1] == 0].any()


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device here: the batched pass on a GPU is not run")
def test_the_batched_evaluator_on_cuda_values_the_leaves_as_on_the_cpu():
    venv = vector.make("seven_wonders_duel", num_envs=4, seed=3)
    obs, masks = leaf_rows(venv)
    model = tiny_network(venv)
    on_cpu = az.BatchedLeaves.evaluate(model, obs, masks)
    on_cuda = az.BatchedLeaves.evaluate(copy.deepcopy(model).to("cuda"), obs, masks)
    for cpu, cuda in zip(on_cpu, on_cuda):
        assert np.allclose(cpu, cuda, atol=1e-5)


@pytest.mark.parametrize("game, options", GAMES)
def test_target_q_weight_mixes_the_root_value_into_the_value_target(game: str, options: dict):
    """The same games (same seeds) recorded with q = 0, 1 and 0.5: the moves and visit
    distributions do not change; q = 0 gives the games' returns, q = 1 the searches' root values
    (in [0, 1], not the returns), and q = 0.5 their mean, position by position."""
    args = parse_args(az.Args, ["--game", game, "--simulations", "8"])

    def played(q_weight: float) -> az.Played:
        venv = vector.make(game, num_envs=2, seed=3, **options)
        play = az.SearchPlay(az.search_options(args, 0.25), 1.0, 4, record=True, target_q_weight=q_weight)
        return az.play_games(venv, [[tiny_network(venv)] * venv.num_players] * 2, play,
                             np.random.default_rng(0), None)

    by_returns, by_root_values, by_both = played(0.0), played(1.0), played(0.5)
    returns, root_values, mixed = by_returns.positions, by_root_values.positions, by_both.positions
    assert np.array_equal(returns.policies, root_values.policies) and np.array_equal(returns.obs, mixed.obs)
    assert ((root_values.values >= 0) & (root_values.values <= 1)).all()
    assert not np.allclose(root_values.values, returns.values)
    assert np.allclose(mixed.values, (returns.values + root_values.values) / 2, atol=1e-6)
    # the two parts are kept per position, whatever the mix
    assert np.array_equal(by_both.position_returns, returns.values)
    assert np.array_equal(by_both.root_values, root_values.values)


def test_record_returns_are_the_search_returns_win_share_and_margin():
    def record(game: str, winners: list[str], totals: list[int], victory: str = "civilian") -> dict:
        return {"game": game, "victory": victory, "winners": winners,
                "players": [{"agent": f"player_{p}", "score": {"total": t}} for p, t in enumerate(totals)]}

    duel = az.record_returns(record("seven_wonders_duel", ["player_0"], [60, 55]), 5.0, 0.2)
    margin = 1 / (1 + np.exp(-1.0))  # 5 points over a scale of 5
    assert duel == (pytest.approx([0.8 + 0.2 * margin, 0.2 * (1 - margin)]), [1.0, 0.0])
    supremacy = az.record_returns(record("seven_wonders_duel", ["player_1"], [60, 20], "military"), 5.0, 0.2)
    assert supremacy == ([0.0, 1.0], [0.0, 1.0])  # a supremacy is a plain win, whatever the points
    shared = az.record_returns(record("seven_wonders", ["player_0", "player_2"], [50, 40, 50]), 5.0, 0.2)
    assert shared[1] == [0.5, 0.0, 0.5]
    assert shared[0] == pytest.approx([0.4 + 0.1, 0.2 / (1 + np.exp(2.0)), 0.4 + 0.1])


@pytest.mark.parametrize("score, games, chance, decision", [
    (20, 20, 0.5, az.PROMOTE), (16, 20, 0.5, az.PROMOTE), (12, 20, 0.5, az.KEEP), (10, 20, 0.5, az.KEEP),
    (7, 20, 0.5, az.KEEP), (4, 20, 0.5, az.REVERT), (0, 20, 0.5, az.REVERT), (0, 2, 0.5, az.KEEP),
    (5, 20, 0.25, az.KEEP), (12, 20, 0.25, az.PROMOTE), (0, 20, 0.25, az.REVERT), (10.5, 20, 0.5, az.KEEP)])
def test_the_soft_gate_promotes_the_clearly_better_keeps_the_unclear_and_reverts_the_clearly_worse(
        score: float, games: int, chance: float, decision: str):
    found, low, high = az.gate_decision(score, games, chance, 0.95)
    assert found == decision and low <= score / games <= high


def test_the_gate_is_one_sided_at_its_confidence():
    # 14 of 20 is clearly better at 95% one-sided (z 1.645) but not at 99% (z 2.33)
    assert az.gate_decision(14, 20, 0.5, 0.95)[0] == az.PROMOTE
    assert az.gate_decision(14, 20, 0.5, 0.99)[0] == az.KEEP


@pytest.mark.parametrize("game", ["seven_wonders_duel", "seven_wonders"])
def test_init_ppo_maps_the_win_loss_critic_to_a_return_in_0_1_and_keeps_the_policy(game: str):
    args = parse_args(az.Args, ["--game", game], validate=az.problems)
    ppo, _ = load_policy(az.POLICY_DIR / f"ppo_{game}.pt", game)
    model, origin = az.initial_network(args, (ppo.spec.obs_size, ppo.spec.num_actions))
    obs = torch.rand(16, ppo.spec.obs_size) * 10
    with torch.no_grad():
        (ppo_logits, ppo_value), (logits, value) = ppo(obs), model(obs)
    assert torch.equal(logits, ppo_logits)
    assert torch.allclose(value, (ppo_value + 1) / 2, atol=1e-6)
    assert origin["file"] == f"ppo_{game}.pt"


@pytest.mark.parametrize("game", ["seven_wonders_duel", "seven_wonders"])
def test_init_az_goes_on_from_the_shipped_az_network_and_records_its_counters(game: str):
    args = parse_args(az.Args, ["--game", game, "--init", "az"], validate=az.problems)
    shipped, metadata = load_policy(az.POLICY_DIR / f"az_{game}.pt", game)
    model, origin = az.initial_network(args, (shipped.spec.obs_size, shipped.spec.num_actions))
    obs = torch.rand(16, shipped.spec.obs_size) * 10
    with torch.no_grad():
        (shipped_logits, shipped_value), (logits, value) = shipped(obs), model(obs)
    assert torch.equal(logits, shipped_logits) and torch.equal(value, shipped_value)
    assert origin == {"file": f"az_{game}.pt", **{key: metadata[key] for key in az.ORIGIN_KEYS}}


def test_init_az_refuses_a_policy_of_another_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    shutil.copy(az.POLICY_DIR / "ppo_seven_wonders_duel.pt", tmp_path / "az_seven_wonders_duel.pt")
    monkeypatch.setattr(az, "POLICY_DIR", tmp_path)
    args = parse_args(az.Args, ["--init", "az"], validate=az.problems)
    with pytest.raises(CheckpointError, match="needs a policy of the agent 'az', got one of 'ppo'"):
        az.initial_network(args, (1950, 1202))


def run(run_dir: Path, *extra: str) -> dict:
    return az.main(["--run-dir", str(run_dir), *TINY, *extra])


def checkpoint_state(run_dir: Path) -> dict:
    return torch.load(run_dir / "checkpoint.pt", weights_only=True)


def assert_same_run(first: Path, second: Path) -> None:
    a, b = checkpoint_state(first), checkpoint_state(second)
    for key in ("model", "best", "generator"):
        assert a[key].keys() == b[key].keys()
        assert all(torch.equal(a[key][name], b[key][name]) for name in a[key]), key
    assert all(torch.equal(a["buffer"][name], b["buffer"][name]) for name in a["buffer"])
    assert a["gates"] == b["gates"] and a["numpy_rng"] == b["numpy_rng"]
    assert a["counters"]["positions"] == b["counters"]["positions"] > 0


def test_a_run_stopped_after_iteration_1_moved_and_resumed_gives_the_same_networks_bit_for_bit(
        tmp_path: Path, capsys):
    whole = run(tmp_path / "whole", "--iterations", "2", "--eval-every", "0")
    assert [gate["iteration"] for gate in whole["gates"]] == [1, 2]
    run(tmp_path / "first", "--iterations", "1", "--eval-every", "0")
    (tmp_path / "first").rename(tmp_path / "parts")  # a run directory moved (or copied) between the two
    run(tmp_path / "parts", "--iterations", "2", "--eval-every", "0", "--resume", "--search-threads", "2")
    assert "resumed from" in capsys.readouterr().out
    assert_same_run(tmp_path / "whole", tmp_path / "parts")
    for name in ("policy.pt", "best.pt", "curve.csv", "curve.png", "gate.csv", "progress.csv"):
        assert (tmp_path / "parts" / name).stat().st_size > 0, name
    model, metadata = load_policy(tmp_path / "parts" / "policy.pt", "seven_wonders_duel")
    assert metadata["agent"] == "az" and metadata["command"].startswith("python -m wonders_training.az_selfplay")
    assert (metadata["iterations"], metadata["num_players_trained"], metadata["edition"]) == (2, [2], "1st")
    assert metadata["init"] == {}  # --init none
    assert [row["opponent"] for row in metadata["evaluation"]] == ["random", "heuristic", "mcts:simulations=12"]
    gates = (tmp_path / "parts" / "gate.csv").read_text().splitlines()
    assert gates[0].startswith("iteration,players,games,score") and len(gates) == 3
    progress = (tmp_path / "parts" / "progress.csv").read_text().splitlines()
    header, rows = progress[0].split(","), [line.split(",") for line in progress[1:]]
    assert len(rows) == 2 and all(float(row[header.index("fresh_value_loss")]) >= 0 for row in rows)
    assert all(float(row[header.index("fresh_policy_loss")]) > 0 for row in rows)
    agent = make_agent("az", game="seven_wonders_duel", simulations=4, path=str(tmp_path / "parts" / "policy.pt"))
    assert agent.metadata["agent"] == "az"


def test_a_run_with_the_batched_evaluator_resumes_to_the_same_networks_and_keeps_its_evaluator(tmp_path: Path):
    batched = ("--evaluator", "batched", "--leaves-per-game", "4", "--eval-every", "0")
    whole = run(tmp_path / "whole", "--iterations", "2", *batched)
    assert checkpoint_state(tmp_path / "whole")["counters"]["evaluator"] == "batched"
    assert [gate["iteration"] for gate in whole["gates"]] == [1, 2]
    run(tmp_path / "parts", "--iterations", "1", *batched)
    with pytest.raises(CheckpointError, match="'batched' in the checkpoint, 'core' here"):
        run(tmp_path / "parts", "--iterations", "2", "--eval-every", "0", "--resume", "--evaluator", "core",
            "--leaves-per-game", "4")
    with pytest.raises(CheckpointError, match="--leaves-per-game is 4 in the checkpoint but 8 here"):
        run(tmp_path / "parts", "--iterations", "2", "--eval-every", "0", "--resume", "--evaluator", "batched")
    run(tmp_path / "parts", "--iterations", "2", "--resume", "--search-threads", "2", *batched)
    assert_same_run(tmp_path / "whole", tmp_path / "parts")


def test_sigterm_in_the_middle_of_an_iteration_drops_it_and_the_resumed_run_is_the_same(tmp_path: Path, monkeypatch):
    run(tmp_path / "whole", "--iterations", "2", "--eval-every", "0")
    real_train, calls = az.train, []

    def train_then_terminated(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:  # iteration 2: after training, before the gate
            os.kill(os.getpid(), signal.SIGTERM)
        return real_train(*args, **kwargs)

    monkeypatch.setattr(az, "train", train_then_terminated)
    with pytest.raises(SystemExit) as stopped:
        run(tmp_path / "parts", "--iterations", "2", "--eval-every", "0")
    assert stopped.value.code == az.EXIT_TERMINATED
    assert checkpoint_state(tmp_path / "parts")["counters"]["iteration"] == 1
    assert not (tmp_path / "parts" / "policy.pt").exists()
    monkeypatch.setattr(az, "train", real_train)
    run(tmp_path / "parts", "--iterations", "2", "--eval-every", "0", "--resume")
    assert_same_run(tmp_path / "whole", tmp_path / "parts")


def test_a_checkpoint_written_before_an_argument_existed_resumes_with_its_default(tmp_path: Path):
    run(tmp_path / "whole", "--iterations", "2", "--eval-every", "0")
    run(tmp_path / "parts", "--iterations", "1", "--eval-every", "0")
    payload = checkpoint_state(tmp_path / "parts")
    for name in ("target_q_weight", "eval_mcts_simulations"):  # as a run started before they were added
        del payload["args"][name]
    torch.save(payload, tmp_path / "parts" / "checkpoint.pt")
    run(tmp_path / "parts", "--iterations", "2", "--eval-every", "0", "--resume", "--target-q-weight", "0",
        "--eval-mcts-simulations", "0")
    assert_same_run(tmp_path / "whole", tmp_path / "parts")
    with pytest.raises(CheckpointError, match="--target-q-weight is 0.0 in the checkpoint but 0.5 here"):
        run(tmp_path / "parts", "--iterations", "3", "--eval-every", "0", "--resume", "--target-q-weight", "0.5")


def test_resume_compares_the_player_counts_not_how_they_are_written(tmp_path: Path):
    path = tmp_path / "checkpoint.pt"
    torch.save({"kind": "checkpoint", "format_version": FORMAT_VERSION, "spec": {}, "model": {},
                "trainer": "az_selfplay", "args": asdict(az.Args(game="seven_wonders"))}, path)
    az.load_checkpoint(path, az.Args(game="seven_wonders", player_counts="3,4,5,6,7"))  # the default, written out
    with pytest.raises(CheckpointError, match="--player-counts is None in the checkpoint but '3,4' here"):
        az.load_checkpoint(path, az.Args(game="seven_wonders", player_counts="3,4"))


def test_moves_are_drawn_from_the_visits_at_a_temperature_as_low_as_allowed():
    """The visit counts raised to 1 / 0.001 overflow a float unless scaled first."""
    venv = vector.make("seven_wonders_duel", num_envs=1, seed=2)
    args = parse_args(az.Args, ["--simulations", "40", "--temperature", "0.001"])
    play = az.SearchPlay(az.search_options(args, 0.0), temperature=args.temperature, temperature_moves=100)
    played = az.play_games(venv, [[tiny_network(venv)] * 2], play, np.random.default_rng(0), None)
    assert len(played.returns) == 1 and sum(played.shares[0]) == pytest.approx(1.0)


@pytest.mark.parametrize("argv, message", [
    (["--simulations", "0"], "--simulations: must be at least 1"),
    (["--games", "-1"], "--games: must be at least 1"),
    (["--game", "chess"], "invalid choice: 'chess'"),
    (["--player-counts", "3,4"], "seven_wonders_duel is played by 2 players only, got '3,4'"),
    (["--game", "seven_wonders", "--player-counts", "3,8"], "player counts of the 1st edition of seven_wonders, got"),
    (["--game", "seven_wonders", "--player-counts", "four"], "player counts of the 1st edition of seven_wonders, got"),
    (["--gate-confidence", "1.5"], "--gate-confidence: must be from 0.5 to 0.9999"),
    (["--root-noise", "2"], "--root-noise: must be from 0 to 1"),
    (["--target-q-weight", "-0.1"], "--target-q-weight: must be from 0 to 1"),
    (["--evaluator", "gpu"], "invalid choice: 'gpu'"),
    (["--leaves-per-game", "0"], "--leaves-per-game: must be at least 1"),
    (["--virtual-loss", "-1"], "--virtual-loss: must be from 0 to 1000"),
])
def test_bad_arguments_are_refused_before_anything_starts(tmp_path: Path, capsys, argv: list, message: str):
    with pytest.raises(SystemExit) as error:
        az.main(["--run-dir", str(tmp_path / "run"), *argv])
    assert error.value.code == 2 and message in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_a_run_directory_of_another_run_is_refused(tmp_path: Path):
    run(tmp_path, "--iterations", "1", "--eval-every", "0")
    with pytest.raises(SystemExit, match="checkpoint.pt exists: pass --resume"):
        run(tmp_path, "--iterations", "1")
    with pytest.raises(CheckpointError, match="a run of 'seven_wonders_duel', not of 'seven_wonders'"):
        run(tmp_path, "--iterations", "2", "--resume", "--game", "seven_wonders")
    with pytest.raises(CheckpointError, match="--simulations is 6 in the checkpoint but 7 here"):
        run(tmp_path, "--iterations", "2", "--resume", "--simulations", "7")
    with pytest.raises(SystemExit, match="there is no checkpoint"):
        run(tmp_path / "elsewhere", "--resume")
    with pytest.raises(SystemExit, match="has 256 units; leave out --hidden"):
        az.main(["--run-dir", str(tmp_path / "other"), "--init", "ppo", "--hidden", "16"])
