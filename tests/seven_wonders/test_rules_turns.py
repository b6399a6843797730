"""Turn structure and card effects: chains, duplicates, costs, selling, the 7th card, passing,
Ages, military, and the coin/VP effects of yellow cards (rulebook; reference decisions 3-8)."""

import pytest

from seven_wonders_scenarios import (DB, at_last_turn, build, deal, give, give_stages, legal, legal_set, names,
                     scenario, sell, tid, turn, wonder)
from wonders_env.seven_wonders import rules, scoring
from wonders_env.seven_wonders.record import game_record
from wonders_env.seven_wonders.state import Phase, new_game

FILLER = ("Altar", "Theater", "Pawnshop", "Baths", "Tavern", "Loom", "Press", "Glassworks")


def trio(sides="A", coins=None):
    return scenario(["Babylon", "Rhodes", "Giza"], sides, coins=coins)


def others_sell(state, acting: dict, *, skip=()):
    """Deal a filler card to every seat not in ``acting`` and add its sell action."""
    actions = dict(acting)
    for seat in range(state.num_players):
        if seat not in actions and seat not in skip:
            deal(state, seat, FILLER[seat])
            actions[seat] = sell(FILLER[seat])
    return actions


# ---------------------------------------------------------------- chains, duplicates, costs
@pytest.mark.parametrize("source,target", [("Theater", "Statue"), ("Statue", "Gardens"),
                                           ("Scriptorium", "Library"), ("Library", "Senate"),
                                           ("East Trading Post", "Forum"),
                                           ("West Trading Post", "Forum"),
                                           ("Marketplace", "Caravansery"), ("Dispensary", "Arena"),
                                           ("Altar", "Temple"), ("Temple", "Pantheon")])
def test_chain_makes_the_card_free(source, target):
    state = trio(coins=[0, 3, 3])
    give(state, 0, source)
    deal(state, 0, target)
    assert rules.build_payment(state, 0, tid(target)) == (0, 0, 0)
    turn(state, others_sell(state, {0: build(target)}))
    assert target in names(state, state.built[0])
    assert state.coins[0] == 0  # (the Arena pays 3 per stage: none here)
    entry = [e for e in state.log if e["seat"] == 0][-1]
    assert entry["paid"] == {"left": 0, "right": 0, "bank": 0}


def test_chain_needs_the_named_card_in_the_own_city():
    state = trio(coins=[0, 3, 3])
    give(state, 1, "Theater")  # a neighbour's Theater does not help
    deal(state, 0, "Statue")
    assert rules.build_payment(state, 0, tid("Statue")) is None
    assert not legal(state, 0, build("Statue"))


def test_two_buildings_of_the_same_name_are_forbidden():
    state = trio(coins=[10, 3, 3])
    give(state, 0, "Lumber Yard")
    deal(state, 0, "Lumber Yard")
    assert rules.build_payment(state, 0, tid("Lumber Yard")) is None
    assert not legal(state, 0, build("Lumber Yard"))
    assert legal(state, 0, sell("Lumber Yard"))
    assert not legal(state, 0, wonder("Lumber Yard"))  # Babylon A stage 1 needs 2 clay (1 owned)
    give(state, 0, "Clay Pool")
    assert legal(state, 0, wonder("Lumber Yard"))
    with pytest.raises(rules.IllegalActionError):
        turn(state, others_sell(state, {0: build("Lumber Yard")}))


def test_duplicate_forbidden_even_when_chained():
    state = trio()
    give(state, 0, "Theater", "Statue")
    deal(state, 0, "Statue")
    assert not legal(state, 0, build("Statue"))


def test_coin_cost_is_paid_to_the_bank():
    state = trio()
    deal(state, 0, "Timber Yard")
    turn(state, others_sell(state, {0: build("Timber Yard")}))
    assert state.coins == [2, 6, 6]
    assert "Timber Yard" in names(state, state.built[0])
    assert state.log[0]["paid"] == {"left": 0, "right": 0, "bank": 1}


