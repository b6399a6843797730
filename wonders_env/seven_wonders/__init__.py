"""The 7 Wonders rules engine (no RL imports) and its PettingZoo environments (`env.py`)."""
