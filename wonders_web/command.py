"""The ``wonders serve`` subcommand: :func:`add_subcommand` adds it to the ``wonders`` parser.

Imports nothing of the web extra until it runs, so the command line works without it and says
what to install when ``serve`` is asked for.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_subcommand(commands: argparse._SubParsersAction) -> None:
    """Add ``serve`` to the ``wonders`` parser's subcommands; it sets ``handler``."""
    serve = commands.add_parser("serve", help="play, watch and replay games in the browser (the web extra)",
                                description="Run the web app: open the printed address in a browser.")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--records", default="runs/web", help="folder of the games' records (default runs/web)")
    serve.set_defaults(handler=lambda args: serve_command(serve, args))


def serve_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if not 0 < args.port < 65536:
        parser.error(f"--port must be from 1 to 65535, got {args.port}")
    try:
        from .app import serve
    except ImportError as error:
        parser.exit(1, f"wonders serve needs the web extra (pip install -e '.[web]'): {error}\n")
    serve(args.host, args.port, Path(args.records))
