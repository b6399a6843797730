"""A golden playthrough: a seeded random game must replay to the recorded game, move for move.

If a deliberate rule change alters it, regenerate the file with
`python tests/seven_wonders/test_golden.py` and review the diff of the record.
"""

import json
from pathlib import Path

import numpy as np

from wonders_env import seven_wonders_v0

GOLDEN = Path(__file__).parent / "golden" / "seven_wonders_4p_seed7.json"


def seeded_game_record() -> dict:
    env = seven_wonders_v0.env(num_players=4, wonder_sides="B")
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return env.unwrapped.game_record()


def test_golden_playthrough():
    assert seeded_game_record() == json.loads(GOLDEN.read_text())


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(seeded_game_record(), indent=1) + "\n")
