"""wonders_env: reference PettingZoo environments for 7 Wonders and 7 Wonders Duel.

```python
from wonders_env import seven_wonders_v0, seven_wonders_duel_v0
env = seven_wonders_v0.env(num_players=4)
env = wonders_env.make("duel")                    # the same envs by name (wonders_env.registry)
game = wonders_env.make_engine("seven_wonders", num_players=4)   # a rules engine (wonders_env.game)
from wonders_env import text                        # the games as text, for language models (wonders_env.text)
```

Layout: ``game.py`` is the one engine interface every game implements; ``registry.py`` the table
of games (names, envs, engines, player counts, editions); one folder per game with its engine
(``seven_wonders/``, ``duel/``, each with the same module names) and the PettingZoo shims
``<game>_v0.py``. The environment modules are imported on first use, so that the rules engines
load without PettingZoo or Gymnasium.
"""

import importlib

from ._version import __version__
from .registry import make, make_engine

ENVIRONMENTS = ("seven_wonders_v0", "seven_wonders_duel_v0")
__all__ = ["__version__", "make", "make_engine", *ENVIRONMENTS]


def __getattr__(name: str):
    if name in ENVIRONMENTS:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
