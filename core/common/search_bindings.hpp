// The Python face of a game's Searcher (common/ismcts.hpp), shared by both games' bindings
// (core/duel/search_bindings.cpp, core/seven_wonders/search_bindings.cpp). Everything from Python
// is checked here before the search starts: the budgets and options, the seat (it must decide
// now), the state (of this game and engine, not over), the root prior (legal actions of that
// seat, finite weights >= 0 with a positive sum), the network's arrays (shapes of this game's
// observation and action counts, finite). A bad one raises ValueError and changes nothing.
// A searcher shared by Python threads searches for one at a time (its ObjectLock); the state is
// copied before the GIL is let go, so another thread may go on changing the caller's.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/ismcts.hpp"
#include "common/object_lock.hpp"
#include "common/worker_pool.hpp"

namespace wonders::search {

namespace py = pybind11;

inline Options options_from(int64_t simulations, double time_limit, double exploration, double widening,
                            double margin_scale, double margin_weight, int64_t max_nodes, bool reuse, double root_noise,
                            double noise_alpha, double rollout_weight, int64_t network_depth,
                            double root_prior_weight) {
  Options options;
  options.simulations = simulations;
  options.time_limit = time_limit;
  options.exploration = exploration;
  options.widening = widening;
  options.margin_scale = margin_scale;
  options.margin_weight = margin_weight;
  options.max_nodes = max_nodes;
  options.reuse = reuse;
  options.root_noise = root_noise;
  options.noise_alpha = noise_alpha;
  options.rollout_weight = rollout_weight;
  options.network_depth = network_depth;
  options.root_prior_weight = root_prior_weight;
  const std::string problem = options.problem();
  if (!problem.empty()) throw py::value_error(problem);
  return options;
}

inline py::dict result_dict(const Result& result) {
  py::dict out;
  out["action"] = result.action;
  out["simulations"] = result.simulations;
  out["reused_visits"] = result.reused_visits;
  out["nodes"] = result.nodes;
  py::list edges;
  for (const RootEdge& e : result.edges) edges.append(py::make_tuple(e.action, e.visits, e.mean, e.prior));
  out["edges"] = edges;
  return out;
}

// Checks the root prior against the player's legal actions `legal` (n of them).
inline void check_prior(const std::vector<int>& actions, const std::vector<float>& priors, const int* legal, int n) {
  if (actions.size() != priors.size())
    throw py::value_error("root_actions and root_priors must have the same length, got " +
                          std::to_string(actions.size()) + " and " + std::to_string(priors.size()));
  double sum = 0;
  for (size_t i = 0; i < actions.size(); ++i) {
    if (std::find(legal, legal + n, actions[i]) == legal + n)
      throw py::value_error("root_actions: " + std::to_string(actions[i]) +
                            " is not a legal action of the searching player now");
    if (std::find(actions.begin(), actions.begin() + static_cast<long>(i), actions[i]) !=
        actions.begin() + static_cast<long>(i))
      throw py::value_error("root_actions: " + std::to_string(actions[i]) + " is given twice");
    if (!(priors[i] >= 0) || !std::isfinite(priors[i]))
      throw py::value_error("root_priors must be finite numbers >= 0");
    sum += priors[i];
  }
  if (!actions.empty() && !(sum > 0)) throw py::value_error("root_priors must have a positive sum");
}

using NetworkArray = py::array_t<float, py::array::c_style | py::array::forcecast>;

// The network of 8 arrays in torch's layout (agents/az_agent.py network_arrays): trunk.0 weight
// [hidden, inputs] and bias, trunk.2 weight [hidden, hidden] and bias, actor weight [actions,
// hidden] and bias, critic weight [1, hidden] and bias [1]; inputs and actions must be the game's.
inline std::shared_ptr<const PolicyValueNet> network_from(const std::vector<NetworkArray>& arrays, int inputs,
                                                          int actions) {
  static const char* const names[8] = {"trunk.0.weight", "trunk.0.bias", "trunk.2.weight", "trunk.2.bias",
                                       "actor.weight",   "actor.bias",   "critic.weight",  "critic.bias"};
  if (arrays.size() != 8)
    throw py::value_error("a network is 8 arrays (trunk.0.weight ... critic.bias), got " +
                          std::to_string(arrays.size()));
  if (arrays[0].ndim() != 2) throw py::value_error("trunk.0.weight must be 2-dimensional [hidden, inputs]");
  const py::ssize_t hidden = arrays[0].shape(0);
  if (hidden < 1) throw py::value_error("the hidden size (rows of trunk.0.weight) must be at least 1");
  const std::vector<std::vector<py::ssize_t>> shapes = {{hidden, inputs},  {hidden},  {hidden, hidden}, {hidden},
                                                        {actions, hidden}, {actions}, {1, hidden},      {1}};
  auto text = [](const std::vector<py::ssize_t>& dims) {
    std::string out = "[";
    for (size_t i = 0; i < dims.size(); ++i) out += (i ? ", " : "") + std::to_string(dims[i]);
    return out + "]";
  };
  for (size_t k = 0; k < 8; ++k) {
    const NetworkArray& a = arrays[k];
    const std::vector<py::ssize_t> shape(a.shape(), a.shape() + a.ndim());
    if (shape != shapes[k])
      throw py::value_error(std::string(names[k]) + " has shape " + text(shape) + ", this game needs " +
                            text(shapes[k]) + " (observation size " + std::to_string(inputs) + ", " +
                            std::to_string(actions) + " actions, the hidden size of trunk.0.weight)");
    for (py::ssize_t i = 0; i < a.size(); ++i)
      if (!std::isfinite(a.data()[i]))
        throw py::value_error(std::string(names[k]) + " holds a value that is not finite");
  }
  return std::make_shared<const PolicyValueNet>(inputs, static_cast<int>(hidden), actions, arrays[0].data(),
                                                arrays[1].data(), arrays[2].data(), arrays[3].data(), arrays[4].data(),
                                                arrays[5].data(), arrays[6].data(), arrays[7].data()[0]);
}

// Threads that run many searches at once (the searches of a self-play tick, search_many): each
// thread takes the next search not yet started, so long and short searches share the threads.
struct SearchPool {
  explicit SearchPool(int threads) : workers(threads) {}
  WorkerPool workers;
  ObjectLock lock;
};

inline void bind_search_pool(py::module_& m) {
  py::class_<SearchPool>(m, "SearchPool", "Threads for the games' search_many (see common/search_bindings.hpp).")
      .def(py::init([](int threads) {
             if (threads < 1 || threads > MAX_BATCH_THREADS)
               throw py::value_error("threads must be in 1-" + std::to_string(MAX_BATCH_THREADS) + ", got " +
                                     std::to_string(threads));
             return std::make_unique<SearchPool>(threads);
           }),
           py::arg("threads"))
      .def_property_readonly("threads", [](const SearchPool& pool) { return pool.workers.size(); });
}

// A Searcher and the lock that serialises its use by Python threads. While a BatchedSearch
// searches with it (`stepwise`), its other uses are refused.
template <class Adapter>
struct BoundSearcher {
  explicit BoundSearcher(Adapter adapter) : searcher(std::move(adapter)) {}
  Searcher<Adapter> searcher;
  ObjectLock lock;
  std::atomic<bool> stepwise{false};
  void check_free() const {
    if (stepwise)
      throw py::value_error(
          "this searcher is searching in a BatchedSearch: use it again after that search's "
          "results() (or once the BatchedSearch is deleted)");
  }
};

// A float32 or int8 array from Python, checked: its dtype, C order, writable (to be written),
// its number of rows (when rows >= 0) and its columns.
template <class T>
T* checked_array(const py::array& array, const char* name, const char* dtype, py::ssize_t rows, py::ssize_t columns,
                 bool written, int ndim = 2) {
  if (!array.dtype().is(py::dtype::of<T>()))
    throw py::value_error(std::string(name) + " must be a numpy array of dtype " + dtype + ", got " +
                          std::string(py::str(array.dtype())));
  if (!(array.flags() & py::array::c_style))
    throw py::value_error(std::string(name) + " must be C-contiguous (numpy.ascontiguousarray)");
  if (written && !array.writeable()) throw py::value_error(std::string(name) + " must be writable");
  const std::string wanted =
      ndim == 1 ? "[" + std::to_string(rows) + "]"
                : "[" + (rows >= 0 ? std::to_string(rows) : std::string("rows")) + ", " + std::to_string(columns) + "]";
  if (array.ndim() != ndim || (rows >= 0 && array.shape(0) != rows) || (ndim == 2 && array.shape(1) != columns)) {
    std::string shape = "[";
    for (py::ssize_t i = 0; i < array.ndim(); ++i) shape += (i ? ", " : "") + std::to_string(array.shape(i));
    throw py::value_error(std::string(name) + " has shape " + shape + "], it must be " + wanted);
  }
  return static_cast<T*>(const_cast<void*>(array.data()));
}

// The searches of many (searcher, state, player) jobs stepped together, the network run by the
// caller on all of their leaves at once (Searcher::begin .. end, common/ismcts.hpp): select()
// writes the next wave's observations and masks into the caller's arrays, backup() takes the
// network's values and priors of those rows, results() gives search_many's result. The waves of
// the jobs run on the pool's threads (the GIL let go), each job's tree on one thread at a time:
// the results do not depend on the threads. A refused construction touches no searcher (one busy
// in another search goes on, a free one keeps its tree); select() checks the arrays and every
// searcher before its first wave, so a refused call changes nothing.
template <class Adapter>
struct BatchedSearch {
  using S = BoundSearcher<Adapter>;
  py::object pool_object;  // held while the search lasts, as the searchers
  std::vector<py::object> searcher_objects;
  SearchPool* pool = nullptr;
  std::vector<S*> searchers, order;  // order: sorted, the order the locks are taken in
  py::array observations, masks;
  std::vector<int64_t> offsets;  // each job's first row in the last wave
  int64_t rows = -1;             // rows of the wave waiting for backup (-1: none)
  bool begun = false;            // the searchers were checked free and began (a refused construction never does)
  bool done = false;
  ObjectLock lock;

