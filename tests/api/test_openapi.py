from openapi_spec_validator import validate


def test_openapi_document_validates(client):
    spec = client.get("/openapi.json").get_json()
    validate(spec)


def test_every_route_is_documented(app, client):
    spec = client.get("/openapi.json").get_json()
    documented = set(spec["paths"])
    for rule in app.url_map.iter_rules():
        if rule.endpoint in {"static", "meta.docs_asset", "meta.docs_init", "meta.openapi",
                             "meta.docs", "meta.problem_type", "meta.tls_page"} \
                or rule.endpoint.startswith(("pages.", "session_pages.")):  # HTML, not API
            continue
        path = rule.rule.replace("<", "{").replace(">", "}")
        path = path.replace("{path:", "{").replace("{int:", "{")
        concrete = {p for p in documented if _matches(path, p)}
        assert concrete, f"{rule.rule} ({rule.endpoint}) is missing from /openapi.json"


def _matches(template: str, documented: str) -> bool:
    a, b = template.strip("/").split("/"), documented.strip("/").split("/")
    return len(a) == len(b) and all(x == y or x.startswith("{") for x, y in zip(a, b, strict=True))


def test_every_operation_has_description_and_example(client):
    spec = client.get("/openapi.json").get_json()
    for path, operations in spec["paths"].items():
        for method, op in operations.items():
            assert op.get("description"), f"{method} {path} has no description"
            success = [code for code in op["responses"] if code.startswith("2")]
            assert success, f"{method} {path} documents no success response"
            ok = op["responses"][success[0]]
            content = ok.get("content", {})
            if "application/json" not in content:
                continue  # a page or a PDF: the description is the example
            examples = [c.get("example") or c.get("examples") for c in content.values()]
            assert any(e for e in examples), f"{method} {path} has no example"


def test_docs_page_serves(client):
    page = client.get("/docs")
    assert page.status_code == 200 and b"swagger-ui" in page.data
    with client.get("/docs/swagger-ui-bundle.js") as script:
        assert script.status_code == 200
