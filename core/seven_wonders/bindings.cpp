// Python bindings of the 7 Wonders core (wonders_env._core.seven_wonders). Every argument from
// Python is checked here: a bad one raises ValueError/TypeError and changes nothing.
#include "seven_wonders/bindings.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "common/object_lock.hpp"
#include "common/state_layout.hpp"
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
    if (key == "edition")
      out.edition = py::cast<std::string>(item.second);
    else if (key == "type_names")
      out.type_names = py::cast<std::vector<std::string>>(item.second);
    else if (key == "city_names")
      out.city_names = py::cast<std::vector<std::string>>(item.second);
    else if (key == "side_names")
      out.side_names = py::cast<std::vector<std::string>>(item.second);
    else if (key == "special_names")
      out.special_names = py::cast<std::vector<std::string>>(item.second);
    else if (key == "leader_effect_kinds")
      out.leader_effect_kinds = py::cast<std::vector<std::string>>(item.second);
    else if (key == "leader_names")
      out.leader_names = py::cast<std::vector<std::string>>(item.second);
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
// `state` was set up by `engine` (a ValueError otherwise).
const State& own(const Engine& engine, const State& state) {
  if (state.engine_id != engine.id())
    fail(
        "this state was set up by another engine (other edition, player count or options); "
        "use the engine that created it");
  return state;
}
State& own(const Engine& engine, State& state) {
  own(engine, static_cast<const State&>(state));
  return state;
}

void check_player(const Engine& engine, int64_t player) {
  if (player < 0 || player >= engine.num_players())
    fail("player must be in [0, " + std::to_string(engine.num_players()) + "), got " + std::to_string(player));
}

void check_card_type(const Engine& engine, int64_t card_type) {
  if (card_type < 0 || card_type >= engine.tables().num_types)
    fail("card type must be in [0, " + std::to_string(engine.tables().num_types) + "), got " +
         std::to_string(card_type));
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
    if (cities[s] < -128 || cities[s] > 127 || sides[s] < -128 || sides[s] > 127)
      fail("deal: city or side out of range");
    deal.city[s] = static_cast<int8_t>(cities[s]);
    deal.side[s] = static_cast<int8_t>(sides[s]);
  }
  for (int a = 0; a < 3; ++a) {
    if (decks[a].size() > MAX_DECK) fail("deal: an Age deck holds at most " + std::to_string(MAX_DECK) + " cards");
    for (int64_t card : decks[a]) {
      if (card < 0 || card >= engine.tables().num_cards)
        fail("deal: card id " + std::to_string(card) + " out of range");
      deal.decks[a].push_back(static_cast<int>(card));
    }
  }
  for (int64_t card : box) {
    if (card < 0 || card >= engine.tables().num_cards) fail("deal: card id " + std::to_string(card) + " out of range");
    deal.box.push_back(static_cast<int>(card));
  }
  if (data.contains("leaders")) {
    auto leaders = py::cast<std::vector<int64_t>>(data["leaders"]);
    if (leaders.size() > MAX_LEADERS) fail("deal: the leaders hold at most " + std::to_string(MAX_LEADERS) + " ids");
    for (int64_t leader : leaders) {
      if (leader < 0 || leader >= engine.tables().num_leaders)
        fail("deal: leader id " + std::to_string(leader) + " out of range");
      deal.leaders.push_back(static_cast<int>(leader));
    }
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
  if (engine.tables().num_leaders) out["leaders"] = py::cast(deal.leaders);
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
  BoundBatch(const Engine& engine, int num_envs, uint64_t seed, int threads) : batch(engine, num_envs, seed, threads) {}
  Batch batch;
  ObjectLock lock;
};

py::list card_list(const uint8_t* cards, int count) {
  py::list out;
  for (int i = 0; i < count; ++i) out.append(static_cast<int>(cards[i]));
  return out;
}

// ---------------------------------------------------------------- state transfer (state_layout.hpp)
WONDERS_LAYOUT(StateLayout, SEVEN_WONDERS_STATE_FIELDS);

