// The one declared layout of a Duel State: its members, each with the field of the Python engine's
// wonders_env.duel.state.DuelState of the same name, that field's shape and bounds (the kinds of
// common/state_layout.hpp; FIELD and VIEW lines as common/state_fields.hpp describes them).
//
// state.hpp declares State's members from this list; the bindings derive the export
// (Engine.export_state), the checked import (Engine.import_state) and the read-only view's getters
// (State.<name>) from it; bounds and counts are the table's (Dim::CARDS, WONDERS, TOKENS, ACTIONS:
// common/state_layout.hpp). A new state field is one line here plus the rules that use it
// (tests/core/test_duel_state_layout.py checks the Python state has the same fields, in this order).
#pragma once
#include "common/state_fields.hpp"

// clang-format off
#define DUEL_STATE_FIELDS(FIELD, VIEW)                                                                                 \
  FIELD(table_counts, internal(), TableCounts)  /* the counts of the table (set by the Engine) */                     \
  FIELD(boxed_count, internal(), CArray<int8_t, 3>)  /* set from boxed (Agora's Treason builds one; bindings: checked) */ \
  FIELD(deal, internal(), Deal)  /* everything drawn at setup: the four VIEW fields below */                          \
  FIELD(phase, scalar(DRAFT, last(Dim::PHASES)), int8_t)  /* CHOOSE: a Pantheon table's */                         \
  FIELD(current, scalar(NOBODY, 1), int8_t)  /* NOBODY once the game is over */                                        \
  FIELD(turn_player, scalar(0, 1), int8_t)                                                                             \
  FIELD(age, scalar(0, 3), int8_t)                                                                                     \
  FIELD(winners, bit_tuple(2), uint8_t)  /* bit per player */                                                          \
  FIELD(victory, scalar(NO_VICTORY, POLITICAL), int8_t)  /* POLITICAL: an Agora table's */                           \
  VIEW(wonder_order, ints(0, last(Dim::WONDERS), Dim::WONDERS), s.deal.wonder_order)                                  \
  VIEW(token_order, ints(0, last(Dim::TOKENS), Dim::TOKENS), s.deal.token_order)                                       \
  VIEW(deals, lists(0, last(Dim::CARDS), matching(&State::deal_slots)), s.deal.cards)  /* each Age's structure's */  \
  FIELD(deal_slots, internal(), CArray<int8_t, 3>)  /* Layout::slots of each Age (set by the Engine) */             \
  VIEW(boxed, lists(0, last(Dim::CARDS), &State::boxed_count), s.deal.boxed)                                           \
  FIELD(draft_step, scalar(0, 2 * WONDERS_PER_ROUND), int8_t)                                                          \
  FIELD(draft_offer, bit_ids(0, last(Dim::WONDERS), draft_round_wonders, WONDERS_PER_ROUND), uint16_t)                 \
  FIELD(slot_count, internal(), int8_t)  /* the structure's slots (of its Age's layout; before Age I: the largest's) */ \
  FIELD(slot_card, pile(EMPTY, last(Dim::CARDS), matching(&State::slot_count)), std::array<int8_t, MAX_SLOTS>)         \
  FIELD(face_up, pile(0, 1, matching(&State::slot_count)), std::array<bool, MAX_SLOTS>)                                \
  FIELD(cover_count, pile(0, 2, matching(&State::slot_count)), std::array<int8_t, MAX_SLOTS>)                          \
  FIELD(cards_left, scalar(0, MAX_SLOTS), int8_t)                                                                      \
  FIELD(city, lists(0, last(Dim::CARDS), &State::city_size), CTable<int8_t, 2, MAX_CITY>)  /* in the order built */    \
  FIELD(city_size, internal(), CArray<int8_t, 2>)                                                                      \
  FIELD(owned, card_rows(), CArray<CardSet, 2>)                                                                        \
  FIELD(color_count, table(0, Bound(Dim::CARDS, 1, 0), Dim::ALL, Dim::COLORS), CTable<int8_t, 2, MAX_COLORS>)          \
  FIELD(production, table(0, 127), CTable<int8_t, 2, NUM_RESOURCES>)                                                   \
  FIELD(raw_choices, ints(0, 127), CArray<int8_t, 2>)                                                                  \
  FIELD(manufactured_choices, ints(0, 127), CArray<int8_t, 2>)                                                         \
  FIELD(fixed_price_bits, ints(0, (1 << NUM_RESOURCES) - 1), CArray<uint8_t, 2>)                                       \
  FIELD(chains, ints(0, UINT32_MAX), CArray<uint32_t, 2>)                                                              \
  FIELD(science, table(0, 127), CTable<int8_t, 2, NUM_SYMBOLS>)                                                        \
  FIELD(coins, ints(0, INT16_MAX), CArray<int16_t, 2>)                                                                 \
  FIELD(player_wonders, lists(0, last(Dim::WONDERS), &State::wonder_count),                                          \
        CTable<int8_t, 2, 2 * WONDERS_PER_ROUND>)  /* Pantheon: Ra takes the opponent's */                             \
  FIELD(wonder_count, internal(), CArray<int8_t, 2>)  /* player_wonders in the order drafted */                        \
  FIELD(wonder_built, bits(Bound(Dim::WONDERS, 1, 0)), uint16_t)                                                       \
  FIELD(wonder_card, ints(EMPTY, last(Dim::CARDS), Dim::WONDERS), std::array<int8_t, MAX_WONDERS>)                     \
  FIELD(wonders_built, scalar(0, MAX_WONDERS_BUILT), int8_t)                                                           \
  FIELD(boxed_wonder, scalar(EMPTY, last(Dim::WONDERS)), int8_t)                                                       \
  FIELD(board_tokens, scalar(0, (1 << MAX_TOKENS) - 1), uint16_t)  /* token bits (of the table's: bindings) */         \
  FIELD(player_tokens, ints(0, (1 << MAX_TOKENS) - 1), CArray<uint16_t, 2>)                                            \
  FIELD(library_offer, bit_ids(0, last(Dim::TOKENS), set_aside_tokens, Bound(Dim::TOKENS, 1, -BOARD_TOKENS)),       \
        uint16_t)                                                                                                      \
  FIELD(library_used, flag(), bool)                                                                                    \
  FIELD(pawn, scalar(-SUPREMACY_DISTANCE, SUPREMACY_DISTANCE), int8_t)                                                 \
  FIELD(looting, bits(4), uint8_t)  /* bit i: looting token i still on the track (state.LOOTING_TOKENS) */             \
  FIELD(discard, card_set(), CardSet)                                                                                  \
  FIELD(pending_progress, flag(), bool)                                                                                \
  FIELD(play_again, flag(), bool)                                                                                      \
  FIELD(destroy_color, scalar(NONE, NUM_COLORS - 1), int8_t)                                                           \
  FIELD(log, records(&State::log_size, part(&LogEntry::player, 0, 1), part(&LogEntry::action, 0, last(Dim::ACTIONS)), \
                     part(&LogEntry::paid, 0, INT16_MAX)), CArray<LogEntry, MAX_LOG>)                                  \
  FIELD(log_size, internal(), uint8_t)                                                                                 \
  FIELD(pantheon, internal(), PantheonState)  /* Pantheon's part: its own layout below, the Python state.pantheon */ \
  FIELD(agora, internal(), AgoraState)  /* Agora's part: its own layout below, the Python state.agora */

