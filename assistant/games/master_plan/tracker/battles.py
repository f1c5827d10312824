"""Battle and Loot at one Throwdown (Phases 3-4): its Supers revealed, the battle worked out
by the `battle` calculator with the table's settings, the claims by the `loot-claims`
calculator, highest Action Number first, and what goes back to the Loot Bag. Each handler
answers (new state, the history line, the working).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from .. import abilities
from ..calculators.battle import parse_supers, resolve
from ..calculators.loot import MAX_LOOT, claims
from ..common import key, split_list
from ..settings import ATTACK_READING, ENDING_ABILITY
from .rounds import one_at_a_time, to_battles
from .state import Done, Revealed, Setup, State, Throwdown, done


def reveal(setup: Setup, state: State, e: Event) -> Done:
    """A face-down Super turned over at the Throwdown being resolved (Battle step 1)."""
    state = to_battles(setup, state)
    t = state.throwdown(e["throwdown"])
    if t.battled:
        raise InvalidInput("throwdown", f"Throwdown {t.number} has already been fought.",
                           _open(state), rule="battle-end")
    one_at_a_time(state, t)
    seat = setup.seat(e["seat"])
    if (state.plays or not state.old_rules) and t.face_down(seat.id) <= 0:
        hidden = [setup.seat(s).name for s in t.squads if t.face_down(s) > 0]
        count = t.squads.get(seat.id, 0)
        detail = (f"{seat.name} has no Squad at Throwdown {t.number} (none was deployed "
                  "there this round)." if not count and not t.shown(seat.id) else
                  f"{seat.name}'s Supers at Throwdown {t.number} are all revealed already.")
        raise InvalidInput("seat", detail, ", ".join(hidden) or "none", rule="battle-reveal")
    abilities.parse(e.get(abilities.FIELD), lambda x: _seat_or_none(setup, x),
                    len(state.throwdowns))
    values = {k: v for k, v in e.items() if k not in ("seat", "throwdown") and v is not None}
    values["owner"] = seat.id
    revealed = (*t.revealed, Revealed(values))
    hold = ("target", "ability_knocks_out", "ability_returns")
    rows = [{k: v for k, v in r.values.items() if k not in hold} for r in revealed]
    try:  # the battle calculator's own checks, now; names and ties are checked at the battle
        parse_supers([{**r, "owner": setup.seat(r["owner"]).name} for r in rows])
    except InvalidInput as err:
        name = err.field.rsplit(".", 1)[-1]
        if name == "side":
            raise InvalidInput("side", f"{err.detail} A Super played where its side cannot "
                               "go takes no part (derived reading): record it as a misplaced "
                               "Super set aside.", err.allowed,
                               rule="deployment-limits") from None
        if name != "tie_order":
            raise InvalidInput("seat" if name == "owner" else name, err.detail,
                               err.allowed, rule="battle-order") from None
    return done(state.with_throwdown(replace(t, revealed=revealed)))


def _seat_or_none(setup: Setup, text: str) -> str | None:
    try:
        return setup.seat(text).id
    except InvalidInput:
        return None


def misplaced(setup: Setup, state: State, e: Event) -> Done:
    """A face-down Super whose side cannot join its Squad here (the reveal says so): set
    aside, it takes no part (derived: it could not legally have been played there, :39-40)."""
    state = to_battles(setup, state)
    t = state.throwdown(e["throwdown"])
    if t.battled:
        raise InvalidInput("throwdown", f"Throwdown {t.number} has already been fought.",
                           _open(state), rule="battle-end")
    one_at_a_time(state, t)
    seat = setup.seat(e["seat"])
    if not t.shown(seat.id) or t.face_down(seat.id) <= 0:
        detail = (f"{seat.name} has revealed no Super at Throwdown {t.number}: the first one "
                  "revealed starts the Squad and can always stand, so reveal it first."
                  if t.face_down(seat.id) > 0 else
                  f"{seat.name} has no face-down Super at Throwdown {t.number}.")
        raise InvalidInput("seat", detail, "reveal", rule="deployment-limits")
    squads = {**t.squads, seat.id: t.squads[seat.id] - 1}
    return done(state.with_throwdown(replace(t, squads=squads,
                                             set_aside=(*t.set_aside, seat.id))))


def _open(state: State) -> str:
    return ", ".join(str(t.number) for t in state.throwdowns if not t.battled) or "none"


def _pairs(text: str, field: str) -> dict[str, str]:
    """'Nova: Shade, Hex: Blaze' → {'nova': 'Shade', 'hex': 'Blaze'}."""
    out: dict[str, str] = {}
    for item in split_list(text):
        attacker, sep, target = item.partition(":")
        if not sep or not attacker.strip() or not target.strip():
            raise InvalidInput(field, f"{item!r} is not 'attacker: target'.",
                               "pairs like 'Nova: Shade, Hex: Blaze'",
                               rule="setting-attack-reading")
        out[key(attacker)] = target.strip()
    return out


def battle_rows(setup: Setup, revealed: Sequence[Revealed], e: Event) -> list[dict[str, Any]]:
    """The revealed Supers as battle-calculator rows, with the battle event's order and picks.
    A name an Ability or a pick gives that is not at this Throwdown is left out (the Supers
    were entered before the battle; the battle must still be able to go on)."""
    rows = [{**r.values, "owner": setup.seat(r.values["owner"]).name} for r in revealed]
    names = {key(r["name"]) for r in rows}
    for r in rows:
        for f in ("ability_knocks_out", "ability_returns"):
            r[f] = [x for x in split_list(r.get(f)) if key(x) in names]
        if r.get("target") and key(str(r["target"])) not in names:
            r["target"] = None
        if r.get(abilities.FIELD) and not r.get("ability"):
            r["ability"] = f"moves Loot: {r[abilities.FIELD]}"
    order = split_list(e.get("order"))
    for position, name in enumerate(order, start=1):
        if key(name) not in names:
            raise InvalidInput("order", f"No Super called {name!r} was revealed here.",
                               ", ".join(r["name"] for r in rows), rule="battle-order")
        next(r for r in rows if key(r["name"]) == key(name))["tie_order"] = position
    for attacker, target in _pairs(e.get("targets") or "", "targets").items():
        if attacker not in names:
            raise InvalidInput("targets", f"No Super called {attacker!r} was revealed here.",
                               ", ".join(r["name"] for r in rows),
                               rule="setting-attack-reading")
        next(r for r in rows if key(r["name"]) == attacker)["target"] = target
    return rows


def _resolve(setup: Setup, rows: list[dict[str, Any]], number: int) -> Explained:
    try:
        return resolve(parse_supers(rows), setup.settings[ATTACK_READING.name],
                       setup.settings[ENDING_ABILITY.name], f"Throwdown {number}",
                       forgive_gone=True)
    except InvalidInput as err:
        name = err.field.rsplit(".", 1)[-1]
        field = {"tie_order": "order", "target": "targets"}.get(name, "throwdown")
        rule = {"order": "battle-order", "targets": "setting-attack-reading"}.get(field,
                                                                                 "attack")
        raise InvalidInput(field, err.detail, err.allowed, rule=rule) from None


def battle(setup: Setup, state: State, e: Event) -> Done:
    """The battle at the Throwdown being resolved, once every Super there is face up."""
    state = to_battles(setup, state)
    t = state.throwdown(e["throwdown"])
    if t.battled:
        raise InvalidInput("throwdown", f"Throwdown {t.number} has already been fought.",
                           _open(state), rule="battle-end")
    one_at_a_time(state, t, fight=True)
    missing = [setup.seat(s).name for s in t.squads if t.face_down(s) > 0]
    if missing:
        raise InvalidInput("throwdown", f"Reveal every Super at Throwdown {t.number} first: "
                           f"{', '.join(missing)} still have face-down cards. One whose side "
                           "cannot join its Squad there is set aside as misplaced.", "reveal",
                           rule="battle-reveal")
    answer = _resolve(setup, battle_rows(setup, t.revealed, e), t.number)
    result = answer.result
    seat_of = {key(s.name): s.id for s in setup.seats}
    survivors = tuple((s["name"], seat_of[key(s["owner"])], int(s["action_number"]))
                      for s in result["survivors"])
    ko = dict(state.ko)
    for k in result["knocked_out"]:
        credited = seat_of[key(k["credited_to"])]
        ko[credited] = (*ko[credited], int(k["action_number"]))
    state, moved = _ability_loot(setup, state, t, result["turns"])
    steps = [*answer.steps, *moved]
    t = replace(state.throwdown(t.number), battled=True, survivors=survivors,
                summary=answer.summary, other_settings=tuple(result["changed_by_other_setting"]),
                sent_away=tuple(s["super"] for s in result.get("returned", ())),
                knocked_out=tuple({"super": k["super"], "by": k["by"],
                                   "credited_to": k["credited_to"], "how": k["how"]}
                                  for k in result["knocked_out"]))
    t, claims = settle(setup, t)
    steps += list(claims.steps) if t.resolved else []
    new = replace(state, ko=ko).with_throwdown(t)
    line = _battle_line(t.number, result, [x.text for x in moved if x.value])
    if t.resolved:
        line += f" {end_words(t)}"
    return new, line, steps


def _ability_loot(setup: Setup, state: State, t: Throwdown,
                  turns: Sequence[Mapping[str, Any]]) -> tuple[State, list[Step]]:
    """The Loot the Abilities that happened moved, in acting order (M22: the score and the
    instant win see it at once); a Throwdown already resolved has nothing on it."""
    names = {s.id: s.name for s in setup.seats}
    piles: dict[str, tuple[str, ...]] = {**state.loot}
    for x in state.throwdowns:
        piles[f"throwdown {x.number}"] = () if x.resolved else x.loot
    by_name = {key(r.name): r for r in t.revealed}
    steps: list[Step] = []
    for turn in turns:
        r = by_name[key(turn["super"])]
        if turn["ability_happened"] and r.values.get(abilities.FIELD):
            moves = abilities.parse(r.values[abilities.FIELD],
                                    lambda x: _seat_or_none(setup, x), len(state.throwdowns))
            steps += abilities.apply_moves(moves, r.name, r.values["owner"],
                                           f"throwdown {t.number}", piles, names, MAX_LOOT)
    tds = tuple(x if x.resolved else replace(x, loot=piles[f"throwdown {x.number}"])
                for x in state.throwdowns)
    return replace(state, throwdowns=tds, loot={s: piles[s] for s in state.loot}), steps


def _battle_line(number: int, result: Mapping[str, Any], moved: list[str]) -> str:
    """The battle in the table's words: who knocked out whom into whose KO pile, who was sent
    away, the Loot that moved, who claims; and whether another setting would change it."""
    if result["end_reason"] == "no-squads":
        return f"Throwdown {number}: nobody deployed here, so no battle and no claims."
    parts = [f"{k['by']} ({k['credited_to']}) knocks out {k['super']} ({k['owner']}) "
             f"into {k['credited_to']}'s KO pile" + (" with its Ability" if k["how"] ==
                                                       "ability" else "")
             for k in result["knocked_out"]]
    parts += [f"{r['by']}'s Ability sends {r['super']} ({r['owner']}) away (no KO)"
              for r in result.get("returned", ())]
    parts += [m.rstrip(".") for m in moved]
    fought = "; ".join(parts) if parts else "nobody is knocked out"
    head = (f"Throwdown {number}: battle. {fought}." if result["battle"] else
            f"Throwdown {number}: every Squad is on one side, no battle.")
    who = ", ".join(f"{s['name']} ({s['owner']})" for s in result["survivors"]) or "nobody"
    line = f"{head} Claim order: {who}."
    changed = result["changed_by_other_setting"]
    if changed:
        line += (f" The other {' / '.join(c.replace('_', ' ') for c in changed)} setting "
                 "would change this.")
    return line


def _claim_answer(setup: Setup, t: Throwdown, pick: str | None) -> Explained:
    """The loot-claims calculator fed with this Throwdown's claims so far (and `pick`, the
    next claimer's): it checks the pick and says what goes back to the bag."""
    rows = []
    for i, (name, seat, number) in enumerate(t.survivors[:len(t.claims) + (pick is not None)]):
        took = t.claims[i][2] if i < len(t.claims) else pick
        rows.append({"name": name, "owner": setup.seat(seat).name, "action_number": number,
                     "tie_order": i + 1, "takes": took})
    try:
        return claims({"loot": list(t.loot), "survivors": rows})
    except InvalidInput as err:
        raise InvalidInput("loot", err.detail, err.allowed, rule="loot-claims") from None


