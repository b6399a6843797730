#include "duel/agora_tables.hpp"

#include <stdexcept>

namespace wonders::duel {
namespace {

int8_t i8(int64_t v) { return static_cast<int8_t>(v); }

void refuse(const std::string& what) { throw std::invalid_argument("duel agora tables: " + what); }

// Refuses tables whose effect vocabulary is not the core's AgoraEffect members, naming both lists.
void check_effect_names(const std::vector<std::string>& given) {
  const std::vector<std::string> core(AGORA_EFFECT_NAMES.begin(), AGORA_EFFECT_NAMES.end());
  if (given == core) return;
  refuse("the Agora effects of the tables (wonders_env.duel.cards.AGORA_EFFECTS) are " + listed_names(given) +
         ", but the core's (AgoraEffect in core/duel/agora_tables.hpp) are " + listed_names(core) +
         "; add each effect to both, in one order");
}

// `rows` lists of MAX_AGORA_EFFECTS effects (kind, amount, what), each list's effects first, then NONE kinds.
template <size_t N>
void read_effects(const TableArrays& a, const std::string& name, size_t rows, std::array<AgoraEffects, N>& out) {
  const auto& values = table_array(a, name, rows * MAX_AGORA_EFFECTS * 3, NONE, 127);
  for (size_t r = 0; r < rows; ++r) {
    bool ended = false;
    for (int e = 0; e < MAX_AGORA_EFFECTS; ++e) {
      const size_t at = (r * MAX_AGORA_EFFECTS + e) * 3;
      AgoraEffectData effect{i8(values[at]), i8(values[at + 1]), i8(values[at + 2])};
      if (ended && effect.kind != NONE)
        refuse("array '" + name + "' row " + std::to_string(r) + ": an effect after the end of the list");
      if (effect.kind >= NUM_AGORA_EFFECTS)
        refuse("array '" + name + "' row " + std::to_string(r) + ": effect kind " + std::to_string(effect.kind) +
               " is not one of the " + std::to_string(NUM_AGORA_EFFECTS) + " Agora effects");
      ended |= effect.kind == NONE;
      out[r][e] = effect;
    }
  }
}

}  // namespace

AgoraTables AgoraTables::from_arrays(const TableArrays& a, const Tables& tables,
                                     std::vector<std::string> conspiracy_names, std::vector<std::string> decree_names,
                                     const std::vector<std::string>& effect_names) {
  check_effect_names(effect_names);
  if (conspiracy_names.size() != NUM_CONSPIRACIES || decree_names.size() != NUM_DECREES)
    refuse("expected " + std::to_string(NUM_CONSPIRACIES) + " conspiracy and " + std::to_string(NUM_DECREES) +
           " decree names, got " + std::to_string(conspiracy_names.size()) + " and " +
           std::to_string(decree_names.size()));
  AgoraTables t{};
  read_effects(a, "conspiracy_effects", NUM_CONSPIRACIES, t.conspiracies);
  read_effects(a, "military_token_effects", MILITARY_DISTANCES, t.military);
  read_effects(a, "wonder_agora_effects", tables.num_wonders, t.wonders);
  std::array<AgoraEffects, NUM_DECREES> decrees{};
  read_effects(a, "decree_effects", NUM_DECREES, decrees);
  for (int d = 0; d < NUM_DECREES; ++d) {
    if (decrees[d][0].kind == NONE || decrees[d][1].kind != NONE) refuse("a decree has one effect");
    t.decrees[d] = decrees[d][0];
  }
  const auto& vp = table_array(a, "chamber_vp", NUM_CHAMBERS, 0, 20);
  const auto& face_up = table_array(a, "decree_face_up", NUM_CHAMBERS, 0, 1);
  for (int c = 0; c < NUM_CHAMBERS; ++c) {
    t.chamber_vp[c] = i8(vp[c]);
    t.decree_face_up[c] = face_up[c] != 0;
  }
  const auto& senators = table_array(a, "senators_per_age", 3, 0, MAX_SLOTS);
  for (int age = 0; age < 3; ++age) t.senators_per_age[age] = i8(senators[age]);
  const auto& by_blue = table_array(a, "senate_actions_by_blue", MAX_BLUE_COUNTED, 0, 9);
  for (int b = 0; b < MAX_BLUE_COUNTED; ++b) t.senate_actions_by_blue[b] = i8(by_blue[b]);
  const size_t C = tables.num_cards;
  const auto& chambers = table_array(a, "politician_chambers", C, 0, (1 << NUM_CHAMBERS) - 1);
  const auto& conspirator = table_array(a, "conspirator", C, 0, 1);
  for (size_t c = 0; c < C; ++c) {
    t.politician_chambers[c] = static_cast<uint8_t>(chambers[c]);
    t.conspirator[c] = conspirator[c] != 0;
    if (chambers[c] || conspirator[c]) {
      if (tables.cards[c].color != SENATOR || (chambers[c] != 0) == t.conspirator[c])
        refuse("card " + std::to_string(c) + ": a Senator is a Politician or a Conspirator, and only a Senator");
      t.senators.push_back(static_cast<int8_t>(c));
    }
  }
  if (static_cast<int>(t.senators.size()) != senators[0] + senators[1] + senators[2])
    refuse("senators_per_age must deal the table's " + std::to_string(t.senators.size()) + " Senators");
  for (int age = 0; age < 3; ++age)
    if (tables.layouts[age].age_slots + t.senators_per_age[age] != tables.layouts[age].slots)
      refuse("Age " + std::to_string(age + 1) + "'s structure must hold its cards and its Senators");
  const auto& numbers = table_array(a, "agora_numbers", 5, NONE, 127);
  t.cubes_per_player = static_cast<int>(numbers[0]);
  t.conspiracies_drawn = static_cast<int>(numbers[1]);
  t.trade_discount_min_price = static_cast<int>(numbers[2]);
  t.corruption = static_cast<int>(numbers[3]);
  t.organized_crime = static_cast<int>(numbers[4]);
  if (t.cubes_per_player < 1 || t.conspiracies_drawn < 1 || t.conspiracies_drawn > MAX_DRAWN ||
      t.trade_discount_min_price < 0)
    refuse("agora_numbers: at least 1 cube a player, 1-" + std::to_string(MAX_DRAWN) +
           " conspiracies drawn and a minimum price of at least 0");
  for (int token : {t.corruption, t.organized_crime})
    if (token < 0 || token >= tables.num_tokens) refuse("Corruption and Organized Crime must be tokens of the table");
  t.conspiracy_names = std::move(conspiracy_names);
  t.decree_names = std::move(decree_names);
  return t;
}

}  // namespace wonders::duel
