"""Every input the Duel core takes from Python is checked: a bad one raises a clear error and changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

from wonders_env import core
from wonders_env.duel.cards import WONDER_IDS, WONDER_POWERS, WONDERS, EffectKind
from wonders_env.duel import rules
from wonders_env.duel.actions import BUILD, DRAFT, IllegalActionError
from wonders_env.duel.compiled import CompiledDuel, DuelStateView, table_arrays, table_names
from wonders_env.duel.state import Phase, new_game

CORE = CompiledDuel()
ENGINE = CORE.engine


def python_deal(seed: int = 0) -> dict:
    state = new_game(seed)
    return {"wonder_order": list(state.wonder_order), "token_order": list(state.token_order),
            "deals": [list(d) for d in state.deals], "boxed": [list(b) for b in state.boxed]}


def corrupt(change) -> dict:
    deal = python_deal()
    change(deal)
    return deal


def swap_in_age_two_card(deal):
    deal["deals"][0][0] = deal["deals"][1][0]


def repeat_a_card(deal):
    deal["deals"][0][1] = deal["deals"][0][0]


def four_guilds(deal):  # a boxed Guild swapped with a dealt Age III card
    age_three = deal["deals"][2]
    slot = next(i for i, c in enumerate(age_three) if c < 66)
    guild = next(i for i, c in enumerate(deal["boxed"][2]) if c >= 66)
    age_three[slot], deal["boxed"][2][guild] = deal["boxed"][2][guild], age_three[slot]


@pytest.mark.parametrize("change, error", [
    (lambda d: d["wonder_order"].__setitem__(0, d["wonder_order"][1]), "wonder order must be a permutation"),
    (lambda d: d["wonder_order"].pop(), "must list 12 wonders"),
    (lambda d: d["token_order"].__setitem__(0, 10), "token order must be a permutation"),
    (lambda d: d["deals"][1].pop(), "Age 2 must deal 20 cards"),
    (lambda d: d["boxed"][2].pop(), "Age 3 must box 7 cards"),
    (lambda d: d["deals"].pop(), "3 Ages"),
    (swap_in_age_two_card, "a card of another deck"),
    (repeat_a_card, "twice"),
    (four_guilds, "exactly 3 Guilds"),
    (lambda d: d["deals"][0].__setitem__(0, 500), "not an id"),
    (lambda d: d["deals"][0].__setitem__(0, 90), "not a card id"),
])
def test_a_corrupt_deal_is_refused_with_what_is_wrong(change, error):
    with pytest.raises(ValueError, match=error):
        ENGINE.new_game_from_deal(**corrupt(change))


def test_a_valid_deal_gives_the_python_engines_game():
    state = ENGINE.new_game_from_deal(**python_deal(4))
    python = new_game(4)
    assert CORE.to_python(DuelStateView(state, 4)).deals == python.deals


def test_an_illegal_action_says_why_and_changes_nothing():
    state = CORE.new_game(3)
    before = ENGINE.export_state(state.core)
    for action, reason in [(12, "the decision now is draft .* not build"), (-1, "not an action number"),
                           (5000, "not an action number")]:
        with pytest.raises(ValueError, match=reason):
            ENGINE.apply_actions(state.core, action)
    absent = next(w for w in range(12) if not CORE.legal_action_mask(state, 0)[w])
    with pytest.raises(ValueError, match="is not on the draft table"):
        CORE.apply_actions(state, {0: absent})
    with pytest.raises(ValueError, match="one action for each of the players \\[0\\], got actions for \\[1\\]"):
        CORE.apply_actions(state, {1: 0})
    with pytest.raises(ValueError, match="an action must be an integer"):
        CORE.apply_actions(state, {0: True})
    assert ENGINE.export_state(state.core) == before


def python_error(state, action: int) -> str:
    """The Python engine's error for ``action`` in the core game ``state``."""
    with pytest.raises(IllegalActionError) as error:
        rules.apply_action(CORE.to_python(state), action)
    return str(error.value)


