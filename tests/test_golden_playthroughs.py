"""Golden playthroughs (OpenSpiel's manner): one seeded game per game and per 7 Wonders edition,
played through the PettingZoo env with seeded random legal moves, checked step by step.

Each file in ``tests/golden/`` holds, for every step, the acting agent, its legal actions, a digest
of its observation and the action taken; then the final rewards and the whole game record. Any
change to observations, masks, rules or rewards makes a step differ, and the test names the first
one: such a change is a deliberate one, and a version bump of the env (``_v0`` -> ``_v1``).
After one, regenerate the files with ``python tests/test_golden_playthroughs.py`` and review the
diff.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from wonders_env.registry import make

GOLDEN_DIR = Path(__file__).parent / "golden"
# file name -> (game, env options, seed)
PLAYTHROUGHS = {
    "seven_wonders_duel_seed0": ("seven_wonders_duel", {}, 0),
    "seven_wonders_1st_4p_seed7": ("seven_wonders", {"num_players": 4, "wonder_sides": "B"}, 7),
    "seven_wonders_1st_2p_seed3": ("seven_wonders", {"num_players": 2}, 3),
    "seven_wonders_2nd_5p_seed11": ("seven_wonders", {"num_players": 5, "edition": "2nd"}, 11),
}


def digest(array: np.ndarray) -> str:
    """A short fingerprint of an observation vector (its float32 bytes)."""
    return hashlib.sha256(np.ascontiguousarray(array, dtype=np.float32).tobytes()).hexdigest()[:16]


def playthrough(game: str, options: dict, seed: int) -> dict:
    """Play the seeded game through the raw AEC env and write down every step."""
    env = make(game, raw=True, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, rewards = [], {}
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            rewards[agent] = env.last()[1]
            env.step(None)
            continue
        seen = env.observe(agent)
        legal = np.flatnonzero(seen["action_mask"]).tolist()
        action = legal[int(rng.integers(len(legal)))]
        steps.append({"agent": agent, "legal": legal, "observation": digest(seen["observation"]), "action": action})
        env.step(action)
    return {"game": game, "options": options, "seed": seed, "steps": steps,
            "rewards": rewards,
            "record": env.unwrapped.game_record()}


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough(name):
    golden = json.loads((GOLDEN_DIR / f"{name}.json").read_text())
    played = playthrough(*PLAYTHROUGHS[name])
    for i, (want, got) in enumerate(zip(golden["steps"], played["steps"])):
        assert got == want, f"step {i} differs from the golden playthrough {name}"
    assert len(played["steps"]) == len(golden["steps"])
    assert played["rewards"] == golden["rewards"]
    assert played["record"] == golden["record"]


if __name__ == "__main__":
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, case in PLAYTHROUGHS.items():
        text = json.dumps(playthrough(*case), indent=None, separators=(",", ":"))
        # one step per line, so that a diff shows the steps that changed
        text = text.replace(',{"agent"', ',\n{"agent"')
        (GOLDEN_DIR / f"{name}.json").write_text(text + "\n")
