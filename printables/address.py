"""Which address the printed QR codes point at: no reportlab here (the API imports it).

A phone at the table reaches the server only through the server's address on the table's
network. LAIRSIDE_PUBLIC_URL says it outright; without it we use the request's own host when a
phone could reach it, else this machine's LAN address, and say so on the sheet. A loopback
address (127.0.0.1, localhost) reaches no phone: the renderer prints a warning on such sheets.
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
