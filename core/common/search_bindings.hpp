// The Python face of a game's Searcher (common/ismcts.hpp), shared by both games' bindings
// (core/duel/search_bindings.cpp, core/seven_wonders/search_bindings.cpp). Everything from Python
// is checked here before the search starts: the budgets and options, the seat (it must decide
// now), the state (of this game and engine, not over), the root prior (legal actions of that
// seat, finite weights >= 0 with a positive sum). A bad one raises ValueError and changes nothing.
#pragma once
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/ismcts.hpp"

namespace wonders::search {

namespace py = pybind11;

inline Options options_from(int64_t simulations, double time_limit, double exploration, double widening,
                            double margin_scale, double margin_weight, int64_t max_nodes, bool reuse) {
    Options options;
    options.simulations = simulations;
    options.time_limit = time_limit;
    options.exploration = exploration;
    options.widening = widening;
    options.margin_scale = margin_scale;
    options.margin_weight = margin_weight;
    options.max_nodes = max_nodes;
    options.reuse = reuse;
    if (simulations < 0) throw py::value_error("simulations must be a positive integer (0: no limit), got " +
                                               std::to_string(simulations));
    if (!(time_limit >= 0) || !std::isfinite(time_limit))
        throw py::value_error("time_limit must be a positive number of seconds (0: no limit), got " +
                              std::to_string(time_limit));
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
        if (std::find(actions.begin(), actions.begin() + static_cast<long>(i), actions[i]) != actions.begin() + static_cast<long>(i))
            throw py::value_error("root_actions: " + std::to_string(actions[i]) + " is given twice");
        if (!(priors[i] >= 0) || !std::isfinite(priors[i]))
            throw py::value_error("root_priors must be finite numbers >= 0");
        sum += priors[i];
    }
    if (!actions.empty() && !(sum > 0)) throw py::value_error("root_priors must have a positive sum");
}

// Binds Searcher<Adapter> as `name` (the caller adds the constructor to the class returned);
// `check_state(adapter, state, player)` throws for a state of another engine, a finished game or
// a seat that does not decide now.
template <class Adapter, class Check>
py::class_<Searcher<Adapter>> bind_searcher(py::module_& m, const char* name, const char* doc, Check check_state) {
    using S = Searcher<Adapter>;
    using State = typename Adapter::State;
    py::class_<S> cls(m, name, doc);
    cls.def("search",
             [check_state](S& searcher, const State& state, int player, uint64_t seed, int64_t simulations,
                           double time_limit, double exploration, double widening, double margin_scale,
                           double margin_weight, int64_t max_nodes, bool reuse, std::vector<int> root_actions,
                           std::vector<float> root_priors) {
                 const Options options = options_from(simulations, time_limit, exploration, widening, margin_scale,
                                                      margin_weight, max_nodes, reuse);
                 check_state(searcher.adapter(), state, player);
                 std::vector<int> legal(static_cast<size_t>(searcher.adapter().num_actions()));
                 const int n = searcher.adapter().legal(state, player, legal.data());
                 if (n == 0) throw py::value_error("player " + std::to_string(player) + " has no legal move now");
                 check_prior(root_actions, root_priors, legal.data(), n);
                 Result result;
                 {
                     py::gil_scoped_release release;
                     result = searcher.search(state, player, options, seed, root_actions, root_priors);
                 }
                 return result_dict(result);
             },
             py::arg("state"), py::arg("player"), py::arg("seed"), py::arg("simulations") = 0,
             py::arg("time_limit") = 0.0, py::arg("exploration") = 1.5, py::arg("widening") = 0.0,
             py::arg("margin_scale") = 5.0, py::arg("margin_weight") = 0.2, py::arg("max_nodes") = 2000000,
             py::arg("reuse") = true, py::arg("root_actions") = std::vector<int>{},
             py::arg("root_priors") = std::vector<float>{},
             "ISMCTS for `player` (who decides now) from `state`, which is only ever determinized. Returns a "
             "dict: action, simulations, reused_visits, nodes, edges [(action, visits, mean return, prior)].")
        .def("clear", &S::clear, "Forget the tree (the next search starts afresh).")
        .def_property_readonly("tree_size", &S::tree_size);
    return cls;
}

}  // namespace wonders::search
