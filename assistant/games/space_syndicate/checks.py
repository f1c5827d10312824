"""Input checks shared by the calculators: each refusal names the field and what is allowed."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput

from .modes import SOLO_REASON
from .tables import DIE_FACES, MAX_PLAYERS, MIN_PLAYERS


def whole(data: Mapping[str, Any], name: str, default: int | None = 0, *,
          low: int | None = 0, high: int | None = None) -> int:
    """An integer input, with its bounds checked (the API checks types; plain callers too)."""
    raw = data.get(name)
    if raw is None:
        if default is None:
            raise InvalidInput(name, f"{name.replace('_', ' ').capitalize()} is needed.",
                               _range(low, high))
        return default
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidInput(name, f"{name.replace('_', ' ').capitalize()} must be a whole number.",
                           _range(low, high))
    if (low is not None and raw < low) or (high is not None and raw > high):
        raise InvalidInput(name, f"{name.replace('_', ' ').capitalize()} cannot be {raw}.",
                           _range(low, high))
    return raw


def optional(data: Mapping[str, Any], name: str, *, low: int | None = 0,
             high: int | None = None) -> int | None:
    if data.get(name) is None:
        return None
    return whole(data, name, low=low, high=high)


def flag(data: Mapping[str, Any], name: str) -> bool:
    return bool(data.get(name, False))


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"{low} or more"
    if high is not None:
        return f"{high} or less"
    return "a whole number"


def faces(data: Mapping[str, Any], name: str, default: Sequence[int] = ()) -> tuple[int, ...]:
    raw = data.get(name)
    values = list(default) if raw is None else list(raw)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= DIE_FACES:
            raise InvalidInput(name, f"{v!r} is not a face of the action die.",
                               f"faces 1 to {DIE_FACES}")
    return tuple(sorted(set(values)))


def players(data: Mapping[str, Any], name: str = "players") -> int:
    raw = data.get(name)
    if isinstance(raw, int) and not isinstance(raw, bool) and raw == 1:
        raise InvalidInput(name, SOLO_REASON, f"{MIN_PLAYERS} to {MAX_PLAYERS} players")
    return whole(data, name, None, low=MIN_PLAYERS, high=MAX_PLAYERS)


def choice(data: Mapping[str, Any], name: str, options: Sequence[str], default: str) -> str:
    value = data.get(name) or default
    if value not in options:
        raise InvalidInput(name, f"{value!r} is not one of the choices.", ", ".join(options))
    return str(value)
