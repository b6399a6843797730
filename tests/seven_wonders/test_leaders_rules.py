"""The Leaders expansion's rules (``wonders_env.seven_wonders.leaders``): setup, draft, recruitment,
one scenario per leader effect kind, Roma, the 4 Guilds, the score line, and the worked examples of
the facts (Maecenas then a free recruit, Roma B's discounts, Midas and the Gamers Guild on a
treasury, the Courtesans copying a one-shot leader)."""

import numpy as np
import pytest

from wonders_env.seven_wonders import leaders, rules
from wonders_env.seven_wonders.actions import ActionKind, IllegalActionError, encode_action, encode_leader_action
from wonders_env.seven_wonders.cards import database
from wonders_env.seven_wonders.record import game_record
from wonders_env.seven_wonders.scoring import score_breakdown
from wonders_env.seven_wonders.state import Phase, new_game, place_building, place_stage

LEADERS = ("leaders",)
DB = database("1st", LEADERS)
T, L = DB.num_types, DB.num_leaders


def lid(name: str) -> int:
    return DB.leader_of(name)


def leader_action(kind: ActionKind, name: str, payment: str = "cheapest") -> int:
    return encode_leader_action(kind, lid(name), T, payment, L)


def recruit(name, payment="cheapest"):
    return leader_action(ActionKind.RECRUIT, name, payment)


def stage_with(name, payment="cheapest"):
    return leader_action(ActionKind.LEADER_WONDER, name, payment)


def discard(name, payment="cheapest"):
    return leader_action(ActionKind.LEADER_DISCARD, name, payment)


def copy(name):
    return leader_action(ActionKind.COPY_LEADER, name)


def card_action(kind: ActionKind, name: str) -> int:
    return encode_action(kind, DB.type_of(name), T)


def physical(name: str) -> int:
    return next(c.index for c in DB.cards if DB.types[c.type].name == name)


def give(state, seat, *names):
    for name in names:
        place_building(state, seat, physical(name))
    state.clear_caches()


def recruitment(cities, hands, sides="A", coins=None, payment="cheapest"):
    """A Leaders game at Age I's recruitment turn with these boards and Leader hands (names)."""
    state = new_game(len(cities), seed=0, wonders=list(cities), wonder_sides=sides, expansions=LEADERS,
                     payment=payment)
    while state.phase == Phase.LEADER_DRAFT:
        rules.apply_actions(state, {s: int(np.flatnonzero(rules.legal_action_mask(state, s))[0])
                                    for s in rules.acting_seats(state)})
    pool = state.leader_deck + [leader for hand in state.leader_hands for leader in hand]
    state.leader_hands = [[lid(name) for name in hand] for hand in hands]
    used = {leader for hand in state.leader_hands for leader in hand}
    state.leader_deck = [leader for leader in pool if leader not in used]
    if coins is not None:
        state.coins = list(coins)
    state.clear_caches()
    return state


def play(state, actions):
    state.memo = {}
    rules.apply_actions(state, actions)


def main_turn(state, hands):
    """Put a state that has just been dealt an Age into its turn with these hands (card names)."""
    assert state.phase == Phase.MAIN
    state.hands = [[physical(name) for name in hand] for hand in hands]
    state.clear_caches()


def legal(state, seat):
    state.memo = {}
    return set(np.flatnonzero(rules.legal_action_mask(state, seat)).tolist())


# ---------------------------------------------------------------- setup, draft, recruitment
def test_setup_six_coins_four_leaders_each_and_roma_in_the_pool():
    state = new_game(5, seed=1, expansions=LEADERS)
    assert state.coins == [6] * 5 and state.phase == Phase.LEADER_DRAFT and (state.age, state.turn) == (1, 0)
    dealt = [leader for hand in state.draft_hands for leader in hand]
    assert [len(hand) for hand in state.draft_hands] == [4] * 5
    assert sorted(dealt + state.leader_deck) == list(range(36)) and state.hands == [[]] * 5
    assert any("Roma" in [board.city for board in new_game(7, seed=s, expansions=LEADERS).wonders] for s in range(5))
    assert all(board.city != "Roma" for s in range(20) for board in new_game(7, seed=s).wonders)
    with pytest.raises(ValueError, match="unknown wonder 'Roma'"):
        new_game(3, wonders=["Roma", "Giza", "Rhodes"])
    assert len(state.box) + sum(1 for c in state.decks[3] if DB.cards[c].min_players is None) == 14


