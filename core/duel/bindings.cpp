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

#include "common/object_lock.hpp"
#include "common/state_layout.hpp"
#include "duel/actions.hpp"
#include "duel/agora.hpp"
#include "duel/agora_tables.hpp"
#include "duel/batch.hpp"
#include "duel/heuristic.hpp"
#include "duel/pantheon.hpp"
#include "duel/pantheon_tables.hpp"
#include "duel/rules.hpp"

namespace py = pybind11;

namespace wonders::duel {
namespace {

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

// The named integer arrays of a dict from Python (each value an integer array).
TableArrays table_arrays(const py::dict& arrays) {
  TableArrays values;
  for (auto item : arrays) {
    std::string name = py::cast<std::string>(item.first);
    auto array = py::array_t < int64_t, py::array::c_style | py::array::forcecast > ::ensure(item.second);
    if (!array) throw py::type_error("duel tables: array '" + name + "' must be integers");
    values[name] = std::vector<int64_t>(array.data(), array.data() + array.size());
  }
  return values;
}

std::shared_ptr<const Tables> make_tables(const py::dict& arrays, std::vector<std::string> cards,
                                          std::vector<std::string> wonders, std::vector<std::string> tokens,
                                          const std::vector<std::string>& wonder_powers) {
  const TableArrays values = table_arrays(arrays);
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
  const Tables& tables = engine.tables();
  Deal deal{};
  deal.wonder_order.fill(EMPTY);
  deal.token_order.fill(EMPTY);
  auto narrow = [](int v) {
    if (v < -1 || v > 127) throw py::value_error("corrupt deal: " + std::to_string(v) + " is not an id");
    return static_cast<int8_t>(v);
  };
  if (wonder_order.size() != static_cast<size_t>(tables.num_wonders))
    throw py::value_error("corrupt deal: the wonder order must list " + std::to_string(tables.num_wonders) +
                          " wonders");
  if (token_order.size() != static_cast<size_t>(tables.num_tokens))
    throw py::value_error("corrupt deal: the token order must list " + std::to_string(tables.num_tokens) + " tokens");
  if (cards.size() != 3 || boxed.size() != 3)
    throw py::value_error("corrupt deal: expected 3 Ages of cards and of boxed cards");
  for (int i = 0; i < tables.num_wonders; ++i) deal.wonder_order[i] = narrow(wonder_order[i]);
  for (int i = 0; i < tables.num_tokens; ++i) deal.token_order[i] = narrow(token_order[i]);
  for (int age = 0; age < 3; ++age) {
    const int box = tables.boxed_per_age[age], slots = tables.layouts[age].slots;
    if (cards[age].size() != static_cast<size_t>(slots))
      throw py::value_error("corrupt deal: Age " + std::to_string(age + 1) + " must deal " + std::to_string(slots) +
                            " cards, got " + std::to_string(cards[age].size()));
    if (static_cast<int>(boxed[age].size()) != box)
      throw py::value_error("corrupt deal: Age " + std::to_string(age + 1) + " must box " + std::to_string(box) +
                            " cards, got " + std::to_string(boxed[age].size()));
    deal.cards[age].fill(EMPTY);
    for (int s = 0; s < slots; ++s) deal.cards[age][s] = narrow(cards[age][s]);
    deal.boxed[age].fill(EMPTY);
    for (int i = 0; i < box; ++i) deal.boxed[age][i] = narrow(boxed[age][i]);
  }
  const std::string error = engine.check_deal(deal);
  if (!error.empty()) throw py::value_error(error);
  return deal;
}

// ------------------------------------------------------------------ the state layout (duel/state_layout.hpp)
WONDERS_LAYOUT(StateLayout, DUEL_STATE_FIELDS);
WONDERS_LAYOUT(PantheonLayout, DUEL_PANTHEON_FIELDS);
WONDERS_LAYOUT(AgoraLayout, DUEL_AGORA_FIELDS);

// The sizes of a State's table (what the view's getters and the export read with).
layout::Sizes sizes_of(const State& s) {
  layout::Sizes sizes{2, 2, 0, s.table_counts.cards, 0};
  sizes.wonders = s.table_counts.wonders;
  sizes.tokens = s.table_counts.tokens;
  sizes.colors = s.table_counts.colors;
  return sizes;
}

// ...and of an Engine's, with its actions (what the checked import reads with).
layout::Sizes sizes_of(const Engine& engine) {
  State sized{};
  engine.size_state(sized);
  layout::Sizes sizes = sizes_of(sized);
  sizes.actions = engine.num_actions();
  sizes.phases = engine.pantheon() || engine.agora() ? NUM_PHASES : BASE_PHASES;
  return sizes;
}

// The checks between Pantheon's fields that keep the rules inside the state's arrays (each field's
// own bounds are the layout's): the set chosen from and its items, the decks' mythologies.
void check_pantheon(const Engine& engine, const State& s) {
  const PantheonState& p = s.pantheon;
  const ActionLayout& acts = engine.actions();
  auto refuse = [](const std::string& what) { throw py::value_error("state field 'pantheon': " + what); };
  const bool agora_choosing = engine.agora() && s.agora.choice != NONE;
  if ((s.phase == CHOOSE) != (p.choice != NONE || agora_choosing) || (p.choice != NONE && agora_choosing))
    refuse("choice names a set (0-" + std::to_string(NUM_CHOICES - 1) +
           ") exactly when the phase is choose (8) and Agora's choice names none");
  if (p.num_slot_tokens != s.slot_count)
    refuse("slot_tokens must hold one entry per slot of the structure (" + std::to_string(s.slot_count) + ")");
  if (p.choice != NONE) {
    const int items = acts.item_sizes[CHOICE_ITEM[p.choice]];
    for (int i = 0; i < p.num_options; ++i)
      if (p.options[i] >= items)
        refuse("option " + std::to_string(p.options[i]) + " is not an item of the set " + CHOICE_NAMES[p.choice] +
               " (0-" + std::to_string(items - 1) + ")");
    int8_t now[MAX_OPTIONS];
    const int n = pantheon::options_now(engine, s, now);
    if (n != p.num_options || !std::equal(now, now + n, p.options))
      refuse(std::string("options must be the items of the set ") + CHOICE_NAMES[p.choice] +
             " in this state, ascending (as the rules list them)");
  } else if (p.num_options) {
    refuse("options are listed while no set is chosen from");
  }
  for (int m = 0; m < NUM_MYTHOLOGIES; ++m)
    for (int i = 0; i < p.deck_size[m]; ++i)
      if (engine.pantheon()->divinities[p.decks[m][i]].mythology != m)
        refuse("the deck of mythology " + std::to_string(m) + " holds divinity " + std::to_string(p.decks[m][i]) +
               " of another");
}

// The checks between Agora's fields (and the structure's slots) that keep the rules inside the state's
// arrays (each field's own bounds are the layout's): the set chosen from and its items, the cubes.
void check_agora(const Engine& engine, const State& s) {
  const AgoraState& a = s.agora;
  auto refuse = [](const std::string& what) { throw py::value_error("state field 'agora': " + what); };
  if (a.choice != NONE && a.choice < SENATE_ACTION)
    refuse("choice " + std::to_string(a.choice) + " is not one of Agora's sets (" + std::to_string(SENATE_ACTION) +
           "-" + std::to_string(ALL_CHOICES - 1) + ")");
  if (!engine.pantheon() && (s.phase == CHOOSE) != (a.choice != NONE))
    refuse("choice names a set exactly when the phase is choose (8)");
  const int items = engine.actions().sizes[A_CHOOSE];
  for (int i = 0; i < a.num_options; ++i)
    if (a.options[i] >= items || (i && a.options[i] <= a.options[i - 1]))
      refuse("options must be items of the choose range (0-" + std::to_string(items - 1) + "), ascending");
  if (a.choice == NONE && a.num_options) refuse("options are listed while no set is chosen from");
  if (a.choice != NONE) {
    int16_t now[MAX_AGORA_OPTIONS];
    const int n = agora::options_now(engine, s, now);
    if (n != a.num_options || !std::equal(now, now + n, a.options))
      refuse(std::string("options must be the items of the set ") + AGORA_CHOICE_NAMES[a.choice - SENATE_ACTION] +
             " in this state, ascending (as the rules list them)");
  }
  for (int player = 0; player < 2; ++player) {
    int placed = 0;
    for (int c = 0; c < NUM_CHAMBERS; ++c) placed += a.cubes[player][c];
    if (placed > engine.agora()->cubes_per_player)
      refuse("player_" + std::to_string(player) + " has " + std::to_string(placed) + " cubes in the Senate, of " +
             std::to_string(engine.agora()->cubes_per_player));
  }
}

// Every field of `s` as plain values; a Pantheon table's under "pantheon", an Agora table's under
// "agora" (None without).
py::dict export_state(const State& s) {
  py::dict out = layout::export_state<StateLayout>(s, sizes_of(s));
  out["pantheon"] =
      s.table_counts.pantheon ? py::object(layout::export_state<PantheonLayout>(s.pantheon, sizes_of(s))) : py::none();
  out["agora"] =
      s.table_counts.agora ? py::object(layout::export_state<AgoraLayout>(s.agora, sizes_of(s))) : py::none();
  return out;
}

// A State of `engine`'s table from every field's Python value, each checked (the token bit sets
// against the table's tokens too; "pantheon": a dict of Pantheon's fields for a Pantheon table,
// else None; "agora" the same for Agora); nothing is built on error.
State import_state(const Engine& engine, const py::dict& values) {
  State s{};
  engine.size_state(s);
  // the structure's slots, those of the Age's layout (its value is checked again as a field)
  const py::object age = values.contains("age") ? py::object(values["age"]) : py::none();
  s.slot_count = static_cast<int8_t>(engine.tables().num_slots);
  for (int a = 1; a <= 3; ++a)
    if (py::isinstance<py::int_>(age) && age.equal(py::int_(a))) s.slot_count = engine.tables().layouts[a - 1].slots;
  const layout::Sizes sizes = sizes_of(engine);
  layout::import_fields<StateLayout>(s, values, sizes);
  const py::object pantheon = values.contains("pantheon") ? py::object(values["pantheon"]) : py::none();
  if (engine.pantheon()) {
    if (!py::isinstance<py::dict>(pantheon))
      throw py::value_error("state field 'pantheon': a Pantheon table's state needs a dict of Pantheon's fields, got " +
                            std::string(py::repr(pantheon)));
    layout::import_fields<PantheonLayout>(s.pantheon, py::reinterpret_borrow<py::dict>(pantheon), sizes);
  } else {
    if (!pantheon.is_none())
      throw py::value_error("state field 'pantheon': a table without Pantheon holds None, got " +
                            std::string(py::repr(pantheon)));
  }
  const py::object agora = values.contains("agora") ? py::object(values["agora"]) : py::none();
  if (engine.agora()) {
    if (!py::isinstance<py::dict>(agora))
      throw py::value_error("state field 'agora': an Agora table's state needs a dict of Agora's fields, got " +
                            std::string(py::repr(agora)));
    layout::import_fields<AgoraLayout>(s.agora, py::reinterpret_borrow<py::dict>(agora), sizes);
  } else if (!agora.is_none()) {
    throw py::value_error("state field 'agora': a table without Agora holds None, got " + std::string(py::repr(agora)));
  }
  for (int age = 0; age < 3; ++age) {  // the cards each Age boxed (Agora: one of them built by Treason)
    const int boxed = engine.tables().boxed_per_age[age];
    if (engine.agora() ? s.boxed_count[age] > boxed : s.boxed_count[age] != boxed)
      throw py::value_error("state field 'boxed': Age " + std::to_string(age + 1) + " boxes " + std::to_string(boxed) +
                            " cards" + (engine.agora() ? " (fewer after Treason)" : "") + ", got " +
                            std::to_string(s.boxed_count[age]));
    for (int i = s.boxed_count[age]; i < MAX_BOXED; ++i) s.deal.boxed[age][i] = EMPTY;
  }
  if (engine.pantheon()) check_pantheon(engine, s);
  if (engine.agora()) check_agora(engine, s);
  const unsigned tokens = (1u << engine.tables().num_tokens) - 1;
  for (const auto& [name, bits] : {std::pair<const char*, unsigned>{"board_tokens", s.board_tokens},
                                   {"player_tokens", s.player_tokens[0]},
                                   {"player_tokens", s.player_tokens[1]}})
    if (bits & ~tokens)
      throw py::value_error(std::string("state field '") + name + "': " + std::to_string(bits) +
                            " names a token the table does not have (bits of tokens 0-" +
                            std::to_string(engine.tables().num_tokens - 1) + ")");
  return s;
}

// `state`, checked to be a game of `engine`'s table.
const State& own(const Engine& engine, const State& state) {
  check_table(engine, state);
  return state;
}
State& own(const Engine& engine, State& state) {
  check_table(engine, state);
  return state;
}

py::array_t<int64_t> legal_array(const Engine& engine, const State& state) {
  int16_t legal[MAX_LEGAL];
  const int n = engine.legal_actions(state, legal);
  py::array_t<int64_t> out(n);
  auto view = out.mutable_unchecked<1>();
  for (int i = 0; i < n; ++i) view(i) = legal[i];
  return out;
}

// The error of an illegal `action` of the deciding player, word for word that of
// wonders_env.duel.actions.illegal_action_error: the action, `reason` and the legal actions (the first 12 named).
std::string illegal_action_message(const Engine& engine, const State& state, long long action,
                                   const std::string& reason) {
  constexpr int NAMED = 12;
  std::string label = std::to_string(action);
  if (action >= 0 && action < engine.num_actions())
    label += " (" + engine.describe_action(static_cast<int>(action)) + ")";
  int16_t legal[MAX_LEGAL];
  const int n = engine.legal_actions(state, legal);
  std::string shown;
  for (int i = 0; i < std::min(n, NAMED); ++i)
    shown += (i ? ", " : "") + std::to_string(legal[i]) + " (" + engine.describe_action(legal[i]) + ")";
  return "illegal action " + label + " for player " + std::to_string(state.current) + ": " + reason +
         ". Legal now: " + (shown.empty() ? "none" : shown) +
         (n > NAMED ? " and " + std::to_string(n - NAMED) + " more" : "");
}

class PyBatch {
 public:
  PyBatch(const Engine& engine, int num_envs, uint64_t seed, int threads)
      : observation_size_(engine.observation_size()),
        num_actions_(engine.num_actions()),
        engine_counts_(engine.counts()) {
    if (num_envs < 1 || num_envs > MAX_ENVS)
      throw py::value_error("num_envs must be an integer in 1-" + std::to_string(MAX_ENVS) + ", got " +
                            std::to_string(num_envs));
    if (threads < 1 || threads > MAX_BATCH_THREADS)
      throw py::value_error("threads must be in 1-" + std::to_string(MAX_BATCH_THREADS) + ", got " +
                            std::to_string(threads));
    batch_ = std::make_unique<Batch>(engine, num_envs, seed, threads);  // an Engine copy shares the tables
  }
  int observation_size() const { return static_cast<int>(observation_size_); }
  int num_actions() const { return static_cast<int>(num_actions_); }
  int threads() const { return batch_->threads(); }
  void reset(py::array obs, py::array mask, py::array to_act) {
    const py::ssize_t e = batch_->num_envs();
    float* o = array_data<float>(obs, {e, 2, observation_size_}, "obs", true);
    int8_t* m = array_data<int8_t>(mask, {e, 2, num_actions_}, "mask", true);
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
    float* o = array_data<float>(obs, {e, 2, observation_size_}, "obs", true);
    int8_t* m = array_data<int8_t>(mask, {e, 2, num_actions_}, "mask", true);
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
    if (!(heuristic.engine().counts() == engine_counts_))
      throw py::value_error("the heuristic's engine plays another table than this batch's");
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
  py::ssize_t observation_size_, num_actions_;
  TableCounts engine_counts_;
  bool started_ = false;
  ObjectLock lock_;  // one thread at a time (step and reset let the GIL go)
};

}  // namespace

void bind(py::module_ m) {
  py::class_<Tables, std::shared_ptr<Tables>>(
      m, "Tables", "The card, wonder, token and structure tables (from wonders_env.duel.cards).")
      .def(py::init([](const py::dict& arrays, std::vector<std::string> cards, std::vector<std::string> wonders,
                       std::vector<std::string> tokens, const std::vector<std::string>& wonder_powers) {
             return std::const_pointer_cast<Tables>(
                 make_tables(arrays, std::move(cards), std::move(wonders), std::move(tokens), wonder_powers));
           }),
           py::arg("arrays"), py::arg("card_names"), py::arg("wonder_names"), py::arg("token_names"),
           py::arg("wonder_power_names"));

  py::class_<PantheonTables, std::shared_ptr<PantheonTables>>(
      m, "PantheonTables",
      "Pantheon's divinities, tokens, prices and token slots (from wonders_env.duel.cards.PantheonTables).")
      .def(py::init([](const py::dict& arrays, std::vector<std::string> divinities, std::vector<std::string> tokens,
                       const std::vector<std::string>& divine_powers) {
             const TableArrays values = table_arrays(arrays);
             try {
               return std::make_shared<PantheonTables>(
                   PantheonTables::from_arrays(values, std::move(divinities), std::move(tokens), divine_powers));
             } catch (const std::invalid_argument& error) {
               throw py::value_error(error.what());
             }
           }),
           py::arg("arrays"), py::arg("divinity_names"), py::arg("token_names"), py::arg("divine_power_names"))
      .def_property_readonly("gate", [](const PantheonTables& t) { return t.gate; })
      .def_property_readonly("decks", [](const PantheonTables& t) { return t.decks; })
      .def_property_readonly("mythology_tokens", [](const PantheonTables& t) { return t.mythology_tokens; })
      .def_property_readonly("offering_tokens", [](const PantheonTables& t) { return t.offering_tokens; })
      .def_property_readonly("token_slots", [](const PantheonTables& t) { return t.token_slots; })
      .def_property_readonly("divinity_names", [](const PantheonTables& t) { return t.divinity_names; })
      .def_property_readonly("token_names", [](const PantheonTables& t) { return t.token_names; });

  py::class_<AgoraTables, std::shared_ptr<AgoraTables>>(
      m, "AgoraTables",
      "Agora's conspiracies, decrees, military tokens and Senate (from wonders_env.duel.cards.AgoraTables).")
      .def(py::init([](const py::dict& arrays, std::shared_ptr<Tables> tables, std::vector<std::string> conspiracies,
                       std::vector<std::string> decrees, const std::vector<std::string>& effects) {
             if (!tables) throw py::type_error("AgoraTables needs the Tables of its table's cards");
             const TableArrays values = table_arrays(arrays);
             try {
               return std::make_shared<AgoraTables>(
                   AgoraTables::from_arrays(values, *tables, std::move(conspiracies), std::move(decrees), effects));
             } catch (const std::invalid_argument& error) {
               throw py::value_error(error.what());
             }
           }),
           py::arg("arrays"), py::arg("tables"), py::arg("conspiracy_names"), py::arg("decree_names"),
           py::arg("effect_names"))
      .def_property_readonly("senators", [](const AgoraTables& t) { return t.senators; })
      .def_property_readonly("conspiracy_names", [](const AgoraTables& t) { return t.conspiracy_names; })
      .def_property_readonly("decree_names", [](const AgoraTables& t) { return t.decree_names; });

  py::class_<State> state_class(m, "State", "A Duel game in the core (a value: clone() copies it).");
  state_class.def("clone", [](const State& s) { return State(s); })
      .def("__copy__", [](const State& s) { return State(s); })
      .def("__deepcopy__", [](const State& s, py::dict) { return State(s); })
      .def_property_readonly("is_over", &State::game_over)
      .def_property_readonly("num_decisions", [](const State& s) { return static_cast<int>(s.log_size); })
      .def_property_readonly("last_paid", [](const State& s) { return s.log_size ? s.log[s.log_size - 1].paid : 0; });
  // the read-only view's getters: one per field of duel/state_layout.hpp, reading that field only
  layout::bind_view<StateLayout, State>(state_class, [](const State& s) { return sizes_of(s); });
  m.attr("STATE_FIELDS") = py::tuple(py::cast(layout::field_names<StateLayout>()));
  py::class_<PantheonState> pantheon_class(m, "PantheonState",
                                           "Pantheon's part of a core game (a copy; its fields read-only).");
  layout::bind_view<PantheonLayout, PantheonState>(pantheon_class,
                                                   [](const PantheonState&) { return layout::Sizes{}; });
  m.attr("PANTHEON_FIELDS") = py::tuple(py::cast(layout::field_names<PantheonLayout>()));
  state_class.def_property_readonly(
      "pantheon", [](const State& s) { return s.table_counts.pantheon ? py::cast(s.pantheon) : py::none(); },
      "Pantheon's fields (a PantheonState copy), or None without the expansion.");
  py::class_<AgoraState> agora_class(m, "AgoraState", "Agora's part of a core game (a copy; its fields read-only).");
  layout::bind_view<AgoraLayout, AgoraState>(agora_class, [](const AgoraState&) { return layout::Sizes{}; });
  m.attr("AGORA_FIELDS") = py::tuple(py::cast(layout::field_names<AgoraLayout>()));
  state_class.def_property_readonly(
      "agora", [](const State& s) { return s.table_counts.agora ? py::cast(s.agora) : py::none(); },
      "Agora's fields (an AgoraState copy), or None without the expansion.");

  py::class_<Engine, std::shared_ptr<Engine>>(m, "Engine", "The Duel rules on core states, bound to the tables.")
      .def(py::init([](std::shared_ptr<Tables> tables, std::shared_ptr<PantheonTables> pantheon,
                       std::shared_ptr<AgoraTables> agora) {
             if (!tables) throw py::type_error("Engine needs Tables");
             if (pantheon && tables->age3_extra_deck == GUILD_DECK)
               throw py::value_error("a Pantheon engine needs the Pantheon table's cards (its Grand Temples)");
             if (agora && (tables->num_colors <= SENATOR || agora->senators.empty() ||
                           agora->senators.back() >= tables->num_cards ||
                           tables->cards[agora->senators.back()].color != SENATOR))
               throw py::value_error("an Agora engine needs the Agora table's cards (its Senators)");
             return Engine(tables, pantheon, agora);
           }),
           py::arg("tables"), py::arg("pantheon") = nullptr, py::arg("agora") = nullptr,
           "pantheon: the PantheonTables of a Pantheon table (whose cards `tables` are), or None; agora: the "
           "AgoraTables of an Agora table, or None.")
      .def_property_readonly("has_pantheon", [](const Engine& e) { return e.pantheon() != nullptr; })
      .def_property_readonly("has_agora", [](const Engine& e) { return e.agora() != nullptr; })
      .def_property_readonly("num_players", [](const Engine&) { return 2; })
      .def_property_readonly("num_actions", &Engine::num_actions)
      .def_property_readonly("observation_size", &Engine::observation_size)
      .def_property_readonly(
          "observation_views", [](const Engine& e) { return e.observation().views; },
          "(name, size) of each view of the observation, in order (observation.py's ObservationLayout.view_sizes).")
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
            if (e.pantheon() || e.agora())
              throw py::value_error(
                  "a Pantheon or Agora game is dealt from a seed (an explicit deal names no expansion's setup)");
            State s;
            e.new_game(s, deal_from(e, wonder_order, token_order, cards, boxed));
            return s;
          },
          py::arg("wonder_order"), py::arg("token_order"), py::arg("deals"), py::arg("boxed"),
          "A game with an explicit deal (as wonders_env.duel.state.DuelState holds it), checked.")
      .def(
          "legal_actions", [](const Engine& e, const State& s) { return legal_array(e, own(e, s)); }, py::arg("state"),
          "The deciding player's legal actions, in the Python engine's order.")
      .def(
          "legal_action_mask",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            own(e, s);
            py::array_t<bool> mask(e.num_actions());
            std::fill(mask.mutable_data(), mask.mutable_data() + e.num_actions(), false);
            if (player == s.current) {
              int16_t legal[MAX_LEGAL];
              const int n = e.legal_actions(s, legal);
              for (int i = 0; i < n; ++i) mask.mutable_data()[legal[i]] = true;
            }
            return mask;
          },
          py::arg("state"), py::arg("player"))
      .def(
          "why_illegal",
          [](const Engine& e, const State& s, long long action) { return e.why_illegal(own(e, s), action); },
          py::arg("state"), py::arg("action"), "'' if the action is legal now, else why not.")
      .def(
          "apply_actions",
          [](const Engine& e, State& s, long long action) {
            const std::string reason = e.why_illegal(own(e, s), action);
            if (!reason.empty()) throw py::value_error(illegal_action_message(e, s, action, reason));
            e.apply_actions(s, {static_cast<int>(action), static_cast<int>(action)});
          },
          py::arg("state"), py::arg("action"),
          "Play the acting players' actions, checked: in Duel one, the deciding player's `action` (an int, "
          "where 7 Wonders' apply_actions takes {player: action}; a dict per move would cost the hot path).")
      .def(
          "encode_observation",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            py::array_t<float> out(e.observation_size());
            e.encode_observation(own(e, s), player, out.mutable_data());
            return out;
          },
          py::arg("state"), py::arg("player"))
      .def(
          "score_breakdown",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            const Score points = e.score_breakdown(own(e, s), player);
            std::vector<int> out(points.begin(), points.begin() + NUM_CATEGORIES);
            if (e.pantheon()) out.push_back(points[DIVINITIES]);
            if (e.agora()) out.push_back(points[SENATE]);
            out.push_back(points[TOTAL]);
            return out;
          },
          py::arg("state"), py::arg("player"),
          "civilian, science, commercial, guilds, wonders, progress, treasury, military, (a Pantheon table's) "
          "divinities, (an Agora table's) senate, total")
      .def(
          "trade_prices",
          [](const Engine& e, const State& s, int player) {
            check_player(player);
            Prices prices = e.trade_prices(own(e, s), player);
            return std::vector<int>(prices.unit.begin(), prices.unit.end());
          },
          py::arg("state"), py::arg("player"))
      .def(
          "determinize",
          [](const Engine& e, const State& s, uint64_t seed, int player) {
            check_player(player);
            Rng rng(seed);
            State twin = own(e, s);
            e.determinize(twin, player, rng);
            return twin;
          },
          py::arg("state"), py::arg("seed"), py::arg("player") = 0,
          "A copy with what `player` cannot know redrawn (seeded).")
      .def(
          "export_state", [](const Engine& e, const State& s) { return export_state(own(e, s)); }, py::arg("state"),
          "Every field of the Python engine's DuelState, as plain values (duel/state_layout.hpp).")
      .def(
          "import_state", [](const Engine& e, const py::dict& fields) { return import_state(e, fields); },
          py::arg("fields"),
          "A core State from every field's value (names of duel/state_layout.hpp), each checked: a bad one "
          "raises ValueError naming the field, the value and what is allowed.")
      .def(
          "build_cost",
          [](const Engine& e, const State& s, int player, int card) {
            check_player(player);
            own(e, s);
            if (card < 0 || card >= e.tables().num_cards)
              throw py::value_error("card must be in 0-" + std::to_string(e.tables().num_cards - 1) + ", got " +
                                    std::to_string(card));
            return e.build_cost(s, player, card, e.trade_prices(s, player));
          },
          py::arg("state"), py::arg("player"), py::arg("card"), "Coins `player` pays to build `card` now.")
      .def(
          "wonder_cost",
          [](const Engine& e, const State& s, int player, int wonder) {
            check_player(player);
            own(e, s);
            if (wonder < 0 || wonder >= e.tables().num_wonders)
              throw py::value_error("wonder must be in 0-" + std::to_string(e.tables().num_wonders - 1) + ", got " +
                                    std::to_string(wonder));
            return e.wonder_cost(s, player, wonder, e.trade_prices(s, player));
          },
          py::arg("state"), py::arg("player"), py::arg("wonder"), "Coins `player` pays to build `wonder` now.")
      .def(
          "activation_price",
          [](const Engine& e, const State& s, int player, int space, int offerings) {
            check_player(player);
            own(e, s);
            if (!e.pantheon()) throw py::value_error("activation prices are a Pantheon table's");
            if (space < 0 || space >= NUM_SPACES || s.pantheon.spaces[space] == EMPTY)
              throw py::value_error("space must be a Pantheon space 0-" + std::to_string(NUM_SPACES - 1) +
                                    " that holds a divinity, got " + std::to_string(space));
            if (offerings < 0 || offerings >= OFFERING_SUBSETS)
              throw py::value_error("offerings must be a bit set 0-" + std::to_string(OFFERING_SUBSETS - 1) + ", got " +
                                    std::to_string(offerings));
            return e.activation_price(s, player, space, offerings);
          },
          py::arg("state"), py::arg("player"), py::arg("space"), py::arg("offerings"),
          "Coins `player` pays to activate the divinity of Pantheon `space` with the offering tokens of the bit "
          "set `offerings` (a Pantheon table's).")
      .def(
          "sell_value",
          [](const Engine& e, const State& s, int player) { return e.sell_value(own(e, s), check_player(player)); },
          py::arg("state"), py::arg("player"), "Coins `player` gets for discarding a card now.")
      .def(
          "play_random",
          [](const Engine& e, State& s, uint64_t seed) {
            own(e, s);
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
      .def(py::init([](std::shared_ptr<Engine> engine, int num_envs, uint64_t seed, int threads) {
             if (!engine) throw py::type_error("Batch needs an Engine");
             return std::make_unique<PyBatch>(*engine, num_envs, seed, threads);
           }),
           py::arg("engine"), py::arg("num_envs"), py::arg("seed"), py::arg("threads") = 1)
      .def_property_readonly("threads", &PyBatch::threads)
      .def_property_readonly("num_players", [](const PyBatch&) { return 2; })
      .def_property_readonly("observation_size", &PyBatch::observation_size)
      .def_property_readonly("num_actions", &PyBatch::num_actions)
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
