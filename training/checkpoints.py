"""What the training scripts' checkpoints share: copies of a network's weights and the RNG states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn, optim

from wonders_agents.policy import CheckpointError
from wonders_training.device import cuda_available


def snapshot(model: nn.Module) -> dict[str, torch.Tensor]:
    """A copy of ``model``'s weights (detached, not shared with the model)."""
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def torch_rng_states() -> dict[str, torch.Tensor]:
    """torch's generators, for a checkpoint: the CPU's, and CUDA's where there is CUDA."""
    cuda = {"cuda_rng": torch.cuda.get_rng_state()} if cuda_available() else {}
    return {"torch_rng": torch.get_rng_state(), **cuda}


def restore_optimizer_and_rngs(path: Path, payload: dict[str, Any], optimizer: optim.Optimizer,
                               rng: np.random.Generator) -> None:
    """Restore the optimizer and the numpy and torch RNG states of a checkpoint's ``payload``."""
    try:
        optimizer.load_state_dict(payload["optimizer"])
        rng.bit_generator.state = payload["numpy_rng"]
        torch.set_rng_state(payload["torch_rng"])
        if "cuda_rng" in payload and cuda_available():  # a run resumed on a CPU does not need it
            torch.cuda.set_rng_state(payload["cuda_rng"])
    except (ValueError, TypeError, KeyError, RuntimeError) as exc:
        raise CheckpointError(f"{path}: bad optimizer or RNG state: {exc}") from exc
