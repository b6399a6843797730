"""The actor-critic network, its checkpoint and policy files, and an agent that plays with it.

Used by :mod:`wonders_agents.ppo_agent` (which plays with a saved one) and by the training scripts
(:mod:`wonders_training.ppo_selfplay` trains it); it imports nothing from ``training``.

Network (:class:`ActorCritic`): the observation vector goes through ``symlog(x) = sign(x) *
log1p(|x|)`` (coins and counts up to a few hundred become small numbers without running
statistics to save), then a shared MLP trunk (``hidden`` units, tanh), then a policy head (one
logit per action) and a value head. Illegal actions get the logit :data:`MASKED_LOGIT` before the
softmax (:func:`masked_categorical`), so they have probability 0.

A faster path gives the same numbers (:meth:`ActorCritic.legal_action_and_value`, which
:mod:`wonders_training.ppo_selfplay` updates with, and :class:`StackedPolicies`, several networks acting
in one pass, which it collects with): a :class:`CompactBatch` holds a batch's
observations at the inputs that are not 0 in some row only (in Duel a row has about 70 of its
1,950 inputs not 0) and each row's legal actions (about 5 of 1,202), and the network multiplies
only those inputs and computes only the logits of each row's legal actions. An input that is 0
adds nothing to the first layer and an illegal action has probability 0 and gets no gradient, so
values, log-probabilities, entropies and gradients are those of the dense masked softmax (within
float rounding; the tests hold them together on real observations of both games).

Files, both written atomically (:func:`atomic_write`: temp file in the same folder, fsync,
``os.replace``):

* a *checkpoint* (``run_dir/checkpoint.pt``): everything a run needs to resume (see
  :mod:`wonders_training.ppo_selfplay`), with ``kind = "checkpoint"``;
* a *policy file* (``run_dir/policy.pt``, the file to ship): ``kind = "policy"``, the
  :class:`PolicySpec` and the network weights, plus free-form ``metadata`` (the command, the seed,
  the steps, the player counts, edition and 7 Wonders payment mode it was trained for).

:func:`load_policy` reads either kind; a missing, unreadable or mismatched file raises
:class:`CheckpointError` naming the file and what is wrong. Files are loaded with
``torch.load(weights_only=True)``: they hold tensors and plain Python values only, never pickled
code.

Checksum: each file (checkpoints, snapshots, policies: :func:`atomic_save`) is ``torch.save``'s
archive followed by a newline and one line, ``wonders-sha256:<64 hex digits>``, the SHA-256 of the
archive's bytes, written in the same atomic write; ``torch.load`` reads such a file as it is (a zip archive
is found from its end). :func:`read_file` checks it first: a file damaged since it was written (one
byte flipped in its weights, which torch itself would load silently) raises
:class:`CheckpointError` naming the file, and nothing is loaded. A file without that line (written
before checksums, as the shipped ``agents/policies/*.pt``, which stay as they are) is loaded
unchecked, with torch's own checks only: refusing it would refuse every older run and policy.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import re
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.distributions import Categorical

from wonders_env.registry import entry

from .match import check_trained_table
from .search_options import check_flag

FORMAT_VERSION = 1
MASKED_LOGIT = -1e9  # finite, so that entropies stay 0 * finite = 0 instead of NaN


class CheckpointError(ValueError):
    """A checkpoint or policy file that is missing, unreadable or does not fit the run (a bad
    input, so the command-line tools report it in one line like any other bad value)."""


@dataclass(frozen=True)
class PolicySpec:
    """What fixes the network's shape: the game and the sizes."""

    game: str
    obs_size: int
    num_actions: int
    hidden: int


def symlog(x: torch.Tensor) -> torch.Tensor:
    return torch.sign(x) * torch.log1p(torch.abs(x))


def masked_categorical(logits: torch.Tensor, mask: torch.Tensor) -> Categorical:
    """The action distribution with every action outside the boolean ``mask`` at probability 0."""
    return Categorical(logits=logits.masked_fill(~mask, MASKED_LOGIT))