@pytest.mark.parametrize("num_players", [3, 7])
def test_the_draft_passes_right_and_ends_in_the_recruitment_turn(num_players):
    state = new_game(num_players, seed=2, expansions=LEADERS)
    for pick in range(3):
        before = [list(hand) for hand in state.draft_hands]
        kept = {s: before[s][-1] for s in range(num_players)}
        assert legal(state, 0) == {leader_action(ActionKind.DRAFT, DB.leaders[leader].name) for leader in before[0]}
        play(state, {s: encode_leader_action(ActionKind.DRAFT, kept[s], T, "cheapest", L) for s in kept})
        for s in range(num_players):
            assert kept[s] in state.leader_hands[s]
            if pick < 2:
                assert state.draft_hands[(s + 1) % num_players] == [x for x in before[s] if x != kept[s]]
    assert [len(hand) for hand in state.leader_hands] == [4] * num_players
    assert state.draft_hands == [[]] * num_players and state.phase == Phase.RECRUIT and state.turn == 0
    drafts = [e for e in state.log if e["kind"] == "draft"]
    assert len(drafts) == 3 * num_players and all(e["turn"] == 0 for e in drafts)


def test_recruitment_recruit_stage_or_discard_then_the_age_is_dealt():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Croesus", "Sappho"], ["Zenobia", "Nero"], ["Caesar"]])
    give(state, 0, "Lumber Yard")  # Olympia A stage 1 costs WW: W (board) + W
    assert stage_with("Croesus") in legal(state, 0) and stage_with("Zenobia") not in legal(state, 1)
    play(state, {0: stage_with("Sappho"), 1: discard("Zenobia"), 2: recruit("Caesar")})
    assert state.stages_built[0] == 1 and state.stage_leaders[0] == [lid("Sappho")] and state.stage_cards[0] == []
    assert state.coins == [6, 9, 1] and state.recruited[2] == [lid("Caesar")] and state.shields[2] == 2
    assert state.leader_discards[1] == [lid("Zenobia")]
    assert state.phase == Phase.MAIN and state.turn == 1 and [len(h) for h in state.hands] == [7, 7, 7]
    kinds = [(e["kind"], e["card"], e["paid"]["bank"]) for e in state.log[-3:]]
    assert kinds == [("leader_wonder", "Sappho", 0), ("leader_discard", "Zenobia", 0), ("recruit", "Caesar", 5)]


def test_a_leader_not_affordable_or_not_in_hand_is_refused_with_the_reason():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Pericles"], ["Nero"], ["Caesar"]], coins=[5, 6, 6])
    assert legal(state, 0) == {discard("Pericles")}
    with pytest.raises(IllegalActionError, match="recruit 'Pericles'"):
        play(state, {0: recruit("Pericles"), 1: discard("Nero"), 2: discard("Caesar")})
    with pytest.raises(IllegalActionError, match="recruit 'Caesar'"):
        rules.check_legal(state, 1, recruit("Caesar"))


def test_choose_payment_pays_every_recruitment_move():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Croesus"], ["Nero"], ["Caesar"]], payment="choose")
    play(state, {0: recruit("Croesus", "choose"), 1: discard("Nero", "choose"), 2: recruit("Caesar", "choose")})
    assert state.phase == Phase.PAYMENT and rules.acting_seats(state) == [0, 1, 2]
    pay0 = encode_action(ActionKind.PAY, 0, T)
    assert all(legal(state, s) == {pay0} for s in range(3))
    play(state, {0: pay0, 1: pay0, 2: pay0})
    assert state.coins == [11, 9, 1] and state.phase == Phase.MAIN


