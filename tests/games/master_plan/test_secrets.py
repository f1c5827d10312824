"""A Master Plan's requirements never travel through an answer meant for the whole table."""
from __future__ import annotations

import json

from assistant.games import find_game
from assistant.inputs import ListOf

GAME = find_game("master-plan")
PRIVATE = {"instant-win"}


def field_names(form):
    for field in form:
        yield field.name
        if isinstance(field, ListOf):
            yield from field_names(field.fields)


def test_only_the_owners_check_takes_a_plan():
    ops = {"setup": GAME.setup, "score": GAME.scoring, **GAME.calculators}
    for slug, op in ops.items():
        names = set(field_names(op.form))
        if slug in PRIVATE:
            assert "plan" in names
        else:
            assert not {n for n in names if "plan" in n}, f"{slug} asks for a plan"


def test_the_claims_answer_tells_the_claimer_to_check_privately():
    op = GAME.calculator("loot-claims")
    answer = op.run(op.example)
    text = json.dumps(answer.to_json())
    assert "checks their own Master Plan" in text
    assert answer.result["check_plan_after"]


def test_the_instant_win_answer_is_marked_private():
    op = GAME.calculator("instant-win")
    assert op.run(op.example).result["private"] is True