def test_coin_cost_needs_the_coins():
    state = trio(coins=[0, 3, 3])
    deal(state, 0, "Timber Yard", "Lumber Yard")
    assert not legal(state, 0, build("Timber Yard"))
    assert legal(state, 0, build("Lumber Yard"))


@pytest.mark.parametrize("name", ["Lumber Yard", "East Trading Post"])
def test_free_card_costs_nothing(name):
    state = trio(coins=[0, 3, 3])
    deal(state, 0, name)
    turn(state, others_sell(state, {0: build(name)}))
    assert state.coins[0] == 0 and name in names(state, state.built[0])


def test_sell_gives_three_coins_and_is_always_legal():
    state = trio(coins=[0, 3, 3])
    give(state, 0, "Lumber Yard")
    deal(state, 0, "Palace", "Lumber Yard")  # unaffordable, and a duplicate
    assert legal(state, 0, sell("Palace")) and legal(state, 0, sell("Lumber Yard"))
    turn(state, others_sell(state, {0: sell("Palace")}))
    assert state.coins[0] == 3
    assert "Palace" in names(state, state.discard)
    assert "Palace" not in names(state, state.built[0])
    assert state.log[0]["kind"] == "sell"


def test_every_card_in_hand_can_be_sold():
    state = trio(coins=[0, 3, 3])
    hand = ("Palace", "Lumber Yard", "University", "Builders Guild", "Forum")
    deal(state, 0, *hand)
    mask = legal_set(state, 0)
    assert {sell(name) for name in hand} <= mask


# ---------------------------------------------------------------- the 7th card, passing, Ages
def test_seventh_card_is_discarded_without_coins():
    state = trio()
    at_last_turn(state, 1)
    deal(state, 0, "Lumber Yard", "Palace")
    deal(state, 1, "Ore Vein", "Pawnshop")
    deal(state, 2, "Stone Pit", "Tavern")
    turn(state, {0: build("Lumber Yard"), 1: build("Ore Vein"), 2: build("Stone Pit")})
    assert state.coins == [3, 3, 3]
    assert sorted(names(state, state.discard)) == ["Palace", "Pawnshop", "Tavern"]
    discards = [e for e in game_record(state)["actions"] if e["kind"] == "discard"]
    assert sorted(e["card"] for e in discards) == ["Palace", "Pawnshop", "Tavern"]
    assert all(e["paid"] == {"left": 0, "right": 0, "bank": 0} for e in discards)
    assert state.age == 2 and state.turn == 1 and all(len(h) == 7 for h in state.hands)


@pytest.mark.parametrize("age,direction", [(1, "left"), (2, "right"), (3, "left")])
def test_hands_pass_left_in_ages_one_and_three_and_right_in_age_two(age, direction):
    state = scenario(["Babylon", "Rhodes", "Giza", "Ephesus"])
    state.age = age
    hands = {0: ("Altar", "Theater", "Baths"), 1: ("Pawnshop", "Tavern", "Loom"),
             2: ("Press", "Glassworks", "Stockade"), 3: ("Barracks", "Guard Tower", "Workshop")}
    for seat, hand in hands.items():
        deal(state, seat, *hand)
    turn(state, {seat: sell(hand[0]) for seat, hand in hands.items()})
    assert state.turn == 2
    for seat, hand in hands.items():
        receiver = state.left_of(seat) if direction == "left" else state.right_of(seat)
        assert names(state, state.hands[receiver]) == list(hand[1:])
    if direction == "left":  # seat - 1 in the engine's seating
        assert names(state, state.hands[3]) == ["Theater", "Baths"]
    else:
        assert names(state, state.hands[1]) == ["Theater", "Baths"]


def test_six_turns_per_age_and_three_ages():
    state = new_game(3, seed=7, wonders=["Babylon", "Rhodes", "Giza"], wonder_sides="A")
    seen = []
    while state.phase != Phase.GAME_OVER:
        seen.append((state.age, state.turn, tuple(len(h) for h in state.hands)))
        turn(state, {seat: encode_sell(state, seat) for seat in range(3)})
    expected = [(age, t, (8 - t,) * 3) for age in (1, 2, 3) for t in range(1, 7)]
    assert seen == expected
    assert state.coins == [3 + 18 * 3] * 3
    assert len(state.discard) == 3 * 21  # per player: 18 sold and 3 seventh cards
    assert sum(1 for e in state.log if e["kind"] == "discard") == 9
    assert all(tokens == [] for tokens in state.military_tokens)  # no shields anywhere: ties


