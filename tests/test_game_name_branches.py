"""No branch on a game's name outside the registry and the engines (DESIGN.md, principle 13).

What differs between the games is in the registry's :class:`wonders_env.registry.GameEntry` (player
counts, editions, options, ...) or in a game's own folder; every other module reads it there. The
source of the packages and the benchmarks is read and every comparison with a game's name or
alias is refused (``game == "seven_wonders_duel"``, ``game in ("duel", "7w")``, ``DUEL = ...;
game != DUEL``, ``game.endswith("duel")``, ``case "duel":``), and so is the same comparison in the
web page's script (``view.game === "seven_wonders_duel"``). A table keyed by game name (a layer's
own modules per game, such as the web app's views) is not a branch.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from wonders_env.registry import GAME_NAMES

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("wonders_env", "agents", "training", "wonders_web", "wonders_cli", "benchmarks")
# where a game's name may be compared: the registry and the engines (each game's own folder)
ALLOWED = ("wonders_env/registry.py", "wonders_env/seven_wonders/", "wonders_env/duel/")


def game_name_branches(source: str, constants: frozenset[str] = frozenset()) -> list[str]:
    """The lines of ``source`` that branch on a game's name (``"line: code"`` each): on a literal
    name, or on a constant bound to one here or, among ``constants``, in another module
    (``DUEL`` or ``az.DUEL``)."""
    tree = ast.parse(source)
    named = constants | game_name_constants(tree)

    def names_a_game(node: ast.AST) -> bool:
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(names_a_game(element) for element in node.elts)
        return (is_game_name(node) or (isinstance(node, ast.Name) and node.id in named)
                or (isinstance(node, ast.Attribute) and node.attr in named))

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            branch = any(names_a_game(operand) for operand in (node.left, *node.comparators))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            branch = node.func.attr in ("startswith", "endswith") and any(map(names_a_game, node.args))
        elif isinstance(node, ast.MatchValue):
            branch = names_a_game(node.value)
        else:
            continue
        if branch:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def is_game_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in GAME_NAMES


def game_name_constants(tree: ast.Module) -> frozenset[str]:
    """The module-level names that a module binds to a game's name (``DUEL = "seven_wonders_duel"``)."""
    return frozenset(target.id for node in tree.body if isinstance(node, ast.Assign) and is_game_name(node.value)
                     for target in node.targets if isinstance(target, ast.Name))


def checked_sources() -> list[Path]:
    paths = sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))
    return [p for p in paths if not p.relative_to(ROOT).as_posix().startswith(ALLOWED)]


SOURCES = checked_sources()
CONSTANTS = frozenset().union(*(game_name_constants(ast.parse(path.read_text())) for path in SOURCES))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_branch_on_a_game_name(path):
    found = game_name_branches(path.read_text(), CONSTANTS)
    assert not found, (f"{path.relative_to(ROOT)} branches on a game's name (put what differs in the registry's "
                       f"GameEntry and read it there): {found}")


@pytest.mark.parametrize("code", [
    'players = 2 if args.game == "seven_wonders_duel" else 4',
    'DUEL = "seven_wonders_duel"\nif game != DUEL:\n    pass',
    'if name in ("duel", "7w"):\n    pass',
    'count = 2 if args.game.endswith("duel") else 4',
    'match game:\n    case "seven_wonders":\n        pass',
])
def test_the_check_sees_a_branch(code):
    assert game_name_branches(code)


def test_the_check_sees_a_constant_of_another_module():
    assert game_name_branches("players = 2 if game == az.DUEL else 4", frozenset({"DUEL"}))


def test_a_table_by_game_name_and_a_default_are_not_branches():
    assert not game_name_branches('VIEWS = {"seven_wonders": 1, "seven_wonders_duel": 2}\n'
                                  'def f(game="seven_wonders_duel"):\n    return VIEWS[game]')


PAGE_SCRIPTS = sorted((ROOT / "wonders_web").rglob("*.js"))
QUOTED_NAME = "|".join(rf"{quote}{re.escape(name)}{quote}" for name in GAME_NAMES for quote in "\"'`")
IDENTIFIER_NAME = "|".join(name for name in GAME_NAMES if name.isidentifier())
COMPARED = r"(?:[=!]==?)"


def js_game_name_branches(source: str) -> list[str]:
    """The lines of a page's script that compare with a game's name or alias (``"line: code"`` each):
    a quoted name, or a constant bound to one here (``const DUEL = "duel"``), on a side of ``===``,
    ``!==``, ``==`` or ``!=``, after ``case``, or given to ``startsWith``, ``endsWith``, ``includes``
    or ``indexOf``, or a list of names searched (``["duel", "7w"].includes(game)``); and the lines
    that pick one game's entry by its name (``setup.games.seven_wonders``, ``games["duel"]``)."""
    constants = re.findall(rf"\b(?:const|let|var)\s+(\w+)\s*=\s*(?:{QUOTED_NAME})", source)
    operand = "|".join([QUOTED_NAME, *(rf"\b{name}\b" for name in constants)])
    branch = re.compile(rf"{COMPARED}\s*(?:{operand})|(?:{operand})\s*{COMPARED}|\bcase\s+(?:{operand})\s*:"
                        rf"|\.(?:startsWith|endsWith|includes|indexOf)\(\s*(?:{operand})"
                        rf"|\[[^\]]*(?:{operand})[^\]]*\]\s*\.(?:includes|indexOf)\("
                        rf"|\w\.(?:{IDENTIFIER_NAME})\b|\w\[\s*(?:{operand})\s*\]")
    return [f"{number}: {line.strip()}" for number, line in enumerate(source.splitlines(), 1) if branch.search(line)]


@pytest.mark.parametrize("path", PAGE_SCRIPTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_page_does_not_branch_on_a_game_name(path):
    found = js_game_name_branches(path.read_text())
    assert not found, (f"{path.relative_to(ROOT)} branches on a game's name (read what differs from the "
                       f"server's /api/setup, setup.games[game]): {found}")


@pytest.mark.parametrize("code", [
    'const seats = view.game === "seven_wonders_duel" ? 2 : 4;',
    "if ('duel' !== game) draw();",
    'const DUEL = "seven_wonders_duel";\nif (game == DUEL) draw();',
    'switch (game) {\n  case `7w`: break;\n}',
    'if (["duel", "7w"].includes(game)) draw();',
    'if (game.endsWith("seven_wonders")) draw();',
    'const seven = setup.games.seven_wonders;',
    "const duel = setup.games['duel'];",
])
def test_the_check_sees_a_branch_in_the_page(code):
    assert js_game_name_branches(code)


def test_a_table_a_default_and_a_class_name_are_not_branches_in_the_page():
    assert not js_game_name_branches('const BOARDS = {duel: duelBoard, seven_wonders: sevenBoard};\n'
                                     'fillSelect(select, games, "seven_wonders_duel");\n'
                                     'const board = el("div", "duel");\nif (table.phase === "draft") draw();')


def test_the_exceptions_are_there():
    """An exception that names a moved or deleted file would hide nothing: each must exist."""
    assert all((ROOT / path).exists() for path in ALLOWED)
    assert PAGE_SCRIPTS, "the web page's script is checked: it must be found"
