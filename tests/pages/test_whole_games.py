"""Issue 41 ("done means"): whole games started from a game's start page with names and a
mode only, played to the final score through the live page's own buttons and forms, the
"Next" strip first, in Chromium at 390 px. Secrets (Master Plan's plans, Vigilante's
Identities) are entered on the seats' own phones, each claimed with the code the
scorekeeper's page shows.

The driver taps the move the strip offers (the first unless a test picks another); where the
move's form has fields the table enters itself, it types what a card at this table would say
(the value the game's own move holds: always a legal one). It reads the table's moves from the
API only to know which button is which and what to type, never to write."""
from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from tests.pages.conftest import open_seat

Pick = Callable[[dict[str, Any]], int]


def start(page: Any, game: str, mode: str, names: list[str]) -> str:
    """A table from the game's start page, names and a mode only; its code."""
    page.goto(f"/g/{game}/sessions/new?mode={mode}&players={len(names)}")
    for i, name in enumerate(names):
        page.locator(f"input[name='seats.{i}.name']").fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(rf"/g/{game}/sessions/[a-z0-9]{{8}}$"))
    page.locator("[data-seats] [data-seat]").first.wait_for()
    page.on("dialog", lambda dialog: dialog.accept())  # the board's "are you sure?"
    return str(page.url.rsplit("/", 1)[1])


