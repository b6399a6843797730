// The rules of the Pantheon expansion (see pantheon.hpp); each function mirrors the Python function
// of the same name in wonders_env/duel/pantheon.py (the sets' options and resolutions: its _OPTIONS
// and _RESOLVE, here options_of and resolve).
#include "duel/pantheon.hpp"

#include <algorithm>

#include "duel/agora.hpp"
#include "duel/steps.hpp"

namespace wonders::duel::pantheon {
namespace {

// the Python lists of the state, held as arrays and counts
template <class T, class N>
void append(T* items, N& count, int item) {
  items[count++] = static_cast<T>(item);
}
template <class T, class N>
void remove_at(T* items, N& count, int i) {
  std::copy(items + i + 1, items + count, items + i);
  --count;
}
template <class T, class N>
void remove_item(T* items, N& count, int item) {  // list.remove: the first occurrence
  for (int i = 0; i < count; ++i)
    if (items[i] == item) return remove_at(items, count, i);
}
// n items, ascending
void sort_items(int8_t* items, int n) { std::sort(items, items + n); }

int mythology_of(const Engine& engine, int divinity) { return engine.pantheon()->divinities[divinity].mythology; }

// the coins a looting token takes from whom: tables.looting
const LootingToken& looting_token(const Engine& engine, int token) { return engine.tables().looting[token]; }

// pantheon.py enki_tokens: the last of the set-aside order still set aside (with Agora, not taken by
// Espionage nor locked by Obscurantism); the Great Library draws the first
void set_enki_tokens(const Engine& engine, State& s) {
  PantheonState& p = s.pantheon;
  p.num_enki_tokens = 0;
  int8_t set_aside[MAX_TOKENS];
  const int n = still_set_aside(engine, s, set_aside);
  for (int i = std::max(0, n - ENKI_TOKENS); i < n; ++i) append(p.enki_tokens, p.num_enki_tokens, set_aside[i]);
}

// _unbuilt and _isis_wonders: an own unbuilt wonder (not boxed), ascending
int unbuilt(const State& s, int player, int8_t* out) {
  int n = 0;
  for (int i = 0; i < s.wonder_count[player]; ++i) {
    const int w = s.player_wonders[player][i];
    if (!(s.wonder_built >> w & 1) && w != s.boxed_wonder) out[n++] = static_cast<int8_t>(w);
  }
  sort_items(out, n);
  return n;
}
int isis_wonders(const State& s, int player, int8_t* out) {
  return s.wonders_built < MAX_WONDERS_BUILT ? unbuilt(s, player, out) : 0;
}

int city_cards(const Engine& engine, const State& s, int owner, unsigned colours, int8_t* out) {
  int n = 0;
  for (int i = 0; i < s.city_size[owner]; ++i) {
    const int card = s.city[owner][i];
    if (colours >> engine.tables().cards[card].color & 1) out[n++] = static_cast<int8_t>(card);
  }
  sort_items(out, n);
  return n;
}

int discard_cards(const Engine& engine, const State& s, int8_t* out) {
  int n = 0;
  for (int card = 0; card < engine.tables().num_cards; ++card)
    if (s.discard.has(card)) out[n++] = static_cast<int8_t>(card);
  return n;
}

// _OPTIONS: the items of `choice` for the turn `player`, ascending
int options_of(const Engine& engine, const State& s, Choice choice, int player, int8_t* out) {
  const PantheonState& p = s.pantheon;
  const Tables& tables = engine.tables();
  int n = 0;
  switch (choice) {
    case PLACE_DIVINITY:
    case THEATER_DIVINITY:
    case THEATER_TOP:
      std::copy(p.drawn, p.drawn + p.num_drawn, out);
      n = p.num_drawn;
      break;
    case PLACE_SPACE:
      for (int space = 0; space < NUM_SPACES; ++space)
        if (p.spaces[space] == EMPTY) out[n++] = static_cast<int8_t>(space);
      return n;
    case ENKI_TOKEN:
      std::copy(p.enki_tokens, p.enki_tokens + p.num_enki_tokens, out);
      n = p.num_enki_tokens;
      break;
    case NISABA_CARD:
      return city_cards(engine, s, 1 - player, 1u << GREEN, out);
    case BAAL_CARD:
      return city_cards(engine, s, 1 - player, static_cast<unsigned>(engine.pantheon()->steal_colours), out);
    case HADES_CARD:
      return discard_cards(engine, s, out);
    case ZEUS_CARD:  // the occupied slots (a face-down card is named by its slot, never its id)
      for (int slot = 0; slot < s.slot_count; ++slot)
        if (s.slot_card[slot] != EMPTY) out[n++] = static_cast<int8_t>(slot);
      return n;
    case ANUBIS_WONDER:
      for (int w = 0; w < tables.num_wonders; ++w)
        if (s.wonder_built >> w & 1) out[n++] = static_cast<int8_t>(w);
      return n;
    case ISIS_CARD: {
      int8_t wonders[2 * WONDERS_PER_ROUND];
      return isis_wonders(s, player, wonders) ? discard_cards(engine, s, out) : 0;
    }
    case ISIS_WONDER:
      return isis_wonders(s, player, out);
    case RA_WONDER:
      return unbuilt(s, 1 - player, out);
    case MINERVA_SPACE:
      for (int track = 0; track < TRACK_SPACES; ++track) out[n++] = static_cast<int8_t>(track);
      return n;
    case NEPTUNE_DISCARD:
    case NEPTUNE_APPLY:
      for (int token = 0; token < MILITARY_TOKENS; ++token)
        if (s.looting >> token & 1) out[n++] = static_cast<int8_t>(token);
      return n;
    case GATE_DIVINITY:
      for (int m = 0; m < NUM_MYTHOLOGIES; ++m)
        if (p.deck_size[m]) out[n++] = p.decks[m][0];
      break;
    case THEATER_MYTHOLOGY:
      for (int m = 0; m < NUM_MYTHOLOGIES; ++m)
        if (p.deck_size[m]) out[n++] = static_cast<int8_t>(m);
      return n;
    default:
      return 0;
  }
  sort_items(out, n);
  return n;
}

void choose_or_end_turn(const Engine& engine, State& s, Choice choice);
void resolve(const Engine& engine, State& s, Choice choice, int player, int item);

// pantheon.py open_choice: ask the turn player to choose from `choice`'s set; false when it is empty
bool open_choice(const Engine& engine, State& s, Choice choice) {
  PantheonState& p = s.pantheon;
  int8_t options[MAX_OPTIONS];
  const int n = options_of(engine, s, choice, s.turn_player, options);
  if (!n) return false;
  p.choice = choice;
  std::copy(options, options + n, p.options);
  p.num_options = static_cast<int8_t>(n);
  s.phase = CHOOSE;
  s.current = s.turn_player;
  return true;
}

void choose_or_end_turn(const Engine& engine, State& s, Choice choice) {
  if (!open_choice(engine, s, choice)) end_turn(engine, s);
}

// the set a divinity's power asks its activator to choose from (pantheon.py FIRST_CHOICE)
Choice first_choice(int power) {
  switch (power) {
    case ENKI_TOKEN_CHOICE:
      return ENKI_TOKEN;
    case COPY_OPPONENT_GREEN:
      return NISABA_CARD;
    case STEAL_CARD:
      return BAAL_CARD;
    case DIVINE_BUILD_FROM_DISCARD:
      return HADES_CARD;
    case DISCARD_STRUCTURE_CARD:
      return ZEUS_CARD;
    case UNBUILD_WONDER:
      return ANUBIS_WONDER;
    case BUILD_WONDER_WITH_DISCARD:
      return ISIS_CARD;
    case STEAL_UNBUILT_WONDER:
      return RA_WONDER;
    case MINERVA_PAWN:
      return MINERVA_SPACE;
    case MILITARY_TOKENS_DISCARD1_APPLY1:
      return NEPTUNE_DISCARD;
    default:  // REVEAL_TOP_EACH_MYTHOLOGY (a divinity's power is never the Divine Theater's)
      return GATE_DIVINITY;
  }
}

// pantheon.py activate_divinity: `divinity` acts for `player` (from a space, the Gate or the Divine Theater)
void activate_divinity(const Engine& engine, State& s, int player, int divinity) {
  PantheonState& p = s.pantheon;
  const DivinityData& d = engine.pantheon()->divinities[divinity];
  append(p.activated[player], p.activated_count[player], divinity);
  s.coins[player] = static_cast<int16_t>(s.coins[player] + d.coins);
  p.astarte[player] = static_cast<int16_t>(p.astarte[player] + d.astarte_coins);
  if (d.shields) move_pawn(engine, s, player, d.shields);
  if (d.science != NONE && s.phase != GAME_OVER) gain_symbol(s, player, d.science);
  if (s.phase == GAME_OVER) return;
  if (d.power == ENKI_TOKEN_CHOICE && !p.num_enki_tokens) set_enki_tokens(engine, s);
  if (d.power == NONE)
    end_turn(engine, s);
  else
    choose_or_end_turn(engine, s, first_choice(d.power));
}

// _theater_put_back: the drawn divinities back, the next from the top chosen while two or more are
// left; then the chosen one acts
void theater_put_back(const Engine& engine, State& s, int player) {
  PantheonState& p = s.pantheon;
  if (p.num_drawn > 1) {
    open_choice(engine, s, THEATER_TOP);
    return;
  }
  if (p.num_drawn) {
    const int last = p.drawn[--p.num_drawn];
    const int m = mythology_of(engine, last);
    append(p.decks[m], p.deck_size[m], last);
  }
  const int divinity = p.chosen;
  p.chosen = EMPTY;
  activate_divinity(engine, s, player, divinity);
}

// _RESOLVE: the chosen `item` of `choice` takes effect for `player`
void resolve(const Engine& engine, State& s, Choice choice, int player, int item) {
  PantheonState& p = s.pantheon;
  const Tables& tables = engine.tables();
  switch (choice) {
    case PLACE_DIVINITY: {  // the others go back on top of the deck
      const int m = mythology_of(engine, item);
      int8_t deck[DIVINITIES_PER_MYTHOLOGY * 2];
      int n = 0;
      for (int i = 0; i < p.num_drawn; ++i)
        if (p.drawn[i] != item) deck[n++] = p.drawn[i];
      for (int i = 0; i < p.deck_size[m]; ++i) deck[n++] = p.decks[m][i];
      std::copy(deck, deck + n, p.decks[m]);
      p.deck_size[m] = static_cast<int8_t>(n);
      p.num_drawn = 0;
      p.chosen = static_cast<int8_t>(item);
      open_choice(engine, s, PLACE_SPACE);  // an empty space exists: take_pending_tokens checked
      return;
    }
    case PLACE_SPACE:
      p.spaces[item] = p.chosen;
      p.placed_by[item] = static_cast<int8_t>(player);
      p.space_face_up[item] = s.age >= engine.pantheon()->first_activation_age;
      p.chosen = EMPTY;
      end_turn(engine, s);
      return;
    case ENKI_TOKEN:
      p.num_enki_tokens = 0;
      take_token(engine, s, player, item);
      if (s.phase != GAME_OVER) end_turn(engine, s);
      return;
    case NISABA_CARD:
      p.snake = static_cast<int8_t>(item);
      gain_symbol(s, player, tables.cards[item].science);
      if (s.phase != GAME_OVER) end_turn(engine, s);
      return;
    case BAAL_CARD:
      remove_from_city(engine, s, 1 - player, item);
      add_building(engine, s, player, item);
      if (s.phase != GAME_OVER) end_turn(engine, s);
      return;
    case HADES_CARD:
      s.discard.remove(item);
      add_building(engine, s, player, item);
      if (engine.agora() && s.phase != GAME_OVER) agora::card_built(engine, s, player, item);
      if (s.phase != GAME_OVER) end_turn(engine, s);
      return;
    case ZEUS_CARD: {  // item: the slot
      const int card = s.slot_card[item];
      take_from_structure(engine, s, card);
      free_token(s, item);
      s.discard.add(card);
      append(p.zeus_cards, p.num_zeus_cards, card);
      end_turn(engine, s);
      return;
    }
    case ANUBIS_WONDER: {
      int owner = 0;
      if (std::find(s.player_wonders[1], s.player_wonders[1] + s.wonder_count[1], item) !=
          s.player_wonders[1] + s.wonder_count[1])
        owner = 1;
      s.discard.add(s.wonder_card[item]);
      s.wonder_built &= static_cast<uint16_t>(~(1u << item));
      s.wonder_card[item] = EMPTY;
      --s.wonders_built;
      if (tables.wonders[item].choice) add_choice(s, owner, tables.wonders[item].choice, -1);
      end_turn(engine, s);
      return;
    }
    case ISIS_CARD:
      p.chosen = static_cast<int8_t>(item);
      open_choice(engine, s, ISIS_WONDER);  // the card's choice was offered only with a wonder to build
      return;
    case ISIS_WONDER: {
      const int card = p.chosen;
      p.chosen = EMPTY;
      s.discard.remove(card);
      build_wonder(engine, s, player, item, card);
      return;
    }
    case RA_WONDER:
      remove_item(s.player_wonders[1 - player], s.wonder_count[1 - player], item);
      append(s.player_wonders[player], s.wonder_count[player], item);
      end_turn(engine, s);
      return;
    case MINERVA_SPACE:
      p.minerva = static_cast<int8_t>(item - TRACK_MIDDLE);
      end_turn(engine, s);
      return;
    case NEPTUNE_DISCARD:
      s.looting &= static_cast<uint8_t>(~(1u << item));
      choose_or_end_turn(engine, s, NEPTUNE_APPLY);
      return;
    case NEPTUNE_APPLY: {
      s.looting &= static_cast<uint8_t>(~(1u << item));
      const LootingToken& token = looting_token(engine, item);
      if (engine.agora())  // an Agora military token: its decisions are the Neptune player's (README decision 5)
        agora::military_token(engine, s, player, token.distance);
      else
        s.coins[token.victim] =
            static_cast<int16_t>(s.coins[token.victim] - std::min<int>(token.coins, s.coins[token.victim]));
      end_turn(engine, s);
      return;
    }
    case GATE_DIVINITY: {
      const int m = mythology_of(engine, item);
      remove_at(p.decks[m], p.deck_size[m], 0);
      activate_divinity(engine, s, player, item);
      return;
    }
    case THEATER_MYTHOLOGY:
      std::copy(p.decks[item], p.decks[item] + p.deck_size[item], p.drawn);
      p.num_drawn = p.deck_size[item];
      p.deck_size[item] = 0;
      open_choice(engine, s, THEATER_DIVINITY);
      return;
    case THEATER_DIVINITY:
      remove_item(p.drawn, p.num_drawn, item);
      p.chosen = static_cast<int8_t>(item);
      theater_put_back(engine, s, player);
      return;
    case THEATER_TOP: {
      remove_item(p.drawn, p.num_drawn, item);
      const int m = mythology_of(engine, item);
      append(p.decks[m], p.deck_size[m], item);
      theater_put_back(engine, s, player);
      return;
    }
    default:
      return;
  }
}

}  // namespace

// ------------------------------------------------------------------------------ setup
void draw(const Engine& engine, Rng& rng, Deal& deal) {
  const PantheonTables& tables = *engine.pantheon();
  PantheonDeal& out = deal.pantheon;
  out.decks = tables.decks;
  for (auto& deck : out.decks) rng.shuffle(deck.data(), DIVINITIES_PER_MYTHOLOGY);
  auto mythology = tables.mythology_tokens;
  rng.shuffle(mythology.data(), static_cast<int>(mythology.size()));
  auto offerings = tables.offering_tokens;
  rng.shuffle(offerings.data(), static_cast<int>(offerings.size()));
  const int8_t* per_age[3] = {mythology.data(), offerings.data(), nullptr};
  const int available[3] = {tables.mythology_tokens_per_game, NUM_OFFERINGS, 0};
  for (int age = 0; age < 3; ++age) {
    out.age_tokens[age].fill(EMPTY);
    const int n = std::min(available[age], static_cast<int>(tables.token_slots[age].size()));
    for (int i = 0; i < n; ++i) out.age_tokens[age][i] = per_age[age][i];
    out.age_token_count[age] = static_cast<int8_t>(n);
  }
}

void new_pantheon(State& s, const Deal& deal) {
  PantheonState& p = s.pantheon;
  p = PantheonState{};
  for (int m = 0; m < NUM_MYTHOLOGIES; ++m) {
    std::copy(deal.pantheon.decks[m].begin(), deal.pantheon.decks[m].end(), p.decks[m]);
    p.deck_size[m] = DIVINITIES_PER_MYTHOLOGY;
  }
  for (int age = 0; age < 3; ++age) {
    std::copy(deal.pantheon.age_tokens[age].begin(), deal.pantheon.age_tokens[age].end(), p.age_tokens[age]);
    p.age_token_count[age] = deal.pantheon.age_token_count[age];
  }
  std::fill(p.spaces.begin(), p.spaces.end(), EMPTY);
  std::fill(p.placed_by.begin(), p.placed_by.end(), NOBODY);
  std::fill(p.slot_tokens.begin(), p.slot_tokens.end(), EMPTY);
  p.num_slot_tokens = s.slot_count;
  p.minerva = NO_MINERVA;
  p.snake = EMPTY;
  p.choice = NONE;
  p.chosen = EMPTY;
}

void start_age(const Engine& engine, State& s, int age) {
  PantheonState& p = s.pantheon;
  std::fill(p.slot_tokens.begin(), p.slot_tokens.end(), EMPTY);
  p.num_slot_tokens = s.slot_count;
  const std::vector<int8_t>& slots = engine.pantheon()->token_slots[age - 1];
  const int n = std::min(static_cast<int>(slots.size()), static_cast<int>(p.age_token_count[age - 1]));
  for (int i = 0; i < n; ++i) p.slot_tokens[slots[i]] = p.age_tokens[age - 1][i];
}

// ------------------------------------------------------------------- prices and legality
int sanctuary_discount(const Engine& engine, const State& s, int player) {
  int discount = 0;
  for (int i = 0; i < s.wonder_count[player]; ++i) {
    const int w = s.player_wonders[player][i];
    if (s.wonder_built >> w & 1) discount += engine.tables().wonders[w].pantheon_discount;
  }
  return discount;
}

int owned_offerings(const Engine& engine, const State& s, int player) {
  const PantheonState& p = s.pantheon;
  const auto& kind = engine.pantheon()->token_kind;
  int bits = 0;
  for (int i = 0, held = p.token_count[player]; i < held; ++i)
    if (kind[p.tokens[player][i]] >= NUM_MYTHOLOGIES) bits |= 1 << (kind[p.tokens[player][i]] - NUM_MYTHOLOGIES);
  return bits;
}

int activation_actions(const Engine& engine, const State& s, int16_t* out) {
  const PantheonState& p = s.pantheon;
  if (s.age < engine.pantheon()->first_activation_age) return 0;
  const int player = s.current, owned = owned_offerings(engine, s, player), coins = engine.spendable(s, player);
  const int activate_at = engine.actions().at(A_ACTIVATE);
  int n = 0;
  for (int space = 0; space < NUM_SPACES; ++space) {
    if (p.spaces[space] == EMPTY || !p.space_face_up[space]) continue;
    for (int offerings = 0; offerings < OFFERING_SUBSETS; ++offerings)
      if (!(offerings & ~owned) && engine.activation_price(s, player, space, offerings) <= coins)
        out[n++] = static_cast<int16_t>(activate_at + space * OFFERING_SUBSETS + offerings);
  }
  return n;
}

std::string why_not_activate(const Engine& engine, const State& s, int space, int offerings) {
  const PantheonState& p = s.pantheon;
  const int player = s.current, first = engine.pantheon()->first_activation_age;
  if (s.age < first) return "the Pantheon opens in Age " + std::to_string(first);
  if (p.spaces[space] == EMPTY || !p.space_face_up[space])
    return "Pantheon space " + std::to_string(space + 1) + " holds no face-up divinity";
  if (offerings & ~owned_offerings(engine, s, player)) return "the player does not own every offering token it names";
  const int price = engine.activation_price(s, player, space, offerings), coins = engine.spendable(s, player);
  if (price > coins)
    return "the activation costs " + std::to_string(price) + " coins and the player has " + std::to_string(coins);
  return "";
}

int choice_actions(const Engine& engine, const State& s, int16_t* out) {
  const PantheonState& p = s.pantheon;
  const Item item = CHOICE_ITEM[p.choice];
  int8_t sorted[MAX_OPTIONS];
  std::copy(p.options, p.options + p.num_options, sorted);
  sort_items(sorted, p.num_options);
  for (int i = 0; i < p.num_options; ++i) out[i] = static_cast<int16_t>(engine.actions().item_action(item, sorted[i]));
  return p.num_options;
}

int options_now(const Engine& engine, const State& s, int8_t* out) {
  return options_of(engine, s, static_cast<Choice>(s.pantheon.choice), s.turn_player, out);
}

void refresh_options(const Engine& engine, State& s) {
  s.pantheon.num_options = static_cast<int8_t>(options_now(engine, s, s.pantheon.options));
}

std::string item_name(const Engine& engine, int index) {
  const auto [item, i] = engine.actions().item_of(index);
  if (item >= I_CHAMBER) return agora::item_name(engine, index);  // the table with both: Agora's items
  const Tables& tables = engine.tables();
  const PantheonTables* pantheon = engine.pantheon();  // null on the Agora table, which names only the first three
  switch (item) {
    case I_CARD:
      return tables.card_names[i];
    case I_WONDER:
      return tables.wonder_names[i];
    case I_TOKEN:
      return tables.token_names[i];
    case I_DIVINITY:
      return pantheon->divinity_names[i];
    case I_SPACE:
      return "space " + std::to_string(i + 1);
    case I_MYTHOLOGY:  // a mythology's name is its tokens' (pantheon_tokens.csv)
      return pantheon->token_names[pantheon->mythology_tokens[i * MYTHOLOGY_TOKENS_PER_MYTHOLOGY]];
    case I_TRACK: {
      const int at = i - TRACK_MIDDLE;
      return "track space " + std::string(at >= 0 ? "+" : "-") + std::to_string(at >= 0 ? at : -at);
    }
    case I_SLOT:
      return "slot " + std::to_string(i + 1);
    default: {
      static constexpr const char* NAMES[MILITARY_TOKENS] = {"player_0's -2 coins", "player_0's -5 coins",
                                                             "player_1's -2 coins", "player_1's -5 coins"};
      return NAMES[i];
    }
  }
}

std::string why_not_choose(const Engine& engine, const State& s, int index) {
  const PantheonState& p = s.pantheon;
  const auto [item, i] = engine.actions().item_of(index);
  if (item != CHOICE_ITEM[p.choice] || std::find(p.options, p.options + p.num_options, i) == p.options + p.num_options)
    return item_name(engine, index) + " is not in the set chosen from now (" + CHOICE_NAMES[p.choice] + ")";
  return "";
}

// ---------------------------------------------------------------------------- actions
void activate(const Engine& engine, State& s, int action, int space, int offerings) {
  PantheonState& p = s.pantheon;
  const int player = s.current;
  const int price = engine.activation_price(s, player, space, offerings);
  spend(s, player, price);
  for (int i = 0; i < NUM_OFFERINGS; ++i)
    if (offerings >> i & 1) remove_item(p.tokens[player], p.token_count[player], engine.pantheon()->offering_tokens[i]);
  const int divinity = p.spaces[space];
  p.spaces[space] = EMPTY;
  p.space_face_up[space] = false;
  p.placed_by[space] = NOBODY;
  log_action(s, player, action, price);
  append(p.space_activations, p.num_space_activations, divinity);
  activate_divinity(engine, s, player, divinity);
}

void choose(const Engine& engine, State& s, int action, int index) {
  PantheonState& p = s.pantheon;
  const Choice choice = static_cast<Choice>(p.choice);
  const int item = index - engine.actions().item_offsets[CHOICE_ITEM[choice]];
  log_action(s, s.current, action, 0);
  append(p.choice_log, p.num_choices, choice);
  p.choice = NONE;
  p.num_options = 0;
  resolve(engine, s, choice, s.current, item);
}

// ------------------------------------------------------------- what the base rules call
bool take_pending_tokens(const Engine& engine, State& s) {
  PantheonState& p = s.pantheon;
  const PantheonTables& tables = *engine.pantheon();
  const int player = s.turn_player;
  while (p.num_pending) {
    const int token = p.pending_tokens[0];
    remove_at(p.pending_tokens, p.num_pending, 0);
    append(p.tokens[player], p.token_count[player], token);
    const int mythology = tables.tokens[token].mythology;
    if (mythology == NONE || std::find(p.spaces.begin(), p.spaces.end(), EMPTY) == p.spaces.end()) continue;
    const int drawn = std::min<int>(tables.tokens[token].draw, p.deck_size[mythology]);
    std::copy(p.decks[mythology], p.decks[mythology] + drawn, p.drawn);
    p.num_drawn = static_cast<int8_t>(drawn);
    for (int i = 0; i < drawn; ++i) remove_at(p.decks[mythology], p.deck_size[mythology], 0);
    if (open_choice(engine, s, PLACE_DIVINITY)) return true;
  }
  return false;
}

void free_token(State& s, int slot) {
  PantheonState& p = s.pantheon;
  const int token = p.slot_tokens[slot];
  if (token == EMPTY) return;
  p.slot_tokens[slot] = EMPTY;
  append(p.pending_tokens, p.num_pending, token);
}

void reveal(const Engine& engine, State& s) {
  PantheonState& p = s.pantheon;
  const PantheonTables& tables = *engine.pantheon();
  const auto empty = std::find(p.spaces.begin(), p.spaces.end(), EMPTY);
  if (empty != p.spaces.end()) *empty = static_cast<int8_t>(tables.gate);
  for (int space = 0; space < NUM_SPACES; ++space) p.space_face_up[space] = p.spaces[space] != EMPTY;
  if (tables.enki != NONE && std::find(p.spaces.begin(), p.spaces.end(), tables.enki) != p.spaces.end())
    set_enki_tokens(engine, s);
}

bool open_theater(const Engine& engine, State& s) { return open_choice(engine, s, THEATER_MYTHOLOGY); }

int pawn_stop(State& s, int start, int end) {
  const int minerva = s.pantheon.minerva;
  if (minerva == NO_MINERVA || minerva == start || minerva < std::min(start, end) || minerva > std::max(start, end))
    return end;
  s.pantheon.minerva = NO_MINERVA;
  return minerva - (end > start ? 1 : -1);
}

}  // namespace wonders::duel::pantheon
