// The kinds of state fields and what the bindings derive from a game's declared layout
// (core/<game>/state_layout.hpp, an X-macro list described in common/state_fields.hpp): the
// export (every field as plain Python values), the checked import (every field read and checked:
// a bad value raises ValueError naming the field, the value and what is allowed; the import fills
// a new State, so nothing changes on error) and the read-only view's getters (one per field,
// reading that field only).
//
// The kinds (bounds are inclusive; a Bound is a number or a size of the game, e.g. last(Dim::CARDS)):
//   scalar(lo, hi)                   an integer or enum              -> int
//   flag()                           a bool                          -> bool
//   optional_scalar(lo, hi, absent)  an integer, or `absent` for None -> int or None
//   ints(lo, hi[, count])            a 1-D array of count entries    -> list   (count: a Dim, else all)
//   flags([count])                   a 1-D array of bools            -> list of bools
//   table(lo, hi[, rows, cols])      a 2-D array                     -> list of lists
//   ndarray<Out>(lo, hi[, rows, cols])  a 2-D array                  -> numpy array of dtype Out
//   lists(lo, hi, counts[, rows])    rows lists, row r of counts[r] entries (counts: the member that
//                                    holds them, set from the lengths; matching(&State::m): another
//                                    field, which each length must equal; a const int[]: fixed
//                                    lengths, the rest -1)     -> list of lists
//   keyed_lists(lo, hi, counts, first_key)  the same           -> {first_key + row: list} of the
//                                    non-empty rows
//   pile(lo, hi, count)              entries [0, count) of a 1-D array -> list (count: the member
//                                    that holds it, set from the length; matching(&State::m): another
//                                    field, which the length must equal)
//   bits(n)                          bit i of an integer             -> list of n bools (n: a Bound)
//   bit_ids(lo, hi, order, n)        the ids order(s)[0..n) whose bit is set -> list in that order (n: a Bound)
//   bit_tuple(n)                     the bits set among 0..n-1       -> tuple
//   card_set()                       a set of card ids (has/add)     -> sorted list
//   card_rows([rows])                a set of card ids per row       -> rows of 0/1 per card
//   keyed_ints(lo, hi, keys, absent) a 1-D array                     -> {i: value} of the entries not `absent`
//   records(count, part...)          entries [0, count) of structs   -> list of tuples, one item per part
//   keyed_records(present, keys, part...)  the entries whose bit of `present` is set -> {i: tuple}
//   part(member or index, lo, hi)    one item of a record's entry
//   internal()                       not a Python field: a count or set-up value other fields or the
//                                    engine keep
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/state_fields.hpp"