# ---------------------------------------------------------------- worked examples
def test_maecenas_then_a_free_recruit():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Maecenas", "Pericles"], ["Nero"], ["Caesar"]])
    assert leaders.recruit_price(state, 0, lid("Maecenas")) == 1  # Maecenas himself is paid
    play(state, {0: recruit("Maecenas"), 1: discard("Nero"), 2: discard("Caesar")})
    assert state.coins[0] == 5
    state.leader_hands[1:] = [[lid("Sappho")], [lid("Zenobia")]]
    leaders.start_recruitment(state, 2)
    assert leaders.recruit_price(state, 0, lid("Pericles")) == 0 and recruit("Pericles") in legal(state, 0)
    play(state, {0: recruit("Pericles"), 1: discard("Sappho"), 2: discard("Zenobia")})
    assert state.coins[0] == 5 and state.recruited[0] == [lid("Maecenas"), lid("Pericles")] and state.age == 2


def test_roma_b_discounts_its_owner_by_two_and_its_neighbours_by_one():
    hands = [["Hiram", "Sappho"], ["Midas"], ["Nefertiti"], ["Phidias"]]
    state = recruitment(["Roma", "Giza", "Rhodes", "Olympia"], hands, sides="B")
    assert [leaders.recruit_price(state, s, state.leader_hands[s][0]) for s in range(4)] == [1, 2, 3, 2]
    assert leaders.recruit_price(state, 0, lid("Sappho")) == 0  # never below 0
    play(state, {0: recruit("Hiram"), 1: recruit("Midas"), 2: recruit("Nefertiti"), 3: recruit("Phidias")})
    assert state.coins == [5, 4, 3, 4]


def test_roma_a_recruits_for_free():
    state = recruitment(["Roma", "Giza", "Rhodes"], [["Pericles"], ["Nero"], ["Caesar"]])
    assert leaders.recruit_price(state, 0, lid("Pericles")) == 0 and leaders.recruit_price(state, 1, lid("Nero")) == 1
    play(state, {0: recruit("Pericles"), 1: recruit("Nero"), 2: discard("Caesar")})
    assert state.coins == [6, 5, 9]


def test_midas_and_the_gamers_guild_on_a_treasury():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Midas"], ["Nero"], ["Caesar"]])
    play(state, {0: recruit("Midas"), 1: discard("Nero"), 2: discard("Caesar")})
    give(state, 0, "Gamers Guild")
    state.coins[0] = 14
    score = score_breakdown(state, 0)
    assert (score["treasury"], score["leaders"], score["guilds"]) == (4, 4, 4)
    assert score["total"] == sum(v for k, v in score.items() if k != "total")


def test_the_courtesans_copy_a_one_shot_leader():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Nero"], ["Croesus"], ["Caesar"]])
    play(state, {0: discard("Nero"), 1: recruit("Croesus"), 2: recruit("Caesar")})
    give(state, 0, "Clay Pool", "Glassworks", "Loom")  # W (board) C G L: the Courtesans Guild's cost
    main_turn(state, [["Courtesans Guild"], ["Baths"], ["Altar"]])
    coins = state.coins[0]
    play(state, {0: card_action(ActionKind.BUILD, "Courtesans Guild"), 1: card_action(ActionKind.SELL, "Baths"),
                 2: card_action(ActionKind.SELL, "Altar")})
    assert state.phase == Phase.COPY_LEADER and rules.acting_seats(state) == [0]
    assert legal(state, 0) == {copy("Croesus"), copy("Caesar")} and legal(state, 1) == {5 * T}
    play(state, {0: copy("Croesus")})
    assert state.coins[0] == coins + 6 and state.copied_leader[0] == lid("Croesus")
    assert state.phase == Phase.MAIN and state.turn == 2
    assert game_record(state)["players"][0]["copied_leader"] == "Croesus"
    assert game_record(state)["players"][1]["leaders"] == ["Croesus"]


def test_the_courtesans_copy_end_vp_and_lasting_effects():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Nero"], ["Cleopatra"], ["Caesar"]])
    play(state, {0: discard("Nero"), 1: recruit("Cleopatra"), 2: discard("Caesar")})
    state.copied_leader[0] = lid("Cleopatra")
    state.clear_caches()
    assert score_breakdown(state, 0)["leaders"] == 5 and score_breakdown(state, 1)["leaders"] == 5


