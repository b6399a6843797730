"""The client behind reverse proxies (``wonders serve --trusted-proxy``, :mod:`wonders_web.proxy`):
forwarding headers are read only from the trusted proxies, right to left, so that users behind a
proxy have their own caps and nobody escapes a cap by writing the header; a header that cannot be
read leaves the proxy as the client; the ``Host`` and ``Origin`` checks pass behind an https proxy."""

from __future__ import annotations

import logging

# first: where the web extra is missing, this import skips the module, saying why
from web_helpers import BASE_URL

import pytest
from starlette.testclient import TestClient

from wonders_web.app import create_app
from wonders_web.limits import Limits
from wonders_web.proxy import TrustedProxies

GAME = {"game": "seven_wonders_duel", "options": {}, "seats": ["human", "random"], "delay": 0}
PROXY = "10.0.0.1"
LIMITS = Limits(max_games_per_client=2)


def make_app(tmp_path, *proxies: str, header: str = "x-forwarded-for", **options):
    return create_app(tmp_path, limits=LIMITS, proxies=TrustedProxies.parse(proxies, header), **options)


def client_of_new_game(app, peer: str, headers: dict[str, str], base_url: str = BASE_URL) -> str:
    """The client address the app holds a new game under, created from ``peer`` with ``headers``."""
    with TestClient(app, base_url=base_url, client=(peer, 50000)) as client:
        response = client.post("/api/games", json=GAME, headers=headers)
    assert response.status_code == 200, response.text
    return app.state.store.get(response.json()["id"]).client


def test_without_trusted_proxies_a_forged_header_does_not_escape_the_cap(tmp_path):
    app = create_app(tmp_path, limits=LIMITS)
    with TestClient(app, base_url=BASE_URL, client=("203.0.113.5", 50000)) as client:
        for user in range(1, 3):
            forged = {"X-Forwarded-For": f"198.51.100.{user}", "Forwarded": f"for=198.51.100.{user}"}
            assert client.post("/api/games", json=GAME, headers=forged).status_code == 200
        refused = client.post("/api/games", json=GAME, headers={"X-Forwarded-For": "198.51.100.3"})
    assert refused.status_code == 429 and "this client (203.0.113.5) already has 2 games" in refused.json()["error"]


def test_users_behind_a_trusted_proxy_have_their_own_caps(tmp_path):
    app = make_app(tmp_path, PROXY)
    with TestClient(app, base_url=BASE_URL, client=(PROXY, 50000)) as proxy:
        first, second = {"X-Forwarded-For": "203.0.113.5"}, {"X-Forwarded-For": "203.0.113.6"}
        for _ in range(2):
            assert proxy.post("/api/games", json=GAME, headers=first).status_code == 200
        refused = proxy.post("/api/games", json=GAME, headers=first)
        assert refused.status_code == 429 and "this client (203.0.113.5)" in refused.json()["error"]
        assert proxy.post("/api/games", json=GAME, headers=second).status_code == 200
        assert proxy.post("/api/games", json=GAME, headers={"X-Forwarded-For": "198.51.100.9, 203.0.113.5"}
                          ).status_code == 429  # what the user wrote left of the proxy's entry changes nothing
    assert sorted(session.client for session in app.state.store.sessions.values()) == ["203.0.113.5"] * 2 + [
        "203.0.113.6"]


def test_a_header_from_an_untrusted_peer_is_ignored(tmp_path):
    app = make_app(tmp_path, PROXY)
    assert client_of_new_game(app, "10.0.0.2", {"X-Forwarded-For": "203.0.113.5"}) == "10.0.0.2"
    assert client_of_new_game(app, "10.0.0.2", {"X-Forwarded-For": PROXY}) == "10.0.0.2"


