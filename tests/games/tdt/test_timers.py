"""Stage timers come from the rules reference (Round, Stages, & Action Order, p. 8)."""
from assistant.games import find_game


def test_stage_timers_come_from_the_rules_entry() -> None:
    timers = {t.slug: t for t in find_game("tdt").timers}
    assert timers["scheming"].minutes(players=5) == 10            # 10 minutes flat
    assert timers["villainy"].minutes(players=5) == 15            # 1 × 3 Phases × 5
    assert timers["villainy"].minutes(players=5, conflicts=2) == 19  # + 2 per Conflict
    assert timers["monologuing"].minutes(players=5) == 10         # 2 × 5
