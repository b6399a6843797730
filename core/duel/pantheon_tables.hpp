// Pantheon's own tables in the Duel core: its divinities, its tokens, the Pantheon's prices and
// the structures' token slots (wonders_env.duel.cards.PantheonTables, parsed from
// data/pantheon_*.csv and pantheon.json).
//
// As for the base tables (tables.hpp), the Python engine is the one source of truth:
// wonders_env.duel.compiled.pantheon_table_arrays passes its flat per-id tables as named integer
// arrays, and PantheonTables::from_arrays checks every array's length and range and the facts the
// rules rely on (3 divinities per mythology and the Gate, 2 mythology tokens per mythology,
// mirrored prices, one Age I slot per mythology token of a game), so a corrupt table is an error
// at load, never a wrong game.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "duel/tables.hpp"

namespace wonders::duel {

constexpr int NUM_MYTHOLOGIES = 5, DIVINITIES_PER_MYTHOLOGY = 3, NUM_DIVINITIES = 16;
constexpr int MYTHOLOGY_TOKENS_PER_MYTHOLOGY = 2, NUM_OFFERINGS = 3;
constexpr int NUM_PANTHEON_TOKENS = NUM_MYTHOLOGIES * MYTHOLOGY_TOKENS_PER_MYTHOLOGY + NUM_OFFERINGS;
constexpr int NUM_SPACES = 6, TEMPLE_POINTS = 4;

// The divinities' powers that ask their activator to choose, in the order of
// wonders_env.duel.cards.DIVINE_POWERS (a divinity's `power` is one of them, or NONE);
// DIVINE_POWER_NAMES names each (its token), and PantheonTables::from_arrays refuses tables whose
// powers are other names or in another order.
enum DivinePower : int8_t {
  ENKI_TOKEN_CHOICE,  // progress_choice_from_setaside
  COPY_OPPONENT_GREEN,
  STEAL_CARD,
  DIVINE_BUILD_FROM_DISCARD,  // build_from_discard (Hades)
  DISCARD_STRUCTURE_CARD,
  UNBUILD_WONDER,
  BUILD_WONDER_WITH_DISCARD,
  STEAL_UNBUILT_WONDER,
  MINERVA_PAWN,
  MILITARY_TOKENS_DISCARD1_APPLY1,
  REVEAL_TOP_EACH_MYTHOLOGY,
  ACTIVATE_FROM_MYTHOLOGY_DECK,
  NUM_DIVINE_POWERS
};
constexpr std::array<const char*, NUM_DIVINE_POWERS> DIVINE_POWER_NAMES = {"progress_choice_from_setaside",
                                                                           "copy_opponent_green",
                                                                           "steal_card",
                                                                           "build_from_discard",
                                                                           "discard_structure_card",
                                                                           "unbuild_wonder",
                                                                           "build_wonder_with_discard",
                                                                           "steal_unbuilt_wonder",
                                                                           "minerva_pawn",
                                                                           "military_tokens_discard1_apply1",
                                                                           "reveal_top_each_mythology",
                                                                           "activate_from_mythology_deck"};

// The named sets of the generic decision (wonders_env.duel.state.Choice, in its order): what the
// turn player chooses from in the phase CHOOSE.
enum Choice : int8_t {
  PLACE_DIVINITY,
  PLACE_SPACE,
  ENKI_TOKEN,
  NISABA_CARD,
  BAAL_CARD,
  HADES_CARD,
  ZEUS_CARD,
  ANUBIS_WONDER,
  ISIS_CARD,
  ISIS_WONDER,
  RA_WONDER,
  MINERVA_SPACE,
  NEPTUNE_DISCARD,
  NEPTUNE_APPLY,
  GATE_DIVINITY,
  THEATER_MYTHOLOGY,
  THEATER_DIVINITY,
  THEATER_TOP,
  NUM_CHOICES
};
constexpr const char* CHOICE_NAMES[NUM_CHOICES] = {
    "place_divinity",  "place_space",   "enki_token",    "nisaba_card",       "baal_card",        "hades_card",
    "zeus_card",       "anubis_wonder", "isis_card",     "isis_wonder",       "ra_wonder",        "minerva_space",
    "neptune_discard", "neptune_apply", "gate_divinity", "theater_mythology", "theater_divinity", "theater_top"};

// The kinds of item of the `choose` range, in the order of its sub-ranges (wonders_env.duel.actions.Item):
// Pantheon's, then Agora's.
enum Item : int8_t {
  I_CARD,
  I_WONDER,
  I_TOKEN,
  I_DIVINITY,
  I_SPACE,
  I_MYTHOLOGY,
  I_TRACK,
  I_MILITARY_TOKEN,
  I_SLOT,  // a slot of the structure (its card may be face down): Zeus's set
  // Agora's (empty without it)
  I_CHAMBER,      // a chamber of the Senate, 0-5
  I_SENATE_MOVE,  // a cube moved between adjacent chambers (actions.py senate_moves order)
  I_CONSPIRACY,
  I_OPTION,  // stop, conspire, top, bottom (AgoraOption)
  NUM_ITEMS
};
constexpr int TRACK_MIDDLE = 9, TRACK_SPACES = 2 * TRACK_MIDDLE + 1, MILITARY_TOKENS = 4;
// the kind of item each set holds (pantheon.py CHOICE_ITEM)
constexpr Item CHOICE_ITEM[NUM_CHOICES] = {
    I_DIVINITY, I_SPACE,  I_TOKEN, I_CARD,           I_CARD,           I_CARD,     I_SLOT,      I_WONDER,   I_CARD,
    I_WONDER,   I_WONDER, I_TRACK, I_MILITARY_TOKEN, I_MILITARY_TOKEN, I_DIVINITY, I_MYTHOLOGY, I_DIVINITY, I_DIVINITY};
constexpr int ENKI_TOKENS = 2;  // the set-aside progress tokens put on Enki
constexpr int OFFERING_SUBSETS = 1 << NUM_OFFERINGS;

struct DivinityData {
  int8_t mythology;  // NONE: the Gate
  int8_t vp, coins, shields, science, astarte_coins, vp_per_astarte_coin, price_multiplier;
  int8_t power;                     // a DivinePower, or NONE
  int8_t power_amount, power_what;  // the power's arguments: a number (Enki's tokens), a bit set (Baal's colours)
};

struct PantheonTokenData {
  int8_t mythology;  // NONE: an offering token
  int8_t discount;   // an offering's coins off the price, or 0
  int8_t draw;       // a mythology token: the divinities it draws
};

struct PantheonTables {
  std::array<DivinityData, NUM_DIVINITIES> divinities;
  std::array<PantheonTokenData, NUM_PANTHEON_TOKENS> tokens;
  std::array<std::array<int8_t, NUM_SPACES>, 2> space_prices;  // per player, per space
  std::array<std::vector<int8_t>, 3> token_slots;              // per Age: the structure slots holding a token
  std::array<int8_t, TEMPLE_POINTS> grand_temple_vp;           // by Grand Temples built: 0, 1, 2, 3
  int mythology_tokens_per_game, first_activation_age;
  // derived
  int gate;                                                                         // the divinity without a mythology
  std::array<std::array<int8_t, DIVINITIES_PER_MYTHOLOGY>, NUM_MYTHOLOGIES> decks;  // divinity ids, ascending
  std::array<int8_t, NUM_MYTHOLOGIES * MYTHOLOGY_TOKENS_PER_MYTHOLOGY> mythology_tokens;  // token ids, ascending
  std::array<int8_t, NUM_OFFERINGS> offering_tokens;   // token ids, ascending (bit i of an activation)
  std::array<int8_t, NUM_PANTHEON_TOKENS> token_kind;  // a token's mythology, or NUM_MYTHOLOGIES + its offering's index
  int enki, steal_colours;  // the divinity that offers set-aside tokens (or NONE); the colours Baal takes (bits)
  std::vector<std::string> divinity_names, token_names;

  // Builds and validates the tables; throws std::invalid_argument naming the bad array or fact, or
  // both lists of powers when `divine_power_names` (the tables' vocabulary) is not DIVINE_POWER_NAMES.
  static PantheonTables from_arrays(const TableArrays& arrays, std::vector<std::string> divinity_names,
                                    std::vector<std::string> token_names,
                                    const std::vector<std::string>& divine_power_names);
};

}  // namespace wonders::duel