namespace wonders::layout {

namespace py = pybind11;

// ---------------------------------------------------------------- sizes and bounds
// LEADERS: the leaders of a 7 Wonders table; LEADER_PLAYERS: its players where it has leaders, else 0;
// WONDERS, TOKENS, ACTIONS, PHASES, COLORS: a Duel table's wonders, progress tokens, actions, phases and
// its cards' colours
enum class Dim : int8_t {
  ALL,
  SEATS,
  PLAYERS,
  TYPES,
  CARDS,
  CITIES,
  LEADERS,
  LEADER_PLAYERS,
  WONDERS,
  TOKENS,
  ACTIONS,
  PHASES,
  COLORS
};

// The sizes of one engine that counts and bounds depend on.
struct Sizes {
  int seats = 0, players = 0, types = 0, cards = 0, cities = 0, leaders = 0, leader_players = 0;
  int wonders = 0, tokens = 0, actions = 0, phases = 0, colors = 0;
  int of(Dim dim) const {
    const int by_dim[] = {0,       seats,  players, types,  cards, cities, leaders, leader_players,
                          wonders, tokens, actions, phases, colors};  // in the order of Dim
    return by_dim[static_cast<int>(dim)];
  }
};

// A number, or `times` one of the sizes plus `plus`.
struct Bound {
  constexpr Bound(long long value) : plus(value) {}  // NOLINT: numbers are bounds
  constexpr Bound(Dim dim, int times, long long plus) : plus(plus), dim(dim), times(times) {}
  long long at(const Sizes& z) const { return plus + static_cast<long long>(times) * z.of(dim); }
  long long plus;
  Dim dim = Dim::ALL;
  int times = 0;
};
constexpr Bound last(Dim dim, int times = 1) { return Bound(dim, times, -1); }

struct Bounds {
  Bound lo, hi;
};

// ---------------------------------------------------------------- reading a Python value
// The checks of one field's Python value.
class Input {
 public:
  Input(const char* name, const Sizes& sizes) : name_(name), sizes_(sizes) {}
  const Sizes& sizes() const { return sizes_; }
  [[noreturn]] void refuse(const std::string& what) const {
    throw py::value_error(std::string("state field '") + name_ + "': " + what);
  }
  static std::string shown(py::handle value) { return std::string(py::repr(value)); }
  long long integer(py::handle value, Bounds bounds) const {
    const long long lo = bounds.lo.at(sizes_), hi = bounds.hi.at(sizes_);
    const std::string allowed = "an integer in " + std::to_string(lo) + " to " + std::to_string(hi);
    if (PyBool_Check(value.ptr()) || PyFloat_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
      refuse(shown(value) + " is not allowed (" + allowed + ")");
    long long v = 0;
    try {
      v = py::cast<long long>(value);
    } catch (const py::cast_error&) {
      refuse(shown(value) + " is out of range (" + allowed + ")");
    }
    if (v < lo || v > hi) refuse(shown(value) + " is out of range (" + allowed + ")");
    return v;
  }
  bool boolean(py::handle value) const {
    if (PyBool_Check(value.ptr())) return value.ptr() == Py_True;
    if (py::isinstance(value, py::module_::import("numpy").attr("bool_"))) return py::cast<bool>(value);
    return integer(value, {0, 1}) != 0;
  }
  py::sequence sequence(py::handle value, long long least, long long most) const {
    if (PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || !PySequence_Check(value.ptr()))
      refuse(shown(value) + " is not allowed (a list or tuple)");
    py::sequence items = py::reinterpret_borrow<py::sequence>(value);
    const long long n = static_cast<long long>(py::len(items));
    if (n < least || n > most)
      refuse("a sequence of " + std::to_string(n) + " values is not allowed (" +
             (least == most ? std::to_string(least) : std::to_string(least) + " to " + std::to_string(most)) +
             " allowed)");
    return items;
  }
  py::dict mapping(py::handle value, const char* shape) const {
    if (!py::isinstance<py::dict>(value)) refuse(shown(value) + " is not allowed (a dict " + shape + ")");
    return py::reinterpret_borrow<py::dict>(value);
  }

 private:
  const char* name_;
  const Sizes& sizes_;
};

// ---------------------------------------------------------------- shapes of members
template <class M>
constexpr int extent_of() {
  if constexpr (std::is_array_v<M>)
    return static_cast<int>(std::extent_v<M>);
  else
    return static_cast<int>(std::tuple_size<M>::value);
}
template <class M>
using element_of = std::remove_reference_t<decltype(std::declval<M&>()[0])>;

// How many entries of a dimension of M a field uses: all, or one of the sizes.
template <class M>
int count_of(Dim dim, const Sizes& z) {
  return dim == Dim::ALL ? extent_of<M>() : z.of(dim);
}

template <class T>
py::object item(const T& value) {
  if constexpr (std::is_same_v<T, bool>)
    return py::bool_(value);
  else
    return py::int_(static_cast<long long>(value));
}
template <class T>
T checked(const Input& in, py::handle value, Bounds bounds) {
  if constexpr (std::is_same_v<T, bool>)
    return in.boolean(value);
  else
    return static_cast<T>(in.integer(value, bounds));
}
template <class A>
py::list item_list(const A& items, int n) {
  py::list out;
  for (int i = 0; i < n; ++i) out.append(item(items[i]));
  return out;
}

// ---------------------------------------------------------------- the kinds
struct Internal {};
constexpr Internal internal() { return {}; }

struct Scalar {  // a bool is a flag: True or False (or 0 or 1)
  Bounds bounds;
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes&) const {
    return item(m);
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    m = checked<M>(in, v, bounds);
  }
};
constexpr Scalar scalar(Bound lo, Bound hi) { return {{lo, hi}}; }
constexpr Scalar flag() { return {{0, 1}}; }

struct OptionalScalar {
  Bounds bounds;
  long long absent;
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes&) const {
    return m == absent ? py::none() : item(m);
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    m = v.is_none() ? static_cast<M>(absent) : checked<M>(in, v, bounds);
  }
};
constexpr OptionalScalar optional_scalar(Bound lo, Bound hi, long long absent) { return {{lo, hi}, absent}; }

