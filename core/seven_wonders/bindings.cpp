// Python bindings of the 7 Wonders core (wonders_env._core.seven_wonders). Every argument from
// Python is checked here: a bad one raises ValueError/TypeError and changes nothing.
#include "seven_wonders/bindings.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "common/object_lock.hpp"
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
T* checked_buffer(py::array& array, std::vector<py::ssize_t> shape, const char* name, const char* dtype,
                  bool writable = true) {
    if (!array.dtype().is(py::dtype::of<T>()))
        fail(std::string(name) + " must have dtype " + dtype + ", got " + py::str(array.dtype()).cast<std::string>());
    bool same = array.ndim() == static_cast<py::ssize_t>(shape.size());
    for (size_t i = 0; same && i < shape.size(); ++i) same = array.shape(i) == shape[i];
    if (!same) {
        auto text = [](const py::ssize_t* dims, size_t n) {
            std::string out = "(";
            for (size_t i = 0; i < n; ++i) out += (i ? ", " : "") + std::to_string(dims[i]);
            return out + ")";
        };
        fail(std::string(name) + " must have shape " + text(shape.data(), shape.size()) + ", got " +
             text(array.shape(), static_cast<size_t>(array.ndim())));
    }
    if (!(array.flags() & py::array::c_style)) fail(std::string(name) + " must be C-contiguous");
    if (!writable) return static_cast<T*>(const_cast<void*>(array.data()));  // read, never written
    if (!array.writeable()) fail(std::string(name) + " must be writeable");
    return static_cast<T*>(array.mutable_data());
}

// A Batch and the lock that serialises its use by Python threads (reset and step let the GIL go).
struct BoundBatch {
    BoundBatch(const Engine& engine, int num_envs, uint64_t seed, int threads)
        : batch(engine, num_envs, seed, threads) {}
    Batch batch;
    ObjectLock lock;
};

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

// ---------------------------------------------------------------- state transfer (to and from Python)
// The fields of a core state under the names of the Python GameState's fields (compiled.py turns
// them into a GameState); the powers in the order of cards.Power.
template <typename Row>
py::list rows(const Row* data, int count, int width) {
    py::list out;
    for (int i = 0; i < count; ++i) {
        py::list row;
        for (int k = 0; k < width; ++k) row.append(static_cast<int>(data[i][k]));
        out.append(row);
    }
    return out;
}

