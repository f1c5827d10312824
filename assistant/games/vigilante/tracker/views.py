"""What each viewer reads of a Vigilante table: the state (the shared view, and on a seat's
own phone its Identity, Mission hints and investigations), and one line per event for the
history (a private entry's content only for its own seat)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.tracker import Event, Viewer, seat_name

from ..calculators.allegiance import possible, remaining
from ..calculators.events import TITLES as EVENT_TITLES
from ..identities import (
    CARDS,
    GUARDIAN_PER_GOOD,
    INVESTIGATOR_JAIL,
    MASTERMIND_JAIL,
    NEUTRAL_JAIL,
    WORSHIPPER_CLEAN_HEROES,
    Identity,
)
from ..judge import SETTING_OPTIONS
from ..modes import TITLES
from . import market, rounds, turns
from .forms import AS_ENTERED
from .score import score
from .state import AGENCY_JAIL, BREAKING_POINT, TURNS, Hero, SessionSetup, State


def _hero_json(h: Hero, slot: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": h.name, "influence": h.influence, "health": h.max_health,
                           "printed_health": h.health, "damage": h.damage,
                           "equipment": [{"name": g.name, "health": g.health,
                                          "attack": g.attack, "die": g.die} for g in h.gear]}
    if slot is not None:
        out["slot"] = slot
    if h.cause:
        out["defeated_by"] = h.cause
    return out


def _market_json(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    return [{"place": k + 1, "known": False} if c is None else
            {"place": k + 1, "known": True, "name": c.name, "influence": c.influence,
             "health": c.health, "attack": c.attack, "mercenary": c.mercenary}
            for k, c in enumerate(state.market)]


def _market_text(setup: SessionSetup, state: State) -> str:
    return " · ".join(f"{k + 1}. " + ("?" if c is None else
                                      f"{c.name} ({'Mercenary, ' if c.mercenary else ''}"
                                      f"Influence {c.influence})")
                      for k, c in enumerate(state.market))


def state_json(setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
    played = rounds.rounds_played(setup, state)
    order = [setup.seats[i].id for i in turns.order(setup, state)]
    now = turns.to_act(setup, state)
    all_revealed = all(s.revealed for s in state.seats)
    seats = []
    for i, (s, st) in enumerate(zip(setup.seats, state.seats, strict=True)):
        team = [_hero_json(h, k + 1) for k, h in enumerate(st.team) if h is not None]
        influence = sum(h.influence for h in st.team if h is not None)
        damage = sum(h.damage for h in st.team if h is not None)
        row: dict[str, Any] = {
            "id": s.id, "name": s.name, "player": s.player, "jail": st.jail, "team": team,
            "defeated": [_hero_json(h) for h in st.defeated],
            "defeated_count": len(st.defeated), "team_influence": influence,
            "team_damage": damage, "breaking_point": len(st.defeated) >= BREAKING_POINT,
            "agency": st.jail >= AGENCY_JAIL,
            "team_line": "Team: " + (", ".join(
                f"{h['slot']}. {h['name']} ({h['damage']}/{h['health']}"
                + "".join(f", {g['name']}" for g in h["equipment"]) + ")" for h in team)
                or "none")
                         + f"; Influence {influence}",
            "defeated_line": f"Defeated: {len(st.defeated)}"
                             + (" - breaking point, no Event die" if len(st.defeated) >=
                                BREAKING_POINT else ""),
            "actions_left": st.actions, "die": st.die, "hand": st.hand,
            "to_act": now == i,
            "turn_line": (f"Actions left: {st.actions}" + (f"; Event die {st.die}"
                                                          if st.die is not None else "")
                          + ("" if st.hand is None else f"; hand {st.hand}")),
            "revealed": st.revealed,
            "identity_line": (f"Revealed: {CARDS[Identity(st.revealed)].title}"
                              if st.revealed else None),
        }
        if viewer.seat == s.id:
            row.update(_own_view(setup, state, i))
        seats.append(row)
    out: dict[str, Any] = {
        "mode": setup.mode.value, "scenario": TITLES[setup.mode], "round": played,
        "rounds": setup.rounds,
        "rounds_left": None if setup.rounds is None else max(0, setup.rounds - played),
        "ended": state.ended, "playing": not state.ended, "stage": state.stage,
        "stage_text": rounds.stage_text(setup, state),
        "not_turns": state.ended or state.stage != TURNS,
        "playing_rounds": state.ended or not rounds.before_play(setup, state),
        "not_mercenary_due": not market.crowd_due(setup, state),
        "track": [{"type": t, "die": d, "title": EVENT_TITLES[t]} for t, d in state.track],
        "track_text": " · ".join(f"{EVENT_TITLES[t]} {d}" for t, d in state.track) or "empty",
        "first_player": setup.seats[state.first_player].id, "turn_order": order,
        "to_act": None if now is None else setup.seats[now].id,
        "die_due": (None if turns.die_owed(state) is None
                    else setup.seats[turns.die_owed(state) or 0].id),
        "market": _market_json(setup, state), "market_text": _market_text(setup, state),
        "mercenaries": setup.mercenaries,
        "mercenary_due": (setup.seats[market.picker(setup, state)].id
                          if market.crowd_due(setup, state) else None),
        "good_needed": None if setup.mix is None else GUARDIAN_PER_GOOD * setup.mix[0],
        "all_revealed": all_revealed, "settings": {k: getattr(setup.settings, k)
                                                   for k in SETTING_OPTIONS},
        "notes": list(state.notes), "seats": seats,
    }
    if all_revealed:
        out["winners"] = score(setup, state).result["winners"]
    return out


def _own_view(setup: SessionSetup, state: State, i: int) -> dict[str, Any]:
    """What only seat i's own phone shows: its Identity, Mission hints, its deductions."""
    st = state.seats[i]
    out: dict[str, Any] = {"own": True}
    if st.identity is not None:
        ident = Identity(st.identity)
        card = CARDS[ident]
        out.update(identity=ident.value, identity_title=card.title,
                   allegiance=card.allegiance.value, mission=card.mission,
                   progress=_progress(setup, state, i, ident))
    targets: dict[str, dict[int, str]] = {}
    for s in st.sightings:
        targets.setdefault(s.target, {})[s.spot] = s.seen
    out["deductions"] = [
        {"target": t, "seen": {str(k): v for k, v in sorted(seen.items())},
         "possible": possible(seen),
         "settled": possible(seen)[0] if len(possible(seen)) == 1 else None,
         "unseen_tokens_if": {k: remaining(k, seen) for k in possible(seen)}}
        for t, seen in targets.items()]
    # Lines the session page prints on this seat's card (board seat_lines): present only in
    # the owner's view, so the shared page and other phones never carry them.
    if st.identity is None:
        out["only_this_phone"] = ("No Identity entered yet: pick yours under My Identity "
                                  "(only this phone sees it).")
    else:
        out["only_this_phone"] = (f"{out['identity_title']} ({out['allegiance']}): "
                                  f"{out['mission']} " + " ".join(out["progress"]))
    if out["deductions"]:
        names = {x.id: x.name for x in setup.seats}
        out["your_investigations"] = "; ".join(
            f"{names.get(d['target'], d['target'])}: "
            + ", ".join(f"spot {k} {v}" for k, v in d["seen"].items())
            + (f" -> {d['settled']}" if d["settled"] else
               " -> " + " or ".join(d["possible"]) + " still possible")
            for d in out["deductions"])
    return out


