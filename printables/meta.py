"""What every sheet's header states about the software that printed it."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import metadata
from pathlib import Path


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
