"""The public base URL, by one rule for every link, redirect, QR code, join sheet, docs page and
the OpenAPI `servers`: `public_base()`.

Never a host a client made up: the configured LAIRSIDE_PUBLIC_URL; else the request's host
when Flask checked it against TRUSTED_HOSTS or it is an address (a server on the table's LAN);
a name nobody vouched for is refused (400 /problems/untrusted-host). A loopback host reaches
no phone: this machine's LAN address is used instead where the server listens on it, and a
printed sheet says so (`note`). The mount path (SCRIPT_NAME, e.g. behind a proxy at /lair) is
always part of it; `mounted` gives a page path (assistant.links) its mount path for a link or
redirect within the site.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app, request

from api.errors import UntrustedHost
from assistant import links
from printables.address import is_ip, reachable_base


@dataclass(frozen=True)
class Base:
    url: str
    """scheme://host[:port][mount path], without a trailing slash."""
    note: str = ""
    """What a printed sheet says about it ("" unless it is the LAN fallback)."""


def public_base() -> Base:
    """Where phones reach this app, as this request names it (see the module's rule)."""
    mount = request.script_root
    configured = current_app.config.get("LAIRSIDE_PUBLIC_URL")
    if configured:
        public = str(configured).rstrip("/")
        return Base(public if public.endswith(mount) else public + mount)
    if not current_app.config.get("TRUSTED_HOSTS"):
        host = request.host
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if not _literal_host(name.strip("[]")):
            raise UntrustedHost()
    url, note = reachable_base(request.host_url.rstrip("/"),
                               current_app.config.get("LAIRSIDE_LISTEN"))
    return Base(url + mount, note)


@functools.lru_cache(maxsize=64)
def _literal_host(name: str) -> bool:
    """Whether a host is an IP address or localhost (remembered: every read asks)."""
    return name == "localhost" or is_ip(name)


def mounted(path: str) -> str:
    """A path of this site (`/g/...`) as a link or redirect: with the mount path before it."""
    return request.script_root + path


class MountedLinks:
    """assistant.links for the pages: each path with the mount path before it."""

    def __getattr__(self, name: str) -> Callable[..., str]:
        made: Callable[..., str] = getattr(links, name)
        return lambda *args, **kwargs: request.script_root + made(*args, **kwargs)


mounted_links = MountedLinks()
