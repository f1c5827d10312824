"""Phase IV, Clean-up: salaries (Mercenaries first), firing, refresh, reseeding by the Contract
Key, the round marker (maniacal.txt:318-327, 310)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, Text

from ..facts import MAP_SPACES, MAX_PLAYERS, MIN_PLAYERS, ROUNDS, RULES, SALARY, number
from ..modes import check_players
from .common import unique_names

DIFFICULTIES = ("easy", "hard", "legendary")
SALARIES, MERCENARIES = RULES.get("salaries"), RULES.get("mercenaries")
"""Their readings (Lackeys and Injured paid $1, who goes unpaid, an unpaid Mercenary) mark
the steps that use them."""


@dataclass(frozen=True)
class Payroll:
    """One player's salaries: Mercenaries paid first, then the other henchmen."""

    money_before: int
    mercenaries: int
    henchmen: int
    paid_mercenaries: int
    paid_henchmen: int

    @property
    def unpaid_mercenaries(self) -> int:
        return self.mercenaries - self.paid_mercenaries

    @property
    def unpaid_henchmen(self) -> int:
        return self.henchmen - self.paid_henchmen

    @property
    def money_after(self) -> int:
        return self.money_before - SALARY * (self.paid_mercenaries + self.paid_henchmen)


def payroll(money: int, mercenaries: int, henchmen: int) -> Payroll:
    """Pay $1 each, as far as the money goes, Mercenaries first (maniacal.txt:319-320)."""
    paid_m = min(mercenaries, money // SALARY)
    paid_h = min(henchmen, (money - paid_m * SALARY) // SALARY)
    return Payroll(money, mercenaries, henchmen, paid_m, paid_h)


def payroll_steps(name: str, pay: Payroll) -> list[Step]:
    left = pay.money_before - SALARY * pay.paid_mercenaries
    steps = [Step(f"{name}: ${pay.money_before}; pays {pay.paid_mercenaries} of "
                  f"{pay.mercenaries} Mercenaries first at ${SALARY} each → ${left}.",
                  left, "salaries"),
             # The $1 for a Lackey or an Injured henchman is a reading (issue 31, item 1).
             SALARIES.step("lackeys-injured",
                           f"{name}: then pays {pay.paid_henchmen} of {pay.henchmen} other "
                           f"henchmen (Lackey and any Injured ones included) at ${SALARY} each "
                           f"→ ${pay.money_after}.", pay.money_after)]
    if pay.unpaid_mercenaries:
        steps.append(MERCENARIES.step(
            "unpaid", f"{name}: {pay.unpaid_mercenaries} unpaid "
            f"{'Mercenary leaves' if pay.unpaid_mercenaries == 1 else 'Mercenaries leave'} "
            "the game (our reading; the other reading returns them to the bottom of the "
            "Mercenary deck).", -pay.unpaid_mercenaries))
    if pay.unpaid_henchmen:
        steps.append(SALARIES.step("who-unpaid", f"{name}: {pay.unpaid_henchmen} unpaid "
                                   "henchmen leave the game at once; the owner chooses which.",
                                   -pay.unpaid_henchmen))
    if pay.paid_mercenaries:
        steps.append(Step(f"{name}: {pay.paid_mercenaries} paid Mercenary(ies) go to the "
                          "bottom of the Mercenary deck, Injuries and Powers discarded.",
                          pay.paid_mercenaries, "mercenaries"))
    return steps


def contract_key(after_round: int, data: Mapping[str, Any]) -> dict[str, int]:
    """The mix drawn in the Clean-up of `after_round` (1 or 2) to stock the next round.

    Round 2 defaults to the one printed row (read as the row stocking round 2); a table that
    reads it the other way enters its own round-2 row, which then wins."""
    nxt = after_round + 1
    mix = {d: data.get(f"round_{nxt}_{d}") for d in DIFFICULTIES}
    if nxt == 2 and all(v is None for v in mix.values()):
        return {d: number("contract-key", f"round-2-{d}") for d in DIFFICULTIES}
    if any(v is None for v in mix.values()):
        printed = "" if nxt == 3 else " (or none of the three, for the printed 2/2/2)"
        raise InvalidInput(f"round_{nxt}_easy", f"The Contract Key row for round {nxt} is not "
                           "printed in the text: enter all three counts from your board"
                           + printed + ".",
                           f"Easy, Hard and Legendary counts adding up to {MAP_SPACES}")
    counts = {d: int(v) for d, v in mix.items() if v is not None}
    if sum(counts.values()) != MAP_SPACES:
        raise InvalidInput(f"round_{nxt}_easy", f"The map holds {MAP_SPACES} contracts; your "
                           f"row adds up to {sum(counts.values())}.",
                           f"counts adding up to {MAP_SPACES}")
    return counts


def clean_up(data: Mapping[str, Any]) -> Explained:
    round_no = int(data["round"])
    raw = list(data.get("players") or [])
    check_players(len(raw))
    names = unique_names(raw, "players")
    steps: list[Step] = []
    rows: list[dict[str, Any]] = []
    returned = 0
    for i, (name, r) in enumerate(zip(names, raw, strict=True)):
        pay = payroll(int(r.get("money", 0)), int(r.get("mercenaries", 0)),
                      int(r.get("henchmen", 0)))
        steps += payroll_steps(name, pay)
        returned += pay.paid_mercenaries
        kept = pay.paid_henchmen
        fired = bool(r.get("fire"))
        if fired:
            if kept == 0:
                raise InvalidInput(f"players.{i}.fire", f"{name} has no henchman left to "
                                   "fire.", "no firing")
            kept -= 1
            steps.append(Step(f"{name} fires one henchman: it leaves the game.", kept,
                              "firing"))
        rows.append({"name": name, "money": pay.money_after, "henchmen": kept,
                     "paid_mercenaries": pay.paid_mercenaries,
                     "left_unpaid": pay.unpaid_mercenaries + pay.unpaid_henchmen,
                     "fired": int(fired)})
    result: dict[str, Any] = {"round": round_no, "players": rows,
                              "mercenaries_to_deck": returned, "game_over": round_no == ROUNDS}
    if round_no == ROUNDS:
        steps.append(Step(f"Round {ROUNDS}: the game ends; go to final scoring.", ROUNDS,
                          "end-of-game"))
        summary = "Round 3 Clean-up done: final scoring next."
    else:
        mix = contract_key(round_no, data)
        printed = round_no == 1 and all(data.get(f"round_2_{d}") is None for d in DIFFICULTIES)
        result.update(next_round=round_no + 1, reseed=mix)
        steps.append(Step("Refresh every henchman (face up) and Supervillain (meeple back); "
                          "Injury tokens stay.", None, "refresh"))
        line = ", ".join(f"{v} {d.capitalize()}" for d, v in mix.items())
        reseed = (f"Discard the {MAP_SPACES} contracts; draw {line}, shuffle, deal one per "
                  "continent face down.")
        steps.append(RULES.get("contract-key").step("row-2", reseed, MAP_SPACES) if printed
                     else Step(reseed, MAP_SPACES, "contract-key", Provenance.HOUSE,
                               "Row entered by the table from its board."))
        steps.append(Step(f"Move the Round marker to {round_no + 1}.", round_no + 1,
                          "round-track"))
        summary = f"Clean-up of round {round_no}: reseed {line}; round {round_no + 1} next."
    return Explained(result, tuple(steps), summary)


PLAYER = (
    Text("name", "Player.", max_length=40, required=True),
    Integer("money", "Money before salaries.", minimum=0, required=True),
    Integer("mercenaries", "Mercenaries held (not Bodyguards).", minimum=0, default=0),
    Integer("henchmen", "Other henchmen, Lackey and Bodyguard included.", minimum=0,
            default=0),
    Flag("fire", "Fire one henchman after salaries."),
)

CLEAN_UP = Operation(
    slug="clean-up",
    title="Clean-up",
    summary="Salaries with Mercenaries first, who leaves unpaid, firing, refresh and the "
            "reseeded contracts.",
    form=(
        Integer("round", "The round ending (1-3).", minimum=1, maximum=ROUNDS, required=True),
        ListOf("players", "Every player.", PLAYER, min_items=MIN_PLAYERS,
               max_items=MAX_PLAYERS, required=True),
        *(Integer(f"round_3_{d}", f"After round 2: {d.capitalize()} contracts in your board's "
                  "Contract Key row for round 3.", minimum=0, maximum=MAP_SPACES)
          for d in DIFFICULTIES),
        *(Integer(f"round_2_{d}", f"After round 1, only if your table reads the printed row "
                  f"as round 3's: {d.capitalize()} contracts in your board's row for round 2 "
                  "(empty = the printed 2/2/2).", minimum=0, maximum=MAP_SPACES)
          for d in DIFFICULTIES),
    ),
    run=clean_up,
    example={"round": 1, "players": [
        {"name": "Simon", "money": 3, "mercenaries": 1, "henchmen": 3},
        {"name": "Hassan", "money": 1, "henchmen": 4, "fire": True},
        {"name": "Dave", "money": 9, "henchmen": 2}]},
    rules=("clean-up", "salaries", "firing", "refresh", "contract-key", "mercenaries",
           "end-of-game"),
)

OPERATIONS = (CLEAN_UP,)