def encode_sell(state, seat):
    return sell(DB.types[DB.cards[state.hands[seat][0]].type].name)


# ---------------------------------------------------------------- military
def end_age(state, age):
    at_last_turn(state, age)
    for seat in range(state.num_players):
        deal(state, seat, FILLER[2 * seat], FILLER[2 * seat + 1])
    turn(state, {seat: sell(FILLER[2 * seat]) for seat in range(state.num_players)})


@pytest.mark.parametrize("age,victory", [(1, 1), (2, 3), (3, 5)])
def test_military_victory_tokens_by_age_and_defeat_minus_one(age, victory):
    state = trio()
    give(state, 0, "Barracks")
    end_age(state, age)
    assert state.military_tokens == [[victory, victory], [-1], [-1]]
    assert scoring.score_breakdown(state, 0)["military"] == 2 * victory
    assert scoring.score_breakdown(state, 1)["military"] == -1


def test_military_ties_give_no_token():
    state = trio()
    give(state, 0, "Barracks")
    give(state, 1, "Guard Tower")
    give(state, 2, "Stockade")
    end_age(state, 1)
    assert state.military_tokens == [[], [], []]


def test_military_is_compared_with_each_neighbour_separately():
    state = scenario(["Babylon", "Rhodes", "Giza", "Ephesus"])
    give(state, 0, "Walls")  # 2
    give(state, 1, "Barracks")  # 1
    give(state, 3, "Archery Range", "Barracks")  # 3
    end_age(state, 2)
    assert sorted(state.military_tokens[0]) == [-1, 3]
    assert sorted(state.military_tokens[1]) == [-1, 3]  # vs 2 and vs 0 shields
    assert sorted(state.military_tokens[2]) == [-1, -1]
    assert sorted(state.military_tokens[3]) == [3, 3]


@pytest.mark.parametrize("side,stages,shields", [("A", 2, 2), ("B", 1, 1), ("B", 2, 2)])
def test_rhodes_stage_shields_count_in_conflicts(side, stages, shields):
    state = scenario(["Rhodes", "Babylon", "Giza"], side)
    give_stages(state, 0, stages)
    give(state, 1, "Barracks")  # 1 shield
    assert state.shields[0] == shields
    end_age(state, 1)
    expected = [1] if shields == 1 else [1, 1]
    assert state.military_tokens[0] == expected


def test_military_happens_every_age_and_tokens_accumulate():
    state = trio()
    give(state, 0, "Barracks")
    end_age(state, 1)
    give(state, 1, "Walls")
    end_age(state, 2)
    assert sorted(state.military_tokens[0]) == [-1, 1, 1, 3]
    assert sorted(state.military_tokens[1]) == [-1, 3, 3]
    assert sorted(state.military_tokens[2]) == [-1, -1, -1]


# ---------------------------------------------------------------- yellow cards
def test_vineyard_counts_own_and_neighbours_brown_cards_built_the_same_turn():
    state = trio()
    give(state, 0, "Lumber Yard")
    give(state, 1, "Ore Vein")
    give(state, 2, "Stone Pit", "Clay Pool")
    deal(state, 0, "Vineyard")
    deal(state, 1, "Clay Pit")  # built this turn: counted
    deal(state, 2, "Glassworks")
    turn(state, {0: build("Vineyard"), 1: build("Clay Pit"), 2: build("Glassworks")})
    assert state.coins[0] == 3 + 1 + 2 + 2


def test_bazar_counts_own_and_neighbours_grey_cards_built_the_same_turn_two_each():
    state = trio()
    give(state, 0, "Loom")
    give(state, 2, "Press")
    deal(state, 0, "Bazar")
    deal(state, 1, "Glassworks")  # built this turn: counted
    deal(state, 2, "Lumber Yard")  # brown: not counted
    turn(state, {0: build("Bazar"), 1: build("Glassworks"), 2: build("Lumber Yard")})
    assert state.coins[0] == 3 + 2 * 3


