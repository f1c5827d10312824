"""The battle at one Throwdown, from the face-up Supers the table enters.

Rulebook: Phase 3: Battle (all-part-of-the-master-plan.txt:42-54). Alliance check; Supers act
in ascending Action Number; each attacks (opposing Supers lacking the matching Defense are
knocked out into the acting owner's KO pile), then uses its Ability (the table records what it
did); the battle stops the moment one side is gone or when every Super has acted.

Two table settings change the working (rules/40-settings.toml): `attack_reading` (every
target or one chosen target) and `ending_ability` (skipped or happens). The answer is worked
out under the table's settings and then under each other option, and says which would change it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf, Text

from ..book import says
from ..common import key, plural, split_list, text_field, unique_names
from ..settings import ATTACK_READING, ENDING_ABILITY, HAPPENS, ONE, SKIPPED

MAX_SUPERS = 40
ACTION_MAX = 999
NONE = "none"


class Side(StrEnum):
    HERO = "hero"
    VILLAIN = "villain"


class Attack(StrEnum):
    MAGIC = "magic"
    """Purple."""
    FORCE = "force"
    """Red."""
    PSYCHIC = "psychic"
    """Green."""


PLURAL = {Side.HERO: "Heroes", Side.VILLAIN: "Villains"}
COLOURS = {Attack.MAGIC: "purple", Attack.FORCE: "red", Attack.PSYCHIC: "green"}


@dataclass(frozen=True)
class Super:
    index: int
    name: str
    owner: str
    side: Side
    action: int
    tie_order: int
    attack: Attack | None
    defences: frozenset[Attack]
    target: str
    ability: str
    ability_kos: tuple[str, ...]
    ability_returns: tuple[str, ...] = ()
    """Supers its Ability sends away from the Throwdown without a knock-out (back to a hand
    or the deck, as the card says): they leave the battle and claim nothing."""

    @property
    def k(self) -> str:
        return key(self.name)

    def acts_after(self, other: Super) -> bool:
        return (self.action, self.tie_order) > (other.action, other.tie_order)


@dataclass
class Outcome:
    """One run of the battle under one pair of settings."""

    battle: bool
    end: str
    """no-squads, no-battle, one-side-gone, all-acted, or needs-choice (comparison runs only)."""
    turns: list[dict[str, Any]] = field(default_factory=list)
    knocked_out: dict[str, dict[str, Any]] = field(default_factory=dict)
    ended_by: str | None = None
    steps: list[Step] = field(default_factory=list)
    returned: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Supers an Ability sent away without a knock-out."""
    choice: dict[str, Any] | None = None
    """Comparison runs: the target choice this run could not make without the players."""

    def signature(self) -> tuple[tuple[str, str], ...]:
        return tuple(sorted([(k, v["credited_to"]) for k, v in self.knocked_out.items()]
                            + [(k, "returned") for k in self.returned]))


# ---------------------------------------------------------------- input

def parse_supers(raw: Sequence[Mapping[str, Any]]) -> list[Super]:
    if len(raw) > MAX_SUPERS:
        raise InvalidInput("supers", f"{len(raw)} Supers is more than one Throwdown can hold "
                           "here.", f"at most {MAX_SUPERS}")
    names = unique_names(raw, "supers", what="Super")
    out: list[Super] = []
    squad_side: dict[str, tuple[Side, str]] = {}
    for i, row in enumerate(raw):
        owner = text_field(row, "owner")
        if not owner:
            raise InvalidInput(f"supers.{i}.owner", f"Say whose Squad {names[i]} is in.",
                               "the Mastermind's name")
        side = _side(row.get("side"), i)
        first = squad_side.setdefault(key(owner), (side, names[i]))
        if first[0] is not side:
            raise InvalidInput(
                f"supers.{i}.side",
                f"{owner} already has a {first[0].value.capitalize()} Squad here ({first[1]}); a "
                "player has one Squad per Throwdown and a Squad never mixes Heroes and "
                "Villains.", first[0].value)
        attack = _attack(row.get("attack"), i)
        defences = frozenset(a for a in Attack if row.get(f"defends_{a.value}"))
        out.append(Super(i, names[i], owner, side, int(row["action_number"]),
                         int(row.get("tie_order") or 0), attack, defences,
                         text_field(row, "target"), text_field(row, "ability"),
                         split_list(row.get("ability_knocks_out")),
                         split_list(row.get("ability_returns"))))
    _check_ties(out)
    known = {s.k for s in out}
    for s in out:
        for name in (*s.ability_kos, *s.ability_returns, *([s.target] if s.target else [])):
            if key(name) not in known:
                what = ("ability_knocks_out" if name in s.ability_kos else "ability_returns"
                        if name in s.ability_returns else "target")
                raise InvalidInput(f"supers.{s.index}.{what}", f"There is no Super called "
                                   f"{name!r} at this Throwdown.", ", ".join(names))
    return out


