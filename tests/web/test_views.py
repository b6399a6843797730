"""The view modules in every phase of many random games: the moves listed are exactly the legal
actions, each with a target the page draws, and the table is JSON at every step."""

from __future__ import annotations

import json

import numpy as np
import pytest

from wonders_web import duel_view, seven_wonders_view


def drawn_targets(view_module, table: dict) -> set[str]:
    """The clickable targets the page draws for a table (see static/app.js)."""
    if view_module is duel_view:
        targets = {f"draft-{w['id']}" for w in table["draft"]}
        targets |= {f"slot-{s['card']['id']}" for s in table["structure"] if "card" in s}
        targets |= {f"token-{t['id']}" for t in table["board_tokens"]}
        targets |= {f"library-{t['id']}" for t in table["library_offer"]}
        targets |= {f"discard-{c['id']}" for c in table["discard"]}
        targets |= {f"city-{p}-{c['id']}" for p, city in enumerate(table["cities"]) for c in city["cards"]}
        pantheon = table.get("pantheon")
        if pantheon:  # the spaces with a face-up divinity, the items of the decision's panel
            targets |= {f"space-{s['space']}" for s in pantheon["spaces"] if s["face_up"] and "divinity" in s}
            targets |= {item["target"] for item in (pantheon["choice"] or {}).get("items", [])}
        return targets | {"starter"}
    return {f"hand-{c['id']}" for c in table["hand"]} | {"payment"}


@pytest.mark.parametrize("view_module, options, games", [
    (duel_view, {}, 12),
    (duel_view, {"expansions": "pantheon", "engine": "python"}, 12),
    (duel_view, {"expansions": "pantheon"}, 6),  # on the compiled core, the default engine
    (seven_wonders_view, {"num_players": 2}, 3),
    (seven_wonders_view, {"num_players": 3, "wonder_sides": "B"}, 3),
    (seven_wonders_view, {"num_players": 7, "edition": "2nd"}, 2),
    (seven_wonders_view, {"num_players": 3, "payment": "choose"}, 2),
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
    pantheon = {"space Activate", "choice Place", "choice Put"} if options.get("expansions") else set()
    expected = ({"draft Take", "slot Build", "slot Discard", "token Take", "city Destroy",
                 "discard Build", "library Keep", "starter Start", "starter Let"} | pantheon if view_module is duel_view
                else {"hand Build", "hand Build stage", "hand Discard"}
                | ({"payment Pay"} if options.get("payment") == "choose" else set()))
    assert expected <= kinds  # every kind of decision was drawn and listed


def test_a_game_without_a_board_is_refused_with_the_games_that_have_one(monkeypatch):
    from wonders_web import games
    monkeypatch.delitem(games.GAME_VIEWS, "seven_wonders_duel")
    with pytest.raises(ValueError, match="the web app has no board for seven_wonders_duel yet; games with one: "
                                         "seven_wonders"):
        games.game_view("duel")
