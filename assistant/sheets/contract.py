"""What a game's printable sheets provide: its `Game.sheets` slot loads an object (usually
the game's `sheets` module) with these attributes.

Optional, looked up with getattr (a game without them simply prints less):
`turn_card() -> Sheet`, a card-size turn-order card (assistant.sheets.cards.turn_card);
`pack_aids(mode) -> list of aid slugs`, the aids a pack of that mode prints (a role aid only
for the modes that have the role; default: every aid);
`pull_list(**setup params) -> Section`, what to take out of the box (its setup sheet shows it).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from . import Catalogue, Sheet


class SheetProvider(Protocol):
    @property
    def CATALOGUE(self) -> Catalogue:  # noqa: N802  (a module constant)
        """Which sheets exist."""
        ...

    def setup_sheet(self, **params: Any) -> Sheet:
        """One mode and player count (the game's setup form's parameters)."""
        ...

    def aid_sheet(self, slug: str) -> Sheet: ...

    def score_sheet(self, mode: str) -> Sheet: ...

    def setup_variants(self) -> Sequence[Mapping[str, Any]]:
        """Every setup sheet a batch prints, as setup_sheet parameters."""
        ...

    def batch(self) -> Sequence[Sheet]:
        """Every sheet of the game, for `make printables`."""
        ...