# ---------------------------------------------------------------- one scenario per effect kind
def recruited_state(names_by_seat, cities=("Olympia", "Giza", "Rhodes"), sides="A"):
    """Age I turn 1, the named leaders recruited (paid) by each seat."""
    fillers = iter(["Sappho", "Zenobia", "Nefertiti"])
    hands = [list(names) or [next(fillers)] for names in names_by_seat]
    state = recruitment(list(cities), [[hand[0]] for hand in hands], sides=sides)
    play(state, {s: (recruit if names_by_seat[s] else discard)(hands[s][0]) for s in range(len(cities))})
    for seat, names in enumerate(names_by_seat):
        for name in names[1:]:
            leaders._recruit(state, seat, lid(name))
    state.clear_caches()
    return state


def test_shields_and_science_of_leaders():
    state = recruited_state([["Caesar", "Hannibal"], ["Euclid", "Ptolemy", "Pythagoras"], []])
    assert state.shields[0] == 3 and state.science[1].tolist() == [1, 1, 1, 0]
    assert score_breakdown(state, 1)["science"] == 10 and score_breakdown(state, 1)["leaders"] == 0


def test_aristotle_makes_a_science_set_worth_ten():
    state = recruited_state([["Euclid", "Ptolemy", "Pythagoras", "Aristotle"], [], []])
    assert score_breakdown(state, 0)["science"] == 3 + 10


def test_solomon_builds_from_the_discard_pile_and_finds_nothing_in_age_one():
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Solomon", "Sappho"], ["Nero"], ["Caesar"]])
    play(state, {0: recruit("Solomon"), 1: discard("Nero"), 2: discard("Caesar")})
    assert state.phase == Phase.MAIN and state.coins[0] == 3  # empty discard pile: nothing
    state.discard = [physical("Baths")]
    state.leader_hands[0] = [lid("Zenobia")]
    state.copied_leader[0] = -1
    state.recruited[0] = []
    state.leader_hands[1:] = [[lid("Solomon")], [lid("Nefertiti")]]
    leaders.start_recruitment(state, 2)
    play(state, {0: discard("Zenobia"), 1: recruit("Solomon"), 2: discard("Nefertiti")})
    assert state.phase == Phase.DISCARD_BUILD and rules.acting_seats(state) == [1]
    play(state, {1: card_action(ActionKind.DISCARD_BUILD, "Baths")})
    assert DB.type_of("Baths") in [DB.cards[c].type for c in state.built[1]]
    assert state.phase == Phase.MAIN and state.age == 2 and len(state.hands[0]) == 7


def test_resource_discounts_archimedes_and_imhotep():
    state = recruited_state([["Archimedes", "Imhotep"], [], []])
    main_turn(state, [["Library", "Altar"], ["Baths"], ["Theater"]])  # Library: S S L; no loom around
    assert card_action(ActionKind.BUILD, "Library") not in legal(state, 0)  # Giza's S, 1 off: still S or L short
    give(state, 0, "Stone Pit")
    assert rules.build_payment(state, 0, DB.type_of("Library")) == (0, 0, 2)  # S own, S from Giza, L off
    give(state, 0, "Loom")  # S + L, the second S is the discount
    assert card_action(ActionKind.BUILD, "Library") in legal(state, 0)
    assert rules.build_payment(state, 0, DB.type_of("Library")) == (0, 0, 0)
    assert rules.stage_payment(state, 0) == (0, 0, 0)  # Olympia A stage 1: W W, one from the board, one off
    assert rules.stage_payment(state, 2) is None


def test_bilkis_buys_one_unit_from_the_bank_once_per_payment():
    state = recruited_state([["Bilkis"], [], []])
    main_turn(state, [["Scriptorium", "Library"], ["Baths"], ["Theater"]])  # P: nobody produces papyrus
    assert rules.build_payment(state, 0, DB.type_of("Scriptorium")) == (1, 0, 0)
    assert card_action(ActionKind.BUILD, "Library") not in legal(state, 0)  # S S L: one unit from the bank only
    coins = state.coins[0]
    play(state, {0: card_action(ActionKind.BUILD, "Scriptorium"), 1: card_action(ActionKind.SELL, "Baths"),
                 2: card_action(ActionKind.SELL, "Theater")})
    assert state.coins[0] == coins - 1 and state.log[-3]["paid"] == {"left": 0, "right": 0, "bank": 1}


