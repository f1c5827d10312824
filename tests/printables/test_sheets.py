"""What goes on the sheets: decided from the core's data (no PDF here)."""
from __future__ import annotations

import pytest

from assistant import links, sheets
from assistant.errors import InvalidInput, NotFound, UnknownGame
from assistant.explain import Provenance
from assistant.games import find_game
from assistant.games.tdt import sheets as tdt
from assistant.games.tdt.calculators.deployment import SQUAD_LIMIT, squad_cost
from assistant.games.tdt.setup import setup_for

GAME = find_game("tdt")


def _facts(sheet: sheets.Sheet) -> dict[str, sheets.Fact]:
    box = next(b for b in sheet.sections[0].blocks if isinstance(b, sheets.Facts))
    return {f.label: f for f in box.rows}


def _links(sheet: sheets.Sheet) -> list[sheets.Link]:
    found = [sheet.link] if sheet.link else []
    return found + [s.link for s in sheet.sections if s.link]


def test_cutthroat_six_players_shows_the_rulebook_numbers():
    # Rulebook, General Goodman's Starting Assets and the Doomsday Clock table: six players
    # in Cutthroat are Goodman and five Named Henchmen: clock 8; Goodman 10 / 1 / 3 VP.
    facts = _facts(sheets.setup_sheet("tdt", mode="cutthroat", players=6))
    assert facts["Named Henchmen in play"].value == "5"
    assert facts["Doomsday Clock starts on"].value == "8"
    assert facts["Goodman starts with"].value == "10 Resources, 1 Faceless Henchman, 3 VP"
    assert facts["Resource Missions dealt"].value == "Goodman 3, each Henchman 3"


@pytest.mark.parametrize("params", tdt.setup_variants(), ids=lambda p: str(sorted(p.items())))
def test_every_setup_sheet_carries_the_core_numbers(params):
    s = setup_for(params["mode"], params["players"], teams=params.get("teams"))
    sheet = sheets.setup_sheet("tdt", **params)
    facts = _facts(sheet)
    assert facts["Doomsday Clock starts on"].value == str(s.clock_start)
    assert facts["Players"].value == str(s.players)
    if s.goodman is not None:
        assert facts["Goodman starts with"].value.startswith(f"{s.goodman.resources} Resources")
    else:
        assert "Goodman starts with" not in facts
    checks = [c for sec in sheet.sections for b in sec.blocks if isinstance(b, sheets.Checklist)
              for c in b.items]
    assert [c.title for c in checks] == [step.title for step in s.steps]


def test_setup_variants_cover_every_mode_and_count():
    seen = {(v["mode"], v["players"]) for v in tdt.setup_variants()}
    expected = {(m.slug, n) for m in GAME.modes
                for n in range(m.min_players, m.max_players + 1)}
    assert seen == expected


def test_mayhem_splits_are_the_ones_setup_accepts():
    assert tdt.mayhem_splits(6) == [(3, 3), (2, 2, 2)]
    assert tdt.mayhem_splits(2) == [(1, 1)]
    assert (4, 1) not in tdt.mayhem_splits(5)  # a team of 4 cannot field 4 of 6 Henchmen


def test_global_events_flag_changes_the_event_fact():
    off = _facts(sheets.setup_sheet("tdt", mode="cutthroat", players=6))
    on = _facts(sheets.setup_sheet("tdt", mode="cutthroat", players=6, global_events=True))
    assert off["Global Event at start"].value.startswith("No (Global Events off)")
    assert on["Global Event at start"].value.startswith("Yes")  # clock 8 is even


def test_seed_adds_the_deal_and_keeps_it_in_every_setup_link():
    sheet = sheets.setup_sheet("tdt", mode="syndicate", players=3, seed="lair")
    assert sheet.sections[-1].title == "Random deal (seed lair)"
    assert "seed=lair" in sheet.link.page and "seed=lair" in sheet.link.api
    assert sheet.sections[-1].link.page.endswith("#deal")
    assert sheet.slug.endswith("-seed-lair")


def test_funding_table_matches_the_rules_reference():
    aid = sheets.aid_sheet("tdt", "costs")
    fund = next(b for b in aid.sections[0].blocks if isinstance(b, sheets.Table))
    costs = {row[0]: row[1] for row in fund.rows}
    for size in range(1, SQUAD_LIMIT + 1):
        assert any(f"{squad_cost(size)} Funding" == v for k, v in costs.items()
                   if k.startswith("Squad of"))
    labels = {n.label: n.value for n in GAME.rules.get("fund-deployment").numbers}
    assert costs["Squad of 1-3 henchmen"] == f"{labels['Squad of 1–3 Henchmen']} Funding"
    assert costs["Squad of 6 henchmen"] == f"{labels['Squad of 6 Henchmen']} Funding"


def test_round_timers_follow_the_stage_timer_entry():
    aid = sheets.aid_sheet("tdt", "round")
    timers = next(b for s in aid.sections for b in s.blocks if isinstance(b, sheets.Table))
    five = next(r for r in timers.rows if r[0] == "5")
    # Stage time limits, rulebook example for 5 players: 15 minutes over three Phases,
    # Monologuing 10; Scheming is 10 at every count.
    assert five[1:5] == ("10", "5", "15", "10")


def test_every_link_is_a_phone_page_with_an_api_fallback():
    pages = ("/g/tdt/rules", "/g/tdt/calculators/", "/g/tdt/setup", "/g/tdt/score",
             "/g/tdt/timers")
    for sheet in tdt.batch():
        found = _links(sheet)
        assert found, sheet.slug
        for link in found:
            assert link.page.startswith(pages), link
            assert link.api.startswith("/api/v1/games/tdt/"), link
            if link.page.startswith("/g/tdt/rules/"):
                entry = link.page.rsplit("/", 1)[1]
                assert link.page == links.rule("tdt", entry) and entry in GAME.rules


