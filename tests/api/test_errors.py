"""Every error is application/problem+json with type, title, status and detail."""
import pytest

PROBLEM_KEYS = {"type", "title", "status", "detail"}


def _assert_problem(response, status):
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert PROBLEM_KEYS <= set(body)
    assert body["status"] == status
    assert body["detail"]
    return body


CASES = [
    ("unknown route", "get", "/no/such/page", {}, 404),
    ("unknown game", "get", "/api/v1/games/monopoly", {}, 404),
    ("unknown rule", "get", "/api/v1/games/tdt/rules/no-such-rule", {}, 404),
    ("unknown calculator", "post", "/api/v1/games/tdt/calculators/nope", {"json": {}}, 404),
    ("wrong method", "delete", "/api/v1/games", {}, 405),
    ("not json", "post", "/api/v1/games/tdt/calculators/fund-deployment",
     {"data": "squads=1", "content_type": "application/x-www-form-urlencoded"}, 415),
    ("malformed json", "post", "/api/v1/games/tdt/calculators/fund-deployment",
     {"data": "{\"squads\": [", "content_type": "application/json"}, 400),
    ("body too large", "post", "/api/v1/games/tdt/calculators/fund-deployment",
     {"data": "[" + "1," * 40000 + "1]", "content_type": "application/json"}, 413),
    ("invalid fields", "post", "/api/v1/games/tdt/calculators/fund-deployment",
     {"json": {"squads": "many"}}, 422),
    ("empty search", "get", "/api/v1/games/tdt/rules?q=", {}, 422),
    ("punctuation search", "get", "/api/v1/rules?q=%3F%21%3F", {}, 422),
    ("overlong search", "get", "/api/v1/rules?q=" + "a" * 500, {}, 422),
]


@pytest.mark.parametrize(("name", "method", "url", "kwargs", "status"), CASES,
                         ids=[c[0] for c in CASES])
def test_error_shape(client, name, method, url, kwargs, status):
    _assert_problem(getattr(client, method)(url, **kwargs), status)


def test_validation_errors_name_the_field(client):
    body = _assert_problem(client.post("/api/v1/games/tdt/calculators/fund-deployment",
                                       json={"squads": "many"}), 422)
    assert "squads" in body["errors"]


def test_unknown_rule_suggests_close_ids(client):
    body = _assert_problem(client.get("/api/v1/games/tdt/rules/fund-deploymnt"), 404)
    assert "fund-deployment" in body["suggestions"]


def test_wrong_method_lists_allowed(client):
    response = client.delete("/api/v1/games")
    assert "GET" in response.headers["Allow"]


def test_problem_types_are_documented(client):
    body = _assert_problem(client.get("/api/v1/games/monopoly"), 404)
    assert client.get(body["type"]).status_code == 200


def test_a_browser_gets_a_page_for_an_unknown_path(client):
    page = client.get("/g/tdt/nowhere", headers={"Accept": "text/html"})
    assert page.status_code == 404 and page.mimetype == "text/html"
    api = client.get("/api/v1/nowhere", headers={"Accept": "text/html"})
    assert api.mimetype == "application/problem+json"
