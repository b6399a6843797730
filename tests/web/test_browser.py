"""The page in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

``wonders serve`` runs on 127.0.0.1 in a subprocess. The browser sets up a game (against
``random``, and against the shipped ``ppo`` policies), plays every human move as a person does,
by clicking one of the highlighted pieces and one of its moves, and at the end compares the
score sheet on the page with the record the engine saved; then it loads that record as a
replay and steps through it. Screenshots of both boards are saved in ``WONDERS_SCREENSHOTS``
(the README's images: ``WONDERS_SCREENSHOTS=docs/images pytest tests/web/test_browser.py``),
else in the test's temporary folder.

Skipped, with the reason, only when no browser can be had: Playwright or ``/usr/bin/chromium``
missing (``make test`` installs both where it can).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from web_helpers import free_port

from wonders_web.games import GAME_VIEWS

CHROMIUM = Path(os.environ.get("WONDERS_CHROMIUM", "/usr/bin/chromium"))
HEADLESS_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed "
                                     "(pip install -e '.[dev]')")
if not CHROMIUM.is_file():
    pytest.skip(f"no browser: {CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)
pytest.importorskip("uvicorn", reason="the web extra (starlette, uvicorn) is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``wonders serve`` on a free port of 127.0.0.1; yields (base URL, records folder)."""
    records = tmp_path_factory.mktemp("records")
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "wonders_cli", "serve", "--port", str(port),
                                "--records", str(records)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    try:
        first_line = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first_line, first_line + process.stdout.read()
        yield f"http://127.0.0.1:{port}", records
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM), args=HEADLESS_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield context.new_page()
    context.close()