def _side(value: object, i: int) -> Side:
    try:
        return Side(str(value))
    except ValueError:
        raise InvalidInput(f"supers.{i}.side", f"{value!r} is not a side.",
                           "hero, villain") from None


def _attack(value: object, i: int) -> Attack | None:
    if value is None or value == "" or value == NONE:
        return None
    try:
        return Attack(str(value))
    except ValueError:
        raise InvalidInput(f"supers.{i}.attack", f"{value!r} is not an attack type.",
                           "magic, force, psychic, none") from None


def _check_ties(supers: list[Super]) -> None:
    by_number: dict[int, list[Super]] = {}
    for s in supers:
        by_number.setdefault(s.action, []).append(s)
    for number, tied in by_number.items():
        if len(tied) < 2:
            continue
        orders = [s.tie_order for s in tied]
        if 0 in orders or len(set(orders)) != len(orders):
            bad = next(s for s in tied if s.tie_order == 0 or orders.count(s.tie_order) > 1)
            raise InvalidInput(
                f"supers.{bad.index}.tie_order",
                f"{', '.join(s.name for s in tied)} share Action Number {number}; the book "
                "does not say which acts first, so give each a different tie_order (1 acts "
                "first).", f"different numbers 1-{len(tied)}")


def acting_order(supers: Sequence[Super]) -> list[Super]:
    return sorted(supers, key=lambda s: (s.action, s.tie_order))


# ---------------------------------------------------------------- the battle