layout::Sizes sizes_of(const Engine& engine) {
  const Tables& t = engine.tables();
  return {engine.num_seats(),
          engine.num_players(),
          t.num_types,
          t.num_cards,
          t.num_cities,
          t.num_leaders,
          t.num_leaders ? engine.num_players() : 0};
}

// What the view's getters need (a state knows its table's card names and leaders count, not the tables).
layout::Sizes sizes_of(const State& s) {
  return {s.num_seats, s.num_players, s.num_types, 0, 0, s.num_leaders, s.num_leaders ? s.num_players : 0};
}

// The Leaders fields against the others: every leader in one place, queues and phases that the rules can
// act on, the log's Leaders entries.
void check_leaders(const Engine& engine, const State& s) {
  const Tables& t = engine.tables();
  const int players = engine.num_players();
  for (int i = 0; i < s.log_size; ++i) {
    const LogEntry& entry = s.log[i];
    if (entry.kind >= LEADER_LOG_KIND ? !t.num_leaders || entry.card_type >= t.num_leaders
                                      : entry.turn == 0 && !t.num_leaders)
      fail("state: log entry " + std::to_string(i) + ": the Leaders kinds (a leader's id) and turn 0 need leaders");
  }
  if (!t.num_leaders) return;
  std::vector<int> seen(static_cast<size_t>(t.num_leaders), 0);
  auto count = [&](const uint8_t* items, int size) {
    for (int i = 0; i < size; ++i)
      if (seen[items[i]]++) fail("state: leader id " + std::to_string(items[i]) + " is in two places");
  };
  count(s.leader_deck.data(), s.leader_deck_size);
  for (int p = 0; p < players; ++p) {
    count(s.draft_hands[p].data(), s.draft_hand_size[p]);
    count(s.leader_hands[p].data(), s.leader_hand_size[p]);
    count(s.recruited[p].data(), s.recruited_size[p]);
    count(s.stage_leaders[p].data(), s.stage_leaders_size[p]);
    count(s.leader_discards[p].data(), s.leader_discards_size[p]);
  }
  for (int l = 0; l < t.num_leaders; ++l)
    if (!seen[l]) fail("state: leader id " + std::to_string(l) + " is nowhere (each leader is in one place)");
  for (int p = 0; p < players; ++p) {
    if (s.draft_hand_size[p] != s.draft_hand_size[0]) fail("state: every draft hand holds as many leaders");
    if (s.phase == Phase::LEADER_DRAFT && (s.draft_hand_size[p] == 0 || s.age != 1 || s.turn != 0))
      fail("state: LEADER_DRAFT is Age 1, turn 0, with a leader in every draft hand");
    if (s.phase != Phase::LEADER_DRAFT && s.draft_hand_size[p])
      fail("state: draft hands hold leaders only in LEADER_DRAFT");
  }
  if (s.phase == Phase::LEADER_DRAFT && s.leader_hand_size[0] + s.draft_hand_size[0] != LEADERS_PER_PLAYER)
    fail("state: a drafting player holds 4 leaders between its Leader hand and its draft hand");
  for (int k = 0; k < s.num_copy_choosers; ++k)
    if (s.copy_choosers[k] >= players) fail("state: copy_choosers are players' seats");
  for (int k = 0; k < s.num_recruiters; ++k)
    if (s.recruiters[k] >= players) fail("state: recruiters are players' seats");
  if (s.phase == Phase::COPY_LEADER && !s.num_copy_choosers) fail("state: COPY_LEADER without a Courtesans copy");
  if (s.phase == Phase::RECRUIT_NOW && !s.num_recruiters) fail("state: RECRUIT_NOW without a Roma B recruit");
  if ((s.phase == Phase::RECRUIT || (s.phase == Phase::PAYMENT && s.pending_turn == 0)) && s.turn != 0)
    fail("state: the recruitment turn is turn 0");
}

