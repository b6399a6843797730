"""Smoke tests of the masked PPO self-play script: a few updates of each game, resume, files."""

from __future__ import annotations

from pathlib import Path

import copy

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PPO self-play trains with torch (the train extra)")

from wonders_agents import make_agent  # noqa: E402
import wonders_env  # noqa: E402
from wonders_agents.match import play_game  # noqa: E402
from wonders_agents.ppo_agent import PPOAgent, default_policy_path  # noqa: E402
from wonders_training import ppo_selfplay, seats  # noqa: E402
from wonders_training.game_options import table_options  # noqa: E402
from wonders_env import vector  # noqa: E402
from wonders_agents.policy import (  # noqa: E402
    CHECKSUM_LINE, CHECKSUM_SIZE, ActorCritic, CheckpointError, PolicyAgent, PolicySpec, StackedPolicies, load_policy,
    save_policy)

TINY = ["--num-envs", "2", "--num-steps", "4", "--hidden", "16", "--eval-every", "1", "--eval-games", "2",
        "--final-eval-games", "2", "--snapshot-every", "1", "--checkpoint-every", "1", "--no-progress-bar"]


def train(run_dir: Path, *extra: str) -> list:
    return ppo_selfplay.main(["--run-dir", str(run_dir), *TINY, *extra])


def test_duel_run_writes_logs_plot_checkpoint_and_a_legal_policy(tmp_path: Path, capsys):
    final = train(tmp_path, "--total-steps", "100")
    assert [r.opponent for r in final] == ["random", "heuristic"] and all(r.games == 2 for r in final)
    for name in ("progress.csv", "eval.csv", "checkpoint.pt", "policy.pt", "learning_curve.png", "final_eval.md"):
        assert (tmp_path / name).stat().st_size > 0, name
    assert any((tmp_path / "tb").iterdir())
    assert "| random | 2 |" in capsys.readouterr().out
    model, metadata = load_policy(tmp_path / "policy.pt", "seven_wonders_duel")
    assert metadata["seed"] == 1 and metadata["command"].startswith("python -m wonders_training.ppo_selfplay")
    env = wonders_env.make("seven_wonders_duel", raw=True)
    for seed in range(2):  # play_game raises on any illegal move
        play_game(env, [PolicyAgent(model, deterministic=False, seed=seed), make_agent("random", seed=seed)], seed)


@pytest.mark.parametrize("players, edition", [(2, "1st"), (4, "1st"), (4, "2nd")])
def test_seven_wonders_run(tmp_path: Path, players: int, edition: str):
    train(tmp_path, "--game", "seven_wonders", "--num-players", str(players), "--edition", edition,
          "--total-steps", "60", "--self-play-prob", "0.5")
    model, metadata = load_policy(tmp_path / "policy.pt", "seven_wonders")
    assert (metadata["num_players_trained"], metadata["edition"]) == (players, edition)
    env = wonders_env.make("seven_wonders", 3, edition, raw=True)  # the observation fits every player count
    play_game(env, [PolicyAgent(model)] + [make_agent("heuristic", game="seven_wonders", seed=s) for s in (1, 2)], 0)
    other = wonders_env.make("seven_wonders", 3, "2nd" if edition == "1st" else "1st", raw=True)
    with pytest.raises(ValueError, match="the edition, it was trained on"):
        play_game(other, [PolicyAgent(model)] + [make_agent("random", seed=s) for s in (1, 2)], 0)


def test_a_policy_trained_choosing_payments_refuses_the_cheapest_mode(tmp_path: Path):
    env = wonders_env.make("seven_wonders", 3, raw=True, payment="choose")
    env.reset(seed=0)
    first = env.observe(env.agent_selection)
    spec = PolicySpec("seven_wonders", first["observation"].shape[0], first["action_mask"].shape[0], 16)
    save_policy(ActorCritic(spec), tmp_path / "policy.pt", {"payment": "choose"})
    agent = PPOAgent("seven_wonders", seed=0, path=tmp_path / "policy.pt")
    heuristics = [make_agent("heuristic", game="seven_wonders", seed=s) for s in (1, 2)]
    play_game(env, [agent, *heuristics], 0)
    with pytest.raises(ValueError, match="trained with payment='choose' .* the env has payment='cheapest'"):
        play_game(wonders_env.make("seven_wonders", 3, raw=True), [agent, *heuristics], 0)


