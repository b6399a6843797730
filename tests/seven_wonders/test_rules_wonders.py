"""Wonder boards: every stage of every side, and the special powers (rulebook "Description of the
Wonders"; reference decisions 4, 11-14)."""

import pytest

from seven_wonders_scenarios import (N, at_last_turn, build, card, deal, free_build, from_discard, give, give_stages,
                     legal, legal_set, names, scenario, sell, tid, turn, wonder)
from wonders_env.seven_wonders import rules
from wonders_env.seven_wonders.actions import ActionKind, encode_action
from wonders_env.seven_wonders.cards import Power
from wonders_env.seven_wonders.record import game_record
from wonders_env.seven_wonders.scoring import score_breakdown
from wonders_env.seven_wonders.state import Phase

FILLER = ("Altar", "Theater", "Pawnshop", "Baths", "Tavern", "Loom", "Press", "Glassworks",
          "Stockade", "Barracks", "Guard Tower", "Workshop")
RICH = ("Sawmill", "Quarry", "Brickyard", "Foundry", "Lumber Yard", "Stone Pit", "Clay Pool",
        "Ore Vein", "Glassworks", "Loom", "Press")  # 3 of each raw material, 1 of each good


def neighbours_for(city):
    return [c for c in ("Rhodes", "Giza", "Babylon", "Ephesus") if c != city][:2]


def play_stage(state, seat, marker="Palace"):
    """One turn: ``seat`` builds its next stage with ``marker``; the others sell a filler.
    A Halicarnassus pick that this opens is skipped by taking the first eligible card.
    Returns the coins the seat gained."""
    before = state.coins[seat]
    deal(state, seat, marker)
    actions = {seat: wonder(marker)}
    for other in range(state.num_players):
        if other != seat:
            name = FILLER[(other + state.turn) % len(FILLER)]
            deal(state, other, name)
            actions[other] = sell(name)
    turn(state, actions)
    gained = state.coins[seat] - before
    if state.phase == Phase.DISCARD_BUILD:
        pick = min(legal_set(state, seat))
        turn(state, {seat: pick})
    return gained


STAGES = [  # city, side, coins per stage, wonder VP in all, shields from stages
    ("Rhodes", "A", [0, 0, 0], 10, 2),
    ("Rhodes", "B", [3, 4], 7, 2),
    ("Alexandria", "A", [0, 0, 0], 10, 0),
    ("Alexandria", "B", [0, 0, 0], 7, 0),
    ("Ephesus", "A", [0, 9, 0], 10, 0),
    ("Ephesus", "B", [4, 4, 4], 10, 0),
    ("Babylon", "A", [0, 0, 0], 10, 0),
    ("Babylon", "B", [0, 0, 0], 3, 0),
    ("Olympia", "A", [0, 0, 0], 10, 0),
    ("Olympia", "B", [0, 0, 0], 5, 0),
    ("Halicarnassus", "A", [0, 0, 0], 10, 0),
    ("Halicarnassus", "B", [0, 0, 0], 3, 0),
    ("Giza", "A", [0, 0, 0], 15, 0),
    ("Giza", "B", [0, 0, 0, 0], 20, 0),
]


@pytest.mark.parametrize("city,side,coins,vp,shields", STAGES,
                         ids=[f"{c}-{s}" for c, s, *_ in STAGES])
def test_every_stage_of_every_side_when_built(city, side, coins, vp, shields):
    state = scenario([city] + neighbours_for(city), side)
    give(state, 0, *RICH)
    assert len(state.wonders[0].stages) == len(coins)
    gained = [play_stage(state, 0) for _ in coins]
    assert gained == coins
    assert state.stages_built[0] == len(coins)
    assert score_breakdown(state, 0)["wonder"] == vp
    assert state.shields[0] == shields
    deal(state, 0, "Palace")
    assert not legal(state, 0, wonder("Palace"))  # every stage is built once
    assert rules.stage_payment(state, 0) is None


def test_stages_are_built_in_order():
    state = scenario(["Rhodes", "Giza", "Babylon"], "A")  # stage 1: WW, stage 2: CCC
    give(state, 0, "Brickyard", "Clay Pool")  # CCC but no wood, and nobody sells wood
    deal(state, 0, "Palace")
    assert not legal(state, 0, wonder("Palace"))
    give(state, 0, "Sawmill")
    assert legal(state, 0, wonder("Palace"))
    play_stage(state, 0)
    assert state.stages_built[0] == 1 and state.shields[0] == 0
    play_stage(state, 0)
    assert state.stages_built[0] == 2 and state.shields[0] == 2


