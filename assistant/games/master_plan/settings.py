"""Table settings: the three places where the rulebook reads two ways.

Each setting's default and options come from its rules entry (rules/40-settings.toml), where
the reasoning is written down. A session stores the table's choice; every calculator that
depends on one takes it as an input (default: the entry's default) and says when the other
option would change its answer.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Step
from assistant.inputs import OneOf

from .book import RULES, text


@dataclass(frozen=True)
class Setting:
    name: str
    """Input field name (the same in every form and in the session)."""
    rule: str
    """The rules entry that explains the two readings."""
    question: str

    @property
    def label(self) -> str:
        """The setting as players say it (its rules entry's title: "KO piles between
        rounds"), never the field name."""
        title = RULES.get(self.rule).title.removeprefix("Setting: ")
        return title[:1].upper() + title[1:]

    @cached_property  # read from the rules once, not on every request
    def options(self) -> tuple[str, ...]:
        return tuple(o.strip() for o in text(self.rule, "options").split(","))

    @cached_property
    def default(self) -> str:
        return text(self.rule, "default")

    def other(self, value: str) -> str:
        return next(o for o in self.options if o != value)

    def field(self) -> OneOf:
        return OneOf(self.name, f"Table setting: {self.question} Default "
                     f"'{self.default}' ({RULES.get(self.rule).title}).", self.options,
                     default=self.default)

    def read(self, data: Mapping[str, Any]) -> str:
        value = data.get(self.name)
        if value is None or value == "":
            return self.default
        if value not in self.options:
            raise InvalidInput(self.name, f"{value!r} is not an option of this setting.",
                               ", ".join(self.options))
        return str(value)

    def step(self, value: str) -> Step:
        chosen = "the default" if value == self.default else "not the default"
        return RULES.get(self.rule).step(None, f"Table setting, {self.label}: {value} "
                                         f"({chosen}; the other option is "
                                         f"{self.other(value)}).", value)


ATTACK_READING = Setting("attack_reading", "setting-attack-reading",
                         "does one attack knock out every opposing Super lacking the Defense "
                         "(every) or one chosen target (one)?")
ENDING_ABILITY = Setting("ending_ability", "setting-ending-ability",
                         "when a Super's attack empties the other side, is its Ability "
                         "skipped or does it still happen?")
KO_PILES = Setting("ko_piles", "setting-ko-piles",
                   "do KO piles empty at Regroup (reset) or last the whole game (cumulative)?")
SETTINGS = (ATTACK_READING, ENDING_ABILITY, KO_PILES)

EVERY, ONE = "every", "one"
SKIPPED, HAPPENS = "skipped", "happens"
RESET, CUMULATIVE = "reset", "cumulative"
