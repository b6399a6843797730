"""wonders_env: reference PettingZoo environments for 7 Wonders and 7 Wonders Duel.

```python
from wonders_env import seven_wonders_v0, seven_wonders_duel_v0
env = seven_wonders_v0.env(num_players=4)
```

The environment modules are imported on first use, so that the rules engines
(``wonders_env.seven_wonders``, ``wonders_env.duel``) load without PettingZoo or Gymnasium.
"""

import importlib

__version__ = "0.1.0"

ENVIRONMENTS = ("seven_wonders_v0", "seven_wonders_duel_v0")
__all__ = ["__version__", *ENVIRONMENTS]


def __getattr__(name: str):
    if name in ENVIRONMENTS:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