def fight(supers: Sequence[Super], attack_reading: str, ending_ability: str,
          strict: bool, forgive_gone: bool = False) -> Outcome:
    """The battle under one pair of settings.

    strict: the table's own settings, so a missing choice or an impossible record is refused
    (InvalidInput). Not strict: a comparison run, which stops where it would need a choice.
    forgive_gone: an Ability naming a Super already gone is a step saying so, not a refusal
    (a session, where the cards were entered before the battle, must always go on).
    """
    if not supers:
        return Outcome(False, "no-squads", steps=[says(
            "empty-throwdown", None, "Nobody deployed here: no battle and no claims; all its "
            "Loot goes back to the bag.", 0)])
    sides = {s.side for s in supers}
    squads = sorted({(key(s.owner), s.owner, s.side) for s in supers})
    squad_words = ", ".join(f"{owner} ({side.value.capitalize()})" for _, owner, side in squads)
    if len(sides) == 1:
        only = next(iter(sides)).value.capitalize()
        return Outcome(False, "no-battle", steps=[Step(
            f"Alliance check: every Squad here is {only} ({squad_words}); no battle, all "
            f"{plural(len(supers), 'Super')} go on to claim Loot.", 0, "alliance-check")])
    out = Outcome(True, "all-acted")
    heroes = [o for _, o, s in squads if s is Side.HERO]
    villains = [o for _, o, s in squads if s is Side.VILLAIN]
    out.steps.append(Step(f"Alliance check: Hero Squads ({', '.join(heroes)}) against Villain "
                          f"Squads ({', '.join(villains)}): battle.", len(squads),
                          "alliance-check"))
    order = acting_order(supers)
    tied = len({s.action for s in supers}) < len(supers)
    acting = "Acting order, lowest Action Number first: " + ", ".join(
        f"{s.name} {s.action}" for s in order) + "."
    out.steps.append(says("battle-order", "equal-numbers", acting + " Equal numbers go in the "
                          "table's order.", len(order)) if tied
                     else Step(acting, len(order), "battle-order"))
    standing = {s.k: s for s in supers}
    for s in order:
        if s.k not in standing:
            out.steps.append(says("battle-order", "knocked-before", f"{s.name} was knocked out "
                                  "before its turn and does not act."))
            continue
        turn: dict[str, Any] = {"super": s.name, "owner": s.owner, "action_number": s.action,
                                "attack": s.attack.value if s.attack else NONE,
                                "knocked_out": [], "ability": s.ability,
                                "ability_knocked_out": [], "ability_happened": False}
        out.turns.append(turn)
        if not _attack_step(s, standing, out, turn, attack_reading, strict):
            return out
        ended = _side_gone(standing)
        if ended and ending_ability == SKIPPED:
            _finish(out, s, ended, standing, order, ability_skipped=_has_ability(s))
            return out
        _ability_step(s, standing, out, turn, strict and not forgive_gone)
        ended = ended or _side_gone(standing)
        if ended:
            _finish(out, s, ended, standing, order)
            return out
    out.steps.append(Step("Every Super still here has acted: the battle is over.",
                          len(standing), "battle-end"))
    return out


def _attack_step(s: Super, standing: dict[str, Super], out: Outcome, turn: dict[str, Any],
                 reading: str, strict: bool) -> bool:
    """Resolve one attack; False when a comparison run needs a choice it does not have."""
    if s.attack is None:
        out.steps.append(Step(f"{s.name} (AN {s.action}) has the grey fist: no attack.", 0,
                              "attack-types"))
        return True
    opposing = [o for o in standing.values() if o.side is not s.side]
    safe = [o for o in opposing if s.attack in o.defences]
    hit = lacking = [o for o in opposing if s.attack not in o.defences]
    kind = f"{s.attack.value.capitalize()} ({COLOURS[s.attack]})"
    safe_words = f"; {', '.join(o.name for o in safe)} defend{'s' if len(safe) == 1 else ''}" \
                 if safe else ""
    if reading == ONE and len(hit) > 1:
        chosen = [o for o in hit if key(s.target) == o.k] if s.target else []
        if not chosen:
            options = ", ".join(o.name for o in hit)
            if strict:
                why = (f"{s.target} cannot be knocked out by it now" if s.target
                       else "its player must choose one")
                raise InvalidInput(f"supers.{s.index}.target",
                                   f"Under the one-target reading {s.name}'s {kind} attack can "
                                   f"knock out {options}; {why}.", options)
            out.end = "needs-choice"
            out.choice = {"super": s.name, "options": [o.name for o in hit]}
            return False
        hit = chosen
    for o in hit:
        _knock_out(o, s, "attack", standing, out)
    turn["knocked_out"] = [o.name for o in hit]
    if hit:
        which = "lacking the Defense" if len(hit) == len(lacking) else "its player's pick"
        out.steps.append(Step(f"{s.name} (AN {s.action}) attacks with {kind}: knocks out "
                              f"{', '.join(o.name for o in hit)} ({which}) into {s.owner}'s KO "
                              f"pile{safe_words}.", len(hit), "attack"))
    else:
        out.steps.append(Step(f"{s.name} (AN {s.action}) attacks with {kind}: no opposing Super "
                              f"lacks that Defense{safe_words}.", 0, "attack"))
    return True


def _has_ability(s: Super) -> bool:
    return bool(s.ability or s.ability_kos or s.ability_returns)