@dataclass(frozen=True)
class CompactBatch:
    """Observations and action masks in the form that :meth:`ActorCritic.legal_action_and_value`
    reads: the observations at the inputs that are not 0 in some row of the batch only, and each
    row's legal actions padded to the longest row. Index it with rows (``batch[rows]``) for a
    minibatch."""

    inputs: torch.Tensor    # (U,) the input columns not 0 in some row, in increasing order
    features: torch.Tensor  # (B, U) symlog of the observations at those columns
    legal: torch.Tensor     # (B, L) the row's legal actions in increasing order, then padding (0)
    valid: torch.Tensor     # (B, L) False on padding

    @classmethod
    def of(cls, obs: np.ndarray | torch.Tensor, mask: np.ndarray | torch.Tensor) -> CompactBatch:
        """The batch of observations ``obs`` (B, obs_size) and action masks ``mask`` (B,
        num_actions; legal where not 0), numpy arrays or CPU tensors; raises ``ValueError``
        naming the rows of ``mask`` without a legal action."""
        obs, mask = np.asarray(obs), np.asarray(mask)
        playable = mask.any(1)
        if not playable.all():
            raise ValueError(f"rows {np.flatnonzero(~playable).tolist()} of the action mask have no legal action: "
                             "every row needs one")
        rows, actions = np.divmod(np.flatnonzero(mask), mask.shape[1])  # np.nonzero, several times faster
        counts = np.bincount(rows, minlength=len(mask))
        valid = np.arange(counts.max()) < counts[:, None]
        legal = np.zeros(valid.shape, np.int64)
        legal[valid] = actions  # both in row-major order
        inputs = np.flatnonzero(obs.any(0))
        return cls(torch.from_numpy(inputs), symlog(torch.from_numpy(np.take(obs, inputs, axis=1))),
                   torch.from_numpy(legal), torch.from_numpy(valid))

    def to(self, device: torch.device) -> CompactBatch:
        """The batch on ``device`` (itself when it is there already)."""
        return CompactBatch(*(tensor.to(device, non_blocking=True) for tensor in
                              (self.inputs, self.features, self.legal, self.valid)))

    def __getitem__(self, rows: torch.Tensor) -> CompactBatch:
        """The batch of ``rows`` (a tensor of row indices), at the inputs not 0 in one of them."""
        features = self.features.index_select(0, rows)
        kept = torch.nonzero(features.abs().sum(0)).squeeze(1)
        return CompactBatch(self.inputs[kept], features.index_select(1, kept), self.legal.index_select(0, rows),
                            self.valid.index_select(0, rows))


def layer_init(layer: nn.Linear, std: float = np.sqrt(2), bias: float = 0.0) -> nn.Linear:
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias)
    return layer


