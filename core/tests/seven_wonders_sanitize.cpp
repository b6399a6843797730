// Random games of 7 Wonders on the core with invariant checks, built with AddressSanitizer and
// UndefinedBehaviorSanitizer by `make core-sanitize` (not part of the extension).
//
// Usage: seven_wonders_sanitize TABLE_FILE GAMES_PER_PLAYER_COUNT
//        seven_wonders_sanitize TABLE_FILE threads   (the parallel searches only: the ThreadSanitizer build)
// TABLE_FILE is written by wonders_env.seven_wonders.compiled.write_table_file (the tables the
// Python engine parsed, so the data has one source). Checked at every decision: every physical
// card is in exactly one place, coins are never negative, every acting player has a legal move,
// the single-action check agrees with the mask, observations are finite and determinizing keeps
// the acting player's observation; every game ends with winners; with Leaders (a table file of
// write_table_file(path, "1st", ("leaders",))) every leader is in exactly one place and a card or a
// leader lies under each stage built. The batch is stepped too. Both
// payment modes: "cheapest" (the engine pays) and "choose" (the players choose whom to pay). Per
// table one game is played with player 0 searching (common/ismcts.hpp): its moves are legal and a
// search is reproducible for a seed; and searchers built on one engine search at once in threads,
// as training/az_selfplay.py --search-threads does, each giving the action it gives alone.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "seven_wonders/batch.hpp"
#include "seven_wonders/observation.hpp"
#include "seven_wonders/rules.hpp"
#include "seven_wonders/search.hpp"
#include "tests/random_network.hpp"

using namespace wonders::seven_wonders;
using wonders::Rng;

namespace {

TableData read_tables(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  TableData data;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream head(line);
    std::string kind, key;
    head >> kind >> key;
    if (kind == "string") {
      std::getline(in, data.edition);
    } else if (kind == "strings") {
      int count;
      head >> count;
      std::vector<std::string> names(count);
      for (auto& name : names) std::getline(in, name);
      if (key == "type_names")
        data.type_names = names;
      else if (key == "city_names")
        data.city_names = names;
      else if (key == "special_names")
        data.special_names = names;
      else if (key == "leader_effect_kinds")
        data.leader_effect_kinds = names;
      else if (key == "leader_names")
        data.leader_names = names;
      else
        data.side_names = names;
    } else if (kind == "array") {
      int ndim;
      head >> ndim;
      IntTable& table = data.arrays[key];
      long size = 1;
      table.shape.resize(ndim);
      for (long& d : table.shape) {
        head >> d;
        size *= d;
      }
      table.values.resize(size);
      std::getline(in, line);
      std::istringstream values(line);
      for (int64_t& v : table.values) values >> v;
    } else if (!kind.empty()) {
      throw std::runtime_error("bad line in " + path + ": " + line);
    }
  }
  return data;
}

void require(bool condition, const std::string& what) {
  if (!condition) throw std::logic_error("invariant broken: " + what);
}

void check_cards(const Engine& engine, const State& s) {
  std::vector<int> seen(engine.tables().num_cards, 0);
  auto count = [&](const uint8_t* cards, int n) {
    for (int i = 0; i < n; ++i) ++seen.at(cards[i]);
  };
  for (int a = 0; a < 3; ++a) count(s.decks[a].data(), s.deck_size[a]);
  count(s.box.data(), s.box_size);
  count(s.free_city_pile.data(), s.free_city_pile_size);
  count(s.discard.data(), s.discard_size);
  for (int seat = 0; seat < s.num_seats; ++seat) {
    count(s.hands[seat].data(), s.hand_size[seat]);
    count(s.built[seat].data(), s.built_size[seat]);
    count(s.stage_cards[seat].data(), s.stage_cards_size[seat]);
    require(s.coins[seat] >= 0, "coins are never negative");
    require(s.stage_cards_size[seat] + s.stage_leaders_size[seat] == s.stages_built[seat],
            "a card or a leader lies under each stage built");
  }
  const int leaders = engine.tables().num_leaders;
  if (leaders) {  // every leader in exactly one place
    std::vector<int> where(leaders, 0);
    auto place = [&](const uint8_t* items, int n) {
      for (int i = 0; i < n; ++i) ++where.at(items[i]);
    };
    place(s.leader_deck.data(), s.leader_deck_size);
    for (int p = 0; p < s.num_players; ++p) {
      place(s.draft_hands[p].data(), s.draft_hand_size[p]);
      place(s.leader_hands[p].data(), s.leader_hand_size[p]);
      place(s.recruited[p].data(), s.recruited_size[p]);
      place(s.stage_leaders[p].data(), s.stage_leaders_size[p]);
      place(s.leader_discards[p].data(), s.leader_discards_size[p]);
    }
    for (int l = 0; l < leaders; ++l) require(where[l] == 1, "every leader is in exactly one place");
  }
  int in_game = 0;
  for (int c = 0; c < engine.tables().num_cards; ++c) {
    require(seen[c] <= 1, "a card is in two places");
    in_game += seen[c];
  }
  require(
      in_game == 3 * CARDS_PER_HAND * s.num_seats + static_cast<int>(engine.tables().guilds.size()) - (s.num_seats + 2),
      "every card of the game is somewhere");
}

