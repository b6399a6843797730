// Python binding of the Duel search (wonders_env._core.duel.Searcher): common/search_bindings.hpp
// with the Duel checks of the state and the seat.
#include "duel/search_bindings.hpp"

#include "common/search_bindings.hpp"
#include "duel/search.hpp"

namespace wonders::duel {

namespace py = pybind11;

void bind_search(py::module_ m) {
  auto searcher = search::bind_searcher<SearchAdapter>(
      m, "Searcher", "ISMCTS over Duel core states (see core/common/ismcts.hpp); keeps its tree between moves.",
      [](const SearchAdapter& adapter, const State& state, int player) {
        if (player != 0 && player != 1) throw py::value_error("player must be 0 or 1, got " + std::to_string(player));
        check_table(adapter.engine(), state);
        if (state.game_over()) throw py::value_error("the game is over: there is nothing to search");
        if (player != state.current)
          throw py::value_error("player " + std::to_string(player) + " does not decide now; player " +
                                std::to_string(state.current) + " does");
      });
  searcher.def(py::init([](std::shared_ptr<Engine> engine, bool uniform_rule) {
                 if (!engine) throw py::type_error("Searcher needs an Engine");
                 // an Engine copy shares the tables
                 return std::make_unique<search::BoundSearcher<SearchAdapter>>(SearchAdapter(*engine, uniform_rule));
               }),
               py::arg("engine"), py::arg("uniform_rule") = false,
               "uniform_rule: uniform play-outs instead of the cheap rule (see core/duel/search.hpp)");
}

}  // namespace wonders::duel
