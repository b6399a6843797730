#include "duel/observation.hpp"

#include <algorithm>

namespace wonders::duel {
namespace {

inline void put(ObsEntry* out, int& n, int index, float value = 1.0f) {
  out[n++] = ObsEntry{static_cast<uint16_t>(index), value};
}

void put_cards(const CardSet& cards, int offset, ObsEntry* out, int& n) {
  for (int word = 0; word < 2; ++word)
    for (uint64_t bits = cards.bits[word]; bits; bits &= bits - 1) put(out, n, offset + word * 64 + __builtin_ctzll(bits));
}

void put_bits(unsigned bits, int offset, ObsEntry* out, int& n) {
  for (; bits; bits &= bits - 1) put(out, n, offset + __builtin_ctz(bits));
}

}  // namespace

int observation_entries(const Tables& tables, const State& s, int player, ObsEntry* out) {
  const int opponent = 1 - player;
  int n = 0;
  put(out, n, OBS_PHASE + s.phase);
  if (s.age) put(out, n, OBS_AGE + s.age - 1);
  if (s.current == player) put(out, n, OBS_DECIDING);
  for (int slot = 0; slot < NUM_SLOTS; ++slot) {
    const int base = OBS_STRUCTURE + slot * SLOT_SIZE, card = s.slot_card[slot];
    if (card == EMPTY) {
      put(out, n, base + SLOT_EMPTY);
    } else if (s.face_up[slot]) {
      put(out, n, base + card);
      if (!s.cover_count[slot]) put(out, n, base + SLOT_ACCESSIBLE);
    } else {
      put(out, n, base + SLOT_BACK + tables.cards[card].deck);
    }
  }
  put_cards(s.owned[player], OBS_MY_CITY, out, n);
  put_cards(s.owned[opponent], OBS_OPPONENT_CITY, out, n);
  put_cards(s.discard, OBS_DISCARD, out, n);
  put(out, n, OBS_COINS, s.coins[player]);
  put(out, n, OBS_COINS + 1, s.coins[opponent]);
  for (int side = 0; side < 2; ++side) {
    const int who = side ? opponent : player;
    const int unbuilt_at = side ? OBS_OPPONENT_WONDERS : OBS_MY_WONDERS;
    const int built_at = side ? OBS_OPPONENT_BUILT : OBS_MY_BUILT;
    for (int i = 0; i < s.wonder_count[who]; ++i) {
      const int w = s.player_wonders[who][i];
      if (w != s.boxed_wonder) put(out, n, (s.wonder_built >> w & 1 ? built_at : unbuilt_at) + w);
    }
  }
  put_bits(s.draft_offer, OBS_DRAFT, out, n);
  put_bits(s.board_tokens, OBS_BOARD, out, n);
  put_bits(s.player_tokens[player], OBS_MY_TOKENS, out, n);
  put_bits(s.player_tokens[opponent], OBS_OPPONENT_TOKENS, out, n);
  if (s.current == player) put_bits(s.library_offer, OBS_LIBRARY, out, n);
  put(out, n, OBS_PAWN + 9 + (player == 0 ? s.pawn : -s.pawn));
  for (int i = 0; i < 4; ++i)
    if (s.looting >> i & 1) {
      const LootingToken& token = tables.looting[i];
      put(out, n, OBS_LOOTING + (token.victim == player ? 0 : 2) + (token.coins == 2 ? 0 : 1));
    }
  for (int side = 0; side < 2; ++side) {
    const int who = side ? opponent : player, at = side ? OBS_OPPONENT_SCIENCE : OBS_MY_SCIENCE;
    for (int k = 0; k < NUM_SYMBOLS; ++k)
      if (s.science[who][k]) put(out, n, at + k, s.science[who][k] == 1 ? 1.0f : 2.0f);
  }
  return n;
}

void encode_observation(const Tables& tables, const State& state, int player, float* out) {
  std::fill(out, out + OBSERVATION_SIZE, 0.0f);
  ObsEntry entries[MAX_OBS_ENTRIES];
  const int n = observation_entries(tables, state, player, entries);
  for (int i = 0; i < n; ++i) out[entries[i].index] = entries[i].value;
}

}  // namespace wonders::duel