def test_stage_resources_can_be_bought_and_go_in_the_record():
    state = scenario(["Rhodes", "Olympia", "Babylon"], "A", coins=[4, 3, 3])  # WW: Olympia sells one
    give(state, 2, "Lumber Yard")
    assert rules.stage_payment(state, 0) == (0, 2, 2)
    play_stage(state, 0)
    assert state.stages_built[0] == 1 and state.coins[0] == 0
    entry = [e for e in game_record(state)["actions"] if e["seat"] == 0][-1]
    assert entry["kind"] == "wonder" and entry["paid"] == {"left": 2, "right": 2, "bank": 0}


def test_card_under_a_stage_has_no_effect():
    state = scenario(["Giza", "Rhodes", "Babylon"], "A")
    give(state, 0, "Stone Pit")
    play_stage(state, 0, marker="Tavern")
    assert state.coins[0] == 3  # no 5 coins from the Tavern
    assert state.stages_built[0] == 1
    assert names(state, state.stage_cards[0]) == ["Tavern"]
    assert "Tavern" not in names(state, state.built[0] + state.discard)
    assert state.color_counts[0].sum() == 1  # the Stone Pit only


def test_card_under_a_stage_produces_nothing():
    state = scenario(["Giza", "Rhodes", "Babylon"], "A")
    give(state, 0, "Stone Pit")
    play_stage(state, 0, marker="Lumber Yard")
    assert state.stages_built[0] == 1
    assert rules.buy_options(state, 0, ((0, 1),)) == ()  # still no wood
    assert state.has_type[0, tid("Lumber Yard")] == 0


# ---------------------------------------------------------------- Alexandria
@pytest.mark.parametrize("side,stages,name", [("A", 2, "Stockade"), ("A", 2, "Barracks"),
                                              ("B", 1, "Guard Tower"), ("B", 2, "Apothecary"),
                                              ("B", 2, "Scriptorium")])
def test_alexandria_stage_production_is_used_by_its_owner(side, stages, name):
    state = scenario(["Alexandria", "Ephesus", "Halicarnassus"], side, coins=[0, 3, 3])
    deal(state, 0, name)
    assert not legal(state, 0, build(name))  # no coins to buy it
    give_stages(state, 0, stages)
    assert rules.build_payment(state, 0, tid(name)) == (0, 0, 0)
    assert legal(state, 0, build(name))


def test_alexandria_choice_gives_one_resource_per_turn():
    state = scenario(["Alexandria", "Ephesus", "Halicarnassus"], "A", coins=[0, 3, 3])
    give_stages(state, 0, 2)
    assert rules.buy_options(state, 0, ((0, 1),)) == ((0, 0),)
    assert rules.buy_options(state, 0, ((0, 1), (1, 1))) == ()  # wood AND stone: only one


# ---------------------------------------------------------------- Olympia A
def olympia_a():
    state = scenario(["Olympia", "Rhodes", "Giza"], "A", coins=[0, 3, 3])
    give(state, 0, "Quarry")  # stage 2: SS
    give_stages(state, 0, 1)
    return state


def others_sell(state, seat_action):
    actions = dict(seat_action)
    for other in range(state.num_players):
        if other not in actions:
            name = FILLER[(other + 3 * state.turn) % len(FILLER)]
            deal(state, other, name)
            actions[other] = sell(name)
    return actions


def test_olympia_a_free_build_once_per_age_from_its_stage_two():
    state = olympia_a()
    deal(state, 0, "Pawnshop", "Palace")
    assert not legal(state, 0, free_build("Palace"))  # stage 2 not built yet
    turn(state, others_sell(state, {0: wonder("Pawnshop")}))
    assert state.stages_built[0] == 2
    deal(state, 0, "Palace", "Senate")  # same Age, next turn: free
    assert not legal(state, 0, build("Palace"))
    assert legal(state, 0, free_build("Palace")) and legal(state, 0, free_build("Senate"))
    turn(state, others_sell(state, {0: free_build("Palace")}))
    assert "Palace" in names(state, state.built[0])
    assert state.coins[0] == 0 and state.stages_built[0] == 2
    assert score_breakdown(state, 0)["civilian"] == 8
    entry = [e for e in state.log if e["seat"] == 0][-1]
    assert entry["kind"] == "free_build" and entry["paid"] == {"left": 0, "right": 0, "bank": 0}
    deal(state, 0, "Senate")
    assert not legal(state, 0, free_build("Senate"))  # once per Age
    state.age = 2
    assert legal(state, 0, free_build("Senate"))  # again in the next Age