def _ability_step(s: Super, standing: dict[str, Super], out: Outcome, turn: dict[str, Any],
                  strict: bool) -> None:
    if not _has_ability(s):
        return
    turn["ability_happened"] = True
    text = f"“{s.ability}”" if s.ability else "its Ability"
    gone: list[str] = []
    sent: list[str] = []
    named = [(n, "ability_knocks_out") for n in s.ability_kos] + \
        [(n, "ability_returns") for n in s.ability_returns]
    for name, what in named:
        victim = standing.get(key(name))
        if victim is None:
            if strict:
                raise InvalidInput(f"supers.{s.index}.{what}",
                                   f"{name} is no longer at the Throwdown when {s.name} uses "
                                   "its Ability.", ", ".join(o.name for o in standing.values()))
            out.steps.append(Step(f"{s.name}'s Ability names {name}, who is already gone: "
                                  "nothing happens to it.", 0, "ability"))
            continue
        if what == "ability_returns":
            del standing[victim.k]
            out.returned[victim.k] = {"super": victim.name, "owner": victim.owner,
                                      "by": s.name}
            sent.append(victim.name)
        else:
            _knock_out(victim, s, "ability", standing, out)
            gone.append(victim.name)
    turn["ability_knocked_out"] = gone
    turn["ability_returned"] = sent
    done = ([f"knocked out {', '.join(gone)}"] if gone else []) + \
        ([f"sent {', '.join(sent)} away without a KO (no KO pile; it claims nothing)"]
         if sent else [])
    result = f": the table records it {' and '.join(done)}" if done else \
        " (the table records no knock-out)"
    used = f"{s.name} uses {text}{result}."
    out.steps.append(says("ability", "ability-ko", used, len(gone) + len(sent)) if gone
                     else Step(used, len(gone) + len(sent), "ability"))


def _knock_out(victim: Super, by: Super, how: str, standing: dict[str, Super],
               out: Outcome) -> None:
    del standing[victim.k]
    out.knocked_out[victim.k] = {"super": victim.name, "owner": victim.owner,
                                 "side": victim.side.value, "action_number": victim.action,
                                 "by": by.name, "credited_to": by.owner, "how": how}


def _side_gone(standing: dict[str, Super]) -> Side | None:
    left = {s.side for s in standing.values()}
    for side in Side:
        if side not in left:
            return side
    return None


def _finish(out: Outcome, s: Super, gone: Side, standing: dict[str, Super],
            order: Sequence[Super], ability_skipped: bool = False) -> None:
    out.end = "one-side-gone"
    out.ended_by = s.name
    waiting = [o.name for o in order if o.k in standing and o.acts_after(s)]
    if ability_skipped:
        out.steps.append(says("setting-ending-ability", None, f"{s.name}'s attack left no "
                              f"{gone.value.capitalize()} standing: the battle stops at once and "
                              "its Ability does not happen (table setting "
                              f"“{ENDING_ABILITY.label}”: skipped)."))
    never = f"; {', '.join(waiting)} never act{'s' if len(waiting) == 1 else ''}" if waiting else ""
    nobody = "No Supers are left on either side" if not standing else f"No {PLURAL[gone]} are left"
    out.steps.append(Step(f"{nobody}: the battle ends immediately{never}.", len(waiting),
                          "battle-end"))



# ---------------------------------------------------------------- the answer

