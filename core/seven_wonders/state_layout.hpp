// The one declared layout of the 7 Wonders core state (State, state.hpp) as Python sees it.
//
// FIELDS lists every field of State under the name of the Python engine's field
// (wonders_env/seven_wonders/state.py), with its Python type, its shape (a value, one per seat,
// one per player, rows per seat or player, piles) and the bounds of its values. From this one
// list the bindings derive:
//   * the read-only view's getters (the properties of _core.seven_wonders.State, which
//     wonders_env.seven_wonders.compiled.SevenWondersStateView completes with the tables' names);
//   * export_state (every field as plain lists: the getters' values, arrays as lists);
//   * import_state: every field read and checked at the boundary (a ValueError names the field,
//     the value and what is allowed; a new state is built, so nothing changes on error), before
//     the checks between fields (rules, in bindings.cpp).
// A new state field is its member in State (state.hpp), one line in FIELDS below and its field
// in the Python engine's SevenWondersState (state.py), plus the rules that use it: 3 edits, where the
// hand-written transfer took 5 (export, import with its checks, to_python, from_python's list).
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "seven_wonders/state.hpp"

namespace wonders::seven_wonders::layout {

namespace py = pybind11;

// The sizes that bounds and shapes depend on (one engine's tables and player count).
struct Sizes {
  int seats, players, types, cards, cities;
};

// Bounds and widths given by the tables: resolved by Sizes::resolve.
constexpr int64_t LAST_CARD = -1001, LAST_TYPE = -1002, LAST_CITY = -1003, TYPES = -1004;
inline int64_t resolve(const Sizes& s, int64_t value) {
  switch (value) {
    case LAST_CARD:
      return s.cards - 1;
    case LAST_TYPE:
      return s.types - 1;
    case LAST_CITY:
      return s.cities - 1;
    case TYPES:
      return s.types;
    default:
      return value;
  }
}

enum class Rows { SEATS, PLAYERS };
inline int row_count(const Sizes& s, Rows rows) { return rows == Rows::SEATS ? s.seats : s.players; }

// What one field is: its Python name, its Python type (documentation), bounds of its values and,
// for fixed-width rows or piles, their width or capacity.
struct Spec {
  const char* name;
  const char* type;
  int64_t low, high, width;
};

[[noreturn]] inline void refuse(const Spec& spec, const std::string& what) {
  throw py::value_error(std::string("state: ") + spec.name + " " + what);
}

inline int64_t checked_value(const Spec& spec, const Sizes& sizes, const py::handle& value) {
  if (py::isinstance<py::bool_>(value) != (std::string(spec.type) == "bool") || !py::hasattr(value, "__index__"))
    refuse(spec, std::string("must be ") + (std::string(spec.type) == "bool" ? "a bool" : "integers") + ", got " +
                     py::repr(value).cast<std::string>());
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  long long number = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  int64_t low = resolve(sizes, spec.low), high = resolve(sizes, spec.high);
  if (overflow || number < low || number > high)
    refuse(spec, "must be in [" + std::to_string(low) + ", " + std::to_string(high) + "], got " +
                     py::repr(value).cast<std::string>());
  return number;
}

inline std::vector<py::object> checked_items(const Spec& spec, const py::handle& value, int64_t most, bool exact) {
  if (py::isinstance<py::str>(value) || py::isinstance<py::dict>(value) || !py::hasattr(value, "__iter__"))
    refuse(spec, std::string("must be a sequence, got ") + py::repr(value).cast<std::string>());
  std::vector<py::object> items;
  for (auto item : py::iter(value)) items.push_back(py::reinterpret_borrow<py::object>(item));
  if (exact ? static_cast<int64_t>(items.size()) != most : static_cast<int64_t>(items.size()) > most)
    refuse(spec, std::string("must hold ") + (exact ? "" : "at most ") + std::to_string(most) + " items, got " +
                     std::to_string(items.size()));
  return items;
}

template <typename T>
py::list as_list(const T* items, int count) {
  py::list out;
  for (int i = 0; i < count; ++i) out.append(static_cast<int64_t>(items[i]));
  return out;
}

// ---------------------------------------------------------------- the kinds of fields
// Each kind reads its member(s) into the Python state's value (get: the view's getter; export_state
// turns its arrays into lists) and writes a Python value into them, checked (set).

template <auto Member>  // one value
struct Value {
  static py::object get(const State& s, const Spec& spec, const Sizes&) {
    if (std::string(spec.type) == "bool") return py::bool_(static_cast<bool>(s.*Member));
    return py::int_(static_cast<int64_t>(s.*Member));
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    using T = std::remove_reference_t<decltype(s.*Member)>;
    s.*Member = static_cast<T>(checked_value(spec, z, v));
  }
};

template <auto Member>  // one value per seat: a list
struct PerSeat {
  static py::object get(const State& s, const Spec&, const Sizes& z) { return as_list((s.*Member).data(), z.seats); }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    auto items = checked_items(spec, v, z.seats, true);
    using T = std::remove_reference_t<decltype((s.*Member)[0])>;
    for (int i = 0; i < z.seats; ++i) (s.*Member)[i] = static_cast<T>(checked_value(spec, z, items[i]));
  }
};