def test_bilkis_payment_front_keeps_one_way_per_coins_to_the_left():
    front = leaders.payment_front({(0, 2, 0), (0, 1, 1), (2, 0, 0), (1, 0, 1), (2, 2, 0), (4, 0, 0)})
    assert front == ((0, 1, 1), (1, 0, 1))  # the bank's coin replaces a neighbour's
    assert leaders.payment_front({(0, 2, 0), (2, 0, 0), (0, 4, 0)}) == ((0, 2, 0), (2, 0, 0))  # as the base


def test_hatshepsut_takes_a_coin_per_neighbour_bought_from():
    state = recruited_state([["Hatshepsut"], [], []])
    give(state, 1, "Stone Pit")
    give(state, 2, "Loom")  # seat 0's right is seat 1 (stone), left is seat 2 (loom)
    give(state, 0, "Stone Pit")
    main_turn(state, [["Library"], ["Baths"], ["Theater"]])
    coins = state.coins[0]
    play(state, {0: card_action(ActionKind.BUILD, "Library"), 1: card_action(ActionKind.SELL, "Baths"),
                 2: card_action(ActionKind.SELL, "Theater")})
    assert state.coins[0] == coins - 4 + 2


def test_vitruvius_and_xenophon_coins():
    state = recruited_state([["Vitruvius", "Xenophon"], [], []])
    give(state, 0, "Altar")
    main_turn(state, [["Temple"], ["Baths"], ["Theater"]])
    coins = state.coins[0]
    play(state, {0: card_action(ActionKind.BUILD, "Temple"), 1: card_action(ActionKind.SELL, "Baths"),
                 2: card_action(ActionKind.SELL, "Theater")})
    assert state.coins[0] == coins + 2  # free through the Altar chain
    state.hands = [[physical("Tavern")], [physical("Stockade")], [physical("Barracks")]]
    state.clear_caches()
    play(state, {0: card_action(ActionKind.BUILD, "Tavern"), 1: card_action(ActionKind.SELL, "Stockade"),
                 2: card_action(ActionKind.SELL, "Barracks")})
    assert state.coins[0] == coins + 2 + 5 + 2


def test_nero_and_tomyris_at_a_conflict():
    state = recruited_state([["Nero"], ["Tomyris"], []])
    state.shields = [2, 0, 1]  # 0 beats 1 and 2; 2 beats 1
    coins = list(state.coins)
    rules._military(state)
    assert state.coins[0] == coins[0] + 4
    assert sorted(state.military_tokens[0]) == [-1, 1, 1]  # Tomyris's defeat goes to its victor
    assert state.military_tokens[1] == [] and sorted(state.military_tokens[2]) == [-1, -1, 1]


def test_ramses_builds_guilds_for_free():
    state = recruited_state([["Ramses"], [], []])
    main_turn(state, [["Builders Guild"], ["Baths"], ["Theater"]])
    assert rules.build_payment(state, 0, DB.type_of("Builders Guild")) == (0, 0, 0)
    assert card_action(ActionKind.BUILD, "Builders Guild") in legal(state, 0)


def test_end_vp_leaders():
    state = recruited_state([["Justinian", "Plato", "Alexander", "Amytis", "Hiram"], [], []])
    give(state, 0, "Baths", "Stockade", "Apothecary", "Altar", "Barracks", "Lumber Yard", "Glassworks", "Tavern")
    give(state, 0, "Workshop", "Gamers Guild")
    place_stage(state, 0, physical("Theater"))
    state.military_tokens[0] = [1, 3, -1]
    # Justinian 2 sets x3, Plato 1 set x7, Alexander 2 tokens, Amytis 1 stage x2, Hiram 1 purple x2
    assert score_breakdown(state, 0)["leaders"] == 6 + 7 + 2 + 2 + 2


