// Python bindings of the Duel core (wonders_env._core.duel). Every argument from Python is checked
// here (dtypes, shapes, writability, ranges, deals, actions) and a bad one raises ValueError or
// TypeError with what was wrong and what is allowed, before anything changes.
#include "duel/bindings.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "common/object_lock.hpp"
#include "duel/batch.hpp"
#include "duel/heuristic.hpp"
#include "duel/rules.hpp"
#include "duel/state_layout.hpp"

namespace py = pybind11;

namespace wonders::duel {
namespace {

using TablesPtr = std::shared_ptr<const Tables>;
constexpr int MAX_ENVS = 1 << 16;

// The data of `array`, checked to be a C-contiguous (writable) array of T with this shape.
template <typename T>
T* array_data(py::array& array, std::initializer_list<py::ssize_t> shape, const char* name, bool writable) {
  if (!array.dtype().is(py::dtype::of<T>()))
    throw py::type_error(std::string(name) + " must have dtype " + std::string(py::str(py::dtype::of<T>())) + ", got " +
                         std::string(py::str(array.dtype())));
  std::vector<py::ssize_t> expected(shape);
  bool same = array.ndim() == static_cast<py::ssize_t>(expected.size());
  for (size_t i = 0; same && i < expected.size(); ++i) same = array.shape(static_cast<py::ssize_t>(i)) == expected[i];
  if (!same) {
    std::string want = "(", got = "(";
    for (auto v : expected) want += std::to_string(v) + ",";
    for (py::ssize_t i = 0; i < array.ndim(); ++i) got += std::to_string(array.shape(i)) + ",";
    throw py::value_error(std::string(name) + " must have shape " + want + ") , got " + got + ")");
  }
  if (!(array.flags() & py::array::c_style)) throw py::value_error(std::string(name) + " must be C-contiguous");
  if (!writable) return static_cast<T*>(const_cast<void*>(array.data()));  // read, never written
  if (!array.writeable()) throw py::value_error(std::string(name) + " must be writable");
  return static_cast<T*>(array.mutable_data());
}

std::shared_ptr<const Tables> make_tables(const py::dict& arrays, std::vector<std::string> cards,
                                          std::vector<std::string> wonders, std::vector<std::string> tokens,
                                          const std::vector<std::string>& wonder_powers) {
  TableArrays values;
  for (auto item : arrays) {
    std::string name = py::cast<std::string>(item.first);
    auto array = py::array_t < int64_t, py::array::c_style | py::array::forcecast > ::ensure(item.second);
    if (!array) throw py::type_error("duel tables: array '" + name + "' must be integers");
    values[name] = std::vector<int64_t>(array.data(), array.data() + array.size());
  }
  try {
    return std::make_shared<const Tables>(
        Tables::from_arrays(values, std::move(cards), std::move(wonders), std::move(tokens), wonder_powers));
  } catch (const std::invalid_argument& error) {
    throw py::value_error(error.what());
  }
}

int check_player(int player) {
  if (player != 0 && player != 1) throw py::value_error("player must be 0 or 1, got " + std::to_string(player));
  return player;
}

// The deal given from Python, checked.
Deal deal_from(const Engine& engine, const std::vector<int>& wonder_order, const std::vector<int>& token_order,
               const std::vector<std::vector<int>>& cards, const std::vector<std::vector<int>>& boxed) {
  Deal deal;
  auto narrow = [](int v) {
    if (v < -1 || v > 127) throw py::value_error("corrupt deal: " + std::to_string(v) + " is not an id");
    return static_cast<int8_t>(v);
  };
  if (wonder_order.size() != NUM_WONDERS) throw py::value_error("corrupt deal: the wonder order must list 12 wonders");
  if (token_order.size() != NUM_TOKENS) throw py::value_error("corrupt deal: the token order must list 10 tokens");
  if (cards.size() != 3 || boxed.size() != 3)
    throw py::value_error("corrupt deal: expected 3 Ages of cards and of boxed cards");
  for (int i = 0; i < NUM_WONDERS; ++i) deal.wonder_order[i] = narrow(wonder_order[i]);
  for (int i = 0; i < NUM_TOKENS; ++i) deal.token_order[i] = narrow(token_order[i]);
  for (int age = 0; age < 3; ++age) {
    if (cards[age].size() != NUM_SLOTS)
      throw py::value_error("corrupt deal: Age " + std::to_string(age + 1) + " must deal 20 cards, got " +
                            std::to_string(cards[age].size()));
    if (static_cast<int>(boxed[age].size()) != BOXED_PER_AGE[age])
      throw py::value_error("corrupt deal: Age " + std::to_string(age + 1) + " must box " +
                            std::to_string(BOXED_PER_AGE[age]) + " cards, got " + std::to_string(boxed[age].size()));
    for (int s = 0; s < NUM_SLOTS; ++s) deal.cards[age][s] = narrow(cards[age][s]);
    deal.boxed[age].fill(EMPTY);
    for (int i = 0; i < BOXED_PER_AGE[age]; ++i) deal.boxed[age][i] = narrow(boxed[age][i]);
  }
  const std::string error = engine.check_deal(deal);
  if (!error.empty()) throw py::value_error(error);
  return deal;
}

// ------------------------------------------------------------------ the state layout's conversions
// Each visitor below walks the fields of duel/state_layout.hpp; nothing here names a field.

// The Python value of each field (all of them, or only the field numbered `only`), handed to `out`.
template <class Out>
class Reader {
 public:
  Reader(Out out, int only) : out_(std::move(out)), only_(only) {}
  template <class T>
  void scalar(const char* name, const T& v, Bounds) {
    if (take()) out_(name, py::int_(static_cast<long long>(v)));
  }
  void flag(const char* name, bool v) {
    if (take()) out_(name, py::bool_(v));
  }
  template <class T>
  void per_player(const char* name, const T (&v)[2], Bounds) {
    if (take()) out_(name, ints(v, 2));
  }
  template <class T>
  void array(const char* name, const T* data, int n, Bounds) {
    if (take()) out_(name, ints(data, n));
  }
  void flags(const char* name, const bool* data, int n) {
    if (!take()) return;
    py::list out;
    for (int i = 0; i < n; ++i) out.append(py::bool_(data[i]));
    out_(name, out);
  }
  template <class T>
  void rows(const char* name, const T* data, int rows, int cols, Bounds) {
    if (!take()) return;
    py::list out;
    for (int r = 0; r < rows; ++r) out.append(ints(data + r * cols, cols));
    out_(name, out);
  }
  template <class T, class Size>
  void lists(const char* name, const T* data, int cols, const Size* sizes, int rows, Bounds) {
    if (!take()) return;
    py::list out;
    for (int r = 0; r < rows; ++r) out.append(ints(data + r * cols, static_cast<int>(sizes[r])));
    out_(name, out);
  }
  template <class T>
  void bit_flags(const char* name, T bits, int n) {
    if (!take()) return;
    py::list out;
    for (int i = 0; i < n; ++i) out.append(py::bool_(bits >> i & 1));
    out_(name, out);
  }
  void bit_list(const char* name, unsigned bits, const int8_t* order, int n, Bounds) {
    if (!take()) return;
    py::list out;
    for (int i = 0; i < n; ++i)
      if (bits >> order[i] & 1) out.append(py::int_(static_cast<int>(order[i])));
    out_(name, out);
  }
  void player_set(const char* name, uint8_t bits) {
    if (!take()) return;
    py::list out;
    for (int p = 0; p < 2; ++p)
      if (bits >> p & 1) out.append(py::int_(p));
    out_(name, py::tuple(out));
  }
  void card_set(const char* name, const CardSet& set) {
    if (!take()) return;
    py::list out;
    for (int c = 0; c < NUM_CARDS; ++c)
      if (set.has(c)) out.append(py::int_(c));
    out_(name, out);
  }
  void card_rows(const char* name, const CardSet (&sets)[2]) {
    if (!take()) return;
    py::list out;
    for (const CardSet& set : sets) {
      py::list row;
      for (int c = 0; c < NUM_CARDS; ++c) row.append(py::int_(static_cast<int>(set.has(c))));
      out.append(row);
    }
    out_(name, out);
  }
  void log(const char* name, const LogEntry* entries, int size) {
    if (!take()) return;
    py::list out;
    for (int i = 0; i < size; ++i)
      out.append(py::make_tuple(static_cast<int>(entries[i].player), static_cast<int>(entries[i].action),
                                static_cast<int>(entries[i].paid)));
    out_(name, out);
  }

