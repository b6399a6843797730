"""The games the web app knows, each by its view module (:mod:`.duel_view`, :mod:`.seven_wonders_view`).

Every view module has ``GAME`` (the registry name), ``TITLE``, ``BOARD`` (which of the page's board
drawings shows its table: a key of ``BOARDS`` in ``static/app.js``), ``SETUP_CHOICES`` (what the setup
form offers beside the player count: per option its label, its values with the default first and an
optional hint) and the same functions: ``new_env(options)``, ``acting_agents(env)``,
``phase(env)``, ``seat_names(env)``, ``table(env, seat)``, ``moves(env, seat)``,
``news_mark(env)``, ``news(env, mark)``, ``event(entry, viewer)``,
``recorded_action(env, agent, entries)`` and ``replay_options(record)``.
"""

from __future__ import annotations

from types import ModuleType

from wonders_env.registry import resolve_game

from . import duel_view, seven_wonders_view

GAME_VIEWS: dict[str, ModuleType] = {duel_view.GAME: duel_view, seven_wonders_view.GAME: seven_wonders_view}


def game_view(name: object) -> ModuleType:
    """The view module of a game name (``"duel"`` and ``"7w"`` accepted); ``ValueError`` for a name
    the registry does not know or a game without a view module (a new game plays in the browser
    once it has one: a module with the functions above, added to :data:`GAME_VIEWS`)."""
    if not isinstance(name, str):
        raise ValueError(f"the game must be a name, one of {', '.join(GAME_VIEWS)}; got {name!r}")
    game = resolve_game(name)
    if game not in GAME_VIEWS:
        raise ValueError(f"the web app has no board for {game} yet; games with one: {', '.join(GAME_VIEWS)}")
    return GAME_VIEWS[game]
