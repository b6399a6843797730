// Python bindings of the 7 Wonders core (wonders_env._core.seven_wonders). Every argument from
// Python is checked here: a bad one raises ValueError/TypeError and changes nothing.
#include "seven_wonders/bindings.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "seven_wonders/batch.hpp"
#include "seven_wonders/observation.hpp"
#include "seven_wonders/rules.hpp"

namespace py = pybind11;

namespace wonders::seven_wonders {
namespace {

using IntArray = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;

[[noreturn]] void fail(const std::string& message) { throw py::value_error(message); }

// The tables dict of compiled.table_arrays as the core's TableData (strings and int64 arrays).
TableData table_data(const py::dict& data) {
    TableData out;
    for (auto item : data) {
        std::string key = py::cast<std::string>(item.first);
        if (key == "edition") out.edition = py::cast<std::string>(item.second);
        else if (key == "type_names") out.type_names = py::cast<std::vector<std::string>>(item.second);
        else if (key == "city_names") out.city_names = py::cast<std::vector<std::string>>(item.second);
        else if (key == "side_names") out.side_names = py::cast<std::vector<std::string>>(item.second);
        else {
            IntArray array = py::cast<IntArray>(item.second);
            IntTable& table = out.arrays[key];
            for (py::ssize_t d = 0; d < array.ndim(); ++d) table.shape.push_back(static_cast<long>(array.shape(d)));
            table.values.assign(array.data(), array.data() + array.size());
        }
    }
    return out;
}

int64_t checked_int(const py::handle& value, const char* what) {
    if (py::isinstance<py::bool_>(value) || !py::hasattr(value, "__index__"))
        throw py::type_error(std::string(what) + " must be an integer, got " + py::repr(value).cast<std::string>());
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!index) throw py::error_already_set();
    int overflow = 0;
    long long result = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (overflow) fail(std::string(what) + " is out of range: " + py::repr(value).cast<std::string>());
    return result;
}

// A state is only ever acted on by the Engine that set it up (its tables and player count).
const GameState& own(const Engine& engine, const GameState& state) {
    if (state.engine_id != engine.id())
        fail("this state was set up by another engine (other edition, player count or options); "
             "use the engine that created it");
    return state;
}
GameState& own(const Engine& engine, GameState& state) {
    own(engine, static_cast<const GameState&>(state));
    return state;
}

void check_player(const Engine& engine, int64_t player) {
    if (player < 0 || player >= engine.num_players())
        fail("player must be in [0, " + std::to_string(engine.num_players()) + "), got " + std::to_string(player));
}

void check_city(const Engine& engine, int64_t city) {
    if (city < 0 || city >= engine.num_seats())
        fail("seat must be in [0, " + std::to_string(engine.num_seats()) + "), got " + std::to_string(city));
}

Deal deal_from_dict(const Engine& engine, const py::dict& data) {
    Deal deal;
    for (const char* key : {"cities", "sides", "decks", "box"})
        if (!data.contains(key)) fail(std::string("deal: missing '") + key + "' (the deal has cities, sides, decks, box)");
    auto cities = py::cast<std::vector<int64_t>>(data["cities"]);
    auto sides = py::cast<std::vector<int64_t>>(data["sides"]);
    auto decks = py::cast<std::vector<std::vector<int64_t>>>(data["decks"]);
    auto box = py::cast<std::vector<int64_t>>(data["box"]);
    int seats = engine.num_seats();
    if (static_cast<int>(cities.size()) != seats || static_cast<int>(sides.size()) != seats)
        fail("deal: cities and sides must hold one value per seat (" + std::to_string(seats) + ")");
    if (decks.size() != 3) fail("deal: decks must hold the three Age decks");
    if (box.size() > 16) fail("deal: the box holds at most 16 guilds");
    for (int s = 0; s < seats; ++s) {
        if (cities[s] < -128 || cities[s] > 127 || sides[s] < -128 || sides[s] > 127) fail("deal: city or side out of range");
        deal.city[s] = static_cast<int8_t>(cities[s]);
        deal.side[s] = static_cast<int8_t>(sides[s]);
    }
    for (int a = 0; a < 3; ++a) {
        if (decks[a].size() > MAX_DECK) fail("deal: an Age deck holds at most " + std::to_string(MAX_DECK) + " cards");
        for (int64_t card : decks[a]) {
            if (card < 0 || card >= engine.tables().num_cards) fail("deal: card id " + std::to_string(card) + " out of range");
            deal.decks[a].push_back(static_cast<int>(card));
        }
    }
    for (int64_t card : box) {
        if (card < 0 || card >= engine.tables().num_cards) fail("deal: card id " + std::to_string(card) + " out of range");
        deal.box.push_back(static_cast<int>(card));
    }
    std::string problem = engine.check_deal(deal);
    if (!problem.empty()) fail("deal: " + problem);
    return deal;
}

py::dict deal_to_dict(const Engine& engine, const Deal& deal) {
    py::dict out;
    py::list cities, sides, decks;
    for (int s = 0; s < engine.num_seats(); ++s) {
        cities.append(deal.city[s]);
        sides.append(deal.side[s]);
    }
    for (const auto& deck : deal.decks) decks.append(py::cast(deck));
    out["cities"] = cities;
    out["sides"] = sides;
    out["decks"] = decks;
    out["box"] = py::cast(deal.box);
    return out;
}

template <typename T>
T* checked_buffer(py::array& array, std::vector<py::ssize_t> shape, const char* name, const char* dtype) {
    if (!array.dtype().is(py::dtype::of<T>()))
        fail(std::string(name) + " must have dtype " + dtype + ", got " + py::str(array.dtype()).cast<std::string>());
    bool same = array.ndim() == static_cast<py::ssize_t>(shape.size());
    for (size_t i = 0; same && i < shape.size(); ++i) same = array.shape(i) == shape[i];
    if (!same) fail(std::string(name) + " has the wrong shape");
    if (!(array.flags() & py::array::c_style)) fail(std::string(name) + " must be C-contiguous");
    if (!array.writeable()) fail(std::string(name) + " must be writeable");
    return static_cast<T*>(array.mutable_data());
}

py::dict record_data(const Engine& engine, const GameState& state) {
    const Tables& t = engine.tables();
    py::list seats;
    for (int s = 0; s < state.num_seats; ++s) {
        py::dict seat;
        seat["city"] = static_cast<int>(state.city[s]);
        seat["side"] = static_cast<int>(state.side[s]);
        seat["stages_built"] = static_cast<int>(state.stages_built[s]);
        py::list buildings, tokens;
        for (int i = 0; i < state.built_size[s]; ++i) buildings.append(t.cards[state.built[s][i]].type);
        for (int i = 0; i < state.num_tokens[s]; ++i) tokens.append(static_cast<int>(state.tokens[s][i]));
        seat["buildings"] = buildings;
        seat["coins"] = static_cast<int>(state.coins[s]);
        seat["military_tokens"] = tokens;
        seat["score"] = py::cast(engine.score_breakdown(state, s));
        seats.append(seat);
    }
    py::list actions;
    for (int i = 0; i < state.log_size; ++i) {
        const LogEntry& e = state.log[i];
        actions.append(py::make_tuple(e.age, e.turn, e.agent, e.seat, e.kind, e.card_type, e.to_left, e.to_right, e.bank));
    }
    py::dict out;
    out["seed"] = state.has_seed ? py::object(py::int_(state.seed)) : py::object(py::none());
    out["finished"] = state.phase == Phase::GAME_OVER;
    out["winners"] = state.phase == Phase::GAME_OVER ? py::cast(engine.winners(state)) : py::list();
    out["seats"] = seats;
    out["actions"] = actions;
    return out;
}

py::list card_list(const uint8_t* cards, int count) {
    py::list out;
    for (int i = 0; i < count; ++i) out.append(static_cast<int>(cards[i]));
    return out;
}

}  // namespace