def test_catalogue_lists_the_issue_aids():
    slugs = {a.slug for a in sheets.catalogue("tdt").aids}
    assert slugs == {"round", "costs", "conflict", "missions", "betrayal-clock", "endgame",
                     "glossary", "role-goodman", "role-henchman", "role-betrayer",
                     "role-team-leader"}


def test_goodman_aid_has_his_starting_assets_for_every_count_and_the_plotting_menu():
    aid = sheets.aid_sheet("tdt", "role-goodman")
    assets = next(b for s in aid.sections for b in s.blocks if isinstance(b, sheets.Table)
                  and b.header[0] == "Named Henchmen")
    for row in assets.rows:
        s = setup_for("cutthroat", int(row[1]))
        assert (int(row[0]), int(row[2]), int(row[3]), int(row[4])) == (
            s.named_henchmen, s.goodman.resources, s.goodman.faceless_henchmen, s.goodman.vp)
    assert len(assets.rows) == 4  # Cutthroat: 4 to 7 players
    plotting = next(s for s in aid.sections if s.title.startswith("Plotting menu"))
    assert any("Directive" in b.text for b in plotting.blocks if isinstance(b, sheets.Para))
    price = next(b for b in plotting.blocks if isinstance(b, sheets.Table))
    marks = dict(zip((r[0] for r in price.rows), price.marks, strict=True))
    assert marks["Price of each option"] is Provenance.UNKNOWN  # the icon was lost
    assert all(s.source for s in aid.sections)  # every fact cites its rulebook section


@pytest.mark.parametrize("mode, roles", [
    ("cutthroat", {"role-goodman", "role-henchman", "role-betrayer", "role-team-leader"}),
    ("syndicate", {"role-henchman", "role-team-leader"}),
    ("mayhem", {"role-henchman", "role-team-leader"}),
])
def test_a_pack_prints_a_role_aid_only_for_a_mode_with_that_role(mode, roles):
    chosen = set(sheets.pack_aids("tdt", mode))
    assert {a for a in chosen if a.startswith("role-")} == roles
    assert {"round", "costs", "glossary"} <= chosen


def test_games_without_role_aids_pack_every_aid():
    from assistant.games import all_games

    for game in all_games():
        if game.sheets is None or game.slug == GAME.slug:
            continue
        assert list(sheets.pack_aids(game.slug, game.modes[0].slug)) == \
            [a.slug for a in sheets.catalogue(game.slug).aids]


def _pull(sheet: sheets.Sheet) -> dict[str, tuple[str, str, Provenance]]:
    from assistant.sheets.pull import TITLE

    section = next(s for s in sheet.sections if s.title == TITLE)
    table = next(b for b in section.blocks if isinstance(b, sheets.Table))
    return {row[0]: (row[1], row[2], mark)
            for row, mark in zip(table.rows, table.marks, strict=True)}


def test_every_setup_sheet_of_every_game_has_a_pull_list():
    from assistant.games import all_games
    from assistant.sheets.pull import ALL, UNKNOWN

    for game in all_games():
        if game.sheets is None:
            continue
        for params in sheets.setup_variants(game.slug):
            rows = _pull(sheets.setup_sheet(game.slug, **params))
            assert len(rows) >= 5, (game.slug, params)
            for what, (count, _note, mark) in rows.items():
                assert count == ALL or count.isdigit() or count == UNKNOWN, (what, count)
                assert count != "0", what  # nothing to take out: no row
                assert (count == UNKNOWN) <= (mark is Provenance.UNKNOWN), what


def test_tdt_pull_list_counts_come_from_the_setup():
    for params in tdt.setup_variants():
        s = setup_for(params["mode"], params["players"], teams=params.get("teams"))
        rows = _pull(sheets.setup_sheet("tdt", **params))
        assert rows["Resource Mission tiles"][0] == str(s.resource_missions.total)
        assert rows["Doomsday Mission tiles"][0] == str(s.doomsday_missions.total)
        assert rows["Player colours: Squad + Staging Markers"][0] == str(s.named_henchmen)
        assert int(rows["Named Henchmen (miniature + character sheet)"][0]) >= s.named_henchmen
        assert ("Goodman's Lair" in rows) is (s.mode.value != "mayhem")
        assert ("Global Event deck" in rows) is s.global_events


def test_glossary_has_every_glossary_term():
    glossary = sheets.aid_sheet("tdt", "glossary")
    assert {s.title for s in glossary.sections} == {e.title for e in GAME.rules if e.glossary}


@pytest.mark.parametrize("call, error", [
    (lambda: sheets.aid_sheet("tdt", "nope"), NotFound),
    (lambda: sheets.aid_sheet("chess", "costs"), UnknownGame),
    (lambda: sheets.setup_sheet("tdt", mode="cutthroat", players=3), InvalidInput),
    (lambda: sheets.setup_sheet("tdt", mode="mayhem", players=5, teams=[4, 1]), InvalidInput),
    (lambda: sheets.score_sheet("tdt", "solo"), InvalidInput),
    (lambda: sheets.check_paper("a5"), InvalidInput),
])
def test_bad_requests_raise_domain_errors(call, error):
    with pytest.raises(error):
        call()


def test_legend_names_the_three_marks_the_issue_asks_for():
    words = " ".join(w for _, w in sheets.LEGEND)
    for kind in ("derived", "community", "unknown"):
        assert kind in words
