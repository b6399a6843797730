// The one declared layout of the 7 Wonders core State: its members, each with the field of the
// Python engine's wonders_env.seven_wonders.state.SevenWondersState of the same name, that field's
// shape and bounds (the kinds of common/state_layout.hpp; FIELD lines as common/state_fields.hpp
// describes them). Counts and bounds follow the engine's sizes: Dim::SEATS rows of the arrays
// sized MAX_SEATS, Dim::TYPES card names of its edition, ...
//
// state.hpp declares State's members from this list; the bindings derive the export
// (Engine.export_state), the checked import (Engine.import_state, before the checks between fields
// of bindings.cpp) and the read-only view's getters (State.<name>) from it. A new state field is
// one line here plus the rules that use it (tests/core/test_seven_wonders_core_queries.py checks
// that the Python state has the same fields).
#pragma once
#include "common/state_fields.hpp"

// clang-format off
#define SEVEN_WONDERS_STATE_FIELDS(FIELD, VIEW)                                                                        \
  /* setup, kept with the engine (not Python fields); engine_id: Engine::id() of the engine that set it up */          \
  FIELD(engine_id, internal(), uint64_t)                                                                               \
  FIELD(num_players, internal(), int8_t)                                                                               \
  FIELD(num_seats, internal(), int8_t)                                                                                 \
  FIELD(num_types, internal(), uint8_t)  /* card names of the edition: the widths of has_type, known_discard, ... */   \
  FIELD(has_seed, internal(), bool)                                                                                    \
  FIELD(seed, internal(), uint64_t)                                                                                    \
  FIELD(cities, ints(0, last(Dim::CITIES), Dim::SEATS), Seats<int8_t>)  /* each seat's wonder board */                 \
  FIELD(sides, ints(0, 1, Dim::SEATS), Seats<int8_t>)                                                                  \
  /* progress */                                                                                                       \
  FIELD(age, scalar(1, 3), int8_t)                                                                                     \
  FIELD(turn, scalar(0, TURNS_PER_AGE), int8_t)  /* 0: the recruitment turn (Leaders) */                              \
  FIELD(phase, scalar(0, 9), Phase)  /* 6-9: Leaders only */                                                           \
  /* cards */                                                                                                          \
  FIELD(decks, keyed_lists(0, last(Dim::CARDS), &State::deck_size, 1), std::array<std::array<uint8_t, MAX_DECK>, 3>)   \
  FIELD(deck_size, internal(), std::array<uint8_t, 3>)  /* decks: the Ages not yet dealt */                            \
  FIELD(box, pile(0, last(Dim::CARDS), &State::box_size), std::array<uint8_t, 16>)  /* guilds left out */              \
  FIELD(box_size, internal(), uint8_t)                                                                                 \
  FIELD(hands, lists(0, last(Dim::CARDS), &State::hand_size, Dim::SEATS), SeatRows<uint8_t, MAX_HAND>)                 \
  FIELD(hand_size, internal(), Seats<uint8_t>)                                                                         \
  FIELD(free_city_pile, pile(0, last(Dim::CARDS), &State::free_city_pile_size), std::array<uint8_t, MAX_HAND>)         \
  FIELD(free_city_pile_size, internal(), uint8_t)                                                                      \
  FIELD(free_city_holder, scalar(-1, 1), int8_t)  /* -1: none */                                                       \
  /* cities */                                                                                                         \
  FIELD(built, lists(0, last(Dim::CARDS), &State::built_size, Dim::SEATS), SeatRows<uint8_t, MAX_BUILT>)               \
  FIELD(built_size, internal(), Seats<uint8_t>)  /* built: physical cards, in build order */                           \
  FIELD(has_type, ndarray<int8_t>(0, 1, Dim::SEATS, Dim::TYPES), SeatRows<uint8_t, MAX_TYPES>)                         \
  FIELD(color_counts, ndarray<int16_t>(0, MAX_BUILT, Dim::SEATS), SeatRows<uint8_t, NUM_COLORS>)                       \
  FIELD(coins, ints(0, 10000, Dim::SEATS), Seats<int16_t>)                                                             \
  FIELD(stages_built, ints(0, MAX_STAGES, Dim::SEATS), Seats<uint8_t>)                                                 \
  FIELD(stage_cards, lists(0, last(Dim::CARDS), &State::stage_cards_size, Dim::SEATS),                                 \
        SeatRows<uint8_t, MAX_STAGES>)  /* the Age cards under the stages (with Leaders, not the leaders) */           \
  FIELD(stage_cards_size, internal(), Seats<uint8_t>)                                                                  \
  FIELD(shields, ints(0, 1000, Dim::SEATS), Seats<int16_t>)                                                            \
  FIELD(military_tokens, lists(-1, 5, &State::num_tokens, Dim::SEATS), SeatRows<int8_t, MAX_TOKENS>)                   \
  FIELD(num_tokens, internal(), Seats<uint8_t>)                                                                        \
  /* science: compass, gear, tablet, wildcards */                                                                      \
  FIELD(science, ndarray<int8_t>(0, MAX_SCIENCE_SYMBOLS, Dim::SEATS), SeatRows<uint8_t, 4>)                            \
  FIELD(own_fixed, table(0, 100, Dim::SEATS), SeatRows<uint8_t, NUM_RESOURCES>)                                        \
  FIELD(own_choices, lists(1, 127, &State::num_own_choices, Dim::SEATS), SeatRows<uint8_t, MAX_CHOICES>)               \
  FIELD(num_own_choices, internal(), Seats<uint8_t>)                                                                   \
  FIELD(sell_fixed, table(0, 100, Dim::SEATS), SeatRows<uint8_t, NUM_RESOURCES>)                                       \
  FIELD(sell_choices, lists(1, 127, &State::num_sell_choices, Dim::SEATS), SeatRows<uint8_t, MAX_CHOICES>)             \
  FIELD(num_sell_choices, internal(), Seats<uint8_t>)                                                                  \
  FIELD(cheap_left, ints(0, 127, Dim::SEATS), Seats<uint8_t>)  /* resource masks */                                    \
  FIELD(cheap_right, ints(0, 127, Dim::SEATS), Seats<uint8_t>)                                                         \
  /* wonder powers (columns: Power): the Age from which a city has each, 0 for none; the Age one was last used */      \
  FIELD(powers, ndarray<int8_t>(0, 4, Dim::SEATS), SeatRows<int8_t, NUM_POWERS>)                                       \
  FIELD(power_used_age, ndarray<int8_t>(0, 3, Dim::SEATS), SeatRows<int8_t, NUM_POWERS>)                               \
  FIELD(discard, pile(0, last(Dim::CARDS), &State::discard_size), std::array<uint8_t, MAX_CARDS>)                      \
  FIELD(discard_size, internal(), uint8_t)                                                                             \
  /* knowledge */                                                                                                      \
  FIELD(known_discard, ndarray<int16_t>(0, MAX_CARDS, Dim::PLAYERS, Dim::TYPES), PlayerRows<uint8_t, MAX_TYPES>)       \
  FIELD(last_passed, ndarray<int8_t>(0, MAX_HAND, Dim::PLAYERS, Dim::TYPES), PlayerRows<uint8_t, MAX_TYPES>)           \
  /* decisions in progress. pending: the card action of a city waiting for resolution, -1 for none (the */             \
  /* MAIN choices waiting for the Free City's; with payment="choose" every move of the turn until paid) */             \
  /* (with Leaders the recruitment turn's leader actions; bindings.cpp checks the kinds) */                            \
  FIELD(pending, keyed_ints(0, Bound(Dim::TYPES, 5, 15 + NUM_LEADER_KINDS * MAX_LEADERS), Dim::SEATS, -1),             \
        Seats<int16_t>)                                                                                                \
  FIELD(payments, keyed_records(&State::paid, Dim::SEATS, part(&CityPayment::bank, 0, 2 * MAX_TO_ONE_SIDE),            \
                                part(&CityPayment::to_left, 0, 2 * MAX_TO_ONE_SIDE),                                   \
                                part(&CityPayment::to_right, 0, 2 * MAX_TO_ONE_SIDE)),                                 \
        Seats<CityPayment>)                                                                                            \
  FIELD(paid, internal(), uint8_t)  /* bit per city: its payment (payment="choose") is chosen */                       \
  FIELD(pending_turn, scalar(0, TURNS_PER_AGE + 1), int8_t)  /* the turn pending moves are logged under */             \
  FIELD(discard_builders, records(&State::num_discard_builders, part(0, 0, last(Dim::SEATS)),                          \
                                  part(1, 0, last(Dim::PLAYERS))),                                                     \
        std::array<std::array<int8_t, 2>, MAX_PENDING_BUILDERS>)  /* (seat, controller) */                             \
  FIELD(num_discard_builders, internal(), uint8_t)                                                                     \
  FIELD(age_leftovers_discarded, flag(), bool)                                                                         \
  /* Leaders (empty without leaders: Dim::LEADER_PLAYERS is 0 there); num_leaders: the table's leaders */             \
  FIELD(num_leaders, internal(), uint8_t)                                                                              \
  FIELD(leader_deck, pile(0, last(Dim::LEADERS), &State::leader_deck_size), std::array<uint8_t, MAX_LEADERS>)          \
  FIELD(leader_deck_size, internal(), uint8_t)                                                                         \
  FIELD(draft_hands, lists(0, last(Dim::LEADERS), &State::draft_hand_size, Dim::LEADER_PLAYERS),                       \
        PlayerRows<uint8_t, LEADERS_PER_PLAYER>)                                                                       \
  FIELD(draft_hand_size, internal(), Seats<uint8_t>)                                                                   \
  FIELD(draft_passed, ndarray<int8_t>(0, 1, Dim::LEADER_PLAYERS, Dim::LEADERS), PlayerRows<uint8_t, MAX_LEADERS>)      \
  FIELD(leader_hands, lists(0, last(Dim::LEADERS), &State::leader_hand_size, Dim::LEADER_PLAYERS),                     \
        PlayerRows<uint8_t, MAX_LEADER_HAND>)  /* secret */                                                            \
  FIELD(leader_hand_size, internal(), Seats<uint8_t>)                                                                  \
  FIELD(recruited, lists(0, last(Dim::LEADERS), &State::recruited_size, Dim::LEADER_PLAYERS),                          \
        PlayerRows<uint8_t, MAX_LEADER_HAND>)  /* face up, in order */                                                 \
  FIELD(recruited_size, internal(), Seats<uint8_t>)                                                                    \
  FIELD(stage_leaders, lists(0, last(Dim::LEADERS), &State::stage_leaders_size, Dim::LEADER_PLAYERS),                  \
        PlayerRows<uint8_t, MAX_STAGES>)  /* under wonder stages */                                                    \
  FIELD(stage_leaders_size, internal(), Seats<uint8_t>)                                                                \
  FIELD(leader_discards, lists(0, last(Dim::LEADERS), &State::leader_discards_size, Dim::LEADER_PLAYERS),              \
        PlayerRows<uint8_t, MAX_LEADER_HAND>)                                                                          \
  FIELD(leader_discards_size, internal(), Seats<uint8_t>)                                                              \
  FIELD(copied_leader, ints(-1, last(Dim::LEADERS), Dim::LEADER_PLAYERS), Seats<int8_t>)  /* -1: none */               \
  FIELD(copy_choosers, pile(0, last(Dim::PLAYERS), &State::num_copy_choosers), Seats<int8_t>)  /* queues of seats */   \
  FIELD(num_copy_choosers, internal(), uint8_t)                                                                        \
  FIELD(recruiters, pile(0, last(Dim::PLAYERS), &State::num_recruiters), Seats<int8_t>)                                \
  FIELD(num_recruiters, internal(), uint8_t)                                                                           \
  /* the record: (age, turn, agent, seat, kind, card type, to_left, to_right, bank); a Leaders kind (from */           \
  /* LEADER_LOG_KIND) has a leader for its card type, turn 0 the draft and the recruitment turns */                    \
  FIELD(log, records(&State::log_size, part(&LogEntry::age, 1, 3), part(&LogEntry::turn, 0, TURNS_PER_AGE + 1),        \
                     part(&LogEntry::agent, -1, last(Dim::PLAYERS)), part(&LogEntry::seat, 0, last(Dim::SEATS)),       \
                     part(&LogEntry::kind, 0, MAX_LOG_KIND), part(&LogEntry::card_type, 0, last(Dim::TYPES)),          \
                     part(&LogEntry::to_left, 0, 2 * MAX_TO_ONE_SIDE),                                                 \
                     part(&LogEntry::to_right, 0, 2 * MAX_TO_ONE_SIDE),                                                \
                     part(&LogEntry::bank, 0, 2 * MAX_TO_ONE_SIDE)),                                                   \
        std::array<LogEntry, MAX_LOG>)                                                                                 \
  FIELD(log_size, internal(), uint16_t)
// clang-format on
