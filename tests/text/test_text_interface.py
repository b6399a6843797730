"""The text API: the same game as the env for the same seed and moves, the same text through the
PettingZoo wrapper, bad moves refused with the legal moves listed, and bad input."""

from __future__ import annotations

import dataclasses
import json
import re

import numpy as np
import pytest
from pettingzoo.test import api_test

import wonders_env
from wonders_env import registry, text
from wonders_env.seven_wonders import presentation

GAMES = [("seven_wonders_duel", {}), ("seven_wonders", {"num_players": 3}),
         ("seven_wonders", {"num_players": 2, "payment": "choose"}),
         ("seven_wonders", {"num_players": 7, "edition": "2nd", "wonder_sides": "B"})]
IDS = ["duel", "7w-3p", "7w-2p-choose", "7w-2nd-7p-B"]


@pytest.mark.parametrize("game_name, options", GAMES, ids=IDS)
def test_the_text_game_the_env_and_the_wrapped_env_play_the_same_game(game_name, options):
    seed = 11
    game = text.make(game_name, **options)
    game.reset(seed=seed)
    env = wonders_env.make(game_name, **options)  # the env itself, as anyone makes it
    env.reset(seed=seed)
    wrapped = text.TextWrapper(wonders_env.make(game_name, **options))
    wrapped.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = False
    while not done:
        agent, observation = game.get_observation()
        moves = game.legal_moves()
        assert agent == env.agent_selection == wrapped.agent_selection
        env_observation = env.observe(agent)
        assert np.array_equal(env_observation["observation"], game.env.observe(agent)["observation"])
        assert len(moves) == int(env_observation["action_mask"].sum())
        *_, info = wrapped.last()
        assert info["text"] == observation and info["moves"] == moves
        assert observation.endswith("\n".join(f"{n}. {move}" for n, move in enumerate(moves, 1)))
        number = int(rng.integers(len(moves))) + 1
        done, step_info = game.step(str(number))
        assert step_info["move"] == moves[number - 1]
        env.step(step_info["action"])
        wrapped.step(moves[number - 1])  # the wrapper takes the move's name
    assert game.game_record() == env.unwrapped.game_record() == wrapped.unwrapped.game_record()
    assert game.game_record()["finished"]
    json.dumps(game.game_record())
    winner, final = game.get_observation()
    assert winner is None and "points" in final
    assert step_info["winners"] == game.game_record()["winners"]
    assert step_info["rewards"] == env.unwrapped.rewards
    assert game.legal_moves() == []


def test_a_bad_move_raises_listing_the_legal_moves_and_changes_nothing():
    game = text.make("seven_wonders", num_players=4)
    game.reset(seed=2)
    before = game.get_observation(), game.legal_moves(), game.game_record()
    moves = before[1]
    for bad, reason in (("Build the Colossus of Nowhere", "names no legal move"),
                        ("0", "there is no move 0"), (str(len(moves) + 1), f"there is no move {len(moves) + 1}"),
                        ("Discard", "starts"), ("", "names no legal move"), (None, "must be a string or a number")):
        with pytest.raises(text.IllegalMoveError, match=reason) as caught:
            game.step(bad)
        assert isinstance(caught.value, ValueError)
        assert caught.value.moves == moves
        assert all(f"{n}. {move}" in str(caught.value) for n, move in enumerate(moves, 1))
        assert (game.get_observation(), game.legal_moves(), game.game_record()) == before


