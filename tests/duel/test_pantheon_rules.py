"""The rules of Pantheon (``wonders_env.duel.pantheon``), one scenario per rule and per worked
example built from the reference facts: setup, tokens, the reveal, activation and its prices,
every divinity with its choices, the Divine Theater, Grand Temples, the new progress tokens."""

import numpy as np
import pytest
from duel_scenarios import give, on_top, place
from pantheon_scenarios import (ACTS, DB, DIVINITY, TABLES, activate, activate_action, build_wonder, choosable,
                                choose, give_pantheon_tokens, give_token, mythology_token, offering, pantheon_game,
                                place_card, put_in_space, set_deck, track)

from wonders_env.duel import pantheon, presentation, rules
from wonders_env.duel.actions import ActionKind, Item
from wonders_env.duel.cards import MYTHOLOGIES
from wonders_env.duel.determinize import determinize
from wonders_env.duel.observation import encode_observation
from wonders_env.duel.record import game_record, recorded_actions
from wonders_env.duel.render import render_structure
from wonders_env.duel.rules import IllegalActionError, apply_action, legal_actions, why_illegal
from wonders_env.duel.scoring import score_breakdown
from wonders_env.duel.state import EMPTY, PANTHEON_CHOICES, Choice, Phase, new_game, start_age

CARD, WONDER = DB.card_ids, DB.wonder_ids


# ---------------------------------------------------------------------------------- setup
def test_the_setup_deals_decks_tokens_and_grand_temples():
    for seed in range(20):
        state = new_game(seed, DB)
        pantheon_state = state.pantheon
        assert [sorted(deck) for deck in pantheon_state.decks] == [sorted(deck) for deck in TABLES.decks]
        age1, age2, age3 = pantheon_state.age_tokens
        assert len(age1) == 5 and set(age1) <= set(TABLES.mythology_tokens) and len(set(age1)) == 5
        assert sorted(age2) == sorted(TABLES.offering_tokens) and age3 == []
        assert pantheon_state.spaces == [EMPTY] * 6
        age3_deal = state.deals[2]
        assert sum(1 for c in age3_deal if DB.card_temple[c] != -1) == 3
        assert not any(DB.cards[c].deck == 3 for c in age3_deal + state.boxed[2])  # no Guild in the game
        assert sum(1 for c in state.boxed[2] if DB.card_temple[c] != -1) == 2
        assert len(age3_deal) == 20 and sum(1 for c in state.boxed[2] if DB.card_temple[c] == -1) == 3
        assert len(state.wonder_order) == 14 and len(state.token_order) == 13


def test_the_age_i_tokens_lie_on_their_slots_and_the_age_ii_offerings_on_theirs():
    state = pantheon_game(age=1)
    tokens = state.pantheon.slot_tokens
    assert [s for s, t in enumerate(tokens) if t != EMPTY] == [2, 4, 9, 11, 13]
    assert [tokens[s] for s in (2, 4, 9, 11, 13)] == state.pantheon.age_tokens[0]
    start_age(state, 2)
    assert [s for s, t in enumerate(state.pantheon.slot_tokens) if t != EMPTY] == [6, 8, 10]
    start_age(state, 3)
    assert state.pantheon.slot_tokens == [EMPTY] * 20


def test_a_base_game_has_no_pantheon():
    assert new_game(0).pantheon is None


# --------------------------------------------------------------------------- taking tokens
def test_a_mythology_token_draws_two_divinities_and_places_one_face_down():
    state = pantheon_game(age=1)
    token = state.pantheon.slot_tokens[2]
    mythology = TABLES.tokens[token].mythology
    deck = list(state.pantheon.decks[mythology])
    coverers = DB.layouts[0].covered_by[2]
    # take the cards covering slot 2 by selling them, one per turn
    for turn, slot in enumerate(coverers):
        state.cover_count = [0 if s in coverers else c for s, c in enumerate(state.cover_count)]
        state.current = state.turn_player = turn % 2
        apply_action(state, ACTS.encode(ActionKind.SELL, state.slot_card[slot]))
    player = (len(coverers) - 1) % 2  # the one whose turn turned the card up
    assert state.phase == Phase.CHOOSE and state.current == player
    assert state.pantheon.choice == Choice.PLACE_DIVINITY
    assert choosable(state, Item.DIVINITY) == sorted(deck[:2])
    assert token in state.pantheon.tokens[player] and state.pantheon.slot_tokens[2] == EMPTY
    kept, back = deck[1], deck[0]
    choose(state, Item.DIVINITY, kept)
    assert state.pantheon.decks[mythology] == [back] + deck[2:]  # the other back on top
    assert choosable(state, Item.SPACE) == list(range(6))
    choose(state, Item.SPACE, 4)
    assert state.pantheon.spaces[4] == kept and state.pantheon.placed_by[4] == player
    assert not state.pantheon.space_face_up[4]
    assert state.phase == Phase.PLAY and state.current == 1 - player


