// The rules of 7 Wonders Duel (see rules.hpp); each function mirrors the Python function of the
// same name in wonders_env/duel/state.py or rules.py. The helpers take the Engine they work for;
// those an expansion's rules call too are declared in steps.hpp, the others are file-local. Where
// a Pantheon table changes a rule, the function calls pantheon.cpp (pantheon.hpp) as rules.py
// calls pantheon.py.
#include "duel/rules.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "duel/agora.hpp"
#include "duel/pantheon.hpp"
#include "duel/steps.hpp"

namespace wonders::duel {

// ---------------------------------------------------------------------------------- setup
namespace {

// One Age's deck shuffled: its cards in slot order (Layout::age_slots of them: Agora's Senators join
// them later) and the boxed ones (Age III with the Guilds).
void deal_age(const Engine& engine, int age, Rng& rng, Deal& deal) {
  const Tables& tables = engine.tables();
  std::vector<int8_t> cards = tables.deck_cards[age - 1];
  rng.shuffle(cards.data(), static_cast<int>(cards.size()));
  const int slots = tables.layouts[age - 1].age_slots;
  const int removed = static_cast<int>(cards.size()) - (slots - (age == 3 ? GUILDS_PER_GAME : 0));
  std::vector<int8_t> kept(cards.begin() + removed, cards.end());
  std::vector<int8_t> boxed(cards.begin(), cards.begin() + removed);
  if (age == 3) {
    std::vector<int8_t> guilds = tables.deck_cards[tables.age3_extra_deck];  // the Guilds
    rng.shuffle(guilds.data(), static_cast<int>(guilds.size()));
    kept.insert(kept.end(), guilds.begin(), guilds.begin() + GUILDS_PER_GAME);
    boxed.insert(boxed.end(), guilds.begin() + GUILDS_PER_GAME, guilds.end());
    rng.shuffle(kept.data(), static_cast<int>(kept.size()));
  }
  deal.cards[age - 1].fill(EMPTY);
  std::copy(kept.begin(), kept.end(), deal.cards[age - 1].begin());
  deal.boxed[age - 1].fill(EMPTY);
  std::copy(boxed.begin(), boxed.end(), deal.boxed[age - 1].begin());
}

// Empty if the first n `values` are a permutation of 0 .. n-1, else what is wrong (naming `what`).
template <size_t N>
std::string permutation_error(const std::array<int8_t, N>& values, int n, const char* what) {
  std::array<bool, N> seen{};
  for (int i = 0; i < n; ++i) {
    const int8_t v = values[i];
    if (v < 0 || v >= n || seen[v])
      return std::string("corrupt deal: ") + what + " must be a permutation of 0-" + std::to_string(n - 1);
    seen[v] = true;
  }
  return "";
}

// Start `age`: lay out its structure from the deal; the bottom row is open.
void start_age(const Engine& engine, State& state, int age) {
  const Tables& tables = engine.tables();
  const Layout& layout = tables.layouts[age - 1];
  state.age = static_cast<int8_t>(age);
  state.slot_card = state.deal.cards[age - 1];
  state.face_up = layout.face_up;
  state.cover_count = layout.cover_count;
  state.slot_count = layout.slots;
  state.cards_left = layout.slots;
  if (engine.pantheon()) pantheon::start_age(engine, state, age);
}

}  // namespace

Deal Engine::draw_deal(uint64_t seed) const {
  const Tables& tables = *tables_;
  Rng rng(seed);
  Deal deal{};
  deal.wonder_order.fill(EMPTY);
  deal.token_order.fill(EMPTY);
  for (int w = 0; w < tables.num_wonders; ++w) deal.wonder_order[w] = static_cast<int8_t>(w);
  for (int t = 0; t < tables.num_tokens; ++t) deal.token_order[t] = static_cast<int8_t>(t);
  rng.shuffle(deal.wonder_order.data(), tables.num_wonders);
  rng.shuffle(deal.token_order.data(), tables.num_tokens);
  for (int age = 1; age <= 3; ++age) deal_age(*this, age, rng, deal);
  if (pantheon_) pantheon::draw(*this, rng, deal);
  if (agora_) agora::draw(*this, rng, deal);
  return deal;
}

std::string Engine::check_deal(const Deal& deal) const {
  const Tables& tables = *tables_;
  std::string error = permutation_error(deal.wonder_order, tables.num_wonders, "the wonder order");
  if (error.empty()) error = permutation_error(deal.token_order, tables.num_tokens, "the token order");
  if (!error.empty()) return error;
  for (int w = tables.num_wonders; w < MAX_WONDERS; ++w)
    if (deal.wonder_order[w] != EMPTY) return "corrupt deal: the wonder order lists more wonders than the table's";
  for (int t = tables.num_tokens; t < MAX_TOKENS; ++t)
    if (deal.token_order[t] != EMPTY) return "corrupt deal: the token order lists more tokens than the table's";
  const int extra_deck = tables.age3_extra_deck;
  for (int age = 1; age <= 3; ++age) {
    const std::string name = "Age " + std::to_string(age);
    const int boxed = tables.boxed_per_age[age - 1];
    std::vector<int> dealt(tables.num_cards, 0);
    int guilds_dealt = 0;
    auto count = [&](int8_t card, bool in_structure) -> std::string {
      if (card < 0 || card >= tables.num_cards)
        return "corrupt deal: " + name + " holds " + std::to_string(card) + ", not a card id 0-" +
               std::to_string(tables.num_cards - 1);
      int deck = tables.cards[card].deck;
      if (deck != age - 1 && !(age == 3 && deck == extra_deck))
        return "corrupt deal: " + name + " holds " + tables.card_names[card] + ", a card of another deck";
      if (dealt[card]++) return "corrupt deal: " + name + " holds " + tables.card_names[card] + " twice";
      if (in_structure && deck == extra_deck) ++guilds_dealt;
      return "";
    };
    for (int slot = 0; slot < tables.layouts[age - 1].slots; ++slot)
      if (!(error = count(deal.cards[age - 1][slot], true)).empty()) return error;
    for (int i = 0; i < boxed; ++i)
      if (!(error = count(deal.boxed[age - 1][i], false)).empty()) return error;
    for (int i = boxed; i < MAX_BOXED; ++i)
      if (deal.boxed[age - 1][i] != EMPTY)
        return "corrupt deal: " + name + " boxes more than " + std::to_string(boxed) + " cards";
    if (age == 3 && guilds_dealt != GUILDS_PER_GAME)
      return "corrupt deal: Age III must hold exactly 3 Guilds, got " + std::to_string(guilds_dealt);
  }
  return "";
}

void Engine::size_state(State& s) const {
  s.table_counts = counts_;
  for (int age = 0; age < 3; ++age) {
    s.boxed_count[age] = tables_->boxed_per_age[age];
    s.deal_slots[age] = tables_->layouts[age].slots;
  }
}

void Engine::new_game(State& s, const Deal& deal) const {
  s = State{};
  size_state(s);
  s.deal = deal;
  s.phase = DRAFT;
  s.current = s.turn_player = 0;
  s.age = 0;
  s.victory = NO_VICTORY;
  s.draft_step = 0;
  for (int i = 0; i < WONDERS_PER_ROUND; ++i) s.draft_offer |= 1u << deal.wonder_order[i];
  s.slot_card.fill(EMPTY);
  s.face_up.fill(false);
  s.cover_count.fill(0);
  s.slot_count = static_cast<int8_t>(tables_->num_slots);
  s.coins[0] = s.coins[1] = STARTING_COINS;
  s.wonder_card.fill(EMPTY);
  s.boxed_wonder = EMPTY;
  for (int i = 0; i < BOARD_TOKENS; ++i) s.board_tokens |= 1u << deal.token_order[i];
  s.looting = 0b1111;
  s.destroy_color = NONE;
  if (pantheon_) pantheon::new_pantheon(s, deal);
  if (agora_) agora::new_agora(*this, s, deal);
}

// ------------------------------------------------------------------------------- legality
namespace {

template <typename Keep>
int card_actions(const CardSet& cards, int offset, Keep keep, int16_t* out) {
  int n = 0;
  for (int word = 0; word < 2; ++word)
    for (uint64_t bits = cards.bits[word]; bits; bits &= bits - 1) {
      int card = word * 64 + __builtin_ctzll(bits);
      if (keep(card)) out[n++] = static_cast<int16_t>(offset + card);
    }
  return n;
}

int bit_actions(unsigned bits, int offset, int16_t* out) {
  int n = 0;
  for (; bits; bits &= bits - 1) out[n++] = static_cast<int16_t>(offset + __builtin_ctz(bits));
  return n;
}

bool accessible(const State& s, int card) {
  for (int slot = 0; slot < s.slot_count; ++slot)
    if (s.slot_card[slot] == card) return !s.cover_count[slot];
  return false;
}

int play_actions(const Engine& engine, const State& s, int16_t* out) {
  const ActionLayout& acts = engine.actions();
  const int build_at = acts.at(A_BUILD), sell_at = acts.at(A_SELL), wonder_at = acts.at(A_WONDER);
  const int player = s.current, coins = engine.spendable(s, player);
  const Prices prices = engine.trade_prices(s, player);
  int wonders[2 * WONDERS_PER_ROUND], num_wonders = 0;
  if (s.wonders_built < MAX_WONDERS_BUILT)
    for (int i = 0; i < s.wonder_count[player]; ++i) {
      int w = s.player_wonders[player][i];
      if (!(s.wonder_built >> w & 1) && w != s.boxed_wonder && engine.wonder_cost(s, player, w, prices) <= coins)
        wonders[num_wonders++] = w;  // the boxed one: Anubis (Pantheon) may unbuild the 7th
    }
  int n = 0;
  for (int slot = 0; slot < s.slot_count; ++slot) {
    int card = s.slot_card[slot];
    if (card == EMPTY || s.cover_count[slot]) continue;
    if (engine.build_cost(s, player, card, prices) <= coins) out[n++] = static_cast<int16_t>(build_at + card);
    out[n++] = static_cast<int16_t>(sell_at + card);
    const int base = wonder_at + card * acts.num_wonders;
    for (int i = 0; i < num_wonders; ++i) out[n++] = static_cast<int16_t>(base + wonders[i]);
  }
  if (engine.pantheon()) n += pantheon::activation_actions(engine, s, out + n);
  if (engine.agora()) {
    const AgoraState& a = s.agora;
    if (agora::preparable_any(a, player))
      for (int slot = 0; slot < s.slot_count; ++slot)
        if (s.slot_card[slot] != EMPTY && !s.cover_count[slot])
          out[n++] = static_cast<int16_t>(acts.at(A_PREPARE) + s.slot_card[slot]);
    if (a.may_trigger) {
      int8_t conspiracies[NUM_CONSPIRACIES];
      const int m = agora::triggerable(a, player, false, conspiracies);
      for (int i = 0; i < m; ++i) out[n++] = static_cast<int16_t>(acts.at(A_TRIGGER) + conspiracies[i]);
    }
  }
  return n;
}

}  // namespace

int Engine::legal_actions(const State& s, int16_t* out) const {
  const Tables& tables = *tables_;
  const ActionLayout& acts = actions_;
  switch (s.phase) {
    case PLAY:
      return play_actions(*this, s, out);
    case DRAFT:
      return bit_actions(s.draft_offer, acts.at(A_DRAFT), out);
    case PROGRESS:
      return bit_actions(s.board_tokens, acts.at(A_PROGRESS), out);
    case DESTROY: {
      const int colour = s.destroy_color;
      return card_actions(
          s.owned[1 - s.current], acts.at(A_DESTROY), [&](int card) { return tables.cards[card].color == colour; },
          out);
    }
    case MAUSOLEUM:
      return card_actions(s.discard, acts.at(A_MAUSOLEUM), [](int) { return true; }, out);
    case LIBRARY:
      return bit_actions(s.library_offer, acts.at(A_LIBRARY), out);
    case STARTER:
      out[0] = static_cast<int16_t>(acts.at(A_STARTER));
      out[1] = static_cast<int16_t>(acts.at(A_STARTER) + 1);
      return 2;
    case CHOOSE:
      return agora_ && s.agora.choice != NONE ? agora::choice_actions(*this, s, out)
                                              : pantheon::choice_actions(*this, s, out);
    default:
      return 0;
  }
}

std::string Engine::describe_action(int action) const {
  const Tables& tables = *tables_;
  const Decoded d = actions_.decode(action);
  switch (d.kind) {
    case A_DRAFT:
      return "draft " + tables.wonder_names[d.index];
    case A_WONDER:
      return "wonder " + tables.wonder_names[d.wonder] + " with " + tables.card_names[d.index];
    case A_PROGRESS:
    case A_LIBRARY:
      return std::string(KIND_NAMES[d.kind]) + " " + tables.token_names[d.index];
    case A_STARTER:
      return d.index == STARTER_ME ? "starter me" : "starter opponent";
    case A_ACTIVATE: {
      std::string used;
      for (int i = 0; i < NUM_OFFERINGS; ++i)
        if (d.wonder >> i & 1)
          used += (used.empty() ? "" : " ") + std::string("-") +
                  std::to_string(pantheon_->tokens[pantheon_->offering_tokens[i]].discount);
      return "activate space " + std::to_string(d.index + 1) + (used.empty() ? "" : " with offerings " + used);
    }
    case A_CHOOSE:
      return "choose " + (agora_ ? agora::item_name(*this, d.index) : pantheon::item_name(*this, d.index));
    case A_TRIGGER:
      return "trigger " + agora_->conspiracy_names[d.index];
    default:
      return std::string(KIND_NAMES[d.kind]) + " " + tables.card_names[d.index];
  }
}

std::string Engine::why_illegal(const State& s, long long action) const {
  const Tables& tables = *tables_;
  static constexpr const char* PHASE_NAMES[NUM_PHASES] = {"draft",   "play",    "progress",  "destroy", "mausoleum",
                                                          "library", "starter", "game_over", "choose"};
  static constexpr const char* PHASE_KINDS[NUM_PHASES] = {
      "draft", "build, sell, wonder", "progress", "destroy", "mausoleum", "library", "starter", "", "choose"};
  if (action < 0 || action >= actions_.num_actions)
    return "it is not an action number (an integer in 0-" + std::to_string(actions_.num_actions - 1) + ")";
  const Decoded d = actions_.decode(static_cast<int>(action));
  if (s.phase == GAME_OVER) return "the game is over";
  const bool play_kind = d.kind == A_BUILD || d.kind == A_SELL || d.kind == A_WONDER || d.kind == A_ACTIVATE ||
                         d.kind == A_PREPARE || d.kind == A_TRIGGER;
  const int phase_kind[NUM_PHASES] = {A_DRAFT,   -1,        A_PROGRESS, A_DESTROY, A_MAUSOLEUM,
                                      A_LIBRARY, A_STARTER, -2,         A_CHOOSE};
  if (s.phase == PLAY ? !play_kind : d.kind != phase_kind[s.phase])
    return std::string("the decision now is ") + PHASE_NAMES[s.phase] + " (allowed kinds: " + PHASE_KINDS[s.phase] +
           (s.phase == PLAY && (pantheon_ || agora_) ? ", activate" : "") +
           (s.phase == PLAY && agora_ ? ", prepare, trigger" : "") + "), not " + KIND_NAMES[d.kind];
  const int player = s.current;
  switch (d.kind) {
    case A_DRAFT:
      return s.draft_offer >> d.index & 1 ? "" : tables.wonder_names[d.index] + " is not on the draft table";
    case A_BUILD:
    case A_SELL:
    case A_WONDER:
    case A_PREPARE: {
      const std::string& card = tables.card_names[d.index];
      if (!accessible(s, d.index)) return card + " is not an accessible card of the structure";
      const Prices prices = trade_prices(s, player);
      const int coins = spendable(s, player);
      if (d.kind == A_BUILD) {
        int cost = build_cost(s, player, d.index, prices);
        if (cost > coins)
          return "building " + card + " costs " + std::to_string(cost) + " coins and the player has " +
                 std::to_string(coins);
      } else if (d.kind == A_WONDER) {
        const std::string& name = tables.wonder_names[d.wonder];
        if (std::find(s.player_wonders[player], s.player_wonders[player] + s.wonder_count[player], d.wonder) ==
            s.player_wonders[player] + s.wonder_count[player])
          return name + " is not one of the player's wonders";
        if (s.wonder_built >> d.wonder & 1) return name + " is already built";
        if (s.wonders_built >= MAX_WONDERS_BUILT)
          return std::to_string(MAX_WONDERS_BUILT) + " wonders are already built";
        if (d.wonder == s.boxed_wonder)  // Pantheon: Anubis unbuilt one of the 7
          return name + " went back to the box when the " + std::to_string(MAX_WONDERS_BUILT) + "th wonder was built";
        int cost = wonder_cost(s, player, d.wonder, prices);
        if (cost > coins)
          return "building " + name + " costs " + std::to_string(cost) + " coins and the player has " +
                 std::to_string(coins);
      } else if (d.kind == A_PREPARE && !agora::preparable_any(s.agora, player)) {
        return "the player holds no unprepared conspiracy";
      }
      return "";
    }
    case A_TRIGGER: {
      if (!s.agora.may_trigger) return "a conspiracy is triggered at the start of a turn, before anything else, once";
      int8_t held[NUM_CONSPIRACIES];
      const int n = agora::triggerable(s.agora, player, false, held);
      return std::find(held, held + n, d.index) != held + n
                 ? ""
                 : "the player holds no prepared " + agora_->conspiracy_names[d.index];
    }
    case A_ACTIVATE:
      return pantheon::why_not_activate(*this, s, d.index, d.wonder);
    case A_CHOOSE:
      return agora_ && s.agora.choice != NONE ? agora::why_not_choose(*this, s, d.index)
                                              : pantheon::why_not_choose(*this, s, d.index);
    case A_PROGRESS:
      return s.board_tokens >> d.index & 1 ? "" : tables.token_names[d.index] + " is not on the board";
    case A_DESTROY:
      if (!s.owned[1 - player].has(d.index) || tables.cards[d.index].color != s.destroy_color) {
        static constexpr const char* COLOUR_NAMES[NUM_COLORS] = {"brown",  "grey", "blue",  "green",
                                                                 "yellow", "red",  "purple"};
        return tables.card_names[d.index] + " is not a " + COLOUR_NAMES[s.destroy_color] +
               " card of the opponent's city";
      }
      return "";
    case A_MAUSOLEUM:
      return s.discard.has(d.index) ? "" : tables.card_names[d.index] + " is not in the discard pile";
    case A_LIBRARY:
      return s.library_offer >> d.index & 1
                 ? ""
                 : tables.token_names[d.index] + " is not among the tokens the Great Library drew";
    default:
      return "";  // STARTER: both choices are always legal
  }
}

void check_table(const Engine& engine, const State& state) {
  const TableCounts& mine = engine.counts();
  const TableCounts& theirs = state.table_counts;
  if (!(theirs == mine))
    throw std::invalid_argument("this Duel state is a game of another table (" + std::to_string(theirs.cards) +
                                " cards, " + std::to_string(theirs.wonders) + " wonders, " +
                                std::to_string(theirs.tokens) + " progress tokens) than this engine's (" +
                                std::to_string(mine.cards) + ", " + std::to_string(mine.wonders) + ", " +
                                std::to_string(mine.tokens) + ")");
}

// ---------------------------------------------------------------------------- resolution
// the steps an expansion's rules call too (steps.hpp), then the file-local ones
void log_action(State& s, int player, int action, int paid) {
  s.log[s.log_size++] = LogEntry{static_cast<int8_t>(player), static_cast<int16_t>(action), static_cast<int16_t>(paid)};
}

void game_over(State& s, uint8_t winners, Victory victory) {
  s.phase = GAME_OVER;
  s.current = NOBODY;
  s.winners = winners;
  s.victory = victory;
  s.pending_progress = s.play_again = false;
}

namespace {

int income(const Engine& engine, const State& s, int player, int card) {
  const Tables& tables = engine.tables();
  const CardData& d = tables.cards[card];
  int coins = d.coins;
  if (d.coins_per_card) coins += d.coins_per_card * colour_count(s, player, d.coins_per_card_colors);
  if (d.coins_per_wonder) coins += d.coins_per_wonder * built_wonder_count(s, player);
  if (d.guild_coins)
    coins +=
        d.guild_coins * std::max(colour_count(s, 0, d.guild_coins_colors), colour_count(s, 1, d.guild_coins_colors));
  return coins;
}

// The civilian winners (scoring.py's winners): by points, then blue points; a bit per player
// (both on a tie).
uint8_t winners(const Engine& engine, const State& s) {
  const Score a = engine.score_breakdown(s, 0), b = engine.score_breakdown(s, 1);
  if (a[TOTAL] != b[TOTAL]) return a[TOTAL] > b[TOTAL] ? 1 : 2;
  if (a[0] != b[0]) return a[0] > b[0] ? 1 : 2;
  return 3;
}

void end_age(const Engine& engine, State& s) {
  if (s.age == 3) {
    game_over(s, winners(engine, s), CIVILIAN);
    return;
  }
  start_age(engine, s, s.age + 1);
  if (engine.pantheon() && s.age == engine.pantheon()->first_activation_age) pantheon::reveal(engine, s);
  s.phase = STARTER;
  s.current = s.pawn > 0 ? 1 : s.pawn < 0 ? 0 : s.turn_player;
}

// Trade payments go to the bank, or to the opponent who owns Economy.
void pay_resources(const Engine& engine, State& s, int player, int coins) {
  const Tables& tables = engine.tables();
  if (coins && s.player_tokens[1 - player] >> tables.economy & 1)
    s.coins[1 - player] = static_cast<int16_t>(s.coins[1 - player] + coins);
}

// The bits of `table` (a card's chain symbols or fixed prices) over the cards of `owner`'s city.
template <class Field>
uint32_t bits_of(const Engine& engine, const State& s, int owner, Field field) {
  uint32_t bits = 0;
  for (int i = 0; i < s.city_size[owner]; ++i) bits |= engine.tables().cards[s.city[owner][i]].*field;
  return bits;
}

}  // namespace

void move_pawn(const Engine& engine, State& s, int player, int shields) {
  const Tables& tables = engine.tables();
  const int loser = 1 - player;
  int pawn = s.pawn + (player == 0 ? shields : -shields);
  pawn = std::max(-SUPREMACY_DISTANCE, std::min(SUPREMACY_DISTANCE, pawn));
  if (engine.pantheon()) {
    pawn = pantheon::pawn_stop(s, s.pawn, pawn);
    if (tables.poliorcetics != NONE && s.player_tokens[player] >> tables.poliorcetics & 1)
      s.coins[loser] = static_cast<int16_t>(
          s.coins[loser] - std::min<int>(tables.poliorcetics_coins * std::abs(pawn - s.pawn), s.coins[loser]));
  }
  s.pawn = static_cast<int8_t>(pawn);
  const int distance = loser == 1 ? pawn : -pawn;
  for (int i = 0; i < 4; ++i) {
    const LootingToken& token = tables.looting[i];
    if (token.victim == loser && (s.looting >> i & 1) && distance >= token.distance) {
      s.looting &= static_cast<uint8_t>(~(1u << i));
      if (engine.agora())
        agora::military_token(engine, s, player, token.distance);
      else
        s.coins[loser] = static_cast<int16_t>(s.coins[loser] - std::min<int>(token.coins, s.coins[loser]));
    }
  }
  if (distance >= SUPREMACY_DISTANCE) game_over(s, static_cast<uint8_t>(1u << player), MILITARY);
}

void gain_symbol(State& s, int player, int symbol) {
  int8_t* science = s.science[player];
  ++science[symbol];
  if (science[symbol] == 1) {
    int distinct = 0;
    for (int k = 0; k < NUM_SYMBOLS; ++k) distinct += science[k] != 0;
    if (distinct >= SCIENCE_SUPREMACY_SYMBOLS) game_over(s, static_cast<uint8_t>(1u << player), SCIENCE);
  } else if (science[symbol] == PAIR && s.board_tokens) {
    s.pending_progress = true;
  }
}

void take_token(const Engine& engine, State& s, int player, int token) {
  const Tables& tables = engine.tables();
  s.player_tokens[player] |= static_cast<uint16_t>(1u << token);
  s.coins[player] = static_cast<int16_t>(s.coins[player] + tables.tokens[token].coins);
  if (tables.tokens[token].science != NONE) gain_symbol(s, player, tables.tokens[token].science);
}

void add_choice(State& s, int player, int bits, int units) {
  if (bits == RAW_BITS)
    s.raw_choices[player] = static_cast<int8_t>(s.raw_choices[player] + units);
  else if (bits == MANUFACTURED_BITS)
    s.manufactured_choices[player] = static_cast<int8_t>(s.manufactured_choices[player] + units);
}

// Put `card` in `player`'s city and apply what it does when built (already paid).
void add_building(const Engine& engine, State& s, int player, int card) {
  const Tables& tables = engine.tables();
  const CardData& d = tables.cards[card];
  s.city[player][s.city_size[player]++] = static_cast<int8_t>(card);
  s.owned[player].add(card);
  ++s.color_count[player][d.color];
  s.chains[player] |= d.chain_gives;
  if (d.changes_costs) {
    for (int r = 0; r < NUM_RESOURCES; ++r)
      s.production[player][r] = static_cast<int8_t>(s.production[player][r] + d.production[r]);
    if (d.choice) add_choice(s, player, d.choice);
    s.fixed_price_bits[player] |= d.trade_fixed;
  }
  if (d.has_income) s.coins[player] = static_cast<int16_t>(s.coins[player] + income(engine, s, player, card));
  if (d.shields) {
    int shields = d.shields;
    if (d.color == RED && s.player_tokens[player] >> tables.strategy & 1) shields += tables.strategy_shields;
    move_pawn(engine, s, player, shields);
  }
  if (d.science != NONE) gain_symbol(s, player, d.science);
}

// Take `card` out of `owner`'s city with what it gives while there (production, choice, fixed
// prices, chain symbol, science symbol); what it gave once (coins, shields) stays given.
void remove_from_city(const Engine& engine, State& s, int owner, int card) {
  const Tables& tables = engine.tables();
  const CardData& d = tables.cards[card];
  int8_t* city = s.city[owner];
  const int size = s.city_size[owner];
  int i = 0;
  while (city[i] != card) ++i;
  std::copy(city + i + 1, city + size, city + i);
  --s.city_size[owner];
  s.owned[owner].remove(card);
  --s.color_count[owner][d.color];
  for (int r = 0; r < NUM_RESOURCES; ++r)
    s.production[owner][r] = static_cast<int8_t>(s.production[owner][r] - d.production[r]);
  if (d.choice) add_choice(s, owner, d.choice, -1);
  if (d.trade_fixed)
    s.fixed_price_bits[owner] = static_cast<uint8_t>(bits_of(engine, s, owner, &CardData::trade_fixed));
  if (d.chain_gives) s.chains[owner] = bits_of(engine, s, owner, &CardData::chain_gives);
  if (d.science != NONE) --s.science[owner][d.science];
}

namespace {

// rules.py library_draw: the set-aside tokens the Great Library draws (bits): the first `count` of the
// set-aside order; built again after Anubis, the next `count`, never those drawn before (a project
// decision: pantheon.py)
// (with Agora, of those nobody took with Espionage nor locked with Obscurantism)
uint16_t library_draw(const Engine& engine, const State& s, int count) {
  int8_t tokens[MAX_TOKENS];
  const int n = still_set_aside(engine, s, tokens);
  const int first = s.library_used ? count : 0;
  const int end = std::min(first + count, n);
  uint16_t drawn = 0;
  for (int i = first; i < end; ++i) drawn |= static_cast<uint16_t>(1u << tokens[i]);
  return drawn;
}

}  // namespace

int still_set_aside(const Engine& engine, const State& s, int8_t* out) {
  if (engine.agora()) return agora::set_aside_tokens(engine, s, out);
  int n = 0;
  for (int i = BOARD_TOKENS; i < engine.tables().num_tokens; ++i) out[n++] = s.deal.token_order[i];
  return n;
}

void take_from_structure(const Engine& engine, State& s, int card) {
  const Tables& tables = engine.tables();
  int slot = 0;
  while (s.slot_card[slot] != card) ++slot;
  s.slot_card[slot] = EMPTY;
  --s.cards_left;
  for (int8_t below : tables.layouts[s.age - 1].covers[slot]) {
    if (below == NONE) break;
    if (!--s.cover_count[below]) {
      s.face_up[below] = true;
      if (engine.pantheon()) pantheon::free_token(s, below);
    }
  }
}

// Pay `coins`: from the treasury first, then from Astarte (README decision 7).
void spend(State& s, int player, int coins) {
  const int from_treasury = std::min<int>(coins, s.coins[player]);
  s.coins[player] = static_cast<int16_t>(s.coins[player] - from_treasury);
  if (coins > from_treasury)
    s.pantheon.astarte[player] = static_cast<int16_t>(s.pantheon.astarte[player] - (coins - from_treasury));
}

namespace {

// rules.py start_turn: the turn player's turn begins (with Agora: a conspiracy may be triggered first).
void start_turn(const Engine& engine, State& s) {
  s.phase = PLAY;
  s.current = s.turn_player;
  if (engine.agora()) s.agora.may_trigger = true;
}

// rules.py _continue_draft (Agora's tables): the next pick after Agora's decisions of a wonder
// taken, or Age I after the last.
void continue_draft(const Engine& engine, State& s) {
  if (s.agora.num_steps && agora::run_steps(engine, s)) return;
  if (s.draft_step == 2 * WONDERS_PER_ROUND) {
    start_age(engine, s, 1);
    s.turn_player = DRAFT_ORDER[0];
    start_turn(engine, s);
  } else {
    s.phase = DRAFT;
    s.current = DRAFT_ORDER[s.draft_step];
  }
}

}  // namespace

// After a decision: Agora's waiting decisions (in the draft, the draft going on), a pending
// progress choice, the tokens freed this turn (Pantheon), the turn going on after a conspiracy
// triggered at its start (Agora), the end of the Age, or the next turn.
void end_turn(const Engine& engine, State& s) {
  if (engine.agora()) {
    if (s.age == 0) {
      continue_draft(engine, s);
      return;
    }
    if (s.agora.num_steps && agora::run_steps(engine, s)) return;
  }
  if (s.pending_progress) {
    s.pending_progress = false;
    s.phase = PROGRESS;
    s.current = s.turn_player;
    return;
  }
  if (engine.pantheon() && s.pantheon.num_pending && pantheon::take_pending_tokens(engine, s)) return;
  if (engine.agora() && s.agora.triggering) {
    s.agora.triggering = false;
    if (s.cards_left) {
      s.phase = PLAY;
      s.current = s.turn_player;
      return;
    }
  }
  if (!s.cards_left) {
    s.play_again = false;
    end_age(engine, s);
    return;
  }
  if (s.play_again)
    s.play_again = false;
  else
    s.turn_player = static_cast<int8_t>(1 - s.turn_player);
  start_turn(engine, s);
}

// `player`'s `wonder` is built with `card` under it (paid already): its effects, then the decision
// it asks for, or the end of the turn.
void build_wonder(const Engine& engine, State& s, int player, int wonder, int card) {
  const Tables& tables = engine.tables();
  const int opponent = 1 - player;
  const WonderData& w = tables.wonders[wonder];
  s.wonder_built |= static_cast<uint16_t>(1u << wonder);
  s.wonder_card[wonder] = static_cast<int8_t>(card);
  if (++s.wonders_built == MAX_WONDERS_BUILT && s.boxed_wonder == EMPTY) {
    for (int p = 0; p < 2 && s.boxed_wonder == EMPTY; ++p)
      for (int i = 0; i < s.wonder_count[p]; ++i)
        if (!(s.wonder_built >> s.player_wonders[p][i] & 1)) {
          s.boxed_wonder = s.player_wonders[p][i];
          break;
        }
  }
  if (w.choice) add_choice(s, player, w.choice);
  s.coins[player] = static_cast<int16_t>(s.coins[player] + w.coins);
  if (w.opponent_loses)
    s.coins[opponent] = static_cast<int16_t>(s.coins[opponent] - std::min<int>(w.opponent_loses, s.coins[opponent]));
  if (w.shields) {
    move_pawn(engine, s, player, w.shields);
    if (s.phase == GAME_OVER) return;
  }
  s.play_again = w.has(PLAY_AGAIN) || (s.player_tokens[player] >> tables.theology & 1);
  if (engine.agora()) agora::wonder_built(engine, s, player, wonder);
  if (w.destroy != NONE && s.color_count[opponent][w.destroy]) {
    s.phase = DESTROY;
    s.destroy_color = w.destroy;
  } else if (w.has(BUILD_FROM_DISCARD) && !s.discard.empty()) {
    s.phase = MAUSOLEUM;
  } else if (w.library_draw) {
    s.library_offer = library_draw(engine, s, w.library_draw);
    s.library_used = true;
    s.phase = LIBRARY;
  } else if (!(w.theater && pantheon::open_theater(engine, s))) {
    end_turn(engine, s);
  }
}

namespace {

void draft(const Engine& engine, State& s, int action, int wonder) {
  const int player = s.current;
  s.draft_offer &= static_cast<uint16_t>(~(1u << wonder));
  s.player_wonders[player][s.wonder_count[player]++] = static_cast<int8_t>(wonder);
  log_action(s, player, action, 0);
  ++s.draft_step;
  if (s.draft_step == WONDERS_PER_ROUND)
    for (int i = WONDERS_PER_ROUND; i < 2 * WONDERS_PER_ROUND; ++i) s.draft_offer |= 1u << s.deal.wonder_order[i];
  if (engine.agora()) {
    agora::draft_effects(engine, s, player, wonder);
    continue_draft(engine, s);
  } else if (s.draft_step == 2 * WONDERS_PER_ROUND) {
    start_age(engine, s, 1);
    s.phase = PLAY;
    s.current = s.turn_player = DRAFT_ORDER[0];
  } else {
    s.current = DRAFT_ORDER[s.draft_step];
  }
}

void build(const Engine& engine, State& s, int action, int card) {
  const Tables& tables = engine.tables();
  const int player = s.current;
  const CardData& d = tables.cards[card];
  take_from_structure(engine, s, card);
  int paid = 0;
  const bool expansion = engine.pantheon() || engine.agora();
  if (d.chain_needs & s.chains[player] || (expansion && engine.free_by_chain(s, player, card))) {
    if (s.player_tokens[player] >> tables.urbanism & 1)
      s.coins[player] = static_cast<int16_t>(s.coins[player] + tables.urbanism_chain_coins);
  } else if (expansion) {
    const auto [coins, trade] = engine.payment(s, player, card, engine.trade_prices(s, player));
    paid = coins;
    spend(s, player, paid);
    pay_resources(engine, s, player, trade);
  } else {
    int waived = d.color == BLUE && s.player_tokens[player] >> tables.masonry & 1 ? tables.blue_discount : 0;
    int trade = purchase_cost(d.cost.data(), s.production[player], s.raw_choices[player],
                              s.manufactured_choices[player], engine.trade_prices(s, player), waived);
    paid = d.coin_cost + trade;
    spend(s, player, paid);
    pay_resources(engine, s, player, trade);
  }
  log_action(s, player, action, paid);
  add_building(engine, s, player, card);
  if (engine.agora() && s.phase != GAME_OVER) agora::card_built(engine, s, player, card);
  if (s.phase != GAME_OVER) end_turn(engine, s);
}

void sell(const Engine& engine, State& s, int action, int card) {
  const int player = s.current;
  take_from_structure(engine, s, card);
  s.coins[player] = static_cast<int16_t>(s.coins[player] + engine.sell_value(s, player));
  s.discard.add(card);
  log_action(s, player, action, 0);
  end_turn(engine, s);
}

void wonder(const Engine& engine, State& s, int action, int card, int wonder) {
  const int player = s.current;
  take_from_structure(engine, s, card);
  const int paid = engine.wonder_cost(s, player, wonder, engine.trade_prices(s, player));
  spend(s, player, paid);
  pay_resources(engine, s, player, paid);
  log_action(s, player, action, paid);
  build_wonder(engine, s, player, wonder, card);
}

void progress(const Engine& engine, State& s, int action, int token) {
  const int player = s.current;
  s.board_tokens &= static_cast<uint16_t>(~(1u << token));
  log_action(s, player, action, 0);
  take_token(engine, s, player, token);
  if (s.phase != GAME_OVER) end_turn(engine, s);
}

void destroy(const Engine& engine, State& s, int action, int card) {
  const int player = s.current, opponent = 1 - player;
  log_action(s, player, action, 0);
  remove_from_city(engine, s, opponent, card);
  s.discard.add(card);
  s.destroy_color = NONE;
  end_turn(engine, s);
}

void mausoleum(const Engine& engine, State& s, int action, int card) {
  const int player = s.current;
  s.discard.remove(card);
  log_action(s, player, action, 0);
  add_building(engine, s, player, card);
  if (engine.agora() && s.phase != GAME_OVER) agora::card_built(engine, s, player, card);
  if (s.phase != GAME_OVER) end_turn(engine, s);
}

void library(const Engine& engine, State& s, int action, int token) {
  const int player = s.current;
  s.library_offer = 0;
  log_action(s, player, action, 0);
  take_token(engine, s, player, token);
  if (s.phase != GAME_OVER) end_turn(engine, s);
}

void starter(const Engine& engine, State& s, int action, int choice) {
  const int chooser = s.current;
  log_action(s, chooser, action, 0);
  s.turn_player = static_cast<int8_t>(choice == STARTER_ME ? chooser : 1 - chooser);
  start_turn(engine, s);
}

// rules.py _prepare (Agora): the card taken goes under a conspiracy, chosen next.
void prepare(const Engine& engine, State& s, int action, int card) {
  const int player = s.current;
  take_from_structure(engine, s, card);
  log_action(s, player, action, 0);
  agora::prepare(s, player, card);
  end_turn(engine, s);
}

// rules.py _trigger (Agora): a conspiracy triggered at the start of the turn; the turn goes on after it.
void trigger(const Engine& engine, State& s, int action, int conspiracy) {
  const int player = s.current;
  log_action(s, player, action, 0);
  s.agora.may_trigger = false;
  s.agora.triggering = true;
  agora::trigger(engine, s, player, conspiracy);
  if (s.phase != GAME_OVER) end_turn(engine, s);
}

}  // namespace

void Engine::apply_actions(State& s, const std::array<int, 2>& actions) const {
  const int action = actions[s.current];
  const Decoded d = actions_.decode(action);
  switch (d.kind) {
    case A_DRAFT:
      draft(*this, s, action, d.index);
      break;
    case A_BUILD:
      build(*this, s, action, d.index);
      break;
    case A_SELL:
      sell(*this, s, action, d.index);
      break;
    case A_WONDER:
      wonder(*this, s, action, d.index, d.wonder);
      break;
    case A_PROGRESS:
      progress(*this, s, action, d.index);
      break;
    case A_DESTROY:
      destroy(*this, s, action, d.index);
      break;
    case A_MAUSOLEUM:
      mausoleum(*this, s, action, d.index);
      break;
    case A_LIBRARY:
      library(*this, s, action, d.index);
      break;
    case A_STARTER:
      starter(*this, s, action, d.index);
      break;
    case A_ACTIVATE:
      pantheon::activate(*this, s, action, d.index, d.wonder);
      break;
    case A_CHOOSE:
      if (agora_ && s.agora.choice != NONE)
        agora::choose(*this, s, action, d.index);
      else
        pantheon::choose(*this, s, action, d.index);
      break;
    case A_PREPARE:
      prepare(*this, s, action, d.index);
      break;
    case A_TRIGGER:
      trigger(*this, s, action, d.index);
      break;
  }
}

}  // namespace wonders::duel