 private:
  bool take() { return only_ < 0 || index_++ == only_; }
  template <class T>
  static py::list ints(const T* data, int n) {
    py::list out;
    for (int i = 0; i < n; ++i) out.append(py::int_(static_cast<long long>(data[i])));
    return out;
  }
  Out out_;
  int only_, index_ = 0;
};

// Every field as plain Python values (what Engine.export gives; sets as sorted lists).
py::dict export_state(const State& s) {
  py::dict d;
  Reader reader([&d](const char* name, py::object value) { d[name] = std::move(value); }, -1);
  visit_fields(s, reader);
  return d;
}

// The value of field number `index` (the read-only view's getter).
py::object read_field(const State& s, int index) {
  py::object found;
  Reader reader([&found](const char*, py::object value) { found = std::move(value); }, index);
  visit_fields(s, reader);
  return found;
}

// The names of the fields, in the layout's order.
std::vector<std::string> field_names() {
  std::vector<std::string> names;
  for (auto item : export_state(State{})) names.push_back(py::cast<std::string>(item.first));
  return names;
}

// Fills a State from a mapping of every field's Python value, checking each value (type, shape,
// bounds); a bad one raises ValueError naming the field, the value and what is allowed.
class Writer {
 public:
  explicit Writer(const py::dict& values) : values_(values) {}
  template <class T>
  void scalar(const char* name, T& v, Bounds b) {
    v = static_cast<T>(integer(name, get(name), b));
  }
  void flag(const char* name, bool& v) { v = boolean(name, get(name)); }
  template <class T>
  void per_player(const char* name, T (&v)[2], Bounds b) {
    py::sequence items = sequence(name, get(name), 2, 2);
    for (int p = 0; p < 2; ++p) v[p] = static_cast<T>(integer(name, items[p], b));
  }
  template <class T>
  void array(const char* name, T* data, int n, Bounds b) {
    py::sequence items = sequence(name, get(name), n, n);
    for (int i = 0; i < n; ++i) data[i] = static_cast<T>(integer(name, items[i], b));
  }
  void flags(const char* name, bool* data, int n) {
    py::sequence items = sequence(name, get(name), n, n);
    for (int i = 0; i < n; ++i) data[i] = boolean(name, items[i]);
  }
  template <class T>
  void rows(const char* name, T* data, int rows, int cols, Bounds b) {
    py::sequence items = sequence(name, get(name), rows, rows);
    for (int r = 0; r < rows; ++r) {
      py::sequence row = sequence(name, items[r], cols, cols);
      for (int c = 0; c < cols; ++c) data[r * cols + c] = static_cast<T>(integer(name, row[c], b));
    }
  }
  template <class T, class Size>
  void lists(const char* name, T* data, int cols, Size* sizes, int rows, Bounds b) {
    py::sequence items = sequence(name, get(name), rows, rows);
    for (int r = 0; r < rows; ++r) {
      const bool fixed = std::is_const_v<Size>;
      py::sequence row =
          sequence(name, items[r], fixed ? static_cast<int>(sizes[r]) : 0, fixed ? static_cast<int>(sizes[r]) : cols);
      const int n = static_cast<int>(py::len(row));
      for (int c = 0; c < cols; ++c) data[r * cols + c] = c < n ? static_cast<T>(integer(name, row[c], b)) : EMPTY;
      if constexpr (!std::is_const_v<Size>) sizes[r] = static_cast<Size>(n);
    }
  }
  template <class T>
  void bit_flags(const char* name, T& bits, int n) {
    py::sequence items = sequence(name, get(name), n, n);
    bits = 0;
    for (int i = 0; i < n; ++i)
      if (boolean(name, items[i])) bits = static_cast<T>(bits | 1u << i);
  }
  template <class T>
  void bit_list(const char* name, T& bits, const int8_t* order, int n, Bounds b) {
    py::sequence items = sequence(name, get(name), 0, n);
    bits = 0;
    for (auto item : items) {
      const long long id = integer(name, item, b);
      if (std::find(order, order + n, id) == order + n) {
        std::string allowed;
        for (int i = 0; i < n; ++i) allowed += (i ? ", " : "") + std::to_string(order[i]);
        fail(name, std::to_string(id) + " is not one of the ids this field may hold now (" + allowed + ")");
      }
      if (bits >> id & 1) fail(name, std::to_string(id) + " is listed twice");
      bits = static_cast<T>(bits | 1u << id);
    }
  }
  void player_set(const char* name, uint8_t& bits) {
    bits = 0;
    for (auto item : sequence(name, get(name), 0, 2)) {
      const long long p = integer(name, item, PLAYER);
      if (bits >> p & 1) fail(name, "player " + std::to_string(p) + " is listed twice");
      bits = static_cast<uint8_t>(bits | 1u << p);
    }
  }
  void card_set(const char* name, CardSet& set) {
    set = CardSet{};
    for (auto item : sequence(name, get(name), 0, NUM_CARDS)) {
      const int c = static_cast<int>(integer(name, item, CARD));
      if (set.has(c)) fail(name, "card " + std::to_string(c) + " is listed twice");
      set.add(c);
    }
  }
  void card_rows(const char* name, CardSet (&sets)[2]) {
    py::sequence items = sequence(name, get(name), 2, 2);
    for (int p = 0; p < 2; ++p) {
      sets[p] = CardSet{};
      py::sequence row = sequence(name, items[p], NUM_CARDS, NUM_CARDS);
      for (int c = 0; c < NUM_CARDS; ++c)
        if (integer(name, row[c], {0, 1})) sets[p].add(c);
    }
  }
  void log(const char* name, LogEntry* entries, uint8_t& size) {
    py::sequence items = sequence(name, get(name), 0, MAX_LOG);
    size = static_cast<uint8_t>(py::len(items));
    for (int i = 0; i < size; ++i) {
      py::sequence entry = sequence(name, items[i], 3, 3);
      entries[i] = {static_cast<int8_t>(integer(name, entry[0], PLAYER)),
                    static_cast<int16_t>(integer(name, entry[1], {0, NUM_ACTIONS - 1})),
                    static_cast<int16_t>(integer(name, entry[2], {0, std::numeric_limits<int16_t>::max()}))};
    }
  }

