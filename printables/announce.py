"""What `make run` prints when it is ready: the address phones at the table open, with a QR
code for the terminal, or plainly why no phone can reach this server (api/config.py's
`when_ready` calls it once, before the workers start)."""
from __future__ import annotations

from collections.abc import Sequence

from printables.address import lan_address, listens_beyond_loopback
from printables.qr import qr_matrix

WHITE_ON_BLACK = ("\x1b[97m", "\x1b[30m")  # foreground codes: a light module, a dark one
BACKGROUND = ("\x1b[107m", "\x1b[40m")
RESET = "\x1b[0m"
QUIET = 2
"""Light modules around the terminal's code: enough for a phone's camera on a dark screen."""


def split_bind(bind: str) -> tuple[str, int | None]:
    """gunicorn's --bind ("0.0.0.0:8000", "[::]:8000", "localhost") → (host, port)."""
    if bind.startswith("unix:") or bind.startswith("fd://"):
        return "", None
    host, _, port = bind.rpartition(":") if bind.rpartition(":")[2].isdigit() else (bind, "", "")
    return host.strip("[]"), int(port) if port else 8000


def listen_host(binds: Sequence[str]) -> str:
    """The host worth naming among the binds: one on the network if any, else the first."""
    hosts = [split_bind(b)[0] for b in binds]
    return next((h for h in hosts if listens_beyond_loopback(h)), hosts[0] if hosts else "")


def terminal_qr(text: str) -> str:
    """`text` as a QR code in half-block characters, dark on light whatever the terminal's
    colours (scanners want dark modules on a light ground)."""
    inner = qr_matrix(text)
    width = len(inner) + 2 * QUIET
    rows = [(False,) * width] * QUIET + [(False,) * QUIET + r + (False,) * QUIET
                                         for r in inner] + [(False,) * width] * (QUIET + 1)
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=False):
        line, last = "", None
        for pair in zip(top, bottom, strict=True):  # colours written only where they change
            line += ("" if pair == last else WHITE_ON_BLACK[pair[0]] + BACKGROUND[pair[1]]) + "▀"
            last = pair
        lines.append(line + RESET)
    return "\n".join(lines)


def banner(binds: Sequence[str], public_url: str | None, scheme: str = "http") -> str:
    """The lines printed at start: where phones go (with its QR code), or why they cannot.
    Over HTTPS, also where a phone learns to trust this computer's certificate (/tls)."""
    host = listen_host(binds)
    port = next((p for _, p in map(split_bind, binds) if p), 8000)
    here = f"{scheme}://127.0.0.1:{port}/"
    if public_url:
        url = public_url.rstrip("/") + "/"
        return (f"Lairside is ready. Phones open {url} (LAIRSIDE_PUBLIC_URL); scan:\n"
                f"{terminal_qr(url)}\nThis computer: {here}")
    if not listens_beyond_loopback(host):
        return (f"Lairside is ready at {here} for this computer only: it listens on {host}, "
                "which no phone can reach, so every code it shows says so instead of "
                "pointing nowhere. For phones: `make run` (it listens on the network, "
                "HOST=0.0.0.0) or set LAIRSIDE_PUBLIC_URL.")
    lan = lan_address()
    if lan is None:
        return (f"Lairside is ready at {here}, but this computer has no network address: "
                "connect it to the table's Wi-Fi and start again (phones cannot reach it "
                "yet).")
    url = f"{scheme}://{lan}:{port}/"
    trust = (f" A phone new to this server first opens {url}tls and installs its "
             "certificate (once)." if scheme == "https" else "")
    return (f"Lairside is ready. Phones on this Wi-Fi open {url}; scan:\n{terminal_qr(url)}\n"
            f"This computer: {here}. If a phone cannot connect, this computer's firewall "
            f"may block port {port}.{trust}")
