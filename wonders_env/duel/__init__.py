"""7 Wonders Duel: the rules engine (no RL imports) and, in ``env``, its PettingZoo environment."""