def _compare(main: Outcome, alt: Outcome, setting: str, value: str,
             supers: Sequence[Super]) -> dict[str, Any]:
    entry: dict[str, Any] = {"setting": setting, "value": value}
    said = f"“{setting.replace('_', ' ')}”: {value}"  # as players say it, not the field name
    if alt.end == "needs-choice" and alt.choice is not None:
        options = ", ".join(alt.choice["options"])
        entry.update(changes=True, detail=f"With {said}, {alt.choice['super']}'s "
                     f"player would knock out only one of {options} (their pick) instead of "
                     "every one, so the battle would go differently from that turn on.")
        return entry
    if alt.signature() == main.signature():
        detail = f"With {said}, the same Supers are knocked out, into the same piles."
        if setting == ENDING_ABILITY.name and main.ended_by:
            ender = next(s for s in supers if s.name == main.ended_by)
            if ender.ability and not ender.ability_kos:
                detail += (f" {ender.name}'s Ability (“{ender.ability}”) would "
                           f"{'happen' if value == HAPPENS else 'not happen'}; the table judges "
                           "any other effect it has.")
        entry.update(changes=False, detail=detail)
        return entry
    entry.update(changes=True, detail=f"With {said}: " + _outcome_words(alt) + ".")
    return entry


def _outcome_words(o: Outcome) -> str:
    if not o.knocked_out:
        return "nobody is knocked out"
    return "knocked out " + ", ".join(f"{v['super']} (to {v['credited_to']})"
                                      for v in o.knocked_out.values())


def resolve(supers: Sequence[Super], attack_reading: str, ending_ability: str,
            throwdown: str = "", forgive_gone: bool = False) -> Explained:
    main = fight(supers, attack_reading, ending_ability, strict=True, forgive_gone=forgive_gone)
    steps = [ATTACK_READING.step(attack_reading), ENDING_ABILITY.step(ending_ability),
             *main.steps]
    order = acting_order(supers)
    standing = [s for s in supers if s.k not in main.knocked_out and s.k not in main.returned]
    acted = {t["super"] for t in main.turns}
    claim = sorted(standing, key=lambda s: (-s.action, s.tie_order))
    gained: dict[str, list[str]] = {}
    for v in main.knocked_out.values():
        gained.setdefault(v["credited_to"], []).append(v["super"])
    others: list[dict[str, Any]] = []
    if main.battle:
        for setting, a, e in ((ATTACK_READING, ATTACK_READING.other(attack_reading),
                               ending_ability),
                              (ENDING_ABILITY, attack_reading,
                               ENDING_ABILITY.other(ending_ability))):
            alt = fight(supers, a, e, strict=False)
            other = a if setting is ATTACK_READING else e
            others.append(_compare(main, alt, setting.name, other, supers))
    for o in others:
        rule = ATTACK_READING.rule if o["setting"] == ATTACK_READING.name else ENDING_ABILITY.rule
        steps.append(says(rule, "other-option", o["detail"], o["changes"]))
    sides_left = {s.side for s in standing}
    winning = next(iter(sides_left)).value if main.battle and len(sides_left) == 1 else None
    result: dict[str, Any] = {
        "throwdown": throwdown or None,
        "battle": main.battle,
        "end_reason": main.end,
        "ended_by": main.ended_by,
        "settings": {ATTACK_READING.name: attack_reading, ENDING_ABILITY.name: ending_ability},
        "acting_order": [s.name for s in order] if main.battle else [],
        "turns": main.turns,
        "knocked_out": list(main.knocked_out.values()),
        "ko_gained": {owner: sorted(names, key=str.casefold) for owner, names in
                      sorted(gained.items(), key=lambda kv: kv[0].casefold())},
        "ko_counts": {owner: len(names) for owner, names in
                      sorted(gained.items(), key=lambda kv: kv[0].casefold())},
        "survivors": [{"name": s.name, "owner": s.owner, "side": s.side.value,
                       "action_number": s.action} for s in claim],
        "claim_order": [s.name for s in claim],
        "did_not_act": [s.name for s in order if s.name not in acted
                        and s.k not in main.knocked_out and s.k not in main.returned]
        if main.battle else [],
        "returned": list(main.returned.values()),
        "winning_side": winning,
        "other_settings": others,
        "changed_by_other_setting": [o["setting"] for o in others if o["changes"]],
    }
    where = f" at {throwdown}" if throwdown else ""
    if main.end == "no-squads":
        summary = f"Nobody deployed{where}: its Loot goes back to the bag."
    elif not main.battle:
        summary = f"No battle{where} (one side only); claims: {', '.join(result['claim_order'])}."
    else:
        kos = ", ".join(f"{v['super']}→{v['credited_to']}" for v in main.knocked_out.values())
        left = (f"{PLURAL[Side(winning)]} win" if winning else
                "both sides still standing" if standing else "nobody left standing")
        summary = (f"Battle{where}: KO {kos or 'none'}; {left}; claims: "
                   f"{', '.join(result['claim_order']) or 'nobody'}.")
        changed = result["changed_by_other_setting"]
        if changed:
            summary += f" A different {' / '.join(changed)} setting would change this."
    return Explained(result, tuple(steps), summary)