// The checks between fields that keep the rules inside the state's arrays (each field's own
// bounds are the layout's).
void check_between_fields(const Engine& engine, const State& s) {
  const Tables& t = engine.tables();
  const int seats = engine.num_seats(), players = engine.num_players();
  if (s.phase == Phase::PAYMENT && !engine.chooses_payments()) fail("state: a PAYMENT phase needs payment=\"choose\"");
  if (!t.num_leaders && (s.num_copy_choosers || s.num_recruiters || s.turn == 0 || s.phase >= Phase::LEADER_DRAFT))
    fail("state: turn 0, the Leaders phases, copy_choosers and recruiters need leaders");
  if (players == 2 ? s.free_city_holder < 0 : s.free_city_holder >= 0)
    fail("state: free_city_holder must be " + std::string(players == 2 ? "0 or 1" : "-1") + " with " +
         std::to_string(players) + " players, got " + std::to_string(s.free_city_holder));
  for (int seat = 0; seat < seats; ++seat) {
    if (s.stages_built[seat] > t.wonders[s.cities[seat]][s.sides[seat]].num_stages)
      fail("state: stages_built of seat " + std::to_string(seat) + " exceeds its wonder's stages");
    if (s.stage_cards_size[seat] + (t.num_leaders ? s.stage_leaders_size[seat] : 0) != s.stages_built[seat])
      fail("state: seat " + std::to_string(seat) + " must have one card" + (t.num_leaders ? " or leader" : "") +
           " under each stage built (stage_cards" + (t.num_leaders ? " and stage_leaders" : "") + ")");
  }
  check_leaders(engine, s);
  for (int city = 0; city < seats; ++city)
    if (s.paid >> city & 1 && s.pending[city] < 0)
      fail("state: payments maps a seat with a pending move to (bank, to_left, to_right); seat " +
           std::to_string(city) + " has none");
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
    count(s.stage_cards[seat].data(), s.stage_cards_size[seat]);
  }
  // bounds that keep the rest of the game inside the state's arrays
  for (int seat = 0; seat < seats; ++seat) {
    if (s.built_size[seat] > 9 * (s.age - 1) + s.turn + 2)
      fail("state: seat " + std::to_string(seat) + " has more buildings than a game reaches by now");
    const int per_age = t.num_leaders ? 4 : 2;  // with Leaders, Tomyris's neighbours' defeat tokens too
    if (s.num_tokens[seat] > (s.phase == Phase::GAME_OVER ? 3 * per_age : per_age * (s.age - 1)))
      fail("state: seat " + std::to_string(seat) + " has more military tokens than the conflicts so far give");
    int own = 0, sold = 0;  // the choice productions of its buildings and stages
    auto add = [&](const Produce* produces, int n) {
      for (int i = 0; i < n; ++i)
        if (produces[i].mask & (produces[i].mask - 1)) {
          ++own;
          sold += produces[i].tradable;
        }
    };
    for (int i = 0; i < s.built_size[seat]; ++i) {
      const CardType& type = t.types[t.cards[s.built[seat][i]].type];
      add(type.produces.data(), type.num_produces);
    }
    const WonderSide& board = t.wonders[s.cities[seat]][s.sides[seat]];
    for (int k = 0; k < s.stages_built[seat]; ++k) add(board.stages[k].produces.data(), board.stages[k].num_produces);
    if (own != s.num_own_choices[seat] || sold != s.num_sell_choices[seat])
      fail("state: own_choices and sell_choices must be those of the seat's buildings and stages");
  }
  if (s.num_discard_builders > 2) fail("state: at most 2 pending discard builds");
  std::array<std::array<int, MAX_TYPES>, MAX_SEATS> needed{};  // pending cards per hand owner
  const int n = t.num_types;
  for (int city = 0; city < seats; ++city) {
    if (s.pending[city] < 0) continue;
    int leader_kind = 0, leader = 0;
    if (engine.decode_leader(s.pending[city], leader_kind, leader)) {  // the recruitment turn's moves
      if (s.phase != Phase::PAYMENT || s.pending_turn != 0 || leader_kind < RECRUIT || leader_kind > LEADER_DISCARD)
        fail(
            "state: a pending leader move is a recruit, leader_wonder or leader_discard of a PAYMENT phase "
            "of turn 0");
      const auto& hand = s.leader_hands[city];
      if (std::find(hand.begin(), hand.begin() + s.leader_hand_size[city], leader) ==
          hand.begin() + s.leader_hand_size[city])
        fail("state: a pending leader is not in its player's Leader hand");
      if (leader_kind == LEADER_WONDER && s.stages_built[city] >= t.wonders[s.cities[city]][s.sides[city]].num_stages)
        fail("state: a pending wonder stage of a finished wonder");
      continue;
    }
    if (s.phase == Phase::PAYMENT && s.pending_turn == 0)
      fail("state: the pending moves of turn 0 (the recruitment turn) are leader moves");
    auto [kind, type] = decode_action(s.pending[city], n);
    int owner = city == s.free_city() ? s.free_city_holder : city;
    if (owner < 0 || owner >= players || kind > FREE_BUILD)
      fail("state: a pending move is a build, wonder, sell or free build of a seat with a controller");
    if (kind == WONDER && s.stages_built[city] >= t.wonders[s.cities[city]][s.sides[city]].num_stages)
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
          if (s.powers[p][POWER_SEVENTH_CARD] && s.power_used_age[p][POWER_SEVENTH_CARD] != s.age &&
              s.hand_size[p] == 1)
            return false;
        return true;
      }()))
    fail("state: SEVENTH_CARD needs a Babylon player with its last card");
}

