// The rules of Agora (see agora.hpp); each function mirrors the Python function of the same name in
// wonders_env/duel/agora.py (and state.py's deal_senators, new_agora).
#include "duel/agora.hpp"

#include <algorithm>
#include <vector>

#include "duel/pantheon.hpp"
#include "duel/steps.hpp"

namespace wonders::duel::agora {
namespace {

const AgoraTables& tables_of(const Engine& engine) { return *engine.agora(); }

// A step (player, set, argument, optional).
AgoraStep step(int player, int choice, int argument = NO_ARGUMENT, bool optional = false) {
  return AgoraStep{static_cast<int8_t>(player), static_cast<int8_t>(choice), static_cast<int8_t>(argument), optional};
}

// The steps to push, in order (at most MAX_STEPS).
struct Steps {
  AgoraStep items[MAX_STEPS];
  int n = 0;
  void add(const AgoraStep& s, int times = 1) {
    for (int i = 0; i < times; ++i) items[n++] = s;
  }
};

// agora.py push_steps: ask these before those already waiting.
void push_steps(State& s, const Steps& steps) {
  AgoraState& a = s.agora;
  if (a.num_steps + steps.n > MAX_STEPS) throw std::logic_error("Agora: more decisions waiting than MAX_STEPS");
  std::copy_backward(a.steps, a.steps + a.num_steps, a.steps + a.num_steps + steps.n);
  std::copy(steps.items, steps.items + steps.n, a.steps);
  a.num_steps = static_cast<int8_t>(a.num_steps + steps.n);
}

int choice_of_influence(int kind) {  // agora.py INFLUENCE_CHOICE
  return kind == E_PLACE_INFLUENCE             ? PLACE_INFLUENCE
         : kind == E_REMOVE_OPPONENT_INFLUENCE ? REMOVE_INFLUENCE
         : kind == E_MOVE_INFLUENCE            ? MOVE_INFLUENCE
                                               : NONE;
}

// agora.py influence_steps: the decisions of the influence effects among `effects`, in their order.
void influence_steps(int player, const AgoraEffects& effects, Steps& out) {
  for (const AgoraEffectData& e : effects) {
    const int choice = choice_of_influence(e.kind);
    if (choice != NONE) out.add(step(player, choice, NO_ARGUMENT, e.kind == E_MOVE_INFLUENCE), e.amount);
  }
}

// agora.py TARGET_CHOICE: the set a conspiracy's power asks its player to choose from, or NONE.
int target_choice(int kind) {
  switch (kind) {
    case E_STEAL_UNBUILT_WONDER:
      return STEAL_WONDER;
    case E_DESTROY:
      return DESTROY_CARD;
    case E_LOCK_PROGRESS_TOKEN:
      return LOCK_TOKEN;
    case E_BUILD_FREE_FROM_FIRST_ROW:
      return FIRST_ROW_CARD;
    case E_BUILD_FREE_FROM_BOXED:
      return BOXED_CARD;
    case E_PROGRESS_FROM_ALL_UNUSED:
      return SET_ASIDE_TOKEN;
    case E_DISCARD_ACCESSIBLE_CARDS:
      return DISCARD_ACCESSIBLE;
    case E_STEAL_CARD:
      return TAKE_CARD;
    case E_SWAP_CARD:
      return SWAP_TAKE;
    case E_BOX_BUILT_WONDER:
      return BOX_WONDER;
    default:
      return NONE;
  }
}

// agora.py TARGET_ITEM: the kind of item of each conspiracy's target set (I_OPTION: not a target set).
Item target_item(int choice) {
  switch (choice) {
    case STEAL_WONDER:
    case BOX_WONDER:
      return I_WONDER;
    case LOCK_TOKEN:
    case SET_ASIDE_TOKEN:
      return I_TOKEN;
    case DESTROY_CARD:
    case FIRST_ROW_CARD:
    case BOXED_CARD:
    case DISCARD_ACCESSIBLE:
    case TAKE_CARD:
    case SWAP_TAKE:
      return I_CARD;
    default:
      return I_OPTION;
  }
}

template <class F>
void for_each_controlled_decree(const Engine& engine, const AgoraState& senate, int player, F f) {
  for (int c = 0; c < NUM_CHAMBERS; ++c)
    if (controller(senate, c) == player)
      for (int i = 0; i < senate.decree_count[c]; ++i) f(tables_of(engine).decrees[senate.decrees[c][i]]);
}

int supply(const Engine& engine, const AgoraState& senate, int player) {
  int placed = 0;
  for (int c = 0; c < NUM_CHAMBERS; ++c) placed += senate.cubes[player][c];
  return tables_of(engine).cubes_per_player - placed;
}

int political_supremacy(const AgoraState& senate) {
  const int owner = controller(senate, 0);
  for (int c = 1; c < NUM_CHAMBERS; ++c)
    if (controller(senate, c) != owner) return NOBODY;
  return owner;
}

// agora.py shield_pull: the shield decrees' pull on the pawn (positive: toward player 1's capital).
int shield_pull(const Engine& engine, const AgoraState& senate) {
  int pull = 0;
  for (int c = 0; c < NUM_CHAMBERS; ++c) {
    const int owner = controller(senate, c);
    if (owner == NOBODY) continue;
    int shields = 0;
    for (int i = 0; i < senate.decree_count[c]; ++i) {
      const AgoraEffectData& e = tables_of(engine).decrees[senate.decrees[c][i]];
      if (e.kind == E_SHIELD_WHILE_CONTROLLED) shields += e.amount;
    }
    pull += owner == 0 ? shields : -shields;
  }
  return pull;
}

// the chambers of each SENATE_MOVE item (actions.py senate_moves order)
constexpr int MOVE_SOURCE[NUM_SENATE_MOVES] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 5};
constexpr int MOVE_TARGET[NUM_SENATE_MOVES] = {1, 0, 2, 1, 3, 2, 4, 3, 5, 4};

void remove_at(int8_t* items, int8_t& n, int i) {
  std::copy(items + i + 1, items + n, items + i);
  --n;
}
int index_of(const int8_t* items, int n, int value) {
  for (int i = 0; i < n; ++i)
    if (items[i] == value) return i;
  return -1;
}

// ------------------------------------------------------------------- conspiracies
void draw_conspiracies(const Engine& engine, AgoraState& a) {
  const int count = std::min<int>(tables_of(engine).conspiracies_drawn, a.deck_size);
  std::copy(a.conspiracy_deck, a.conspiracy_deck + count, a.drawn);
  a.num_drawn = static_cast<int8_t>(count);
  std::copy(a.conspiracy_deck + count, a.conspiracy_deck + a.deck_size, a.conspiracy_deck);
  a.deck_size = static_cast<int8_t>(a.deck_size - count);
}

void keep_conspiracy(AgoraState& a, int player, int conspiracy) {
  remove_at(a.drawn, a.num_drawn, index_of(a.drawn, a.num_drawn, conspiracy));
  const int n = a.held_count[player]++;
  a.conspiracies[player][n] = static_cast<int8_t>(conspiracy);
  a.prepared[player][n] = EMPTY;
}

void put_back_conspiracy(AgoraState& a, int conspiracy, bool on_top) {
  remove_at(a.drawn, a.num_drawn, index_of(a.drawn, a.num_drawn, conspiracy));
  if (on_top) {
    std::copy_backward(a.conspiracy_deck, a.conspiracy_deck + a.deck_size, a.conspiracy_deck + a.deck_size + 1);
    a.conspiracy_deck[0] = static_cast<int8_t>(conspiracy);
  } else {
    a.conspiracy_deck[a.deck_size] = static_cast<int8_t>(conspiracy);
  }
  ++a.deck_size;
}

void trigger_conspiracy(AgoraState& a, int player, int conspiracy) {
  const int i = index_of(a.conspiracies[player], a.held_count[player], conspiracy);
  if (a.prepared[player][i] != EMPTY) a.left_game[a.num_left_game++] = a.prepared[player][i];
  const int n = a.held_count[player];
  std::copy(a.conspiracies[player] + i + 1, a.conspiracies[player] + n, a.conspiracies[player] + i);
  std::copy(a.prepared[player] + i + 1, a.prepared[player] + n, a.prepared[player] + i);
  --a.held_count[player];
  a.triggered[player][a.triggered_count[player]++] = static_cast<int8_t>(conspiracy);
}

void conspire(const Engine& engine, State& s, int player) {
  AgoraState& a = s.agora;
  draw_conspiracies(engine, a);
  const int organized = tables_of(engine).organized_crime;
  if (s.player_tokens[player] >> organized & 1) {
    while (a.num_drawn) keep_conspiracy(a, player, a.drawn[0]);
  } else {
    Steps steps;
    steps.add(step(player, KEEP_CONSPIRACY));
    push_steps(s, steps);
  }
}

// ------------------------------------------------------------- what a conspiracy targets
int sorted_ids(int8_t* out, int n) {
  std::sort(out, out + n);
  return n;
}

int opponent_cards(const Engine& engine, const State& s, int player, unsigned colour_bits, int8_t* out) {
  int n = 0;
  const int opponent = 1 - player;
  for (int i = 0; i < s.city_size[opponent]; ++i) {
    const int card = s.city[opponent][i];
    if (colour_bits >> engine.tables().cards[card].color & 1) out[n++] = static_cast<int8_t>(card);
  }
  return sorted_ids(out, n);
}

// agora.py CONSPIRACY_TARGETS: the ids (cards, wonders or tokens) `player` chooses from for the target
// set `choice` whose power's argument is `what`, ascending.
int targets(const Engine& engine, const State& s, int player, int choice, int what, int8_t* out) {
  const Tables& tables = engine.tables();
  const int opponent = 1 - player;
  int n = 0;
  switch (choice) {
    case STEAL_WONDER:
    case BOX_WONDER:
      for (int i = 0; i < s.wonder_count[opponent]; ++i) {
        const int w = s.player_wonders[opponent][i];
        const bool built = s.wonder_built >> w & 1;
        if (choice == BOX_WONDER ? built : !built && w != s.boxed_wonder) out[n++] = static_cast<int8_t>(w);
      }
      return sorted_ids(out, n);
    case DESTROY_CARD:
      return opponent_cards(engine, s, player, 1u << what, out);
    case TAKE_CARD:
      return opponent_cards(engine, s, player, static_cast<unsigned>(what), out);
    case SWAP_TAKE: {
      int8_t cards[MAX_CITY];
      const int found = opponent_cards(engine, s, player, static_cast<unsigned>(what), cards);
      for (int i = 0; i < found; ++i)
        if (s.color_count[player][tables.cards[cards[i]].color]) out[n++] = cards[i];
      return n;
    }
    case LOCK_TOKEN: {
      unsigned bits = s.board_tokens | s.player_tokens[opponent];
      int8_t aside[MAX_TOKENS];
      const int m = set_aside_tokens(engine, s, aside);
      for (int i = 0; i < m; ++i) bits |= 1u << aside[i];
      for (int t = 0; t < tables.num_tokens; ++t)
        if (bits >> t & 1) out[n++] = static_cast<int8_t>(t);
      return n;
    }
    case SET_ASIDE_TOKEN:
      return sorted_ids(out, set_aside_tokens(engine, s, out));
    case FIRST_ROW_CARD: {
      const Layout& layout = tables.layouts[s.age - 1];
      for (int slot = 0; slot < s.slot_count; ++slot) {
        const int card = s.slot_card[slot];
        if (layout.row[slot] == 0 && card != EMPTY && tables.cards[card].color != SENATOR)
          out[n++] = static_cast<int8_t>(card);
      }
      return sorted_ids(out, n);
    }
    case BOXED_CARD:
      for (int age = 0; age < s.age; ++age)
        for (int i = 0; i < s.boxed_count[age]; ++i) {
          const int card = s.deal.boxed[age][i], deck = tables.cards[card].deck;
          if (deck != GUILD_DECK && deck != TEMPLE_DECK) out[n++] = static_cast<int8_t>(card);
        }
      return sorted_ids(out, n);
    case DISCARD_ACCESSIBLE:
      for (int slot = 0; slot < s.slot_count; ++slot)
        if (s.slot_card[slot] != EMPTY && !s.cover_count[slot]) out[n++] = s.slot_card[slot];
      return sorted_ids(out, n);
    default:
      return 0;
  }
}

// agora.py step_options: the items (choose indices) `player` may choose from `choice`'s set now.
int step_options(const Engine& engine, const State& s, int player, int choice, int argument, int16_t* out) {
  const ActionLayout& acts = engine.actions();
  const AgoraState& a = s.agora;
  int n = 0;
  auto add = [&](Item item, int index) { out[n++] = static_cast<int16_t>(acts.item_offsets[item] + index); };
  auto chambers = [&](unsigned bits) {
    if (supply(engine, a, player) == 0) return;
    for (int c = 0; c < NUM_CHAMBERS; ++c)
      if (bits >> c & 1) add(I_CHAMBER, c);
  };
  auto moves = [&]() {
    for (int m = 0; m < NUM_SENATE_MOVES; ++m)
      if (a.cubes[player][MOVE_SOURCE[m]]) add(I_SENATE_MOVE, m);
  };
  constexpr unsigned EVERYWHERE = (1u << NUM_CHAMBERS) - 1;
  const Item item = target_item(choice);
  if (item != I_OPTION) {
    int8_t ids[MAX_CARDS];
    const int m = targets(engine, s, player, choice, argument, ids);
    for (int i = 0; i < m; ++i) add(item, ids[i]);
    return n;
  }
  switch (choice) {
    case SENATE_ACTION:
      chambers(static_cast<unsigned>(argument));
      moves();
      break;
    case CONSPIRATOR:
      chambers(EVERYWHERE);
      if (a.deck_size) add(I_OPTION, CONSPIRE);
      break;
    case KEEP_CONSPIRACY:
      for (int i = 0; i < a.num_drawn; ++i) add(I_CONSPIRACY, a.drawn[i]);
      break;
    case PUT_BACK:
      if (a.num_drawn) {
        add(I_OPTION, TOP);
        add(I_OPTION, BOTTOM);
      }
      break;
    case PLACE_INFLUENCE:
      chambers(EVERYWHERE);
      break;
    case REMOVE_INFLUENCE:
      for (int c = 0; c < NUM_CHAMBERS; ++c)
        if (a.cubes[1 - player][c]) add(I_CHAMBER, c);
      break;
    case MOVE_INFLUENCE:
      moves();
      break;
    case PREPARE_CONSPIRACY:
    case CURIA_TRIGGER:
      for (int i = 0; i < a.held_count[player]; ++i)
        if (choice == CURIA_TRIGGER || a.prepared[player][i] == EMPTY) add(I_CONSPIRACY, a.conspiracies[player][i]);
      break;
    case SWAP_GIVE:
      for (int i = 0; i < s.city_size[player]; ++i) {
        const int card = s.city[player][i];
        if (engine.tables().cards[card].color == argument && card != a.chosen) add(I_CARD, card);
      }
      break;
    case DECREE_FROM:
      for (int c = 0; c < NUM_CHAMBERS; ++c)
        if (a.decree_count[c]) add(I_CHAMBER, c);
      break;
    case DECREE_TO:
      for (int c = 0; c < NUM_CHAMBERS; ++c)
        if (c != argument) add(I_CHAMBER, c);
      break;
    case PAIR_TOKEN:
      for (int t = 0; t < engine.tables().num_tokens; ++t)
        if (s.board_tokens >> t & 1) add(I_TOKEN, t);
      break;
    default:
      break;
  }
  return n;
}

// ------------------------------------------------------------------- the Senate changing
void place_cube(AgoraState& a, int player, int chamber) {
  ++a.cubes[player][chamber];
  a.decree_face_up[chamber] = true;
}

// agora.py change_senate: after `change` (made by the caller), political supremacy at once, else
// the shield decree's pull moves the pawn; `before`: the pull before the change.
void senate_changed(const Engine& engine, State& s, int before) {
  const int winner = political_supremacy(s.agora);
  if (winner != NOBODY) {
    game_over(s, static_cast<uint8_t>(1u << winner), POLITICAL);
    return;
  }
  const int steps = shield_pull(engine, s.agora) - before;
  if (steps) move_pawn(engine, s, steps > 0 ? 0 : 1, std::abs(steps));
}

void build_free(const Engine& engine, State& s, int player, int card) {
  add_building(engine, s, player, card);
  if (s.phase != GAME_OVER) card_built(engine, s, player, card);
}

// agora.py _RESOLVE: the item chosen from `choice`'s set (whose step had `argument`).
void resolve(const Engine& engine, State& s, int player, int choice, Item kind, int item, int argument) {
  AgoraState& a = s.agora;
  const Tables& tables = engine.tables();
  const int opponent = 1 - player;
  switch (choice) {
    case SENATE_ACTION:
    case CONSPIRATOR:
    case PLACE_INFLUENCE:
    case MOVE_INFLUENCE: {
      if (kind == I_OPTION) {
        conspire(engine, s, player);
        return;
      }
      const int before = shield_pull(engine, a);
      if (kind == I_CHAMBER) {
        place_cube(a, player, item);
      } else {
        --a.cubes[player][MOVE_SOURCE[item]];
        ++a.cubes[player][MOVE_TARGET[item]];
        a.decree_face_up[MOVE_TARGET[item]] = true;
      }
      senate_changed(engine, s, before);
      return;
    }
    case REMOVE_INFLUENCE: {
      const int before = shield_pull(engine, a);
      --a.cubes[opponent][item];
      senate_changed(engine, s, before);
      return;
    }
    case KEEP_CONSPIRACY:
      keep_conspiracy(a, player, item);
      if (a.num_drawn) {
        Steps steps;
        steps.add(step(player, PUT_BACK));
        push_steps(s, steps);
      }
      return;
    case PUT_BACK:
      put_back_conspiracy(a, a.drawn[0], item == TOP);
      return;
    case PREPARE_CONSPIRACY:
      a.prepared[player][index_of(a.conspiracies[player], a.held_count[player], item)] = a.chosen;
      a.chosen = EMPTY;
      return;
    case CURIA_TRIGGER:
      trigger(engine, s, player, item);
      return;
    case STEAL_WONDER: {
      int8_t& count = s.wonder_count[opponent];
      remove_at(s.player_wonders[opponent], count, index_of(s.player_wonders[opponent], count, item));
      s.player_wonders[player][s.wonder_count[player]++] = static_cast<int8_t>(item);
      return;
    }
    case DESTROY_CARD:
      remove_from_city(engine, s, opponent, item);
      s.discard.add(item);
      return;
    case LOCK_TOKEN: {
      const bool seen = (s.board_tokens | s.player_tokens[opponent]) >> item & 1;
      s.board_tokens &= static_cast<uint16_t>(~(1u << item));
      if (s.player_tokens[opponent] >> item & 1) {
        s.player_tokens[opponent] &= static_cast<uint16_t>(~(1u << item));
        if (tables.tokens[item].science != NONE) --s.science[opponent][tables.tokens[item].science];
      }
      a.locked[a.num_locked++] = LockedToken{static_cast<int8_t>(item), static_cast<int8_t>(player), seen};
      return;
    }
    case FIRST_ROW_CARD:
      take_from_structure(engine, s, item);
      build_free(engine, s, player, item);
      return;
    case BOXED_CARD:
      for (int age = 0; age < 3; ++age) {
        const int i = index_of(s.deal.boxed[age].data(), s.boxed_count[age], item);
        if (i < 0) continue;
        std::copy(s.deal.boxed[age].begin() + i + 1, s.deal.boxed[age].begin() + s.boxed_count[age],
                  s.deal.boxed[age].begin() + i);
        s.deal.boxed[age][--s.boxed_count[age]] = EMPTY;
        break;
      }
      build_free(engine, s, player, item);
      return;
    case SET_ASIDE_TOKEN:
      take_token(engine, s, player, item);
      return;
    case DISCARD_ACCESSIBLE:
      take_from_structure(engine, s, item);
      s.discard.add(item);
      return;
    case TAKE_CARD:
    case SWAP_TAKE:
      remove_from_city(engine, s, opponent, item);
      add_building(engine, s, player, item);
      if (choice == SWAP_TAKE) {
        a.chosen = static_cast<int8_t>(item);
        Steps steps;
        steps.add(step(player, SWAP_GIVE, tables.cards[item].color));
        push_steps(s, steps);
      }
      return;
    case SWAP_GIVE: {
      const int symbol = tables.cards[item].science;
      a.chosen = EMPTY;
      remove_from_city(engine, s, player, item);
      const bool pending = s.pending_progress, pairs = symbol != NONE && s.science[opponent][symbol] == 1;
      add_building(engine, s, opponent, item);
      s.pending_progress = pending;  // add_building's pair would be the turn player's
      if (pairs && s.board_tokens && s.phase != GAME_OVER) {
        Steps steps;
        steps.add(step(opponent, PAIR_TOKEN));
        push_steps(s, steps);
      }
      return;
    }
    case PAIR_TOKEN:
      s.board_tokens &= static_cast<uint16_t>(~(1u << item));
      take_token(engine, s, player, item);
      return;
    case DECREE_FROM: {
      Steps steps;
      steps.add(step(player, DECREE_TO, item));
      push_steps(s, steps);
      return;
    }
    case DECREE_TO: {  // the first decree of the chamber `argument` goes under those of `item`
      const int before = shield_pull(engine, a);
      const int8_t decree = a.decrees[argument][0];
      remove_at(a.decrees[argument], a.decree_count[argument], 0);
      a.decrees[item][a.decree_count[item]++] = decree;
      a.decree_face_up[item] = true;
      senate_changed(engine, s, before);
      return;
    }
    case BOX_WONDER: {
      int8_t& count = s.wonder_count[opponent];
      remove_at(s.player_wonders[opponent], count, index_of(s.player_wonders[opponent], count, item));
      a.left_game[a.num_left_game++] = s.wonder_card[item];
      s.wonder_built &= static_cast<uint16_t>(~(1u << item));
      s.wonder_card[item] = EMPTY;
      --s.wonders_built;
      if (tables.wonders[item].choice) add_choice(s, opponent, tables.wonders[item].choice, -1);
      return;
    }
    default:
      return;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------- setup
void draw(const Engine& engine, Rng& rng, Deal& deal) {
  const Tables& tables = engine.tables();
  const AgoraTables& agora = tables_of(engine);
  std::vector<int8_t> senators = agora.senators;
  rng.shuffle(senators.data(), static_cast<int>(senators.size()));
  int first = 0;
  for (int age = 0; age < 3; ++age) {
    const int count = agora.senators_per_age[age], slots = tables.layouts[age].age_slots;
    std::copy(senators.begin() + first, senators.begin() + first + count, deal.cards[age].begin() + slots);
    first += count;
    rng.shuffle(deal.cards[age].data(), slots + count);
  }
  for (int c = 0; c < NUM_CONSPIRACIES; ++c) deal.agora.conspiracies[c] = static_cast<int8_t>(c);
  rng.shuffle(deal.agora.conspiracies.data(), NUM_CONSPIRACIES);
  for (int d = 0; d < NUM_DECREES; ++d) deal.agora.decrees[d] = static_cast<int8_t>(d);
  rng.shuffle(deal.agora.decrees.data(), NUM_DECREES);
}

void new_agora(const Engine& engine, State& s, const Deal& deal) {
  AgoraState& a = s.agora;
  a = AgoraState{};
  std::copy(deal.agora.conspiracies.begin(), deal.agora.conspiracies.end(), a.conspiracy_deck);
  a.deck_size = NUM_CONSPIRACIES;
  for (int c = 0; c < NUM_CHAMBERS; ++c) {
    a.decrees[c][0] = deal.agora.decrees[c];
    a.decree_count[c] = 1;
    a.decree_face_up[c] = tables_of(engine).decree_face_up[c];
  }
  a.choice = NONE;
  a.argument = NO_ARGUMENT;
  a.chosen = EMPTY;
}

// ------------------------------------------------------------------------------- Senators
int senator_cost(const Engine& engine, const State& s, int player) {
  if (s.player_tokens[player] >> tables_of(engine).corruption & 1) return 0;
  return s.color_count[player][SENATOR];
}

// ---------------------------------------------------------------------------- the Senate
int controller(const AgoraState& senate, int chamber) {
  const int mine = senate.cubes[0][chamber], theirs = senate.cubes[1][chamber];
  return mine > theirs ? 0 : theirs > mine ? 1 : NOBODY;
}

int senate_points(const Engine& engine, const AgoraState& senate, int player) {
  int points = 0;
  for (int c = 0; c < NUM_CHAMBERS; ++c)
    if (controller(senate, c) == player) points += tables_of(engine).chamber_vp[c];
  return points;
}

int decree_total(const Engine& engine, const AgoraState& senate, int player, AgoraEffect kind) {
  int total = 0;
  for_each_controlled_decree(engine, senate, player, [&](const AgoraEffectData& e) {
    if (e.kind == kind) total += e.amount;
  });
  return total;
}

void price_decrees(const Engine& engine, const AgoraState& senate, int player, Prices& prices) {
  int cheap = 0;  // agora.py decree_bits of the cheap goods and the ignored cost symbols, decree_total of the wonders'
  for_each_controlled_decree(engine, senate, player, [&](const AgoraEffectData& e) {
    if (e.kind == E_TRADE_DISCOUNT)
      cheap |= e.what;
    else if (e.kind == E_IGNORE_COST_SYMBOL)
      prices.symbol_waived_colors |= 1 << e.what;
    else if (e.kind == E_WONDER_DISCOUNT)
      prices.wonder_units_waived += e.amount;
  });
  for (int r = 0; r < NUM_RESOURCES; ++r)  // costs.py discounted_prices
    if (cheap >> r & 1) prices.unit[r] = std::max(prices.unit[r] - 1, tables_of(engine).trade_discount_min_price);
}

bool has_decree(const Engine& engine, const AgoraState& senate, int player, AgoraEffect kind) {
  bool found = false;
  for_each_controlled_decree(engine, senate, player, [&](const AgoraEffectData& e) { found |= e.kind == kind; });
  return found;
}

// agora.py set_aside_tokens: nobody's, not locked, not on Enki (with Pantheon), in the set-aside order
int set_aside_tokens(const Engine& engine, const State& s, int8_t* out) {
  const unsigned owned = s.player_tokens[0] | s.player_tokens[1];
  int n = 0;
  for (int i = BOARD_TOKENS; i < engine.tables().num_tokens; ++i) {
    const int t = s.deal.token_order[i];
    bool unavailable = false;
    for (int k = 0; k < s.agora.num_locked; ++k) unavailable |= s.agora.locked[k].token == t;
    for (int k = 0; k < s.pantheon.num_enki_tokens; ++k) unavailable |= s.pantheon.enki_tokens[k] == t;
    if (!(owned >> t & 1) && !unavailable) out[n++] = static_cast<int8_t>(t);
  }
  return n;
}

bool preparable_any(const AgoraState& senate, int player) {
  for (int i = 0; i < senate.held_count[player]; ++i)
    if (senate.prepared[player][i] == EMPTY) return true;
  return false;
}

int triggerable(const AgoraState& senate, int player, bool unprepared_too, int8_t* out) {
  int n = 0;
  for (int i = 0; i < senate.held_count[player]; ++i)
    if (unprepared_too || senate.prepared[player][i] != EMPTY) out[n++] = senate.conspiracies[player][i];
  std::sort(out, out + n);
  return n;
}

// -------------------------------------------------------------------------- the decision
int options_now(const Engine& engine, const State& s, int16_t* out) {
  const AgoraState& a = s.agora;
  int n = step_options(engine, s, s.current, a.choice, a.argument, out);
  if (a.optional) out[n++] = static_cast<int16_t>(engine.actions().item_offsets[I_OPTION] + STOP);
  std::sort(out, out + n);
  return n;
}

void refresh_options(const Engine& engine, State& s) {
  s.agora.num_options = static_cast<int8_t>(options_now(engine, s, s.agora.options));
}

int choice_actions(const Engine& engine, const State& s, int16_t* out) {
  const int choose = engine.actions().at(A_CHOOSE);
  for (int i = 0; i < s.agora.num_options; ++i) out[i] = static_cast<int16_t>(choose + s.agora.options[i]);
  return s.agora.num_options;
}

std::string why_not_choose(const Engine& engine, const State& s, int index) {
  const AgoraState& a = s.agora;
  if (std::find(a.options, a.options + a.num_options, index) == a.options + a.num_options)
    return item_name(engine, index) + " is not in the set chosen from now (" +
           AGORA_CHOICE_NAMES[a.choice - SENATE_ACTION] + ")";
  return "";
}

std::string item_name(const Engine& engine, int index) {
  const auto [item, i] = engine.actions().item_of(index);
  static constexpr const char* OPTION_NAMES[NUM_OPTIONS] = {"stop", "conspire", "top", "bottom"};
  switch (item) {
    case I_CHAMBER:
      return "chamber " + std::to_string(i + 1);
    case I_SENATE_MOVE:
      return "a cube from chamber " + std::to_string(MOVE_SOURCE[i] + 1) + " to chamber " +
             std::to_string(MOVE_TARGET[i] + 1);
    case I_CONSPIRACY:
      return tables_of(engine).conspiracy_names[i];
    case I_OPTION:
      return OPTION_NAMES[i];
    default:
      return pantheon::item_name(engine, index);  // the cards, wonders, tokens (and Pantheon's items)
  }
}

bool run_steps(const Engine& engine, State& s) {
  AgoraState& a = s.agora;
  int16_t options[MAX_AGORA_OPTIONS];
  while (a.num_steps && s.phase != GAME_OVER) {
    const AgoraStep next = a.steps[0];
    std::copy(a.steps + 1, a.steps + a.num_steps, a.steps);
    --a.num_steps;
    if (step_options(engine, s, next.player, next.choice, next.argument, options)) {
      a.choice = next.choice;
      a.argument = next.argument;
      a.optional = next.optional;
      s.phase = CHOOSE;
      s.current = next.player;
      refresh_options(engine, s);
      return true;
    }
  }
  a.num_steps = 0;
  return false;
}

// ------------------------------------------------------------------------------- actions
void choose(const Engine& engine, State& s, int action, int index) {
  AgoraState& a = s.agora;
  const auto [kind, item] = engine.actions().item_of(index);
  const int player = s.current, choice = a.choice, argument = a.argument;
  log_action(s, player, action, 0);
  a.choice_log[a.num_choices++] = ChoiceEntry{static_cast<uint8_t>(s.log_size - 1), static_cast<int8_t>(choice)};
  a.choice = NONE;
  a.num_options = 0;
  a.argument = NO_ARGUMENT;
  a.optional = false;
  if (kind == I_OPTION && item == STOP) {
    while (a.num_steps && a.steps[0].player == player && a.steps[0].choice == choice) {
      std::copy(a.steps + 1, a.steps + a.num_steps, a.steps);
      --a.num_steps;
    }
  } else {
    resolve(engine, s, player, choice, kind, item, argument);
  }
  if (s.phase != GAME_OVER) end_turn(engine, s);
}

void prepare(State& s, int player, int card) {
  s.agora.chosen = static_cast<int8_t>(card);
  Steps steps;
  steps.add(step(player, PREPARE_CONSPIRACY));
  push_steps(s, steps);
}

void trigger(const Engine& engine, State& s, int player, int conspiracy) {
  AgoraState& a = s.agora;
  trigger_conspiracy(a, player, conspiracy);
  const int opponent = 1 - player;
  const AgoraEffects& effects = tables_of(engine).conspiracies[conspiracy];
  Steps steps;
  int per_own = 0, per_theirs = 0, shields = 0;
  for (const AgoraEffectData& e : effects) {
    const int target = target_choice(e.kind);
    if (target != NONE) {
      const int count = e.kind == E_DISCARD_ACCESSIBLE_CARDS ? e.amount : 1;
      for (int i = 0; i < count; ++i) steps.add(step(player, target, e.what, i > 0));  // the second: may decline
    } else if (e.kind == E_MOVE_DECREE) {
      steps.add(step(player, DECREE_FROM));
    } else if (e.kind == E_STEAL_HALF_COINS) {
      const int coins = (s.coins[opponent] + 1) / 2;  // agora.py blackmail_coins
      s.coins[opponent] = static_cast<int16_t>(s.coins[opponent] - coins);
      s.coins[player] = static_cast<int16_t>(s.coins[player] + coins);
    }
    if (e.kind == E_COINS_PER_OWN_CUBE) per_own += e.amount;
    if (e.kind == E_OPPONENT_LOSES_PER_CUBE) per_theirs += e.amount;
    if (e.kind == E_SHIELDS) shields += e.amount;
  }
  // agora.py embezzlement_coins
  const int cubes = tables_of(engine).cubes_per_player;
  const int gained = per_own * (cubes - supply(engine, a, player)),
            lost = per_theirs * (cubes - supply(engine, a, opponent));
  s.coins[player] = static_cast<int16_t>(s.coins[player] + gained);
  s.coins[opponent] = static_cast<int16_t>(s.coins[opponent] - std::min<int>(lost, s.coins[opponent]));
  influence_steps(player, effects, steps);
  push_steps(s, steps);
  if (shields) move_pawn(engine, s, player, shields);
}

// ---------------------------------------------------------------- hooks of the base turn
void draft_effects(const Engine& engine, State& s, int player, int wonder) {
  for (const AgoraEffectData& e : tables_of(engine).wonders[wonder]) {
    if (e.kind == E_DRAFT_CONSPIRE) {
      conspire(engine, s, player);
    } else if (e.kind == E_DRAFT_PLACE_INFLUENCE) {
      Steps steps;
      steps.add(step(player, PLACE_INFLUENCE), e.amount);
      push_steps(s, steps);
    }
  }
}

void card_built(const Engine& engine, State& s, int player, int card) {
  const AgoraTables& agora = tables_of(engine);
  AgoraState& a = s.agora;
  const int colour = engine.tables().cards[card].color;
  int income[2] = {0, 0};  // agora.py build_income
  for (int who = 0; who < 2; ++who)
    for_each_controlled_decree(engine, a, who, [&](const AgoraEffectData& e) {
      if (e.kind == E_BUILD_INCOME && e.what == colour) income[who] += s.age;
    });
  for (int who = 0; who < 2; ++who) s.coins[who] = static_cast<int16_t>(s.coins[who] + income[who]);
  const int chambers = agora.politician_chambers[card];
  Steps steps;
  if (chambers) {
    // agora.py senate_actions: by the blue cards, with the Senate boost of the decrees controlled
    const int blue = s.color_count[player][BLUE] + decree_total(engine, a, player, E_SENATE_BLUE_BONUS);
    steps.add(step(player, SENATE_ACTION, chambers, true), agora.senate_actions(blue));
    push_steps(s, steps);
  } else if (agora.conspirator[card]) {
    steps.add(step(player, CONSPIRATOR));
    push_steps(s, steps);
    if (has_decree(engine, a, player, E_PLAY_AGAIN_ON_CONSPIRATOR)) s.play_again = true;
  }
}

void wonder_built(const Engine& engine, State& s, int player, int wonder) {
  int income[2] = {0, 0};  // agora.py wonder_income
  for (int who = 0; who < 2; ++who)
    for_each_controlled_decree(engine, s.agora, who, [&](const AgoraEffectData& e) {
      if (e.kind == E_WONDER_INCOME) income[who] += s.age;
    });
  for (int who = 0; who < 2; ++who) s.coins[who] = static_cast<int16_t>(s.coins[who] + income[who]);
  const AgoraEffects& effects = tables_of(engine).wonders[wonder];
  Steps steps;
  for (const AgoraEffectData& e : effects)
    if (e.kind == E_TRIGGER_UNPREPARED_CONSPIRACY) steps.add(step(player, CURIA_TRIGGER, NO_ARGUMENT, true));
  influence_steps(player, effects, steps);
  push_steps(s, steps);
}

void military_token(const Engine& engine, State& s, int player, int distance) {
  Steps steps;
  influence_steps(player, tables_of(engine).military[distance], steps);
  push_steps(s, steps);
}

}  // namespace wonders::duel::agora