py::dict export_state(const Engine& engine, const GameState& s) {
    const int seats = s.num_seats, players = s.num_players, n = engine.tables().num_types;
    py::dict out;
    out["cities"] = std::vector<int>(s.city.begin(), s.city.begin() + seats);
    out["sides"] = std::vector<int>(s.side.begin(), s.side.begin() + seats);
    out["age"] = static_cast<int>(s.age);
    out["turn"] = static_cast<int>(s.turn);
    out["phase"] = static_cast<int>(s.phase);
    py::dict decks;
    for (int a = 0; a < 3; ++a)
        if (s.deck_size[a]) decks[py::int_(a + 1)] = card_list(s.decks[a].data(), s.deck_size[a]);
    out["decks"] = decks;
    out["box"] = card_list(s.box.data(), s.box_size);
    py::list hands, built, stage_cards, tokens, own_choices, sell_choices, discard_builders, log;
    for (int seat = 0; seat < seats; ++seat) {
        hands.append(card_list(s.hands[seat].data(), s.hand_size[seat]));
        built.append(card_list(s.built[seat].data(), s.built_size[seat]));
        stage_cards.append(card_list(s.stage_cards[seat].data(), s.stages_built[seat]));
        tokens.append(std::vector<int>(s.tokens[seat].begin(), s.tokens[seat].begin() + s.num_tokens[seat]));
        own_choices.append(card_list(s.own_choices[seat].data(), s.num_own_choices[seat]));
        sell_choices.append(card_list(s.sell_choices[seat].data(), s.num_sell_choices[seat]));
    }
    out["hands"] = hands;
    out["free_city_pile"] = card_list(s.free_city_pile.data(), s.free_city_pile_size);
    out["free_city_holder"] = static_cast<int>(s.free_city_holder);
    out["built"] = built;
    out["has_type"] = rows(s.has_type.data(), seats, n);
    out["color_counts"] = rows(s.color_counts.data(), seats, NUM_COLORS);
    out["coins"] = std::vector<int>(s.coins.begin(), s.coins.begin() + seats);
    out["stages_built"] = std::vector<int>(s.stages_built.begin(), s.stages_built.begin() + seats);
    out["stage_cards"] = stage_cards;
    out["shields"] = std::vector<int>(s.shields.begin(), s.shields.begin() + seats);
    out["military_tokens"] = tokens;
    out["science"] = rows(s.science.data(), seats, 4);
    out["own_fixed"] = rows(s.own_fixed.data(), seats, NUM_RESOURCES);
    out["own_choices"] = own_choices;
    out["sell_fixed"] = rows(s.sell_fixed.data(), seats, NUM_RESOURCES);
    out["sell_choices"] = sell_choices;
    out["cheap_left"] = std::vector<int>(s.cheap_left.begin(), s.cheap_left.begin() + seats);
    out["cheap_right"] = std::vector<int>(s.cheap_right.begin(), s.cheap_right.begin() + seats);
    py::list powers, used;
    for (int seat = 0; seat < seats; ++seat) {
        powers.append(std::vector<int>{s.free_build_power[seat], s.seventh_card_power[seat], s.copy_guild_power[seat],
                                       s.free_color_power[seat], s.free_first_from_age[seat], s.free_last_from_age[seat]});
        used.append(std::vector<int>{s.free_build_used_age[seat], s.seventh_card_played_age[seat], 0, 0, 0, 0});
    }
    out["powers"] = powers;
    out["power_used_age"] = used;
    out["discard"] = card_list(s.discard.data(), s.discard_size);
    out["known_discard"] = rows(s.known_discard.data(), players, n);
    out["last_passed"] = rows(s.last_passed.data(), players, n);
    py::dict pending, payments;
    for (int city = 0; city < seats; ++city) {
        if (s.pending[city] >= 0) pending[py::int_(city)] = static_cast<int>(s.pending[city]);
        if (s.paid >> city & 1) {
            const CityPayment& p = s.payments[city];
            payments[py::int_(city)] = py::make_tuple(p.bank, p.to_left, p.to_right);
        }
    }
    out["pending"] = pending;
    out["payments"] = payments;
    out["pending_turn"] = static_cast<int>(s.pending_turn);
    for (int i = 0; i < s.num_discard_builders; ++i)
        discard_builders.append(py::make_tuple(s.discard_builders[i][0], s.discard_builders[i][1]));
    out["discard_builders"] = discard_builders;
    out["age_leftovers_discarded"] = s.age_leftovers_discarded;
    for (int i = 0; i < s.log_size; ++i) {
        const LogEntry& e = s.log[i];
        log.append(py::make_tuple(e.age, e.turn, e.agent, e.seat, e.kind, e.card_type, e.to_left, e.to_right, e.bank));
    }
    out["log"] = log;
    return out;
}

// Reads a list of integers in [low, high] of at most `capacity` items into `out`; returns the count.
template <typename T, size_t N>
int read_list(const py::handle& value, std::array<T, N>& out, int capacity, int64_t low, int64_t high, const std::string& what) {
    auto items = py::cast<std::vector<int64_t>>(value);
    if (static_cast<int64_t>(items.size()) > capacity)
        fail("state: " + what + " holds at most " + std::to_string(capacity) + " items, got " + std::to_string(items.size()));
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i] < low || items[i] > high)
            fail("state: " + what + " values must be in [" + std::to_string(low) + ", " + std::to_string(high) + "], got " +
                 std::to_string(items[i]));
        out[i] = static_cast<T>(items[i]);
    }
    return static_cast<int>(items.size());
}

