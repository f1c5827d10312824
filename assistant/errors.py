"""Domain errors. The API turns each into an HTTP problem (api/errors.py); the core never
knows about HTTP. All are ValueError/LookupError so plain Python callers can catch them."""
from __future__ import annotations

from collections.abc import Sequence


class LairsideError(Exception):
    """Base of every error the core raises on purpose."""

    title = "Lairside error"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class NotFound(LairsideError, LookupError):
    """Something named in the request does not exist."""

    title = "Not found"

    def __init__(self, detail: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(detail)
        self.suggestions = tuple(suggestions)


class UnknownGame(NotFound):
    title = "Unknown game"


class UnknownEntry(NotFound):
    title = "Unknown rule entry"


class UnknownOperation(NotFound):
    title = "Unknown calculator"


class InvalidInput(LairsideError, ValueError):
    """Input that is well-formed but breaks a rule of the game.

    `field` names the offending input (dotted path for nested items, e.g. "squads.2.size")
    and `allowed` says what would be accepted, so the message can be shown to a player as is.
    """

    title = "Invalid input"
    next: tuple[str, ...] = ()
    """For a session's refusal: the event kinds the rules allow now (kernel.what_now)."""
    game: str | None = None
    """For a session's refusal: the game whose rules reference holds `rule`."""

    def __init__(self, field: str, detail: str, allowed: str | None = None, *,
                 rule: str | None = None) -> None:
        super().__init__(detail)
        self.field = field
        self.allowed = allowed
        self.rule = rule
        """The id of the rule entry (the game's rules reference) this refusal applies, so
        the answer can name it and link to it; None for a refusal of the input's shape."""

    def then(self, hint: str, kinds: tuple[str, ...]) -> InvalidInput:
        """The same refusal, saying what can be done instead (`hint`, the `kinds` allowed).
        Said once: a refusal that already says it is given back as it is, with `kinds`."""
        detail = self.detail if self.next or not hint or hint in self.detail \
            else f"{self.detail} {hint}".strip()
        out = InvalidInput(self.field, detail, self.allowed, rule=self.rule)
        out.next, out.game = self.next or kinds, self.game
        return out

    def within(self, prefix: str, lead: str = "") -> InvalidInput:
        """The same refusal of a part of a larger input: its field under `prefix`."""
        return InvalidInput(f"{prefix}.{self.field}", lead + self.detail, self.allowed,
                            rule=self.rule)

    def errors(self) -> dict[str, list[str]]:
        message = self.detail if self.allowed is None else f"{self.detail} Allowed: {self.allowed}."
        return {self.field: [message]}
