"""wonders_env: reference PettingZoo environments for 7 Wonders and 7 Wonders Duel.

```python
from wonders_env import seven_wonders_v0, seven_wonders_duel_v0
env = seven_wonders_v0.env(num_players=4)
```
"""

__version__ = "0.1.0"

from . import seven_wonders_v0

__all__ = ["__version__", "seven_wonders_v0"]