class ActorCritic(nn.Module):
    """Shared tanh MLP trunk with a policy head and a value head."""

    def __init__(self, spec: PolicySpec) -> None:
        super().__init__()
        self.spec = spec
        self.trunk = nn.Sequential(
            layer_init(nn.Linear(spec.obs_size, spec.hidden)), nn.Tanh(),
            layer_init(nn.Linear(spec.hidden, spec.hidden)), nn.Tanh(),
        )
        self.actor = layer_init(nn.Linear(spec.hidden, spec.num_actions), std=0.01)
        self.critic = layer_init(nn.Linear(spec.hidden, 1), std=1.0)

    def forward(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Logits ``(B, num_actions)`` and values ``(B,)``."""
        hidden = self.trunk(symlog(obs))
        return self.actor(hidden), self.critic(hidden).squeeze(-1)

    def get_action_and_value(self, obs: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None,
                             ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """CleanRL's helper: (action, log-prob, entropy, value); samples when ``action`` is None."""
        logits, value = self(obs)
        dist = masked_categorical(logits, mask)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), value

    def legal_action_and_value(self, batch: CompactBatch, action: torch.Tensor | None = None,
                               ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """:meth:`get_action_and_value` of the observations and masks of ``batch`` (the same
        numbers, a fraction of the work); samples with ``torch.multinomial`` (torch's global
        generator) when ``action`` is None, else each row's ``action`` must be one of its legal
        actions."""
        log_probs, value = self.legal_log_probs_and_value(batch)
        if action is None:
            action, slot = sample_legal(log_probs, batch.legal)
        else:
            slot = (batch.legal == action.unsqueeze(1)).logical_and_(batch.valid).byte().argmax(1, keepdim=True)
        entropy = -(log_probs.exp() * log_probs).sum(-1)
        return action, log_probs.gather(1, slot).squeeze(1), entropy, value

    def legal_log_probs_and_value(self, batch: CompactBatch) -> tuple[torch.Tensor, torch.Tensor]:
        """Log-probabilities ``(B, L)`` of each row's actions in ``batch.legal`` (probability 0 where
        not ``batch.valid``) and values ``(B,)``: the first layer multiplies only the batch's
        inputs, the policy head computes only the logits of each row's legal actions."""
        first, activation, *rest = self.trunk
        hidden = activation(F.linear(batch.features, first.weight.index_select(1, batch.inputs), first.bias))
        for layer in rest:
            hidden = layer(hidden)
        return legal_log_softmax(hidden, self.actor.weight, self.actor.bias, batch), self.critic(hidden).squeeze(-1)


def legal_log_softmax(hidden: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, batch: CompactBatch,
                      first_action: torch.Tensor | None = None) -> torch.Tensor:
    """Log-probabilities ``(B, L)`` of each row's actions in ``batch.legal`` under the policy head
    ``weight``, ``bias`` applied to ``hidden`` (B, hidden): only the (row, legal action) logits are
    computed, the padding gets :data:`MASKED_LOGIT`. ``first_action`` (B,): where each row's head
    starts in stacked heads (:class:`StackedPolicies`)."""
    rows = torch.nonzero(batch.valid)[:, 0]  # a (row, legal action) pair per valid entry, row by row
    actions = batch.legal[batch.valid]
    if first_action is not None:
        actions = actions + first_action.index_select(0, rows)
    legal_logits = ((hidden.index_select(0, rows) * weight.index_select(0, actions)).sum(1)
                    + bias.index_select(0, actions))
    logits = legal_logits.new_full(batch.legal.shape, MASKED_LOGIT).masked_scatter(batch.valid, legal_logits)
    return torch.log_softmax(logits, -1)


def sample_legal(log_probs: torch.Tensor, legal: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """An action of each row drawn with the probabilities ``log_probs.exp()`` (``torch.multinomial``,
    torch's global generator) among its ``legal`` ones (both ``(B, L)``): ``(actions (B,), slots
    (B, 1))``, a slot being the action's column in ``legal``."""
    slot = torch.multinomial(log_probs.exp(), 1)
    return legal.gather(1, slot).squeeze(1), slot


class StackedPolicies:
    """Several networks of one :class:`PolicySpec` acting together, for the learner and the
    opponent pool of :mod:`wonders_training.ppo_selfplay`: :meth:`log_probs_and_values` gives each row of a
    :class:`CompactBatch` the policy and value of the network it names, all rows in one pass
    whatever their networks, instead of a pass per network. The weights are stacked when it is
    built; :meth:`load` copies a network's new weights into its place (the first layer's are
    stored transposed, so that a row reads only the weights of its non-zero inputs). Acting only:
    no gradients. It computes what :meth:`ActorCritic.legal_log_probs_and_value` does, for the
    layers of :class:`ActorCritic` (linear, tanh, linear, tanh, then the policy and value heads);
    a test holds them together."""

    def __init__(self, models: list[ActorCritic]) -> None:
        self.size = len(models)
        with torch.no_grad():
            self.obs_size, self.num_actions = models[0].spec.obs_size, models[0].spec.num_actions
            # network n's weights of input i are row n * obs_size + i, of action a row n * num_actions + a
            self.first = torch.cat([model.trunk[0].weight.t() for model in models])
            self.first_bias = torch.stack([model.trunk[0].bias for model in models])
            self.second = torch.stack([model.trunk[2].weight for model in models])
            self.second_bias = torch.stack([model.trunk[2].bias for model in models])
            self.actor = torch.cat([model.actor.weight for model in models])
            self.actor_bias = torch.cat([model.actor.bias for model in models])
            self.critic = torch.cat([model.critic.weight for model in models])
            self.critic_bias = torch.cat([model.critic.bias for model in models])

    def __len__(self) -> int:
        return self.size

    @torch.no_grad()
    def load(self, index: int, model: ActorCritic) -> None:
        """Copy the weights of ``model`` into network ``index`` (in place, no new stack)."""
        o, a = self.obs_size, self.num_actions
        self.first[index * o:(index + 1) * o].copy_(model.trunk[0].weight.t())
        self.first_bias[index].copy_(model.trunk[0].bias)
        self.second[index].copy_(model.trunk[2].weight)
        self.second_bias[index].copy_(model.trunk[2].bias)
        self.actor[index * a:(index + 1) * a].copy_(model.actor.weight)
        self.actor_bias[index * a:(index + 1) * a].copy_(model.actor.bias)
        self.critic[index].copy_(model.critic.weight[0])
        self.critic_bias[index].copy_(model.critic.bias[0])

    @torch.no_grad()
    def log_probs_and_values(self, batch: CompactBatch, networks: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Log-probabilities ``(B, L)`` of each row's actions in ``batch.legal`` (probability 0
        where not ``batch.valid``) and values ``(B,)`` under the network ``networks[row]`` (an
        index in the list it was built from). The first layer is an embedding bag over each row's
        non-zero inputs, the second a product per network present in the batch."""
        rows, columns = torch.nonzero(batch.features, as_tuple=True)  # the row's non-zero inputs, row by row
        counts = torch.bincount(rows, minlength=len(networks))
        inputs = networks.index_select(0, rows) * self.obs_size + batch.inputs.index_select(0, columns)
        hidden = F.embedding_bag(inputs, self.first, torch.cumsum(counts, 0) - counts,
                                 per_sample_weights=batch.features[rows, columns], mode="sum")
        hidden = torch.tanh(hidden + self.first_bias.index_select(0, networks))
        present = torch.unique(networks).tolist()
        if len(present) == 1:
            hidden = F.linear(hidden, self.second[present[0]], self.second_bias[present[0]])
        else:
            second = torch.empty_like(hidden)
            for n in present:
                held = torch.nonzero(networks == n).squeeze(1)
                second.index_copy_(0, held, F.linear(hidden.index_select(0, held), self.second[n], self.second_bias[n]))
            hidden = second
        hidden = torch.tanh(hidden)
        values = (hidden * self.critic.index_select(0, networks)).sum(1) + self.critic_bias.index_select(0, networks)
        return legal_log_softmax(hidden, self.actor, self.actor_bias, batch, networks * self.num_actions), values


def atomic_write(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """``write`` the file to a temp file beside ``path``, fsync it, then ``os.replace`` it over
    ``path``: an interruption leaves either the old file or the new one, never half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the file is meant to be shared
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


#: the end of a file that :func:`atomic_save` wrote: the SHA-256 of the archive before it
CHECKSUM_PREFIX = b"\nwonders-sha256:"
CHECKSUM_LINE = re.compile(re.escape(CHECKSUM_PREFIX) + rb"([0-9a-f]{64})\n\Z")
CHECKSUM_SIZE = len(CHECKSUM_PREFIX) + 64 + 1


def atomic_save(payload: dict[str, Any], path: Path) -> None:
    """``torch.save`` ``payload`` to ``path`` with its checksum line (see the module's docstring),
    atomically (see :func:`atomic_write`)."""
    archive = io.BytesIO()
    torch.save(payload, archive)
    data = archive.getvalue()
    checksum = CHECKSUM_PREFIX + hashlib.sha256(data).hexdigest().encode() + b"\n"
    atomic_write(path, lambda handle: handle.write(data + checksum))


def checked_archive(path: Path) -> bytes:
    """The archive of the file at ``path``: checked against its checksum line where it has one
    (:class:`CheckpointError` if they differ), as it is where it has none (an older file)."""
    data = path.read_bytes()
    found = CHECKSUM_LINE.search(data, max(0, len(data) - CHECKSUM_SIZE))
    if found is None:
        return data
    archive = data[:found.start()]
    actual = hashlib.sha256(archive).hexdigest()
    if actual != found.group(1).decode():
        raise CheckpointError(f"{path}: damaged since it was written: its contents have SHA-256 {actual}, the "
                              f"file's checksum line says {found.group(1).decode()}; nothing was loaded (resume "
                              f"from another copy, or train again)")
    return archive


def read_file(path: Path, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The payload of a checkpoint or policy file of one of ``kinds``, validated (its checksum
    first, where it has one)."""
    path = Path(path)
    if not path.is_file():
        raise CheckpointError(f"{path}: no such checkpoint or policy file")
    archive = checked_archive(path)
    try:
        payload = torch.load(io.BytesIO(archive), map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as exc:  # torch's message suggests weights_only=False: never do that here
        raise CheckpointError(f"{path}: not a readable checkpoint or policy file (truncated or corrupt, or not "
                              "written by this project's training: files holding Python objects other than "
                              "tensors and plain values are never loaded)") from exc
    except Exception as exc:  # torch raises several types for truncated or foreign files
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        raise CheckpointError(f"{path}: not a readable checkpoint or policy file "
                              f"(truncated or corrupt?): {type(exc).__name__}: {first_line}") from exc
    if not isinstance(payload, dict) or "kind" not in payload:
        raise CheckpointError(f"{path}: not a wonders_env training file (no 'kind' entry)")
    if payload.get("format_version") != FORMAT_VERSION:
        raise CheckpointError(f"{path}: format version {payload.get('format_version')!r}, "
                              f"this code reads version {FORMAT_VERSION}")
    if payload["kind"] not in kinds:
        raise CheckpointError(f"{path}: a {payload['kind']!r} file, expected {' or '.join(map(repr, kinds))}")
    missing = [key for key in ("spec", "model") if key not in payload]
    if missing:
        raise CheckpointError(f"{path}: missing entries {missing}")
    return payload


def spec_of(payload: dict[str, Any], path: Path) -> PolicySpec:
    try:
        return PolicySpec(**payload["spec"])
    except TypeError as exc:
        raise CheckpointError(f"{path}: bad network description {payload['spec']!r}: {exc}") from exc


def check_spec(found: PolicySpec, expected: PolicySpec, path: Path) -> None:
    """Raise :class:`CheckpointError` listing every field where ``found`` differs from ``expected``."""
    diffs = [f"{name} is {value!r} in the file but {getattr(expected, name)!r} here"
             for name, value in asdict(found).items() if getattr(expected, name) != value]
    if diffs:
        raise CheckpointError(f"{path}: does not fit this run: " + "; ".join(diffs))


def load_weights(model: nn.Module, state_dict: dict[str, torch.Tensor], path: Path) -> None:
    try:
        model.load_state_dict(state_dict)
    except RuntimeError as exc:
        raise CheckpointError(f"{path}: weights do not fit the network: {exc}") from exc


def save_policy(model: ActorCritic, path: Path, metadata: dict[str, Any]) -> None:
    """Write the small file to ship: the spec, the weights and ``metadata`` (plain values)."""
    atomic_save({"kind": "policy", "format_version": FORMAT_VERSION, "spec": asdict(model.spec),
                 "model": model.state_dict(), "metadata": metadata}, path)


def load_policy(path: Path, game: str | None = None, device: torch.device | str = "cpu",
                ) -> tuple[ActorCritic, dict[str, Any]]:
    """The network of a policy file or checkpoint, in eval mode on ``device``, and its metadata
    (a file written on any device loads on any other: it is read onto the CPU first).

    With ``game``, a file trained for another game raises :class:`CheckpointError`.
    """
    payload = read_file(path, ("policy", "checkpoint"))
    spec = spec_of(payload, path)
    if game is not None and spec.game != game:
        raise CheckpointError(f"{path}: a policy for {spec.game!r}, not for {game!r}")
    model = ActorCritic(spec)
    load_weights(model, payload["model"], path)
    model.to(device).eval()
    return model, dict(payload.get("metadata", {}))


def trained_payment(metadata: dict[str, Any], game: str) -> str | None:
    """The payment mode a policy was trained with, for games that have one (files without it
    predate the choice and were trained with the default, ``"cheapest"``); None for the others."""
    modes = entry(game).options.get("payment")
    return metadata.get("payment", modes[0]) if modes else None


def trained_expansions(metadata: dict[str, Any]) -> tuple[str, ...]:
    """The expansions of the table a policy was trained on (files without them: the base game)."""
    return tuple(metadata.get("expansions", ()))


class PolicyAgent:
    """Plays ``env.agent_selection`` of an AEC env with a network: ``act(env) -> int``.

    Reads only ``env.observe(env.agent_selection)`` (its own observation and mask). Greedy
    (``deterministic=True``, the default) or sampling with its own seeded generator. With
    ``payment`` (the 7 Wonders payment mode it was trained with), an env of the other mode is
    refused with a ``ValueError`` that says so; with ``expansions`` (the table it was trained on), so
    is an env of another table.
    """

    def __init__(self, model: ActorCritic, deterministic: bool = True, seed: int | None = None,
                 payment: str | None = None, expansions: tuple[str, ...] | None = None) -> None:
        self.model = model
        self.deterministic = check_flag("deterministic", deterministic, "True: the most likely action; False: "
                                        "sample from the policy")
        self.payment = payment
        self.expansions = expansions
        self.generator = torch.Generator().manual_seed(seed if seed is not None else 0)

    def check_env(self, env: Any) -> None:
        """Raise ``ValueError`` saying why, if the policy cannot play ``env`` (another payment
        mode or table, or observations of another size: another game or 7 Wonders edition). The tools
        call it when a game is set up, so that a wrong seat is refused before the first move."""
        spec = self.model.spec
        check_trained_table(env, "the policy", entry(spec.game).name, spec.obs_size, self.payment, self.expansions)

    @torch.no_grad()
    def act(self, env: Any) -> int:
        self.check_env(env)
        observation = env.observe(env.agent_selection)
        device = self.model.actor.weight.device
        obs = torch.as_tensor(observation["observation"], dtype=torch.float32, device=device)
        mask = torch.as_tensor(observation["action_mask"], dtype=torch.bool, device=device)
        logits, _ = self.model(obs.unsqueeze(0))
        logits = logits[0].masked_fill(~mask, MASKED_LOGIT).cpu()  # its generator is the CPU's
        if self.deterministic:
            return int(torch.argmax(logits))
        return int(torch.multinomial(torch.softmax(logits, -1), 1, generator=self.generator))
