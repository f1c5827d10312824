"""Health, the OpenAPI document, the interactive docs, and problem type descriptions."""
from __future__ import annotations

import json

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
    send_from_directory,
)
from markupsafe import escape
from swagger_ui_bundle import swagger_ui_path

from api.cache import public_get
from api.docs import doc, json_answer
from api.errors import PROBLEM_TYPES
from api.openapi import build_spec
from api.tls import certificate_command
from api.tls import files as tls_files
from assistant.errors import NotFound

bp = Blueprint("meta", __name__)


def init_app(app: Flask) -> None:
    app.cli.add_command(certificate_command)  # `flask tls-certificate` (make run TLS=1)

DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lairside API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{root}/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="{root}/docs/swagger-ui-bundle.js"></script>
<script src="{root}/docs/lairside-init.js"></script>
</body></html>"""
DOCS_INIT = 'SwaggerUIBundle({{url: "{root}/openapi.json", dom_id: "#swagger-ui"}});\n'
"""A file of its own: the Content-Security-Policy allows no inline script."""


@bp.get("/healthz")
@doc("Liveness check", "Answers 200 while the server runs.", tags=["meta"],
     responses={"200": json_answer({"status": "ok", "following": 0})})
def healthz() -> Response:
    """`following`: phones waiting for a change in the worker that answers."""
    return jsonify(status="ok", following=current_app.extensions["lairside.followers"].count)


@bp.get("/openapi.json")
@public_get
def openapi() -> Response:
    return jsonify(build_spec(current_app))


@bp.get("/docs")
def docs() -> Response:
    return Response(DOCS_PAGE.format(root=escape(request.script_root)), mimetype="text/html")


@bp.get("/docs/lairside-init.js")
def docs_init() -> Response:
    response = Response(DOCS_INIT.format(root=json.dumps(request.script_root)[1:-1]),
                        mimetype="text/javascript")
    response.cache_control.max_age = 86400
    return response


@bp.get("/docs/<path:filename>")
@public_get
def docs_asset(filename: str) -> Response:
    return send_from_directory(swagger_ui_path, filename, max_age=86400)


@bp.get("/problems/<kind>")
@public_get
def problem_type(kind: str) -> Response:
    if kind not in PROBLEM_TYPES:
        raise NotFound(f"There is no problem type {kind!r}.", sorted(PROBLEM_TYPES))
    return jsonify({"type": f"{request.script_root}/problems/{kind}",
                    "description": PROBLEM_TYPES[kind]})


@bp.get("/tls")
def tls_page() -> Response:
    """How a phone comes to trust this server's HTTPS (README "HTTPS at home"): install the
    host's own certificate authority once. Said plainly when the server has none."""
    where = tls_files(current_app)
    response = Response(render_template("tls.html", has_ca=where.ca.exists(),
                                        secure=request.is_secure), mimetype="text/html")
    response.cache_control.no_cache = True
    return response


@bp.get("/tls/lairside-ca.crt")
@doc("This server's own certificate authority", "With `make run TLS=1`: the public "
     "certificate (DER) a phone installs once to trust this server's HTTPS (its key never "
     "leaves the server). 404 when the server makes no certificates.", tags=["meta"],
     responses={"200": {"description": "The certificate", "content": {
         "application/x-x509-ca-cert": {"schema": {"type": "string", "format": "binary"}}}},
         "404": {"description": "This server makes no certificates."}})
def tls_authority() -> Response:
    """The public certificate of this computer's own authority (never its key), in the form
    phones install (DER)."""
    where = tls_files(current_app)
    if not where.ca.exists():
        raise NotFound("This server makes no certificates: start it with `make run TLS=1`.")
    from cryptography import x509  # noqa: PLC0415
    from cryptography.hazmat.primitives.serialization import Encoding  # noqa: PLC0415

    der = x509.load_pem_x509_certificate(where.ca.read_bytes()).public_bytes(Encoding.DER)
    response = Response(der, mimetype="application/x-x509-ca-cert")
    response.headers["Content-Disposition"] = 'attachment; filename="lairside-ca.crt"'
    response.cache_control.no_cache = True
    return response
