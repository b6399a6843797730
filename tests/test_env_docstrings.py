"""Each env's documentation page is its module docstring, which opens with PettingZoo's fixed table
(Import, Actions, Parallel API, Manual Control, Agents, Agents count, Action shape, Action values,
Observation shape, Observation values). Its values are checked here against the env itself: a
change of the action or observation space that forgets the page fails."""

from __future__ import annotations

import importlib
import numpy as np
import pytest
from gymnasium.spaces import Discrete

from wonders_env.registry import GAMES

ROWS = ("Import", "Actions", "Parallel API", "Manual Control", "Agents", "Agents count", "Action shape",
        "Action values", "Observation shape", "Observation values")


def opening_table(docstring: str) -> dict[str, str]:
    """The rows of the first Markdown table of ``docstring``, in order, as {name: cell}."""
    lines = docstring.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        name, cell = (part.strip() for part in line.strip().strip("|").split("|", 1))
        rows.append((name, cell.strip()))
    return dict(rows)


def variant_text(values: dict[tuple[str, str], str]) -> str:
    """A cell that gives a value for each (edition, payment) of 7 Wonders, the plain game first."""
    return (f"{values['1st', 'cheapest']}; 2nd edition {values['2nd', 'cheapest']}; "
            f"`payment=\"choose\"`: {values['1st', 'choose']}, 2nd edition {values['2nd', 'choose']}")


def spaces(module, **options):
    env = module.env(**options)
    agent = env.possible_agents[0]
    return env.action_space(agent), env.observation_space(agent)


@pytest.mark.parametrize("game", GAMES)
def test_the_docstring_opens_with_pettingzoos_table(game):
    table = opening_table(importlib.import_module(GAMES[game].env_module).__doc__)
    assert tuple(table) == ROWS, f"the rows of {game}'s opening table"


@pytest.mark.parametrize("game", GAMES)
def test_the_table_imports_the_module_and_names_the_parallel_api(game):
    entry = GAMES[game]
    module = importlib.import_module(entry.env_module)
    table = opening_table(module.__doc__)
    namespace: dict = {}
    exec(table["Import"].strip("`"), namespace)
    assert namespace[entry.env_module.rsplit(".", 1)[1]] is module
    assert table["Parallel API"].split()[0] == ("Yes" if entry.parallel else "No")
    assert hasattr(module, "parallel_env") == entry.parallel
    command = table["Manual Control"].strip("`").split()
    assert command[:3] == ["wonders", "play", "--game"] and command[3] in (entry.name, *entry.aliases)


def test_duel_table_values_are_the_envs():
    from wonders_env import seven_wonders_duel_v0

    table = opening_table(seven_wonders_duel_v0.__doc__)
    env = seven_wonders_duel_v0.env()
    action_space, observation_space = spaces(seven_wonders_duel_v0)
    observation = observation_space["observation"]
    assert table["Agents"] == f"`agents = {env.possible_agents}`"
    assert table["Agents count"] == str(len(env.possible_agents))
    # PettingZoo's notation for one discrete action
    assert table["Action shape"] == "`(1,)`" and isinstance(action_space, Discrete)
    assert table["Action values"] == f"`[0, {action_space.n - 1}]`"
    assert table["Observation shape"] == f"`{observation.shape}`"
    assert table["Observation values"] == f"`[{observation.low.min():g}, {observation.high.max():g}]`"


def test_seven_wonders_table_values_are_the_envs():
    from wonders_env import seven_wonders_v0

    table = opening_table(seven_wonders_v0.__doc__)
    counts = GAMES["seven_wonders"].player_counts
    assert table["Agents count"] == f"{counts[0]}-{counts[-1]}" and counts == tuple(range(counts[0], counts[-1] + 1))
    assert table["Agents"] == "`agents = ['player_0', ..., 'player_{N-1}']`"
    for count in counts:
        assert seven_wonders_v0.env(num_players=count).possible_agents == [f"player_{i}" for i in range(count)]
    actions, shapes, lows, highs = {}, {}, set(), set()
    for edition in ("1st", "2nd"):
        for payment in ("cheapest", "choose"):
            # the spaces do not depend on the player count: each count is checked against the first
            by_count = {count: spaces(seven_wonders_v0, num_players=count, edition=edition, payment=payment)
                        for count in counts if edition == "1st" or count >= 3}
            action_space, observation_space = next(iter(by_count.values()))
            for other_actions, other_observations in by_count.values():
                assert other_actions == action_space and other_observations == observation_space
            observation = observation_space["observation"]
            actions[edition, payment] = f"`[0, {action_space.n - 1}]`"
            shapes[edition, payment] = f"`{observation.shape}`"
            lows.add(float(observation.low.min()))
            highs.add(float(observation.high.max()))
            assert observation.dtype == np.float32 and observation_space["action_mask"].dtype == np.int8
    assert table["Action shape"] == "`(1,)`" and isinstance(action_space, Discrete)
    assert table["Action values"] == variant_text(actions)
    assert table["Observation shape"] == variant_text(shapes)
    assert len(lows) == len(highs) == 1
    assert table["Observation values"] == f"`[{lows.pop():g}, {highs.pop():g}]`"


def test_the_table_reader_reads_rows_in_order_and_stops_at_the_tables_end():
    text = "# Title\n\n| | |\n|---|---|\n| Import | `x` |\n| Agents | a | b |\n\n| Other | table |"
    assert opening_table(text) == {"Import": "`x`", "Agents": "a | b"}
    cell = variant_text({(edition, payment): f"{edition}/{payment}" for edition in ("1st", "2nd")
                         for payment in ("cheapest", "choose")})
    assert cell == '1st/cheapest; 2nd edition 2nd/cheapest; `payment="choose"`: 1st/choose, 2nd edition 2nd/choose'


def test_the_leaders_section_gives_the_tables_sizes():
    """The env page's Leaders section: its card names, leaders, base ranges, action counts and
    observation sizes are the Leaders env's (at every player count), and the signature names the
    ``expansions`` argument."""
    from wonders_env import seven_wonders_v0

    page = seven_wonders_v0.__doc__
    section = " ".join(page[page.index("## The Leaders expansion"):page.index("## Rewards")].split())
    found = {}
    for payment in ("cheapest", "choose"):
        sizes = {(env.action_space("player_0").n, env.observation_space("player_0")["observation"].shape[0],
                  env.unwrapped.db.num_types, env.unwrapped.db.num_leaders)
                 for count in (3, 7) for env in [seven_wonders_v0.env(num_players=count, payment=payment,
                                                                      expansions=("leaders",), engine="python")]}
        assert len(sizes) == 1
        found[payment] = sizes.pop()
    (actions, observation, types, leaders), (choose_actions, choose_observation, _, _) = found.values()
    assert f"`T = {types}`" in section and f"`L = {leaders}`" in section
    assert f"`B` in all ({actions - 5 * leaders}, or {choose_actions - 5 * leaders})" in section
    assert f"{actions} actions ({choose_actions} with `\"choose\"`)" in section
    assert f"an observation of {observation} values ({choose_observation} with `\"choose\"`)" in section
    assert 'engine="core", expansions=None)' in page