template <auto Items, auto Count>  // a pile: items[0..count)
struct Pile {
  static py::object get(const State& s, const Spec&, const Sizes&) { return as_list((s.*Items).data(), s.*Count); }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    auto items = checked_items(spec, v, spec.width, false);
    using T = std::remove_reference_t<decltype((s.*Items)[0])>;
    for (size_t i = 0; i < items.size(); ++i) (s.*Items)[i] = static_cast<T>(checked_value(spec, z, items[i]));
    s.*Count = static_cast<std::remove_reference_t<decltype(s.*Count)>>(items.size());
  }
};

// A pile per seat: a list of lists. CountIsField: the counts are another field of the layout, read
// before this one (stage_cards: stages_built), which each pile's length must match.
template <auto Items, auto Counts, bool CountIsField = false>
struct Piles {
  static py::object get(const State& s, const Spec&, const Sizes& z) {
    py::list out;
    for (int i = 0; i < z.seats; ++i) out.append(as_list((s.*Items)[i].data(), (s.*Counts)[i]));
    return out;
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    auto rows = checked_items(spec, v, z.seats, true);
    using T = std::remove_reference_t<decltype((s.*Items)[0][0])>;
    for (int i = 0; i < z.seats; ++i) {
      auto items = checked_items(spec, rows[i], spec.width, false);
      for (size_t k = 0; k < items.size(); ++k) (s.*Items)[i][k] = static_cast<T>(checked_value(spec, z, items[k]));
      if constexpr (CountIsField) {
        if (static_cast<int>(items.size()) != (s.*Counts)[i])
          refuse(spec, "of seat " + std::to_string(i) + " must hold as many cards as its count (" +
                           std::to_string((s.*Counts)[i]) + "), got " + std::to_string(items.size()));
      } else {
        (s.*Counts)[i] = static_cast<std::remove_reference_t<decltype((s.*Counts)[0])>>(items.size());
      }
    }
  }
};

// Fixed-width rows per seat or player: a numpy array of Out (the Python state's dtype), or a
// list of lists when Out is void.
template <auto Member, Rows R, typename Out>
struct Table {
  static py::object get(const State& s, const Spec& spec, const Sizes& z) {
    int rows = row_count(z, R), width = static_cast<int>(resolve(z, spec.width));
    if constexpr (std::is_void_v<Out>) {
      py::list out;
      for (int i = 0; i < rows; ++i) out.append(as_list((s.*Member)[i].data(), width));
      return out;
    } else {
      py::array_t<Out> out({rows, width});
      auto view = out.template mutable_unchecked<2>();
      for (int i = 0; i < rows; ++i)
        for (int k = 0; k < width; ++k) view(i, k) = static_cast<Out>((s.*Member)[i][k]);
      return std::move(out);
    }
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    int width = static_cast<int>(resolve(z, spec.width));
    py::object rows_object = py::isinstance<py::array>(v) ? v.attr("tolist")() : py::reinterpret_borrow<py::object>(v);
    auto rows = checked_items(spec, rows_object, row_count(z, R), true);
    using T = std::remove_reference_t<decltype((s.*Member)[0][0])>;
    for (size_t i = 0; i < rows.size(); ++i) {
      auto items = checked_items(spec, rows[i], width, true);
      for (int k = 0; k < width; ++k) (s.*Member)[i][k] = static_cast<T>(checked_value(spec, z, items[k]));
    }
  }
};

