// How a game's declared state layout (core/<game>/state_layout.hpp) declares its State: the part
// of the layout the rules compile with (no Python here; common/state_layout.hpp is the bindings').
//
// A layout is one X-macro list of field lines:
//   #define GAME_STATE_FIELDS(FIELD, VIEW)
//     FIELD(name, kind, type)       the member `type name{}` of State; unless kind is internal(), also
//                                   the Python state's field `name`, converted as `kind` says
//     VIEW(name, kind, expression)  a Python field read from members declared otherwise (`s`: the State)
// `struct State { WONDERS_STATE_MEMBERS(GAME_STATE_FIELDS) ... };` declares the members (a plain
// value: copying a State clones the game); the bindings expand the same list into the export, the
// checked import and the view's getters (WONDERS_LAYOUT, common/state_layout.hpp).
#pragma once
#include <cstddef>

namespace wonders {

// C arrays under a name that fits a field line (the type is the line's last argument).
template <class T, std::size_t N>
using CArray = T[N];
template <class T, std::size_t R, std::size_t C>
using CTable = T[R][C];

}  // namespace wonders

#define WONDERS_STATE_MEMBER(name, kind, ...) __VA_ARGS__ name{};
#define WONDERS_STATE_NO_MEMBER(name, kind, expression)
#define WONDERS_STATE_MEMBERS(FIELDS) FIELDS(WONDERS_STATE_MEMBER, WONDERS_STATE_NO_MEMBER)