def test_diplomats_count_recruited_neighbour_leaders_not_those_under_stages():
    state = recruited_state([[], ["Nero", "Sappho"], ["Caesar"]])
    state.stage_leaders[2] = [lid("Zenobia")]
    give(state, 0, "Diplomats Guild")
    assert score_breakdown(state, 0)["guilds"] == 3


def test_roma_b_stage_one_draws_four_leaders_and_stages_two_three_recruit_at_once():
    state = recruitment(["Roma", "Giza", "Rhodes"], [["Sappho", "Nero", "Croesus"], ["Zenobia"], ["Caesar"]],
                        sides="B")
    give(state, 0, "Lumber Yard", "Clay Pool")  # stage 1: W C
    deck = list(state.leader_deck)
    play(state, {0: stage_with("Sappho"), 1: discard("Zenobia"), 2: discard("Caesar")})
    assert state.leader_hands[0] == [lid("Nero"), lid("Croesus")] + deck[:4] and state.leader_deck == deck[4:]
    assert state.coins[0] == 6 + 5
    give(state, 0, "Stone Pit", "Loom")  # stage 2: S C L
    main_turn(state, [["Baths"], ["Altar"], ["Theater"]])
    play(state, {0: card_action(ActionKind.WONDER, "Baths"), 1: card_action(ActionKind.SELL, "Altar"),
                 2: card_action(ActionKind.SELL, "Theater")})
    assert state.phase == Phase.RECRUIT_NOW and rules.acting_seats(state) == [0]
    hand = state.leader_hands[0]
    assert legal(state, 0) == {encode_leader_action(ActionKind.RECRUIT, leader, T, "cheapest", L) for leader in hand
                               if leaders.recruit_price(state, 0, leader) <= state.coins[0]}
    coins = state.coins[0]
    play(state, {0: recruit("Croesus")})
    assert state.coins[0] == coins + 6 and state.recruited[0] == [lid("Croesus")]  # Croesus's 1 - 2: free
    assert state.phase == Phase.MAIN and state.turn == 2
    assert score_breakdown(state, 0)["wonder"] == 3


def test_a_halicarnassus_stage_built_with_a_leader_builds_from_the_discard_pile():
    """A leader tucked under a stage builds the stage as an Age card would: its pick from the
    discard pile comes before the Age is dealt (as Solomon's)."""
    state = recruitment(["Halicarnassus", "Giza", "Rhodes"], [["Sappho"], ["Nero"], ["Caesar"]], sides="B")
    play(state, {0: discard("Sappho"), 1: discard("Nero"), 2: discard("Caesar")})
    state.discard = [physical("Baths")]
    state.leader_hands = [[lid("Zenobia")], [lid("Nefertiti")], [lid("Hannibal")]]
    leaders.start_recruitment(state, 2)
    give(state, 0, "Ore Vein")
    assert rules.stage_payment(state, 0) == (0, 2, 0)  # stage 1: O O, one from Rhodes
    play(state, {0: stage_with("Zenobia"), 1: discard("Nefertiti"), 2: discard("Hannibal")})
    assert state.stages_built[0] == 1 and state.stage_leaders[0] == [lid("Zenobia")]
    assert state.phase == Phase.DISCARD_BUILD and rules.acting_seats(state) == [0]
    play(state, {0: card_action(ActionKind.DISCARD_BUILD, "Baths")})
    assert DB.type_of("Baths") in [DB.cards[c].type for c in state.built[0]] and state.discard == []
    assert state.phase == Phase.MAIN and state.age == 2 and len(state.hands[0]) == 7


def test_hatshepsut_takes_one_coin_per_neighbour_however_many_units_it_sells():
    state = recruited_state([["Hatshepsut"], [], []])
    give(state, 1, "Stone Pit")  # Giza, seat 0's right: S S
    give(state, 0, "Loom")
    main_turn(state, [["Library"], ["Baths"], ["Theater"]])  # S S L: both S from the right
    coins = state.coins[0]
    play(state, {0: card_action(ActionKind.BUILD, "Library"), 1: card_action(ActionKind.SELL, "Baths"),
                 2: card_action(ActionKind.SELL, "Theater")})
    assert state.log[-3]["paid"] == {"left": 0, "right": 4, "bank": 0} and state.coins[0] == coins - 4 + 1