// The six wonder-power columns of the Python state's `powers` / `power_used_age` (in the order
// of cards.Power), kept in separate arrays of the core; a column the core does not keep is 0.
template <auto... Columns>
struct PowerColumns {
  static constexpr int WIDTH = 6;
  template <typename F>
  static void each(F&& f) {
    int k = 0;
    ((f(k++, Columns)), ...);
  }
  static int8_t at(const State& s, int seat, int column) {
    int8_t found = 0;
    each([&](int k, auto member) {
      if constexpr (!std::is_same_v<decltype(member), std::nullptr_t>)
        if (k == column) found = (s.*member)[seat];
    });
    return found;
  }
  static py::object get(const State& s, const Spec&, const Sizes& z) {
    py::array_t<int8_t> out({z.seats, WIDTH});
    auto view = out.mutable_unchecked<2>();
    for (int seat = 0; seat < z.seats; ++seat)
      for (int k = 0; k < WIDTH; ++k) view(seat, k) = at(s, seat, k);
    return std::move(out);
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    py::object rows_object = py::isinstance<py::array>(v) ? v.attr("tolist")() : py::reinterpret_borrow<py::object>(v);
    auto rows = checked_items(spec, rows_object, z.seats, true);
    for (int seat = 0; seat < z.seats; ++seat) {
      auto items = checked_items(spec, rows[seat], WIDTH, true);
      each([&](int k, auto member) {
        int64_t value = checked_value(spec, z, items[k]);
        if constexpr (std::is_same_v<decltype(member), std::nullptr_t>) {
          if (value)
            refuse(spec, "column " + std::to_string(k) + " must be 0 (the core keeps no such power), got " +
                             std::to_string(value));
        } else {
          (s.*member)[seat] = static_cast<int8_t>(value);
        }
      });
    }
  }
};

struct Decks {  // Ages not yet dealt: {age: cards}
  static py::object get(const State& s, const Spec&, const Sizes&) {
    py::dict out;
    for (int a = 0; a < 3; ++a)
      if (s.deck_size[a]) out[py::int_(a + 1)] = as_list(s.decks[a].data(), s.deck_size[a]);
    return out;
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    if (!py::isinstance<py::dict>(v))
      refuse(spec, "must be a dict {age: cards}, got " + py::repr(v).cast<std::string>());
    const Spec age{spec.name, "int", 1, 3, 0};
    for (auto item : py::reinterpret_borrow<py::dict>(v)) {
      int a = static_cast<int>(checked_value(age, z, item.first)) - 1;
      auto cards = checked_items(spec, item.second, MAX_DECK, false);
      for (size_t i = 0; i < cards.size(); ++i) s.decks[a][i] = static_cast<uint8_t>(checked_value(spec, z, cards[i]));
      s.deck_size[a] = static_cast<uint8_t>(cards.size());
    }
  }
};

struct Pending {  // {city: card action waiting for resolution}
  static py::object get(const State& s, const Spec&, const Sizes& z) {
    py::dict out;
    for (int city = 0; city < z.seats; ++city)
      if (s.pending[city] >= 0) out[py::int_(city)] = static_cast<int>(s.pending[city]);
    return out;
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    if (!py::isinstance<py::dict>(v))
      refuse(spec, "must be a dict {seat: card action}, got " + py::repr(v).cast<std::string>());
    const Spec city{spec.name, "int", 0, z.seats - 1, 0}, action{spec.name, "int", 0, 5 * z.types - 1, 0};
    s.pending.fill(-1);
    for (auto item : py::reinterpret_borrow<py::dict>(v))
      s.pending[checked_value(city, z, item.first)] = static_cast<int16_t>(checked_value(action, z, item.second));
  }
};

struct Payments {  // {city: (bank, to_left, to_right)} chosen (payment="choose")
  static py::object get(const State& s, const Spec&, const Sizes& z) {
    py::dict out;
    for (int city = 0; city < z.seats; ++city)
      if (s.paid >> city & 1) {
        const CityPayment& p = s.payments[city];
        out[py::int_(city)] = py::make_tuple(p.bank, p.to_left, p.to_right);
      }
    return out;
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    if (!py::isinstance<py::dict>(v))
      refuse(spec, "must be a dict {seat: (bank, to_left, to_right)}, got " + py::repr(v).cast<std::string>());
    const Spec city{spec.name, "int", 0, z.seats - 1, 0};
    for (auto item : py::reinterpret_borrow<py::dict>(v)) {
      int64_t c = checked_value(city, z, item.first);
      auto coins = checked_items(spec, item.second, 3, true);
      s.payments[c] = CityPayment{static_cast<int8_t>(checked_value(spec, z, coins[0])),
                                  static_cast<int8_t>(checked_value(spec, z, coins[1])),
                                  static_cast<int8_t>(checked_value(spec, z, coins[2]))};
      s.paid = static_cast<uint8_t>(s.paid | 1 << c);
    }
  }
};