def test_a_run_with_score_rewards_trains(tmp_path: Path):
    train(tmp_path, "--reward", "score", "--total-steps", "60")
    model, _ = load_policy(tmp_path / "policy.pt", "seven_wonders_duel")
    play_game(wonders_env.make("seven_wonders_duel", raw=True), [PolicyAgent(model), make_agent("random", seed=0)], 0)


def test_a_run_choosing_payments_trains_a_policy_of_that_mode(tmp_path: Path):
    train(tmp_path, "--game", "seven_wonders", "--num-players", "3", "--payment", "choose", "--total-steps", "60",
          "--self-play-prob", "0.5")
    model, metadata = load_policy(tmp_path / "policy.pt", "seven_wonders")
    assert metadata["payment"] == "choose"
    env = wonders_env.make("seven_wonders", 3, raw=True, payment="choose")
    play_game(env, [PolicyAgent(model, payment="choose")] +
              [make_agent("heuristic", game="seven_wonders", seed=s) for s in (1, 2)], 0)


def test_payment_choice_is_for_seven_wonders_only(tmp_path: Path):
    with pytest.raises(SystemExit, match="--payment choose is for 7 Wonders"):
        train(tmp_path, "--payment", "choose", "--total-steps", "20")


def test_resume_continues_exactly_like_an_uninterrupted_run(tmp_path: Path):
    no_anneal = ["--no-anneal-lr", "--eval-every", "0"]
    train(tmp_path / "straight", "--total-steps", "300", *no_anneal)
    train(tmp_path / "cut", "--total-steps", "90", *no_anneal)
    train(tmp_path / "cut", "--total-steps", "300", "--resume", *no_anneal)
    straight = torch.load(tmp_path / "straight" / "checkpoint.pt", weights_only=True)
    resumed = torch.load(tmp_path / "cut" / "checkpoint.pt", weights_only=True)
    assert resumed["counters"]["update"] == straight["counters"]["update"] > 2
    assert resumed["counters"]["global_step"] == straight["counters"]["global_step"]
    for key, value in straight["model"].items():
        assert torch.equal(value, resumed["model"][key]), key
    assert len(resumed["pool"]) == len(straight["pool"])
    updates = [line.split(",")[0] for line in (tmp_path / "cut" / "progress.csv").read_text().splitlines()[1:]]
    assert updates == [str(u) for u in range(1, straight["counters"]["update"] + 1)]


def test_an_existing_run_is_not_overwritten_without_resume(tmp_path: Path):
    train(tmp_path, "--total-steps", "20")
    with pytest.raises(SystemExit, match="--resume"):
        train(tmp_path, "--total-steps", "20")


def test_corrupt_and_mismatched_checkpoints_give_clear_errors(tmp_path: Path):
    train(tmp_path, "--total-steps", "20")
    checkpoint = tmp_path / "checkpoint.pt"
    with pytest.raises(CheckpointError,
                       match=r"checkpoint\.pt: does not fit this run: hidden is 16 in the file but 32"):
        train(tmp_path, "--total-steps", "40", "--resume", "--hidden", "32")
    with pytest.raises(CheckpointError, match="trained with 2 players, this run has 3|game is 'seven_wonders_duel'"):
        train(tmp_path, "--total-steps", "40", "--resume", "--game", "seven_wonders", "--num-players", "3")
    checkpoint.write_bytes(checkpoint.read_bytes()[:1000])
    with pytest.raises(CheckpointError, match=rf"{checkpoint}: not a readable checkpoint"):
        train(tmp_path, "--total-steps", "40", "--resume")
    with pytest.raises(CheckpointError, match="no such checkpoint"):
        load_policy(tmp_path / "missing.pt")
    torch.save({"weights": 1}, tmp_path / "foreign.pt")
    with pytest.raises(CheckpointError, match="foreign.pt: not a wonders_env training file"):
        load_policy(tmp_path / "foreign.pt")


