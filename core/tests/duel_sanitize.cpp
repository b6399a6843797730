// Random Duel games with invariant checks, built with AddressSanitizer and UndefinedBehaviorSanitizer
// by `make core-sanitize` (not part of the extension).
//
//     duel_sanitize TABLE_FILE HEURISTIC_FILE [GAMES]
//
// TABLE_FILE holds the tables as wonders_env.duel.compiled.write_table_file writes them (the one
// source of truth stays the Python loader of data/; Pantheon's tables too: they load, and corrupt
// ones are refused), HEURISTIC_FILE the heuristic's constants as
// agents.duel_heuristic.write_constants_file writes them. Every decision checks: the counters against
// the cities, every card in exactly one place, coins and pawn within bounds, a legal action
// exists while the game runs and each is accepted by why_illegal, some illegal ones are refused,
// the observation rewritten incrementally equals a full encoding; determinized copies keep the
// observation; the compiled heuristic's values of every legal action are finite and its choice is
// legal. Then a batch plays on with random actions (seat 0's from the heuristic, heuristic_actions),
// and a few games are played by two searching players (common/ismcts.hpp: tree reuse, progressive widening, a tree cap
// reached): every searched move is legal and a search is reproducible for a seed; a stepwise search (BatchedSearch's)
// refuses a wave it could never end. All of it for the base game (with the heuristic) and for the
// Pantheon table (random games, its batch and searches; TABLE_FILE holds its tables under "pantheon:").
// The Agora tables (TABLE_FILE: "agora:", "both:") get all of it but the heuristic, and Agora's
// invariants too (12 cubes a player, supply and placed; the Senate's points by the chambers' cubes;
// each conspiracy in one place; the cards under conspiracies and out of the game counted among the
// cards conserved). Exit status 0 when all holds.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "duel/agora.hpp"
#include "duel/batch.hpp"
#include "duel/heuristic.hpp"
#include "duel/pantheon_tables.hpp"
#include "duel/search.hpp"
#include "tests/random_network.hpp"

using namespace wonders::duel;
using wonders::Rng;

namespace {

int failures = 0;

void check(bool ok, const std::string& what, uint64_t seed, int step) {
  if (ok) return;
  if (++failures <= 20) std::cerr << "FAILED: " << what << " (game seed " << seed << ", decision " << step << ")\n";
}

// The named arrays and the lists of names of a table file.
struct TableFile {
  TableArrays arrays;
  std::map<std::string, std::vector<std::string>> names;  // by kind: card_names, wonder_names, ...
};

TableFile read_table_file(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    std::exit(2);
  }
  TableFile file;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    size_t count = 0;
    fields >> name;
    if (name == "names") {  // "names KIND COUNT", then one name a line
      std::string kind;
      fields >> kind >> count;
      for (size_t i = 0; i < count && std::getline(in, line); ++i) file.names[kind].push_back(line);
      continue;
    }
    fields >> count;
    std::vector<int64_t> values(count);
    for (auto& v : values) fields >> v;
    file.arrays[name] = values;
  }
  return file;
}

// The arrays that carry `prefix` ("": the base game's and Pantheon's; "pantheon:" the Pantheon table's
// cards; "agora:", "both:" the Agora tables' cards and expansions), without it.
TableArrays arrays_of(const TableFile& file, const std::string& prefix) {
  TableArrays arrays;
  for (const auto& [name, values] : file.arrays)
    if (name.compare(0, prefix.size(), prefix) == 0 && (!prefix.empty() || name.find(':') == std::string::npos))
      arrays[name.substr(prefix.size())] = values;
  return arrays;
}

// The tables whose arrays and names carry `prefix`.
Tables read_tables(TableFile& file, const std::string& prefix = "") {
  return Tables::from_arrays(arrays_of(file, prefix), file.names[prefix + "card_names"],
                             file.names[prefix + "wonder_names"], file.names[prefix + "token_names"],
                             file.names["wonder_power_names"]);
}