 private:
  [[noreturn]] static void fail(const char* name, const std::string& what) {
    throw py::value_error(std::string("state field '") + name + "': " + what);
  }
  static std::string shown(py::handle value) { return std::string(py::repr(value)); }
  py::object get(const char* name) const {
    if (!values_.contains(name)) fail(name, "missing (every field of the layout must be given)");
    return values_[name];
  }
  static long long integer(const char* name, py::handle value, Bounds b) {
    const std::string allowed = "an integer in " + std::to_string(b.lo) + " to " + std::to_string(b.hi);
    if (PyBool_Check(value.ptr()) || PyFloat_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
      fail(name, shown(value) + " is not allowed (" + allowed + ")");
    long long v;
    try {
      v = py::cast<long long>(value);
    } catch (const py::cast_error&) {
      fail(name, shown(value) + " is out of range (" + allowed + ")");
    }
    if (v < b.lo || v > b.hi) fail(name, shown(value) + " is out of range (" + allowed + ")");
    return v;
  }
  static bool boolean(const char* name, py::handle value) {
    if (PyBool_Check(value.ptr())) return value.ptr() == Py_True;
    if (py::isinstance(value, py::module_::import("numpy").attr("bool_"))) return py::cast<bool>(value);
    return integer(name, value, {0, 1}) != 0;
  }
  static py::sequence sequence(const char* name, py::handle value, int least, int most) {
    if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || !PySequence_Check(value.ptr()))
      fail(name, shown(value) + " is not allowed (a list or tuple)");
    py::sequence items = py::reinterpret_borrow<py::sequence>(value);
    const int n = static_cast<int>(py::len(items));
    if (n < least || n > most)
      fail(name, "a sequence of " + std::to_string(n) + " values is not allowed (" +
                     (least == most ? std::to_string(least) : std::to_string(least) + " to " + std::to_string(most)) +
                     " allowed)");
    return items;
  }
  const py::dict& values_;
};

// A State from every field's Python value (Writer's checks); nothing is built on error.
State import_state(const py::dict& values) {
  State s{};
  Writer writer(values);
  visit_fields(s, writer);
  return s;
}

py::array_t<int64_t> legal_array(const Engine& engine, const State& state) {
  int16_t legal[MAX_LEGAL];
  const int n = engine.legal_actions(state, legal);
  py::array_t<int64_t> out(n);
  auto view = out.mutable_unchecked<1>();
  for (int i = 0; i < n; ++i) view(i) = legal[i];
  return out;
}

class PyBatch {
 public:
  PyBatch(TablesPtr tables, int num_envs, uint64_t seed, int threads) {
    if (num_envs < 1 || num_envs > MAX_ENVS)
      throw py::value_error("num_envs must be an integer in 1-" + std::to_string(MAX_ENVS) + ", got " +
                            std::to_string(num_envs));
    if (threads < 1 || threads > MAX_BATCH_THREADS)
      throw py::value_error("threads must be in 1-" + std::to_string(MAX_BATCH_THREADS) + ", got " +
                            std::to_string(threads));
    batch_ = std::make_unique<Batch>(Engine(std::move(tables)), num_envs, seed, threads);
  }
  int threads() const { return batch_->threads(); }
  void reset(py::array obs, py::array mask, py::array to_act) {
    const py::ssize_t e = batch_->num_envs();
    float* o = array_data<float>(obs, {e, 2, OBSERVATION_SIZE}, "obs", true);
    int8_t* m = array_data<int8_t>(mask, {e, 2, NUM_ACTIONS}, "mask", true);
    bool* t = array_data<bool>(to_act, {e, 2}, "to_act", true);
    const auto lock = lock_.acquire();
    py::gil_scoped_release release;
    batch_->reset(o, m, t);
    started_ = true;
  }
  void step(py::array actions, py::array obs, py::array mask, py::array to_act, py::array rewards,
            py::array terminated) {
    const py::ssize_t e = batch_->num_envs();
    const int64_t* a = array_data<int64_t>(actions, {e, 2}, "actions", false);
    float* o = array_data<float>(obs, {e, 2, OBSERVATION_SIZE}, "obs", true);
    int8_t* m = array_data<int8_t>(mask, {e, 2, NUM_ACTIONS}, "mask", true);
    bool* t = array_data<bool>(to_act, {e, 2}, "to_act", true);
    float* r = array_data<float>(rewards, {e, 2}, "rewards", true);
    bool* done = array_data<bool>(terminated, {e}, "terminated", true);
    const auto lock = lock_.acquire();
    if (!started_) throw py::value_error("call reset() before step()");
    std::string error;
    {
      py::gil_scoped_release release;
      try {
        batch_->step(a, o, m, t, r, done);
      } catch (const std::invalid_argument& bad) {
        error = bad.what();
      }
    }
    if (!error.empty()) throw py::value_error(error);
  }
  void sample_actions(py::array actions) {
    int64_t* a = array_data<int64_t>(actions, {batch_->num_envs(), 2}, "actions", true);
    const auto lock = lock_.acquire();
    if (!started_) throw py::value_error("call reset() before sample_actions()");
    batch_->sample_actions(a);
  }
  // The compiled heuristic's actions for the seats of `holds` into `actions` (see duel/heuristic.hpp).
  void heuristic_actions(const Heuristic& heuristic, py::array holds, py::array seeds, py::array actions) {
    const py::ssize_t e = batch_->num_envs();
    const bool* h = array_data<bool>(holds, {e, 2}, "holds", false);
    const uint64_t* s = array_data<uint64_t>(seeds, {e, 2}, "seeds", false);
    int64_t* a = array_data<int64_t>(actions, {e, 2}, "actions", true);
    const auto lock = lock_.acquire();
    if (!started_) throw py::value_error("call reset() before heuristic_actions()");
    try {
      duel::heuristic_actions(heuristic, *batch_, h, s, a);
    } catch (const std::invalid_argument& bad) {
      throw py::value_error(bad.what());
    }
  }
  py::array_t<uint64_t> seeds() {
    const auto lock = lock_.acquire();
    py::array_t<uint64_t> out(batch_->num_envs());
    auto view = out.mutable_unchecked<1>();
    for (int i = 0; i < batch_->num_envs(); ++i) view(i) = batch_->seed_of(i);
    return out;
  }
  py::list finished() {
    const auto lock = lock_.acquire();
    py::list out;
    for (const Finished& f : batch_->finished()) out.append(py::make_tuple(f.index, f.seed, f.state));
    return out;
  }
  State state(int index) {
    if (index < 0 || index >= batch_->num_envs())
      throw py::index_error("game index must be in 0-" + std::to_string(batch_->num_envs() - 1));
    const auto lock = lock_.acquire();
    return batch_->state_of(index);
  }

