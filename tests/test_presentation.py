"""Each game's words live in one module (``wonders_env/<game>/presentation.py``): every effect,
phase and record kind has its text there, terminal play and the web page's news say the same
sentence for a record entry, and the page's script holds no game's words of its own."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from wonders_agents.play import public_actions
from wonders_env.duel import presentation as duel_text
from wonders_env.duel.actions import KIND_NAMES as DUEL_KINDS
from wonders_env.duel.cards import PROGRESS_TOKENS, WONDERS, Effect, EffectKind
from wonders_env.duel.cards import database as duel_database
from wonders_env.duel.state import CHOICE_NAMES
from wonders_env.duel.state import Phase as DuelPhase
from wonders_env.seven_wonders import presentation as seven_wonders_text
from wonders_env.seven_wonders.actions import KIND_NAMES as SEVEN_WONDERS_ACTION_KINDS
from wonders_env.seven_wonders.cards import SPECIALS, database
from wonders_env.seven_wonders.state import Phase as SevenWondersPhase
from wonders_web import duel_view, seven_wonders_view

APP_JS = Path(__file__).resolve().parents[1] / "wonders_web" / "static" / "app.js"
#: 7 Wonders' record kinds: its action kinds that are moves, and the cards left at the end of an Age
SEVEN_WONDERS_RECORD_KINDS = (set(SEVEN_WONDERS_ACTION_KINDS) - {"wait", "pay"}) | {"discard"}


def test_every_phase_has_its_prompt():
    assert set(duel_text.PHASE_TEXT) == set(DuelPhase)
    assert set(seven_wonders_text.PHASE_TEXT) == set(SevenWondersPhase)


def test_every_effect_has_its_words():
    for kind in EffectKind:
        assert duel_text.effect_text(Effect(kind, 2, 1))
    assert set(seven_wonders_text.SPECIAL_TEXT) == set(SPECIALS)


def test_every_record_kind_has_its_sentence():
    assert set(duel_text.ENTRY_TEXT) | {"choose"} == set(DUEL_KINDS)  # a choose entry's sentence is its set's
    assert set(duel_text.CHOICE_ENTRY_TEXT) == set(CHOICE_NAMES)
    assert set(duel_text.HIDDEN_CHOICES) <= set(duel_text.HIDDEN_ENTRY_TEXT)
    assert set(seven_wonders_text.ENTRY_TEXT) == SEVEN_WONDERS_RECORD_KINDS
    with pytest.raises(ValueError, match="no text for the record entry kind 'juggle'; kinds: draft, build"):
        duel_text.entry_text({"agent": "player_0", "kind": "juggle", "card": None, "paid": 0}, 0)


def test_a_duel_sentence_hides_another_seats_face_down_divinity():
    entry = {"agent": "player_1", "kind": "choose", "card": None, "paid": 0, "item": "Zeus", "item_kind": "divinity",
             "set": "place_divinity"}
    assert duel_text.entry_text(entry, 1) == "you chose Zeus to place face down"
    for viewer in (0, None):
        assert duel_text.entry_text(entry, viewer) == "player_1 chose a divinity to place face down"
    zeus = {**entry, "card": "Temple", "item": "slot 7", "item_kind": "slot", "set": "zeus_card"}
    assert duel_text.entry_text(zeus, 0) == "player_1 discarded Temple from slot 7 of the structure (Zeus)"


def test_a_seven_wonders_sentence_hides_another_players_face_down_card():
    entry = {"age": 2, "turn": 3, "agent": "player_1", "seat": 1, "kind": "wonder", "card": "Baths",
             "paid": {"left": 1, "right": 0, "bank": 2}}
    assert seven_wonders_text.entry_text(entry, 1) == \
        "Age 2.3: you built a wonder stage with Baths (paid 2 to the bank, 1 to the left)"
    for viewer in (0, None):
        assert seven_wonders_text.entry_text(entry, viewer) == \
            "Age 2.3: player_1 built a wonder stage with a card (paid 2 to the bank, 1 to the left)"
    city = {**entry, "seat": 2, "agent": "player_0", "kind": "build", "paid": {"left": 0, "right": 0, "bank": 0}}
    assert seven_wonders_text.entry_text(city, None) == "Age 2.3: player_0 built Baths for the Free City"


def test_a_duel_sentence_names_the_mover_as_each_viewer_sees_it():
    build = {"agent": "player_1", "kind": "build", "card": "Stable", "paid": 2}
    assert duel_text.entry_text(build, 1) == "you built Stable (paid 2 coins)"
    for viewer in (0, None):
        assert duel_text.entry_text(build, viewer) == "player_1 built Stable (paid 2 coins)"
    wonder = {"agent": "player_0", "kind": "wonder", "card": "Logging Camp", "paid": 1, "wonder": "The Appian Way"}
    assert duel_text.entry_text(wonder, 0) == "you built The Appian Way with Logging Camp (paid 1 coin)"
    starter = {"agent": "player_0", "kind": "starter", "card": None, "paid": 0, "starter": "player_1"}
    assert duel_text.entry_text(starter, None) == "player_0 chose player_1 to start the next Age"
    discard = {"agent": "player_0", "kind": "mausoleum", "card": "Baths", "paid": 0}
    assert duel_text.entry_text(discard, 1) == "player_0 built Baths from the discard pile (The Mausoleum)"


@pytest.mark.parametrize("view_module, options", [
    (duel_view, {}), (seven_wonders_view, {"num_players": 3}), (seven_wonders_view, {"num_players": 2}),
    (seven_wonders_view, {"num_players": 4, "expansions": "leaders", "engine": "python"}),
])
def test_the_web_news_says_what_terminal_play_prints(view_module, options):
    rng = np.random.default_rng(3)
    env = view_module.new_env(options)
    env.reset(seed=4)
    game = env.unwrapped.game
    while view_module.acting_agents(env):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    entries = env.unwrapped.game_record()["actions"]
    assert {entry["kind"] for entry in entries} >= ({"draft", "build", "sell", "wonder"} if view_module is duel_view
                                                   else {"build", "sell", "discard"})
    for seat in range(game.num_players):
        printed = public_actions(entries, game, seat)
        shown = [view_module.event(entry, seat)["text"] for entry in entries]
        assert printed == [f"  {text}" for text in shown]


def test_the_pages_script_holds_no_words_of_a_game():
    script = APP_JS.read_text()
    names = [w.name for w in WONDERS] + [t.name for t in PROGRESS_TOKENS] + ["Olympia", "Halicarnassus", "Babylon"]
    names += [side.city for edition in ("1st", "2nd") for side in database(edition).wonders.values()]
    leaders_table = database("1st", ("leaders",))
    names += [leader.name for leader in leaders_table.leaders] + ["Roma", "Courtesans"]
    agora_table = duel_database("1st", ("agora",))
    names += [item.name for item in agora_table.agora.conspiracies + agora_table.agora.decrees]
    names += [w.name for w in agora_table.wonders] + [t.name for t in agora_table.progress_tokens]
    assert not [name for name in names if name in script]
    headings = [*seven_wonders_text.OWN_LEADERS_TEXT.values(), seven_wonders_text.COPIED_LEADER_TEXT]
    assert not [text for text in headings if text.lower() in script.lower()]
    resources = {*duel_text.RESOURCE_NAMES, *seven_wonders_text.RESOURCE_NAMES}
    assert not [name for name in resources if re.search(rf"\b{name}\b", script)]
    for sentence in [*duel_text.ENTRY_TEXT.values(), *seven_wonders_text.ENTRY_TEXT.values()]:
        verb = re.sub(r" ?\{\w+\}.*", "", sentence)  # "took", "built", "kept the progress token" ...
        assert f"{verb} ${{" not in script, f"app.js words a record entry: {verb!r}"
    prompts = [*duel_text.PHASE_TEXT.items(), *seven_wonders_text.PHASE_TEXT.items()]
    assert not [text for phase, text in prompts if phase.name != "GAME_OVER" and text.lower() in script.lower()]