def test_the_cores_illegal_action_error_is_the_python_engines_word_for_word():
    """The core names the action, why it is illegal and the legal actions (12 named, then a count)."""
    state = CORE.new_game(3)
    absent = next(w for w in range(12) if not CORE.legal_action_mask(state, 0)[w])
    illegal = [BUILD, DRAFT + absent]
    rng = np.random.default_rng(0)
    while state.core.phase != Phase.PLAY or len(CORE.legal_actions(state, state.core.current)) <= 12:
        CORE.apply_actions(state, {state.core.current: int(rng.choice(CORE.legal_actions(state, state.core.current)))})
    for game, action in [(CORE.new_game(3), a) for a in illegal] + [(state, DRAFT), (state, BUILD + 72)]:
        before = ENGINE.export_state(game.core)
        expected = python_error(game, action)
        with pytest.raises(ValueError) as error:
            ENGINE.apply_actions(game.core, action)
        assert str(error.value) == expected and "Legal now: " in expected
        assert ENGINE.export_state(game.core) == before
    # not an action number: the core names the range in its own words (it takes a C++ integer), the rest is the same
    with pytest.raises(ValueError) as error:
        ENGINE.apply_actions(state.core, 5000)
    expected = python_error(state, 5000)
    assert str(error.value).startswith("illegal action 5000 for player ") and expected.startswith(
        "illegal action 5000 for player ")
    assert str(error.value).split(". Legal now: ")[1] == expected.split(". Legal now: ")[1]


@pytest.mark.parametrize("call", [
    lambda s: ENGINE.legal_action_mask(s.core, 2),
    lambda s: ENGINE.encode_observation(s.core, -1),
    lambda s: ENGINE.score_breakdown(s.core, 5),
    lambda s: CORE.determinize(s, 3, np.random.default_rng(0)),
])
def test_a_bad_player_is_refused(call):
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        call(CORE.new_game(0))


@pytest.mark.parametrize("seed", [-1, 1.5, "1", True, 1 << 64])
def test_a_bad_seed_is_refused(seed):
    with pytest.raises(TypeError, match="seed must be an integer"):
        CORE.new_game(seed)


@pytest.mark.parametrize("name, value, error", [
    ("card_color", np.full(73, 9), "outside 0..6"),
    ("card_cost", np.zeros(10), "must have 365 values"),
    ("wonder_choice", np.full(12, 0b10001), "mixed choice"),
    ("wonder_powers", np.full(12, 1 << len(WONDER_POWERS)), f"outside 0..{(1 << len(WONDER_POWERS)) - 1}"),
    ("layout_covered_by", np.zeros(120), "covered by later slots"),
])
def test_corrupt_tables_are_refused(name, value, error):
    arrays = table_arrays()
    arrays[name] = value
    with pytest.raises(ValueError, match=error):
        core.load().duel.Tables(arrays, *table_names())
    del arrays[name]
    with pytest.raises(ValueError, match=f"missing array '{name}'"):
        core.load().duel.Tables(arrays, *table_names())


@pytest.mark.parametrize("powers", [
    ["play_again"],  # a power of the core the tables lack
    ["play_again", "build_from_discard", "see_the_future"],  # a power of the tables the core lacks
    ["build_from_discard", "play_again"],  # the bits in another order
])
def test_tables_whose_wonder_powers_are_not_the_cores_are_refused_naming_both(powers):
    cards, wonders, tokens, _ = table_names()
    with pytest.raises(ValueError, match=rf"the wonder powers of the tables .* are \({', '.join(powers)}\), but "
                                         r"the core's bits .* are \(play_again, build_from_discard\)"):
        core.load().duel.Tables(table_arrays(), cards, wonders, tokens, powers)


def test_each_wonder_power_is_one_bit_of_the_wonders_that_have_it():
    powers = table_arrays()["wonder_powers"]
    for wonder in WONDERS:
        kinds = {effect.kind for effect in wonder.effects}
        assert powers[wonder.id] == sum(1 << bit for bit, kind in enumerate(WONDER_POWERS) if kind in kinds)
    assert powers[WONDER_IDS["The Mausoleum"]] == 1 << WONDER_POWERS.index(EffectKind.BUILD_FROM_DISCARD)
    assert powers[WONDER_IDS["The Sphinx"]] == 1 << WONDER_POWERS.index(EffectKind.PLAY_AGAIN)
    assert powers[WONDER_IDS["The Pyramids"]] == 0


def test_a_batch_needs_a_sane_size():
    for size in (0, 1 << 17):
        with pytest.raises(ValueError, match="num_envs must be an integer in 1-65536"):
            core.load().duel.Batch(ENGINE, size, 0)


@pytest.mark.parametrize("actions", [{0: 10**6}, {0: "x"}, {0: True}, {1: 3}, {0: 5}, {0: 0, 1: 1}],
                         ids=["out-of-range", "text", "bool", "other-player", "illegal", "two-players"])
def test_an_illegal_move_raises_the_python_engines_error_word_for_word(actions):
    from wonders_env.duel.game import DuelGame
    errors = []
    for game in (CompiledDuel(), DuelGame()):
        state = game.new_game(1)
        with pytest.raises(IllegalActionError) as raised:
            game.apply_actions(state, actions)
        errors.append(str(raised.value))
        assert game.legal_actions(state, 0) == game.legal_actions(game.new_game(1), 0)  # nothing changed
    assert errors[0] == errors[1]