 private:
  std::unique_ptr<Batch> batch_;
  bool started_ = false;
  ObjectLock lock_;  // one thread at a time (step and reset let the GIL go)
};

}  // namespace

void bind(py::module_ m) {
  m.attr("NUM_ACTIONS") = NUM_ACTIONS;
  m.attr("OBSERVATION_SIZE") = OBSERVATION_SIZE;

  py::class_<Tables, std::shared_ptr<Tables>>(
      m, "Tables", "The card, wonder, token and structure tables (from wonders_env.duel.cards).")
      .def(py::init([](const py::dict& arrays, std::vector<std::string> cards, std::vector<std::string> wonders,
                       std::vector<std::string> tokens, const std::vector<std::string>& wonder_powers) {
             return std::const_pointer_cast<Tables>(
                 make_tables(arrays, std::move(cards), std::move(wonders), std::move(tokens), wonder_powers));
           }),
           py::arg("arrays"), py::arg("card_names"), py::arg("wonder_names"), py::arg("token_names"),
           py::arg("wonder_power_names"));

  py::class_<State> state_class(m, "State", "A Duel game in the core (a value: copy() clones it).");
  state_class.def("copy", [](const State& s) { return State(s); })
      .def("__copy__", [](const State& s) { return State(s); })
      .def("__deepcopy__", [](const State& s, py::dict) { return State(s); })
      .def_property_readonly("is_over", &State::game_over)
      .def_property_readonly("num_decisions", [](const State& s) { return static_cast<int>(s.log_size); })
      .def_property_readonly("last_paid", [](const State& s) { return s.log_size ? s.log[s.log_size - 1].paid : 0; });
  // the read-only view's getters: one per field of duel/state_layout.hpp, reading that field only
  const std::vector<std::string> names = field_names();
  for (int i = 0; i < static_cast<int>(names.size()); ++i)
    state_class.def_property_readonly(names[i].c_str(), [i](const State& s) { return read_field(s, i); });
  m.attr("STATE_FIELDS") = py::tuple(py::cast(names));

  py::class_<Engine>(m, "Engine", "The Duel rules on core states, bound to the tables.")
      .def(py::init([](std::shared_ptr<Tables> tables) {
             if (!tables) throw py::type_error("Engine needs Tables");
             return Engine(tables);
           }),
           py::arg("tables"))
      .def(
          "new_game",
          [](const Engine& e, uint64_t seed) {
            State s;
            e.new_game(s, e.draw_deal(seed));
            return s;
          },
          py::arg("seed"), "A game dealt from the core's own generator seeded with `seed`.")
      .def(
          "new_game_from_deal",
          [](const Engine& e, const std::vector<int>& wonder_order, const std::vector<int>& token_order,
             const std::vector<std::vector<int>>& cards, const std::vector<std::vector<int>>& boxed) {
            State s;
            e.new_game(s, deal_from(e, wonder_order, token_order, cards, boxed));
            return s;
          },
          py::arg("wonder_order"), py::arg("token_order"), py::arg("deals"), py::arg("boxed"),
          "A game with an explicit deal (as wonders_env.duel.state.DuelState holds it), checked.")
      .def(
          "legal_actions", [](const Engine& e, const State& s) { return legal_array(e, s); }, py::arg("state"),
          "The deciding player's legal actions, in the Python engine's order.")
      .def(
          "legal_action_mask",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            py::array_t<bool> mask(NUM_ACTIONS);
            std::fill(mask.mutable_data(), mask.mutable_data() + NUM_ACTIONS, false);
            if (player == s.current) {
              int16_t legal[MAX_LEGAL];
              const int n = e.legal_actions(s, legal);
              for (int i = 0; i < n; ++i) mask.mutable_data()[legal[i]] = true;
            }
            return mask;
          },
          py::arg("state"), py::arg("player"))
      .def(
          "why_illegal", [](const Engine& e, const State& s, long long action) { return e.why_illegal(s, action); },
          py::arg("state"), py::arg("action"), "'' if the action is legal now, else why not.")
      .def(
          "apply",
          [](const Engine& e, State& s, long long action) {
            const std::string reason = e.why_illegal(s, action);
            if (!reason.empty())
              throw py::value_error("illegal action " + std::to_string(action) + " for player " +
                                    std::to_string(s.current) + ": " + reason);
            e.apply_actions(s, {static_cast<int>(action), static_cast<int>(action)});
          },
          py::arg("state"), py::arg("action"), "Play a legal action of the deciding player (checked).")
      .def(
          "encode_observation",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            py::array_t<float> out(OBSERVATION_SIZE);
            e.encode_observation(s, player, out.mutable_data());
            return out;
          },
          py::arg("state"), py::arg("player"))
      .def(
          "score",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            Score points = e.score_breakdown(s, player);
            return std::vector<int>(points.begin(), points.end());
          },
          py::arg("state"), py::arg("player"),
          "civilian, science, commercial, guilds, wonders, progress, treasury, military, total")
      .def(
          "trade_prices",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            Prices prices = e.trade_prices(s, player);
            return std::vector<int>(prices.begin(), prices.end());
          },
          py::arg("state"), py::arg("player"))
      .def(
          "determinize",
          [](const Engine& e, const State& s, uint64_t seed) {
            Rng rng(seed);
            State twin = s;
            e.determinize(twin, rng);
            return twin;
          },
          py::arg("state"), py::arg("seed"), "A copy with what a player cannot know redrawn (seeded).")
      .def(
          "export", [](const Engine&, const State& s) { return export_state(s); }, py::arg("state"),
          "Every field of the Python engine's DuelState, as plain values (duel/state_layout.hpp).")
      .def(
          "import_state", [](const Engine&, const py::dict& values) { return import_state(values); }, py::arg("values"),
          "A core State from every field's value (names of duel/state_layout.hpp), each checked: a bad one "
          "raises ValueError naming the field, the value and what is allowed.")
      .def(
          "build_cost",
          [](const Engine& e, const State& s, int player, int card) {
            check_player(player);
            if (card < 0 || card >= NUM_CARDS)
              throw py::value_error("card must be in 0-" + std::to_string(NUM_CARDS - 1) + ", got " +
                                    std::to_string(card));
            return e.build_cost(s, player, card, e.trade_prices(s, player));
          },
          py::arg("state"), py::arg("player"), py::arg("card"), "Coins `player` pays to build `card` now.")
      .def(
          "wonder_cost",
          [](const Engine& e, const State& s, int player, int wonder) {
            check_player(player);
            if (wonder < 0 || wonder >= NUM_WONDERS)
              throw py::value_error("wonder must be in 0-" + std::to_string(NUM_WONDERS - 1) + ", got " +
                                    std::to_string(wonder));
            return e.wonder_cost(s, player, wonder, e.trade_prices(s, player));
          },
          py::arg("state"), py::arg("player"), py::arg("wonder"), "Coins `player` pays to build `wonder` now.")
      .def(
          "sell_value",
          [](const Engine& e, const State& s, int player) { return e.sell_value(s, check_player(player)); },
          py::arg("state"), py::arg("player"), "Coins `player` gets for discarding a card now.")
      .def(
          "play_random",
          [](const Engine& e, State& s, uint64_t seed) {
            Rng rng(seed);
            int16_t legal[MAX_LEGAL];
            int decisions = 0;
            while (!s.game_over()) {
              const int n = e.legal_actions(s, legal);
              const int action = legal[rng.below(static_cast<uint32_t>(n))];
              e.apply_actions(s, {action, action});
              ++decisions;
            }
            return decisions;
          },
          py::arg("state"), py::arg("seed"), "Play uniformly random legal actions to the end (a play-out).");

  py::class_<PyBatch>(m, "Batch", "num_envs games stepped together (see wonders_env.vector).")
      .def(py::init([](std::shared_ptr<Tables> tables, int num_envs, uint64_t seed, int threads) {
             if (!tables) throw py::type_error("Batch needs Tables");
             return std::make_unique<PyBatch>(tables, num_envs, seed, threads);
           }),
           py::arg("tables"), py::arg("num_envs"), py::arg("seed"), py::arg("threads") = 1)
      .def_property_readonly("threads", &PyBatch::threads)
      .def_property_readonly("num_players", [](const PyBatch&) { return 2; })
      .def_property_readonly("observation_size", [](const PyBatch&) { return OBSERVATION_SIZE; })
      .def_property_readonly("num_actions", [](const PyBatch&) { return NUM_ACTIONS; })
      .def("reset", &PyBatch::reset, py::arg("obs"), py::arg("mask"), py::arg("to_act"))
      .def("step", &PyBatch::step, py::arg("actions"), py::arg("obs"), py::arg("mask"), py::arg("to_act"),
           py::arg("rewards"), py::arg("terminated"))
      .def("sample_actions", &PyBatch::sample_actions, py::arg("actions"))
      .def("heuristic_actions", &PyBatch::heuristic_actions, py::arg("heuristic"), py::arg("holds"), py::arg("seeds"),
           py::arg("actions"),
           "The compiled heuristic's action (Heuristic.choose with the seat's seed) for each acting seat of "
           "`holds` [E, 2] bool into `actions` [E, 2] int64 (other entries untouched); seeds [E, 2] uint64. A held "
           "seat that does not act raises ValueError and nothing is written.")
      .def("seeds", &PyBatch::seeds)
      .def("finished", &PyBatch::finished, "(game index, seed, final State) of the games that ended in the last step")
      .def("state", &PyBatch::state, py::arg("index"), "A copy of game `index`'s state.");
}

}  // namespace wonders::duel