def _progress(setup: SessionSetup, state: State, i: int, ident: Identity) -> list[str]:
    """Public numbers read for one Mission: an owner-only hint, never a verdict."""
    st = state.seats[i]
    jail = st.jail
    if ident is Identity.GUARDIAN:
        need = ("7 per Good player" if setup.mix is None
                else f"{GUARDIAN_PER_GOOD * setup.mix[0]}")
        return [f"Good players' jails together need {need}; yours holds {jail}."]
    if ident is Identity.INVESTIGATOR:
        return [f"Your jail {jail}; at the end the Evil players' defeated Heroes join it; "
                f"you need {INVESTIGATOR_JAIL}."]
    if ident is Identity.MASTERMIND:
        return [f"Your jail {jail} of {MASTERMIND_JAIL}."]
    if ident is Identity.ASSASSIN:
        return ["You win if every Good player loses."]
    if ident is Identity.TIME_TRAVELER:
        return [f"Your jail {jail}: you need 1 more than some player who wins."]
    lines = [f"Your jail {jail} of {NEUTRAL_JAIL}."]
    others = [k for k in range(len(setup.seats)) if k != i]
    if ident is Identity.WORSHIPPER_OF_LIFE:
        clean = sum(1 for h in st.team if h is not None and h.damage == 0)
        lines.append(f"Undamaged Heroes {clean} of {WORSHIPPER_CLEAN_HEROES}.")
    elif ident is Identity.PROFITEER:
        mine = sum(h.influence for h in st.team if h is not None)
        best = max((sum(h.influence for h in state.seats[k].team if h is not None)
                    for k in others), default=0)
        lines.append(f"Team Influence {mine} against the best other {best}.")
    elif ident is Identity.CULTIST:
        missing = [setup.seats[k].name for k in others if not state.seats[k].defeated]
        lines.append("Still without a defeated Hero: " + (", ".join(missing) or "nobody") + ".")
    elif ident is Identity.BOUNTY_HUNTER:
        pool = [(h.influence, setup.seats[k].name, h.name, down) for k in others
                for h, down in [*((x, False) for x in state.seats[k].team if x is not None),
                                *((x, True) for x in state.seats[k].defeated)]]
        if pool:
            top = max(p[0] for p in pool)
            lines.append("Highest Influence now: " + ", ".join(
                f"{owner}'s {name} ({'defeated' if down else 'standing'})"
                for inf, owner, name, down in sorted(pool) if inf == top) + f" ({top}).")
    elif ident is Identity.ADDICT:
        lines.append("Count your Level 2-3 Villains and First Aid Kits / Med Pacs (4 each).")
    return lines