def test_the_token_is_taken_after_the_progress_choice_of_the_same_turn():
    state = pantheon_game(age=1)
    state.pantheon.pending_tokens = [mythology_token("Greek")]
    state.pending_progress = True
    state.board_tokens = 1
    rules.end_turn(state)
    assert state.phase == Phase.PROGRESS
    apply_action(state, ACTS.encode(ActionKind.PROGRESS, 0))
    assert state.phase == Phase.CHOOSE and state.pantheon.choice == Choice.PLACE_DIVINITY


def test_an_offering_token_is_kept_for_later():
    state = pantheon_game(age=2)
    state.pantheon.pending_tokens = [offering(3)]
    rules.end_turn(state)
    assert state.pantheon.tokens[0] == [offering(3)] and state.phase == Phase.PLAY and state.current == 1


# ------------------------------------------------------------------------------ the reveal
def test_the_age_ii_reveal_puts_the_gate_in_the_empty_space_and_turns_everything_up():
    state = pantheon_game(age=1)
    for space, name in enumerate(("Tanit", "Zeus", "Mars", "Isis", "Enki", None)):
        if name:
            put_in_space(state, name, space)
    state.cards_left = 0
    rules.end_turn(state)
    assert state.age == 2 and state.pantheon.spaces[5] == TABLES.gate
    assert state.pantheon.space_face_up == [True] * 6
    assert state.pantheon.enki_tokens == state.token_order[-2:]


def test_the_gate_goes_to_the_lowest_empty_space_when_several_are_empty():
    """README decision 3."""
    state = pantheon_game(age=1)
    put_in_space(state, "Tanit", 0)
    state.cards_left = 0
    rules.end_turn(state)
    assert state.pantheon.spaces[:3] == [DIVINITY["Tanit"], TABLES.gate, EMPTY]
    assert state.pantheon.space_face_up == [True, True, False, False, False, False]


# ------------------------------------------------------------------------------ activation
def test_prices_mirror_between_the_players():
    state = pantheon_game(age=2, coins=(20, 20))
    for space in range(6):
        put_in_space(state, ("Tanit", "Zeus", "Mars", "Isis", "Anubis", "Ra")[space], space)
    assert [pantheon.activation_price(state, 0, s, 0) for s in range(6)] == [8, 7, 6, 5, 4, 3]
    assert [pantheon.activation_price(state, 1, s, 0) for s in range(6)] == [3, 4, 5, 6, 7, 8]


def test_no_activation_in_age_i_and_not_beyond_the_coins():
    state = pantheon_game(age=1, spaces={"Tanit": 5})
    state.pantheon.space_face_up[5] = True
    assert not any(ACTS.decode(a)[0] is ActionKind.ACTIVATE for a in legal_actions(state))
    assert "opens in Age 2" in why_illegal(state, activate_action(state, "Tanit"))
    state = pantheon_game(age=2, coins=(2, 7), spaces={"Tanit": 5})
    assert "costs 3 coins and the player has 2" in why_illegal(state, activate_action(state, "Tanit"))
    state.coins[0] = 3
    assert activate_action(state, "Tanit") in legal_actions(state)


