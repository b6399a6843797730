"""The legal-actions path of the actor-critic (:meth:`ActorCritic.legal_action_and_value` on a
:class:`CompactBatch`) gives the numbers of the dense masked path (:meth:`get_action_and_value`):
values, log-probabilities, entropies and gradients, on real observations of both games; so do
several networks acting together (:class:`StackedPolicies`)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the policy network runs in torch (the train extra)")

from wonders_agents.policy import ActorCritic, CompactBatch, PolicySpec, StackedPolicies  # noqa: E402
from wonders_env import vector  # noqa: E402

TABLES = [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 4}),
          ("seven_wonders", {"num_players": 7, "edition": "2nd"}),
          ("seven_wonders", {"num_players": 3, "payment": "choose"})]


def real_positions(game: str, options: dict, ticks: int = 40) -> tuple[torch.Tensor, torch.Tensor]:
    """Observations and masks of the deciding seats of random games of the batched core."""
    venv = vector.make(game, 8, seed=5, **options)
    obs, mask, to_act = venv.reset()
    observations, masks = [], []
    for _ in range(ticks):
        observations.append(obs[to_act].copy())
        masks.append(mask[to_act] != 0)
        obs, mask, to_act, _, _ = venv.step(venv.sample_actions())
    return torch.from_numpy(np.concatenate(observations)), torch.from_numpy(np.concatenate(masks))


def network(obs: torch.Tensor, mask: torch.Tensor, game: str, seed: int = 0) -> ActorCritic:
    """A network whose policy is far from uniform (the initial policy head is nearly flat) and
    whose biases are not 0 (as they start)."""
    torch.manual_seed(seed)
    model = ActorCritic(PolicySpec(game, obs.shape[1], mask.shape[1], 32))
    with torch.no_grad():
        model.actor.weight.mul_(300)
        for layer in (model.trunk[0], model.trunk[2], model.actor, model.critic):
            layer.bias.uniform_(-0.5, 0.5)
    return model


@pytest.mark.parametrize("game, options", TABLES)
def test_the_legal_path_gives_the_dense_masked_values_log_probs_entropies_and_gradients(game: str, options: dict):
    obs, mask = real_positions(game, options)
    dense = network(obs, mask, game)
    legal = copy.deepcopy(dense)
    rows = torch.randperm(len(obs), generator=torch.Generator().manual_seed(1))[:len(obs) // 2]  # a minibatch
    actions = torch.multinomial(mask[rows].float(), 1, generator=torch.Generator().manual_seed(2)).squeeze(1)
    _, logprob, entropy, value = dense.get_action_and_value(obs[rows], mask[rows], actions)
    _, fast_logprob, fast_entropy, fast_value = legal.legal_action_and_value(CompactBatch.of(obs, mask)[rows], actions)
    assert entropy.min() < 0.5 < entropy.max()  # far from uniform, and not everywhere deterministic
    torch.testing.assert_close(fast_logprob, logprob, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(fast_entropy, entropy, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(fast_value, value, rtol=1e-5, atol=1e-5)
    (logprob.exp() * value - entropy).sum().backward()
    (fast_logprob.exp() * fast_value - fast_entropy).sum().backward()
    for (name, parameter), fast in zip(dense.named_parameters(), legal.parameters()):
        assert parameter.grad.abs().sum() > 0, name
        torch.testing.assert_close(fast.grad, parameter.grad, rtol=1e-4, atol=1e-4 * parameter.grad.abs().max().item(),
                                   msg=name)


def test_sampled_actions_are_legal_and_drawn_with_the_policy_probabilities():
    obs, mask = real_positions("seven_wonders_duel", {})
    model = network(obs, mask, "seven_wonders_duel")
    with torch.no_grad():
        logits, _ = model(obs)
        probs = torch.softmax(logits.masked_fill(~mask, -1e9), -1)
        row = int(torch.nonzero((mask.sum(1) >= 4) & (probs.max(1).values < 0.8))[0, 0])  # several likely moves
        draws = 20_000
        torch.manual_seed(3)
        sampled, logprob, _, _ = model.legal_action_and_value(CompactBatch.of(obs[[row] * draws], mask[[row] * draws]))
    assert mask[row, sampled].all()
    torch.testing.assert_close(logprob, probs[row, sampled].log(), rtol=1e-5, atol=1e-5)
    frequencies = torch.bincount(sampled, minlength=mask.shape[1]) / draws
    assert (frequencies - probs[row]).abs().max() < 0.015  # 4.5 standard deviations at most


def test_a_mask_row_without_a_legal_action_is_refused_with_its_row():
    obs, mask = real_positions("seven_wonders_duel", {}, ticks=1)
    mask[[1, 3]] = False
    with pytest.raises(ValueError, match=r"rows \[1, 3\] of the action mask have no legal action"):
        CompactBatch.of(obs, mask)


@pytest.mark.parametrize("game, options", TABLES[:2])
def test_stacked_networks_give_each_row_the_dense_masked_policy_and_value_of_its_network(game: str, options: dict):
    obs, mask = real_positions(game, options)
    models = [network(obs, mask, game, seed) for seed in range(3)]
    stacked = StackedPolicies([network(obs, mask, game, 9), *models[1:]])
    stacked.load(0, models[0])  # a network's new weights copied into its place
    compact = CompactBatch.of(obs, mask)
    for networks in (torch.arange(len(obs)) % 3, torch.full((len(obs),), 2)):  # several networks, one
        log_probs, values = stacked.log_probs_and_values(compact, networks)
        for n, model in enumerate(models):
            rows = torch.nonzero(networks == n).squeeze(1)
            with torch.no_grad():
                logits, value = model(obs[rows])
            dense = torch.log_softmax(logits.masked_fill(~mask[rows], -1e9), -1)
            valid = compact.valid[rows]
            torch.testing.assert_close(log_probs[rows][valid], dense.gather(1, compact.legal[rows])[valid],
                                       rtol=1e-5, atol=1e-5)
            assert (log_probs[rows][~valid].exp() == 0).all()
            torch.testing.assert_close(values[rows], value, rtol=1e-5, atol=1e-5)
