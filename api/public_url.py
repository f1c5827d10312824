"""The base URL that links, redirects and QR codes carry. Never a host a client made up: the
configured LAIRSIDE_PUBLIC_URL, else the request's host when Flask checked it against
TRUSTED_HOSTS or it is an address (a server on the table's LAN), else this machine's LAN
address where the server listens on it (said so on sheets)."""
from __future__ import annotations

import functools
from urllib.parse import urlsplit

from flask import current_app, request

from api.errors import UntrustedHost
from printables.address import is_ip


def base_url() -> str:
    """LAIRSIDE_PUBLIC_URL; else the request's host when Flask checked it against
    TRUSTED_HOSTS, or when it is loopback or an IP address (a server on the table's LAN).
    Never a name a client made up: it would end up in edit links and printed QR codes."""
    public = current_app.config.get("LAIRSIDE_PUBLIC_URL")
    if public:
        return str(public).rstrip("/")
    if not current_app.config.get("TRUSTED_HOSTS"):
        name = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") \
            else request.host
        if not _literal_host(name.strip("[]")):
            raise UntrustedHost()
    return request.host_url.rstrip("/")


@functools.lru_cache(maxsize=64)
def _literal_host(name: str) -> bool:
    """Whether a host is an IP address or localhost (remembered: every read asks)."""
    return name == "localhost" or is_ip(name)


def public_target() -> tuple[str, str]:
    """The base URL the codes point at, and what the sheet's footer says about it: the public
    URL; else this request's host when a phone could reach it and it is an address (or a name
    Flask checked against TRUSTED_HOSTS); else this machine's LAN address when the server
    listens there (said so in print); else loopback, which sheets and pages flag as dead."""
    from printables.address import is_ip, is_loopback, reachable_base  # noqa: PLC0415

    configured = current_app.config.get("LAIRSIDE_PUBLIC_URL")
    if configured:
        return str(configured).rstrip("/"), ""
    own = request.host_url.rstrip("/")
    host = urlsplit(own).hostname or ""
    if not is_loopback(own) and (is_ip(host) or current_app.config.get("TRUSTED_HOSTS")):
        return own, ""
    if not is_loopback(own):  # a name nobody vouched for: never printed
        own = f"{request.scheme}://127.0.0.1:{urlsplit(own).port or 80}"
    return reachable_base(own, current_app.config.get("LAIRSIDE_LISTEN"))
