"""``wonders serve``: the web app (:mod:`wonders_web`), to play, watch and replay in the browser.

Imports nothing of the web extra until it runs, so the command line works without it and says
what to install when ``serve`` is asked for.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from wonders_web.guard import allowed_hosts, is_loopback
from wonders_web.limits import Limits, ModelEndpoint
from wonders_web.proxy import PROXY_HEADERS, TrustedProxies


def add_subcommand(commands: argparse._SubParsersAction) -> None:
    """Add ``serve`` to the ``wonders`` parser's subcommands; it sets ``handler``."""
    serve = commands.add_parser("serve", help="play, watch and replay games in the browser (the web extra)",
                                description="Run the web app: open the printed address in a browser.")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine "
                       "only; another address needs --allow-remote)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--records", default="runs/web", help="folder of the games' records (default runs/web)")
    serve.add_argument("--allow-remote", action="store_true",
                       help="let --host be an address other computers reach (they can create games and run bots here)")
    serve.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                       help="another name or address the browsers use to reach this server (the Host header "
                       "it answers besides --host; repeatable): NAME is answered with and without --port (a "
                       "browser leaves out 80 and 443, as behind a reverse proxy), NAME:PORT as given")
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS_OR_CIDR",
                       help="a reverse proxy in front of this server, an IPv4/IPv6 address or CIDR network "
                       "(repeatable): the client of a request from it is the right-most address of its "
                       "X-Forwarded-For that is not a trusted proxy, and its X-Forwarded-Proto the scheme "
                       "the browser used (default none: the client is the connection's peer, and forwarding "
                       "headers are ignored)")
    serve.add_argument("--proxy-header", choices=PROXY_HEADERS,
                       help=f"the header the trusted proxies write the client in (default {PROXY_HEADERS[0]}; "
                       "forwarded: RFC 7239's Forwarded for= and proto=)")
    defaults = Limits()
    serve.add_argument("--max-body", type=int, default=defaults.max_body,
                       help=f"largest request body in bytes (default {defaults.max_body})")
    serve.add_argument("--max-bot-seconds", type=float, default=defaults.max_bot_seconds,
                       help=f"largest time_limit of a bot, seconds a move (default {defaults.max_bot_seconds})")
    serve.add_argument("--max-bot-simulations", type=int, default=defaults.max_bot_simulations,
                       help=f"largest simulations of a bot, a move (default {defaults.max_bot_simulations})")
    serve.add_argument("--policy-dir", action="append", default=[], metavar="DIR",
                       help="a folder policy files may be read from, besides "
                       f"{', '.join(map(str, defaults.policy_dirs))} (repeatable)")
    serve.add_argument("--max-games", type=int, default=defaults.max_games,
                       help=f"games held in memory (finished ones are released first when a new game needs room; "
                       f"default {defaults.max_games})")
    serve.add_argument("--max-games-per-client", type=int, default=defaults.max_games_per_client,
                       help="games in progress created from one client address (behind a reverse proxy: "
                       f"see --trusted-proxy; default {defaults.max_games_per_client})")
    serve.add_argument("--abandon-seconds", type=float, default=defaults.abandon_seconds,
                       help="a game in progress that no request names for this long is stopped and released when a "
                       "new game needs room, its save moved to abandoned/ "
                       f"(default {defaults.abandon_seconds:g})")
    serve.add_argument("--llm", action="append", default=[], metavar="NAME=URL,MODEL[,KEY_ENV]",
                       help="offer a language model to the seats, as llm:NAME in the page's bot menu (repeatable): "
                       "the chat-completions server at URL (e.g. http://127.0.0.1:8000/v1), its MODEL, and the "
                       "environment variable KEY_ENV holding its key (sent to URL only; none: no key). The "
                       "browsers choose only among these NAMEs, never a URL, model or key (default none)")
    serve.set_defaults(handler=lambda args: serve_command(serve, args))


def serve_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if not 0 < args.port < 65536:
        parser.error(f"--port must be from 1 to 65535, got {args.port}")
    if not is_loopback(args.host) and not args.allow_remote:
        parser.error(f"--host {args.host} is not a loopback address: every computer that reaches it could create "
                     "games, run bots on this machine and play the seats it is invited to, over plain http; "
                     "add --allow-remote to mean it")
    if args.max_body < 1 or not args.max_bot_seconds > 0 or args.max_bot_simulations < 1 or args.max_games < 1 \
            or args.max_games_per_client < 1 or not args.abandon_seconds > 0:
        parser.error("--max-body, --max-bot-seconds, --max-bot-simulations, --max-games, --max-games-per-client "
                     "and --abandon-seconds must be positive")
    if args.proxy_header and not args.trusted_proxy:
        parser.error("--proxy-header needs --trusted-proxy: the header is read only from the proxies named there")
    try:
        proxies = TrustedProxies.parse(args.trusted_proxy, args.proxy_header or PROXY_HEADERS[0])
        allowed_hosts(args.host, args.port, args.allowed_host)
        models = tuple(map(ModelEndpoint.parse, args.llm))
    except ValueError as error:
        parser.error(str(error))
    names = [model.name for model in models]
    if len(set(names)) < len(names):
        parser.error(f"--llm names each model once; got the names {', '.join(names)}")
    try:
        from wonders_web.app import serve
    except ImportError as error:
        parser.exit(1, f"wonders serve needs the web extra (pip install -e '.[web]'): {error}\n")
    limits = Limits(max_body=args.max_body, max_bot_seconds=args.max_bot_seconds,
                    max_bot_simulations=args.max_bot_simulations,
                    policy_dirs=Limits().policy_dirs + tuple(map(Path, args.policy_dir)), max_games=args.max_games,
                    max_games_per_client=args.max_games_per_client, abandon_seconds=args.abandon_seconds,
                    models=models)
    serve(args.host, args.port, Path(args.records), limits, tuple(args.allowed_host), proxies)
