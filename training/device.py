"""Where a training script's networks run: ``--device auto|cpu|cuda``.

``auto`` is CUDA when torch sees a CUDA device, else the CPU; ``cuda`` without one is refused
before anything starts (:func:`device_problems`, read by the scripts' argument checks). Files are
always written from tensors wherever they live and read onto the CPU first
(:func:`wonders_agents.policy.read_file`), so a policy, checkpoint or pool snapshot trained on one device
loads on any other, ``--resume`` included.
"""

from __future__ import annotations

import torch

DEVICES = ("auto", "cpu", "cuda")


def cuda_available() -> bool:
    """Whether torch can use a CUDA device here (the one place the scripts ask it)."""
    return torch.cuda.is_available()


def device_problems(name: str) -> list[str]:
    """Why ``--device name`` cannot run here (an empty list when it can)."""
    if name == "cuda" and not cuda_available():
        build = f"built with CUDA {torch.version.cuda}" if torch.version.cuda else "a CPU-only build"
        return [f"--device cuda: no CUDA device is available here (torch {torch.__version__}, {build}); "
                "use --device cpu, or --device auto to take CUDA only where there is one"]
    return []


def resolve_device(name: str) -> torch.device:
    """The ``torch.device`` of ``--device name`` (one of :data:`DEVICES`); raises ``ValueError``
    with the reason for a device that cannot run here."""
    if name not in DEVICES:
        raise ValueError(f"device must be one of {', '.join(DEVICES)}, got {name!r}")
    problems = device_problems(name)
    if problems:
        raise ValueError(problems[0])
    return torch.device("cuda" if name == "cuda" or (name == "auto" and cuda_available()) else "cpu")