// Pantheon's part of the state (PantheonState, state.hpp), as wonders_env.duel.state.PantheonState
// holds it; the counts of its lists are internal members.
#define DUEL_PANTHEON_FIELDS(FIELD, VIEW)                                                                              \
  FIELD(decks, lists(0, NUM_DIVINITIES - 1, &PantheonState::deck_size),                                                \
        CTable<int8_t, NUM_MYTHOLOGIES, DIVINITIES_PER_MYTHOLOGY>)  /* top first */                                   \
  FIELD(deck_size, internal(), CArray<int8_t, NUM_MYTHOLOGIES>)                                                        \
  FIELD(spaces, ints(EMPTY, NUM_DIVINITIES - 1), std::array<int8_t, NUM_SPACES>)                                       \
  FIELD(space_face_up, flags(), std::array<bool, NUM_SPACES>)                                                          \
  FIELD(placed_by, ints(NOBODY, 1), std::array<int8_t, NUM_SPACES>)                                                    \
  FIELD(age_tokens, lists(0, NUM_PANTHEON_TOKENS - 1, &PantheonState::age_token_count),                                \
        CTable<int8_t, 3, MAX_AGE_TOKENS>)                                                                             \
  FIELD(age_token_count, internal(), CArray<int8_t, 3>)                                                                \
  FIELD(slot_tokens, pile(EMPTY, NUM_PANTHEON_TOKENS - 1, &PantheonState::num_slot_tokens),                           \
        std::array<int8_t, MAX_SLOTS>)  /* as many as State::slot_count (bindings: checked) */                        \
  FIELD(num_slot_tokens, internal(), int8_t)                                                                           \
  FIELD(pending_tokens, pile(0, NUM_PANTHEON_TOKENS - 1, &PantheonState::num_pending),                                 \
        CArray<int8_t, NUM_PANTHEON_TOKENS>)                                                                           \
  FIELD(num_pending, internal(), int8_t)                                                                               \
  FIELD(tokens, lists(0, NUM_PANTHEON_TOKENS - 1, &PantheonState::token_count),                                        \
        CTable<int8_t, 2, NUM_PANTHEON_TOKENS>)  /* in the order taken */                                             \
  FIELD(token_count, internal(), CArray<int8_t, 2>)                                                                    \
  FIELD(activated, lists(0, NUM_DIVINITIES - 1, &PantheonState::activated_count), CTable<int8_t, 2, NUM_DIVINITIES>)  \
  FIELD(activated_count, internal(), CArray<int8_t, 2>)                                                                \
  FIELD(space_activations, pile(0, NUM_DIVINITIES - 1, &PantheonState::num_space_activations),                         \
        CArray<int8_t, NUM_DIVINITIES>)                                                                                \
  FIELD(num_space_activations, internal(), int8_t)                                                                     \
  FIELD(choice_log, pile(0, NUM_CHOICES - 1, &PantheonState::num_choices), CArray<int8_t, MAX_LOG>)                    \
  FIELD(num_choices, internal(), uint8_t)                                                                              \
  FIELD(zeus_cards, pile(0, last(Dim::CARDS), &PantheonState::num_zeus_cards),                                        \
        CArray<int8_t, NUM_DIVINITIES>)  /* the card of each slot Zeus discarded (Zeus acts once a game) */           \
  FIELD(num_zeus_cards, internal(), int8_t)                                                                            \
  FIELD(astarte, ints(0, INT16_MAX), CArray<int16_t, 2>)                                                               \
  FIELD(minerva, optional_scalar(-SUPREMACY_DISTANCE, SUPREMACY_DISTANCE, NO_MINERVA), int8_t)  /* None: no pawn */  \
  FIELD(snake, scalar(EMPTY, last(Dim::CARDS)), int8_t)                                                                \
  FIELD(enki_tokens, pile(0, last(Dim::TOKENS), &PantheonState::num_enki_tokens), CArray<int8_t, ENKI_TOKENS>)        \
  FIELD(num_enki_tokens, internal(), int8_t)                                                                           \
  FIELD(choice, scalar(NONE, NUM_CHOICES - 1), int8_t)                                                                 \
  FIELD(options, pile(0, MAX_OPTIONS - 1, &PantheonState::num_options), CArray<int8_t, MAX_OPTIONS>)                 \
  FIELD(num_options, internal(), int8_t)                                                                               \
  FIELD(drawn, pile(0, NUM_DIVINITIES - 1, &PantheonState::num_drawn), CArray<int8_t, DIVINITIES_PER_MYTHOLOGY>)     \
  FIELD(num_drawn, internal(), int8_t)                                                                                 \
  FIELD(chosen, scalar(EMPTY, MAX_CARDS - 1), int8_t)  /* a divinity or a card (Isis') */

