"""Play, watch and replay 7 Wonders and 7 Wonders Duel in the browser: ``wonders serve``.

```bash
pip install -e '.[web]'
wonders serve                 # http://127.0.0.1:8000/ (this machine only); --port to change
```

One page (plain HTML, CSS and JavaScript in ``static/``, no build step) talks to a small
Starlette app (:mod:`.app`) run by uvicorn. The package sits above the agents (its bots are
theirs) and below the command line (:mod:`wonders_cli.serve` adds ``serve``); the
engine package ``wonders_env`` knows nothing of it. It is installed with the package; the
server it needs (Starlette, uvicorn) comes with the ``web`` extra.

* **Play**: choose the game (Duel; 7 Wonders with 2-7 seats, edition, wonder sides and payment
  mode) and who plays each seat: ``human``, a bot (``random``, ``heuristic``, ``mcts``, ``ppo``, with
  tournament options such as ``mcts:simulations=100``), a policy file, or a language model the
  operator offers (``wonders serve --llm NAME=URL,MODEL[,KEY_ENV]``: the seat ``llm:NAME``; a
  browser never names a URL, a model or a key: :mod:`.limits`). The legal moves are the
  highlighted pieces; clicking one lists its moves with the price and to whom it is paid.
* **Watch**: a game without human seats, at a chosen number of seconds per bot move.
* **Replay**: open a game record and step through it turn by turn, forwards and backwards.

No hidden information reaches the browser: a human seat receives what its observation holds
(:mod:`.duel_view`, :mod:`.seven_wonders_view` build everything that is sent). A seat belongs to
the browser that holds its secret token (the creator's, until it sends an invitation link), and
a browser lists only the games it holds secrets of (:mod:`.sessions`, :mod:`.app`). Every request
must name this server in ``Host``, and every post be same-origin JSON (:mod:`.guard`); bodies,
bots' budgets, policy paths and the games held (per server and per client address) have limits
(:mod:`.limits`, ``wonders serve --help``). Another address than loopback needs
``--allow-remote`` (:mod:`wonders_cli.serve`).

Behind a reverse proxy (nginx, Caddy, a cloud load balancer; it also gives https) every request
comes from the proxy's address. Name the proxy with ``--trusted-proxy ADDRESS_OR_CIDR``
(repeatable): the client of a request from it is the right-most address of its
``X-Forwarded-For`` that is not a trusted proxy (``--proxy-header forwarded``: RFC 7239's
``Forwarded: for=``), so that each user has their own ``--max-games-per-client``. From any other
peer, and without the option, the header is ignored (anyone can write it); a header of a trusted
proxy that cannot be read leaves the proxy as the client, and is logged (:mod:`.proxy`). The
proxy passes the browser's ``Host`` on (Caddy and the load balancers do) and says the scheme it
was reached by (``X-Forwarded-Proto`` or ``Forwarded: proto=``: the ``Origin`` check needs it);
``--allowed-host NAME`` is the public name, answered without a port too. With nginx on this machine:

```bash
wonders serve --trusted-proxy 127.0.0.1 --allowed-host games.example.com
# nginx: proxy_pass http://127.0.0.1:8000; proxy_set_header Host $host;
#        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
#        proxy_set_header X-Forwarded-Proto $scheme;
```

Games are kept by the server (:mod:`.sessions`): a closed tab or a second tab loses nothing,
every game is saved in ``runs/web/`` when it is created and after every move, the queued choices
of a 7 Wonders turn included (``in_progress/`` while it runs, then the plain game record), and
the games in progress are resumed when the server starts again, stopped or killed
(:mod:`.replay` rebuilds them from their records).
"""
