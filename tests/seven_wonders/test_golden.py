"""A golden playthrough: a seeded random game must replay to the recorded game, move for move.

If a deliberate rule change alters it, regenerate the file with
`python tests/seven_wonders/test_golden.py` and review the diff of the record.
"""

import json
from pathlib import Path

from wonders_env import seven_wonders_v0
from wonders_env.cli import random_game

GOLDEN = Path(__file__).parent / "golden" / "seven_wonders_4p_seed7.json"


def seeded_game_record() -> dict:
    return random_game(seven_wonders_v0.env(num_players=4, wonder_sides="B"), seed=7)


def test_golden_playthrough():
    assert seeded_game_record() == json.loads(GOLDEN.read_text())


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(seeded_game_record(), indent=1) + "\n")