def read(base_url: str, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/api/v1/sessions/{code}") as answer:  # noqa: S310
        return dict(json.loads(answer.read()))


def tap_move(page: Any, i: int, move: dict[str, Any], said: dict[str, Any] | None = None
             ) -> None:
    """The strip's button for move i: one tap, or open its form, type what the table enters
    (`said`, else what the move holds; its other fields are shown filled in), save."""
    button = page.locator(f'[data-moves] [data-move="{i}"]')
    if not button.is_visible():
        page.locator("[data-moves] .more-moves > summary").click()
    button.click()
    if not move["asks"]:
        return
    form = page.locator(f'[data-move-form="{i}"]')
    for name in [*move["enter"], *(k for k in said or {} if k not in move["enter"])]:
        field = form.locator(f'[name="{name}"]')
        if name in move["enter"]:
            assert field.input_value() == "", f"{name} shown filled in: a stand-in as real"
        value = (said or {})[name] if name in (said or {}) else move["body"][name]
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    form.get_by_role("button", name="Save").click()


def play(page: Any, base_url: str, code: str, pick: Pick = lambda table: 0,
         most: int = 200, until: Callable[[dict[str, Any]], bool] = lambda table: False,
         say: Callable[[dict[str, Any]], dict[str, Any]] = lambda move: {}) -> dict[str, Any]:
    """Tap the strip's moves until the rules end the game (or `until`); the last state
    read."""
    for _ in range(most):
        table = read(base_url, code)
        version = table["version"]
        expect(page.locator("[data-version]")).to_have_text(str(version))
        expect(page.locator("[data-next]")).to_have_attribute("data-moves-at", str(version))
        if not table["moves"]:
            expect(page.locator("[data-next]")).to_be_hidden()
            return table
        if until(table):
            return table
        i = pick(table)
        tap_move(page, i, table["moves"][i], say(table["moves"][i]))
        try:
            expect(page.locator("[data-version]")).to_have_text(str(version + 1))
        except AssertionError:
            raise AssertionError(f"{table['moves'][i]} not saved: "
                                 f"{page.locator('[data-pending]').inner_text()}") from None
    raise AssertionError(f"no end after {most} moves")


def claimed(host: Any, make_context: Any, seats: list[str]) -> dict[str, Any]:
    """Each seat's own phone (a browser of its own), claimed with the code the scorekeeper's
    page shows for it."""
    host.get_by_role("button", name="Seats' claim codes").click()
    rows = host.locator("[data-claims-list] li")
    expect(rows).to_have_count(len(seats))
    codes = {row.locator("strong").inner_text(): row.locator(".code").inner_text()
             for row in rows.all()}
    host.get_by_role("button", name="Seats' claim codes").click()  # folded away again
    phones = {}
    for seat in seats:
        phone = make_context().new_page()
        phone.goto(host.url)
        phone.once("dialog", lambda dialog, code=codes[seat]: dialog.accept(code))
        phone.locator("[data-seats] [data-seat]").first.wait_for()
        open_seat(phone, seat.lower())
        phone.locator(f'[data-seat="{seat.lower()}"] [data-claim]').click()
        expect(phone.locator("[data-status]")).to_contain_text("This phone now holds")
        phones[seat] = phone
    return phones


def own_entry(phone: Any, seat: str, kind: str, value: str) -> None:
    """A secret entered on the seat's own phone (its form stays open on its card)."""
    form = phone.locator(f'[data-seat="{seat.lower()}"] form[data-action-form="{kind}"]')
    field = form.locator("select, input").first
    if field.evaluate("el => el.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
    form.locator("button[type=submit]").click()
    expect(phone.locator("[data-status]")).to_have_text("Saved on this phone only.")


def final_score(page: Any) -> list[str]:
    state = page.locator("[data-score-state]")  # the outcome sentence, no longer provisional
    expect(state).not_to_have_text("Working out the score…")
    expect(state).not_to_have_class(re.compile(r"\bprovisional\b"))
    return list(page.locator("[data-standings] > li summary").all_inner_texts())


def test_maniacal_from_the_start_page_to_the_final_score(page: Any, base_url: str) -> None:
    code = start(page, "maniacal", "standard", ["Simon", "Hassan"])
    play(page, base_url, code)
    standings = final_score(page)
    assert len(standings) == 2 and any("wins" in s for s in standings), standings


def test_space_syndicate_from_the_start_page_to_the_final_score(page: Any,
                                                               base_url: str) -> None:
    code = start(page, "space-syndicate", "standard", ["Ann", "Ben"])
    play(page, base_url, code)
    standings = final_score(page)
    assert len(standings) == 2 and any("wins" in s for s in standings), standings


def test_tdt_from_the_start_page_to_the_final_score(page: Any, base_url: str) -> None:
    """Names picked from the game's list (TDT's seats are its Named Henchmen); whatever the
    rounds offer is tapped in the strip's order until the Doomsday Clock runs out."""
    page.goto("/g/tdt/sessions/new?mode=syndicate&players=3")
    for i, name in enumerate(["Jin Feng", "The Node", "Azura Badeau"]):
        page.locator(f"select[name='seats.{i}.henchman']").select_option(name)
        page.locator(f"input[name='seats.{i}.player']").fill(["Ann", "Ben", "Cat"][i])
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/g/tdt/sessions/[a-z0-9]{8}$"))
    page.on("dialog", lambda dialog: dialog.accept())
    play(page, base_url, page.url.rsplit("/", 1)[1], most=300)
    assert len(final_score(page)) == 3


def test_master_plan_with_plans_on_the_seats_phones(page: Any, base_url: str,
                                                    make_context: Any) -> None:
    seats = ["Ann", "Ben", "Cat", "Dee"]
    code = start(page, "master-plan", "standard", seats)
    for seat, phone in claimed(page, make_context, seats).items():
        own_entry(phone, seat, "plan", "Gem, Crown, Idol")
        expect(page.locator("[data-version]")).not_to_have_text("0")
    play(page, base_url, code)
    assert len(final_score(page)) == 4


def test_vigilante_with_identities_on_the_seats_phones(page: Any, base_url: str,
                                                       make_context: Any) -> None:
    """Identities from the seats' phones; a Starter Hero from a seat's titled menu; a Fight
    whose Villain Health is typed (never the move's stand-in); the final round called by
    the table; each Identity card recorded as shown, the Addict's own lines asked only for
    an Addict."""
    identities = {"Gwen": "guardian", "Ivan": "addict", "Asha": "assassin"}
    code = start(page, "vigilante", "brought-to-justice", list(identities))
    for seat, phone in claimed(page, make_context, list(identities)).items():
        own_entry(phone, seat, "identity", identities[seat])
    gwen = page.locator('[data-seat="gwen"]')
    gwen.locator("details.seat-more > summary").click()
    starter = gwen.locator("details.action", has_text="Starter Hero")
    starter.locator("> summary").click()
    form = starter.locator("form")
    for name, value in (("name", "Nightjar"), ("influence", "1"), ("attack", "2"),
                        ("health", "3")):
        form.locator(f"[name='{name}']").fill(value)
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-status]")).to_have_text(re.compile("^Saved"))

    done = {"fight": False}

    def pick(table: dict[str, Any]) -> int:
        kinds = [m["body"]["kind"] for m in table["moves"]]
        if "fight" in kinds and not done["fight"]:
            done["fight"] = True
            return kinds.index("fight")
        if "end-game" in kinds and table["state"]["round"]:  # one round is enough tonight
            return kinds.index("end-game")
        return 0

    play(page, base_url, code, pick, until=lambda t: t["moves"][0]["body"]["kind"] == "reveal")
    assert done["fight"]
    page.locator('[data-moves] [data-move="0"]').click()
    reveal = page.locator('[data-move-form="0"]')
    addict_only = reveal.locator("[name='jail_level_2_3']")
    expect(addict_only).to_be_hidden()
    reveal.locator("[name='identity']").select_option("addict")
    expect(addict_only).to_be_visible()
    page.locator('[data-moves] [data-move="0"]').click()  # folded again: nothing sent
    expect(page.locator("[data-move-form]")).to_have_count(0)
    by_id = {seat.lower(): identity for seat, identity in identities.items()}
    addict = {"jail_level_2_3": 0, "med_cards": 1}
    play(page, base_url, code, say=lambda move: {"identity": by_id[move["body"]["seat"]], **(
        addict if by_id[move["body"]["seat"]] == "addict" else {})})
    assert len(final_score(page)) == 3