def describe(event: Event, names: Mapping[str, str], hidden: bool) -> str:
    """One line for the history; `hidden`: a private entry the viewer may not read."""
    who = seat_name(names, event.get("seat"))
    kind = event.kind
    if kind == "identity":
        if not hidden:
            return f"{who}: your Identity is {CARDS[Identity(event['identity'])].title} " \
                   "(only you see this)"
        return f"{who} used their own phone"
    if kind == "investigate":
        target = seat_name(names, event["target"])
        if not hidden:
            return f"{who} looked at {target}'s spot {event['spot']}: {event['seen']} " \
                   "(only you see this)"
        return f"{who} investigated {target} (spot {event['spot']})"
    if event.get("said"):
        return str(event["said"])
    # a request not yet worked out (a listed move, as its button says it), or an event
    # stored before its words were (older sessions)
    other = seat_name(names, event.get("to_seat"))
    lines: dict[str, Callable[[], str]] = {
        "new-event": lambda: f"Choose the new Event: {EVENT_TITLES[event['type']]} "
                             f"({event['die']})",
        "die": lambda: f"{who} submits Event die {event['die']}",
        "trigger": lambda: "Trigger Events",
        "end-round": lambda: "End the round (the First Player marker passes)",
        "starter": lambda: f"{who} keeps the Starter Hero {event['name']}",
        "market": lambda: f"Hero Market place {event['place']}: {event['name']}",
        "draw": lambda: f"{who} draws a{'n Agency' if event.get('deck') == 'agency' else ' City'}"
                        " card",
        "recruit": lambda: _recruit_line(event, who),
        "fight": lambda: f"{who} fights a Villain (Health {event['villain_health']})",
        "heal": lambda: f"{who} heals the Hero in slot {event['slot']}",
        "inventory": lambda: f"{who} takes Equipment back to hand (Inventory)",
        "trade": lambda: f"{who} trades 1 card for 1 with {other}",
        "equip": lambda: f"{who} attaches {event['name']} to slot {event['slot']}",
        "play-card": lambda: f"{who} plays " + ("an Ambush" if event["card"] == "ambush"
                                                else "a One-Time-Use") + " card",
        "mercenary": lambda: f"{who} uses the Mercenary in place {event['place']} free",
        "hit": lambda: f"{who}'s slot {event['slot']} Hero takes {event['cubes']} damage",
        "jail": lambda: f"{who}'s jail: {event['count']}",
        "hand": lambda: f"Correction: {who} holds {event['count']} cards",
        "actions": lambda: f"Correction: {who} has {event['left']} actions left",
        "damage": lambda: f"Correction: {who}'s slot {event['slot']} Hero: {event['to']} damage",
        "defeat": lambda: f"{who}'s slot {event['slot']} Hero is defeated",
        "add-event": lambda: f"Event Track: {EVENT_TITLES[event['type']]} ({event['die']})",
        "pass-first-player": lambda: "First Player marker passes counter-clockwise",
        "first-player": lambda: f"{who} takes the First Player marker",
        "end-game": lambda: "The final round is over: reveal",
        "reveal": lambda: _reveal_line(event, who),
        "note": lambda: f"Note: {event['text']}",
    }
    return lines.get(kind, lambda: kind.replace("-", " ").capitalize())()


def _recruit_line(event: Event, who: str) -> str:
    what = event.get("name") or "a Hero"
    where = f" from Hero Market place {event['place']}" if event.get("place") else ""
    if event.get("influence") is not None and event.get("health") is not None:
        what += f" (Influence {event['influence']}, Health {event['health']})"
    paid = (f", paying {event['paid']} Influence" if event.get("paid") is not None else "")
    return f"{who} recruits {what}{where}{paid}"


def _reveal_line(event: Event, who: str) -> str:
    given = event.get("identity")
    if given in (None, AS_ENTERED):  # stored before reveals were resolved (older sessions)
        return f"{who} reveals (as entered on their phone)"
    title = CARDS[Identity(given)].title
    if event.get("own_phone"):
        return f"{who} reveals from their own phone: {title}"
    return f"The table records {who}'s Identity card as shown: {title}"


