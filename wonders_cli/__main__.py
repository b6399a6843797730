"""``python -m wonders_cli``: the ``wonders`` command."""

from wonders_cli import main

main()