struct DiscardBuilders {  // [(seat, controller)]: Halicarnassus picks to come
  static py::object get(const State& s, const Spec&, const Sizes&) {
    py::list out;
    for (int i = 0; i < s.num_discard_builders; ++i)
      out.append(py::make_tuple(s.discard_builders[i][0], s.discard_builders[i][1]));
    return out;
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    auto pairs = checked_items(spec, v, MAX_PENDING_BUILDERS, false);
    const Spec seat{spec.name, "int", 0, z.seats - 1, 0}, player{spec.name, "int", 0, z.players - 1, 0};
    for (const auto& pair : pairs) {
      auto items = checked_items(spec, pair, 2, true);
      auto& entry = s.discard_builders[s.num_discard_builders++];
      entry[0] = static_cast<int8_t>(checked_value(seat, z, items[0]));
      entry[1] = static_cast<int8_t>(checked_value(player, z, items[1]));
    }
  }
};

struct Log {  // the record's actions: (age, turn, agent, seat, kind, card type, to_left, to_right, bank)
  static py::object get(const State& s, const Spec&, const Sizes&) {
    py::list out;
    for (int i = 0; i < s.log_size; ++i) {
      const LogEntry& e = s.log[i];
      out.append(py::make_tuple(e.age, e.turn, e.agent, e.seat, e.kind, e.card_type, e.to_left, e.to_right, e.bank));
    }
    return out;
  }
  static void set(State& s, const Spec& spec, const Sizes& z, const py::handle& v) {
    auto entries = checked_items(spec, v, MAX_LOG, false);
    const int64_t pay = 2 * MAX_TO_ONE_SIDE;
    const Spec parts[9] = {{"log age", "int", 1, 3, 0},
                           {"log turn", "int", 1, TURNS_PER_AGE + 1, 0},
                           {"log agent", "int", -1, z.players - 1, 0},
                           {"log seat", "int", 0, z.seats - 1, 0},
                           {"log kind", "int", 0, LEFTOVER_DISCARD, 0},
                           {"log card type", "int", 0, z.types - 1, 0},
                           {"log to_left", "int", 0, pay, 0},
                           {"log to_right", "int", 0, pay, 0},
                           {"log bank", "int", 0, pay, 0}};
    for (const auto& entry : entries) {
      auto items = checked_items(spec, entry, 9, true);
      int64_t e[9];
      for (int k = 0; k < 9; ++k) e[k] = checked_value(parts[k], z, items[k]);
      s.log[s.log_size++] = LogEntry{static_cast<uint8_t>(e[0]), static_cast<uint8_t>(e[1]), static_cast<uint8_t>(e[3]),
                                     static_cast<uint8_t>(e[4]), static_cast<uint8_t>(e[5]), static_cast<uint8_t>(e[6]),
                                     static_cast<uint8_t>(e[7]), static_cast<uint8_t>(e[8]), static_cast<int8_t>(e[2])};
    }
  }
};

template <typename Kind>
struct Field {
  using kind = Kind;
  Spec spec;
};

using S = State;
constexpr int64_t MOST_BUILT = MAX_BUILT + MAX_STAGES;  // a science symbol per building and stage at most