void search_games(const std::shared_ptr<const Engine>& engine, Rng& rng, double rollout_weight, int network_depth = 0);
void parallel_searches(const std::shared_ptr<const Engine>& engine, Rng& rng);

void play_games(const std::shared_ptr<const Tables>& tables, int players, int games, bool choose, Rng& rng) {
  std::array<int8_t, MAX_SEATS> wonders, sides;
  wonders.fill(-1);
  sides.fill(SIDE_RANDOM);
  Engine engine(tables, players, wonders, sides, choose);
  Observer observer(engine);
  std::vector<int8_t> mask(engine.num_actions());
  std::vector<float> obs(observer.size()), twin_obs(observer.size());
  for (int g = 0; g < games; ++g) {
    State state;
    engine.new_game(state, engine.draw_deal(rng.next()));
    int steps = 0;
    while (!engine.is_over(state)) {
      check_cards(engine, state);
      Actors actors = engine.acting_players(state);
      require(actors.count > 0, "someone acts in a game not over");
      std::array<int, MAX_PLAYERS> actions{};
      for (int k = 0; k < actors.count; ++k) {
        int p = actors.seats[k];
        engine.legal_action_mask(state, p, mask.data());
        std::vector<int> legal;
        for (int a = 0; a < engine.num_actions(); ++a) {
          require(engine.is_legal(state, p, a) == (mask[a] != 0), "is_legal agrees with the mask");
          if (mask[a]) legal.push_back(a);
        }
        require(!legal.empty(), "an acting player has a legal move");
        actions[p] = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        observer.encode(state, p, obs.data());
        for (float x : obs) require(std::isfinite(x), "observations are finite");
        State twin = state;
        engine.determinize(twin, p, rng);
        check_cards(engine, twin);
        observer.encode(twin, p, twin_obs.data());
        require(obs == twin_obs, "determinizing keeps the player's observation");
      }
      engine.apply_actions(state, actions);
      require(++steps < 400, "a game ends");
    }
    check_cards(engine, state);
    require(!engine.winners(state).empty(), "a finished game has winners");
  }
  auto shared = std::make_shared<const Engine>(tables, players, wonders, sides, choose);
  Batch batch(*shared, 16, rng.next(), 3);  // stepped on 3 threads
  const int E = 16, P = players;
  std::vector<float> bobs(static_cast<size_t>(E) * P * observer.size());
  std::vector<int8_t> bmask(static_cast<size_t>(E) * P * engine.num_actions());
  std::vector<uint8_t> to_act(static_cast<size_t>(E) * P), terminated(E);
  std::vector<float> rewards(static_cast<size_t>(E) * P);
  std::vector<int64_t> actions(static_cast<size_t>(E) * P);
  batch.reset(bobs.data(), bmask.data(), reinterpret_cast<bool*>(to_act.data()));
  for (int step = 0; step < 300; ++step) {
    batch.sample_actions(actions.data());
    require(batch.check(actions.data()).empty(), "sampled actions are legal");
    batch.step(actions.data(), bobs.data(), bmask.data(), reinterpret_cast<bool*>(to_act.data()), rewards.data(),
               reinterpret_cast<bool*>(terminated.data()));
  }
  search_games(shared, rng, -1.0);    // play-outs
  search_games(shared, rng, 0.0);     // a random network's value
  search_games(shared, rng, 1.0);     // a random network's priors
  search_games(shared, rng, 0.5, 1);  // the network at the root only, play-outs below
  parallel_searches(shared, rng);
}

