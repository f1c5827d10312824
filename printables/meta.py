"""What every sheet's header states about the software that printed it."""
from __future__ import annotations

import hashlib
import tomllib
from datetime import date
from functools import lru_cache
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path
from typing import Any


@lru_cache(maxsize=1)
def lairside_version() -> str:
    """The installed package's version, else the one in the checkout's pyproject.toml."""
    try:
        return metadata.version("lairside")
    except metadata.PackageNotFoundError:
        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        try:
            with pyproject.open("rb") as fh:
                return str(tomllib.load(fh)["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"


def sheet_tag(*inputs: Any) -> str:
    """A PDF's tag, from everything that decides its bytes, before any of them is drawn: the
    sheets (frozen data), paper, QR base, date printed, version and font."""
    font = find_spec("fontpkg_fira_sans_condensed") is not None
    key = repr((lairside_version(), font, date.today().isoformat(), inputs))
    return hashlib.blake2b(key.encode(), digest_size=12).hexdigest()