def settle(setup: Setup, t: Throwdown) -> tuple[Throwdown, Explained]:
    """Claims end when every survivor has claimed or the Loot is gone; the rest goes back
    (Loot steps 2-3, :59-60)."""
    answer = _claim_answer(setup, t, None)
    if len(t.claims) >= len(t.survivors) or not +t.left():
        back = tuple(answer.result["returned_to_bag"])
        return replace(t, resolved=True, returned=back), answer
    return t, answer


def end_words(t: Throwdown) -> str:
    back = ", ".join(t.returned) or "nothing"
    return f"Claims at Throwdown {t.number} are over; back to the Loot Bag: {back}."


def claim(setup: Setup, state: State, e: Event) -> Done:
    """The next survivor, in descending Action Number, takes one Loot (Loot step 1)."""
    t = state.throwdown(e["throwdown"])
    nxt = t.next_claimer()
    if nxt is None:
        why = "has not been fought yet" if not t.battled else "has no claims left"
        raise InvalidInput("throwdown", f"Throwdown {t.number} {why}.",
                           ", ".join(str(x.number) for x in state.throwdowns
                                     if x.next_claimer()) or "none", rule="loot-claims")
    answer = _claim_answer(setup, t, str(e["loot"]))
    took = answer.result["claims"][-1]["took"]
    super_name, seat, _ = nxt
    t, end = settle(setup, replace(t, claims=(*t.claims, (super_name, seat, took))))
    loot = {**state.loot, seat: (*state.loot[seat], took)}
    # A claim that completes the claimer's entered plan is told to the owner's phone only
    # (state_json: "declare your win"); the table learns it when the owner declares (:58).
    who = setup.seat(seat).name
    line = f"Throwdown {t.number}: {super_name} claims {took} for {who}."
    n = len(t.claims)
    steps = list(end.steps) if t.resolved else [
        x for x in answer.steps if x.text.startswith(f"Claim {n}:")]
    if t.resolved:
        line += f" {end_words(t)}"
    return replace(state.with_throwdown(t), loot=loot), line, steps
