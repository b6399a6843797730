"""The 7 Wonders Duel rules engine (no RL imports) and its PettingZoo environment (`env.py`)."""
