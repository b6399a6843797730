// Python binding of the 7 Wonders search (wonders_env._core.seven_wonders.Searcher):
// common/search_bindings.hpp with the 7 Wonders checks of the state and the seat.
#include "seven_wonders/search_bindings.hpp"

#include "common/search_bindings.hpp"
#include "seven_wonders/search.hpp"

namespace wonders::seven_wonders {

namespace py = pybind11;

void bind_search(py::module_ m) {
  auto searcher = search::bind_searcher<SearchAdapter>(
      m, "Searcher", "ISMCTS over 7 Wonders core states (see core/common/ismcts.hpp).",
      [](const SearchAdapter& adapter, const State& state, int player) {
        const Engine& engine = adapter.engine();
        if (state.engine_id != engine.id())
          throw py::value_error(
              "this state was set up by another engine (other edition, player count or "
              "options) than the searcher's");
        if (player < 0 || player >= engine.num_players())
          throw py::value_error("player must be in [0, " + std::to_string(engine.num_players()) + "), got " +
                                std::to_string(player));
        if (engine.is_over(state)) throw py::value_error("the game is over: there is nothing to search");
        if (!engine.is_acting(state, player))
          throw py::value_error("player " + std::to_string(player) + " does not decide now");
      });
  searcher.def(py::init([](std::shared_ptr<Engine> engine, bool uniform_rule) {
                 if (!engine) throw py::type_error("Searcher needs an Engine");
                 return std::make_unique<search::BoundSearcher<SearchAdapter>>(SearchAdapter(engine, uniform_rule));
               }),
               py::arg("engine"), py::arg("uniform_rule") = false,
               "uniform_rule: uniform play-outs instead of the cheap rule (see core/seven_wonders/search.hpp)");
}

}  // namespace wonders::seven_wonders