def test_olympia_a_free_build_is_not_a_wonder_stage_and_keeps_card_effects():
    state = olympia_a()
    give_stages(state, 0, 1)
    deal(state, 0, "Tavern")
    turn(state, others_sell(state, {0: free_build("Tavern")}))
    assert state.stages_built[0] == 2
    assert state.coins[0] == 5
    assert "Tavern" in names(state, state.built[0])


def test_olympia_a_free_build_cannot_duplicate_a_name():
    state = olympia_a()
    give_stages(state, 0, 1)
    give(state, 0, "Lumber Yard")
    deal(state, 0, "Lumber Yard", "Altar")
    assert not legal(state, 0, free_build("Lumber Yard"))
    assert legal(state, 0, free_build("Altar"))


def test_olympia_a_free_build_available_in_a_later_age_after_stage_two():
    state = olympia_a()
    give_stages(state, 0, 1)
    state.power_used_age[0, Power.FREE_BUILD_ONCE_PER_AGE] = 1
    state.age = 3
    deal(state, 0, "Palace")
    assert legal(state, 0, free_build("Palace"))


# ---------------------------------------------------------------- Olympia B: copy a guild
LEFT, RIGHT, FAR = 3, 1, 2


def olympia_b():
    """Olympia B (0) with its 3 stages, between Giza (3, left) and Rhodes (1, right); Babylon
    (2) is not a neighbour."""
    state = scenario(["Olympia", "Rhodes", "Babylon", "Giza"], "B")
    assert state.left_of(0) == LEFT and state.right_of(0) == RIGHT
    give_stages(state, 0, 3)
    return state


def test_olympia_b_copies_the_best_neighbour_guild():
    state = olympia_b()
    give(state, RIGHT, "Altar", "Theater", "Baths", "Magistrates Guild")  # copy: 3 blue = 3
    give(state, LEFT, "Lumber Yard", "Workers Guild")  # copy: 1 brown = 1
    give(state, FAR, "Strategists Guild")  # copy would be worth 4, but not a neighbour's guild
    state.military_tokens[LEFT] = [-1, -1, -1, -1]
    score = score_breakdown(state, 0)
    assert score["guilds"] == 3
    assert score["wonder"] == 5


def test_olympia_b_copy_needs_stage_three():
    state = scenario(["Olympia", "Rhodes", "Giza"], "B")
    give_stages(state, 0, 2)
    give(state, 1, "Altar", "Magistrates Guild")
    assert score_breakdown(state, 0)["guilds"] == 0
    give_stages(state, 0, 1)
    assert score_breakdown(state, 0)["guilds"] == 1


def test_olympia_b_copy_of_scientists_guild_is_a_wildcard():
    state = olympia_b()
    give(state, 0, "Apothecary", "Workshop")
    give(state, RIGHT, "Scientists Guild")
    score = score_breakdown(state, 0)
    assert score["science"] == 10
    assert score["guilds"] == 0


def test_olympia_b_copy_scores_as_if_owned():
    state = olympia_b()  # 3 own stages
    give_stages(state, LEFT, 1)
    give_stages(state, FAR, 2)
    give(state, RIGHT, "Builders Guild")
    assert score_breakdown(state, 0)["guilds"] == 3 + 1 + 0


def test_olympia_b_copy_is_not_one_of_its_purple_cards():
    state = olympia_b()
    give(state, 0, "Lumber Yard", "Shipowners Guild")  # 1 brown + itself = 2
    give(state, RIGHT, "Ore Vein", "Clay Pool", "Workers Guild")  # copy: 2 brown next door
    assert score_breakdown(state, 0)["guilds"] == 2 + 2


def test_olympia_b_cannot_copy_a_guild_it_owns():
    state = olympia_b()
    give(state, 0, "Magistrates Guild")  # 2 blue next door
    give(state, RIGHT, "Altar", "Theater", "Magistrates Guild")  # (a scenario: guilds are unique)
    give(state, LEFT, "Spies Guild", "Barracks")  # copy: 1 red next door
    assert score_breakdown(state, 0)["guilds"] == 2 + 1


