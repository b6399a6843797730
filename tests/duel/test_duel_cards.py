"""One scenario per card: built from an empty city against an empty city, each of the 73 cards
costs its printed coins plus 2 per resource unit and does what its effects say."""

import pytest
from duel_scenarios import on_top, play, scenario

from wonders_env.duel.cards import (BLUE, CARDS, GREEN, MANUFACTURED_BITS, PURPLE, RAW_BITS,
                                    SCIENCE_SYMBOLS, YELLOW, EffectKind)
from wonders_env.duel.rules import trade_price_list
from wonders_env.duel.scoring import score_breakdown

CATEGORY = {BLUE: "civilian", GREEN: "science", YELLOW: "commercial", PURPLE: "guilds"}


def amount(card, kind):
    return sum(e.amount for e in card.effects if e.kind is kind)


@pytest.mark.parametrize("card", CARDS, ids=lambda card: card.name)
def test_each_card_costs_and_does_what_it_says(card):
    state = scenario(age=card.age, coins=(40, 7))
    on_top(state, card.name)
    play(state, "build", card.name)
    paid = card.coin_cost + 2 * sum(card.cost)
    assert state.log[-1][2] == paid
    assert state.city[0] == [card.id]
    coins = amount(card, EffectKind.COINS)
    if any(e.kind is EffectKind.COINS_PER_CARD and e.what >> card.color & 1 for e in card.effects):
        coins += amount(card, EffectKind.COINS_PER_CARD)  # the Lighthouse counts itself
    assert state.coins[0] == 40 - paid + coins
    shields = amount(card, EffectKind.SHIELDS)
    assert state.pawn == shields
    assert state.coins[1] == (5 if shields >= 3 else 7)  # the first looting token at 3
    symbols = [SCIENCE_SYMBOLS[e.what] for e in card.effects if e.kind is EffectKind.SCIENCE]
    assert [SCIENCE_SYMBOLS[k] for k, n in enumerate(state.science[0]) if n] == symbols
    produced = [0] * 5
    for effect in card.effects:
        if effect.kind is EffectKind.PRODUCE:
            produced[effect.what] += effect.amount
    assert state.production[0] == produced
    assert trade_price_list(state, 1) == tuple(2 + n for n in produced)  # brown/grey raise prices
    choices = [e.what for e in card.effects if e.kind is EffectKind.PRODUCE_CHOICE]
    assert state.raw_choices[0] == choices.count(RAW_BITS)
    assert state.manufactured_choices[0] == choices.count(MANUFACTURED_BITS)
    fixed = sum(e.what for e in card.effects if e.kind is EffectKind.TRADE_FIXED)
    assert state.fixed_price_bits[0] == fixed
    assert all(trade_price_list(state, 0)[r] == 1 for r in range(5) if fixed >> r & 1)
    points = score_breakdown(state, 0)
    if card.color in CATEGORY:
        expected = amount(card, EffectKind.VP)
        if card.color == PURPLE:  # guilds count the city with the most: nothing yet, but coins
            expected = state.coins[0] // 3 if amount(card, EffectKind.GUILD_VP_PER_3COINS) else 0
        assert points[CATEGORY[card.color]] == expected
    assert state.chains[0] == (1 << card.chain_gives if card.chain_gives >= 0 else 0)
