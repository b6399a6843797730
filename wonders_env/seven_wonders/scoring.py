"""Final scoring of 7 Wonders in the seven categories of the score pad.

``military`` (conflict tokens) + ``treasury`` (coins // 3) + ``wonder`` (stage VP) +
``civilian`` (blue) + ``science`` (sum of squares + 7 per set, wildcards chosen best) +
``commercial`` (Age III yellow cards) + ``guilds``. Olympia B's stage 3 copies, at the end, the
neighbour guild that adds the most points (a copied Scientists Guild adds a wildcard; the copy
is not one of the owner's purple cards, and a guild the owner has cannot be copied). The winner
has the highest total, then the most coins; a tie on both is a shared victory. In the 2-player
variant the Free City is scored but cannot win.

With Leaders (:mod:`.leaders`) the pad has an eighth line, ``leaders`` (before ``total``): the end VP
of the recruited leaders and of the Courtesans Guild's copy; Aristotle makes a science set worth 10
(in the ``science`` line); the Gamers and Diplomats Guilds count in ``guilds``. Base tables' pads
are unchanged.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import BLUE, PURPLE, SCIENCE_ANY, YELLOW, CountReward, Power, VictoryPoints
from . import leaders, rules
from .rules import count_items
from .state import CATEGORIES, SevenWondersState, free_build_available  # noqa: F401 (CATEGORIES: the score pad's, read here too)

SET_BONUS = 7


@lru_cache(maxsize=4096)
def science_points(compass: int, gear: int, tablet: int, wildcards: int = 0, set_value: int = SET_BONUS) -> int:
    """Science VP with ``wildcards`` symbols placed to score the most (every way of sharing them
    among the three symbols is tried: quadratic in ``wildcards``); a set is worth ``set_value``."""
    def points(c: int, g: int, t: int) -> int:
        return c * c + g * g + t * t + set_value * min(c, g, t)
    return max(points(compass + to_compass, gear + to_gear, tablet + wildcards - to_compass - to_gear)
               for to_compass in range(wildcards + 1) for to_gear in range(wildcards + 1 - to_compass))


def _reward_points(state: SevenWondersState, city: int, rewards: tuple[CountReward, ...]) -> int:
    return sum(r.amount * count_items(state, city, r.counted, r.scope) for r in rewards)


def _guild_points(state: SevenWondersState, city: int, guild_type: int) -> int:
    points = _reward_points(state, city, state.db.vp_rewards[guild_type])
    if state.stages_built[city] == len(state.wonders[city].stages):
        points += state.db.wonder_bonus[guild_type]  # Decorators Guild
    return points


def copyable_guilds(state: SevenWondersState, city: int) -> list[int]:
    """Neighbour guilds an Olympia B stage 3 may copy (not those the city already has)."""
    db = state.db
    own = state.has_type[city]
    found = []
    for neighbour in (state.left_of(city), state.right_of(city)):
        for card in state.built[neighbour]:
            card_type = db.cards[card].type
            if db.color[card_type] == PURPLE and not own[card_type] and card_type not in found:
                found.append(card_type)
    return found


def score_breakdown(state: SevenWondersState, city: int) -> dict[str, int]:
    """The score pad of one city, with ``total``, as the game stands now."""
    db = state.db
    built_types = [db.cards[card].type for card in state.built[city]]
    wonder = sum(e.points for stage in state.wonders[city].stages[:state.stages_built[city]]
                 for e in stage.effects if isinstance(e, VictoryPoints))
    science = state.science[city]
    guild_types = [t for t in built_types if db.color[t] == PURPLE]
    guilds = sum(_guild_points(state, city, t) for t in guild_types)
    set_value = SET_BONUS + (leaders.science_set_bonus(state, city) if db.num_leaders else 0)
    science_vp = science_points(int(science[0]), int(science[1]), int(science[2]), int(science[SCIENCE_ANY]),
                                set_value)
    if state.powers[city, Power.COPY_GUILD]:
        best_gain, best = 0, (guilds, science_vp)
        for copied in copyable_guilds(state, city):
            extra_wild = 1 if db.science[copied] == SCIENCE_ANY else 0
            with_copy = (guilds + _guild_points(state, city, copied),
                         science_points(int(science[0]), int(science[1]), int(science[2]),
                                        int(science[SCIENCE_ANY]) + extra_wild, set_value))
            gain = sum(with_copy) - guilds - science_vp
            if gain > best_gain:
                best_gain, best = gain, with_copy
        guilds, science_vp = best
    score = {
        "military": sum(state.military_tokens[city]),
        "treasury": state.coins[city] // 3,
        "wonder": wonder,
        "civilian": sum(db.vp[t] for t in built_types if db.color[t] == BLUE),
        "science": science_vp,
        "commercial": sum(_reward_points(state, city, db.vp_rewards[t]) + db.vp[t]
                          for t in built_types if db.color[t] == YELLOW),
        "guilds": guilds,
    }
    if db.num_leaders:
        score["leaders"] = leaders.leaders_points(state, city)
    score["total"] = sum(score.values())
    return score


def winners(state: SevenWondersState) -> list[int]:
    """Seats of the winners among the players (highest total, then most coins)."""
    keys = {seat: (score_breakdown(state, seat)["total"], state.coins[seat])
            for seat in range(state.num_players)}
    best = max(keys.values())
    return [seat for seat, key in keys.items() if key == best]


class PythonRules:
    """The rules' answers about a Python engine state (acting seats, the city a seat plays for,
    the cards it chooses from, payments, Leaders' recruitment prices, counts, scores, action names),
    under the names the compiled engine uses for its states (:class:`.compiled.CompiledSevenWonders`), so that texts,
    renders, records and agents read both (:func:`.state.rules_of` picks)."""

    acting_seats = staticmethod(rules.acting_seats)
    acting_city = staticmethod(rules.acting_city)
    hand_for_decision = staticmethod(rules.hand_for_decision)
    build_payment = staticmethod(rules.build_payment)
    stage_payment = staticmethod(rules.stage_payment)
    payment_choices = staticmethod(rules.payment_choices)
    count_items = staticmethod(rules.count_items)
    recruit_price = staticmethod(leaders.recruit_price)
    free_build_available = staticmethod(free_build_available)
    describe_action = staticmethod(rules.describe_action)
    score_breakdown = staticmethod(score_breakdown)
    science_points = staticmethod(science_points)
    winners = staticmethod(winners)