// Searchers built on one engine (the searchers of a batch) search different games at the same
// time in threads: each gives the action it gives alone. Under ThreadSanitizer (`make
// core-sanitize`) this also checks that they share no memory that a search writes.
void parallel_searches(const std::shared_ptr<const Engine>& engine, Rng& rng) {
  using Search = wonders::search::Searcher<SearchAdapter>;
  constexpr int kThreads = 3;
  wonders::search::Options options;
  options.simulations = 60;
  options.widening = 1.0;
  State states[kThreads];
  uint64_t seeds[kThreads];
  int alone[kThreads], together[kThreads];
  for (int i = 0; i < kThreads; ++i) {
    engine->new_game(states[i], engine->draw_deal(rng.next()));
    seeds[i] = rng.next();
    alone[i] = Search{SearchAdapter(engine, false)}.search(states[i], 0, options, seeds[i]).action;
  }
  std::vector<Search> searchers;
  searchers.reserve(kThreads);
  for (int i = 0; i < kThreads; ++i) searchers.emplace_back(SearchAdapter(engine, false));
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&, i] { together[i] = searchers[i].search(states[i], 0, options, seeds[i]).action; });
  for (std::thread& thread : threads) thread.join();
  for (int i = 0; i < kThreads; ++i)
    require(together[i] == alone[i], "searchers of one engine in parallel threads search as they do alone");
}

// A game in which player 0 searches (common/ismcts.hpp, small budgets; with a random network
// when rollout_weight >= 0, with root noise, down to network_depth) and the others play at
// random: every searched move is legal and a search is reproducible for a seed; the network's two
// forward passes agree on the other players' observations.
void search_games(const std::shared_ptr<const Engine>& engine, Rng& rng, double rollout_weight, int network_depth) {
  using Search = wonders::search::Searcher<SearchAdapter>;
  Search searcher{SearchAdapter(engine, false)};
  wonders::search::Options options;
  options.simulations = 12;
  options.widening = 1.0;
  std::shared_ptr<const wonders::search::PolicyValueNet> network;
  if (rollout_weight >= 0) {
    network = wonders::search::random_network(searcher.adapter().observation_size(), engine->num_actions(), rng.next());
    searcher.set_network(network);
    options.rollout_weight = rollout_weight;
    options.root_noise = 0.25;
    options.network_depth = network_depth;
  }
  std::vector<int8_t> mask(engine->num_actions());
  State state;
  engine->new_game(state, engine->draw_deal(rng.next()));
  int searched = 0;
  while (!engine->is_over(state)) {
    Actors actors = engine->acting_players(state);
    std::array<int, MAX_PLAYERS> actions{};
    for (int k = 0; k < actors.count; ++k) {
      int p = actors.seats[k];
      if (p == 0) {
        const int chosen = searcher.search(state, 0, options, rng.next()).action;
        require(engine->is_legal(state, 0, chosen), "the search returns a legal action");
        if (searched++ % 6 == 0) {
          Search fresh{SearchAdapter(engine, true)}, again{SearchAdapter(engine, true)};
          fresh.set_network(network);
          again.set_network(network);
          require(fresh.search(state, 0, options, 9).action == again.search(state, 0, options, 9).action,
                  "a search is reproducible for a seed");
        }
        actions[p] = chosen;
        continue;
      }
      engine->legal_action_mask(state, p, mask.data());
      std::vector<int> legal;
      for (int a = 0; a < engine->num_actions(); ++a)
        if (mask[a]) legal.push_back(a);
      if (network) {
        std::vector<float> obs(searcher.adapter().observation_size());
        searcher.adapter().observe(state, p, obs.data());
        require(
            wonders::search::forward_paths_agree(*network, obs.data(), legal.data(), static_cast<int>(legal.size())),
            "the network's baseline and AVX2 forward passes agree");
      }
      actions[p] = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    }
    engine->apply_actions(state, actions);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: " << argv[0] << " TABLE_FILE GAMES_PER_PLAYER_COUNT\n";
    return 2;
  }
  try {
    auto tables = build_tables(read_tables(argv[1]));
    Rng rng(12345);
    int fewest = tables->edition == "1st" && !tables->num_leaders ? 2 : 3;  // Leaders: 3-7 players
    const std::string table = tables->edition + " edition" + (tables->num_leaders ? " with Leaders" : "");
    if (std::string(argv[2]) == "threads") {
      std::array<int8_t, MAX_SEATS> wonders, sides;
      wonders.fill(-1);
      sides.fill(SIDE_RANDOM);
      for (bool choose : {false, true})
        for (int players = fewest; players <= MAX_PLAYERS; ++players)
          parallel_searches(std::make_shared<const Engine>(tables, players, wonders, sides, choose), rng);
      std::printf(
          "7 Wonders (%s): searchers of one engine in parallel threads search as they do "
          "alone\n",
          table.c_str());
      return 0;
    }
    int games = std::stoi(argv[2]);
    for (bool choose : {false, true})
      for (int players = fewest; players <= MAX_PLAYERS; ++players) play_games(tables, players, games, choose, rng);
    std::printf(
        "7 Wonders (%s): %d random games per player count (%d-7) and payment mode (cheapest, "
        "choose) and batches: all invariants hold\n",
        table.c_str(), games, fewest);
  } catch (const std::exception& error) {
    std::cerr << "FAILED: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