AgoraTables read_agora_tables(TableFile& file, const std::string& prefix, const Tables& tables) {
  return AgoraTables::from_arrays(arrays_of(file, prefix), tables, file.names["agora:conspiracy_names"],
                                  file.names["agora:decree_names"], file.names["agora:agora_effect_names"]);
}

PantheonTables read_pantheon_tables(TableFile& file, const TableArrays& arrays) {
  return PantheonTables::from_arrays(arrays, file.names["divinity_names"], file.names["pantheon_token_names"],
                                     file.names["divine_power_names"]);
}

// Pantheon's tables load, and each of their arrays cut short, emptied or out of range is refused.
void check_pantheon_tables(TableFile& file) {
  auto load = [&](const TableArrays& arrays) { return read_pantheon_tables(file, arrays); };
  const PantheonTables tables = load(file.arrays);
  check(tables.gate != NONE && tables.token_slots[0].size() == static_cast<size_t>(tables.mythology_tokens_per_game),
        "the Pantheon tables load", 0, 0);
  for (const char* name : {"divinity_mythology", "divinity_power", "pantheon_token_mythology", "space_prices",
                           "token_slots", "grand_temple_vp", "first_activation_age"}) {
    for (const auto& bad : {std::vector<int64_t>(file.arrays.at(name).begin(), file.arrays.at(name).end() - 1),
                            std::vector<int64_t>(), std::vector<int64_t>(file.arrays.at(name).size(), 99)}) {
      TableArrays arrays = file.arrays;
      arrays[name] = bad;
      bool refused = false;
      try {
        load(arrays);
      } catch (const std::invalid_argument&) {
        refused = true;
      }
      check(refused, std::string("a corrupt Pantheon array is refused: ") + name, 0, 0);
    }
  }
}

// The heuristic's constants: one a line, "name count values...".
std::map<std::string, std::vector<double>> read_constants(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "cannot read " << path << "\n";
    std::exit(2);
  }
  std::map<std::string, std::vector<double>> arrays;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    size_t count = 0;
    fields >> name >> count;
    std::vector<double> values(count);
    for (auto& v : values) fields >> v;
    arrays[name] = values;
  }
  return arrays;
}

void check_heuristic(const Heuristic& heuristic, const Engine& engine, const State& s, uint64_t seed, int step) {
  if (s.game_over()) return;
  int16_t legal[MAX_LEGAL];
  const int n = engine.legal_actions(s, legal);
  double values[MAX_LEGAL];
  heuristic.action_values(s, s.current, legal, n, values);
  bool finite = true;
  for (int i = 0; i < n; ++i) finite = finite && std::isfinite(values[i]);
  check(finite, "the heuristic's values are finite", seed, step);
  check(engine.why_illegal(s, heuristic.choose(s, s.current, legal, n, seed + step)).empty(),
        "the heuristic chooses a legal action", seed, step);
}

// Agora's invariants: each player's 12 cubes in the supply or placed, the Senate's points those of the
// chambers with strictly more cubes, each conspiracy in one place (deck, drawn, held, triggered), a
// political victory's winner controlling every chamber; the cards under conspiracies, out of the
// game or taken to prepare one counted in `places`.
void check_agora(const Engine& engine, const State& s, int* places, uint64_t seed, int step) {
  const AgoraState& a = s.agora;
  const AgoraTables& tables = *engine.agora();
  int conspiracies[NUM_CONSPIRACIES] = {};
  for (int i = 0; i < a.deck_size; ++i) ++conspiracies[a.conspiracy_deck[i]];
  for (int i = 0; i < a.num_drawn; ++i) ++conspiracies[a.drawn[i]];
  for (int p = 0; p < 2; ++p) {
    int placed = 0, points = 0;
    for (int c = 0; c < NUM_CHAMBERS; ++c) {
      check(a.cubes[p][c] >= 0, "cubes never negative", seed, step);
      placed += a.cubes[p][c];
      if (a.cubes[p][c] > a.cubes[1 - p][c]) points += tables.chamber_vp[c];
    }
    check(placed <= tables.cubes_per_player, "12 cubes a player: the supply and those placed", seed, step);
    check(engine.score_breakdown(s, p)[SENATE] == points, "the Senate's points follow the cubes", seed, step);
    for (int i = 0; i < a.held_count[p]; ++i) {
      ++conspiracies[a.conspiracies[p][i]];
      if (a.prepared[p][i] != EMPTY) ++places[a.prepared[p][i]];
    }
    for (int i = 0; i < a.triggered_count[p]; ++i) ++conspiracies[a.triggered[p][i]];
  }
  for (int i = 0; i < a.num_left_game; ++i) ++places[a.left_game[i]];
  if (a.choice == PREPARE_CONSPIRACY) ++places[a.chosen];  // the card taken, to go under the conspiracy chosen
  for (int c = 0; c < NUM_CONSPIRACIES; ++c) check(conspiracies[c] == 1, "each conspiracy in one place", seed, step);
  if (s.victory == POLITICAL) {
    const int winner = s.winners == 1 ? 0 : 1;
    for (int c = 0; c < NUM_CHAMBERS; ++c)
      check(agora::controller(a, c) == winner, "political supremacy: every chamber controlled", seed, step);
  }
}