def test_a_gate_activation_with_the_sanctuary_and_two_offerings():
    """The Gate on player 0's dearest space: 2 x 8 = 16, -2 (the Sanctuary), -2 and -3 (offerings): 9."""
    wonders = (("The Sanctuary", "The Pyramids", "The Temple of Artemis", "The Statue of Zeus"),
               ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"))
    state = pantheon_game(age=2, wonders=wonders, coins=(9, 7), spaces={"Gate": 0})
    build_wonder(state, "The Sanctuary")
    give_pantheon_tokens(state, 0, offering(2), offering(3), offering(4))
    set_deck(state, "Phoenician", "Tanit", "Baal")
    set_deck(state, "Greek", "Zeus")
    for mythology in ("Mesopotamian", "Egyptian", "Roman"):
        set_deck(state, mythology)
    assert pantheon.activation_price(state, 0, 0, 0b011) == 9
    assert activate_action(state, "Gate", (2, 3)) in legal_actions(state)
    assert activate_action(state, "Gate", (2,)) not in legal_actions(state)  # 11 > 9 coins
    activate(state, "Gate", (2, 3))
    assert state.coins[0] == 0 and state.pantheon.tokens[0] == [offering(4)]
    assert state.pantheon.spaces[0] == EMPTY and state.log[-1][2] == 9
    assert state.pantheon.choice == Choice.GATE_DIVINITY
    assert choosable(state, Item.DIVINITY) == sorted([DIVINITY["Tanit"], DIVINITY["Zeus"]])
    choose(state, Item.DIVINITY, "Tanit")
    assert state.coins[0] == 12 and state.pantheon.decks[1] == [DIVINITY["Baal"]]
    assert state.pantheon.decks[2] == [DIVINITY["Zeus"]]  # the other revealed one stays on its deck
    assert state.pantheon.activated[0] == [TABLES.gate, DIVINITY["Tanit"]]
    assert state.phase == Phase.PLAY and state.current == 1


def test_offerings_never_bring_the_price_below_zero_and_give_no_change():
    state = pantheon_game(age=2, coins=(0, 0), spaces={"Tanit": 5})
    give_pantheon_tokens(state, 0, offering(4))
    assert pantheon.activation_price(state, 0, 5, 0b100) == 0
    activate(state, "Tanit", (4,))
    assert state.coins[0] == 12 and state.pantheon.tokens[0] == []


def test_an_offering_not_owned_is_refused():
    state = pantheon_game(age=2, spaces={"Tanit": 5})
    assert why_illegal(state, activate_action(state, "Tanit", (2,))) == (
        "the player does not own every offering token it names")
    with pytest.raises(IllegalActionError):
        activate(state, "Tanit", (2,))


# ------------------------------------------------------------------------------ divinities
def test_tanit_aphrodite_and_mars():
    state = pantheon_game(age=2, coins=(20, 7), spaces={"Tanit": 5, "Aphrodite": 4, "Mars": 3})
    give(state, 0, "Stable")  # a red card: Strategy's bonus is for red cards only
    give_token(state, 0, "Strategy")
    activate(state, "Mars")
    assert state.pawn == 2
    state.current = state.turn_player = 0
    activate(state, "Aphrodite")
    assert score_breakdown(state, 0)["divinities"] == 9
    state.current = state.turn_player = 0
    coins = state.coins[0]
    activate(state, "Tanit")
    assert state.coins[0] == coins - 3 + 12


def test_zeus_takes_the_token_of_the_card_it_discards():
    """README decision 1: the offering token on the discarded card goes to the Zeus player."""
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Zeus": 5})
    token = state.pantheon.slot_tokens[6]
    card = state.slot_card[6]
    activate(state, "Zeus")
    assert state.pantheon.choice == Choice.ZEUS_CARD
    assert choosable(state, Item.SLOT) == list(range(20)) and choosable(state, Item.CARD) == []
    choose(state, Item.SLOT, 6)
    assert card in state.discard and state.slot_card[6] == EMPTY and state.cards_left == 19
    assert state.pantheon.tokens[0] == [token] and state.pantheon.slot_tokens[6] == EMPTY
    assert state.phase == Phase.PLAY and state.current == 1


def test_zeus_on_a_mythology_token_lets_the_player_place_a_divinity():
    """Zeus through the Divine Theater in Age I (README decisions 1 and 2)."""
    state = pantheon_game(age=1)
    token = state.pantheon.slot_tokens[2]
    pantheon.activate_divinity(state, 0, DIVINITY["Zeus"])
    choose(state, Item.SLOT, 2)
    assert state.pantheon.choice == Choice.PLACE_DIVINITY and token in state.pantheon.tokens[0]


def test_zeus_chooses_any_occupied_slot_and_its_reasons_name_the_slot():
    """Zeus discards any card of the structure (face up or down, accessible or not), chosen by its slot."""
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Zeus": 5})
    apply_action(state, ACTS.encode(ActionKind.SELL, state.slot_card[19]))  # slot 19 empties
    state.current = state.turn_player = 0
    covered_face_up = next(s for s in range(20) if state.face_up[s] and state.cover_count[s])
    activate(state, "Zeus")
    assert choosable(state, Item.SLOT) == list(range(19))
    assert sorted(rules.legal_actions_reference(state)) == sorted(legal_actions(state))
    assert why_illegal(state, ACTS.item(Item.SLOT, 19)) == "slot 20 is not in the set chosen from now (zeus_card)"
    card = state.slot_card[covered_face_up]
    choose(state, Item.SLOT, covered_face_up)
    assert state.discard[-1] == card and state.slot_card[covered_face_up] == EMPTY


def test_a_determinization_during_zeus_choice_keeps_every_slot_playable():
    """The slots of Zeus's set stay the set when the face-down cards are redrawn (card ids would not)."""
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Zeus": 5})
    activate(state, "Zeus")
    for seed in range(3):
        twin = determinize(state, 0, np.random.default_rng(seed))
        assert legal_actions(twin) == legal_actions(state)
        for action in legal_actions(twin):
            copy = twin.clone()
            apply_action(copy, action)
            assert len(copy.discard) == len(state.discard) + 1


def test_zeus_moves_name_a_face_down_card_by_its_slot_and_the_record_names_it_once_discarded():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Zeus": 5})
    activate(state, "Zeus")
    hidden, shown = 6, 0
    assert not state.face_up[hidden] and state.face_up[shown]
    assert presentation.move_text(state, 0, ACTS.item(Item.SLOT, hidden)) == \
        "Discard the face-down Age II card of slot 7 with Zeus"
    assert presentation.move_text(state, 0, ACTS.item(Item.SLOT, shown)) == \
        f"Discard {DB.cards[state.slot_card[shown]].name} with Zeus"
    structure = "\n".join(render_structure(state))
    assert " 7[   Age II   ]" in structure and DB.cards[state.slot_card[hidden]].name not in structure
    card = DB.cards[state.slot_card[hidden]].name
    choose(state, Item.SLOT, hidden)
    assert "7[" not in "\n".join(render_structure(state))  # numbered only while Zeus chooses
    record = game_record(state)
    entry = record["actions"][-1]
    assert entry == {"agent": "player_0", "kind": "choose", "card": card, "paid": 0, "item": "slot 7",
                     "item_kind": "slot", "set": "zeus_card"}
    assert presentation.entry_text(entry, None) == f"player_0 discarded {card} from slot 7 of the structure (Zeus)"
    assert recorded_actions(record, DB)[-1] == ACTS.item(Item.SLOT, hidden)


def test_anubis_unbuilds_a_wonder_and_its_owner_builds_it_again():
    state = pantheon_game(age=2, coins=(20, 20), spaces={"Anubis": 5})
    state.wonder_built[WONDER["Piraeus"]] = True
    state.wonder_card[WONDER["Piraeus"]] = CARD["Baths"]
    state.wonders_built = 1
    rules.add_choice(state, 1, DB.wonder_choice[WONDER["Piraeus"]])
    assert score_breakdown(state, 1)["wonders"] == 2
    activate(state, "Anubis")
    assert choosable(state, Item.WONDER) == [WONDER["Piraeus"]]
    choose(state, Item.WONDER, "Piraeus")
    assert not state.wonder_built[WONDER["Piraeus"]] and state.wonders_built == 0
    assert CARD["Baths"] in state.discard and state.manufactured_choices[1] == 0
    assert score_breakdown(state, 1)["wonders"] == 0
    assert state.current == 1
    card = state.slot_card[on_top(state, "Aqueduct")[0]]
    apply_action(state, ACTS.encode(ActionKind.WONDER, card, WONDER["Piraeus"]))
    assert state.wonder_built[WONDER["Piraeus"]] and state.manufactured_choices[1] == 1


def test_baal_takes_a_brown_or_grey_card():
    state = pantheon_game(age=2, coins=(20, 7), spaces={"Baal": 5})
    give(state, 1, "Lumber Yard", "Glassworks", "Scriptorium")
    activate(state, "Baal")
    assert choosable(state, Item.CARD) == sorted([CARD["Lumber Yard"], CARD["Glassworks"]])
    choose(state, Item.CARD, "Glassworks")
    assert CARD["Glassworks"] in state.city[0] and CARD["Glassworks"] not in state.city[1]
    assert state.production[0][3] == 1 and state.production[1][3] == 0


def test_hades_builds_a_discarded_card_for_free():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Hades": 5})
    state.discard = [CARD["Stable"]]
    activate(state, "Hades")
    choose(state, Item.CARD, "Stable")
    assert state.discard == [] and CARD["Stable"] in state.city[0] and state.pawn == 1


def test_isis_builds_an_own_wonder_with_a_discarded_card():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Isis": 5})
    state.discard = [CARD["Stable"]]
    activate(state, "Isis")
    choose(state, Item.CARD, "Stable")
    assert choosable(state, Item.WONDER) == sorted(state.player_wonders[0])
    choose(state, Item.WONDER, "The Pyramids")
    assert state.wonder_built[WONDER["The Pyramids"]] and state.wonder_card[WONDER["The Pyramids"]] == CARD["Stable"]
    assert state.discard == [] and score_breakdown(state, 0)["wonders"] == 9


def test_ra_takes_an_unbuilt_wonder_of_the_opponent():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Ra": 5})
    build_wonder(state, "Piraeus")
    activate(state, "Ra")
    assert WONDER["Piraeus"] not in choosable(state, Item.WONDER)
    choose(state, Item.WONDER, "The Colossus")
    assert WONDER["The Colossus"] in state.player_wonders[0] and WONDER["The Colossus"] not in state.player_wonders[1]


def test_minerva_stops_the_conflict_pawn_once():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Minerva": 5})
    activate(state, "Minerva")
    assert choosable(state, Item.TRACK) == list(range(19))  # the capitals too (README decision 6)
    choose(state, Item.TRACK, track(3))
    rules.move_pawn(state, 0, 5)
    assert state.pawn == 2 and state.pantheon.minerva is None
    rules.move_pawn(state, 0, 5)
    assert state.pawn == 7


def test_minerva_on_a_capital_prevents_a_military_supremacy():
    state = pantheon_game(age=2)
    state.pantheon.minerva = 9
    rules.move_pawn(state, 0, 9)
    assert state.pawn == 8 and state.phase != Phase.GAME_OVER


def test_neptune_discards_one_military_token_and_applies_another():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Neptune": 5})
    activate(state, "Neptune")
    assert choosable(state, Item.MILITARY_TOKEN) == [0, 1, 2, 3]
    choose(state, Item.MILITARY_TOKEN, 2)  # player 1's -2 token, discarded unapplied
    choose(state, Item.MILITARY_TOKEN, 3)  # player 1's -5 token, applied
    assert state.looting == [True, True, False, False] and state.coins[1] == 2


def test_neptune_with_no_military_token_left_does_nothing():
    """README decision 5."""
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Neptune": 5})
    state.looting = [False] * 4
    activate(state, "Neptune")
    assert state.phase == Phase.PLAY and state.current == 1


def test_nisaba_copies_a_green_symbol_and_makes_a_science_pair():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Nisaba": 5})
    give(state, 0, "Scriptorium")
    give(state, 1, "Library", "Apothecary")
    activate(state, "Nisaba")
    assert choosable(state, Item.CARD) == sorted([CARD["Library"], CARD["Apothecary"]])
    choose(state, Item.CARD, "Library")
    assert state.pantheon.snake == CARD["Library"] and state.science[0][5] == 2
    assert state.science[1][5] == 1  # the opponent keeps the symbol
    assert state.phase == Phase.PROGRESS and state.current == 0


def test_nisaba_with_no_green_card_to_copy_does_nothing():
    """README decision 4."""
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Nisaba": 5})
    activate(state, "Nisaba")
    assert state.phase == Phase.PLAY and DIVINITY["Nisaba"] in state.pantheon.activated[0]


def test_ishtar_gives_the_scales_which_pair_with_law():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Ishtar": 5})
    state.science[0][1] = 1  # Law's scales
    state.board_tokens = 1
    activate(state, "Ishtar")
    assert state.science[0][1] == 2 and state.phase == Phase.PROGRESS


def test_enki_keeps_one_of_its_two_tokens():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Enki": 5})
    state.pantheon.enki_tokens = state.token_order[-2:]
    first, second = state.token_order[-2:]
    activate(state, "Enki")
    assert choosable(state, Item.TOKEN) == sorted([first, second])
    choose(state, Item.TOKEN, second)
    assert state.player_tokens[0] == 1 << second and state.pantheon.enki_tokens == []


def test_astarte_coins_are_safe_from_coin_losses_spent_last_and_scored():
    """README decision 7."""
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Astarte": 5})
    activate(state, "Astarte")
    assert state.coins[0] == 7 and state.pantheon.astarte[0] == 7
    state.looting = [True] * 4
    rules.move_pawn(state, 1, 6)  # player 0 loses 2 and 5 treasury coins
    assert state.coins[0] == 0 and state.pantheon.astarte[0] == 7
    assert rules.spendable(state, 0) == 7
    rules.spend(state, 0, 3)
    assert state.pantheon.astarte[0] == 4
    state.coins[0] = 5
    breakdown = score_breakdown(state, 0)
    assert breakdown["divinities"] == 4 and breakdown["treasury"] == 1


def test_a_build_is_paid_from_the_treasury_first_then_from_astarte():
    state = pantheon_game(age=2, coins=(2, 7))
    state.pantheon.astarte[0] = 7
    on_top(state, "Barracks")  # 3 coins
    apply_action(state, ACTS.encode(ActionKind.BUILD, CARD["Barracks"]))
    assert state.coins[0] == 0 and state.pantheon.astarte[0] == 6


# ---------------------------------------------------------------------- the Divine Theater
def test_the_divine_theater_activates_a_divinity_and_puts_the_others_back_in_the_chosen_order():
    wonders = (("The Divine Theater", "The Pyramids", "The Temple of Artemis", "The Statue of Zeus"),
               ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"))
    state = pantheon_game(age=1, wonders=wonders, coins=(30, 7))
    set_deck(state, "Phoenician", "Astarte", "Baal", "Tanit")
    card = state.slot_card[on_top(state, "Stable")[0]]
    apply_action(state, ACTS.encode(ActionKind.WONDER, card, WONDER["The Divine Theater"]))
    assert state.pantheon.choice == Choice.THEATER_MYTHOLOGY
    choose(state, Item.MYTHOLOGY, "Phoenician")
    assert choosable(state, Item.DIVINITY) == sorted(DIVINITY[n] for n in ("Astarte", "Baal", "Tanit"))
    choose(state, Item.DIVINITY, "Tanit")
    assert state.pantheon.choice == Choice.THEATER_TOP
    coins = state.coins[0]
    choose(state, Item.DIVINITY, "Baal")
    assert state.pantheon.decks[1] == [DIVINITY["Baal"], DIVINITY["Astarte"]]
    assert state.coins[0] == coins + 12 and score_breakdown(state, 0)["wonders"] == 2


# ------------------------------------------------------------------ temples and progress
def test_a_grand_temple_is_free_with_its_mythology_token_and_scores_5_12_21():
    state = pantheon_game(age=3, coins=(0, 7))
    temples = [c.id for c in DB.cards if DB.card_temple[c.id] != -1]
    greek = next(c for c in temples if MYTHOLOGIES[DB.card_temple[c]] == "Greek")
    give_pantheon_tokens(state, 0, mythology_token("Greek"))
    assert rules.build_cost(state, 0, greek) == 0
    assert rules.build_cost(state, 1, greek) > 0
    for count, points in zip(range(4), (0, 5, 12, 21)):
        state.city[0] = temples[:count]
        assert score_breakdown(state, 0)["guilds"] == points


def test_mysticism_scores_2_per_mythology_and_offering_token():
    state = pantheon_game(age=2)
    give_token(state, 0, "Mysticism")
    give_pantheon_tokens(state, 0, mythology_token("Greek"), offering(2))
    assert score_breakdown(state, 0)["progress"] == 4


def test_poliorcetics_takes_a_coin_per_space_moved():
    state = pantheon_game(age=2, coins=(7, 7))
    give_token(state, 0, "Poliorcetics")
    rules.move_pawn(state, 0, 2)
    assert state.coins[1] == 5
    rules.move_pawn(state, 1, 1)
    assert state.coins[0] == 7


def test_engineering_builds_a_card_with_a_chain_symbol_for_one_coin():
    state = pantheon_game(age=2, coins=(7, 7))
    assert rules.build_cost(state, 0, CARD["Aqueduct"]) == 6  # SSS at 2 each
    give_token(state, 0, "Engineering")
    assert rules.build_cost(state, 0, CARD["Aqueduct"]) == 1
    assert rules.build_cost(state, 0, CARD["Walls"]) == 4  # no chain symbol under its cost
    place(state, 19, "Aqueduct")
    apply_action(state, ACTS.encode(ActionKind.BUILD, CARD["Aqueduct"]))
    assert state.coins[0] == 6 and state.log[-1][2] == 1


def test_every_divinity_is_one_row_and_every_power_opens_a_named_set():
    assert set(pantheon.FIRST_CHOICE) == {e.kind for e in TABLES.divinity_power if e is not None}
    assert set(pantheon.CHOICE_ITEM) == set(PANTHEON_CHOICES) == set(pantheon._OPTIONS) == set(pantheon._RESOLVE)


def test_enki_shown_by_the_gate_gets_its_two_tokens_first():
    """README decision 2 (and the Gate: Enki revealed outside the Pantheon)."""
    state = pantheon_game(age=2, coins=(20, 7), spaces={"Gate": 5})
    set_deck(state, "Mesopotamian", "Enki", "Ishtar")
    activate(state, "Gate")
    choose(state, Item.DIVINITY, "Enki")
    assert state.pantheon.choice == Choice.ENKI_TOKEN
    assert choosable(state, Item.TOKEN) == sorted(state.token_order[-2:])
    assert state.pantheon.decks[0] == [DIVINITY["Ishtar"]]


def test_mars_can_win_a_military_supremacy_and_ishtar_a_scientific_one():
    state = pantheon_game(age=2, coins=(20, 7), spaces={"Mars": 5})
    state.pawn = 7
    activate(state, "Mars")
    assert state.phase == Phase.GAME_OVER and state.victory.name == "MILITARY" and state.winners == (0,)
    state = pantheon_game(age=2, coins=(20, 7), spaces={"Ishtar": 5})
    state.science[0] = [1, 0, 1, 1, 1, 1, 0]
    activate(state, "Ishtar")
    assert state.phase == Phase.GAME_OVER and state.victory.name == "SCIENCE"


def test_engineering_covers_a_grand_temple_and_urbanism_pays_for_a_temple_built_by_its_token():
    """Decisions of the project (wonders_env.duel.pantheon): a temple's mythology works like a chain."""
    state = pantheon_game(age=3, coins=(10, 7))
    greek = DB.card_ids["Greek Grand Temple"]
    give_token(state, 0, "Engineering")
    assert rules.build_cost(state, 0, greek) == 1
    give_token(state, 0, "Urbanism")
    give_pantheon_tokens(state, 0, mythology_token("Greek"))
    place_card(state, 19, "Greek Grand Temple")
    apply_action(state, ACTS.encode(ActionKind.BUILD, greek))
    assert state.coins[0] == 14 and greek in state.city[0]


def test_the_engines_of_the_registry_take_the_expansion():
    from wonders_env import registry
    game = registry.make_engine("duel", "python", expansions=("pantheon",))
    assert game.db is DB and game.num_actions == ACTS.num_actions
    core = registry.make_engine("duel", "core", expansions=("pantheon",))
    assert core.db is DB and core.num_actions == ACTS.num_actions
    env = registry.make("duel", raw=True, engine="python", expansions=["pantheon"])
    assert env.game.db is DB


# ------------------------------------------------- interactions with the base rules (audit)
def test_the_gate_costs_twice_each_players_own_price_and_activating_takes_no_card():
    """README decision 3 for both seats; an activation is a turn without a structure card."""
    state = pantheon_game(age=2, coins=(20, 20), spaces={"Gate": 0})
    assert pantheon.activation_price(state, 0, 0, 0) == 16 and pantheon.activation_price(state, 1, 0, 0) == 6
    cards_left, structure = state.cards_left, list(state.slot_card)
    state.current = state.turn_player = 1
    activate(state, "Gate")
    assert state.coins[1] == 14 and state.cards_left == cards_left and state.slot_card == structure


def test_enki_shown_by_the_divine_theater_gets_its_two_tokens_first():
    """README decision 2: Enki revealed by the Divine Theater holds 2 set-aside progress tokens."""
    wonders = (("The Divine Theater", "The Pyramids", "The Temple of Artemis", "The Statue of Zeus"),
               ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"))
    state = pantheon_game(age=1, wonders=wonders, coins=(30, 7))
    set_deck(state, "Mesopotamian", "Ishtar", "Enki")
    card = state.slot_card[on_top(state, "Stable")[0]]
    apply_action(state, ACTS.encode(ActionKind.WONDER, card, WONDER["The Divine Theater"]))
    choose(state, Item.MYTHOLOGY, "Mesopotamian")
    choose(state, Item.DIVINITY, "Enki")
    assert state.pantheon.decks[0] == [DIVINITY["Ishtar"]]  # the only other one goes back unasked
    assert state.pantheon.choice == Choice.ENKI_TOKEN
    assert choosable(state, Item.TOKEN) == sorted(state.token_order[-2:])


def test_astarte_coins_are_safe_from_poliorcetics_the_appian_way_and_neptune():
    """README decision 7: every coin loss takes treasury coins only."""
    wonders = (("The Appian Way", "The Pyramids", "The Temple of Artemis", "The Statue of Zeus"),
               ("Circus Maximus", "Piraeus", "The Great Lighthouse", "The Colossus"))
    state = pantheon_game(age=2, wonders=wonders, coins=(20, 2), spaces={"Neptune": 5})
    state.pantheon.astarte[1] = 7
    give_token(state, 0, "Poliorcetics")
    rules.move_pawn(state, 0, 2)
    assert (state.coins[1], state.pantheon.astarte[1]) == (0, 7)
    state.coins[1] = 2
    card = state.slot_card[state.accessible_slots()[0]]
    apply_action(state, ACTS.encode(ActionKind.WONDER, card, WONDER["The Appian Way"]))  # the opponent loses 3
    assert (state.coins[1], state.pantheon.astarte[1]) == (0, 7) and state.current == 0  # play again
    state.coins[1] = 2
    activate(state, "Neptune")
    choose(state, Item.MILITARY_TOKEN, 2)
    choose(state, Item.MILITARY_TOKEN, 3)  # player 1's -5 token, applied
    assert (state.coins[1], state.pantheon.astarte[1]) == (0, 7)


def test_minerva_placed_by_the_opponent_stops_mars_short_of_a_military_supremacy():
    state = pantheon_game(age=2, coins=(20, 20), spaces={"Mars": 5, "Minerva": 0})
    state.pawn, state.looting = 7, [True, True, False, False]
    state.current = state.turn_player = 1
    activate(state, "Minerva")
    choose(state, Item.TRACK, track(9))  # player 1's own capital (README decision 6)
    assert state.current == 0
    activate(state, "Mars")
    assert state.pawn == 8 and state.phase == Phase.PLAY and state.pantheon.minerva is None
    rules.move_pawn(state, 0, 1)  # the pawn stopped once only
    assert state.phase == Phase.GAME_OVER and state.victory.name == "MILITARY" and state.winners == (0,)


def test_minerva_stops_the_pawn_moving_either_way():
    state = pantheon_game(age=2)
    state.pawn, state.pantheon.minerva = 2, -3
    rules.move_pawn(state, 1, 7)  # toward player 0's capital
    assert state.pawn == -2 and state.pantheon.minerva is None


def test_poliorcetics_counts_only_the_spaces_the_pawn_moves_before_minerva():
    state = pantheon_game(age=2, coins=(7, 7))
    give_token(state, 0, "Poliorcetics")
    state.pantheon.minerva = 2
    rules.move_pawn(state, 0, 5)
    assert state.pawn == 1 and state.coins[1] == 6 and state.pantheon.minerva is None


def test_anubis_leaves_the_instant_effects_and_the_rebuilt_wonder_gives_them_again():
    state = pantheon_game(age=2, coins=(20, 20), spaces={"Anubis": 5})
    appian = WONDER["The Appian Way"]
    state.current = state.turn_player = 1
    card = state.slot_card[state.accessible_slots()[0]]
    apply_action(state, ACTS.encode(ActionKind.WONDER, card, appian))  # +3 coins, the opponent -3, play again
    sold = state.slot_card[state.accessible_slots()[0]]
    apply_action(state, ACTS.encode(ActionKind.SELL, sold))
    coins = list(state.coins)
    activate(state, "Anubis")
    choose(state, Item.WONDER, "The Appian Way")
    assert state.coins == [coins[0] - 3, coins[1]]  # Anubis paid; nothing given back, nothing taken back
    assert card in state.discard and score_breakdown(state, 1)["wonders"] == 0
    coins = list(state.coins)
    rebuild = state.slot_card[state.accessible_slots()[0]]
    cost = rules.wonder_cost(state, 1, appian)
    apply_action(state, ACTS.encode(ActionKind.WONDER, rebuild, appian))
    assert state.coins == [coins[0] - 3, coins[1] - cost + 3] and score_breakdown(state, 1)["wonders"] == 3
    assert state.current == 1  # its play again too


def test_the_great_library_built_again_after_anubis_draws_three_tokens_never_drawn():
    """Decision of the project (wonders_env.duel.pantheon): the rebuilt Great Library draws the next 3
    set-aside tokens (the 2 returned to the box stay there; Enki's 2 are not among them)."""
    wonders = (("The Great Library", "The Pyramids", "The Temple of Artemis", "The Statue of Zeus"),
               ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"))
    state = pantheon_game(age=2, wonders=wonders, coins=(30, 30), spaces={"Anubis": 5})
    library = WONDER["The Great Library"]
    apply_action(state, ACTS.encode(ActionKind.WONDER, state.slot_card[state.accessible_slots()[0]], library))
    first = state.token_order[5:8]
    assert state.library_offer == first
    apply_action(state, ACTS.encode(ActionKind.LIBRARY, first[0]))
    state.current = state.turn_player = 0
    activate(state, "Anubis")
    choose(state, Item.WONDER, "The Great Library")
    state.current = state.turn_player = 0
    apply_action(state, ACTS.encode(ActionKind.WONDER, state.slot_card[state.accessible_slots()[0]], library))
    assert state.phase == Phase.LIBRARY and state.library_offer == state.token_order[8:11]
    assert not set(state.library_offer) & set(first + state.token_order[-2:])
    for player in (0, 1):  # a determinization keeps both draws
        twin = determinize(state, player, np.random.default_rng(player))
        assert twin.token_order[:11] == state.token_order[:11] and twin.library_offer == state.library_offer


def test_anubis_after_the_seventh_wonder_leaves_the_boxed_wonder_in_the_box():
    """Decision of the project (wonders_env.duel.pantheon): a boxed wonder stays boxed."""
    state = pantheon_game(age=2, coins=(20, 20), spaces={"Anubis": 5})
    build_wonder(state, "The Pyramids", "The Great Lighthouse", "The Temple of Artemis", "The Statue of Zeus",
                 "Circus Maximus", "Piraeus", "The Appian Way")
    state.boxed_wonder = WONDER["The Colossus"]
    state.wonder_card[WONDER["Piraeus"]] = CARD["Baths"]
    activate(state, "Anubis")
    choose(state, Item.WONDER, "Piraeus")
    assert state.wonders_built == 6 and state.current == 1
    wonders = {ACTS.decode(a)[2] for a in legal_actions(state) if ACTS.decode(a)[0] is ActionKind.WONDER}
    assert wonders == {WONDER["Piraeus"]}
    colossus = ACTS.encode(ActionKind.WONDER, state.slot_card[state.accessible_slots()[0]], WONDER["The Colossus"])
    assert "went back to the box" in why_illegal(state, colossus)
    assert sorted(rules.legal_actions_reference(state)) == sorted(legal_actions(state))


def test_engineering_keeps_a_free_chain_free_with_its_urbanism_coins_and_never_raises_a_price():
    state = pantheon_game(age=2, coins=(7, 7))
    give_token(state, 0, "Engineering")
    give_token(state, 0, "Urbanism")
    give(state, 0, "Baths")
    assert rules.build_cost(state, 0, CARD["Aqueduct"]) == 0
    place(state, 19, "Aqueduct")
    apply_action(state, ACTS.encode(ActionKind.BUILD, CARD["Aqueduct"]))
    assert state.coins[0] == 7 + 4
    state = pantheon_game(age=2, coins=(7, 7))
    give_token(state, 0, "Engineering")
    give(state, 0, "Stone Pit", "Quarry", "Shelf Quarry")  # S S S of its own
    assert rules.build_cost(state, 0, CARD["Aqueduct"]) == 0


def test_a_grand_temple_built_through_its_token_keeps_the_token_for_mysticism():
    state = pantheon_game(age=3, coins=(0, 7))
    greek, token = CARD["Greek Grand Temple"], mythology_token("Greek")
    give_token(state, 0, "Mysticism")
    give_pantheon_tokens(state, 0, token)
    place_card(state, 19, "Greek Grand Temple")
    apply_action(state, ACTS.encode(ActionKind.BUILD, greek))
    assert greek in state.city[0] and state.pantheon.tokens[0] == [token] and state.coins[0] == 0
    breakdown = score_breakdown(state, 0)
    assert (breakdown["guilds"], breakdown["progress"]) == (5, 2)


def test_mysticism_counts_only_the_tokens_still_owned():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Aphrodite": 5})
    give_token(state, 0, "Mysticism")
    give_pantheon_tokens(state, 0, offering(2), offering(3))
    assert score_breakdown(state, 0)["progress"] == 4
    activate(state, "Aphrodite", (2,))
    assert score_breakdown(state, 0)["progress"] == 2 and state.coins[0] == 9


def test_zeus_does_not_show_which_cards_lie_face_down():
    state = pantheon_game(age=2, coins=(10, 7), spaces={"Zeus": 5})
    twin = state.clone()
    slot = next(s for s, c in enumerate(twin.slot_card) if c != EMPTY and not twin.face_up[s])
    twin.boxed[1][0], twin.slot_card[slot] = twin.slot_card[slot], twin.boxed[1][0]
    twin.deals[1][slot] = twin.slot_card[slot]
    np.testing.assert_array_equal(encode_observation(twin, 0), encode_observation(state, 0))
    activate(state, "Zeus")
    activate(twin, "Zeus")
    assert legal_actions(twin) == legal_actions(state)