def test_a_file_with_one_byte_flipped_is_refused_by_its_checksum_naming_the_file(tmp_path: Path):
    """torch itself loads a checkpoint whose weights lost a bit without a word (it resumed
    silently): the checksum line written with it refuses it, and a policy file likewise; a file
    without the line (as an older version wrote) still loads."""
    train(tmp_path, "--total-steps", "20")
    checkpoint, policy = tmp_path / "checkpoint.pt", tmp_path / "policy.pt"
    data = checkpoint.read_bytes()
    assert CHECKSUM_LINE.search(data) and CHECKSUM_LINE.search(policy.read_bytes())
    weights = torch.load(checkpoint, weights_only=True)["model"]["actor.weight"]  # plain torch reads it as it is
    for target in (checkpoint, policy):
        original = target.read_bytes()
        at = original.find(weights.numpy().tobytes()[:64])
        assert at > 0
        target.write_bytes(original[:at + 9] + bytes([original[at + 9] ^ 0x10]) + original[at + 10:])
        assert not torch.equal(torch.load(target, weights_only=True)["model"]["actor.weight"], weights)
    with pytest.raises(CheckpointError, match=rf"{checkpoint}: damaged since it was written: its contents have "
                                              rf"SHA-256 [0-9a-f]{{64}}, the file's checksum line says"):
        train(tmp_path, "--total-steps", "40", "--resume")
    with pytest.raises(CheckpointError, match=rf"{policy}: damaged since it was written"):
        load_policy(policy)
    checkpoint.write_bytes(data[:-10] + b"0" * 9 + b"\n")  # the checksum line damaged
    with pytest.raises(CheckpointError, match="damaged since it was written"):
        train(tmp_path, "--total-steps", "40", "--resume")
    checkpoint.write_bytes(data[:-CHECKSUM_SIZE])  # as written before checksums
    train(tmp_path, "--total-steps", "40", "--resume")
    assert CHECKSUM_LINE.search(checkpoint.read_bytes())


def test_ppo_agent_loads_a_policy_file_and_checks_the_game(tmp_path: Path):
    train(tmp_path, "--total-steps", "20")
    agent = PPOAgent("seven_wonders_duel", seed=0, path=tmp_path / "policy.pt")
    env = wonders_env.make("seven_wonders_duel", raw=True)
    play_game(env, [agent, make_agent("heuristic", game="seven_wonders_duel", seed=0)], seed=3)
    with pytest.raises(CheckpointError, match="a policy for 'seven_wonders_duel', not for 'seven_wonders'"):
        PPOAgent("seven_wonders", path=tmp_path / "policy.pt")