@pytest.mark.parametrize("forwarded_for, client", [
    ("203.0.113.5, 10.0.0.7", "203.0.113.5"),  # the proxy nearest the user is trusted too
    ("198.51.100.1, 203.0.113.5, 10.0.0.9, 10.0.0.7", "203.0.113.5"),  # a forged entry left of the user
    ("not an address, 203.0.113.5, 10.0.0.7", "203.0.113.5"),  # garbage left of the user is never read
    ("203.0.113.5:4711, 10.0.0.7", "203.0.113.5"),  # with the user's port
    ("10.0.0.8, 10.0.0.7", "10.0.0.8"),  # every hop trusted: the farthest
])
def test_a_chain_of_proxies_gives_the_right_most_untrusted_address(tmp_path, forwarded_for, client):
    app = make_app(tmp_path, "10.0.0.0/24")
    assert client_of_new_game(app, PROXY, {"X-Forwarded-For": forwarded_for}) == client


def test_the_header_lines_of_a_chain_are_read_as_one_list(tmp_path):
    app = make_app(tmp_path, "10.0.0.0/24")
    with TestClient(app, base_url=BASE_URL, client=(PROXY, 50000)) as proxy:
        response = proxy.post("/api/games", json=GAME, headers=[("X-Forwarded-For", "198.51.100.1, 203.0.113.5"),
                                                                ("X-Forwarded-For", "10.0.0.7")])
    assert app.state.store.get(response.json()["id"]).client == "203.0.113.5"


@pytest.mark.parametrize("headers", [
    {"X-Forwarded-For": "not-an-address"}, {"X-Forwarded-For": ""}, {"X-Forwarded-For": "203.0.113.5,"},
    {"X-Forwarded-For": "203.0.113.5:http"}, {"X-Forwarded-For": "[2001:db8::5"}, {"X-Forwarded-For": "x" * 10_000},
    {"X-Forwarded-For": "203.0.113.5", "X-Forwarded-Proto": "gopher"},
])
def test_a_malformed_header_from_a_trusted_proxy_leaves_the_proxy_as_the_client_and_is_logged(
        tmp_path, caplog, headers):
    app = make_app(tmp_path, PROXY)
    with caplog.at_level(logging.WARNING, logger="wonders_web.proxy"):
        assert client_of_new_game(app, PROXY, headers) == PROXY
    message = caplog.records[-1].getMessage()
    assert f"X-Forwarded-For header of a request from the trusted proxy {PROXY} is not understood" in message
    assert "the client is taken to be the proxy" in message and len(message) < 1000


@pytest.mark.parametrize("forwarded, client", [
    ("for=203.0.113.5", "203.0.113.5"),
    ('for=198.51.100.1, for=203.0.113.5;proto=https;by="[2001:db8::1]", FOR=10.0.0.7', "203.0.113.5"),
    ('for="[2001:db8:cafe::17]:4711"', "2001:db8:cafe::17"),
    ('for="_hidden", for=unknown;proto=x y, for=203.0.113.5', "203.0.113.5"),  # left of the user: never read
    ('for="203.0.113.\\5"', "203.0.113.5"),  # a quoted-pair
])
def test_the_forwarded_header_is_read_with_the_same_rule(tmp_path, forwarded, client):
    app = make_app(tmp_path, "10.0.0.0/24", header="forwarded")
    assert client_of_new_game(app, PROXY, {"Forwarded": forwarded, "X-Forwarded-For": "198.51.100.2"}) == client


@pytest.mark.parametrize("forwarded", [
    "for=unknown", 'for="_hidden"', "by=10.0.0.1", "for=[2001:db8::5]", 'for="203.0.113.5', "for=203.0.113.5 by=x",
    "for=203.0.113.5;for=203.0.113.6", "for=203.0.113.5;proto=gopher", "=203.0.113.5",
])
def test_a_malformed_forwarded_header_leaves_the_proxy_as_the_client_and_is_logged(tmp_path, caplog, forwarded):
    app = make_app(tmp_path, PROXY, header="forwarded")
    with caplog.at_level(logging.WARNING, logger="wonders_web.proxy"):
        assert client_of_new_game(app, PROXY, {"Forwarded": forwarded}) == PROXY
    assert "Forwarded header of a request from the trusted proxy 10.0.0.1" in caplog.records[-1].getMessage()