def screenshot_path(tmp_path: Path, name: str) -> Path:
    folder = Path(os.environ.get("WONDERS_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def start_game(page, base: str, game: str, seats: list[str], seed: int, players: int | None = None,
               choices: dict[str, str] | None = None) -> str:
    page.goto(base + "/")
    page.select_option("#setup-game", game)
    for option, value in (choices or {}).items():  # the game's options, as /api/setup offers them
        page.select_option(f"#setup-{option}", value)
    assert page.is_visible("#setup-players") == (players is not None)  # a choice where the game has several counts
    if players:
        page.select_option("#setup-players", str(players))
    assert len(page.query_selector_all("#setup-seats input")) == len(seats)
    for seat, who in enumerate(seats):
        page.fill(f"#seat-{seat}", who)
    page.fill("#setup-seed", str(seed))
    page.fill("#setup-delay", "0")
    page.click("#setup-start")
    page.wait_for_function("location.hash.startsWith('#game=')")
    return page.evaluate("new URLSearchParams(location.hash.slice(1)).get('game')")


#: what a screenshot waits for, by its file, beside its move count: Agora's shows a conspiracy of the seat's
SCREENSHOT_WHEN = {"duel_agora.png": ".conspiracies .conspiracy[data-target]"}


def play_by_clicking(page, rng, screenshot: Path | None, screenshot_after: int) -> int:
    """Click legal moves until the score sheet shows (a screenshot after ``screenshot_after``
    moves, if asked, at the first of the seat's turns that shows what :data:`SCREENSHOT_WHEN`
    names); returns the number of moves made."""
    moves = redrawn = 0
    when = SCREENSHOT_WHEN.get(screenshot.name) if screenshot is not None else None
    pending = screenshot is not None
    while True:
        page.wait_for_selector("#board .legal, .score-sheet", timeout=30_000)
        if page.query_selector(".score-sheet"):
            assert not pending, f"no turn after {screenshot_after} moves showed {when} for {screenshot}"
            return moves
        turn = page.evaluate("lastView.turn_id")
        if not click_a_legal_move(page, rng):
            redrawn += 1  # the board was redrawn under the click (a bot moved): look again
            assert redrawn < 20, "a highlighted piece opens its moves"
            continue
        redrawn = 0
        page.wait_for_function(f"lastView.turn_id !== {turn} || lastView.chosen || lastView.over", timeout=30_000)
        assert not page.is_visible("#message.error"), page.text_content("#message")
        moves += 1
        if pending and moves >= screenshot_after:
            page.wait_for_selector("#board .legal, .score-sheet", timeout=30_000)
            if page.query_selector("#board .legal") and (when is None or page.query_selector(when)):
                save_screenshot(page, screenshot)
                pending = False


def click_a_legal_move(page, rng) -> bool:
    """Click a highlighted piece, then one of the moves it opens. False when the board was redrawn
    between finding an element and clicking it (the page re-renders when a bot's move arrives),
    before the move was sent."""
    try:
        pieces = page.query_selector_all("#board .legal")
        if not pieces:
            return False
        pieces[int(rng.integers(len(pieces)))].click(timeout=5_000)
        options = page.query_selector_all("#menu .move-option")
        if not options:
            return False
        options[int(rng.integers(len(options)))].click(timeout=5_000)
    except playwright_api.Error as error:
        if "not attached" in str(error) or "detached" in str(error):
            return False
        raise
    return True


def save_screenshot(page, path: Path) -> None:
    """A full-page PNG, reduced to 256 colours to stay small in the repository."""
    from PIL import Image
    page.screenshot(path=str(path), full_page=True)
    with Image.open(path) as image:
        image.convert("RGB").quantize(256).save(path, optimize=True)


def score_sheet(page) -> dict[str, list[int]]:
    """The page's score sheet: category -> points per player."""
    rows = page.query_selector_all(".score-sheet tr[data-category]")
    return {row.get_attribute("data-category"): [int(cell.inner_text()) for cell in row.query_selector_all("td")]
            for row in rows}


def record_scores(record: dict) -> dict[str, list[int]]:
    categories = record["players"][0]["score"]
    return {c: [p["score"][c] for p in record["players"]] for c in categories}


def check_replay(page, record_path: Path, record: dict) -> None:
    """Load the record as a replay: the last turn shows the same score sheet; step back and forth."""
    page.click("#nav-replay")
    page.set_input_files("#replay-file", str(record_path))
    page.click("#replay-open")
    page.wait_for_selector(".score-sheet")
    assert score_sheet(page) == record_scores(record)
    turns = int(page.get_attribute(".replay-step:nth-of-type(4)", "data-turn"))
    page.click(".replay-step:nth-of-type(2)")  # one turn back
    page.wait_for_function(f"lastView.turn === {turns - 1}")
    assert not page.query_selector(".score-sheet")
    page.click(".replay-step:nth-of-type(1)")  # to the start
    page.wait_for_function("lastView.turn === 0")
    page.click(".replay-step:nth-of-type(3)")  # one turn forward
    page.wait_for_function("lastView.turn === 1")
    assert page.query_selector_all("#news li")


PANTHEON = {"expansions": "pantheon", "engine": "python"}
AGORA = {"expansions": "agora", "engine": "python"}
BOTH = {"expansions": "pantheon,agora", "engine": "python"}
LEADERS = {"expansions": "leaders", "engine": "python", "wonder_sides": "B"}


@pytest.mark.parametrize("game, seats, players, screenshot, screenshot_after, fewest_moves, choices", [
    ("seven_wonders_duel", ["human", "random"], None, "duel.png", 6, 20, None),
    ("seven_wonders", ["human", "random", "random"], 3, "seven_wonders.png", 9, 18, None),
    ("seven_wonders_duel", ["ppo", "human"], None, None, 0, 20, None),
    ("seven_wonders", ["ppo", "human", "ppo"], 3, None, 0, 18, None),
    ("seven_wonders_duel", ["human", "heuristic"], None, "duel_pantheon.png", 22, 20, PANTHEON),
    ("seven_wonders_duel", ["human", "random"], None, "duel_agora.png", 12, 20, AGORA),
    ("seven_wonders_duel", ["random", "human"], None, None, 0, 20, BOTH),
    ("seven_wonders", ["human", "heuristic", "heuristic", "heuristic"], 4, "seven_wonders_leaders.png", 9, 22,
     LEADERS),
], ids=["duel-random", "seven_wonders-random", "duel-ppo", "seven_wonders-ppo", "duel-pantheon-heuristic",
        "duel-agora-random", "duel-both-random", "seven_wonders-leaders-heuristic"])
def test_a_full_game_by_clicking(server, page, tmp_path, game, seats, players, screenshot, screenshot_after,
                                 fewest_moves, choices):
    """Play a whole game by clicks against bots (the shipped ``ppo`` policies included: the
    issue's check; Duel with Pantheon, whose spaces and decisions are clicked too; Duel with Agora,
    whose chambers, cubes, conspiracies and listed decisions are clicked too, alone and with Pantheon; 7 Wonders with
    Leaders, whose draft, recruitment and Leaders decisions are clicked too); the score sheet is
    the engine's (with Leaders, its ``leaders`` line); the record replays."""
    base, records = server
    game_id = start_game(page, base, game, seats, seed=7, players=players, choices=choices)
    shot = screenshot_path(tmp_path, screenshot) if screenshot else None
    moves = play_by_clicking(page, np.random.default_rng(1), shot, screenshot_after)
    assert moves >= fewest_moves
    assert page.text_content(".game-title").startswith(f"{GAME_VIEWS[game].TITLE} · game {game_id}")
    assert page.evaluate("lastView.seats.map((seat) => seat.player)") == seats
    record_path = records / f"{game_id}.json"
    record = json.loads(record_path.read_text())
    assert record["finished"] and score_sheet(page) == record_scores(record)
    assert record.get("expansions") == (choices["expansions"].split(",") if choices else None)
    check_replay(page, record_path, record)


def test_a_ppo_seat_the_policy_cannot_play_is_refused_on_the_page(server, page):
    """No 2nd-edition policy is shipped: the page says so when the game is created, and none is."""
    base, _ = server
    page.goto(base + "/")
    page.select_option("#setup-game", "seven_wonders")
    page.select_option("#setup-players", "3")
    page.select_option("#setup-edition", "2nd")
    page.fill("#seat-1", "ppo")
    page.click("#setup-start")
    page.wait_for_selector("#message.error")
    assert "2nd edition" in page.text_content("#message") and "ppo" in page.text_content("#message")
    assert not page.evaluate("location.hash")


def test_a_seat_stays_with_its_browser_and_moves_only_by_invitation(server, browser):
    """The creator's reload resumes its seat (the page keeps the tokens); another browser cannot
    open that seat, but takes the seat it is invited to with the creator's link."""
    base, _ = server
    creator_context, guest_context = browser.new_context(), browser.new_context()
    try:
        creator = creator_context.new_page()
        game_id = start_game(creator, base, "seven_wonders_duel", ["human", "human"], seed=3)
        creator.wait_for_selector("#board .legal")
        creator.reload()
        creator.wait_for_selector("#board .legal")
        link = creator.input_value('.invite-link[data-seat="1"]')
        assert link.startswith(base + f"/#game={game_id}&seat=1&invite=")
        guest = guest_context.new_page()
        guest.goto(base + f"/#game={game_id}&seat=0")
        guest.wait_for_selector("#message.error")
        assert "belongs to another browser" in guest.text_content("#message")
        invited = guest_context.new_page()
        invited.goto(link)
        invited.wait_for_function("lastView && lastView.seat === 1")
        assert "invite" not in invited.evaluate("location.hash")
        assert not invited.is_visible("#message.error")
        invited.evaluate("""() => { const held = JSON.parse(localStorage.getItem("wonders-secrets"));
            held.gone = {owner: "x", tokens: {}, invites: {}};  // a game the server no longer has
            localStorage.setItem("wonders-secrets", JSON.stringify(held)); }""")
        invited.click("#nav-games")
        invited.wait_for_selector(".open-seat")
        assert [b.inner_text() for b in invited.query_selector_all(".open-seat")] == ["play player_1"]
        assert list(json.loads(invited.evaluate("localStorage.getItem('wonders-secrets')"))) == [game_id]
        creator.goto(base + f"/#game={game_id}&seat=1")
        creator.reload()
        creator.wait_for_selector("#message.error")
        assert "belongs to another browser" in creator.text_content("#message")
    finally:
        creator_context.close()
        guest_context.close()