// ---------------------------------------------------------------- THE LAYOUT
// name (the Python state's), Python type, low, high, width or capacity
inline const auto FIELDS = std::make_tuple(
    Field<PerSeat<&S::city>>{{"cities", "list[int] per seat: the board's city index", 0, LAST_CITY, 0}},
    Field<PerSeat<&S::side>>{{"sides", "list[int] per seat: the board's side index", 0, 1, 0}},
    Field<Value<&S::age>>{{"age", "int", 1, 3, 0}}, Field<Value<&S::turn>>{{"turn", "int", 1, TURNS_PER_AGE, 0}},
    Field<Value<&S::phase>>{{"phase", "int (Phase)", 0, 5, 0}},
    Field<Decks>{{"decks", "dict[int, list[int]]: Age -> cards not yet dealt", 0, LAST_CARD, 0}},
    Field<Pile<&S::box, &S::box_size>>{{"box", "list[int]: guilds left out", 0, LAST_CARD, 16}},
    Field<Piles<&S::hands, &S::hand_size>>{{"hands", "list[list[int]] per seat", 0, LAST_CARD, MAX_HAND}},
    Field<Pile<&S::free_city_pile, &S::free_city_pile_size>>{{"free_city_pile", "list[int]", 0, LAST_CARD, MAX_HAND}},
    Field<Value<&S::free_city_holder>>{{"free_city_holder", "int (-1: none)", -1, 1, 0}},
    Field<Piles<&S::built, &S::built_size>>{
        {"built", "list[list[int]] per seat, in build order", 0, LAST_CARD, MAX_BUILT}},
    Field<Table<&S::has_type, Rows::SEATS, int8_t>>{{"has_type", "int8 array (seats, types)", 0, 1, TYPES}},
    Field<Table<&S::color_counts, Rows::SEATS, int16_t>>{
        {"color_counts", "int16 array (seats, 7)", 0, MAX_BUILT, NUM_COLORS}},
    Field<PerSeat<&S::coins>>{{"coins", "list[int] per seat", 0, 10000, 0}},
    Field<PerSeat<&S::stages_built>>{{"stages_built", "list[int] per seat", 0, MAX_STAGES, 0}},
    Field<Piles<&S::stage_cards, &S::stages_built, true>>{
        {"stage_cards", "list[list[int]] per seat", 0, LAST_CARD, MAX_STAGES}},
    Field<PerSeat<&S::shields>>{{"shields", "list[int] per seat", 0, 1000, 0}},
    Field<Piles<&S::tokens, &S::num_tokens>>{{"military_tokens", "list[list[int]] per seat", -1, 5, MAX_TOKENS}},
    Field<Table<&S::science, Rows::SEATS, int8_t>>{
        {"science", "int8 array (seats, 4): compass, gear, tablet, wildcards", 0, MOST_BUILT, 4}},
    Field<Table<&S::own_fixed, Rows::SEATS, void>>{{"own_fixed", "list[list[int]] (seats, 7)", 0, 100, NUM_RESOURCES}},
    Field<Piles<&S::own_choices, &S::num_own_choices>>{
        {"own_choices", "list[list[int]] per seat: resource masks", 1, 127, MAX_CHOICES}},
    Field<Table<&S::sell_fixed, Rows::SEATS, void>>{
        {"sell_fixed", "list[list[int]] (seats, 7)", 0, 100, NUM_RESOURCES}},
    Field<Piles<&S::sell_choices, &S::num_sell_choices>>{
        {"sell_choices", "list[list[int]] per seat: resource masks", 1, 127, MAX_CHOICES}},
    Field<PerSeat<&S::cheap_left>>{{"cheap_left", "list[int] per seat: resource mask", 0, 127, 0}},
    Field<PerSeat<&S::cheap_right>>{{"cheap_right", "list[int] per seat: resource mask", 0, 127, 0}},
    Field<PowerColumns<&S::free_build_power, &S::seventh_card_power, &S::copy_guild_power, &S::free_color_power,
                       &S::free_first_from_age, &S::free_last_from_age>>{
        {"powers", "int8 array (seats, Power): the Age from which a city has each power", 0, 4, 0}},
    Field<PowerColumns<&S::free_build_used_age, &S::seventh_card_played_age, nullptr, nullptr, nullptr, nullptr>>{
        {"power_used_age", "int8 array (seats, Power): the Age a power was last used", 0, 3, 0}},
    Field<Pile<&S::discard, &S::discard_size>>{{"discard", "list[int]", 0, LAST_CARD, MAX_CARDS}},
    Field<Table<&S::known_discard, Rows::PLAYERS, int16_t>>{
        {"known_discard", "int16 array (players, types)", 0, MAX_CARDS, TYPES}},
    Field<Table<&S::last_passed, Rows::PLAYERS, int8_t>>{
        {"last_passed", "int8 array (players, types)", 0, MAX_HAND, TYPES}},
    Field<Pending>{{"pending", "dict[int, int]: seat -> card action", 0, 0, 0}},
    Field<Payments>{
        {"payments", "dict[int, tuple[int, int, int]]: seat -> (bank, to_left, to_right)", 0, 2 * MAX_TO_ONE_SIDE, 0}},
    Field<Value<&S::pending_turn>>{{"pending_turn", "int", 0, TURNS_PER_AGE + 1, 0}},
    Field<DiscardBuilders>{{"discard_builders", "list[tuple[int, int]]: (seat, controller)", 0, 0, 0}},
    Field<Value<&S::age_leftovers_discarded>>{{"age_leftovers_discarded", "bool", 0, 1, 0}},
    Field<Log>{{"log", "list of (age, turn, agent, seat, kind, card type, to_left, to_right, bank)", 0, 0, 0}});

template <typename F>
void for_each_field(F&& f) {
  std::apply([&](const auto&... field) { (f(field), ...); }, FIELDS);
}

}  // namespace wonders::seven_wonders::layout
