"""No hidden information reaches the browser: checked on the JSON the server sends.

Two checks at many points of real games, for every seat and for a spectator:

* changing only what the seat cannot see (the engine's ``determinize`` redraws it) leaves the
  JSON the server sends unchanged;
* no card name (or Duel wonder or progress token) that exists only in hidden places (other
  hands, decks, the box, face-down cards, cards under wonder stages, cards others sold) appears
  as a value anywhere in that JSON; and the sentence of each news item is the one its values
  sent give (a sentence holds no name that its item's values do not).
"""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env.duel.actions import ActionKind, Item, action_table
from wonders_env.duel.cards import NONE
from wonders_env.duel.pantheon import CHOICE_ITEM
from wonders_env.duel.state import BOARD_TOKENS, EMPTY, WONDERS_PER_ROUND, Phase
from wonders_env.seven_wonders.state import rules_of

from wonders_web.games import GAME_VIEWS

from web_helpers import new_game, play_turn


PRINTED = ("chain_from", "chain_to")  # names printed on a card (7 Wonders chains): not the card itself


def strings_in(value) -> set[str]:
    """Every string value in a JSON document (card names are sent only as whole values), but
    the chain names printed on the cards."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for k, v in value.items() if k not in PRINTED)) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def seat_json(client, game_id: str, seat) -> dict:
    response = client.get(f"/api/games/{game_id}", params={"seat": "" if seat is None else seat, "tab": "tests"})
    assert response.status_code == 200, response.text
    return response.json()


def swap_hidden(client, game_id: str, seat, rng):
    """Replace the session's state by a determinization for ``seat`` (a spectator of Duel: for seat 0
    then seat 1, which redraws what either seat alone knows, such as its conspiracies; in 7 Wonders
    a spectator sees less than any seat: seat 0's); returns the true state, to put back with
    :func:`put_back` (a determinization for one seat may redraw what another seat knows)."""
    session = client.app.state.store.get(game_id)
    with session.lock:
        state = session.env.unwrapped.state.clone()
        if hasattr(state, "determinize"):  # Duel
            twin = state.determinize(seat or 0, rng)
            session.env.unwrapped.state = twin.determinize(1, rng) if seat is None else twin
        else:  # 7 Wonders: the env's engine
            session.env.unwrapped.state = session.env.unwrapped.game.determinize(state, seat or 0, rng)
    return state


def put_back(client, game_id: str, state) -> None:
    session = client.app.state.store.get(game_id)
    with session.lock:
        session.env.unwrapped.state = state


def duel_hidden_names(state, seat) -> set[str]:
    """Names that only hidden places hold in a Duel state (with Pantheon: the divinities of the
    decks and those the other seat placed face down)."""
    CARDS, WONDERS, PROGRESS_TOKENS = state.db.cards, state.db.wonders, state.db.progress_tokens  # noqa: N806
    hidden = {CARDS[state.slot_card[s]].name for s in range(len(state.slot_card))
              if state.slot_card[s] != EMPTY and not state.face_up[s]}
    for age in range(3):
        hidden |= {CARDS[c].name for c in state.boxed[age]}
        if age + 1 > state.age:
            hidden |= {CARDS[c].name for c in state.deals[age]}
    shown_wonders = state.wonder_order[:2 * WONDERS_PER_ROUND] if state.draft_step >= WONDERS_PER_ROUND \
        else state.wonder_order[:WONDERS_PER_ROUND]
    hidden |= {WONDERS[w].name for w in state.wonder_order if w not in shown_wonders}
    offered = state.library_offer if seat == state.current else []
    hidden |= {PROGRESS_TOKENS[t].name for t in state.token_order[BOARD_TOKENS:] if t not in offered
               and not any(state.player_tokens[p] >> t & 1 for p in (0, 1))}
    public = {CARDS[c].name for c in state.discard} | {CARDS[c].name for p in (0, 1) for c in state.city[p]}
    public |= {CARDS[state.slot_card[s]].name for s in range(len(state.slot_card))
               if state.slot_card[s] != EMPTY and state.face_up[s]}
    if state.db.pantheon is not None:
        divinities, pantheon = state.db.pantheon.divinities, state.pantheon
        hidden |= {divinities[d].name for deck in pantheon.decks for d in deck}
        hidden |= {divinities[d].name for space, d in enumerate(pantheon.spaces)
                   if d != EMPTY and not pantheon.space_face_up[space] and pantheon.placed_by[space] != seat}
        if seat == state.current and state.phase == Phase.CHOOSE and CHOICE_ITEM.get(pantheon.choice) is Item.DIVINITY:
            hidden -= {divinities[d].name for d in pantheon.options}  # the seat choosing among them sees them
        public |= {divinities[d].name for space, d in enumerate(pantheon.spaces)
                   if d != EMPTY and (pantheon.space_face_up[space] or pantheon.placed_by[space] == seat)}
        public |= {divinities[d].name for p in (0, 1) for d in pantheon.activated[p]}
        public |= {PROGRESS_TOKENS[t].name for t in pantheon.enki_tokens}  # face up on Enki
    if state.db.agora is not None:
        hidden |= agora_hidden_names(state, seat)
        conspiracies, senate = state.db.agora.conspiracies, state.agora
        public |= {conspiracies[c].name for p in (0, 1) for c in senate.triggered[p]}
        public |= {state.db.agora.decrees[d].name for chamber, decrees in enumerate(senate.decrees)
                   if senate.decree_face_up[chamber] for d in decrees}
    if seat is not None and (state.db.pantheon is not None or state.db.agora is not None):
        acts = action_table(state.db)  # what the seat chose itself (a divinity it put back on its deck)
        public |= {acts.item_name(action - acts.choose) for player, action, *_ in state.log
                   if player == seat and acts.decode(action)[0] is ActionKind.CHOOSE}
    if state.db.agora is not None and seat == state.current and state.agora.choice != NONE:
        public |= {action_table(state.db).item_name(index) for index in state.agora.options}  # the seat decides
    return hidden - public


def agora_hidden_names(state, seat) -> set[str]:
    """What Agora hides from ``seat`` (None: a spectator): the conspiracy deck, the other seat's
    conspiracies and those it drew, the cards under them, the face-down decrees and those never dealt."""
    tables, senate = state.db.agora, state.agora
    hidden = {tables.conspiracies[c].name for c in senate.conspiracy_deck}
    hidden |= {tables.conspiracies[c].name for p in (0, 1) if p != seat for c in senate.conspiracies[p]}
    if seat != state.current:
        hidden |= {tables.conspiracies[c].name for c in senate.drawn}
    return hidden | {tables.decrees[d].name for d in range(tables.num_decrees)}


def seven_wonders_hidden_names(state, seat) -> set[str]:
    """Names that only hidden places hold in a 7 Wonders state, for ``seat`` (None: a spectator)."""
    db = state.db
    name = lambda card: db.types[db.cards[card].type].name  # noqa: E731
    hidden = {name(c) for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= {name(c) for deck in state.decks.values() for c in deck}
    hidden |= {name(c) for c in state.box + state.free_city_pile + state.discard}
    hidden |= {name(c) for s, cards in enumerate(state.stage_cards) if s != seat for c in cards}
    public = {name(c) for cards in state.built for c in cards}
    if seat is not None:
        game = rules_of(state)  # the rules of the state's engine (the core's, or the Python engine's)
        public |= {name(c) for c in state.hands[seat]}
        if seat in game.acting_seats(state):
            public |= {name(c) for c in game.hand_for_decision(state, seat)}
        public |= {entry["card"] for entry in state.log if entry["agent"] == f"player_{seat}"}
    if db.num_leaders:
        hidden |= leaders_hidden_names(state, seat)
        public |= {db.leaders[leader].name for leaders in state.recruited for leader in leaders}
        public |= {db.leaders[leader].name for leader in state.copied_leader if leader >= 0}
    return hidden - public


def leaders_hidden_names(state, seat) -> set[str]:
    """The leaders ``seat`` cannot see: the unused ones, the other seats' draft and Leader hands and
    the leaders they put under their stages or discarded (a spectator: every seat's)."""
    name = state.db.leaders.__getitem__
    others = [s for s in range(state.num_players) if s != seat]
    places = [state.leader_deck] + [getattr(state, field)[s] for s in others
                                     for field in ("draft_hands", "leader_hands", "stage_leaders", "leader_discards")]
    return {name(leader).name for place in places for leader in place}


@pytest.mark.parametrize("game, options, seats", [
    ("seven_wonders_duel", {}, 2),
    ("seven_wonders_duel", {"expansions": "pantheon", "engine": "python"}, 2),
    ("seven_wonders_duel", {"expansions": "agora", "engine": "python"}, 2),
    ("seven_wonders_duel", {"expansions": "pantheon,agora", "engine": "python"}, 2),
    ("seven_wonders_duel", {"expansions": "agora"}, 2),  # the default engine: the core's state view
    ("seven_wonders_duel", {"expansions": "pantheon,agora"}, 2),
    ("seven_wonders", {"num_players": 3}, 3),
    ("seven_wonders", {"num_players": 2}, 2),
    ("seven_wonders", {"num_players": 4, "edition": "2nd", "wonder_sides": "B"}, 4),
    ("seven_wonders", {"num_players": 3, "payment": "choose"}, 3),
    ("seven_wonders", {"num_players": 4, "expansions": "leaders", "engine": "python"}, 4),
])
def test_the_json_sent_holds_no_hidden_information(client, game, options, seats):
    game_id = new_game(client, game, ["human"] * seats, options, seed=11)
    rng = np.random.default_rng(5)
    hidden_names = duel_hidden_names if game == "seven_wonders_duel" else seven_wonders_hidden_names
    checked = 0
    view = seat_json(client, game_id, None)
    while not view["over"]:
        state = client.app.state.store.get(game_id).env.unwrapped.state
        for seat in [None, *range(seats)]:
            sent = seat_json(client, game_id, seat)
            leaked = hidden_names(state, seat) & strings_in(sent)
            assert not leaked, f"hidden names sent to seat {seat}: {sorted(leaked)}"
            for shown in sent["events"]:
                values = {key: value for key, value in shown.items() if key != "text"}
                assert GAME_VIEWS[game].event(values, seat)["text"] == shown["text"], shown
            if checked % 5 == 0 and (seat is not None or game == "seven_wonders_duel"):
                true_state = swap_hidden(client, game_id, seat, rng)
                assert seat_json(client, game_id, seat) == sent, "the JSON depends on hidden information"
                put_back(client, game_id, true_state)
        checked += 1
        view = play_turn(client, game_id, rng)
    assert checked > 15


def test_a_leaders_seat_is_sent_its_own_leaders_and_only_counts_of_the_others(client):
    """In the draft a seat gets its 4-leader draft hand, a spectator no hand; every city shows its
    recruited leaders and how many lie in its hand, under its stages and discarded: no field names them."""
    game_id = new_game(client, "seven_wonders", ["human"] * 4,
                       {"num_players": 4, "expansions": "leaders", "engine": "python"}, seed=3)
    seat = seat_json(client, game_id, 0)["table"]
    spectator = seat_json(client, game_id, None)["table"]
    assert seat["phase"] == "leader_draft" and len(seat["draft_hand"]) == 4 and seat["leader_hand"] == []
    assert {m["target"] for m in seat_json(client, game_id, 0)["moves"]} == {f"leader-{x['id']}"
                                                                            for x in seat["draft_hand"]}
    assert all(spectator[own] == [] for own in ("draft_hand", "leader_hand", "my_stage_leaders", "my_leader_discards"))
    for table in (seat, spectator):
        for city in table["cities"]:
            assert city["leaders"] == {"recruited": [], "copied": None, "in_hand": 0, "under_stages": 0,
                                       "discarded": 0, "hidden_text": "0 leaders in hand, 0 under stages, 0 discarded"}
