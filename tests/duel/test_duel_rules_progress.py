"""Each of the 10 progress tokens (Economy, Masonry, Architecture, Strategy and Theology also in
test_duel_costs / test_duel_rules_military_science / test_duel_rules_wonders)."""

from duel_scenarios import give, give_token, on_top, play, scenario

from wonders_env.duel.cards import CARD_IDS, SCIENCE_SYMBOLS, TOKEN_IDS
from wonders_env.duel.rules import build_cost
from wonders_env.duel.scoring import score_breakdown
from wonders_env.duel.state import Phase


def take(state, name):
    """Player 0 forms a quill pair and takes the named board token."""
    give(state, 0, "Scriptorium")
    on_top(state, "Library")
    play(state, "build", "Library")
    assert state.phase == Phase.PROGRESS
    play(state, "progress", name)


def token_game(*board, coins=(0, 7)):
    return scenario(age=2, coins=coins, board_tokens=board or ("Agriculture", "Urbanism", "Law",
                                                               "Mathematics", "Philosophy"))


def test_agriculture_6_coins_now_and_4_points():
    state = token_game()
    take(state, "Agriculture")
    assert state.coins[0] == 6 and score_breakdown(state, 0)["progress"] == 4


def test_philosophy_7_points():
    state = token_game()
    take(state, "Philosophy")
    assert score_breakdown(state, 0)["progress"] == 7


def test_mathematics_3_points_per_token_itself_included():
    state = token_game()
    take(state, "Mathematics")
    assert score_breakdown(state, 0)["progress"] == 3
    give_token(state, 0, "Agriculture")
    give_token(state, 0, "Philosophy")
    assert score_breakdown(state, 0)["progress"] == 3 * 3 + 4 + 7


def test_law_is_a_science_symbol():
    state = token_game()
    take(state, "Law")
    assert state.science[0][SCIENCE_SYMBOLS.index("scales")] == 1
    assert sum(1 for n in state.science[0] if n) == 2


def test_urbanism_6_coins_and_4_per_later_chain_build():
    state = token_game()
    take(state, "Urbanism")
    assert state.coins[0] == 6
    give(state, 0, "Baths")
    on_top(state, "Aqueduct")
    state.current = state.turn_player = 0
    play(state, "build", "Aqueduct")  # free through the Baths
    assert state.coins[0] == 6 + 4


def test_urbanism_gives_nothing_for_a_build_that_is_not_a_chain():
    state = token_game(coins=(10, 7))
    give_token(state, 0, "Urbanism")
    on_top(state, "Glassblower")
    play(state, "build", "Glassblower")  # free card, no chain
    assert state.coins[0] == 10


def test_masonry_taken_from_the_board_applies_to_the_next_blue_card():
    state = token_game("Masonry", coins=(0, 7))
    assert build_cost(state, 0, CARD_IDS["Courthouse"]) == 6  # W W G at 2
    take(state, "Masonry")
    assert build_cost(state, 0, CARD_IDS["Courthouse"]) == 2  # W W G: two waived


def test_strategy_and_theology_and_economy_and_architecture_are_owned_after_taking():
    for name in ("Strategy", "Theology", "Economy", "Architecture"):
        state = token_game(name)
        take(state, name)
        assert state.player_tokens[0] == 1 << TOKEN_IDS[name]
        assert state.board_tokens == 0