def test_a_huge_move_number_or_reply_is_an_illegal_move_quoted_short():
    """Numbers of any length are illegal moves (int() refuses more than 4,300 digits), in the text
    step, the wrapper and parse_move; an error quotes at most 100 characters of what it was given."""
    game = text.make("duel")
    game.reset(seed=5)
    wrapped = text.TextWrapper(wonders_env.make("duel"))
    wrapped.reset(seed=5)
    moves, before = game.legal_moves(), game.game_record()
    huge = "7" * 5000
    for step in (game.step, wrapped.step, lambda move: text.parse_move(move, moves)):
        for bad in (huge, f"MOVE {huge}", f"{huge}. Build", "0" * 5000 + "1" + huge):
            with pytest.raises(text.IllegalMoveError, match="no move of 500[01] digits|names no legal move") as caught:
                step(bad)
            assert len(caught.value.reason) < 200 and caught.value.reason.endswith(
                ("numbered 1 to " + str(len(moves)), "names no legal move"))
    assert text.parse_move("0" * 5000 + "2", moves) == 1  # leading zeros are no digits of the number
    for number in (10**5000, -(10**5000), np.int64(2**62)):
        with pytest.raises(text.IllegalMoveError, match=f"there is no move that large, the moves are numbered 1 to "
                                                        f"{len(moves)}"):
            text.parse_move(number, moves)
    with pytest.raises(text.IllegalMoveError) as caught:
        game.step("x" * 1_000_000)
    assert caught.value.reason == f"'{'x' * 47}...{'x' * 48}' names no legal move"
    with pytest.raises(text.IllegalMoveError, match=r"must be a string or a number, got \[0, 0, 0, 0, 0, 0, ...\]"):
        game.step([0] * 1_000_000)
    assert game.game_record() == before


def test_moves_by_number_name_prefix_or_numbered_name():
    game = text.make("duel")
    game.reset(seed=5)
    moves = game.legal_moves()
    name = moves[2]
    assert text.parse_move(name, moves) == 2
    assert text.parse_move(f"  {name.lower()}. ", moves) == 2
    assert text.parse_move(f"3. {name}", moves) == 2
    assert text.parse_move(3, moves) == 2
    unique = next(name[:k] for k in range(1, len(name) + 1)
                  if sum(m.casefold().startswith(name[:k].casefold()) for m in moves) == 1)
    assert text.parse_move(unique, moves) == 2
    with pytest.raises(text.IllegalMoveError, match="no move 3"):
        text.parse_move("3", moves[:2])
    done, info = game.step(unique)
    assert info["move"] == name and not done


def test_a_game_the_text_interface_does_not_cover_and_other_bad_input(monkeypatch):
    game = text.make("duel")
    with pytest.raises(RuntimeError, match="call reset"):
        game.get_observation()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        text.make("chess")
    with pytest.raises(ValueError, match="num_players must be one of 2, 3, 4, 5, 6, 7"):
        text.make("seven_wonders", num_players=9)
    uncovered = dataclasses.replace(registry.GAMES["seven_wonders_duel"], text=None)
    monkeypatch.setitem(registry.GAMES, "seven_wonders_duel", uncovered)
    with pytest.raises(ValueError, match="does not cover seven_wonders_duel; it covers seven_wonders"):
        text.make("duel")


def test_the_rules_summary_of_each_game():
    assert "3 Ages of 6 turns" in text.rules("seven_wonders")
    assert "structure" in text.rules("duel")


@pytest.mark.parametrize("game", [name for name, entry in registry.GAMES.items() if entry.text])
def test_every_expansion_has_its_rules_after_the_games(game):
    for expansion in registry.entry(game).expansions:
        summary = text.rules(game, (expansion,))
        assert summary.startswith(text.rules(game) + "\n\n") and len(summary) > len(text.rules(game)) + 200
        assert text.make(game, expansions=(expansion,), engine="python").rules == summary
    with pytest.raises(ValueError, match="unknown expansion 'cities'"):
        text.rules(game, ("cities",))


MOVE_FOR_THE_FREE_CITY = re.compile(r"Age \d\.\d+: \S+ .* for the Free City( \(paid .*\))?$")


def test_moves_made_for_the_free_city_say_so():
    game = text.make("seven_wonders", num_players=2)
    game.reset(seed=4)
    rng = np.random.default_rng(1)
    lines = set()
    done = False
    while not done:
        _, observation = game.get_observation()
        lines |= {line for line in observation.splitlines() if MOVE_FOR_THE_FREE_CITY.match(line)}
        done, _ = game.step(str(int(rng.integers(len(game.legal_moves()))) + 1))
    assert any(line.split(": ", 1)[1].startswith("you ") for line in lines)
    assert any(line.split(": ", 1)[1].startswith("player_") for line in lines)  # the other holder's


@pytest.mark.parametrize("game_name, options", GAMES[:2], ids=IDS[:2])
def test_the_wrapped_env_passes_pettingzoos_api_test(game_name, options):
    wrapped = text.TextWrapper(wonders_env.make(game_name, **options))
    api_test(wrapped, num_cycles=100)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    assert wrapped.last()[4] == wrapped.infos[agent] and "text" in wrapped.infos[agent]