def test_xenophon_pays_for_a_yellow_card_built_from_the_discard_pile():
    """Xenophon counts every yellow card built from now on, Solomon's pick from the discard pile too."""
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Xenophon"], ["Nero"], ["Caesar"]])
    play(state, {0: recruit("Xenophon"), 1: discard("Nero"), 2: discard("Caesar")})
    state.discard = [physical("Tavern")]
    state.leader_hands = [[lid("Solomon")], [lid("Sappho")], [lid("Zenobia")]]
    leaders.start_recruitment(state, 2)
    play(state, {0: recruit("Solomon"), 1: discard("Sappho"), 2: discard("Zenobia")})
    assert state.coins[0] == 6 - 2 - 3
    play(state, {0: card_action(ActionKind.DISCARD_BUILD, "Tavern")})
    assert state.coins[0] == 1 + 5 + 2


def test_roma_b_stage_two_recruits_at_the_owners_price_two_coins_less_not_four():
    """Decision 17: Roma B's stage recruit costs the leader's price less Roma B's 2 (Pericles: 4)."""
    state = recruitment(["Roma", "Giza", "Rhodes"], [["Sappho", "Pericles"], ["Zenobia"], ["Caesar"]], sides="B")
    play(state, {0: discard("Sappho"), 1: discard("Zenobia"), 2: discard("Caesar")})
    place_stage(state, 0, physical("Pawnshop"))  # stage 1, built earlier
    give(state, 0, "Stone Pit", "Clay Pool", "Loom")  # stage 2: S C L
    main_turn(state, [["Baths"], ["Altar"], ["Theater"]])
    state.coins[0] = 4
    play(state, {0: card_action(ActionKind.WONDER, "Baths"), 1: card_action(ActionKind.SELL, "Altar"),
                 2: card_action(ActionKind.SELL, "Theater")})
    assert state.phase == Phase.RECRUIT_NOW and legal(state, 0) == {recruit("Pericles")}
    play(state, {0: recruit("Pericles")})
    assert state.coins[0] == 0 and state.recruited[0] == [lid("Pericles")] and state.log[-1]["paid"]["bank"] == 4


def test_a_courtesans_copy_on_the_last_turn_of_an_age_comes_before_its_conflicts():
    """The end of an Age: the leftover cards, then the Courtesans' copy, then the conflicts."""
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Nero"], ["Caesar"], ["Croesus"]])
    play(state, {0: discard("Nero"), 1: recruit("Caesar"), 2: discard("Croesus")})
    give(state, 0, "Clay Pool", "Glassworks", "Loom")
    main_turn(state, [["Courtesans Guild", "Baths"], ["Altar", "Tavern"], ["Theater", "Pawnshop"]])
    state.turn = 6
    play(state, {0: card_action(ActionKind.BUILD, "Courtesans Guild"), 1: card_action(ActionKind.SELL, "Altar"),
                 2: card_action(ActionKind.SELL, "Theater")})
    assert state.phase == Phase.COPY_LEADER and state.hands == [[], [], []]  # the leftovers discarded first
    play(state, {0: copy("Caesar")})
    assert list(state.shields) == [2, 2, 0]
    assert state.military_tokens[0] == [1] and state.military_tokens[1] == [1] and state.military_tokens[2] == [-1, -1]
    assert state.age == 2


