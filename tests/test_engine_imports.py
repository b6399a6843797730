"""The rules engines import nothing from RL or rendering libraries (DESIGN principle 1)."""

import subprocess
import sys

import pytest

FORBIDDEN = ("pettingzoo", "gymnasium", "torch", "stable_baselines3", "matplotlib")


@pytest.mark.parametrize("modules", [
    ["wonders_env.seven_wonders.cards", "wonders_env.seven_wonders.costs",
     "wonders_env.seven_wonders.state", "wonders_env.seven_wonders.rules",
     "wonders_env.seven_wonders.scoring", "wonders_env.seven_wonders.actions",
     "wonders_env.seven_wonders.observation", "wonders_env.seven_wonders.record",
     "wonders_env.seven_wonders.render", "wonders_env.seven_wonders.determinize",
     "wonders_env.seven_wonders.game"],
    ["wonders_env.duel.cards", "wonders_env.duel.costs", "wonders_env.duel.state",
     "wonders_env.duel.rules", "wonders_env.duel.scoring", "wonders_env.duel.actions",
     "wonders_env.duel.observation", "wonders_env.duel.record", "wonders_env.duel.render",
     "wonders_env.duel.determinize", "wonders_env.duel.game"],
    ["wonders_env.game", "wonders_env.registry"],
])
def test_engine_modules_do_not_import_rl_libraries(modules):
    code = ("import sys, importlib\n"
            f"for name in {modules!r}: importlib.import_module(name)\n"
            f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""