void check_state(const Engine& engine, const State& s, uint64_t seed, int step) {
  const Tables& t = engine.tables();
  check(s.coins[0] >= 0 && s.coins[1] >= 0, "coins never negative", seed, step);
  check(s.pawn >= -9 && s.pawn <= 9, "pawn on the track", seed, step);
  int places[MAX_CARDS] = {};
  for (int slot = 0; slot < s.slot_count; ++slot)
    if (s.slot_card[slot] != EMPTY) ++places[s.slot_card[slot]];
  if (engine.agora()) check_agora(engine, s, places, seed, step);
  for (int p = 0; p < 2; ++p) {
    int colours[MAX_COLORS] = {}, production[NUM_RESOURCES] = {};
    for (int i = 0; i < s.city_size[p]; ++i) {
      const int c = s.city[p][i];
      ++places[c];
      ++colours[t.cards[c].color];
      for (int r = 0; r < NUM_RESOURCES; ++r) production[r] += t.cards[c].production[r];
      check(s.owned[p].has(c), "owned matches the city", seed, step);
    }
    for (int k = 0; k < t.num_colors; ++k) check(colours[k] == s.color_count[p][k], "colour counts", seed, step);
    for (int r = 0; r < NUM_RESOURCES; ++r) check(production[r] == s.production[p][r], "production", seed, step);
  }
  auto dealt = [&](int c) {  // not: unused
    const int deck = t.cards[c].deck;
    return deck < 3 || deck == t.age3_extra_deck || (engine.agora() && deck == SENATOR_DECK);
  };
  for (int c = 0; c < t.num_cards; ++c) {
    if (s.discard.has(c)) ++places[c];
    check(s.owned[0].has(c) + s.owned[1].has(c) <= 1, "a card in one city", seed, step);
  }
  for (int w = 0; w < t.num_wonders; ++w)
    if (s.wonder_card[w] != EMPTY) ++places[s.wonder_card[w]];
  if (s.age >= 1) {
    for (int age = 0; age < 3; ++age) {
      for (int i = 0; i < s.boxed_count[age]; ++i) ++places[s.deal.boxed[age][i]];
      if (age + 1 > s.age)
        for (int slot = 0; slot < t.layouts[age].slots; ++slot) ++places[s.deal.cards[age][slot]];
    }
    for (int c = 0; c < t.num_cards; ++c)
      check(places[c] == dealt(c), "every card of the game in exactly one place", seed, step);
  }
  check(!(s.player_tokens[0] & s.player_tokens[1]), "a token has one owner", seed, step);
  check(__builtin_popcount(s.wonder_built) == s.wonders_built && s.wonders_built <= MAX_WONDERS_BUILT, "wonders built",
        seed, step);
}