def test_only_the_chosen_header_is_read(tmp_path):
    """A proxy that writes one header passes the other on as the user wrote it."""
    forwarded_for = make_app(tmp_path, PROXY)
    assert client_of_new_game(forwarded_for, PROXY, {"Forwarded": "for=198.51.100.1"}) == PROXY
    forwarded = make_app(tmp_path / "other", PROXY, header="forwarded")
    assert client_of_new_game(forwarded, PROXY, {"X-Forwarded-For": "198.51.100.1"}) == PROXY


def test_ipv6_proxies_and_clients(tmp_path):
    app = make_app(tmp_path, "2001:db8:1::/64", PROXY)
    assert client_of_new_game(app, "2001:db8:1::10", {"X-Forwarded-For": "2001:DB8:FFFF:0::5"}) == "2001:db8:ffff::5"
    assert client_of_new_game(app, "2001:db8:1::10", {"X-Forwarded-For": "[2001:db8:ffff::6]:443"}) == \
        "2001:db8:ffff::6"
    assert client_of_new_game(app, "2001:db8:2::10", {"X-Forwarded-For": "203.0.113.5"}) == "2001:db8:2::10"
    # a dual-stack listener sees an IPv4 peer as an IPv4-mapped IPv6 address: the same proxy, the same client
    assert client_of_new_game(app, f"::ffff:{PROXY}", {"X-Forwarded-For": "::ffff:203.0.113.5"}) == "203.0.113.5"
    assert client_of_new_game(app, "::ffff:203.0.113.7", {}) == "203.0.113.7"
    mapped = make_app(tmp_path / "mapped", f"::ffff:{PROXY}")
    assert client_of_new_game(mapped, PROXY, {"X-Forwarded-For": "203.0.113.5"}) == "203.0.113.5"


# ---------------------------------------------------------------- Host and Origin behind an https proxy
PUBLIC = "https://games.example.com"  # the page's origin in the browser
FORWARDED_URL = "http://games.example.com"  # the proxy forwards plain http with the browser's Host


@pytest.fixture
def public_app(tmp_path):
    """A server on 127.0.0.1:8000 behind a proxy on the same machine that serves ``PUBLIC``."""
    return make_app(tmp_path, "127.0.0.1", extra_hosts=("games.example.com",))


def test_a_same_origin_post_passes_behind_an_https_proxy(public_app):
    headers = {"Origin": PUBLIC, "X-Forwarded-For": "203.0.113.5", "X-Forwarded-Proto": "https"}
    assert client_of_new_game(public_app, "127.0.0.1", headers, base_url=FORWARDED_URL) == "203.0.113.5"


@pytest.mark.parametrize("peer, headers", [
    ("127.0.0.1", {"Origin": PUBLIC}),  # the proxy did not say https: the page is not the server's http origin
    ("127.0.0.1", {"Origin": "http://games.example.com", "X-Forwarded-Proto": "https"}),
    ("127.0.0.1", {"Origin": "https://evil.example", "X-Forwarded-Proto": "https"}),
    ("203.0.113.5", {"Origin": PUBLIC, "X-Forwarded-Proto": "https"}),  # only a trusted proxy says the scheme
])
def test_a_cross_origin_post_is_still_refused_behind_a_proxy(public_app, peer, headers):
    with TestClient(public_app, base_url=FORWARDED_URL, client=(peer, 50000)) as client:
        response = client.post("/api/games", json=GAME, headers=headers)
    error = response.json()["error"]
    assert response.status_code == 403 and "cross-origin request refused" in error
    assert ("must be named by wonders serve --trusted-proxy and send X-Forwarded-Proto" in error) == \
        (headers["Origin"] == PUBLIC)  # the hint when only the scheme differs
    assert public_app.state.store.sessions == {}