struct Ints {
  Bounds bounds;
  Dim count;
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes& z) const {
    return item_list(m, count_of<M>(count, z));
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    const int n = count_of<M>(count, in.sizes());
    py::sequence items = in.sequence(v, n, n);
    for (int i = 0; i < n; ++i) m[i] = checked<element_of<M>>(in, items[i], bounds);
  }
};
constexpr Ints ints(Bound lo, Bound hi, Dim count = Dim::ALL) { return {{lo, hi}, count}; }
constexpr Ints flags(Dim count = Dim::ALL) { return {{0, 1}, count}; }

template <class Out>  // the view's numpy dtype; void: lists of lists
struct Table {
  Bounds bounds;
  Dim rows, cols;
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes& z) const {
    const int r = count_of<M>(rows, z), c = count_of<element_of<M>>(cols, z);
    if constexpr (std::is_void_v<Out>) {
      py::list out;
      for (int i = 0; i < r; ++i) out.append(item_list(m[i], c));
      return std::move(out);
    } else {
      py::array_t<Out> out({r, c});
      auto view = out.template mutable_unchecked<2>();
      for (int i = 0; i < r; ++i)
        for (int k = 0; k < c; ++k) view(i, k) = static_cast<Out>(m[i][k]);
      return std::move(out);
    }
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    const int r = count_of<M>(rows, in.sizes()), c = count_of<element_of<M>>(cols, in.sizes());
    py::sequence items = in.sequence(v, r, r);
    for (int i = 0; i < r; ++i) {
      py::sequence row = in.sequence(items[i], c, c);
      for (int k = 0; k < c; ++k) m[i][k] = checked<element_of<element_of<M>>>(in, row[k], bounds);
    }
  }
};
constexpr Table<void> table(Bound lo, Bound hi, Dim rows = Dim::ALL, Dim cols = Dim::ALL) {
  return {{lo, hi}, rows, cols};
}
template <class Out>
constexpr Table<Out> ndarray(Bound lo, Bound hi, Dim rows = Dim::ALL, Dim cols = Dim::ALL) {
  return {{lo, hi}, rows, cols};
}

// The counts of lists that are another field, read before: each length must equal its count.
template <class P>
struct Matching {
  P member;
};
template <class P>
constexpr Matching<P> matching(P member) {
  return {member};
}

// Rows of lists; Counts: a member pointer to the counts, Matching<...> or const int* (fixed).
template <class Counts>
struct Lists {
  Bounds bounds;
  Counts counts;
  Dim rows;
  int first_key;  // -1: a list of every row; else a dict {first_key + row: list} of the non-empty rows
  template <class S>
  int count(const S& s, int row) const {
    if constexpr (std::is_pointer_v<Counts>)
      return counts[row];
    else if constexpr (std::is_member_object_pointer_v<Counts>)
      return static_cast<int>((s.*counts)[row]);
    else
      return static_cast<int>((s.*(counts.member))[row]);
  }
  template <class S, class M>
  py::object get(const S& s, const M& m, const Sizes& z) const {
    const int n = count_of<M>(rows, z);
    if (first_key < 0) {
      py::list out;
      for (int r = 0; r < n; ++r) out.append(item_list(m[r], count(s, r)));
      return std::move(out);
    }
    py::dict out;
    for (int r = 0; r < n; ++r)
      if (count(s, r)) out[py::int_(first_key + r)] = item_list(m[r], count(s, r));
    return std::move(out);
  }
  template <class S, class M>
  void set(S& s, M& m, py::handle v, const Input& in) const {
    const int n = count_of<M>(rows, in.sizes());
    if (first_key < 0) {
      py::sequence items = in.sequence(v, n, n);
      for (int r = 0; r < n; ++r) set_row(s, m, r, items[r], in);
      return;
    }
    for (auto entry : in.mapping(v, "{key: list}")) {
      const int r = static_cast<int>(in.integer(entry.first, {first_key, first_key + n - 1})) - first_key;
      set_row(s, m, r, entry.second, in);
    }
  }
  template <class S, class M>
  void set_row(S& s, M& m, int r, py::handle v, const Input& in) const {
    using T = element_of<element_of<M>>;
    const int cols = extent_of<element_of<M>>();
    const bool fixed = std::is_pointer_v<Counts>;
    py::sequence row = in.sequence(v, fixed ? count(s, r) : 0, fixed ? count(s, r) : cols);
    const int length = static_cast<int>(py::len(row));
    for (int c = 0; c < length; ++c) m[r][c] = checked<T>(in, row[c], bounds);
    if constexpr (std::is_pointer_v<Counts>) {
      for (int c = length; c < cols; ++c) m[r][c] = static_cast<T>(-1);
    } else if constexpr (std::is_member_object_pointer_v<Counts>) {
      (s.*counts)[r] = static_cast<element_of<std::remove_reference_t<decltype(s.*counts)>>>(length);
    } else if (length != count(s, r)) {
      in.refuse("row " + std::to_string(r) + " must hold as many entries as its count (" + std::to_string(count(s, r)) +
                "), got " + std::to_string(length));
    }
  }
};
template <class Counts>
constexpr Lists<Counts> lists(Bound lo, Bound hi, Counts counts, Dim rows = Dim::ALL) {
  return {{lo, hi}, counts, rows, -1};
}
template <class Counts>
constexpr Lists<Counts> keyed_lists(Bound lo, Bound hi, Counts counts, int first_key) {
  return {{lo, hi}, counts, Dim::ALL, first_key};
}