def test_cards_sold_or_under_a_stage_this_turn_are_not_counted_by_vineyard():
    state = trio()
    give(state, 2, "Stone Pit")  # Giza A stage 1: 2 stones
    deal(state, 0, "Vineyard")
    deal(state, 1, "Clay Pit")
    deal(state, 2, "Lumber Yard")
    turn(state, {0: build("Vineyard"), 1: sell("Clay Pit"), 2: wonder("Lumber Yard")})
    assert state.stages_built[2] == 1
    assert state.coins[0] == 3 + 1  # Giza's Stone Pit only


def test_tavern_gives_five_coins():
    state = trio()
    deal(state, 0, "Tavern")
    turn(state, others_sell(state, {0: build("Tavern")}))
    assert state.coins[0] == 8
    assert scoring.score_breakdown(state, 0)["commercial"] == 0


def test_lighthouse_counts_itself_and_own_yellow_cards_only():
    state = trio()
    give(state, 0, "Caravansery", "Tavern")  # Caravansery chains to the Lighthouse
    give(state, 1, "Marketplace", "Vineyard")  # neighbours' yellow cards do not count
    deal(state, 0, "Lighthouse")
    turn(state, others_sell(state, {0: build("Lighthouse")}))
    assert state.coins[0] == 3 + 3
    assert scoring.score_breakdown(state, 0)["commercial"] == 3


def test_haven_counts_own_brown_cards_only():
    state = trio()
    give(state, 0, "Forum", "Lumber Yard", "Sawmill")  # Forum chains to the Haven
    give(state, 1, "Ore Vein", "Foundry", "Clay Pit")
    give(state, 2, "Stone Pit")
    deal(state, 0, "Haven")
    turn(state, others_sell(state, {0: build("Haven")}))
    assert state.coins[0] == 3 + 2
    give(state, 0, "Clay Pool")  # VP count the brown cards at the end
    assert scoring.score_breakdown(state, 0)["commercial"] == 3


def test_chamber_of_commerce_counts_own_grey_cards_only_two_each():
    state = trio()
    give(state, 0, "Brickyard", "Press", "Loom")  # CCP own
    give(state, 1, "Glassworks")
    deal(state, 0, "Chamber of Commerce")
    turn(state, others_sell(state, {0: build("Chamber of Commerce")}))
    assert state.coins[0] == 3 + 4
    assert scoring.score_breakdown(state, 0)["commercial"] == 4


def test_arena_pays_three_coins_per_stage_now_and_one_point_per_stage_at_the_end():
    state = trio()
    give(state, 0, "Dispensary")  # chains to the Arena
    give_stages(state, 0, 2)
    give_stages(state, 1, 3)  # neighbours' stages do not count
    deal(state, 0, "Arena")
    turn(state, others_sell(state, {0: build("Arena")}))
    assert state.coins[0] == 3 + 6
    assert scoring.score_breakdown(state, 0)["commercial"] == 2
    give_stages(state, 0, 1)  # a later stage adds a point, not coins
    assert state.coins[0] == 9
    assert scoring.score_breakdown(state, 0)["commercial"] == 3


def test_yellow_card_vp_go_to_the_commercial_category():
    state = trio()
    give(state, 0, "Lumber Yard", "Haven", "Forum")
    score = scoring.score_breakdown(state, 0)
    assert score["commercial"] == 1 and score["civilian"] == 0 and score["guilds"] == 0


def test_board_resources_are_not_cards_for_vineyard_bazar_and_guilds():
    state = trio()
    give_stages(state, 1, 2)  # Rhodes: no production from stages anyway
    deal(state, 0, "Vineyard")
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    turn(state, {0: build("Vineyard"), 1: build("Altar"), 2: build("Theater")})
    assert state.coins[0] == 3  # the boards' clay, ore and stone are not brown cards
    give(state, 0, "Workers Guild", "Craftsmens Guild")
    assert scoring.score_breakdown(state, 0)["guilds"] == 0