@pytest.mark.parametrize("game, players", [("seven_wonders_duel", 2), ("seven_wonders", 3), ("seven_wonders", 2)])
def test_batched_collection_gives_complete_correctly_rewarded_trajectories_for_every_learner_seat(
        monkeypatch, game: str, players: int):
    """Every learner seat of every game of a rollout is one trajectory, with as many transitions
    as the game's record has decisions of that seat, and the reward of the record's outcome;
    every transition belongs to exactly one trajectory; every kind of opponent plays."""
    records: dict[int, dict] = {}
    step = vector.VectorEnv.step

    def step_keeping_records(self, actions):
        result = step(self, actions)
        records.update({record["seed"]: record for record in self.finished_records()})
        return result

    monkeypatch.setattr(vector.VectorEnv, "step", step_keeping_records)
    args = ppo_selfplay.Args(game=game, num_players=players, num_envs=16, num_steps=60, self_play_prob=0.2,
                             opponent_snapshot=1, opponent_heuristic=1, opponent_random=1)
    first = vector.make(game, 1, **table_options(args, players))
    model = ActorCritic(PolicySpec(game, first.observation_size, first.num_actions, 16))
    kinds = set()
    draw = ppo_selfplay.draw_codes

    def counting_draw(*a):
        codes = draw(*a)
        kinds.update(codes.ravel().tolist())
        return codes

    monkeypatch.setattr(ppo_selfplay, "draw_codes", counting_draw)
    pool = StackedPolicies([model, copy.deepcopy(model)])
    rollout = ppo_selfplay.collect(model, pool, args, players, np.random.default_rng(3))
    assert kinds == {seats.LEARNER_CODE, 0, seats.RANDOM_CODE, seats.HEURISTIC_CODE}
    lengths = np.bincount(rollout.trajectory, minlength=len(rollout.seeds))
    assert len(rollout.trajectory) == len(rollout.actions) and lengths.min() >= 1 and rollout.games >= args.num_envs
    seats_of_games: dict[int, list[int]] = {}
    for seed, seat, reward, length in zip(rollout.seeds.tolist(), rollout.seats.tolist(), rollout.rewards, lengths):
        record = records[seed]
        agent = f"player_{seat}"
        assert record["finished"]
        decisions = sum(1 for a in record["actions"] if a["agent"] == agent and a["kind"] != "discard")
        assert length == decisions, (game, seed)
        shared = game == "seven_wonders_duel" and len(record["winners"]) == 2
        assert reward == (0.0 if shared else 1.0 if agent in record["winners"] else -1.0)
        seats_of_games.setdefault(seed, []).append(seat)
    for seats_held in seats_of_games.values():
        assert len(seats_held) in (1, players) and len(set(seats_held)) == len(seats_held)
    assert torch.all(rollout.masks[torch.arange(len(rollout.actions)), rollout.actions])  # legal moves only


def test_duel_heuristic_seats_play_a_best_move_of_the_valuation(monkeypatch):
    """In Duel the heuristic seats are played by the core's valuation on the batch's own games (no
    Python twin): each move is a best move of wonders_agents.duel_heuristic.action_values on the game's
    Python engine copy (up to its 1e-6 tie-break)."""
    from wonders_agents import duel_heuristic
    from wonders_env.duel.game import DuelGame
    checked = []
    heuristic_moves = seats.Seats.heuristic_moves

    def checking(self, acting, actions):
        heuristic_moves(self, acting, actions)
        assert self.compiled is not None and not hasattr(self, "twins")
        for game, seat in zip(*np.nonzero(acting & (self.codes == seats.HEURISTIC_CODE))):
            state = self.venv.python_state(int(game))
            legal = DuelGame().legal_actions(state, int(seat))
            values = duel_heuristic.action_values(state, int(seat), legal)
            assert values[legal.index(int(actions[game, seat]))] >= values.max() - 1e-6
            checked.append(values.max())

    monkeypatch.setattr(seats.Seats, "heuristic_moves", checking)
    args = ppo_selfplay.Args(num_envs=6, num_steps=40, self_play_prob=0, opponent_snapshot=0,
                             opponent_heuristic=1, opponent_random=0)
    first = vector.make("seven_wonders_duel", 1)
    model = ActorCritic(PolicySpec("seven_wonders_duel", first.observation_size, first.num_actions, 16))
    ppo_selfplay.collect(model, StackedPolicies([model, copy.deepcopy(model)]), args, 2, np.random.default_rng(5))
    assert len(checked) > 100