// Count: the member that holds the count (set from the length), or matching(&State::m): another
// field read before, which the length must equal.
template <class Count>
struct Pile {
  Bounds bounds;
  Count count;
  template <class S>
  int size(const S& s) const {
    if constexpr (std::is_member_object_pointer_v<Count>)
      return static_cast<int>(s.*count);
    else
      return static_cast<int>(s.*(count.member));
  }
  template <class S, class M>
  py::object get(const S& s, const M& m, const Sizes&) const {
    return item_list(m, size(s));
  }
  template <class S, class M>
  void set(S& s, M& m, py::handle v, const Input& in) const {
    py::sequence items = in.sequence(v, 0, extent_of<M>());
    const int n = static_cast<int>(py::len(items));
    if constexpr (std::is_member_object_pointer_v<Count>) {
      s.*count = static_cast<std::remove_reference_t<decltype(s.*count)>>(n);
    } else if (n != size(s)) {
      in.refuse("a sequence of " + std::to_string(n) + " values is not allowed (" + std::to_string(size(s)) +
                " allowed)");
    }
    for (int i = 0; i < n; ++i) m[i] = checked<element_of<M>>(in, items[i], bounds);
  }
};
template <class Count>
constexpr Pile<Count> pile(Bound lo, Bound hi, Count count) {
  return {{lo, hi}, count};
}

struct Bits {
  Bound n;
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes& z) const {
    py::list out;
    for (int i = 0; i < n.at(z); ++i) out.append(py::bool_(m >> i & 1));
    return std::move(out);
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    const int n = static_cast<int>(this->n.at(in.sizes()));
    py::sequence items = in.sequence(v, n, n);
    m = 0;
    for (int i = 0; i < n; ++i)
      if (in.boolean(items[i])) m = static_cast<M>(m | 1u << i);
  }
};
constexpr Bits bits(Bound n) { return {n}; }

// The ids whose bit is set: among order(s)[0..n) (a list in that order), or among 0..n-1 (a tuple).
template <class Order>
struct BitIds {
  Bounds bounds;
  Order order;
  Bound n;
  template <class S>
  int id(const S& s, int i) const {
    if constexpr (std::is_null_pointer_v<Order>)
      return i;
    else
      return order(s)[i];
  }
  template <class S, class M>
  py::object get(const S& s, const M& m, const Sizes& z) const {
    py::list out;
    for (int i = 0; i < n.at(z); ++i)
      if (m >> id(s, i) & 1) out.append(py::int_(id(s, i)));
    if constexpr (std::is_null_pointer_v<Order>) return py::tuple(out);
    return std::move(out);
  }
  template <class S, class M>
  void set(S& s, M& m, py::handle v, const Input& in) const {
    m = 0;
    const int n = static_cast<int>(this->n.at(in.sizes()));
    for (auto entry : in.sequence(v, 0, n)) {
      const long long value = in.integer(entry, bounds);
      bool allowed = false;
      std::string ids;
      for (int i = 0; i < n; ++i) {
        allowed |= id(s, i) == value;
        ids += (i ? ", " : "") + std::to_string(id(s, i));
      }
      if (!allowed) in.refuse(std::to_string(value) + " is not one of the ids this field may hold now (" + ids + ")");
      if (m >> value & 1) in.refuse(std::to_string(value) + " is listed twice");
      m = static_cast<M>(m | 1u << value);
    }
  }
};
template <class Order>
constexpr BitIds<Order> bit_ids(Bound lo, Bound hi, Order order, Bound n) {
  return {{lo, hi}, order, n};
}
constexpr BitIds<std::nullptr_t> bit_tuple(int n) { return {{0, n - 1}, nullptr, Bound(n)}; }

