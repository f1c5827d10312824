"""Vigilante calculators: one module per family, each exporting OPERATIONS."""
from __future__ import annotations

import importlib
import pkgutil

from assistant.games import Operation


def collect() -> dict[str, Operation]:
    found: dict[str, Operation] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for op in getattr(module, "OPERATIONS", ()):
            if op.slug in found:
                raise ValueError(f"two calculators named {op.slug!r}")
            found[op.slug] = op
    return found
