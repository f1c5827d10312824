"""Vigilante has no points: the end-game judge says who won. `SCORING` (slug "score") wraps
judge.py for the API: reveal the Identities, enter the public end state, get every player's
result with the numbers compared, the winners (any number, none included) and which table
setting would change a result."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Form, Integer, IntList, ListOf, OneOf, Text

from .book import says
from .identities import CARDS, IDENTITY_OPTIONS, Identity
from .judge import SETTING_OPTIONS, HeroCard, PlayerEnd, Settings, Verdict, judge, sensitivity
from .modes import SCENARIO_OPTIONS, scenario


def _opt(value: Any) -> int | None:
    return None if value is None or value == "" else int(value)


def player_from(raw: Mapping[str, Any], i: int) -> PlayerEnd:
    name = str(raw.get("name") or "").strip()
    ident = str(raw.get("identity") or "")
    if ident not in IDENTITY_OPTIONS:
        raise InvalidInput(f"players.{i}.identity", f"There is no Identity {ident!r} in the "
                           "rulebook (the 17th card is not described).",
                           ", ".join(IDENTITY_OPTIONS))
    heroes = tuple(HeroCard(str(h.get("name") or f"Hero {j + 1}"), _opt(h.get("influence")),
                            int(h.get("damage") or 0), bool(h.get("defeated", False)))
                   for j, h in enumerate(raw.get("heroes") or []))
    return PlayerEnd(name, Identity(ident), int(raw.get("jail") or 0),
                     _opt(raw.get("jail_level_2_3")), _opt(raw.get("med_cards")), heroes)


def settings_from(data: Mapping[str, Any]) -> Settings:
    values = {k: str(data.get(k) or v[0]) for k, v in SETTING_OPTIONS.items()}
    market = tuple(int(v) for v in data.get("market") or ())
    return Settings(**values, market=market)


def verdict_json(verdict: Verdict, changes: list[dict[str, Any]],
                 settings: Settings) -> dict[str, Any]:
    return {"winners": list(verdict.winners), "results": [r.to_json() for r in verdict.results],
            "jails": dict(verdict.jails), "moved_to_investigator": dict(verdict.moved),
            "good_total": verdict.good_total, "good_needed": verdict.good_needed,
            "mastermind_won": verdict.mastermind_won,
            "settings": {k: getattr(settings, k) for k in SETTING_OPTIONS},
            "setting_changes": changes}


READINGS: Mapping[str, str] = {
    "identity-investigator": "any-all", "identity-addict": "have-4",
    "identity-worshipper-of-life": "have-4", "identity-time-traveler": "one-winner",
    "identity-cultist": "settings", "identity-profiteer": "more",
    "identity-bounty-hunter": "compared", "neutral-missions": "copies"}
"""The reading each Mission's verdict applies (rules entries' readings by key)."""


def marked(step: Step) -> Step:
    """A verdict step with its reading's mark and wording from the rules reference: the judge
    words what it found, the entry holds how the rulebook is read (one place for both the
    page and the answer). A Bounty Hunter's tie for the top is its own, open, reading."""
    key = READINGS.get(step.rule or "")
    if key is None or (step.provenance is Provenance.RULEBOOK and not step.note):
        return step
    if step.rule == "identity-bounty-hunter" and step.provenance is Provenance.UNKNOWN:
        key = "tie"
    return says(str(step.rule), key, step.text, step.value)


def run(data: Mapping[str, Any]) -> Explained:
    mode = data.get("mode")
    s = scenario(str(mode)) if mode else None
    players = [player_from(p, i) for i, p in enumerate(data.get("players") or [])]
    settings = settings_from(data)
    verdict = judge(players, settings, s, bool(data.get("first_game", False)))
    changes = sensitivity(players, settings, verdict)
    steps = [marked(step) for step in verdict.steps]
    for c in changes:
        steps.append(says("judge-settings", None, f"With {c['setting'].replace('_', ' ')} = "
                          f"{c['value']}, {c['player']} would "
                          f"{'win' if c['won_then'] else 'lose'} instead.", c["value"]))
    won = verdict.winners
    summary = ("Winners: " + ", ".join(f"{n} ({CARDS[verdict.result(n).identity].title})"
                                       for n in won) if won else "Nobody wins.")
    if changes:
        summary += " A table setting would change a result (see steps)."
    return Explained(verdict_json(verdict, changes, settings), tuple(steps), summary)


HERO_FIELDS = (
    Text("name", "Hero"),
    Integer("influence", "Its Influence (needed with a Bounty Hunter or Profiteer)", minimum=0,
            maximum=99),
    Integer("damage", "Damage cubes on it", minimum=0, maximum=99),
    Flag("defeated", "In the Defeated Heroes pile"),
)
PLAYER_FIELDS = (
    Text("name", "Player", required=True),
    OneOf("identity", "Revealed Identity", IDENTITY_OPTIONS, required=True),
    Integer("jail", "Villains in their jail at the end (before the Investigator's move)",
            minimum=0, maximum=99, required=True),
    Integer("jail_level_2_3", "Addict: Level 2 or 3 Villains in jail", minimum=0, maximum=99),
    Integer("med_cards", "Addict: First Aid Kits and Med Pacs in hand", minimum=0, maximum=99),
    ListOf("heroes", "Team and Defeated pile", HERO_FIELDS, max_items=20),
)
FORM: Form = (
    OneOf("mode", "Scenario played (checks the revealed mix)", SCENARIO_OPTIONS),
    Flag("first_game", "First game (no Investigator or Mastermind)"),
    ListOf("players", "Every player at the reveal", PLAYER_FIELDS, min_items=2, max_items=5,
           required=True),
    *(OneOf(k, f"Table setting: {k.replace('_', ' ')}", v, default=v[0])
      for k, v in SETTING_OPTIONS.items()),
    IntList("market", "Influence of each Hero left in the Hero Market (read with bounty scope "
            "with-market)", minimum=0, maximum=99, max_items=8),
)

EXAMPLE = {
    "mode": "brought-to-justice",
    "players": [
        {"name": "Gwen", "identity": "guardian", "jail": 6,
         "heroes": [{"name": "Starter", "influence": 0}, {"name": "Blaze", "influence": 5}]},
        {"name": "Ivan", "identity": "investigator", "jail": 6,
         "heroes": [{"name": "Starter", "influence": 0}]},
        {"name": "Asha", "identity": "assassin", "jail": 3,
         "heroes": [{"name": "Starter", "influence": 0, "defeated": True},
                    {"name": "Nox", "influence": 4, "defeated": True}]},
        {"name": "Pim", "identity": "profiteer", "jail": 4,
         "heroes": [{"name": "Starter", "influence": 0}, {"name": "Titan", "influence": 7}]},
    ],
}

SCORING = Operation(
    slug="score", title="End-game judge",
    summary="Every player's Mission checked in a fixed order (Investigator's move, jails, "
            "Mastermind, Good, Neutrals, Assassins, Time Traveler), with the numbers compared, "
            "the winners, and which table setting would change a result.",
    form=FORM, run=run, example=EXAMPLE,
    rules=("end-game-order", "judge-settings", "game-end", "winning", "identity-guardian",
           "identity-investigator", "identity-assassin", "identity-mastermind",
           "identity-addict", "identity-bounty-hunter", "identity-cultist",
           "identity-profiteer", "identity-time-traveler", "identity-worshipper-of-life",
           "example-brought-to-justice"),
)
