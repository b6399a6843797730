"""Imports flow one way: data -> rules -> observation/actions -> engine -> env -> registry ->
agents -> training -> the web app (``wonders_web``) -> the command line (``wonders_cli``).

Every import statement of the packages (module-level and inside functions) is read from the
source and checked against the layers below; a module may import its own layer and the layers
under it, and a game's folder imports no other game's folder. A new module must be given a layer
here: an unknown one fails the test, so that the order stays written down. A script (a module
run as ``python -m``, with an ``if __name__ == "__main__"`` block) is imported by no module: what
scripts share lives in a library module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"wonders_env": "wonders_env", "agents": "wonders_agents", "training": "wonders_training",
            "wonders_web": "wonders_web", "wonders_cli": "wonders_cli"}  # folder: import name
GAME_FOLDERS = ("seven_wonders", "duel")

# the layers of a game's folder, by module name
GAME_LAYERS = {
    "cards": 0,                                                                  # data
    "actions": 1, "state": 1, "costs": 1, "scoring": 1, "rules": 1, "determinize": 1,   # rules
    "pantheon": 1, "agora": 1, "leaders": 1,                                     # rules of the expansions
    "observation": 2, "record": 2, "render": 2, "presentation": 2, "text_view": 2,  # observation/actions
    "game": 3, "compiled": 3,                                                    # the engine interface
    "env": 4,                                                                    # PettingZoo
}
LAYER_NAMES = ("data", "rules", "observation/actions", "engine", "env", "registry", "agents", "training",
               "web app", "command line")


def layer(module: str) -> int | None:
    """The layer of a module of the packages, or None for a module no layer names."""
    parts = module.split(".")
    if parts[0] == "wonders_env":
        if module in ("wonders_env.game", "wonders_env.core", "wonders_env._core", "wonders_env.deal_rng",
                      "wonders_env._version"):
            return 0  # the interface, the compiled binding, the deal's generator, the version: nothing of ours
        if len(parts) >= 2 and parts[1] in GAME_FOLDERS:
            return GAME_LAYERS.get(parts[2]) if len(parts) > 2 else 0
        if module.endswith("_v0") or module == "wonders_env.pettingzoo_common":
            return 4  # the PettingZoo modules, and what the games' envs share
        if module in ("wonders_env", "wonders_env.registry", "wonders_env.vector", "wonders_env.text"):
            return 5  # the batched API and the text interface read the registry
        return None
    if parts[0] == "wonders_cli":
        return 9  # the command line: above everything, imported by nothing
    if parts[0] == "wonders_agents":
        return 6
    if parts[0] == "wonders_training":
        return 7
    if parts[0] == "wonders_web":
        return 8  # the web app plays with the agents: above them, below the command line
    return None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    parts[0] = PACKAGES[parts[0]]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> list[str]:
    """The modules of the packages that ``path`` imports (relative imports resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            names_a_module = False
            for alias in node.names:  # `from . import rules` imports a module, not the package's names
                candidate = ROOT.joinpath(*target.split("."), alias.name)
                if candidate.with_suffix(".py").is_file() or candidate.is_dir():
                    found.append(f"{target}.{alias.name}")
                    names_a_module = True
            if not names_a_module:
                found.append(target)
    return [m for m in found if m.split(".")[0] in PACKAGES.values()]


SOURCES = sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_every_module_has_a_layer():
    unknown = [module_name(p) for p in SOURCES if layer(module_name(p)) is None]
    assert not unknown, f"modules without a layer (add them to tests/test_import_order.py): {unknown}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_imports_flow_one_way(path):
    name = module_name(path)
    own = layer(name)
    wrong = []
    for target in imported_modules(path):
        if layer(target) is None:
            continue  # a name imported from a package (`from wonders_env import make`) is checked there
        if layer(target) > own:
            wrong.append(f"{target} ({LAYER_NAMES[layer(target)]})")
        parts, target_parts = name.split("."), target.split(".")
        if (parts[0] == target_parts[0] == "wonders_env" and len(parts) > 2 and parts[1] in GAME_FOLDERS
                and len(target_parts) > 1 and target_parts[1] in GAME_FOLDERS and target_parts[1] != parts[1]):
            wrong.append(f"{target} (another game)")
    assert not wrong, f"{name} ({LAYER_NAMES[own]}) imports against the order: {wrong}"


def test_the_check_sees_a_wrong_import():
    """The rule itself: an engine module importing the agents, or the agents the training, fails."""
    assert layer("wonders_agents.mcts") > layer("wonders_env.duel.rules")
    assert layer("wonders_training.ppo_selfplay") > layer("wonders_agents.policy")
    assert layer("wonders_cli.serve") > layer("wonders_web.app") > layer("wonders_training.evaluation")
    assert all(layer("wonders_cli") > layer(module)
               for module in ("wonders_agents", "wonders_training", "wonders_env", "wonders_web"))
    assert layer("wonders_web.app") > layer("wonders_agents.play")  # the agents never import the web app
    assert layer("wonders_web.sessions") > layer("wonders_agents.tournament") > layer("wonders_env.registry")
    assert layer("wonders_env.web.app") is None  # nothing of the engine package sits above the agents
    assert layer("wonders_env.duel.env") > layer("wonders_env.duel.game") > layer("wonders_env.duel.observation")
    assert layer("wonders_env.duel.observation") > layer("wonders_env.duel.rules") > layer("wonders_env.duel.cards")


def is_script(path: Path) -> bool:
    """Whether ``path`` is a script: a module with an ``if __name__ == "__main__"`` block."""
    main_tests = ('__name__ == "__main__"', "__name__ == '__main__'")
    return any(isinstance(node, ast.If) and ast.unparse(node.test) in main_tests
               for node in ast.parse(path.read_text(), str(path)).body)


SCRIPTS = {module_name(path) for path in SOURCES if is_script(path)}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_no_module_imports_a_script(path):
    scripts = sorted(set(imported_modules(path)) & SCRIPTS)
    assert not scripts, (f"{module_name(path)} imports the scripts {scripts}: move what they share into a library "
                         "module (training/checkpoints.py, training/seats.py, ...)")


def test_the_scripts_are_found():
    names = ("ppo_selfplay", "az_selfplay", "train_rllib", "train_sb3")
    assert {f"wonders_training.{name}" for name in names} <= SCRIPTS
    assert "wonders_training.evaluation" not in SCRIPTS and "wonders_cli" not in SCRIPTS
