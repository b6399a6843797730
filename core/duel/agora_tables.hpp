// Agora's own tables in the Duel core: its conspiracies, decrees and military tokens, the Senate's
// numbers, the Senators and the Agora effects of the wonders (wonders_env.duel.cards.AgoraTables,
// parsed from data/agora_*.csv and agora.json).
//
// As for the base tables (tables.hpp), the Python engine is the one source of truth:
// wonders_env.duel.compiled.agora_table_arrays passes its tables as named integer arrays, each
// effect as (its kind in the vocabulary AGORA_EFFECT_NAMES, its amount, its argument), and
// AgoraTables::from_arrays checks every array's length and range and the facts the rules rely on
// (6 chambers, 16 conspiracies and decrees, one effect per decree, at most 2 conspiracies drawn),
// so a corrupt table is an error at load, never a wrong game.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "duel/pantheon_tables.hpp"
#include "duel/tables.hpp"

namespace wonders::duel {

constexpr int NUM_CHAMBERS = 6, NUM_CONSPIRACIES = 16, NUM_DECREES = 16, MAX_AGORA_EFFECTS = 3;
constexpr int MAX_DRAWN = 2, MAX_BLUE_COUNTED = 8;  // conspiracies drawn at most; senate_actions_by_blue's entries
constexpr int NUM_SENATE_MOVES = 2 * (NUM_CHAMBERS - 1);  // a cube to an adjacent chamber (actions.py senate_moves)
constexpr int MILITARY_DISTANCES = 10;                    // pawn distances 0-9 from the middle

// The effects of Agora's conspiracies, decrees, military tokens and wonders that the core reads, in
// the order of wonders_env.duel.cards.AGORA_EFFECTS (AGORA_EFFECT_NAMES names each: the lower-case
// EffectKind name; AgoraTables::from_arrays refuses a vocabulary of other names or in another order).
enum AgoraEffect : int8_t {
  E_SHIELDS,
  E_STEAL_UNBUILT_WONDER,
  E_STEAL_HALF_COINS,
  E_DESTROY,
  E_MOVE_INFLUENCE,
  E_LOCK_PROGRESS_TOKEN,
  E_BUILD_FREE_FROM_FIRST_ROW,
  E_BUILD_FREE_FROM_BOXED,
  E_PLACE_INFLUENCE,
  E_REMOVE_OPPONENT_INFLUENCE,
  E_PROGRESS_FROM_ALL_UNUSED,
  E_DISCARD_ACCESSIBLE_CARDS,
  E_COINS_PER_OWN_CUBE,
  E_OPPONENT_LOSES_PER_CUBE,
  E_STEAL_CARD,
  E_SWAP_CARD,
  E_MOVE_DECREE,
  E_BOX_BUILT_WONDER,
  E_BUILD_INCOME,
  E_IGNORE_COST_SYMBOL,
  E_WONDER_DISCOUNT,
  E_SHIELD_WHILE_CONTROLLED,
  E_TRADE_DISCOUNT,
  E_SENATE_BLUE_BONUS,
  E_DISCARD_BONUS,
  E_WONDER_INCOME,
  E_CHAINS_FROM_OPPONENT,
  E_PLAY_AGAIN_ON_CONSPIRATOR,
  E_DRAFT_CONSPIRE,
  E_TRIGGER_UNPREPARED_CONSPIRACY,
  E_DRAFT_PLACE_INFLUENCE,
  NUM_AGORA_EFFECTS
};
constexpr std::array<const char*, NUM_AGORA_EFFECTS> AGORA_EFFECT_NAMES = {"shields",
                                                                           "steal_unbuilt_wonder",
                                                                           "steal_half_coins",
                                                                           "destroy",
                                                                           "move_influence",
                                                                           "lock_progress_token",
                                                                           "build_free_from_first_row",
                                                                           "build_free_from_boxed",
                                                                           "place_influence",
                                                                           "remove_opponent_influence",
                                                                           "progress_from_all_unused",
                                                                           "discard_accessible_cards",
                                                                           "coins_per_own_cube",
                                                                           "opponent_loses_per_cube",
                                                                           "steal_card",
                                                                           "swap_card",
                                                                           "move_decree",
                                                                           "box_built_wonder",
                                                                           "build_income",
                                                                           "ignore_cost_symbol",
                                                                           "wonder_discount",
                                                                           "shield_while_controlled",
                                                                           "trade_discount",
                                                                           "senate_blue_bonus",
                                                                           "discard_bonus",
                                                                           "wonder_income",
                                                                           "chains_from_opponent",
                                                                           "play_again_on_conspirator",
                                                                           "draft_conspire",
                                                                           "trigger_unprepared_conspiracy",
                                                                           "draft_place_influence"};

// Agora's named sets of the generic decision, after Pantheon's (wonders_env.duel.state.Choice from
// SENATE_ACTION, in its order).
enum AgoraChoice : int8_t {
  SENATE_ACTION = NUM_CHOICES,
  CONSPIRATOR,
  KEEP_CONSPIRACY,
  PUT_BACK,
  PLACE_INFLUENCE,
  REMOVE_INFLUENCE,
  MOVE_INFLUENCE,
  PREPARE_CONSPIRACY,
  CURIA_TRIGGER,
  STEAL_WONDER,
  DESTROY_CARD,
  LOCK_TOKEN,
  FIRST_ROW_CARD,
  BOXED_CARD,
  SET_ASIDE_TOKEN,
  DISCARD_ACCESSIBLE,
  TAKE_CARD,
  SWAP_TAKE,
  SWAP_GIVE,
  DECREE_FROM,
  DECREE_TO,
  BOX_WONDER,
  PAIR_TOKEN,
  ALL_CHOICES  // Pantheon's and Agora's
};
constexpr int NUM_AGORA_CHOICES = ALL_CHOICES - SENATE_ACTION;
constexpr const char* AGORA_CHOICE_NAMES[NUM_AGORA_CHOICES] = {
    "senate_action",      "conspirator",    "keep_conspiracy",    "put_back",      "place_influence",
    "remove_influence",   "move_influence", "prepare_conspiracy", "curia_trigger", "steal_wonder",
    "destroy_card",       "lock_token",     "first_row_card",     "boxed_card",    "set_aside_token",
    "discard_accessible", "take_card",      "swap_take",          "swap_give",     "decree_from",
    "decree_to",          "box_wonder",     "pair_token"};
// The options of Agora's decisions (the I_OPTION items: actions.py OPTION_NAMES).
enum AgoraOption : int8_t { STOP, CONSPIRE, TOP, BOTTOM, NUM_OPTIONS };

struct AgoraEffectData {
  int8_t kind = NONE;  // an AgoraEffect, or NONE (no more effects)
  int8_t amount = 0, what = 0;
};
using AgoraEffects = std::array<AgoraEffectData, MAX_AGORA_EFFECTS>;  // in the order of the table's text

struct AgoraTables {
  std::array<AgoraEffects, NUM_CONSPIRACIES> conspiracies;
  std::array<AgoraEffectData, NUM_DECREES> decrees;       // one effect each
  std::array<AgoraEffects, MILITARY_DISTANCES> military;  // per pawn distance: its Agora military token's effects
  std::array<AgoraEffects, MAX_WONDERS> wonders;          // per wonder: its Agora effects (Curia Julia, Knossos)
  std::array<int8_t, NUM_CHAMBERS> chamber_vp;
  std::array<bool, NUM_CHAMBERS> decree_face_up;  // at setup
  std::array<int8_t, 3> senators_per_age;
  std::array<int8_t, MAX_BLUE_COUNTED> senate_actions_by_blue;  // by blue cards counted (the last: any more)
  std::array<uint8_t, MAX_CARDS> politician_chambers;           // per card: a Politician's chambers (bits), or 0
  std::array<bool, MAX_CARDS> conspirator;                      // per card: a Conspirator
  std::vector<int8_t> senators;                                 // the Senators' card ids, ascending
  int cubes_per_player, conspiracies_drawn, trade_discount_min_price;
  int corruption, organized_crime;  // the progress tokens (ids of the table's)
  std::vector<std::string> conspiracy_names, decree_names;

  int senate_actions(int blue_cards) const {
    return senate_actions_by_blue[blue_cards < MAX_BLUE_COUNTED ? blue_cards : MAX_BLUE_COUNTED - 1];
  }

  // Builds and validates the tables of a table of `tables`' cards, wonders and tokens; throws
  // std::invalid_argument naming the bad array or fact, or both vocabularies when `effect_names`
  // is not AGORA_EFFECT_NAMES.
  static AgoraTables from_arrays(const TableArrays& arrays, const Tables& tables,
                                 std::vector<std::string> conspiracy_names, std::vector<std::string> decree_names,
                                 const std::vector<std::string>& effect_names);
};

}  // namespace wonders::duel
