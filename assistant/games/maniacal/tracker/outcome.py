"""What a contract and a Clean-up come to, worked out by the calculators the API offers
(contract-outcome, clean-up) and fed from the session: the session never counts a reward,
a theft or a salary itself. State-free except for the numbers passed in, so `apply`, `resolve`
and the history line read one answer."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.explain import Explained

from ..calculators.cleanup import clean_up
from ..calculators.common import plural
from ..calculators.contracts import STEAL, contract_outcome
from ..facts import number

SCHEME_INFAMY = number("negative-schemes", "infamy")
NEGATIVE_WORDS = {"target": "Target +2", "die": "one trait die fewer", "week": "+1 week",
                  "injury": "an Injury on a team member", "steal": "takes $3 of the reward"}
EFFECT_WORDS = {"injured": "an Injury on a team member", "captured": "a team member captured "
                "(out of the game)", "captured-mercenary": "a Mercenary on the team captured "
                "(out of the game)", "scheme": "draws a Scheme card",
                "power": "a random Power for a henchman"}


HAND_SET = ("success", "infamy", "money", "extra_week")
"""A contract's fields for a result typed by hand (unused when the session counts it)."""


@dataclass(frozen=True)
class Outcome:
    """One contract attempt as the seat received it."""

    success: bool
    infamy: int
    printed: int
    """Money on the line that applies, as printed."""
    stolen: int
    effect: str
    need: int | None = None
    """The Target after a Scheme's +2 (None: a hand-set result)."""
    successes: int | None = None

    @property
    def money(self) -> int:
        return self.printed - self.stolen


def calculated(event: Mapping[str, Any]) -> bool:
    """A contract event carrying the card and the roll (the session works out the result);
    without a Target it is a result typed by hand (a correction, or an older session's)."""
    return event.get("target") is not None


def run_contract(event: Mapping[str, Any], money: int) -> tuple[Outcome, Explained | None]:
    """The attempt's result for a seat holding `money` before the reward."""
    scheme = str(event.get("scheme") or "")
    effect = str(event.get("effect") or "none")
    if not calculated(event):
        success = bool(event.get("success"))
        printed = int(event.get("money") or 0)
        stolen = min(STEAL, money + printed) if scheme == "steal" and success else 0
        return Outcome(success, int(event.get("infamy") or 0), printed, stolen, effect), None
    answer = contract_outcome({
        "difficulty": event["difficulty"], "target": event["target"],
        "successes": event.get("successes") or 0,
        **{f"{line}_{what}": event.get(f"{line}_{what}") or 0
           for line in ("success", "failure") for what in ("infamy", "money")},
        "money": money, "effect": "captured" if effect == "captured-mercenary" else effect,
        "scheme_target": scheme == "target", "scheme_steal": scheme == "steal",
        "scheme_injury": scheme == "injury"})
    r = answer.result
    outcome = Outcome(bool(r["success"]), int(r["infamy_gained"]),
                      int(r["money_gained"]) + int(r["stolen"]), int(r["stolen"]), effect,
                      int(r["target"]), int(r["successes"]))
    return outcome, answer


def contract_line(who: str, event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """The history line: what the seat received, not what the card prints."""
    stolen = int(event.get("stolen") or 0)
    outcome, _ = run_contract(event, STEAL)  # the stored theft, below, is what counted
    outcome = Outcome(outcome.success, outcome.infamy, outcome.printed, stolen, outcome.effect,
                      outcome.need, outcome.successes)
    level = str(event["difficulty"]).capitalize()
    article = "an" if level[0] in "AEIOU" else "a"
    team = f"team of {event['team']}, " if event.get("team") else ""
    roll = (f"{plural(outcome.successes or 0, 'success', 'successes')} vs Target {outcome.need}"
            if outcome.need is not None else "result as entered (correction)")
    line = (f"{who} {'completes' if outcome.success else 'fails'} {article} {level} contract "
            f"({team}{event['weeks']} weeks; {roll}): receives +{outcome.infamy} Infamy and "
            f"${outcome.money}")
    by = names.get(str(event.get("scheme_by") or ""), str(event.get("scheme_by") or ""))
    scheme = str(event.get("scheme") or "")
    if scheme == "steal" and stolen:
        line += f" ({by} took ${stolen} of the ${outcome.printed} reward)"
    if outcome.effect != "none":
        line += f"; {EFFECT_WORDS[outcome.effect]}"
    if scheme and by:
        line += (f"; {by} +{SCHEME_INFAMY} Infamy for playing a negative Scheme "
                 f"({NEGATIVE_WORDS[scheme]})")
    return line


def run_clean_up(round_no: int, names: Sequence[str], villains: Sequence[Any],
                 fire: Sequence[bool], values: Mapping[str, Any]) -> Explained:
    """The clean-up calculator on the session's numbers."""
    return clean_up({"round": round_no, **{k: v for k, v in values.items()
                                           if k.startswith(("round_2_", "round_3_"))},
                     "players": [{"name": n, "money": v.money, "mercenaries": v.mercenaries,
                                  "henchmen": v.henchmen, "fire": f}
                                 for n, v, f in zip(names, villains, fire, strict=True)]})


def clean_up_line(answer: Explained, villains: Sequence[Any]) -> str:
    """Who paid what, who lost henchmen unpaid, who fired one: the table's words."""
    parts = []
    for row, v in zip(answer.result["players"], villains, strict=True):
        paid = v.money - int(row["money"])
        text = f"{row['name']} pays ${paid}"
        if row["paid_mercenaries"]:
            text += (f" ({plural(row['paid_mercenaries'], 'Mercenary', 'Mercenaries')} back "
                     "to the deck)")
        if row["left_unpaid"]:
            text += (f" and loses {plural(int(row['left_unpaid']), 'henchman', 'henchmen')} "
                     "unpaid")
        if row["fired"]:
            text += ", fires 1 henchman"
        parts.append(text)
    head = f"Clean-up of round {answer.result['round']}: "
    rest = answer.summary[len(head):] if answer.summary.startswith(head) else answer.summary
    return head + "; ".join(parts) + ". " + rest[:1].upper() + rest[1:]
