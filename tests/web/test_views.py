"""The view modules in every phase of many random games: the moves listed are exactly the legal
actions, each with a target the page draws, and the table is JSON at every step."""

from __future__ import annotations

import json

import numpy as np
import pytest

from wonders_env.duel import pantheon
from wonders_env.duel.state import EMPTY, Choice, Phase
from wonders_web import duel_view, seven_wonders_view


def drawn_targets(view_module, table: dict) -> set[str]:
    """The clickable targets the page draws for a table (see static/app.js)."""
    if view_module is duel_view:
        targets = {f"draft-{w['id']}" for w in table["draft"]}
        targets |= {f"slot-{s['card']['id']}" for s in table["structure"] if "card" in s}
        targets |= {f"back-{s['slot']}" for s in table["structure"] if "back" in s}
        targets |= {f"token-{t['id']}" for t in table["board_tokens"]}
        targets |= {f"library-{t['id']}" for t in table["library_offer"]}
        targets |= {f"discard-{c['id']}" for c in table["discard"]}
        targets |= {f"city-{p}-{c['id']}" for p, city in enumerate(table["cities"]) for c in city["cards"]}
        pantheon = table.get("pantheon")
        if pantheon:  # the spaces with a face-up divinity, the items of the decision's panel
            targets |= {f"space-{s['space']}" for s in pantheon["spaces"] if s["face_up"] and "divinity" in s}
            targets |= {item["target"] for item in (pantheon["choice"] or {}).get("items", [])}
        senate = table.get("senate")
        if senate:  # Agora: the chambers, each seat's cubes in them, the conspiracies held or drawn, the wonders
            # and progress tokens of the cities, the items of the decision's list
            targets |= {f"chamber-{c['chamber']}" for c in senate["chambers"]}
            targets |= {f"cubes-{p}-{c['chamber']}" for c in senate["chambers"] for p in (0, 1)}
            targets |= {f"conspiracy-{c['id']}" for player in senate["players"] for c in player.get("own", [])}
            targets |= {f"conspiracy-{c['id']}" for c in senate["drawn"]}
            targets |= {f"wonder-{w['id']}" for city in table["cities"] for w in city["wonders"]}
            targets |= {f"token-{t['id']}" for city in table["cities"] for t in city["progress_tokens"]}
            targets |= {item["target"] for item in (senate["choice"] or {}).get("items", [])}
        return targets | {"starter"}
    targets = {f"hand-{c['id']}" for c in table["hand"]} | {"payment"}
    if "leader_hand" in table:  # Leaders: the seat's draft and Leader hands, every city's recruited leaders
        targets |= {f"leader-{leader['id']}" for leader in table["draft_hand"] + table["leader_hand"]}
        targets |= {f"recruited-{leader['id']}" for city in table["cities"] for leader in city["leaders"]["recruited"]}
    return targets


LEADERS = {"num_players": 4, "expansions": "leaders", "engine": "python"}
AGORA = {"expansions": "agora", "engine": "python"}
BOTH = {"expansions": "pantheon,agora", "engine": "python"}


@pytest.mark.parametrize("view_module, options, games", [
    (duel_view, {}, 12),
    (duel_view, {"expansions": "pantheon", "engine": "python"}, 12),
    (duel_view, AGORA, 10),
    (duel_view, BOTH, 12),
    (duel_view, {"expansions": "pantheon"}, 6),  # on the compiled core, the default engine
    (seven_wonders_view, {"num_players": 2}, 3),
    (seven_wonders_view, {"num_players": 3, "wonder_sides": "B"}, 3),
    (seven_wonders_view, {"num_players": 7, "edition": "2nd"}, 2),
    (seven_wonders_view, {"num_players": 3, "payment": "choose"}, 2),
    (seven_wonders_view, LEADERS, 2),
    (seven_wonders_view, {**LEADERS, "num_players": 3, "payment": "choose"}, 1),
])
def test_the_moves_are_the_legal_actions_with_a_drawn_target(view_module, options, games):
    rng = np.random.default_rng(0)
    kinds = set()
    for seed in range(games):
        env = view_module.new_env(options)
        env.reset(seed=seed)
        while view_module.acting_agents(env):
            agent = env.agent_selection
            seat = int(agent.rsplit("_", 1)[1])
            table = view_module.table(env, seat)
            json.dumps(table)
            moves = view_module.moves(env, seat)
            legal = set(map(int, np.flatnonzero(env.observe(agent)["action_mask"])))
            assert {m["action"] for m in moves} == legal
            assert {m["target"] for m in moves} <= drawn_targets(view_module, table)
            kinds |= {f"{m['target'].split('-')[0]} {m['label'].split()[0]}"
                      + (" stage" if m["label"].split()[1] == "stage" else "") for m in moves}
            env.step(moves[rng.integers(len(moves))]["action"])
    expansions = options.get("expansions", "")
    pantheon = {"space Activate", "choice Place", "choice Put"} if "pantheon" in expansions else set()
    agora = {"slot Recruit", "chamber Place", "chamber Remove", "cubes Move", "conspiracy Keep", "choice Put",
             "choice Conspire:", "choice Take", "slot Take", "conspiracy Prepare", "conspiracy Trigger"}
    agora = agora if "agora" in expansions else set()
    expected = ({"draft Take", "slot Build", "slot Discard", "token Take", "city Destroy",
                 "discard Build", "library Keep", "starter Start", "starter Let"} | pantheon | agora
                if view_module is duel_view
                else {"hand Build", "hand Build stage", "hand Discard"}
                | ({"payment Pay"} if options.get("payment") == "choose" else set())
                | ({"leader Keep", "leader Recruit", "leader Build stage", "leader Discard"}
                   if options.get("expansions") == "leaders" else set()))
    assert expected <= kinds  # every kind of decision was drawn and listed