@pytest.mark.parametrize("engine", ["core", "python"])
def test_a_card_choice_lists_the_cards_it_chooses_from(engine):
    """A Duel decision that picks a card outside the structure (the Mausoleum's discard pile, the
    opponent's card a destroy takes) lists exactly the cards its moves name, with their effects;
    other decisions list none."""
    from wonders_env.duel import presentation
    from wonders_env.duel.actions import ActionKind, decode_action
    from wonders_env.duel.cards import BASE
    from wonders_env.duel.state import Phase
    choices = {Phase.MAUSOLEUM: ActionKind.MAUSOLEUM, Phase.DESTROY: ActionKind.DESTROY}
    seen = set()
    for seed in range(200):
        game = text.make("seven_wonders_duel", engine=engine)
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            env = game.env
            _, observation = game.get_observation()
            lines = observation.splitlines()
            listed = []
            if "The cards you choose from:" in lines:
                for line in lines[lines.index("The cards you choose from:") + 1:]:
                    if not line.startswith("- "):
                        break
                    listed.append(line)
            phase = env.unwrapped.state.phase
            if phase in choices:
                seen.add(phase)
                legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
                chosen = sorted(index for kind, index, _ in map(decode_action, legal) if kind is choices[phase])
                assert len(listed) == len(chosen) > 0
                for card, line in zip(chosen, listed):
                    assert line.startswith(f"- {BASE.cards[card].name} ({presentation.card_text(BASE, card)}")
            else:
                assert not listed, (phase, observation)
            done, _ = game.step(str(int(rng.integers(len(game.legal_moves()))) + 1))
        if seen == set(choices):
            return
    pytest.fail(f"200 random games reached only {sorted(seen)}")


def test_the_pantheon_table_in_text_shows_the_pantheon_and_names_every_move():
    game = text.make("duel", expansions=("pantheon",), engine="python")
    game.reset(seed=3)
    seen_pantheon_moves = set()
    while not game.done:
        _, observation = game.get_observation()
        assert "Pantheon (the price of a space" in observation and "mythology decks:" in observation
        moves = game.legal_moves()
        seen_pantheon_moves |= {move.split()[0] for move in moves if "(" in move and move.startswith(("Place", "Put"))}
        assert not any(move.startswith("Choose") for move in moves)  # every set has its own wording
        game.step(1 + len(moves) // 2)
    assert {"Place", "Put"} <= seen_pantheon_moves
    assert "Game over" in game.get_observation()[1]
    assert game.game_record()["expansions"] == ["pantheon"]


def test_the_leaders_table_in_text_shows_the_leader_hands_the_recruited_leaders_and_roma():
    """A seat reads its draft hand in the draft and its Leader hand after it, each leader with its
    cost and effect; every city's recruited leaders and its hidden ones counted; Roma's board."""
    game = text.make("7w", num_players=3, expansions=("leaders",), engine="python", wonders=["Roma", "Giza", "Rhodes"],
                     wonder_sides="B")
    game.reset(seed=1)
    db = game.env.unwrapped.db
    _, observation = game.get_observation()
    state = game.env.unwrapped.state
    draft = state.draft_hands[0]
    assert "Your draft hand (keep one leader, pass the others to the right) (4):" in observation
    assert all(f"- {db.leaders[leader].name} (costs " in observation for leader in draft)
    assert "the board itself: leaders cost you 2 coins less; leaders cost both neighbours 1 coin less" in observation
    assert observation.count("0 leaders in hand, 0 under stages, 0 discarded") == 3
    others = {db.leaders[leader].name for seat in (1, 2) for leader in state.draft_hands[seat]}
    assert not [name for name in others if name in observation]  # another seat's draft hand stays hidden
    while game.env.unwrapped.state.phase.name != "MAIN":
        game.step(1)
    player, observation = game.get_observation()
    state = game.env.unwrapped.state
    seat = int(player.rsplit("_", 1)[1])
    assert f"Your Leader hand ({len(state.leader_hands[seat])}):" in observation
    for city in range(3):
        recruited = "; ".join(presentation.leader_text(db, leader) for leader in state.recruited[city]) or "none"
        assert f"  leaders recruited: {recruited}" in observation
    assert "The leaders you passed last: " not in observation  # the draft is over
