"""Where a sheet's QR codes point: no reportlab here (the API imports it to say so).

`Resolve` turns a sheet's Link into the absolute URL a code encodes; `Target` is the address
those URLs share and what the footer says about it (a loopback one gets a printed warning).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from assistant import sheets
from printables.address import is_loopback

Resolve = Callable[[sheets.Link], str]
"""Turns a sheet's Link into the absolute URL a QR code encodes."""


@dataclass
class Target:
    """Where the codes point and what the footer says about it."""

    base: str
    note: str = ""

    @property
    def loopback(self) -> bool:
        return is_loopback(self.base)


def base_of(url: str) -> str:
    """scheme://host[:port] of `url`, or "" for a relative one."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""


def target_for(sheet: sheets.Sheet, resolve: Resolve, target: Target | None) -> Target:
    """`target` when given, else the address of the sheet's first link."""
    if target is not None:
        return target
    for link in (sheet.link, *(s.link for s in sheet.sections)):
        if link is not None:
            return Target(base_of(resolve(link)))
    return Target("")