def test_a_seat_sees_how_many_leaders_lie_under_other_stages_and_in_their_discards_not_which():
    from wonders_env.seven_wonders.observation import Observer

    observer = Observer(DB)
    state = recruitment(["Olympia", "Giza", "Rhodes"], [["Sappho", "Hiram"], ["Zenobia", "Midas"], ["Caesar", "Nero"]])
    give(state, 1, "Stone Pit")  # Giza A stage 1: S S
    play(state, {0: recruit("Sappho"), 1: stage_with("Zenobia"), 2: discard("Caesar")})
    assert state.stage_leaders[1] == [lid("Zenobia")] and state.leader_discards[2] == [lid("Caesar")]
    seen = [observer.encode(state, seat) for seat in range(3)]
    unused = state.leader_deck[:2]
    state.leader_deck[:2] = [lid("Zenobia"), lid("Caesar")]
    state.stage_leaders[1], state.leader_discards[2] = [unused[0]], [unused[1]]
    state.clear_caches()
    np.testing.assert_array_equal(observer.encode(state, 0), seen[0])
    assert not np.array_equal(observer.encode(state, 1), seen[1])  # each sees its own
    assert not np.array_equal(observer.encode(state, 2), seen[2])
    state.leader_discards[2] = []  # the counts are public
    state.clear_caches()
    assert not np.array_equal(observer.encode(state, 0), seen[0])


def brute_force_ways(state, city, cost, discount_units, bank_price):
    """Every way to pay ``cost`` restated from the rules: drop any ``discount_units`` units, buy
    at most one more unit from the bank, pay the rest with the slow enumeration of :mod:`.costs`;
    keep the ways no other pays no more to each neighbour and no more in all, the cheapest per
    coins to the left."""
    from itertools import combinations

    from wonders_env.seven_wonders.costs import payment_options_reference

    units = [resource for resource, count in cost for _ in range(count)]
    left, right = state.left_of(city), state.right_of(city)
    ways = set()
    for dropped in combinations(range(len(units)), min(discount_units, len(units))):
        rest = [u for i, u in enumerate(units) if i not in dropped]
        for banked in [None] + (list(range(len(rest))) if bank_price is not None else []):
            paid = [u for i, u in enumerate(rest) if i != banked]
            items = tuple((r, paid.count(r)) for r in sorted(set(paid)))
            for to_left, to_right in payment_options_reference(
                    items, state.own_fixed[city], state.own_choices[city],
                    (state.sell_fixed[left], state.sell_choices[left]),
                    (state.sell_fixed[right], state.sell_choices[right]),
                    state.cheap_left[city], state.cheap_right[city]):
                ways.add((to_left, to_right, 0 if banked is None else bank_price))
    kept = [w for w in ways if not any(o != w and o[0] <= w[0] and o[1] <= w[1] and sum(o) <= sum(w) for o in ways)]
    return sorted(min((w for w in kept if w[0] == to_left), key=lambda w: (sum(w), w[1]))
                  for to_left in {w[0] for w in kept})


@pytest.mark.parametrize("leader_names, target_color", [
    (["Bilkis"], 1), (["Archimedes"], 5), (["Archimedes", "Bilkis"], 5), (["Imhotep", "Bilkis"], None)])
def test_leader_payments_equal_a_brute_force_enumeration(leader_names, target_color):
    rng = np.random.default_rng(0)
    checked = 0
    for seed in range(12):
        state = new_game(3, seed=seed, expansions=LEADERS)
        while state.phase != Phase.GAME_OVER and state.age < 2 + seed % 2:
            rules.apply_actions(state, {s: int(rng.choice(np.flatnonzero(rules.legal_action_mask(state, s))))
                                        for s in rules.acting_seats(state)})
        state.recruited[0] = [lid(name) for name in leader_names]
        state.copied_leader[0] = -1
        state.clear_caches()
        costs = [DB.cost_items[t] for t in range(T) if sum(DB.types[t].resource_cost) <= 4 and DB.types[t].color in (
            target_color, 0, 1, 2, 5) and sum(DB.types[t].resource_cost)]
        target = target_color if target_color is not None else leaders.COUNT_WONDER_STAGE
        discount = 1 if any(name in ("Archimedes", "Imhotep") for name in leader_names) else 0
        bank = 1 if "Bilkis" in leader_names else None
        for cost in costs[seed::6]:
            found = sorted(way + (0,) * (3 - len(way)) for way in leaders.buy_options(state, 0, cost, target))
            assert found == brute_force_ways(state, 0, cost, discount, bank), cost
            checked += 1
    assert checked > 20