// A legal action exists while the game runs (none after), why_illegal accepts each, refuses some others.
void check_legality(const Engine& engine, const State& s, uint64_t seed, int step, Rng& rng) {
  const int num_actions = engine.num_actions();
  int16_t legal[MAX_LEGAL];
  const int n = engine.legal_actions(s, legal);
  check(s.game_over() ? n == 0 : n > 0, "legal actions while the game runs, none after", seed, step);
  std::vector<bool> is_legal(static_cast<size_t>(num_actions));
  for (int i = 0; i < n; ++i) {
    is_legal[legal[i]] = true;
    check(engine.why_illegal(s, legal[i]).empty(), "why_illegal accepts every legal action", seed, step);
  }
  for (int k = 0; k < 8; ++k) {
    const int action = static_cast<int>(rng.below(static_cast<uint32_t>(num_actions)));
    check(is_legal[action] != !engine.why_illegal(s, action).empty(), "why_illegal refuses illegal actions", seed,
          step);
  }
  check(!engine.why_illegal(s, -1).empty() && !engine.why_illegal(s, num_actions).empty(), "out of range actions", seed,
        step);
}

// check_legality, and the observation rewritten incrementally equals a full encoding.
void check_decision(const Engine& engine, const State& s, ObsView (&written)[2], ExpansionView (&expansions)[2],
                    std::vector<float> (&rows)[2], uint64_t seed, int step, Rng& rng) {
  check_legality(engine, s, seed, step, rng);
  const int size = engine.observation_size();
  std::vector<float> full(static_cast<size_t>(size));
  for (int p = 0; p < 2; ++p) {
    const ObsView fresh = engine.observe(s, p);
    write_changes(engine.observation(), written[p], fresh, rows[p].data());
    written[p] = fresh;
    const ExpansionView fresh_expansions = engine.observe_expansions(s, p);
    write_changes(engine.observation(), expansions[p], fresh_expansions, rows[p].data());
    expansions[p] = fresh_expansions;
    engine.encode_observation(s, p, full.data());
    bool same = full == rows[p];
    check(same, "incremental observation equals the full encoding", seed, step);
  }
}