struct IdSet {
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes& z) const {
    py::list out;
    for (int c = 0; c < z.cards; ++c)
      if (m.has(c)) out.append(py::int_(c));
    return std::move(out);
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    m = M{};
    for (auto entry : in.sequence(v, 0, in.sizes().cards)) {
      const int c = static_cast<int>(in.integer(entry, {0, last(Dim::CARDS)}));
      if (m.has(c)) in.refuse("card " + std::to_string(c) + " is listed twice");
      m.add(c);
    }
  }
};
constexpr IdSet card_set() { return {}; }

struct IdRows {
  Dim rows;
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes& z) const {
    py::list out;
    for (int r = 0; r < count_of<M>(rows, z); ++r) {
      py::list row;
      for (int c = 0; c < z.cards; ++c) row.append(py::int_(m[r].has(c) ? 1 : 0));
      out.append(row);
    }
    return std::move(out);
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    const int n = count_of<M>(rows, in.sizes()), cards = in.sizes().cards;
    py::sequence items = in.sequence(v, n, n);
    for (int r = 0; r < n; ++r) {
      m[r] = element_of<M>{};
      py::sequence row = in.sequence(items[r], cards, cards);
      for (int c = 0; c < cards; ++c)
        if (in.integer(row[c], {0, 1})) m[r].add(c);
    }
  }
};
constexpr IdRows card_rows(Dim rows = Dim::ALL) { return {rows}; }

struct KeyedInts {
  Bounds bounds;
  Dim keys;
  long long absent;
  template <class S, class M>
  py::object get(const S&, const M& m, const Sizes& z) const {
    py::dict out;
    for (int i = 0; i < count_of<M>(keys, z); ++i)
      if (m[i] != absent) out[py::int_(i)] = py::int_(static_cast<long long>(m[i]));
    return std::move(out);
  }
  template <class S, class M>
  void set(S&, M& m, py::handle v, const Input& in) const {
    const int n = count_of<M>(keys, in.sizes());
    for (auto& entry : m) entry = static_cast<element_of<M>>(absent);
    for (auto entry : in.mapping(v, "{key: value}"))
      m[in.integer(entry.first, {0, n - 1})] = checked<element_of<M>>(in, entry.second, bounds);
  }
};
constexpr KeyedInts keyed_ints(Bound lo, Bound hi, Dim keys, long long absent) { return {{lo, hi}, keys, absent}; }

// One item of a record's entries: a member of the entry's struct, or an index into it.
template <class Access>
struct Part {
  Access access;
  Bounds bounds;
  template <class E>
  auto& of(E& entry) const {
    if constexpr (std::is_member_object_pointer_v<Access>)
      return entry.*access;
    else
      return entry[access];
  }
};
template <class Access>
constexpr Part<Access> part(Access access, Bound lo, Bound hi) {
  return {access, {lo, hi}};
}

template <class... Parts>
struct Entry {
  std::tuple<Parts...> parts;
  template <class E>
  py::tuple get(const E& e) const {
    return std::apply([&](const auto&... p) { return py::make_tuple(item(p.of(e))...); }, parts);
  }
  template <class E>
  void set(E& e, py::handle v, const Input& in) const {
    py::sequence items = in.sequence(v, sizeof...(Parts), sizeof...(Parts));
    int i = 0;
    std::apply(
        [&](const auto&... p) {
          ((p.of(e) = checked<std::remove_reference_t<decltype(p.of(e))>>(in, items[i++], p.bounds)), ...);
        },
        parts);
  }
};

