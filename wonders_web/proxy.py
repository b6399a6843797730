"""Who the client of a request is behind reverse proxies (``wonders serve --trusted-proxy``).

Without trusted proxies the client is the peer address of the connection and every forwarding
header is ignored: anyone can write ``X-Forwarded-For``. A request whose peer is a trusted proxy
(an address or a network, :class:`TrustedProxies`) is taken as forwarded: the client is the
right-most address of its ``X-Forwarded-For`` that is not itself a trusted proxy (each proxy
appends the address it was reached from; what lies left of that was written by whoever sent the
request and may be anything), and the scheme the browser used is the first ``X-Forwarded-Proto``
(``http`` or ``https``, for the ``Origin`` check of :mod:`.guard`). With ``header="forwarded"``
(RFC 7239) the same rule reads the ``for=`` of the ``Forwarded`` elements, and the scheme is the
chosen element's ``proto=``. Only that one header is read: a proxy that writes one passes the
other on as the client wrote it.

A header from a trusted proxy that cannot be read (not an address, ``for=unknown``, broken
syntax) leaves the peer as the client and is logged as a warning; the request goes on.
:class:`ClientAddress` is the ASGI middleware that sets the request's ``client`` and ``scheme``.
Plain ASGI, no import of the web extra: ``wonders serve`` checks its options before it is needed.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
PROXY_HEADERS = ("x-forwarded-for", "forwarded")
SCHEMES = ("http", "https")
IPV4_MAPPED = ipaddress.ip_network("::ffff:0:0/96")
SHOWN_CHARACTERS = 200  # of a header quoted in the log
_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_PAIR = re.compile(rf'({_TOKEN})=({_TOKEN}|"(?:[^"\\]|\\.)*")')  # RFC 7239's forwarded-pair
_PORT = re.compile(r"\d{1,5}", re.ASCII)

log = logging.getLogger(__name__)


class ForwardedError(ValueError):
    """A forwarding header of a trusted proxy that does not say who the client is."""


def parse_network(text: str) -> IPNetwork:
    """The network of a trusted proxy, an address (``10.0.0.5``, ``2001:db8::1``) or a CIDR network
    (``10.0.0.0/24``, ``2001:db8::/64``; IPv4-mapped IPv6 ones as IPv4), or ``ValueError`` saying what is wrong."""
    try:
        network = ipaddress.ip_network(text.strip())
    except ValueError as error:
        raise ValueError(f"--trusted-proxy {text!r} is not an IPv4/IPv6 address or CIDR network such as "
                         f"10.0.0.5, 10.0.0.0/24, 2001:db8::1 or 2001:db8::/64 ({error})") from None
    if network.version == 6 and network.subnet_of(IPV4_MAPPED):  # as parse_address reads the peers
        return ipaddress.ip_network(f"{network.network_address.ipv4_mapped}/{network.prefixlen - 96}")
    return network


def parse_address(text: str) -> IPAddress:
    """An IP address, an IPv4-mapped IPv6 one (``::ffff:10.0.0.5``) as its IPv4 address."""
    address = ipaddress.ip_address(text)
    return address.ipv4_mapped or address if isinstance(address, ipaddress.IPv6Address) else address


@dataclass(frozen=True)
class TrustedProxies:
    """The proxies whose forwarding ``header`` (one of :data:`PROXY_HEADERS`) names the client."""

    networks: tuple[IPNetwork, ...] = ()
    header: str = PROXY_HEADERS[0]

    @classmethod
    def parse(cls, texts: Iterable[str], header: str = PROXY_HEADERS[0]) -> TrustedProxies:
        """The proxies of the addresses or networks ``texts`` (:func:`parse_network`), or ``ValueError``."""
        if header not in PROXY_HEADERS:
            raise ValueError(f"--proxy-header must be one of {', '.join(PROXY_HEADERS)}, got {header!r}")
        return cls(tuple(parse_network(text) for text in texts), header)

    def trusts(self, address: IPAddress) -> bool:
        return any(address in network for network in self.networks)

    def client(self, peer: IPAddress, headers: Iterable[tuple[bytes, bytes]]) -> tuple[IPAddress, str | None]:
        """The client of a request from the trusted proxy ``peer`` and the scheme it used (None: not
        said), or :class:`ForwardedError`."""
        values = _joined(headers)
        if self.header == "forwarded":
            hops = [element for element in _split(values.get(b"forwarded", ""), ",") if element.strip()]
            read = _forwarded_hop
        else:
            forwarded_for = values.get(b"x-forwarded-for")
            hops = forwarded_for.split(",") if forwarded_for is not None else []
            read = _forwarded_for_hop
        client, proto = peer, None
        for hop in reversed(hops):  # only the hops right of the client are read: the rest may be anything
            client, proto = read(hop)
            if not self.trusts(client):
                break
        if self.header == "x-forwarded-for" and b"x-forwarded-proto" in values:
            proto = values[b"x-forwarded-proto"].split(",")[0].strip()
        if proto is not None and proto.lower() not in SCHEMES:
            raise ForwardedError(f"the scheme {_shown(proto)} is not {' or '.join(SCHEMES)}")
        return client, proto and proto.lower()


NO_PROXIES = TrustedProxies()


class ClientAddress:
    """Sets each request's ``client`` (and ``scheme``) as :class:`TrustedProxies` say, in front of ``app``."""

    def __init__(self, app: Any, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope.get("client"):
            scope = {**scope, **self._forwarded(scope)}
        await self.app(scope, receive, send)

    def _forwarded(self, scope: dict[str, Any]) -> dict[str, Any]:
        """The ``client`` and ``scheme`` that replace the connection's in ``scope``."""
        peer_host, peer_port = scope["client"]
        try:
            peer = parse_address(peer_host)
        except ValueError:  # not an IP address (a test client's name): never a proxy
            return {}
        if not self.proxies.trusts(peer):
            return {"client": (str(peer), peer_port)}
        try:
            client, scheme = self.proxies.client(peer, scope["headers"])
        except ForwardedError as error:
            log.warning("the %s header of a request from the trusted proxy %s is not understood (%s): the client "
                        "is taken to be the proxy", self.proxies.header.title(), peer, error)
            return {"client": (str(peer), peer_port)}
        return {"client": (str(client), peer_port if client == peer else 0), **({"scheme": scheme} if scheme else {})}


def _joined(headers: Iterable[tuple[bytes, bytes]]) -> dict[bytes, str]:
    """The forwarding headers, each one's lines joined by commas (RFC 9110's rule for lists)."""
    values: dict[bytes, list[str]] = {}
    for name, value in headers:
        if name.lower() in (b"x-forwarded-for", b"x-forwarded-proto", b"forwarded"):
            values.setdefault(name.lower(), []).append(value.decode("latin-1"))
    return {name: ",".join(lines) for name, lines in values.items()}


def _forwarded_for_hop(entry: str) -> tuple[IPAddress, None]:
    """The address of an entry of ``X-Forwarded-For`` (its scheme is ``X-Forwarded-Proto``'s)."""
    return _node(entry), None


def _forwarded_hop(element: str) -> tuple[IPAddress, str | None]:
    """The ``for=`` address and the ``proto=`` of an element of ``Forwarded``."""
    pairs: dict[str, str] = {}
    for pair in filter(None, (text.strip() for text in _split(element, ";"))):
        match = _PAIR.fullmatch(pair)
        if match is None:
            raise ForwardedError(f"{_shown(pair)} is not a name=value pair of a Forwarded element")
        name, value = match.group(1).lower(), match.group(2)
        if name in pairs:
            raise ForwardedError(f"the Forwarded element {_shown(element.strip())} gives {name}= twice")
        pairs[name] = re.sub(r"\\(.)", r"\1", value[1:-1]) if value.startswith('"') else value
    if "for" not in pairs:
        raise ForwardedError(f"the Forwarded element {_shown(element.strip())} has no for=")
    return _node(pairs["for"]), pairs.get("proto")


def _node(text: str) -> IPAddress:
    """The address of a node: ``10.0.0.5``, ``10.0.0.5:4711``, ``2001:db8::1``, ``[2001:db8::1]:4711``."""
    node = text.strip()
    if node.startswith("["):
        node, bracket, port = node[1:].partition("]")
        if not bracket or port and not (port.startswith(":") and _PORT.fullmatch(port[1:])):
            raise ForwardedError(f"{_shown(text)} is not an IP address")
    elif node.count(":") == 1:
        node, port = node.split(":")
        if not _PORT.fullmatch(port):
            raise ForwardedError(f"{_shown(text)} is not an IP address")
    try:
        return parse_address(node)
    except ValueError:
        raise ForwardedError(f"{_shown(text)} is not an IP address") from None


def _split(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` outside its quoted strings (RFC 9110's, with ``\\`` escapes)."""
    parts, start, quoted, escaped = [], 0, False, False
    for position, character in enumerate(text):
        if escaped:
            escaped = False
        elif quoted and character == "\\":
            escaped = True
        elif character == '"':
            quoted = not quoted
        elif character == separator and not quoted:
            parts.append(text[start:position])
            start = position + 1
    parts.append(text[start:])
    return parts


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut at :data:`SHOWN_CHARACTERS`."""
    return repr(text[:SHOWN_CHARACTERS]) + ("..." if len(text) > SHOWN_CHARACTERS else "")
