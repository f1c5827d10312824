"""Calculator answers and errors in people's words (issue 32 item 4): the headline first, then
why (each step with its rule), the raw values only behind "Details", numbers as a person reads
them; a refusal says what to do, not what a validator found."""
from __future__ import annotations

import re
from typing import Any

from werkzeug.datastructures import MultiDict

from api import pages_text
from api.pages_forms import to_do
from assistant import form_text, links
from assistant.games import find_game


def _form(game: str, slug: str) -> MultiDict[str, Any]:
    flat = form_text.flatten(find_game(game).calculators[slug].example)
    return MultiDict({k: str(v).lower() if isinstance(v, bool) else str(v)
                      for k, v in flat.items()})


def test_an_answer_reads_headline_why_then_details(client: Any) -> None:
    response = client.post(links.calculator("space-syndicate", "assault"),
                           data=_form("space-syndicate", "assault"))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    headline, why, details = (html.index('data-summary'), html.index("<h2>Why</h2>"),
                              html.index("<details class=\"result\" data-details>"))
    assert headline < why < details
    assert "1/3 (33.33%)" in html[headline:why]
    assert "Details: every value worked out" in html
    assert "0.3333333333333333" not in html and re.search(r">0\.33<", html)
    assert 'href="/g/space-syndicate/rules/' in html[why:details]  # each step's rule


def test_numbers_are_said_as_people_read_them() -> None:
    assert pages_text.number(0.3333333333333333) == "0.33"
    assert pages_text.number(2.0) == "2"
    assert pages_text.number(0.5) == "0.5"
    assert pages_text.number(7) == 7 and pages_text.number(True) is True


def test_errors_say_what_to_do(client: Any) -> None:
    form = {"squads.0._row": "1"}  # a squad with no number of Henchmen
    response = client.post(links.calculator("tdt", "fund-deployment"), data=form)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Missing data for required field" not in html
    assert "Fill this in." in html or "Enter a whole number." in html
    assert to_do("Must be greater than or equal to 1 and less than or equal to 7.") == \
        "Choose a number from 1 to 7."
    assert to_do("Must be one of: base, mission.") == "Choose one of: Base, Mission."
    assert to_do("There is no seat 'Zed'. Allowed: Ann, Ben, Cat.") == \
        "There is no seat 'Zed'. It can be: Ann, Ben, Cat."
    # a tail that only says again what the sentence says, or describes, is left out (issue 43)
    assert to_do("No Throwdown is open. Allowed: throwdown.") == "No Throwdown is open."
    assert to_do("A share code has 8 characters (four and four); this one has 5. Allowed: 8 "
                 "characters.") == "A share code has 8 characters (four and four); this one has 5."
    assert to_do("Each seat names its Named Henchman. Allowed: a name.") == \
        "Each seat names its Named Henchman."
    assert to_do("Length must be between 2 and 5.") == "Give 2 to 5 of them."
