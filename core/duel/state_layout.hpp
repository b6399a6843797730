// The one declared layout of a Duel State: every field the Python engine's
// wonders_env.duel.state.DuelState has (its name there), its shape, its bounds and how it converts.
//
// visit_fields(state, visitor) calls one member of `visitor` per field, in this order; the
// bindings derive from this one list the export (Engine.export), the import with its checks at the
// boundary (Engine.import_state) and the read-only view's getters (State.<name>). A new state field
// is one line here plus the rules that use it (tests/core/test_duel_state_layout.py counts them).
//
// The members a visitor has (Bounds: the values allowed, inclusive):
//   scalar(name, value, bounds)             an integer                   -> int
//   flag(name, value)                       a bool                       -> bool
//   per_player(name, values[2], bounds)     one integer per player       -> [int, int]
//   array(name, data, n, bounds)            n integers                   -> list
//   flags(name, data, n)                    n bools                      -> list of bools
//   rows(name, data, rows, cols, bounds)    a rows x cols table          -> list of lists
//   lists(name, data, cols, sizes, rows, bounds)  rows lists, row r of sizes[r] entries (sizes const:
//                                           fixed lengths, else the State's counts) -> list of lists
//   bit_flags(name, bits, n)                bit i of an integer          -> list of n bools
//   bit_list(name, bits, order, n, bounds)  the ids of `order[0..n)` whose bit is set -> list in that order
//   player_set(name, bits)                  bit p: player p              -> tuple of players
//   card_set(name, set)                     a CardSet                    -> sorted list of card ids
//   card_rows(name, sets[2])                a CardSet per player         -> int8 array [2, NUM_CARDS] of 0/1
//   log(name, entries, size)                the moves                    -> list of (player, action, paid)
#pragma once
#include <cstdint>
#include <limits>

#include "duel/actions.hpp"
#include "duel/rules.hpp"
#include "duel/state.hpp"

namespace wonders::duel {

struct Bounds {
  long long lo, hi;
};

constexpr Bounds PLAYER{0, 1}, CARD{0, NUM_CARDS - 1}, CARD_OR_EMPTY{EMPTY, NUM_CARDS - 1};
constexpr Bounds WONDER{0, NUM_WONDERS - 1}, TOKEN{0, NUM_TOKENS - 1}, SMALL_COUNT{0, 127};
constexpr Bounds TOKEN_BITS{0, (1 << NUM_TOKENS) - 1};

template <class S, class Visitor>
void visit_fields(S& s, Visitor& v) {
  v.scalar("phase", s.phase, {DRAFT, GAME_OVER});
  v.scalar("current", s.current, {NOBODY, 1});  // NOBODY once the game is over
  v.scalar("turn_player", s.turn_player, PLAYER);
  v.scalar("age", s.age, {0, 3});
  v.player_set("winners", s.winners);
  v.scalar("victory", s.victory, {NO_VICTORY, SCIENCE});
  v.array("wonder_order", s.deal.wonder_order.data(), NUM_WONDERS, WONDER);
  v.array("token_order", s.deal.token_order.data(), NUM_TOKENS, TOKEN);
  v.rows("deals", s.deal.cards[0].data(), 3, NUM_SLOTS, CARD);
  v.lists("boxed", s.deal.boxed[0].data(), 7, BOXED_PER_AGE, 3, CARD);
  v.scalar("draft_step", s.draft_step, {0, 2 * WONDERS_PER_ROUND});
  v.bit_list("draft_offer", s.draft_offer,
             s.deal.wonder_order.data() + (s.draft_step < WONDERS_PER_ROUND ? 0 : WONDERS_PER_ROUND), WONDERS_PER_ROUND,
             WONDER);
  v.array("slot_card", s.slot_card.data(), NUM_SLOTS, CARD_OR_EMPTY);
  v.flags("face_up", s.face_up.data(), NUM_SLOTS);
  v.array("cover_count", s.cover_count.data(), NUM_SLOTS, {0, 2});
  v.scalar("cards_left", s.cards_left, {0, NUM_SLOTS});
  v.lists("city", s.city[0], MAX_CITY, s.city_size, 2, CARD);
  v.card_rows("owned", s.owned);
  v.rows("color_count", s.color_count[0], 2, NUM_COLORS, {0, NUM_CARDS});
  v.rows("production", s.production[0], 2, NUM_RESOURCES, SMALL_COUNT);
  v.per_player("raw_choices", s.raw_choices, SMALL_COUNT);
  v.per_player("manufactured_choices", s.manufactured_choices, SMALL_COUNT);
  v.per_player("fixed_price_bits", s.fixed_price_bits, {0, (1 << NUM_RESOURCES) - 1});
  v.per_player("chains", s.chains, {0, std::numeric_limits<uint32_t>::max()});
  v.rows("science", s.science[0], 2, NUM_SYMBOLS, SMALL_COUNT);
  v.per_player("coins", s.coins, {0, std::numeric_limits<int16_t>::max()});
  v.lists("player_wonders", s.player_wonders[0], WONDERS_PER_ROUND, s.wonder_count, 2, WONDER);
  v.bit_flags("wonder_built", s.wonder_built, NUM_WONDERS);
  v.array("wonder_card", s.wonder_card.data(), NUM_WONDERS, CARD_OR_EMPTY);
  v.scalar("wonders_built", s.wonders_built, {0, MAX_WONDERS_BUILT});
  v.scalar("boxed_wonder", s.boxed_wonder, {EMPTY, NUM_WONDERS - 1});
  v.scalar("board_tokens", s.board_tokens, TOKEN_BITS);
  v.per_player("player_tokens", s.player_tokens, TOKEN_BITS);
  v.bit_list("library_offer", s.library_offer, s.deal.token_order.data() + BOARD_TOKENS, NUM_TOKENS - BOARD_TOKENS,
             TOKEN);
  v.flag("library_used", s.library_used);
  v.scalar("pawn", s.pawn, {-SUPREMACY_DISTANCE, SUPREMACY_DISTANCE});
  v.bit_flags("looting", s.looting, 4);  // wonders_env.duel.state.LOOTING_TOKENS
  v.card_set("discard", s.discard);
  v.flag("pending_progress", s.pending_progress);
  v.flag("play_again", s.play_again);
  v.scalar("destroy_color", s.destroy_color, {NONE, NUM_COLORS - 1});
  v.log("log", s.log, s.log_size);
}

constexpr int NUM_STATE_FIELDS = 42;  // the calls above

}  // namespace wonders::duel
