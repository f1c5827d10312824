"""Squad attribute totals: members (typed in or named) plus Gadget bonuses.

Also home of the small helpers the other calculators share for reading four attribute
numbers out of an input dict.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput, NotFound
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Field, Integer, ListOf, Text

from .. import components as c
from ..book import says
from ..components import ATTRIBUTE_ORDER, Attributes

LIST_MAX = 12


def attribute_fields(prefix: str = "", what: str = "", required: bool = False,
                     default: int | None = None) -> tuple[Field, ...]:
    """Four Integer fields (combat, stealth, cunning, diplomacy), optionally prefixed."""
    return tuple(
        Integer(f"{prefix}{a.value}", f"{a.value.capitalize()}{what}", minimum=0, maximum=99,
                default=default, required=required)
        for a in ATTRIBUTE_ORDER)


def typed_attributes(data: Mapping[str, Any], prefix: str = "") -> dict[str, int]:
    """The attribute numbers actually given (absent/None ones left out)."""
    return {a.value: int(data[f"{prefix}{a.value}"]) for a in ATTRIBUTE_ORDER
            if data.get(f"{prefix}{a.value}") is not None}


def override(base: Attributes, typed: Mapping[str, int]) -> Attributes:
    """`base` with any typed-in numbers replacing the printed (community) ones."""
    return Attributes.from_mapping({**base.as_dict(), **typed})


def split_names(text: str | None) -> tuple[str, ...]:
    return tuple(part.strip() for part in (text or "").split(",") if part.strip())


def _lookup_member(name: str, field: str) -> tuple[str, Attributes]:
    for finder in (c.named_henchman, c.faceless_henchman):
        try:
            found = finder(name)
        except NotFound:
            continue
        return found.name, found.attributes
    known = c.names(c.NAMED_HENCHMEN) + c.names(c.FACELESS_HENCHMEN)
    raise InvalidInput(field, f"No Named Henchman or Faceless kind is called {name!r}; "
                       "type its four numbers instead.", ", ".join(known))


def _lookup_gadget(name: str, field: str) -> tuple[str, Attributes]:
    try:
        found = c.gadget(name)
    except NotFound:
        raise InvalidInput(field, f"No known Gadget is called {name!r}; type its bonus instead.",
                           ", ".join(c.names(c.GADGETS))) from None
    return found.name, found.bonus


def _entry(item: Mapping[str, Any], field: str, kind: str, lookup: Any,
           ) -> tuple[str, Attributes, Provenance, str]:
    typed = typed_attributes(item)
    name = (item.get("name") or "").strip()
    if name:
        shown, printed = lookup(name, f"{field}.name")
        if len(typed) == len(ATTRIBUTE_ORDER):
            return shown, override(printed, typed), Provenance.RULEBOOK, ""
        extra = f" Typed-in values replace: {', '.join(typed)}." if typed else ""
        return shown, override(printed, typed), Provenance.COMMUNITY, extra
    if not typed:
        raise InvalidInput(field, f"Give this {kind} a name or its four attribute numbers.",
                           "a known name, or combat/stealth/cunning/diplomacy numbers")
    return kind.capitalize(), override(Attributes(), typed), Provenance.RULEBOOK, ""


def _sourced(rule: str, provenance: Provenance, text: str, value: str) -> Step:
    """A step on printed values: community data carries its entry's community reading."""
    if provenance is Provenance.COMMUNITY:
        return says(rule, "community", text, value)
    return Step(text, value, rule)


def squad_total(members: Sequence[Mapping[str, Any]], gadgets: Sequence[Mapping[str, Any]],
                field: str = "members", gadget_field: str = "gadgets",
                ) -> tuple[Attributes, list[Step]]:
    total = Attributes()
    steps: list[Step] = []
    for i, item in enumerate(members):
        name, attrs, prov, extra = _entry(item, f"{field}.{i}", "henchman", _lookup_member)
        count = int(item.get("count") or 1)
        total = total.add(attrs.multiply(count))
        times = f"{count} × " if count > 1 else ""
        steps.append(_sourced("attributes", prov, f"{times}{name} adds {attrs.multiply(count)} "
                              f"(Combat/Stealth/Cunning/Diplomacy).{extra}",
                              str(attrs.multiply(count))))
    for i, item in enumerate(gadgets):
        name, bonus, prov, extra = _entry(item, f"{gadget_field}.{i}", "gadget", _lookup_gadget)
        total = total.add(bonus)
        steps.append(_sourced("gadget", prov, f"Gadget {name} adds {bonus}.{extra}", str(bonus)))
    return total, steps


MEMBER_FIELDS: tuple[Field, ...] = (
    Text("name", "A Named Henchman or a Faceless kind (Thief, Hacker, Soldier, Assassin, "
         "Fixer, Scientist); leave empty to type the numbers"),
    Integer("count", "How many of this henchman", minimum=1, maximum=6, default=1),
    *attribute_fields(what=" (typed in; replaces the printed value)"),
)
GADGET_FIELDS: tuple[Field, ...] = (
    Text("name", "Gadget name (Hypnotic Spray, Explosive Rounds), or leave empty and type it"),
    *attribute_fields(what=" bonus (typed in; replaces the printed value)"),
)

FORM = (
    ListOf("members", "The henchmen in the squad", MEMBER_FIELDS, min_items=1,
           max_items=LIST_MAX, required=True),
    ListOf("gadgets", "Gadgets adding to the squad", GADGET_FIELDS, max_items=LIST_MAX),
)


def squad_attributes(data: Mapping[str, Any]) -> Explained:
    members = data.get("members") or []
    if not members:
        raise InvalidInput("members", "A squad needs at least one henchman.", "1 or more")
    total, steps = squad_total(members, data.get("gadgets") or [])
    size = sum(int(m.get("count") or 1) for m in members)
    if size > 6:
        steps.append(Step(f"{size} henchmen: more than a Squad may hold (6); fine for henchmen "
                          "attacked outside Squads or a banded side in a Conflict.", size,
                          "squad"))
    community = any(s.provenance is Provenance.COMMUNITY for s in steps)
    sums = f"Squad total: {total} (Combat/Stealth/Cunning/Diplomacy)."
    steps.append(says("attributes", "community-total", sums, str(total)) if community
                 else Step(sums, str(total), "attributes"))
    return Explained(
        result={"total": total.as_dict(), "henchmen": size},
        steps=tuple(steps),
        summary=(f"Squad: Combat {total.combat}, Stealth {total.stealth}, "
                 f"Cunning {total.cunning}, Diplomacy {total.diplomacy}."))


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="squad-attributes",
        title="Squad attributes",
        summary="Add up a squad's Combat, Stealth, Cunning and Diplomacy from its henchmen "
                "and gadgets (named ones use unverified community values you can override).",
        form=FORM,
        run=squad_attributes,
        example={"members": [{"name": "Azura Badeau"}, {"name": "Soldier", "count": 2}],
                 "gadgets": [{"name": "Explosive Rounds"}]},
        rules=("attributes", "squad", "gadget"),
    ),
)