def test_collected_log_probs_and_values_are_those_of_the_dense_masked_policy():
    """The rollout's learner transitions hold, row by row, the log-probability and value that the
    dense masked network gives for the observation, mask and action recorded (so the update's
    first ratios start at 1)."""
    args = ppo_selfplay.Args(num_envs=4, num_steps=30, self_play_prob=0.5)
    sizes = vector.make("seven_wonders_duel", 1)
    model = ActorCritic(PolicySpec("seven_wonders_duel", sizes.observation_size, sizes.num_actions, 32))
    with torch.no_grad():
        model.actor.weight.mul_(100)  # a policy far from uniform
    rollout = ppo_selfplay.collect(model, StackedPolicies([model, copy.deepcopy(model)]), args, 2,
                                   np.random.default_rng(4))
    with torch.no_grad():
        _, logprob, _, value = model.get_action_and_value(rollout.obs, rollout.masks, rollout.actions)
    torch.testing.assert_close(rollout.logprobs, logprob, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(rollout.values, value, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("gamma, gae_lambda", [(1.0, 0.95), (0.9, 0.5), (0.99, 1.0)])
def test_gae_of_interleaved_trajectories_is_each_trajectorys_own(gamma: float, gae_lambda: float):
    """The padded sweep gives each trajectory, whatever its length and however the rollout
    interleaves it with others, what the textbook recursion along it alone gives."""
    rng = np.random.default_rng(0)
    lengths = rng.integers(1, 30, size=40)
    trajectory = rng.permutation(np.repeat(np.arange(len(lengths)), lengths))  # interleaved, in play order
    values, rewards = rng.normal(size=len(trajectory)), rng.choice([-1.0, 0.0, 1.0], size=len(lengths))
    expected = np.zeros(len(trajectory))
    for t, reward in enumerate(rewards):
        indices = np.flatnonzero(trajectory == t)
        last = next_value = 0.0
        for step, index in enumerate(reversed(indices)):
            last = (reward if step == 0 else 0.0) + gamma * next_value - values[index] + gamma * gae_lambda * last
            expected[index], next_value = last, values[index]
    np.testing.assert_allclose(ppo_selfplay.gae(values, trajectory, rewards, gamma, gae_lambda), expected, rtol=1e-12)


@pytest.mark.parametrize("value, message", [("leaders", "unknown expansion 'leaders' for seven_wonders_duel; its "
                                                         "expansions are: 'pantheon'"),
                                            ("pantheon,pantheon", "expansions names an expansion twice")])
def test_expansions_a_game_does_not_have_are_refused_naming_those_it_has(tmp_path: Path, value: str, message: str,
                                                                          capsys):
    with pytest.raises(SystemExit):
        train(tmp_path / "run", "--expansions", value, "--total-steps", "20")
    assert f"argument --expansions: {message}" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_the_table_is_in_the_checkpoint_and_a_resume_on_another_table_is_refused(tmp_path: Path):
    train(tmp_path, "--total-steps", "20")
    checkpoint = torch.load(tmp_path / "checkpoint.pt", weights_only=True)
    assert checkpoint["expansions"] == []
    model = ActorCritic(PolicySpec(**checkpoint["spec"]))
    optimizer = torch.optim.Adam(model.parameters())
    with pytest.raises(CheckpointError, match="trained on the base game, this run plays the table with pantheon"):
        ppo_selfplay.load_checkpoint(tmp_path / "checkpoint.pt", model.spec, 2, ("pantheon",), model, optimizer,
                                     np.random.default_rng(0))


def test_a_policy_plays_only_the_table_it_was_trained_on(tmp_path: Path):
    table = wonders_env.make("seven_wonders_duel", raw=True, expansions=("pantheon",), engine="python")
    table.reset(seed=0)
    first = table.observe(table.agent_selection)
    spec = PolicySpec("seven_wonders_duel", first["observation"].shape[0], first["action_mask"].shape[0], 16)
    save_policy(ActorCritic(spec), tmp_path / "policy.pt", {"expansions": ["pantheon"]})
    agent = PPOAgent("seven_wonders_duel", seed=0, path=tmp_path / "policy.pt")
    play_game(table, [agent, make_agent("random", seed=0)], 0)
    with pytest.raises(ValueError, match="trained on the table with pantheon and plays only that table; the env is "
                                         "the base game"):
        agent.check_env(wonders_env.make("seven_wonders_duel", raw=True))
    base = PPOAgent("seven_wonders_duel", path=default_policy_path("seven_wonders_duel"))  # a file naming no table
    with pytest.raises(ValueError, match="trained on the base game .* the env is the table with pantheon"):
        base.check_env(table)


def test_the_next_steps_name_the_table():
    assert "wonders play --game seven_wonders --expansions leaders --opponent" in ppo_selfplay.next_steps(
        "seven_wonders", Path("runs/x"), ("leaders",))