def test_a_game_without_a_board_is_refused_with_the_games_that_have_one(monkeypatch):
    from wonders_web import games
    monkeypatch.delitem(games.GAME_VIEWS, "seven_wonders_duel")
    with pytest.raises(ValueError, match="the web app has no board for seven_wonders_duel yet; games with one: "
                                         "seven_wonders"):
        games.game_view("duel")


def test_the_leaders_decisions_after_a_turn_are_drawn_where_they_are_played():
    """The Courtesans Guild's copy is played on a neighbour's recruited leader, Roma B's recruit at
    once on a leader of the seat's Leader hand with its price to the bank; random games until both
    were met."""
    rng = np.random.default_rng(1)
    met = set()
    for seed in range(60):
        env = seven_wonders_view.new_env({**LEADERS, "wonders": ["Roma", "Olympia", "Giza", "Rhodes"],
                                          "wonder_sides": ["B", "A", "A", "A"]})
        env.reset(seed=seed)
        while seven_wonders_view.acting_agents(env) and met != {"copy_leader", "recruit_now"}:
            seat = int(env.agent_selection.rsplit("_", 1)[1])
            state, table = env.unwrapped.state, seven_wonders_view.table(env, seat)
            moves = seven_wonders_view.moves(env, seat)
            if seven_wonders_view.phase(env) == "copy_leader":
                copyable = {f"recruited-{leader['id']}" for neighbour in (state.left_of(seat), state.right_of(seat))
                            for leader in table["cities"][neighbour]["leaders"]["recruited"]}
                assert {m["target"] for m in moves} <= copyable and all(m["label"].startswith("Copy ") for m in moves)
                met.add("copy_leader")
            if seven_wonders_view.phase(env) == "recruit_now":
                hand = {f"leader-{leader['id']}" for leader in table["leader_hand"]}
                assert moves and {m["target"] for m in moves} <= hand
                assert all(m["label"].startswith("Recruit ") and m["price"]["left"] == m["price"]["right"] == 0
                           for m in moves)
                met.add("recruit_now")
            env.step(moves[rng.integers(len(moves))]["action"])
        if met == {"copy_leader", "recruit_now"}:
            return
    pytest.fail(f"60 random games met only {sorted(met)} of the Courtesans copy and Roma B's recruit at once")


def test_zeus_is_played_on_the_structure_and_names_a_face_down_card_by_its_slot():
    env = duel_view.new_env({"expansions": "pantheon", "engine": "python"})
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    while env.unwrapped.state.phase != Phase.PLAY:
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    state = env.unwrapped.state.clone()
    seat = state.current
    pantheon.activate_divinity(state, seat, state.db.pantheon.divinity_ids["Zeus"])
    env.unwrapped.state = state
    assert state.pantheon.choice == Choice.ZEUS_CARD
    table = duel_view.table(env, seat)
    moves = duel_view.moves(env, seat)
    face_down = [s for s in range(len(state.slot_card)) if state.slot_card[s] != EMPTY and not state.face_up[s]]
    assert face_down and table["pantheon"]["choice"]["items"] == []  # no panel: the structure is clicked
    assert {m["target"] for m in moves} == {f"back-{s}" for s in face_down} | {
        f"slot-{c}" for s, c in enumerate(state.slot_card) if c != EMPTY and state.face_up[s]}
    assert {m["target"] for m in moves} <= drawn_targets(duel_view, table)
    hidden = {state.db.cards[state.slot_card[s]].name for s in face_down}
    assert not any(name in m["label"] for m in moves for name in hidden)
    assert f"Discard the face-down Age I card of slot {face_down[0] + 1} with Zeus" in {m["label"] for m in moves}
