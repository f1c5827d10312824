"""Which address the printed and on-screen QR codes point at: no reportlab here (the API
imports it).

A phone at the table reaches the server only through the server's address on the table's
network. LAIRSIDE_PUBLIC_URL says it outright; without it we use the request's own host when a
phone could reach it, else this machine's LAN address when the server listens there (LAIRSIDE_
LISTEN: the address `make run` binds), and say so on the sheet. A loopback address (127.0.0.1,
localhost) reaches no phone: sheets and pages say so plainly instead of showing a dead code.
"""
from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urlsplit

LAN_NOTE = "this server's address on the local network; set LAIRSIDE_PUBLIC_URL to change it"


@lru_cache(maxsize=64)
def is_loopback(url: str) -> bool:
    """Whether a phone at the table could not reach `url` (loopback or no host at all)."""
    host = urlsplit(url).hostname
    if not host:
        return True
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def lan_address() -> str | None:
    """This machine's address on the local network, or None.

    Connecting a UDP socket sends nothing; it only asks the OS which interface it would use.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def guess_base_url(port: int = 8000, scheme: str = "http") -> str:
    """scheme://<this machine's LAN address>:port (loopback when there is no network)."""
    return f"{scheme}://{lan_address() or '127.0.0.1'}:{port}"


def listens_beyond_loopback(listen: str | None) -> bool:
    """Whether a server bound to `listen` (a host, as given to gunicorn's --bind) answers on
    the network; unknown (None or "") counts as yes: the address is then only a guess."""
    if not listen:
        return True
    host = listen.strip("[]")
    if host in ("localhost", "") or host.endswith(".localhost"):
        return host == ""
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a host name: whatever it resolves to on the network


def reachable_base(own: str, listen: str | None) -> tuple[str, str]:
    """The base URL a phone can open, for a request that came in at `own` (its scheme, host and
    port) to a server bound to `listen`, and the note a sheet prints about it: `own` when a
    phone could reach it; else the LAN address when the server listens there; else `own`
    itself, loopback, which the sheets and pages then flag as reaching this computer only."""
    if not is_loopback(own):
        return own, ""
    parts = urlsplit(own)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    lan = lan_address() if listens_beyond_loopback(listen) else None
    if lan is None:
        return f"{parts.scheme}://127.0.0.1:{port}", ""
    return f"{parts.scheme}://{lan}:{port}", LAN_NOTE