@pytest.mark.parametrize("host, status", [("games.example.com", 200), ("games.example.com:8000", 200),
                                          ("games.example.com:443", 403), ("evil.example", 403)])
def test_an_allowed_host_is_answered_with_and_without_the_port(public_app, host, status):
    with TestClient(public_app, base_url=FORWARDED_URL) as client:
        assert client.get("/api/setup", headers={"Host": host}).status_code == status


# ---------------------------------------------------------------- wonders serve
def run_serve(monkeypatch, tmp_path, *flags: str) -> dict:
    """``wonders serve`` up to ``uvicorn.run``, which is not started: its arguments."""
    import uvicorn
    from wonders_cli import main
    started = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: started.update(app=app, **options))
    main(["serve", "--records", str(tmp_path), *flags])
    return started


def test_wonders_serve_trusts_the_proxies_named(monkeypatch, capsys, tmp_path):
    started = run_serve(monkeypatch, tmp_path, "--trusted-proxy", "10.0.0.0/24", "--trusted-proxy", "2001:db8::1",
                        "--proxy-header", "forwarded")
    assert "the client of a request from 10.0.0.0/24, 2001:db8::1/128 is read from its Forwarded header" in \
        capsys.readouterr().out
    assert client_of_new_game(started["app"], PROXY, {"Forwarded": "for=203.0.113.5"}) == "203.0.113.5"


def test_uvicorn_does_not_read_x_forwarded_for_itself(monkeypatch, tmp_path):
    """Uvicorn trusts 127.0.0.1 by default: without its proxy headers turned off, anyone on this
    machine (or a local proxy) would name the client with no ``--trusted-proxy``."""
    import uvicorn
    started = run_serve(monkeypatch, tmp_path)
    app = started.pop("app")
    config = uvicorn.Config(app, **started)
    config.load()
    assert client_of_new_game(config.loaded_app, "127.0.0.1", {"X-Forwarded-For": "203.0.113.5"}) == "127.0.0.1"


@pytest.mark.parametrize("flags, words", [
    (["--trusted-proxy", "nginx"], "--trusted-proxy 'nginx' is not an IPv4/IPv6 address or CIDR network"),
    (["--trusted-proxy", "10.0.0.5/24"], "10.0.0.5/24 has host bits set"),
    (["--trusted-proxy", "*"], "such as 10.0.0.5, 10.0.0.0/24, 2001:db8::1 or 2001:db8::/64"),
    (["--trusted-proxy", "10.0.0.256"], "'10.0.0.256' is not an IPv4/IPv6 address"),
    (["--trusted-proxy", "2001:db8::/129"], "'2001:db8::/129' is not an IPv4/IPv6 address"),
    (["--trusted-proxy", ""], "'' is not an IPv4/IPv6 address"),
    (["--proxy-header", "forwarded"], "--proxy-header needs --trusted-proxy"),
    (["--trusted-proxy", PROXY, "--proxy-header", "x-real-ip"], "invalid choice: 'x-real-ip'"),
    (["--allowed-host", "games.example.com:https"], "--allowed-host 'games.example.com:https' is not a name"),
    (["--allowed-host", "https://games.example.com"], "with an optional :PORT"),
    (["--allowed-host", "0.0.0.0"], "--allowed-host '0.0.0.0' is the address of every interface"),
    (["--allowed-host", "[::]"], "not a name browsers use"),
    (["--allowed-host", ""], "--allowed-host '' is not a name or address with an optional :PORT"),
])
def test_wonders_serve_refuses_bad_proxy_options_saying_what_is_allowed(capsys, flags, words):
    from wonders_cli import main
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", *flags])
    assert exit_info.value.code == 2 and words in capsys.readouterr().err