def test_copying_does_not_change_the_owner_of_the_guild():
    state = olympia_b()
    give(state, 0, "Altar", "Pawnshop")
    give(state, RIGHT, "Magistrates Guild")
    without = state.clone()
    without.powers[0, Power.COPY_GUILD] = 0
    assert score_breakdown(state, RIGHT) == score_breakdown(without, RIGHT)
    assert score_breakdown(state, RIGHT)["guilds"] == 2


# ---------------------------------------------------------------- Halicarnassus
def halicarnassus(side="A", stages=1):
    state = scenario(["Halicarnassus", "Rhodes", "Giza"], side)
    give(state, 0, "Foundry", "Ore Vein", "Brickyard", "Clay Pool")  # OOO and CCC, OO
    give_stages(state, 0, stages)
    return state


def test_halicarnassus_builds_from_the_discard_at_the_end_of_the_turn():
    state = halicarnassus()
    state.turn = 3
    state.discard = [card(state, "Palace")]  # from an earlier turn
    deal(state, 0, "Pawnshop", "Altar", "Baths", "Theater", "Stockade")
    deal(state, 1, "Tavern", "Loom", "Press", "Glassworks", "Workshop")
    deal(state, 2, "Barracks", "Guard Tower", "Clay Pit", "Timber Yard", "Scriptorium")
    turn(state, {0: wonder("Pawnshop"), 1: sell("Tavern"), 2: build("Barracks")})
    assert state.phase == Phase.DISCARD_BUILD
    assert rules.acting_seats(state) == [0]
    assert state.turn == 3 and len(state.hands[0]) == 4  # hands not passed yet
    assert legal_set(state, 0) == {from_discard("Palace"), from_discard("Tavern")}
    assert legal_set(state, 1) == {encode_action(ActionKind.WAIT, 0, N)}
    coins = list(state.coins)
    turn(state, {0: from_discard("Tavern")})
    assert "Tavern" in names(state, state.built[0])
    assert names(state, state.discard) == ["Palace"]
    assert state.coins == [coins[0] + 5, coins[1], coins[2]]  # free, with its effect
    entry = state.log[-1]
    assert entry["kind"] == "discard_build" and entry["card"] == "Tavern"
    assert entry["paid"] == {"left": 0, "right": 0, "bank": 0}
    assert state.phase == Phase.MAIN and state.turn == 4
    assert names(state, state.hands[2]) == ["Altar", "Baths", "Theater", "Stockade"]  # passed


def test_halicarnassus_cannot_pick_a_name_it_has():
    state = halicarnassus()
    give(state, 0, "Altar")
    state.discard = [card(state, "Altar")]
    deal(state, 0, "Pawnshop")
    deal(state, 1, "Theater")
    deal(state, 2, "Baths")
    turn(state, {0: wonder("Pawnshop"), 1: sell("Theater"), 2: sell("Baths")})
    assert state.phase == Phase.DISCARD_BUILD
    assert legal_set(state, 0) == {from_discard("Theater"), from_discard("Baths")}


def test_halicarnassus_effect_is_lost_when_nothing_is_eligible():
    state = halicarnassus()
    give(state, 0, "Altar")
    state.discard = [card(state, "Altar")]
    deal(state, 0, "Pawnshop", "Theater")
    deal(state, 1, "Baths", "Loom")
    deal(state, 2, "Press", "Stockade")
    turn(state, {0: wonder("Pawnshop"), 1: build("Baths"), 2: build("Press")})
    assert state.stages_built[0] == 2
    assert state.phase == Phase.MAIN and state.turn == 2
    assert not state.discard_builders


def test_halicarnassus_b_every_stage_builds_from_the_discard():
    state = halicarnassus("B", stages=0)
    give(state, 0, "Glassworks", "Loom", "Press")
    for stage in range(3):
        state.discard.append(card(state, ("Palace", "Senate", "Pantheon")[stage]))
        deal(state, 0, "Pawnshop")
        deal(state, 1, FILLER[stage])
        deal(state, 2, FILLER[stage + 3])
        turn(state, {0: wonder("Pawnshop"), 1: build(FILLER[stage]), 2: build(FILLER[stage + 3])})
        assert state.phase == Phase.DISCARD_BUILD
        turn(state, {0: from_discard(("Palace", "Senate", "Pantheon")[stage])})
    assert state.stages_built[0] == 3
    score = score_breakdown(state, 0)
    assert score["wonder"] == 3 and score["civilian"] == 8 + 6 + 7


