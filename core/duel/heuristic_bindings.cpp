// Python binding of the compiled Duel heuristic (wonders_env._core.duel.Heuristic, see
// duel/heuristic.hpp): the constants, the seat, the state and the legal actions from Python are
// checked here, and a bad one raises TypeError or ValueError before anything is computed. The
// batched call is Batch.heuristic_actions (duel/bindings.cpp, beside the batch it reads).
#include "duel/heuristic_bindings.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>

#include "duel/heuristic.hpp"
#include "duel/rules.hpp"

namespace py = pybind11;

namespace wonders::duel {
namespace {

HeuristicConstants constants_from(const py::dict& values, int num_tokens) {
  std::map<std::string, std::vector<double>> arrays;
  for (auto item : values) {
    if (!py::isinstance<py::str>(item.first)) throw py::type_error("duel heuristic constants: names must be strings");
    const std::string name = py::cast<std::string>(item.first);
    py::array array = py::array::ensure(item.second);
    const char kind = array ? array.dtype().kind() : '?';
    if (kind != 'f' && kind != 'i' && kind != 'u')
      throw py::type_error("duel heuristic constants: '" + name + "' must be numbers (an int or float array)");
    auto doubles = py::array_t < double, py::array::c_style | py::array::forcecast > ::ensure(array);
    arrays[name] = std::vector<double>(doubles.data(), doubles.data() + doubles.size());
  }
  try {
    return HeuristicConstants::from_arrays(arrays, num_tokens);
  } catch (const std::invalid_argument& error) {
    throw py::value_error(error.what());
  }
}

// The deciding `player`'s legal actions in `state`, checked to be the seat that decides now.
int checked_legal(const Heuristic& h, const State& state, int player, int16_t* legal) {
  if (player != 0 && player != 1) throw py::value_error("player must be 0 or 1, got " + std::to_string(player));
  check_table(h.engine(), state);
  if (state.game_over()) throw py::value_error("the game is over: no action has a value");
  if (player != state.current)
    throw py::value_error("player " + std::to_string(player) + " does not decide now; player " +
                          std::to_string(state.current) + " does");
  return h.engine().legal_actions(state, legal);
}

}  // namespace

void bind_heuristic(py::module_ m) {
  py::class_<Heuristic>(m, "Heuristic",
                        "The Duel heuristic: the value of each legal action (see core/duel/heuristic.hpp).")
      .def(py::init([](std::shared_ptr<Engine> engine, const py::dict& constants) {
             if (!engine) throw py::type_error("Heuristic needs an Engine");
             if (engine->pantheon())
               throw py::value_error(
                   "the compiled heuristic values the base game's table, not a Pantheon table's "
                   "(agents.duel_heuristic plays Pantheon on the Python valuation)");
             // an Engine copy shares the tables
             return Heuristic(*engine, constants_from(constants, engine->tables().num_tokens));
           }),
           py::arg("engine"), py::arg("constants"),
           "constants: the valuation's constants by name (agents.duel_heuristic.core_constants()), checked.")
      .def(
          "action_values",
          [](const Heuristic& h, const State& state, int player, std::optional<std::vector<long long>> given) {
            int16_t legal[MAX_LEGAL], asked[MAX_LEGAL];
            const int n = checked_legal(h, state, player, legal);
            int count = n;
            const int16_t* actions = legal;
            if (given) {
              if (given->size() > static_cast<size_t>(MAX_LEGAL))
                throw py::value_error("legal lists " + std::to_string(given->size()) + " actions; the position has " +
                                      std::to_string(n));
              count = static_cast<int>(given->size());
              for (int i = 0; i < count; ++i) {
                const long long action = (*given)[i];
                bool found = false;
                for (int k = 0; k < n && !found; ++k) found = legal[k] == action;
                if (!found)
                  throw py::value_error("action " + std::to_string(action) + " is not a legal action of player " +
                                        std::to_string(player) + " now: " + h.engine().why_illegal(state, action));
                asked[i] = static_cast<int16_t>(action);
              }
              actions = asked;
            }
            py::array_t<double> out(count);
            h.action_values(state, player, actions, count, out.mutable_data());
            return out;
          },
          py::arg("state"), py::arg("player"), py::arg("legal") = py::none(),
          "The value of each action of `legal` (default: every legal action, in the engine's order) of "
          "`player`, who decides now.")
      .def(
          "choose",
          [](const Heuristic& h, const State& state, int player, uint64_t seed) {
            int16_t legal[MAX_LEGAL];
            const int n = checked_legal(h, state, player, legal);
            return h.choose(state, player, legal, n, seed);
          },
          py::arg("state"), py::arg("player"), py::arg("seed"),
          "The action the heuristic plays: the highest value, ties broken by a noise of 1e-6 seeded by "
          "(seed, the decisions played, the player).");
}

}  // namespace wonders::duel
