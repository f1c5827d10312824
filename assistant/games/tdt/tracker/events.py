"""A table's event as the referee reads it: one frozen record with a slot for every field of
every kind's form (forms.py); a kind uses only its own."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..calculators.costs.gadgets import Shift
from .forms import EVENT_FORMS, EventKind, ObjectiveKind, Stage, VpSource


@dataclass(frozen=True)
class Event:
    kind: EventKind
    seat: str | None = None
    amount: int | None = None
    source: VpSource | None = None
    reason: str | None = None
    trigger: int | None = None
    active: bool | None = None
    objective: ObjectiveKind | None = None
    vp: int | None = None
    title: str | None = None
    goodman_reward: int | None = None
    goodman_item: str | None = None
    funding: int | None = None
    espionage: int | None = None
    corruption: int | None = None
    data_cache: int | None = None
    infamy: int | None = None
    count: int | None = None
    to: int | None = None
    tile: str | None = None
    forced: bool | None = None
    resource: str | None = None
    collects: int | None = None
    cost: int | None = None
    working: str | None = None
    reassign: bool | None = None
    text: str | None = None
    stage: Stage | None = None
    round: int | None = None
    phase: int | None = None
    faceless: int | None = None
    option: str | None = None
    occupied: bool | None = None
    shift: Shift | None = None
    size_1: int | None = None
    size_2: int | None = None
    size_3: int | None = None
    named_in: int | None = None
    correction: bool | None = None
    phase_1: bool | None = None
    phase_2: bool | None = None
    phase_3: bool | None = None
    tile_1: str | None = None
    tile_2: str | None = None
    tile_3: str | None = None
    blanks: int | None = None
    agent: str | None = None
    squad_1: int | None = None
    squad_2: int | None = None
    squad_3: int | None = None
    from_1: str | None = None
    from_2: str | None = None
    from_3: str | None = None
    destination: str | None = None
    modifier: int | None = None
    target: str | None = None
    offence: str | None = None
    offence_total: int | None = None
    defence: str | None = None
    defence_total: int | None = None
    target_offence: str | None = None
    target_offence_total: int | None = None
    target_defence: str | None = None
    target_defence_total: int | None = None
    steals: int | None = None
    target_steals: int | None = None
    claim: str | None = None
    target_claim: str | None = None
    squad: int | None = None
    named: bool | None = None
    action: str | None = None
    affinity: bool | None = None
    mission: str | None = None
    combat: int | None = None
    stealth: int | None = None
    cunning: int | None = None
    diplomacy: int | None = None
    high_alert: int | None = None
    reward_vp: int | None = None
    reward_resources: int | None = None
    reward_resource: str | None = None
    item: str | None = None
    paid: str | None = None
    placed: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The event as sent: its kind and the fields of that kind that hold a value."""
        out: dict[str, Any] = {"kind": self.kind.value}
        for f in EVENT_FORMS[self.kind]:
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out


def build_event(kind: str, checked: Mapping[str, Any]) -> Event:
    """An Event from values the session kernel checked against EVENT_FORMS[kind]."""
    values = dict(checked)
    if "source" in values:
        values["source"] = VpSource(values["source"])
    if "objective" in values:
        values["objective"] = ObjectiveKind(values["objective"])
    if "stage" in values:
        values["stage"] = Stage(values["stage"])
    if "shift" in values:
        values["shift"] = Shift(values["shift"])
    return Event(EventKind(kind), **values)