def test_halicarnassus_at_end_of_age_picks_among_the_leftovers_before_military():
    state = halicarnassus()
    give(state, 2, "Stockade")  # Giza: 1 shield
    at_last_turn(state, 1)
    deal(state, 0, "Pawnshop", "Loom")
    deal(state, 1, "Altar", "Barracks")  # Rhodes' leftover: Barracks
    deal(state, 2, "Theater", "Press")
    turn(state, {0: wonder("Pawnshop"), 1: build("Altar"), 2: build("Theater")})
    assert state.phase == Phase.DISCARD_BUILD
    assert state.military_tokens == [[], [], []]  # conflicts come after the pick
    assert sorted(names(state, state.discard)) == ["Barracks", "Loom", "Press"]
    assert legal_set(state, 0) == {from_discard("Barracks"), from_discard("Loom"),
                                   from_discard("Press")}
    turn(state, {0: from_discard("Barracks")})
    # the Barracks' shield counts: Halicarnassus 1 = Giza 1 > Rhodes 0
    assert state.military_tokens[0] == [1]
    assert sorted(state.military_tokens[1]) == [-1, -1]
    assert state.military_tokens[2] == [1]
    assert state.age == 2 and state.phase == Phase.MAIN


def test_halicarnassus_picks_from_all_ages_discards():
    state = halicarnassus()
    state.age, state.turn = 3, 2
    state.discard = [card(state, name) for name in ("Tavern", "Sawmill", "Palace")]
    deal(state, 0, "Pawnshop")
    deal(state, 1, "Altar")
    deal(state, 2, "Theater")
    turn(state, {0: wonder("Pawnshop"), 1: build("Altar"), 2: build("Theater")})
    assert legal_set(state, 0) == {from_discard(n) for n in ("Tavern", "Sawmill", "Palace")}


# ---------------------------------------------------------------- Babylon B: the 7th card
def babylon_b(stages=2):
    state = scenario(["Babylon", "Rhodes", "Giza"], "B")  # nobody makes wood
    give_stages(state, 0, stages)
    at_last_turn(state, 1)
    return state


def last_turn(state, babylon_action, babylon_hand):
    deal(state, 0, *babylon_hand)
    deal(state, 1, "Altar", "Loom")
    deal(state, 2, "Theater", "Press")
    turn(state, {0: babylon_action, 1: build("Altar"), 2: build("Theater")})


def test_babylon_b_plays_the_seventh_card_using_the_sixth_cards_production():
    state = babylon_b()
    last_turn(state, build("Lumber Yard"), ("Lumber Yard", "Stockade"))
    assert state.phase == Phase.SEVENTH_CARD
    assert rules.acting_seats(state) == [0]
    assert rules.stage_payment(state, 0) is None  # stage 3 (CCCP) is out of reach
    assert legal_set(state, 0) == {build("Stockade"), sell("Stockade")}
    assert not state.military_tokens[0] and state.hands[1]  # nothing discarded yet
    turn(state, {0: build("Stockade")})
    assert "Stockade" in names(state, state.built[0])
    entry = [e for e in state.log if e["seat"] == 0 and e["card"] == "Stockade"][0]
    assert entry["turn"] == 7 and entry["kind"] == "build"
    assert sorted(names(state, state.discard)) == ["Loom", "Press"]  # the others' 7th cards
    assert state.military_tokens[0] == [1, 1]  # the Stockade fought in Age I
    assert state.age == 2


def test_babylon_b_can_sell_the_seventh_card():
    state = babylon_b()
    last_turn(state, build("Lumber Yard"), ("Lumber Yard", "Palace"))
    turn(state, {0: sell("Palace")})
    assert state.coins[0] == 6
    assert sorted(names(state, state.discard)) == ["Loom", "Palace", "Press"]


def test_babylon_b_can_build_a_stage_with_the_seventh_card():
    state = babylon_b()
    give(state, 0, "Brickyard", "Clay Pool")  # CCC with the board's clay... stage 3: CCCP
    last_turn(state, build("Press"), ("Press", "Palace"))
    assert legal(state, 0, wonder("Palace"))
    turn(state, {0: wonder("Palace")})
    assert state.stages_built[0] == 3
    assert score_breakdown(state, 0)["science"] == 1  # the wildcard alone