  ~BatchedSearch() {
    if (!begun || done) return;
    for (S* s : order) {  // given up: the searchers forget their trees and are free again
      const auto held = s->lock.acquire();
      s->searcher.abandon();
      s->stepwise = false;
    }
  }

  std::vector<std::unique_lock<std::mutex>> lock_all() {
    std::vector<std::unique_lock<std::mutex>> locks;
    locks.push_back(pool->lock.acquire());
    for (S* s : order) locks.push_back(s->lock.acquire());
    return locks;
  }
  // Runs job(j) for every job on the pool's threads, the GIL let go.
  template <class Job>
  void each(const Job& job) {
    py::gil_scoped_release release;
    std::atomic<size_t> next{0};
    const size_t count = searchers.size();
    pool->workers.run(pool->workers.size(), [&](int, int, int) {
      for (size_t j = next++; j < count; j = next++) job(j);
    });
  }
};

// The jobs of search_many and BatchedSearch: each (searcher, state), checked to be this game's,
// no searcher twice; `order` the searchers sorted (the order their locks are taken in: no
// deadlock between callers).
template <class Adapter>
struct Jobs {
  std::vector<BoundSearcher<Adapter>*> searchers, order;
  std::vector<const typename Adapter::State*> states;
};
template <class Adapter>
Jobs<Adapter> jobs_of(const std::vector<py::object>& searcher_objects, const std::vector<py::object>& state_objects,
                      const std::vector<int>& players, const std::vector<uint64_t>& seeds) {
  using S = BoundSearcher<Adapter>;
  using State = typename Adapter::State;
  const size_t count = searcher_objects.size();
  if (state_objects.size() != count || players.size() != count || seeds.size() != count)
    throw py::value_error("searchers, states, players and seeds must have the same length, got " +
                          std::to_string(count) + ", " + std::to_string(state_objects.size()) + ", " +
                          std::to_string(players.size()) + " and " + std::to_string(seeds.size()));
  Jobs<Adapter> jobs;
  for (size_t j = 0; j < count; ++j) {
    if (!py::isinstance<S>(searcher_objects[j]))
      throw py::type_error("searchers must be this game's Searcher objects (search " + std::to_string(j) + " is not)");
    if (!py::isinstance<State>(state_objects[j]))
      throw py::type_error("states must be this game's core states (search " + std::to_string(j) + " is not)");
    jobs.searchers.push_back(searcher_objects[j].cast<S*>());
    jobs.states.push_back(state_objects[j].cast<const State*>());
  }
  jobs.order = jobs.searchers;
  std::sort(jobs.order.begin(), jobs.order.end());
  if (std::adjacent_find(jobs.order.begin(), jobs.order.end()) != jobs.order.end())
    throw py::value_error("a searcher is given twice: each search needs its own (its tree)");
  return jobs;
}
// Copies of the jobs' states, each checked (the searchers' locks held): its searcher free, the
// state of its game, the player deciding now.
template <class Adapter, class Check>
std::vector<typename Adapter::State> truths_of(const Jobs<Adapter>& jobs, const std::vector<int>& players,
                                               const Check& check_state) {
  std::vector<typename Adapter::State> truths;
  truths.reserve(jobs.states.size());
  for (size_t j = 0; j < jobs.states.size(); ++j) {
    jobs.searchers[j]->check_free();
    try {
      check_state(jobs.searchers[j]->searcher.adapter(), *jobs.states[j], players[j]);
    } catch (const py::value_error& error) {
      throw py::value_error("search " + std::to_string(j) + ": " + error.what());
    }
    truths.push_back(*jobs.states[j]);
  }
  return truths;
}
// search_many's result: action [J], visits and means [J, actions] of the root edges, simulations [J].
inline py::dict results_arrays(const std::vector<Result>& results, int actions) {
  const size_t count = results.size();
  py::array_t<int64_t> chosen(static_cast<py::ssize_t>(count)), done(static_cast<py::ssize_t>(count));
  py::array_t<float> visits({static_cast<py::ssize_t>(count), static_cast<py::ssize_t>(actions)});
  py::array_t<float> means({static_cast<py::ssize_t>(count), static_cast<py::ssize_t>(actions)});
  std::fill(visits.mutable_data(), visits.mutable_data() + visits.size(), 0.0f);
  std::fill(means.mutable_data(), means.mutable_data() + means.size(), 0.0f);
  for (size_t j = 0; j < count; ++j) {
    chosen.mutable_data()[j] = results[j].action;
    done.mutable_data()[j] = results[j].simulations;
    for (const RootEdge& e : results[j].edges) {
      visits.mutable_data()[j * actions + e.action] = static_cast<float>(e.visits);
      means.mutable_data()[j * actions + e.action] = static_cast<float>(e.mean);
    }
  }
  py::dict out;
  out["action"] = chosen;
  out["visits"] = visits;
  out["means"] = means;
  out["simulations"] = done;
  return out;
}

// Binds BatchedSearch<Adapter> as `BatchedSearch` (see the struct).
template <class Adapter, class Check>
void bind_batched_search(py::module_& m, Check check_state) {
  using B = BatchedSearch<Adapter>;
  using S = BoundSearcher<Adapter>;
  py::class_<B>(m, "BatchedSearch",
                "The searches of many seats stepped together, the network's leaf evaluations run by the caller "
                "on all of them at once (see core/common/search_bindings.hpp). Until select() returns 0: "
                "select() writes a wave's leaves into `observations` and `masks`, the network evaluates those "
                "rows, backup() takes its values and priors. Then results().")
      .def(py::init([check_state](py::object pool_object, const std::vector<py::object>& searcher_objects,
                                  const std::vector<py::object>& state_objects, const std::vector<int>& players,
                                  const std::vector<uint64_t>& seeds, py::array observations, py::array masks,
                                  int64_t simulations, double exploration, double widening, double margin_scale,
                                  double margin_weight, int64_t max_nodes, bool reuse, double root_noise,
                                  double noise_alpha, double rollout_weight, int64_t network_depth,
                                  int64_t virtual_loss) {
             if (!py::isinstance<SearchPool>(pool_object)) throw py::type_error("pool must be a SearchPool");
             if (simulations < 1)
               throw py::value_error(
                   "simulations must be a positive integer (a batched search has no time "
                   "limit), got " +
                   std::to_string(simulations));
             if (virtual_loss < 0 || virtual_loss > 1000)
               throw py::value_error(
                   "virtual_loss must be an integer in 0-1000 (visits of return 0 added along "
                   "the path of a leaf in flight; 0: none), got " +
                   std::to_string(virtual_loss));
             const Options options =
                 options_from(simulations, 0.0, exploration, widening, margin_scale, margin_weight, max_nodes, reuse,
                              root_noise, noise_alpha, rollout_weight, network_depth, 1.0);
             const Jobs<Adapter> jobs = jobs_of<Adapter>(searcher_objects, state_objects, players, seeds);
             if (jobs.searchers.empty()) throw py::value_error("a batched search needs at least one search");
             const Adapter& adapter = jobs.searchers[0]->searcher.adapter();
             const py::ssize_t capacity = observations.ndim() == 2 ? observations.shape(0) : -1;
             checked_array<float>(observations, "observations", "float32", -1, adapter.observation_size(), true);
             checked_array<int8_t>(masks, "masks", "int8", capacity, adapter.num_actions(), true);
             auto batched = std::make_unique<B>();
             batched->pool_object = pool_object;
             batched->pool = pool_object.cast<SearchPool*>();
             batched->searcher_objects = searcher_objects;
             batched->searchers = jobs.searchers;
             batched->order = jobs.order;
             batched->observations = observations;
             batched->masks = masks;
             batched->offsets.assign(jobs.searchers.size(), 0);
             const auto locks = batched->lock_all();
             const std::vector<typename Adapter::State> truths = truths_of(jobs, players, check_state);
             batched->begun = true;  // every check passed: from here on the searchers are this search's
             for (size_t j = 0; j < truths.size(); ++j) {
               jobs.searchers[j]->searcher.begin(truths[j], players[j], options, seeds[j],
                                                 static_cast<uint32_t>(virtual_loss));
               jobs.searchers[j]->stepwise = true;
             }
             return batched;
           }),
           py::arg("pool"), py::arg("searchers"), py::arg("states"), py::arg("players"), py::arg("seeds"),
           py::arg("observations"), py::arg("masks"), py::arg("simulations"), py::arg("exploration") = 1.5,
           py::arg("widening") = 0.0, py::arg("margin_scale") = 5.0, py::arg("margin_weight") = 0.2,
           py::arg("max_nodes") = 2000000, py::arg("reuse") = true, py::arg("root_noise") = 0.0,
           py::arg("noise_alpha") = 0.3, py::arg("rollout_weight") = 0.0, py::arg("network_depth") = 0,
           py::arg("virtual_loss") = 1,
           "searchers[j] (given once) searches states[j] for players[j] with seeds[j] and the options of "
           "Searcher.search (a budget of simulations only), its network being the caller's. observations: "
           "float32 [rows, observation size], masks: int8 [rows, actions], written by select() (rows: at least "
           "the searches x the leaves per game of a wave). virtual_loss: visits of return 0 that a leaf in "
           "flight adds along its path (so that a wave's leaves spread; 0: none).")
      .def(
          "select",
          [](B& b, int64_t leaves_per_game) {
            const auto own = b.lock.acquire();
            if (b.done) throw py::value_error("this search has given its results: make a new BatchedSearch");
            if (b.rows >= 0)
              throw py::value_error("backup() the " + std::to_string(b.rows) + " rows of the last select() first");
            if (leaves_per_game < 1 || leaves_per_game > 100000)
              throw py::value_error("leaves_per_game must be an integer in 1-100000, got " +
                                    std::to_string(leaves_per_game));
            // the arrays again (the caller may have made them read-only or reshaped them since)
            const Adapter& adapter = b.searchers[0]->searcher.adapter();
            auto* observations =
                checked_array<float>(b.observations, "observations", "float32", -1, adapter.observation_size(), true);
            auto* masks =
                checked_array<int8_t>(b.masks, "masks", "int8", b.observations.shape(0), adapter.num_actions(), true);
            const auto jobs = static_cast<int64_t>(b.searchers.size());
            if (jobs * leaves_per_game > b.observations.shape(0))
              throw py::value_error("the arrays hold " + std::to_string(b.observations.shape(0)) + " rows; a wave of " +
                                    std::to_string(jobs) + " searches x " + std::to_string(leaves_per_game) +
                                    " leaves may need " + std::to_string(jobs * leaves_per_game));
            const auto locks = b.lock_all();
            for (size_t j = 0; j < b.searchers.size(); ++j) {
              const std::string problem = b.searchers[j]->searcher.wave_problem();
              if (!problem.empty()) throw py::value_error("search " + std::to_string(j) + ": " + problem);
            }
            std::vector<int64_t> asked(b.searchers.size());
            b.each([&](size_t j) { asked[j] = b.searchers[j]->searcher.wave(static_cast<int>(leaves_per_game)); });
            int64_t total = 0;
            for (size_t j = 0; j < asked.size(); ++j) {
              b.offsets[j] = total;
              total += asked[j];
            }
            b.each([&](size_t j) { b.searchers[j]->searcher.write_rows(b.offsets[j], observations, masks); });
            b.rows = total > 0 ? total : -1;
            return total;
          },
          py::arg("leaves_per_game") = 1,
          "Descends every unfinished search to up to leaves_per_game leaves that need the network (distinct "
          "nodes), writes their observations and legal-action masks (1 where a prior is asked; a row of 0s "
          "asks the value only) into rows 0 .. n - 1 of the arrays, search by search, and returns n (0: every "
          "search is finished).")
      .def(
          "backup",
          [](B& b, py::array values, py::array priors) {
            const auto own = b.lock.acquire();
            if (b.rows < 0) throw py::value_error("no select() rows wait for a backup");
            const int actions = b.searchers[0]->searcher.adapter().num_actions();
            const float* v = checked_array<float>(values, "values", "float32", b.rows, 0, false, 1);
            const float* p = checked_array<float>(priors, "priors", "float32", b.rows, actions, false);
            const auto locks = b.lock_all();
            for (size_t j = 0; j < b.searchers.size(); ++j) {
              const std::string problem = b.searchers[j]->searcher.check_rows(b.offsets[j], v, p);
              if (!problem.empty()) throw py::value_error(problem + "; nothing was backed up");
            }
            b.each([&](size_t j) { b.searchers[j]->searcher.backup_rows(b.offsets[j], v, p); });
            b.rows = -1;
          },
          py::arg("values"), py::arg("priors"),
          "The network's outputs for the rows of the last select(): values float32 [n] (each the deciding "
          "player's expected return, clamped to [0, 1]) and priors float32 [n, actions] (read at the legal "
          "actions: finite, >= 0, a positive sum). Checked first: a bad one changes nothing.")
      .def(
          "results",
          [](B& b) {
            const auto own = b.lock.acquire();
            if (b.done) throw py::value_error("this search has given its results already");
            const auto locks = b.lock_all();
            for (S* s : b.searchers)
              if (b.rows >= 0 || !s->searcher.finished())
                throw py::value_error(
                    "the search is not finished: select() and backup() until select() "
                    "returns 0");
            std::vector<Result> results;
            for (S* s : b.searchers) {
              results.push_back(s->searcher.end());
              s->stepwise = false;
            }
            b.done = true;
            return results_arrays(results, b.searchers[0]->searcher.adapter().num_actions());
          },
          "As search_many's: action [J], visits [J, A] and means [J, A] of the root edges, simulations [J]. "
          "The searchers are free again (a Duel searcher keeps its tree for its next search).");
}

// Binds BoundSearcher<Adapter> as `name` (the caller adds the constructor to the class returned);
// `check_state(adapter, state, player)` throws for a state of another engine, a finished game or
// a seat that does not decide now.
template <class Adapter, class Check>
py::class_<BoundSearcher<Adapter>> bind_searcher(py::module_& m, const char* name, const char* doc, Check check_state) {
  using S = BoundSearcher<Adapter>;
  using State = typename Adapter::State;
  py::class_<S> cls(m, name, doc);
  cls.def(
         "search",
         [check_state](S& bound, const State& state, int player, uint64_t seed, int64_t simulations, double time_limit,
                       double exploration, double widening, double margin_scale, double margin_weight,
                       int64_t max_nodes, bool reuse, std::vector<int> root_actions, std::vector<float> root_priors,
                       double root_noise, double noise_alpha, double rollout_weight, int64_t network_depth,
                       double root_prior_weight) {
           const Options options =
               options_from(simulations, time_limit, exploration, widening, margin_scale, margin_weight, max_nodes,
                            reuse, root_noise, noise_alpha, rollout_weight, network_depth, root_prior_weight);
           const auto lock = bound.lock.acquire();
           bound.check_free();
           Searcher<Adapter>& searcher = bound.searcher;
           check_state(searcher.adapter(), state, player);
           std::vector<int> legal(static_cast<size_t>(searcher.adapter().num_actions()));
           const int n = searcher.adapter().legal(state, player, legal.data());
           if (n == 0) throw py::value_error("player " + std::to_string(player) + " has no legal move now");
           check_prior(root_actions, root_priors, legal.data(), n);
           const State truth = state;
           Result result;
           {
             py::gil_scoped_release release;
             result = searcher.search(truth, player, options, seed, root_actions, root_priors);
           }
           return result_dict(result);
         },
         py::arg("state"), py::arg("player"), py::arg("seed"), py::arg("simulations") = 0, py::arg("time_limit") = 0.0,
         py::arg("exploration") = 1.5, py::arg("widening") = 0.0, py::arg("margin_scale") = 5.0,
         py::arg("margin_weight") = 0.2, py::arg("max_nodes") = 2000000, py::arg("reuse") = true,
         py::arg("root_actions") = std::vector<int>{}, py::arg("root_priors") = std::vector<float>{},
         py::arg("root_noise") = 0.0, py::arg("noise_alpha") = 0.3, py::arg("rollout_weight") = 0.0,
         py::arg("network_depth") = 0, py::arg("root_prior_weight") = 1.0,
         "ISMCTS for `player` (who decides now) from `state`, which is only ever determinized. Returns a "
         "dict: action, simulations, reused_visits, nodes, edges [(action, visits, mean return, prior)].")
      .def(
          "set_network",
          [](S& bound, std::optional<std::vector<NetworkArray>> arrays) {
            const auto lock = bound.lock.acquire();
            bound.check_free();
            Searcher<Adapter>& searcher = bound.searcher;
            if (!arrays) return searcher.set_network(nullptr);
            searcher.set_network(
                network_from(*arrays, searcher.adapter().observation_size(), searcher.adapter().num_actions()));
          },
          py::arg("arrays"),
          "Search with a policy-value network (the 8 arrays of agents.az_agent.network_arrays), or None for the "
          "heuristic priors and play-outs. Forgets the tree.")
      .def_property_readonly("has_network",
                             [](S& bound) {
                               const auto lock = bound.lock.acquire();
                               return bound.searcher.has_network();
                             })
      .def(
          "clear",
          [](S& bound) {
            const auto lock = bound.lock.acquire();
            bound.check_free();
            bound.searcher.clear();
          },
          "Forget the tree (the next search starts afresh).")
      .def_property_readonly("tree_size", [](S& bound) {
        const auto lock = bound.lock.acquire();
        return bound.searcher.tree_size();
      });
  m.def(
      "search_many",
      [check_state](SearchPool& pool, const std::vector<py::object>& searcher_objects,
                    const std::vector<py::object>& state_objects, const std::vector<int>& players,
                    const std::vector<uint64_t>& seeds, int64_t simulations, double time_limit, double exploration,
                    double widening, double margin_scale, double margin_weight, int64_t max_nodes, bool reuse,
                    double root_noise, double noise_alpha, double rollout_weight, int64_t network_depth) {
        const Options options =
            options_from(simulations, time_limit, exploration, widening, margin_scale, margin_weight, max_nodes, reuse,
                         root_noise, noise_alpha, rollout_weight, network_depth, 1.0);
        // the objects are held (searcher_objects, state_objects) while the locks are waited for
        const Jobs<Adapter> jobs = jobs_of<Adapter>(searcher_objects, state_objects, players, seeds);
        const size_t count = jobs.searchers.size();
        const auto& searchers = jobs.searchers;
        std::vector<std::unique_lock<std::mutex>> locks;
        locks.push_back(pool.lock.acquire());
        for (S* searcher : jobs.order) locks.push_back(searcher->lock.acquire());
        const std::vector<State> truths = truths_of(jobs, players, check_state);
        std::vector<Result> results(count);
        {
          py::gil_scoped_release release;
          std::atomic<size_t> next{0};
          pool.workers.run(pool.workers.size(), [&](int, int, int) {
            for (size_t j = next++; j < count; j = next++)
              results[j] = searchers[j]->searcher.search(truths[j], players[j], options, seeds[j]);
          });
        }
        return results_arrays(results, count ? searchers[0]->searcher.adapter().num_actions() : 0);
      },
      py::arg("pool"), py::arg("searchers"), py::arg("states"), py::arg("players"), py::arg("seeds"),
      py::arg("simulations") = 0, py::arg("time_limit") = 0.0, py::arg("exploration") = 1.5, py::arg("widening") = 0.0,
      py::arg("margin_scale") = 5.0, py::arg("margin_weight") = 0.2, py::arg("max_nodes") = 2000000,
      py::arg("reuse") = true, py::arg("root_noise") = 0.0, py::arg("noise_alpha") = 0.3,
      py::arg("rollout_weight") = 0.0, py::arg("network_depth") = 0,
      "Searcher.search for each (searcher, state, player, seed) at once on the pool's threads, each "
      "searcher in its own search (given once). Returns a dict of arrays: action [J], visits [J, A] and "
      "means [J, A] of the root edges (0 where none), simulations [J].");
  bind_batched_search<Adapter>(m, check_state);
  return cls;
}

}  // namespace wonders::search