template <class Count, class... Parts>
struct Records {
  Count count;
  Entry<Parts...> entry;
  template <class S, class M>
  py::object get(const S& s, const M& m, const Sizes&) const {
    py::list out;
    for (int i = 0; i < static_cast<int>(s.*count); ++i) out.append(entry.get(m[i]));
    return std::move(out);
  }
  template <class S, class M>
  void set(S& s, M& m, py::handle v, const Input& in) const {
    py::sequence items = in.sequence(v, 0, extent_of<M>());
    const int n = static_cast<int>(py::len(items));
    for (int i = 0; i < n; ++i) entry.set(m[i], items[i], in);
    s.*count = static_cast<std::remove_reference_t<decltype(s.*count)>>(n);
  }
};
template <class Count, class... Parts>
constexpr Records<Count, Parts...> records(Count count, Parts... parts) {
  return {count, {{parts...}}};
}

template <class Present, class... Parts>
struct KeyedRecords {
  Present present;  // the member whose bit i says entry i is there
  Dim keys;
  Entry<Parts...> entry;
  template <class S, class M>
  py::object get(const S& s, const M& m, const Sizes& z) const {
    py::dict out;
    for (int i = 0; i < count_of<M>(keys, z); ++i)
      if (s.*present >> i & 1) out[py::int_(i)] = entry.get(m[i]);
    return std::move(out);
  }
  template <class S, class M>
  void set(S& s, M& m, py::handle v, const Input& in) const {
    const int n = count_of<M>(keys, in.sizes());
    using Mask = std::remove_reference_t<decltype(s.*present)>;
    s.*present = 0;
    for (auto item : in.mapping(v, "{key: tuple}")) {
      const long long i = in.integer(item.first, {0, n - 1});
      entry.set(m[i], item.second, in);
      s.*present = static_cast<Mask>(s.*present | 1u << i);
    }
  }
};
template <class Present, class... Parts>
constexpr KeyedRecords<Present, Parts...> keyed_records(Present present, Dim keys, Parts... parts) {
  return {present, keys, {{parts...}}};
}

// ---------------------------------------------------------------- what derives from a layout
// WONDERS_LAYOUT(Name, GAME_STATE_FIELDS) defines `struct Name` whose visit(f) calls
// f(name, kind, access) for each Python field of the list in order (access(s) is the member).
#define WONDERS_LAYOUT_FIELD(name, kind, ...) field(#name, kind, [](auto& s) -> auto& { return s.name; });
#define WONDERS_LAYOUT_VIEW(name, kind, expression) field(#name, kind, [](auto& s) -> auto& { return expression; });
#define WONDERS_LAYOUT(Name, FIELDS)                    \
  struct Name {                                         \
    template <class Field>                              \
    static void visit(Field&& field) {                  \
      using namespace ::wonders::layout;                \
      FIELDS(WONDERS_LAYOUT_FIELD, WONDERS_LAYOUT_VIEW) \
    }                                                   \
  }

template <class Layout, class F>
void for_each_field(F&& f) {
  Layout::visit([&](const char* name, const auto& kind, auto access) {
    if constexpr (!std::is_same_v<std::decay_t<decltype(kind)>, Internal>) f(name, kind, access);
  });
}

// The names of the Python fields, in the layout's order.
template <class Layout>
std::vector<std::string> field_names() {
  std::vector<std::string> names;
  for_each_field<Layout>([&](const char* name, const auto&, auto) { names.emplace_back(name); });
  return names;
}

// Every field of `s` as plain Python values (numpy arrays as lists).
template <class Layout, class State>
py::dict export_state(const State& s, const Sizes& z) {
  py::dict out;
  for_each_field<Layout>([&](const char* name, const auto& kind, auto access) {
    py::object value = kind.get(s, access(s), z);
    out[name] = py::isinstance<py::array>(value) ? value.attr("tolist")() : value;
  });
  return out;
}

// Every field of `values` read into `s` (a new State: the caller drops it on error), each checked.
template <class Layout, class State>
void import_fields(State& s, const py::dict& values, const Sizes& z) {
  for_each_field<Layout>([&](const char* name, const auto& kind, auto access) {
    const Input in(name, z);
    if (!values.contains(name)) in.refuse("missing (every field of the layout must be given)");
    kind.set(s, access(s), values[name], in);
  });
}

// One read-only property per field on the State's class; sizes(s) gives the sizes a state reads with.
template <class Layout, class State, class Class, class SizesOf>
void bind_view(Class& cls, SizesOf sizes) {
  for_each_field<Layout>([&](const char* name, const auto& kind, auto access) {
    cls.def_property_readonly(name, [kind, access, sizes](const State& s) { return kind.get(s, access(s), sizes(s)); });
  });
}

}  // namespace wonders::layout