// One list per seat (or player): `count` lists read by read_list.
template <typename T, size_t N, size_t M>
void read_rows(const py::handle& value, std::array<std::array<T, N>, M>& out, int count, int width, int64_t low,
               int64_t high, const std::string& what, std::array<uint8_t, M>* sizes = nullptr) {
    auto items = py::cast<std::vector<py::object>>(value);
    if (static_cast<int>(items.size()) != count)
        fail("state: " + what + " must hold " + std::to_string(count) + " rows, got " + std::to_string(items.size()));
    for (int i = 0; i < count; ++i) {
        int size = read_list(items[i], out[i], width, low, high, what);
        if (sizes) (*sizes)[i] = static_cast<uint8_t>(size);
        else if (size != width) fail("state: each row of " + what + " must hold " + std::to_string(width) + " values");
    }
}

// The inverse of export_state: a core state from the fields of a Python GameState (checked so
// that nothing read can take the core outside its arrays; the rules are the Python engine's).
GameState import_state(const Engine& engine, const py::dict& d, py::object seed) {
    const Tables& t = engine.tables();
    const int seats = engine.num_seats(), players = engine.num_players(), n = t.num_types, cards = t.num_cards - 1;
    auto get = [&](const char* key) -> py::object {
        if (!d.contains(key)) fail(std::string("state: missing '") + key + "'");
        return d[key];
    };
    auto integer = [&](const char* key, int64_t low, int64_t high) {
        int64_t value = checked_int(get(key), key);
        if (value < low || value > high)
            fail(std::string("state: ") + key + " must be in [" + std::to_string(low) + ", " + std::to_string(high) +
                 "], got " + std::to_string(value));
        return value;
    };
    GameState s;
    s.engine_id = engine.id();
    s.num_players = static_cast<int8_t>(players);
    s.num_seats = static_cast<int8_t>(seats);
    if (!seed.is_none()) {
        s.has_seed = true;
        s.seed = checked_int(seed, "seed");
    }
    read_list(get("cities"), s.city, seats, 0, t.num_cities - 1, "cities");
    read_list(get("sides"), s.side, seats, 0, 1, "sides");
    s.age = static_cast<int8_t>(integer("age", 1, 3));
    s.turn = static_cast<int8_t>(integer("turn", 1, TURNS_PER_AGE));
    s.phase = static_cast<Phase>(integer("phase", 0, 5));
    if (s.phase == Phase::PAYMENT && !engine.chooses_payments()) fail("state: a PAYMENT phase needs payment=\"choose\"");
    auto decks = py::cast<py::dict>(get("decks"));
    for (auto item : decks) {
        int64_t age = checked_int(item.first, "deck age");
        if (age < 1 || age > 3) fail("state: decks are keyed by Age 1-3");
        s.deck_size[age - 1] = static_cast<uint8_t>(read_list(item.second, s.decks[age - 1], MAX_DECK, 0, cards, "decks"));
    }
    s.box_size = static_cast<uint8_t>(read_list(get("box"), s.box, 16, 0, cards, "box"));
    read_rows(get("hands"), s.hands, seats, MAX_HAND, 0, cards, "hands", &s.hand_size);
    s.free_city_pile_size = static_cast<uint8_t>(read_list(get("free_city_pile"), s.free_city_pile, MAX_HAND, 0, cards, "free_city_pile"));
    s.free_city_holder = static_cast<int8_t>(integer("free_city_holder", players == 2 ? 0 : -1, players == 2 ? 1 : -1));
    read_rows(get("built"), s.built, seats, MAX_BUILT, 0, cards, "built", &s.built_size);
    read_rows(get("has_type"), s.has_type, seats, n, 0, 1, "has_type");
    read_rows(get("color_counts"), s.color_counts, seats, NUM_COLORS, 0, MAX_BUILT, "color_counts");
    read_list(get("coins"), s.coins, seats, 0, 10000, "coins");
    std::array<uint8_t, MAX_SEATS> stages{};
    read_rows(get("stage_cards"), s.stage_cards, seats, MAX_STAGES, 0, cards, "stage_cards", &stages);
    read_list(get("stages_built"), s.stages_built, seats, 0, MAX_STAGES, "stages_built");
    for (int seat = 0; seat < seats; ++seat)
        if (stages[seat] != s.stages_built[seat] || s.stages_built[seat] > t.wonders[s.city[seat]][s.side[seat]].num_stages)
            fail("state: stages_built must count the stage_cards, within the wonder's stages");
    read_list(get("shields"), s.shields, seats, 0, 1000, "shields");
    read_rows(get("military_tokens"), s.tokens, seats, MAX_TOKENS, -1, 5, "military_tokens", &s.num_tokens);
    // a symbol per building and per wonder stage at most
    read_rows(get("science"), s.science, seats, 4, 0, MAX_BUILT + MAX_STAGES, "science");
    read_rows(get("own_fixed"), s.own_fixed, seats, NUM_RESOURCES, 0, 100, "own_fixed");
    read_rows(get("sell_fixed"), s.sell_fixed, seats, NUM_RESOURCES, 0, 100, "sell_fixed");
    read_rows(get("own_choices"), s.own_choices, seats, MAX_CHOICES, 1, 127, "own_choices", &s.num_own_choices);
    read_rows(get("sell_choices"), s.sell_choices, seats, MAX_CHOICES, 1, 127, "sell_choices", &s.num_sell_choices);
    read_list(get("cheap_left"), s.cheap_left, seats, 0, 127, "cheap_left");
    read_list(get("cheap_right"), s.cheap_right, seats, 0, 127, "cheap_right");
    std::array<std::array<int8_t, 6>, MAX_SEATS> powers{}, used{};
    read_rows(get("powers"), powers, seats, 6, 0, 4, "powers");
    read_rows(get("power_used_age"), used, seats, 6, 0, 3, "power_used_age");
    for (int seat = 0; seat < seats; ++seat) {
        s.free_build_power[seat] = powers[seat][0];
        s.seventh_card_power[seat] = powers[seat][1];
        s.copy_guild_power[seat] = powers[seat][2];
        s.free_color_power[seat] = powers[seat][3];
        s.free_first_from_age[seat] = powers[seat][4];
        s.free_last_from_age[seat] = powers[seat][5];
        s.free_build_used_age[seat] = used[seat][0];
        s.seventh_card_played_age[seat] = used[seat][1];
    }
    s.discard_size = static_cast<uint8_t>(read_list(get("discard"), s.discard, MAX_CARDS, 0, cards, "discard"));
    read_rows(get("known_discard"), s.known_discard, players, n, 0, MAX_CARDS, "known_discard");
    read_rows(get("last_passed"), s.last_passed, players, n, 0, MAX_HAND, "last_passed");
    s.pending.fill(-1);
    for (auto item : py::cast<py::dict>(get("pending"))) {
        int64_t city = checked_int(item.first, "pending city"), action = checked_int(item.second, "pending action");
        if (city < 0 || city >= seats || action < 0 || action >= engine.tables().wait_action())
            fail("state: pending maps a seat to a card action");
        s.pending[city] = static_cast<int16_t>(action);
    }
    for (auto item : py::cast<py::dict>(get("payments"))) {
        int64_t city = checked_int(item.first, "payment city");
        auto paid = py::cast<std::vector<int64_t>>(item.second);
        if (city < 0 || city >= seats || s.pending[city] < 0 || paid.size() != 3)
            fail("state: payments maps a seat with a pending move to (bank, to_left, to_right)");
        for (int64_t coins : paid)
            if (coins < 0 || coins > 2 * MAX_TO_ONE_SIDE) fail("state: payment coins out of range");
        s.payments[city] = CityPayment{static_cast<int8_t>(paid[0]), static_cast<int8_t>(paid[1]), static_cast<int8_t>(paid[2])};
        s.paid = static_cast<uint8_t>(s.paid | 1 << city);
    }
    s.pending_turn = static_cast<int8_t>(integer("pending_turn", 0, TURNS_PER_AGE + 1));
    auto builders = py::cast<std::vector<std::pair<int64_t, int64_t>>>(get("discard_builders"));
    if (builders.size() > MAX_PENDING_BUILDERS) fail("state: too many discard_builders");
    for (const auto& [city, controller] : builders) {
        if (city < 0 || city >= seats || controller < 0 || controller >= players)
            fail("state: discard_builders holds (seat, controller) pairs");
        auto& entry = s.discard_builders[s.num_discard_builders++];
        entry[0] = static_cast<int8_t>(city);
        entry[1] = static_cast<int8_t>(controller);
    }
    s.age_leftovers_discarded = py::cast<bool>(get("age_leftovers_discarded"));
    auto log = py::cast<std::vector<std::vector<int64_t>>>(get("log"));
    if (log.size() > MAX_LOG) fail("state: the log holds at most " + std::to_string(MAX_LOG) + " entries");
    for (const auto& e : log) {
        if (e.size() != 9 || e[0] < 1 || e[0] > 3 || e[1] < 1 || e[1] > TURNS_PER_AGE + 1 || e[2] < -1 || e[2] >= players ||
            e[3] < 0 || e[3] >= seats || e[4] < 0 || e[4] > LEFTOVER_DISCARD || e[5] < 0 || e[5] >= n)
            fail("state: a log entry is (age, turn, agent, seat, kind, card type, to_left, to_right, bank)");
        for (int k = 6; k < 9; ++k)
            if (e[k] < 0 || e[k] > 2 * MAX_TO_ONE_SIDE) fail("state: log payment out of range");
        s.log[s.log_size++] = LogEntry{static_cast<uint8_t>(e[0]), static_cast<uint8_t>(e[1]), static_cast<uint8_t>(e[3]),
                                       static_cast<uint8_t>(e[4]), static_cast<uint8_t>(e[5]), static_cast<uint8_t>(e[6]),
                                       static_cast<uint8_t>(e[7]), static_cast<uint8_t>(e[8]), static_cast<int8_t>(e[2])};
    }
    // every physical card in one place at most (so no pile can outgrow its array)
    std::vector<int> seen(t.num_cards, 0);
    auto count = [&](const uint8_t* items, int size) {
        for (int i = 0; i < size; ++i)
            if (seen[items[i]]++) fail("state: card id " + std::to_string(items[i]) + " is in two places");
    };
    for (int a = 0; a < 3; ++a) count(s.decks[a].data(), s.deck_size[a]);
    count(s.box.data(), s.box_size);
    count(s.free_city_pile.data(), s.free_city_pile_size);
    count(s.discard.data(), s.discard_size);
    for (int seat = 0; seat < seats; ++seat) {
        count(s.hands[seat].data(), s.hand_size[seat]);
        count(s.built[seat].data(), s.built_size[seat]);
        count(s.stage_cards[seat].data(), s.stages_built[seat]);
    }
    // bounds that keep the rest of the game inside the state's arrays
    for (int seat = 0; seat < seats; ++seat) {
        if (s.built_size[seat] > 9 * (s.age - 1) + s.turn + 2)
            fail("state: seat " + std::to_string(seat) + " has more buildings than a game reaches by now");
        if (s.num_tokens[seat] > (s.phase == Phase::GAME_OVER ? MAX_TOKENS : 2 * (s.age - 1)))
            fail("state: seat " + std::to_string(seat) + " has more military tokens than the conflicts so far give");
        int own = 0, sold = 0;  // the choice productions of its buildings and stages
        auto add = [&](const Produce* produces, int count) {
            for (int i = 0; i < count; ++i)
                if (produces[i].mask & (produces[i].mask - 1)) {
                    ++own;
                    sold += produces[i].tradable;
                }
        };
        for (int i = 0; i < s.built_size[seat]; ++i) {
            const CardType& type = t.types[t.cards[s.built[seat][i]].type];
            add(type.produces.data(), type.num_produces);
        }
        const WonderSide& board = t.wonders[s.city[seat]][s.side[seat]];
        for (int k = 0; k < s.stages_built[seat]; ++k) add(board.stages[k].produces.data(), board.stages[k].num_produces);
        if (own != s.num_own_choices[seat] || sold != s.num_sell_choices[seat])
            fail("state: own_choices and sell_choices must be those of the seat's buildings and stages");
    }
    if (s.num_discard_builders > 2) fail("state: at most 2 pending discard builds");
    std::array<std::array<int, MAX_TYPES>, MAX_SEATS> needed{};  // pending cards per hand owner
    for (int city = 0; city < seats; ++city) {
        if (s.pending[city] < 0) continue;
        int kind = s.pending[city] / n, type = s.pending[city] % n;
        int owner = city == s.free_city() ? s.free_city_holder : city;
        if (owner < 0 || owner >= players || kind > FREE_BUILD)
            fail("state: a pending move is a build, wonder, sell or free build of a seat with a controller");
        if (kind == WONDER && s.stages_built[city] >= t.wonders[s.city[city]][s.side[city]].num_stages)
            fail("state: a pending wonder stage of a finished wonder");
        int held = 0;
        for (int i = 0; i < s.hand_size[owner]; ++i) held += t.cards[s.hands[owner][i]].type == type;
        if (++needed[owner][type] > held) fail("state: a pending card is not in its controller's hand");
    }
    // what the rules index with: the acting seats of the phase must exist
    if (s.phase == Phase::DISCARD_BUILD && s.num_discard_builders == 0) fail("state: DISCARD_BUILD without a builder");
    if (s.phase == Phase::FREE_CITY && (players != 2 || s.pending[0] < 0 || s.pending[1] < 0))
        fail("state: FREE_CITY needs both players' pending moves");
    if (s.phase == Phase::SEVENTH_CARD && (s.turn != TURNS_PER_AGE || [&] {
            for (int p = 0; p < players; ++p)
                if (s.seventh_card_power[p] && s.seventh_card_played_age[p] != s.age && s.hand_size[p] == 1) return false;
            return true;
        }()))
        fail("state: SEVENTH_CARD needs a Babylon player with its last card");
    return s;
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
        .def(py::init([](std::shared_ptr<Tables> tables, int num_players, std::vector<int> wonders, std::vector<int> sides,
                         bool choose_payments) {
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
                 return std::make_shared<Engine>(tables, num_players, w, s, choose_payments);
             }),
             py::arg("tables"), py::arg("num_players"), py::arg("wonders"), py::arg("sides"),
             py::arg("choose_payments") = false)
        .def_property_readonly("chooses_payments", &Engine::chooses_payments)
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
        .def("record_data", [](const Engine& e, const GameState& s) { return record_data(e, own(e, s)); })
        .def("export_state", [](const Engine& e, const GameState& s) { return export_state(e, own(e, s)); },
             "The state's fields under the names of the Python GameState's (see compiled.to_python).")
        .def("import_state", &import_state, py::arg("fields"), py::arg("seed") = py::none(),
             "A state from the fields of export_state (a Python GameState's); bad fields raise ValueError.");

    py::class_<BoundBatch>(m, "Batch", "num_envs games stepped together (see wonders_env.vector).")
        .def(py::init([](std::shared_ptr<Engine> engine, int64_t num_envs, uint64_t seed, int64_t threads) {
                 if (!engine) fail("engine must be an Engine");
                 if (num_envs < 1 || num_envs > (1 << 16)) fail("num_envs must be in [1, 65536]");
                 if (threads < 1 || threads > MAX_BATCH_THREADS)
                     fail("threads must be in [1, " + std::to_string(MAX_BATCH_THREADS) + "], got " + std::to_string(threads));
                 return std::make_unique<BoundBatch>(*engine, static_cast<int>(num_envs), seed, static_cast<int>(threads));
             }),
             py::arg("engine"), py::arg("num_envs"), py::arg("seed"), py::arg("threads") = 1)
        .def_property_readonly("num_players", [](const BoundBatch& b) { return b.batch.engine().num_players(); })
        .def_property_readonly("observation_size", [](const BoundBatch& b) { return b.batch.observer().size(); })
        .def_property_readonly("num_actions", [](const BoundBatch& b) { return b.batch.engine().num_actions(); })
        .def_property_readonly("threads", [](const BoundBatch& b) { return b.batch.threads(); })
        .def("reset", [](BoundBatch& bound, py::array obs, py::array mask, py::array to_act) {
            Batch& b = bound.batch;
            py::ssize_t E = b.num_envs(), P = b.engine().num_players();
            float* o = checked_buffer<float>(obs, {E, P, b.observer().size()}, "obs", "float32");
            int8_t* m = checked_buffer<int8_t>(mask, {E, P, b.engine().num_actions()}, "mask", "int8");
            bool* a = checked_buffer<bool>(to_act, {E, P}, "to_act", "bool");
            const auto lock = bound.lock.acquire();
            py::gil_scoped_release release;
            b.reset(o, m, a);
        })
        .def("step", [](BoundBatch& bound, py::array actions, py::array obs, py::array mask, py::array to_act,
                        py::array rewards, py::array terminated) {
            Batch& b = bound.batch;
            py::ssize_t E = b.num_envs(), P = b.engine().num_players();
            const int64_t* act = checked_buffer<int64_t>(actions, {E, P}, "actions", "int64", false);
            float* o = checked_buffer<float>(obs, {E, P, b.observer().size()}, "obs", "float32");
            int8_t* m = checked_buffer<int8_t>(mask, {E, P, b.engine().num_actions()}, "mask", "int8");
            bool* a = checked_buffer<bool>(to_act, {E, P}, "to_act", "bool");
            float* r = checked_buffer<float>(rewards, {E, P}, "rewards", "float32");
            bool* t = checked_buffer<bool>(terminated, {E}, "terminated", "bool");
            const auto lock = bound.lock.acquire();
            std::string problem;
            {
                py::gil_scoped_release release;
                problem = b.check(act);
                if (problem.empty()) b.step(act, o, m, a, r, t);
            }
            if (!problem.empty()) fail(problem);
        })
        .def("sample_actions", [](BoundBatch& bound, py::array actions) {
            Batch& b = bound.batch;
            int64_t* out = checked_buffer<int64_t>(actions, {b.num_envs(), b.engine().num_players()}, "actions", "int64");
            const auto lock = bound.lock.acquire();
            b.sample_actions(out);
        })
        .def("seeds", [](BoundBatch& bound) {
            const auto lock = bound.lock.acquire();
            const std::vector<uint64_t>& seeds = bound.batch.seeds();
            return py::array_t<uint64_t>(static_cast<py::ssize_t>(seeds.size()), seeds.data());
        })
        .def("state", [](BoundBatch& bound, int64_t index) {
            if (index < 0 || index >= bound.batch.num_envs()) fail("game index out of range");
            const auto lock = bound.lock.acquire();
            return bound.batch.state(static_cast<int>(index));
        })
        .def("finished", [](BoundBatch& bound) {
            const auto lock = bound.lock.acquire();
            py::list out;
            for (const auto& f : bound.batch.finished()) out.append(py::make_tuple(f.index, f.seed, f.state));
            return out;
        });
}

}  // namespace wonders::seven_wonders