// The inverse of export_state: a new core state from the fields of a Python state, every field
// read and checked by the layout, then checked against the others.
State import_state(const Engine& engine, const py::dict& d, std::optional<uint64_t> seed) {
  State s;
  s.engine_id = engine.id();
  s.num_players = static_cast<int8_t>(engine.num_players());
  s.num_seats = static_cast<int8_t>(engine.num_seats());
  s.num_types = static_cast<uint8_t>(engine.tables().num_types);
  s.num_leaders = static_cast<uint8_t>(engine.tables().num_leaders);
  if (seed) {  // None, or an integer in 0 to 2**64 - 1 (the binding refuses anything else)
    s.has_seed = true;
    s.seed = *seed;
  }
  layout::import_fields<StateLayout>(s, d, sizes_of(engine));
  check_between_fields(engine, s);
  return s;
}

}  // namespace

void bind(py::module_ m) {
  py::class_<Tables, std::shared_ptr<Tables>>(
      m, "Tables", "The card and wonder tables of one edition (checked copies of the Python tables).")
      .def(py::init(
               [](const py::dict& data) { return std::const_pointer_cast<Tables>(build_tables(table_data(data))); }),
           py::arg("data"), "From the dict of numpy arrays built by wonders_env.seven_wonders.compiled.table_arrays.")
      .def_readonly("edition", &Tables::edition)
      .def_readonly("num_types", &Tables::num_types)
      .def_readonly("num_cards", &Tables::num_cards)
      .def_readonly("num_leaders", &Tables::num_leaders);

  py::class_<State> state(m, "State",
                          "A 7 Wonders game state of the core: read-only properties under the Python state's "
                          "names (state_layout.hpp); copy with clone() or State(other).");
  state.def(py::init<const State&>(), py::arg("other"))
      .def("clone", [](const State& s) { return State(s); })
      .def("__copy__", [](const State& s) { return State(s); })
      .def("__deepcopy__", [](const State& s, py::dict) { return State(s); })
      .def_property_readonly(
          "seed", [](const State& s) { return s.has_seed ? py::object(py::int_(s.seed)) : py::object(py::none()); })
      .def_property_readonly("num_players", [](const State& s) { return static_cast<int>(s.num_players); })
      .def_property_readonly("num_seats", [](const State& s) { return static_cast<int>(s.num_seats); })
      .def("hand", [](const State& s, int seat) {
        if (seat < 0 || seat >= s.num_seats)
          fail("seat must be in [0, " + std::to_string(s.num_seats) + "), got " + std::to_string(seat));
        return card_list(s.hands[seat].data(), s.hand_size[seat]);
      });
  layout::bind_view<StateLayout, State>(state, [](const State& s) { return sizes_of(s); });
  m.attr("STATE_FIELDS") = py::tuple(py::cast(layout::field_names<StateLayout>()));
  m.def(
      "science_points",
      [](int compass, int gear, int tablet, int wildcards) {
        for (int count : {compass, gear, tablet, wildcards})
          if (count < 0 || count > MAX_SCIENCE_SYMBOLS)
            fail("science counts must be in [0, " + std::to_string(MAX_SCIENCE_SYMBOLS) + "]");
        return science_points(compass, gear, tablet, wildcards);
      },
      py::arg("compass"), py::arg("gear"), py::arg("tablet"), py::arg("wildcards") = 0,
      "Science VP with the wildcards placed to score the most (scoring.py science_points).");

  py::class_<Engine, std::shared_ptr<Engine>>(m, "Engine", "The rules of 7 Wonders for one table and set of options.")
      .def(py::init([](std::shared_ptr<Tables> tables, int num_players, std::vector<int> wonders,
                       std::vector<int> sides, bool choose_payments) {
             if (!tables) fail("tables must be a Tables object");
             if (num_players < 2 || num_players > MAX_PLAYERS)
               fail("num_players must be in [2, 7], got " + std::to_string(num_players));
             if (tables->num_leaders && num_players < 3)
               fail("Leaders is played by 3 to 7 players (the 2-player variant has no leaders), got " +
                    std::to_string(num_players));
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
               if (sides[i] < 0 || sides[i] > SIDE_RANDOM)
                 fail("sides: each must be 0 (A/Day), 1 (B/Night) or 2 (random)");
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
      .def(
          "new_game",
          [](const Engine& e, uint64_t seed) {
            State state;
            e.new_game(state, e.draw_deal(seed));
            state.has_seed = true;
            state.seed = seed;
            return state;
          },
          py::arg("seed"), "The game of `seed`, dealt from the core's own generator (the seed kept in the state).")
      .def(
          "new_game_from_deal",
          [](const Engine& e, const py::dict& deal, std::optional<uint64_t> seed) {
            State state;
            e.new_game(state, deal_from_dict(e, deal));
            if (seed) {
              state.has_seed = true;
              state.seed = *seed;
            }
            return state;
          },
          py::arg("deal"), py::arg("seed") = py::none(),
          "A game with an explicit deal (the dict of draw_deal: cities, sides, decks, box), checked; `seed` "
          "(optional) is kept in the state as the seed it was dealt from.")
      .def("acting_players",
           [](const Engine& e, const State& s) {
             own(e, s);
             Actors a = e.acting_players(s);
             return std::vector<int>(a.seats.begin(), a.seats.begin() + a.count);
           })
      .def(
          "acting_city",
          [](const Engine& e, const State& s, int64_t player) {
            own(e, s);
            check_player(e, player);
            return e.acting_city(s, static_cast<int>(player));
          },
          "The city whose move `player` chooses now (the Free City's seat in FREE_CITY, ...).")
      .def(
          "hand_for_decision",
          [](const Engine& e, const State& s, int64_t player) {
            own(e, s);
            check_player(e, player);
            if (s.phase == Phase::DISCARD_BUILD) return card_list(s.discard.data(), s.discard_size);
            std::array<uint8_t, MAX_HAND> hand{};
            return card_list(hand.data(), e.decision_hand(s, static_cast<int>(player), hand));
          },
          "The physical cards `player` chooses from now (rules.py hand_for_decision).")
      .def(
          "controller",
          [](const Engine& e, const State& s, int64_t city) {
            own(e, s);
            check_city(e, city);
            return e.controller(s, static_cast<int>(city));
          },
          "The player who decides for `city` (the Free City: the holder of its card).")
      .def(
          "build_payment",
          [](const Engine& e, const State& s, int64_t city, int64_t card_type) -> py::object {
            own(e, s);
            check_city(e, city);
            check_card_type(e, card_type);
            Move move{};
            if (!e.build_payment(s, static_cast<int>(city), static_cast<int>(card_type), move)) return py::none();
            return py::make_tuple(move.bank, move.to_left, move.to_right);
          },
          "(bank, to_left, to_right) for `city` to build `card_type` the env's way, or None if it cannot.")
      .def(
          "stage_payment",
          [](const Engine& e, const State& s, int64_t city) -> py::object {
            own(e, s);
            check_city(e, city);
            Move move{};
            if (!e.stage_payment(s, static_cast<int>(city), move)) return py::none();
            return py::make_tuple(move.bank, move.to_left, move.to_right);
          },
          "(0, to_left, to_right) for the next wonder stage of `city` the env's way, or None.")
      .def(
          "payment_choices",
          [](const Engine& e, const State& s, int64_t city) {
            own(e, s);
            check_city(e, city);
            if (s.pending[city] < 0) fail("seat " + std::to_string(city) + " has no pending move to pay for");
            PaymentChoices choices = e.payment_choices(s, static_cast<int>(city));
            std::vector<std::tuple<int, int, int>> out;
            for (int i = 0; i < choices.count; ++i)
              out.emplace_back(choices.choices[i].bank, choices.choices[i].to_left, choices.choices[i].to_right);
            return out;
          },
          "payment=\"choose\": every (bank, to_left, to_right) way `city` can pay for its pending move, by coins to "
          "the left.")
      .def(
          "recruit_price",
          [](const Engine& e, const State& s, int64_t player, int64_t leader) {
            own(e, s);
            check_player(e, player);
            if (leader < 0 || leader >= e.tables().num_leaders)
              fail(e.tables().num_leaders ? "leader must be in [0, " + std::to_string(e.tables().num_leaders) +
                                                "), got " + std::to_string(leader)
                                          : std::string("this table has no leaders (expansions=(\"leaders\",) has)"));
            return e.recruit_price(s, static_cast<int>(player), static_cast<int>(leader));
          },
          "Leaders: the coins `player` pays to recruit `leader` now (leaders.py recruit_price).")
      .def(
          "count_items",
          [](const Engine& e, const State& s, int64_t city, const std::vector<int64_t>& counted, int64_t scope) {
            own(e, s);
            check_city(e, city);
            int bits = 0;
            const int most = e.tables().num_leaders ? COUNT_LEADER : COUNT_DEFEAT_TOKEN;
            for (int64_t item : counted) {
              if (item < 0 || item > most)
                fail(std::string("counted items must be colours 0-6, 7 (wonder stage) or 8 (defeat token)") +
                     (most == COUNT_LEADER ? ", 9 (victory token), 10 (3 coins) or 11 (leader)" : "") + ", got " +
                     std::to_string(item));
              bits |= 1 << item;
            }
            if (scope < 0 || scope > (SCOPE_SELF | SCOPE_LEFT | SCOPE_RIGHT))
              fail("scope must be a mask of SELF 1, LEFT 2, RIGHT 4");
            return e.count_items(s, static_cast<int>(city), bits, static_cast<int>(scope));
          },
          "How many of `counted` the cities in `scope` around `city` hold.")
      .def(
          "why_illegal",
          [](const Engine& e, const State& s, int64_t player, int64_t action) {
            own(e, s);
            check_player(e, player);
            return e.why_illegal(s, static_cast<int>(player), action);
          },
          "Empty if `action` is legal for `player`, else why not (the text of rules.check_legal).")
      .def("legal_action_mask",
           [](const Engine& e, const State& s, int64_t player) {
             own(e, s);
             check_player(e, player);
             py::array_t<int8_t> mask(e.num_actions());
             e.legal_action_mask(s, static_cast<int>(player), mask.mutable_data());
             return mask;
           })
      .def(
          "legal_action_mask_by_checks",
          [](const Engine& e, const State& s, int64_t player) {
            own(e, s);
            check_player(e, player);
            py::array_t<int8_t> mask(e.num_actions());
            for (int a = 0; a < e.num_actions(); ++a)
              mask.mutable_data()[a] = e.is_legal(s, static_cast<int>(player), a);
            return mask;
          },
          "The mask by one is_legal check per action (what a batch checks actions with), for the tests.")
      .def("apply_actions",
           [](const Engine& e, State& s, const py::dict& actions) {
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
      .def("is_over", [](const Engine& e, const State& s) { return e.is_over(own(e, s)); })
      .def("score_breakdown",
           [](const Engine& e, const State& s, int64_t city) {
             own(e, s);
             check_city(e, city);
             Score score = e.score_breakdown(s, static_cast<int>(city));  // the leaders line only with leaders
             std::vector<int> out(score.begin(), score.begin() + NUM_CATEGORIES);
             if (e.tables().num_leaders) out.push_back(score[LEADERS_LINE]);
             out.push_back(score[TOTAL]);
             return out;
           })
      .def("winners", [](const Engine& e, const State& s) { return e.winners(own(e, s)); })
      .def("encode_observation",
           [](const Engine& e, const State& s, int64_t player) {
             own(e, s);
             check_player(e, player);
             Observer observer(e);
             py::array_t<float> out(observer.size());
             observer.encode(s, static_cast<int>(player), out.mutable_data());
             return out;
           })
      .def("describe_action",
           [](const Engine& e, int64_t action) {
             if (action < 0 || action >= e.num_actions())
               fail("action must be in [0, " + std::to_string(e.num_actions()) + ")");
             return e.describe_action(static_cast<int>(action));
           })
      .def("buy_options",
           [](const Engine& e, const State& s, int64_t city, std::vector<int> cost) {
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
             for (int i = 0; i < options.count; ++i)
               out.emplace_back(options.options[i].to_left, options.options[i].to_right);
             return out;
           })
      .def("determinize",
           [](const Engine& e, const State& s, int64_t player, uint64_t seed) {
             own(e, s);
             check_player(e, player);
             State twin = s;
             Rng rng(seed);
             e.determinize(twin, static_cast<int>(player), rng);
             return twin;
           })
      .def(
          "export_state",
          [](const Engine& e, const State& s) { return layout::export_state<StateLayout>(own(e, s), sizes_of(e)); },
          "The state's fields under the names of the Python SevenWondersState's (see compiled.to_python).")
      .def("import_state", &import_state, py::arg("fields"), py::arg("seed") = py::none(),
           "A state from the fields of export_state (a Python SevenWondersState's); bad fields raise ValueError.");

  py::class_<BoundBatch>(m, "Batch", "num_envs games stepped together (see wonders_env.vector).")
      .def(
          py::init([](std::shared_ptr<Engine> engine, int64_t num_envs, uint64_t seed, int64_t threads) {
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
      .def("reset",
           [](BoundBatch& bound, py::array obs, py::array mask, py::array to_act) {
             Batch& b = bound.batch;
             py::ssize_t E = b.num_envs(), P = b.engine().num_players();
             float* o = checked_buffer<float>(obs, {E, P, b.observer().size()}, "obs", "float32");
             int8_t* m = checked_buffer<int8_t>(mask, {E, P, b.engine().num_actions()}, "mask", "int8");
             bool* a = checked_buffer<bool>(to_act, {E, P}, "to_act", "bool");
             const auto lock = bound.lock.acquire();
             py::gil_scoped_release release;
             b.reset(o, m, a);
           })
      .def("step",
           [](BoundBatch& bound, py::array actions, py::array obs, py::array mask, py::array to_act, py::array rewards,
              py::array terminated) {
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
      .def("sample_actions",
           [](BoundBatch& bound, py::array actions) {
             Batch& b = bound.batch;
             int64_t* out =
                 checked_buffer<int64_t>(actions, {b.num_envs(), b.engine().num_players()}, "actions", "int64");
             const auto lock = bound.lock.acquire();
             b.sample_actions(out);
           })
      .def("seeds",
           [](BoundBatch& bound) {
             const auto lock = bound.lock.acquire();
             const std::vector<uint64_t>& seeds = bound.batch.seeds();
             return py::array_t<uint64_t>(static_cast<py::ssize_t>(seeds.size()), seeds.data());
           })
      .def("state",
           [](BoundBatch& bound, int64_t index) {
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