// Agora's part of the state (AgoraState, state.hpp), as wonders_env.duel.state.AgoraState holds it;
// the counts of its lists are internal members. A step's argument is an integer (AgoraStep, state.hpp;
// wonders_env.duel.compiled converts the Python engine's).
#define DUEL_AGORA_FIELDS(FIELD, VIEW)                                                                                 \
  FIELD(conspiracy_deck, pile(0, NUM_CONSPIRACIES - 1, &AgoraState::deck_size), CArray<int8_t, NUM_CONSPIRACIES>)     \
  FIELD(deck_size, internal(), int8_t)                                                                                 \
  FIELD(decrees, lists(0, NUM_DECREES - 1, &AgoraState::decree_count), CTable<int8_t, NUM_CHAMBERS, NUM_CHAMBERS>)    \
  FIELD(decree_count, internal(), CArray<int8_t, NUM_CHAMBERS>)                                                        \
  FIELD(decree_face_up, flags(), std::array<bool, NUM_CHAMBERS>)                                                       \
  FIELD(cubes, table(0, INT8_MAX), CTable<int8_t, 2, NUM_CHAMBERS>)  /* bindings: at most the table's cubes */       \
  FIELD(drawn, pile(0, NUM_CONSPIRACIES - 1, &AgoraState::num_drawn), CArray<int8_t, MAX_DRAWN>)                     \
  FIELD(num_drawn, internal(), int8_t)                                                                                 \
  FIELD(conspiracies, lists(0, NUM_CONSPIRACIES - 1, &AgoraState::held_count),                                        \
        CTable<int8_t, 2, NUM_CONSPIRACIES>)  /* in the order kept */                                                  \
  FIELD(held_count, internal(), CArray<int8_t, 2>)                                                                     \
  FIELD(prepared, lists(EMPTY, last(Dim::CARDS), matching(&AgoraState::held_count)),                                   \
        CTable<int8_t, 2, NUM_CONSPIRACIES>)  /* the card under each held conspiracy, or EMPTY */                      \
  FIELD(triggered, lists(0, NUM_CONSPIRACIES - 1, &AgoraState::triggered_count), CTable<int8_t, 2, NUM_CONSPIRACIES>) \
  FIELD(triggered_count, internal(), CArray<int8_t, 2>)                                                                \
  FIELD(left_game, pile(0, last(Dim::CARDS), &AgoraState::num_left_game), CArray<int8_t, MAX_LEFT_GAME>)              \
  FIELD(num_left_game, internal(), int8_t)                                                                             \
  FIELD(steps, records(&AgoraState::num_steps, part(&AgoraStep::player, 0, 1),                                        \
                       part(&AgoraStep::choice, SENATE_ACTION, ALL_CHOICES - 1),                                       \
                       part(&AgoraStep::argument, NO_ARGUMENT, INT8_MAX), part(&AgoraStep::optional, 0, 1)),           \
        CArray<AgoraStep, MAX_STEPS>)  /* the decisions still to ask, in order */                                      \
  FIELD(num_steps, internal(), int8_t)                                                                                 \
  FIELD(choice, scalar(NONE, ALL_CHOICES - 1), int8_t)  /* NONE, or one of Agora's sets (bindings) */                \
  FIELD(options, pile(0, INT16_MAX, &AgoraState::num_options), CArray<int16_t, MAX_AGORA_OPTIONS>)                    \
  FIELD(num_options, internal(), int8_t)  /* options: indices of the choose range (bindings: checked) */             \
  FIELD(argument, scalar(NO_ARGUMENT, INT8_MAX), int8_t)                                                               \
  FIELD(optional, flag(), bool)                                                                                        \
  FIELD(chosen, scalar(EMPTY, last(Dim::CARDS)), int8_t)                                                               \
  FIELD(may_trigger, flag(), bool)                                                                                     \
  FIELD(triggering, flag(), bool)                                                                                      \
  FIELD(locked, records(&AgoraState::num_locked, part(&LockedToken::token, 0, last(Dim::TOKENS)),                     \
                        part(&LockedToken::locker, 0, 1), part(&LockedToken::seen_by_both, 0, 1)),                    \
        CArray<LockedToken, MAX_LOCKED>)                                                                               \
  FIELD(num_locked, internal(), int8_t)                                                                                \
  FIELD(choice_log, records(&AgoraState::num_choices, part(&ChoiceEntry::index, 0, MAX_LOG - 1),                      \
                            part(&ChoiceEntry::choice, SENATE_ACTION, ALL_CHOICES - 1)),                               \
        CArray<ChoiceEntry, MAX_LOG>)                                                                                  \
  FIELD(num_choices, internal(), uint8_t)
// clang-format on