// Every check of the header comment on the games of `engine` (the heuristic's: with `heuristic`,
// the base game's; a Pantheon or an Agora engine plays without it).
void check_engine(const char* table, const Engine& engine, const Heuristic* heuristic, int games) {
  const int num_actions = engine.num_actions(), size = engine.observation_size();
  Rng rng(12345);
  long decisions = 0;
  int victories[POLITICAL + 1] = {};
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = static_cast<uint64_t>(g);
    State s;
    engine.new_game(s, engine.draw_deal(seed));
    ObsView written[2];
    ExpansionView expansions[2];
    std::vector<float> rows[2] = {std::vector<float>(static_cast<size_t>(size)),
                                  std::vector<float>(static_cast<size_t>(size))};
    for (int step = 0;; ++step) {
      check_state(engine, s, seed, step);
      check_decision(engine, s, written, expansions, rows, seed, step, rng);
      if (heuristic) check_heuristic(*heuristic, engine, s, seed, step);
      if (step % 17 == 0 && !s.game_over()) {
        State twin = s;
        engine.determinize(twin, static_cast<int>(step % 2), rng);
        check_state(engine, twin, seed, step);
        std::vector<float> a(static_cast<size_t>(size)), b(static_cast<size_t>(size));
        engine.encode_observation(s, step % 2, a.data());
        engine.encode_observation(twin, step % 2, b.data());
        check(a == b, "determinize keeps the observation", seed, step);
      }
      if (s.game_over()) break;
      int16_t legal[MAX_LEGAL];
      const int n = engine.legal_actions(s, legal);
      const int action = legal[rng.below(static_cast<uint32_t>(n))];
      engine.apply_actions(s, {action, action});  // the deciding player's
      ++decisions;
    }
    ++victories[s.victory];
    const Score a = engine.score_breakdown(s, 0), b = engine.score_breakdown(s, 1);
    check(s.victory != CIVILIAN || (s.winners == 3) == (a[TOTAL] == b[TOTAL] && a[0] == b[0]), "civilian winners", seed,
          0);
  }
  // the batch, with its incrementally written arrays, plays on
  const int envs = 64;
  Batch batch(engine, envs, 7, 3);  // stepped on 3 threads
  std::vector<float> obs(static_cast<size_t>(envs) * 2 * size);
  std::vector<int8_t> mask(static_cast<size_t>(envs) * 2 * num_actions);
  std::unique_ptr<bool[]> to_act(new bool[envs * 2]), terminated(new bool[envs]);
  std::vector<float> rewards(envs * 2);
  std::vector<int64_t> actions(envs * 2, -1);
  batch.reset(obs.data(), mask.data(), to_act.get());
  int finished = 0;
  std::unique_ptr<bool[]> seat_0(new bool[envs * 2]);
  std::vector<uint64_t> tie_seeds(envs * 2, 11);
  for (int step = 0; step < 3000; ++step) {
    batch.sample_actions(actions.data());
    for (int i = 0; i < envs; ++i) {
      seat_0[i * 2] = batch.state_of(i).current == 0;
      seat_0[i * 2 + 1] = false;
    }
    if (heuristic) heuristic_actions(*heuristic, batch, seat_0.get(), tie_seeds.data(), actions.data());
    batch.step(actions.data(), obs.data(), mask.data(), to_act.get(), rewards.data(), terminated.get());
    finished += static_cast<int>(batch.finished().size());
    if (step % 50) continue;
    for (int i = 0; i < envs; ++i) {
      const State& s = batch.state_of(i);
      std::vector<float> full(static_cast<size_t>(size));
      engine.encode_observation(s, s.current, full.data());
      bool same = true;
      for (int k = 0; k < size; ++k) same = same && full[k] == obs[(i * 2 + s.current) * size + k];
      check(same, "batch rows equal the full encoding", batch.seed_of(i), step);
    }
  }
  bool refused = false;
  actions[0] = actions[1] = num_actions + 5;
  try {
    batch.step(actions.data(), obs.data(), mask.data(), to_act.get(), rewards.data(), terminated.get());
  } catch (const std::invalid_argument&) {
    refused = true;
  }
  check(refused, "the batch refuses an illegal action", 0, 0);
  // searches (common/ismcts.hpp): both players search with small budgets, reusing their trees
  // (one with a tree cap small enough to be reached; in games 4-7 with a random network: its
  // value alone, mixed with play-outs and with root noise, priors only with a given root prior
  // mixed into the network's, and down to two moves below the root only); each move is legal
  // and reproducible, and the network's two forward passes agree
  int searched = 0;
  const auto network = wonders::search::random_network(size, num_actions, 3);
  for (int g = 0; g < 8; ++g) {
    State s;
    engine.new_game(s, engine.draw_deal(1000 + g));
    wonders::search::Searcher<SearchAdapter> players[2] = {
        wonders::search::Searcher<SearchAdapter>(SearchAdapter(engine, g % 2)),
        wonders::search::Searcher<SearchAdapter>(SearchAdapter(engine, false))};
    wonders::search::Options options;
    options.simulations = 30;
    options.max_nodes = g == 3 || g == 5 ? 1000 : 200000;
    options.widening = g == 2 ? 1.5 : 0.0;
    if (g >= 4) {
      for (auto& player : players) player.set_network(network);
      options.rollout_weight = g == 4 ? 0.0 : g == 5 ? 0.5 : g == 6 ? 1.0 : 0.8;
      options.network_depth = g == 7 ? 2 : 0;
      options.root_noise = g == 5 ? 0.25 : 0.0;
      options.root_prior_weight = g == 6 ? 0.5 : 1.0;  // game 6 gives a root prior below
    }
    while (!s.game_over()) {
      std::vector<int> root_actions;
      std::vector<float> root_priors;
      if (g == 6) {
        int16_t found[MAX_LEGAL];
        const int n = engine.legal_actions(s, found);
        for (int i = 0; i < n; ++i) {
          root_actions.push_back(found[i]);
          root_priors.push_back(1.0f + static_cast<float>(i));
        }
      }
      const wonders::search::Result result =
          players[s.current].search(s, s.current, options, 77 + searched, root_actions, root_priors);
      check(engine.why_illegal(s, result.action).empty(), "the search returns a legal action", 1000 + g, searched);
      if (searched % 25 == 0) {
        wonders::search::Searcher<SearchAdapter> fresh(SearchAdapter(engine, g % 2)),
            again(SearchAdapter(engine, g % 2));
        if (g >= 4) {
          fresh.set_network(network);
          again.set_network(network);
        }
        check(fresh.search(s, s.current, options, 5).action == again.search(s, s.current, options, 5).action,
              "a search is reproducible for a seed", 1000 + g, searched);
      }
      if (g >= 4 && searched % 5 == 0) {
        std::vector<float> obs(static_cast<size_t>(size));
        int16_t found[MAX_LEGAL];
        int legal[MAX_LEGAL];
        const int n = engine.legal_actions(s, found);
        for (int i = 0; i < n; ++i) legal[i] = found[i];
        engine.encode_observation(s, s.current, obs.data());
        check(wonders::search::forward_paths_agree(*network, obs.data(), legal, n),
              "the network's baseline and AVX2 forward passes agree", 1000 + g, searched);
      }
      engine.apply_actions(s, {result.action, result.action});
      ++searched;
    }
  }
  // a stepwise search (BatchedSearch's) refuses a wave it could never end instead of looping
  // forever: one before the last wave's rows are backed up, one of a search given up
  {
    wonders::search::Searcher<SearchAdapter> stepwise(SearchAdapter(engine, false));
    State s;
    engine.new_game(s, engine.draw_deal(7));
    wonders::search::Options options;
    options.simulations = 10;
    stepwise.begin(s, s.current, options, 1, 1);
    check(stepwise.wave_problem().empty() && stepwise.wave(4) == 1, "the first wave asks the root", 7, 0);
    auto refused = [&stepwise] {
      try {
        stepwise.wave(4);
      } catch (const std::logic_error&) {
        return true;
      }
      return false;
    };
    check(refused(), "a wave before the last one's backup is refused", 7, 0);
    stepwise.abandon();
    check(refused() && stepwise.tree_size() == 0, "a wave of a search given up is refused", 7, 0);
  }
  std::printf(
      "duel_sanitize %s: %d games, %ld decisions (civilian %d, military %d, science %d, political %d), batch: %d "
      "games finished; %d searched moves; %d failures so far\n",
      table, games, decisions, victories[CIVILIAN], victories[MILITARY], victories[SCIENCE], victories[POLITICAL],
      finished, searched, failures);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: duel_sanitize TABLE_FILE HEURISTIC_FILE [GAMES]\n";
    return 2;
  }
  TableFile file = read_table_file(argv[1]);
  check_pantheon_tables(file);
  const int games = argc > 3 ? std::atoi(argv[3]) : 2000;
  const Engine engine(std::make_shared<const Tables>(read_tables(file)));
  const Heuristic heuristic(engine,
                            HeuristicConstants::from_arrays(read_constants(argv[2]), engine.tables().num_tokens));
  check_engine("base", engine, &heuristic, games);
  const Engine pantheon(std::make_shared<const Tables>(read_tables(file, "pantheon:")),
                        std::make_shared<const PantheonTables>(read_pantheon_tables(file, file.arrays)));
  check_engine("pantheon", pantheon, nullptr, games);
  for (const std::string prefix : {"agora:", "both:"}) {
    const auto tables = std::make_shared<const Tables>(read_tables(file, prefix));
    const bool both = prefix == "both:";
    const auto pantheon_tables =
        both ? std::make_shared<const PantheonTables>(read_pantheon_tables(file, arrays_of(file, prefix))) : nullptr;
    const Engine agora(tables, pantheon_tables,
                       std::make_shared<const AgoraTables>(read_agora_tables(file, prefix, *tables)));
    check_engine(both ? "pantheon+agora" : "agora", agora, nullptr, games);
  }
  return failures ? 1 : 0;
}
