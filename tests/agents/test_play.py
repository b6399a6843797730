"""Human play, driven by scripted input."""

from __future__ import annotations

import re

import pytest

from wonders_agents.play import play_human


class Script:
    """Answers the prompts from a list, then a default answer; records everything written."""

    def __init__(self, answers, then="1"):
        self.answers, self.then = list(answers), then
        self.lines: list[str] = []

    def read(self, prompt: str) -> str:
        answer = self.answers.pop(0) if self.answers else self.then
        if answer is EOFError:
            raise EOFError
        self.lines.append(prompt + answer)
        return answer

    def write(self, text: str) -> None:
        self.lines.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def test_a_complete_duel_with_bad_input_along_the_way():
    script = Script(["0", "99", "xyz", "h", "t", "take the"])
    record = play_human("duel", "heuristic", seed=3, read=script.read, write=script.write)
    assert record["finished"] and record["winners"]
    text = script.text
    assert "There is no move 0: choose a number from 1 to 4." in text
    assert "There is no move 99" in text
    assert "No legal move matches 'xyz'" in text
    assert "Commands: t = show the table" in text
    assert text.count("your legal moves:") >= 2 + 20  # shown again by 't', then at every decision
    assert "'take the' matches 4 moves: 1) Take the wonder" in text
    assert re.search(r"Build \w[\w ]*, (for free|paying \d+ coins?)", text)  # costs are shown
    assert re.search(r"Discard \w[\w ]* for \d+ coins", text)
    assert "player_1: " in text and "Game over" in text


def test_words_choose_a_move():
    script = Script(["LIGHTHOUSE"], then="q")  # seed 3 offers The Great Lighthouse first
    record = play_human("duel", "random", seed=3, read=script.read, write=script.write)
    assert record is None
    assert "  you took The Great Lighthouse" in script.text
    assert "Game abandoned." in script.text


def test_a_complete_seven_wonders_game_hides_face_down_cards():
    script = Script([])
    record = play_human("seven_wonders", "heuristic", num_players=3, seat=1, seed=5, read=script.read,
                        write=script.write)
    assert record["finished"]
    text = script.text
    assert "hand of player_1:" in text and "your legal moves:" in text
    assert re.search(r"Build [\w ]+, (for free|paying \d+ coins? to .*)", text)
    assert re.search(r"^  Age \d\.\d: you built ", text, re.M)
    face_down = 0
    for line in text.splitlines():  # other players' sold, discarded and wonder cards stay face down
        move = re.match(r"  Age \d\.\d: player_[02] (sold|discarded|built a wonder stage with) (.*?)( \(|$)", line)
        if move:
            assert move.group(2).startswith("a card"), line
            face_down += 1
    assert face_down >= 3
    assert "Game over" in text


def test_end_of_input_abandons_the_game():
    script = Script([EOFError])
    assert play_human("seven_wonders", "random", num_players=4, seed=1, read=script.read,
                      write=script.write) is None
    assert "Game abandoned." in script.text


def test_bad_arguments():
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        play_human("duel", seat=2, read=lambda _: "q", write=lambda _: None)
    with pytest.raises(ValueError, match="unknown agent"):
        play_human("duel", opponent="nobody", read=lambda _: "q", write=lambda _: None)
    with pytest.raises(ValueError, match="unknown game"):
        play_human("checkers", read=lambda _: "q", write=lambda _: None)
    pytest.importorskip("torch", reason="the ppo agent needs torch (the train extra)")
    asked = []
    with pytest.raises(ValueError, match=r"ppo cannot play this game: .*this game \(seven_wonders, 2nd edition\)"):
        play_human("seven_wonders", "ppo", num_players=3, edition="2nd", read=asked.append, write=lambda _: None)
    assert asked == []  # refused before the first move


def test_each_move_says_what_it_does_and_the_legend_explains_the_codes():
    script = Script([], then="1")  # a whole game: wonder stages become affordable on the way
    play_human("seven_wonders", "random", num_players=3, seed=5, read=script.read, write=script.write)
    text = script.text
    assert "Legend: resources W wood, S stone, C clay, O ore" in text and "C/O' = 2 wood every turn" in text
    assert re.search(r"Build \w[\w ]*, .*\n +(brown|grey|blue|yellow|red|green), costs [^:]+: ", text)
    assert re.search(r"Build stage 1 of the .* with .*\n +the stage gives: ", text)


def test_duel_moves_describe_wonders_cards_and_tokens():
    script = Script(["h"], then="q")
    play_human("duel", "random", seed=3, read=script.read, write=script.write)
    text = script.text
    assert ("Take the wonder The Great Lighthouse\n"
            "         The Great Lighthouse, costs WSPP: produces wood or clay or stone (one per turn); 4 VP") in text
    assert text.count("Legend: resources W wood, C clay, S stone") == 2  # at the start, and with the help


def test_the_opponent_is_an_agent_spec_such_as_a_trained_policy_file(tmp_path):
    pytest.importorskip("torch", reason="the ppo agent needs torch (the train extra)")
    from wonders_agents.ppo_agent import default_policy_path
    script = Script([], then="q")
    spec = f"ppo:path={default_policy_path('seven_wonders_duel')}"
    play_human("duel", spec, seed=1, read=script.read, write=script.write)
    assert f"the others are {spec} bots" in script.text
    with pytest.raises(ValueError, match="no such checkpoint or policy file"):
        play_human("duel", f"ppo:path={tmp_path / 'missing.pt'}", seed=1, read=script.read, write=script.write)


def test_every_card_wonder_and_token_of_both_games_is_described():
    from wonders_env.duel import presentation as duel_text
    from wonders_env.duel.cards import BASE as DUEL_BASE, CARDS, PROGRESS_TOKENS, WONDERS
    from wonders_env.seven_wonders import presentation as seven_wonders_text
    from wonders_env.seven_wonders.cards import database
    texts = []
    for edition in ("1st", "2nd"):
        db = database(edition)
        texts += [seven_wonders_text.card_text(db, t) for t in range(db.num_types)]
        texts += [seven_wonders_text.effects_text(stage.effects)
                  for side in db.wonders.values() for stage in side.stages]
    texts += [duel_text.card_text(DUEL_BASE, c) for c in range(len(CARDS))]
    texts += [duel_text.wonder_text(DUEL_BASE, w) for w in range(len(WONDERS))]
    texts += [duel_text.effects_text(token.effects) for token in PROGRESS_TOKENS]
    assert all(text and "no effect" not in text for text in texts)
    assert texts[0] == "brown, costs 1 coin: produces clay or ore"  # Clay Pit, the first row
    assert "The Pyramids, costs SSSP: 9 VP" in texts and "brown, costs nothing: produces 1 wood" in texts


def test_a_seven_wonders_game_choosing_whom_to_pay():
    script = Script([], then="1")
    record = play_human("seven_wonders", "heuristic", num_players=3, seed=2, read=script.read,
                        write=script.write, payment="choose")
    assert record["finished"] and record["payment"] == "choose"
    assert re.search(r"1\) Pay (nothing|\d+ coins? to .*)", script.text)
