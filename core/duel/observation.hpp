// The ego-centric observation of the Duel core: exactly wonders_env.duel.observation (the table of
// views is there). It is computed as an ObsView, a compact summary of the row (and an ExpansionView
// for an expansion table's views), so that the batch can turn the row it wrote last time into the
// new one by writing only what changed.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "duel/state.hpp"

namespace wonders::duel {

// Where each view lies in the observation of one table (wonders_env.duel.observation.ObservationLayout):
// the sizes of its cards, wonders, tokens, decks, slots and phases; a Pantheon table's views after
// them, then an Agora table's.
struct ObsLayout {
  int slot_size, slot_back, slot_accessible, slot_empty;  // within a structure slot's entries
  int phase, age, deciding, structure, my_city, opponent_city, discard, coins;
  int wonders[4];  // my unbuilt, my built, the opponent's unbuilt, the opponent's built
  int draft, board, my_tokens, opponent_tokens, library, pawn, looting, my_science, opponent_science;
  // Pantheon (-1 without): its views, from `pantheon_spaces` to the end of the row
  int pantheon_spaces = -1, space_size = 0, mythology_decks = -1, slot_tokens = -1, pantheon_tokens[2] = {-1, -1};
  int divinities[2] = {-1, -1}, astarte = -1, minerva = -1, enki_tokens = -1, choice = -1;
  // Agora (-1 without): its views, from `senate_cubes` to the end of the row; mine, then the opponent's
  int senate_cubes = -1, decree_size = 0, chamber_decrees = -1, conspiracy_deck = -1, my_conspiracies = -1;
  int my_prepared = -1, opponent_conspiracies = -1, triggered[2] = {-1, -1}, drawn_conspiracies = -1;
  int locked_tokens = -1, agora_choice = -1, may_trigger = -1, senate_actions_left = -1;
  int size;
  std::vector<std::pair<std::string, int>> views;  // (name, size) of each view, in order (ObservationLayout's)

  ObsLayout(const Tables& tables, const PantheonTables* pantheon, const AgoraTables* agora);
};
constexpr int PANTHEON_SLOT_SIZE = NUM_MYTHOLOGIES + 1;  // per structure slot: its token's mythology, or an offering

// What one observation row holds, field by field (the one-hot positions, the bits of each set,
// the counts). A default ObsView stands for an all-zero row.
struct ObsView {
  int16_t phase_at = -1, age_at = -1, deciding_at = -1, pawn_at = -1;  // index of the 1, or -1
  uint16_t slot_code[MAX_SLOTS] = {};  // 0 nothing, 1 empty, 2 + deck face down, 8 + 2 card + accessible
  static_assert(2 + MAX_DECKS <= 8, "the card backs' codes stay below the cards'");
  CardSet my_city, opponent_city, discard;
  float coins[2] = {0.0f, 0.0f};
  uint16_t wonders[4] = {};  // my unbuilt, my built, opponent's unbuilt, opponent's built (bits)
  uint16_t draft = 0, board = 0, my_tokens = 0, opponent_tokens = 0, library = 0;
  uint8_t looting = 0;                  // bits of the looting view
  int8_t science[2][NUM_SYMBOLS] = {};  // the values written: 0, 1 or 2
};

// What the expansions' views of one row hold, as an ObsView for the base views: a one-hot entry as
// its place in its group plus 1 (0: none), a set as bits, a count as itself. Default: all zero (and
// always so for an expansion the table does not have). Without padding, so that equal views
// compare equal bytewise and an unchanged expansion's views are skipped at once.
struct PantheonView {
  uint64_t tokens[2] = {};  // mine, the opponent's: byte k counts the tokens of kind k (token_kind)
  static_assert(NUM_MYTHOLOGIES + NUM_OFFERINGS == 8, "a player's tokens are counted by kind in 8 bytes");
  uint16_t divinities[2] = {};  // activated (bits)
  static_assert(NUM_DIVINITIES <= 16, "the activated divinities fit in 16 bits");
  int16_t astarte[2] = {};
  uint16_t enki_tokens = 0;
  uint8_t space_entry[NUM_SPACES] = {};  // each space's entry: its divinity, mythology back or empty
  int8_t mythology_decks[NUM_MYTHOLOGIES] = {};
  uint8_t slot_token_entry[MAX_SLOTS] = {};  // the mythology (or offering) of each slot's token
  uint8_t minerva_entry = 0, choice_entry = 0;
};
struct AgoraView {  // 32-bit sets: room for a 17th conspiracy or decree without touching this file
  uint32_t face_up_decrees[NUM_CHAMBERS] = {};  // bits
  static_assert(NUM_DECREES <= 32, "a chamber's decrees fit in 32 bits");
  uint32_t my_conspiracies = 0, my_prepared = 0, triggered[2] = {}, drawn = 0, locked_tokens = 0;
  static_assert(NUM_CONSPIRACIES <= 32 && MAX_TOKENS <= 32, "conspiracies and tokens fit in 32 bits");
  int8_t cubes[2][NUM_CHAMBERS] = {};                         // mine, the opponent's
  int8_t face_down_decrees[NUM_CHAMBERS] = {};                // how many
  int8_t conspiracy_deck = 0, opponent_conspiracies[2] = {};  // the opponent's: kept, prepared
  uint8_t agora_choice_entry = 0;
  int8_t may_trigger = 0, senate_actions_left = 0;
};
static_assert(std::has_unique_object_representations_v<PantheonView> &&
                  std::has_unique_object_representations_v<AgoraView>,
              "the expansions' views have no padding");
struct ExpansionView {
  PantheonView pantheon;
  AgoraView agora;
};

// Turn a row that holds `old` into one that holds `fresh`, writing only the entries that differ
// (the Engine's observe, observe_expansions and encode_observation, observation.cpp, compute the
// views); `layout`: the observation's layout of the table.
void write_changes(const ObsLayout& layout, const ObsView& old, const ObsView& fresh, float* row);
void write_changes(const ObsLayout& layout, const ExpansionView& old, const ExpansionView& fresh, float* row);

}  // namespace wonders::duel