def test_babylon_b_stage_two_built_on_turn_six_plays_that_ages_seventh_card():
    state = babylon_b(stages=1)
    give(state, 0, "Sawmill", "Glassworks")  # stage 2: WWG
    last_turn(state, wonder("Tavern"), ("Tavern", "Pawnshop"))
    assert state.stages_built[0] == 2
    assert state.phase == Phase.SEVENTH_CARD
    turn(state, {0: build("Pawnshop")})
    assert "Pawnshop" in names(state, state.built[0])


def test_babylon_b_without_stage_two_discards_the_seventh_card():
    state = babylon_b(stages=1)
    last_turn(state, build("Lumber Yard"), ("Lumber Yard", "Stockade"))
    assert state.phase == Phase.MAIN and state.age == 2
    assert "Stockade" in names(state, state.discard)


def test_babylon_b_plays_the_seventh_card_of_every_age():
    state = babylon_b()
    state.power_used_age[0, Power.PLAY_SEVENTH_CARD] = 1
    state.age = 2
    state.decks.pop(2, None)
    last_turn(state, build("Lumber Yard"), ("Lumber Yard", "Stockade"))
    assert state.phase == Phase.SEVENTH_CARD


def test_end_of_age_order_babylon_then_discards_then_halicarnassus_then_military():
    """Decision 14: turn 6, Babylon's 7th card, the other 7th cards discarded, Halicarnassus'
    pick, then military."""
    state = scenario(["Babylon", "Halicarnassus", "Giza"], ["B", "A", "A"])
    give_stages(state, 0, 2)
    give_stages(state, 1, 1)
    give(state, 1, "Foundry", "Ore Vein")  # Halicarnassus A stage 2: OOO
    give(state, 2, "Stockade")  # Giza: 1 shield
    at_last_turn(state, 1)
    deal(state, 0, "Altar", "Barracks")
    deal(state, 1, "Pawnshop", "Loom")
    deal(state, 2, "Theater", "Guard Tower")
    turn(state, {0: build("Altar"), 1: wonder("Pawnshop"), 2: build("Theater")})
    assert state.phase == Phase.SEVENTH_CARD
    assert names(state, state.discard) == []
    turn(state, {0: sell("Barracks")})
    assert state.phase == Phase.DISCARD_BUILD and rules.acting_seats(state) == [1]
    assert sorted(names(state, state.discard)) == ["Barracks", "Guard Tower", "Loom"]
    assert state.military_tokens == [[], [], []]
    turn(state, {1: from_discard("Barracks")})
    kinds = [(e["seat"], e["kind"], e["turn"]) for e in state.log[3:]]
    assert kinds[0] == (0, "sell", 7)
    assert sorted(kinds[1:3]) == [(1, "discard", 6), (2, "discard", 6)]
    assert kinds[3] == (1, "discard_build", 6)
    # Halicarnassus' Barracks fights: Babylon 0, Halicarnassus 1, Giza 1
    assert state.military_tokens == [[-1, -1], [1], [1]]


def test_babylon_b_seventh_card_can_spend_the_coins_of_the_sixth_card():
    state = babylon_b()
    state.coins[0] = 0
    last_turn(state, sell("Palace"), ("Palace", "Barracks"))  # ore: 2 coins to Rhodes
    assert state.phase == Phase.SEVENTH_CARD and state.coins[0] == 3
    assert rules.build_payment(state, 0, tid("Barracks")) == (0, 0, 2)
    turn(state, {0: build("Barracks")})
    assert state.coins[0] == 1 and "Barracks" in names(state, state.built[0])


def test_babylon_b_seventh_card_of_age_three_is_played_before_the_game_ends():
    state = babylon_b()
    state.age = 3
    state.decks = {}
    last_turn(state, build("Lumber Yard"), ("Lumber Yard", "Stockade"))
    assert state.phase == Phase.SEVENTH_CARD
    turn(state, {0: build("Stockade")})
    assert state.phase == Phase.GAME_OVER
    assert state.military_tokens[0] == [5, 5]


def test_halicarnassus_stage_on_the_last_turn_of_age_three_picks_before_the_game_ends():
    state = halicarnassus()
    state.age, state.turn = 3, 6
    state.decks = {}
    deal(state, 0, "Pawnshop", "Arsenal")
    deal(state, 1, "Altar", "Loom")
    deal(state, 2, "Theater", "Press")
    turn(state, {0: wonder("Pawnshop"), 1: build("Altar"), 2: build("Theater")})
    assert state.phase == Phase.DISCARD_BUILD
    turn(state, {0: from_discard("Arsenal")})
    assert state.phase == Phase.GAME_OVER
    assert state.military_tokens[0] == [5, 5]