void bind(py::module_ m) {
    py::class_<Tables, std::shared_ptr<Tables>>(m, "Tables", "The card and wonder tables of one edition (checked copies of the Python tables).")
        .def_readonly("edition", &Tables::edition)
        .def_readonly("num_types", &Tables::num_types)
        .def_readonly("num_cards", &Tables::num_cards);
    m.def("make_tables", [](const py::dict& data) { return std::const_pointer_cast<Tables>(build_tables(table_data(data))); },
          "Tables from the dict of numpy arrays built by wonders_env.seven_wonders.compiled.core_tables.");

    py::class_<GameState>(m, "State", "A 7 Wonders game state of the core (copy with clone()).")
        .def("clone", [](const GameState& s) { return GameState(s); })
        .def("__copy__", [](const GameState& s) { return GameState(s); })
        .def("__deepcopy__", [](const GameState& s, py::dict) { return GameState(s); })
        .def_property_readonly("phase", [](const GameState& s) { return static_cast<int>(s.phase); })
        .def_property_readonly("age", [](const GameState& s) { return static_cast<int>(s.age); })
        .def_property_readonly("turn", [](const GameState& s) { return static_cast<int>(s.turn); })
        .def_property_readonly("seed", [](const GameState& s) { return s.has_seed ? py::object(py::int_(s.seed)) : py::object(py::none()); })
        .def_property_readonly("coins", [](const GameState& s) { return std::vector<int>(s.coins.begin(), s.coins.begin() + s.num_seats); })
        .def_property_readonly("free_city_holder", [](const GameState& s) { return static_cast<int>(s.free_city_holder); })
        .def("hand", [](const GameState& s, int seat) {
            if (seat < 0 || seat >= s.num_seats) fail("seat out of range");
            return card_list(s.hands[seat].data(), s.hand_size[seat]);
        })
        .def_property_readonly("discard", [](const GameState& s) { return card_list(s.discard.data(), s.discard_size); })
        .def_property_readonly("discard_builders", [](const GameState& s) {
            py::list out;
            for (int i = 0; i < s.num_discard_builders; ++i) out.append(py::make_tuple(s.discard_builders[i][0], s.discard_builders[i][1]));
            return out;
        });

    py::class_<Engine, std::shared_ptr<Engine>>(m, "Engine", "The rules of 7 Wonders for one table and set of options.")
        .def(py::init([](std::shared_ptr<Tables> tables, int num_players, std::vector<int> wonders, std::vector<int> sides) {
                 if (!tables) fail("tables must be a Tables object");
                 if (num_players < 2 || num_players > MAX_PLAYERS) fail("num_players must be in [2, 7], got " + std::to_string(num_players));
                 int seats = std::max(num_players, 3);
                 std::array<int8_t, MAX_SEATS> w{}, s{};
                 w.fill(-1);
                 if (!wonders.empty()) {
                     if (static_cast<int>(wonders.size()) != seats) fail("wonders must name one city per seat");
                     for (int i = 0; i < seats; ++i) {
                         if (wonders[i] < 0 || wonders[i] >= tables->num_cities) fail("wonders: city index out of range");
                         for (int j = 0; j < i; ++j)
                             if (wonders[j] == wonders[i]) fail("wonders: each city can be dealt once");
                         w[i] = static_cast<int8_t>(wonders[i]);
                     }
                 }
                 if (static_cast<int>(sides.size()) != seats) fail("sides must hold one value per seat");
                 for (int i = 0; i < seats; ++i) {
                     if (sides[i] < 0 || sides[i] > SIDE_RANDOM) fail("sides: each must be 0 (A/Day), 1 (B/Night) or 2 (random)");
                     s[i] = static_cast<int8_t>(sides[i]);
                 }
                 return std::make_shared<Engine>(tables, num_players, w, s);
             }),
             py::arg("tables"), py::arg("num_players"), py::arg("wonders"), py::arg("sides"))
        .def_property_readonly("num_players", &Engine::num_players)
        .def_property_readonly("num_seats", &Engine::num_seats)
        .def_property_readonly("num_actions", &Engine::num_actions)
        .def_property_readonly("observation_size", [](const Engine& e) { return Observer(e).size(); })
        .def("draw_deal", [](const Engine& e, uint64_t seed) { return deal_to_dict(e, e.draw_deal(seed)); })
        .def("new_game", [](const Engine& e, const py::dict& deal, py::object seed) {
            GameState state;
            e.new_game(state, deal_from_dict(e, deal));
            if (!seed.is_none()) {
                state.has_seed = true;
                state.seed = seed.cast<uint64_t>();
            }
            return state;
        }, py::arg("deal"), py::arg("seed") = py::none())
        .def("new_game_seeded", [](const Engine& e, uint64_t seed) {
            GameState state;
            e.new_game(state, e.draw_deal(seed));
            state.has_seed = true;
            state.seed = seed;
            return state;
        })
        .def("acting_players", [](const Engine& e, const GameState& s) {
            own(e, s);
            Actors a = e.acting_players(s);
            return std::vector<int>(a.seats.begin(), a.seats.begin() + a.count);
        })
        .def("legal_action_mask", [](const Engine& e, const GameState& s, int64_t player) {
            own(e, s);
            check_player(e, player);
            py::array_t<int8_t> mask(e.num_actions());
            e.legal_action_mask(s, static_cast<int>(player), mask.mutable_data());
            return mask;
        })
        .def("legal_action_mask_by_checks", [](const Engine& e, const GameState& s, int64_t player) {
            own(e, s);
            check_player(e, player);
            py::array_t<int8_t> mask(e.num_actions());
            for (int a = 0; a < e.num_actions(); ++a) mask.mutable_data()[a] = e.is_legal(s, static_cast<int>(player), a);
            return mask;
        }, "The mask by one is_legal check per action (what a batch checks actions with), for the tests.")
        .def("apply_actions", [](const Engine& e, GameState& s, const py::dict& actions) {
            own(e, s);
            Actors actors = e.acting_players(s);
            std::array<int, MAX_PLAYERS> chosen{};
            std::vector<int> expected(actors.seats.begin(), actors.seats.begin() + actors.count);
            std::vector<int> given;
            for (auto item : actions) {
                int64_t player = checked_int(item.first, "player");
                if (std::find(expected.begin(), expected.end(), player) == expected.end()) {
                    std::string list;
                    for (int p : expected) list += (list.empty() ? "" : ", ") + std::to_string(p);
                    fail("player " + std::to_string(player) + " does not act now; acting players: [" + list + "]");
                }
                int64_t action = checked_int(item.second, "action");
                std::string why = e.why_illegal(s, static_cast<int>(player), action);
                if (!why.empty()) fail(why);
                chosen[player] = static_cast<int>(action);
                given.push_back(static_cast<int>(player));
            }
            if (given.size() != expected.size()) fail("every acting player must send one action");
            e.apply_actions(s, chosen);
        })
        .def("is_over", [](const Engine& e, const GameState& s) { return e.is_over(own(e, s)); })
        .def("score_breakdown", [](const Engine& e, const GameState& s, int64_t city) {
            own(e, s);
            check_city(e, city);
            return e.score_breakdown(s, static_cast<int>(city));
        })
        .def("winners", [](const Engine& e, const GameState& s) { return e.winners(own(e, s)); })
        .def("encode_observation", [](const Engine& e, const GameState& s, int64_t player) {
            own(e, s);
            check_player(e, player);
            Observer observer(e);
            py::array_t<float> out(observer.size());
            observer.encode(s, static_cast<int>(player), out.mutable_data());
            return out;
        })
        .def("describe_action", [](const Engine& e, int64_t action) {
            if (action < 0 || action >= e.num_actions()) fail("action must be in [0, " + std::to_string(e.num_actions()) + ")");
            return e.describe_action(static_cast<int>(action));
        })
        .def("buy_options", [](const Engine& e, const GameState& s, int64_t city, std::vector<int> cost) {
            own(e, s);
            check_city(e, city);
            if (cost.size() != NUM_RESOURCES) fail("cost must hold 7 unit counts");
            std::array<int, NUM_RESOURCES> c{};
            for (int r = 0; r < NUM_RESOURCES; ++r) {
                if (cost[r] < 0 || cost[r] > 7) fail("cost units must be in [0, 7]");
                c[r] = cost[r];
            }
            PaymentOptions options = e.buy_options(s, static_cast<int>(city), c);
            std::vector<std::pair<int, int>> out;
            for (int i = 0; i < options.count; ++i) out.emplace_back(options.options[i].to_left, options.options[i].to_right);
            return out;
        })
        .def("determinize", [](const Engine& e, const GameState& s, int64_t player, uint64_t seed) {
            own(e, s);
            check_player(e, player);
            GameState twin = s;
            Rng rng(seed);
            e.determinize(twin, static_cast<int>(player), rng);
            return twin;
        })
        .def("record_data", [](const Engine& e, const GameState& s) { return record_data(e, own(e, s)); });

    py::class_<Batch>(m, "Batch", "num_envs games stepped together (see wonders_env.vector).")
        .def(py::init([](std::shared_ptr<Engine> engine, int64_t num_envs, uint64_t seed) {
                 if (!engine) fail("engine must be an Engine");
                 if (num_envs < 1 || num_envs > (1 << 16)) fail("num_envs must be in [1, 65536]");
                 return new Batch(engine, static_cast<int>(num_envs), seed);
             }),
             py::arg("engine"), py::arg("num_envs"), py::arg("seed"))
        .def_property_readonly("num_players", [](const Batch& b) { return b.engine().num_players(); })
        .def_property_readonly("observation_size", [](const Batch& b) { return b.observer().size(); })
        .def_property_readonly("num_actions", [](const Batch& b) { return b.engine().num_actions(); })
        .def("reset", [](Batch& b, py::array obs, py::array mask, py::array to_act) {
            py::ssize_t E = b.num_envs(), P = b.engine().num_players();
            float* o = checked_buffer<float>(obs, {E, P, b.observer().size()}, "obs", "float32");
            int8_t* m = checked_buffer<int8_t>(mask, {E, P, b.engine().num_actions()}, "mask", "int8");
            bool* a = checked_buffer<bool>(to_act, {E, P}, "to_act", "bool");
            b.reset(o, m, a);
        })
        .def("step", [](Batch& b, py::array actions, py::array obs, py::array mask, py::array to_act, py::array rewards,
                        py::array terminated) {
            py::ssize_t E = b.num_envs(), P = b.engine().num_players();
            const int64_t* act = checked_buffer<int64_t>(actions, {E, P}, "actions", "int64");
            float* o = checked_buffer<float>(obs, {E, P, b.observer().size()}, "obs", "float32");
            int8_t* m = checked_buffer<int8_t>(mask, {E, P, b.engine().num_actions()}, "mask", "int8");
            bool* a = checked_buffer<bool>(to_act, {E, P}, "to_act", "bool");
            float* r = checked_buffer<float>(rewards, {E, P}, "rewards", "float32");
            bool* t = checked_buffer<bool>(terminated, {E}, "terminated", "bool");
            std::string problem = b.check(act);
            if (!problem.empty()) fail(problem);
            b.step(act, o, m, a, r, t);
        })
        .def("sample_actions", [](Batch& b, py::array actions) {
            b.sample_actions(checked_buffer<int64_t>(actions, {b.num_envs(), b.engine().num_players()}, "actions", "int64"));
        })
        .def("seeds", [](const Batch& b) { return py::array_t<uint64_t>(static_cast<py::ssize_t>(b.seeds().size()), b.seeds().data()); })
        .def("state", [](const Batch& b, int64_t index) {
            if (index < 0 || index >= b.num_envs()) fail("game index out of range");
            return b.state(static_cast<int>(index));
        })
        .def("finished", [](const Batch& b) {
            py::list out;
            for (const auto& f : b.finished()) out.append(py::make_tuple(f.index, f.seed, f.state));
            return out;
        });
}

}  // namespace wonders::seven_wonders