def battle(data: Mapping[str, Any]) -> Explained:
    supers = parse_supers(data.get("supers") or [])
    return resolve(supers, ATTACK_READING.read(data), ENDING_ABILITY.read(data),
                   text_field(data, "throwdown"))


SUPER_FIELDS = (
    Text("name", "The Super's name (as on the card)", max_length=40, required=True),
    Text("owner", "The Mastermind whose Mark is on its Squad", max_length=40, required=True),
    OneOf("side", "Hero or Villain", tuple(s.value for s in Side), required=True),
    Integer("action_number", "Its Action Number", minimum=0, maximum=ACTION_MAX, required=True),
    OneOf("attack", "Attack type at the lower left (grey fist = none)",
          (*(a.value for a in Attack), NONE), required=True),
    Flag("defends_magic", "Has a Magic (purple) Defense"),
    Flag("defends_force", "Has a Force (red) Defense"),
    Flag("defends_psychic", "Has a Psychic (green) Defense"),
    Integer("tie_order", "Only if another Super here has the same Action Number: the table's "
            "order among them (1 acts first)", minimum=1, maximum=MAX_SUPERS),
    Text("target", "One-target reading only: the opposing Super this one's attack knocks out "
         "when several could be", max_length=40),
    Text("ability", "Optional: the Ability text, to show in the working", max_length=200),
    Text("ability_knocks_out", "Optional: Supers its Ability knocked out, as the table rules "
         "(comma-separated names)", max_length=200),
    Text("ability_returns", "Optional: Supers its Ability sent away from the Throwdown "
         "without a knock-out (back to a hand or the deck; comma-separated names)",
         max_length=200),
)
FORM = (
    Text("throwdown", "Optional: which Throwdown", max_length=40),
    ListOf("supers", "Every Super revealed at this Throwdown", SUPER_FIELDS,
           max_items=MAX_SUPERS),
    ATTACK_READING.field(),
    ENDING_ABILITY.field(),
)

EXAMPLE: dict[str, Any] = {
    "throwdown": "Docks",
    "supers": [
        {"name": "Blaze", "owner": "Ann", "side": "hero", "action_number": 2,
         "attack": "force", "defends_magic": True},
        {"name": "Hex", "owner": "Ben", "side": "villain", "action_number": 5,
         "attack": "magic", "defends_force": True},
        {"name": "Mind", "owner": "Cat", "side": "villain", "action_number": 7,
         "attack": "psychic"},
        {"name": "Aegis", "owner": "Dee", "side": "hero", "action_number": 9,
         "attack": "none", "defends_psychic": True},
    ],
}

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="battle",
        title="Battle at a Throwdown",
        summary="From the face-up Supers: alliance check, attacks in ascending Action Number "
                "against Defenses, who is knocked out into whose KO pile, when the battle "
                "stops, and who is left to claim Loot; with both readings of the unclear rules.",
        form=FORM,
        run=battle,
        example=EXAMPLE,
        rules=("battle-reveal", "alliance-check", "empty-throwdown", "battle-order", "attack",
               "ability", "battle-end", "setting-attack-reading", "setting-ending-ability",
               "ko-pile"),
    ),
)
